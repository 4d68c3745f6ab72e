"""Pictures of batch results: win rates with their 95% intervals, game lengths, endings.

matplotlib is an optional extra (``pip install wartable[plots]``); it is imported only here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wartable.core.errors import ArgumentError

SIDE_COLOURS = ("#3b7d3b", "#a33a3a", "#3b5ba3", "#a3863b", "#6b3ba3", "#3ba39a")


def pyplot() -> Any:
    """matplotlib's pyplot, drawing to files only (no window), or a clear error."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ArgumentError("pictures need matplotlib: pip install 'wartable[plots]'") from exc
    return plt


def plot_summary(summary: dict[str, Any], path: Path) -> Path:
    """Write a PNG or SVG (by suffix) with three panels; returns the path. Game lengths
    come from the summary's histogram, so a study of any size draws from its totals."""
    plt = pyplot()
    players = list(summary["wins"])
    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(13, 4.2))
    title = f"{summary['game']} · {summary['scenario']} · {summary['games']} games"
    fig.suptitle(f"{title} · " + " vs ".join(f"{p}: {a}" for p, a in summary["agents"].items()))

    rates = [summary["win_rate"][p]["rate"] for p in players]
    lows = [
        max(0.0, r - summary["win_rate"][p]["ci95"][0]) for p, r in zip(players, rates, strict=True)
    ]
    highs = [
        max(0.0, summary["win_rate"][p]["ci95"][1] - r) for p, r in zip(players, rates, strict=True)
    ]
    colours = SIDE_COLOURS[: len(players)]
    ax1.bar(players, rates, yerr=[lows, highs], capsize=6, color=colours)
    ax1.set_ylim(0, 1)
    ax1.set_ylabel("win rate (bars: 95% interval)")
    for x, r in enumerate(rates):
        ax1.text(x, 0.03, f"{r:.0%}", ha="center", color="white", fontweight="bold")

    histogram = {int(r): c for r, c in summary["rounds"].get("histogram", {}).items()}
    if histogram:
        ax2.bar(list(histogram), list(histogram.values()), width=1.0, color="#777777")
    ax2.set_xlabel(f"{summary['rounds'].get('name', 'round')}s per game")
    ax2.set_ylabel("games")

    reasons = summary["reasons"]
    ax3.barh(list(reasons), list(reasons.values()), color="#5a7fa8")
    ax3.set_xlabel("games")
    ax3.set_title("how games ended")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
