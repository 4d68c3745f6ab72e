"""A grenade's odds, shown before the throw, against the throw itself played thousands of
times: the figures must be the rules' own, scatter, Near/Far rolls and damage dice included."""

from __future__ import annotations

import math

import pytest

from wartable.core.rng import Rng
from wartable.games.combat.model import GERMANY, Activation
from wartable.games.combat.rules import checks, deck, grenade_odds, grenades
from wartable.games.combat.rules.common import distance, tq_now

from .scene import put, scene


def open_spot(st):
    """An open hex whose six neighbours are open, and an open hex 2 away that sees it."""
    board, ground = st.sc.board, st.ground
    for h in range(len(board.hexes)):
        ring = [board.index.get(n, -1) for n in board.grid.neighbours(board.hexes[h])]
        if ground.kind[h] != "open" or len(ring) < 6 or any(ground.kind[n] != "open" for n in ring):
            continue
        for f in range(len(board.hexes)):
            if distance(st, f, h) == 2 and ground.kind[f] == "open" and ground.sight.sees(f, h):
                return h, f, ring
    raise AssertionError("no open ground on this map")


def step_into_rifle_range(st, thrower: int, german: int) -> None:
    for h in range(len(st.sc.board.hexes)):
        st.pos[german] = h
        if grenades.rifle_targets(st, thrower) == [h]:
            return
    raise AssertionError("no hex in the launcher's range")


def label(st, h: int) -> str:
    return st.sc.board.label(st.sc.board.hexes[h])


@pytest.fixture
def throw_at_a_crowd():
    """A US grenadier 2 hexes from a German hiding in the open; another German and a US
    soldier beside the target, where a scattered grenade may land."""
    st = scene()
    target, start, ring = open_spot(st)
    thrower = put(st, label(st, start), key="pvt-brubaker", order="grenade")
    hider = put(st, label(st, target), side=GERMANY, role="rifleman", order="hide")
    beside = put(st, label(st, ring[0]), side=GERMANY, role="rifleman", order="sneak")
    friend = put(st, label(st, ring[3]), key="pvt-cragg", order="sprint")
    st.hand, st.ready = [], ()  # no card to re-roll the throw or cancel a wound
    return st, thrower, target, (hider, beside, friend)


def test_the_odds_match_the_throw_played_many_times(throw_at_a_crowd, monkeypatch):
    st, thrower, target, men = throw_at_a_crowd
    odds = grenade_odds.throw_odds(st, thrower, target, grenades.HAND)
    assert odds is not None and odds.aim == target and odds.on_target == pytest.approx(0.9)
    assert set(odds.hit) == set(men)
    hit: set[int] = set()
    monkeypatch.setattr(deck, "wound", lambda st, t, ev: hit.add(t))
    trials = 3000
    counts = dict.fromkeys(men, 0)
    for seed in range(trials):
        trial = st.clone()
        trial.rng = Rng(seed)
        trial.aim[thrower], trial.live[thrower] = target, True
        hit.clear()
        grenades.throw(trial, thrower, [])
        grenades.explode_all(trial, [])
        for t in hit:
            counts[t] += 1
    for t in men:
        p = odds.hit[t]
        margin = 4 * math.sqrt(p * (1 - p) / trials) + 0.005
        assert abs(counts[t] / trials - p) <= margin, (t, counts[t] / trials, p)
    hider, beside, friend = men
    assert odds.hit[hider] > odds.hit[beside] > 0 and odds.hit[friend] > 0
    assert odds.friend_hit == pytest.approx(odds.hit[friend])


def test_a_throw_out_of_reach_falls_short_and_says_so(throw_at_a_crowd):
    st, thrower, target, (hider, *_) = throw_at_a_crowd
    board = st.sc.board
    far = next(
        h
        for h in range(len(board.hexes))
        if distance(st, st.pos[thrower], h) == 4 and distance(st, h, target) == 2
    )
    st.pos[hider] = far
    odds = grenade_odds.throw_odds(st, thrower, far, grenades.HAND)
    assert odds is not None and odds.aim != far
    assert distance(st, st.pos[thrower], odds.aim) == grenades.REACH
    assert "falls short" in grenade_odds.describe(st, thrower, far, odds)


def test_grenade_orders_and_aim_shifts_show_their_odds(throw_at_a_crowd):
    st, thrower, target, (hider, *_) = throw_at_a_crowd
    st.phase, st.order[thrower] = "orders", ""
    st._legal_cache = None
    order = next(
        a
        for a in st.legal_actions("us")
        if a.verb == "order" and a.args[1] == grenades.HAND and a.args[2] == label(st, target)
    )
    told = st.action_info("us", order)
    odds = grenade_odds.throw_odds(st, thrower, target, grenades.HAND)
    assert told["chance"] == pytest.approx(odds.enemy_hit)
    assert told["text"].startswith("lands on target 90%")
    assert f"{odds.hit[hider]:.0%}" in told["text"] and "own men at risk" in told["text"]
    assert told["text"].endswith("(if nobody moves before the throw)")
    # a rifle grenade must first be to hand: a TQC (7.11); it needs range, so the German
    # steps back until the launcher reaches him
    step_into_rifle_range(st, thrower, hider)
    st._legal_cache = None
    rifle = next(
        a for a in st.legal_actions("us") if a.verb == "order" and a.args[1] == grenades.RIFLE
    )
    told = st.action_info("us", rifle)
    assert told["text"].startswith("one to hand: TQC ")
    # in an impulse, shifting the armed grenade's marker costs a TQC first
    st.phase, st.order[thrower], st.aim[thrower], st.live[thrower] = (
        "impulses",
        "grenade",
        target,
        True,
    )
    st.act = Activation(soldier=thrower, stage="aim", moves=0, must=False)
    st.queue, st.cursor, st._legal_cache = (thrower,), 0, None
    shift = next(a for a in st.legal_actions("us") if a.verb == "aim")
    told = st.action_info("us", shift)
    moved_to = st.sc.board.index[st.sc.board.parse(shift.args[1])]
    odds = grenade_odds.throw_odds(st, thrower, moved_to, grenades.HAND)
    tqc = (tq_now(st, thrower) + 1) / 10
    assert told["text"].startswith(f"moving the marker: TQC {tqc:.0%}; then")
    assert told["chance"] == pytest.approx(tqc * odds.enemy_hit)


@pytest.mark.parametrize("nine_fails", [False, True])
def test_the_odds_of_a_roll_count_every_pair_of_dice(nine_fails):
    """odds_against against roll_against with every roll and every confirming TQC die."""
    for chance in range(-12, 13):
        for tq in range(0, 10):
            wins = 0
            for roll in range(10):
                for confirm in range(10):
                    rng = Rng(0)
                    rng.force((roll, confirm))
                    wins += checks.roll_against(rng, chance, tq, nine_fails=nine_fails).success
            expected = checks.odds_against(chance, tq, nine_fails=nine_fails)
            assert expected == pytest.approx(wins / 100), (chance, tq)
