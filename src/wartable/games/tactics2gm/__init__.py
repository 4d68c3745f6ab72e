"""2GM Tactics (Proyecto Enigma / Draco Ideas, 2015-16 Spanish edition): army decks built to
a points limit, an HQ with action points and a supply line, D10 fire with criticals and
armour against penetration, terrain cards and air combat. Rule ids (GM-n, EX-n) follow the
project's rules index; docs/games/tactics2gm.md restates each ruling."""

from wartable.games.tactics2gm.game import Tactics2GM

__all__ = ["Tactics2GM"]
