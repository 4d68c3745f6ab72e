"""A shot in the battle: at a unit or at an HQ, from a unit, a strike, a bomber or a mine.
The thresholds with every modifier, the die, its effect, wounds, suppression and what is
destroyed (GM-44 to GM-51, GM-64, GM-75, GM-90, A-5, A-6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError, known
from wartable.core.events import Event, rolled
from wartable.core.words import Said, named, say, say_n
from wartable.games.tactics2gm.content import Weapon
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece, effects, wound_value
from wartable.games.tactics2gm.rules import pairs, salvage, wear
from wartable.games.tactics2gm.rules.common import (
    SIDES,
    assaulters,
    card_on,
    commander,
    ev,
    feature,
    footing,
    hq_title,
    label,
    origins,
    unit_hq,
)
from wartable.games.tactics2gm.rules.cover import firer_mods, suppresses, target_mods
from wartable.games.tactics2gm.rules.field import line, steps
from wartable.games.tactics2gm.rules.fire import Mods, Shot, resolve, smoke, thresholds
from wartable.games.tactics2gm.rules.smoke import clouds as smoke_clouds
from wartable.geometry.squaregrid import Square

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState


def firer(st: Tactics2GMState, p: Piece | None) -> Mods:
    """The firer's side of a shot: its wounds and suppression (GM-49, GM-51), a promotion
    (1 off both numbers for a veteran, 2 for an elite), its general's bonus."""
    if p is None:
        return Mods()
    out = firer_mods(p.wounds, p.suppressed) + Mods(-p.level, -p.level)
    general = st.generals[unit_hq(st, p)]
    if general and st.lib.units[p.card].kind in st.lib.generals[general].kinds:
        out += Mods(st.lib.generals[general].hit, 0)
    return out


def defence(
    st: Tactics2GMState, t: Piece, clouds: set[str] | None = None, *, flames: bool = False
) -> Mods:
    """The target's side: one terrain cover, prone (GM-78), advancing beside a vehicle
    (GM-35), the thickest smoke the shot passes through (A-15). An assaulter storming a
    square is on its feet in the defender's position: no cover, but smoke still hides it.
    Flames sprayed into a building pass its walls (GM-83)."""
    if t.sq is None or t.assaulting:
        return smoke(clouds or set())
    prone = "prone" in effects(st.lib, t)
    card = None if flames else card_on(st, t.sq)
    return target_mods(
        feature(st, t.sq), card, prone=prone, advancing=bool(t.beside), smoke_on=clouds or ()
    )


def armour(st: Tactics2GMState, t: Piece) -> int:
    """The card's armour, equipment cards on it, and a building's bonus (GM-64)."""
    extra = sum(
        st.lib.support[c].amount for c in t.attached if st.lib.support[c].effect == "armour"
    )
    card = wear.building(st, t.sq)
    return st.lib.units[t.card].armour + extra + (card.armour if card is not None else 0)


def shells(st: Tactics2GMState, p: Piece | None, sq: Square | None) -> int:
    """A howitzer's +2 (to penetration and to damage) against a standing building on
    ``sq``, occupied or empty (GM-88); 0 otherwise."""
    howitzer = p is not None and "howitzer" in st.lib.units[p.card].abilities
    return 2 if howitzer and wear.building(st, sq) is not None else 0


def flames(st: Tactics2GMState, p: Piece | None, weapon: Weapon) -> bool:
    """A flamethrower: the weapon a flamethrower team buys as equipment, not its rifle."""
    if p is None:
        return False
    unit = st.lib.units[p.card]
    return "flamethrower" in unit.abilities and weapon not in unit.weapons


def penetration(st: Tactics2GMState, p: Piece | None, weapon: Weapon, t: Piece) -> int:
    pen = weapon.pen
    if p is not None:
        pen += sum(
            st.lib.support[c].amount for c in p.attached if st.lib.support[c].effect == "ram"
        )
        if "hollow_point" in st.lib.units[p.card].abilities and st.lib.units[t.card].kind == "tank":
            pen += 1  # GM-90
    return pen + shells(st, p, t.sq)


def damage(st: Tactics2GMState, p: Piece | None, weapon: Weapon, t: Piece | None) -> int:
    extra = 0
    if p is not None and t is not None and "antitank" in st.lib.units[p.card].abilities:
        extra = 1 if st.lib.units[t.card].kind == "tank" else 0  # GM-75
    return weapon.damage + extra + (shells(st, p, t.sq) if t is not None else 0)


@dataclass(frozen=True)
class Terms:
    """A shot at a unit before its die: what it needs, whether it may pierce, what it does."""

    need: tuple[int, int]  # (hit, critical); hit 1: it cannot miss
    pen: int
    armour: int
    damage: int
    armour_aside: bool  # an assault's shot (GM-33), flames into a building (GM-83)

    @property
    def pierces(self) -> bool:
        return self.armour_aside or self.pen >= self.armour


def terms(
    st: Tactics2GMState,
    p: Piece | None,
    weapon: Weapon,
    t: Piece,
    *,
    assault: bool = False,
    aimed: bool = True,
) -> Terms:
    """The numbers of ``p``'s shot with ``weapon`` at ``t``. Flames into a building always
    hit and pass armour and walls alike; the die then only tells a critical (GM-83)."""
    burn = flames(st, p, weapon) and wear.building(st, t.sq) is not None
    clouds = smoke_clouds(st, p.sq if p is not None else None, t) if aimed else set()
    hit, crit = thresholds(
        weapon.hit, weapon.crit, firer(st, p) + defence(st, t, clouds, flames=burn)
    )
    return Terms(
        (1, crit) if burn else (hit, crit),
        penetration(st, p, weapon, t),
        armour(st, t),
        damage(st, p, weapon, t),
        assault or burn,
    )


def need(
    st: Tactics2GMState, p: Piece | None, weapon: Weapon, t: Piece | None, *, aimed: bool = True
) -> tuple[int, int]:
    """The rolls to hit and to land a critical; an HQ has no cover (A-5), but a firer in a
    smoke screen shoots out of it. A mine is not aimed: smoke does not hide from it."""
    if t is not None:
        return terms(st, p, weapon, t, aimed=aimed).need
    clouds = smoke_clouds(st, p.sq if p is not None else None, None) if aimed else set()
    return thresholds(weapon.hit, weapon.crit, firer(st, p) + smoke(clouds))


def at_unit(
    st: Tactics2GMState,
    p: Piece | None,
    weapon: Weapon,
    t: Piece,
    source: str,
    *,
    assault: bool = False,
    aimed: bool = True,
) -> list[Event]:
    """``source`` (a unit's words, a strike, a mine) fires ``weapon`` at unit ``t``. A unit of
    the side whose turn it is (``p``, a bomber too) counts towards suppressing an enemy
    target on the field (GM-50, A-6). An assault's shot ignores penetration and armour
    (GM-33): it hurts whatever it hits, and counts towards suppression. Damage to a unit in a
    building wears the building down (GM-65)."""
    out = []
    k = terms(st, p, weapon, t, assault=assault, aimed=aimed)
    shooter = p.id if p is not None and p.side == st.active else ""
    if shooter and t.side != st.active and t.sq is not None:  # never in the air (a ruling)
        before = st.fired_at.setdefault(t.id, [])
        if suppresses(before, shooter, k.pierces) and not t.suppressed:
            t.suppressed = True
            text = say("{unit} is suppressed: a second unit fires at it", unit=t.id)
            out.append(ev(EventKind.SUPPRESSED, text, "GM-50"))
        if k.pierces and shooter not in before:
            before.append(shooter)
    die = st.rng.die(10)
    shot = resolve(die, k.need, k.pen, k.armour, k.damage, assault=k.armour_aside)
    head = fired(source, weapon, t.id, k.need, die)
    roll = shot_roll(shot)
    if shot.effect == "miss":
        text = say("{shot}: a miss", shot=head)
        return [*out, ev(EventKind.MISS, text, "GM-44", die=die, roll=roll)]
    if shot.effect == "no_effect":
        text = say(
            "{shot}: a hit, but penetration {pen} is below armour {armour}: no effect",
            shot=head,
            pen=k.pen,
            armour=k.armour,
        )
        return [*out, ev(EventKind.NO_EFFECT, text, "GM-46", die=die, roll=roll)]
    if shot.effect == "destroyed":  # the building is unharmed by a critical (GM-65)
        text = say("{shot}: a critical", shot=head)
        out.append(ev(EventKind.CRITICAL, text, "GM-47", die=die, roll=roll))
        return out + destroy(st, t)
    t.wounds += shot.wounds
    text = say_n(
        "{shot}: a hit, {count} wound(s)",
        "{shot}: a hit, {count} wound(s)",  # the same English; other languages differ
        shot.wounds,
        shot=head,
    )
    out.append(ev(EventKind.HIT, text, "GM-48", die=die, roll=roll))
    return out + wounded(st, t, shot.wounds)


def fired(source: str, weapon: Weapon, target: str, need: tuple[int, int], die: int) -> Said:
    """A shot at a unit up to its die: "tiger-1 fires 88 mm KwK 36 at m4_sherman-1: needs 6+
    (critical 10+), rolls 7"."""
    hit, crit = need
    if hit == 1:
        return say(
            "{source} fires {weapon} at {target}: cannot miss (critical {critical}+), rolls {die}",
            source=source,
            weapon=named(weapon.name),
            target=target,
            critical=crit,
            die=die,
        )
    return say(
        "{source} fires {weapon} at {target}: needs {hit}+ (critical {critical}+), rolls {die}",
        source=source,
        weapon=named(weapon.name),
        target=target,
        hit=hit,
        critical=crit,
        die=die,
    )


def wounded(st: Tactics2GMState, t: Piece, n: int) -> list[Event]:
    """After ``t`` takes ``n`` wounds: its building loses as many PI, and falling buries
    every unit holding the square, ``t`` included; ``t`` falls at its wound value. An
    assaulter storming a building is not inside it yet."""
    sq, out = t.sq, []
    fell = False
    if sq is not None and wear.building(st, sq) is not None and n and not t.assaulting:
        worn, fell = wear.damage(st, sq, n)
        out += worn
    inside = [q for q in st.units_at(sq) if not q.assaulting] if fell and sq else []
    if t.wounds >= wound_value(st.lib.units[t.card], t):
        out += destroy(st, t)
    for q in inside:
        if q in st.pieces and not q.aboard:  # passengers go with their carrier
            text = say("{unit} is buried in the ruins", unit=q.id)
            out.append(ev(EventKind.BURIED, text, "GM-65", unit=q.id))
            out += destroy(st, q)
    return out


def at_terrain(
    st: Tactics2GMState, p: Piece, weapon: Weapon, sq: Square, source: str
) -> list[Event]:
    """Fire at an empty square's terrain cannot miss: it loses PI equal to the damage, a
    howitzer's +2 against a building included (GM-53, GM-88)."""
    n = weapon.damage + shells(st, p, sq)
    text = say(
        "{source} fires {weapon} at {terrain}: it cannot miss, {damage} damage",
        source=source,
        weapon=named(weapon.name),
        terrain=wear.name(st, sq),
        damage=n,
    )
    worn, _ = wear.damage(st, sq, n)  # nobody is inside to be buried
    return [ev(EventKind.TERRAIN_HIT, text, "GM-53", square=label(sq)), *worn]


def at_hq(st: Tactics2GMState, p: Piece | None, weapon: Weapon, h: int, source: str) -> list[Event]:
    """A shot at HQ ``h``: no cover, its armour, no critical (GM-17, A-5)."""
    hit, crit = need(st, p, weapon, None)
    die = st.rng.die(10)
    shot = resolve(
        die, (hit, crit), weapon.pen, st.hq.armour, damage(st, p, weapon, None),
        immune_to_criticals=True,
    )  # fmt: skip
    head = say(
        "{source} fires {weapon} at {hq}: needs {hit}+, rolls {die}",
        source=source,
        weapon=named(weapon.name),
        hq=hq_title(st, h),
        hit=hit,
        die=die,
    )
    roll = shot_roll(shot, hq=True)
    if shot.effect == "miss":
        return [ev(EventKind.MISS, say("{shot}: a miss", shot=head), "GM-44", die=die, roll=roll)]
    if shot.effect == "no_effect":
        text = say("{shot}: the HQ's armour holds", shot=head)
        return [ev(EventKind.NO_EFFECT, text, "GM-46", die=die, roll=roll)]
    st.hq_hp[h] = max(0, st.hq_hp[h] - shot.wounds)
    text = say(
        "{shot}: a hit, {damage} damage ({points} PI left)",
        shot=head,
        damage=shot.wounds,
        points=st.hq_hp[h],
    )
    return [
        ev(EventKind.HQ_HIT, text, "GM-17", die=die, hp=st.hq_hp[h], roll=roll),
        *relieved(st, h),
    ]


def shot_roll(shot: Shot, *, hq: bool = False) -> dict[str, object]:
    """A shot's die in the shape the page shows (docs/adding-a-game.md): the face needed to
    hit, the outcome as the log words it, and the critical's face beside (none for an HQ,
    which takes no critical: GM-17)."""
    words = {"miss": "miss", "no_effect": "no effect", "destroyed": "critical"}
    roll = rolled([shot.die], 10, shot.need[0], words.get(shot.effect, "hit"))
    if not hq:
        roll["critical"] = shot.need[1]
    return roll


def relieved(st: Tactics2GMState, h: int) -> list[Event]:
    """A destroyed HQ may have no general (GM-21): its own leaves the battle, and with him
    every bonus he gave (income, movement, hit). Only that HQ's: on two fields the other
    HQ's general serves on (GM-105)."""
    general = st.generals[h]
    if st.hq_hp[h] > 0 or general is None:
        return []
    st.generals[h] = None
    text = say(
        "{general} leaves {hq}: it is destroyed",
        general=named(st.lib.generals[general].title),
        hq=hq_title(st, h),
    )
    return [ev(EventKind.GENERAL_LEAVES, text, "GM-21", general=general)]


def destroy(st: Tactics2GMState, t: Piece) -> list[Event]:
    """The unit and the cards on it go to its side's discard pile (GM-48), its equipment to
    the ground with that option (GM-106); infantry beside it loses its cover (GM-36); units
    assaulting it take its square."""
    st.pieces.remove(t)
    st.discards[commander(st, t)] += [t.card, *t.attached]
    st.destroyed[t.side] += 1
    out = [
        ev(EventKind.DESTROYED, say("{unit} is destroyed", unit=t.id), "GM-48", unit=t.id),
        *salvage.drop(st, t),
    ]
    for q in [q for q in st.pieces if q.aboard == t.id]:  # lost with its carrier (GM-93)
        out += destroy(st, q)
    for q in st.pieces:
        if q.beside == t.id:
            q.beside = ""
            text = say("{unit} loses its cover with {vehicle}", unit=q.id, vehicle=t.id)
            out.append(ev(EventKind.UNCOVERED, text, "GM-36", unit=q.id))
    return out + taken(st, t)


def taken(st: Tactics2GMState, t: Piece) -> list[Event]:
    """The fallen defender's square goes to its assaulter: the one whose assault is being
    resolved, else the first to have declared; any other goes back to where it started,
    its weapons unfired (GM-34, A-7). While the other unit of its pair still holds the
    square, every assaulter goes back, the victor with its other weapons still to fire."""
    storming = [p for p in assaulters(st, t) if p.id == st.storming]
    order = storming + [p for p in assaulters(st, t) if p.id != st.storming]
    held = any(q.side == t.side and q.sq == t.sq for q in st.pieces)  # its pair's other unit
    out = []
    for k, p in enumerate(order):
        p.assaulting = ""
        if k == 0 and not held:
            p.origin = None
            where = label(known(p.sq, f"the square {p.id} storms"))
            text = say("{unit} takes {square}", unit=p.id, square=where)
            out.append(ev(EventKind.TAKES, text, "GM-34", unit=p.id, square=where))
        else:
            out += fall_back(st, p)
    return out


def fall_back(st: Tactics2GMState, p: Piece) -> list[Event]:
    """An assaulter goes back to the square it started its move from (GM-34, A-7). Had it
    advanced beside a vehicle there, it goes back beside it, under its cover again. A swap
    may have brought another friend onto that square meanwhile (A-8: the one move that
    can, trading two friends' places at once); a vehicle that can take it in still does,
    anything else leaves it the nearest free square (``refuge``, a ruling)."""
    back = p.origin
    if back is None:
        raise InvariantError(f"{p.id} falls back with no square of origin")
    p.origin, p.assaulting = None, ""
    here = [q for q in st.pieces if q.sq == back and q is not p and not q.aboard]
    if not here:
        p.sq = back
        text = say("{unit} falls back to {square}", unit=p.id, square=label(back))
        return [ev(EventKind.FALLS_BACK, text, "GM-34", unit=p.id)]
    v = here[0]
    if len(here) == 1 and v.side == p.side and pairs.shelters(st, v):
        p.sq, p.beside = back, v.id
        text = say(
            "{unit} falls back beside {vehicle} on {square}",
            unit=p.id,
            vehicle=v.id,
            square=label(back),
        )
        return [ev(EventKind.FALLS_BACK, text, "GM-34", unit=p.id, vehicle=v.id)]
    p.sq = refuge(st, p, back)
    text = say(
        "{unit} falls back to {square}: {other} now holds {start}, where it started",
        unit=p.id,
        square=label(p.sq),
        other=v.id,
        start=label(back),
    )
    return [ev(EventKind.FALLS_BACK, text, "GM-34", unit=p.id)]


def refuge(st: Tactics2GMState, p: Piece, back: Square) -> Square:
    """Where a failed assaulter whose square of origin a friend now holds goes instead: the
    free square nearest its origin that it could stand on (no unit on it, none falling
    back to it, passable ground), nearer its own deployment line on a tie, then the first
    in the board's order."""
    taken = {q.sq for q in st.pieces if q is not p} | origins(st)
    grid = st.field.grid
    free = [sq for sq in grid.squares if sq not in taken and footing(st, sq) != "impassable"]
    if not free:
        raise InvariantError(f"{p.id} has no free square to fall back to")
    side = SIDES[p.side]
    return min(free, key=lambda sq: (steps(back, sq), line(side, sq), grid.index(sq)))
