"""A state that agrees with everything the player knows (for IS-MCTS): the identities of
face-down German counters, on the map and in the cup, are dealt again within each team (the
team shows on the counter's back), and both decks are shuffled."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from wartable.core.rng import Rng
from wartable.games.combat.model import DEAD, GERMANY

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

S = TypeVar("S", bound="CombatState")
IDENTITY = ("name", "tq", "ldr", "weapon", "ws", "grenade", "grenade_ws", "skills", "role", "decoy")


def resample(st: S, seed: int) -> S:
    twin = st._copy()
    rng = Rng(seed)
    twin.rng = Rng(rng.next64())
    soldiers = list(st.soldiers)
    for team in {s.team for s in st.soldiers if s.side == GERMANY}:
        unknown = [
            s.index
            for s in st.soldiers
            if s.side == GERMANY
            and s.team == team
            and not st.seen[s.index]
            and st.status[s.index] != DEAD
        ]
        faces = sorted(
            (tuple(getattr(st.soldiers[i], f) for f in IDENTITY) for i in unknown), key=repr
        )
        rng.shuffle(faces)
        for i, face in zip(unknown, faces, strict=True):
            soldiers[i] = replace(st.soldiers[i], **dict(zip(IDENTITY, face, strict=True)))
    twin.soldiers = tuple(soldiers)
    for deck in (twin.deck, twin.enemy_deck):
        deck.sort()
        rng.shuffle(deck)
    return twin
