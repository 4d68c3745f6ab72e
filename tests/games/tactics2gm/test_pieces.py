"""A piece's copy: written out field by field for speed, so a field added later and left out
of it would silently reset in every clone and sample; this test names any such field. The
copy shares every field but the tokens: lists of words are tuples, replaced whole."""

from __future__ import annotations

import dataclasses

from wartable.games.tactics2gm.model import Piece


def test_a_copy_keeps_every_field_and_shares_no_container_it_may_change():
    odd = {
        "id": "tiger-2", "card": "tiger", "side": 1, "sq": (3, 4), "deployed": 5, "owner": 1,
        "wounds": 2, "tokens": {"w1": "used"}, "options": ("mg",), "mounted": True,
        "mount_turn": 4, "level": 2, "attached": ("armour",), "moved": True, "marched": True,
        "fired": ("w1",), "suppressed": True, "assaulting": "sherman-1", "origin": (3, 5),
        "beside": "halftrack-1", "aboard": "lcvp-1", "landed": True, "tended": True,
        "rode": True, "smoked": True, "flak": True,
    }  # fmt: skip
    names = [f.name for f in dataclasses.fields(Piece)]
    assert sorted(odd) == sorted(names), "give the new field an odd value here"
    p = Piece(**odd)
    twin = p.copy()
    for name in names:
        default = next(f for f in dataclasses.fields(Piece) if f.name == name)
        assert getattr(twin, name) == odd[name], f"copy() drops {name}"
        assert odd[name] != default.default, f"{name}'s test value is its default"
    assert twin.tokens is not p.tokens  # changed in place: each copy its own
    for name in names:  # every other field is replaced whole, never changed in place
        assert isinstance(getattr(p, name), (str, int, tuple, type(None), dict)), name
