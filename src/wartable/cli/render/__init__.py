"""Terminal pictures of a player's view. Renderers read the JSON view only, never game code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from wartable.cli.render import combat, undaunted

Renderer = Callable[[dict[str, Any]], RenderableType]
RENDERERS: dict[str, Renderer] = {"undaunted": undaunted.render, "combat": combat.render}


def render(view: dict[str, Any]) -> RenderableType:
    renderer = RENDERERS.get(str(view.get("game")))
    if renderer is None:
        import json

        return Text(json.dumps(view, indent=1))
    return renderer(view)
