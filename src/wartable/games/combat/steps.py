"""What a person clicks for each verb (``GameState.board_steps``): a card verb (``play N``,
``discard N``, ``use N [TEAM|SOLDIER]``) the card, then the soldier it is used on; an order
the soldier, then its target hex or man; a soldier's step the soldier, then the hex or man
it reaches (the default). A team, an option word, is told apart by the chooser."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.games.combat.model import TEAMS_US

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState


def card(st: CombatState, seat: int, action: Action) -> tuple[str, ...]:
    first, *rest = action.args
    return (first, rest[0]) if rest and rest[0] not in TEAMS_US else (first,)


def order(st: CombatState, seat: int, action: Action) -> tuple[str, ...]:
    args = action.args
    return (args[0], args[2]) if len(args) > 2 else args[:1]
