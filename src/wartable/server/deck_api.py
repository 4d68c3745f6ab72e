"""The page's deck builder: the JSON API for games whose players build their decks
(``Game.deck_building()``). Decks are kept in the server's store by game and name, like
campaign rosters; a game created with ``decks`` fields them through the game's options, so
its record carries the cards it is fought with.

What a person reads in its answers (a deck's problems, the cards' titles and texts, a
refusal) is said in the language the request asks for (``lang``, else Accept-Language):
``refuse`` is the server's one way to say an error to a person."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query
from pydantic import BaseModel, ConfigDict, Field

from wartable.core.decks import DeckBuilding, DeckList
from wartable.core.errors import WartableError, quote, said_by
from wartable.core.game import Game, OptionValue
from wartable.core.registry import get_game
from wartable.core.words import say
from wartable.i18n import Voice
from wartable.server import decks
from wartable.server.writer import Writer

NAME = Annotated[str, Field(max_length=60)]
LANG = Annotated[str | None, Query(max_length=12)]  # the language asked for (?lang=es)
ACCEPT = Annotated[str | None, Header()]  # else the browser's (Accept-Language)
# the language a request asks for, from its ``lang`` and Accept-Language (app.language_of)
Chooser = Callable[[str | None, str | None], str]


def refuse(status: int, said: str | Exception, voice: Voice) -> HTTPException:
    """An error a person reads on the page, said in the request's language: ``said`` is a
    message (``say``), or an error raised with one (a plain English text is looked up as
    it is, and shown in English where the catalogs lack it)."""
    return HTTPException(status, voice(said_by(said) if isinstance(said, Exception) else said))


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


def building_or_400(name: str, language: str) -> tuple[Game, DeckBuilding, Voice]:
    """The game ``name``, its deck building, and the voice of its words in ``language``."""
    try:
        game = get_game(name)
    except WartableError as exc:
        raise refuse(400, exc, Voice(language)) from exc
    voice = Voice(language, game.name)
    found = game.deck_building()
    if found is None:
        raise refuse(400, say("{game} has no decks to build", game=name), voice)
    return game, found, voice


def as_deck(body: DeckBody, voice: Voice) -> DeckList:
    try:
        return DeckList.from_json(body.model_dump(exclude_none=True), "deck")
    except WartableError as exc:
        raise refuse(400, exc, voice) from exc


def summary(b: DeckBuilding, deck: DeckList, where: str, voice: Voice) -> dict[str, Any]:
    return {
        **deck.to_json(),
        "where": where,
        "size": deck.size(),
        "points": b.points(deck),
        "problems": [voice(p) for p in b.problems(deck)],
    }


async def fielded(writer: Writer, game: Game, chosen: Mapping[str, str]) -> dict[str, OptionValue]:
    """The options that field each seat's chosen deck: a kept one, else a ready-made one."""
    b = game.deck_building()
    if not chosen:
        return {}
    if b is None:
        raise WartableError(say("{game} has no decks to build", game=game.info.title))
    out: dict[str, OptionValue] = {}
    for seat, name in chosen.items():
        deck = await writer(decks.find_deck(game.name, name)) or b.shipped().get(name)
        if deck is None:
            raise WartableError(
                say(
                    "no {game} deck called {name} for {seat}",
                    game=game.name,
                    name=quote(name),
                    seat=seat,
                )
            )
        out |= b.options(seat, deck)
    return out


def option_names(game: Game) -> list[str]:
    b = game.deck_building()
    return [] if b is None else b.option_names()


def deck_routes(writer: Writer, language_of: Chooser) -> APIRouter:
    """The deck builder's routes; ``language_of`` chooses a request's language from its
    ``lang`` and Accept-Language (the server's one way)."""
    api = APIRouter()

    @api.get("/api/decks")
    async def deck_list(
        game: Annotated[str, Query(max_length=40)],
        lang: LANG = None,
        accept_language: ACCEPT = None,
    ) -> dict[str, Any]:
        """The seats' armies, the points limit, and every deck: ready-made, then kept."""
        _, b, voice = building_or_400(game, language_of(lang, accept_language))
        kept = await writer(decks.list_decks(game))
        return {
            "armies": b.armies(),
            "limit": b.default_limit,
            "decks": [
                summary(b, d, "ready-made", voice) | {"id": n} for n, d in b.shipped().items()
            ]
            + [summary(b, d, "kept", voice) | {"id": d.name} for d in kept],
        }

    @api.get("/api/decks/cards")
    async def deck_cards(
        game: Annotated[str, Query(max_length=40)],
        army: Annotated[str, Query(max_length=40)],
        lang: LANG = None,
        accept_language: ACCEPT = None,
    ) -> dict[str, Any]:
        """The cards ``army`` may put in a deck, their titles and texts in the language
        asked (their keys as they are)."""
        _, b, voice = building_or_400(game, language_of(lang, accept_language))
        try:
            cards = b.catalogue(army)
        except WartableError as exc:
            raise refuse(400, exc, voice) from exc
        return {
            "cards": [
                {
                    "key": c.key,
                    "title": voice(c.title),
                    "kind": voice(c.kind),
                    "cost": c.cost,
                    # what playing it costs, where the game counts that apart from its cost
                    "launch": c.cost if c.launch is None else c.launch,
                    "copies": c.copies,
                    "year": c.year,
                    "text": voice(c.text),
                    "options": [
                        {"name": o.name, "title": voice(o.title), "price": o.price, "slot": o.slot}
                        for o in c.options
                    ],
                }
                for c in cards
            ]
        }

    @api.post("/api/decks/check")
    async def deck_check(
        body: DeckCheck, lang: LANG = None, accept_language: ACCEPT = None
    ) -> dict[str, Any]:
        """A deck's points and every reason it may not be played, at once, said in the
        language asked."""
        _, b, voice = building_or_400(body.game, language_of(lang, accept_language))
        deck = as_deck(body.deck, voice)
        return {
            "size": deck.size(),
            "points": b.points(deck),
            "tally": dict(b.tally(deck)),
            "problems": [voice(p) for p in b.problems(deck, body.limit, body.year)],
        }

    @api.put("/api/decks")
    async def deck_save(
        body: DeckCheck, lang: LANG = None, accept_language: ACCEPT = None
    ) -> dict[str, Any]:
        """Keep a deck under its name, over any kept deck of that name."""
        _, b, voice = building_or_400(body.game, language_of(lang, accept_language))
        deck = as_deck(body.deck, voice)
        try:
            saved = await writer(decks.save_deck(body.game, deck))
        except WartableError as exc:
            raise refuse(400, exc, voice) from exc
        return summary(b, saved, "kept", voice) | {"id": saved.name}

    @api.delete("/api/decks")
    async def deck_delete(
        game: Annotated[str, Query(max_length=40)],
        name: Annotated[str, Query(max_length=60)],
        lang: LANG = None,
        accept_language: ACCEPT = None,
    ) -> dict[str, Any]:
        _, _, voice = building_or_400(game, language_of(lang, accept_language))
        try:
            await writer(decks.delete_deck(game, name))
        except WartableError as exc:
            raise refuse(404, exc, voice) from exc
        return {"deleted": name}

    return api
