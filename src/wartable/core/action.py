"""Actions are small immutable values with one canonical text form.

The text form (``"play scout-B scout"``, ``"move 13B"``) is what players type, what saved
games store and what ``str(action)`` returns; the JSON form is ``{"verb": ..., "args": [...]}``.
Games intern their actions, so legality checks compare by identity first.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wartable.core.errors import ActionParseError


class Action(NamedTuple):
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args)) if self.args else self.verb

    def to_json(self) -> dict[str, Any]:
        return {"verb": self.verb, "args": list(self.args)}

    @staticmethod
    def from_text(text: str) -> Action:
        words = text.split()
        if not words:
            raise ActionParseError("empty action text")
        return Action(words[0], tuple(words[1:]))

    @staticmethod
    def from_data(data: object) -> Action:
        """Text, JSON object ``{"verb", "args"}`` or an Action; anything else is an error."""
        if isinstance(data, Action):
            return data
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
                raise ActionParseError(f"action JSON has unknown keys: {', '.join(sorted(extra))}")
            return Action(verb, tuple(args))
        raise ActionParseError(f"cannot read an action from {type(data).__name__}")
