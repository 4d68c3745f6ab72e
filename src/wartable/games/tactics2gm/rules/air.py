"""Air combat (GM-66 to GM-74, A-13): the other side's answer to an attack from the air.

An attack from the air is a fighter's attack in its side's Fire phase, a bomber played in
the Deployment phase, or paratroopers dropped anywhere on the field. Before it lands, the
side attacked may fire each anti-aircraft gun once a turn at an aircraft in the air (or at
the paratroopers) whose target lies within the gun's range, and may send fighters waiting
at its HQ to intercept an attacking fighter or bomber. A bomber's side may first name
fighters waiting at its own HQ as escorts. The air combat then runs in the order of ruling
A-13: anti-aircraft fire (as it is declared), escorts against interceptors, the bomber's
machine guns against each interceptor left, the interceptors against their target; every
fighter that fought is discarded, and an attacker still flying attacks with its wounds'
penalty (GM-73).

While the combat runs, the attack waits in ``st.sortie``; a bomber or paratroopers are in
play in the air from the moment they go up (paid, their card out of the hand), so a wound
they take counts and a card is never in two places."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import named, say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import HQS, Piece, flips, ready, weapons
from wartable.games.tactics2gm.phases import AirStage
from wartable.games.tactics2gm.rules import shots, tokens
from wartable.games.tactics2gm.rules.common import (
    SIDES,
    commander,
    enlist,
    ev,
    hq_named,
    label,
    unit_hq,
)
from wartable.games.tactics2gm.rules.field import hq_distance, steps
from wartable.geometry.squaregrid import Square, SquareGrid

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

PASS = Action("pass", ())  # nothing more to answer with: the combat goes on


@dataclass(slots=True)
class Sortie:
    """An attack from the air held while the air combat is fought: plain data."""

    side: int  # the side attacking from the air
    seat: int  # the seat that sent it (team play, A-25)
    action: Action  # the attack, carried out once the combat is over
    plane: str  # the attacking aircraft, or the paratroopers dropping
    at: tuple[Square, ...]  # the squares attacked, for the reach of enemy AA
    hq: int  # the enemy HQ attacked (or where an aircraft waits attacked), else -1
    stage: AirStage  # escort (the attacker), defend (the other side), dogfight (the attacker)
    escorts: list[str] = field(default_factory=list)
    interceptors: list[tuple[str, str]] = field(default_factory=list)  # (fighter, weapon)
    engaged: list[str] = field(default_factory=list)  # escorts that have fought

    def copy(self) -> Sortie:
        return Sortie(
            self.side, self.seat, self.action, self.plane, self.at, self.hq, self.stage,
            list(self.escorts), list(self.interceptors), list(self.engaged),
        )  # fmt: skip

    def snapshot(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "seat": self.seat,
            "action": str(self.action),
            "plane": self.plane,
            "at": [label(sq) for sq in self.at],
            "hq": self.hq,
            "stage": self.stage,
            "escorts": list(self.escorts),
            "interceptors": [list(i) for i in self.interceptors],
            "engaged": list(self.engaged),
        }


# ---- what goes up --------------------------------------------------------------------------
def airborne(st: Tactics2GMState, action: Action) -> bool:
    """Whether ``action`` is an attack from the air: a fighter's attack (it waits at the
    HQ, off the field), a bomber, or a drop on the field."""
    verb, args = action.verb, action.args
    if verb == "fire":
        p = st.piece(args[0])
        return p is not None and p.sq is None
    if verb == "play":
        return args[0] in st.lib.units
    if verb == "deploy":
        return args[1] not in HQS and "paratrooper" in st.lib.units[args[0]].abilities
    return False


def aloft(st: Tactics2GMState, card: str) -> Piece:
    """The bomber or paratroopers of ``card`` in the air (only one of a card at a time)."""
    return next(p for p in st.pieces if p.card == card and p.sq is None)


def take_off(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """The attack goes up: a bomber or a drop comes into play in the air, paid for; then
    the air combat opens when anyone may answer it (else the attack goes ahead at once)."""
    verb, args = action.verb, action.args
    side, who = st.seat_side[seat], st.players[seat]
    out = []
    if verb == "fire":
        p = st.piece(args[0])
        if p is None:
            raise InvariantError("take_off: no p")
    else:
        p, price = enlist(st, seat, args[0], None)
        if verb == "play":
            title = named(st.lib.units[p.card].title)
            text = say("{player} sends {bomber} for {ap} AP", player=who, bomber=title, ap=price)
            out.append(ev(EventKind.BOMBER, text, "GM-68", unit=p.id))
        else:
            text = say(
                "{player} drops {unit} over {square} for {ap} AP",
                player=who,
                unit=p.id,
                square=args[1],
                ap=price,
            )
            out.append(ev(EventKind.DROP, text, "GM-74", unit=p.id))
    hq, at = attacked(st, side, action)
    sortie = Sortie(side, seat, action, p.id, at, hq, "defend")
    st.sortie = sortie
    if escorts_ready(st) and fighters(st, 1 - side):
        sortie.stage = "escort"
        text = say("{side} may name escorts for {unit}", side=SIDES[side], unit=p.id)
        return [*out, ev(EventKind.ESCORT_CALL, text, "GM-70")]
    if not answers(st)[:-1]:
        st.sortie = None
        return out
    return [*out, alert(st)]


def attacked(st: Tactics2GMState, side: int, action: Action) -> tuple[int, tuple[Square, ...]]:
    """The enemy HQ attacked (or the one an aircraft attacked waits beside), else -1 and the
    squares attacked: a unit's or a terrain's square, a bomber's area, the paratroopers'
    drop."""
    verb, args = action.verb, action.args
    target = args[2] if verb == "fire" else args[1]
    t = st.piece(target) if verb == "fire" else None
    if (h := hq_named(st, 1 - side, target)) is not None:
        return h, ()
    if t is not None and t.sq is None:
        return unit_hq(st, t), ()
    if t is not None and t.sq is not None:
        return -1, (t.sq,)
    if verb == "play":
        return -1, tuple(
            area(st.lib.units[args[0]].bomb, st.field.grid.parse(target), side, st.field.grid)
        )
    return -1, (st.field.grid.parse(target),)


def kind_of(st: Tactics2GMState, unit: str) -> tuple[str, str]:
    """A unit's kind and class, by its id."""
    p = st.piece(unit)
    if p is None:
        raise InvariantError("kind_of: no p")
    u = st.lib.units[p.card]
    return u.kind, u.cls


def area(offsets: list[tuple[int, int]], at: Square, side: int, grid: SquareGrid) -> list[Square]:
    """A bomber's squares: its offsets from the square aimed at, forward meaning towards the
    enemy's edge."""
    ahead = 1 if side == 0 else -1
    squares = [(at[0] + dx, at[1] + ahead * dy) for dx, dy in offsets]
    return [sq for sq in squares if sq in grid]


def alert(st: Tactics2GMState) -> Event:
    s = st.sortie
    if s is None:
        raise InvariantError("alert: no s")
    text = say(
        "{unit} comes in: {side} may fire anti-aircraft guns or intercept",
        unit=s.plane,
        side=SIDES[1 - s.side],
    )
    return ev(EventKind.AIR_ALERT, text, "GM-72", unit=s.plane)


# ---- who may answer ------------------------------------------------------------------------
def fighters(st: Tactics2GMState, side: int) -> list[tuple[str, str]]:
    """``side``'s fighters waiting at its HQ with a weapon ready to fire at aircraft, and
    those weapons (GM-66)."""
    return [
        (p.id, k)
        for p in st.pieces
        if p.side == side and p.sq is None and st.lib.units[p.card].cls == "fighter"
        for k in air_arms(st, p)
    ]


def escorts_ready(st: Tactics2GMState) -> list[str]:
    """Fighters the bomber's side may still name as escorts (GM-70)."""
    s = st.sortie
    if s is None:
        raise InvariantError("escorts_ready: no s")
    if kind_of(st, s.plane)[1] != "bomber":
        return []
    return sorted({f for f, _ in fighters(st, s.side) if f not in s.escorts})


def flying(st: Tactics2GMState) -> list[Piece]:
    """What is in the air and may be fired at: the attacker and its escorts."""
    s = st.sortie
    if s is None:
        raise InvariantError("flying: no s")
    ids = [s.plane, *s.escorts]
    return [p for p in st.pieces if p.id in ids]


def reaches(st: Tactics2GMState, gun: Piece, key: str) -> bool:
    """An anti-aircraft gun's reach is measured to the square attacked (any square of a
    bomber's area), or to its own HQ when that is attacked (A-13)."""
    s = st.sortie
    if s is None or gun.sq is None:
        raise InvariantError("reaches: no s or gun.sq")
    r = weapons(st.lib, gun)[key].range
    if s.hq >= 0:
        return hq_distance(SIDES[gun.side], gun.sq, s.hq // 2) <= r
    return any(steps(gun.sq, sq) <= r for sq in s.at)


def guns(st: Tactics2GMState) -> list[tuple[Piece, str]]:
    """The attacked side's anti-aircraft guns that may still fire this turn, with the
    weapon: on the field, not carried, a ready weapon able to hit aircraft, in reach."""
    s = st.sortie
    if s is None:
        raise InvariantError("guns: no s")
    out = []
    for p in st.pieces:
        if p.side == s.side or p.sq is None or p.aboard or p.flak:
            continue
        if "anti_aircraft" not in st.lib.units[p.card].abilities:
            continue
        out += [(p, k) for k in air_arms(st, p) if reaches(st, p, k)]
    return out


def deciding(st: Tactics2GMState) -> int:
    s = st.sortie
    if s is None:
        raise InvariantError("deciding: no s")
    return 1 - s.side if s.stage == "defend" else s.side


def answers(st: Tactics2GMState) -> list[Action]:
    """What the side deciding may do now; ``pass`` ends its say (always last)."""
    s = st.sortie
    if s is None:
        raise InvariantError("answers: no s")
    if s.stage == "escort":
        return [*(Action("escort", (f,)) for f in escorts_ready(st)), PASS]
    if s.stage == "dogfight":
        foes = alive(st, s.interceptors)
        arms = [
            (e, k)
            for e in s.escorts
            if e not in s.engaged and (p := st.piece(e)) is not None
            for k in air_arms(st, p)
        ]
        return [Action("engage", (e, k, i)) for e, k in arms for i in foes]
    out = [Action("flak", (p.id, k, t.id)) for p, k in guns(st) for t in flying(st)]
    if kind_of(st, s.plane)[0] == "aircraft":  # no interceptions of a drop
        taken = {f for f, _ in s.interceptors}
        out += [Action("intercept", (f, k)) for f, k in fighters(st, 1 - s.side) if f not in taken]
    return [*out, PASS]


def air_arms(st: Tactics2GMState, p: Piece) -> list[str]:
    """``p``'s weapons able to hit aircraft and ready to fire out of its turn."""
    arms = weapons(st.lib, p)
    return [k for k in ready(st.lib, p, out_of_turn=True) if arms[k].air]


def alive(st: Tactics2GMState, interceptors: list[tuple[str, str]]) -> list[str]:
    return [f for f, _ in interceptors if st.piece(f) is not None]


# ---- the combat ------------------------------------------------------------------------
def sortie(st: Tactics2GMState) -> Sortie:
    s = st.sortie
    if s is None:
        raise InvariantError("the air combat: no attack in the air")
    return s


# each choice in the air combat (verbs.py's effects, through orders.air_combat); once the
# last is made the combat is fought out and ``st.sortie`` cleared
def escort(st: Tactics2GMState, action: Action) -> list[Event]:
    """A waiting fighter flies with the bomber (GM-70)."""
    s, unit = sortie(st), action.args[0]
    s.escorts.append(unit)
    text = say("{unit} flies escort for {plane}", unit=unit, plane=s.plane)
    return [ev(EventKind.ESCORT, text, "GM-70", unit=unit)]


def anti_aircraft(st: Tactics2GMState, action: Action) -> list[Event]:
    """flak GUN WEAPON AIRCRAFT (GM-72, A-13)."""
    sortie(st)
    return flak(st, *action.args)


def intercept(st: Tactics2GMState, action: Action) -> list[Event]:
    """A waiting fighter takes off against the attacker (GM-69)."""
    s, (unit, key) = sortie(st), action.args
    s.interceptors.append((unit, key))
    text = say("{unit} takes off to intercept {plane}", unit=unit, plane=s.plane)
    return [ev(EventKind.INTERCEPT, text, "GM-69", unit=unit)]


def engage(st: Tactics2GMState, action: Action) -> list[Event]:
    """An escort fires at an interceptor first (GM-70, A-13)."""
    sortie(st)
    out = dogfight(st, *action.args)
    return out + (fight(st) if not answers(st) else [])


def enough(st: Tactics2GMState, action: Action) -> list[Event]:
    """pass: the deciding side has done; the combat goes on to its next stage."""
    s = sortie(st)
    if s.stage == "escort":
        s.stage = "defend"
        if len(answers(st)) == 1:  # nobody to answer: the escorts stay home
            return fight(st)
        return [alert(st)]
    if s.escorts and alive(st, s.interceptors):
        s.stage = "dogfight"
        if answers(st):  # an escort able to fire at an interceptor
            return []
    return fight(st)


def flak(st: Tactics2GMState, gun: str, key: str, target: str) -> list[Event]:
    """An anti-aircraft gun fires once this turn at something in the air; hit, penetration,
    armour and wounds as usual, no cover in the sky (GM-72, A-13). An attacker shot down
    before the combat ends the sortie: no fighter has fought, so none is used up."""
    s = st.sortie
    p = st.piece(gun)
    if s is None or p is None:
        raise InvariantError("flak: no s or p")
    p.flak = True
    p.tokens[key] = tokens.use(p.tokens[key], flips(st.lib, p, key), own_turn=False)  # type: ignore[arg-type]
    out = _air_shot(st, gun, key, target)
    if st.piece(s.plane) is None:
        st.sortie = None
        out.append(shot_down(s.plane))
    return out


def shot_down(plane: str) -> Event:
    """The attacking aircraft fell in the air combat (GM-73)."""
    text = say("{unit} never makes its attack", unit=plane)
    return ev(EventKind.SHOT_DOWN, text, "GM-73", unit=plane)


def dogfight(st: Tactics2GMState, escort: str, key: str, target: str) -> list[Event]:
    """An escort fires at an interceptor (GM-70)."""
    s = st.sortie
    if s is None:
        raise InvariantError("dogfight: no s")
    s.engaged.append(escort)
    return _air_shot(st, escort, key, target)


def _air_shot(st: Tactics2GMState, firer: str, key: str, target: str) -> list[Event]:
    p, t = st.piece(firer), st.piece(target)
    if p is None or t is None:
        raise InvariantError("_air_shot: no p or t")
    return shots.at_unit(st, p, weapons(st.lib, p)[key], t, p.id, aimed=False)


def fight(st: Tactics2GMState) -> list[Event]:
    """The rest of the combat, which asks nothing more: the bomber's machine guns fire once
    at each interceptor still flying (GM-71), then each interceptor at the attacker
    (GM-69); every fighter that fought is discarded (GM-70), and the sortie is over."""
    s = st.sortie
    if s is None:
        raise InvariantError("fight: no s")
    out: list[Event] = []
    plane = st.piece(s.plane)
    if plane is not None and st.lib.units[plane.card].cls == "bomber":
        guns_ = [k for k, w in weapons(st.lib, plane).items() if w.air and not w.ground]
        for f in alive(st, s.interceptors):
            for k in guns_:
                if st.piece(f) is not None and plane in st.pieces:
                    out += _air_shot(st, plane.id, k, f)
    for f, k in s.interceptors:
        if st.piece(f) is not None and st.piece(s.plane) is not None:
            out += _air_shot(st, f, k, s.plane)
    for f in [*s.engaged, *(f for f, _ in s.interceptors)]:
        q = st.piece(f)
        if q is not None:
            st.pieces.remove(q)
            st.discards[commander(st, q)].append(q.card)
            text = say("{unit} has fought and leaves the battle", unit=f)
            out.append(ev(EventKind.FIGHTER_HOME, text, "GM-70"))
    st.sortie = None
    if st.piece(s.plane) is None:
        out.append(shot_down(s.plane))
    return out


def called_off(st: Tactics2GMState, held: Sortie) -> list[Event]:
    """A fighter whose target, an aircraft waiting at the enemy HQ, went up to intercept
    it and is gone, makes no attack: it flies back to wait at its HQ (a ruling)."""
    if held.action.verb != "fire":
        return []
    target = held.action.args[2]
    if target in HQS or target in {label(sq) for sq in st.field.grid.squares} or st.piece(target):
        return []
    text = say(
        "{unit}'s target {target} is gone: it flies back to its HQ", unit=held.plane, target=target
    )
    return [ev(EventKind.CALLED_OFF, text, "GM-69", unit=held.plane)]


def why_not(st: Tactics2GMState, side: int) -> str:
    """What the air combat waits for, for a refused action."""
    s = st.sortie
    if s is None:
        raise InvariantError("why_not: no s")
    who = SIDES[deciding(st)]
    if side != deciding(st):
        return say(
            "{side} has a choice to make in the air combat over {plane} first (GM-69)",
            side=who,
            plane=s.plane,
        )
    if s.stage == "escort":
        return say(
            "name escorts for {plane} among your waiting fighters: escort FIGHTER, or pass (GM-70)",
            plane=s.plane,
        )
    if s.stage == "dogfight":
        return say(
            "each escort fires at an interceptor first: engage ESCORT WEAPON INTERCEPTOR "
            "(GM-70, A-13)"
        )
    return say(
        "{plane} is coming in: flak GUN WEAPON AIRCRAFT with an anti-aircraft gun in reach "
        "and not yet fired this turn, intercept FIGHTER WEAPON with a waiting fighter, or "
        "pass (GM-69, GM-72, A-13)",
        plane=s.plane,
    )
