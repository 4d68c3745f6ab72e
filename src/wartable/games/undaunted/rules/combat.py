"""Attack, Suppress and Blast (rulebook: Combat actions; Hills)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event, rolled
from wartable.core.words import word
from wartable.games.undaunted.event_kinds import EventKind
from wartable.games.undaunted.rules.cards import casualty

if TYPE_CHECKING:
    from wartable.games.undaunted.scenario import Scenario
    from wartable.games.undaunted.state import UndauntedState

RULES = {
    "attack": word(
        "Attack X: X dice at any enemy counter; a die at or above its total "
        "defence hits, a 0 always does"
    ),
    "suppress": word(
        "Suppress X: X dice as for an attack, but a hit flips the counter to suppressed"
    ),
    "blast": word("Blast X: X dice at each counter, of both sides, on the target marker's tile"),
}
RULE_DEFENCE = "Attack step 2: total defence = base defence + cover + range (no range for Blast)"
RULE_ROLL = "Attack step 3: one die at or above the total defence hits; a 0 always hits"
RULE_SUPPRESS = "Attack step 4: a suppress hit flips the counter to suppressed instead"


def cover(sc: Scenario, tile: int, attacker_tile: int, blast: bool) -> int:
    """Cover of ``tile``; a hill gives its low value to a Blast or an attacker on any hill."""
    if sc.hill[tile] and (blast or (attacker_tile >= 0 and sc.hill[attacker_tile])):
        return sc.cover_hill[tile]
    return sc.cover[tile]


def total_defence(
    sc: Scenario, unit: int, tile: int, attacker_tile: int, blast: bool
) -> tuple[int, int, int, int]:
    """(total, base, cover, range) of a counter on ``tile`` attacked from ``attacker_tile``."""
    base = sc.units[unit].defence
    c = cover(sc, tile, attacker_tile, blast)
    rng = 0 if blast else sc.distance[attacker_tile][tile]
    return base + c + rng, base, c, rng


def hit_chance(total: int, dice: int) -> float:
    """Chance that ``dice`` d10 (0-9) hit a total defence: 0 always hits."""
    per_die = 1 + max(0, 10 - max(total, 1))  # faces that hit: the 0 plus total..9
    per_die = min(per_die, 10)
    miss = (10 - per_die) / 10
    return 1 - miss**dice


def resolve_attack(
    st: UndauntedState,
    attacker: int,
    attacker_tile: int,
    side: int,
    unit: int,
    dice: int,
    mode: str,
    ev: list[Event],
) -> bool:
    """Roll one attack of ``mode`` (attack, suppress, blast) against a counter; True on a hit."""
    sc = st.sc
    tile = st.sides[side].pos[unit]
    total, base, cov, rng = total_defence(sc, unit, tile, attacker_tile, mode == "blast")
    rolls = [st.rng.die(10, 0) for _ in range(dice)]
    hit = any(r == 0 or r >= total for r in rolls)
    who = st.players[attacker]
    # a 0 always hits; a total over 9 leaves only the 0 ("needs 10+")
    roll = rolled(rolls, 10, max(1, min(total, 10)), "hit" if hit else "miss", zero=True)
    target = f"{st.players[side]} {sc.units[unit].key}"
    ev.append(
        Event(
            mode,  # attack, suppress or blast: a declared kind (EventKind)
            f"{who} {mode}{'es' if mode.endswith('s') else 's'} {target} on {sc.tiles[tile]}: "
            f"defence {base} + cover {cov} + range {rng}"
            f" = {total}; rolls {' '.join(map(str, rolls))}: {'hit' if hit else 'miss'}",
            {
                "player": who,
                "target_side": st.players[side],
                "target": sc.units[unit].key,
                "tile": sc.tiles[tile],
                "base": base,
                "cover": cov,
                "range": rng,
                "total": total,
                "rolls": rolls,
                "hit": hit,
                "roll": roll,
            },
            RULE_ROLL,
        )
    )
    if not hit:
        return False
    if mode == "suppress":
        s = st.sides[side]
        if not s.supp[unit]:
            s.supp[unit] = True
            ev.append(
                Event(
                    EventKind.SUPPRESSED,
                    f"{target} is suppressed",
                    {"side": st.players[side], "unit": sc.units[unit].key},
                    RULE_SUPPRESS,
                )
            )
        return True
    casualty(st, side, unit, ev)
    return True


def blast(st: UndauntedState, i: int, dice: int, ev: list[Event]) -> None:
    """Every counter on the target tile, of both sides, takes its own attack."""
    tile = st.sides[i].target
    for side in (1 - i, i):
        for unit, pos in enumerate(st.sides[side].pos):
            if pos == tile:
                resolve_attack(st, i, -1, side, unit, dice, "blast", ev)
