"""The errors of a table: an event it cannot take, an irregular act refused by a strict
table, a question of Law 61B that may not be asked."""

from __future__ import annotations

from ..cards import BridgeError
from ..laws.consequences import Refuse
from ..laws.ruling import Irregularity

__all__ = ["TableError", "IrregularEvent", "QuestionRefused"]

#: why a question of Law 61B is refused, by its code (:class:`QuestionRefused`)
_QUESTION_REFUSALS = {
    "not_play": "a question about a revoke is asked during the play, when no claim or "
                "decision is pending (Law 61B)",
    "self": "nobody asks himself about a revoke (Law 61B)",
    "dummy": "dummy's cards are face up: nobody need ask dummy about a revoke (Law 61B)",
    "followed": "{asks} did not fail to follow suit to {trick} (Law 61B)",
    "dummy_defender": "dummy may ask declarer, not a defender (Law 61B2b; Law 16B may apply)",
    "partner": "the event's regulation does not let the defenders ask each other "
               "(Law 61B3)",
    "partner_1997": "the defenders may ask declarer, not each other (Law 61B, 1997)",
}


class TableError(BridgeError):
    """An event the table cannot take: it names the event's index and the reason.
    ``refusal`` and ``refusal_values``: the message key and values of a rule's refusal
    (:class:`~bridgelaws.laws.consequences.Refuse`), for texts in the user's language."""

    refusal: str = ""
    refusal_values: tuple[tuple[str, object], ...] = ()


def refused(op: Refuse, where: str | None) -> TableError:
    """The error of a rule's refusal, carrying its message key and values."""
    error = TableError(op.reason, where)
    error.refusal, error.refusal_values = op.code, op.values
    return error


class IrregularEvent(TableError):
    """Raised by a strict table (``strict=True``) for an irregular act."""

    def __init__(self, message: str, where: str | None, irregularity: Irregularity):
        super().__init__(message, where)
        self.irregularity = irregularity


class QuestionRefused(TableError):
    """A question of Law 61B that may not be asked; ``code`` says why (a key of the
    service's messages: ``not_play``, ``self``, ``dummy``, ``followed``, ``dummy_defender``,
    ``partner``, ``partner_1997``); ``refusal``: its message key ``question.<code>``."""

    def __init__(self, code: str, where: str | None, **values: object):
        super().__init__(_QUESTION_REFUSALS[code].format(**values), where)
        self.code = code
        # its message in the user's language: ``refuse.question.<code>``, naming the seat asked
        self.refusal = f"question.{code}"
        seat = values.get("seat")
        self.refusal_values = (("seat", seat),) if isinstance(seat, int) else ()
