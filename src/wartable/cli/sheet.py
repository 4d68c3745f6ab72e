"""A roster's squad sheet, to print: the same table written as HTML (any browser prints it)
or as PDF (drawn with matplotlib, the ``plots`` extra, whose DejaVu fonts write any
soldier's name in Latin, Greek or Cyrillic letters)."""

from __future__ import annotations

import html
import time
from dataclasses import dataclass
from pathlib import Path

from wartable.core.campaign import Campaign
from wartable.core.words import say
from wartable.server.rosters import Roster

HEADERS = ("Id", "Name", "Unit", "Missions", "Rank", "Bonus", "Next rank", "Notes")
NUMBERS = {3, 5}  # columns set flush right
ROWS_A_PAGE = 26  # soldiers on one A4 page of the PDF


@dataclass(frozen=True)
class Sheet:
    """What a squad sheet says, whatever it is written in."""

    name: str
    about: list[str]
    rows: list[tuple[str, ...]]


def next_rank(camp: Campaign, missions: int) -> str:
    """The next rank up and the missions it takes ("Lieutenant at 6"), or ""."""
    now = camp.rank(missions)
    for more in range(missions + 1, missions + 1000):
        rank = camp.rank(more)
        if rank != now:
            return f"{rank.title} at {more}"
    return ""


def sheet(roster: Roster, title: str, camp: Campaign) -> Sheet:
    """Every soldier with his type, missions, rank and bonus, the next rank and when, and an
    empty cell for notes."""
    rows: list[tuple[str, ...]] = []
    for s in roster.soldiers:
        rank = camp.rank(s.missions)
        rows.append(
            (
                s.id,
                s.name,
                camp.type_title(s.type),
                str(s.missions),
                rank.title,
                f"+{rank.bonus}",
                next_rank(camp, s.missions) or "-",
                "",
            )
        )
    created = time.strftime("%Y-%m-%d", time.localtime(roster.created))
    about = [title, f"nation: {roster.nation or '-'}", f"{len(roster.soldiers)} soldiers"]
    return Sheet(roster.name, [*about, f"roster started {created}"], rows)


STYLE = """@page { size: A4; margin: 15mm; }
body { font-family: Georgia, "Times New Roman", serif; color: #000; background: #fff;
       max-width: 190mm; margin: 0 auto; }
h1 { font-size: 20pt; margin: 0 0 2mm; }
p.about { margin: 0 0 5mm; font-size: 11pt; }
table { width: 100%; border-collapse: collapse; font-size: 10.5pt; }
th, td { border: 1px solid #000; padding: 1.5mm 2mm; text-align: left; vertical-align: top; }
th { background: #e4e4e4; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
td.number { text-align: right; }
td.notes { width: 28%; }
tr { break-inside: avoid; }"""


def to_html(s: Sheet) -> str:
    esc = html.escape

    def cell(k: int, text: str) -> str:
        kind = ' class="number"' if k in NUMBERS else ' class="notes"' if k == 7 else ""
        return f"<td{kind}>{esc(text)}</td>"

    rows = ["<tr>" + "".join(cell(k, t) for k, t in enumerate(r)) + "</tr>" for r in s.rows]
    head = "".join(f"<th>{h}</th>" for h in HEADERS)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            f"<title>{esc(s.name)}: squad sheet</title>",
            f"<style>\n{STYLE}\n</style>",
            "</head>",
            "<body>",
            f"<h1>{esc(s.name)}</h1>",
            f'<p class="about">{" · ".join(esc(a) for a in s.about)}</p>',
            "<table>",
            f"<thead><tr>{head}</tr></thead>",
            "<tbody>",
            *rows,
            "</tbody>",
            "</table>",
            "</body>",
            "</html>",
            "",
        ]
    )


def write_pdf(s: Sheet, path: Path) -> None:
    """A4 pages, the table's head on each; raises RuntimeError without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.backends.backend_pdf import PdfPages
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError(say("a PDF needs matplotlib: pip install 'wartable[plots]'")) from exc

    widths = (0.05, 0.19, 0.15, 0.08, 0.13, 0.06, 0.21, 0.13)
    pages = [s.rows[k : k + ROWS_A_PAGE] for k in range(0, len(s.rows), ROWS_A_PAGE)] or [[]]
    meta = {"Title": f"{s.name}: squad sheet", "Creator": "wartable", "CreationDate": None}
    with PdfPages(path, metadata=meta) as pdf:
        for number, rows in enumerate(pages, 1):
            fig = plt.figure(figsize=(8.27, 11.69))  # A4, in inches
            fig.text(0.07, 0.95, s.name, fontsize=20, family="serif", va="top")
            more = f" · page {number} of {len(pages)}" if len(pages) > 1 else ""
            fig.text(0.07, 0.915, " · ".join(s.about) + more, fontsize=9.5, family="serif")
            ax = fig.add_axes((0.07, 0.05, 0.86, 0.85))
            ax.axis("off")
            body = [list(r) for r in rows] or [[""] * len(HEADERS)]
            table = ax.table(cellText=body, colLabels=HEADERS, colWidths=widths, loc="upper center")
            table.auto_set_font_size(False)
            table.set_fontsize(8.5)
            table.scale(1, 1.55)
            for (row, col), c in table.get_celld().items():
                c.set_linewidth(0.6)
                if row == 0:
                    c.set_facecolor("#e4e4e4")
                c.get_text().set_horizontalalignment("right" if col in NUMBERS and row else "left")
                c.PAD = 0.04
            pdf.savefig(fig)
            plt.close(fig)
