"""The judgement rulings at the table: one question per section, large yes/no taps, and
the ruling written from the answers into the rulings log (``logic.py``).

Every page posts all the answers given so far (hidden fields) with the new one; the
server walks the procedure again and shows the next question, or the written ruling
once the answers decide it.  Nothing is stored until the Director records the ruling.
"""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from jinja2 import pass_context

from ...i18n import has_message, message
from ..assistant.routes import EDITIONS, _context, _context_errors, t_context
from ..db import Director, EventRow, RulingRow
from ..limits import Id, PageError, form_data, whole_number
from ..web import check_csrf, lang_of, render, require_director, templates
from . import logic
from .logic import MAX_ALTERNATIVES, REVIEWS, SEATS, walk

router = APIRouter()
#: the longest note the Director may add to a ruling
MAX_NOTES = 2000
#: the fields that carry a procedure's answers from page to page
ANSWER_KEYS = {"ui": tuple(logic.UI_STEPS), "mi": tuple(logic.MI_STEPS),
               "review": ("different",)}
ALT_FIELDS = ("text", "considered", "chosen", "la")


def _answers(procedure: str, values) -> dict:
    """The answers on a form (or in an address): each question's value, the poll and the
    alternatives' rows (``alt_text`` ... repeated, one per row)."""
    out = {k: str(values.get(k, "") or "") for k in ANSWER_KEYS[procedure]
           if k != "alternatives" and values.get(k)}
    if procedure == "ui" and values.get("alternatives_given"):
        cols = {f: [str(x) for x in values.getlist(f"alt_{f}")] for f in ALT_FIELDS}
        n = max((len(c) for c in cols.values()), default=0)
        if n > 2 * MAX_ALTERNATIVES:             # a form the page never writes
            raise PageError(400, "ui.judgement.err.too_many", n=MAX_ALTERNATIVES)
        out["alternatives"] = [{f: (cols[f][i] if i < len(cols[f]) else "") for f in ALT_FIELDS}
                               for i in range(n)]
        out["polled"] = str(values.get("polled", "") or "")
    return out


def _edition(values) -> str:
    e = str(values.get("edition", "") or "")
    return e if e in EDITIONS else "2017"


def _flag(values) -> str:
    return str(values.get("flag", "") or "")


def _page(request, procedure: str, answers: dict, ctx: dict, edition: str, flag: str = "",
          status: int = 200, errors: dict | None = None, extra: dict | None = None):
    """The next question, or the written ruling when the answers decide it."""
    lang = lang_of(request)
    w = walk(procedure, dict(answers), edition, flag)
    errors = dict(errors or {})
    for key, (msg, values) in w.errors.items():
        errors[key] = message(msg, lang, **values)
    status = 400 if errors and status == 200 else status
    common = dict(proc=procedure, w=w, ctx=ctx, edition=edition, flag=flag,
                  extra=extra or {}, answers=answers, action=_action(procedure, flag),
                  answered=[(logic.question(s, lang, w), logic.answer_text(s, a, lang),
                             [logic.law(x, edition) for x in s.laws]) for s, a in w.answered],
                  hidden=_hidden(answers, w), title=_title(procedure, flag, lang),
                  events=_event_names(request))
    if w.outcome is not None and not w.errors:
        return render(request, "judgement_ruling.html", status_code=status, errors=errors,
                      lines=logic.ruling_lines(w, lang, answers.get("polled", "")),
                      notes=str((extra or {}).get("notes", "")), **common)
    step = w.step
    means = None
    if procedure == "review":
        means = {}
        for a in ("yes", "no"):
            wa = walk("review", {"different": a}, edition, flag)
            means[a] = (logic.outcome_text(wa, lang), list(wa.outcome.laws))
    return render(request, "judgement_form.html", status_code=status, step=step,
                  question=logic.question(step, lang, w) if step else "",
                  laws=[logic.law(x, edition) for x in step.laws] if step else [],
                  help=(message(f"ui.judgement.help.{step.key}", lang)
                        if step and procedure != "review"
                        and has_message(f"ui.judgement.help.{step.key}") else ""),
                  errors=errors, seats=SEATS, means=means, max_alts=MAX_ALTERNATIVES,
                  rows=_rows(answers), **common)


def _event_names(request) -> list[tuple[str, str]]:
    """The events (id, name), newest first: the place of a ruling names its event, never
    its number."""
    from ..db import EventRow, select
    with request.app.state.store.session() as s:
        return [(str(e.id), e.name) for e in s.scalars(
            select(EventRow).order_by(EventRow.id.desc()).limit(500))]


def _rows(answers: dict) -> list[dict]:
    rows = list(answers.get("alternatives") or [])
    return rows + [dict.fromkeys(ALT_FIELDS, "")] * (MAX_ALTERNATIVES - len(rows))


def _hidden(answers: dict, w) -> list[tuple[str, str]]:
    """The answers given before the question shown, as hidden fields (the question
    shown is asked again, with its answer in its own fields)."""
    current = w.step.key if w.step else None
    out = []
    for k, v in answers.items():
        if k in (current, "polled") or (current == "alternatives" and k == "alternatives"):
            continue
        if k == "alternatives":
            out.append(("alternatives_given", "1"))
            out.append(("polled", answers.get("polled", "")))
            for row in v:
                out.extend((f"alt_{f}", str(row.get(f, ""))) for f in ALT_FIELDS)
        else:
            out.append((k, v))
    return out


def _action(procedure: str, flag: str) -> str:
    return f"/judgement/review/{flag}" if procedure == "review" else f"/judgement/{procedure}"


def _title(procedure: str, flag: str, lang: str) -> str:
    title = message(f"ui.judgement.title.{procedure}", lang)
    return f"{title} · {REVIEWS[flag][0]}" if procedure == "review" else title


def _checked_context(request, values, lang):
    """The context (where the ruling is given), its errors in one line if any."""
    ctx = _context(values)
    with request.app.state.store.session() as s:
        wrong = _context_errors(s, ctx)
    return ctx, (t_context(wrong, lang) if wrong else None)


def _extra(values) -> dict:
    """What the page carries besides the answers: the live table it came from (a link
    back) and the seat a flag names."""
    out = {}
    live = whole_number(str(values.get("live", "") or ""), 1)
    if live is not None:
        out["live"] = str(live)
    seat = str(values.get("seat", "") or "").upper()
    if seat in SEATS:
        out["seat"] = seat
    return out


@pass_context
def judgement_links(jctx, flags, where: dict, edition: str = "2017", live=None) -> dict:
    """The judgement procedures for a table (a template's global, for the live
    director's page and the assistant's ruling page): each flag of the table's state
    that asks for the Director's judgement, with the link to its review (a UI flag to
    the unauthorised-information procedure), and the two procedures for this table."""
    lang = jctx.get("lang", "en")
    base = {k: v for k, v in (where or {}).items() if v}
    if edition in EDITIONS and edition != "2017":
        base["edition"] = edition
    if live:
        base["live"] = live
    out, seen = [], set()
    for f in flags or []:
        name, law_ref, seat = f.get("flag", ""), f.get("law", ""), f.get("seat", "")
        if (name, law_ref, seat) in seen:
            continue
        seen.add((name, law_ref, seat))
        if name.startswith("UI"):
            q = {**base, **({"source": "withdrawn"} if law_ref.startswith("16C") else {})}
            text = (message("ui.judgement.flag_ui", lang, seat=message(f"ui.seat.{seat}", lang))
                    if seat in SEATS else message("ui.judgement.title.ui", lang))
            out.append({"href": "/judgement/ui?" + urlencode(q), "text": text, "law": law_ref})
        elif name in REVIEWS:
            q = {**base, **({"seat": seat} if seat in SEATS else {})}
            w = walk("review", {}, edition, name)
            out.append({"href": f"/judgement/review/{name}?" + urlencode(q),
                        "text": logic.question(logic.review_step(name), lang, w),
                        "law": logic.law(law_ref, edition)})
    return {"flags": out, "ui": "/judgement/ui?" + urlencode(base),
            "mi": "/judgement/mi?" + urlencode(base)}


templates.env.globals["judgement_links"] = judgement_links


@router.get("/judgement", response_class=HTMLResponse)
def index(request: Request, d: Director = Depends(require_director)):
    lang = lang_of(request)
    reviews = [(f, REVIEWS[f][0], logic.question(logic.review_step(f), lang,
                                                 walk("review", {}, "2017", f)),
                f in logic.ONLY_1997) for f in logic.REVIEW_ORDER]
    return render(request, "judgement_index.html", reviews=reviews,
                  query=urlencode({k: v for k, v in _context(request.query_params).items() if v}))


@router.post("/judgement/record", response_class=HTMLResponse)
def record(request: Request, d: Director = Depends(require_director), form=Depends(form_data)):
    """The written ruling into the rulings log: the answers as JSON facts, the Laws cited,
    the edition, the ruling's text and the Director's notes."""
    check_csrf(request, form.get("csrf"))
    procedure, flag = str(form.get("procedure", "")), _flag(form)
    _known(procedure, flag, request)
    lang = lang_of(request)
    answers = _answers(procedure, form)
    edition = _edition(form)
    ctx, wrong = _checked_context(request, form, lang)
    notes = str(form.get("notes", "") or "").strip()
    extra = {**_extra(form), "notes": notes}
    w = walk(procedure, dict(answers), edition, flag)
    if wrong or w.errors or w.outcome is None:
        return _page(request, procedure, answers, ctx, edition, flag, status=400,
                     errors={"_": wrong or message("ui.judgement.err.unfinished", lang)},
                     extra=extra)
    if len(notes) > MAX_NOTES:
        return _page(request, procedure, answers, ctx, edition, flag, status=400,
                     errors={"notes": f"{message('ui.ruling.notes', lang)}: "
                             + message("ui.err.too_long", lang, n=MAX_NOTES,
                                       length=len(notes))},
                     extra=extra)
    lines = logic.ruling_lines(w, lang, answers.get("polled", ""))
    facts = {"procedure": procedure, "answers": {s.key: a for s, a in w.answered},
             "outcome": w.outcome.key, "adjust": w.outcome.adjust}
    if answers.get("polled"):
        facts["polled"] = int(answers["polled"])
    if flag:
        facts["flag"] = flag
    if w.outcome.seat:
        facts["may_change"] = w.outcome.seat
    if extra.get("live"):
        facts["live_table"] = int(extra["live"])
    as_int = (lambda v: whole_number(v, 1))
    with request.app.state.store.transaction() as s:
        event_id = as_int(ctx["event"])
        row = RulingRow(event_id=event_id, section=ctx["section"], round=as_int(ctx["round"]),
                        table_no=as_int(ctx["table"]), board=as_int(ctx["board"]),
                        scenario=f"judgement_{procedure}", kind="", facts=facts, case={},
                        edition=edition, laws=logic.all_laws(w), options=[],
                        chooser=w.outcome.seat or "", choice="",
                        explanation="\n".join(lines), notes=notes, director=d.username)
        s.add(row)
        s.flush()
        ruling_id = row.id
    return RedirectResponse(f"/judgement/ruling/{ruling_id}", status_code=303)


@router.get("/judgement/ruling/{ruling_id}", response_class=HTMLResponse)
def recorded(request: Request, ruling_id: Id, d: Director = Depends(require_director)):
    """A recorded judgement ruling: its text, and the way on to the adjusted score
    (the console's form, with the board and table filled in) when it says to adjust."""
    lang = lang_of(request)
    with request.app.state.store.session() as s:
        r = s.get(RulingRow, ruling_id)
        if r is None or not r.scenario.startswith("judgement_"):
            raise PageError(404, "ui.error.no_ruling", id=ruling_id)
        ev = s.get(EventRow, r.event_id) if r.event_id else None
        adjust = likely = None
        if (r.facts or {}).get("adjust") and ev is not None:
            lines = r.explanation.splitlines()
            adjust = f"/events/{ev.id}/adjust?" + urlencode({
                "section": r.section or "A", "round": r.round or "", "table": r.table_no or "",
                "board": r.board or "", "kind": "assigned",
                "laws": ", ".join(x for x in r.laws if x.startswith("12")),
                "ruling": message("ui.judgement.adjust_text", lang, id=r.id,
                                  text=lines[-1] if lines else "")})
            # the likely results with the assistant (Law 12C): the place, the edition
            # and the ruling's words come from the ruling (context, not sample data)
            likely = f"/events/{ev.id}/adjust/likely?" + urlencode({
                "section": r.section or "A", "round": r.round or "", "table": r.table_no or "",
                "board": r.board or "", "edition": r.edition or "2017", "from_ruling": r.id,
                "laws": ", ".join(x for x in r.laws if not x.startswith("12")),
                "ruling": message("ui.judgement.adjust_text", lang, id=r.id,
                                  text=lines[-1] if lines else "")})
        return render(request, "judgement_recorded.html", r=r, ev=ev, adjust=adjust,
                      likely=likely,
                      live=(r.facts or {}).get("live_table"))


def _known(procedure: str, flag: str, request) -> None:
    if procedure not in ("ui", "mi") and not (procedure == "review" and flag in REVIEWS):
        raise HTTPException(404, message("ui.judgement.unknown", lang_of(request),
                                         name=(flag or procedure)[:40]))


@router.get("/judgement/{procedure}", response_class=HTMLResponse)
def start(request: Request, procedure: str, d: Director = Depends(require_director)):
    """A procedure's first question, with where it is (from the address: the live
    director's page and the assistant pass the table)."""
    return _start(request, procedure, "")


@router.get("/judgement/review/{flag}", response_class=HTMLResponse)
def start_review(request: Request, flag: str, d: Director = Depends(require_director)):
    return _start(request, "review", flag)


def _start(request, procedure: str, flag: str):
    _known(procedure, flag, request)
    q = request.query_params
    ctx, wrong = _checked_context(request, q, lang_of(request))
    if wrong:
        ctx = {k: "" for k in ctx}
    # what the table's record says already (a UI flag: the withdrawn call, 16C)
    answers = {}
    if procedure == "ui" and q.get("source") in logic.UI_SOURCES:
        answers["source"] = q["source"]
    return _page(request, procedure, answers, ctx, _edition(q), flag, extra=_extra(q))


@router.post("/judgement/{procedure}", response_class=HTMLResponse)
def answer(request: Request, procedure: str, d: Director = Depends(require_director),
           form=Depends(form_data)):
    return _answer(request, procedure, "", form)


@router.post("/judgement/review/{flag}", response_class=HTMLResponse)
def answer_review(request: Request, flag: str, d: Director = Depends(require_director),
                  form=Depends(form_data)):
    return _answer(request, "review", flag, form)


def _answer(request, procedure: str, flag: str, form):
    """The answers so far with the new one: the next question or the written ruling.
    ``back`` takes the last answer away (to change it)."""
    _known(procedure, flag, request)
    check_csrf(request, form.get("csrf"))
    lang = lang_of(request)
    answers = _answers(procedure, form)
    ctx, wrong = _checked_context(request, form, lang)
    edition = _edition(form)
    if wrong:
        return _page(request, procedure, {}, ctx, edition, flag, status=400,
                     errors={"_": wrong}, extra=_extra(form))
    if form.get("back"):
        w = walk(procedure, dict(answers), edition, flag)
        if w.answered:
            last = w.answered[-1][0].key
            answers.pop(last, None)
            if last == "alternatives":
                answers.pop("polled", None)
    return _page(request, procedure, answers, ctx, edition, flag, extra=_extra(form))
