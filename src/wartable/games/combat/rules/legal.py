"""The player's decisions: what may be chosen now, why something may not, and the odds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.words import percent, say, word
from wartable.games.combat.model import GERMANY, US
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules import (
    cards,
    care,
    checks,
    crew,
    edges,
    fire,
    grenade_odds,
    grenades,
    guards,
    hand,
    night,
)
from wartable.games.combat.rules.common import foes_here, in_cover, sees_known, tq_now
from wartable.games.combat.rules.firing import fire_chance, targets
from wartable.games.combat.rules.flow import HAND_LIMIT, flare_ready, next_unordered
from wartable.games.combat.rules.melee import known_in_reach
from wartable.games.combat.rules.wounds import INCAPACITATED, condition
from wartable.games.combat.vocabulary import ORDERS, of

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

MOVES = ("sprint", "run_and_gun", "evade", "sneak")
FORCED_WAYS = {checks.BERSERK: (2, 3), checks.ROUT: (5, 6)}  # 17.2, 17.3: compass directions
# why a rule leaves a man one order (only_order): made once, it is asked in every order phase
ONLY_HIDE = word("his wounds equal his TQ: he may only hide, or be carried (16.2)")
ONLY_MELEE = word("he is in a melee: Melee only (15.0)")


# ---- who acts, and what each moment offers (verbs.py declares the moments) ---------------
def player(st: CombatState) -> list[int]:
    return [0]  # the one seat: the enemy is run by the rules


def nobody(st: CombatState) -> list[int]:
    return []


def reorder(st: CombatState, seat: int) -> list[Action]:
    """A card lets one man take a new order now."""
    return order_actions(st, st.reorder)


def deployments(st: CombatState, seat: int) -> list[Action]:
    """The next man of the squad in squad order, on any hex of the deploy zone (22.0)."""
    i = next(s.index for s in st.soldiers if s.side == US and st.pos[s.index] < 0)
    key = st.soldiers[i].key
    label, hexes = st.sc.board.label, st.sc.board.hexes
    return [Action("deploy", (key, label(hexes[h]))) for h in st.sc.deploy_zone]


def card_phase(st: CombatState, seat: int) -> list[Action]:
    """A card played for initiative, or one discarded down to the hand limit (5.0)."""
    verb = "discard" if len(st.hand) > HAND_LIMIT else "play"
    return [Action(verb, (str(n),)) for n in st.hand] + hand.use_actions(st)


def order_phase(st: CombatState, seat: int) -> list[Action]:
    return order_actions(st, next_unordered(st)) + hand.use_actions(st)


def impulse(st: CombatState, seat: int) -> list[Action]:
    if st.act is None:
        return []
    return activation_choices(st) + hand.use_actions(st)


def nothing(st: CombatState, seat: int) -> list[Action]:
    return []


def order_actions(st: CombatState, i: int) -> list[Action]:
    """Each allowed order; a grenade or rifle grenade once per target hex, a care order once
    per soldier it may be given for."""
    key = st.soldiers[i].key
    board = st.sc.board
    out = []
    for o in allowed_orders(st, i):
        if o in AIMED:
            out += [Action("order", (key, o, board.labels[h])) for h in AIMED[o](st, i)]
        elif o in TENDED:
            out += [Action("order", (key, o, st.soldiers[m].key)) for m in TENDED[o](st, i)]
        else:
            out.append(Action("order", (key, o)))
    return out


AIMED = {grenades.HAND: grenades.hand_targets, grenades.RIFLE: grenades.rifle_targets}
TENDED = {care.MEDIC: care.patients, care.CARRY: care.carriable, care.SEARCH: care.searchable}


def allowed_orders(st: CombatState, i: int) -> list[str]:
    forced = only_order(st, i)
    if forced:
        return [forced[0]]
    out = unrestricted(st, i)
    if care.treated(st, i):
        out = [o for o in out if o in care.PATIENT_ORDERS]  # 7.14
    out = pace(st, i, [o for o in out if o not in MOVES or can_move(st, i, o)])
    return cards.limit_orders(st, i, guards.limit(st, i, out)) or ["hide"]  # never none


def can_move(st: CombatState, i: int, order: str) -> bool:
    """His wounds (10.0) and his gun's crew (14.3) allow this move."""
    return order in care.slowest_allowed(st, i) and crew.may_move(st, i, order)


def pace(st: CombatState, i: int, orders: list[str]) -> list[str]:
    """Of the moves his wounds and weapon leave him, a routed man takes only the fastest
    (17.3); a berserk one may sneak only when he can neither sprint nor evade (17.2)."""
    moves = [o for o in orders if o in MOVES]
    if st.morale[i] == checks.ROUT:
        return [o for o in orders if o not in MOVES or o == moves[0]]
    if st.morale[i] == checks.BERSERK and {"sprint", "evade"} & set(moves):
        return [o for o in orders if o != "sneak"]
    return orders


def only_order(st: CombatState, i: int) -> tuple[str, str] | None:
    """Where one rule leaves a soldier a single order: that order and why."""
    s = st.soldiers[i]
    values = st.sc.lib.charts.firer.wounds
    if condition(s.tq, st.wounds[i], values, friendly=True) == INCAPACITATED:
        return "hide", ONLY_HIDE
    if foes_here(st, i):
        return "melee", ONLY_MELEE
    return None


def unrestricted(st: CombatState, i: int) -> list[str]:
    """The orders his morale, weapon and surroundings allow, before wounds and guard duty."""
    s = st.soldiers[i]
    lib = st.sc.lib
    charge = ["charge"] if known_in_reach(st, i) else []
    grenade = ["grenade"] if s.grenade and grenades.hand_targets(st, i) else []
    weapon = lib.weapons.weapons.get(s.weapon or "")
    flags: set[str] = set(weapon.flags) if weapon else set()
    fires = weapon is not None and st.ammo[i] != fire.AMMO_NONE
    morale = st.morale[i]
    moves = [m for m in MOVES if movable(m, flags) and (m != "run_and_gun" or fires)]
    if morale == checks.BERSERK:  # 17.2: at a known enemy in sight, else toward the enemy
        if sees_known(st, i, GERMANY):
            return (["aimed_fire" if "slow" in flags else "rapid_fire"] if fires else []) + charge
        return moves + grenade
    if morale == checks.ROUT:  # 17.3: flee as fast as he can (pace), or rally where he may
        return (["rally"] if may_rally(st, i) else []) + moves
    out = []
    if fires:
        out.append("aimed_fire")
        if "slow" not in flags:
            out.append("rapid_fire")
        out.append("slow_suppressive_fire" if "slow" in flags else "suppressive_fire")
    out += moves
    out += charge + grenade
    if s.smoke and (i, grenades.SMOKE) not in st.tried:
        out.append(grenades.SMOKE)
    if s.rifle and (i, grenades.RIFLE) not in st.tried and grenades.rifle_targets(st, i):
        out.append(grenades.RIFLE)
    out.append("hide")
    if morale >= checks.CAUTIOUS:
        out.append("rally")  # 7.17
    if st.ammo[i] != fire.AMMO_OK:
        out.append("reload")  # 7.13
    if s.ldr:
        out.append("plan")  # 7.12
    out += [o for o in TENDED if TENDED[o](st, i)]
    return out


def may_rally(st: CombatState, i: int) -> bool:
    """A routed man may take Rally only in cover, out of sight of every known enemy, and not
    after failing the check for it this turn (7.17 note, 17.3; the check is rolled when the
    order is given, ``flow.give_order``)."""
    return in_cover(st, i) and not sees_known(st, i, GERMANY) and (i, "rally") not in st.tried


def may_duck(st: CombatState, i: int) -> bool:
    """Whether ``duck`` is offered: never in a melee (15.0); a routed man never at will
    (17.3), only once he has moved into cover out of sight of every known enemy, and then
    after a check (7.17 note, ``flow.steadies``), once for each hex he enters."""
    if foes_here(st, i):
        return False
    if st.morale[i] != checks.ROUT:
        return True
    act = st.act
    return (
        act is not None
        and act.moved > 0
        and in_cover(st, i)
        and not sees_known(st, i, GERMANY)
        and (i, f"duck_back {st.pos[i]}") not in st.tried
    )


def movable(order: str, flags: set[str]) -> bool:
    """14.1: heavy weapons cannot sprint; very heavy ones neither sprint nor run and gun."""
    if order == "sprint" and ("heavy" in flags or "very_heavy" in flags):
        return False
    return not (order == "run_and_gun" and "very_heavy" in flags)


def activation_choices(st: CombatState) -> list[Action]:
    act = st.act
    if act is None:
        raise InvariantError("activation_choices: no act")
    i = act.soldier
    key = st.soldiers[i].key
    out: list[Action] = []
    board = st.sc.board
    if act.stage == "snap":  # card 11: one hex or one aimed shot
        here = board.hexes[st.pos[i]]
        out += [Action("move", (key, board.label(n))) for n in board.grid.neighbours(here)]
        out += [Action("fire", (key, st.soldiers[t].key)) for t in targets(st, i)]
        return [*out, Action("stay", (key,))]
    if act.stage in ("move", "aim"):
        here = board.hexes[st.pos[i]]
        if act.moves:
            ways = FORCED_WAYS.get(st.morale[i])
            allowed = {st.sc.compass.step(here, d) for d in ways} if ways else None
            for n in board.grid.neighbours(here):
                if board.index[n] != act.came_from and (allowed is None or n in allowed):
                    out.append(Action("move", (key, board.label(n))))
            if edges.exits(st, i, ways or edges.ALL_WAYS):
                out.append(Action("leave", (key,)))  # by the squad's own edge (9.5)
        if act.stage == "aim":
            out += [Action("aim", (key, board.labels[h])) for h in grenades.aim_options(st, i)]
        if not act.must or not out:
            # a compulsory move stops only by ducking back, unless no step is left to him
            out.append(Action("stay", (key,)))
    elif act.stage == "throw":
        out += [Action("throw", (key, board.labels[h])) for h in grenades.smoke_options(st, i)]
    elif act.stage == "melee":
        out += [Action("strike", (key, st.soldiers[t].key)) for t in foes_here(st, i)]
    elif act.stage == "fire":
        out += [Action("fire", (key, st.soldiers[t].key)) for t in targets(st, i)]
        if flare_ready(st, i):
            out += [Action("flare", (key, board.labels[h])) for h in night.flare_hexes(st, i)]
        if not act.must:
            out.append(Action("hold", (key,)))
    else:
        out.append(Action("done", (key,)))
    if may_duck(st, i):
        out.append(Action("duck", (key,)))
    return out


# ---- why not (verbs.py: the moments' words, and the order's own) --------------------------
def possible(st: CombatState, seat: int, action: Action) -> str:
    legal = st.legal_actions(st.players[seat])
    listed = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
    return say(
        "{action!r} is not possible now; possible: {choices}", action=str(action), choices=listed
    )


def why_not_order(st: CombatState, seat: int, action: Action) -> str:
    """In the order phase: orders go in squad order, an aimed or tended order needs its
    target, and an order not allowed says the rule that bars it."""
    if st.phase != Phase.ORDERS or len(action.args) not in (2, 3):
        return ""
    i = st.reorder if st.reorder >= 0 else next_unordered(st)
    name, order, text = st.soldiers[i].name, action.args[1], str(action)
    if action.args[0] != st.soldiers[i].key:
        return say(
            "{action!r}: orders go in squad order; {soldier} is next", action=text, soldier=name
        )
    allowed = allowed_orders(st, i)
    if order in allowed and (order in AIMED or order in TENDED):
        options = ", ".join(a.args[2] for a in order_actions(st, i) if a.args[1] == order)
        if order in AIMED:
            return say(
                "{action!r}: {order} needs a target hex, one of: {choices}",
                action=text,
                order=of(ORDERS, order),
                choices=options,
            )
        return say(
            "{action!r}: {order} needs the soldier it is for, one of: {choices}",
            action=text,
            order=of(ORDERS, order),
            choices=options,
        )
    if order in allowed:
        return say("{action!r}: {order} takes no target", action=text, order=of(ORDERS, order))
    why, orders = why_not(st, i, order), ", ".join(allowed)
    return say(
        "{action!r}: {soldier} may take only: {orders} ({reason})",
        action=text,
        soldier=name,
        orders=orders,
        reason=why,
    )


ORDER_CHOICES = (
    "aimed_fire",
    "rapid_fire",
    "suppressive_fire",
    "sprint",
    "run_and_gun",
    "evade",
    "sneak",
    "charge",
    "grenade",
    "smoke_grenade",
    "rifle_grenade",
    "hide",
    "rally",
    "reload",
    "plan",
    care.MEDIC,
    care.CARRY,
    care.SEARCH,
)
NEEDS = {
    "grenade": word("a grenade needs a known enemy within 4 hexes (7.09)"),
    "rifle_grenade": word(
        "a rifle grenade needs a rifle, a known enemy in sight and range, and no failed check "
        "this turn (7.11)"
    ),
    "smoke_grenade": word("a failed check bars it for the turn (7.10)"),
    "charge": word("a charge needs a known enemy in sight within 4 hexes (7.08)"),
    care.MEDIC: word("medical aid needs a medic in the hex of a wounded man (7.14)"),
    care.CARRY: word("carrying needs a comrade in the same hex (7.18)"),
    care.SEARCH: word("a search needs a captured officer in the hex (7.15)"),
    "rally": word("only a Cautious, Shaken or routed man rallies (7.17)"),
    "reload": word("his weapon is not short of ammunition (7.13)"),
    "plan": word("only a leader plans (7.12)"),
}
NOT_NOW = word("not possible now")


def why_not(st: CombatState, i: int, order: str, free: list[str] | None = None) -> str:
    """The first rule that keeps soldier ``i`` from taking ``order`` now (``free``: his
    ``unrestricted`` orders, when the caller has them already)."""
    s = st.soldiers[i]
    forced = only_order(st, i)
    if forced:
        return forced[1]
    if care.treated(st, i):
        return say("a medic is treating him: Hide, Rally or Plan only (7.14)")
    if free is None:
        free = unrestricted(st, i)
    morale = st.morale[i]
    if order in free:
        if order in MOVES and order not in care.slowest_allowed(st, i):
            return say("his wounds forbid that move (10.0)")
        if order in MOVES and not crew.may_move(st, i, order):
            return say("without an assistant his gun moves only at a Sneak (14.3)")
        if order not in pace(st, i, [o for o in free if o not in MOVES or can_move(st, i, o)]):
            if morale == checks.ROUT:
                return say("routed: he flees at the fastest pace his wounds allow (17.3)")
            return say("berserk: he sneaks only when he can neither sprint nor evade (17.2)")
        if order not in guards.limit(st, i, [order]):
            return say("he guards prisoners: Evade, Sneak, Rally, Plan or Hide keep them (17.4)")
        return say("the initiative card forbids it this turn (5.1)")
    if morale == checks.BERSERK:
        if sees_known(st, i, GERMANY):
            return say("berserk with a known enemy in sight: Rapid Fire or a charge only (17.2)")
        return say("berserk, no known enemy in sight: a fast move at them or a grenade (17.2)")
    if morale == checks.ROUT:
        if order != "rally" or sees_known(st, i, GERMANY):
            return say("routed: he flees from the enemy at his fastest pace (17.3)")
        if (i, "rally") in st.tried:
            return say("routed: he failed his check to rally this turn (7.17)")
        return say("routed: he rallies only in cover out of sight of known enemies (7.17, 17.3)")
    weapon = st.sc.lib.weapons.weapons.get(s.weapon or "")
    flags: set[str] = set(weapon.flags) if weapon else set()
    if order in ("aimed_fire", "rapid_fire", "suppressive_fire", "run_and_gun"):
        if weapon is None:
            return say("he has no weapon to fire")
        if st.ammo[i] == fire.AMMO_NONE:
            return say("no ammunition: reload first (13.0)")
        if order == "rapid_fire" and "slow" in flags:
            return say("a slow weapon cannot fire rapidly (14.1)")
    if order in MOVES and not movable(order, flags):
        return say("his heavy weapon cannot move that fast (14.1)")
    return NEEDS.get(order, NOT_NOW)


def hints(st: CombatState) -> list[str]:
    """While ordering: the orders the soldier cannot take now, and why."""
    if st.phase != Phase.ORDERS and st.reorder < 0:
        return []
    i = st.reorder if st.reorder >= 0 else next_unordered(st)
    if i < 0:
        return []
    allowed = set(allowed_orders(st, i))
    free = unrestricted(st, i)
    slow = "slow_suppressive_fire" in allowed
    s = st.soldiers[i]
    never = {"plan"} if not s.ldr else set()  # orders his counter can never take: not listed
    if "medic" not in s.skills:
        never.add(care.MEDIC)
    out: list[str] = []
    for o in ORDER_CHOICES:
        if o in allowed or o in never or (o == "suppressive_fire" and slow):
            continue
        why = why_not(st, i, o, free)
        out.append(say("not now: {order} - {reason}", order=of(ORDERS, o), reason=why))
    return out


def hit_chance(ws: int, tq: int, rof: int) -> float:
    """Chance of at least one hit in ``rof`` shots (a 9 always misses; below 0 the rule of 0)."""
    return 1 - (1 - checks.odds_against(ws, tq, nine_fails=True)) ** rof


def info(st: CombatState, action: Action) -> dict[str, Any]:
    if action.verb == "order" and len(action.args) == 3 and action.args[1] in AIMED:
        i = st.find(action.args[0])
        found = grenade_info(st, i, action.args[2], action.args[1])
        if found and action.args[1] == grenades.RIFLE:
            return after_check(st, i, found, word("one to hand"))  # 7.11
        return found
    if action.verb == "aim" and st.act is not None:
        i = st.act.soldier
        return after_check(
            st, i, grenade_info(st, i, action.args[1], st.order[i]), word("moving the marker")
        )
    if action.verb != "fire" or st.act is None:
        return {}
    i = st.act.soldier
    t = st.find(action.args[1])
    chance = fire_chance(st, i, t)
    if chance is None:
        return {}
    weapon = st.sc.lib.weapons.weapons[st.soldiers[i].weapon or ""]
    p = hit_chance(chance.ws, tq_now(st, i), weapon.rate_of_fire)
    odds, shots, at = chance.text, weapon.rate_of_fire, percent(p)
    if chance.mc_only:
        text = say(
            "{odds}; {shots} shot(s): {chance} to hit (a hit only forces a Morale Check)",
            odds=odds, shots=shots, chance=at,
        )  # fmt: skip
    else:
        text = say("{odds}; {shots} shot(s): {chance} to hit", odds=odds, shots=shots, chance=at)
    return {"text": text, "ws": chance.ws, "chance": p}


def grenade_info(st: CombatState, i: int, where: str, order: str) -> dict[str, Any]:
    board = st.sc.board
    aim = board.at(where)
    odds = grenade_odds.throw_odds(st, i, aim, order)
    if odds is None:
        return {}
    described = grenade_odds.describe(st, i, aim, odds)
    return {  # thrown in impulse 3: men may move before then, the odds cannot know
        "text": say("{odds} (if nobody moves before the throw)", odds=described),
        "chance": odds.enemy_hit,
        "risk": odds.friend_hit,
    }


def after_check(st: CombatState, i: int, found: dict[str, Any], what: str) -> dict[str, Any]:
    """Odds that first need ``i`` to pass a TQC."""
    if not found:
        return found
    passes = checks.at_or_under(tq_now(st, i))
    found["text"] = say(
        "{what}: TQC {chance}; then {odds}", what=what, chance=percent(passes), odds=found["text"]
    )
    found["chance"] *= passes
    return found
