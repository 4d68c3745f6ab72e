"""Sequence of play (4.0): cards, orders, the enemy's orders, four impulses, the end phase.

``apply_action`` applies the player's choice, then ``advance`` runs everything the rules decide
by themselves - the enemy's whole side included - until the player must choose again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.events import Event
from wartable.core.outcome import Outcome
from wartable.games.combat.model import (
    ACTIVE,
    CARDS,
    DEAD,
    GERMANY,
    GONE,
    IMPULSES,
    ORDERS,
    OVER,
    US,
    Activation,
)
from wartable.games.combat.rules import checks, enemy_orders, fire, spotting, wounds
from wartable.games.combat.rules.compass import enemy_move
from wartable.games.combat.rules.initiative import track
from wartable.games.combat.scenario import EVENT_CARDS

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

HAND_LIMIT = 5
MOVE_KINDS = {"may_move_1": (1, False), "must_move_1": (1, True), "must_move_2": (2, True)}
TAKE_COVER_EXEMPT = frozenset({"run_and_gun", "grenade", "charge"})
FIRST_ORDERS = {
    1: ("evade", (5, 6)),
    2: ("evade", (6, 5)),
    3: ("evade", (5,)),
    4: ("evade", (6,)),
    5: ("sneak", (5,)),
    6: ("sneak", (6,)),
}
KILL_VP = {"nco": "enemy_nco_killed", "officer": "enemy_officer_killed"}


def log(ev: list[Event], kind: str, text: str, rule: str = "", **data: object) -> None:
    ev.append(Event(kind, text, data, rule))


# ---- player actions ---------------------------------------------------------------------------


def apply_action(st: CombatState, action: Action) -> list[Event]:
    ev: list[Event] = []
    verb, args = action.verb, action.args
    if verb == "deploy":
        i = st.find(args[0])
        st.pos[i] = st.sc.board.index[st.sc.board.parse(args[1])]
        log(ev, "deploy", f"{st.soldiers[i].name} deploys on {args[1]}", "22.0")
        if all(st.pos[s.index] >= 0 for s in st.soldiers if s.side == US):
            start_turn(st, ev)
    elif verb == "discard":
        n = int(args[0])
        st.hand.remove(n)
        st.discard.append(n)
        log(ev, "discard", f"card {n} discarded (hand limit {HAND_LIMIT})", "5.0 step 1c")
    elif verb == "play":
        play_card(st, int(args[0]), ev)
    elif verb == "order":
        i = st.find(args[0])
        st.order[i] = args[1]
        log(ev, "order", f"{st.soldiers[i].name}: {args[1].replace('_', ' ')}", "7.0")
        if next_unordered(st) < 0:
            enemy_order_phase(st, ev)
            start_impulse(st, 1, ev)
    else:
        friendly_step(st, verb, args, ev)
    advance(st, ev)
    return ev


def next_unordered(st: CombatState) -> int:
    for s in st.soldiers:
        if s.side == US and st.alive(s.index) and not st.order[s.index]:
            return s.index
    return -1


# ---- cards (5.0) ------------------------------------------------------------------------------


def draw_friendly(st: CombatState, ev: list[Event]) -> int:
    """Top card of the friendly deck; event cards (5.1.3) are set aside and replaced."""
    while True:
        if not st.deck:
            st.deck, st.discard = st.discard, []
            st.rng.shuffle(st.deck)
            log(ev, "reshuffle", "the friendly discard pile is shuffled into a new deck", "5.0")
        card = st.deck.pop()
        if card not in EVENT_CARDS:
            return card
        st.discard.append(card)
        st.deck += st.discard
        st.discard = []
        st.rng.shuffle(st.deck)
        log(
            ev,
            "event-card",
            f"event card {card} drawn: events are not played yet; a replacement is drawn",
            "5.1.3",
        )


def start_turn(st: CombatState, ev: list[Event]) -> None:
    log(ev, "turn", f"Turn {st.turn} of {st.sc.turns}", "4.0")
    st.phase = CARDS
    if not st.hand:
        st.hand.append(draw_friendly(st, ev))
        log(ev, "draw", "the hand is empty: one card is drawn", "5.0 step 1a")
    if st.set_aside:
        st.hand += st.set_aside
        log(ev, "plan-cards", f"{len(st.set_aside)} planned card(s) join the hand", "5.0 step 1b")
        st.set_aside = []
    st.hand.sort()


def play_card(st: CombatState, n: int, ev: list[Event]) -> None:
    st.hand.remove(n)
    st.initiative_card = n
    card = st.sc.lib.friendly_cards.cards[n - 1]
    log(
        ev,
        "initiative-card",
        f"card {n} ({card.title}) goes on the initiative track: Able "
        f"{card.initiative[0]}, Baker {card.initiative[1]}, Charlie {card.initiative[2]}",  # type: ignore[index]
        "5.0 step 1d",
    )
    st.phase = ORDERS
    for s in st.soldiers:
        if s.side == US:
            st.order[s.index] = ""


# ---- the enemy's orders (9.0) -----------------------------------------------------------------


def friendly_near(st: CombatState, i: int, reach: int) -> bool:
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    here = hexes[st.pos[i]]
    return any(
        st.alive(f.index)
        and st.seen[f.index]
        and f.side == US
        and grid.distance(here, hexes[st.pos[f.index]]) <= reach
        for f in st.soldiers
    )


def sees_known(st: CombatState, i: int, side: str) -> bool:
    """Soldier ``i`` has in sight a detected soldier of ``side`` (spotted or known)."""
    return any(
        o.side == side and st.alive(o.index) and st.seen[o.index] and sees(st, i, o.index)
        for o in st.soldiers
    )


def sees(st: CombatState, a: int, b: int) -> bool:
    low = st.sc.board.low_orders
    return st.sc.sight.sees(st.pos[a], st.pos[b], st.order[a] in low, st.order[b] in low)


def tq_now(st: CombatState, i: int, *, morale: bool = True) -> int:
    s = st.soldiers[i]
    values = st.sc.lib.charts.firer.wounds
    tq = s.tq + sum(values[w] for w in st.wounds[i])
    if morale:
        tq += st.sc.lib.charts.firer.morale.get(checks.LADDER[st.morale[i]], 0)
    return tq


def in_cover(st: CombatState, i: int) -> bool:
    return st.sc.cover[st.pos[i]]


def draw_enemy(st: CombatState) -> int:
    if not st.enemy_deck:
        st.enemy_deck, st.enemy_discard = st.enemy_discard, []
        st.rng.shuffle(st.enemy_deck)
    card = st.enemy_deck.pop()
    st.enemy_discard.append(card)
    return card


def give_enemy_order(st: CombatState, i: int, card_no: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    sc = st.sc
    special = {r.id for r in sc.file.special_rules}
    if st.turn == 1 and "first-orders-by-die" in special:
        roll = st.rng.die(6)
        st.order[i], st.dirs[i] = FIRST_ORDERS[roll]
        log(
            ev,
            "enemy-order",
            f"{label(st, i)} rolls {roll}: {st.order[i]} {'/'.join(map(str, st.dirs[i]))}",
            "scenario rule",
        )
        return
    card = sc.lib.enemy_cards.cards[card_no - 1]
    weapon = sc.lib.weapons.weapons.get(s.weapon or "")
    given = enemy_orders.give(
        st.rng,
        card,
        morale=st.morale[i],
        in_cover=in_cover(st, i),
        tq=tq_now(st, i),
        friendly_within_4=False,  # grenade and charge orders are not played yet
        slow_weapon=bool(weapon and "slow" in weapon.flags),
        no_ammo=st.ammo[i] == fire.AMMO_NONE,
        can_see_friendly=sees_known(st, i, US),
    )
    order, dirs = given.order, given.dirs
    if (
        "farm-buildings-aimed-fire" in special
        and sc.board.kind[st.pos[i]] == "building"
        and st.morale[i] == checks.NORMAL
    ):
        order, dirs = "aimed_fire", ()
    st.order[i], st.dirs[i] = order, dirs
    log(ev, "enemy-order", f"{label(st, i)}: {given.reason}", "9.1")


def enemy_order_phase(st: CombatState, ev: list[Event]) -> None:
    teams = list(st.sc.file.enemy.cup)
    st.team_cards = {}
    for s in st.soldiers:
        if s.side != GERMANY or not st.alive(s.index):
            continue
        if not st.alert[s.index]:
            st.order[s.index] = ""
            continue
        card = draw_enemy(st)
        st.team_cards.setdefault(s.team, card)
        give_enemy_order(st, s.index, card, ev)
    for team in teams:
        if team not in st.team_cards:
            st.team_cards[team] = draw_enemy(st)
    cards = st.sc.lib.enemy_cards.cards
    friendly = st.sc.lib.friendly_cards.cards[st.initiative_card - 1].initiative
    assert friendly is not None
    st.track = tuple(
        track(friendly, {t: cards[c - 1].initiative for t, c in st.team_cards.items()})
    )
    log(ev, "initiative", "initiative track: " + ", ".join(f"{t} {v}" for v, t in st.track), "9.1")
    st.phase = IMPULSES


# ---- impulses (4.0 step 4) --------------------------------------------------------------------


def label(st: CombatState, i: int) -> str:
    s = st.soldiers[i]
    if s.side == US or st.seen[i]:
        return s.name
    return f"unknown {s.team} {s.key}"


def start_impulse(st: CombatState, impulse: int, ev: list[Event]) -> None:
    st.impulse = impulse
    log(ev, "impulse", f"Impulse {impulse}", "4.0")
    hexes = st.sc.board.hexes
    queue: list[int] = []
    for _, team in st.track:
        members = [s.index for s in st.soldiers if s.team == team and st.alive(s.index)]
        if members and st.soldiers[members[0]].side == GERMANY:
            # top of the map first; on one row, the one nearest a friendly first (10.0)
            members.sort(key=lambda i: (hexes[st.pos[i]][1], nearest_friendly(st, i)))
        queue += members
    st.queue = tuple(queue)
    st.cursor = 0
    st.act = None


def nearest_friendly(st: CombatState, i: int) -> int:
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    return min(
        (
            grid.distance(hexes[st.pos[i]], hexes[st.pos[f.index]])
            for f in st.soldiers
            if f.side == US and st.alive(f.index)
        ),
        default=99,
    )


def advance(st: CombatState, ev: list[Event]) -> None:
    """Run the rules until the player must decide or the game ends."""
    while st.phase == IMPULSES and st.act is None:
        if st.cursor >= len(st.queue):
            if st.impulse < 4:
                start_impulse(st, st.impulse + 1, ev)
                continue
            end_phase(st, ev)
            if st.phase != OVER:
                start_turn(st, ev)
            return
        i = st.queue[st.cursor]
        if not st.alive(i):
            st.cursor += 1
            continue
        if st.soldiers[i].side == US:
            begin_friendly(st, i, ev)
            if st.act is None:
                st.cursor += 1
        else:
            enemy_activation(st, i, ev)
            st.cursor += 1


def impulse_kind(st: CombatState, i: int) -> str:
    order = st.sc.lib.orders.orders.get(st.order[i])
    return order.impulses[st.impulse - 1] if order else "none"


def begin_friendly(st: CombatState, i: int, ev: list[Event]) -> None:
    if st.order[i] == "duck_back":
        st.order[i] = "hide"  # 7.19: the next activation flips Duck Back to Hide
        log(ev, "hide", f"{st.soldiers[i].name} goes to ground (Duck Back becomes Hide)", "7.19")
        spot_for(st, i, ev)
        return
    kind = impulse_kind(st, i)
    if kind == "fire" and not targets(st, i):
        kind = "must_move_1" if st.order[i] == "run_and_gun" else "none"
    if kind in MOVE_KINDS:
        moves, must = MOVE_KINDS[kind]
        st.act = Activation(i, "move", moves, must, 0, -1)
    elif kind == "fire":
        st.act = Activation(i, "fire", 0, st.order[i] == "run_and_gun", 0, -1)
    else:
        spot_for(st, i, ev)
        if st.order[i] != "hide":
            st.act = Activation(i, "end", 0, False, 0, -1)


def friendly_step(st: CombatState, verb: str, args: tuple[str, ...], ev: list[Event]) -> None:
    act = st.act
    assert act is not None
    i = act.soldier
    name = st.soldiers[i].name
    if verb == "move":
        to = st.sc.board.index[st.sc.board.parse(args[1])]
        came = st.pos[i]
        st.pos[i] = to
        log(ev, "move", f"{name} moves to {args[1]}", "6.0")
        reach_objectives(st, i, ev)
        left = act.moves - 1
        if left > 0 and st.alive(i):
            st.act = act._replace(moves=left, moved=act.moved + 1, came_from=came)
            return
        finish_friendly(st, i, ev)
    elif verb in ("stay", "hold"):
        finish_friendly(st, i, ev)
    elif verb == "fire":
        attack(st, i, st.find(args[1]), ev)
        finish_friendly(st, i, ev)
    elif verb == "duck":
        st.order[i] = "duck_back"
        log(ev, "duck-back", f"{name} ducks back", "7.19")
        if act.stage != "end":
            spot_for(st, i, ev)
        close(st)
    elif verb == "done":
        close(st)


def finish_friendly(st: CombatState, i: int, ev: list[Event]) -> None:
    if not st.alive(i):
        close(st)
        return
    spot_for(st, i, ev)
    if st.order[i] in ("duck_back", "hide"):
        close(st)
    else:
        st.act = Activation(i, "end", 0, False, 0, -1)


def close(st: CombatState) -> None:
    st.act = None
    st.cursor += 1


def reach_objectives(st: CombatState, i: int, ev: list[Event]) -> None:
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    for t in st.sc.objectives:
        if t not in st.reached and grid.distance(hexes[st.pos[i]], hexes[t]) <= 1:
            st.reached = st.reached | {t}
            log(
                ev,
                "objective",
                f"{st.soldiers[i].name} reaches the point at {st.sc.board.label(hexes[t])}",
                "scenario",
            )


# ---- fire -------------------------------------------------------------------------------------


def targets(st: CombatState, i: int) -> list[int]:
    """Known enemies (for a friendly) or spotted friendlies (for an enemy) in sight and range."""
    s = st.soldiers[i]
    weapon = st.sc.lib.weapons.weapons.get(s.weapon or "")
    if weapon is None or st.ammo[i] == fire.AMMO_NONE:
        return []
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    out = []
    for t in st.soldiers:
        if t.side == s.side or not st.alive(t.index) or not st.seen[t.index]:
            continue
        if (
            fire.band_modifier(weapon, grid.distance(hexes[st.pos[i]], hexes[st.pos[t.index]]))
            is None
        ):
            continue
        if sees(st, i, t.index):
            out.append(t.index)
    return out


def fire_chance(st: CombatState, i: int, t: int) -> fire.Chance | None:
    s = st.soldiers[i]
    lib = st.sc.lib
    weapon = lib.weapons.weapons[s.weapon or ""]
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    waiting = st.soldiers[t].side == GERMANY and not st.alert[t]
    situation = fire.Situation(
        ws=s.ws,
        firer_order=st.order[i],
        firer_morale=checks.LADDER[st.morale[i]],
        firer_wounds=st.wounds[i],
        target_terrain=st.sc.board.kind[st.pos[t]],
        target_order="no_order" if waiting or not st.order[t] else st.order[t],
        rng=grid.distance(hexes[st.pos[i]], hexes[st.pos[t]]),
    )
    return fire.chance(lib.charts, weapon, situation)


def attack(st: CombatState, i: int, t: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    chance = fire_chance(st, i, t)
    assert chance is not None
    weapon = st.sc.lib.weapons.weapons[s.weapon or ""]
    shots = fire.shoot(st.rng, chance.ws, tq_now(st, i), weapon, st.ammo[i])
    st.ammo[i] = shots.ammo
    rolls = " ".join(str(r.roll) for r in shots.rolls)
    known = s.side == US or st.seen[i]  # an unknown counter's weapon and skill stay hidden
    how = f" {weapon.name}" if known else ""
    odds = f"{chance.text}; " if known else ""
    notes = "; " + "; ".join(shots.notes) if shots.notes and known else ""
    log(
        ev,
        "fire",
        f"{label(st, i)} fires{how} at {label(st, t)}: {odds}rolls {rolls}: "
        f"{shots.hits} hit(s){notes}",
        "13.0",
    )
    alert_near(st, st.pos[i], 10, ev, "a weapon fired within 10 hexes")
    if shots.morale_up and not chance.mc_only:
        st.morale[i] = checks.shift(st.morale[i], 1)
    for _ in range(shots.hits):
        if not st.alive(t):
            break
        if s.side == US:
            alert_near(st, st.pos[t], 3, ev, "a soldier within 3 hexes was hit")
        if chance.mc_only:
            morale_check(st, t, "MC", ev)
        else:
            wound(st, t, ev)
        if st.alive(t) and st.order[t] not in ("duck_back", "hide"):
            st.order[t] = "duck_back"
            log(ev, "duck-back", f"{label(st, t)} is hit and ducks back", "7.19, 10.13")


def morale_check(st: CombatState, i: int, kind: str, ev: list[Event]) -> None:
    fn = checks.mc if kind == "MC" else checks.wmc
    result = fn(st.rng, tq_now(st, i), st.morale[i])
    st.morale[i] = result.morale_to
    log(ev, "check", f"{label(st, i)} {result.text}", "19.0")
    if kind == "MC" and not result.passed and st.alive(i):
        st.order[i] = "duck_back"


def wound(st: CombatState, i: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
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
    log(ev, "wound", f"{label(st, i)}: {stamp.replace('_', ' ')} (card {stamps[0].number})", "16.0")
    if hit.condition == wounds.DEAD:
        kill(st, i, ev)
        return
    if hit.morale_check:
        morale_check(st, i, hit.morale_check, ev)


def kill(st: CombatState, i: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    st.status[i] = DEAD
    st.seen[i] = True
    log(ev, "killed", f"{label(st, i)} is killed", "16.2")
    if s.side == US:
        score(st, "friendly_killed", ev)
    else:
        score(st, KILL_VP.get(s.role, "enemy_killed"), ev)


def score(st: CombatState, what: str, ev: list[Event]) -> None:
    points = st.sc.file.victory.points.get(what)
    if points:
        st.vp_log = (*st.vp_log, (what, points))


# ---- the enemy's activation (10.0) ------------------------------------------------------------


def enemy_activation(st: CombatState, i: int, ev: list[Event]) -> None:
    if not st.alert[i]:
        if sees_known(st, i, US):
            make_alert(st, i, ev, "it sees a detected friendly")
        spot_for(st, i, ev)
        return
    if not st.order[i]:
        give_enemy_order(st, i, draw_enemy(st), ev)  # 9.7: an unprepared enemy acts next impulse
        spot_for(st, i, ev)
        return
    if st.order[i] == "duck_back":
        st.order[i] = "hide"
        spot_for(st, i, ev)
        return
    kind = impulse_kind(st, i)
    shot = False
    if kind == "fire" or (st.order[i] == "run_and_gun" and st.impulse in (2, 4)):
        options = targets(st, i)
        if options:
            attack(st, i, pick_target(st, i, options), ev)
            shot = True
    if not shot and st.alive(i):
        enemy_moves(st, i, ev)
    if st.alive(i):
        spot_for(st, i, ev)


def pick_target(st: CombatState, i: int, options: list[int]) -> int:
    """The easiest target, then the nearest; ties at random (13.0)."""
    grid, hexes = st.sc.board.grid, st.sc.board.hexes

    def key(t: int) -> tuple[int, int]:
        c = fire_chance(st, i, t)
        return (-(c.ws if c else -99), grid.distance(hexes[st.pos[i]], hexes[st.pos[t]]))

    best = min(key(t) for t in options)
    tied = [t for t in options if key(t) == best]
    return tied[st.rng.below(len(tied))] if len(tied) > 1 else tied[0]


def enemy_moves(st: CombatState, i: int, ev: list[Event]) -> None:
    sc = st.sc
    hexes = sc.board.hexes
    order = st.order[i]
    step = enemy_move(
        sc.compass,
        hexes[st.pos[i]],
        order,
        st.dirs[i],
        st.impulse,
        on_map=sc.board.grid,
        rough=sc.rough_hexes,
        may_leave=set(),
    )
    for h in step.path:
        st.pos[i] = sc.board.index[h]
    if step.path:
        log(ev, "enemy-move", f"{label(st, i)} moves to {sc.board.label(step.path[-1])}", "10.0")
    if step.kind == "take_cover":
        st.order[i] = "duck_back"
        log(ev, "take-cover", f"{label(st, i)} takes cover: {step.reason}", "9.5, 10.07")
    elif step.kind == "leave":
        st.status[i] = GONE
        log(ev, "leaves", f"{label(st, i)} leaves the map", "9.5")
        if st.morale[i] == checks.ROUT:
            score(st, "routed_enemy_off_map", ev)
    elif (
        step.path
        and st.alive(i)
        and sc.cover[st.pos[i]]
        and order not in TAKE_COVER_EXEMPT
        and st.morale[i] > checks.AGGRESSIVE
        and sees_known(st, i, US)
    ):
        check = checks.tqc(st.rng, st.soldiers[i].tq)
        log(ev, "check", f"{label(st, i)} enters cover in sight of a friendly: {check.text}", "9.4")
        if check.passed:
            st.order[i] = "duck_back"


def make_alert(st: CombatState, i: int, ev: list[Event], why: str) -> None:
    if st.alert[i] or not st.alive(i):
        return
    st.alert[i] = True
    log(ev, "alert", f"{label(st, i)} is alerted: {why}", "9.8")
    if st.sc.file.enemy.prepared:
        give_enemy_order(st, i, draw_enemy(st), ev)


def alert_near(st: CombatState, hex_index: int, reach: int, ev: list[Event], why: str) -> None:
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    for s in st.soldiers:
        if (
            s.side == GERMANY
            and st.alive(s.index)
            and not st.alert[s.index]
            and grid.distance(hexes[st.pos[s.index]], hexes[hex_index]) <= reach
        ):
            make_alert(st, s.index, ev, why)


# ---- spotting (12.0) --------------------------------------------------------------------------


def spot_for(st: CombatState, i: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    lib = st.sc.lib
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    for t in st.soldiers:
        if t.side == s.side or not st.alive(t.index) or st.seen[t.index] or not st.alive(i):
            continue
        if not sees(st, i, t.index):
            continue
        if s.side == GERMANY and not st.seen[i]:
            if s.decoy:  # an unknown counter that sees a friendly is checked: a decoy goes
                st.status[i] = GONE
                st.seen[i] = True
                log(ev, "decoy", f"{label(st, i)} was a decoy and is removed", "12.0")
                return
            make_alert(st, i, ev, "it sees a friendly")
        result = spotting.spot(
            st.rng,
            lib.charts,
            tq=tq_now(st, i, morale=False),
            wounds=(),
            target_terrain=st.sc.board.kind[st.pos[t.index]],
            target_order=st.order[t.index] or "no_order",
            distance=grid.distance(hexes[st.pos[i]], hexes[st.pos[t.index]]),
        )
        if not result.spotted:
            continue
        st.seen[t.index] = True
        if t.side == GERMANY and t.decoy:
            st.status[t.index] = GONE
            log(ev, "decoy", f"{label(st, i)} spots {t.key}: a decoy, removed", "12.0")
        else:
            odds = f" (chance {result.chance})" if s.side == US or st.seen[i] else ""
            log(ev, "spotted", f"{label(st, i)} spots {label(st, t.index)}{odds}", "12.0")


# ---- the end phase (4.0 step 5) ---------------------------------------------------------------


def end_phase(st: CombatState, ev: list[Event]) -> None:
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    for s in st.soldiers:
        i = s.index
        if not st.alive(i):
            continue
        order = st.order[i]
        if order == "plan" and s.side == US and s.ldr:
            check = checks.tqc(st.rng, tq_now(st, i))
            if check.passed:
                st.set_aside += [draw_friendly(st, ev) for _ in range(s.ldr)]
            log(ev, "plan", f"{s.name} plans: {check.text}", "7.12")
        elif order == "rally":
            bonus = 1 if leader_near(st, i) else 0
            result = checks.rc(st.rng, tq_now(st, i, morale=False) + bonus, st.morale[i])
            st.morale[i] = result.morale_to
            log(ev, "rally", f"{label(st, i)} {result.text}", "7.17, 10.12")
        elif order == "reload":
            st.ammo[i] = fire.AMMO_OK
        elif (
            order == "hide"
            and s.side == US
            and st.seen[i]
            and st.sc.cover[st.pos[i]]
            and not sees_known(st, i, GERMANY)
        ):
            check = checks.tqc(st.rng, tq_now(st, i))
            if check.passed:
                st.seen[i] = False
            log(ev, "hide", f"{s.name} tries to hide again: {check.text}", "7.16")
    for s in st.soldiers:  # waiting soldiers near an alert one wake up (step 5e)
        if s.side == GERMANY and st.alive(s.index) and not st.alert[s.index]:
            for o in st.soldiers:
                if (
                    o.side == GERMANY
                    and st.alive(o.index)
                    and st.alert[o.index]
                    and grid.distance(hexes[st.pos[s.index]], hexes[st.pos[o.index]]) <= 3
                    and sees(st, s.index, o.index)
                ):
                    make_alert(st, s.index, ev, "an alert soldier within 3 hexes")
                    break
    for s in st.soldiers:
        st.order[s.index] = ""
        st.dirs[s.index] = ()
    st.discard.append(st.initiative_card)
    st.initiative_card = 0
    st.team_cards = {}
    st.act = None
    if st.turn >= st.sc.turns:
        finish(st, ev)
        return
    st.turn += 1


def leader_near(st: CombatState, i: int) -> bool:
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    return any(
        o.side == st.soldiers[i].side
        and o.index != i
        and o.ldr
        and st.alive(o.index)
        and grid.distance(hexes[st.pos[i]], hexes[st.pos[o.index]]) <= o.ldr
        for o in st.soldiers
    )


def finish(st: CombatState, ev: list[Event]) -> None:
    sc = st.sc
    points = sc.file.victory.points
    for s in st.soldiers:
        if s.side == US and st.status[s.index] == ACTIVE and st.wounds[s.index]:
            score(st, "friendly_wounded", ev)
    if "objective_reached" in points:
        for _ in st.reached:
            score(st, "objective_reached", ev)
    if "buildings_clear_at_end" in points and not any(
        s.side == GERMANY
        and st.alive(s.index)
        and not s.decoy
        and sc.board.kind[st.pos[s.index]] == "building"
        for s in st.soldiers
    ):
        score(st, "buildings_clear_at_end", ev)
    vp = sum(p for _, p in st.vp_log)
    level = next(
        lv.result for lv in sc.file.victory.levels["list"] if lv.min is None or vp >= lv.min
    )
    won = vp >= 9  # a narrow victory or better (22.0)
    st.phase = OVER
    st.outcome = Outcome(
        US if won else None, f"{level} ({vp} victory points)", {US: float(vp)}, level
    )
    log(ev, "game-over", f"The game ends: {level}, {vp} victory points", "22.0")
