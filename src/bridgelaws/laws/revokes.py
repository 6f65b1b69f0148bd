"""Revokes: Laws 61-64 (and dummy's part in them, 43).

:class:`RevokeLaws` holds the hooks of an edition for this family, each with the 2017
answer: who may ask whom about a revoke (61B), what attention to a revoke brings
(62A-D, 63B; dummy's 43A1b, 43B2b, 43B3), the cards played after it (62C1, 62C2) and
the tricks Law 64 transfers at the end of play.  The table keeps the revokes'
bookkeeping (which are established, corrected, the cards taken back).
"""

from __future__ import annotations

from typing import Any, Sequence

from .consequences import (Cite, Consequence, Flag, MarkRevoke, PenaltyCard, Refuse, ReplayDuty,
                           Transfer)
from .protocol import RevokeView, TableView

__all__ = ["RevokeLaws"]


class RevokeLaws:
    """The hooks of revokes (Laws 61-64), answered as in 2017."""

    #: Law 61B3: the defenders may ask each other whether one of them has a card of the
    #: suit led (at the risk of creating unauthorised information), unless the event's
    #: regulation forbids it (``Table(regulation={"defenders_ask_each_other": False})``).
    #: The 1997 Laws forbid it outright.
    defenders_ask_each_other = True

    def question_law(self, table: TableView, by: int, asks: int) -> Cite | Refuse:
        """Law 61B: the law that lets ``by`` ask ``asks`` (who showed out) whether he has
        a card of the suit led, or the refusal (its code is ``question.`` and a code of
        :class:`~bridgelaws.table.QuestionRefused`).  Declarer asks a defender (61B1);
        dummy asks declarer (61B2a), never a defender (61B2b); a defender asks declarer,
        and his partner unless the regulation forbids it (61B3)."""
        if by == table.declarer:
            return Cite("61B1")
        if by == table.dummy:
            if asks != table.declarer:
                return Refuse("dummy may ask declarer, not a defender (Law 61B2b; Law 16B may "
                              "apply)", "question.dummy_defender")
            return Cite("61B2a")
        if asks != table.declarer and not table.regulation.get(
                "defenders_ask_each_other", self.defenders_ask_each_other):
            return Refuse("the event's regulation does not let the defenders ask each other "
                          "(Law 61B3)", "question.partner")
        return Cite("61B3")

    def revoke_established(self, table: TableView, revoke: RevokeView, seat: int,
                           how: str) -> str | None:
        """Law 63A: the law by which ``seat``'s act establishes ``revoke`` (not yet
        established nor corrected), or ``None``: 63A1, the offender or his partner leads
        or plays to a later trick (``how="play"``); 63A3, a member of the offending side
        makes a claim or concession (``"claim"``) or agrees to the opponents' one
        (``"agreed"``: every revoke not yet established is the answering side's).
        63A4 (agreement by acquiescence, 69A, when the round ends) is not an act the
        table records."""
        same_side = (revoke.seat ^ seat) & 1 == 0
        if how == "play":
            return "63A1" if same_side and len(table.tricks) + 1 > revoke.trick else None
        if how == "claim":
            return "63A3" if same_side else None
        return "63A3"

    def dummy_draws_attention_to_revoke(self, table: TableView, revoke: int,
                                        asked: bool, limits_broken: bool) -> list[Consequence]:
        """Dummy draws attention to a revoke (``revoke``: its index) during the play.

        * 43B3: dummy, having broken 43A2, is first to point out a defender's
          irregularity: no rectification now; the Director adjusts at the end (the
          defenders' score only) if they gained by it;
        * 43B2b: after 43A2, a revoke of declarer's: declarer corrects, and Law 64 applies
          as if it were established;
        * 43A1b: dummy may not draw attention during play (he may ask declarer, 61B2a); the
          Director, now called, rectifies all the same (Law 90 may apply).
        """
        r = table.revokes[revoke]
        if limits_broken and r.seat not in (table.declarer, table.dummy):
            return [Cite("43B3"), Flag("Review43B3", "43B3"), MarkRevoke(revoke, late="43B3")]
        if limits_broken:
            return [Cite("43B2b"), MarkRevoke(revoke, forced=True)]
        if not asked:
            return [Cite("43A1b"), Flag("ProceduralPenalty", "43A1b")]
        return []

    def revoke_correction(self, table: TableView, revoke: RevokeView,
                          open_revokes: Sequence[RevokeView]) -> tuple[str, list[RevokeView]]:
        """Attention drawn to ``revoke``: the law that applies and the revokes corrected.

        * 62D: a revoke on trick 12 is corrected even though established;
        * 62C3: both sides revoked on the same trick, one of them not established: both
          are corrected;
        * 63B: an established revoke stands, and Law 64 acts at the end of play;
        * 62A: otherwise the revoke is corrected.
        """
        both = [x for x in open_revokes if x.trick == revoke.trick and (x.seat ^ revoke.seat) & 1]
        if revoke.established and revoke.trick == 12:
            return "62D", [revoke]
        if both and not all(x.established for x in [*both, revoke]):
            return "62C3", [revoke, *both]
        if revoke.established:
            return "63B", []
        return "62A", [revoke]

    def revoke_corrected(self, table: TableView, law: str, revoke: RevokeView,
                         fixed: Sequence[RevokeView]) -> list[Consequence]:
        """What follows a correction: after 62D the information is unauthorised to a
        defender's partner (16C); the revoke card of declarer, dummy or a faced card
        goes back to the hand (62B2), a defender's from his unfaced hand becomes a major
        penalty card (62B1)."""
        ops: list[Consequence] = [Cite(law)]
        if law == "62D" and revoke.seat not in (table.declarer, table.dummy):
            ops.append(Flag("UI", "16C", (revoke.seat + 2) & 3))
        for x in fixed:
            if x.seat in (table.declarer, table.dummy) or x.faced:
                ops.append(Cite("62B2"))
            else:
                ops += [Cite("62B1"), PenaltyCard(x.seat, x.card, True)]
        return ops

    def cards_after_revoke(self, table: TableView, law: str, offenders: int,
                           taken: Sequence[tuple[int, int]]) -> list[Consequence]:
        """Law 62C: the cards played after a corrected revoke come back to their hands:
        each non-offender may play another (62C1); the offender's partner plays the same
        card again unless a non-offender before him changes his (62C2)."""
        if law != "62A":
            return []
        return [ReplayDuty(seat, card, "62C2", False) if seat & 1 == offenders
                else ReplayDuty(seat, card, "62C1", True) for seat, card in taken]

    def card_changed_after_correction(self, table: TableView, seat: int,
                                      duty: dict[str, Any]) -> list[Consequence]:
        """A card played again, after a correction took it back, differs from the first.
        Law 62C: a non-offender's change (62C1) frees the next offender in rotation to
        change his too; that offender's first card, if he is a defender, becomes a
        penalty card (62C2).  Laws 45D, 47D: a defender's change after dummy's card was
        changed frees declarer to replace his own later card."""
        law = duty["law"]
        ops: list[Consequence] = [Cite(law)]
        if law in ("62C1", "47D"):
            # the next player in rotation held to his card may now change it too
            for k in range(1, 4):
                nxt = (seat + k) & 3
                d = table.play_duties.get(nxt)
                if d is not None and d.get("law") in ("62C2", "45D") and d["option"] == "card":
                    ops.append(ReplayDuty(nxt, d["card"], d["law"], True))
                    break
        elif law == "62C2" and seat not in (table.declarer, table.dummy):
            ops.append(PenaltyCard(seat, duty["card"], True))
        return ops

    def revoke_transfer(self, table: TableView, live: Sequence[int],
                        claimed: tuple[int, int]) -> list[Consequence]:
        """Law 64 at the end of play: the tricks each established revoke (``live``: their
        indices) transfers to the non-offending side.  ``claimed`` are the tricks each
        side got by an agreed claim after the last trick played (they count as tricks
        won after the revoke).

        * 64B7: both sides revoked: no transfer; the Director restores equity (64C);
        * 64B2: a second revoke in the same suit by the same player: no transfer;
        * 64B4, 64B5: pointed out too late; 64B3: a failure to play a card faced on the table (dummy's, or
          a penalty card of the suit led);
        * 64B6: a revoke on trick 12 (see 62D);
        * 64A1: the offender won the revoke trick: that trick and one more the offending
          side won later; 64A2: the offending side won the revoke trick or a later one:
          one trick (a revoke deemed by 67B1 transfers as 64A2); 64B1: it won none.
        Never more than the offending side won from the first revoke on.
        """
        revokes = table.revokes
        both = self.both_sides_revoked(table)
        if both is not None and len({revokes[i].seat & 1 for i in live}) == 2:
            return both
        winners = [w for _leader, _cards, w in table.tricks]
        ops: list[Consequence] = []
        for side in (0, 1):
            mine = sorted((i for i in live if revokes[i].seat & 1 == side),
                          key=lambda i: revokes[i].trick)
            if not mine:
                continue
            first = revokes[mine[0]].trick - 1
            # never more than the offending side won from its first revoke on
            available = sum(1 for w in winners[first:] if w & 1 == side) + claimed[side]
            seen_suits: set[tuple[int, int]] = set()
            for i_r in mine:
                r = revokes[i_r]
                i = r.trick - 1
                key = (r.seat, r.suit)
                if key in seen_suits:
                    ops.append(Cite("64B2"))      # a second revoke in the same suit
                    continue
                seen_suits.add(key)
                if r.late is not None:
                    if r.late != "43B3":          # (43B3 was cited when it applied)
                        ops.append(Cite(r.late))  # pointed out too late: no transfer
                    continue
                if r.seat == table.dummy or r.faced_unplayed:
                    # failing to play a card faced on the table: dummy's, or a penalty card
                    ops.append(Cite("64B3"))
                    continue
                if r.trick == 12:
                    ops.append(Cite("64B6"))      # a revoke on trick 12 (see 62D)
                    continue
                won_here = i < len(winners) and winners[i] & 1 == side
                later = sum(1 for w in winners[i + 1:] if w & 1 == side) + claimed[side]
                n, law = self.tricks_for_revoke(table, r, won_here, later)
                n = min(n, available)
                available -= n
                ops.append(Transfer(i_r, n, law))
        ops.append(Flag("Review64C", "64C", once=True))
        return ops

    def both_sides_revoked(self, table: TableView) -> list[Consequence] | None:
        """Law 64B7: both sides revoked: no transfer; the Director restores equity
        (64C).  ``None``: each side's revokes are settled on their own."""
        return [Cite("64B7"), Flag("Review64C", "64C", once=True)]

    def tricks_for_revoke(self, table: TableView, r: RevokeView, won_here: bool,
                          later: int) -> tuple[int, str]:
        """Law 64A/B1 for one established revoke that transfers tricks: how many, and
        the law.  ``won_here``: the offending side won the revoke trick; ``later``: the
        tricks it won after it (an agreed claim's included).

        64A1: the offender won the revoke trick: that trick and one more if his side
        won a later one; 64A2: his side won the revoke trick or a later one: one trick
        (a revoke deemed by 67B1 transfers as 64A2); 64B1: it won none."""
        i = r.trick - 1
        winner = table.tricks[i][2] if i < len(table.tricks) else None
        if r.deemed:
            return (1, "64A2") if won_here or later else (0, "64B1")
        if winner == r.seat:
            return 1 + (1 if later else 0), "64A1"
        if won_here or later:
            return 1, "64A2"
        return 0, "64B1"
