"""The Laws of Duplicate Bridge 1997 (the Norwegian text, seed 004) as an edition.

:class:`Laws1997` is :class:`~bridgelaws.laws.edition.Laws2017` with the hooks overridden
where the 1997 Laws differ (``shared/LAWS.md`` section 4, ``shared/LAWS-1997.md``);
every other answer is the 2017 one.  Citations are the 1997 law numbers.

The seed was extracted from slides and is unclear in places.  The readings taken here:

1. **25A "at once"** (M1): the engine cannot see a pause for thought; it reads "at once"
   as "before any other player has called", so a replacement after LHO called over the
   first call is refused, and LHO never changes his call (no 2017 25A6 / 21B2).
2. **25B2b** (M2): when LHO does not accept a change of call (the first call legal),
   the offender chooses next (a second ruling, ``change_refused``): 25B2b(1), the first
   call stands, partner passes at his next turn; or 25B2b(2), the first call is
   withdrawn and he makes any other legal call, the auction going on normally and the
   flag ``Cap25B2b`` capping his side at average minus.  Law 26 may apply either way.
   (The table does not refuse his making the first call again under (2).)
3. **26A "referred to a suit"** (M4): the engine knows a call's suit only when it is
   natural: a withdrawn bid in a suit not marked artificial refers to that suit; an
   artificial call, a notrump bid, a pass, a double or redouble gives 26B.  26A1: the
   offender bid that suit again later in the auction (a call of his after the
   withdrawal that was not itself irregular): no lead penalty.  The withdrawn call is
   the offender's last irregular call of the auction.
4. **27B1a "incontrovertibly not conventional"** (M4): both the insufficient bid and
   the correction must be unmarked (not ``"artificial"``); otherwise 27B2.  There is no
   comparable-call route: the event's ``comparable`` is ignored; a double or redouble
   is 27B3.
5. **29C / 31A2 "the same denomination"**: a natural call's strain; an artificial call
   or a different strain bars partner throughout.  A double after a double (32B2 with
   RHO doubling) is treated as RHO bidding, as LAWS-1997.md reads it.
6. **30B2**: partner "may not double or redouble at that turn" is reported as the flag
   ``NoDouble30B2`` (the table does not refuse the double; the Director cancels it).
   A pass out of rotation at LHO's turn by a player who has not called is treated as at
   RHO's turn (30B1): 30B3 speaks only of a change of call.
7. **46B1** (M5): "high" in fourth seat is the lowest card that wins; when dummy cannot
   win, the highest card of the suit led (no card "wins", so "high" keeps its meaning).
8. **57 / no 57D** (M10): a defender playing at RHO's turn after his partner played
   makes his card a major penalty card (49, 50: a deliberate play).
9. **64A** (the 1997 texts): a trick won by dummy counts as won by declarer (there is
   no 2017 footnote 19).  64A2's extra trick: a later trick the offending player won
   with a card of the suit led to the revoke trick; the transfer is at most the tricks
   the offending side won from the revoke trick on (LAWS-1997.md's cap).
10. **64B3**: the failure to play a card face up on the table: dummy's, or a penalty
    card of the suit led that the revoker held, as in 2017 (a hand faced for a claim
    never plays on in 1997, 68D).
11. **67B1** (the omitted card, found late): holding the suit led he places a card of
    it, the trick keeps its winner and there is no penalty.
12. **17D** (M3): a call with the cards of another board is cancelled; if LHO has
    called since, the board is cancelled at this table (assigned score).
13. **13B** (all four agree): the hook has only "a card was seen"; the 1997 default, an
    artificial score, is taken, since the four players' agreement is not in the record.
    13C (1997) = 2017 13D: a surplus card found after play cancels the result (an
    artificial score), with no procedural penalty.  A card foreign to the deal (2017
    13C) has no 1997 law: the 2017 answer stays.
14. **55A** (M8): with no 1997 tie-break, the first defender to state a choice
    decides; the table asks the defender next in turn, as in 2017 (the same answer).
15. **43B3** (M9): the adjustment is balanced (both sides), flag ``Review43B3both``.
16. **69B, 70, 71**: 69B differs only in the Director's test (the 2017 answer stays).
    71: the Director's event names the ground (``"legal"`` 71A, ``"contract"`` 71B,
    ``"normal"`` 71C), and 71C's short deadline (before the conceding side calls on a
    later board, or the round ends) is the event's ``value``: false refuses the
    cancellation; no ground cites plain 71.  70: the claim aid runs without 70D2 (a
    defender's partner's follows and discards are taken as the claimer's own) and
    without a default order of 70E2 (a suit may be led from its lowest card):
    :meth:`claim_aid_options`.
17. **45C4b "without pause for thought"** (M6): before any card is played after
    dummy's (the 1997 law is for any player's designation; the table changes only
    dummy's).
18. **36**: the 1997 Law 36 has no letters: the ruling cites 36 (the table keys the
    LHO-called-over rule, 1997 35A, on that citation as on 2017's 36B).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Sequence

from ..calls import DOUBLE, MAX_LEGAL_BID, PASS, REDOUBLE, bid_strain, is_bid
from ..cards import SEAT_NAMES, SUIT_LETTERS, card_name
from ..events import Choose, MakeCall
from .auction import lowest_sufficient, relation_to_turn
from .consequences import (Bar, CallDuty, CancelCalls, Cite, Consequence, DropLeadPenalty,
                           DropReview, Flag, LeadPenalty, LeadRestriction, NoTableResult,
                           PenaltyCard, PutInForce, Recognise, Refuse, Transfer, Unbar,
                           WithdrawLast)
from .dummy import Designation, card_value
from .edition import EDITIONS, Laws2017
from .judgement import AdjustedScoreLaws
from .protocol import Phase, RevokeView, TableView
from .ruling import Decision, Irregularity, Ruling

__all__ = ["Laws1997", "withdrawn_suit"]

_AUCTION_KINDS = ("insufficient_bid", "pass_out_of_rotation", "bid_out_of_rotation",
                  "double_out_of_rotation", "inadmissible_double", "call_in_breach_of_bar",
                  "bid_above_seven", "call_after_final_pass")


def withdrawn_suit(table: TableView, offender: int) -> int | None:
    """Law 26A (1997, reading 3): the suit the offender's last withdrawn call referred
    to, or ``None`` (26B).  ``None`` too when he bid the suit again legally (26A1)."""
    for irr in reversed(table.irregularities):
        if irr.by == offender and irr.kind in _AUCTION_KINDS:
            call = irr.facts.get("_code")
            if (call is None or not is_bid(call) or call > MAX_LEGAL_BID
                    or bid_strain(call) > 3 or irr.facts.get("_artificial")):
                return None
            suit = bid_strain(call)
            irregular = {i.event for i in table.irregularities}
            for k in range(irr.event + 1, len(table.events)):
                e = table.events[k]
                if (k not in irregular and isinstance(e, MakeCall) and e.by == offender
                        and is_bid(e.call) and bid_strain(e.call) == suit):
                    return -1                        # shown again, later: 26A1
            return suit
    return None


def _last_irregular_call(table: TableView, seat: int, kind: str) -> Irregularity | None:
    return next((i for i in reversed(table.irregularities) if i.by == seat and i.kind == kind),
                None)


_ADJUSTED_1997 = AdjustedScoreLaws(weighted=False, assigned="12C2", weighting=None,
                                   unbalanced="12C2", artificial="12C1",
                                   artificial_imps="86A", session="88")


class Laws1997(Laws2017):
    """The Laws of Duplicate Bridge 1997 (Norwegian edition), where they differ."""

    name = "1997"

    #: Law 61B: the defenders may ask declarer, never each other
    defenders_ask_each_other = False

    RULES: ClassVar[dict[str, str]] = dict(Laws2017.RULES)
    RULES["change_refused"] = "change_refused"                              # Law 25B2b

    # --- Law 12C: adjusted scores ---------------------------------------------------

    def adjusted_score_laws(self) -> AdjustedScoreLaws:
        """1997 Law 12C: an artificial score is 12C1 (in IMPs, 86A; the session rule is
        Law 88, for the non-offenders only); an assigned score is 12C2: the
        non-offenders get the most favourable result that was likely, the offenders the
        most unfavourable that was at all probable, the two need not balance, and
        nothing is weighted (only an appeals committee may vary it, 12C3)."""
        return _ADJUSTED_1997

    # --- Law 23: the enforced pass ---------------------------------------------------

    def enforced_pass_review(self, offender: int | None = None) -> Flag:
        """Law 23: an enforced pass the offender could have known would damage the
        non-offending side: the Director lets play go on and may adjust."""
        return Flag("Review23", "23", offender)

    # --- Law 24: declarer may treat the cards as penalty cards ----------------------

    def exposed_cards_at_end_of_auction(self, table: TableView) -> Ruling | list[Consequence]:
        """Law 24: if the offender becomes a defender, declarer **may** treat the
        exposed cards as penalty cards (Law 50 grades them); declarer's or dummy's go
        back to the hand.  Each defender who exposed cards is an offender of his own:
        declarer chooses for the first of them here, and the table asks again for the
        next one once he has chosen (one choice per defender)."""
        declarer = table.declarer
        assert declarer is not None
        defenders = [(s, c) for s, c in sorted(table.exposed.items()) if (s ^ declarer) & 1]
        if not defenders:
            return [Cite("24")]
        seat, cards = defenders[0]
        minor_possible = len(cards) == 1 and not cards[0][1] and cards[0][0] % 13 < 8
        irr = Irregularity("card_exposed_during_auction", seat, len(table.events), ("24",),
                           {"card": ", ".join(card_name(c) for c, _led in cards),
                            "_card": cards[0][0], "_led": cards[0][1]})
        penalty: list[Consequence] = [Cite("50B")]
        penalty += [PenaltyCard(seat, c, not minor_possible) for c, _led in cards]
        return Ruling(irr, ("24",), Decision(declarer, ("penalty_cards", "no_penalty_cards"),
                                             ("24", "24")), consequences={
            "penalty_cards": penalty, "no_penalty_cards": [Cite("24")]})

    # --- Law 25: changes of call --------------------------------------------------------

    def call_replaced(self, table: TableView, seat: int, reason: str) -> Cite | Refuse:
        """Law 25A (1997): an inadvertent call is replaced only at once (reading 1:
        before any other player has called); Law 21B1a as in 2017."""
        verdict = super().call_replaced(table, seat, reason)
        if reason == "unintended" and isinstance(verdict, Cite):
            calls = table.auction.calls
            if calls and calls[-1][0] != seat:
                return Refuse(f"too late for Law 25A: {SEAT_NAMES[seat]} did not replace his "
                              "call at once, without pause for thought (another player has "
                              "called since)", "replace.25A.1997", (("seat", seat),))
        return verdict

    def lho_changes_call(self, table: TableView, seat: int) -> Cite | Refuse:
        """The 1997 Law 25A gives the LHO no change of his call."""
        if "21B1a" in table.laws:
            return Cite("21B2")
        return Refuse("Law 25A (1997): the LHO may not change his call", "lho_change.25A.1997")

    # --- Law 26: lead penalties ------------------------------------------------------

    def lead_restriction(self, table: TableView, offender: int) -> Ruling:
        """Law 26 (1997): the withdrawn call referred to a suit the offender did not
        show again: declarer may require or forbid that suit (26A2); other calls:
        declarer may forbid any one suit (26B), while partner keeps the lead."""
        assert table.declarer is not None
        suit = withdrawn_suit(table, offender)
        facts: dict[str, Any] = {"_leader": (offender + 2) & 3}
        if suit == -1:
            irr = Irregularity("lead_restriction", offender, len(table.events), ("26A1",), facts)
            return Ruling(irr, ("26A1",), None, consequences={"now": [Cite("26A1")]})
        if suit is not None:
            facts["_suit"] = suit
            irr = Irregularity("lead_restriction", offender, len(table.events), ("26A",), facts)
            return Ruling(irr, ("26A",), Decision(
                table.declarer, ("require_suit", "forbid_suit", "no_restriction"),
                ("26A2", "26A2", "26A2"), suits=(suit,)), consequences={})   # 26A2: that suit
        irr = Irregularity("lead_restriction", offender, len(table.events), ("26B",), facts)
        # 26B (1997): any one suit, one the offender bid included
        return Ruling(irr, ("26B",), Decision(table.declarer, ("forbid_suit", "no_restriction"),
                                              ("26B", "26B"), suits=(3, 2, 1, 0)),
                      consequences={})

    def lead_restriction_chosen(self, table: TableView, ruling: Ruling,
                                choice: Choose) -> list[Consequence]:
        """Law 26 (1997): 26A2 requires or forbids the withdrawn call's suit; 26B forbids
        any one suit named by declarer."""
        leader = (ruling.irregularity.by + 2) & 3
        suit = ruling.irregularity.facts.get("_suit")
        law = "26A2" if suit is not None else "26B"
        if choice.option == "no_restriction":
            return [Cite(law)]
        named = choice.suit if choice.suit is not None else suit
        if named is None or (suit is not None and named != suit):
            if suit is None:
                return [Refuse(f"Law {law}: declarer names one suit", "lead.26B.1997")]
            return [Refuse(f"Law {law}: declarer names {SUIT_LETTERS[suit]}", "lead.26A2",
                           (("suits", SUIT_LETTERS[suit]),))]
        if choice.option == "require_suit":
            return [LeadRestriction(leader, law, require=named), Cite(law)]
        return [LeadRestriction(leader, law, forbid=(named,)), Cite(law)]

    # --- Law 27: insufficient bids -------------------------------------------------------

    def substitute_for_insufficient_bid(self, table: TableView, seat: int, call: int,
                                        artificial: bool, comparable: bool | None,
                                        withdrawn: int) -> list[Consequence] | None:
        """Law 27B (1997): 27B1a when both bids are incontrovertibly not conventional
        and the correction is the lowest sufficient bid in the same denomination (27B1b:
        the Director adjusts if the insufficient bid gave damaging information);
        otherwise 27B2, partner passes throughout (23, 26).  No comparable call."""
        auction = table.auction
        if call in (DOUBLE, REDOUBLE) or not auction.is_legal(seat, call):
            return None                             # 27B3, or no lawful substitute
        ib = _last_irregular_call(table, seat, "insufficient_bid")
        ib_conventional = bool(ib is not None and ib.facts.get("_artificial"))
        lowest_same = (is_bid(call) and bid_strain(call) == bid_strain(withdrawn)
                       and call == lowest_sufficient(auction.last_bid, bid_strain(withdrawn)))
        if lowest_same and not artificial and not ib_conventional:
            return [Cite("27B1a"), Flag("Review27B1b", "27B1b", seat)]
        return [Cite("27B2"), Bar((seat + 2) & 3, "rest_of_auction"), LeadPenalty(seat, "26"),
                self.enforced_pass_review(seat)]

    # --- Laws 25B, 29-32: calls out of rotation ------------------------------------------

    def call_out_of_rotation(self, table: TableView, irr: Irregularity) -> Ruling:
        """Laws 29-32 (1997): LHO may accept (29A).  Otherwise:

        * 30A: a pass before any bid: the offender passes at his next turn;
        * 30B1: after a bid, at RHO's turn: the same; 30B2: at partner's turn: the
          offender passes throughout, partner may not double or redouble at that turn;
        * 31A: a bid at RHO's turn: RHO's call decides (31A1 repeat, 31A2);
          31B: at partner's turn (or LHO's, before the offender called): partner passes
          throughout (26);
        * 32A: a double or redouble at partner's turn (or LHO's): partner passes
          throughout; 32B: at RHO's turn, RHO's call decides (26B);
        * at LHO's turn after the offender's own call: a change of call (25B).
        """
        o, call, turn = irr.by, irr.facts["_code"], irr.facts["_turn"]
        ruling = super().call_out_of_rotation(table, irr)
        partner = (o + 2) & 3
        conventional_pass = call == PASS and irr.facts.get("_artificial")
        family = "31" if is_bid(call) or conventional_pass else "30" if call == PASS else "32"
        where = relation_to_turn(table, o, turn)
        if where == "lho_change":
            return self._change_of_call(irr, family)
        d = ruling.decision
        if d is None or "accept" not in d.options:
            return ruling                           # an inadmissible double: 32, 36
        reject: list[Consequence] = [Cite("29B"), Flag("UI", "16C")]
        if family == "30":
            if table.auction.last_bid is None:
                reject += [Cite("30A"), Bar(o, "next_turn"), self.enforced_pass_review()]
            elif where == "partner":
                reject += [Cite("30B2"), Bar(o, "rest_of_auction"),
                           Flag("NoDouble30B2", "30B2", partner), self.enforced_pass_review()]
            else:
                reject += [Cite("30B1"), Bar(o, "next_turn"), self.enforced_pass_review()]
        elif where == "rho":
            law = "31A" if family == "31" else "32B"
            reject += [Cite(law), CallDuty(turn, "rho_call", law, withdrawn=call, offender=o)]
        else:
            law = "31B" if family == "31" else "32A"
            reject += [Cite(law), Bar(partner, "rest_of_auction"), LeadPenalty(o, "26"),
                       self.enforced_pass_review()]
        return replace(ruling, consequences={"accept": ruling.consequences["accept"],
                                             "reject": reject})

    def _change_of_call(self, irr: Irregularity, family: str) -> Ruling:
        """Law 25B (1997, reading 2): LHO accepts the new call: it stands without
        penalty (25B1, no Law 26); otherwise the first call stands, partner passes at
        his next turn and Law 26 may apply (25B2b(1))."""
        o, call = irr.by, irr.facts["_code"]
        change = {"30": "30B3", "31": "31B", "32": "32"}[family]
        return Ruling(irr, (change, "25B"), Decision((o + 1) & 3, ("accept", "reject"),
                                                     ("25B1", "25B2")), consequences={
            "accept": [Cite(change), Cite("25B1"), WithdrawLast(o), PutInForce(o, call)],
            "reject": [Cite(change), Cite("25B2"), Flag("UI", "16C"),
                       Recognise("change_refused", o, -1, (("call", irr.facts["call"]),))]})

    def change_refused(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 25B2b (1997, reading 2): LHO did not accept the change, and the first call
        was legal: the offender either lets it stand, his partner passing at his next
        turn (25B2b(1)), or makes any other legal call, the auction going on normally
        and his side scoring at most average minus, the other side keeping its table
        result (25B2b(2), 12C1).  Law 26 may apply either way (25B2c)."""
        o = irr.by
        # the first call, still in force until he chooses: 25B2b(2) is "any other legal
        # call", so he may not repeat it
        first = next(c for s, c in reversed(table.auction.calls) if s == o)
        return Ruling(irr, ("25B2b",), Decision(o, ("first_call", "other_call"),
                                                ("25B2b", "25B2b")), consequences={
            "first_call": [Cite("25B2b"), Bar((o + 2) & 3, "next_turn"), LeadPenalty(o, "26"),
                           self.enforced_pass_review()],
            "other_call": [Cite("25B2b"), WithdrawLast(o), LeadPenalty(o, "26"),
                           Flag("Cap25B2b", "25B2b", o),
                           CallDuty(o, "other_than", "25B2b", call=first)]})

    def comparable_call(self, table: TableView, seat: int, law: str,
                        comparable: bool) -> list[Consequence]:
        """Laws 31A2, 32B2 (1997): no comparable call.  31A2a: the offender repeats the
        denomination of his bid out of rotation: partner passes at his next turn;
        31A2b: otherwise partner passes throughout (26).  32B2: partner passes
        throughout (26B)."""
        partner = (seat + 2) & 3
        if law == "31A2":
            irr = _last_irregular_call(table, seat, "bid_out_of_rotation")
            mine = [c for s, c in table.auction.calls if s == seat]
            same = (irr is not None and not irr.facts.get("_artificial") and bool(mine)
                    and is_bid(mine[-1]) and bid_strain(mine[-1]) == bid_strain(irr.facts["_code"]))
            if same:
                return [Cite("31A2a"), Bar(partner, "next_turn"), self.enforced_pass_review(seat)]
            return [Cite("31A2b"), Bar(partner, "rest_of_auction"), LeadPenalty(seat, "26"),
                    self.enforced_pass_review(seat)]
        return [Cite(law), Bar(partner, "rest_of_auction"), LeadPenalty(seat, "26B"),
                self.enforced_pass_review(seat)]

    # --- Laws 35-39 ------------------------------------------------------------------

    def lho_called_over_inadmissible(self, table: TableView, offender: int) -> list[Consequence]:
        """Law 35A (1997): LHO called over an inadmissible double or redouble: it and
        every later call are cancelled, with no penalty and no Law 26."""
        return [Cite("35A"), Unbar((offender + 2) & 3), DropLeadPenalty(offender),
                DropReview("Review23", offender)]

    def inadmissible_double(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 36 (1997): cancelled; any legal call; partner passes throughout (23, 26)."""
        return self._recited(super().inadmissible_double(table, irr), "36B", "36")

    def call_in_breach_of_bar(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 37 (1997): cancelled; both offenders pass throughout (23, 26)."""
        return self._recited(super().call_in_breach_of_bar(table, irr), "37B", None)

    def call_after_final_pass(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 39 (1997): cancelled; a defender's bid, double or redouble brings Law 26
        (39B; 26A when the call referred to a suit), nothing else (39A's cases)."""
        # 2017's 39C (a future defender's bid, double or redouble) is 1997's 39B; 2017's
        # 39A (every such call cancelled) is in 1997's 39 preamble, cited as "39"
        earlier = [x for x in table.irregularities if x is not irr]
        before = earlier[-1] if earlier else None
        if before is not None and before.kind == "call_after_final_pass" \
                and before.facts.get("_called_over") and before.by == (irr.by + 3) & 3 \
                and before.event == irr.event - 1:
            # 35E: the LHO's call over a call after the final pass is one of the calls
            # after it, cancelled without penalty too
            return Ruling(irr, irr.laws, None, consequences={
                "now": [Cite("35E"), Flag("UI", "16C", irr.by)]})
        # 2017's 39B (a defender's pass, any call of the declaring side: nothing more) is
        # 1997's 39A
        ruling = self._recited(super().call_after_final_pass(table, irr), "39A", None)
        ruling = self._recited(ruling, "39B", "39A")
        return self._recited(ruling, "39C", "39B")

    # 1997 Law 35: the offender's LHO called over the inadmissible call before the
    # penalty was set: no penalty for it, Law 26 does not apply (35 preamble)

    def breach_of_bar_called_over(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 35B (1997): the call of a player obliged to pass and every later legal call
        stand; an offender obliged to pass for the rest of the auction still passes
        (2017's 37A gives the same answer)."""
        return self._recited(super().breach_of_bar_called_over(table, irr), "37A", "35B")

    def bid_above_seven_called_over(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 35C (1997): the bid above seven and every later call are cancelled, the
        offender passes in its place and the auction goes on as if there had been no
        irregularity: no bar for either offender (2017's 38D bars both) and no Law 26."""
        o = irr.by
        ops: list[Consequence] = [Cite("35C"), Flag("UI", "16C", o)]
        if table.auction.turn == o:
            ops.append(PutInForce(o, PASS))       # last: it may end the auction
        return Ruling(irr, irr.laws, None, consequences={"now": ops})

    def call_after_final_pass_called_over(self, table: TableView,
                                          irr: Irregularity) -> Ruling:
        """Law 35E (1997; 39 refers to it as 35D): the call after the final pass and every
        later call are cancelled without penalty (no Law 26, whoever made it)."""
        return Ruling(irr, irr.laws, None,
                      consequences={"now": [Cite("35E"), Flag("UI", "16C", irr.by)]})

    @staticmethod
    def _recited(ruling: Ruling, old: str, new: str | None) -> Ruling:
        """The 2017 ruling with the 1997 citation: ``old`` becomes ``new`` (or goes, when
        the irregularity's own law, already cited, is the 1997 one)."""
        ops = [op for op in ruling.consequences["now"] if new is not None or op != Cite(old)]
        ops = [Cite(new) if new is not None and op == Cite(old) else op for op in ops]
        return replace(ruling, consequences={"now": ops})

    # --- Play: designations, penalty cards, leads out of turn, premature plays --------

    def designation(self, table: TableView, words: str) -> Designation | Refuse:
        """Law 46B1 (1997): "high" in fourth seat is the lowest card that wins."""
        named = super().designation(table, words)
        if words.strip().upper() == "HIGH" and len(table.trick) == 3 and isinstance(named, Designation):
            win = super().designation(table, "win")
            if isinstance(win, Designation) and win.card is not None and named.card is not None:
                led = table.trick[0] // 13
                best = max(card_value(c, led, table.trump) for c in table.trick)
                if card_value(win.card, led, table.trump) > best:
                    return Designation("46B1", win.card)
        return named

    def dummy_card_changed(self, table: TableView, reason: str, declarer_played_since: bool,
                           both_sides_played_after: bool) -> Cite | Refuse:
        """Law 45C4b (1997): an inadvertent designation is changed only at once, without
        pause for thought (reading 17: before any card is played after dummy's)."""
        verdict = super().dummy_card_changed(table, reason, declarer_played_since,
                                             both_sides_played_after)
        if reason != "unintended" or not isinstance(verdict, Cite):
            return verdict
        if table.trick:
            last = (table.trick_leader or 0) + len(table.trick) - 1
        elif table.tricks:
            last = table.tricks[-1][0] + 3
        else:
            last = -1
        if last & 3 != table.dummy:
            return Refuse("too late for Law 45C4b (1997): a designation is changed at once, "
                          "without pause for thought, and a card has been played since",
                          "dummy_change.45C4b.1997")
        return verdict

    def card_exposed_by_defender(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 50 (1997): what partner learns from seeing a penalty card is unauthorised
        to him (only the duty to play a major one is authorised)."""
        ruling = super().card_exposed_by_defender(table, irr)
        return replace(ruling, consequences={"now": [*ruling.consequences["now"],
                                                     Flag("UI_penalty_card", "50",
                                                          (irr.by + 2) & 3)]})

    def lead_out_of_turn_at_trick_13(self, table: TableView, irr: Irregularity) -> Ruling | None:
        """Law 53A (1997): any lead out of turn may be accepted, at trick 13 too."""
        return None

    def premature_play_by_defender(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 57 (1997): declarer chooses the highest or the lowest card of the suit led,
        or forbids a named other suit (57A3); no 57D (reading 8)."""
        o, card = irr.by, irr.facts["_card"]
        if irr.facts["_partner_played"]:
            return Ruling(irr, ("49",), None, consequences={
                "now": [Cite("49"), Cite("50B"), PenaltyCard(o, card, True)]})
        ruling = super().premature_play_by_defender(table, irr)
        d = ruling.decision
        if d is None:
            return ruling
        c = ruling.consequences
        # 57A3 (1997): forbid a named suit other than the suit led (the values of 2017's 57A4)
        return Ruling(irr, ("57",), Decision(d.by, ("highest", "lowest", "forbid_suit"),
                                             ("57A1", "57A2", "57A3"), suits=d.suits),
                      consequences={
            "highest": c["highest"], "lowest": c["lowest"],
            "forbid_suit": [Cite("57A3") if op == Cite("57A4") else op for op in c["forbid_suit"]]})

    # --- Laws 61-64: revokes --------------------------------------------------------------

    def question_law(self, table: TableView, by: int, asks: int) -> Cite | Refuse:
        """Law 61B (1997): the defenders may ask declarer but not each other, whatever
        the regulation says."""
        if by not in (table.declarer, table.dummy) and asks != table.declarer:
            return Refuse("the defenders may ask declarer, not each other (Law 61B, 1997)",
                          "question.partner_1997")
        verdict = super().question_law(table, by, asks)
        return Cite("61B") if verdict == Cite("61B3") else verdict

    def dummy_draws_attention_to_revoke(self, table: TableView, revoke: int,
                                        asked: bool, limits_broken: bool) -> list[Consequence]:
        """Law 43B3 (1997): the Director adjusts both sides' scores if the defenders
        gained (a balanced adjustment)."""
        ops = super().dummy_draws_attention_to_revoke(table, revoke, asked, limits_broken)
        return [Flag("Review43B3both", "43B3") if op == Flag("Review43B3", "43B3") else op
                for op in ops]

    def revoke_correction(self, table: TableView, revoke: RevokeView,
                          open_revokes: Sequence[RevokeView]) -> tuple[str, list[RevokeView]]:
        """Law 62 (1997): no 62C3; each revoke is corrected (62A) or stands (63B, 62D)."""
        if revoke.established and revoke.trick == 12:
            return "62D", [revoke]
        if revoke.established:
            return "63B", []
        return "62A", [revoke]

    def both_sides_revoked(self, table: TableView) -> list[Consequence] | None:
        """The 1997 Laws have no 64B7: each side's established revokes are settled on
        their own (Law 64 for each)."""
        return None

    def tricks_for_revoke(self, table: TableView, r: RevokeView, won_here: bool,
                          later: int) -> tuple[int, str]:
        """Law 64 (1997), for one established revoke:

        * 64A1: the offending player (declarer with dummy, reading 9) won the revoke
          trick: that trick and one later trick of his side;
        * 64A2: his side won the revoke trick or a later one: one trick, and one more if
          the offending player later won a trick with a card of the suit led to the
          revoke trick; a revoke deemed by 67B1: one trick;
        * 64B1-6 as 2017 (reading 10 for 64B3: the table's shared loop).
        """
        i = r.trick - 1
        winner = table.tricks[i][2] if i < len(table.tricks) else None
        own = {r.seat} | ({table.dummy} if r.seat == table.declarer else set())
        if r.deemed:
            return (1, "64A2") if won_here or later else (0, "64B1")
        if winner in own:
            return 1 + (1 if later else 0), "64A1"
        if won_here or later:
            return 1 + (1 if self._won_with_suit(table, r) else 0), "64A2"
        return 0, "64B1"

    @staticmethod
    def _won_with_suit(table: TableView, r: RevokeView) -> bool:
        """Law 64A2 (1997): the offending player won a later trick with a card of the
        suit led to the revoke trick (a card he held then)."""
        led = table.tricks[r.trick - 1][1][0] // 13 if r.trick <= len(table.tricks) else r.suit
        for leader, cards, winner in table.tricks[r.trick:]:
            if winner == r.seat and cards[(winner - leader) & 3] // 13 == led:
                return True
        return False

    def omitted_card_supplied(self, table: TableView, seat: int, n: int, card: int | None,
                              late: bool) -> list[Consequence]:
        """Law 67B1 (1997): found late, a player who holds the suit led places a card of
        it among his played cards with no penalty (67B1a); without it, any card, and he
        is deemed to have revoked: one trick (67B1b)."""
        ops = super().omitted_card_supplied(table, seat, n, card, late)
        if late and card is not None and any(type(op).__name__ == "DeemedRevoke" for op in ops):
            led = table.trick_cards(n)[0] // 13
            if card // 13 == led:
                return [Cite("67B1a")]
            return [Cite("67B1b") if op == Cite("67B1") else op for op in ops]
        return ops

    # --- Laws 68-71: claims --------------------------------------------------------------

    #: 1997 Law 71: A, no legal play could lose the trick; B, the concession would defeat
    #: a contract already made or make one already defeated; C, no normal play could lose
    #: it (within a shorter time)
    concession_grounds = {"legal": "71A", "contract": "71B", "normal": "71C"}

    def concession_deadline_passed(self, ground: str, in_time: bool | None) -> Refuse | None:
        """Law 71C (1997): a trick no normal play could lose is given back only if the
        matter is raised before the conceding side calls on a later board or the round
        ends (``in_time`` false: raised later; the correction period of 71A/71B does not
        help).  Reading: ``in_time`` not given means the Director, ruling now, found it
        in time."""
        if ground == "normal" and in_time is False:
            return Refuse("Law 71C (1997): too late: the concession was questioned after "
                          "the conceding side called on a later board or the round ended",
                          "claims.71C_late")
        return None

    def claim_aid_options(self) -> dict[str, bool]:
        """The 1997 Laws have neither 70D2 nor the default order of 70E2."""
        return {"partner_open": False, "default_order": False}

    def play_on_after_claim(self, table: TableView) -> list[Consequence]:
        """Law 68D (1997): play stops after a claim; there is no playing on."""
        return [Refuse("Law 68D (1997): after a claim or concession play stops; the "
                       "Director voids any play made after it", "claim.68D.1997")]

    # --- Laws 13, 15, 17D: wrong counts and wrong boards -----------------------------

    def cards_corrected(self, table: TableView, seen: bool | None) -> list[Consequence]:
        """Law 13B (1997): a card seen: play only if all four agree, otherwise an
        artificial score (reading 13: the artificial score)."""
        ops = super().cards_corrected(table, seen)
        if seen and not any(isinstance(op, Refuse) for op in ops):
            return [NoTableResult("13B", "artificial")]
        return [Cite("13A") if op == Cite("13A1") else op for op in ops]

    def wrong_count_after_play(self, table: TableView) -> list[Consequence]:
        """Law 13C (1997): a hand found after play to have had too many cards: the result
        is cancelled (an artificial score)."""
        if table.phase != Phase.COMPLETE:
            return [Refuse("Law 13C is for a wrong count found after play ended", "wrong_count.13C")]
        return [NoTableResult("13C", "artificial")]

    def wrong_board_call(self, table: TableView, seat: int) -> list[Consequence]:
        """Law 17D (1997): a call with the cards of another board is cancelled; if the
        offender's LHO has called over it, the board is cancelled at this table and the
        Director assigns a score; otherwise the auction resumes (16C)."""
        calls = table.auction.calls
        mine = [i for i, (s, _c) in enumerate(calls) if s == seat]
        if table.phase != Phase.AUCTION or not mine:
            return [Refuse("Law 17D: a call made with the cards of another board, during the "
                           "auction", "wrong_board.17D")]
        first = mine[0]
        if any(s == (seat + 1) & 3 for s, _c in calls[first + 1:]):
            return [NoTableResult("17D", "assigned")]
        return [CancelCalls(first), Cite("17D"), Flag("UI", "16C", seat)]

    def wrong_board(self, table: TableView, played_before: bool | None) -> list[Consequence]:
        """Law 15 (1997): the score stands if none of the four had played the board
        (15A); otherwise this second score is cancelled (15B)."""
        ops = super().wrong_board(table, played_before)
        return [NoTableResult("15B", "artificial") if isinstance(op, NoTableResult)
                else Cite("15A") if op == Cite("15B2") else op for op in ops]


EDITIONS["1997"] = Laws1997
