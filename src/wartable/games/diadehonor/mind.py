"""What the heuristic player (ai.py) judges a move by: the worth of units, shots, duels, cards
and squares, to one seat in one position. Apart from the agent's class, which derives from
the core's ``Heuristic`` and so stays interpreted, it compiles with the rules in the compiled
build: a search's play-outs ask it of every move they weigh."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.games.diadehonor import sight
from wartable.games.diadehonor.content import Hold, Kills, Survive, enemy_of
from wartable.games.diadehonor.rules import attack, ground
from wartable.games.diadehonor.rules.common import find
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
DONE = Action("done", ())
ATTACKS = ("fire", "melee", "aim")
SHOTS = frozenset(("fire", "blast", "aimed"))

# an area's distance from every square, by battlefield, area and side (kept for the game)
Areas = dict[tuple[str, str, str], tuple[int, ...]]


def _forgotten(q: int) -> tuple[float, int, int]:
    """A recalled scorer's shared facts are read only through a decision's own ``Mind``."""
    raise InvariantError("a recalled square scorer is used only through Mind.scorer")


class Recall:
    """What a heuristic worked out in one decision that the next may reuse: each square's
    shared facts and each unit's square scores, by everything they hang on (so a reuse gives
    the numbers a fresh count would). Kept by the agent, forgotten when it grows large."""

    LIMIT = 4096

    def __init__(self) -> None:
        self.facts: dict[tuple[object, ...], dict[int, tuple[float, int, int]]] = {}
        self.scorers: dict[tuple[object, ...], Squares] = {}

    def squares_for(self, inputs: tuple[object, ...]) -> dict[int, tuple[float, int, int]]:
        found = self.facts.get(inputs)
        if found is None:
            if len(self.facts) >= self.LIMIT or len(self.scorers) >= self.LIMIT:
                self.facts.clear()
                self.scorers.clear()
            found = self.facts[inputs] = {}
        return found


class Squares:
    """How good a square is for one unit: near its goal, in cover, with a shot at an enemy,
    seen by few. What does not hang on the square is worked out once, and each square's
    score is kept (moving and crawling reach the same squares)."""

    square: Callable[[int], tuple[float, int, int]]  # the decision's ``Mind.square``
    reach: int
    prone: bool
    pull: float
    shots_from: int  # the squares with a shot at an enemy, as bits
    covered_at: Callable[[int], bool]
    known: dict[int, float]  # each square's score so far

    def __init__(self, mind: Mind, i: int, kept: Squares | None = None) -> None:
        """``kept``: the scorer of an earlier decision with the same inputs, whose scores
        this one shares (``Mind.scorer``)."""
        self.square = mind.square
        if kept is not None:
            self.reach, self.prone, self.pull = kept.reach, kept.prone, kept.pull
            self.shots_from, self.covered_at = kept.shots_from, kept.covered_at
            self.known = kept.known
            return
        st = mind.st
        kind = st.kind(i)
        battle = st.battle
        self.reach = reach = kind.range
        self.prone = st.prone[i]
        # the squares from where this unit has a shot at an enemy it may shoot (sight goes
        # both ways)
        shots_from = 0
        for t in mind.foes():
            if kind.anti_tank or st.units[t].type != "tank":
                shots_from |= sight.watched(battle, st.pos[t], reach)
        self.shots_from = shots_from
        self.pull = mind.pull
        self.covered_at = ground.cover_test(st, i)
        self.known = {}

    @staticmethod
    def inputs(mind: Mind, i: int) -> tuple[object, ...]:
        """All a unit's square scores hang on besides what every unit of the seat shares
        (``Mind.inputs``): its weapon's reach, whether it may shoot tanks, whether it lies
        down, and the machines it may shelter beside."""
        st = mind.st
        kind = st.kind(i)
        machines = tuple([q for j, q in mind.machines() if j != i])
        return (kind.range, kind.anti_tank, st.prone[i], machines)

    def of(self, q: int) -> float:
        known = self.known.get(q)
        if known is not None:
            return known
        score, near, seen_by = self.square(q)
        if near >= 0:
            score -= self.pull * max(0, near - self.reach)
        covered = self.covered_at(q)
        score += 1.2 * covered
        score += 1.0 if self.shots_from >> q & 1 else 0.0
        score -= (0.15 if covered or self.prone else 0.3) * seen_by
        self.known[q] = score
        return score


class Mind:
    """One seat's judgement of one position (a decision's: the position changes after it)."""

    def __init__(
        self, st: DiaDeHonorState, seat: int, areas: Areas, recall: Recall | None = None
    ) -> None:
        self.st = st
        self.seat = seat
        self.side = st.sides[seat]
        # the conditions of the seat's own secret objective (its own: a sample keeps it)
        self.goal = st.lib.objectives[st.objectives[seat]].conditions
        self.areas = areas
        self.recall = recall if recall is not None else Recall()
        # for ``place_score``: each square's steps to the enemy's zone, and the cover test
        # (made at the first square asked: it looks for the machines on the field)
        self.to_enemy = st.battle.to_zone[enemy_of(self.side)]
        self.placer: Callable[[int], bool] | None = None
        # worked out once a decision, for every unit's ``Squares``
        self._foes: list[int] | None = None
        self._holds: list[tuple[int, ...]] | None = None
        self._chased: list[int] | None = None
        self._eyes: list[int] | None = None
        self._machines: list[tuple[int, int]] | None = None
        self._inputs: tuple[object, ...] | None = None
        self._squares: dict[int, tuple[float, int, int]] | None = None
        self._covering: dict[tuple[str, int], list[int]] = {}  # ground.coverers, by side and target
        self._worth: dict[int, float] = {}
        self.pull = 0.2 if any(isinstance(c, Survive) for c in self.goal) else 0.6

    # ---- what things are worth ---------------------------------------------------------------
    def worth(self, t: int) -> float:
        """What unit ``t`` is worth to the seat: to kill when an enemy, to keep when a friend
        (by its type and the objective alone: kept for the decision)."""
        found = self._worth.get(t)
        if found is None:
            found = self._worth[t] = self._worth_of(t)
        return found

    def _worth_of(self, t: int) -> float:
        unit = self.st.units[t]
        value = VALUE.get(unit.type, 2.0)
        if unit.side != self.side and any(
            isinstance(c, Kills)
            and c.types
            and unit.type in c.types
            and (not c.how or not SHOTS.isdisjoint(c.how))
            for c in self.goal
        ):
            value *= WANTED
        return value

    def harm_value(self, t: int, odds: dict[int, float]) -> float:
        """The expected worth of the wounds in ``odds`` to unit ``t``: a share of its worth a
        wound, and all of it again for the kill; negative for a friend."""
        st = self.st
        left = attack.DEATH - st.wounds[t]
        value = self.worth(t)
        gain = sum(p * (min(n, left) / attack.DEATH + (n >= left)) for n, p in odds.items())
        sign = 1.0 if st.units[t].side != self.side else -1.5
        return sign * gain * value

    def fire_value(self, a: int, t: int) -> float:
        st = self.st
        side = st.units[a].side
        covering = self._covering.get((side, t))
        if covering is None:  # the same for every shot at ``t`` this decision
            covering = self._covering[(side, t)] = ground.coverers(st, side, t)
        terms = attack.ranged_terms(st, a, t, words=False, covering=covering)
        if st.units[a].type == "tank":
            total = 0.0
            for j in attack.in_blast(st, a, t):
                value, _ = attack.defence(st, j, words=False)
                odds = attack.chances(attack.Terms(terms.attack, (), value, ()))
                total += self.harm_value(j, odds)
            return total
        odds = attack.chances(terms)
        if attack.aimed(st, a, t):  # any hit kills
            hit = sum(p for n, p in odds.items() if n)
            odds = {0: 1 - hit, attack.DEATH: hit}
        return self.harm_value(t, odds)

    def melee_value(self, a: int, t: int) -> float:
        """Over the 36 pairs of dice that do not tie: what the duel deals minus what it costs."""
        gain = loss = 0.0
        ends = attack.duel_outcomes(self.st, a, t)
        for won, n in ends:
            if won:
                gain += self.harm_value(t, {n: 1.0})
            else:
                loss -= self.harm_value(a, {n: 1.0})
        if any(isinstance(c, Kills) and "melee" in c.how for c in self.goal):
            gain *= WANTED
        return (gain - loss) / max(len(ends), 1)

    # ---- squares -----------------------------------------------------------------------------
    def area_distance(self, area: str) -> tuple[int, ...]:
        """Each square's distance to ``area`` (of the seat's side), kept for the game."""
        battle = self.st.battle
        key = (battle.id, area, self.side)
        found = self.areas.get(key)
        if found is None:
            apart, n = battle.apart, len(battle.ground)
            cells = battle.areas[(area, self.side)]
            found = tuple(min((apart[q * n + c] for c in cells), default=0) for q in range(n))
            self.areas[key] = found
        return found

    def place_score(self, label: str) -> float:
        """How good a square (by its label) is to deploy on or bring a unit to: forward, in
        cover. The machines that give cover are found once a decision (a deployment offers
        every unit on every square)."""
        covered = self.placer
        if covered is None:
            covered = self.placer = ground.cover_test(self.st)
        q = self.st.battle.square_of[label]
        return -self.to_enemy[q] + 2.0 * covered(q) - 0.001 * q

    # ---- the activation ------------------------------------------------------------------------
    def activation(self, legal: list[Action], scorers: dict[str, Squares]) -> Action:
        """``scorers``: each unit's square scorer, by its key, kept for the caller."""
        st = self.st
        plays: list[Action] = []
        mine: dict[str, list[Action]] = {}  # each unit's actions, by its key
        attacks: dict[str, list[Action]] = {}  # its shots, duels and aims
        for a in legal:
            verb = a.verb
            if verb == "play":
                plays.append(a)
            elif verb != "done":
                key = a.args[0]
                acts = mine.get(key)
                if acts is None:
                    acts = mine[key] = []
                acts.append(a)
                if verb in ATTACKS:
                    attacks.setdefault(key, []).append(a)
        card = self.card(plays)
        if card is not None:
            return card
        foes = self.foes()
        best, score = DONE, 0.0
        for key in mine:  # attacks and aims first: they pay now
            shots = attacks.get(key)
            if shots is not None:
                i = find(st, key)
                for a in shots:
                    value = self.attack_value(i, a)
                    if value > score:
                        best, score = a, value
        if best is not DONE:
            return best
        for k in mine:
            if k not in scorers:
                scorers[k] = self.scorer(find(st, k))
        order = sorted(mine, key=lambda k: -scorers[k].of(st.pos[find(st, k)]))
        for key in order:
            i = find(st, key)
            move = self.best_move(i, mine[key], foes, scorers[key])
            if move is not None:
                return move
        for key in order:  # nothing worth doing: lie down where the enemy sees the unit
            i = find(st, key)
            prone = Action("prone", (key,))
            if prone in mine[key] and not ground.in_cover(st, i) and self.seen(i, foes):
                return prone
        if "defensive_combat" in st.hands[self.seat] and st.order and st.turn == 0:
            return Action("play", ("defensive_combat",))  # the enemy acts next
        return DONE

    def alternatives(self, legal: list[Action], scorers: dict[str, Squares]) -> list[Action]:
        """An activation's moves, the likeliest to matter first (see the agent's ``rank``);
        ``scorers`` as in ``activation``."""
        st = self.st
        at = st.battle.square_of
        tiers: list[tuple[int, float, int, Action]] = []  # tier, minus its worth, order
        for n, a in enumerate(legal):
            if a.verb == "done":
                tiers.append((2, 0.0, n, a))
            elif a.verb == "play":
                tiers.append((3, -self.card_value(a), n, a))
            elif a.verb in ATTACKS:
                i = find(st, a.args[0])
                value = self.attack_value(i, a)
                if value <= 0 and a.verb != "aim":  # a poor shot, still better than none
                    tiers.append((3, -self.harm_done(i, a), n, a))
                else:
                    tiers.append((0, -value, n, a))
            elif a.verb in ("move", "crawl"):
                i = find(st, a.args[0])
                scorer = scorers.get(a.args[0])
                if scorer is None:
                    scorer = scorers[a.args[0]] = self.scorer(i)
                tiers.append((4, scorer.of(st.pos[i]) - scorer.of(at[a.args[1]]), n, a))
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

    def attack_value(self, i: int, a: Action) -> float:
        """Shots and duels worth taking now rank above 10, aims at 9 to 10; the rest 0."""
        if a.verb in ("fire", "melee"):
            value = self.harm_done(i, a)
            return 10 + value if value >= FIRE_AT_LEAST else 0.0
        if a.verb == "aim":
            t = find(self.st, a.args[1])
            mark = self.st.aim.get(i, (-1, 0, 0))[0]
            return 9 + (1 if t == mark else 0) + 0.01 * self.worth(t)
        return 0.0

    def harm_done(self, i: int, a: Action) -> float:
        """What a shot or a duel is expected to be worth, however little."""
        t = find(self.st, a.args[1])
        return self.fire_value(i, t) if a.verb == "fire" else self.melee_value(i, t)

    def best_move(
        self, i: int, acts: list[Action], foes: list[int], squares: Squares
    ) -> Action | None:
        st = self.st
        at = st.battle.square_of
        best: Action | None = None
        top = 0.0
        for a in acts:  # the first of the best, as ``max`` would
            if a.verb in ("move", "crawl"):
                score = squares.of(at[a.args[1]])
                if best is None or score > top:
                    best, top = a, score
        if best is None:
            return None
        gain = top - squares.of(st.pos[i])
        if st.prone[i] and not self.seen(i, foes):
            stand = Action("stand", (st.units[i].key,))
            if stand in acts and gain < 2 * MOVE_AT_LEAST:
                return stand  # out of sight: up and walk at full speed next
        return best if gain >= MOVE_AT_LEAST else None

    def foes(self) -> list[int]:
        """The enemy units on the map."""
        foes = self._foes
        if foes is None:
            st, side = self.st, self.side
            foes = self._foes = [u.index for u in st.units if u.side != side and st.on_map(u.index)]
        return foes

    def holds(self) -> list[tuple[int, ...]]:
        """Each square's distance to every area the objective asks to hold."""
        holds = self._holds
        if holds is None:
            holds = self._holds = [
                self.area_distance(c.area) for c in self.goal if isinstance(c, Hold)
            ]
        return holds

    def chased(self) -> list[int]:
        """The squares of the enemies worth going after: those the objective asks to kill,
        else any."""
        chased = self._chased
        if chased is None:
            st = self.st
            hunting = any(isinstance(c, Kills) and c.types for c in self.goal)
            prey = [
                st.pos[t]
                for t in self.foes()
                if self.worth(t) > VALUE.get(st.units[t].type, 2.0) or not hunting
            ]
            chased = self._chased = prey or [st.pos[t] for t in self.foes()]
        return chased

    def eyes(self) -> list[int]:
        """The squares each enemy sees within its range, one set a foe."""
        eyes = self._eyes
        if eyes is None:
            st = self.st
            b = st.battle
            eyes = self._eyes = [sight.watched(b, st.pos[t], st.kind(t).range) for t in self.foes()]
        return eyes

    def machines(self) -> list[tuple[int, int]]:
        """The tanks and guns on the ground, wrecks included: each one's index and square."""
        machines = self._machines
        if machines is None:
            machines = self._machines = ground.machines(self.st)
        return machines

    def inputs(self) -> tuple[object, ...]:
        """All that ``square`` hangs on: the battlefield, the seat and its objective (the
        areas to hold, the enemies wanted, the pull), and each enemy on the map with its
        square, type (its worth to the objective, whether it is a tank) and reach."""
        inputs = self._inputs
        if inputs is None:
            st = self.st
            foes = tuple([(t, st.pos[t], st.units[t].type, st.kind(t).range) for t in self.foes()])
            inputs = self._inputs = (st.battle.id, self.seat, st.objectives[self.seat], foes)
        return inputs

    def scorer(self, i: int) -> Squares:
        """Unit ``i``'s square scorer: the one a decision with the same inputs made, if the
        recall holds it (a search's play-outs weigh the same squares over and over)."""
        key = (self.inputs(), i, Squares.inputs(self, i))
        recall = self.recall
        kept = recall.scorers.get(key)
        scorer = Squares(self, i, kept)
        if kept is None:  # what the recall keeps shares the scores, and holds no state
            kept = recall.scorers[key] = Squares(self, i, scorer)
            kept.square = _forgotten
        return scorer

    def square(self, q: int) -> tuple[float, int, int]:
        """What square ``q`` is to every unit of the seat alike: the pull of the areas to
        hold, the distance to the nearest enemy worth going after (-1: none) and how many
        enemies see it within their range. Worked out once for the same inputs: units that
        stand together reach many of the same squares, and a search meets the same enemy
        positions again and again."""
        squares = self._squares
        if squares is None:
            squares = self._squares = self.recall.squares_for(self.inputs())
        found = squares.get(q)
        if found is None:
            score = 0.0
            for distance in self.holds():
                score -= 0.8 * distance[q]
            chased = self.chased()
            near = -1
            if chased:
                apart, base = self.st.battle.apart, q * len(self.st.battle.ground)
                near = min([apart[base + p] for p in chased])
            seen_by = 0
            for seen in self.eyes():
                seen_by += seen >> q & 1
            found = squares[q] = (score, near, seen_by)
        return found

    def seen(self, i: int, foes: Iterable[int]) -> bool:
        st = self.st
        b = st.battle
        return any(sight.sees(b, st.pos[t], st.pos[i]) for t in foes)

    # ---- cards -----------------------------------------------------------------------------------
    def card(self, plays: list[Action]) -> Action | None:
        if not plays:
            return None
        best = max(plays, key=self.card_value)
        return best if self.card_value(best) > CARD_AT_LEAST else None

    def card_value(self, a: Action) -> float:
        st, seat = self.st, self.seat
        card = a.args[0]
        units = [find(st, k) for k in a.args[1:]]
        if card in ("medic_choice", "first_aid", "mechanic"):
            return st.wounds[units[0]] * self.worth(units[0]) / attack.DEATH
        if card == "medic":
            return 0.5
        if card == "grenade":
            return self.harm_value(units[1], {2: 1.0})
        if card == "air_attack":
            return self.worth(units[0])
        if card == "aggressive_combat":
            can_fire = any(
                not st.attacked[u.index] and st.actions[u.index]
                for u in st.units
                if u.seat == seat and st.can_act(u.index)
            )
            return 0.3 if can_fire and st.aggressive[seat] == 0 else 0.0
        return 0.0  # defensive combat: kept for the end of the activation
