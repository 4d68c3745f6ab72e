"""Secret objectives (DH-80 to DH-83, Q3, Q33): the deal, who may see them, each kind of
condition, the win it gives the side, and samples that agree with what a seat has seen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.diadehonor.scene import at, put, scene, zoned
from wartable.core.action import Action
from wartable.core.errors import ContentError
from wartable.games.diadehonor import content
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.rules import objectives

LIB = content.load()
DONE = Action("done", ())


def holding(st, seat: int, key: str, *, pool: tuple[str, ...] | None = None) -> None:
    """``seat`` holds ``key``; the battle deals from ``pool`` (every objective by default)."""
    st.pool = tuple(sorted(st.lib.objectives)) if pool is None else pool
    st.objectives[seat] = key
    st.ruled_out = [set() for _ in st.players]
    st._legal_cache = None


def objective(st, key: str, *conditions: dict) -> str:
    """A test objective ``key`` of ``conditions`` added to the battle's library."""
    made = content.Objective.model_validate(
        {"title": key.replace("_", " ").capitalize(), "text": key, "conditions": list(conditions)}
    )
    st.lib = replace(st.lib, objectives={**st.lib.objectives, key: made})
    return key


def end_round(st) -> None:
    """Both sides pass their activations: the round ends."""
    st.deck = []
    while st.phase == "activate" and st.round == 1:
        st.apply(st.current_players[0], DONE)


def test_at_least_twelve_objectives_each_a_testable_condition():
    assert len(LIB.objectives) >= 12
    kinds = {c.kind for o in LIB.objectives.values() for c in o.conditions}
    assert kinds == {"kills", "hold", "survive"}


def test_dh80_q33_one_each_shown_to_nobody_else_teammates_included():
    st = DiaDeHonor().new_game("crossroads", seed=4, options={"players": "3v3"})
    assert len(set(st.objectives)) == 6 and set(st.objectives) <= set(st.pool)
    for seat, player in enumerate(st.players):
        mine = st.view(player)["objective"]
        assert mine["id"] == st.objectives[seat] and mine["title"]
        others = [k for s, k in enumerate(st.objectives) if s != seat]
        text = str(st.view(player))
        assert not [k for k in others if k in text or LIB.objectives[k].title in text]
    assert st.view(None)["objective"] is None


def test_q3_an_objective_is_dealt_only_where_the_battlefield_has_its_area():
    game = DiaDeHonor()
    flat = [k for k in game.lib.boards.battlefields if not any(game.battle(k).level)]
    hilly = [k for k in game.lib.boards.battlefields if any(game.battle(k).level)]
    assert hilly
    assert "high_ground" in objectives.pool(game.lib, game.battle(hilly[0]))
    for key in flat:
        assert "high_ground" not in objectives.pool(game.lib, game.battle(key))


def test_kills_count_only_the_players_own_kills_of_the_named_kind():
    st = scene()
    able = put(st, "able", "allies", "light", 0, 0)
    put(st, "baker", "allies", "light", 1, 0)
    berg = put(st, "berg", "axis", "heavy", 0, -3)
    put(st, "carl", "axis", "light", 5, -5)
    rockets = objective(st, "rockets", {"kind": "kills", "count": 1, "types": ["heavy"]})
    holding(st, 1, rockets, pool=(rockets,))
    st.wounds[berg] = 4
    st.rng.force([6])
    st.apply("allies-1", Action("fire", ("able", "berg")))
    assert st.is_over and st.outcome.kind == "secret objective"
    assert st.outcome.scores == {"axis-1": -1.0, "allies-1": 1.0}
    assert "Rockets" in st.outcome.reason
    assert st.killer[berg] == 1 and able == 0


def test_cold_steel_counts_duels_only():
    st = scene()
    put(st, "able", "allies", "assault", 0, 0)
    berg = put(st, "berg", "axis", "light", 0, -1)
    put(st, "carl", "axis", "light", 5, -5)
    holding(st, 1, "cold_steel", pool=("cold_steel",))
    st.wounds[berg] = 4
    st.rng.force([6, 1])  # able wins the duel with a 6: 2 wounds
    st.apply("allies-1", Action("melee", ("able", "berg")))
    assert st.death[berg] == "melee" and not st.is_over  # one of two
    assert objectives.kills(st, 1) == [("light", "melee")]


def test_hold_is_judged_as_the_round_ends_and_alone_means_no_enemy_there():
    st = scene(battle=zoned())
    for n in range(3):
        put(st, f"a{n}", "allies", "light", n, 0)  # rows 11-12 are the centre of this field
    enemy = put(st, "berg", "axis", "light", 5, 0)
    centre_ = objective(st, "centre", {"kind": "hold", "area": "centre", "units": 3})
    holding(st, 1, centre_, pool=(centre_,))
    centre = st.battle.areas[("centre", "allies")]
    assert st.pos[0] in centre and st.pos[enemy] in centre
    st.apply("allies-1", Action("move", ("a0", at(0, -1))))
    st.apply("allies-1", Action("move", ("a0", at(0, 0))))
    assert not st.is_over  # never mid-round
    end_round(st)
    assert not st.is_over  # an enemy stands there
    st = scene(battle=zoned())
    for n in range(3):
        put(st, f"a{n}", "allies", "light", n, 0)
    put(st, "berg", "axis", "light", 5, -8)
    late = objective(st, "late", {"kind": "hold", "area": "centre", "units": 3, "from_round": 2})
    holding(st, 1, late, pool=(late,))
    end_round(st)
    assert not st.is_over  # from round 2 only
    st = scene(battle=zoned())
    for n in range(3):
        put(st, f"a{n}", "allies", "light", n, 0)
    put(st, "berg", "axis", "light", 5, -8)
    centre_ = objective(st, "centre", {"kind": "hold", "area": "centre", "units": 3})
    holding(st, 1, centre_, pool=(centre_,))
    end_round(st)
    assert st.is_over and st.outcome.kind == "secret objective"


def test_behind_their_lines_needs_two_in_the_enemy_start_zone():
    st = scene(battle=zoned())
    put(st, "a0", "allies", "light", 0, -11)  # the axis zone: the top two rows
    put(st, "a1", "allies", "light", 1, -10)
    put(st, "berg", "axis", "light", 5, -11)  # there too: it need not be alone
    behind = objective(
        st, "behind", {"kind": "hold", "area": "enemy_zone", "units": 2, "alone": False}
    )
    holding(st, 1, behind, pool=(behind,))
    end_round(st)
    assert st.is_over and st.outcome.winner == "allies-1"


def test_survive_is_judged_at_the_end_of_its_round():
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    for n in range(3):
        dead = put(st, f"d{n}", "axis", "light", n, -5)
        st.status[dead], st.pos[dead], st.killer[dead], st.death[dead] = "dead", -1, 1, "fire"
    put(st, "berg", "axis", "light", 5, -5)
    veterans = objective(
        st, "veterans", {"kind": "survive", "round": 8, "lost_at_most": 1, "kills_at_least": 3}
    )
    holding(st, 1, veterans, pool=(veterans,))
    st.round = 7
    st.apply("allies-1", DONE)
    st.apply("axis-1", DONE)
    assert not st.is_over  # round 7 is not its round
    st.round = 8
    st.order, st.turn, st.seat, st.phase = ("allies", "axis"), 0, 1, "activate"
    st._legal_cache = None
    st.apply("allies-1", DONE)
    st.apply("axis-1", DONE)
    assert st.is_over and "Veterans" in st.outcome.reason


def test_dh83_when_one_event_wins_for_both_sides_the_acting_side_wins():
    st = scene()
    put(st, "able", "allies", "heavy", 0, 0)
    berg = put(st, "berg", "axis", "heavy", 0, -3)
    rockets = objective(st, "rockets", {"kind": "kills", "count": 1, "types": ["heavy"]})
    holding(st, 1, rockets, pool=(rockets, "attrition"))
    st.objectives[0] = "attrition"
    st.ruled_out = [set(), set()]
    st.wounds[berg] = 4
    st.rng.force([6])  # the axis' last unit dies: the allies win both ways
    st.apply("allies-1", Action("fire", ("able", "berg")))
    assert st.outcome.winner == "allies-1" and st.outcome.kind == "secret objective"


def test_an_objective_seen_met_is_ruled_out_and_no_sample_deals_it():
    st = scene()
    put(st, "able", "allies", "heavy", 0, 0)
    berg = put(st, "berg", "axis", "heavy", 0, -3)
    put(st, "carl", "axis", "light", 5, -5)
    rockets = objective(st, "rockets", {"kind": "kills", "count": 1, "types": ["heavy"]})
    pool = ("attrition", "cold_steel", rockets, "scrap_metal")
    holding(st, 1, "attrition", pool=pool)
    st.objectives[0] = "cold_steel"
    st.wounds[berg] = 4
    st.rng.force([6])
    st.apply("allies-1", Action("fire", ("able", "berg")))
    assert not st.is_over and st.ruled_out[1] == {rockets}
    for seed in range(30):  # from the axis' seat: the allies cannot hold Rockets
        sample = st.sample_hidden("axis-1", seed)
        assert sample.objectives[0] == "cold_steel"
        assert sample.objectives[1] in {"attrition", "scrap_metal"}


def test_a_sample_depends_only_on_what_the_seat_knows():
    a = DiaDeHonor().new_game("crossroads", seed=1, options={"players": "2v2"})
    b = a.clone()
    b.objectives[1], b.objectives[3] = b.objectives[3], b.objectives[1]  # unseen by seat 0
    for seed in range(5):
        assert (
            a.sample_hidden("axis-1", seed).objectives == b.sample_hidden("axis-1", seed).objectives
        )


def test_a_malformed_objective_is_refused_with_file_field_and_reason(tmp_path):
    for name in ("units", "ranks", "boards", "cards"):
        (tmp_path / f"{name}.yaml").write_text((content.DATA / f"{name}.yaml").read_text())
    good = (content.DATA / "objectives.yaml").read_text()
    bad = good.replace("types: [tank]", "types: [panzer]")
    (tmp_path / "objectives.yaml").write_text(bad)
    where = r"objectives.yaml.*tank_hunter.conditions.0.types.*panzer"
    with pytest.raises(ContentError, match=where):
        content.load(tmp_path)
    bad = good.replace("area: centre", "area: church")
    (tmp_path / "objectives.yaml").write_text(bad)
    with pytest.raises(ContentError, match=r"objectives.yaml.*hold_the_centre.conditions"):
        content.load(tmp_path)
