"""Save files: a game record plus who sits in each seat. Bad files give clear errors.

The seats decide who may see what when a game goes on, so a save whose seats do not match its
game exactly is refused rather than guessed at: a seat left out would otherwise fall to the
person at the keyboard, who would then be shown that side's hand.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from wartable.agents.registry import agent_names, check_agent
from wartable.core.errors import RecordError, WartableError, quote, said_by
from wartable.core.game import Game
from wartable.core.words import say

SAVE_FORMAT = "wartable-save"
RECORD_FORMAT = "wartable-record"
HUMAN = "human"


def write(
    path: Path,
    record: dict[str, Any],
    seats: dict[str, str],
    campaign: dict[str, str] | None = None,
) -> None:
    """Write atomically; an OSError (no such folder, a directory, no space) or a ValueError
    (an impossible name) leaves the old file as it was and no ``.tmp`` behind. ``campaign``:
    the roster a seat fields and where it is kept, so a resumed battle is recorded too."""
    if path.is_dir():
        raise IsADirectoryError(21, "is a folder, not a file", str(path))
    data: dict[str, Any] = {"format": SAVE_FORMAT, "seats": seats, "record": record}
    if campaign:
        data["campaign"] = campaign
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        tmp.replace(path)  # never leave a half-written save behind
    except (OSError, ValueError):  # ValueError: a name no file may have (a NUL byte)
        with contextlib.suppress(OSError, ValueError):
            tmp.unlink(missing_ok=True)
        raise


def read(path: Path) -> tuple[dict[str, Any], dict[str, str] | None]:
    """(record, seats) from a save file, or (record, None) from a bare record file."""
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(say("{path}: no such file", path=where)) from None
    except IsADirectoryError:
        raise RecordError(say("{path}: is a folder, not a save file", path=where)) from None
    except UnicodeDecodeError:
        raise RecordError(say("{path}: not a wartable save (not UTF-8 text)", path=where)) from None
    except OSError as exc:
        raise RecordError(
            say("{path}: cannot read it ({reason})", path=where, reason=exc.strerror or str(exc))
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            say(
                "{path}: not a wartable save (invalid JSON at line {line})",
                path=where,
                line=exc.lineno,
            )
        ) from None
    except RecursionError:
        raise RecordError(
            say("{path}: not a wartable save (JSON nested too deeply)", path=where)
        ) from None
    except ValueError:  # an integer too long to read (Python's int_max_str_digits)
        raise RecordError(
            say("{path}: not a wartable save (a number in it is far too long)", path=where)
        ) from None
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        seats = data.get("seats")
        record = data.get("record")
        if not isinstance(seats, dict) or not isinstance(record, dict):
            raise RecordError(say("{path}: damaged save (missing seats or record)", path=where))
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in seats.items()):
            raise RecordError(
                say("{path}: damaged save (each seat must name who plays it)", path=where)
            )
        camp = data.get("campaign")
        if camp is not None and not (
            isinstance(camp, dict)
            and set(camp) == {"roster", "db", "seat"}
            and all(isinstance(v, str) for v in camp.values())
        ):
            raise RecordError(say("{path}: damaged save (its campaign entry)", path=where))
        return record, dict(seats)
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return data, None
    raise RecordError(say("{path}: not a wartable save or record file", path=where))


def check_seats(
    path: os.PathLike[str] | str, seats: dict[str, str], players: Iterable[str], game: Game
) -> None:
    """Every seat of the game taken exactly once, by a human or a known agent, one of them
    human: anything else is a damaged save (RecordError), never a guess."""
    players, where = tuple(players), os.fspath(path)
    missing = [p for p in players if p not in seats]
    if missing:
        raise RecordError(
            say(
                "{path}: damaged save (no one sits in seat {seats})",
                path=where,
                seats=", ".join(missing),
            )
        )
    extra = [quote(s) for s in seats if s not in players]
    if extra:
        raise RecordError(
            say(
                "{path}: damaged save (seat {seats} is not one of {players})",
                path=where,
                seats=", ".join(extra[:3]),
                players=", ".join(players),
            )
        )
    for seat, who in seats.items():
        if who == HUMAN:
            continue
        try:
            check_agent(game, who)
        except WartableError as exc:
            raise RecordError(
                say(
                    "{path}: damaged save (seat {seat} is played by {who}: {problem}; "
                    "choose {human} or one of: {agents})",
                    path=where,
                    seat=seat,
                    who=quote(who),
                    problem=said_by(exc),
                    human=HUMAN,
                    agents=", ".join(agent_names(game)),
                )
            ) from None
    if HUMAN not in seats.values():
        raise RecordError(say("{path}: damaged save (no seat is played by a human)", path=where))


def campaign_of(path: Path) -> dict[str, str] | None:
    """The campaign entry of a save read without error by ``read``: the roster a seat
    fields, where it is kept, and the seat."""
    data = json.loads(path.read_text(encoding="utf-8"))
    camp = data.get("campaign") if isinstance(data, dict) else None
    return dict(camp) if isinstance(camp, dict) else None
