"""2GM Tactics' card faces for interfaces (``Game.glossary``): what a card costs and its
numbers, one fact a line, then its flavour, so that a player knows a card before choosing
it (``card m4_sherman`` in the terminal, a card's face on the page)."""

from __future__ import annotations

from wartable.core.game import CardFace
from wartable.games.tactics2gm.content import (
    General,
    Library,
    SupportCard,
    TerrainCard,
    UnitCard,
    Weapon,
)
from wartable.games.tactics2gm.deck import launch_cost

ARMY = {"usa": "USA", "germany": "Germany", "any": "either army"}
CLASS = {
    "light": "light infantry",
    "heavy": "heavy infantry",
    "special": "special infantry",
    "command": "command group",
}
ABILITY = {
    "antitank": "Antitank: +1 damage against tanks (GM-75)",
    "flamethrower": "Flamethrower: buildings take its damage outright (GM-83)",
    "march": "March: +1 movement for 1 AP (GM-84)",
    "mechanized": "Mechanized: may move after leaving a transport (GM-85)",
    "mounted": "Mounted: +1 movement when it gives up its fire (GM-86)",
    "mobility": "Mobility: may move the turn it is deployed (GM-87)",
    "howitzer": "Howitzer: +2 penetration and damage against buildings (GM-88)",
    "hollow_point": "Hollow point: +1 penetration against tanks (GM-90)",
    "recon": "Recon: difficult terrain is normal to it (GM-91)",
    "tow": "Tow: carries one artillery piece (GM-92)",
    "transport": "Transport: carries infantry (GM-96)",
    "landing_craft": "Landing craft: carries units over the sea (GM-81, GM-82)",
    "repair": "Repair: removes a wound from a vehicle or gun within 1 (GM-94)",
    "heal": "Heal: removes a wound from infantry or a gun within 1 (GM-95)",
    "sappers": "Sappers: clear wire, barriers and mines; cross rivers (GM-97)",
    "anti_aircraft": "Anti-aircraft: fires at aircraft outside its turn (GM-72)",
    "paratrooper": "Paratrooper: deploys anywhere free of enemies and buildings (GM-74)",
}
TARGET = {
    "own_unit": "Played on one of your units",
    "enemy_unit": "Played on an enemy unit",
    "square": "Played on any square of the field",
    "own_tank": "Played on one of your tanks",
}
EFFECT = {
    "action_points": "Your HQ gains {n} AP",
    "draw": "You draw {n} cards",
    "veteran": "The unit becomes veteran: -1 to its hit and critical numbers",
    "elite": "The unit becomes elite: -2 to its hit and critical numbers, +1 wound",
    "ram": "The tank gets +{n} penetration",
    "armour": "The unit gets +{n} armour",
    "impact": "A shot falls on the square:",
    "at_mine": "The next enemy vehicle to enter the square is attacked:",
    "general": "A general of your army takes command at your HQ",
    "heal": "{n} wounds of the unit are healed",
    "repair_hq": "Your HQ gets back {n} PI",
}
LASTS = {"turn": "it lasts one turn", "permanent": "it lasts the battle"}


def weapon_line(w: Weapon, named: bool = True) -> str:
    """A weapon's numbers: "75 mm M3 gun: range 4, hits on 5+, critical on 10+, penetration 5,
    damage 2", and how it fires where that is special; a strike's or a mine's (``named``
    False) without its name and range: it falls on its square."""
    numbers = f"hits on {w.hit}+, critical on {w.crit}+, penetration {w.pen}, damage {w.damage}"
    if not named:
        return numbers
    notes = [
        "at aircraft only" if not w.ground else "at aircraft too" if w.air else "",
        "fires once set up" if w.mount else "",
        "turned over when fired" if w.flip else "",
    ]
    reach = f"range {w.range}" if w.range else "its own square only"
    return f"{w.name}: {reach}, {numbers}" + "".join(f"; {n}" for n in notes if n)


def cost_line(card: UnitCard | SupportCard) -> str:
    launch = launch_cost(card)
    return f"{launch} AP to play · {card.cost} point{'s' if card.cost != 1 else ''} in a deck"


def unit_face(lib: Library, u: UnitCard) -> CardFace:
    kind = CLASS.get(u.cls, u.cls.replace("_", " "))
    lines = [
        f"{u.kind.capitalize()} ({kind}), {ARMY[u.army]}" + (f", {u.year}" if u.year else ""),
        cost_line(u),
    ]
    body = [f"armour {u.armour}", f"{u.wounds} wound{'s' if u.wounds != 1 else ''}"]
    body.append(f"moves {u.movement}" if u.kind != "aircraft" else "flies from the HQ")
    if u.capacity:
        body.append(f"carries {u.capacity}")
    if u.bomb:
        body.append(f"bombs {len(u.bomb)} squares")
    said = " · ".join(body)
    lines.append(said[0].upper() + said[1:])
    lines += [weapon_line(w) for w in u.weapons]
    lines += [ABILITY[a] for a in u.abilities]
    if u.options:
        kit = [
            f"{name} {lib.tokens[o.token].title if o.token in lib.tokens else o.token} "
            + (f"(+{o.price} AP)" if o.price else "(free)")
            for name, o in u.options.items()
        ]
        lines.append("Equipment: " + ", ".join(kit))
    if u.text:
        lines.append(u.text)
    return CardFace(u.title, "\n".join(lines))


def support_face(s: SupportCard) -> CardFace:
    lines = [f"Support ({s.type}), {ARMY[s.army]}", cost_line(s)]
    if s.target in TARGET:
        lines.append(TARGET[s.target] + (f"; {LASTS[s.duration]}" if s.duration in LASTS else ""))
    effect = EFFECT[s.effect].format(n=s.amount)
    weapon = s.weapon
    lines.append(f"{effect} {weapon_line(weapon, named=False)}" if weapon is not None else effect)
    lines.append(s.text)
    return CardFace(s.title, "\n".join(lines))


def terrain_face(t: TerrainCard) -> CardFace:
    lines = [f"Terrain, {t.cost} AP to lay", f"Movement {t.movement}"]
    hit, crit = t.cover
    if hit or crit:
        lines.append(f"Cover: +{hit} to the shot's hit number, +{crit} to its critical")
    if t.armour:
        lines.append(f"Armour +{t.armour} to the unit in it")
    if t.hit_points:
        lines.append(f"{t.hit_points} PI" + (", then ruins" if t.building else ""))
    if t.mine is not None:
        lines.append("Attacks each enemy unit that enters: " + weapon_line(t.mine, named=False))
    lines.append(t.text)
    return CardFace(t.title, "\n".join(lines))


def general_face(g: General) -> CardFace:
    return CardFace(g.title, f"General, {ARMY[g.army]}\n{g.text}")


def faces(lib: Library) -> dict[str, CardFace]:
    """Every card's face, keyed by the ids actions and views use."""
    out = {k: unit_face(lib, u) for k, u in lib.units.items()}
    out |= {k: support_face(s) for k, s in lib.support.items()}
    out |= {k: terrain_face(t) for k, t in lib.terrain.items()}
    out |= {k: general_face(g) for k, g in lib.generals.items()}
    return out
