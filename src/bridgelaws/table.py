"""The table: one board at one table, as a log of events with the state derived from it.

Every act at the table, irregular or not, is an event appended to the log by
:meth:`Table.apply`; the state (phase, whose turn, legal calls and cards, the
pending decision, bars, lead restrictions, penalty cards, revokes, contract,
tricks, score) follows from the log.  Replaying the same log gives the same
state.  An irregular act is *recorded*, never refused: the table recognises it,
names it with its law, and asks the edition of the Laws (:mod:`bridgelaws.laws`)
what follows.  ``strict=True`` makes a table that refuses irregular acts, as
online play does (a disputed claim still goes to the Director).

>>> from bridgelaws.table import Table
>>> from bridgelaws.boards import Board
>>> from bridgelaws.cards import Deal
>>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")
>>> t = Table(Board(1, deal))
>>> for c in ["2N", "P", "3N", "P", "P", "P"]:
...     t.call(c)
>>> t.phase, str(t.contract), t.declarer_name, t.to_act_name   # the phase is a str enum
(<Phase.PLAY: 'play'>, '3N', 'N', 'E')
>>> t.play("C9"); sorted(t.legal_card_names())
['C4', 'CA']
>>> t.call("P", by="W")                    # nobody calls after the final pass
>>> t.irregularities[-1].kind, t.laws
('call_after_final_pass', ['39', '39A'])
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Iterator, Sequence

from .auction import Auction
from .boards import Board
from .calls import (DOUBLE, MAX_LEGAL_BID, PASS, REDOUBLE, call_name, is_bid, parse_call)
from .cards import (BridgeError, Deal, SEAT_NAMES, SUIT_MASKS, SUIT_LETTERS, card_name,
                    cards_of, mask_of, parse_card, parse_seat)
from .events import (Answer, ChangePlay, Choose, Claim, Concede, Designate, Director,
                     DrawAttention, Event, ExposeCard, MakeCall, Omit, PlayCard, PlayCards,
                     Question, Respond)
from .laws.consequences import (Bar, CallDuty, CancelCalls, Cite, ClearDuty, Consequence,
                                LeadFrom,
                                DeclarerSpreads, DeemedRevoke, DropLeadPenalty, DropReview,
                                Expose, Flag, LeadPenalty, LeadRestriction, LeadStands,
                                MarkRevoke, MustLeadFrom, MustPlay, NoTableResult, PenaltyCard,
                                PickUpPenaltyCards, PlayAccepted, PlayDuty, PlayInstead, PlayNow,
                                PutInForce, Recognise, Refuse, ReplayDuty, Resolve,
                                RestoreTricks, Settle, Transfer, Unbar, WithdrawLast)
from .laws.dummy import Designation, card_value
from .laws.edition import Edition, Laws2017
from .laws.leads import LEAD_OUT_OF_TURN
from .laws.protocol import Phase
from .laws.ruling import IRREGULARITY_KINDS, Decision, Irregularity, Ruling
from .play import NO_TRUMP, trick_winner
from .scoring.contract import Contract, score_ns

__all__ = ["Table", "TableError", "IrregularEvent", "QuestionRefused", "Revoke", "Phase",
           "AUCTION", "PLAY", "DECISION", "COMPLETE", "REGULATION"]

AUCTION, PLAY, DECISION, COMPLETE = Phase.AUCTION, Phase.PLAY, Phase.DECISION, Phase.COMPLETE
#: what a strict table still takes: a disputed claim or concession is not an irregular act
#: but the claim procedure itself, and goes to the Director as at any table (Laws 68D, 70)
CLAIM_PROCEDURE = frozenset({"disputed_claim", "disputed_concession"})

_LEAD_OUT_OF_TURN = LEAD_OUT_OF_TURN

#: what an event's regulation may settle where the Laws leave it to the regulating
#: authority, with the type of its value: whether the defenders may ask each other about
#: a revoke (Law 61B3; the edition's ``defenders_ask_each_other`` when not set)
REGULATION = {"defenders_ask_each_other": bool}

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
}


class TableError(BridgeError):
    """An event the table cannot take: it names the event's index and the reason."""


class IrregularEvent(TableError):
    """Raised by a strict table (``strict=True``) for an irregular act."""

    def __init__(self, message: str, where: str | None, irregularity: Irregularity):
        super().__init__(message, where)
        self.irregularity = irregularity


class QuestionRefused(TableError):
    """A question of Law 61B that may not be asked; ``code`` says why (a key of the
    service's messages: ``not_play``, ``self``, ``dummy``, ``followed``, ``dummy_defender``,
    ``partner``)."""

    def __init__(self, code: str, where: str | None, **values):
        super().__init__(_QUESTION_REFUSALS[code].format(**values), where)
        self.code = code


class Revoke:
    """A revoke (Law 61A): ``seat`` failed to follow suit to trick ``trick`` (1-based)."""

    __slots__ = ("seat", "trick", "card", "suit", "established", "corrected", "transfer",
                 "faced", "deemed", "forced", "late", "noticed")

    def __init__(self, seat: int, trick: int, card: int, suit: int = -1, faced: bool = False):
        self.seat, self.trick, self.card, self.suit = seat, trick, card, suit
        self.faced = faced                      # the card was a penalty card (62B2)
        self.deemed = False                     # deemed a revoke by Law 67B1
        self.forced = False                     # corrected, but 64 applies (43B2b)
        self.late: str | None = None            # first pointed out too late (64B4, 64B5)
        self.transfer = 0
        self.established = False
        self.corrected = False
        self.noticed = False                    # attention was drawn to it (62, 63B, 67)

    def as_dict(self) -> dict:
        return {"seat": SEAT_NAMES[self.seat], "trick": self.trick,
                "established": self.established, "corrected": self.corrected,
                "transfer": self.transfer}


class Table:
    """One board at one table under the Laws.

    ``board`` gives the dealer and vulnerability (Law 2) and usually the deal;
    ``deal`` overrides it.  ``edition`` is the set of Laws that answers
    irregularities (default :class:`~bridgelaws.laws.edition.Laws2017`).
    ``regulation`` settles what the Laws leave to the event's regulation (the keys of
    :data:`REGULATION`), e.g. ``{"defenders_ask_each_other": False}`` (Law 61B3).
    """

    def __init__(self, board: Board, deal: Deal | None = None, *, edition: Edition | None = None,
                 strict: bool = False, regulation: dict | None = None):
        deal = deal if deal is not None else board.deal
        if deal is None:
            raise BridgeError("a table needs the deal")
        deal.check_complete()
        self.board = board
        self.deal = deal
        self.edition = edition if edition is not None else Laws2017()
        self.strict = strict
        self.regulation = _regulation(regulation)
        self.events: list[Event] = []
        self._reset()

    def _reset(self) -> None:
        self.hands = list(self.deal.hands)
        self.auction = Auction(self.board.dealer)
        self.phase = AUCTION
        self.contract: Contract | None = None
        self.declarer: int | None = None
        self.dummy: int | None = None
        self.trump = NO_TRUMP
        self.trick: list[int] = []              # cards of the trick in progress, in play order
        self.trick_leader: int | None = None
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []   # (leader, cards, winner)
        self.won = [0, 0]                        # tricks won by NS, EW
        self.irregularities: list[Irregularity] = []
        self.rulings: list[Ruling] = []
        self.pending: Ruling | None = None       # a ruling the table waits on
        self.revokes: list[Revoke] = []
        self.laws: list[str] = []
        self.claim: dict | None = None           # a claim or concession awaiting answers
        self.barred: dict[int, str] = {}
        self.lead_restrictions: list[dict] = []
        self.penalty_cards: dict[int, list[dict]] = {}
        self.dummy_faced = False
        self.duties: dict[int, dict] = {}         # what a seat's next call settles (27B, 31A...)
        self.flags: list[dict] = []               # points for the Director's review (16C, 23C...)
        self.lead_penalties: list[tuple[int, str]] = []   # (offender, "26B") if he defends
        self.exposed: dict[int, list[tuple[int, bool]]] = {}   # Law 24: (card, led) face up
        self._inadmissible_by: int | None = None  # offender of a 36B ruling not yet followed
        self.lho_may_change: int | None = None   # Laws 25A, 21B2
        self.play_duties: dict[int, dict] = {}   # Law 57: how a seat plays to this trick
        self._accepting = False                  # Law 52B1a: a card accepted in place
        self._lead_withdrawn: int | None = None  # Law 60B: declarer must lead from this hand
        self._defects: list[dict] = []           # Law 67: omitted or surplus cards of a trick
        self._dummy_limits = False               # Law 43A2 broken by dummy (43B)
        self._claimed = (0, 0)                   # tricks given by an agreed claim (64)
        self._dummy_own: int | None = None       # trick where dummy played on its own (57C2)
        self.adjustment: dict | None = None      # no table result: the Director assigns one
        self.question: dict | None = None        # a question of Law 61B awaiting its answer
        self.questions: list[dict] = []          # every question of Law 61B, with its answer
        self.faced = 0                           # a claimer's hand, faced (68C), as a mask

    # --- construction -----------------------------------------------------------

    @classmethod
    def replay(cls, board: Board, events, **kwargs) -> "Table":
        """A table with every event of ``events`` applied, in order."""
        t = cls(board, **kwargs)
        for e in events:
            t.apply(e)
        return t

    def prefix(self, n: int) -> "Table":
        """The table after the first ``n`` events of this one's log: a new table of the
        same class, with the same board, deal, edition, strictness and regulation.

        >>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 "
        ...                      "J76.A8765.T98.A4 543.43.7654.8765")
        >>> t = Table(Board(1, deal), strict=True)
        >>> for c in ["1N", "P", "3N"]:
        ...     t.call(c)
        >>> before = t.prefix(1)
        >>> [call_name(c) for _s, c in before.auction.calls], before.strict
        (['1N'], True)
        """
        return type(self).replay(self.board, self.events[:n], deal=self.deal,
                                 edition=self.edition, strict=self.strict,
                                 regulation=self.regulation)

    def copy(self) -> "Table":
        """A new table with the same board and log (so the same state), of the same class
        and with the same edition, strictness and regulation."""
        return self.prefix(len(self.events))

    # --- derived state ------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat that must act next (call, play, choose, answer a claim or a question of
        Law 61B), or ``None``."""
        if self.question is not None:
            return self.question["_asks"]
        p = self.pending
        if p is not None:
            return p.decision.by if p.decision is not None else None
        if self.phase == AUCTION:
            return self.auction.turn
        if self.phase == PLAY:
            if self.claim is not None:
                for seat in self.claim["answer_from"]:
                    if seat not in self.claim["answers"]:
                        return seat
                return None
            return (self.trick_leader + len(self.trick)) & 3
        return None

    @property
    def to_act_name(self) -> str | None:
        s = self.to_act
        return None if s is None else SEAT_NAMES[s]

    @property
    def declarer_name(self) -> str | None:
        return None if self.declarer is None else SEAT_NAMES[self.declarer]

    @property
    def decision(self):
        return self.pending.decision if self.pending is not None else None

    @property
    def director_required(self) -> bool:
        """Whether the Director must rule before the table can go on (Law 9B)."""
        return self.pending is not None and self.pending.director

    def procedure_laws(self, director_called: bool = False) -> list[str]:
        """The laws of procedure in force now, in this order: 9B2 while the table waits
        for the Director (a ruling of his is required here, or ``director_called``: he
        was called, as a live table knows, and has not yet let play go on), 68C while a
        claimer's hand is faced, 45B while declarer plays dummy's cards.

        >>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 "
        ...                      "J76.A8765.T98.A4 543.43.7654.8765")
        >>> t = Table(Board(1, deal))
        >>> for c in ["1N", "P", "P", "P"]:
        ...     t.call(c)
        >>> t.play("CQ"); t.procedure_laws()
        ['45B']
        >>> t.apply(Claim(0, 13)); t.procedure_laws(director_called=True)
        ['9B2', '68C', '45B']
        """
        laws = []
        if director_called or self.director_required:
            laws.append("9B2")           # nobody acts until the Director has ruled
        if self.faced and self.phase != COMPLETE:
            laws.append("68C")           # the claimer's hand lies face up
        if self.phase == PLAY and self.dummy_faced:
            laws.append("45B")           # declarer plays dummy's cards
        return laws

    def legal_calls(self) -> list[int]:
        """Every call the seat to act may make lawfully now (empty outside the auction)."""
        if self.phase != AUCTION or self.pending is not None:
            return []
        seat = self.auction.turn
        if seat in self.barred:
            return [PASS]
        duty = self.duties.get(seat)
        if duty is not None and duty["kind"] == "repeat":
            return [duty["call"]]                     # Laws 31A1, 32A1
        return self.auction.legal_calls(seat)

    def legal_call_names(self) -> list[str]:
        return [call_name(c) for c in self.legal_calls()]

    def legal_cards_mask(self) -> int:
        """The cards the seat to act may play lawfully now, as a mask (Law 44)."""
        if self.phase != PLAY or self.pending is not None or self.claim is not None \
                or self.question is not None:
            return 0
        seat = (self.trick_leader + len(self.trick)) & 3
        hand = self.hands[seat]
        base = hand
        if self.trick:
            follow = hand & SUIT_MASKS[self.trick[0] // 13]      # Law 44C
            if follow:
                base = follow
        elif self.lead_restrictions:
            base = self._restricted_leads(seat, hand)
        if self.play_duties and seat in self.play_duties:
            return self._play_duty(seat, base)
        if self.penalty_cards and seat in self.penalty_cards:
            return self.edition.penalty_card_duty(self, seat, base)   # Laws 50C, 50D1
        return base                                               # Laws 44A, 44D

    def _play_duty(self, seat: int, base: int) -> int:
        """Law 57A: the card declarer chose for the partner of a premature player (59: a
        player unable to comply plays any legal card); 57D: the card that must be played."""
        duty = self.play_duties[seat]
        option = duty["option"]
        if option == "any":
            return base                       # Law 51B: any legal card to this trick
        if option == "free":                  # Law 62C: he may play another card
            return (self.edition.penalty_card_duty(self, seat, base) if seat in self.penalty_cards
                    else base)
        if option == "card":
            return base & (1 << duty["card"]) or base
        led = self.trick[0] // 13 if self.trick else None
        follow = base & SUIT_MASKS[led] if led is not None else 0
        if option in ("highest", "lowest"):
            if not follow:
                return base
            cards = list(cards_of(follow))
            return 1 << (cards[-1] if option == "highest" else cards[0])
        if follow:
            return base                       # he must follow suit: 59
        suit_mask = SUIT_MASKS[duty["suit"]]
        if option == "require_suit":
            return base & suit_mask or base
        return base & ~suit_mask or base

    def _designation_due(self) -> None:
        """Law 51A: a defender with two or more major penalty cards that he may play now
        plays the one declarer designates."""
        if self.pending is not None or self.phase != PLAY or self.claim is not None:
            return
        seat = (self.trick_leader + len(self.trick)) & 3
        if seat not in self.penalty_cards or seat in self.play_duties:
            return
        must = self.legal_cards_mask() & self._major_penalty_mask(seat)
        if must.bit_count() >= 2:
            self._await(self.edition.designate_penalty_card(self, seat, must))

    def _play_unchecked(self, seat: int, card: int) -> None:
        """Play a card that declarer accepted in place of a penalty card (52B1a)."""
        self._accepting = True
        try:
            self._play(PlayCard(seat, card))
        finally:
            self._accepting = False

    def _add_penalty_card(self, seat: int, card: int, major: bool) -> None:
        """Law 50: ``card`` becomes a penalty card of ``seat``; a defender with two or
        more penalty cards has only major ones (50B, the edition's
        ``several_penalty_cards_law``)."""
        cards = self.penalty_cards.setdefault(seat, [])
        cards.append({"card": card_name(card), "major": major})
        if len(cards) > 1 and not all(c["major"] for c in cards):
            law = self.edition.several_penalty_cards_law()
            if law is not None:
                for c in cards:
                    c["major"] = True
                self.laws.append(law)

    def _major_penalty_mask(self, seat: int, minor_too: bool = False) -> int:
        return mask_of(parse_card(c["card"]) for c in self.penalty_cards.get(seat, ())
                       if c["major"] or minor_too)

    def _restricted_leads(self, seat: int, hand: int) -> int:
        """A lead under restriction (26B and, to come, 50D, 51B, 54D, 56B); Law 59: a
        player unable to comply plays any otherwise legal card."""
        name = SEAT_NAMES[seat]
        allowed = hand
        for r in self.lead_restrictions:
            if r["seat"] != name:
                continue
            if "forbid" in r:
                for suit in r["forbid"]:
                    allowed &= ~SUIT_MASKS[SUIT_LETTERS.index(suit)]
            if "require" in r:
                allowed &= SUIT_MASKS[SUIT_LETTERS.index(r["require"])]
        return allowed or hand

    def legal_cards(self) -> list[int]:
        return list(cards_of(self.legal_cards_mask()))

    def legal_card_names(self) -> list[str]:
        return [card_name(c) for c in cards_of(self.legal_cards_mask())]

    @property
    def is_complete(self) -> bool:
        return self.phase == COMPLETE

    @property
    def tricks_ns_ew(self) -> dict | None:
        """Tricks won by each side once play is complete (after claims)."""
        if self.phase != COMPLETE or self.contract is None:
            return None
        if self.adjustment is not None and self.won[0] + self.won[1] < 13:
            return None                       # the board was stopped: no tricks to report
        return {"NS": self.won[0], "EW": self.won[1]}

    @property
    def declarer_tricks(self) -> int | None:
        if self.declarer is None:
            return None
        return self.won[self.declarer & 1]

    @property
    def score_ns(self) -> int | None:
        """North-South's Law 77 score once the board is complete (0 when passed out, 22B)."""
        if self.phase != COMPLETE or self.adjustment is not None:
            return None
        if self.contract is None:
            return 0
        return score_ns(self.contract, self.declarer, self.board.vulnerable,
                        self.won[self.declarer & 1])

    # --- acting ----------------------------------------------------------------------

    def call(self, call: int | str, by: int | str | None = None, **flags) -> None:
        """Make a call (``"1H"``, ``"P"``...) by ``by`` (default: the seat whose turn it is)."""
        if isinstance(call, str):
            call = parse_call(call)
        seat = self.auction.turn if by is None else (parse_seat(by) if isinstance(by, str) else by)
        self.apply(MakeCall(seat, call, **flags))

    def play(self, card: int | str, by: int | str | None = None) -> None:
        """Play a card (``"SA"``) by ``by`` (default: the seat to play, or the card's holder)."""
        if isinstance(card, str):
            card = parse_card(card)
        if by is None:
            seat = self.to_act
            if seat is None or not self.hands[seat] >> card & 1:
                holder = self.deal.holder(card)
                seat = holder if holder is not None else 0
        else:
            seat = parse_seat(by) if isinstance(by, str) else by
        self.apply(PlayCard(seat, card))

    def apply(self, event: Event) -> None:
        """Append ``event`` to the log and update the state.

        Raises :class:`TableError` (naming the event's index) for an event that
        cannot happen: a card the player does not hold, an unknown seat, an
        answer to a decision nobody asked for.  Irregular but possible acts are
        recorded and recognised instead.
        """
        try:
            t = type(event)
            if self.pending is None and self.question is None:
                # the hot path: lawful calls and cards with nothing pending
                if t is PlayCard:
                    self._play(event)
                    self.events.append(event)
                    if self.penalty_cards:
                        self._designation_due()
                    return
                if t is MakeCall:
                    self._call(event)
                    self.events.append(event)
                    return
            index = len(self.events)
            by = event.by
            if not isinstance(by, int) or not 0 <= by <= 3:
                raise TableError(f"unknown seat {by!r}", f"event {index}")
            if self.question is not None and t is not Answer:
                q = self.question
                raise TableError(f"{q['asks']} must first answer {q['by']}'s question "
                                 f"(Law {q['law']})", f"event {index}")
            p = self.pending
            if p is not None and p.decision is not None and t is MakeCall:
                # a call while a choice is pending: acceptance by calling (27A1, 29A) or
                # the call of the player whose turn it was (28B)
                self._call_during_decision(event, index)
                self.events.append(event)
                return
            if p is not None and p.decision is not None and t is PlayCard \
                    and self._play_during_decision(event, index):
                self.events.append(event)
                if self.penalty_cards:
                    self._designation_due()
                return
            if p is not None and p.decision is not None and t is not Choose and t is not Director \
                    and not (t is DrawAttention and (event.what == "misinformed_lead" or
                                                     p.irregularity.kind in (
                        "penalty_card_lead", "lead_restriction", "designate_penalty_card"))):
                d = p.decision
                raise TableError(f"{SEAT_NAMES[d.by]} must first choose: {', '.join(d.options)} "
                                 f"(Law {', '.join(d.laws)})", f"event {index}")
            if self.pending is not None and self.pending.director and t is not Choose \
                    and t is not Director:
                irr = self.pending.irregularity
                raise TableError(
                    f"the table waits for the Director's ruling on the {irr.kind.replace('_', ' ')} "
                    f"of event {irr.event} (Law {', '.join(irr.laws)}); no one acts until he has "
                    f"ruled (Law 9B2)", f"event {index}")
            if t is PlayCard:
                self._play(event)
            elif t is MakeCall:
                self._call(event)
            elif t is ExposeCard:
                self._expose(event, index)
            elif t is Claim or t is Concede:
                self._claim(event, index)
            elif t is Respond:
                self._respond(event, index)
            elif t is Choose:
                self._choose(event, index)
            elif t is DrawAttention:
                self._attention(event, index)
            elif t is Question:
                self._question(event, index)
            elif t is Answer:
                self._answer(event, index)
            elif t is PlayCards:
                self._play_several(event, index)
            elif t is Omit:
                self._omit(event, index)
            elif t is ChangePlay:
                self._change_play(event, index)
            elif t is Designate:
                self._designate(event, index)
            elif t is Director:
                self._director(event, index)
            else:
                raise TableError(f"unknown event {event!r}", f"event {index}")
            self.events.append(event)
            if self.penalty_cards:
                self._designation_due()
        except BridgeError:
            # a refused event changes nothing: the state is rebuilt from the log
            self._restore()
            raise

    def _restore(self) -> None:
        events = self.events
        self.events = []
        self._reset()
        for e in events:
            self.apply(e)

    # --- irregularities -----------------------------------------------------------------

    def _await(self, ruling: Ruling) -> None:
        """Record ``ruling`` and wait for its choice (or the Director) before anything else."""
        self.rulings.append(ruling)
        self.pending = ruling

    def _irregular(self, kind: str, seat: int, index: int, **facts: Any) -> Irregularity:
        """Recognise an irregularity of ``kind`` and apply the edition's ruling on it."""
        irr = Irregularity(kind, seat, index, IRREGULARITY_KINDS[kind], facts)
        if self.strict and kind not in CLAIM_PROCEDURE:
            raise IrregularEvent(f"{kind.replace('_', ' ')} by {SEAT_NAMES[seat]} "
                                 f"(Law {', '.join(irr.laws)}) is refused at a strict table",
                                 f"event {index}", irr)
        self.irregularities.append(irr)
        self.laws.extend(irr.laws)
        ruling = self.edition.rule(self, irr)
        if ruling is not None:
            if ruling.director or ruling.decision is not None:
                self._await(ruling)
                return irr
            self.rulings.append(ruling)
            if "now" in ruling.consequences:
                self._apply_consequences(ruling.consequences["now"])
        return irr

    # --- the auction -------------------------------------------------------------------

    def _call(self, event: MakeCall) -> None:
        seat, call = event.by, event.call
        auction = self.auction
        if (self.phase == AUCTION and seat == auction.turn and seat not in self.barred
                and not self.duties and event.replaces is None):
            # Laws 18, 19: a call in turn that is sufficient or an allowed double
            if (call == PASS or (call > REDOUBLE and call <= MAX_LEGAL_BID
                                 and (auction.last_bid is None or call > auction.last_bid))
                    or (call in (DOUBLE, REDOUBLE) and auction.is_legal(seat, call))):
                auction.add(seat, call)
                if auction.is_over:
                    self._auction_over()
                return
        self._irregular_call(event)

    def _irregular_call(self, event: MakeCall) -> None:
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
        if self.phase != AUCTION:
            self._irregular("call_after_final_pass", seat, index, **facts)        # Law 39
        elif is_bid(call) and call > MAX_LEGAL_BID:
            self._irregular("bid_above_seven", seat, index, **facts)              # Law 38
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
            self._irregular("call_in_breach_of_bar", seat, index, **facts)        # Law 37
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

    def _replace_own_call(self, event: MakeCall, index: int) -> None:
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
            raise TableError(verdict.reason, f"event {index}")
        calls = self.auction.calls
        i = [k for k, (s_, _c) in enumerate(calls) if s_ == seat][-1]
        later = calls[i + 1:]
        if self.phase == PLAY:
            # 21B1a in the clarification period: the auction period has not ended
            self._reopen_auction()
        self._apply_consequences([verdict, Flag("UI", "16C", seat)])
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

    def _lho_changes(self, event: MakeCall, index: int) -> None:
        """Law 25A / 21B2: after his RHO replaced a call, the LHO changes the call he had
        made over it, with no further rectification (16C: the withdrawn call is
        authorised information to his side, unauthorised to the other)."""
        seat = event.by
        calls = self.auction.calls
        fresh = calls and (calls[-1][0] == seat or (calls[-1][0] == (seat + 3) & 3
                                                     and self.auction.turn == seat))
        if self.lho_may_change != seat or not fresh:
            raise TableError(f"{SEAT_NAMES[seat]} may change a call only right after his RHO "
                             "replaced the call he had called over (Laws 25A, 21B2)",
                             f"event {index}")
        self.lho_may_change = None
        if calls[-1][0] == seat:
            self._rebuild_auction(calls[:-1])
        self._apply_consequences([self.edition.lho_changes_call(self, seat)])
        self._call(MakeCall(seat, event.call, event.artificial, event.comparable))

    def _reopen_auction(self) -> None:
        """Back to the auction from the clarification period (Law 21B1a, 17D)."""
        self.phase = AUCTION
        self.contract = self.declarer = self.dummy = None
        self.trick_leader = None
        self.trump = NO_TRUMP
        self.pending = None

    def _settle_duties(self, event: MakeCall) -> bool:
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

    def _put(self, seat: int, call: int) -> None:
        self._inadmissible_by = None
        self.auction.add(seat, call)
        if self.auction.is_over:
            self._auction_over()

    def _auction_over(self) -> None:
        """Three passes (four with no bid) close the auction unless one of them, made out
        of rotation and accepted, took away a player's turn: then the auction goes back
        to the player skipped and the passes after the skip are cancelled (17D3, 34)."""
        ops = self.edition.passes_after_skipped_turn(self)
        if ops:
            self._apply_consequences(ops)
            return
        self._end_auction()

    def _rebuild_auction(self, calls) -> None:
        self.auction = Auction.from_calls(self.board.dealer, calls)

    def _call_during_decision(self, event: MakeCall, index: int) -> None:
        """A call while a choice is pending: the edition's ``call_during_choice`` says
        what it settles (27C, 27A1, 29A, 28B); the call is then made."""
        p = self.pending
        assert p is not None and p.decision is not None
        ops = self.edition.call_during_choice(self, p, event.by)
        if ops is None:
            d = p.decision
            raise TableError(f"{SEAT_NAMES[d.by]} must first choose: {', '.join(d.options)} "
                             f"(Law {', '.join(d.laws)})", f"event {index}")
        self._apply_consequences(ops, settle_first=False)
        self.pending = None
        self._call(event)

    def _play_during_decision(self, event: PlayCard, index: int) -> bool:
        """A card played while a choice is pending: the edition's ``play_during_choice``
        says what it settles (53B, 53C, 54, 60A-C, 50D2, 52B1b).  Returns False when the
        Laws give it no meaning here (the table then asks for the choice first)."""
        p = self.pending
        assert p is not None
        seat = event.by
        if not (isinstance(seat, int) and 0 <= seat <= 3):
            return False
        self._check_holds(seat, event.card, index)
        ops = self.edition.play_during_choice(self, p, seat, event.card)
        if ops is None:
            return False
        self._apply_consequences(ops)
        return True

    def _apply_consequences(self, ops: Iterable[Consequence], where: str | None = None,
                            settle_first: bool = True) -> None:
        """Apply what a rule of the Laws returned, in order (the one place where the
        table changes on a rule's word).  A :class:`Refuse` raises :class:`TableError`
        (``where`` names the event).  ``settle_first``: a :class:`Settle` clears the
        pending ruling before applying its option (after, when False)."""
        for op in ops:
            t = type(op)
            if t is Cite:
                self.laws.append(op.law)
                if op.law == "36B":
                    self._inadmissible_by = self.irregularities[-1].by
            elif t is PutInForce:
                self._put(op.seat, op.call)
            elif t is Bar:
                self.barred[op.seat] = op.until
            elif t is Unbar:
                self.barred.pop(op.seat, None)
            elif t is CallDuty:
                self.duties[op.seat] = op.as_dict()
            elif t is Flag:
                flag = op.as_dict()
                if not (op.once and flag in self.flags):
                    self.flags.append(flag)
            elif t is LeadPenalty:
                self.lead_penalties.append((op.offender, op.law))
            elif t is DropLeadPenalty:
                self.lead_penalties = [lp for lp in self.lead_penalties if lp[0] != op.offender]
            elif t is DropReview:
                self.flags = [f for f in self.flags if not (
                    f["flag"] == op.name and f.get("seat") in (None, SEAT_NAMES[op.seat]))]
            elif t is LeadStands:
                # Law 53A: the lead out of turn is treated as a correct lead
                self.trick_leader = op.seat
                if not self.tricks:
                    self.dummy_faced = True
                self._play(PlayCard(op.seat, op.card))
            elif t is PenaltyCard:
                self._add_penalty_card(op.seat, op.card, op.major)
                if not self.trick and self.pending is None:
                    self._next_leader()
            elif t is DeclarerSpreads:
                # Law 54A: declarer spreads his hand and becomes dummy
                self.declarer, self.dummy = self.dummy, self.declarer
            elif t is PlayInstead:
                # Law 52B2: the penalty card is played in place of the card played
                must = list(cards_of(op.must))
                self._play(PlayCard(op.seat, must[-1] if len(must) == 1 else must[0]))
                self._add_penalty_card(op.seat, op.card, True)
            elif t is PlayAccepted:
                self._play_unchecked(op.seat, op.card)
            elif t is PlayDuty:
                self.play_duties[op.seat] = {"option": op.option, "suit": op.suit}
            elif t is MustPlay:
                self.play_duties[op.seat] = {"option": "card", "card": op.card}
            elif t is ReplayDuty:
                self.play_duties[op.seat] = {"option": "free" if op.free else "card",
                                             "card": op.card, "law": op.law}
            elif t is LeadFrom:
                self.trick_leader = op.seat
            elif t is MustLeadFrom:
                self.trick_leader = op.seat
                self._lead_withdrawn = op.seat
            elif t is Expose:
                self.exposed.setdefault(op.seat, []).append((op.card, op.led))
            elif t is ClearDuty:
                self.duties.pop(op.seat, None)
            elif t is WithdrawLast:
                kept = list(self.auction.calls)
                for i in range(len(kept) - 1, -1, -1):
                    if kept[i][0] == op.seat:
                        del kept[i]
                        break
                self._rebuild_auction(kept)
            elif t is CancelCalls:
                self._rebuild_auction(self.auction.calls[:op.first])
            elif t is Settle:
                p = self.pending
                assert p is not None
                chosen = [x for x in p.consequences[op.option]
                          if not (type(x) is Cite and x.law in op.without)]
                if settle_first:
                    self.pending = None
                self._apply_consequences(chosen, where)
            elif t is Resolve:
                self.pending = None
            elif t is PlayNow:
                self._play(PlayCard(op.seat, op.card))
            elif t is Recognise:
                self._irregular(op.irregularity, op.seat, len(self.events),
                                card=card_name(op.card), _card=op.card)
            elif t is LeadRestriction:
                seat = SEAT_NAMES[op.seat]
                if op.require is not None:
                    self.lead_restrictions.append({"seat": seat,
                                                   "require": SUIT_LETTERS[op.require],
                                                   "law": op.law})
                else:
                    self.lead_restrictions.append({"seat": seat,
                                                   "forbid": [SUIT_LETTERS[x] for x in op.forbid],
                                                   "law": op.law})
            elif t is PickUpPenaltyCards:
                letters = [SUIT_LETTERS[x] for x in op.suits]
                cards = self.penalty_cards.get(op.seat, [])
                self.penalty_cards[op.seat] = [c for c in cards if c["card"][0] not in letters]
                if not self.penalty_cards[op.seat]:
                    del self.penalty_cards[op.seat]
                elif op.any_card:
                    self.play_duties[op.seat] = {"option": "any"}
            elif t is Transfer:
                r = self.revokes[op.revoke]
                r.transfer = op.tricks
                self.won[r.seat & 1] -= op.tricks
                self.won[(r.seat & 1) ^ 1] += op.tricks
                self.laws.append(op.law)
            elif t is MarkRevoke:
                r = self.revokes[op.revoke]
                if op.late is not None:
                    r.late = op.late
                if op.forced:
                    r.forced = True
            elif t is DeemedRevoke:
                r = Revoke(op.seat, op.trick, op.card, op.suit)
                r.established = r.deemed = r.noticed = True
                self.revokes.append(r)
            elif t is RestoreTricks:
                self.won[op.side] += op.tricks
                self.won[op.side ^ 1] -= op.tricks
            elif t is NoTableResult:
                self._no_table_result(op.law, op.score)
            elif t is Refuse:
                raise TableError(op.reason, where)
            else:
                raise AssertionError(f"unknown consequence {op!r}")

    def _end_auction(self) -> None:
        """Law 22: the auction is over; the contract, declarer, dummy and opening leader follow."""
        a = self.auction
        if a.is_passed_out:
            self.phase = COMPLETE                                  # Law 22B: scored 0, no redeal
            return
        self.contract = a.contract
        self.declarer = a.declarer
        self.dummy = (self.declarer + 2) & 3
        self.trump = NO_TRUMP if self.contract.strain == 4 else self.contract.strain
        self.trick_leader = (self.declarer + 1) & 3                # Law 41A: declarer's LHO leads
        self.phase = PLAY
        self._settle_exposed_cards()
        # Law 26B concerns only an offender who becomes a defender
        self.lead_penalties = [(o, law) for o, law in self.lead_penalties
                               if (o ^ self.declarer) & 1 == 1]
        self.barred.clear()
        self.duties.clear()
        if self.lead_penalties:
            self._next_leader()

    def _settle_exposed_cards(self) -> None:
        """Law 24 at the end of the auction (the edition's
        ``exposed_cards_at_end_of_auction``): the cards go back to the hand or become
        penalty cards."""
        for op in self.edition.exposed_cards_at_end_of_auction(self):
            if type(op) is PenaltyCard:
                self.penalty_cards.setdefault(op.seat, []).append(
                    {"card": card_name(op.card), "major": op.major})
            else:
                self._apply_consequences([op])
        self.exposed.clear()

    def _next_leader(self) -> None:
        """A new trick is to be led: restrictions lapse when their defender has lost the
        lead (26B); a pending 26B choice arises at the first lead of the offender's partner."""
        leader = self.trick_leader
        self.lead_restrictions = [r for r in self.lead_restrictions
                                  if r["seat"] == SEAT_NAMES[leader]]
        holder = (leader + 2) & 3
        if (holder ^ self.declarer) & 1 == 1 and any(
                p["major"] for p in self.penalty_cards.get(holder, ())):
            # Law 50D2: the partner of a defender with a major penalty card has the lead
            self._await(self.edition.penalty_card_lead(self, holder))
            return
        offenders = {o for o, _law in self.lead_penalties if (o + 2) & 3 == leader}
        if offenders:
            o = min(offenders)
            self.lead_penalties = [(x, law) for x, law in self.lead_penalties
                                   if (x + 2) & 3 != leader]
            self._await(self.edition.lead_restriction(self, o))

    # --- the play --------------------------------------------------------------------------

    def _check_holds(self, seat: int, card: int, index: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat <= 3:
            raise TableError(f"unknown seat {seat!r}", f"event {index}")
        if not isinstance(card, int) or not 0 <= card < 52:
            raise TableError(f"unknown card {card!r}", f"event {index}")
        if self.hands[seat] >> card & 1:
            return
        name = card_name(card)
        n = self._trick_of(card)
        if n == len(self.tricks) + 1:
            raise TableError(f"{name} was already played to this trick", f"event {index}")
        if n is not None:
            raise TableError(f"{name} was already played, to trick {n}", f"event {index}")
        holder = self.deal.holder(card)
        hint = ""
        if holder == self.dummy and seat == self.declarer:
            hint = "; a card from dummy is played by dummy's seat"
        raise TableError(f"{SEAT_NAMES[seat]} does not hold {name} "
                         f"(it is in {SEAT_NAMES[holder]}'s hand{hint})", f"event {index}")

    def _play(self, event: PlayCard) -> None:
        seat, card = event.by, event.card
        try:
            hand = self.hands[seat] if 0 <= seat <= 3 else 0
            held = hand >> card & 1 if 0 <= card < 52 else 0
        except TypeError:
            held = 0
        if not held:
            self._check_holds(seat, card, len(self.events))   # raises, naming the reason
        if self.phase is not PLAY or self.claim is not None:
            self._play_outside_play(seat, card)
            return
        trick = self.trick
        turn = (self.trick_leader + len(trick)) & 3
        if seat != turn:
            self._out_of_turn(seat, card, turn, len(self.events))
            return
        if (self.penalty_cards and seat in self.penalty_cards and not self._accepting
                and self.play_duties.get(seat, {}).get("option") != "any"):
            must = self.edition.penalty_card_duty(self, seat, self.legal_cards_mask())
            own = self._major_penalty_mask(seat, minor_too=True)
            if must & own and not must >> card & 1 and (
                    must & self._major_penalty_mask(seat) or card % 13 < 8):
                # Law 52: a penalty card not played as Law 50 requires (a major one at
                # the first legal opportunity; no other small card before a minor one)
                self._irregular("penalty_card_not_played", seat, len(self.events),
                                card=card_name(card), _card=card, _must=must & own)
                return
        revoked = False
        if trick:
            led = trick[0] // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                # Law 61A: failure to follow suit when able is a revoke
                faced = any(c["card"] == card_name(card) for c in self.penalty_cards.get(seat, ()))
                self.revokes.append(Revoke(seat, len(self.tricks) + 1, card, led, faced))
                self._irregular("revoke", seat, len(self.events), card=card_name(card),
                                trick=len(self.tricks) + 1)
                revoked = True
        if (self.play_duties or self.lead_restrictions) and not revoked and not self._accepting \
                and not self.legal_cards_mask() >> card & 1:
            # Law 61A: failing, when able, to lead or play a card or suit that an opponent's
            # chosen rectification or a law requires (26B, 50D2, 51B, 57A, 57D, 62C2...)
            suit = trick[0] // 13 if trick else card // 13
            self.revokes.append(Revoke(seat, len(self.tricks) + 1, card, suit))
            self._irregular("revoke", seat, len(self.events), card=card_name(card),
                            trick=len(self.tricks) + 1)
        if not trick:
            self._lead_withdrawn = None
            if not self.tricks:
                self.dummy_faced = True                            # Law 41C: dummy spreads
        if self.revokes or self.penalty_cards or self.play_duties or self.lead_restrictions:
            self._after_card(seat, card, not trick)
        self.hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            self._complete_trick()

    def _complete_trick(self) -> None:
        trick = self.trick
        if self._defects and -1 in trick:
            winner = self._defective_winner(trick, self.trick_leader)
        else:
            winner = trick_winner(trick, self.trick_leader, self.trump)   # Laws 44E, 44F
        self.tricks.append((self.trick_leader, tuple(trick), winner))
        self.won[winner & 1] += 1
        self.trick = []
        self.trick_leader = winner                                 # Law 44G
        if len(self.tricks) == 13:
            self.phase = COMPLETE
            if self.revokes:
                self._settle_revokes()
        elif self.lead_restrictions or self.lead_penalties or self.penalty_cards:
            self._next_leader()

    def _defective_winner(self, trick, leader: int) -> int:
        """The winner of a trick with a card missing (-1): Laws 44E, 44F over the cards
        there (Law 67B: the card placed later does not change who won it)."""
        led = trick[0] // 13
        best = max((i for i, c in enumerate(trick) if c >= 0),
                   key=lambda i: card_value(trick[i], led, self.trump))
        return (leader + best) & 3

    def _play_outside_play(self, seat: int, card: int) -> None:
        index = len(self.events)
        if self.phase == AUCTION:
            # Law 24: a card led or exposed during the auction period
            self._irregular("card_exposed_during_auction", seat, index, card=card_name(card),
                            _card=card, _led=True)
        elif self.phase != PLAY:
            raise TableError(f"play is over; {SEAT_NAMES[seat]} cannot play {card_name(card)}",
                             f"event {index}")
        else:
            raise TableError("play has stopped for a claim or concession (Law 68D)",
                             f"event {index}")

    def _after_card(self, seat: int, card: int, is_lead: bool) -> None:
        """What a card played in turn settles: revokes established (63A1), a play duty
        (57) done, a penalty card played (50), a required lead made (50D2a, 54D)."""
        if self.revokes:
            self._establish_revokes(seat)
        if seat in self.play_duties:
            duty = self.play_duties.pop(seat)
            if duty.get("law") in ("62C1", "62C2", "47D", "45D") and card != duty["card"]:
                # a card taken back by a correction is replaced by another (62C, 45D, 47D)
                self._apply_consequences(
                    self.edition.card_changed_after_correction(self, seat, duty))
        if seat in self.penalty_cards:
            name = card_name(card)
            left = [c for c in self.penalty_cards[seat] if c["card"] != name]
            if left:
                self.penalty_cards[seat] = left
            else:
                del self.penalty_cards[seat]
        if is_lead and self.lead_restrictions:
            # a required lead is made once; a forbidden suit stays forbidden while the
            # defender keeps the lead
            self.lead_restrictions = [r for r in self.lead_restrictions if "require" not in r
                                      or r["seat"] != SEAT_NAMES[seat]]

    def _settle_revokes(self, claimed: tuple[int, int] = (0, 0)) -> None:
        """Law 64 at the end of play: the edition's ``revoke_transfer`` says what each
        established revoke transfers.  ``claimed`` are the tricks each side got by an
        agreed claim after the last trick played (they count as tricks won after the
        revoke).  Settling again (after a later correction, 67B, 69B) first undoes the
        transfers made before."""
        self._claimed = claimed
        for r in self.revokes:
            if r.transfer:
                self.won[r.seat & 1] += r.transfer
                self.won[(r.seat & 1) ^ 1] -= r.transfer
                r.transfer = 0
        live = [i for i, r in enumerate(self.revokes)
                if (r.established and not r.corrected) or r.forced]
        if live:
            self._apply_consequences(self.edition.revoke_transfer(self, live, claimed))

    def _establish_revokes(self, seat: int, how: str = "play") -> None:
        """Law 63A: the revokes that ``seat``'s act (``how``: ``"play"``, ``"claim"``,
        ``"agreed"``) establishes, as the edition's ``revoke_established`` says."""
        for r in self.revokes:
            if not r.established and not r.corrected:
                law = self.edition.revoke_established(self, r, seat, how)
                if law is not None:
                    r.established = True
                    self.laws.append(law)

    def _out_of_turn(self, seat: int, card: int, turn: int, index: int) -> None:
        declaring = (seat ^ self.declarer) & 1 == 0
        facts = {"card": card_name(card), "turn": SEAT_NAMES[turn], "_card": card, "_turn": turn}
        if self._lead_withdrawn is not None and not declaring and not self.trick:
            # Law 60B: declarer must lead from the other hand (55B2) and has not yet
            self._irregular("play_before_correct_lead", seat, index, **facts)
            return
        if not self.tricks and not self.trick:
            if declaring:
                # Law 54E: an "opening lead" by the declaring side falls under Law 24
                facts.pop("_card")
                self._irregular("card_exposed_during_auction", seat, index, _card=card,
                                _led=True, **facts)
            else:
                self._irregular("opening_lead_out_of_turn", seat, index, **facts)   # Law 54
        elif not self.trick:
            self._irregular("lead_out_of_turn_by_declarer" if declaring          # Law 55
                            else "lead_out_of_turn_by_defender", seat, index, **facts)  # 56
        else:
            partner = (seat + 2) & 3
            leader = self.trick_leader
            played = {(leader + k) & 3 for k in range(len(self.trick))}
            hand = self.hands[seat]
            if self.trick and card // 13 != self.trick[0] // 13 and hand & SUIT_MASKS[self.trick[0] // 13]:
                legal_at_turn = False
            else:
                legal_at_turn = seat not in played
            if declaring:
                self._irregular("premature_play_by_declarer", seat, index,          # Law 57C3
                                _legal_at_turn=legal_at_turn, **facts)
                return
            self._irregular("premature_play_by_defender", seat, index,              # Law 57
                            _partner_played=partner in played, _legal_at_turn=legal_at_turn,
                            _dummy_own=self._dummy_own == len(self.tricks) + 1,
                            _declarer_both={self.declarer, self.dummy} <= played, **facts)

    def _expose(self, event: ExposeCard, index: int) -> None:
        seat, card = event.by, event.card
        self._check_holds(seat, card, index)
        facts = {"card": card_name(card)}
        if self.phase == AUCTION or (self.phase == PLAY and not self.dummy_faced):
            self._irregular("card_exposed_during_auction", seat, index, _card=card,  # Law 24
                            _led=False, **facts)
        elif self.phase == PLAY:
            if seat == self.dummy:
                return                     # dummy's cards lie face up already (Law 41D)
            if seat == self.declarer:
                self._irregular("card_exposed_by_declarer", seat, index, _card=card,  # Law 48
                                **facts)
            else:
                self._irregular("card_exposed_by_defender", seat, index, _card=card,  # Law 49
                                _deliberate=event.deliberate, **facts)
        else:
            raise TableError("play is over; exposing a card changes nothing", f"event {index}")

    # --- claims and concessions -----------------------------------------------------------

    def _claim(self, event, index: int) -> None:
        seat = event.by
        is_claim = type(event) is Claim
        what = "claim" if is_claim else "concession"
        if self.phase != PLAY:
            raise TableError(f"a {what} is made during the play (Law 68)", f"event {index}")
        if self.claim is not None:
            raise TableError(f"a {self.claim['kind']} is already awaiting answers", f"event {index}")
        if seat == self.dummy:
            raise TableError(f"dummy takes no part in the play and cannot make a {what} "
                             "(Law 43A1)", f"event {index}")
        remaining = 13 - len(self.tricks)          # a trick in progress counts as remaining
        n = event.tricks
        if not isinstance(n, int) or not 0 <= n <= remaining:
            raise TableError(f"a {what} of {n!r} tricks, but {remaining} remain", f"event {index}")
        # Law 68A: a claim of some tricks concedes the others; 68B1: a concession
        claimer_tricks = n if is_claim else remaining - n
        answer_from = self.edition.claim_answered_by(self, seat)
        self.claim = {"kind": "claim" if is_claim else "concession", "by": seat, "tricks": n,
                      "claimer_tricks": claimer_tricks, "remaining": remaining,
                      "answer_from": answer_from, "answers": {}, "event": index,
                      "line": getattr(event, "line", None)}
        self.laws.append(self.edition.claim_made(self, seat, is_claim).law)
        if is_claim:
            self.faced |= self.hands[seat]    # Law 68C: the claimer faces his hand
        if self.revokes:
            self._establish_revokes(seat, "claim")   # the offending side claims or concedes

    def _respond(self, event: Respond, index: int) -> None:
        c = self.claim
        seat = event.by
        if c is None:
            raise TableError("there is no claim or concession to answer", f"event {index}")
        if event.answer not in ("accept", "dispute"):
            raise TableError(f"an answer is accept or dispute, not {event.answer!r}",
                             f"event {index}")
        if seat == (c["by"] + 2) & 3 and c["kind"] == "concession" and c["by"] != self.declarer:
            if event.answer == "dispute":
                # Law 68B2: a defender concedes and partner objects at once: no concession
                self.claim = None
                self._irregular("concession_objected_by_partner", seat, index)
                return
            raise TableError("partner's agreement to a concession is not asked", f"event {index}")
        if seat not in c["answer_from"]:
            raise TableError(f"{SEAT_NAMES[seat]} is not an opponent of the "
                             f"{c['kind']} by {SEAT_NAMES[c['by']]}", f"event {index}")
        if event.answer == "dispute":
            kind = "disputed_claim" if c["kind"] == "claim" else "disputed_concession"
            self._irregular(kind, seat, index, tricks=c["tricks"])    # Laws 68D, 70
            return
        c["answers"][seat] = "accept"
        if all(s in c["answers"] for s in c["answer_from"]):
            # Law 69A: the claim or concession is agreed; the tricks are scored as stated
            self._end_by_claim(c["by"] & 1, c["claimer_tricks"], c["remaining"],
                               self.edition.claim_agreed(self))

    def _end_by_claim(self, side: int, tricks: int, remaining: int, law: str) -> None:
        """Play ends with ``tricks`` of the ``remaining`` ones to ``side``, as agreed
        (69A) or as the Director awards (70).  Every revoke not yet established is
        established (63A4), and Law 64 counts the claimed tricks as won after it."""
        self.won[side] += tricks
        self.won[side ^ 1] += remaining - tricks
        self.laws.append(law)
        self.claim = None
        self.phase = COMPLETE
        if self.revokes:
            self._establish_revokes(side, "agreed")
            claimed = [0, 0]
            claimed[side], claimed[side ^ 1] = tricks, remaining - tricks
            self._settle_revokes(tuple(claimed))

    # --- decisions and attention ------------------------------------------------------

    def _choose(self, event: Choose, index: int) -> None:
        p = self.pending
        where = f"event {index}"
        if p is None or p.decision is None:
            if p is not None and p.director:
                raise TableError("the Director's ruling is awaited; this version of the engine "
                                 "does not yet apply a rectification for "
                                 f"{p.irregularity.kind.replace('_', ' ')}", where)
            raise TableError("no decision is pending", where)
        d = p.decision
        if event.by != d.by:
            raise TableError(f"the choice is {SEAT_NAMES[d.by]}'s, not {SEAT_NAMES[event.by]}'s "
                             f"(Law 10C)", where)
        if event.option not in d.options:
            raise TableError(f"{event.option!r} is not an option here; the options are "
                             f"{', '.join(d.options)}", where)
        kind = p.irregularity.kind
        if kind == "defective_trick":
            self._complete_defective(p, event, index)
            return
        if kind in ("several_cards_played", "incomplete_designation"):
            allowed = p.irregularity.facts["_visible" if kind == "several_cards_played"
                                           else "_allowed"]
            if event.card is None or not allowed >> event.card & 1:
                raise TableError(f"Law {d.laws[0]}: the card is one of "
                                 + ", ".join(card_name(c) for c in cards_of(allowed)), where)
            self.pending = None
            self.laws.append(d.laws[0])
            seat = p.irregularity.by
            surplus = p.irregularity.facts.get("_surplus")
            if surplus is not None:
                self._name_surplus(seat, surplus, event.card)
                return
            self._play(PlayCard(seat, event.card))
            if kind == "several_cards_played" and seat not in (self.declarer, self.dummy):
                for c in cards_of(allowed & ~(1 << event.card)):     # 58B2: penalty cards
                    self._add_penalty_card(seat, c, c % 13 >= 8)
                if not self.trick and self.pending is None:
                    self._next_leader()
            return
        ops = self.edition.chosen(self, p, event)
        self._apply_consequences([op for op in ops if type(op) is Refuse], where)
        self.pending = None
        self._apply_consequences(ops, where)

    def _attention(self, event: DrawAttention, index: int) -> None:
        """Attention drawn to a revoke.  Established (63A): it stands, and Law 64 acts at
        the end of play (63B), except on trick 12, where it is corrected all the same
        (62D).  Not established: the offender must correct it (62A), substituting a legal
        card; a defender's card from his unfaced hand becomes a major penalty card (62B1),
        declarer's, dummy's or a faced card goes back to the hand (62B2).  Cards played
        after the revoke come back to their hands: each non-offender may then play another
        (62C1); an offender must play his again unless the non-offender before him in
        rotation changed his, and a defender who then changes makes his first card a
        penalty card (62C2).  When both sides revoked on the same trick, both revokes are
        corrected (62C3).  ``offender`` (and ``trick``) name the revoke; without them it is
        the latest one not yet corrected."""
        what = event.what
        if what != "revoke":
            handler = {"defective_trick": lambda: self._defective_trick(index),
                       "misinformed_lead": lambda: self._misinformed_lead(event, index),
                       "misinformed_play": lambda: self._misinformed_play(event, index),
                       "dummy_limits": lambda: self._dummy_broke_limits(index),
                       "dummy_played": lambda: self._dummy_played(index),
                       "wrong_hand": lambda: self._dummy_warns(event, index)}.get(what)
            if handler is None:
                raise TableError(f"unknown attention {what!r} (revoke, defective_trick, "
                                 "misinformed_lead, misinformed_play, dummy_limits, "
                                 "wrong_hand, dummy_played)", f"event {index}")
            handler()
            return
        open_revokes = [r for r in self.revokes if not r.corrected]
        if not open_revokes:
            raise TableError("attention drawn to a revoke, but no card played so far failed "
                             "to follow suit when able (Law 61A)", f"event {index}")
        r = open_revokes[-1]
        if event.offender is not None or event.trick is not None:
            r = next((x for x in reversed(open_revokes)
                      if event.offender in (None, x.seat) and event.trick in (None, x.trick)),
                     None)
            if r is None:
                who = SEAT_NAMES[event.offender] if event.offender in range(4) else "anyone"
                on = f" on trick {event.trick}" if event.trick is not None else ""
                raise TableError(f"attention drawn to a revoke by {who}{on}, but there is no "
                                 "such revoke to rectify (Law 61A)", f"event {index}")
        self._revoke_attention(r, event.by, index)

    def _revoke_attention(self, r: Revoke, by: int, index: int, asked: bool = False) -> None:
        """Attention drawn by ``by`` to the revoke ``r`` (see :meth:`_attention`).
        ``asked``: by a question of Law 61B that its offender answered, which dummy may
        ask declarer (61B2a) without drawing attention himself (43A1b).  The edition
        says what follows (``dummy_draws_attention_to_revoke``, ``revoke_correction``,
        ``revoke_corrected``, ``cards_after_revoke``); the table takes the cards back."""
        ed = self.edition
        r.noticed = True
        open_revokes = [x for x in self.revokes if not x.corrected]
        if by == self.dummy and self.phase == PLAY:
            ops = ed.dummy_draws_attention_to_revoke(self, self.revokes.index(r), asked,
                                                     self._dummy_limits)
            self._apply_consequences(ops)
            if any(type(op) is MarkRevoke and op.late is not None for op in ops):
                return                            # never rectified (43B3)
        law, fixing = ed.revoke_correction(self, r, open_revokes)
        if not fixing:
            self.laws.append(law)                 # 63B: Law 64 acts at the end of play
            return
        fixed = sorted((x for x in self.revokes if any(x is f for f in fixing)),
                       key=self._position)
        for x in fixed:
            x.noticed = True
        taken = self._retract_since(r.trick, self._position(fixed[0]), keep=fixed)
        revoke_cards = {(x.seat, x.card) for x in fixed}
        for x in fixed:
            x.corrected = True
        self._apply_consequences(ed.revoke_corrected(self, law, r, fixed))
        self._apply_consequences(ed.cards_after_revoke(
            self, law, r.seat & 1, [(s_, c) for s_, c in taken if (s_, c) not in revoke_cards]))

    # --- questions about a revoke (Law 61B) ------------------------------------------------

    def showed_out(self, seat: int, trick: int) -> bool:
        """Whether ``seat`` played a card of another suit than the one led to trick
        ``trick`` (1-based; the trick in progress included): a fact every player saw."""
        if not 1 <= trick <= len(self.tricks) + (1 if self.trick else 0):
            return False
        leader = self.trick_leader if trick > len(self.tricks) else self.tricks[trick - 1][0]
        cards = self.trick_cards(trick)
        pos = (seat - leader) & 3
        if pos == 0 or pos >= len(cards) or cards[0] < 0 or cards[pos] < 0:
            return False
        return cards[pos] // 13 != cards[0] // 13

    def ask_check(self, by: int, asks: int, trick: int | None = None,
                  where: str | None = None) -> tuple[str, int]:
        """Whether ``by`` may ask ``asks`` now about trick ``trick`` (``None``: the latest
        trick where ``asks`` failed to follow suit) under Law 61B: returns the law that
        allows it and the trick, or raises :class:`QuestionRefused` naming the reason.
        Everything it looks at is public: the seats' roles and the cards played.

        >>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 "
        ...                      "J76.A8765.T98.A4 543.43.7654.8765")
        >>> t = Table(Board(1, deal))
        >>> for c in ["1N", "P", "P", "P"]:
        ...     t.call(c)
        >>> for card in ["CQ", "C4", "D4"]:   # West plays a diamond to the club lead
        ...     t.play(card)
        >>> t.ask_check(0, 3)                 # declarer asks West, who showed out on trick 1
        ('61B1', 1)
        >>> t.ask_check(1, 3)                 # West's partner may too, unless regulated
        ('61B3', 1)
        """
        if self.phase != PLAY or self.claim is not None or self.pending is not None \
                or self.question is not None:
            raise QuestionRefused("not_play", where)
        if by == asks:
            raise QuestionRefused("self", where)
        if asks == self.dummy:
            raise QuestionRefused("dummy", where)
        if trick is None:
            last = len(self.tricks) + (1 if self.trick else 0)
            trick = next((n for n in range(last, 0, -1) if self.showed_out(asks, n)), None)
        if trick is None or not self.showed_out(asks, trick):
            on = f"trick {trick}" if trick is not None else "any trick"
            raise QuestionRefused("followed", where, asks=SEAT_NAMES[asks], trick=on)
        verdict = self.edition.question_law(self, by, asks)     # 61B1, 61B2a, 61B3
        if type(verdict) is Refuse:
            raise QuestionRefused(verdict.reason, where)
        return verdict.law, trick

    def true_answer(self) -> str | None:
        """The true answer to the pending question: ``"yes"`` when the asked player had a
        card of the suit led when he played to that trick (he revoked), else ``"no"``."""
        q = self.question
        if q is None:
            return None
        seat, n = q["_asks"], q["trick"]
        held = self.hands[seat]
        for k, _pos, s_, card in self.played():
            if s_ == seat and k >= n and card >= 0:
                held |= 1 << card                # played since: he held it then
        return "yes" if held & SUIT_MASKS[SUIT_LETTERS.index(q["suit"])] else "no"

    def _question(self, event: Question, index: int) -> None:
        """Law 61B: a player who failed to follow suit is asked whether he has a card of
        the suit led; he owes the answer before anything else happens."""
        asks = event.asks
        if not isinstance(asks, int) or not 0 <= asks <= 3:
            raise TableError(f"unknown seat {asks!r}", f"event {index}")
        law, n = self.ask_check(event.by, asks, event.trick, f"event {index}")
        led = self.trick_cards(n)[0] // 13
        self.question = {"by": SEAT_NAMES[event.by], "asks": SEAT_NAMES[asks], "trick": n,
                         "suit": SUIT_LETTERS[led], "law": law, "answer": None,
                         "event": index, "_by": event.by, "_asks": asks}
        self.questions.append(self.question)
        self.laws.append(law)

    def _answer(self, event: Answer, index: int) -> None:
        """The answer to a question of Law 61B.  It must be true (the table knows the
        hand).  ``"yes"`` draws attention to the revoke on that trick: it is corrected
        (62) or, established, rectified at the end of play (63B, 64)."""
        q = self.question
        if q is None:
            raise TableError("there is no question of Law 61B to answer", f"event {index}")
        if event.by != q["_asks"]:
            raise TableError(f"the question was put to {q['asks']}, who answers it",
                             f"event {index}")
        if event.answer not in ("yes", "no"):
            raise TableError(f"the answer is 'yes' or 'no', not {event.answer!r}",
                             f"event {index}")
        if event.answer != self.true_answer():
            raise TableError(f"{q['asks']}'s answer about trick {q['trick']} must be true",
                             f"event {index}")
        q["answer"] = event.answer
        self.question = None
        if event.answer == "no":
            return
        r = next((x for x in reversed(self.revokes)
                  if x.seat == q["_asks"] and x.trick == q["trick"] and not x.corrected), None)
        if r is None:
            raise TableError(f"{q['asks']} has no revoke on trick {q['trick']} to rectify",
                             f"event {index}")
        self._revoke_attention(r, q["_by"], index, asked=True)

    def _misinformed_lead(self, event: DrawAttention, index: int) -> None:
        """Law 47E1: a lead out of turn induced by an opponent's mistaken statement."""
        self._apply_consequences(self.edition.misinformed_lead(self, event.by), f"event {index}")

    def _misinformed_play(self, event: DrawAttention, index: int) -> None:
        """Law 47E2: a card played on a mistaken explanation may be withdrawn if no card
        has been played to the trick after it, the opening lead not once dummy has faced
        a card (the edition's ``misinformed_play``)."""
        seat = event.by
        last = bool(self.trick) and (self.trick_leader + len(self.trick) - 1) & 3 == seat
        opening = not self.tricks and len(self.trick) == 1
        may = last and not opening
        if may:
            self._retract_since(len(self.tricks) + 1, len(self.trick) - 1)
        self._apply_consequences(self.edition.misinformed_play(self, seat, may))

    def _dummy_broke_limits(self, index: int) -> None:
        """Law 43A2: dummy swapped hands with declarer, left his seat to watch declarer's
        play or looked at a defender's hand; 43B2 and 43B3 follow from it."""
        if self.phase != PLAY:
            raise TableError("dummy's limitations (Law 43) apply during the play",
                             f"event {index}")
        self._dummy_limits = True
        self._apply_consequences(self.edition.dummy_broke_limits(self))

    def _dummy_played(self, index: int) -> None:
        """Law 45F: dummy touched, pointed at or played a card without declarer's
        instruction; a defender's premature play that follows it in this trick is not
        rectified (57C2)."""
        if self.phase != PLAY:
            raise TableError("dummy suggests a play only during the play", f"event {index}")
        self._dummy_own = len(self.tricks) + 1
        self._apply_consequences(self.edition.dummy_played(self))

    def _dummy_warns(self, event: DrawAttention, index: int) -> None:
        """Dummy warns declarer against leading from the wrong hand (42B2; 43B2a after
        dummy broke 43A2: the edition's ``dummy_warns``)."""
        if event.by != self.dummy or self.phase != PLAY or self.trick or \
                self.trick_leader not in (self.declarer, self.dummy):
            raise TableError("dummy's warning is about declarer's next lead (Laws 42B2, 43B2a)",
                             f"event {index}")
        irr = Irregularity("wrong_hand_warning", event.by, index, ("43B",), {})
        ruling = self.edition.dummy_warns(self, irr, self._dummy_limits)
        if not isinstance(ruling, Ruling):
            self._apply_consequences(ruling)      # 42B2: allowed
            return
        self.irregularities.append(irr)
        self.laws.extend(irr.laws)
        self._await(ruling)

    def _position(self, r: Revoke) -> int:
        """Where the revoke card lies in its trick (0 = the lead)."""
        return list(self.trick_cards(r.trick)).index(r.card)

    def _retract_since(self, trick_no: int, pos: int, keep=()) -> list[tuple[int, int]]:
        """Take back to the hands every card played from position ``pos`` of trick
        ``trick_no`` (1-based) on, reopening completed tricks; returns the cards taken
        back as ``(seat, card)`` in the order they were played.  A revoke made with a
        card taken back no longer exists, unless it is in ``keep`` (being corrected)."""
        taken = []
        while (len(self.tricks) + 1, len(self.trick)) > (trick_no, pos):
            if not self.trick:
                leader, cards, winner = self.tricks.pop()
                self.won[winner & 1] -= 1
                self.trick = list(cards)
                self.trick_leader = leader
                self.phase = PLAY
                continue
            card = self.trick.pop()
            seat = (self.trick_leader + len(self.trick)) & 3
            if card < 0:                      # an omitted card (67)
                self._defects = [d for d in self._defects if not (
                    d["kind"] == "omitted" and d["trick"] == len(self.tricks) + 1)]
                continue
            self.hands[seat] |= 1 << card
            taken.append((seat, card))
        if self.pending is not None and self.pending.irregularity.kind in (
                "penalty_card_lead", "lead_restriction", "designate_penalty_card"):
            self.pending = None               # it arises again when the trick is led
        gone = set(taken)
        self.revokes = [r for r in self.revokes if r in keep or (r.seat, r.card) not in gone]
        return taken[::-1]

    # --- several cards, omitted cards, defective tricks (Laws 58, 67) ----------------------

    def played(self) -> Iterator[tuple[int, int, int, int]]:
        """Every card played so far, in play order, as ``(trick, position, seat, card)``:
        tricks numbered from 1, the trick in progress last, an omitted card as -1."""
        tricks = self.tricks + [(self.trick_leader, self.trick, None)] if self.trick \
            else self.tricks
        for n, (leader, cards, _winner) in enumerate(tricks, 1):
            for i, c in enumerate(cards):
                yield n, i, (leader + i) & 3, c

    def trick_cards(self, n: int) -> Sequence[int]:
        """The cards of trick ``n`` (1-based), the trick in progress included."""
        return self.trick if n == len(self.tricks) + 1 else self.tricks[n - 1][1]

    def _trick_of(self, card: int) -> int | None:
        """The number (1-based) of the trick that holds ``card``, or ``None``."""
        return next((n for n, _i, _s, c in self.played() if c == card), None)

    def _play_several(self, event: PlayCards, index: int) -> None:
        """Law 58B: two or more cards played together from one hand.  One face visible:
        that card is played and the others go back (58B1).  Several: the player names
        the one he plays, and a defender's other visible cards become penalty cards
        (58B2).  Unnoticed (Law 67): the first visible card is played and the others lie
        in the trick until attention is drawn to the defective trick."""
        seat, cards = event.by, list(event.cards)
        if not (isinstance(seat, int) and 0 <= seat <= 3):
            raise TableError(f"unknown seat {seat!r}", f"event {index}")
        if len(set(cards)) != len(cards):
            raise TableError("the same card is named twice", f"event {index}")
        for c in cards:
            self._check_holds(seat, c, index)
        visible = cards if event.visible is None else list(event.visible)
        if any(c not in cards for c in visible):
            raise TableError("a visible card is not among the cards played", f"event {index}")
        if self.phase != PLAY or self.claim is not None:
            raise TableError("several cards played together: only during the play (during "
                             "the auction each exposed card is an 'expose' event, Law 24)",
                             f"event {index}")
        if event.unnoticed:
            if self.to_act != seat or self.pending is not None:
                raise TableError("cards played together unnoticed (Law 67) are played at the "
                                 "player's turn", f"event {index}")
            if visible:
                played = visible[0]
            else:
                # 67B2a: the highest card that could legally have been played
                legal = self.legal_cards_mask() if self.to_act == seat else self.hands[seat]
                played = max((c for c in cards if legal >> c & 1), default=max(cards))
            self._play(PlayCard(seat, played))
            n = self._trick_of(played)
            if n is None:                # an irregular play the table is still ruling on
                n = len(self.tricks) + 1
            for c in cards:
                if c != played:
                    self.hands[seat] &= ~(1 << c)
                    self._defects.append({"kind": "surplus", "trick": n, "seat": seat,
                                          "card": c, "visible": c in visible,
                                          "played": played,
                                          "played_visible": played in visible})
            return
        if len(visible) <= 1:
            # 58B1: the card seen is played; the others go back with no rectification
            self._ruled_now("several_cards_played", seat, index,
                            self.edition.one_card_visible(self),
                            cards=" ".join(card_name(c) for c in cards))
            self._play(PlayCard(seat, visible[0] if visible else cards[0]))
            return
        self._irregular("several_cards_played", seat, index,
                        cards=" ".join(card_name(c) for c in cards),
                        _visible=mask_of(visible))

    def _omit(self, event: Omit, index: int) -> None:
        """A player's card is missing from the trick; the others played on (Law 67)."""
        seat = event.by
        if self.phase != PLAY or self.claim is not None or self.to_act != seat:
            raise TableError(f"{SEAT_NAMES[seat]} can omit a card only at his turn to play",
                             f"event {index}")
        if not self.trick:
            raise TableError("a lead cannot be omitted: the next lead is the next event",
                             f"event {index}")
        self._defects.append({"kind": "omitted", "trick": len(self.tricks) + 1, "seat": seat})
        self.trick.append(-1)
        if len(self.trick) == 4:
            self._complete_trick()

    def both_sides_played_after(self, n: int) -> bool:
        """Whether each side has played to the trick after trick ``n`` (Law 67A/B)."""
        if n < len(self.tricks):
            return True
        if n > len(self.tricks):
            return False
        return len({(self.trick_leader + i) & 1 for i in range(len(self.trick))}) == 2

    def _defective_trick(self, index: int) -> None:
        """Law 67: attention to a defective trick.  Before each side has played to the
        next trick (67A), an omitted card is supplied, legally, and the trick counts as
        played; surplus cards go back to the hand (58B, 45E).  Later (67B): the offender
        places a card among his played cards (one of the suit led if he has it), the trick
        stays with its winner, and he is deemed to have revoked: one trick is transferred
        as under 64A2 (67B1); a surplus card goes back to the hand, deemed held
        throughout, so that failing to play it since may be a revoke, and a defender's
        exposed surplus card is a penalty card (67B2)."""
        if not self._defects:
            raise TableError("attention drawn to a defective trick, but every trick has one "
                             "card from each hand", f"event {index}")
        d = self._defects[-1]
        n, seat = d["trick"], d["seat"]
        late = self.both_sides_played_after(n)
        if d["kind"] == "omitted":
            if not late:
                self._retract_since(n + 1, 0)
            irr = Irregularity("defective_trick", seat, index, ("67",),
                               {"trick": n, "_trick": n, "_late": late})
            self.irregularities.append(irr)
            self._await(self.edition.omitted_card(self, irr, late))
            return
        if not late and d["visible"] and d.get("played_visible"):
            # 67A2 with 58B2: several faces were seen: the offender names the card he
            # played; a defender's other card is a penalty card
            irr = Irregularity("several_cards_played", seat, index, ("58B",),
                               {"cards": f"{card_name(d['played'])} {card_name(d['card'])}",
                                "_visible": (1 << d["played"]) | (1 << d["card"]),
                                "_surplus": d})
            self.irregularities.append(irr)
            self.laws.extend(("67A2",) + irr.laws)
            self._await(self.edition.surplus_cards_seen(self, irr))
            return
        self._defects.pop()
        self.hands[seat] |= 1 << d["card"]
        self._ruled_now("defective_trick", seat, index, [Cite(self.edition.surplus_card_law(late))],
                        trick=n, card=card_name(d["card"]))
        if late:
            for k, _i, s_, mine in list(self.played()):
                if k <= n or s_ != seat:
                    continue
                led = self.trick_cards(k)[0] // 13
                if mine >= 0 and mine // 13 != led and d["card"] // 13 == led and \
                        not any(r.seat == seat and r.trick == k for r in self.revokes):
                    r = Revoke(seat, k, mine, led)
                    r.established = k < len(self.tricks) or (
                        k == len(self.tricks) and bool(self.trick))
                    r.noticed = True          # found by the attention drawn (67B2)
                    self.revokes.append(r)
                    self.laws.append("61A")
        if d["visible"] and seat not in (self.declarer, self.dummy):
            self._add_penalty_card(seat, d["card"], d["card"] % 13 >= 8)
        if self.phase == COMPLETE and self.revokes:
            self._settle_revokes(self._claimed)

    def _name_surplus(self, seat: int, d: dict, card: int) -> None:
        """67A2/58B2: of two cards seen in one trick, the offender keeps ``card`` there;
        the other goes back to his hand, a penalty card if he is a defender."""
        self._defects = [x for x in self._defects if x is not d]
        other = d["card"] if card == d["played"] else d["played"]
        if card != d["played"]:
            n = d["trick"]
            if n > len(self.tricks):
                self.trick = [card if c == d["played"] else c for c in self.trick]
            else:
                leader, cards, winner = self.tricks[n - 1]
                cards = tuple(card if c == d["played"] else c for c in cards)
                new = trick_winner(cards, leader, self.trump)
                self.tricks[n - 1] = (leader, cards, new)
                self.won[winner & 1] -= 1
                self.won[new & 1] += 1
                if n == len(self.tricks) and not self.trick:
                    self.trick_leader = new
        self.hands[seat] |= 1 << other
        if seat not in (self.declarer, self.dummy):
            self._add_penalty_card(seat, other, other % 13 >= 8)

    def _complete_defective(self, p: Ruling, event: Choose, index: int) -> None:
        """Law 67: the offender supplies the card missing from trick ``n`` (the edition's
        ``omitted_card_supplied`` says what follows)."""
        irr = p.irregularity
        seat, n, late = irr.by, irr.facts["_trick"], irr.facts["_late"]
        ops = self.edition.omitted_card_supplied(self, seat, n, event.card, late)
        self._apply_consequences([op for op in ops if type(op) is Refuse], f"event {index}")
        card = event.card
        assert card is not None
        in_progress = n > len(self.tricks)
        leader, cards, winner = ((self.trick_leader, tuple(self.trick), None) if in_progress
                                 else self.tricks[n - 1])
        self.hands[seat] &= ~(1 << card)
        cards = tuple(card if c < 0 else c for c in cards)
        self._defects = [d for d in self._defects if not (d["kind"] == "omitted"
                                                          and d["trick"] == n)]
        self.pending = None
        if in_progress:                     # the trick is still being played (67A1)
            self.trick = list(cards)
            self._apply_consequences(ops)
            return
        if any(type(op) is DeemedRevoke for op in ops):
            self.tricks[n - 1] = (leader, cards, winner)    # the winner does not change
            self._apply_consequences(ops)                    # found by the attention (67B1)
            if self.phase == COMPLETE:
                self._settle_revokes(self._claimed)
            return
        new = trick_winner(cards, leader, self.trump)
        self.tricks[n - 1] = (leader, cards, new)
        self.won[winner & 1] -= 1
        self.won[new & 1] += 1
        self._apply_consequences(ops)
        if n == len(self.tricks):
            self.trick_leader = new
        if self.phase == COMPLETE and self.revokes:
            self._settle_revokes(self._claimed)

    # --- dummy's cards: designation and change (Laws 45, 46, 47) ---------------------------

    def _change_play(self, event: ChangePlay, index: int) -> None:
        """Law 45C4b: declarer changes an unintended designation of dummy's card, before
        he plays again from either hand.  Law 45D: dummy played a card declarer did not
        name; it is withdrawn if each side has not yet played to the next trick.  Either
        way a defender who played after it may take his card back (47D; 16C1); under 45D
        declarer's own later card to the trick may be replaced only if his RHO changed."""
        seat, reason = event.by, event.reason
        if seat != self.dummy or self.phase != PLAY:
            raise TableError("only a card of dummy's is changed this way (Laws 45C4b, 45D)",
                             f"event {index}")
        dummy_cards = [(n, i, c) for n, i, s_, c in self.played() if s_ == seat]
        if not dummy_cards:
            raise TableError("dummy has played no card yet", f"event {index}")
        if event.withdrawn is not None:
            chosen = [x for x in dummy_cards if x[2] == event.withdrawn]
            if not chosen:
                raise TableError(f"dummy has not played {card_name(event.withdrawn)}",
                                 f"event {index}")
            dummy_cards = chosen
        n, pos, _old = dummy_cards[-1]
        later = [(s_, c) for k, i, s_, c in self.played() if (k, i) > (n, pos)]
        verdict = self.edition.dummy_card_changed(
            self, reason, any(s == self.declarer for s, _c in later),
            self.both_sides_played_after(n))
        if type(verdict) is Refuse:
            raise TableError(verdict.reason, f"event {index}")
        taken = self._retract_since(n, pos)
        self._apply_consequences([verdict, *self.edition.cards_after_dummy_change(
            self, [(s_, c) for s_, c in taken[1:] if s_ != seat])])
        self._play(PlayCard(seat, event.card))

    def _designate(self, event: Designate, index: int) -> None:
        """Law 46B: declarer's incomplete designation of dummy's card: the edition's
        ``designation`` names the card, or who names it."""
        seat = event.by
        if seat != self.dummy or self.phase != PLAY or self.to_act != seat:
            raise TableError("a designation (Law 46) is of a card from dummy at dummy's turn",
                             f"event {index}")
        named = self.edition.designation(self, event.words)
        if type(named) is Refuse:
            raise TableError(named.reason, f"event {index}")
        assert isinstance(named, Designation)
        if named.card is not None:
            self.laws.append(named.law)
            self._play(PlayCard(seat, named.card))
            return
        irr = Irregularity("incomplete_designation", seat, index, ("46",),
                           {"words": event.words, "_allowed": named.allowed})
        self.irregularities.append(irr)
        self.laws.extend(irr.laws)
        self._await(self.edition.incomplete_designation(self, irr, named))

    # --- the Director's rulings as input --------------------------------------------------

    def _director(self, event: Director, index: int) -> None:
        """A ruling of the Director as input: the edition's hook for it says what follows
        (claims 68D2b and 70; 54C; 64B4-5; 69B and 71; Laws 13-15)."""
        what, seat = event.what, event.by
        where = f"event {index}"
        ed = self.edition
        if what in ("claim", "play_on"):
            p = self.pending
            c = self.claim
            if c is None or p is None or p.irregularity.kind not in (
                    "disputed_claim", "disputed_concession"):
                raise TableError("no disputed claim or concession awaits the Director", where)
            if what == "play_on":
                ops = ed.play_on_after_claim(self)
                self._apply_consequences([op for op in ops if type(op) is Refuse], where)
                self.pending = None
                self.claim = None
                self._apply_consequences(ops, where)  # the claim is void; play goes on
                return
            verdict = ed.claim_decided(self, c["remaining"], event.tricks)
            if type(verdict) is Refuse:
                raise TableError(verdict.reason, where)
            self.pending = None
            self.claim = None
            assert event.tricks is not None
            self._end_by_claim(seat & 1, event.tricks, c["remaining"], verdict.law)
            return
        if what == "declarer_saw_dummy":
            self._apply_consequences(ed.declarer_saw_dummy(self), where)
            return
        if what == "revoke_found_late":
            live = [i for i, r in enumerate(self.revokes) if r.established and not r.corrected]
            self._apply_consequences(ed.revoke_found_late(self, event.value, live), where)
            self._settle_revokes(self._claimed)
            return
        if what in ("acquiescence_withdrawn", "concession_cancelled"):
            self._apply_consequences(ed.tricks_given_back(self, what, seat, event.tricks), where)
            return
        if what == "cards_corrected":
            self._apply_consequences(ed.cards_corrected(self, event.value), where)
            return
        if what == "wrong_count_after_call":
            self._apply_consequences(ed.wrong_count_after_call(self, event.value), where)
            return
        if what == "surplus_card":
            self._apply_consequences(ed.surplus_card(self, event.value), where)
            return
        if what == "wrong_count_after_play":
            self._apply_consequences(ed.wrong_count_after_play(self), where)
            return
        if what == "missing_card":
            card = event.card
            if card is None:
                raise TableError("Law 14: name the missing card ('card')", where)
            if not self.hands[seat] >> card & 1:
                if self._trick_of(card) is not None:
                    raise TableError(f"{card_name(card)} was found among the played cards: "
                                     "that is a defective trick (Laws 14B1, 67)", where)
                self._check_holds(seat, card, index)
            # the engine's hand held the card throughout: whatever its absence caused
            # (a revoke, 14B4) is already on record
            self._apply_consequences(ed.missing_card(self, seat), where)
            return
        if what == "wrong_board_call":
            self._apply_consequences(ed.wrong_board_call(self, seat), where)
            return
        if what == "wrong_board":
            self._apply_consequences(ed.wrong_board(self, event.value), where)
            return
        raise TableError(f"unknown Director ruling {what!r}", where)

    def _ruled_now(self, kind: str, seat: int, index: int, ops: list[Consequence],
                   **facts: Any) -> None:
        """Record an irregularity whose rectification the table applies at once."""
        irr = Irregularity(kind, seat, index, IRREGULARITY_KINDS[kind], facts)
        self.irregularities.append(irr)
        self.laws.extend(irr.laws)
        laws = tuple(op.law for op in ops if type(op) is Cite)
        self.rulings.append(Ruling(irr, laws, None, consequences={"now": ops}))
        self._apply_consequences(ops)

    def _no_table_result(self, law: str, kind: str) -> None:
        """The board ends here without a table result: the Director assigns an adjusted
        score (12C1) or an artificial one (12C2), and scoring must use it."""
        self.laws.append(law)
        self.adjustment = {"law": law, "score": kind}
        self.phase = COMPLETE
        self.pending = None
        self.claim = None


    # --- reporting -------------------------------------------------------------------------

    def state(self) -> dict:
        """The state in the form of shared/CASES.md (plus a few added keys)."""
        phase = self.phase
        if self.pending is not None and self.pending.decision is not None:
            phase = DECISION
        phase = phase.value
        to_act = self.to_act
        d = self.decision
        return {
            "phase": phase,
            "to_act": None if to_act is None else SEAT_NAMES[to_act],
            "decision": None if d is None else {
                "by": SEAT_NAMES[d.by], "options": list(d.options), "laws": list(d.laws)},
            "legal_calls": self.legal_call_names(),
            "legal_cards": self.legal_card_names(),
            "barred": {SEAT_NAMES[s]: v for s, v in sorted(self.barred.items())},
            "lead_restrictions": list(self.lead_restrictions),
            "penalty_cards": {SEAT_NAMES[s]: v for s, v in sorted(self.penalty_cards.items())},
            "revokes": [r.as_dict() for r in self.revokes],
            "contract": (str(self.contract) if self.contract is not None else
                         "P" if self.auction.is_passed_out else None),
            "declarer": self.declarer_name,
            "tricks": self.tricks_ns_ew,
            "score_ns": self.score_ns,
            "laws": list(self.laws),
            # added keys
            "board": self.board.number,
            "dealer": SEAT_NAMES[self.board.dealer],
            "vulnerable": self.board.vulnerable,
            "auction": [{"by": SEAT_NAMES[s], "call": call_name(c)} for s, c in self.auction.calls],
            "trick": [card_name(c) if c >= 0 else "--" for c in self.trick],
            "tricks_played": len(self.tricks),
            "irregularities": [{"kind": i.kind, "by": SEAT_NAMES[i.by], "event": i.event,
                                "laws": list(i.laws),
                                **{k: v for k, v in i.facts.items() if not k.startswith("_")}}
                               for i in self.irregularities],
            "flags": list(self.flags),
            "director": None if not self.director_required else {
                "irregularity": self.pending.irregularity.kind,
                "event": self.pending.irregularity.event,
                "laws": list(self.pending.laws)},
            "adjustment": self.adjustment,
            "claim": None if self.claim is None else {
                "kind": self.claim["kind"], "by": SEAT_NAMES[self.claim["by"]],
                "tricks": self.claim["tricks"],
                "answers": {SEAT_NAMES[s]: a for s, a in self.claim["answers"].items()}},
            "question": None if self.question is None else _public_question(self.question),
            "questions": [_public_question(q) for q in self.questions],
            "procedure": self.procedure_laws(),
        }

    def __repr__(self) -> str:
        return (f"<Table board={self.board.number} phase={self.phase} "
                f"events={len(self.events)} to_act={self.to_act_name}>")


def _public_question(q: dict) -> dict:
    """A question of Law 61B as the state reports it: who asked whom about which trick
    and suit, under which law, and the answer (``None`` while pending)."""
    return {k: v for k, v in q.items() if not k.startswith("_")}


def _regulation(regulation: dict | None) -> dict:
    """The event's regulation checked against :data:`REGULATION`."""
    if regulation is None:
        return {}
    if not isinstance(regulation, dict):
        raise BridgeError("a regulation is an object of settings")
    for key, value in regulation.items():
        kind = REGULATION.get(key)
        if kind is None:
            raise BridgeError(f"unknown regulation {key!r} (known: {', '.join(REGULATION)})")
        if not isinstance(value, kind):
            raise BridgeError(f"the regulation {key!r} is true or false, not {value!r}")
    return dict(regulation)
