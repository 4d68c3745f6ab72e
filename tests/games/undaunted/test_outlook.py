"""The search's estimate: the facts it reads, the fitted weights each scenario has in
``data/estimates.yaml`` (``estimates.py``, as the other games keep theirs), and the fallback
for a scenario without them (``outlook.py``)."""

from __future__ import annotations

import copy
import math
import shutil

import pytest
import yaml

from tests.games.undaunted.helpers import game, mark, place, set_cards
from wartable import ContentError
from wartable.agents import make_agent
from wartable.games.undaunted import Undaunted
from wartable.games.undaunted.content import SIDES
from wartable.games.undaunted.evaluation import evaluate
from wartable.games.undaunted.game import PACKAGE_DATA
from wartable.games.undaunted.outlook import PER_SIDE, SHARED, WIDTH, facts
from wartable.games.undaunted.state import ESTIMATE_SCALE


def named(st) -> dict[str, float]:
    names = [*SHARED, *(f"{side}.{n}" for side in SIDES for n in PER_SIDE)]
    values = facts(st)
    assert len(values) == len(names) == WIDTH - 1
    return dict(zip(names, values, strict=True))


def test_the_facts_of_a_constructed_position(strip_id):
    """On the strip (1A 10A 2A 9A 17B 13A in a row; objectives 10A 1, 2A 2, 17B 3)."""
    st = game().new_game(strip_id, seed=0)
    mark(st, "us", "10A", "controlled")
    mark(st, "us", "2A", "scouted")
    place(st, "us", "rifleman-A", "9A")  # 17B is 1 away, 2A 1 away (10A is held)
    place(st, "us", "rifleman-B", None)
    place(st, "us", "scout-A", "1A", suppressed=True)
    set_cards(
        st,
        "us",
        hand={"rifleman-A": 1, "fog-of-war": 2},
        deck=["rifleman-B", "scout-A"],
        discard={"rifleman-A": 1},
    )
    f = named(st)
    assert f["us.points"] == 1 and f["us.controlled"] == 1
    assert f["us.scouted"] == 2  # 1A from the start, and 2A
    assert f["us.scouted_points"] == 2  # 2A, scouted but not held
    assert f["us.riflemen"] == 1 and f["us.counters"] == 2 and f["us.suppressed"] == 1
    assert f["us.reach"] == pytest.approx(2 / 2 + 3 / 2)
    assert f["us.rifleman_cards"] == 3 and f["us.fog_cards"] == 2 and f["us.cards"] == 6
    st.apply("us", "bid fog-of-war")  # the bid card still counts, out of the hand as it is
    assert named(st)["us.fog_cards"] == 2 and named(st)["us.cards"] == 6
    assert f["germany.points"] == 0 and f["germany.riflemen"] == 2
    assert f["germany.reach"] == pytest.approx(1 / 5 + 2 / 4 + 3 / 2)  # from 13A
    assert f["round_x_lead"] == f["round"] * 1


def test_a_scenario_without_weights_falls_back_on_the_board_value(strip_id):
    st = game().new_game(strip_id, seed=0)
    assert st.sc.outlook is None
    assert st.estimate("us") == pytest.approx(math.tanh(evaluate(st, 0) / ESTIMATE_SCALE))


@pytest.mark.parametrize("scenario", ["crossroads", "hill-203", "la-raye", "rearguard"])
def test_shipped_weights_are_read_by_name_and_both_sides_agree(scenario):
    """The estimate is the file's log-odds, each weight matched to its fact by name (not by
    position), and what one side gains the other loses."""
    st = game().new_game(scenario, seed=4)
    walker = make_agent(game(), "random", 2)
    for _ in range(60):  # somewhere in the middle of a game, so the facts are not all zero
        p = st.current_players[0]
        st.apply(p, walker.act(st, p))
    table = yaml.safe_load((PACKAGE_DATA / "estimates.yaml").read_text(encoding="utf-8"))
    doc = table["estimates"][scenario]
    f = named(st)
    z = doc["bias"] + sum(doc["shared"][n] * f[n] for n in SHARED)
    z += sum(doc["sides"][s][n] * f[f"{s}.{n}"] for s in SIDES for n in PER_SIDE)
    assert st.estimate("us") == pytest.approx(2 / (1 + math.exp(-z)) - 1)
    assert st.estimate("germany") == pytest.approx(-st.estimate("us"))
    assert -1 < st.estimate("us") < 1


def refused(tmp_path, change) -> list[str]:
    """The problems a copy of the data with ``change`` made to its estimates is refused for."""
    target = tmp_path / "undaunted"
    shutil.copytree(PACKAGE_DATA, target)
    path = target / "estimates.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc["estimates"])
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        Undaunted(target)
    return info.value.problems


def test_a_malformed_estimate_is_refused_with_file_and_field(tmp_path):
    def numbers(table):
        table["crossroads"]["shared"]["round"] = "late"
        table["crossroads"]["shared"]["first_to_act"] = float("nan")

    problems = refused(tmp_path / "a", numbers)
    for text in (
        "estimates.yaml: estimates.crossroads.shared.round: Input should be a valid number",
        "estimates.yaml: estimates.crossroads.shared.first_to_act: Input should be a finite",
    ):
        assert any(text in p for p in problems), (text, problems)

    def names(table):
        table["crossroads"]["sides"]["us"].pop("riflemen")
        table["crossroads"]["sides"]["us"]["morale"] = 1.0  # no such fact
        table["hill-203"]["sides"].pop("germany")
        table["no-such-place"] = copy.deepcopy(table["la-raye"])

    problems = refused(tmp_path / "b", names)
    for text in ("crossroads.sides.us", "riflemen", "morale", "hill-203.sides", "germany",
                 "estimates.no-such-place: no scenario 'no-such-place'"):  # fmt: skip
        assert any(text in p and "estimates.yaml" in p for p in problems), (text, problems)


def test_a_players_scenario_without_weights_still_loads(tmp_path):
    """A player's own data without the table: every scenario falls back on the board value."""
    target = tmp_path / "undaunted"
    shutil.copytree(PACKAGE_DATA, target)
    (target / "estimates.yaml").unlink()
    st = Undaunted(target).new_game("la-raye", seed=0)
    assert st.sc.outlook is None
