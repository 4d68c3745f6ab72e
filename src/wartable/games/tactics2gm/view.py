"""What one side (or a spectator, None) may see: the whole field, the tokens and the AP
pools are open (A-2); a hand is its owner's, a deck's order nobody's, and a bid or an
opening-hand choice stays secret until both sides have made theirs."""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

from wartable.games.tactics2gm.model import weapons
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules import objectives, river, wear
from wartable.games.tactics2gm.rules.common import (
    SIDES,
    commander,
    feature,
    hq_of,
    hq_word,
    hqs,
    label,
    marshal,
    seats_of,
    unit_hq,
)
from wartable.games.tactics2gm.rules.field import COLUMNS, ROWS

if TYPE_CHECKING:
    from wartable.games.tactics2gm.model import Piece
    from wartable.games.tactics2gm.state import Tactics2GMState
    from wartable.geometry.squaregrid import Square


def scenario_view(st: Tactics2GMState) -> dict[str, Any] | None:
    """A scenario's terms, open to all: its river, its objective and how it stands."""
    sc = st.brief
    if sc is None:
        return None
    o = sc.objective
    return {
        "title": sc.title,
        "rounds": sc.rounds,
        "year": sc.year,
        "points": sc.points,
        "river": river.label_of(st.walls),  # steps it closes, "C3|C4"
        "bridges": [  # the columns a bridge spans the river in, on every field
            string.ascii_uppercase[ord(c) - ord("A") + COLUMNS * k]
            for k in range(st.field.copies)
            for c in sc.bridges
        ],
        "rowboats": list(sc.rowboats),  # the sides whose infantry rows across it (GM-61)
        # the opening hands it fixes: cards, size, whether they may be sent back (GM-14)
        "hands": {seat: hand.model_dump() for seat, hand in sc.hands.items()},
        "objective": {
            "side": o.side,
            "kind": o.kind,
            "text": objectives.words(st, o),
            "squares": [s for field in objectives.squares(st, o) for s in field],
            "count": o.count,  # on each field: a hold objective is doubled (GM-105)
            "held": objectives.held(st, o) if o.kind == "hold" else [],
            "needed": objectives.needed(st, o),  # the enemy units a destroy objective needs
        },
    }


def view(st: Tactics2GMState, player: str | None) -> dict[str, Any]:
    seat = st.players.index(player) if player is not None else None
    me = st.seat_side[seat] if seat is not None else None
    # a forest or hedge shot down reads as open ground
    columns = st.field.grid.columns
    rows = ["".join(feature(st, (c, r)) for c in range(columns)) for r in range(ROWS)]
    out: dict[str, Any] = {
        "me": player,  # whose view this is (None: a spectator's)
        "phase": st.phase,
        "active": SIDES[st.active]
        if st.phase not in (Phase.BID, Phase.MULLIGAN, Phase.OVER)
        else None,
        "turn": st.turn,
        "round": max(1, (st.turn + 1) // 2),
        "max_rounds": st.max_rounds,
        "first": SIDES[st.first] if st.first >= 0 else None,
        "field": {
            "columns": columns,
            "fields": st.field.copies,  # two side by side in a battle of four (GM-105)
            "rows": rows,  # row 1 (the allies' edge) first: tile features, see content
            "terrain": {
                label(sq): [card, SIDES[st.owner[sq]] if st.owner[sq] >= 0 else None]
                for sq, card in sorted(st.terrain.items())
            },  # a scenario's own terrain is no one's
            # PI left to worn terrain (GM-53, GM-65), and buildings shot to ruins
            "worn": {label(sq): wear.points_left(st, sq) for sq in worn(st)},
            "ruins": sorted(label(sq) for sq in st.ruins),
            # smoke screens, by the side whose next Inicio lifts them (GM-77)
            "smoke": {label(sq): SIDES[s] for sq, s in sorted(st.screens.items())},
            # equipment tokens left by fallen infantry, open to both sides (GM-106):
            # [token, "ready" or "disabled"] for each
            "dropped": {
                label(sq): [list(t) for t in lying] for sq, lying in sorted(st.dropped.items())
            },
            "dropped_titles": {  # the tokens lying there in words, for the page
                t: st.lib.tokens[t].title
                for lying in st.dropped.values()
                for t, _ in lying
                if t in st.lib.tokens
            },
        },
        "sides": {  # a team's pools, hands, decks and discards added up
            s: {
                "army": st.armies[k],
                "ap": sum(st.ap[j] for j in seats_of(st, k)),
                "hq": st.hq_hp[k],  # its (first) HQ's PI
                "general": st.generals[k],
                "hqs": [  # every HQ of the side: one, or one behind each field (GM-105)
                    {
                        "name": hq_word(h),
                        "hp": st.hq_hp[h],
                        "max_hp": st.hq.hit_points,  # the PI it started with
                        "ap": sum(st.ap[j] for j in seats_of(st, k) if hq_of(st, j) == h),
                        "general": st.generals[h],
                        "seats": [st.players[j] for j in seats_of(st, k) if hq_of(st, j) == h],
                    }
                    for h in hqs(st, k)
                ],
                "hand": sum(len(st.hands[j]) for j in seats_of(st, k)),
                "deck": sum(len(st.decks[j]) for j in seats_of(st, k)),
                "discard": [c for j in seats_of(st, k) for c in st.discards[j]],
                "lost": st.destroyed[k],
                "terrain_budget": st.budget[k],
                "chosen": (
                    st.bids[k] is not None
                    if st.phase == Phase.BID
                    else all(st.redraws[j] is not None for j in seats_of(st, k))
                ),
                "seats": [st.players[j] for j in seats_of(st, k)],
            }
            for k, s in enumerate(SIDES)
        },
        "seats": {  # each player's own: in team play two share a side
            name: {
                "side": SIDES[st.seat_side[j]],
                "marshal": marshal(st, st.seat_side[j]) == j,
                "ap": st.ap[j],
                "hand": len(st.hands[j]),
                "deck": len(st.decks[j]),
                "discard": list(st.discards[j]),
                "chosen": st.redraws[j] is not None,
                "passed": st.passed[j],
            }
            for j, name in enumerate(st.players)
        },
        "scenario": scenario_view(st),
        "units": [
            {
                "id": p.id,
                "card": p.card,
                "side": SIDES[p.side],
                "commander": st.players[commander(st, p)],  # in team play, whose it is
                "square": where(st, p),
                "wounds": p.wounds,
                "tokens": dict(sorted(p.tokens.items())),
                # its weapons' names by the words actions and tokens use (w1, bazooka...)
                "weapons": {key: w.name for key, w in weapons(st.lib, p).items()},
                "options": list(p.options),
                "mounted": p.mounted,
                "level": p.level,
                "attached": list(p.attached),
                "moved": p.moved,
                "fired": list(p.fired),
                "suppressed": p.suppressed,
                "assaulting": p.assaulting,
                "origin": label(p.origin) if p.origin is not None else None,
                "beside": p.beside,
                "aboard": p.aboard,
                "smoked": p.smoked,
                "flak": p.flak,
            }
            for p in st.pieces
        ],
        "equipping": st.equipping,
        "storming": st.storming,  # the assault being resolved, and its stage (GM-33)
        "stage": st.stage,
        # an enemy's shot held while the side aimed at decides on smoke (GM-80, A-15)
        "aim": (
            {"by": st.players[st.aim[0]], "action": str(st.aim[1]), "asking": list(st.asking)}
            if st.aim is not None
            else None
        ),
        # an attack from the air held while the air combat is fought (GM-69 to GM-74)
        "sortie": st.sortie.snapshot() if st.sortie is not None else None,
    }
    if None not in st.bids:
        out["bids"] = dict(zip(SIDES, st.bids, strict=True))
    if None not in st.redraws:
        out["redraws"] = dict(zip(st.players, st.redraws, strict=True))
    if seat is not None and me is not None:
        out["hand"] = sorted(st.hands[seat])
        team = [j for j in seats_of(st, me) if j != seat]  # a teammate's hand is no secret
        if team:
            out["team_hands"] = {st.players[j]: sorted(st.hands[j]) for j in team}
        if st.bids[me] is not None:
            out["my_bid"] = st.bids[me]
        if st.redraws[seat] is not None:
            out["my_redraw"] = st.redraws[seat]
    return out


def where(st: Tactics2GMState, p: Piece) -> str:
    """A unit's square; a fighter waiting beside its HQ is at "hq"; a bomber, paratroopers
    dropping and the aircraft of an air combat are in the "air"."""
    if p.sq is not None:
        return label(p.sq)
    s = st.sortie
    flying = s is not None and p.id in (s.plane, *s.escorts, *(f for f, _ in s.interceptors))
    waiting = st.lib.units[p.card].cls == "fighter" and not flying
    return hq_word(unit_hq(st, p)) if waiting else "air"


def worn(st: Tactics2GMState) -> list[Square]:
    """Squares whose terrain has taken damage and still stands."""
    return sorted(sq for sq in {*st.card_wear, *st.tile_wear} if wear.points_left(st, sq) > 0)
