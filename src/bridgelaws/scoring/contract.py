"""Law 77: the duplicate score of one result.

>>> from bridgelaws.scoring.contract import score, Contract
>>> score(4, "H", 0, False, 10)      # 4H making, not vulnerable
420
>>> score(3, "N", 1, True, 7)        # 3NT doubled, vulnerable, two down
-500
>>> Contract.parse("6SXX").score(vulnerable=True, tricks=12)
2070
>>> score_ns(Contract.parse("4H"), declarer=1, vulnerable="all", tricks=10)
-620
"""

from __future__ import annotations

from dataclasses import dataclass

from ..boards import is_vulnerable
from ..cards import BridgeError, STRAIN_LETTERS
from ..calls import bid_level, bid_strain, parse_call

__all__ = ["score", "Contract", "score_ns", "LAW"]

LAW = "77"

# Law 77, as integers: per-trick value indexed by strain C D H S N (first NT trick +10)
_TRICK_VALUE = (20, 20, 30, 30, 30)


def score(level: int, strain: int | str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """The declaring side's score for ``level``/``strain`` contract taking ``tricks`` tricks.

    ``strain`` is 0..4 (``C D H S N``) or its letter; ``doubled`` is 0, 1 (doubled)
    or 2 (redoubled).  Every figure is Law 77's.
    """
    if isinstance(strain, str):
        strain = STRAIN_LETTERS.index(strain[0].upper())
    if not 1 <= level <= 7 or not 0 <= doubled <= 2 or not 0 <= tricks <= 13:
        raise BridgeError(f"no Law 77 score for level {level}, doubled {doubled}, {tricks} tricks")
    need = level + 6
    mult = 1 << doubled                       # x1, x2, x4
    if tricks >= need:
        trick_score = (_TRICK_VALUE[strain] * level + (10 if strain == 4 else 0)) * mult
        s = trick_score
        # game or part-score bonus: game is a trick score of 100 or more on this deal
        s += (500 if vulnerable else 300) if trick_score >= 100 else 50
        if level == 6:                        # small slam bonus
            s += 750 if vulnerable else 500
        elif level == 7:                      # grand slam bonus
            s += 1500 if vulnerable else 1000
        over = tricks - need
        if doubled == 0:
            s += over * _TRICK_VALUE[strain]
        else:
            s += over * (200 if vulnerable else 100) * doubled
            s += 50 * doubled                 # for making a doubled / redoubled contract
        return s
    down = need - tricks
    if doubled == 0:
        return -down * (100 if vulnerable else 50)
    if vulnerable:
        pen = 200 + 300 * (down - 1)
    else:
        pen = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return -pen * doubled


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level 1-7, strain 0..4 and doubling 0..2.

    ``Contract.parse("4HX")``; ``str()`` gives the same notation.  A passed-out
    board has no contract (``None``).
    """
    level: int
    strain: int
    doubled: int = 0

    @classmethod
    def parse(cls, text: str) -> "Contract":
        t = text.strip().upper().replace("NT", "N")
        dbl = 0
        if t.endswith("XX") or t.endswith("R"):
            dbl = 2
            t = t[:-2] if t.endswith("XX") else t[:-1]
        elif t.endswith("X"):
            dbl = 1
            t = t[:-1]
        try:
            call = parse_call(t)
        except BridgeError:
            raise BridgeError(f"unknown contract {text!r} (expected like 4H, 3NX or 6SXX)") from None
        if call < 3 or bid_level(call) > 7:
            raise BridgeError(f"unknown contract {text!r} (expected like 4H, 3NX or 6SXX)")
        return cls(bid_level(call), bid_strain(call), dbl)

    def __str__(self) -> str:
        return f"{self.level}{STRAIN_LETTERS[self.strain]}{('', 'X', 'XX')[self.doubled]}"

    def score(self, vulnerable: bool, tricks: int) -> int:
        return score(self.level, self.strain, self.doubled, vulnerable, tricks)


def score_ns(contract: Contract | None, declarer: int | None, vulnerable: str, tricks: int | None) -> int:
    """North-South's score: ``tricks`` taken by the declarer's side; 0 if passed out (Law 22B)."""
    if contract is None:
        return 0
    s = contract.score(is_vulnerable(vulnerable, declarer), tricks)
    return s if declarer & 1 == 0 else -s
