"""What a legal action involves on the board (issue 44, item 3): ``board_steps`` names the
piece or card that does it and the place or piece it reaches, so that the page can take
every legal action in at most three clicks (piece, target, a chooser) or from its fixed bar,
and it names nothing the seat cannot see."""

from __future__ import annotations

from collections import defaultdict

import pytest

import wartable
from tests.conformance.playing import SEEN_IDS
from tests.conformance.seen import SEEN_CASES
from tests.conformance.test_conformance import mid_game_states
from wartable.core.action import Action
from wartable.core.errors import IllegalActionError, UnknownNameError
from wartable.core.state import GameState

BAR = 15  # the most actions the page's fixed bar holds (the action list's page, too)


def _strings(data: object) -> set[str]:
    """Every string of a view, keys and values, walked without recursion."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def _check(state: GameState, player: str, where: str) -> None:
    legal = state.legal_actions(player)
    seen = _strings(state.view(player))
    # what any seat's view names: a key outside the player's view must be none of it (a
    # place the page draws from the board's shape, like an open hex, lies in no view)
    anyone = set().union(*(_strings(state.view(p)) for p in state.players))
    sides = {*state.players, *state.teams()} & seen
    groups: dict[tuple[str, ...], list[Action]] = defaultdict(list)
    for action in legal:
        steps = state.board_steps(player, action)
        assert isinstance(steps, tuple), (where, str(action), steps)
        assert len(steps) <= 2, f"{where}: {action} takes {steps}"
        for key in steps:
            assert isinstance(key, str) and key, (where, str(action), steps)
            side, _, ident = key.rpartition(":")
            assert ident in seen or ident not in anyone, (
                f"{where}: {action} names {key!r}, which only another seat's view names"
            )
            if side:
                assert side in sides, f"{where}: {action} names side {side!r} of {key!r}"
        groups[steps].append(action)
    bar = groups.get((), [])
    assert len(bar) <= BAR, f"{where}: {len(bar)} actions in the fixed bar: {bar}"
    for steps, actions in groups.items():
        clicks = len(steps) + (len(actions) > 1)
        assert not steps or clicks <= 3, f"{where}: {steps} takes {clicks} clicks"
        labels = [state.describe(player, a) for a in actions]
        twins = {label for label in labels if labels.count(label) > 1}
        assert not twins, f"{where}: actions of {steps} read alike: {sorted(twins)}"
    twin = state.sample_hidden(player, 7)
    for action in legal:
        mine, its = state.board_steps(player, action), twin.board_steps(player, action)
        assert mine == its, f"{where}: {action} takes {mine}, on a redrawn twin {its}"


@pytest.mark.parametrize(("game_name", "scenario", "options"), SEEN_CASES, ids=SEEN_IDS)
def test_every_legal_action_is_a_few_clicks_on_what_the_seat_sees(game_name, scenario, options):
    checked = 0
    for state in mid_game_states(game_name, scenario, seeds=range(2), options=options):
        player = state.current_players[0]
        _check(state, player, f"{scenario} after {state.action_count} actions, {player}")
        checked += 1
    assert checked


@pytest.mark.parametrize("game_name", wartable.game_names())
def test_board_steps_refuses_what_apply_refuses(game_name):
    game = wartable.get_game(game_name)
    state = game.new_game(None, seed=1)
    player = state.current_players[0]
    legal = state.legal_actions(player)
    assert state.board_steps(player, str(legal[0])) == state.board_steps(player, legal[0])
    illegal = next(a for a in game.action_space() if a not in legal)
    with pytest.raises(IllegalActionError):
        state.board_steps(player, illegal)
    with pytest.raises(UnknownNameError):
        state.board_steps("nobody", legal[0])
