"""Every action a game of a Combat! scenario can ever offer, in a fixed order: the table
learning agents number actions by (index = action id).

It is read from the scenario's data alone, never from a game: the map's hexes, every soldier
the squad can field (each counter of the d6 table when the squad is rolled), the key of every
German counter (all drawn at set-up), and the 52 friendly cards. Each soldier gets only what
his counter can ever do (a grenade at a hex if he carries one, a rifle grenade if his rifle
takes one, medical aid if he is a medic, a plan if he leads), and each verb only the kind of
target the rules give it: hexes for moves and grenades, German keys for shots and blows.

The order is by verb, then by soldier (squad order), then by target (hexes in map order,
German keys in number order): deploy, play, discard, use, order, move, leave, stay, aim,
throw, fire, flare (at night only), hold, strike, done, duck.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from wartable.core.action import Action
from wartable.games.combat.model import TEAMS_US, Soldier
from wartable.games.combat.rules import care, grenades
from wartable.games.combat.rules.hand import READY
from wartable.games.combat.rules.legal import MOVES, movable
from wartable.games.combat.scenario import CombatScenario

SOLDIER_CARDS = ("morale_up", "heal_light", "reload", "rally", "change_order", "snap_action")
TEAM_CARD = "swap_initiative"


@dataclass(frozen=True)
class Domains:
    """What a game's space is built from: the scenario, and whether it is played at night."""

    sc: CombatScenario
    night: bool

    @cached_property
    def hexes(self) -> list[str]:
        board = self.sc.board
        return [board.label(h) for h in board.hexes]

    @cached_property
    def squad(self) -> tuple[Soldier, ...]:
        return self.sc.squad_pool()

    @cached_property
    def foes(self) -> list[str]:
        return list(self.sc.enemy_keys())

    @cached_property
    def cards(self) -> list[tuple[str, str | None]]:
        return [(str(c.number), c.use) for c in self.sc.lib.friendly_cards.cards]

    @cached_property
    def armed(self) -> list[Soldier]:
        weapons = self.sc.lib.weapons.weapons
        return [s for s in self.squad if s.weapon in weapons]


# ---- each verb's arguments ---------------------------------------------------------------
Args = Iterator[tuple[str, ...]]


def deploy(d: Domains) -> Args:
    return ((s.key, d.hexes[h]) for s in d.squad for h in d.sc.deploy_zone)


def card(d: Domains) -> Args:
    """play, discard: every friendly card by its number."""
    return ((n,) for n, _ in d.cards)


def use(d: Domains) -> Args:
    for n, use in d.cards:
        if use in READY:
            yield (n,)
        elif use == TEAM_CARD:
            yield from ((n, team) for team in TEAMS_US)
        elif use in SOLDIER_CARDS:
            yield from ((n, s.key) for s in d.squad)


def order(d: Domains) -> Args:
    for s in d.squad:
        yield from (a.args for a in orders(d.sc, s, d.squad, d.foes, d.hexes))


def to_hex(d: Domains) -> Args:
    """move: any man, any hex."""
    return ((s.key, h) for s in d.squad for h in d.hexes)


def alone(d: Domains) -> Args:
    """leave, stay, done, duck: any man."""
    return ((s.key,) for s in d.squad)


def aim(d: Domains) -> Args:
    return ((s.key, h) for s in d.squad if s.grenade or s.rifle for h in d.hexes)


def throw(d: Domains) -> Args:
    return ((s.key, h) for s in d.squad if s.smoke for h in d.hexes)


def fire(d: Domains) -> Args:
    return ((s.key, g) for s in d.armed for g in d.foes)


def flare(d: Domains) -> Args:
    """At night only (flares light the dark, night rules)."""
    return ((s.key, h) for s in d.armed for h in d.hexes) if d.night else iter(())


def hold(d: Domains) -> Args:
    return ((s.key,) for s in d.armed)


def strike(d: Domains) -> Args:
    return ((s.key, g) for s in d.squad for g in d.foes)


def orders(
    sc: CombatScenario, s: Soldier, squad: tuple[Soldier, ...], foes: list[str], hexes: list[str]
) -> list[Action]:
    """Every order soldier ``s`` may ever be given, with its target where it takes one."""
    weapon = sc.lib.weapons.weapons.get(s.weapon or "")
    flags: set[str] = set(weapon.flags) if weapon else set()
    plain: list[str] = []
    if weapon is not None:
        plain.append("aimed_fire")
        if "slow" in flags:
            plain.append("slow_suppressive_fire")
        else:
            plain += ["rapid_fire", "suppressive_fire"]
    plain += [m for m in MOVES if movable(m, flags) and (m != "run_and_gun" or weapon)]
    plain += ["charge", "melee", "hide", "rally", "reload"]
    if s.smoke:
        plain.append(grenades.SMOKE)
    if s.ldr:
        plain.append("plan")
    key = s.key
    out = [Action("order", (key, o)) for o in plain]
    if s.grenade:
        out += [Action("order", (key, grenades.HAND, h)) for h in hexes]
    if s.rifle:
        out += [Action("order", (key, grenades.RIFLE, h)) for h in hexes]
    others = [o.key for o in squad if o.key != key]
    if "medic" in s.skills:  # a wounded man of either side in his hex (7.14)
        out += [Action("order", (key, care.MEDIC, k)) for k in others + foes]
    out += [Action("order", (key, care.CARRY, k)) for k in others]
    out += [Action("order", (key, care.SEARCH, k)) for k in foes]
    return out
