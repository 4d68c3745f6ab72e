"""Decks players built, kept in the store (table ``decks`` in ``store.SCHEMA``), by game
and name. The store keeps a deck as its JSON and knows nothing of any game's cards: whether
a deck may be played is the game's to say (``Game.deck_building()``)."""

from __future__ import annotations

import re
import time

from wartable.core.decks import DeckList
from wartable.core.errors import WartableError, quote
from wartable.core.words import say
from wartable.server.store import Op, Tx

DECK_NAME = re.compile(r"\w[\w .'()-]{0,59}")  # also a file name: NAME.yaml


class DeckError(WartableError):
    """An unknown deck, a name taken, a name no deck may have."""


def check_deck_name(name: str) -> str:
    if not DECK_NAME.fullmatch(name):
        raise DeckError(
            say(
                "a deck's name is 1 to 60 letters, digits, spaces or . ' ( ) - _ starting with "
                "a letter or digit, not {name}",
                name=quote(name),
            )
        )
    return name


def save_deck(game: str, deck: DeckList, *, new: bool = False) -> Op[DeckList]:
    """Keep ``deck`` under its name; ``new``: refuse a name already taken instead of
    writing over it."""
    check_deck_name(deck.name)

    def op(tx: Tx) -> DeckList:
        taken = tx.run(
            "SELECT 1 FROM decks WHERE game = ? AND name = ?", (game, deck.name)
        ).fetchone()
        if taken and new:
            raise DeckError(
                say(
                    "there is a {game} deck called {name} already", game=game, name=quote(deck.name)
                )
            )
        if taken:
            tx.run("DELETE FROM decks WHERE game = ? AND name = ?", (game, deck.name))
        tx.run(
            "INSERT INTO decks VALUES (?, ?, ?, ?, ?)",
            (game, deck.name, deck.army, deck.text(), time.time()),
        )
        return deck

    return op


def load_deck(game: str, name: str) -> Op[DeckList]:
    def op(tx: Tx) -> DeckList:
        row = tx.run("SELECT body FROM decks WHERE game = ? AND name = ?", (game, name)).fetchone()
        if row is None:
            raise DeckError(
                say(
                    "no {game} deck called {name} (wartable deck {game} list)",
                    game=game,
                    name=quote(name),
                )
            )
        return DeckList.from_text(str(row[0]), f"deck {name}")

    return op


def find_deck(game: str, name: str) -> Op[DeckList | None]:
    def op(tx: Tx) -> DeckList | None:
        try:
            return load_deck(game, name)(tx)
        except DeckError:
            return None

    return op


def list_decks(game: str) -> Op[list[DeckList]]:
    def op(tx: Tx) -> list[DeckList]:
        rows = tx.run("SELECT name, body FROM decks WHERE game = ? ORDER BY name", (game,))
        return [DeckList.from_text(str(b), f"deck {n}") for n, b in rows.fetchall()]

    return op


def delete_deck(game: str, name: str) -> Op[None]:
    def op(tx: Tx) -> None:
        load_deck(game, name)(tx)
        tx.run("DELETE FROM decks WHERE game = ? AND name = ?", (game, name))

    return op
