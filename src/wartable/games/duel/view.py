"""What one seat of the duel may see (``None``: a spectator): the only door out of the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wartable.games.duel.state import DuelState


def view(st: DuelState, player: str | None) -> dict[str, Any]:
    sides = {}
    for side, name in enumerate(st.players):
        shown: dict[str, Any] = {
            "strength": st.strength[side],
            "guard": st.guard[side],
            "hand_size": len(st.hands[side]),
            "deck_size": len(st.decks[side]),
            "discard": list(st.discards[side]),
        }
        if name == player:
            shown["hand"] = sorted(st.hands[side])
        sides[name] = shown
    return {
        "game": st.game_name,
        "title": "Card Duel",
        "scenario": st.scenario,
        "you": player,
        "round": st.rounds_played(),
        "to_act": None if st.outcome else st.players[st.to_act],
        "sides": sides,
    }
