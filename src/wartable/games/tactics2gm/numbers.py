"""2GM Tactics' observation read from the state (``Observer.quick``): the numbers of
``Tactics2GMObserver._encode`` without building the view's dictionaries. Of the other side
it reads what the view shows: its pieces, pools, piles' sizes, discards (face up), its bid
once both are in and its opening-hand choice once every seat's is; never its hand or a
deck's order. Tested against the view's encoding for every seat at every step of random
games (the conformance suite)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.observation import Quick, one_hot, scaled
from wartable.games.tactics2gm.observation import (
    GROUND,
    MOST_AP,
    MOST_CARDS,
    MOST_COPIES,
    MOST_HAND,
    MOST_LOST,
    MOST_UNITS,
    PHASES,
    PIECE,
    SORTIE_STAGES,
    S,
    Tactics2GMObserver,
    _counts,
)
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules import objectives, river, wear
from wartable.games.tactics2gm.rules.common import (
    SIDES,
    commander,
    feature,
    hq_of,
    hq_word,
    hqs,
    marshal,
    seats_of,
)
from wartable.games.tactics2gm.rules.field import ROWS
from wartable.games.tactics2gm.view import where, worn

if TYPE_CHECKING:
    from wartable.games.tactics2gm.model import Piece
    from wartable.games.tactics2gm.state import Tactics2GMState
    from wartable.geometry.squaregrid import Square

BASE = "zeros"  # every number is written: the base is all zeros


def shortcut(o: Tactics2GMObserver, st: Tactics2GMState, player: str) -> Quick:
    """The seat's numbers, each written once at its place (the base is all zeros)."""
    at = o.at
    seat = st.players.index(player)
    side = st.seat_side[seat]
    columns = o.columns
    out: dict[int, float] = {}

    def square(sq: Square | None) -> int | None:
        """A square's place in the planes, the seat's own edge first."""
        if sq is None:
            return None
        c, r = sq
        if not (0 <= c < columns and 0 <= r < ROWS):
            return None
        return (ROWS - 1 - r if side else r) * columns + c

    def who(block: str, k: int, other: int | None) -> None:
        """``_who``: 1 at ``k`` where the side is mine, at ``k + 1`` where it is the enemy's."""
        if other is not None:
            out[at[block] + k + (0 if other == side else 1)] = 1.0

    def put(block: str, k: int, value: float) -> None:
        if value:
            out[at[block] + k] = value

    put("seat", side, 1.0)
    put("seat", 2, float(marshal(st, side) == seat))
    put("phase", PHASES.index(st.phase), 1.0)
    if st.phase not in (Phase.BID, Phase.MULLIGAN, Phase.OVER):
        who("acting", 0, st.active)
    if st.first >= 0:
        who("acting", 2, st.first)
    brief = st.brief
    rnd = max(1, (st.turn + 1) // 2)
    put("time", 0, scaled(rnd, st.max_rounds))
    put("time", 1, scaled(rnd, brief.rounds if brief is not None else 0))
    put("time", 2, scaled(rnd, o.time_limit))

    pieces = {p.id: p for p in st.pieces}
    _pending(o, st, side, pieces, who, put)
    _focus(o, st, pieces, square, at["board.focus"], out)
    _board(o, st, side, square, out)

    for k, whose in ((side, "mine"), (1 - side, "theirs")):
        ours = [p for p in st.pieces if p.side == k]
        standing = [(square(p.sq), PIECE(p)) for p in ours if p.sq is not None]
        planes = o._units((place, facts) for place, facts in standing if place is not None)
        start = at[f"{whose}.units"]
        out.update({start + place: x for place, x in planes.at.items()})
        team = seats_of(st, k)
        first = at[f"{whose}.side"]
        for j, x in enumerate(
            (
                scaled(sum(st.ap[j] for j in team), MOST_AP * o.fields),
                scaled(sum(len(st.hands[j]) for j in team), MOST_HAND),
                scaled(sum(len(st.decks[j]) for j in team), MOST_CARDS),
                scaled(sum(len(st.discards[j]) for j in team), MOST_CARDS),
                scaled(st.destroyed[k], MOST_LOST),
                scaled(st.budget[k], o.bid_max),
                float(
                    st.bids[k] is not None
                    if st.phase == Phase.BID
                    else all(st.redraws[j] is not None for j in team)
                ),
                scaled(sum(where(st, p) == "air" for p in ours), 4),
                scaled(len(ours), MOST_UNITS),
            )
        ):
            if x:
                out[first + j] = x
        _hqs(o, st, k, seat, ours, at[f"{whose}.hqs"], out)
        _seats(o, st, team, seat, at[f"{whose}.seats"], out)
        _counted(at[f"{whose}.in_play"], [p.card for p in ours], o.unit_index, out)
        discards = [c for j in team for c in st.discards[j]]
        _counted(at[f"{whose}.discard"], discards, o.card_index, out)

    by_me: dict[int, float] = {}
    for p in st.pieces:
        place = square(p.sq)
        if place is not None and p.side == side and commander(st, p) == seat:
            by_me[place] = by_me.get(place, 0.0) + 0.25
    out.update((at["mine.by_me"] + k, min(1.0, x)) for k, x in by_me.items())
    if None not in st.bids:
        put("bids", 0, 1.0)
        put("bids", 1, scaled(st.bids[side] or 0, o.bid_max))
        put("bids", 2, scaled(st.bids[1 - side] or 0, o.bid_max))
    mine_bid = st.bids[side]
    if mine_bid is not None:
        put("my_bid", 0, 1.0)
        put("my_bid", 1, scaled(mine_bid, o.bid_max))
    _counted(at["hand"], st.hands[seat], o.card_index, out)
    if o.seats > 1:
        mates = [c for j in seats_of(st, side) if j != seat for c in st.hands[j]]
        _counted(at["mate_hand"], mates, o.card_index, out)
    objective = brief.objective if brief is not None else None
    if objective is not None:
        hold = objective.kind == "hold"
        if objective.kind in ("hold", "destroy"):
            put("scenario", 0 if hold else 1, 1.0)
        who("scenario", 2, SIDES.index(objective.side))
        put("scenario", 4, scaled(objective.count, 4) if hold else 0.0)
        put("scenario", 5, 0.0 if hold else scaled(objectives.needed(st, objective), MOST_LOST))
        put("scenario", 6, scaled(len(objectives.held(st, objective)) if hold else 0, 8))
        put("scenario", 7, float(bool(river.label_of(st.walls))))
    return BASE, list(out), list(out.values())


def _pending(
    o: Tactics2GMObserver,
    st: Tactics2GMState,
    side: int,
    pieces: dict[str, Piece],
    who: Any,
    put: Any,
) -> None:
    """``_pending``: whose unit is equipped or storms, the assault's stage, a held shot and
    an air combat."""
    for k, unit in ((0, st.equipping), (2, st.storming)):
        p = pieces.get(unit)
        who("pending", k, p.side if p is not None else None)
    if st.stage in ("react", "strike"):
        put("pending", 4 + ("react", "strike").index(st.stage), 1.0)
    if st.aim is not None:
        who("pending", 6, st.seat_side[st.aim[0]])
        put("pending", 8, scaled(len(st.asking), 4))
    s = st.sortie
    if s is not None:
        who("pending", 9, s.side)
        if s.stage in SORTIE_STAGES:
            put("pending", 11 + SORTIE_STAGES.index(s.stage), 1.0)
        who("pending", 14, s.hq % 2 if s.hq >= 0 else None)
        for k, many in enumerate((len(s.escorts), len(s.interceptors), len(s.engaged))):
            put("pending", 16 + k, scaled(many, 4))


def _focus(
    o: Tactics2GMObserver,
    st: Tactics2GMState,
    pieces: dict[str, Piece],
    square: Any,
    start: int,
    out: dict[int, float],
) -> None:
    """``_focus``: the squares of what is being resolved (a word names a unit, standing
    where it stands, or a square)."""
    n = o.n

    def mark(plane: int, word: str) -> None:
        p = pieces.get(word)
        if p is not None:
            k = square(p.sq)
        else:
            sq = o.squares.get(word)
            k = square(sq) if sq is not None else None
        if k is not None:
            out[start + plane * n + k] = 1.0

    mark(0, st.equipping)
    if st.storming:
        mark(0, st.storming)
        assaulter = pieces.get(st.storming)
        if assaulter is not None:
            mark(0, assaulter.assaulting)
    if st.aim is not None:
        for word in (*str(st.aim[1]).split()[1:], *st.asking):
            mark(1, word)
    s = st.sortie
    if s is not None:
        for sq in s.at:
            k = square(sq)
            if k is not None:
                out[start + 2 * n + k] = 1.0


def _board(
    o: Tactics2GMObserver, st: Tactics2GMState, side: int, square: Any, out: dict[int, float]
) -> None:
    """``_board``: the tiles' ground, the terrain cards and who laid them, and the state of
    each square."""
    at, n, columns = o.at, o.n, o.columns
    ground = at["board.ground"]
    for r in range(ROWS):
        line = ROWS - 1 - r if side else r
        for c in range(columns):
            out[ground + GROUND.index(feature(st, (c, r))) * n + line * columns + c] = 1.0
    terrain, owner = at["board.terrain"], at["board.terrain_owner"]
    for sq, card in st.terrain.items():
        k = square(sq)
        if k is None:
            continue
        if card in o.terrain:
            out[terrain + o.terrain.index(card) * n + k] = 1.0
        if st.owner[sq] >= 0:
            out[owner + (0 if st.owner[sq] == side else 1) * n + k] = 1.0
    state = at["board.state"]

    def put(plane: str, sq: Square, value: float = 1.0) -> None:
        k = square(sq)
        if k is not None:
            if value:
                out[state + S[plane] * n + k] = value
            else:
                out.pop(state + S[plane] * n + k, None)

    for sq in st.ruins:
        put("ruins", sq)
    for sq in worn(st):
        put("worn", sq, scaled(wear.points_left(st, sq), 10))
    for sq, s in st.screens.items():
        put("smoke_mine" if s == side else "smoke_theirs", sq)
    for sq, lying in st.dropped.items():
        ready = sum(face == "ready" for _, face in lying)
        put("dropped_ready", sq, scaled(ready, 4))
        put("dropped_disabled", sq, scaled(len(lying) - ready, 4))
    for step in river.label_of(st.walls) if st.brief is not None else ():  # as the view
        for label in step.split("|"):
            put("river", o.squares[label])
    objective = st.brief.objective if st.brief is not None else None
    if objective is not None:
        for label in (s for field in objectives.squares(st, objective) for s in field):
            put("objective", o.squares[label])
        if objective.kind == "hold":
            for label in objectives.held(st, objective):
                put("held", o.squares[label])


def _hqs(
    o: Tactics2GMObserver,
    st: Tactics2GMState,
    k: int,
    seat: int,
    ours: list[Piece],
    start: int,
    out: dict[int, float],
) -> None:
    """``_hqs``: each HQ of side ``k``, field by field."""
    novice = o.novice[k]
    team = seats_of(st, k)
    for f, h in enumerate(hqs(st, k)[: o.fields]):
        general = st.generals[h]
        bonus = o.lib.generals[general].income if general in o.lib.generals else 0
        word = hq_word(h)
        values = [
            scaled(st.hq_hp[h], st.hq.hit_points),
            scaled(sum(st.ap[j] for j in team if hq_of(st, j) == h), MOST_AP),
            scaled(o.income + novice + bonus, 10),
            *one_hot(general, o.generals),
            scaled(sum(where(st, p) == word for p in ours), 4),
            float(seat in team and hq_of(st, seat) == h),
        ]
        first = start + len(values) * f
        out.update((first + j, x) for j, x in enumerate(values) if x)


def _seats(
    o: Tactics2GMObserver,
    st: Tactics2GMState,
    team: list[int],
    seat: int,
    start: int,
    out: dict[int, float],
) -> None:
    """``_seats``: the side's seats, mine first, then my teammate."""
    order = [seat, *(j for j in team if j != seat)] if seat in team else team
    shown = None not in st.redraws
    for f, j in enumerate(order[: o.seats]):
        redrew = st.redraws[j] if j == seat or shown else None
        values = (
            1.0,
            float(j == seat),
            float(marshal(st, st.seat_side[j]) == j),
            scaled(st.ap[j], MOST_AP),
            scaled(len(st.hands[j]), MOST_HAND),
            scaled(len(st.decks[j]), MOST_CARDS),
            scaled(len(st.discards[j]), MOST_CARDS),
            float(st.redraws[j] is not None),
            float(st.passed[j]),
            float(bool(redrew)),
        )
        first = start + 10 * f
        out.update((first + i, x) for i, x in enumerate(values) if x)


def _counted(start: int, cards: list[str], index: dict[str, int], out: dict[int, float]) -> None:
    """``_counts``' numbers, at their places in the whole observation."""
    out.update({start + k: x for k, x in _counts(cards, index, MOST_COPIES).at.items()})
