"""A heuristic player for Combat!'s US squad: take cover, shoot at what it can see with the best
odds, otherwise close in on unreached objectives or the nearest enemy counter along the ground
(a sprinter goes round rough ground, where he would have to duck back); rally when shaken,
reload when short; a routed man runs for cover out of sight and stops there. It decides from a
state redrawn with ``sample_hidden``, so the identities of face-down counters stay unknown to
it."""

from __future__ import annotations

import heapq

from wartable.core.action import Action
from wartable.core.agent import Heuristic
from wartable.core.errors import InvariantError
from wartable.core.state import GameState
from wartable.games.combat.ground import Ground
from wartable.games.combat.model import GERMANY, US
from wartable.games.combat.rules.checks import CAUTIOUS, NORMAL, ROUT, SHAKEN
from wartable.games.combat.rules.common import MOVE_KINDS, covered, distance, sees
from wartable.games.combat.rules.firing import targets
from wartable.games.combat.rules.legal import info
from wartable.games.combat.schema import FriendlyCard
from wartable.games.combat.state import CombatState

SLOW_CARD = 150  # initiative total from which a card is better spent for its effect
ROUGH_DETOUR = 2.0  # hexes a sprinter would walk round rough ground on a later leg of his way
PREFERRED_FIRE = ("rapid_fire", "aimed_fire", "slow_suppressive_fire", "suppressive_fire")


class HeuristicAgent(Heuristic):
    # a search plays on to the end of the turn only: a turn is every man's order and four
    # impulses, and the fitted estimate reads its end (docs/dev/combat.md)
    horizon = 1

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._ways: dict[tuple[Ground, int, bool], list[float]] = {}

    def choose(self, world: GameState, player: str, legal: list[Action]) -> Action:
        if not isinstance(world, CombatState):
            raise TypeError("the Combat! heuristic plays Combat! only")
        st = world
        use = self._card_to_use(st, [a for a in legal if a.verb == "use"])
        if use is not None:
            return use
        legal = [a for a in legal if a.verb != "use"]
        verb = legal[0].verb
        if verb == "deploy":
            return max(legal, key=lambda a: self._deploy_score(st, a))
        if verb == "discard":
            return max(legal, key=lambda a: self._card_cost(st, a))
        if verb == "play":
            return min(legal, key=lambda a: self._card_cost(st, a))
        if verb == "order":
            return self._order(st, legal)
        fires = [a for a in legal if a.verb == "fire"]
        if fires:
            return max(fires, key=lambda a: info(st, a).get("chance", 0.0))
        moves = [a for a in legal if a.verb == "move"]
        i = st.act.soldier if st.act else -1
        if i >= 0 and st.morale[i] == ROUT:
            return self._flee(st, i, legal)
        if moves:
            goal = self._goal(st, i)
            stay = any(a.verb == "stay" for a in legal)
            if goal is None and not stay:  # a move he must finish, with nowhere to go: cover
                here = [0.0] * len(st.sc.board.hexes)
                return min(moves, key=lambda a: self._step_score(st, a, here, False))
            if goal is not None:
                # hurrying to an objective, a sprinter goes round rough ground; closing in on
                # the enemy, a sprint that ends ducked back in cover is no loss
                hurry = st.order[i] == "sprint" and goal in st.sc.objectives
                way = self._way(st, goal, hurry)
                best = min(moves, key=lambda a: self._step_score(st, a, way, hurry))
                if way[self._hex(st, best)] < way[st.pos[i]] or not stay:
                    return best
        return self._fallback(legal)

    @staticmethod
    def _fallback(legal: list[Action]) -> Action:
        """Hold, stay or be done where that is offered, else the first choice; never step
        off the map (a man who leaves is out of the game, 9.5) while anything else is left."""
        for verb in ("hold", "stay", "done"):
            for a in legal:
                if a.verb == verb:
                    return a
        return next((a for a in legal if a.verb != "leave"), legal[0])

    def _flee(self, st: CombatState, i: int, legal: list[Action]) -> Action:
        """A routed man runs at his fastest pace (17.3) and may stop only once in cover out of
        sight of known Germans, on a check (7.17): he stops whenever he may, and runs for the
        hex most like such a refuge, away from the map edge that would take him out of the
        game."""
        for a in legal:
            if a.verb == "duck":
                return a
        moves = [a for a in legal if a.verb == "move"]
        if moves:
            return min(moves, key=lambda a: self._refuge_score(st, i, self._hex(st, a)))
        return self._fallback(legal)

    @staticmethod
    def _refuge_score(st: CombatState, i: int, h: int) -> float:
        """Lower is a better hex to flee to: cover, out of sight of known Germans (where he
        may stop and rally), rough ground for a sprinter (he must duck back there, 7.07), not
        on the map edge."""
        board, sight, low = st.sc.board, st.ground.sight, st.sc.board.low_orders
        watched = any(
            o.side == GERMANY
            and st.alive(o.index)
            and st.seen[o.index]
            and sight.sees(st.pos[o.index], h, st.order[o.index] in low, False)
            for o in st.soldiers
        )
        here = board.hexes[h]
        edge = len(board.next_to[h]) < 6  # the map lists only the neighbours on it
        rough = st.order[i] == "sprint" and here in st.ground.rough
        return -2.0 * covered(st, h) - 2.0 * (not watched) - 1.0 * rough + 3.0 * edge

    @staticmethod
    def _card(st: CombatState, a: Action) -> FriendlyCard:
        return st.sc.lib.friendly_cards.cards[int(a.args[0]) - 1]

    @staticmethod
    def _card_to_use(st: CombatState, uses: list[Action]) -> Action | None:
        """Discard cards worth spending now: ready ones that only help, fixes for a man who
        needs one. Cards kept for initiative are those with no such use."""
        helpful = {"cancel_wound", "kill_outright", "reroll_shot", "reroll_any", "melee_bonus"}
        for a in uses:
            card = st.sc.lib.friendly_cards.cards[int(a.args[0]) - 1]
            kind = card.use
            if kind in helpful and sum(card.initiative or (0,)) >= SLOW_CARD:
                return a  # a card too slow to be worth keeping for initiative
            if len(a.args) > 1 and kind in ("reload", "heal_light", "rally", "morale_up"):
                i = st.find(a.args[1])
                if kind != "morale_up" or st.morale[i] >= SHAKEN:
                    return a
        return None

    @classmethod
    def _card_cost(cls, st: CombatState, a: Action) -> float:
        """Low initiative is good; so are the card's effects for the squad."""
        card = cls._card(st, a)
        cost = float(sum(card.initiative or (99, 99, 99)))
        for e in card.does:
            if e.kind == "fire":  # a change to every side's fire (card 6) leaves the odds even
                cost -= {"squad": 40, "enemy": -40}.get(e.firers, 0) * e.ws
            elif e.kind in ("rally", "leadership", "extra_move"):
                cost -= 20
            else:
                cost += 60  # barred orders, a lost impulse, panic, empty magazines
        return cost

    @staticmethod
    def _deploy_score(st: CombatState, a: Action) -> float:
        board = st.sc.board
        h = board.at(a.args[1])
        crowd = sum(1 for s in st.soldiers if s.side == US and st.pos[s.index] == h)
        return 3.0 * st.ground.cover[h] - 2.0 * crowd + 0.1 * board.hexes[h][0]

    def _order(self, st: CombatState, legal: list[Action]) -> Action:
        i = st.find(legal[0].args[0])
        offered = {a.args[1]: a for a in legal}
        if "rally" in offered and (
            st.morale[i] == ROUT or (st.morale[i] >= CAUTIOUS and not st.seen[i])
        ):
            return offered["rally"]  # a routed man is offered it only where he may rally (7.17)
        if "reload" in offered:
            return offered["reload"]
        aid = [a for a in legal if a.args[1] == "medical_aid"]
        if aid:  # a medic beside a wounded man treats him
            return aid[0]
        if "charge" in offered and st.morale[i] <= NORMAL and self._exposed_foe_near(st, i):
            return offered["charge"]  # rush a known German caught in the open
        if targets(st, i):
            for o in PREFERRED_FIRE:
                if o in offered:
                    return offered[o]
        if self._goal(st, i) is not None:
            watched = any(
                o.side == GERMANY
                and st.alive(o.index)
                and st.seen[o.index]
                and sees(st, o.index, i)
                for o in st.soldiers
            )
            paces = ("evade", "sneak", "sprint") if watched else ("sprint", "evade", "sneak")
            if paces[0] == "sprint" and "evade" in offered and self._evade_goes_further(st, i):
                paces = ("evade", "sprint", "sneak")  # a Sprint would stop in rough ground
            for o in paces:
                if o in offered:
                    return offered[o]
        for o in ("aimed_fire", "hide"):
            if o in offered:
                return offered[o]
        return legal[0]

    @staticmethod
    def _exposed_foe_near(st: CombatState, i: int) -> bool:
        return any(
            o.side == GERMANY
            and st.alive(o.index)
            and st.seen[o.index]
            and not covered(st, st.pos[o.index])
            and distance(st, st.pos[i], st.pos[o.index]) <= 2
            for o in st.soldiers
        )

    @staticmethod
    def _goal(st: CombatState, i: int) -> int | None:
        """The hex to close in on: the nearest unreached objective, else the nearest enemy."""
        if i < 0:
            return None
        grid, hexes = st.sc.board.grid, st.sc.board.hexes
        here = hexes[st.pos[i]]
        open_points = [t for t in st.sc.objectives if t not in st.reached]
        if open_points:
            return min(open_points, key=lambda t: grid.distance(here, hexes[t]))
        enemies = [s.index for s in st.soldiers if s.side == GERMANY and st.alive(s.index)]
        if not enemies:
            return None
        nearest = min(enemies, key=lambda e: grid.distance(here, hexes[st.pos[e]]))
        if grid.distance(here, hexes[st.pos[nearest]]) <= 6:
            return None  # close enough: hold and shoot
        return st.pos[nearest]

    @staticmethod
    def _hex(st: CombatState, a: Action) -> int:
        """The hex a move action steps into."""
        return st.sc.board.at(a.args[1])

    @classmethod
    def _step_score(cls, st: CombatState, a: Action, way: list[float], hurry: bool) -> float:
        """A step and the way left after it: one hex, and for a sprinter in a ``hurry`` who
        has not yet entered rough ground this impulse, the moves of the turn's later impulses
        if he enters it now, lost when he ducks back at the end of this one (7.07). Cover
        counts a little."""
        act = st.act
        if act is None:
            raise InvariantError("_step_score: no act")
        h = cls._hex(st, a)
        cost = 1.0 + way[h] - 0.5 * covered(st, h)
        if hurry and not act.rough and st.sc.board.hexes[h] in st.ground.rough:
            cost += cls._later_moves(st, st.order[act.soldier], st.impulse)
        return cost

    @staticmethod
    def _later_moves(st: CombatState, order: str, impulse: int) -> int:
        """Hexes ``order`` still moves a man after ``impulse``."""
        kinds = st.sc.lib.orders.orders[order].impulses[impulse:]
        return sum(MOVE_KINDS.get(kind, (0, False))[0] for kind in kinds)

    def _evade_goes_further(self, st: CombatState, i: int) -> bool:
        """Whether soldier ``i`` would end this turn nearer his goal at an Evade (4 hexes, any
        ground) than at a Sprint (7 hexes, but stopped by the first rough hex he enters,
        7.07, unless in a hurry for an objective he goes round it)."""
        goal = self._goal(st, i)
        return goal is not None and self._walk(st, i, "evade", goal) < self._walk(
            st, i, "sprint", goal
        )

    def _walk(self, st: CombatState, i: int, order: str, goal: int) -> float:
        """How far from ``goal`` soldier ``i`` would end the turn walking greedily under
        ``order``, no German considered, as the moves of ``act`` would take him."""
        board = st.sc.board
        hurry = order == "sprint" and goal in st.sc.objectives
        way = self._way(st, goal, hurry)
        h = st.pos[i]
        for impulse, kind in enumerate(st.sc.lib.orders.orders[order].impulses, 1):
            came, rough = -1, False
            for _ in range(MOVE_KINDS.get(kind, (0, False))[0]):
                if way[h] == 0.0:
                    return 0.0
                steps = board.next_to[h]
                costs = {j: 1.0 + way[j] for j in steps if j != came}
                if hurry and not rough:
                    for j in costs:
                        if board.hexes[j] in st.ground.rough:
                            costs[j] += self._later_moves(st, order, impulse)
                came, h = h, min(costs, key=costs.__getitem__)
                rough = rough or (order == "sprint" and board.hexes[h] in st.ground.rough)
            if rough:
                break  # he ducks back at the end of this impulse
        return self._way(st, goal, False)[h]

    def _way(self, st: CombatState, goal: int, hurry: bool) -> list[float]:
        """How far each hex is from ``goal`` along the ground: a hex a step, and for a
        sprinter in a hurry each rough hex entered ROUGH_DETOUR more (he would duck back
        there, 7.07). Worked out once per map, goal and pace (Dijkstra from the goal)."""
        key = (st.ground, goal, hurry)
        way = self._ways.get(key)
        if way is not None:
            return way
        board, rough = st.sc.board, st.ground.rough
        way = [float("inf")] * len(board.hexes)
        ends = [goal]
        if goal in st.sc.objectives:  # a point is reached from the next hex as well
            ends += board.next_to[goal]
        for h in ends:
            way[h] = 0.0
        todo = [(0.0, h) for h in ends]
        while todo:
            d, h = heapq.heappop(todo)
            if d > way[h]:
                continue
            step = d + 1.0 + (ROUGH_DETOUR if hurry and board.hexes[h] in rough else 0.0)
            for j in board.next_to[h]:
                if step < way[j]:
                    way[j] = step
                    heapq.heappush(todo, (step, j))
        self._ways[key] = way
        return way
