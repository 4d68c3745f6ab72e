"""What a person clicks for each verb (``GameState.board_steps``): a card of the hand (``play
CARD WHAT``, ``bid``, ``hunker``, ``rally``) the card; ``move`` and ``target`` the tile (the
default); ``guide`` the side's own counter, ``attack`` and ``suppress`` the other side's
(counters of both sides share their names: ``SIDE:UNIT``); ``end``, ``done``, ``draw`` and
a card taken from the supply (``bolster``, ``inspire``: nothing on the board shows it) lie
in the fixed bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState


def first(st: UndauntedState, i: int, action: Action) -> tuple[str, ...]:
    """The card of play, bid, hunker, rally; the tile of move and target."""
    return action.args[:1]


def own(st: UndauntedState, i: int, action: Action) -> tuple[str, ...]:
    return (f"{st.players[i]}:{action.args[0]}",)


def enemy(st: UndauntedState, i: int, action: Action) -> tuple[str, ...]:
    return (f"{st.players[1 - i]}:{action.args[0]}",)
