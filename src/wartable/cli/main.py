"""The ``wartable`` command line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from wartable.agents.registry import agent_names, check_agent, opponent
from wartable.cli import campaign, decks, helps, saves
from wartable.cli import replay as replay_mod
from wartable.cli.common import (
    console,
    default_db,
    fail,
    friendly_errors,
    load_game,
    unfit,
    usage,
)
from wartable.cli.prompt import Prompt
from wartable.cli.render.guide import guide_text, rule_text
from wartable.cli.render.prose import Prose
from wartable.cli.session import Session
from wartable.core.errors import (
    ArgumentError,
    RecordError,
    UnknownNameError,
    WartableError,
    quote,
    said_by,
)
from wartable.core.game import Game
from wartable.core.registry import broken_games, game_names, get_game, list_games
from wartable.core.rng import SEED_LIMIT
from wartable.core.words import say, word
from wartable.i18n import Voice, choose_language
from wartable.lessons import Teacher, lessons_of, opponents, start
from wartable.sim.backends import BACKENDS
from wartable.sim.runner import plan

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Play, simulate and replay WW2 tactical wargames with the rules enforced.",
)
app.add_typer(campaign.app, name="campaign")
app.add_typer(decks.app, name="deck")


ConfirmArg = Annotated[
    bool,
    typer.Option(
        "--confirm/--no-confirm",
        help="ask before ending a turn or an activation while units or cards could still act",
    ),
]


# a line from the keyboard, with completion and history at a terminal (cli/prompt.py)
ask = Prompt()


def record_game(file: Path, record: dict[str, Any]) -> Game:
    """The game a save or record file names, or a RecordError saying which file is wrong."""
    name = record.get("game")
    if not isinstance(name, str) or name not in game_names():
        raise RecordError(
            say(
                "{file}: record is for game {game}; this program has {games}",
                file=str(file),
                game=quote(name),
                games=", ".join(game_names()),
            )
        )
    return get_game(name)


GameArg = Annotated[
    str, typer.Argument(help=say("game name: {names}", names=", ".join(game_names())))
]
LangArg = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="the language to play in: en, es or de (default: your system's, from LANG)",
    ),
]
CoachArg = Annotated[
    bool | None,
    typer.Option(
        "--coach/--no-coach",
        help="allow 'hint' and 'review' (default: on against the computer, off between people)",
    ),
]
OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", help="a game option KEY=VALUE, e.g. night=true (repeat for more)"),
]
DeckArg = Annotated[
    list[str] | None,
    typer.Option(
        "--deck",
        help="the deck a seat fields, SEAT=NAME (or --deck-SEAT NAME): a deck kept with "
        "wartable deck, a ready-made one or a deck file (repeat for more seats)",
    ),
]
DeckDbArg = Annotated[
    str | None,
    typer.Option("--db", help="where --deck looks for kept decks (default: wartable serve's)"),
]


def game_options(
    game: Game, pairs: list[str] | None, max_rounds: int | None, players: str | None = None
) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs (and ``--max-rounds``, ``--players``) read by the game's
    own option table: a name it does not have, or a value that does not fit, is a usage
    error."""
    known = game.options()
    takes = ", ".join(f"{n} ({o.kind})" for n, o in known.items()) or word("none")
    title = game.info.title
    out: dict[str, Any] = {}
    said: dict[str, str] = {}  # option -> how the command line gave it, to name a contradiction
    if max_rounds is not None:
        if "max_rounds" not in known:
            usage(
                "--max-rounds",
                say("{game} has no round limit; its options: {options}", game=title, options=takes),
            )
        try:
            out["max_rounds"] = known["max_rounds"].check(max_rounds)
        except ArgumentError as exc:
            usage("--max-rounds", said_by(exc))
        said["max_rounds"] = f"--max-rounds {max_rounds}"
    if players is not None:
        if "players" not in known:
            usage(
                "--players",
                say("{game} has one line-up; its options: {options}", game=title, options=takes),
            )
        try:
            out["players"] = known["players"].parse(players)
        except ArgumentError as exc:
            usage("--players", said_by(exc))
        said["players"] = f"--players {players}"
    for pair in pairs or ():
        key, sep, raw = pair.partition("=")
        key = key.strip()
        option = known.get(key)
        if not sep or not key:
            usage("--option", say("wants KEY=VALUE, got {given}", given=quote(pair)))
        if option is None:
            usage(
                "--option",
                say(
                    "{game} has no option {option}; its options: {options}",
                    game=title,
                    option=quote(key),
                    options=takes,
                ),
            )
        try:
            value = option.parse(raw)
        except ArgumentError as exc:
            usage("--option", said_by(exc))
        if key in out and out[key] != value:
            usage(
                "--option",
                say(
                    "{given} contradicts {earlier}: say it once",
                    given=quote(pair),
                    earlier=said[key],
                ),
            )
        out[key] = value
        said[key] = f"--option {pair}"
    return out


def voice_for(g: Game, lang: str | None) -> Voice:
    """The player's language: ``--lang``, else the system's (LANG), else English."""
    try:
        return Voice(choose_language(lang), g.name)
    except ValueError as exc:
        usage("--lang", str(exc))


@app.command()
def games() -> None:
    """List the games (a game whose content fails to load is named on stderr, exit code 2)."""
    table = Table("name", "title", "players", box=None)
    for info in list_games():
        table.add_row(info.name, info.title, ", ".join(info.players))
    console().print(table)
    broken = broken_games()
    if broken:
        fail("\n".join(broken.values()))


# where a scenario's data comes from (docs/content.md): the rulebook, the published
# scenario, or our own design
PROVENANCE = {"rulebook": word("rulebook"), "published": word("published"), "house": word("house")}


@app.command()
@friendly_errors
def scenarios(game: GameArg, lang: LangArg = None) -> None:
    """List a game's scenarios."""
    g = load_game(game)
    voice = voice_for(g, lang)
    heads = (word("id"), word("title"), word("data"), word("about"))
    table = Table(*(voice(h) for h in heads), box=None)
    for sc in g.scenarios():
        made = PROVENANCE.get(sc.provenance, sc.provenance)
        table.add_row(sc.id, voice(sc.title), voice(made), voice(sc.description))
    console().print(table)


@app.command()
@friendly_errors
def rules(
    game: GameArg,
    guide: Annotated[
        bool, typer.Option("--guide", help="the whole guide: sequence, actions, the legend")
    ] = False,
    rule: Annotated[
        str | None, typer.Option(help="what one rule says, by the id the log cites (DH-27)")
    ] = None,
    lang: LangArg = None,
) -> None:
    """A short summary of a game's sequence of play and actions (or its guide, or one rule)."""
    g = load_game(game)
    voice = voice_for(g, lang)
    if rule is not None:
        text = rule_text(g, rule, voice)
    elif guide:
        text = guide_text(g, voice=voice)
    else:
        text = voice(g.rules_summary())
    console().print(Prose(text))


@app.command()
@friendly_errors
def play(
    game: GameArg,
    scenario: Annotated[
        str | None, typer.Option(help="scenario id (see: wartable scenarios GAME)")
    ] = None,
    side: Annotated[str | None, typer.Option("--side", "--seat", help="the seat you play")] = None,
    players: Annotated[
        str | None, typer.Option(help="the line-up, in games that offer several")
    ] = None,
    vs: Annotated[
        str | None,
        typer.Option(
            help="who plays the other seats: 'human' (hotseat), a level (easy, normal, hard) "
            "or an agent with options (ismcts:seconds=2); default: the game's heuristic, "
            "else the search (ismcts)"
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=SEED_LIMIT - 1, help="random seed (default: a fresh one)"),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="save the game to this file after every action")
    ] = None,
    max_rounds: Annotated[
        int | None,
        typer.Option(min=1, help="end the game after this many rounds (games with a round limit)"),
    ] = None,
    option: OptionArg = None,
    roster: Annotated[
        str | None,
        typer.Option(help="field this campaign roster in your seat (wartable campaign new)"),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="where --roster and --deck are kept (default: the database of wartable serve)"
        ),
    ] = None,
    deck: DeckArg = None,
    confirm: ConfirmArg = True,
    lang: LangArg = None,
    coach: CoachArg = None,
) -> None:
    """Play a game in the terminal against the computer or hotseat."""
    g = load_game(game)
    voice = voice_for(g, lang)
    if save is not None and (save.is_dir() or not save.parent.is_dir()):
        fail(unfit("--save", save))
    if db is not None and roster is None and not deck:
        usage(
            "--db",
            say("names where a campaign roster or a deck is kept: give --roster or --deck"),
        )
    options = game_options(g, option, max_rounds, players) | decks.field_decks(g, deck, db)
    fielding = None if roster is None else campaign.Fielding.open(g, roster, db, options)
    start = int.from_bytes(os.urandom(6)) if seed is None else seed
    state = g.new_game(scenario, seed=start, options=options)
    me = side or state.players[0]
    if me not in state.players:
        fail(
            say(
                "unknown side {side}; choose one of: {sides}",
                side=repr(me),
                sides=", ".join(state.players),
            )
        )
    vs = opponent(g) if vs is None else vs
    if len(state.players) > 1 and vs != "human":
        try:
            check_agent(g, vs)
        except UnknownNameError:
            fail(
                say(
                    "unknown opponent {name}; choose human or one of: {names}",
                    name=quote(vs),
                    names=", ".join(agent_names(g)),
                )
            )
        except WartableError as exc:
            fail(say("{param}: {message}", param="--vs", message=said_by(exc)))
    seats = {p: ("human" if p == me else vs) for p in state.players}
    on_end, kept = None, None
    if fielding is not None:  # the same battle, the roster's soldiers in the human's seat
        state = g.new_game(scenario, seed=start, options={**options, **fielding.options(me)})
        on_end, kept = fielding.record, fielding.kept()
    Session(
        g,
        state,
        seats,
        console(),
        ask,
        save,
        agent_seed=seed or 0,
        on_end=on_end,
        campaign=kept,
        confirm_ends=confirm,
        voice=voice,
        coach=coach,
    ).run()


@app.command()
@friendly_errors
def learn(
    game: GameArg,
    lesson: Annotated[
        str | None, typer.Option(help="which lesson (default: the game's first)")
    ] = None,
    lang: LangArg = None,
) -> None:
    """Learn to play: a guided first battle on the real rules, then a real one."""
    g = load_game(game)
    voice = voice_for(g, lang)
    found = lessons_of(g)
    if not found:
        fail(say("{game} has no lesson yet", game=g.name))
    chosen = found[0] if lesson is None else next((x for x in found if x.id == lesson), None)
    if chosen is None:
        usage(
            "--lesson",
            say(
                "no lesson {lesson}; choose one of: {lessons}",
                lesson=quote(lesson),
                lessons=", ".join(x.id for x in found),
            ),
        )
    state, seats = start(g, chosen)
    console().print(Prose(f"{voice(chosen.title)}\n\n{voice(chosen.intro)}"))
    Session(
        g, state, seats, console(), ask, voice=voice, coach=True, teacher=Teacher(chosen),
        agents=opponents(g, chosen, state.players),
    ).run()  # fmt: skip


@app.command()
@friendly_errors
def resume(
    file: Annotated[Path, typer.Argument(help="a file written by play --save")],
    confirm: ConfirmArg = True,
    lang: LangArg = None,
    coach: CoachArg = None,
) -> None:
    """Continue a saved game."""
    record, seats = saves.read(file)
    if seats is None:
        fail(
            say(
                "{file} is a bare record with no seats; use: wartable replay {file}", file=str(file)
            )
        )
    g = record_game(file, record)
    voice = voice_for(g, lang)
    state = g.replay(record)
    saves.check_seats(file, seats, state.players, g)
    if state.is_over:
        console().print(f"That game is over: {state.outcome.reason if state.outcome else ''}")
        return
    kept = saves.campaign_of(file)
    on_end = None
    if kept is not None:  # a campaign battle: its end goes into the roster it fields
        on_end = campaign.Fielding.reopen(g, kept).record
    Session(
        g,
        state,
        seats,
        console(),
        ask,
        file,
        agent_seed=len(record["actions"]),
        on_end=on_end,
        campaign=kept,
        confirm_ends=confirm,
        voice=voice,
        coach=coach,
    ).run()


@app.command()
@friendly_errors
def replay(
    file: Annotated[Path, typer.Argument(help="a save or record file")],
    as_: Annotated[
        str | None, typer.Option("--as", help="see the game as this player (default: spectator)")
    ] = None,
    step: Annotated[
        int | None,
        typer.Option(min=0, help="print the position after this many actions and exit"),
    ] = None,
) -> None:
    """Step through a saved game forwards and back."""
    record, seats = saves.read(file)
    g = record_game(file, record)
    final = g.replay(record)  # validates the whole record before any output
    players = final.players
    if as_ is not None and as_ not in players:
        fail(
            say(
                "unknown player {name}; choose one of: {choices}",
                name=quote(as_),
                choices=", ".join(players),
            )
        )
    if seats is not None:
        saves.check_seats(file, seats, players, g)
        if as_ is not None and seats[as_] != saves.HUMAN and not final.is_over:
            fail(
                say(
                    "{seat} is played by the computer in this unfinished game; "
                    "watch as a spectator or as a human seat",
                    seat=as_,
                )
            )
    replay_mod.run(g, record, console(), ask, as_, step)


@app.command()
@friendly_errors
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="SQLite file or postgresql:// URL (default: the user data directory)"),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="a public origin (https://games.example.org) that a reverse proxy serves "
            "this server under; repeatable"
        ),
    ] = None,
    api_docs: Annotated[
        bool, typer.Option(help="serve the API's documentation at /docs and /openapi.json")
    ] = False,
    ai_workers: Annotated[
        int | None,
        typer.Option(min=1, max=256, help="processes AI searches think in (default: one a core)"),
    ] = None,
) -> None:
    """Serve games in the browser: a lobby, live play and games to come back to later."""
    try:
        import uvicorn

        from wartable.server.app import create_app
        from wartable.server.guard import check_origin
    except ImportError as exc:
        missing = exc.name or "a web package"
        fail(
            say(
                "the web server needs the web extra: pip install 'wartable[web]' ({missing})",
                missing=missing,
            )
        )

    origins = []
    for origin in allow_origin or []:
        try:
            origins.append(check_origin(origin))
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--allow-origin") from exc
    where = db or str(default_db())
    app_ = create_app(
        where,
        bind=host,
        port=port,
        allow_origins=origins,
        api_docs=api_docs,
        ai_workers=ai_workers,
    )
    print(f"wartable: open http://{host}:{port}/ (games are kept in {where}); Ctrl-C stops")
    uvicorn.run(
        app_,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        ws_max_size=64 * 1024,
    )


@app.command()
@friendly_errors
def los(
    game: GameArg,
    a: Annotated[str, typer.Argument(metavar="FROM", help="a hex label like 27.08")],
    b: Annotated[str, typer.Argument(metavar="TO", help="a hex label like 21.12")],
    scenario: Annotated[str | None, typer.Option(help="scenario id (its map is used)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
) -> None:
    """Line of sight between two hexes, and why not: blocking hex, terrain, height, rule."""
    result = load_game(game).line_of_sight(scenario, a, b)
    if as_json:
        print(json.dumps(result))
        return
    out = console()
    word = "[bold green]clear[/]" if result["visible"] else "[bold red]blocked[/]"
    out.print(
        f"{result['from']} -> {result['to']} on {result['map']} ({result['range']} hexes): {word}"
    )
    if not result["visible"]:
        out.print(f"{result['reason']} (rule {result['rule']})")
    out.print("line: " + " ".join(result["path"]), style="dim")


@app.command()
@friendly_errors
def simulate(
    game: GameArg,
    scenario: Annotated[str | None, typer.Option(help="scenario id")] = None,
    games: Annotated[
        int | None,
        typer.Option(min=1, help="number of games (default 100; with --resume, the study's)"),
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            help="comma-separated agents, one per seat in seat order, each with options if "
            "it takes any (ismcts:iterations=300:horizon=2); default: heuristic,random where "
            "the game has a heuristic, else random,random"
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=SEED_LIMIT - 1, help="base seed: same seed, same results"),
    ] = None,
    workers: Annotated[
        int | None, typer.Option(min=1, help="processes (default: all cores)")
    ] = None,
    max_rounds: Annotated[
        int | None, typer.Option(min=1, help="round limit per game (games with one)")
    ] = None,
    players: Annotated[
        str | None, typer.Option(help="the line-up, in games that offer several")
    ] = None,
    option: OptionArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="also draw the results into this PNG/SVG")
    ] = None,
    deck: DeckArg = None,
    db: DeckDbArg = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="write the study to this folder as it runs: study.json and one CSV row a "
            "game (games.csv); an interrupted study goes on with --resume"
        ),
    ] = None,
    resume: Annotated[
        bool, typer.Option(help="go on with the study in --out where it stopped")
    ] = False,
    backend: Annotated[
        str, typer.Option(help="where games are played: local (processes) or ray")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(help="the Ray cluster to join (default: start a Ray instance here)"),
    ] = None,
) -> None:
    """Play many games between agents without a UI and print statistics."""
    from wartable.cli import simulate as study

    g = load_game(game)
    if backend not in BACKENDS:
        usage(
            "--backend",
            say(
                "unknown backend {name}; choose from {names}",
                name=quote(backend),
                names=", ".join(BACKENDS),
            ),
        )
    if address is not None and backend != "ray":
        usage("--address", say("joins a Ray cluster: use it with --backend ray"))
    before = study.stored(out, resume)
    if before is not None and before.game != g.info.name:
        usage(
            "--resume",
            say(
                "{out} is a study of {study}, not {game}",
                out=str(out),
                study=before.game,
                game=g.info.name,
            ),
        )
    if agents is None:
        if before is not None:
            agents = ",".join(before.agents.values())
        else:
            agents = "heuristic,random" if "heuristic" in agent_names(g) else "random,random"
    names = [a.strip() for a in agents.split(",") if a.strip()]
    for name in names:
        try:
            check_agent(g, name)
        except WartableError as exc:
            fail(say("{param}: {message}", param="--agents", message=said_by(exc)))
    sc = scenario or (before.scenario if before else g.scenarios()[0].id)
    options = game_options(g, option, max_rounds, players) | decks.field_decks(g, deck, db)
    if before is not None and not (option or max_rounds or players or deck):
        options = before.options
    seed = seed if seed is not None else (before.seed if before else 0)
    games = games if games is not None else (before.games if before else 100)
    try:
        p = plan(game, sc, names, seed, options)
    except ArgumentError as exc:  # the options were checked above: it is the agents' count
        fail(say("{param}: {message}", param="--agents", message=said_by(exc)))
    summary = study.run(g, p, games, workers, backend, address, out, resume)
    if plot is not None:
        from wartable.sim.plots import plot_summary

        plot_summary(summary, plot)
    if as_json:
        print(json.dumps(summary))
        return
    study.print_summary(g, summary)
    if plot is not None:
        console().print(f"picture: {plot}")
    if out is not None:
        console().print(f"study: {out} (games.csv, one row a game)")


@app.command()
@friendly_errors
def report(
    study: Annotated[Path, typer.Argument(help="a study folder (simulate --out)")],
    out: Annotated[
        Path | None, typer.Option(help="the HTML file to write (default: STUDY/report.html)")
    ] = None,
) -> None:
    """Write a study's balance report: one HTML page, its charts inside, that opens offline.

    Who wins, first-player advantage, game lengths, endings, each game's own figures, and
    where and when units fall and objectives change hands."""
    from wartable.sim.report import write_report

    if not study.is_dir():
        usage(
            "STUDY",
            say(
                "{study} is not a folder; make a study with simulate --out {study}",
                study=str(study),
            ),
        )
    console().print(f"report: {write_report(study, out)}")


def seat_decks(argv: list[str]) -> list[str]:
    """``--deck-SEAT NAME`` (and ``--deck-SEAT=NAME``) read as ``--deck SEAT=NAME``: the
    seat's name in the flag, as players write it, for every game alike."""
    out: list[str] = []
    it = iter(argv)
    for arg in it:
        head, eq, value = arg.partition("=")
        if head.startswith("--deck-") and len(head) > len("--deck-"):
            seat = head[len("--deck-") :]
            if not eq:
                value = next(it, "")
            out += ["--deck", f"{seat}={value}"]
        else:
            out.append(arg)
    return out


def run() -> None:
    helps.main(app, seat_decks(sys.argv[1:]), "wartable")


if __name__ == "__main__":
    run()
