"""Golden playthroughs: rules changes are never silent (see docs/architecture.md, Tests).

For every scenario of every registered game, ``tests/goldens/<game>/`` keeps a whole game
played by fixed agents with fixed seeds (random agents in every seat, and the game's
heuristic where it has one) and a short digest of ``state.full_state()`` after setup and
after every action. ``tests/goldens/test_goldens.py`` replays each one and compares every
digest: a rules change that moves any of them must come with a new rules version and new
goldens.

    python tools/goldens.py --write [GAME ...]   # play the games again and store them
    python tools/goldens.py --check [GAME ...]   # replay the stored games (exit 1 on a change)

The goldens replay the stored actions, never the agents: a better heuristic changes no
golden until ``--write`` is run again.

Beside each, ``<golden>.txt`` is the same game to read (OpenSpiel's playthroughs are the
model): each action with who took it and every event it caused, kind and text, and the
outcome. Where a digest moves, the failure shows what the game now says differently at that
step; where only the words of the log changed, the transcript alone differs and ``--write``
rewrites it (no rules version to bump).
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import wartable
from wartable.agents.registry import agent_names, make_agent
from wartable.core.rng import derive_seed

ROOT = Path(__file__).resolve().parents[1]
GOLDENS = ROOT / "tests" / "goldens"
FORMAT = "wartable-golden/1"
SEEDS = (1,)  # one seed per agent kind keeps the files small and the test fast
MAX_STEPS = 1500  # a longer game is cut here and marked incomplete
DIGEST_CHARS = 16
REGENERATE = "regenerate with `make goldens`"


def digest(state: wartable.GameState) -> str:
    """A short hash of everything in the state: the same in every process."""
    text = json.dumps(state.full_state(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_CHARS]


def plan(games: list[str] | None = None) -> Iterator[tuple[str, str, str, int]]:
    """(game, scenario, agent, seed) of every golden the registered games must have."""
    for name in games or wartable.game_names():
        game = wartable.get_game(name)
        kinds = ["random"] + (["heuristic"] if "heuristic" in agent_names(game) else [])
        for sc in game.scenarios():
            for kind in kinds:
                for seed in SEEDS:
                    yield name, sc.id, kind, seed


def path_of(game: str, scenario: str, agent: str, seed: int) -> Path:
    return GOLDENS / game / f"{scenario}-{agent}-{seed}.json"


def play(game_name: str, scenario: str, agent: str, seed: int) -> dict[str, Any]:
    """Play one game with ``agent`` in every seat and record it with its digests."""
    game = wartable.get_game(game_name)
    state = game.new_game(scenario, seed=seed)
    agents = {p: make_agent(game, agent, derive_seed(seed, i)) for i, p in enumerate(state.players)}
    start = digest(state)
    steps: list[list[str]] = []
    while not state.is_over and len(steps) < MAX_STEPS:
        player = state.current_players[0]
        action = agents[player].act(state, player)
        state.apply(player, action)
        steps.append([player, str(action), digest(state)])
    record = state.record()
    return {
        "format": FORMAT,
        "game": game_name,
        "version": record["version"],
        "scenario": scenario,
        "options": record["options"],
        "seed": seed,
        "agents": [agent] * len(state.players),
        "complete": state.is_over,
        "outcome": state.outcome.reason if state.outcome else None,
        "start": start,
        "steps": steps,
    }


def dump(golden: dict[str, Any]) -> str:
    """Canonical JSON with one step a line, so that a diff shows where a game turned."""
    head = {k: v for k, v in golden.items() if k != "steps"}
    lines = [json.dumps(step, separators=(", ", ": ")) for step in golden["steps"]]
    text = json.dumps(head, indent=1, sort_keys=True)[:-2]
    return text + ',\n "steps": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


def heading(golden: dict[str, Any]) -> str:
    return (
        f"{golden['game']} rules version {golden['version']} · {golden['scenario']} · seed "
        f"{golden['seed']} · {', '.join(golden['agents'])}"
    )


def step_lines(n: int, player: str, text: str, events: list[wartable.Event]) -> list[str]:
    return [f"{n:>4}. {player}: {text}"] + [f"        {e.kind}: {e.text}" for e in events]


def transcript_of(golden: dict[str, Any]) -> str:
    """The game of ``golden`` to read: replayed, each action with its events."""
    lines: list[str] = []
    check(golden, lines=lines)
    return "\n".join(lines) + "\n"


STEP = re.compile(r"^\s*(\d+)\. ")


def changes(said: list[str], stored_text: str | None, most: int = 24) -> str:
    """How the game reads now against its stored transcript, as far as it replayed (to the
    end of the same step in both, whatever their lines): the first lines that differ, as a
    diff ("" when they agree or there is none stored)."""
    if stored_text is None:
        return ""
    stored_lines = stored_text.splitlines()
    steps = [int(m.group(1)) for line in said if (m := STEP.match(line))]
    end = len(stored_lines)
    if steps and len(said) < len(stored_lines):  # cut where the next step would begin
        after = steps[-1] + 1
        end = next(
            (
                k
                for k, line in enumerate(stored_lines)
                if (m := STEP.match(line)) and int(m.group(1)) == after
            ),
            end,
        )
    before = stored_lines[:end]
    diff = [d for d in difflib.unified_diff(before, said, "stored", "now", n=2, lineterm="")]
    return "\n".join(diff[:most])


def check(
    golden: dict[str, Any], where: str = "golden", lines: list[str] | None = None
) -> str | None:
    """None if replaying ``golden`` gives every stored digest; else what changed and what to
    do. ``lines`` gathers the transcript as the game replays."""
    said = lines if lines is not None else []
    said.append(heading(golden))
    game = wartable.get_game(golden["game"])
    version = game.info.version
    if golden["version"] != version:
        return (
            f"{where} was made by {game.name} rules version {golden['version']}, and the rules "
            f"are now version {version}: {REGENERATE}"
        )
    silent = (
        "the rules changed silently: bump the game's rules version (game_version on its "
        f"state class) and {REGENERATE}"
    )
    state = game.new_game(golden["scenario"], seed=golden["seed"], options=golden["options"])
    if digest(state) != golden["start"]:
        return f"{where}: the state after setup differs; {silent}"
    for n, (player, text, expected) in enumerate(golden["steps"], 1):
        try:
            events = state.apply(player, game.parse_action(text))
        except wartable.WartableError as exc:
            return f"{where}: action {n} ({player}: {text}) no longer replays ({exc}); {silent}"
        said.extend(step_lines(n, player, text, events))
        if digest(state) != expected:
            return f"{where}: the state after action {n} ({player}: {text}) differs; {silent}"
    said.append(f"outcome: {state.outcome.reason if state.outcome else 'none (cut short)'}")
    if golden["complete"] and not state.is_over:
        return f"{where}: the game no longer ends after its last action; {silent}"
    return None


def text_path(path: Path) -> Path:
    return path.with_suffix(".txt")


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def stored(games: list[str] | None = None) -> list[Path]:
    """Every golden file on disk (of ``games`` if given)."""
    folders = [GOLDENS / g for g in games] if games else sorted(GOLDENS.iterdir())
    return sorted(p for d in folders if d.is_dir() for p in d.glob("*.json"))


def write(games: list[str] | None = None) -> list[Path]:
    wanted = [path_of(*key) for key in plan(games)]
    for key, path in zip(plan(games), wanted, strict=True):
        path.parent.mkdir(parents=True, exist_ok=True)
        golden = play(*key)
        path.write_text(dump(golden), encoding="utf-8")
        text_path(path).write_text(transcript_of(golden), encoding="utf-8")
    stale = [p for p in stored(games) if p not in wanted]
    for p in stale:
        p.unlink()
        text_path(p).unlink(missing_ok=True)
    return wanted


def problems(games: list[str] | None = None) -> list[str]:
    """What ``--check`` finds: goldens missing, left over, or no longer replaying."""
    wanted = {path_of(*key) for key in plan(games)}
    found = stored(games)
    out = [f"{rel(p)}: missing; {REGENERATE}" for p in sorted(wanted - set(found))]
    out += [
        f"{rel(p)}: no such game, scenario or agent now; {REGENERATE}"
        for p in found
        if p not in wanted
    ]
    for path in found:
        if path in wanted and (problem := verdict(path)):
            out.append(problem)
    return out


def verdict(path: Path) -> str | None:
    """None if the golden at ``path`` replays to every digest and reads as its transcript;
    else what differs, with how the game reads now against how it read."""
    said: list[str] = []
    problem = check(load(path), rel(path), said)
    stored_text = text_path(path).read_text(encoding="utf-8") if text_path(path).exists() else None
    if problem is not None:
        diff = changes(said, stored_text)
        return problem + (
            f"\nwhat the game says now, against its transcript:\n{diff}" if diff else ""
        )
    if stored_text is None:
        return f"{rel(text_path(path))}: missing; {REGENERATE}"
    if stored_text != "\n".join(said) + "\n":
        return (
            f"{rel(text_path(path))}: the same game reads differently now (the rules did not "
            f"change, the words did): {REGENERATE}\n{changes(said, stored_text)}"
        )
    return None


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="play and store the goldens again")
    mode.add_argument("--check", action="store_true", help="replay the stored goldens")
    parser.add_argument("games", nargs="*", help="only these games (default: every one)")
    args = parser.parse_args(argv)
    games: list[str] | None = args.games or None
    unknown = [g for g in games or [] if g not in wartable.game_names()]
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; games are {', '.join(wartable.game_names())}")
    if args.write:
        paths = write(games)
        size = sum(p.stat().st_size for p in paths)
        print(f"wrote {len(paths)} goldens ({size / 1024:.0f} KiB) under {rel(GOLDENS)}/")
        return 0
    found = problems(games)
    print("\n".join(found) or "every golden replays")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
