"""Play of the cards: following suit and the winner of a trick (Laws 44, 65-66).

Cards are integers 0..51 (``suit * 13 + rank``) and a hand is a bit mask.

>>> from bridgelaws.play import trick_winner, playable
>>> from bridgelaws.cards import parse_card, mask_of, cards_of, card_name
>>> cards = [parse_card(c) for c in ("HK", "HA", "S2", "H3")]
>>> trick_winner(cards, leader=0, trump=-1)      # no trumps: the ace of hearts, by E
1
>>> trick_winner(cards, leader=0, trump=3)       # spades trumps: S2 ruffs, by S
2
>>> hand = mask_of(parse_card(c) for c in ("SA", "H2", "C3"))
>>> [card_name(c) for c in cards_of(playable(hand, led_suit=2))]   # must follow (44C)
['H2']
"""

from __future__ import annotations

from .cards import SUIT_MASKS

__all__ = ["trick_winner", "playable", "NO_TRUMP"]

#: the trump suit of a notrump contract
NO_TRUMP = -1


def playable(hand: int, led_suit: int | None) -> int:
    """The cards of ``hand`` that may be played to a trick led in ``led_suit``.

    Law 44C: a player must follow suit if able; otherwise (44D) any card.
    ``led_suit=None`` is a lead: any card (44A).
    """
    if led_suit is None:
        return hand
    follow = hand & SUIT_MASKS[led_suit]
    return follow if follow else hand


def trick_winner(cards, leader: int, trump: int) -> int:
    """The seat that wins a trick of four ``cards`` played in rotation from ``leader``.

    Law 44E: the highest trump wins a trick containing trumps; 44F: otherwise the
    highest card of the suit led.
    """
    led = cards[0] // 13
    best_i = 0
    best = 13 + cards[0] % 13 + (13 if led == trump else 0)
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == trump:
            v = 26 + c % 13
        elif s == led:
            v = 13 + c % 13
        else:
            continue
        if v > best:
            best, best_i = v, i
    return (leader + best_i) & 3
