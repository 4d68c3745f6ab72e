"""Giving an enemy soldier its order from a card (9.1, 9.6, 10.02, 10.10, 14.1, 17.2, 17.3).

The card row is picked by the soldier's morale and whether it is in cover; the printed G and
C letters call for Troop Quality Checks when a detected friendly is within 4 hexes; a slow
weapon turns Rapid Fire into Aimed Fire and an empty weapon turns a fire order into Reload.
Berserk and routed soldiers do not read the rows: their rules use the card's own directions.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartable.core.errors import InvariantError
from wartable.core.rng import Rng
from wartable.core.words import say, word
from wartable.games.combat.rules.checks import BERSERK, LADDER, ROUT, Check, tqc
from wartable.games.combat.rules.compass import parse_dirs
from wartable.games.combat.schema import ROW_RE, EnemyCard
from wartable.games.combat.vocabulary import MORALE, ORDERS, of

FIRE_ORDERS = frozenset({"aimed_fire", "rapid_fire", "suppressive_fire", "run_and_gun"})
MOVE_SPEED = ("sprint", "run_and_gun", "evade", "sneak")  # fastest first (17.2, 17.3)
# why a German took his order, as the log tells it
BERSERK_NEAR = word("berserk with a detected friendly within 4 hexes (17.2)")
RALLIES = word("routed, in cover and unseen: rallies (17.3)")
NO_RALLY = word("routed: fails to rally and flees in the card's rout direction (17.3)")
FLEES = word("routed: flees in the card's rout direction (17.3)")


@dataclass(frozen=True, slots=True)
class Given:
    order: str
    dirs: tuple[int, ...]
    checks: tuple[Check, ...] = ()
    reason: str = ""


def read_row(card: EnemyCard, morale: int, in_cover: bool) -> tuple[str, tuple[int, ...], str]:
    """(order, directions, letters) printed for this morale and cover."""
    row = (card.in_cover if in_cover else card.in_open)[morale - 1]  # rows: aggressive..shaken
    m = ROW_RE.match(row)
    if m is None:
        raise InvariantError("read_row: no m")
    return m["order"], parse_dirs(m["dir"] or ""), "".join(m["letters"].split())


def give(
    rng: Rng,
    card: EnemyCard,
    *,
    morale: int,
    in_cover: bool,
    tq: int,
    friendly_within_4: bool,
    slow_weapon: bool,
    no_ammo: bool,
    can_see_friendly: bool = False,
    grenades: bool = True,
    bare_tq: int | None = None,
) -> Given:
    """The order a soldier of ``morale`` receives from ``card`` (checks rolled with ``rng``):
    ``tq`` for the G and C checks, ``bare_tq`` (no wounds, no morale; ``tq`` if not
    given) for a routed man's check to rally."""
    if morale == BERSERK:
        dirs = parse_dirs(card.berserk)
        if friendly_within_4:
            return Given("charge", (), reason=BERSERK_NEAR)
        order = "run_and_gun" if can_see_friendly else "sprint"
        why = say(
            "berserk: {order} in the card's berserk direction (17.2)", order=of(ORDERS, order)
        )
        return Given(order, dirs, reason=why)
    if morale == ROUT:
        if in_cover and not can_see_friendly:
            check = tqc(rng, tq if bare_tq is None else bare_tq)  # unmodified (10.12)
            if check.passed:
                return Given("rally", (), (check,), RALLIES)
            return Given("sprint", parse_dirs(card.rout), (check,), NO_RALLY)
        return Given("sprint", parse_dirs(card.rout), (), FLEES)
    order, dirs, letters = read_row(card, morale, in_cover)
    level, ordered = of(MORALE, LADDER[morale]), of(ORDERS, order)
    if in_cover:
        reason = say(
            "card {card}, {morale} in cover: {order}", card=card.number, morale=level, order=ordered
        )
    else:
        reason = say(
            "card {card}, {morale} in the open: {order}",
            card=card.number,
            morale=level,
            order=ordered,
        )
    checks: list[Check] = []
    if friendly_within_4:
        for letter in letters:
            if letter == "G" and not grenades:
                continue  # nothing to throw: the G is not checked (house ruling)
            check = tqc(rng, tq)
            checks.append(check)
            if check.passed:
                if letter == "G":
                    why = say("{reason}; passes the grenade check (9.6)", reason=reason)
                    return Given("grenade", (), tuple(checks), why)
                why = say("{reason}; passes the charge check (9.6)", reason=reason)
                return Given("charge", (), tuple(checks), why)
    if order == "rapid_fire" and slow_weapon:
        order = "aimed_fire"
        reason = say("{reason}; a slow weapon fires aimed instead (10.02, 14.1)", reason=reason)
    if order in FIRE_ORDERS and no_ammo:
        order, dirs = "reload", ()
        reason = say("{reason}; no ammunition: reload (10.10)", reason=reason)
    return Given(order, dirs, tuple(checks), reason)
