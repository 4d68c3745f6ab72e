"""The arguments each verb takes in the fixed action space (verbs.py names them beside the
verb): one space for every scenario and option, squares A1 to P6 (two fields), both HQs of
a side, every unit that can ever be in play and every card of both armies."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from wartable.games.tactics2gm.content import Library, UnitCard
from wartable.games.tactics2gm.model import HQS
from wartable.games.tactics2gm.rules import smoke
from wartable.games.tactics2gm.rules.common import SIDES, label
from wartable.games.tactics2gm.rules.field import WIDE
from wartable.games.tactics2gm.scenario import Scenario

Args = Iterator[tuple[str, ...]]
SKILLS = ("repair", "heal", "sappers", "mounted")  # abilities a unit uses as an order
CARRIED = ("infantry", "artillery")  # what boards a transport or a tower (GM-92, GM-96)
SPREAD = ("left", "right", "both")  # a terrain card or a screen laid across three squares


@dataclass(frozen=True)
class Domains:
    """What the space is built from: the content and the scenarios' extra units."""

    lib: Library
    scenarios: tuple[Scenario, ...]

    @cached_property
    def squares(self) -> list[str]:
        return [label(sq) for sq in WIDE.grid.squares]  # one field's are its first

    @cached_property
    def unit_ids(self) -> list[str]:
        """Every unit that can ever be in play: card-n for each copy the box holds, and for
        each a scenario puts in play from the start (GM-15)."""
        extra = dict.fromkeys(self.lib.units, 0)
        for sc in self.scenarios:
            for placements in sc.units.values():
                counts = Counter(u.card for u in placements * WIDE.copies)  # on each field
                extra |= {k: max(extra[k], n) for k, n in counts.items()}
        return [
            f"{k}-{n}" for k, u in self.lib.units.items() for n in range(1, u.copies + extra[k] + 1)
        ]

    @cached_property
    def weapon_keys(self) -> list[str]:
        printed = max(len(u.weapons) for u in self.lib.units.values())
        options = sorted({name for u in self.lib.units.values() for name in u.options})
        return [f"w{k}" for k in range(1, printed + 1)] + options

    def card(self, unit: str) -> UnitCard:
        return self.lib.units[unit.rpartition("-")[0]]

    def units(self, test: str = "") -> list[str]:
        """The unit ids whose card is of kind ``test``, has the ability ``test``, or all."""
        if not test:
            return self.unit_ids
        return [
            u for u in self.unit_ids if self.card(u).kind == test or test in self.card(u).abilities
        ]

    def friends(self, u: str, vehicles: bool = False) -> list[str]:
        return [
            v
            for v in self.unit_ids
            if self.card(v).army == self.card(u).army
            and (not vehicles or self.card(v).kind in ("tank", "transport"))
        ]

    def foes(self, u: str, test: str = "") -> list[str]:
        """The other army's units; ``aloft``: those fired at in the air (aircraft and
        paratroopers, GM-72, GM-74); ``fighter``: its fighters."""
        out = [v for v in self.unit_ids if self.card(v).army != self.card(u).army]
        if test == "aloft":
            return [
                v
                for v in out
                if self.card(v).kind == "aircraft" or "paratrooper" in self.card(v).abilities
            ]
        if test == "fighter":
            return [v for v in out if self.card(v).cls == "fighter"]
        return out

    def skill(self, u: str) -> str:
        return next((a for a in SKILLS if a in self.card(u).abilities), "")

    def effects(self, u: str) -> set[str]:
        return {self.lib.tokens[o.token].effect for o in self.card(u).options.values()}

    def arms(self, u: str) -> list[str]:
        """A unit's own weapon words, for fire at terrain (GM-53)."""
        c = self.card(u)
        return [f"w{j}" for j in range(1, len(c.weapons) + 1)] + [
            o for o, opt in c.options.items() if self.lib.tokens[opt.token].weapon is not None
        ]


# ---- each verb's arguments ---------------------------------------------------------------
def bid(d: Domains) -> Args:
    return ((str(n),) for n in range(d.lib.hq.bid_max + 1))


def first(d: Domains) -> Args:
    return ((s,) for s in SIDES)


def terrain(d: Domains) -> Args:
    for key in d.lib.terrain:
        for sq in d.squares:
            yield key, sq
            yield from ((key, sq, e) for e in SPREAD)


def move(d: Domains) -> Args:
    for u in d.unit_ids:
        yield from ((u, sq) for sq in d.squares)
        if d.card(u).kind in ("tank", "transport"):  # leaving its infantry behind (GM-36)
            yield from ((u, sq, "alone") for sq in d.squares)


def unit(d: Domains) -> Args:
    """march, mount, fold: a unit of either army."""
    return ((u,) for u in d.unit_ids)


def swap(d: Domains) -> Args:
    return ((u, v) for u in d.unit_ids for v in d.friends(u) if u < v)


def fire(d: Domains) -> Args:
    for u in d.unit_ids:
        targets = [*d.foes(u), *HQS]
        yield from ((u, w, t) for w in d.weapon_keys for t in targets)
        yield from ((u, w, sq) for w in d.arms(u) for sq in d.squares)  # GM-53


def react(d: Domains) -> Args:
    return ((u, w) for u in d.unit_ids for w in d.weapon_keys)


def assault(d: Domains) -> Args:
    return ((u, v) for u in d.units("infantry") for v in d.foes(u))


def storm(d: Domains) -> Args:
    return ((u,) for u in d.units("infantry"))


def advance(d: Domains) -> Args:
    return ((u, v) for u in d.units("infantry") for v in d.friends(u, vehicles=True))


def pick(d: Domains) -> Args:
    """Equipment from the ground (GM-106): a token an infantry unit could buy."""
    return ((u, o.token) for u in d.units("infantry") for o in d.card(u).options.values())


def trade(d: Domains) -> Args:
    for u in d.units("infantry"):
        options = d.card(u).options
        for name, o in options.items():
            yield from (
                (u, own, o.token)
                for own, mine in options.items()
                if own != name and mine.slot == o.slot
            )


def mender(ability: str) -> Callable[[Domains], Args]:
    """repair, heal: a unit with the ability, at a friend (GM-94, GM-95)."""

    def space(d: Domains) -> Args:
        return ((u, v) for u in d.unit_ids if d.skill(u) == ability for v in d.friends(u))

    return space


def clear(d: Domains) -> Args:
    return ((u, sq) for u in d.unit_ids if d.skill(u) == "sappers" for sq in d.squares)


def ride(d: Domains) -> Args:
    return ((u,) for u in d.unit_ids if d.skill(u) == "mounted")


def throw(d: Domains) -> Args:
    """smoke: a unit with smoke grenades (GM-80)."""
    return ((u,) for u in d.unit_ids if smoke.GRENADE in d.effects(u))


def screen(d: Domains) -> Args:
    for u in d.unit_ids:
        if smoke.SCREEN in d.effects(u):
            for sq in d.squares:
                yield u, sq
                yield from ((u, sq, e) for e in smoke.SPREADS)


def carried(d: Domains) -> list[str]:
    return [u for u in d.unit_ids if d.card(u).kind in CARRIED]


def board(d: Domains) -> Args:
    return ((u, v) for u in carried(d) for v in d.friends(u, vehicles=True))


def unload(d: Domains) -> Args:
    return ((u, sq) for u in carried(d) for sq in d.squares)


def flak(d: Domains) -> Args:
    for u in d.units("anti_aircraft"):  # GM-72
        yield from ((u, w, v) for w in d.weapon_keys for v in d.foes(u, "aloft"))


def fighters(d: Domains) -> list[str]:
    return [u for u in d.unit_ids if d.card(u).cls == "fighter"]  # GM-69, GM-70


def escort(d: Domains) -> Args:
    return ((u,) for u in fighters(d))


def intercept(d: Domains) -> Args:
    return ((u, w) for u in fighters(d) for w in d.weapon_keys)


def engage(d: Domains) -> Args:
    for u in fighters(d):
        yield from ((u, w, v) for w in d.weapon_keys for v in d.foes(u, "fighter"))


def deploy(d: Domains) -> Args:
    for key, card in d.lib.units.items():
        yield from ((key, sq) for sq in (*d.squares, *HQS))
        if card.kind in CARRIED:
            yield from ((key, sq, "aboard") for sq in d.squares)


def equip(d: Domains) -> Args:
    return ((name,) for name in d.weapon_keys if not name.startswith("w"))


def play(d: Domains) -> Args:
    """A bomber at an HQ or a square; a support card alone or on its target."""
    for key, card in d.lib.units.items():
        if card.cls == "bomber":
            yield from ((key, t) for t in (*HQS, *d.squares))
    for key in d.lib.support:
        yield (key,)
        yield from ((key, t) for t in (*d.unit_ids, *d.squares, *d.lib.generals))


def discard(d: Domains) -> Args:
    return ((key,) for key in (*d.lib.units, *d.lib.support))
