"""The terminal's choices in steps: what can act now, then what the chosen one does, then
where; never more than ``PAGE`` lines at once, and words typed at any step narrow them.

A flat list is kept where it is short (a handful of cards). A longer one is grouped
by what the page clicks first (the game's ``board_steps``: the unit or card that acts), a
long group again by verb, and the last step is paged. What involves nothing on the board (end
the turn, pass) stays at the top level, always a number away. Typed words match the start of
any word of an action's notation or of its players' words ("fire", "fire light 1",
"deploy a2"), and of a unit's short name, its kind's initial and number ("l1" is light-1),
as the boards draw them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from wartable.core.action import Action
from wartable.core.state import GameState
from wartable.i18n import Voice

PAGE = 20  # the most choices on the screen at once

_SPLIT = re.compile(r"[\s/_,:;()\[\]]+|(?<=[a-z])-(?=[a-z])")
_NUMBERED = re.compile(r"^([a-z]+)[a-z_]*-(\d+)$")


@dataclass(frozen=True)
class Option:
    """A legal action with everything the menu says of it."""

    action: Action
    text: str  # the notation a player may type
    label: str  # players' words
    info: str  # odds and costs
    steps: tuple[str, ...]  # what the page clicks: the actor, then the target
    words: frozenset[str]  # what typed words may match (lower case)

    @property
    def verb(self) -> str:
        return self.text.split(" ", 1)[0]


@dataclass(frozen=True)
class Choice:
    """One numbered line: an action to take, or a group to open (its path and size)."""

    label: str
    note: str = ""
    option: Option | None = None
    path: tuple[str, ...] = ()
    size: int = 0


def words_of(text: str, label: str) -> frozenset[str]:
    """The words typed input may match: those of the notation and of the label, split at
    spaces, slashes and punctuation, each id also as its parts ("axis-1/light-1": axis, 1,
    light-1, light, 1) and as its short name ("l1")."""
    out: set[str] = set()
    for raw in (text.lower(), label.lower()):
        for token in raw.split():
            for part in token.split("/"):
                part = part.strip("()[],.:;")
                if not part:
                    continue
                out.add(part)
                out.update(w for w in _SPLIT.split(part) if w)
                out.update(w for w in part.split("-") if w)
                m = _NUMBERED.match(part)
                if m:
                    out.add(m.group(1)[0] + m.group(2))
    return frozenset(out)


def options_of(
    state: GameState, player: str, legal: Sequence[Action], voice: Voice | None = None
) -> list[Option]:
    """Each legal action as a choice: its notation, its words (in ``voice``'s language),
    its odds."""
    speak = voice or Voice()
    out = []
    for a in legal:
        text = str(a)
        label = speak(state.describe(player, a))
        info = speak(state.action_info(player, a).get("text", "") or "")
        out.append(
            Option(a, text, label, info, state.board_steps(player, a), words_of(text, label))
        )
    return out


def matches(option: Option, query: Sequence[str]) -> bool:
    """Every typed word starts some word of the option (its notation or its label)."""
    return all(any(w.startswith(q) for w in option.words) for q in query)


def common_words(labels: Sequence[str]) -> str:
    """The words every label starts with ("Deploy Light 1 at"), or "" when none."""
    split = [label.split(" ") for label in labels]
    out: list[str] = []
    for i, word in enumerate(split[0]):
        if all(len(s) > i + 1 and s[i] == word for s in split):
            out.append(word)
        else:
            break
    return " ".join(out)


def _counts(options: Sequence[Option]) -> str:
    verbs: dict[str, int] = {}
    for o in options:
        verbs[o.verb] = verbs.get(o.verb, 0) + 1
    return " · ".join(f"{v} {n}" for v, n in verbs.items())


def _as_choice(o: Option) -> Choice:
    return Choice(o.label, o.info, option=o)


def _group(key: str, members: list[Option], path: tuple[str, ...]) -> Choice:
    title = common_words([o.label for o in members]) or key
    return Choice(title + " …", _counts(members), path=(*path, key), size=len(members))


@dataclass
class Menu:
    """Where the player stands in the steps: the options, the groups opened (``path``: an
    actor, then a verb), the words typed (``query``) and the page turned to."""

    options: list[Option]
    path: list[str] = field(default_factory=list)
    query: list[str] = field(default_factory=list)
    page: int = 0

    def narrowed(self) -> list[Option]:
        found = [o for o in self.options if matches(o, self.query)]
        if self.path:
            found = [o for o in found if o.steps[:1] == (self.path[0],)]
        if len(self.path) > 1:
            found = [o for o in found if o.verb == self.path[1]]
        return found

    def choices(self) -> list[Choice]:
        """The lines of this step, all pages together."""
        found = self.narrowed()
        if len(found) <= PAGE or len(self.path) > 1:
            return [_as_choice(o) for o in found]
        if self.path:  # one actor's many actions: by verb
            by_verb: dict[str, list[Option]] = {}
            for o in found:
                by_verb.setdefault(o.verb, []).append(o)
            if len(by_verb) == 1:
                return [_as_choice(o) for o in found]
            return [_group(v, ms, tuple(self.path)) for v, ms in by_verb.items()]
        fixed = [o for o in found if not o.steps]
        by_actor: dict[str, list[Option]] = {}
        for o in found:
            if o.steps:
                by_actor.setdefault(o.steps[0], []).append(o)
        groups = [
            _as_choice(ms[0]) if len(ms) == 1 else _group(key, ms, ())
            for key, ms in by_actor.items()
        ]
        return [_as_choice(o) for o in fixed] + groups

    def settled(self) -> list[Choice]:
        """This step's choices, a lone group opened at once (one unit to deploy: its
        squares)."""
        every = self.choices()
        while len(every) == 1 and every[0].option is None:
            self.path = list(every[0].path)
            every = self.choices()
        return every

    def shown(self) -> tuple[list[Choice], int, int]:
        """The choices of the page turned to, its number and how many pages there are."""
        every = self.settled()
        pages = max(1, -(-len(every) // PAGE))
        self.page = min(self.page, pages - 1)
        return every[self.page * PAGE : (self.page + 1) * PAGE], self.page, pages

    def can_back(self) -> bool:
        probe = Menu(self.options, list(self.path), list(self.query))
        return probe.back()

    def where(self) -> str:
        """The open group in players' words: what its actions' labels share."""
        if not self.path:
            return ""
        found = self.narrowed()
        return common_words([o.label for o in found]) if found else ""

    def open(self, choice: Choice) -> None:
        self.path = list(choice.path)
        self.page = 0

    def back(self) -> bool:
        """One step up (the words typed go first), past a step that held one group only;
        False, and nothing changed, at the first step already."""
        if self.query:
            self.query, self.page = [], 0
            return True
        path = list(self.path)
        while path:
            path.pop()
            up = Menu(self.options, list(path))
            if len(up.choices()) > 1:
                self.path, self.page = path, 0
                return True
        return False

    def narrow(self, typed: str) -> bool:
        """Narrow by the words typed, within the group open if anything there matches, else
        among every option; False, and nothing changed, when nothing matches at all."""
        query = [w for w in _SPLIT.split(typed.lower()) if w]
        if not query or not any(matches(o, query) for o in self.options):
            return False
        inside = Menu(self.options, list(self.path), query)
        self.path = self.path if self.path and inside.narrowed() else []
        self.query, self.page = query, 0
        return True
