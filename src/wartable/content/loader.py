"""Read a YAML content file, resolve the provenance of every value, validate with pydantic.

Provenance rules, so that a player can enter official data in the same format:

* a mapping may say ``provenance: rulebook | published | house``; it applies to every value
  below it unless overridden further down (a file usually says it once at the top);
* a single value may be written ``{value: X, provenance: house, note: "why"}``;
* ``note`` keys are free text for people and are dropped before validation.

Every problem is collected and reported at once, each as ``file: field: reason``.

Reading is strict, so a mistake is refused rather than guessed at: a key written twice, an
alias (``*name``), a date or other YAML type that is not plain data, a number of absurd length,
text that is not UTF-8, and a value of the wrong type (``cover: '3'`` is text, not a number:
pydantic validates in strict mode) are all problems with their file and field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from wartable.core.errors import ContentError, quote

PROVENANCES = ("rulebook", "published", "house")
_RESERVED = {"provenance", "note"}
_TAG = "tag:yaml.org,2002:"
PLAIN_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}
NUMBER_DIGITS = 30  # no value of any game needs a longer number; a longer one is a mistake

M = TypeVar("M", bound=BaseModel)

FieldPath = tuple[str | int, ...]


def dotted(path: FieldPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


@dataclass
class Loaded(Generic[M]):
    """A validated document (its model) with the provenance of each leaf value."""

    source: str
    model: M
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


# libyaml's parser where PyYAML was built with it (ten times faster to start a game), the pure
# Python one otherwise; the nodes are composed here either way (see ``_compose``)
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_DEPTH = 64  # content nests a handful of levels; deeper is a mistake, or an attack


class _TooDeep(Exception):
    pass


def _compose(loader: Any) -> yaml.Node | None:
    """The one document's node tree, built from the parser's events with a stack, not by
    recursion: the composers PyYAML ships recurse once a level (libyaml's with no limit at
    all), and a file of nested brackets must get an answer, not crash the process. Aliases
    are refused: content is plain data, and an alias could make a small file expand into a
    huge one."""
    loader.get_event()  # the stream starts
    if loader.check_event(yaml.StreamEndEvent):
        return None
    loader.get_event()  # the document starts
    root: yaml.Node | None = None
    open_: list[yaml.Node] = []
    keys: list[yaml.Node | None] = []
    while True:
        event = loader.get_event()
        start: Any = event.start_mark  # libyaml's marks or PyYAML's: the same fields
        end: Any = event.end_mark
        if isinstance(event, yaml.DocumentEndEvent):
            break
        if isinstance(event, yaml.AliasEvent):
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in content files", start
            )
        node: yaml.Node
        if isinstance(event, yaml.ScalarEvent):
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            node = yaml.ScalarNode(tag, event.value, start, end, style=event.style)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            if len(open_) >= MAX_DEPTH:
                raise _TooDeep
            kind = (
                yaml.SequenceNode
                if isinstance(event, yaml.SequenceStartEvent)
                else yaml.MappingNode
            )
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(kind, None, event.implicit)
            open_.append(kind(tag, [], start, None, flow_style=event.flow_style))
            keys.append(None)
            continue
        else:  # a sequence or a mapping ends
            node = open_.pop()
            keys.pop()
            node.end_mark = end
        if not open_:
            root = node
        elif isinstance(open_[-1], yaml.SequenceNode):
            open_[-1].value.append(node)
        elif keys[-1] is None:
            keys[-1] = node
        else:
            open_[-1].value.append((keys[-1], node))
            keys[-1] = None
    if not loader.check_event(yaml.StreamEndEvent):
        another: Any = loader.get_event().start_mark
        raise yaml.composer.ComposerError(
            "expected a single document in the stream", None, "but found another document", another
        )
    return root


def _scan(node: yaml.Node, path: FieldPath, source: str, problems: list[str]) -> None:
    """Problems YAML itself lets through: keys written twice, types that are not plain data,
    numbers of absurd length (Python refuses to read one of over 4300 digits)."""
    where = f"{source}: {dotted(path)}"
    if node.tag not in PLAIN_TAGS:
        kind = node.tag.removeprefix(_TAG)
        problems.append(f"{where}: a YAML {kind} is not plain data (put text in quotes)")
        return
    if isinstance(node, yaml.ScalarNode):
        if node.tag in (_TAG + "int", _TAG + "float") and len(node.value) > NUMBER_DIGITS:
            problems.append(f"{where}: a number of {len(node.value)} characters is out of range")
        return
    if isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _scan(item, (*path, i), source, problems)
        return
    first: dict[tuple[str, str], int] = {}
    for key, value in node.value:
        if not isinstance(key, yaml.ScalarNode):
            problems.append(f"{where}: a key must be a name, not a list or a map")
            continue
        here = (*path, str(key.value))
        line, ident = key.start_mark.line + 1, (key.tag, key.value)
        if ident in first:
            problems.append(
                f"{source}: {dotted(here)}: written twice (lines {first[ident]} and {line}); "
                "a key may appear once"
            )
        first.setdefault(ident, line)
        _scan(key, here, source, problems)
        _scan(value, here, source, problems)


def _parse(path: Path, source: str) -> tuple[Any, list[str]]:
    """The plain data of one YAML file, or the problems that stop it being read."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return None, [f"{source}: cannot read file: {exc.strerror or exc}"]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = raw[exc.start]
        return None, [
            f"{source}: not UTF-8 text (byte 0x{byte:02x} at offset {exc.start}); "
            "save the file as UTF-8"
        ]
    loader = _Loader(text)
    try:
        node = _compose(loader)
        problems: list[str] = []
        if node is not None:
            _scan(node, (), source, problems)
        if problems:
            return None, problems
        return (loader.construct_document(node) if node is not None else None), []
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" (line {where.line + 1}, column {where.column + 1})" if where else ""
        why = getattr(exc, "problem", None) or exc
        return None, [f"{source}: not valid YAML{at}: {why}"]
    except (RecursionError, _TooDeep):
        return None, [f"{source}: (top level): nested too deeply to be content"]
    finally:
        loader.dispose()


def load_document(path: Path) -> tuple[Any, dict[str, str], list[str]]:
    """Parse YAML and resolve provenance; returns (plain data, provenance index, problems)."""
    source = str(path)
    raw, problems = _parse(path, source)
    if problems:
        return None, {}, problems
    if not isinstance(raw, dict):
        return None, {}, [f"{source}: (top level): expected a mapping of fields"]
    index: dict[str, str] = {}
    data = _resolve(raw, (), None, index, problems, source)
    return data, index, problems


DATA_ENV = "WARTABLE_DATA"  # a folder of the player's own content, one subfolder a game


def data_folder(game: str, packaged: Path) -> Path:
    """Where ``game`` reads its content: ``$WARTABLE_DATA/GAME`` where the player keeps a
    copy of that game's folder (corrected to the box they own), else the data shipped in
    the game's package. A game the player has no copy of keeps its own data, so one game
    can be corrected alone; a WARTABLE_DATA that is no folder is refused, not ignored."""
    root = os.environ.get(DATA_ENV)
    if not root:
        return packaged
    base = Path(root).expanduser()
    if not base.is_dir():
        raise ContentError([f"{DATA_ENV}={root}: no such folder"])
    mine = base / game
    return mine if mine.is_dir() else packaged


def content_files(folder: Path, what: str) -> list[Path]:
    """The YAML files of a content folder, in name order. None at all is a ContentError: a
    game without scenarios cannot start, and an empty listing would only hide the mistake."""
    paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not paths:
        missing = "" if folder.is_dir() else " (the folder is missing)"
        raise ContentError([f"{folder}: (folder): no {what} files (*.yaml){missing}"])
    return paths


def repeated_ids(found: Iterable[tuple[str, str]], what: str) -> list[str]:
    """Problems for ids that more than one file gives, from ``(file, id)`` pairs: a second
    scenario with the same id would otherwise replace the first without a word."""
    first: dict[str, str] = {}
    problems = []
    for source, ident in found:
        if ident in first:
            problems.append(f"{source}: id: {what} {quote(ident)} is also the id in {first[ident]}")
        else:
            first[ident] = source
    return problems


def validate(
    path: Path,
    model: type[M],
    check: Callable[[M], list[tuple[str, str]]] | None = None,
) -> Loaded[M]:
    """Load ``path`` into ``model``; raise ContentError listing every problem at once.

    ``check`` adds cross-field checks as ``(field, reason)`` pairs once the shape is valid.
    """
    data, index, problems = load_document(path)
    source = str(path)
    parsed: M | None = None
    if data is not None:
        try:  # strict, as JSON: a list may fill a tuple, but '3' is never a number
            parsed = model.model_validate_json(json.dumps(data), strict=True)
        except ValidationError as exc:
            for err in exc.errors():
                loc = dotted(tuple(err["loc"]))
                problems.append(f"{source}: {loc}: {err['msg']}")
    if parsed is not None and check is not None:
        problems.extend(f"{source}: {fld}: {why}" for fld, why in check(parsed))
    if problems or parsed is None:  # no model without a problem said about it
        raise ContentError(problems)
    return Loaded(source, parsed, index)
