"""The campaign (DH-46 to DH-50): a player's squad lives on between battles as a roster.

The game knows a roster only through the option ``squads``, the soldiers each seat brings
(JSON: ``{"SEAT": [[ID, TYPE, NAME, MISSIONS], ...]}``); the roster itself is kept by the
interface (``wartable campaign``, the server's store). A seat's starting units of each type
are its first soldiers of that type, in order; the others wait on the seat's bench until a
unit card brings their type (``DiaDeHonorState.call_up``). A gap is filled by a new recruit,
a private with no mission (DH-46). Ranks follow missions (DH-48, DH-49: ``Library.rank``)
and change only between battles, since a unit's missions are fixed for the whole battle.
At the end, every unit of a seat that survived counts one more mission, won, lost or drawn
(DH-47); the dead leave the roster (DH-50): ``survivors`` says who is who.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from wartable.core.campaign import Campaign, Fielded, RankInfo, Soldier
from wartable.core.errors import ArgumentError, quote
from wartable.core.game import OptionValue
from wartable.core.state import GameState
from wartable.games.diadehonor.content import Library, type_title
from wartable.games.diadehonor.model import LIVING, Benched
from wartable.games.diadehonor.state import DiaDeHonorState

OPTION = "squads"
ID_LIMIT = 40  # characters of a roster id
NAME_LIMIT = 60  # characters of a soldier's name
SHAPE = '{"SEAT": [[ID, TYPE, NAME, MISSIONS], ...]}'


def _bad(reason: str) -> ArgumentError:
    return ArgumentError(f"option {OPTION}: {reason}")


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    twice = next((k for k in keys if keys.count(k) > 1), None)
    if twice is not None:
        raise _bad(f"{quote(twice)} is given twice")
    return dict(pairs)


def parse_squads(text: str, lib: Library, players: Sequence[str]) -> dict[int, tuple[Benched, ...]]:
    """The soldiers each seat brings, by seat index, from the option's text ("": none). An
    ArgumentError names the option and what is wrong: text that is not JSON, a seat not in
    the line-up, a soldier not written ``[ID, TYPE, NAME, MISSIONS]``, an id given twice, a
    unit type the game does not have, a name that is empty, too long or not printable, or
    missions that are not a whole number from 0."""
    if not text:
        return {}
    try:
        data = json.loads(text, object_pairs_hook=_no_twice)
    except ArgumentError:  # a key given twice
        raise
    except json.JSONDecodeError as exc:
        raise _bad(f"not JSON ({exc.msg}, at character {exc.pos})") from None
    except (ValueError, RecursionError):  # a number too long to read, nesting too deep
        raise _bad("not JSON this game can read") from None
    if not isinstance(data, dict):
        raise _bad(f"wants an object of seats, {SHAPE}, not {quote(data)}")
    out: dict[int, tuple[Benched, ...]] = {}
    for seat, soldiers in data.items():
        if seat not in players:
            raise _bad(f"{quote(seat)} is not a seat of this line-up ({', '.join(players)})")
        if not isinstance(soldiers, list):
            raise _bad(f"{seat} wants a list of soldiers [ID, TYPE, NAME, MISSIONS]")
        ids: set[str] = set()
        row: list[Benched] = []
        for n, soldier in enumerate(soldiers, 1):
            where = f"{seat}, soldier {n}"
            if not (isinstance(soldier, list) and len(soldier) == 4):
                raise _bad(f"{where}: wants [ID, TYPE, NAME, MISSIONS], not {quote(soldier)}")
            roster, type_, name, missions = soldier
            if not (isinstance(roster, str) and 0 < len(roster) <= ID_LIMIT):
                raise _bad(f"{where}: the id is text of 1 to {ID_LIMIT} characters")
            if roster in ids:
                raise _bad(f"{where}: the id {quote(roster)} is given twice")
            if not isinstance(type_, str) or type_ not in lib.units:
                raise _bad(
                    f"{where}: unknown unit type {quote(type_)}; types: {', '.join(lib.units)}"
                )
            if not (
                isinstance(name, str)
                and name.strip()
                and len(name) <= NAME_LIMIT
                and name.isprintable()
            ):
                raise _bad(f"{where}: the name is printable text of 1 to {NAME_LIMIT} characters")
            if not isinstance(missions, int) or isinstance(missions, bool) or missions < 0:
                raise _bad(f"{where}: missions is a whole number from 0, not {quote(missions)}")
            ids.add(roster)
            row.append((roster, type_, name, missions))
        out[players.index(seat)] = tuple(row)
    return out


def survivors(st: DiaDeHonorState, seat: int) -> list[Fielded]:
    """Every unit ``seat`` fielded, in the order it joined the battle, with whether it is
    alive (DH-47, DH-50): a dead soldier or a wreck is dead; a sabotaged tank still stands.
    A side that resigned survived no mission (a ruling): its dead are dead all the same."""
    out = st.outcome
    gave_up = out is not None and out.conceded != "" and st.team_of(out.conceded) == st.sides[seat]
    return [
        Fielded(u.roster, u.type, u.name, u.missions, st.status[u.index] in LIVING, not gave_up)
        for u in st.units
        if u.seat == seat
    ]


class Roster(Campaign):
    """Día de Honor's campaign as an interface that keeps rosters sees it."""

    def __init__(self, lib: Library) -> None:
        self.lib = lib

    def recruits(self) -> list[tuple[str, str]]:
        """The starting squad (Q2), every soldier a private with no mission (DH-46)."""
        return [
            (type_, f"{type_title(type_)} {n}")
            for type_, sheet in self.lib.units.items()
            for n in range(1, sheet.start + 1)
        ]

    def type_title(self, type_: str) -> str:
        sheet = self.lib.units.get(type_)
        return sheet.title if sheet is not None else type_

    def rank(self, missions: int) -> RankInfo:
        rank = self.lib.rank(max(0, missions))
        return RankInfo(rank.title, rank.bonus)

    def options(self, squads: Mapping[str, Sequence[Soldier]]) -> dict[str, OptionValue]:
        rows = {
            seat: [[s.id, s.type, s.name, s.missions] for s in soldiers]
            for seat, soldiers in squads.items()
        }
        return {OPTION: json.dumps(rows, ensure_ascii=False)}

    def fielded(self, state: GameState, seat: str) -> list[Fielded]:
        if not isinstance(state, DiaDeHonorState):
            raise ArgumentError(f"not a battle of Día de Honor: {quote(state)}")
        return survivors(state, state.players.index(seat))
