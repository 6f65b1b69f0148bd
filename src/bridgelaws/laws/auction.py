"""Rectification of irregularities of the auction: Laws 17D3, 21B, 23-39.

:class:`AuctionLaws` holds the hooks of an edition for this family, each with the
2017 answer: the rulings on insufficient bids (27), calls out of rotation (28-32),
inadmissible calls (35-38) and calls after the final pass (39), cards exposed during
the auction (24), changes of call (21B, 25), the comparison of a call with a withdrawn
one (23A) and the lead restrictions that may follow (26).  Each hook reads the table
(a :class:`~bridgelaws.laws.protocol.TableView`) and returns a
:class:`~bridgelaws.laws.ruling.Ruling` or a list of consequences
(:mod:`bridgelaws.laws.consequences`) that the table applies.
"""

from __future__ import annotations

from typing import Any

from ..auction import Auction
from ..calls import DOUBLE, MAX_LEGAL_BID, PASS, REDOUBLE, bid_strain, is_bid, make_bid
from ..cards import SEAT_NAMES, SUIT_LETTERS
from ..events import Choose
from .consequences import (Bar, CallDuty, CancelCalls, Cite, ClearDuty, Consequence, DropLeadPenalty,
                           DropReview, Expose, Flag, LeadPenalty, LeadRestriction, PenaltyCard,
                           PutInForce, Refuse, ReplaceCall, Resolve, Settle, Unbar,
                           WithdrawLast)
from .protocol import Phase, TableView
from .ruling import IRREGULARITY_KINDS, Decision, Irregularity, Ruling

__all__ = ["AuctionLaws", "relation_to_turn", "suits_specified", "lowest_sufficient"]


def relation_to_turn(table: TableView, offender: int, turn: int) -> str:
    """Whose turn it was when ``offender`` called out of rotation (Law 29B-32):
    ``"rho"``, ``"partner"``, ``"lho_first"`` (LHO's turn, the offender's first call)
    or ``"lho_change"`` (LHO's turn after an earlier call: a change of call, Law 25)."""
    if turn == (offender + 3) & 3:
        return "rho"
    if turn == (offender + 2) & 3:
        return "partner"
    earlier = any(seat == offender for seat, _ in table.auction.calls)
    return "lho_change" if earlier else "lho_first"


def suits_specified(table: TableView, seat: int) -> set[int]:
    """The suits ``seat`` named by bids in force in the legal auction (for Law 26B).

    Artificial calls are for the Director; here a bid names its own strain."""
    return {bid_strain(c) for s, c in table.auction.calls if s == seat and is_bid(c)
            and bid_strain(c) < 4}


def lowest_sufficient(last_bid: int | None, strain: int) -> int:
    """The lowest sufficient bid in ``strain`` over ``last_bid`` (Law 27B1a).

    >>> from bridgelaws.calls import call_name, parse_call
    >>> call_name(lowest_sufficient(parse_call("2H"), 0))
    '3C'
    """
    level = 1
    while last_bid is not None and make_bid(level, strain) <= last_bid:
        level += 1
    return make_bid(level, strain)


def _lawful_with(table: TableView, seat: int, call: int) -> bool:
    """Whether the auction stays lawful with ``seat``'s last call replaced by ``call``
    where it stands (Law 25B1 after later calls)."""
    calls = list(table.auction.calls)
    i = max(k for k, (s, _c) in enumerate(calls) if s == seat)
    calls[i] = (seat, call)
    auction = Auction(table.auction.dealer)
    for s, c in calls:
        if not auction.is_legal(s, c):
            return False
        auction.add(s, c)
    return not auction.is_over


def _now(irr: Irregularity, ops: list[Consequence]) -> Ruling:
    """A ruling with no choice: the Director applies it at once."""
    return Ruling(irr, irr.laws, None, consequences={"now": ops})


class AuctionLaws:
    """The hooks of the auction period (Laws 17D3, 21B, 23-39), answered as in 2017."""

    # --- Law 17D3: the end of the auction ----------------------------------------------

    def passes_after_skipped_turn(self, table: TableView) -> list[Consequence]:
        """Laws 17D3, 34: three passes (four with no bid) close the auction unless one of
        them, made out of rotation and accepted, took away a player's turn: then the
        auction goes back to the player skipped and the passes after the skip are
        cancelled.  An empty list: the auction is over."""
        calls = table.auction.calls
        start = len(calls) - 1              # the last call other than a pass (or the first)
        while start > 0 and calls[start][1] == PASS:
            start -= 1
        for i in range(start + 1, len(calls)):
            if calls[i][0] != (calls[i - 1][0] + 1) & 3:
                return [Cite("17D3"), CancelCalls(i)]
        return []

    # --- Law 23: the review of an enforced pass --------------------------------------

    def enforced_pass_review(self, offender: int | None = None) -> Flag:
        """The review that goes with a pass the Laws force on the offender's partner:
        Law 72C in 2017 (the offender could have known it would damage; the 1997 Laws
        put it in their Law 23)."""
        return Flag("Review72C", "72C", offender)

    # --- Law 27: insufficient bids -----------------------------------------------------

    def insufficient_bid(self, table: TableView, irr: Irregularity) -> Ruling:
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
                              "accept": [Cite("27B4"), Cite("27A1"), ClearDuty(o),
                                         PutInForce(o, ib)],
                              "reject": [Cite("27B4"), Cite("27B3"), Flag("UI", "16C", o),
                                         Bar((o + 2) & 3, "rest_of_auction"),
                                         LeadPenalty(o, "26B"), self.enforced_pass_review()]})
        return Ruling(irr, ("27",), Decision(lho, ("accept", "reject"), ("27A1", "27B")),
                      consequences={
                          "accept": [Cite("27A1"), PutInForce(o, ib)],
                          "reject": [Cite("27B"), Flag("UI", "16C", o),
                                     CallDuty(o, "substitute", "27B", withdrawn=ib,
                                              artificial=bool(irr.facts.get("_artificial")))]})

    def substitute_for_insufficient_bid(self, table: TableView, seat: int, call: int,
                                        artificial: bool, comparable: bool | None,
                                        withdrawn: int) -> list[Consequence] | None:
        """Law 27B: the offender's substitute for his insufficient bid ``withdrawn``.
        ``None`` when the call is no lawful substitute and is an irregularity of its own
        (a second insufficient bid, 27B4; a double or redouble not judged comparable,
        27B3; an inadmissible call).

        * 27B1a: the lowest sufficient bid that specifies the same denomination as the
          insufficient bid: no rectification (26B and 16C do not apply; 27D may).  The
          engine reads a natural bid as specifying its own strain, so both bids must be
          natural: an artificial insufficient bid (the duty's ``artificial``) or an
          artificial substitute specifies what the Director finds, which 27B1b covers;
        * 27B1b: a call the Director judges comparable: no rectification (27D may);
        * 27B2: any other call: partner passes throughout (26B, 72C).
        """
        auction = table.auction
        duty = table.duties.get(seat, {})
        if is_bid(call) and call <= MAX_LEGAL_BID and not auction.is_legal(seat, call):
            return None   # a second insufficient bid: 27B4
        if call in (DOUBLE, REDOUBLE) and (not comparable or duty.get("no_double")):
            return None   # 27B3: an attempted double or redouble (again, after 27B3)
        if not auction.is_legal(seat, call):
            return None
        if duty.get("no_double"):
            return []     # 27B3 has ruled already (partner passes throughout, 26B)
        lowest_same = (is_bid(call) and bid_strain(call) == bid_strain(withdrawn)
                       and call == lowest_sufficient(auction.last_bid, bid_strain(withdrawn)))
        if lowest_same and not artificial and not duty.get("artificial"):
            return [Cite("27B1a"), Flag("Review27D", "27D", seat)]
        if comparable:
            return [Cite("27B1b"), Flag("Review27D", "27D", seat)]
        return [Cite("27B2"), Bar((seat + 2) & 3, "rest_of_auction"), LeadPenalty(seat, "26B"),
                self.enforced_pass_review(seat)]

    def substitute_double(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 27B3: a double or redouble put in place of an insufficient bid (and not
        judged comparable) is cancelled; the offender substitutes again under 27B and his
        partner passes for the rest of the auction (26B, 72C).  The substitute is then a
        pass or a sufficient bid: a double or redouble was tried and cancelled (the duty's
        ``no_double``); one tried again is cancelled again, with nothing more."""
        o = irr.by
        duty = table.duties.get(o, {})
        if duty.get("no_double"):
            return _now(irr, [])
        again = CallDuty(o, "substitute", "27B3", withdrawn=duty.get("withdrawn"),
                         artificial=bool(duty.get("artificial")), no_double=True)
        return _now(irr, [Flag("UI", "16C", o), again, Bar((o + 2) & 3, "rest_of_auction"),
                          LeadPenalty(o, "26B"), self.enforced_pass_review()])

    # --- Laws 28-32: calls out of rotation ------------------------------------------

    def irregularity_laws(self, table: TableView, kind: str, seat: int,
                          facts: dict[str, Any]) -> tuple[str, ...]:
        """The laws that govern an irregularity of ``kind`` (reported in ``laws``): those
        of :data:`IRREGULARITY_KINDS`, but a call at LHO's turn by a player who has called
        before is a change of call (30B2, 31C, 32C: Law 25), to which Law 29 does not
        apply."""
        laws = IRREGULARITY_KINDS[kind]
        if kind.endswith("_out_of_rotation") and "_turn" in facts \
                and relation_to_turn(table, seat, facts["_turn"]) == "lho_change":
            return tuple(x for x in laws if x != "29")
        return laws

    def call_out_of_rotation(self, table: TableView, irr: Irregularity) -> Ruling:
        """Laws 29-32: the offender's LHO may accept the call (29A) unless it is an
        inadmissible double or redouble (32, 36); otherwise it is cancelled, the turn
        goes back to the player whose turn it was (29B), and Law 30, 31 or 32 applies."""
        o, call, turn = irr.by, irr.facts["_code"], irr.facts["_turn"]
        lho, partner = (o + 1) & 3, (o + 2) & 3
        # Law 30C: an artificial pass is treated as a bid out of rotation (Law 31)
        family = ("31" if is_bid(call) or (call == PASS and irr.facts.get("_artificial")) else
                  "30" if call == PASS else "32")
        where = relation_to_turn(table, o, turn)
        reject: list[Consequence] = [Cite("29B"), Flag("UI", "16C", o)]
        if where == "rho":
            if family == "30":
                reject += [Cite("30A"), Bar(o, "next_turn"), self.enforced_pass_review()]
            else:
                # 31A / 32A: what the offender may do depends on his RHO's call
                reject += [Cite(family + "A"),
                           CallDuty(turn, "rho_call", family + "A", withdrawn=call, offender=o)]
        elif where == "lho_change":
            # Laws 30B2, 31C, 32C: a later call at LHO's turn is a change of call; Law 25B:
            # LHO may accept the new call (the first is withdrawn), else it is cancelled
            change = {"30": "30B2", "31": "31C", "32": "32C"}[family]
            return Ruling(irr, (change, "25B"), Decision(lho, ("accept", "reject"),
                                                         ("25B1", "25B2")),
                          consequences={
                              "accept": [Cite(change), Cite("25B1"), WithdrawLast(o),
                                         PutInForce(o, call), Flag("UI", "16C", o),
                                         LeadPenalty(o, "26B")],
                              "reject": [Cite(change), Cite("25B2"), Flag("UI", "16C", o),
                                         LeadPenalty(o, "26B")]})
        else:
            # 30B1 / 31B / 32B: partner calls freely (16C2); the offender's call is compared
            sub = {"30": "30B1", "31": "31B", "32": "32B"}[family]
            reject += [Cite(sub), CallDuty(o, "comparable", sub, withdrawn=call)]
        options: tuple[str, ...] = ("accept", "reject")
        consequences: dict[str, list[Consequence]] = {
            "accept": [Cite("29A"), PutInForce(o, call)], "reject": reject}
        if family == "32" and not table.auction.is_legal(o, call):
            # Law 32: an inadmissible double or redouble can never be accepted; Law 36B4:
            # the auction returns to the player whose turn it was, the offender calls
            # freely at his turn and his partner passes throughout (26B, 72C)
            options = ("reject",)
            consequences = {"reject": [Cite("29B"), Cite("36B4"), Flag("UI", "16C", o),
                                       Bar(partner, "rest_of_auction"),
                                       LeadPenalty(o, "26B"), self.enforced_pass_review()]}
        return Ruling(irr, ("29",), Decision(lho, options, tuple(
            "29A" if opt == "accept" else "29B" for opt in options)), consequences=consequences)

    def call_at_barred_turn(self, table: TableView, turn: int) -> list[Consequence]:
        """Law 28A: a call at the turn of an RHO obliged to pass is in rotation: the
        RHO's pass is recorded (his bar for one turn is spent) and the call stands."""
        ops: list[Consequence] = [Cite("28A")]
        if table.barred.get(turn) == "next_turn":
            ops.append(Unbar(turn))
        ops.append(PutInForce(turn, PASS))
        return ops

    def rho_called(self, table: TableView, duty: dict[str, Any], call: int) -> CallDuty:
        """Laws 31A / 32A: the offender's RHO has called after the call out of rotation
        was cancelled.  RHO passed: the offender must repeat his call (A1); RHO bid,
        doubled or redoubled: the offender calls freely, and his call is compared (A2)."""
        o, fam = duty["offender"], duty["law"]
        if call == PASS:
            return CallDuty(o, "repeat", fam + "1", call=duty["withdrawn"])
        return CallDuty(o, "comparable", fam + "2", withdrawn=duty["withdrawn"])

    def comparable_call(self, table: TableView, seat: int, law: str,
                        comparable: bool) -> list[Consequence]:
        """Law 23A: the Director has judged whether the offender's call is comparable to
        his withdrawn call (30B1b, 31A2, 31B2, 32A2, 32B2).  Comparable: no further
        rectification (23C may apply); otherwise partner passes at his next turn (16C,
        26B and 72C may apply)."""
        if law == "30B1":
            laws = ["30B1b(i)" if comparable else "30B1b(ii)"]
        elif law in ("31B", "32B"):
            # 31B2 / 32B2: the Director rules as in A2(a) or A2(b)
            laws = [law + "2", law[:2] + ("A2a" if comparable else "A2b")]
        else:                                   # 31A2, 32A2
            laws = [law + ("a" if comparable else "b")]
        ops: list[Consequence] = [Cite(x) for x in laws]
        if comparable:
            ops.append(Flag("Review23C", "23C", seat))
        else:
            ops += [Bar((seat + 2) & 3, "next_turn"), LeadPenalty(seat, "26B"),
                    self.enforced_pass_review(seat)]
        return ops

    def call_during_choice(self, table: TableView, ruling: Ruling,
                           seat: int) -> list[Consequence] | None:
        """A call while a choice is pending (the call itself is then made):

        * 27C: the offender substitutes for his insufficient bid before the Director
          has ruled: the substitute stands if legal, and 27B is applied to it;
        * 27A1, 29A: the LHO accepts the irregular call by calling over it;
        * 28B: the player whose turn it was calls: the call out of rotation is
          cancelled, with no rectification (16C2 applies).

        ``None``: the call has no meaning here (the choice comes first)."""
        irr, d = ruling.irregularity, ruling.decision
        assert d is not None
        if irr.kind == "insufficient_bid" and seat == irr.by and "reject" in d.options:
            return [Cite("27C"), Settle("reject")]
        if irr.kind == "change_of_call" and table.auction.turn != seat:
            return None   # 25B1: the LHO's call would be out of rotation: he chooses first
        if seat == d.by and "accept" in d.options:
            return [Settle("accept")]
        if irr.kind.endswith("_out_of_rotation") and seat == irr.facts["_turn"]:
            return [Cite("28B"), Flag("UI", "16C2", irr.by), Resolve()]
        if irr.kind == "double_out_of_rotation" and "accept" not in d.options \
                and seat == (irr.by + 1) & 3:
            # Law 36A: the LHO called over an inadmissible double or redouble (out of
            # rotation: 32 lets nobody accept it) before it was rectified: it and the
            # LHO's call are cancelled, the auction returns to the player whose turn it
            # was, with no further rectification (no 26B; 16C applies)
            return [Cite("36A"), Flag("UI", "16C", irr.by), Resolve()]
        return None

    # --- Laws 21B, 25: a call replaced ------------------------------------------------

    def call_replaced(self, table: TableView, seat: int, reason: str) -> Cite | Refuse:
        """Laws 25A and 21B1a: a player replaces his own last call (unintended, or based
        on misinformation) before his partner has called, and until the end of the
        auction period (the clarification period included, 17D).  Law 26 never follows
        (25A)."""
        law = {"unintended": "25A", "misinformation": "21B1a"}.get(reason)
        if law is None:
            return Refuse(f"unknown replacement {reason!r}", "replace.unknown",
                          (("words", str(reason)),))
        calls = table.auction.calls
        mine = [i for i, (s, _c) in enumerate(calls) if s == seat]
        reopen = table.phase == Phase.PLAY and not table.tricks and not table.trick
        if not mine or not (table.phase == Phase.AUCTION or reopen):
            return Refuse(f"{SEAT_NAMES[seat]} has no call in force to replace (Law {law}): "
                          "the auction period is over or he has not called", "replace.no_call",
                          (("seat", seat), ("law", law)))
        if any(s == (seat + 2) & 3 for s, _c in calls[mine[-1] + 1:]):
            if table.phase == Phase.AUCTION:
                # 25A4, 21B1a: too late now that partner has called; an attempted change
                # is a change of call that Law 25A does not permit: Law 25B rules on it
                return Cite("25B")
            return Refuse(f"too late for Law {law}: {SEAT_NAMES[(seat + 2) & 3]}, "
                          f"{SEAT_NAMES[seat]}'s partner, has called since, and the "
                          "auction is over (Law 25A5)", "replace.too_late",
                          (("seat", seat), ("law", law)))
        return Cite(law)

    def change_of_call(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 25B: a change of call that Law 25A does not permit (here: attempted after
        the player's partner has called since, 25A4; for misinformation 21B1a no longer
        allows it either, and 21B3 leaves the Director to adjust).  The offender's LHO
        may accept the new call (25B1): the first is withdrawn, the new one stands in its
        place and the auction goes on (26 may apply); otherwise the new call is cancelled
        and the first stands (25B2; 26 may apply).  16C applies to the withdrawn or
        cancelled call (25B3): it is unauthorised to the offender's side."""
        o, call = irr.by, irr.facts["_code"]
        lho = (o + 1) & 3
        ui = Flag("UI", "16C", o)
        extra: list[Consequence] = []
        if irr.facts.get("_reason") == "misinformation":
            extra.append(Flag("Review21B3", "21B3"))
        reject: list[Consequence] = [Cite("25B2"), ui, LeadPenalty(o, "26B"), *extra]
        if not _lawful_with(table, o, call):
            # the new call in place of the first would make a later call unlawful: there
            # is nothing the LHO could accept, and the new call is cancelled (25B2)
            return _now(irr, reject)
        return Ruling(irr, ("25B",), Decision(lho, ("accept", "reject"), ("25B1", "25B2")),
                      consequences={
                          "accept": [Cite("25B1"), ReplaceCall(o, call), ui,
                                     LeadPenalty(o, "26B"), *extra],
                          "reject": reject})

    def lho_changes_call(self, table: TableView, seat: int) -> Cite | Refuse:
        """Law 25A6 / 21B2: after his RHO replaced a call, the LHO changes the call he had
        made over it, with no further rectification.  The information from the LHO's
        withdrawn call is unauthorised to the side that gave cause to the change (16C2):
        after 25A, the side of the player who replaced his unintended call (25A6: it is
        authorised to the LHO's side); after 21B1a, the LHO's own side, which gave the
        misinformation (21B2)."""
        return Cite("21B2" if "21B1a" in table.laws else "25A6")

    def replaced_call_information(self, table: TableView, seat: int,
                                  law: str) -> list[Consequence]:
        """Law 16C after a call is replaced under ``law`` (``seat`` replaced it, 25A or
        21B1a; or his LHO changed his own, 25A6 or 21B2): the flag names a seat of the
        side for which the withdrawn call is unauthorised information (16C2), the other
        side using it freely (16C1).  The side that received misinformation is the
        non-offending side (21B1a), as is the LHO's after an unintended call (25A6)."""
        offender = {"25A": seat, "21B1a": (seat + 1) & 3,
                    "25A6": (seat + 3) & 3, "21B2": seat}[law]
        return [Flag("UI", "16C", offender)]

    # --- Laws 35-39: inadmissible calls and calls after the final pass ----------------

    def inadmissible_double(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 36B: a double or redouble that Law 19 does not allow is cancelled; the
        offender makes a legal call and his partner passes throughout (26B, 72C)."""
        o = irr.by
        return _now(irr, [Cite("36B"), Flag("UI", "16C", o), Bar((o + 2) & 3, "rest_of_auction"),
                          LeadPenalty(o, "26B"), self.enforced_pass_review()])

    def lho_called_over_inadmissible(self, table: TableView, offender: int) -> list[Consequence]:
        """Law 36A: the offender's LHO called over the inadmissible double or redouble
        before it was rectified: it and every call after it are cancelled, the auction
        goes back to the offender, with no bar and no 26B."""
        return [Cite("36A"), Unbar((offender + 2) & 3), DropLeadPenalty(offender),
                DropReview("Review72C", offender)]

    def call_in_breach_of_bar(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 37B: a bid, double or redouble by a player obliged to pass is cancelled, a
        pass is put in its place and both members of the offending side pass throughout."""
        o = irr.by
        # the bars come before the pass, which may end the auction (then they lapse and
        # 26B is due at the opening lead if the offender's partner makes it)
        return _now(irr, [Cite("37B"), Flag("UI", "16C", o),
                          Bar(o, "rest_of_auction"), Bar((o + 2) & 3, "rest_of_auction"),
                          LeadPenalty(o, "26B"), self.enforced_pass_review(),
                          PutInForce(o, PASS)])

    def bid_above_seven(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 38: a bid above seven is cancelled with every call after it, a pass is put
        in its place (at the offender's turn) and both offenders pass throughout (72C, 26B)."""
        o = irr.by
        ops: list[Consequence] = [Flag("UI", "16C", o),
                                  Bar(o, "rest_of_auction"), Bar((o + 2) & 3, "rest_of_auction"),
                                  LeadPenalty(o, "26B"), self.enforced_pass_review()]
        if table.auction.turn == o:
            ops.append(PutInForce(o, PASS))       # last: it may end the auction
        return _now(irr, ops)

    def call_after_final_pass(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 39: every call after the final pass is cancelled (39A).  A bid, double or
        redouble by a future defender may bring a lead restriction to his partner (39C,
        26B); a defender's pass and any call of declarer or dummy bring nothing more
        (39B)."""
        o, call = irr.by, irr.facts["_code"]
        ops: list[Consequence] = [Cite("39A"), Flag("UI", "16C", o)]
        declarer = table.declarer
        if declarer is not None and call != PASS and (o ^ declarer) & 1 == 1:
            ops += [Cite("39C"), LeadPenalty(o, "26B")]
        else:
            ops.append(Cite("39B"))
        return _now(irr, ops)

    # --- the offender's LHO called over the irregular call before rectification --------
    # (Laws 27A1, 29A and 25B1 are acceptances by calling: call_during_choice; 36A:
    # lho_called_over_inadmissible; these three are the hooks of Edition.CALLED_OVER)

    def breach_of_bar_called_over(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 37A: the offender's LHO called over the bid, double or redouble of a
        player obliged to pass before the Director rectified it: the call and every call
        after it stand; an offender barred for the rest of the auction stays barred (a
        bar for that turn only is spent); no 26B, no further rectification."""
        o, call = irr.by, irr.facts["_code"]
        ops: list[Consequence] = [Cite("37A")]
        if table.barred.get(o) == "next_turn":
            ops.append(Unbar(o))
        ops.append(PutInForce(o, call))
        return _now(irr, ops)

    def bid_above_seven_called_over(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 38D: the offender's LHO called over a bid above seven before it was
        rectified: the bid and every call after it are still cancelled (38B: the LHO's
        call too), a pass is put in its place and both offenders pass throughout (38C),
        but Laws 26B and 72C do not apply."""
        o = irr.by
        ops: list[Consequence] = [Cite("38D"), Flag("UI", "16C", o), Bar(o, "rest_of_auction"),
                                  Bar((o + 2) & 3, "rest_of_auction")]
        if table.auction.turn == o:
            ops.append(PutInForce(o, PASS))       # last: it may end the auction
        return _now(irr, ops)

    def call_after_final_pass_called_over(self, table: TableView,
                                          irr: Irregularity) -> Ruling:
        """Law 39B: the offender's LHO called after the call after the final pass,
        before it was rectified: the call is cancelled (39A) and nothing more follows."""
        return _now(irr, [Cite("39A"), Flag("UI", "16C", irr.by), Cite("39B")])

    # --- Law 24: cards exposed during the auction ---------------------------------------

    def card_exposed_during_auction(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 24: a card exposed or led during the auction period stays face up until
        the auction ends.  A single card below an honour, not led, brings no bar (24A); an
        honour or a card led (24B), or a second card (24C), bars the offender's partner
        at his next turn (72C may apply).  After the final pass the bar has no effect.
        At the end of the auction :meth:`exposed_cards_at_end_of_auction` applies."""
        o, card, led = irr.by, irr.facts["_card"], irr.facts["_led"]
        # after the final pass, the cards the end of the auction settled count too (24C)
        before = [*table.exposed.get(o, []), *table.exposed_settled.get(o, [])]
        ops: list[Consequence] = [Expose(o, card, led)]
        if before:
            ops.append(Cite("24C"))
            bar = True
        elif card % 13 >= 8 or led:                # ten to ace: an honour (Definitions)
            ops.append(Cite("24B"))
            bar = True
        else:
            ops.append(Cite("24A"))
            bar = False
        if bar and table.phase == Phase.AUCTION:
            ops += [Bar((o + 2) & 3, "next_turn"), self.enforced_pass_review()]
        ops.append(Flag("UI_card", "16C", o))
        return _now(irr, ops)

    def exposed_cards_reopened(self, table: TableView) -> list[Consequence]:
        """Law 24 when 21B1a reopens the auction: the cards exposed after the final pass
        are face up again (``table.exposed``) and the auction has not ended, so the bar
        of 24B (an honour or a card led) or 24C (two or more cards), which had no effect
        after the final pass, now holds partner at his next turn (72C may apply)."""
        ops: list[Consequence] = []
        for seat, cards in sorted(table.exposed.items()):
            if len(cards) > 1 or any(led or card % 13 >= 8 for card, led in cards):
                ops += [Cite("24C" if len(cards) > 1 else "24B"),
                        Bar((seat + 2) & 3, "next_turn"), self.enforced_pass_review()]
        return ops

    def exposed_cards_at_end_of_auction(self, table: TableView) -> Ruling | list[Consequence]:
        """Law 24 at the end of the auction: the cards of declarer or dummy go back to
        the hand (24D); a defender's become penalty cards (24E), major unless a single
        card below an honour was exposed and not led (Law 50).  (An edition where
        declarer chooses, as the 1997 Law 24 has it, returns that ruling instead.)"""
        ops: list[Consequence] = []
        declarer = table.declarer
        assert declarer is not None
        for seat, cards in sorted(table.exposed.items()):
            if (seat ^ declarer) & 1 == 0:
                ops.append(Cite("24D"))
                continue
            ops.append(Cite("24E"))
            minor_possible = len(cards) == 1 and not cards[0][1] and cards[0][0] % 13 < 8
            ops += [PenaltyCard(seat, c, not minor_possible) for c, _led in cards]
        return ops

    # --- Law 26: lead restrictions ------------------------------------------------------

    def lead_restriction(self, table: TableView, offender: int) -> Ruling:
        """Law 26B: at the first turn to lead of the partner of an offender whose withdrawn
        call was not replaced by a comparable call, declarer may forbid the lead of one
        suit that the offender did not specify in the legal auction, for as long as that
        partner keeps the lead."""
        assert table.declarer is not None
        irr = Irregularity("lead_restriction", offender, len(table.events), ("26B",),
                           {"_leader": (offender + 2) & 3})
        # 26B: the lawful values are the suits the offender did not specify
        named = suits_specified(table, offender)
        allowed = tuple(s for s in range(3, -1, -1) if s not in named)
        return Ruling(irr, ("26B",), Decision(table.declarer, ("forbid_suit", "no_restriction"),
                                              ("26B", "26B"), suits=allowed),
                      consequences={})

    def lead_restriction_chosen(self, table: TableView, ruling: Ruling,
                                choice: Choose) -> list[Consequence]:
        """Law 26B: declarer forbids one suit the offender did not specify, or nothing."""
        option, suit = choice.option, choice.suit
        offender = ruling.irregularity.by
        leader = (offender + 2) & 3
        ops: list[Consequence] = []
        if option == "forbid_suit":
            named = suits_specified(table, offender)
            allowed = [s for s in range(4) if s not in named]
            if suit is None or suit not in allowed:
                return [Refuse("Law 26B: declarer may forbid one suit that "
                               f"{SEAT_NAMES[offender]} did not specify in the legal auction: "
                               + ", ".join(SUIT_LETTERS[s] for s in allowed), "lead.26B",
                               (("seat", offender),
                                ("suits", "".join(SUIT_LETTERS[s] for s in allowed))))]
            ops.append(LeadRestriction(leader, "26B", forbid=(suit,)))
        ops.append(Cite("26B"))
        return ops
