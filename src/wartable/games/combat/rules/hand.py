"""Discard cards played from the hand for their effect (5.1): ``use CARD [SOLDIER|TEAM]``.

The player may use one whenever he has a decision to make. Cards that act at once (raise a
man's morale, bandage a light wound, reload, rally, change an order, act out of turn, swap
initiative) take effect there and then. Cards that answer an event the player cannot stop
the game for (a hit on a friendly, a missed shot, a scattered grenade, a plan, a medic's
roll, a melee strike) are held ready instead and spent at their first chance this turn;
unspent, they are lost at the end of the turn (house ruling: the digital table does not
pause mid-roll to ask).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, get_args

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import named, say
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import US, Activation
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules import checks, fire
from wartable.games.combat.rules.common import foes_here, leader_near, log
from wartable.games.combat.rules.initiative import ON_TRACK
from wartable.games.combat.schema import CardUse
from wartable.games.combat.vocabulary import of

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

AT_ONCE = frozenset(
    {"morale_up", "heal_light", "reload", "rally", "change_order", "snap_action", "swap_initiative"}
)
READY = frozenset(get_args(CardUse)) - AT_ONCE  # the rest wait for their roll
NOT_RETASKED = ("melee", "carried", "carry_drag", "guard")  # orders a card cannot change


def use_of(st: CombatState, n: int) -> str | None:
    return st.sc.lib.friendly_cards.cards[n - 1].use


def use_actions(st: CombatState) -> list[Action]:
    """Every way to use a discard card in the hand now (in the card phase, one card must stay
    to be played for initiative)."""
    out: list[Action] = []
    if st.phase == Phase.CARDS and len(st.hand) < 2:
        return out
    for n in sorted(set(st.hand)):
        kind = use_of(st, n)
        if kind is None:
            continue
        if kind in READY:
            out.append(Action("use", (str(n),)))
        elif kind == "swap_initiative":
            out += [Action("use", (str(n), team)) for team in swappable(st)]
        else:
            out += [Action("use", (str(n), st.soldiers[i].key)) for i in targets(st, kind)]
    return out


def swappable(st: CombatState) -> list[str]:
    """Friendly teams with a marker to their left on the initiative track (impulses only)."""
    if st.phase != Phase.IMPULSES:
        return []
    teams = [t for _, t in st.track]
    return [t for k, t in enumerate(teams) if k > 0 and t in ("able", "baker", "charlie")]


def targets(st: CombatState, kind: str) -> list[int]:
    """The friendly soldiers a card of this kind may be used on now."""
    acting = st.act.soldier if st.act else -1
    return [
        s.index
        for s in st.soldiers
        if s.side == US and st.alive(s.index) and helps(st, s.index, kind, acting)
    ]


def helps(st: CombatState, i: int, kind: str, acting: int) -> bool:
    if kind == "morale_up":
        return st.morale[i] > checks.AGGRESSIVE
    if kind == "heal_light":
        return "light_wound" in st.wounds[i]
    if kind == "reload":
        return st.ammo[i] != fire.AMMO_OK
    if kind == "rally":
        return st.morale[i] >= checks.CAUTIOUS and leader_near(st, i)
    free = i != acting and st.order[i] not in NOT_RETASKED and not foes_here(st, i)
    if kind == "change_order":
        return free and (
            st.phase == Phase.IMPULSES or (st.phase == Phase.ORDERS and bool(st.order[i]))
        )
    if kind == "snap_action":
        return free and st.phase == Phase.IMPULSES and st.held is None
    raise ValueError(f"card use {kind!r} has no soldier to help")


def use(st: CombatState, n: int, target: str, ev: list[Event]) -> None:
    kind = use_of(st, n)
    if kind is None:
        raise InvariantError("use: no kind")
    st.hand.remove(n)
    st.discard.append(n)
    title = named(st.sc.lib.friendly_cards.cards[n - 1].title)
    if kind in READY:
        st.ready = (*st.ready, kind)
        text = say("card {card} ({title}) is held ready for this turn", card=n, title=title)
        log(ev, EventKind.CARD, text, "5.1")
        return
    if kind == "swap_initiative":
        swap(st, target)
        text = say(
            "card {card} ({title}): {team} swaps places to its left",
            card=n,
            title=title,
            team=of(ON_TRACK, target),
        )
        log(ev, EventKind.CARD, text, "5.1")
        return
    i = st.find(target)
    text = say("card {card} ({title}) on {unit}", card=n, title=title, unit=st.soldiers[i].name)
    log(ev, EventKind.CARD, text, "5.1")
    if kind == "morale_up":
        st.morale[i] = max(checks.AGGRESSIVE, st.morale[i] - 2)  # never to Berserk
    elif kind == "rally":
        st.morale[i] = max(checks.AGGRESSIVE, st.morale[i] - 1)  # as a passed Rally Check
    elif kind == "heal_light":
        left = list(st.wounds[i])
        left.remove("light_wound")
        st.wounds[i] = tuple(left)
    elif kind == "reload":
        st.ammo[i] = fire.AMMO_OK
    elif kind == "change_order":
        drop_order(st, i)
        st.reorder = i
    elif kind == "snap_action":
        st.held = st.act
        st.act = Activation(soldier=i, stage="snap", moves=1, must=False)


def drop_order(st: CombatState, i: int) -> None:
    """Clear an order so that a new one can be given: a live grenade gets its pin back, a man
    being carried is put down."""
    st.live[i], st.aim[i] = False, -1
    if st.order[i] == "carry_drag" and st.mate[i] >= 0:
        st.order[st.mate[i]], st.mate[st.mate[i]] = "hide", -1
    st.order[i], st.mate[i], st.dirs[i] = "", -1, ()


def swap(st: CombatState, team: str) -> None:
    track = list(st.track)
    k = next(k for k, (_, t) in enumerate(track) if t == team)
    (va, ta), (vb, tb) = track[k - 1], track[k]
    track[k - 1], track[k] = (va, tb), (vb, ta)
    st.track = tuple(track)


def spend(st: CombatState, *kinds: str) -> str | None:
    """Use up one ready card of these kinds (the first listed found); None if none is ready."""
    for kind in kinds:
        if kind in st.ready:
            rest = list(st.ready)
            rest.remove(kind)
            st.ready = tuple(rest)
            return kind
    return None
