"""Card faces for interfaces: what each friendly card does and how it is played."""

from __future__ import annotations

from wartable.core.game import CardFace
from wartable.core.words import lines, named, word
from wartable.games.combat.library import CombatLibrary

HOW = {
    "order": word("Order card: played for initiative, it also does this for the turn."),
    "discard": word(
        "Discard card: play it for initiative, or instead use it from your hand for this:"
    ),
    "event": word(
        "Event card: drawn, it sets off an event roll and another card is drawn instead."
    ),
}
SQUADS = ("Able", "Baker", "Charlie")  # the initiative column of each squad
WOUND = {  # what the card does when drawn for a hit on one of the player's men
    "close_call": word("Drawn for a hit on one of yours: a close call (Morale Check only)."),
    "light_wound": word("Drawn for a hit on one of yours: a light wound."),
    "bad_wound": word("Drawn for a hit on one of yours: a bad wound."),
    "kia": word("Drawn for a hit on one of yours: killed."),
}


def faces(lib: CombatLibrary) -> dict[str, CardFace]:
    out = {}
    for card in lib.friendly_cards.cards:
        said = [HOW[card.type], named(card.effect)]
        if card.wound:
            said.append(WOUND[card.wound])
        initiative = (
            " · ".join(f"{squad} {n}" for squad, n in zip(SQUADS, card.initiative, strict=True))
            if card.initiative
            else ""
        )
        out[str(card.number)] = CardFace(named(card.title), lines(said), initiative)
    return out
