"""What a player reads is marked for the catalogs (issue 48, item 6): over random games of
every game, each legal action's words (``describe``), the odds beside it (``action_info``),
each log line (``Game.said``) and each refusal of an action legal a move before are
messages (``Said``) whose id the game's or the shared catalog holds, so every language can
say them, with no argument their words leave unsaid. A plain ``str`` here is a text nobody can
translate; a message missing from the catalogs is one nobody has."""

from __future__ import annotations

import random
from functools import cache

import pytest

import wartable
from wartable.core.errors import IllegalActionError
from wartable.core.words import Said
from wartable.i18n import keep

GAMES = [name for name in wartable.game_names() if name != "duel"]  # duel: the core's test game
ACTIONS = 150  # a game's first moves, every legal action's words at each


@cache
def known_ids(game: str) -> frozenset[str]:
    ids: set[str] = set()
    for domain in keep.domains():
        if domain.name in ("wartable", game):
            ids |= {i if isinstance(i, str) else i[0] for i in keep.ids(keep.extracted(domain))}
    return frozenset(ids)


def unmarked(text: object, game: str) -> list[str]:
    """The parts of ``text`` a language could not say: plain text, or a message the
    catalogs lack (its own words and every message put into it)."""
    if not isinstance(text, Said):
        return [repr(str(text))]
    found = [] if text.msgid in known_ids(game) else [f"not in the catalogs: {text.msgid!r}"]
    named = keep.placeholders(text.msgid) or set()
    named |= keep.placeholders(text.plural or "") or set()
    extra = set(text.args) - named - {"count"}
    if extra:  # an argument no language shows: data that travels with the words unsaid
        found.append(f"arguments {sorted(extra)} unused by {text.msgid!r}")
    for value in text.args.values():
        if isinstance(value, Said):
            found += unmarked(value, game)
    return found


def played(game_name: str, seed: int):
    """Each state of a random game with the seat to act, its legal actions, the events that
    led there and the actions legal a move before (mostly refused now)."""
    game = wartable.get_game(game_name)
    scenarios = game.scenarios()
    state = game.new_game(scenarios[seed % len(scenarios)].id, seed=seed)
    pick = random.Random(seed)
    events: list = []
    before: list = []
    for _ in range(ACTIONS):
        if state.is_over:
            break
        seat = state.current_players[0]
        legal = state.legal_actions(seat)
        yield state, seat, legal, events, before
        before = legal
        events = state.apply(seat, pick.choice(legal))


@pytest.mark.parametrize("name", GAMES)
def test_every_action_word_odds_and_log_line_is_a_message_the_catalogs_hold(name):
    game = wartable.get_game(name)
    problems: dict[str, str] = {}
    for seed in range(3):
        for state, seat, legal, events, before in played(name, seed):
            for action in legal[:40]:
                for part in unmarked(state.describe(seat, action), name):
                    problems.setdefault(f"words of {action.verb}: {part[:60]}", str(action))
                text = state.action_info(seat, action).get("text")
                if text:
                    for part in unmarked(text, name):
                        problems.setdefault(f"odds of {action.verb}: {part[:60]}", str(action))
            for action in [a for a in before[:10] if a not in legal]:
                try:
                    state.apply(seat, action)
                except IllegalActionError as refused:
                    for part in unmarked(refused.args[0], name):
                        problems.setdefault(f"refusal of {action.verb}: {part[:60]}", str(action))
                else:
                    raise AssertionError(f"{action} was played, though not legal")
            for event in events:
                for part in unmarked(game.said(event), name):
                    problems.setdefault(f"log {event.kind}: {part[:60]}", event.text)
    assert not problems, "\n".join(f"{k}  (e.g. {v})" for k, v in sorted(problems.items()))
