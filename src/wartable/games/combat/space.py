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

from wartable.core.action import Action
from wartable.games.combat.model import TEAMS_US, Soldier
from wartable.games.combat.rules import care, grenades
from wartable.games.combat.rules.hand import READY
from wartable.games.combat.rules.legal import MOVES, movable
from wartable.games.combat.scenario import CombatScenario

SOLDIER_CARDS = ("morale_up", "heal_light", "reload", "rally", "change_order", "snap_action")
TEAM_CARD = "swap_initiative"


def action_space(sc: CombatScenario, night: bool) -> list[Action]:
    """The space of ``sc``, with flares when the game is played at night."""
    board = sc.board
    hexes = [board.label(h) for h in board.hexes]
    squad = sc.squad_pool()
    foes = list(sc.enemy_keys())
    out = [Action("deploy", (s.key, hexes[h])) for s in squad for h in sc.deploy_zone]
    cards = [(str(c.number), c.use) for c in sc.lib.friendly_cards.cards]
    out += [Action(verb, (n,)) for verb in ("play", "discard") for n, _ in cards]
    for n, use in cards:
        if use in READY:
            out.append(Action("use", (n,)))
        elif use == TEAM_CARD:
            out += [Action("use", (n, team)) for team in TEAMS_US]
        elif use in SOLDIER_CARDS:
            out += [Action("use", (n, s.key)) for s in squad]
    for s in squad:
        out += orders(sc, s, squad, foes, hexes)
    weapons = sc.lib.weapons.weapons
    armed = [s for s in squad if s.weapon in weapons]
    out += [Action("move", (s.key, h)) for s in squad for h in hexes]
    out += [Action(verb, (s.key,)) for verb in ("leave", "stay") for s in squad]
    throwers = [s for s in squad if s.grenade or s.rifle]
    out += [Action("aim", (s.key, h)) for s in throwers for h in hexes]
    out += [Action("throw", (s.key, h)) for s in squad if s.smoke for h in hexes]
    out += [Action("fire", (s.key, g)) for s in armed for g in foes]
    if night:
        out += [Action("flare", (s.key, h)) for s in armed for h in hexes]
    out += [Action("hold", (s.key,)) for s in armed]
    out += [Action("strike", (s.key, g)) for s in squad for g in foes]
    out += [Action(verb, (s.key,)) for verb in ("done", "duck") for s in squad]
    return out


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
