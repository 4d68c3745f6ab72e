"""The heuristic: legal, blind to what its seat cannot see, playing to its objective, and far
stronger than random play (the 400-game figures are in docs/games/diadehonor.md)."""

from __future__ import annotations

import random

import pytest

import wartable
from tests.games.diadehonor.scene import put, scene
from wartable.agents.random import RandomAgent
from wartable.core.action import Action
from wartable.games.diadehonor.ai import HeuristicAgent
from wartable.geometry.squaregrid import chebyshev

GAME = wartable.get_game("diadehonor")


def battle(lineup: str, seed: int, heuristic_side: str) -> str | None:
    """The winning side of a battle between the heuristic (one side) and random play."""
    st = GAME.new_game(None, seed=seed, options={"players": lineup})
    agents = {
        p: HeuristicAgent(seed) if side == heuristic_side else RandomAgent(seed)
        for p, side in zip(st.players, st.sides, strict=True)
    }
    while not st.is_over:
        p = st.current_players[0]
        st.apply(p, agents[p].act(st, p))
    winner = st.outcome.winner
    return None if winner is None else st.sides[st.players.index(winner)]


@pytest.mark.slow
def test_the_heuristic_beats_random_play_from_either_side():
    """6 battles, 3 a side, all to be won but one: a player who wins 80% of battles, the goal,
    does so 66% of the time; one who wins 96%, as measured, 98%."""
    wins = sum(
        battle("1v1", seed, side) == side for seed in range(3) for side in ("axis", "allies")
    )
    assert wins >= 5, wins


def whole(st):
    """A scene dealing every objective, so that samples have some to deal."""
    st.pool = tuple(sorted(st.lib.objectives))
    st.ruled_out = [set() for _ in st.players]
    return st


def test_it_fires_where_the_odds_are_best():
    st = whole(scene())
    put(st, "able", "allies", "assault", 0, 0)
    put(st, "far", "axis", "light", 0, -8)  # beyond range 4: -4
    put(st, "near", "axis", "light", 2, -3)
    action = HeuristicAgent(1).act(st, "allies-1")
    assert action == Action("fire", ("able", "near"))


def test_it_prefers_the_kind_its_objective_names():
    st = whole(scene())
    put(st, "able", "allies", "assault", 0, 0)
    put(st, "rifle", "axis", "light", 1, -3)
    put(st, "rocket", "axis", "heavy", -1, -3)
    st.objectives[1] = "attrition"  # any kill: the rifleman, easier to wound, is the shot
    assert HeuristicAgent(1).act(st, "allies-1") == Action("fire", ("able", "rifle"))
    st.objectives[1] = "no_more_rockets"  # it names the heavy infantryman
    assert HeuristicAgent(1).act(st, "allies-1") == Action("fire", ("able", "rocket"))


def test_its_choice_is_the_same_whatever_the_others_hold():
    """Its decisions rest on what its seat knows: other seats' cards and objectives changed,
    the same choice."""
    st = GAME.new_game("crossroads", seed=3, options={"players": "2v2"})
    agent_seed = 5
    for _ in range(90):
        if st.is_over:
            break
        p = st.current_players[0]
        twin = st.clone()
        me = st.players.index(p)
        others = [s for s in range(len(st.players)) if s != me]
        twin.objectives = list(st.objectives)
        a, b = others[0], others[-1]
        twin.objectives[a], twin.objectives[b] = twin.objectives[b], twin.objectives[a]
        if len(st.hands[a]) == len(st.hands[b]):  # how many each holds is public
            twin.hands[a], twin.hands[b] = list(st.hands[b]), list(st.hands[a])
        choice = HeuristicAgent(agent_seed).act(st, p)
        assert HeuristicAgent(agent_seed).act(twin, p) == choice
        st.apply(p, choice)


def test_its_ranking_starts_with_its_choice_and_holds_every_move():
    """What a search widens over (``rank``): the choice first, then every other legal move
    once; ``k`` cuts it short."""
    st = GAME.new_game("crossroads", seed=4)
    agent = HeuristicAgent(2)
    ranked_some = 0
    for _ in range(60):
        if st.is_over:
            break
        p = st.current_players[0]
        legal = st.legal_actions(p)
        if len(legal) > 1:
            world = st.sample_hidden(p, 3)
            ranked = agent.rank(world, p, legal, len(legal))
            assert ranked[0] == agent.choose(world, p, legal)
            assert sorted(ranked) == sorted(legal)
            assert agent.rank(world, p, legal, 2) == ranked[:2]
            ranked_some += 1
        st.apply(p, agent.act(st, p))
    assert ranked_some > 20


def test_its_ranking_puts_good_shots_then_each_units_best_move_before_ending():
    st = whole(scene())
    put(st, "able", "allies", "assault", 0, 0)
    put(st, "baker", "allies", "light", 4, 2)
    put(st, "near", "axis", "light", 2, -3)
    legal = st.legal_actions("allies-1")
    ranked = HeuristicAgent(1).rank(st, "allies-1", legal, len(legal))
    assert ranked[0] == Action("fire", ("able", "near"))  # its choice, a good shot
    ending = ranked.index(Action("done", ()))
    assert all(a.verb in ("move", "crawl") for a in ranked[1:ending])
    assert sorted(a.args[0] for a in ranked[1:ending]) == ["able", "baker"]  # a move each
    poor, down = (
        ranked.index(Action("fire", ("baker", "near"))),
        ranked.index(Action("prone", ("baker",))),
    )
    assert ending < poor < down, "after ending: a poor shot, then lying down"
    assert ranked[-1].verb in ("move", "crawl"), "the other moves last, by what they gain"


def plain_square_score(st, seat: int, i: int, q: int) -> float:
    """A square's worth to unit ``i`` as the heuristic defines it, written out plainly: the
    pull of the areas to hold, the way to the nearest enemy worth chasing beyond the unit's
    range, cover, a shot at an enemy it may shoot, and the enemies that see it."""
    from wartable.games.diadehonor.content import Hold, Kills, Survive
    from wartable.games.diadehonor.mind import VALUE, Mind
    from wartable.games.diadehonor.rules import ground

    mind = Mind(st, seat, {})
    battle, side, kind = st.battle, st.sides[seat], st.kind(i)
    goal = st.lib.objectives[st.objectives[seat]].conditions
    foes = [u.index for u in st.units if u.side != side and st.on_map(u.index)]
    score = 0.0
    for c in goal:
        if isinstance(c, Hold):
            cells = battle.areas[(c.area, side)]
            score -= 0.8 * min((battle.apart[q * len(battle.ground) + x] for x in cells), default=0)
    hunting = any(isinstance(c, Kills) and c.types for c in goal)
    prey = [t for t in foes if mind.worth(t) > VALUE.get(st.units[t].type, 2.0) or not hunting]
    chased = prey or foes
    if chased:
        near = min(chebyshev(battle.grid.squares[q], battle.grid.squares[st.pos[t]])
                   for t in chased)  # fmt: skip
        pull = 0.2 if any(isinstance(c, Survive) for c in goal) else 0.6
        score -= pull * max(0, near - kind.range)
    covered = ground.cover_at(st, q, i)
    score += 1.2 * covered
    seen_by, shot = 0, False
    for t in foes:
        d = chebyshev(battle.grid.squares[q], battle.grid.squares[st.pos[t]])
        if battle.sees(q, st.pos[t]):
            seen_by += d <= st.kind(t).range
            shot = shot or ((kind.anti_tank or st.units[t].type != "tank") and d <= kind.range)
    score += 1.0 if shot else 0.0
    return score - (0.15 if covered or st.prone[i] else 0.3) * seen_by


@pytest.mark.parametrize("lineup", ["1v1", "2v2"])
def test_square_scores_kept_per_decision_are_the_plain_scores_along_random_battles(lineup):
    """The heuristic works a square's worth out from sets of squares (who sees what, as the
    bits of an integer) and shares what every unit of the seat has in common: the same
    numbers as the plain definition, on squares all over the battlefield."""
    from wartable.games.diadehonor.mind import Mind, Squares

    rng = random.Random(5)
    st = GAME.new_game(None, seed=3, options={"players": lineup})
    checked = 0
    while not st.is_over and checked < 400:
        p = st.current_players[0]
        legal = st.legal_actions(p)
        seat = st.players.index(p)
        mine = [u.index for u in st.units if u.seat == seat and st.on_map(u.index)]
        if mine and rng.random() < 0.2:
            mind = Mind(st, seat, {})
            for i in rng.sample(mine, min(2, len(mine))):
                scorer = Squares(mind, i)
                for q in rng.sample(range(len(st.battle.ground)), 8):
                    assert scorer.of(q) == pytest.approx(plain_square_score(st, seat, i, q))
                    checked += 1
        st.apply(p, rng.choice(legal))
    assert checked >= 100


@pytest.mark.parametrize("lineup", ["1v1", "2v2"])
def test_square_scores_recalled_from_earlier_decisions_are_the_fresh_scores(lineup):
    """A heuristic lends one decision's square scores to the next with the same inputs (a
    search's play-outs meet the same positions again and again): along random battles, with
    one recall kept throughout as an agent keeps it, every unit's scores are those a fresh
    judgement of the position gives, after moves, shots, lying down and deaths alike."""
    from wartable.games.diadehonor.mind import Mind, Recall, Squares

    rng = random.Random(8)
    st = GAME.new_game(None, seed=4, options={"players": lineup})
    recall = Recall()
    checked = reused = played = 0
    while not st.is_over and played < 150:
        p = st.current_players[0]
        legal = st.legal_actions(p)
        seat = st.players.index(p)
        mine = [u.index for u in st.units if u.seat == seat and st.on_map(u.index)]
        if mine:
            kept, fresh = Mind(st, seat, {}, recall), Mind(st, seat, {})
            for i in mine:
                before = len(recall.scorers)
                scorer, plain = kept.scorer(i), Squares(fresh, i)
                reused += len(recall.scorers) == before
                for q in [*rng.sample(range(len(st.battle.ground)), 3), st.pos[i]]:
                    assert scorer.of(q) == plain.of(q)
                    checked += 1
        st.apply(p, rng.choice(legal))
        played += 1
    assert checked >= 1000 and reused >= 100  # scores were lent, and compared


@pytest.mark.parametrize("lineup", ["1v1", "3v3"])
def test_a_set_up_is_ranked_unit_by_unit_in_squad_order_best_square_first(lineup):
    """At set-up the heuristic places its reserve in squad order, each unit on the best free
    square; its ranking lists the first unit's squares best first, then the next unit's (it
    weighs only the units a ranking reaches): the order a plain sort of every unit on every
    square gives."""
    from wartable.games.diadehonor.ai import deploying
    from wartable.games.diadehonor.mind import Mind
    from wartable.games.diadehonor.rules.legal import to_deploy

    st = GAME.new_game(None, seed=2, options={"players": lineup})
    seen = 0
    while not st.is_over and st.legal_actions(st.current_players[0])[0].verb == "deploy":
        p = st.current_players[0]
        legal, seat = st.legal_actions(p), st.players.index(p)
        mind = Mind(st, seat, {})
        turn = {st.units[i].key: n for n, i in enumerate(to_deploy(st, seat))}
        plain = sorted(legal, key=lambda a: (turn[a.args[0]], -mind.place_score(a.args[1])))
        squares = sum(a.args[0] == legal[0].args[0] for a in legal)
        for k in (1, 8, squares + 3, len(legal)):
            assert deploying(mind, legal, k) == plain[:k]
        st.apply(p, deploying(mind, legal, 1)[0])
        seen += 1
    assert seen >= 4


def test_shots_weighed_with_the_targets_coverers_found_once_are_the_rules_shots():
    """The heuristic finds who may flank a target once a decision (``ground.coverers``) and
    weighs every shot at it with that list: along random 2v2 battles, each shot's flanker,
    terms and chances are those the rules give alone, and the flanker is the first unit of
    the attacker's side, in unit order, that may act, covers the target and flanks it."""
    from wartable.games.diadehonor.rules import attack, ground
    from wartable.games.diadehonor.rules.common import find

    rng = random.Random(6)
    st = GAME.new_game(None, seed=7, options={"players": "2v2"})
    flanked = shots = 0
    while not st.is_over and flanked < 200:
        p = st.current_players[0]
        legal = st.legal_actions(p)
        for a in (a for a in legal if a.verb == "fire"):
            i, t = find(st, a.args[0]), find(st, a.args[1])
            side = st.units[i].side
            covering = ground.coverers(st, side, t)
            plain = -1
            if st.units[t].type != "tank" and ground.covers_target(st, i, t):
                plain = next(
                    (u.index for u in st.units
                     if u.index != i and u.side == side and st.can_act(u.index)
                     and ground.covers_target(st, u.index, t)
                     and ground.flanks(st, i, u.index, t)),
                    -1,
                )  # fmt: skip
            assert ground.flanker(st, i, t, covering) == ground.flanker(st, i, t) == plain
            terms = attack.ranged_terms(st, i, t, words=False, covering=covering)
            assert terms.attack == attack.ranged_terms(st, i, t).attack
            plain_odds: dict[int, float] = {}
            for die in range(1, 7):
                n = min(attack.wounds_dealt(die, die + terms.attack, terms.defence), attack.DEATH)
                plain_odds[n] = plain_odds.get(n, 0.0) + 1 / 6
            assert attack.chances(terms) == pytest.approx(plain_odds)
            flanked += plain >= 0
            shots += 1
        st.apply(p, rng.choice(legal))
    assert flanked >= 200 and shots > flanked


def test_a_recalled_square_score_is_not_lent_where_an_enemy_of_the_same_index_differs():
    """In a search's play-outs the unit a card brings takes the next index, a gun in one
    and a sniper in another, both of range 12: what the objective wants of an enemy hangs
    on its type, so a recall lends nothing across them."""
    from wartable.games.diadehonor.mind import Mind, Recall
    from wartable.games.diadehonor.model import Unit

    st = scene()
    able = put(st, "able", "allies", "light", 0, 6)
    put(st, "berg", "axis", "light", -6, -8)
    gun = put(st, "gun", "axis", "artillery", 6, -8)
    seat = st.units[able].seat
    st.objectives[seat] = "silence_the_guns"  # the guns are the prey, and the way to go
    recall = Recall()
    squares = range(0, len(st.battle.ground), 7)
    for kind in ("artillery", "sniper", "artillery"):
        u = st.units[gun]
        st.units[gun] = Unit(u.index, u.key, u.seat, u.side, kind, u.name, u.missions)
        assert st.kind(gun).range == 12
        kept, fresh = Mind(st, seat, {}, recall).scorer(able), Mind(st, seat, {}).scorer(able)
        assert [kept.of(q) for q in squares] == [fresh.of(q) for q in squares]


def test_an_agent_that_recalls_crosses_to_a_worker_process_and_chooses_alike():
    """The server's searches run in worker processes, the agent pickled there and back
    with each decision: the recall, a cache of what does not pickle, starts afresh there,
    and the agent chooses as it would have."""
    import pickle

    from wartable.agents.registry import make_agent

    rng = random.Random(4)
    st = GAME.new_game(None, seed=6)
    search = make_agent(GAME, "ismcts:iterations=6", 3)
    plain = HeuristicAgent(2)
    decided = 0
    while not st.is_over and decided < 3:
        p = st.current_players[0]
        legal = st.legal_actions(p)
        if len(legal) > 1 and legal[0].verb != "deploy":
            twin = pickle.loads(pickle.dumps(plain))
            assert twin.act(st, p) == plain.act(st, p)
            copied = pickle.loads(pickle.dumps(search))  # after decisions that recalled
            assert copied.act(st, p) == search.act(st, p)
            decided += 1
        st.apply(p, rng.choice(legal))
    assert decided == 3


def test_what_a_square_watches_is_every_square_it_sees_within_reach():
    st = GAME.new_game(None, seed=1)
    battle = st.battle
    rng = random.Random(2)
    for _ in range(30):
        a, reach = rng.randrange(len(battle.ground)), rng.randrange(1, 12)
        bits = battle.watched(a, reach)
        plain = {
            q
            for q in range(len(battle.ground))
            if battle.apart[a * len(battle.ground) + q] <= reach and battle.sees(a, q)
        }
        assert {q for q in range(len(battle.ground)) if bits >> q & 1} == plain
