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

__all__ = ["score", "Contract", "score_ns", "result_to_endplay", "result_from_endplay", "LAW"]

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

    def to_endplay(self, declarer: int | str = 0, tricks: int | None = None):
        """This contract as endplay's ``Contract``, which also carries the declarer (North
        unless given) and the result against the contract (made exactly unless ``tricks``,
        the declarer's side's tricks, are given).

        >>> str(Contract.parse("4HX").to_endplay("W", tricks=8)).replace("\u2665", "H")
        '4HWx-2'
        """
        return result_to_endplay(self, declarer, self.level + 6 if tricks is None else tricks)

    @classmethod
    def from_endplay(cls, contract) -> "Contract | None":
        """endplay's ``Contract`` as level, strain and doubling; ``None`` for a passed-out
        board, as everywhere in bridgelaws.  Its declarer and result: :func:`result_from_endplay`.

        >>> from endplay.types import Contract as EndplayContract
        >>> str(Contract.from_endplay(EndplayContract("3NTSxx+1"))), Contract.from_endplay(EndplayContract("Pass"))
        ('3NXX', None)
        """
        return result_from_endplay(contract)[0]


# endplay's Penalty (passed 1, doubled 2, redoubled 4) is 1 << doubled


def result_to_endplay(contract: Contract | None, declarer: int | str | None = None,
                      tricks: int | None = None):
    """A table result (the contract, its declarer and the tricks his side took) as endplay's
    ``Contract``, which holds all three; ``None`` (passed out, Law 22B) is endplay's passout.

    >>> str(result_to_endplay(Contract.parse("6SXX"), "E", 13)).replace("\u2660", "S")
    '6SExx+1'
    >>> result_to_endplay(None).is_passout()
    True
    """
    from endplay.types import Contract as EndplayContract, Penalty, Player
    from ..cards import parse_seat, strain_to_endplay
    if contract is None:
        return EndplayContract(level=0)
    if not isinstance(contract, Contract):
        raise BridgeError(f"{contract!r} is not a contract")
    seat = parse_seat(declarer) if isinstance(declarer, str) else declarer
    if seat not in (0, 1, 2, 3):
        raise BridgeError(f"a contract needs its declarer (N, E, S or W), not {declarer!r}")
    if tricks is None or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise BridgeError(f"the declarer's side takes 0 to 13 tricks, not {tricks!r}")
    return EndplayContract(level=contract.level, denom=strain_to_endplay(contract.strain),
                           declarer=Player(seat), penalty=Penalty(1 << contract.doubled),
                           result=tricks - contract.level - 6)


def result_from_endplay(contract) -> tuple[Contract | None, int | None, int | None]:
    """endplay's ``Contract`` as a table result: (contract, declarer seat, tricks of the
    declarer's side); ``(None, None, None)`` when passed out.

    >>> from endplay.types import Contract as EndplayContract
    >>> c, declarer, tricks = result_from_endplay(EndplayContract("4SWx-2"))
    >>> str(c), "NESW"[declarer], tricks, score_ns(c, declarer, "EW", tricks)
    ('4SX', 'W', 8, 500)
    """
    from endplay.types import Contract as EndplayContract
    from ..cards import strain_from_endplay
    if not isinstance(contract, EndplayContract):
        raise BridgeError(f"{type(contract).__name__} is not an endplay Contract")
    if contract.is_passout():
        return None, None, None
    level, result = contract.level, contract.result
    if not 1 <= level <= 7 or not 0 <= level + 6 + result <= 13:
        raise BridgeError(f"endplay's contract {contract} is not one of Law 77's: level "
                          f"{level}, {level + 6 + result} tricks")
    doubled = {1: 0, 2: 1, 4: 2}.get(int(contract.penalty))
    if doubled is None:
        raise BridgeError(f"endplay's contract {contract} has no known penalty")
    return (Contract(level, strain_from_endplay(contract.denom), doubled),
            int(contract.declarer), level + 6 + result)


def score_ns(contract: Contract | None, declarer: int | None, vulnerable: str, tricks: int | None) -> int:
    """North-South's score: ``tricks`` taken by the declarer's side; 0 if passed out (Law 22B)."""
    if contract is None:
        return 0
    s = contract.score(is_vulnerable(vulnerable, declarer), tricks)
    return s if declarer & 1 == 0 else -s
