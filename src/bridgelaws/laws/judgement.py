"""The Director's rulings that the table takes as input: Laws 12, 16, 54C, 64B4-5.

Where the Laws leave a point to the Director's judgement, his ruling comes to the
table as an event; :class:`JudgementLaws` holds the hooks of an edition that say what
follows from it, each with the 2017 answer.  (A disputed claim, Law 70, is in
:mod:`bridgelaws.laws.claims`; Laws 13-15 in :mod:`bridgelaws.laws.wrong_board`.)
"""

from __future__ import annotations

from typing import Sequence

from .consequences import Cite, Consequence, MarkRevoke, Refuse, Settle
from .protocol import Phase, TableView

__all__ = ["JudgementLaws"]


class JudgementLaws:
    """The hooks of the Director's judgements, answered as in 2017."""

    def declarer_saw_dummy(self, table: TableView) -> list[Consequence]:
        """Law 54C: after an opening lead out of turn declarer could have seen dummy's
        cards: he must accept the lead."""
        p = table.pending
        if p is None or p.irregularity.kind != "opening_lead_out_of_turn":
            return [Refuse("Law 54C concerns an opening lead out of turn awaiting "
                           "declarer's choice", "ruling.54C")]
        return [Cite("54C"), Settle("accept", without=("54B",))]

    def revoke_found_late(self, table: TableView, round_ended: bool | None,
                          live: Sequence[int]) -> list[Consequence]:
        """Law 64B4/64B5: established revokes (``live``: their indices) first pointed out
        after play: no trick is transferred when the round had ended (64B5) or the
        non-offenders had called on the next board (64B4)."""
        if table.phase != Phase.COMPLETE or not live or round_ended is None:
            return [Refuse("Law 64B4/64B5: an established revoke first pointed out after "
                           "play; 'value' true when the round had ended (64B5), false "
                           "when the non-offenders had called on the next board (64B4)",
                           "revoke.64B")]
        return [MarkRevoke(i, late="64B5" if round_ended else "64B4") for i in live]
