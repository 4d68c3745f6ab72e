"""The friendly deck and the chain a draw can set off (5.1.3, 14.2, 16.0, 20.0).

A hit draws a wound card from the friendly deck; any draw may turn up an event card, which is
resolved before the draw goes on; an event may shell the map, and every hit of a shell draws
a wound card again. Drawing, wounding, blasting and the event roll are one recursion of the
rules, and a recursion spread over several modules is a cycle of imports. So it lives here
whole, above all it uses, none of which calls back into it: harm.py (Morale Checks, cover,
death), events.py (the event table's other results), common.py. Fire, grenades, melee and
the sequence of play come here to wound or draw.

Artillery strikes (20.0) roll their aim hex on the event's table, scatter by 1D6 direction
and distance, and hit everyone in the hex (and next to it for the big guns) with the
Order/Terrain modifier; then craters or rubble, and what follows any blast: Morale Checks
within one hex, alerts within 5 hexes, smoke.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.events import Event, rolled
from wartable.core.words import Said, say, say_n, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import GERMANY, US
from wartable.games.combat.rules import checks, explosives, fire, hand, smoke, wounds
from wartable.games.combat.rules.common import distance, label, log, pick
from wartable.games.combat.rules.enemy_phase import alert_near
from wartable.games.combat.rules.events import (
    FRIENDLY_EVENT_CARDS,
    boost,
    heal_one,
    illuminate,
    noise,
    reinforce,
    reorder_one,
    reveal_one,
)
from wartable.games.combat.rules.harm import kill, morale_check, shelter, take_cover
from wartable.games.combat.scenario import EVENT_CARDS
from wartable.games.combat.schema import EventTable
from wartable.games.combat.vocabulary import TERRAIN, WOUNDS, of

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

WEAPON_OF = {
    "friendly_mortar_60mm": "mortar_60mm",
    "friendly_mortar_81mm": "mortar_81mm",
    "friendly_artillery_105mm": "howitzer_105mm",
    "enemy_mortar_81mm": "mortar_81mm",
    "enemy_artillery_105mm": "howitzer_105mm",
}
# the event tables' results as the log names them (events.yaml: a result's name, else the words
# of its id), by their English: a name the data adds reads as it is, untranslated
EVENT_NAMES: dict[str, Said] = {
    name: name
    for name in (
        word("remove friendly light wound"),
        word("remove enemy light wound"),
        word("friendly ammo resupply"),
        word("enemy ammo resupply"),
        word("friendly mortar 60mm"),
        word("friendly mortar 81mm"),
        word("enemy mortar 81mm"),
        word("friendly artillery 105mm"),
        word("enemy artillery 105mm"),
        word("friendly illumination"),
        word("enemy illumination"),
        word("enemy reinforcements"),
        word("reveal enemy"),
        word("roll friendly table"),
        word("noise"),
        word("no event"),
        word("Lucky Strike"),
        word("Come on men!"),
        word("Uh-oh"),
        word("Second Thoughts"),
        word("Minefield"),
    )
}
ROLLED_ON = {  # an event rolled on the friendly or the enemy table
    "friendly": word("friendly event, roll {roll}: {name}"),
    "enemy": word("enemy event, roll {roll}: {name}"),
}
NO_TABLE = {
    "friendly": word("friendly event: this scenario has no event table"),
    "enemy": word("enemy event: this scenario has no event table"),
}
RESHUFFLED = word("the friendly discard pile is shuffled into a new deck")
STAMPS = {**WOUNDS, "close_call": word("close call"), "kia": word("kia")}  # a wound card's stamp
MARKERS = {"near": word("near"), "far": word("far")}  # a grenade's marker on the man it hits
SHELL_NEAR = word("a shell exploded within 5 hexes")  # why the Germans near it are alerted


def draw_friendly(st: CombatState, ev: list[Event]) -> int:
    """Top card of the friendly deck; an event card (5.1.3) is resolved, shuffled back with the
    discards, and replaced."""
    while True:
        if not st.deck:
            st.deck, st.discard = st.discard, []
            st.rng.shuffle(st.deck)
            log(ev, EventKind.RESHUFFLE, RESHUFFLED, "5.0")
        card = st.deck.pop()
        if card not in EVENT_CARDS:
            return card
        st.discard.append(card)
        st.deck += st.discard
        st.discard = []
        st.rng.shuffle(st.deck)
        text = say("event card {card} drawn: play stops for the event", card=card)
        log(ev, EventKind.EVENT_CARD, text, "5.1.3")
        resolve_event(st, "friendly" if card in FRIENDLY_EVENT_CARDS else "enemy", ev)


def wound(st: CombatState, i: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    if s.side == US and hand.spend(st, "cancel_wound"):
        text = say("{unit}: the hit draws no wound card (card held ready)", unit=s.name)
        log(ev, EventKind.CARD, text, "5.1")
        take_cover(st, i, ev)
        return
    stamps = [
        st.sc.lib.friendly_cards.cards[draw_friendly(st, ev) - 1]
        for _ in range(2 if "tough" in s.skills else 1)
    ]
    for c in stamps:
        st.discard.append(c.number)
    stamp = wounds.least_harmful([c.wound or "close_call" for c in stamps])
    values = dict(st.sc.lib.charts.firer.wounds)
    hit = wounds.take_hit(stamp, tq=s.tq, wounds=st.wounds[i], values=values, friendly=s.side == US)
    st.wounds[i] = hit.wounds
    text = say(
        "{unit}: {wound} (card {card})",
        unit=label(st, i),
        wound=of(STAMPS, stamp),
        card=stamps[0].number,
    )
    log(ev, EventKind.WOUND, text, "16.0")
    if hit.condition == wounds.DEAD:
        kill(st, i, ev)
        return
    if hit.morale_check:
        morale_check(st, i, hit.morale_check, ev)


def blast(
    st: CombatState,
    t: int,
    rolls: int,
    frag: int,
    ev: list[Event],
    *,
    source: str,
    marker: str = "",
) -> None:
    """Damage dice of a grenade or shell against one soldier: each at or under ``frag`` plus
    his Order/Terrain modifier is a hit and draws a wound card (14.2, 20.0)."""
    modifier = shelter(st, t)
    hits, dice = explosives.damage(st.rng, rolls, frag, modifier)
    who, shown_dice, plus = label(st, t), " ".join(map(str, dice)), f"{modifier:+d}"
    if marker:
        text = say_n(
            "{unit} ({marker}): rolls {dice} vs {frag}{modifier}: {count} hit(s)",
            "{unit} ({marker}): rolls {dice} vs {frag}{modifier}: {count} hit(s)",
            hits,
            unit=who,
            marker=of(MARKERS, marker),
            dice=shown_dice,
            frag=frag,
            modifier=plus,
        )
    else:
        text = say_n(
            "{unit}: rolls {dice} vs {frag}{modifier}: {count} hit(s)",
            "{unit}: rolls {dice} vs {frag}{modifier}: {count} hit(s)",
            hits,
            unit=who,
            dice=shown_dice,
            frag=frag,
            modifier=plus,
        )
    log(
        ev,
        source,
        text,
        "14.2" if source == "grenade" else "20.0",
        roll=rolled(
            dice, 10, checks.highest(frag + modifier), checks.hits_word(hits), under=True, zero=True
        ),
    )
    for _ in range(hits):
        if st.alive(t):
            wound(st, t, ev)


def resolve_event(st: CombatState, table: EventTable, ev: list[Event], depth: int = 0) -> None:
    """Roll 1d10 on the scenario's ``table`` ("friendly" or "enemy") and apply the result."""
    tables = st.sc.lib.events.tables.get(st.sc.file.events)
    if tables is None:
        log(ev, EventKind.EVENT, NO_TABLE[table], "5.1.3")
        return
    roll = st.rng.die(10, 0)
    entry = tables[table][roll]
    extra: dict[str, Any] = entry.model_extra or {}
    name = extra.get("name") or entry.id.replace("_", " ")
    said = rolled([roll], 10, None, str(name), zero=True)  # read on the table
    text = say(ROLLED_ON[table], roll=roll, name=EVENT_NAMES.get(str(name), str(name)))
    log(ev, EventKind.EVENT, text, "5.1.3", roll=said)
    kind = entry.id
    if kind in WEAPON_OF:
        bombard(st, WEAPON_OF[kind], extra, ev)
    elif kind in ("roll_enemy_table", "roll_friendly_table"):
        if depth < 2:
            resolve_event(st, "enemy" if kind == "roll_enemy_table" else "friendly", ev, depth + 1)
    elif kind in ("friendly_ammo_resupply", "enemy_ammo_resupply"):
        side = US if kind.startswith("friendly") else GERMANY
        for s in st.soldiers:
            if s.side == side and st.alive(s.index):
                st.ammo[s.index] = fire.AMMO_OK
    elif kind in ("remove_friendly_light_wound", "remove_enemy_light_wound"):
        heal_one(st, US if kind.startswith("remove_friendly") else GERMANY, ev)
    elif kind == "extra_card":
        st.hand.append(draw_friendly(st, ev))
        st.hand.sort()
    elif kind == "morale_boost":
        boost(st, ev)
    elif kind == "reveal_enemy":
        reveal_one(st, ev)
    elif kind == "enemy_reorder":
        reorder_one(st, ev)
    elif kind == "enemy_reinforcements":
        reinforce(st, extra, ev)
    elif kind == "minefield":
        men = [s.index for s in st.soldiers if s.side == US and st.alive(s.index)]
        if men:
            morale_check(st, pick(st, men), "MC", ev)
    elif kind in ("friendly_illumination", "enemy_illumination"):
        illuminate(st, extra, ev)
    elif kind == "noise":
        noise(st, ev)
    elif kind != "no_event":
        text = say(
            "the event {event} is not played by this engine: nothing happens", event=repr(kind)
        )
        log(ev, EventKind.EVENT, text)


def bombard(st: CombatState, weapon_id: str, extra: dict[str, Any], ev: list[Event]) -> None:
    """Each strike: aim roll, scatter, damage, crater or rubble, Morale Checks, smoke (20.0)."""
    board = st.sc.board
    gun = st.sc.lib.weapons.artillery[weapon_id]
    count = str(extra.get("strikes", "1d6"))
    strikes = st.rng.die(int(count.split("d")[1])) if "d" in count else int(count)
    table = {k: board.parse(v) for k, v in st.sc.lib.events.aim_tables[extra["aim_table"]].items()}
    many = {}
    if "d" in count:  # the die is the number of strikes
        many["roll"] = rolled([strikes], int(count.split("d")[1]), None, f"{strikes} strikes")
    text = say_n("{gun}: {count} strike(s)", "{gun}: {count} strike(s)", strikes, gun=gun.name)
    log(ev, EventKind.ARTILLERY, text, "20.0", **many)
    for _ in range(strikes):
        s = explosives.strike(st.rng, st.sc.compass, table)
        at = board.label(s.aim)
        result = "off the map" if s.hex not in board.index else "lands"
        aim = rolled([s.aim_roll], 10, None, result, zero=True)  # read on the aim table
        if s.hex not in board.index:
            text = say(
                "aim roll {roll} at {aim}, scatters {hexes} in direction {direction}: off the map",
                roll=s.aim_roll,
                aim=at,
                hexes=s.distance,
                direction=s.direction,
            )
            log(ev, EventKind.ARTILLERY, text, "20.0", roll=aim)
            continue
        text = say(
            "aim roll {roll} at {aim}, scatters {hexes} in direction {direction}: lands on {hex}",
            roll=s.aim_roll,
            aim=at,
            hexes=s.distance,
            direction=s.direction,
            hex=board.label(s.hex),
        )
        log(ev, EventKind.ARTILLERY, text, "20.0", roll=aim)
        shell(st, weapon_id, board.index[s.hex], ev)


def shell(st: CombatState, weapon_id: str, land: int, ev: list[Event]) -> None:
    gun = st.sc.lib.weapons.artillery[weapon_id]
    board = st.sc.board
    for o in st.soldiers:
        t = o.index
        if not st.alive(t):
            continue
        gap = distance(st, st.pos[t], land)
        ring = 0 if gap == 0 else 1 if gap == 1 else -1
        if ring < 0:
            continue
        rolls, frag = gun.damage[ring], gun.frag[ring]
        if rolls is None or frag is None:
            continue  # this gun harms nobody in that ring
        blast(st, t, rolls, frag, ev, source=EventKind.ARTILLERY)
    building = st.ground.kind[land] == "building"
    mark = explosives.crater_or_rubble(st.rng, gun, building)
    if mark:
        what, roll = mark
        threshold = (gun.rubble if building else gun.crater)[0]  # as crater_or_rubble reads it
        said = rolled([roll], 10, threshold, what, under=True, zero=True)
        text = say(
            "{hex}: {terrain} (roll {roll})",
            hex=board.labels[land],
            terrain=of(TERRAIN, what),
            roll=roll,
        )
        log(ev, EventKind.ARTILLERY, text, "20.0", roll=said)
        if what == "rubble":
            for o in st.soldiers:
                if st.alive(o.index) and st.pos[o.index] == land:
                    kill(st, o.index, ev)
        if st.ground.kind[land] != what:  # the map changes for the rest of the game
            st.changes = (*[c for c in st.changes if c[0] != land], (land, what))
            st.ground = st.sc.ground.changed(st.changes)
    after_blast(st, land, gun.smoke, ev, harmful=True, why=SHELL_NEAR)


def after_blast(
    st: CombatState, land: int, smoke_value: int, ev: list[Event], *, harmful: bool, why: str
) -> None:
    """After a grenade or shell: everyone with or next to it takes a Morale Check (not for
    smoke grenades), waiting enemies within 5 hexes are alerted (9.8 trigger 5: ``why``), and a
    Smoke marker goes on the hex (14.2, 18.0, 20.0)."""
    if harmful:
        for o in st.soldiers:
            if st.alive(o.index) and distance(st, st.pos[o.index], land) <= 1:
                morale_check(st, o.index, "MC", ev)
        alert_near(st, land, 5, ev, why)
    cloud = smoke.Cloud(value=smoke_value, hexes=(st.sc.board.hexes[land],), born=st.turn)
    smoke.set_clouds(st, (*st.clouds, cloud))
