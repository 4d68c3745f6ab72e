"""A game's guide for players (Game.guide) as plain text for the terminal: the sequence of
play, the actions, the legend, or what the rules a log line cites say."""

from __future__ import annotations

from typing import Any

from wartable.core.game import Game
from wartable.core.rulecite import explain
from wartable.core.words import say, word
from wartable.i18n import Voice

PARTS = ("sequence", "actions", "legend")


def _term(term: str, text: str, width: int) -> str:
    return f"  {term.ljust(width)}  {text}"


def guide_text(game: Game, parts: tuple[str, ...] = PARTS, voice: Voice | None = None) -> str:
    """The parts of the guide asked for, headed by the game's summary, in ``voice``'s
    language."""
    said = voice or Voice()
    g: dict[str, Any] = said.data(game.guide())
    if not g:
        return game.rules_summary()
    out = [g["summary"], ""]
    if "sequence" in parts:
        out.append(said(word("Sequence of play:")))
        out += [f"  {i}. {s['title']}: {s['text']}" for i, s in enumerate(g["sequence"], 1)]
        out.append("")
    if "actions" in parts:
        width = min(12, max(len(v) for v in g["actions"]))
        out.append(said(word("Actions:")))
        out += [_term(verb, text, width) for verb, text in g["actions"].items()]
        out.append("")
    if "legend" in parts:
        out.append(said(word("What the board shows:")))
        out += [f"  - {s['symbol']} ({s['name']}): {s['text']}" for s in g["legend"]]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def rule_text(game: Game, rule: str, voice: Voice | None = None) -> str:
    """What the rule ``rule`` says (an id as the log cites it: DH-27, 13.0, "Attack step 3");
    a sentence saying so where the guide does not know it."""
    said = voice or Voice()
    found = explain(said.data(game.guide().get("rules", {})), rule)
    if not found:
        return said(
            say("{game} has no rule {rule!r} in its guide.", game=game.info.title, rule=rule)
        )
    return "\n".join(f"{key}: {text}" for key, text in found) + "\n"
