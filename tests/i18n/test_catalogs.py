"""The message catalogs (docs/i18n.md): every message the code says is in every language's
catalog, said with the same placeholders; and the check that says so can fail."""

from __future__ import annotations

import pytest

from wartable.i18n import keep
from wartable.i18n.catalogs import LANGUAGES


@pytest.mark.parametrize("domain", keep.domains(), ids=lambda d: d.name)
def test_every_message_is_in_every_language_with_its_placeholders(domain):
    assert list(keep.problems(domain)) == []


def test_the_shared_texts_have_catalogs_in_every_language():
    shared = next(d for d in keep.domains() if d.name == "wartable")
    assert keep.ids(keep.extracted(shared))  # the terminal says its own words through them
    assert set(LANGUAGES) == {"en", "es", "de"}
    for language in ("es", "de"):
        assert shared.po(language).is_file()


def _domain(tmp_path, code: str) -> keep.Domain:
    src = tmp_path / "wartable" / "thing.py"
    src.parent.mkdir()
    src.write_text(code)
    return keep.Domain("thing", (src,), tmp_path / "locale")


def test_the_check_names_a_template_behind_the_code_and_a_message_not_translated(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(keep, "PACKAGE", tmp_path / "wartable")
    domain = _domain(tmp_path, 'say("{unit} moves to {square}", unit=u, square=s)\n')
    found = list(keep.problems(domain))
    assert any("messages.pot: not the messages the code says" in p for p in found)
    assert any("es.po: missing" in p for p in found)
    keep.write(domain)
    found = list(keep.problems(domain))
    assert found == [
        f"{domain.po(lang)}: '{{unit}} moves to {{square}}' is not translated"
        for lang in ("es", "de")
    ]


def test_the_check_names_a_translation_with_other_placeholders_and_missing_plural_forms(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(keep, "PACKAGE", tmp_path / "wartable")
    domain = _domain(
        tmp_path,
        'say("{unit} moves to {square}")\nsay_n("{count} card", "{count} cards", n)\n',
    )
    keep.write(domain)
    for lang, moved, cards in (
        ("es", "{unit} va a {casilla}", ("una carta", "")),  # a misspelt name; a form empty
        ("de", "{unit} zieht nach {square}", ("eine Karte", "{count} Karten")),
    ):
        po = keep.read(domain.po(lang))
        po["{unit} moves to {square}"].string = moved
        po[("{count} card", "{count} cards")].string = cards
        keep._save(domain.po(lang), po)
    found = list(keep.problems(domain))
    assert found == [
        f"{domain.po('es')}: '{{unit}} moves to {{square}}' is said with other placeholders: "
        "'{unit} va a {casilla}'",
        f"{domain.po('es')}: '{{count}} card' is not translated",
    ]  # German leaves the number out of the singular, which is allowed
