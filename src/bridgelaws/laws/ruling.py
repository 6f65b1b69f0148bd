"""What the Laws answer to an irregularity, as data.

An :class:`Irregularity` is the fact the table recognised (who did what, at
which event, under which laws).  A :class:`Ruling` is the Laws' answer: the law
references, the pending :class:`Decision` (who chooses, among which options) and,
for each option, the consequences that the table then applies.  Where the Laws
leave the answer to the Director's judgement, the ruling says so
(``director=True``) and the judgement comes back as an event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .consequences import Consequence

__all__ = ["Irregularity", "Decision", "Ruling", "IRREGULARITY_KINDS"]

#: every kind of irregularity the table recognises, with the laws that govern it
IRREGULARITY_KINDS: dict[str, tuple[str, ...]] = {
    "pass_out_of_rotation": ("29", "30"),
    "bid_out_of_rotation": ("29", "31"),
    "double_out_of_rotation": ("29", "32"),
    "insufficient_bid": ("27",),
    "inadmissible_double": ("36",),
    "call_in_breach_of_bar": ("37",),
    "substitute_double_for_insufficient_bid": ("27B3",),
    "bid_above_seven": ("38",),
    "change_of_call": ("25B",),
    "change_refused": ("25B2b",),       # 1997: the offender's choice after LHO's refusal
    "call_after_final_pass": ("39",),
    "card_exposed_during_auction": ("24",),
    "opening_lead_out_of_turn": ("54",),
    "lead_out_of_turn_by_declarer": ("53", "55"),
    "lead_out_of_turn_by_defender": ("53", "56"),
    "premature_play_by_defender": ("57",),
    "premature_play_by_declarer": ("57C",),
    "card_exposed_by_declarer": ("48",),
    "card_exposed_by_defender": ("49", "50"),
    "revoke": ("61A",),
    "lead_restriction": ("26B",),
    "penalty_card_lead": ("50D2",),
    "lead_before_declarer_chose": ("50D2", "49"),
    "play_before_correct_lead": ("60B",),
    "play_before_rectification": ("60C",),
    "penalty_card_not_played": ("52",),
    "designate_penalty_card": ("51A",),
    "several_cards_played": ("58B",),
    "defective_trick": ("67",),
    "incomplete_designation": ("46",),
    "wrong_hand_warning": ("43B",),
    "dummy_attention": ("43A1b",),
    "disputed_claim": ("68D", "70"),
    "disputed_concession": ("68D", "70"),
    "concession_objected_by_partner": ("68B",),
}


@dataclass(frozen=True)
class Irregularity:
    """An irregular act recognised at the table.

    ``event`` is the index of the event in the table's log; ``facts`` holds
    what a ruling needs (the call or card, whose turn it was) as plain values.
    """
    kind: str
    by: int
    event: int
    laws: tuple[str, ...]
    facts: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Decision:
    """A choice pending at the table: ``by`` chooses one of ``options`` (names of CASES.md).

    Where an option names a suit or a card, the lawful values are given: ``suits`` (suit
    indices, 0 clubs to 3 spades) for ``require_suit`` / ``forbid_suit`` (26B, 50D2, 51B,
    57A3/A4), with ``several`` the options under which more than one of them may be
    named at once (51B2b); ``cards`` (card codes) for ``designate`` (46B, 51A, 58B2, 67).
    Empty when no option takes a value.
    """
    by: int
    options: tuple[str, ...]
    laws: tuple[str, ...]
    suits: tuple[int, ...] = ()
    several: tuple[str, ...] = ()
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Ruling:
    """The Laws' answer to an irregularity.

    ``director`` is True when no mechanical rectification applies and the
    Director must rule; ``consequences`` maps each option of ``decision`` to the
    list of consequences (:mod:`bridgelaws.laws.consequences`) the table applies when it
    is chosen (``"now"`` for a ruling with no choice).
    """
    irregularity: Irregularity
    laws: tuple[str, ...]
    decision: Decision | None = None
    director: bool = False
    consequences: dict[str, list[Consequence]] = field(default_factory=dict, compare=False)

    def now(self) -> list[Consequence]:
        """The consequences applied at once (a ruling with no choice)."""
        return self.consequences.get("now", [])
