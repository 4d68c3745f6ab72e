"""The page's deck builder: the JSON API for games whose players build their decks
(``Game.deck_building()``). Decks are kept in the server's store by game and name, like
campaign rosters; a game created with ``decks`` fields them through the game's options, so
its record carries the cards it is fought with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, ConfigDict, Field

from wartable.core.decks import DeckBuilding, DeckList
from wartable.core.errors import WartableError
from wartable.core.game import Game, OptionValue
from wartable.core.registry import get_game
from wartable.server import decks
from wartable.server.writer import Writer

NAME = Annotated[str, Field(max_length=60)]


class DeckBody(BaseModel):
    """A deck as the page sends it; its cards are the game's to check."""

    model_config = ConfigDict(extra="forbid")
    name: NAME
    army: Annotated[str, Field(max_length=40)]
    cards: dict[Annotated[str, Field(max_length=60)], int] = Field(max_length=80)
    loadouts: dict[Annotated[str, Field(max_length=60)], list[NAME]] = Field(
        default_factory=dict, max_length=80
    )
    limit: int | None = Field(default=None, ge=1, le=1000)


class DeckCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: NAME
    deck: DeckBody
    limit: int | None = Field(default=None, ge=1, le=1000)
    year: int | None = Field(default=None, ge=1900, le=2000)


def building_or_400(name: str) -> tuple[Game, DeckBuilding]:
    try:
        game = get_game(name)
    except WartableError as exc:
        raise HTTPException(400, str(exc)) from exc
    found = game.deck_building()
    if found is None:
        raise HTTPException(400, f"{name} has no decks to build")
    return game, found


def as_deck(body: DeckBody) -> DeckList:
    try:
        return DeckList.from_json(body.model_dump(exclude_none=True), "deck")
    except WartableError as exc:
        raise HTTPException(400, str(exc)) from exc


def summary(b: DeckBuilding, deck: DeckList, where: str) -> dict[str, Any]:
    return {
        **deck.to_json(),
        "where": where,
        "size": deck.size(),
        "points": b.points(deck),
        "problems": b.problems(deck),
    }


async def fielded(writer: Writer, game: Game, chosen: Mapping[str, str]) -> dict[str, OptionValue]:
    """The options that field each seat's chosen deck: a kept one, else a ready-made one."""
    b = game.deck_building()
    if not chosen:
        return {}
    if b is None:
        raise WartableError(f"{game.info.title} has no decks to build")
    out: dict[str, OptionValue] = {}
    for seat, name in chosen.items():
        deck = await writer(decks.find_deck(game.name, name)) or b.shipped().get(name)
        if deck is None:
            raise WartableError(f"no {game.name} deck called {name!r} for {seat}")
        out |= b.options(seat, deck)
    return out


def option_names(game: Game) -> list[str]:
    b = game.deck_building()
    return [] if b is None else b.option_names()


def deck_routes(writer: Writer) -> APIRouter:
    api = APIRouter()

    @api.get("/api/decks")
    async def deck_list(game: Annotated[str, Query(max_length=40)]) -> dict[str, Any]:
        """The seats' armies, the points limit, and every deck: ready-made, then kept."""
        _, b = building_or_400(game)
        kept = await writer(decks.list_decks(game))
        return {
            "armies": b.armies(),
            "limit": b.default_limit,
            "decks": [summary(b, d, "ready-made") | {"id": n} for n, d in b.shipped().items()]
            + [summary(b, d, "kept") | {"id": d.name} for d in kept],
        }

    @api.get("/api/decks/cards")
    async def deck_cards(
        game: Annotated[str, Query(max_length=40)], army: Annotated[str, Query(max_length=40)]
    ) -> dict[str, Any]:
        """The cards ``army`` may put in a deck."""
        _, b = building_or_400(game)
        try:
            cards = b.catalogue(army)
        except WartableError as exc:
            raise HTTPException(400, str(exc)) from exc
        return {
            "cards": [
                {
                    "key": c.key,
                    "title": c.title,
                    "kind": c.kind,
                    "cost": c.cost,
                    # what playing it costs, where the game counts that apart from its cost
                    "launch": c.cost if c.launch is None else c.launch,
                    "copies": c.copies,
                    "year": c.year,
                    "text": c.text,
                    "options": [
                        {"name": o.name, "title": o.title, "price": o.price, "slot": o.slot}
                        for o in c.options
                    ],
                }
                for c in cards
            ]
        }

    @api.post("/api/decks/check")
    async def deck_check(body: DeckCheck) -> dict[str, Any]:
        """A deck's points and every reason it may not be played, at once."""
        _, b = building_or_400(body.game)
        deck = as_deck(body.deck)
        return {
            "size": deck.size(),
            "points": b.points(deck),
            "tally": dict(b.tally(deck)),
            "problems": b.problems(deck, body.limit, body.year),
        }

    @api.put("/api/decks")
    async def deck_save(body: DeckCheck) -> dict[str, Any]:
        """Keep a deck under its name, over any kept deck of that name."""
        _, b = building_or_400(body.game)
        deck = as_deck(body.deck)
        try:
            saved = await writer(decks.save_deck(body.game, deck))
        except WartableError as exc:
            raise HTTPException(400, str(exc)) from exc
        return summary(b, saved, "kept") | {"id": saved.name}

    @api.delete("/api/decks")
    async def deck_delete(
        game: Annotated[str, Query(max_length=40)], name: Annotated[str, Query(max_length=60)]
    ) -> dict[str, Any]:
        building_or_400(game)
        try:
            await writer(decks.delete_deck(game, name))
        except WartableError as exc:
            raise HTTPException(404, str(exc)) from exc
        return {"deleted": name}

    return api
