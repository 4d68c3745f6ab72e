"""A Game is a registry entry: its scenarios, how to start, replay and parse actions."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from wartable.core.action import Action
from wartable.core.agent import Agent
from wartable.core.errors import (
    ActionParseError,
    IllegalActionError,
    RecordError,
    WartableError,
)
from wartable.core.state import RECORD_FORMAT, GameState


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    players: tuple[str, ...]
    version: str
    summary: str = ""


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    id: str
    title: str
    players: tuple[str, ...]
    description: str = ""
    provenance: str = "house"
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a card says, in our own words, for interfaces to show beside its id: a player
    should not need the box to know what the card in their hand does."""

    title: str
    text: str
    initiative: str = ""

    def to_json(self) -> dict[str, str]:
        return {"title": self.title, "text": self.text, "initiative": self.initiative}


AgentFactory = Callable[[int], Agent]


class Game(ABC):
    info: GameInfo

    @property
    def name(self) -> str:
        return self.info.name

    @abstractmethod
    def scenarios(self) -> list[ScenarioInfo]: ...

    @abstractmethod
    def new_game(
        self, scenario: str | None = None, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> GameState: ...

    @abstractmethod
    def _check_action(self, action: Action) -> None:
        """Raise ActionParseError if ``action`` is not in this game's vocabulary."""

    def rules_summary(self) -> str:
        return self.info.summary

    def options(self) -> dict[str, Any]:
        """The options ``new_game`` takes, with their defaults (a bool is on/off, an int a
        number), for interfaces to offer."""
        return {}

    def agents(self) -> dict[str, AgentFactory]:
        """Game-specific agents (e.g. ``heuristic``), keyed by name; each takes a seed."""
        return {}

    def glossary(self, scenario: str | None = None) -> dict[str, CardFace]:
        """The faces of the cards that a scenario's actions and views name, keyed by the same
        ids. Public knowledge (what a kind of card does), never where any copy lies."""
        return {}

    def line_of_sight(self, scenario: str | None, a: str, b: str) -> dict[str, Any]:
        """Whether two places of a scenario's map see each other, and why (games with maps
        and line of sight override this). Raises WartableError with a reason otherwise."""
        raise WartableError(f"{self.info.title} has no line of sight")

    def parse_action(self, data: object) -> Action:
        """Text or JSON to an Action of this game; a clear ActionParseError if malformed."""
        action = Action.from_data(data)
        self._check_action(action)
        return action

    def undo(self, state: GameState, player: str) -> GameState:
        """The state before ``player``'s last action, rebuilt exactly by replay; only when
        ``state.undoable(player)`` allows it (nothing rolled or revealed since)."""
        depth = state.undoable(player)
        if depth < 1:
            raise IllegalActionError(
                "nothing to undo: the last action rolled dice, revealed information, "
                "or was not yours"
            )
        record = state.record()
        return self.replay(record, upto=len(record["actions"]) - 1)

    def replay(self, record: Mapping[str, Any], upto: int | None = None) -> GameState:
        """Rebuild the state of a record exactly (the first ``upto`` actions if given)."""
        if not isinstance(record, Mapping):
            raise RecordError("a record must be a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise RecordError("not a wartable record (missing or wrong 'format')")
        if record.get("game") != self.name:
            raise RecordError(f"record is for game {record.get('game')!r}, not {self.name!r}")
        if record.get("version") != self.info.version:
            raise RecordError(
                f"record was made by {self.name} rules version {record.get('version')!r}; "
                f"this is version {self.info.version!r}"
            )
        seed = record.get("seed")
        actions = record.get("actions")
        options = record.get("options", {})
        if not isinstance(seed, int) or not isinstance(actions, list):
            raise RecordError("record needs an integer 'seed' and a list 'actions'")
        if not isinstance(options, dict):
            raise RecordError("record 'options' must be an object")
        try:
            state = self.new_game(record.get("scenario"), seed=seed, options=options)
        except WartableError as exc:
            raise RecordError(f"record cannot be set up: {exc}") from exc
        steps = actions if upto is None else actions[:upto]
        for i, entry in enumerate(steps):
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
                raise RecordError(f"action {i + 1} of the record is not [player, action]")
            try:
                state.apply(entry[0], self.parse_action(entry[1]))
            except (ActionParseError, WartableError) as exc:
                raise RecordError(f"action {i + 1} ({entry[1]!r}) does not replay: {exc}") from exc
        return state
