"""The table's core: the log, the derived state, the lawful flow, and the one place
where consequences are applied.  What the table keeps and recognises for each family
of the Laws is in the modules beside this one, whose functions the class body takes in
as methods.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Sequence

from ..auction import Auction
from ..boards import Board, is_vulnerable
from ..calls import DOUBLE, MAX_LEGAL_BID, PASS, REDOUBLE, call_name, parse_call
from ..cards import (BridgeError, Deal, SEAT_NAMES, SUIT_MASKS, SUIT_LETTERS, card_name, cards_of,
                     parse_card, parse_seat)
from ..events import (Answer, ChangePlay, Choose, Claim, Concede, Designate, Director,
                     DrawAttention, Event, ExposeCard, MakeCall, Omit, PlayCard, PlayCards,
                     Question, Respond, CALL_EVENTS, CARD_EVENTS)
from ..laws.consequences import (Bar, CallDuty, CancelCalls, Cite, ClearDuty, Consequence,
                                DeclarerSpreads, DeemedRevoke, DropLeadPenalty, DropReview,
                                Expose, Flag, LeadFrom, LeadPenalty, LeadRestriction, LeadStands,
                                MarkRevoke, MustLeadFrom, MustPlay, NoTableResult, PenaltyCard,
                                PickUpPenaltyCards, PlayAccepted, PlayDuty, PlayInstead, PlayNow,
                                PutInForce, Recognise, Refuse, ReplayDuty, Resolve,
                                ReplaceCall, RestoreTricks, Settle, Transfer, Unbar,
                                WithdrawLast)
from ..laws.edition import Edition, Laws2017
from ..laws.ruling import IRREGULARITY_KINDS, Decision, Irregularity, Ruling
from ..play import NO_TRUMP, trick_winner
from ..scoring.contract import Contract, score

from . import auction, claims, director, dummy, leads, penalty_cards, revokes, tricks
from .constants import AUCTION, CLAIM_PROCEDURE, COMPLETE, DECISION, PLAY, REGULATION
from .errors import IrregularEvent, TableError, refused
from .revokes import Revoke

__all__ = ["Table"]


class Table:
    """One board at one table under the Laws.

    ``board`` gives the dealer and vulnerability (Law 2) and usually the deal;
    ``deal`` overrides it.  ``edition`` is the set of Laws that answers
    irregularities (default :class:`~bridgelaws.laws.edition.Laws2017`).
    ``regulation`` settles what the Laws leave to the event's regulation (the keys of
    :data:`REGULATION`), e.g. ``{"defenders_ask_each_other": False}`` (Law 61B3).
    """

    # the state, in slots: a table is made per board replayed, and an instance dictionary
    # of some fifty names grows by steps as they are set
    __slots__ = ("_accepting", "adjustment", "auction", "barred", "board", "claim",
                 "_claimed", "contract", "deal", "declarer", "_defects", "dummy",
                 "dummy_faced", "_dummy_limits", "_dummy_own", "duties", "edition",
                 "events", "exposed", "_exposed_awaiting", "exposed_settled", "faced",
                 "flags", "hands", "_inadmissible_by", "irregularities", "laws",
                 "lead_penalties", "_lead_penalties_made", "lead_restrictions",
                 "_lead_withdrawn", "lho_may_change", "_offered", "_over_calls",
                 "_over_watch", "penalty_cards", "pending", "phase", "play_duties",
                 "question", "questions", "regulation", "revokes", "rulings", "strict",
                 "trick", "trick_leader", "tricks", "trump", "won")

    def __init__(self, board: Board, deal: Deal | None = None, *, edition: Edition | None = None,
                 strict: bool = False, regulation: dict[str, Any] | None = None):
        deal = deal if deal is not None else board.deal
        if deal is None:
            raise BridgeError("a table needs the deal")
        deal.check_complete()
        self.board = board
        self.deal = deal
        self.edition = edition if edition is not None else Laws2017()
        self.strict = strict
        self.regulation = _regulation(regulation) if regulation is not None else {}
        self.events: list[Event] = []
        # irregular calls (by event index) that the offender's LHO called over before they
        # were rectified (Laws 37A, 38D, 39B): kept across a rebuild from the log
        self._over_calls: set[int] = set()
        self._reset()

    def _reset(self) -> None:
        self.hands: list[int] = list(self.deal.hands)
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
        self.laws: list[str] = LawList.new()
        self.claim: dict[str, Any] | None = None           # a claim or concession awaiting answers
        self.barred: dict[int, str] = {}
        self.lead_restrictions: list[dict[str, Any]] = []
        self.penalty_cards: dict[int, list[dict[str, Any]]] = {}
        self.dummy_faced = False
        self.duties: dict[int, dict[str, Any]] = {}         # what a seat's next call settles (27B, 31A...)
        self.flags: list[dict[str, Any]] = []               # points for the Director's review (16C, 23C...)
        self.lead_penalties: list[tuple[int, str]] = []   # (offender, "26B") if he defends
        # every lead penalty of this auction period, kept to be offered again if 21B1a
        # reopens the auction (26B, 39C: due at the new opening lead)
        self._lead_penalties_made: list[tuple[int, str]] = []
        self.exposed: dict[int, list[tuple[int, bool]]] = {}   # Law 24: (card, led) face up
        # Law 24: the cards of this auction period that the end of the auction settled
        # (penalty cards or back to the hand): a later one is a second card (24C), and
        # they are face up again if the auction is reopened (21B1a)
        self.exposed_settled: dict[int, list[tuple[int, bool]]] = {}
        self._exposed_awaiting: dict[int, list[tuple[int, bool]]] = {}  # 1997 24: undecided
        self._inadmissible_by: int | None = None  # offender of a 36B ruling not yet followed
        self.lho_may_change: int | None = None   # Laws 25A, 21B2
        self.play_duties: dict[int, dict[str, Any]] = {}   # Law 57: how a seat plays to this trick
        self._accepting = False                  # Law 52B1a: a card accepted in place
        self._lead_withdrawn: int | None = None  # Law 60B: declarer must lead from this hand
        self._defects: list[dict[str, Any]] = []           # Law 67: omitted or surplus cards of a trick
        self._dummy_limits = False               # Law 43A2 broken by dummy (43B)
        self._claimed = (0, 0)                   # tricks given by an agreed claim (64)
        self._dummy_own: int | None = None       # trick where dummy played on its own (57C2)
        self.adjustment: dict[str, Any] | None = None      # no table result: the Director assigns one
        self.question: dict[str, Any] | None = None        # a question of Law 61B awaiting its answer
        self.questions: list[dict[str, Any]] = []          # every question of Law 61B, with its answer
        self.faced = 0                           # a claimer's hand, faced (68C), as a mask
        self._offered: tuple[int, set[str]] = (-1, set())   # lead choices made for trick n (50D2)
        self._over_watch: tuple[int, int, str] | None = None  # (event, offender, kind): 37A...

    # --- construction -----------------------------------------------------------

    @classmethod
    def replay(cls, board: Board, events: Iterable[Event], **kwargs: Any) -> "Table":
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
            asks: int = self.question["_asks"]
            return asks
        p = self.pending
        if p is not None:
            return p.decision.by if p.decision is not None else None
        if self.phase == AUCTION:
            return self.auction.turn
        if self.phase == PLAY:
            if self.claim is not None:
                answer_from: tuple[int, int] = self.claim["answer_from"]
                for seat in answer_from:
                    if seat not in self.claim["answers"]:
                        return seat
                return None
            return self._turn()
        return None

    def _turn(self) -> int:
        """The seat to play to the trick in progress (during the play)."""
        leader = self.trick_leader
        assert leader is not None
        return (leader + len(self.trick)) & 3

    @property
    def to_act_name(self) -> str | None:
        s = self.to_act
        return None if s is None else SEAT_NAMES[s]

    @property
    def declarer_name(self) -> str | None:
        return None if self.declarer is None else SEAT_NAMES[self.declarer]

    @property
    def decision(self) -> Decision | None:
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
        if duty is not None and duty["kind"] == "other_than":
            # 1997 Law 25B2b(2): any other legal call than the withdrawn one
            return [c for c in self.auction.legal_calls(seat) if c != duty["call"]]
        if duty is not None and duty.get("no_double"):
            # Law 27B3: after a cancelled double or redouble, a pass or a sufficient bid
            return [c for c in self.auction.legal_calls(seat) if c not in (DOUBLE, REDOUBLE)]
        return self.auction.legal_calls(seat)

    def legal_call_names(self) -> list[str]:
        return [call_name(c) for c in self.legal_calls()]

    def legal_cards_mask(self) -> int:
        """The cards the seat to act may play lawfully now, as a mask (Law 44)."""
        if self.phase != PLAY or self.pending is not None or self.claim is not None \
                or self.question is not None:
            return 0
        seat = self._turn()
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

    def legal_cards(self) -> list[int]:
        return list(cards_of(self.legal_cards_mask()))

    def legal_card_names(self) -> list[str]:
        return [card_name(c) for c in cards_of(self.legal_cards_mask())]

    @property
    def is_complete(self) -> bool:
        return self.phase == COMPLETE

    @property
    def tricks_ns_ew(self) -> dict[str, Any] | None:
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
        c, declarer = self.contract, self.declarer
        if c is None or declarer is None:
            return 0
        s = score(c.level, c.strain, c.doubled, is_vulnerable(self.board.vulnerable, declarer),
                  self.won[declarer & 1])                                   # Law 77
        return s if declarer & 1 == 0 else -s

    # --- acting ----------------------------------------------------------------------

    def call(self, call: int | str, by: int | str | None = None, **flags: Any) -> None:
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
            if t is MakeCall and self._over_watch is not None \
                    and self._lho_called_over(event):  # type: ignore[arg-type]
                self.events.append(event)
                return
            if self.pending is None and self.question is None:
                # the hot path: lawful calls and cards with nothing pending (``t`` is the
                # event's exact type, which the type checker does not follow)
                if t is PlayCard:
                    self._play(event)  # type: ignore[arg-type]
                    self.events.append(event)
                    if self.penalty_cards:
                        self._designation_due()
                    return
                if t is MakeCall:
                    self._call(event)  # type: ignore[arg-type]
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
            if p is not None and p.decision is not None and isinstance(event, MakeCall):
                # a call while a choice is pending: acceptance by calling (27A1, 29A) or
                # the call of the player whose turn it was (28B)
                self._call_during_decision(event, index)
                self.events.append(event)
                return
            if p is not None and p.decision is not None and isinstance(event, PlayCard) \
                    and self._play_during_decision(event, index):
                self.events.append(event)
                if self.penalty_cards:
                    self._designation_due()
                return
            if p is not None and p.decision is not None and t is not Choose and t is not Director \
                    and t is not ExposeCard \
                    and not (isinstance(event, DrawAttention) and (
                        event.what == "misinformed_lead" or p.irregularity.kind in (
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
            match event:
                case PlayCard():
                    self._play(event)
                case MakeCall():
                    self._call(event)
                case Claim() | Concede():
                    self._claim(event, index)
                case Respond():
                    self._respond(event, index)
                case ExposeCard():
                    self._expose(event, index)
                case Choose():
                    self._choose(event, index)
                case DrawAttention():
                    self._attention(event, index)
                case Question():
                    self._question(event, index)
                case Answer():
                    self._answer(event, index)
                case PlayCards():
                    self._play_several(event, index)
                case Omit():
                    self._omit(event, index)
                case ChangePlay():
                    self._change_play(event, index)
                case Designate():
                    self._designate(event, index)
                case Director():
                    self._director(event, index)
                case _:
                    raise TableError(f"unknown event {event!r}", f"event {index}")
            self.events.append(event)
            if self.penalty_cards:
                self._designation_due()
        except BridgeError:
            # a refused event changes nothing: the state is rebuilt from the log
            self._restore()
            raise

    def replay_acts(self, calls: Iterable[tuple[int, int]] = (),
                    cards: Iterable[tuple[int, int]] = (), claimed: int | None = None) -> int:
        """Replay a record: its ``calls``, then its ``cards``, each a ``(seat, code)`` pair
        in the order made, then, when ``claimed`` is given, declarer's claim that ends the
        play with that many tricks in all for his side, agreed by both defenders (Laws 68A,
        69A: what a LIN ``mc`` or a PBN ``Result`` of an unfinished play records); returns
        how many acts were applied (the claim and its two answers count three).

        The table ends as if each call had been applied as a :class:`MakeCall` and each card
        as a :class:`PlayCard` through :meth:`apply`: the same log, the same state, every
        check made.  While nothing irregular is in force (:meth:`_nothing_in_force`), a call
        in rotation that is lawful (Laws 17B, 18, 19) and a card in turn that the player
        holds and that follows suit when he can (44C) are put in force at once, the trick's
        winner kept card by card (44E, 44F), and the log takes the shared event of the act
        (:data:`~bridgelaws.events.CALL_EVENTS`, :data:`~bridgelaws.events.CARD_EVENTS`).
        Any other act (out of rotation or turn, insufficient, a revoke, anything once an
        irregularity is in force) goes through :meth:`apply` and every rectification.

        The replay stops after an act that leaves the table waiting for a choice or for
        the Director (``pending``): the caller decides what follows, and the cards are not
        begun if a call left it waiting.  An act the table refuses raises as :meth:`apply`
        does (a :class:`TableError` naming the event), the acts before it applied.
        ``cards`` may be a generator that reads the table as it goes (``trick_leader``,
        ``trick``, ``phase`` and ``hands`` are current at every act).

        >>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 "
        ...                      "J76.A8765.T98.A4 543.43.7654.8765")
        >>> t = Table(Board(1, deal))
        >>> t.replay_acts([(0, parse_call("1N")), (1, 0), (2, 0), (3, 0)], [(1, parse_card("CQ"))])
        5
        >>> t.replay_acts(cards=[(2, parse_card("H5")), (3, parse_card("C5"))])
        2
        >>> [i.kind for i in t.irregularities], t.revokes[0].card == parse_card("H5")
        (['revoke'], True)
        """
        start = len(self.events)
        if self._replay_calls(calls) and self._replay_cards(cards) and claimed is not None:
            self._replay_claim(claimed)
        return len(self.events) - start

    def _replay_calls(self, calls: Iterable[tuple[int, int]]) -> bool:
        """The calls of :meth:`replay_acts`; False if one left the table waiting.

        While nothing is in force, the auction's state is kept in local names and written
        back to :attr:`auction` before any other act and at the end."""
        log = self.events
        known = CALL_EVENTS
        acts = iter(calls)
        while True:
            a = self.auction
            if self.phase is AUCTION and self._nothing_in_force():
                acalls, first = a.calls, a._first_bidder
                # every call of an auction begun here is in rotation: no turn was skipped (17D3)
                in_rotation = not acalls
                turn, passes = a.turn, a.passes
                last, last_by, doubled, doubled_by = a.last_bid, a.last_bid_by, a.doubled, a.doubled_by
                other: tuple[Any, Any] | None = None     # the act for the general path
                over = False
                for seat, call in acts:
                    try:
                        # a call in rotation (Law 17B); the event is the shared one
                        event = known[seat][call] if seat == turn and call >= 0 else None
                    except (TypeError, IndexError):      # not a call: apply() says why
                        event = None
                    if event is None:
                        other = seat, call
                        break
                    seat, call = event.by, event.call
                    if call == PASS:
                        passes += 1
                    elif call > REDOUBLE:
                        if last is not None and call <= last:
                            other = seat, call             # Law 27: insufficient
                            break
                        # Laws 18A, 18B: a sufficient bid; 19D: it supersedes any double
                        last, last_by, doubled, doubled_by, passes = call, seat, 0, None, 0
                        f = first[seat & 1]
                        if f[(call - 3) % 5] is None:
                            f[(call - 3) % 5] = seat       # the first of his side to name it
                    elif call == DOUBLE:
                        if last is None or doubled or not (last_by ^ seat) & 1:  # type: ignore[operator]
                            other = seat, call             # Law 19A1 (36 if not)
                            break
                        doubled, doubled_by, passes = 1, seat, 0
                    else:
                        if doubled != 1 or not (doubled_by ^ seat) & 1:  # type: ignore[operator]
                            other = seat, call             # Law 19B1 (36 if not)
                            break
                        doubled, doubled_by, passes = 2, seat, 0
                    acalls.append((seat, call))
                    turn = (seat + 1) & 3
                    if passes >= (3 if last is not None else 4):
                        over = True                        # Laws 22A, 22B
                        break
                    log.append(event)
                a.last_bid, a.last_bid_by, a.doubled, a.doubled_by = last, last_by, doubled, doubled_by
                a.passes = passes
                if over:
                    assert event is not None                        # the pass that closed it
                    self._step(self._end_auction if in_rotation else self._auction_over, event)
                    if self.pending is not None:
                        return False
                    continue
                if other is None:
                    return True
                seat, call = other
            else:
                for seat, call in acts:
                    break
                else:
                    return True
            self.apply(MakeCall(seat, call))                 # every rectification
            if self.pending is not None:
                return False

    def _replay_cards(self, cards: Iterable[tuple[int, int]]) -> bool:
        """The cards of :meth:`replay_acts`, with the trick's winner kept card by card;
        False if one left the table waiting."""
        log = self.events
        known = CARD_EVENTS
        hands, trick, tricks, won, trump = self.hands, self.trick, self.tricks, self.won, self.trump
        turn, n, led, lift, best, winner = self._trick_so_far()
        for seat, card in cards:
            if seat == turn:
                try:
                    hand = hands[seat]
                    held = hand & _BIT[card]              # 0: not held, or not a card
                except (TypeError, IndexError):          # not a card: apply() says why
                    hand = held = 0
                if held:
                    suit = card // 13
                    if not n:
                        # Law 44A: any card leads; 41C: dummy spreads after the opening lead
                        self._lead_withdrawn = None
                        if not tricks:
                            self.dummy_faced = True
                        led, winner = suit, seat
                        lift = 64 if suit == trump else 0
                        best = card + lift
                    elif suit == led:
                        if card + lift > best:
                            best, winner = card + lift, seat            # Law 44F
                    elif hand & SUIT_MASKS[led]:
                        held = 0                         # Law 61A: a revoke, for apply()
                    elif suit == trump and card + 64 > best:
                        best, winner = card + 64, seat                  # Laws 44D, 44E
                if held:
                    hands[seat] = hand ^ held                        # the card leaves the hand
                    trick.append(card)
                    if n < 3:
                        log.append(known[seat][card])
                        n += 1
                        turn = (seat + 1) & 3
                        continue
                    # the trick is complete: :meth:`_complete_trick` with nothing in
                    # force; its winner takes it and leads next (Law 44G)
                    tricks.append(((seat + 1) & 3, tuple(trick), winner))
                    won[winner & 1] += 1
                    trick = self.trick = []
                    self.trick_leader = turn = winner
                    n = 0
                    if len(tricks) == 13:
                        self.phase = COMPLETE
                        turn = None
                    elif self.lead_penalties:
                        # a 26B lead penalty is due at the next lead
                        self._step(self._next_leader, known[seat][card])
                        if self.pending is not None:
                            return False
                        if not self._nothing_in_force():
                            turn = None
                        continue
                    log.append(known[seat][card])
                    continue
            self.apply(PlayCard(seat, card))         # the general path, every rectification
            if self.pending is not None:
                return False
            # after the general path: read the state again
            hands, trick, tricks, won, trump = (self.hands, self.trick, self.tricks, self.won,
                                                self.trump)
            turn, n, led, lift, best, winner = self._trick_so_far()
        return True

    def _trick_so_far(self) -> tuple[int | None, int, int, int, int, int]:
        """The trick in progress as :meth:`_replay_cards` keeps it: the seat to play while
        the short path holds (``None`` otherwise: no seat is ``None``), the cards played,
        the suit led, ``lift`` (64 when the suit led is trumps) and the winner so far, its
        value (the card's code, raised by 64 for a trump: codes rank the cards of one
        suit; a card of another suit does not win) and seat (Laws 44E, 44F).

        >>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 "
        ...                      "J76.A8765.T98.A4 543.43.7654.8765")
        >>> t = Table(Board(1, deal))
        >>> t.replay_acts([(0, parse_call("4S")), (1, 0), (2, 0), (3, 0)],
        ...               [(1, parse_card("H9")), (2, parse_card("HA"))])
        6
        >>> t._trick_so_far() == (3, 2, 2, 0, parse_card("HA"), 2)
        True
        """
        trick, trump = self.trick, self.trump
        n = len(trick)
        if self.phase is not PLAY or not self._nothing_in_force():
            return None, n, -1, 0, -1, -1
        leader = self.trick_leader
        assert leader is not None                       # set in play
        if not n:
            return leader, 0, -1, 0, -1, -1
        led = trick[0] // 13
        best, winner = -1, leader
        for i, c in enumerate(trick):
            s = c // 13
            v = c + 64 if s == trump else c if s == led else -1
            if v > best:
                best, winner = v, (leader + i) & 3
        return (leader + n) & 3, n, led, 64 if led == trump else 0, best, winner

    def _replay_claim(self, total: int) -> None:
        """The claim of :meth:`replay_acts`: declarer claims what his side lacks of
        ``total`` and both defenders accept (Laws 68A, 69A).  With nothing in force the
        claim and its answers go straight to the claim's laws, logged as shared events;
        otherwise, and for a claim the table refuses, through :meth:`apply`."""
        d = self.declarer
        if d is None or self.phase is not PLAY:
            raise TableError("a claim is made during the play (Law 68)", f"event {len(self.events)}")
        n = total - self.won[d & 1] if type(total) is int else total
        claim = _CLAIMS[d][n] if type(n) is int and 0 <= n <= 13 else Claim(d, n)
        acts = (claim, _ACCEPTS[(d + 1) & 3], _ACCEPTS[(d + 3) & 3])
        if not self._nothing_in_force() or type(n) is not int:
            for event in acts:
                self.apply(event)
                if self.pending is not None:
                    return
            return
        log = self.events
        try:
            self._claim(claim, len(log))
            log.append(claim)
            for answer in acts[1:]:
                self._respond(answer, len(log))
                log.append(answer)
        except BridgeError:
            self._restore()
            raise

    def _step(self, step: Callable[[], None], event: Event) -> None:
        """What closes a short-path act of :meth:`replay_acts` (the end of the auction, a lead
        penalty due at the next lead), then ``event`` logged; a refusal leaves the table
        as the log before it."""
        try:
            step()
        except BridgeError:
            self._restore()
            raise
        self.events.append(event)

    def _nothing_in_force(self) -> bool:
        """The one test of :meth:`replay_acts`'s short path: nothing irregular is in force
        (no ruling, question, claim or watch on an irregular call awaited; no bar, call
        duty, revoke, penalty card, lead restriction, play duty or defective trick)."""
        return (self.pending is None and self.question is None and self.claim is None
                and self._over_watch is None
                and not (self.barred or self.duties or self.revokes or self.penalty_cards
                         or self.play_duties or self.lead_restrictions or self._defects))

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
        irr = Irregularity(kind, seat, index,
                           self.edition.irregularity_laws(self, kind, seat, facts), facts)
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
        if (self.phase is AUCTION and seat == auction.turn and seat not in self.barred
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

    def _rebuild_auction(self, calls: Sequence[tuple[int, int]]) -> None:
        self.auction = Auction.from_calls(self.board.dealer, calls)

    def _apply_consequences(self, ops: Iterable[Consequence], where: str | None = None,
                            settle_first: bool = True) -> None:
        """Apply what a rule of the Laws returned, in order (the one place where the
        table changes on a rule's word).  A :class:`Refuse` raises :class:`TableError`
        (``where`` names the event).  ``settle_first``: a :class:`Settle` clears the
        pending ruling before applying its option (after, when False)."""
        for op in ops:
            match op:
                case Cite():
                    self.laws.append(op.law)
                    if op.law in ("36B", "36"):             # (1997: Law 36)
                        self._inadmissible_by = self.irregularities[-1].by
                case PutInForce():
                    self._put(op.seat, op.call)
                case Bar():
                    if self.phase == AUCTION:         # after the final pass a bar is moot
                        self.barred[op.seat] = op.until
                case Unbar():
                    self.barred.pop(op.seat, None)
                case CallDuty():
                    self.duties[op.seat] = op.as_dict()
                case Flag():
                    flag = op.as_dict()
                    if not (op.once and flag in self.flags):
                        self.flags.append(flag)
                case LeadPenalty():
                    self.lead_penalties.append((op.offender, op.law))
                    self._lead_penalties_made.append((op.offender, op.law))
                    if (self.phase == PLAY and not self.tricks and not self.trick
                            and self.pending is None and self.claim is None):
                        # a call after the final pass (39C): the auction is over, so the
                        # restriction is due at once if the offender's partner leads first
                        self._next_leader()
                case DropLeadPenalty():
                    self.lead_penalties = [lp for lp in self.lead_penalties if lp[0] != op.offender]
                    self._lead_penalties_made = [lp for lp in self._lead_penalties_made
                                                 if lp[0] != op.offender]
                case DropReview():
                    self.flags = [f for f in self.flags if not (
                        f["flag"] == op.name and f.get("seat") in (None, SEAT_NAMES[op.seat]))]
                case LeadStands():
                    # Law 53A: the lead out of turn is treated as a correct lead
                    self.trick_leader = op.seat
                    if not self.tricks:
                        self.dummy_faced = True
                    self._play(PlayCard(op.seat, op.card))
                case PenaltyCard():
                    self._add_penalty_card(op.seat, op.card, op.major)
                    p = self.pending
                    if p is not None and p.irregularity.kind == "penalty_card_lead" \
                            and p.irregularity.by == op.seat:
                        self.pending = None      # 50D2 / 51B: declarer chooses again
                    if not self.trick and self.pending is None:
                        self._offered[1].discard("50D2")      # a new card: 50D2 again
                        self._next_leader()
                case DeclarerSpreads():
                    # Law 54A: declarer spreads his hand and becomes dummy
                    self.declarer, self.dummy = self.dummy, self.declarer
                case PlayInstead():
                    # Law 52B2: the penalty card is played in place of the card played
                    must = list(cards_of(op.must))
                    self._play(PlayCard(op.seat, must[-1] if len(must) == 1 else must[0]))
                    self._add_penalty_card(op.seat, op.card, True)
                case PlayAccepted():
                    self._play_unchecked(op.seat, op.card)
                case PlayDuty():
                    self.play_duties[op.seat] = {"option": op.option, "suit": op.suit}
                case MustPlay():
                    self.play_duties[op.seat] = {"option": "lead" if op.lead else "card",
                                                 "card": op.card}
                    if op.law is not None:
                        self.play_duties[op.seat]["law"] = op.law
                case ReplayDuty():
                    self.play_duties[op.seat] = {"option": "free" if op.free else "card",
                                                 "card": op.card, "law": op.law}
                case LeadFrom():
                    self.trick_leader = op.seat
                case MustLeadFrom():
                    self.trick_leader = op.seat
                    self._lead_withdrawn = op.seat
                case Expose():
                    self.exposed.setdefault(op.seat, []).append((op.card, op.led))
                case ClearDuty():
                    self.duties.pop(op.seat, None)
                case WithdrawLast():
                    kept = list(self.auction.calls)
                    for i in range(len(kept) - 1, -1, -1):
                        if kept[i][0] == op.seat:
                            del kept[i]
                            break
                    self._rebuild_auction(kept)
                case ReplaceCall():
                    kept = list(self.auction.calls)
                    i = max(k for k, (s_, _c) in enumerate(kept) if s_ == op.seat)
                    kept[i] = (op.seat, op.call)
                    self._rebuild_auction(kept)
                case CancelCalls():
                    self._rebuild_auction(self.auction.calls[:op.first])
                case Settle():
                    p = self.pending
                    assert p is not None
                    chosen = [x for x in p.consequences[op.option]
                              if not (type(x) is Cite and x.law in op.without)]
                    if settle_first:
                        self.pending = None
                    self._apply_consequences(chosen, where)
                case Resolve():
                    self.pending = None
                case PlayNow():
                    self._play(PlayCard(op.seat, op.card))
                case Recognise():
                    if op.card < 0:
                        self._irregular(op.irregularity, op.seat, len(self.events),
                                        **dict(op.facts))
                    else:
                        self._irregular(op.irregularity, op.seat, len(self.events),
                                        card=card_name(op.card), _card=op.card)
                case LeadRestriction():
                    seat = SEAT_NAMES[op.seat]
                    if op.require is not None:
                        self.lead_restrictions.append({"seat": seat,
                                                       "require": SUIT_LETTERS[op.require],
                                                       "law": op.law})
                    else:
                        self.lead_restrictions.append({"seat": seat,
                                                       "forbid": [SUIT_LETTERS[x] for x in op.forbid],
                                                       "law": op.law})
                case PickUpPenaltyCards():
                    letters = [SUIT_LETTERS[x] for x in op.suits]
                    cards = self.penalty_cards.get(op.seat, [])
                    self.penalty_cards[op.seat] = [c for c in cards if c["card"][0] not in letters]
                    if not self.penalty_cards[op.seat]:
                        del self.penalty_cards[op.seat]
                    elif op.any_card:
                        self.play_duties[op.seat] = {"option": "any"}
                case Transfer():
                    r = self.revokes[op.revoke]
                    r.transfer = op.tricks
                    self.won[r.seat & 1] -= op.tricks
                    self.won[(r.seat & 1) ^ 1] += op.tricks
                    self.laws.append(op.law)
                case MarkRevoke():
                    r = self.revokes[op.revoke]
                    if op.late is not None:
                        r.late = op.late
                    if op.forced:
                        r.forced = True
                case DeemedRevoke():
                    r = Revoke(op.seat, op.trick, op.card, op.suit)
                    r.established = r.deemed = r.noticed = True
                    self.revokes.append(r)
                case RestoreTricks():
                    self.won[op.side] += op.tricks
                    self.won[op.side ^ 1] -= op.tricks
                case NoTableResult():
                    self._no_table_result(op.law, op.score)
                case Refuse():
                    raise refused(op, where)
                case _:
                    raise AssertionError(f"unknown consequence {op!r}")

    def _end_auction(self) -> None:
        """Law 22: the auction is over; the contract, declarer, dummy and opening leader follow."""
        a = self.auction
        if a.last_bid is None:
            self.phase = COMPLETE                                  # Law 22B: scored 0, no redeal
            return
        contract, declarer = a.contract, a.declarer
        assert contract is not None and declarer is not None
        self.contract = contract
        self.declarer = declarer
        self.dummy = (declarer + 2) & 3
        self.trump = NO_TRUMP if contract.strain == 4 else contract.strain
        self.trick_leader = (declarer + 1) & 3                     # Law 41A: declarer's LHO leads
        self.phase = PLAY
        if self.exposed:
            self._settle_exposed_cards()                           # Law 24
        if self.lead_penalties:
            # Law 26B concerns only an offender who becomes a defender
            self.lead_penalties = [(o, law) for o, law in self.lead_penalties
                                   if (o ^ declarer) & 1 == 1]
        self.barred.clear()
        self.duties.clear()
        if (self.lead_penalties or self.penalty_cards) and self.pending is None:
            # the opening lead may be the first lead of a 26B offender's partner, or of
            # the partner of a defender with a major penalty card from Law 24E (50D2)
            self._next_leader()

    def _next_leader(self) -> None:
        """A new trick is to be led: restrictions lapse when their defender has lost the
        lead (26B); a pending 26B choice arises at the first lead of the offender's partner.

        Both may be due at one lead (a major penalty card of the leader's partner, 50D2,
        and the leader's first lead after his partner's withdrawn call, 26B): declarer
        chooses one after the other, each once for this lead (:meth:`_lead_choices_due`
        goes on after a choice).  A 26B right not taken at that lead lapses (26B: the
        first turn to lead)."""
        leader, declarer = self.trick_leader, self.declarer
        assert leader is not None and declarer is not None
        self.lead_restrictions = [r for r in self.lead_restrictions
                                  if r["seat"] == SEAT_NAMES[leader]]
        lead = len(self.tricks)
        if self._offered[0] != lead:
            self._offered = (lead, set())
        offered = self._offered[1]
        holder = (leader + 2) & 3
        if (holder ^ declarer) & 1 == 1 and "50D2" not in offered and any(
                p["major"] for p in self.penalty_cards.get(holder, ())):
            # Law 50D2: the partner of a defender with a major penalty card has the lead
            offered.add("50D2")
            self._await(self.edition.penalty_card_lead(self, holder))
            return
        offenders = {o for o, _law in self.lead_penalties if (o + 2) & 3 == leader}
        if offenders:
            o = min(offenders)
            self.lead_penalties = [(x, law) for x, law in self.lead_penalties
                                   if (x + 2) & 3 != leader]
            ruling = self.edition.lead_restriction(self, o)
            if ruling.decision is None:          # no choice (1997 26A1): applied at once
                self.rulings.append(ruling)
                self._apply_consequences(ruling.now())
            else:
                self._await(ruling)

    def _lead_choices_due(self) -> None:
        """After declarer's choice on a lead (26B, 50D2, 51B), the other choice due at
        the same lead, if any (each is offered once per lead)."""
        if (self.phase == PLAY and self.pending is None and not self.trick
                and self.claim is None and (self.lead_penalties or self.penalty_cards)):
            self._next_leader()

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
        assert holder is not None                  # a complete deal holds every card
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
        turn = (self.trick_leader + len(trick)) & 3   # type: ignore[operator]  # set in play
        if seat != turn:
            self._out_of_turn(seat, card, turn, len(self.events))
            return
        if not (self.penalty_cards or self.play_duties or self.lead_restrictions
                or self.revokes):
            # the short path of a card in turn with nothing in force (most cards of a
            # board): Law 44C, a card that follows suit, or any card when void
            if trick:
                led = trick[0] // 13
                if card // 13 == led or not hand & SUIT_MASKS[led]:
                    self.hands[seat] = hand & ~(1 << card)
                    trick.append(card)
                    if len(trick) == 4:
                        self._complete_trick()
                    return
            else:
                self._lead_withdrawn = None
                if not self.tricks:
                    self.dummy_faced = True                        # Law 41C: dummy spreads
                self.hands[seat] = hand & ~(1 << card)
                trick.append(card)
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
                # Law 64B3: the card he failed to play was faced on the table (a penalty
                # card of the suit led)
                self.revokes[-1].faced_unplayed = any(
                    parse_card(c["card"]) // 13 == led for c in self.penalty_cards.get(seat, ()))
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

    def _complete_trick(self, winner: int | None = None) -> None:
        """The trick's fourth card is played: its winner (``winner`` when already known,
        as :meth:`replay_acts` keeps it) takes it and leads next."""
        trick, leader = self.trick, self.trick_leader
        assert leader is not None
        if winner is not None:
            pass
        elif self._defects and -1 in trick:
            winner = self._defective_winner(trick, leader)
        else:
            winner = trick_winner(trick, leader, self.trump)       # Laws 44E, 44F
        self.tricks.append((leader, tuple(trick), winner))
        self.won[winner & 1] += 1
        self.trick = []
        self.trick_leader = winner                                 # Law 44G
        if len(self.tricks) == 13:
            self.phase = COMPLETE
            if self.revokes:
                self._settle_revokes()
            return
        if self.lead_restrictions or self.lead_penalties or self.penalty_cards:
            self._next_leader()
        if not self.play_duties:
            return
        early = [s for s, d in self.play_duties.items() if d["option"] == "lead"]
        if early:
            # a card led to this trick before the last one was complete, with no Law 57
            # rectification: the lead of the winner, or a lead out of turn (53-56)
            seat = early[0]
            card = self.play_duties.pop(seat)["card"]
            if seat == winner and self.pending is None:
                self._play(PlayCard(seat, card))
            elif seat != winner:
                self._out_of_turn(seat, card, winner, len(self.events))
            else:
                self.play_duties[seat] = {"option": "card", "card": card}

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

    # --- claims and concessions -----------------------------------------------------------

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
        if kind == "card_exposed_during_auction":
            self._exposed_next_defender(p.irregularity.by)       # 1997 Law 24: each defender
        self._apply_consequences(ops, where)
        if kind in ("penalty_card_lead", "lead_restriction", "card_exposed_during_auction"):
            self._lead_choices_due()

    # --- questions about a revoke (Law 61B) ------------------------------------------------

    # --- several cards, omitted cards, defective tricks (Laws 58, 67) ----------------------

    def played(self) -> Iterator[tuple[int, int, int, int]]:
        """Every card played so far, in play order, as ``(trick, position, seat, card)``:
        tricks numbered from 1, the trick in progress last, an omitted card as -1."""
        for n, (leader, cards, _winner) in enumerate(self.tricks, 1):
            for i, c in enumerate(cards):
                yield n, i, (leader + i) & 3, c
        if self.trick:
            current = self.trick_leader
            assert current is not None
            for i, c in enumerate(self.trick):
                yield len(self.tricks) + 1, i, (current + i) & 3, c

    def trick_cards(self, n: int) -> Sequence[int]:
        """The cards of trick ``n`` (1-based), the trick in progress included."""
        return self.trick if n == len(self.tricks) + 1 else self.tricks[n - 1][1]

    def _trick_of(self, card: int) -> int | None:
        """The number (1-based) of the trick that holds ``card``, or ``None``."""
        return next((n for n, _i, _s, c in self.played() if c == card), None)

    # --- dummy's cards: designation and change (Laws 45, 46, 47) ---------------------------

    # --- the Director's rulings as input --------------------------------------------------

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


    # --- irregular calls and duties (Laws 17D3, 21B, 24-39): .auction -----------------

    _irregular_call = auction._irregular_call
    _replace_own_call = auction._replace_own_call
    _lho_changes = auction._lho_changes
    _reopen_auction = auction._reopen_auction
    _settle_duties = auction._settle_duties
    _call_during_decision = auction._call_during_decision
    _lho_called_over = auction._lho_called_over
    _settle_exposed_cards = auction._settle_exposed_cards
    _exposed_next_defender = auction._exposed_next_defender
    _exposed_after_auction = auction._exposed_after_auction

    # --- leads and plays out of turn (Laws 53-57, 60): .leads -------------------------

    _out_of_turn = leads._out_of_turn
    _play_outside_play = leads._play_outside_play
    _play_during_decision = leads._play_during_decision

    # --- penalty cards and duties of play (Laws 24, 48-52, 57): .penalty_cards --------

    _play_duty = penalty_cards._play_duty
    _designation_due = penalty_cards._designation_due
    _play_unchecked = penalty_cards._play_unchecked
    _add_penalty_card = penalty_cards._add_penalty_card
    _major_penalty_mask = penalty_cards._major_penalty_mask
    _restricted_leads = penalty_cards._restricted_leads
    _expose = penalty_cards._expose

    # --- revokes and the questions of Law 61B (Laws 61-64): .revokes ------------------

    _settle_revokes = revokes._settle_revokes
    _establish_revokes = revokes._establish_revokes
    _attention = revokes._attention
    _revoke_attention = revokes._revoke_attention
    showed_out = revokes.showed_out
    ask_check = revokes.ask_check
    true_answer = revokes.true_answer
    _question = revokes._question
    _answer = revokes._answer
    _position = revokes._position
    _retract_since = revokes._retract_since

    # --- several cards and defective tricks (Laws 58, 67): .tricks --------------------

    _defective_winner = tricks._defective_winner
    _play_several = tricks._play_several
    _omit = tricks._omit
    both_sides_played_after = tricks.both_sides_played_after
    _defective_trick = tricks._defective_trick
    _name_surplus = tricks._name_surplus
    _complete_defective = tricks._complete_defective

    # --- dummy and designations (Laws 42-47): .dummy ----------------------------------

    _misinformed_lead = dummy._misinformed_lead
    _misinformed_play = dummy._misinformed_play
    _dummy_broke_limits = dummy._dummy_broke_limits
    _dummy_played = dummy._dummy_played
    _dummy_warns = dummy._dummy_warns
    _change_play = dummy._change_play
    _designate = dummy._designate

    # --- claims and concessions (Laws 68-71): .claims ---------------------------------

    _claim = claims._claim
    _respond = claims._respond
    _end_by_claim = claims._end_by_claim

    # --- the Director's rulings as input: .director -----------------------------------

    _director = director._director

    # --- reporting -------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """The state in the form of shared/CASES.md (plus a few added keys)."""
        phase = self.phase
        if self.pending is not None and self.pending.decision is not None:
            phase = DECISION
        to_act = self.to_act
        d = self.decision
        return {
            "phase": phase.value,
            "to_act": None if to_act is None else SEAT_NAMES[to_act],
            "decision": None if d is None else decision_dict(d),
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
            "director": None if self.pending is None or not self.pending.director else {
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


def decision_dict(d: Decision) -> dict[str, Any]:
    """A pending decision as the state reports it: who chooses, the options and their
    laws (shared/CASES.md), and, where an option names a suit or a card, the lawful
    values: ``suits`` (letters, spades first; ``several_suits``: the options under which
    more than one may be named, Law 51B2b) and ``cards`` (names)."""
    out: dict[str, Any] = {"by": SEAT_NAMES[d.by], "options": list(d.options),
                           "laws": list(d.laws)}
    if d.suits:
        out["suits"] = [SUIT_LETTERS[s] for s in d.suits]
    if d.several:
        out["several_suits"] = list(d.several)
    if d.cards:
        out["cards"] = [card_name(c) for c in d.cards]
    return out


class LawList(list[str]):
    """The laws applied so far, in the order first applied: a law applied again (the
    kind's law and the ruling's own citation, a second irregularity of the same kind)
    is not listed twice (shared/CASES.md: ``laws``).  ``applied`` keeps every
    application, in order, repeats included (what each event applied)."""

    # no __init__: a list subclass's Python __init__ costs a table's construction more
    # than the rest of it (a table is made per board replayed); see new()
    __slots__ = ("applied",)
    applied: list[str]

    @classmethod
    def new(cls) -> "LawList":
        """An empty list of laws."""
        laws = cls()
        laws.applied = []
        return laws

    def append(self, law: str) -> None:
        self.applied.append(law)
        if law not in self:
            list.append(self, law)

    def extend(self, laws: Iterable[str]) -> None:
        for law in laws:
            self.append(law)


def _public_question(q: dict[str, Any]) -> dict[str, Any]:
    """A question of Law 61B as the state reports it: who asked whom about which trick
    and suit, under which law, and the answer (``None`` while pending)."""
    return {k: v for k, v in q.items() if not k.startswith("_")}


def _regulation(regulation: dict[str, Any] | None) -> dict[str, Any]:
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


#: the bit of each card in a hand (a mask of cards); the 52 zeros after them also answer
#: the indexes -52..-1 and 52..103, none of them a card, so one lookup tells a card held
_BIT = tuple(1 << card for card in range(52)) + (0,) * 52


#: declarer's claim of ``n`` more tricks, ``_CLAIMS[seat][n]``, and an acceptance
#: (:meth:`Table.replay_acts`: events are values, made once)
_CLAIMS = tuple(tuple(Claim(seat, n) for n in range(14)) for seat in range(4))
_ACCEPTS = tuple(Respond(seat, "accept") for seat in range(4))
