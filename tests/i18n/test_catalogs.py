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


def _translated(domain: keep.Domain, said: dict[str, dict]) -> list[str]:
    """The check's problems once each language says each message as ``said`` has it
    (language -> message id -> its translation)."""
    for lang, table in said.items():
        po = keep.read(domain.po(lang))
        for msgid, text in table.items():
            po[msgid].string = text
        keep._save(domain.po(lang), po)
    return list(keep.problems(domain))


def _written(tmp_path, monkeypatch, code: str) -> keep.Domain:
    """A domain of one source file, its catalogs written from it (nothing translated)."""
    monkeypatch.setattr(keep, "PACKAGE", tmp_path / "wartable")
    domain = _domain(tmp_path, code)
    keep.write(domain)
    return domain


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
    domain = _written(
        tmp_path, monkeypatch,
        'say("{unit} moves to {square}")\nsay_n("{count} card", "{count} cards", n)\n',
    )  # fmt: skip
    moved, cards = "{unit} moves to {square}", ("{count} card", "{count} cards")
    found = _translated(domain, {  # es: a misspelt name, a form empty; de: all well
        "es": {moved: "{unit} va a {casilla}", cards: ("una carta", "")},
        "de": {moved: "{unit} zieht nach {square}", cards: ("eine Karte", "{count} Karten")},
    })  # fmt: skip
    assert found == [
        f"{domain.po('es')}: '{{unit}} moves to {{square}}' is said with other placeholders: "
        "'{unit} va a {casilla}'",
        f"{domain.po('es')}: '{{count}} card' is not translated",
    ]  # German leaves the number out of the singular, which is allowed


def test_the_check_names_a_malformed_placeholder_a_changed_plural_and_a_lost_number(
    tmp_path, monkeypatch
):
    domain = _written(
        tmp_path, monkeypatch,
        'say("Hello {name}")\nsay("Bye {name}")\nsay_n("{count} card", "{count} cards", n)\n',
    )  # fmt: skip
    cards = ("{count} card", "{count} cards")
    found = _translated(domain, {  # the plural forms: the number lost where it counts
        lang: {"Hello {name}": hello, "Bye {name}": "Adiós {name}", cards: ("una carta", "cartas")}
        for lang, hello in (("es", "Hola {name"), ("de", "Hallo {name:zz}"))
    })  # fmt: skip
    for lang, bad in (("es", "Hola {name"), ("de", "Hallo {name:zz}")):
        assert (
            f"{domain.po(lang)}: 'Hello {{name}}' is said with a malformed placeholder: {bad!r}"
            in found
        )
        assert (
            f"{domain.po(lang)}: '{{count}} card' is said with other placeholders: 'cartas'"
            in found
        )
    # the code's plural changes: the old translation no longer counts
    domain.sources[0].write_text(
        'say("Hello {name}")\nsay("Bye {name}")\nsay_n("{count} card", "{count} cards held", n)\n'
    )
    keep.write(domain)
    assert f"{domain.po('es')}: '{{count}} card' is not translated (fuzzy: redo it)" in list(
        keep.problems(domain)
    )
