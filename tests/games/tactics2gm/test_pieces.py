"""A piece's copy: written out field by field for speed, so a field added later and left out
of it would silently reset in every clone and sample; this test names any such field. The
copy shares every field but the tokens: lists of words are tuples, replaced whole."""

from __future__ import annotations

import dataclasses
import itertools

import wartable
from wartable.games.tactics2gm.model import Piece, weapons


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


def test_a_units_weapons_are_made_once_and_are_what_its_card_and_options_give():
    """``weapons`` keeps each card's and options' weapons (issue 47): the same as making
    them afresh, for every card with none, each and all of its options."""
    lib = wartable.get_game("tactics2gm").new_game("pitched-battle", seed=1).lib
    for card, unit in lib.units.items():
        names = sorted(unit.options)
        for options in itertools.chain([()], ((n,) for n in names), [tuple(names)]):
            p = Piece(f"{card}-1", card, 0, None, 0, options=options)
            plain = {f"w{k}": w for k, w in enumerate(unit.weapons, 1)}
            for name in options:
                token = lib.tokens[unit.options[name].token]
                if token.weapon is not None:
                    plain[name] = token.weapon
            assert dict(weapons(lib, p)) == plain
            assert weapons(lib, p) is weapons(lib, p)  # kept, not made again
