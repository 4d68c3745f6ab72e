"""The ``wartable`` command as a user meets it: listings, play, save/resume, replay, simulate."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import wartable
from wartable.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_and_scenarios_are_listed():
    assert "undaunted" in run("games").output
    out = run("scenarios", "undaunted").output
    assert "la-raye" in out and "crossroads" in out and "hill-203" in out


def test_rules_summary():
    out = run("rules", "undaunted").output
    assert "initiative" in out and "Fog of War" in out


def test_the_guide_and_one_rule_by_the_id_the_log_cites():
    out = run("rules", "diadehonor", "--guide").output
    assert "Sequence of play:" in out and "Actions:" in out and "What the board shows:" in out
    one = run("rules", "diadehonor", "--rule", "DH-27").output
    assert one.startswith("DH-27: ")
    assert "no rule 'XX-1'" in run("rules", "diadehonor", "--rule", "XX-1").output


def test_the_log_cites_its_rules_and_rules_id_explains_one():
    result = run("play", "undaunted", "--seed", "4", input="1\n1\nlog\nrules Initiative\nquit\n")
    assert result.exit_code == 0, result.output
    assert "[Initiative]" in result.output or "[Draw cards]" in result.output
    assert "Initiative: " in result.output  # the explanation of the rule asked for


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("scenarios", "chess"),
            "unknown game 'chess'; choose one of: combat, diadehonor, duel, tactics2gm, undaunted",
        ),
        (("play", "undaunted", "--scenario", "atlantis"), "unknown scenario 'atlantis'; choose"),
        (("play", "undaunted", "--side", "france"), "unknown side 'france'; choose one of: us"),
        (("play", "undaunted", "--vs", "deep-blue"), "unknown opponent 'deep-blue'; choose"),
        (("simulate", "undaunted", "--agents", "random,wizard"), "unknown agent 'wizard'"),
        (("simulate", "undaunted", "--agents", "random"), "needs 2 names"),
        (
            ("simulate", "undaunted", "--agents", "ismcts:depth=3,heuristic"),
            "--agents: ismcts takes no option 'depth'",
        ),
        (("play", "undaunted", "--vs", "hard:seconds=9"), "--vs: the level 'hard' takes no"),
        (("play", "undaunted", "--players", "2v2"), "--players: Undaunted: Normandy has one"),
        (("play", "diadehonor", "--players", "3v1"), "--players: "),
        (
            ("simulate", "diadehonor", "--players", "3v3", "--agents", "random,random,random"),
            "one a side (axis, allies)",
        ),
        (("simulate", "combat", "--agents", "random", "--option", "night"), "wants KEY=VALUE"),
        (("simulate", "combat", "--agents", "random", "--option", "fog=1"), "has no option 'fog'"),
        (("simulate", "combat", "--agents", "random", "--max-rounds", "3"), "has no round limit"),
        (("simulate", "combat", "--agents", "random", "--option", "night=2"), "true or false"),
        (("play", "undaunted", "--option", "max_rounds=" + "9" * 5000), "is a whole number"),
        (("play", "undaunted", "--option", "max_rounds=0"), "must be at least 1"),
        (("play", "undaunted", "--seed", "7" * 30), "Invalid value for '--seed'"),
        (("play", "undaunted", "--seed", "-5"), "Invalid value for '--seed'"),
        (("simulate", "undaunted", "--max-rounds", "500"), "--max-rounds: option max_rounds must"),
        (("simulate", "undaunted", "--seed", str(2**70)), "Invalid value for '--seed'"),
        (
            ("simulate", "tactics2gm", "--option", "players=2v2", "--players", "2v1"),
            "--option: 'players=2v2' contradicts --players 2v1: say it once",
        ),
        (
            ("play", "combat", "--option", "night=true", "--option", "night=false"),
            "'night=false' contradicts --option night=true",
        ),
        (
            ("play", "undaunted", "--max-rounds", "5", "--option", "max_rounds=6"),
            "contradicts --max-rounds 5",
        ),
        (("los", "combat", "x" * 100_000, "01.01"), " characters)"),
        (("scenarios", "x" * 100_000), "... (100000 characters); choose one of"),
    ],
)
def test_bad_names_give_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output) < 500  # an argument is quoted, never echoed whole


def test_agents_take_options_and_levels_on_the_command_line():
    result = run(
        "simulate",
        "undaunted",
        "--games",
        "2",
        "--workers",
        "1",
        "--json",
        "--agents",
        "easy,ismcts:iterations=4:horizon=1",
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["agents"] == {"us": "easy", "germany": "ismcts:iterations=4:horizon=1"}
    assert summary["games"] == 2


def test_bad_arguments_print_usage():
    result = run("simulate", "undaunted", "--games", "lots")
    assert result.exit_code == 2
    assert "Usage" in result.output


def test_simulate_json_is_reproducible_and_in_seat_order():
    args = (
        "simulate",
        "undaunted",
        "--games",
        "6",
        "--agents",
        "heuristic,random",
        "--seed",
        "5",
        "--workers",
        "2",
        "--json",
    )
    a, b = json.loads(run(*args).output), json.loads(run(*args).output)
    for key in ("games", "wins", "draws", "rounds", "actions", "reasons", "win_rate"):
        assert a[key] == b[key]
    assert a["games"] == 6
    assert list(a["wins"]) == ["us", "germany"]
    assert a["agents"] == {"us": "heuristic", "germany": "random"}
    assert sum(a["wins"].values()) + a["draws"] == 6


def test_game_options_reach_the_game():
    args = ("simulate", "combat", "--games", "2", "--agents", "random", "--json", "--seed", "4")
    day = json.loads(run(*args).output)
    dark = json.loads(run(*args, "--option", "night=true", "--option", "large_battle=true").output)
    assert day["games"] == dark["games"] == 2
    assert day != dark  # the night changes the games


def test_simulate_table():
    out = run("simulate", "undaunted", "--games", "6", "--workers", "1").output
    assert "95% CI" in out and "games/s" in out


def test_play_a_whole_game_against_the_computer(tmp_path):
    save = tmp_path / "g.json"
    moves = "99\nfly away\nhelp\nboard\n" + "1\n" * 3000
    result = run(
        "play",
        "undaunted",
        "--scenario",
        "la-raye",
        "--side",
        "us",
        "--seed",
        "3",
        "--max-rounds",
        "4",
        "--save",
        str(save),
        input=moves,
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "Choose a number from 1 to" in out  # 99
    assert "Not understood" in out  # fly away
    assert "17B c3" in out and "objective points" in out  # the (compact) board and the panel
    assert "rolls" in out or "round 2" in out.lower()
    assert " wins: " in out
    data = json.loads(save.read_text())
    assert data["format"] == "wartable-save" and data["record"]["game"] == "undaunted"
    # the opponent's hand never appears in the human's screen: only its size
    assert "germany (heuristic): bid" not in out


def test_save_resume_and_replay(tmp_path):
    save = tmp_path / "g.json"
    result = run(
        "play", "undaunted", "--seed", "4", "--save", str(save), input="1\n" * 6 + "quit\n"
    )
    assert "wartable resume" in result.output
    done = len(json.loads(save.read_text())["record"]["actions"])
    result = run("resume", str(save), input="1\n" * 3 + "quit\n")
    assert result.exit_code == 0, result.output
    assert len(json.loads(save.read_text())["record"]["actions"]) > done
    out = run("replay", str(save), "--step", "3").output
    assert "after action 3 of" in out
    out = run("replay", str(save), input="n\nn\np\ne\nq\n").output
    assert "after action 2 of" in out and "after action 1 of" in out


BAD_RECORD = json.dumps(
    {
        "format": "wartable-record",
        "game": "undaunted",
        "version": wartable.get_game("undaunted").info.version,
        "seed": 1,
        "scenario": "la-raye",
        "options": {},
        "actions": [["us", "end"]],
    }
)


@pytest.mark.parametrize(
    ("content", "command", "message"),
    [
        ("{not json", "resume", "invalid JSON"),
        ("{not json", "replay", "invalid JSON"),
        ('{"format": "something-else"}', "resume", "not a wartable save"),
        ('{"format": "wartable-save", "seats": {}}', "replay", "damaged save"),
        (BAD_RECORD, "replay", "does not replay"),
        (BAD_RECORD, "resume", "bare record with no seats"),
    ],
)
def test_corrupt_saves_are_refused_clearly(tmp_path, content, command, message):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    result = run(command, str(bad))
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_missing_save_file(tmp_path):
    result = run("resume", str(tmp_path / "nope.json"))
    assert result.exit_code == 2 and "no such file" in result.output


def test_hotseat_hides_each_hand_until_its_owner_confirms():
    result = run("play", "undaunted", "--vs", "human", "--seed", "2", input="\n1\n\n1\nquit\n")
    out = result.output
    assert "Pass the screen to US" in out and "Pass the screen to GERMANY" in out
    us_turn, germany_turn = out.split("Pass the screen to GERMANY", 1)
    # before germany confirms, the screen showed only the US hand
    assert "us (you)" in us_turn and "germany (you)" not in us_turn
    assert "germany (you)" in germany_turn


def test_simulate_draws_a_picture(tmp_path):
    picture = tmp_path / "results.png"
    result = run(
        "simulate", "undaunted", "--games", "6", "--workers", "1", "--agents", "random,random",
        "--plot", str(picture),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert picture.stat().st_size > 10_000


def test_undo_at_the_prompt():
    # the bid is secret and final; a first card play that revealed nothing can be taken back
    result = run("play", "undaunted", "--seed", "4", input="1\nundo\n1\nundo\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Cannot undo: nothing to undo" in out
    assert "Undone." in out  # seed 4: the first card play moves a counter, nothing revealed


def test_resign_at_the_prompt_asks_first_then_concedes():
    result = run("play", "undaunted", "--seed", "4", input="resign\nno\nresign\nyes\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Not resigned: the game goes on." in out
    assert "germany wins: us resigned" in out


def test_line_of_sight_command_explains_itself():
    out = run("los", "combat", "22.03", "30.03", "--scenario", "attack-the-farmhouse").output
    assert "blocked" in out and "building at 24.03" in out and "12.1" in out
    data = json.loads(run("los", "combat", "27.08", "26.08", "--json").output)
    assert data["visible"] is True and data["range"] == 1
    bad = run("los", "combat", "99.99", "01.01")
    assert bad.exit_code == 2 and "not on this map" in bad.output
    assert run("los", "undaunted", "1A", "2B").exit_code == 2


def test_cards_at_the_prompt_tell_what_each_card_does():
    result = run("play", "undaunted", "--seed", "4", input="cards\ncard mortar\ncard nope\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "platoon-sergeant: Platoon Sergeant  initiative 9" in out  # among seed 4's bids
    assert "Bolster X: up to X cards from supply" in out
    assert "mortar: Mortar" in out and "Blast 1" in out
    assert "No card 'nope'." in out


def test_cards_when_no_action_names_one():
    out = run("play", "combat", "--seed", "1", input="cards\ncard 1\nquit\n").output
    assert "None of your actions names a card" in out
    assert "1: Keep Your Head Down  initiative Able 2" in out


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch):
    """The web stack is an extra (wartable[web]); without it 'serve' says so in one line."""
    import sys

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    result = run("serve")
    assert result.exit_code == 2
    assert "pip install 'wartable[web]'" in result.output and "Traceback" not in result.output


def test_simulate_a_line_up_with_an_agent_a_side_and_wins_by_side():
    args = ("simulate", "diadehonor", "--players", "2v2", "--agents", "random,heuristic")
    result = run(*args, "--games", "2", "--workers", "1", "--json", "--max-rounds", "1")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["agents"] == {
        "axis-1": "random",
        "allies-1": "heuristic",
        "axis-2": "random",
        "allies-2": "heuristic",
    }
    sides = summary["sides"]
    assert sides["axis"]["seats"] == ["axis-1", "axis-2"] and sides["axis"]["agents"] == ["random"]
    assert sides["axis"]["wins"] + sides["allies"]["wins"] + summary["draws"] == 2
    table = run(*args, "--games", "1", "--workers", "1", "--max-rounds", "1").output
    assert "axis-1, axis-2" in table and "side" in table


def test_play_a_seat_of_a_line_up():
    result = run(
        "play", "diadehonor", "--players", "2v2", "--seat", "allies-2", "--seed", "3",
        input="quit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "allies-2" in result.output


# ---- the campaign (DH-46 to DH-50) ----------------------------------------------------------
def campaign(db, *args: str, input: str | None = None):
    return run("campaign", *args, "--db", str(db), input=input)


def test_campaign_new_list_show_rename_and_export(tmp_path, monkeypatch):
    db = tmp_path / "campaign.sqlite3"
    result = campaign(db, "new", "Alpha", "--nation", "Spain")
    assert result.exit_code == 0, result.output
    assert "11 soldiers, each a Private with no mission" in result.output  # DH-46
    assert campaign(db, "new", "Alpha").exit_code == 2  # a name already taken
    out = campaign(db, "list").output
    assert "Alpha" in out and "diadehonor" in out and "Spain" in out and "11" in out
    assert campaign(db, "rename", "Alpha", "s1", "Juan García").exit_code == 0
    result = campaign(db, "rename", "Alpha", "Light 2", "Pedro")  # by his current name
    assert result.exit_code == 0 and "s2 (Light 2) is now called Pedro" in result.output
    out = campaign(db, "show", "Alpha").output
    for header in ("id", "type", "name", "missions", "rank", "bonus"):
        assert header in out
    assert "Juan García" in out and "Pedro" in out and "Light infantry" in out
    assert "Artillery 1" in out and "Private" in out and "+0" in out
    sheet = tmp_path / "sheet.html"
    assert campaign(db, "export", "Alpha", "--out", str(sheet)).exit_code == 0
    text = sheet.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text and "@page" in text
    assert "Juan García" in text and "Spain" in text and "Private" in text
    assert " style=" not in text  # one stylesheet, nothing inline
    monkeypatch.chdir(tmp_path)
    assert campaign(db, "export", "Alpha").exit_code == 0
    assert (tmp_path / "Alpha.html").read_text(encoding="utf-8") == text
    assert campaign(db, "export", "Alpha", "--pdf").exit_code == 0  # the same sheet as PDF
    pdf = (tmp_path / "Alpha.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and b"(Alpha: squad sheet)" in pdf
    assert campaign(db, "export", "Alpha", "--out", str(tmp_path / "s.PDF")).exit_code == 0
    assert (tmp_path / "s.PDF").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    "args",
    [
        ("show", "Nobody"),
        ("export", "Nobody"),
        ("rename", "Nobody", "s1", "Juan"),
        ("rename", "Alpha", "s99", "Juan"),
        ("new", "../../etc"),
    ],
)
def test_campaign_unknown_names_give_one_line_and_exit_2(tmp_path, args):
    db = tmp_path / "campaign.sqlite3"
    campaign(db, "new", "Alpha")
    result = campaign(db, *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def roster_of(db):
    from wartable.server.rosters import load_roster
    from wartable.server.store import open_store

    store = open_store(db)
    try:
        return store.run(load_roster("Alpha")).soldiers
    finally:
        store.close()


def test_play_with_a_roster_left_unfinished_records_nothing(tmp_path):
    db = tmp_path / "campaign.sqlite3"
    campaign(db, "new", "Alpha")
    campaign(db, "rename", "Alpha", "s1", "Juan")
    before = roster_of(db)
    args = ("play", "diadehonor", "--roster", "Alpha", "--db", str(db), "--seed", "3")
    result = run(*args, "--vs", "random", input="1\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Juan" in result.output  # the roster's soldier is on the field, by his name
    assert "Game left unfinished" in result.output
    assert roster_of(db) == before


def test_play_with_a_roster_records_the_battle_at_its_end(tmp_path):
    db = tmp_path / "campaign.sqlite3"
    campaign(db, "new", "Alpha")
    args = ("play", "diadehonor", "--roster", "Alpha", "--db", str(db), "--seed", "5")
    result = run(*args, "--vs", "random", "--max-rounds", "1", "--no-confirm", input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Roster Alpha:" in result.output
    after = roster_of(db)
    assert after and all(s.missions == 1 for s in after)  # DH-47: every survivor
    assert "Promoted: Light 1 to Second lieutenant" in result.output


def test_a_roster_battle_saved_and_resumed_is_recorded_when_it_ends(tmp_path):
    db, save = tmp_path / "campaign.sqlite3", tmp_path / "battle.json"
    campaign(db, "new", "Alpha")
    args = ("play", "diadehonor", "--roster", "Alpha", "--db", str(db), "--seed", "5")
    result = run(*args, "--vs", "random", "--max-rounds", "1", "--save", str(save),
                 input="1\n1\nquit\n")  # fmt: skip
    assert "Game left unfinished" in result.output
    assert all(s.missions == 0 for s in roster_of(db))  # nothing yet
    result = run("resume", str(save), "--no-confirm", input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Roster Alpha:" in result.output
    assert roster_of(db) and all(s.missions == 1 for s in roster_of(db))
    result = run("resume", str(save))  # over: nothing is recorded twice
    assert "That game is over" in result.output
    assert all(s.missions == 1 for s in roster_of(db))


def test_play_with_a_roster_of_another_game_or_a_game_without_campaigns(tmp_path):
    from wartable.server.rosters import create_roster
    from wartable.server.store import open_store

    db = tmp_path / "campaign.sqlite3"
    store = open_store(db)
    store.run(create_roster("Duelists", "duel", "", [("card", "Ace")]))
    store.close()
    result = run("play", "diadehonor", "--roster", "Duelists", "--db", str(db))
    assert result.exit_code == 2 and "--roster: Duelists is a roster of duel" in result.output
    result = run("play", "duel", "--roster", "Duelists", "--db", str(db))
    assert (
        result.exit_code == 2
        and "has no campaigns; games with campaigns: diadehonor" in result.output
    )
    result = run("play", "diadehonor", "--roster", "Nobody", "--db", str(db))
    assert result.exit_code == 2 and "no roster called 'Nobody'" in result.output
    campaign(db, "new", "Alpha")
    result = run(
        "play", "diadehonor", "--roster", "Alpha", "--db", str(db), "--option", "squads={}"
    )
    assert result.exit_code == 2 and "--roster: the option squads" in result.output
    assert "Traceback" not in result.output


def test_a_game_without_a_heuristic_still_has_working_defaults():
    """The card duel (the example game) has no heuristic: simulate pits random against
    random, and play puts the search across the table, instead of failing on an agent the
    game lacks."""
    from wartable.agents.registry import opponent

    assert opponent(wartable.get_game("undaunted")) == "heuristic"
    assert opponent(wartable.get_game("tactics2gm")) == "heuristic"
    assert opponent(wartable.get_game("duel")) == "ismcts"
    result = run("simulate", "duel", "--games", "2", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["agents"] == {"north": "random", "south": "random"}
    result = run("play", "duel", "--seed", "1", input="quit\n")
    assert result.exit_code == 0 and "unknown" not in result.output
