"""What the side to act may do in each phase, and why anything else is refused (naming the
rule). The orders (rules/orders.py) carry out only what is listed here."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from wartable.core.action import Action, act
from wartable.core.errors import InvariantError
from wartable.games.tactics2gm.content import UnitCard
from wartable.games.tactics2gm.deck import equipment_problems, launch_cost, may_attach
from wartable.games.tactics2gm.model import Piece, is_vehicle, ready, weapons
from wartable.games.tactics2gm.phases import OWN_PHASES, Phase
from wartable.games.tactics2gm.rules import (
    air,
    assault,
    carry,
    field,
    late_terrain,
    move,
    pairs,
    river,
    salvage,
    setup,
    skills,
    smoke,
    wear,
)
from wartable.games.tactics2gm.rules.common import (
    SIDES,
    card_on,
    commander,
    footing,
    footings,
    hq_of,
    hq_word,
    hqs,
    label,
    marshal,
    mine,
    movement,
    origins,
    own,
    seats_of,
    side_of,
    squares_of,
    stopping,
    stops,
)

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState
    from wartable.geometry.squaregrid import Square

DONE = Action("done", ())
GIVE = Action("give", ())  # the Marshal's 1 AP to his teammate (GM-104)
KEEP, REDRAW = Action("keep", ()), Action("redraw", ())
ALONE = "alone"  # a vehicle's move that leaves the infantry beside it behind (GM-36)
ABOARD = "aboard"  # a unit deployed aboard a carrier deployed that phase (GM-92, GM-96)


# ---- who acts in each moment (verbs.py declares the moments) -----------------------------
def bidders(st: Tactics2GMState) -> list[int]:
    """Each side's Marshal makes its secret bid (GM-11, A-25)."""
    return [marshal(st, s) for s in (0, 1) if st.bids[s] is None]


def undecided(st: Tactics2GMState) -> list[int]:
    """Each seat decides on its own opening hand (GM-14)."""
    return [k for k, r in enumerate(st.redraws) if r is None]


def nobody(st: Tactics2GMState) -> list[int]:
    return []


def air_answer(st: Tactics2GMState) -> list[int]:
    return [marshal(st, air.deciding(st))]


def smoke_answer(st: Tactics2GMState) -> list[int]:
    return [marshal(st, smoke.asked(st))]


def defender(st: Tactics2GMState) -> list[int]:
    """The defender fires back out of turn (GM-33): its side's Marshal decides."""
    return [marshal(st, 1 - st.active)]


def focus(st: Tactics2GMState) -> list[int]:
    """The commander of the unit being equipped or striking (A-25)."""
    p = st.piece(st.equipping or st.storming)
    if p is None:
        raise InvariantError("focus: no unit being equipped or striking")
    return [commander(st, p)]


def active_marshal(st: Tactics2GMState) -> list[int]:
    return [marshal(st, st.active)]


def in_turn(st: Tactics2GMState) -> list[int]:
    """Every seat of the side whose turn it is that has not passed the phase (A-25)."""
    return [k for k in seats_of(st, st.active) if not st.passed[k]]


# ---- what each moment offers ---------------------------------------------------------------
def bids(st: Tactics2GMState, seat: int) -> list[Action]:
    top = min(st.hq.bid_max, sum(st.ap[k] for k in seats_of(st, side_of(st, seat))))
    return [act("bid", (str(n),)) for n in range(top + 1)]


def opening_hand(st: Tactics2GMState, seat: int) -> list[Action]:
    return [KEEP, REDRAW]


def first_player(st: Tactics2GMState, seat: int) -> list[Action]:
    return [act("first", (s,)) for s in SIDES]


def discards(st: Tactics2GMState, seat: int) -> list[Action]:
    hand = st.hands[seat]
    if len(hand) > st.hq.hand_limit:
        return [act("discard", (c,)) for c in sorted(set(hand))]
    return [DONE]


def air_answers(st: Tactics2GMState, seat: int) -> list[Action]:
    return air.answers(st)


def smoke_answers(st: Tactics2GMState, seat: int) -> list[Action]:
    return smoke.answers(st)


def reactions(st: Tactics2GMState, seat: int) -> list[Action]:
    return react_actions(st)


def strike(st: Tactics2GMState, seat: int) -> list[Action]:
    """The assaulter's one shot at its defender (GM-33)."""
    return list(fire_actions(st, seat))


def orders(st: Tactics2GMState, seat: int) -> list[Action]:
    return with_done(st, seat, list(choices(st, seat)))


def with_done(st: Tactics2GMState, seat: int, chosen: list[Action]) -> list[Action]:
    """A phase's choices, and passing it; but in the Fire phase every assault is resolved
    before the phase may end (GM-32)."""
    if st.phase == Phase.FIRE and any(p.assaulting for p in mine(st, seat)):
        return chosen
    return [*chosen, DONE]


def choices(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """Everything but passing in a phase where ``seat`` may pass."""
    phase = st.phase
    if phase == Phase.TERRAIN:
        yield from terrain_actions(st, side_of(st, seat))
    elif phase == Phase.MOVE:
        yield from move_actions(st, seat)
        yield from salvage.actions(st, seat)  # GM-106
    elif phase == Phase.DEPLOY and st.equipping:
        yield from (act("equip", (o,)) for o in equip_choices(st, st.piece(st.equipping)))
    elif phase == Phase.DEPLOY:
        yield from deploy_actions(st, seat)
        yield from play_actions(st, seat)
        yield from move_actions(st, seat, skills.arriving(st, seat))  # GM-87, A-10
        yield from late_terrain.actions(st, seat)  # GM-13
    elif phase == Phase.FIRE:
        yield from fire_actions(st, seat)
    elif phase == Phase.FLIP:
        yield from mount_actions(st, seat)
    if phase in OWN_PHASES:
        yield from skill_actions(st, seat)
    if phase in OWN_PHASES and may_give(st, seat):
        yield GIVE


def may_give(st: Tactics2GMState, seat: int) -> bool:
    """A Marshal may give his teammate 1 AP once in each of their turns (GM-104)."""
    side = side_of(st, seat)
    return (
        not st.gave
        and len(seats_of(st, side)) > 1
        and marshal(st, side) == seat
        and st.ap[seat] >= 1
        and not st.equipping
        and not st.storming
    )


def looked(st: Tactics2GMState, seat: int) -> bool | list[Action]:
    """Whether ``seat`` could only pass (so that the phase may go by on its own), where
    public facts say; else its choices, looked at (none: it could only pass). Only public
    facts may let a phase go by: in the Deployment phase a seat holding cards passes by its
    own action, whatever its cards allow, or the enemy would learn from the phase moving on
    that its hand holds nothing playable (as Undaunted's ruling 7)."""
    if st.storming or st.asking or st.sortie is not None:
        return False
    if st.phase == Phase.DISCARD:
        return len(st.hands[seat]) <= st.hq.hand_limit
    if st.phase == Phase.DEPLOY and st.hands[seat]:
        return False
    return list(choices(st, seat))


# ---- the bid's terrain -------------------------------------------------------------------
def terrain_actions(st: Tactics2GMState, side: int) -> Iterator[Action]:
    """Terrain cards the AP bid still buys, on free squares of the side's lines 2 and 3;
    with extensive terrain, also spread to a side (GM-12, GM-107, A-20)."""
    who = SIDES[side]
    free = [
        sq
        for sq in st.field.grid.squares
        if field.line(who, sq) in (2, 3)
        and sq not in st.terrain
        and footing(st, sq) != "impassable"
    ]
    yield from setup.offers(st, st.budget[side], free, free)


# ---- Movimiento --------------------------------------------------------------------------
def may_move(st: Tactics2GMState, p: Piece) -> bool:
    """On the field, not yet moved this turn, not deployed this turn (GM-37), not set up as
    a weapon team (GM-79), not carried (it leaves its carrier instead, GM-96)."""
    return (
        p.sq is not None
        and not p.moved
        and p.deployed != st.turn
        and not p.mounted
        and not p.aboard
    )


class Side:
    """A moving side's surroundings, gathered once a listing (not once a unit): whom it
    may assault, the vehicles that give cover, the units that carry others."""

    def __init__(self, st: Tactics2GMState, side: int) -> None:
        self.own = own(st, side)
        self.origins = origins(st)  # an assaulter's way back stays free
        self.friends = squares_of(self.own) | self.origins
        self.foes = [q for q in st.pieces if q.side != side and not q.assaulting and not q.aboard]
        self.shelters = [v for v in self.own if pairs.shelters(st, v)]
        self.carriers = [c for c in self.own if carry.carries(st, c)]


def assault_targets(st: Tactics2GMState, p: Piece, way: move.Way, near: Side) -> list[Piece]:
    """The enemy units infantry ``p`` may assault, stepping into their square as its move's
    last step (GM-32)."""
    if not assault.may_assault(st, p):
        return []
    squares = move.assaults(way)
    return [q for q in near.foes if q.sq in squares]


def pair_way(st: Tactics2GMState, way: move.Way, i: Piece) -> move.Way:
    """A vehicle's way with the infantry ``i`` beside it: at the slower one's pace (GM-35),
    recon only if both are, stopped by what stops either."""
    return replace(
        way,
        points=min(way.points, movement(st, i)),
        recon=way.recon and "recon" in st.lib.units[i.card].abilities,
        stopping=set(way.stopping) | stopping(st, i),
    )


def shelter_targets(st: Tactics2GMState, p: Piece, way: move.Way, near: Side) -> list[Piece]:
    """The friendly armoured vehicles infantry ``p`` may join, ending its move on their
    square (GM-35, A-9)."""
    if not pairs.may_take_cover(st, p):
        return []
    paths = move.paths(way)
    return [
        v
        for v in near.shelters
        if v is not p and v.sq in paths and v.sq not in near.origins and v.sq != p.sq
    ]


def carriers(st: Tactics2GMState, p: Piece, way: move.Way, near: Side) -> list[Piece]:
    """The friendly transports (infantry) or towers (artillery) ``p`` may board, moving onto
    their square within its move (GM-92, GM-96), and the landing craft whose ramp it stands
    before (GM-81, GM-82, A-24); not again in a turn it left one."""
    kind = st.lib.units[p.card].kind
    if p.landed or kind not in carry.CARRIED:
        return []
    paths = move.paths(way)
    return [
        c
        for c in near.carriers
        if c is not p
        and (
            carry.front(st, c) == p.sq
            if carry.is_craft(st, c)
            else c.sq in paths and c.sq not in near.origins
        )
        and c.sq != p.sq
        and carry.takes(st, c, kind)
    ]


def set_down_squares(st: Tactics2GMState, p: Piece) -> list[Square]:
    """The free squares beside ``p``'s carrier (orthogonally, A-24) it may be set down on;
    from a landing craft, only the one before its ramp, and not by a unit that climbed
    aboard this turn: that took all of its movement (GM-82)."""
    c = st.piece(p.aboard)
    if c is None or c.sq is None:
        return []
    taken = squares_of(st.pieces) | origins(st)
    walls = river.closed(st, p)
    if carry.is_craft(st, c):
        ramp = carry.front(st, c)
        near: list[Square] = [] if p.moved or ramp is None else [ramp]
    else:
        near = list(st.field.grid.orthogonal(c.sq))
    return [
        sq
        for sq in near
        if sq not in taken
        and footing(st, sq) != "impassable"
        and not river.crosses(walls, c.sq, sq)
    ]


def ways(st: Tactics2GMState, movers: list[Piece]) -> Iterator[tuple[Piece, move.Way]]:
    """What a move of each of ``movers`` starts from and meets on the way: its square and
    points, the ground, the enemies, recon (GM-91), the difficult squares its side's
    sappers ease (GM-97), and the squares that stop it (wire, mines)."""
    if not movers:
        return
    side = movers[0].side
    ground = footings(st).__getitem__
    enemies = squares_of([q for q in st.pieces if q.side != side])
    sappers = river.sapper_squares(st, side)
    stopped = {vehicle: stops(st, side, vehicle) for vehicle in (False, True)}
    for p in movers:
        if p.sq is None:
            raise InvariantError("ways: no p.sq")
        points = movement(st, p)
        if carry.is_craft(st, p):  # at sea, and only there (GM-81)
            yield p, move.Way(p.sq, points, sailing(st), enemies, grid=st.field.grid)
            continue
        unit = st.lib.units[p.card]
        recon = "recon" in unit.abilities
        walls = river.closed(st, p, sappers)
        halts = stopped[is_vehicle(unit)]
        yield (
            p,
            move.Way(p.sq, points, ground, enemies, recon, sappers, halts, walls, st.field.grid),
        )


def sailing(st: Tactics2GMState) -> move.Footing:
    """A landing craft's footing: the sea is open water to it, the land closed."""
    sea = carry.sea_of(st.ground, st.field.grid)
    return lambda sq: "normal" if sq in sea else "impassable"


def move_actions(
    st: Tactics2GMState, seat: int, arriving: list[Piece] | None = None
) -> Iterator[Action]:
    """The Movement phase's orders for ``seat``'s units; in the Deployment phase, the moves
    of the ``arriving`` units and the set-downs from a carrier that arrived with Movilidad
    (GM-87, A-10)."""
    side = side_of(st, seat)
    deploying = arriving is not None
    movers = arriving if arriving is not None else [p for p in mine(st, seat) if may_move(st, p)]
    near = Side(st, side)
    friends = near.friends  # an assaulter's way back stays free
    for p, way in ways(st, movers):
        marches = "march" in st.lib.units[p.card].abilities
        if not deploying and marches and not p.marched and st.ap[seat] >= 1:
            yield act("march", (p.id,))
        if not deploying and skills.may_ride(st, p):
            yield act("ride", (p.id,))
        i = None if p.beside else pairs.partner(st, p)
        own_way = sorted(move.reach(way, friends))
        if i is None:
            yield from (act("move", (p.id, label(sq))) for sq in own_way)
        else:  # a vehicle with infantry beside it: the pair together, or the vehicle alone
            if may_move(st, i):
                together = sorted(move.reach(pair_way(st, way, i), friends))
                yield from (act("move", (p.id, label(sq))) for sq in together)
            yield from (act("move", (p.id, label(sq), ALONE)) for sq in own_way)
        yield from (act("assault", (p.id, d.id)) for d in assault_targets(st, p, way, near))
        yield from (act("advance", (p.id, v.id)) for v in shelter_targets(st, p, way, near))
        yield from (act("board", (p.id, c.id)) for c in carriers(st, p, way, near))
    for p in mine(st, seat):
        if p.aboard and (not deploying or skills.drops(st, p)):
            yield from (act("unload", (p.id, label(sq))) for sq in set_down_squares(st, p))
    if deploying:
        return
    yield from swaps(st, movers)


def swaps(st: Tactics2GMState, movers: list[Piece]) -> Iterator[Action]:
    """Each swap once, in the order of the movers and, for each, of its partners among them:
    only orthogonal neighbours are asked (GM-31)."""
    at: dict[Square, list[int]] = {}
    for j, b in enumerate(movers):
        if b.sq is not None:
            at.setdefault(b.sq, []).append(j)
    for a in movers:
        if a.sq is None:
            continue
        x, y = a.sq
        near = [
            j for sq in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) for j in at.get(sq, ())
        ]
        for j in sorted(near):
            b = movers[j]
            if a.id < b.id and swappable(st, a, b):
                yield act("swap", (a.id, b.id))


def swappable(st: Tactics2GMState, a: Piece, b: Piece) -> bool:
    """Two orthogonal neighbours, each able to move at least one square (GM-31, A-8); not a
    unit of a pair advancing under cover (it moves with its partner, or leaves it)."""
    if a.sq is None or b.sq is None:
        raise InvariantError("swappable: no a.sq or b.sq")
    if field.steps(a.sq, b.sq) != 1:  # the quick question first: most pairs are far apart
        return False
    if pairs.partner(st, a) is not None or pairs.partner(st, b) is not None:
        return False
    if carry.is_craft(st, a) != carry.is_craft(st, b):
        return False  # a boat keeps to the sea, the others to the land
    if river.crosses(river.closed(st, a) | river.closed(st, b), a.sq, b.sq):
        return False  # a swap is a step each way: not across the river
    return movement(st, a) >= 1 and movement(st, b) >= 1


# ---- Despliegue --------------------------------------------------------------------------
def deploy_squares(st: Tactics2GMState, seat: int, unit: UnitCard) -> list[str]:
    """Free squares of the side's deployment line (GM-38), along both fields in a battle of
    four (GM-105); paratroopers anywhere free of units and buildings (GM-74); a fighter
    waits at its player's HQ (GM-66)."""
    side = side_of(st, seat)
    if unit.cls == "fighter":
        return [hq_word(hq_of(st, seat))]
    taken = squares_of(st.pieces) | origins(st)
    if "landing_craft" in unit.abilities:  # on the sea of its deployment line (GM-81)
        water = sailing(st)
        line = st.field.deployment_line(SIDES[side])
        return [label(sq) for sq in line if sq not in taken and water(sq) == "normal"]
    if "paratrooper" in unit.abilities:
        squares = [
            sq
            for sq in st.field.grid.squares
            if sq not in taken
            and footing(st, sq) != "impassable"
            and not ((card := card_on(st, sq)) is not None and card.building)
        ]
    else:
        line = st.field.deployment_line(SIDES[side])
        squares = [sq for sq in line if sq not in taken and footing(st, sq) != "impassable"]
        if unit.kind == "infantry":  # deployed beside a vehicle entering with it (GM-36)
            squares += sorted(
                v.sq
                for v in own(st, side)
                if v.deployed == st.turn
                and v.sq in line
                and pairs.shelters(st, v)
                and footing(st, v.sq) != "impassable"  # not beside a boat at sea
            )
    return [label(sq) for sq in squares]


def deploy_actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    side = side_of(st, seat)
    for card in sorted(set(st.hands[seat])):
        unit = st.lib.units.get(card)
        if unit is None or unit.cls == "bomber" or launch_cost(unit) > st.ap[seat]:
            continue
        yield from (act("deploy", (card, where)) for where in deploy_squares(st, seat, unit))
        yield from (
            act("deploy", (card, where, ABOARD)) for where in aboard_squares(st, side, unit)
        )


def aboard_squares(st: Tactics2GMState, side: int, unit: UnitCard) -> list[str]:
    """The squares of carriers deployed this turn that may take ``unit`` aboard: the two
    enter the battle together (GM-92, GM-96); a landing craft on the deployment line takes
    units from the hand whenever it came (GM-81)."""
    if "paratrooper" in unit.abilities or unit.kind not in carry.CARRIED:
        return []
    line = st.field.deployment_line(SIDES[side])
    return [
        label(c.sq)
        for c in own(st, side)
        if (c.deployed == st.turn or carry.is_craft(st, c))
        and c.sq in line
        and carry.takes(st, c, unit.kind)
    ]


def equip_choices(st: Tactics2GMState, p: Piece | None) -> list[str]:
    """Options the unit being deployed may still buy: printed on its card, affordable, and
    within the rules of GM-8 and GM-9."""
    if p is None:
        return []
    unit = st.lib.units[p.card]
    return [
        name
        for name, o in unit.options.items()
        if name not in p.options
        and o.price <= st.ap[commander(st, p)]
        and not equipment_problems(unit, [*p.options, name])
    ]


def play_actions(st: Tactics2GMState, seat: int) -> list[Action]:
    out = []
    for card in sorted(set(st.hands[seat])):
        out += [act("play", (card, *([t] if t else []))) for t in play_targets(st, seat, card)]
    return out


def play_targets(st: Tactics2GMState, seat: int, card: str) -> list[str]:
    """Where a support card (or a bomber) may be played now: its targets, or one empty
    word for a card that takes none; nothing when it cannot be paid or has no target. A
    card on a unit may go on any unit of the side, a teammate's too."""
    side = side_of(st, seat)
    if card in st.lib.units:
        unit = st.lib.units[card]
        if unit.cls != "bomber" or launch_cost(unit) > st.ap[seat]:
            return []
        return [*enemy_hqs(st, side), *(label(sq) for sq in st.field.grid.squares)]
    c = st.lib.support[card]
    if launch_cost(c) > st.ap[seat]:
        return []
    mine = own(st, side)
    if c.effect in ("action_points", "draw"):
        return [""]
    h = hq_of(st, seat)  # on two fields, the player's own HQ
    if c.effect == "repair_hq":
        return [""] if st.hq_hp[h] < st.hq.hit_points else []
    if c.effect == "general":
        if st.generals[h] is not None or st.hq_hp[h] <= 0:
            return []
        return [k for k, g in st.lib.generals.items() if g.army == st.army(side)]
    if c.effect in ("veteran", "elite"):
        level = 1 if c.effect == "veteran" else 2
        return [p.id for p in mine if p.level < level]
    if c.effect == "heal":
        return [p.id for p in mine if p.wounds > 0]
    if c.effect in ("ram", "armour"):
        return [
            p.id
            for p in mine
            if st.lib.units[p.card].kind == "tank" and may_attach(p.attached, card) is None
        ]
    if c.effect == "impact":  # aimed at a unit's square: where two share it, at one of them
        return [p.id for p in st.pieces if p.sq is not None and not p.aboard]
    if c.effect == "at_mine":
        taken = squares_of(st.pieces)
        return [
            label(sq)
            for sq in st.field.grid.squares
            if sq not in taken and sq not in st.terrain and footing(st, sq) != "impassable"
        ]
    return []


def enemy_hqs(st: Tactics2GMState, side: int) -> list[str]:
    """The words naming the enemy's HQs: ``hq``, and ``hq2`` on two fields (GM-105)."""
    return [hq_word(h) for h in hqs(st, 1 - side)]


# ---- Disparo and Voltear -----------------------------------------------------------------
def fire_targets(
    st: Tactics2GMState, p: Piece, key: str, seen: Sighted, around: list[tuple[str, int]]
) -> list[str]:
    """Enemy units within the weapon's range, counted in orthogonal steps (GM-43), the enemy
    HQ within range (GM-16, A-5), and the empty squares whose terrain fire can wear down
    (GM-53); a fighter reaches any of them, and enemy aircraft waiting at their HQ
    (GM-67). ``around``: each target's word and distance from ``p`` (``Sighted.around``)."""
    weapon = weapons(st.lib, p)[key]
    if p.sq is None:  # a fighter
        out = [
            q.id
            for q in seen.foes
            if (q.sq is None and weapon.air) or (q.sq is not None and weapon.ground)
        ]
        if not weapon.ground:
            return out
        return [*out, *enemy_hqs(st, p.side), *(label(sq) for sq in seen.empty)]
    if not weapon.ground:
        return []
    reach = weapon.range
    return [word for word, d in around if d <= reach]


class Sighted:
    """What a side's units may fire at in one listing, and how far each of its units is
    from each: the distances are the same for every weapon a unit carries."""

    def __init__(self, st: Tactics2GMState, side: int) -> None:
        self.side = side
        self.foes = [q for q in st.pieces if q.side != side and not q.aboard]
        self.empty = wear.targets(st)

    def around(self, st: Tactics2GMState, p: Piece) -> list[tuple[str, int]]:
        """Each target's word and its distance from ``p``, in the order of the actions:
        units, the enemy's HQs, empty squares; none for a unit off the field (a fighter)."""
        if p.sq is None:
            return []
        x, y = p.sq
        enemy = 1 - self.side
        out = [(q.id, abs(q.sq[0] - x) + abs(q.sq[1] - y)) for q in self.foes if q.sq is not None]
        out += [(hq_word(h), field.hq_distance(SIDES[enemy], p.sq, h // 2)) for h in hqs(st, enemy)]
        out += [(label(sq), abs(sq[0] - x) + abs(sq[1] - y)) for sq in self.empty]
        return out


def fire_actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """Shots, and the assaults to resolve; while one is being resolved, only the assaulter's
    shot at its defender (GM-33)."""
    if st.stage == "strike":
        p = st.piece(st.storming)
        if p is None:
            raise InvariantError("fire_actions: no p")
        yield from (act("fire", (p.id, key, p.assaulting)) for key in assault.arms(st, p))
        return
    seen = Sighted(st, side_of(st, seat))
    for p in mine(st, seat):
        if p.assaulting:
            yield act("storm", (p.id,))
            continue
        if p.aboard:
            continue  # aboard, a unit does not fire
        yield from (act("screen", (p.id, *where)) for where in smoke.screens(st, p))
        around = seen.around(st, p)  # the same for every weapon it carries
        for key in ready(st.lib, p):
            yield from (act("fire", (p.id, key, t)) for t in fire_targets(st, p, key, seen, around))


def skill_actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """Mending, healing and clearing, in any phase of the unit's own turn: abilities with no
    time of their own are used when their owner wishes (GM-28, A-17), each once a turn."""
    if st.equipping or st.storming:
        return
    wounded = any(q.wounds > 0 for q in own(st, side_of(st, seat)))  # else no one to mend
    clearing = bool(st.terrain)  # else nothing to clear
    for p in mine(st, seat):
        if p.aboard or p.assaulting or p.sq is None:
            continue
        skill = skills.mender(st, p) if wounded else None
        yield from (act(skill, (p.id, q.id)) for q in skills.patients(st, p) if skill)
        if clearing:
            yield from (act("clear", (p.id, label(sq))) for sq in skills.clearable(st, p))


def react_actions(st: Tactics2GMState) -> list[Action]:
    """The defender's weapons to fire back at its assaulter with (GM-33)."""
    p = st.piece(st.storming)
    if p is None:
        raise InvariantError("react_actions: no p")
    d = assault.defender(st, p)
    return [act("react", (d.id, key)) for key in assault.arms(st, d, out_of_turn=True)]


def mount_actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """Weapon teams set up or packed away, never both in one turn (GM-56)."""
    for p in mine(st, seat):
        if p.sq is None or p.mount_turn == st.turn or p.aboard:
            continue
        if any(w.mount for w in weapons(st.lib, p).values()):
            yield act("fold" if p.mounted else "mount", (p.id,))
