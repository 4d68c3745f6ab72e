"""Undaunted's log in any language: each event's words made again from its kind and its data
(the rules write their English line as they play, at no cost to play; this says the same
line as a message the catalogs translate). ``tests/games/undaunted/test_speech.py`` holds
every event of random games to its English line, word for word."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from wartable.core.events import Event
from wartable.core.words import Said, named, say, say_n, word
from wartable.games.undaunted.event_kinds import EventKind as K

Data = Mapping[str, Any]


def _roll(verb: str) -> Callable[[Data], Said]:
    def line(d: Data) -> Said:
        return say(
            ROLLS[verb],
            who=d["player"],
            side=d["target_side"],
            unit=d["target"],
            tile=d["tile"],
            defence=d["base"],
            cover=d["cover"],
            range=d["range"],
            total=d["total"],
            rolls=" ".join(map(str, d["rolls"])),
            result=word("hit") if d["hit"] else word("miss"),
        )

    return line


ROLLS = {
    "attack": word(
        "{who} attacks {side} {unit} on {tile}: defence {defence} + cover {cover} + range "
        "{range} = {total}; rolls {rolls}: {result}"
    ),
    "suppress": word(
        "{who} suppresses {side} {unit} on {tile}: defence {defence} + cover {cover} + range "
        "{range} = {total}; rolls {rolls}: {result}"
    ),
    "blast": word(
        "{who} blasts {side} {unit} on {tile}: defence {defence} + cover {cover} + range "
        "{range} = {total}; rolls {rolls}: {result}"
    ),
}


# a casualty's line, one whole message a zone ("hand", "deck", "discard": a language's
# words for "from the hand" need not be its word for "hand" alone)
CASUALTY = {
    "hand": word("{who} removes a {card} card from the game (from the hand)"),
    "deck": word("{who} removes a {card} card from the game (from the deck)"),
    "discard": word("{who} removes a {card} card from the game (from the discard)"),
}


def _bids(d: Data) -> Said:
    shown = [
        say("{seat} {card} ({n})", seat=seat, card=card, n=d["values"][seat])
        if card is not None
        else say("{seat} no card (0)", seat=seat)
        for seat, card in d["bids"].items()
    ]
    holder, bids = d["initiative"], _joined(shown)
    if d["kept"]:
        return say("Bids: {bids}. {seat} keeps the initiative", bids=bids, seat=holder)
    return say("Bids: {bids}. {seat} takes the initiative", bids=bids, seat=holder)


def _joined(parts: list[Said]) -> Said:
    """Messages one after the other, each still said in the player's language."""
    if len(parts) == 1:
        return parts[0]
    return say("{first}, {rest}", first=parts[0], rest=_joined(parts[1:]))


def _play(d: Data) -> Said:
    if d["amount"]:
        return say(
            "{who} plays {card}: {action} {n}",
            who=d["player"],
            card=d["card"],
            action=named(d["action"]),
            n=d["amount"],
        )
    return say(
        "{who} plays {card}: {action}", who=d["player"], card=d["card"], action=named(d["action"])
    )


def _scouted(d: Data) -> Said:
    if d["fog_taken"]:
        return say(
            "{who} places a scouted marker on {tile} and takes a Fog of War card into the "
            "discard pile",
            who=d["player"],
            tile=d["tile"],
        )
    return say(
        "{who} places a scouted marker on {tile} (no Fog of War card left in supply)",
        who=d["player"],
        tile=d["tile"],
    )


def _conceal(d: Data) -> Said:
    other = d["other"]
    if d["moved"]:
        return say(
            "{who} conceals: {other} takes a Fog of War card into the discard pile",
            who=d["player"],
            other=other,
        )
    return say(
        "{who} conceals, but {other} has no Fog of War card left in supply",
        who=d["player"],
        other=other,
    )


def _control(d: Data) -> Said:
    if d["flipped"]:
        return say(
            "{who} takes control of {tile}; {other}'s marker there flips to scouted",
            who=d["player"],
            tile=d["tile"],
            other=d["other"],
        )
    return say("{who} takes control of {tile}", who=d["player"], tile=d["tile"])


LINES: dict[str, Callable[[Data], Said]] = {
    K.ROUND: lambda d: say("Round {round} begins", round=d["round"]),
    K.DRAW: lambda d: say("{who} draws {cards}", who=d["player"], cards=", ".join(d["cards"])),
    K.DRAW_COUNT: lambda d: say_n(
        "{who} draws {count} card(s)", "{who} draws {count} card(s)", d["count"], who=d["player"]
    ),
    K.RESHUFFLE: lambda d: say_n(
        "{who} shuffles {count} discarded cards into a new deck",
        "{who} shuffles {count} discarded cards into a new deck",
        d["cards"],
        who=d["player"],
    ),
    K.BID: lambda d: say("{who} bids {card}", who=d["player"], card=d["card"]),
    K.BID_MADE: lambda d: say("{who} has chosen a card for initiative", who=d["player"]),
    K.INITIATIVE: _bids,
    K.PLAY: _play,
    K.SPAWN: lambda d: say(
        "{who} {unit} enters the board on {tile}", who=d["player"], unit=d["unit"], tile=d["tile"]
    ),
    K.MOVE: lambda d: say(
        "{who} {unit} moves {start} -> {end} ({how})",
        who=d["player"],
        unit=d["unit"],
        start=d["from"],
        end=d["to"],
        how=named(d["verb"]),
    ),
    K.SCOUTED: _scouted,
    K.CONTROL: _control,
    K.ATTACK: _roll("attack"),
    K.SUPPRESS: _roll("suppress"),
    K.BLAST: _roll("blast"),
    K.SUPPRESSED: lambda d: say("{side} {unit} is suppressed", side=d["side"], unit=d["unit"]),
    K.CASUALTY: lambda d: say(
        CASUALTY.get(d["zone"], CASUALTY["hand"]), who=d["player"], card=d["card"]
    ),
    K.COUNTER_LOST: lambda d: say(
        "{who} has no {unit} card left to lose: the counter leaves the board",
        who=d["player"],
        unit=d["unit"],
    ),
    K.TARGET: lambda d: say(
        "{who} places the mortar's target marker on {tile}", who=d["player"], tile=d["tile"]
    ),
    K.TARGET_LOST: lambda d: say(
        "{who} mortar moves: its target marker is removed", who=d["player"]
    ),
    K.BOLSTER: lambda d: say(
        "{who} bolsters: {card} from supply to discard", who=d["player"], card=d["card"]
    ),
    K.INSPIRE: lambda d: say(
        "{who} inspires: {card} returns to hand", who=d["player"], card=d["card"]
    ),
    K.CONCEAL: _conceal,
    K.RECON: lambda d: say("{who} removes a Fog of War card from the game", who=d["player"]),
    K.HUNKER: lambda d: say("{who} returns {card} to supply", who=d["player"], card=d["card"]),
    K.RALLY: lambda d: say("{who} {unit} rallies: ready again", who=d["player"], unit=d["unit"]),
    K.END_TURN: lambda d: say("{who} ends the turn", who=d["player"]),
    # the reason, made by the rules as a message, travels in the data within the process
    K.GAME_OVER: lambda d: say("{winner} wins: {reason}", winner=d["winner"], reason=d["reason"]),
}
# words that stand in the lines above as arguments
WORDS = (word("hit"), word("miss"))


def said(event: Event) -> str:
    """The event's line as a message (its English is the rules' own line); the line as it
    is where this game has no message for its kind."""
    line = LINES.get(event.kind)
    return event.text if line is None else line(event.data)
