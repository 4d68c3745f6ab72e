"""An interactive game in the terminal: human seats type, agent seats think, all see logs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from wartable.agents.registry import make_agent
from wartable.cli import saves
from wartable.cli.render import render
from wartable.core.action import Action
from wartable.core.agent import Agent
from wartable.core.errors import ActionParseError, IllegalActionError
from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.rng import derive_seed
from wartable.core.state import GameState

HELP = """Type the number of an action, or the action itself (e.g. 'play scout-B scout').
Other commands: undo, board, log, rules, cards, card ID, save [FILE], help, quit.
'cards' tells what the cards your actions name do; 'card ID' tells one card.
Undo takes back your last action unless it rolled dice or revealed a card."""


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
    ) -> None:
        self.game = game
        self.state = state
        self.seats = seats
        self.console = console
        self.ask = ask
        self.save_path = save_path
        self.humans = [p for p, who in seats.items() if who == "human"]
        self.agents: dict[str, Agent] = {
            p: make_agent(game, who, derive_seed(agent_seed, n))
            for n, (p, who) in enumerate(seats.items())
            if who != "human"
        }
        self.log: list[Event] = []
        self.at_screen: str | None = None
        self.unseen: dict[str, list[Event]] = {p: [] for p in state.players}

    # ---- output ------------------------------------------------------------------------
    def viewer(self) -> str | None:
        if len(self.humans) == 1:
            return self.humans[0]
        return self.at_screen

    def show_events(self, events: list[Event], who: str | None) -> None:
        for e in events:
            if not e.visible(who):
                continue
            if e.kind in PUBLIC_TWINS and e.data.get("player") == who:
                continue  # the player already saw the private version of this event
            self.console.print(Text("  · " + e.text, style=_style(e)))

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
        except Quit:
            self.console.print(
                "Game left unfinished."
                + (
                    f" Saved in {self.save_path}; continue with: wartable resume {self.save_path}"
                    if self.save_path
                    else " (start with --save FILE to keep games)"
                )
            )
            return
        self.console.print(render(self.state.view(self.viewer())))
        o = self.state.outcome
        assert o is not None
        self.console.print(Text(f"\n{o.winner or 'Nobody'} wins: {o.reason}", style="bold yellow"))

    def turn(self, player: str) -> None:
        if player in self.agents:
            action = self.agents[player].act(self.state, player)
            self.apply(player, action)
            return
        self.hand_over(player)
        if self.unseen[player]:
            self.show_events(self.unseen[player], player)
            self.unseen[player] = []
        self.console.print(render(self.state.view(player)))
        while True:
            legal = self.state.legal_actions(player)
            self.console.print(Text(f"\n{player}, choose:", style="bold"))
            for n, a in enumerate(legal, 1):
                info = self.state.action_info(player, a).get("text", "")
                line = Text(f"  {n:>2}) {a}")
                if info:
                    line.append(f"   [{info}]", style="cyan")
                self.console.print(line)
            for hint in self.state.hints(player):
                self.console.print(Text(f"      {hint}", style="dim"))
            answer = self.ask(f"{player}> ").strip()
            chosen = self.read(answer, legal, player)
            if chosen is None:
                continue
            try:
                self.apply(player, chosen)
            except IllegalActionError as exc:
                self.console.print(Text(f"Not allowed: {exc.reason}", style="bold red"))
                continue
            return

    def read(self, answer: str, legal: list[Action], player: str = "") -> Action | None:
        if answer in ("q", "quit", "exit"):
            raise Quit
        if answer == "undo":
            try:
                self.state = self.game.undo(self.state, player)
            except IllegalActionError as exc:
                self.console.print(Text(f"Cannot undo: {exc.reason}", style="bold red"))
                return None
            self.console.print("Undone.")
            self.console.print(render(self.state.view(player)))
            if self.save_path is not None:
                self.save()
            return None
        if answer in ("", "h", "help", "?"):
            self.console.print(HELP)
            return None
        if answer == "board":
            self.console.print(render(self.state.view(self.viewer())))
            return None
        if answer == "log":
            who = self.viewer()
            self.show_events(self.log[-40:], who)
            return None
        if answer == "rules":
            self.console.print(self.game.rules_summary())
            return None
        if answer == "cards" or answer.startswith("card "):
            self.show_cards(answer.split()[1:], legal)
            return None
        if answer.startswith("save"):
            parts = answer.split(maxsplit=1)
            if len(parts) == 2:
                self.save_path = Path(parts[1])
            if self.save_path is None:
                self.console.print("Say where: save FILE")
            else:
                self.save()
                self.console.print(f"Saved to {self.save_path}")
            return None
        if answer.isdigit():
            n = int(answer)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.console.print(Text(f"Choose a number from 1 to {len(legal)}.", style="bold red"))
            return None
        try:
            return self.game.parse_action(answer)
        except ActionParseError as exc:
            self.console.print(
                Text(f"Not understood: {exc}. Type help for help.", style="bold red")
            )
            return None

    def show_cards(self, ids: list[str], legal: list[Action]) -> None:
        """The named cards' faces; with no names, those of the cards the actions name."""
        faces = self.game.glossary(self.state.scenario)
        if not ids:
            ids = [arg for arg in dict.fromkeys(a for x in legal for a in x.args) if arg in faces]
            if not ids:
                self.console.print("None of your actions names a card; 'card ID' tells any card.")
        for card in ids:
            face = faces.get(card)
            if face is None:
                self.console.print(Text(f"No card {card!r}.", style="bold red"))
                continue
            head = Text(f"{card}: {face.title}", style="bold")
            if face.initiative:
                head.append(f"  initiative {face.initiative}", style="cyan")
            self.console.print(head)
            for line in face.text.splitlines():
                self.console.print(f"    {line}")

    def apply(self, player: str, action: Action) -> None:
        events = self.state.apply(player, action)
        self.record_events(events)
        if len(self.humans) == 1:
            self.show_events(events, self.humans[0])
            self.unseen[self.humans[0]] = []
        if self.save_path is not None:
            self.save()

    def hand_over(self, player: str) -> None:
        """Hotseat: clear the screen and wait until the right player is at it."""
        if len(self.humans) < 2 or self.at_screen == player:
            return
        self.console.clear()
        self.ask(f"Pass the screen to {player.upper()} and press Enter when only they can see it. ")
        self.console.clear()
        self.at_screen = player

    def save(self) -> None:
        assert self.save_path is not None
        saves.write(self.save_path, self.state.record(), self.seats)


def _style(e: Event) -> str:
    if e.kind in ("attack", "suppress", "blast"):
        return "bold" + (" yellow" if e.data.get("hit") else "")
    if e.kind in ("casualty", "counter-lost", "suppressed"):
        return "red"
    if e.kind in ("round", "initiative", "game-over"):
        return "bold cyan"
    return ""
