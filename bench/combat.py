"""Combat! on one core: line of sight on the Farmhouse map, and random play of both
scenarios beside OpenSpiel's C++ backgammon.

Usage: python bench/combat.py [--seconds S] [--openspiel-python PATH] [--json]

Line of sight: explained checks (line_of_sight, with reasons), first-time answers of the fast
table, repeated answers of the fast table (the common case in play: soldiers occupy few
hexes and ask again every impulse), and the time to fill the table for every pair. The aim
for repeated answers is 1,000,000 checks per second.

Random play: legal_actions, a random choice and apply, from seeds 0, 1, 2..., with the
German side run by the rules inside apply; the same loop over OpenSpiel's backgammon gives
the ratio (aim: 0.1). It says which build it timed: `make bench` runs it under pure Python
and under the compiled build.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from wartable.content.loader import validate
from wartable.games.combat.board import Board
from wartable.games.combat.content import TerrainFile, load_map
from wartable.games.combat.los import line_of_sight
from wartable.games.combat.sight import SightTable
from yardstick import RandomPlay, beside_backgammon, build, measured_arguments, per_call

SCENARIOS = ("a-meeting-of-patrols", "attack-the-farmhouse")
RATIO_AIM = 0.1
DATA = Path(__file__).resolve().parents[1] / "src" / "wartable" / "games" / "combat" / "data"


def farmhouse() -> Board:
    table = validate(DATA / "terrain.yaml", TerrainFile).model
    return Board(load_map(DATA / "maps" / "farmhouse.yaml", table).model, table)


def rate(fn, pairs, seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn(pairs)
        done += len(pairs)
    return done / (time.perf_counter() - start)


def main() -> None:
    args = measured_arguments(__doc__, 3.0)
    board = farmhouse()
    n = len(board.hexes)
    rng = random.Random(1)

    hexes = board.hexes
    explained_pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(2000)]

    def explained(pairs):
        for a, b in pairs:
            line_of_sight(board, a, b)

    explained(explained_pairs)  # lines by offset computed once
    r_explained = rate(explained, explained_pairs, args.seconds)

    table = SightTable(board)
    cold_pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(20_000)]
    start = time.perf_counter()
    for a, b in cold_pairs:
        table.sees(a, b)
    r_cold = len(cold_pairs) / (time.perf_counter() - start)

    occupied = rng.sample(range(n), 40)
    warm_pairs = [(a, b) for a in occupied for b in occupied] * 25
    sees = table.sees

    def warm(pairs):
        for a, b in pairs:
            sees(a, b)

    warm(warm_pairs)
    r_warm = rate(warm, warm_pairs, args.seconds)

    full = SightTable(board)
    start = time.perf_counter()
    for a in range(n):
        for b in range(a, n):
            full.sees(a, b)
    t_full = time.perf_counter() - start

    play = game_figures(args.seconds)
    figures: dict[str, object] = {
        "build": build(),
        "python": sys.version.split()[0],
        "sight": {"explained": r_explained, "first": r_cold, "repeated": r_warm, "fill_s": t_full},
        **play,
    }
    beside_backgammon(figures, list(SCENARIOS), args.openspiel_python, args.seconds)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"Combat!, one core, Python {figures['python']}, {figures['build']}")
    print(f"  line of sight, Farmhouse map ({n} hexes):")
    print(f"  explained (line_of_sight, with reasons): {r_explained:>12,.0f} checks/s")
    print(f"  fast table, first answers:               {r_cold:>12,.0f} checks/s")
    print(f"  fast table, repeated answers:            {r_warm:>12,.0f} checks/s (aim 1,000,000)")
    print(f"  fill the table for all {n * (n + 1) // 2:,} pairs:     {t_full:>12.1f} s")
    yardstick = figures["openspiel_backgammon"]
    for scenario in SCENARIOS:
        line = play[scenario]
        ratio = line.get("ratio_vs_openspiel")
        versus = f", {ratio:.3f}x backgammon (aim {RATIO_AIM})" if ratio is not None else ""
        print(
            f"  {scenario}: random play {line['actions_per_second']:,.0f} actions/s{versus}, "
            f"{line['games_per_second']:.2f} games/s, clone() {line['clone_us']:.1f} us"
        )
    if isinstance(yardstick, dict):
        steps = yardstick["steps_per_second"]
        print(f"  OpenSpiel C++ backgammon, the same loop: {steps:,.0f} steps/s")
    else:
        print(f"  {yardstick}")


def game_figures(seconds: float) -> dict[str, dict[str, float]]:
    """Random play of the registered game: actions and games per second, clone() time."""
    import wartable

    game = wartable.get_game("combat")
    figures: dict[str, dict[str, float]] = {}
    for scenario in SCENARIOS:
        play = RandomPlay(lambda seed, sc=scenario: game.new_game(sc, seed=seed))
        line, mids = play.timed(seconds, lambda s: True, 97)
        line["clone_us"] = per_call(lambda s: s.clone(), mids, 20) if mids else 0.0
        figures[scenario] = line
    return figures


if __name__ == "__main__":
    main()
