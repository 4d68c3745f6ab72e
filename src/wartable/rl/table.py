"""What the environments share: the numbered actions, the mask, the observation, the reward.

One place for both adapters (PettingZoo's and Gymnasium's), so that they number actions,
mask them, lay out their spaces and read a seat's view the same way.
"""

from __future__ import annotations

import secrets
from collections.abc import Hashable, Mapping
from itertools import chain
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt

import wartable
from wartable.core.action import Action
from wartable.core.errors import IllegalActionError, WartableError
from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.observation import Observer, Sparse
from wartable.core.rng import derive_seed
from wartable.core.state import GameState

KEEP_BASES = 64  # ``Observer.base`` arrays a table keeps


class Table:
    """One game, scenario and set of options, with its fixed action numbering and layout."""

    def __init__(
        self,
        game: str | Game,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = wartable.get_game(game) if isinstance(game, str) else game
        self.options = self.game.check_options(options)
        probe = self.game.new_game(scenario, seed=0, options=self.options)
        self.scenario = probe.scenario
        self.players: tuple[str, ...] = tuple(probe.players)
        self.actions: list[Action] = self.game.action_space(self.scenario, self.options)
        self.index = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise WartableError(f"{self.game.info.title}'s action space lists an action twice")
        self.observer: Observer = self.game.observer(self.scenario, self.options)
        low, high = self.observer.bounds()
        self.low, self.high = np.array(low, dtype=np.float32), np.array(high, dtype=np.float32)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(self.low, self.high),
                "action_mask": gymnasium.spaces.Box(0, 1, (len(self.actions),), dtype=np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(len(self.actions))
        # each ``Observer.quick`` key's base numbers, as an array once checked
        self.bases: dict[Hashable, npt.NDArray[np.float32]] = {}
        # where each block starts; the places of the dense blocks, by which blocks are sparse
        self.starts = [f["offset"] for f in self.observer.layout()]
        self.dense_places: dict[tuple[bool, ...], npt.NDArray[np.intp]] = {}

    def new_game(self, seed: int) -> GameState:
        return self.game.new_game(self.scenario, seed=seed, options=self.options)

    def observe(self, state: GameState, player: str) -> dict[str, npt.NDArray[Any]]:
        """The seat's view as numbers, and which numbered actions it may take now."""
        return {"observation": self.numbers(state, player), "action_mask": self.mask(state, player)}

    def numbers(self, state: GameState, player: str) -> npt.NDArray[np.float32]:
        """``Observer.encode``, the bounds checked for every number at once; through the
        game's shortcut where it gives one (``Observer.quick``: the same numbers, without
        building the view)."""
        quick = self.observer.quick(state, player)
        if quick is None:
            return self.from_view(state.view(player))
        key, places, values = quick
        base = self.bases.get(key)
        if base is None:
            base = np.array(self.observer.base(key), np.float32)
            if not self.fits(base):
                self.outside(state, player, base)
            if len(self.bases) >= KEEP_BASES:  # a game's keys may change (a shelled map)
                self.bases.clear()
            self.bases[key] = base
        numbers = base.copy()
        if places:
            at = np.array(places, np.intp)
            if at.min() < 0 or at.max() >= len(numbers):
                raise WartableError("the observation's shortcut writes outside the observation")
            written: npt.NDArray[np.float32] = np.array(values, np.float32)
            numbers[at] = written
            if not self.fits(written, at):
                self.outside(state, player, numbers)
        return numbers

    def outside(self, state: GameState, player: str, numbers: npt.NDArray[np.float32]) -> None:
        """A shortcut's number out of its bounds: the game's mistake. The view's encoding
        (the definition) names its block if it is wrong too; else the shortcut is."""
        self.from_view(state.view(player))
        wrong = int(np.flatnonzero(~((numbers >= self.low) & (numbers <= self.high)))[0])
        name = next(f.name for f, start in zip(self.observer.features, self.starts, strict=True)
                    if start <= wrong < start + f.size)  # fmt: skip
        raise WartableError(
            f"the observation's shortcut puts {numbers[wrong]} in block {name!r}, outside its "
            "bounds, where the view's encoding does not"
        )

    def from_view(self, view: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """The view's blocks laid end to end: the dense ones in one numpy call, a sparse
        block's numbers at their places (its zeros are never walked)."""
        blocks = self.observer.blocks(view)
        sparse = tuple(isinstance(b, Sparse) for b in blocks)
        if not any(sparse):
            numbers = np.fromiter(chain.from_iterable(blocks), np.float32, self.observer.size)
        else:
            numbers = np.zeros(self.observer.size, np.float32)
            dense = [b for b, thin in zip(blocks, sparse, strict=True) if not thin]
            numbers[self.dense_at(sparse)] = list(chain.from_iterable(dense))
            places: list[int] = []
            values: list[float] = []
            for block, start, thin in zip(blocks, self.starts, sparse, strict=True):
                if thin:
                    at = cast(Sparse, block).at
                    places += [start + k for k in at]
                    values += at.values()
            numbers[places] = values
        if not self.fits(numbers):
            self.observer.checked(blocks)  # names the block and the number
            raise WartableError("an observation's number is outside its bounds as a float32")
        return numbers

    def dense_at(self, sparse: tuple[bool, ...]) -> npt.NDArray[np.intp]:
        """The places of the blocks not ``sparse``, end to end (kept per pattern)."""
        found = self.dense_places.get(sparse)
        if found is None:
            features = self.observer.features
            found = self.dense_places[sparse] = np.concatenate(
                [
                    np.arange(start, start + f.size, dtype=np.intp)
                    for f, start, thin in zip(features, self.starts, sparse, strict=True)
                    if not thin
                ]
                or [np.zeros(0, np.intp)]
            )
        return found

    def fits(self, numbers: npt.NDArray[np.float32], at: Any = slice(None)) -> bool:
        """Every number within its bounds (``at``: their places); NaN fails both."""
        return bool(((numbers >= self.low[at]) & (numbers <= self.high[at])).all())

    def mask(self, state: GameState, player: str) -> npt.NDArray[np.int8]:
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if player in state.current_players:
            index = self.index  # a KeyError here: the game's space lacks the action
            mask[list(map(index.__getitem__, state.legal_actions(player)))] = 1  # one numpy call
        return mask

    def action(self, number: object) -> Action:
        """The action numbered ``number``; an IllegalActionError names a number out of range."""
        if isinstance(number, np.integer):
            number = int(number)
        if not isinstance(number, int) or isinstance(number, bool):
            raise IllegalActionError(f"an action is a whole number, not {number!r}")
        if not 0 <= number < len(self.actions):
            raise IllegalActionError(
                f"action {number} is outside the space of {len(self.actions)} actions"
            )
        return self.actions[number]


def check_render_mode(mode: str | None) -> None:
    if mode not in (None, "ansi"):
        raise ValueError(f"render_mode is None or 'ansi', not {mode!r}")


def reward(state: GameState, player: str) -> float:
    """The seat's return: +1 for a win (the seat's or its side's), -1 for a loss, 0 for a
    draw or a live game (``Outcome.returns``, which every consumer reads)."""
    return state.returns()[player]


def shaped(state: GameState, player: str, seed: int) -> float:
    """The game's own estimate of how it stands for ``player`` (-1 to 1), read from a sample
    of what the seat cannot see, never from the true state: a shaped reward is a hint, and
    must not tell the learner the enemy's hand. 0 where the game gives no estimate."""
    if state.is_over:
        return reward(state, player)
    guess = state.sample_hidden(player, derive_seed(seed, state.action_count)).estimate(player)
    return 0.0 if guess is None else guess


def spectator_text(state: GameState, title: str, events: list[Event]) -> str:
    """What ``render`` shows: the position in a line, and the last step's events that a
    spectator may read (never a seat's secrets)."""
    acting = ", ".join(state.current_players) or "nobody"
    lines = [
        f"{title}: round {state.rounds_played()}, action {state.action_count}, to act {acting}"
    ]
    lines += [f"  {e.text}" for e in events if e.visible(None)]
    if state.outcome is not None:
        lines.append(f"over: {state.outcome.winner or 'a draw'} ({state.outcome.reason})")
    return "\n".join(lines)


class Seeds:
    """The game seed of each episode: a reset with a seed starts a new sequence, a reset
    without one takes the next of it (or of one drawn from the system at first)."""

    def __init__(self) -> None:
        self.base = secrets.randbits(63)
        self.episode = 0

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.base, self.episode = int(seed), 0
        self.episode += 1
        return derive_seed(self.base, self.episode)
