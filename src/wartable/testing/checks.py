"""The contract every game keeps, as checks a game's own tests can run (``check_game`` runs
them all): random games end, the same seed gives the same game, clones are independent,
records replay, illegal actions change nothing, views hide what a seat cannot see, actions
read back from their text, undo is exact. Each raises ConformanceError saying what broke."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable

from wartable.agents.random import RandomAgent
from wartable.core.action import Action
from wartable.core.errors import (
    ActionParseError,
    IllegalActionError,
    UnknownNameError,
    WartableError,
)
from wartable.core.events import CORE_KINDS
from wartable.core.game import CardFace, Game
from wartable.core.layout import STATIC, by_key, each, fresh, same
from wartable.core.rng import derive_seed
from wartable.core.state import GameState
from wartable.testing.playing import play_on, play_random


class ConformanceError(WartableError):
    """A game breaks the contract: what broke, in words."""


def need(condition: object, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def refused(
    call: Callable[..., object], *args: object, match: str | None = None
) -> IllegalActionError:
    """The IllegalActionError ``call(*args)`` raises (its text matching ``match``)."""
    try:
        call(*args)
    except IllegalActionError as exc:
        need(match is None or re.search(match, str(exc)), f"refused, but saying {exc}")
        return exc
    raise ConformanceError("an action that must be refused was taken")


LONGEST = 20_000  # actions: a random game that runs longer is taken never to end
TRIPLED = re.compile(r"([a-z])\1\1")  # "suppresss": a verb given an "s" it already had


def playouts_end(game: Game, scenario: str, seeds: Iterable[int]) -> set[str]:
    """Random games end with an outcome; along the way every live state has someone to act
    who has a legal action, each in the game's fixed action space, and no event's text has a
    letter tripled. The kinds of event met."""
    kinds: set[str] = set()
    space = set(game.action_space(scenario))
    for seed in seeds:
        state = game.new_game(scenario, seed=seed)
        agent = RandomAgent(derive_seed(seed, 1))
        while not state.is_over:
            need(state.action_count < LONGEST, f"a random game ran past {LONGEST} actions")
            need(state.current_players, "a live game with nobody to act")
            for p in state.current_players:
                legal = state.legal_actions(p)
                need(legal, f"{p} must act but has no legal action")
                if not space.issuperset(legal):
                    outside = [str(a) for a in legal if a not in space]
                    raise ConformanceError(f"legal actions outside the action space: {outside}")
            player = state.current_players[0]
            for event in state.apply(player, agent.act(state, player)):
                kinds.add(event.kind)
                need(not TRIPLED.search(event.text), f"a word misspelt: {event.text}")
        need(state.current_players == (), "a finished game still has someone to act")
        need(state.outcome is not None, "a finished game without an outcome")
        need(state.outcome and state.outcome.winner in (*state.players, None), "unknown winner")
        need(all(state.legal_actions(p) == [] for p in state.players), "actions after the end")
    return kinds


def kept_actions_are_fresh(game: Game, scenario: str, seed: int = 5, stop_after: int = 400) -> None:
    """Who acts and what they may do, as kept between calls or told by the rules as they
    left the state (``tell_legal``), are what listing them afresh gives."""
    state = game.new_game(scenario, seed=seed)
    agent = RandomAgent(derive_seed(seed, 1))
    while not state.is_over and state.action_count < stop_after:
        fresh = state.clone()
        fresh._legal_cache = None  # the clone shares the kept lists: forget them
        need(fresh.current_players == state.current_players, "kept: another seat to act")
        for p in state.players:
            kept, listed = state.legal_actions(p), fresh.legal_actions(p)
            need(
                kept == listed,
                f"kept actions differ from a fresh listing after "
                f"{state.action_count} actions: {sorted(map(str, set(kept) ^ set(listed)))}",
            )
        player = state.current_players[0]
        state.apply(player, agent.act(state, player))
    if state.is_over:
        need(all(state.legal_actions(p) == [] for p in state.players), "kept: actions at the end")


def same_seed_same_game(game: Game, scenario: str) -> None:
    a = play_random(game, scenario, 11)
    b = play_random(game, scenario, 11)
    need(a.record() == b.record(), "the same seed played another game")
    need(a.full_state() == b.full_state(), "the same seed ended in another state")
    c = play_random(game, scenario, 12, stop_after=60)  # soon enough to part ways
    played = c.record()["actions"]
    need(played != a.record()["actions"][: len(played)], "another seed played the same game")


def clone_is_independent(states: Iterable[GameState]) -> None:
    for state in states:
        before = state.full_state()
        twin = state.clone()
        need(twin.full_state() == before, "a clone differs from its original")
        need(twin.record() == state.record(), "a clone's record differs")
        play_on(twin, RandomAgent(9), stop_after=30)
        need(state.full_state() == before, "playing on a clone changed the original")


def record_replays(game: Game, scenario: str, seeds: Iterable[int] = (1, 2)) -> None:
    for seed in seeds:
        state = play_random(game, scenario, seed)
        record = json.loads(json.dumps(state.record()))  # survives a trip through JSON
        again = game.replay(record)
        need(again.full_state() == state.full_state(), "a record replays to another state")
        need(again.outcome == state.outcome, "a record replays to another outcome")
        half = len(record["actions"]) // 2
        need(game.replay(record, upto=half).action_count == half, "a partial replay is wrong")


def illegal_actions_change_nothing(game: Game, scenario: str, states: Iterable[GameState]) -> None:
    """Out of turn, outside the legal actions, by no seat: refused with a reason, and the
    state as it was."""
    for state in states:
        before = state.full_state()
        for p in (p for p in state.players if p not in state.current_players):
            refused(state.apply, p, Action("end"), match=r"not .* turn")
        actor = state.current_players[0]
        legal = set(state.legal_actions(actor))
        for candidate in game.action_space(scenario):
            if candidate not in legal:
                need(refused(state.apply, actor, candidate).reason, "refused without a reason")
                break
        refused(state.apply, "nobody", Action("end"))
        need(state.full_state() == before, "a refused action changed the state")


def finished_game_refuses(game: Game, scenario: str) -> None:
    state = play_random(game, scenario, 4)
    before = state.full_state()
    refused(state.apply, state.players[0], Action("end"), match="over")
    need(state.full_state() == before, "a refused action changed a finished game")


def views_hide_the_hidden(states: Iterable[GameState], something_hidden: bool = True) -> None:
    """Two states that differ only in what a seat cannot see give it the same view and the
    same legal actions. With ``something_hidden`` (a game that keeps secrets) the samples
    must differ somewhere, or the check would prove nothing; a game of perfect information
    passes without."""
    for state in states:
        for p in state.players:
            view = state.view(p)
            json.dumps(view)  # JSON-safe
            changed = 0
            for k in range(4):
                other = state.sample_hidden(p, seed=1000 + k)
                need(other.view(p) == view, f"{p}'s view depends on hidden information")
                need(other.legal_actions(p) == state.legal_actions(p), f"{p}'s actions do too")
                changed += other.full_state() != state.full_state()
            need(
                changed or not something_hidden,
                "sample_hidden changed nothing: the check would prove nothing",
            )
        spectator = state.view(None)
        need(
            all(state.sample_hidden(p, 7).view(None) == spectator for p in state.players),
            "a spectator's view depends on hidden information",
        )


def samples_know_only_the_view(states: Iterable[GameState]) -> None:
    """A sample of the hidden information depends only on what the seat knows."""
    for state in states:
        for p in state.players:
            other = state.sample_hidden(p, seed=99)  # same view, different hidden cards
            need(
                state.sample_hidden(p, 5).full_state() == other.sample_hidden(p, 5).full_state(),
                f"{p}'s sample depends on what {p} cannot see",
            )


def views_never_hold_the_seed(game: Game, scenario: str) -> None:
    seed = 918_273_645_546
    state = game.new_game(scenario, seed=seed)
    for p in (*state.players, None):
        text = json.dumps(state.view(p))
        need(str(seed) not in text and "rng" not in text, f"{p}'s view holds the seed")


def actions_read_back(game: Game) -> None:
    """Every action of every scenario's action space reads back from its text and its JSON;
    malformed input is an ActionParseError."""
    spaces = {tuple(game.action_space(sc.id)) for sc in game.scenarios()}
    for action in {a for space in spaces for a in space}:
        need(game.parse_action(str(action)) == action, f"{action} does not read back")
        need(game.parse_action(action.to_json()) == action, f"{action}'s JSON does not")
    for bad in ("", "fly away", {"verb": 3}, ["end"], {"verb": "end", "args": [], "x": 1}):
        try:
            game.parse_action(bad)
        except ActionParseError:
            continue
        raise ConformanceError(f"{bad!r} was read as an action")


def undo_is_exact(game: Game, scenario: str) -> None:
    """Undo gives back exactly the state before, where the game allows it, and is refused
    with "nothing to undo" elsewhere."""
    agent = RandomAgent(3)
    state = game.new_game(scenario, seed=8)
    undone = refusals = chances = 0
    while not state.is_over and state.action_count < 300:
        player = state.current_players[0]
        before = state.clone()
        state.apply(player, agent.act(state, player))
        if state.undoable(player):
            chances += 1
            if chances > 4 and chances % 10:  # an undo replays the whole record: some only
                continue
            back = game.undo(state, player)
            need(
                {**back.full_state(), "actions": 0} == {**before.full_state(), "actions": 0},
                "undo gave back another state",
            )
            undone += 1
        elif not state.is_over:
            refused(game.undo, state, player, match="nothing to undo")
            refusals += 1
    need(refusals, "undo was never refused")
    if type(state)._reversible is not GameState._reversible:  # a game that allows undo
        need(undone, "a game that allows undo never undid")


def card_faces_are_public(game: Game, scenario: str) -> None:
    need(game.new_game(scenario, seed=1).scenario == scenario, "the game forgets its scenario")
    for key, face in game.glossary(scenario).items():
        need(isinstance(face, CardFace), f"{key}: no CardFace")
        need(key and face.title and face.text, f"{key}: a face without title or text")
        need(json.loads(json.dumps(face.to_json())) == face.to_json(), f"{key}: not JSON")
    try:
        game.glossary("no-such-scenario")
    except UnknownNameError:
        return
    raise ConformanceError("the glossary of an unknown scenario was given")


def verbs_are_declared(game: Game, scenario: str, stop_after: int = 600) -> None:
    """Where a game declares its grammar (``Game.grammar``): its action space is made of
    exactly its verbs; along a random game every legal action is of a verb declared for the
    moment it is offered in, and reads in words; and at each step an action of every verb
    that is not legal then is refused with a reason, the state untouched."""
    grammar = game.grammar()
    if grammar is None:
        return
    declared = [v.name for v in grammar.verbs]
    space = game.action_space(scenario)
    by_verb: dict[str, list[Action]] = {}
    for a in space:
        by_verb.setdefault(a.verb, []).append(a)
    stray = sorted(set(by_verb) - set(declared))
    need(not stray, f"verbs in the action space that are not declared: {stray}")
    switched = {k: True for k, o in game.options().items() if o.kind == "bool" and not o.internal}
    anywhere = {  # a verb of one scenario (deploy) or of an option (night's flares) counts
        a.verb
        for sc in game.scenarios()
        for options in ({}, switched)
        for a in game.action_space(sc.id, options)
    }
    empty = sorted(set(declared) - anywhere)
    need(not empty, f"verbs declared with nothing in any action space: {empty}")
    state = game.new_game(scenario, seed=3)
    agent = RandomAgent(derive_seed(3, 1))
    read: set[Action] = set()
    for step in range(stop_after):
        if state.is_over:
            break
        moment = grammar.moment(state).name
        player = state.current_players[0]
        legal = state.legal_actions(player)
        for a in legal:
            verb = grammar.by_name.get(a.verb)
            if verb is None:
                raise ConformanceError(f"{a} is legal, but {a.verb} is not declared")
            if moment not in verb.when:
                raise ConformanceError(f"{a} offered in {moment}, not in when")
        # the words of every action met, the first time and every tenth step (reading all
        # of them at every step was a fifth of the conformance suite's time)
        worded = legal if step % 10 == 0 else [a for a in legal if a not in read]
        for a in worded:
            if not state.describe(player, a).strip():
                raise ConformanceError(f"{a} has no words")
        read.update(worded)
        if step % 25 == 0:  # every verb's refusal, now and then
            before = state.full_state()
            taken = set(legal)
            for actions in by_verb.values():
                sampled = actions[:: max(1, len(actions) // 40)]  # a spread of its arguments
                other = next((x for x in sampled if x not in taken), None)
                if other is not None:
                    exc = refused(state.apply, player, other)
                    need(str(exc).strip(), f"{other} refused without a reason")
            need(state.full_state() == before, "a refused action changed the state")
        state.apply(player, agent.act(state, player))


def _annotated(state: GameState) -> set[str]:
    """The fields a state's class (and its bases below the core's) declare."""
    names: set[str] = set()
    for cls in type(state).__mro__:
        if cls is GameState:
            break
        names |= {
            n for n, t in getattr(cls, "__annotations__", {}).items() if "ClassVar" not in str(t)
        }
    return names


def _changeable(value: object) -> bool:
    return isinstance(value, (list, dict, set, bytearray))


def fields_are_declared(states: Iterable[GameState]) -> None:
    """Where a state declares its layout (``GameState.layout``, core/layout.py): it names
    every field the class declares, each once; a field its clone shares holds nothing that
    changes in place; a field copied flat holds no list, dict or set; the clone copies what
    the layout copies, to its depth, and shares the static (a compiled game may write its
    copy out by hand); and a sample of the hidden information (``sample_hidden``) changes
    only fields declared hidden."""
    for state in states:
        layout = state.layout
        if layout is None:
            return
        declared = _annotated(state)
        names = layout.names()
        need(
            not declared or declared == names,
            f"fields not in the layout: {sorted(declared - names)}; "
            f"in the layout, not on the class: {sorted(names - declared)}",
        )
        for name, copier in layout.copiers.items():
            value = getattr(state, name)
            if copier is same and layout.parts[name] != STATIC:
                need(not _changeable(value), f"{name} changes in place, but clones share it")
            if copier is fresh and isinstance(value, (list, set, frozenset, tuple)):
                inner = [v for v in value if _changeable(v)]
                need(not inner, f"{name} holds lists, dicts or sets: copy it with each")
            if copier is fresh and isinstance(value, dict):
                inner = [v for v in value.values() if _changeable(v)]
                need(not inner, f"{name} holds lists, dicts or sets: copy it with by_key")
        twin = state.clone()  # the core's copy, or one a compiled game writes out: the same
        for name, copier in layout.copiers.items():
            need(hasattr(twin, name), f"the clone has no {name}")  # before reading it
            mine, theirs = getattr(state, name), getattr(twin, name)
            if layout.parts[name] == STATIC:
                need(mine is theirs, f"{name} is static, but the clone copies it")
            elif copier is not same and mine is not None:
                need(mine is not theirs, f"the clone shares {name}, which the layout copies")
            if copier is each:
                shared = [a for a, b in zip(mine, theirs, strict=True) if a is b]
                need(not shared, f"the clone shares items of {name}, which the layout copies")
            if copier is by_key:
                shared = [k for k in mine if mine[k] is theirs[k]]
                need(not shared, f"the clone shares items of {name}, which the layout copies")
        before = state.full_state()["state"]
        for p in state.players:
            after = state.sample_hidden(p, 11).full_state()["state"]
            moved = sorted(k for k in before if before[k] != after.get(k))
            shown = sorted(set(moved) - layout.hidden)
            need(not shown, f"a sample for {p} changed fields not declared hidden: {shown}")


def events_are_declared(game: Game, scenario: str, seeds: Iterable[int] = (0, 1)) -> None:
    """Where a game declares its kinds of event (``Game.event_kinds``): every event of a
    random game is of a declared kind (or one of the core's own, ``resign``)."""
    declared = game.event_kinds()
    if declared is None:
        return
    known = declared.values() | CORE_KINDS
    for seed in seeds:
        state = game.new_game(scenario, seed=seed)
        agent = RandomAgent(derive_seed(seed, 2))
        for _ in range(LONGEST):
            if state.is_over:
                break
            player = state.current_players[0]
            for e in state.apply(player, agent.act(state, player)):
                need(e.kind in known, f"an event of kind {e.kind!r}, which is not declared")
