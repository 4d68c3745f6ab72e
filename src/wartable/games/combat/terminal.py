"""Combat! in the terminal: the hex map (whole when it fits the width rich measures, else a
window the player can centre anywhere with ``map HEX``), its objectives and legend in words,
the soldiers, and the victory points broken down.

Flat-topped columns are drawn staggered: the higher columns on a row's first text line, the
others (half a hex lower) on its second. Each hex: terrain letter, level digit or marker,
occupants; while the squad deploys, the window opens on the hexes it may deploy on, marked.
The drawing reads only the JSON view, never game code: this is the terminal interface's
drawing for this game, found through ``Combat.interfaces``. ``words`` puts the ids of log
lines in players' words, its men's and weapons' names read from the game's data. Every word
is said in the player's language (``voice``; English without one); the hexes, the ids and
the commands the player types (``27.08``, ``sgt-taylor``, ``map``) stay as they are.
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

from wartable.core.words import Said, listing, named, say, say_n, word
from wartable.games.combat.vocabulary import MORALE, ORDERS, TEAMS, WOUNDS
from wartable.games.combat.vocabulary import TERRAIN as TERRAIN_WORDS
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
PHASES = {
    "deploy": word("deploy"),
    "cards": word("cards"),
    "orders": word("orders"),
    "impulses": word("impulses"),
    "over": word("over"),
}
# the teams as the drawing names them: ours by their ids (as the initiative track's log does)
TEAM = {**TEAMS, "able": word("able"), "baker": word("baker"), "charlie": word("charlie")}
ROLES = {  # a known German's role (characters.yaml)
    "recruit": word("recruit"),
    "rifleman": word("rifleman"),
    "veteran": word("veteran"),
    "nco": word("nco"),
    "officer": word("officer"),
    "elite": word("elite"),
    "lmg": word("lmg"),
    "sniper": word("sniper"),
}
# the wound markers as the soldiers' table has always written them (vocabulary.WOUNDS says
# them in words)
WOUND_MARKS = {
    "light_wound": word("light_wound"),
    "bad_wound": word("bad_wound"),
    "bandaged_light_wound": word("bandaged_light_wound"),
    "bandaged_bad_wound": word("bandaged_bad_wound"),
}
AMMO = {"low": word("ammo low"), "none": word("ammo none")}
BLAST = {"near": word("grenade near"), "far": word("grenade far")}  # caught by a grenade
HEADERS = (
    word("who"),
    word("team"),
    word("hex"),
    word("order"),
    word("morale"),
    word("wounds"),
    word("notes"),
)
# what victory points are scored for (the scenarios' points), and the tally at the end
POINTS = {
    "objective_reached": word("objective reached"),
    "enemy_killed": word("enemy killed"),
    "enemy_nco_killed": word("enemy nco killed"),
    "enemy_officer_killed": word("enemy officer killed"),
    "routed_enemy_off_map": word("routed enemy off map"),
    "enemy_off_friendly_edge": word("enemy off friendly edge"),
    "friendly_killed": word("friendly killed"),
    "friendly_wounded": word("friendly wounded"),
    "buildings_clear_at_end": word("buildings clear at end"),
    "papers": word("papers"),
    "friendly_captured": word("friendly captured"),
    "enemy_captured": word("enemy captured"),
    "objectives_reached": word("objectives reached"),
}


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


def bounds(view: dict[str, Any]) -> Said:
    m = view["map"]
    lo, hi = m["columns"]
    rows = (*m["rows_odd"], *m["rows_even"])
    return say(
        "columns {first}-{last}, rows {top}-{bottom}",
        first=f"{lo:02d}",
        last=f"{hi:02d}",
        top=f"{min(rows):02d}",
        bottom=f"{max(rows):02d}",
    )


def told(table: dict[str, Said], key: str, said: Callable[[str], str]) -> str:
    """``key``'s word in ``table``, said; an id the table lacks reads as before (its
    underscores as spaces)."""
    found = table.get(key)
    return key.replace("_", " ") if found is None else said(found)


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
    voice: Callable[[str], str] | None = None,
) -> Text:
    """The map in at most ``width`` columns, a note if only part of it is shown, a legend.
    ``lines``: the brief drawing, the map's rows cut to that many terminal lines (around
    the focus), a line saying what is shown and no legend."""
    said = voice or str
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
        deploy = say(
            "deploy: your squad deploys in columns {first}-{last} (blue background)",
            first=f"{deploying[0]:02d}",
            last=f"{deploying[1]:02d}",
        )
        out.append(f"  {said(deploy)}\n", style="bold")
    shown = {  # the columns shown, of the map's
        "first": f"{cols.start:02d}",
        "last": f"{cols.stop - 1:02d}",
        "lo": f"{lo:02d}",
        "hi": f"{hi:02d}",
    }
    if lines is not None:
        every = grid.rows()
        if len(cols) < hi - lo + 1 or len(drawn) < len(every):
            part = say(
                "rows {top}-{bottom} of {rows_top}-{rows_bottom}, columns {first}-{last} of "
                "{lo}-{hi} shown; 'board': the whole map",
                top=f"{drawn.start:02d}",
                bottom=f"{drawn.stop - 1:02d}",
                rows_top=f"{every.start:02d}",
                rows_bottom=f"{every.stop - 1:02d}",
                **shown,
            )
            out.append(f"  {said(part)}\n", style="italic")
        out.right_crop(1)  # the last newline: printing ends the line
        return out
    if len(cols) < hi - lo + 1:
        part = say(
            "columns {first}-{last} of {lo}-{hi} shown: 'map HEX' centres the map on a hex, "
            "'map' follows the action again",
            **shown,
        )
        out.append(f"  {said(part)}\n", style="italic")
    out.append_text(legend(seen, view, voice))
    return out


MARKS = {  # what each mark on the map means: its symbol (none: a style) and its words
    "A": ("A/B/C", word("our teams (Able, Baker, Charlie)")),
    "count": ("", word("a digit after a letter: that many soldiers")),
    "G": ("G", word("a known German")),
    "?": ("?", word("an unknown German counter")),
    "XX": ("XX", word("both sides in one hex")),
    OBJECTIVE: (OBJECTIVE, word("an objective")),
    REACHED: (REACHED, word("an objective reached")),
    "acting": ("", word("reversed: the soldier acting")),
    "*": ("*", word("a grenade burst")),
    "+": ("+", word("a flare")),
    "smoke": ("", word("grey background: smoke")),
    "dispersing": ("", word("dark grey: dispersing smoke")),
    "deploy": ("", word("blue background: where your squad may deploy")),
}


def legend(seen: _Seen, view: dict[str, Any], voice: Callable[[str], str] | None = None) -> Text:
    """Every symbol the drawing above shows, in words."""
    said = voice or str
    marks = {"A" if m in ("B", "C") else m for m in seen.marks}
    parts = [
        f"{symbol} {said(text)}" if symbol else said(text)
        for key, (symbol, text) in MARKS.items()
        if key in marks
    ]
    names = [f"{TERRAIN[k]} {told(TERRAIN_WORDS, k, said)}" for k in TERRAIN if k in seen.terrain]
    names += [f"? {told(TERRAIN_WORDS, k, said)}" for k in sorted(seen.terrain - set(TERRAIN))]
    parts.append(said(say("terrain: {names}", names=listing(names))))
    if seen.levels:
        levels = ", ".join(map(str, sorted(seen.levels)))
        level = say("a digit after the terrain: the hex's level ({levels})", levels=levels)
        parts.append(said(level))
    if "smoke" in seen.marks or "dispersing" in seen.marks:
        parts.append(said(say("wind toward {wind}", wind=view.get("wind", "-"))))
    return Text("  " + "; ".join(parts) + "\n", style="dim")


def objectives(
    view: dict[str, Any], shown: range | None = None, voice: Callable[[str], str] | None = None
) -> Text:
    """The objectives in words: where, which are reached, which lie outside the window."""
    said = voice or str
    objs = view.get("objectives", [])
    if not objs:
        none = word("objectives: none on the map (see the scenario's victory conditions)")
        return Text(said(none))
    parts = []
    for o in objs:
        label: str = o["hex"]
        if o["reached"]:
            label = say("{hex} reached", hex=label)
        if shown is not None and parse(o["hex"])[0] not in shown:
            label = say("{hex} (off the window)", hex=label)
        parts.append(label)
    return Text(said(say("objectives: {hexes}", hexes=listing(parts))))


def victory(view: dict[str, Any], voice: Callable[[str], str] | None = None) -> Text | None:
    """The victory points so far, or the final ones, broken down by what earned them."""
    said = voice or str
    log = view.get("victory_log") or []
    if not log:
        if not (view.get("outcome") and "victory_log" in view):
            return None
        total = view["victory_points"]
        return Text(said(say("final victory points: none scored; total {total}", total=total)))
    count: Counter[str] = Counter()
    each: dict[str, int] = {}
    for what, points in log:
        count[what] += 1
        each[what] = points
    parts = listing(
        [
            f"{told(POINTS, what, said)} {n} × {each[what]:+d} = {n * each[what]:+d}"
            for what, n in count.items()
        ]
    )
    total = view["victory_points"]
    if view.get("outcome"):
        head = say("final victory points: {points}; total {total}", points=parts, total=total)
    else:
        head = say("victory points so far: {points}; total {total}", points=parts, total=total)
    return Text(said(head))


# the terminal lines the brief drawing leaves beside its map: its status line, the column
# numbers and the line saying what is shown (3), the events (2), a menu of 20 choices with
# its heading and hints and the prompt (25)
BRIEF_ROOM = 30


class Map:
    """The map as a rich renderable: drawn for the width rich measures; ``brief``: its rows
    cut to the height too (what the terminal holds less ``BRIEF_ROOM``, at least 10 lines),
    without the legend and the objectives' line."""

    def __init__(
        self,
        view: dict[str, Any],
        focus: str | None = None,
        brief: bool = False,
        voice: Callable[[str], str] | None = None,
    ) -> None:
        self.view = view
        self.focus = focus
        self.brief = brief
        self.voice = voice

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if self.brief:
            height = options.height or options.max_height
            lines = max(10, height - BRIEF_ROOM)
            yield window(self.view, width, self.focus, lines, self.voice)
            return
        yield window(self.view, width, self.focus, voice=self.voice)
        yield objectives(self.view, columns(self.view, width, self.focus), self.voice)


def soldiers(view: dict[str, Any], voice: Callable[[str], str] | None = None) -> Table:
    said = voice or str
    table = Table(*(said(h) for h in HEADERS), box=None, header_style="bold")
    for s in view["soldiers"]:
        if s["status"] != "active":
            continue
        name = s.get("name") or said(say("unknown {key}", key=s["key"]))
        order = told(ORDERS, s["order"], said) if s["order"] else "-"
        if s["dirs"]:
            order += " " + "/".join(map(str, s["dirs"]))
        wounds = [told(WOUND_MARKS, w, said) for w in s["wounds"]]
        table.add_row(
            Text(name, style=SIDE_STYLE[s["side"]]),
            told(TEAM, s["team"], said),
            s["hex"] or "-",
            order,
            told(MORALE, s["morale"], said),
            (said(listing(wounds)) if len(wounds) > 1 else "".join(wounds)) or "-",
            "; ".join(notes(s, said)),
        )
    return table


def notes(s: dict[str, Any], said: Callable[[str], str]) -> list[str]:
    """What the soldiers' table says of a man: ours spotted or hidden, with their weapons;
    a known German's role and weapon; a German alert or waiting; ammunition, grenades."""
    out = []
    if s["side"] == "us":
        out.append(said(word("spotted") if s["spotted"] else word("hidden")))
        arms = say("{weapon} WS {ws}, TQ {tq}", weapon=s["weapon"], ws=s["ws"], tq=s["tq"])
        out.append(said(arms))
    elif s["known"]:
        arms = say("{weapon} WS {ws}, TQ {tq}", weapon=s["weapon"], ws=s["ws"], tq=s["tq"])
        role = said(ROLES[s["role"]]) if s["role"] in ROLES else str(s["role"])
        out.append(f"{role}, {said(arms)}")
    if s["side"] != "us":
        out.append(said(word("alert") if s["alert"] else word("waiting")))
    if s["ammo"] != "ok":
        ammo = AMMO.get(s["ammo"])
        out.append(said(ammo) if ammo is not None else f"ammo {s['ammo']}")
    if s.get("grenade_live"):
        out.append(said(word("live grenade")))
    if s.get("grenade_target"):
        out.append(said(say("target {hex}", hex=s["grenade_target"])))
    if s.get("blast"):
        blast = BLAST.get(s["blast"])
        out.append(said(blast) if blast is not None else f"grenade {s['blast']}")
    return out


def turn_words(view: dict[str, Any]) -> Said:
    """The turn, of how many, and the phase (with the impulse, while impulses are played)."""
    turn, turns = view["turn"], view["turns"]
    phase = PHASES.get(view["phase"], view["phase"])
    if view["phase"] == "impulses":
        return say(
            "turn {turn} of {turns}, {phase}, impulse {impulse}",
            turn=turn,
            turns=turns,
            phase=phase,
            impulse=view["impulse"],
        )
    return say("turn {turn} of {turns}, {phase}", turn=turn, turns=turns, phase=phase)


def end_reason(view: dict[str, Any]) -> str:
    """Why the game ended: the victory level reached (the rules write it in English, with the
    points) said as a message, any other reason as it is (a resignation is a message)."""
    o = view["outcome"]
    reason: str = o["reason"]
    level, points = o.get("kind"), view["victory_points"]
    if not isinstance(reason, Said) and level and reason == f"{level} ({points} victory points)":
        return say_n(
            "{level} ({count} victory points)",
            "{level} ({count} victory points)",  # the same English
            points,
            level=named(level),
        )
    return reason


def status(view: dict[str, Any], voice: Callable[[str], str] | None = None) -> Text:
    said = voice or str
    head = say("{scenario} - {turn}", scenario=named(view["title"]), turn=turn_words(view))
    line = Text(said(head), style="bold")
    line.append("   " + said(say("victory points {points}", points=view["victory_points"])))
    if view["initiative_track"]:
        track = [f"{told(TEAM, team, said)} {v}" for v, team in view["initiative_track"]]
        line.append("\n" + said(say("initiative: {teams}", teams=listing(track))))
    hand = [f"{c['number']} {said(named(c['title']))} {c['initiative']}" for c in view["hand"]]
    cards = said(say("hand: {cards}", cards=listing(hand) or "-"))
    pile = say(
        "deck {deck}, discard {discard}", deck=view["deck_size"], discard=view["discard_size"]
    )
    line.append(f"\n{cards}   {said(pile)}")
    if view["outcome"]:
        over = say("GAME OVER: {reason}", reason=end_reason(view))
        line.append("\n" + said(over), style="bold yellow")
    return line


def outcome(view: dict[str, Any], voice: Callable[[str], str] | None = None) -> Text | None:
    """How the game ended, with the tally of losses and objectives (from the outcome)."""
    said = voice or str
    o = view.get("outcome")
    if not o:
        return None
    stats = [f"{told(POINTS, k, said)} {v:g}" for k, v in o.get("stats", {}).items()]
    text = said(say("result: {reason}", reason=end_reason(view)))
    if stats:
        text += "\n" + said(say("tally: {stats}", stats=listing(stats)))
    return Text(text, style="bold")


def render(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    parts: list[RenderableType] = [
        status(view, voice),
        Map(view, focus, voice=voice),
        soldiers(view, voice),
    ]
    parts += [t for t in (victory(view, voice), outcome(view, voice)) if t is not None]
    return Group(*parts)


def brief_status(view: dict[str, Any], voice: Callable[[str], str] | None = None) -> Text:
    """The turn, the phase (while the squad deploys, where), who acts and the victory points
    in one line (cut, never wrapped, where the width is short: the scenario's title last)."""
    said = voice or str
    line = Text(said(turn_words(view)), style="bold")
    line.no_wrap, line.overflow = True, "ellipsis"
    deploying = deploy_columns(view)
    if deploying is not None:
        where = say(
            "in columns {first}-{last} (blue)",
            first=f"{deploying[0]:02d}",
            last=f"{deploying[1]:02d}",
        )
        line.append(" " + said(where), style="bold")
    acting = view.get("acting")
    if acting:
        who: dict[str, Any] = next(
            (s for s in view["soldiers"] if s["key"] == acting["soldier"]), {}
        )
        soldier = who.get("name") or acting["soldier"]
        line.append(" — " + said(say("acting: {soldier}", soldier=soldier)), style="bold")
    line.append(" — " + said(say("victory points {points}", points=view["victory_points"])))
    if view["outcome"]:
        line.append(" — " + said(word("GAME OVER")), style="bold yellow")
    line.append(" — " + said(named(view["title"])), style="dim")
    return line


def render_brief(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    """The picture between two decisions in a row: a status line and the map, its rows cut
    to what the terminal holds beside a menu, around where the player must act; 'board'
    draws the whole picture."""
    return Group(brief_status(view, voice), Map(view, focus, brief=True, voice=voice))


def focus_problem(view: dict[str, Any], label: str) -> str | None:
    """Why the map cannot be centred on ``label`` (None: it can)."""
    if on_map(view, label):
        return None
    return say(
        "no hex {label} on this map ({bounds}; a hex reads like 27.08)",
        label=repr(label),
        bounds=bounds(view),
    )


SIDE_NAME = {"us": word("US"), "germany": word("Germany")}
# ids with underscores a log line names: orders, terrain, wounds (in words, as before)
ID_WORDS = {**TERRAIN_WORDS, **WOUNDS, **ORDERS}
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
    "aimed_fire" "aimed fire", "us" "US" (as the page's ``words``); an order, a terrain, a
    wound and a side said in ``voice``'s language."""
    said = voice or str

    def swap(m: re.Match[str]) -> str:
        found = m[0]
        known = ID_WORDS.get(found) or SIDE_NAME.get(found)
        if known is not None:
            return said(known)
        return names().get(found) or found.replace("_", " ")

    return ID.sub(swap, text)
