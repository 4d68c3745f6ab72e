"""Undaunted's board in the terminal: tiles in offset rows, markers, counters, both sides'
cards. The terminal finds this drawing through ``Undaunted.interfaces``; it reads only the
JSON view.

Drawn from the player's own edge: the viewer's side sits at the bottom. The board fits the
width rich measures: full tiles when there is room, compact ones when narrow, and a list of
tiles when not even those fit. Each side is named in text (US, GE), not by colour alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

W = 22  # full tile box width in characters, borders included (even: rows shift by W / 2)
NARROW = 14  # the narrowest compact tile box
LINES = 8  # a tile box's height, borders included
STYLE = {"us": "bold green", "germany": "bold red"}
TAG = {"us": "US", "germany": "GE"}
SHORT = {"rifleman": "R", "scout": "S", "machine-gunner": "MG", "sniper": "SN", "mortar": "MO"}
MARK = {None: "", "scouted": "s", "controlled": "C"}


def tag(side: str) -> str:
    return TAG.get(side, side[:2].upper())


def counter_label(unit: str, suppressed: bool) -> str:
    base, _, squad = unit.rpartition("-")
    if base in SHORT and len(squad) == 1:
        label = f"{SHORT[base]}-{squad}"
    else:
        label = SHORT.get(unit, unit[:3])
    return label + ("*" if suppressed else "")


def _fit(parts: list[str], width: int, lines: int) -> list[str]:
    out, line = [], ""
    for p in parts:
        if len(line) + len(p) + (1 if line else 0) > width:
            out.append(line)
            line = p
        else:
            line = f"{line} {p}" if line else p
    out.append(line)
    if len(out) > lines:
        shown = out[:lines]
        hidden = sum(len(x.split()) for x in out[lines:])
        shown[-1] = (shown[-1][: width - 4] + f" +{hidden}")[:width]
        out = shown
    return out + [""] * (lines - len(out))


def _cover(tile: dict[str, Any]) -> str:
    if tile["hill"]:
        return f"{tile['cover']}/{tile['cover_vs_hill_or_blast']}"
    return str(tile["cover"])


def _marks(tile: dict[str, Any], sides: dict[str, Any], order: tuple[str, str]) -> Text:
    marks = Text()
    for side in order:
        m = MARK[tile["markers"][side]]
        if m:
            marks.append(f"{tag(side)}:{m} ", style=STYLE[side])
        if sides[side]["target"] == tile["id"]:
            marks.append(f"◎{tag(side)} ", style=STYLE[side])
    return marks


def _labels(tile: dict[str, Any], counters: list[dict[str, Any]], side: str) -> list[str]:
    return [
        counter_label(c["unit"], c["suppressed"])
        for c in counters
        if c["tile"] == tile["id"] and c["side"] == side
    ]


def tile_lines(
    tile: dict[str, Any],
    counters: list[dict[str, Any]],
    sides: dict[str, Any],
    order: tuple[str, str],
    width: int = W,
) -> list[Text]:
    """One tile as a box ``width`` characters wide; a narrow box says 'c' for cover."""
    inner = width - 2
    head = Text(f"{tile['id']:<4}", style="bold")
    head.append(f"cover {_cover(tile)}" if inner >= 18 else f"c{_cover(tile)}")
    if tile["objective"]:
        head.append(f"  ★{tile['objective']}" if inner >= 18 else f" ★{tile['objective']}")
        head.stylize("bold yellow", len(head) - 2)
    body = [head, _marks(tile, sides, order)]
    for side in order:
        labels = _labels(tile, counters, side)
        for line in _fit([tag(side), *labels] if labels else [], inner, 2):
            body.append(Text(line, style=STYLE[side]))
    framed = [Text("┌" + "─" * inner + "┐")]
    for t in body:
        t.truncate(inner)
        framed.append(Text("│") + t + Text(" " * (inner - len(t))) + Text("│"))
    framed.append(Text("└" + "─" * inner + "┘"))
    return framed


def _layout(view: dict[str, Any]) -> tuple[list[list[dict[str, Any]]], dict[str, int], int]:
    """Rows of tiles from the far edge to the viewer's, each tile's offset in half tiles,
    and the board's span in half tiles."""
    flip = (view.get("you") or "us") == "germany"
    tiles = view["tiles"]
    xs = {t["id"]: (t["at"][0] - t["at"][1] / 2) * (-1 if flip else 1) for t in tiles}
    x0 = min(xs.values())
    half = {tid: round((x - x0) * 2) for tid, x in xs.items()}
    rows = sorted({t["at"][1] for t in tiles}, reverse=not flip)
    ordered = [
        sorted((t for t in tiles if t["at"][1] == r), key=lambda t: xs[t["id"]]) for r in rows
    ]
    return ordered, half, max(half.values())


def tile_width(span: int, width: int) -> int | None:
    """The widest even tile box, from the full W down to NARROW, whose board fits ``width``
    columns; None when not even compact tiles fit (the board is listed instead)."""
    for w in range(W, NARROW - 1, -2):
        if span * (w // 2) + w <= width:
            return w
    return None


def board(view: dict[str, Any], width: int = 200) -> Text:
    """The board in at most ``width`` columns, then its legend."""
    me = view.get("you") or "us"
    other = "germany" if me == "us" else "us"
    rows, half, span = _layout(view)
    w = tile_width(span, width)
    out = Text()
    for row in rows:
        if w is None:
            for t in row:
                out.append_text(_listed(t, view, (other, me)))
                out.append("\n")
            continue
        lines = [Text() for _ in range(LINES)]
        for t in row:
            col = half[t["id"]] * (w // 2)
            cell = tile_lines(t, view["counters"], view["sides"], (other, me), w)
            for line, piece in zip(lines, cell, strict=True):
                if len(line) < col:
                    line.append(" " * (col - len(line)))
                line.append_text(piece)
        for line in lines:
            out.append_text(line)
            out.append("\n")
    out.append_text(legend(view))
    return out


def _listed(tile: dict[str, Any], view: dict[str, Any], order: tuple[str, str]) -> Text:
    """A tile as one line, for a terminal too narrow for any picture of the board."""
    line = Text(f"{tile['id']:<4}", style="bold")
    line.append(f"cover {_cover(tile)}")
    if tile["objective"]:
        line.append(f" ★{tile['objective']}", style="bold yellow")
    marks = _marks(tile, view["sides"], order)
    if marks:
        line.append(" ")
        line.append_text(marks)
    for side in order:
        labels = _labels(tile, view["counters"], side)
        if labels:
            line.append(f"| {tag(side)} {' '.join(labels)} ", style=STYLE[side])
    return line


def legend(view: dict[str, Any]) -> Text:
    """Every symbol the board can show, counter labels included."""
    names = {counter_label(c["unit"], False).split("-")[0]: c["title"] for c in view["counters"]}
    labels = ", ".join(f"{label} {names[label].lower()}" for label in sorted(names))
    sides = ", ".join(f"{tag(s)} = {s}" for s in view["sides"])
    return Text(
        f"  {sides} (counters and markers); {labels}; -A/-B/-C squad; * suppressed; "
        "s scouted, C controlled, ◎ mortar target; ★ objective points; "
        "cover N (hill N/M: M against a blast or an attacker on a hill)\n",
        style="dim",
    )


class Board:
    """The board as a rich renderable: it is drawn for the width rich measures."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield board(self.view, options.max_width)


def _size(side: dict[str, Any], zone: str) -> str:
    """A zone the viewer may count but not see (the view gives ``ZONE_size``)."""
    return f"{side.get(zone + '_size', '?')} cards"


def _cards(counts: dict[str, int]) -> str:
    return ", ".join(f"{k}×{n}" if n > 1 else k for k, n in sorted(counts.items())) or "-"


def panel(view: dict[str, Any]) -> Table:
    me = view.get("you")
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("")
    for side in view["sides"]:
        table.add_column(side + (" (you)" if side == me else ""), style=STYLE[side])
    s = view["sides"]
    rows: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("objective points", lambda x: f"{x['objective_points']} / goal {x['goal'] or '-'}"),
        ("goal", lambda x: x.get("victory", "-")),
        ("hand", lambda x: _cards(x["hand"]) if "hand" in x else f"{x['hand_size']} cards"),
        ("deck / discard", lambda x: f"{x['deck_size']} / {x['discard_size']}"),
        ("play area", lambda x: _cards(x["play_area"])),
        ("supply", lambda x: _cards(x["supply"])),
        ("removed", lambda x: _cards(x["removed"]) if "removed" in x else _size(x, "removed")),
    ]
    for name, fn in rows:
        table.add_row(name, *(fn(s[side]) for side in s))
    return table


def status(view: dict[str, Any]) -> Text:
    t = Text(f"{view['title']} — round {view['round']}, ", style="bold")
    t.append(f"initiative: {view['initiative']}")
    if view["bids"]:
        bids = ", ".join(f"{p} {c or 'nothing'}" for p, c in view["bids"].items())
        t.append(f"  (bids: {bids})", style="dim")
    if view["outcome"]:
        o = view["outcome"]
        t.append(f"\nGAME OVER: {o['winner'] or 'draw'} — {o['reason']}", style="bold yellow")
    elif view["phase"] == "bid":
        t.append("\nPhase: choose a card for initiative (secret bid)")
    else:
        t.append(f"\nPhase: {view['active']}'s turn")
        if view["pending"]:
            p = view["pending"]
            t.append(f" — resolving {p['card']} {p['choice']} ({p['left']} left)")
    return t


def render(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    """The whole board is always drawn (``focus`` is for maps too wide for the screen)."""
    return Group(status(view), Board(view), panel(view))
