"""Card faces for interfaces (``Game.glossary``): the situation cards and the secret
objectives a battle may deal. What each says is public; who holds which is not."""

from __future__ import annotations

from wartable.core.game import CardFace
from wartable.games.diadehonor.content import Library


def faces(lib: Library) -> dict[str, CardFace]:
    out = {key: CardFace(c.title, c.text) for key, c in lib.cards.items()}
    out.update({key: CardFace(o.title, o.text) for key, o in lib.objectives.items()})
    return out
