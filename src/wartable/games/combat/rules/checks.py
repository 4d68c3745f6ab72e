"""Morale states and the four checks: MC, RC, TQC, WMC (17.0, 19.0), and the rule of 0 (2.0).

Checks roll one d10 (faces 0-9) against a Troop Quality (TQ) that callers modify as each rule
says (wounds, morale, or nothing). Morale is an index into the ladder, 0 = berserk ... 6 = rout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartable.core.events import rolled
from wartable.core.rng import Rng
from wartable.core.words import Said, say, word
from wartable.games.combat.vocabulary import MORALE, of

LADDER = ("berserk", "aggressive", "bold", "normal", "cautious", "shaken", "rout")
BERSERK, AGGRESSIVE, BOLD, NORMAL, CAUTIOUS, SHAKEN, ROUT = range(7)


# the checks as the log names them: short ("MC roll 4 vs TQ 5"), and what one did in full
# where the roll may not be told ("fails a Morale Check")
KINDS = {"MC": word("MC"), "RC": word("RC"), "TQC": word("TQC"), "WMC": word("WMC")}
ROLLED = {
    True: word("{check} roll {roll} vs TQ {tq}: passes"),
    False: word("{check} roll {roll} vs TQ {tq}: fails"),
}
DONE = {
    ("MC", True): word("passes a Morale Check"),
    ("MC", False): word("fails a Morale Check"),
    ("RC", True): word("passes a Rally Check"),
    ("RC", False): word("fails a Rally Check"),
    ("TQC", True): word("passes a Troop Quality Check"),
    ("TQC", False): word("fails a Troop Quality Check"),
    ("WMC", True): word("passes a Wound Morale Check"),
    ("WMC", False): word("fails a Wound Morale Check"),
}


@dataclass(frozen=True, slots=True)
class Check:
    kind: str  # "MC", "RC", "TQC", "WMC"
    roll: int
    target: int  # the TQ rolled against
    passed: bool
    morale_from: int = NORMAL
    morale_to: int = NORMAL

    @property
    def text(self) -> Said:
        text = say(ROLLED[self.passed], check=KINDS[self.kind], roll=self.roll, tq=self.target)
        return self._moved(text)

    @property
    def outcome(self) -> Said:
        """What the check did, without the roll or the quality it was rolled against."""
        return self._moved(DONE[self.kind, self.passed])

    def _moved(self, check: Said) -> Said:
        """The check, and the morale it left him in where it changed."""
        if self.morale_to == self.morale_from:
            return check
        old, new = LADDER[self.morale_from], LADDER[self.morale_to]
        return say(
            "{check}; morale {old} -> {new}", check=check, old=of(MORALE, old), new=of(MORALE, new)
        )


def highest(chance: int, top: int = 9) -> int | None:
    """The highest face of a d10 read 0-9 that is at or under ``chance`` (``top`` at most,
    when a 9 always fails); None when no face is."""
    return min(chance, top) if chance >= 0 else None


def hits_word(hits: int) -> str:
    """A roll's outcome in the log's words: miss, hit, 2 hits."""
    return "miss" if not hits else "hit" if hits == 1 else f"{hits} hits"


def roll_of(check: Check) -> dict[str, Any]:
    """A check's roll in the shape the page shows (docs/adding-a-game.md): at or under the TQ;
    in an MC, RC or WMC a 0 always passes and a 9 always fails."""
    need = highest(check.target) if check.kind == "TQC" else max(0, min(check.target, 8))
    result = "passes" if check.passed else "fails"
    return rolled([check.roll], 10, need, result, under=True, zero=True)


def zero_rolls(
    rolls: tuple[ZeroRoll, ...] | list[ZeroRoll], result: str, *, nine_fails: bool = False
) -> dict[str, Any]:
    """Rolls against one chance (a burst of fire, a grenade's placement, a spotting check) in
    the page's shape: the dice the log shows, at or under the chance; under the rule of 0
    (a chance below zero) only a 0 confirmed by a TQC succeeds, so no face is needed."""
    chance = rolls[0].chance
    need = highest(chance, 8 if nine_fails else 9)
    dice = [r.roll for r in rolls]
    return rolled(dice, 10, need, result, under=True, zero=True)


def shift(morale: int, levels: int, *, to_berserk: bool = False) -> int:
    """Raise (positive) or lower (negative) morale; only an MC 0 when Aggressive gives Berserk."""
    top = BERSERK if to_berserk else AGGRESSIVE
    if levels > 0 and morale <= AGGRESSIVE and not (to_berserk and morale == AGGRESSIVE):
        return morale
    return max(top, min(ROUT, morale - levels))


def tqc(rng: Rng, tq: int) -> Check:
    """Troop Quality Check (also the enemy's charge and grenade checks): pass at or under TQ."""
    roll = rng.die(10, 0)
    return Check("TQC", roll, tq, roll <= tq)


def mc(rng: Rng, tq: int, morale: int) -> Check:
    """Morale Check: 0 raises one level (Berserk only from Aggressive), over TQ lowers one,
    a 9 lowers two. Failing means the order is replaced by Duck Back (7.19, 10.13)."""
    roll = rng.die(10, 0)
    if roll == 0:
        return Check("MC", roll, tq, True, morale, shift(morale, 1, to_berserk=True))
    if roll == 9:
        return Check("MC", roll, tq, False, morale, shift(morale, -2))
    if roll <= tq:
        return Check("MC", roll, tq, True, morale, morale)
    return Check("MC", roll, tq, False, morale, shift(morale, -1))


def rc(rng: Rng, tq: int, morale: int) -> Check:
    """Rally Check at the end of a turn with a Rally order (7.17, 10.12)."""
    roll = rng.die(10, 0)
    if roll == 0:
        return Check("RC", roll, tq, True, morale, shift(morale, 2))
    if roll == 9:
        return Check("RC", roll, tq, False, morale, shift(morale, -1))
    if roll <= tq:
        return Check("RC", roll, tq, True, morale, shift(morale, 1))
    return Check("RC", roll, tq, False, morale, morale)


def wmc(rng: Rng, tq: int, morale: int) -> Check:
    """Wound Morale Check after a light or bad wound (16.0, 19.0)."""
    roll = rng.die(10, 0)
    if roll == 0:
        return Check("WMC", roll, tq, True, morale, morale)
    if roll == 9:
        return Check("WMC", roll, tq, False, morale, shift(morale, -3))
    if roll <= tq:
        return Check("WMC", roll, tq, True, morale, shift(morale, -1))
    return Check("WMC", roll, tq, False, morale, shift(morale, -2))


@dataclass(frozen=True, slots=True)
class ZeroRoll:
    """A roll against a chance (WS or TQ), with the rule of 0 when the chance is below zero."""

    roll: int
    chance: int
    success: bool
    confirm: int | None = None  # the confirming TQC's roll, if one was made
    confirm_target: int | None = None

    @property
    def text(self) -> str:
        if self.confirm is None:
            return f"roll {self.roll} vs {self.chance}: {'success' if self.success else 'failure'}"
        return (
            f"roll 0 vs {self.chance} (rule of 0), confirming TQC {self.confirm} vs "
            f"{self.confirm_target}: {'success' if self.success else 'failure'}"
        )


def at_or_under(chance: int) -> float:
    """The chance of a d10 (0-9) at or under ``chance``."""
    return min(max(chance + 1, 0), 10) / 10


def odds_against(chance: int, tq: int, *, nine_fails: bool = False) -> float:
    """The chance that ``roll_against`` succeeds, for odds shown before a roll."""
    if chance >= 0:
        return at_or_under(min(chance, 8) if nine_fails else chance)
    return 0.1 * at_or_under(tq + chance) if tq + chance >= 0 else 0.0


def roll_against(rng: Rng, chance: int, tq: int, *, nine_fails: bool = False) -> ZeroRoll:
    """Roll a d10 at or under ``chance``. Below zero the rule of 0 applies: only a 0 can
    succeed, confirmed by a TQC at ``tq + chance``; below zero that is an automatic failure."""
    roll = rng.die(10, 0)
    if chance >= 0:
        ok = roll <= chance and not (nine_fails and roll == 9)
        return ZeroRoll(roll, chance, ok)
    target = tq + chance
    if roll != 0 or target < 0:
        return ZeroRoll(roll, chance, False)
    confirm = rng.die(10, 0)
    return ZeroRoll(roll, chance, confirm <= target, confirm, target)
