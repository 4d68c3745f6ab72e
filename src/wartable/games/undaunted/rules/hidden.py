"""Drawing a full state that agrees with everything one player can see (for IS-MCTS)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from wartable.core.rng import Rng

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

S = TypeVar("S", bound="UndauntedState")


def resample(st: S, i: int, seed: int) -> S:
    """Own deck order, and the opponent's hand, deck, discard pile and secret bid, drawn afresh.

    The opponent's hidden cards are pooled and dealt back into the same zone sizes, so every
    count the player sees stays the same; the dice and shuffles to come use a new seed.
    Pools are sorted before shuffling, so the result depends only on what player ``i`` knows.
    """
    twin = st._copy()
    rng = Rng(seed)
    twin.rng = Rng(rng.next64())
    own = twin.sides[i]
    own.deck.sort()  # start from an order that does not depend on the true one
    rng.shuffle(own.deck)
    opp = twin.sides[1 - i]
    pool = list(opp.deck)
    for zone in (opp.hand, opp.discard):
        for k, n in enumerate(zone):
            pool.extend([k] * n)
    secret_bid = opp.bid >= 0
    if secret_bid:
        pool.append(opp.bid)
    pool.sort()
    rng.shuffle(pool)
    nk = len(opp.hand)
    sizes = (sum(opp.hand), sum(opp.discard))
    hand, discard = [0] * nk, [0] * nk
    if secret_bid:
        opp.bid = pool.pop()
    for k in pool[: sizes[0]]:
        hand[k] += 1
    for k in pool[sizes[0] : sizes[0] + sizes[1]]:
        discard[k] += 1
    opp.deck = pool[sizes[0] + sizes[1] :]
    opp.hand, opp.discard = hand, discard
    return twin
