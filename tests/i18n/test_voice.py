"""Saying the engine's words in the player's language (docs/i18n.md): a ``Said`` is English
text that remembers its message; a Voice says it again in Spanish or German, its arguments
too; the language comes from --lang, the system or the browser."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Iterator

import pytest
import typer
from typer._click import Command
from typer.testing import CliRunner

from wartable.cli import helps
from wartable.cli.main import app
from wartable.core.words import Percent, Said, percent, say, say_n
from wartable.i18n import Voice, choose_language, translations
from wartable.i18n import catalogs as catalogs_mod
from wartable.i18n.catalogs import messages


def test_said_is_the_english_text_and_keeps_its_message():
    said = say("Choose a number from 1 to {last}.", last=4)
    assert said == "Choose a number from 1 to 4." and isinstance(said, str)
    assert said.msgid == "Choose a number from 1 to {last}." and said.args == {"last": 4}
    assert said.to_json() == {"id": "Choose a number from 1 to {last}.", "args": {"last": 4}}
    again = pickle.loads(pickle.dumps(said))
    assert again == said and isinstance(again, Said) and again.msgid == said.msgid
    one, many = (say_n("{count} card", "{count} cards", n) for n in (1, 3))
    assert (one, many) == ("1 card", "3 cards")
    assert many.to_json() == {
        "id": "{count} card", "args": {"count": 3}, "plural": "{count} cards", "n": 3
    }  # fmt: skip


def test_a_voice_says_the_words_its_arguments_and_its_plurals_in_the_language():
    es, de, en = Voice("es"), Voice("de"), Voice("en")
    said = say("Not allowed: {reason}", reason=say("Undone."))
    assert es(said) == "No permitido: Deshecho."  # the argument said in Spanish too
    assert de(said) == "Nicht erlaubt: Rückgängig gemacht."
    assert en(said) == "Not allowed: Undone."
    assert es.t("Choose a number from 1 to {last}.", last=7) == "Elige un número del 1 al 7."
    question = "{count} unit or card could still act. {choice} anyway? (yes/no)"
    plural = "{count} units or cards could still act. {choice} anyway? (yes/no)"
    assert de.tn(question, plural, 1, choice="Zug beenden").startswith("1 Einheit oder Karte")
    assert de.tn(question, plural, 3, choice="Zug beenden").startswith("3 Einheiten oder Karten")
    assert es("Undone.") == "Deshecho."  # a plain text is looked up as a message id
    assert es("A text no catalog has") == "A text no catalog has"
    assert es(say("{x} and {y}", x="left", y=2)) == "left and 2"  # not in any catalog


def test_a_percentage_is_written_the_way_each_language_writes_it():
    odds = say("Not allowed: {reason}", reason=percent(0.456))
    assert odds == "Not allowed: 46%" and percent(1.0) == "100%"
    assert Voice("es")(odds) == "No permitido: 46\u00a0%"  # a space that never breaks the line
    assert Voice("de")(percent(0.05)) == "5\u00a0%" and Voice("en")(percent(0.05)) == "5%"
    again = pickle.loads(pickle.dumps(odds))
    assert isinstance(again.args["reason"], Percent) and Voice("de")(again).endswith("46\u00a0%")
    assert odds.to_json()["args"] == {"reason": "46%"}


def test_a_catalog_with_a_broken_placeholder_is_said_in_english(monkeypatch):
    es = Voice("es")
    said = say("Saved to {path}", path="/tmp/a")

    class Broken:
        def gettext(self, message):
            return "Guardada en {ruta}"

    monkeypatch.setattr(es, "catalog", Broken())
    assert es(said) == "Saved to /tmp/a"


def test_a_game_s_catalog_comes_before_the_shared_one(tmp_path, monkeypatch):
    game_folder = tmp_path / "games" / "thing" / "locale"
    game_folder.mkdir(parents=True)
    (game_folder / "es.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Undone."\nmsgstr "Deshecho del todo."\n'
    )
    monkeypatch.setattr(catalogs_mod, "GAMES", tmp_path / "games")
    translations.cache_clear()
    try:
        voice = Voice("es", "thing")
        assert voice("Undone.") == "Deshecho del todo."
        assert voice("Not saved (see above).") == "No se guardó (mira arriba)."  # shared
    finally:
        translations.cache_clear()


@pytest.mark.parametrize(
    ("environ", "accepted", "expected"),
    [
        ({"LANG": "es_AR.UTF-8"}, (), "es"),
        ({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}, (), "de"),
        ({"LC_ALL": "de_CH.UTF-8", "LANG": "es_ES.UTF-8"}, (), "de"),
        ({"LANG": "C.UTF-8"}, (), "en"),
        ({}, ("fr-FR", "es-419", "en"), "es"),
        ({"LANG": "pt_BR.UTF-8"}, (), "en"),
        ({}, (), "en"),
    ],
)
def test_the_language_follows_the_system_then_the_browser(environ, accepted, expected):
    assert choose_language(None, environ, accepted) == expected


def test_a_language_asked_for_must_be_one_we_have():
    assert choose_language("de", {"LANG": "es_ES.UTF-8"}) == "de"
    assert choose_language("es-MX") == "es"
    with pytest.raises(ValueError, match="no language 'fr': choose one of en, es, de"):
        choose_language("fr")


runner = CliRunner()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", ("us, elige:", "Elige un número del 1 al", "Partida sin terminar.")),
        ("de", ("us, wähle:", "Wähle eine Zahl von 1 bis", "Partie nicht beendet.")),
    ],
)
def test_the_terminal_speaks_the_language_asked_for(lang, words):
    result = runner.invoke(
        app, ["play", "undaunted", "--seed", "3", "--lang", lang], input="1\n99\nquit\n"
    )
    assert result.exit_code == 0, result.output
    for w in words:
        assert w in result.output


@pytest.mark.parametrize(
    ("game", "lang", "words"),
    [
        ("diadehonor", "es", ("axis-1, elige:", "Desplegar Ligera 1 en A18", "se despliega en")),
        ("diadehonor", "de", ("axis-1, wähle:", "Leichte 1 auf A18 aufstellen")),
        ("tactics2gm", "es", ("Pujar 0 PA", "Quedarse con esta mano", "se queda su mano inicial")),
        ("tactics2gm", "de", ("0 AP bieten", "Diese Hand behalten", "behält die Starthand")),
        ("combat", "es", ("us, elige", "Desplegar a Cpl Thomas en 01.00", "se despliega en 01.00")),
        ("combat", "de", ("us, wähle", "Cpl Thomas auf 01.00 aufstellen")),
    ],
)
def test_a_few_moves_of_each_game_in_spanish_and_german(game, lang, words):
    """The menus and the log of each game in the player's language (issue 48, item 6)."""
    result = runner.invoke(
        app, ["play", game, "--seed", "3", "--lang", lang], input="1\n" * 6 + "quit\n"
    )
    assert result.exit_code == 0, result.output
    for w in words:
        assert w in result.output


def test_the_system_s_language_is_spoken_and_a_bad_lang_prints_usage():
    spanish = runner.invoke(
        app, ["play", "undaunted", "--seed", "3"], input="quit\n", env={"LANG": "es_AR.UTF-8"}
    )
    assert "Partida sin terminar." in spanish.output
    bad = runner.invoke(app, ["play", "undaunted", "--lang", "fr"], input="quit\n")
    assert bad.exit_code == 2
    assert "Usage" in bad.output and "--lang: no language 'fr'" in bad.output
    assert "Traceback" not in bad.output


@pytest.mark.parametrize(
    ("lang", "heading"), [("es", "Secuencia de juego:"), ("de", "Spielablauf")]
)
def test_the_rules_guide_in_the_language_asked_for(lang, heading):
    english = runner.invoke(app, ["rules", "combat", "--guide", "--lang", "en"]).output
    said = runner.invoke(app, ["rules", "combat", "--guide", "--lang", lang])
    assert said.exit_code == 0, said.output
    assert heading in said.output and "Sequence of play:" in english
    assert said.output.count("\n") > 0.7 * english.count("\n")  # the whole guide, not a part
    short = runner.invoke(app, ["rules", "tactics2gm", "--lang", lang]).output
    assert short != runner.invoke(app, ["rules", "tactics2gm", "--lang", "en"]).output


def test_the_command_line_s_help_in_the_language_asked_for(tmp_path):
    """``--help`` says our commands' docstrings and options, and typer's own words, in the
    language (cli/helps.py), as a player runs it; in-process, typer speaks English again
    after the block."""
    es = Voice("es")
    run = [sys.executable, "-m", "wartable.cli.main"]
    env = {**os.environ, "COLUMNS": "80", "LANG": "C"}
    said = subprocess.run(
        [*run, "scenarios", "--help", "--lang", "es"], capture_output=True, text=True, env=env
    ).stdout
    for english in ("List a game's scenarios.", "Show this message and exit.", "Options"):
        assert es(english) != english and es(english) in said
    wrong = subprocess.run([*run, "scenarios", "--lang=es"], capture_output=True, text=True)
    assert wrong.returncode == 2 and es("Error") in wrong.stderr
    de = Voice("de")
    top = subprocess.run([*run, "--help", "--lang", "de"], capture_output=True, text=True, env=env)
    assert top.returncode == 0, top.stderr  # a command that takes no --lang: read for the help
    assert de("List a game's scenarios.") in top.stdout.replace("\n", " ").replace("│", "")
    unknown = subprocess.run(
        [*run, "deck", "tactics2gm", "add", "--db", str(tmp_path / "w.db"), "nosuchdeck",
         "m4_sherman", "1", "--lang", "es"],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert unknown.returncode == 2 and "no hay ningún mazo" in unknown.stderr
    with helps.spoken(typer.main.get_command(app), es):
        assert es("Options") == typer.rich_utils.OPTIONS_PANEL_TITLE
    assert typer.rich_utils.OPTIONS_PANEL_TITLE == "Options"
    assert helps.language(["play", "combat", "--lang=de"]) == "de"
    assert helps.language(["play", "combat", "--lang", "fr"]) == "en"  # the command says why


def test_every_help_text_of_the_command_line_is_a_message():
    """A command or option added without its help in the catalogs fails here."""
    spanish = messages("es")

    def helped(command: Command) -> Iterator[str]:
        yield from (t for t in (command.help, command.short_help) if t)
        yield from (h for p in command.params if (h := getattr(p, "help", None)))
        if isinstance(command, typer.core.TyperGroup):
            for sub in command.commands.values():
                yield from helped(sub)

    texts = list(helped(typer.main.get_command(app)))
    assert len(texts) > 50
    assert [t for t in texts if getattr(t, "msgid", t) not in spanish] == []


def test_the_scenarios_in_the_language_asked_for():
    said = runner.invoke(app, ["scenarios", "undaunted", "--lang", "es"], terminal_width=120)
    assert said.exit_code == 0, said.output
    assert "pelotones" in said.output and "La Raye" in said.output
