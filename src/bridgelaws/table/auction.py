"""Irregular calls and the duties they leave: Laws 17D3, 21B, 24-39 (the table's side:
recognising the irregular call, settling duties and bars, replacing a call).

These functions are methods of :class:`~bridgelaws.table.Table` (the class body of
:mod:`bridgelaws.table.core` takes them in); the rules themselves are hooks of the
edition (:mod:`bridgelaws.laws`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..calls import DOUBLE, MAX_LEGAL_BID, PASS, REDOUBLE, call_name, is_bid
from ..cards import BridgeError, SEAT_NAMES, card_name
from ..events import MakeCall
from ..laws.consequences import Cite, Flag, PenaltyCard, Refuse
from ..laws.ruling import Ruling
from ..play import NO_TRUMP

from .constants import AUCTION, PLAY
from .errors import TableError, refused

if TYPE_CHECKING:
    from .core import Table


def _irregular_call(self: Table, event: MakeCall) -> None:
    """A call that is not simply lawful now: a duty or a bar settles it, or it is
    an irregularity to recognise."""
    index = len(self.events)
    seat, call = event.by, event.call
    if not isinstance(seat, int) or not 0 <= seat <= 3:
        raise TableError(f"unknown seat {seat!r}", f"event {index}")
    if not isinstance(call, int) or call < 0:
        raise TableError(f"unknown call {call!r}", f"event {index}")
    if event.replaces is not None:
        self._replace_own_call(event, index)
        return
    if self.phase == AUCTION and seat == self.auction.turn and self._settle_duties(event):
        return
    o = self._inadmissible_by
    if o is not None and seat == (o + 1) & 3 and self.auction.turn == o:
        # Law 36A: the offender's LHO called over the inadmissible double or
        # redouble before it was rectified (the call is not recorded)
        self._apply_consequences(self.edition.lho_called_over_inadmissible(self, o))
        self._inadmissible_by = None
        return
    facts = {"call": call_name(call), "_code": call, "_artificial": event.artificial}
    over = {"_called_over": True} if index in self._over_calls else {}
    if self.phase != AUCTION:
        self._irregular("call_after_final_pass", seat, index, **facts, **over)  # Law 39
        self._over_watch = (index, seat, "call_after_final_pass")
    elif is_bid(call) and call > MAX_LEGAL_BID:
        self._irregular("bid_above_seven", seat, index, **facts, **over)      # Law 38
        self._over_watch = (index, seat, "bid_above_seven")
    elif (seat == (self.auction.turn + 1) & 3 and self.auction.turn in self.barred
          and self.auction.turn not in self.duties):
        # Law 28A: a call at the turn of an RHO obliged to pass is in rotation: the
        # RHO's pass is recorded and the call stands in its turn
        self._apply_consequences(self.edition.call_at_barred_turn(self, self.auction.turn))
        if self.phase == AUCTION:
            self._call(event)
    elif seat != self.auction.turn:
        # Laws 28-32: a call out of rotation
        kind = ("pass_out_of_rotation" if call == PASS else
                "double_out_of_rotation" if call in (DOUBLE, REDOUBLE) else
                "bid_out_of_rotation")
        self._irregular(kind, seat, index, turn=SEAT_NAMES[self.auction.turn],
                        _turn=self.auction.turn, **facts)
    elif is_bid(call) and self.auction.last_bid is not None and call <= self.auction.last_bid:
        self._irregular("insufficient_bid", seat, index,                          # Law 27
                        last_bid=call_name(self.auction.last_bid), **facts)
    elif seat in self.barred and call != PASS:
        if call in (DOUBLE, REDOUBLE) and not self.auction.is_legal(seat, call):
            # also a breach of 19A1/19B1: Law 37A does not apply, 37B stands
            self._irregular("call_in_breach_of_bar", seat, index, **facts)    # Law 37
        else:
            self._irregular("call_in_breach_of_bar", seat, index, **facts, **over)  # Law 37
            self._over_watch = (index, seat, "call_in_breach_of_bar")
    elif (call in (DOUBLE, REDOUBLE) and self.duties.get(seat, {}).get("kind") == "substitute"
            and self.auction.is_legal(seat, call)):
        # Law 27B3: a double or redouble put for an insufficient bid is cancelled;
        # the offender chooses again and his partner passes throughout
        self._irregular("substitute_double_for_insufficient_bid", seat, index, **facts)
    elif call in (DOUBLE, REDOUBLE):
        self._irregular("inadmissible_double", seat, index, **facts)          # Law 36
    else:
        raise TableError(f"{call_name(call)} by {SEAT_NAMES[seat]} is lawful but was "
                         "not accepted: a bar is in force", f"event {index}")


def _replace_own_call(self: Table, event: MakeCall, index: int) -> None:
    """Laws 25A and 21B1a: a player replaces his own last call (the edition's
    ``call_replaced`` says whether he may).  The new call stands in its place and is
    then treated by whatever law applies to it (27 if insufficient...).  If his LHO
    had called over the first call, the LHO may change that call (25A, 21B2): with a
    call of his own marked ``replaces="after_change"``.
    """
    seat = event.by
    if event.replaces == "after_change":
        return self._lho_changes(event, index)
    verdict = self.edition.call_replaced(self, seat, str(event.replaces))
    if type(verdict) is Refuse:
        raise refused(verdict, f"event {index}")
    if type(verdict) is Cite and verdict.law == "25B":
        # Law 25B: a change that 25A (or 21B1a) no longer permits: the LHO may accept it
        self._irregular("change_of_call", seat, index, call=call_name(event.call),
                        _code=event.call, _reason=str(event.replaces))
        return
    calls = self.auction.calls
    i = [k for k, (s_, _c) in enumerate(calls) if s_ == seat][-1]
    later = calls[i + 1:]
    if self.phase == PLAY:
        # 21B1a in the clarification period: the auction period has not ended
        self._reopen_auction()
    self._apply_consequences([verdict, *self.edition.replaced_call_information(
        self, seat, verdict.law if type(verdict) is Cite else str(event.replaces))],
        f"event {index}")
    self._rebuild_auction(calls[:i])
    self._call(MakeCall(seat, event.call, event.artificial, event.comparable))
    # the LHO's call over the first call stands if it is still lawful; he may
    # change it (25A, 21B2), and must if it is not lawful any more
    for s_, c in later:
        if s_ != (seat + 1) & 3 or self.pending is not None:
            break
        self.lho_may_change = s_
        if self.phase == AUCTION and self.auction.turn == s_ and self.auction.is_legal(s_, c):
            self._put(s_, c)


def _lho_changes(self: Table, event: MakeCall, index: int) -> None:
    """Law 25A6 / 21B2: after his RHO replaced a call, the LHO changes the call he had
    made over it, with no further rectification; 16C says for which side the withdrawn
    call is unauthorised (the edition's ``replaced_call_information``)."""
    seat = event.by
    calls = self.auction.calls
    fresh = calls and (calls[-1][0] == seat or (calls[-1][0] == (seat + 3) & 3
                                                 and self.auction.turn == seat))
    if self.lho_may_change != seat or not fresh:
        raise TableError(f"{SEAT_NAMES[seat]} may change a call only right after his RHO "
                         "replaced the call he had called over (Laws 25A, 21B2)",
                         f"event {index}")
    self.lho_may_change = None
    verdict = self.edition.lho_changes_call(self, seat)
    if isinstance(verdict, Refuse):
        raise refused(verdict, f"event {index}")
    if calls[-1][0] == seat:
        self._rebuild_auction(calls[:-1])
    self._apply_consequences([verdict, *self.edition.replaced_call_information(
        self, seat, verdict.law)], f"event {index}")
    self._call(MakeCall(seat, event.call, event.artificial, event.comparable))


def _reopen_auction(self: Table) -> None:
    """Back to the auction from the clarification period (Law 21B1a, 17D)."""
    self.phase = AUCTION
    self.contract = self.declarer = self.dummy = None
    self.trick_leader = None
    self.trump = NO_TRUMP
    self.pending = None
    self._offered = (-1, set())           # the lead choices are offered again at the new end
    # Law 24: a card exposed in this auction period stays face up until the auction
    # ends: the penalty cards the end of the auction made of them are face up again,
    # and the new end of the auction settles them (24D, 24E; 1997: declarer's choice)
    for seat, cards in self.exposed_settled.items():
        names = {card_name(c) for c, _led in cards}
        left = [c for c in self.penalty_cards.get(seat, ()) if c["card"] not in names]
        if left:
            self.penalty_cards[seat] = left
        else:
            self.penalty_cards.pop(seat, None)
        self.exposed.setdefault(seat, []).extend(cards)
        # the lead choices made on them (50D2, 51B) lapse with the old opening lead;
        # they are offered again at the new end of the auction
        partner = SEAT_NAMES[(seat + 2) & 3]
        self.lead_restrictions = [r for r in self.lead_restrictions if r["seat"] != partner
                                  or not str(r.get("law", "")).startswith(("50D", "51B"))]
    self.exposed_settled = {}
    # Law 26B (and 39C, which leads to it): the lead restriction is declarer's choice at
    # the offender's partner's first lead; the opening lead of the old end lapses, so
    # the lead penalties are due again at the new one (the new declarer may differ) and
    # a restriction already chosen on them lapses with it
    self.lead_penalties = list(self._lead_penalties_made)
    self.lead_restrictions = [r for r in self.lead_restrictions
                              if not str(r.get("law", "")).startswith("26")]
    self._apply_consequences(self.edition.exposed_cards_reopened(self))


def _settle_duties(self: Table, event: MakeCall) -> bool:
    """A call at the caller's turn while duties or bars are in force.  Returns True
    when the call was dealt with here (put in force, or found irregular)."""
    seat, call = event.by, event.call
    auction = self.auction
    bar = self.barred.get(seat)
    if bar is not None:
        if call != PASS:
            return False          # a call in breach of a bar: Law 37
        if bar == "next_turn":
            del self.barred[seat]
        self._put(seat, call)
        return True
    duty = self.duties.get(seat)
    if duty is None:
        if not auction.is_legal(seat, call):
            return False
        self._put(seat, call)
        return True
    kind = duty["kind"]
    if kind == "repeat":
        if call != duty["call"]:
            return False
        del self.duties[seat]
        self.laws.append(duty["law"])                     # 31A1 / 32A1: no rectification
        self._put(seat, call)
        return True
    if kind == "other_than" and call == duty["call"]:
        # 1997 Law 25B2b(2): the offender chose "any other legal call" instead of his
        # first call; repeating it is not that choice (25B2b(1) was the other option)
        raise TableError(f"Law 25B2b: {SEAT_NAMES[seat]} chose another call than "
                         f"{call_name(call)}; it may not be repeated",
                         f"event {len(self.events)}")
    if kind == "substitute":
        ops = self.edition.substitute_for_insufficient_bid(
            self, seat, call, event.artificial, event.comparable, duty["withdrawn"])
        if ops is None:
            return False          # 27B3, 27B4 or an inadmissible call: irregular
        del self.duties[seat]
        self._apply_consequences(ops)
        self._put(seat, call)
        return True
    if not auction.is_legal(seat, call):
        return False
    del self.duties[seat]
    self._put(seat, call)
    if kind == "comparable":
        # Law 23A: the Director has judged (``comparable`` on the event)
        self._apply_consequences(self.edition.comparable_call(
            self, seat, duty["law"], bool(event.comparable)))
    elif kind == "rho_call":
        self._apply_consequences([self.edition.rho_called(self, duty, call)])
    return True


def _call_during_decision(self: Table, event: MakeCall, index: int) -> None:
    """A call while a choice is pending: the edition's ``call_during_choice`` says
    what it settles (27C, 27A1, 29A, 28B, 36A); the call is then made (not after 36A,
    which cancels it too)."""
    p = self.pending
    assert p is not None and p.decision is not None
    ops = self.edition.call_during_choice(self, p, event.by)
    if ops is None and self.phase != AUCTION and event.replaces is None:
        # Law 39: a call after the final pass (a player can make one while declarer's
        # choice is pending, 50D2 say) is recorded and ruled (a ruling with no choice);
        # the choice stays pending, and a lead penalty (39C, 26B) comes after it
        self._irregular_call(event)
        return
    if ops is None:
        d = p.decision
        raise TableError(f"{SEAT_NAMES[d.by]} must first choose: {', '.join(d.options)} "
                         f"(Law {', '.join(d.laws)})", f"event {index}")
    self._apply_consequences(ops, settle_first=False)
    self.pending = None
    if Cite("36A") in ops:
        return                      # Law 36A: the LHO's call is cancelled as well
    self._call(event)


def _lho_called_over(self: Table, event: MakeCall) -> bool:
    """The offender's LHO calls right after a call in breach of a bar (37), a bid above
    seven (38) or a call after the final pass (39), before the Director's ruling (a
    ``Director`` event ``"ruled"`` between the two marks the ruling given): the
    irregular call is ruled again as called over (37A, 38D, 39B: the edition's
    ``CALLED_OVER`` hooks), by rebuilding the table from its log, and the LHO's call is
    then made, except over a bid above seven, which cancels it too (38B).  False: this
    call is not such a call."""
    w = self._over_watch
    assert w is not None
    index, offender, kind = w
    if event.by != (offender + 1) & 3 or len(self.events) != index + 1 \
            or event.replaces is not None:
        return False
    fresh = index not in self._over_calls
    try:
        if fresh:
            self._over_calls.add(index)
            self._restore()                 # the log again: event ``index`` is called over
        self._over_watch = None
        if kind != "bid_above_seven":
            self._call(event)
    except BridgeError:
        if fresh:
            self._over_calls.discard(index)
        raise
    return True


def _settle_exposed_cards(self: Table) -> None:
    """Law 24 at the end of the auction (the edition's
    ``exposed_cards_at_end_of_auction``): the cards go back to the hand or become
    penalty cards."""
    ops = self.edition.exposed_cards_at_end_of_auction(self)
    for seat, cards in self.exposed.items():
        settled = self.exposed_settled.setdefault(seat, [])
        settled.extend(c for c in cards if c not in settled)
    if isinstance(ops, Ruling):
        self._await(ops)                  # an edition where declarer chooses (1997 Law 24)
        self._exposed_awaiting = {s: list(c) for s, c in self.exposed.items()}
        self.exposed.clear()
        return
    for op in ops:
        if type(op) is PenaltyCard:
            self._add_penalty_card(op.seat, op.card, op.major)    # 50B: several are major
        else:
            self._apply_consequences([op])
    self.exposed.clear()


def _exposed_next_defender(self: Table, decided: int) -> None:
    """1997 Law 24 with cards exposed by both defenders: each defender who exposed
    cards is an offender of his own, so declarer chooses for each of them in turn
    (Law 24: "if the offender becomes a defender, declarer may treat the card(s) as
    penalty cards"); after his choice for ``decided`` the next defender's is due."""
    declarer = self.declarer
    assert declarer is not None
    rest = {s: c for s, c in self._exposed_awaiting.items()
            if s != decided and (s ^ declarer) & 1}
    if not rest:
        self._exposed_awaiting = {}
        return
    self.exposed = rest
    self._settle_exposed_cards()


def _exposed_after_auction(self: Table) -> None:
    """Law 24 in the clarification period: the auction period lasts until the opening
    lead is faced (17D), so a card exposed after the final pass falls under Law 24, but
    the auction has already ended: what Law 24 does at its end applies at once (24D:
    declarer's or dummy's card goes back to the hand; 24E: a defender's becomes a
    penalty card, and 50D2 may arise at the opening lead)."""
    if self.phase != PLAY or not self.exposed:
        return
    p = self.pending
    if p is not None and p.irregularity.kind == "penalty_card_lead":
        # declarer had not yet chosen under 50D2: his options now count this card too
        # (two or more penalty cards: 51B)
        self.pending = None
        p = None
    elif p is not None and p.irregularity.kind == "card_exposed_during_auction" \
            and p.decision is not None and self._exposed_awaiting:
        # declarer had not yet chosen whether the cards exposed are penalty cards (1997
        # Law 24): he chooses for them all, this one included
        for seat, cards in self._exposed_awaiting.items():
            self.exposed[seat] = cards + self.exposed.get(seat, [])
            settled = self.exposed_settled.get(seat, [])
            self.exposed_settled[seat] = [c for c in settled if c not in cards]
        self.pending = None
        p = None
    self._exposed_awaiting = {}
    self._settle_exposed_cards()
    if p is None and self.pending is None and self.penalty_cards and not self.trick:
        self._offered[1].discard("50D2")
        self._next_leader()
