"""A unit in play as plain data, and what its card and its equipment let it do: its weapons
by the words actions use, its movement, armour and wound value with every bonus."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wartable.games.tactics2gm.content import Library, UnitCard, Weapon
from wartable.geometry.squaregrid import Square

HQ = "hq"  # the word a shot at the enemy HQ names as its target
HQS = (HQ, "hq2")  # on two fields: the HQ behind the first field, behind the second (GM-105)


@dataclass(slots=True)
class Piece:
    """A unit card in play. ``sq`` is None for an aircraft waiting at its HQ (GM-66)."""

    id: str  # card-n: the n-th of that card to come into play (cards never come back)
    card: str
    side: int
    sq: Square | None
    deployed: int  # the turn it came into play (GM-37)
    owner: int = -1  # the seat commanding it (team play, A-25); -1: its side's Marshal
    wounds: int = 0
    # every weapon (printed: w1, w2...; bought: the option's word) and effect it carries:
    # ready, used (this turn, a flip token) or disabled (GM-54, GM-55)
    tokens: dict[str, str] = field(default_factory=dict)
    # lists of words are tuples, replaced whole when they change: a copy shares them
    options: tuple[str, ...] = ()  # the equipment bought (GM-7)
    mounted: bool = False  # a weapon team set up to fire (GM-56, GM-79)
    mount_turn: int = -1  # the turn it last mounted or folded: never both in one turn
    level: int = 0  # 1 veteran, 2 elite (promotions)
    attached: tuple[str, ...] = ()  # support cards on it (GM-9)
    moved: bool = False  # this turn
    marched: bool = False  # paid for one square more this turn (GM-84)
    fired: tuple[str, ...] = ()  # weapons fired this turn (GM-42)
    suppressed: bool = False  # until the Inicio of the side that placed it (GM-51)
    # an assault declared this Movement phase (GM-32): the defender's id, and the square the
    # assaulter started from, where it goes back if the assault fails (GM-34, A-7)
    assaulting: str = ""
    origin: Square | None = None
    beside: str = ""  # infantry advancing under cover: the vehicle it shares a square with
    aboard: str = ""  # the transport or tower carrying it (GM-92, GM-96)
    landed: bool = False  # it left a carrier this turn: it boards none again until next turn
    tended: bool = False  # its mechanic's or medic's work done this turn (GM-94, GM-95)
    rode: bool = False  # mounted troops riding one square further, no fire (GM-86)
    smoked: bool = False  # wrapped in a smoke grenade's cloud until the next Inicio (GM-80)
    flak: bool = False  # an anti-aircraft gun's shot at the air this turn (GM-72, A-13)

    def copy(self) -> Piece:
        """Field by field onto a bare instance, the tokens anew (the rest are never changed
        in place): a sample copies every piece, and the dataclass's ``__init__`` took
        twice as long."""
        new = Piece.__new__(Piece)
        new.id = self.id
        new.card = self.card
        new.side = self.side
        new.sq = self.sq
        new.deployed = self.deployed
        new.owner = self.owner
        new.wounds = self.wounds
        new.tokens = self.tokens.copy()
        new.options = self.options
        new.mounted = self.mounted
        new.mount_turn = self.mount_turn
        new.level = self.level
        new.attached = self.attached
        new.moved = self.moved
        new.marched = self.marched
        new.fired = self.fired
        new.suppressed = self.suppressed
        new.assaulting = self.assaulting
        new.origin = self.origin
        new.beside = self.beside
        new.aboard = self.aboard
        new.landed = self.landed
        new.tended = self.tended
        new.rode = self.rode
        new.smoked = self.smoked
        new.flak = self.flak
        return new

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "card": self.card,
            "side": self.side,
            "sq": None if self.sq is None else list(self.sq),
            "deployed": self.deployed,
            "owner": self.owner,
            "wounds": self.wounds,
            "tokens": dict(sorted(self.tokens.items())),
            "options": list(self.options),
            "mounted": self.mounted,
            "mount_turn": self.mount_turn,
            "level": self.level,
            "attached": list(self.attached),
            "moved": self.moved,
            "marched": self.marched,
            "fired": list(self.fired),
            "suppressed": self.suppressed,
            "assaulting": self.assaulting,
            "origin": None if self.origin is None else list(self.origin),
            "beside": self.beside,
            "aboard": self.aboard,
            "landed": self.landed,
            "tended": self.tended,
            "rode": self.rode,
            "smoked": self.smoked,
            "flak": self.flak,
        }


def weapons(lib: Library, p: Piece) -> Mapping[str, Weapon]:
    """The weapons ``p`` carries, by the words actions use: ``w1``, ``w2``... for those its
    card prints, the option's word for those it bought. Made once for each card and set of
    options (the heuristic asks it of every unit for every move it weighs)."""
    key = (p.card, p.options)
    kept = _ARMS.get(key)
    if kept is not None and kept[0] is lib:
        return kept[1]
    unit = lib.units[p.card]
    out = {f"w{k}": w for k, w in enumerate(unit.weapons, 1)}
    for name in p.options:
        token = lib.tokens[unit.options[name].token]
        if token.weapon is not None:
            out[name] = token.weapon
    if len(_ARMS) >= 4096:  # a bound: cards and their options are few in any one library
        _ARMS.clear()
    _ARMS[key] = (lib, out)
    return out


_ARMS: dict[tuple[str, tuple[str, ...]], tuple[Library, dict[str, Weapon]]] = {}


def ready(lib: Library, p: Piece, out_of_turn: bool = False) -> list[str]:
    """Its weapons that may fire now: their token ready (GM-52), a weapon team's only once
    mounted (GM-79), and in its own turn not yet fired (GM-42); a shot out of its turn (a
    reaction to an assault) does not count against its own."""
    return [
        key
        for key, w in weapons(lib, p).items()
        if (out_of_turn or key not in p.fired)
        and p.tokens.get(key) == "ready"
        and (not w.mount or p.mounted)
    ]


def effects(lib: Library, p: Piece) -> set[str]:
    """The standing effects its equipment gives it (prone, smoke)."""
    unit = lib.units[p.card]
    return {str(lib.tokens[unit.options[n].token].effect) for n in p.options} - {"none"}


def flips(lib: Library, p: Piece, key: str) -> bool:
    """Whether using ``key`` (a weapon or an effect) disables its token (GM-54, A-23): the
    weapon's flag, or the token's own for an effect."""
    unit = lib.units[p.card]
    if key in unit.options:
        token = lib.tokens[unit.options[key].token]
        return token.flip or (token.weapon is not None and token.weapon.flip)
    return weapons(lib, p)[key].flip


def wound_value(unit: UnitCard, p: Piece) -> int:
    """Its wound value, one more for an elite (Promotion cards)."""
    return unit.wounds + (1 if p.level >= 2 else 0)


def is_vehicle(unit: UnitCard) -> bool:
    return unit.kind in ("tank", "transport")
