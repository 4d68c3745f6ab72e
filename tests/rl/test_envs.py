"""Every game and scenario as a PettingZoo and a Gymnasium environment, checked by those
libraries' own test suites, and by what they cannot know: the numbers come from the seat's
view only, an episode is a game that replays, and bad arguments are refused."""

from __future__ import annotations

import sys
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import wartable
import wartable.rl as rl
from tests.conformance.playing import CASES, IDS, VARIANTS
from wartable.agents.random import RandomAgent

LINEUPS = [(g, s, dict(o)) for g, s, o in VARIANTS if "players" in dict(o) or "fields" in dict(o)]
LINEUP_IDS = [f"{g}:{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, _, o in LINEUPS]
CYCLES = 40  # steps per seat the checkers play: enough to pass a bid, a deployment, a fire


@pytest.fixture(autouse=True)
def quiet():
    """The checkers' advice (name agents player_0, use a Box observation) is not ours to take:
    seats keep the games' own names, and observations carry their action mask."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_every_scenario_passes_pettingzoo_api_and_seed_tests(game_name, scenario):
    api_test(rl.env(game_name, scenario), num_cycles=CYCLES)
    seed_test(lambda: rl.env(game_name, scenario), num_cycles=CYCLES)


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_every_scenario_passes_gymnasium_check_env(game_name, scenario):
    check_env(rl.gym_env(game_name, scenario, render_mode="ansi"))


@pytest.mark.parametrize(("game_name", "scenario", "options"), LINEUPS, ids=LINEUP_IDS)
def test_every_line_up_is_an_environment_too(game_name, scenario, options):
    env = rl.env(game_name, scenario, options)
    assert env.possible_agents == list(wartable.get_game(game_name).new_game(
        scenario, seed=0, options=options).players)  # fmt: skip
    api_test(env, num_cycles=10)


def play_episode(env, seed):
    """An AEC episode with random masked choices; what each seat saw, step by step."""
    env.reset(seed=seed)
    picks = np.random.default_rng(seed)
    seen = []
    for agent in env.agent_iter(20_000):
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        seen.append((agent, obs["observation"].copy()))
        env.step(int(picks.choice(np.flatnonzero(obs["action_mask"]))))
    return seen


def test_an_episode_is_a_game_that_replays_and_its_numbers_are_the_seats_views():
    env = rl.env("undaunted", "la-raye")
    seen = play_episode(env, seed=5)
    state = env.game_state
    assert state.is_over and len(seen) == state.action_count
    again = wartable.get_game("undaunted").replay(state.record())
    assert again.full_state() == state.full_state()
    observer = env.table.observer
    for p in state.players:
        numbers = np.array(observer.encode(state.view(p)), dtype=np.float32)
        assert np.array_equal(env.observe(p)["observation"], numbers)
    twin = play_episode(rl.env("undaunted", "la-raye"), seed=5)  # same seed, same episode
    assert len(twin) == len(seen)
    assert all(a == b and np.array_equal(x, y) for (a, x), (b, y) in zip(seen, twin, strict=True))


@pytest.mark.parametrize("game_name", wartable.game_names())
def test_every_games_environment_reads_the_views_numbers(game_name):
    """Through the game's shortcut or not, the environment's numbers are the view's
    encoding for the seat to act and for every other seat, step after step."""
    env = rl.env(game_name)
    env.reset(seed=2)
    observer = env.table.observer
    picks = np.random.default_rng(2)
    for _ in range(150):
        state = env.game_state
        for p in state.players:
            numbers = np.array(observer.encode(state.view(p)), dtype=np.float32)
            assert np.array_equal(env.table.numbers(state, p), numbers), p
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        env.step(int(picks.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


def test_a_seat_reads_the_same_numbers_whatever_the_enemy_holds():
    """The observation of a seat is its view's: redraw the enemy's hand and deck, and the
    numbers stay; the mask is the seat's own legal actions."""
    env = rl.env("undaunted", "crossroads")
    env.reset(seed=3)
    for _ in range(30):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    state = env.game_state
    for p in state.players:
        twin = state.sample_hidden(p, seed=9)
        assert twin.full_state() != state.full_state()
        assert np.array_equal(
            env.table.observe(twin, p)["observation"], env.observe(p)["observation"]
        )
        assert np.array_equal(env.table.mask(twin, p), env.observe(p)["action_mask"])


def test_the_winner_gets_one_the_loser_minus_one_and_teammates_share():
    env = rl.env("diadehonor", None, {"players": "2v2"})
    play_episode(env, seed=2)
    # the last step's rewards went to every seat: read them off the finished game
    state = env.game_state
    from wartable.rl.table import reward

    rewards = {p: reward(state, p) for p in state.players}
    if state.outcome.winner is None:
        assert set(rewards.values()) == {0.0}
    else:
        assert sorted(rewards.values()) == [-1.0, -1.0, 1.0, 1.0]
        for p in state.players:
            for q in state.players:
                same = state.team_of(p) == state.team_of(q)
                assert (rewards[p] == rewards[q]) == same


def test_the_gym_learner_plays_its_seat_against_registered_agents():
    env = rl.gym_env("undaunted", "la-raye", seat="germany", opponents="heuristic")
    obs, info = env.reset(seed=4)
    assert info == {}
    total, steps, done = 0.0, 0, False
    picks = np.random.default_rng(0)
    while not done:
        mask = env.action_masks()
        assert np.array_equal(mask, obs["action_mask"]) and mask.any()
        obs, r, done, cut, info = env.step(int(picks.choice(np.flatnonzero(mask))))
        assert not cut
        total += r
        steps += 1
    state = env.state
    assert state.is_over and total in (-1.0, 0.0, 1.0)
    assert info["outcome"]["winner"] in ("us", "germany", None)
    assert total == (
        0.0 if state.outcome.winner is None else 1.0 if state.outcome.winner == "germany" else -1.0
    )
    with pytest.raises(wartable.WartableError, match="reset"):
        env.step(0)


def test_a_shaped_reward_is_marked_and_adds_up_to_the_end_less_the_start():
    env = rl.gym_env("duel", None, opponents="random", shaped_reward=True)
    env.reset(seed=8)
    start = env._standing
    total, done, info = 0.0, False, {}
    while not done:
        _, r, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert info["shaped"] is True
        total += r
    winner = env.state.outcome.winner
    end = 0.0 if winner is None else 1.0 if winner == env.seat else -1.0
    assert total == pytest.approx(end - start)


def test_the_aec_shaped_reward_adds_up_to_the_end_less_the_start_for_every_seat():
    env = rl.env("duel", shaped_reward=True)
    env.reset(seed=8)
    start = dict(env._standing)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for seat in env.agent_iter(5_000):
        _, reward_so_far, done, cut, _ = env.last()
        total[seat] += reward_so_far
        if done or cut:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(env.observe(seat)["action_mask"])[0]))
        assert all(env.infos[p] == {"shaped": True} for p in env.agents)
    from wartable.rl.table import reward

    for seat in env.possible_agents:
        assert total[seat] == pytest.approx(reward(env.game_state, seat) - start[seat])


def test_max_actions_truncates_every_seat_with_the_game_unfinished():
    env = rl.env("undaunted", "la-raye", max_actions=10)
    env.reset(seed=1)
    steps = 0
    for seat in env.agent_iter(1_000):
        _, _, done, cut, _ = env.last()
        if done or cut:
            assert cut and not done
            env.step(None)
            continue
        env.step(int(np.flatnonzero(env.observe(seat)["action_mask"])[0]))
        steps += 1
    assert steps == 10 and not env.agents and not env.game_state.is_over


def test_an_illegal_choice_loses_the_episode_or_raises_and_changes_nothing():
    env = rl.gym_env("duel", None)
    obs, _ = env.reset(seed=1)
    before = env.state.full_state()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, r, done, _, info = env.step(illegal)
    assert (r, done) == (-1.0, True) and info["illegal"]
    assert env.state.full_state() == before
    strict = rl.gym_env("duel", None, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(wartable.IllegalActionError):
        strict.step(illegal)
    with pytest.raises(wartable.IllegalActionError, match="outside the space"):
        strict.step(10_000)
    aec = rl.env("duel")
    aec.reset(seed=1)
    seat, before = aec.agent_selection, aec.game_state.full_state()
    kept = (dict(aec._cumulative_rewards), dict(aec.terminations), aec.observe(seat))
    with pytest.raises(wartable.IllegalActionError):
        aec.step(illegal)
    assert aec.game_state.full_state() == before and aec.agent_selection == seat
    assert (dict(aec._cumulative_rewards), dict(aec.terminations)) == kept[:2]
    assert np.array_equal(aec.observe(seat)["observation"], kept[2]["observation"])


def test_bad_arguments_are_refused_with_the_reason():
    with pytest.raises(wartable.UnknownNameError):
        rl.gym_env("duel", None, seat="east")
    with pytest.raises(wartable.UnknownNameError):
        rl.gym_env("duel", None, opponents="grandmaster")
    with pytest.raises(wartable.WartableError, match="opponents"):
        rl.gym_env("duel", None, opponents={"north": "random"}, seat="north")
    with pytest.raises(wartable.UnknownNameError):
        rl.env("undaunted", "no-such-scenario")
    with pytest.raises(wartable.WartableError, match="option"):
        rl.env("undaunted", "la-raye", {"max_rounds": "many"})
    with pytest.raises(ValueError, match="render_mode"):
        rl.env("duel", render_mode="human")


def test_nothing_secret_reaches_the_infos_or_the_rendering():
    seed = 918_273_645_546
    env = rl.env("undaunted", "la-raye", render_mode="ansi")
    env.reset(seed=seed)
    for _ in range(12):
        agent = env.agent_selection
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[-1]))
        text = env.render() + repr(env.infos)
        assert str(seed) not in text
        hidden = env.game_state.view(agent)["sides"]
        other = next(p for p in env.possible_agents if p != agent)
        assert "hand" not in hidden[other]


def test_without_the_extra_the_error_says_what_to_install(monkeypatch):
    for name in [
        m for m in sys.modules if m.startswith(("wartable.rl.", "gymnasium", "pettingzoo"))
    ]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    with pytest.raises(ImportError, match=r"wartable\[rl\]"):
        rl.env("duel")
    with pytest.raises(ImportError, match=r"wartable\[rl\]"):
        rl.gym_env("duel")


def test_random_agents_reach_the_end_through_the_environment():
    """The AEC loop with the library's random agent choosing by the mask: every game ends."""
    env = rl.env("duel")
    env.reset(seed=0)
    agent = RandomAgent(0)
    for name in env.agent_iter(5_000):
        _, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        choice = agent.act(env.game_state, name)
        env.step(env.table.index[choice])
    assert not env.agents and env.game_state.is_over


@pytest.mark.parametrize(("wrong", "says"), [(1.5, "holds 1.5"), (float("nan"), "holds nan")])
def test_the_environment_checks_every_number_against_its_bounds(monkeypatch, wrong, says):
    """The table checks a whole observation at once; a number out of its bounds (or NaN)
    still names its block, as ``Observer.encode`` does, whether the view's encoding or the
    game's shortcut put it there."""
    env = rl.env("undaunted", "la-raye")
    env.reset(seed=1)
    observer = env.table.observer
    first = observer.features[0]
    right, quick = observer.blocks, observer.quick

    def spoilt(view):
        blocks = right(view)
        return [[wrong] * first.size, *blocks[1:]]

    def hasty(state, player):
        key, places, values = quick(state, player)
        return key, [*places, 0], [*values, wrong]

    monkeypatch.setattr(observer, "quick", hasty)
    with pytest.raises(wartable.core.errors.WartableError, match=f"shortcut puts {says[6:]}"):
        env.observe(env.agent_selection)
    monkeypatch.setattr(observer, "blocks", spoilt)  # the view is wrong too: it names the block
    with pytest.raises(wartable.core.errors.WartableError, match=f"{first.name!r} {says}"):
        env.observe(env.agent_selection)
    monkeypatch.setattr(observer, "quick", lambda state, player: None)
    with pytest.raises(wartable.core.errors.WartableError, match=f"{first.name!r} {says}"):
        env.observe(env.agent_selection)


@pytest.mark.parametrize("place", [-1, 10**6])
def test_a_shortcut_writing_outside_the_observation_is_refused(monkeypatch, place):
    env = rl.env("undaunted", "la-raye")
    env.reset(seed=1)
    observer = env.table.observer
    quick = observer.quick

    def astray(state, player):
        key, places, values = quick(state, player)
        return key, [*places, place], [*values, 1.0]

    monkeypatch.setattr(observer, "quick", astray)
    with pytest.raises(wartable.core.errors.WartableError, match="outside the observation"):
        env.observe(env.agent_selection)
