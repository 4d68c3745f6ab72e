"""The generic contract, run against every registered game and scenario.

Any game added to the registry is picked up here without a line of new test code.
"""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pytest

import wartable
from tests.conformance.playing import (
    CASES,
    IDS,
    SEEN_IDS,
    digest_of_a_game,
    play_on,
)
from tests.conformance.seen import SEEN_CASES
from wartable.agents.random import RandomAgent
from wartable.core.rng import Rng, derive_seed
from wartable.core.state import GameState
from wartable.testing import checks

STOPS = (0, 7, 40, 150)


@functools.cache
def _stopped(
    game_name: str, scenario: str, seed: int, options: tuple[tuple[str, object], ...] = ()
) -> dict[int, GameState]:
    """One random game, kept as it stood after each of ``STOPS`` actions (played once per
    process: the snapshots are what fresh games stopped there would be)."""
    state = wartable.get_game(game_name).new_game(scenario, seed=seed, options=dict(options))
    agent = RandomAgent(derive_seed(seed, 1))
    kept, done = {}, 0
    for stop in STOPS:
        play_on(state, agent, stop - done)
        done = stop
        kept[stop] = state.clone()
    return kept


def mid_game_states(game_name: str, scenario: str, seeds=range(4), stops=STOPS, options=()):
    """States of random games stopped along the way (each test gets its own copy)."""
    for seed in seeds:
        for stop in stops:
            state = _stopped(game_name, scenario, seed, options)[stop]
            if not state.is_over:
                yield state.clone()


PLAYOUTS = 16  # random games a game plays to the end, shared out among its scenarios


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_random_playouts_end_and_their_texts_read_right(game_name, scenario):
    """Random games end with an outcome; along the way, every live state has someone to act
    who has a legal action, each of them in the game's fixed action space, and every event
    line a player reads is spelt right (issue 10, item 23: no letter tripled)."""
    scenarios = sum(g == game_name for g, _ in CASES)
    game = wartable.get_game(game_name)
    kinds = checks.playouts_end(game, scenario, range(max(6, PLAYOUTS // scenarios)))
    assert len(kinds) > 5


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_kept_legal_actions_are_what_a_fresh_listing_gives(game_name, scenario):
    checks.kept_actions_are_fresh(wartable.get_game(game_name), scenario)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_same_seed_same_game(game_name, scenario):
    checks.same_seed_same_game(wartable.get_game(game_name), scenario)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_clone_is_equal_and_independent(game_name, scenario):
    checks.clone_is_independent(mid_game_states(game_name, scenario))


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_record_replays_exactly(game_name, scenario):
    checks.record_replays(wartable.get_game(game_name), scenario)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_illegal_actions_raise_and_change_nothing(game_name, scenario):
    states = mid_game_states(game_name, scenario, seeds=range(2))
    checks.illegal_actions_change_nothing(wartable.get_game(game_name), scenario, states)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_finished_game_refuses_actions(game_name, scenario):
    checks.finished_game_refuses(wartable.get_game(game_name), scenario)


@pytest.mark.parametrize(("game_name", "scenario", "options"), SEEN_CASES, ids=SEEN_IDS)
def test_views_hide_what_a_player_cannot_see(game_name, scenario, options):
    """Two states that differ only in what P cannot see give P identical views."""
    checks.views_hide_the_hidden(mid_game_states(game_name, scenario, options=options))


@pytest.mark.parametrize(("game_name", "scenario", "options"), SEEN_CASES, ids=SEEN_IDS)
def test_sample_hidden_depends_only_on_what_the_player_knows(game_name, scenario, options):
    states = mid_game_states(game_name, scenario, seeds=range(2), options=options)
    checks.samples_know_only_the_view(states)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_views_never_hold_the_seed(game_name, scenario):
    checks.views_never_hold_the_seed(wartable.get_game(game_name), scenario)


@pytest.mark.parametrize("game_name", wartable.game_names())
def test_parse_action_round_trips(game_name):
    """Every action of every scenario's action space reads back from its text and its JSON;
    a space several scenarios share (2GM Tactics has one for all) is read once."""
    checks.actions_read_back(wartable.get_game(game_name))


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_undo_returns_exactly_the_state_before_and_only_when_allowed(game_name, scenario):
    checks.undo_is_exact(wartable.get_game(game_name), scenario)


@pytest.mark.parametrize("game_name", wartable.game_names())
def test_games_with_every_option_turned_on_play_out_and_replay(game_name):
    """Each game's options (Game.options) switched on together, its choices (a line-up) taken
    in turn from one game to the next: random games still end, and their records, which
    keep the options, replay them exactly. Two games a scenario, or as many as it takes for
    every choice to be played once, the scenarios in turn (and more while a scenario's
    limits have refused every choice it met). A choice a scenario forbids (a
    deck past its year limit), or two choices at odds (a line-up its field cannot seat), is
    refused with the reason, and every scenario still plays."""
    game = wartable.get_game(game_name)
    scenarios = [sc.id for sc in game.scenarios()]
    most = max((len(o.choices) for o in game.options().values()), default=0)
    played = set()
    rounds = max(most, 2 * len(scenarios))
    for k in range(4 * rounds):  # on past the rounds until a scenario's limits let it play
        if k >= rounds and played == set(scenarios):
            break
        scenario, seed = scenarios[k % len(scenarios)], k // len(scenarios)
        turn = k + k // len(scenarios)  # the choices are not tied to the scenarios' order
        options = {
            name: True if o.kind == "bool" else o.choices[turn % len(o.choices)] if o.choices
            else o.default
            for name, o in game.options().items()
        }  # fmt: skip
        try:
            state = game.new_game(scenario, seed=seed, options=options)
        except wartable.ArgumentError as exc:
            # only what a scenario's limits forbid, or two choices at odds, both named
            named = [name for name in options if name in str(exc)]
            assert "limit" in str(exc) or len(named) >= 2, exc
            continue
        played.add(scenario)
        agent = RandomAgent(derive_seed(seed, 2))
        for _ in range(20_000):
            if state.is_over:
                break
            player = state.current_players[0]
            state.apply(player, agent.act(state, player))
        assert state.is_over
        record = state.record()
        assert all(record["options"][k] == v for k, v in options.items())
        again = game.replay(json.loads(json.dumps(record)))
        assert again.full_state() == state.full_state()
    assert played == set(scenarios)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_card_faces_are_whole_and_public(game_name, scenario):
    checks.card_faces_are_public(wartable.get_game(game_name), scenario)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_every_action_is_of_a_declared_verb_offered_in_its_moment(game_name, scenario):
    """Issue 46: where a game declares its grammar, the action space is its verbs, every
    legal action is of a verb declared for the moment it is offered in, and every verb
    not legal now is refused with a reason (games not yet ported declare none)."""
    checks.verbs_are_declared(wartable.get_game(game_name), scenario)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_every_event_is_of_a_declared_kind(game_name, scenario):
    """Issue 46: every game declares its kinds of event once (``event_kinds.py``), and every
    event of its random games is of one of them."""
    game = wartable.get_game(game_name)
    assert game.event_kinds() is not None, f"{game_name} declares no kinds of event"
    checks.events_are_declared(game, scenario)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_every_field_is_declared_by_its_part(game_name, scenario):
    """Issue 46: every game declares its state's fields once (core/layout.py): the layout
    names every field the class has, clones share nothing that changes in place, and a
    sample of the hidden information changes only the fields declared hidden."""
    state = wartable.get_game(game_name).new_game(scenario, seed=0)
    assert state.layout is not None, f"{game_name} declares no layout"
    checks.fields_are_declared(mid_game_states(game_name, scenario, seeds=range(2)))


SAMPLE_PROBE = (
    "from tests.conformance.playing import CASES, digest_of_a_game; "
    "print(*(digest_of_a_game(g, s) for g, s in CASES))"
)


@pytest.mark.slow  # three more processes play every scenario: CI runs it in make slow
def test_a_game_and_a_sample_are_the_same_in_every_process():
    """Python salts string hashes per process: nothing seeded may follow a set's order. This
    process and three others with salts of their own each play every scenario."""
    import os
    import subprocess
    import sys

    here = os.environ.get("PYTHONHASHSEED", "random")
    probes = {  # the other processes play while this one does
        salt: subprocess.Popen(
            [sys.executable, "-c", SAMPLE_PROBE],
            env={**os.environ, "PYTHONHASHSEED": salt},
            cwd=Path(__file__).resolve().parents[2],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for salt in [s for s in ("0", "1", "2", "3") if s != here][:3]
    }
    runs = {here: [digest_of_a_game(g, s) for g, s in CASES]}
    for salt, probe in probes.items():
        out, err = probe.communicate(timeout=600)
        assert probe.returncode == 0, err
        runs[salt] = out.split()
        assert len(runs[salt]) == len(CASES)
    assert len(runs) == 4
    for i, case in enumerate(IDS):
        assert len({digests[i] for digests in runs.values()}) == 1, case


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_an_estimate_is_in_range_and_changes_nothing(game_name, scenario):
    for state in mid_game_states(game_name, scenario, seeds=range(2)):
        before = state.full_state()
        for p in state.players:
            guess = state.estimate(p)
            assert guess is None or -1.0 <= guess <= 1.0
        assert state.full_state() == before


def twin_with_the_same_dice(state, player: str, seed: int):
    """``sample_hidden`` redraws what ``player`` cannot see, and with it the dice to come; the
    twin gets the original's dice back (every game keeps them in ``state.rng``, see
    docs/architecture.md), so that only what is hidden differs, not what is rolled."""
    twin = state.sample_hidden(player, seed)
    if isinstance(getattr(state, "rng", None), Rng):
        twin.rng = state.rng.clone()
    return twin


def spread(actions: list, most: int) -> list:
    """Up to ``most`` actions taken evenly through the list (always the same ones)."""
    step = max(1, len(actions) // most)
    return actions[::step][:most]


@pytest.mark.parametrize(("game_name", "scenario", "options"), SEEN_CASES, ids=SEEN_IDS)
def test_logs_hide_what_a_player_cannot_see(game_name, scenario, options):
    """The log may tell a player P no more than his view does.

    Take a state and a twin that differs only in what P cannot see, with the same dice
    (``twin_with_the_same_dice``), and apply the same action to both. If P's views of the two
    still agree afterwards, nothing was revealed to P, so the events P may read must agree
    word for word: a line that differs gives away a hidden fact (a face-down counter's
    quality, a card in another hand). Where the views differ, the action showed P something
    (a spotted counter, a card drawn, a die whose outcome hung on the hidden part), and the
    events may differ with it.

    The twin redraws everything P cannot see, the order of the decks included, so the view
    must show what a draw reveals (hands, face-up discard piles), or a card drawn would differ
    unseen. That still leaves the order in which the actor draws cards from his own deck:
    his view (a hand) need not keep it while his log names the cards as they come
    (Undaunted), so the actor's own log is not compared - only what the other seats read,
    which is where a leak would do harm. A game with one seat (Combat!, solitaire) has no
    other seat; its seat's log is compared, as its view shows each card it draws. The action
    must be legal in the twin too: for an observer who is not the actor, the actor's hidden
    hand differs, and an action the twin's hand does not allow is skipped.
    """
    checked = 0
    for state in mid_game_states(game_name, scenario, seeds=range(3), options=options):
        actor = state.current_players[0]
        actions = spread(state.legal_actions(actor), 6)
        for p in [q for q in state.players if q != actor] or state.players:
            twins = [twin_with_the_same_dice(state, p, seed=2000 + k) for k in range(3)]
            for action in actions:
                real = state.clone()
                told = [e.text for e in real.apply(actor, action) if e.visible(p)]
                seen = real.view(p)
                for twin in twins:
                    if action not in twin.legal_actions(actor):
                        continue
                    other = twin.clone()
                    events = [e for e in other.apply(actor, action) if e.visible(p)]
                    if other.view(p) != seen:
                        continue  # the action revealed something to p
                    checked += 1
                    assert [e.text for e in events] == told, (
                        f"{p} reads a different log after {action} though nothing was revealed"
                    )
    assert checked, "no action left both views alike: the test would prove nothing"


@pytest.mark.parametrize(("game_name", "scenario", "options"), SEEN_CASES, ids=SEEN_IDS)
def test_actions_in_players_words_name_only_what_the_player_sees(game_name, scenario, options):
    """``describe`` gives every legal action a label, and the label depends only on what the
    player knows: a redrawn twin with the same view labels every action the same way."""
    for state in mid_game_states(game_name, scenario, seeds=range(2), options=options):
        for p in state.current_players:
            labels = {str(a): state.describe(p, a) for a in state.legal_actions(p)}
            assert all(isinstance(t, str) and t.strip() for t in labels.values())
            twin = state.sample_hidden(p, seed=31)
            assert {str(a): twin.describe(p, a) for a in twin.legal_actions(p)} == labels


@pytest.mark.parametrize(("game_name", "scenario", "options"), SEEN_CASES, ids=SEEN_IDS)
def test_observations_keep_their_layout_and_read_only_the_view(game_name, scenario, options):
    """Every seat's numeric observation (``Game.observer``) has the layout's length at every
    step, its numbers within their bounds (``encode`` checks), and depends on nothing the
    seat cannot see: a redrawn twin with the same view reads the same numbers. It is no
    constant either: it changes as the game goes on. The line-up's own action space holds
    every legal action of it."""
    game = wartable.get_game(game_name)
    observer = game.observer(scenario, dict(options))
    layout = observer.layout()
    assert observer.size == sum(f["size"] for f in layout) > 0
    assert [f["offset"] for f in layout] == [
        sum(g["size"] for g in layout[:i]) for i in range(len(layout))
    ]
    low, high = observer.bounds()
    assert len(low) == len(high) == observer.size and all(
        a < b for a, b in zip(low, high, strict=True)
    )
    space = set(game.action_space(scenario, dict(options)))
    seen: dict[str, set[tuple[float, ...]]] = {}
    for state in mid_game_states(game_name, scenario, seeds=range(2), options=options):
        for p in state.players:
            numbers = observer.encode(state.view(p))
            assert len(numbers) == observer.size
            seen.setdefault(p, set()).add(tuple(numbers))
            twin = state.sample_hidden(p, seed=5)
            assert observer.encode(twin.view(p)) == numbers, f"{p}'s numbers read hidden facts"
            assert observer.quickly(twin, p) in (None, numbers), "the shortcut reads hidden facts"
            assert set(state.legal_actions(p)) <= space
    assert all(len(kinds) > 1 for kinds in seen.values()), "an observation that never changes"
    finished = game.new_game(scenario, seed=4, options=dict(options))  # the option's line-up
    play_on(finished, RandomAgent(derive_seed(4, 1)))
    for p in finished.players:
        assert len(observer.encode(finished.view(p))) == observer.size
        assert observer.quickly(finished, p) in (None, observer.encode(finished.view(p)))


# actions of one random game per case; at each, the acting seat's numbers and one other
# seat's in turn are compared (every seat at every step doubled this test's time in 3v3)
QUICK_STEPS = 250


@pytest.mark.parametrize(("game_name", "scenario", "options"), SEEN_CASES, ids=SEEN_IDS)
def test_an_observations_shortcut_gives_the_views_numbers(game_name, scenario, options):
    """Where a game reads a seat's numbers from its state without building the view
    (``Observer.quick``), they are the view's encoding, number for number, for the seat to
    act and every seat in turn along a random game: the view stays the definition of what a
    seat reads."""
    game = wartable.get_game(game_name)
    observer = game.observer(scenario, dict(options))
    state = game.new_game(scenario, seed=11, options=dict(options))
    if observer.quickly(state, state.players[0]) is None:
        pytest.skip(f"{game_name} reads its observations from the view only")
    agent = RandomAgent(12)
    for step in range(QUICK_STEPS):
        seats = {*state.current_players[:1], state.players[step % len(state.players)]}
        for p in seats:
            assert observer.quickly(state, p) == observer.encode(state.view(p)), (
                f"{p} at action {state.action_count}"
            )
        if state.is_over:
            break
        play_on(state, agent, 1)


@pytest.mark.parametrize(("game_name", "scenario", "options"), SEEN_CASES, ids=SEEN_IDS)
def test_whose_turn_it_is_never_hangs_on_what_a_seat_cannot_see(game_name, scenario, options):
    """A seat with hidden cards leaves a phase only by its own action: the engine may pass
    for it only where the choice rests on public facts. Take a twin that differs only in
    what another seat P cannot see (the cards in the actor's hand, the order of a deck),
    with the original's dice, and apply the same action to both. Where P reads the same
    log in both, nothing was revealed to P, so the same seats must act next and P must see
    the same board: a phase that goes by on its own because the hand holds nothing
    playable would tell P what the hand holds. (Where the logs differ, say a card drawn
    from a deck in another order, the action showed P something and the turn may follow.)"""
    checked = 0
    for state in mid_game_states(game_name, scenario, seeds=range(4), options=options):
        actor = state.current_players[0]
        for p in [q for q in state.players if q != actor]:
            twins = [twin_with_the_same_dice(state, p, seed=3000 + k) for k in range(3)]
            for action in spread(state.legal_actions(actor), 6):
                real = state.clone()
                told = [e.text for e in real.apply(actor, action) if e.visible(p)]
                for twin in twins:
                    if action not in twin.legal_actions(actor):
                        continue
                    other = twin.clone()
                    events = [e.text for e in other.apply(actor, action) if e.visible(p)]
                    if events != told:
                        continue  # the action showed p something
                    checked += 1
                    assert other.current_players == real.current_players, (
                        f"after {action} by {actor}, who acts next tells {p} a hidden fact"
                    )
                    assert other.view(p) == real.view(p), (
                        f"after {action} by {actor}, {p}'s view tells a hidden fact"
                    )
    if len(wartable.get_game(game_name).new_game(scenario, seed=0).players) > 1:
        assert checked, "no action was tried on a twin: the test would prove nothing"


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_full_state_is_a_snapshot_later_play_cannot_change(game_name, scenario):
    """Every "nothing changed" check compares ``full_state()`` before and after: a snapshot
    that shared the state's own lists would change with the state and prove nothing."""
    for state in mid_game_states(game_name, scenario, seeds=range(2)):
        before = state.full_state()
        kept = copy.deepcopy(before)
        play_on(state, RandomAgent(5), stop_after=40)
        assert before == kept, "playing on changed a snapshot taken earlier"


def _break_in_place(state: GameState) -> bool:
    """Spoil ``state`` on purpose the way a careless rule would: in the first non-empty list
    found in its attributes (a hand, a deck, a list of units), repeat its first item, in
    place."""
    for value in vars(state).values():
        target = value
        while isinstance(target, list) and target and isinstance(target[0], list):
            target = next((t for t in target if t), target[0])
        if isinstance(target, list) and target:
            target.append(target[0])
            return True
    return False


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_the_nothing_changed_checks_can_fail(game_name, scenario):
    """A state broken in place after its snapshot no longer equals it: the checks of this
    suite that a refused action, a clone or bad input changed nothing can catch a change."""
    state = next(mid_game_states(game_name, scenario, seeds=[0], stops=[7]))
    before = state.full_state()
    assert _break_in_place(state), "no list to spoil: the check proves nothing here"
    assert state.full_state() != before
