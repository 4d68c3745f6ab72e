"""The enemy order phase (9.0): an order per alert soldier from the cards, team initiative,
and waking waiting soldiers (9.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event, rolled
from wartable.core.words import listing, say, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import GERMANY, US
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules import care, checks, enemy_orders, fire, guards
from wartable.games.combat.rules.common import (
    distance,
    draw_enemy,
    face_down,
    foes_here,
    friendly_near,
    in_cover,
    initiatives,
    label,
    ldr_now,
    log,
    private_dice,
    sees,
    sees_known,
    slow,
    tq_now,
)
from wartable.games.combat.rules.initiative import ON_TRACK, track
from wartable.games.combat.vocabulary import ORDERS, of

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

FIRST_ORDERS = {
    1: ("evade", (5, 6)),
    2: ("evade", (6, 5)),
    3: ("evade", (5,)),
    4: ("evade", (6,)),
    5: ("sneak", (5,)),
    6: ("sneak", (6,)),
}
# why a waiting German is alerted (9.8)
CAME_IN = word("an alert soldier entered his hex")
SEEN_NEAR = word("an alert soldier within 3 hexes sees him")
COMMANDED = word("within a leader's command range")
NEAR = word("an alert soldier is near")


def give_enemy_order(st: CombatState, i: int, card_no: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    sc = st.sc
    if foes_here(st, i):
        st.order[i], st.dirs[i] = "melee", ()  # in a melee hex nothing else is possible (15.0)
        return
    special = sc.special
    if (st.turn == 1 or i in st.arrived) and "first-orders-by-die" in special:
        roll = st.rng.die(6)
        st.order[i], st.dirs[i] = FIRST_ORDERS[roll]
        text = say(
            "{unit} rolls {roll}: {order} {directions}",
            unit=label(st, i),
            roll=roll,
            order=of(ORDERS, st.order[i]),
            directions="/".join(map(str, st.dirs[i])),
        )
        log(
            ev,
            EventKind.ENEMY_ORDER,
            text,
            "scenario rule",
            roll=rolled([roll], 6, None, st.order[i].replace("_", " ")),  # read on a table
        )
        return
    card = sc.lib.enemy_cards.cards[card_no - 1]
    with private_dice(st, i):  # how many letters he checks hangs on his quality and grenades
        given = enemy_orders.give(
            st.rng,
            card,
            morale=st.morale[i],
            in_cover=in_cover(st, i),
            tq=tq_now(st, i),
            bare_tq=s.tq,
            friendly_within_4=friendly_near(st, i, 4),
            grenades=s.grenade is not None,
            # 14.1: a face-down man keeps a Rapid Fire until he is known (common.turn_over)
            slow_weapon=slow(st, i) and not face_down(st, i),
            no_ammo=st.ammo[i] == fire.AMMO_NONE,
            can_see_friendly=sees_known(st, i, US),
        )
    order, dirs = care.slow_down(st, i, given.order), given.dirs
    if (
        "farm-buildings-aimed-fire" in special
        and st.ground.kind[st.pos[i]] == "building"
        and st.morale[i] == checks.NORMAL
    ):
        order, dirs = "aimed_fire", ()
    st.order[i], st.dirs[i] = order, dirs
    text = say("{unit}: {reason}", unit=label(st, i), reason=given.reason)
    log(ev, EventKind.ENEMY_ORDER, text, "9.1")


def enemy_order_phase(st: CombatState, ev: list[Event]) -> None:
    teams = list(st.sc.file.enemy.cup)
    st.team_cards = {}
    for s in st.soldiers:
        if s.side != GERMANY or not st.alive(s.index):
            continue
        if not st.alert[s.index]:
            st.order[s.index] = ""
            continue
        if st.order[s.index]:
            continue  # a prisoner freed this turn takes no order (17.4)
        if st.option("large_battle") and s.team in st.team_cards:
            card = st.team_cards[s.team]  # 9.2: one card for the whole team
        else:
            card = draw_enemy(st)
            st.team_cards.setdefault(s.team, card)
        if guards.enemy_guard_order(st, s.index, card):
            text = say("{unit} marches his prisoners off", unit=label(st, s.index))
            log(ev, EventKind.ENEMY_ORDER, text, "17.4")
            continue
        give_enemy_order(st, s.index, card, ev)
    for team in teams:
        if team not in st.team_cards:
            st.team_cards[team] = draw_enemy(st)
    cards = st.sc.lib.enemy_cards.cards
    friendly = initiatives(st, st.initiative_card)
    squad = {s.team for s in st.soldiers if s.side == US}  # only teams the scenario fields
    enemy = {t: cards[c - 1].initiative for t, c in st.team_cards.items()}
    st.track = tuple(track(friendly, enemy, squad))
    order = listing(
        [say("{team} {initiative}", team=of(ON_TRACK, k), initiative=v) for v, k in st.track]
    )
    log(ev, EventKind.INITIATIVE, say("initiative track: {teams}", teams=order), "9.1")
    st.phase = Phase.IMPULSES


def make_alert(st: CombatState, i: int, ev: list[Event], why: str) -> None:
    if st.alert[i] or not st.alive(i):
        return
    st.alert[i] = True
    log(ev, EventKind.ALERT, say("{unit} is alerted: {why}", unit=label(st, i), why=why), "9.8")
    if st.sc.file.enemy.prepared:
        give_enemy_order(st, i, draw_enemy(st), ev)


def came_in(st: CombatState, i: int, ev: list[Event]) -> None:
    """9.8 trigger 4: an alert soldier comes into a waiting one's hex."""
    here = st.pos[i]
    for o in st.soldiers:
        if st.pos[o.index] == here and o.side == GERMANY and st.alive(o.index):
            make_alert(st, o.index, ev, CAME_IN)


def alert_near(st: CombatState, hex_index: int, reach: int, ev: list[Event], why: str) -> None:
    for s in st.soldiers:
        if (
            s.side == GERMANY
            and st.alive(s.index)
            and not st.alert[s.index]
            and distance(st, st.pos[s.index], hex_index) <= reach
        ):
            make_alert(st, s.index, ev, why)


def wake_up(st: CombatState, ev: list[Event]) -> None:
    """Step 5e and alert trigger 8 (9.8): a waiting soldier within 3 hexes and in sight of an
    alert one wakes (RULINGS: the step names the sight, the trigger sums it up); trigger 6:
    so does one within the leadership range of a German leader who is alert or known."""
    for s in st.soldiers:
        if s.side != GERMANY or not st.alive(s.index) or st.alert[s.index]:
            continue
        for o in st.soldiers:
            if o.side != GERMANY or o.index == s.index or not st.alive(o.index):
                continue
            gap = distance(st, st.pos[s.index], st.pos[o.index])
            if st.alert[o.index] and gap <= 3 and sees(st, o.index, s.index):
                make_alert(st, s.index, ev, SEEN_NEAR)
                break
            ldr = ldr_now(st, o.index)
            if (st.alert[o.index] or st.seen[o.index]) and ldr and gap <= ldr:
                # a face-down leader is not named as one: who he is stays unknown
                known = not face_down(st, o.index)
                make_alert(st, s.index, ev, COMMANDED if known else NEAR)
                break
