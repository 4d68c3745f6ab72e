"""Combat!'s own words, marked once for the catalogs: the orders, the terrain, morale, wound
markers and the teams, as menus, odds and the log name them. Each table gives the English
the rules have always written (an id with its underscores as spaces), so a text made with
them reads as before and is said in the player's language on the way out (docs/i18n.md)."""

from __future__ import annotations

import functools

from wartable.core.words import Said, say, word

ORDERS = {
    "aimed_fire": word("aimed fire"),
    "rapid_fire": word("rapid fire"),
    "suppressive_fire": word("suppressive fire"),
    "slow_suppressive_fire": word("slow suppressive fire"),
    "run_and_gun": word("run and gun"),
    "sneak": word("sneak"),
    "evade": word("evade"),
    "sprint": word("sprint"),
    "charge": word("charge"),
    "melee": word("melee"),
    "grenade": word("grenade"),
    "smoke_grenade": word("smoke grenade"),
    "rifle_grenade": word("rifle grenade"),
    "carry_drag": word("carry drag"),
    "plan": word("plan"),
    "reload": word("reload"),
    "medical_aid": word("medical aid"),
    "search": word("search"),
    "hide": word("hide"),
    "rally": word("rally"),
    "guard": word("guard"),
    "duck_back": word("duck back"),
    "take_cover": word("take cover"),
    "carried": word("carried"),
    "no_order": word("no order"),
}
TERRAIN = {
    "open": word("open"),
    "rocks": word("rocks"),
    "building": word("building"),
    "trees": word("trees"),
    "marsh": word("marsh"),
    "hedgerow": word("hedgerow"),
    "wall": word("wall"),
    "long_grass": word("long grass"),
    "depression": word("depression"),
    "stream": word("stream"),
    "orchard": word("orchard"),
    "logs": word("logs"),
    "field": word("field"),
    "foxhole": word("foxhole"),
    "rubble": word("rubble"),
    "crater": word("crater"),
}
MORALE = {
    "berserk": word("berserk"),
    "aggressive": word("aggressive"),
    "bold": word("bold"),
    "normal": word("normal"),
    "cautious": word("cautious"),
    "shaken": word("shaken"),
    "rout": word("rout"),
}
WOUNDS = {
    "light_wound": word("light wound"),
    "bad_wound": word("bad wound"),
    "bandaged_light_wound": word("bandaged light wound"),
    "bandaged_bad_wound": word("bandaged bad wound"),
}
TEAMS = {
    "able": word("Able"),
    "baker": word("Baker"),
    "charlie": word("Charlie"),
    "blue": word("blue"),
    "red": word("red"),
    "yellow": word("yellow"),
    "white": word("white"),
}


def of(table: dict[str, Said], key: str) -> str:
    """``key``'s word in ``table``; an id the table lacks reads as before, untranslated."""
    found = table.get(key)
    return found if found is not None else key.replace("_", " ")


@functools.cache
def target_in(order: str, terrain: str) -> Said:
    """The target's side of a shot's odds: "target evade in open" (asked once a pair)."""
    return say("target {order} in {terrain}", order=of(ORDERS, order), terrain=of(TERRAIN, terrain))


@functools.cache
def at_range(hexes: int) -> Said:
    return say("range {hexes}", hexes=hexes)


@functools.cache
def morale_of(morale: str) -> Said:
    return say("{morale} morale", morale=of(MORALE, morale))
