"""The soak (make slow): random legal play of every game x scenario x line-up x option set,
bounded in time, failing on any exception with the case that replays it. The budget is
``WARTABLE_SOAK_SECONDS`` a game (45 by default); ``tools/soak.py`` runs longer soaks and
writes what it finds into tests/cases/."""

from __future__ import annotations

import json
import os

import pytest

import wartable
from wartable.sim import soak

SECONDS = float(os.environ.get("WARTABLE_SOAK_SECONDS", "45"))


@pytest.mark.slow
@pytest.mark.parametrize("name", wartable.game_names())
def test_random_play_of_every_setting_meets_no_fault(name):
    report = soak.soak([name], SECONDS, seed=int(os.environ.get("WARTABLE_SOAK_SEED", "0")))
    case = json.dumps(report.fault, indent=1) if report.fault else ""
    assert report.fault is None, f"a fault after {report.games} games; its case:\n{case}"
    every = set(soak.settings([name]))
    assert report.settings | report.refused == every  # each setting played, or turned down
    assert len(report.refused) < len(every) / 2


def test_the_settings_cover_every_scenario_line_up_and_option():
    every = soak.settings(["tactics2gm"])
    assert {s.scenario for s in every} == {
        sc.id for sc in wartable.get_game("tactics2gm").scenarios()
    }
    seen = {(k, v) for s in every for k, v in s.options}
    assert {("players", p) for p in ("1v1", "2v1", "1v2", "2v2")} <= seen
    assert {("fields", "two"), ("novice", "both"), ("late_terrain", True)} <= seen
    assert ("deck_allies", "usa-landing") in seen and ("deck_axis", "germany-coast") in seen
    assert not any(k in ("custom_allies", "custom_axis", "max_rounds") for k, _ in seen)


def test_a_fault_is_reported_with_the_case_that_replays_it(monkeypatch):
    """A rules fault planted on the 10th action of the duel: the soak stops there and hands
    back a case that replays to the very step."""
    game = wartable.get_game("duel")
    state_class = type(game.new_game(None, seed=1))
    plain = state_class._apply

    def faulty(self, player, action):
        if self.action_count == 9:
            raise KeyError("planted")
        return plain(self, player, action)

    monkeypatch.setattr(state_class, "_apply", faulty)
    report = soak.soak(["duel"], 5.0, seed=3)
    case = report.fault
    assert case is not None and "KeyError" in case["error"] and len(case["history"]) == 9
    monkeypatch.setattr(state_class, "_apply", plain)
    st = game.new_game(case["scenario"], seed=case["seed"], options=case["options"])
    for seat, text in case["history"]:
        st.apply(seat, text)
    assert case["action"] in {str(a) for a in st.legal_actions(case["player"])}


def test_a_game_that_never_ends_is_a_fault(monkeypatch):
    monkeypatch.setattr(soak, "LONGEST", 3)
    report = soak.soak(["undaunted"], 0.0)
    assert report.fault is not None and "no end after 3 actions" in report.fault["error"]
    assert len(report.fault["history"]) == 3
