"""2GM Tactics in the terminal: both HQs, the 8 x 6 battlefield with its ground, terrain
cards, river and objective, a letter for each unit (small for the allies, capitals for the
axis) with its wounds, then every unit in words, and the viewer's hand.

Each square takes five characters: the unit's letter, its wounds as a raised digit, a mark
(``s`` suppressed, ``+`` beside a vehicle, ``>`` assaulting, ``~`` in smoke, ``¤``
equipment lying there) and the terrain card's symbol, on the colour of the square's
ground. The viewer's own edge is at the bottom (the rows turned over for the axis; the
columns stay A to H). Only the JSON view is read; the cards' titles come from the game's
data. This is the terminal interface's drawing for this game, found through
``Tactics2GM.interfaces``.
"""

from __future__ import annotations

import string
from functools import cache
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

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
    return card


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


def hq_line(view: dict[str, Any], side: str, letter: dict[str, str]) -> Text:
    s = view["sides"][side]
    lib = library()
    text = Text(f"{side} HQ ({s['army']}) ", style=SIDE_STYLE[side])
    full = lib.hq.hit_points
    hqs = s.get("hqs", [{"name": "hq", "hp": s["hq"], "general": s["general"], "seats": []}])
    if len(hqs) == 1:
        text.append(f"{s['hq']}/{full} PI · ")
    else:  # two fields: an HQ behind each, its player's (GM-105)
        text.append(" · ".join(f"{h['name']} {h['hp']}/{full} PI" for h in hqs) + " · ")
    text.append(f"{s['ap']} AP · hand {s['hand']} · deck {s['deck']} · lost {s['lost']}")
    for h in hqs:
        if h["general"]:
            at = f" at {h['name']}" if len(hqs) > 1 else ""
            text.append(f" · general {h['general']}{at}")
    if len(s.get("seats", [])) > 1:  # team play: each player's own pool and hand
        pools = ", ".join(
            f"{n} {view['seats'][n]['ap']} AP/{view['seats'][n]['hand']} cards" for n in s["seats"]
        )
        text.append(f" · {pools}")
    waiting = [u for u in view["units"] if u["side"] == side and u["square"] in OFF_FIELD]
    for u in waiting:
        text.append(f" · {letter[u['id']]} {title(u['card'])} ({u['square']})")
    return text


def cell(view: dict[str, Any], sq: str, unit: dict[str, Any] | None, letter: str) -> Text:
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
    if unit is None:
        body = Text(f" {GROUND_SYMBOL.get(ground, '?')}{kit} ", style=style)
    else:
        wounds = RAISED[min(unit["wounds"], 9)] if unit["wounds"] else " "
        flag = (
            ">" if unit["assaulting"]
            else "s" if unit["suppressed"]
            else "+" if unit["beside"]
            else "~" if unit["smoked"]
            else kit
        )  # fmt: skip
        body = Text(" ", style=style)
        body.append(letter, style=f"{SIDE_STYLE[unit['side']]} {style}")
        body.append(wounds + flag, style=style)
    body.append(mark, style=f"{style} bold")
    if goal:
        body.stylize("underline")
    return body


def board(view: dict[str, Any], me: str | None, letter: dict[str, str]) -> Table:
    """The field with the viewer's own edge at the bottom."""
    rows = range(6, 0, -1) if me != "axis" else range(1, 7)
    letters_ = columns(view)
    on: dict[str, dict[str, Any]] = {}
    for u in view["units"]:  # the vehicle shows: the infantry beside it is listed below
        if u["square"] not in OFF_FIELD and not u["aboard"] and not u["beside"]:
            on.setdefault(u["square"], u)
    table = Table.grid(padding=0)
    table.add_column(justify="right")
    for _ in letters_:
        table.add_column()
    table.add_row("   ", *[Text(f"  {c}  ", style="dim") for c in letters_])
    sc = view.get("scenario") or {}
    river = None
    if sc.get("river"):
        river = min(int(step.split("|")[0][1:]) for step in sc["river"])
    for r in rows:
        squares = [f"{c}{r}" for c in letters_]
        table.add_row(
            Text(f"{r} ", style="dim"),
            *[
                cell(view, sq, on.get(sq), letter[on[sq]["id"]] if sq in on else "")
                for sq in squares
            ],
        )
        if river is not None and r == (river + 1 if me != "axis" else river):
            table.add_row(
                Text("  ", style="dim"),
                *[
                    Text("══ ══" if c in sc["bridges"] else "~~~~~", style="bold blue")
                    for c in letters_
                ],
            )
    return table


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


def render(view: dict[str, Any], focus: str | None = None) -> RenderableType:
    me = side_of(view, view.get("me"))  # None: a spectator, who sees the allies' edge below
    letter = letters(view)
    top, bottom = ("allies", "axis") if me == "axis" else ("axis", "allies")
    head = Text(f"round {view['round']} · turn {view['turn']} · {view['phase']}")
    if view["active"]:
        head.append(f" · {view['active']} to play", style=SIDE_STYLE[view["active"]])
    parts: list[RenderableType] = []
    sc = view.get("scenario")
    if sc:
        parts.append(Text(f"{sc['title']}: {sc['objective']['text']}", style="bold"))
    parts += [
        head,
        hq_line(view, top, letter),
        board(view, me, letter),
        hq_line(view, bottom, letter),
    ]
    parts.append(legend(view))
    if view["units"]:
        parts.append(unit_lines(view, letter))
    if view["field"].get("dropped"):
        parts.append(dropped_line(view))
    for key, words in (
        ("equipping", "equipping"),
        ("storming", "storming its target"),
        ("aim", "a shot waits on smoke"),
        ("sortie", "air combat under way"),
    ):
        if view.get(key):
            parts.append(Text(f"{words}: {view[key]}", style="yellow"))
    if view.get("hand") is not None:
        hand = ", ".join(f"{title(c)} ({c})" for c in view["hand"]) or "empty"
        parts.append(Text(f"your hand: {hand}"))
    for mate, cards in view.get("team_hands", {}).items():
        hand = ", ".join(f"{title(c)} ({c})" for c in cards) or "empty"
        parts.append(Text(f"{mate}'s hand: {hand}"))
    return Group(*parts)
