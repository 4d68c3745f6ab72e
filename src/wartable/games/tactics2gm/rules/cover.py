"""What makes a target harder to hit, and a firer worse at it (GM-45, GM-49 to GM-51,
GM-58, GM-59, GM-63, GM-78, A-6, A-12): one terrain cover per target, the better of the
tile's feature and the terrain card on the square, and the rest added on top."""

from __future__ import annotations

from collections.abc import Collection

from wartable.games.tactics2gm.content import FEATURES, TerrainCard
from wartable.games.tactics2gm.rules.fire import Mods, smoke, wound_penalty

PRONE = Mods(1, 0)  # Cuerpo a Tierra, always on (GM-78)
COVER_ADVANCE = Mods(1, 1)  # infantry advancing beside a tank or transport (GM-35)
SUPPRESSED = Mods(1, 1)  # a suppressed firer (GM-51)


def terrain_cover(feature: str, card: TerrainCard | None) -> Mods:
    """The better of the square's tile feature and its terrain card, never both (A-12). A
    forest or hedge shot down to 0 PI is open ground: the caller passes ``.`` then."""
    tile = Mods(*FEATURES[feature][2])
    laid = Mods(*card.cover) if card is not None else Mods()
    return max(tile, laid, key=lambda m: (m.hit, m.crit))


def target_mods(
    feature: str,
    card: TerrainCard | None = None,
    *,
    prone: bool = False,
    advancing: bool = False,
    smoke_on: Collection[str] = (),
    cards: Mods | None = None,
) -> Mods:
    """Everything on the target's side of a shot: its cover, prone, cover advance, smoke on
    its square or the firer's (the thickest), and cards in play."""
    out = terrain_cover(feature, card) + smoke(set(smoke_on))
    if prone:
        out += PRONE
    if advancing:
        out += COVER_ADVANCE
    return out + (cards or Mods())


def firer_mods(wounds: int, suppressed: bool) -> Mods:
    """The firer's own wounds (+1/+1 each, +3/+3 at most) and suppression (+1/+1)."""
    return wound_penalty(wounds) + (SUPPRESSED if suppressed else Mods())


def suppresses(fired_before: Collection[str], shooter: str, can_damage: bool) -> bool:
    """Whether ``shooter`` firing at a target puts the suppression token on it: it is the
    second unit this turn able to damage that target, counted by units, not weapons, hit
    or miss (GM-50, A-6). ``fired_before``: the units able to damage it that fired at it
    earlier this turn."""
    return can_damage and shooter not in fired_before and len(fired_before) >= 1
