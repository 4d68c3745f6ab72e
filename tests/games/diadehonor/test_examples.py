"""The rulebook's worked examples (rules index E1, E2a, E2b, E2b') with forced dice, and the
flanking boundaries the index derives from DH-32."""

from __future__ import annotations

import io

from rich.console import Console

from tests.games.diadehonor.scene import at, put, scene
from wartable.core.action import Action
from wartable.games.diadehonor import terminal
from wartable.games.diadehonor.rules import attack, ground


def peterson_and_hermann(**peterson):
    st = scene()
    p = put(st, "peterson", "allies", "light", 0, 0, missions=3, **peterson)
    h = put(st, "hermann", "axis", "assault", 0, -4)
    return st, p, h


def test_e1_a_prone_soldier_fires_and_wounds_once():
    st, p, h = peterson_and_hermann()
    st.apply("allies-1", Action("prone", ("peterson",)))
    st.rng.force([5])
    st.apply("allies-1", Action("fire", ("peterson", "hermann")))
    assert st.wounds[h] == 1  # 5 + 2 = 7 against 6: Herido
    terms = attack.ranged_terms(st, h, p)
    assert terms.attack == 2  # Hermann shows +2 ...
    assert st.kind(h).resistance - attack.penalty(st, h) == 5  # ... and R 5
    assert st.prone[p] and terms.defence == 7 and st.actions[p] == 0  # DH-20, DH-24


def test_e1_dh42_dh49_every_view_shows_the_wounded_hermann_at_plus_2_and_r_5():
    """After E1's wound, Hermann's attack and resistance are shown as they stand (+2 / R 5),
    the printed +3 / R 6 beside them, to both sides and to a spectator; on the terminal too:
    in his own player's table and in the enemy's line of the other squads."""
    st, _, _ = peterson_and_hermann()
    st.apply("allies-1", Action("prone", ("peterson",)))
    st.rng.force([5])
    st.apply("allies-1", Action("fire", ("peterson", "hermann")))
    for viewer in (None, "allies-1", "axis-1"):
        hermann = next(u for u in st.view(viewer)["units"] if u["key"] == "hermann")
        assert (hermann["effective_attack"], hermann["effective_resistance"]) == (2, 5)
        assert (hermann["attack"], hermann["resistance"]) == (3, 6)
        assert terminal.values(hermann) == "+2/5 (+3/6)"
    peterson = next(u for u in st.view(None)["units"] if u["key"] == "peterson")
    assert terminal.values(peterson) == "+2/5"  # lying prone changes his defence, not his R
    assert "+2/5 (+3/6)" in drawn(st.view("axis-1"))
    assert "+2/5 (+3/6)" in drawn(st.view("allies-1"))


def drawn(view: dict) -> str:
    console = Console(width=160, file=io.StringIO(), color_system=None, record=True)
    console.print(terminal.render(view))
    return console.export_text()


def test_e2a_the_rule_wins_one_wound_is_herido_not_grave():
    st, p, h = peterson_and_hermann(prone=True)
    st.pos[h] = st.battle.grid.index(st.battle.grid.parse(at(0, -7)))
    st.wounds[h] = 1
    st.order, st.seat = ("axis", "allies"), st.sides.index("axis")
    assert ground.distance(st, h, p) > st.kind(h).range  # out of range before the move
    st.apply("axis-1", Action("move", ("hermann", at(0, -4))))
    st.rng.force([6])
    st.apply("axis-1", Action("fire", ("hermann", "peterson")))
    assert st.wounds[p] == 1  # 6 + 3 - 1 = 8 against 5 + 2 = 7; the example's "Grave" is wrong


def e2b(peterson_wounds: int):
    st, p, h = peterson_and_hermann(prone=True, wounds=peterson_wounds)
    st.wounds[h] = 1
    g = put(st, "gunther", "axis", "light", 0, 10)
    st.order, st.seat = ("axis", "allies"), st.sides.index("axis")
    st.apply("axis-1", Action("move", ("gunther", at(0, 4))))
    assert ground.flanker(st, g, p) == h  # 180 degrees apart, both in range and sight
    st.rng.force([4])
    st.apply("axis-1", Action("fire", ("gunther", "peterson")))
    return st, p


def test_e2b_flanked_peterson_ends_critico_and_alive():
    st, p = e2b(1)
    assert st.wounds[p] == 3 and st.status[p] == "active"  # 4 + 2 + 2 = 8 against 6: 2 wounds


def test_e2b_prime_from_grave_the_fifth_wound_kills():
    st, p = e2b(2)
    assert st.wounds[p] == 5 and st.status[p] == "dead" and st.pos[p] == -1  # 8 against 5


def test_flanking_is_exactly_135_degrees_or_more():
    st = scene()
    target = put(st, "target", "allies", "light", 0, 0)
    hermann = put(st, "hermann", "axis", "light", 0, -4)
    second = put(st, "second", "axis", "light", 3, 3)
    assert ground.flanks(st, hermann, second, target)  # exactly 135 degrees: +2
    st.pos[second] = st.battle.grid.index(st.battle.grid.parse(at(4, 3)))
    assert not ground.flanks(st, hermann, second, target)  # about 126.9 degrees: nothing
