"""The search's estimate for 2GM Tactics: the facts it reads, the fitted weights each
scenario carries (``data/estimates.yaml``), their validation, and the fallback on the HQs'
hit points where a scenario has none."""

from __future__ import annotations

import math

import numpy as np
import pytest
import yaml

from tests.games.tactics2gm.scenes import GAME, put, scene
from tests.tooling import load_tool
from wartable import ContentError
from wartable.games.tactics2gm import estimates
from wartable.games.tactics2gm.outlook import FACTS, FAR, PER_SIDE, SHARED, facts

fit_estimate = load_tool("fit_estimate")
OMAHA = "omaha-beach"  # the allies must hold a square of row 4 at the end of round 10


def named(st) -> dict[str, float]:
    values = facts(st)
    assert len(values) == len(FACTS.names()) == len(SHARED) + 2 * len(PER_SIDE)
    return dict(zip(FACTS.names(), values, strict=True))


def test_the_facts_of_a_constructed_position():
    st = scene(phase="move", active="allies", ap=(7, 3), scenario=OMAHA)
    put(st, "light_infantry", 0, "C4")  # on the objective's row
    put(st, "light_infantry", 0, "C2")
    tiger = put(st, "tiger", 1, "D6")
    tiger.wounds = 1
    st.hq_hp[1] = 5
    st.destroyed = [2, 0]
    f = named(st)
    assert f["allies_act"] == 1.0 and f["round"] == pytest.approx(st.rounds_played() / 10)
    infantry = GAME.lib.card("light_infantry").cost
    assert f["allies.units"] == 2 and f["allies.strength"] == 2 * infantry
    assert f["axis.units"] == 1 and f["axis.strength"] == 8 and f["axis.wounds"] == 1
    assert f["allies.hq"] == 1.0 and f["axis.hq"] == 0.5
    assert f["allies.lost"] == 2 and f["axis.lost"] == 0
    assert f["allies.ap"] == 7 and f["axis.ap"] == 3
    assert f["allies.hand"] == len(st.hands[0]) and f["axis.deck"] == len(st.decks[1])
    assert f["allies.held"] == 1 and f["allies.reach"] == 0
    assert f["axis.held"] == 0 and f["axis.reach"] == 2  # D6 to D4
    assert f["allies.advance"] == pytest.approx((3 / 5 + 1 / 5) / 2)  # lines 4 and 2 of 6
    assert f["axis.advance"] == 0.0  # on its own edge
    st.pieces = [tiger]
    assert named(st)["allies.reach"] == FAR and named(st)["allies.advance"] == 0.0


def test_a_pitched_battle_has_no_squares_to_hold():
    st = scene(phase="move")
    put(st, "light_infantry", 0, "C4")
    f = named(st)
    assert f["allies.held"] == 0 and f["allies.reach"] == FAR
    assert f["round"] == pytest.approx(st.rounds_played() / st.max_rounds)


def test_the_estimate_is_the_fitted_chance_from_each_side():
    st = scene(phase="move", scenario=OMAHA)
    put(st, "light_infantry", 0, "C4")
    weights = [0.0] * (1 + len(FACTS.names()))
    weights[0] = -0.5
    weights[1 + FACTS.names().index("allies.held")] = 2.0
    st.outlook = tuple(weights)
    chance = 1 / (1 + math.exp(-(-0.5 + 2.0)))
    assert st.estimate("allies") == pytest.approx(2 * chance - 1)
    assert st.estimate("axis") == pytest.approx(1 - 2 * chance)


def test_without_weights_the_estimate_is_the_hqs_hit_points():
    st = scene(phase="move")
    st.outlook = None
    st.hq_hp = [10, 4]
    assert st.estimate("allies") == pytest.approx(0.6)
    assert st.estimate("axis") == pytest.approx(-0.6)


def test_every_scenario_ships_weights_in_the_order_of_the_facts():
    """Read back by name from the file: a wrong order in ``estimates.weights`` shows here."""
    doc = yaml.safe_load(estimates.ESTIMATES.read_text(encoding="utf-8"))["estimates"]
    for info in GAME.scenarios():
        st = GAME.new_game(info.id, seed=1)
        e = doc[info.id]
        by_name = {
            **e["shared"],
            **{f"{s}.{n}": v for s, w in e["sides"].items() for n, v in w.items()},
        }
        assert st.outlook == pytest.approx((e["bias"], *(by_name[n] for n in FACTS.names())))
        assert -1.0 <= st.estimate("allies") <= 1.0


def entry(**change):
    e = {
        "bias": 0.5,
        "shared": dict.fromkeys(SHARED, 0.0),
        "sides": {s: dict.fromkeys(PER_SIDE, 0.0) for s in ("allies", "axis")},
    }
    e.update(change)
    return e


def refused(tmp_path, doc) -> str:
    path = tmp_path / "estimates.yaml"
    path.write_text(yaml.safe_dump({"provenance": "house", "estimates": doc}), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        estimates.load([s.id for s in GAME.scenarios()], path)
    said = str(caught.value)
    assert str(path) in said
    return said


def test_a_malformed_file_is_refused_with_file_field_and_reason(tmp_path):
    bad_side = entry()
    del bad_side["sides"]["axis"]["hq"]
    bad_side["sides"]["axis"]["morale"] = 1.0
    said = refused(tmp_path, {"nowhere": entry(), "kasserine-pass": bad_side})
    assert "estimates.nowhere: no scenario 'nowhere'" in said
    assert "estimates.kasserine-pass.sides.axis: missing hq" in said
    assert "estimates.kasserine-pass.sides.axis.morale: not one of" in said
    said = refused(tmp_path, {"omaha-beach": entry(bias=float("nan"))})
    assert "estimates.omaha-beach.bias: Input should be a finite number" in said


def test_a_missing_file_leaves_every_scenario_on_the_fallback(tmp_path):
    assert estimates.load(["pitched-battle"], tmp_path / "none.yaml") == {}


def test_the_tool_writes_one_entry_per_scenario_and_keeps_the_others(tmp_path):
    path = tmp_path / "estimates.yaml"
    order = [s.id for s in GAME.scenarios()]
    size = 1 + len(FACTS.names())
    first, second = np.linspace(-1, 1, size), np.linspace(2, 3, size)
    table = fit_estimate.TABLES["tactics2gm"]

    def write(key, weights, note):
        entry = fit_estimate.table_entry(weights, note, estimates.FACTS)
        fit_estimate.write_table(path, order, key, entry, table.head())

    write("omaha-beach", first, "a")
    write("pitched-battle", first, "b")
    write("omaha-beach", second, "c")
    text = path.read_text(encoding="utf-8")
    assert text.startswith(estimates.ESTIMATES.read_text(encoding="utf-8")[:200])  # its heading
    assert text.index("pitched-battle:") < text.index("omaha-beach:")  # the game's order
    assert text.count("omaha-beach:") == 1 and 'note: "c"' in text
    got = estimates.load(order, path)
    assert got["omaha-beach"] == pytest.approx(tuple(second), abs=1e-6)
    assert got["pitched-battle"] == pytest.approx(tuple(first), abs=1e-6)


def test_the_tool_fits_and_writes_a_scenario_end_to_end(tmp_path, monkeypatch, capsys):
    path = tmp_path / "estimates.yaml"
    monkeypatch.setattr(fit_estimate.tactics2gm_estimates, "ESTIMATES", path)
    argv = ["--game", "tactics2gm", "kasserine-pass", "--games", "10", "--workers", "1"]
    assert fit_estimate.main([*argv, "--write"]) == 0
    assert "Brier on held-out games" in capsys.readouterr().out
    got = estimates.load([s.id for s in GAME.scenarios()], path)
    assert list(got) == ["kasserine-pass"] and len(got["kasserine-pass"]) == 1 + len(FACTS.names())


def test_the_tool_refuses_an_unknown_scenario_with_usage(capsys):
    with pytest.raises(SystemExit) as stop:
        fit_estimate.main(["--game", "tactics2gm", "crossroads"])
    assert stop.value.code == 2
    said = capsys.readouterr().err
    assert "usage:" in said and "tactics2gm has no scenario 'crossroads'" in said
