"""Several cards played at once and defective tricks: Laws 58 and 65-67.

:class:`TrickLaws` holds the hooks of an edition for this family, each with the 2017
answer: two or more cards played together (58B), and attention to a trick with a card
missing or a card too many (67A before each side has played to the next trick, 67B
after).  The table keeps the defects' bookkeeping (which trick, which cards).
"""

from __future__ import annotations

from ..cards import SEAT_NAMES, SUIT_LETTERS, SUIT_MASKS, cards_of
from .consequences import Cite, Consequence, DeemedRevoke, Refuse
from .protocol import TableView
from .ruling import Decision, Irregularity, Ruling

__all__ = ["TrickLaws"]


class TrickLaws:
    """The hooks of several cards and defective tricks (Laws 58, 67), answered as in 2017."""

    def several_cards_played(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 58B2: two or more cards played together with their faces visible: the
        player names the one he plays; a defender's other visible cards become penalty
        cards (a single small one inadvertently shown is minor, Law 50B)."""
        return Ruling(irr, ("58B2",), Decision(irr.by, ("designate",), ("58B2",),
                                               cards=_visible(irr)))

    def one_card_visible(self, table: TableView) -> list[Consequence]:
        """Law 58B1: of cards played together only one face was seen: it is played and the
        others go back, with no rectification."""
        return [Cite("58B1")]

    def omitted_card(self, table: TableView, irr: Irregularity, late: bool) -> Ruling:
        """Law 67: attention to a trick with a card missing.  The offender supplies a card:
        before each side has played to the next trick, legally, and the trick counts as
        played (67A1); later, a card placed among his played cards (67B1)."""
        # the lawful values: a card of his hand, of the suit led if he holds it
        hand = table.hands[irr.by]
        led = table.trick_cards(irr.facts["_trick"])[0] // 13
        if hand & SUIT_MASKS[led]:
            hand &= SUIT_MASKS[led]
        return Ruling(irr, ("67",), Decision(irr.by, ("designate",), ("67B1" if late else "67A1",),
                                             cards=tuple(sorted(cards_of(hand), reverse=True))))

    def surplus_cards_seen(self, table: TableView, irr: Irregularity) -> Ruling:
        """Laws 67A2 and 58B2: a surplus card in a trick, both faces seen, found before
        each side has played to the next trick: the offender names the card he played;
        a defender's other card is a penalty card."""
        return Ruling(irr, ("58B2",), Decision(irr.by, ("designate",), ("58B2",),
                                               cards=_visible(irr)))

    def surplus_card_law(self, late: bool) -> str:
        """Law 67: a surplus card goes back to the hand: before each side has played to
        the next trick (67A2) or, later, deemed held throughout, so that failing to play
        it since may be a revoke (67B2)."""
        return "67B2" if late else "67A2"

    def omitted_card_supplied(self, table: TableView, seat: int, n: int, card: int | None,
                              late: bool) -> list[Consequence]:
        """Law 67: the card ``seat`` supplies to trick ``n``: one of his hand, of the suit
        led if he holds it.  Before each side has played to the next trick the trick is
        completed (67A1, its winner as the cards say); later it stays with its winner and
        he is deemed to have revoked: one trick is transferred as under 64A2 (67B1)."""
        cards = table.trick_cards(n)
        led = cards[0] // 13
        if card is None or not table.hands[seat] >> card & 1:
            return [Refuse(f"Law 67: {SEAT_NAMES[seat]} names a card of his hand",
                           "defective_trick.card", (("seat", seat),))]
        if card // 13 != led and table.hands[seat] & SUIT_MASKS[led]:
            return [Refuse(f"Law 67: {SEAT_NAMES[seat]} holds {SUIT_LETTERS[led]} and must "
                           "supply a card of the suit led", "defective_trick.follow",
                           (("seat", seat), ("suits", SUIT_LETTERS[led])))]
        if late and n <= len(table.tricks):
            return [DeemedRevoke(seat, n, card, led), Cite("67B1")]
        return [Cite("67A1")]


def _visible(irr: Irregularity) -> tuple[int, ...]:
    """Law 58B2: the cards played together whose faces were seen: the offender names
    the one he played among them (the lawful values of ``designate``)."""
    return tuple(sorted(cards_of(irr.facts["_visible"]), reverse=True))
