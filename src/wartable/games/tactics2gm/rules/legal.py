"""What the side to act may do in each phase, and why anything else is refused (naming the
rule). The orders (rules/orders.py) carry out only what is listed here."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.games.tactics2gm.content import UnitCard
from wartable.games.tactics2gm.deck import equipment_problems, launch_cost, may_attach
from wartable.games.tactics2gm.phases import OWN_PHASES, TURN_PHASES, Phase
from wartable.games.tactics2gm.pieces import Piece, ready, weapons
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
)

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState
    from wartable.geometry.squaregrid import Square

DONE = Action("done", ())
GIVE = Action("give", ())  # the Marshal's 1 AP to his teammate (GM-104)
KEEP, REDRAW = Action("keep", ()), Action("redraw", ())
ALONE = "alone"  # a vehicle's move that leaves the infantry beside it behind (GM-36)
# verbs whose first word is a unit of the side to act
UNIT_VERBS = frozenset(
    [
        "move",
        "fire",
        "swap",
        "march",
        "mount",
        "fold",
        "assault",
        "advance",
        "board",
        "unload",
        "storm",
        "react",
        "screen",
        "repair",
        "heal",
        "clear",
        "ride",
        "escort",
        "flak",
        "intercept",
        "engage",
        "pick",
        "trade",
    ]
)
ABOARD = "aboard"  # a unit deployed aboard a carrier deployed that phase (GM-92, GM-96)


def acting(st: Tactics2GMState) -> list[int]:
    """The seats to act now. The opening's secret choices are each seat's (the bid its
    Marshal's); an answer out of turn (the air combat, smoke, reaction fire) is the deciding
    side's Marshal's; the unit being equipped or striking is its commander's; otherwise
    every seat of the side whose turn it is that has not passed the phase (A-25)."""
    if st.phase == Phase.BID:
        return [marshal(st, s) for s in (0, 1) if st.bids[s] is None]
    if st.phase == Phase.MULLIGAN:
        return [k for k, r in enumerate(st.redraws) if r is None]
    if st.phase == Phase.OVER:
        return []
    if st.sortie is not None:  # the air combat (GM-69 to GM-74, A-13)
        return [marshal(st, air.deciding(st))]
    if st.asking:  # smoke before the enemy's roll (GM-80, A-15)
        return [marshal(st, smoke.asked(st))]
    if st.stage == "react":  # the defender fires back out of turn (GM-33)
        return [marshal(st, 1 - st.active)]
    focus = st.piece(st.equipping or (st.storming if st.stage == "strike" else ""))
    if focus is not None:
        return [commander(st, focus)]
    if st.phase in (Phase.FIRST, Phase.TERRAIN):
        return [marshal(st, st.active)]
    return [k for k in seats_of(st, st.active) if not st.passed[k]]


def legal_actions(st: Tactics2GMState, seat: int) -> list[Action]:
    """What ``seat`` may do now: nothing unless it is one of the seats to act."""
    if seat not in acting(st):
        return []
    side = side_of(st, seat)
    phase = st.phase
    if phase == Phase.BID:
        top = min(st.hq.bid_max, sum(st.ap[k] for k in seats_of(st, side)))
        return [Action("bid", (str(n),)) for n in range(top + 1)]
    if phase == Phase.MULLIGAN:
        return [KEEP, REDRAW]
    if st.sortie is not None:  # the air combat (GM-69 to GM-74, A-13)
        return air.answers(st)
    if st.asking:  # smoke, or not, before the enemy's roll (GM-80, A-15)
        return smoke.answers(st)
    if st.stage == "react":  # the defender's choice, out of its turn (GM-33)
        return react_actions(st)
    if phase == Phase.FIRST:
        return [Action("first", (s,)) for s in SIDES]
    if phase == Phase.DISCARD:
        hand = st.hands[seat]
        if len(hand) > st.hq.hand_limit:
            return [Action("discard", (c,)) for c in sorted(set(hand))]
        return [DONE]
    if phase == Phase.FIRE and any(p.assaulting for p in mine(st, seat)):
        return list(choices(st, seat))  # every assault is resolved before the phase ends
    return [*choices(st, seat), DONE]


def choices(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """Everything but passing in a phase where ``seat`` may pass, found one by one
    (``only_pass`` needs no more than the first)."""
    phase = st.phase
    if phase == Phase.TERRAIN:
        yield from terrain_actions(st, side_of(st, seat))
    elif phase == Phase.MOVE:
        yield from move_actions(st, seat)
        yield from salvage.actions(st, seat)  # GM-106
    elif phase == Phase.DEPLOY and st.equipping:
        yield from (Action("equip", (o,)) for o in equip_choices(st, st.piece(st.equipping)))
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


def only_pass(st: Tactics2GMState, seat: int) -> bool:
    """Whether ``seat`` could only pass, so that the phase may go by on its own. Only where
    that rests on public facts: in the Deployment phase a seat holding cards passes by its
    own action, whatever its cards allow, or the enemy would learn from the phase moving on
    that its hand holds nothing playable (as Undaunted's ruling 7)."""
    if st.storming or st.asking or st.sortie is not None:
        return False
    if st.phase == Phase.DISCARD:
        return len(st.hands[seat]) <= st.hq.hand_limit
    if st.phase == Phase.DEPLOY and st.hands[seat]:
        return False
    return next(choices(st, seat), None) is None


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


def assault_targets(st: Tactics2GMState, p: Piece, way: move.Way) -> list[Piece]:
    """The enemy units infantry ``p`` may assault, stepping into their square as its move's
    last step (GM-32)."""
    if not assault.may_assault(st, p):
        return []
    squares = move.assaults(way)
    return [
        q
        for q in st.pieces
        if q.side != p.side and q.sq in squares and not q.assaulting and not q.aboard
    ]


def pair_way(st: Tactics2GMState, way: move.Way, i: Piece) -> move.Way:
    """A vehicle's way with the infantry ``i`` beside it: at the slower one's pace (GM-35),
    recon only if both are, stopped by what stops either."""
    return replace(
        way,
        points=min(way.points, movement(st, i)),
        recon=way.recon and "recon" in st.lib.units[i.card].abilities,
        stopping=set(way.stopping) | stopping(st, i),
    )


def shelter_targets(st: Tactics2GMState, p: Piece, way: move.Way) -> list[Piece]:
    """The friendly armoured vehicles infantry ``p`` may join, ending its move on their
    square (GM-35, A-9)."""
    if not pairs.may_take_cover(st, p):
        return []
    near = move.paths(way).keys() - origins(st)  # an assaulter's way back stays free
    return [
        v
        for v in own(st, p.side)
        if v is not p and v.sq in near and v.sq != p.sq and pairs.shelters(st, v)
    ]


def carriers(st: Tactics2GMState, p: Piece, way: move.Way) -> list[Piece]:
    """The friendly transports (infantry) or towers (artillery) ``p`` may board, moving onto
    their square within its move (GM-92, GM-96), and the landing craft whose ramp it stands
    before (GM-81, GM-82, A-24); not again in a turn it left one."""
    kind = st.lib.units[p.card].kind
    if p.landed or kind not in carry.CARRIED:
        return []
    near = move.paths(way).keys() - origins(st)  # an assaulter's way back stays free
    return [
        c
        for c in own(st, p.side)
        if c is not p
        and (carry.front(st, c) == p.sq if carry.is_craft(st, c) else c.sq in near)
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
    for p in movers:
        if p.sq is None:
            raise InvariantError("ways: no p.sq")
        points = movement(st, p)
        if carry.is_craft(st, p):  # at sea, and only there (GM-81)
            yield p, move.Way(p.sq, points, sailing(st), enemies, grid=st.field.grid)
            continue
        recon = "recon" in st.lib.units[p.card].abilities
        walls = river.closed(st, p, sappers)
        yield (
            p,
            move.Way(
                p.sq, points, ground, enemies, recon, sappers, stopping(st, p), walls, st.field.grid
            ),
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
    friends = squares_of(own(st, side)) | origins(st)  # an assaulter's way back stays free
    for p, way in ways(st, movers):
        marches = "march" in st.lib.units[p.card].abilities
        if not deploying and marches and not p.marched and st.ap[seat] >= 1:
            yield Action("march", (p.id,))
        if not deploying and skills.may_ride(st, p):
            yield Action("ride", (p.id,))
        i = None if p.beside else pairs.partner(st, p)
        own_way = sorted(move.reach(way, friends))
        if i is None:
            yield from (Action("move", (p.id, label(sq))) for sq in own_way)
        else:  # a vehicle with infantry beside it: the pair together, or the vehicle alone
            if may_move(st, i):
                together = sorted(move.reach(pair_way(st, way, i), friends))
                yield from (Action("move", (p.id, label(sq))) for sq in together)
            yield from (Action("move", (p.id, label(sq), ALONE)) for sq in own_way)
        yield from (Action("assault", (p.id, d.id)) for d in assault_targets(st, p, way))
        yield from (Action("advance", (p.id, v.id)) for v in shelter_targets(st, p, way))
        yield from (Action("board", (p.id, c.id)) for c in carriers(st, p, way))
    for p in mine(st, seat):
        if p.aboard and (not deploying or skills.drops(st, p)):
            yield from (Action("unload", (p.id, label(sq))) for sq in set_down_squares(st, p))
    if deploying:
        return
    for a in movers:
        for b in movers:
            if a.id < b.id and swappable(st, a, b):
                yield Action("swap", (a.id, b.id))


def swappable(st: Tactics2GMState, a: Piece, b: Piece) -> bool:
    """Two orthogonal neighbours, each able to move at least one square (GM-31, A-8); not a
    unit of a pair advancing under cover (it moves with its partner, or leaves it)."""
    if a.sq is None or b.sq is None:
        raise InvariantError("swappable: no a.sq or b.sq")
    if pairs.partner(st, a) is not None or pairs.partner(st, b) is not None:
        return False
    if carry.is_craft(st, a) != carry.is_craft(st, b):
        return False  # a boat keeps to the sea, the others to the land
    if river.crosses(river.closed(st, a) | river.closed(st, b), a.sq, b.sq):
        return False  # a swap is a step each way: not across the river
    return field.steps(a.sq, b.sq) == 1 and movement(st, a) >= 1 and movement(st, b) >= 1


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
        yield from (Action("deploy", (card, where)) for where in deploy_squares(st, seat, unit))
        yield from (
            Action("deploy", (card, where, ABOARD)) for where in aboard_squares(st, side, unit)
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
        out += [Action("play", (card, *([t] if t else []))) for t in play_targets(st, seat, card)]
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
def fire_targets(st: Tactics2GMState, p: Piece, key: str, empty: list[Square]) -> list[str]:
    """Enemy units within the weapon's range, counted in orthogonal steps (GM-43), the enemy
    HQ within range (GM-16, A-5), and the ``empty`` squares whose terrain fire can wear
    down (GM-53); a fighter reaches any of them, and enemy aircraft waiting at their HQ
    (GM-67)."""
    weapon = weapons(st.lib, p)[key]
    enemy = 1 - p.side
    foes = [q for q in st.pieces if q.side == enemy and not q.aboard]
    if p.sq is None:  # a fighter
        out = [
            q.id
            for q in foes
            if (q.sq is None and weapon.air) or (q.sq is not None and weapon.ground)
        ]
        return (
            [*out, *enemy_hqs(st, p.side), *(label(sq) for sq in empty)] if weapon.ground else out
        )
    if not weapon.ground:
        return []
    out = [q.id for q in foes if q.sq is not None and field.steps(p.sq, q.sq) <= weapon.range]
    for h in hqs(st, enemy):
        if field.hq_distance(SIDES[enemy], p.sq, h // 2) <= weapon.range:
            out.append(hq_word(h))
    return out + [label(sq) for sq in empty if field.steps(p.sq, sq) <= weapon.range]


def fire_actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """Shots, and the assaults to resolve; while one is being resolved, only the assaulter's
    shot at its defender (GM-33)."""
    if st.stage == "strike":
        p = st.piece(st.storming)
        if p is None:
            raise InvariantError("fire_actions: no p")
        yield from (Action("fire", (p.id, key, p.assaulting)) for key in assault.arms(st, p))
        return
    empty = wear.targets(st)
    for p in mine(st, seat):
        if p.assaulting:
            yield Action("storm", (p.id,))
            continue
        if p.aboard:
            continue  # aboard, a unit does not fire
        yield from (Action("screen", (p.id, *where)) for where in smoke.screens(st, p))
        for key in ready(st.lib, p):
            yield from (Action("fire", (p.id, key, t)) for t in fire_targets(st, p, key, empty))


def skill_actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """Mending, healing and clearing, in any phase of the unit's own turn: abilities with no
    time of their own are used when their owner wishes (GM-28, A-17), each once a turn."""
    if st.equipping or st.storming:
        return
    for p in mine(st, seat):
        if p.aboard or p.assaulting or p.sq is None:
            continue
        skill = skills.mender(st, p)
        yield from (Action(skill, (p.id, q.id)) for q in skills.patients(st, p) if skill)
        yield from (Action("clear", (p.id, label(sq))) for sq in skills.clearable(st, p))


def react_actions(st: Tactics2GMState) -> list[Action]:
    """The defender's weapons to fire back at its assaulter with (GM-33)."""
    p = st.piece(st.storming)
    if p is None:
        raise InvariantError("react_actions: no p")
    d = assault.defender(st, p)
    return [Action("react", (d.id, key)) for key in assault.arms(st, d, out_of_turn=True)]


def mount_actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """Weapon teams set up or packed away, never both in one turn (GM-56)."""
    for p in mine(st, seat):
        if p.sq is None or p.mount_turn == st.turn or p.aboard:
            continue
        if any(w.mount for w in weapons(st.lib, p).values()):
            yield Action("fold" if p.mounted else "mount", (p.id,))


# ---- why not -----------------------------------------------------------------------------
PHASE_WORDS = {
    "bid": "both sides make a secret bid of 0 to 5 AP: bid N (GM-11)",
    "first": "the bid's winner chooses who plays first: first allies|axis (GM-11)",
    "terrain": "lay terrain bought with the bid on your lines 2-3, or done (GM-12)",
    "mulligan": "keep your opening hand or redraw it once: keep|redraw (GM-14)",
    "move": (
        "move your units: move UNIT SQUARE, assault UNIT ENEMY, advance UNIT VEHICLE, board "
        "UNIT CARRIER, unload UNIT SQUARE, swap, march, ride, or done (GM-29)"
    ),
    "deploy": (
        "deploy units and play support cards: deploy CARD SQUARE, play CARD, move a unit "
        "that arrived with Movilidad, done (GM-38, GM-87)"
    ),
    "fire": (
        "fire: fire UNIT WEAPON TARGET, screen UNIT SQUARE [left|right|both] to lay smoke, "
        "repair|heal UNIT WOUNDED, clear SAPPER SQUARE, storm UNIT to resolve an assault, or "
        "done (GM-42, GM-77, GM-94, GM-95, GM-97)"
    ),
    "flip": "set up or pack away weapon teams: mount|fold UNIT, or done (GM-56)",
    "discard": "discard down to 7 cards: discard CARD (GM-26)",
}


def why_not(st: Tactics2GMState, seat: int, action: Action) -> str:
    """Why the seat to act may not do ``action`` (the core answers for a finished battle and
    for a seat whose turn it is not)."""
    side = side_of(st, seat)
    phase = st.phase
    now = PHASE_WORDS.get(phase, "")
    verb, args = action.verb, action.args
    if phase == Phase.DEPLOY and st.equipping and verb != "equip":
        return f"finish equipping {st.equipping} first: equip OPTION, or done (GM-7)"
    if st.sortie is not None:
        return air.why_not(st, side)
    if st.asking:
        if side != smoke.asked(st):
            return f"{SIDES[smoke.asked(st)]} is deciding whether to throw smoke first (GM-80)"
        units = " or ".join(f"smoke {u}" for u in st.asking)
        return f"an enemy takes aim at {', '.join(st.asking)}: {units}, or pass (GM-80, A-15)"
    if st.stage == "react":
        arms = ", ".join(str(a) for a in react_actions(st))
        return f"fire back at {st.storming} with one ready weapon (GM-33): {arms}"
    if st.stage == "strike":
        p = st.piece(st.storming)
        target = p.assaulting if p is not None else ""
        return f"{st.storming} must fire one weapon at {target}: fire {st.storming} WEAPON {target}"
    if phase == Phase.FIRE and verb == "done" and any(p.assaulting for p in mine(st, seat)):
        return "every assault is resolved before the Fire phase ends: storm UNIT (GM-32)"
    if verb in UNIT_VERBS and args:
        p = st.piece(args[0])
        if p is None:
            return f"there is no unit {args[0]!r} in play"
        if p.side != side:
            return f"{p.id} is not yours to command"
        if commander(st, p) != seat:
            return f"{p.id} is {st.players[commander(st, p)]}'s to command (A-25)"
    if verb == "move" and phase == Phase.MOVE and args[2:] == (ALONE,):
        return "only a vehicle with infantry beside it moves alone, leaving it behind (GM-36)"
    if verb == "move" and phase == Phase.MOVE and args:
        p = st.piece(args[0])
        kept = [q.id for q in st.pieces if q.origin is not None and label(q.origin) in args[1:]]
        if kept:
            return f"that square is kept for {kept[0]} to fall back to (A-7)"
        if p is not None and not may_move(st, p):
            return (
                f"{p.id} may not move now: it has moved, was deployed this turn, or is set up "
                "as a weapon team (GM-37, GM-79)"
            )
        return (
            "that square is out of its reach: orthogonal steps, difficult ground ends a move, "
            "never into an enemy, nor across a river but at a bridge (GM-29, GM-30, GM-57, "
            "GM-61)"
        )
    if verb == "assault" and phase == Phase.MOVE and args:
        p = st.piece(args[0])
        if p is not None and not assault.may_assault(st, p):
            return f"only infantry assaults (GM-32); {p.id} is not infantry"
        return (
            "an assault is a move's last step into an enemy unit's square, by a unit that may "
            "still move (GM-32)"
        )
    if verb in ("advance", "board") and phase == Phase.MOVE and len(args) > 1:
        v = st.piece(args[1])
        kept = [q.id for q in st.pieces if v is not None and q.origin == v.sq]
        if kept:
            return f"{args[1]} stands where {kept[0]} is to fall back to (A-7)"
    if verb == "advance" and phase == Phase.MOVE:
        return (
            "infantry that may still move advances beside a friendly tank or transport with "
            "armour, within its move, one infantry a vehicle (GM-35)"
        )
    if verb == "board" and phase == Phase.MOVE:
        c = st.piece(args[1]) if len(args) > 1 else None
        if c is not None and carry.is_craft(st, c):
            return (
                "a unit that may still move boards a landing craft with room from the square "
                "before its ramp, toward the enemy's edge (GM-81, GM-82, A-24)"
            )
        return (
            "a unit that may still move boards a transport (infantry) or a tower (artillery) "
            "with room, moving onto its square; not again in a turn it left one (GM-92, GM-96)"
        )
    if verb == "unload" and phase == Phase.MOVE:
        p = st.piece(args[0]) if args else None
        c = st.piece(p.aboard) if p is not None and p.aboard else None
        if c is not None and carry.is_craft(st, c):
            return (
                "a unit leaves a landing craft only by its ramp, onto the free square before "
                "it, and not in the turn it climbed aboard (GM-82, A-24)"
            )
        return "a unit aboard is set down on a free square beside its carrier (GM-96, A-24)"
    if verb in ("repair", "heal") and phase in OWN_PHASES:
        rule = "GM-94" if verb == "repair" else "GM-95"
        return (
            f"{verb} takes one wound off a friend within one square, once a turn, by a unit "
            f"with that ability; mechanics mend vehicles and guns, medics infantry and guns "
            f"({rule})"
        )
    if verb == "clear" and phase in OWN_PHASES:
        return (
            "sappers with their tools ready clear wire, a barrier or a mine within one "
            "square (GM-97)"
        )
    if verb in ("pick", "trade"):
        if not st.ground_equipment:
            return "equipment stays on the ground only with the ground_equipment option (GM-106)"
        if phase != Phase.MOVE:
            return "equipment is taken from the ground only in your Movement phase (GM-106, A-26)"
        return salvage.WHY
    if verb == "terrain" and phase in TURN_PHASES:
        return late_terrain.why_not(st)
    if verb == "ride" and phase == Phase.MOVE:
        return "only mounted troops that have neither moved nor fired ride on (GM-86)"
    if verb == "screen" and phase == Phase.FIRE and args:
        p = st.piece(args[0])
        if p is not None and smoke.token(st, p, smoke.SCREEN) is None:
            return f"{p.id} has no smoke screen ready: none bought, or used (GM-77, GM-54)"
        return (
            "a smoke screen goes on a square within the unit's longest weapon's range, "
            "spread left, right or both only where the field goes on (GM-77, A-15)"
        )
    if verb in ("smoke", "pass"):
        return "smoke is thrown only when an enemy takes aim at the unit (GM-80, A-15)"
    if verb in air.VERBS:
        return (
            "escorts, interceptors and anti-aircraft fire answer only an attack from the air, "
            "while it is coming in (GM-69 to GM-72)"
        )
    if verb == "storm" and phase == Phase.FIRE:
        return "storm takes up an assault your unit declared this turn (GM-33)"
    if verb == "give":
        return (
            "only a team's Marshal gives, 1 AP to his teammate, once in each of their turns, "
            "in its Movement, Deployment, Fire or Flip phase (GM-104)"
        )
    if verb in ("deploy", "play") and args and args[0] not in st.hands[seat]:
        return f"you hold no {args[0]!r} card"
    if verb == "deploy" and phase == Phase.DEPLOY:
        unit = st.lib.units.get(args[0]) if args else None
        if unit is not None and "landing_craft" in unit.abilities:
            return "a landing craft deploys on the sea of your deployment line (GM-38, GM-81)"
        return (
            "units deploy on a free square of your deployment line, or aboard a carrier "
            "there that may take them, and cost their AP (GM-38, GM-81, GM-96)"
        )
    if verb == "play" and phase == Phase.DEPLOY:
        return "that card cannot be played so now: its AP, or a target it may have (GM-39)"
    if verb == "fire" and phase == Phase.FIRE and args and st.piece(args[0]) is not None:
        p = st.piece(args[0])
        if p is not None and p.assaulting:
            return f"{p.id} is assaulting {p.assaulting}: storm {p.id} first (GM-33, GM-34)"
    if verb == "fire" and phase == Phase.FIRE:
        return (
            "that weapon cannot fire at that target: it has fired, is disabled or not set up, "
            "or the target is out of range; a square is fired at only for terrain with PI "
            "left and no unit on it (GM-42, GM-43, GM-52, GM-53)"
        )
    if verb == "equip" and phase == Phase.DEPLOY:
        return "that option is not printed, not affordable, or breaks GM-8/GM-9"
    return f"{action} is not possible now: {now}" if now else f"{action} is not possible now"
