"""Deal numbers: every deal of the pack has a number, and every number a deal.

There are ``D = 52! / (13!)^4 = 53,644,737,765,488,792,839,237,440,000`` deals.
Richard Pavlicek's numbering (rpbridge.net, article 7Z68, "Mapping Bridge
Deals") gives each one a number from 0 to D-1: take the cards in the order
AS KS ... 2S AH ... 2C and write down, for each card, the seat that holds it
(N, E, S, W); the number of the deal is the rank of that string of 52 seat
letters among all such strings with thirteen of each letter, in alphabetical
order N < E < S < W.  So deal 0 gives North all the spades, East the hearts,
South the diamonds and West the clubs, and deal D-1 the other way round.

The computation is Pavlicek's: for each card, the deals still possible (K)
split into four blocks, one per seat, in proportion to the cards that seat
still lacks; the number falls into one of the blocks.

>>> from bridgelaws.deals.dealnumber import deal_of_number, deal_number, DEAL_COUNT
>>> deal_of_number(0).to_pbn()
'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'
>>> deal_of_number(DEAL_COUNT - 1).to_pbn()
'N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...'
>>> deal_number(deal_of_number(12345678901234567890123456789))
12345678901234567890123456789
"""

from __future__ import annotations

from math import factorial

from ..cards import BridgeError, Deal, SEAT_NAMES

__all__ = ["DEAL_COUNT", "DEAL_NUMBER_DIGITS", "deal_number", "deal_of_number",
           "parse_deal_number", "PAVLICEK_ORDER"]

#: the number of different deals: 52! / (13!)^4
DEAL_COUNT = factorial(52) // factorial(13) ** 4
#: the numbers 0 .. DEAL_COUNT - 1 have at most this many digits
DEAL_NUMBER_DIGITS = len(str(DEAL_COUNT - 1))

#: the cards (bridgelaws numbers, suit * 13 + rank) in Pavlicek's order: AS KS ... 2S AH ... 2C
PAVLICEK_ORDER = tuple(suit * 13 + rank for suit in (3, 2, 1, 0) for rank in range(12, -1, -1))
_BITS = tuple(1 << card for card in PAVLICEK_ORDER)


def deal_of_number(number: int) -> Deal:
    """The deal whose Pavlicek number is ``number`` (0 to ``DEAL_COUNT - 1``)."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise BridgeError(f"deal number {number!r} is not a whole number")
    if not 0 <= number < DEAL_COUNT:
        raise BridgeError(f"deal number {number} is outside 0 to {DEAL_COUNT - 1}")
    i = number
    k = DEAL_COUNT
    c = 52
    n0 = n1 = n2 = n3 = 13
    h0 = h1 = h2 = h3 = 0
    for bit in _BITS:
        x = k * n0 // c
        if i < x:
            n0 -= 1
            h0 |= bit
        else:
            i -= x
            x = k * n1 // c
            if i < x:
                n1 -= 1
                h1 |= bit
            else:
                i -= x
                x = k * n2 // c
                if i < x:
                    n2 -= 1
                    h2 |= bit
                else:
                    i -= x
                    x = k * n3 // c
                    n3 -= 1
                    h3 |= bit
        k = x
        c -= 1
    return Deal((h0, h1, h2, h3))


def deal_number(deal: Deal) -> int:
    """The Pavlicek number of a complete deal (Law 7B1: four hands of 13 cards)."""
    hands = deal.hands
    for seat, hand in enumerate(hands):
        if hand.bit_count() != 13:
            raise BridgeError(f"only a complete deal has a number: the hand of "
                              f"{SEAT_NAMES[seat]} has {hand.bit_count()} cards, not 13 (Law 7B1)")
    h0, h1, h2 = hands[0], hands[1], hands[2]
    i = 0
    k = DEAL_COUNT
    c = 52
    n0 = n1 = n2 = n3 = 13
    for bit in _BITS:
        x = k * n0 // c
        if h0 & bit:
            n0 -= 1
        else:
            i += x
            x = k * n1 // c
            if h1 & bit:
                n1 -= 1
            else:
                i += x
                x = k * n2 // c
                if h2 & bit:
                    n2 -= 1
                else:
                    i += x
                    x = k * n3 // c
                    n3 -= 1
        k = x
        c -= 1
    return i


def parse_deal_number(text: str) -> int:
    """A deal number as typed: digits, optionally grouped with commas, spaces or underscores.

    >>> parse_deal_number("53,644,737,765,488,792,839,237,439,999") == DEAL_COUNT - 1
    True
    """
    cleaned = str(text).strip().replace(",", "").replace("_", "").replace(" ", "")
    if not cleaned.isascii() or not cleaned.isdigit():
        raise BridgeError(f"{text!r} is not a deal number (digits from 0 to {DEAL_COUNT - 1})")
    # too many digits is too large, said before int() (which refuses over 4,300 digits)
    digits = cleaned.lstrip("0") or "0"
    if len(digits) > len(str(DEAL_COUNT)) or int(digits) >= DEAL_COUNT:
        raise BridgeError(f"deal number {digits} is outside 0 to {DEAL_COUNT - 1}")
    return int(digits)
