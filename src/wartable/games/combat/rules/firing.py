"""Direct fire in play (13.0): who may be targeted, the odds, the shots and their harm."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import say, say_n, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import US
from wartable.games.combat.rules import cards, checks, crew, fire, guards, hand, night
from wartable.games.combat.rules.common import (
    distance,
    face_down,
    foes_here,
    label,
    log,
    pick,
    posture,
    private_dice,
    sees,
    smoke_between,
    tq_now,
)
from wartable.games.combat.rules.deck import wound
from wartable.games.combat.rules.enemy_phase import alert_near
from wartable.games.combat.rules.harm import kill, morale_check, take_cover

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

REROLLED = word("a card re-rolls one die")  # notes on a burst (fire.Shots.notes)
EMPTIED = word("out of ammunition (the card in play)")
FIRED = word("a weapon fired within 10 hexes")  # why the Germans near are alerted (9.8)
HIT_NEAR = word("a soldier within 3 hexes was hit")


def targets(st: CombatState, i: int) -> list[int]:
    """Known enemies (for a friendly) or spotted friendlies (for an enemy) in sight and range;
    never a hex with a melee in it (15.0), nor prisoners (17.4)."""
    s = st.soldiers[i]
    weapon = st.sc.lib.weapons.weapons.get(s.weapon or "")
    if weapon is None or st.ammo[i] == fire.AMMO_NONE:
        return []
    out = []
    for t in st.soldiers:
        if t.side == s.side or not st.seen[t.index] or not st.alive(t.index):
            continue
        if fire.band_modifier(weapon, distance(st, st.pos[i], st.pos[t.index])) is None:
            continue
        aimed = st.order[i] == "aimed_fire"
        if s.side != US and not aimed and guards.guarding_enemy_prisoner(st, t.index):
            continue  # their own man is in that hex: only an aimed shot (17.4)
        if night.modifier(st, st.pos[i], st.pos[t.index]) is None:
            continue  # too dark to see him (21.0)
        if sees(st, i, t.index) and not foes_here(st, t.index):
            out.append(t.index)
    return out


def fire_chance(st: CombatState, i: int, t: int) -> fire.Chance | None:
    s = st.soldiers[i]
    lib = st.sc.lib
    weapon = lib.weapons.weapons[s.weapon or ""]
    situation = fire.Situation(
        ws=s.ws,
        firer_order=st.order[i],
        firer_morale=checks.LADDER[st.morale[i]],
        firer_wounds=st.wounds[i],
        target_terrain=st.ground.kind[st.pos[t]],
        target_order=posture(st, t),
        rng=distance(st, st.pos[i], st.pos[t]),
        smoke=smoke_between(st, st.pos[i], st.pos[t]),
        assistant=crew.assisted(st, i),
        card=cards.fire_modifier(st, i, t),
        night=night.modifier(st, st.pos[i], st.pos[t]) or 0,
    )
    return fire.chance(lib.charts, weapon, situation)


def attack(st: CombatState, i: int, t: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    chance = fire_chance(st, i, t)
    if chance is None:
        raise InvariantError("attack: no chance")
    weapon = st.sc.lib.weapons.weapons[s.weapon or ""]
    helped = crew.assisted(st, i)
    with private_dice(st, i):  # as many dice as his weapon fires
        shots = fire.shoot(st.rng, chance.ws, tq_now(st, i), weapon, st.ammo[i], assistant=helped)
    if not shots.hits and s.side == US and hand.spend(st, "reroll_shot", "reroll_any"):
        again = fire.shoot(st.rng, chance.ws, tq_now(st, i), weapon, shots.ammo, 1, helped)
        shots = dataclasses.replace(
            again,
            rolls=shots.rolls + again.rolls,
            notes=(*shots.notes, REROLLED, *again.notes),
        )
    full = st.ammo[i] == fire.AMMO_OK
    st.ammo[i] = shots.ammo
    if full and shots.ammo == fire.AMMO_LOW and cards.ammo_runs_out(st, i):
        st.ammo[i] = fire.AMMO_NONE  # the card: full straight to empty, and the log says so
        emptied = tuple(EMPTIED if n == fire.LOW else n for n in shots.notes)
        shots = dataclasses.replace(shots, notes=emptied)
    roll = {}
    unit, target = label(st, i), label(st, t)
    if face_down(st, i):  # his weapon, skill and dice would tell who he is: only the hits
        text = say_n(
            "{unit} fires at {target}: {count} hit(s)",
            "{unit} fires at {target}: {count} hit(s)",
            shots.hits,
            unit=unit,
            target=target,
        )
    else:
        result = checks.hits_word(shots.hits)
        roll = {"roll": checks.zero_rolls(shots.rolls, result, nine_fails=True)}
        text = say_n(
            "{unit} fires {weapon} at {target}: {odds}; rolls {rolls}: {count} hit(s)",
            "{unit} fires {weapon} at {target}: {odds}; rolls {rolls}: {count} hit(s)",
            shots.hits,
            unit=unit,
            weapon=weapon.name,
            target=target,
            odds=chance.text,
            rolls=" ".join(str(r.roll) for r in shots.rolls),
        )
        for note in shots.notes:
            text = say("{text}; {note}", text=text, note=note)
    log(ev, EventKind.FIRE, text, "13.0", **roll)
    alert_near(st, st.pos[i], 10, ev, FIRED)
    if shots.morale_up and not chance.mc_only:
        st.morale[i] = checks.shift(st.morale[i], 1)
    for _ in range(shots.hits):
        if not st.alive(t):
            break
        if s.side == US:
            alert_near(st, st.pos[t], 3, ev, HIT_NEAR)
        if chance.mc_only:
            morale_check(st, t, "MC", ev)
        elif s.side == US and hand.spend(st, "kill_outright"):
            target = label(st, t)
            text = say("a crack shot: {unit} is killed outright", unit=target)
            log(ev, EventKind.CARD, text, "5.1")
            kill(st, t, ev)
        else:
            wound(st, t, ev)
        if st.alive(t) and take_cover(st, t, ev):
            target = label(st, t)
            text = say("{unit} is hit and ducks back", unit=target)
            log(ev, EventKind.DUCK_BACK, text, "7.19, 10.13")


def pick_target(st: CombatState, i: int, options: list[int]) -> int:
    """The easiest target, then the nearest; ties at random (13.0)."""

    def key(t: int) -> tuple[int, int]:
        c = fire_chance(st, i, t)
        return (-(c.ws if c else -99), distance(st, st.pos[i], st.pos[t]))

    best = min(key(t) for t in options)
    tied = [t for t in options if key(t) == best]
    return pick(st, tied)
