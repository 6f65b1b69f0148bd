"""Rectification of irregularities of the auction: Laws 25-32 (more to come: 24, 33-39).

Each function takes the table (read only) and the recognised irregularity and
returns a :class:`~bridgelaws.laws.ruling.Ruling`: who chooses among which
options, and for each option the consequences the table then applies.  The
consequences are plain tuples:

``("law", "29A")``
    the law applied (reported in the state's ``laws``);
``("put_in_force", seat, call)``
    the irregular call stands as if lawful and in rotation (27A1, 29A);
``("bar", seat, "next_turn" | "rest_of_auction")``
    the seat must pass at its next turn or for the rest of the auction;
``("duty", seat, spec)``
    something the seat's next call settles: a call it must repeat (31A1), a
    call the Director compares with the withdrawn one (23A), a substitute for
    an insufficient bid (27B);
``("withdraw_last", seat)``
    the seat's last call in force is withdrawn (25B);
``("lead_penalty", seat, "26B")``
    if the seat becomes a defender, declarer may forbid a lead to its partner (26B);
``("flag", name, law)``
    a point the Director reviews at the end of play (16C, 23C, 27D, 72C).
"""

from __future__ import annotations

from ..calls import DOUBLE, PASS, REDOUBLE, is_bid
from .ruling import Decision, Irregularity, Ruling

__all__ = ["rule_insufficient_bid", "rule_call_out_of_rotation", "relation_to_turn",
           "rule_inadmissible_double", "rule_call_in_breach_of_bar", "rule_bid_above_seven",
           "rule_call_after_final_pass", "suits_specified", "rule_card_exposed_during_auction"]


def rule_insufficient_bid(table, irr: Irregularity) -> Ruling:
    """Law 27: the offender's LHO may accept the insufficient bid (27A1); if not, the
    offender must substitute a legal call, and what follows depends on it (27B)."""
    o, ib = irr.by, irr.facts["_code"]
    lho = (o + 1) & 3
    duty = table.duties.get(o)
    if duty is not None and duty["kind"] == "substitute":
        # Law 27B4: a second insufficient bid in place of the first: LHO may accept
        # it (A1); otherwise the Director applies 27B3 (partner passes throughout)
        return Ruling(irr, ("27B4",), Decision(lho, ("accept", "reject"), ("27A1", "27B3")),
                      consequences={
                          "accept": [("law", "27B4"), ("law", "27A1"), ("clear_duty", o),
                                     ("put_in_force", o, ib)],
                          "reject": [("law", "27B4"), ("law", "27B3"),
                                     ("bar", (o + 2) & 3, "rest_of_auction"),
                                     ("lead_penalty", o, "26B"), ("flag", "Review72C", "72C")]})
    return Ruling(irr, ("27",), Decision(lho, ("accept", "reject"), ("27A1", "27B")), consequences={
        "accept": [("law", "27A1"), ("put_in_force", o, ib)],
        "reject": [("law", "27B"), ("flag", "UI", "16C"),
                   ("duty", o, {"kind": "substitute", "law": "27B", "withdrawn": ib})],
    })


def relation_to_turn(table, offender: int, turn: int) -> str:
    """Whose turn it was when ``offender`` called out of rotation (Law 29B-32):
    ``"rho"``, ``"partner"``, ``"lho_first"`` (LHO's turn, the offender's first call)
    or ``"lho_change"`` (LHO's turn after an earlier call: a change of call, Law 25)."""
    if turn == (offender + 3) & 3:
        return "rho"
    if turn == (offender + 2) & 3:
        return "partner"
    earlier = any(seat == offender for seat, _ in table.auction.calls)
    return "lho_change" if earlier else "lho_first"


def rule_call_out_of_rotation(table, irr: Irregularity) -> Ruling:
    """Laws 29-32: the offender's LHO may accept the call (29A) unless it is an
    inadmissible double or redouble (32, 36); otherwise it is cancelled, the turn
    goes back to the player whose turn it was (29B), and Law 30, 31 or 32 applies."""
    o, call, turn = irr.by, irr.facts["_code"], irr.facts["_turn"]
    lho, partner = (o + 1) & 3, (o + 2) & 3
    # Law 30C: an artificial pass is treated as a bid out of rotation (Law 31)
    family = ("31" if is_bid(call) or (call == PASS and irr.facts.get("_artificial")) else
              "30" if call == PASS else "32")
    where = relation_to_turn(table, o, turn)
    reject = [("law", "29B"), ("flag", "UI", "16C")]
    if where == "rho":
        if family == "30":
            reject += [("law", "30A"), ("bar", o, "next_turn"), ("flag", "Review72C", "72C")]
        else:
            # 31A / 32A: what the offender may do depends on his RHO's call
            reject += [("law", family + "A"),
                       ("duty", turn, {"kind": "rho_call", "law": family + "A", "offender": o,
                                       "withdrawn": call})]
    elif where == "lho_change":
        # Laws 30B2, 31C, 32C: a later call at LHO's turn is a change of call; Law 25B:
        # LHO may accept the new call (the first is withdrawn), else it is cancelled
        change = {"30": "30B2", "31": "31C", "32": "32C"}[family]
        return Ruling(irr, (change, "25B"), Decision(lho, ("accept", "reject"), ("25B1", "25B2")),
                      consequences={
                          "accept": [("law", change), ("law", "25B1"), ("withdraw_last", o),
                                     ("put_in_force", o, call), ("flag", "UI", "16C"),
                                     ("lead_penalty", o, "26B")],
                          "reject": [("law", change), ("law", "25B2"), ("flag", "UI", "16C"),
                                     ("lead_penalty", o, "26B")]})
    else:
        # 30B1 / 31B / 32B: partner calls freely (16C2); the offender's call is compared
        sub = {"30": "30B1", "31": "31B", "32": "32B"}[family]
        reject += [("law", sub),
                   ("duty", o, {"kind": "comparable", "law": sub, "withdrawn": call})]
    options = ("accept", "reject")
    consequences = {"accept": [("law", "29A"), ("put_in_force", o, call)], "reject": reject}
    if family == "32" and not table.auction.is_legal(o, call):
        # Law 32: an inadmissible double or redouble can never be accepted; Law 36B4:
        # the auction returns to the player whose turn it was, the offender calls
        # freely at his turn and his partner passes throughout (26B, 72C)
        options = ("reject",)
        consequences = {"reject": [("law", "29B"), ("law", "36B4"), ("flag", "UI", "16C"),
                                   ("bar", partner, "rest_of_auction"),
                                   ("lead_penalty", o, "26B"), ("flag", "Review72C", "72C")]}
    return Ruling(irr, ("29",), Decision(lho, options, tuple(
        "29A" if opt == "accept" else "29B" for opt in options)), consequences=consequences)


def _now(irr: Irregularity, ops) -> Ruling:
    """A ruling with no choice: the Director applies it at once."""
    return Ruling(irr, irr.laws, None, consequences={"now": ops})


def rule_substitute_double(table, irr: Irregularity) -> Ruling:
    """Law 27B3: a double or redouble put in place of an insufficient bid (and not
    judged comparable) is cancelled; the offender substitutes again under 27B and his
    partner passes for the rest of the auction (26B, 72C)."""
    o = irr.by
    return _now(irr, [("bar", (o + 2) & 3, "rest_of_auction"), ("lead_penalty", o, "26B"),
                      ("flag", "Review72C", "72C")])


def rule_inadmissible_double(table, irr: Irregularity) -> Ruling:
    """Law 36B: a double or redouble that Law 19 does not allow is cancelled; the
    offender makes a legal call and his partner passes throughout (26B, 72C).
    (36A, the LHO calling before rectification, is applied by the table.)"""
    o = irr.by
    return _now(irr, [("law", "36B"), ("bar", (o + 2) & 3, "rest_of_auction"),
                      ("lead_penalty", o, "26B"), ("flag", "Review72C", "72C")])


def rule_call_in_breach_of_bar(table, irr: Irregularity) -> Ruling:
    """Law 37B: a bid, double or redouble by a player obliged to pass is cancelled, a
    pass is put in its place and both members of the offending side pass throughout."""
    o = irr.by
    return _now(irr, [("law", "37B"), ("put_in_force", o, PASS),
                      ("bar", o, "rest_of_auction"), ("bar", (o + 2) & 3, "rest_of_auction"),
                      ("lead_penalty", o, "26B"), ("flag", "Review72C", "72C")])


def rule_bid_above_seven(table, irr: Irregularity) -> Ruling:
    """Law 38: a bid above seven is cancelled with every call after it, a pass is put in
    its place (at the offender's turn) and both offenders pass throughout (72C, 26B)."""
    o = irr.by
    ops = []
    if table.auction.turn == o:
        ops.append(("put_in_force", o, PASS))
    ops += [("bar", o, "rest_of_auction"), ("bar", (o + 2) & 3, "rest_of_auction"),
            ("lead_penalty", o, "26B"), ("flag", "Review72C", "72C")]
    return _now(irr, ops)


def rule_call_after_final_pass(table, irr: Irregularity) -> Ruling:
    """Law 39: every call after the final pass is cancelled (39A).  A bid, double or
    redouble by a future defender may bring a lead restriction to his partner (39B, 26B);
    a defender's pass and any call of declarer or dummy bring nothing more."""
    o, call = irr.by, irr.facts["_code"]
    ops = [("law", "39A")]
    declarer = table.declarer
    if declarer is not None and call != PASS and (o ^ declarer) & 1 == 1:
        ops += [("law", "39B"), ("lead_penalty", o, "26B")]
    return _now(irr, ops)


def suits_specified(table, seat: int) -> set[int]:
    """The suits ``seat`` named by bids in force in the legal auction (for Law 26B).

    Artificial calls are for the Director; here a bid names its own strain."""
    from ..calls import bid_strain
    return {bid_strain(c) for s, c in table.auction.calls if s == seat and is_bid(c)
            and bid_strain(c) < 4}


def rule_lead_restriction(table, offender: int) -> Ruling:
    """Law 26B: at the first turn to lead of the partner of an offender whose withdrawn
    call was not replaced by a comparable call, declarer may forbid the lead of one suit
    that the offender did not specify in the legal auction, for as long as that partner
    keeps the lead."""
    irr = Irregularity("lead_restriction", offender, len(table.events), ("26B",),
                       {"_leader": (offender + 2) & 3})
    return Ruling(irr, ("26B",), Decision(table.declarer, ("forbid_suit", "no_restriction"),
                                          ("26B", "26B")), consequences={})


def rule_card_exposed_during_auction(table, irr: Irregularity) -> Ruling:
    """Law 24: a card exposed or led during the auction period stays face up until the
    auction ends.  A single card below an honour, not led, brings no bar (24A); an
    honour or a card led (24B), or a second card (24C), bars the offender's partner at
    his next turn (72C may apply).  After the final pass the bar has no effect.  At
    the end of the auction the table returns the cards of the declaring side (24D) and
    makes a defender's cards penalty cards (24E)."""
    o, card, led = irr.by, irr.facts["_card"], irr.facts["_led"]
    before = table.exposed.get(o, [])
    ops = [("expose", o, card, led)]
    if before:
        ops.append(("law", "24C"))
        bar = True
    elif card % 13 >= 8 or led:                # ten to ace: an honour (Definitions)
        ops.append(("law", "24B"))
        bar = True
    else:
        ops.append(("law", "24A"))
        bar = False
    if bar and table.phase == "auction":
        ops += [("bar", (o + 2) & 3, "next_turn"), ("flag", "Review72C", "72C")]
    ops.append(("flag", "UI_card", "16C"))
    return _now(irr, ops)
