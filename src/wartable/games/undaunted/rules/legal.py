"""The legal-action generator: the one place that defines what may be done now.

A card action is offered only when it can do something, except Conceal, which the
rulebook lets fizzle; every "up to X" choice offers ``done`` once it has begun.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.games.undaunted.model import NO_BID
from wartable.games.undaunted.rules.movement import steps
from wartable.games.undaunted.rules.support import (
    bolster_choices,
    can_draw,
    inspire_choices,
    target_choices,
)
from wartable.games.undaunted.scenario import FOG

if TYPE_CHECKING:
    from wartable.games.undaunted.model import SideState
    from wartable.games.undaunted.scenario import CardAction, Kind, Scenario
    from wartable.games.undaunted.state import UndauntedState


# ---- who acts, and what each moment offers (verbs.py declares the moments) ---------------
def bidders(st: UndauntedState) -> list[int]:
    """Both sides choose at once; a side that has chosen waits."""
    return [i for i, s in enumerate(st.sides) if s.bid == NO_BID]


def to_act(st: UndauntedState) -> list[int]:
    return [st.active]


def bids(st: UndauntedState, i: int) -> list[Action]:
    acts = st.sc.actions
    return [acts.bid[k] for k, n in enumerate(st.sides[i].hand) if n]


def turn(st: UndauntedState, i: int) -> list[Action]:
    return [*card_plays(st, i), st.sc.actions.end]


def spot(sc: Scenario, s: SideState, i: int, kind: Kind) -> int:
    """Where a card's counter acts from: its tile, or its spawn tile if off the board."""
    u = kind.unit
    if u < 0:
        return -1
    pos = s.pos[u]
    return pos if pos >= 0 else sc.spawn[i][u]


def card_plays(st: UndauntedState, i: int) -> list[Action]:
    sc = st.sc
    acts = sc.actions
    s, o = st.sides[i], st.sides[1 - i]
    out: list[Action] = []
    enemy_on_board = any(p >= 0 for p in o.pos)
    for k, n in enumerate(s.hand):
        if not n:
            continue
        kind = sc.kinds[k]
        if kind.category == FOG:
            continue
        u = kind.unit
        if u >= 0 and s.supp[u]:
            out.append(acts.rally[k])
            out.append(acts.hunker[k])
            continue
        here = spot(sc, s, i, kind)
        if u < 0 or here >= 0:  # a unit with no spawn on this map cannot be brought on
            plays = acts.play[k]
            for act in kind.actions:
                if can_play(st, i, s, o, kind, act, here, enemy_on_board):
                    out.append(plays[act.verb])
        out.append(acts.hunker[k])
    return out


def can_play(
    st: UndauntedState,
    i: int,
    s: SideState,
    o: SideState,
    kind: Kind,
    act: CardAction,
    here: int,
    enemy_on_board: bool,
) -> bool:
    sc = st.sc
    verb = act.verb
    if verb in ("attack", "suppress"):
        return enemy_on_board
    if verb in ("move", "scout", "stalk"):
        return bool(steps(sc, s, verb, here))
    if verb == "control":
        return s.marks[here] != 2 and here not in o.pos
    if verb == "conceal":
        return True
    if verb == "recon":
        return s.hand[sc.fog] > 0
    if verb == "blast":
        return s.target >= 0
    if verb == "target":
        return bool(target_choices(sc, s, here))
    if verb == "guide":
        return bool(guide_choices(sc, s))
    if verb == "bolster":
        return bool(bolster_choices(sc, s, kind.squad if act.squad_only else None))
    if verb == "inspire":
        return bool(inspire_choices(sc, s, kind.squad if act.squad_only else None, -1))
    if verb == "command":
        return can_draw(s)
    raise AssertionError(f"unknown card verb {verb}")


def guide_choices(sc: Scenario, s: SideState) -> list[int]:
    """Counters on the board, ready, with somewhere to go."""
    return [u for u, p in enumerate(s.pos) if p >= 0 and not s.supp[u] and steps(sc, s, "guide", p)]


def pending_choices(st: UndauntedState, i: int) -> list[Action]:
    sc = st.sc
    acts = sc.actions
    s = st.sides[i]
    p = st.pending
    if p is None:
        raise InvariantError("pending_choices: no p")
    verb = p.verb
    if verb in ("move", "scout", "stalk", "guide"):
        return [acts.move[t] for t in steps(sc, s, verb, s.pos[p.unit])] + [acts.done]
    if verb == "guide-pick":
        return [acts.guide[u] for u in guide_choices(sc, s)]
    if verb in ("attack", "suppress"):
        table = acts.attack if verb == "attack" else acts.suppress
        return [table[u] for u, pos in enumerate(st.sides[1 - i].pos) if pos >= 0]
    if verb == "target":
        return [acts.target[t] for t in target_choices(sc, s, s.pos[p.unit])]
    if verb == "bolster":
        return [acts.bolster[k] for k in bolster_choices(sc, s, p.squad)] + [acts.done]
    if verb == "inspire":
        return [acts.inspire[k] for k in inspire_choices(sc, s, p.squad, p.kind)] + [acts.done]
    if verb == "command":
        return [acts.draw, acts.done]
    raise AssertionError(f"unknown pending choice {verb}")
