"""``sample_hidden`` agrees with everything the player watched happen, not only the view.

Three levels: cases built by hand; an observer written from the log alone that follows
every card it saw placed, checked against samples over many random games; and, on small
decks, the exact set of possible (deck, hand, discard) contents worked out by brute force
from the same public facts.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import wartable
from tests.games.undaunted.helpers import set_cards
from wartable.agents.random import RandomAgent
from wartable.core.rng import Rng
from wartable.games.undaunted.rules import hidden
from wartable.games.undaunted.rules.hidden import Belief

GAME = wartable.get_game("undaunted")
FOG = "fog-of-war"


def zone(sample, player: str, name: str) -> Counter:
    s = sample.side(player)
    kinds = sample.sc.kinds
    if name == "deck":
        return Counter(kinds[k].key for k in s.deck)
    out = Counter({kinds[k].key: n for k, n in enumerate(getattr(s, name)) if n})
    if name == "hand" and sample.phase == "bid" and s.bid >= 0:
        out[kinds[s.bid].key] += 1  # a secret bid is a hand card set aside
    return out


# ---- built by hand ------------------------------------------------------------------------


def test_a_revealed_bid_stays_in_the_bidders_discard_pile(turn):
    st = turn(us={"rifleman-A": 1}, germany={"rifleman-A": 1, "sniper": 1})
    # Germany bid Fog of War and both saw it go to the discard pile
    for seed in range(60):
        assert zone(st.sample_hidden("us", seed), "germany", "discard")[FOG] >= 1


def test_a_card_inspired_back_is_in_the_hand_in_every_sample(turn):
    st = turn(germany={"squad-leader-A": 1, "rifleman-A": 1, "scout-A": 1}, first="germany")
    st.apply("germany", "play rifleman-A control")
    st.apply("germany", "play squad-leader-A inspire")
    st.apply("germany", "inspire rifleman-A")
    for seed in range(40):
        assert zone(st.sample_hidden("us", seed), "germany", "hand")["rifleman-A"] == 1


def test_a_casualty_taken_from_the_discard_pile_shows_the_hand_had_none(turn):
    st = turn(us={"sniper": 1}, germany={"rifleman-B": 1, "scout-A": 2})
    # as far as the US know, any of these six cards may be any of the three in hand
    set_cards(st, "germany", discard={"rifleman-A": 1, FOG: 1}, deck=["rifleman-A", FOG, FOG])
    st.apply("us", "play sniper attack")
    st.rng.force([0])
    st.apply("us", "attack rifleman-A")  # the search finds no rifleman A card in hand
    for seed in range(60):
        sample = st.sample_hidden("us", seed)
        assert zone(sample, "germany", "hand")["rifleman-A"] == 0


def test_cards_drawn_before_a_reshuffle_never_are_the_known_cards_shuffled_in():
    """Deck: one card; discard: two unseen cards and five Fog of War cards both players saw
    arrive. A draw of four takes the last card, reshuffles, takes three more: the first
    card came from the unseen three, so the hand holds at least one of them."""
    unseen = [1, 1, 1, 0]  # three kinds, one each; kind 3 is Fog of War
    b = Belief.fresh(unseen, 1, 0, 2)
    for _ in range(5):
        b.apply((hidden.IN, hidden.DISCARD, 3))
    for fact in [(hidden.DRAW,), (hidden.SHUFFLE,), (hidden.DRAW,), (hidden.DRAW,), (hidden.DRAW,)]:
        b.apply(fact)
    for seed in range(200):
        hand = Counter()
        for (where, _, _), cards in b.fill(Rng(seed)).items():
            if where == hidden.HAND:
                hand.update(cards)
        assert sum(hand.values()) == 4
        assert hand[3] <= 3


# ---- an observer that reads the log, over random games ------------------------------------


def fog_gained(e, me: str) -> bool:
    """A scout's marker costs its own side a Fog of War card; Conceal by ``me`` gives one to
    the other side (each when the supply still had one)."""
    if e.kind == "scouted":
        return bool(e.data["fog_taken"])
    return e.data["player"] == me and bool(e.data["moved"])


class Observer:
    """What one player has seen of the other's cards, from the log alone: lower bounds on
    the cards in hand, in the discard pile, and in deck and hand together since a reshuffle;
    kinds a casualty search showed missing from hand or discard pile."""

    def __init__(self, me: str, other: str) -> None:
        self.me, self.other = me, other
        self.hand: Counter = Counter()
        self.discard: Counter = Counter()
        self.cycle: Counter = Counter()
        self.hand_lacks: set[str] = set()
        self.discard_lacks: set[str] = set()

    def _left_hand(self, card: str) -> None:
        for bound in (self.hand, self.cycle):
            if bound[card]:
                bound[card] -= 1

    def _to_discard(self, card: str) -> None:
        self.discard[card] += 1
        self.discard_lacks.discard(card)

    def see(self, events, play_area: dict) -> None:
        o = self.other
        for e in events:
            if e.visible_to is not None and self.me not in e.visible_to:
                continue
            d = e.data
            if e.kind == "initiative" and d["bids"][o]:
                self._left_hand(d["bids"][o])
                self._to_discard(d["bids"][o])
            elif d.get("player") != o and e.kind != "conceal":
                continue
            elif e.kind in ("play", "hunker"):
                self._left_hand(d["card"])
            elif e.kind == "rally":
                self._left_hand(d["unit"])
            elif e.kind == "recon":
                self._left_hand(FOG)
            elif e.kind == "inspire":
                self.hand[d["card"]] += 1
                self.hand_lacks.discard(d["card"])
            elif e.kind == "bolster":
                self._to_discard(d["card"])
            elif e.kind in ("scouted", "conceal") and fog_gained(e, self.me):
                self._to_discard(FOG)
            elif e.kind == "draw-count":
                self.hand_lacks.clear()
            elif e.kind == "reshuffle":
                self.cycle += self.discard
                self.discard = Counter()
                self.discard_lacks.clear()
            elif e.kind == "end-turn":
                for card, n in play_area.items():
                    self.discard[card] += n
                self.discard += self.hand
                self.hand = Counter()
                self.cycle = Counter()  # those in hand went to the discard pile
                self.hand_lacks.clear()
                self.discard_lacks.clear()
            elif e.kind == "casualty":
                card, where = d["card"], d["zone"]
                if where == "hand":
                    self._left_hand(card)
                else:
                    self.hand_lacks.add(card)
                    if self.cycle[card]:
                        self.cycle[card] -= 1
                if where == "discard" and self.discard[card]:
                    self.discard[card] -= 1
                if where == "deck":
                    self.discard_lacks.add(card)

    def check(self, sample) -> None:
        o = self.other
        hand, discard = zone(sample, o, "hand"), zone(sample, o, "discard")
        deck = zone(sample, o, "deck")
        assert not self.hand - hand, "a card seen in hand is missing from it"
        assert not self.discard - discard, "a card seen discarded is missing from the pile"
        assert not self.cycle - (deck + hand), "a card seen shuffled in is in neither deck nor hand"
        assert not self.hand_lacks & set(hand), "the hand holds a kind a search found missing"
        assert not self.discard_lacks & set(discard), "the pile holds a kind found missing"


@pytest.mark.parametrize("scenario", ["la-raye", "hill-203", "rearguard", "crossroads"])
def test_samples_keep_every_card_the_player_saw_placed(scenario):
    checked = 0
    for seed in range(6 if scenario == "crossroads" else 12):
        st = GAME.new_game(scenario, seed=seed, options={"max_rounds": 30})
        agent = RandomAgent(seed)
        watch = {p: Observer(p, q) for p, q in (("us", "germany"), ("germany", "us"))}
        while not st.is_over:
            p = st.current_players[0]
            played = {q: st.view(None)["sides"][q]["play_area"] for q in st.players}
            events = st.apply(p, agent.act(st, p))
            for observer in watch.values():
                observer.see(events, played[observer.other])
            if st.is_over or st.action_count % 5:
                continue
            for me, observer in watch.items():
                for k in range(2):
                    sample = st.sample_hidden(me, 7 * st.action_count + k)
                    observer.check(sample)
                    assert sample.view(me) == st.view(me)
                    assert sample.legal_actions(me) == st.legal_actions(me)
                    assert sample.side(observer.other).removed == st.side(observer.other).removed
                    checked += 1
    assert checked > 100


# ---- the exact possible worlds of small decks ---------------------------------------------

World = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # deck, hand, discard


def _key(c: Counter) -> tuple[int, ...]:
    return tuple(sorted(c.elements()))


def possible_worlds(start: Counter, facts) -> set[World]:
    """Every (deck, hand, discard) the facts allow, starting from ``start`` all in the deck."""
    worlds: set[World] = {(_key(start), (), ())}
    for fact in facts:
        op, new = fact[0], set()
        for d0, h0, x0 in worlds:
            d, h, x = Counter(d0), Counter(h0), Counter(x0)
            zones = {hidden.DECK: d, hidden.HAND: h, hidden.DISCARD: x}
            if op == hidden.DRAW:
                for k in set(d0):
                    new.add((_key(d - Counter([k])), _key(h + Counter([k])), x0))
                continue
            if op == hidden.SHUFFLE:
                new.add((x0, h0, ()))
                continue
            if op == hidden.OUT:
                if not zones[fact[1]][fact[2]]:
                    continue
                zones[fact[1]][fact[2]] -= 1
            elif op == hidden.IN:
                zones[fact[1]][fact[2]] += 1
            elif op == hidden.END:
                x, h = x + h, Counter()
            elif op == hidden.LACKS and zones[fact[1]][fact[2]]:
                continue
            new.add((_key(d), _key(h), _key(x)))
        worlds = new
    return worlds


def card_flow(rng: random.Random, kinds: int = 4, steps: int = 40):
    """A random true history shaped like a side's cards in play; returns the public facts."""
    start = Counter({k: rng.randint(0, 3) for k in range(kinds)}) + Counter()
    start[rng.randrange(kinds)] += 2
    deck = list(start.elements())
    rng.shuffle(deck)
    hand: Counter = Counter()
    pile: Counter = Counter()
    facts: list[tuple] = []

    def draw(n: int) -> None:
        nonlocal deck, pile
        for _ in range(n):
            if not deck:
                if not +pile:
                    return
                deck, pile = list(pile.elements()), Counter()
                rng.shuffle(deck)
                facts.append((hidden.SHUFFLE,))
            hand[deck.pop()] += 1
            facts.append((hidden.DRAW,))

    for _ in range(steps):
        r = rng.random()
        held = list((+hand).elements())
        if r < 0.25:
            draw(rng.choice([1, 2, 4]))
        elif r < 0.45 and held:  # played, hunkered or a bid shown
            k = rng.choice(held)
            hand[k] -= 1
            facts.append((hidden.OUT, hidden.HAND, k))
            if rng.random() < 0.5:
                pile[k] += 1
                facts.append((hidden.IN, hidden.DISCARD, k))
        elif r < 0.55:  # bolstered, concealed
            k = rng.randrange(kinds)
            pile[k] += 1
            facts.append((hidden.IN, hidden.DISCARD, k))
        elif r < 0.6 and held:  # inspired back
            k = rng.choice(held)
            hand[k] += 1
            facts.append((hidden.IN, hidden.HAND, k))
        elif r < 0.75:
            pile += hand
            hand = Counter()
            facts.append((hidden.END,))
        elif r < 0.9:  # a casualty search
            k = rng.randrange(kinds)
            if hand[k]:
                hand[k] -= 1
                facts.append((hidden.OUT, hidden.HAND, k))
            elif pile[k]:
                pile[k] -= 1
                facts += [(hidden.LACKS, hidden.HAND, k), (hidden.OUT, hidden.DISCARD, k)]
            elif k in deck:
                deck.remove(k)
                facts += [(hidden.LACKS, hidden.HAND, k), (hidden.LACKS, hidden.DISCARD, k)]
                facts.append((hidden.OUT, hidden.DECK, k))
    return start, facts


def fill_world(b: Belief, seed: int) -> World:
    got = {z: Counter() for z in (hidden.DECK, hidden.HAND, hidden.DISCARD)}
    got[hidden.HAND].update({k: n for k, n in enumerate(b.hand) if n})
    got[hidden.DISCARD].update({k: n for k, n in enumerate(b.discard) if n})
    for (where, _, _), cards in b.fill(Rng(seed)).items():
        got[where].update(cards)
    return (_key(got[hidden.DECK]), _key(got[hidden.HAND]), _key(got[hidden.DISCARD]))


def admits(b: Belief, world: World) -> bool:
    """Whether ``world`` keeps every constraint of ``b`` (brute force over the groups)."""
    zones = dict(zip((hidden.DECK, hidden.HAND, hidden.DISCARD), map(Counter, world), strict=True))
    for where, known in ((hidden.HAND, b.hand), (hidden.DISCARD, b.discard)):
        known_c = Counter({k: n for k, n in enumerate(known) if n})
        if known_c - zones[where]:
            return False
        zones[where] -= known_c
    keys = sorted(b.groups)

    def deals(cards: Counter, sizes: list[int]):
        if not sizes:
            if not +cards:
                yield []
            return
        kinds = sorted(+cards)

        def part(i: int, left: int, cur: Counter):
            if not left:
                yield cur
            elif i < len(kinds):
                for t in range(min(left, cards[kinds[i]]), -1, -1):
                    yield from part(i + 1, left - t, cur + Counter({kinds[i]: t}))

        for first in part(0, sizes[0], Counter()):
            for rest in deals(cards - first, sizes[1:]):
                yield [first, *rest]

    def search(todo: list[str], dealt: dict) -> bool:
        if not todo:
            for j, layer in enumerate(b.layers):
                inner = sum((c for key, c in dealt.items() if 0 <= key[2] <= j), Counter())
                if any(inner[k] > layer[k] for k in inner):
                    return False
            return True
        here = [key for key in keys if key[0] == todo[0]]
        if sum(b.groups[key] for key in here) != sum(zones[todo[0]].values()):
            return False
        for parts in deals(zones[todo[0]], [b.groups[key] for key in here]):
            if any(key[1] >> k & 1 for key, part in zip(here, parts, strict=True) for k in +part):
                continue
            if search(todo[1:], {**dealt, **dict(zip(here, parts, strict=True))}):
                return True
        return False

    return search([hidden.DECK, hidden.HAND, hidden.DISCARD], {})


def test_the_record_never_rules_out_a_possible_world():
    """Whatever else it does, folding the facts never loses a state that could be true."""
    for seed in range(60):
        start, facts = card_flow(random.Random(seed))
        b = Belief.fresh([start[k] for k in range(4)], sum(start.values()), 0, 0)
        for fact in facts:
            b.apply(fact)
        worlds = possible_worlds(start, facts)
        if len(worlds) <= 60:
            assert all(admits(b, w) for w in worlds), f"seed {seed}"


def test_samples_are_possible_worlds_while_each_draw_comes_from_one_group():
    """Samples are exactly possible while no card was drawn from a deck that mixed cards
    known to differ (the one case the fold lets go, see rules/hidden.py)."""
    checked = 0
    for seed in range(40):
        start, facts = card_flow(random.Random(seed))
        b = Belief.fresh([start[k] for k in range(4)], sum(start.values()), 0, 0)
        for n, fact in enumerate(facts):
            if fact[0] == hidden.DRAW and sum(key[0] == hidden.DECK for key in b.groups) > 1:
                break
            b.apply(fact)
            if n % 4 == 3:
                worlds = possible_worlds(start, facts[: n + 1])
                for k in range(10):
                    assert fill_world(b, k) in worlds, f"seed {seed}, after fact {n}"
                    checked += 1
    assert checked > 200
