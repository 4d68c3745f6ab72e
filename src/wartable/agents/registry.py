"""Agents by name: the generic ones here, plus what each game offers (its heuristic), with
options (``ismcts:seconds=2:horizon=1``) and difficulty levels for people."""

from __future__ import annotations

from typing import Any

from wartable.agents.blunder import BlunderAgent
from wartable.agents.ismcts import ISMCTSAgent, nonnegative
from wartable.agents.random import RandomAgent
from wartable.core.agent import Agent, Guide
from wartable.core.errors import ArgumentError, UnknownNameError, quote
from wartable.core.game import AgentFactory, Game
from wartable.core.rng import derive_seed
from wartable.core.words import say, word

GENERIC: dict[str, AgentFactory] = {"random": RandomAgent, "ismcts": ISMCTSAgent}
# the options an agent takes on the command line, and their types; the rest take none
OPTIONS: dict[str, dict[str, type]] = {
    "ismcts": {
        "iterations": int,
        "seconds": float,
        "playout": str,
        "horizon": int,
        "exploration": float,
        "margin": float,
        "confirm": int,
        "widen": float,
    }
}
NAMES = {int: word("a whole number"), float: word("a number"), str: word("a word")}
# what a person picks: each level is an agent spec, by whether the game has a heuristic
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("blunder", "ismcts:iterations=20:playout=random"),
    "normal": ("heuristic", "ismcts"),
    # with a heuristic to anchor on, 60 iterations searched as well as 200 in the matches of
    # docs/agents.md; 2 s caps a slower game's decision
    "hard": ("ismcts:iterations=60:seconds=2", "ismcts:seconds=2"),
}


def _factories(game: Game) -> dict[str, AgentFactory]:
    return {**GENERIC, **game.agents()}


def agent_names(game: Game) -> list[str]:
    """Every name an agent spec may start with: agents, then difficulty levels."""
    return [*sorted(_factories(game)), *(["blunder"] if _heuristic(game) else []), *LEVELS]


def opponent(game: Game) -> str:
    """The agent a person plays against unless they name one: the game's heuristic, or the
    generic search for a game that has none yet (random play is no opponent)."""
    return "heuristic" if _heuristic(game) else "ismcts"


def level(game: Game, name: str) -> str:
    """The agent spec a difficulty level stands for in this game: the game's own, where it
    sets one, else the generic one."""
    with_heuristic, without = LEVELS[name]
    return game.levels().get(name) or (with_heuristic if _heuristic(game) else without)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``name:key=value:key=value`` into the name and its raw options."""
    if not isinstance(spec, str) or not spec.strip():
        raise ArgumentError(say("an agent is named by a non-empty text, e.g. ismcts:seconds=2"))
    name, *parts = spec.strip().split(":")
    raw: dict[str, str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key or not value:
            raise ArgumentError(
                say(
                    "agent option {option} in {spec} is not KEY=VALUE",
                    option=quote(part),
                    spec=quote(spec),
                )
            )
        if key in raw:
            raise ArgumentError(
                say(
                    "agent option {option} is given twice in {spec}",
                    option=quote(key),
                    spec=quote(spec),
                )
            )
        raw[key] = value
    return name, raw


def check_agent(game: Game, spec: str) -> None:
    """Raise (UnknownNameError or ArgumentError, saying why) unless ``spec`` names an agent
    of this game with options it takes; builds nothing."""
    _resolve(game, spec)


def make_agent(game: Game, spec: str, seed: int = 0) -> Agent:
    """The agent ``spec`` names (see ``parse_spec``), seeded; errors as ``check_agent``."""
    name, options = _resolve(game, spec)
    if name in LEVELS:
        return make_agent(game, level(game, name), seed)
    if name == "blunder":
        return BlunderAgent(_factories(game)["heuristic"](derive_seed(seed, 1)), seed)
    if name == "ismcts":
        guide = _factories(game)["heuristic"](derive_seed(seed, 1)) if _heuristic(game) else None
        return ISMCTSAgent(seed, guide=guide if isinstance(guide, Guide) else None, **options)
    return _factories(game)[name](seed)


def _resolve(game: Game, spec: str) -> tuple[str, dict[str, Any]]:
    """The name ``spec`` starts with and its options, typed and checked: the one place a
    spec is judged, for ``check_agent`` and ``make_agent`` alike."""
    name, raw = parse_spec(spec)
    if name in LEVELS:
        if raw:
            raise ArgumentError(
                say("the level {level} takes no options; name an agent instead", level=quote(name))
            )
        return name, {}
    if name not in _factories(game) and not (name == "blunder" and _heuristic(game)):
        raise UnknownNameError("agent", name, agent_names(game))
    return name, _options(game, name, raw)


def _heuristic(game: Game) -> bool:
    return "heuristic" in game.agents()


def _options(game: Game, name: str, raw: dict[str, str]) -> dict[str, Any]:
    accepts = OPTIONS.get(name, {})
    out: dict[str, Any] = {}
    for key, value in raw.items():
        kind = accepts.get(key)
        if kind is None:
            takes = ", ".join(accepts) if accepts else word("none")
            raise ArgumentError(
                say(
                    "{agent} takes no option {option} (options: {options})",
                    agent=name,
                    option=quote(key),
                    options=takes,
                )
            )
        try:
            out[key] = kind(value)
        except ValueError:
            raise ArgumentError(
                say(
                    "agent option {option}={value} must be {kind}",
                    option=key,
                    value=quote(value),
                    kind=NAMES[kind],
                )
            ) from None
    if name == "ismcts":  # the agent checks its own ranges; build one to surface them now
        if out.get("playout") == "guide" and not _heuristic(game):
            raise ArgumentError(
                say("playout=guide needs a heuristic, and {game} has none", game=game.info.name)
            )
        if "widen" in out:
            nonnegative("widen", out["widen"])
            if out["widen"] and not _heuristic(game):
                raise ArgumentError(
                    say("widen needs a heuristic, and {game} has none", game=game.info.name)
                )
        check = {**out, "playout": out.get("playout", "random"), "widen": 0.0}
        ISMCTSAgent(0, guide=None, **check)
    return out
