"""The duel's rules, as functions over the state (rule numbers: docs/adding-a-game.md).

1. Each side shuffles its own deck of the cards in the data file and draws a hand.
2. North plays first; then the sides take turns. On your turn you play one card from your
   hand, then draw one if your deck has any. With an empty hand you pass.
3. A card that rolls dice hits on each die showing its number or more; each hit costs the
   other side the card's damage in strength. Rally restores strength, up to the start.
4. A raised guard stops the next attack that would hurt you, and is spent doing so.
5. A side at 0 strength loses at once. When both hands and decks are empty, the stronger
   side wins; equal strength is a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.events import Event, rolled
from wartable.core.outcome import Outcome
from wartable.games.duel.event_kinds import EventKind

if TYPE_CHECKING:
    from wartable.games.duel.state import DuelState

PASS = Action("pass", ())


# ---- the one moment: a side's turn (verbs.py declares the verbs) -------------------------
def to_act(st: DuelState) -> list[int]:
    return [st.to_act]


def offers(st: DuelState, side: int) -> list[Action]:
    hand = st.hands[side]
    if not hand:
        return [PASS]
    return [Action("play", (card,)) for card in sorted(set(hand))]


def in_turn(st: DuelState, side: int, action: Action) -> str:
    return f"{action} is not a move of the duel: play CARD, or pass"


# ---- why not, verb by verb ---------------------------------------------------------------
def why_not_pass(st: DuelState, side: int, action: Action) -> str:
    return "you may pass only when your hand is empty (rule 2)"


def why_not_play(st: DuelState, side: int, action: Action) -> str:
    return f"you have no {action.args[0]} in your hand" if action.args else ""


# ---- the effects ---------------------------------------------------------------------------
def pass_(st: DuelState, side: int, action: Action) -> list[Event]:
    return [Event(EventKind.PASS, f"{st.players[side]} has no card left and passes", rule="2")]


def play(st: DuelState, side: int, action: Action) -> list[Event]:
    me = st.players[side]
    card_id = action.args[0]
    card = st.cards[card_id]
    st.hands[side].remove(card_id)
    st.discards[side].append(card_id)
    events = [Event(EventKind.PLAY, f"{me} plays {card.title}", {"card": card_id}, rule="2")]
    if card.dice:
        attack(st, side, card_id, events)
    if card.heal:
        gained = min(card.heal, st.start_strength - st.strength[side])
        st.strength[side] += gained
        events.append(
            Event(EventKind.RALLY, f"{me} regains {gained} ({st.strength[side]})", rule="3")
        )
    if card.guard:
        st.guard[side] = True
        events.append(Event(EventKind.GUARD, f"{me} raises a guard", rule="4"))
    draw(st, side, events)
    return events


def turn_over(st: DuelState, done: list[Event]) -> list[Event]:
    """After every action: the other side's turn, unless the duel is over (rule 5)."""
    st.turns += 1
    st.to_act = 1 - st.to_act
    events: list[Event] = []
    end_if_over(st, events)
    return events


def attack(st: DuelState, side: int, card_id: str, events: list[Event]) -> None:
    card = st.cards[card_id]
    rolls = [st.rng.die(6) for _ in range(card.dice)]
    hits = sum(r >= card.hit_on for r in rolls)
    foe = 1 - side
    shown = f"{st.players[side]} rolls {', '.join(map(str, rolls))}"
    if hits and st.guard[foe]:
        st.guard[foe] = False
        said = f"{shown}: the guard of {st.players[foe]} stops it"
        roll = rolled(rolls, 6, card.hit_on, "stopped")
        events.append(Event(EventKind.ATTACK, said, {"rolls": rolls, "roll": roll}, rule="4"))
        return
    loss = hits * card.damage
    st.strength[foe] = max(0, st.strength[foe] - loss)
    said = f"{st.players[foe]} loses {loss} ({st.strength[foe]} left)" if loss else "no hit"
    roll = rolled(rolls, 6, card.hit_on, "hit" if hits == 1 else f"{hits} hits" if hits else "miss")
    events.append(
        Event(EventKind.ATTACK, f"{shown}: {said}", {"rolls": rolls, "roll": roll}, rule="3")
    )


def draw(st: DuelState, side: int, events: list[Event]) -> None:
    if not st.decks[side]:
        return
    card_id = st.decks[side].pop()
    st.hands[side].append(card_id)
    me = st.players[side]
    events.append(Event(EventKind.DRAW_MADE, f"{me} draws a card", rule="2"))
    title = st.cards[card_id].title
    events.append(Event(EventKind.DRAW, f"{me} draws {title}", rule="2", visible_to=(me,)))


def end_if_over(st: DuelState, events: list[Event]) -> None:
    north, south = st.strength
    fallen = [p for p, s in zip(st.players, st.strength, strict=True) if s <= 0]
    winner: str | None
    if fallen:
        winner = st.players[1 - st.players.index(fallen[0])]
        reason = f"{fallen[0]} has no strength left"
    elif not any(st.hands) and not any(st.decks):
        winner = None if north == south else st.players[0 if north > south else 1]
        reason = f"the cards are spent; strength {north}-{south}"
    else:
        return
    st.outcome = Outcome(
        winner,
        reason,
        {p: float(s) for p, s in zip(st.players, st.strength, strict=True)},
        kind="knocked out" if fallen else "cards spent",
    )
    events.append(Event(EventKind.GAME_OVER, reason, rule="5"))
