"""A heuristic player for Día de Honor: shoot where the odds of wounds and kills are best (the
odds the rules give, flanking, cover and prone included), duel when the totals favour it, aim
the sniper, play its cards when they pay; otherwise move towards what its secret objective
needs (an area to hold, the kind of enemy to kill) or the nearest enemy, choosing squares in
cover, from where it can shoot, seen by few; lie down when exposed. It decides from a state
redrawn with ``sample_hidden``, so other seats' cards and objectives stay unknown to it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wartable.core.action import Action
from wartable.core.agent import Heuristic
from wartable.core.state import GameState
from wartable.games.diadehonor.content import Hold, Kills, Survive, enemy_of
from wartable.games.diadehonor.rules import attack, ground
from wartable.games.diadehonor.rules.common import find
from wartable.games.diadehonor.rules.legal import to_deploy
from wartable.games.diadehonor.state import DiaDeHonorState

VALUE = {  # what a unit is worth to its side, in light infantrymen-ish
    "tank": 6.0,
    "artillery": 4.0,
    "heavy": 3.0,
    "sniper": 3.0,
    "green_beret": 3.0,
    "assault": 2.5,
    "light": 2.0,
}
WANTED = 2.0  # a unit the secret objective asks to kill is worth this many times more
FIRE_AT_LEAST = 0.25  # a shot worth less than this waits for a better square
MOVE_AT_LEAST = 0.4  # a move must improve the square's worth by this much
CARD_AT_LEAST = 0.25  # a card worth less than this stays in the hand
DEPLOY_ORDER = 1000.0  # more than any two squares' scores differ: one unit after another
DONE = Action("done", ())
ATTACKS = ("fire", "melee", "aim")


def played(world: GameState) -> DiaDeHonorState:
    if not isinstance(world, DiaDeHonorState):
        raise TypeError("the Día de Honor heuristic plays Día de Honor only")
    return world


class HeuristicAgent(Heuristic):
    # a unit's activation offers hundreds of moves (every square it can reach): a search
    # weighs this heuristic's best few, widening as it visits (see ``rank``)
    widen = 1.0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._areas: dict[tuple[str, str, str], tuple[int, ...]] = {}

    def choose(self, world: GameState, player: str, legal: list[Action]) -> Action:
        st = played(world)
        seat = st.players.index(player)
        verb = legal[0].verb
        if verb == "react":
            return legal[0]  # detect when held: it comes first
        if verb == "initiative":
            return Action("initiative", ("first",))
        key = self.placing(st, seat, verb)
        if key is not None:
            return max(legal, key=key)
        return self.activation(st, seat, legal)

    def rank(self, world: GameState, player: str, legal: list[Action], k: int) -> list[Action]:
        """The choice, then: shots and aims worth taking by their worth, each unit's best
        move by what it gains, ending the activation, then cards, poor shots, standing up
        and lying down by their worth, then every other move by what it gains."""
        st = played(world)
        seat = st.players.index(player)
        verb = legal[0].verb
        key = self.placing(st, seat, verb)
        if key is not None:  # a stable sort: the first of the best heads it, as ``choose``
            return sorted(legal, key=key, reverse=True)[:k]
        if verb in ("react", "initiative"):
            ordered = legal
            best = self.choose(st, player, legal)
        else:  # the choice and the ranking share each unit's square scores
            scorers: dict[str, Callable[[int], float]] = {}
            best = self.activation(st, seat, legal, scorers)
            ordered = self.alternatives(st, seat, legal, scorers)
        return [best, *(a for a in ordered if a != best)][:k]

    def placing(
        self, st: DiaDeHonorState, seat: int, verb: str
    ) -> Callable[[Action], float] | None:
        """How a target, a square to bring a unit to or to deploy on is judged."""
        if verb == "target":
            return lambda a: self.worth(st, seat, find(st, a.args[0]))
        if verb == "place":
            score = self.place_scorer(st, seat)
            return lambda a: score(a.args[0])
        if verb == "deploy":
            # units are placed in any order: the heuristic takes them in squad order, the
            # first in reserve on the best square, so that a ranking offers that unit's best
            # squares first rather than one square for every unit
            score = self.place_scorer(st, seat)
            later = {st.units[i].key: n for n, i in enumerate(to_deploy(st, seat))}
            return lambda a: score(a.args[1]) - DEPLOY_ORDER * later.get(a.args[0], 0)
        return None

    # ---- what things are worth ---------------------------------------------------------------
    def wanted(self, st: DiaDeHonorState, seat: int) -> list[Kills | Hold | Survive]:
        """The conditions of the seat's own secret objective (its own: the sample keeps it)."""
        return st.lib.objectives[st.objectives[seat]].conditions

    def worth(self, st: DiaDeHonorState, seat: int, t: int) -> float:
        """What unit ``t`` is worth to ``seat``: to kill when an enemy, to keep when a friend."""
        value = VALUE.get(st.units[t].type, 2.0)
        if st.units[t].side != st.sides[seat] and any(
            isinstance(c, Kills)
            and c.types
            and st.units[t].type in c.types
            and (not c.how or set(c.how) & {"fire", "blast", "aimed"})
            for c in self.wanted(st, seat)
        ):
            value *= WANTED
        return value

    def harm_value(self, st: DiaDeHonorState, seat: int, t: int, odds: dict[int, float]) -> float:
        """The expected worth of the wounds in ``odds`` to unit ``t``: a share of its worth a
        wound, and all of it again for the kill; negative for a friend."""
        left = attack.DEATH - st.wounds[t]
        value = self.worth(st, seat, t)
        gain = sum(p * (min(n, left) / attack.DEATH + (n >= left)) for n, p in odds.items())
        sign = 1.0 if st.units[t].side != st.sides[seat] else -1.5
        return sign * gain * value

    def fire_value(self, st: DiaDeHonorState, seat: int, a: int, t: int) -> float:
        terms = attack.ranged_terms(st, a, t)
        if st.units[a].type == "tank":
            total = 0.0
            for j in attack.in_blast(st, a, t):
                value, _ = attack.defence(st, j)
                odds = attack.chances(attack.Terms(terms.attack, (), value, ()))
                total += self.harm_value(st, seat, j, odds)
            return total
        odds = attack.chances(terms)
        if attack.aimed(st, a, t):  # any hit kills
            hit = sum(p for n, p in odds.items() if n)
            odds = {0: 1 - hit, attack.DEATH: hit}
        return self.harm_value(st, seat, t, odds)

    def melee_value(self, st: DiaDeHonorState, seat: int, a: int, t: int) -> float:
        """Over the 36 pairs of dice that do not tie: what the duel deals minus what it costs."""
        gain = loss = 0.0
        ends = attack.duel_outcomes(st, a, t)
        for won, n in ends:
            if won:
                gain += self.harm_value(st, seat, t, {n: 1.0})
            else:
                loss -= self.harm_value(st, seat, a, {n: 1.0})
        if any(isinstance(c, Kills) and "melee" in c.how for c in self.wanted(st, seat)):
            gain *= WANTED
        return (gain - loss) / max(len(ends), 1)

    # ---- squares -----------------------------------------------------------------------------
    def area_distance(self, st: DiaDeHonorState, area: str, side: str) -> tuple[int, ...]:
        key = (st.battle.id, area, side)
        if key not in self._areas:
            apart, n = st.battle.apart, len(st.battle.ground)
            cells = st.battle.areas[(area, side)]
            self._areas[key] = tuple(
                min((apart[q * n + c] for c in cells), default=0) for q in range(n)
            )
        return self._areas[key]

    def place_scorer(self, st: DiaDeHonorState, seat: int) -> Callable[[str], float]:
        """How good a square (by its label) is to deploy on or bring a unit to: forward, in
        cover. One scorer a decision: a deployment offers every unit on every square, and the
        machines that give cover are found once."""
        battle = st.battle
        to_enemy, square_of = battle.to_zone[enemy_of(st.sides[seat])], battle.square_of
        covered = ground.cover_test(st)

        def score(label: str) -> float:
            q = square_of[label]
            return -to_enemy[q] + 2.0 * covered(q) - 0.001 * q

        return score

    def square_scorer(
        self, st: DiaDeHonorState, seat: int, i: int, foes: list[int]
    ) -> Callable[[int], float]:
        """How good a square is for unit ``i``: near its goal, in cover, with a shot at an
        enemy, seen by few. What does not hang on the square is worked out once, and each
        square's score is kept (moving and crawling reach the same squares)."""
        sees = st.battle.sees
        kind = st.kind(i)
        goal = self.wanted(st, seat)
        side = st.sides[seat]
        holds = [self.area_distance(st, c.area, side) for c in goal if isinstance(c, Hold)]
        hunting = any(isinstance(c, Kills) and c.types for c in goal)
        prey = [
            st.pos[t]
            for t in foes
            if self.worth(st, seat, t) > VALUE.get(st.units[t].type, 2.0) or not hunting
        ]
        chased = prey or [st.pos[t] for t in foes]  # the nearest wanted enemy, else any
        # each enemy once: where it stands, how far it shoots, whether this unit may shoot it
        watchers = [
            (st.pos[t], st.kind(t).range, kind.anti_tank or st.units[t].type != "tank")
            for t in foes
        ]
        apart, n = st.battle.apart, len(st.battle.ground)
        careful = any(isinstance(c, Survive) for c in goal)
        covered_at = ground.cover_test(st, i)
        reach, prone = kind.range, st.prone[i]
        known: dict[int, float] = {}

        def score_of(q: int) -> float:
            if q in known:
                return known[q]
            base = q * n
            score = 0.0
            for distance in holds:
                score -= 0.8 * distance[q]
            if chased:
                score -= (0.2 if careful else 0.6) * max(
                    0, min(apart[base + p] for p in chased) - reach
                )
            covered = covered_at(q)
            score += 1.2 * covered
            shots = False
            seen_by = 0
            for p, far, shootable in watchers:
                d = apart[base + p]
                if (d <= far or (shootable and d <= reach and not shots)) and sees(q, p):
                    seen_by += d <= far
                    shots = shots or (shootable and d <= reach)
            score += 1.0 if shots else 0.0
            score -= (0.15 if covered or prone else 0.3) * seen_by
            known[q] = score
            return score

        return score_of

    # ---- the activation ------------------------------------------------------------------------
    def activation(
        self,
        st: DiaDeHonorState,
        seat: int,
        legal: list[Action],
        scorers: dict[str, Callable[[int], float]] | None = None,
    ) -> Action:
        """``scorers``: each unit's square scorer, by its key, kept for the caller."""
        card = self.card(st, seat, [a for a in legal if a.verb == "play"])
        if card is not None:
            return card
        foes = self.foes(st, seat)
        mine: dict[str, list[Action]] = {}
        for a in legal:
            if a.verb not in ("play", "done"):
                mine.setdefault(a.args[0], []).append(a)
        best, score = DONE, 0.0
        for acts in mine.values():  # attacks and aims first: they pay now
            i = find(st, acts[0].args[0])
            for a in acts:
                value = self.attack_value(st, seat, i, a) if a.verb in ATTACKS else 0.0
                if value > score:
                    best, score = a, value
        if best is not DONE:
            return best
        if scorers is None:
            scorers = {}
        for k in mine:
            if k not in scorers:
                scorers[k] = self.square_scorer(st, seat, find(st, k), foes)
        order = sorted(mine, key=lambda k: -scorers[k](st.pos[find(st, k)]))
        for key in order:
            i = find(st, key)
            move = self.best_move(st, i, mine[key], foes, scorers[key])
            if move is not None:
                return move
        for key in order:  # nothing worth doing: lie down where the enemy sees the unit
            i = find(st, key)
            prone = Action("prone", (key,))
            if prone in mine[key] and not ground.in_cover(st, i) and self.seen(st, i, foes):
                return prone
        if "defensive_combat" in st.hands[seat] and st.order and st.turn == 0:
            return Action("play", ("defensive_combat",))  # the enemy acts next
        return DONE

    def alternatives(
        self,
        st: DiaDeHonorState,
        seat: int,
        legal: list[Action],
        scorers: dict[str, Callable[[int], float]] | None = None,
    ) -> list[Action]:
        """An activation's moves, the likeliest to matter first (see ``rank``); ``scorers``
        as in ``activation``."""
        foes = self.foes(st, seat)
        at = st.battle.square_of
        tiers: list[tuple[int, float, int, Action]] = []  # tier, minus its worth, order
        if scorers is None:
            scorers = {}
        for n, a in enumerate(legal):
            if a.verb == "done":
                tiers.append((2, 0.0, n, a))
            elif a.verb == "play":
                tiers.append((3, -self.card_value(st, seat, a), n, a))
            elif a.verb in ATTACKS:
                i = find(st, a.args[0])
                value = self.attack_value(st, seat, i, a)
                if value <= 0 and a.verb != "aim":  # a poor shot, still better than none
                    tiers.append((3, -self.harm_done(st, seat, i, a), n, a))
                else:
                    tiers.append((0, -value, n, a))
            elif a.verb in ("move", "crawl"):
                i = find(st, a.args[0])
                if a.args[0] not in scorers:
                    scorers[a.args[0]] = self.square_scorer(st, seat, i, foes)
                score_of = scorers[a.args[0]]
                tiers.append((4, score_of(st.pos[i]) - score_of(at[a.args[1]]), n, a))
            else:  # standing up, lying down
                tiers.append((3, 0.0, n, a))
        tiers.sort()
        moved: set[str] = set()  # each unit's best move climbs to its own tier
        for t, (tier, minus, n, a) in enumerate(tiers):
            if tier == 4 and a.args[0] not in moved:
                moved.add(a.args[0])
                tiers[t] = (1, minus, n, a)
        tiers.sort()
        return [a for *_, a in tiers]

    def attack_value(self, st: DiaDeHonorState, seat: int, i: int, a: Action) -> float:
        """Shots and duels worth taking now rank above 10, aims at 9 to 10; the rest 0."""
        if a.verb in ("fire", "melee"):
            value = self.harm_done(st, seat, i, a)
            return 10 + value if value >= FIRE_AT_LEAST else 0.0
        if a.verb == "aim":
            t = find(st, a.args[1])
            mark = st.aim.get(i, (-1, 0, 0))[0]
            return 9 + (1 if t == mark else 0) + 0.01 * self.worth(st, seat, t)
        return 0.0

    def harm_done(self, st: DiaDeHonorState, seat: int, i: int, a: Action) -> float:
        """What a shot or a duel is expected to be worth, however little."""
        t = find(st, a.args[1])
        return (
            self.fire_value(st, seat, i, t)
            if a.verb == "fire"
            else self.melee_value(st, seat, i, t)
        )

    def best_move(
        self,
        st: DiaDeHonorState,
        i: int,
        acts: list[Action],
        foes: list[int],
        score_of: Callable[[int], float],
    ) -> Action | None:
        moves = [a for a in acts if a.verb in ("move", "crawl")]
        if not moves:
            return None
        at = st.battle.square_of
        now = score_of(st.pos[i])
        best = max(moves, key=lambda a: score_of(at[a.args[1]]))
        gain = score_of(at[best.args[1]]) - now
        if st.prone[i] and not self.seen(st, i, foes):
            stand = Action("stand", (st.units[i].key,))
            if stand in acts and gain < 2 * MOVE_AT_LEAST:
                return stand  # out of sight: up and walk at full speed next
        return best if gain >= MOVE_AT_LEAST else None

    def foes(self, st: DiaDeHonorState, seat: int) -> list[int]:
        """The enemy units on the map."""
        side = st.sides[seat]
        return [u.index for u in st.units if u.side != side and st.on_map(u.index)]

    def seen(self, st: DiaDeHonorState, i: int, foes: Iterable[int]) -> bool:
        sees = st.battle.sees
        return any(sees(st.pos[t], st.pos[i]) for t in foes)

    # ---- cards -----------------------------------------------------------------------------------
    def card(self, st: DiaDeHonorState, seat: int, plays: list[Action]) -> Action | None:
        if not plays:
            return None
        best = max(plays, key=lambda a: self.card_value(st, seat, a))
        return best if self.card_value(st, seat, best) > CARD_AT_LEAST else None

    def card_value(self, st: DiaDeHonorState, seat: int, a: Action) -> float:
        card = a.args[0]
        units = [find(st, k) for k in a.args[1:]]
        if card in ("medic_choice", "first_aid", "mechanic"):
            return st.wounds[units[0]] * self.worth(st, seat, units[0]) / attack.DEATH
        if card == "medic":
            return 0.5
        if card == "grenade":
            return self.harm_value(st, seat, units[1], {2: 1.0})
        if card == "air_attack":
            return self.worth(st, seat, units[0])
        if card == "aggressive_combat":
            can_fire = any(
                not st.attacked[u.index] and st.actions[u.index]
                for u in st.units
                if u.seat == seat and st.can_act(u.index)
            )
            return 0.3 if can_fire and st.aggressive[seat] == 0 else 0.0
        return 0.0  # defensive combat: kept for the end of the activation
