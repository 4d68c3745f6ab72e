"""What every part of the turn asks: who sees whom, troop quality now, names in the log,
victory points, and the top card of the enemy deck. The friendly deck's draws are deck.py's:
one may turn up an event, and events harm men, which draws cards again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.rng import Rng
from wartable.core.words import say
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import GONE, US
from wartable.games.combat.rules import checks
from wartable.games.combat.vocabulary import TEAMS, of

if TYPE_CHECKING:
    from wartable.games.combat.schema import CardEffect, Weapon
    from wartable.games.combat.state import CombatState


MOVE_KINDS = {"may_move_1": (1, False), "must_move_1": (1, True), "must_move_2": (2, True)}


def log(ev: list[Event], kind: str, text: str, rule: str = "", **data: object) -> None:
    ev.append(Event(kind, text, data, rule))


def friendly_near(st: CombatState, i: int, reach: int) -> bool:
    """A detected friendly within ``reach`` hexes (no sight needed: 9.6)."""
    return any(
        f.side == US
        and st.alive(f.index)
        and st.seen[f.index]
        and distance(st, st.pos[i], st.pos[f.index]) <= reach
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
    return st.ground.sight.sees(st.pos[a], st.pos[b], st.order[a] in low, st.order[b] in low)


def tq_now(st: CombatState, i: int, *, morale: bool = True) -> int:
    s = st.soldiers[i]
    values = st.sc.lib.charts.firer.wounds
    tq = s.tq + sum(values[w] for w in st.wounds[i])
    if morale:
        tq += st.sc.lib.charts.firer.morale.get(checks.LADDER[st.morale[i]], 0)
    return tq


def covered(st: CombatState, h: int) -> bool:
    """Cover (11.0): terrain that counts as cover, or any smoke marker on the hex."""
    return st.ground.cover[h] or h in st.smoke_at


def in_cover(st: CombatState, i: int) -> bool:
    return covered(st, st.pos[i])


def weapon_of(st: CombatState, i: int) -> Weapon | None:
    """The firearm soldier ``i`` fires, if any."""
    return st.sc.lib.weapons.weapons.get(st.soldiers[i].weapon or "")


def slow(st: CombatState, i: int) -> bool:
    """A slow weapon cannot fire rapidly (14.1)."""
    weapon = weapon_of(st, i)
    return weapon is not None and "slow" in weapon.flags


def face_down(st: CombatState, i: int) -> bool:
    """An unknown German counter: who he is may not be told until a rule turns him over."""
    return st.soldiers[i].side != US and not st.seen[i]


def label(st: CombatState, i: int) -> str:
    s = st.soldiers[i]
    if not face_down(st, i):
        return s.name
    return say("unknown {team} {key}", team=of(TEAMS, s.team), key=s.key)


def said(st: CombatState, i: int, check: checks.Check) -> str:
    """A check as the log tells it: in full, or for a face-down man only what it did, since
    the roll and the quality it was rolled against would tell who he is (RULINGS)."""
    return check.outcome if face_down(st, i) else check.text


def shown(st: CombatState, i: int, check: checks.Check) -> dict[str, object]:
    """The roll of soldier ``i``'s check for an event's data, where the log may tell it: not
    for a face-down man (``said``)."""
    return {} if face_down(st, i) else {"roll": checks.roll_of(check)}


def turn_over(st: CombatState, i: int, ev: list[Event]) -> None:
    """A counter turned face up for good (12.0, 15.0, events): who he is is known from now
    on, and a Rapid Fire his card gave him is put right if his weapon is slow (14.1)."""
    st.seen[i] = True
    if st.order[i] == "rapid_fire" and slow(st, i):
        st.order[i] = "aimed_fire"
        log(
            ev,
            EventKind.ENEMY_ORDER,
            say("{unit}: a slow weapon, Rapid Fire becomes Aimed Fire", unit=label(st, i)),
            "14.1",
        )


@contextmanager
def private_dice(st: CombatState, i: int) -> Iterator[None]:
    """The rolls of a face-down man whose number depends on who he is (his rate of fire, a
    confirming roll under the rule of 0, the checks of his card's letters) come from dice of
    their own, seeded by one draw of the game's dice: what is rolled after them is then the
    same whoever he is, and the dice tell nothing the log may not. Forced dice (tests) are
    used first either way."""
    if not face_down(st, i):
        yield
        return
    game = st.rng
    st.rng = Rng(game.next64(), forced=game.forced)
    try:
        yield
    finally:
        game.forced, st.rng = st.rng.forced, game


def nearest_friendly(st: CombatState, i: int) -> int:
    return min(
        (
            distance(st, st.pos[i], st.pos[f.index])
            for f in st.soldiers
            if f.side == US and st.alive(f.index)
        ),
        default=99,
    )


def nearest_the_squad(st: CombatState, candidates: list[int]) -> int:
    """Of these soldiers, the one nearest any friendly; ties by the dice."""
    best = min(nearest_friendly(st, c) for c in candidates)
    return pick(st, [c for c in candidates if nearest_friendly(st, c) == best])


def ldr_now(st: CombatState, i: int) -> int:
    """Leadership, one less in a smoke hex (18.0)."""
    return max(0, st.soldiers[i].ldr - (1 if st.pos[i] in st.smoke_at else 0))


def command_range(st: CombatState, i: int) -> int:
    """How far a leader's word carries: his LDR, times a card's factor for the squad."""
    factor = max([1, *(e.factor for e in effects(st, "leadership"))])
    return ldr_now(st, i) * (factor if st.soldiers[i].side == US else 1)


def leader_near(st: CombatState, i: int) -> bool:
    return any(
        o.side == st.soldiers[i].side
        and o.index != i
        and st.alive(o.index)
        and distance(st, st.pos[i], st.pos[o.index]) <= command_range(st, o.index)
        for o in st.soldiers
    )


def effects(st: CombatState, kind: str) -> Iterator[CardEffect]:
    """The effects of this kind of the friendly card on the initiative track (5.1)."""
    if st.initiative_card:
        for e in st.sc.lib.friendly_cards.cards[st.initiative_card - 1].does:
            if e.kind == kind:
                yield e


def initiatives(st: CombatState, n: int) -> tuple[int, int, int]:
    """Able's, Baker's and Charlie's initiative on friendly card ``n`` (5.1). Every card that
    goes on the initiative track has them: the library refuses an order or discard card
    without, and an event card never reaches the hand (it is resolved as it is drawn)."""
    numbers = st.sc.lib.friendly_cards.cards[n - 1].initiative
    if numbers is None:
        raise InvariantError(f"friendly card {n} has no initiative numbers")
    return numbers


def take_off(st: CombatState, i: int) -> None:
    """A counter leaves play (an unmasked decoy, a man over the map edge): nothing he held
    or was marked with stays behind him - no live grenade, target marker or order."""
    st.status[i] = GONE
    st.live[i], st.aim[i], st.order[i] = False, -1, ""
    st.blast[i], st.blast_by[i] = "", ""


def unmask_decoy(st: CombatState, i: int, ev: list[Event], text: str, rule: str) -> None:
    st.seen[i] = True
    take_off(st, i)
    log(ev, EventKind.DECOY, text, rule)


def draw_enemy(st: CombatState) -> int:
    if not st.enemy_deck:
        # the teams' cards of this turn lie on the initiative track: they stay out of the
        # shuffle, so two teams never hold one card (ruling 51)
        held = set(st.team_cards.values())
        st.enemy_deck = [c for c in st.enemy_discard if c not in held]
        st.enemy_discard = [c for c in st.enemy_discard if c in held]
        st.rng.shuffle(st.enemy_deck)
    card = st.enemy_deck.pop()
    st.enemy_discard.append(card)
    return card


def score(st: CombatState, what: str, ev: list[Event]) -> None:
    points = st.sc.file.victory.points.get(what)
    if points:
        st.vp_log = (*st.vp_log, (what, points))


def distance(st: CombatState, a: int, b: int) -> int:
    """Hexes between two hex indices."""
    return st.sc.board.distance(a, b)


def posture(st: CombatState, t: int) -> str:
    """The order a soldier counts as having on the Order/Terrain chart: a waiting enemy or
    one without an order counts as having none (9.8)."""
    waiting = st.soldiers[t].side != US and not st.alert[t]
    if waiting or st.order[t] in ("", "guard"):  # a guard counts as having none (17.4)
        return "no_order"
    return "carry_drag" if st.order[t] == "carried" else st.order[t]


def foes_here(st: CombatState, i: int) -> list[int]:
    """Soldiers of the other side in ``i``'s hex: a melee while there are any (15.0)."""
    side, here = st.soldiers[i].side, st.pos[i]
    return [
        o.index
        for o in st.soldiers
        if st.pos[o.index] == here and o.side != side and st.alive(o.index)
    ]


def comrades_here(st: CombatState, i: int) -> list[int]:
    """The other soldiers of ``i``'s side in his hex, on their feet or not."""
    side, here = st.soldiers[i].side, st.pos[i]
    return [
        o.index
        for o in st.soldiers
        if o.side == side and o.index != i and st.pos[o.index] == here and st.alive(o.index)
    ]


def smoke_between(st: CombatState, a: int, b: int) -> int:
    """The smoke modifier of the line between two hexes (18.0): -4 per Smoke and -2 per
    Dispersing Smoke marker on it, ends included; a hexside pair counts its less smoky hex."""
    if not st.smoke_at:
        return 0
    total = 0
    for step in st.ground.sight.path(a, b):
        total += max(st.smoke_at.get(h, 0) for h in step)
    return total


def pick(st: CombatState, options: list[int]) -> int:
    """One of tied options by the game's dice, as a player would roll for the enemy (RULINGS):
    two options split a d6 1-3 / 4-6 (the 14.2 example), more take a die of their number.
    Callers pass options in a fixed order (by hex label or soldier)."""
    if len(options) == 1:
        return options[0]
    if len(options) == 2:
        return options[0] if st.rng.die(6) <= 3 else options[1]
    return options[st.rng.die(len(options)) - 1]


def impulse_kind(st: CombatState, i: int) -> str:
    order = st.sc.lib.orders.orders.get(st.order[i])
    return order.impulses[st.impulse - 1] if order else "none"
