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
           "rule_lead_out_of_turn_by_declarer", "rule_penalty_card_lead",
           "rule_premature_play_by_defender", "rule_premature_play_by_declarer",
           "rule_penalty_card_not_played", "rule_designate",
           "rule_lead_before_choice", "rule_card_exposed_by_declarer",
           "rule_card_exposed_by_defender", "rule_play_before_correct_lead",
           "rule_play_before_rectification", "rule_several_cards_played",
           "rule_concession_objected_by_partner"]


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


def _trick_13(table, irr: Irregularity) -> Ruling | None:
    """Law 53A (footnote): a lead out of turn to trick 13 may not be accepted: it is
    withdrawn and the correct hand leads."""
    if len(table.tricks) == 12:
        return Ruling(irr, ("53A",), None, consequences={"now": [("law", "53A")]})
    return None


def rule_lead_out_of_turn_by_defender(table, irr: Irregularity) -> Ruling:
    """Law 56: declarer may accept a defender's lead out of turn (53A), or require its
    withdrawal: the card becomes a major penalty card (50D) and the correct hand leads.
    At trick 13 it is simply withdrawn (53A)."""
    last = _trick_13(table, irr)
    if last is not None:
        return last
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
    leads from the correct one (55B2).  At trick 13 it is simply withdrawn (53A)."""
    last = _trick_13(table, irr)
    if last is not None:
        return last
    o, card, turn = irr.by, irr.facts["_card"], irr.facts["_turn"]
    chooser = (o + 1) & 3                      # the defender next in turn after the lead
    declaring = (turn ^ table.declarer) & 1 == 0
    reject = [("law", "55B2"), ("must_lead_from", turn)] if declaring else [("law", "55B1")]
    return Ruling(irr, ("53", "55"), Decision(chooser, ("accept", "reject"), ("53A", "55B")),
                  consequences={"accept": [("law", "53A"), ("lead_stands", o, card)],
                                "reject": reject})


def rule_penalty_card_lead(table, holder: int) -> Ruling:
    """Laws 50D2 and 51B: the partner of a defender with a major penalty card obtains
    the lead.  Declarer may require the lead of a penalty card's suit or forbid it (for
    as long as that defender keeps the lead), and the penalty cards of that suit are
    picked up; or make no demand, and the penalty cards stay.

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
    return Ruling(irr, (family,), Decision(table.declarer,
                                           ("require_suit", "forbid_suit", "no_restriction"),
                                           laws), consequences={})


def rule_lead_before_choice(table, irr: Irregularity) -> Ruling:
    """Law 50D2: the partner of a defender with a major penalty card may not lead until
    declarer has chosen; a card he leads sooner is rectified under Law 49 (a penalty
    card, major because it was played deliberately, 50B).  Declarer's choice is still
    to make."""
    return Ruling(irr, ("50D2", "49"), None, consequences={
        "now": [("law", "50D2"), ("law", "49"), ("penalty_card", irr.by, irr.facts["_card"], True)]})


def rule_card_exposed_by_declarer(table, irr: Irregularity) -> Ruling:
    """Law 48A: declarer's exposed cards are never penalty cards; he need not play one."""
    return Ruling(irr, ("48A",), None, consequences={"now": [("law", "48A")]})


def rule_card_exposed_by_defender(table, irr: Irregularity) -> Ruling:
    """Law 49: a defender's card exposed where partner could see its face, or named as
    held, becomes a penalty card.  Law 50B: a single card below an honour exposed
    inadvertently is a minor penalty card; an honour, or a card exposed deliberately,
    is major; and a defender with two or more penalty cards has only major ones."""
    o, card = irr.by, irr.facts["_card"]
    major = card % 13 >= 8 or irr.facts.get("_deliberate", False)
    return Ruling(irr, ("49",), None, consequences={
        "now": [("law", "49"), ("law", "50B"), ("penalty_card", o, card, major)]})


def rule_play_before_correct_lead(table, irr: Irregularity) -> Ruling:
    """Law 60B: a defender who plays after declarer was required to withdraw a lead from
    the wrong hand, and before declarer has led from the correct one: the card is a
    major penalty card."""
    return Ruling(irr, ("60B",), None, consequences={
        "now": [("law", "60B"), ("penalty_card", irr.by, irr.facts["_card"], True)]})


def rule_play_before_rectification(table, irr: Irregularity) -> Ruling:
    """Law 60C: a defender of the offending side plays before the rectification of his
    side's irregularity is settled: the opponents' rights are unchanged, and his own
    card is rectified too: a defender's card so exposed is a major penalty card
    (Laws 49, 50B)."""
    return Ruling(irr, ("60C",), None, consequences={
        "now": [("law", "60C"), ("penalty_card", irr.by, irr.facts["_card"], True)]})


def rule_premature_play_by_defender(table, irr: Irregularity) -> Ruling:
    """Law 57: a defender leads to the next trick before his partner has played to the
    current one, or plays out of turn before his partner.

    * 57A: the card becomes a major penalty card, and declarer chooses for the partner's
      play to this trick: the highest or the lowest card of the suit led, or (when he
      cannot follow) a card of another suit named by declarer, or not of that suit.
      A partner unable to comply plays any legal card (59).
    * 57C: no rectification when declarer had already played from both hands to the trick.
    * 57D: a play at his RHO's turn when his partner has already played: a card legal
      at his turn must be played then; otherwise it becomes a major penalty card.
    """
    o, card = irr.by, irr.facts["_card"]
    partner = (o + 2) & 3
    if irr.facts["_partner_played"]:
        if irr.facts["_legal_at_turn"]:
            return Ruling(irr, ("57D",), None, consequences={
                "now": [("law", "57D"), ("must_play", o, card)]})
        return Ruling(irr, ("57D",), None, consequences={
            "now": [("law", "57D"), ("penalty_card", o, card, True)]})
    if irr.facts["_declarer_both"]:
        # no rectification: the card counts as played, at his turn (Law 45C1)
        return Ruling(irr, ("57C",), None, consequences={"now": [("law", "57C1"),
                                                                 ("must_play", o, card)]})
    if irr.facts.get("_dummy_own"):
        # 57C2: dummy had played or suggested a card of its own accord before it
        return Ruling(irr, ("57C",), None, consequences={"now": [("law", "57C2"),
                                                                 ("must_play", o, card)]})
    options = ("highest", "lowest", "require_suit", "forbid_suit")
    base = [("penalty_card", o, card, True)]
    return Ruling(irr, ("57A",), Decision(table.declarer, options,
                                          ("57A1", "57A2", "57A3", "57A4")), consequences={
        "highest": base + [("law", "57A1"), ("play_duty", partner, "highest", None)],
        "lowest": base + [("law", "57A2"), ("play_duty", partner, "lowest", None)],
        "require_suit": base + [("law", "57A3"), ("play_duty", partner, "require_suit", "?")],
        "forbid_suit": base + [("law", "57A4"), ("play_duty", partner, "forbid_suit", "?")],
    })


def rule_premature_play_by_declarer(table, irr: Irregularity) -> Ruling:
    """Law 57C3: declarer plays from his hand or dummy before his turn to a trick in
    progress.  The card is played and may not be withdrawn if it is legal: it is played
    at that hand's turn.  A card that would not be legal then (it fails to follow suit)
    goes back to the hand, as an illegal play is corrected (47B); declarer's cards are
    never penalty cards (48A)."""
    o, card = irr.by, irr.facts["_card"]
    if irr.facts["_legal_at_turn"]:
        return Ruling(irr, ("57C3",), None, consequences={
            "now": [("law", "57C3"), ("must_play", o, card)]})
    return Ruling(irr, ("57C3",), None, consequences={"now": [("law", "57C3"), ("law", "47B")]})


def rule_concession_objected_by_partner(table, irr: Irregularity) -> Ruling:
    """Law 68B2: a defender concedes and his partner objects at once: there is neither a
    concession nor a claim, and play goes on; cards the defender showed are no penalty
    cards, but the information is unauthorised to his partner (16C)."""
    return Ruling(irr, ("68B2",), None, consequences={
        "now": [("law", "68B2"), ("flag", "UI", "16C")]})


def rule_several_cards_played(table, irr: Irregularity) -> Ruling:
    """Law 58B2: two or more cards played together with their faces visible: the player
    names the one he plays; a defender's other visible cards become penalty cards (a
    single small one inadvertently shown is minor, Law 50B)."""
    return Ruling(irr, ("58B2",), Decision(irr.by, ("designate",), ("58B2",)))


def rule_penalty_card_not_played(table, irr: Irregularity) -> Ruling:
    """Law 52: a defender plays another card when a major penalty card had to be played.
    Declarer may accept the card played (52B1a; the penalty card stays, 52B1c), and must
    accept it once he has played after it from either hand (52B1b); or require the penalty
    card to be played instead (52B2): the card played then becomes a major penalty card."""
    o, card, must = irr.by, irr.facts["_card"], irr.facts["_must"]
    return Ruling(irr, ("52",), Decision(table.declarer, ("accept", "reject"), ("52B1a", "52B2")),
                  consequences={
                      "accept": [("law", "52B1a"), ("law", "52B1c"), ("play_card", o, card)],
                      "reject": [("law", "52B2"), ("play_instead", o, card, must)],
                  })


def rule_designate(table, holder: int, must: int) -> Ruling:
    """Law 51A: a defender who must play one of two or more major penalty cards plays
    the one declarer designates."""
    irr = Irregularity("designate_penalty_card", holder, len(table.events), ("51A",),
                       {"_must": must})
    return Ruling(irr, ("51A",), Decision(table.declarer, ("designate",), ("51A",)),
                  consequences={})
