"""Actions are small immutable values with one canonical text form.

The text form (``"play scout-B scout"``, ``"move 13B"``) is what players type, what saved
games store and what ``str(action)`` returns; the JSON form is ``{"verb": ..., "args": [...]}``.
Games intern their actions, so legality checks compare by identity first.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wartable.core.errors import ActionParseError, quote

TEXT_LIMIT = 200  # characters: every real action is far shorter; longer input is refused unread


class Action(NamedTuple):
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args)) if self.args else self.verb

    def to_json(self) -> dict[str, Any]:
        return {"verb": self.verb, "args": list(self.args)}

    @staticmethod
    def from_text(text: str) -> Action:
        if len(text) > TEXT_LIMIT:
            raise ActionParseError(f"{quote(text)} is too long to be an action")
        words = text.split()
        if not words:
            raise ActionParseError("empty action text")
        return Action(words[0], tuple(words[1:]))

    @staticmethod
    def checked(value: object) -> Action:
        """``value`` itself if it is a well-formed Action (a string verb, a tuple of string
        arguments), or its text read as one. A plain tuple that merely equals an action is
        refused: it would be applied, but recorded and replayed as something else."""
        if isinstance(value, str):
            return Action.from_text(value)
        if not isinstance(value, Action):
            raise ActionParseError(
                f"an action must be an Action or its text, not {type(value).__name__} "
                f"{quote(value)} (Game.parse_action reads JSON)"
            )
        verb, args = value
        if not _word(verb):
            raise ActionParseError(f"an action's verb must be one word, not {quote(verb)}")
        if not isinstance(args, tuple) or not all(_word(a) for a in args):
            raise ActionParseError(
                f"the arguments of {quote(verb)} must be a tuple of words, not {quote(args)}"
            )
        if len(verb) + sum(len(a) + 1 for a in args) > TEXT_LIMIT:
            raise ActionParseError(f"{quote(str(value))} is too long to be an action")
        return value

    @staticmethod
    def from_data(data: object) -> Action:
        """Text, JSON object ``{"verb", "args"}`` or an Action; anything else is an error."""
        if isinstance(data, Action):
            return Action.checked(data)
        if isinstance(data, str):
            return Action.from_text(data)
        if isinstance(data, dict):
            verb = data.get("verb")
            args = data.get("args", [])
            if not isinstance(verb, str) or not verb:
                raise ActionParseError("action JSON needs a non-empty string 'verb'")
            if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
                raise ActionParseError("action JSON 'args' must be a list of strings")
            extra = set(data) - {"verb", "args"}
            if extra:
                names = ", ".join(quote(k) for k in sorted(map(str, extra))[:5])
                raise ActionParseError(f"action JSON has unknown keys: {names}")
            return Action.checked(Action(verb, tuple(args)))
        raise ActionParseError(f"cannot read an action from {type(data).__name__}")


def act(verb: str, args: tuple[str, ...] = ()) -> Action:
    """``Action(verb, args)``, built without the named tuple's constructor, which is a Python
    function even where the rules that list thousands of actions a second are compiled."""
    return tuple.__new__(Action, (verb, args))


def _word(value: object) -> bool:
    """One word of an action's text: what ``str(action)`` can write and read back."""
    return isinstance(value, str) and value.split() == [value]


# A player concedes: the one action every game takes from any seat at any moment of a live
# game, in turn or not. It is never among the legal actions (no agent chooses it unless
# told to) and is no part of a game's action space; the core applies it (GameState.apply).
RESIGN = Action("resign")
