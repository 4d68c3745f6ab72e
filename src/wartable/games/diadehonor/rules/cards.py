"""Situation cards (DH-2 to DH-4, DH-51 to DH-79): the draw each round, immediate cards
resolved at once in seat order, cards kept and played in their holder's own activation, and
the decisions a card asks of a player (a target, a reaction to a mine)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action, act
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.rng import Rng
from wartable.core.words import Said, named, say
from wartable.games.diadehonor.content import enemy_of
from wartable.games.diadehonor.event_kinds import EventKind
from wartable.games.diadehonor.model import ACTIVE
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import attack, ground, unit_cards, victory
from wartable.games.diadehonor.rules.common import find, first_seat, from_hand, to_bottom

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

HEALED = ("light", "assault", "heavy", "sniper", "green_beret")  # soldiers only (Q22)
MACHINES = ("tank", "artillery")


def title(st: DiaDeHonorState, card: str) -> Said:
    """A situation card's title, said where the catalogs hold it."""
    return named(st.lib.cards[card].title)


def draw(st: DiaDeHonorState, seat: int, ev: list[Event]) -> None:
    """The top card, if any (Q5); an immediate one is queued to resolve in seat order. Once
    the deck is down to the cards everyone saw go under it, everyone knows the card drawn:
    a kept one is then known to be in the drawer's hand (``known_hands``), and said so."""
    if not st.deck:
        return
    public = len(st.deck) <= st.known_bottom
    card = st.deck.pop()
    st.known_bottom = min(st.known_bottom, len(st.deck))
    me = st.players[seat]
    if st.lib.cards[card].timing == "immediate":  # shown to all as it is drawn (DH-3)
        said = say("{seat} draws and shows {card}", seat=me, card=title(st, card))
        ev.append(Event(EventKind.CARD, said, {"card": card}, "DH-3"))
        st.queue.append((seat, card))
        return
    st.hands[seat].append(card)
    if public:
        st.known_hands[seat].append(card)
        said = say(
            "{seat} draws {card}, a card all saw go under the deck, and keeps it",
            seat=me,
            card=title(st, card),
        )
        ev.append(Event(EventKind.DRAW_MADE, said, {"card": card}, "DH-2"))
        return
    said = say("{seat} draws a situation card and keeps it", seat=me)
    ev.append(Event(EventKind.DRAW_MADE, said, rule="DH-2"))
    said = say("{seat} draws {card}", seat=me, card=title(st, card))
    ev.append(Event(EventKind.DRAW, said, rule="DH-2", visible_to=(me,)))


def unseen_in_hand(st: DiaDeHonorState, seat: int) -> list[str]:
    """The cards of ``seat``'s hand that only its holder knows: the hand less the cards all
    saw go into it."""
    rest = list(st.hands[seat])
    for card in st.known_hands[seat]:
        if card not in rest:
            raise InvariantError(f"{card} is known to be in {st.players[seat]}'s hand, not there")
        rest.remove(card)
    return rest


def redeal(st: DiaDeHonorState, me: int, rng: Rng) -> tuple[list[str], list[list[str]]]:
    """The deck and the hands as seat ``me`` may think them (for ``sample_hidden``). Kept as
    they are: ``me``'s own hand, the cards all saw go under the deck, in their order, and in
    each other hand the cards all saw go into it. Dealt again, sorted first so that the
    deal depends only on what ``me`` knows: the cards ``me`` cannot place (the deck above
    its known bottom, the other hands' unseen cards). Each other hand gets back as many
    unseen cards as it holds, only of the cards that are kept (an immediate card is shown
    as it is drawn, so no hand holds one); what is left goes on the deck in shuffled order."""
    unplaced = list(st.deck[st.known_bottom :])
    for s in range(len(st.players)):
        if s != me:
            unplaced += unseen_in_hand(st, s)
    unplaced = rng.unseen(unplaced)
    hands = [list(h) for h in st.hands]
    for s in range(len(st.players)):
        if s == me:
            continue
        need = len(st.hands[s]) - len(st.known_hands[s])
        dealt = [c for c in unplaced if st.lib.cards[c].timing == "choose"][:need]
        if len(dealt) < need:
            raise InvariantError(f"too few kept cards to fill {st.players[s]}'s hand")
        for card in dealt:
            unplaced.remove(card)
        hands[s] = sorted(st.known_hands[s] + dealt)
    return list(st.deck[: st.known_bottom]) + unplaced, hands


def soldiers_of_enemies(st: DiaDeHonorState, seat: int) -> list[int]:
    side = st.sides[seat]
    return [
        u.index
        for u in st.units
        if u.side != side and st.on_map(u.index) and st.kind(u.index).kind == "soldier"
    ]


def machines_of(st: DiaDeHonorState, seats: list[int], *, tanks_only: bool = False) -> list[int]:
    kinds = ("tank",) if tanks_only else MACHINES
    return [u.index for u in st.units if u.seat in seats and u.type in kinds and st.on_map(u.index)]


def enemy_seats(st: DiaDeHonorState, seat: int) -> list[int]:
    return [s for s, side in enumerate(st.sides) if side != st.sides[seat]]


def resolve_queue(st: DiaDeHonorState, ev: list[Event]) -> bool:
    """Resolve queued immediate cards in seat order, each completely (Q7). False while one
    waits on a player's decision (``st.pending``)."""
    while not waiting(st) and st.queue and st.phase != Phase.OVER:
        seat, card = st.queue.pop(0)
        me = st.players[seat]
        said = say("{card} of {seat} takes effect", card=title(st, card), seat=me)
        ev.append(Event(EventKind.CARD, said, {"card": card}, "DH-3"))
        immediate(st, seat, card, ev)
        if not waiting(st):
            victory.check(st, ev, seat)  # a card may win the battle (DH-81)
    return not waiting(st)


def waiting(st: DiaDeHonorState) -> bool:
    """Whether a card waits on a player's decision. Asked through a function: the rules
    change the field between two questions, and the compiled build would trust a type
    checker's narrowing of it across the call that changed it."""
    return st.pending is not None


def immediate(st: DiaDeHonorState, seat: int, card: str, ev: list[Event]) -> None:
    if card in unit_cards.BRINGS:
        if unit_cards.at_cap(st, seat, card):
            said = say(
                "{card}: {seat} already has as many as the squad may hold",
                card=title(st, card),
                seat=st.players[seat],
            )
            ev.append(Event(EventKind.NO_EFFECT, said, rule="DH-55"))
            to_bottom(st, card)
            return
        if unit_cards.places(st, seat):
            st.pending, st.seat = ("place", seat, card, -1, seat), seat
            return
    elif card == "mine_random":
        victims = soldiers_of_enemies(st, seat)
        if victims:
            i = st.rng.choice(victims)  # al azar: uniform among every enemy player's soldiers
            said = say("the mine is under {unit}", unit=st.units[i].key)
            ev.append(Event(EventKind.PICK, said, rule="DH-51"))
            st.pending = ("react", st.units[i].seat, card, i, seat)
            st.seat = st.units[i].seat
            return
    elif (card == "mine_choice" and soldiers_of_enemies(st, seat)) or (
        card == "spy" and machines_of(st, enemy_seats(st, seat), tanks_only=True)
    ):
        st.pending, st.seat = ("aim", seat, card, -1, seat), seat
        return
    elif card == "enemy_air_attack" and machines_of(st, [seat]):
        chooser = first_seat(st, enemy_of(st.sides[seat]))
        if chooser >= 0:  # the other side's first seat picks (Q31)
            st.pending, st.seat = ("aim", chooser, card, -1, seat), chooser
            return
    said = say("{card} finds no target", card=title(st, card))
    ev.append(Event(EventKind.NO_EFFECT, said, rule="DH-53"))
    to_bottom(st, card)


def aims(st: DiaDeHonorState) -> list[int]:
    """The units the pending card may be aimed at."""
    if st.pending is None:
        raise InvariantError("aims: no st.pending")
    _, chooser, card, _, drawer = st.pending
    if card == "mine_choice":
        return soldiers_of_enemies(st, chooser)
    if card == "spy":
        return machines_of(st, enemy_seats(st, chooser), tanks_only=True)
    return machines_of(st, [drawer])  # enemy_air_attack: the drawer's machines


def decisions(st: DiaDeHonorState) -> list[Action]:
    if st.pending is None:
        raise InvariantError("decisions: no st.pending")
    kind, seat, _, _, _ = st.pending
    if kind == "react":  # asked whether or not the card is held, so the question tells nothing
        out = [act("react", ("pass",))]
        if "mine_detection" in st.hands[seat]:
            out.insert(0, act("react", ("detect",)))
        return out
    if kind == "place":
        labels = st.battle.labels
        return [act("place", (labels[q],)) for q in unit_cards.places(st, seat)]
    return [act("target", (st.units[i].key,)) for i in aims(st)]


def decide(st: DiaDeHonorState, action: Action, ev: list[Event]) -> None:
    if st.pending is None:
        raise InvariantError("decide: no st.pending")
    kind, seat, card, other, drawer = st.pending
    st.pending = None
    me = st.players[seat]
    if kind == "react":
        victim = st.units[other].key
        if action.args[0] == "detect":
            from_hand(st, seat, "mine_detection")
            to_bottom(st, "mine_detection")
            said = say(
                "{seat} plays Mine detection: the mine under {unit} is found", seat=me, unit=victim
            )
            ev.append(Event(EventKind.CARD, said, {"card": "mine_detection"}, "DH-67"))
        else:
            said = say("{unit} steps on a mine and dies", unit=victim)
            attack.kill(st, other, ev, said, "DH-65", drawer, "mine")
        to_bottom(st, card)
        return
    if kind == "place":
        i = st.call_up(seat, unit_cards.BRINGS[card], card=card)  # a benched soldier (DH-50)
        st.pos[i] = st.battle.square_of[action.args[0]]
        st.status[i], st.actions[i] = (
            ACTIVE,
            2,
        )  # drawn before initiative: it acts this round
        said = say(
            "{unit} joins {seat}'s squad at {square}",
            unit=st.units[i].key,
            seat=me,
            square=action.args[0],
        )
        ev.append(Event(EventKind.ARRIVE, said, {"unit": st.units[i].key}, "DH-54"))
        return  # the card stays with its unit (DH-57)
    i = find(st, action.args[0])
    key = st.units[i].key
    if card == "mine_choice":
        said = say("{seat} lays the mine under {unit}", seat=me, unit=key)
        ev.append(Event(EventKind.PICK, said, rule="DH-66"))
        st.pending = ("react", st.units[i].seat, card, i, seat)
        st.seat = st.units[i].seat
        return
    if card == "spy":
        st.sabotaged[i] = True
        ev.append(Event(EventKind.SABOTAGE, say("{unit} is sabotaged", unit=key), rule="DH-64"))
    else:
        said = say("{seat} picks {unit}: enemy aircraft destroy it", seat=me, unit=key)
        attack.kill(st, i, ev, said, "DH-76", seat, "air")
    to_bottom(st, card)


# ---- cards kept and played in the holder's own activation (DH-4) -----------------------------
def wounded_soldiers(st: DiaDeHonorState, seat: int) -> list[int]:
    return [
        u.index
        for u in st.units
        if u.seat == seat and u.type in HEALED and st.on_map(u.index) and st.wounds[u.index]
    ]


def plays(st: DiaDeHonorState, seat: int) -> list[Action]:
    """Every way to play each held card now; a card with no eligible target cannot be played
    (DH-53)."""
    out: list[Action] = []
    for card in sorted(set(st.hands[seat])):
        if card in ("defensive_combat", "aggressive_combat") or (
            card == "medic" and wounded_soldiers(st, seat)
        ):
            out.append(act("play", (card,)))
        elif card in ("medic_choice", "first_aid"):
            out += [act("play", (card, st.units[i].key)) for i in wounded_soldiers(st, seat)]
        elif card == "mechanic":
            tanks = [
                i
                for i in machines_of(st, [seat], tanks_only=True)
                if st.wounds[i] or st.sabotaged[i]
            ]
            out += [act("play", (card, st.units[i].key)) for i in tanks]
        elif card == "grenade":
            out += [
                act("play", (card, st.units[a].key, st.units[t].key)) for a, t in throws(st, seat)
            ]
        elif card == "air_attack":
            out += [
                act("play", (card, st.units[i].key)) for i in machines_of(st, enemy_seats(st, seat))
            ]
    return out


def throws(st: DiaDeHonorState, seat: int) -> list[tuple[int, int]]:
    """A soldier of the player and an enemy soldier it sees within its range (Q26)."""
    mine = [
        u.index
        for u in st.units
        if u.seat == seat and st.on_map(u.index) and st.kind(u.index).kind == "soldier"
    ]
    return [
        (a, t)
        for a in mine
        for t in soldiers_of_enemies(st, seat)
        if ground.covers_target(st, a, t)
    ]


def play(st: DiaDeHonorState, seat: int, action: Action, ev: list[Event]) -> None:
    """No card costs a unit an action (DH-8)."""
    card, me = action.args[0], st.players[seat]
    from_hand(st, seat, card)
    to_bottom(st, card)
    said = say("{seat} plays {card}", seat=me, card=title(st, card))
    ev.append(Event(EventKind.CARD, said, {"card": card}, "DH-4"))
    units = [find(st, key) for key in action.args[1:]]
    if card == "defensive_combat":
        st.defensive[seat] += 1
        said = say("{seat}'s units: +1 resistance, -1 attack this round", seat=me)
        ev.append(Event(EventKind.EFFECT, said, rule="DH-62"))
    elif card == "aggressive_combat":
        st.aggressive[seat] += 1
        said = say("{seat}'s units: +1 attack, -1 resistance this round", seat=me)
        ev.append(Event(EventKind.EFFECT, said, rule="DH-63"))
    elif card == "medic":
        i = st.rng.choice(wounded_soldiers(st, seat))
        st.wounds[i] = 0
        said = say("the medic makes {unit} whole (picked at random)", unit=st.units[i].key)
        ev.append(Event(EventKind.HEAL, said, rule="DH-58"))
    elif card == "medic_choice":
        st.wounds[units[0]] = 0
        said = say("the medic makes {unit} whole", unit=st.units[units[0]].key)
        ev.append(Event(EventKind.HEAL, said, rule="DH-59"))
    elif card == "first_aid":
        st.wounds[units[0]] -= 1
        said = say("{unit} heals one wound", unit=st.units[units[0]].key)
        ev.append(Event(EventKind.HEAL, said, rule="DH-60"))
    elif card == "mechanic":
        i = units[0]
        st.wounds[i], st.sabotaged[i] = max(0, st.wounds[i] - 1), False
        said = say("the mechanic sees to {unit}", unit=st.units[i].key)
        ev.append(Event(EventKind.HEAL, said, rule="DH-61"))
    elif card == "grenade":
        thrower, target = units
        said = say(
            "{unit} throws a grenade at {other}",
            unit=st.units[thrower].key,
            other=st.units[target].key,
        )
        ev.append(Event(EventKind.GRENADE, said, rule="DH-68"))
        attack.harm(st, target, 2, ev, seat, "grenade")
    elif card == "air_attack":
        said = say("aircraft destroy {unit}", unit=st.units[units[0]].key)
        attack.kill(st, units[0], ev, said, "DH-75", seat, "air")
