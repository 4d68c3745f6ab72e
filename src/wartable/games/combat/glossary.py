"""Card faces for interfaces: what each friendly card does and how it is played."""

from __future__ import annotations

from wartable.core.game import CardFace
from wartable.games.combat.library import CombatLibrary

HOW = {
    "order": "Order card: played for initiative, it also does this for the turn.",
    "discard": "Discard card: play it for initiative, or instead use it from your hand for this:",
    "event": "Event card: drawn, it sets off an event roll and another card is drawn instead.",
}
SQUADS = ("Able", "Baker", "Charlie")  # the initiative column of each squad
WOUND = {
    "close_call": "a close call (Morale Check only)",
    "light_wound": "a light wound",
    "bad_wound": "a bad wound",
    "kia": "killed",
}


def faces(lib: CombatLibrary) -> dict[str, CardFace]:
    out = {}
    for card in lib.friendly_cards.cards:
        lines = [HOW[card.type], card.effect]
        if card.wound:
            lines.append(f"Drawn for a hit on one of yours: {WOUND[card.wound]}.")
        initiative = (
            " · ".join(f"{squad} {n}" for squad, n in zip(SQUADS, card.initiative, strict=True))
            if card.initiative
            else ""
        )
        out[str(card.number)] = CardFace(card.title, "\n".join(lines), initiative)
    return out
