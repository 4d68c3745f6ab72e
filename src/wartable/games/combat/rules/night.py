"""Night and illumination (21.0, 21.1).

At night nobody sees or shoots further than a range rolled at the start (``dark``), and beyond
a couple of hexes spotting and fire take a penalty. A flare fired by the squad lights every
hex within 3 of it as if by day until it burns out; each turn after the one it went up, it
may go out (8 or 9 on a d10) or drift one hex downwind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event, rolled
from wartable.core.words import say
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.rules.common import distance, log
from wartable.games.combat.schema import Night

if TYPE_CHECKING:
    from wartable.core.rng import Rng
    from wartable.games.combat.state import CombatState

# The rulebook's figures (21.1): a flare's reach, the light it spreads, when it goes out.
FLARE_RANGE, LIGHT_RADIUS, GOES_OUT_FROM = 6, 3, 8
HOUSE_FLARES = 2  # flares the squad carries when the night option is turned on (house)


def rule_for(st: CombatState) -> Night | None:
    """The game's night, fixed at set-up (kept in ``st.night``): the scenario's own, or the
    rulebook's example with the house flares when the option turns night on."""
    if not st.option("night"):
        return None
    return st.sc.file.night or Night(flares=HOUSE_FLARES)


def roll_dark(rng: Rng, night: Night) -> int:
    """The longest sight and fire range of the night, e.g. 1D6+2 (21.0 example)."""
    count, rest = night.sight.split("d")
    sides, _, add = rest.partition("+") if "+" in rest else rest.partition("-")
    total = sum(rng.die(int(sides)) for _ in range(int(count)))
    return total + (int(add) if "+" in rest else -int(add or 0))


def lit(st: CombatState, h: int) -> bool:
    return any(distance(st, h, f) <= LIGHT_RADIUS for f, _ in st.flares)


def modifier(st: CombatState, a: int, b: int) -> int | None:
    """The night's modifier for spotting or firing from hex ``a`` at hex ``b``: None if the
    target is out of the night's range and unlit; 0 by day or in a flare's light."""
    night = st.night
    if night is None or lit(st, b):
        return 0
    gap = distance(st, a, b)
    if gap > st.dark:
        return None
    return night.modifier if gap > night.beyond else 0


def has_flares(st: CombatState) -> bool:
    return st.night is not None and st.flares_left > 0


def flare_hexes(st: CombatState, i: int) -> list[int]:
    """Where a soldier may aim a flare (21.1): within range of him."""
    if not has_flares(st):
        return []
    here = st.pos[i]
    return [h for h in range(len(st.sc.board.hexes)) if distance(st, here, h) <= FLARE_RANGE]


def fire_flare(st: CombatState, i: int, aim: int, ev: list[Event]) -> None:
    """Impulse 2 of an Aimed Fire order: the flare goes up near the aimed hex (house: it
    scatters 1D6-2 hexes in a d6 direction) and the firer takes cover at once."""
    board, compass = st.sc.board, st.sc.compass
    direction, far = st.rng.die(6), max(0, st.rng.die(6) - 2)
    h = compass.walk(board.hexes[aim], direction, far)
    st.flares_left -= 1
    st.order[i] = "duck_back"
    where = board.label(h)
    if h in board.index:
        st.flares = (*st.flares, (board.index[h], st.turn))
        text = say("a flare aimed at {aim} lights {hex}", aim=board.labels[aim], hex=where)
        log(ev, EventKind.FLARE, text, "21.1")
    else:
        log(ev, EventKind.FLARE, say("a flare drifts off the map ({hex})", hex=where), "21.1")


def burn_down(st: CombatState, ev: list[Event]) -> None:
    """End of turn: flares from earlier turns go out on 8-9, else drift one hex downwind."""
    board = st.sc.board
    kept = []
    for h, fired in st.flares:
        if fired == st.turn:
            kept.append((h, fired))
            continue
        roll = st.rng.die(10, 0)
        downwind = st.sc.compass.step(board.hexes[h], st.sc.file.wind)
        if roll >= GOES_OUT_FROM or downwind not in board.index:
            where = board.labels[h]
            word = "goes out" if roll >= GOES_OUT_FROM else "drifts off the map"
            said = rolled([roll], 10, GOES_OUT_FROM, word, zero=True)
            text = say("the flare over {hex} goes out ({roll})", hex=where, roll=roll)
            log(ev, EventKind.FLARE, text, "21.1", roll=said)
            continue
        kept.append((board.index[downwind], fired))
    st.flares = tuple(kept)
