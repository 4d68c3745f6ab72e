"""The rulebook's example round (German scout, riflemen, the US machine gun's attack).

Reproduced on a constructed five-tile map with the geometry the example needs: the Germans
can reach 17B through 3B; the US machine gunners stand two tiles from 17B and move to the
hill 2A, next to it. Dice are forced to the example's 5 and 8.
"""

from __future__ import annotations

import pytest

from tests.games.undaunted.helpers import game, hand, mark, pos, scenario, set_cards, zone


@pytest.fixture
def example(tmp_path):
    sid = scenario(
        tmp_path,
        "example-round",
        tiles=[
            {"tile": "5B", "at": [0, -1]},
            {"tile": "3B", "at": [0, 0]},
            {"tile": "17B", "at": [1, 0], "objective": 2},
            {"tile": "2A", "at": [2, 1]},
            {"tile": "7A", "at": [3, 2]},
        ],
        us={
            "scouted": ["7A", "2A"],
            "spawns": [{"tile": "7A", "units": ["all"]}],
            "counters": {"7A": ["machine-gunner-C", "rifleman-C"]},
            "cards": {
                "machine-gunner-C": [1, 0],
                "squad-leader-C": [1, 0],
                "rifleman-C": [1, 0],
                "fog-of-war": [1, 5],
            },
        },
        germany={
            "scouted": ["5B", "3B"],
            "spawns": [{"tile": "5B", "units": ["all"]}],
            "counters": {"5B": ["rifleman-A", "scout-B"]},
            "cards": {
                "scout-B": [1, 0],
                "rifleman-A": [2, 3],
                "platoon-sergeant": [1, 0],
                "fog-of-war": [0, 5],
            },
        },
        initiative="us",
    )
    st = game().new_game(sid, seed=1)
    set_cards(
        st,
        "germany",
        hand={"platoon-sergeant": 1, "scout-B": 1, "rifleman-A": 2},
        deck=[],
        discard={},
    )
    set_cards(
        st,
        "us",
        hand={"rifleman-C": 1, "machine-gunner-C": 1, "squad-leader-C": 1, "fog-of-war": 1},
        deck=[],
        discard={},
    )
    return st


def test_example_round(example):
    st = example
    # Both reveal at once: the German sergeant (9) beats the US rifleman (5).
    st.apply("germany", "bid platoon-sergeant")
    assert st.current_players == ("us",)  # nothing revealed until both have chosen
    st.apply("us", "bid rifleman-C")
    assert st.view("us")["initiative"] == "germany"
    assert st.current_players == ("germany",)
    assert zone(st, "germany", "discard", "platoon-sergeant") == 1  # bids go to discard
    assert zone(st, "us", "discard", "rifleman-C") == 1

    # Riflemen may not enter 17B yet: the Germans have no marker there.
    st.apply("germany", "play rifleman-A move")
    assert "move 17B" not in {str(a) for a in st.legal_actions("germany")}
    st.apply("germany", "done")  # (the example plays the scout first; this card is spent)
    set_cards(st, "germany", hand={"scout-B": 1, "rifleman-A": 2}, play={})

    # Scout B: 5B -> 3B (already scouted) -> 17B (new marker, one Fog of War card).
    fog_supply = zone(st, "germany", "supply", "fog-of-war")
    st.apply("germany", "play scout-B scout")
    st.apply("germany", "move 3B")
    st.apply("germany", "move 17B")
    assert pos(st, "germany", "scout-B") == "17B"
    assert st.view(None)["tiles"][2]["markers"]["germany"] == "scouted"
    assert zone(st, "germany", "supply", "fog-of-war") == fog_supply - 1
    assert zone(st, "germany", "discard", "fog-of-war") == 1

    # Riflemen A move onto the now-scouted 17B, then a second card takes control.
    st.apply("germany", "play rifleman-A move")
    st.apply("germany", "move 17B")
    st.apply("germany", "play rifleman-A control")
    assert st.view(None)["tiles"][2]["markers"]["germany"] == "controlled"
    assert st.view(None)["sides"]["germany"]["objective_points"] == 2
    # Trevor's hand is empty: he ends his turn and his played cards go to discard.
    assert [str(a) for a in st.legal_actions("germany")] == ["end"]
    st.apply("germany", "end")
    assert st.current_players == ("us",)
    assert zone(st, "germany", "discard", "rifleman-A") == 2
    assert hand(st, "germany") == {}

    # David: machine gunners C move to the hill 2A, next to 17B.
    st.apply("us", "play machine-gunner-C move")
    st.apply("us", "move 2A")
    assert pos(st, "us", "machine-gunner-C") == "2A"
    # The squad leader C inspires them: the machine gunner card returns to hand.
    st.apply("us", "play squad-leader-C inspire")
    st.apply("us", "inspire machine-gunner-C")
    assert hand(st, "us") == {"machine-gunner-C": 1, "fog-of-war": 1}

    # Attack: defence 4 + cover 3 + range 1 = 8; rolls 5 and 8 hit.
    st.apply("us", "play machine-gunner-C attack")
    st.rng.force([5, 8])
    events = st.apply("us", "attack rifleman-A")
    attack = next(e for e in events if e.kind == "attack")
    assert (attack.data["base"], attack.data["cover"], attack.data["range"]) == (4, 3, 1)
    assert attack.data["total"] == 8
    assert attack.data["rolls"] == [5, 8]
    assert attack.data["hit"] is True
    # No riflemen card in Trevor's hand: one is removed from his discard pile.
    casualty = next(e for e in events if e.kind == "casualty")
    assert casualty.data == {
        "player": "germany", "card": "rifleman-A", "zone": "discard", "tile": "17B",
    }  # fmt: skip
    assert zone(st, "germany", "removed", "rifleman-A") == 1
    cycle = sum(zone(st, "germany", z, "rifleman-A") for z in ("deck", "hand", "discard"))
    assert cycle == 1  # two were in the discard pile, one is gone

    # David's last card is Fog of War, which cannot be played: he ends his turn, and the
    # round is over.
    assert [str(a) for a in st.legal_actions("us")] == ["end"]
    events = st.apply("us", "end")
    assert any(e.kind == "round" for e in events)
    assert st.round == 2 and st.phase == "bid"


def test_enemy_counter_blocks_control(example):
    st = example
    st.apply("germany", "bid platoon-sergeant")
    st.apply("us", "bid fog-of-war")
    mark(st, "germany", "2A", "scouted")
    from tests.games.undaunted.helpers import place

    place(st, "germany", "rifleman-A", "2A")
    place(st, "us", "machine-gunner-C", "2A")
    plays = {str(a) for a in st.legal_actions("germany")}
    assert "play rifleman-A control" not in plays
    with pytest.raises(Exception, match="enemy counter"):
        st.apply("germany", "play rifleman-A control")
