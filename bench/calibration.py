"""How well a game's estimate foretells who wins: the value a search scores its play-outs by.

Usage: python bench/calibration.py GAME SCENARIO [--agent A] [--games N] [--every K]
       [--from-round R] [--seed S] [--json]

It plays ``--games`` games with ``--agent`` in every seat, takes every ``K``-th position
(from round ``R`` on), and asks the first seat's ``estimate`` there: of the true state,
which knows more than the states a search draws, so it finds the best case. Then it sorts
the positions into ten bins by estimate and prints, per bin, the win chance the estimate claims
(``(e + 1) / 2``) beside how often that seat's side really won from there. An estimate a
search can lean on rises with the real rate across the bins; a flat middle means the search
would be steering by noise there, however many play-outs it runs.

    python bench/calibration.py undaunted crossroads --games 120
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import wartable
from wartable.agents.ismcts import score
from wartable.agents.registry import check_agent, make_agent
from wartable.core.errors import WartableError
from wartable.core.rng import derive_seed

BINS = 10


def positions(
    game_name: str, scenario: str, agent: str, games: int, every: int, from_round: int, seed: int
) -> list[tuple[float, float]]:
    """(estimate of the first seat, 1 if its side won else 0, a draw 0.5) per position."""
    game = wartable.get_game(game_name)
    out: list[tuple[float, float]] = []
    for i in range(games):
        game_seed = derive_seed(seed, i)
        state = game.new_game(scenario, seed=game_seed)
        me = state.players[0]
        agents = {
            p: make_agent(game, agent, derive_seed(game_seed, n + 1))
            for n, p in enumerate(state.players)
        }
        seen: list[float] = []
        step = 0
        while not state.is_over:
            if step % every == 0 and state.rounds_played() >= from_round:
                e = state.estimate(me)
                if e is None:
                    raise SystemExit(f"{game_name} offers no estimate to calibrate")
                seen.append(e)
            p = state.current_players[0]
            state.apply(p, agents[p].act(state, p))
            step += 1
        won = (score(state)[me] + 1) / 2  # the search's own reward for a finished game
        out += [(e, won) for e in seen]
        print(f"\rgame {i + 1}/{games}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return out


def bins(points: list[tuple[float, float]]) -> list[dict[str, Any]]:
    ordered = sorted(points)
    n = len(ordered)
    rows = []
    for b in range(BINS):
        part = ordered[b * n // BINS : (b + 1) * n // BINS]
        if not part:
            continue
        mean = sum(e for e, _ in part) / len(part)
        rows.append(
            {
                "low": part[0][0],
                "high": part[-1][0],
                "positions": len(part),
                "claimed": (mean + 1) / 2,
                "won": sum(w for _, w in part) / len(part),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("scenario")
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--from-round", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1:
        parser.error("--games and --every must be at least 1")
    try:  # a name it does not know: usage, not a traceback
        game = wartable.get_game(args.game)
        game.new_game(args.scenario, seed=args.seed)
        check_agent(game, args.agent)
    except WartableError as e:
        parser.error(str(e))
    points = positions(
        args.game, args.scenario, args.agent, args.games, args.every, args.from_round, args.seed
    )
    if not points:
        parser.error("no positions taken: try a smaller --every or an earlier --from-round")
    rows = bins(points)
    # how far the claims miss, and how far always saying "the overall rate" misses
    base = sum(w for _, w in points) / len(points)
    brier = sum(((e + 1) / 2 - w) ** 2 for e, w in points) / len(points)
    flat = sum((base - w) ** 2 for _, w in points) / len(points)
    if args.json:
        print(json.dumps({"bins": rows, "brier": brier, "brier_flat": flat, "base": base}))
        return 0
    print(f"{args.game} {args.scenario}, {args.agent} in every seat: {len(points)} positions")
    print("estimate range      positions  claims  won")
    for r in rows:
        print(
            f"{r['low']:+.2f} .. {r['high']:+.2f}  {r['positions']:9d}  "
            f"{r['claimed']:6.2f}  {r['won']:.2f}"
        )
    print(f"Brier score {brier:.3f}; always saying {base:.2f}: {flat:.3f} (lower is better)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
