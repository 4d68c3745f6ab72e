"""Bolster, Command, Conceal, Control, Inspire, Recon and Target (rulebook: Support actions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import word
from wartable.games.undaunted.event_kinds import EventKind
from wartable.games.undaunted.rules.cards import draw
from wartable.games.undaunted.rules.hidden import DISCARD, HAND, IN, OUT, note

if TYPE_CHECKING:
    from wartable.games.undaunted.model import SideState
    from wartable.games.undaunted.scenario import Scenario
    from wartable.games.undaunted.state import UndauntedState

RULES = {
    "bolster": word(
        "Bolster X: up to X cards from supply to discard (only the card's squad, if any)"
    ),
    "command": word("Command X: draw up to X cards, playable this turn"),
    "conceal": word(
        "Conceal: a Fog of War card from the opponent's supply to their discard, if any"
    ),
    "control": word(
        "Control: take this counter's tile; an enemy control marker there flips to scouted"
    ),
    "inspire": word(
        "Inspire X: up to X cards from the play area back to hand (only the card's squad)"
    ),
    "recon": word("Recon: remove a Fog of War card in hand from the game and draw a card"),
    "target": word("Target: the target marker goes on a tile 3 or more tiles from the mortar"),
}


def bolster_choices(sc: Scenario, s: SideState, squad: str | None) -> list[int]:
    kinds = sc.kinds
    return [k for k, n in enumerate(s.supply) if n and (squad is None or kinds[k].squad == squad)]


def inspire_choices(sc: Scenario, s: SideState, squad: str | None, resolving: int) -> list[int]:
    """Cards in the play area that may return to hand; never the inspiring card itself."""
    kinds = sc.kinds
    return [
        k
        for k, n in enumerate(s.play)
        if n - (1 if k == resolving else 0) > 0 and (squad is None or kinds[k].squad == squad)
    ]


def target_choices(sc: Scenario, s: SideState, mortar_tile: int) -> list[int]:
    row = sc.distance[mortar_tile]
    return [t for t in range(len(sc.tiles)) if row[t] >= 3 and t != s.target]


def can_draw(s: SideState) -> bool:
    return bool(s.deck) or any(s.discard)


def _shift(
    st: UndauntedState,
    i: int,
    kind: int,
    source: str,
    target: str,
    verb: str,
    text: str,
    ev: list[Event],
) -> None:
    """One card of ``kind`` from one zone of side ``i`` to another, with its event."""
    s = st.sides[i]
    getattr(s, source)[kind] -= 1
    getattr(s, target)[kind] += 1
    who, key = st.players[i], st.sc.kinds[kind].key
    ev.append(
        Event(
            verb,  # bolster or inspire: a declared kind (EventKind)
            f"{who} {verb}s: {key} {text}",
            {"player": who, "card": key},
            RULES[verb],
        )
    )


def bolster(st: UndauntedState, i: int, kind: int, ev: list[Event]) -> None:
    _shift(st, i, kind, "supply", "discard", "bolster", "from supply to discard", ev)
    note(st, i, IN, DISCARD, kind)


def inspire(st: UndauntedState, i: int, kind: int, ev: list[Event]) -> None:
    _shift(st, i, kind, "play", "hand", "inspire", "returns to hand", ev)
    note(st, i, IN, HAND, kind)


def conceal(st: UndauntedState, i: int, ev: list[Event]) -> None:
    o = st.sides[1 - i]
    fog = st.sc.fog
    moved = 1 if o.supply[fog] else 0
    o.supply[fog] -= moved
    o.discard[fog] += moved
    if moved:
        note(st, 1 - i, IN, DISCARD, fog)
    who, other = st.players[i], st.players[1 - i]
    text = (
        f"{who} conceals: {other} takes a Fog of War card into the discard pile"
        if moved
        else f"{who} conceals, but {other} has no Fog of War card left in supply"
    )
    data = {"player": who, "moved": moved, "other": other}
    ev.append(Event(EventKind.CONCEAL, text, data, RULES["conceal"]))


def control(st: UndauntedState, i: int, tile: int, ev: list[Event]) -> None:
    s, o = st.sides[i], st.sides[1 - i]
    s.marks[tile] = 2
    who = st.players[i]
    name = st.sc.tiles[tile]
    flipped = o.marks[tile] == 2
    if flipped:
        o.marks[tile] = 1
    ev.append(
        Event(
            EventKind.CONTROL,
            f"{who} takes control of {name}"
            + (f"; {st.players[1 - i]}'s marker there flips to scouted" if flipped else ""),
            {"player": who, "tile": name, "flipped": flipped, "other": st.players[1 - i]},
            RULES["control"],
        )
    )


def recon(st: UndauntedState, i: int, ev: list[Event]) -> None:
    s = st.sides[i]
    fog = st.sc.fog
    s.hand[fog] -= 1
    s.removed[fog] += 1
    note(st, i, OUT, HAND, fog)
    who = st.players[i]
    ev.append(
        Event(
            EventKind.RECON,
            f"{who} removes a Fog of War card from the game",
            {"player": who},
            RULES["recon"],
        )
    )
    draw(st, i, 1, ev)


def place_target(st: UndauntedState, i: int, tile: int, ev: list[Event]) -> None:
    st.sides[i].target = tile
    who = st.players[i]
    ev.append(
        Event(
            EventKind.TARGET,
            f"{who} places the mortar's target marker on {st.sc.tiles[tile]}",
            {"player": who, "tile": st.sc.tiles[tile]},
            RULES["target"],
        )
    )
