"""`wartable report STUDY`: the figures come from the study's files, the page stands alone
(no file or address outside it), and what a study file says is shown, never run."""

from __future__ import annotations

import csv
import re

from typer.testing import CliRunner

from wartable.cli.main import app
from wartable.sim.digest import digest
from wartable.sim.report import render, write_report

runner = CliRunner()


def study(tmp_path, *args):
    folder = tmp_path / "study"
    result = runner.invoke(app, ["simulate", *args, "--out", str(folder), "--workers", "1"])
    assert result.exit_code == 0, result.output
    return folder


def rows(folder, name="games.csv"):
    with (folder / name).open(newline="") as f:
        return list(csv.DictReader(f))


def test_the_digest_counts_what_the_files_hold(tmp_path):
    folder = study(
        tmp_path, "undaunted", "--scenario", "la-raye", "--agents", "heuristic,random",
        "--games", "8", "--seed", "3",
    )  # fmt: skip
    games, marks = rows(folder), rows(folder, "marks.csv")
    d = digest(folder)
    assert d.tally.games == 8
    assert d.tally.wins["us"] == sum(r["winner"] == "us" for r in games)
    assert sum(d.first.values()) == sum(bool(r["first"]) for r in games)
    assert sum(d.where.values()) == len(marks)
    taken = {(m["index"], m["where"], m["seat"]) for m in marks if m["what"] == "objective taken"}
    assert sum(d.first_taken.values()) == len(taken)
    assert set(d.spec.places) >= {m["where"] for m in marks if m["where"]}


def test_the_page_stands_alone_and_shows_the_figures(tmp_path):
    folder = study(
        tmp_path, "undaunted", "--scenario", "la-raye", "--agents", "heuristic,random",
        "--games", "8", "--seed", "3",
    )  # fmt: skip
    result = runner.invoke(app, ["report", str(folder)])
    assert result.exit_code == 0, result.output
    page = (folder / "report.html").read_text()
    for heading in (
        "Who wins", "First-player advantage", "How long games last", "How games end",
        "Where and when", "Which objectives fall, and when",
    ):  # fmt: skip
        assert heading in page
    wins = sum(r["winner"] == "us" for r in rows(folder))
    assert f'<td class="n">{wins}</td>' in page
    # every picture is inside the page; nothing is fetched from anywhere
    sources = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    assert "http://" not in page and "https://" not in page
    assert "<script" not in page


def test_a_solitaire_study_reports_its_own_figures(tmp_path):
    folder = study(
        tmp_path, "combat", "--scenario", "a-meeting-of-patrols", "--agents", "random",
        "--games", "4",
    )  # fmt: skip
    page = render(digest(folder))
    assert "Scores and figures per game" in page
    assert "score of us" in page and "enemy killed" in page
    assert "not won" in page
    assert "First-player advantage" not in page  # one seat: nobody to be ahead of


def test_text_from_a_study_file_is_escaped(tmp_path):
    folder = study(
        tmp_path, "undaunted", "--scenario", "la-raye", "--agents", "random,random",
        "--games", "2",
    )  # fmt: skip
    games = (folder / "games.csv").read_text()
    first = rows(folder)[0]
    (folder / "games.csv").write_text(games.replace(first["kind"], "<script>alert(1)</script>", 1))
    page = render(digest(folder))
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_an_empty_study_still_gives_a_page(tmp_path):
    folder = study(
        tmp_path, "undaunted", "--scenario", "la-raye", "--agents", "random,random",
        "--games", "1",
    )  # fmt: skip
    (folder / "games.csv").unlink()
    assert "no games yet" in render(digest(folder))


def test_bad_report_arguments_say_why(tmp_path):
    missing = runner.invoke(app, ["report", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "is not a folder" in missing.output
    assert "Usage" in missing.output
    empty = runner.invoke(app, ["report", str(tmp_path)])
    assert empty.exit_code == 2 and "not a study (no study.json)" in empty.output
    folder = study(
        tmp_path, "undaunted", "--scenario", "la-raye", "--agents", "random,random",
        "--games", "1",
    )  # fmt: skip
    nowhere = runner.invoke(app, ["report", str(folder), "--out", str(tmp_path / "a" / "b.html")])
    assert nowhere.exit_code == 2 and "cannot be written" in nowhere.output
    assert "Traceback" not in nowhere.output
    assert write_report(folder, tmp_path / "r.html").read_text().startswith("<!doctype html>")
