"""Card faces for interfaces: what each card in a scenario lets its owner do.

The texts are the same one-line rules the event log cites, so a card and the log that
reports its use never disagree.
"""

from __future__ import annotations

from wartable.core.game import CardFace
from wartable.core.words import lines, named, say, word
from wartable.games.undaunted.rules import combat, movement, support
from wartable.games.undaunted.scenario import FOG, Scenario

WHAT = {**movement.RULES, **support.RULES, **combat.RULES}

FOG_TEXT = word(
    "No actions: it takes a place in your hand. It may be bid for initiative, or removed "
    "from the game by a Recon."
)
UNIT_TEXT = word(
    "Suppressed, this card may only rally (its counter is ready again) or hunker (back to supply)."
)


def faces(sc: Scenario) -> dict[str, CardFace]:
    out = {}
    for kind in sc.kinds:
        title = say("{card} ({squad})", card=named(kind.title), squad=kind.squad)
        if kind.category == FOG:
            text: str = FOG_TEXT
        else:
            names = " · ".join(
                verb_name(a.verb, a.amount) + (" (own squad)" if a.squad_only else "")
                for a in kind.actions
            )
            said: list[str] = [say("One of: {actions}.", actions=names)]
            if kind.unit >= 0:
                unit = sc.units[kind.unit]
                name = say("{unit} {squad}", unit=named(unit.title), squad=unit.squad)
                drives = say(
                    "Drives the {unit} counter, defence {defence}.",
                    unit=name if unit.squad else named(unit.title), defence=unit.defence,
                )  # fmt: skip
                said.append(drives)
            said += [say("{rule}.", rule=WHAT[a.verb]) for a in kind.actions]
            if kind.unit >= 0:
                said.append(UNIT_TEXT)
            text = lines(said)
        out[kind.key] = CardFace(
            title if kind.squad else named(kind.title), text, str(kind.initiative)
        )
    return out


def verb_name(verb: str, amount: int) -> str:
    return verb.capitalize() + (f" {amount}" if amount else "")
