"""Scenes for 2GM Tactics' scripted tests: a scene is set by playing the opening, then
editing the state's plain data the way a player sets up a position (open ground, units
placed by hand, forced dice)."""

from __future__ import annotations

import pytest

import wartable
from wartable import Action, IllegalActionError
from wartable.games.tactics2gm.model import Piece, weapons
from wartable.games.tactics2gm.rules.field import GRID

GAME = wartable.get_game("tactics2gm")
OPEN = (".",) * (GRID.columns * GRID.rows)
DONE = Action("done", ())


def sq(label):
    return GRID.parse(label)


def opening(seed=1, first="allies", scenario=None, **options):
    """Both sides bid nothing, the allies win the roll and pick ``first``, both keep their
    hands: the first side's turn 1 has begun."""
    st = GAME.new_game(scenario, seed=seed, options=options)
    st.rng.force([6, 5])
    st.apply("allies", "bid 0")
    st.apply("axis", "bid 0")
    st.apply("allies", f"first {first}")  # no terrain bought: neither side has any to lay
    st.apply("allies", "keep")
    st.apply("axis", "keep")
    return st


def scene(phase="fire", active="allies", ap=(10, 10), scenario=None, **options):
    """``active``'s turn 1 at ``phase``, on open ground, with no units in play."""
    st = opening(first=active, scenario=scenario, **options)
    st.ground = OPEN
    st.pieces, st.serial, st.fired_at, st.equipping = [], {}, {}, ""
    st.phase, st.ap = phase, list(ap)
    st._legal_cache = None
    return st


def put(st, card, side, where, options=(), *, deployed=0, mounted=False):
    """A unit of ``card`` for side 0 (allies) or 1 (axis) on ``where``, its tokens ready."""
    st.serial[card] = st.serial.get(card, 0) + 1
    p = Piece(f"{card}-{st.serial[card]}", card, side, sq(where), deployed)
    p.options, p.mounted = tuple(options), mounted
    p.tokens = {key: "ready" for key in [*weapons(st.lib, p), *p.options]}  # as deployed
    st.pieces.append(p)
    st._legal_cache = None
    return p


def legal(st, player="allies"):
    return {str(a) for a in st.legal_actions(player)}


def step(st):
    """The side to act passes, or discards when it must (GM-26)."""
    who = st.current_players[0]
    options = st.legal_actions(who)
    return st.apply(who, DONE if DONE in options else options[0])


def pass_until(st, player, phase, turn):
    """Every side passes until ``player`` acts in ``phase`` of ``turn``; the events of the
    way there."""
    events = []
    for _ in range(60):
        if st.turn == turn and st.current_players == (player,) and st.phase == phase:
            return events
        events += step(st)
    raise AssertionError(f"{player} never reached {phase} in turn {turn}")


def shot(events):
    """The kinds of a shot's events, without the turn that goes on after it."""
    kinds = [e.kind for e in events]
    return kinds[: kinds.index("flip")] if "flip" in kinds else kinds


def pass_until_over(st):
    events = []
    for _ in range(200):
        if st.is_over:
            return events
        events += step(st)
    raise AssertionError("the battle never ended")


def refused(st, player, action):
    """The action raises IllegalActionError with a reason and changes nothing."""
    before = st.full_state()
    with pytest.raises(IllegalActionError) as err:
        st.apply(player, action)
    assert err.value.reason
    assert st.full_state() == before
    return err.value.reason


def edit(path, old, new):
    """Replace ``old`` (which must be there) by ``new`` once in a content file's text."""
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
