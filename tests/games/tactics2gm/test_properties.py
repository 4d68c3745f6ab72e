"""Hypothesis plays random legal 2GM Tactics battles (any pair of the shipped decks, with and
without the options of GM-13, GM-106, GM-107, GM-108 and A-19) and checks after every action
what must always hold: every card of a side's deck is in exactly one place (GM-5, GM-48,
GM-89); one unit a square (GM-30), but for assaulters on their defender's square while their
assault lasts, the square they came from kept free and no assault outliving its Fire phase
(GM-32 to GM-34, A-7), infantry beside its vehicle, one a vehicle (GM-35), and passengers on
their carrier within its capacity (GM-96, A-24); landing craft at sea and no one else
(GM-81); the scenarios' own units accounted for (GM-15); every unit's equipment within GM-8
and GM-9, equipment on the ground only with its option and only where a unit can go (GM-106,
A-26), no terrain card laid beyond the deck's copies (GM-13); no pool below 0 AP (GM-18,
GM-38); each HQ between 0 and 10 PI (GM-17); an illegal action refused without a change; and
every battle ends (GM-99, A-18, A-19)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st_

import wartable
from wartable import IllegalActionError
from wartable.agents.random import RandomAgent
from wartable.games.tactics2gm.deck import equipment_problems
from wartable.games.tactics2gm.rules import pairs
from wartable.games.tactics2gm.rules.common import footing
from wartable.games.tactics2gm.rules.field import GRID

GAME = wartable.get_game("tactics2gm")
SIDES = ("allies", "axis")
SPACE = GAME.action_space()
SCENARIOS = [sc.id for sc in GAME.scenarios() if sc.id != "pitched-battle"]
battles = {
    "seed": st_.integers(0, 2**32),
    "decks": st_.tuples(
        st_.sampled_from(GAME.deck_names("allies")), st_.sampled_from(GAME.deck_names("axis"))
    ),
    "max_rounds": st_.integers(1, 30),
    "extensive": st_.booleans(),
    "novice": st_.sampled_from(["none", "allies", "axis", "both"]),
    "later": st_.tuples(st_.booleans(), st_.booleans()),  # ground_equipment, late_terrain
}


def new_battle(seed, decks, max_rounds, extensive, novice, later=(False, False)):
    options = {
        "deck_allies": decks[0],
        "deck_axis": decks[1],
        "max_rounds": max_rounds,
        "extensive_terrain": extensive,
        "novice": novice,
        "ground_equipment": later[0],
        "late_terrain": later[1],
    }
    return GAME.new_game(None, seed=seed, options=options)


def whereabouts(st, side: int) -> Counter:
    """Every card of ``side``'s deck wherever it is: the deck, the hand, the discard pile, a
    unit in play (on the field or waiting at the HQ), a card attached to one, a mine laid on
    the field."""
    placed = Counter(st.decks[side]) + Counter(st.hands[side]) + Counter(st.discards[side])
    mine = [p for p in st.pieces if p.side == side]
    placed += Counter(p.card for p in mine) + Counter(c for p in mine for c in p.attached)
    laid = [card for sq, card in st.terrain.items() if st.owner[sq] == side]
    return placed + Counter(card for card in laid if card in st.lib.support)


def check_invariants(st, dealt: list[Counter]) -> None:
    for side in (0, 1):
        assert whereabouts(st, side) == dealt[side], "a card made or lost"
    squares = [
        p.sq
        for p in st.pieces
        if p.sq is not None and not p.assaulting and not p.beside and not p.aboard
    ]
    for p in st.pieces:
        c = st.piece(p.aboard) if p.aboard else None
        if p.aboard:
            assert c is not None and c.side == p.side and c.sq == p.sq and not c.aboard
    loads = Counter(p.aboard for p in st.pieces if p.aboard)
    assert all(n <= max(st.lib.units[st.piece(c).card].capacity, 1) for c, n in loads.items())
    assert len(squares) == len(set(squares)), "two units on one square"
    vehicles = [p.beside for p in st.pieces if p.beside]
    assert len(vehicles) == len(set(vehicles)), "two infantry beside one vehicle"
    for p in st.pieces:
        v = st.piece(p.beside) if p.beside else None
        if p.beside:
            assert v is not None and v.side == p.side and v.sq == p.sq and not v.beside
            assert st.lib.units[p.card].kind == "infantry"
            assert st.lib.units[v.card].kind in ("tank", "transport")
    assert all(sq in st.field.grid for sq in squares)
    for p in st.pieces:
        if not p.assaulting:
            assert p.origin is None
            continue
        d = st.piece(p.assaulting)
        assert st.phase in ("move", "deploy", "fire"), "an assault outlived its Fire phase"
        assert d is not None and d.side != p.side and not d.assaulting and d.sq == p.sq
        there = [q for q in st.pieces if q.sq == p.origin and q is not p and not q.aboard]
        if there:  # only the vehicle it left, free for it to come back beside
            (v,) = there
            assert v.side == p.side and pairs.shelters(st, v), "an assaulter's way back was taken"
    ids = [p.id for p in st.pieces]
    assert len(ids) == len(set(ids))
    assert all(sq in st.field.grid and s in (0, 1) for sq, s in st.screens.items())
    for sq in st.ruins:  # the building card stays, turned over (GM-65)
        assert st.lib.terrain[st.terrain[sq]].building
    for sq, n in st.card_wear.items():  # worn cards still stand, or are ruins
        assert sq in st.terrain
        assert n < st.lib.terrain[st.terrain[sq]].hit_points or sq in st.ruins
    for sq, n in st.tile_wear.items():  # only forests and hedges wear (GM-58, GM-59)
        assert st.ground[st.field.grid.index(sq)] in ("F", "H") and n > 0
    for p in st.pieces:  # a cloud needs a grenade, thrown: its token is spent (GM-80)
        if p.smoked:
            assert any(p.tokens[k] != "ready" for k in p.options if "smoke" in k)
    if st.asking:  # a held shot waits on units of one side, the other side's (GM-80)
        assert st.aim is not None and st.phase in ("deploy", "fire")
        held = {st.piece(u).side for u in st.asking}
        marshal = st.players[st.seat_side.index(held.pop())]  # the side's first seat
        assert len(held) == 0 and st.current_players == (marshal,)
    else:
        assert st.aim is None
    airborne = [p for p in st.pieces if p.sq is None and st.lib.units[p.card].cls != "fighter"]
    if st.sortie is not None:  # the air combat: its attacker is in the air (GM-69 to GM-74)
        plane = st.piece(st.sortie.plane)
        assert plane is not None and plane.sq is None and plane.side == st.sortie.side
        assert st.sortie.side == st.active and st.phase in ("deploy", "fire")
        assert all(st.piece(e).side == st.active for e in st.sortie.escorts if st.piece(e))
    if airborne:  # a bomber or a drop in the air only while its attack is under way
        assert len(airborne) == 1 and (st.sortie is not None or st.asking)
    for p in st.pieces:  # anti-aircraft fire is out of the gun's own turn (GM-72)
        assert not p.flak or p.side != st.active
    for p in st.pieces:  # equipment bought or taken from the ground (GM-8, GM-9, A-26)
        assert not equipment_problems(st.lib.units[p.card], p.options), p.id
        assert set(p.options) <= set(p.tokens), p.id
    for sq, lying in st.dropped.items():  # open to all, where a unit can go (GM-106)
        assert st.ground_equipment and lying and footing(st, sq) != "impassable"
        assert all(
            token in st.lib.tokens and face in ("ready", "disabled") for token, face in lying
        )
    assert all(n <= st.lib.terrain[key].copies for key, n in st.laid_count.items())  # GM-13
    assert all(ap >= 0 for ap in st.ap), f"a pool below 0: {st.ap}"
    assert st.lib.hq.hit_points == 10 and all(0 <= hp <= 10 for hp in st.hq_hp)
    assert all(b >= 0 for b in st.budget)
    if st.outcome is not None:
        assert st.phase == "over" and st.current_players == ()


@settings(max_examples=8, deadline=None)
@given(**battles)
def test_random_battles_keep_their_invariants_and_end(
    seed, decks, max_rounds, extensive, novice, later
):
    st = new_battle(seed, decks, max_rounds, extensive, novice, later)
    dealt = [Counter(st.decks[side]) for side in (0, 1)]
    agent = RandomAgent(seed)
    check_invariants(st, dealt)
    for _ in range(20_000):
        if st.is_over:
            break
        player = st.current_players[0]
        events = st.apply(player, agent.act(st, player))
        check_invariants(st, dealt)
        assert all(e.rule for e in events), "every line of the log cites its rule"
    assert st.is_over and st.outcome is not None
    assert st.outcome.kind in ("hq", "cards", "round limit")
    assert st.rounds_played() <= max_rounds


@settings(max_examples=6, deadline=None)
@given(seed=st_.integers(0, 2**32), scenario=st_.sampled_from(SCENARIOS))
def test_random_scenario_battles_keep_their_invariants_and_end(seed, scenario):
    """The scenarios too: their river, their sea, and the units they put in play from the
    start (GM-15), which join the cards each side must account for. Landing craft keep to
    the sea and every other unit to the land (GM-81)."""
    st = GAME.new_game(scenario, seed=seed)
    dealt = [Counter(st.decks[side]) + Counter(p.card for p in st.pieces if p.side == side)
             for side in (0, 1)]  # fmt: skip
    agent = RandomAgent(seed)
    for _ in range(20_000):
        check_invariants(st, dealt)
        for p in st.pieces:
            if p.sq is not None and not p.aboard:
                at_sea = st.ground[GRID.index(p.sq)] == "S"
                assert at_sea == ("landing_craft" in st.lib.units[p.card].abilities), p.id
        if st.is_over:
            break
        player = st.current_players[0]
        st.apply(player, agent.act(st, player))
    assert st.is_over and st.outcome.kind in ("objective", "cards", "round limit", "hq")


@settings(max_examples=6, deadline=None)
@given(**battles, picks=st_.lists(st_.integers(0, len(SPACE) - 1), min_size=40, max_size=40))
def test_an_illegal_action_is_refused_and_changes_nothing(
    seed, decks, max_rounds, extensive, novice, later, picks
):
    """Now and then along a random battle, an action of the game's words that is not legal
    for the side to act (most are not) raises IllegalActionError and leaves the state
    whole."""
    st = new_battle(seed, decks, max_rounds, extensive, novice, later)
    agent = RandomAgent(seed)
    for n in range(20_000):
        if st.is_over:
            break
        player = st.current_players[0]
        if n % 7 == 0 and picks:
            action = SPACE[picks.pop()]
            if action not in st.legal_actions(player):
                before = st.full_state()
                try:
                    st.apply(player, action)
                except IllegalActionError as err:
                    assert err.reason
                else:
                    raise AssertionError(f"{action} was applied though not legal")
                assert st.full_state() == before
        st.apply(player, agent.act(st, player))
    assert st.is_over
