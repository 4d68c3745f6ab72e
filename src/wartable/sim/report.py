"""`wartable report STUDY`: one HTML page a designer reads, its pictures inside it.

The page needs nothing but a browser: the charts are PNGs embedded as data URLs and the
style is inline, so it can be mailed, archived or opened offline. Every text that comes
from a study file is escaped. matplotlib (the ``plots`` extra) draws the charts.
"""

from __future__ import annotations

import base64
import html
import io
import itertools
from collections import Counter
from pathlib import Path
from typing import Any

from wartable.core.errors import ArgumentError
from wartable.sim.digest import Digest, digest
from wartable.sim.plots import SIDE_COLOURS, pyplot
from wartable.sim.stats import wilson_interval

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1100px;
       color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { padding: 0.25em 0.8em; text-align: left; border-bottom: 1px solid #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.meta { color: #555; } img { max-width: 100%; } .note { color: #555; font-size: 0.92em; }
"""


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def pct(k: int, n: int) -> str:
    lo, hi = wilson_interval(k, n)
    return f"{k / n:.1%} ({lo:.1%} – {hi:.1%})" if n else "–"


def table(head: list[str], rows: list[list[Any]], numeric_from: int = 1) -> str:
    th = "".join(f"<th>{esc(h)}</th>" for h in head)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{esc(c)}</td>' if i >= numeric_from else f"<td>{esc(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{th}</tr>{body}</table>"


def integer_ticks() -> Any:
    """Ticks on whole numbers only: there is no round 2.5."""
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)


def image(fig: Any, alt: str) -> str:
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=96)
    pyplot().close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{esc(alt)}" src="data:image/png;base64,{data}">'


def bars_with_ci(labels: list[str], wins: list[int], n: int, title: str) -> str:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(max(4.0, 1.4 * len(labels)), 3.2))
    rates = [w / n if n else 0.0 for w in wins]
    cis = [wilson_interval(w, n) for w in wins]
    # the interval holds the rate; max() only drops a rounding error's negative sliver
    err = [[max(0.0, r - lo) for r, (lo, _) in zip(rates, cis, strict=True)],
           [max(0.0, hi - r) for r, (_, hi) in zip(rates, cis, strict=True)]]  # fmt: skip
    ax.bar(labels, rates, yerr=err, capsize=6, color=SIDE_COLOURS[: len(labels)])
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games (bars: 95% interval)")
    ax.set_title(title)
    return image(fig, title)


def histogram(counts: Counter[Any], xlabel: str, title: str) -> str:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6, 3))
    xs = sorted(counts)
    ax.bar([float(x) for x in xs], [counts[x] for x in xs], width=_width(xs), color="#777")
    ax.set_xlabel(xlabel)
    if all(float(x).is_integer() for x in xs):
        ax.xaxis.set_major_locator(integer_ticks())
    ax.set_ylabel("games")
    ax.set_title(title)
    return image(fig, title)


def _width(xs: list[Any]) -> float:
    gaps = [float(b) - float(a) for a, b in itertools.pairwise(xs) if b != a]
    return 0.8 * min(gaps) if gaps else 0.8


def heat_map(d: Digest, what: str, seat: str, n: int) -> str:
    """Where ``what`` happened to (or was done by) ``seat``: a disc on each place of the map,
    its area the count per game; places where it never happened are drawn faint."""
    plt = pyplot()
    places = {k: (float(v[0]), float(v[1])) for k, v in d.spec.places.items()}
    counts = {w: c for (m, s, w), c in d.where.items() if m == what and s == seat}
    fig, ax = plt.subplots(figsize=(5.2, 4.2))
    if places:
        from matplotlib.patches import Circle, Rectangle

        colour = SIDE_COLOURS[list(d.spec.agents).index(seat) % len(SIDE_COLOURS)]
        top = max(counts.values(), default=1)
        for place, (x, y) in places.items():
            ax.add_patch(Rectangle((x - 0.46, y - 0.46), 0.92, 0.92, fc="#f2f2f2", ec="#c8c8c8"))
            c = counts.get(place, 0)
            if c:  # the disc's area, not its radius, grows with the count
                ax.add_patch(Circle((x, y), 0.45 * (c / top) ** 0.5, color=colour, alpha=0.8))
            ax.annotate(place, (x, y - 0.33), ha="center", va="center", fontsize=7)
        xs, ys = zip(*places.values(), strict=True)
        ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
        ax.set_ylim(max(ys) + 0.6, min(ys) - 0.6)  # rows go down the page
        ax.set_aspect("equal")
        ax.axis("off")
    else:
        ranked = Counter(counts).most_common(15)
        ax.barh([p or "(nowhere)" for p, _ in ranked], [c / n for _, c in ranked])
        ax.set_xlabel("per game")
    ax.set_title(f"{what}: {seat} ({sum(counts.values()) / n:.2f} a game)")
    return image(fig, f"where: {what}, {seat}")


def timeline(d: Digest, what: str, n: int) -> str:
    """How often ``what`` happens in each round, per seat (per game played)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6, 3))
    for k, seat in enumerate(d.spec.agents):
        by_round = {r: c for (m, s, r), c in d.when.items() if m == what and s == seat}
        if by_round:
            rs = sorted(by_round)
            ax.plot(rs, [by_round[r] / n for r in rs], marker=".", label=seat,
                    color=SIDE_COLOURS[k % len(SIDE_COLOURS)])  # fmt: skip
    ax.set_xlabel(d.spec.round_name)
    ax.xaxis.set_major_locator(integer_ticks())
    ax.set_ylabel("per game")
    ax.set_title(f"when: {what}")
    ax.legend()
    return image(fig, f"when: {what}")


def render(d: Digest) -> str:
    spec, t = d.spec, d.tally
    n = t.games
    seats = list(spec.agents)
    sides = t.side_names()
    parts = [
        f"<h1>{esc(spec.game)} · {esc(spec.scenario)}: {n:,} games</h1>",
        '<p class="meta">'
        + " · ".join(f"{esc(s)}: <b>{esc(a)}</b>" for s, a in spec.agents.items())
        + f" · seed {esc(spec.seed)} · options {esc(spec.options or 'none')}"
        + f" · {len(spec.runs)} sitting(s), "
        + f"{sum(r.get('seconds', 0) for r in spec.runs):,.0f} s of play</p>",
    ]
    if n == 0:
        parts.append("<p>The study has no games yet.</p>")
        return page(spec, parts)

    # who wins
    parts.append("<h2>Who wins</h2>")
    side_wins = t.side_wins()
    labels = [*sides, "draw" if len(seats) > 1 else "not won"]
    counts = [side_wins[s] for s in sides] + [t.wins.get(None, 0)]
    parts.append(bars_with_ci(labels, counts, n, "wins by side"))
    rows = [
        [s, ", ".join(f"{p} ({spec.agents[p]})" for p in seats if t.side_of(p) == s),
         side_wins[s], pct(side_wins[s], n)]
        for s in sides
    ]  # fmt: skip
    rows.append([labels[-1], "", counts[-1], pct(counts[-1], n)])
    parts.append(table(["side", "seats (agent)", "games", "share (95% interval)"], rows, 2))

    # first-player advantage
    if len(sides) > 1 and d.first:
        parts.append("<h2>First-player advantage</h2>")
        went = Counter({f: 0 for f in sides})
        for (f, _), c in d.first.items():
            went[f] += c
        firsts = sum(went.values())
        wins_first = sum(c for (f, w), c in d.first.items() if f == w)
        parts.append(
            f"<p>The side that took the first turn won {pct(wins_first, firsts)} of "
            f"{firsts:,} games. Between even sides, no advantage would be "
            f"{1 / len(sides):.0%}. Between uneven ones, compare each side's wins when it "
            "went first with its wins when it did not.</p>"
        )
        rows = []
        for s in sides:
            later = sum(c for (f, w), c in d.first.items() if f != s and w == s)
            rows.append(
                [s, went[s], pct(d.first[(s, s)], went[s]), firsts - went[s],
                 pct(later, firsts - went[s])]
            )  # fmt: skip
        head = ["side", "went first", "it won then", "went later", "it won then"]
        parts.append(table(head, rows))

    # how long
    mean_rounds = sum(r * c for r, c in t.rounds.items()) / n
    parts.append(
        f"<h2>How long games last</h2><p>Mean {mean_rounds:.1f} {esc(spec.round_name)}s, "
        f"at most {max(t.rounds)}.</p>"
    )
    parts.append(histogram(t.rounds, f"{spec.round_name}s", f"{spec.round_name}s per game"))
    parts.append(histogram(_bucket(d.actions), "actions", "actions per game (grouped)"))

    # how they end
    parts.append("<h2>How games end</h2>")
    kinds = [k for k, _ in t.kinds.most_common()]
    parts.append(bars_with_ci(kinds, [t.kinds[k] for k in kinds], n, "endings"))
    rows = [
        [k, t.kinds[k], pct(t.kinds[k], n),
         ", ".join(f"{w}: {d.endings[(k, w)]}" for w in [*sides, "none"] if d.endings[(k, w)])]
        for k in kinds
    ]  # fmt: skip
    parts.append(table(["ending", "games", "share (95% interval)", "won by"], rows, 1))

    # scores and the game's own figures
    if d.values:
        parts.append("<h2>Scores and figures per game</h2>")
        rows = []
        for key in sorted(d.values):
            spread = d.values[key]
            mean = sum(v * k for v, k in spread.items()) / sum(spread.values())
            rows.append([key, f"{mean:.2f}", min(spread), max(spread)])
        parts.append(table(["figure", "mean", "least", "most"], rows))
        for key in sorted(d.values):
            if len(d.values[key]) > 1:
                parts.append(histogram(d.values[key], key, key))

    # where and when
    whats = sorted({m for m, _, _ in d.where})
    if whats:
        parts.append(
            "<h2>Where and when</h2><p class=note>Discs: how often it happened on each "
            "place, relative to the busiest place. Lines: how often per game in each "
            f"{esc(spec.round_name)}.</p>"
        )
        for what in whats:
            parts.append(f"<h3>{esc(what)}</h3>")
            for seat in seats:
                if any(m == what and s == seat and w for m, s, w in d.where):
                    parts.append(heat_map(d, what, seat, n))
            parts.append(timeline(d, what, n))
    if d.first_taken:
        parts.append("<h3>Which objectives fall, and when</h3>")
        rows = [
            [place, seat, c, pct(c, n), f"{d.first_round[(place, seat)][0] / c:.1f}"]
            for (place, seat), c in sorted(d.first_taken.items(), key=lambda kv: -kv[1])
        ]
        parts.append(
            table(
                [
                    "objective",
                    "taken by",
                    "games",
                    "share (95% interval)",
                    f"mean {spec.round_name} first taken",
                ],
                rows,
                2,
            )
        )
    return page(spec, parts)


def _bucket(counts: Counter[int], bins: int = 30) -> Counter[int]:
    """Group a wide spread of counts into about ``bins`` bars."""
    if not counts:
        return counts
    lo, hi = min(counts), max(counts)
    size = max(1, -(-(hi - lo + 1) // bins))
    out: Counter[int] = Counter()
    for v, c in counts.items():
        out[lo + (v - lo) // size * size] += c
    return out


def page(spec: Any, parts: list[str]) -> str:
    title = f"wartable report: {spec.game} {spec.scenario}"
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>"
        + "\n".join(parts)
        + "</body></html>\n"
    )


def write_report(folder: Path, out: Path | None = None) -> Path:
    """Read the study in ``folder`` and write its report (default: folder/report.html)."""
    target = out or folder / "report.html"
    if not target.parent.is_dir():  # said before the charts are drawn, not after
        raise ArgumentError(f"{target}: cannot be written (no folder {target.parent})")
    text = render(digest(folder))
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ArgumentError(f"{target}: cannot be written ({exc.strerror})") from exc
    return target
