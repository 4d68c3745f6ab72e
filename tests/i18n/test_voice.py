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
from wartable.core.words import Decimal, Percent, Said, decimal, percent, say, say_n
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


def test_a_decimal_is_written_with_the_language_s_decimal_sign():
    mean = say("Not allowed: {reason}", reason=decimal(0.755))
    assert mean == f"Not allowed: {0.755:.2f}"  # English: Python's own rounding
    assert Voice("de")(decimal(1234.5, 1)) == "1.234,5" and Voice("es")(decimal(2.5, 1)) == "2,5"
    assert Voice("en")(decimal(2.5, 1)) == "2.5" and decimal(3, 0) == "3"
    again = pickle.loads(pickle.dumps(mean))
    assert isinstance(again.args["reason"], Decimal)
    assert Voice("es")(again) == Voice("es")(mean)
    assert Voice("es")(mean).endswith(mean[-2:])  # the same digits as the English: one rounding
    assert Voice("de")(percent(0.545)) == f"{0.545:.0%}".replace("%", "\u00a0%")


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
    for bad in (["--lang", "zz"], ["--lang"]):  # read for the help, it must be a language
        wrong = subprocess.run([*run, "games", *bad], capture_output=True, text=True, env=env)
        assert wrong.returncode == 2 and "--lang: no language" in wrong.stderr
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


def test_the_command_line_s_errors_in_the_language_asked_for(monkeypatch):
    """A mistyped value, an unknown name or a file that is not there: the usage where the
    value is the command line's, then the error in the language of ``--lang``, exit 2
    (cli/common.py ``fail``); in English as before without it."""
    monkeypatch.setattr(sys, "argv", ["wartable"])  # pytest's own words name no language
    bad = runner.invoke(app, ["play", "undaunted", "--option", "fog=1", "--lang", "es"])
    assert bad.exit_code == 2 and "Usage" in bad.output and "Traceback" not in bad.output
    assert "--option: Undaunted: Normandy no tiene la opción 'fog'; sus opciones:" in bad.output
    english = runner.invoke(app, ["play", "undaunted", "--option", "fog=1"])
    assert "--option: Undaunted: Normandy has no option 'fog'; its options:" in english.output
    rounds = runner.invoke(app, ["play", "undaunted", "--max-rounds", "999", "--lang", "de"])
    assert rounds.exit_code == 2
    assert "die Option max_rounds muss mindestens 1 und höchstens 200 sein" in rounds.output
    unknown = runner.invoke(app, ["play", "undaunted", "--scenario", "nope", "--lang", "de"])
    assert unknown.exit_code == 2 and "Traceback" not in unknown.output
    assert "unbekanntes Szenario 'nope'; wähle eines von: la-raye" in unknown.output
    missing = runner.invoke(app, ["resume", "nosuchfile.json", "--lang", "de"])
    assert missing.exit_code == 2
    assert "wartable: error: nosuchfile.json: diese Datei gibt es nicht" in missing.output
    agent = runner.invoke(app, ["play", "undaunted", "--vs", "random:seed=1", "--lang", "es"])
    assert "--vs: random no tiene la opción 'seed' (opciones: ninguna)" in agent.output


def test_a_command_without_lang_errs_in_the_command_line_s_language(monkeypatch):
    """A command that takes no ``--lang`` (``wartable deck``) reads it from the command line
    as the program gets it, ``sys.argv`` (cli/helps.py leaves it out of the command's own),
    else from the system's language."""
    monkeypatch.setattr(sys, "argv", ["wartable", "deck", "undaunted", "list", "--lang", "es"])
    said = runner.invoke(app, ["deck", "undaunted", "list"])
    assert said.exit_code == 2
    assert "GAME: Undaunted: Normandy no tiene mazos que construir" in said.output
    monkeypatch.setattr(sys, "argv", ["wartable"])
    system = runner.invoke(app, ["deck", "undaunted", "list"], env={"LANG": "de_DE.UTF-8"})
    assert "Undaunted: Normandy hat keine Decks zum Bauen" in system.output


def test_the_core_s_refusals_of_a_value_are_messages():
    """An option's refusal and an unknown name keep their English words and are said in the
    player's language (the server says them too, by the same Voice)."""
    from wartable.core.errors import UnknownNameError, WartableError, said_by
    from wartable.core.game import GameOption

    with pytest.raises(WartableError) as bad:
        GameOption("night", False).parse("maybe")
    assert str(bad.value) == "option night is true or false, not 'maybe'"
    assert Voice("de")(said_by(bad.value)) == "die Option night ist true oder false, nicht 'maybe'"
    unknown = UnknownNameError("scenario", "nope", ["a", "b"])
    assert str(unknown) == "unknown scenario 'nope'; choose one of: a, b"
    assert Voice("es")(said_by(unknown)) == "escenario desconocido 'nope'; elige uno de: a, b"
    odd = UnknownNameError("colour", "x", ["red"])  # a kind the catalogs do not name
    assert str(odd) == "unknown colour 'x'; choose one of: red"
