"""Dummy and designations: Laws 42-47.

:class:`DummyLaws` holds the hooks of an edition for this family, each with the 2017
answer: dummy's rights and limitations (42B2, 43A, 43B2a), a play dummy suggested (45F),
declarer's incomplete designation of dummy's card (46B), the change of a designation
(45C4b) or of a card dummy played unasked (45D), and cards played on a mistaken
explanation (47E2).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import BridgeError, SUIT_LETTERS, SUIT_MASKS, cards_of, mask_of, parse_card
from ..events import Choose
from .consequences import Cite, Consequence, Flag, LeadFrom, Refuse, ReplayDuty
from .protocol import TableView
from .ruling import Decision, Irregularity, Ruling

__all__ = ["DummyLaws", "Designation", "card_value"]

RANKS = "23456789TJQKA"


def card_value(card: int, led: int, trump: int) -> int:
    """The card's power in a trick led in ``led`` (Laws 44E, 44F): higher wins; -1 for
    a discard."""
    suit = card // 13
    return 26 + card % 13 if suit == trump else 13 + card % 13 if suit == led else -1


@dataclass(frozen=True, slots=True)
class Designation:
    """What a designation names: ``card`` with its ``law``, or a choice (``by`` names one
    of ``allowed`` under ``law``)."""
    law: str
    card: int | None = None
    by: int | None = None
    allowed: int = 0


class DummyLaws:
    """The hooks of dummy and designations (Laws 42-47), answered as in 2017."""

    def designation(self, table: TableView, words: str) -> Designation | Refuse:
        """Law 46B: declarer's incomplete designation of dummy's card (unless his other
        intent is beyond doubt): "high" the highest of the suit led (B1a), "win" the
        lowest that would win the trick (B1b), "low" the lowest (B1c); a suit alone, its
        lowest card (B2); a rank alone, that card of the suit of dummy's last winning
        lead when dummy leads (B3a), or of the one suit where it is legal, declarer
        choosing if several (B3b); a card not in dummy: declarer names any legal card
        (B4); "play anything": either defender designates (B5)."""
        seat = table.dummy
        assert seat is not None and table.declarer is not None
        said = words.strip().upper()
        hand = table.hands[seat]
        legal = table.legal_cards_mask()
        trick = table.trick
        led = trick[0] // 13 if trick else None

        def in_suit(suit: int) -> list[int]:
            return list(cards_of(hand & SUIT_MASKS[suit]))

        if said in ("HIGH", "LOW", "WIN"):
            if led is None or not hand & SUIT_MASKS[led]:
                return Refuse(f"'{words}' names no card: dummy is leading or void in the suit "
                              "led; declarer must name the card", "designation.no_card",
                              (("words", words),))
            suit_cards = in_suit(led)
            if said == "HIGH":
                return Designation("46B1a", suit_cards[-1])
            if said == "LOW":
                return Designation("46B1c", suit_cards[0])
            best = max(card_value(c, led, table.trump) for c in trick if c >= 0)
            winners = [c for c in suit_cards if card_value(c, led, table.trump) > best]
            return Designation("46B1b", winners[0] if winners else suit_cards[0])
        if said in SUIT_LETTERS and len(said) == 1:
            suit_cards = in_suit(SUIT_LETTERS.index(said))
            if not suit_cards:
                return Refuse(f"dummy holds no {said}", "designation.no_suit",
                              (("suits", said),))
            return Designation("46B2", suit_cards[0])
        if len(said) == 1 and said in RANKS:
            r = RANKS.index(said)
            held = [s * 13 + r for s in range(4) if hand >> (s * 13 + r) & 1]
            tricks = table.tricks
            if led is None and tricks and tricks[-1][2] == seat:
                won_suit = tricks[-1][1][(seat - tricks[-1][0]) & 3] // 13
                if hand >> (won_suit * 13 + r) & 1:
                    return Designation("46B3a", won_suit * 13 + r)
            lawful = [c for c in held if legal >> c & 1]
            if len(lawful) == 1:
                return Designation("46B3b", lawful[0])
            if lawful:
                return Designation("46B3b", by=table.declarer, allowed=mask_of(lawful))
            return Refuse(f"dummy holds no legal card of rank {said}", "designation.no_rank",
                          (("rank", "10" if said == "T" else said),))
        if said == "ANY":
            return Designation("46B5", by=(seat + 1) & 3, allowed=legal)
        try:
            named = parse_card(said)
        except BridgeError:
            return Refuse(f"'{words}' is no designation (high, low, win, a suit, a rank, a "
                          "card or any)", "designation.unknown", (("words", words),))
        if hand >> named & 1:
            return Designation("45C4a", named)
        return Designation("46B4", by=table.declarer, allowed=legal)

    def incomplete_designation(self, table: TableView, irr: Irregularity,
                               designation: Designation) -> Ruling:
        """Law 46B3b, 46B4, 46B5: the player the law names chooses dummy's card."""
        assert designation.by is not None
        return Ruling(irr, ("46",), Decision(designation.by, ("designate",), (designation.law,),
                                             cards=tuple(sorted(cards_of(designation.allowed),
                                                                reverse=True))))

    def dummy_card_changed(self, table: TableView, reason: str, declarer_played_since: bool,
                           both_sides_played_after: bool) -> Cite | Refuse:
        """Law 45C4b: declarer changes an unintended designation of dummy's card, before
        he plays again from either hand.  Law 45D: dummy played a card declarer did not
        name; it is withdrawn if each side has not yet played to the next trick."""
        law = "45C4b" if reason == "unintended" else "45D"
        if law == "45C4b" and declarer_played_since:
            return Refuse("too late for Law 45C4b: declarer has played again since",
                          "dummy_change.45C4b")
        if law == "45D" and both_sides_played_after:
            return Refuse("too late for Law 45D: each side has played to the next trick; "
                          "the card stands", "dummy_change.45D")
        return Cite(law)

    def cards_after_dummy_change(self, table: TableView,
                                 taken: list[tuple[int, int]]) -> list[Consequence]:
        """Laws 45D, 47D: after dummy's card is changed, the cards played after it come
        back (``taken``, dummy's own excepted): a defender may play another (47D; what he
        saw is authorised to his side only, 16C1), declarer plays his again unless his
        RHO changed (45D)."""
        assert table.declarer is not None
        # 16C: what the defenders saw is authorised to them, unauthorised to declarer's
        # side, whose irregularity it was
        ops: list[Consequence] = [Flag("UI", "16C", table.declarer)]
        for seat, card in taken:
            if seat == table.declarer:
                ops.append(ReplayDuty(seat, card, "45D", False))
            else:
                ops.append(ReplayDuty(seat, card, "47D", True))
        return ops

    def dummy_broke_limits(self, table: TableView) -> list[Consequence]:
        """Law 43A2: dummy swapped hands with declarer, left his seat to watch declarer's
        play or looked at a defender's hand; 43B2 and 43B3 follow from it."""
        return [Cite("43A2"), Flag("ProceduralPenalty", "43A2")]

    def dummy_played(self, table: TableView) -> list[Consequence]:
        """Law 45F: dummy touched or pointed at a card without declarer's instruction (or
        played one of its own accord): play goes on, the Director may adjust if it
        suggested declarer's play; a defender's premature play that follows it in this
        trick is not rectified (57C2)."""
        return [Cite("45F"), Flag("Review45F", "45F")]

    def dummy_warns(self, table: TableView, irr: Irregularity,
                    limits_broken: bool) -> Ruling | list[Consequence]:
        """Dummy warns declarer against leading from the wrong hand: allowed (42B2), but
        after dummy broke 43A2 either defender chooses the hand declarer leads from
        (43B2a: the ruling on ``irr``)."""
        if not limits_broken:
            return [Cite("42B2")]
        assert table.declarer is not None
        return Ruling(irr, ("43B2a",), Decision((table.declarer + 1) & 3,
                                                ("declarer_hand", "dummy_hand"),
                                                ("43B2a", "43B2a")))

    def wrong_hand_chosen(self, table: TableView, ruling: Ruling,
                          choice: Choose) -> list[Consequence]:
        """Law 43B2a: the defender names the hand declarer leads from."""
        assert ruling.decision is not None
        hand = table.declarer if choice.option == "declarer_hand" else table.dummy
        assert hand is not None
        return [Cite(ruling.decision.laws[0]), LeadFrom(hand)]

    def misinformed_play(self, table: TableView, seat: int, may_withdraw: bool) -> list[Consequence]:
        """Law 47E2: a card played on a mistaken explanation may be withdrawn, before a
        corrected explanation, if no card has been played to the trick after it (47E2a);
        the opening lead not once dummy has faced a card.  Too late: the Director may
        adjust (47E2b)."""
        if not may_withdraw:
            return [Cite("47E2b"), Flag("Review47E2b", "47E2b", seat)]
        # 16C: the card withdrawn is unauthorised information to the side that misinformed
        return [Cite("47E2a"), Flag("UI", "16C", (seat + 1) & 3)]
