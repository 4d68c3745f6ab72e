"""Keeping the catalogs: every message the code says is found (Babel's extractors read the
calls of ``say``, ``say_n`` and ``word``, the interfaces' ``t`` and ``tn``, and the page's
``t`` in its scripts), written to
each domain's template (``messages.pot``) and merged into each language's ``.po`` file; and
what is missing or wrong in them is listed (tools/catalogs.py; tests/i18n)."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from wartable.i18n.catalogs import GAMES, LANGUAGES, SHARED, SOURCE

PACKAGE = SHARED.parent
KEYWORDS = {"say": None, "say_n": (1, 2), "word": None, "t": None, "tn": (1, 2)}
# in the page's scripts only t: Babel reads a name before a template literal as a tagged call
PAGE_KEYWORDS = {"t": None}
# the fields of a lesson (a game's lessons/*.yaml, wartable.lessons) that a player reads
LESSON_TEXTS = ("title", "intro", "say", "wrong", "then", "battle")
# the fields of a game's content data (data/*.yaml) a player reads: titles (cards, units,
# boards, objectives, scenarios), what a card or an objective says (text, a card's effect),
# a scenario's summary, and the names of weapons (a weapon's or weapons' ``name``: other
# names, of people and places, are not translated)
DATA_TEXTS = ("title", "text", "effect", "summary")
ARMS = ("weapon", "weapons")
ID = re.compile(r"[a-z0-9_]+")  # an id in such a field (2GM's card effects): not words
GUIDE = "guide.yaml"  # a game's guide for players: every text in it but the board's symbols
GUIDE_KEEP = ("symbol", "provenance")
TEMPLATE = "messages.pot"
CLI = PACKAGE / "cli"  # the command line: its help is read from its commands' docstrings


@dataclass(frozen=True)
class Domain:
    """A package's texts and where their catalogs live."""

    name: str  # "wartable" for the shared texts, else the game's name
    sources: tuple[Path, ...]
    folder: Path

    def po(self, language: str) -> Path:
        return self.folder / f"{language}.po"


def domains() -> list[Domain]:
    """The shared texts (everything outside the games) and each game's."""
    games = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file())
    page = sorted((PACKAGE / "server" / "static").glob("*.js"))  # the page's t("...")
    shared = (*(p for p in sorted(PACKAGE.rglob("*.py")) if GAMES not in p.parents), *page)
    out = [Domain("wartable", shared, SHARED)]
    for g in games:
        lessons = sorted((g / "lessons").glob("*.yaml"))
        data = sorted((g / "data").rglob("*.yaml"))
        code = (*sorted(g.rglob("*.py")), *sorted(g.glob("*.js")))
        out.append(Domain(g.name, (*code, *lessons, *data), g / "locale"))
    return out


def extracted(domain: Domain) -> Catalog:
    """The template of a domain's messages, as the code says them now."""
    catalog = Catalog(
        domain=domain.name,
        project="wartable",
        copyright_holder="the wartable authors",
        fuzzy=False,
    )
    for path in domain.sources:
        where = str(path.relative_to(PACKAGE.parent))
        if path.suffix == ".yaml":
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            if path.name == GUIDE:
                texts: Iterator[str] = _all_texts(data)
            else:
                texts = _yaml_texts(
                    data, LESSON_TEXTS if path.parent.name == "lessons" else DATA_TEXTS
                )
            for text in texts:
                catalog.add(text, locations=[(where, 0)])  # no line: written without one
            continue
        page = path.suffix == ".js"  # the page says its words with t("...") alone
        for line, message, comments, context in extract_from_file(
            "javascript" if page else "python",
            path,
            keywords=PAGE_KEYWORDS if page else KEYWORDS,
            comment_tags=("i18n:",),
            strip_comment_tags=True,
            options={"parse_template_string": True} if page else None,
        ):
            catalog.add(message, locations=[(where, line)], auto_comments=comments, context=context)
        if path.parent == CLI:
            for line, text in _helps(path):
                catalog.add(text, locations=[(where, line)])
    return catalog


def _helps(path: Path) -> Iterator[tuple[int, str]]:
    """The command line's help (cli/helps.py says it in the language): each command's
    docstring (a function under ``@app.command`` or ``@app.callback``) and each literal
    ``help=`` text, as typer shows them."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and any(
            isinstance(d, ast.Call)
            and isinstance(d.func, ast.Attribute)
            and d.func.attr in ("command", "callback")
            for d in node.decorator_list
        ):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                yield node.lineno, doc
        elif isinstance(node, ast.Call):
            for k in node.keywords:
                if k.arg == "help" and isinstance(k.value, ast.Constant) and k.value.value:
                    yield node.lineno, str(k.value.value)


def _yaml_texts(data: object, fields: tuple[str, ...] = LESSON_TEXTS) -> Iterator[str]:
    """The texts a player reads in a YAML file's ``fields``, in the file's order."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in fields and isinstance(value, str) and value and not ID.fullmatch(value):
                yield value
            elif key in ARMS and fields == DATA_TEXTS:
                yield from _yaml_texts(value, (*fields, "name"))
            else:
                yield from _yaml_texts(value, fields)
    elif isinstance(data, list):
        for item in data:
            yield from _yaml_texts(item, fields)


def _all_texts(data: object) -> Iterator[str]:
    """Every text of a guide, in the file's order, but the board's symbols."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in GUIDE_KEEP:
                yield from _all_texts(value)
    elif isinstance(data, list):
        for item in data:
            yield from _all_texts(item)
    elif isinstance(data, str) and data:
        yield data


def read(path: Path) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f)


def ids(catalog: Catalog) -> set[object]:
    return {m.id for m in catalog if m.id}


def placeholders(text: str) -> set[str] | None:
    """The names a text's ``{placeholders}`` use; None where they are not well formed (a
    brace left open, a conversion or format that ``str.format`` refuses)."""
    try:
        names = {n for _, n, _, _ in string.Formatter().parse(text) if n is not None}
        text.format_map({n: 0 for n in names})  # a format spec that cannot be applied fails
    except (ValueError, KeyError, IndexError):
        return None
    return names


def problems(domain: Domain) -> Iterator[str]:
    """What keeps a domain's catalogs from being whole: a template behind the code, a
    language that lacks a message or says it with other placeholders."""
    found = extracted(domain)
    pot = read(domain.folder / TEMPLATE)
    if not ids(found):
        return
    if pot is None or ids(pot) != ids(found):
        yield (
            f"{domain.folder / TEMPLATE}: not the messages the code says "
            "(run python tools/catalogs.py --write)"
        )
    for language in LANGUAGES:
        if language == SOURCE:
            continue
        po = read(domain.po(language))
        if po is None:
            yield f"{domain.po(language)}: missing"
            continue
        for m in found:
            if m.id:
                yield from _check(domain.po(language), po.get(m.id, context=m.context), m, po)


def _check(path: Path, said: Message | None, wanted: Message, po: Catalog) -> Iterator[str]:
    key = wanted.id if isinstance(wanted.id, str) else wanted.id[0]
    if said is None:
        yield f"{path}: {key!r} is not in the catalog"
        return
    forms = [
        f or "" for f in (said.string if isinstance(said.string, (list, tuple)) else [said.string])
    ]
    if said.fuzzy or not all(forms):
        yield f"{path}: {key!r} is not translated" + (" (fuzzy: redo it)" if said.fuzzy else "")
        return
    if said.id != wanted.id:  # the plural form changed in the code: translate it again
        yield f"{path}: {key!r} is translated for another plural, {said.id!r}"
        return
    if any(placeholders(f) is None for f in forms):
        bad = next(f for f in forms if placeholders(f) is None)
        yield f"{path}: {key!r} is said with a malformed placeholder: {bad!r}"
        return
    if isinstance(wanted.id, str):
        if placeholders(forms[0]) != placeholders(wanted.id):
            yield f"{path}: {key!r} is said with other placeholders: {forms[0]!r}"
        return
    if len(forms) != po.num_plurals:
        yield f"{path}: {key!r} has {len(forms)} forms, not {po.num_plurals}"
    needed = (placeholders(wanted.id[1]) or set()) | (placeholders(wanted.id[0]) or set())
    for k, form in enumerate(forms):  # the first form (one) may leave the number out
        have = placeholders(form) or set()
        if have - needed or needed - ({"count"} if k == 0 else set()) - have:
            yield f"{path}: {key!r} is said with other placeholders: {form!r}"


def write(domain: Domain) -> list[Path]:
    """The template made again from the code and merged into each language's catalog (new
    messages left to translate, gone ones dropped); the files that changed."""
    found = extracted(domain)
    if not ids(found):
        return []
    changed: list[Path] = []
    domain.folder.mkdir(parents=True, exist_ok=True)
    changed += _save(domain.folder / TEMPLATE, found)
    for language in LANGUAGES:
        if language == SOURCE:
            continue
        po = read(domain.po(language)) or Catalog(
            locale=language,
            domain=domain.name,
            project="wartable",
            copyright_holder="the wartable authors",
            fuzzy=False,
        )
        was = {_key(m.id): m.id for m in po if m.id}
        po.update(found, update_header_comment=False, no_fuzzy_matching=True)
        po.obsolete.clear()  # what the code no longer says goes (the history keeps it)
        for m in po:  # a plural changed in the code: its old translation must be redone
            if m.id and was.get(_key(m.id), m.id) != m.id:
                m.flags.add("fuzzy")
        changed += _save(domain.po(language), po)
    return changed


def _key(msgid: object) -> object:
    return msgid[0] if isinstance(msgid, tuple) else msgid


def _save(path: Path, catalog: Catalog) -> list[Path]:
    out = BytesIO()
    write_po(out, catalog, sort_output=True, include_lineno=False, width=100)
    text = _steady(out.getvalue())
    if path.is_file() and _steady(path.read_bytes()) == text:
        return []
    path.write_bytes(text)
    return [path]


def _steady(po: bytes) -> bytes:
    """A catalog without the header lines that change at every write (its dates)."""
    return b"\n".join(
        line
        for line in po.split(b"\n")
        if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date'))
    )
