"""Check that imports only point downwards through wartable's layers (see docs/architecture.md).

Run as a script (``python tools/check_imports.py``) or through ``tests/test_layers.py``.
Every import statement of the package is read with ``ast``, function-level ones included.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "wartable"

# layer -> the layers it may import (itself always allowed)
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "geometry": {"core"},
    "components": {"core", "geometry"},
    "content": {"core"},
    # the player's language: catalogs and saying the engine's words (core/words.py) in it
    "i18n": {"core"},
    "locale": set(),
    "games": {"core", "geometry", "components", "content", "i18n"},
    # a guided first battle: lessons as data in a game's folder, led through the core's API
    "lessons": {"core", "content", "agents"},
    "agents": {"core", "geometry", "components", "content", "games"},
    "sim": {"core", "agents"},
    # the conformance checks a game's own tests may run: the core's contract, random play
    "testing": {"core", "agents"},
    # interfaces know games only through the core API and the registry
    "cli": {"core", "agents", "sim", "geometry", "server", "i18n", "lessons", "root"},
    "server": {"core", "agents", "sim", "geometry", "i18n", "lessons", "root"},
    "web": {"core", "i18n", "root"},
    "rl": {"core", "agents", "root"},
    "data": set(),
}


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "wartable":
        return None
    if len(parts) == 1:
        return "root"
    return parts[1]


def game_of(module: str) -> str | None:
    """The game package a module belongs to (``wartable.games.NAME...``), if any."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(tree: ast.AST, here: str, is_package: bool) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append((node.lineno, mod))
    return out


def violations() -> list[str]:
    problems = []
    for path in sorted(SRC.rglob("*.py")):
        here = module_name(path)
        layer = layer_of(here)
        if layer in (None, "root"):
            continue
        allowed = ALLOWED.get(layer)
        if allowed is None:
            problems.append(f"{path}: layer {layer!r} is not in the layer table")
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, target in imported(tree, here, path.name == "__init__.py"):
            other = layer_of(target)
            if layer == "games" == other and game_of(here) != game_of(target):
                problems.append(
                    f"{path}:{line}: a game must not import another game ({target}): "
                    "what two games share belongs in core, geometry or content"
                )
                continue
            if other is None or other == layer or other in allowed:
                continue
            problems.append(f"{path}:{line}: {layer} must not import {target} ({other})")
    return problems


def main() -> int:
    problems = violations()
    for p in problems:
        print(p)
    print(f"import layers: {len(problems)} violation(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
