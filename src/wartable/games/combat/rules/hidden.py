"""A state that agrees with everything the player knows (for IS-MCTS): the identities of
face-down German counters, on the map and in the cup, are dealt again within each team (the
team shows on the counter's back), and both decks are shuffled."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from wartable.core.rng import Rng
from wartable.games.combat.model import DEAD, GERMANY, Soldier

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

S = TypeVar("S", bound="CombatState")
IDENTITY = ("name", "tq", "ldr", "weapon", "ws", "grenade", "grenade_ws", "skills", "role", "decoy")
Face = tuple[Any, ...]


class Casting:
    """One per game, shared by every copy and sample of it: the German teams in a fixed order,
    each identity read once, and each counter-with-identity built once, so that drawing a
    sample (the heuristic draws one per decision) costs lookups, not new dataclasses."""

    def __init__(self, soldiers: tuple[Soldier, ...]) -> None:
        # teams in the order their first counter comes: never a set's order, which Python
        # salts per process, so a sample is the same in every process
        self.teams: dict[str, list[int]] = {}
        for s in soldiers:
            if s.side == GERMANY:
                self.teams.setdefault(s.team, []).append(s.index)
        self._faces: dict[int, tuple[Soldier, Face]] = {}  # id -> (the soldier, his identity)
        self._order: dict[Face, str] = {}
        self._made: dict[tuple[int, Face], Soldier] = {}

    def face(self, s: Soldier) -> Face:
        known = self._faces.get(id(s))
        if known is not None and known[0] is s:
            return known[1]
        face = tuple(getattr(s, name) for name in IDENTITY)
        self._faces[id(s)] = (s, face)  # holding s keeps its id from being reused
        return face

    def order(self, face: Face) -> str:
        """A sort key that knows nothing of who holds the identity."""
        key = self._order.get(face)
        if key is None:
            key = self._order[face] = repr(face)
        return key

    def dealt(self, counter: Soldier, face: Face) -> Soldier:
        """The soldier under ``counter`` when he has the identity ``face``."""
        if self.face(counter) == face:
            return counter
        made = self._made.get((counter.index, face))
        if made is None:
            made = replace(counter, **dict(zip(IDENTITY, face, strict=True)))
            self._made[counter.index, face] = made
            self._faces[id(made)] = (made, face)
        return made


def resample(st: S, seed: int) -> S:
    twin = st._copy()
    rng = Rng(seed)
    twin.rng = Rng(rng.next64())
    cast = st.cast
    soldiers = list(st.soldiers)
    for members in cast.teams.values():
        unknown = [i for i in members if not st.seen[i] and st.status[i] != DEAD]
        faces = sorted((cast.face(soldiers[i]) for i in unknown), key=cast.order)
        rng.shuffle(faces)
        for i, face in zip(unknown, faces, strict=True):
            soldiers[i] = cast.dealt(soldiers[i], face)
    twin.soldiers = tuple(soldiers)
    for deck in (twin.deck, twin.enemy_deck):
        deck[:] = rng.unseen(deck)
    return twin
