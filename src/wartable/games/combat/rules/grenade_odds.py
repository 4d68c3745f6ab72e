"""The exact odds of a grenade before it is thrown, so that a player can weigh a throw the way
they weigh a shot: where it may land, and each man's chance of taking at least one hit. What
they use of the other side is on the map for all to see (hexes, terrain, orders, alert
markers): decoys and unknown counters get the same figures, so the odds give nothing away."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartable.core.words import listing, percent, say
from wartable.games.combat.rules import checks, explosives, grenades
from wartable.games.combat.rules.common import distance, label, tq_now
from wartable.games.combat.rules.harm import shelter

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState


@dataclass(frozen=True, slots=True)
class ThrowOdds:
    aim: int  # the hex it flies to: the one aimed at, or short of it when out of reach
    on_target: float  # chance the grenade lands there
    hit: dict[int, float]  # soldier -> chance of at least one hit
    enemy_hit: float  # chance that at least one enemy is hit
    friend_hit: float  # chance that at least one of the thrower's side is hit


def throw_odds(st: CombatState, i: int, aim: int, order: str) -> ThrowOdds | None:
    """Odds of ``i`` throwing (or firing) the grenade of ``order`` at hex ``aim`` from where he
    stands now: the landing roll and its scatter (7.09, 14.2), the Near/Far roll for each man
    where it lands and the damage dice of his marker."""
    s = st.soldiers[i]
    grenade_id = s.rifle if order == grenades.RIFLE else s.grenade
    g = st.sc.lib.weapons.grenades.get(grenade_id or "")
    if g is None or g.damage is None or g.frag is None:
        return None
    here = st.pos[i]
    if order != grenades.RIFLE and distance(st, here, aim) > grenades.REACH:
        aim = grenades.short_of(st, here, aim, grenades.REACH)
    penalty = 0 if st.ground.sight.sees(here, aim) else explosives.UNSEEN_PENALTY
    on_target = checks.at_or_under(explosives.SCATTER_AT - 1 - penalty)
    board = st.sc.board
    landings = [(aim, on_target)]
    for d in range(1, 7):
        h = board.index.get(st.sc.compass.step(board.hexes[aim], d), -1)
        if h >= 0:
            landings.append((h, (1 - on_target) / 6))
    tq = tq_now(st, i)
    hit: dict[int, float] = {}
    enemy_hit = friend_hit = 0.0
    for land, p_land in landings:
        spared = {True: 1.0, False: 1.0}  # (enemy?) -> chance nobody of that side is hit
        for o in st.soldiers:
            t = o.index
            if st.pos[t] != land or not st.alive(t):
                continue
            modifier = shelter(st, t)
            near = checks.odds_against(
                s.grenade_ws + grenades.near_modifier(st, i, t, not penalty), tq
            )
            q = near * dented(g.damage[0], g.frag[0] + modifier) + (1 - near) * dented(
                g.damage[1], g.frag[1] + modifier
            )
            hit[t] = hit.get(t, 0.0) + p_land * q
            spared[o.side != s.side] *= 1 - q
        enemy_hit += p_land * (1 - spared[True])
        friend_hit += p_land * (1 - spared[False])
    return ThrowOdds(aim, on_target, hit, enemy_hit, friend_hit)


def dented(dice: int, need: int) -> float:
    """Chance of at least one of ``dice`` d10 at or under ``need``."""
    return 1 - (1 - checks.at_or_under(need)) ** dice


def describe(st: CombatState, i: int, aim: int, odds: ThrowOdds) -> str:
    side = st.soldiers[i].side
    foes = [t for t in odds.hit if st.soldiers[t].side != side]
    friends = [t for t in odds.hit if st.soldiers[t].side == side and odds.hit[t] >= 0.005]
    chance = percent(odds.on_target)
    text: str = say("lands on target {chance}", chance=chance)
    if odds.aim != aim:
        where = st.sc.board.labels[odds.aim]
        text = say("out of reach: falls short on {hex} ({chance})", hex=where, chance=chance)
    if foes:
        text = say("{odds}; hit: {men}", odds=text, men=men_at(st, foes, odds))
    if friends:
        text = say("{odds}; own men at risk: {men}", odds=text, men=men_at(st, friends, odds))
    return text


def men_at(st: CombatState, men: list[int], odds: ThrowOdds) -> str:
    """Each man the blast may hit with his chance: "Pvt Smith 40%"."""
    return listing(
        [say("{unit} {chance}", unit=label(st, t), chance=percent(odds.hit[t])) for t in men]
    )
