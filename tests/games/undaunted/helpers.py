"""Building constructed positions for rule tests: small maps, chosen hands, forced dice."""

from __future__ import annotations

from pathlib import Path

import yaml

from wartable.games.undaunted import Undaunted, UndauntedState
from wartable.games.undaunted.model import NO_BID
from wartable.games.undaunted.rules import hidden

_GAME: Undaunted | None = None


class _NoAliases(yaml.SafeDumper):
    """Content files refuse YAML aliases: write shared test data out in full each time."""

    def ignore_aliases(self, data: object) -> bool:
        return True


def game() -> Undaunted:
    """A private game object, so test scenarios never leak into the registry's."""
    global _GAME
    if _GAME is None:
        _GAME = Undaunted()
    return _GAME


def scenario(
    tmp_path: Path, sc_id: str, tiles: list[dict], us: dict, germany: dict, initiative: str = "us"
) -> str:
    """Write a scenario file with sensible defaults for the sides, load it, return its id."""

    def side(d: dict) -> dict:
        out = {
            "scouted": [],
            "controlled": [],
            "victory": {"objective_points": 99},
            "cards": {"fog-of-war": [0, 5]},
        }
        out.update(d)
        return out

    doc = {
        "provenance": "house",
        "id": sc_id,
        "number": 900,
        "title": sc_id,
        "summary": "test",
        "initiative": initiative,
        "map": tiles,
        "sides": {"us": side(us), "germany": side(germany)},
    }
    path = tmp_path / f"{sc_id}.yaml"
    path.write_text(yaml.dump(doc, Dumper=_NoAliases))
    game().add_scenario(path)
    return sc_id


def counts(st: UndauntedState, cards: dict[str, int]) -> list[int]:
    zone = [0] * len(st.sc.kinds)
    for key, n in cards.items():
        zone[st.sc.kind_index[key]] = n
    return zone


def set_cards(
    st: UndauntedState, player: str, *, hand=None, deck=None, discard=None, supply=None, play=None
) -> None:
    """Replace zones of one side; ``deck`` is a list, top card last."""
    s = st.side(player)
    if hand is not None:
        s.hand = counts(st, hand)
    if discard is not None:
        s.discard = counts(st, discard)
    if supply is not None:
        s.supply = counts(st, supply)
    if play is not None:
        s.play = counts(st, play)
    if deck is not None:
        s.deck = [st.sc.kind_index[k] for k in deck]
    if st.phase == "bid":
        s.bid = NO_BID if any(s.hand) else -2
    hidden.forget(st, st.players.index(player))  # nothing of the new cards has been seen
    st._legal_cache = None


def place(st: UndauntedState, player: str, unit: str, tile: str | None, suppressed=False) -> None:
    s = st.side(player)
    u = st.sc.unit_index[unit]
    s.pos[u] = st.sc.tile_index[tile] if tile else -1
    s.supp[u] = suppressed
    st._legal_cache = None


def mark(st: UndauntedState, player: str, tile: str, level: str | None) -> None:
    st.side(player).marks[st.sc.tile_index[tile]] = {None: 0, "scouted": 1, "controlled": 2}[level]
    st._legal_cache = None


def hand(st: UndauntedState, player: str) -> dict[str, int]:
    return {st.sc.kinds[k].key: n for k, n in enumerate(st.side(player).hand) if n}


def zone(st: UndauntedState, player: str, name: str, card: str) -> int:
    s = st.side(player)
    k = st.sc.kind_index[card]
    if name == "deck":
        return s.deck.count(k)
    return getattr(s, name)[k]


def pos(st: UndauntedState, player: str, unit: str) -> str | None:
    p = st.side(player).pos[st.sc.unit_index[unit]]
    return st.sc.tiles[p] if p >= 0 else None


def strs(actions) -> set[str]:
    return {str(a) for a in actions}
