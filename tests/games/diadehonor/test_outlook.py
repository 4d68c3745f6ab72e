"""The search's estimate for Día de Honor: the facts it reads (objective progress among them),
the fitted weights each battlefield carries (``data/estimates.yaml``), their validation, and
the fallback on the squads' health where a battlefield has none."""

from __future__ import annotations

import math

import numpy as np
import pytest
import yaml

from tests.games.diadehonor.scene import put, scene, zoned
from tests.games.diadehonor.test_objectives import holding, objective
from tests.tooling import load_tool
from wartable import ContentError
from wartable.games.diadehonor import estimates
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.outlook import FACTS, facts
from wartable.games.diadehonor.rules import objectives

fit_estimate = load_tool("fit_estimate")
GAME = DiaDeHonor()
FIELDS = [s.id for s in GAME.scenarios()]


def named(st) -> dict[str, float]:
    values = facts(st)
    assert len(values) == len(FACTS.names()) == 2 + 2 * len(FACTS.per_side)
    return dict(zip(FACTS.names(), values, strict=True))


def kill(st, victim: int, by_seat: int, how: str = "fire") -> None:
    st.status[victim], st.pos[victim] = "dead", -1
    st.killer[victim], st.death[victim] = by_seat, how


def test_the_facts_of_a_constructed_position():
    st = scene(battle=zoned())  # the allies act; axis zone rows 0-1, allies rows 22-23
    able = put(st, "able", "allies", "light", 0, 0, wounds=2, prone=True)
    baker = put(st, "baker", "allies", "assault", 1, 0)
    berg = put(st, "berg", "axis", "heavy", 0, -3)
    carl = put(st, "carl", "axis", "light", 5, -5)
    st.actions[able] = 1
    kill(st, carl, 1)
    reserve = st.enlist(0, "tank")  # the axis' tank waits off the map
    st.hands = [["a", "b"], ["c"]]
    st.round = 3
    f = named(st)
    assert f["axis_act"] == 0.0 and f["round"] == pytest.approx(3 / st.max_rounds)
    assert f["allies.units"] == 2 and f["allies.health"] == 3 + 5
    assert f["allies.prone"] == 1 and f["allies.actions"] == 1 + 2
    assert f["allies.kills"] == 1 and f["allies.lost"] == 0 and f["allies.hand"] == 1
    assert f["axis.units"] == 1 and f["axis.lost"] == 1 and f["axis.reserve"] == 1
    assert f["axis.hand"] == 2 and f["axis.kills"] == 0
    assert st.status[reserve] == "reserve"
    # rows run 0 (the axis' back row) to 23 (the allies' back); a unit's advance is how far
    # it stands from the back of its own zone towards the enemy's, 0 to 1
    rows = st.battle.grid.rows
    row_of = {i: st.battle.square(st.pos[i])[1] for i in (able, berg)}
    span = rows - 2  # from one back row to the enemy zone's near edge
    assert f["axis.advance"] == pytest.approx(row_of[berg] / span)
    allies = [(rows - 1 - st.battle.square(st.pos[i])[1]) / span for i in (able, baker)]
    assert f["allies.advance"] == pytest.approx(sum(allies) / 2)


def test_progress_is_the_share_of_the_secret_objective_done():
    st = scene(battle=zoned())
    able = put(st, "able", "allies", "light", 0, 0)
    foes = [put(st, f"foe{k}", "axis", "light", k, -3) for k in range(3)]
    hunt = objective(
        st, "hunt", {"kind": "kills", "count": 2, "types": ["heavy"]}, {"kind": "kills", "count": 4}
    )
    holding(st, 1, hunt, pool=(hunt,))
    assert objectives.progress(st, 1) == 0.0
    kill(st, foes[0], 1)
    kill(st, foes[1], 1)
    assert objectives.progress(st, 1) == pytest.approx((0 / 2 + 2 / 4) / 2)
    assert named(st)["allies.progress"] == pytest.approx(0.25)
    hold = objective(st, "hold", {"kind": "hold", "area": "enemy_zone", "units": 2})
    holding(st, 1, hold, pool=(hold,))
    st.pos[able] = next(iter(st.battle.zones["axis"]))
    assert objectives.progress(st, 1) == pytest.approx(1 / 2)
    st.pos[foes[2]] = sorted(st.battle.zones["axis"])[-1]  # an enemy in an area held alone
    assert objectives.progress(st, 1) == pytest.approx(1 / 4)
    last = objective(
        st, "last", {"kind": "survive", "round": 4, "lost_at_most": 0, "kills_at_least": 4}
    )
    holding(st, 1, last, pool=(last,))
    st.round = 2
    assert objectives.progress(st, 1) == pytest.approx((2 / 4 + 2 / 4) / 2)
    kill(st, able, 0)  # one lost where none may be: the objective is out of reach
    assert objectives.progress(st, 1) == 0.0


def test_the_estimate_is_the_fitted_chance_from_each_side():
    st = scene(battle=zoned())
    put(st, "able", "allies", "light", 0, 0)
    weights = [0.0] * (1 + len(FACTS.names()))
    weights[0] = 0.3
    weights[1 + FACTS.names().index("allies.units")] = -1.0
    st.outlook = tuple(weights)
    chance = 1 / (1 + math.exp(-(0.3 - 1.0)))
    assert st.estimate("axis-1") == pytest.approx(2 * chance - 1)
    assert st.estimate("allies-1") == pytest.approx(1 - 2 * chance)
    twin = st.clone()
    assert twin.outlook == st.outlook and twin.estimate("axis-1") == st.estimate("axis-1")


def test_without_weights_the_estimate_is_the_squads_health():
    st = scene(battle=zoned())
    put(st, "able", "allies", "light", 0, 0, wounds=1)
    put(st, "berg", "axis", "light", 0, -3)
    st.outlook = None
    assert st.estimate("allies-1") == pytest.approx((4 - 5) / 9)


def test_every_battlefield_ships_weights_in_the_order_of_the_facts():
    """Read back by name from the file: a wrong order in the loader shows here."""
    doc = yaml.safe_load(estimates.ESTIMATES.read_text(encoding="utf-8"))["estimates"]
    for key in FIELDS:
        st = GAME.new_game(key, seed=1, options={"players": "2v2"})
        e = doc[key]
        by_name = {
            **e["shared"],
            **{f"{s}.{n}": v for s, w in e["sides"].items() for n, v in w.items()},
        }
        assert st.outlook == pytest.approx((e["bias"], *(by_name[n] for n in FACTS.names())))
        assert -1.0 <= st.estimate("axis-2") <= 1.0


def test_a_malformed_file_is_refused_with_file_field_and_reason(tmp_path):
    def entry(**change):
        e = {
            "bias": 0.5,
            "shared": dict.fromkeys(FACTS.shared, 0.0),
            "sides": {s: dict.fromkeys(FACTS.per_side, 0.0) for s in FACTS.sides},
        }
        return {**e, **change}

    bad = entry()
    del bad["shared"]["round"]
    bad["sides"]["allies"]["morale"] = 2.0
    path = tmp_path / "estimates.yaml"

    def refused(doc) -> str:
        text = yaml.safe_dump({"provenance": "house", "estimates": doc})
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ContentError) as caught:
            estimates.load(FIELDS, path)
        said = str(caught.value)
        assert str(path) in said
        return said

    said = refused({"nowhere": entry(), "hedgerow": bad})
    assert "estimates.nowhere: no scenario 'nowhere'" in said
    assert "estimates.hedgerow.shared: missing round" in said
    assert "estimates.hedgerow.sides.allies.morale: not one of" in said
    said = refused({"crossroads": entry(bias=float("inf"))})
    assert "estimates.crossroads.bias: Input should be a finite number" in said
    assert estimates.load(FIELDS, tmp_path / "none.yaml") == {}


def test_the_tool_fits_and_writes_a_battlefield_end_to_end(tmp_path, monkeypatch, capsys):
    path = tmp_path / "estimates.yaml"
    monkeypatch.setattr(fit_estimate.diadehonor_estimates, "ESTIMATES", path)
    argv = ["--game", "diadehonor", "hedgerow", "--games", "10", "--workers", "1", "--write"]
    assert fit_estimate.main(argv) == 0
    assert "Brier on held-out games" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    assert "the axis wins" in text and "diadehonor/outlook.py" in text
    got = estimates.load(FIELDS, path)
    assert list(got) == ["hedgerow"] and len(got["hedgerow"]) == 1 + len(FACTS.names())
    assert np.isfinite(got["hedgerow"]).all()
