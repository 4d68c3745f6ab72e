"""What a side does in its phases, once the action is known to be legal (rules/legal.py
lists them): lay bid terrain, move, swap, march, deploy and equip, play support cards, fire,
mount and fold weapon teams, discard."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import Said, named, say, say_n, word
from wartable.games.tactics2gm.deck import launch_cost
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import HQS, Piece, flips, weapons
from wartable.games.tactics2gm.rules import (
    air,
    assault,
    carry,
    pairs,
    setup,
    shots,
    smoke,
    tokens,
    wear,
)
from wartable.games.tactics2gm.rules.common import (
    SIDES,
    draw,
    enlist,
    ev,
    feature,
    hq_named,
    hq_of,
    hq_title,
    label,
    marshal,
    mine_at,
)
from wartable.games.tactics2gm.rules.legal import equip_choices
from wartable.geometry.squaregrid import Square

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState


def lay_terrain(st: Tactics2GMState, side: int, action: Action) -> list[Event]:
    """A terrain card bought with the bid, on one square or spread sideways (GM-12, GM-107)."""
    card = action.args[0]
    squares, cost = setup.lay(st, side, action)
    st.budget[side] -= cost
    where = ", ".join(label(sq) for sq in squares)
    text = say(
        "{side} lays {card} on {squares} for {ap} AP",
        side=SIDES[side],
        card=named(st.lib.terrain[card].title),
        squares=where,
        ap=cost,
    )
    return [ev(EventKind.TERRAIN, text, "GM-12", card=card, squares=[label(sq) for sq in squares])]


AIMED = ("fire", "react", "play")  # the actions that may roll against an enemy unit


def act(
    st: Tactics2GMState, seat: int, action: Action, aimed: bool = False, flown: bool = False
) -> list[Event]:
    """Carry out ``action`` (every verb comes through here, verbs.py's ``carry_out``). An
    attack from the air waits first for the air combat (GM-69 to GM-74) and goes on
    ``flown`` if it still flies; one aimed at enemy units then waits for their side's smoke
    (GM-80, A-15), and is carried out ``aimed`` once that is decided. Then the verb's own
    effect (rules/effects.py)."""
    if not (flown or aimed) and air.airborne(st, action):
        out = air.take_off(st, seat, action)
        return out if st.sortie is not None else out + act(st, seat, action, flown=True)
    if action.verb in AIMED and not aimed:
        targets, firer_sq = aimed_at(st, action)
        held = smoke.aim(st, seat, action, targets, firer_sq)
        if held:
            return held
    return st.grammar.effect(action)(st, seat, action)


def aimed_at(st: Tactics2GMState, action: Action) -> tuple[list[Piece], Square | None]:
    """The units ``action`` rolls against, and the square the shot leaves from (None from
    the air or from a card)."""
    verb, args = action.verb, action.args
    p = st.piece(args[0]) if verb in ("fire", "react") else None
    if verb == "fire" and p is not None and args[2] not in HQS:
        return [t for t in [st.piece(args[2])] if t is not None], p.sq
    if verb == "react" and p is not None:
        return [t for t in [st.piece(st.storming)] if t is not None], p.sq
    if verb == "play" and len(args) > 1 and args[1] not in HQS:
        if args[0] in st.lib.units:  # a bomber: everything in its area
            squares = air.area(
                st.lib.units[args[0]].bomb, st.field.grid.parse(args[1]), st.active, st.field.grid
            )
            return [t for sq in squares for t in st.units_at(sq) if not t.aboard], None
        if st.lib.support[args[0]].effect == "impact":
            return [t for t in [st.piece(args[1])] if t is not None], None
    return [], None


def air_combat(
    st: Tactics2GMState, action: Action, choice: Callable[[Tactics2GMState, Action], list[Event]]
) -> list[Event]:
    """A ``choice`` in the air combat (rules/air.py); when it is over, the attack goes ahead
    if its aircraft (or the paratroopers) still fly and its target is still there."""
    held = st.sortie
    if held is None:
        raise InvariantError("air_combat: no held")
    out = choice(st, action)
    if st.sortie is not None or st.piece(held.plane) is None:
        return out
    off = air.called_off(st, held)
    return out + (off or act(st, held.seat, held.action, flown=True))


def answer(st: Tactics2GMState, action: Action) -> list[Event]:
    """A smoke grenade thrown, or none; once every unit aimed at is decided, the held
    action goes ahead."""
    if action.verb == "smoke":
        p = st.piece(action.args[0])
        if p is None:
            raise InvariantError("answer: no p")
        out = smoke.throw(st, p)
        if st.asking:
            return out
    else:
        text = say("{units}: no smoke", units=", ".join(st.asking))
        out = [ev(EventKind.NO_SMOKE, text, "GM-80")]
    seat, held = smoke.release(st)
    return out + act(st, seat, held, aimed=True)


# ---- Movimiento --------------------------------------------------------------------------
def move(st: Tactics2GMState, p: Piece, to: tuple[int, int], alone: bool = False) -> list[Event]:
    """A unit's move; a vehicle with infantry beside it takes the infantry along unless it
    moves ``alone``, and infantry moving off its vehicle leaves its cover (GM-35, GM-36)."""
    start = p.sq
    if start is None:
        raise InvariantError("move: no start")
    i = None if p.beside else pairs.partner(st, p)
    if i is not None and not alone:
        text = say(
            "{unit} moves {start} -> {square} with {other} beside it",
            unit=p.id,
            start=label(start),
            square=label(to),
            other=i.id,
        )
        out = [ev(EventKind.MOVE, text, "GM-35", unit=p.id), *enter(st, p, to)]
        return out + enter(st, i, to) if i in st.pieces else out
    text = moved(p, start, to)
    out = [ev(EventKind.MOVE, text, "GM-29", unit=p.id)]
    out += pairs.part(st, p, "moved apart")
    return out + enter(st, p, to)


def moved(p: Piece, start: Square, to: Square) -> Said:
    """A move's line: "m4_sherman-1 moves C1 -> C2"."""
    return say("{unit} moves {start} -> {square}", unit=p.id, start=label(start), square=label(to))


def advance(st: Tactics2GMState, p: Piece, v: Piece) -> list[Event]:
    """Infantry ends its move on a friendly vehicle's square, to advance beside it from the
    next Movement phase (GM-35, A-9)."""
    if p.sq is None or v.sq is None:
        raise InvariantError("advance: no p.sq or v.sq")
    out = [ev(EventKind.MOVE, moved(p, p.sq, v.sq), "GM-35", unit=p.id), *enter(st, p, v.sq)]
    return out + pairs.join(st, p, v) if p in st.pieces else out


def enter(st: Tactics2GMState, p: Piece, to: tuple[int, int]) -> list[Event]:
    """``p`` ends its move on ``to``, with any unit aboard: an enemy mine there attacks it
    (GM-63); an anti-tank mine goes off once, then to its owner's discard pile."""
    p.sq, p.moved = to, True
    carry.follow(st, p)
    mine = mine_at(st, to, p)
    if mine is None:
        return []
    key = st.terrain[to]
    text = say("{unit} runs onto a mine at {square}", unit=p.id, square=label(to))
    out = [ev(EventKind.MINE, text, "GM-63")]
    out += shots.at_unit(st, None, mine, p, word("The mine"), aimed=False)
    if key in st.lib.support:
        del st.terrain[to]
        st.discards[marshal(st, st.owner.pop(to))].append(key)
    return out


def swap(st: Tactics2GMState, a: Piece, b: Piece) -> list[Event]:
    """Two adjacent friends of movement 1 or more change places (GM-31, A-8); each enters
    the other's square, mines and all."""
    there, here = b.sq, a.sq
    if there is None or here is None:
        raise InvariantError("swap: no there or here")
    out = [
        ev(EventKind.SWAP, say("{unit} and {other} change places", unit=a.id, other=b.id), "GM-31")
    ]
    a.sq = b.sq = None  # neither square is held while they pass each other
    out += enter(st, a, there)
    if b not in st.pieces:
        return out
    return out + enter(st, b, here)


def march(st: Tactics2GMState, seat: int, p: Piece) -> list[Event]:
    st.ap[seat] -= 1
    p.marched = True
    text = say("{unit} marches: 1 AP for one square more this turn", unit=p.id)
    return [ev(EventKind.MARCH, text, "GM-84")]


# ---- Despliegue --------------------------------------------------------------------------
def deploy(
    st: Tactics2GMState, seat: int, card: str, where: str, aboard: bool = False
) -> list[Event]:
    """A unit from the hand onto the field, paying its cost (GM-38); its equipment is chosen
    next, one option at a time (GM-7). A fighter waits at the HQ (GM-66). Paratroopers come
    down from the air (rules/air.py): landing on a tile feature or a terrain card costs them
    a wound (GM-74, A-11)."""
    unit = st.lib.units[card]
    sq = None if where in HQS else st.field.grid.parse(where)
    if sq is not None and "paratrooper" in unit.abilities:
        return land(st, air.aloft(st, card), sq)
    p, price = enlist(st, seat, card, sq)
    who = st.players[seat]
    place = hq_title(st, hq_of(st, seat)) if sq is None else label(sq)
    text = say(
        "{player} deploys {unit} on {place} for {ap} AP",
        player=who,
        unit=p.id,
        place=place,
        ap=price,
    )
    out = [ev(EventKind.DEPLOY, text, "GM-38")]
    # at the HQ (sq None) it is beside nobody, even another aircraft waiting there
    others = (q for q in st.pieces if q.sq == sq and q is not p and not q.aboard)
    v = next(others, None) if sq is not None else None
    if v is not None and aboard:  # it enters aboard a carrier deployed this turn (GM-96)
        out += carry.board(st, p, v)
    elif v is not None:  # the infantry enters beside a vehicle deployed this turn (GM-36)
        out += pairs.join(st, p, v)
    equip_next(st, p)
    return out


def land(st: Tactics2GMState, p: Piece, sq: Square) -> list[Event]:
    """Paratroopers still alive after the air combat take the square they dropped on."""
    p.sq = sq
    text = say("{unit} lands on {square}", unit=p.id, square=label(sq))
    out = [ev(EventKind.DEPLOY, text, "GM-74", unit=p.id)]
    if feature(st, sq) != "." or sq in st.terrain:
        p.wounds += 1
        out.append(
            ev(EventKind.LANDING, say("{unit} lands hard and takes a wound", unit=p.id), "GM-74")
        )
        out += shots.wounded(st, p, 1)
    if p in st.pieces:
        equip_next(st, p)
    return out


def equip_next(st: Tactics2GMState, p: Piece) -> None:
    """The unit just deployed chooses its equipment next, if it may buy any (GM-7)."""
    if equip_choices(st, p):
        st.equipping = p.id


def equip(st: Tactics2GMState, seat: int, option: str) -> list[Event]:
    p = st.piece(st.equipping)
    if p is None:
        raise InvariantError("equip: no p")
    o = st.lib.units[p.card].options[option]
    st.ap[seat] -= o.price
    p.options = (*p.options, option)
    p.tokens[option] = "ready"
    title = named(st.lib.tokens[o.token].title)
    text = say("{unit} takes {token} for {ap} AP", unit=p.id, token=title, ap=o.price)
    out = [ev(EventKind.EQUIP, text, "GM-7", unit=p.id)]
    if not equip_choices(st, p):
        st.equipping = ""
    return out


def equipped(st: Tactics2GMState) -> list[Event]:
    unit, st.equipping = st.equipping, ""
    return [ev(EventKind.EQUIPPED, say("{unit} is ready", unit=unit), "GM-7")]


def play(st: Tactics2GMState, seat: int, card: str, target: str) -> list[Event]:
    """A support card, or a bomber (GM-39, GM-68): paid at its launch cost where it prints
    one (GM-3), used, then discarded unless it stays on a unit (equipment, GM-89)."""
    if card in st.lib.units:
        return bomb(st, seat, card, target)
    side = st.seat_side[seat]
    c = st.lib.support[card]
    price = launch_cost(c)
    st.hands[seat].remove(card)
    st.ap[seat] -= price
    who = st.players[seat]
    text = say("{player} plays {card} for {ap} AP", player=who, card=named(c.title), ap=price)
    out = [ev(EventKind.PLAY, text, "GM-39", card=card)]
    kept = False
    if c.effect == "action_points":
        st.ap[seat] += c.amount
        out.append(
            ev(EventKind.AP, say("{player} gains {ap} AP", player=who, ap=c.amount), "GM-39")
        )
    elif c.effect == "draw":
        out += draw(st, seat, c.amount)
    elif c.effect == "repair_hq":
        h = hq_of(st, seat)
        st.hq_hp[h] = min(st.hq.hit_points, st.hq_hp[h] + c.amount)
        text = say("{hq} is back to {points} PI", hq=hq_title(st, h), points=st.hq_hp[h])
        out.append(ev(EventKind.REPAIR, text, "GM-39"))
    elif c.effect == "general":
        st.generals[hq_of(st, seat)] = target
        text = say(
            "{general} takes command at {hq}",
            general=named(st.lib.generals[target].title),
            hq=hq_title(st, hq_of(st, seat)),
        )
        out.append(ev(EventKind.GENERAL, text, "GM-22"))
    elif c.effect in ("veteran", "elite"):
        p = st.piece(target)
        if p is None:
            raise InvariantError("play: no p")
        p.level = 1 if c.effect == "veteran" else 2
        if c.effect == "veteran":
            text = say("{unit} is now veteran", unit=p.id)
        else:
            text = say("{unit} is now elite", unit=p.id)
        out.append(ev(EventKind.PROMOTED, text, "GM-5"))
    elif c.effect == "heal":
        p = st.piece(target)
        if p is None:
            raise InvariantError("play: no p")
        healed = min(c.amount, p.wounds)
        p.wounds -= healed
        text = say_n(
            "{unit} loses {count} wound(s)",
            "{unit} loses {count} wound(s)",  # the same English; other languages differ
            healed,
            unit=p.id,
        )
        out.append(ev(EventKind.HEALED, text, "GM-39"))
    elif c.effect in ("ram", "armour"):
        p = st.piece(target)
        if p is None:
            raise InvariantError("play: no p")
        p.attached = (*p.attached, card)
        kept = True
        text = say("{card} is fitted to {unit}", card=named(c.title), unit=p.id)
        out.append(ev(EventKind.ATTACHED, text, "GM-89"))
    elif c.effect == "impact":
        t = st.piece(target)
        if t is None or c.weapon is None:
            raise InvariantError("play: no t or c.weapon")
        out += shots.at_unit(st, None, c.weapon, t, named(c.title))
    elif c.effect == "at_mine":
        sq = st.field.grid.parse(target)
        st.terrain[sq], st.owner[sq] = card, side
        kept = True
        text = say("{player} lays an anti-tank mine on {square}", player=who, square=label(sq))
        out.append(ev(EventKind.MINE_LAID, text, "GM-63"))
    if not kept:
        st.discards[seat].append(card)
    return out


def bomb(st: Tactics2GMState, seat: int, card: str, target: str) -> list[Event]:
    """A bomber's one attack, with its wounds' penalty: the enemy HQ, or every unit in its
    area, friend or foe, each rolled for on its own (GM-68, GM-73, A-14), and the terrain
    of the area's empty squares where the card says its bombs wear it down; then it is
    discarded."""
    p = air.aloft(st, card)
    side = st.seat_side[seat]
    unit = st.lib.units[card]
    weapon = next(w for w in unit.weapons if w.ground)
    source = named(unit.title)
    out = []
    if (h := hq_named(st, 1 - side, target)) is not None:
        out = shots.at_hq(st, p, weapon, h, source)
    else:
        for sq in air.area(unit.bomb, st.field.grid.parse(target), side, st.field.grid):
            for t in st.units_at(sq):  # an air attack counts towards suppression
                if t in st.pieces and t.sq == sq and not t.aboard:  # nor one sent back
                    out += shots.at_unit(st, p, weapon, t, source)
            if unit.razes and sq in wear.targets(st):  # empty, with PI left
                out += shots.at_terrain(st, p, weapon, sq, source)
    st.pieces.remove(p)
    st.discards[seat].append(card)
    return out


# ---- Disparo and Voltear -----------------------------------------------------------------
def fire(st: Tactics2GMState, seat: int, p: Piece, key: str, target: str) -> list[Event]:
    """One weapon, once a turn (GM-42); a flip token is disabled by it (GM-54). A fighter
    is discarded after its one attack (GM-66)."""
    if p.id == st.storming:
        return assault.strike(st, p, key)
    weapon = weapons(st.lib, p)[key]
    p.fired = (*p.fired, key)
    p.tokens[key] = tokens.use(p.tokens[key], flips(st.lib, p, key))  # type: ignore[arg-type]
    t = st.piece(target)
    if (h := hq_named(st, 1 - p.side, target)) is not None:
        out = shots.at_hq(st, p, weapon, h, p.id)
    elif t is None:  # an empty square's terrain (GM-53)
        out = shots.at_terrain(st, p, weapon, st.field.grid.parse(target), p.id)
    else:
        out = shots.at_unit(st, p, weapon, t, p.id)
    if p.sq is None and p in st.pieces:  # a fighter: one attack, then gone
        st.pieces.remove(p)
        st.discards[seat].append(p.card)
        text = say("{unit} has made its attack and leaves", unit=p.id)
        out.append(ev(EventKind.FIGHTER_HOME, text, "GM-66"))
    return out


def mount(st: Tactics2GMState, p: Piece, up: bool) -> list[Event]:
    """Setting a weapon team up, or packing it away, in the Flip phase (GM-56, GM-79)."""
    p.mounted, p.mount_turn = up, st.turn
    if up:
        text = say("{unit} sets up its weapon: it may fire, not move", unit=p.id)
        return [ev(EventKind.MOUNT, text, "GM-79")]
    text = say("{unit} packs up its weapon: it may move next turn", unit=p.id)
    return [ev(EventKind.FOLD, text, "GM-79")]
