"""The odds shown beside an attack before its roll: total against defence with every modifier
named, and the chance of each number of wounds (a duel: of winning, and what it deals)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.action import Action
from wartable.games.diadehonor.rules import attack
from wartable.games.diadehonor.rules.common import find

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState


def roll(bonus: int) -> str:
    """A die and its bonus as players write it: "d6 + 2", "d6 − 1", "d6"."""
    if bonus == 0:
        return "d6"
    return f"d6 + {bonus}" if bonus > 0 else f"d6 \u2212 {-bonus}"


def spread(odds: dict[int, float]) -> str:
    return ", ".join(f"{n} {'wound' if n == 1 else 'wounds'} {p:.0%}" for n, p in odds.items())


def action_info(st: DiaDeHonorState, action: Action) -> dict[str, Any]:
    if action.verb == "fire":
        a, t = find(st, action.args[0]), find(st, action.args[1])
        terms = attack.ranged_terms(st, a, t)
        odds = attack.chances(terms)
        text = (
            f"{roll(terms.attack)} ({', '.join(terms.attack_why)}) against {terms.defence} "
            f"({', '.join(terms.defence_why)}): {spread(odds)}"
        )
        if attack.aimed(st, a, t):
            text += "; aimed: any hit kills"
        if st.units[a].type == "tank":
            caught = [st.units[j].key for j in attack.in_blast(st, a, t)[1:]]
            text += f"; the blast also reaches {', '.join(caught) or 'nobody else'}"
        hit = sum(p for n, p in odds.items() if n)
        return {
            "text": text,
            "attack": terms.attack,
            "defence": terms.defence,
            "wounds": {str(n): p for n, p in odds.items()},
            "chance": hit,
        }
    if action.verb == "melee":
        a, t = find(st, action.args[0]), find(st, action.args[1])
        ends = attack.duel_outcomes(st, a, t)
        win = sum(won for won, _ in ends) / len(ends)
        deal = sum(n for won, n in ends if won) / len(ends)
        take = sum(n for won, n in ends if not won) / len(ends)
        return {
            "text": f"wins {win:.0%}; wounds dealt {deal:.2f} on average, taken {take:.2f}",
            "chance": win,
        }
    if action.verb == "play" and action.args[0] == "grenade":
        t = find(st, action.args[2])
        left = attack.DEATH - st.wounds[t]
        return {"text": "2 wounds, no roll" + (": it kills" if left <= 2 else ""), "chance": 1.0}
    return {}
