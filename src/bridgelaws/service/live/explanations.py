"""Alerts and explanations at a live table (Laws 20, 21, 40, 47E2, 75).

The design is online play's (BBO, RealBridge): **self-alert**.  A player alerts his own
call, with an explanation typed when he makes it or later; an opponent asks about any call
of the other side and the player who made the call answers.  Nothing of it reaches his
partner while it could help him (Law 16B: it would be unauthorised information), as
screens keep it from him on a real table.  Precisely, a statement about a call of side X
(an alert, a question and its answer, a correction) is seen by:

* its author and the player who made the call, at once;
* an alert or a correction: both opponents, at once;
* a question and its answer: the opponent who asked, at once; his partner once the
  auction is over (20F2: after the final pass either defender, and declarer, may ask
  about the opponents' auction themselves);
* the caller's partner only when the Laws let him correct it (20F5b): as declarer or
  dummy once the auction is over, as a defender once the play is over;
* the Director always (``director_view``, and the facts of every ruling filed).

Who may act, and when:

* ``alert`` (his own call only): an alert with no text may be completed by one with a
  text; a first alert made after an opponent has called over the call is a late alert,
  which counts as a mistaken explanation (20F5) and is a correction;
* ``ask`` (a call of the opponents' side only): during the auction at his own turn to
  call (20F1); after the final pass, before the opening lead, any player but the presumed
  dummy (41B); during the play at his own turn (declarer at dummy's turn too; 20F2);
* ``answer``: the player who made the call, to an open question about it;
* ``correct``: the player who made the call, his own explanation, at any time (20F4;
  after the clarification period it is late, and the Director may adjust); his partner
  only when he may see it (20F5b, above).

A correction calls the Director: the table waits (9B2, 20F4-5).  Where the opponent who
called after the misinformation may still change his last call (21B1a: his partner has
not called since, and the auction period is open, the clarification period included),
the change is offered to him once the Director has let play go on (the engine's call
``"replaces": "misinformation"``; then the LHO's own change, ``"after_change"``, 21B2);
a card played before a correction made during the play may be withdrawn (47E2, the
engine's ``attention: misinformed_play``).  When no change is possible any more, the
Director's call carries 21B3 and 40B3: he adjusts if the misinformation damaged the side.

The statements are entries of the table's log (``{"ctl": "explain", ...}``), or ride on
the call they alert (``{"e": {call}, "alert": {"text": ...}}``): they are replayed with the
rest of the log after a restart and in every process.

>>> from bridgelaws.service.live.logic import LiveState, seat_view
>>> st = LiveState(1, "laws", [1], {1: "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"})
>>> st.apply({"e": {"by": "N", "call": "1N"}, "alert": {"text": "12-14"}}, "N", 1)
>>> [x["text"] for x in seat_view(st, 1)["explanations"]], seat_view(st, 2)["explanations"]
(['12-14'], [])
"""

from __future__ import annotations

from ...cards import SEAT_NAMES, BridgeError
from ...calls import call_name
from ...i18n import message
from ...table import AUCTION, COMPLETE, PLAY

#: the longest alert, question, answer or correction (characters)
EXPLANATION_CHARS = 300
WHATS = ("alert", "ask", "answer", "correct")


_ExplainError = None


def _error(key: str, **values):
    """A refusal (:class:`~.logic.ActionError`) whose seat is named in the reader's
    language.  (Its class is made once: every seat's view tries a question, so a class
    made per refusal cost a seventh of the live tables' CPU.)"""
    global _ExplainError
    if _ExplainError is None:
        from .logic import ActionError

        class ExplainError(ActionError):
            def text(self, lang: str = "en") -> str:
                if "seat" in self.values:
                    return message(f"ui.live.err.{self.key}", lang, **{
                        **self.values, "seat": message(f"ui.seat.{self.values['seat']}", lang)})
                return super().text(lang)

        _ExplainError = ExplainError
    return _ExplainError(key, **values)


def _text(act: dict, *, required: bool) -> str:
    text = act.get("text") or ""
    if not isinstance(text, str):
        raise _error("expl_empty")
    text = " ".join(text.split())
    if len(text) > EXPLANATION_CHARS:
        raise _error("expl_long", n=len(text), max=EXPLANATION_CHARS)
    if required and not text:
        raise _error("expl_empty")
    return text


def point(t) -> dict:
    """Where the table is: in the auction (after how many calls), after the final pass,
    at which trick of the play, or after the play."""
    if t.phase == COMPLETE:
        return {"phase": "over"}
    if t.phase == AUCTION or t.contract is None:
        return {"phase": "auction", "calls": len(t.auction.calls)}
    if not t.tricks and not t.trick:
        return {"phase": "clarification"}
    return {"phase": "play", "trick": len(t.tricks) + (1 if t.trick else 0)}


def _auction_over(t) -> bool:
    return t.phase != AUCTION and t.contract is not None or t.phase == COMPLETE


def _partner_may_see(t, side: int) -> bool:
    """The partner of a player of ``side`` learns of his explanations when the Laws let
    him correct them (20F5b): as declarer or dummy after the final pass, as a defender
    after the play."""
    if t.phase == COMPLETE:
        return True
    return _auction_over(t) and t.declarer is not None and t.declarer % 2 == side


def may_see(st, s: dict, seat: int) -> bool:
    """Whether ``seat`` may see the statement ``s`` now (the module's rules)."""
    t = st.table
    caller = s["call_by"]
    if seat in (s["by"], caller):
        return True
    if seat % 2 != caller % 2:                  # an opponent of the call's side
        if s["kind"] in ("alert", "correction") or seat == s.get("asker"):
            return True
        return _auction_over(t) or t.phase == COMPLETE
    return _partner_may_see(t, caller % 2)


def update_seen(st) -> None:
    """Note who sees each statement from now on, and at which point (kept: the log for
    the Director says who saw what, and when)."""
    at = None
    for s in st.statements:
        for seat in range(4):
            name = SEAT_NAMES[seat]
            if name not in s["seen"] and may_see(st, s, seat):
                at = at or point(st.table)
                s["seen"][name] = at


def _ask_refused(t, seat: int) -> str | None:
    """Why ``seat`` may not ask about an opponent's call now (a key), or ``None``: at his
    own turn in the auction (20F1), any player but dummy after the final pass (41B), at
    his own turn in the play, declarer at dummy's too (20F2).  The same for every call
    of the other side."""
    if t.phase == AUCTION:
        if t.to_act != seat:
            return "expl_ask_turn"
    elif not t.tricks and not t.trick:
        if seat == t.dummy:
            return "expl_ask_dummy"
    else:
        if seat == t.dummy:
            return "expl_ask_dummy"
        turn = t.to_act
        if turn != seat and not (turn == t.dummy and seat == t.declarer):
            return "expl_ask_play"
    return None


def _call_at(st, act: dict) -> tuple[int, int, int]:
    """The call an act is about: ``index`` (its place in the auction) and ``call`` (its
    name, as the player saw it).  -> (index, seat, call code).  A call that is not, or no
    longer, at that place makes the act stale."""
    t = st.table
    calls = t.auction.calls
    index = act.get("index")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(calls):
        raise _error("stale", seq=st.seq)
    seat, call = calls[index]
    if act.get("call") is not None and str(act.get("call")).upper() != call_name(call):
        raise _error("stale", seq=st.seq)
    return index, seat, call


def entry(st, seat: int, act: dict) -> dict:
    """A player's act about an explanation -> its log entry, after the checks (the
    module's rules), with the reason in the player's language when refused.  The act
    names what it is about (the call's place and name, or the question's number, and
    the board), not the view it was made on: an act about something no longer there
    is stale."""
    t = st.table
    what = act.get("what")
    if what not in WHATS:
        raise _error("unknown_action", action=str(what)[:20])
    name = SEAT_NAMES[seat]
    if act.get("board") is not None and act.get("board") != st.board:
        raise _error("stale", seq=st.seq)       # made on another board's view
    if t.phase == COMPLETE and what in ("alert", "ask"):
        raise _error("expl_over")
    if what == "answer":
        q = act.get("question")
        if isinstance(q, bool) or not isinstance(q, int) or not 0 <= q < len(st.statements) \
                or st.statements[q]["kind"] != "question" or st.statements[q]["answer"]:
            raise _error("expl_no_question")
        s = st.statements[q]
        if seat == s["by"]:
            raise _error("expl_answer_own", seat=SEAT_NAMES[s["call_by"]])
        if seat % 2 != s["call_by"] % 2:
            raise _error("expl_answer_side")
        if seat != s["call_by"]:
            raise _error("expl_answer_caller", seat=SEAT_NAMES[s["call_by"]])
        return {"ctl": "explain", "what": "answer", "by": name, "question": q,
                "text": _text(act, required=True)}
    index, caller, call = _call_at(st, act)
    if what == "alert":
        if caller != seat:
            raise _error("expl_not_yours")
        mine = [s for s in st.statements if s["index"] == index and s["call_by"] == seat
                and s["kind"] in ("alert", "correction")]
        if any(s["text"] for s in mine):
            raise _error("expl_alerted")
        return {"ctl": "explain", "what": "alert", "by": name, "index": index,
                "call": call_name(call), "text": _text(act, required=False)}
    if what == "ask":
        if caller % 2 == seat % 2:
            raise _error("expl_ask_side")
        refused = _ask_refused(t, seat)
        if refused is not None:
            raise _error(refused)
        return {"ctl": "explain", "what": "ask", "by": name, "index": index,
                "call": call_name(call), "text": _text(act, required=False)}
    # correct
    if caller % 2 != seat % 2:
        raise _error("expl_correct_side")
    if seat != caller and not _partner_may_see(t, caller % 2):
        raise _error("expl_correct_wait")
    return {"ctl": "explain", "what": "correct", "by": name, "index": index,
            "call": call_name(call), "text": _text(act, required=True)}


# --- applying the log -----------------------------------------------------------------------

def _statement(st, kind: str, by: int, index: int, call: str, text: str, **more) -> dict:
    t = st.table
    s = {"id": len(st.statements), "kind": kind, "by": by, "index": index, "call": call,
         "call_by": t.auction.calls[index][0], "text": text, "seq": st.seq + 1,
         "at": point(t), "seen": {}, **more}
    st.statements.append(s)
    return s


def apply(st, data: dict) -> None:
    """Apply an entry ``{"ctl": "explain", ...}`` of the log (checked again: a stored log
    that does not fit the table is refused as any other entry)."""
    t = st.table
    what, by = data.get("what"), SEAT_NAMES.index(data["by"])
    if what == "answer":
        q = data["question"]
        if not 0 <= q < len(st.statements) or st.statements[q]["kind"] != "question":
            raise BridgeError(f"no question {q} to answer")
        st.statements[q]["answer"] = {"by": data["by"], "text": data["text"],
                                      "seq": st.seq + 1, "at": point(t)}
        return
    index = data["index"]
    calls = t.auction.calls
    if not 0 <= index < len(calls) or call_name(calls[index][1]) != data["call"]:
        raise BridgeError(f"no call {data['call']} at {index} in the auction")
    if what == "alert":
        caller = calls[index][0]
        late = any(s % 2 != caller % 2 for s, _c in calls[index + 1:]) and not any(
            x["index"] == index and x["kind"] in ("alert", "correction") for x in st.statements)
        if late:
            # a failure to alert counts as a mistaken explanation (20F5): a late alert is
            # a correction
            return correct(st, by, index, data["call"], data["text"], late=True)
        _statement(st, "alert", by, index, data["call"], data["text"])
    elif what == "ask":
        _statement(st, "question", by, index, data["call"], data["text"], asker=by, answer=None)
    elif what == "correct":
        correct(st, by, index, data["call"], data["text"])
    else:
        raise BridgeError(f"unknown explanation act {what!r}")


def alert_with_call(st, data: dict) -> None:
    """The alert that came with a call (``{"e": {call}, "alert": {"text": ...}}``), once
    the call is applied: about the last call of the auction, if it is the caller's."""
    t = st.table
    calls = t.auction.calls
    by = SEAT_NAMES.index(data["e"]["by"])
    if calls and calls[-1][0] == by:
        _statement(st, "alert", by, len(calls) - 1, call_name(calls[-1][1]),
                   data["alert"].get("text", ""))


def _may_change(t, side: int, before: int, after: int) -> list[int]:
    """The opponents of ``side`` who called over call ``after`` and before the correction
    (call ``before``), and whose partner has not called since: who may change his last
    call (21B1a), while the auction period is open."""
    if t.phase == COMPLETE or (t.phase == PLAY and (t.tricks or t.trick)):
        return []
    calls = t.auction.calls
    out = []
    for seat in range(4):
        if seat % 2 == side:
            continue
        mine = [i for i, (s, _c) in enumerate(calls[:before]) if s == seat and i > after]
        if mine and not any(s == (seat + 2) & 3 for s, _c in calls[mine[-1] + 1:]):
            out.append(seat)
    return out


def correct(st, by: int, index: int, call: str, text: str, late: bool = False) -> None:
    """A corrected explanation (or a late alert): the Director is called and the table
    waits (20F4-5, 9B2); 21B1a's change is open to whom it may concern, else the call
    carries 21B3 and 40B3 (the Director adjusts if there was damage)."""
    t = st.table
    side = t.auction.calls[index][0] % 2
    law = "20F4" if by == t.auction.calls[index][0] else "20F5"
    changers = _may_change(t, side, len(t.auction.calls), index)
    during_play = bool(t.tricks or t.trick) and t.phase != COMPLETE
    s = _statement(st, "correction", by, index, call, text, late=late,
                   changers=[SEAT_NAMES[x] for x in changers], changed=[], withdrawn=[],
                   calls=len(t.auction.calls),
                   trick=(len(t.tricks) + 1, len(t.trick)) if during_play else None)
    laws = [law]
    if changers:
        laws.append("21B1a")
    if during_play:
        laws.append("47E2")
    if not changers or _auction_over(t):
        laws += ["21B3", "40B3"]
    s["laws"] = laws
    st._player_call({"by": SEAT_NAMES[by], "reason": "misexplanation", "text": text})
    c = next(c for c in st.calls if c.get("reasons"))
    c["laws"] = list(dict.fromkeys([*c["laws"], *laws]))
    c.setdefault("corrections", []).append(s["id"])


# --- what the seats may do --------------------------------------------------------------------

def may_change(st, seat: int) -> dict | None:
    """The correction under which ``seat`` may change his last call now (21B1a), or
    ``None``: he called after the misinformation and before it was corrected, his partner
    has not called since, the auction period is open and the Director has let play go on."""
    t = st.table
    if st.hold:
        return None
    name = SEAT_NAMES[seat]
    for s in reversed(st.statements):
        if s["kind"] != "correction" or name not in s["changers"] or name in s["changed"]:
            continue
        if seat in _may_change(t, s["call_by"] % 2, s["calls"], s["index"]):
            return s
    return None


def may_withdraw(st, seat: int) -> dict | None:
    """The correction made during the play under which ``seat`` may withdraw the card he
    played last (47E2: no card played to the trick after it; not the opening lead once
    dummy is faced), or ``None``: the correction came right after his card."""
    t = st.table
    if st.hold or t.phase != PLAY or not t.trick or t.trick_leader is None:
        return None
    last = (t.trick_leader + len(t.trick) - 1) & 3
    if last != seat or (not t.tricks and len(t.trick) == 1):
        return None
    for s in reversed(st.statements):
        if (s["kind"] == "correction" and s["trick"] == (len(t.tricks) + 1, len(t.trick))
                and seat % 2 != s["call_by"] % 2 and SEAT_NAMES[seat] not in s["withdrawn"]):
            return s
    return None


def check_change(st, seat: int) -> None:
    """A call ``"replaces": "misinformation"`` is taken only under a correction that
    allows it (:func:`may_change`)."""
    if may_change(st, seat) is None:
        if not any(s["kind"] == "correction" for s in st.statements):
            # nothing corrected: only a slip is the player's own to change (25A)
            raise _error("bad_replaces", reason="misinformation")
        raise _error("expl_no_change")


def marker(st, e: dict):
    """Before an event of the log: the correction it uses, if it is a 21B1a change of
    call or a card withdrawn under 47E2, as a function that notes it once the event is
    applied (neither is offered twice for one correction), else ``None``."""
    if e.get("replaces") == "misinformation":
        seat = SEAT_NAMES.index(e["by"])
        s = may_change(st, seat)
        return None if s is None else (lambda: s["changed"].append(e["by"]))
    if e.get("attention") == "misinformed_play":
        seat = SEAT_NAMES.index(e["by"])
        s = may_withdraw(st, seat)
        return None if s is None else (lambda: s["withdrawn"].append(e["by"]))
    return None


def check_withdraw(st, seat: int) -> None:
    """Attention drawn to a card played on a mistaken explanation is taken only under a
    correction that allows it (:func:`may_withdraw`)."""
    s = may_withdraw(st, seat)
    if s is None:
        raise _error("expl_no_withdraw")


# --- views ------------------------------------------------------------------------------------

def _public_form(s: dict) -> dict:
    out = {"id": s["id"], "kind": s["kind"], "by": SEAT_NAMES[s["by"]], "index": s["index"],
           "call": s["call"], "call_by": SEAT_NAMES[s["call_by"]], "text": s["text"],
           "at": s["at"]}
    if s["kind"] == "question":
        out["answer"] = s["answer"]
    if s["kind"] == "correction":
        out["late"] = s["late"]
    return out


def seat_part(st, seat: int) -> dict:
    """A seat's own part of the view: the statements it may see, the questions it is to
    answer, what it may alert, ask and correct, and the changes open to it."""
    t = st.table
    name = SEAT_NAMES[seat]
    seen = [_public_form(s) for s in st.statements if may_see(st, s, seat)]
    calls = t.auction.calls
    complete = t.phase == COMPLETE
    alerted = {s["index"] for s in st.statements if s["kind"] in ("alert", "correction")
               and s["text"]}
    own = [i for i, (s, _c) in enumerate(calls) if s == seat]
    # every call of the other side may be asked about, or none (entry's rule for "ask",
    # checked once: trying entry per call cost a refusal per seat and act)
    asking = [] if complete or _ask_refused(t, seat) is not None else \
        [i for i, (s, _c) in enumerate(calls) if s % 2 != seat % 2]
    partner_sees = _partner_may_see(t, seat % 2)
    correcting = [i for i, (s, _c) in enumerate(calls)
                  if s == seat or (s % 2 == seat % 2 and partner_sees)]
    change = may_change(st, seat)
    return {"explanations": seen,
            "to_answer": [s["id"] for s in st.statements if s["kind"] == "question"
                          and s["call_by"] == seat and not s["answer"]],
            "may_alert": [] if complete else [i for i in own if i not in alerted],
            "may_ask_about": asking, "may_correct": correcting,
            "may_change_call": change is not None,
            "may_change_after": bool(t.lho_may_change == seat and not st.hold
                                     and t.phase == AUCTION),
            "may_withdraw": may_withdraw(st, seat) is not None,
            "explain_max": EXPLANATION_CHARS}


def director_part(st) -> list[dict]:
    """Every statement, with who has seen it and from which point (the Director's view)."""
    out = []
    for s in st.statements:
        x = _public_form(s)
        x["seen"] = dict(s["seen"])
        if s["kind"] == "correction":
            x["laws"] = list(s["laws"])
            x["changers"] = list(s["changers"])
        out.append(x)
    return out


def point_text(at: dict, lang: str) -> str:
    if at["phase"] == "auction":
        return message("ui.live.expl.at_auction", lang, n=at["calls"] + 1)  # the call due
    if at["phase"] == "play":
        return message("ui.live.expl.at_play", lang, n=at["trick"])
    return message(f"ui.live.expl.at_{at['phase']}", lang)


def lines(st, lang: str) -> list[str]:
    """The statements as lines in ``lang`` (a ruling's facts): what, by whom, about which
    call, when, and who saw it."""
    from ...i18n.display import contract as call_label
    out = []
    for s in st.statements:
        seat = message(f"ui.seat.{SEAT_NAMES[s['by']]}", lang)
        what = message(f"ui.live.expl.{s['kind']}", lang, seat=seat,
                       call=call_label(s["call"], lang),
                       caller=message(f"ui.seat.{SEAT_NAMES[s['call_by']]}", lang))
        line = f"{what} ({point_text(s['at'], lang)})"
        if s["text"]:
            line += f": {s['text']}"
        a = s.get("answer")
        if a:
            line += " — " + message("ui.live.expl.answered", lang,
                                    seat=message(f"ui.seat.{a['by']}", lang)) + f": {a['text']}"
        seen = ", ".join(message(f"ui.seat.{k}", lang) for k in SEAT_NAMES if k in s["seen"])
        line += " · " + message("ui.live.expl.seen", lang, seats=seen)
        out.append(line)
    return out
