"""The web server: a lobby page, a game page, a small JSON API and one websocket per client.

Secrets never travel in a URL the server sees: a seat's link carries its token after ``#``
(the browser keeps the fragment to itself), and the page sends it in an ``Authorization``
header or in the websocket's first message. So tokens never reach access logs.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any

from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wartable.agents.registry import agent_names
from wartable.core.errors import ActionParseError, IllegalActionError, WartableError
from wartable.core.registry import get_game, list_games
from wartable.server.rooms import NotFound, Room, Rooms, Stale, Unplayable
from wartable.server.store import Store, open_store

MAX_MESSAGE = 4096  # bytes a client message may have
STATIC = ("app.js", "style.css")


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=40)
    scenario: str | None = Field(default=None, max_length=60)
    seats: dict[str, str] = Field(default_factory=dict, max_length=8)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=16)


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)


class Message(BaseModel):
    """What a websocket client may send: hello (with its token, or none to watch) or act."""

    model_config = ConfigDict(extra="forbid")
    type: str = Field(pattern="^(hello|act)$")
    token: str | None = Field(default=None, max_length=100)
    n: int | None = Field(default=None, ge=0)
    action: str | None = Field(default=None, max_length=200)


def bearer(authorization: str | None) -> str | None:
    if authorization and authorization.startswith("Bearer "):
        return authorization[len("Bearer ") :].strip() or None
    return None


def page(name: str) -> str:
    return (resources.files("wartable.server") / "static" / name).read_text(encoding="utf-8")


def create_app(store: Store | str) -> FastAPI:
    """The application over a store (or a database path / URL to open one)."""
    db = open_store(store) if isinstance(store, str) else store
    rooms = Rooms(db)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        db.close()

    app = FastAPI(title="wartable", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.rooms = rooms

    def room_or_404(game_id: str) -> Room:
        try:
            return rooms.get(game_id)
        except NotFound as exc:
            raise HTTPException(404, str(exc)) from exc
        except Unplayable as exc:
            raise HTTPException(410, str(exc)) from exc

    @app.exception_handler(ValidationError)
    async def invalid(_: Request, exc: ValidationError) -> JSONResponse:
        return JSONResponse({"error": "invalid request"}, status_code=422)

    # ---- pages ---------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> str:
        return page("index.html")

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    async def play(game_id: str) -> str:
        return page("index.html")

    @app.get("/static/{name}")
    async def static(name: str) -> Response:
        if name not in STATIC:
            raise HTTPException(404, "no such file")
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        return Response(page(name), media_type=kind)

    # ---- API -----------------------------------------------------------------------------
    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        out = []
        for info in list_games():
            game = get_game(info.name)
            out.append(
                {
                    "name": info.name,
                    "title": info.title,
                    "seats": list(info.players),
                    "agents": agent_names(game),
                    "options": game.options(),
                    "scenarios": [
                        {"id": s.id, "title": s.title, "seats": list(s.players)}
                        for s in game.scenarios()
                    ],
                }
            )
        return {"games": out}

    @app.post("/api/games")
    async def create(body: NewGame) -> dict[str, Any]:
        try:
            game_id, tokens = rooms.create(
                body.game, body.scenario, body.seats, body.seed, dict(body.options)
            )
        except WartableError as exc:
            raise HTTPException(400, str(exc)) from exc
        room = rooms.get(game_id)
        await rooms.run_agents(room)  # an AI may have the first move
        return {
            "id": game_id,
            "seats": {s: who for s, (who, _) in room.seats.items()},
            "links": {s: f"/play/{game_id}#seat={s}&token={t}" for s, t in tokens.items()},
            "spectator": f"/play/{game_id}",
        }

    @app.get("/api/games/{game_id}")
    async def state(
        game_id: str, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        room = room_or_404(game_id)
        token = bearer(authorization)
        seat = room.seat_of(token)
        if token and seat is None:
            raise HTTPException(403, "this token opens no seat of this game")
        return rooms.snapshot(room, seat)

    @app.post("/api/games/{game_id}/actions")
    async def act(
        game_id: str, body: Act, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        room = room_or_404(game_id)
        seat = room.seat_of(bearer(authorization))
        if seat is None:
            raise HTTPException(403, "acting needs a seat's token")
        try:
            await rooms.act(room, seat, body.n, body.action)
        except Stale as exc:
            raise HTTPException(409, str(exc)) from exc
        except (ActionParseError, IllegalActionError) as exc:
            raise HTTPException(400, str(exc)) from exc
        return rooms.snapshot(room, seat)

    @app.get("/api/games/{game_id}/replay")
    async def replay(
        game_id: str, step: int = 0, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        room = room_or_404(game_id)
        seat = room.seat_of(bearer(authorization))
        try:
            return rooms.replay(room, seat, step)
        except IllegalActionError as exc:
            raise HTTPException(400, str(exc)) from exc

    @app.get("/api/games/{game_id}/los")
    async def los(game_id: str, a: str, b: str) -> dict[str, Any]:
        room = room_or_404(game_id)
        try:
            return room.game.line_of_sight(room.scenario, a, b)
        except WartableError as exc:
            raise HTTPException(400, str(exc)) from exc

    @app.get("/api/games/{game_id}/glossary")
    async def glossary(game_id: str) -> dict[str, Any]:
        """What each card of the game's scenario says: public, the same for every seat."""
        room = room_or_404(game_id)
        faces = room.game.glossary(room.scenario)
        return {"cards": {key: face.to_json() for key, face in faces.items()}}

    # ---- live ----------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def live(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            room = rooms.get(game_id)
        except (NotFound, Unplayable) as exc:
            await ws.send_json({"type": "error", "message": str(exc)})
            await ws.close()
            return
        seat: str | None = None
        key = id(ws)
        cursor: int | None = None  # log lines this client has (None: send the tail afresh)

        async def push() -> None:
            nonlocal cursor
            try:
                message = rooms.snapshot(room, seat, cursor)
                cursor = message["log_end"]
                await ws.send_json(message)
            except Exception:  # a client gone mid-send is dropped
                room.listeners.pop(key, None)

        try:
            while True:
                text = await ws.receive_text()
                if len(text.encode()) > MAX_MESSAGE:
                    await ws.send_json({"type": "error", "message": "message too large"})
                    continue
                try:
                    msg = Message.model_validate(json.loads(text))
                except (ValueError, ValidationError):
                    await ws.send_json({"type": "error", "message": "invalid message"})
                    continue
                if msg.type == "hello":
                    cursor = None
                    seat = room.seat_of(msg.token)
                    if msg.token and seat is None:
                        await ws.send_json({"type": "error", "message": "this token opens no seat"})
                        continue
                    room.listeners[key] = push
                    await push()
                    continue
                if seat is None or msg.n is None or msg.action is None:
                    await ws.send_json(
                        {"type": "error", "message": "acting needs a seat, n and action"}
                    )
                    continue
                try:
                    await rooms.act(room, seat, msg.n, msg.action)
                except (Stale, ActionParseError, IllegalActionError) as exc:
                    await ws.send_json({"type": "error", "message": str(exc)})
        except WebSocketDisconnect:
            pass
        finally:
            room.listeners.pop(key, None)

    return app
