"""The phases of a board and the table's settings."""

from __future__ import annotations

from ..laws.protocol import Phase

__all__ = ["Phase", "AUCTION", "PLAY", "DECISION", "COMPLETE", "CLAIM_PROCEDURE", "REGULATION"]

AUCTION, PLAY, DECISION, COMPLETE = Phase.AUCTION, Phase.PLAY, Phase.DECISION, Phase.COMPLETE
#: what a strict table still takes: a disputed claim or concession is not an irregular act
#: but the claim procedure itself, and goes to the Director as at any table (Laws 68D, 70)
CLAIM_PROCEDURE = frozenset({"disputed_claim", "disputed_concession"})

#: what an event's regulation may settle where the Laws leave it to the regulating
#: authority, with the type of its value: whether the defenders may ask each other about
#: a revoke (Law 61B3; the edition's ``defenders_ask_each_other`` when not set)
REGULATION = {"defenders_ask_each_other": bool}
