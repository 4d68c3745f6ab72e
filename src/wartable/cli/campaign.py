"""``wartable campaign``: rosters, a player's squad that lives on between battles, kept in
the same database as ``wartable serve``'s games; and ``play --roster``, which fields one and
records the battle's result once it ends (a battle left unfinished records nothing).

Only games with campaigns (``Game.campaign()``) have rosters; what a roster holds, how it
is fielded and who a battle left standing are the game's to say (``core/campaign.py``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from wartable.cli import sheet
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
    where,
)
from wartable.core.campaign import Campaign
from wartable.core.errors import WartableError, said_by
from wartable.core.game import Game, OptionValue
from wartable.core.registry import get_game, list_games
from wartable.core.state import GameState
from wartable.core.words import say
from wartable.server import rosters

app = typer.Typer(
    no_args_is_help=True,
    help="Campaign rosters: a squad whose soldiers live on, and rise in rank, between battles.",
)

NameArg = Annotated[str, typer.Argument(metavar="NAME", help="the roster's name")]


def with_campaigns() -> list[Game]:
    return [g for g in (get_game(i.name) for i in list_games()) if g.campaign() is not None]


def campaign_of(g: Game, param: str) -> Campaign:
    found = g.campaign()
    if found is None:
        others = ", ".join(x.name for x in with_campaigns())
        if not others:
            usage(
                param, say("{game} has no campaigns; games with campaigns: none", game=g.info.title)
            )
        usage(
            param,
            say(
                "{game} has no campaigns; games with campaigns: {games}",
                game=g.info.title,
                games=others,
            ),
        )
    return found


def rank_words(camp: Campaign, missions: int) -> str:
    rank = camp.rank(missions)
    return f"{rank.title} (+{rank.bonus})" if rank.bonus else rank.title


# ---- the commands ---------------------------------------------------------------------------
@app.command()
@friendly_errors
def new(
    name: NameArg,
    nation: Annotated[str, typer.Option(help="the squad's nation: a label only")] = "",
    game: Annotated[
        str | None, typer.Option(help="the game (default: the one game with campaigns)")
    ] = None,
    db: DbOpt = None,
) -> None:
    """Start a roster: the game's starting squad, every soldier new, with no mission."""
    if game is None:
        games = with_campaigns()
        if not games:
            fail(say("no game installed here has campaigns"))
        if len(games) > 1:
            usage("--game", say("say which game: {games}", games=", ".join(g.name for g in games)))
        g = games[0]
    else:
        g = load_game(game)
    camp = campaign_of(g, "--game")
    with database(db) as store:
        roster = store.run(rosters.create_roster(name, g.name, nation, camp.recruits()))
    label = f", {roster.nation}" if roster.nation else ""
    console().print(
        f"Roster {roster.name} ({g.info.title}{label}): {len(roster.soldiers)} soldiers, "
        f"each a {camp.rank(0).title} with no mission. "
        f"Name them: wartable campaign rename {roster.name} SOLDIER NEW_NAME"
    )


@app.command("list")
@friendly_errors
def list_(db: DbOpt = None) -> None:
    """The rosters, oldest first."""
    with database(db) as store:
        found = store.run(rosters.list_rosters())
    if not found:
        console().print("No rosters yet; start one: wartable campaign new NAME")
        return
    table = Table("name", "game", "nation", "soldiers", "missions", "created", box=None)
    for r in found:
        table.add_row(
            r.name,
            r.game,
            r.nation or "-",
            str(len(r.soldiers)),
            str(sum(s.missions for s in r.soldiers)),
            time.strftime("%Y-%m-%d", time.localtime(r.created)),
        )
    console().print(table)


@app.command()
@friendly_errors
def show(name: NameArg, db: DbOpt = None) -> None:
    """A roster's soldiers: id, type, name, missions, rank and its bonus."""
    with database(db) as store:
        roster = store.run(rosters.load_roster(name))
    g = load_game(roster.game)
    camp = campaign_of(g, "NAME")
    label = f", {roster.nation}" if roster.nation else ""
    out = console()
    out.print(f"[bold]{roster.name}[/] ({g.info.title}{label}): {len(roster.soldiers)} soldiers")
    table = Table("id", "type", "name", "missions", "rank", "bonus", box=None)
    for s in roster.soldiers:
        rank = camp.rank(s.missions)
        table.add_row(
            s.id, camp.type_title(s.type), s.name, str(s.missions), rank.title, f"+{rank.bonus}"
        )
    out.print(table)


@app.command()
@friendly_errors
def rename(
    name: NameArg,
    soldier: Annotated[str, typer.Argument(metavar="SOLDIER", help="his id (s3) or his name")],
    new_name: Annotated[str, typer.Argument(metavar="NEW_NAME", help="the name he takes")],
    db: DbOpt = None,
) -> None:
    """Give a soldier of a roster a name of his own."""
    with database(db) as store:
        old, now = store.run(rosters.rename_soldier(name, soldier, new_name))
    console().print(f"{old.id} ({old.name}) is now called {now.name}")


@app.command()
@friendly_errors
def export(
    name: NameArg,
    out: Annotated[
        Path | None,
        typer.Option(help="the file to write (default: NAME.html here; a .pdf name writes PDF)"),
    ] = None,
    pdf: Annotated[bool, typer.Option("--pdf", help="write PDF (default: NAME.pdf)")] = False,
    db: DbOpt = None,
) -> None:
    """Write a roster as a squad sheet to print: HTML, or PDF."""
    with database(db) as store:
        roster = store.run(rosters.load_roster(name))
    g = load_game(roster.game)
    camp = campaign_of(g, "NAME")
    target = out or Path(f"{roster.name}.{'pdf' if pdf else 'html'}")
    if target.is_dir() or not target.parent.is_dir():
        fail(unfit("--out", target))
    facts = sheet.sheet(roster, g.info.title, camp)
    try:
        if pdf or target.suffix.lower() == ".pdf":
            sheet.write_pdf(facts, target)
        else:
            target.write_text(sheet.to_html(facts), encoding="utf-8")
    except RuntimeError as exc:  # no matplotlib here
        fail(said_by(exc))
    except (OSError, ValueError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
        fail(unwritten("--out", target, reason))
    console().print(f"The squad sheet of {roster.name} is in {target}")


# ---- play --roster --------------------------------------------------------------------------
@dataclass
class Fielding:
    """A roster taken into a battle by ``play --roster``: the options that field it in the
    human's seat, and the record of the battle once it ends."""

    campaign: Campaign
    roster: rosters.Roster
    db: str
    given: dict[str, Any]  # the options the command line gave
    seat: str = ""

    @classmethod
    def open(cls, g: Game, name: str, db: str | None, given: dict[str, Any]) -> Fielding:
        """The roster ``name`` for a battle of ``g``: a game without campaigns or a roster of
        another game is a usage error, an unknown roster a one-line error."""
        camp = campaign_of(g, "--roster")
        with database(db) as store:
            roster = store.run(rosters.load_roster(name))
        if roster.game != g.name:
            usage(
                "--roster",
                say(
                    "{roster} is a roster of {owner}, not of {game}",
                    roster=roster.name,
                    owner=roster.game,
                    game=g.name,
                ),
            )
        return cls(camp, roster, where(db), given)

    @classmethod
    def reopen(cls, g: Game, kept: dict[str, str]) -> Fielding:
        """The fielding a save kept (``kept()``), for a battle resumed: its roster must still
        be there."""
        fielding = cls.open(g, kept["roster"], kept["db"], {})
        fielding.seat = kept["seat"]
        return fielding

    def kept(self) -> dict[str, str]:
        """What a save keeps of this fielding."""
        return {"roster": self.roster.name, "db": self.db, "seat": self.seat}

    def options(self, seat: str) -> dict[str, OptionValue]:
        """The options that field the roster in ``seat``."""
        self.seat = seat
        extra = self.campaign.options({seat: self.roster.soldiers})
        clash = sorted(set(extra) & set(self.given))
        if clash:
            usage(
                "--roster",
                say(
                    "the option {option} is what --roster sets: give one or the other",
                    option=clash[0],
                ),
            )
        return extra

    def record(self, state: GameState) -> None:
        """The battle is over: its result goes into the roster, in one transaction."""
        fielded = self.campaign.fielded(state, self.seat)
        try:
            with database(self.db) as store:
                done = store.run(rosters.record_battle(self.roster.name, fielded))
        except WartableError:
            raise
        except Exception as exc:  # the database's own errors, SQLite's or PostgreSQL's
            fail(
                say(
                    "the battle was not recorded in roster {roster}: {problem}",
                    roster=self.roster.name,
                    problem=str(exc),
                )
            )
        camp, out = self.campaign, console()
        if fielded and not any(f.mission for f in fielded):
            back = sum(f.alive for f in fielded)
            out.print(
                f"\nRoster {self.roster.name}: {back} of {len(fielded)} came back; the side "
                "resigned, so the battle counts as no mission for them."
            )
        else:
            out.print(
                f"\nRoster {self.roster.name}: {len(done.survived)} of {len(fielded)} came "
                "back, each with one more mission."
            )
        risen = [
            f"{now.name} to {rank_words(camp, now.missions)}"
            for old, now in done.survived
            if camp.rank(old.missions) != camp.rank(now.missions)
        ]
        if risen:
            out.print("  Promoted: " + ", ".join(risen))
        if done.fallen:
            out.print("  Fallen: " + ", ".join(s.name for s in done.fallen))
        if done.joined:
            out.print("  Joining the roster: " + ", ".join(s.name for s in done.joined))
