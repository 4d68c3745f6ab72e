"""Team play for three (GM-103, GM-104, A-25): a side of two players shares its HQ and its
deck, dealt between them; each has his own hand, AP pool and units; the Marshal (the side's
first seat) bids, lays the bid's terrain, answers for the side out of its turn and may give
his teammate 1 AP a turn; the HQ phase's AP is split with the odd point to the Marshal, the
storage cap holds for their sum; in their turn both play each phase, which ends when both
have passed, and each draws one card. The rulings are in docs/games/tactics2gm.md."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from tests.games.tactics2gm.scenes import GAME, OPEN, put, refused
from tests.games.tactics2gm.test_properties import check_invariants
from wartable import Action, ArgumentError
from wartable.agents.random import RandomAgent

DONE = Action("done", ())


def team(lineup="2v1", seed=1, **options):
    return GAME.new_game(None, seed=seed, options={"players": lineup, **options})


def opened(lineup="2v1", first="allies", seed=1):
    """Bids of nothing, the allies win the roll and pick ``first``; every seat keeps."""
    st = team(lineup, seed)
    st.rng.force([6, 5])
    for seat in list(st.current_players):
        st.apply(seat, "bid 0")
    st.apply(st.current_players[0], f"first {first}")
    for seat in list(st.current_players):
        st.apply(seat, "keep")
    return st


def test_gm103_the_line_ups_and_their_seats():
    assert team("2v1").players == ("allies-1", "allies-2", "axis")
    assert team("1v2").players == ("allies", "axis-1", "axis-2")
    assert team("1v1").players == ("allies", "axis")
    with pytest.raises(ArgumentError, match="players"):
        team("2v2x")


def test_gm103_a_team_shares_its_deck_dealt_between_its_two_players():
    st = team("2v1")
    ready = Counter(GAME.decks["usa-armour"].cards_in_order())
    assert Counter(st.decks[0]) + Counter(st.decks[1]) == ready
    assert abs(len(st.decks[0]) - len(st.decks[1])) <= 1
    assert Counter(st.decks[2]) == Counter(GAME.decks["germany-armour"].cards_in_order())
    assert st.ap == [3, 2, 5]  # the HQ's 5 opening AP, the odd one to the Marshal


def test_gm103_the_marshal_bids_for_the_side_and_pays_first_from_his_pool():
    st = team("2v1")
    assert st.current_players == ("allies-1", "axis")  # not allies-2
    assert "bid 5" in {str(a) for a in st.legal_actions("allies-1")}  # the team's 5 AP
    assert "waiting for" in refused(st, "allies-2", "bid 0")
    st.rng.force([6, 5])
    st.apply("allies-1", "bid 4")
    st.apply("axis", "bid 0")
    assert st.ap[:2] == [0, 1]  # 3 from the Marshal, 1 from his teammate
    assert st.current_players == ("allies-1",)  # the bid's winner's Marshal picks
    st.apply("allies-1", "first axis")
    assert st.phase == "terrain" and st.current_players == ("allies-1",)


def test_gm104_every_seat_keeps_or_redraws_its_own_opening_hand():
    st = team("1v2")
    st.rng.force([6, 5])
    st.apply("allies", "bid 0")
    st.apply("axis-1", "bid 0")
    st.apply("allies", "first allies")
    assert st.phase == "mulligan"
    assert set(st.current_players) == {"allies", "axis-1", "axis-2"}
    assert [len(h) for h in st.hands] == [5, 5, 5]
    st.apply("axis-2", "redraw")
    assert set(st.current_players) == {"allies", "axis-1"}


def moving(lineup="2v1", first="allies"):
    """The first turn's Movement phase on open ground, a squad of each seat of the side
    to play on the field."""
    st = opened(lineup, first=first)
    st.ground = OPEN
    side = 0 if first == "allies" else 1
    for k, seat in enumerate(s for s, x in enumerate(st.seat_side) if x == side):
        put(
            st, "light_infantry" if side == 0 else "ger_grenadiers", side, f"{'BG'[k]}2"
        ).owner = seat
    st.passed = [False] * len(st.players)
    st._legal_cache = None
    return st


def test_gm104_a_teams_turn_both_play_each_phase_and_it_ends_when_both_pass():
    st = opened("2v1", first="allies")
    # each drew one card in the card phase: 5 + 1
    assert [len(h) for h in st.hands] == [6, 6, 5]
    st = moving("2v1")
    assert st.phase == "move" and set(st.current_players) == {"allies-1", "allies-2"}
    st.apply("allies-2", "move light_infantry-2 G3")  # nothing more to do: it passes
    assert st.phase == "move" and st.current_players == ("allies-1",)
    assert st.passed == [False, True, False]
    st.apply("allies-1", DONE)
    assert st.phase == "deploy" and not any(st.passed)


def test_gm104_the_hq_phase_splits_the_ap_with_the_odd_point_to_the_marshal():
    st = opened("2v1", first="allies")
    # 3 + 2 opening AP, + 2 income = 7: the gain of 2 split 1 and 1
    assert st.ap[:2] == [4, 3]
    st = opened("1v2", first="axis")
    assert st.ap[1:] == [4, 3]
    # a gain of 3 (income 2, a general's 1): 2 to the Marshal, 1 to his teammate
    st = team("2v1", hq_income=3)
    st.rng.force([6, 5])
    st.apply("allies-1", "bid 0")
    st.apply("axis", "bid 0")
    st.apply("allies-1", "first allies")
    for seat in list(st.current_players):
        st.apply(seat, "keep")
    assert st.ap[:2] == [5, 3]


def test_a25_the_storage_cap_holds_for_the_teams_sum():
    st = opened("2v1", first="allies")
    st.ap[:2] = [8, 7]  # 15: over the cap of 10 at the end of the turn
    st.phase = "discard"
    st.hands[0], st.hands[1] = st.hands[0][:7], st.hands[1][:7]
    st._legal_cache = None
    st.apply("allies-1", DONE)  # allies-2 has nothing to discard: the turn ends
    assert st.active == 1
    assert sum(st.ap[:2]) == 10 and st.ap[:2] == [5, 5]  # the larger pool lost first


def test_a25_a_unit_is_commanded_by_the_seat_that_deployed_it():
    st = opened("2v1", first="allies")
    st.ground = OPEN
    st.phase = "deploy"
    st.hands[1].append("light_infantry")
    st.ap[1] = 5
    st.passed = [False] * 3
    st._legal_cache = None
    st.apply("allies-2", "deploy light_infantry B1")
    st.apply("allies-2", DONE)  # no equipment
    (p,) = st.pieces
    assert p.owner == 1 and st.view("axis")["units"][0]["commander"] == "allies-2"
    assert st.ap[1] == 4  # paid from allies-2's own pool
    st.turn += 2  # a later turn of theirs, in its Movement phase
    st.phase = "move"
    st.passed = [False] * 3
    st._legal_cache = None
    moves = {str(a) for a in st.legal_actions("allies-2") if a.verb == "move"}
    assert "move light_infantry-1 B2" in moves
    assert not [a for a in st.legal_actions("allies-1") if a.args[:1] == ("light_infantry-1",)]
    assert "A-25" in refused(st, "allies-1", "move light_infantry-1 B2")


def test_gm104_the_marshal_may_give_his_teammate_1_ap_once_a_turn():
    st = moving("2v1")
    assert "give" in {a.verb for a in st.legal_actions("allies-1")}
    assert "give" not in {a.verb for a in st.legal_actions("allies-2")}
    assert "GM-104" in refused(st, "allies-2", "give")
    before = list(st.ap)
    events = st.apply("allies-1", "give")
    assert st.ap[0] == before[0] - 1 and st.ap[1] == before[1] + 1
    assert [e.rule for e in events if e.kind == "give"] == ["GM-104"]
    assert "GM-104" in refused(st, "allies-1", "give")  # once a turn
    assert st.describe("allies-1", "give") == "Give 1 AP to your teammate"
    one = opened("1v1")
    assert "give" not in {a.verb for a in one.legal_actions("allies")}


def test_a25_a_side_is_out_of_cards_only_when_both_its_players_are():
    st = opened("2v1", first="axis")
    st.decks[0], st.hands[0] = [], []  # the Marshal has nothing left; his teammate has
    while st.current_players != ("allies-1", "allies-2") and not st.is_over:
        st.apply(st.current_players[0], DONE)
    assert not st.is_over
    st = opened("2v1", first="axis")
    st.decks[0], st.hands[0], st.decks[1], st.hands[1] = [], [], [], []
    while not st.is_over:
        st.apply(st.current_players[0], DONE)
    assert st.outcome.winner == "axis" and st.outcome.kind == "cards"
    # every seat of a side scores alike; the core's one winner is the side's first seat
    assert st.outcome.scores == {"allies-1": -1.0, "allies-2": -1.0, "axis": 1.0}
    st = opened("1v2", first="allies")
    st.decks[0], st.hands[0] = [], []
    while not st.is_over:
        st.apply(st.current_players[0], DONE)
    assert st.outcome.winner == "axis-1"
    assert st.outcome.scores == {"allies": -1.0, "axis-1": 1.0, "axis-2": 1.0}


def test_a25_teammates_see_each_others_hands_and_the_enemy_sees_neither():
    st = opened("2v1", first="allies")
    mine = st.view("allies-1")
    assert mine["hand"] == sorted(st.hands[0])
    assert mine["team_hands"] == {"allies-2": sorted(st.hands[1])}
    theirs = st.view("axis")
    assert "team_hands" not in theirs and theirs["hand"] == sorted(st.hands[2])
    assert theirs["sides"]["allies"]["hand"] == len(st.hands[0]) + len(st.hands[1])
    assert theirs["seats"]["allies-2"]["hand"] == len(st.hands[1])


def test_a25_the_marshal_answers_for_his_side_out_of_its_turn():
    st = opened("1v2", first="allies")
    st.ground = OPEN
    st.pieces, st.serial = [], {}
    st.phase = "move"
    a = put(st, "light_infantry", 0, "D3")
    d = put(st, "ger_grenadiers", 1, "D4", options=("grenades",))  # two weapons: a choice
    d.owner = 2  # axis-2's squad
    st._legal_cache = None
    st.apply("allies", f"assault {a.id} {d.id}")
    while st.phase != "fire":
        st.apply("allies", DONE)
    st.apply("allies", f"storm {a.id}")
    assert st.stage == "react" and st.current_players == ("axis-1",)


@settings(max_examples=6, deadline=None)
@given(seed=st_.integers(0, 2**32), lineup=st_.sampled_from(["2v1", "1v2", "2v2", "2v2 wide"]))
def test_random_team_battles_keep_their_invariants_and_end(seed, lineup):
    """The invariants of a battle of two, with a team's cards counted across both its
    players; no pool below 0; for four players on one field (GM-105) and on two."""
    wide = lineup.endswith("wide")
    st = team(lineup.split()[0], seed, max_rounds=12, fields="two" if wide else "one")
    sides = st.seat_side
    dealt = [
        sum((Counter(st.decks[k]) for k in range(len(sides)) if sides[k] == s), Counter())
        for s in (0, 1)
    ]
    agents = {p: RandomAgent(seed + k) for k, p in enumerate(st.players)}
    for n in range(20_000):
        if st.is_over:
            break
        whole = TeamView(st)
        check_invariants(whole, dealt)
        who = st.current_players[n % len(st.current_players)]
        action = agents[who].act(st, who)
        assert action in GAME.space_set, f"{action} is missing from the action space"
        st.apply(who, action)
    assert st.is_over


class TeamView:
    """The battle with each side's seats added together, for the invariants of two sides."""

    def __init__(self, st):
        self._st = st
        for name in ("decks", "hands", "discards", "ap"):
            per_seat = getattr(st, name)
            joined = [[], []] if name != "ap" else [0, 0]
            for k, side in enumerate(st.seat_side):
                joined[side] = joined[side] + per_seat[k]
            setattr(self, name, joined)

    def __getattr__(self, name):
        return getattr(self._st, name)
