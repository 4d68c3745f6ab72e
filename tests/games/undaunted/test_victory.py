"""End of the game: objectives, pinned down, both pinned, against all hope, round limit."""

from __future__ import annotations

from tests.games.undaunted.helpers import game, mark, place, scenario, set_cards


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
    st = turn(us={"sniper": 1})
    place(st, "germany", "rifleman-A", "10A")
    # germany's last rifleman card is in its discard pile; its counters are on the board
    set_cards(st, "germany", hand={}, deck=[], supply={}, discard={"rifleman-A": 1})
    st.apply("us", "play sniper attack")
    st.rng.force([0, 0, 0])
    st.apply("us", "attack rifleman-A")  # the hit removes that last card from the game
    assert st.side("germany").pos[st.sc.unit_index["rifleman-A"]] >= 0  # still standing
    assert st.outcome is not None
    assert st.outcome.winner == "us" and st.outcome.reason == "germany is pinned down"


def test_the_victory_check_runs_only_when_it_could_find_a_winner():
    """Only a casualty, a counter off the board or a control changes what the check reads
    (rules/flow.py, DECISIVE): after any other action a fresh check finds nothing."""
    from wartable.agents.registry import make_agent
    from wartable.games.undaunted.rules import flow, victory

    for seed in range(8):  # random play, and heuristics, which take objectives to the goal
        st = game().new_game(("la-raye", "crossroads", "rearguard")[seed % 3], seed=seed)
        name = "random" if seed % 2 else "heuristic"
        agents = {p: make_agent(game(), name, seed * 2 + n) for n, p in enumerate(st.players)}
        while not st.is_over:
            p = st.current_players[0]
            events = st.apply(p, agents[p].act(st, p))
            if st.outcome is None and not any(e.kind in flow.DECISIVE for e in events):
                twin = st.clone()
                assert not victory.check(twin, []), [e.kind for e in events]


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

    with pytest.raises(WartableError, match="has no option 'rounds'"):
        game().new_game(strip_id, options={"rounds": 3})
    with pytest.raises(WartableError, match="at least 1"):
        game().new_game(strip_id, options={"max_rounds": 0})


# ---- goals other than objective points (rulebook: End of the game; item 13) -------------

GOAL_MAP = [
    {"tile": "1A", "at": [0, 0]},
    {"tile": "10A", "at": [1, 0], "objective": 1},
    {"tile": "2A", "at": [2, 0], "objective": 2},
    {"tile": "9A", "at": [3, 0]},
]
GOAL_CARDS = {"rifleman-A": [1, 2], "rifleman-B": [1, 2], "sniper": [1, 2], "fog-of-war": [2, 4]}


def goal_game(tmp_path, name: str, us_goal: dict, germany_goal: dict):
    """Both sides with two rifleman counters and a sniper on a four-tile strip."""

    def side(at: str, goal: dict) -> dict:
        return {
            "scouted": [at],
            "spawns": [{"tile": at, "units": ["all"]}],
            "counters": {at: ["rifleman-A", "rifleman-B", "sniper"]},
            "cards": GOAL_CARDS,
            "victory": goal,
        }

    sid = scenario(tmp_path, name, GOAL_MAP, side("1A", us_goal), side("9A", germany_goal))
    st = game().new_game(sid, seed=1)
    for p in ("us", "germany"):
        set_cards(st, p, hand={"sniper": 1, "fog-of-war": 1}, deck=[], discard={})
    st.apply("us", "bid sniper")  # 5 beats 0: the US act first
    st.apply("germany", "bid fog-of-war")
    return st


def snipe(st, shooter: str, unit: str) -> list:
    """``shooter``'s sniper hits ``unit``, whose side has its rifleman cards in supply only:
    the counter leaves the board, and no side is short of rifleman cards."""
    other = "germany" if shooter == "us" else "us"
    set_cards(st, other, hand={}, discard={}, deck=[], supply={"rifleman-A": 2, "rifleman-B": 2})
    set_cards(st, shooter, hand={"sniper": 1})
    assert st.current_players == (shooter,)
    st.apply(shooter, "play sniper attack")
    st.rng.force([0])
    return st.apply(shooter, f"attack {unit}")


def take(st, side: str, tile: str) -> None:
    """``side``'s rifleman A steps onto ``tile`` and a rifleman A card takes control of it."""
    set_cards(st, side, hand={"rifleman-A": 1})
    place(st, side, "rifleman-A", tile)
    mark(st, side, tile, "scouted")
    st.apply(side, "play rifleman-A control")


def test_a_pin_down_side_does_not_win_on_objective_points(tmp_path):
    st = goal_game(tmp_path, "pin-points", {"goal": "pin-down"}, {"objective_points": 9})
    mark(st, "us", "10A", "controlled")
    take(st, "us", "2A")
    assert st.points(0) == 3  # plenty for a goal in points, but this is not one
    assert st.outcome is None


def test_a_pin_down_side_wins_when_the_enemy_is_pinned_down(tmp_path):
    st = goal_game(tmp_path, "pin-win", {"goal": "pin-down"}, {"objective_points": 9})
    place(st, "germany", "rifleman-B", None)
    snipe(st, "us", "rifleman-A")
    assert st.outcome is not None
    assert (st.outcome.winner, st.outcome.kind) == ("us", "pinned down")


def test_against_all_hope_a_pin_down_opponent_wins_at_once(tmp_path):
    """Germany, out to reach points, loses its last rifleman card: it counts as pinned down,
    and the US, whose goal is to pin it, wins although German riflemen stand on the board."""
    st = goal_game(tmp_path, "hope-pin", {"goal": "pin-down"}, {"objective_points": 9})
    set_cards(st, "germany", hand={}, discard={}, supply={}, deck=["rifleman-B"])
    set_cards(st, "us", hand={"sniper": 1})
    st.apply("us", "play sniper attack")
    st.rng.force([0])
    st.apply("us", "attack rifleman-B")  # the last rifleman card leaves Germany's deck
    assert st.outcome is not None
    assert (st.outcome.winner, st.outcome.reason) == ("us", "germany is pinned down")


def test_a_pin_down_side_without_rifleman_cards_is_not_pinned_while_its_riflemen_stand(tmp_path):
    """Against all hope concerns a side that needs objectives; a side out to pin the enemy
    down is pinned only when its last rifleman counter leaves the board."""
    st = goal_game(tmp_path, "pin-hope", {"objective_points": 9}, {"goal": "pin-down"})
    set_cards(st, "germany", hand={}, discard={}, supply={}, deck=["rifleman-B"])
    set_cards(st, "us", hand={"sniper": 1})
    st.apply("us", "play sniper attack")
    st.rng.force([0])
    st.apply("us", "attack rifleman-B")
    assert st.outcome is None
    assert not st.view(None)["sides"]["germany"]["pinned_down"]


def test_more_objectives_wins_when_the_enemy_is_pinned_while_ahead(tmp_path):
    st = goal_game(tmp_path, "more-ahead", {"goal": "more-objectives"}, {"objective_points": 9})
    mark(st, "us", "10A", "controlled")  # 1-0
    place(st, "germany", "rifleman-B", None)
    snipe(st, "us", "rifleman-A")
    assert st.outcome is not None
    assert (st.outcome.winner, st.outcome.kind) == ("us", "more objectives")
    assert "1-0" in st.outcome.reason


def test_more_objectives_level_plays_on_until_it_leads(tmp_path):
    st = goal_game(tmp_path, "more-level", {"goal": "more-objectives"}, {"objective_points": 9})
    mark(st, "germany", "10A", "controlled")  # 0-1: pinning Germany is not enough
    place(st, "germany", "rifleman-B", None)
    snipe(st, "us", "rifleman-A")
    assert st.outcome is None
    assert st.view(None)["sides"]["germany"]["pinned_down"]
    take(st, "us", "2A")  # 2 points: the US lead 2-1 and win at once
    assert st.outcome is not None
    assert (st.outcome.winner, st.outcome.kind) == ("us", "more objectives")


def test_more_objectives_level_and_then_pinned_too_goes_to_points(tmp_path):
    st = goal_game(tmp_path, "more-both", {"goal": "more-objectives"}, {"objective_points": 9})
    mark(st, "germany", "10A", "controlled")
    place(st, "germany", "rifleman-B", None)
    snipe(st, "us", "rifleman-A")
    assert st.outcome is None
    st.apply("us", "end")
    # Germany's sniper pins the US down too: both pinned, Germany leads 1-0
    place(st, "us", "rifleman-B", None)
    snipe(st, "germany", "rifleman-A")
    assert st.outcome is not None
    assert (st.outcome.winner, st.outcome.kind) == ("germany", "both pinned down")


def test_against_all_hope_a_more_objectives_opponent_wins_only_when_ahead(tmp_path):
    """The US, out to reach points, lose their last rifleman card and count as pinned down.
    Germany, out to hold more objectives, is level: play goes on; a lead then wins."""
    st = goal_game(tmp_path, "hope-more", {"objective_points": 9}, {"goal": "more-objectives"})
    st.apply("us", "end")
    set_cards(st, "us", hand={}, discard={}, supply={}, deck=["rifleman-B"])
    set_cards(st, "germany", hand={"sniper": 1})
    st.apply("germany", "play sniper attack")
    st.rng.force([0])
    st.apply("germany", "attack rifleman-B")
    assert st.outcome is None  # 0-0: no lead yet
    assert st.view(None)["sides"]["us"]["pinned_down"]
    take(st, "germany", "10A")
    assert st.outcome is not None
    assert (st.outcome.winner, st.outcome.kind) == ("germany", "more objectives")


def test_goals_are_shown_and_checked_in_the_scenario_file(tmp_path):
    import pytest

    from wartable import ContentError

    st = goal_game(tmp_path, "shown", {"goal": "pin-down"}, {"goal": "more-objectives"})
    sides = st.view("us")["sides"]
    assert sides["us"]["goal"] is None and "pin the enemy down" in sides["us"]["victory"]
    assert "more objective points" in sides["germany"]["victory"]
    with pytest.raises(ContentError, match="needs it"):
        goal_game(tmp_path, "no-points", {"goal": "objective-points"}, {"goal": "pin-down"})
    with pytest.raises(ContentError, match="takes none"):
        goal_game(tmp_path, "extra", {"goal": "pin-down", "objective_points": 3}, {})
