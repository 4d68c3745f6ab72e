"""Plain text laid out for a fixed width (a game's rules summary), re-flowed to the width rich
measures, so that a narrow terminal gets whole lines with their hanging indents rather than
lines cut where the terminal happens to wrap them."""

from __future__ import annotations

import re
import textwrap

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from wartable.core.errors import InvariantError

_ITEM = re.compile(r"^(\s*)(\d+\.\s+|[-*]\s+|\S.*?\s{2,})?")
_SECOND = re.compile(r"\s{4,}(\S+(?: \S+)*)\s{2,}(\S.*)$")  # "...discard     command X  draw"


def _hang(line: str) -> int:
    """Where the body of a line starts: after a list number, or after a term set off by two
    or more spaces (``scout X            move up to X tiles``); else at its indent."""
    m = _ITEM.match(line)
    if m is None:
        raise InvariantError("_hang: no m")
    return m.end() if m.group(2) else len(m.group(1))


def blocks(text: str) -> list[tuple[str, str, int]]:
    """(prefix, body, hang) for each paragraph or item: a line continues the one above when
    it is indented to that item's body and the line above does not end a heading (':').
    A line holding two items side by side gives two items."""
    out: list[tuple[str, str, int]] = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if out and line.strip() and out[-1][1] and not out[-1][1].endswith(":"):
            prefix, body, hang = out[-1]
            if indent == hang:
                out[-1] = (prefix, f"{body} {line.strip()}", hang)
                continue
        hang = _hang(line)
        body = line[hang:].strip()
        second = _SECOND.search(body) if hang > indent else None
        if second is None:
            out.append((line[:hang], body, hang))
            continue
        out.append((line[:hang], body[: second.start()], hang))  # a table of two columns:
        term = " " * indent + second.group(1)  # its right-hand item becomes an item below
        out.append((term.ljust(hang), second.group(2), max(hang, len(term) + 2)))
    return out


def reflow(text: str, width: int) -> str:
    """``text`` unchanged if it fits ``width`` columns, else re-wrapped block by block."""
    if max((len(line) for line in text.splitlines()), default=0) <= width:
        return text
    lines = []
    for prefix, body, hang in blocks(text):
        if not body:
            lines.append(prefix.rstrip())
            continue
        if hang > width // 2:  # a term too wide for the terminal: the body goes below it
            lines.append(prefix.rstrip())
            prefix, hang = " " * 4, 4
        lines.append(
            textwrap.fill(
                body,
                width=width,
                initial_indent=prefix,
                subsequent_indent=" " * hang,
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)


class Prose:
    """Text re-flowed to the width it is drawn at."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(reflow(self.text, options.max_width))
