"""2GM Tactics throughput on one core: random play, full battles, clone(), a heuristic's
decision, and a view.

Usage: python bench/tactics2gm.py [--seconds S] [--openspiel-python PATH] [--json]

Random play runs random legal battles from fixed seeds, the pitched battle with the shipped
decks in turn and each scenario, S seconds each, and keeps a copy of the state every 89
actions of a turn under way: those mid-battle states give the clone() and view() times and
the heuristic's time per decision.

Beside our figures it runs the same Python loop (ask the legal actions, apply a random one)
over OpenSpiel's C++ backgammon and prints the ratio. OpenSpiel is no dependency of the
project: ``make bench`` installs it into a separate benchmark environment, whose interpreter
``--openspiel-python`` (or OPENSPIEL_PYTHON) names. Without it the comparison is skipped and
says so.
"""

from __future__ import annotations

import json
import sys
import time

import wartable
from wartable.games.tactics2gm.ai import HeuristicAgent
from yardstick import RandomPlay, beside_backgammon, measured_arguments, per_call

GAME = "tactics2gm"
PAIRINGS = (
    ("usa-armour", "germany-armour"),
    ("usa-infantry", "germany-infantry"),
    ("usa-armour", "germany-infantry"),
    ("usa-infantry", "germany-armour"),
)


def random_play(scenario: str, seconds: float) -> tuple[dict[str, float], list]:
    """Actions and full battles per second; and mid-battle copies taken along the way. The
    pitched battle rotates the pairings of the shipped decks from one battle to the next."""
    game = wartable.get_game(GAME)

    def start_battle(seed: int):
        if scenario != "pitched-battle":
            return game.new_game(scenario, seed=seed)
        allies, axis = PAIRINGS[seed % len(PAIRINGS)]
        return game.new_game(
            scenario, seed=seed, options={"deck_allies": allies, "deck_axis": axis}
        )

    in_turn = ("move", "deploy", "fire")
    return RandomPlay(start_battle).timed(seconds, lambda s: s.phase in in_turn, 89)


def heuristic_ms(states: list) -> float:
    agent = HeuristicAgent(7)
    start = time.perf_counter()
    for s in states:
        agent.act(s, s.current_players[0])
    return (time.perf_counter() - start) / len(states) * 1e3


def main() -> None:
    args = measured_arguments(__doc__, 3.0)
    scenarios = [s.id for s in wartable.get_game(GAME).scenarios()]
    figures: dict[str, object] = {"python": sys.version.split()[0]}
    for scenario in scenarios:
        play, mids = random_play(scenario, args.seconds)
        if mids:
            play["clone_us"] = per_call(lambda s: s.clone(), mids, 20)
            play["view_us"] = per_call(lambda s: s.view(s.current_players[0]), mids, 5)
            play["heuristic_ms"] = heuristic_ms(mids[:40])
            play["mid_states"] = len(mids)
        figures[scenario] = play
    beside_backgammon(figures, scenarios, args.openspiel_python, args.seconds)
    os_result = figures["openspiel_backgammon"]
    if args.json:
        print(json.dumps(figures))
        return
    print(f"2GM Tactics, one core, Python {figures['python']}")
    for scenario in scenarios:
        line = figures[scenario]
        assert isinstance(line, dict)
        print(f"  {scenario}:")
        print(f"    random play        {line['actions_per_second']:>12,.0f} actions/s")
        print(
            f"    full battles       {line['games_per_second']:>12,.2f} battles/s "
            f"({line['games']} finished)"
        )
        if "clone_us" in line:
            print(f"    clone()            {line['clone_us']:>12.1f} µs (mid-battle)")
            print(f"    view()             {line['view_us']:>12.1f} µs")
            print(f"    heuristic decision {line['heuristic_ms']:>12.2f} ms")
        if "ratio_vs_openspiel" in line:
            print(f"    vs backgammon      {line['ratio_vs_openspiel']:>12.2f}x")
    if isinstance(os_result, dict):
        print(
            f"  OpenSpiel C++ backgammon, same loop: {os_result['steps_per_second']:,.0f} steps/s"
        )
    else:
        print(f"  OpenSpiel backgammon: {os_result}")


if __name__ == "__main__":
    main()
