from __future__ import annotations

import pytest

from tests.games.undaunted.helpers import game, scenario, set_cards

# A strip of six tiles with two hills, plus one tile off the line:
#   1A(0) 10A(1) 2A(hill) 9A(hill) 17B(3) 13A(0)     and 4B below 10A
STRIP = [
    {"tile": "1A", "at": [0, 0]},
    {"tile": "10A", "at": [1, 0], "objective": 1},
    {"tile": "2A", "at": [2, 0], "objective": 2},
    {"tile": "9A", "at": [3, 0]},
    {"tile": "17B", "at": [4, 0], "objective": 3},
    {"tile": "13A", "at": [5, 0]},
    {"tile": "4B", "at": [1, -1]},
]
ALL_CARDS = {
    "platoon-sergeant": [1, 0],
    "platoon-guide": [1, 0],
    "squad-leader-A": [1, 0],
    "squad-leader-B": [1, 0],
    "rifleman-A": [1, 4],
    "rifleman-B": [1, 4],
    "scout-A": [1, 2],
    "machine-gunner-A": [1, 2],
    "sniper": [1, 2],
    "mortar": [1, 2],
    "fog-of-war": [2, 8],
}


@pytest.fixture(scope="session")
def strip_id(tmp_path_factory):
    return scenario(
        tmp_path_factory.mktemp("strip"),
        "strip",
        STRIP,
        us={
            "scouted": ["1A", "10A"],
            "spawns": [{"tile": "1A", "units": ["all"]}],
            "counters": {"1A": ["rifleman-A", "rifleman-B", "scout-A"]},
            "cards": ALL_CARDS,
            "victory": {"objective_points": 5},
        },
        germany={
            "scouted": ["13A", "17B"],
            "spawns": [{"tile": "13A", "units": ["all"]}],
            "counters": {"13A": ["rifleman-A", "rifleman-B", "scout-A"]},
            "cards": ALL_CARDS,
            "victory": {"objective_points": 5},
        },
    )


@pytest.fixture
def turn(strip_id):
    """Start a round with chosen hands: ``turn(us={...}, germany={...}, first="us")``.

    The first player wins the bid with the platoon sergeant over a Fog of War card; the
    given hands are what each holds after bidding. Decks and discards start empty.
    """

    def make(us=None, germany=None, first="us", seed=0, **zones):
        st = game().new_game(strip_id, seed=seed)
        hands = {"us": dict(us or {}), "germany": dict(germany or {})}
        second = "germany" if first == "us" else "us"
        hands[first]["platoon-sergeant"] = hands[first].get("platoon-sergeant", 0) + 1
        hands[second]["fog-of-war"] = hands[second].get("fog-of-war", 0) + 1
        for p in ("us", "germany"):
            set_cards(
                st,
                p,
                hand=hands[p],
                deck=zones.get(f"{p}_deck", []),
                discard=zones.get(f"{p}_discard", {}),
            )
        st.apply(first, "bid platoon-sergeant")
        st.apply(second, "bid fog-of-war")
        assert st.current_players == (first,)
        return st

    return make
