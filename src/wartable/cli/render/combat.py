"""Combat! in the terminal: a window of the hex map around the action, and the soldiers.

Flat-topped columns are drawn staggered: odd columns on a row's first text line, even
columns (half a hex lower) on its second. Each hex: terrain letter, level digit, occupants.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

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
HALF_W, HALF_H = 9, 6


def parse(label: str) -> tuple[int, int]:
    c, r = label.split(".")
    return int(c), int(r)


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


def window(view: dict[str, Any]) -> Text:
    terrain = {t[0]: (t[1], t[2]) for t in view["map"]["terrain"]}
    where: dict[str, list[dict[str, Any]]] = {}
    for s in view["soldiers"]:
        if s["hex"] and s["status"] == "active":
            where.setdefault(s["hex"], []).append(s)
    acting = view.get("acting")
    focus = next(
        (s["hex"] for s in view["soldiers"] if acting and s["key"] == acting["soldier"]), None
    ) or next((s["hex"] for s in view["soldiers"] if s["side"] == "us" and s["hex"]), "18.10")
    fc, fr = parse(focus)
    cols = range(max(1, fc - HALF_W), fc + HALF_W + 1)
    out = Text("     " + "".join(f"{c:02d}  " for c in cols) + "\n", style="dim")
    objectives = {o["hex"] for o in view.get("objectives", [])}
    smoke = {s["hex"]: s["marker"] for s in view.get("smoke", [])}
    grenades = set(view.get("grenades", []))
    for r in range(max(0, fr - HALF_H), fr + HALF_H + 1):
        for odd in (True, False):
            line = Text(f"{r:02d}{'a' if odd else 'b'}  ", style="dim")
            for c in cols:
                if (c % 2 == 1) != odd:
                    line.append("    ")
                    continue
                label = f"{c:02d}.{r:02d}"
                kind, level = terrain.get(label, ("open", 0))
                mark, style = occupant(where.get(label, []))
                back = SMOKE_STYLE.get(smoke.get(label, ""), "")
                line.append(
                    TERRAIN.get(kind, "?"), style=("yellow " if label in objectives else "") + back
                )
                if label in grenades:
                    line.append("*", style="bold magenta " + back)
                else:
                    line.append(str(level) if level else " ", style="dim " + back)
                line.append(mark, style=(style or ("bold cyan" if label == focus else "")) + back)
            out.append_text(line)
            out.append("\n")
    out.append(
        "  A/B/C our teams, G known German, ? unknown counter, XX both sides; T trees, "
        'B building, h hedge, w wall, r rocks, ~ stream, " long grass, f field; '
        f"* grenade, grey: smoke (wind toward {view.get('wind', '-')})\n",
        style="dim",
    )
    return out


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


def render(view: dict[str, Any]) -> RenderableType:
    return Group(status(view), window(view), soldiers(view))
