"""Grenades in play (7.09-7.11, 10.09, 14.2, 18.0): the target marker, the throw, the Near and
Far markers, the explosions at the end of the turn (a rifle grenade's at once) and the smoke
they leave, which drifts downwind turn by turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event, rolled
from wartable.core.words import Said, say, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import US
from wartable.games.combat.rules import checks, explosives, fire, hand, smoke
from wartable.games.combat.rules.common import (
    covered,
    distance,
    face_down,
    in_cover,
    label,
    log,
    pick,
    private_dice,
    tq_now,
)
from wartable.games.combat.rules.deck import after_blast, blast
from wartable.games.combat.rules.enemy_phase import came_in
from wartable.games.combat.rules.harm import mark, shelter
from wartable.games.combat.schema import Weapon

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

HAND, SMOKE, RIFLE = "grenade", "smoke_grenade", "rifle_grenade"
ORDERS = frozenset({HAND, SMOKE, RIFLE})
REACH = 3  # every hand grenade (14.2)
ORDER_REACH = 4  # a known enemy within 4 hexes allows the order (7.09, 9.6)
RULE = {HAND: "7.09", SMOKE: "7.10", RIFLE: "7.11"}
# the log's words for a throw and the markers it places (7.09-7.11, 10.09, 14.2)
THROWN = {
    (False, True): word("{unit} throws a grenade at {hex}: roll {roll}"),
    (False, False): word("{unit} throws a grenade at {hex}: roll {roll} (+3, out of sight)"),
    (True, True): word("{unit} fires a rifle grenade at {hex}: roll {roll}"),
    (True, False): word("{unit} fires a rifle grenade at {hex}: roll {roll} (+3, out of sight)"),
}
MARKED = {"near": word("{unit}: near marker"), "far": word("{unit}: far marker")}
PLACED = {
    "near": word("{unit}: WS {ws}{modifier}, roll {roll}: near marker"),
    "far": word("{unit}: WS {ws}{modifier}, roll {roll}: far marker"),
}
TO_THROW = word("{unit} moves to {hex} to throw")  # the enemy grenadier's own steps (10.09)
AFTER_THROW = word("{unit} moves to {hex} after his throw")
BLAST_NEAR = word("a grenade exploded within 5 hexes")  # why the Germans near are alerted


def grenade_of(st: CombatState, i: int) -> str | None:
    """The grenade ``i``'s current order uses."""
    s = st.soldiers[i]
    return {HAND: s.grenade, SMOKE: s.smoke, RIFLE: s.rifle}.get(st.order[i])


def launcher(st: CombatState) -> Weapon | None:
    kit = st.sc.lib.characters.us.kit.rifle_grenade
    return st.sc.lib.weapons.weapons[kit.launcher] if kit else None


def known_enemies(st: CombatState, i: int) -> list[int]:
    side = st.soldiers[i].side
    return [
        o.index for o in st.soldiers if o.side != side and st.seen[o.index] and st.alive(o.index)
    ]


def hand_targets(st: CombatState, i: int) -> list[int]:
    """Hexes of known enemies within 4 hexes, seen or not (7.09)."""
    here = st.pos[i]
    hexes = {st.pos[t] for t in known_enemies(st, i) if distance(st, here, st.pos[t]) <= 4}
    return sorted(hexes)


def rifle_targets(st: CombatState, i: int) -> list[int]:
    """Hexes of known enemies in sight and within the launcher's range bands (7.11, 14.0)."""
    weapon = launcher(st)
    if weapon is None:
        return []
    here = st.pos[i]
    return sorted(
        {
            st.pos[t]
            for t in known_enemies(st, i)
            if fire.band_modifier(weapon, distance(st, here, st.pos[t])) is not None
            and st.ground.sight.sees(here, st.pos[t])
        }
    )


def aim_options(st: CombatState, i: int) -> list[int]:
    """Hexes the target marker may shift to: next to where it is, still within reach."""
    board = st.sc.board
    at = st.aim[i]
    if at < 0:
        return []
    weapon = launcher(st) if st.order[i] == RIFLE else None
    out = []
    for n in board.grid.neighbours(board.hexes[at]):
        h = board.index[n]
        d = distance(st, st.pos[i], h)
        ok = fire.band_modifier(weapon, d) is not None if weapon else d <= REACH
        if ok:
            out.append(h)
    return out


def smoke_options(st: CombatState, i: int) -> list[int]:
    """Any hex within 3 of the thrower takes a smoke grenade (7.10)."""
    here = st.pos[i]
    return [h for h in range(len(st.sc.board.hexes)) if distance(st, here, h) <= REACH]


def arm(st: CombatState, i: int, ev: list[Event]) -> None:
    if st.order[i] == RIFLE:
        return  # firing arms a rifle grenade (7.11)
    st.live[i] = True
    text = say("{unit} arms a grenade", unit=label(st, i))
    log(ev, EventKind.GRENADE, text, RULE.get(st.order[i], "10.09"))


def shift_aim(st: CombatState, i: int, to: int, ev: list[Event]) -> None:
    check = checks.tqc(st.rng, tq_now(st, i))
    where = st.sc.board.labels[to]
    if check.passed:
        st.aim[i] = to
        text = say(
            "{unit} moves the target marker to {hex}: {check}",
            unit=label(st, i),
            hex=where,
            check=check.text,
        )
    else:
        text = say(
            "{unit} cannot move the target marker to {hex}: {check}",
            unit=label(st, i),
            hex=where,
            check=check.text,
        )
    log(ev, EventKind.AIM, text, RULE[st.order[i]], roll=checks.roll_of(check))


def short_of(st: CombatState, frm: int, to: int, reach: int) -> int:
    """The hex ``reach`` hexes along the line toward an aim point beyond reach (house ruling:
    the throw falls short rather than being lost)."""
    for step in st.ground.sight.path(frm, to):
        if distance(st, frm, step[0]) >= reach:
            return min(step)
    return to


def throw(st: CombatState, i: int, ev: list[Event], target: int | None = None) -> None:
    """Impulse 3: the throw (or the rifle grenade's shot), its scatter and the markers."""
    order = st.order[i]
    grenade_id = grenade_of(st, i)
    aim = st.aim[i] if target is None else target
    st.live[i], st.aim[i] = False, -1
    if grenade_id is None or aim < 0:
        return
    board = st.sc.board
    here = st.pos[i]
    if order != RIFLE and distance(st, here, aim) > REACH:
        aim = short_of(st, here, aim, REACH)
    in_sight = st.ground.sight.sees(here, aim)
    landing = explosives.throw(st.rng, st.sc.compass, board.hexes[aim], in_sight)
    if (
        landing.scattered
        and st.soldiers[i].side == US
        and hand.spend(st, "reroll_throw", "reroll_any")
    ):
        text = say(
            "{unit} throws again (roll {roll} re-rolled)", unit=label(st, i), roll=landing.roll
        )
        log(ev, EventKind.CARD, text, "5.1", roll=landing_roll(landing, in_sight))
        landing = explosives.throw(st.rng, st.sc.compass, board.hexes[aim], in_sight)
    thrown = say(
        THROWN[order == RIFLE, in_sight],
        unit=label(st, i),
        hex=board.labels[aim],
        roll=landing.roll,
    )
    land = board.index.get(landing.hex, -1)
    rule = RULE.get(order, "10.09")
    roll = landing_roll(landing, in_sight)
    if land < 0:  # only a scattered throw leaves the map
        text = say(
            "{throw}, scatters in direction {direction}: it lands off the map",
            throw=thrown,
            direction=landing.scattered,
        )
        log(ev, EventKind.GRENADE, text, rule, roll=roll)
        return
    where = board.label(landing.hex)
    if landing.scattered:
        text = say(
            "{throw}, scatters in direction {direction}: lands on {hex}",
            throw=thrown,
            direction=landing.scattered,
            hex=where,
        )
    else:
        text = say("{throw}: lands on {hex}", throw=thrown, hex=where)
    log(ev, EventKind.GRENADE, text, rule, roll=roll)
    if order == SMOKE:
        st.bursts = (*st.bursts, (land, grenade_id))
        return
    caught = place_markers(st, i, land, in_sight, grenade_id, ev)
    if order == RIFLE:  # a rifle grenade goes off as it lands (14.2)
        damage(st, caught, grenade_id, ev)
        aftermath(st, land, grenade_id, ev)
    else:
        for t, kind in caught:
            mark(st, t, kind, grenade_id)
        st.bursts = (*st.bursts, (land, grenade_id))


def landing_roll(landing: explosives.Landing, in_sight: bool) -> dict[str, object]:
    """The landing die as rolled (the log adds +3 out of sight): it lands where aimed at or
    under the face given, else scatters (7.09, 10.09)."""
    penalty = 0 if in_sight else explosives.UNSEEN_PENALTY
    need = checks.highest(explosives.SCATTER_AT - 1 - penalty)
    result = "scatters" if landing.scattered else "on target"
    return rolled([landing.roll - penalty], 10, need, result, under=True, zero=True)


def place_markers(
    st: CombatState, i: int, land: int, in_sight: bool, grenade_id: str, ev: list[Event]
) -> list[tuple[int, str]]:
    """A roll against the thrower's grenade WS for each soldier in the hex: Near on a success,
    Far on a failure. A friendly thrower's roll takes the target's Order/Terrain modifier;
    an enemy's only -3 when the hex is out of his sight (7.09, 10.09)."""
    s = st.soldiers[i]
    out: list[tuple[int, str]] = []
    for o in st.soldiers:
        t = o.index
        if st.pos[t] != land or not st.alive(t):
            continue
        modifier = near_modifier(st, i, t, in_sight)
        with private_dice(st, i):  # a confirming roll hangs on his skill (rule of 0)
            r = explosives.placement(st.rng, s.grenade_ws, modifier, tq_now(st, i))
        near = "near" if r.success else "far"
        out.append((t, near))
        caught = label(st, t)
        if face_down(st, i):  # his skill would tell who he is
            log(ev, EventKind.GRENADE, say(MARKED[near], unit=caught), "14.2")
        else:
            text = say(
                PLACED[near],
                unit=caught,
                ws=s.grenade_ws,
                modifier=f"{modifier:+d}",
                roll=r.roll,
            )
            log(ev, EventKind.GRENADE, text, "14.2", roll=checks.zero_rolls([r], near))
    return out


def near_modifier(st: CombatState, i: int, t: int, in_sight: bool) -> int:
    """The modifier of thrower ``i``'s Near roll for ``t``: a friendly thrower's takes the
    Order/Terrain chart, an enemy's only -3 when out of his sight (7.09, 10.09)."""
    if st.soldiers[i].side == US:
        return shelter(st, t)
    return 0 if in_sight else -explosives.UNSEEN_PENALTY


def damage(
    st: CombatState, caught: list[tuple[int, str]], grenade_id: str, ev: list[Event]
) -> None:
    """Damage dice for each Near (3) or Far (1) marker, each a hit at or under the frag number
    plus the target's Order/Terrain modifier (14.2)."""
    g = st.sc.lib.weapons.grenades[grenade_id]
    if g.damage is None or g.frag is None:
        return
    for t, kind in caught:
        if st.alive(t):
            ring = 0 if kind == "near" else 1
            blast(st, t, g.damage[ring], g.frag[ring], ev, source=EventKind.GRENADE, marker=kind)


def aftermath(st: CombatState, land: int, grenade_id: str, ev: list[Event]) -> None:
    g = st.sc.lib.weapons.grenades[grenade_id]
    after_blast(st, land, g.smoke, ev, harmful=g.damage is not None, why=BLAST_NEAR)


def explode_all(st: CombatState, ev: list[Event]) -> None:
    """End phase step 5a: every grenade on the map goes off."""
    if not st.bursts:
        return
    for grenade_id in dict.fromkeys(g for _, g in st.bursts):
        caught = [(i, st.blast[i]) for i in range(len(st.soldiers)) if st.blast_by[i] == grenade_id]
        damage(st, caught, grenade_id, ev)
    for i in range(len(st.soldiers)):
        st.blast[i], st.blast_by[i] = "", ""
    bursts, st.bursts = st.bursts, ()
    for land, grenade_id in bursts:
        text = say("the grenade on {hex} explodes", hex=st.sc.board.labels[land])
        log(ev, EventKind.EXPLOSION, text, "14.2")
        aftermath(st, land, grenade_id, ev)


def drift_smoke(st: CombatState) -> None:
    """End of turn: each cloud grows downwind, turns to Dispersing, or thins (18.0)."""
    if not st.clouds:
        return
    board = st.sc.board
    clouds = []
    for c in st.clouds:
        downwind = st.sc.compass.step(c.hexes[-1], st.sc.file.wind) if c.hexes else None
        after = smoke.end_of_turn(
            c, st.turn, downwind if downwind is not None and downwind in board.index else None
        )
        if not after.done:
            clouds.append(after)
    smoke.set_clouds(st, tuple(clouds))


# ---- the enemy's grenade (10.09) ----------------------------------------------------------


def nearest_detected(st: CombatState, i: int, reach: int = 99) -> list[int]:
    """Detected friendlies nearest to enemy ``i`` within ``reach``, all those tied."""
    here = st.pos[i]
    found = [
        (distance(st, here, st.pos[f.index]), f.index)
        for f in st.soldiers
        if f.side == US and st.alive(f.index) and st.seen[f.index]
    ]
    found = [(d, f) for d, f in found if d <= reach]
    if not found:
        return []
    best = min(d for d, _ in found)
    return [f for d, f in found if d == best]


def enemy_grenade(st: CombatState, i: int, ev: list[Event]) -> None:
    """Impulse 1 arm and mark the nearest detected friendly within 3; impulse 2 close in if
    he is 4 away (or to stand next to a friendly in a building), else re-aim at the nearest;
    impulse 3 throw; impulse 4 one hex toward cover if he stands in the open."""
    if st.impulse == 1:
        arm(st, i, ev)
        aim_enemy(st, i, ev)
    elif st.impulse == 2:
        step_to(st, i, enemy_grenade_step(st, i), ev, TO_THROW)
        if not any(
            f.side == US and st.alive(f.index) and st.pos[f.index] == st.aim[i] for f in st.soldiers
        ):
            aim_enemy(st, i, ev)  # nobody under the marker: onto the nearest friendly
    elif st.impulse == 3:
        if st.aim[i] < 0:
            st.live[i] = False
            text = say("{unit} finds no target and keeps his grenade", unit=label(st, i))
            log(ev, EventKind.GRENADE, text, "10.09")
            return
        throw(st, i, ev)
    elif not in_cover(st, i):
        step_to(st, i, last_step(st, i), ev, AFTER_THROW)


def step_to(st: CombatState, i: int, to: int, ev: list[Event], moves: Said) -> None:
    """The grenadier's own steps (10.09), if he has one to take; ``moves``: the log's words
    for them (``TO_THROW``, ``AFTER_THROW``)."""
    if to < 0:
        return
    st.pos[i] = to
    text = say(moves, unit=label(st, i), hex=st.sc.board.labels[to])
    log(ev, EventKind.ENEMY_MOVE, text, "10.09")
    came_in(st, i, ev)


def last_step(st: CombatState, i: int) -> int:
    """Impulse 4 from an open hex: one hex in compass direction 2 or 3, the one in cover if
    only one is, else the dice (10.09); never into a friendly's hex, as in impulse 2 (ruling
    28), nor off the map."""
    board = st.sc.board
    ways = (st.sc.compass.step(board.hexes[st.pos[i]], d) for d in (2, 3))
    return cover_first(st, [board.index[h] for h in ways if h in board.index])


def cover_first(st: CombatState, options: list[int]) -> int:
    """Of the hexes a grenadier may step to (never a friendly's, ruling 28), one in cover
    first, then the dice in hex-label order (the 14.2 example); -1 if none is left."""
    friends = {st.pos[f.index] for f in st.soldiers if f.side == US and st.alive(f.index)}
    options = [h for h in options if h not in friends]
    if not options:
        return -1
    covered_ones = [h for h in options if covered(st, h)]
    return pick(st, sorted(covered_ones or options, key=st.sc.board.hexes.__getitem__))


def aim_enemy(st: CombatState, i: int, ev: list[Event]) -> None:
    options = nearest_detected(st, i, REACH) or nearest_detected(st, i, ORDER_REACH)
    if not options:
        return
    target = pick(st, options)
    st.aim[i] = st.pos[target]
    where = st.sc.board.labels[st.aim[i]]
    text = say("{unit} marks {hex} as his grenade's target", unit=label(st, i), hex=where)
    log(ev, EventKind.AIM, text, "10.09")


def enemy_grenade_step(st: CombatState, i: int) -> int:
    """The hex a grenadier steps to in impulse 2, or -1: toward the nearest detected friendly
    when that one is 4 or more hexes away, or next to a friendly in a building; cover first,
    then the dice (the 14.2 example)."""
    board = st.sc.board
    here = st.pos[i]
    nearest = nearest_detected(st, i)
    if not nearest:
        return -1
    gap = distance(st, here, st.pos[nearest[0]])
    neighbours = list(board.next_to[here])
    friends_in_buildings = [
        st.pos[f.index]
        for f in st.soldiers
        if f.side == US
        and st.alive(f.index)
        and st.seen[f.index]
        and st.ground.kind[st.pos[f.index]] == "building"
    ]
    if gap > REACH:
        options = [h for h in neighbours if any(distance(st, h, st.pos[f]) < gap for f in nearest)]
    else:
        options = [
            h
            for h in neighbours
            if any(distance(st, h, b) == 1 for b in friends_in_buildings)
            and not any(distance(st, here, b) == 1 for b in friends_in_buildings)
        ]
    return cover_first(st, options)
