"""Terminal pictures of a player's view. Each game may bring its own drawing (a module named
by ``Game.interfaces.terminal``, reading the JSON view only); any other game is drawn by the
generic fallback, which shows the view as readable text. Nothing here knows any game."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich.console import RenderableType

from wartable.cli.render import generic
from wartable.core.errors import WartableError
from wartable.core.game import Game
from wartable.i18n import Voice

_MODULES: dict[str, ModuleType] = {}
# a game's drawing: render(view, focus, voice), and render_brief alike where it has one
Drawing = Callable[[dict[str, Any], str | None, Callable[[str], str] | None], RenderableType]


def drawing(game: Game) -> ModuleType:
    """The module that draws ``game``: its own, or the generic one."""
    where = game.interfaces.terminal
    if where is None:
        return generic
    module = _MODULES.get(where)
    if module is None:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise WartableError(f"{game.info.title}'s terminal drawing {where!r}: {exc}") from exc
        if not callable(getattr(module, "render", None)):
            raise WartableError(f"{game.info.title}'s terminal drawing {where!r} has no render()")
        _MODULES[where] = module
    return module


def render(
    game: Game,
    view: dict[str, Any],
    focus: str | None = None,
    brief: bool = False,
    voice: Voice | None = None,
) -> RenderableType:
    """A picture of ``view``; ``focus`` (a place on the map) centres a map too wide for the
    screen, for games whose drawing can. ``brief``: the picture between two decisions of one
    player in a row, where the game's drawing has one (``render_brief``: the map and what
    changes, so that a decision fits one screen), else the whole one. ``voice``: the
    language its words are said in (English without one)."""
    module = drawing(game)
    short = getattr(module, "render_brief", None) if brief else None
    draw: Drawing = short or module.render
    return draw(view, focus, voice)


def focus_problem(game: Game, view: dict[str, Any], label: str) -> str | None:
    """Why the map cannot be centred on ``label`` (None: it can)."""
    check = getattr(drawing(game), "focus_problem", None)
    if check is None:
        return "the whole board is always shown; 'board' draws it again"
    problem: str | None = check(view, label)
    return problem


def words(game: Game, text: str, voice: Voice | None = None) -> str:
    """A log line or an action in players' words, where the game's drawing says how
    (``words(text, voice)``: ids to names, "usa_command" to "Command Post", each name said
    in ``voice``'s language); else as it is."""
    say = getattr(drawing(game), "words", None)
    return text if say is None else str(say(text, voice))
