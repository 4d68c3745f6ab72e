"""An interactive game in the terminal: human seats type, agent seats think, all see logs."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from wartable.agents.coach import Coach
from wartable.agents.registry import make_agent
from wartable.cli import saves
from wartable.cli.choices import Menu, options_of
from wartable.cli.render import focus_problem, render, words
from wartable.cli.render.guide import guide_text, rule_text
from wartable.cli.render.menu import fitted, menu_text
from wartable.cli.render.prose import Prose
from wartable.cli.thinking import thinking
from wartable.core.action import RESIGN, Action
from wartable.core.agent import Agent
from wartable.core.errors import ActionParseError, IllegalActionError, InvariantError
from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.rng import derive_seed
from wartable.core.rulecite import rule_keys
from wartable.core.state import GameState
from wartable.core.words import say, word
from wartable.i18n import Voice
from wartable.lessons import Teacher

# one paragraph a line: the terminal wraps them to its width, in every language
HELP = word(
    "Type the number of a choice, or the action itself{example}. Many choices come in steps: "
    "what acts, then what it does, then where ('back' goes up a step, 'next' and 'prev' turn "
    "the page); words typed narrow them at any step: fire, l1, deploy a2.\n"
    "Other commands: undo, board, map [HEX], log, rules, rules ID, rules all, cards, card ID, "
    "hint, review, save [FILE], resign, help, quit.\n"
    "'hint' asks the coach what the hard level would play, with your chance to win; 'review' "
    "weighs your last move beside the coach's choice.\n"
    "'rules ID' says what a rule the log cites means (rules 13.0); 'rules all' gives the "
    "guide.\n"
    "'cards' tells what the cards your actions name do; 'card ID' tells one card.\n"
    "'map HEX' centres a map too wide for the screen on a hex; 'map' follows the action "
    "again.\n"
    "Undo takes back your last action unless it rolled dice or revealed a card.\n"
    "Resign concedes the game (for your whole side, in a game of teams); it asks first."
)
SHARED_YES = ("y", "yes")  # English answers are understood in every language


def help_text(legal: list[Action], voice: Voice | None = None) -> str:
    """The help, its example taken from the actions on offer: always this game's notation."""
    voice = voice or Voice()
    named = [a for a in legal if a.args] or legal
    example = voice.t(" (e.g. '{action}')", action=str(named[-1])) if named else ""
    return voice(say(HELP, example=example))


# public events that repeat a private one without its secret (cards drawn, the bid made)
PUBLIC_TWINS = ("draw-count", "bid-made")


class Quit(Exception):
    pass


class Session:
    def __init__(
        self,
        game: Game,
        state: GameState,
        seats: dict[str, str],
        console: Console,
        ask: Callable[[str], str],
        save_path: Path | None = None,
        agent_seed: int = 0,
        on_end: Callable[[GameState], None] | None = None,
        campaign: dict[str, str] | None = None,
        confirm_ends: bool = True,
        voice: Voice | None = None,
        coach: bool | None = None,
        teacher: Teacher | None = None,
        agents: dict[str, Agent] | None = None,
    ) -> None:
        self.voice = voice or Voice(game=game.name)
        self.t = self.voice.t
        self.game = game
        self.state = state
        self.seats = seats
        self.console = console
        self.ask = ask
        self.save_path = save_path
        self.on_end = on_end  # told of the finished game (a campaign records it), never of one left
        self.campaign = campaign  # kept in the save, so a resumed battle is recorded too
        self.humans = [p for p, who in seats.items() if who == "human"]
        self.agents: dict[str, Agent] = agents or {  # a lesson brings its own opponents
            p: make_agent(game, who, derive_seed(agent_seed, n))
            for n, (p, who) in enumerate(seats.items())
            if who != "human"
        }
        self.confirm_ends = confirm_ends  # ask before ending with units that could still act
        # whose decision, in which round, the whole picture was last drawn for
        self.drawn_for: tuple[str, int] | None = None
        self.log: list[Event] = []
        self.log_at: dict[int, int] = {}  # the log's length when each action was taken
        self.at_screen: str | None = None
        self.focus: str | None = None  # a hex the player centred the map on (until they act)
        self.unseen: dict[str, list[Event]] = {p: [] for p in state.players}
        # the coach: on against the computer; between people only where all asked for it
        allowed = len(self.humans) == 1 if coach is None else coach
        self.coach = Coach(game) if allowed and self.humans else None
        self.coach_asked_off = coach is False
        self.last_move: dict[str, tuple[GameState, Action]] = {}  # each person's, for review
        self.teacher = teacher  # a lesson's steps, where the game is one (wartable learn)
        self.lesson_said: list[str] = []  # what the lesson says once the moves it names are shown

    # ---- output ------------------------------------------------------------------------
    def draw(self, view: dict[str, Any], brief: bool = False) -> None:
        """The board as ``view`` shows it, in the player's language."""
        self.console.print(render(self.game, view, self.focus, brief=brief, voice=self.voice))

    def viewer(self) -> str | None:
        if len(self.humans) == 1:
            return self.humans[0]
        return self.at_screen

    def show_events(self, events: list[Event], who: str | None, cite: bool = False) -> None:
        """The events ``who`` may see; with ``cite``, each with the ids of the rules it
        applies, which 'rules ID' explains."""
        for e in events:
            if not e.visible(who):
                continue
            if e.kind in PUBLIC_TWINS and e.data.get("player") == who:
                continue  # the player already saw the private version of this event
            line = Text(
                "  · " + words(self.game, self.voice(self.game.said(e)), self.voice),
                style=_style(e),
            )
            if cite and e.rule:
                line.append(f"  [{', '.join(rule_keys(e.rule))}]", style="dim")
            self.console.print(line)

    def record_events(self, events: list[Event]) -> None:
        self.log.extend(events)
        for p in self.unseen:
            self.unseen[p].extend(events)

    # ---- the loop ---------------------------------------------------------------------
    def run(self) -> None:
        try:
            while not self.state.is_over:
                for player in self.state.current_players:
                    if self.state.is_over or player not in self.state.current_players:
                        break
                    self.turn(player)
        except (Quit, KeyboardInterrupt):
            if self.save_path is None:
                where = self.t("(start with --save FILE to keep games)")
            elif not self.save():
                where = self.t("Not saved (see above).")
            else:
                where = self.t(
                    "Saved in {path}; go on with: wartable resume {path}", path=str(self.save_path)
                )
            self.console.print("\n" + self.t("Game left unfinished.") + " " + where)
            return
        self.draw(self.state.view(self.viewer()))
        o = self.state.outcome
        if o is None:
            raise InvariantError("run: no o")
        reason = self.voice(o.reason)
        said = (
            self.t("{winner} wins: {reason}", winner=o.winner, reason=reason)
            if o.winner
            else self.t("Nobody wins: {reason}", reason=reason)
        )
        self.console.print(Text("\n" + said, style="bold yellow"))
        if self.on_end is not None:
            self.on_end(self.state)

    def turn(self, player: str) -> None:
        if player in self.agents:
            self.drawn_for = None  # what the others did: the whole picture next time
            agent = self.agents[player]
            with thinking(self.console, player, getattr(agent, "seconds", None), self.voice):
                action = agent.act(self.state, player)
            self.apply(player, action)
            return
        self.hand_over(player)
        if self.unseen[player]:
            self.show_events(self.unseen[player], player)
            self.unseen[player] = []
        # the whole picture when the turn comes to this player; between two decisions of
        # theirs in a row, the brief one (the map), so a decision fits one screen
        # (in the same round: a new round deals new cards, which only the whole picture shows)
        now = (player, self.state.rounds_played())
        brief = self.drawn_for == now
        self.draw(self.state.view(player), brief=brief)
        self.drawn_for = now
        for said in self.lesson_said:
            self.teach(said)
        self.lesson_said = []
        self.teach(self.teacher.prompt(player) if self.teacher else None)
        menu: Menu | None = None
        menu_at: tuple[int, int] = (0, -1)
        while True:
            legal = self.state.legal_actions(player)
            at = (id(self.state), self.state.action_count)
            if menu is None or menu_at != at:  # a new position (after an undo): new choices
                menu, menu_at = Menu(options_of(self.state, player, legal, self.voice)), at
            width = self.console.width
            text = menu_text(menu, player, width, self.voice)
            for hint in self.state.hints(player):
                text.append("\n" + "\n".join(fitted("      ", hint, width)), style="dim not bold")
            self.console.print(text, soft_wrap=True)  # its lines already fit the width
            offer = getattr(self.ask, "offer", None)
            if offer is not None:  # what Tab completes: the words of the choices on offer
                offer(w for o in menu.options for w in (*o.text.split(), *o.steps))
            answer = self.ask(f"{player}> ").strip()
            chosen = self.read(answer, legal, player, menu)
            if chosen is None:
                continue
            wrong = self.teacher.check(player, chosen) if self.teacher else None
            if wrong is not None:  # not the lesson's move: said why, nothing played
                self.teach(wrong, style="bold magenta")
                self.console.print(self.t("Try again."))
                continue
            if not self.sure(player, chosen, menu):
                continue
            try:
                self.apply(player, chosen)
            except IllegalActionError as exc:
                reason = self.voice(exc.reason)
                self.console.print(
                    Text(self.t("Not allowed: {reason}", reason=reason), style="bold red")
                )
                continue
            return

    def sure(self, player: str, chosen: Action, menu: Menu) -> bool:
        """Ending a turn or an activation (an action of nothing on the board) while several
        units or cards could still act asks first, unless the player turned that off."""
        if not self.confirm_ends or chosen == RESIGN:
            return True
        option = next((o for o in menu.options if o.action == chosen), None)
        if option is None or option.steps:
            return True
        idle = {o.steps[0] for o in menu.options if len(o.steps) == 2}
        if len(idle) < 2:
            return True
        question = self.voice.tn(
            "{count} unit or card could still act. {choice} anyway? (yes/no)",
            "{count} units or cards could still act. {choice} anyway? (yes/no)",
            len(idle),
            choice=option.label,
        )
        answer = self.ask(question + " ")
        if answer.strip().lower() in ("q", "quit", "exit"):
            raise Quit
        if self.yes(answer):
            return True
        self.console.print(self.t("Not done: choose again."))
        return False

    def read(self, answer: str, legal: list[Action], player: str, menu: Menu) -> Action | None:
        if answer in ("q", "quit", "exit"):
            raise Quit
        taken = self.step(answer, legal, menu)
        if taken is None or isinstance(taken, Action):
            return taken
        if answer == "undo" and self.teacher is not None and self.teacher.step is not None:
            self.console.print(self.t("Undo waits until the lesson's steps are done."))
            return None
        if answer == "undo":
            try:
                self.state = self.game.undo(self.state, player)
            except IllegalActionError as exc:
                reason = self.voice(exc.reason)
                self.console.print(
                    Text(self.t("Cannot undo: {reason}", reason=reason), style="bold red")
                )
                return None
            self.forget_undone()
            self.last_move.pop(player, None)
            self.console.print(self.t("Undone."))
            self.draw(self.state.view(player))
            if self.save_path is not None:
                self.save()
            return None
        if answer == "resign":
            sure = self.ask(
                self.t("Resign and lose the game (your whole side with you)? Type yes:") + " "
            )
            if self.yes(sure):
                return RESIGN
            self.console.print(self.t("Not resigned: the game goes on."))
            return None
        if answer in ("", "h", "help", "?"):
            self.console.print(help_text(legal, self.voice))
            return None
        if answer in ("hint", "review"):
            self.advise(answer, player)
            return None
        if answer == "board":
            self.draw(self.state.view(self.viewer()))
            return None
        if answer == "map" or answer.startswith("map "):
            self.centre(answer.split()[1:])
            return None
        if answer == "log":
            who = self.viewer()
            self.show_events(self.log[-40:], who, cite=True)
            return None
        if answer == "rules":
            self.console.print(Prose(self.game.rules_summary()))
            return None
        if answer.startswith("rules "):  # a rule the log cited, or the whole guide
            asked = answer.split(maxsplit=1)[1]
            text = (
                guide_text(self.game, voice=self.voice)
                if asked == "all"
                else rule_text(self.game, asked, self.voice)
            )
            self.console.print(Prose(text))
            return None
        if answer == "card":
            self.console.print(
                self.t("Say which card: card ID ('cards' tells those your actions name).")
            )
            return None
        if answer == "cards" or answer.startswith("card "):
            self.show_cards(answer.split()[1:], legal)
            return None
        if answer == "save" or answer.startswith("save "):
            parts = answer.split(maxsplit=1)
            target = Path(parts[1]).expanduser() if len(parts) == 2 else self.save_path
            if target is None:
                self.console.print(self.t("Say where: save FILE"))
            elif self.save(target):
                self.save_path = target
                self.console.print(self.t("Saved to {path}", path=str(target)))
            return None
        if menu.narrow(answer):  # words that are no command narrow the choices
            return None
        try:
            return self.game.parse_action(answer)
        except ActionParseError as exc:
            said = self.t("Not understood: {problem}. Type help for help.", problem=str(exc))
            self.console.print(Text(said, style="bold red"))
            return None

    def step(self, answer: str, legal: list[Action], menu: Menu) -> Action | bool | None:
        """A move through the steps: a number of the page (an action, or a group opened),
        back, next, prev, or an action typed whole. False: the answer is none of those."""
        shown, page, pages = menu.shown()
        if answer.isdigit():
            n = int(answer)
            if not 1 <= n <= len(shown):
                said = self.t("Choose a number from 1 to {last}.", last=len(shown))
                self.console.print(Text(said, style="bold red"))
                return None
            choice = shown[n - 1]
            if choice.option is not None:
                return choice.option.action
            menu.open(choice)
            return None
        if answer in ("back", ".."):  # no one-letter forms: "b" narrows, as any word does
            if not menu.back():
                self.console.print(self.t("At the first step already."))
            return None
        if answer in ("next", "more", "prev"):
            forward = answer != "prev"
            if (forward and page + 1 >= pages) or (not forward and page == 0):
                self.console.print(self.t("No more pages that way."))
            else:
                menu.page = page + (1 if forward else -1)
            return None
        typed = " ".join(answer.split())
        return next((a for a in legal if str(a) == typed), False)

    def centre(self, words: list[str]) -> None:
        """'map HEX' centres the map on a hex; 'map' alone follows the action again."""
        view = self.state.view(self.viewer())
        if len(words) > 1:
            said = self.t("Say one hex: map HEX (like map 27.08)")
            self.console.print(Text(said, style="bold red"))
            return
        problem = focus_problem(self.game, view, words[0]) if words else None
        if problem:
            said = self.t("Cannot centre the map: {problem}.", problem=self.voice(problem))
            self.console.print(Text(said, style="bold red"))
            return
        self.focus = words[0] if words else None
        self.draw(view)

    def show_cards(self, ids: list[str], legal: list[Action]) -> None:
        """The named cards' faces; with no names, those of the cards the actions name."""
        faces = self.game.glossary(self.state.scenario)
        if not ids:
            ids = [arg for arg in dict.fromkeys(a for x in legal for a in x.args) if arg in faces]
            if not ids:
                self.console.print(
                    self.t("None of your actions names a card; 'card ID' tells any card.")
                )
        for card in ids:
            face = faces.get(card)
            if face is None:
                self.console.print(Text(self.t("No card {card!r}.", card=card), style="bold red"))
                continue
            head = Text(f"{card}: {self.voice(face.title)}", style="bold")
            if face.initiative:
                head.append("  " + self.t("initiative {n}", n=face.initiative), style="cyan")
            self.console.print(head)
            for line in self.voice(face.text).splitlines():
                self.console.print(f"    {line}")

    def teach(self, text: str | None, style: str = "bold green") -> None:
        """A lesson's words, in the player's language, set apart from the game's."""
        if text:
            self.console.print(Text("\n" + self.voice(text).strip() + "\n", style=style))

    def advise(self, asked: str, player: str) -> None:
        """``hint``: the coach's move from here; ``review``: the player's last move beside
        the coach's choice then."""
        if self.coach is None:
            said = (
                self.t("The coach is off in this game (--no-coach).")
                if self.coach_asked_off
                else self.t(
                    "The coach is off in a game between people: start it with --coach if "
                    "every player agrees."
                )
            )
            self.console.print(Text(said, style="bold red"))
            return
        with thinking(self.console, self.t("The coach"), None, self.voice):
            if asked == "hint":
                advice = self.coach.hint(self.state, player)
                said = self.voice(advice.words(self.state))
                said += f"  ({advice.action})"
            elif player not in self.last_move:
                said = self.t("No move of yours to review yet.")
            else:
                before, played = self.last_move[player]
                said = self.voice(self.coach.review(before, player, played).words(before))
        self.console.print(Text(said, style="cyan"))

    def apply(self, player: str, action: Action) -> None:
        self.log_at[self.state.action_count] = len(self.log)  # where an undo cuts the log
        if player in self.humans and self.coach is not None and action != RESIGN:
            self.last_move[player] = (self.state.clone(), action)
        events = self.state.apply(player, action)
        self.focus = None  # after an action the map follows the action again
        self.record_events(events)
        if len(self.humans) == 1:
            self.show_events(events, self.humans[0])
            self.unseen[self.humans[0]] = []
        if self.teacher is not None:  # said at the seat's next decision, after the others move
            self.lesson_said += self.teacher.taken(player, action)
        if self.save_path is not None:
            self.save()

    def forget_undone(self) -> None:
        """The log as it stood before the actions just taken back: ``log`` no longer lists
        them, and no player is shown them later (hotseat)."""
        cut = self.log_at.get(self.state.action_count, len(self.log))
        gone = {id(e) for e in self.log[cut:]}
        del self.log[cut:]
        for p in self.unseen:
            self.unseen[p] = [e for e in self.unseen[p] if id(e) not in gone]

    def hand_over(self, player: str) -> None:
        """Hotseat: clear the screen and wait until the right player is at it."""
        if len(self.humans) < 2 or self.at_screen == player:
            return
        self.console.clear()
        answer = self.ask(
            self.t(
                "Pass the screen to {seat} and press Enter when only they can see it.",
                seat=player.upper(),
            )
            + " "
        )
        if answer.strip() in ("q", "quit", "exit"):
            raise Quit
        self.console.clear()
        self.at_screen = player

    def save(self, path: Path | None = None) -> bool:
        """Save to ``path`` (default: the game's save file). A folder that is not there, a
        directory or a full disk is said in one line and the game goes on: nothing is lost."""
        target = path or self.save_path
        if target is None:
            raise InvariantError("save: no target")
        try:
            saves.write(target, self.state.record(), self.seats, self.campaign)
        except (OSError, ValueError) as exc:
            reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
            said = self.t(
                "Could not save to {path}: {reason}. The game goes on; "
                "try: save FILE (in a folder that exists).",
                path=str(target),
                reason=reason,
            )
            self.console.print(Text(said, style="bold red"))
            return False
        return True

    def yes(self, answer: str) -> bool:
        """A yes, in English or in the player's language (its word or the word's first
        letter: "s", "sí"; "j", "ja")."""
        said, yes = _plain(answer), _plain(self.t("yes"))
        return said in SHARED_YES or said in (yes, yes[:1])


def _plain(text: str) -> str:
    """Lower case without accents: "Sí", "si" and "SI" are one answer."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _style(e: Event) -> str:
    if e.kind in ("attack", "suppress", "blast"):
        return "bold" + (" yellow" if e.data.get("hit") else "")
    if e.kind in ("casualty", "counter-lost", "suppressed"):
        return "red"
    if e.kind in ("round", "initiative", "game-over"):
        return "bold cyan"
    return ""
