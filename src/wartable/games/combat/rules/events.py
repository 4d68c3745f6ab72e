"""Random events (5.1.3, 22.0): what the event table's results do, shelling apart.

An event card drawn for any reason, or an order card marked with an event when it is played,
rolls 1d10 on the scenario's friendly or enemy table. The roll and the shelling are
``deck.resolve_event``'s: an event's shells wound, a wound draws a card, and the card may be
an event again, so that recursion lives whole in deck.py. The results here never draw a card
or wound anyone, which keeps this module below deck.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.events import Event, rolled
from wartable.core.words import say, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import ACTIVE, GERMANY, IN_CUP, US
from wartable.games.combat.rules import checks, explosives
from wartable.games.combat.rules.common import (
    distance,
    draw_enemy,
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
from wartable.games.combat.vocabulary import MORALE, TEAMS, of

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

FRIENDLY_EVENT_CARDS = {51, 16, 26}  # 51 when drawn; 16 and 26 when played
ENEMY_EVENT_CARDS = {52, 5, 46}
HEARD = word("he heard something")  # why a waiting German is alerted by a noise


def illuminate(st: CombatState, extra: dict[str, Any], ev: list[Event]) -> None:
    """A flare or an illumination round from off the map (21.1): aimed by the event's aim table
    and scattered like a shell; it lights 3 hexes round until it burns out."""
    board = st.sc.board
    table = {k: board.parse(v) for k, v in st.sc.lib.events.aim_tables[extra["aim_table"]].items()}
    s = explosives.strike(st.rng, st.sc.compass, table)
    where = board.label(s.hex)
    if s.hex not in board.index:
        text = say("an illumination round aimed at {hex} lands off the map", hex=board.label(s.aim))
        log(ev, EventKind.FLARE, text)
        return
    st.flares = (*st.flares, (board.index[s.hex], st.turn))
    aim = rolled([s.aim_roll], 10, None, "lights", zero=True)  # read on the aim table
    text = say("an illumination round lights {hex} (aim roll {roll})", hex=where, roll=s.aim_roll)
    log(ev, EventKind.FLARE, text, "21.1", roll=aim)


NOISE_REACH = 5


def noise(st: CombatState, ev: list[Event]) -> None:
    """A noise: each waiting German within 5 hexes of a friendly picked by the dice takes a
    Troop Quality Check and is alerted if he passes."""
    men = [s.index for s in st.soldiers if s.side == US and st.alive(s.index)]
    if not men:
        return
    heard = pick(st, men)
    log(ev, EventKind.EVENT, say("a noise near {unit}", unit=st.soldiers[heard].name), "5.1.3")
    for s in st.soldiers:
        i = s.index
        if s.side != GERMANY or not st.alive(i) or st.alert[i]:
            continue
        if distance(st, st.pos[i], st.pos[heard]) <= NOISE_REACH:
            check = checks.tqc(st.rng, tq_now(st, i, morale=False))
            if check.passed:
                make_alert(st, i, ev, HEARD)


def heal_one(st: CombatState, side: str, ev: list[Event]) -> None:
    """One Light Wound marker comes off: the first soldier of the side who has one."""
    for s in st.soldiers:
        w = st.wounds[s.index]
        if s.side == side and st.alive(s.index) and "light_wound" in w:
            rest = list(w)
            rest.remove("light_wound")
            st.wounds[s.index] = tuple(rest)
            text = say("{unit} loses a light wound", unit=label(st, s.index))
            log(ev, EventKind.EVENT, text, "5.1.3")
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
                morale = of(MORALE, checks.LADDER[st.morale[i]])
                text = say("{unit} is now {morale}", unit=s.name, morale=morale)
                log(ev, EventKind.MORALE, text, "5.1.3")


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
        text = say("{key} is turned over: a decoy, removed", key=st.soldiers[i].key)
        unmask_decoy(st, i, ev, text, "5.1.3")
    else:
        s = st.soldiers[i]
        text = say("{key} is turned over: {unit}", key=s.key, unit=s.name)
        log(ev, EventKind.SPOTTED, text, "5.1.3")
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
        st.status[i], st.pos[i], st.alert[i] = ACTIVE, board.index[here], True
        st.order[i], st.dirs[i] = order, dirs
        text = say(
            "an unknown {team} counter arrives on {hex}",
            team=of(TEAMS, st.soldiers[i].team),
            hex=str(label_),
        )
        log(ev, EventKind.REINFORCEMENT, text, "5.1.3")
    return tuple(came)
