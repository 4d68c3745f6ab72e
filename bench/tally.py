"""What the recorded matches add up to: every deal of ``bench/match.py --record`` files.

Usage: python bench/tally.py FILE [FILE ...]

A figure in the docs that rests on several runs (seeds, or a run stopped and taken up again)
is the sum of their deals: this prints it for each game, scenario and pair of agents, with
the 95% interval, per seat, and each seed's share, from the files alone.

    python bench/tally.py bench/records/*.jsonl
"""

from __future__ import annotations

import json
import signal
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from match import report, summary
from wartable.sim.study import drop_torn_row


def rows(paths: list[str]) -> dict[tuple[str, ...], dict[int, dict[int, dict[str, Any]]]]:
    """Deals by match (game, scenario, agent, opponent), then seed, then deal number."""
    out: dict[tuple[str, ...], dict[int, dict[int, dict[str, Any]]]] = defaultdict(dict)
    for path in paths:
        drop_torn_row(Path(path))
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    *match, seed = r.pop("match")
                    out[tuple(match)].setdefault(seed, {})[r.pop("deal")] = r
    return out


def main(argv: list[str]) -> int:
    missing = [p for p in argv if not Path(p).is_file()]
    if not argv or argv[0].startswith("-") or missing:
        if missing:
            print(f"tally: no such record file: {', '.join(missing)}", file=sys.stderr)
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    for (game, scenario, agent, other), seeds in sorted(rows(argv).items()):
        every = [deal for s in sorted(seeds) for _, deal in sorted(seeds[s].items())]
        out = summary(every) | {
            "game": game,
            "scenario": scenario,
            "agent": agent,
            "opponent": other,
        }
        print("\n".join(report(out)))
        for s in sorted(seeds):
            part = summary(list(seeds[s].values()))
            won = part["score"] * part["games"]
            print(f"  seed {s}: {won:g} of {part['games']} ({part['deals']} deals)")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends it quietly
    raise SystemExit(main(sys.argv[1:]))
