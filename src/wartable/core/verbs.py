"""A game's grammar, declared once: each verb with the arguments it takes in the fixed action
space, the moments it is offered in, why it is refused, its effect, its players' words and
what a person clicks for it; and the moments of play (a phase, or an interruption held over
one) with who acts in each and what each offers.

Everything the core asks of a game's actions follows from the declarations: the action
space (verb by verb, in the order declared), the parse check and its message, who acts and
what they may do, why anything else is refused, dispatch to the effect, the words, the
board steps and what other sides are told of a secret choice. A new verb is one
declaration and its rule functions; a verb used anywhere without one is an error.

Why moments rather than a legality test per verb: the rules offer several verbs from one
look at the field (a unit's way across it yields its moves, its assaults and the carriers
it may board), in an order random play and the goldens depend on. A moment's ``offers``
keeps that single look; every action it yields must be of a verb that names the moment in
``when``, which the conformance checks hold each game to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from wartable.core.action import Action
from wartable.core.compiled import mypyc_attr
from wartable.core.errors import ActionParseError
from wartable.core.events import Event
from wartable.core.words import say

S = TypeVar("S")  # a game's state
C = TypeVar("C")  # what a game's action space is built from: its static data


def no_reason(st: object, seat: int, action: Action) -> str:
    """A verb with nothing of its own to say: the moment explains the refusal."""
    return ""


def first_two(st: object, seat: int, action: Action) -> tuple[str, ...]:
    """The core's default board steps: the piece or card that acts, then what it reaches."""
    return action.args[:2]


def in_bar(st: object, seat: int, action: Action) -> tuple[str, ...]:
    """Board steps of a choice of nothing on the board (end the turn, pass, a bid of a
    number): none, it lies in the page's fixed bar."""
    return ()


def only_one(domain: C) -> Iterable[tuple[str, ...] | Action]:
    """The space of a verb of no arguments (``done``)."""
    return [()]


@mypyc_attr(native_class=False)  # compiled, a generic frozen dataclass cannot be native
@dataclass(frozen=True)
class Verb(Generic[S, C]):
    """One verb: everything about it that is not the rules' look at the field."""

    name: str
    notation: str  # what a player types: "move UNIT SQUARE [alone]"
    when: frozenset[str]  # the moments whose offers may yield it
    effect: Callable[[S, int, Action], list[Event]]  # carried out once known to be legal
    # its arguments, in order; or its actions themselves, where a game interns them
    space: Callable[[C], Iterable[tuple[str, ...] | Action]] = only_one
    refuse: Callable[[S, int, Action], str] = no_reason  # why not, before the moment's words
    words: Callable[[S, int, Action], str | None] | None = None  # None: the engine's words
    board: Callable[[S, int, Action], tuple[str, ...]] = first_two  # see GameState.board_steps
    secret: str = ""  # what the other side is told of it instead of the action; "": public
    rules: tuple[str, ...] = ()  # the rule ids it carries out, for the docs

    @property
    def arity(self) -> tuple[int, int]:
        """How many arguments its notation takes, at least and at most: ``[...]`` words are
        optional (``play CARD [UNIT [TARGET]]`` takes 1 to 3)."""
        words = self.notation.split()[1:]
        least = sum(1 for w in words if not w.startswith("[") and "]" not in w)
        return least, sum(1 for w in words if w.strip("[]"))


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Moment(Generic[S]):
    """A phase, or an interruption held over one (an answer out of turn, a choice that
    must be made before play goes on)."""

    name: str
    seats: Callable[[S], list[int]]  # who acts now
    offers: Callable[[S, int], list[Action]]  # what a seat acting may do, in a fixed order
    refusal: Callable[[S, int, Action], str]  # why anything else is refused
    interrupts: bool = False  # while it holds, only the moment explains a refusal
    words: str = ""  # what is asked in it, for the docs


class Grammar(Generic[S, C]):
    """A game's verbs and moments; ``now`` says which moment the state is in (the one
    place a game writes the order of its interruptions), ``carry_out`` may wrap every
    effect (an attack held for the defender's answer) and ``after`` runs after each,
    given the events the action caused (what it may have to check follows from them).
    A plain class, not a dataclass: the compiled build compiles it (it is asked before
    every action)."""

    def __init__(
        self,
        game: str,
        verbs: Sequence[Verb[S, C]],
        moments: Sequence[Moment[S]],
        now: Callable[[S], str],
        carry_out: Callable[[S, int, Action], list[Event]] | None = None,
        after: Callable[[S, list[Event]], list[Event]] | None = None,
    ) -> None:
        names = [v.name for v in verbs]
        listed_moments = [m.name for m in moments]
        for kind, listed in (("verb", names), ("moment", listed_moments)):
            twice = sorted({n for n in listed if listed.count(n) > 1})
            if twice:
                raise ValueError(f"{game}: {kind}s declared twice: {', '.join(twice)}")
        for v in verbs:
            unknown = sorted(v.when - set(listed_moments))
            if unknown:
                raise ValueError(f"{game}: verb {v.name} names no moment {unknown}")
        self.game = game  # the game's title, for messages
        self.verbs = tuple(verbs)
        self.moments = tuple(moments)
        self.now = now
        self.carry_out = carry_out
        self.after = after
        self.by_name: dict[str, Verb[S, C]] = {v.name: v for v in verbs}
        self.by_moment: dict[str, Moment[S]] = {m.name: m for m in moments}
        # each verb's number of words, read once from its notation (asked for every label)
        self.arity: dict[str, tuple[int, int]] = {v.name: v.arity for v in verbs}

    def replace(self, **changes: object) -> Grammar[S, C]:
        """A copy with some declarations changed (tests break a grammar on purpose)."""
        given: dict[str, object] = {
            "game": self.game, "verbs": self.verbs, "moments": self.moments, "now": self.now,
            "carry_out": self.carry_out, "after": self.after,
        }  # fmt: skip
        return Grammar(**(given | changes))  # type: ignore[arg-type]

    # ---- what the state's hooks hand over -------------------------------------------------
    def moment(self, st: S) -> Moment[S]:
        return self.by_moment[self.now(st)]

    def acting(self, st: S) -> list[int]:
        return self.by_moment[self.now(st)].seats(st)

    def offers(self, st: S, seat: int) -> list[Action]:
        """What ``seat``, known to be one of the seats to act, may do now (the state's hook:
        the core asked who acts before it asks what they may do)."""
        return self.by_moment[self.now(st)].offers(st, seat)

    def why_not(self, st: S, seat: int, action: Action) -> str:
        """The verb's own reason first, unless an interruption holds; else the moment's."""
        m = self.moment(st)
        verb = self.by_name.get(action.verb)
        if verb is not None and not m.interrupts:
            why = verb.refuse(st, seat, action)
            if why:
                return why
        return m.refusal(st, seat, action)

    def effect(self, action: Action) -> Callable[[S, int, Action], list[Event]]:
        return self.by_name[action.verb].effect

    def apply(self, st: S, seat: int, action: Action) -> list[Event]:
        """A legal action's effect (through ``carry_out`` where the game has one), then
        whatever follows every action."""
        if self.carry_out is not None:
            events = self.carry_out(st, seat, action)
        else:
            events = self.by_name[action.verb].effect(st, seat, action)
        if self.after is not None:
            events.extend(self.after(st, events))
        return events

    def words(self, st: S, seat: int, action: Action) -> str | None:
        """A legal action in ``seat``'s words, or None where the engine's will do (as for
        anything not written as the verb's notation)."""
        verb = self.by_name.get(action.verb)
        if verb is None or verb.words is None:
            return None
        least, most = self.arity[verb.name]
        return verb.words(st, seat, action) if least <= len(action.args) <= most else None

    def board(self, st: S, seat: int, action: Action) -> tuple[str, ...]:
        return self.by_name[action.verb].board(st, seat, action)

    def public(self, action: Action, told: bool) -> str:
        """What a seat not ``told`` learns of ``action``: a secret verb's cover words."""
        secret = self.by_name[action.verb].secret if action.verb in self.by_name else ""
        return str(action) if told or not secret else secret

    # ---- the fixed action space and reading actions -------------------------------------
    def space(self, domain: C) -> list[Action]:
        """Every action that can ever be taken, verb by verb in the declared order, each
        once (its index is an RL action id). A verb's space may give its actions
        themselves (interned by the game): they are kept, the same objects."""
        out: dict[Action, None] = {}
        for v in self.verbs:
            for args in v.space(domain):
                action = args if isinstance(args, Action) else Action(v.name, tuple(args))
                if action.verb != v.name:
                    raise ValueError(f"{self.game}: {action} in the space of {v.name}")
                out.setdefault(action)
        return list(out)

    def check(self, action: Action, space: frozenset[Action] | None = None) -> None:
        """An action outside the space (or, where the space depends on the scenario and
        none is given, of a verb not declared or with the wrong number of words) is no
        action of this game: say how the verb is written, or what the verbs are."""
        verb = self.by_name.get(action.verb)
        if space is not None and action in space:
            return
        if space is None and verb is not None:
            least, most = self.arity[verb.name]
            if least <= len(action.args) <= most:
                return
        if verb is not None:
            raise ActionParseError(
                say(
                    "not a {game} action: {action}; {verb} is written {notation}",
                    game=self.game,
                    action=str(action),
                    verb=verb.name,
                    notation=verb.notation,
                )
            )
        words = ", ".join(v.name for v in self.verbs)
        raise ActionParseError(
            say(
                "not a {game} action: {action}; its verbs are {verbs}",
                game=self.game,
                action=str(action),
                verbs=words,
            )
        )
