"""The battle from the bid to the last turn: the opening (bid, first player, bid terrain,
opening hands), then each turn's nine phases in the order of ruling A-1 (GM-23): Inicio,
Estado Mayor, Cartas, Movimiento, Despliegue, Disparo, Voltear, Descarte, Fin de turno.
Phases in which the side to act could only pass go by on their own; ``settle`` follows
every action (verbs.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event, rolled
from wartable.core.outcome import Outcome
from wartable.core.words import Said, named, say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.phases import TURN_PHASES, Phase
from wartable.games.tactics2gm.rules import (
    field,
    hands,
    hq,
    legal,
    objectives,
    orders,
    setup,
    smoke,
    tokens,
)
from wartable.games.tactics2gm.rules.common import (
    SIDES,
    commander,
    draw,
    ev,
    hq_of,
    hq_title,
    hqs,
    marshal,
    seats_of,
)

if TYPE_CHECKING:
    from wartable.core.action import Action
    from wartable.games.tactics2gm.state import Tactics2GMState


# ---- the opening -------------------------------------------------------------------------
def bid(st: Tactics2GMState, side: int, spend: int) -> list[Event]:
    """A secret spend of 0 to 5 AP; once both are in, each rolls a D10 and adds it (GM-11)."""
    st.bids[side] = spend
    out = [ev(EventKind.BID, say("{side} has made a secret bid", side=SIDES[side]), "GM-11")]
    if None in st.bids:
        return out
    spends = {SIDES[s]: b for s, b in enumerate(st.bids) if b is not None}
    text = say(
        "The bids: {allies} {allies_bid} AP, {axis} {axis_bid} AP",
        allies=SIDES[0],
        allies_bid=st.bids[0],
        axis=SIDES[1],
        axis_bid=st.bids[1],
    )
    out.append(ev(EventKind.BIDS, text, "GM-11"))
    winner, rounds = setup.bid_winner(spends, lambda: st.rng.die(10))
    for totals in rounds:
        first, second = (rolls(s, t, spends[s]) for s, t in totals.items())
        tie = totals is not rounds[-1]
        dice = [t - spends[s] for s, t in totals.items()]  # a die a side, in the text's order
        roll = rolled(dice, 10, None, "tie" if tie else f"{winner} wins")
        if tie:
            said = say(
                "Each side rolls and adds its bid: {first}, {second} (a tie: both roll again)",
                first=first,
                second=second,
            )
        else:
            said = say(
                "Each side rolls and adds its bid: {first}, {second}", first=first, second=second
            )
        out.append(ev(EventKind.BID_ROLL, said, "GM-11", roll=roll))
    won = SIDES.index(winner)
    for s in (0, 1):
        pay(st, s, st.bids[s] or 0)
        st.budget[s] = st.bids[s] or 0
    st.winner_of_bid = st.active = won
    st.phase = Phase.FIRST
    text = say("{side} wins the bid and chooses who plays first", side=winner)
    out.append(ev(EventKind.BID_WON, text, "GM-11"))
    return out


def rolls(side: str, total: int, bid: int) -> Said:
    """A side's die, its bid and their sum: "allies rolls 7 + bid 1 = 8"."""
    return say(
        "{side} rolls {die} + bid {bid} = {total}", side=side, die=total - bid, bid=bid, total=total
    )


def choose_first(st: Tactics2GMState, first: int) -> list[Event]:
    st.first = first
    out = [ev(EventKind.FIRST, say("{side} will play the first turn", side=SIDES[first]), "GM-11")]
    st.phase, st.active = Phase.TERRAIN, st.winner_of_bid
    return out


def pay(st: Tactics2GMState, side: int, amount: int) -> None:
    """The side's Marshal pays from its pool, its teammate the rest (the bid)."""
    for k in seats_of(st, side):
        part = min(amount, st.ap[k])
        st.ap[k] -= part
        amount -= part


def done(st: Tactics2GMState, seat: int) -> list[Event]:
    if st.phase == Phase.TERRAIN:
        return end_terrain(st, st.seat_side[seat])
    if st.phase == Phase.DEPLOY and st.equipping:
        return orders.equipped(st)
    return pass_phase(st, seat)


def pass_phase(st: Tactics2GMState, seat: int) -> list[Event]:
    """``seat`` is done with the phase; it ends when every seat of the side is (A-25)."""
    st.passed[seat] = True
    if all(st.passed[k] for k in seats_of(st, st.active)):
        return next_phase(st)
    return []


def end_terrain(st: Tactics2GMState, side: int) -> list[Event]:
    """The bid's winner lays its terrain first, then the other side; AP a side bid but did
    not use are lost (GM-12)."""
    out = []
    if st.budget[side]:
        text = say("{side} is done laying terrain", side=SIDES[side])
        out.append(ev(EventKind.TERRAIN_DONE, text, "GM-12"))
    st.budget[side] = 0
    if side == st.winner_of_bid:
        st.active = 1 - side
        return out
    return out + deal(st)


def deal(st: Tactics2GMState) -> list[Event]:
    """Each seat draws its opening hand; each may send it back once for a new one (GM-14),
    unless its scenario fixes the hand and allows no redraw (GM-15): that seat keeps it,
    as everyone knows, and is not asked."""
    out = []
    for k in range(len(st.seat_side)):
        out += hands.deal(st, k)
    st.phase = Phase.MULLIGAN
    for k, name in enumerate(st.players):
        if not hands.may_redraw(st, k):
            st.redraws[k] = False
            text = say(
                "{player} keeps its opening hand: the scenario allows no redraw", player=name
            )
            out.append(ev(EventKind.MULLIGAN, text, "GM-14"))
    return out + (reveal(st) if None not in st.redraws else [])


def mulligan(st: Tactics2GMState, seat: int, again: bool) -> list[Event]:
    st.redraws[seat] = again
    who = st.players[seat]
    out = [
        ev(EventKind.MULLIGAN, say("{player} has decided on its opening hand", player=who), "GM-14")
    ]
    if None in st.redraws:
        return out
    return out + reveal(st)


def reveal(st: Tactics2GMState) -> list[Event]:
    """Every seat has chosen: the hands sent back are shuffled into their decks and drawn
    afresh, as many cards as before (GM-14), and the first turn begins."""
    out = []
    for k, name in enumerate(st.players):
        if st.redraws[k]:
            st.decks[k] += st.hands[k]
            st.hands[k] = []
            st.decks[k].sort()
            st.rng.shuffle(st.decks[k])
            text = say("{player} shuffles its hand back for a new one", player=name)
            out.append(ev(EventKind.REDRAW, text, "GM-14"))
            out += draw(st, k, hands.size(st, k))
        else:
            out.append(
                ev(EventKind.KEEP, say("{player} keeps its opening hand", player=name), "GM-14")
            )
    st.active, st.turn = st.first, 0
    return out + begin_turn(st)


# ---- a turn ------------------------------------------------------------------------------
def begin_turn(st: Tactics2GMState) -> list[Event]:
    """Inicio, the HQ phase and the card phase, then the Movement phase."""
    st.turn += 1
    side = st.active
    who = SIDES[side]
    text = say(
        "Turn {turn}: {side} (round {round})", turn=st.turn, side=who, round=(st.turn + 1) // 2
    )
    out = [ev(EventKind.TURN, text, "GM-23", turn=st.turn, player=st.players[marshal(st, side)])]
    for p in st.pieces:  # Inicio: the suppression this side placed ends (GM-51)
        if p.side != side and p.suppressed:
            p.suppressed = False
            text = say("{unit} is no longer suppressed", unit=p.id)
            out.append(ev(EventKind.UNSUPPRESSED, text, "GM-51"))
        if p.side == side:
            p.moved = p.marched = p.landed = p.tended = p.rode = False
            p.fired = ()
        p.flak = False  # an anti-aircraft gun fires at the air once a turn
    st.fired_at = {}
    st.picked = set()  # equipment from the ground: each kind once a turn
    out += smoke.lift(st, side)
    out += hq_phase(st, side)
    team = seats_of(st, side)
    for k in team:  # a team's players draw one each (GM-104)
        out += draw(st, k, st.hq.draw if len(team) == 1 else 1)
    if not any(st.decks[k] or st.hands[k] for k in team):  # out of cards
        why = say("{side} has no cards left in deck or hand", side=who)
        return out + finish(st, 1 - side, why, "cards", "GM-101, A-18")
    st.phase = Phase.MOVE
    st.passed = [False] * len(st.seat_side)
    st.gave = False
    return out


def pools(st: Tactics2GMState, side: int) -> list[tuple[int, list[int]]]:
    """Each of ``side``'s HQs and the seats drawing their AP from it: one HQ for the whole
    side, a team sharing it (GM-104); on two fields, each player his own (GM-105)."""
    if st.field.copies == 1:
        return [(side, seats_of(st, side))]
    return [(hq_of(st, k), [k]) for k in seats_of(st, side)]


def hq_phase(st: Tactics2GMState, side: int) -> list[Event]:
    return [e for h, team in pools(st, side) for e in income(st, h, team)]


def income(st: Tactics2GMState, h: int, team: list[int]) -> list[Event]:
    """HQ ``h``'s income, the supply line and the command groups (GM-18 to GM-21, A-3); on
    two fields each HQ counts the lines and command groups of its own field (GM-105)."""
    side = h % 2
    who = SIDES[side]
    here = [  # the side's units on the HQ's field
        (p.sq, st.lib.units[p.card].cls)
        for p in st.pieces
        if p.side == side and p.sq is not None and st.field.copy_of(p.sq) == h // 2
    ]
    supply = field.supply_line(who, [sq for sq, _ in here])
    command = sum(field.command_ap(who, sq) for sq, cls in here if cls == "command")
    general = st.generals[h]
    bonus = (st.lib.generals[general].income if general else 0) + (1 if st.novice[side] else 0)
    before = sum(st.ap[k] for k in team)  # a team's pools count as one against the cap
    after = hq.hq_phase(
        before, st.hq, destroyed=st.hq_hp[h] <= 0, supply=supply, command=command, bonus=bonus
    )
    for k, share in zip(team, hq.split(after - before, len(team)), strict=True):
        st.ap[k] += share
    title = hq_title(st, h)
    if len(team) > 1:
        shares = ", ".join(f"{st.players[k]} {st.ap[k]}" for k in team)
        text = say(
            "{hq}: {before} AP + income, supply line {supply}, command {command} = {after} AP"
            " ({shares})",
            hq=title,
            before=before,
            supply=supply,
            command=command,
            after=after,
            shares=shares,
        )
    else:
        text = say(
            "{hq}: {before} AP + income, supply line {supply}, command {command} = {after} AP",
            hq=title,
            before=before,
            supply=supply,
            command=command,
            after=after,
        )
    return [ev(EventKind.HQ, text, "GM-18", supply=supply, command=command, ap=after)]


def next_phase(st: Tactics2GMState) -> list[Event]:
    """From one phase of the turn to the next; the Flip phase turns the tokens first."""
    k = TURN_PHASES.index(st.phase)
    st.passed = [False] * len(st.seat_side)
    if k + 1 == len(TURN_PHASES):
        return end_turn(st)
    st.phase = TURN_PHASES[k + 1]
    out = []
    if st.phase == Phase.FLIP:
        for p in st.pieces:
            if p.side == st.active:
                for key, state in p.tokens.items():
                    p.tokens[key] = tokens.flip_phase(state)  # type: ignore[arg-type]  # str
        text = say("{side} turns its disabled tokens back", side=SIDES[st.active])
        out.append(ev(EventKind.FLIP, text, "GM-55"))
    return out


def end_turn(st: Tactics2GMState) -> list[Event]:
    """Fin de turno: tokens used this turn stay disabled, the pool is cut to the storage cap
    (nothing kept by a destroyed HQ), and the other side begins (GM-21, GM-27)."""
    side = st.active
    out = []
    for p in st.pieces:
        if p.side == side:
            for key, state in p.tokens.items():
                p.tokens[key] = tokens.end_of_turn(state)  # type: ignore[arg-type]  # str
            lasting = [c for c in p.attached if st.lib.support[c].duration == "turn"]
            if lasting:  # a card lasting the turn comes off (GM-24, GM-27)
                p.attached = tuple(c for c in p.attached if c not in lasting)
            for card in lasting:
                st.discards[commander(st, p)].append(card)
                text = say(
                    "{card} comes off {unit}: its turn is over",
                    card=named(st.lib.support[card].title),
                    unit=p.id,
                )
                out.append(ev(EventKind.DETACHED, text, "GM-27"))
    kept = 0
    for h, team in pools(st, side):
        left = hq.end_of_turn(sum(st.ap[k] for k in team), st.hq, destroyed=st.hq_hp[h] <= 0)
        for k, pool in zip(team, hq.cut([st.ap[k] for k in team], left), strict=True):
            st.ap[k] = pool
        kept += left
    text = say("{side} ends its turn with {ap} AP", side=SIDES[side], ap=kept)
    out.append(ev(EventKind.END_TURN, text, "GM-27"))
    if side != st.first and st.turn >= 2 * last_round(st):
        return out + time_up(st)
    st.active = 1 - side
    return out + begin_turn(st)


def last_round(st: Tactics2GMState) -> int:
    """A scenario's rounds (GM-100); a timed battle's limit and one last turn each (GM-102);
    or the safety limit (A-19)."""
    if st.brief is not None:
        return min(st.max_rounds, st.brief.rounds)
    return min(st.max_rounds, st.time_limit + 1) if st.time_limit else st.max_rounds


def time_up(st: Tactics2GMState) -> list[Event]:
    """The side whose HQ took more damage loses; equal damage is a draw (GM-102, A-19). In a
    scenario, its objective decides (GM-100)."""
    if st.brief is not None and st.brief.rounds <= st.max_rounds:
        winner, why = objectives.at_the_end(st)
        return finish(st, winner, why, "objective", "GM-100")
    damage = [hq_damage(st, side) for side in (0, 1)]  # both HQs' on two fields
    timed = bool(st.time_limit) and st.time_limit < st.max_rounds
    kind = "time limit" if timed else "round limit"
    limit = st.time_limit if timed else st.max_rounds
    sides = {
        "allies": SIDES[0],
        "allies_damage": damage[0],
        "axis": SIDES[1],
        "axis_damage": damage[1],
    }
    if timed:
        reason = say(
            "the time limit ({limit}): HQ damage {allies} {allies_damage}, {axis} {axis_damage}",
            limit=limit,
            **sides,
        )
    else:
        reason = say(
            "the round limit ({limit}): HQ damage {allies} {allies_damage}, {axis} {axis_damage}",
            limit=limit,
            **sides,
        )
    rule = "GM-102" if timed else "A-19"
    if damage[0] == damage[1]:
        return finish(st, None, reason, kind, rule)
    return finish(st, 0 if damage[0] < damage[1] else 1, reason, kind, rule)


def hq_damage(st: Tactics2GMState, side: int) -> int:
    return sum(st.hq.hit_points - st.hq_hp[h] for h in hqs(st, side))


def finish(
    st: Tactics2GMState, winner: int | None, reason: str, kind: str, rule: str = "GM-99"
) -> list[Event]:
    st.phase = Phase.OVER
    name = None if winner is None else SIDES[winner]
    # every seat of the winning side scores 1, of the other -1; the core names one winner:
    # the side's first seat (its army's name in a battle of two)
    scores = {
        p: 0.0 if winner is None else (1.0 if s == winner else -1.0)
        for p, s in zip(st.players, st.seat_side, strict=True)
    }
    stats = {
        "turns": float(st.turn),
        "hq_damage_allies": float(hq_damage(st, 0)),
        "hq_damage_axis": float(hq_damage(st, 1)),
        "units_lost_allies": float(st.destroyed[0]),
        "units_lost_axis": float(st.destroyed[1]),
    }
    first = None if winner is None else st.players[marshal(st, winner)]
    st.outcome = Outcome(first, reason, scores, kind, stats)
    if name:
        text = say("{side} wins: {reason}", side=name, reason=reason)
    else:
        text = say("A draw: {reason}", reason=reason)
    return [ev(EventKind.OVER, text, rule)]


def after(st: Tactics2GMState, events: list[Event]) -> list[Event]:
    """What follows every action (verbs.py): the battle settles."""
    return settle(st)


def settle(st: Tactics2GMState) -> list[Event]:
    """After every action: a destroyed HQ ends the battle (GM-99); a phase in which the side
    to act could only pass goes by, as does the terrain a side cannot afford, one after the
    other until someone has a choice to make. What it had to list to know that is told to
    the core: the legal actions of the state it leaves."""
    out: list[Event] = []
    while st.phase != Phase.OVER:
        if st.brief is not None:  # its objective decides, not the HQs (GM-100)
            if (met := objectives.reached(st)) is not None:
                return out + finish(st, met[0], met[1], "objective", "GM-100")
        elif lost := [h for h in range(len(st.hq_hp)) if st.hq_hp[h] <= 0]:  # one of two will do
            why = say("{hq} is destroyed", hq=hq_title(st, lost[0]))  # (GM-105)
            return out + finish(st, 1 - lost[0] % 2, why, "hq")
        if st.phase == Phase.TERRAIN:
            seats = [marshal(st, st.active)]
        elif st.phase in TURN_PHASES:
            seats = st.grammar.acting(st)
        else:
            break
        seen = {k: legal.looked(st, k) for k in seats}
        idle = [k for k, chosen in seen.items() if chosen is True or chosen == []]
        if not idle:
            tell(st, seen)
            break
        if st.phase == Phase.TERRAIN:
            out += end_terrain(st, st.active)
        else:
            out += pass_phase(st, idle[0])
    return out


def tell(st: Tactics2GMState, seen: dict[int, bool | list[Action]]) -> None:
    """The choices looked at are the legal actions where the moment offers a phase's
    orders (an interruption offers its own)."""
    if st.grammar.moment(st).offers is not legal.orders:
        return
    for k, chosen in seen.items():
        if isinstance(chosen, list):
            st.tell_legal(k, legal.with_done(st, k, chosen))
