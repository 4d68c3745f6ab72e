"""Fire (13.0, 13.1, 14.0-14.3): the modified weapon skill and the shots of one attack.

The caller supplies the situation (who fires what at whom, from how far); these functions add
up the modifiers with their reasons and roll the shots. Wound cards, Morale Checks and Duck
Back are applied by the caller, which owns the decks and the soldiers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wartable.core.rng import Rng
from wartable.core.words import Said, listing, say, word
from wartable.games.combat.rules.checks import ZeroRoll, roll_against
from wartable.games.combat.schema import ChartsFile, Weapon
from wartable.games.combat.vocabulary import ORDERS, WOUNDS, at_range, morale_of, of, target_in

AMMO_OK, AMMO_LOW, AMMO_NONE = 0, 1, 2
# the reasons a shot's skill is what it is: each a word the odds and the log say (a reason
# keeps reading as its id: ``dict(chance.reasons)["smoke"]``)
SKILL, SMOKE, CARD, NIGHT = word("skill"), word("smoke"), word("card"), word("night")
HEAVY, ALONE = word("heavy weapon on the move"), word("no assistant")
# what befell the ammunition in a burst, as the log tells it after the hits
DRY = word("out of ammunition: the rest of the burst is not fired")
LOW, OUT = word("low on ammunition"), word("out of ammunition")


def order_group(chart_groups: dict[str, list[str]], order: str) -> int:
    """Column (0-6) of an order on a chart; a soldier with no order uses ``no_order``."""
    for name, orders in chart_groups.items():
        if order in orders:
            return int(name[1:])
    raise KeyError(f"order {order!r} is on no column of the chart")


def cover_modifier(charts: ChartsFile, terrain: str, order: str) -> int:
    """The Order/Terrain chart's modifier for a target with ``order`` in ``terrain``; grenades
    and shells use it too, without the chart's Morale-Check-only cells (11.0, 14.2, 20.0)."""
    return charts.fire.modifiers[terrain][order_group(charts.fire.groups, order)]


def band_modifier(weapon: Weapon, rng: int) -> int | None:
    """The weapon's WS modifier at this range; None when out of range or not allowed."""
    if rng > weapon.max_range:
        return None
    for up_to, modifier in weapon.bands:
        if rng <= up_to:
            return modifier
    return None


@dataclass(frozen=True, slots=True)
class Situation:
    ws: int  # the firer's printed skill with this weapon (belt-fed: the operator's TQ)
    firer_order: str
    firer_morale: str
    firer_wounds: tuple[str, ...]  # "light_wound" / "bad_wound" markers
    target_terrain: str
    target_order: str  # "no_order" for a waiting enemy or a guard fired on
    rng: int  # hexes, counting the target's hex but not the firer's
    smoke: int = 0  # smoke modifiers along the line (los.Sight.modifier)
    card: int = 0  # the initiative card's effect this turn (e.g. card 6: -1)
    assistant: bool = True  # belt-fed weapons only
    night: int = 0  # 21.0: beyond a few hexes in the dark


@dataclass(frozen=True, slots=True)
class Chance:
    ws: int
    reasons: tuple[tuple[str, int], ...]
    mc_only: bool  # a hit only forces a Morale Check (Order/Terrain cell or Suppressive Fire)

    @property
    def text(self) -> Said:
        parts = [
            say("{reason} {value}", reason=why, value=f"{v:+d}") for why, v in self.reasons[1:]
        ]
        return say(
            "WS {ws}, {reasons} = {total}",
            ws=self.reasons[0][1],
            reasons=listing(parts),
            total=self.ws,
        )


def chance(charts: ChartsFile, weapon: Weapon, s: Situation) -> Chance | None:
    """The modified WS for one attack (13.0 steps 1-4), or None if the weapon cannot reach."""
    band = band_modifier(weapon, s.rng)
    if band is None:
        return None
    suppressive = s.firer_order in ("suppressive_fire", "slow_suppressive_fire")
    reasons: list[tuple[str, int]] = [(SKILL, s.ws)]
    mc_only = suppressive
    if not suppressive:
        col = order_group(charts.fire.groups, s.target_order)
        reasons.append(
            (
                target_in(s.target_order, s.target_terrain),
                charts.fire.modifiers[s.target_terrain][col],
            )
        )
        group = f"G{col}"
        mc_only = any(
            c["terrain"] == s.target_terrain and c["group"] == group for c in charts.fire.mc_only
        )
    reasons.append((at_range(s.rng), band))
    order_mod = charts.firer.orders.get(s.firer_order.replace("slow_", ""), 0)
    if order_mod:
        reasons.append((of(ORDERS, s.firer_order), order_mod))
    if s.firer_order == "run_and_gun" and ("heavy" in weapon.flags or "very_heavy" in weapon.flags):
        reasons.append((HEAVY, charts.firer.heavy_run_and_gun))
    if "belt" in weapon.flags and not s.assistant:
        reasons.append((ALONE, charts.firer.belt_without_assistant))
    for wound in s.firer_wounds:
        reasons.append((of(WOUNDS, wound), charts.firer.wounds[wound]))
    morale = charts.firer.morale.get(s.firer_morale, 0)
    if morale:
        reasons.append((morale_of(s.firer_morale), morale))
    if s.smoke:
        reasons.append((SMOKE, s.smoke))
    if s.card:
        reasons.append((CARD, s.card))
    if s.night:
        reasons.append((NIGHT, s.night))
    return Chance(sum(v for _, v in reasons), tuple(reasons), mc_only)


@dataclass(frozen=True, slots=True)
class Shots:
    rolls: tuple[ZeroRoll, ...]
    hits: int
    ammo: int  # the firer's ammunition state afterwards
    morale_up: bool  # a natural 0 that really hit (13.0 step 7)
    notes: tuple[str, ...] = field(default=())


def shoot(
    rng: Rng,
    ws: int,
    tq: int,
    weapon: Weapon,
    ammo: int,
    shots: int | None = None,
    assistant: bool = True,
) -> Shots:
    """Roll the attack's dice one at a time (13.1): a 9 always misses and costs ammunition
    (pistols never run out; a belt-fed weapon with its assistant only on two 9s in one
    attack); the burst stops when the weapon runs dry."""
    count = weapon.rate_of_fire if shots is None else max(1, min(shots, weapon.rate_of_fire))
    rolls: list[ZeroRoll] = []
    notes: list[str] = []
    nines = 0
    morale_up = False
    for _ in range(count):
        if ammo == AMMO_NONE:
            notes.append(DRY)
            break
        r = roll_against(rng, ws, tq, nine_fails=True)
        rolls.append(r)
        if r.roll == 9:
            nines += 1
            if "pistol" in weapon.flags:
                continue
            if "belt" in weapon.flags and assistant and nines % 2:
                continue
            ammo = min(AMMO_NONE, ammo + 1)
            notes.append(LOW if ammo == AMMO_LOW else OUT)
        if r.success and r.roll == 0:
            morale_up = True
    hits = sum(1 for r in rolls if r.success)
    return Shots(tuple(rolls), hits, ammo, morale_up, tuple(notes))
