"""A menu of choices (cli/choices.py) as lines that fit the terminal: each choice wrapped at
spaces with a hanging indent, never inside a word, and the notation to type kept whole on
its line or, where it does not fit there, on the next."""

from __future__ import annotations

import textwrap

from rich.text import Text

from wartable.cli.choices import Choice, Menu
from wartable.i18n import Voice


def fitted(first: str, body: str, width: int) -> list[str]:
    """``body`` wrapped at spaces to ``width``, after ``first`` and hanging under its end."""
    hang = " " * len(first)
    return textwrap.wrap(
        body,
        width=max(20, width),
        initial_indent=first,
        subsequent_indent=hang,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [first.rstrip()]


def choice_lines(n: int, choice: Choice, width: int) -> Text:
    """One choice: its number, its words, its note (odds, what a group holds) and, for an
    action whose words are not its notation, the notation in brackets."""
    number = f"  {n:>2}) "
    body = choice.label + (f"  [{choice.note}]" if choice.note else "")
    lines = fitted(number, body, width)
    option = choice.option
    tail = f"({option.text})" if option is not None and option.text != option.label else ""
    out = Text("\n".join(lines), style="not bold")
    out.highlight_regex(r"\[[^\]]*\]", "cyan")
    if tail:
        last = len(lines[-1])
        if last + 2 + len(tail) <= width:
            out.append("  " + tail, style="dim not bold")
        else:
            out.append("\n" + " " * len(number) + tail, style="dim not bold")
    return out


def menu_text(menu: Menu, player: str, width: int, voice: Voice | None = None) -> Text:
    """The heading (where in the steps, which page) and the page's choices."""
    t = (voice or Voice()).t
    shown, page, pages = menu.shown()
    where = []
    if menu.query:
        where.append(t("matching '{words}'", words=" ".join(menu.query)))
    if menu.where():
        where.append(menu.where() + " …")
    head = (
        t("{seat}, choose ({where}):", seat=player, where="; ".join(where))
        if where
        else t("{seat}, choose:", seat=player)
    )
    text = Text("\n" + head, style="bold")
    for n, choice in enumerate(shown, 1):
        text.append("\n")
        text.append_text(choice_lines(n, choice, width))
    moves = []
    if pages > 1:
        moves.append(t("page {page} of {pages}: 'next', 'prev'", page=page + 1, pages=pages))
    if menu.can_back():
        moves.append(t("'back' goes up a step"))
    if any(c.option is None for c in shown):
        moves.append(t("a group's number opens it"))
    if moves or len(menu.options) > len(shown):
        moves.append(t("or type words to narrow (fire, l1, deploy a2)"))
    if moves:
        text.append("\n")
        text.append_text(Text("\n".join(fitted("    ", "; ".join(moves), width)), style="dim"))
    return text
