"""The terminal's prompt: at a terminal, a line editor with completion of the words on offer
(commands, actions, units, places) and a history of what was typed (prompt_toolkit); piped
input or no terminal, a plain input(). End of input or Ctrl-C reads as 'quit', so a game in
play says that it was left, and where it is saved, instead of vanishing."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

COMMANDS = (
    "back", "next", "prev", "undo", "board", "map", "log", "rules", "cards", "card", "save",
    "resign", "help", "quit",
)  # fmt: skip


class Prompt:
    """Callable as ``ask(prompt) -> line``; ``offer(words)`` sets what Tab completes."""

    def __init__(self) -> None:
        self.words: list[str] = list(COMMANDS)
        self._session: Any = None

    def offer(self, words: Iterable[str]) -> None:
        self.words = sorted(set(words) | set(COMMANDS))

    def _editor(self) -> Any:
        if self._session is None:
            from prompt_toolkit import PromptSession  # imported only at a terminal
            from prompt_toolkit.completion import WordCompleter
            from prompt_toolkit.history import InMemoryHistory
            from prompt_toolkit.shortcuts import CompleteStyle

            completer = WordCompleter(lambda: self.words, ignore_case=True, WORD=True)
            # completions listed as readline lists them, below, when Tab asks: no rows kept
            # free under the prompt, so the board and the choices above it stay in view
            self._session = PromptSession(
                history=InMemoryHistory(),
                completer=completer,
                complete_style=CompleteStyle.READLINE_LIKE,
                reserve_space_for_menu=0,
            )
        return self._session

    def __call__(self, prompt: str) -> str:
        try:
            if sys.stdin.isatty() and sys.stdout.isatty():
                return str(self._editor().prompt(prompt))
            return input(prompt)
        except EOFError:
            return "quit"
        except KeyboardInterrupt:
            print()
            return "quit"
