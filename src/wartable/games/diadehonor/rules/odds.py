"""The odds shown beside an attack before its roll: total against defence with every modifier
named, and the chance of each number of wounds (a duel: of winning, and what it deals)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.action import Action
from wartable.core.words import decimal, listing, percent, say, say_n, word
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
    """Each number of wounds with its chance: "0 wounds 17%, 1 wound 33%"."""
    return listing(
        [
            say_n("{count} wound {chance}", "{count} wounds {chance}", n, chance=percent(p))
            for n, p in odds.items()
        ]
    )


def action_info(st: DiaDeHonorState, action: Action) -> dict[str, Any]:
    if action.verb == "fire":
        a, t = find(st, action.args[0]), find(st, action.args[1])
        terms = attack.ranged_terms(st, a, t)
        odds = attack.chances(terms)
        text: str = say(
            "{roll} ({attack_why}) against {defence} ({defence_why}): {odds}",
            roll=roll(terms.attack), attack_why=listing(terms.attack_why), defence=terms.defence,
            defence_why=listing(terms.defence_why), odds=spread(odds),
        )  # fmt: skip
        if attack.aimed(st, a, t):
            text = say("{odds}; aimed: any hit kills", odds=text)
        if st.units[a].type == "tank":
            caught = [st.units[j].key for j in attack.in_blast(st, a, t)[1:]]
            if caught:
                text = say(
                    "{odds}; the blast also reaches {units}", odds=text, units=", ".join(caught)
                )
            else:
                text = say("{odds}; the blast also reaches nobody else", odds=text)
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
        text = say(
            "wins {chance}; wounds dealt {dealt} on average, taken {taken}",
            chance=percent(win), dealt=decimal(deal), taken=decimal(take),
        )  # fmt: skip
        return {"text": text, "chance": win}
    if action.verb == "play" and action.args[0] == "grenade":
        t = find(st, action.args[2])
        left = attack.DEATH - st.wounds[t]
        sure = word("2 wounds, no roll: it kills") if left <= 2 else word("2 wounds, no roll")
        return {"text": sure, "chance": 1.0}
    return {}
