"""Which language to speak: the one asked for (``--lang``, the page's selector), else the
environment's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them),
else the browser's list; English where none of those is one we have."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from babel import Locale, UnknownLocaleError

from wartable.i18n.catalogs import LANGUAGES, SOURCE

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def choose_language(
    asked: str | None = None,
    environ: Mapping[str, str] | None = None,
    accepted: Iterable[str] = (),
) -> str:
    """The language to speak. ``asked`` must name one we have (else ValueError, which the
    command line turns into its usage); the environment's and the browser's wishes are
    matched as well as they can be (``es_AR.UTF-8`` is Spanish, ``de-CH`` German)."""
    if asked is not None:
        found = _match([asked])
        if found is None:
            raise ValueError(f"no language {asked!r}: choose one of {', '.join(LANGUAGES)}")
        return found
    env = os.environ if environ is None else environ
    wishes: list[str] = []
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if value:
            wishes += value.split(":") if name == "LANGUAGE" else [value]
            if name != "LANGUAGE":
                break  # as gettext: the first of LC_ALL, LC_MESSAGES, LANG that is set
    return _match([*wishes, *accepted]) or SOURCE


def _match(wishes: Iterable[str]) -> str | None:
    for wish in wishes:
        tag = wish.split(".")[0].split("@")[0].strip()
        if not tag or tag in ("C", "POSIX"):
            continue
        try:
            language = Locale.parse(tag.replace("-", "_")).language
        except (ValueError, UnknownLocaleError):
            continue
        if language in LANGUAGES:
            return language
    return None
