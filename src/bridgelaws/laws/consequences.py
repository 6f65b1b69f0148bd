"""What follows from a ruling, as typed values the table applies.

A rule of :mod:`bridgelaws.laws` never changes the table: it returns a list of
these consequences (for a :class:`~bridgelaws.laws.ruling.Ruling`, one list per option
of its decision), and the table applies them in order, in one place
(``Table._apply_consequences``).  Each class has a ``kind``, the name the catalogues
use for its sentence (``do.<kind>`` in :mod:`bridgelaws.i18n`).

>>> Bar(2, "next_turn")
Bar(seat=2, until='next_turn')
>>> Cite("27A1").kind, Flag("Review72C", "72C").as_dict()
('law', {'flag': 'Review72C', 'law': '72C'})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Union

from ..cards import SEAT_NAMES

__all__ = ["Cite", "PutInForce", "Bar", "CallDuty", "ClearDuty", "WithdrawLast", "ReplaceCall", "LeadPenalty",
           "Flag", "LeadStands", "PenaltyCard", "DeclarerSpreads", "MustLeadFrom", "PlayInstead",
           "PlayAccepted", "PlayDuty", "MustPlay", "Expose", "Settle", "Resolve", "PlayNow",
           "Recognise", "Unbar", "DropLeadPenalty", "DropReview", "LeadRestriction",
           "PickUpPenaltyCards", "Transfer", "MarkRevoke", "ReplayDuty", "DeemedRevoke", "CancelCalls", "LeadFrom", "Refuse", "NoTableResult",
           "RestoreTricks",
           "Consequence", "BarUntil", "PlayOption"]

BarUntil = Literal["next_turn", "rest_of_auction"]
PlayOption = Literal["highest", "lowest", "require_suit", "forbid_suit"]


@dataclass(frozen=True, slots=True)
class Cite:
    """The law applied (reported in the state's ``laws``)."""
    law: str
    kind: ClassVar[str] = "law"


@dataclass(frozen=True, slots=True)
class PutInForce:
    """The call stands as if lawful and in rotation (27A1, 29A, 37B)."""
    seat: int
    call: int
    kind: ClassVar[str] = "put_in_force"


@dataclass(frozen=True, slots=True)
class Bar:
    """The seat must pass at its next turn or for the rest of the auction."""
    seat: int
    until: BarUntil
    kind: ClassVar[str] = "bar"


@dataclass(frozen=True, slots=True)
class Unbar:
    """A bar lifted (36A: the LHO called before the rectification)."""
    seat: int
    kind: ClassVar[str] = "unbar"


@dataclass(frozen=True, slots=True)
class CallDuty:
    """Something the seat's next call settles (``what``): a call it must repeat
    (``"repeat"``, 31A1), a call the Director compares with the withdrawn one
    (``"comparable"``, 23A), a substitute for an insufficient bid (``"substitute"``,
    27B), a call of RHO's that decides the offender's (``"rho_call"``, 31A, 32A), or
    any call but the withdrawn one (``"other_than"``, 1997 25B2b(2)).
    ``artificial``: the withdrawn call had an artificial meaning (27B1a);
    ``no_double``: a double or redouble is no lawful substitute any more (27B3)."""
    seat: int
    what: str
    law: str
    withdrawn: int | None = None
    offender: int | None = None
    call: int | None = None
    artificial: bool = False
    no_double: bool = False
    kind: ClassVar[str] = "duty"

    def as_dict(self) -> dict[str, object]:
        d: dict[str, object] = {"kind": self.what, "law": self.law}
        for key in ("withdrawn", "offender", "call"):
            value = getattr(self, key)
            if value is not None:
                d[key] = value
        for key in ("artificial", "no_double"):
            if getattr(self, key):
                d[key] = True
        return d


@dataclass(frozen=True, slots=True)
class ClearDuty:
    """The seat's call duty is gone (27B4 accepted)."""
    seat: int
    kind: ClassVar[str] = "clear_duty"


@dataclass(frozen=True, slots=True)
class WithdrawLast:
    """The seat's last call in force is withdrawn (25B)."""
    seat: int
    kind: ClassVar[str] = "withdraw_last"


@dataclass(frozen=True, slots=True)
class ReplaceCall:
    """The seat's last call is withdrawn and ``call`` stands in its place, the calls
    after it standing too (25B1: a change accepted after later calls)."""
    seat: int
    call: int
    kind: ClassVar[str] = "replace_call"


@dataclass(frozen=True, slots=True)
class LeadPenalty:
    """If ``offender`` becomes a defender, declarer may restrict his partner's lead (26)."""
    offender: int
    law: str
    kind: ClassVar[str] = "lead_penalty"


@dataclass(frozen=True, slots=True)
class DropLeadPenalty:
    """The lead penalties of ``offender`` lapse (36A)."""
    offender: int
    kind: ClassVar[str] = "drop_lead_penalty"


@dataclass(frozen=True, slots=True)
class Flag:
    """A point the Director reviews at the end of play (16C, 23C, 27D, 72C...)."""
    name: str
    law: str
    seat: int | None = None
    once: bool = False                     # not again if the same flag is raised already
    kind: ClassVar[str] = "flag"

    def as_dict(self) -> dict[str, str]:
        d = {"flag": self.name, "law": self.law}
        if self.seat is not None:
            d["seat"] = SEAT_NAMES[self.seat]
        return d


@dataclass(frozen=True, slots=True)
class DropReview:
    """The review flags ``name`` about ``seat`` (or about no seat) are withdrawn (36A)."""
    name: str
    seat: int
    kind: ClassVar[str] = "drop_review"


@dataclass(frozen=True, slots=True)
class LeadStands:
    """The lead out of turn is treated as a correct lead (53A): ``seat`` leads ``card``."""
    seat: int
    card: int
    kind: ClassVar[str] = "lead_stands"


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """The card becomes a penalty card of ``seat`` (Law 50)."""
    seat: int
    card: int
    major: bool
    kind: ClassVar[str] = "penalty_card"


@dataclass(frozen=True, slots=True)
class DeclarerSpreads:
    """After an opening lead out of turn declarer spreads his hand and becomes dummy (54A)."""
    kind: ClassVar[str] = "declarer_spreads"


@dataclass(frozen=True, slots=True)
class LeadFrom:
    """Declarer leads from ``seat``'s hand (43B2a: a defender chose it)."""
    seat: int
    kind: ClassVar[str] = "lead_from"


@dataclass(frozen=True, slots=True)
class MustLeadFrom:
    """Declarer must lead from the correct hand (55B2)."""
    seat: int
    kind: ClassVar[str] = "must_lead_from"


@dataclass(frozen=True, slots=True)
class PlayInstead:
    """The penalty card (of ``must``, a mask) is played in place of ``card``, which
    becomes a major penalty card (52B2)."""
    seat: int
    card: int
    must: int
    kind: ClassVar[str] = "play_instead"


@dataclass(frozen=True, slots=True)
class PlayAccepted:
    """The card played stands although a penalty card was due (52B1a)."""
    seat: int
    card: int
    kind: ClassVar[str] = "play_card"


@dataclass(frozen=True, slots=True)
class PlayDuty:
    """How ``seat`` plays to this trick (57A); ``suit`` is named at the choice."""
    seat: int
    option: PlayOption
    suit: int | None = None
    kind: ClassVar[str] = "play_duty"


@dataclass(frozen=True, slots=True)
class MustPlay:
    """``seat`` must play ``card`` at its turn (45C1, 57C, 57D); with ``lead``, the card
    was led to the next trick before this one was complete (57C1, 57C2, or after
    partner played): it is the lead of the next trick if ``seat`` wins this one, a lead
    out of turn otherwise (53-56).  ``law``: the law that leaves the duty."""
    seat: int
    card: int
    law: str | None = None
    lead: bool = False
    kind: ClassVar[str] = "must_play"


@dataclass(frozen=True, slots=True)
class Expose:
    """A card exposed or led during the auction stays face up (24)."""
    seat: int
    card: int
    led: bool
    kind: ClassVar[str] = "expose"


@dataclass(frozen=True, slots=True)
class Settle:
    """The pending ruling is settled as if ``option`` had been chosen (27A1 and 29A by
    calling, 60A, 53C, 54C, 27C)."""
    option: str
    without: tuple[str, ...] = ()          # laws of that option not to cite
    kind: ClassVar[str] = "settle"


@dataclass(frozen=True, slots=True)
class Resolve:
    """The pending ruling no longer waits (53B, 28B, 47E1): nothing else follows."""
    kind: ClassVar[str] = "resolve"


@dataclass(frozen=True, slots=True)
class PlayNow:
    """The card of the event is played now, in turn (60A, 53B, 53C, 52B1b)."""
    seat: int
    card: int
    kind: ClassVar[str] = "play_now"


@dataclass(frozen=True, slots=True)
class Recognise:
    """A new irregularity follows from the act (50D2 then 49, 60C), or a new ruling on
    the same act (1997 25B2b: the offender chooses after LHO's refusal; ``card`` -1,
    ``facts`` the irregularity's facts)."""
    irregularity: str
    seat: int
    card: int
    facts: tuple[tuple[str, Any], ...] = ()
    kind: ClassVar[str] = "recognise"


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """A lead restriction on ``seat`` (26, 50D2, 51B): suits required or forbidden."""
    seat: int
    law: str
    require: int | None = None
    forbid: tuple[int, ...] = ()
    kind: ClassVar[str] = "lead_restriction"


@dataclass(frozen=True, slots=True)
class PickUpPenaltyCards:
    """The penalty cards of ``suits`` go back to ``seat``'s hand (50D2a, 51B); with
    ``any_card``, he may play any legal card to this trick (51B1, 51B2)."""
    seat: int
    suits: tuple[int, ...]
    any_card: bool
    kind: ClassVar[str] = "pick_up"


@dataclass(frozen=True, slots=True)
class Transfer:
    """Law 64: ``tricks`` go from the revoke's offending side to the other."""
    revoke: int                            # index in the table's revokes
    tricks: int
    law: str
    kind: ClassVar[str] = "transfer"


@dataclass(frozen=True, slots=True)
class MarkRevoke:
    """What is known of the revoke (index in the table's revokes): pointed out too late
    to be rectified (``late``: 43B3, 64B4, 64B5) or corrected with Law 64 applied as
    if established (``forced``, 43B2b)."""
    revoke: int
    late: str | None = None
    forced: bool = False
    kind: ClassVar[str] = "mark_revoke"


@dataclass(frozen=True, slots=True)
class DeemedRevoke:
    """``seat`` is deemed to have revoked on trick ``trick`` with ``card`` (67B1); the
    revoke is established and known."""
    seat: int
    trick: int
    card: int
    suit: int
    kind: ClassVar[str] = "deemed_revoke"


@dataclass(frozen=True, slots=True)
class ReplayDuty:
    """A card taken back by a correction (62C, 45D, 47D): ``seat`` must play it again,
    or may play another (``free``)."""
    seat: int
    card: int
    law: str
    free: bool
    kind: ClassVar[str] = "replay_duty"


@dataclass(frozen=True, slots=True)
class RestoreTricks:
    """Tricks given back to ``side`` (0 NS, 1 EW) after play (69B, 71)."""
    side: int
    tricks: int
    kind: ClassVar[str] = "restore_tricks"


@dataclass(frozen=True, slots=True)
class CancelCalls:
    """The calls from the ``first``-th of the auction on are cancelled (15A2b)."""
    first: int
    kind: ClassVar[str] = "cancel_calls"


@dataclass(frozen=True, slots=True)
class NoTableResult:
    """The board ends here without a table result: the Director assigns an adjusted
    score (``"assigned"``, 12C1) or an artificial one (``"artificial"``, 12C2)."""
    law: str
    score: str
    kind: ClassVar[str] = "no_table_result"


@dataclass(frozen=True, slots=True)
class Refuse:
    """The act cannot happen now: ``reason`` says why (the table names the event), in
    English; ``code`` (when given) is its message key ``refuse.<code>`` in the catalogues,
    to be filled with ``values`` (pairs of a name and a value: ``seat`` a seat number,
    ``suits`` suit letters, ``cards`` a mask, any other name a plain text)."""
    reason: str
    code: str = ""
    values: tuple[tuple[str, Any], ...] = ()
    kind: ClassVar[str] = "refuse"


Consequence = Union[Cite, PutInForce, Bar, Unbar, CallDuty, ClearDuty, WithdrawLast, ReplaceCall, LeadPenalty,
                    DropLeadPenalty, Flag, DropReview, LeadStands, PenaltyCard, DeclarerSpreads,
                    MustLeadFrom, PlayInstead, PlayAccepted, PlayDuty, MustPlay, Expose, Settle,
                    Resolve, PlayNow, Recognise, LeadRestriction, PickUpPenaltyCards, Transfer,
                    MarkRevoke, ReplayDuty, DeemedRevoke, CancelCalls, LeadFrom,
                    RestoreTricks, NoTableResult, Refuse]
