"""What a person clicks for each verb (``GameState.board_steps``): the card of the hand or
the unit that acts, then the square, unit or HQ it reaches. A weapon key and an option word
(``alone``, ``aboard``, a screen's spread) are never steps. An HQ is ``SIDE:hq`` (``hq2``):
the side's own for a deployment, else the enemy's (a shot, a bomber, a card)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.games.tactics2gm.model import HQS
from wartable.games.tactics2gm.rules.common import SIDES, side_of

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

OPTION_WORDS = frozenset(("alone", "aboard", "left", "right", "both"))


def on_board(
    st: Tactics2GMState, seat: int, action: Action, args: tuple[str, ...] | None = None
) -> tuple[str, ...]:
    words = action.args if args is None else args
    steps = [a for a in words[:2] if a not in OPTION_WORDS]
    if len(steps) == 2 and steps[1] in HQS:
        mine = side_of(st, seat)
        steps[1] = f"{SIDES[mine if action.verb == 'deploy' else 1 - mine]}:{steps[1]}"
    return tuple(steps)


def armed(st: Tactics2GMState, seat: int, action: Action) -> tuple[str, ...]:
    """A verb whose second word is a weapon: the unit, then its target."""
    return on_board(st, seat, action, action.args[:1] + action.args[2:])


def by_unit(st: Tactics2GMState, seat: int, action: Action) -> tuple[str, ...]:
    """Equipment from the ground: the unit alone (the token lies on its square)."""
    return action.args[:1]


def play(st: Tactics2GMState, seat: int, action: Action) -> tuple[str, ...]:
    """A card of the hand, then its target; a general (GM-21) is no piece on the board: the
    card alone, the chooser names the generals."""
    if action.args[1:] and action.args[1] in st.lib.generals:
        return action.args[:1]
    return on_board(st, seat, action)
