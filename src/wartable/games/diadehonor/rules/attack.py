"""Attacks: ranged fire (DH-27 to DH-35), melee duels (DH-36 to DH-40) and the damage track
(DH-41 to DH-43)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartable.core.events import Event, rolled
from wartable.core.words import Said, listing, named, say, say_n, word
from wartable.games.diadehonor.event_kinds import EventKind
from wartable.games.diadehonor.model import DEAD, WRECK
from wartable.games.diadehonor.rules import ground
from wartable.games.diadehonor.rules.common import to_bottom
from wartable.geometry.squaregrid import chebyshev

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

BEYOND_RANGE, HIGHER_GROUND, FLANKING, SUPPORT = -4, 1, 2, 3
PRONE, COVER = 2, 2
DEATH = 5  # the fifth wound kills (DH-43)
STATES = ("intact", "wounded", "serious", "critical", "dying")
# the damage track's states as the log says them, and a unit's own value as a reason (``own``)
STATE_WORDS = (word("intact"), word("wounded"), word("serious"), word("critical"), word("dying"))
OWN = {"attack": word("attack {value}"), "resistance": word("resistance {value}")}
INFANTRY = ("light", "assault", "heavy")


@dataclass(frozen=True, slots=True)
class Terms:
    """Everything but the die: the attacker's modifiers and the target's defence, each with
    its reason, for the roll and for the odds shown before it."""

    attack: int
    attack_why: tuple[Said, ...]
    defence: int
    defence_why: tuple[Said, ...]


def penalty(st: DiaDeHonorState, i: int) -> int:
    """The damage track's penalty, to attack and resistance alike (DH-41, DH-42)."""
    return st.wounds[i]


def own(
    st: DiaDeHonorState, i: int, name: str, value: int, sign: int, words: bool = True
) -> tuple[int, list[Said]]:
    """A unit's attack (``sign`` 1) or resistance (-1) as its own state leaves it: the sheet's
    value, the rank bonus, the wounds' penalty (DH-42, DH-49) and its player's combat cards
    this round (+1 / -1 each way: DH-62, DH-63), with the reason for each (none without
    ``words``: an AI weighing thousands of shots reads only the numbers)."""
    bonus, hurt = st.bonus(i), penalty(st, i)
    cards = sign * (st.aggressive[st.seat_of(i)] - st.defensive[st.seat_of(i)])
    total = value + bonus - hurt + cards
    if not words:
        return total, []
    why = [say(OWN[name], value=value)]
    if bonus:
        why.append(say("rank +{bonus}", bonus=bonus))
    if hurt:
        why.append(say("wounds -{wounds}", wounds=hurt))
    if cards:
        change = f"{cards:+d}"
        why.append(say("combat cards {change}", change=change))
    return total, why


def effective(st: DiaDeHonorState, i: int) -> tuple[int, int]:
    """A unit's attack and resistance as they stand now, for the views (the rulebook's first
    example shows a wounded soldier so): the sheet's, its rank, its wounds and the combat
    cards its player has played this round. Every part is public: a kept card changes
    nothing until it is played, in sight of all, so no seat learns another's hand here."""
    kind = st.kind(i)
    attack = own(st, i, "attack", kind.attack, 1, words=False)[0]
    return attack, own(st, i, "resistance", kind.resistance, -1, words=False)[0]


def ranged_terms(
    st: DiaDeHonorState, a: int, t: int, words: bool = True, covering: list[int] | None = None
) -> Terms:
    """The attack and defence of a shot, with their reasons (none without ``words``);
    ``covering`` as ``ground.flanker`` takes it."""
    kind = st.kind(a)
    attack, why = own(st, a, "attack", kind.attack, 1, words)
    if ground.distance(st, a, t) > kind.range:
        attack += BEYOND_RANGE
        if words:
            why.append(
                say("beyond range {range}: {penalty}", range=kind.range, penalty=BEYOND_RANGE)
            )
    if st.battle.level[st.pos[a]] > st.battle.level[st.pos[t]]:
        attack += HIGHER_GROUND
        if words:
            why.append(say("higher ground +{bonus}", bonus=HIGHER_GROUND))
    other = ground.flanker(st, a, t, covering)
    if other >= 0:
        attack += FLANKING
        if words:
            why.append(
                say("flanking with {unit} +{bonus}", unit=st.units[other].key, bonus=FLANKING)
            )
    if st.units[a].type == "artillery" and t in st.hit_by_infantry:
        attack += SUPPORT
        if words:
            why.append(say("in support of infantry +{bonus}", bonus=SUPPORT))
    value, dwhy = defence(st, t, words)
    return Terms(attack, tuple(why), value, dwhy)


def wounds_dealt(die: int, total: int, defence: int) -> int:
    """A natural 1 always misses; a natural 6 always deals at least one (DH-12, DH-13)."""
    if die == 1:
        return 0
    if die == 6:
        return max(1, total - defence)
    return max(0, total - defence)


def need(attack: int, defence: int) -> int:
    """The lowest face that wounds: the total must pass the defence, but a 1 always misses
    and a 6 always wounds (DH-12, DH-13)."""
    return min(6, max(2, defence + 1 - attack))


def fire_roll(die: int, attack: int, defence: int, word: str = "") -> dict[str, object]:
    """The roll of a shot in the shape the page shows (docs/adding-a-game.md)."""
    n = wounds_dealt(die, die + attack, defence)
    return rolled([die], 6, need(attack, defence), word or ("wound" if n else "miss"))


_CHANCES: dict[tuple[int, int], dict[int, float]] = {}  # by attack and defence


def chances(terms: Terms) -> dict[int, float]:
    """The chance of each number of wounds, before the roll: one dictionary for each attack
    and defence, shared by every caller (an AI weighs thousands of shots), so read it only."""
    key = (terms.attack, terms.defence)
    found = _CHANCES.get(key)
    if found is None:
        out: dict[int, float] = {}
        for die in range(1, 7):
            n = min(wounds_dealt(die, die + terms.attack, terms.defence), DEATH)
            out[n] = out.get(n, 0.0) + 1 / 6
        found = _CHANCES[key] = dict(sorted(out.items()))
    return found


def fire(st: DiaDeHonorState, a: int, t: int, ev: list[Event]) -> None:
    terms = ranged_terms(st, a, t)
    die = st.rng.die(6)
    total = die + terms.attack
    ua, ut = st.units[a], st.units[t]
    if ua.type in INFANTRY and st.kind(t).kind == "soldier":
        st.hit_by_infantry.add(t)
    said = say(
        "{unit} fires at {other}: die {die}, total {total} ({attack_why}) "
        "against {defence} ({defence_why})",
        unit=ua.key,
        other=ut.key,
        die=die,
        total=total,
        attack_why=listing(terms.attack_why),
        defence=terms.defence,
        defence_why=listing(terms.defence_why),
    )
    n = wounds_dealt(die, total, terms.defence)
    sure = ua.type != "tank" and n > 0 and aimed(st, a, t)
    roll = fire_roll(die, terms.attack, terms.defence, "kill" if sure else "")
    data = {"die": die, "total": total, "defence": terms.defence, "roll": roll}
    ev.append(Event(EventKind.FIRE, said, data, "DH-27"))
    if ua.type == "tank":
        blast(st, a, t, die, total, ev)
        return
    if sure:
        said = say("{unit}'s aimed shot kills {other}", unit=ua.key, other=ut.key)
        kill(st, t, ev, said, "DH-69", ua.seat, "aimed")
        return
    harm(st, t, n, ev, ua.seat, "fire")


def aimed(st: DiaDeHonorState, a: int, t: int) -> bool:
    """A sniper that has aimed at ``t`` in three rounds in a row, the third before this one,
    kills it with any hit (DH-69, Q27)."""
    target, count, last = st.aim.get(a, (-1, 0, 0))
    return target == t and (count > 3 or (count == 3 and last < st.round))


def lose_sight(st: DiaDeHonorState, ev: list[Event]) -> None:
    """A sniper that no longer sees its mark, or whose mark is gone, starts again (Q27)."""
    for sniper, (t, _, _) in list(st.aim.items()):
        if not (st.on_map(t) and st.on_map(sniper) and ground.sees(st, sniper, t)):
            del st.aim[sniper]
            said = say("{unit} loses its mark", unit=st.units[sniper].key)
            ev.append(Event(EventKind.AIM, said, rule="DH-69"))


def forget_old_aims(st: DiaDeHonorState) -> None:
    """At a new round: a sniper that let the last round pass without aiming starts its
    count again (Q27)."""
    for sniper, (_, _, last) in list(st.aim.items()):
        if last < st.round - 1:
            del st.aim[sniper]


BLAST = 2  # a tank's shell hits every unit this many squares or fewer from the target (Q28)


def in_blast(st: DiaDeHonorState, a: int, t: int) -> list[int]:
    """Every unit that may be attacked within the blast, the target first, either side's,
    never the firing tank."""
    grid = st.battle.grid
    here = grid.squares[st.pos[t]]
    near = [
        u.index
        for u in st.units
        if u.index not in (a, t)
        and st.on_map(u.index)
        and not st.sabotaged[u.index]
        and chebyshev(grid.squares[st.pos[u.index]], here) <= BLAST
    ]
    return [t, *near]


def defence(st: DiaDeHonorState, t: int, words: bool = True) -> tuple[int, tuple[Said, ...]]:
    """A unit's defence against fire: its resistance as its state leaves it, prone, cover
    (the reasons only with ``words``)."""
    total, why = own(st, t, "resistance", st.kind(t).resistance, -1, words)
    if st.prone[t]:
        total += PRONE
        if words:
            why.append(say("prone +{bonus}", bonus=PRONE))
    if ground.in_cover(st, t):
        total += COVER
        if words:
            why.append(say("cover +{bonus}", bonus=COVER))
    return total, tuple(why)


def blast(st: DiaDeHonorState, a: int, t: int, die: int, total: int, ev: list[Event]) -> None:
    """One die and one total, the attacker's modifiers taken against the target, checked
    against the defence of every unit within the blast (DH-71, Q28)."""
    seat = st.units[a].seat
    for j in in_blast(st, a, t):
        value, why = defence(st, j)
        said = say(
            "the blast reaches {unit}: {total} against {defence} ({defence_why})",
            unit=st.units[j].key,
            total=total,
            defence=value,
            defence_why=listing(why),
        )
        roll = fire_roll(die, total - die, value)
        data = {"unit": st.units[j].key, "defence": value, "roll": roll}
        ev.append(Event(EventKind.BLAST, said, data, "DH-71"))
        harm(st, j, wounds_dealt(die, total, value), ev, seat, "blast")


def melee_total(st: DiaDeHonorState, i: int, die: int) -> int:
    """A duellist's total: the die, attack, rank and wounds; no ground, prone, cover or flank
    (RULINGS, Q15)."""
    return die + own(st, i, "attack", st.kind(i).attack, 1, words=False)[0]


MELEE_DAMAGE = {6: 2, 5: 1}  # by the winner's natural die (DH-38)


def duel_outcomes(st: DiaDeHonorState, a: int, t: int) -> list[tuple[bool, int]]:
    """Every way a duel can end, each as likely as the others (equal totals roll again):
    whether the attacker wins, and the wounds the winner deals."""
    out = []
    base_a, base_t = melee_total(st, a, 0), melee_total(st, t, 0)  # the same for every die
    for da in range(1, 7):
        for dt in range(1, 7):
            ta, tt = da + base_a, dt + base_t
            if ta != tt:
                out.append((ta > tt, MELEE_DAMAGE.get(da if ta > tt else dt, 0)))
    return out


def melee(st: DiaDeHonorState, a: int, t: int, ev: list[Event]) -> None:
    ua, ut = st.units[a], st.units[t]
    if ua.type in INFANTRY:
        st.hit_by_infantry.add(t)
    while True:  # equal totals roll again (DH-14)
        da, dt = st.rng.die(6), st.rng.die(6)
        ta, tt = melee_total(st, a, da), melee_total(st, t, dt)
        if ta == tt:
            said = say(
                "{unit} duels {other}: {die} for {total} against {other_die} for {other_total}: "
                "equal, they roll again",
                unit=ua.key,
                other=ut.key,
                die=da,
                total=ta,
                other_die=dt,
                other_total=tt,
            )
            data = {"dice": [da, dt], "roll": rolled([da, dt], 6, None, "tie")}
            ev.append(Event(EventKind.MELEE, said, data, "DH-14"))
            continue
        break
    winner, loser, die = (a, t, da) if ta > tt else (t, a, dt)
    n = MELEE_DAMAGE.get(die, 0)
    said = say(
        "{unit} duels {other}: {die} for {total} against {other_die} for {other_total}: "
        "{winner} wins",
        unit=ua.key,
        other=ut.key,
        die=da,
        total=ta,
        other_die=dt,
        other_total=tt,
        winner=st.units[winner].key,
    )
    won = rolled([da, dt], 6, None, "attacker wins" if winner == a else "defender wins")
    data = {"dice": [da, dt], "winner": st.units[winner].key, "roll": won}
    ev.append(Event(EventKind.MELEE, said, data, "DH-37"))
    harm(st, loser, n, ev, st.units[winner].seat, "melee")


def harm(st: DiaDeHonorState, t: int, n: int, ev: list[Event], by: int, how: str) -> None:
    """``n`` wounds to ``t``, dealt by seat ``by``'s unit or card (``how``)."""
    key = st.units[t].key
    if n <= 0:
        ev.append(Event(EventKind.MISS, say("{unit} takes no wound", unit=key), rule="DH-28"))
        return
    st.wounds[t] = min(DEATH, st.wounds[t] + n)
    if st.wounds[t] >= DEATH:
        said = say_n(
            "{unit} takes {count} wound and dies",
            "{unit} takes {count} wounds and dies",
            n,
            unit=key,
        )
        kill(st, t, ev, said, "DH-43", by, how)
        return
    said = say_n(
        "{unit} takes {count} wound: {state}",
        "{unit} takes {count} wounds: {state}",
        n,
        unit=key,
        state=STATE_WORDS[st.wounds[t]],
    )
    ev.append(Event(EventKind.WOUND, said, rule="DH-41"))


def kill(
    st: DiaDeHonorState, t: int, ev: list[Event], text: Said, rule: str, by: int, how: str
) -> None:
    """The unit leaves the map; a tank or gun leaves its wreck, which still gives cover. The
    card that brought it goes under the deck (DH-57); ``by`` is credited with the kill."""
    machine = st.kind(t).kind == "machine"
    st.status[t] = WRECK if machine else DEAD
    if not machine:
        st.pos[t] = -1
    st.prone[t] = False
    st.killer[t], st.death[t] = by, how
    st.aim.pop(t, None)
    ev.append(Event(EventKind.DEATH, text, {"unit": st.units[t].key}, rule))
    if st.carried[t]:
        card, st.carried[t] = st.carried[t], ""
        to_bottom(st, card)
        said = say("the {card} card goes under the deck", card=named(st.lib.cards[card].title))
        ev.append(Event(EventKind.CARD, said, {"card": card}, "DH-57"))
