"""Save files: a game record plus who sits in each seat. Bad files give clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wartable.core.errors import RecordError

SAVE_FORMAT = "wartable-save"


def write(path: Path, record: dict[str, Any], seats: dict[str, str]) -> None:
    data = {"format": SAVE_FORMAT, "seats": seats, "record": record}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
    tmp.replace(path)  # never leave a half-written save behind


def read(path: Path) -> tuple[dict[str, Any], dict[str, str] | None]:
    """(record, seats) from a save file, or (record, None) from a bare record file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read it ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"{path}: not a wartable save (invalid JSON at line {exc.lineno})"
        ) from None
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        seats = data.get("seats")
        record = data.get("record")
        if not isinstance(seats, dict) or not isinstance(record, dict):
            raise RecordError(f"{path}: damaged save (missing seats or record)")
        return record, {str(k): str(v) for k, v in seats.items()}
    if isinstance(data, dict) and data.get("format") == "wartable-record":
        return data, None
    raise RecordError(f"{path}: not a wartable save or record file")
