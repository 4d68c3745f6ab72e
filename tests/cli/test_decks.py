"""``wartable deck GAME ...`` as a player meets it: build a deck, check it, share it as a
file, and field it with ``play`` and ``simulate``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from wartable.cli.main import app, seat_decks

runner = CliRunner()


def deck(db, *args: str):
    return runner.invoke(app, ["deck", "tactics2gm", *args, "--db", str(db)])


def test_build_show_check_and_list(tmp_path):
    db = tmp_path / "decks.sqlite3"
    made = deck(db, "new", "Rifles", "--seat", "allies")
    assert made.exit_code == 0, made.output
    assert "Rifles (usa): 0 cards, 0 of 120 points" in made.output
    assert deck(db, "add", "Rifles", "light_infantry", "4", "--equip", "grenades").exit_code == 0
    assert deck(db, "add", "Rifles", "m4_sherman", "2").exit_code == 0
    shown = deck(db, "show", "Rifles")
    assert "6 cards, 12 of 120 points" in shown.output
    assert "grenades" in shown.output and "legal" in shown.output
    listed = deck(db, "list")
    assert "Rifles" in listed.output and "usa-armour" in listed.output
    assert deck(db, "remove", "Rifles", "m4_sherman", "2").exit_code == 0
    assert "4 cards, 4 of 120" in deck(db, "show", "Rifles").output


def test_check_lists_every_reason_and_exits_1(tmp_path):
    db = tmp_path / "decks.sqlite3"
    out = deck(db, "check", "usa-armour", "--limit", "50", "--year", "1943")
    assert out.exit_code == 1
    assert "not legal, 3 reasons" in out.output
    assert "after the year limit 1943 (GM-4)" in out.output
    assert "over the limit of 50 (GM-2)" in out.output
    assert deck(db, "check", "usa-armour").exit_code == 0


def test_refusals_are_one_line_and_change_nothing(tmp_path):
    db = tmp_path / "decks.sqlite3"
    deck(db, "new", "Rifles", "--army", "usa")
    deck(db, "add", "Rifles", "m4_sherman", "4")
    too_many = deck(db, "add", "Rifles", "m4_sherman")
    assert too_many.exit_code == 2
    assert "the box holds 4 copies and the deck would have 5" in too_many.output
    assert "Traceback" not in too_many.output
    assert "4 cards, 16 of 120" in deck(db, "show", "Rifles").output
    assert "already" in deck(db, "new", "Rifles", "--army", "usa").output
    assert "no army 'france'" in deck(db, "new", "Other", "--army", "france").output
    assert "give the army or the seat" in deck(db, "new", "Other").output
    assert "no tactics2gm deck called 'Nope'" in deck(db, "show", "Nope").output
    other = runner.invoke(app, ["deck", "undaunted", "list", "--db", str(db)])
    assert other.exit_code == 2 and "has no decks to build" in other.output


def test_export_and_import_share_a_deck_as_a_file(tmp_path):
    db, other = tmp_path / "mine.sqlite3", tmp_path / "friend.sqlite3"
    deck(db, "new", "Panzers", "--from", "germany-armour")
    deck(db, "remove", "Panzers", "tiger")
    file = tmp_path / "panzers.yaml"
    assert deck(db, "export", "Panzers", "--out", str(file)).exit_code == 0
    assert "tiger" not in file.read_text()
    got = deck(other, "import", str(file))
    assert got.exit_code == 0, got.output
    assert deck(other, "show", "Panzers").output == deck(db, "show", "Panzers").output
    file.write_text("name: Broken\narmy: germany\ncards: {tiger: many}\n")
    bad = deck(other, "import", str(file), "--name", "Broken")
    assert bad.exit_code == 2 and f"{file}: cards.tiger" in bad.output


def test_play_and_simulate_field_a_built_deck(tmp_path):
    db = tmp_path / "decks.sqlite3"
    deck(db, "new", "Few", "--army", "germany")
    deck(db, "add", "Few", "ger_grenadiers", "4")
    deck(db, "add", "Few", "ger_panzer_iv", "3")
    args = ["--games", "2", "--workers", "1", "--max-rounds", "30", "--json", "--db", str(db)]
    out = runner.invoke(app, ["simulate", "tactics2gm", "--deck", "axis=Few", *args])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["games"] == 2
    bad = runner.invoke(app, ["simulate", "tactics2gm", "--deck", "axis=Nope", *args])
    assert bad.exit_code == 2 and "no tactics2gm deck called 'Nope'" in bad.output
    wrong = runner.invoke(app, ["simulate", "tactics2gm", "--deck", "allies=Few", *args])
    assert wrong.exit_code == 2 and "is germany's; allies fields usa" in wrong.output
    played = runner.invoke(
        app, ["play", "tactics2gm", "--deck", "axis=Few", "--db", str(db)], input="quit\n"
    )
    assert played.exit_code == 0, played.output
    assert "Germany · no general · hand 0 · deck 7" in played.output  # 7 cards
    assert "Axis HQ ■■■■■■■■■■ 10 PI · 5 AP" in played.output


def test_deck_flags_name_their_seat():
    argv = ["play", "tactics2gm", "--deck-allies", "Mine", "--deck-axis=Theirs", "--seed", "1"]
    assert seat_decks(argv) == [
        "play", "tactics2gm", "--deck", "allies=Mine", "--deck", "axis=Theirs", "--seed", "1",
    ]  # fmt: skip


def test_the_cards_list_fits_80_columns_with_every_key_whole():
    """Issue 45: the ids to type are never cut off, whatever the width."""
    out = runner.invoke(
        app, ["deck", "tactics2gm", "cards", "--army", "usa"], env={"COLUMNS": "80"}
    )
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    keys = {line.split()[0] for line in lines[3:] if len(line) > 1 and line[1] != " "}
    assert "usa_armored_infantry" in keys and not any(k.endswith("…") for k in keys)
