"""2GM Tactics in the terminal: each side's HQ off its edge, the 8 x 6 battlefield with its
ground, terrain cards, river and objective, a letter for each unit (small for the allies,
capitals for the axis) with its wounds, then every unit in words, and the viewer's hand.

Each square takes five characters: the terrain card's symbol (hard by what stands on the
square, so that it never reads as the next square's), the unit's letter or the ground's
symbol, its wounds as a raised digit, a mark (``s`` suppressed, ``+`` beside a vehicle,
``>`` assaulting, ``~`` in smoke, ``¤`` equipment lying there) and a space, on the colour of
the square's ground; four where two fields side by side would not fit (the wounds give way
to the mark). Each HQ stands off its side's edge behind its own field, as on the page: its
PI, its AP, and beside it its general, cards and losses. The viewer's own edge is at the
bottom (the rows turned over for the axis; the columns stay A to H). Only the JSON view is
read; the cards' titles come from the game's data. This is the terminal interface's drawing
for this game, found through ``Tactics2GM.interfaces``; ``words`` puts the ids of log lines
in players' words.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from functools import cache
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from wartable.core.words import say, word
from wartable.games.tactics2gm.content import FEATURES, Library, load

GROUND_STYLE = {
    ".": "",
    "F": "on dark_green",
    "H": "on #5f5f00",
    "M": "on #5f3f1f",
    "L": "on blue",
    "R": "on blue",
    "S": "on navy_blue",
}
TERRAIN_SYMBOL = {
    "house": "⌂",
    "bunker": "▣",
    "barrier": "≡",
    "trench": "∪",
    "wall": "#",
    "wire": "×",
    "minefield": "✶",
    "foxholes": "o",
    "craters": "∘",
    "bridge": "═",
    "at_mine": "✶",
}
# the ground's symbols: no letters, so that a ground never reads as a unit
GROUND_SYMBOL = {".": "·", "F": "♣", "H": '"', "M": "^", "L": "~", "R": "~", "S": "≈"}
RAISED = "⁰¹²³⁴⁵⁶⁷⁸⁹"
DROPPED = "¤"  # equipment tokens lying on a square (GM-106)
SIDE_STYLE = {"allies": "bold bright_cyan", "axis": "bold bright_red"}
SIDE_NAME = {"allies": "Allies", "axis": "Axis"}
ARMY = {"usa": "USA", "germany": "Germany"}
CELL = 5  # a square's characters: terrain mark, unit letter, wounds, state mark, a space
LABEL = 3  # the row numbers' column
FIELD = 8  # the columns of one field: two lie side by side in a battle of four (GM-105)
OFF_FIELD = ("hq", "hq2", "air")  # where a unit off the squares is: waiting at an HQ, aloft


def columns(view: dict[str, Any]) -> str:
    """The field's column letters: A-H, or A-P for two fields side by side (GM-105)."""
    return string.ascii_uppercase[: view["field"]["columns"]]


def side_of(view: dict[str, Any], me: str | None) -> str | None:
    """The viewer's side: a team player's seat (``axis-1``) plays its side's edge."""
    return view["seats"][me]["side"] if me in view.get("seats", {}) else me


@cache
def library() -> Library:
    return load()


def title(card: str) -> str:
    lib = library()
    if card in lib.units:
        return lib.units[card].title
    if card in lib.support:
        return lib.support[card].title
    if card in lib.terrain:
        return lib.terrain[card].title
    if card in lib.generals:
        return lib.generals[card].title
    return card


def known(card: str) -> bool:
    """Whether ``card`` is the id of a card (a unit, support, terrain or general)."""
    lib = library()
    return any(card in cards for cards in (lib.units, lib.support, lib.terrain, lib.generals))


# ids that are plain English too ("the forest on B4", "plays a general"): left alone in words
PLAIN = frozenset(
    {"general", "impact", "ram", "promotion", "wall", "wire", "house", "bridge", "barrier",
     "bunker", "craters", "foxholes", "minefield", "trench"}
)  # fmt: skip
ID = re.compile(r"\b(allies|axis):(hq2?)\b|\b([a-z][a-z0-9_]*)-(\d+)\b|\b[a-z][a-z0-9_]*\b")


def words(text: str, voice: Callable[[str], str] | None = None) -> str:
    """Ids in players' words, as the page's ``words``: "m4_sherman-1" is "M4 Sherman 1",
    "usa_command" "Company Command Post", "axis:hq2" "the Axis HQ behind I-P", "allies"
    "Allies"; ids that are plain words too ("wall", "general") stay as they are. Each name
    is said in ``voice``'s language (the catalogs hold every title)."""
    said = voice or str

    def name(card: str) -> str:
        return said(word(title(card)))

    def side(key: str) -> str:
        return said(word(SIDE_NAME[key]))

    def swap(m: re.Match[str]) -> str:
        if m[1]:
            if m[2] == "hq2":
                return said(say("the {side} HQ behind I-P", side=word(SIDE_NAME[m[1]])))
            return said(say("the {side} HQ", side=word(SIDE_NAME[m[1]])))
        if m[3]:  # a unit (or a team seat, allies-2)
            if known(m[3]):
                return f"{name(m[3])} {m[4]}"
            key = side(m[3]) if m[3] in SIDE_NAME else m[3]
            return f"{key}-{m[4]}"
        found = m[0]
        if found in SIDE_NAME:
            return side(found)
        return name(found) if known(found) and found not in PLAIN else found

    return ID.sub(swap, text).replace(" -> ", " → ")


def letters(view: dict[str, Any]) -> dict[str, str]:
    """A letter for each unit, in the order they came: a, b, c... for the allies, A, B, C...
    for the axis (then digits, for a very long battle)."""
    out, count = {}, {"allies": 0, "axis": 0}
    for u in view["units"]:
        k = count[u["side"]]
        count[u["side"]] += 1
        pool = string.ascii_lowercase if u["side"] == "allies" else string.ascii_uppercase
        out[u["id"]] = pool[k] if k < len(pool) else str(k - len(pool))
    return out


def hq_band(view: dict[str, Any], side: str, h: dict[str, Any], span: int) -> Text:
    """One HQ as the page draws it off its side's edge, across its field's ``span`` columns:
    its name, its PI (a pip each, where they fit) and its AP."""
    s = view["sides"][side]
    left = max(0, h["hp"])
    full = max(h.get("max_hp") or library().hq.hit_points, left)
    ap = h.get("ap", s["ap"])
    behind = ""
    if view["field"].get("fields", 1) > 1:  # two fields: the HQ behind each (GM-105)
        behind = " I-P" if h["name"] == "hq2" else " A-H"
    name = f"{SIDE_NAME[side]} HQ{behind}"
    pips = "■" * left + "□" * (full - left)
    ways = (
        f" {name} {pips} {left} PI · {ap} AP ",
        f" {name} {left}/{full} PI · {ap} AP ",
        f" {name} {left} PI · {ap} AP ",
    )
    said = next((w for w in ways if cell_len(w) + 2 <= span), f" {name} {left} PI {ap} AP ")
    pad = max(0, span - cell_len(said))
    return Text("━" * (pad // 2) + said + "━" * (pad - pad // 2), style=SIDE_STYLE[side])


def hq_words(view: dict[str, Any], side: str, letter: dict[str, str]) -> Text:
    """What the page writes beside a side's HQ: its army, its general, its cards and losses,
    each player's pool in team play, and the aircraft waiting there."""
    s = view["sides"][side]
    hqs = hqs_of(view, side)
    text = Text(" " * LABEL + ARMY.get(s["army"], s["army"].title()))
    if not any(h["general"] for h in hqs):
        text.append(" · no general")
    for h in hqs:
        if h["general"]:
            at = f" behind {'I-P' if h['name'] == 'hq2' else 'A-H'}" if len(hqs) > 1 else ""
            text.append(f" · general {title(h['general'])}{at}")
    text.append(f" · hand {s['hand']} · deck {s['deck']} · lost {s['lost']}")
    if view["active"] == side:
        text.append(" · to play", style=SIDE_STYLE[side])
    if len(s.get("seats", [])) > 1:  # team play: each player's own pool and hand
        pools = ", ".join(
            f"{n} {view['seats'][n]['ap']} AP/{view['seats'][n]['hand']} cards" for n in s["seats"]
        )
        text.append(f" · {pools}")
    waiting = [u for u in view["units"] if u["side"] == side and u["square"] in OFF_FIELD]
    for u in waiting:
        text.append(f" · {letter[u['id']]} {title(u['card'])} ({u['square']})")
    return text


def hqs_of(view: dict[str, Any], side: str) -> list[dict[str, Any]]:
    """A side's HQs: one, or one behind each field (GM-105)."""
    s = view["sides"][side]
    one = {"name": "hq", "hp": s["hq"], "ap": s["ap"], "general": s["general"]}
    hqs: list[dict[str, Any]] = s.get("hqs") or [one]
    return hqs


def cell(
    view: dict[str, Any], sq: str, unit: dict[str, Any] | None, letter: str, width: int = CELL
) -> Text:
    """A square: its terrain mark first, hard by what stands on it (so that a mark never
    reads as the next square's), then the unit's letter, wounds and state, then a space."""
    field = view["field"]
    col, row = string.ascii_uppercase.index(sq[0]), int(sq[1:]) - 1
    ground = field["rows"][row][col]
    style = GROUND_STYLE.get(ground, "")
    card = field["terrain"].get(sq)
    mark = "▒" if sq in field["ruins"] else TERRAIN_SYMBOL.get(card[0], "?") if card else " "
    if sq in field["smoke"]:
        mark = "≈"
    goal = view.get("scenario") and sq in view["scenario"]["objective"]["squares"]
    kit = DROPPED if sq in field.get("dropped", {}) else " "
    body = Text(mark, style=f"{style} bold")
    if unit is None:
        body.append(f"{GROUND_SYMBOL.get(ground, '?')}{kit}", style=style)
    else:
        wounds = RAISED[min(unit["wounds"], 9)] if unit["wounds"] else " "
        flag = (
            ">" if unit["assaulting"]
            else "s" if unit["suppressed"]
            else "+" if unit["beside"]
            else "~" if unit["smoked"]
            else kit
        )  # fmt: skip
        body.append(letter, style=f"{SIDE_STYLE[unit['side']]} {style}")
        # a narrow square keeps the state mark; the wounds are in the list of units
        state = wounds + flag if width >= CELL else flag if flag != " " else wounds
        body.append(state, style=style)
    body.append(" " * (width - body.cell_len), style=style)
    if goal:
        body.stylize("underline")
    return body


class Board:
    """The field with the viewer's own edge at the bottom and each side's HQ off its edge,
    drawn for the width rich measures: five characters a square where they fit, else four
    (two fields on 80 columns)."""

    def __init__(self, view: dict[str, Any], me: str | None, letter: dict[str, str]) -> None:
        self.view, self.me, self.letter = view, me, letter

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, me = self.view, self.me
        letters_ = columns(view)
        width = CELL if LABEL + CELL * len(letters_) <= options.max_width else CELL - 1
        top, bottom = ("allies", "axis") if me == "axis" else ("axis", "allies")
        yield hq_words(view, top, self.letter)
        yield self.bands(top, width)
        yield Text(" " * LABEL + "".join(f" {c}".ljust(width) for c in letters_), style="dim")
        yield from self.rows(width)
        yield self.bands(bottom, width)
        yield hq_words(view, bottom, self.letter)

    def bands(self, side: str, width: int) -> Text:
        """The side's HQs, each behind its own field."""
        out = Text(" " * LABEL)
        for h in hqs_of(self.view, side):
            out.append_text(hq_band(self.view, side, h, FIELD * width))
        return out

    def rows(self, width: int) -> list[Text]:
        view, me = self.view, self.me
        rows = range(6, 0, -1) if me != "axis" else range(1, 7)
        letters_ = columns(view)
        on: dict[str, dict[str, Any]] = {}
        for u in view["units"]:  # the vehicle shows: the infantry beside it is listed below
            if u["square"] not in OFF_FIELD and not u["aboard"] and not u["beside"]:
                on.setdefault(u["square"], u)
        sc = view.get("scenario") or {}
        river = None
        if sc.get("river"):
            river = min(int(step.split("|")[0][1:]) for step in sc["river"])
        out = []
        for r in rows:
            line = Text(f"{r}".rjust(LABEL - 1) + " ", style="dim")
            for c in letters_:
                sq = f"{c}{r}"
                unit = on.get(sq)
                mark = self.letter[unit["id"]] if unit else ""
                line.append_text(cell(view, sq, unit, mark, width))
            out.append(line)
            if river is not None and r == (river + 1 if me != "axis" else river):
                water = Text(" " * LABEL)
                for c in letters_:
                    bridge = "══ ══" if width >= CELL else "════"
                    water.append(bridge if c in sc["bridges"] else "~" * width, style="bold blue")
                out.append(water)
        return out


def unit_lines(view: dict[str, Any], letter: dict[str, str]) -> Table:
    table = Table(box=None, pad_edge=False, show_header=True, header_style="dim")
    longest = max((len(u["id"]) for u in view["units"]), default=4)
    for name in ("", "unit", "card", "where", "wounds", "tokens", "state"):
        if name == "unit":  # the id actions use: whole, never cut short
            table.add_column(name, no_wrap=True, min_width=longest)
        else:
            table.add_column(name, overflow="fold")
    lib = library()
    for u in view["units"]:
        card = lib.units.get(u["card"])
        left = f"{u['wounds']}/{card.wounds + (1 if u['level'] == 2 else 0)}" if card else "?"
        tokens = ", ".join(f"{k} {v}" for k, v in u["tokens"].items() if v != "ready")
        ready = [k for k, v in u["tokens"].items() if v == "ready"]
        tokens = (", ".join(ready) + " ready" if ready else "") + ("; " + tokens if tokens else "")
        state = [
            word
            for word, on in (
                ("veteran", u["level"] == 1),
                ("elite", u["level"] == 2),
                ("moved", u["moved"]),
                ("fired " + ", ".join(u["fired"]), bool(u["fired"])),
                ("suppressed", u["suppressed"]),
                ("set up", u["mounted"]),
                (f"beside {u['beside']}", bool(u["beside"])),
                (f"aboard {u['aboard']}", bool(u["aboard"])),
                (f"assaulting {u['assaulting']}", bool(u["assaulting"])),
                ("in smoke", u["smoked"]),
                ("with " + ", ".join(u["attached"]), bool(u["attached"])),
            )
            if on
        ]
        table.add_row(
            Text(letter[u["id"]], style=SIDE_STYLE[u["side"]]),
            u["id"],
            title(u["card"]),
            u["square"],
            left,
            tokens,
            ", ".join(state),
        )
    return table


def legend(view: dict[str, Any]) -> Text:
    field = view["field"]
    grounds = sorted({g for row in field["rows"] for g in row} - {"."})
    parts = ["· open"] + [f"{GROUND_SYMBOL.get(g, '?')} {FEATURES[g][0]}" for g in grounds]
    cards = sorted({c for c, _ in field["terrain"].values()})
    parts += [f"{TERRAIN_SYMBOL.get(c, '?')} {title(c)}" for c in cards]
    if field["ruins"]:
        parts.append("▒ ruins")
    if field["smoke"]:
        parts.append("≈ smoke screen")
    if cards or field["ruins"] or field["smoke"]:
        parts.append("(a terrain symbol stands first in its square)")
    if field.get("dropped"):
        parts.append(f"{DROPPED} equipment on the ground")
    parts.append("marks: ¹²³ wounds, s suppressed, + beside a vehicle, > assaulting, ~ smoke")
    sc = view.get("scenario")
    if sc:
        parts.append("underlined: the objective's squares")
        if sc["river"]:
            parts.append("~~ the river, ══ a bridge")
    return Text("  ".join(parts), style="dim")


def dropped_line(view: dict[str, Any]) -> Text:
    """The equipment lying on the field, square by square; a grey token is marked spent."""
    tokens = library().tokens
    where = [
        f"{sq} "
        + ", ".join(
            (tokens[t].title if t in tokens else t) + ("" if f == "ready" else " (spent)")
            for t, f in lying
        )
        for sq, lying in view["field"]["dropped"].items()
    ]
    return Text("on the ground: " + "; ".join(where))


def render(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    me = side_of(view, view.get("me"))  # None: a spectator, who sees the allies' edge below
    letter = letters(view)
    head = Text(f"round {view['round']} · turn {view['turn']} · {view['phase']}")
    if view["active"]:
        head.append(f" · {view['active']} to play", style=SIDE_STYLE[view["active"]])
    parts: list[RenderableType] = []
    sc = view.get("scenario")
    if sc:
        parts.append(Text(f"{sc['title']}: {sc['objective']['text']}", style="bold"))
    parts += [head, Board(view, me, letter), legend(view)]
    if view["units"]:
        parts.append(unit_lines(view, letter))
    if view["field"].get("dropped"):
        parts.append(dropped_line(view))
    for key, said in (
        ("equipping", "equipping"),
        ("storming", "storming its target"),
        ("aim", "a shot waits on smoke"),
        ("sortie", "air combat under way"),
    ):
        if view.get(key):
            parts.append(Text(f"{said}: {view[key]}", style="yellow"))
    if view.get("hand") is not None:
        hand = ", ".join(f"{title(c)} ({c})" for c in view["hand"]) or "empty"
        parts.append(Text(f"your hand: {hand}"))
    for mate, cards in view.get("team_hands", {}).items():
        hand = ", ".join(f"{title(c)} ({c})" for c in cards) or "empty"
        parts.append(Text(f"{mate}'s hand: {hand}"))
    return Group(*parts)
