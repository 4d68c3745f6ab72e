"""Sequence of play (4.0): cards, orders, the enemy's orders, four impulses, the end phase.

``apply_action`` applies the player's choice, then ``advance`` runs everything the rules decide
by themselves - the enemy's whole side included - until the player must choose again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import Said, named, say, say_n, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import GERMANY, US, Activation
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules import (
    cards,
    care,
    checks,
    contact,
    crew,
    edges,
    events,
    grenades,
    guards,
    hand,
    melee,
    night,
)
from wartable.games.combat.rules.common import (
    MOVE_KINDS,
    foes_here,
    impulse_kind,
    in_cover,
    initiatives,
    label,
    ldr_now,
    log,
    nearest_friendly,
    said,
    sees_known,
    shown,
    tq_now,
)
from wartable.games.combat.rules.deck import draw_friendly, resolve_event
from wartable.games.combat.rules.enemy_phase import enemy_order_phase, wake_up
from wartable.games.combat.rules.enemy_turn import enemy_activation
from wartable.games.combat.rules.fire import AMMO_OK
from wartable.games.combat.rules.firing import attack, targets
from wartable.games.combat.rules.harm import take_cover
from wartable.games.combat.rules.observe import spot_for
from wartable.games.combat.rules.scoring import finish, reach_objectives
from wartable.games.combat.vocabulary import ORDERS, of

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

HAND_LIMIT = 5
# the check an order takes as it is given, passed and failed (7.10, 7.11, 7.17, 17.3)
ORDER_CHECKS = {
    grenades.SMOKE: (
        word("{unit} readies a smoke grenade: {check}"),
        word("{unit} has no smoke grenade: {check}"),
    ),
    grenades.RIFLE: (
        word("{unit} readies a rifle grenade: {check}"),
        word("{unit} has no rifle grenade: {check}"),
    ),
    "rally": (
        word("{unit} steadies himself: {check}"),
        word("{unit} cannot steady himself: {check}"),
    ),
}
DRAWN = word("the hand is empty: one card is drawn")


# ---- player actions ---------------------------------------------------------------------------


# ---- each verb's effect (verbs.py hands them over; only legal actions come here) ---------
def deploy(st: CombatState, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    key, where = action.args
    i = st.find(key)
    st.pos[i] = st.sc.board.at(where)
    text = say("{unit} deploys on {hex}", unit=st.soldiers[i].name, hex=where)
    log(ev, EventKind.DEPLOY, text, "22.0")
    if all(st.pos[s.index] >= 0 for s in st.soldiers if s.side == US):
        start_turn(st, ev)
    return ev


def discard(st: CombatState, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    n = int(action.args[0])
    st.hand.remove(n)
    st.discard.append(n)
    text = say("card {card} discarded (hand limit {limit})", card=n, limit=HAND_LIMIT)
    log(ev, EventKind.DISCARD, text, "5.0 step 1c")
    return ev


def play(st: CombatState, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    play_card(st, int(action.args[0]), ev)
    orders_given(st, ev)  # nobody of the squad left on the map: nothing to order
    return ev


def use(st: CombatState, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    args = action.args
    hand.use(st, int(args[0]), args[1] if len(args) > 1 else "", ev)
    return ev


def order(st: CombatState, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    args = action.args
    st.reorder = -1  # a card's new order (hand.py) or the usual one
    give_order(st, st.find(args[0]), args[1], args[2] if len(args) > 2 else "", ev)
    orders_given(st, ev)
    return ev


def after(st: CombatState, events: list[Event]) -> list[Event]:
    """After every action the rules run on until the player must decide (``advance``)."""
    ev: list[Event] = []
    advance(st, ev)
    return ev


def give_order(st: CombatState, i: int, order: str, at: str, ev: list[Event]) -> None:
    name = st.soldiers[i].name
    guards.released(st, i, order, ev)
    needed = order_check(st, i, order)
    if needed:
        tq, rule, passed, failed = needed
        check = checks.tqc(st.rng, tq)
        if not check.passed:  # he must take another order; no second try this turn
            st.tried = st.tried | {(i, order)}
            text = say(failed, unit=name, check=check.text)
            log(ev, EventKind.ORDER, text, rule, roll=checks.roll_of(check))
            return
        text = say(passed, unit=name, check=check.text)
        log(ev, EventKind.CHECK, text, rule, roll=checks.roll_of(check))
    st.order[i] = order
    if order in (care.MEDIC, care.CARRY, care.SEARCH):
        care.give(st, i, order, st.find(at), ev)
    elif at:
        st.aim[i] = st.sc.board.at(at)
    if at:
        text = say("{unit}: {order} at {target}", unit=name, order=of(ORDERS, order), target=at)
    else:
        text = say("{unit}: {order}", unit=name, order=of(ORDERS, order))
    log(ev, EventKind.ORDER, text, "7.0")


def orders_given(st: CombatState, ev: list[Event]) -> None:
    """Once every friendly on the map has his order, the enemy's order phase and the
    impulses follow (4.0)."""
    if st.phase == Phase.ORDERS and next_unordered(st) < 0:
        enemy_order_phase(st, ev)
        start_impulse(st, 1, ev)


def order_check(st: CombatState, i: int, order: str) -> tuple[int, str, Said, Said] | None:
    """The TQC an order takes when it is given: the TQ it is rolled against, the rule, and
    what the log says when he passes and fails it (``ORDER_CHECKS``). A smoke or rifle
    grenade must be to hand (7.10, 7.11); a routed man rallies only on an unmodified check
    (7.17 note, 17.3)."""
    if order in (grenades.SMOKE, grenades.RIFLE):
        return tq_now(st, i), grenades.RULE[order], *ORDER_CHECKS[order]
    if order == "rally" and st.morale[i] == checks.ROUT:
        return st.soldiers[i].tq, "7.17, 17.3", *ORDER_CHECKS[order]
    return None


def next_unordered(st: CombatState) -> int:
    for s in st.soldiers:
        if s.side == US and st.alive(s.index) and not st.order[s.index]:
            return s.index
    return -1


# ---- cards (5.0) ------------------------------------------------------------------------------


def start_turn(st: CombatState, ev: list[Event]) -> None:
    log(ev, EventKind.TURN, say("Turn {turn} of {turns}", turn=st.turn, turns=st.sc.turns), "4.0")
    guards.hand_over(st, ev)
    coming = st.sc.file.enemy.reinforcements
    if coming and st.turn == coming.turn:
        st.arrived = events.reinforce(st, {"hexes": coming.hexes, "order": ""}, ev)
    st.phase = Phase.CARDS
    if not st.hand:
        st.hand.append(draw_friendly(st, ev))
        log(ev, EventKind.DRAW, DRAWN, "5.0 step 1a")
    if st.set_aside:
        st.hand += st.set_aside
        text = say_n(
            "{count} planned card(s) join the hand",
            "{count} planned card(s) join the hand",
            len(st.set_aside),
        )
        log(ev, EventKind.PLAN_CARDS, text, "5.0 step 1b")
        st.set_aside = []
    st.hand.sort()


def play_card(st: CombatState, n: int, ev: list[Event]) -> None:
    st.hand.remove(n)
    st.initiative_card = n
    able, baker, charlie = initiatives(st, n)
    text = say(
        "card {card} ({title}) goes on the initiative track: Able {able}, Baker {baker}, "
        "Charlie {charlie}",
        card=n,
        title=named(st.sc.lib.friendly_cards.cards[n - 1].title),
        able=able,
        baker=baker,
        charlie=charlie,
    )
    log(ev, EventKind.INITIATIVE_CARD, text, "5.0 step 1d")
    if n in events.FRIENDLY_EVENT_CARDS:  # step 1e: the card's event first
        resolve_event(st, "friendly", ev)
    elif n in events.ENEMY_EVENT_CARDS:
        resolve_event(st, "enemy", ev)
    cards.on_play(st, ev)
    st.phase = Phase.ORDERS
    for s in st.soldiers:
        if s.side == US:
            st.order[s.index] = ""


# ---- impulses (4.0 step 4) --------------------------------------------------------------------


def start_impulse(st: CombatState, impulse: int, ev: list[Event]) -> None:
    st.impulse = impulse
    log(ev, EventKind.IMPULSE, say("Impulse {impulse}", impulse=impulse), "4.0")
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


def advance(st: CombatState, ev: list[Event]) -> None:
    """Run the rules until the player must decide or the game ends."""
    while st.phase == Phase.IMPULSES and st.act is None:
        if st.cursor >= len(st.queue):
            if st.impulse < 4:
                start_impulse(st, st.impulse + 1, ev)
                continue
            end_phase(st, ev)
            if not st.is_over:  # the last turn's end may end the game
                start_turn(st, ev)
            return
        i = st.queue[st.cursor]
        if not st.alive(i):
            st.cursor += 1
            continue
        if st.soldiers[i].side == US:
            begin_friendly(st, i, ev)
            if not deciding(st):
                st.cursor += 1
        else:
            enemy_activation(st, i, ev)
            st.cursor += 1


def deciding(st: CombatState) -> bool:
    """The player has an activation to play out. A call, not an inline test: the loop that
    asks has already narrowed ``st.act`` to None, which a compiled build would enforce."""
    return st.act is not None


def begin_friendly(st: CombatState, i: int, ev: list[Event]) -> None:
    if st.order[i] == "duck_back":
        st.order[i] = "hide"  # 7.19: the next activation flips Duck Back to Hide
        text = say("{unit} goes to ground (Duck Back becomes Hide)", unit=st.soldiers[i].name)
        log(ev, EventKind.HIDE, text, "7.19")
        spot_for(st, i, ev)
        return
    if melee.after_melee(st, i, ev) or st.order[i] == care.CARRIED or cards.quiet(st):
        spot_for(st, i, ev)  # a carried man moves with his carrier (7.18)
        return
    kind = impulse_kind(st, i)
    if st.order[i] in grenades.ORDERS and begin_grenade(st, i, ev):
        return
    if kind == "melee":
        foes = foes_here(st, i)
        st.act = Activation(soldier=i, stage="melee", moves=0, must=True) if foes else None
        return
    if st.order[i] == "charge" and st.impulse == 3 and foes_here(st, i):
        kind = "none"  # already in the enemy's hex (7.08)
    if kind == "fire" and not targets(st, i) and not flare_ready(st, i):
        kind = "must_move_1" if st.order[i] == "run_and_gun" else "none"
    if kind in MOVE_KINDS:
        moves, must = MOVE_KINDS[kind]
        must = must or berserk_grenadier(st, i)
        st.act = Activation(soldier=i, stage="move", moves=moves + cards.extra_hexes(st), must=must)
    elif kind == "fire":
        st.act = Activation(soldier=i, stage="fire", moves=0, must=st.order[i] == "run_and_gun")
    else:
        pause(st, i, ev)


def flare_ready(st: CombatState, i: int) -> bool:
    """21.1: in impulse 2 an Aimed Fire order may send up a flare instead."""
    return st.impulse == 2 and st.order[i] == "aimed_fire" and night.has_flares(st)


def begin_grenade(st: CombatState, i: int, ev: list[Event]) -> bool:
    """The grenade orders' own impulses (7.09-7.11); False where the order's generic move
    applies."""
    order, imp = st.order[i], st.impulse
    if imp == 1:
        grenades.arm(st, i, ev)
        if order == grenades.RIFLE:
            st.act = Activation(soldier=i, stage="aim", moves=0, must=False)
        else:
            pause(st, i, ev)
        return True
    if imp == 2 and berserk_grenadier(st, i):
        st.act = Activation(soldier=i, stage="move", moves=1, must=True)  # the move, not the marker
        return True
    if imp == 2 and order != grenades.SMOKE:
        moves = 1 if order == grenades.HAND else 0
        st.act = Activation(soldier=i, stage="aim", moves=moves, must=False)
        return True
    if imp == 3:
        if order == grenades.SMOKE:
            st.act = Activation(soldier=i, stage="throw", moves=0, must=True)
        else:
            grenades.throw(st, i, ev)
            pause(st, i, ev)
        return True
    return False


def berserk_grenadier(st: CombatState, i: int) -> bool:
    """17.2: a berserk man's grenade order takes every move it offers, in directions 2 or 3
    (``legal.FORCED_WAYS``)."""
    return st.morale[i] == checks.BERSERK and st.order[i] == grenades.HAND


def pause(st: CombatState, i: int, ev: list[Event]) -> None:
    """After what the rules made him do: spot, then duck back or carry on."""
    if not st.alive(i):
        return
    spot_for(st, i, ev)
    if st.order[i] not in ("duck_back", "hide"):
        st.act = Activation(soldier=i, stage="end", moves=0, must=False)


# ---- a step of the friendly activation being played out: each verb its own effect ----------
def acting(st: CombatState) -> Activation:
    if st.act is None:
        raise InvariantError("a step of an activation, but no one is acting")
    return st.act


def move(st: CombatState, seat: int, action: Action) -> list[Event]:
    """One hex (6.0); out of turn, card 11's one hex (``snap``)."""
    ev: list[Event] = []
    act = acting(st)
    if act.stage == "snap":
        snap(st, act.soldier, action, ev)
    else:
        walk(st, act, action.args[1], ev)
    return ev


def walk(st: CombatState, act: Activation, where: str, ev: list[Event]) -> None:
    """A step of his move: contact may stop him (8.0); his last hex ends what he does."""
    i, board = act.soldier, st.sc.board
    to, came = board.at(where), st.pos[i]
    st.pos[i] = to
    care.carry_along(st, i)
    guards.lead(st, i)
    text = say("{unit} moves to {hex}", unit=st.soldiers[i].name, hex=where)
    log(ev, EventKind.MOVE, text, "6.0")
    reach_objectives(st, i, ev)
    # 7.07: a sprinter may run into rough ground, but ducks back at the end of it
    rough = act.rough or (st.order[i] == "sprint" and board.hexes[to] in st.ground.rough)
    act = act._replace(moved=act.moved + 1, came_from=came, rough=rough)
    left = act.moves - 1
    if contact.entered(st, i, ev):
        finish_friendly(st, i, ev, act)
        return
    if left > 0 and st.alive(i):
        must = act.must and act.moved < MOVE_KINDS.get(impulse_kind(st, i), (0,))[0]
        st.act = act._replace(moves=left, must=must)
        return
    finish_friendly(st, i, ev, act)


def leave(st: CombatState, seat: int, action: Action) -> list[Event]:
    """Off the map by the squad's own edge (9.5)."""
    ev: list[Event] = []
    edges.leave(st, acting(st).soldier, st.sc.file.edges.friendly, ev)
    close(st)
    return ev


def stay(st: CombatState, seat: int, action: Action) -> list[Event]:
    """No (further) step: what his order makes him do ends here; out of turn, card 11's
    chance let go (``snap``). ``hold`` (a fire order's man holding fire) ends the same."""
    ev: list[Event] = []
    act = acting(st)
    if act.stage == "snap":
        snap(st, act.soldier, action, ev)
    else:
        finish_friendly(st, act.soldier, ev, act)
    return ev


def fire(st: CombatState, seat: int, action: Action) -> list[Event]:
    """His attack (13.0); out of turn, card 11's one aimed shot (``snap``)."""
    ev: list[Event] = []
    act = acting(st)
    if act.stage == "snap":
        snap(st, act.soldier, action, ev)
    else:
        attack(st, act.soldier, st.find(action.args[1]), ev)
        finish_friendly(st, act.soldier, ev)
    return ev


def aim(st: CombatState, seat: int, action: Action) -> list[Event]:
    """His Grenade Target marker shifted (7.09, 7.11)."""
    ev: list[Event] = []
    i = acting(st).soldier
    grenades.shift_aim(st, i, st.sc.board.at(action.args[1]), ev)
    finish_friendly(st, i, ev)
    return ev


def throw(st: CombatState, seat: int, action: Action) -> list[Event]:
    """A grenade thrown at a hex (7.10)."""
    ev: list[Event] = []
    i = acting(st).soldier
    grenades.throw(st, i, ev, st.sc.board.at(action.args[1]))
    finish_friendly(st, i, ev)
    return ev


def flare(st: CombatState, seat: int, action: Action) -> list[Event]:
    """A flare fired at a hex (21.0)."""
    ev: list[Event] = []
    i = acting(st).soldier
    night.fire_flare(st, i, st.sc.board.at(action.args[1]), ev)
    finish_friendly(st, i, ev)
    return ev


def strike(st: CombatState, seat: int, action: Action) -> list[Event]:
    """A blow in melee (15.0)."""
    ev: list[Event] = []
    i = acting(st).soldier
    melee.strike(st, i, st.find(action.args[1]), ev)
    finish_friendly(st, i, ev)
    return ev


def duck(st: CombatState, seat: int, action: Action) -> list[Event]:
    """He ducks back by choice (7.19); a routed man must first steady himself (7.17)."""
    ev: list[Event] = []
    act = acting(st)
    i, name = act.soldier, st.soldiers[act.soldier].name
    if st.morale[i] == checks.ROUT and not steadies(st, i, ev):
        return ev  # he carries on as his order says
    if st.live[i]:
        log(ev, EventKind.GRENADE, say("{unit} puts the pin back", unit=name), "7.09")
    st.live[i], st.aim[i] = False, -1  # house ruling: ducking back by choice drops nothing
    st.order[i] = "duck_back"
    log(ev, EventKind.DUCK_BACK, say("{unit} ducks back", unit=name), "7.19")
    if act.stage != "end":
        spot_for(st, i, ev)
    close(st)
    return ev


def done(st: CombatState, seat: int, action: Action) -> list[Event]:
    """His activation over, nothing more done."""
    acting(st)
    close(st)
    return []


def snap(st: CombatState, i: int, action: Action, ev: list[Event]) -> None:
    """Card 11: one aimed shot or one hex, out of turn (or neither: ``stay``); then the
    interrupted activation goes on."""
    name = st.soldiers[i].name
    if action.verb == "move":
        st.pos[i] = st.sc.board.at(action.args[1])
        care.carry_along(st, i)
        guards.lead(st, i)
        text = say("{unit} moves to {hex} (card)", unit=name, hex=action.args[1])
        log(ev, EventKind.MOVE, text, "5.1")
        reach_objectives(st, i, ev)
        contact.entered(st, i, ev)
    elif action.verb == "fire":
        order, st.order[i] = st.order[i], "aimed_fire"
        attack(st, i, st.find(action.args[1]), ev)
        if st.order[i] == "aimed_fire":
            st.order[i] = order
    if st.alive(i):
        spot_for(st, i, ev)
    st.act, st.held = st.held, None


def steadies(st: CombatState, i: int, ev: list[Event]) -> bool:
    """A routed man who has reached cover out of sight of every known enemy may duck back on
    an unmodified TQC (7.17 note); failing, he tries again only in the next hex he enters."""
    check = checks.tqc(st.rng, st.soldiers[i].tq)
    if not check.passed:
        st.tried = st.tried | {(i, f"duck_back {st.pos[i]}")}
    name = st.soldiers[i].name
    if check.passed:
        text = say("{unit} steadies himself to duck back: {check}", unit=name, check=check.text)
    else:
        text = say(
            "{unit} cannot steady himself to duck back: {check}", unit=name, check=check.text
        )
    log(ev, EventKind.CHECK, text, "7.17, 17.3", roll=checks.roll_of(check))
    return check.passed


def finish_friendly(
    st: CombatState, i: int, ev: list[Event], act: Activation | None = None
) -> None:
    """The end of what his order made him do this impulse; ``act``: the activation so far
    (hexes moved, rough ground entered)."""
    if not st.alive(i):
        close(st)
        return
    melee.end_of_charge(st, i, ev)
    if act is not None and act.rough and take_cover(st, i, ev):
        text = say("{unit} sprinted into rough ground and ducks back", unit=st.soldiers[i].name)
        log(ev, EventKind.DUCK_BACK, text, "7.07")
    spot_for(st, i, ev)
    if st.order[i] in ("duck_back", "hide"):
        close(st)
    else:
        st.act = Activation(
            soldier=i, stage="end", moves=0, must=False, moved=act.moved if act else 0
        )


def close(st: CombatState) -> None:
    st.act = None
    st.cursor += 1


# ---- the end phase (4.0 step 5) ---------------------------------------------------------------


def end_phase(st: CombatState, ev: list[Event]) -> None:
    grenades.explode_all(st, ev)  # step 5a
    care.end_of_turn(st, ev)  # step 5b (and searches)
    crew.change_over(st, ev)
    for s in st.soldiers:
        i = s.index
        if not st.alive(i):
            continue
        order = st.order[i]
        if order == "plan" and s.side == US and s.ldr:
            check = checks.tqc(st.rng, tq_now(st, i))
            if check.passed:
                extra = 2 if hand.spend(st, "plan_bonus") else 0  # cards 23, 47
                st.set_aside += [draw_friendly(st, ev) for _ in range(ldr_now(st, i) + extra)]
            text = say("{unit} plans: {check}", unit=s.name, check=check.text)
            log(ev, EventKind.PLAN, text, "7.12", roll=checks.roll_of(check))
        elif order == "rally":
            bonus = cards.rally_bonus(st, i)
            result = checks.rc(st.rng, tq_now(st, i, morale=False) + bonus, st.morale[i])
            st.morale[i] = result.morale_to
            text = say("{unit} {check}", unit=label(st, i), check=said(st, i, result))
            log(ev, EventKind.RALLY, text, "7.17, 10.12", **shown(st, i, result))
        elif order == "reload":
            st.ammo[i] = AMMO_OK
        elif (
            order == "hide"
            and s.side == US
            and st.seen[i]
            and in_cover(st, i)
            and not sees_known(st, i, GERMANY)
        ):
            check = checks.tqc(st.rng, tq_now(st, i))
            if check.passed:
                st.seen[i] = False
            text = say("{unit} tries to hide again: {check}", unit=s.name, check=check.text)
            log(ev, EventKind.HIDE, text, "7.16", roll=checks.roll_of(check))
    wake_up(st, ev)
    grenades.drift_smoke(st)
    night.burn_down(st, ev)
    for s in st.soldiers:
        st.order[s.index] = ""
        st.dirs[s.index] = ()
        st.mate[s.index] = -1
    st.tried, st.arrived, st.ready = frozenset(), (), ()
    st.discard.append(st.initiative_card)
    st.initiative_card = 0
    st.team_cards = {}
    st.act = None
    if st.turn >= st.sc.turns:
        finish(st, ev)
        return
    st.turn += 1
