"""The message catalogs: a ``.po`` file per language beside each package that speaks (the
shared one in ``wartable/locale``, each game's in its own ``locale`` folder), read with Babel
and compiled in memory into the standard library's gettext translations."""

from __future__ import annotations

import gettext
import itertools
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

SHARED = Path(__file__).resolve().parents[1] / "locale"
GAMES = Path(__file__).resolve().parents[1] / "games"
SOURCE = "en"  # the language the code is written in: its catalog is the code itself
LANGUAGES = ("en", "es", "de")


def folders(game: str | None) -> list[Path]:
    """Where a text may be found, the most particular first: the game's catalogs, then the
    shared ones."""
    return ([GAMES / game / "locale"] if game else []) + [SHARED]


def _known(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"no catalog for {language!r}: choose one of {', '.join(LANGUAGES)}")


@cache
def _catalog(path: Path) -> Catalog | None:
    """A ``.po`` file read once (Babel), or None where there is none."""
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, abort_invalid=True)


@cache
def _mo(path: Path) -> bytes | None:
    """A ``.po`` file compiled, for the standard library's gettext."""
    catalog = _catalog(path)
    if catalog is None:
        return None
    out = BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


@cache
def translations(language: str, game: str | None = None) -> gettext.NullTranslations:
    """The translations of ``language`` for ``game``'s texts, falling back on the shared
    ones (English: the texts as the code says them)."""
    _known(language)
    chain = [
        gettext.GNUTranslations(BytesIO(mo))
        for folder in folders(game)
        if (mo := _mo(folder / f"{language}.po")) is not None
    ]
    if language == SOURCE or not chain:
        return gettext.NullTranslations()
    for outer, inner in itertools.pairwise(chain):
        outer.add_fallback(inner)
    return chain[0]


@cache
def _table(path: Path) -> dict[str, str]:
    catalog = _catalog(path)
    if catalog is None:
        return {}
    return {
        m.id: m.string
        for m in catalog
        if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string and not m.fuzzy
    }


def messages(language: str, game: str | None = None) -> dict[str, str]:
    """Every translated message of ``language`` for ``game`` and the shared texts, by its
    English (a game's own first): what the page says its words with (``/api/words``)."""
    _known(language)
    out: dict[str, str] = {}
    for folder in reversed(folders(game)):
        out.update(_table(folder / f"{language}.po"))
    return out
