"""The arguments each verb takes in a battle's fixed action space (verbs.py names them
beside the verb): every action a battle of a line-up can ever offer, verb by verb, the
table learning agents encode actions by (index = action id)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from wartable.games.diadehonor.content import Battle, Library, starting
from wartable.games.diadehonor.rules.unit_cards import BRINGS

SOLDIER_CARDS = ("medic_choice", "first_aid")
BARE_CARDS = ("aggressive_combat", "defensive_combat", "medic")


def slots(
    lib: Library, players: tuple[str, ...], squad: Mapping[str, int] | None = None
) -> dict[str, list[str]]:
    """Each seat's unit keys: its starting units (``squad``: the battlefield's, by default
    the unit sheet's), and a slot up to the cap for each type a card brings (a unit brought
    again takes the slot its fallen predecessor left)."""
    out: dict[str, list[str]] = {}
    for player in players:
        keys = []
        for type_, sheet in lib.units.items():
            first = sheet.start if squad is None else squad.get(type_, sheet.start)
            count = sheet.cap if type_ in BRINGS else first
            keys += [f"{player}/{type_}-{n}" for n in range(1, count + 1)]
        out[player] = keys
    return out


@dataclass(frozen=True)
class Domains:
    """What a battle's space is built from: the content, the battlefield and the line-up."""

    lib: Library
    battle: Battle
    players: tuple[str, ...]
    sides: tuple[str, ...]

    @cached_property
    def keys(self) -> dict[str, list[str]]:
        return slots(self.lib, self.players, starting(self.lib, self.battle))

    @cached_property
    def squares(self) -> list[str]:
        """Every square a unit may stand on."""
        return [self.battle.labels[q] for q, cost in enumerate(self.battle.entry) if cost]

    def of(
        self, player: str, kinds: tuple[str, ...] = (), types: tuple[str, ...] = ()
    ) -> list[str]:
        return [
            k
            for k in self.keys[player]
            if (not kinds or self.lib.units[type_of(k)].kind in kinds)
            and (not types or type_of(k) in types)
        ]

    def enemies_of(self, seat: int, **kw: tuple[str, ...]) -> list[str]:
        return [
            k
            for s, p in enumerate(self.players)
            if self.sides[s] != self.sides[seat]
            for k in self.of(p, **kw)
        ]

    def soldiers(self, player: str) -> list[str]:
        return self.of(player, kinds=("soldier",))

    def marks(self, seat: int) -> list[str]:
        """The enemy soldiers: what a sniper aims at, a duel or a grenade is against."""
        return self.enemies_of(seat, kinds=("soldier",))


# ---- each verb's arguments, seat by seat -------------------------------------------------
Args = Iterator[tuple[str, ...]]


def initiative(d: Domains) -> Args:
    return iter([("first",), ("second",)])


def deploy(d: Domains) -> Args:
    squad = starting(d.lib, d.battle)
    for seat, player in enumerate(d.players):
        zone = [d.battle.labels[q] for q in sorted(d.battle.zones[d.sides[seat]])]
        first = [k for k in d.keys[player] if int(k.rsplit("-", 1)[1]) <= squad[type_of(k)]]
        yield from ((k, q) for k in first for q in zone)


def move(d: Domains) -> Args:
    for player in d.players:
        movers = [k for k in d.keys[player] if d.lib.units[type_of(k)].speed]
        yield from ((k, q) for k in movers for q in d.squares)


def crawl(d: Domains) -> Args:
    return ((k, q) for p in d.players for k in d.soldiers(p) for q in d.squares)


def stance(d: Domains) -> Args:
    """prone, stand: a soldier."""
    return ((k,) for p in d.players for k in d.soldiers(p))


def aim(d: Domains) -> Args:
    for seat, player in enumerate(d.players):
        yield from ((k, t) for k in d.of(player, types=("sniper",)) for t in d.marks(seat))


def fire(d: Domains) -> Args:
    for seat, player in enumerate(d.players):
        yield from ((k, t) for k in d.keys[player] for t in d.enemies_of(seat))


def melee(d: Domains) -> Args:
    for seat, player in enumerate(d.players):
        yield from ((k, t) for k in d.soldiers(player) for t in d.marks(seat))


def play(d: Domains) -> Args:
    for seat, player in enumerate(d.players):
        soldiers = d.soldiers(player)
        yield from ((c,) for c in BARE_CARDS)
        yield from ((c, k) for c in SOLDIER_CARDS for k in soldiers)
        yield from (("mechanic", k) for k in d.of(player, types=("tank",)))
        yield from (("grenade", k, t) for k in soldiers for t in d.marks(seat))
        machines = d.enemies_of(seat, types=("tank", "artillery"))
        yield from (("air_attack", k) for k in machines)


def react(d: Domains) -> Args:
    return iter([("detect",), ("pass",)])


def target(d: Domains) -> Args:
    return ((k,) for p in d.players for k in d.keys[p])


def place(d: Domains) -> Args:
    return ((q,) for q in d.squares)


def type_of(key: str) -> str:
    return key.split("/", 1)[1].rsplit("-", 1)[0]
