"""Rectification of irregularities of the play: leads out of turn (Laws 53-56) and
penalty cards (Laws 50-52), more to come.

As in :mod:`bridgelaws.laws.auction`, each function returns a
:class:`~bridgelaws.laws.ruling.Ruling` whose consequences are plain tuples the
table applies:

``("lead_stands", seat, card)``
    the lead out of turn is treated as a correct lead (53A): ``seat`` leads ``card``;
``("penalty_card", seat, card, major)``
    the card becomes a penalty card of ``seat`` (Law 50);
``("declarer_spreads",)``
    after an opening lead out of turn declarer spreads his hand and becomes dummy (54A);
``("must_lead_from", seat)``
    declarer must lead from the correct hand (55B2).
"""

from __future__ import annotations

from .ruling import Decision, Irregularity, Ruling

__all__ = ["rule_opening_lead_out_of_turn", "rule_lead_out_of_turn_by_defender",
           "rule_lead_out_of_turn_by_declarer", "rule_penalty_card_lead"]


def rule_opening_lead_out_of_turn(table, irr: Irregularity) -> Ruling:
    """Law 54: the defender on presumed declarer's right faces an opening lead.
    Declarer may accept it and play second from his own hand, dummy spreading (54B);
    spread his own hand and become dummy (54A); or refuse it (54D): the card becomes a
    major penalty card, the correct defender leads and Law 50D applies."""
    o, card = irr.by, irr.facts["_card"]
    d = table.declarer
    return Ruling(irr, ("54",), Decision(d, ("accept", "spread", "reject"), ("54B", "54A", "54D")),
                  consequences={
                      "accept": [("law", "54B"), ("lead_stands", o, card)],
                      "spread": [("law", "54A"), ("declarer_spreads",), ("lead_stands", o, card)],
                      "reject": [("law", "54D"), ("penalty_card", o, card, True), ("law", "50D")],
                  })


def rule_lead_out_of_turn_by_defender(table, irr: Irregularity) -> Ruling:
    """Law 56: declarer may accept a defender's lead out of turn (53A), or require its
    withdrawal: the card becomes a major penalty card (50D) and the correct hand leads."""
    o, card = irr.by, irr.facts["_card"]
    return Ruling(irr, ("53", "56"), Decision(table.declarer, ("accept", "reject"), ("53A", "56")),
                  consequences={
                      "accept": [("law", "53A"), ("lead_stands", o, card)],
                      "reject": [("law", "56"), ("penalty_card", o, card, True), ("law", "50D")],
                  })


def rule_lead_out_of_turn_by_declarer(table, irr: Irregularity) -> Ruling:
    """Law 55: either defender may accept declarer's lead out of turn from either hand
    (53A); if they disagree, the defender next in turn after the irregular lead
    decides.  Not accepted: the card goes back; if a defender was to lead there is no
    further rectification (55B1); if declarer was to lead from the other hand, he
    leads from the correct one (55B2)."""
    o, card, turn = irr.by, irr.facts["_card"], irr.facts["_turn"]
    chooser = (o + 1) & 3                      # the defender next in turn after the lead
    declaring = (turn ^ table.declarer) & 1 == 0
    reject = [("law", "55B2"), ("must_lead_from", turn)] if declaring else [("law", "55B1")]
    return Ruling(irr, ("53", "55"), Decision(chooser, ("accept", "reject"), ("53A", "55B")),
                  consequences={"accept": [("law", "53A"), ("lead_stands", o, card)],
                                "reject": reject})


def rule_penalty_card_lead(table, holder: int) -> Ruling:
    """Law 50D2: the partner of a defender with a major penalty card obtains the lead.
    Declarer may require the lead of the penalty card's suit or forbid it (for as long
    as that defender keeps the lead), and the penalty card is picked up; or make no
    demand, and the penalty card stays (50D2a-c)."""
    irr = Irregularity("penalty_card_lead", holder, len(table.events), ("50D2",),
                       {"_leader": (holder + 2) & 3})
    return Ruling(irr, ("50D2",), Decision(table.declarer,
                                           ("require_suit", "forbid_suit", "no_restriction"),
                                           ("50D2a", "50D2a", "50D2b")), consequences={})
