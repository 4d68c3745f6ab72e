"""The base class of every game state.

Public methods enforce the contract (whose turn it is, legality, an untouched state after an
illegal action, history for replays) around a few small hooks that each game fills in, the
way OpenSpiel's State does. History is a linked chain of tuples shared between clones, so
``clone()`` never copies it.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Self, final

from wartable.core.action import RESIGN, Action
from wartable.core.compiled import mypyc_attr  # compiled, the base takes interpreted games
from wartable.core.errors import (
    IllegalActionError,
    InvariantError,
    RecordError,
    UnknownNameError,
    WartableError,
    quote,
)
from wartable.core.events import RESIGNED, Event
from wartable.core.layout import Layout, plain
from wartable.core.marks import Mark
from wartable.core.outcome import Outcome, side_returns
from wartable.core.rng import check_seed
from wartable.core.verbs import Grammar
from wartable.core.words import say

RECORD_FORMAT = "wartable-record"

# (previous link, player, action) or None at the start of the game
History = tuple[Any, str, Action] | None


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(ABC):
    # class variables: a compiled base would otherwise read its own defaults, never a game's
    game_name: ClassVar[str] = ""
    game_version: ClassVar[str] = ""
    # the game's grammar (core/verbs.py), where it declares one: the hooks of its actions
    # (who acts, what they may do, the effect, why not, the words, the clicks) follow from it
    grammar: ClassVar[Grammar[Any, Any] | None] = None
    # the game's fields by their part (core/layout.py): copy and snapshot follow from it
    layout: ClassVar[Layout | None] = None

    players: tuple[str, ...]
    outcome: Outcome | None
    _history: History
    _n_actions: int
    _legal_cache: dict[str, list[Action]] | None  # the legal actions, until the state changes
    _acting: tuple[str, ...]  # who acts: valid while _legal_cache is not None (current_players)
    _told: dict[int, list[Action]] | None  # lists the rules made for the state they leave
    _setup: dict[str, Any]  # scenario, options, seed: never changes, shared between clones
    _undo_depth: int  # how many of the latest actions may be taken back

    # ---- hooks a game implements, or its grammar answers --------------------------------
    def _declared(self) -> Grammar[Any, Any]:
        grammar = self.grammar
        if grammar is None:
            raise NotImplementedError(
                f"{type(self).__name__}: declare a grammar (core/verbs.py), or write the "
                "hooks of its actions"
            )
        return grammar

    def _current_players(self) -> tuple[str, ...]:
        seats = (self.grammar or self._declared()).acting(self)
        if len(seats) == 1:  # nearly always: asked before every action, kept quick
            return (self.players[seats[0]],)
        return tuple([self.players[k] for k in seats])

    def _legal_actions(self, player: str) -> list[Action]:
        """Asked only of a player who acts now (the core asks who acts first)."""
        return (self.grammar or self._declared()).offers(self, self.players.index(player))

    def _apply(self, player: str, action: Action) -> list[Event]:
        return (self.grammar or self._declared()).apply(self, self.players.index(player), action)

    def _explain_illegal(self, player: str, action: Action) -> str:
        """Why ``action`` is not legal for ``player`` now, in a player's words."""
        return self._declared().why_not(self, self.players.index(player), action)

    def _fields(self) -> Layout:
        layout = self.layout
        if layout is None:
            raise NotImplementedError(
                f"{type(self).__name__}: declare a layout (core/layout.py), or write _copy "
                "and _snapshot"
            )
        return layout

    def _copy(self) -> Self:
        """An independent copy of the dynamic state; static scenario data is shared."""
        layout = self.layout
        twin: Self = (layout or self._fields()).copy(self)
        return twin

    @abstractmethod
    def _resample(self, player: str, seed: int) -> Self:
        """A copy in which everything ``player`` cannot see is drawn afresh with ``seed``."""

    def _action_info(self, player: str, action: Action) -> dict[str, Any]:
        """Odds or notes for a legal ``action`` of ``player`` (games with any override this)."""
        return {}

    def _hints(self, player: str) -> list[str]:
        """Why choices ``player`` may look for are missing now (games with any override this)."""
        return []

    def _board_steps(self, player: str, action: Action) -> tuple[str, ...]:
        """What a person clicks for a legal ``action``, in order (see ``board_steps``): by
        default its arguments, at most two. Games name their pieces, places and cards from
        the action's own words, never from hidden state."""
        if self.grammar is None:
            return action.args[:2]
        return self.grammar.board(self, self.players.index(player), action)

    def _reversible(self, player: str, events: list[Event]) -> bool:
        """Whether an action just applied rolled no dice, revealed nothing and kept the turn
        with ``player``, so that it may be taken back. Games that allow undo override this."""
        return False

    def _snapshot(self) -> dict[str, Any]:
        """Every piece of dynamic state, hidden parts included, by name (``full_state``
        makes it plain data)."""
        return {name: getattr(self, name) for name in self._fields().snapshot}

    @abstractmethod
    def _view(self, player: str | None) -> dict[str, Any]:
        """JSON-safe dict of what ``player`` (a known player, or None) may see."""

    @final
    def view(self, player: str | None) -> dict[str, Any]:
        """JSON-safe dict of what ``player`` may see; ``None`` is a spectator."""
        if player is not None:
            self.check_player(player)
        return self._view(player)

    # ---- the public contract ----------------------------------------------------------
    def _init_base(self, players: tuple[str, ...], setup: dict[str, Any]) -> None:
        self.players = players
        self.outcome = None
        self._history = None
        self._n_actions = 0
        self._legal_cache = None
        self._acting = ()
        self._told = None
        self._setup = setup
        self._undo_depth = 0

    @property
    def current_players(self) -> tuple[str, ...]:
        """Players who must act now; ``()`` once the game is over. Asked of the game once
        a state (a player's turn is asked before and after every action), and kept with the
        legal actions: whatever forgets those (an action, a test's ``_legal_cache = None``)
        forgets it too."""
        if self.outcome is not None:
            return ()
        if self._legal_cache is None:
            self._acting = self._current_players()
            self._legal_cache = {}
        return self._acting

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def scenario(self) -> str | None:
        """The id of the scenario this game was set up from (public: it names the board)."""
        sid = self._setup.get("scenario")
        return None if sid is None else str(sid)

    @property
    def action_count(self) -> int:
        return self._n_actions

    def check_player(self, player: str) -> None:
        if player not in self.players:
            raise UnknownNameError("player", player, self.players)

    @final
    def legal_actions(self, player: str) -> list[Action]:
        """Every action ``player`` may take now; ``[]`` for a player who cannot act."""
        self.check_player(player)  # before the cache: a list or a dict is no key
        return list(self._cached_legal(player))

    def _cached_legal(self, player: str) -> list[Action]:
        acting = self.current_players  # () once the game is over; makes the cache
        cache = self._legal_cache
        legal = None if cache is None else cache.get(player)
        if legal is None:
            self.check_player(player)
            legal = self._legal_actions(player) if player in acting else []
            if cache is not None:
                cache[player] = legal
        return legal

    @final
    def apply(self, player: str, action: Action | str) -> list[Event]:
        """Apply one action; an illegal one raises IllegalActionError and changes nothing.
        Only an Action or its text is taken: a tuple equal to an action would be applied but
        recorded as something that does not replay (ActionParseError)."""
        if type(action) is not Action:
            action = Action.checked(action)
        if player not in self.players:
            players = ", ".join(self.players)
            raise IllegalActionError(
                say(
                    "unknown player {player}; players are {players}",
                    player=quote(player),
                    players=players,
                )
            )
        if self.outcome is not None:
            raise IllegalActionError(say("the game is over ({reason})", reason=self.outcome.reason))
        self._told = None  # anything told before belongs to no action of the core's
        if action == RESIGN:
            events = self._resign(player)
        elif action not in self._cached_legal(player):
            raise IllegalActionError(self._why_not(player, action))
        else:
            events = self._rules(player, action)
        self._keep_told()
        self._history = (self._history, player, action)
        self._n_actions += 1
        self._fill_returns()
        # is_over, not ``self.outcome is None``: mypy still holds the outcome narrowed to None
        # from the check above, across _apply, and the compiled build would enforce that
        if not self.is_over and self._reversible(player, events):
            self._undo_depth += 1
        else:
            self._undo_depth = 0
        return events

    def tell_legal(self, seat: int, actions: list[Action]) -> None:
        """The rules hand over what ``seat`` may do in the state the action leaves, where
        they had to list it to get there (a phase in which a seat could only pass goes by on
        its own): the core keeps it as the legal actions instead of listing them again. Told
        during an action, of the state as it is when the action ends; never mutated after."""
        if self._told is None:
            self._told = {}
        self._told[seat] = actions

    def _keep_told(self) -> None:
        """After an action: forget the legal actions, but keep what the rules told of the
        seats who act now."""
        told, self._told = self._told, None
        self._legal_cache = None
        if told is not None:
            self._keep(told)

    def _keep(self, told: dict[int, list[Action]]) -> None:
        acting = self.current_players  # makes the cache, unless the game is over
        cache = self._legal_cache
        if cache is None:
            return
        for seat, actions in told.items():
            if self.players[seat] in acting:
                cache[self.players[seat]] = actions

    def _fill_returns(self) -> None:
        """A finished game's outcome gets each seat's return from the winner and the sides
        (a look-ahead that applies rules directly calls it too, to reach the same state)."""
        if self.outcome is not None and not self.outcome.returns:
            returns = side_returns(self.outcome.winner, self.teams())
            self.outcome = dataclasses.replace(self.outcome, returns=returns)

    def _rules(self, player: str, action: Action) -> list[Event]:
        """The game's ``_apply``; a fault in it leaves as an InvariantError with its case."""
        try:
            return self._apply(player, action)
        except InvariantError as fault:
            fault.case = fault.case or self.case(player, action, fault)
            raise
        except WartableError:
            raise
        except Exception as exc:  # a rules fault of any kind leaves with its position
            wrapped = InvariantError(
                f"the rules failed on {quote(str(action))} ({type(exc).__name__}); "
                "nothing a player did caused it"
            )
            wrapped.case = self.case(player, action, wrapped)
            raise wrapped from exc

    def _resign(self, player: str) -> list[Event]:
        """``player`` concedes, in turn or not, and its whole side with it: the sides win
        and lose together in every game here, so one seat cannot leave its side playing on
        half-defeated. The other side wins (in a game of one seat, the seat loses)."""
        sides = self.teams()
        mine = self.team_of(player)
        others = [team for name, team in sides.items() if name != mine]
        winner = others[0][0] if len(others) == 1 else None
        returns = side_returns(winner, sides)  # with no single winner, nobody else loses
        returns.update(dict.fromkeys(sides[mine], -1.0))
        reason = (
            say("{seat} resigned", seat=player)
            if mine == player
            else say("{seat} ({side}) resigned", seat=player, side=mine)
        )
        self.outcome = Outcome(winner, reason, kind="resignation", returns=returns, conceded=player)
        return [Event(RESIGNED, reason, {"player": player, "side": mine})]

    def case(self, player: str, action: Action | str, error: Exception) -> dict[str, Any]:
        """The position before ``action`` as a recorded case: what replays a fault exactly
        (``new_game`` with the scenario, seed and options, then each action of ``history``).
        It names the seed and every hidden choice: for logs and bug reports, never players."""
        return {
            "game": self.game_name,
            "version": self.game_version,
            "scenario": self._setup.get("scenario"),
            "options": dict(self._setup.get("options") or {}),
            "seed": self._setup.get("seed"),
            "sampled": bool(self._setup.get("sampled")),
            "history": [[p, str(a)] for p, a in self.history()],
            "player": player,
            "action": str(action),
            "error": f"{type(error).__name__}: {error}",
        }

    def _why_not(self, player: str, action: Action) -> str:
        """Why a well-formed action is not legal for ``player`` now (it may name anything)."""
        Action.checked(action)  # an Action of ints or lists is no question for the rules
        current = self._current_players()
        if player not in current:
            waiting = ", ".join(current)
            return say(
                "it is not {player}'s turn to act; waiting for {players}",
                player=player,
                players=waiting,
            )
        return self._explain_illegal(player, action)

    def undoable(self, player: str) -> int:
        """How many of the latest actions ``player`` may take back: all of them theirs, none
        of them rolling dice or revealing information (``Game.undo`` takes one back)."""
        if player not in self.current_players:
            return 0
        return self._undo_depth

    @final
    def action_info(self, player: str, action: Action | str) -> dict[str, Any]:
        """What an interface may show beside a legal action before it is chosen, such as
        the odds of an attack: ``{"text": ..., ...}``; ``{}`` when there is nothing to add.
        An action that is not legal now gets the IllegalActionError ``apply`` would give."""
        return self._action_info(player, self._legal_now(player, action))

    @final
    def board_steps(self, player: str, action: Action | str) -> tuple[str, ...]:
        """What a person clicks on the page to take a legal ``action``, in order: first the
        piece or card that does it, then the place or piece it reaches; at most two keys.
        A key is the clicked element's ``data-id`` as the game's page draws it (a card of the
        hand: its id), written ``SIDE:ID`` where the page tells same-id elements of different
        sides apart by ``data-side``. ``()``: the action involves nothing on the board (end
        the turn, pass, a bid of a number); it belongs in the page's fixed bar. Actions that
        share their steps are told apart by a chooser, by their labels (``describe``).
        The keys depend only on what ``player`` sees. An action that is not legal now gets
        the IllegalActionError ``apply`` would give."""
        return self._board_steps(player, self._legal_now(player, action))

    def _legal_now(self, player: str, action: Action | str) -> Action:
        """``action`` as an Action, if it is legal for ``player`` now; else the error ``apply``
        would give (what an interface asks of a legal action needs the same checks)."""
        self.check_player(player)
        if type(action) is not Action:
            action = Action.checked(action)
        if self.outcome is not None:
            raise IllegalActionError(say("the game is over ({reason})", reason=self.outcome.reason))
        if action not in self._cached_legal(player):
            raise IllegalActionError(self._why_not(player, action))
        return action

    def estimate(self, player: str) -> float | None:
        """A quick guess, in [-1, 1], of how the game stands for ``player``, for a search that
        must stop before the end (None: the game offers none). It reads the whole state, so
        call it on a sample (``sample_hidden``), never to tell a player anything."""
        self.check_player(player)
        guess = self._estimate(player)
        return None if guess is None else max(-1.0, min(1.0, guess))

    def _estimate(self, player: str) -> float | None:
        return None

    @final
    def teams(self) -> dict[str, tuple[str, ...]]:
        """The sides, each with its seats in seat order: seats of one side win and lose
        together (the outcome's returns, statistics, agents a side). Every seat is on
        exactly one side; a game without sides has one seat a side, named after it."""
        return self._teams()

    def _teams(self) -> dict[str, tuple[str, ...]]:
        """Games whose seats play in sides override this."""
        return {p: (p,) for p in self.players}

    @final
    def team_of(self, player: str) -> str:
        """The side ``player`` plays on (``teams``)."""
        self.check_player(player)
        return next(name for name, team in self.teams().items() if player in team)

    @final
    def returns(self) -> dict[str, float]:
        """Each seat's return: the finished game's (``Outcome.returns``), 0 while it lasts."""
        if self.outcome is None:
            return dict.fromkeys(self.players, 0.0)
        return dict(self.outcome.returns)

    def rounds_played(self) -> int:
        """How many rounds (what the game's ``info.round_name`` calls them) have begun, for
        statistics over many games; 0 for a game without rounds."""
        return 0

    def study_marks(self, events: Sequence[Event]) -> list[Mark]:
        """What a balance study should count in the events one action just produced (a unit
        lost and where, an objective taken and when), read on the state after the action.
        Simulations only: a study sees every seat, so marks may name hidden things."""
        return []

    @final
    def hints(self, player: str) -> list[str]:
        """Why choices a player may look for are not offered now, one line each (e.g. an
        order a soldier cannot take); empty when there is nothing to explain."""
        self.check_player(player)
        return self._hints(player)

    @final
    def describe(self, player: str, action: Action | str) -> str:
        """A legal action of ``player`` in players' words, for buttons and menus ("Bid Squad
        Leader A (initiative 5)" for ``bid squad-leader-A``); it may name only what
        ``player`` can see. The action's text stays what is sent and recorded."""
        self.check_player(player)
        if type(action) is not Action:
            action = Action.checked(action)
        return self._describe(player, action)

    def _describe(self, player: str, action: Action) -> str:
        """The grammar's words for the verb, where it has any; else the action's own."""
        if self.grammar is not None:
            said = self.grammar.words(self, self.players.index(player), action)
            if said:
                return said
        text = " ".join((action.verb, *action.args)).replace("_", " ")
        return text[:1].upper() + text[1:]

    def clone(self) -> Self:
        twin = self._copy()
        twin.players = self.players
        twin.outcome = self.outcome
        twin._history = self._history
        twin._n_actions = self._n_actions
        twin._legal_cache = self._legal_cache  # lists in it are never mutated
        twin._acting = self._acting
        twin._told = None
        twin._setup = self._setup
        twin._undo_depth = self._undo_depth
        return twin

    def sample_hidden(self, player: str, seed: int) -> Self:
        """A full state consistent with everything ``player`` knows (for IS-MCTS)."""
        self.check_player(player)
        twin = self._resample(player, check_seed(seed))
        twin.players = self.players
        twin.outcome = self.outcome
        twin._history = None  # the true history may hold the opponent's secret choices
        twin._n_actions = self._n_actions
        twin._legal_cache = None
        twin._acting = ()
        twin._told = None
        twin._setup = {**self._setup, "sampled": True}
        twin._undo_depth = 0
        return twin

    def full_state(self) -> dict[str, Any]:
        """The whole state, hidden information and generator included, for equality checks
        and debugging. Never send it to a player: use :meth:`view`. Canonical plain data
        (``layout.plain``), made anew: later play cannot change it (a check "before ==
        after" would otherwise compare the state with itself)."""
        return {
            "outcome": self.outcome.to_json() if self.outcome else None,
            "actions": self._n_actions,
            "state": {name: plain(value) for name, value in self._snapshot().items()},
        }

    def last_action(self) -> tuple[str, Action] | None:
        """The latest action and who took it (None before the first), without walking the
        whole history."""
        if self._history is None:
            return None
        _, player, action = self._history
        return player, action

    def history(self) -> list[tuple[str, Action]]:
        """All actions applied so far, oldest first."""
        out: list[tuple[str, Action]] = []
        link = self._history
        while link is not None:
            link, player, action = link
            out.append((player, action))
        out.reverse()
        return out

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this exact state with ``Game.replay``."""
        if self._setup.get("sampled"):
            raise RecordError("a state made by sample_hidden has no true history to record")
        return {
            "format": RECORD_FORMAT,
            "game": self.game_name,
            "version": self.game_version,
            "scenario": self._setup["scenario"],
            "options": dict(self._setup["options"]),
            "seed": self._setup["seed"],
            "actions": [[p, str(a)] for p, a in self.history()],
        }
