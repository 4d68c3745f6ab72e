"""The game prompt and the replay keys meet mistakes with one line and a new prompt
(issue 10, items 20 and 23)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import wartable
from wartable.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_save_to_a_missing_folder_or_a_directory_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "box").mkdir()
    moves = "1\nsave no/such/g.json\nsave box\nsave\n1\nsave g.json\nquit\n"
    result = run("play", "undaunted", "--seed", "4", input=moves)
    out = result.output
    assert result.exit_code == 0, out
    assert "Traceback" not in out
    assert "Could not save to no/such/g.json: No such file" in out
    assert "The game goes on" in out
    assert "Could not save to box: is a folder" in out
    assert "Say where: save FILE" in out  # the failed paths were not kept
    assert "Saved to g.json" in out
    assert "us, choose:" in out.split("Saved to g.json")[0].split("Say where")[1]
    data = json.loads((tmp_path / "g.json").read_text())
    assert len(data["record"]["actions"]) >= 2  # both actions, before and after the failures
    assert sorted(p.name for p in tmp_path.iterdir()) == ["box", "g.json"]  # no stray .tmp
    assert not any((tmp_path / "box").iterdir())


def test_a_save_file_where_none_can_be_written_is_refused_before_play(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "undaunted", "--save", "gone/g.json", input="quit\n")
    assert result.exit_code == 2 and "--save gone/g.json: no such folder" in result.output
    result = run("play", "undaunted", "--save", ".", input="quit\n")
    assert result.exit_code == 2 and "is a folder" in result.output


def test_a_failing_autosave_is_said_and_the_game_goes_on(tmp_path):
    from rich.console import Console

    from wartable.cli.session import Session

    game = wartable.get_game("undaunted")
    state = game.new_game("la-raye", seed=4)
    answers = iter(["1", "1", "quit"])
    console = Console(width=500, record=True, color_system=None)
    seats = {"us": "human", "germany": "random"}
    gone = tmp_path / "gone" / "g.json"
    Session(game, state, seats, console, lambda _: next(answers), gone).run()
    out = console.export_text()
    assert out.count(f"Could not save to {gone}") >= 2  # each try, and the game went on
    assert state.action_count >= 2
    assert "Game left unfinished. Not saved (see above)." in out


def test_card_without_an_id_says_which_card():
    out = run("play", "undaunted", "--seed", "4", input="card\nquit\n").output
    assert "Say which card: card ID" in out
    assert "unknown verb" not in out


def test_help_gives_an_example_from_the_game_in_play():
    combat = run("play", "combat", "--seed", "1", input="help\nquit\n").output
    assert "scout-B" not in combat and "e.g. '" in combat
    undaunted = run("play", "undaunted", "--seed", "4", input="help\nquit\n").output
    example = undaunted.split("e.g. '", 1)[1].split("'", 1)[0]
    assert example.split()[0] in ("bid", "play", "move", "hunker")


def test_ctrl_c_says_the_game_was_left_and_where_it_is_saved(tmp_path, monkeypatch):
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", interrupted)
    result = run("play", "undaunted", "--seed", "4", "--save", "g.json")
    assert result.exit_code == 0, result.output
    assert "Game left unfinished. Saved in g.json" in result.output
    assert json.loads((tmp_path / "g.json").read_text())["record"]["actions"] == []


def test_hotseat_handover_can_be_left():
    out = run("play", "undaunted", "--vs", "human", "--seed", "2", input="quit\n").output
    assert "Game left unfinished" in out


def test_replay_says_what_g_wants(tmp_path):
    save = tmp_path / "g.json"
    run("play", "undaunted", "--seed", "4", "--save", str(save), input="1\n1\nquit\n")
    out = run("replay", str(save), input="g abc\ng 1\nq\n").output
    assert "Go to which action? e.g. g" in out
    assert "after action 1 of" in out
    bad = run("replay", str(save), "--step", "-1")
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_undaunted_cards_set_no_range_limit():
    out = run("play", "undaunted", "--seed", "4", input="card rifleman-A\nquit\n").output
    assert "Attack X: X dice at any enemy counter" in out
    assert "in range" not in out
