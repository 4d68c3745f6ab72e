"""Card faces for interfaces: what each card in a scenario lets its owner do.

The texts are the same one-line rules the event log cites, so a card and the log that
reports its use never disagree.
"""

from __future__ import annotations

from wartable.core.game import CardFace
from wartable.games.undaunted.rules import combat, movement, support
from wartable.games.undaunted.scenario import FOG, Scenario

WHAT = {**movement.RULES, **support.RULES, **combat.RULES}

FOG_TEXT = (
    "No actions: it takes a place in your hand. It may be bid for initiative, or removed "
    "from the game by a Recon."
)
UNIT_TEXT = (
    "Suppressed, this card may only rally (its counter is ready again) or hunker (back to supply)."
)


def faces(sc: Scenario) -> dict[str, CardFace]:
    out = {}
    for kind in sc.kinds:
        title = kind.title + (f" ({kind.squad})" if kind.squad else "")
        if kind.category == FOG:
            text = FOG_TEXT
        else:
            names = " · ".join(
                verb_name(a.verb, a.amount) + (" (own squad)" if a.squad_only else "")
                for a in kind.actions
            )
            lines = [f"One of: {names}."]
            if kind.unit >= 0:
                unit = sc.units[kind.unit]
                name = unit.title + (f" {unit.squad}" if unit.squad else "")
                lines.append(f"Drives the {name} counter, defence {unit.defence}.")
            lines += [WHAT[a.verb] + "." for a in kind.actions]
            if kind.unit >= 0:
                lines.append(UNIT_TEXT)
            text = "\n".join(lines)
        out[kind.key] = CardFace(title, text, str(kind.initiative))
    return out


def verb_name(verb: str, amount: int) -> str:
    return verb.capitalize() + (f" {amount}" if amount else "")
