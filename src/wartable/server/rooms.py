"""Live games: each one a room holding the engine's state, its seats, and who is watching.

Everything a client may do goes through ``Rooms``: create a game, find the seat a token
opens, apply an action (checked by the engine, numbered against races, committed to the
store before anyone is told), let AI seats move, and build what one seat may see. The
rooms know games only through the core API.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from wartable.agents.registry import agent_names, make_agent
from wartable.core.agent import Agent
from wartable.core.errors import ActionParseError, IllegalActionError, WartableError
from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.registry import get_game
from wartable.core.rng import derive_seed
from wartable.core.state import GameState
from wartable.server.store import StaleAction, Store

HUMAN = "human"
TOKEN_BYTES = 24  # 192 bits
LOG_TAIL = 300  # log lines sent with each update

Listener = Callable[[], Awaitable[None]]


class NotFound(WartableError):
    pass


class Stale(WartableError):
    pass


class Unplayable(WartableError):
    """A stored game that these rules cannot rebuild (it was played under other rules)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Room:
    id: str
    game: Game
    scenario: str
    state: GameState
    seats: dict[str, tuple[str, str]]  # seat -> (agent or "human", token hash)
    events: list[tuple[int, Event]] = field(default_factory=list)  # (action number, event)
    agents: dict[str, Agent] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[int, Listener] = field(default_factory=dict)

    def seat_of(self, token: str | None) -> str | None:
        """The seat a token opens (None: a spectator). Every seat's hash is compared, in
        constant time, so the answer's timing tells nothing about the tokens."""
        if not token:
            return None
        given = token_hash(token)
        found = None
        for seat, (_, stored) in self.seats.items():
            if hmac.compare_digest(given, stored):
                found = seat
        return found


class Rooms:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}

    # ---- creating and finding games -------------------------------------------------------
    def create(
        self,
        game_name: str,
        scenario: str | None,
        seats: dict[str, str],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[str, dict[str, str]]:
        """A new game; returns its id and one secret token per human seat."""
        game = get_game(game_name)
        seed = secrets.randbits(48) if seed is None else seed
        state = game.new_game(scenario, seed=seed, options=options or {})
        unknown = set(seats) - set(state.players)
        if unknown:
            raise WartableError(
                f"unknown seat(s) {', '.join(sorted(unknown))}; seats are "
                f"{', '.join(state.players)}"
            )
        names = agent_names(game)
        tokens: dict[str, str] = {}
        stored: dict[str, tuple[str, str]] = {}
        for seat in state.players:
            who = seats.get(seat, HUMAN)
            if who != HUMAN and who not in names:
                raise WartableError(
                    f"unknown agent {who!r} for {seat}; choose human or one of: {', '.join(names)}"
                )
            token = secrets.token_urlsafe(TOKEN_BYTES)
            tokens[seat] = token
            stored[seat] = (who, token_hash(token))
        game_id = secrets.token_urlsafe(9)
        record = state.record()
        self.store.create(
            game_id,
            game.name,
            record["scenario"],
            seed,
            dict(record["options"]),
            stored,
            game.info.version,
        )
        room = Room(game_id, game, record["scenario"], state, stored)
        self._seat_agents(room, seed)
        self.rooms[game_id] = room
        return game_id, {s: t for s, t in tokens.items() if stored[s][0] == HUMAN}

    def get(self, game_id: str) -> Room:
        """A live room, rebuilt from the store (by replaying its actions) if needed."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        saved = self.store.load(game_id)
        if saved is None:
            raise NotFound(f"no game {game_id!r}")
        game = get_game(saved.game)
        if saved.version not in (None, game.info.version):
            raise Unplayable(
                f"game {game_id!r} was played under {game.info.title} rules version "
                f"{saved.version}; this server plays version {game.info.version}, whose rules "
                "would not replay it the same"
            )
        state = game.new_game(saved.scenario, seed=saved.seed, options=saved.options)
        room = Room(game_id, game, saved.scenario, state, saved.seats)
        for n, (seat, text) in enumerate(saved.actions):
            try:  # a game stored before versions were kept may meet rules that changed
                events = state.apply(seat, game.parse_action(text))
            except WartableError as exc:
                raise Unplayable(
                    f"game {game_id!r} cannot be rebuilt under these rules: its action "
                    f"{n + 1} ({seat}: {text}) is refused now: {exc}"
                ) from exc
            room.events += [(n + 1, e) for e in events]
        self._seat_agents(room, saved.seed)
        self.rooms[game_id] = room
        return room

    @staticmethod
    def _seat_agents(room: Room, seed: int) -> None:
        for k, (seat, (who, _)) in enumerate(room.seats.items()):
            if who != HUMAN:
                room.agents[seat] = make_agent(room.game, who, derive_seed(seed, 7, k))

    # ---- acting ---------------------------------------------------------------------------
    async def act(self, room: Room, seat: str, n: int, text: str) -> None:
        """Apply ``seat``'s action if ``n`` is the game's next action number; then let AI seats
        move. Raises Stale, ActionParseError or IllegalActionError, changing nothing."""
        async with room.lock:
            if n != room.state.action_count:
                raise Stale(
                    f"stale: the game is at action {room.state.action_count}, not {n}; "
                    "reload to see what changed"
                )
            action = room.game.parse_action(text)
            self._commit(room, seat, action)
        await self.notify(room)
        await self.run_agents(room)

    def _commit(self, room: Room, seat: str, action: Any) -> None:
        twin = room.state.clone()
        events = twin.apply(seat, action)  # IllegalActionError: nothing changed anywhere
        n = room.state.action_count
        try:
            self.store.append(room.id, n, seat, str(action))
        except StaleAction as exc:  # another server process got there first
            raise Stale(str(exc)) from exc
        room.state = twin
        room.events += [(n + 1, e) for e in events]

    async def run_agents(self, room: Room) -> None:
        """AI seats move until a human must act or the game ends."""
        while True:
            async with room.lock:
                movers = [p for p in room.state.current_players if p in room.agents]
                if not movers:
                    return
                seat = movers[0]
                # a searching agent may think for a while: off the event loop, so that every
                # other game goes on meanwhile (this room's lock keeps its state still)
                action = await asyncio.to_thread(room.agents[seat].act, room.state, seat)
                self._commit(room, seat, action)
            await self.notify(room)
            await asyncio.sleep(0)

    async def notify(self, room: Room) -> None:
        for send in list(room.listeners.values()):
            await send()

    # ---- what a seat sees -----------------------------------------------------------------
    def snapshot(self, room: Room, seat: str | None, since: int | None = None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) sees now. The log holds the last lines, or with
        ``since`` only the lines added after event number ``since`` (live updates)."""
        st = room.state
        legal = st.legal_actions(seat) if seat is not None else []
        info = {}
        for a in legal:
            text = st.action_info(seat, a).get("text") if seat is not None else None
            if text:
                info[str(a)] = text
        start = max(0, len(room.events) - 4 * LOG_TAIL) if since is None else since
        log = [
            {"n": n, "kind": e.kind, "text": e.text, "rule": e.rule}
            for n, e in room.events[start:]
            if e.visible(seat)
        ]
        if since is None:
            log = log[-LOG_TAIL:]
        return {
            "type": "state",
            "id": room.id,
            "game": room.game.name,
            "seat": seat,
            "n": st.action_count,
            "to_act": list(st.current_players),
            "seats": {s: who for s, (who, _) in room.seats.items()},
            "view": st.view(seat),
            "legal": [str(a) for a in legal],
            "info": info,
            "hints": st.hints(seat) if seat is not None else [],
            "log": log,
            "log_since": since,  # None: the log starts afresh; else these lines follow on
            "log_end": len(room.events),
            "outcome": st.outcome.to_json() if st.outcome else None,
        }

    def replay(self, room: Room, seat: str | None, step: int) -> dict[str, Any]:
        """A finished game as it stood after ``step`` actions, seen from ``seat``."""
        if room.state.outcome is None:
            raise IllegalActionError("replays open once the game is over")
        record = room.state.record()
        total = len(record["actions"])
        step = max(0, min(step, total))
        past = room.game.replay(record, upto=step)
        log = [
            {"n": n, "kind": e.kind, "text": e.text, "rule": e.rule}
            for n, e in room.events
            if n <= step and e.visible(seat)
        ][-LOG_TAIL:]
        return {
            "type": "replay",
            "id": room.id,
            "game": room.game.name,
            "seat": seat,
            "step": step,
            "steps": total,
            "view": past.view(seat),
            "log": log,
            "action": record["actions"][step - 1][1] if step else None,
        }


def parse_error(exc: Exception) -> str:
    if isinstance(exc, (ActionParseError, IllegalActionError, WartableError)):
        return str(exc)
    return "invalid request"
