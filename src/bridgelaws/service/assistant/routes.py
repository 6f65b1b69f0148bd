"""The ruling assistant: the booklet's groups, the facts the engine needs, the options
the Laws give, and the chosen one applied by the engine and recorded in the log.

The Director picks an irregularity from the booklet's groups (``booklet.py``), answers
its few facts (or opens a table's record, a case in the JSON of ``shared/CASES.md``),
and sees what the Laws provide: who chooses, each option with what follows, the law
references and the text to read out (``bridgelaws.explain``).  Choosing an option
appends the choice to the case; the engine replays it, and when no decision is left
the ruling goes into the log.
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse

from ...cards import SEAT_NAMES, BridgeError
from ...explain import explain, refusal
from ...formats.case import case_table, parse_case_text
from ...i18n import message
from . import booklet
from .. import choices as choices_mod
from ..db import BoardRow, Director, EventRow, RulingRow, select
from ..limits import PageError, form_data, json_body, whole_number
from ..console.logic import FieldError
from ..web import check_csrf, lang_of, render, require_director

router = APIRouter()
CONTEXT = ("event", "section", "round", "table", "board")
SUITS = ("S", "H", "D", "C")
#: the Laws a ruling may be given under (``edition`` of the case; 2017 by default)
EDITIONS = ("2017", "1997")
#: options that name a suit, several suits, or a card
SUIT_OPTIONS = ("require_suit", "forbid_suit")
CARD_OPTIONS = ("designate",)


def _context(values) -> dict:
    return {k: str(values.get(k, "") or "").strip() for k in CONTEXT}


def _context_errors(s, ctx: dict) -> dict[str, FieldError]:
    """What is wrong with the context (where the ruling was given): each of event,
    round, table and board is empty or a whole number, the event exists, and a
    section's name fits its column."""
    errors = {}
    for name in ("event", "round", "table", "board"):
        if ctx[name] and whole_number(ctx[name], 1) is None:
            errors[name] = FieldError(name, key="whole_number", value=ctx[name][:20])
    if len(ctx["section"]) > 8:
        errors["section"] = FieldError("section", key="section_name", n=len(ctx["section"]))
    if ctx["event"] and "event" not in errors and s.get(EventRow, int(ctx["event"])) is None:
        errors["event"] = FieldError("event", key="no_event", id=ctx["event"])
    return errors


def _context_deal(s, ctx: dict) -> tuple[str | None, int]:
    """The deal of the board named by the (checked) context: event and board, if any."""
    board = whole_number(ctx["board"], 1) or 1
    if ctx["event"] and ctx["board"]:
        row = s.scalar(select(BoardRow).where(BoardRow.event_id == int(ctx["event"]),
                                              BoardRow.number == board))
        if row is not None:
            return row.deal, board
    return None, board


def _with_edition(case: dict, edition) -> dict:
    """The case under the edition chosen on the form: ``"1997"`` or ``"2017"`` set it,
    anything else (the index page's "as in the case") leaves the case's own."""
    if edition in EDITIONS:
        case = {k: v for k, v in case.items() if k != "edition"}
        if edition != "2017":
            case["edition"] = edition
    return case


def _fact_error(e: BridgeError, lang: str) -> str:
    """Why an answer was not taken: a malformed one in ``lang``; one that does not fit
    the case in the engine's words."""
    if isinstance(e, booklet.FactError):
        return message(e.key, lang, **e.values)
    return e.reason


def _groups() -> list[tuple]:
    """The booklet's groups with their scenarios, in the booklet's order."""
    return [(g, booklet.scenarios_in(g)) for g in booklet.GROUP_KEYS]


@router.get("/assistant", response_class=HTMLResponse)
def index(request: Request, d: Director = Depends(require_director)):
    return render(request, "assistant_index.html", groups=_groups(), case_text="", error=None,
                  editions=EDITIONS)


def _events(s):
    return list(s.scalars(select(EventRow).order_by(EventRow.id.desc())))


@router.get("/assistant/s/{key}", response_class=HTMLResponse)
def scenario_form(request: Request, key: str, d: Director = Depends(require_director)):
    path = request.query_params.get("path", "")
    edition = request.query_params.get("edition", "2017")
    sc = _form_of(key, request, path, edition)
    # a form starts empty: the examples are placeholders, never answers
    values = {f.name: request.query_params.get(f.name, "") for f in sc.facts}
    with request.app.state.store.session() as s:
        return render(request, "assistant_form.html", sc=sc, values=values,
                      ctx=_context(request.query_params), errors={}, events=_events(s),
                      editions=EDITIONS, edition=edition, **_form_extras(sc))


def _form_of(key: str, request: Request, path: str, edition: str = "2017"):
    """The form of scenario ``key``: its facts (a tap form) when it has one, unless the
    Director has the table's record (``path`` is ``"record"``); a tap form may ask more
    under the 1997 Laws (an established revoke's second trick, 64A2)."""
    sc = _scenario(key, request)
    if path != "record":
        tap = booklet.tap_form(key, edition)
        if tap is not None:
            return tap
    return sc


def _form_extras(sc) -> dict:
    """What the form's template needs besides the facts: whether it is a tap form, and
    whether the scenario has one (for the link between the two)."""
    return {"taps": isinstance(sc, booklet.TapForm),
            "has_taps": booklet.tap_form(sc.key) is not None,
            "required": {f.name for f in sc.facts if booklet.required(f)},
            "suit_choices": booklet.SUIT_CHOICES}


def _missing(sc, values: dict, lang: str) -> dict[str, str] | None:
    """The errors of a form that left facts it needs empty: each such fact's own, and a
    first line naming the first of them (never ruled on an example)."""
    gone = booklet.missing_facts(sc, values)
    if not gone:
        return None
    errors = {name: message("ui.err.tap.missing", lang) for name in gone}
    errors["_"] = message("ui.err.tap.missing_named", lang,
                          fact=message(f"booklet.fact.{gone[0]}", lang), n=len(gone))
    return errors


def _scenario(key: str, request: Request):
    try:
        return booklet.scenario(key)
    except BridgeError:
        raise HTTPException(404, message("ui.assistant.unknown", lang_of(request), name=key))


@router.post("/assistant/s/{key}", response_class=HTMLResponse)
def scenario_rule(request: Request, key: str, d: Director = Depends(require_director),
                  form=Depends(form_data)):
    """The ruling for the facts answered (a ``def`` page, in a worker thread: the engine
    replays the case here)."""
    edition = str(form.get("edition", "2017"))
    sc = _form_of(key, request, str(form.get("path", "record")), edition)
    check_csrf(request, form.get("csrf"))
    values = {f.name: str(form.get(f.name, "")) for f in sc.facts}
    ctx = _context(form)
    lang = lang_of(request)
    with request.app.state.store.session() as s:
        wrong = _context_errors(s, ctx)
        if wrong:
            return render(request, "assistant_form.html", status_code=400, sc=sc,
                          values=values, ctx=ctx, errors={"_": t_context(wrong, lang)},
                          ctx_errors={k: e.local(lang) for k, e in wrong.items()},
                          events=_events(s), editions=EDITIONS, edition=edition,
                          **_form_extras(sc))
        gone = _missing(sc, values, lang)
        if gone:
            return render(request, "assistant_form.html", status_code=400, sc=sc,
                          values=values, ctx=ctx, errors=gone, events=_events(s),
                          editions=EDITIONS, edition=edition, **_form_extras(sc))
        deal, board = _context_deal(s, ctx)
        try:
            case = _with_edition(sc.build(values, deal=deal, board=board), edition)
            table = case_table(case)
        except BridgeError as e:
            field = e.where if e.where in values else "_"
            errors = {field: _fact_error(e, lang)}
            if field != "_":
                errors["_"] = f"{message('booklet.fact.' + field, lang)}: {errors[field]}"
            return render(request, "assistant_form.html", status_code=400, sc=sc,
                          values=values, ctx=ctx, errors=errors,
                          events=_events(s), editions=EDITIONS, edition=edition,
                          **_form_extras(sc))
    return _ruling_page(request, case, table, scenario=key, facts=values, ctx=ctx, choices=[])


def t_context(wrong: dict, lang: str) -> str:
    """The context's errors in one line, each after its field's name."""
    return "; ".join(f"{message(_CONTEXT_LABELS[k], lang)}: {e.local(lang)}"
                     for k, e in wrong.items())


_CONTEXT_LABELS = {"event": "ui.ruling.event", "section": "ui.event.section",
                   "round": "ui.event.round", "table": "ui.event.table",
                   "board": "ui.table.board"}


@router.post("/assistant/case", response_class=HTMLResponse)
def from_case(request: Request, d: Director = Depends(require_director),
              form=Depends(form_data)):
    """A table's record (a case as JSON) opened in the assistant."""
    check_csrf(request, form.get("csrf"))
    text = str(form.get("case", ""))
    ctx = _context(form)
    with request.app.state.store.session() as s:
        wrong = _context_errors(s, ctx)
    try:
        if wrong:
            raise BridgeError(t_context(wrong, lang_of(request)))
        # the limits and messages of the case files (depth, long numbers, size), read
        # from the text only: a pasted path is never opened on the server
        case = _with_edition(parse_case_text(text), form.get("edition"))
        table = case_table(case)
    except BridgeError as e:
        lang = lang_of(request)
        if wrong:
            reason = e.reason
        elif getattr(e, "refusal", ""):     # a choice in the record the Laws refuse
            reason = message("ui.assistant.refused", lang, reason=refusal(e, lang))
        else:
            reason = message("ui.assistant.case_unreadable", lang, reason=str(e))
        return render(request, "assistant_index.html", status_code=400, groups=_groups(),
                      case_text=text, error=reason, editions=EDITIONS)
    return _ruling_page(request, case, table, scenario="case", facts={}, ctx=ctx, choices=[])


def designations(case: dict, decision: dict | None) -> list[str]:
    """The cards the engine accepts for a ``designate`` option now: those the decision
    names (the Laws decide, not the page); else each card is tried by replaying the case
    with it."""
    if not decision or "designate" not in decision["options"]:
        return []
    if "cards" in decision:
        return list(decision["cards"])
    ok = []
    for suit in "SHDC":
        for rank in "AKQJT98765432":
            card = suit + rank
            event = {"by": decision["by"], "choose": "designate", "card": card}
            try:
                case_table(dict(case, events=[*case["events"], event]))
            except BridgeError:
                continue
            ok.append(card)
    return ok


def _ruling_page(request, case, table, *, scenario, facts, ctx, choices, error=None,
                 status=200):
    lang = lang_of(request)
    st = table.state()
    made_up = _made_up(scenario, facts)
    return render(request, "assistant_ruling.html", status_code=status, case=case,
                  case_json=json.dumps(case, ensure_ascii=False), state=st,
                  lines=_facts_only(_readout(table, lang, scenario, ctx), table, made_up),
                  scenario=scenario,
                  bidding=None if made_up else bidding_rows(st["auction"], table.board.dealer),
                  hands=None if made_up or not _real_deal(case, scenario) else deal_hands(case["deal"]),
                  made_up=made_up,
                  facts_json=json.dumps(facts, ensure_ascii=False), ctx=ctx,
                  choices_json=json.dumps(choices), choices=choices, suits=SUITS,
                  suit_options=SUIT_OPTIONS, card_options=CARD_OPTIONS, error=error,
                  suit_label=lambda x: choices_mod.suit_label(x, lang),
                  card_label=choices_mod.card_label,
                  designable=designations(case, st["decision"]), edition=table.edition.name,
                  title_key=(f"booklet.scenario.{scenario}" if scenario != "case"
                             else "ui.assistant.case"))


def _load(request, form) -> tuple[dict, object, dict, list, str, dict]:
    """The ruling under way, from the hidden fields of its page: the case and its table,
    the facts, the choices made, the scenario and the context.  Anything the page did
    not write there is refused (400), never stored."""
    try:
        case = json.loads(str(form.get("case", "")))
        facts = json.loads(str(form.get("facts", "{}")) or "{}")
        choices = json.loads(str(form.get("choices", "[]")) or "[]")
    except (ValueError, RecursionError):
        raise PageError(400, "ui.assistant.damaged") from None
    scenario = str(form.get("scenario", "case"))
    ctx = _context(form)
    with request.app.state.store.session() as s:
        wrong = _context_errors(s, ctx)
    if (wrong or not isinstance(case, dict) or not isinstance(case.get("events"), list)
            or not isinstance(facts, dict)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in facts.items())
            or not isinstance(choices, list) or not all(_is_choice(c) for c in choices)
            or len(",".join(c["by"] for c in choices)) > 32          # ruling.chooser
            or len(", ".join(_choice_text(c) for c in choices)) > 64  # ruling.choice
            or not _known(scenario)):
        raise PageError(400, "ui.assistant.damaged")
    try:
        table = case_table(case)
    except BridgeError:
        raise PageError(400, "ui.assistant.damaged") from None
    return case, table, facts, choices, scenario, ctx


def _known(scenario: str) -> bool:
    try:
        return scenario == "case" or booklet.scenario(scenario) is not None
    except BridgeError:
        return False


def _strings(x, most: int = 64) -> bool:
    return isinstance(x, list) and len(x) <= most and all(isinstance(v, str) for v in x)


def _is_choice(c) -> bool:
    """A choice as :func:`apply_option` writes it: who chose, among which options, under
    which laws, what, and the explanation read out before."""
    return (isinstance(c, dict) and c.get("by") in SEAT_NAMES
            and _strings(c.get("options")) and c.get("choice") in c["options"]
            and _strings(c.get("laws"))
            and _strings(c.get("explanation"), 200)
            and isinstance(c.get("suit", ""), str) and len(c.get("suit", "")) <= 1
            and _strings(c.get("suits", []), 4) and isinstance(c.get("card", ""), str)
            and len(c.get("card", "")) <= 3)


@router.post("/assistant/apply", response_class=HTMLResponse)
def apply_option(request: Request, d: Director = Depends(require_director),
                 form=Depends(form_data)):
    """Apply the option chosen for the pending decision; record the ruling once no
    decision is left."""
    check_csrf(request, form.get("csrf"))
    case, table, facts, choices, scenario, ctx = _load(request, form)
    decision = table.state()["decision"]
    option = str(form.get("option", ""))
    if decision is None or option not in decision["options"]:
        return _ruling_page(request, case, table, scenario=scenario, facts=facts, ctx=ctx,
                            choices=choices, status=400,
                            error=message("ui.assistant.no_such_option", lang_of(request),
                                          option=option))
    offered = {"by": decision["by"], "options": decision["options"], "laws": decision["laws"]}
    before = explain(table, lang_of(request))
    event = {"by": decision["by"], "choose": option}
    if option in SUIT_OPTIONS:
        suits = [str(x).strip().upper() for x in form.getlist("suits") if str(x).strip()] or (
            [str(form.get("suit")).strip().upper()] if str(form.get("suit") or "").strip()
            else [])
        if not suits:
            return _ruling_page(request, case, table, scenario=scenario, facts=facts, ctx=ctx,
                                choices=choices, status=400,
                                error=message("ui.assistant.need_suit", lang_of(request)))
        if len(suits) == 1:
            event["suit"] = suits[0]
        else:
            event["suits"] = suits
    else:
        suits = []
    if option in CARD_OPTIONS:
        event["card"] = str(form.get("card", "")).strip().upper()
    # only the values the Laws allow here (the decision names them); another one is
    # refused in the Director's language, before the engine sees it
    why = choices_mod.unlawful(decision, option, suits, event.get("card"))
    if why is not None:
        return _ruling_page(request, case, table, scenario=scenario, facts=facts, ctx=ctx,
                            choices=choices, status=400,
                            error=choices_mod.text(why, lang_of(request)))
    new_case = dict(case, events=[*case["events"], event])
    try:
        new_table = case_table(new_case)
    except BridgeError as e:
        return _ruling_page(request, case, table, scenario=scenario, facts=facts, ctx=ctx,
                            choices=choices, status=400,
                            error=message("ui.assistant.refused", lang_of(request),
                                          reason=refusal(e, lang_of(request))))
    choices = [*choices, {**offered, "choice": option,
                          **{k: v for k, v in event.items() if k in ("suit", "suits", "card")},
                          "explanation": before}]
    if new_table.state()["decision"] is not None:
        return _ruling_page(request, new_case, new_table, scenario=scenario, facts=facts,
                            ctx=ctx, choices=choices)
    ruling_id = _record(request, d, new_case, new_table, scenario, facts, ctx, choices,
                        notes=str(form.get("notes", "")))
    return RedirectResponse(f"/rulings/{ruling_id}?saved=1", status_code=303)


@router.post("/assistant/record", response_class=HTMLResponse)
def record(request: Request, d: Director = Depends(require_director), form=Depends(form_data)):
    """Record the ruling as it stands (no option to choose, or the Director's own)."""
    check_csrf(request, form.get("csrf"))
    case, table, facts, choices, scenario, ctx = _load(request, form)
    ruling_id = _record(request, d, case, table, scenario, facts, ctx, choices,
                        notes=str(form.get("notes", "")))
    return RedirectResponse(f"/rulings/{ruling_id}?saved=1", status_code=303)


def _record(request, d, case, table, scenario, facts, ctx, choices, notes="") -> int:
    lang = lang_of(request)
    st = table.state()
    irr = st["irregularities"][-1] if st["irregularities"] else None
    lines = choices[0]["explanation"] if choices else explain(table, lang)
    as_int = (lambda v: whole_number(v, 1))             # the context is checked (_load)
    with request.app.state.store.transaction() as s:
        event_id = as_int(ctx["event"])
        if event_id is not None and s.get(EventRow, event_id) is None:
            event_id = None
        row = RulingRow(event_id=event_id, section=ctx["section"],
                        round=as_int(ctx["round"]),
                        table_no=as_int(ctx["table"]), board=as_int(ctx["board"]),
                        scenario=scenario,
                        kind=irr["kind"] if irr else "", facts=facts, case=case,
                        edition=table.edition.name,
                        laws=st["laws"], options=[c["options"] for c in choices]
                        or ([st["decision"]["options"]] if st["decision"] else []),
                        chooser=",".join(c["by"] for c in choices),
                        choice=", ".join(_choice_text(c) for c in choices),
                        explanation="\n".join(lines), notes=notes.strip(),
                        director=d.username)
        s.add(row)
        s.flush()
        return row.id


def _choice_text(c: dict) -> str:
    extra = c.get("suit") or ",".join(c.get("suits", [])) or c.get("card") or ""
    return f"{c['choice']} {extra}".strip()


@router.post("/api/assistant/{key}")
def api_rule(request: Request, key: str, d: Director = Depends(require_director),
             body=Depends(json_body)):
    """The ruling for a booklet scenario's facts, as JSON: the case, the state (decision,
    options, laws) and the explanation in ``?lang=``."""
    check_csrf(request, request.headers.get("x-csrf-token"))
    lang = lang_of(request)
    if not isinstance(body, dict) or not isinstance(body.get("facts") or {}, dict):
        return JSONResponse({"error": message("ui.live.err.json", lang)}, 400)
    if not _known(key) or key == "case":
        return JSONResponse({"error": message("ui.assistant.unknown", lang, name=key[:40])}, 404)
    try:
        sc = booklet.scenario(key)
        facts = {str(k): str(v) for k, v in (body.get("facts") or {}).items()}
        case = _with_edition(sc.build(facts), body.get("edition"))
        table = case_table(case)
    except BridgeError as e:
        return JSONResponse({"error": _fact_error(e, lang), "field": e.where}, 400)
    return {"scenario": key, "edition": table.edition.name, "case": case, "state": table.state(),
            "explanation": explain(table, lang_of(request))}


# --- what the ruling page shows: the read-out and the diagrams ----------------------------------

def _made_up(scenario: str, facts: dict) -> bool:
    """Whether the case was made up from a tap form's facts (its deal and play are only
    one way the facts could be: the page shows neither)."""
    if scenario == "case":
        return False
    taps = [booklet.tap_form(scenario, e) for e in EDITIONS]
    return any(tap is not None and set(facts) == {f.name for f in tap.facts} for tap in taps)


def _real_deal(case: dict, scenario: str) -> bool:
    """Whether the case's deal is the table's: a record opened, or the board of an event
    named; the booklet's forms otherwise replay on an example deal, not shown."""
    return scenario == "case" or case.get("deal") != booklet.DEMO_DEAL


def _readout(table, lang: str, scenario: str, ctx: dict) -> list[str]:
    """The text to read out; a booklet form with no board named gets no board heading
    (the case's board number is then no board of the table's)."""
    lines = explain(table, lang)
    if scenario != "case" and not ctx.get("board"):
        lines = lines[1:]
    if scenario != "case" and lines and lines[-1].lstrip("\u200f") == message("rule.none", lang):
        lines = lines[:-1] + _no_ruling(table, lang, booklet.scenario(scenario))
    return lines


def _no_ruling(table, lang: str, sc) -> list[str]:
    """The read-out of a scenario the engine settles with no ruling to choose (a
    Director's finding, a change the Laws permit, an agreed claim): "no rectification"
    said plainly when nothing else follows at the table (no irregularity, no choice, no
    score to review), then what the Laws provide and the laws."""
    st = table.state()
    lines = []
    if (not st["irregularities"] and st["decision"] is None and st["director"] is None
            and all(f.get("flag") == "UI" for f in st["flags"])):
        lines.append(message("rule.no_rectification", lang))
    lines.append(message(sc.summary, lang))
    laws = st["laws"] or list(sc.laws)
    lines.append(message("rule.laws", lang, laws=", ".join(laws)))
    return lines


#: the columns of a bidding diagram: West, North, East, South (seats N=0 ... W=3)
BIDDING_COLUMNS = ("W", "N", "E", "S")


def bidding_rows(auction: list[dict], dealer: int) -> list[list[dict | None]]:
    """The auction as a person reads it: rows of four cells under W N E S, the dealer's
    first call in his column, each call ``{"call", "by", "dealer"}`` in its caller's
    column (a call out of rotation starts a new row where it cannot follow)."""
    rows: list[list[dict | None]] = []
    row: list[dict | None] = [None] * 4
    col = BIDDING_COLUMNS.index(SEAT_NAMES[dealer]) - 1
    first = True
    for c in auction:
        where = BIDDING_COLUMNS.index(c["by"])
        if where <= col:
            rows.append(row)
            row = [None] * 4
        row[where] = {"call": c["call"], "by": c["by"], "dealer": first}
        first = False
        col = where
    if any(cell is not None for cell in row) or not rows:
        rows.append(row)
    return rows


def deal_hands(deal: str) -> dict[str, list[tuple[str, str]]]:
    """The four hands of a PBN deal (``N:AKQ2.KQ2.A32.K32 ...``) as a person reads them:
    per seat, the suits spades to clubs, each ``(suit letter, "A K 10 2")`` (a void is
    ``-``)."""
    first, _colon, rest = deal.partition(":")
    start = SEAT_NAMES.index(first.strip().upper())
    hands = {}
    for i, hand in enumerate(rest.split()):
        seat = SEAT_NAMES[(start + i) & 3]
        hands[seat] = [(suit, " ".join("10" if r in "Tt" else r.upper() for r in holding) or "-")
                       for suit, holding in zip("SHDC", hand.split("."))]
    return hands


def _facts_only(lines: list[str], table, made_up: bool) -> list[str]:
    """A read-out of a case made up from facts names no card the Director did not give:
    the revoke card, one of those the made-up play could have used, is left out."""
    if not made_up or not table.revokes:
        return lines
    from ...cards import card_name
    from ...i18n.display import card
    shown = card(card_name(table.revokes[-1].card))
    return [line.replace(f" ({shown})", "").replace(f"({shown})", "") for line in lines]
