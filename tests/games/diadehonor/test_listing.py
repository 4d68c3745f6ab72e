"""What the speed-ups of listing a seat's actions must not change: every unit's actions kept
between listings (rules/listing.py) and the route search over sets of squares
(ground.cheapest) give what working everything out afresh, square by square, gives, in
every position of random games, their clones and their samples."""

from __future__ import annotations

import random

import pytest

from wartable.core.action import Action
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.model import ACTIVE, ON_GROUND
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import cards, ground, legal
from wartable.games.diadehonor.state import DiaDeHonorState

GAME = DiaDeHonor()


def search(battle, start, points, light, factor, blocked) -> dict[int, int]:
    """The cheapest cost of each square a move reaches, by a plain search from square to
    square (Dijkstra's, with a sorted list for a heap)."""
    entry = battle.light_entry if light else battle.entry
    best, todo = {start: 0}, [(0, start)]
    while todo:
        todo.sort(reverse=True)
        spent, here = todo.pop()
        for j in battle.next_to[here]:
            cost = spent + factor * entry[j]
            if entry[j] and j not in blocked and cost <= points and cost < best.get(j, 99):
                best[j] = cost
                todo.append((cost, j))
    del best[start]
    return {q: c for q, c in best.items() if q not in blocked}


def routes_step_by_step(st: DiaDeHonorState, i: int, crawling: bool) -> dict[int, int]:
    """Where unit ``i`` can go, friends' squares included: never through enemies, wrecks or
    sabotaged tanks."""
    kind, side = st.kind(i), st.units[i].side
    barred = {
        st.pos[u.index]
        for u in st.units
        if st.status[u.index] in ON_GROUND
        and (st.status[u.index] != ACTIVE or u.side != side or st.sabotaged[u.index])
    }
    factor = 2 if crawling else 1
    return search(st.battle, st.pos[i], kind.speed, kind.light_footed, factor, barred)


def activation_afresh(st: DiaDeHonorState, seat: int) -> list[Action]:
    """A seat's activation worked out from nothing: the rules as the rulebook words them."""
    held = ground.holders(st)
    out: list[Action] = []
    for u in st.units:
        i = u.index
        if u.seat != seat or not st.can_act(i) or st.actions[i] <= 0:
            continue
        crawling = st.prone[i]
        if crawling:
            out.append(Action("stand", (u.key,)))
        elif st.kind(i).kind == "soldier":
            out.append(Action("prone", (u.key,)))
        if crawling or st.kind(i).speed:
            verb = "crawl" if crawling else "move"
            free = sorted(q for q in routes_step_by_step(st, i, crawling) if q not in held)
            out += [Action(verb, (u.key, st.battle.labels[q])) for q in free]
        foes = legal.enemies(st, i)
        if u.type == "sniper" and st.aim.get(i, (-1, 0, 0))[2] != st.round:
            out += [Action("aim", (u.key, st.units[t].key)) for t in legal.marks(st, i, foes)]
        if not st.attacked[i]:
            out += [Action("fire", (u.key, st.units[t].key)) for t in legal.targets(st, i, foes)]
            if st.kind(i).kind == "soldier":
                near = legal.duellists(st, i, foes)
                out += [Action("melee", (u.key, st.units[t].key)) for t in near]
    return [*out, *cards.plays(st, seat), legal.DONE]


def check_listing(st: DiaDeHonorState) -> None:
    if st.phase in (Phase.ACTIVATE, Phase.CARDS) and st.pending is None and not st.is_over:
        assert legal.activation(st, st.seat) == activation_afresh(st, st.seat)


@pytest.mark.parametrize(("lineup", "seed"), [("1v1", 1), ("1v1", 2), ("2v2", 3), ("3v3", 4)])
def test_kept_actions_are_the_actions_worked_out_afresh(lineup, seed):
    """Random games; at random moments a clone or a sample plays on instead (each keeps its
    own memo, copied from the state it came from)."""
    rng = random.Random(seed)
    scenario = GAME.scenarios()[seed % len(GAME.scenarios())].id
    st = GAME.new_game(scenario, seed=seed, options={"players": lineup})
    checked = 0
    while not st.is_over and checked < 600:
        check_listing(st)
        checked += 1
        player = st.current_players[0]
        if rng.random() < 0.05:
            st = st.clone()
        elif rng.random() < 0.03:
            st = st.sample_hidden(player, rng.randrange(1000))
        st.apply(player, rng.choice(st.legal_actions(player)))
    assert checked > 100


def test_the_route_search_over_sets_finds_the_cheapest_costs():
    """ground.cheapest (a layer of squares per cost) against the plain search, from random
    squares of every battlefield, for every speed, footing and crawl, with random squares
    barred."""
    rng = random.Random(7)
    for scenario in GAME.scenarios():
        st = GAME.new_game(scenario.id, seed=1, options={"players": "1v1"})
        battle = st.battle
        board = battle.board
        for _ in range(60):
            start = rng.randrange(len(battle.ground))
            points, light = rng.choice((4, 5, 6, 12)), rng.random() < 0.5
            factor = rng.choice((1, 2))
            blocked = tuple(sorted(rng.sample(range(len(battle.ground)), rng.randrange(12))))
            layers = ground.cheapest(battle, start, points, light, factor, blocked)
            found = {q: c for c, layer in enumerate(layers) if c for q in board.squares(layer)}
            assert found == search(battle, start, points, light, factor, blocked)
