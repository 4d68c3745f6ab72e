"""Sequence of play: the round (draw 4, secret initiative bids, turns) and card resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import say_n
from wartable.games.undaunted.event_kinds import EventKind
from wartable.games.undaunted.model import EMPTY_BID, NO_BID, Pending
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.rules import combat, movement, support, victory
from wartable.games.undaunted.rules.cards import draw
from wartable.games.undaunted.rules.hidden import DISCARD, END, HAND, IN, OUT, note
from wartable.games.undaunted.rules.legal import spot

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

HAND_SIZE = 4
RULE_ROUND = "Sequence of play: each round both draw 4, bid for initiative, then take turns"
RULE_BID = "Initiative: the higher bid takes the marker; a tie leaves it where it is"
RULE_TURN = (
    "Player turns: play cards one by one, stop when you choose; unplayed and played cards "
    "go to discard"
)
RULE_SPAWN = (
    "Placing counters: a unit card played off the board brings its counter onto its spawn tile"
)
RULE_HUNKER = "Hunker down: return the card to supply instead of acting (not Fog of War)"
RULE_RALLY = "Suppressed: play one of the unit's cards, without an action, to flip it back to ready"
RULE_LIMIT = "Round limit (option max_rounds): the game ends as if both sides were pinned down"


def start_round(st: UndauntedState, ev: list[Event]) -> None:
    st.round += 1
    if st.round > st.max_rounds:
        limit = say_n(
            "round limit of {count} reached",
            "round limit of {count} reached",  # the same English; other languages differ
            st.max_rounds,
        )
        victory.by_points(st, limit, "round limit", ev)
        return
    ev.append(Event(EventKind.ROUND, f"Round {st.round} begins", {"round": st.round}, RULE_ROUND))
    for i in (0, 1):
        draw(st, i, HAND_SIZE, ev)
    st.phase = Phase.BID
    st.revealed = None
    for s in st.sides:
        s.bid = NO_BID if any(s.hand) else EMPTY_BID
    if all(s.bid == EMPTY_BID for s in st.sides):
        resolve_bids(st, ev)


def resolve_bids(st: UndauntedState, ev: list[Event]) -> None:
    sc = st.sc
    values = []
    for s in st.sides:
        values.append(sc.kinds[s.bid].initiative if s.bid >= 0 else 0)
    before = st.initiative
    if values[0] != values[1]:
        st.initiative = 0 if values[0] > values[1] else 1
    shown = []
    for i, s in enumerate(st.sides):
        if s.bid >= 0:
            s.discard[s.bid] += 1
            note(st, i, OUT, HAND, s.bid)  # the secret bid counts as a hand card till shown
            note(st, i, IN, DISCARD, s.bid)
            shown.append(f"{st.players[i]} {sc.kinds[s.bid].key} ({values[i]})")
        else:
            shown.append(f"{st.players[i]} no card (0)")
    st.revealed = (st.sides[0].bid, st.sides[1].bid)
    for s in st.sides:
        s.bid = EMPTY_BID  # the bid cards are in the discard piles now
    holder = st.players[st.initiative]
    kept = " keeps" if st.initiative == before else " takes"
    ev.append(
        Event(
            EventKind.INITIATIVE,
            f"Bids: {', '.join(shown)}. {holder}{kept} the initiative",
            {
                "bids": {
                    st.players[i]: (sc.kinds[b].key if b >= 0 else None)
                    for i, b in enumerate(st.revealed)
                },
                "initiative": holder,
                "values": {st.players[i]: values[i] for i in range(2)},  # the bids' initiative
                "kept": st.initiative == before,
            },
            RULE_BID,
        )
    )
    st.phase = Phase.TURN
    st.active = st.initiative
    st.turns_done = 0


def end_turn(st: UndauntedState, i: int, ev: list[Event]) -> None:
    """Only ever by the player's choice (``end``), even with nothing playable left: a turn
    that ended by itself would tell the opponent what the hand held."""
    s = st.sides[i]
    note(st, i, END)
    for k in range(len(s.hand)):
        for _ in range(s.play[k]):
            note(st, i, IN, DISCARD, k)
        s.discard[k] += s.hand[k] + s.play[k]
        s.hand[k] = 0
        s.play[k] = 0
    st.pending = None
    ev.append(
        Event(
            EventKind.END_TURN,
            f"{st.players[i]} ends the turn",
            {"player": st.players[i]},
            RULE_TURN,
        )
    )
    st.turns_done += 1
    if st.turns_done >= 2:
        start_round(st, ev)
    else:
        st.active = 1 - i


# The only events that change what the victory check reads: a card of a unit removed, a
# counter off the board, a tile controlled (objective points). After any other action the
# check would find what it found last time, nothing, so it is skipped (a property test
# plays random games and checks that).
DECISIVE = frozenset({EventKind.CASUALTY, EventKind.COUNTER_LOST, EventKind.CONTROL})


def after(st: UndauntedState, ev: list[Event]) -> list[Event]:
    """What follows every action (verbs.py): the victory check, where it could find a
    winner (``advance``)."""
    out: list[Event] = []
    if st.outcome is None and any(e.kind in DECISIVE for e in ev):
        victory.check(st, out)
    return out


# ---- each verb's effect (verbs.py hands them over; only legal actions come here) ---------
def bid(st: UndauntedState, i: int, action: Action) -> list[Event]:
    arg = st.sc.actions.decode[action][1]
    s = st.sides[i]
    s.hand[arg] -= 1
    s.bid = arg
    who = st.players[i]
    key = st.sc.kinds[arg].key
    ev = [
        Event(EventKind.BID, f"{who} bids {key}", {"player": who, "card": key}, RULE_BID, (who,)),
        Event(
            EventKind.BID_MADE, f"{who} has chosen a card for initiative", {"player": who}, RULE_BID
        ),
    ]
    if all(x.bid != NO_BID for x in st.sides):
        resolve_bids(st, ev)
    return ev


def played(st: UndauntedState, i: int, action: Action) -> list[Event]:
    _, arg, card_verb = st.sc.actions.decode[action]
    ev: list[Event] = []
    play(st, i, arg, card_verb, ev)
    return ev


def hunker(st: UndauntedState, i: int, action: Action) -> list[Event]:
    arg = st.sc.actions.decode[action][1]
    s = st.sides[i]
    s.hand[arg] -= 1
    s.supply[arg] += 1
    note(st, i, OUT, HAND, arg)
    who, key = st.players[i], st.sc.kinds[arg].key
    text = f"{who} returns {key} to supply"
    return [Event(EventKind.HUNKER, text, {"player": who, "card": key}, RULE_HUNKER)]


def rally(st: UndauntedState, i: int, action: Action) -> list[Event]:
    arg = st.sc.actions.decode[action][1]
    s = st.sides[i]
    s.hand[arg] -= 1
    s.play[arg] += 1
    note(st, i, OUT, HAND, arg)
    s.supp[st.sc.kinds[arg].unit] = False
    who, key = st.players[i], st.sc.kinds[arg].key
    text = f"{who} {key} rallies: ready again"
    return [Event(EventKind.RALLY, text, {"player": who, "unit": key}, RULE_RALLY)]


def end(st: UndauntedState, i: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    end_turn(st, i, ev)
    return ev


def play(st: UndauntedState, i: int, k: int, verb: str, ev: list[Event]) -> None:
    sc = st.sc
    s = st.sides[i]
    kind = sc.kinds[k]
    act = next(a for a in kind.actions if a.verb == verb)
    s.hand[k] -= 1
    s.play[k] += 1
    note(st, i, OUT, HAND, k)
    who = st.players[i]
    u = kind.unit
    if u >= 0 and s.pos[u] < 0:
        s.pos[u] = sc.spawn[i][u]
        s.supp[u] = False
        ev.append(
            Event(
                EventKind.SPAWN,
                f"{who} {kind.key} enters the board on {sc.tiles[s.pos[u]]}",
                {"player": who, "unit": kind.key, "tile": sc.tiles[s.pos[u]]},
                RULE_SPAWN,
            )
        )
    amount = f" {act.amount}" if act.amount else ""
    ev.append(
        Event(
            EventKind.PLAY,
            f"{who} plays {kind.key}: {verb}{amount}",
            {"player": who, "card": kind.key, "action": verb, "amount": act.amount},
            RULE_TURN,
        )
    )
    squad = kind.squad if act.squad_only else None
    if verb in ("move", "scout", "stalk", "attack", "suppress", "target"):
        st.pending = Pending(verb=verb, kind=k, unit=u, left=act.amount, squad=squad)
    elif verb == "guide":
        st.pending = Pending(verb="guide-pick", kind=k, unit=-1, left=act.amount, squad=squad)
    elif verb in ("bolster", "inspire", "command"):
        st.pending = Pending(verb=verb, kind=k, unit=-1, left=act.amount, squad=squad)
    elif verb == "blast":
        combat.blast(st, i, act.amount, ev)
    elif verb == "control":
        support.control(st, i, spot(sc, s, i, kind), ev)
    elif verb == "conceal":
        support.conceal(st, i, ev)
    elif verb == "recon":
        support.recon(st, i, ev)
    else:
        raise AssertionError(f"unhandled card verb {verb}")


def _left(p: Pending, left: int) -> Pending:
    """``p`` with ``left`` choices still allowed (built in full: a named tuple's ``_replace``
    runs interpreted even in the compiled build)."""
    return Pending(p.verb, p.kind, p.unit, left, p.squad)


# ---- the choices of the card action in progress, each its verb's effect ------------------
def pending(st: UndauntedState) -> Pending:
    p = st.pending
    if p is None:
        raise InvariantError("no card action in progress")
    return p


def argument(st: UndauntedState, action: Action) -> int:
    """The tile, card or counter an action names, as its index (the interned table's)."""
    return st.sc.actions.decode[action][1]


def done(st: UndauntedState, i: int, action: Action) -> list[Event]:
    """An "up to X" action stopped early."""
    pending(st)
    st.pending = None
    return []


def move(st: UndauntedState, i: int, action: Action) -> list[Event]:
    """One tile of a move, scout, stalk or guide (Move X and the others)."""
    p = pending(st)
    ev: list[Event] = []
    movement.step(st, i, p.verb, p.unit, argument(st, action), ev)
    left = p.left - 1
    st.pending = _left(p, left) if left > 0 else None
    return ev


def guide(st: UndauntedState, i: int, action: Action) -> list[Event]:
    """The counter a guide moves (Guide X): its steps follow."""
    p = pending(st)
    st.pending = Pending(verb="guide", kind=p.kind, unit=argument(st, action), left=p.left)
    return []


def attack(st: UndauntedState, i: int, action: Action) -> list[Event]:
    """attack, suppress: the enemy counter the card's attack is aimed at."""
    p = pending(st)
    ev: list[Event] = []
    st.pending = None
    here = st.sides[i].pos[p.unit]
    combat.resolve_attack(st, i, here, 1 - i, argument(st, action), p.left, action.verb, ev)
    return ev


def target(st: UndauntedState, i: int, action: Action) -> list[Event]:
    pending(st)
    ev: list[Event] = []
    st.pending = None
    support.place_target(st, i, argument(st, action), ev)
    return ev


def bolster(st: UndauntedState, i: int, action: Action) -> list[Event]:
    p = pending(st)
    ev: list[Event] = []
    support.bolster(st, i, argument(st, action), ev)
    left = p.left - 1
    more = left > 0 and support.bolster_choices(st.sc, st.sides[i], p.squad)
    st.pending = _left(p, left) if more else None
    return ev


def inspire(st: UndauntedState, i: int, action: Action) -> list[Event]:
    p = pending(st)
    ev: list[Event] = []
    support.inspire(st, i, argument(st, action), ev)
    left = p.left - 1
    more = left > 0 and support.inspire_choices(st.sc, st.sides[i], p.squad, p.kind)
    st.pending = _left(p, left) if more else None
    return ev


def drawn(st: UndauntedState, i: int, action: Action) -> list[Event]:
    """draw: one card of a command (Command X)."""
    p = pending(st)
    ev: list[Event] = []
    draw(st, i, 1, ev)
    left = p.left - 1
    st.pending = _left(p, left) if left > 0 and support.can_draw(st.sides[i]) else None
    return ev
