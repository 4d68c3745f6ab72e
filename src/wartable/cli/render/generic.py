"""The terminal's drawing for a game that brings none: its view as readable text, a tree of
its keys and values. The session prints the legal actions and the log beside it, so such a
game is fully playable, only plainer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.tree import Tree

LONG = 12  # items of a list shown before the rest is counted


def render(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    title = str(view.get("title") or view.get("game") or "the game")
    tree = Tree(f"[bold]{title}[/]")
    for key, value in view.items():
        if key not in ("game", "title"):
            _add(tree, key, value)
    return tree


def _words(key: object) -> str:
    return str(key).replace("_", " ")


def _add(tree: Tree, key: object, value: Any) -> None:
    if isinstance(value, dict):
        if not value:
            tree.add(f"{_words(key)}: -")
            return
        branch = tree.add(f"[bold]{_words(key)}[/]")
        for k, v in value.items():
            _add(branch, k, v)
    elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        branch = tree.add(f"[bold]{_words(key)}[/] ({len(value)})")
        for n, v in enumerate(value[:LONG], 1):
            _add(branch, n, v)
        if len(value) > LONG:
            branch.add(f"... and {len(value) - LONG} more")
    elif isinstance(value, list):
        shown = ", ".join(str(v) for v in value[:LONG]) or "-"
        more = f" ... and {len(value) - LONG} more" if len(value) > LONG else ""
        tree.add(f"{_words(key)}: {shown}{more}")
    else:
        tree.add(f"{_words(key)}: {'-' if value is None else value}")
