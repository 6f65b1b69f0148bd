"""The rulings that need the Director's judgement (Laws 12, 16, 20-21, 23, 27D, 40, 47E2,
64C, 72C, 75): the procedure each follows, one question at a time, and the ruling
written from the answers.

A procedure is a walk (:func:`walk`): from the answers given so far it finds the next
question to ask, or the outcome once the answers decide it.  Each question cites the
Laws it applies; the written ruling (:func:`ruling_lines`) repeats every question
asked with the Director's answer and those Laws, then the outcome with its Laws, so
that an appeals committee (Laws 92-93) can follow the reasoning.

Three procedures:

* ``ui``: unauthorised information (16B, 16C, 73C): was there any, what it suggested,
  the logical alternatives (with the Director's poll of peers: 16B1b), whether one the
  information suggested was chosen over a logical alternative, and damage (12B1).
* ``mi``: misinformation (20F, 21B, 40B3, 47E2, 75): mistaken explanation or mistaken
  call (presumed explanation without evidence: 21B1b), when it was corrected, what the
  Laws let the misinformed side do, and the adjustment (21B3, 40B3, 47E2b, 12C1).
* ``review``: a flag the engine raised at a table (23C, 27D, 45F, 47E2b, 64C, 72C, ...):
  would the outcome likely have been different without the irregularity?

>>> r = walk("ui", {"player": "S", "source": "hesitation", "suggests": "yes",
...                 "suggestion": "bid on", "action": "4S", "polled": "5",
...                 "alternatives": [{"text": "pass", "considered": "0", "chosen": "0"}]})
>>> r.outcome.key, r.outcome.laws
('stands_no_la', ('16B1b',))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...formats.replay import shown
from ...i18n import message

__all__ = ["PROCEDURES", "REVIEWS", "Step", "Outcome", "Walk", "walk", "ruling_lines",
           "law", "MAX_TEXT", "MAX_CALL", "MAX_ALTERNATIVES", "MAX_POLL"]

PROCEDURES = ("ui", "mi", "review")
SEATS = ("N", "E", "S", "W")
#: limits on the Director's answers
MAX_TEXT = 300              # a description (what the information suggested, the evidence)
MAX_CALL = 60               # an action: a call or a play, in the Director's words
MAX_ALTERNATIVES = 6        # logical alternatives on one ruling
MAX_POLL = 50               # players polled
#: Unicode isolates around the Laws cited in the written text: "16B1a, 12B1" keeps its
#: order inside a Hebrew sentence
LTR, END = "\u2066", "\u2069"
#: around the Director's own words in the written text: their own direction (first
#: strong character), so that "4♠" or "pass (3 ...)" reads right in a Hebrew ruling
OWN = "\u2068"


@dataclass(frozen=True)
class Step:
    """One question: its key (``ui.judgement.q.<key>`` is its text), the kind of answer
    (``yesno``, ``choice`` among ``options``, ``seat``, ``text``, ``call``,
    ``alternatives``) and the Laws it applies."""
    key: str
    kind: str
    laws: tuple[str, ...]
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What the answers decide: ``key`` (``ui.judgement.outcome.<key>``), its Laws,
    whether the score is to be adjusted (12C1), and the seat the Laws give a right to
    (21B1a: the misinformed player who may change his call)."""
    key: str
    laws: tuple[str, ...]
    adjust: bool = False
    seat: str | None = None


@dataclass
class Walk:
    """A procedure walked over the answers: the questions answered (with the answers),
    the next question (``step``) or the ``outcome``, and what was wrong with an answer
    (``errors``: the step's key to a message key and its values)."""
    procedure: str
    edition: str
    answered: list[tuple[Step, object]] = field(default_factory=list)
    step: Step | None = None
    outcome: Outcome | None = None
    errors: dict[str, tuple[str, dict]] = field(default_factory=dict)
    flag: str = ""


#: the 1997 Laws' numbers for the 2017 references these procedures cite (LAWS.md §4 and
#: LAWS-1997.md: the 1997 Law 16A is the information from partner; 12C in 1997 has no
#: weighting; the comparable call and 27D do not exist (1997 27B1b); 72C was 72B1)
LAWS_1997 = {"16B1a": "16A", "16B1b": "16A", "16B3": "16A", "16C": "16C2", "12B1": "12B",
             "12C1": "12C", "12C1b": "12C", "12C1c": "12C", "72C": "72B1", "23C": "23",
             "27D": "27B1b"}


def law(ref: str, edition: str) -> str:
    """A 2017 reference as the edition numbers it.

    >>> law("16B1a", "1997"), law("16B1a", "2017"), law("21B1a", "1997")
    ('16A', '16B1a', '21B1a')
    """
    return LAWS_1997.get(ref, ref) if edition == "1997" else ref


# ------------------------------------------------------------------ the questions

UI_SOURCES = ("hesitation", "remark", "alert", "withdrawn", "none")
UI_STEPS = {
    "player": Step("player", "seat", ("16B1a",)),
    "source": Step("source", "choice", ("16B1a", "73C"), UI_SOURCES),
    "suggests": Step("suggests", "yesno", ("16B1a",)),
    "suggestion": Step("suggestion", "text", ("16B1a",)),
    "action": Step("action", "call", ("16B1a",)),
    "alternatives": Step("alternatives", "alternatives", ("16B1b",)),
    "chosen_suggested": Step("chosen_suggested", "yesno", ("16B1a",)),
    "damage": Step("damage", "yesno", ("12B1",)),
}

MI_EVIDENCE = ("system_card", "notes", "statements", "none")
MI_FINDINGS = ("explanation", "call")
MI_WHEN = ("auction", "clarification", "play", "after_play")
MI_STEPS = {
    "explainer": Step("explainer", "seat", ("20F1", "75B")),
    "evidence": Step("evidence", "choice", ("40A1b", "75C"), MI_EVIDENCE),
    "finding": Step("finding", "choice", ("75B", "75C", "21B1b"), MI_FINDINGS),
    "when": Step("when", "choice", ("20F4", "20F5", "21B1a"), MI_WHEN),
    "misinformed": Step("misinformed", "seat", ("21B1a",)),
    "partner_called": Step("partner_called", "yesno", ("21B1a",)),
    "influenced": Step("influenced", "yesno", ("21B1a",)),
    "card_since": Step("card_since", "yesno", ("47E2a",)),
    "different": Step("different", "yesno", ("21B3", "40B3", "12B1")),
}

#: the flags a table raises for the Director's review at the end of play, with the
#: Laws the question applies and the consequence of a "yes"
REVIEWS = {
    "Review23C": ("23C", "12C1b"),
    "Review27D": ("27D", "12C1b"),
    "Review45F": ("45F", "12C1"),
    "Review47E2b": ("47E2b", "12C1"),
    "Review64C": ("64C", "12C1"),
    "Review72C": ("72C", "12C1b"),
    "Review21B3": ("21B3", "12C1"),
    "Review43B3": ("43B3", "12C1"),
    "Review43B3both": ("43B3", "12C1"),
    "Review13A2": ("13A2", "12C1b"),
    "Review13B1": ("13B1", "12C1"),
    "Review13C": ("13C", "12C1"),
    "Review15A3": ("15A3", "12C1"),
    "Review23": ("23", "12C"),              # 1997: an enforced pass that damaged
    "Review27B1b": ("27B1b", "12C"),        # 1997: the insufficient bid's information
}


#: flags that share another's question
REVIEW_TEXT = {"Review43B3both": "Review43B3", "Review13A2": "generic", "Review13B1": "generic",
               "Review13C": "generic", "Review15A3": "generic"}
#: the reviews in the order the index lists them: those the brief names first
REVIEW_ORDER = ("Review23C", "Review27D", "Review45F", "Review47E2b", "Review64C",
                "Review72C", "Review21B3", "Review43B3", "Review13A2", "Review13B1",
                "Review13C", "Review15A3", "Review23", "Review27B1b")


#: the flags only the 1997 Laws raise
ONLY_1997 = ("Review23", "Review27B1b")


def review_step(flag: str) -> Step:
    return Step("different", "yesno", (REVIEWS[flag][0], "12B1"))


# ------------------------------------------------------------------ reading the answers

def _seat(value) -> str | None:
    v = str(value or "").strip().upper()
    return v if v in SEATS else None


def _whole(value, low: int, high: int) -> int | None:
    text = str(value or "").strip()
    if not text.isdigit() or len(text) > 6:
        return None
    n = int(text)
    return n if low <= n <= high else None


def _alternatives(answers: dict, w: Walk) -> list[dict] | None:
    """The logical alternatives the Director listed, each with the poll's counts and
    whether it is a logical alternative (16B1b: a significant part of the player's
    peers would seriously consider it, and some might choose it).  With a poll and no
    answer of his, the poll decides: some would seriously consider it and some would
    choose it.  ``None`` (and ``w.errors``) when something is wrong."""
    rows = answers.get("alternatives")
    if not isinstance(rows, list):
        return None
    polled_text = str(answers.get("polled", "") or "").strip()
    polled = None
    if polled_text:
        polled = _whole(polled_text, 1, MAX_POLL)
        if polled is None:
            w.errors["alternatives"] = ("ui.judgement.err.polled", {"n": MAX_POLL})
            return None
    rows = [r for r in rows if isinstance(r, dict) and str(r.get("text", "")).strip()]
    if len(rows) > MAX_ALTERNATIVES:
        w.errors["alternatives"] = ("ui.judgement.err.too_many", {"n": MAX_ALTERNATIVES})
        return None
    out = []
    for i, r in enumerate(rows, 1):
        text = str(r["text"]).strip()
        if len(text) > MAX_CALL:
            w.errors["alternatives"] = ("ui.judgement.err.alt_long",
                                        {"i": i, "n": MAX_CALL, "length": len(text)})
            return None
        counts = {}
        for k in ("considered", "chosen"):
            v = str(r.get(k, "") or "").strip()
            if polled is None:
                if v:
                    w.errors["alternatives"] = ("ui.judgement.err.no_poll", {"i": i})
                    return None
                continue
            n = _whole(v, 0, polled)
            if n is None:
                w.errors["alternatives"] = ("ui.judgement.err.count",
                                            {"i": i, "n": polled})
                return None
            counts[k] = n
        if counts and counts["chosen"] > counts["considered"]:
            w.errors["alternatives"] = ("ui.judgement.err.chosen_more", {"i": i})
            return None
        la = str(r.get("la", "") or "")
        if la not in ("", "yes", "no"):
            la = ""
        if not la:
            if not counts:
                w.errors["alternatives"] = ("ui.judgement.err.need_la", {"i": i})
                return None
            la = "yes" if counts["considered"] and counts["chosen"] else "no"
        elif la == "yes" and counts and not counts["considered"]:
            # 16B1b: an action nobody would seriously consider is no logical alternative
            w.errors["alternatives"] = ("ui.judgement.err.la_unconsidered", {"i": i})
            return None
        out.append({"text": text, **counts, "la": la})
    answers["polled"] = str(polled) if polled is not None else ""
    return out


def _answer(step: Step, answers: dict, w: Walk, edition: str):
    """The answer to ``step``, checked; ``None`` while it is not given (or wrong, with
    ``w.errors`` saying why)."""
    raw = answers.get(step.key)
    if step.kind == "alternatives":
        if raw is None:
            return None
        return _alternatives(answers, w)
    text = str(raw or "").strip()
    if not text:
        return None
    if step.kind == "yesno":
        ok = text if text in ("yes", "no") else None
    elif step.kind == "choice":
        ok = text if text in step.options else None
    elif step.kind == "seat":
        ok = _seat(text)
    else:
        most = MAX_TEXT if step.kind == "text" else MAX_CALL
        if len(text) > most:
            w.errors[step.key] = ("ui.judgement.err.too_long", {"n": most, "length": len(text)})
            return None
        ok = text
    if ok is None:
        w.errors[step.key] = ("ui.judgement.err.answer", {})
    return ok


def walk(procedure: str, answers: dict, edition: str = "2017", flag: str = "") -> Walk:
    """Walk ``procedure`` over ``answers`` (the form's values by question key;
    ``alternatives`` a list of dicts): the questions answered, then the next question,
    or the outcome.  An answer that is wrong stops the walk at its question."""
    edition = edition if edition in ("2017", "1997") else "2017"
    w = Walk(procedure, edition, flag=flag)

    def ask(step: Step):
        """The answer to ``step``; ``None`` stops the walk there."""
        a = _answer(step, answers, w, edition)
        if a is None:
            w.step = step
            return None
        w.answered.append((step, a))
        return a

    def done(key: str, *laws: str, adjust: bool = False, seat: str | None = None) -> Walk:
        refs = tuple(dict.fromkeys(law(x, edition) for x in laws))   # 1997: 12C once
        w.outcome = Outcome(key, refs, adjust, seat)
        return w

    if procedure == "ui":
        return _walk_ui(ask, done, w)
    if procedure == "mi":
        return _walk_mi(ask, done, w)
    if procedure == "review" and flag in REVIEWS:
        a = ask(review_step(flag))
        if a is None:
            return w
        own, adjust_law = REVIEWS[flag]
        if a == "no":
            return done("review_stands", own)
        if flag == "Review64C":
            return done("review_64C", "64C", "12C1", adjust=True)
        if flag == "Review23C":
            return done("review_23C", "23C", "12C1b", adjust=True)
        if flag in ("Review43B3", "Review43B3both"):
            return done("review_43B3", "43B3", "12C1", adjust=True)
        return done("review_adjust", own, adjust_law, adjust=True)
    raise ValueError(procedure)


def _walk_ui(ask, done, w: Walk) -> Walk:
    if ask(UI_STEPS["player"]) is None:
        return w
    source = ask(UI_STEPS["source"])
    if source is None:
        return w
    if source == "none":
        return done("stands_no_ui", "16A1")
    suggests = ask(UI_STEPS["suggests"])
    if suggests is None:
        return w
    if suggests == "no":
        return done("stands_no_suggestion", "16B1a")
    for key in ("suggestion", "action"):
        if ask(UI_STEPS[key]) is None:
            return w
    alts = ask(UI_STEPS["alternatives"])
    if alts is None:
        return w
    if not any(a["la"] == "yes" for a in alts):
        return done("stands_no_la", "16B1b")
    chosen = ask(UI_STEPS["chosen_suggested"])
    if chosen is None:
        return w
    if chosen == "no":
        return done("stands_not_suggested", "16B1a")
    damage = ask(UI_STEPS["damage"])
    if damage is None:
        return w
    if damage == "no":
        return done("stands_no_damage", "12B1")
    return done("ui_adjust", "16B3", "12C1b", "12C1c", adjust=True)


def _walk_mi(ask, done, w: Walk) -> Walk:
    explainer = ask(MI_STEPS["explainer"])
    if explainer is None:
        return w
    if ask(MI_STEPS["evidence"]) is None:
        return w
    finding = ask(MI_STEPS["finding"])
    if finding is None:
        return w
    if finding == "call":
        # a mistaken call is no infraction (75C): no redress; partner's explanation is
        # unauthorised information to the caller (75A, 16B)
        return done("mi_mistaken_call", "75C", "21A", "75A")
    when = ask(MI_STEPS["when"])
    if when is None:
        return w
    if when in ("auction", "clarification"):
        seat = ask(MI_STEPS["misinformed"])
        if seat is None:
            return w
        if SEATS.index(seat) % 2 == SEATS.index(explainer) % 2:
            w.answered.pop()
            w.step = MI_STEPS["misinformed"]
            w.errors["misinformed"] = ("ui.judgement.err.same_side", {})
            return w
        partner_called = ask(MI_STEPS["partner_called"])
        if partner_called is None:
            return w
        if partner_called == "no":
            influenced = ask(MI_STEPS["influenced"])
            if influenced is None:
                return w
            if influenced == "yes":
                return done("mi_change_call", "21B1a", "21B2", "16C", seat=seat)
            # the call stands; the damage is reviewed at the end of play
    elif when == "play":
        if ask(MI_STEPS["card_since"]) is None:
            return w
    different = ask(MI_STEPS["different"])
    if different is None:
        return w
    if different == "no":
        return done("mi_stands", "21B3", "12B1")
    return done("mi_adjust", "21B3", "40B3", "12C1b", adjust=True)


# ------------------------------------------------------------------ the written ruling

def answer_text(step: Step, answer, lang: str) -> str:
    """An answer in the Director's language."""
    if step.kind == "yesno":
        return message(f"ui.judgement.{answer}", lang)
    if step.kind == "choice":
        return message(f"ui.judgement.a.{step.key}.{answer}", lang)
    if step.kind == "seat":
        return message(f"ui.seat.{answer}", lang)
    if step.kind == "alternatives":
        if not answer:
            return message("ui.judgement.no_alternatives", lang)
        parts = []
        for a in answer:
            poll = (message("ui.judgement.poll_counts", lang, considered=a["considered"],
                            chosen=a["chosen"]) if "considered" in a else "")
            verdict = message("ui.judgement.la_" + a["la"], lang)
            parts.append(f"{OWN}{shown(a['text'])}{END}{' (' + poll + ')' if poll else ''}"
                         f": {verdict}")
        return "; ".join(parts)
    return OWN + shown(str(answer)) + END    # calls and cards with symbols: 4S is 4♠


def ruling_lines(w: Walk, lang: str, polled: str = "") -> list[str]:
    """The ruling as the assistant writes it: the edition, each question asked with the
    Director's answer and its Laws, then the outcome with its Laws."""
    title = message(f"ui.judgement.title.{w.procedure}", lang)
    if w.procedure == "review":
        title += f" · {law(REVIEWS[w.flag][0], w.edition)}"
    out = [title,
           message("ui.judgement.edition_line", lang,
                   edition=message(f"ui.edition.{w.edition}", lang))]
    for i, (step, a) in enumerate(w.answered, 1):
        q = question(step, lang, w)
        extra = ""
        if step.kind == "alternatives" and polled:
            extra = " " + message("ui.judgement.polled_line", lang, n=polled)
        refs = ", ".join(law(x, w.edition) for x in step.laws)
        out.append(f"{i}. {q} — {answer_text(step, a, lang)}{extra} [{LTR}{refs}{END}]")
    if w.outcome is not None:
        out.append(message("ui.judgement.ruling_line", lang, text=outcome_text(w, lang),
                           laws=LTR + ", ".join(w.outcome.laws) + END))
    return out


def outcome_text(w: Walk, lang: str) -> str:
    """What the answers decide, in words (with how to adjust, when the score is)."""
    o = w.outcome
    seat = message(f"ui.seat.{o.seat}", lang) if o.seat else ""
    lho = message(f"ui.seat.{SEATS[(SEATS.index(o.seat) + 1) % 4]}", lang) if o.seat else ""
    text = message(f"ui.judgement.outcome.{o.key}", lang, seat=seat, lho=lho)
    if o.adjust:
        text += " " + message(f"ui.judgement.adjust_how.{w.edition}", lang)
    return text


def question(step: Step, lang: str, w: Walk) -> str:
    """The question in plain words (a review's question is its flag's)."""
    if w.procedure == "review":
        return message(f"ui.judgement.review.{REVIEW_TEXT.get(w.flag, w.flag)}", lang)
    return message(f"ui.judgement.q.{step.key}", lang)


def all_laws(w: Walk) -> list[str]:
    """Every Law the ruling cites, in the order cited, each once."""
    out: list[str] = []
    for step, _ in w.answered:
        out.extend(law(x, w.edition) for x in step.laws)
    if w.outcome is not None:
        out.extend(w.outcome.laws)
    return list(dict.fromkeys(out))
