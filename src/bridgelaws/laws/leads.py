"""Leads and plays out of turn: Laws 47E1, 53-57 and 60.

:class:`LeadLaws` holds the hooks of an edition for this family, each with the 2017
answer: an opening lead out of turn (54), a lead out of turn by declarer (55) or a
defender (56), at trick 13 (53A), a premature play (57), plays made while a choice
is pending (53B, 53C, 60A-C) and a lead induced by a mistaken statement (47E1).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import SUIT_MASKS
from ..events import Choose
from .consequences import (Cite, Consequence, DeclarerSpreads, Flag, LeadStands, MustLeadFrom,
                           MustPlay, PenaltyCard, PlayDuty, PlayNow, Recognise, Refuse,
                           Resolve, Settle)
from .protocol import TableView
from .ruling import Decision, Irregularity, Ruling

__all__ = ["LeadLaws", "LEAD_OUT_OF_TURN"]

LEAD_OUT_OF_TURN = ("opening_lead_out_of_turn", "lead_out_of_turn_by_declarer",
                    "lead_out_of_turn_by_defender")


class LeadLaws:
    """The hooks of leads and plays out of turn (Laws 53-57, 60), answered as in 2017."""

    def opening_lead_out_of_turn(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 54: the defender on presumed declarer's right faces an opening lead.
        Declarer may accept it and play second from his own hand, dummy spreading (54B);
        spread his own hand and become dummy (54A); or refuse it (54D): the card becomes
        a major penalty card, the correct defender leads and Law 50D applies."""
        o, card = irr.by, irr.facts["_card"]
        d = table.declarer
        assert d is not None
        return Ruling(irr, ("54",), Decision(d, ("accept", "spread", "reject"),
                                             ("54B", "54A", "54D")),
                      consequences={
                          "accept": [Cite("54B"), LeadStands(o, card)],
                          "spread": [Cite("54A"), DeclarerSpreads(), LeadStands(o, card)],
                          "reject": [Cite("54D"), PenaltyCard(o, card, True), Cite("50D")],
                      })

    def lead_out_of_turn_at_trick_13(self, table: TableView, irr: Irregularity) -> Ruling | None:
        """Law 53A (footnote): a lead out of turn to trick 13 may not be accepted: it is
        withdrawn and the correct hand leads.  ``None`` before trick 13."""
        if len(table.tricks) == 12:
            return Ruling(irr, ("53A",), None, consequences={"now": [
                Cite("53A"), Flag("UI", "16C", irr.by)]})
        return None

    def lead_out_of_turn_by_defender(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 56: declarer may accept a defender's lead out of turn (53A), or require its
        withdrawal: the card becomes a major penalty card (50D) and the correct hand
        leads.  At trick 13 it is simply withdrawn (53A)."""
        last = self.lead_out_of_turn_at_trick_13(table, irr)
        if last is not None:
            return last
        o, card = irr.by, irr.facts["_card"]
        assert table.declarer is not None
        return Ruling(irr, ("53", "56"), Decision(table.declarer, ("accept", "reject"),
                                                  ("53A", "56")),
                      consequences={
                          "accept": [Cite("53A"), LeadStands(o, card)],
                          "reject": [Cite("56"), PenaltyCard(o, card, True), Cite("50D")],
                      })

    def lead_out_of_turn_by_declarer(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 55: either defender may accept declarer's lead out of turn from either hand
        (53A); if they disagree, the defender next in turn after the irregular lead
        decides (55A).  Not accepted: the card goes back; if a defender was to lead
        there is no further rectification (55B1); if declarer was to lead from the other
        hand, he leads from the correct one (55B2).  At trick 13 it is simply withdrawn
        (53A)."""
        last = self.lead_out_of_turn_at_trick_13(table, irr)
        if last is not None:
            return last
        o, card, turn = irr.by, irr.facts["_card"], irr.facts["_turn"]
        assert table.declarer is not None
        chooser = (o + 1) & 3                      # the defender next in turn after the lead
        declaring = (turn ^ table.declarer) & 1 == 0
        # the lead withdrawn is unauthorised information to declarer's side (16C)
        reject: list[Consequence] = ([Cite("55B2"), MustLeadFrom(turn)] if declaring
                                     else [Cite("55B1")])
        reject.append(Flag("UI", "16C", o))
        return Ruling(irr, ("53", "55"), Decision(chooser, ("accept", "reject"), ("53A", "55B")),
                      consequences={"accept": [Cite("53A"), LeadStands(o, card)],
                                    "reject": reject})

    def play_before_correct_lead(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 60B: a defender who plays after declarer was required to withdraw a lead
        from the wrong hand, and before declarer has led from the correct one: the card is
        a major penalty card."""
        return Ruling(irr, ("60B",), None, consequences={
            "now": [Cite("60B"), PenaltyCard(irr.by, irr.facts["_card"], True)]})

    def play_before_rectification(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 60C: a defender of the offending side plays before the rectification of his
        side's irregularity is settled: the opponents' rights are unchanged, and his own
        card is rectified too: a defender's card so exposed is a major penalty card
        (Laws 49, 50B)."""
        return Ruling(irr, ("60C",), None, consequences={
            "now": [Cite("60C"), PenaltyCard(irr.by, irr.facts["_card"], True)]})

    def premature_play_by_defender(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 57: a defender leads to the next trick before his partner has played to the
        current one, or plays out of turn before his partner.

        * 57A: the card becomes a major penalty card, and declarer chooses for the
          partner's play to this trick: the highest or the lowest card of the suit led,
          or (when he cannot follow) a card of another suit named by declarer, or not of
          that suit.  A partner unable to comply plays any legal card (59).
        * 57C: no rectification when declarer had already played from both hands to the
          trick (57C1), or dummy had played or suggested a card of its own accord (57C2).
        * 57D: a play at his RHO's turn when his partner has already played: a card legal
          at his turn must be played then; otherwise it becomes a major penalty card.
        """
        o, card = irr.by, irr.facts["_card"]
        partner = (o + 2) & 3
        lead = bool(irr.facts.get("_lead"))     # a lead to the next trick
        if irr.facts["_partner_played"]:
            if irr.facts["_legal_at_turn"]:
                return Ruling(irr, ("57D",), None, consequences={
                    "now": [Cite("57D"), MustPlay(o, card, "57D")]})
            return Ruling(irr, ("57D",), None, consequences={
                "now": [Cite("57D"), PenaltyCard(o, card, True)]})
        for law, applies in (("57C1", irr.facts["_declarer_both"]),
                             ("57C2", irr.facts.get("_dummy_own"))):
            if applies:
                # no rectification: a card played counts as played, at his turn (45C1);
                # a card led to the next trick is the lead if he wins this one, else a
                # lead out of turn (53-56)
                return Ruling(irr, ("57C",), None, consequences={
                    "now": [Cite(law), MustPlay(o, card, law, lead=lead)]})
        assert table.declarer is not None
        base: list[Consequence] = [PenaltyCard(o, card, True)]
        # 57A3, 57A4: the suit declarer names is one other than the suit led
        led = table.trick[0] // 13 if table.trick else None
        others = tuple(s for s in range(3, -1, -1) if s != led)
        return Ruling(irr, ("57A",), Decision(table.declarer,
                                              ("highest", "lowest", "require_suit", "forbid_suit"),
                                              ("57A1", "57A2", "57A3", "57A4"), suits=others),
                      consequences={
            "highest": base + [Cite("57A1"), PlayDuty(partner, "highest")],
            "lowest": base + [Cite("57A2"), PlayDuty(partner, "lowest")],
            "require_suit": base + [Cite("57A3"), PlayDuty(partner, "require_suit")],
            "forbid_suit": base + [Cite("57A4"), PlayDuty(partner, "forbid_suit")],
        })

    def early_lead(self, table: TableView, seat: int, card: int) -> list[Consequence]:
        """A lead to the next trick before this one is complete, from a hand that has
        played to it: by declarer from either hand (57C3 concerns a play, not a lead),
        or by a defender after his partner's card (57A needs a card before partner's,
        57D concerns a play).  Law 57 does not apply; the card waits: it is the lead of
        the next trick if its hand wins this one, a lead out of turn otherwise (53, 55,
        56)."""
        return [MustPlay(seat, card, lead=True)]

    def premature_play_chosen(self, table: TableView, ruling: Ruling,
                              choice: Choose) -> list[Consequence]:
        """Law 57A: declarer's choice for the partner of the premature player; with
        57A3 and 57A4 he names a suit other than the suit led."""
        ops = ruling.consequences[choice.option]
        if choice.option not in ("require_suit", "forbid_suit"):
            return list(ops)
        led = table.trick[0] // 13 if table.trick else None
        if choice.suit is None or choice.suit == led:
            return [Refuse("Law 57A: declarer names a suit other than the suit led", "lead.57A")]
        return [replace(op, suit=choice.suit) if isinstance(op, PlayDuty) else op for op in ops]

    def premature_play_by_declarer(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 57C3: declarer plays from his hand or dummy before his turn to a trick in
        progress.  The card is played and may not be withdrawn if it is legal: it is
        played at that hand's turn.  A card that would not be legal then (it fails to
        follow suit) goes back to the hand, as an illegal play is corrected (47B);
        declarer's cards are never penalty cards (48A)."""
        o, card = irr.by, irr.facts["_card"]
        if irr.facts["_legal_at_turn"]:
            return Ruling(irr, ("57C3",), None, consequences={
                "now": [Cite("57C3"), MustPlay(o, card, "57C3")]})
        return Ruling(irr, ("57C3",), None, consequences={"now": [Cite("57C3"), Cite("47B")]})

    def play_during_choice(self, table: TableView, ruling: Ruling, seat: int,
                           card: int) -> list[Consequence] | None:
        """A card played while a choice is pending; ``None`` when the Laws give it no
        meaning here (the table then asks for the choice first).

        * 60A: the next hand in rotation plays to a lead out of turn: it is accepted;
        * 53B: the player whose turn it was, an opponent of the irregular leader, makes
          his proper lead: it stands and the card led out of turn goes back (16C);
        * 53C: the defender on the right of declarer's hand that led out of turn plays
          to it: the lead stands, and Law 57 applies to his card;
        * 54: the offender's partner has led face down as well: his card goes back;
        * 50D2, 49: the partner of a defender with a major penalty card leads before
          declarer has chosen;
        * 52B1b: declarer plays after a card that replaced a penalty card: he accepts it;
        * 60C: the offender's partner plays before the rectification is settled.
        """
        irr, d = ruling.irregularity, ruling.decision
        assert d is not None
        kind, o = irr.kind, irr.by
        if kind in LEAD_OUT_OF_TURN:
            turn = irr.facts["_turn"]
            led = irr.facts["_card"] // 13
            proper = (kind != "opening_lead_out_of_turn" and seat == turn and (seat ^ o) & 1
                      and card // 13 != led and table.hands[seat] & SUIT_MASKS[led])
            if seat == (o + 1) & 3 and "accept" in d.options and not proper:
                return [Settle("accept"), Cite("60A"), PlayNow(seat, card)]
            if kind != "opening_lead_out_of_turn" and seat == turn and (seat ^ o) & 1:
                # when he is also the next hand, a card of another suit while he holds the
                # suit led is taken as his proper lead, not as a revoke
                return [Resolve(), Cite("53B"), Flag("UI", "16C", o), PlayNow(seat, card)]
            if kind == "lead_out_of_turn_by_declarer" and seat == (o + 3) & 3 \
                    and (seat ^ o) & 1:
                return [Settle("accept"), Cite("53C"), PlayNow(seat, card)]
            if kind == "opening_lead_out_of_turn" and seat == turn:
                # his card goes back; what it showed is unauthorised to his side (16C)
                return [Cite("54"), Flag("UI", "16C", seat)]
        if kind == "penalty_card_lead" and seat == irr.facts["_leader"]:
            return [Recognise("lead_before_declarer_chose", seat, card)]
        if kind == "penalty_card_not_played" and seat == (o + 1) & 3 \
                and seat in (table.declarer, table.dummy):
            return [Cite("52B1b"), Settle("accept", without=("52B1a",)), PlayNow(seat, card)]
        if kind in ("lead_out_of_turn_by_defender", "premature_play_by_defender",
                    "penalty_card_not_played") and seat == (o + 2) & 3:
            return [Recognise("play_before_rectification", seat, card)]
        return None

    def misinformed_lead(self, table: TableView, seat: int) -> list[Consequence]:
        """Law 47E1: a lead out of turn made because an opponent wrongly said it was the
        player's turn: withdrawn freely, and it may not be accepted."""
        p = table.pending
        if p is None or p.irregularity.kind not in LEAD_OUT_OF_TURN or p.irregularity.by != seat:
            return [Refuse("Law 47E1: only a lead out of turn not yet rectified is withdrawn "
                           "this way, by the player who led", "withdraw_lead.47E1")]
        # 16C: the lead withdrawn is unauthorised information to the side that misinformed
        return [Resolve(), Cite("47E1"), Flag("UI", "16C", (seat + 1) & 3)]
