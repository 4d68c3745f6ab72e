"""A Game is a registry entry: its scenarios, how to start, replay and parse actions."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, final

from wartable.core.action import RESIGN, Action
from wartable.core.agent import Agent
from wartable.core.errors import (
    ArgumentError,
    IllegalActionError,
    RecordError,
    UnknownNameError,
    WartableError,
    quote,
)
from wartable.core.events import Event, Kinds
from wartable.core.rng import check_seed
from wartable.core.state import RECORD_FORMAT, GameState
from wartable.core.words import say

if TYPE_CHECKING:
    from wartable.core.campaign import Campaign
    from wartable.core.decks import DeckBuilding
    from wartable.core.observation import Observer
    from wartable.core.verbs import Grammar


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    players: tuple[str, ...]
    version: str
    summary: str = ""
    round_name: str = "round"  # what the game calls a round of play ("turn" in some)


OptionValue = bool | int | str
TRUE_WORDS, FALSE_WORDS = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@dataclass(frozen=True, slots=True)
class GameOption:
    """A setting a game takes at set-up. Its kind is the type of its default (a bool is on or
    off, an int a number within bounds, a str one of ``choices``); interfaces offer exactly
    these, and ``Game.new_game`` refuses anything else, for every game alike.

    A whole-number option cannot be declared without both bounds: a value nobody meant (a
    round limit of 10**15) would otherwise reach the rules from any interface."""

    name: str
    default: OptionValue
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    # set by an interface from what it keeps (a campaign's roster), not typed by people: forms
    # leave it out; records keep it like any other option
    internal: bool = False
    # what a form calls it ("max rounds": a ``word`` the interfaces say in the player's
    # language); "" is the name with its underscores as spaces
    label: str = ""

    def __post_init__(self) -> None:
        """Refuse a declaration that would let values nobody meant through (a game's bug)."""
        if self.kind != "int":
            if (self.minimum, self.maximum) != (None, None):
                raise ValueError(f"option {self.name}: only a whole-number option has bounds")
            return
        low, high = self._limits()
        if not low <= int(self.default) <= high:
            raise ValueError(f"option {self.name}: its default is outside {low} to {high}")

    def _limits(self) -> tuple[int, int]:
        """A whole-number option's bounds, both of which it must declare."""
        if self.minimum is None or self.maximum is None:
            raise ValueError(
                f"option {self.name}: a whole-number option needs a minimum and a maximum"
            )
        return self.minimum, self.maximum

    @property
    def kind(self) -> str:
        return type(self.default).__name__

    def check(self, value: object) -> OptionValue:
        """``value`` if it fits this option, else an ArgumentError saying what would."""
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            raise ArgumentError(
                say(
                    "option {name} is true or false, not {value}",
                    name=self.name,
                    value=quote(value),
                )
            )
        if isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ArgumentError(
                    say(
                        "option {name} is a whole number, not {value}",
                        name=self.name,
                        value=quote(value),
                    )
                )
            low, high = self._limits()
            if not low <= value <= high:
                raise ArgumentError(
                    say(
                        "option {name} must be at least {low} and at most {high}, not {value}",
                        name=self.name,
                        low=low,
                        high=high,
                        value=quote(value),
                    )
                )
            return value
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            if self.choices:
                raise ArgumentError(
                    say(
                        "option {name} is one of {choices}, not {value}",
                        name=self.name,
                        choices=", ".join(self.choices),
                        value=quote(value),
                    )
                )
            raise ArgumentError(
                say("option {name} is text, not {value}", name=self.name, value=quote(value))
            )
        return value

    def parse(self, text: str) -> OptionValue:
        """What a person typed (``night=yes``, ``max_rounds=20``) as this option's value."""
        word = text.strip()
        if isinstance(self.default, bool):
            if word.lower() in TRUE_WORDS + FALSE_WORDS:
                return word.lower() in TRUE_WORDS
            raise ArgumentError(
                say(
                    "option {name} is true or false, not {value}", name=self.name, value=quote(word)
                )
            )
        if isinstance(self.default, int):
            if not (word.lstrip("-").isdigit() and len(word) <= 19):
                raise ArgumentError(
                    say(
                        "option {name} is a whole number, not {value}",
                        name=self.name,
                        value=quote(word),
                    )
                )
            return self.check(int(word))
        return self.check(word)

    def to_json(self) -> dict[str, Any]:
        return {
            "default": self.default,
            "kind": self.kind,
            "help": self.help,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": list(self.choices),
            "internal": self.internal,
            "label": self.label or self.name.replace("_", " "),
        }


@dataclass(frozen=True, slots=True)
class Interfaces:
    """Where a game's own drawings live, for each interface that can use one: ``terminal``
    is a module path with ``render(view, focus)`` (and optionally ``focus_problem(view,
    label)``); ``page`` is ``package:file`` of an ES module the web page imports. A game
    without them still plays everywhere, drawn by each interface's generic fallback."""

    terminal: str | None = None
    page: str | None = None


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
    interfaces: Interfaces = Interfaces()

    @property
    def name(self) -> str:
        return self.info.name

    @abstractmethod
    def scenarios(self) -> list[ScenarioInfo]: ...

    @final
    def new_game(
        self, scenario: str | None = None, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> GameState:
        """A game of ``scenario`` (None: the first) set up from ``seed``. Arguments of the
        wrong kind are refused here, for every game, before any rules code sees them."""
        if scenario is not None and not isinstance(scenario, str):
            raise UnknownNameError("scenario", scenario, [s.id for s in self.scenarios()])
        return self._new_game(scenario, check_seed(seed), self.check_options(options))

    @abstractmethod
    def _new_game(
        self, scenario: str | None, seed: int, options: Mapping[str, OptionValue]
    ) -> GameState:
        """The game itself; ``options`` holds only the options given, each checked against
        its ``GameOption`` (the game fills in the defaults, which may depend on the
        scenario)."""

    @final
    def check_options(self, options: object) -> dict[str, OptionValue]:
        """``options`` if every name is one of this game's options and every value fits it;
        else an ArgumentError naming the option (interfaces check before a long run)."""
        if options is None:
            return {}
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise ArgumentError(f"options must map names to values, not {quote(options)}")
        known = self.options()
        checked: dict[str, OptionValue] = {}
        for name, value in options.items():
            option = known.get(name)
            if option is None:
                takes = ", ".join(known) if known else "none"
                raise ArgumentError(
                    f"{self.info.title} has no option {quote(name)}; its options: {takes}"
                )
            checked[name] = option.check(value)
        return checked

    @abstractmethod
    def _check_action(self, action: Action) -> None:
        """Raise ActionParseError if ``action`` is not in this game's vocabulary."""

    def said(self, event: Event) -> str:
        """The event's line as the interfaces say it in a player's language: a message
        (core/words.py) made from its kind and data where the game has one, whose English is
        the event's own text; the text as it is by default (docs/i18n.md)."""
        return event.text

    def rules_summary(self) -> str:
        return self.info.summary

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> list[Action]:
        """Every action a game of ``scenario`` with ``options`` can ever offer, in a fixed
        order: learning agents number actions by it, and every legal action of such a game
        is in it. A game without one raises WartableError saying so."""
        raise WartableError(f"{self.info.title} lists no fixed action space")

    def observer(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Observer:
        """How a seat's view of a game of ``scenario`` with ``options`` reads as numbers
        (``core/observation.py``), its layout fixed for the pair. A game without one raises
        WartableError saying so."""
        raise WartableError(f"{self.info.title} has no numeric observation")

    def options(self) -> dict[str, GameOption]:
        """The options ``new_game`` takes, by name, for interfaces to offer and check."""
        return {}

    def campaign(self) -> Campaign | None:
        """How the game keeps a player's squad between battles (``core/campaign.py``), or
        None for a game without campaigns."""
        return None

    def deck_building(self) -> DeckBuilding | None:
        """How players build the decks they field (``core/decks.py``), or None for a game
        whose decks come with its scenarios."""
        return None

    def agents(self) -> dict[str, AgentFactory]:
        """Game-specific agents (e.g. ``heuristic``), keyed by name; each takes a seed."""
        return {}

    def levels(self) -> dict[str, str]:
        """Difficulty levels this game sets itself, each as an agent spec, where its own
        matches found a better agent for the level than the generic one (the agents layer
        keeps those); none by default."""
        return {}

    def guide(self) -> dict[str, Any]:
        """How to play, for the rules panel and ``wartable rules``: ``summary``, ``sequence``
        (the sequence of play, [{title, text}]), ``actions`` (verb -> what it does), ``legend``
        ([{symbol, name, text}]: what the board shows) and ``rules`` (each rule id the log
        cites -> its explanation). Public, the same for every seat; empty by default."""
        return {}

    def grammar(self) -> Grammar[Any, Any] | None:
        """The game's verbs and moments, where it declares them (core/verbs.py): the
        conformance checks then hold every legal action and refusal to them."""
        return None

    def event_kinds(self) -> type[Kinds] | None:
        """Every kind of event the game's log holds, where it declares them (``Kinds``, each
        kind once): the conformance checks then hold every event it emits to them."""
        return None

    def glossary(self, scenario: str | None = None) -> dict[str, CardFace]:
        """The faces of the cards that a scenario's actions and views name, keyed by the same
        ids. Public knowledge (what a kind of card does), never where any copy lies."""
        return {}

    def seat_title(self, seat: str) -> str:
        """A seat in players' words, for a lobby or a list of players ("Allies 2" for
        ``allies-2``): a ``Said`` the game's catalogs hold, where it has one; else the id,
        which is also what a player types (``--side allies-2``)."""
        return seat

    def public_action(self, player: str, action: Action, viewer: str | None) -> str:
        """How ``player``'s action reads to ``viewer`` (None: a spectator) where actions are
        listed, as in a replay: its text, unless the game makes it a secret choice (a sealed
        bid), which others learn only from the events that reveal it."""
        return str(action)

    def places(self, scenario: str | None = None) -> dict[str, tuple[float, float]]:
        """Where each place of a scenario's map is drawn (x right, y down, in place widths),
        for pictures of where things happen; empty for a game without a map to draw."""
        return {}

    def line_of_sight(self, scenario: str | None, a: str, b: str) -> dict[str, Any]:
        """Whether two places of a scenario's map see each other, and why (games with maps
        and line of sight override this). Raises WartableError with a reason otherwise."""
        raise WartableError(f"{self.info.title} has no line of sight")

    def parse_action(self, data: object) -> Action:
        """Text or JSON to an Action of this game; a clear ActionParseError if malformed."""
        action = Action.from_data(data)
        if action != RESIGN:  # every game's, read by the core
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
        """Rebuild the state of a record exactly (the first ``upto`` actions if given). A
        record that is not one of this game's, whole and well-formed, is a RecordError."""
        if not isinstance(record, Mapping):
            raise RecordError("a record must be a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise RecordError("not a wartable record (missing or wrong 'format')")
        if record.get("game") != self.name:
            raise RecordError(f"record is for game {quote(record.get('game'))}, not {self.name!r}")
        version = record.get("version")
        if not isinstance(version, str):
            raise RecordError(
                f"record 'version' must be text like {self.info.version!r}, not {quote(version)}"
            )
        if version != self.info.version:
            raise RecordError(
                f"record was made by {self.name} rules version {quote(version)}; "
                f"this is version {self.info.version!r}"
            )
        scenario, seed = record.get("scenario"), record.get("seed")
        actions = record.get("actions")
        options = record.get("options", {})
        if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(actions, list):
            raise RecordError("record needs an integer 'seed' and a list 'actions'")
        if not isinstance(scenario, str):
            raise RecordError(f"record needs a scenario id in 'scenario', not {quote(scenario)}")
        if not isinstance(options, dict):
            raise RecordError("record 'options' must be an object")
        if upto is not None and (
            not isinstance(upto, int) or isinstance(upto, bool) or not 0 <= upto <= len(actions)
        ):
            raise ArgumentError(
                f"upto must count actions of the record, 0 to {len(actions)}, not {quote(upto)}"
            )
        try:
            state = self.new_game(scenario, seed=seed, options=options)
        except WartableError as exc:
            raise RecordError(f"record cannot be set up: {exc}") from exc
        steps = actions if upto is None else actions[:upto]
        for i, entry in enumerate(steps):
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
                raise RecordError(f"action {i + 1} of the record is not [player, action]")
            try:
                state.apply(entry[0], self.parse_action(entry[1]))
            except WartableError as exc:
                raise RecordError(
                    f"action {i + 1} ({quote(entry[1])}) does not replay: {exc}"
                ) from exc
        return state
