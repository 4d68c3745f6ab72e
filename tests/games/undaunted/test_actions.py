"""One test per action and per edge case of the rulebook and RULINGS.md."""

from __future__ import annotations

import pytest

import wartable
from tests.games.undaunted.helpers import hand, mark, place, pos, set_cards, strs, zone
from wartable import Action, IllegalActionError

# ---- movement ---------------------------------------------------------------------------


def test_move_only_onto_scouted_or_controlled_tiles(turn):
    st = turn(us={"rifleman-A": 1})
    place(st, "us", "rifleman-A", "10A")
    st.apply("us", "play rifleman-A move")
    assert strs(st.legal_actions("us")) == {"move 1A", "done"}  # 2A and 4B are not scouted
    before = st.full_state()
    with pytest.raises(IllegalActionError):
        st.apply("us", "move 4B")
    assert st.full_state() == before
    st.apply("us", "move 1A")
    assert pos(st, "us", "rifleman-A") == "1A"


def test_move_is_not_offered_with_nowhere_to_go(turn):
    st = turn(us={"rifleman-A": 1})
    mark(st, "us", "10A", None)
    assert "play rifleman-A move" not in strs(st.legal_actions("us"))
    with pytest.raises(IllegalActionError, match="scouted or controlled"):
        st.apply("us", "play rifleman-A move")


def test_scout_marks_each_new_tile_and_takes_fog_per_marker(turn):
    st = turn(us={"scout-A": 1, "rifleman-A": 1})
    st.apply("us", "play scout-A scout")
    st.apply("us", "move 10A")  # already scouted: no marker, no Fog of War
    assert zone(st, "us", "discard", "fog-of-war") == 0
    st.apply("us", "move 2A")  # new: marker and one Fog of War card
    assert st.side("us").marks[st.sc.tile_index["2A"]] == 1
    assert zone(st, "us", "supply", "fog-of-war") == 7
    assert zone(st, "us", "discard", "fog-of-war") == 1


def test_scout_takes_fewer_fog_cards_when_supply_runs_out(turn):
    st = turn(us={"scout-A": 1, "rifleman-A": 1})
    set_cards(st, "us", supply={"rifleman-A": 4})
    st.apply("us", "play scout-A scout")
    st.apply("us", "move 10A")
    st.apply("us", "move 4B")
    assert st.side("us").marks[st.sc.tile_index["4B"]] == 1
    assert zone(st, "us", "discard", "fog-of-war") == 0


def test_scout_may_stop_early(turn):
    st = turn(us={"scout-A": 1, "rifleman-A": 1})
    st.apply("us", "play scout-A scout")
    st.apply("us", "move 10A")
    st.apply("us", "done")
    assert st.pending is None and pos(st, "us", "scout-A") == "10A"


def test_stalk_enters_unscouted_tiles_without_marking(turn):
    st = turn(us={"sniper": 1})
    place(st, "us", "sniper", "10A")
    st.apply("us", "play sniper stalk")
    assert "move 4B" in strs(st.legal_actions("us"))
    st.apply("us", "move 4B")
    assert st.side("us").marks[st.sc.tile_index["4B"]] == 0


def test_units_of_both_sides_may_share_tiles(turn):
    st = turn(us={"rifleman-A": 1})
    place(st, "germany", "scout-A", "10A")
    st.apply("us", "play rifleman-A move")
    st.apply("us", "move 10A")
    assert pos(st, "us", "rifleman-A") == pos(st, "germany", "scout-A") == "10A"


def test_guide_moves_another_ready_counter_but_not_a_suppressed_one(turn):
    st = turn(us={"platoon-guide": 1})
    place(st, "us", "rifleman-B", "1A", suppressed=True)
    st.apply("us", "play platoon-guide guide")
    choices = strs(st.legal_actions("us"))
    assert "guide rifleman-A" in choices and "guide rifleman-B" not in choices
    st.apply("us", "guide scout-A")
    st.apply("us", "move 10A")
    assert pos(st, "us", "scout-A") == "10A"


def test_moving_the_mortar_removes_its_target_marker(turn):
    st = turn(us={"mortar": 3, "platoon-guide": 1})
    st.apply("us", "play mortar target")  # mortar enters at 1A
    st.apply("us", "target 17B")
    assert st.side("us").target == st.sc.tile_index["17B"]
    st.apply("us", "play mortar move")
    st.apply("us", "move 10A")
    assert st.side("us").target == -1
    st.apply("us", "play mortar target")
    st.apply("us", "target 13A")
    st.apply("us", "play platoon-guide guide")
    st.apply("us", "guide mortar")
    st.apply("us", "move 1A")
    assert st.side("us").target == -1


# ---- spawning, suppression, hunkering ----------------------------------------------------


def test_playing_a_card_of_an_off_board_unit_spawns_it_ready(turn):
    st = turn(us={"machine-gunner-A": 2})
    assert pos(st, "us", "machine-gunner-A") is None
    st.apply("us", "hunker machine-gunner-A")  # hunkering never places a counter
    assert pos(st, "us", "machine-gunner-A") is None
    st.apply("us", "play machine-gunner-A move")
    assert pos(st, "us", "machine-gunner-A") == "1A"
    assert not st.side("us").supp[st.sc.unit_index["machine-gunner-A"]]


def test_suppressed_unit_cards_may_only_rally_or_hunker(turn):
    st = turn(us={"rifleman-A": 2, "rifleman-B": 1})
    place(st, "us", "rifleman-A", "1A", suppressed=True)
    mine = {str(a) for a in st.legal_actions("us") if "rifleman-A" in str(a)}
    assert mine == {"rally rifleman-A", "hunker rifleman-A"}
    with pytest.raises(IllegalActionError, match="suppressed"):
        st.apply("us", "play rifleman-A control")
    st.apply("us", "hunker rifleman-A")  # hunkering does not rally
    assert st.side("us").supp[st.sc.unit_index["rifleman-A"]]
    st.apply("us", "rally rifleman-A")
    assert not st.side("us").supp[st.sc.unit_index["rifleman-A"]]
    assert zone(st, "us", "play", "rifleman-A") == 1
    assert zone(st, "us", "supply", "rifleman-A") == 5


def test_fog_of_war_can_neither_be_played_nor_hunkered(turn):
    st = turn(us={"fog-of-war": 2, "rifleman-A": 1}, germany={"rifleman-A": 1})
    assert not any("fog-of-war" in str(a) for a in st.legal_actions("us"))
    with pytest.raises(IllegalActionError, match="only be bid"):
        st.apply("us", "hunker fog-of-war")
    st.apply("us", "hunker rifleman-A")
    # only Fog of War is left: ending the turn is all there is to do
    assert strs(st.legal_actions("us")) == {"end"}
    st.apply("us", "end")
    assert st.current_players == ("germany",)
    assert zone(st, "us", "discard", "fog-of-war") == 2


def test_end_turn_discards_hand_and_play_area(turn):
    st = turn(us={"rifleman-A": 2, "scout-A": 1}, germany={"rifleman-A": 1})
    st.apply("us", "play rifleman-A control")
    st.apply("us", "end")
    assert hand(st, "us") == {}
    assert zone(st, "us", "discard", "rifleman-A") == 2
    assert zone(st, "us", "discard", "scout-A") == 1
    assert zone(st, "us", "play", "rifleman-A") == 0


# ---- support ----------------------------------------------------------------------------


def test_bolster_up_to_x_from_supply_to_discard(turn):
    st = turn(us={"platoon-sergeant": 1, "rifleman-A": 1})
    st.apply("us", "play platoon-sergeant bolster")
    st.apply("us", "bolster rifleman-A")
    st.apply("us", "bolster scout-A")
    st.apply("us", "done")  # "up to": two of three is fine
    assert zone(st, "us", "supply", "rifleman-A") == 3
    assert zone(st, "us", "discard", "rifleman-A") == 1
    assert zone(st, "us", "discard", "scout-A") == 1


def test_bolster_with_a_squad_letter_takes_only_that_squad(turn):
    st = turn(us={"squad-leader-A": 1, "rifleman-B": 1})
    st.apply("us", "play squad-leader-A bolster")
    offered = strs(st.legal_actions("us"))
    assert offered == {"bolster rifleman-A", "bolster scout-A", "bolster machine-gunner-A", "done"}


def test_command_draws_and_reshuffles_the_discard_but_never_the_play_area(turn):
    st = turn(
        us={"platoon-sergeant": 1, "rifleman-A": 1},
        us_deck=["scout-A"],
        us_discard={"rifleman-B": 1},
    )
    st.apply("us", "play rifleman-A control")
    st.apply("us", "play platoon-sergeant command")
    st.apply("us", "draw")
    assert hand(st, "us") == {"scout-A": 1}
    st.apply("us", "draw")  # deck empty: the discard (rifleman-B and the bid) is shuffled in
    assert sum(st.side("us").hand) == 2
    assert zone(st, "us", "play", "rifleman-A") == 1
    assert zone(st, "us", "play", "platoon-sergeant") == 1


def test_conceal_gives_the_opponent_fog_or_fizzles(turn):
    st = turn(us={"scout-A": 2})
    st.apply("us", "play scout-A conceal")
    assert zone(st, "germany", "supply", "fog-of-war") == 7
    assert zone(st, "germany", "discard", "fog-of-war") == 2  # bid + conceal
    set_cards(st, "germany", supply={})
    assert "play scout-A conceal" in strs(st.legal_actions("us"))  # may fizzle
    events = st.apply("us", "play scout-A conceal")
    assert any(e.kind == "conceal" and e.data["moved"] == 0 for e in events)


def test_control_flips_the_enemy_marker_to_scouted(turn):
    st = turn(us={"rifleman-A": 1, "scout-A": 1})
    place(st, "us", "rifleman-A", "10A")
    mark(st, "germany", "10A", "controlled")
    st.apply("us", "play rifleman-A control")
    assert st.side("us").marks[st.sc.tile_index["10A"]] == 2
    assert st.side("germany").marks[st.sc.tile_index["10A"]] == 1


def test_control_is_not_offered_on_a_tile_already_held(turn):
    st = turn(us={"rifleman-A": 1})
    mark(st, "us", "1A", "controlled")
    assert "play rifleman-A control" not in strs(st.legal_actions("us"))


def test_only_riflemen_control(turn):
    st = turn(us={"scout-A": 1, "machine-gunner-A": 1, "sniper": 1})
    assert not any(str(a).endswith(" control") for a in st.legal_actions("us"))


def test_inspire_returns_squad_cards_but_not_itself(turn):
    st = turn(us={"squad-leader-A": 1, "rifleman-A": 1, "rifleman-B": 1, "scout-A": 1})
    st.apply("us", "play rifleman-B control")
    st.apply("us", "play scout-A conceal")
    st.apply("us", "play squad-leader-A inspire")
    assert strs(st.legal_actions("us")) == {"inspire scout-A", "done"}
    st.apply("us", "inspire scout-A")
    assert hand(st, "us") == {"rifleman-A": 1, "scout-A": 1}


def test_inspire_is_not_offered_with_nothing_to_return(turn):
    st = turn(us={"squad-leader-A": 1})
    assert "play squad-leader-A inspire" not in strs(st.legal_actions("us"))


def test_recon_removes_fog_and_draws(turn):
    st = turn(us={"scout-A": 1, "fog-of-war": 1}, us_deck=["rifleman-A"])
    st.apply("us", "play scout-A recon")
    assert zone(st, "us", "removed", "fog-of-war") == 1
    assert hand(st, "us") == {"rifleman-A": 1}


def test_recon_needs_fog_in_hand(turn):
    st = turn(us={"scout-A": 1})
    with pytest.raises(IllegalActionError, match="Fog of War"):
        st.apply("us", "play scout-A recon")


def test_target_needs_three_tiles_and_moves_to_another_tile(turn):
    st = turn(us={"mortar": 2})
    st.apply("us", "play mortar target")
    assert strs(st.legal_actions("us")) == {"target 9A", "target 17B", "target 13A"}
    st.apply("us", "target 9A")
    st.apply("us", "play mortar target")
    assert "target 9A" not in strs(st.legal_actions("us"))


# ---- combat -----------------------------------------------------------------------------


def attack(st, card, target, rolls, player="us", verb="attack"):
    st.apply(player, f"play {card} {verb}")
    st.rng.force(rolls)
    events = st.apply(player, f"{verb} {target}")
    return next(e for e in events if e.kind == verb), events


def test_total_defence_is_base_plus_cover_plus_range(turn):
    st = turn(us={"rifleman-A": 1}, germany_deck=["fog-of-war"])
    place(st, "germany", "scout-A", "17B")  # defence 5, cover 3, range 4 from 1A
    ev, _ = attack(st, "rifleman-A", "scout-A", [9])
    assert (ev.data["base"], ev.data["cover"], ev.data["range"], ev.data["total"]) == (5, 3, 4, 12)
    assert ev.data["hit"] is False


def test_a_zero_always_hits(turn):
    st = turn(us={"rifleman-A": 1})
    place(st, "germany", "scout-A", "17B")
    ev, _ = attack(st, "rifleman-A", "scout-A", [0])
    assert ev.data["total"] == 12 and ev.data["hit"] is True


def test_one_hit_die_is_enough_and_costs_one_card_only(turn):
    st = turn(us={"sniper": 1}, germany={"scout-A": 2})
    place(st, "germany", "scout-A", "1A")
    ev, events = attack(st, "sniper", "scout-A", [9, 9, 0])
    assert ev.data["hit"] is True
    assert [e.kind for e in events].count("casualty") == 1
    assert hand(st, "germany") == {"scout-A": 1}


def test_hill_cover_is_three_against_an_attacker_off_the_hills(turn):
    st = turn(us={"rifleman-A": 1})
    place(st, "germany", "rifleman-A", "2A")
    ev, _ = attack(st, "rifleman-A", "rifleman-A", [9])
    assert ev.data["cover"] == 3


def test_hill_cover_is_one_against_an_attacker_on_any_hill(turn):
    st = turn(us={"rifleman-A": 1})
    place(st, "us", "rifleman-A", "9A")  # another hill
    place(st, "germany", "rifleman-A", "2A")
    ev, _ = attack(st, "rifleman-A", "rifleman-A", [9])
    assert (ev.data["cover"], ev.data["range"]) == (1, 1)


def test_blast_hits_every_counter_on_the_tile_of_both_sides_without_range(turn):
    st = turn(us={"mortar": 2}, germany={"rifleman-A": 1})
    place(st, "us", "mortar", "13A")
    place(st, "germany", "rifleman-A", "2A")
    place(st, "germany", "scout-A", "2A")
    place(st, "us", "scout-A", "2A")
    st.apply("us", "play mortar target")
    st.apply("us", "target 2A")
    st.rng.force([1, 1, 1])
    events = st.apply("us", "play mortar blast")
    blasts = [e for e in events if e.kind == "blast"]
    assert sorted((e.data["target_side"], e.data["target"]) for e in blasts) == [
        ("germany", "rifleman-A"),
        ("germany", "scout-A"),
        ("us", "scout-A"),
    ]
    assert all(e.data["range"] == 0 and e.data["cover"] == 1 for e in blasts)  # hill vs blast
    assert all(e.data["hit"] is False for e in blasts)  # 1 < 4+1, 5+1


def test_blast_needs_a_target_marker(turn):
    st = turn(us={"mortar": 1})
    with pytest.raises(IllegalActionError, match="target marker"):
        st.apply("us", "play mortar blast")


def test_suppress_flips_instead_of_casualty_and_repeats_do_nothing(turn):
    st = turn(us={"machine-gunner-A": 3}, germany={"rifleman-A": 1})
    place(st, "germany", "rifleman-A", "10A")
    _, events = attack(st, "machine-gunner-A", "rifleman-A", [0, 9, 9, 9], verb="suppress")
    assert st.side("germany").supp[st.sc.unit_index["rifleman-A"]]
    assert not any(e.kind == "casualty" for e in events)
    assert hand(st, "germany") == {"rifleman-A": 1}
    _, events = attack(st, "machine-gunner-A", "rifleman-A", [0, 9, 9, 9], verb="suppress")
    assert not any(e.kind == "suppressed" for e in events)


@pytest.mark.parametrize(
    ("zones", "expected"),
    [
        ({"hand": {"rifleman-B": 1}, "discard": {"rifleman-B": 1}, "deck": ["rifleman-B"]}, "hand"),
        ({"hand": {}, "discard": {"rifleman-B": 1}, "deck": ["rifleman-B"]}, "discard"),
        ({"hand": {}, "discard": {}, "deck": ["scout-A", "rifleman-B", "fog-of-war"]}, "deck"),
    ],
)
def test_casualties_come_from_hand_then_discard_then_deck(turn, zones, expected):
    st = turn(us={"rifleman-A": 1})
    set_cards(st, "germany", **zones)
    place(st, "germany", "rifleman-B", "10A")
    _, events = attack(st, "rifleman-A", "rifleman-B", [0])
    casualty = next(e for e in events if e.kind == "casualty")
    assert casualty.data["zone"] == expected
    assert zone(st, "germany", "removed", "rifleman-B") == 1


def test_casualty_search_skips_play_area_and_supply_then_takes_the_counter(turn):
    st = turn(us={"rifleman-A": 1, "scout-A": 1})
    set_cards(
        st,
        "germany",
        hand={},
        discard={},
        deck=[],
        play={"rifleman-B": 1},
        supply={"rifleman-B": 4},
    )
    place(st, "germany", "rifleman-B", "10A")
    _, events = attack(st, "rifleman-A", "rifleman-B", [0])
    assert any(e.kind == "counter-lost" for e in events)
    assert pos(st, "germany", "rifleman-B") is None
    assert zone(st, "germany", "play", "rifleman-B") == 1
    assert zone(st, "germany", "supply", "rifleman-B") == 4


def test_deck_is_shuffled_after_a_casualty_from_it(turn):
    shuffled = False
    for seed in range(5):
        st = turn(us={"rifleman-A": 1, "scout-A": 1}, seed=seed)
        deck = ["fog-of-war", "scout-A", "rifleman-B", "sniper", "mortar", "platoon-guide"]
        set_cards(st, "germany", hand={}, discard={}, deck=deck)
        place(st, "germany", "rifleman-B", "10A")
        attack(st, "rifleman-A", "rifleman-B", [0])
        left = [st.sc.kinds[k].key for k in st.side("germany").deck]
        assert sorted(left) == sorted(d for d in deck if d != "rifleman-B")
        shuffled |= left != [d for d in deck if d != "rifleman-B"]
    assert shuffled


# ---- the round ----------------------------------------------------------------------------


def test_higher_bid_takes_initiative_and_a_tie_keeps_it(strip_id):
    from tests.games.undaunted.helpers import game

    st = game().new_game(strip_id, seed=0)
    assert st.view(None)["initiative"] == "us"
    set_cards(st, "us", hand={"scout-A": 1, "rifleman-A": 3})
    set_cards(st, "germany", hand={"scout-A": 1, "rifleman-A": 3})
    st.apply("germany", "bid scout-A")
    assert st.view("us")["sides"]["germany"]["bid_made"] is True
    assert "bid" not in st.view("us")["sides"]["germany"]
    st.apply("us", "bid scout-A")  # tie: the holder keeps it
    assert st.view(None)["initiative"] == "us" and st.current_players == ("us",)
    assert zone(st, "us", "discard", "scout-A") == zone(st, "germany", "discard", "scout-A") == 1


def test_round_draws_four_and_reshuffles(turn):
    st = turn(us={"rifleman-A": 1}, germany={"rifleman-A": 1})
    st.apply("us", "end")
    st.apply("germany", "end")
    assert st.round == 2 and st.phase == "bid"
    # decks were empty: each discard pile (bid card + rifleman) became the new deck
    assert sum(st.side("us").hand) == 2 and sum(st.side("germany").hand) == 2
    assert not any(st.side("us").discard) and not st.side("us").deck


def test_attack_odds_are_shown_before_rolling(turn):
    st = turn(us={"machine-gunner-A": 1})
    place(st, "us", "machine-gunner-A", "9A")
    place(st, "germany", "rifleman-A", "17B")
    st.apply("us", "play machine-gunner-A attack")
    info = st.action_info("us", st.sc.actions.attack[st.sc.unit_index["rifleman-A"]])
    assert info["total"] == 4 + 3 + 1
    assert info["chance"] == pytest.approx(1 - 0.7**2)  # faces 0, 8, 9 hit on each of 2 dice
    assert "= 8" in info["text"] and "51%" in info["text"]


@pytest.mark.parametrize("total", range(0, 14))
@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_hit_chance_matches_counting_every_roll(total, dice):
    from itertools import product

    from wartable.games.undaunted.rules.combat import hit_chance

    rolls = list(product(range(10), repeat=dice))
    hits = sum(any(r == 0 or r >= total for r in roll) for roll in rolls)
    assert hit_chance(total, dice) == pytest.approx(hits / len(rolls))


def test_playing_an_attack_card_shows_the_best_odds(turn):
    st = turn(us={"rifleman-A": 1})
    place(st, "germany", "rifleman-A", "10A")  # 4 + 1 + 1 = 6: faces 0, 6-9
    place(st, "germany", "rifleman-B", "17B")
    place(st, "germany", "scout-A", "17B")
    info = st.action_info("us", st.sc.actions.play[st.sc.kind_index["rifleman-A"]]["attack"])
    assert info["chance"] == pytest.approx(0.5)
    assert info["text"] == "best 50% to hit (rifleman-A)"


def advance_until(state, wanted, seed=0):
    """Play random legal actions until the player to act may take an action named ``wanted``."""
    from wartable.agents.random import RandomAgent

    agent = RandomAgent(seed)
    while not state.is_over:
        player = state.current_players[0]
        for action in state.legal_actions(player):
            if str(action).startswith(wanted):
                return player, action
        state.apply(player, agent.act(state, player))
    raise AssertionError(f"no {wanted!r} in this game")


def test_undo_only_back_to_the_last_roll_or_reveal():
    from tests.games.undaunted.helpers import game

    g = game()
    st = g.new_game("la-raye", seed=4)
    player, play = advance_until(st, "play rifleman-A move")
    before = st.full_state()
    st.apply(player, play)
    st.apply(player, next(a for a in st.legal_actions(player) if a.verb == "move"))
    assert st.undoable(player) == 2  # both revealed nothing
    assert st.undoable("germany" if player == "us" else "us") == 0
    back = g.undo(g.undo(st, player), player)
    assert {**back.full_state(), "actions": 0} == {**before, "actions": 0}

    player, play = advance_until(st, "play platoon-sergeant command", seed=1)
    st.apply(player, play)
    st.apply(player, Action("draw"))  # a card was revealed to its owner: no way back past it
    assert st.undoable(player) == 0
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        g.undo(st, player)

    player, play = advance_until(st, "attack ", seed=2)  # a target choice: dice come next
    st.apply(player, play)
    assert st.undoable(player) == 0


def test_the_kinds_that_end_an_undo_are_kinds_the_game_emits():
    """Undo stops at a bid, the initiative, a turn's or round's end, a drawn count and the
    game's end (state.TURNING): each of those names must be an event kind the rules really
    emit, or a misspelt one would silently let undo go back past it."""
    from wartable.agents.random import RandomAgent
    from wartable.games.undaunted.state import TURNING

    kinds: set[str] = set()
    for seed in range(3):
        st = wartable.get_game("undaunted").new_game("la-raye", seed=seed)
        agent = RandomAgent(seed)
        while not st.is_over:
            p = st.current_players[0]
            kinds.update(e.kind for e in st.apply(p, agent.act(st, p)))
    assert kinds >= TURNING, sorted(TURNING - kinds)
