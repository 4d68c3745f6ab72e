"""What a player has seen of the opponent's cards, and full states drawn to agree with it.

A state redrawn for player P (``sample_hidden``, for IS-MCTS and the heuristic) must agree
with everything P has watched happen, not only with P's current view: a bid P saw revealed
lies in the bidder's discard pile until that pile is shuffled into a new deck, a card P saw
inspired back into a hand is still there, a casualty taken from the discard pile told P
that the hand held no card of that kind.

So the rules note, as it happens, every fact about a side's hidden cards (deck, hand,
discard pile, secret bid) that both players see: a card drawn, the discard pile shuffled
into a new deck, a card of a named kind leaving one of those zones face up (played,
hunkered, rallied, bid and revealed, recon'd, a casualty) or entering one (a bid revealed,
bolstered, concealed or scouted Fog of War, the play area discarded at turn end, a card
inspired back to hand), the hand thrown away at turn end, and a casualty search that showed
a kind missing from the hand or discard pile. The notes are public: both players see them
all, so a state drawn from them depends on nothing else that is hidden.

``Belief`` folds one side's notes into what the opponent knows of its cards:

- cards of known kind in the hand and in the discard pile;
- the other cards, whose kinds are known only as a whole (``pool``), in groups by zone. A
  group may exclude kinds (a casualty search found none there) and may have to come from a
  sub-multiset of the pool (``layers``): when a discard pile holding cards of known kind is
  shuffled in while the hand holds cards from the old deck, those hand cards, and the old
  cards shuffled in, come from the old pool, never from the known cards. Layers nest,
  innermost first, each inside the next and all inside the pool.

When a card of kind k leaves a zone face up and several groups there could have held it,
the most constrained one gives it up: with nested constraints every state the other choices
allow is allowed by that one too, so nothing possible is lost. Constraints that do not nest
are merged into the weaker one; so the fold never rules out a state that could be true.

Where it allows more than is possible: a card drawn from a deck of several groups (after
such a reshuffle) could have come from any of them; the tightest group gives up a card and
the card drawn keeps only the loosest constraint. Everything else is exact; the tests check
both against brute force on small decks, and docs/games/undaunted.md says how often it
shows.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypeVar

from wartable.core.rng import Rng
from wartable.games.undaunted.phases import Phase

if TYPE_CHECKING:
    from wartable.games.undaunted.model import SideState
    from wartable.games.undaunted.state import UndauntedState

S = TypeVar("S", bound="UndauntedState")

# facts
DRAW, SHUFFLE, OUT, IN = "draw", "shuffle", "out", "in"
END, LACKS, FORGET = "end", "lacks", "forget"
# zones
DECK, HAND, DISCARD = "D", "H", "X"
WHOLE = -1  # group layer: the whole pool
TRIES = 12  # random fills of constrained groups before the exact (flow) fill

Key = tuple[str, int, int]  # group: (zone, excluded kinds bitmask, layer or WHOLE)


def note(st: UndauntedState, i: int, *fact: Any) -> None:
    """Record a public fact about side ``i``'s hidden cards."""
    st.notes[i] = (st.notes[i], fact)


def forget(st: UndauntedState, i: int) -> None:
    """Start side ``i``'s record afresh from its zone sizes, as if no card had been seen
    (test helpers that edit a state's cards use it)."""
    s = st.sides[i]
    comp = hidden_cards(s)
    note(st, i, FORGET, tuple(comp), len(s.deck), sum(s.hand) + (s.bid >= 0), sum(s.discard))


def hidden_cards(s: SideState) -> list[int]:
    """Counts per kind of the cards in deck, hand, discard pile and bid."""
    comp = [h + x for h, x in zip(s.hand, s.discard, strict=True)]
    for k in s.deck:
        comp[k] += 1
    if s.bid >= 0:
        comp[s.bid] += 1
    return comp


class Belief:
    """One side's hidden cards as its opponent knows them (see the module docstring)."""

    __slots__ = ("discard", "groups", "hand", "layers", "pool")

    hand: list[int]  # known kinds in the hand (the secret bid is counted in the hand)
    discard: list[int]  # known kinds in the discard pile
    pool: list[int]  # every other hidden card, by kind
    layers: list[list[int]]  # nested sub-multisets of the pool, innermost first
    groups: dict[Key, int]  # how many pool cards lie in each group

    @staticmethod
    def fresh(comp: list[int], deck: int, hand: int, discard: int) -> Belief:
        b = Belief.__new__(Belief)
        b.hand, b.discard = [0] * len(comp), [0] * len(comp)
        b.pool, b.layers, b.groups = list(comp), [], {}
        for zone, n in ((DECK, deck), (HAND, hand), (DISCARD, discard)):
            if n:
                b.groups[(zone, 0, WHOLE)] = n
        return b

    def copy(self) -> Belief:
        b = Belief.__new__(Belief)
        b.hand, b.discard, b.pool = self.hand[:], self.discard[:], self.pool[:]
        b.layers = [layer[:] for layer in self.layers]
        b.groups = dict(self.groups)
        return b

    def size(self, zone: str) -> int:
        known = sum(self.hand) if zone == HAND else sum(self.discard) if zone == DISCARD else 0
        return known + sum(n for (z, _, _), n in self.groups.items() if z == zone)

    # ---- folding facts ---------------------------------------------------------------
    def apply(self, fact: tuple[Any, ...]) -> None:
        op = fact[0]
        if op == DRAW:
            self._draw()
        elif op == OUT:
            self._out(fact[1], fact[2])
        elif op == IN:
            (self.hand if fact[1] == HAND else self.discard)[fact[2]] += 1
        elif op == END:
            self._end()
        elif op == SHUFFLE:
            self._shuffle()
        elif op == LACKS:
            bit = 1 << fact[2]
            self._rekey(lambda z, m, j: (z, m | bit, j) if z == fact[1] else (z, m, j))
        elif op == FORGET:
            b = Belief.fresh(list(fact[1]), *fact[2:])
            self.hand, self.discard, self.pool = b.hand, b.discard, b.pool
            self.layers, self.groups = b.layers, b.groups

    def _rekey(self, f: Callable[[str, int, int], Key]) -> None:
        """Move every group to the key ``f`` gives it, adding up groups that meet."""
        groups: dict[Key, int] = {}
        for key, n in self.groups.items():
            new = f(*key)
            groups[new] = groups.get(new, 0) + n
        self.groups = groups

    def _draw(self) -> None:
        decks = [key for key, n in self.groups.items() if key[0] == DECK and n]
        if not decks:
            return  # only after a state was edited by hand
        decks.sort(key=_rank)
        if not all(_inside(a, b) for a, b in pairwise(decks)):
            decks = [self._merge(decks)]  # constraints that do not nest: let the finer go
        # Which group the card came from is unknown: the tightest gives up one card and the
        # card drawn keeps only the loosest constraint. Every deck either draw could leave
        # fits that, as each tighter group fits inside the looser ones.
        self._take(decks[0])
        _, mask, layer = decks[-1]
        key = (HAND, mask, layer)
        self.groups[key] = self.groups.get(key, 0) + 1

    def _take(self, key: Key) -> None:
        self.groups[key] -= 1
        if not self.groups[key]:
            del self.groups[key]

    def _merge(self, keys: list[Key]) -> Key:
        """One group for several of one zone, with only what all of them excluded and the
        outermost of their layers."""
        mask = -1
        for key in keys:
            mask &= key[1]
        outermost = max(keys, key=lambda key: key[2] if key[2] != WHOLE else 1 << 20)[2]
        merged = (keys[0][0], mask, outermost)
        total = sum(self.groups.pop(key) for key in keys)
        self.groups[merged] = self.groups.get(merged, 0) + total
        return merged

    def _end(self) -> None:
        for k, n in enumerate(self.hand):
            self.discard[k] += n
        self.hand = [0] * len(self.hand)
        self._rekey(lambda z, m, j: (DISCARD if z == HAND else z, m, j))

    def _shuffle(self) -> None:
        """The discard pile becomes the deck (the deck was empty)."""
        comp = self.pool
        if not any(z == HAND for z, _, _ in self.groups):
            # every unseen card is in the new deck: nothing tells one from another any more
            total = sum(self.groups.values()) + sum(self.discard)
            self.groups = {(DECK, 0, WHOLE): total} if total else {}
        else:
            if any(self.discard):
                # The cards in hand came from the old deck and those shuffled in from the
                # discard pile; neither from the known cards now shuffled in with them. Of
                # the cards shuffled in, only those with constraints of their own need the
                # old pool too: the pool being exact, the rest follows.
                self.layers.append(comp[:])
                new = len(self.layers) - 1
                self._rekey(
                    lambda z, m, j: (z, m, new) if j == WHOLE and (z == HAND or m) else (z, m, j)
                )
            self._rekey(lambda z, m, j: (DECK, m, j) if z == DISCARD else (z, m, j))
            if any(self.discard):
                key = (DECK, 0, WHOLE)
                self.groups[key] = self.groups.get(key, 0) + sum(self.discard)
        for k, n in enumerate(self.discard):
            comp[k] += n
        self.discard = [0] * len(comp)
        self._compact()

    def _out(self, zone: str, k: int) -> None:
        """A card of kind ``k`` left ``zone`` face up."""
        known = self.hand if zone == HAND else self.discard if zone == DISCARD else None
        if known is not None and known[k]:
            known[k] -= 1
            return
        layers = self.layers
        bit = 1 << k
        able = [
            key
            for key, n in self.groups.items()
            if key[0] == zone and n and not key[1] & bit and (key[2] == WHOLE or layers[key[2]][k])
        ]
        if not able:  # no group may hold it: only after a state was edited by hand
            able = [key for key, n in self.groups.items() if key[0] == zone and n]
            if not able or not self.pool[k]:
                return
        best = min(able, key=_rank)
        if not all(_inside(best, key) for key in able):
            best = self._merge(able)  # constraints that do not nest: let the finer go
        self._take(best)
        start = best[2] if best[2] != WHOLE else len(layers)
        for lay in layers[start:]:
            if lay[k]:
                lay[k] -= 1
        self.pool[k] -= 1
        outer = self.pool
        for lay in reversed(layers):  # keep each layer inside the next
            lay[k] = min(lay[k], outer[k])
            outer = lay
        self._compact()

    def _compact(self) -> None:
        """Drop layers no group draws from any more."""
        used = sorted({j for (_, _, j) in self.groups if j != WHOLE})
        if len(used) == len(self.layers):
            return
        renum = {j: n for n, j in enumerate(used)}
        self.layers = [self.layers[j] for j in used]
        self._rekey(lambda z, m, j: (z, m, renum[j] if j != WHOLE else WHOLE))

    # ---- drawing a state ---------------------------------------------------------------
    def fill(self, rng: Rng) -> dict[Key, list[int]]:
        """Kinds for every group's cards, agreeing with every constraint."""
        order = sorted(self.groups, key=_rank)
        if not self.layers and not any(mask for _, mask, _ in order):  # the usual case
            cards = [k for k, n in enumerate(self.pool) for _ in range(n)]
            rng.shuffle(cards)
            out, at = {}, 0
            for key in order:
                out[key] = cards[at : at + self.groups[key]]
                at += self.groups[key]
            return out
        for _ in range(TRIES):
            got = self._greedy(order, rng)
            if got is not None:
                return got
        got = self._flow(order, rng)
        if got is not None:
            return got
        loose = Belief.fresh(self.pool, 0, 0, 0)  # only after a state was edited by hand
        for (zone, _, _), n in self.groups.items():
            loose.groups[(zone, 0, WHOLE)] = loose.groups.get((zone, 0, WHOLE), 0) + n
        return loose._greedy(sorted(loose.groups), rng) or {}

    def _greedy(self, order: list[Key], rng: Rng) -> dict[Key, list[int]] | None:
        taken = [0] * len(self.pool)
        out: dict[Key, list[int]] = {}
        for key in order:
            _, mask, j = key
            source = self.pool if j == WHOLE else self.layers[j]
            cards = [
                k for k, n in enumerate(source) if not mask >> k & 1 for _ in range(n - taken[k])
            ]
            need = self.groups[key]
            if len(cards) < need:
                return None
            for m in range(need):  # a partial Fisher-Yates: the first ``need`` at random
                r = m + rng.below(len(cards) - m)
                cards[m], cards[r] = cards[r], cards[m]
            out[key] = cards[:need]
            for k in out[key]:
                taken[k] += 1
        return out

    def _flow(self, order: list[Key], rng: Rng) -> dict[Key, list[int]] | None:
        """The exact fill when random ones keep failing: a maximum flow from kinds, through
        the nested layers, to the groups."""
        nk = len(self.pool)
        nl = len(self.layers)
        # nodes: 0 source, 1 sink, kind k at level v (v = nl is the pool), then the groups

        def node(k: int, v: int) -> int:
            return 2 + k * (nl + 1) + v

        first_group = 2 + nk * (nl + 1)
        size = first_group + len(order)
        cap = [[0] * size for _ in range(size)]
        for k in range(nk):
            cap[0][node(k, nl)] = self.pool[k]
            for v in range(nl - 1, -1, -1):
                cap[node(k, v + 1)][node(k, v)] = self.layers[v][k]
        for g, key in enumerate(order):
            _, mask, j = key
            level = nl if j == WHOLE else j
            for k in range(nk):
                if not mask >> k & 1:
                    cap[node(k, level)][first_group + g] = 1 << 30
            cap[first_group + g][1] = self.groups[key]
        flow = [[0] * size for _ in range(size)]
        nodes = list(range(size))
        while True:
            rng.shuffle(nodes)  # a different feasible fill for each seed
            path = _augmenting(cap, flow, nodes)
            if path is None:
                break
            for a, b in pairwise(path):
                flow[a][b] += 1
                flow[b][a] -= 1
        out: dict[Key, list[int]] = {}
        for g, key in enumerate(order):
            _, _, j = key
            level = nl if j == WHOLE else j
            into = first_group + g
            cards = [k for k in range(nk) for _ in range(max(0, flow[node(k, level)][into]))]
            if len(cards) < self.groups[key]:
                return None
            out[key] = cards
        return out


def _rank(key: Key) -> tuple[int, int]:
    """Most constrained first: the innermost layer, then the most excluded kinds."""
    _, mask, j = key
    return (j if j != WHOLE else 1 << 20, -mask.bit_count())


def _inside(a: Key, b: Key) -> bool:
    """Whether every kind group ``a`` may hold, group ``b`` may hold too."""
    return a[1] & b[1] == b[1] and (b[2] == WHOLE or (a[2] != WHOLE and a[2] <= b[2]))


def _augmenting(cap: list[list[int]], flow: list[list[int]], order: list[int]) -> list[int] | None:
    """A path from source (0) to sink (1) with room left, by depth-first search."""
    seen = {0}
    stack: list[tuple[int, list[int]]] = [(0, [0])]
    while stack:
        at, path = stack.pop()
        for nxt in order:
            if nxt not in seen and cap[at][nxt] - flow[at][nxt] > 0:
                if nxt == 1:
                    return [*path, 1]
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return None


def belief(st: UndauntedState, i: int) -> Belief:
    """What side ``i``'s opponent knows of side ``i``'s hidden cards; do not change it.

    Folded from the notes, starting from the last fold cached on the state (clones share
    it), so a search that draws many samples from one state folds once.
    """
    head = st.notes[i]
    cached = st.beliefs[i]
    if cached is not None and cached[0] is head:
        known: Belief = cached[1]
        return known
    facts: list[tuple[Any, ...]] = []
    link = head
    while link is not None and (cached is None or link is not cached[0]):
        link, fact = link
        facts.append(fact)
    if cached is not None and link is cached[0]:
        b = Belief.copy(cached[1])
    else:
        b = Belief.fresh(list(st.sc.start_deck[i]), sum(st.sc.start_deck[i]), 0, 0)
    for n in range(len(facts) - 1, -1, -1):  # oldest first
        b.apply(facts[n])
    beliefs = list(st.beliefs)
    beliefs[i] = (head, b)
    st.beliefs = (beliefs[0], beliefs[1])
    return b


def resample(st: S, i: int, seed: int) -> S:
    """Player ``i``'s own deck order, and the opponent's hidden cards, drawn afresh.

    The opponent's cards are dealt from what ``i`` knows of them (``belief``), so every
    card ``i`` saw placed stays where it must be and every size ``i`` sees stays the same;
    the dice and shuffles to come use a new seed. The result depends only on what ``i``
    knows: the own deck is sorted before shuffling, and the belief holds public facts only.
    """
    twin = st._copy()
    rng = Rng(seed)
    twin.rng = Rng(rng.next64())
    own = twin.sides[i]
    own.deck[:] = rng.unseen(own.deck)  # an order that does not depend on the true one
    o = 1 - i
    opp = twin.sides[o]
    secret_bid = twin.phase == Phase.BID and opp.bid >= 0
    b = belief(st, o)
    fits = (
        b.size(DECK) == len(opp.deck)
        and b.size(HAND) == sum(opp.hand) + secret_bid
        and b.size(DISCARD) == sum(opp.discard)
        and [h + x + p for h, x, p in zip(b.hand, b.discard, b.pool, strict=True)]
        == hidden_cards(opp)
    )
    if not fits:  # the state was edited by hand: fall back on the sizes alone
        sizes = (len(opp.deck), sum(opp.hand) + secret_bid, sum(opp.discard))
        b = Belief.fresh(hidden_cards(opp), *sizes)
    filled = b.fill(rng)
    hand, discard = b.hand[:], b.discard[:]
    deck: list[int] = []
    for (zone, _, _), cards in sorted(filled.items()):
        for k in cards:
            if zone == HAND:
                hand[k] += 1
            elif zone == DISCARD:
                discard[k] += 1
            else:
                deck.append(k)
    rng.shuffle(deck)
    if secret_bid:
        cards = [k for k, n in enumerate(hand) for _ in range(n)]
        opp.bid = rng.choice(cards)
        hand[opp.bid] -= 1
    opp.hand, opp.discard, opp.deck = hand, discard, deck
    return twin
