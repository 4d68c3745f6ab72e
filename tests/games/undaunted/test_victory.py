"""End of the game: objectives, pinned down, both pinned, against all hope, round limit."""

from __future__ import annotations

from tests.games.undaunted.helpers import game, mark, place, set_cards


def test_reaching_the_objective_goal_wins_at_once(turn):
    st = turn(us={"rifleman-A": 2, "scout-A": 1})
    mark(st, "us", "2A", "controlled")  # 2 points; the goal is 5
    place(st, "us", "rifleman-A", "17B")  # 3 points more once controlled
    mark(st, "us", "17B", "scouted")
    st.apply("us", "play rifleman-A control")
    assert st.outcome is not None
    assert st.outcome.winner == "us"
    assert "5 objective points" in st.outcome.reason
    assert st.outcome.scores == {"us": 5.0, "germany": 0.0}
    assert st.current_players == ()


def test_losing_the_last_rifleman_counter_pins_a_side_down(turn):
    st = turn(us={"sniper": 1})
    for unit in ("rifleman-A", "rifleman-B"):
        place(st, "germany", unit, None)
    place(st, "germany", "rifleman-A", "10A")
    set_cards(st, "germany", hand={}, discard={}, deck=[], supply={"rifleman-A": 4})
    st.apply("us", "play sniper attack")
    st.rng.force([0, 0, 0])
    st.apply("us", "attack rifleman-A")
    assert st.outcome is not None
    assert st.outcome.winner == "us" and st.outcome.reason == "germany is pinned down"


def blast_both_last_riflemen(st, before=None):
    """Both sides' last rifleman counters share 2A with no card left to lose; the US blasts."""
    for side in ("us", "germany"):
        place(st, side, "rifleman-B", None)
        place(st, side, "rifleman-A", "2A")
        set_cards(st, side, discard={}, deck=[], supply={"rifleman-A": 4})
    set_cards(st, "germany", hand={})
    if before:
        before(st)
    place(st, "us", "mortar", "13A")
    st.apply("us", "play mortar target")
    st.apply("us", "target 2A")
    st.rng.force([0, 0])
    st.apply("us", "play mortar blast")


def test_both_pinned_at_once_goes_to_points(turn):
    st = turn(us={"mortar": 2, "scout-A": 1})
    blast_both_last_riflemen(st, lambda st: mark(st, "germany", "10A", "controlled"))
    assert st.outcome is not None
    assert st.outcome.winner == "germany"
    assert st.outcome.reason.startswith("both sides pinned down; objective points 0-1")


def test_both_pinned_on_equal_points_goes_to_the_initiative_holder(turn):
    st = turn(us={"mortar": 2, "scout-A": 1}, first="us")
    blast_both_last_riflemen(st)
    assert st.outcome is not None
    assert st.outcome.winner == "us"
    assert "initiative holder" in st.outcome.reason


def test_against_all_hope_no_rifleman_card_left_is_pinned(turn):
    st = turn(us={"scout-A": 2})
    for zone in ("supply", "discard"):
        set_cards(st, "germany", **{zone: {}})
    set_cards(st, "germany", hand={}, deck=[])
    # germany's riflemen are on the board but every rifleman card is gone from the game
    st.apply("us", "play scout-A conceal")
    assert st.outcome is not None
    assert st.outcome.winner == "us" and st.outcome.reason == "germany is pinned down"


def test_round_limit_ends_the_game_by_points(strip_id):
    st = game().new_game(strip_id, seed=3, options={"max_rounds": 1})
    while not st.is_over:
        for p in st.current_players:
            legal = st.legal_actions(p)
            end = [a for a in legal if str(a) == "end"]
            st.apply(p, end[0] if end else legal[0])
            break
    assert st.round == 2
    assert "round limit of 1" in st.outcome.reason


def test_unknown_or_bad_options_are_rejected(strip_id):
    import pytest

    from wartable import WartableError

    with pytest.raises(WartableError, match="unknown option"):
        game().new_game(strip_id, options={"rounds": 3})
    with pytest.raises(WartableError, match="positive integer"):
        game().new_game(strip_id, options={"max_rounds": 0})
