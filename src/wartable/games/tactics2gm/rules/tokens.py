"""Equipment tokens that flip (GM-54, GM-55, EX-14, EX-16): a flip weapon is disabled when
it fires; in its owner's Flip phase every token disabled in an earlier turn is ready again,
but one disabled this very turn is not, so such a weapon fires every other turn."""

from __future__ import annotations

from typing import Literal

Token = Literal["ready", "used", "disabled"]  # used: disabled during the turn under way
TOOLS = "sappers"  # the sappers' flip token (A-23)


def use(token: Token, flips: bool, own_turn: bool = True) -> Token:
    """The token after its weapon or effect is used: a flip token is disabled (marked as used
    this turn); any other stays ready and may be used again next turn (GM-54). Used in the
    other side's turn (a reaction to an assault), it was disabled in a turn before its
    owner's next Flip phase, which turns it back."""
    if token != "ready":
        raise ValueError("a disabled token is never used (GM-52)")
    if not flips:
        return "ready"
    return "used" if own_turn else "disabled"


def flip_phase(token: Token) -> Token:
    """The owner's Flip phase: disabled tokens come back, but not those used this turn."""
    return "ready" if token == "disabled" else token


def end_of_turn(token: Token) -> Token:
    """Fin de turno clears the marks of this turn: a used token is simply disabled now."""
    return "disabled" if token == "used" else token
