"""What the heuristic player (ai.py) judges a move by: each action's score in unit values,
from the odds the rules give, the fire a square draws and the pull of the enemy HQ. Apart
from the agent's class, which derives from the core's ``Heuristic`` and so stays
interpreted, it compiles with the rules in the compiled build: a search's play-outs ask it
of every move they weigh."""

from __future__ import annotations

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.games.tactics2gm.content import SupportCard, UnitCard, Weapon
from wartable.games.tactics2gm.deck import launch_cost
from wartable.games.tactics2gm.model import HQS, Piece, weapons, wound_value
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules import air, carry, field, objectives, shots
from wartable.games.tactics2gm.rules.carry import CARRIED
from wartable.games.tactics2gm.rules.common import SIDES, hq_named, hq_of, hqs, movement, seats_of
from wartable.games.tactics2gm.rules.fire import Mods, odds, thresholds
from wartable.games.tactics2gm.state import Tactics2GMState
from wartable.geometry.squaregrid import Square

HQ_POINT = 2.5  # a point off an HQ, in unit values
AP = 0.25  # an action point, in unit values
THREAT = 0.5  # how much the fire a square draws counts against it
PULL = 0.12  # how much each step nearer the enemy HQ is worth
MOVE_AT_LEAST = 0.05  # a move must improve a unit's worth by this much
HOLD = 1.0  # standing on a square a scenario's objective names
EQUIP = 1.0  # how much a weapon's worth per shot against the enemy army counts


def value(unit: UnitCard) -> float:
    return unit.cost + 1.0


def hq_decides(st: Tactics2GMState, side: int) -> bool:
    """Whether ``side``'s HQ falling ends the battle: always in a pitched battle; in a
    scenario only where its objective says so, for the side it is aimed at."""
    if st.brief is None:
        return True
    o = st.brief.objective
    return o.hq and SIDES.index(o.side) != side


def goal_steps(st: Tactics2GMState) -> dict[Square, int]:
    """Each square's steps to the nearest square of a hold objective, the river's crossings
    counted (a unit on the near bank is as far as its way round by the bridge)."""
    if st.brief is None:
        raise InvariantError("goal_steps: no st.brief")
    key = (id(st.brief), st.walls, st.field.copies)
    if key not in _GOALS:
        fields = objectives.squares(st, st.brief.objective)  # on two fields, both (GM-105)
        todo = [st.field.grid.parse(x) for f in fields for x in f]
        out = dict.fromkeys(todo, 0)
        while todo:
            here = todo.pop(0)
            for n in st.field.grid.orthogonal(here):
                if n not in out and frozenset((here, n)) not in st.walls:
                    out[n] = out[here] + 1
                    todo.append(n)
        _GOALS[key] = out
    return _GOALS[key]


_GOALS: dict[tuple[int, frozenset[frozenset[Square]], int], dict[Square, int]] = {}


class Mind:
    """One decision's view of the battle: the scores of actions, from ``seat`` of ``side``
    (the same number but in team play)."""

    def __init__(self, st: Tactics2GMState, side: int, seat: int | None = None) -> None:
        self.st, self.side, self.enemy = st, side, 1 - side
        self.seat = side if seat is None else seat
        self.foes = [p for p in st.pieces if p.side != side and p.sq is not None and not p.aboard]
        self._worth: dict[tuple[str, Square], float] = {}
        self.aim = {q.id: shots.firer(st, q) for q in self.foes}  # each foe's own penalties
        self.menace = {q.id: self.hq_menace(q) for q in self.foes}
        self._army: list[UnitCard] | None = None  # the enemy's unit cards, for equipment
        o = st.brief.objective if st.brief is not None else None
        self.goal = goal_steps(st) if o is not None and o.kind == "hold" else {}

    def hq_menace(self, q: Piece) -> float:
        """What enemy ``q`` threatens to take off this side's HQ next turn: its best shot
        at the HQ from where it could be (its move added to its reach)."""
        st = self.st
        if q.sq is None:
            raise InvariantError("hq_menace: no q.sq")
        best = 0.0
        for h in hqs(st, self.side):
            near = field.hq_distance(SIDES[self.side], q.sq, h // 2) - movement(st, q)
            arms = [w for w in weapons(st.lib, q).values() if w.ground and w.range >= near]
            best = max([best, *(self.at_hq(q, w, h) for w in arms)])
        return best

    # ---- the verbs ---------------------------------------------------------------------
    def score(self, a: Action) -> float:
        st, verb, args = self.st, a.verb, a.args
        if verb in ("done", "pass", "keep"):
            return 0.0
        if verb == "bid":
            return 0.1 if args[0] == "1" else 0.0
        if verb == "first":
            return 1.0 if args[0] == SIDES[self.side] else 0.0
        if verb == "terrain" and st.phase != Phase.TERRAIN:
            return -0.01  # bought in the Deployment phase (GM-13): not weighed yet
        if verb == "terrain":
            card = st.lib.terrain[args[0]]
            central = 1 if st.field.grid.parse(args[1])[0] in (2, 3, 4, 5) else 0
            return 0.1 * sum(card.cover) + 0.05 * central if not card.mine else -1.0
        if verb == "redraw":
            return -1.0
        if verb in ("fire", "react", "flak", "engage"):
            return self.shot(a)
        if verb == "intercept":
            s = st.sortie
            if s is None:
                raise InvariantError("score: no s")
            return self.air_shot(args[0], args[1], s.plane) + 0.1
        if verb == "escort":
            return 0.5
        if verb == "smoke":
            return self.hide(args[0])
        if verb == "storm":
            return 5.0  # it must be resolved before the phase ends
        if verb in ("move", "advance", "unload"):
            return self.move(a)
        if verb == "assault":
            return self.assault(args[0], args[1])
        if verb in ("repair", "heal"):
            q = st.piece(args[1])
            return 0.5 * value(st.lib.units[q.card]) / st.lib.units[q.card].wounds if q else 0.0
        if verb == "clear":
            return 0.2
        if verb in ("pick", "trade"):  # free equipment from the ground (GM-106)
            p = st.piece(args[0])
            old = st.lib.units[p.card].options[args[1]].token if p and verb == "trade" else ""
            return self.kit(args[-1]) - (self.kit(old) if old else 0.0)
        if verb == "deploy":
            return self.deploy(a)
        if verb == "equip":
            return self.equip(args[0])
        if verb == "play":
            return self.play(a)
        if verb in ("mount", "fold"):
            return self.mount(args[0], verb == "mount")
        if verb == "discard":
            return self.discard(args[0])
        if verb == "give":  # to the teammate short of AP (GM-104)
            st = self.st
            mate = next(k for k in seats_of(st, self.side) if k != self.seat)
            return 0.05 if st.ap[self.seat] >= st.ap[mate] + 2 else -0.01
        return -0.01  # march, ride, swap, board, screen: not worth a thought yet

    # ---- shots ---------------------------------------------------------------------------
    def expected(
        self, p: Piece | None, weapon: Weapon, t: Piece, *, assault: bool = False
    ) -> float:
        """The expected worth of ``p``'s shot at ``t``: wounds as a share of its value, a
        kill (by damage or a critical) as all of it."""
        st = self.st
        k = shots.terms(st, p, weapon, t, assault=assault)
        if not k.pierces:
            return 0.0
        hit, crit = odds(k.need)
        unit = st.lib.units[t.card]
        left = wound_value(unit, t) - t.wounds
        worth = value(unit) + self.menace.get(t.id, 0.0)  # protect the HQ
        wound = worth if k.damage >= left else worth * k.damage / max(left, 1) * 0.8
        return (hit - crit) * wound + crit * worth

    def at_hq(self, p: Piece | None, weapon: Weapon, h: int) -> float:
        """A shot at HQ ``h``, worth its damage; the battle, where it falls and that ends it."""
        st = self.st
        if weapon.pen < st.hq.armour or st.hq_hp[h] <= 0:
            return 0.0
        hit, _ = odds(shots.need(st, p, weapon, None))
        dmg = min(shots.damage(st, p, weapon, None), st.hq_hp[h])
        if not hq_decides(st, h % 2):  # a scenario's HQ that only pays AP
            return hit * dmg * HQ_POINT * 0.2
        if st.hq_hp[h] <= dmg:
            return hit * 100.0  # the battle
        return hit * dmg * HQ_POINT

    def shot(self, a: Action) -> float:
        """A shot's expected worth; one that can do nothing is not worth the die."""
        worth = self._shot(a)
        return worth if worth > 0 else -0.01

    def _shot(self, a: Action) -> float:
        st, verb, args = self.st, a.verb, a.args
        p = st.piece(args[0])
        if p is None:
            return 0.0
        weapon = weapons(st.lib, p)[args[1]]
        if verb == "react":
            t = st.piece(st.storming)
            return self.expected(p, weapon, t) if t is not None else 0.0
        target = args[2]
        if (h := hq_named(st, self.enemy, target)) is not None:
            return self.at_hq(p, weapon, h)
        t = st.piece(target)
        if t is None:
            return -0.02  # terrain: rarely worth a shot
        if t.side == p.side:
            return -1.0
        return self.expected(p, weapon, t, assault=p.id == st.storming)

    def air_shot(self, firer: str, key: str, target: str) -> float:
        p, t = self.st.piece(firer), self.st.piece(target)
        if p is None or t is None:
            return 0.0
        return self.expected(p, weapons(self.st.lib, p)[key], t)

    def hide(self, unit: str) -> float:
        """A grenade for a unit a hit would kill, or one worth much."""
        p = self.st.piece(unit)
        if p is None:
            return 0.0
        card = self.st.lib.units[p.card]
        left = wound_value(card, p) - p.wounds
        return 1.0 if left <= 1 or value(card) >= 4 else -0.1

    # ---- where units stand -------------------------------------------------------------
    def worth(self, p: Piece, sq: Square) -> float:
        """What ``p`` standing on ``sq`` is worth: its best shot from there, less the enemy
        fire reaching it there, plus the pull towards the enemy HQ."""
        key = (p.id, sq)
        if key not in self._worth:
            self._worth[key] = self._measure(p, sq)
        return self._worth[key]

    def _measure(self, p: Piece, sq: Square) -> float:
        st = self.st
        me = p.copy()
        me.sq, me.beside, me.aboard = sq, "", ""
        best = 0.0
        arms = [w for w in weapons(st.lib, me).values() if w.ground]
        for w in arms:
            for t in self.foes:
                if t.sq is None:
                    raise InvariantError("_measure: no t.sq")
                if field.steps(sq, t.sq) <= w.range:
                    best = max(best, self.expected(me, w, t))
            for h in hqs(st, self.enemy):
                if field.hq_distance(SIDES[self.enemy], sq, h // 2) <= w.range:
                    best = max(best, self.at_hq(me, w, h))
        danger = self.danger(me)
        return best - THREAT * danger + self.pull(sq, bool(arms))

    def pull(self, sq: Square, armed: bool) -> float:
        """Where a unit wants to be: nearer the enemy HQ in a pitched battle; on the squares
        a scenario's objective names where it must hold them (both sides: one to take them,
        the other to stand in the way)."""
        st = self.st
        o = st.brief.objective if st.brief is not None else None
        if o is not None and o.kind == "hold" and self.goal:
            near = self.goal.get(sq, 99)
            return -PULL * 2 * near + (HOLD if near == 0 else 0.0)
        if not armed:
            return 0.0
        enemy = SIDES[self.enemy]
        return -PULL * min(field.hq_distance(enemy, sq, h // 2) for h in hqs(st, self.enemy))

    def danger(self, me: Piece) -> float:
        """The enemy fire that reaches ``me`` where it stands: the best shot of each enemy."""
        st = self.st
        if me.sq is None:
            raise InvariantError("danger: no me.sq")
        cover = shots.defence(st, me)
        armour = shots.armour(st, me)
        unit = st.lib.units[me.card]
        left = max(wound_value(unit, me) - me.wounds, 1)
        total = 0.0
        for q in self.foes:
            if q.sq is None:
                raise InvariantError("danger: no q.sq")
            d = field.steps(q.sq, me.sq)
            worst = 0.0
            for w in weapons(st.lib, q).values():
                if not w.ground or w.range < d or w.pen < armour:
                    continue
                need = thresholds(w.hit, w.crit, self.aim[q.id] + cover)
                hit, crit = odds(need)
                share = min(w.damage / left, 1.0)
                worst = max(worst, (hit - crit) * share + crit)
            total += worst
        return total * value(unit)

    def move(self, a: Action) -> float:
        st = self.st
        p = st.piece(a.args[0])
        if p is None:
            return 0.0
        if a.verb == "advance":
            v = st.piece(a.args[1])
            to = v.sq if v is not None else None
        else:
            to = st.field.grid.parse(a.args[1])
        if to is None or p.sq is None:
            return 0.0
        here = (
            self.worth(p, p.sq)
            if not p.aboard
            else self.worth(p, p.sq) - value(st.lib.units[p.card])
        )
        gain = self.worth(p, to) - here
        if carry.is_craft(st, p):  # a boat goes where its passengers land best
            gain += sum(self.landing(q, to) - self.landing(q, p.sq) for q in carry.aboard(st, p))
        bonus = 0.2 if a.verb == "advance" else 0.0
        return gain + bonus if gain + bonus > MOVE_AT_LEAST else -0.01

    def landing(self, q: Piece, at: Square) -> float:
        """What passenger ``q`` would be worth stepping off a landing craft at ``at``."""
        craft = self.st.piece(q.aboard)
        if craft is None:
            return 0.0
        ramp = carry.front(self.st, Piece(craft.id, craft.card, craft.side, at, 0))
        return self.worth(q, ramp) if ramp is not None else 0.0

    def assault(self, unit: str, enemy: str) -> float:
        """Storming an enemy's square: the assault's shot (armour aside) against the shot it
        takes first from the defender."""
        st = self.st
        p, d = st.piece(unit), st.piece(enemy)
        if p is None or d is None:
            return 0.0
        mine = max(
            (self.expected(p, w, d, assault=True) for w in weapons(st.lib, p).values() if w.ground),
            default=0.0,
        )
        theirs = max(
            (self.expected(d, w, p) for w in weapons(st.lib, d).values() if w.ground), default=0.0
        )
        return mine - theirs - 0.3

    # ---- cards ---------------------------------------------------------------------------
    def last_card(self, card: str) -> bool:
        """Whether playing ``card`` would leave the hand and the deck empty (A-18)."""
        st = self.st
        team = seats_of(st, self.side)
        held = [c for k in team for c in st.hands[k]]
        return not any(st.decks[k] for k in team) and held == [card]

    def deploy(self, a: Action) -> float:
        st = self.st
        card, where = a.args[0], a.args[1]
        if self.last_card(card):
            return -1.0
        unit = st.lib.units[card]
        price = launch_cost(unit)
        base = value(unit) - AP * price
        if where in HQS:  # a fighter waits at the HQ
            return base
        sq = st.field.grid.parse(where)
        probe = Piece("probe", card, self.side, sq, st.turn)
        probe.tokens = {k: "ready" for k in weapons(st.lib, probe)}
        if "landing_craft" in unit.abilities:  # worth what it will bring ashore
            return base + 0.5 * self._measure(probe, sq) + self.cargo()
        if a.args[2:]:
            craft = next((c for c in st.units_at(sq) if carry.is_craft(st, c)), None)
            ramp = carry.front(st, craft) if craft is not None else None
            if ramp is not None:  # it lands next turn: what it will be worth ashore
                return base + 0.5 * self._measure(probe, ramp)
            return base + 0.5 * self._measure(probe, sq) - 0.3
        return base + 0.5 * self._measure(probe, sq)

    def cargo(self) -> float:
        """What a new landing craft adds: room for the units in the hand that have no way
        ashore but a boat, while the craft already on the line cannot take them all."""
        st, side = self.st, self.side
        waiting = [
            c for c in st.hands[self.seat] if c in st.lib.units and st.lib.units[c].kind in CARRIED
        ]
        room = sum(
            max(st.lib.units[c.card].capacity, 1) - len(carry.aboard(st, c))
            for c in st.pieces
            if c.side == side and carry.is_craft(st, c)
        )
        return 0.5 * max(0, min(len(waiting) - room, 2))

    def equip(self, option: str) -> float:
        """A weapon by what it would do to the enemy's army, flip weapons at half (they fire
        every other turn); a defensive token when the unit has no better use for the AP."""
        st = self.st
        p = st.piece(st.equipping)
        if p is None:
            return 0.0
        o = st.lib.units[p.card].options[option]
        token = st.lib.tokens[o.token]
        if st.ap[self.seat] - o.price < 1:
            return -0.1
        if token.weapon is not None:
            w = token.weapon
            return EQUIP * self.merit(w) * (0.5 if w.flip else 1.0) - AP * o.price
        return 0.4 - AP * o.price if token.effect in ("prone", "smoke_grenade") else -0.1

    def kit(self, token: str) -> float:
        """A token's worth to its holder, priced as ``equip`` weighs it, for nothing."""
        t = self.st.lib.tokens[token]
        if t.weapon is not None:
            return EQUIP * self.merit(t.weapon) * (0.5 if t.weapon.flip else 1.0)
        return 0.4 if t.effect in ("prone", "smoke_grenade") else 0.0

    def merit(self, w: Weapon) -> float:
        """A weapon's expected worth per shot against the enemy's whole army (its deck list
        is public), each unit card counted by its copies: armour it cannot pierce counts
        nothing, so the anti-tank weapons matter against armour."""
        st, enemy = self.st, self.enemy
        if self._army is None:
            cards = [
                c for k in seats_of(st, enemy) for c in st.decks[k] + st.hands[k] + st.discards[k]
            ]
            cards += [q.card for q in st.pieces if q.side == enemy]
            self._army = [st.lib.units[c] for c in cards if c in st.lib.units]
        foes = [u for u in self._army if u.kind != "aircraft"]
        if not foes:
            return 0.0
        hit, crit = odds(thresholds(w.hit, w.crit, Mods()))
        total = 0.0
        for u in foes:  # a dear unit counts twice over: it is worth more and it hits harder
            if w.pen >= u.armour:
                total += value(u) ** 2 * ((hit - crit) * min(w.damage / u.wounds, 1.0) + crit)
        return total / sum(value(u) for u in foes)

    def play(self, a: Action) -> float:
        st = self.st
        card = a.args[0]
        if self.last_card(card):
            return -1.0
        target = a.args[1] if len(a.args) > 1 else ""
        if card in st.lib.units:
            return self.bomber(card, target)
        c = st.lib.support[card]
        cost = AP * launch_cost(c)
        return self.support(c, target) - cost

    def support(self, c: SupportCard, target: str) -> float:
        st, side = self.st, self.side
        if c.effect == "action_points":
            return AP * c.amount + 0.1
        if c.effect == "draw":
            return 0.3 * c.amount if len(st.hands[self.seat]) < 5 else -0.1
        if c.effect == "repair_hq":
            lost = st.hq.hit_points - st.hq_hp[hq_of(st, self.seat)]
            return HQ_POINT * min(c.amount, lost)
        if c.effect == "general":
            return 1.5
        if c.effect in ("veteran", "elite", "ram", "armour"):
            p = st.piece(target)
            return 0.3 * value(st.lib.units[p.card]) if p is not None else 0.0
        if c.effect == "heal":
            p = st.piece(target)
            if p is None:
                return 0.0
            unit = st.lib.units[p.card]
            return value(unit) * min(c.amount, p.wounds) / unit.wounds
        if c.effect == "impact" and c.weapon is not None:
            t = st.piece(target)
            if t is None:
                return 0.0
            sign = -1.0 if t.side == side else 1.0
            return sign * self.expected(None, c.weapon, t)
        return -0.05  # a mine laid at random is no plan

    def bomber(self, card: str, target: str) -> float:
        st = self.st
        unit = st.lib.units[card]
        cost = AP * launch_cost(unit)
        weapon = next(w for w in unit.weapons if w.ground)
        if (h := hq_named(st, self.enemy, target)) is not None:
            return self.at_hq(None, weapon, h) - cost
        total = 0.0
        for sq in air.area(unit.bomb, st.field.grid.parse(target), self.side, st.field.grid):
            for t in st.units_at(sq):
                if not t.aboard:
                    sign = -1.0 if t.side == self.side else 1.0
                    total += sign * self.expected(None, weapon, t)
        return total - cost

    def mount(self, unit: str, up: bool) -> float:
        """Weapon teams set up when an enemy is in reach of their heavy weapon, packed away
        when none is."""
        st = self.st
        p = st.piece(unit)
        if p is None or p.sq is None:
            return 0.0
        reach = max((w.range for w in weapons(st.lib, p).values() if w.mount), default=0)
        near = any(t.sq is not None and field.steps(p.sq, t.sq) <= reach for t in self.foes)
        return 0.5 if near == up else -0.1

    def discard(self, card: str) -> float:
        """The dearest card goes first: it is the one least likely to be played soon."""
        st = self.st
        c: UnitCard | SupportCard = st.lib.units.get(card) or st.lib.support[card]
        return 0.01 * launch_cost(c)
