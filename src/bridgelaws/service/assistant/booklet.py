"""The Directors' quick-reference booklet (seed 001) as forms for the ruling assistant.

Each of the booklet's 38 scenarios (shared/LAWS.md section 5), with a few the booklet
leaves out (Laws 45C4b, 47E2 and 58B among the played cards; claims and concessions,
Laws 68-71), is a :class:`Scenario`: a handful of :class:`Fact` questions (who made the
irregular act, when, which call or card, and the Director's judgements the engine takes
as events) and :meth:`Scenario.build`, which turns the answers into a ruling case of
shared/CASES.md.  The case is built by replaying: the calls of "the auction so far" are
made in rotation from the dealer, the cards of "the play so far" by whoever is to play,
so only the irregular act itself needs a seat.  Every default answer works with
:data:`DEMO_DEAL` on board 1; a malformed answer raises
:class:`~bridgelaws.cards.BridgeError` whose ``where`` is the fact's name.

Texts live in the catalogues: ``booklet.group.<group>``, ``booklet.scenario.<key>`` (the
title), ``booklet.summary.<key>`` (what the Laws provide, read out by the Director),
``booklet.fact.<name>`` and ``booklet.choice.<value>``.

>>> from bridgelaws.formats.case import case_table
>>> s = scenario("insufficient_bid")
>>> s.number, s.group, [f.name for f in s.facts]
(15, 'insufficient_bid', ['auction', 'call', 'new_call', 'comparable'])
>>> case = s.build({"call": "1D"})
>>> case["events"]
[{'by': 'N', 'call': '1N'}, {'by': 'E', 'call': '1D'}]
>>> case_table(case).state()["decision"]
{'by': 'S', 'options': ['accept', 'reject'], 'laws': ['27A1', '27B']}
>>> s.build({"call": "1Z"})
Traceback (most recent call last):
...
bridgelaws.service.assistant.booklet.FactError: call: unknown call '1Z' (expected P, X, XX or a bid like 1C or 3N)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Mapping

# absolute imports: the module also loads where the service package is not (yet) a
# regular package (pytest's doctest collection imports it by path)
from bridgelaws.calls import DOUBLE, PASS, REDOUBLE, call_name, parse_call
from bridgelaws.cards import BridgeError, SEAT_NAMES, card_name, parse_card, parse_seat
from bridgelaws.formats.case import case_table, parse_event

__all__ = ["Fact", "FactError", "Scenario", "GROUP_KEYS", "SCENARIOS", "DEMO_DEAL", "scenarios_in",
           "scenario"]

#: the default deal (board 1: North deals, nobody vulnerable)::
#:
#:     N AKQ2.KQ2.A32.K32   E T98.JT9.KQJ.QJT9   S J76.A8765.T98.A4   W 543.43.7654.8765
DEMO_DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"

#: the booklet's groups, in its order (claims added from Laws 68-71)
GROUP_KEYS: tuple[str, ...] = (
    "general", "explanations", "auction_exposed", "change_of_call", "insufficient_bid",
    "out_of_rotation", "inadmissible", "played_cards", "penalty_cards", "leads_out_of_turn",
    "premature_play", "revoke", "defective_trick", "claims")

_KINDS = ("seat", "call", "card", "calls", "cards", "int", "choice")
_YES_NO = ("yes", "no")
_THREE_NT = "1N P 3N P P P"


@dataclass(frozen=True)
class Fact:
    """One question of a scenario's form.  ``kind`` says what the answer is: a seat, a
    call, a card, calls or cards separated by spaces, a whole number, or one of
    ``choices``.  An answer left out (or empty, for a single seat, call, card, number or
    choice) takes ``default``; a ``calls``/``cards`` answer may be empty (none), and so
    may any fact whose default is empty (it is then left out of the case)."""
    name: str
    kind: str
    default: str = ""
    choices: tuple[str, ...] = ()

    def __post_init__(self):
        if self.kind not in _KINDS:
            raise ValueError(f"unknown kind of fact {self.kind!r}")

    @property
    def label(self) -> str:
        """The message key of the question (shared by every scenario asking it)."""
        return f"booklet.fact.{self.name}"

    def parse(self, raw):
        """The answer as the engine's values: a seat, call or card number, a list of
        them, an int, a choice, or ``None`` for an optional fact left empty.  A malformed
        answer raises :class:`FactError` (the message's key says why in any language).

        >>> Fact("who", "seat", "E").parse("Q")
        Traceback (most recent call last):
        ...
        bridgelaws.service.assistant.booklet.FactError: who: unknown seat 'Q' (expected N, E, S or W)
        >>> Fact("auction", "calls").parse("1N P 9Z")
        Traceback (most recent call last):
        ...
        bridgelaws.service.assistant.booklet.FactError: auction: unknown call '9Z' (expected P, X, XX or a bid like 1C or 3N)
        """
        text = "" if raw is None else str(raw).strip()
        if not text and (raw is None or self.kind not in ("calls", "cards")):
            text = self.default
        if self.kind in ("calls", "cards"):
            return [self._one(t) for t in _split(text)]
        return self._one(text) if text else None

    def _one(self, text: str):
        """One seat, call, card, number or choice of this fact's kind."""
        try:
            if self.kind == "seat":
                return parse_seat(text)
            if self.kind in ("call", "calls"):
                return parse_call(text)
            if self.kind in ("card", "cards"):
                return parse_card(text)
            if self.kind == "int":
                if not re.fullmatch(r"[0-9]{1,2}", text) or int(text) > 13:
                    raise BridgeError(f"{text!r} is not a number of tricks (0 to 13)")
                return int(text)
            value = text.lower()
            if value not in self.choices:
                raise BridgeError(f"{text!r} is not one of {', '.join(self.choices)}")
            return value
        except BridgeError as e:
            key, name = _WHY[self.kind]
            shown = text if len(text) <= 24 else text[:24] + "…"
            raise FactError(e.reason, self.name, key, **{name: shown}) from None


class FactError(BridgeError):
    """A malformed answer to a fact (``where`` is the fact's name): the catalogue's
    ``key``, filled with ``values``, says why in any language."""

    def __init__(self, reason: str, where: str, key: str, **values):
        super().__init__(reason, where)
        self.key, self.values = key, values


#: the message of a malformed answer, by kind of fact, and the name of its value
_WHY = {"seat": ("ui.err.seat", "seat"), "call": ("ui.err.call", "call"),
        "calls": ("ui.err.call", "call"), "card": ("ui.err.card", "card"),
        "cards": ("ui.err.card", "card"), "int": ("ui.err.fact_tricks", "value"),
        "choice": ("ui.err.fact_choice", "value")}


def _split(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text) if t and t != "-"]


@dataclass(frozen=True)
class Scenario:
    """One scenario of the booklet: its key, number (None for those the booklet lacks),
    group, the laws it rests on and the facts its form asks."""
    key: str
    number: int | None
    group: str
    laws: tuple[str, ...]
    facts: tuple[Fact, ...]
    steps: Callable = field(default=None, repr=False, compare=False)

    @property
    def title(self) -> str:
        return f"booklet.scenario.{self.key}"

    @property
    def summary(self) -> str:
        return f"booklet.summary.{self.key}"

    def fact(self, name: str) -> Fact:
        for f in self.facts:
            if f.name == name:
                return f
        raise BridgeError(f"scenario {self.key!r} asks no fact {name!r}", name)

    def build(self, answers: Mapping[str, str] | None = None, deal: str | None = None,
              board: int = 1) -> dict:
        """The case (``{"board", "deal", "events"}``) of this scenario with ``answers``
        (missing ones take the defaults), replayed once to check it: a malformed or
        impossible answer raises :class:`BridgeError` naming its fact."""
        if answers is None:
            answers = {}
        if not isinstance(answers, Mapping):
            raise BridgeError("the answers are a mapping of fact names to texts", "answers")
        values = {f.name: f.parse(answers.get(f.name)) for f in self.facts}
        b = _Case(DEMO_DEAL if deal is None else deal, board)
        self.steps(b, values)
        return b.case


# --- the replay ----------------------------------------------------------------------------------

class _Case:
    """A case under construction, with its table replayed event by event."""

    def __init__(self, deal, board):
        if not isinstance(board, int) or isinstance(board, bool) or board < 1:
            raise BridgeError(f"board {board!r} is not a positive whole number", "board")
        if not isinstance(deal, str):
            raise BridgeError("the deal is a PBN deal string", "deal")
        self.case = {"board": board, "deal": deal, "events": []}
        try:
            self.table = case_table({"board": board, "deal": deal, "events": []})
        except BridgeError as e:
            raise BridgeError(e.reason, "deal") from None

    # the state
    @property
    def t(self):
        return self.table

    def seat(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def mark(self) -> int:
        """Where the irregularities recorded from now on begin (for :meth:`expect`)."""
        return len(self.t.irregularities)

    # events
    def apply(self, obj: dict, fact: str) -> None:
        index = len(self.case["events"])
        try:
            self.t.apply(parse_event(obj, index))
        except BridgeError as e:
            raise BridgeError(e.reason, fact) from None
        except Exception as e:          # the engine refused it some other way
            raise BridgeError(f"the table cannot take this ({type(e).__name__}: {e})",
                              fact) from None
        self.case["events"].append(obj)

    def _ready(self, fact: str) -> None:
        t = self.t
        d = t.decision
        if d is not None:
            raise BridgeError(f"{self.seat(d.by)} must first choose ({', '.join(d.options)}, "
                              f"Law {', '.join(d.laws)})", fact)
        if t.director_required:
            raise BridgeError("the table waits for the Director's ruling", fact)

    def calls(self, calls: list[int], fact: str) -> None:
        """Lawful calls in rotation, each by the seat whose turn it is."""
        for call in calls:
            t = self.t
            if t.phase != "auction":
                raise BridgeError(f"the auction is over before {call_name(call)}", fact)
            self._ready(fact)
            seat = t.to_act
            if call not in t.legal_calls():
                legal = t.legal_call_names()
                raise BridgeError(f"{call_name(call)} is not a legal call for "
                                  f"{self.seat(seat)} here (legal: {' '.join(legal[:8])}"
                                  f"{' ...' if len(legal) > 8 else ''})", fact)
            self.apply({"by": self.seat(seat), "call": call_name(call)}, fact)

    def call(self, seat: int, call: int, fact: str, **flags) -> None:
        self.apply({"by": self.seat(seat), "call": call_name(call), **flags}, fact)

    def need_play(self, fact: str = "auction") -> None:
        """The auction must be over, and the contract played."""
        t = self.t
        if t.phase == "auction":
            raise BridgeError("the auction is not over: the play needs a completed auction "
                              "(three passes after a bid)", fact)
        if t.contract is None:
            raise BridgeError("the board was passed out: there is no play", fact)

    def cards(self, cards: list[int], fact: str) -> None:
        """Lawful cards, each by the seat whose turn it is to play."""
        for card in cards:
            t = self.t
            if t.phase == "complete":
                raise BridgeError(f"play is over before {card_name(card)}", fact)
            if t.phase != "play":
                raise BridgeError("the auction is not over", fact)
            self._ready(fact)
            if t.claim is not None:
                raise BridgeError("a claim is awaiting answers", fact)
            seat = t.to_act
            if not t.hands[seat] >> card & 1:
                raise BridgeError(f"{self.seat(seat)}, whose turn it is to play, does not "
                                  f"hold {card_name(card)}", fact)
            if card not in t.legal_cards():
                raise BridgeError(f"{self.seat(seat)} may not play {card_name(card)} now "
                                  f"(legal: {' '.join(t.legal_card_names())})", fact)
            self.apply({"by": self.seat(seat), "play": card_name(card)}, fact)

    def play(self, seat: int, card: int, fact: str, **extra) -> None:
        self.apply({"by": self.seat(seat), "play": card_name(card), **extra}, fact)

    def choose(self, option: str, fact: str) -> None:
        d = self.t.decision
        if d is None or option not in d.options:
            raise BridgeError(f"no choice '{option}' is pending here", fact)
        self.apply({"by": self.seat(d.by), "choose": option}, fact)

    def director(self, what: str, fact: str, seat: int | None = None, **extra) -> None:
        if seat is None:
            seat = self.t.board.dealer
        self.apply({"by": self.seat(seat), "director": what, **extra}, fact)

    def expect(self, mark: int, kinds, fact: str, what: str):
        """The irregularity recorded since ``mark``, which must be one of ``kinds``."""
        for irr in self.t.irregularities[mark:]:
            if irr.kind in kinds:
                return irr
        raise BridgeError(f"that is not {what} here", fact)

    def agreed_claim(self, seat: int, tricks: int, fact: str, concede: bool = False) -> None:
        self.apply({"by": self.seat(seat), ("concede" if concede else "claim"): tricks}, fact)
        t = self.t
        while t.claim is not None and t.to_act is not None and t.pending is None:
            self.apply({"by": self.seat(t.to_act), "respond": "accept"}, fact)


# --- the facts --------------------------------------------------------------------------------

def _seat(name="who", default="E"):
    return Fact(name, "seat", default)


def _auction(default="1N"):
    return Fact("auction", "calls", default)


def _play(default=""):
    return Fact("play", "cards", default)


def _yes_no(name, default="no"):
    return Fact(name, "choice", default, _YES_NO)


def _lho(seat):
    return (seat + 1) & 3


def _partner(seat):
    return (seat + 2) & 3


def _rho(seat):
    return (seat + 3) & 3


def _deal_play(b: _Case, v: dict) -> None:
    """The auction (completed) and the play so far."""
    b.calls(v["auction"], "auction")
    b.need_play()
    b.cards(v.get("play") or [], "play")


# --- 1-8: general irregularities (Laws 13-15, 20F) -----------------------------------------------

def _wrong_count_before_call(b, v):
    b.director("cards_corrected", "seen", value=v["seen"] == "yes")


def _wrong_count_after_call(b, v):
    if not v["auction"]:
        raise BridgeError("Law 13B concerns a call made with the wrong hand: at least one "
                          "call", "auction")
    b.calls(v["auction"], "auction")
    b.director("wrong_count_after_call", "playable", value=v["playable"] == "yes")


def _surplus_card(b, v):
    b.calls(v["auction"], "auction")
    b.cards(v["play"], "play")
    b.director("surplus_card", "completed_trick", value=v["completed_trick"] == "yes")


def _wrong_count_after_play(b, v):
    _deal_play(b, v)
    t = b.t
    if t.phase != "complete":
        if v["tricks"] is None:
            raise BridgeError("the play must end: how many of the remaining tricks declarer "
                              "claims", "tricks")
        b.agreed_claim(t.declarer, v["tricks"], "tricks")
    b.director("wrong_count_after_play", "tricks")


def _missing_card(b, v):
    b.calls(v["auction"], "auction")
    if v["play"]:
        b.need_play()
        b.cards(v["play"], "play")
    b._ready("play")
    b.director("missing_card", "card", seat=v["who"], card=card_name(v["card"]))


def _wrong_board_call(b, v):
    b.calls(v["auction"], "auction")
    if not any(s == v["who"] for s, _c in b.t.auction.calls):
        raise BridgeError(f"{b.seat(v['who'])} has made no call in the auction so far", "who")
    b.director("wrong_board_call", "who", seat=v["who"])


def _wrong_board(b, v):
    b.calls(v["auction"], "auction")
    if v["play"]:
        b.need_play()
        b.cards(v["play"], "play")
    b.director("wrong_board", "played_before", value=v["played_before"] == "yes")


def _forgotten_agreement(b, v):
    b.calls(v["auction"], "auction")        # Law 20F: the Director's practice, no rectification


# --- 9-10: explanations (Law 21) ---------------------------------------------------------------

def _replace_own_call(b, v, why="misinformation"):
    """``who`` replaces his last call (21B1a misinformation, 25A unintended)."""
    who = v["who"]
    calls = b.t.auction.calls
    mine = [i for i, (s, _c) in enumerate(calls) if s == who]
    if not mine:
        raise BridgeError(f"{b.seat(who)} has made no call to change", "who")
    if any(s == (who + 2) & 3 for s, _c in calls[mine[-1] + 1:]):
        # the scenario is a change the Laws permit (21B1a, 25A); after partner's call an
        # attempted change is a Law 25B matter, another scenario
        raise BridgeError(f"{b.seat(who)}'s partner has called since: too late to change "
                          f"the call (Law {'21B1a' if why == 'misinformation' else '25A4'})",
                          "who")
    b.call(who, v["new_call"], "who", replaces=why)


def _misinformation_change(b, v):
    b.calls(v["auction"], "auction")
    _replace_own_call(b, v)
    if v["lho_call"] is not None:
        b.call(_lho(v["who"]), v["lho_call"], "lho_call", replaces="after_change")


def _clarification_period_change(b, v):
    b.calls(v["auction"], "auction")
    if b.t.phase == "auction":
        raise BridgeError("the clarification period begins after the final pass", "auction")
    b.need_play()
    if b.t.trick or b.t.tricks:
        raise BridgeError("the opening lead is faced: the clarification period is over", "auction")
    _replace_own_call(b, v)


# --- 11: a card exposed during the auction (Law 24) ----------------------------------------------

def _card_exposed_during_auction(b, v):
    b.calls(v["auction"], "auction")
    if b.t.phase != "auction":
        raise BridgeError("the auction is over: Law 24 concerns a card exposed before the "
                          "final pass", "auction")
    mark = b.mark()
    if v["how"] == "led":
        b.play(v["who"], v["card"], "card")
    else:
        b.apply({"by": b.seat(v["who"]), "expose": card_name(v["card"])}, "card")
    b.expect(mark, ("card_exposed_during_auction",), "card", "a card exposed during the auction")


# --- 12-14: changes of call (Laws 25, 26) ---------------------------------------------------------

def _unintended_change(b, v):
    b.calls(v["auction"], "auction")
    _replace_own_call(b, v, "unintended")


def _intended_change(b, v):
    b.calls(v["auction"], "auction")
    calls = b.t.auction.calls
    if not calls or calls[-1][0] != v["who"]:
        raise BridgeError("a change of call is made by the player who called last, before "
                          "his left-hand opponent calls", "who")
    b.call(v["who"], v["new_call"], "new_call")
    d = b.t.decision
    if d is None or "25B1" not in d.laws:
        raise BridgeError("that is not a change of call here", "new_call")


def _make_insufficient_bid(b, v) -> int:
    """The auction so far, then ``call`` by the player to act, which must be an insufficient
    bid (Law 27); returns that player."""
    b.calls(v["auction"], "auction")
    if b.t.phase != "auction":
        raise BridgeError("the auction is over", "auction")
    who = b.t.to_act
    mark = b.mark()
    b.call(who, v["call"], "call")
    b.expect(mark, ("insufficient_bid",), "call", "an insufficient bid")
    return who


def _lead_restriction_withdrawn(b, v):
    """The withdrawn call here is an insufficient bid not accepted (27B), replaced by
    ``new_call``; the rest of the auction follows."""
    who = _make_insufficient_bid(b, v)
    b.choose("reject", "call")
    flags = {"comparable": True} if v["comparable"] == "yes" else {}
    b.call(who, v["new_call"], "new_call", **flags)
    b.calls(v["rest"], "rest")


# --- 15: insufficient bid (Law 27) ----------------------------------------------------------------

def _insufficient_bid(b, v):
    who = _make_insufficient_bid(b, v)
    if v["new_call"] is not None:
        b.choose("reject", "new_call")
        flags = {"comparable": True} if v["comparable"] == "yes" else {}
        b.call(who, v["new_call"], "new_call", **flags)


# --- 16-20: calls out of rotation (Laws 29-32) ----------------------------------------------------

def _out_of_rotation(kind: str, turns: str, what: str, fixed_call: int | None = None):
    def steps(b, v):
        b.calls(v["auction"], "auction")
        t = b.t
        if t.phase != "auction":
            raise BridgeError("the auction is over", "auction")
        who = v["who"]
        turn = t.to_act
        called = any(s == who for s, _c in t.auction.calls)
        if turns == "rho" and turn != _rho(who):
            raise BridgeError(f"it must be the turn of {b.seat(who)}'s right-hand opponent "
                              f"({b.seat(_rho(who))}); it is {b.seat(turn)}'s", "who")
        if turns == "partner" and not (turn == _partner(who) or
                                       (turn == _lho(who) and not called)):
            raise BridgeError(f"it must be the turn of {b.seat(who)}'s partner, or of his "
                              "left-hand opponent before he has called; it is "
                              f"{b.seat(turn)}'s", "who")
        if turns == "any" and turn == who:
            raise BridgeError(f"it is {b.seat(who)}'s turn: the call is not out of rotation",
                              "who")
        call = fixed_call if fixed_call is not None else v["call"]
        mark = b.mark()
        b.call(who, call, "call")
        b.expect(mark, (kind,), "call", what)
    return steps


def _call_in_breach_of_bar(b, v):
    """The bar comes from a pass out of rotation at the offender's RHO's turn, not
    accepted (30A): the offender must pass at his next turn, and calls instead."""
    b.calls(v["auction"], "auction")
    t = b.t
    who = v["who"]
    if t.phase != "auction":
        raise BridgeError("the auction is over", "auction")
    if t.to_act != _rho(who):
        raise BridgeError(f"for the bar, {b.seat(who)} passes out of rotation at his "
                          f"right-hand opponent's turn ({b.seat(_rho(who))}); it is "
                          f"{b.seat(t.to_act)}'s", "who")
    b.call(who, PASS, "who")
    b.choose("reject", "who")
    b.calls([v["rho_call"]], "rho_call")
    if b.t.to_act != who or who not in b.t.barred:
        raise BridgeError(f"{b.seat(who)} is not obliged to pass at this turn", "rho_call")
    mark = b.mark()
    b.call(who, v["call"], "call")
    b.expect(mark, ("call_in_breach_of_bar",), "call", "a call other than a pass")


def _inadmissible_double(b, v):
    b.calls(v["auction"], "auction")
    t = b.t
    if t.phase != "auction":
        raise BridgeError("the auction is over", "auction")
    call, who = v["call"], v["who"]
    if call not in (DOUBLE, REDOUBLE) or t.auction.is_legal(who, call):
        raise BridgeError(f"{call_name(call)} is not an inadmissible double or redouble for "
                          f"{b.seat(who)} here (Law 19)", "call")
    mark = b.mark()
    b.call(who, call, "call")
    b.expect(mark, ("inadmissible_double", "double_out_of_rotation"), "call",
             "an inadmissible double or redouble")


def _call_after_final_pass(b, v):
    b.calls(v["auction"], "auction")
    b.need_play()
    mark = b.mark()
    b.call(v["who"], v["call"], "call")
    b.expect(mark, ("call_after_final_pass",), "call", "a call after the final pass")


# --- 24 (and 45C4b, 47E2, 58B): played cards ------------------------------------------------------

def _change_dummy_card(reason: str):
    def steps(b, v):
        _deal_play(b, v)
        b._ready("play")
        b.apply({"by": b.seat(b.t.dummy), "play": card_name(v["card"]), "replaces": reason},
                "card")
    return steps


def _card_after_misinformation(b, v):
    _deal_play(b, v)
    b._ready("play")
    b.apply({"by": b.seat(v["who"]), "attention": "misinformed_play"}, "who")


def _cards_played_together(b, v):
    _deal_play(b, v)
    b._ready("play")
    if len(v["cards"]) < 2:
        raise BridgeError("two or more cards played together", "cards")
    who = b.t.to_act
    extra = {} if v["faces_seen"] == "yes" else {"visible": [card_name(v["cards"][0])]}
    b.apply({"by": b.seat(who), "play": [card_name(c) for c in v["cards"]], **extra}, "cards")


# --- 25-30: penalty cards (Laws 50-52) ------------------------------------------------------------

def _defender(b, seat: int, fact: str) -> None:
    t = b.t
    if (seat ^ t.declarer) & 1 == 0:
        raise BridgeError(f"{b.seat(seat)} is not a defender: only a defender's card becomes "
                          "a penalty card", fact)


def _expose(b, seat: int, card: int, fact: str, deliberate: bool) -> None:
    if not b.t.trick and not b.t.tricks:
        raise BridgeError("in this scenario the card is exposed during the play, after the "
                          "opening lead: some play is needed first", "play")
    b._ready(fact)
    obj = {"by": b.seat(seat), "expose": card_name(card)}
    if deliberate:
        obj["deliberate"] = True
    b.apply(obj, fact)


def _penalty_card(b, v):
    _deal_play(b, v)
    _defender(b, v["who"], "who")
    _expose(b, v["who"], v["card"], "card", v["deliberate"] == "yes")


def _penalty_card_each_defender(b, v):
    _deal_play(b, v)
    t = b.t
    cards = v["cards"]
    holders = [t.deal.holder(c) for c in cards]
    defenders = {(t.declarer + 1) & 3, (t.declarer + 3) & 3}
    if len(cards) != 2 or set(holders) != defenders:
        raise BridgeError("two cards, one held by each defender", "cards")
    # the card of the defender on lead first: his partner's card then meets his lead (50D2)
    order = sorted(zip(holders, cards), key=lambda hc: hc[0] != t.to_act)
    for seat, card in order:
        _expose(b, seat, card, "cards", True)


def _two_penalty_cards(same_suit: bool):
    def steps(b, v):
        _deal_play(b, v)
        who = v["who"]
        _defender(b, who, "who")
        cards = v["cards"]
        if len(cards) != 2 or ((cards[0] // 13 == cards[1] // 13) != same_suit):
            raise BridgeError("two cards " + ("of one suit" if same_suit else
                                              "of different suits"), "cards")
        if b.t.to_act == _partner(who):
            raise BridgeError(f"{b.seat(_partner(who))} is on lead: the cards are exposed "
                              "while someone else is to play", "play")
        for card in cards:
            _expose(b, who, card, "cards", True)
        b.cards(v["after"], "after")
    return steps


def _penalty_card_not_played(b, v):
    _deal_play(b, v)
    who = v["who"]
    _defender(b, who, "who")
    _expose(b, who, v["card"], "card", True)
    if b.t.decision is not None:            # 50D2: declarer makes no demand, the card stays
        b.choose("no_restriction", "card")
    b.cards(v["after"], "after")
    if b.t.to_act != who:
        raise BridgeError(f"after these cards it must be {b.seat(who)}'s turn to play", "after")
    mark = b.mark()
    b.play(who, v["other_card"], "other_card")
    b.expect(mark, ("penalty_card_not_played",), "other_card",
             "a card played in place of the penalty card")


# --- 31-34: leads out of turn (Laws 53-56) --------------------------------------------------------

_LEADS = ("opening_lead_out_of_turn", "lead_out_of_turn_by_declarer",
          "lead_out_of_turn_by_defender")


def _lead_out_of_turn(kinds, what: str):
    def steps(b, v):
        _deal_play(b, v)
        b._ready("play")
        t = b.t
        if t.trick:
            raise BridgeError("a lead is made to a new trick: the play so far must end with "
                              "a complete trick", "play")
        mark = b.mark()
        b.play(v["who"], v["card"], "card")
        b.expect(mark, kinds, "who", what)
    return steps


def _correct_lead_after_lead_out_of_turn(b, v):
    _deal_play(b, v)
    b._ready("play")
    if b.t.trick:
        raise BridgeError("the play so far must end with a complete trick", "play")
    turn = b.t.to_act
    mark = b.mark()
    b.play(v["who"], v["card"], "card")
    b.expect(mark, _LEADS, "who", "a lead out of turn")
    b.play(turn, v["lead"], "lead")
    if "53B" not in b.t.laws:
        raise BridgeError(f"that is not a proper lead by {b.seat(turn)}", "lead")


# --- 35: premature play (Law 57) ------------------------------------------------------------------

def _premature_play(b, v):
    _deal_play(b, v)
    b._ready("play")
    mark = b.mark()
    b.play(v["who"], v["card"], "card")
    b.expect(mark, ("premature_play_by_defender",), "who",
             "a defender's premature lead or play")


# --- 36-37: revokes (Laws 61-64) ------------------------------------------------------------------

def _revoke(b, v) -> int:
    _deal_play(b, v)
    b._ready("play")
    t = b.t
    seat = t.to_act
    n = len(t.revokes)
    b.play(seat, v["card"], "card")
    if len(b.t.revokes) == n:
        raise BridgeError(f"{card_name(v['card'])} is not a revoke: {b.seat(seat)} has no card "
                          "of the suit led, or the card follows suit", "card")
    return seat


def _revoke_corrected(b, v):
    offender = _revoke(b, v)
    b.cards(v["after"], "after")
    t = b.t
    if t.revokes[-1].established:
        raise BridgeError("the revoke is established by these cards (Law 63A): too late to "
                          "correct it", "after")
    by = t.declarer if offender == t.dummy else offender
    b.apply({"by": b.seat(by), "attention": "revoke"}, "after")


def _revoke_established(b, v):
    _revoke(b, v)
    b.cards(v["after"], "after")
    t = b.t
    if not t.revokes[-1].established:
        raise BridgeError("the revoke is not yet established: the offender or his partner "
                          "must lead or play to a later trick (Law 63A1)", "after")
    if v["tricks"] is not None and t.phase == "play":
        b._ready("tricks")
        b.agreed_claim(t.declarer, v["tricks"], "tricks")


# --- 38: defective trick (Law 67) -----------------------------------------------------------------

def _defective_trick(b, v):
    _deal_play(b, v)
    b._ready("play")
    t = b.t
    if not t.trick:
        raise BridgeError("the card is omitted from a trick already led to", "play")
    offender = t.to_act
    b.apply({"by": b.seat(offender), "omit": True}, "play")
    b.cards(v["after"], "after")
    b.apply({"by": b.seat(_lho(offender)), "attention": "defective_trick"}, "after")


# --- claims and concessions (Laws 68-71) ---------------------------------------------------------

def _claimer(b, v) -> None:
    _deal_play(b, v)
    b._ready("play")
    if v["who"] == b.t.dummy:
        raise BridgeError("dummy takes no part in the play: he neither claims nor concedes "
                          "(Law 43A1)", "who")


def _claim(b, v):
    _claimer(b, v)
    b.agreed_claim(v["who"], v["tricks"], "tricks")


def _claim_disputed(b, v):
    _claimer(b, v)
    b.apply({"by": b.seat(v["who"]), "claim": v["tricks"]}, "tricks")
    b.apply({"by": b.seat(b.t.to_act), "respond": "dispute"}, "tricks")
    if v["award"] is not None:
        b.director("claim", "award", seat=v["who"], tricks=v["award"])


def _concession(b, v):
    _claimer(b, v)
    who = v["who"]
    t = b.t
    if v["partner_objects"] == "yes":
        if who in (t.declarer, t.dummy):
            raise BridgeError("an objection by partner (Law 68B2) concerns a defender's "
                              "concession", "who")
        b.apply({"by": b.seat(who), "concede": v["tricks"]}, "tricks")
        b.apply({"by": b.seat(_partner(who)), "respond": "dispute"}, "partner_objects")
        return
    b.agreed_claim(who, v["tricks"], "tricks", concede=True)


# --- the catalogue --------------------------------------------------------------------------------

def _s(key, number, group, laws, facts, steps):
    return Scenario(key, number, group, tuple(laws.split()), tuple(facts), steps)


_PLAY_AUCTION = _auction(_THREE_NT)
_TRICK_1_E = "CQ C4 C5 C2"          # East's queen wins trick 1: East leads to trick 2
_TRICK_1_N = "CQ C4 C5 CK"          # North's king wins trick 1: North leads to trick 2

SCENARIOS: tuple[Scenario, ...] = (
    # general
    _s("wrong_count_before_call", 1, "general", "13A",
       [_yes_no("seen")], _wrong_count_before_call),
    _s("wrong_count_after_call", 2, "general", "13B",
       [_auction(), _yes_no("playable", "yes")], _wrong_count_after_call),
    _s("surplus_card", 3, "general", "13C",
       [_PLAY_AUCTION, _play(_TRICK_1_N), _yes_no("completed_trick")], _surplus_card),
    _s("wrong_count_after_play", 4, "general", "13D 12C1",
       [_PLAY_AUCTION, _play(_TRICK_1_N), Fact("tricks", "int", "11")],
       _wrong_count_after_play),
    _s("missing_card", 5, "general", "14 64B3",
       [_auction(), _play(), _seat("who", "S"), Fact("card", "card", "HA")], _missing_card),
    _s("wrong_board_call", 6, "general", "15A",
       [_auction("1N 2C"), _seat()], _wrong_board_call),
    _s("wrong_board", 7, "general", "15B",
       [_auction("1N P"), _play(), _yes_no("played_before")], _wrong_board),
    _s("forgotten_agreement", 8, "general", "20F 75",
       [_auction("1N P 2C")], _forgotten_agreement),
    # explanations
    _s("misinformation_change", 9, "explanations", "21B1a 21B2 16C",
       [_auction("1C P 1S"), _seat(), Fact("new_call", "call", "1D"),
        Fact("lho_call", "call", "")], _misinformation_change),
    _s("clarification_period_change", 10, "explanations", "21B1a 20F4 17D",
       [_PLAY_AUCTION, _seat(), Fact("new_call", "call", "X")], _clarification_period_change),
    # auction_exposed
    _s("card_exposed_during_auction", 11, "auction_exposed", "24 50 16C",
       [_auction(), _seat(), Fact("card", "card", "CQ"),
        Fact("how", "choice", "exposed", ("exposed", "led"))], _card_exposed_during_auction),
    # change_of_call
    _s("unintended_change", 12, "change_of_call", "25A",
       [_auction("1N 2C"), _seat(), Fact("new_call", "call", "2D")], _unintended_change),
    _s("intended_change", 13, "change_of_call", "25B 26",
       [_auction("1N 2C"), _seat(), Fact("new_call", "call", "2D")], _intended_change),
    _s("lead_restriction_withdrawn_call", 14, "change_of_call", "26",
       [_auction(), Fact("call", "call", "1H"), Fact("new_call", "call", "3H"),
        _yes_no("comparable"), Fact("rest", "calls", "4S P P P")], _lead_restriction_withdrawn),
    # insufficient_bid
    _s("insufficient_bid", 15, "insufficient_bid", "27 23 26",
       [_auction(), Fact("call", "call", "1H"), Fact("new_call", "call", ""),
        _yes_no("comparable")], _insufficient_bid),
    # out_of_rotation
    _s("pass_out_of_rotation", 16, "out_of_rotation", "29 30",
       [_auction("1C"), _seat("who", "S")],
       _out_of_rotation("pass_out_of_rotation", "any", "a pass out of rotation", PASS)),
    _s("bid_out_of_rotation_rho", 17, "out_of_rotation", "29 31A",
       [_auction("1C"), _seat("who", "S"), Fact("call", "call", "1S")],
       _out_of_rotation("bid_out_of_rotation", "rho", "a bid out of rotation")),
    _s("bid_out_of_rotation_partner", 18, "out_of_rotation", "29 31B",
       [_auction(""), _seat("who", "S"), Fact("call", "call", "1S")],
       _out_of_rotation("bid_out_of_rotation", "partner", "a bid out of rotation")),
    _s("double_out_of_rotation_rho", 19, "out_of_rotation", "29 32A",
       [_auction("1H P"), _seat("who", "W"), Fact("call", "call", "X")],
       _out_of_rotation("double_out_of_rotation", "rho",
                        "a double or redouble out of rotation")),
    _s("double_out_of_rotation_partner", 20, "out_of_rotation", "29 32B",
       [_auction("1H"), _seat("who", "W"), Fact("call", "call", "X")],
       _out_of_rotation("double_out_of_rotation", "partner",
                        "a double or redouble out of rotation")),
    # inadmissible
    _s("inadmissible_double", 21, "inadmissible", "36",
       [_auction("1N P"), _seat("who", "S"), Fact("call", "call", "X")], _inadmissible_double),
    _s("call_in_breach_of_bar", 22, "inadmissible", "37",
       [_auction("1C"), _seat("who", "S"), Fact("rho_call", "call", "1H"),
        Fact("call", "call", "1S")], _call_in_breach_of_bar),
    _s("call_after_final_pass", 23, "inadmissible", "39 26",
       [_auction("1N P P P"), _seat(), Fact("call", "call", "2H")], _call_after_final_pass),
    # played_cards
    _s("dummy_card_not_named", 24, "played_cards", "45D 47D",
       [_PLAY_AUCTION, _play("CQ C4 C5 C2 DK"), Fact("card", "card", "CA")],
       _change_dummy_card("not_named")),
    _s("unintended_designation", None, "played_cards", "45C4b 47D",
       [_PLAY_AUCTION, _play("CQ C4 C5"), Fact("card", "card", "CA")],
       _change_dummy_card("unintended")),
    _s("card_after_misinformation", None, "played_cards", "47E2",
       [_PLAY_AUCTION, _play("CQ C4 C5"), _seat("who", "W")], _card_after_misinformation),
    _s("cards_played_together", None, "played_cards", "58B 50",
       [_PLAY_AUCTION, _play("CQ C4"), Fact("cards", "cards", "C8 C7"),
        _yes_no("faces_seen", "yes")], _cards_played_together),
    # penalty_cards
    _s("minor_penalty_card", 25, "penalty_cards", "50B 50C",
       [_PLAY_AUCTION, _play(_TRICK_1_E), _seat("who", "W"), Fact("card", "card", "H3"),
        _yes_no("deliberate")], _penalty_card),
    _s("major_penalty_card", 26, "penalty_cards", "50D",
       [_PLAY_AUCTION, _play(_TRICK_1_E), _seat("who", "W"), Fact("card", "card", "C8"),
        _yes_no("deliberate", "yes")], _penalty_card),
    _s("penalty_card_each_defender", 27, "penalty_cards", "50D1b 50D2",
       [_PLAY_AUCTION, _play(_TRICK_1_E), Fact("cards", "cards", "HJ C8")],
       _penalty_card_each_defender),
    _s("two_penalty_cards_same_suit", 28, "penalty_cards", "51A 51B1",
       [_PLAY_AUCTION, _play(_TRICK_1_N), _seat("who", "W"), Fact("cards", "cards", "C8 C7"),
        Fact("after", "cards", "H2 H9 H5 H3")], _two_penalty_cards(True)),
    _s("two_penalty_cards_different_suits", 29, "penalty_cards", "51A 51B2",
       [_PLAY_AUCTION, _play(_TRICK_1_N), _seat("who", "W"), Fact("cards", "cards", "C8 D4"),
        Fact("after", "cards", "H2 H9 H5 H3")], _two_penalty_cards(False)),
    _s("penalty_card_not_played", 30, "penalty_cards", "52",
       [_PLAY_AUCTION, _play(_TRICK_1_E), _seat("who", "W"), Fact("card", "card", "C8"),
        Fact("after", "cards", "CJ CA"), Fact("other_card", "card", "C7")],
       _penalty_card_not_played),
    # leads_out_of_turn
    _s("correct_lead_after_lead_out_of_turn", 31, "leads_out_of_turn", "53B",
       [_PLAY_AUCTION, _play(_TRICK_1_N), _seat(), Fact("card", "card", "DK"),
        Fact("lead", "card", "SA")], _correct_lead_after_lead_out_of_turn),
    _s("opening_lead_out_of_turn", 32, "leads_out_of_turn", "54 50",
       [_PLAY_AUCTION, _seat("who", "W"), Fact("card", "card", "C8")],
       _lead_out_of_turn(("opening_lead_out_of_turn",), "an opening lead out of turn")),
    _s("declarer_lead_out_of_turn", 33, "leads_out_of_turn", "55",
       [_PLAY_AUCTION, _play(_TRICK_1_E), _seat("who", "N"), Fact("card", "card", "SA")],
       _lead_out_of_turn(("lead_out_of_turn_by_declarer",), "declarer's lead out of turn")),
    _s("defender_lead_out_of_turn", 34, "leads_out_of_turn", "56 50",
       [_PLAY_AUCTION, _play(_TRICK_1_E), _seat("who", "W"), Fact("card", "card", "D4")],
       _lead_out_of_turn(("lead_out_of_turn_by_defender",), "a defender's lead out of turn")),
    # premature_play
    _s("premature_play", 35, "premature_play", "57 59",
       [_PLAY_AUCTION, _play(_TRICK_1_E + " HJ H5"), _seat(), Fact("card", "card", "S8")],
       _premature_play),
    # revoke
    _s("revoke_corrected", 36, "revoke", "61 62",
       [_PLAY_AUCTION, _play(_TRICK_1_N + " SA S8 S6"), Fact("card", "card", "D4"),
        Fact("after", "cards", "")], _revoke_corrected),
    _s("revoke_established", 37, "revoke", "61 63 64",
       [_PLAY_AUCTION, _play("CQ C4"), Fact("card", "card", "D4"),
        Fact("after", "cards", "C2 HJ"), Fact("tricks", "int", "9")], _revoke_established),
    # defective_trick
    _s("defective_trick", 38, "defective_trick", "67",
       [_PLAY_AUCTION, _play("CQ C4 C5"), Fact("after", "cards", "DK D8 D4 DA")],
       _defective_trick),
    # claims
    _s("claim_agreed", None, "claims", "68A 69A 69B",
       [_PLAY_AUCTION, _play(_TRICK_1_N), _seat("who", "N"), Fact("tricks", "int", "11")],
       _claim),
    _s("claim_disputed", None, "claims", "68D 70",
       [_PLAY_AUCTION, _play(_TRICK_1_N), _seat("who", "N"), Fact("tricks", "int", "12"),
        Fact("award", "int", "")], _claim_disputed),
    _s("concession", None, "claims", "68B 69A 71",
       [_PLAY_AUCTION, _play(_TRICK_1_E), _seat(), Fact("tricks", "int", "12"),
        _yes_no("partner_objects")], _concession),
)

_BY_KEY = {s.key: s for s in SCENARIOS}


def scenarios_in(group: str) -> list[Scenario]:
    """The scenarios of ``group``, in booklet order."""
    if group not in GROUP_KEYS:
        raise BridgeError(f"unknown group {group!r}", "group")
    return [s for s in SCENARIOS if s.group == group]


def scenario(key: str) -> Scenario:
    """The scenario named ``key``."""
    try:
        return _BY_KEY[key]
    except (KeyError, TypeError):
        raise BridgeError(f"unknown scenario {key!r}", "scenario") from None


def fact_names() -> list[str]:
    """Every fact name asked by some scenario (their labels are ``booklet.fact.<name>``)."""
    return sorted({f.name for s in SCENARIOS for f in s.facts})


def choice_values() -> list[str]:
    """Every value of a choice fact (their labels are ``booklet.choice.<value>``)."""
    return sorted({c for s in SCENARIOS for f in s.facts for c in f.choices})


# --- the table's facts, not its record: forms of taps ---------------------------------------------
#
# A Director at the table knows a few facts (who revoked, at which trick, who won it...),
# not the order of thirty cards.  A tap form asks only those; the case is made up to fit
# them (a lawful deal and play, by the rotation and the Laws) and the engine rules on it
# as on any record.  The scenario's own form (the record) stays open beside it.

#: the suits of a "suit" answer, by name, and their index in the engine (clubs 0 ... spades 3)
SUIT_CHOICES = ("spades", "hearts", "diamonds", "clubs")
_SUIT_INDEX = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}


def tap_error(fact: str, key: str, **values) -> FactError:
    """A fact that does not fit the others, said in any language (``ui.err.tap.<key>``)."""
    return FactError(key, fact, f"ui.err.tap.{key}", **values)


@dataclass(frozen=True)
class TapForm(Scenario):
    """A scenario asked by its facts alone: :meth:`build` makes up the deal and the play
    (``steps(values, board)`` returns the case) instead of replaying a record."""

    def build(self, answers: Mapping[str, str] | None = None, deal: str | None = None,
              board: int = 1) -> dict:
        if not isinstance(answers, Mapping):
            raise BridgeError("the answers are a mapping of fact names to texts", "answers")
        gone = missing_facts(self, answers)
        if gone:
            raise tap_error(gone[0], "missing")
        values = {f.name: f.parse(answers.get(f.name)) for f in self.facts}
        return self.steps(values, board)


def required(f: Fact) -> bool:
    """Whether a form must have an answer to ``f``: every single seat, call, card, number
    or choice whose example is not empty, and the auction; a list of cards or later calls
    may be empty (none), and so may a fact whose example is empty."""
    if f.kind in ("calls", "cards"):
        return f.name == "auction" and bool(f.default)
    if f.name == "comparable":      # the Director's judgement of a new call, if one is made
        return False
    return bool(f.default)


def missing_facts(sc: Scenario, answers: Mapping[str, str]) -> list[str]:
    """The names of the facts a form left empty that it must answer (see :func:`required`),
    in the form's order: a form is never ruled on its examples."""
    return [f.name for f in sc.facts
            if required(f) and not str(answers.get(f.name) or "").strip()]


def _tap_auction(b: _Case, declarer: int, contract: int) -> None:
    """An auction to ``contract`` by ``declarer``: passes from the dealer to him, his bid
    and three passes (the calls on the way do not matter to a revoke)."""
    from bridgelaws.calls import is_bid
    if not is_bid(contract):
        raise tap_error("contract", "contract")
    dealer = b.t.board.dealer
    b.calls([PASS] * ((declarer - dealer) & 3) + [contract, PASS, PASS, PASS], "contract")


def _revoke_made_up(v: dict, established: bool) -> tuple[list[list[int]], list[int], int]:
    """A lawful deal and play that fit the facts of a revoke.  ``v``: ``contract``,
    ``declarer``, ``who`` revoked at ``trick`` on ``suit`` (led); for an established
    revoke also ``winner`` (of the revoke trick), ``os_later`` (did the offending side win
    a later trick) and ``tricks`` (declarer's side, as played).

    Each trick before the revoke is in one suit, every player following, won by the side
    the total needs (the last one by the leader of the revoke trick).  On the revoke trick
    the others follow; the offender, who keeps a card of the suit led to the end, ruffs
    (when he won the trick) or discards.  An established revoke: the winner leads to the
    next trick, and the next player plays when the winner is not of the offending side,
    which establishes it (Law 63A1).  Returns the hands (N, E, S, W), the cards played in
    order, and the tricks declarer's side wins after the revoke trick (for the claim)."""
    from bridgelaws.calls import bid_strain
    declarer, x, r = v["declarer"], v["who"], v["trick"]
    led = _SUIT_INDEX[v["suit"]]
    strain = bid_strain(v["contract"])
    trump = None if strain == 4 else strain
    if not 1 <= r <= 12:
        raise tap_error("trick", "trick")
    if r == 1 and x == _lho(declarer):
        raise tap_error("who", "opening_leader")
    dside, oside = declarer & 1, x & 1
    winner = v["winner"] if established else None
    if winner == x and (trump is None or trump == led):
        raise tap_error("winner", "ruff")
    # 1997 Law 64A2's second trick: the offending player won a later trick with a card
    # of the suit led to the revoke trick (moot when he won the revoke trick: 64A1).
    # The made-up play: the revoke trick's winner leads that suit to the next trick and
    # the offender wins it with the card he kept
    with_suit = established and v.get("won_with_suit") == "yes" and winner != x
    m = 13 - r                                   # the tricks after the revoke trick
    pre_n = r - 1
    if established:
        later_os = v["os_later"] == "yes"
        if with_suit and not later_os:
            raise tap_error("won_with_suit", "won_with_suit")
        if with_suit and r == 12:
            raise tap_error("won_with_suit", "won_with_suit_last")
        rev_d = int((winner & 1) == dside)
        total = v["declarer_tricks"]
        fits = []
        for later_d in range(m + 1):
            os_later = later_d if oside == dside else m - later_d
            pre_d = total - rev_d - later_d
            if with_suit and not (later_d >= 1 if oside == dside else later_d <= m - 1):
                continue                          # the offender's trick is one of them
            if (os_later >= 1) == later_os and 0 <= pre_d <= pre_n:
                fits.append((later_d, pre_d))
        if not fits:
            lo = min((rev_d + ld for ld in range(m + 1)
                      if ((ld if oside == dside else m - ld) >= 1) == later_os), default=0)
            hi = max((rev_d + ld + pre_n for ld in range(m + 1)
                      if ((ld if oside == dside else m - ld) >= 1) == later_os), default=13)
            raise tap_error("declarer_tricks", "tricks", lo=lo, hi=hi)
        if with_suit:
            # the second trick is transferred only if the offending side won two tricks
            # from the revoke trick on (Law 64A): a play where it did, when the facts allow
            rev_os = int((winner & 1) == oside)
            fits.sort(key=lambda f: rev_os + (f[0] if oside == dside else m - f[0]) < 2)
        later_d, pre_d = fits[0]
    else:
        later_d, pre_d = 0, pre_n // 2
    # who wins each trick before the revoke: the leader of the revoke trick wins the last
    seats = {dside: [s for s in (declarer, _partner(declarer)) if s != x],
             1 - dside: [s for s in (_lho(declarer), _rho(declarer)) if s != x]}
    wins = {dside: pre_d, 1 - dside: pre_n - pre_d}
    if pre_n:
        sides = [s for s in (dside, 1 - dside) if wins[s]]
        if winner is not None and winner != x and wins[winner & 1]:
            leader, side = winner, winner & 1
        else:
            side = sides[0]
            leader = seats[side][0]
        winners = ([seats[1 - side][0]] * wins[1 - side] + [seats[side][0]] * (wins[side] - 1)
                   + [leader])
    else:
        winners, leader = [], _lho(declarer)
    if winner is None:
        winner = leader                            # the highest card of the suit led
    discard = trump if winner == x else next(s for s in (3, 2, 1, 0) if s not in (led, trump))
    follow = next(s for s in (3, 2, 1, 0) if s not in (led, discard))
    keep = [0, 0, 0, 0]
    keep[led] += 4
    keep[discard] += 1
    if with_suit:
        keep[led] += 3                             # the others follow to the next trick
    elif established and r < 12:
        keep[follow] += 2
    room = [(13 - k) // 4 for k in keep]
    free = {s: list(range(s * 13 + 12, s * 13 - 1, -1)) for s in range(4)}
    hands: list[list[int]] = [[], [], [], []]
    played: list[int] = []

    def trick(first: int, cards: dict) -> None:
        for i in range(4):
            s = (first + i) & 3
            if s in cards:
                hands[s].append(cards[s])
                played.append(cards[s])

    first = _lho(declarer)
    for w in winners:
        suit = max(range(4), key=lambda s: room[s])
        room[suit] -= 1
        cards = {w: free[suit].pop(0)}
        for s in range(4):
            if s != w:
                cards[s] = free[suit].pop(0)
        trick(first, cards)
        first = w
    # the revoke trick
    cards = {} if winner == x else {winner: free[led].pop(0)}
    for s in range(4):
        if s != x and s not in cards:
            cards[s] = free[led].pop(0)
    kept = free[led].pop(0)
    cards[x] = free[discard].pop(0)
    trick(first, cards)
    n_revoke = len(played) - 4 + [(first + i) & 3 for i in range(4)].index(x)
    if with_suit:
        cards = {x: kept}
        for s in range(4):
            if s != x:
                cards[s] = free[led].pop(0)         # lower than the offender's card
        trick(winner, cards)
        kept = None
        if oside == dside:
            later_d -= 1                           # the tricks left to the claim
    elif established:
        nxt = [winner] if winner & 1 == oside else [winner, _lho(winner)]
        cards = {}
        for s in nxt:
            if r == 12:
                cards[s] = kept if s == x else None
            else:
                cards[s] = free[follow].pop(0)
        last = [c for s in range(4) for c in free[s]]
        for s in nxt:
            if cards[s] is None:
                cards[s] = last.pop(0)
                free[cards[s] // 13].remove(cards[s])
        trick(winner, cards)
        if r == 12 and x in cards:
            kept = None
    if kept is not None:
        hands[x].append(kept)
    rest = [c for s in range(4) for c in free[s]]
    for s in range(4):
        while len(hands[s]) < 13:
            hands[s].append(rest.pop(0))
    return hands, played, n_revoke, later_d


def _pbn(hands: list[list[int]]) -> str:
    """The deal as a PBN string from North."""
    from bridgelaws.cards import RANK_LETTERS
    def holding(cards):
        return ".".join("".join(RANK_LETTERS[c % 13] for c in sorted(
            (c for c in cards if c // 13 == s), reverse=True)) for s in (3, 2, 1, 0))
    return "N:" + " ".join(holding(h) for h in hands)


def _revoke_taps(established: bool):
    def steps(v: dict, board: int) -> dict:
        hands, played, n_revoke, later_d = _revoke_made_up(v, established)
        b = _Case(_pbn(hands), board)
        _tap_auction(b, v["declarer"], v["contract"])
        b.cards(played[:n_revoke], "trick")
        t = b.t
        if t.to_act != v["who"] and not (v["who"] == t.dummy and t.to_act == t.declarer):
            raise tap_error("who", "revoke")         # the made-up play went wrong: say so
        n = len(t.revokes)
        b.play(v["who"], played[n_revoke], "who")
        if len(b.t.revokes) == n:
            raise tap_error("who", "revoke")
        if not established:
            by = t.declarer if v["who"] == t.dummy else v["who"]
            b.apply({"by": b.seat(by), "attention": "revoke"}, "who")
            return b.case
        b.cards(played[n_revoke + 1:], "trick")
        if not b.t.revokes[-1].established:
            raise tap_error("trick", "revoke")
        if b.t.phase == "play":
            b._ready("declarer_tricks")
            b.agreed_claim(b.t.declarer, later_d, "declarer_tricks")
        return b.case
    return steps


def _contract():
    return Fact("contract", "call", "4S")


def _suit_led():
    return Fact("suit", "choice", "clubs", SUIT_CHOICES)


TAP_FORMS: dict[str, TapForm] = {
    "revoke_established": TapForm(
        "revoke_established", 37, "revoke", ("61", "63", "64"),
        (_contract(), _seat("declarer", "N"), _seat("who", "E"), Fact("trick", "int", "5"),
         _suit_led(), _seat("winner", "E"), _yes_no("os_later", "yes"),
         Fact("declarer_tricks", "int", "9")), _revoke_taps(True)),
    "revoke_corrected": TapForm(
        "revoke_corrected", 36, "revoke", ("61", "62"),
        (_contract(), _seat("declarer", "N"), _seat("who", "E"), Fact("trick", "int", "5"),
         _suit_led()), _revoke_taps(False)),
}


#: the tap forms that ask more under the 1997 Laws: an established revoke's second trick
#: (1997 Law 64A2: the offending player won a later trick with a card of the suit led)
TAP_FORMS_1997: dict[str, TapForm] = {
    "revoke_established": TapForm(
        "revoke_established", 37, "revoke", ("61", "63", "64"),
        TAP_FORMS["revoke_established"].facts + (_yes_no("won_with_suit", "no"),),
        _revoke_taps(True)),
}


def tap_form(key: str, edition: str = "2017") -> TapForm | None:
    """The form of facts of scenario ``key`` under ``edition``, if it has one (else its
    record form)."""
    if edition == "1997" and key in TAP_FORMS_1997:
        return TAP_FORMS_1997[key]
    return TAP_FORMS.get(key)
