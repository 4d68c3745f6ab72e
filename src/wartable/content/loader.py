"""Read a YAML content file, resolve the provenance of every value, validate with pydantic.

Provenance rules, so that a player can enter official data in the same format:

* a mapping may say ``provenance: rulebook | published | house``; it applies to every value
  below it unless overridden further down (a file usually says it once at the top);
* a single value may be written ``{value: X, provenance: house, note: "why"}``;
* ``note`` keys are free text for people and are dropped before validation.

Every problem is collected and reported at once, each as ``file: field: reason``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from wartable.core.errors import ContentError

PROVENANCES = ("rulebook", "published", "house")
_RESERVED = {"provenance", "note"}

M = TypeVar("M", bound=BaseModel)

FieldPath = tuple[str | int, ...]


def dotted(path: FieldPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


@dataclass
class Loaded:
    """A validated document with the provenance of each leaf value."""

    source: str
    model: Any
    provenance: dict[str, str] = field(default_factory=dict)

    def provenance_of(self, path: str) -> str:
        """The provenance of a value, by dotted path (falls back to the closest parent)."""
        probe = path
        while probe:
            if probe in self.provenance:
                return self.provenance[probe]
            cut = max(probe.rfind("."), probe.rfind("["))
            probe = probe[:cut] if cut > 0 else ""
        return self.provenance.get("(top level)", "house")


def _resolve(
    node: Any,
    path: FieldPath,
    inherited: str | None,
    index: dict[str, str],
    problems: list[str],
    source: str,
) -> Any:
    if isinstance(node, dict):
        keys = set(node)
        if "value" in keys and "provenance" in keys and keys <= {"value", "provenance", "note"}:
            prov = node["provenance"]
            if prov not in PROVENANCES:
                problems.append(
                    f"{source}: {dotted(path)}.provenance: {prov!r} is not one of "
                    f"{', '.join(PROVENANCES)}"
                )
                prov = inherited
            return _resolve(node["value"], path, prov, index, problems, source)
        own = inherited
        if "provenance" in node:
            own = node["provenance"]
            if own not in PROVENANCES:
                problems.append(
                    f"{source}: {dotted((*path, 'provenance'))}: {own!r} is not one of "
                    f"{', '.join(PROVENANCES)}"
                )
                own = inherited
        return {
            k: _resolve(v, (*path, str(k)), own, index, problems, source)
            for k, v in node.items()
            if k not in _RESERVED
        }
    if isinstance(node, list):
        if inherited is not None:
            index[dotted(path)] = inherited
        return [
            _resolve(v, (*path, i), inherited, index, problems, source) for i, v in enumerate(node)
        ]
    if inherited is None:
        problems.append(f"{source}: {dotted(path)}: no provenance (set 'provenance' above it)")
    else:
        index[dotted(path)] = inherited
    return node


def load_document(path: Path) -> tuple[Any, dict[str, str], list[str]]:
    """Parse YAML and resolve provenance; returns (plain data, provenance index, problems)."""
    source = str(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return None, {}, [f"{source}: cannot read file: {exc.strerror or exc}"]
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" (line {where.line + 1}, column {where.column + 1})" if where else ""
        return None, {}, [f"{source}: not valid YAML{at}: {getattr(exc, 'problem', exc)}"]
    if not isinstance(raw, dict):
        return None, {}, [f"{source}: (top level): expected a mapping of fields"]
    problems: list[str] = []
    index: dict[str, str] = {}
    data = _resolve(raw, (), None, index, problems, source)
    return data, index, problems


def validate(
    path: Path,
    model: type[M],
    check: Callable[[M], list[tuple[str, str]]] | None = None,
) -> Loaded:
    """Load ``path`` into ``model``; raise ContentError listing every problem at once.

    ``check`` adds cross-field checks as ``(field, reason)`` pairs once the shape is valid.
    """
    data, index, problems = load_document(path)
    source = str(path)
    parsed: M | None = None
    if data is not None:
        try:
            parsed = model.model_validate(data)
        except ValidationError as exc:
            for err in exc.errors():
                loc = dotted(tuple(err["loc"]))
                problems.append(f"{source}: {loc}: {err['msg']}")
    if parsed is not None and check is not None:
        problems.extend(f"{source}: {fld}: {why}" for fld, why in check(parsed))
    if problems:
        raise ContentError(problems)
    return Loaded(source, parsed, index)
