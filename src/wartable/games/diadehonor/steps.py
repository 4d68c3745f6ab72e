"""What a person clicks for each verb (``GameState.board_steps``): a unit's verb, the unit
then the square or unit it reaches (the default); a card, the card of the hand then its unit
(a grenade: the thrower, then its mark); ``target`` a unit, ``place`` a square."""

from __future__ import annotations

from wartable.core.action import Action


def card(st: object, seat: int, action: Action) -> tuple[str, ...]:
    """``play CARD [UNIT [TARGET]]``: a grenade is its thrower, then its mark."""
    return action.args[1:] if len(action.args) == 3 else action.args[:2]
