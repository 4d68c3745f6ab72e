"""What the player sees: the map's features, every friendly soldier, and of each German
counter only its face - team, hex, markers - until it is known; never a decoy's nature,
the cup's contents or the order of either deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.games.combat.model import GERMANY, IN_CUP
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules.checks import LADDER

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

AMMO = ("ok", "low", "none")


def view(st: CombatState, player: str | None) -> dict[str, Any]:
    sc = st.sc
    board = sc.board
    cards = sc.lib.friendly_cards.cards
    soldiers = []
    for s in st.soldiers:
        i = s.index
        if st.status[i] == IN_CUP:
            continue
        known = s.side != GERMANY or st.seen[i]
        entry: dict[str, Any] = {
            "key": s.key,
            "side": s.side,
            "team": s.team,
            "hex": board.labels[st.pos[i]] if st.pos[i] >= 0 else None,
            "status": st.status[i],
            "order": st.order[i] or None,
            "dirs": list(st.dirs[i]),
            "morale": LADDER[st.morale[i]],
            "wounds": list(st.wounds[i]),
            "ammo": AMMO[st.ammo[i]],
            "known": known,
            "grenade_live": st.live[i],
            "grenade_target": board.labels[st.aim[i]] if st.aim[i] >= 0 else None,
            "blast": st.blast[i] or None,
            "with": st.soldiers[st.mate[i]].key if st.mate[i] >= 0 else None,
            "guarded_by": st.soldiers[st.guard[i]].key if st.guard[i] >= 0 else None,
            "papers": st.papers[i] >= 0,
        }
        if s.side == GERMANY:
            entry["alert"] = st.alert[i]
        else:
            entry["spotted"] = st.seen[i]
        if known:
            entry.update(
                name=s.name,
                tq=s.tq,
                ldr=s.ldr,
                weapon=s.weapon,
                ws=s.ws,
                grenade=s.grenade,
                skills=list(s.skills),
                role=s.role or None,
            )
        soldiers.append(entry)
    act = None
    if st.act is not None:
        act = {
            "soldier": st.soldiers[st.act.soldier].key,
            "stage": st.act.stage,
            "moves": st.act.moves,
            "must": st.act.must,
        }
    terrain = [list(entry) for entry in st.ground.listed]  # craters and rubble included
    return {
        "game": "combat",
        "scenario": sc.id,
        "title": sc.title,
        "you": player,
        "turn": st.turn,
        "turns": sc.turns,
        "phase": st.phase,
        "impulse": st.impulse,
        "squad_roll": st.squad_roll,
        "hand": [
            {
                "number": n,
                "title": cards[n - 1].title,
                "type": cards[n - 1].type,
                "initiative": list(cards[n - 1].initiative or ()),
            }
            for n in st.hand
        ],
        "ready_cards": list(st.ready),
        "deck_size": len(st.deck),
        "discard_size": len(st.discard),
        # the discard piles lie face up: every card drawn and spent shows there (5.0, 9.1)
        "discard": list(st.discard),
        "enemy_discard": list(st.enemy_discard),
        "planned_cards": len(st.set_aside),
        "initiative_card": st.initiative_card or None,
        "initiative_track": [[v, t] for v, t in st.track],
        "cup": sum(1 for s in st.soldiers if st.status[s.index] == IN_CUP),
        "soldiers": soldiers,
        "acting": act,
        "map": {
            "id": board.id,
            "columns": list(board.grid.columns),
            "rows_odd": list(board.grid.rows_odd),
            "rows_even": list(board.grid.rows_even),
            "layout": board.grid.layout,
            "terrain": terrain,
        },
        "compass": [sc.file.compass.at, sc.file.compass.toward],
        "objectives": [{"hex": board.labels[t], "reached": t in st.reached} for t in sc.objectives],
        # where the squad may still deploy (22.0): the hexes deploy actions name, while it does
        "deploy_zone": (
            [board.labels[h] for h in sc.deploy_zone] if st.phase == Phase.DEPLOY else []
        ),
        "smoke": [{"hex": board.label(h), "marker": c.state} for c in st.clouds for h in c.hexes],
        "grenades": [board.labels[h] for h, _ in st.bursts],
        "wind": sc.file.wind,
        "night": {"range": st.dark, "flares_left": st.flares_left} if st.dark else None,
        "flares": [board.labels[h] for h, _ in st.flares],
        "victory_points": sum(p for _, p in st.vp_log),
        "victory_log": [[what, points] for what, points in st.vp_log],  # public, for a breakdown
        "outcome": st.outcome.to_json() if st.outcome else None,
    }
