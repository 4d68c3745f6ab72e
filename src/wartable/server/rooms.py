"""Live games: each one a room holding the engine's state, its seats, and who is watching.

Everything a client may do goes through ``Rooms``: create a game, claim a seat with an
invitation, find the seat a token opens, apply an action (checked by the engine, numbered
against races, committed to the store before anyone is told), let AI seats move, and build
what one seat may see. The rooms know games only through the core API.

Fairness between people rests on three rules kept here: a game with more than one human
seat gets a seed nobody outside the server ever sees; the creator holds only their own seat
(every other human seat is an invitation that the first browser to open it turns into a
token only it holds, and a browser that created the game or holds a seat of it is refused);
and every message is built from what its seat may see.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from wartable.agents.registry import agent_names, make_agent
from wartable.core.action import Action
from wartable.core.agent import Agent
from wartable.core.errors import IllegalActionError, InvariantError, WartableError, said_by
from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.registry import get_game
from wartable.core.rng import derive_seed
from wartable.core.state import GameState
from wartable.core.words import say, word
from wartable.i18n import Voice
from wartable.lessons import Lesson, Teacher, opponents
from wartable.server import coaching
from wartable.server.rosters import squads_of, with_battles
from wartable.server.store import (
    HUMAN,
    USED,
    NoInvitation,
    StaleAction,
    StoredGame,
    append_action,
    claim_seat,
    create_game,
    games_with_ai_to_wake,
    invitation_seat,
    load_game,
    mark_finished,
    open_invitations,
    set_invitation,
)
from wartable.server.thinking import Thinkers
from wartable.server.writer import Writer

TOKEN_BYTES = 24  # 192 bits, for seat tokens, invitation codes and the creator's key
LOG_TAIL = 300  # log lines sent with each update

Listener = Callable[[], Awaitable[None]]
T = TypeVar("T")
log = logging.getLogger("wartable.server")


class NotFound(WartableError):
    pass


class Stale(WartableError):
    pass


class Forbidden(WartableError):
    """The request's token or invitation does not open what it asks for."""


ADVICE_KEPT = 16  # the coach's answers a room keeps


class Busy(WartableError):
    """A question to the coach while it still answers the seat's last one."""


class Unplayable(WartableError):
    """A stored game that these rules cannot rebuild (it was played under other rules)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str | None, stored: str) -> bool:
    """Constant-time: the answer's timing tells nothing about the stored hash."""
    return bool(token) and bool(stored) and hmac.compare_digest(token_hash(token or ""), stored)


@dataclass
class Room:
    id: str
    game: Game
    scenario: str
    state: GameState
    seats: dict[str, tuple[str, str]]  # seat -> (agent or "human", token hash; '' unclaimed)
    host: str = ""  # hash of the creator's key, which manages invitations
    events: list[tuple[int, Event]] = field(default_factory=list)  # (action number, event)
    to_act: list[tuple[str, ...]] = field(default_factory=list)  # who was to act before each
    actors: list[str] = field(default_factory=list)  # who took each action
    agents: dict[str, Agent] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[int, Listener] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None  # the task moving the AI seats, while one runs
    rosters: dict[str, str] = field(default_factory=dict)  # seat -> campaign roster it fields
    # the people's seats that allowed the coach (coaching.py; kept while the server runs)
    coach_allowed: set[str] = field(default_factory=set)
    # the coach's questions being answered (by question), and its answers kept
    coaching: dict[tuple[str, ...], asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    advice: dict[tuple[str, ...], dict[str, Any]] = field(default_factory=dict)
    # a lesson's game (docs/learn.md): its teacher, what it said last (each client hears it
    # in its own language)
    teacher: Teacher | None = None
    lesson_said: list[str] = field(default_factory=list)
    lesson_wrong: str | None = None

    def seat_of(self, token: str | None) -> str | None:
        """The seat a token opens (None: a spectator). Every seat's hash is compared, so the
        answer's timing tells nothing about which seat matched."""
        found = None
        for seat, (_, stored) in self.seats.items():
            if matches(token, stored):
                found = seat
        return found

    def unclaimed(self) -> list[str]:
        return [s for s, (who, stored) in self.seats.items() if who == HUMAN and not stored]

    def record_action(self, seat: str, before: tuple[str, ...], events: list[Event]) -> None:
        self.to_act.append(before)
        self.actors.append(seat)
        n = len(self.actors)
        self.events += [(n, e) for e in events]


@dataclass(frozen=True)
class Created:
    id: str
    seat: str | None  # the creator's own seat, if they took one
    token: str | None  # its token
    host: str  # the creator's key for invitations
    invitations: dict[str, str]  # seat -> invitation code


class Rooms:
    def __init__(self, writer: Writer, thinkers: Thinkers | None = None) -> None:
        self.writer = writer
        self.thinkers = thinkers or Thinkers()
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}

    # ---- creating, finding and joining games -----------------------------------------------
    async def create(
        self,
        game_name: str,
        scenario: str | None,
        seats: dict[str, str],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        creator_seat: str | None = None,
        creator_plays: bool = True,
        rosters: dict[str, str] | None = None,
        lesson: Lesson | None = None,
    ) -> Created:
        """A new game. The creator takes ``creator_seat`` (by default the first human seat;
        none when ``creator_plays`` is false) and gets an invitation for every other human
        seat. A seed may be chosen only where at most one person plays: with two or more,
        whoever knew it could deal every hand in advance. ``rosters``: the campaign roster
        a seat fields (seat -> roster name), in a game that has campaigns; the battle's end
        records its result there."""
        game = get_game(game_name)
        chosen, seed = seed, secrets.randbits(48) if seed is None else seed
        options = dict(options or {})
        state = game.new_game(scenario, seed=seed, options=options)
        players = state.players
        unknown = set(seats) - set(players)
        if unknown:
            raise WartableError(
                say(
                    "unknown seat(s) {unknown}; seats are {seats}",
                    unknown=", ".join(sorted(unknown)),
                    seats=", ".join(players),
                )
            )
        fielding = dict(rosters or {})
        if fielding:
            options = await self._field(game, players, fielding, options)
            state = game.new_game(scenario, seed=seed, options=options)
        names = agent_names(game)
        for seat in players:
            who = seats.get(seat, HUMAN)
            if who != HUMAN and who not in names:
                raise WartableError(
                    say(
                        "unknown agent for {seat}; choose human or one of: {names}",
                        seat=seat,
                        names=", ".join(names),
                    )
                )
        humans = [s for s in players if seats.get(s, HUMAN) == HUMAN]
        if chosen is not None and len(humans) > 1:
            raise WartableError(
                word(
                    "seed: a game between people gets a deal (a seed) the server draws in "
                    "secret, so that nobody can know the cards in advance; leave the deal out"
                )
            )
        if not creator_plays:
            creator_seat = None
        elif creator_seat is None:
            creator_seat = humans[0] if humans else None
        elif creator_seat not in humans:
            raise WartableError(word("creator_seat: choose one of the seats for a person"))
        token = secrets.token_urlsafe(TOKEN_BYTES) if creator_seat else None
        host = secrets.token_urlsafe(TOKEN_BYTES)
        codes = {s: secrets.token_urlsafe(TOKEN_BYTES) for s in humans if s != creator_seat}
        stored = {
            s: (
                seats.get(s, HUMAN),
                token_hash(token) if s == creator_seat and token else "",
            )
            for s in players
        }
        game_id = secrets.token_urlsafe(9)
        record = state.record()
        await self.writer(
            create_game(
                game_id,
                game.name,
                record["scenario"],
                seed,
                dict(record["options"]),
                stored,
                game.info.version,
                token_hash(host),
                {s: token_hash(c) for s, c in codes.items()},
                fielding,
            )
        )
        room = Room(game_id, game, record["scenario"], state, stored, token_hash(host))
        room.rosters = fielding
        self._seat_agents(room, seed)
        self.rooms[game_id] = room
        if lesson is not None:  # its opponents as it was written with, its prelude, its teacher
            room.agents.update(opponents(game, lesson, players))
            for seat, text in lesson.prelude:  # stored as actions, as any game's moves
                await self._take(room, seat, room.state.action_count, game.parse_action(text))
            room.teacher = Teacher(lesson)
        self.wake(room)  # an AI may have the first move
        return Created(game_id, creator_seat, token, host, codes)

    async def _field(
        self,
        game: Game,
        players: tuple[str, ...],
        fielding: dict[str, str],
        options: dict[str, Any],
    ) -> dict[str, Any]:
        """The options that field each seat's roster, added to those given."""
        camp = game.campaign()
        if camp is None:
            raise WartableError(say("rosters: {game} has no campaigns", game=game.info.title))
        stray = sorted(set(fielding) - set(players))
        if stray:
            raise WartableError(
                say(
                    "rosters: unknown seat {seat}; seats are {seats}",
                    seat=stray[0],
                    seats=", ".join(players),
                )
            )
        extra = camp.options(await self.writer(squads_of(fielding, game.name)))
        clash = sorted(set(extra) & set(options))
        if clash:
            raise WartableError(
                say("options: {option} is what rosters set; give one or the other", option=clash[0])
            )
        return {**options, **extra}

    async def get(self, game_id: str) -> Room:
        """A live room, rebuilt from the store (by replaying its actions) if needed. Two
        requests for a game not yet loaded share one rebuild."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        loading = self._loading.get(game_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(game_id))
            self._loading[game_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
        return await asyncio.shield(loading)

    async def _load(self, game_id: str) -> Room:
        saved = await self.writer(load_game(game_id))
        if saved is None:
            raise NotFound(word("no such game"))
        game = get_game(saved.game)
        if saved.version not in (None, game.info.version):
            raise Unplayable(
                say(
                    "this game was played under {game} rules version {saved}; this server "
                    "plays version {version}, whose rules would not replay it the same",
                    game=game.info.title,
                    saved=saved.version,
                    version=game.info.version,
                )
            )
        room = await asyncio.to_thread(self._rebuild, game, saved)
        self.rooms[game_id] = room
        if room.state.outcome is not None:
            await self.writer(mark_finished(game_id, room.state.outcome.reason))
        self.wake(room)  # an AI seat that was to act when the server stopped acts now
        return room

    def _rebuild(self, game: Game, saved: StoredGame) -> Room:
        state = game.new_game(saved.scenario, seed=saved.seed, options=saved.options)
        room = Room(saved.id, game, saved.scenario, state, saved.seats, saved.host)
        room.rosters = dict(saved.rosters)
        for n, (seat, text) in enumerate(saved.actions):
            before = state.current_players
            try:  # a game stored before versions were kept may meet rules that changed
                events = state.apply(seat, game.parse_action(text))
            except WartableError as exc:
                # the action and the reason stay in the operator's log: a secret action (a
                # sealed bid) or its refusal must not reach whoever opens the game
                log.warning("game %s: action %d (%s: %s) refused now: %s", saved.id, n + 1,
                            seat, text, exc)  # fmt: skip
                raise Unplayable(
                    say(
                        "this game cannot be rebuilt under these rules: its action {n} "
                        "(by {seat}) is refused now",
                        n=n + 1,
                        seat=seat,
                    )
                ) from exc
            room.record_action(seat, before, events)
        self._seat_agents(room, saved.seed)
        return room

    async def resume(self) -> None:
        """At start: every unfinished game with an AI seat is loaded, so an AI that was to
        act when the server stopped acts now (loading wakes it)."""
        for game_id in await self.writer(games_with_ai_to_wake()):
            try:
                await self.get(game_id)
            except (NotFound, Unplayable):
                continue
            except Exception as exc:  # one broken game must not keep the others asleep
                log.warning("game %s could not be resumed: %s", game_id, type(exc).__name__)

    @staticmethod
    def _seat_agents(room: Room, seed: int) -> None:
        for k, (seat, (who, _)) in enumerate(room.seats.items()):
            if who != HUMAN:
                room.agents[seat] = make_agent(room.game, who, derive_seed(seed, 7, k))

    async def claim(
        self, room: Room, code: str, tokens: Iterable[str] = (), host: str | None = None
    ) -> tuple[str, str]:
        """Trade an invitation for its seat and a fresh token that only the claimant holds;
        the invitation stops working. ``tokens`` and ``host`` are what the claiming browser
        holds of this game: a browser that holds one of its seats, or created it, is refused
        and the invitation stays open for the person it was meant for (one browser, one
        seat; the creator's browser never holds an opponent's). Raises Forbidden for that,
        and for an invitation unknown, used or withdrawn."""
        barred = why_barred(room, tokens, host)
        if barred is not None:
            still_open = await self.writer(invitation_seat(room.id, token_hash(code)))
            raise Forbidden(barred if still_open else USED)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        try:
            seat = await self.writer(claim_seat(room.id, token_hash(code), token_hash(token)))
        except NoInvitation as exc:
            raise Forbidden(said_by(exc)) from exc
        who, _ = room.seats[seat]
        room.seats[seat] = (who, token_hash(token))
        await self.notify(room)  # the others see the seat taken
        return seat, token

    def check_host(self, room: Room, key: str | None) -> None:
        if not matches(key, room.host):
            raise Forbidden(word("managing invitations needs the key of the game's creator"))

    async def invitations(self, room: Room, key: str | None) -> dict[str, str]:
        """Each human seat's state for the creator: claimed, open or withdrawn."""
        self.check_host(room, key)
        open_ = await self.writer(open_invitations(room.id))
        return {
            s: "claimed" if stored else "open" if s in open_ else "withdrawn"
            for s, (who, stored) in room.seats.items()
            if who == HUMAN
        }

    async def reinvite(self, room: Room, key: str | None, seat: str, withdraw: bool) -> str | None:
        """A new invitation for an unclaimed seat (the old one stops working), or none."""
        self.check_host(room, key)
        code = None if withdraw else secrets.token_urlsafe(TOKEN_BYTES)
        try:
            await self.writer(set_invitation(room.id, seat, token_hash(code) if code else None))
        except NoInvitation as exc:
            raise Forbidden(said_by(exc)) from exc
        return code

    # ---- acting ---------------------------------------------------------------------------
    async def act(self, room: Room, seat: str, n: int, text: str) -> None:
        """Apply ``seat``'s action, sent when the game stood at action ``n``; then let AI seats
        move. Raises Stale, ActionParseError or IllegalActionError, changing nothing."""
        action = room.game.parse_action(text)
        await _finish(self._take(room, seat, n, action))
        self.wake(room)

    async def _take(self, room: Room, seat: str, n: int, action: Action) -> None:
        async with room.lock:
            self._check_turn(room, seat, n)
            wrong = room.teacher.check(seat, action) if room.teacher else None
            if wrong is not None:  # not the lesson's move: said why, nothing played
                room.lesson_wrong = wrong
                await self.notify(room)
                raise IllegalActionError(wrong)
            twin = room.state.clone()
            before = twin.current_players
            try:  # IllegalActionError: nothing changed anywhere
                events = twin.apply(seat, action)
            except InvariantError as fault:  # a fault of ours: its case goes to the log only
                log.error("game %s: rules fault, case %s", room.id, json.dumps(fault.case))
                raise
            count = room.state.action_count
            ended = twin.outcome.reason if twin.outcome else None
            store = append_action(room.id, count, seat, str(action), ended)
            camp = room.game.campaign() if ended and room.rosters else None
            if camp is not None:  # the battle's end goes into its rosters with it
                battles = [(r, camp.fielded(twin, s)) for s, r in room.rosters.items()]
                store = with_battles(store, battles)
            try:  # durable before anyone hears of it
                await self.writer(store)
            except StaleAction as exc:  # another server process got there first
                raise Stale(str(exc)) from exc
            room.state = twin
            room.record_action(seat, before, events)
            if room.teacher is not None:
                said = room.teacher.taken(seat, action)
                if said or seat == room.teacher.lesson.seat:
                    room.lesson_said, room.lesson_wrong = said, None
        await self.notify(room)

    @staticmethod
    def _check_turn(room: Room, seat: str, n: int) -> None:
        """``n`` must be the game's next action number, unless ``seat`` has been among those to
        act ever since ``n`` and has not acted: then the actions since were others' choices
        made at the same time (secret bids), which do not touch this one."""
        count = room.state.action_count
        if n == count:
            return
        if 0 <= n < count and all(
            seat in room.to_act[k] and room.actors[k] != seat for k in range(n, count)
        ):
            return
        raise Stale(f"stale: the game is at action {count}, not {n}; reload to see what changed")

    def wake(self, room: Room) -> None:
        """Start the room's AI driver if an AI seat is to act and none is running."""
        if room.driver is not None and not room.driver.done():
            return
        if any(p in room.agents for p in room.state.current_players):
            room.driver = asyncio.get_running_loop().create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        """AI seats move until a person must act or the game ends. An agent thinks on a copy,
        off the event loop and without the room's lock (a search in a worker process,
        thinking.py), so people's actions and every other game go on meanwhile; if the game
        moved under it, it thinks again."""
        try:
            while True:
                movers = [p for p in room.state.current_players if p in room.agents]
                if not movers:
                    return
                seat, n = movers[0], room.state.action_count
                seen = room.state.clone()
                action, room.agents[seat] = await self.thinkers.act(room.agents[seat], seen, seat)
                try:
                    await _finish(self._take(room, seat, n, action))
                except (Stale, IllegalActionError):
                    if room.state.action_count == n:
                        raise  # refused in the very position it was chosen for: a fault
                    # the game moved on while it thought: think again
        except Exception as exc:  # the game waits; a restart tries again
            log.warning("game %s: an AI seat stopped: %s", room.id, type(exc).__name__)

    async def stop(self) -> None:
        drivers = [r.driver for r in self.rooms.values() if r.driver and not r.driver.done()]
        for task in drivers:
            task.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        self.thinkers.close()

    # ---- the coach ------------------------------------------------------------------------
    def coach(self, room: Room) -> dict[str, Any]:
        """Whether the coach may be asked in this game, and which people allowed it."""
        return {
            "on": coaching.coach_on(room.seats, room.coach_allowed),
            "people": coaching.people(room.seats),
            "allowed": sorted(room.coach_allowed),
        }

    async def allow_coach(self, room: Room, seat: str) -> None:
        if seat not in coaching.people(room.seats):
            raise Forbidden(word("only a person's seat allows the coach"))
        room.coach_allowed.add(seat)
        await self.notify(room)

    def _coached(self, room: Room, seat: str) -> None:
        if not coaching.coach_on(room.seats, room.coach_allowed):
            waiting = sorted(set(coaching.people(room.seats)) - room.coach_allowed)
            raise Forbidden(
                say(
                    "the coach is off in a game between people until every one allows it "
                    "(waiting for {seats})",
                    seats=", ".join(waiting),
                )
            )
        if room.state.is_over:
            raise IllegalActionError(word("the game is over"))

    async def hint(self, room: Room, seat: str, language: str) -> dict[str, Any]:
        """The coach's move for ``seat``, which must be to act (worked out in a worker)."""
        self._coached(room, seat)
        if seat not in room.state.current_players:
            raise IllegalActionError(word("a hint is for a seat that is to act"))
        n = room.state.action_count
        found = await self._ask(room, seat, ("hint", seat, str(n), language), coaching.hint,
                                room.state.record(), language)  # fmt: skip
        return {**found, "n": n}

    async def review(self, room: Room, seat: str, language: str) -> dict[str, Any]:
        """``seat``'s last action beside the coach's choice where it was taken."""
        self._coached(room, seat)
        mine = [k for k, who in enumerate(room.actors) if who == seat]
        if not mine:
            raise IllegalActionError(word("no move of this seat to review yet"))
        record = room.state.record()
        record["actions"] = record["actions"][: mine[-1] + 1]
        key = ("review", seat, str(mine[-1]), language)
        return await self._ask(room, seat, key, coaching.review, record, language)

    async def _ask(
        self,
        room: Room,
        seat: str,
        key: tuple[str, ...],
        work: Callable[[dict[str, Any], str, str], dict[str, Any]],
        record: dict[str, Any],
        language: str,
    ) -> dict[str, Any]:
        """The coach's answer, worked out once for the same question (the advice for a
        position is always the same: asked again while it is worked out, it is awaited, not
        asked twice), one question of a seat at a time: asking faster than it thinks cannot
        keep the server's workers busy."""
        found = room.advice.get(key)
        if found is not None:
            return found
        running = room.coaching.get(key)
        if running is not None:
            return await asyncio.shield(running)
        if any(k[1] == seat for k in room.coaching):
            raise Busy(word("the coach is still thinking about your last question"))
        running = room.coaching[key] = asyncio.ensure_future(
            self.thinkers.call(work, record, seat, language)
        )
        try:
            found = await asyncio.shield(running)
        finally:
            room.coaching.pop(key, None)
        if len(room.advice) >= ADVICE_KEPT:
            room.advice.clear()
        room.advice[key] = found
        return found

    async def notify(self, room: Room) -> None:
        await asyncio.gather(*(send() for send in list(room.listeners.values())))

    # ---- what a seat sees -----------------------------------------------------------------
    def snapshot(
        self, room: Room, seat: str | None, since: int | None = None, voice: Voice | None = None
    ) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) sees now, its words in ``voice``'s language
        (English by default). The log holds the last lines, or with ``since`` only the lines
        added after event number ``since`` (live updates)."""
        voice = voice or Voice(game=room.game.name)
        st = room.state
        legal = st.legal_actions(seat) if seat is not None else []
        info, labels, steps = {}, {}, {}
        for a in legal:
            if seat is None:
                raise InvariantError("snapshot: no seat")
            text = st.action_info(seat, a).get("text")
            if text:
                info[str(a)] = voice(text)
            labels[str(a)] = voice(st.describe(seat, a))
            steps[str(a)] = list(st.board_steps(seat, a))
        start = max(0, len(room.events) - 4 * LOG_TAIL) if since is None else since
        lines = log_lines(room.events[start:], seat, room.game, voice)
        if since is None:
            lines = lines[-LOG_TAIL:]
        return {
            "type": "state",
            "id": room.id,
            "game": room.game.name,
            "title": room.game.info.title,  # the game in players' words, not its id
            "scenario_title": scenario_title(room, voice),
            "seat": seat,
            "n": st.action_count,
            "to_act": list(st.current_players),
            "seats": {s: who for s, (who, _) in room.seats.items()},
            "unclaimed": room.unclaimed(),
            "rosters": room.rosters,  # the campaign roster a seat fields
            "view": st.view(seat),
            "legal": [str(a) for a in legal],
            "labels": labels,  # each legal action in players' words
            "info": info,
            "steps": steps,  # what each legal action involves on the board (board_steps)
            "last": self.last_action(room, seat),
            "hints": st.hints(seat) if seat is not None else [],
            "log": lines,
            "log_since": since,  # None: the log starts afresh; else these lines follow on
            "log_end": len(room.events),
            "outcome": (
                {**st.outcome.to_json(), "reason": voice(st.outcome.reason)} if st.outcome else None
            ),
            "coach": self.coach(room),
            "lesson": self.lesson(room, voice),
        }

    @staticmethod
    def lesson(room: Room, voice: Voice) -> dict[str, Any] | None:
        """A lesson's words for the page: its title, the step (what to do and why), what it
        said after the last move, and why a move was not the step's."""
        teacher = room.teacher
        if teacher is None:
            return None
        step = teacher.step
        return {
            "title": voice(teacher.lesson.title),
            "seat": teacher.lesson.seat,
            "step": teacher.at,
            "steps": len(teacher.lesson.steps),
            "intro": voice(teacher.lesson.intro) if teacher.at == 0 else None,
            "say": voice(step.say) if step is not None else None,
            "said": [voice(s) for s in room.lesson_said],
            "wrong": voice(room.lesson_wrong) if room.lesson_wrong else None,
        }

    @staticmethod
    def last_action(room: Room, seat: str | None) -> dict[str, Any] | None:
        """The latest action as ``seat`` may read it (a sealed bid stays sealed), so the page
        can point at what just happened."""
        last = room.state.last_action()
        if last is None:
            return None
        who, done = last
        text = room.game.public_action(who, done, seat)
        return {"n": room.state.action_count, "seat": who, "text": text}

    def replay(
        self, room: Room, seat: str | None, step: int, voice: Voice | None = None
    ) -> dict[str, Any]:
        """A finished game as it stood after ``step`` actions, seen from ``seat``: its view,
        its log, and the step's action as that seat may read it."""
        if room.state.outcome is None:
            raise IllegalActionError(word("replays open once the game is over"))
        history = room.state.history()
        total = len(history)
        step = max(0, min(step, total))
        past = room.game.replay(room.state.record(), upto=step)
        lines = log_lines([(n, e) for n, e in room.events if n <= step], seat, room.game, voice)
        lines = lines[-LOG_TAIL:]
        action = None
        if step:
            who, done = history[step - 1]
            action = {"seat": who, "text": room.game.public_action(who, done, seat)}
        return {
            "type": "replay",
            "id": room.id,
            "game": room.game.name,
            "title": room.game.info.title,  # the game in players' words, not its id
            "scenario_title": scenario_title(room, voice),
            "seat": seat,
            "step": step,
            "steps": total,
            "view": past.view(seat),
            "log": lines,
            "action": action,
        }

    async def mine(self, held: list[tuple[str, str | None, str | None]]) -> list[dict[str, Any]]:
        """The games a browser holds seats in or created (game id, seat token, creator's key),
        each as its lobby line; tokens that open nothing are left out."""
        out: list[dict[str, Any]] = []
        for game_id, token, key in held:
            try:
                room = await self.get(game_id)
            except (NotFound, Unplayable):
                continue
            seat = room.seat_of(token)
            hosting = matches(key, room.host)
            if seat is None and not hosting:
                continue
            st = room.state
            line: dict[str, Any] = {
                "id": room.id,
                "game": room.game.name,
                "title": room.game.info.title,
                "scenario": room.scenario,
                "scenario_title": scenario_title(room),
                "seat": seat,
                "seats": {s: who for s, (who, _) in room.seats.items()},
                "n": st.action_count,
                "your_turn": seat in st.current_players if seat else False,
                "over": st.outcome.reason if st.outcome else None,
                "unclaimed": room.unclaimed(),
                "rosters": room.rosters,  # the campaign roster a seat fields
            }
            if hosting:
                line["invitations"] = await self.invitations(room, key)
            out.append(line)
        return out


def scenario_title(room: Room, voice: Voice | None = None) -> str:
    """The scenario's title, for a heading (said in ``voice``'s language, where given); its
    id where the game names none."""
    found = [sc.title for sc in room.game.scenarios() if sc.id == room.scenario]
    title = found[0] if found else room.scenario
    return voice(title) if voice else title


def why_barred(room: Room, tokens: Iterable[str], host: str | None) -> str | None:
    """Why a browser holding ``tokens`` and ``host`` may not claim a seat of ``room``: it
    already holds a seat there, or it created the game; None if neither."""
    held = sorted({seat for seat in map(room.seat_of, tokens) if seat is not None})
    if held:
        return say(
            "this browser already plays {seat} in this game; an invitation is for "
            "another person, to open in their own browser",
            seat=held[0],
        )
    if matches(host, room.host):
        return word(
            "this browser created this game; send the invitation to the person it is for, "
            "to open in their own browser"
        )
    return None


def log_lines(
    events: list[tuple[int, Event]], seat: str | None, game: Game, voice: Voice | None = None
) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it, in ``voice``'s language (``Game.said``); a line that
    reports dice carries them as ``roll`` (docs/adding-a-game.md), for the page to draw."""
    say = voice or Voice(game=game.name)
    return [
        {"n": n, "kind": e.kind, "text": say(game.said(e)), "rule": e.rule}
        | ({"roll": e.data["roll"]} if "roll" in e.data else {})
        for n, e in events
        if e.visible(seat)
    ]


async def _finish(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` to its end even if the request that started it goes away: an action
    that reached the store must also reach the room and its watchers."""
    task = asyncio.ensure_future(work)
    # if nobody is left to hear how it ended, its error is still taken (and not reported)
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return await asyncio.shield(task)
