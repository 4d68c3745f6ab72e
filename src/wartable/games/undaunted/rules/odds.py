"""Odds shown before an attack is rolled: total defence and the chance to hit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.action import Action
from wartable.core.words import percent, say
from wartable.games.undaunted.rules.combat import hit_chance, total_defence
from wartable.games.undaunted.rules.legal import spot

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState


def action_info(st: UndauntedState, i: int, action: Action) -> dict[str, Any]:
    sc = st.sc
    decoded = sc.actions.decode.get(action)
    if decoded is None:
        return {}
    verb, arg, card_verb = decoded
    s, p = st.sides[i], st.pending
    if verb in ("attack", "suppress") and p is not None:
        o = st.sides[1 - i]
        frm = s.pos[p.unit]
        total, base, cover, rng = total_defence(sc, arg, o.pos[arg], frm, False)
        chance = hit_chance(total, p.left)
        return {
            "text": say(
                "defence {defence} + cover {cover} + range {range} = {total}; "
                "{dice} d10: {chance} to hit",
                defence=base,
                cover=cover,
                range=rng,
                total=total,
                dice=p.left,
                chance=percent(chance),
            ),
            "total": total,
            "dice": p.left,
            "chance": chance,
        }
    if verb == "play" and card_verb in ("attack", "suppress"):
        dice = next(a.amount for a in sc.kinds[arg].actions if a.verb == card_verb)
        frm = spot(sc, s, i, sc.kinds[arg])
        o = st.sides[1 - i]
        best = max(
            (hit_chance(total_defence(sc, u, t, frm, False)[0], dice), sc.units[u].key)
            for u, t in enumerate(o.pos)
            if t >= 0
        )
        text = say("best {chance} to hit ({unit})", chance=percent(best[0]), unit=best[1])
        return {"text": text, "chance": best[0]}
    if verb == "play" and card_verb == "blast" and s.target >= 0:
        dice = next(a.amount for a in sc.kinds[arg].actions if a.verb == "blast")
        parts = []
        for side in (1 - i, i):
            for u, pos in enumerate(st.sides[side].pos):
                if pos == s.target:
                    total = total_defence(sc, u, pos, -1, True)[0]
                    parts.append(
                        say(
                            "{side} {unit} {total}: {chance}",
                            side=st.players[side], unit=sc.units[u].key, total=total,
                            chance=percent(hit_chance(total, dice)),
                        )
                    )  # fmt: skip
        tile = sc.tiles[s.target]
        if not parts:
            return {"text": say("blast {tile}: no counter on the target tile", tile=tile)}
        odds = parts[-1]
        for part in reversed(parts[:-1]):
            odds = say("{odds}; {more}", odds=part, more=odds)
        return {"text": say("blast {tile}: {odds}", tile=tile, odds=odds)}
    return {}
