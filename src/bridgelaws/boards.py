"""Boards: the board number gives the dealer and the vulnerability (Law 2).

>>> from bridgelaws.boards import Board
>>> b = Board(7)
>>> b.dealer_name, b.vulnerable
('S', 'all')
>>> Board(17).vulnerable == Board(1).vulnerable
True

Markings on a physical board decide for the session even when they are wrong
(Law 2), so ``dealer`` and ``vulnerable`` may be given explicitly.
"""

from __future__ import annotations

from .cards import BridgeError, Deal, SEAT_NAMES, parse_seat

__all__ = ["VULNERABILITIES", "dealer_of", "vulnerability_of", "parse_vulnerability",
           "is_vulnerable", "Board"]

#: vulnerability names in the order of the CASES format
VULNERABILITIES = ("none", "NS", "EW", "all")
# each vulnerability: (North-South vulnerable, East-West vulnerable)
_SIDES_VULNERABLE = {"none": (False, False), "NS": (True, False), "EW": (False, True),
                     "all": (True, True)}
# Law 2: the cycle of 16 boards, as indexes into VULNERABILITIES
_VUL16 = (0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2)

# endplay's Vul (none 0, both 1, ns 2, ew 3) of each of VULNERABILITIES
_ENDPLAY_VUL = (0, 2, 3, 1)

_VUL_ALIASES = {
    "none": 0, "-": 0, "love": 0, "o": 0, "0": 0,
    "ns": 1, "n-s": 1, "n": 1,
    "ew": 2, "e-w": 2, "e": 2,
    "all": 3, "both": 3, "b": 3,
}


def dealer_of(board: int) -> int:
    """Law 2: board 1 N, 2 E, 3 S, 4 W, then again."""
    return (board - 1) % 4


def vulnerability_of(board: int) -> str:
    """Law 2: ``"none"``, ``"NS"``, ``"EW"`` or ``"all"``; the cycle repeats every 16 boards."""
    return VULNERABILITIES[_VUL16[(board - 1) % 16]]


def parse_vulnerability(text: str) -> str:
    """Accepts the CASES names and the PBN ones (``None``, ``Love``, ``NS``, ``EW``, ``All``, ``Both``)."""
    if text in VULNERABILITIES:
        return text
    try:
        return VULNERABILITIES[_VUL_ALIASES[str(text).strip().lower()]]
    except KeyError:
        raise BridgeError(f"unknown vulnerability {text!r} (expected none, NS, EW or all)") from None


def is_vulnerable(vulnerable: str, seat: int) -> bool:
    """Whether ``seat``'s side is vulnerable."""
    try:
        return _SIDES_VULNERABLE[vulnerable][seat & 1]
    except KeyError:
        raise ValueError(f"{vulnerable!r} is not one of {VULNERABILITIES}") from None


class Board:
    """A board: its number, the dealer, the vulnerability and (usually) the deal."""

    __slots__ = ("number", "dealer", "vulnerable", "deal")

    def __init__(self, number: int | None = None, deal: Deal | None = None, *,
                 dealer: int | str | None = None, vulnerable: str | None = None):
        if number is not None and (not isinstance(number, int) or number < 1):
            raise BridgeError(f"board number {number!r} is not a positive whole number")
        if dealer is None:
            if number is None:
                raise BridgeError("a board needs a number or an explicit dealer")
            dealer = dealer_of(number)
        elif isinstance(dealer, str):
            dealer = parse_seat(dealer)
        if vulnerable is None:
            if number is None:
                raise BridgeError("a board needs a number or an explicit vulnerability")
            vulnerable = vulnerability_of(number)
        else:
            vulnerable = parse_vulnerability(vulnerable)
        self.number = number
        self.dealer = dealer
        self.vulnerable = vulnerable
        self.deal = deal

    @property
    def dealer_name(self) -> str:
        return SEAT_NAMES[self.dealer]

    def vulnerable_seat(self, seat: int) -> bool:
        return is_vulnerable(self.vulnerable, seat)

    def to_endplay(self):
        """This board as endplay's ``Board``: the number, the dealer and the vulnerability
        (given explicitly, as a board's markings decide, Law 2) and the deal (an empty
        endplay ``Deal`` when the board has none).

        >>> e = Board(7, Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 "
        ...                             "J76.A8765.T98.A4 543.43.7654.8765")).to_endplay()
        >>> e.board_num, e.dealer.name, e.vul.name
        (7, 'south', 'both')
        """
        from endplay.types import Board as EndplayBoard, Deal as EndplayDeal, Player, Vul
        deal = self.deal.to_endplay() if self.deal is not None else EndplayDeal()
        return EndplayBoard(deal, board_num=self.number, dealer=Player(self.dealer),
                            vul=Vul(_ENDPLAY_VUL[VULNERABILITIES.index(self.vulnerable)]))

    @classmethod
    def from_endplay(cls, board) -> "Board":
        """endplay's ``Board`` as a board: its number, dealer and vulnerability (endplay
        derives the last two from the number when they are not given, as Law 2 does) and
        its deal (none when endplay's holds no card).  The auction, play and contract an
        endplay board may carry are not a board's: read them from endplay's board itself.

        >>> from endplay.types import Board as EndplayBoard
        >>> b = Board.from_endplay(EndplayBoard(board_num=2))
        >>> b.number, b.dealer_name, b.vulnerable, b.deal
        (2, 'E', 'NS', None)
        """
        from endplay.types import Board as EndplayBoard
        if not isinstance(board, EndplayBoard):
            raise BridgeError(f"{type(board).__name__} is not an endplay Board")
        number = board.board_num
        where = f"board {number}" if number is not None else "endplay board"
        if board.dealer is None or board.vul is None:
            raise BridgeError("the board has neither a number nor a dealer and vulnerability",
                              where)
        deal = Deal.from_endplay(board.deal)
        try:
            return cls(number, deal if any(deal.hands) else None, dealer=int(board.dealer),
                       vulnerable=VULNERABILITIES[_ENDPLAY_VUL.index(int(board.vul))])
        except BridgeError as e:
            raise BridgeError(e.reason, where) from None

    def __repr__(self) -> str:
        return (f"Board({self.number!r}, dealer={self.dealer_name!r}, "
                f"vulnerable={self.vulnerable!r})")
