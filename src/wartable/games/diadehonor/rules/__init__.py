"""Día de Honor's rules, as functions over the state; rule ids (DH-n) are the rules index's,
restated in docs/games/diadehonor.md."""
