"""The command line's own help (``--help``) in the player's language.

Our commands' help is their docstrings and their options' ``help=`` texts: the catalogs read
them from the code (``i18n/keep.py``), and ``spoken`` says them again, once the language is
known, in the commands typer builds. Typer asks the standard ``gettext`` for its own words
(the panels' titles, "[required]", "Try ... for help."): it is given our catalogs instead,
and its words are marked below so that they hold them. The click typer carries writes its
parsing errors ("No such option: --x") and the "Usage:" line as fixed English: those stay
English (docs/i18n.md).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType

import typer.core
import typer.rich_utils
from typer import _click as click  # typer's own click: the one its commands are made of

from wartable.core.words import word
from wartable.i18n import Voice, choose_language

# typer's words that a player reads, as it writes them (its gettext ids)
THEIRS = (
    word("Options"),
    word("Arguments"),
    word("Commands"),
    word("Error"),
    word("Aborted!"),
    word("Aborted."),
    word("Missing command."),
    word("No such command {name!r}."),
    word("[required]"),
    word("required"),
    word("[default: {value}]"),  # typer's "[default: {}]": a named placeholder for us
    word("default: {default}"),
    word("Try [blue]'{command_path} {help_option}'[/] for help."),
    word("Show this message and exit."),  # the --help option's own help, click's
)
# the modules whose ``_`` is gettext's, and typer's words it read once, when imported
MODULES: tuple[ModuleType, ...] = (typer.core, typer.rich_utils)
GETTEXT = "_"  # the name they call it by
CONSTANTS = {
    "DEFAULT_STRING": "[default: {value}]",
    "REQUIRED_LONG_STRING": "[required]",
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "ABORTED_TEXT": "Aborted.",
    "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help.",
}


def language(argv: Sequence[str]) -> str:
    """The language a command line asks for: its ``--lang``, else the system's; English
    where ``--lang`` names none we have (the command itself then says why)."""
    try:
        return choose_language(asked(argv))
    except ValueError:
        return "en"


def asked(argv: Sequence[str]) -> str | None:
    """The value of the command line's last ``--lang`` ("" for one given no value)."""
    found = None
    for k, arg in enumerate(argv):
        if arg == "--lang":
            found = argv[k + 1] if k + 1 < len(argv) else ""
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


@contextmanager
def spoken(command: click.Command, voice: Voice) -> Iterator[click.Command]:
    """``command`` (and every command under it) helped in ``voice``'s language; click's
    and typer's own words too, until the block ends (their words are module globals)."""
    said: Callable[[str], str] = voice
    kept: list[tuple[ModuleType, str, object]] = [
        (m, GETTEXT, getattr(m, GETTEXT)) for m in MODULES
    ]
    kept += [(typer.rich_utils, name, getattr(typer.rich_utils, name)) for name in CONSTANTS]
    try:
        for module in MODULES:
            setattr(module, GETTEXT, said)
        for name, text in CONSTANTS.items():
            setattr(typer.rich_utils, name, voice(text).replace("{value}", "{}"))
        _tell(command, voice)
        yield command
    finally:
        for module, name, value in kept:
            setattr(module, name, value)


def _tell(command: click.Command, voice: Voice) -> None:
    if command.help:
        command.help = voice(command.help)
    if command.short_help:
        command.short_help = voice(command.short_help)
    helping = command.get_help_option(click.Context(command))  # made once, then kept
    if helping is not None and helping.help:
        helping.help = voice(helping.help)
    for param in command.params:
        helped = getattr(param, "help", None)
        if isinstance(helped, str) and helped:
            param.help = voice(helped)  # type: ignore[attr-defined]
    if isinstance(command, typer.core.TyperGroup):
        for sub in command.commands.values():
            _tell(sub, voice)


def without_lang(command: click.Command, argv: list[str]) -> list[str]:
    """``argv`` without its ``--lang`` where the command it runs takes none (``wartable
    --help --lang de``, a group's help): the language is for the help then."""
    for arg in argv:
        sub = getattr(command, "commands", {}).get(arg)
        if sub is not None:
            command = sub
    if any("--lang" in p.opts for p in command.params):
        return argv
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


def main(app: typer.Typer, argv: list[str], prog_name: str) -> None:
    """Run ``app`` on ``argv``, its help and errors in the language asked for."""
    command = typer.main.get_command(app)
    lang = language(argv)
    kept = without_lang(command, argv)
    if kept != argv:  # a --lang for the help: it must still name a language we have
        try:
            choose_language(asked(argv) or "")
        except ValueError as exc:
            print(f"wartable: error: --lang: {exc}", file=sys.stderr)
            raise SystemExit(2) from None
    argv = kept
    if lang == "en":
        command(args=argv, prog_name=prog_name)
        return
    with spoken(command, Voice(lang)):
        command(args=argv, prog_name=prog_name)
