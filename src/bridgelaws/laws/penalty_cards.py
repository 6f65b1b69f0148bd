"""Exposed cards and penalty cards: Laws 48-52.

:class:`PenaltyCardLaws` holds the hooks of an edition for this family, each with the
2017 answer: declarer's exposed cards (48), a defender's (49, 50B), the duty to play a
penalty card (50C, 50D1), declarer's lead options when the partner of a defender with
a major penalty card has the lead (50D2, 51B), the designation among several (51A),
and a penalty card not played (52).
"""

from __future__ import annotations

from ..cards import SUIT_LETTERS, card_name, cards_of, parse_card
from ..events import Choose
from .consequences import (Cite, Consequence, Flag, LeadRestriction, MustPlay, PenaltyCard,
                           PickUpPenaltyCards, PlayAccepted, PlayInstead, Refuse)
from .protocol import TableView
from .ruling import Decision, Irregularity, Ruling

__all__ = ["PenaltyCardLaws"]


class PenaltyCardLaws:
    """The hooks of exposed and penalty cards (Laws 48-52), answered as in 2017."""

    def card_exposed_by_declarer(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 48A: declarer's exposed cards are never penalty cards; he need not play one."""
        return Ruling(irr, ("48A",), None, consequences={"now": [Cite("48A")]})

    def card_exposed_by_defender(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 49: a defender's card exposed where partner could see its face, or named as
        held, becomes a penalty card.  Law 50B: a single card below an honour exposed
        inadvertently is a minor penalty card; an honour, or a card exposed deliberately,
        is major; and a defender with two or more penalty cards has only major ones."""
        o, card = irr.by, irr.facts["_card"]
        major = card % 13 >= 8 or irr.facts.get("_deliberate", False)
        return Ruling(irr, ("49",), None, consequences={
            "now": [Cite("49"), Cite("50B"), PenaltyCard(o, card, major)]})

    def several_penalty_cards_law(self) -> str | None:
        """Law 50B: a defender with two or more penalty cards has only major ones (the
        law cited when a minor one becomes major); ``None`` where an edition grades
        each card alone."""
        return "50B"

    def penalty_card_duty(self, table: TableView, seat: int, base: int) -> int:
        """Law 50D1: a major penalty card is played at the first legal opportunity
        (following suit comes first, 50D1b; declarer names which of several, 51A).
        Law 50C: before a minor penalty card is played, no other card below an honour
        of its suit may be played.  ``base`` are the cards otherwise legal; returns the
        cards ``seat`` may play."""
        major = minor = 0
        for c in table.penalty_cards[seat]:
            bit = 1 << parse_card(c["card"])
            if c["major"]:
                major |= bit
            else:
                minor |= bit
        if base & major:
            return base & major
        for card in cards_of(minor):
            # the other cards of that suit below an honour (two to nine)
            small = (0xFF << (13 * (card // 13))) & ~(1 << card)
            if base & ~small:
                base &= ~small
        return base

    def lead_before_declarer_chose(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 50D2: the partner of a defender with a major penalty card may not lead until
        declarer has chosen; a card he leads sooner is rectified under Law 49 (a penalty
        card, major because it was played deliberately, 50B).  Declarer's choice is still
        to make."""
        return Ruling(irr, ("50D2", "49"), None, consequences={
            "now": [Cite("50D2"), Cite("49"), PenaltyCard(irr.by, irr.facts["_card"], True)]})

    def penalty_card_lead(self, table: TableView, holder: int) -> Ruling:
        """Laws 50D2 and 51B: the partner of a defender with a major penalty card obtains
        the lead.  Declarer may require the lead of a penalty card's suit or forbid it
        (for as long as that defender keeps the lead), and the penalty cards of that suit
        are picked up; or make no demand, and the penalty cards stay.

        * one penalty card: 50D2a (require or forbid), 50D2b (no demand);
        * two or more in one suit: 51B1a (require), 51B1b (forbid), 50D2b (no demand);
        * in several suits: 51B2a (require one of them), 51B2b (forbid one or more:
          ``suits``), 51B2c (no demand).
        """
        cards = [c for c in table.penalty_cards.get(holder, ()) if c["major"]]
        suits = {c["card"][0] for c in cards}
        if len(cards) == 1:
            laws = ("50D2a", "50D2a", "50D2b")
        elif len(suits) == 1:
            laws = ("51B1a", "51B1b", "50D2b")
        else:
            laws = ("51B2a", "51B2b", "51B2c")
        family = "50D2" if len(cards) == 1 else "51B"
        irr = Irregularity("penalty_card_lead", holder, len(table.events), (family,),
                           {"_leader": (holder + 2) & 3})
        assert table.declarer is not None
        # the lawful values: the suits of the major penalty cards (50D2a, 51B1, 51B2a);
        # several of them may be forbidden at once (51B2b)
        lawful = tuple(sorted((SUIT_LETTERS.index(s) for s in suits), reverse=True))
        return Ruling(irr, (family,), Decision(table.declarer,
                                               ("require_suit", "forbid_suit", "no_restriction"),
                                               laws, suits=lawful,
                                               several=("forbid_suit",) if len(suits) > 1
                                               else ()), consequences={})

    def penalty_card_lead_chosen(self, table: TableView, ruling: Ruling,
                                 choice: Choose) -> list[Consequence]:
        """Laws 50D2 and 51B: declarer requires the lead of one suit of the major penalty
        cards or forbids it (several suits may be forbidden at once when the cards lie in
        several suits, 51B2b); the penalty cards of the suits named are picked up, and
        with two or more penalty cards the holder may play any legal card to this trick
        (51B1, 51B2).  Or declarer makes no demand, and the cards stay (50D2b, 51B2c)."""
        option = choice.option
        named = list(choice.suits) if choice.suits else \
            [choice.suit] if choice.suit is not None else []
        holder = ruling.irregularity.by
        leader = (holder + 2) & 3
        assert ruling.decision is not None
        major = [c for c in table.penalty_cards.get(holder, []) if c["major"]]
        suits = sorted({SUIT_LETTERS.index(c["card"][0]) for c in major})
        law = dict(zip(ruling.decision.options, ruling.decision.laws))[option]
        ops: list[Consequence] = []
        if option != "no_restriction":
            several = option == "forbid_suit" and len(suits) > 1
            if not named or any(x not in suits for x in named) or len(set(named)) != len(named) \
                    or (len(named) > 1 and not several):
                how = "one or more of" if several else "one of"
                return [Refuse(f"Law {law}: declarer names {how} the suits of the major "
                               "penalty cards: " + ", ".join(SUIT_LETTERS[x] for x in suits),
                               "penalty_lead.several" if several else "penalty_lead.one",
                               (("law", law),
                                ("suits", "".join(SUIT_LETTERS[x] for x in suits))))]
            ops.append(PickUpPenaltyCards(holder, tuple(named), len(major) > 1))
            # 50E2: the cards picked up are unauthorised information to the holder's
            # partner (16C), authorised to declarer
            ops.append(Flag("UI_card", "50E2", holder))
            if option == "require_suit":
                ops.append(LeadRestriction(leader, law, require=named[0]))
            else:
                ops.append(LeadRestriction(leader, law, forbid=tuple(named)))
        ops.append(Cite(law))
        return ops

    def designate_penalty_card(self, table: TableView, holder: int, must: int) -> Ruling:
        """Law 51A: a defender who must play one of two or more major penalty cards plays
        the one declarer designates."""
        irr = Irregularity("designate_penalty_card", holder, len(table.events), ("51A",),
                           {"_must": must})
        assert table.declarer is not None
        return Ruling(irr, ("51A",), Decision(table.declarer, ("designate",), ("51A",),
                                              cards=tuple(sorted(cards_of(must), reverse=True))),
                      consequences={})

    def penalty_card_designated(self, table: TableView, ruling: Ruling,
                                choice: Choose) -> list[Consequence]:
        """Law 51A: the card declarer designates is played at the defender's turn."""
        card = choice.card
        must = ruling.irregularity.facts["_must"]
        if card is None or not must >> card & 1:
            return [Refuse("Law 51A: declarer designates one of the penalty cards "
                           + ", ".join(card_name(c) for c in cards_of(must)),
                           "designate.51A", (("cards", must),))]
        return [Cite("51A"), MustPlay(ruling.irregularity.by, card)]

    def penalty_card_not_played(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 52: a defender plays another card when a major penalty card had to be
        played.  Declarer may accept the card played (52B1a; the penalty card stays,
        52B1c), and must accept it once he has played after it from either hand (52B1b);
        or require the penalty card to be played instead (52B2): the card played then
        becomes a major penalty card."""
        o, card, must = irr.by, irr.facts["_card"], irr.facts["_must"]
        assert table.declarer is not None
        return Ruling(irr, ("52",), Decision(table.declarer, ("accept", "reject"),
                                             ("52B1a", "52B2")),
                      consequences={
                          "accept": [Cite("52B1a"), Cite("52B1c"), PlayAccepted(o, card)],
                          "reject": [Cite("52B2"), PlayInstead(o, card, must)],
                      })
