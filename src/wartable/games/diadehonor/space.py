"""Every action a battle of a line-up can ever offer, in a fixed order: the table learning
agents encode actions by (index = action id)."""

from __future__ import annotations

from collections.abc import Mapping

from wartable.core.action import Action
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


def action_space(
    lib: Library, battle: Battle, players: tuple[str, ...], sides: tuple[str, ...]
) -> list[Action]:
    squad = starting(lib, battle)
    keys = slots(lib, players, squad)
    squares = [battle.labels[q] for q, cost in enumerate(battle.entry) if cost]

    def of(player: str, kinds: tuple[str, ...] = (), types: tuple[str, ...] = ()) -> list[str]:
        return [
            k
            for k in keys[player]
            if (not kinds or lib.units[type_of(k)].kind in kinds)
            and (not types or type_of(k) in types)
        ]

    def enemies_of(seat: int, **kw: tuple[str, ...]) -> list[str]:
        return [k for s, p in enumerate(players) if sides[s] != sides[seat] for k in of(p, **kw)]

    out = [Action("initiative", ("first",)), Action("initiative", ("second",))]
    for seat, player in enumerate(players):
        zone = [battle.labels[q] for q in sorted(battle.zones[sides[seat]])]
        first = [k for k in keys[player] if int(k.rsplit("-", 1)[1]) <= squad[type_of(k)]]
        out += [Action("deploy", (k, q)) for k in first for q in zone]
        soldiers = of(player, kinds=("soldier",))
        movers = [k for k in keys[player] if lib.units[type_of(k)].speed]
        out += [Action("move", (k, q)) for k in movers for q in squares]
        out += [Action("crawl", (k, q)) for k in soldiers for q in squares]
        out += [Action(v, (k,)) for k in soldiers for v in ("prone", "stand")]
        marks = enemies_of(seat, kinds=("soldier",))
        out += [Action("aim", (k, t)) for k in of(player, types=("sniper",)) for t in marks]
        out += [Action("fire", (k, t)) for k in keys[player] for t in enemies_of(seat)]
        out += [Action("melee", (k, t)) for k in soldiers for t in marks]
        out += [Action("play", (c,)) for c in BARE_CARDS]
        out += [Action("play", (c, k)) for c in SOLDIER_CARDS for k in soldiers]
        out += [Action("play", ("mechanic", k)) for k in of(player, types=("tank",))]
        out += [Action("play", ("grenade", k, t)) for k in soldiers for t in marks]
        machines = enemies_of(seat, types=("tank", "artillery"))
        out += [Action("play", ("air_attack", k)) for k in machines]
    out += [Action("react", ("detect",)), Action("react", ("pass",))]
    out += [Action("target", (k,)) for p in players for k in keys[p]]
    out += [Action("place", (q,)) for q in squares]
    out.append(Action("done", ()))
    return list(dict.fromkeys(out))


def type_of(key: str) -> str:
    return key.split("/", 1)[1].rsplit("-", 1)[0]
