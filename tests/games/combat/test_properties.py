"""Hypothesis plays random legal Combat! games (with and without the night and large-battle
options) and checks what must always hold after every action: every card is in exactly one
place, every soldier is somewhere he may be with markers that fit his state, the score is
the sum of its parts and every line of the log cites its rule. Every game ends within its
turns."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

import wartable
from wartable.games.combat.model import ACTIVE, CAPTURED, DEAD, GONE, IN_CUP
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules import checks
from wartable.games.combat.rules.flow import HAND_LIMIT
from wartable.games.combat.rules.grenades import HAND, SMOKE
from wartable.games.combat.state import CombatState

GAME = wartable.get_game("combat")
SCENARIOS = [s.id for s in GAME.scenarios()]
FRIENDLY = sorted(c.number for c in GAME.lib.friendly_cards.cards)
ENEMY = sorted(c.number for c in GAME.lib.enemy_cards.cards)
STATUSES = {ACTIVE, DEAD, GONE, IN_CUP, CAPTURED}


def check_invariants(st: CombatState) -> None:
    played = [st.initiative_card] if st.initiative_card else []
    assert sorted(st.deck + st.hand + st.discard + st.set_aside + played) == FRIENDLY
    assert sorted(st.enemy_deck + st.enemy_discard) == ENEMY, "enemy cards are conserved"
    assert set(st.team_cards.values()) <= set(st.enemy_discard)
    assert len(st.hand) <= HAND_LIMIT or st.phase == "cards"
    n = len(st.sc.board.hexes)
    for s in st.soldiers:
        i = s.index
        assert st.status[i] in STATUSES
        assert -1 <= st.pos[i] < n
        if st.status[i] == IN_CUP:
            assert st.pos[i] == -1 and not st.seen[i], "the cup is face down and off the map"
        assert 0 <= st.morale[i] < len(checks.LADDER)
        assert st.ammo[i] in (0, 1, 2)
        assert -1 <= st.aim[i] < n
        if st.live[i]:
            assert st.alive(i) and st.order[i] in (HAND, SMOKE), "only a grenadier holds one live"
        assert st.blast[i] in ("", "near", "far") and bool(st.blast[i]) == bool(st.blast_by[i])
        if st.status[i] == CAPTURED and st.pos[i] >= 0:  # (-1: led off the map)
            g = st.guard[i]
            assert g >= 0 and st.alive(g), "a prisoner on the map has a guard"
            assert st.pos[g] == st.pos[i], "a prisoner stays with his guard"
    assert 1 <= st.turn <= st.sc.turns
    if st.outcome is not None:
        assert st.phase == Phase.OVER
        assert st.outcome.scores["us"] == sum(points for _, points in st.vp_log)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scenario=st_.sampled_from(SCENARIOS),
    seed=st_.integers(0, 2**32),
    night=st_.booleans(),
    large_battle=st_.booleans(),
    choices=st_.lists(st_.integers(0, 10**6), min_size=50, max_size=600),
)
def test_random_legal_play_keeps_invariants(scenario, seed, night, large_battle, choices):
    st = GAME.new_game(scenario, seed=seed, options={"night": night, "large_battle": large_battle})
    check_invariants(st)
    for c in choices:
        if st.is_over:
            break
        legal = st.legal_actions("us")
        events = st.apply("us", legal[c % len(legal)])
        check_invariants(st)
        assert all(e.rule for e in events), "every line of the log cites its rule"


@settings(max_examples=12, deadline=None)
@given(scenario=st_.sampled_from(SCENARIOS), seed=st_.integers(0, 2**32))
def test_every_game_ends_within_its_turns(scenario, seed):
    st = GAME.new_game(scenario, seed=seed)
    steps = 0
    while not st.is_over:
        legal = st.legal_actions("us")
        st.apply("us", legal[(steps * 7919 + seed) % len(legal)])
        steps += 1
        assert steps < 20_000
    assert st.turn <= st.sc.turns and st.outcome is not None
