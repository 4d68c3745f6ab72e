"""Spotting in play (12.0): after acting, a soldier looks for hidden or unknown enemies;
decoys that are seen, or that see, are removed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.games.combat.model import GERMANY, GONE, US
from wartable.games.combat.rules import spotting
from wartable.games.combat.rules.common import label, log, sees, tq_now
from wartable.games.combat.rules.enemy_phase import make_alert

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState


def spot_for(st: CombatState, i: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    lib = st.sc.lib
    grid, hexes = st.sc.board.grid, st.sc.board.hexes
    for t in st.soldiers:
        if t.side == s.side or not st.alive(t.index) or st.seen[t.index] or not st.alive(i):
            continue
        if not sees(st, i, t.index):
            continue
        if s.side == GERMANY and not st.seen[i]:
            if s.decoy:  # an unknown counter that sees a friendly is checked: a decoy goes
                st.status[i] = GONE
                st.seen[i] = True
                log(ev, "decoy", f"{label(st, i)} was a decoy and is removed", "12.0")
                return
            make_alert(st, i, ev, "it sees a friendly")
        result = spotting.spot(
            st.rng,
            lib.charts,
            tq=tq_now(st, i, morale=False),
            wounds=(),
            target_terrain=st.sc.board.kind[st.pos[t.index]],
            target_order=st.order[t.index] or "no_order",
            distance=grid.distance(hexes[st.pos[i]], hexes[st.pos[t.index]]),
        )
        if not result.spotted:
            continue
        st.seen[t.index] = True
        if t.side == GERMANY and t.decoy:
            st.status[t.index] = GONE
            log(ev, "decoy", f"{label(st, i)} spots {t.key}: a decoy, removed", "12.0")
        else:
            odds = f" (chance {result.chance})" if s.side == US or st.seen[i] else ""
            log(ev, "spotted", f"{label(st, i)} spots {label(st, t.index)}{odds}", "12.0")
