"""A heuristic player for Día de Honor: shoot where the odds of wounds and kills are best (the
odds the rules give, flanking, cover and prone included), duel when the totals favour it, aim
the sniper, play its cards when they pay; otherwise move towards what its secret objective
needs (an area to hold, the kind of enemy to kill) or the nearest enemy, choosing squares in
cover, from where it can shoot, seen by few; lie down when exposed. It decides from a state
redrawn with ``sample_hidden``, so other seats' cards and objectives stay unknown to it. What
it judges a move by is in ``mind.py``, which the compiled build compiles."""

from __future__ import annotations

from collections.abc import Callable

from wartable.core.action import Action
from wartable.core.agent import Heuristic
from wartable.core.state import GameState
from wartable.games.diadehonor.mind import Areas, Mind, Recall, Squares
from wartable.games.diadehonor.rules.common import find
from wartable.games.diadehonor.rules.legal import to_deploy
from wartable.games.diadehonor.state import DiaDeHonorState


def played(world: GameState) -> DiaDeHonorState:
    if not isinstance(world, DiaDeHonorState):
        raise TypeError("the Día de Honor heuristic plays Día de Honor only")
    return world


class HeuristicAgent(Heuristic):
    # a unit's activation offers hundreds of moves (every square it can reach): a search
    # weighs this heuristic's best few, widening as it visits (see ``rank``)
    widen = 1.0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._areas: Areas = {}
        self._recall = Recall()  # what one decision's judgement may lend the next

    def __getstate__(self) -> dict[str, object]:
        """A copy for another process (the server's search workers) starts with nothing
        recalled: the recall is only a cache, and holds what does not pickle."""
        state = dict(self.__dict__)
        state["_recall"] = None
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._recall = Recall()

    def choose(self, world: GameState, player: str, legal: list[Action]) -> Action:
        st = played(world)
        mind = Mind(st, st.players.index(player), self._areas, self._recall)
        verb = legal[0].verb
        if verb == "react":
            return legal[0]  # detect when held: it comes first
        if verb == "initiative":
            return Action("initiative", ("first",))
        if verb == "deploy":
            return deploying(mind, legal, 1)[0]
        key = placing(mind, verb)
        if key is not None:
            return max(legal, key=key)
        return mind.activation(legal, {})

    def rank(self, world: GameState, player: str, legal: list[Action], k: int) -> list[Action]:
        """The choice, then: shots and aims worth taking by their worth, each unit's best
        move by what it gains, ending the activation, then cards, poor shots, standing up
        and lying down by their worth, then every other move by what it gains."""
        st = played(world)
        mind = Mind(st, st.players.index(player), self._areas, self._recall)
        verb = legal[0].verb
        if verb == "deploy":
            return deploying(mind, legal, k)
        key = placing(mind, verb)
        if key is not None:  # a stable sort: the first of the best heads it, as ``choose``
            return sorted(legal, key=key, reverse=True)[:k]
        if verb in ("react", "initiative"):
            ordered = legal
            best = self.choose(st, player, legal)
        else:  # the choice and the ranking share each unit's square scores
            scorers: dict[str, Squares] = {}
            best = mind.activation(legal, scorers)
            ordered = mind.alternatives(legal, scorers)
        return [best, *(a for a in ordered if a != best)][:k]


def placing(mind: Mind, verb: str) -> Callable[[Action], float] | None:
    """How a target or a square to bring a unit to is judged."""
    st = mind.st
    if verb == "target":
        return lambda a: mind.worth(find(st, a.args[0]))
    if verb == "place":
        return lambda a: mind.place_score(a.args[0])
    return None


def deploying(mind: Mind, legal: list[Action], k: int) -> list[Action]:
    """The best ``k`` deployments, best first. Units are placed in any order: the heuristic
    takes them in squad order, the first in reserve on the best square, so that a ranking
    offers that unit's best squares first rather than one square for every unit. A set-up
    offers every unit on every square of the zone: only the units the ranking reaches are
    weighed (the first, unless ``k`` is more than its squares)."""
    later = {mind.st.units[i].key: n for n, i in enumerate(to_deploy(mind.st, mind.seat))}
    turns: dict[int, list[Action]] = {}
    for a in legal:
        turns.setdefault(later.get(a.args[0], 0), []).append(a)
    out: list[Action] = []
    for n in sorted(turns):  # a stable sort: the first of the best squares heads each turn
        out.extend(sorted(turns[n], key=lambda a: mind.place_score(a.args[1]), reverse=True))
        if len(out) >= k:
            break
    return out[:k]
