"""The player's language: message catalogs (gettext, kept with Babel), choosing a language,
and saying the engine's words in it (docs/i18n.md)."""

from wartable.i18n.catalogs import LANGUAGES, translations
from wartable.i18n.choose import choose_language
from wartable.i18n.voice import Voice

__all__ = ["LANGUAGES", "Voice", "choose_language", "translations"]
