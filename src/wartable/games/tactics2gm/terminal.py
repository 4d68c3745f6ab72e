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
in players' words. Every word is said in the player's language (``voice``; English without
one); the ids the player types (``m4_sherman-1``, ``C4``, ``w1``) stay as they are.
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

from wartable.core.words import Said, listing, named, say, say_n, word
from wartable.games.tactics2gm.content import FEATURES, Library, load
from wartable.games.tactics2gm.labels import SIDES

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
ARMY = {"usa": word("USA"), "germany": word("Germany")}
PHASES = {
    "bid": word("bid"),
    "first": word("first"),
    "terrain": word("terrain"),
    "mulligan": word("mulligan"),
    "move": word("move"),
    "deploy": word("deploy"),
    "fire": word("fire"),
    "flip": word("flip"),
    "discard": word("discard"),
    "over": word("over"),
}
TO_PLAY = {"allies": word("allies to play"), "axis": word("axis to play")}
# the ground's names in the legend (content.FEATURES's)
GROUND = {
    ".": word("open"),
    "F": word("forest"),
    "H": word("hedge"),
    "M": word("mountain"),
    "L": word("lake"),
    "R": word("river"),
    "S": word("sea"),
}
HEADERS = {
    "unit": word("unit"),
    "card": word("card"),
    "where": word("where"),
    "wounds": word("wounds"),
    "tokens": word("tokens"),
    "state": word("state"),
}
TOKEN_STATE = {"used": word("{token} used"), "disabled": word("{token} disabled")}
ALOFT = {"air": word("air")}  # a unit off the squares: in the air (at an HQ: its id, hq)
WAITING = {  # what the battle waits on
    "equipping": word("equipping: {what}"),
    "storming": word("storming its target: {what}"),
    "aim": word("a shot waits on smoke: {what}"),
    "sortie": word("air combat under way: {what}"),
}
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
        return said(SIDES[key])

    def swap(m: re.Match[str]) -> str:
        if m[1]:
            if m[2] == "hq2":
                return said(say("the {side} HQ behind I-P", side=SIDES[m[1]]))
            return said(say("the {side} HQ", side=SIDES[m[1]]))
        if m[3]:  # a unit (or a team seat, allies-2)
            if known(m[3]):
                return f"{name(m[3])} {m[4]}"
            key = side(m[3]) if m[3] in SIDES else m[3]
            return f"{key}-{m[4]}"
        found = m[0]
        if found in SIDES:
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


def hq_band(
    view: dict[str, Any],
    side: str,
    h: dict[str, Any],
    span: int,
    voice: Callable[[str], str] | None = None,
) -> Text:
    """One HQ as the page draws it off its side's edge, across its field's ``span`` columns:
    its name, its PI (a pip each, where they fit) and its AP."""
    said = voice or str
    s = view["sides"][side]
    left = max(0, h["hp"])
    full = max(h.get("max_hp") or library().hq.hit_points, left)
    ap = h.get("ap", s["ap"])
    name = say("{side} HQ", side=SIDES[side])
    if view["field"].get("fields", 1) > 1:  # two fields: the HQ behind each (GM-105)
        behind = "I-P" if h["name"] == "hq2" else "A-H"
        name = say("{side} HQ {columns}", side=SIDES[side], columns=behind)
    pips = "■" * left + "□" * (full - left)
    ways = (
        say("{hq} {pips} {left} PI · {ap} AP", hq=name, pips=pips, left=left, ap=ap),
        say("{hq} {left}/{full} PI · {ap} AP", hq=name, left=left, full=full, ap=ap),
        say("{hq} {left} PI · {ap} AP", hq=name, left=left, ap=ap),
    )
    short = say("{hq} {left} PI {ap} AP", hq=name, left=left, ap=ap)  # where nothing else fits
    fits = (f" {said(w)} " for w in ways)
    shown = next((w for w in fits if cell_len(w) + 2 <= span), f" {said(short)} ")
    pad = max(0, span - cell_len(shown))
    return Text("━" * (pad // 2) + shown + "━" * (pad - pad // 2), style=SIDE_STYLE[side])


def hq_words(
    view: dict[str, Any],
    side: str,
    letter: dict[str, str],
    voice: Callable[[str], str] | None = None,
) -> Text:
    """What the page writes beside a side's HQ: its army, its general, its cards and losses,
    each player's pool in team play, and the aircraft waiting there."""
    said = voice or str
    s = view["sides"][side]
    hqs = hqs_of(view, side)
    army = ARMY.get(s["army"]) or named(s["army"].title())
    text = Text(" " * LABEL + said(army))
    if not any(h["general"] for h in hqs):
        text.append(" · " + said(word("no general")))
    for h in hqs:
        if h["general"]:
            general = named(title(h["general"]))
            if len(hqs) > 1:
                behind = "I-P" if h["name"] == "hq2" else "A-H"
                line = say("general {name} behind {columns}", name=general, columns=behind)
            else:
                line = say("general {name}", name=general)
            text.append(f" · {said(line)}")
    cards = say(
        "hand {hand} · deck {deck} · lost {lost}", hand=s["hand"], deck=s["deck"], lost=s["lost"]
    )
    text.append(f" · {said(cards)}")
    if view["active"] == side:
        text.append(" · " + said(word("to play")), style=SIDE_STYLE[side])
    if len(s.get("seats", [])) > 1:  # team play: each player's own pool and hand
        pools = [
            say_n(
                "{seat} {ap} AP/{count} cards",
                "{seat} {ap} AP/{count} cards",
                view["seats"][n]["hand"],
                seat=n,
                ap=view["seats"][n]["ap"],
            )
            for n in s["seats"]
        ]
        text.append(f" · {said(listing(pools))}")
    waiting = [u for u in view["units"] if u["side"] == side and u["square"] in OFF_FIELD]
    for u in waiting:
        name = said(named(title(u["card"])))
        text.append(f" · {letter[u['id']]} {name} ({where(u['square'], said)})")
    return text


def where(square: str, said: Callable[[str], str]) -> str:
    """A unit's square as the player types it (C4, hq), or in words where none is typed
    (in the air)."""
    found = ALOFT.get(square)
    return square if found is None else said(found)


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

    def __init__(
        self,
        view: dict[str, Any],
        me: str | None,
        letter: dict[str, str],
        voice: Callable[[str], str] | None = None,
    ) -> None:
        self.view, self.me, self.letter, self.voice = view, me, letter, voice

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, me = self.view, self.me
        letters_ = columns(view)
        width = CELL if LABEL + CELL * len(letters_) <= options.max_width else CELL - 1
        top, bottom = ("allies", "axis") if me == "axis" else ("axis", "allies")
        yield hq_words(view, top, self.letter, self.voice)
        yield self.bands(top, width)
        yield Text(" " * LABEL + "".join(f" {c}".ljust(width) for c in letters_), style="dim")
        yield from self.rows(width)
        yield self.bands(bottom, width)
        yield hq_words(view, bottom, self.letter, self.voice)

    def bands(self, side: str, width: int) -> Text:
        """The side's HQs, each behind its own field."""
        out = Text(" " * LABEL)
        for h in hqs_of(self.view, side):
            out.append_text(hq_band(self.view, side, h, FIELD * width, self.voice))
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


def unit_lines(
    view: dict[str, Any], letter: dict[str, str], voice: Callable[[str], str] | None = None
) -> Table:
    said = voice or str
    table = Table(box=None, pad_edge=False, show_header=True, header_style="dim")
    longest = max((len(u["id"]) for u in view["units"]), default=4)
    table.add_column("", overflow="fold")
    for name, header in HEADERS.items():
        if name == "unit":  # the id actions use: whole, never cut short
            table.add_column(said(header), no_wrap=True, min_width=longest)
        else:
            table.add_column(said(header), overflow="fold")
    lib = library()
    for u in view["units"]:
        card = lib.units.get(u["card"])
        left = f"{u['wounds']}/{card.wounds + (1 if u['level'] == 2 else 0)}" if card else "?"
        table.add_row(
            Text(letter[u["id"]], style=SIDE_STYLE[u["side"]]),
            u["id"],
            said(named(title(u["card"]))),
            where(u["square"], said),
            left,
            tokens_words(u, said),
            said(listing(state_words(u))),
        )
    return table


def tokens_words(u: dict[str, Any], said: Callable[[str], str]) -> str:
    """A unit's tokens by the ids actions name them with (``w1``, ``smoke``): the ready
    ones, then each used or disabled one."""
    ready = [k for k, v in u["tokens"].items() if v == "ready"]
    spent = [
        said(say(TOKEN_STATE[v], token=k)) if v in TOKEN_STATE else f"{k} {v}"
        for k, v in u["tokens"].items()
        if v != "ready"
    ]
    parts = [said(say("{tokens} ready", tokens=", ".join(ready)))] if ready else []
    if spent:
        parts.append(", ".join(spent))
    return "; ".join(parts)


def state_words(u: dict[str, Any]) -> list[Said]:
    """How a unit stands: its level, what it did this turn, what it is beside, aboard or
    assaulting (by the ids actions name them with), what cards it carries."""
    out = []
    if u["level"] == 1:
        out.append(word("veteran"))
    if u["level"] == 2:
        out.append(word("elite"))
    if u["moved"]:
        out.append(word("moved"))
    if u["fired"]:
        out.append(say("fired {weapons}", weapons=", ".join(u["fired"])))
    if u["suppressed"]:
        out.append(word("suppressed"))
    if u["mounted"]:
        out.append(word("set up"))
    if u["beside"]:
        out.append(say("beside {unit}", unit=u["beside"]))
    if u["aboard"]:
        out.append(say("aboard {unit}", unit=u["aboard"]))
    if u["assaulting"]:
        out.append(say("assaulting {unit}", unit=u["assaulting"]))
    if u["smoked"]:
        out.append(word("in smoke"))
    if u["attached"]:
        out.append(say("with {cards}", cards=", ".join(u["attached"])))
    return out


def legend(view: dict[str, Any], voice: Callable[[str], str] | None = None) -> Text:
    said = voice or str
    field = view["field"]
    grounds = sorted({g for row in field["rows"] for g in row} - {"."})
    parts = [f"· {said(GROUND['.'])}"]
    for g in grounds:
        ground = said(GROUND[g]) if g in GROUND else FEATURES[g][0]
        parts.append(f"{GROUND_SYMBOL.get(g, '?')} {ground}")
    cards = sorted({c for c, _ in field["terrain"].values()})
    parts += [f"{TERRAIN_SYMBOL.get(c, '?')} {said(named(title(c)))}" for c in cards]
    if field["ruins"]:
        parts.append("▒ " + said(word("ruins")))
    if field["smoke"]:
        parts.append("≈ " + said(word("smoke screen")))
    if cards or field["ruins"] or field["smoke"]:
        parts.append(said(word("(a terrain symbol stands first in its square)")))
    if field.get("dropped"):
        parts.append(f"{DROPPED} " + said(word("equipment on the ground")))
    marks = [
        "¹²³ " + said(word("wounds")),
        "s " + said(word("suppressed")),
        "+ " + said(word("beside a vehicle")),
        "> " + said(word("assaulting")),
        "~ " + said(word("smoke")),
    ]
    parts.append(said(say("marks: {marks}", marks=listing(marks))))
    sc = view.get("scenario")
    if sc:
        parts.append(said(word("underlined: the objective's squares")))
        if sc["river"]:
            water = ["~~ " + said(word("the river")), "══ " + said(word("a bridge"))]
            parts.append(said(listing(water)))
    return Text("  ".join(parts), style="dim")


def dropped_line(view: dict[str, Any], voice: Callable[[str], str] | None = None) -> Text:
    """The equipment lying on the field, square by square; a grey token is marked spent."""
    said = voice or str
    tokens = library().tokens
    squares = []
    for sq, lying in view["field"]["dropped"].items():
        each = []
        for key, face in lying:
            name = said(named(tokens[key].title)) if key in tokens else key
            each.append(name if face == "ready" else said(say("{token} (spent)", token=name)))
        squares.append(f"{sq} {listed(each, said)}")
    return Text(said(say("on the ground: {squares}", squares="; ".join(squares))))


def hand_words(cards: list[str], said: Callable[[str], str]) -> str:
    """Cards by their titles, each with the id actions name it with: "Tiger (ger_tiger)"."""
    return listed([f"{said(named(title(c)))} ({c})" for c in cards], said)


def listed(items: list[str], said: Callable[[str], str]) -> str:
    """Texts said already, one after another (the commas between them said too)."""
    return said(listing(items)) if len(items) > 1 else "".join(items)


def render(
    view: dict[str, Any], focus: str | None = None, voice: Callable[[str], str] | None = None
) -> RenderableType:
    said = voice or str
    me = side_of(view, view.get("me"))  # None: a spectator, who sees the allies' edge below
    letter = letters(view)
    phase = PHASES.get(view["phase"], view["phase"])
    head = Text(
        said(
            say(
                "round {round} · turn {turn} · {phase}",
                round=view["round"],
                turn=view["turn"],
                phase=phase,
            )
        )
    )
    active = view["active"]
    if active:
        head.append(" · " + said(TO_PLAY[active]), style=SIDE_STYLE[active])
    parts: list[RenderableType] = []
    sc = view.get("scenario")
    if sc:
        aim = say(
            "{scenario}: {objective}",
            scenario=named(sc["title"]),
            objective=named(sc["objective"]["text"]),
        )
        parts.append(Text(said(aim), style="bold"))
    parts += [head, Board(view, me, letter, voice), legend(view, voice)]
    if view["units"]:
        parts.append(unit_lines(view, letter, voice))
    if view["field"].get("dropped"):
        parts.append(dropped_line(view, voice))
    for key, waits in WAITING.items():
        if view.get(key):
            parts.append(Text(said(say(waits, what=str(view[key]))), style="yellow"))
    if view.get("hand") is not None:
        hand = view["hand"]
        mine = say("your hand: {cards}", cards=hand_words(hand, said)) if hand else None
        parts.append(Text(said(mine or word("your hand: empty"))))
    for mate, cards in view.get("team_hands", {}).items():
        if cards:
            theirs = say("{seat}'s hand: {cards}", seat=mate, cards=hand_words(cards, said))
        else:
            theirs = say("{seat}'s hand: empty", seat=mate)
        parts.append(Text(said(theirs)))
    return Group(*parts)
