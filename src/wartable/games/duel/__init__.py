"""Card Duel: wartable's example game, a template for new games (docs/adding-a-game.md)."""

from wartable.games.duel.game import Duel

__all__ = ["Duel"]
