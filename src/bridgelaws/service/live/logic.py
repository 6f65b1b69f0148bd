"""Live tables: a round played by four players in their browsers, under the Laws.

Each table of a round gets four private links, one per seat (an unguessable
token).  A player acts through his link; the act becomes an event of the
table's log (the JSON of ``shared/CASES.md``), the engine
(:class:`~bridgelaws.table.Table`) applies it, the log entry is committed, and
only then is the act acknowledged and every seat sent its new view.

Everything about a live table is derived from its log (:class:`LiveState`):
the board in play, the engine's state, the Director's open call.  A service
process that restarts, or a second process sharing the database, rebuilds the
same state by replaying the log.

*Laws mode* accepts what a real table allows (a call or a card out of turn, an
insufficient bid, an exposed card, a revoke); the engine recognises the
irregularity, the Director is called (``call``), the options appear to the
player who must choose, and the chosen rectification is applied.  *Strict mode*
refuses every act the engine recognises as irregular, as online play does.

What a seat may see (:func:`seat_view`): its own hand; the auction; every card
played or exposed (they are face up); dummy once the opening lead is faced
(Law 41C); a claimer's hand once he claims (68C); and every hand when play is
over.  An unnoticed revoke is not shown to anyone: it tells of a card in a
hidden hand, and the table only learns of it when attention is drawn to it
(Law 62) or when play ends.

Every act carries the log position (``seq``) of the view it was made on; an act
made on a view the table has moved past is refused as stale (the client looks
again), never recorded against the player.  A player who wonders whether an
opponent (or his partner) who showed out still holds the suit asks him (Law 61B,
the act ``ask``): the question and its true answer, given at once by the service
for the asked player, are both entries of the log and every seat sees them.
Attention drawn to a revoke (``attention``) is taken only when the cards every
seat has seen prove the revoke, so that no act can probe a hidden hand.

Any player calls the Director (``director``), for what only people notice (a
hesitation, a misexplanation, a card seen, another matter with a note for him): the
table waits for him (Law 9B2) until he releases it.  A player corrects his own slip
as the Laws allow, the engine judging: a call pulled from the box by mistake, before
his partner calls (``call`` with ``replaces``, Law 25A), and declarer an unintended
designation of dummy's card, before he plays again (``play`` with ``replaces``,
45C4b).  The player who chooses an option reads what each one means in his language
(``option_texts``, the ruling assistant's words).

>>> from bridgelaws.boards import Board
>>> st = LiveState(1, "laws", [1], {1: "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"})
>>> st.apply({"e": {"by": "N", "call": "1N"}}, "N", 1)
>>> v = seat_view(st, 1)
>>> v["hand"][:3], v["to_act"], v["auction"]
(['ST', 'S9', 'S8'], 'E', [{'by': 'N', 'call': '1N'}])
>>> "hands" in v
False
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import queue
import secrets
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from ...boards import Board
from ...calls import call_name, parse_call
from ...cards import SEAT_NAMES, SUIT_LETTERS, SUIT_MASKS, BridgeError, Deal, card_name, parse_card
from ...events import Answer, DrawAttention
from ...explain import option_texts, refusal
from ...formats.case import event_to_json, parse_event
from ...i18n import message
from ...table import COMPLETE, PLAY, IrregularEvent, QuestionRefused, Table
from ...table.core import decision_dict
from .. import choices
from . import explanations

__all__ = ["LiveState", "ActionError", "seat_view", "own_view", "director_view", "translate", "Hub",
           "open_round", "new_token"]

log = logging.getLogger("bridgelaws.live")

#: the laws an unnoticed revoke adds to the table's record (the revoke itself, 61A, and its
#: establishment, 63A1); they stay off the players' screens until the revoke is noticed
REVOKE_LAWS = frozenset({"61A", "63A1"})
#: an act slower than this (seconds, from arrival to every view sent) is logged
SLOW_ACT = 0.1
ACTIONS = ("call", "play", "expose", "choose", "claim", "concede", "respond", "attention",
           "ask", "next", "director", "explain")
#: why a player calls the Director (Law 9B1a) about what only people notice: each is a
#: kind of the table's call (``irregularity.<kind>`` in the catalogues)
DIRECTOR_REASONS = ("hesitation", "misexplanation", "card_seen", "other_matter")
#: the longest note a player adds to his call of the Director (characters)
REASON_CHARS = 200
#: the longest statement in words a claimer gives with his claim (Law 68C; characters)
CLAIM_WORDS_CHARS = 500
#: the slips a player corrects himself when the Laws allow it: an unintended call (25A),
#: declarer's unintended designation of dummy's card (45C4b)
SLIPS = ("unintended",)
#: the modes of a live table, and the stored mode of one whose event's regulation does not
#: let the defenders ask each other about a revoke (Law 61B3): the mode and this suffix
#: (the stored mode is at most 8 characters)
MODES = ("laws", "strict")
NO_DEFENDER_QUESTIONS = "-r"


def split_mode(stored: str) -> tuple[str, dict]:
    """A stored mode -> (the mode, the event's regulation for the engine).

    >>> split_mode("laws"), split_mode("strict-r")
    (('laws', {}), ('strict', {'defenders_ask_each_other': False}))
    """
    if stored.endswith(NO_DEFENDER_QUESTIONS):
        return stored[:-len(NO_DEFENDER_QUESTIONS)], {"defenders_ask_each_other": False}
    return stored, {}


def join_mode(mode: str, defenders_ask: bool = True) -> str:
    """The stored mode of a live table (the inverse of :func:`split_mode`)."""
    if mode not in MODES:
        raise BridgeError(f"mode is 'laws' or 'strict', not {mode!r}")
    return mode if defenders_ask else mode + NO_DEFENDER_QUESTIONS


def new_token() -> str:
    """An unguessable seat token (256 random bits)."""
    return secrets.token_urlsafe(32)


class ActionError(BridgeError):
    """An act refused, with a message key (``ui.live.err.*``) for the player's language."""

    def __init__(self, key: str, reason: str | None = None, *, cause: BridgeError | None = None,
                 **values):
        self.key, self.values, self.cause = key, values, cause
        super().__init__(reason or key)

    def text(self, lang: str = "en") -> str:
        if self.key == "engine":
            # the engine's refusal (a rule's Refuse) in the player's language
            why = refusal(self.cause, lang) if self.cause is not None else self.reason
            return message("ui.live.err.engine", lang, reason=why)
        if "unlawful" in self.values:           # a value the decision does not name
            return choices.text(self.values["unlawful"], lang)
        return message(f"ui.live.err.{self.key}", lang, **self.values)


_NAMES = tuple(card_name(c) for c in range(52))


def _cards(mask: int) -> list[str]:
    """Card names of a mask, spades first and high cards first (the card codes from the
    highest down: suits are numbered clubs to spades, ranks two to ace).  Only the set
    bits are visited, highest first (every seat's view names up to 52 cards per act)."""
    out = []
    while mask:
        c = mask.bit_length() - 1
        out.append(_NAMES[c])
        mask ^= 1 << c
    return out


def _masks(names) -> int:
    m = 0
    for n in names:
        m |= 1 << parse_card(n)
    return m


def options_at(t: Table, index: int) -> list[str]:
    """The options offered when the event at ``index`` (a choice) was made: the table
    before it, replayed with the same edition, strictness and regulation
    (:meth:`~bridgelaws.table.Table.prefix`)."""
    d = t.prefix(index).decision
    return list(d.options) if d is not None else []


class LiveState:
    """A live table rebuilt from its log: the boards of the round, the engine's table of
    the board in play, the Director's open call and what the players have noticed."""

    event_name = ""                 # the event's name, for the Director's calls (Hub.load)

    def __init__(self, table_id: int, mode: str, boards: list[int], deals: dict[int, str],
                 *, event_id: int | None = None, section: str = "A", round_no: int = 1,
                 table_no: int = 1, room: str = ""):
        if not boards:
            raise BridgeError("the table has no boards to play", f"table {table_no}")
        # the stored mode, which may carry the event's regulation (Law 61B3)
        mode, self.regulation = split_mode(mode)
        self.id, self.mode, self.boards, self.deals = table_id, mode, list(boards), deals
        self.event_id, self.section, self.round, self.table_no = event_id, section, round_no, table_no
        self.room = room
        self.seq = 0
        self.aids: dict[str, int] = {}           # an act's id -> the seq of its last entry
        self._last_aid: str | None = None
        self.done: dict[int, dict] = {}          # board -> its result, once over
        self._start(0)

    def _start(self, index: int) -> None:
        self.index = index
        number = self.boards[index]
        deal = Deal.from_pbn(self.deals[number])
        # strict mode: the engine refuses an act it recognises as irregular, as online
        # play refuses it; the log keeps only what the table accepted
        self.table = Table(Board(number, deal), strict=self.mode == "strict",
                           regulation=self.regulation)
        # the Director's open calls, one per irregularity (or attention drawn): each is
        # ruled and filed in the rulings log on its own (:meth:`ruling_entries`)
        self.calls: list[dict] = []
        self.laws_before: dict[int, int] = {}    # event index -> len(table.laws) before it
        self.hidden_laws: set[int] = set()       # indices of table.laws not yet public
        self.last_actor: str | None = None
        # alerts, questions, answers and corrections (explanations.py), with who saw them
        self.statements: list[dict] = []
        # a claimer's statement in words (Law 68C), by the claim's event index: kept in
        # the claim's log entry beside the engine's event, so replaying the log keeps it
        self.claim_words: dict[int, str] = {}

    @property
    def board(self) -> int:
        return self.boards[self.index]

    @property
    def faced(self) -> int:
        """A claimer's cards faced (Law 68C; the engine keeps them), as a mask."""
        return self.table.faced

    @property
    def call(self) -> dict | None:
        """The Director's open calls as one (what the banners and the console show):
        their kinds and laws, whether the table waits for him, where the first was made;
        ``None`` once he has ruled (:meth:`_control` ``release``)."""
        if not self.calls:
            return None
        first = self.calls[0]
        # a players' call lists each player's reason (9B1a); the engine's, its kind
        kinds = [k for c in self.calls
                 for k in ([r["reason"] for r in c["reasons"]] if c.get("reasons") else [c["kind"]])]
        out = {"kinds": kinds,
               "laws": list(dict.fromkeys(law for c in self.calls for law in c["laws"])),
               "hold": any(c["hold"] for c in self.calls), "board": first["board"],
               "seq": first["seq"], "event": first["event"]}
        reasons = [r for c in self.calls for r in c.get("reasons", ())]
        if reasons:
            out["reasons"] = reasons          # the players' own calls (9B1a), with why
        return out

    @property
    def hold(self) -> bool:
        """The table waits for the Director: nobody acts until he has ruled (Law 9B2)."""
        return any(c["hold"] for c in self.calls)

    def unnoticed(self) -> list:
        """Revokes nobody has drawn attention to (nor asked about), while play goes on."""
        t = self.table
        if t.phase == COMPLETE:
            return []
        return [r for r in t.revokes if not r.noticed and not r.corrected]

    # --- the log --------------------------------------------------------------------

    def apply(self, data: dict, actor: str, seq: int, aid: str | None = None) -> None:
        """Apply one entry of the log.  Raises :class:`BridgeError` (the state unchanged)
        for an entry that cannot happen now."""
        if "ctl" in data:
            self._control(data)
        elif "e" in data:
            # a 21B1a change or a 47E2 withdrawal uses the correction that allowed it
            mark = explanations.marker(self, data["e"])
            self._event(data["e"], actor)
            if mark is not None:
                mark()
            if data.get("alert") is not None:
                explanations.alert_with_call(self, data)
            if data.get("words"):
                self.claim_words[len(self.table.events) - 1] = str(data["words"])
        else:
            raise BridgeError("a log entry has 'e' (an event) or 'ctl'", f"entry {seq}")
        self.seq = seq
        self.last_actor = actor
        explanations.update_seen(self)
        if aid is not None:
            self.aids[aid] = seq
            self._last_aid = aid
        elif data.get("auto") and self._last_aid is not None:
            # the service's own entry that completes an act (the answer to a question of
            # Law 61B): the act's id answers with the seq of its last entry
            self.aids[self._last_aid] = seq
        else:
            self._last_aid = None

    def _control(self, data: dict) -> None:
        what = data["ctl"]
        t = self.table
        if what == "next":
            if t.phase != COMPLETE:
                raise ActionError("not_over")
            if self.hold:
                raise ActionError("hold")
            if self.index + 1 >= len(self.boards):
                raise ActionError("last_board")
            self._start(self.index + 1)
        elif what == "director":
            self._player_call(data)
        elif what == "explain":
            explanations.apply(self, data)
        elif what == "release":
            if not self.calls:
                raise ActionError("no_call")
            if t.director_required:
                raise ActionError("director_input")
            self.calls = []
        else:
            raise BridgeError(f"unknown control {what!r}")

    def _event(self, obj: dict, actor: str) -> None:
        t = self.table
        event = parse_event(obj, len(t.events))
        n_irr, n_laws = len(t.irregularities), len(t.laws)
        try:
            t.apply(event)
        except IrregularEvent as e:
            irr = e.irregularity
            raise ActionError("strict", kind=irr.kind.replace("_", " "),
                              laws=", ".join(irr.laws)) from None
        index = len(t.events) - 1
        self.laws_before[index] = n_laws
        new = t.irregularities[n_irr:]
        # an unnoticed revoke calls nobody: the table does not know of it yet.  Each call
        # has its anchors: the events whose laws and choices are its ruling's (a disputed
        # claim's include the claim's; attention drawn to a revoke, the revoke's)
        called = []
        for i in new:
            if i.kind == "revoke":
                continue
            anchors = [i.event]
            if i.kind in ("disputed_claim", "disputed_concession") and t.claim is not None:
                anchors.insert(0, t.claim["event"])
            called.append((i.kind, i.laws, anchors, t.irregularities.index(i)))
        if self.unnoticed():
            for i in range(n_laws, len(t.laws)):
                if t.laws[i] in REVOKE_LAWS:
                    self.hidden_laws.add(i)
        else:
            self.hidden_laws.clear()            # noticed, or play is over
        if type(event) is DrawAttention:
            anchors, irr = self._revoke_anchors(index) if event.what == "revoke" else ([], None)
            called.append((f"attention_{event.what}", tuple(t.laws[n_laws:]),
                           [*anchors, index], irr))
        if type(event) is Answer and event.answer == "yes":
            # Law 9B1a: the answer draws attention to a revoke; the Director is called
            anchors, irr = self._revoke_anchors(index)
            q = t.questions[-1]
            called.append(("attention_revoke", (q["law"], *t.laws[n_laws:]),
                           sorted({*anchors, q["event"], index}), irr))
        if called and not actor.startswith("TD:"):
            self._call_director(called)
        if t.phase == COMPLETE:
            self.done[self.board] = self.result()
            if t.adjustment is not None and not self.calls:
                self.calls = [{"kind": "adjustment", "laws": [t.adjustment["law"]],
                               "hold": False, "board": self.board, "seq": self.seq + 1,
                               "event": index, "anchors": [index], "irr": None}]

    def _revoke_anchors(self, index: int) -> tuple[list[int], int | None]:
        """The events of the revokes attention is drawn to at event ``index`` (those no
        earlier call took), and the index of the latest one's irregularity."""
        t = self.table
        taken = {a for c in self.calls for a in c["anchors"]}
        revokes = [k for k, i in enumerate(t.irregularities)
                   if i.kind == "revoke" and i.event < index and i.event not in taken]
        return [t.irregularities[k].event for k in revokes], (revokes[-1] if revokes else None)

    def _call_director(self, called) -> None:
        """Law 9B1a: attention is drawn to an irregularity; the Director is called.  The
        table waits for him unless a player now has an option to choose (the options are
        on that player's screen).  Each irregularity is a call of its own."""
        t = self.table
        hold = t.decision is None
        for kind, laws, anchors, irr in called:
            self.calls.append({"kind": kind, "laws": list(laws), "hold": hold,
                               "board": self.board, "seq": self.seq + 1,
                               "event": len(t.events) - 1, "anchors": list(anchors),
                               "irr": irr})

    # --- the rulings log -------------------------------------------------------------------

    def ruling_entries(self, lang: str = "en") -> list[dict]:
        """One entry of the rulings log per open call, each its own (Laws 92-93: what an
        appeals committee reads): its kind; its facts as JSON (the offender and what he
        did, seats and cards named); the read-out of that irregularity as it stood once
        ruled; its laws only (the irregularity's and its ruling's, from the events that
        are its own, not the board's); the options offered, the choices made and the
        outcome."""
        from ...events import Choose, Director
        from ...explain import explain
        t = self.table
        n = len(t.events)
        # the events where one matter begins: every irregularity's and every call's
        starts = sorted({i.event for i in t.irregularities} |
                        {a for c in self.calls for a in c["anchors"]})
        out = []
        for c in self.calls:
            own: list[int] = []
            for a in c["anchors"]:
                end = next((b for b in starts if b > a), n)
                own.extend(range(a, end))
            own = sorted(set(own))
            laws = []                           # in the record's order
            for e in own:
                after = self.laws_before.get(e + 1, len(t.laws)) if e + 1 < n else len(t.laws)
                laws.extend(t.laws[self.laws_before.get(e, after):after])
            laws.extend(c["laws"])
            chosen = [e for e in own if type(t.events[e]) is Choose]
            last = max(own) if own else n - 1
            out.append({
                "kind": c["kind"], "facts": self._facts(c, own), "laws": list(dict.fromkeys(laws)),
                "options": [options_at(t, e) for e in chosen],
                "chooser": ",".join(SEAT_NAMES[t.events[e].by] for e in chosen),
                "choice": ", ".join(t.events[e].option for e in chosen),
                "explanation": "\n".join(explain(t.prefix(last + 1), lang)),
                "ruled": any(type(t.events[e]) is Director for e in own),
                "reasons": list(c.get("reasons", ()))})
        return out

    def _facts(self, call: dict, own: list[int]) -> dict:
        """A call's facts as plain JSON: the table, the offender, the call or card and
        the trick, the claim and the Director's award, the board's result once over."""
        from ...events import Director
        t = self.table
        facts: dict = {"live_table": self.id}
        if call["irr"] is not None:
            irr = t.irregularities[call["irr"]]
            facts["who"] = SEAT_NAMES[irr.by]
            for k, v in irr.facts.items():
                if k.startswith("_") or v is None:
                    continue
                if k in ("turn", "seat", "rho", "lho", "partner") and isinstance(v, int) \
                        and not isinstance(v, bool) and 0 <= v < 4:
                    v = SEAT_NAMES[v]
                elif k in ("card", "other_card") and isinstance(v, int) and 0 <= v < 52:
                    v = card_name(v)
                if isinstance(v, (str, int, float, bool)) or (
                        isinstance(v, list) and all(isinstance(x, (str, int)) for x in v)):
                    facts[k] = v
                else:
                    facts[k] = str(v)
        for e in own:
            ev = t.events[e]
            if type(ev) is Director and ev.what == "claim":
                facts["award"] = ev.tricks
            if e in self.claim_words:
                facts["claim_words"] = self.claim_words[e]     # the claimer's words (68C)
        if t.phase == COMPLETE and call["kind"] != "adjustment":
            res = self.result()
            if res is not None and "contract" in res:
                # the outcome: the contract, its declarer, his tricks and the score
                facts.update(contract=res["contract"], declarer=res["declarer"] or "",
                             result=res["tricks"], score=res["score_ns"])
        return facts

    def _player_call(self, data: dict) -> None:
        """A player calls the Director (Law 9B1a) for what the engine does not see (a
        hesitation, a misexplanation, a card seen...): the table waits for him, nobody
        acts until he has ruled (Law 9B2).  A second player's call joins the open one."""
        reason = {"by": data["by"], "reason": data["reason"], "text": data.get("text", "")}
        for c in self.calls:
            if c.get("reasons"):
                c["reasons"].append(reason)
                c["hold"] = True
                return
        t = self.table
        self.calls.append({"kind": data["reason"], "laws": ["9B2"], "hold": True,
                           "board": self.board, "seq": self.seq + 1,
                           "event": max(len(t.events) - 1, 0), "anchors": [], "irr": None,
                           "reasons": [reason]})

    # --- what follows from it ------------------------------------------------------------

    def result(self) -> dict | None:
        """The board's result once play is over (or ``None``)."""
        t = self.table
        if t.phase != COMPLETE:
            return None
        if t.adjustment is not None:
            return {"board": self.board, "adjustment": t.adjustment}
        lead = None
        if t.tricks:
            lead = card_name(t.tricks[0][1][0])
        return {"board": self.board,
                "contract": str(t.contract) if t.contract is not None else "PASS",
                "declarer": t.declarer_name, "tricks": t.declarer_tricks,
                "score_ns": t.score_ns, "lead": lead}

    def case(self) -> dict:
        """The board's record as a ruling case (``shared/CASES.md``, with the event's
        regulation where it has one)."""
        case = {"board": self.board, "deal": self.deals[self.board],
                "events": [event_to_json(e) for e in self.table.events]}
        if self.regulation:
            case["regulation"] = dict(self.regulation)
        return case

    def visible(self, seat: int) -> int:
        """The cards ``seat`` may see now, as a mask."""
        t = self.table
        if t.phase == COMPLETE:
            return (1 << 52) - 1
        return t.deal.hands[seat] | self.public()

    def public(self) -> int:
        """The cards every seat has seen (played, exposed, penalty cards, dummy once
        faced, a claimer's faced cards), as a mask; every card once play is over."""
        t = self.table
        if t.phase == COMPLETE:
            return (1 << 52) - 1
        mask = self.faced
        if t.dummy is not None and t.dummy_faced:
            mask |= t.deal.hands[t.dummy]
        for _leader, cards, _w in t.tricks:
            for c in cards:
                if c >= 0:
                    mask |= 1 << c
        for c in t.trick:
            if c >= 0:
                mask |= 1 << c
        for cards in t.exposed.values():
            for c, _led in cards:
                mask |= 1 << c
        for cards in t.penalty_cards.values():
            mask |= _masks(x["card"] for x in cards)
        return mask

    def proven_revokes(self) -> list[tuple[int, int]]:
        """(offender, trick) of each revoke not yet pointed out that the cards every seat
        has seen prove: the player showed out of the suit led, and a card of that suit
        which every seat has seen come from his hand (played to a later trick, exposed,
        in dummy or in a claimer's faced hand) was in it then.  Only public facts are
        read, so that pointing out a revoke (Law 62) tells no one of a hidden card."""
        t = self.table
        public = self.public()
        gone = [0, 0, 0, 0]                     # each hand's cards played so far
        proven = []
        for n, pos, seat, card in t.played():
            if card < 0:
                continue
            gone[seat] |= 1 << card
            if pos == 0 or not t.showed_out(seat, n):
                continue
            suit = SUIT_MASKS[t.trick_cards(n)[0] // 13]
            if public & t.deal.hands[seat] & suit & ~gone[seat]:
                proven.append((seat, n))
        if not proven:
            return []
        # of those, the revokes still open and not yet pointed out (a public fact too)
        open_ = {(r.seat, r.trick) for r in t.revokes if not r.corrected and not r.noticed}
        return [x for x in proven if x in open_]


# --- what each seat is sent --------------------------------------------------------------

def _public(st: LiveState) -> dict:
    """What every seat may know: no card of a hidden hand in it."""
    t = st.table
    complete = t.phase == COMPLETE
    d = t.decision
    unnoticed = st.unnoticed()
    hidden_irr = set()
    if unnoticed:
        keys = {(r.seat, r.trick, card_name(r.card)) for r in unnoticed}
        hidden_irr = {id(i) for i in t.irregularities if i.kind == "revoke"
                      and (i.by, i.facts.get("trick"), i.facts.get("card")) in keys}
    laws = [law for i, law in enumerate(t.laws) if i not in st.hidden_laws]
    tricks = [{"leader": SEAT_NAMES[leader], "cards": [card_name(c) if c >= 0 else "--"
                                                        for c in cards],
               "winner": SEAT_NAMES[w]} for leader, cards, w in t.tricks]
    claim = None
    if t.claim is not None:
        c = t.claim
        claim = {"kind": c["kind"], "by": SEAT_NAMES[c["by"]], "tricks": c["tricks"],
                 "line": list(c["line"]) if c.get("line") else None,
                 # his statement in words, heard by the whole table (Law 68C)
                 "words": st.claim_words.get(c["event"]),
                 "answer_from": [SEAT_NAMES[s] for s in c["answer_from"]],
                 "answers": {SEAT_NAMES[s]: a for s, a in c["answers"].items()}}
    return {
        "table": st.table_no, "round": st.round, "section": st.section, "room": st.room,
        "mode": st.mode, "seq": st.seq, "boards": st.boards, "board_index": st.index,
        "board": st.board, "dealer": SEAT_NAMES[t.board.dealer], "vulnerable": t.board.vulnerable,
        "phase": "decision" if d is not None else t.phase,
        "to_act": t.to_act_name,
        "auction": [{"by": SEAT_NAMES[s], "call": call_name(c)} for s, c in t.auction.calls],
        "contract": (str(t.contract) if t.contract is not None else
                     "P" if t.auction.is_passed_out else None),
        "declarer": t.declarer_name,
        "dummy": None if t.dummy is None else SEAT_NAMES[t.dummy],
        "leader": None if t.trick_leader is None else SEAT_NAMES[t.trick_leader],
        "trick": [card_name(c) if c >= 0 else "--" for c in t.trick],
        "tricks": tricks,
        "won": {"NS": t.won[0], "EW": t.won[1]},
        # with the suits the options may name; the cards only when every seat sees
        # them (a defender's own cards, Law 67, go to him alone: own_view)
        "decision": None if d is None else _public_decision(st, d),
        "barred": {SEAT_NAMES[s]: v for s, v in sorted(t.barred.items())},
        "lead_restrictions": list(t.lead_restrictions),
        "penalty_cards": {SEAT_NAMES[s]: v for s, v in sorted(t.penalty_cards.items())},
        "exposed": {SEAT_NAMES[s]: [card_name(c) for c, _led in v]
                    for s, v in sorted(t.exposed.items()) if v},
        # the call or card of an irregularity was made at the table, face up: public
        "irregularities": [{"kind": i.kind, "by": SEAT_NAMES[i.by], "laws": list(i.laws),
                            **{k: i.facts[k] for k in ("call", "card") if k in i.facts}}
                           for i in t.irregularities if id(i) not in hidden_irr],
        "revokes": [r.as_dict() for r in t.revokes if r not in unnoticed],
        "laws": laws,
        "claim": claim,
        # questions of Law 61B and their answers: asked and answered aloud, at the table
        "questions": [{k: q[k] for k in ("by", "asks", "trick", "suit", "law", "answer")}
                      for q in t.questions],
        "regulation": {"defenders_ask_each_other": t.regulation.get(
            "defenders_ask_each_other", t.edition.defenders_ask_each_other)},
        "call": _public_call(st.call),
        "hold": st.hold,
        # the laws of procedure in force now (the engine's, knowing whether the Director
        # was called here and has not yet let play go on): 9B2, 68C, 45B
        "service_laws": t.procedure_laws(director_called=st.hold),
        # earlier boards' results without their opening lead: the same card names recur on
        # every board, so a seat's view names no card but this board's
        "result": _no_lead(st.result()),
        "results": [_no_lead(st.done[b]) for b in st.boards if b in st.done],
        "complete": complete,
    }


def _public_call(call: dict | None) -> dict | None:
    """The Director's open call as the seats know it: who called him and why, without
    what a player wrote for the Director alone."""
    if call is None or "reasons" not in call:
        return call
    return {**call, "reasons": [{"by": r["by"], "reason": r["reason"]} for r in call["reasons"]]}


def _public_decision(st: LiveState, d) -> dict:
    """The pending decision as every seat may know it: the lawful suits always (they
    follow from public facts), the lawful cards when all of them are seen by all."""
    out = decision_dict(d)
    if "cards" in out and any(not st.public() >> c & 1 for c in d.cards):
        del out["cards"]
    return out


def _no_lead(result: dict | None) -> dict | None:
    return None if result is None else {k: v for k, v in result.items() if k != "lead"}


def seat_view(st: LiveState, seat: int, public: dict | None = None, lang: str = "en") -> dict:
    """What ``seat`` sees: the public view plus its own part (:func:`own_view`)."""
    return {**(public if public is not None else _public(st)), **own_view(st, seat, lang)}


def own_view(st: LiveState, seat: int, lang: str = "en") -> dict:
    """The part of a seat's view that is its own: its hand and, when it is its turn, what
    it may do.  Dummy's cards appear once the opening lead is faced; all hands once play
    is over.  The player who chooses an option reads what each one means, in his
    language ``lang`` (the ruling assistant's words).  (No key is also a key of the
    public view.)"""
    t = st.table
    v = {"seat": SEAT_NAMES[seat], "hand": _cards(t.hands[seat])}
    complete = t.phase == COMPLETE
    if complete:
        v["hands"] = {SEAT_NAMES[s]: _cards(t.deal.hands[s]) for s in range(4)}
    others = {}
    if t.dummy is not None and t.dummy_faced and not complete and t.dummy != seat:
        others[SEAT_NAMES[t.dummy]] = _cards(t.hands[t.dummy])
    if st.faced and not complete:
        for s in range(4):
            if s != seat and t.hands[s] & st.faced and s != t.dummy:
                others[SEAT_NAMES[s]] = _cards(t.hands[s] & st.faced)
    v["shown"] = others
    to_act = t.to_act
    acts_for = seat
    if t.dummy is not None and to_act == t.dummy and seat == t.declarer:
        acts_for = t.dummy                      # declarer plays dummy's cards (Law 45B)
    # dummy's own seat never acts in the play: declarer plays dummy's cards (Law 45B)
    mine = (to_act is not None and to_act == acts_for and not st.hold
            and not (seat == t.dummy and t.phase == PLAY and t.dummy_faced))
    d = t.decision
    v["my_turn"] = mine
    v["my_decision"] = bool(d is not None and mine)
    # the cards the chooser may name, when some are not public (his own, Law 67)
    v["decision_cards"] = ([card_name(c) for c in d.cards]
                           if d is not None and mine and d.cards else [])
    # the chooser reads them even while the table waits for the Director
    chooser = d is not None and (d.by == seat or (d.by == t.dummy and seat == t.declarer))
    v["option_texts"] = option_texts(t, lang) if chooser else None
    v["legal_calls"] = t.legal_call_names() if mine and d is None else []
    v["legal_cards"] = t.legal_card_names() if mine and d is None else []
    v["may_answer"] = bool(t.claim is not None and to_act == seat)
    v["may_claim"] = (t.phase == PLAY and t.claim is None and seat != t.dummy and not st.hold
                      and d is None)
    v["may_ask"] = [] if st.hold else may_ask(t, seat, _showed_out(st))
    v.update(explanations.seat_part(st, seat))
    return v


def _showing(t: Table) -> list[int | None]:
    """For each seat, the trick in progress if he showed out in it, else the last
    quitted trick if he showed out there, else ``None`` (the same for every asker)."""
    n = len(t.tricks) + 1
    tricks = [n, n - 1] if t.trick else [n - 1]
    return [next((k for k in tricks if k >= 1 and t.showed_out(other, k)), None)
            for other in range(4)]


def _showed_out(st: LiveState) -> list[int | None]:
    """:func:`_showing` of the table in play, computed once per entry for the four
    seats' views (it was a tenth of each view's cost)."""
    t = st.table
    key = (st.seq, id(t), len(t.events), len(t.trick), len(t.tricks))
    cached = st.__dict__.get("_showing")
    if cached is None or cached[0] != key:
        cached = st.__dict__["_showing"] = (key, _showing(t))
    return cached[1]


def may_ask(t: Table, seat: int, showing: list[int | None] | None = None) -> list[dict]:
    """Whom ``seat`` may ask now whether he has a card of the suit led (Law 61B): each
    player who showed out in the trick in progress or, failing that, in the last quitted
    trick, and has not been asked about it yet.  Only public facts are read.
    (``showing``: :func:`_showing` of ``t``, when at hand.)"""
    if t.phase != PLAY or t.pending is not None or t.claim is not None or \
            t.question is not None:
        return []
    if showing is None:
        showing = _showing(t)
    asked = {(q["asks"], q["trick"]) for q in t.questions}
    out = []
    for other in range(4):
        trick = showing[other]
        if other == seat or trick is None or (SEAT_NAMES[other], trick) in asked:
            continue
        try:
            law, trick = t.ask_check(seat, other, trick)
        except QuestionRefused:
            continue
        led = t.trick_cards(trick)[0] // 13
        out.append({"seat": SEAT_NAMES[other], "trick": trick, "suit": SUIT_LETTERS[led],
                    "law": law})
    return out


def director_view(st: LiveState, state: dict | None = None) -> dict:
    """The Director sees everything: the public view, every hand and the record
    (``state``: the engine's :meth:`~bridgelaws.table.Table.state`, when at hand)."""
    t = st.table
    v = dict(_public(st))
    v["laws"] = list(t.laws)
    v["irregularities"] = (state or t.state())["irregularities"]
    v["revokes"] = [r.as_dict() for r in t.revokes]
    v["flags"] = list(t.flags)
    v["hands"] = {SEAT_NAMES[s]: _cards(t.hands[s]) for s in range(4)}
    v["deal"] = st.deals[st.board]
    v["director_required"] = t.director_required
    v["call"] = st.call                         # with what the players wrote for him
    v["explanations"] = explanations.director_part(st)
    return v


# --- a player's act -----------------------------------------------------------------------

def _int(value, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            return int(str(value).strip())
        except ValueError:
            raise ActionError(key) from None
    return value


def translate(st: LiveState, seat: int, act: dict) -> dict:
    """A player's act (``{"action": "play", "card": "SA"}``...) -> the log entry it makes,
    after the checks only the service can make: the seat's permission and that the seat
    holds the card (the engine's own message would tell where the card is)."""
    t = st.table
    name = SEAT_NAMES[seat]
    what = act.get("action")
    if what not in ACTIONS:
        raise ActionError("unknown_action", action=str(what)[:20])
    if what == "director":
        return _director_call(name, act)
    if what == "explain":
        # alerts, questions, answers, corrections: taken while the table waits too
        return explanations.entry(st, seat, act)
    if st.hold and what not in ("next",):
        raise ActionError("hold")
    if what == "next":
        return {"ctl": "next"}
    if what == "call":
        try:
            call = call_name(parse_call(str(act.get("call", ""))))
        except BridgeError:
            raise ActionError("bad_call", call=str(act.get("call", ""))[:8]) from None
        entry = {"by": name, "call": call}
        if act.get("replaces") in ("misinformation", "after_change"):
            # Law 21B1a after a corrected explanation, and the LHO's change after it
            # (21B2): offered by the service (explanations.py), judged by the engine
            if act["replaces"] == "misinformation":
                explanations.check_change(st, seat)
            elif t.lho_may_change != seat:
                raise ActionError("expl_no_change")
            entry["replaces"] = act["replaces"]
        elif act.get("replaces") is not None:
            # Law 25A: the player pulled the wrong call from the box and changes it before
            # his partner calls; the engine says whether the Laws still allow it
            entry["replaces"] = _slip(act)
        if act.get("alert"):
            # the player alerts his own call as he makes it (self-alert, explanations.py)
            return {"e": entry, "alert": {"text": explanations._text(act, required=False)}}
        return {"e": entry}
    if what in ("play", "expose"):
        try:
            card = parse_card(str(act.get("card", "")))
        except BridgeError:
            raise ActionError("bad_card", card=str(act.get("card", ""))[:8]) from None
        by = seat
        if what == "play" and act.get("replaces") is not None:
            # Law 45C4b: declarer changes an unintended designation of dummy's card (the
            # card named instead, from dummy); the engine says whether it is still time
            slip = _slip(act)
            if t.dummy is None or seat != t.declarer or not t.dummy_faced:
                raise ActionError("not_declarer")
            if not t.hands[t.dummy] >> card & 1:
                raise ActionError("not_held", card=card_name(card))
            return {"e": {"by": SEAT_NAMES[t.dummy], "play": card_name(card), "replaces": slip}}
        if not t.hands[seat] >> card & 1:
            if (what == "play" and t.dummy is not None and seat == t.declarer
                    and t.hands[t.dummy] >> card & 1 and t.dummy_faced):
                by = t.dummy                    # Law 45B: declarer plays dummy's card
            else:
                raise ActionError("not_held", card=card_name(card))
        elif what == "play" and seat == t.dummy and t.phase == PLAY and t.dummy_faced:
            raise ActionError("dummy_plays")   # Law 45B: declarer names dummy's cards
        key = "play" if what == "play" else "expose"
        entry = {"by": SEAT_NAMES[by], key: card_name(card)}
        if what == "expose" and act.get("deliberate"):
            entry["deliberate"] = True
        return {"e": entry}
    if what == "choose":
        d = t.decision
        if d is None:
            raise ActionError("no_decision")
        if d.by != seat and not (d.by == t.dummy and seat == t.declarer):
            raise ActionError("not_chooser", seat=SEAT_NAMES[d.by])
        option = str(act.get("option", ""))
        if option not in d.options:
            raise ActionError("no_option", option=option[:40])
        entry = {"by": SEAT_NAMES[d.by], "choose": option}
        for k in ("suit", "card"):
            if act.get(k):
                entry[k] = str(act[k]).upper()
        if act.get("suits"):
            entry["suits"] = [str(x).upper() for x in act["suits"]]
        if "card" in entry:
            try:
                c = parse_card(entry["card"])
            except BridgeError:
                raise ActionError("bad_card", card=entry["card"][:8]) from None
            if not st.visible(seat) >> c & 1:
                raise ActionError("not_visible", card=entry["card"])
        # only the values the Laws allow here (26B, 46B, 50D2, 51, 57A, 58B2, 67)
        suits = entry.get("suits") or ([entry["suit"]] if "suit" in entry else [])
        why = choices.unlawful(decision_dict(d), option, suits, entry.get("card"))
        if why is not None:
            raise ActionError(why[0], unlawful=why)
        return {"e": entry}
    if what in ("claim", "concede"):
        n = _int(act.get("tricks"), "bad_tricks")
        entry = {"by": name, what: n}
        if what == "claim" and act.get("line"):
            line = act["line"]
            if isinstance(line, str):
                line = line.replace(",", " ").split()
            if not isinstance(line, list) or not all(isinstance(x, str) for x in line):
                raise ActionError("bad_line")
            line = [x.strip()[:12] for x in line[:40] if x.strip()]
            _check_statement(line)
            entry["line"] = line
        if what == "claim" and act.get("words"):
            return {"e": entry, "words": _claim_words(act["words"])}
        return {"e": entry}
    if what == "respond":
        answer = act.get("answer")
        if answer not in ("accept", "dispute"):
            raise ActionError("bad_answer")
        return {"e": {"by": name, "respond": answer}}
    if what == "ask":
        return {"e": _question(st, seat, act)}
    what_attention = act.get("what", "revoke")
    if what_attention == "misinformed_play":
        # Law 47E2: a card played before an opponent's explanation was corrected
        explanations.check_withdraw(st, seat)
        return {"e": {"by": name, "attention": "misinformed_play"}}
    if what_attention not in ("revoke", "defective_trick"):
        raise ActionError("unknown_action", action=str(what_attention)[:20])
    if what_attention == "revoke":
        # taken only when the cards every seat has seen prove a revoke; otherwise refused
        # with the same words whether or not a hidden revoke exists (ask under Law 61B)
        proven = st.proven_revokes()
        if not proven:
            raise ActionError("unproven_revoke")
        offender, trick = proven[-1]
        return {"e": {"by": name, "attention": "revoke", "offender": SEAT_NAMES[offender],
                      "trick": trick}}
    # Law 67: a trick with a card missing shows it to all (a live table has no other kind)
    if not any(c < 0 for _n, _i, _s, c in t.played()):
        raise ActionError("no_defective_trick")
    return {"e": {"by": name, "attention": what_attention}}


def _claim_words(words) -> str:
    """A claimer's statement in words (Law 68C: "draw trumps, then the clubs are good"),
    checked: text of at most :data:`CLAIM_WORDS_CHARS` characters, its spaces tidied."""
    if not isinstance(words, str):
        raise ActionError("bad_words")
    words = " ".join(words.split())
    if len(words) > CLAIM_WORDS_CHARS:
        raise ActionError("claim_words_long", max=CLAIM_WORDS_CHARS, n=len(words))
    return words


def _slip(act: dict) -> str:
    """The reason a player gives for changing his own call or dummy's card: a slip
    (:data:`SLIPS`); a change the Director must judge (misinformation) is his."""
    slip = act.get("replaces")
    if slip not in SLIPS:
        raise ActionError("bad_replaces", reason=str(slip)[:20])
    return slip


def _director_call(name: str, act: dict) -> dict:
    """A player's call of the Director (``{"action": "director", "reason": "hesitation",
    "text": "..."}``): the log entry, checked (one of :data:`DIRECTOR_REASONS`, a note of
    at most :data:`REASON_CHARS` characters, which "another matter" needs)."""
    reason = act.get("reason")
    if reason not in DIRECTOR_REASONS:
        raise ActionError("bad_reason", reason=str(reason)[:20])
    text = act.get("text") or ""
    if not isinstance(text, str):
        raise ActionError("bad_reason", reason=str(text)[:20])
    text = " ".join(text.split())
    if len(text) > REASON_CHARS:
        raise ActionError("reason_long", max=REASON_CHARS, n=len(text))
    if reason == "other_matter" and not text:
        raise ActionError("reason_text")
    return {"ctl": "director", "by": name, "reason": reason, "text": text}


def _question(st: LiveState, seat: int, act: dict) -> dict:
    """The question of Law 61B a player asks (``{"action": "ask", "seat": "W"}``, and
    ``"trick"`` where W showed out, else the latest such trick): checked here on public
    facts, with the reason in the player's language when the Laws do not allow it."""
    t = st.table
    who = act.get("seat")
    if not isinstance(who, str) or who.strip().upper() not in SEAT_NAMES:
        raise ActionError("bad_seat", seat=str(who)[:8])
    asks = SEAT_NAMES.index(who.strip().upper())
    trick = act.get("trick")
    if trick is not None:
        trick = _int(trick, "bad_trick")
        if not 1 <= trick <= 13:
            raise ActionError("bad_trick")
    try:
        _law, trick = t.ask_check(seat, asks, trick)
    except QuestionRefused as e:
        raise ActionError(f"ask_{e.code}", seat=SEAT_NAMES[asks]) from None
    return {"by": SEAT_NAMES[seat], "ask": SEAT_NAMES[asks], "trick": trick}


def _check_statement(line: list[str]) -> None:
    """A claim's statement is cards, suits and at the end ``rest`` (the words of
    :mod:`bridgelaws.laws.claims`).  Only the words are checked here: whether the
    claimer's side holds them is for the Director's claim aid, since a defender's
    statement may name his partner's cards, which the service must not reveal."""
    from ...laws.claims import _SUIT_WORDS
    for i, word in enumerate(line):
        if word.lower() == "rest" and i == len(line) - 1:
            continue
        if word.upper() in _SUIT_WORDS:
            continue
        try:
            parse_card(word)
        except BridgeError:
            raise ActionError("bad_line") from None


# --- the service side: storage, group commit, subscribers ----------------------------------

def open_round(s, ev, section: str, round_no: int, mode: str = "laws",
               defenders_ask: bool = True) -> list:
    """Live tables (and their seat tokens) for every table of ``round_no`` where two
    contestants meet; tables opened before are kept as they are.  ``defenders_ask``:
    the event's regulation lets the defenders ask each other about a revoke (61B3)."""
    from ..db import LiveSeatRow, LiveTableRow, SittingRow, select
    from ..console.logic import rooms
    mode = join_mode(mode, defenders_ask)
    out = []
    sittings = s.scalars(select(SittingRow).where(
        SittingRow.event_id == ev.id, SittingRow.section == section,
        SittingRow.round == round_no).order_by(SittingRow.table_no)).all()
    if not sittings:
        raise BridgeError(f"section {section} has no round {round_no}")
    for st in sittings:
        if st.ns is None or st.ew is None or not st.boards:
            continue
        for room in rooms(ev):
            row = s.scalar(select(LiveTableRow).where(
                LiveTableRow.event_id == ev.id, LiveTableRow.section == section,
                LiveTableRow.round == round_no, LiveTableRow.table_no == st.table_no,
                LiveTableRow.room == room))
            if row is None:
                row = LiveTableRow(event_id=ev.id, section=section, round=round_no,
                                   table_no=st.table_no, room=room, mode=mode)
                s.add(row)
                s.flush()
                for seat in SEAT_NAMES:
                    s.add(LiveSeatRow(token=new_token(), live_table_id=row.id, seat=seat))
            out.append(row)
    s.flush()
    return out


#: ``json.dumps(x, separators=(",", ":"))`` (and with ``ensure_ascii=False``) as encoders
#: made once: the same text, without making an encoder per message; views are trees
#: built afresh, never circular
_compact = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode
_compact_utf8 = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False,
                                 check_circular=False).encode


@dataclass(eq=False)
class Subscriber:
    """A connection that receives a table's views: a seat (0..3) or the Director (None)."""
    seat: int | None
    queue: asyncio.Queue
    lang: str = "en"


class Journal:
    """Group commit: the entries of many tables' acts go into one transaction, and each
    act is answered only once that transaction is committed (so an acknowledged act is
    on disk).  Runs in its own thread so that the event loop never waits on the disk."""

    def __init__(self, store, notify: bool = False):
        self.store = store
        self.notify = notify
        self._pg = None                         # the journal's own connection (PostgreSQL)
        self._lite = None                       # the journal's own connection (SQLite file)
        self._lite_binds = None                 # SQLAlchemy's conversions of data and at
        self.q: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="bridgelaws-journal", daemon=True)
        self.thread.start()

    async def write(self, rows, extra=None, notice: str | None = None) -> None:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self.q.put((rows, extra, notice, loop, fut))
        await fut

    def close(self) -> None:
        self.q.put(None)

    def _commit(self, items) -> None:
        rows = [r for it in items for r in it[0]]
        extras = [it[1] for it in items if it[1] is not None]
        if not extras and rows and self.store.backend == "postgresql":
            self._commit_pg(rows, [it[2] for it in items if it[2]])
            return
        if not extras and rows and self.store.backend == "sqlite" and \
                self.store.engine.url.database not in (None, "", ":memory:"):
            self._commit_sqlite(rows)
            return
        # SQLAlchemy Core on one connection: the ORM's unit of work costs more than the
        # insert itself, and this thread shares the interpreter with the event loop
        from sqlalchemy import insert, text
        from sqlalchemy.orm import Session
        from ..db import LiveEventRow
        with self.store.engine.begin() as conn:
            if rows:
                conn.execute(insert(LiveEventRow), rows)     # one executemany for the batch
            if extras:
                with Session(bind=conn, join_transaction_mode="create_savepoint") as s:
                    for extra in extras:
                        extra(s)
                    s.commit()      # releases the session's savepoint into the transaction
            if self.notify:
                for n in dict.fromkeys(it[2] for it in items if it[2]):
                    conn.execute(text("SELECT pg_notify('bridgelaws_live', :n)"), {"n": n})

    def _commit_pg(self, rows: list[dict], notices: list[str]) -> None:
        """The entries of a batch without extras on PostgreSQL: one statement, the rows'
        insert and their notifications, on the journal's own connection in autocommit,
        so one round trip is one transaction (the statement commits as a whole, and the
        notifications go out when it does).  Through SQLAlchemy, with a pooled
        connection pinged at each checkout, BEGIN, the insert, a SELECT per notification
        and COMMIT, it cost four round trips and a fifth of the service's CPU."""
        import psycopg
        conn = self._pg
        if conn is None or conn.closed:
            url = self.store.engine.url.set(drivername="postgresql").render_as_string(
                hide_password=False)
            conn = self._pg = psycopg.connect(url, autocommit=True)
        values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s)"] * len(rows))
        params = [x for r in rows for x in (
            r["live_table_id"], r["seq"], r["board"], r["actor"],
            json.dumps(r["data"]),      # as SQLAlchemy's JSON type stores it
            r["aid"], r["at"])]
        notices = list(dict.fromkeys(notices)) if self.notify else []
        try:
            conn.execute(
                "WITH entries AS (INSERT INTO live_event (live_table_id, seq, board, actor, "
                f"data, aid, at) VALUES {values}) "
                "SELECT pg_notify('bridgelaws_live', n) FROM unnest(%s::text[]) AS n",
                params + [notices])
        except psycopg.Error as e:
            if not isinstance(e, psycopg.IntegrityError):
                conn.close()                    # connected afresh for the next batch
            raise

    def _commit_sqlite(self, rows: list[dict]) -> None:
        """The entries of a batch without extras on an SQLite file: one ``executemany``
        in one transaction on the journal's own ``sqlite3`` connection, with the pragmas
        of the engine's connections (the write-ahead log synced at each commit: as
        durable), the values converted as SQLAlchemy stores them (its JSON and DateTime
        bind processors).  Through SQLAlchemy (a pooled connection per batch, BEGIN, the
        insert compiled and its parameters processed in Python) it cost more than the
        insert itself, on the interpreter the event loop shares."""
        import sqlite3
        from ..db import LiveEventRow, _sqlite_pragmas
        conn = self._lite
        if conn is None:
            dialect = self.store.engine.dialect
            cols = LiveEventRow.__table__.c
            self._lite_binds = (cols.data.type.dialect_impl(dialect).bind_processor(dialect)
                                or (lambda v: v),
                                cols.at.type.dialect_impl(dialect).bind_processor(dialect)
                                or (lambda v: v))
            conn = sqlite3.connect(self.store.engine.url.database, timeout=30,
                                   isolation_level=None)    # BEGIN and COMMIT are ours
            _sqlite_pragmas(conn, None)
            self._lite = conn
        data, at = self._lite_binds
        params = [(r["live_table_id"], r["seq"], r["board"], r["actor"], data(r["data"]),
                   r["aid"], at(r["at"])) for r in rows]
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany("INSERT INTO live_event (live_table_id, seq, board, actor, data, "
                             "aid, at) VALUES (?, ?, ?, ?, ?, ?, ?)", params)
            conn.execute("COMMIT")
        except BaseException as e:
            if not isinstance(e, sqlite3.IntegrityError):
                self._lite = None               # connected afresh for the next batch
                conn.close()                    # (closing rolls back)
            elif conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    def _run(self) -> None:
        while True:
            item = self.q.get()
            if item is None:
                if self._pg is not None:
                    self._pg.close()
                if self._lite is not None:
                    self._lite.close()
                return
            batch = [item]
            while len(batch) < 500:
                try:
                    nxt = self.q.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self.q.put(None)
                    break
                batch.append(nxt)
            errors: list = [None] * len(batch)
            try:
                self._commit(batch)
            except Exception:
                # one failed entry must not fail the others: commit them one by one
                for i, it in enumerate(batch):
                    try:
                        self._commit([it])
                    except Exception as e:      # noqa: BLE001 - passed to the caller
                        errors[i] = e
            # the batch's answers in one call per event loop (each call wakes the loop)
            by_loop: dict = {}
            for it, err in zip(batch, errors):
                by_loop.setdefault(it[3], []).append((it[4], err))
            for loop, settled in by_loop.items():
                loop.call_soon_threadsafe(_settle, settled)


def _settle(settled) -> None:
    for fut, err in settled:
        if fut.done():
            continue
        if err is None:
            fut.set_result(None)
        else:
            fut.set_exception(err)


class Hub:
    """The live tables of one service process: their states (rebuilt from the log when
    first needed), the connections watching them, and the journal that stores acts.

    Several processes may share one PostgreSQL database: each act is stored under a
    unique (table, seq), so two processes can never both append entry ``seq``; the
    loser reloads the table's log and the act is tried again.  After each commit a
    ``pg_notify('bridgelaws_live', 'process:table:seq')`` tells the other processes, whose
    listener reloads that table and sends the new views to its own connections.

    The open calls of the Director (:meth:`calls`) are kept in an index, updated when an
    entry is applied here or heard of from another process; at start-up they are found
    through ``live_table.calling`` (kept in the transaction of the entry that opens or
    settles a call), so that only tables with an open call are read, never the finished
    ones.  The Director's pages are pushed each change (:meth:`watch_calls`).
    """

    def __init__(self, store):
        self.store = store
        self.states: dict[int, LiveState] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.loading: dict[int, asyncio.Lock] = {}   # one load of a table's log at a time
        self.subs: dict[int, set[Subscriber]] = {}
        self.tokens: dict[str, tuple[int, int]] = {}
        self.revocations = 0                    # tokens forgotten so far (seat_of)
        self.sockets: dict[str, set] = {}       # token -> the seat connections opened on it
        self.journal = Journal(store, notify=store.backend == "postgresql")
        # the claim aid's answer for each disputed claim, computed once, in the background
        # (it may take a minute): (table, board, the claim's event) -> its future
        self.claim_aids: dict[tuple[int, int, int], Future] = {}
        self._aid_pool = ThreadPoolExecutor(max_workers=1,
                                            thread_name_prefix="bridgelaws-claim-aid")
        self.origin = secrets.token_hex(4)      # this process, in its notifications
        self.loop: asyncio.AbstractEventLoop | None = None
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()
        # the open calls of the Director: table id -> where and why (:meth:`_index`)
        self.open_calls: dict[int, dict] = {}
        self.call_watchers: set[asyncio.Queue] = set()
        self._calls_found = False
        self._finding_calls: asyncio.Lock | None = None
        self.loads = 0                          # tables' logs replayed (the tests count them)

    # --- loading ---------------------------------------------------------------------

    def seat_of(self, token: str) -> tuple[int, int] | None:
        """(table id, seat) of a token, or ``None``."""
        if token in self.tokens:
            return self.tokens[token]
        if not token or len(token) > 64:
            return None
        # the four seats of a table connect together: one read (Core, not the ORM's unit
        # of work) finds the table's four tokens, as fresh as the one asked for
        from sqlalchemy import select
        from sqlalchemy.orm import aliased
        from ..db import LiveSeatRow
        asked = aliased(LiveSeatRow)
        revoked = self.revocations
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(LiveSeatRow.token, LiveSeatRow.live_table_id, LiveSeatRow.seat)
                .join(asked, asked.live_table_id == LiveSeatRow.live_table_id)
                .where(asked.token == token)).all()
        found = None
        for t, table_id, seat in rows:
            # the others only if no link was replaced meanwhile (one read before it
            # must not bring a replaced token back)
            if t == token or self.revocations == revoked:
                self.tokens[t] = (table_id, SEAT_NAMES.index(seat))
            if t == token:
                found = self.tokens[t]
        return found

    async def find(self, token: str) -> tuple[int, int] | None:
        """:meth:`seat_of`, reading the database (on a miss) outside the event loop."""
        return self.tokens.get(token) or await asyncio.to_thread(self.seat_of, token)

    async def find_fresh(self, token: str) -> tuple[int, int] | None:
        """:meth:`find` for a page or a connection being opened: a link the Director has
        replaced is refused.  Its token leaves this process's cache when it is replaced
        here (:meth:`revoke`) or in another process (the ``revoke`` notice), and the whole
        cache is dropped whenever the listener (re)connects (:meth:`_resync`: a notice
        missed while it was away), so the cache is as fresh as the database; reading the
        database on every connection cost a tenth of the service's CPU on PostgreSQL."""
        return await self.find(token)

    async def revoke(self, token: str) -> None:
        """A seat's old token (the Director gave the seat a new link): forgotten, and
        the connections open on it are closed (code 4410; the page says why)."""
        self.revocations += 1
        self.tokens.pop(token, None)
        for ws in list(self.sockets.pop(token, ())):
            try:
                await ws.close(code=4410)
            except Exception:                   # noqa: BLE001 - already gone
                pass

    def load(self, table_id: int) -> LiveState:
        """The table's state replayed from its stored log."""
        from ..db import BoardRow, EventRow, LiveEventRow, LiveTableRow, SittingRow, select
        self.loads += 1
        with self.store.session() as s:
            row = s.get(LiveTableRow, table_id)
            if row is None:
                raise BridgeError(f"no live table {table_id}")
            sit = s.scalar(select(SittingRow).where(
                SittingRow.event_id == row.event_id, SittingRow.section == row.section,
                SittingRow.round == row.round, SittingRow.table_no == row.table_no))
            deals = {b.number: b.deal for b in s.scalars(select(BoardRow).where(
                BoardRow.event_id == row.event_id))}
            st = LiveState(row.id, row.mode, list(sit.boards), deals, event_id=row.event_id,
                           section=row.section, round_no=row.round, table_no=row.table_no,
                           room=row.room)
            st.event_name = s.scalar(select(EventRow.name).where(EventRow.id == row.event_id))
            entries = s.execute(select(LiveEventRow.seq, LiveEventRow.data, LiveEventRow.actor,
                                       LiveEventRow.aid)
                                .where(LiveEventRow.live_table_id == table_id)
                                .order_by(LiveEventRow.seq)).all()
        for seq, data, actor, aid in entries:
            st.apply(data, actor, seq, aid)
        return st

    async def state(self, table_id: int) -> LiveState:
        """The table's state, loaded from its log once: callers that come while it loads
        (the four seats connecting, an act) wait for that load and share its state.  (Two
        loads could finish in either order, and an act applied to the state of the first
        would be lost when the second, older one replaced it: the next act, made on the
        view that act produced, would then be refused as stale.)"""
        st = self.states.get(table_id)
        if st is not None:
            return st
        async with self.loading.setdefault(table_id, asyncio.Lock()):
            st = self.states.get(table_id)
            if st is None:
                st = await asyncio.to_thread(self.load, table_id)
                # (another process's entry may have been caught up meanwhile: keep that)
                st = self.states.setdefault(table_id, st)
                self._index(st)
                # a table's state lives as long as the round: keep it out of the cyclic
                # collector's full passes, which otherwise walk every table's objects and
                # stall every table for a tenth of a second (found by bench/tables.py)
                gc.freeze()
        return st

    def lock(self, table_id: int) -> asyncio.Lock:
        lk = self.locks.get(table_id)
        if lk is None:
            lk = self.locks[table_id] = asyncio.Lock()
        return lk

    # --- acting -------------------------------------------------------------------------

    async def act(self, table_id: int, seat: int | None, act: dict, *, actor: str | None = None,
                  entry: dict | None = None, aid: str | None = None,
                  seq: int | None = None) -> int:
        """Apply a player's act (``seat``, ``act``) or a Director's entry (``entry``),
        store it, then send every watcher its view.  Returns the ``seq`` of the act's
        (last) entry; an act whose ``aid`` was stored before is not applied again (its
        ``seq`` is returned).

        ``seq`` is the log position of the view the act was made on, which a player's act
        must carry: an act made on a view the table has since moved past is refused as
        stale (:class:`ActionError` ``stale``), and nothing is stored.  (A Director's
        entry may leave it out.)"""
        from ..db import now
        if aid is not None and (not isinstance(aid, str) or len(aid) > 64):
            raise ActionError("bad_aid")
        if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int) or seq < 0):
            raise ActionError("bad_seq")
        started = time.perf_counter()
        for attempt in range(3):
            async with self.lock(table_id):
                st = await self.state(table_id)
                if seq is not None and seq > st.seq and self.journal.notify:
                    # the client saw an entry this process has not: another process stored
                    # it (PostgreSQL); catch up before judging the act
                    self.states.pop(table_id, None)
                    st = await self.state(table_id)
                if aid is not None and aid in st.aids:
                    return st.aids[aid]
                if seq is None and seat is not None:
                    raise ActionError("no_seq")
                # calling the Director does not depend on the view it was made on
                # nor do the acts about explanations: they name the call they are about
                if seq is not None and seq != st.seq and \
                        act.get("action") not in ("director", "explain"):
                    raise ActionError("stale", seq=st.seq)
                data = entry if entry is not None else translate(st, seat, act)
                who = actor if actor is not None else SEAT_NAMES[seat]
                before_board, before_done = st.board, st.board in st.done
                was_calling = bool(st.calls)
                n = st.seq + 1
                try:
                    st.apply(data, who, n, aid)
                except ActionError:
                    raise
                except BridgeError as e:
                    raise ActionError("engine", e.reason, cause=e) from None
                rows = [{"live_table_id": table_id, "seq": n, "board": before_board,
                         "actor": who, "data": data, "aid": aid, "at": now()}]
                answer = self._answer_of(st)
                if answer is not None:
                    rows.append({"live_table_id": table_id, "seq": n + 1, "board": before_board,
                                 "actor": answer["e"]["by"], "data": answer, "aid": None,
                                 "at": now()})
                    try:
                        st.apply(answer, answer["e"]["by"], n + 1)
                    except BridgeError as e:
                        self.states.pop(table_id, None)     # the question stays unstored
                        raise ActionError("engine", e.reason, cause=e) from None
                extras = []
                if st.board == before_board and st.board in st.done and not before_done:
                    extras.append(self._result_saver(st))
                if bool(st.calls) != was_calling:
                    extras.append(_calling_saver(table_id, bool(st.calls)))
                last = rows[-1]["seq"]
                try:
                    await self.journal.write(rows, _all_of(extras),
                                             notice=f"{self.origin}:{table_id}:{last}"
                                                    f":{int(bool(st.calls))}")
                except Exception as e:          # noqa: BLE001
                    # not stored (another process appended first, or the database
                    # failed): forget the state; the next act rebuilds it from the log
                    self.states.pop(table_id, None)
                    if attempt < 2 and _is_conflict(e):
                        continue
                    log.warning("live table %s: entry %s not stored: %s", table_id, last, e)
                    raise ActionError("not_stored") from None
                self.broadcast(st)
                self._index(st)
                took = time.perf_counter() - started
                if took > SLOW_ACT:
                    log.warning("live table %s: entry %s took %.0f ms (journal queue %d)",
                                table_id, last, took * 1000, self.journal.q.qsize())
                return last
        raise ActionError("not_stored")

    @staticmethod
    def _answer_of(st: LiveState) -> dict | None:
        """After a question of Law 61B, the asked player's answer, given at once and
        true: the service knows his hand, as he would find the card by looking (the
        entry is marked ``auto``: the service made it for him)."""
        t = st.table
        if t.question is None:
            return None
        return {"e": {"by": t.question["asks"], "answer": t.true_answer()}, "auto": True}

    def _result_saver(self, st: LiveState):
        """The board's result into the event's scoring, in the same transaction as the
        entry that ended the play."""
        res = dict(st.done[st.board])
        ids = (st.event_id, st.section, st.round, st.table_no, st.room)

        def save(s):
            from ..db import EventRow
            from ..console.logic import save_result
            if "adjustment" in res:
                return                          # the Director gives the score (Law 12)
            ev = s.get(EventRow, ids[0])
            try:
                with s.begin_nested():
                    save_result(s, ev, section=ids[1], round_no=ids[2], table_no=ids[3],
                                board=res["board"], room=ids[4], director="live",
                                contract=res["contract"], declarer=res["declarer"] or "",
                                tricks=str(res["tricks"]) if res["tricks"] is not None else "",
                                lead=res["lead"] or "")
            except BridgeError as e:
                log.warning("live table %s: result of board %s not saved: %s", ids, res["board"], e)
        return save

    # --- watching -----------------------------------------------------------------------

    def subscribe(self, table_id: int, seat: int | None, lang: str = "en") -> Subscriber:
        sub = Subscriber(seat, asyncio.Queue(), lang)
        self.subs.setdefault(table_id, set()).add(sub)
        return sub

    def unsubscribe(self, table_id: int, sub: Subscriber) -> None:
        self.subs.get(table_id, set()).discard(sub)

    def view_text(self, st: LiveState, seat: int | None, public_json: str | None = None,
                  lang: str = "en") -> str:
        """The message carrying a watcher's view.  ``public_json`` is the public view
        already in JSON (the same for the four seats, so encoded once per change)."""
        if seat is None:
            return _compact({"type": "view", "view": director_view(st)})
        if public_json is None:
            public_json = _compact(_public(st))
        own = _compact_utf8(own_view(st, seat, lang))
        return '{"type":"view","view":' + public_json[:-1] + "," + own[1:] + "}"

    def broadcast(self, st: LiveState) -> None:
        """Every watcher of the table gets its new view (computed once per seat)."""
        subs = self.subs.get(st.id)
        if not subs:
            return
        public_json = _compact(_public(st))
        texts: dict = {}
        for sub in list(subs):
            key = (sub.seat, sub.lang)
            if key not in texts:
                texts[key] = self.view_text(st, sub.seat, public_json, sub.lang)
            sub.queue.put_nowait(texts[key])

    # --- the Director's calls -------------------------------------------------------------

    def _index(self, st: LiveState) -> None:
        """The table's open call into the index (or out of it); the watching Director's
        pages are told when it changed."""
        call = st.call
        entry = None if call is None else {
            "table_id": st.id, "event": st.event_id, "event_name": st.event_name or "",
            "section": st.section, "round": st.round, "table": st.table_no, "room": st.room,
            "board": call["board"], "hold": call["hold"], "kinds": call["kinds"],
            "laws": call["laws"], "reasons": call.get("reasons", []), "seq": call["seq"]}
        if self.open_calls.get(st.id) == entry:
            return
        if entry is None:
            self.open_calls.pop(st.id, None)
        else:
            self.open_calls[st.id] = entry
        for q in list(self.call_watchers):
            if q.empty():                       # one pending notice says it all
                q.put_nowait(True)

    async def calls(self, event: int | None = None) -> list[dict]:
        """The open calls of the Director (of ``event`` only, if given), in the order of
        events, rounds and tables.  The first time, the tables with an open call are found
        through ``live_table.calling`` and only they are read."""
        await self._find_calls()
        out = [c for c in self.open_calls.values() if event is None or c["event"] == event]
        return sorted(out, key=lambda c: (c["event"], c["round"], c["section"], c["table"],
                                          c["room"]))

    def watch_calls(self) -> asyncio.Queue:
        """A queue that gets an item each time the open calls change."""
        q: asyncio.Queue = asyncio.Queue()
        self.call_watchers.add(q)
        return q

    def unwatch_calls(self, q: asyncio.Queue) -> None:
        self.call_watchers.discard(q)

    async def _find_calls(self) -> None:
        if self._calls_found:
            return
        if self._finding_calls is None:
            self._finding_calls = asyncio.Lock()
        async with self._finding_calls:
            if self._calls_found:
                return
            calling, unknown = await asyncio.to_thread(self._calling_tables)
            for table_id in calling + unknown:
                try:
                    await self.state(table_id)      # indexed as it loads
                except BridgeError as e:            # a table whose round was taken away
                    log.warning("live table %s not read: %s", table_id, e)
            if unknown:
                # tables from before the index: marked once, as their logs say
                marks = {t: bool(self.states[t].calls) for t in unknown if t in self.states}
                await asyncio.to_thread(self._mark_calling, marks)
            self._calls_found = True

    def _calling_tables(self) -> tuple[list[int], list[int]]:
        """The tables marked as calling, and those not yet marked (NULL)."""
        from ..db import LiveTableRow, select
        with self.store.session() as s:
            calling = s.scalars(select(LiveTableRow.id)
                                .where(LiveTableRow.calling.is_(True))).all()
            unknown = s.scalars(select(LiveTableRow.id)
                                .where(LiveTableRow.calling.is_(None))).all()
        return list(calling), list(unknown)

    def _mark_calling(self, marks: dict[int, bool]) -> None:
        from sqlalchemy import update
        from ..db import LiveTableRow
        with self.store.engine.begin() as conn:
            for table_id, flag in marks.items():
                # an entry stored since (by another process) has marked it already
                conn.execute(update(LiveTableRow).where(LiveTableRow.id == table_id,
                                                        LiveTableRow.calling.is_(None))
                             .values(calling=flag))

    # --- several processes: PostgreSQL LISTEN/NOTIFY --------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Begin listening for other processes' entries (PostgreSQL only)."""
        self.loop = loop
        # the open calls are found at once, not when the first Director looks
        self._finding = loop.create_task(self._find_calls())
        gc.collect()
        gc.freeze()                             # the modules and the app itself, likewise
        if self.store.backend != "postgresql" or self._listener is not None:
            return
        self._listener = threading.Thread(target=self._listen, name="bridgelaws-listen",
                                          daemon=True)
        self._listener.start()

    def stop(self) -> None:
        self._stop.set()
        self.journal.close()
        self._aid_pool.shutdown(wait=False, cancel_futures=True)

    # --- the claim aid ------------------------------------------------------------------

    def claim_aid(self, st: LiveState, start: bool = True) -> Future | None:
        """The claim aid's answer (:func:`claim_advice`) for the table's disputed claim,
        as a future: started in the background the first time it is asked for (never
        twice for one claim), kept for the Director's page and the ruling's entry.
        ``None`` when no disputed claim is open (or, ``start`` false, none was started)."""
        event = _disputed_claim_event(st)
        if event is None:
            return None
        key = (st.id, st.board, event)
        fut = self.claim_aids.get(key)
        if fut is None and start:
            t = st.table
            # the table as it is now, rebuilt in the worker from a copy of its log: the
            # event loop goes on changing the live one
            fut = self.claim_aids[key] = self._aid_pool.submit(
                _advice_of, type(t), t.board, list(t.events), t.deal, t.edition, t.strict,
                dict(t.regulation))
        return fut

    def _listen(self) -> None:
        import psycopg
        url = self.store.engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute("LISTEN bridgelaws_live")
                    # entries stored before we listened (at start, or while the
                    # connection was lost) were never heard of: catch up on every table
                    # this process holds
                    if self.loop is not None:
                        self.loop.call_soon_threadsafe(
                            lambda: asyncio.ensure_future(self._resync()))
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=1.0):
                            self._heard(n.payload)
            except Exception as e:              # noqa: BLE001 - reconnect
                log.warning("live listener: %s; reconnecting", e)
                time.sleep(1.0)

    def _heard(self, payload: str) -> None:
        try:
            origin, table, number, *rest = payload.split(":")
            if table == "revoke" and origin != self.origin and self.loop is not None:
                # a seat's link replaced in another process (seats.py)
                self.loop.call_soon_threadsafe(
                    lambda: asyncio.ensure_future(self.revoke(number)))
                return
            table_id, seq = int(table), int(number)
        except ValueError:
            return
        if origin == self.origin:
            return                              # our own entry: its views are sent already
        calling = rest[:1] == ["1"]             # the table has an open call after the entry
        if self.loop is not None:
            self.loop.call_soon_threadsafe(
                lambda: asyncio.ensure_future(self._refresh(table_id, seq, calling)))

    async def _resync(self) -> None:
        """Reload every table this process holds that someone watches (and tell them
        what changed); forget the others, to be loaded afresh when next needed.  The
        open calls are found again from the database (calls made or settled while the
        listener was away).  The seat tokens are read afresh too (a link replaced
        meanwhile)."""
        self.revocations += 1
        self.tokens.clear()
        for table_id in list(self.states):
            if not self.subs.get(table_id):
                self.states.pop(table_id, None)
                continue
            async with self.lock(table_id):
                old = self.states.get(table_id)
                st = await asyncio.to_thread(self.load, table_id)
                self.states[table_id] = st
            if old is None or st.seq != old.seq:
                self.broadcast(st)
        stale = [t for t in self.open_calls if t not in self.states]
        for t in stale:
            self.open_calls.pop(t, None)
        for st in list(self.states.values()):
            self._index(st)
        self._calls_found = False
        if self.call_watchers:
            await self._find_calls()
            for q in list(self.call_watchers):
                if q.empty():
                    q.put_nowait(True)

    async def caught_up(self, table_id: int, seq: int | None) -> LiveState:
        """The table's state, reloaded first when ``seq`` (the log position a page
        showed) is past it: another process stored entries this one has not heard of
        yet (its notification is on the way).  The Director's form, sent to any process
        behind the proxy, is then judged on the table as the page showed it."""
        st = await self.state(table_id)
        if seq is None or seq <= st.seq or not self.journal.notify:
            return st
        async with self.lock(table_id):
            st = self.states.get(table_id)
            if st is None or seq > st.seq:
                self.states.pop(table_id, None)
                st = await self.state(table_id)
        return st

    async def _refresh(self, table_id: int, seq: int, calling: bool = False) -> None:
        """Another process stored entry ``seq``: catch up and tell our watchers (and the
        Director's pages, when the table calls him or did)."""
        st = self.states.get(table_id)
        if st is not None and st.seq >= seq:
            return
        if st is None and not self.subs.get(table_id) and not calling \
                and table_id not in self.open_calls:
            return
        async with self.lock(table_id):
            st = self.states.get(table_id)
            if st is not None and st.seq >= seq:
                return
            st = await asyncio.to_thread(self.load, table_id)
            self.states[table_id] = st
        self.broadcast(st)
        self._index(st)


def _calling_saver(table_id: int, calling: bool):
    """Marks the table as calling the Director (or not), in the entry's transaction."""
    def save(s):
        from sqlalchemy import update
        from ..db import LiveTableRow
        s.execute(update(LiveTableRow).where(LiveTableRow.id == table_id)
                  .values(calling=calling))
    return save


def _all_of(extras: list):
    """The journal's ``extra``: each of ``extras`` in turn (``None`` for none)."""
    if not extras:
        return None
    if len(extras) == 1:
        return extras[0]
    return lambda s: [f(s) for f in extras]


def _disputed_claim_event(st: LiveState) -> int | None:
    """The event of the claim whose dispute is an open call of the table, or ``None``."""
    for c in st.calls:
        if c["kind"] == "disputed_claim":
            return c["anchors"][0]
    return None


def _advice_of(cls, board, events, deal, edition, strict, regulation) -> dict:
    try:
        table = cls.replay(board, events, deal=deal, edition=edition, strict=strict,
                           regulation=regulation)
    except Exception:                           # noqa: BLE001 - the page says it failed
        log.exception("the claim aid could not rebuild the table")
        return {"lines": [], "tricks": None, "failed": True}
    return claim_advice(table)


def claim_advice(table: Table) -> dict:
    """The claim aid's advice (:func:`bridgelaws.laws.claims.advise_table`) for a table
    whose claim is disputed: its lines, the tricks it would award and the claimer."""
    from ...laws.claims import advice_lines, advise_table
    try:
        a = advise_table(table)
    except BridgeError as e:
        return {"lines": [e.reason], "tricks": None}
    except Exception:                           # noqa: BLE001 - the page says it failed
        log.exception("the claim aid failed")
        return {"lines": [], "tricks": None, "failed": True}
    return {"lines": advice_lines(a), "tricks": a.min_tricks, "claimer": SEAT_NAMES[a.claimer]}


def _is_conflict(e: Exception) -> bool:
    import sqlite3                              # the journal's own connection (SQLite)
    from sqlalchemy.exc import IntegrityError
    if isinstance(e, (IntegrityError, sqlite3.IntegrityError)):
        return True
    try:
        import psycopg                          # the journal's own connection (PostgreSQL)
    except ImportError:
        return False
    return isinstance(e, psycopg.IntegrityError)
