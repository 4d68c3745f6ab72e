"""What each player may see. The only door through which state leaves the rules.

Hidden: the opponent's hand, secret bid, deck order, discard pile and removed cards (the
sizes are public); every deck's order, even one's own; the seed and the generator state.
Public: the board, control markers, counters, supplies, play areas, each side's goal.
A spectator sees every side as an opponent does. (The log still names each casualty.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.games.undaunted.model import NO_BID
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.rules.victory import goal_text, pinned

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

MARK = (None, "scouted", "controlled")


def _counts(st: UndauntedState, zone: list[int]) -> dict[str, int]:
    return {st.sc.kinds[k].key: n for k, n in enumerate(zone) if n}


def view(st: UndauntedState, player: str | None) -> dict[str, Any]:
    sc = st.sc
    me = sc.players.index(player) if player is not None else -1
    sides: dict[str, Any] = {}
    for i, name in enumerate(sc.players):
        s = st.sides[i]
        own = i == me
        side: dict[str, Any] = {
            "hand_size": sum(s.hand),
            "deck_size": len(s.deck),
            "discard_size": sum(s.discard),
            "supply": _counts(st, s.supply),
            "play_area": _counts(st, s.play),
            "removed_size": sum(s.removed),
            "objective_points": st.points(i),
            "goal": sc.goal[i],
            "victory": goal_text(sc, i),
            "pinned_down": pinned(st, i),
            "bid_made": st.phase == Phase.BID and s.bid != NO_BID,
            "target": sc.tiles[s.target] if s.target >= 0 else None,
        }
        if own:
            side["hand"] = _counts(st, s.hand)
            side["discard"] = _counts(st, s.discard)
            side["removed"] = _counts(st, s.removed)  # one's own only (Attack, step 4)
            side["bid"] = sc.kinds[s.bid].key if s.bid >= 0 and st.phase == Phase.BID else None
        sides[name] = side
    tiles = []
    for t, tid in enumerate(sc.tiles):
        tiles.append(
            {
                "id": tid,
                "at": list(sc.graph.coords[t]),
                "cover": sc.cover[t],
                "hill": sc.hill[t],
                "cover_vs_hill_or_blast": sc.cover_hill[t] if sc.hill[t] else None,
                "objective": sc.objective[t],
                "markers": {name: MARK[st.sides[i].marks[t]] for i, name in enumerate(sc.players)},
            }
        )
    counters = [
        {
            "side": name,
            "unit": u.key,
            "title": u.title,
            "squad": u.squad,
            "tile": sc.tiles[st.sides[i].pos[u.index]],
            "suppressed": st.sides[i].supp[u.index],
            "defence": u.defence,
        }
        for i, name in enumerate(sc.players)
        for u in sc.units
        if st.sides[i].pos[u.index] >= 0
    ]
    p = st.pending
    pending = None
    if p is not None:  # the card being resolved lies face up in the play area
        pending = {
            "choice": p.verb,
            "card": sc.kinds[p.kind].key,
            "left": p.left,
            "unit": sc.units[p.unit].key if p.unit >= 0 else None,
        }
    revealed = None
    if st.revealed is not None:
        revealed = {
            sc.players[i]: (sc.kinds[b].key if b >= 0 else None) for i, b in enumerate(st.revealed)
        }
    return {
        "game": "undaunted",
        "scenario": sc.id,
        "title": sc.title,
        "you": player,
        "round": st.round,
        "phase": st.phase,
        "initiative": sc.players[st.initiative],
        "active": sc.players[st.active] if st.phase != Phase.BID else None,
        "to_act": list(st.current_players),
        "pending": pending,
        "bids": revealed,
        "tiles": tiles,
        "counters": counters,
        "sides": sides,
        "outcome": st.outcome.to_json() if st.outcome else None,
    }
