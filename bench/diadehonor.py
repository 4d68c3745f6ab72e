"""Día de Honor throughput on one core: random play, full games, clone() and line of sight.

Usage: python bench/diadehonor.py [--seconds S] [--openspiel-python PATH] [--json]

Random play runs random legal games from fixed seeds on the first battlefield, for the line-ups
1v1 and 3v3 (option ``players``), S seconds each, and keeps a copy of the state every 97
actions of the activation phase: those mid-game states give the clone() time (the issue's aim
is at most 20 µs) and the line-of-sight figures. Line of sight is measured three ways:
``rules.ground.sees`` over every pair of units on the map of those states (their battlefield's
answers cached, as in play), and ``Battle.sees`` on random square pairs of a fresh battlefield,
first answers (its cache empty) and the same pairs asked again (cached).

Beside our figures it runs the same Python loop (ask the legal actions, apply a random one)
over OpenSpiel's C++ backgammon and prints the ratio. OpenSpiel is no dependency of the
project: ``make bench`` installs it into a separate benchmark environment, whose interpreter
``--openspiel-python`` (or OPENSPIEL_PYTHON) names. Without it the comparison is skipped and
says so.
"""

from __future__ import annotations

import json
import random
import sys
import time

import wartable
from wartable.games.diadehonor import content
from wartable.games.diadehonor.rules import ground
from yardstick import RandomPlay, beside_backgammon, measured_arguments, per_call

LINEUPS = ("1v1", "3v3")
CLONE_AIM_US = 20.0


def first_battlefield() -> str:
    return wartable.get_game("diadehonor").scenarios()[0].id


def random_play(scenario: str, lineup: str, seconds: float) -> tuple[dict[str, float], list]:
    """Actions and full games per second; and mid-game copies taken along the way."""
    game = wartable.get_game("diadehonor")
    options = {"players": lineup}
    play = RandomPlay(lambda seed: game.new_game(scenario, seed=seed, options=options))
    figures, mids = play.timed(seconds, lambda s: s.phase == "activate", 97)
    while not mids:  # a run too short to reach the activation phase: play on, untimed
        play.step()
        if play.state.phase == "activate" and play.state.round >= 2:
            mids.append(play.state.clone())
    return figures, mids


def rate(fn, items: list, seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn(items)
        done += len(items)
    return done / (time.perf_counter() - start)


def sight_between_units(states: list, seconds: float) -> tuple[float, int]:
    """``ground.sees`` over every ordered pair of units on the map, answers cached."""
    triples = []
    for st in states:
        on_map = [i for i in range(len(st.units)) if st.on_map(i)]
        triples.extend((st, a, b) for a in on_map for b in on_map if a != b)
    sees = ground.sees

    def ask(items: list) -> None:
        for st, a, b in items:
            sees(st, a, b)

    if not triples:
        return 0.0, 0
    ask(triples)  # every pair answered once: what play asks again and again
    return rate(ask, triples, seconds), len(triples)


def sight_between_squares(scenario: str, seconds: float) -> dict[str, float]:
    """``Battle.sees`` on random pairs of distinct squares: first answers on a fresh
    battlefield (a new one for each batch, so its cache is empty), then the same pairs again."""
    lib = wartable.get_game("diadehonor").lib
    n = len(content.battle(lib.boards, scenario).grid.squares)
    rng = random.Random(3)
    batch = min(20_000, n * (n - 1) // 2)
    first = done = 0.0
    fresh = content.battle(lib.boards, scenario)
    pairs: list[tuple[int, int]] = []
    while first < seconds:
        fresh = content.battle(lib.boards, scenario)
        keys: set[tuple[int, int]] = set()
        while len(keys) < batch:  # distinct unordered pairs: each one a first answer
            a, b = rng.randrange(n), rng.randrange(n)
            if a != b:
                keys.add((min(a, b), max(a, b)))
        pairs = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in keys]
        sees = fresh.sees
        start = time.perf_counter()
        for a, b in pairs:
            sees(a, b)
        first += time.perf_counter() - start
        done += len(pairs)
    sees = fresh.sees

    def again(items: list) -> None:
        for a, b in items:
            sees(a, b)

    return {
        "squares": n,
        "first_per_second": done / first,
        "cached_per_second": rate(again, pairs, seconds),
    }


def main() -> None:
    args = measured_arguments(__doc__, 3.0)
    scenario = first_battlefield()
    figures: dict[str, object] = {"scenario": scenario, "python": sys.version.split()[0]}
    mids: dict[str, list] = {}
    for lineup in LINEUPS:
        play, mids[lineup] = random_play(scenario, lineup, args.seconds)
        figures[lineup] = dict(play, clone_us=per_call(lambda s: s.clone(), mids[lineup], 50))
    figures["clone_aim_us"] = CLONE_AIM_US
    all_mids = [s for lineup in LINEUPS for s in mids[lineup]]
    unit_rate, unit_pairs = sight_between_units(all_mids, args.seconds)
    figures["sees_units_per_second"] = unit_rate
    figures["sees_unit_pairs"] = unit_pairs
    figures["sees_squares"] = sight_between_squares(scenario, args.seconds)
    beside_backgammon(figures, list(LINEUPS), args.openspiel_python, args.seconds)
    os_result = figures["openspiel_backgammon"]
    if args.json:
        print(json.dumps(figures))
        return
    squares = figures["sees_squares"]
    assert isinstance(squares, dict)
    print(f"Día de Honor, {scenario}, one core, Python {figures['python']}")
    for lineup in LINEUPS:
        line = figures[lineup]
        assert isinstance(line, dict)
        print(f"  {lineup}: random play          {line['actions_per_second']:>12,.0f} actions/s")
        print(
            f"  {lineup}: full games           {line['games_per_second']:>12,.2f} games/s "
            f"({line['games']} finished)"
        )
        print(
            f"  {lineup}: clone()              {line['clone_us']:>12.2f} µs "
            f"(mid-game, {len(mids[lineup])} states; aim <= {CLONE_AIM_US:.0f} µs)"
        )
    print("  line of sight:")
    print(
        f"    ground.sees, units on the map, cached      {unit_rate:>12,.0f} checks/s "
        f"({unit_pairs:,} pairs)"
    )
    print(
        f"    Battle.sees, fresh battlefield, first      {squares['first_per_second']:>12,.0f}"
        f" checks/s ({squares['squares']} squares, random pairs)"
    )
    print(
        f"    Battle.sees, the same pairs again, cached  {squares['cached_per_second']:>12,.0f}"
        " checks/s"
    )
    if isinstance(os_result, dict):
        print(
            f"  OpenSpiel C++ backgammon, same loop: {os_result['steps_per_second']:,.0f} steps/s"
        )
        for lineup in LINEUPS:
            line = figures[lineup]
            assert isinstance(line, dict)
            print(f"  ratio ours / OpenSpiel, {lineup}: {line['ratio_vs_openspiel']:.3f}")
    else:
        print(f"  {os_result}")


if __name__ == "__main__":
    main()
