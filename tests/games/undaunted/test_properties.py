"""Hypothesis plays random legal games and checks invariants after every action."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

import wartable
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.state import UndauntedState

SCENARIOS = [s.id for s in wartable.get_game("undaunted").scenarios()]


def card_totals(st: UndauntedState, i: int) -> list[int]:
    s = st.sides[i]
    out = []
    for k in range(len(st.sc.kinds)):
        out.append(
            s.deck.count(k)
            + s.hand[k]
            + s.play[k]
            + s.discard[k]
            + s.supply[k]
            + s.removed[k]
            + (1 if s.bid == k else 0)
        )
    return out


def check_invariants(st: UndauntedState, start_totals: list[list[int]]) -> None:
    sc = st.sc
    for i in (0, 1):
        s = st.sides[i]
        assert card_totals(st, i) == start_totals[i], "cards are conserved"
        for zone in (s.hand, s.play, s.discard, s.supply, s.removed):
            assert all(n >= 0 for n in zone)
        assert all(-1 <= p < len(sc.tiles) for p in s.pos)  # each counter is in one place
        assert all(not s.supp[u] for u, p in enumerate(s.pos) if p < 0)
        assert all(m in (0, 1, 2) for m in s.marks)
        if s.target >= 0:
            assert any(s.pos[u] >= 0 for u in sc.mortar), "a target marker needs its mortar"
        # the two sides never both control one tile
        other = st.sides[1 - i]
        assert not any(a == 2 and b == 2 for a, b in zip(s.marks, other.marks, strict=True))
    assert st.initiative in (0, 1), "exactly one side holds the initiative"
    if st.phase == Phase.BID:
        assert st.pending is None
        assert all(sum(s.play) == 0 for s in st.sides)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scenario=st_.sampled_from(SCENARIOS),
    seed=st_.integers(0, 2**32),
    choices=st_.lists(st_.integers(0, 10**6), min_size=50, max_size=400),
)
def test_random_legal_play_keeps_invariants(scenario, seed, choices):
    game = wartable.get_game("undaunted")
    st = game.new_game(scenario, seed=seed)
    totals = [card_totals(st, 0), card_totals(st, 1)]
    check_invariants(st, totals)
    for c in choices:
        if st.is_over:
            break
        player = st.current_players[c % len(st.current_players)]
        legal = st.legal_actions(player)
        events = st.apply(player, legal[c % len(legal)])
        check_invariants(st, totals)
        assert all(e.rule for e in events), "every line of the log cites its rule"


@settings(max_examples=25, deadline=None)
@given(scenario=st_.sampled_from(SCENARIOS), seed=st_.integers(0, 2**32))
def test_every_game_ends(scenario, seed):
    game = wartable.get_game("undaunted")
    st = game.new_game(scenario, seed=seed, options={"max_rounds": 30})
    n = 0
    while not st.is_over:
        player = st.current_players[0]
        legal = st.legal_actions(player)
        st.apply(player, legal[(n * 7919 + seed) % len(legal)])
        n += 1
        assert n < 100_000
    assert st.round <= 31
