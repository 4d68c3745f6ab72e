"""Campaign rosters in the store: a player's squad kept between battles (tables ``rosters``
and ``soldiers``, in ``store.SCHEMA``).

Each function returns an ``Op`` run by ``Store.run`` or ``Store.batch``, so one battle's
result is written in one transaction or not at all. The store knows nothing of any game's
rules: a game that has campaigns (``Game.campaign()``) says what a new roster holds, how to
field it and who a battle left standing; here, a soldier is an id, a unit type, a name and
the missions he has survived.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from wartable.core.campaign import Fielded, Soldier
from wartable.core.errors import WartableError, quote
from wartable.core.words import say
from wartable.server.store import Op, Tx

NAME_LIMIT = 60  # characters of a soldier's name
ROSTER_NAME = re.compile(r"\w[\w .'-]{0,39}")  # also a file name: NAME.html
SOLDIER_ID = re.compile(r"s[0-9]+")  # "s1", "s2"... in the order soldiers joined
T = TypeVar("T")
log = logging.getLogger("wartable.server")


class RosterError(WartableError):
    """An unknown roster or soldier, a roster name taken, a name no soldier may have."""


@dataclass(frozen=True, slots=True)
class Roster:
    name: str
    game: str
    nation: str
    created: float
    soldiers: list[Soldier] = field(default_factory=list)  # in the order they joined


@dataclass(frozen=True, slots=True)
class Battle:
    """What recording a battle changed: survivors with one more mission (before, after),
    the fallen who left the roster, and the newcomers who joined it."""

    survived: list[tuple[Soldier, Soldier]]
    fallen: list[Soldier]
    joined: list[Soldier]


def check_roster_name(name: str) -> str:
    if not ROSTER_NAME.fullmatch(name):
        raise RosterError(
            say(
                "a roster's name is 1 to 40 letters, digits, spaces or . ' - _ "
                "starting with a letter or digit, not {name}",
                name=quote(name),
            )
        )
    return name


def check_soldier_name(name: str) -> str:
    name = name.strip()
    if not (0 < len(name) <= NAME_LIMIT and name.isprintable()):
        raise RosterError(
            say(
                "a soldier's name is printable text of 1 to {limit} characters, not {name}",
                limit=NAME_LIMIT,
                name=quote(name),
            )
        )
    if SOLDIER_ID.fullmatch(name):
        raise RosterError(
            say("{name} reads as a soldier's id; choose another name", name=quote(name))
        )
    return name


def _order(soldier_id: str) -> tuple[int, str]:
    return (len(soldier_id), soldier_id)  # s2 before s10


def _soldiers(tx: Tx, roster: str) -> list[Soldier]:
    rows = tx.run(
        "SELECT id, type, name, missions FROM soldiers WHERE roster = ?", (roster,)
    ).fetchall()
    found = [Soldier(str(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in rows]
    return sorted(found, key=lambda s: _order(s.id))


def _head(tx: Tx, name: str) -> tuple[str, str, float]:
    row = tx.run("SELECT game, nation, created FROM rosters WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise RosterError(say("no roster called {name} (wartable campaign list)", name=quote(name)))
    return str(row[0]), str(row[1]), float(row[2])


def create_roster(
    name: str, game: str, nation: str, recruits: Sequence[tuple[str, str]]
) -> Op[Roster]:
    """A new roster of ``game`` holding ``recruits`` (unit type, name), each with no
    mission, their ids ``s1``, ``s2``... in that order. A name already taken is refused."""
    check_roster_name(name)
    nation = nation.strip()
    if len(nation) > NAME_LIMIT or not nation.isprintable():
        raise RosterError(
            say(
                "a nation is printable text of at most {limit} characters, not {nation}",
                limit=NAME_LIMIT,
                nation=quote(nation),
            )
        )

    def op(tx: Tx) -> Roster:
        created = time.time()
        try:
            tx.run("INSERT INTO rosters VALUES (?, ?, ?, ?)", (name, game, nation, created))
        except Exception as exc:
            if tx.is_conflict(exc):
                raise RosterError(
                    say("there is a roster called {name} already", name=quote(name))
                ) from None
            raise
        soldiers = [Soldier(f"s{n}", t, who, 0) for n, (t, who) in enumerate(recruits, 1)]
        for s in soldiers:
            tx.run("INSERT INTO soldiers VALUES (?, ?, ?, ?, ?)", (name, s.id, s.type, s.name, 0))
        return Roster(name, game, nation, created, soldiers)

    return op


def list_rosters() -> Op[list[Roster]]:
    """Every roster with its soldiers, oldest first."""

    def op(tx: Tx) -> list[Roster]:
        rows = tx.run("SELECT name, game, nation, created FROM rosters ORDER BY created").fetchall()
        return [
            Roster(str(r[0]), str(r[1]), str(r[2]), float(r[3]), _soldiers(tx, str(r[0])))
            for r in rows
        ]

    return op


def load_roster(name: str) -> Op[Roster]:
    """The roster ``name`` with its soldiers, or a RosterError."""

    def op(tx: Tx) -> Roster:
        game, nation, created = _head(tx, name)
        return Roster(name, game, nation, created, _soldiers(tx, name))

    return op


def rename_soldier(roster: str, soldier: str, new_name: str) -> Op[tuple[Soldier, Soldier]]:
    """Give the soldier whose id, else whose name, is ``soldier`` the name ``new_name``; no
    two soldiers of a roster share a name. Returns him before and after."""
    new_name = check_soldier_name(new_name)

    def op(tx: Tx) -> tuple[Soldier, Soldier]:
        _head(tx, roster)
        everyone = _soldiers(tx, roster)
        found = [s for s in everyone if s.id == soldier] or [
            s for s in everyone if s.name == soldier
        ]
        if not found:
            raise RosterError(
                say(
                    "roster {roster} has no soldier {soldier}",
                    roster=quote(roster),
                    soldier=quote(soldier),
                )
            )
        if len(found) > 1:
            ids = ", ".join(s.id for s in found)
            raise RosterError(
                say(
                    "several soldiers are called {name}; say which: {ids}",
                    name=quote(soldier),
                    ids=ids,
                )
            )
        old = found[0]
        if any(s.name == new_name and s.id != old.id for s in everyone):
            raise RosterError(
                say(
                    "another soldier of {roster} is called {name}",
                    roster=quote(roster),
                    name=quote(new_name),
                )
            )
        tx.run(
            "UPDATE soldiers SET name = ? WHERE roster = ? AND id = ?", (new_name, roster, old.id)
        )
        return old, Soldier(old.id, old.type, new_name, old.missions)

    return op


def record_battle(roster: str, fielded: Sequence[Fielded]) -> Op[Battle]:
    """A finished battle's result, all of it in the one transaction the op runs in: each of
    the roster's soldiers who survived counts one more mission, won, lost or drawn (not on
    a side that resigned: ``Fielded.mission``); each who
    fell leaves the roster; each unit from no roster that survived (a recruit filling a gap,
    a unit a card brought) joins it under its battle name, its missions counting this one.
    A soldier no longer in the roster (recorded by another battle meanwhile) is passed over."""

    def op(tx: Tx) -> Battle:
        _head(tx, roster)
        before = {s.id: s for s in _soldiers(tx, roster)}
        survived, fallen, joined = [], [], []
        for f in fielded:
            if f.id and f.alive and f.mission and f.id in before:
                old = before[f.id]
                tx.run(
                    "UPDATE soldiers SET missions = missions + 1 WHERE roster = ? AND id = ?",
                    (roster, f.id),
                )
                survived.append((old, Soldier(old.id, old.type, old.name, old.missions + 1)))
        for f in fielded:
            if f.id and not f.alive and f.id in before:
                tx.run("DELETE FROM soldiers WHERE roster = ? AND id = ?", (roster, f.id))
                fallen.append(before[f.id])
        n = max((int(i[1:]) for i in before if SOLDIER_ID.fullmatch(i)), default=0)
        for f in fielded:
            if not f.id and f.alive:
                n += 1
                new = Soldier(f"s{n}", f.type, f.name, f.missions + f.mission)
                tx.run(
                    "INSERT INTO soldiers VALUES (?, ?, ?, ?, ?)",
                    (roster, new.id, new.type, new.name, new.missions),
                )
                joined.append(new)
        return Battle(survived, fallen, joined)

    return op


def squads_of(fielding: Mapping[str, str], game: str) -> Op[dict[str, list[Soldier]]]:
    """The soldiers of the roster each seat of ``fielding`` (seat -> roster) takes into a
    battle of ``game``: an unknown roster, a roster of another game or one roster for two
    seats is refused."""

    def op(tx: Tx) -> dict[str, list[Soldier]]:
        out: dict[str, list[Soldier]] = {}
        taken: dict[str, str] = {}
        for seat, name in fielding.items():
            if name in taken:
                raise RosterError(
                    say(
                        "roster {roster} fields {seat} already: one seat",
                        roster=quote(name),
                        seat=taken[name],
                    )
                )
            taken[name] = seat
            owner = _head(tx, name)[0]
            if owner != game:
                raise RosterError(
                    say(
                        "{roster} is a roster of {owner}, not of {game}",
                        roster=quote(name),
                        owner=owner,
                        game=game,
                    )
                )
            out[seat] = _soldiers(tx, name)
        return out

    return op


def with_battles(last: Op[T], battles: Sequence[tuple[str, Sequence[Fielded]]]) -> Op[T]:
    """A battle's last action and each fielded roster's result (``record_battle``) in one
    transaction: a server stopped before it commits has stored neither, and the battle
    resumes at that action. A roster gone meanwhile is passed over, not the action."""

    def op(tx: Tx) -> T:
        out = last(tx)
        for roster, fielded in battles:
            try:
                record_battle(roster, fielded)(tx)
            except RosterError as exc:  # raised before it wrote anything
                log.warning("a battle was not recorded: %s", exc)
        return out

    return op
