"""Cards, seats, sides, suits and deals (Law 1).

Cards are small integers in the hot path, as squares are in python-chess:
``card = suit * 13 + rank`` with suits ``C D H S`` = 0..3 and ranks ``2..A`` =
0..12, so ``0`` is the two of clubs and ``51`` the ace of spades.  A hand is a
52-bit mask (``1 << card`` per card).  Names appear only at the edges:

>>> from bridgelaws.cards import parse_card, card_name, Deal, N
>>> card_name(parse_card("SA"))
'SA'
>>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")
>>> deal.hand_pbn(N)
'AKQ2.KQ2.A32.K32'
>>> deal.holder(parse_card("HA"))
2
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import TYPE_CHECKING, Iterable, Iterator

if TYPE_CHECKING:                       # endplay is imported only where it is used
    from endplay.types import Card as EndplayCard, Deal as EndplayDeal, Denom

__all__ = [
    "Seat", "Side", "Suit", "Strain", "N", "E", "S", "W", "SEATS", "SEAT_NAMES",
    "SUIT_LETTERS", "STRAIN_LETTERS", "RANK_LETTERS", "SUIT_MASKS", "FULL_DECK",
    "BridgeError", "parse_seat", "seat_name", "side_of", "partner", "lho", "rho",
    "parse_card", "card_name", "card_suit", "card_rank", "cards_of", "mask_of",
    "popcount", "Deal", "card_to_endplay", "card_from_endplay", "strain_to_endplay",
    "strain_from_endplay",
]


#: the longest reason an error gives: a longer one (quoting a 300,000-character line
#: of a broken file, say) keeps its two ends, cut in the middle
MESSAGE_LIMIT = 500


class BridgeError(ValueError):
    """Bad input: says where (``where``) and why (the message), in one bounded line.

    >>> len(str(BridgeError(f"unknown card {'H' + '9' * 10**5!r}", "x.lin:1")))
    508
    """

    def __init__(self, message: str, where: str | None = None):
        if len(message) > MESSAGE_LIMIT:
            half = (MESSAGE_LIMIT - 5) // 2
            message = f"{message[:half]} ... {message[-half:]}"
        self.where = where
        self.reason = message
        super().__init__(f"{where}: {message}" if where else message)


class Seat(IntEnum):
    """The four compass seats, clockwise (Law 3)."""
    N = 0
    E = 1
    S = 2
    W = 3

    def __str__(self) -> str:
        return self.name


class Side(IntEnum):
    """The two partnerships: North-South and East-West."""
    NS = 0
    EW = 1

    def __str__(self) -> str:
        return self.name


class Suit(IntEnum):
    """Suits in ascending bidding rank (Law 1B)."""
    C = 0
    D = 1
    H = 2
    S = 3


class Strain(IntEnum):
    """Denominations in ascending order (Law 18E); ``N`` is notrump."""
    C = 0
    D = 1
    H = 2
    S = 3
    N = 4


N, E, S, W = 0, 1, 2, 3
SEATS = (N, E, S, W)
SEAT_NAMES = "NESW"
SUIT_LETTERS = "CDHS"
STRAIN_LETTERS = "CDHSN"
RANK_LETTERS = "23456789TJQKA"
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1

_SEAT_ALIASES = {"N": N, "E": E, "S": S, "W": W,
                 "NORTH": N, "EAST": E, "SOUTH": S, "WEST": W}


def parse_seat(text: str) -> int:
    """``"N"`` or ``"north"`` -> 0.  Raises :class:`BridgeError` for anything else."""
    try:
        return _SEAT_ALIASES[str(text).strip().upper()]
    except KeyError:
        raise BridgeError(f"unknown seat {text!r} (expected N, E, S or W)") from None


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def side_of(seat: int) -> int:
    """0 for North-South, 1 for East-West."""
    return seat & 1


def partner(seat: int) -> int:
    return (seat + 2) & 3


def lho(seat: int) -> int:
    """Left-hand opponent: the next seat clockwise."""
    return (seat + 1) & 3


def rho(seat: int) -> int:
    """Right-hand opponent: the previous seat clockwise."""
    return (seat + 3) & 3


# --- cards -------------------------------------------------------------------

_CARD_BY_NAME: dict[str, int] = {}
CARD_NAMES: list[str] = []
for _c in range(52):
    _name = SUIT_LETTERS[_c // 13] + RANK_LETTERS[_c % 13]
    CARD_NAMES.append(_name)
    _CARD_BY_NAME[_name] = _c
    _CARD_BY_NAME[_name.lower()] = _c
    # rank "10" is accepted as well as "T"
    if _name[1] == "T":
        _CARD_BY_NAME[_name[0] + "10"] = _c
        _CARD_BY_NAME[_name[0].lower() + "10"] = _c
CARD_NAMES_T = tuple(CARD_NAMES)


def parse_card(text: str) -> int:
    """``"SA"`` (suit then rank; case-insensitive, ``10`` for ``T``) -> 51."""
    try:
        return _CARD_BY_NAME[text.strip()] if isinstance(text, str) else _bad_card(text)
    except KeyError:
        c = _CARD_BY_NAME.get(text.strip().upper())
        if c is None:
            raise BridgeError(f"unknown card {text!r} (expected suit then rank, like SA or HT)") from None
        return c


def _bad_card(text) -> int:
    raise BridgeError(f"unknown card {text!r} (expected suit then rank, like SA or HT)")


def card_name(card: int) -> str:
    return CARD_NAMES_T[card]


def card_suit(card: int) -> int:
    return card // 13


def card_rank(card: int) -> int:
    """0 for a two ... 12 for an ace."""
    return card % 13


def popcount(mask: int) -> int:
    return mask.bit_count()


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# --- endplay's types -----------------------------------------------------------
#
# endplay (the library that bundles DDS) numbers suits and strains S H D C NT = 0..4 and
# ranks as bits 0x4 (two) .. 0x4000 (ace); bridgelaws C D H S N = 0..4 and ranks 0..12.
# Its seats N E S W = 0..3 are bridgelaws' own.  endplay is imported only when used.

def strain_to_endplay(strain: int) -> "Denom":
    """A bridgelaws strain (0..4, C D H S N) as endplay's ``Denom``.

    >>> strain_to_endplay(Strain.N).name, strain_to_endplay(Strain.C).name
    ('nt', 'clubs')
    """
    from endplay.types import Denom
    return Denom(4 if strain == 4 else 3 - strain)


def strain_from_endplay(denom: "Denom") -> int:
    """endplay's ``Denom`` as a bridgelaws strain (0..4, C D H S N).

    >>> from endplay.types import Denom
    >>> STRAIN_LETTERS[strain_from_endplay(Denom.hearts)], strain_from_endplay(Denom.nt)
    ('H', 4)
    """
    d = int(denom)
    if not 0 <= d <= 4:
        raise BridgeError(f"{denom!r} is not a strain of endplay's (Denom 0..4)")
    return 4 if d == 4 else 3 - d


def card_to_endplay(card: int) -> "EndplayCard":
    """A card (0..51) as endplay's ``Card``.

    >>> c = card_to_endplay(parse_card("HT"))
    >>> c.suit.name, c.rank.name
    ('hearts', 'RT')
    """
    from endplay.types import Card, Denom, Rank
    return Card(suit=Denom(3 - card // 13), rank=Rank(4 << (card % 13)))


def card_from_endplay(card: "EndplayCard") -> int:
    """endplay's ``Card`` as a card (0..51).

    >>> from endplay.types import Card
    >>> card_name(card_from_endplay(Card("SA")))
    'SA'
    """
    try:
        suit, rank = int(card.suit), int(card.rank)
    except (AttributeError, TypeError, ValueError):
        raise BridgeError(f"{card!r} is not an endplay Card") from None
    if not 0 <= suit <= 3 or rank & (rank - 1) or not 4 <= rank <= 0x4000:
        raise BridgeError(f"{card!r} is not an endplay Card")
    return (3 - suit) * 13 + rank.bit_length() - 3


# --- deals ---------------------------------------------------------------------

@cache
def _holding_text(holding: int) -> str:
    """The ranks of a suit's 13-bit holding, highest first: ``0b1000000001001`` -> ``"A52"``."""
    return "".join(RANK_LETTERS[r] for r in range(12, -1, -1) if holding >> r & 1)


class Deal:
    """Four hands as bit masks, indexed by seat.

    A deal need not be complete (hand records of a partial deal, the endings of
    problems), but no card may be in two hands.
    """

    __slots__ = ("hands",)

    def __init__(self, hands: Iterable[int] = (0, 0, 0, 0)) -> None:
        hands = list(hands)
        if len(hands) != 4:
            raise BridgeError("a deal has four hands")
        a, b, c, d = hands
        if not (a & b or (a | b) & c or (a | b | c) & d):
            self.hands = hands                  # no card in two hands: the usual case
            return
        seen = 0
        for h in hands:
            if seen & h:
                dup = ", ".join(card_name(c) for c in cards_of(seen & h))
                raise BridgeError(f"card(s) {dup} in more than one hand")
            seen |= h
        self.hands = hands

    @classmethod
    def from_pbn(cls, text: str) -> "Deal":
        """Read PBN deal notation: ``"N:AKQ2.KQ2.A32.K32 ..."``.

        The first seat is named before the colon; hands follow clockwise, suits
        in the order S.H.D.C; ``-`` stands for an unknown hand.
        """
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise BridgeError(f"deal {text!r} does not start with a seat and a colon (like N:)")
        first = parse_seat(text[0])
        parts = text[2:].split()
        if len(parts) != 4:
            raise BridgeError(f"deal {text!r} has {len(parts)} hands, not 4")
        hands = [0, 0, 0, 0]
        for i, part in enumerate(parts):
            seat = (first + i) & 3
            if part == "-":
                continue
            suits = part.split(".")
            if len(suits) != 4:
                raise BridgeError(f"hand {part!r} of {SEAT_NAMES[seat]} does not have 4 suits")
            m = 0
            for j, holding in enumerate(suits):
                suit = 3 - j
                for ch in holding:
                    r = RANK_LETTERS.find(ch.upper())
                    if r < 0:
                        raise BridgeError(f"hand {part!r} of {SEAT_NAMES[seat]}: {ch!r} is not a rank")
                    bit = 1 << (suit * 13 + r)
                    if m & bit:
                        raise BridgeError(f"hand {part!r} of {SEAT_NAMES[seat]}: "
                                          f"{card_name(suit * 13 + r)} appears twice")
                    m |= bit
            hands[seat] = m
        return cls(hands)

    def hand_pbn(self, seat: int) -> str:
        m = self.hands[seat]
        return (f"{_holding_text(m >> 39 & 0x1FFF)}.{_holding_text(m >> 26 & 0x1FFF)}."
                f"{_holding_text(m >> 13 & 0x1FFF)}.{_holding_text(m & 0x1FFF)}")

    def to_pbn(self, first: int = N) -> str:
        return SEAT_NAMES[first] + ":" + " ".join(
            self.hand_pbn((first + i) & 3) if self.hands[(first + i) & 3] else "-"
            for i in range(4))

    def holder(self, card: int) -> int | None:
        """The seat that holds ``card``, or ``None``."""
        bit = 1 << card
        for seat in range(4):
            if self.hands[seat] & bit:
                return seat
        return None

    def is_complete(self) -> bool:
        """Four hands of 13 cards making the whole pack (Law 7B1)."""
        return all(h.bit_count() == 13 for h in self.hands) and (
            self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) == FULL_DECK

    def check_complete(self) -> None:
        a, b, c, d = self.hands
        if a.bit_count() == b.bit_count() == c.bit_count() == d.bit_count() == 13:
            return                                   # the usual case, in one test
        for seat, h in enumerate(self.hands):
            if h.bit_count() != 13:
                raise BridgeError(f"hand of {SEAT_NAMES[seat]} has {h.bit_count()} cards, not 13 (Law 7B1)")

    def copy(self) -> "Deal":
        return Deal(self.hands)

    def to_endplay(self) -> "EndplayDeal":
        """This deal as endplay's ``Deal`` (``endplay.types.Deal``), made from its PBN text
        by endplay's own reader: an empty hand stays empty.  endplay's ``first`` and
        ``trump`` are its defaults (North, notrump); set them for a position to solve.

        >>> d = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")
        >>> d.to_endplay().to_pbn() == d.to_pbn()
        True
        """
        from endplay.types import Deal as EndplayDeal
        return EndplayDeal(self.to_pbn())

    @classmethod
    def from_endplay(cls, deal: "EndplayDeal") -> "Deal":
        """endplay's ``Deal`` as a deal.  endplay keeps only the cards still held and the
        trick in progress; the cards of that trick go back to the hands that played them
        (the deal as it stood when the trick began), so no card is lost.

        >>> from endplay.types import Deal as EndplayDeal
        >>> e = EndplayDeal("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")
        >>> e.play("SA")
        >>> Deal.from_endplay(e).hand_pbn(N)
        'AKQ2.KQ2.A32.K32'
        """
        from endplay.types import Deal as EndplayDeal
        if not isinstance(deal, EndplayDeal):
            raise BridgeError(f"{type(deal).__name__} is not an endplay Deal")
        if deal.curtrick:
            deal = deal.copy()
            while deal.curtrick:
                deal.unplay(to_hand=True)
        return cls.from_pbn(deal.to_pbn())

    def __getitem__(self, seat: int) -> int:
        return self.hands[seat]

    def __eq__(self, other) -> bool:
        return isinstance(other, Deal) and self.hands == other.hands

    def __hash__(self) -> int:
        return hash(tuple(self.hands))

    def __repr__(self) -> str:
        return f"Deal({self.to_pbn()!r})"
