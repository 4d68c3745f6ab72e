"""A heuristic player for Combat!'s US squad: take cover, shoot at what it can see with the best
odds, otherwise close in on unreached objectives or the nearest enemy counter; rally when
shaken, reload when short. It decides from a state redrawn with ``sample_hidden``, so the
identities of face-down counters stay unknown to it."""

from __future__ import annotations

from wartable.core.action import Action
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.combat.model import GERMANY, US
from wartable.games.combat.rules.checks import CAUTIOUS, NORMAL, SHAKEN
from wartable.games.combat.rules.common import distance, sees
from wartable.games.combat.rules.firing import targets
from wartable.games.combat.rules.legal import info
from wartable.games.combat.state import CombatState

SLOW_CARD = 150  # initiative total from which a card is better spent for its effect
PREFERRED_FIRE = ("rapid_fire", "aimed_fire", "slow_suppressive_fire", "suppressive_fire")


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: GameState, player: str) -> Action:
        if not isinstance(state, CombatState):
            raise TypeError("the Combat! heuristic plays Combat! only")
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        st = state.sample_hidden(player, self.rng.next64())
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
        if moves:
            i = st.act.soldier if st.act else -1
            goal = self._goal(st, i)
            if goal is not None:
                grid, board = st.sc.board.grid, st.sc.board
                here = grid.distance(board.hexes[st.pos[i]], board.hexes[goal])
                best = min(moves, key=lambda a: self._step_score(st, a, goal))
                closer = grid.distance(board.parse(best.args[1]), board.hexes[goal]) < here
                if closer or not [a for a in legal if a.verb == "stay"]:
                    return best
        for verb in ("hold", "stay", "done"):
            for a in legal:
                if a.verb == verb:
                    return a
        return legal[0]

    @staticmethod
    def _card(st: CombatState, a: Action):  # type: ignore[no-untyped-def]
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
            if e.kind == "fire":
                cost -= 40 * e.ws if e.firers != "enemy" else -40 * e.ws
            elif e.kind in ("rally", "leadership", "extra_move"):
                cost -= 20
            else:
                cost += 60  # barred orders, a lost impulse, panic, empty magazines
        return cost

    @staticmethod
    def _deploy_score(st: CombatState, a: Action) -> float:
        board = st.sc.board
        h = board.index[board.parse(a.args[1])]
        crowd = sum(1 for s in st.soldiers if s.side == US and st.pos[s.index] == h)
        return 3.0 * st.ground.cover[h] - 2.0 * crowd + 0.1 * board.hexes[h][0]

    def _order(self, st: CombatState, legal: list[Action]) -> Action:
        i = st.find(legal[0].args[0])
        offered = {a.args[1]: a for a in legal}
        if st.morale[i] >= CAUTIOUS and "rally" in offered and not st.seen[i]:
            return offered["rally"]
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
            for o in ("evade", "sneak", "sprint") if watched else ("sprint", "evade", "sneak"):
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
            and not st.ground.cover[st.pos[o.index]]
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
    def _step_score(st: CombatState, a: Action, goal: int) -> float:
        board = st.sc.board
        h = board.parse(a.args[1])
        return board.grid.distance(h, board.hexes[goal]) - 0.5 * st.ground.cover[board.index[h]]
