"""Terminal pictures of a player's view. Renderers read the JSON view only, never game code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from wartable.cli.render import combat, undaunted

Renderer = Callable[[dict[str, Any], str | None], RenderableType]


def _undaunted(view: dict[str, Any], focus: str | None) -> RenderableType:
    return undaunted.render(view)  # the whole board is always drawn


RENDERERS: dict[str, Renderer] = {"undaunted": _undaunted, "combat": combat.render}


def render(view: dict[str, Any], focus: str | None = None) -> RenderableType:
    """A picture of ``view``; ``focus`` (a hex label) centres a map too wide for the screen."""
    renderer = RENDERERS.get(str(view.get("game")))
    if renderer is None:
        import json

        return Text(json.dumps(view, indent=1))
    return renderer(view, focus)


def focus_problem(view: dict[str, Any], label: str) -> str | None:
    """Why the map cannot be centred on ``label`` (None: it can)."""
    if "map" not in view:
        return "the whole board is always shown; 'board' draws it again"
    if combat.on_map(view, label):
        return None
    return f"no hex {label!r} on this map ({combat.bounds(view)}; a hex reads like 27.08)"
