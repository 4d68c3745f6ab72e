"""The search's estimate for Combat!: the facts it reads, the fitted weights a scenario
carries (the library's ``estimates.yaml``), their validation, the fallback on the points
scored where a scenario has none, and the fitting tool's solitaire turns."""

from __future__ import annotations

import math

import numpy as np
import pytest
import yaml

from tests.games.combat.scene import hex_index, put, scene
from tests.tooling import load_tool
from wartable import ContentError
from wartable.games.combat import estimates
from wartable.games.combat.game import Combat
from wartable.games.combat.library import CombatLibrary
from wartable.games.combat.model import CAPTURED, DEAD, GERMANY, IN_CUP
from wartable.games.combat.outlook import FACTS, FAR, facts
from wartable.games.combat.rules import scoring
from wartable.games.combat.rules.checks import ROUT, SHAKEN

fit_estimate = load_tool("fit_estimate")
SCENARIOS = [s.id for s in Combat().scenarios()]


def named(st) -> dict[str, float]:
    values = facts(st)
    assert len(values) == len(FACTS.names()) == len(FACTS.shared) + 2 * len(FACTS.per_side)
    return dict(zip(FACTS.names(), values, strict=True))


def germans(st) -> list[int]:
    return [s.index for s in st.soldiers if s.side == GERMANY and not s.decoy]


def test_the_facts_of_a_constructed_position():
    st = scene()  # every soldier off the map
    # the patrol's points: 20.06, 27.03, 29.14, 33.05
    near = put(st, "22.06", wounds=("light",))  # two hexes from 20.06
    put(st, "30.10", morale=SHAKEN, seen=False)
    hunted = put(st, "24.06", side=GERMANY, morale=ROUT, seen=False)
    put(st, "25.06", side=GERMANY)
    dead, taken, cup = [i for i in germans(st) if i != hunted][1:4]
    st.status[dead], st.status[taken], st.status[cup] = DEAD, CAPTURED, IN_CUP
    st.reached = frozenset({hex_index(st, "27.03")})
    st.vp_log = (("enemy_killed", 1),)
    st.turn = 3
    f = named(st)
    assert f["round"] == pytest.approx(3 / st.sc.turns)
    assert f["points"] == 1 + 4  # a kill, and a point reached
    assert f["open"] == 3 and f["open_late"] == pytest.approx(3 * 3 / st.sc.turns)
    assert f["to_point"] == 2
    assert f["us.men"] == 2 and f["us.wounded"] == 1 and f["us.shaken"] == 1
    assert f["us.spotted"] == 1 and f["us.routed"] == 0 and f["us.lost"] == 0
    assert f["germany.men"] == 2 and f["germany.routed"] == 1 and f["germany.spotted"] == 1
    assert f["germany.lost"] == 2 and f["germany.waiting"] == 1
    assert st.pos[near] >= 0


def test_no_squad_left_is_far_from_every_point_and_none_open_is_none():
    st = scene()
    assert named(st)["to_point"] == FAR
    put(st, "10.10")
    st.reached = frozenset(st.sc.objectives)
    assert named(st)["to_point"] == 0 and named(st)["open"] == 0


def test_the_estimate_is_the_fitted_chance():
    st = scene()
    put(st, "22.06")
    weights = [0.0] * (1 + len(FACTS.names()))
    weights[0] = 0.3
    weights[1 + FACTS.names().index("us.men")] = -1.0
    saved = st.sc.outlook
    try:
        st.sc.outlook = tuple(weights)
        chance = 1 / (1 + math.exp(-(0.3 - 1.0)))
        assert st.estimate("us") == pytest.approx(2 * chance - 1)
        assert st.clone().estimate("us") == st.estimate("us")
        st.sc.outlook = None  # a scenario without weights: the points so far
        assert st.estimate("us") == pytest.approx(scoring.standing(st))
    finally:
        st.sc.outlook = saved


def test_every_scenario_with_weights_reads_them_in_the_order_of_the_facts():
    """Read back by name from the file: a wrong order in the loader shows here."""
    doc = yaml.safe_load(estimates.ESTIMATES.read_text(encoding="utf-8"))["estimates"]
    assert doc  # the shipped library fits its scenarios
    game = Combat()
    for key, e in doc.items():
        st = game.new_game(key, seed=1)
        by_name = {
            **e["shared"],
            **{f"{s}.{n}": v for s, w in e["sides"].items() for n, v in w.items()},
        }
        assert st.sc.outlook == pytest.approx((e["bias"], *(by_name[n] for n in FACTS.names())))
        assert -1.0 <= st.estimate("us") <= 1.0


def test_a_library_without_the_file_falls_back_and_a_malformed_one_is_refused(tmp_path):
    lib = CombatLibrary()
    lib.folder = tmp_path  # read its estimates from an empty folder
    game = Combat(lib)
    assert all(game.new_game(s, seed=1).sc.outlook is None for s in SCENARIOS)
    entry = {
        "bias": 0.5,
        "shared": dict.fromkeys(FACTS.shared, 0.0),
        "sides": {s: dict.fromkeys(FACTS.per_side, 0.0) for s in FACTS.sides},
    }
    del entry["shared"]["points"]
    entry["sides"]["us"]["nerve"] = 1.0
    path = tmp_path / estimates.FILE
    path.write_text(
        yaml.safe_dump({"provenance": "house", "estimates": {"a-meeting-of-patrols": entry}}),
        encoding="utf-8",
    )
    with pytest.raises(ContentError) as caught:
        Combat(lib)
    said = str(caught.value)
    assert str(path) in said
    assert "estimates.a-meeting-of-patrols.shared: missing points" in said
    assert "estimates.a-meeting-of-patrols.sides.us.nerve: not one of" in said


def test_the_tool_reads_a_solitaire_position_at_every_turn(tmp_path, monkeypatch, capsys):
    """One player acts throughout: a turn starts with each of the scenario's turns."""
    rows, _, won = fit_estimate.play(("combat", "a-meeting-of-patrols", 5))
    assert [r[0] for r in rows] == pytest.approx([t / 7 for t in range(1, len(rows) + 1)])
    assert won in (0.0, 1.0)
    path = tmp_path / "estimates.yaml"
    monkeypatch.setattr(fit_estimate.combat_estimates, "ESTIMATES", path)
    argv = ["--game", "combat", "a-meeting-of-patrols", "--games", "10", "--workers", "1"]
    assert fit_estimate.main([*argv, "--write"]) == 0
    assert "Brier on held-out games" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    assert "the squad wins" in text and "combat/outlook.py" in text
    got = estimates.load(SCENARIOS, path)
    assert list(got) == ["a-meeting-of-patrols"] and len(got["a-meeting-of-patrols"]) == 1 + len(
        FACTS.names()
    )
    assert np.isfinite(got["a-meeting-of-patrols"]).all()
