"""Día de Honor in the terminal: the square map (whole when it fits the width rich measures,
else a window the player can centre anywhere with ``map SQUARE``), its legend in words, the
player's units, the other squads at a glance, the player's hand and secret objective.

Each square takes four characters. An empty square shows its ground symbol and, on higher
ground, its level (``^1``: rough ground, level 1); a unit shows its type letter (capitals for
the axis, small letters for the allies), its number among its seat's units of that type (the
number the actions use: ``L3`` is Light 3), then the ground under it, so that its cover
shows (a blank for level clear ground), and one last character: ``x`` a wreck, ``!``
sabotaged, else the level of higher ground, else its mark (wounds as a raised digit, a prone
soldier's as a lowered one, ``_`` prone unhurt): ``L3^1``, ``L3 ²``, ``L3♣₂``, ``T1=x``. The
units' lists under the map give every mark in words. The viewer's own side sits at the
bottom (the map turned round for a side whose start zone is at the top). Only the JSON view
is read; the card titles come from the game's published card faces. This is the terminal
interface's drawing for this game, found through ``DiaDeHonor.interfaces``; ``words`` puts a
log line's ids in players' words.

Every word is said in the player's language (``voice``: core/words.py's messages, English
without one); the squares (``F7``), the map's symbols and the units' letters the legend
explains, and the command words the player types (``map``) stay as they are.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from wartable.content.loader import validate
from wartable.core.words import Said, listing, named, say, say_n, word
from wartable.core.words import seat_words as core_seat_words
from wartable.games.diadehonor.content import DATA, CardsFile, check_cards
from wartable.games.diadehonor.labels import SIDES, TYPES, seat_words, unit_words
from wartable.geometry.span import around

Voice = Callable[[str], str] | None

# each ground letter of the view: its name, and the symbol drawn for it (no letter, so that a
# ground never reads as a unit)
GROUND = {
    ".": word("clear"),
    "=": word("road"),
    "w": word("dense woods"),
    "r": word("rough ground"),
    "B": word("building"),
    "W": word("wall"),
    "t": word("trench"),
}
SYMBOL = {".": ".", "=": "=", "w": "♣", "r": "^", "B": "█", "W": "#", "t": "∪"}
GROUND_STYLE = {
    ".": "",
    "=": "grey85 on grey35",
    "w": "on dark_green",
    "r": "on #5f5f00",
    "B": "#a87a7a on #875f5f",
    "W": "bold on grey42",
    "t": "on #5f3f1f",
}
LETTER = {
    "light": "L",
    "assault": "A",
    "heavy": "H",
    "artillery": "G",
    "tank": "T",
    "sniper": "S",
    "green_beret": "B",
}
TYPE_WORDS = {
    "light": word("light infantry"),
    "assault": word("assault infantry"),
    "heavy": word("heavy infantry"),
    "artillery": word("artillery (gun)"),
    "tank": word("tank"),
    "sniper": word("sniper"),
    "green_beret": word("green beret"),
}
# a colour per seat: the axis in reds, the allies in blues (and always a letter's case)
SEAT_STYLE = {
    "axis-1": "bold bright_red",
    "axis-2": "bold magenta",
    "axis-3": "bold dark_orange",
    "allies-1": "bold bright_cyan",
    "allies-2": "bold dodger_blue1",
    "allies-3": "bold bright_green",
}
SIDE_STYLE = {"axis": "bright_red", "allies": "bright_cyan"}
# each seat's colour in words (``colour``), for the legend
COLOURS = {
    "bright red": word("bright red"),
    "magenta": word("magenta"),
    "dark orange": word("dark orange"),
    "bright cyan": word("bright cyan"),
    "dodger blue": word("dodger blue"),
    "bright green": word("bright green"),
}
# a side as the view writes it, in small letters (labels.SIDES: with a capital)
SIDE_NAMES = {"axis": word("axis"), "allies": word("allies")}
RAISED = "⁰¹²³⁴⁵⁶⁷⁸⁹"
LOWERED = "₀₁₂₃₄₅₆₇₈₉"
CELL = 4  # characters a square takes; one more where a side has several seats (the seat's digit)
MARGIN = 4  # the row numbers ("20  ")
RIGHT = 4  # the row numbers again, on the right
PHASES = {
    "deploy": word("deployment"),
    "cards": word("situation cards"),
    "initiative": word("initiative"),
    "activate": word("activation"),
    "over": word("the battle is over"),
}
# what a card waits on (the view's ``waiting_on``)
DECISIONS = {
    # i18n: what a situation card waits on: a square to place something
    "place": word("place"),
    # i18n: what a situation card waits on: a reaction (mine detection)
    "react": word("react"),
    # i18n: what a situation card waits on: a sniper's target
    "aim": word("aim"),
}
# a unit no longer on the map (its ``status``), and the marks of one that is
STATUS = {"wreck": word("wreck"), "reserve": word("reserve"), "dead": word("dead")}
STANCE = {"prone": word("prone"), "sabotaged": word("sabotaged")}
EFFECTS = {
    "defensive": word("defensive combat (+1 resistance, -1 attack)"),
    "aggressive": word("aggressive combat (+1 attack, -1 resistance)"),
}


# ---- the map's geometry ------------------------------------------------------------------
def parse(label: str) -> tuple[int, int]:
    """``F7`` is column 5, row 6 (both from 0); ValueError when it is no square label."""
    t = label.strip().upper()
    if len(t) < 2 or t[0] not in string.ascii_uppercase or not t[1:].isdigit():
        raise ValueError(label)
    return string.ascii_uppercase.index(t[0]), int(t[1:]) - 1


def label(col: int, row: int) -> str:
    return f"{string.ascii_uppercase[col]}{row + 1}"


def on_map(view: dict[str, Any], text: str) -> bool:
    try:
        c, r = parse(text)
    except ValueError:
        return False
    return bool(0 <= c < view["map"]["columns"] and 0 <= r < view["map"]["rows"])


def bounds(view: dict[str, Any]) -> Said:
    m = view["map"]
    first, last = label(0, 0), label(m["columns"] - 1, m["rows"] - 1)
    return say("{first} to {last}", first=first, last=last)


def side_of(view: dict[str, Any]) -> str | None:
    you = view.get("you")
    return view.get("seats", {}).get(you) if you else None


def turned(view: dict[str, Any]) -> bool:
    """Whether the map is drawn turned round: the viewer's start zone is in its top half."""
    side = side_of(view)
    zone = view["map"].get("zones", {}).get(side or "", [])
    if not zone:
        return False
    rows = [parse(q)[1] for q in zone]
    return bool(sum(rows) / len(rows) < (view["map"]["rows"] - 1) / 2)


def display_columns(view: dict[str, Any]) -> list[int]:
    cols = list(range(view["map"]["columns"]))
    return cols[::-1] if turned(view) else cols


def display_rows(view: dict[str, Any]) -> list[int]:
    rows = list(range(view["map"]["rows"]))
    return rows[::-1] if turned(view) else rows


def placed(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The unit (or wreck) on each square."""
    out: dict[str, dict[str, Any]] = {}
    for u in view["units"]:
        if u.get("square") and u["status"] in ("active", "wreck"):
            out.setdefault(u["square"], u)
    return out


def can_act(view: dict[str, Any], u: dict[str, Any]) -> bool:
    return bool(
        view["phase"] == "activate"
        and u["seat"] == view.get("to_act")
        and u["status"] == "active"
        and u["actions"] > 0
        and not u["sabotaged"]
    )


def default_focus(view: dict[str, Any]) -> str:
    """The first unit of the seat to act that can still act, else the viewer's first on the
    map, else the map's middle."""
    units = [u for u in view["units"] if u.get("square") and u["status"] == "active"]
    found = next((u["square"] for u in units if can_act(view, u)), None) or next(
        (u["square"] for u in units if u["seat"] == view.get("you")), None
    )
    if found:
        return str(found)
    return label(view["map"]["columns"] // 2, view["map"]["rows"] // 2)


def columns(view: dict[str, Any], width: int, focus: str | None) -> list[int]:
    """Every column (in drawing order) when the map fits ``width``, else as many as fit
    around the focus."""
    cols = display_columns(view)
    fit = max(1, (width - MARGIN - RIGHT) // cell(view))
    if len(cols) <= fit:
        return cols
    shown = around(len(cols), fit, cols.index(parse(focus or default_focus(view))[0]))
    return cols[shown.start : shown.stop]


# ---- one square --------------------------------------------------------------------------
def number(key: str) -> str:
    return key.rpartition("-")[2]


def stance_mark(u: dict[str, Any]) -> str:
    if u["status"] == "wreck":
        return "x"
    if u.get("sabotaged"):
        return "!"
    return "_" if u.get("prone") else " "


def mark(u: dict[str, Any]) -> str:
    """A unit's state in one character ("" when whole and standing): ``x`` a wreck, ``!``
    sabotaged, wounds as a raised digit, or as a lowered one when prone, ``_`` prone."""
    stance = stance_mark(u)
    if stance in ("x", "!"):
        return stance
    w = int(u.get("wounds") or 0) if u["status"] == "active" else 0
    if w:
        return (LOWERED if stance == "_" else RAISED)[min(w, 9)]
    return stance.strip()


def short(u: dict[str, Any]) -> str:
    """A unit's letter (a capital for the axis) and number: ``L3``, ``l3``."""
    letter = LETTER.get(u["type"], "?")
    return (letter if u["side"] == "axis" else letter.lower()) + number(u["key"])


def several(view: dict[str, Any]) -> bool:
    """Whether a side has more than one seat: then a unit's seat is drawn too."""
    sides = list(view["seats"].values())
    return any(sides.count(side) > 1 for side in sides)


def cell(view: dict[str, Any]) -> int:
    return CELL + several(view)


def last(u: dict[str, Any], level: int = 0) -> str:
    """A unit square's last character: a wreck's ``x`` or a sabotaged tank's ``!``, else the
    level of higher ground, else the unit's mark (a wound or prone mark gives way to the
    level: the units' lists say it in words)."""
    m = mark(u)
    if m in ("x", "!") or not level:
        return m or " "
    return str(level)[-1]


def unit_cell(u: dict[str, Any], width: int = CELL, ground: str = "", level: int = 0) -> str:
    """A square's characters: the seat's number where a side has several (``2``), letter and
    number, the ground under the unit (``ground``: the view's ground letter, drawn by
    ``under``; none given, none drawn) and the last character (``last``): ``L3^1``, ``L3 ²``,
    ``L3♣₂``, ``G1=x``; ``2L3^_``."""
    seat = number(u["seat"]) if width > CELL else ""
    if not ground:
        return (seat + short(u) + mark(u) + " " * width)[:width]
    return (seat + short(u) + under(ground, level) + last(u, level) + " " * width)[:width]


def under(ground: str, level: int = 0) -> str:
    """The ground under a unit as drawn: its symbol, but a blank for level clear ground (the
    most of any map), so that what gives cover or height stands out."""
    return " " if ground == "." and not level else SYMBOL.get(ground, "?")


@dataclass
class _Seen:
    """What a drawing shows, so that its legend explains exactly that."""

    ground: set[str] = field(default_factory=set)
    levels: set[int] = field(default_factory=set)
    marks: set[str] = field(default_factory=set)
    types: set[str] = field(default_factory=set)
    seats: set[str] = field(default_factory=set)
    zones: set[str] = field(default_factory=set)


def window(
    view: dict[str, Any],
    width: int = 200,
    focus: str | None = None,
    key: bool = True,
    voice: Voice = None,
) -> Text:
    """The map in at most ``width`` columns, a note if only part of it is shown, a legend
    (``key``: without it, the map and the note alone)."""
    said = voice or str
    m = view["map"]
    ground, levels = m["ground"], m["levels"]
    zone_of = {q: side for side, squares in m.get("zones", {}).items() for q in squares}
    where = placed(view)
    me = view.get("you")
    cols = columns(view, width, focus)
    seen = _Seen()
    width_ = cell(view)
    out = Text(" " * MARGIN + "".join(f"{string.ascii_uppercase[c]:<{width_}}" for c in cols))
    out.stylize("dim")
    out.append("\n")
    for r in display_rows(view):
        line = Text()
        line.append(f"{r + 1:>2}  ", style="dim")
        for c in cols:
            i = r * m["columns"] + c
            g, level, here = ground[i], levels[i], label(c, r)
            back = GROUND_STYLE.get(g, "")
            seen.ground.add(g)
            u = where.get(here)
            if u is not None:
                style = SEAT_STYLE.get(u["seat"], SIDE_STYLE.get(u["side"], "bold"))
                if u["status"] == "wreck":
                    style = "bold grey62"
                end = last(u, level)
                if level:
                    seen.levels.add(level)
                    if mark(u) and end != mark(u):
                        seen.marks.add("hidden")
                if end in RAISED:
                    seen.marks.add("w")
                elif end in LOWERED:
                    seen.marks.add("wp")
                elif end.strip() and not end.isdigit():
                    seen.marks.add(end)
                if can_act(view, u):
                    style += " reverse"
                    seen.marks.add("acting")
                if me and u["seat"] == me:
                    style += " underline"
                    seen.marks.add("yours")
                seen.types.add(u["type"])
                seen.seats.add(u["seat"])
                line.append(unit_cell(u, width_, g, level), style=(style + " " + back).strip())
                continue
            zone = zone_of.get(here)
            fore = SIDE_STYLE.get(zone or "", "")
            if zone:
                seen.zones.add(zone)
            line.append(SYMBOL.get(g, "?"), style=(fore + " " + back).strip())
            if level:
                seen.levels.add(level)
                line.append(str(level)[-1], style=("bold " + back).strip())
            else:
                line.append(" ", style=back)
            line.append(" " * (width_ - 2), style=back)
        out.append_text(line)
        out.append(f" {r + 1}\n", style="dim")
    if len(cols) < m["columns"]:
        shown = f"{string.ascii_uppercase[cols[0]]}-{string.ascii_uppercase[cols[-1]]}"
        whole = bounds(view)
        note = (
            say(
                "columns {shown} of {bounds} shown: 'map SQUARE' centres the map on a square, "
                "'map' follows the action again",
                shown=shown,
                bounds=whole,
            )
            if key
            else say(
                "columns {shown} of {bounds} shown: 'map SQUARE' centres the map",
                shown=shown,
                bounds=whole,
            )
        )
        out.append("  " + said(note) + "\n", style="italic")
    if key:
        out.append_text(legend(seen, view, voice))
    else:
        out.right_crop(1)  # the last newline: printing ends the line
    return out


MARKS = {
    "w": word("a raised digit: wounds (the 5th kills)"),
    "wp": word("a lowered digit: wounds of a prone soldier"),
    "_": word("_ prone"),
    "!": word("! sabotaged tank"),
    "x": word("x a wreck"),
    "hidden": word(
        "on higher ground the level takes the place of a wound or prone mark "
        "(the lists below give them)"
    ),
    "acting": word("reversed: can still act now"),
    "yours": word("underlined: yours"),
}
UNITS_KEY = (
    word("the digit after the letter: its number (L3 is Light 3)"),
    word("the digit before it: its seat (2L3 is Light 3 of seat 2)"),
    word("then the ground under the unit, blank for clear ground (L3^ stands on rough ground)"),
)


def legend(seen: _Seen, view: dict[str, Any], voice: Voice = None) -> Text:
    """Every symbol the drawing above shows, in words."""
    said = voice or str
    parts = []
    types = [f"{LETTER[t]} {said(TYPE_WORDS[t])}" for t in LETTER if t in seen.types]
    if types:
        kinds = listing(types)
        parts.append(said(say("units: {types} (capitals axis, small letters allies)", types=kinds)))
        after, before, under_it = UNITS_KEY
        parts.append(said(after))
        if several(view):
            parts.append(said(before))
        parts.append(said(under_it))
    parts += [said(text) for key, text in MARKS.items() if key in seen.marks]
    if len(seen.seats) > 2:
        by_seat = listing(
            [
                f"{spoken(said, seat_said(s))} {spoken(said, colour_said(s))}"
                for s in sorted(seen.seats)
            ]
        )
        parts.append(said(say("colours by seat: {seats}", seats=by_seat)))
    names = listing([f"{SYMBOL[g]} {said(GROUND[g])}" for g in GROUND if g in seen.ground])
    parts.append(said(say("ground: {names}", names=names)))
    if seen.levels:
        levels = listing([str(n) for n in sorted(seen.levels)])
        parts.append(
            said(
                say("a plain digit after the ground: higher ground, level {levels}", levels=levels)
            )
        )
    if seen.zones:
        zones = view["map"]["zones"]
        starts = listing(
            [f"{spoken(said, side_said(z))} {said(rows_of(zones[z]))}" for z in sorted(seen.zones)]
        )
        parts.append(said(say("coloured ground: start zones ({zones})", zones=starts)))
    return Text("  " + "; ".join(parts) + "\n", style="dim")


def colour(seat: str) -> str:
    return SEAT_STYLE.get(seat, "bold -").split()[-1].replace("_", " ").replace("1", "")


def colour_said(seat: str) -> str:
    """A seat's colour in words the catalogs hold."""
    name = colour(seat)
    return COLOURS.get(name) or name


def rows_of(squares: list[str]) -> Said:
    rows = sorted({parse(q)[1] + 1 for q in squares})
    first, last = rows[0], rows[-1]
    return (
        say("rows {first}-{last}", first=first, last=last)
        if first != last
        else say("row {row}", row=first)
    )


def side_said(side: str) -> str:
    """A side as the view writes it (``axis``), in words the catalogs hold."""
    return SIDE_NAMES.get(side) or side


def seat_said(seat: str) -> str:
    """``allies-2`` as ``seat_words`` reads it ("Allies 2"), as a message."""
    if seat.partition("-")[0] in SIDES:
        return core_seat_words(SIDES, seat)
    return seat_words(seat)


def unit_said(key: str) -> str:
    """A unit key as ``unit_words`` reads it ("Green beret 1"), as a message."""
    _, _, rest = key.rpartition("/")
    kind, _, n = rest.rpartition("-")
    if not kind or not n.isdigit():
        return unit_words(key)
    kind_words = TYPES.get(kind) or named(kind.replace("_", " ").capitalize())
    return say("{type} {n}", type=kind_words, n=n)


def battlefield(view: dict[str, Any], said: Callable[[str], str]) -> str:
    """The battlefield's name (the view gives its id, ``ruined-village``): in small letters as
    the id reads where it is said in English, else as the language says its title."""
    plain = view["battlefield"].replace("-", " ")
    title = plain.capitalize()
    out = said(named(title))
    return plain if out == title else out


# ---- words -------------------------------------------------------------------------------
@cache
def faces() -> dict[str, tuple[str, str]]:
    """Each situation card's title and text (the game's published card faces)."""
    doc = validate(DATA / "cards.yaml", CardsFile, check_cards).model
    return {key: (c.title, c.text) for key, c in doc.cards.items()}


UNIT_ID = re.compile(r"\b(axis|allies)-(\d+)/([a-z_]+)-(\d+)\b")
SEAT_ID = re.compile(r"\b(axis|allies)-(\d+)\b")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
SIDE_WORD = re.compile(r"\b(axis|allies)\b")


def words(text: str, voice: Callable[[str], str] | None = None) -> str:
    """A log line in players' words, as the page's ``words`` puts it: a unit's id
    ``axis-1/light-3`` reads "Light 3 (Axis 1)", a seat's ``allies-2`` "Allies 2", a card's id
    (``first_aid``) its title, another word joined by underscores its words, a side its name
    with a capital. Each name is said in ``voice``'s language."""
    said = voice or str

    def side(key: str) -> str:
        return said(SIDES.get(key) or word(key.capitalize()))

    def unit(m: re.Match[str]) -> str:
        seat, n, kind, k = m.groups()
        name = said(TYPES.get(kind) or word(kind.replace("_", " ").capitalize()))
        return f"{name} {k} ({side(seat)} {n})"

    def snake(m: re.Match[str]) -> str:
        face = faces().get(m.group(0))
        return said(word(face[0])) if face else m.group(0).replace("_", " ")

    text = UNIT_ID.sub(unit, text)
    text = SEAT_ID.sub(lambda m: f"{side(m.group(1))} {m.group(2)}", text)
    text = SNAKE.sub(snake, text)
    return SIDE_WORD.sub(lambda m: side(m.group(1)), text)


def card_face(card: Any) -> tuple[str, str]:
    """A card of the view (its id, or a face with title and text) as title and text."""
    if isinstance(card, dict):
        return str(card.get("title") or card.get("id", "?")), str(card.get("text", ""))
    return faces().get(str(card), (str(card).replace("_", " "), ""))


# ---- the panels --------------------------------------------------------------------------
def status(view: dict[str, Any], voice: Voice = None) -> Text:
    said = voice or str
    t = Text()
    t.append(f"{view['title']} — {battlefield(view, said)}", style="bold")
    t.append(" — " + said(round_said(view)))
    you = view.get("you")
    if you:
        side = side_said(view["seats"].get(you, "?"))
        t.append("\n" + said(say("you: {seat} ({side})", seat=seat_said(you), side=side)))
    else:
        t.append("\n" + said(word("watching")))
    order = view.get("order")
    if order:
        t.append("   " + said(say("initiative: {order}", order=in_turn(order))))
    if view.get("to_act"):
        who = view["to_act"]
        if who == you:
            t.append("\n" + said(say("to act: {seat} (you)", seat=seat_said(who))), style="bold")
        else:
            t.append("\n" + said(say("to act: {seat}", seat=seat_said(who))))
        waiting = view.get("waiting_on")
        if waiting:
            decision = DECISIONS.get(waiting) or str(waiting)
            t.append(
                " — " + said(say("a card waits on a decision ({decision})", decision=decision))
            )
    queue = view.get("cards_to_resolve") or []
    if queue:
        cards = listing(
            [say("{card} of {seat}", card=card_title(c), seat=seat_said(s)) for s, c in queue]
        )
        t.append("\n" + said(say("cards to resolve: {cards}", cards=cards)))
    for seat, e in (view.get("effects") or {}).items():
        parts = [EFFECTS[k] for k in EFFECTS if e.get(k)]
        if parts:
            effects = listing(parts)
            t.append(
                "\n"
                + said(say("{seat} this round: {effects}", seat=seat_said(seat), effects=effects))
            )
    sizes = view.get("hand_sizes") or {}
    held = listing([f"{spoken(said, seat_said(s))} {n}" for s, n in sizes.items()]) or "-"
    deck = view.get("deck_size", 0)
    cards_held = say_n(
        "deck {count} cards; cards held: {held}",
        "deck {count} cards; cards held: {held}",
        deck,
        held=held,
    )
    t.append("\n" + said(cards_held), style="dim")
    done = view.get("objectives_done")
    if done:
        t.append("\n" + said(say("objectives done: {done}", done=objectives_done(done, voice))))
    if view["phase"] == "over":
        left = Counter(
            u["side"] for u in view["units"] if u["status"] == "active" and not u["sabotaged"]
        )
        sides = sorted(set(view["seats"].values()))
        standing = listing([f"{spoken(said, side_said(s))} {left.get(s, 0)}" for s in sides])
        t.append(
            "\n" + said(say("THE BATTLE IS OVER — units left: {left}", left=standing)),
            style="bold yellow",
        )
    return t


def round_said(view: dict[str, Any]) -> Said:
    """The round of how many, and the phase."""
    phase = PHASES.get(view["phase"]) or str(view["phase"])
    now, last = view["round"], view["max_rounds"]
    return say("round {round} of {max_rounds}, {phase}", round=now, max_rounds=last, phase=phase)


def in_turn(sides: list[str]) -> str:
    """The sides in the order they act this round: "allies then axis"."""
    out = side_said(sides[-1])
    for side in reversed(sides[:-1]):
        out = say("{first} then {rest}", first=side_said(side), rest=out)
    return out


def spoken(said: Callable[[str], str], text: str) -> str:
    """``text`` said where it is a message; an id, or a name the view gives that the catalogs
    cannot know, stays as it is."""
    return said(text) if isinstance(text, Said) else text


def joined(items: list[str], said: Callable[[str], str]) -> str:
    """Items already said, one after another (the commas between them said too)."""
    return spoken(said, listing(items))


def card_title(card: Any) -> Said:
    """A card's title (``card_face``), said in the player's language."""
    return named(card_face(card)[0])


def objectives_done(done: Any, voice: Voice = None) -> str:
    said = voice or str
    if isinstance(done, dict):
        return "; ".join(
            f"{spoken(said, seat_said(str(k)))} {objectives_done(v, voice) or '-'}"
            for k, v in done.items()
        )
    if isinstance(done, list):
        return ", ".join(map(str, done))
    return str(done)


def state_words(u: dict[str, Any], voice: Voice = None) -> str:
    said = voice or str
    if u["status"] == "wreck":
        return said(STATUS["wreck"])
    if u["status"] != "active":
        return spoken(said, STATUS.get(str(u["status"])) or str(u["status"]))
    state = said(named(u["state"]))
    words = [state + (f" ({u['wounds']})" if u["wounds"] else "")]
    if u.get("prone"):
        words.append(said(STANCE["prone"]))
    if u.get("sabotaged"):
        words.append(said(STANCE["sabotaged"]))
    aim = u.get("aim")
    if aim:
        target = str(aim.get("target", "?"))
        seat, count = target.partition("/")[0], aim.get("count", 1)
        aiming = say_n(
            "aiming at {unit} of {seat} ({count} in a row)",
            "aiming at {unit} of {seat} ({count} in a row)",
            count,
            unit=unit_said(target),
            seat=seat_said(seat),
        )
        words.append(said(aiming))
    return joined(words, said)


def values(u: dict[str, Any]) -> str:
    """Attack and resistance as they stand now (rank, wounds, combat cards played), with the
    unit sheet's printed ones beside them in brackets where they differ, as the page shows
    them: ``+2/5 (+3/6)``."""
    printed = f"{u['attack']:+d}/{u['resistance']}"
    attack, resistance = u.get("effective_attack"), u.get("effective_resistance")
    if attack is None or resistance is None:  # dead or wrecked: the sheet alone
        return printed
    now = f"{attack:+d}/{resistance}"
    return now if now == printed else f"{now} ({printed})"


def changed(u: dict[str, Any]) -> bool:
    """Whether the unit's attack or resistance now differs from its printed sheet."""
    return values(u) != f"{u['attack']:+d}/{u['resistance']}"


BRACKETS = word("att/res in brackets: the unit sheet's, where rank, wounds or cards change them")
# the units table's columns: the heading, and how narrow a column cut to fit may get (None:
# never cut); the widest cut first, in this order, until the table fits
COLUMNS = {
    "unit": 10,
    "at": None,
    "state": 8,
    "acts": 4,
    "att/res": None,
    "spd": None,
    "rng": None,
    "rank": 4,
}
HEADINGS = {  # each column's heading, as the player reads it
    "unit": word("unit"),
    # i18n: a column heading: the square the unit stands on
    "at": word("at"),
    "state": word("state"),
    # i18n: a column heading: the actions the unit has left this activation
    "acts": word("acts"),
    # i18n: a column heading: attack / resistance
    "att/res": word("att/res"),
    # i18n: a column heading: speed (squares a move)
    "spd": word("spd"),
    # i18n: a column heading: range (of fire)
    "rng": word("rng"),
    "rank": word("rank"),
}
CUT_FIRST = ("rank", "acts", "unit", "state")


def unit_rows(view: dict[str, Any], seat: str, voice: Voice = None) -> list[list[Text]]:
    """The seat's units as the table's cells, one list a unit."""
    said = voice or str
    acting = view["phase"] == "activate" and view.get("to_act") == seat
    rows = []
    for u in view["units"]:
        if u["seat"] != seat:
            continue
        if u["status"] == "active":
            acts = str(u["actions"]) if acting else "-"
            if acting and u["attacked"]:
                acts = said(say("{acts} (attacked)", acts=acts))
        else:
            acts = "-"
        name = Text()
        name.append(f"{short(u)} ", style=SEAT_STYLE.get(seat, ""))
        name.append(spoken(said, unit_said(u["key"])))
        if u.get("name") and u["name"] != u["key"]:  # a campaign soldier's own name (DH-46)
            name.append(f" {u['name']}", style="italic")
        rank = u.get("rank", "")
        cells = [u.get("square") or "-", state_words(u, voice), acts, values(u)]
        cells += [str(u["speed"]), str(u["range"]), said(named(rank)) if rank else rank]
        rows.append([name, *map(Text, cells)])
    return rows


def fit(natural: dict[str, int], width: int) -> dict[str, int]:
    """Each column's width so that the table (a space between columns) fits ``width``: the
    columns that may be cut give up what is too much, ``CUT_FIRST`` first, each down to its
    least; the others keep theirs."""
    widths = dict(natural)
    excess = sum(widths.values()) + len(widths) - 1 - width
    for heading in CUT_FIRST:
        if excess <= 0:
            break
        least = COLUMNS[heading] or widths[heading]
        give = min(excess, max(0, widths[heading] - least))
        widths[heading] -= give
        excess -= give
    return widths


class Units:
    """The seat's units as a table, a line each, never wider than the width rich measures:
    the name, state, actions and rank are cut with an ellipsis rather than wrapped; attack
    and resistance, the square, speed and range never are."""

    def __init__(self, view: dict[str, Any], seat: str, voice: Voice = None) -> None:
        self.view = view
        self.seat = seat
        self.voice = voice

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield units_table(self.view, self.seat, options.max_width, self.voice)


def units_table(view: dict[str, Any], seat: str, width: int = 200, voice: Voice = None) -> Table:
    said = voice or str
    rows = unit_rows(view, seat, voice)
    headings = {key: said(HEADINGS[key]) for key in COLUMNS}
    natural = {
        key: max([Text(headings[key]).cell_len, *(row[k].cell_len for row in rows)])
        for k, key in enumerate(COLUMNS)
    }
    widths = fit(natural, width)
    table = Table(box=None, header_style="bold", pad_edge=False, collapse_padding=True)
    for key, least in COLUMNS.items():
        table.add_column(
            headings[key],
            width=widths[key],
            no_wrap=True,
            overflow="ellipsis" if least else "crop",
        )
    for row in rows:
        table.add_row(*row)
    return table


def squad_line(view: dict[str, Any], seat: str, voice: Voice = None) -> Text:
    """Another seat's squad at a glance: counts, then every unit not whole and standing, with
    its attack and resistance where they no longer read as printed (a wounded soldier)."""
    said = voice or str
    units = [u for u in view["units"] if u["seat"] == seat]
    count = Counter(u["status"] for u in units)
    t = Text()
    t.append(spoken(said, seat_said(seat)), style=SEAT_STYLE.get(seat, "bold"))
    active, reserve, dead, wrecked = (
        count.get(k, 0) for k in ("active", "reserve", "dead", "wreck")
    )
    counts = [say_n("{count} on the map", "{count} on the map", active)]
    if reserve:
        counts.append(say_n("{count} in reserve", "{count} in reserve", reserve))
    if dead:
        counts.append(say_n("{count} dead", "{count} dead", dead))
    if wrecked:
        counts.append(say_n("{count} wrecked", "{count} wrecked", wrecked))
    t.append(": " + said(listing(counts)))
    notes = [
        f"{short(u)} {u['square']} {state_words(u, voice)}"
        + (f", {values(u)}" if changed(u) else "")
        for u in units
        if u["status"] == "active" and (u["wounds"] or u["prone"] or u["sabotaged"] or u.get("aim"))
    ]
    if notes:
        t.append("; " + "; ".join(notes), style="dim")
    return t


def hand(view: dict[str, Any], voice: Voice = None) -> Text | None:
    said = voice or str
    cards = view.get("hand")
    objective = view.get("objective")
    if cards is None and not objective:
        return None
    t = Text()
    if objective:
        t.append(said(word("your secret objective:")) + " ", style="bold")
        title = str(objective.get("title") or objective.get("id", "?"))
        t.append(said(named(title)), style="bold yellow")
        if objective.get("text"):
            t.append(" — " + said(named(str(objective["text"]))))
        t.append("\n")
    if cards is not None:
        t.append(said(word("your hand:")) + " ", style="bold")
        if not cards:
            t.append(said(word("no cards")))
        for card in cards:
            title, text = card_face(card)
            t.append("\n  " + said(named(title)), style="bold yellow")
            if text:
                t.append(" — " + said(named(text)))
    return t


class Map:
    """The map as a rich renderable: drawn for the width rich measures (``key``: with its
    legend)."""

    def __init__(
        self,
        view: dict[str, Any],
        focus: str | None = None,
        key: bool = True,
        voice: Voice = None,
    ) -> None:
        self.view = view
        self.focus = focus
        self.key = key
        self.voice = voice

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield window(self.view, options.max_width, self.focus, self.key, self.voice)


def render(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    """The whole picture, every word said in ``voice``'s language (English without one)."""
    said = voice or str
    parts: list[RenderableType] = [status(view, voice), Map(view, focus, voice=voice)]
    you = view.get("you")
    if you:
        parts.append(Text(said(word("your units")), style="bold"))
        parts.append(Units(view, you, voice))
    for seat in view["seats"]:
        if seat != you:
            parts.append(squad_line(view, seat, voice))
    if any(changed(u) for u in view["units"] if u["status"] == "active"):
        parts.append(Text(said(BRACKETS), style="dim"))
    cards = hand(view, voice)
    if cards is not None:
        parts.append(cards)
    return Group(*parts)


def brief_status(view: dict[str, Any], voice: Voice = None) -> Text:
    """The round, the phase and who acts in one line (cut, never wrapped, where the width
    is short: the battle's name last)."""
    said = voice or str
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(said(round_said(view)), style="bold")
    who, you = view.get("to_act"), view.get("you")
    if who:
        seat = seat_said(who)
        acts = (
            say("to act: {seat} (you)", seat=seat)
            if who == you
            else say("to act: {seat}", seat=seat)
        )
        t.append(" — " + said(acts), style="bold")
        if view.get("waiting_on"):
            t.append(" " + said(word("(a card waits on a decision)")))
    t.append(f" — {view['title']}, {battlefield(view, said)}", style="dim")
    return t


def render_brief(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    """The picture between two decisions of one player in a row: a status line and the map
    (its column letters and row numbers, no legend); 'board' draws the whole picture."""
    return Group(brief_status(view, voice), Map(view, focus, key=False, voice=voice))


def focus_problem(view: dict[str, Any], text: str) -> str | None:
    """Why the map cannot be centred on ``text`` (None: it can): a message, said in the
    player's language by the terminal."""
    if on_map(view, text):
        return None
    typed = repr(text)
    return say(
        "no square {square} on this map ({bounds}; a square reads like F7)",
        square=typed,
        bounds=bounds(view),
    )
