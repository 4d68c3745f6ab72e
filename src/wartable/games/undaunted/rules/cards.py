"""Card zones: drawing with reshuffles and casualties (rulebook: Draw cards, Casualties)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.games.undaunted.event_kinds import EventKind
from wartable.games.undaunted.rules.hidden import (
    DECK,
    DISCARD,
    DRAW,
    HAND,
    LACKS,
    OUT,
    SHUFFLE,
    note,
)

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

RULE_DRAW = (
    "Draw cards: an empty deck is refilled by shuffling the discard pile, never the play area"
)
RULE_CASUALTY = (
    "Attack step 4: casualties come from hand, then discard, then deck; else the counter"
)


def reshuffle(st: UndauntedState, i: int, ev: list[Event]) -> bool:
    """Shuffle the discard pile into a new deck; False if there was nothing to shuffle."""
    s = st.sides[i]
    cards = [k for k, n in enumerate(s.discard) for _ in range(n)]
    if not cards:
        return False
    s.discard = [0] * len(s.discard)
    st.rng.shuffle(cards)
    s.deck = cards
    note(st, i, SHUFFLE)
    ev.append(
        Event(
            EventKind.RESHUFFLE,
            f"{st.players[i]} shuffles {len(cards)} discarded cards into a new deck",
            {"player": st.players[i], "cards": len(cards)},
            RULE_DRAW,
        )
    )
    return True


def draw(st: UndauntedState, i: int, n: int, ev: list[Event]) -> int:
    """Draw up to ``n`` cards; returns how many were drawn."""
    s = st.sides[i]
    drawn: list[int] = []
    for _ in range(n):
        if not s.deck and not reshuffle(st, i, ev):
            break
        k = s.deck.pop()
        s.hand[k] += 1
        note(st, i, DRAW)
        drawn.append(k)
    if drawn:
        who = st.players[i]
        # in card order, not draw order: the order of a deck is known to no one
        names = [st.sc.kinds[k].key for k in sorted(drawn)]
        ev.append(
            Event(
                EventKind.DRAW,
                f"{who} draws {', '.join(names)}",
                {"player": who, "cards": names},
                RULE_DRAW,
                (who,),
            )
        )
        ev.append(
            Event(
                EventKind.DRAW_COUNT,
                f"{who} draws {len(drawn)} card(s)",
                {"player": who, "count": len(drawn)},
                RULE_DRAW,
            )
        )
    return len(drawn)


def casualty(st: UndauntedState, i: int, unit: int, ev: list[Event]) -> None:
    """Side ``i`` loses one card of the hit unit, or its counter if no card is found."""
    s = st.sides[i]
    u = st.sc.units[unit]
    k = u.kind
    who = st.players[i]
    tile = st.sc.tiles[s.pos[unit]] if s.pos[unit] >= 0 else ""  # where it was hit
    zone = ""
    if s.hand[k]:
        s.hand[k] -= 1
        zone = "hand"
    elif s.discard[k]:
        s.discard[k] -= 1
        zone = "discard"
    elif k in s.deck:
        s.deck.remove(k)
        st.rng.shuffle(s.deck)
        zone = "deck"
    if zone:
        s.removed[k] += 1
        # both players watch the search: the zones searched before held no such card
        searched = {"hand": (), "discard": (HAND,), "deck": (HAND, DISCARD)}[zone]
        for where in searched:
            note(st, i, LACKS, where, k)
        note(st, i, OUT, {"hand": HAND, "discard": DISCARD, "deck": DECK}[zone], k)
        ev.append(
            Event(
                EventKind.CASUALTY,
                f"{who} removes a {u.key} card from the game (from the {zone})",
                {"player": who, "card": u.key, "zone": zone, "tile": tile},
                RULE_CASUALTY,
            )
        )
        return
    remove_counter(st, i, unit)
    ev.append(
        Event(
            EventKind.COUNTER_LOST,
            f"{who} has no {u.key} card left to lose: the counter leaves the board",
            {"player": who, "unit": u.key, "tile": tile},
            RULE_CASUALTY,
        )
    )


def remove_counter(st: UndauntedState, i: int, unit: int) -> None:
    s = st.sides[i]
    s.pos[unit] = -1
    s.supp[unit] = False
    if st.sc.units[unit].has_target:
        s.target = -1
