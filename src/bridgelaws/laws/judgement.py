"""The Director's rulings that the table takes as input: Laws 12, 16, 54C, 64B4-5.

Where the Laws leave a point to the Director's judgement, his ruling comes to the
table as an event; :class:`JudgementLaws` holds the hooks of an edition that say what
follows from it, each with the 2017 answer.  (A disputed claim, Law 70, is in
:mod:`bridgelaws.laws.claims`; Laws 13-15 in :mod:`bridgelaws.laws.wrong_board`.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .consequences import Cite, Consequence, MarkRevoke, Refuse, Settle
from .protocol import Phase, TableView

__all__ = ["JudgementLaws", "AdjustedScoreLaws"]


@dataclass(frozen=True)
class AdjustedScoreLaws:
    """How an edition's Director gives an adjusted score (Law 12C), and the laws to cite.

    ``weighted``: the Director lists the likely results with their weights (2017 12C1c)
    and may give each side its own (12C1e); otherwise (1997 12C2) each side is assigned
    one result: the non-offenders the most favourable that was likely, the offenders the
    most unfavourable that was at all probable, and no weights.
    """
    #: the Director weights several results (2017 12C1c), or picks one per side (1997)
    weighted: bool
    #: an assigned score: the likely outcome (2017 12C1b) / favourable-unfavourable (1997 12C2)
    assigned: str
    #: a weighted assigned score (2017 12C1c; ``None``: there is none)
    weighting: str | None
    #: the two sides' assigned scores need not balance (2017 12C1e; 1997 12C2)
    unbalanced: str
    #: an artificial adjusted score: average plus, average, average minus (2017 12C2a; 1997 12C1)
    artificial: str
    #: its value in IMPs, +3/0/-3 (2017 12C2b; 1997 86A)
    artificial_imps: str
    #: the session rule for an artificial score (2017 12C2c, both sides; 1997 88, the
    #: non-offenders in pairs only)
    session: str


_ADJUSTED_2017 = AdjustedScoreLaws(weighted=True, assigned="12C1b", weighting="12C1c",
                                   unbalanced="12C1e", artificial="12C2a",
                                   artificial_imps="12C2b", session="12C2c")


class JudgementLaws:
    """The hooks of the Director's judgements, answered as in 2017."""

    def adjusted_score_laws(self) -> AdjustedScoreLaws:
        """Law 12C: an assigned score aims at the likely outcome (12C1b) and may weight
        several results (12C1c); the two sides' scores need not balance (12C1e); an
        artificial score is average plus, average or average minus (12C2a), +3/0/-3
        IMPs (12C2b), with the session rule for both sides (12C2c).  Scored by
        :mod:`bridgelaws.tournament.adjust`."""
        return _ADJUSTED_2017

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
