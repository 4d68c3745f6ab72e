"""What a seat may see (``None``: a spectator). Everything on the map is public (positions,
wounds, stance, rank, each unit's attack and resistance as they stand), and so are a
campaign's soldiers waiting on each seat's bench for a unit card (DH-50); the dice to come
are not. Secret objectives and held situation cards are the seat's own entries here, and
nobody else's, teammates included (Q33)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.games.diadehonor.model import LIVING
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules.attack import STATES, effective

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState


def view(st: DiaDeHonorState, player: str | None) -> dict[str, Any]:
    b = st.battle
    labels = b.labels
    units = []
    for u in st.units:
        i = u.index
        kind = st.kind(i)
        now = effective(st, i) if st.status[i] in LIVING else (None, None)
        units.append(
            {
                "key": u.key,
                "seat": st.players[u.seat],
                "side": u.side,
                "type": u.type,
                "name": u.name,
                "missions": u.missions,
                "rank": st.lib.rank(u.missions).title,
                "status": st.status[i],
                "square": labels[st.pos[i]] if st.pos[i] >= 0 else None,
                "wounds": st.wounds[i],
                "state": STATES[min(st.wounds[i], len(STATES) - 1)],
                "prone": st.prone[i],
                "actions": st.actions[i],
                "attacked": st.attacked[i],
                "sabotaged": st.sabotaged[i],
                "aim": aim(st, i),
                "attack": kind.attack,  # as printed on the unit sheet
                "resistance": kind.resistance,
                # as they stand now: rank, wounds, combat cards played (None once dead)
                "effective_attack": now[0],
                "effective_resistance": now[1],
                "speed": kind.speed,
                "range": kind.range,
            }
        )
    return {
        "game": st.game_name,
        "title": "Día de Honor",
        "battlefield": b.id,
        "you": player,
        "seats": dict(zip(st.players, st.sides, strict=True)),
        "round": st.round,
        "max_rounds": st.max_rounds,
        "phase": st.phase,
        "order": list(st.order),
        "to_act": None if st.phase == Phase.OVER else st.players[st.seat],
        "map": {
            "columns": b.grid.columns,
            "rows": b.grid.rows,
            "ground": b.ground_text,
            "levels": list(b.level),
            "zones": {side: list(zone) for side, zone in b.zone_labels.items()},
        },
        "units": units,
        "deck_size": len(st.deck),
        "hand_sizes": {p: len(h) for p, h in zip(st.players, st.hands, strict=True)},
        "hand": sorted(st.hands[st.players.index(player)]) if player in st.players else None,
        "effects": {
            p: {"defensive": d, "aggressive": a}
            for p, d, a in zip(st.players, st.defensive, st.aggressive, strict=True)
            if d or a
        },
        "objective": objective(st, player),
        "waiting_on": None if st.pending is None else st.pending[0],
        "cards_to_resolve": [[st.players[seat], card] for seat, card in st.queue],
        "bench": {
            p: [
                {"type": t, "name": name, "missions": m, "rank": st.lib.rank(m).title}
                for _, t, name, m in waiting
            ]
            for p, waiting in zip(st.players, st.bench, strict=True)
            if waiting
        },
    }


def objective(st: DiaDeHonorState, player: str | None) -> dict[str, str] | None:
    """The seat's own secret objective; nobody else's, teammates included (Q33)."""
    if player not in st.players:
        return None
    key = st.objectives[st.players.index(player)]
    o = st.lib.objectives[key]
    return {"id": key, "title": o.title, "text": o.text}


def aim(st: DiaDeHonorState, i: int) -> dict[str, Any] | None:
    """A sniper's mark and how many rounds in a row it has aimed (public: all see him aim)."""
    if i not in st.aim:
        return None
    target, count, _ = st.aim[i]
    return {"target": st.units[target].key, "count": count}
