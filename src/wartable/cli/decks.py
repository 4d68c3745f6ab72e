"""``wartable deck GAME ...``: build decks card by card for games whose players field decks
of their own (``Game.deck_building()``), keep them in the same database as ``wartable
serve``, share them as plain files, and say every reason one may not be played.

A deck NAME given to ``show``, ``check``, ``export`` or ``play --deck`` is looked for among
the decks kept here, then the game's ready-made ones, then as a file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from wartable.cli.common import (
    DbOpt,
    console,
    database,
    fail,
    friendly_errors,
    load_game,
    unfit,
    unwritten,
    usage,
)
from wartable.core.decks import DeckBuilding, DeckList
from wartable.core.errors import ArgumentError, ContentError, quote, said_by
from wartable.core.game import Game, OptionValue
from wartable.core.registry import game_names, list_games
from wartable.core.words import say
from wartable.server import decks as kept
from wartable.server.store import Store

app = typer.Typer(
    no_args_is_help=True,
    help="Build the decks you field, card by card, to a points limit.",
)

NameArg = Annotated[str, typer.Argument(metavar="NAME", help="the deck's name")]
CardArg = Annotated[
    str, typer.Argument(metavar="CARD", help="a card's key (wartable deck GAME cards)")
]
CountArg = Annotated[int, typer.Argument(metavar="COUNT", help="how many copies", min=1)]


@app.callback()
def main(
    ctx: typer.Context,
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME", help=say("the game: {names}", names=", ".join(game_names()))
        ),
    ],
) -> None:
    ctx.obj = game


def building(ctx: typer.Context) -> tuple[Game, DeckBuilding]:
    g = load_game(str(ctx.obj))
    found = g.deck_building()
    if found is None:
        others = [i.name for i in list_games() if load_game(i.name).deck_building() is not None]
        if not others:
            usage(
                "GAME",
                say("{game} has no decks to build; games with them: none", game=g.info.title),
            )
        usage(
            "GAME",
            say(
                "{game} has no decks to build; games with them: {games}",
                game=g.info.title,
                games=", ".join(others),
            ),
        )
    return g, found


def resolve(g: Game, b: DeckBuilding, store: Store | None, name: str) -> DeckList:
    """A deck kept in the store, else a ready-made one, else a deck file."""
    if store is not None and (deck := store.run(kept.find_deck(g.name, name))) is not None:
        return deck
    if name in b.shipped():
        return b.shipped()[name]
    path = Path(name)
    if path.is_file():
        return b.read(path)
    raise ArgumentError(
        say(
            "no {game} deck called {name}: not kept here (wartable deck {game} list), "
            "not ready-made and not a file",
            game=g.name,
            name=quote(name),
        )
    )


def field_decks(g: Game, picks: list[str] | None, db: str | None) -> dict[str, OptionValue]:
    """``--deck SEAT=NAME`` choices as the options that field each deck."""
    if not picks:
        return {}
    b = g.deck_building()
    if b is None:
        usage("--deck", say("{game} has no decks to build", game=g.info.title))
    out: dict[str, OptionValue] = {}
    with database(db) as store:
        for pick in picks:
            seat, sep, name = pick.partition("=")
            if not sep or not seat or not name:
                usage("--deck", say("wants SEAT=NAME, got {given}", given=quote(pick)))
            try:
                b.army_of(seat)
                out |= b.options(seat, resolve(g, b, store, name))
            except (ArgumentError, ContentError) as exc:
                usage("--deck", said_by(exc))
    return out


def summary(b: DeckBuilding, deck: DeckList, limit: int | None, year: int | None) -> None:
    """The deck's cards, its points by kind and against the limit, and every problem."""
    out = console()
    cards = b.cards_of(deck)
    table = Table("copies", "card", "key", "kind", "points", "equipment planned", box=None)
    for key, n in deck.cards.items():
        c = cards.get(key)
        table.add_row(
            str(n),
            c.title if c else "?",
            key,
            c.kind if c else "?",
            str(c.cost * n) if c else "?",
            ", ".join(deck.loadouts.get(key, [])),
        )
    cap = limit if limit is not None else deck.limit if deck.limit is not None else b.default_limit
    out.print(
        f"[bold]{deck.name}[/] ({deck.army}): {deck.size()} cards, {b.points(deck)} of {cap} points"
    )
    if deck.cards:
        out.print(table)
        out.print("by kind: " + ", ".join(f"{k} {v}" for k, v in b.tally(deck).items()))
    report(b.problems(deck, limit, year))


def report(problems: list[str]) -> None:
    if not problems:
        console().print("[green]legal[/]: it may be played")
        return
    console().print(f"[red]not legal[/], {len(problems)} reason{'s' if len(problems) > 1 else ''}:")
    for why in problems:
        console().print(f"  - {why}")


# ---- the commands ---------------------------------------------------------------------------
@app.command()
@friendly_errors
def new(
    ctx: typer.Context,
    name: NameArg,
    army: Annotated[str | None, typer.Option(help="the army (or give --seat)")] = None,
    seat: Annotated[str | None, typer.Option(help="the seat whose army it is")] = None,
    limit: Annotated[int | None, typer.Option(min=1, max=1000, help="points to build to")] = None,
    copy: Annotated[
        str | None, typer.Option("--from", help="start from a copy of this deck (name or file)")
    ] = None,
    db: DbOpt = None,
) -> None:
    """Start a deck: empty, or a copy of another deck under a new name."""
    g, b = building(ctx)
    kept.check_deck_name(name)
    with database(db) as store:
        if copy is not None:
            src = resolve(g, b, store, copy)
            if army is not None and army != src.army:
                usage(
                    "--army",
                    say(
                        "the deck {name} is {army}'s",
                        name=quote(src.name),
                        army=b.army_title(src.army),
                    ),
                )
            deck = DeckList(name, src.army, dict(src.cards), dict(src.loadouts), limit or src.limit)
        else:
            if (army is None) == (seat is None):
                which = ", ".join(f"{s} ({a})" for s, a in b.armies().items())
                usage("--army", say("give the army or the seat: {armies}", armies=which))
            deck = b.blank(name, army if army is not None else b.army_of(str(seat)), limit)
        store.run(kept.save_deck(g.name, deck, new=True))
    summary(b, deck, None, None)
    console().print(f"Add cards: wartable deck {g.name} add {quote(name)} CARD [COUNT]")


@app.command()
@friendly_errors
def add(
    ctx: typer.Context,
    name: NameArg,
    card: CardArg,
    count: CountArg = 1,
    equip: Annotated[
        str | None, typer.Option(help="the equipment planned for this card, comma-separated")
    ] = None,
    db: DbOpt = None,
) -> None:
    """Put copies of a card in a deck kept here."""
    g, b = building(ctx)
    plan = None if equip is None else [e.strip() for e in equip.split(",") if e.strip()]
    with database(db) as store:
        deck = b.add(store.run(kept.load_deck(g.name, name)), card, count, plan)
        store.run(kept.save_deck(g.name, deck))
    tell(b, deck, f"{count} x {b.entry(deck.army, card).title} in")


@app.command()
@friendly_errors
def remove(
    ctx: typer.Context, name: NameArg, card: CardArg, count: CountArg = 1, db: DbOpt = None
) -> None:
    """Take copies of a card out of a deck kept here."""
    g, b = building(ctx)
    with database(db) as store:
        deck = b.remove(store.run(kept.load_deck(g.name, name)), card, count)
        store.run(kept.save_deck(g.name, deck))
    tell(b, deck, f"{count} x {card} out of")


def tell(b: DeckBuilding, deck: DeckList, what: str) -> None:
    problems = b.problems(deck)
    state = (
        "legal" if not problems else f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
    )
    console().print(f"{what} {deck.name}: {deck.size()} cards, {b.points(deck)} points, {state}")


@app.command()
@friendly_errors
def show(ctx: typer.Context, name: NameArg, db: DbOpt = None) -> None:
    """A deck's cards, points and whether it may be played."""
    g, b = building(ctx)
    with database(db) as store:
        summary(b, resolve(g, b, store, name), None, None)


@app.command()
@friendly_errors
def check(
    ctx: typer.Context,
    name: NameArg,
    limit: Annotated[
        int | None, typer.Option(min=1, max=1000, help="the battle's points limit")
    ] = None,
    year: Annotated[int | None, typer.Option(help="a scenario's year limit")] = None,
    db: DbOpt = None,
) -> None:
    """Every reason a deck may not be played (exit code 1 when there is one)."""
    g, b = building(ctx)
    with database(db) as store:
        deck = resolve(g, b, store, name)
    problems = b.problems(deck, limit, year)
    report(problems)
    if problems:
        raise typer.Exit(1)


@app.command("list")
@friendly_errors
def list_(ctx: typer.Context, db: DbOpt = None) -> None:
    """The ready-made decks and those kept here."""
    g, b = building(ctx)
    with database(db) as store:
        mine = store.run(kept.list_decks(g.name))
    table = Table("name", "army", "cards", "points", "legal", "where", box=None)
    rows = [(n, d, "ready-made") for n, d in b.shipped().items()] + [
        (d.name, d, "kept") for d in mine
    ]
    for label, d, place in rows:
        table.add_row(
            label, d.army, str(d.size()), str(b.points(d)), "no" if b.problems(d) else "yes", place
        )
    console().print(table)


@app.command()
@friendly_errors
def cards(
    ctx: typer.Context,
    army: Annotated[str | None, typer.Option(help="one army (default: every army)")] = None,
) -> None:
    """The cards an army may put in a deck, with their points and equipment."""
    _, b = building(ctx)
    armies = [army] if army is not None else sorted(set(b.armies().values()))
    for a in armies:
        cards = b.catalogue(a)
        table = Table(box=None)
        # the key is what a player types: never cut, never broken; the rest wraps at spaces
        table.add_column("key", no_wrap=True, min_width=max((len(c.key) for c in cards), default=3))
        for head in ("card", "kind", "points", "copies", "year", "equipment (AP)"):
            table.add_column(head)
        for c in cards:
            kit = ", ".join(f"{o.name} {o.price}" for o in c.options)
            table.add_row(
                c.key, c.title, c.kind, str(c.cost), str(c.copies), str(c.year or "-"), kit
            )
        console().print(f"[bold]{a}[/]")
        console().print(table)


@app.command()
@friendly_errors
def export(
    ctx: typer.Context,
    name: NameArg,
    out: Annotated[
        Path | None, typer.Option(help="the file to write (default: NAME.yaml here)")
    ] = None,
    db: DbOpt = None,
) -> None:
    """Write a deck to a plain file to share (wartable deck GAME import reads it)."""
    g, b = building(ctx)
    with database(db) as store:
        deck = resolve(g, b, store, name)
    target = out or Path(f"{deck.name}.yaml")
    if target.is_dir() or not target.parent.is_dir():
        fail(unfit("--out", target))
    try:
        target.write_text(b.write(deck), encoding="utf-8")
    except OSError as exc:
        fail(unwritten("--out", target, exc.strerror or str(exc)))
    console().print(f"{deck.name} is in {target}")


@app.command("import")
@friendly_errors
def import_(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="a deck file")],
    name: Annotated[str | None, typer.Option(help="keep it under this name instead")] = None,
    replace: Annotated[bool, typer.Option(help="write over a kept deck of that name")] = False,
    db: DbOpt = None,
) -> None:
    """Keep a deck from a file here (a file with a problem is refused with file, field and
    reason; a deck that breaks the rules is kept, with its problems listed)."""
    g, b = building(ctx)
    if not file.is_file():
        fail(say("{path}: no such file", path=str(file)))
    deck = b.read(file)
    if name is not None:
        kept.check_deck_name(name)
        deck = DeckList(name, deck.army, deck.cards, deck.loadouts, deck.limit)
    with database(db) as store:
        store.run(kept.save_deck(g.name, deck, new=not replace))
    summary(b, deck, None, None)


@app.command()
@friendly_errors
def delete(ctx: typer.Context, name: NameArg, db: DbOpt = None) -> None:
    """Forget a deck kept here."""
    g, _ = building(ctx)
    with database(db) as store:
        store.run(kept.delete_deck(g.name, name))
    console().print(f"{name} is gone")
