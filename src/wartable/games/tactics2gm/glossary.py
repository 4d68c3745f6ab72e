"""2GM Tactics' card faces for interfaces (``Game.glossary``): what a card costs and its
numbers, one fact a line, then its flavour, so that a player knows a card before choosing
it (``card m4_sherman`` in the terminal, a card's face on the page). Each line is a message
(``core.words.lines``), the names and texts from the data said with ``named``."""

from __future__ import annotations

from collections.abc import Sequence

from wartable.core.game import CardFace
from wartable.core.words import Said, lines, listing, named, say, say_n, word
from wartable.games.tactics2gm.content import (
    General,
    Library,
    SupportCard,
    TerrainCard,
    UnitCard,
    Weapon,
)
from wartable.games.tactics2gm.deck import launch_cost

ARMY = {"usa": word("USA"), "germany": word("Germany"), "any": word("either army")}
KIND = {
    "infantry": word("Infantry"),
    "tank": word("Tank"),
    "transport": word("Transport"),
    "artillery": word("Artillery"),
    "aircraft": word("Aircraft"),
}
CLASS = {
    "light": word("light infantry"),
    "heavy": word("heavy infantry"),
    "special": word("special infantry"),
    "command": word("command group"),
    "light_tank": word("light tank"),
    "medium_tank": word("medium tank"),
    "heavy_tank": word("heavy tank"),
    "self_propelled": word("self propelled"),
    "recon": word("recon"),
    "jeep": word("jeep"),
    "motorcycle": word("motorcycle"),
    "truck": word("truck"),
    "half_track": word("half track"),
    "landing_craft": word("landing craft"),
    "field_gun": word("field gun"),
    "anti_tank": word("anti tank"),
    "howitzer": word("howitzer"),
    "anti_aircraft": word("anti aircraft"),
    "rocket": word("rocket"),
    "fighter": word("fighter"),
    "bomber": word("bomber"),
}
ABILITY = {
    "antitank": word("Antitank: +1 damage against tanks (GM-75)"),
    "flamethrower": word("Flamethrower: buildings take its damage outright (GM-83)"),
    "march": word("March: +1 movement for 1 AP (GM-84)"),
    "mechanized": word("Mechanized: may move after leaving a transport (GM-85)"),
    "mounted": word("Mounted: +1 movement when it gives up its fire (GM-86)"),
    "mobility": word("Mobility: may move the turn it is deployed (GM-87)"),
    "howitzer": word("Howitzer: +2 penetration and damage against buildings (GM-88)"),
    "hollow_point": word("Hollow point: +1 penetration against tanks (GM-90)"),
    "recon": word("Recon: difficult terrain is normal to it (GM-91)"),
    "tow": word("Tow: carries one artillery piece (GM-92)"),
    "transport": word("Transport: carries infantry (GM-96)"),
    "landing_craft": word("Landing craft: carries units over the sea (GM-81, GM-82)"),
    "repair": word("Repair: removes a wound from a vehicle or gun within 1 (GM-94)"),
    "heal": word("Heal: removes a wound from infantry or a gun within 1 (GM-95)"),
    "sappers": word("Sappers: clear wire, barriers and mines; cross rivers (GM-97)"),
    "anti_aircraft": word("Anti-aircraft: fires at aircraft outside its turn (GM-72)"),
    "paratrooper": word("Paratrooper: deploys anywhere free of enemies and buildings (GM-74)"),
}
SUPPORT = {  # a support card's type
    "supplies": word("Support (supplies), {army}"),
    "promotion": word("Support (promotion), {army}"),
    "equipment": word("Support (equipment), {army}"),
    "general": word("Support (general), {army}"),
}
TARGET = {
    "own_unit": word("Played on one of your units"),
    "enemy_unit": word("Played on an enemy unit"),
    "square": word("Played on any square of the field"),
    "own_tank": word("Played on one of your tanks"),
}
LASTS = {
    "turn": {
        "own_unit": word("Played on one of your units; it lasts one turn"),
        "enemy_unit": word("Played on an enemy unit; it lasts one turn"),
        "square": word("Played on any square of the field; it lasts one turn"),
        "own_tank": word("Played on one of your tanks; it lasts one turn"),
    },
    "permanent": {
        "own_unit": word("Played on one of your units; it lasts the battle"),
        "enemy_unit": word("Played on an enemy unit; it lasts the battle"),
        "square": word("Played on any square of the field; it lasts the battle"),
        "own_tank": word("Played on one of your tanks; it lasts the battle"),
    },
}
MOVEMENT = {
    "normal": word("Movement normal"),
    "difficult": word("Movement difficult"),
    "impassable": word("Movement impassable"),
}
EFFECT = {  # what a support card does, where it says no number
    "veteran": word("The unit becomes veteran: -1 to its hit and critical numbers"),
    "elite": word("The unit becomes elite: -2 to its hit and critical numbers, +1 wound"),
    "impact": word("A shot falls on the square:"),
    "at_mine": word("The next enemy vehicle to enter the square is attacked:"),
    "general": word("A general of your army takes command at your HQ"),
}
NOTES = {  # how a weapon fires where that is special
    "air_only": word("at aircraft only"),
    "air_too": word("at aircraft too"),
    "mount": word("fires once set up"),
    "flip": word("turned over when fired"),
}


def numbers(w: Weapon) -> Said:
    """A weapon's numbers: "hits on 5+, critical on 10+, penetration 5, damage 2"."""
    return say(
        "hits on {hit}+, critical on {crit}+, penetration {pen}, damage {damage}",
        hit=w.hit, crit=w.crit, pen=w.pen, damage=w.damage,
    )  # fmt: skip


def weapon_line(w: Weapon) -> str:
    """A weapon's name and numbers: "75 mm M3 gun: range 4, hits on 5+, critical on 10+,
    penetration 5, damage 2", and how it fires where that is special."""
    if w.range:
        line: str = say(
            "{weapon}: range {range}, {numbers}",
            weapon=named(w.name), range=w.range, numbers=numbers(w),
        )  # fmt: skip
    else:
        line = say(
            "{weapon}: its own square only, {numbers}", weapon=named(w.name), numbers=numbers(w)
        )
    notes = [
        NOTES["air_only"] if not w.ground else NOTES["air_too"] if w.air else None,
        NOTES["mount"] if w.mount else None,
        NOTES["flip"] if w.flip else None,
    ]
    for note in notes:
        if note is not None:
            line = say("{line}; {note}", line=line, note=note)
    return line


def dotted(items: Sequence[str]) -> str:
    """Facts one after another, separated by dots: "Armour 4 · 4 wounds · moves 2"."""
    out = items[-1] if items else ""
    for item in reversed(items[:-1]):
        out = say("{first} · {rest}", first=item, rest=out)
    return out


def cost_line(card: UnitCard | SupportCard) -> Said:
    return say_n(
        "{launch} AP to play · {count} point in a deck",
        "{launch} AP to play · {count} points in a deck",
        card.cost,
        launch=launch_cost(card),
    )


def kind_line(u: UnitCard) -> Said:
    """ "Tank (medium tank), USA, 1942"."""
    kind = KIND[u.kind]
    cls = CLASS.get(u.cls) or named(u.cls.replace("_", " "))  # a class the data adds
    if u.year:
        return say(
            "{kind} ({cls}), {army}, {year}", kind=kind, cls=cls, army=ARMY[u.army], year=u.year
        )
    return say("{kind} ({cls}), {army}", kind=kind, cls=cls, army=ARMY[u.army])


def unit_face(lib: Library, u: UnitCard) -> CardFace:
    said: list[str] = [kind_line(u), cost_line(u)]
    body: list[str] = [
        say_n(
            "Armour {armour} · {count} wound",
            "Armour {armour} · {count} wounds",
            u.wounds,
            armour=u.armour,
        ),
    ]
    if u.kind != "aircraft":
        body.append(say("moves {movement}", movement=u.movement))
    else:
        body.append(word("flies from the HQ"))
    if u.capacity:
        body.append(say("carries {capacity}", capacity=u.capacity))
    if u.bomb:
        body.append(say_n("bombs {count} square", "bombs {count} squares", len(u.bomb)))
    said.append(dotted(body))
    said += [weapon_line(w) for w in u.weapons]
    said += [ABILITY[a] for a in u.abilities]
    if u.options:
        kit: list[str] = []
        for name, o in u.options.items():
            token = named(lib.tokens[o.token].title) if o.token in lib.tokens else o.token
            if o.price:
                kit.append(
                    say("{option} {token} (+{price} AP)", option=name, token=token, price=o.price)
                )
            else:
                kit.append(say("{option} {token} (free)", option=name, token=token))
        said.append(say("Equipment: {options}", options=listing(kit)))
    if u.text:
        said.append(named(u.text))
    return CardFace(named(u.title), lines(said))


def effect_line(s: SupportCard) -> Said:
    """What a support card does: "Your HQ gains 2 AP"; a strike's or a mine's with the
    numbers of its shot."""
    n, w = s.amount, s.weapon
    if s.effect == "impact" and w is not None:
        return say("A shot falls on the square: {numbers}", numbers=numbers(w))
    if s.effect == "at_mine" and w is not None:
        return say(
            "The next enemy vehicle to enter the square is attacked: {numbers}", numbers=numbers(w)
        )
    if s.effect == "action_points":
        said = say("Your HQ gains {n} AP", n=n)
    elif s.effect == "draw":
        said = say_n("You draw {count} card", "You draw {count} cards", n)
    elif s.effect == "ram":
        said = say("The tank gets +{n} penetration", n=n)
    elif s.effect == "armour":
        said = say("The unit gets +{n} armour", n=n)
    elif s.effect == "heal":
        said = say_n(
            "{count} wound of the unit is healed", "{count} wounds of the unit are healed", n
        )
    elif s.effect == "repair_hq":
        said = say("Your HQ gets back {n} PI", n=n)
    else:
        said = EFFECT[s.effect]
    if w is not None:  # a shot on a card of another effect
        return say("{effect} {numbers}", effect=said, numbers=numbers(w))
    return said


def support_face(s: SupportCard) -> CardFace:
    said: list[str] = [say(SUPPORT[s.type], army=ARMY[s.army]), cost_line(s)]
    if s.target in TARGET:
        lasts = LASTS.get(s.duration)
        said.append(lasts[s.target] if lasts is not None else TARGET[s.target])
    said += [effect_line(s), named(s.text)]
    return CardFace(named(s.title), lines(said))


def terrain_face(t: TerrainCard) -> CardFace:
    said: list[str] = [say("Terrain, {ap} AP to lay", ap=t.cost), MOVEMENT[t.movement]]
    hit, crit = t.cover
    if hit or crit:
        said.append(
            say(
                "Cover: +{hit} to the shot's hit number, +{crit} to its critical",
                hit=hit,
                crit=crit,
            )
        )
    if t.armour:
        said.append(say("Armour +{armour} to the unit in it", armour=t.armour))
    if t.hit_points:
        if t.building:
            said.append(say("{pi} PI, then ruins", pi=t.hit_points))
        else:
            said.append(say("{pi} PI", pi=t.hit_points))
    if t.mine is not None:
        said.append(say("Attacks each enemy unit that enters: {numbers}", numbers=numbers(t.mine)))
    said.append(named(t.text))
    return CardFace(named(t.title), lines(said))


def general_face(g: General) -> CardFace:
    return CardFace(
        named(g.title), lines([say("General, {army}", army=ARMY[g.army]), named(g.text)])
    )


def faces(lib: Library) -> dict[str, CardFace]:
    """Every card's face, keyed by the ids actions and views use."""
    out = {k: unit_face(lib, u) for k, u in lib.units.items()}
    out |= {k: support_face(s) for k, s in lib.support.items()}
    out |= {k: terrain_face(t) for k, t in lib.terrain.items()}
    out |= {k: general_face(g) for k, g in lib.generals.items()}
    return out
