"""How a log line cites the rules it applies, and how a game's guide (Game.guide) explains a
citation. An event's ``rule`` is an id ("DH-27", "13.0"), several ("9.5, 10.07"), or a short
rule in words whose id comes before the colon ("Attack step 3: one die ...")."""

from __future__ import annotations

from collections.abc import Mapping


def rule_keys(rule: str) -> list[str]:
    """The ids a log line's rule cites: the part before a colon, split at commas."""
    head = rule.split(":", 1)[0] if ":" in rule else rule
    return [part.strip() for part in head.split(",") if part.strip()]


def explain(rules: Mapping[str, str], rule: str) -> list[tuple[str, str]]:
    """Each cited id with its explanation; an id the guide lacks is looked up by its first
    word ("5.0 step 1d" by "5.0"), and left out when that fails too."""
    out = []
    for key in rule_keys(rule):
        text = rules.get(key) or rules.get(key.split(" ", 1)[0])
        if text:
            out.append((key, text))
    return out
