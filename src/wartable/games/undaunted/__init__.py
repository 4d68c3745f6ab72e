"""Undaunted: Normandy (Osprey Games, 2019), by David Thompson and Trevor Benjamin.

Two players, ``us`` and ``germany``; deck-building; map tiles in offset rows; d10 attacks.
Scenarios: ``la-raye`` (scenario 1 of the box, published data) and our own ``crossroads``
and ``hill-203``. Agents: ``random``, ``heuristic``.

Action notation (``str(action)``; ``Undaunted.parse_action`` reads it back):

* ``bid <card>`` - the secret initiative bid, e.g. ``bid fog-of-war``
* ``play <card> <action>`` - e.g. ``play scout-B scout``, ``play rifleman-A control``
* ``hunker <card>`` - return the card to supply; ``rally <card>`` - unsuppress its counter
* choices of the card being resolved: ``move <tile>``, ``guide <unit>``,
  ``attack <unit>``, ``suppress <unit>``, ``target <tile>``, ``bolster <card>``,
  ``inspire <card>``, ``draw``, and ``done`` to stop an "up to X" action early
* ``end`` - end the turn, discarding what is left in hand

Rules scope, rulings and sources: docs/games/undaunted.md.

Version history of the rules module (``UndauntedState.game_version``):

* 1 - first complete implementation of the rulebook.
"""

from wartable.games.undaunted.game import Undaunted
from wartable.games.undaunted.state import UndauntedState

__all__ = ["Undaunted", "UndauntedState"]
