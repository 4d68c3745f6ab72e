"""Random events (5.1.3, 22.0) and off-board artillery (20.0).

An event card drawn for any reason, or an order card marked with an event when it is played,
rolls 1d10 on the scenario's friendly or enemy table. Artillery strikes roll their aim hex on
the event's table, scatter by 1D6 direction and distance, and hit everyone in the hex (and
next to it for the big guns) with the Order/Terrain modifier; then craters or rubble, Morale
Checks within one hex, smoke, and alerts within 5 hexes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.events import Event
from wartable.games.combat.model import GERMANY, IN_CUP, US
from wartable.games.combat.rules import checks, explosives, fire
from wartable.games.combat.rules.common import (
    distance,
    draw_enemy,
    draw_friendly,
    label,
    ldr_now,
    log,
    nearest_the_squad,
    pick,
    tq_now,
    turn_over,
    unmask_decoy,
)
from wartable.games.combat.rules.enemy_phase import give_enemy_order, make_alert
from wartable.games.combat.rules.grenades import after_blast
from wartable.games.combat.rules.harm import blast, kill, morale_check

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

FRIENDLY_EVENT_CARDS = {51, 16, 26}  # 51 when drawn; 16 and 26 when played
ENEMY_EVENT_CARDS = {52, 5, 46}
WEAPON_OF = {
    "friendly_mortar_60mm": "mortar_60mm",
    "friendly_mortar_81mm": "mortar_81mm",
    "friendly_artillery_105mm": "howitzer_105mm",
    "enemy_mortar_81mm": "mortar_81mm",
    "enemy_artillery_105mm": "howitzer_105mm",
}


def resolve(st: CombatState, table: str, ev: list[Event], depth: int = 0) -> None:
    """Roll 1d10 on the scenario's ``table`` ("friendly" or "enemy") and apply the result."""
    tables = st.sc.lib.events.tables.get(st.sc.file.events)
    if tables is None:
        log(ev, "event", f"{table} event: this scenario has no event table", "5.1.3")
        return
    roll = st.rng.die(10, 0)
    entry = tables[table][roll]  # type: ignore[index]
    extra: dict[str, Any] = entry.model_extra or {}
    name = extra.get("name") or entry.id.replace("_", " ")
    log(ev, "event", f"{table} event, roll {roll}: {name}", "5.1.3")
    kind = entry.id
    if kind in WEAPON_OF:
        bombard(st, WEAPON_OF[kind], extra, ev)
    elif kind in ("roll_enemy_table", "roll_friendly_table"):
        if depth < 2:
            resolve(st, "enemy" if kind == "roll_enemy_table" else "friendly", ev, depth + 1)
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
        log(ev, "event", f"the event {kind!r} is not played by this engine: nothing happens")


def illuminate(st: CombatState, extra: dict[str, Any], ev: list[Event]) -> None:
    """A flare or an illumination round from off the map (21.1): aimed by the event's aim table
    and scattered like a shell; it lights 3 hexes round until it burns out."""
    board = st.sc.board
    table = {k: board.parse(v) for k, v in st.sc.lib.events.aim_tables[extra["aim_table"]].items()}
    s = explosives.strike(st.rng, st.sc.compass, table)
    where = board.label(s.hex)
    if s.hex not in board.index:
        log(ev, "flare", f"an illumination round aimed at {board.label(s.aim)} lands off the map")
        return
    st.flares = (*st.flares, (board.index[s.hex], st.turn))
    log(ev, "flare", f"an illumination round lights {where} (aim roll {s.aim_roll})", "21.1")


NOISE_REACH = 5


def noise(st: CombatState, ev: list[Event]) -> None:
    """A noise: each waiting German within 5 hexes of a friendly picked by the dice takes a
    Troop Quality Check and is alerted if he passes."""
    men = [s.index for s in st.soldiers if s.side == US and st.alive(s.index)]
    if not men:
        return
    heard = pick(st, men)
    log(ev, "event", f"a noise near {st.soldiers[heard].name}", "5.1.3")
    for s in st.soldiers:
        i = s.index
        if s.side != GERMANY or not st.alive(i) or st.alert[i]:
            continue
        if distance(st, st.pos[i], st.pos[heard]) <= NOISE_REACH:
            check = checks.tqc(st.rng, tq_now(st, i, morale=False))
            if check.passed:
                make_alert(st, i, ev, "he heard something")


def heal_one(st: CombatState, side: str, ev: list[Event]) -> None:
    """One Light Wound marker comes off: the first soldier of the side who has one."""
    for s in st.soldiers:
        w = st.wounds[s.index]
        if s.side == side and st.alive(s.index) and "light_wound" in w:
            rest = list(w)
            rest.remove("light_wound")
            st.wounds[s.index] = tuple(rest)
            log(ev, "event", f"{label(st, s.index)} loses a light wound", "5.1.3")
            return


def boost(st: CombatState, ev: list[Event]) -> None:
    """Friendlies within a friendly leader's LDR go up one morale level, never to Berserk."""
    leaders = [s for s in st.soldiers if s.side == US and s.ldr and st.alive(s.index)]
    for s in st.soldiers:
        i = s.index
        if s.side != US or not st.alive(i):
            continue
        if any(
            distance(st, st.pos[i], st.pos[ld.index]) <= ldr_now(st, ld.index) for ld in leaders
        ):
            before = st.morale[i]
            st.morale[i] = checks.shift(before, 1)
            if st.morale[i] != before:
                log(ev, "morale", f"{s.name} is now {checks.LADDER[st.morale[i]]}", "5.1.3")


def reveal_one(st: CombatState, ev: list[Event]) -> None:
    """The unknown counter nearest a friendly is turned over (house: nearest, then the dice)."""
    unknown = [
        s.index
        for s in st.soldiers
        if s.side == GERMANY and st.alive(s.index) and not st.seen[s.index]
    ]
    if not unknown:
        return
    i = nearest_the_squad(st, unknown)
    if st.soldiers[i].decoy:
        key = st.soldiers[i].key
        unmask_decoy(st, i, ev, f"{key} is turned over: a decoy, removed", "5.1.3")
    else:
        log(ev, "spotted", f"{st.soldiers[i].key} is turned over: {st.soldiers[i].name}", "5.1.3")
        turn_over(st, i, ev)


def reorder_one(st: CombatState, ev: list[Event]) -> None:
    """The alert enemy nearest a friendly draws a new order."""
    alert = [
        s.index
        for s in st.soldiers
        if s.side == GERMANY and st.alive(s.index) and st.alert[s.index]
    ]
    if not alert:
        return
    give_enemy_order(st, nearest_the_squad(st, alert), draw_enemy(st), ev)


def reinforce(st: CombatState, extra: dict[str, Any], ev: list[Event]) -> tuple[int, ...]:
    """One counter from the cup, face down and alert, on each listed hex with the event's
    order and directions (house: the cup's next counters in order). Returns who came."""
    board = st.sc.board
    order = str(extra.get("order", "evade")).lower().replace(" ", "_").replace("&", "and")
    dirs = tuple(int(d) for d in extra.get("dir", ()))
    cup = [s.index for s in st.soldiers if st.status[s.index] == IN_CUP]
    came = []
    for label_, i in zip(extra.get("hexes", ()), cup, strict=False):
        here = board.parse(str(label_))
        if here not in board.index:
            continue
        came.append(i)
        st.status[i], st.pos[i], st.alert[i] = "active", board.index[here], True
        st.order[i], st.dirs[i] = order, dirs
        log(
            ev,
            "reinforcement",
            f"an unknown {st.soldiers[i].team} counter arrives on {label_}",
            "5.1.3",
        )
    return tuple(came)


def bombard(st: CombatState, weapon_id: str, extra: dict[str, Any], ev: list[Event]) -> None:
    """Each strike: aim roll, scatter, damage, crater or rubble, Morale Checks, smoke (20.0)."""
    board = st.sc.board
    gun = st.sc.lib.weapons.artillery[weapon_id]
    count = str(extra.get("strikes", "1d6"))
    strikes = st.rng.die(int(count.split("d")[1])) if "d" in count else int(count)
    table = {k: board.parse(v) for k, v in st.sc.lib.events.aim_tables[extra["aim_table"]].items()}
    log(ev, "artillery", f"{gun.name}: {strikes} strike(s)", "20.0")
    for _ in range(strikes):
        s = explosives.strike(st.rng, st.sc.compass, table)
        where = board.label(s.hex)
        text = (
            f"aim roll {s.aim_roll} at {board.label(s.aim)}, scatters {s.distance} "
            f"in direction {s.direction}"
        )
        if s.hex not in board.index:
            log(ev, "artillery", f"{text}: off the map", "20.0")
            continue
        log(ev, "artillery", f"{text}: lands on {where}", "20.0")
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
        if ring < 0 or gun.damage[ring] is None or gun.frag[ring] is None:
            continue
        blast(st, t, gun.damage[ring], gun.frag[ring], ev, source="artillery")  # type: ignore[arg-type]
    building = st.ground.kind[land] == "building"
    mark = explosives.crater_or_rubble(st.rng, gun, building)
    if mark:
        what, roll = mark
        log(ev, "artillery", f"{board.label(board.hexes[land])}: {what} (roll {roll})", "20.0")
        if what == "rubble":
            for o in st.soldiers:
                if st.alive(o.index) and st.pos[o.index] == land:
                    kill(st, o.index, ev)
        if st.ground.kind[land] != what:  # the map changes for the rest of the game
            st.changes = (*[c for c in st.changes if c[0] != land], (land, what))
            st.ground = st.sc.ground.changed(st.changes)
    after_blast(st, land, gun.smoke, ev, harmful=True, what="a shell")
