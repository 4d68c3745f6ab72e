"""Undaunted's board in the terminal: tiles in offset rows, markers, counters, both sides'
cards. The terminal finds this drawing through ``Undaunted.interfaces``; it reads only the
JSON view.

Drawn from the player's own edge: the viewer's side sits at the bottom. The board fits the
width rich measures: full tiles when there is room, compact ones when narrow, and a list of
tiles when not even those fit. Each side is named in text (US, GE), not by colour alone.

Every word is said in the player's language (``voice``: core/words.py's messages, English
without one); the ids the player types (``rifleman-A``, ``13B``, the sides ``us`` and
``germany``) and the symbols the legend explains (``R``, ``MG``, ``s``, ``C``) stay as they
are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from wartable.core.words import Said, listing, named, say, say_n, word

Voice = Callable[[str], str] | None

W = 22  # full tile box width in characters, borders included (even: rows shift by W / 2)
NARROW = 14  # the narrowest compact tile box
LINES = 8  # a tile box's height, borders included
STYLE = {"us": "bold green", "germany": "bold red"}
TAG = {"us": "US", "germany": "GE"}
SHORT = {"rifleman": "R", "scout": "S", "machine-gunner": "MG", "sniper": "SN", "mortar": "MO"}
MARK = {None: "", "scouted": "s", "controlled": "C"}
# a tile's cover (``_cover``: N, or N/M on a hill), in a full box and in a narrow one
COVER = word("cover {cover}")
# i18n: a narrow tile's cover: "cover {cover}" in one letter
COVER_NARROW = word("c{cover}")
# the legend's words, after the sides and the counters' names
LEGEND = (
    word("-A/-B/-C squad"),
    word("* suppressed"),
    word("s scouted, C controlled, ◎ mortar target"),
    word("★ objective points"),
    word("cover N (hill N/M: M against a blast or an attacker on a hill)"),
)
# the side panel's rows
ROWS = {
    "points": word("objective points"),
    "goal": word("goal"),
    "hand": word("hand"),
    "piles": word("deck / discard"),
    "play": word("play area"),
    "supply": word("supply"),
    "removed": word("removed"),
}
# a side's goal as the view writes it (rules/victory.py), said again as a message
GOALS = (
    word("{n} objective points, or pin the enemy down"),
    word("pin the enemy down"),
    word("more objective points than the enemy while it is pinned down"),
)


def spoken(said: Callable[[str], str], text: str) -> str:
    """``text`` said where it is a message; an id (``rifleman-A``), a number or a text the view
    gives as it is stays so."""
    return said(text) if isinstance(text, Said) else text


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
    voice: Voice = None,
) -> list[Text]:
    """One tile as a box ``width`` characters wide; a narrow box says 'c' for cover."""
    said = voice or str
    inner = width - 2
    head = Text(f"{tile['id']:<4}", style="bold")
    head.append(said(say(COVER if inner >= 18 else COVER_NARROW, cover=_cover(tile))))
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


def board(view: dict[str, Any], width: int = 200, voice: Voice = None) -> Text:
    """The board in at most ``width`` columns, then its legend."""
    me = view.get("you") or "us"
    other = "germany" if me == "us" else "us"
    rows, half, span = _layout(view)
    w = tile_width(span, width)
    out = Text()
    for row in rows:
        if w is None:
            for t in row:
                out.append_text(_listed(t, view, (other, me), voice))
                out.append("\n")
            continue
        lines = [Text() for _ in range(LINES)]
        for t in row:
            col = half[t["id"]] * (w // 2)
            cell = tile_lines(t, view["counters"], view["sides"], (other, me), w, voice)
            for line, piece in zip(lines, cell, strict=True):
                if len(line) < col:
                    line.append(" " * (col - len(line)))
                line.append_text(piece)
        for line in lines:
            out.append_text(line)
            out.append("\n")
    out.append_text(legend(view, voice))
    return out


def _listed(
    tile: dict[str, Any], view: dict[str, Any], order: tuple[str, str], voice: Voice = None
) -> Text:
    """A tile as one line, for a terminal too narrow for any picture of the board."""
    said = voice or str
    line = Text(f"{tile['id']:<4}", style="bold")
    line.append(said(say(COVER, cover=_cover(tile))))
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


def lowered(name: str, said: Callable[[str], str]) -> str:
    """A counter's name said in the legend: in small letters where it reads as the data writes
    it (English), as the language writes it elsewhere (German nouns keep their capital)."""
    out = said(named(name))
    return out.lower() if out == name else out


def legend(view: dict[str, Any], voice: Voice = None) -> Text:
    """Every symbol the board can show, counter labels included."""
    said = voice or str
    names = {counter_label(c["unit"], False).split("-")[0]: c["title"] for c in view["counters"]}
    labels = listing([f"{label} {lowered(names[label], said)}" for label in sorted(names)])
    sides = listing([f"{tag(s)} = {s}" for s in view["sides"]])
    parts = [said(say("{sides} (counters and markers)", sides=sides)), spoken(said, labels)]
    parts += [said(text) for text in LEGEND]
    return Text("  " + "; ".join(parts) + "\n", style="dim")


class Board:
    """The board as a rich renderable: it is drawn for the width rich measures."""

    def __init__(self, view: dict[str, Any], voice: Voice = None) -> None:
        self.view = view
        self.voice = voice

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield board(self.view, options.max_width, self.voice)


def _count(n: Any) -> Said:
    """A number of cards (``?`` where the view does not give it)."""
    return say_n("{count} cards", "{count} cards", n if isinstance(n, int) else 0, count=n)


def _size(side: dict[str, Any], zone: str) -> Said:
    """A zone the viewer may count but not see (the view gives ``ZONE_size``)."""
    return _count(side.get(zone + "_size", "?"))


def _cards(counts: dict[str, int]) -> str:
    return ", ".join(f"{k}×{n}" if n > 1 else k for k, n in sorted(counts.items())) or "-"


def goal(side: dict[str, Any]) -> str:
    """A side's goal as a message: the view's words (``victory``) made again from the rules'
    goals, or as they are where they are none of these."""
    text, n = side.get("victory", "-"), side.get("goal")
    if isinstance(text, Said):
        return text
    for form in GOALS:
        if form.format(n=n) == text:
            return say(form, n=n)
    return str(text)


def points(side: dict[str, Any]) -> Said:
    """A side's objective points and the number its goal needs (``-``: none)."""
    held, n = side["objective_points"], side["goal"] or "-"
    return say("{points} / goal {goal}", points=held, goal=n)


def panel(view: dict[str, Any], voice: Voice = None) -> Table:
    said = voice or str
    me = view.get("you")
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("")
    for side in view["sides"]:
        head = said(say("{side} (you)", side=side)) if side == me else side
        table.add_column(head, style=STYLE[side])
    s = view["sides"]
    rows: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("points", points),
        ("goal", goal),
        ("hand", lambda x: _cards(x["hand"]) if "hand" in x else _count(x["hand_size"])),
        ("piles", lambda x: f"{x['deck_size']} / {x['discard_size']}"),
        ("play", lambda x: _cards(x["play_area"])),
        ("supply", lambda x: _cards(x["supply"])),
        ("removed", lambda x: _cards(x["removed"]) if "removed" in x else _size(x, "removed")),
    ]
    for name, fn in rows:
        table.add_row(said(ROWS[name]), *(spoken(said, fn(s[side])) for side in s))
    return table


def status(view: dict[str, Any], voice: Voice = None) -> Text:
    said = voice or str
    title, round_, holder = named(view["title"]), view["round"], view["initiative"]
    t = Text(said(say("{title} — round {round}", title=title, round=round_)), style="bold")
    t.append(", ", style="bold")
    t.append(said(say("initiative: {side}", side=holder)))
    if view["bids"]:
        bids = listing(
            [f"{p} {c}" if c else say("{side} nothing", side=p) for p, c in view["bids"].items()]
        )
        t.append("  " + said(say("(bids: {bids})", bids=bids)), style="dim")
    if view["outcome"]:
        winner, reason = view["outcome"]["winner"], view["outcome"]["reason"]
        if winner:
            over = say("GAME OVER: {side} — {reason}", side=winner, reason=reason)
        else:
            over = say("GAME OVER: draw — {reason}", reason=reason)
        t.append("\n" + said(over), style="bold yellow")
    elif view["phase"] == "bid":
        t.append("\n" + said(word("Phase: choose a card for initiative (secret bid)")))
    else:
        active = view["active"]
        t.append("\n" + said(say("Phase: {side}'s turn", side=active)))
        if view["pending"]:
            t.append(" — " + said(resolving(view["pending"])))
    return t


def resolving(pending: dict[str, Any]) -> Said:
    """The card being resolved, the action chosen on it and how much of it is left."""
    card, choice, left = pending["card"], named(pending["choice"]), pending["left"]
    return say_n(
        "resolving {card} {choice} ({count} left)",
        "resolving {card} {choice} ({count} left)",
        left if isinstance(left, int) else 0,
        card=card,
        choice=choice,
        count=left,
    )


def render(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    """The whole board is always drawn (``focus`` is for maps too wide for the screen); every
    word is said in ``voice``'s language."""
    return Group(status(view, voice), Board(view, voice), panel(view, voice))
