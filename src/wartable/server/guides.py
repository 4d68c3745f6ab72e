"""The player's guides (docs/play/GAME.md: how to play each game in this program, with
pictures) served as pages where the server runs from a checkout of the project, as the
README's quick start does: the rules panel links them. An installed package has no docs
beside it; then there is no guide page and the panel shows no link."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[3]  # src/wartable/server -> the checkout
GUIDES = ROOT / "docs" / "play"
PICTURES = ROOT / "docs" / "img" / "play"
NAME = re.compile(r"[a-z0-9_-]{1,40}")
PICTURE = re.compile(r"[a-z0-9_-]{1,60}\.png")


def guide_file(name: str) -> Path | None:
    """The guide of the game ``name``, where the docs are here."""
    path = GUIDES / f"{name}.md"
    return path if NAME.fullmatch(name) and path.is_file() else None


def picture_file(name: str) -> Path | None:
    path = PICTURES / name
    return path if PICTURE.fullmatch(name) and path.is_file() else None


@cache
def guide_page(name: str, title: str) -> str | None:
    """The guide as a page: its Markdown in HTML (no raw HTML from the file), its pictures
    served beside it, a link to another game's guide kept, any other link to the project's
    docs shown as its words (those pages are not served)."""
    path = guide_file(name)
    if path is None:
        return None
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text())
    body = re.sub(r'src="\.\./img/play/([^"]+)"', r'src="/guides/img/\1"', body)
    body = re.sub(r'<a href="([a-z0-9_-]+)\.md">', r'<a href="/guides/\1">', body)
    body = re.sub(r'<a href="(?!https?://|/guides/|#)[^"]*">(.*?)</a>', r"\1", body)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}: the player's guide</title>"
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f'<body class="player-guide"><main class="guide-page">{body}</main></body></html>'
    )
