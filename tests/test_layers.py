"""The import-direction contract of docs/architecture.md."""

from __future__ import annotations

from tests.tooling import load_tool

check_imports = load_tool("check_imports")


def test_imports_point_downwards():
    assert check_imports.violations() == []


def test_the_check_catches_an_upward_import(tmp_path, monkeypatch):
    fake = tmp_path / "wartable"
    (fake / "core").mkdir(parents=True)
    (fake / "core" / "bad.py").write_text("from wartable.games.undaunted import Undaunted\n")
    monkeypatch.setattr(check_imports, "SRC", fake)
    found = check_imports.violations()
    assert len(found) == 1 and "core must not import wartable.games.undaunted" in found[0]


def test_relative_imports_are_resolved(tmp_path, monkeypatch):
    fake = tmp_path / "wartable"
    (fake / "geometry").mkdir(parents=True)
    (fake / "geometry" / "x.py").write_text("from ..agents import random\n")
    monkeypatch.setattr(check_imports, "SRC", fake)
    assert "geometry must not import wartable.agents" in check_imports.violations()[0]


def test_a_game_may_not_import_another_game(tmp_path, monkeypatch):
    fake = tmp_path / "wartable"
    (fake / "games" / "alpha").mkdir(parents=True)
    (fake / "games" / "alpha" / "rules.py").write_text(
        "from wartable.games.alpha import board\nfrom wartable.games.beta.rules import odds\n"
    )
    monkeypatch.setattr(check_imports, "SRC", fake)
    found = check_imports.violations()
    assert len(found) == 1 and "a game must not import another game" in found[0]
    assert "wartable.games.beta.rules" in found[0]
