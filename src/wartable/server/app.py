"""The web server: a lobby page, a game page, a small JSON API and one websocket per client.

Secrets never travel in a URL the server sees: a seat's link carries its token after ``#``
and an invitation its code the same way (the browser keeps the fragment to itself); the page
sends them in an ``Authorization`` header, a request body or the websocket's first message.
So tokens never reach access logs.

What a person reads (the lobby's data, a refusal on the page) is said in the language the
request asks for: ``lang`` in the query, else its Accept-Language (``Asked``); an error for
programs only (a malformed body) stays in English.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager, suppress
from importlib import resources
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wartable.agents.registry import agent_names
from wartable.core.campaign import Campaign
from wartable.core.errors import (
    ActionParseError,
    IllegalActionError,
    InvariantError,
    UnknownNameError,
    WartableError,
    quote,
    said_by,
)
from wartable.core.game import Game
from wartable.core.registry import get_game, list_games
from wartable.core.words import Said, say, word
from wartable.i18n import Voice, choose_language
from wartable.i18n.catalogs import messages
from wartable.lessons import lessons_of, seats
from wartable.server import deck_api, rosters
from wartable.server.deck_api import refuse
from wartable.server.guard import Guard, Hosts
from wartable.server.guides import guide_file, guide_page, picture_file
from wartable.server.rooms import Busy, Forbidden, NotFound, Room, Rooms, Stale, Unplayable
from wartable.server.store import Store, open_store
from wartable.server.thinking import Thinkers
from wartable.server.writer import Writer

MAX_MESSAGE = 4096  # bytes a websocket message may have
MAX_BODY = 16_384  # bytes a request body may have
NO_GAME = word("no such game")
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
SEAT = Annotated[str, Field(max_length=40)]
TOKEN = Annotated[str, Field(max_length=100)]


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    scenario: str | None = Field(default=None, max_length=60)
    seats: dict[SEAT, Annotated[str, Field(max_length=40)]] = Field(
        default_factory=dict, max_length=8
    )
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    options: dict[Annotated[str, Field(max_length=40)], bool | int | str] = Field(
        default_factory=dict, max_length=16
    )
    # the seat the creator plays: by default the first seat for a person; null: none
    creator_seat: SEAT | None = None
    # seat -> the campaign roster it fields (a game with campaigns)
    rosters: dict[SEAT, Annotated[str, Field(max_length=40)]] = Field(
        default_factory=dict, max_length=8
    )
    # seat -> the deck it fields, kept or ready-made (a game with deck building)
    decks: dict[SEAT, Annotated[str, Field(max_length=60)]] = Field(
        default_factory=dict, max_length=8
    )


class NewLesson(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    lesson: str | None = Field(default=None, max_length=60)  # by default the game's first


class NewRoster(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40)
    game: str = Field(max_length=40)
    nation: str = Field(default="", max_length=60)


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)


class Claim(BaseModel):
    """An invitation, with what the claiming browser already holds of the game (its seat
    tokens, the creator's key): such a browser may not take another seat."""

    model_config = ConfigDict(extra="forbid")
    invite: TOKEN
    tokens: list[TOKEN] = Field(default_factory=list, max_length=8)
    host: TOKEN | None = None


class Held(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(max_length=32)
    token: TOKEN | None = None
    host: TOKEN | None = None


class Mine(BaseModel):
    model_config = ConfigDict(extra="forbid")
    games: list[Held] = Field(max_length=50)


class Message(BaseModel):
    """What a websocket client may send: hello (with its token, or none to watch) or act."""

    model_config = ConfigDict(extra="forbid")
    type: str = Field(pattern="^(hello|act)$")
    token: TOKEN | None = None
    lang: str | None = Field(default=None, max_length=12)  # hello: the language to speak
    n: int | None = Field(default=None, ge=0)
    action: str | None = Field(default=None, max_length=200)


def language_of(lang: str | None, accept_language: str | None = None) -> str:
    """The language a request asks for (``lang``, else its Accept-Language, else English);
    a language we do not have is a 400."""
    try:
        return choose_language(lang, {}, accepted_languages(accept_language))
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from exc


def asked_language(
    lang: Annotated[str | None, Query(max_length=12)] = None,
    accept_language: Annotated[str | None, Header()] = None,
) -> str:
    """The language a request asks for (``language_of``), for the endpoints whose answers
    or refusals a person reads."""
    return language_of(lang, accept_language)


Asked = Annotated[str, Depends(asked_language)]


def fault(exc: Exception) -> Said:
    """A fault in the rules, as a player reads it: nothing changed."""
    return say(
        "the game is unchanged: the server met a fault in the rules and logged it: {fault}",
        fault=str(exc),
    )


def accepted_languages(header: str | None) -> list[str]:
    """The languages of an Accept-Language header, most wanted first (``es-AR,es;q=0.9``);
    those marked ``q=0`` (not wanted) left out, and only the header's first 400 characters
    read (a longer one is no reason to refuse the request)."""
    wanted: list[tuple[float, int, str]] = []
    for n, part in enumerate((header or "")[:400].split(",")):
        tag, _, params = part.partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag.strip() and q > 0:
            wanted.append((-q, n, tag.strip()))
    return [tag for _, _, tag in sorted(wanted)]


def bearer(authorization: str | None) -> str | None:
    if authorization and authorization.startswith("Bearer "):
        return authorization[len("Bearer ") :].strip() or None
    return None


def page(name: str) -> str:
    return (resources.files("wartable.server") / "static" / name).read_text(encoding="utf-8")


def short_errors(errors: Iterable[Any]) -> str:
    """Which fields were wrong and why, in a line: never the input itself."""
    parts = []
    for err in list(errors)[:3]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where[:60]}: {str(err.get('msg', 'invalid'))[:80]}")
    return "invalid request: " + "; ".join(parts)


def seats_by(game: Game) -> dict[str, dict[str, list[str]]]:
    """For each option with choices that change the seats (a line-up), the seats of each
    choice, so the lobby can offer the seats of the choice made."""
    out: dict[str, dict[str, list[str]]] = {}
    scenario = game.scenarios()[0].id
    for name, option in game.options().items():
        if option.choices:
            by = {
                str(c): list(game.new_game(scenario, seed=0, options={name: c}).players)
                for c in option.choices
            }
            if len({tuple(v) for v in by.values()}) > 1:
                out[name] = by
    return out


def campaign_or_400(name: str, language: str) -> tuple[Campaign, Voice]:
    """The campaigns of the game ``name``, and the voice of its words in ``language``."""
    try:
        game = get_game(name)
    except WartableError as exc:
        raise refuse(400, exc, Voice(language)) from exc
    voice = Voice(language, game.name)
    camp = game.campaign()
    if camp is None:
        raise refuse(400, say("{game} has no campaigns", game=name), voice)
    return camp, voice


def roster_json(roster: rosters.Roster, camp: Campaign, voice: Voice) -> dict[str, Any]:
    return {
        "name": roster.name,
        "game": roster.game,
        "nation": roster.nation,
        "soldiers": [
            {
                "id": s.id,
                "type": voice(camp.type_title(s.type)),
                "name": s.name,
                "missions": s.missions,
                "rank": voice(camp.rank(s.missions).title),
            }
            for s in roster.soldiers
        ],
    }


def seat_link(game_id: str, seat: str, token: str) -> str:
    return f"/play/{game_id}#seat={seat}&token={token}"


def create_app(
    store: Store | str,
    *,
    bind: str = "127.0.0.1",
    port: int | None = None,
    allow_origins: Iterable[str] = (),
    api_docs: bool = False,
    ai_workers: int | None = None,
) -> FastAPI:
    """The application over a store (or a database path / URL to open one), answering to the
    names of ``bind`` (and ``port``, where given) and of ``allow_origins`` (a reverse proxy's
    public origin). ``api_docs`` serves /docs and /openapi.json. ``ai_workers``: the
    processes AI searches run in (default: one a core)."""
    db = open_store(store) if isinstance(store, str) else store
    writer = Writer(db)
    rooms = Rooms(writer, Thinkers(ai_workers))
    origins = list(allow_origins)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        resuming = asyncio.create_task(rooms.resume())
        yield
        resuming.cancel()
        await rooms.stop()
        writer.close()
        db.close()

    app = FastAPI(
        title="wartable",
        lifespan=lifespan,
        docs_url="/docs" if api_docs else None,
        redoc_url=None,
        openapi_url="/openapi.json" if api_docs else None,
    )
    app.state.rooms = rooms
    app.add_middleware(Guard, hosts=Hosts(bind, port, origins), origins=origins, max_body=MAX_BODY)
    app.mount("/static", StaticFiles(packages=[("wartable.server", "static")]), name="static")
    app.include_router(deck_api.deck_routes(writer, language_of))

    async def room_or_404(game_id: str, language: str) -> tuple[Room, Voice]:
        """The game ``game_id`` and the voice of its words in ``language``."""
        voice = Voice(language)
        if not GAME_ID.fullmatch(game_id):
            raise refuse(404, NO_GAME, voice)
        try:
            room = await rooms.get(game_id)
        except NotFound as exc:
            raise refuse(404, exc, voice) from exc
        except Unplayable as exc:
            raise refuse(410, exc, voice) from exc
        return room, Voice(language, room.game.name)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": short_errors(exc.errors())}, status_code=422)

    @app.exception_handler(ValidationError)
    async def invalid(_: Request, exc: ValidationError) -> JSONResponse:
        return JSONResponse({"detail": short_errors(exc.errors())}, status_code=422)

    # ---- pages ---------------------------------------------------------------------------
    def html() -> HTMLResponse:
        return HTMLResponse(page("index.html"))

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> HTMLResponse:
        return html()

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    async def play(game_id: str) -> HTMLResponse:
        return html()

    @app.get("/join/{game_id}", response_class=HTMLResponse)
    async def join(game_id: str) -> HTMLResponse:
        return html()

    @app.get("/games/{name}/page.js")
    async def game_page(name: str) -> Response:
        """A game's own drawing for the page (404: the page draws it generically)."""
        try:
            game = get_game(name[:40])
        except WartableError as exc:
            raise HTTPException(404, NO_GAME) from exc
        where = game.interfaces.page
        if where is None:
            raise HTTPException(404, "this game has no drawing of its own")
        package, _, file = where.partition(":")
        try:
            text = resources.files(package).joinpath(file).read_text(encoding="utf-8")
        except (ModuleNotFoundError, FileNotFoundError) as exc:
            raise HTTPException(404, "this game's drawing is missing") from exc
        return Response(text, media_type="text/javascript")

    @app.get("/api/guide/{name}")
    async def guide(name: str, language: Asked) -> dict[str, Any]:
        """A game's guide for players (the rules panel) in the asked language: public, the
        same for everyone."""
        try:
            game = get_game(name[:40])
        except WartableError as exc:
            raise refuse(404, NO_GAME, Voice(language)) from exc
        voice = Voice(language, game.name)
        found = {"player_guide": f"/guides/{game.name}"} if guide_file(game.name) else {}
        return {"game": game.name, "title": game.info.title, **voice.data(game.guide()), **found}

    @app.get("/guides/{name}", response_class=HTMLResponse)
    async def player_guide(name: str, language: Asked) -> HTMLResponse:
        """How to play a game in this program (docs/play/NAME.md), where the docs are here."""
        voice = Voice(language)
        try:
            game = get_game(name[:40])
        except WartableError as exc:
            raise refuse(404, NO_GAME, voice) from exc
        page = guide_page(game.name, game.info.title)
        if page is None:
            raise refuse(404, say("no player's guide here: see docs/play in the project"), voice)
        return HTMLResponse(page)

    @app.get("/guides/img/{file}")
    async def guide_picture(file: str) -> FileResponse:
        path = picture_file(file)
        if path is None:
            raise HTTPException(404, "no such picture")
        return FileResponse(path, media_type="image/png")

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(page("favicon.svg"), media_type="image/svg+xml")

    # ---- API -----------------------------------------------------------------------------
    @app.get("/api/words")
    async def words(
        lang: Annotated[str, Query(max_length=12)],
        game: Annotated[str | None, Query(max_length=40)] = None,
    ) -> dict[str, Any]:
        """The page's words in ``lang`` (docs/i18n.md): each translated message by its
        English, the game's own and the shared ones; public, the same for everyone."""
        try:
            language = choose_language(lang)
            if game is not None:
                get_game(game)  # an unknown game is a 404, not an empty table
            return {"lang": language, "words": messages(language, game)}
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from exc
        except UnknownNameError as exc:
            raise HTTPException(404, str(exc)) from exc

    @app.get("/api/catalog")
    async def catalog(language: Asked) -> dict[str, Any]:
        """Every game with what the lobby offers of it: its seats, agents, options, lessons
        and scenarios, the words a person reads said in the language asked (ids as they
        are)."""
        out = []
        for info in list_games():
            game = get_game(info.name)
            voice = Voice(language, game.name)
            options = {}
            for name, option in game.options().items():
                said = option.to_json()
                said["label"], said["help"] = voice(said["label"]), voice(option.help)
                options[name] = said
            every = {*info.players, *(p for s in game.scenarios() for p in s.players)}
            lineups = seats_by(game)  # plays a game per choice: asked once
            every |= {p for by in lineups.values() for ps in by.values() for p in ps}
            out.append(
                {
                    "name": info.name,
                    "title": info.title,
                    "seats": list(info.players),
                    # each seat in players' words (its id stays what the forms send)
                    "seat_titles": {p: voice(game.seat_title(p)) for p in sorted(every)},
                    "agents": agent_names(game),
                    "options": options,
                    "seats_by": lineups,
                    "campaign": game.campaign() is not None,  # seats may field rosters
                    "decks": game.deck_building() is not None,  # seats field built decks
                    "deck_options": deck_api.option_names(game),  # set by the decks chosen
                    "round_name": info.round_name,
                    "lessons": [
                        {"id": x.id, "title": voice(x.title)} for x in lessons_of(game)
                    ],  # a guided first battle (POST /api/lessons)
                    "scenarios": [
                        {
                            "id": s.id,
                            "title": voice(s.title),
                            "about": voice(s.description),  # a line under the choice
                            "seats": list(s.players),
                        }
                        for s in game.scenarios()
                    ],
                }
            )
        return {"games": out}

    @app.post("/api/lessons")
    async def learn(body: NewLesson, language: Asked) -> dict[str, Any]:
        """A lesson's game (docs/learn.md), the asker in its seat against its opponent."""
        voice = Voice(language)
        try:
            game = get_game(body.game)
            voice = Voice(language, game.name)
            found = lessons_of(game)
            lesson = next((x for x in found if body.lesson in (None, x.id)), None)
            if lesson is None:
                raise WartableError(
                    say(
                        "no lesson {lesson}; lessons: {lessons}",
                        lesson=quote(body.lesson),
                        lessons=", ".join(x.id for x in found) or word("none yet"),
                    )
                )
            setup = game.new_game(lesson.scenario, seed=lesson.seed, options=dict(lesson.options))
            made = await rooms.create(
                game.name,
                lesson.scenario,
                seats(lesson, setup.players),
                lesson.seed,
                dict(lesson.options),
                lesson=lesson,
            )
        except (WartableError, ValueError) as exc:
            raise refuse(400, exc, voice) from exc
        return {
            "id": made.id,
            "seat": made.seat,
            "token": made.token,
            "link": seat_link(made.id, made.seat, made.token) if made.seat and made.token else None,
        }

    @app.post("/api/games")
    async def create(body: NewGame, language: Asked) -> dict[str, Any]:
        voice = Voice(language)
        try:
            game = get_game(body.game)
            voice = Voice(language, game.name)
            chosen = await deck_api.fielded(writer, game, body.decks)
            made = await rooms.create(
                body.game,
                body.scenario,
                body.seats,
                body.seed,
                dict(body.options) | chosen,
                body.creator_seat,
                creator_plays="creator_seat" not in body.model_fields_set
                or body.creator_seat is not None,
                rosters=dict(body.rosters),
            )
        except WartableError as exc:
            raise refuse(400, exc, voice) from exc
        room = await rooms.get(made.id)
        return {
            "id": made.id,
            "seats": {s: who for s, (who, _) in room.seats.items()},
            "seat": made.seat,
            "token": made.token,
            "link": seat_link(made.id, made.seat, made.token) if made.seat and made.token else None,
            "host": made.host,
            "invitations": {s: f"/join/{made.id}#invite={c}" for s, c in made.invitations.items()},
            "spectator": f"/play/{made.id}",
        }

    @app.get("/api/games/{game_id}")
    async def state(
        game_id: str,
        language: Asked,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        room, voice = await room_or_404(game_id, language)
        token = bearer(authorization)
        seat = room.seat_of(token)
        if token and seat is None:
            raise refuse(403, say("this token opens no seat of this game"), voice)
        return rooms.snapshot(room, seat, voice=voice)

    @app.post("/api/games/{game_id}/actions")
    async def act(
        game_id: str,
        body: Act,
        language: Asked,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        room, voice = await room_or_404(game_id, language)
        seat = room.seat_of(bearer(authorization))
        if seat is None:
            raise refuse(403, say("acting needs a seat's token"), voice)
        try:
            await rooms.act(room, seat, body.n, body.action)
        except Stale as exc:
            raise refuse(409, exc, voice) from exc
        except (IllegalActionError, ActionParseError) as exc:  # the rule's reason, said
            raise refuse(400, exc, voice) from exc
        except InvariantError as exc:
            raise refuse(500, fault(exc), voice) from exc
        return rooms.snapshot(room, seat, voice=voice)

    @app.post("/api/games/{game_id}/coach")
    async def allow_coach(
        game_id: str, language: Asked, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """A person's seat allows the coach (in a game between people it is on once all do)."""
        room, voice = await room_or_404(game_id, language)
        seat = room.seat_of(bearer(authorization))
        if seat is None:
            raise refuse(403, say("allowing the coach needs a seat's token"), voice)
        try:
            await rooms.allow_coach(room, seat)
        except Forbidden as exc:
            raise refuse(403, exc, voice) from exc
        return rooms.coach(room)

    @app.get("/api/games/{game_id}/hint")
    async def hint(
        game_id: str, language: Asked, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The coach's move for the seat, from its view alone, with its chance to win."""
        return await coached(game_id, "hint", language, authorization)

    @app.get("/api/games/{game_id}/review")
    async def review(
        game_id: str, language: Asked, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The seat's last move beside the coach's choice there."""
        return await coached(game_id, "review", language, authorization)

    async def coached(
        game_id: str, asked: str, language: str, authorization: str | None
    ) -> dict[str, Any]:
        room, voice = await room_or_404(game_id, language)
        seat = room.seat_of(bearer(authorization))
        if seat is None:
            raise refuse(403, say("the coach advises a seat: send its token"), voice)
        try:
            if asked == "hint":
                return await rooms.hint(room, seat, language)
            return await rooms.review(room, seat, language)
        except Forbidden as exc:
            raise refuse(403, exc, voice) from exc
        except Busy as exc:
            raise refuse(429, exc, voice) from exc
        except IllegalActionError as exc:
            raise refuse(409, exc, voice) from exc

    @app.post("/api/games/{game_id}/claim")
    async def claim(game_id: str, body: Claim, language: Asked) -> dict[str, Any]:
        """The first browser to open an invitation takes its seat, with a token of its own,
        unless it already plays in the game or created it."""
        room, voice = await room_or_404(game_id, language)
        try:
            seat, token = await rooms.claim(room, body.invite, body.tokens, body.host)
        except Forbidden as exc:
            raise refuse(403, exc, voice) from exc
        return {"seat": seat, "token": token, "link": seat_link(room.id, seat, token)}

    @app.get("/api/games/{game_id}/invitations")
    async def invitations(
        game_id: str, language: Asked, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        room, voice = await room_or_404(game_id, language)
        try:
            return {"seats": await rooms.invitations(room, bearer(authorization))}
        except Forbidden as exc:
            raise refuse(403, exc, voice) from exc

    async def reinvite(
        game_id: str, seat: str, language: str, authorization: str | None, withdraw: bool
    ) -> dict[str, Any]:
        room, voice = await room_or_404(game_id, language)
        try:
            code = await rooms.reinvite(room, bearer(authorization), seat[:40], withdraw)
        except Forbidden as exc:
            raise refuse(403, exc, voice) from exc
        link = f"/join/{room.id}#invite={code}" if code else None
        return {"seat": seat[:40], "invitation": link}

    @app.post("/api/games/{game_id}/invitations/{seat}")
    async def new_invitation(
        game_id: str,
        seat: str,
        language: Asked,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """A fresh invitation for an unclaimed seat; the old link stops working."""
        return await reinvite(game_id, seat, language, authorization, withdraw=False)

    @app.delete("/api/games/{game_id}/invitations/{seat}")
    async def withdraw_invitation(
        game_id: str,
        seat: str,
        language: Asked,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        return await reinvite(game_id, seat, language, authorization, withdraw=True)

    @app.post("/api/mine")
    async def mine(body: Mine, language: Asked) -> dict[str, Any]:
        """The lobby's list of games this browser holds a seat in or created, what a person
        reads of them (the scenario's title, why a game ended) in the language asked."""
        held = [(h.id, h.token, h.host) for h in body.games if GAME_ID.fullmatch(h.id)]
        lines = await rooms.mine(held)
        for line in lines:
            voice = Voice(language, line["game"])
            line["scenario_title"] = voice(line["scenario_title"])
            if line["over"] is not None:
                line["over"] = voice(line["over"])
        return {"games": lines}

    @app.get("/api/rosters")
    async def roster_list(
        game: Annotated[str, Query(max_length=40)], language: Asked
    ) -> dict[str, Any]:
        """The campaign rosters of ``game``, each with its soldiers and their ranks."""
        camp, voice = campaign_or_400(game, language)
        found = await writer(rosters.list_rosters())
        return {"rosters": [roster_json(r, camp, voice) for r in found if r.game == game]}

    @app.post("/api/rosters")
    async def roster_new(body: NewRoster, language: Asked) -> dict[str, Any]:
        """A new roster: the game's starting squad, every soldier new."""
        camp, voice = campaign_or_400(body.game, language)
        try:
            made = await writer(
                rosters.create_roster(body.name, body.game, body.nation, camp.recruits())
            )
        except WartableError as exc:
            raise refuse(400, exc, voice) from exc
        return roster_json(made, camp, voice)

    @app.get("/api/games/{game_id}/replay")
    async def replay(
        game_id: str,
        language: Asked,
        step: int = 0,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        room, voice = await room_or_404(game_id, language)
        seat = room.seat_of(bearer(authorization))
        try:
            return rooms.replay(room, seat, step, voice)
        except IllegalActionError as exc:
            raise refuse(400, exc, voice) from exc

    @app.get("/api/games/{game_id}/los")
    async def los(
        game_id: str,
        a: Annotated[str, Query(max_length=12)],
        b: Annotated[str, Query(max_length=12)],
        language: Asked,
    ) -> dict[str, Any]:
        room, voice = await room_or_404(game_id, language)
        try:
            return room.game.line_of_sight(room.scenario, a, b)
        except WartableError as exc:
            raise refuse(400, exc, voice) from exc

    @app.get("/api/games/{game_id}/glossary")
    async def glossary(game_id: str, language: Asked) -> dict[str, Any]:
        """What each card of the game's scenario says, in the asked language: public, the
        same for every seat."""
        room, voice = await room_or_404(game_id, language)
        faces = room.game.glossary(room.scenario)
        return {"cards": {key: voice.data(face.to_json()) for key, face in faces.items()}}

    # ---- live ----------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def live(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            await Connection(rooms, ws).serve(game_id)
        except Exception:  # a client gone mid-message, or a frame we do not take: just close
            with suppress(Exception):
                await ws.close(1011)

    return app


class Connection:
    """One websocket: its seat (None: watching), the log lines it has, and its turn to send
    (pushes to one client never interleave)."""

    def __init__(self, rooms: Rooms, ws: WebSocket) -> None:
        self.rooms = rooms
        self.ws = ws
        self.seat: str | None = None
        self.cursor: int | None = None  # log lines this client has (None: send the tail)
        self.voice = Voice()  # the language its hello asked for
        self.sending = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        async with self.sending:
            await self.ws.send_json(message)

    async def error(self, message: str) -> None:
        await self.send({"type": "error", "message": message})

    async def serve(self, game_id: str) -> None:
        if not GAME_ID.fullmatch(game_id):
            await self.error(NO_GAME)
            await self.ws.close()
            return
        try:
            room = await self.rooms.get(game_id)
        except (NotFound, Unplayable) as exc:  # before its hello: English
            await self.error(str(exc))
            await self.ws.close()
            return
        key = id(self)

        async def push() -> None:
            try:
                async with self.sending:
                    message = self.rooms.snapshot(room, self.seat, self.cursor, self.voice)
                    self.cursor = message["log_end"]
                    await self.ws.send_json(message)
            except Exception:  # a client gone mid-send is dropped
                room.listeners.pop(key, None)

        try:
            while True:
                frame = await self.ws.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                text = frame.get("text")
                if text is None:
                    await self.ws.close(1003, "text frames only")
                    return
                await self.handle(room, key, push, text)
        finally:
            room.listeners.pop(key, None)

    async def handle(self, room: Room, key: int, push: Any, text: str) -> None:
        if len(text.encode()) > MAX_MESSAGE:
            await self.error("message too large")
            return
        try:
            msg = Message.model_validate(json.loads(text))
        except (ValueError, ValidationError):
            await self.error("invalid message")
            return
        if msg.type == "hello":
            self.cursor = None
            try:
                self.voice = Voice(choose_language(msg.lang or "en"), room.game.name)
            except ValueError as exc:
                await self.error(str(exc))
                return
            self.seat = room.seat_of(msg.token)
            if msg.token and self.seat is None:
                await self.error(self.voice(say("this token opens no seat")))
                return
            room.listeners[key] = push
            await push()
            return
        if self.seat is None or msg.n is None or msg.action is None:
            await self.error(self.voice(say("acting needs a seat, n and action")))
            return
        try:
            await self.rooms.act(room, self.seat, msg.n, msg.action)
        except IllegalActionError as exc:  # the rule's reason, in this client's language
            await self.error(self.voice(exc.reason))
        except (Stale, ActionParseError) as exc:  # said in its language where it is a message
            await self.error(self.voice(said_by(exc)))
        except InvariantError as exc:
            await self.error(self.voice(fault(exc)))
