"""Undaunted's board in the terminal: tiles in offset rows, markers, counters, both sides' cards.

Drawn from the player's own edge: the viewer's side sits at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

W = 22  # tile box width in characters, borders included (even: rows shift by W / 2)
INNER = W - 2
STYLE = {"us": "bold green", "germany": "bold red"}
SHORT = {"rifleman": "R", "scout": "S", "machine-gunner": "MG", "sniper": "SN", "mortar": "MO"}
MARK = {None: "", "scouted": "s", "controlled": "C"}


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


def tile_lines(
    tile: dict[str, Any],
    counters: list[dict[str, Any]],
    sides: dict[str, Any],
    order: tuple[str, str],
) -> list[Text]:
    cover = (
        f"{tile['cover']}/{tile['cover_vs_hill_or_blast']}" if tile["hill"] else str(tile["cover"])
    )
    head = Text(f"{tile['id']:<4}", style="bold")
    head.append(f"cover {cover}")
    if tile["objective"]:
        head.append(f"  ★{tile['objective']}", style="bold yellow")
    marks = Text()
    for side in order:
        m = MARK[tile["markers"][side]]
        if m:
            marks.append(f"{side[:2].upper()}:{m} ", style=STYLE[side])
        if sides[side]["target"] == tile["id"]:
            marks.append(f"◎{side[:2].upper()} ", style=STYLE[side])
    body = [head, marks]
    for side in order:
        labels = [
            counter_label(c["unit"], c["suppressed"])
            for c in counters
            if c["tile"] == tile["id"] and c["side"] == side
        ]
        for line in _fit(labels, INNER, 2):
            body.append(Text(line, style=STYLE[side]))
    framed = [Text("┌" + "─" * INNER + "┐")]
    for t in body:
        t.truncate(INNER)
        framed.append(Text("│") + t + Text(" " * (INNER - len(t))) + Text("│"))
    framed.append(Text("└" + "─" * INNER + "┘"))
    return framed


def board(view: dict[str, Any]) -> Text:
    me = view.get("you") or "us"
    other = "germany" if me == "us" else "us"
    flip = me == "germany"
    tiles = view["tiles"]
    xs = {t["id"]: (t["at"][0] - t["at"][1] / 2) * (-1 if flip else 1) for t in tiles}
    x0 = min(xs.values())
    rows = sorted({t["at"][1] for t in tiles}, reverse=not flip)
    out = Text()
    for r in rows:
        row = sorted((t for t in tiles if t["at"][1] == r), key=lambda t: xs[t["id"]])
        lines = [Text() for _ in range(8)]
        for t in row:
            col = round((xs[t["id"]] - x0) * 2) * (W // 2)
            cell = tile_lines(t, view["counters"], view["sides"], (other, me))
            for line, piece in zip(lines, cell, strict=True):
                if len(line) < col:
                    line.append(" " * (col - len(line)))
                line.append_text(piece)
        for line in lines:
            out.append_text(line)
            out.append("\n")
    out.append(
        "  s scouted, C controlled, ◎ mortar target, * suppressed, ★ objective points\n",
        style="dim",
    )
    return out


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
        ("objective points", lambda x: f"{x['objective_points']} / goal {x['goal']}"),
        ("hand", lambda x: _cards(x["hand"]) if "hand" in x else f"{x['hand_size']} cards"),
        ("deck / discard", lambda x: f"{x['deck_size']} / {x['discard_size']}"),
        ("play area", lambda x: _cards(x["play_area"])),
        ("supply", lambda x: _cards(x["supply"])),
        ("removed", lambda x: _cards(x["removed"])),
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


def render(view: dict[str, Any]) -> RenderableType:
    return Group(status(view), board(view), panel(view))
