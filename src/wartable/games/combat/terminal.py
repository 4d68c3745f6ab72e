"""Combat! in the terminal: the hex map (whole when it fits the width rich measures, else a
window the player can centre anywhere with ``map HEX``), its objectives and legend in words,
the soldiers, and the victory points broken down.

Flat-topped columns are drawn staggered: the higher columns on a row's first text line, the
others (half a hex lower) on its second. Each hex: terrain letter, level digit or marker,
occupants; while the squad deploys, the window opens on the hexes it may deploy on, marked.
The drawing reads only the JSON view, never game code: this is the terminal interface's
drawing for this game, found through ``Combat.interfaces``. ``words`` puts the ids of log
lines in players' words, its men's and weapons' names read from the game's data.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from wartable.games.combat.vocabulary import ORDERS
from wartable.geometry.span import around

TERRAIN = {
    "open": ".",
    "trees": "T",
    "building": "B",
    "hedgerow": "h",
    "wall": "w",
    "rocks": "r",
    "marsh": "m",
    "stream": "~",
    "depression": "d",
    "field": "f",
    "long_grass": '"',
    "orchard": "o",
    "logs": "l",
    "crater": "c",
    "rubble": "u",
    "foxhole": "x",
}
SIDE_STYLE = {"us": "bold green", "germany": "bold red"}
SMOKE_STYLE = {"smoke": " on grey37", "dispersing": " on grey19"}
DEPLOY_STYLE = " on navy_blue"  # the hexes the squad may deploy on
CELL = 4  # characters a hex column takes
MARGIN = 5  # the row labels ("12a  ")
OBJECTIVE, REACHED = "◆", "◇"


def parse(label: str) -> tuple[int, int]:
    c, r = label.split(".")
    return int(c), int(r)


def on_map(view: dict[str, Any], label: str) -> bool:
    """Whether ``label`` (like 27.08) names a hex of the view's map."""
    try:
        c, r = parse(label)
    except ValueError:
        return False
    return _Grid(view["map"]).has(c, r)


def bounds(view: dict[str, Any]) -> str:
    m = view["map"]
    lo, hi = m["columns"]
    rows = (*m["rows_odd"], *m["rows_even"])
    return f"columns {lo:02d}-{hi:02d}, rows {min(rows):02d}-{max(rows):02d}"


@dataclass
class _Grid:
    m: dict[str, Any]

    def has(self, c: int, r: int) -> bool:
        lo, hi = self.m["columns"]
        rlo, rhi = self.m["rows_odd"] if c % 2 else self.m["rows_even"]
        return bool(lo <= c <= hi and rlo <= r <= rhi)

    def lower(self, c: int) -> bool:
        """Whether column ``c`` is drawn half a hex lower (its hexes on a row's 2nd line)."""
        return (c % 2 == 0) == bool(self.m["layout"] == "even-q")

    def rows(self) -> range:
        rows = (*self.m["rows_odd"], *self.m["rows_even"])
        return range(min(rows), max(rows) + 1)


def occupant(soldiers: list[dict[str, Any]]) -> tuple[str, str]:
    if not soldiers:
        return "  ", ""
    us = [s for s in soldiers if s["side"] == "us"]
    them = [s for s in soldiers if s["side"] != "us"]
    if us and them:
        return "XX", "bold yellow"
    group = us or them
    mark = group[0]["team"][0].upper() if us else ("G" if group[0]["known"] else "?")
    count = str(len(group)) if len(group) > 1 else " "
    return mark + count, SIDE_STYLE[group[0]["side"]]


def acting_hex(view: dict[str, Any]) -> str | None:
    acting = view.get("acting")
    if not acting:
        return None
    return next((s["hex"] for s in view["soldiers"] if s["key"] == acting["soldier"]), None)


def deploy_columns(view: dict[str, Any]) -> tuple[int, int] | None:
    """The first and last columns of the hexes the squad may still deploy on (None: it is
    not deploying)."""
    zone = [parse(h)[0] for h in view.get("deploy_zone") or []]
    return (min(zone), max(zone)) if zone else None


def default_focus(view: dict[str, Any]) -> str:
    """The acting soldier's hex; while the squad deploys, the middle of the hexes it may
    deploy on; else the first of ours on the map, else the map's middle."""
    found = acting_hex(view)
    zone = view.get("deploy_zone") or []
    if not found and zone:
        cs, rs = [parse(h)[0] for h in zone], [parse(h)[1] for h in zone]
        return f"{(min(cs) + max(cs)) // 2:02d}.{(min(rs) + max(rs)) // 2:02d}"
    found = found or next(
        (s["hex"] for s in view["soldiers"] if s["side"] == "us" and s["hex"]), None
    )
    if found:
        return str(found)
    lo, hi = view["map"]["columns"]
    rows = _Grid(view["map"]).rows()
    return f"{(lo + hi) // 2:02d}.{(rows.start + rows.stop - 1) // 2:02d}"


@dataclass
class _Seen:
    """What a drawing shows, so that its legend explains exactly that."""

    terrain: set[str] = field(default_factory=set)
    levels: set[int] = field(default_factory=set)
    marks: set[str] = field(default_factory=set)


def columns(view: dict[str, Any], width: int, focus: str | None) -> range:
    """Every column when the map fits ``width``, else as many as fit around the focus."""
    lo, hi = view["map"]["columns"]
    fit = max(1, (width - MARGIN) // CELL)
    if hi - lo + 1 <= fit:
        return range(lo, hi + 1)
    centre = parse(focus or default_focus(view))[0]
    zone = deploy_columns(view) if focus is None and not acting_hex(view) else None
    # where the player must act: from the deploy zone's first column
    shown = around(hi - lo + 1, fit, centre - lo, None if zone is None else zone[0] - lo)
    return range(lo + shown.start, lo + shown.stop)


def shown_rows(view: dict[str, Any], lines: int, focus: str | None) -> range:
    """Every hex row when the map fits ``lines`` terminal lines (two a row), else as many as
    fit around the focus: the hex given, else where the player must act (``default_focus``:
    the acting soldier, the middle of the deploy zone, our men)."""
    every = _Grid(view["map"]).rows()
    fit = max(1, lines // 2)
    if len(every) <= fit:
        return every
    shown = around(len(every), fit, parse(focus or default_focus(view))[1] - every.start)
    return range(every.start + shown.start, every.start + shown.stop)


def window(
    view: dict[str, Any],
    width: int = 200,
    focus: str | None = None,
    lines: int | None = None,
) -> Text:
    """The map in at most ``width`` columns, a note if only part of it is shown, a legend.
    ``lines``: the brief drawing, the map's rows cut to that many terminal lines (around
    the focus), a line saying what is shown and no legend."""
    grid = _Grid(view["map"])
    terrain = {t[0]: (t[1], t[2]) for t in view["map"]["terrain"]}
    where: dict[str, list[dict[str, Any]]] = {}
    for s in view["soldiers"]:
        if s["hex"] and s["status"] == "active":
            where.setdefault(s["hex"], []).append(s)
    acting = acting_hex(view)
    cols = columns(view, width, focus)
    objectives = {o["hex"]: o["reached"] for o in view.get("objectives", [])}
    smoke = {s["hex"]: s["marker"] for s in view.get("smoke", [])}
    grenades = set(view.get("grenades", []))
    flares = set(view.get("flares", []))
    zone = set(view.get("deploy_zone") or [])
    seen = _Seen()
    out = Text("     " + "".join(f"{c:02d}  " for c in cols) + "\n", style="dim")
    drawn = grid.rows() if lines is None else shown_rows(view, lines, focus)
    for r in drawn:
        for second in (False, True):
            line = Text(f"{r:02d}{'b' if second else 'a'}  ", style="dim")
            for c in cols:
                label = f"{c:02d}.{r:02d}"
                if grid.lower(c) != second or not grid.has(c, r):
                    line.append(" " * CELL)
                    continue
                kind, level = terrain.get(label, ("open", 0))
                seen.terrain.add(kind)
                back = SMOKE_STYLE.get(smoke.get(label, ""), "")
                if back:
                    seen.marks.add(smoke[label])
                elif label in zone:
                    back = DEPLOY_STYLE
                    seen.marks.add("deploy")
                line.append(TERRAIN.get(kind, "?"), style=back.strip())
                if label in grenades:
                    line.append("*", style="bold magenta" + back)
                    seen.marks.add("*")
                elif label in flares:
                    line.append("+", style="bold white" + back)
                    seen.marks.add("+")
                else:
                    line.append(str(level) if level else " ", style="dim" + back)
                    if level:
                        seen.levels.add(level)
                mark, style = occupant(where.get(label, []))
                if mark.strip():
                    seen.marks.add(mark[0] if mark != "XX" else "XX")
                    if mark[1].isdigit():
                        seen.marks.add("count")
                elif label in objectives:
                    mark, style = (REACHED if objectives[label] else OBJECTIVE) + " ", "bold yellow"
                    seen.marks.add(mark[0])
                if label == acting:
                    style += " reverse"
                    seen.marks.add("acting")
                line.append(mark, style=(style + back).strip())
            out.append_text(line)
            out.append("\n")
    lo, hi = view["map"]["columns"]
    deploying = deploy_columns(view)
    if deploying is not None and lines is None:  # the brief drawing's status line says it
        first, last = deploying
        out.append(
            f"  deploy: your squad deploys in columns {first:02d}-{last:02d} (blue background)\n",
            style="bold",
        )
    if lines is not None:
        every = grid.rows()
        if len(cols) < hi - lo + 1 or len(drawn) < len(every):
            out.append(
                f"  rows {drawn.start:02d}-{drawn.stop - 1:02d} of {every.start:02d}-"
                f"{every.stop - 1:02d}, columns {cols.start:02d}-{cols.stop - 1:02d} of "
                f"{lo:02d}-{hi:02d} shown; 'board': the whole map\n",
                style="italic",
            )
        out.right_crop(1)  # the last newline: printing ends the line
        return out
    if len(cols) < hi - lo + 1:
        out.append(
            f"  columns {cols.start:02d}-{cols.stop - 1:02d} of {lo:02d}-{hi:02d} shown: "
            "'map HEX' centres the map on a hex, 'map' follows the action again\n",
            style="italic",
        )
    out.append_text(legend(seen, view))
    return out


MARKS = {
    "A": "A/B/C our teams (Able, Baker, Charlie)",
    "count": "a digit after a letter: that many soldiers",
    "G": "G a known German",
    "?": "? an unknown German counter",
    "XX": "XX both sides in one hex",
    OBJECTIVE: f"{OBJECTIVE} an objective",
    REACHED: f"{REACHED} an objective reached",
    "acting": "reversed: the soldier acting",
    "*": "* a grenade burst",
    "+": "+ a flare",
    "smoke": "grey background: smoke",
    "dispersing": "dark grey: dispersing smoke",
    "deploy": "blue background: where your squad may deploy",
}


def legend(seen: _Seen, view: dict[str, Any]) -> Text:
    """Every symbol the drawing above shows, in words."""
    marks = {"A" if m in ("B", "C") else m for m in seen.marks}
    parts = [text for key, text in MARKS.items() if key in marks]
    names = [f"{TERRAIN.get(k, '?')} {k.replace('_', ' ')}" for k in TERRAIN if k in seen.terrain]
    names += [f"? {k.replace('_', ' ')}" for k in sorted(seen.terrain - set(TERRAIN))]
    text = "  " + "; ".join(parts) + ("; " if parts else "") + "terrain: " + ", ".join(names)
    if seen.levels:
        levels = ", ".join(map(str, sorted(seen.levels)))
        text += f"; a digit after the terrain: the hex's level ({levels})"
    if "smoke" in seen.marks or "dispersing" in seen.marks:
        text += f"; wind toward {view.get('wind', '-')}"
    return Text(text + "\n", style="dim")


def objectives(view: dict[str, Any], shown: range | None = None) -> Text:
    """The objectives in words: where, which are reached, which lie outside the window."""
    objs = view.get("objectives", [])
    if not objs:
        return Text("objectives: none on the map (see the scenario's victory conditions)")
    parts = []
    for o in objs:
        label = o["hex"] + (" reached" if o["reached"] else "")
        if shown is not None and parse(o["hex"])[0] not in shown:
            label += " (off the window)"
        parts.append(label)
    return Text("objectives: " + ", ".join(parts))


def victory(view: dict[str, Any]) -> Text | None:
    """The victory points so far, or the final ones, broken down by what earned them."""
    log = view.get("victory_log") or []
    if not log:
        over = view.get("outcome") and "victory_log" in view
        return (
            Text(f"final victory points: none scored; total {view['victory_points']}")
            if over
            else None
        )
    count: Counter[str] = Counter()
    each: dict[str, int] = {}
    for what, points in log:
        count[what] += 1
        each[what] = points
    parts = [
        f"{what.replace('_', ' ')} {n} × {each[what]:+d} = {n * each[what]:+d}"
        for what, n in count.items()
    ]
    head = "final victory points" if view.get("outcome") else "victory points so far"
    return Text(f"{head}: " + ", ".join(parts) + f"; total {view['victory_points']}")


# the terminal lines the brief drawing leaves beside its map: its status line, the column
# numbers and the line saying what is shown (3), the events (2), a menu of 20 choices with
# its heading and hints and the prompt (25)
BRIEF_ROOM = 30


class Map:
    """The map as a rich renderable: drawn for the width rich measures; ``brief``: its rows
    cut to the height too (what the terminal holds less ``BRIEF_ROOM``, at least 10 lines),
    without the legend and the objectives' line."""

    def __init__(self, view: dict[str, Any], focus: str | None = None, brief: bool = False) -> None:
        self.view = view
        self.focus = focus
        self.brief = brief

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if self.brief:
            height = options.height or options.max_height
            yield window(self.view, width, self.focus, max(10, height - BRIEF_ROOM))
            return
        yield window(self.view, width, self.focus)
        yield objectives(self.view, columns(self.view, width, self.focus))


def soldiers(view: dict[str, Any]) -> Table:
    table = Table(
        "who", "team", "hex", "order", "morale", "wounds", "notes", box=None, header_style="bold"
    )
    for s in view["soldiers"]:
        if s["status"] != "active":
            continue
        name = s.get("name") or f"unknown {s['key']}"
        notes = []
        if s["side"] == "us":
            notes.append("spotted" if s["spotted"] else "hidden")
            notes.append(f"{s['weapon']} WS {s['ws']}, TQ {s['tq']}")
        elif s["known"]:
            notes.append(f"{s['role']}, {s['weapon']} WS {s['ws']}, TQ {s['tq']}")
        if s["side"] != "us":
            notes.append("alert" if s["alert"] else "waiting")
        if s["ammo"] != "ok":
            notes.append(f"ammo {s['ammo']}")
        if s.get("grenade_live"):
            notes.append("live grenade")
        if s.get("grenade_target"):
            notes.append(f"target {s['grenade_target']}")
        if s.get("blast"):
            notes.append(f"grenade {s['blast']}")
        order = (s["order"] or "-").replace("_", " ") + (
            " " + "/".join(map(str, s["dirs"])) if s["dirs"] else ""
        )
        table.add_row(
            Text(name, style=SIDE_STYLE[s["side"]]),
            s["team"],
            s["hex"] or "-",
            order,
            s["morale"],
            ", ".join(s["wounds"]) or "-",
            "; ".join(notes),
        )
    return table


def status(view: dict[str, Any]) -> Text:
    t = Text(
        f"{view['title']} - turn {view['turn']} of {view['turns']}, {view['phase']}", style="bold"
    )
    if view["phase"] == "impulses":
        t.append(f", impulse {view['impulse']}")
    t.append(f"   victory points {view['victory_points']}")
    if view["initiative_track"]:
        t.append(
            "\ninitiative: " + ", ".join(f"{team} {v}" for v, team in view["initiative_track"])
        )
    hand = ", ".join(f"{c['number']} {c['title']} {c['initiative']}" for c in view["hand"])
    t.append(f"\nhand: {hand or '-'}   deck {view['deck_size']}, discard {view['discard_size']}")
    if view["outcome"]:
        t.append(f"\nGAME OVER: {view['outcome']['reason']}", style="bold yellow")
    return t


def outcome(view: dict[str, Any]) -> Text | None:
    """How the game ended, with the tally of losses and objectives (from the outcome)."""
    o = view.get("outcome")
    if not o:
        return None
    stats = ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in o.get("stats", {}).items())
    return Text(f"result: {o['reason']}" + (f"\ntally: {stats}" if stats else ""), style="bold")


def render(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    parts: list[RenderableType] = [status(view), Map(view, focus), soldiers(view)]
    parts += [t for t in (victory(view), outcome(view)) if t is not None]
    return Group(*parts)


def brief_status(view: dict[str, Any]) -> Text:
    """The turn, the phase (while the squad deploys, where), who acts and the victory points
    in one line (cut, never wrapped, where the width is short: the scenario's title last)."""
    t = Text(f"turn {view['turn']} of {view['turns']}, {view['phase']}", style="bold")
    t.no_wrap, t.overflow = True, "ellipsis"
    if view["phase"] == "impulses":
        t.append(f", impulse {view['impulse']}", style="bold")
    deploying = deploy_columns(view)
    if deploying is not None:
        t.append(f" in columns {deploying[0]:02d}-{deploying[1]:02d} (blue)", style="bold")
    acting = view.get("acting")
    if acting:
        who: dict[str, Any] = next(
            (s for s in view["soldiers"] if s["key"] == acting["soldier"]), {}
        )
        t.append(f" — acting: {who.get('name') or acting['soldier']}", style="bold")
    t.append(f" — victory points {view['victory_points']}")
    if view["outcome"]:
        t.append(" — GAME OVER", style="bold yellow")
    t.append(f" — {view['title']}", style="dim")
    return t


def render_brief(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    """The picture between two decisions in a row: a status line and the map, its rows cut
    to what the terminal holds beside a menu, around where the player must act; 'board'
    draws the whole picture."""
    return Group(brief_status(view), Map(view, focus, brief=True))


def focus_problem(view: dict[str, Any], label: str) -> str | None:
    """Why the map cannot be centred on ``label`` (None: it can)."""
    if on_map(view, label):
        return None
    return f"no hex {label!r} on this map ({bounds(view)}; a hex reads like 27.08)"


SIDE_NAME = {"us": "US", "germany": "Germany"}
# a man's id ("sgt-mayfield"), a weapon's or an order's ("m1_garand", "aimed_fire"), a side's
ID = re.compile(r"\b[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+\b|\b(?:us|germany)\b")


@cache
def names() -> dict[str, str]:
    """Each man's and weapon's id -> its name: the US counters', the German rosters' (their
    names are their ids in words, as the game deals them) and every weapon's."""
    from wartable.content.loader import data_folder
    from wartable.games.combat.library import PACKAGE_DATA, CombatLibrary

    lib = CombatLibrary(data_folder("combat", PACKAGE_DATA))  # the data the game plays with
    chars, arms = lib.characters, lib.weapons
    out = {key: c.name for key, c in chars.us.counters.items()}
    for roster in chars.germany.teams.values():
        out |= {key: key.replace("-", " ").title() for key in roster}
    for table in (arms.weapons, arms.grenades, arms.artillery):
        out |= {key: w.name for key, w in table.items()}
    return out


def words(text: str, voice: Callable[[str], str] | None = None) -> str:
    """Ids in players' words: "sgt-mayfield" is "Sgt Mayfield", "m1_garand" "M1 Garand",
    "aimed_fire" "aimed fire", "us" "US" (as the page's ``words``); an order said in
    ``voice``'s language."""
    said = voice or str

    def swap(m: re.Match[str]) -> str:
        found = m[0]
        if found in ORDERS:
            return said(ORDERS[found])
        return SIDE_NAME.get(found) or names().get(found) or found.replace("_", " ")

    return ID.sub(swap, text)
