"""The sequence of play: deployment, then rounds of initiative and activation by side and
seat (DH-1, DH-5 to DH-11); each action is applied here and the battle's end checked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event, rolled
from wartable.core.words import say, say_n, word
from wartable.games.diadehonor.content import enemy_of
from wartable.games.diadehonor.event_kinds import EventKind
from wartable.games.diadehonor.model import ACTIVE
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import attack, cards, ground, legal, victory
from wartable.games.diadehonor.rules.common import find, first_seat

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

ACTIONS = 2  # per unit and round (DH-9)
ROLLED = {  # the initiative roll, by the side that won it
    "axis": word("Round {round}: initiative, axis {axis}, allies {allies}: the axis choose"),
    "allies": word("Round {round}: initiative, axis {axis}, allies {allies}: the allies choose"),
}
CHOSEN = {  # by the chooser's side and whether it acts first
    ("axis", True): word("{seat} chooses that the axis act first"),
    ("axis", False): word("{seat} chooses that the axis act second"),
    ("allies", True): word("{seat} chooses that the allies act first"),
    ("allies", False): word("{seat} chooses that the allies act second"),
}


# ---- each verb's effect (verbs.py hands them over) ----------------------------------------
def decided(st: DiaDeHonorState, seat: int, action: Action) -> list[Event]:
    """react, target, place: the decision a situation card waited on."""
    ev: list[Event] = []
    cards.decide(st, action, ev)
    victory.check(st, ev, seat)
    if st.phase != Phase.OVER:
        after_cards(st, ev)
    return ev


def deployed(st: DiaDeHonorState, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    deploy(st, seat, action, ev)
    return ev


def chosen(st: DiaDeHonorState, seat: int, action: Action) -> list[Event]:
    """initiative first|second."""
    ev: list[Event] = []
    choose(st, seat, action.args[0] == "first", ev)
    return ev


def done(st: DiaDeHonorState, seat: int, action: Action) -> list[Event]:
    said = say("{seat} ends their activation", seat=st.players[seat])
    ev = [Event(EventKind.DONE, said, rule="DH-11")]
    next_seat(st, ev)
    return ev


def played(st: DiaDeHonorState, seat: int, action: Action) -> list[Event]:
    ev: list[Event] = []
    cards.play(st, seat, action, ev)
    victory.check(st, ev, seat)
    return ev


def acted(st: DiaDeHonorState, seat: int, action: Action) -> list[Event]:
    """A unit's action: move, crawl, prone, stand, aim, fire, melee."""
    ev: list[Event] = []
    act(st, action, ev)
    victory.check(st, ev, seat)
    return ev


def after(st: DiaDeHonorState, events: list[Event]) -> list[Event]:
    """After every action: snipers that lost sight of their marks start again (Q27)."""
    ev: list[Event] = []
    attack.lose_sight(st, ev)
    return ev


def deploy(st: DiaDeHonorState, seat: int, action: Action, ev: list[Event]) -> None:
    i = find(st, action.args[0])
    square = st.battle.square_of[action.args[1]]
    st.pos[i], st.status[i] = square, ACTIVE
    said = say("{unit} deploys at {square}", unit=st.units[i].key, square=action.args[1])
    ev.append(Event(EventKind.DEPLOY, said, rule="set-up"))
    if legal.to_deploy(st, seat):
        return
    later = [s for s in range(len(st.players)) if legal.to_deploy(st, s)]
    if later:
        st.seat = later[0]
        return
    st.phase = Phase.CARDS  # the set-up cards resolve once everyone is deployed (Q4)
    after_cards(st, ev)


def after_cards(st: DiaDeHonorState, ev: list[Event]) -> None:
    """Resolve the immediate cards waiting; once none waits on a decision, go on: after the
    set-up, round 1; in a round, the initiative roll. A card may end the battle."""
    if not cards.resolve_queue(st, ev):
        return
    victory.check(st, ev, st.seat)
    if st.phase == Phase.OVER:
        return
    if st.after_cards == "setup":
        start_round(st, ev)
    else:
        roll_initiative(st, ev)


def start_round(st: DiaDeHonorState, ev: list[Event]) -> None:
    """A new round: actions, attacks and card effects back (DH-7); every player still in the
    battle draws a situation card, in seat order (DH-2, Q32); immediate ones resolve."""
    st.round += 1
    if st.round > st.max_rounds:
        said = say("the round limit ({rounds}) is reached", rounds=st.max_rounds)
        victory.finish(st, None, said, "round limit", ev)
        return
    for u in st.units:
        st.actions[u.index], st.attacked[u.index] = ACTIONS, False
    st.hit_by_infantry = set()
    attack.forget_old_aims(st)
    st.defensive, st.aggressive = [0] * len(st.players), [0] * len(st.players)
    st.phase, st.after_cards = Phase.CARDS, "initiative"
    for seat in range(len(st.players)):
        if any(u.seat == seat and st.on_map(u.index) for u in st.units):
            cards.draw(st, seat, ev)
    after_cards(st, ev)


def roll_initiative(st: DiaDeHonorState, ev: list[Event]) -> None:
    """A die a side, again on a tie (DH-5, DH-14); the winning side's first seat chooses."""
    while True:
        axis, allies = st.rng.die(6), st.rng.die(6)
        if axis != allies:
            break
        said = say(
            "Round {round}: initiative, axis {axis}, allies {allies}: a tie, roll again",
            round=st.round,
            axis=axis,
            allies=allies,
        )
        data = {"dice": [axis, allies], "roll": rolled([axis, allies], 6, None, "tie")}
        ev.append(Event(EventKind.INITIATIVE, said, data, "DH-5"))
    winner = "axis" if axis > allies else "allies"
    said = say(ROLLED[winner], round=st.round, axis=axis, allies=allies)
    data = {"dice": [axis, allies], "roll": rolled([axis, allies], 6, None, f"{winner} choose")}
    ev.append(Event(EventKind.INITIATIVE, said, data, "DH-5"))
    st.phase = Phase.INITIATIVE
    st.seat = first_seat(st, winner)


def choose(st: DiaDeHonorState, seat: int, first: bool, ev: list[Event]) -> None:
    mine = st.sides[seat]
    other = enemy_of(mine)
    st.order = (mine, other) if first else (other, mine)
    said = say(CHOSEN[(mine, first)], seat=st.players[seat])
    ev.append(Event(EventKind.INITIATIVE, said, rule="DH-5"))
    st.phase, st.turn = Phase.ACTIVATE, 0
    st.seat = first_seat(st, st.order[0])


def next_seat(st: DiaDeHonorState, ev: list[Event]) -> None:
    """The next seat of the activating side in seat order, then the other side (DH-6); after
    both, the round ends."""
    seat = first_seat(st, st.order[st.turn], st.seat)
    while seat < 0 and st.turn == 0:
        st.turn = 1
        seat = first_seat(st, st.order[1])
    if seat >= 0:
        st.seat = seat
        return
    ev.append(Event(EventKind.ROUND_END, say("Round {round} ends", round=st.round), rule="DH-7"))
    victory.check(st, ev, st.seat, round_end=True)
    if st.phase != Phase.OVER:
        start_round(st, ev)


def act(st: DiaDeHonorState, action: Action, ev: list[Event]) -> None:
    i = find(st, action.args[0])
    key, verb = st.units[i].key, action.verb
    st.actions[i] -= 1
    if verb in ("move", "crawl", "prone", "stand") and i in st.aim:
        del st.aim[i]  # moving or changing stance spoils the aim (Q27)
        ev.append(Event(EventKind.AIM, say("{unit} stops aiming", unit=key), rule="DH-69"))
    if verb in ("move", "crawl"):
        square = st.battle.square_of[action.args[1]]
        cost = ground.cost_to(st, i, verb == "crawl", square)
        st.pos[i] = square
        # "points" for one point too, as the English log always said it; other languages
        # may say their singular
        if verb == "crawl":
            said = say_n(
                "{unit} crawls to {square} ({count} points)",
                "{unit} crawls to {square} ({count} points)",
                cost,
                unit=key,
                square=action.args[1],
            )
            ev.append(Event(EventKind.CRAWL, said, rule="DH-21"))
        else:
            said = say_n(
                "{unit} moves to {square} ({count} points)",
                "{unit} moves to {square} ({count} points)",
                cost,
                unit=key,
                square=action.args[1],
            )
            ev.append(Event(EventKind.MOVE, said, rule="DH-15"))
    elif verb == "prone":
        st.prone[i] = True
        ev.append(Event(EventKind.PRONE, say("{unit} goes prone", unit=key), rule="DH-20"))
    elif verb == "stand":
        st.prone[i] = False
        ev.append(Event(EventKind.STAND, say("{unit} stands up", unit=key), rule="DH-22"))
    elif verb == "aim":
        t = find(st, action.args[1])
        target, count, last = st.aim.get(i, (-1, 0, 0))
        count = count + 1 if target == t and last == st.round - 1 else 1
        st.aim[i] = (t, count, st.round)
        said = say_n(
            "{unit} aims at {other} ({count} round in a row)",
            "{unit} aims at {other} ({count} rounds in a row)",
            count,
            unit=key,
            other=st.units[t].key,
        )
        ev.append(Event(EventKind.AIM, said, rule="DH-69"))
    elif verb in ("fire", "melee"):
        st.attacked[i] = True
        t = find(st, action.args[1])
        (attack.fire if verb == "fire" else attack.melee)(st, i, t, ev)
    else:  # verbs.py routes only the verbs above here
        raise InvariantError(f"{action} is not a unit's action")
