"""The adjusted score from the likely results (Law 12C), in the browser (issue 19, point 9).

The Director lists the likely results for each side with their weights (2017 12C1c; each
side its own, 12C1e), or, under the 1997 Laws, the most favourable result that was likely
for the non-offending side and the most unfavourable that was at all probable for the
offending side (1997 12C2); or chooses an artificial score (12C2).  Every result is
chosen with selects (level, strain, declarer, doubled, result), never typed as a code.

The assistant checks the input (each side's weights more than 0 and adding up to 100%),
and :func:`bridgelaws.tournament.adjust.adjustment` scores it: each result by Law 77 on
the board's vulnerability, the weighted score, and, where the board has other results in
the event, each result's matchpoints (or IMPs) in that field and the weighted points.
The board's double-dummy table is offered as an aid (solved in the threadpool, fetched
by the page after it is shown).  Applying asks first, then stores the score as the
console's own adjusted-score form does (:func:`.logic.apply_adjusted`), with the ruling
and the arithmetic in words in the rulings log.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from ...boards import Board
from ...cards import BridgeError, Deal
from ...i18n import RTL_LANGUAGES, message
from ...i18n.display import SYMBOLS
from ...tournament.adjust import (ARTIFICIAL, MAX_OUTCOMES, Adjustment, adjustment,
                                  adjustment_lines)
from ..db import BoardRow, Director, EventRow, ResultRow, select
from ..limits import Id, PageError, form_data, whole_number
from ..web import check_csrf, confirm_page, lang_of, render, require_director
from .logic import FieldError, apply_adjusted, rooms

router = APIRouter()

EDITIONS = ("2017", "1997")
#: the kinds of adjusted score the page offers, by edition
MODES = {"2017": ("same", "split", "artificial"), "1997": ("1997", "artificial")}
#: the lists of results each kind asks for: one list for both sides, one a side (12C1e),
#: or (1997) one result for the non-offenders and one for the offenders
LISTS = {"same": ("r",), "split": ("ns", "ew"), "1997": ("nos", "os"), "artificial": ()}
LEVELS = ("1", "2", "3", "4", "5", "6", "7", "P")
STRAINS = ("C", "D", "H", "S", "N")
SEATS = ("N", "E", "S", "W")
DOUBLES = ("", "X", "XX")
RESULTS = tuple(f"+{n}" for n in range(6, 0, -1)) + ("=",) + tuple(f"-{n}" for n in range(1, 14))
ROW_FIELDS = ("level", "strain", "decl", "dbl", "res", "w")
PLACE = ("section", "round", "table", "board", "room")
#: the other fields of the form (each value is cut to its limit)
OTHER = ("edition", "mode", "offenders", "art_ns", "art_ew", "ruling", "laws", "from_ruling")
LIMITS = {"ruling": 4000, "laws": 80}


@dataclass
class Row:
    level: str = ""
    strain: str = ""
    decl: str = ""
    dbl: str = ""
    res: str = ""
    w: str = ""

    @property
    def empty(self) -> bool:
        return not any((self.level, self.strain, self.decl, self.dbl, self.res, self.w))

    def code(self) -> str:
        """The console's stored text of the result: ``4SX-1 N``, ``3N= E``, ``PASS``."""
        if self.level == "P":
            return "PASS"
        return f"{self.level}{self.strain}{self.dbl}{self.res} {self.decl}"

    def case(self) -> dict:
        """The result as :func:`adjustment` reads it."""
        if self.level == "P":
            return {"contract": "PASS"}
        return {"contract": f"{self.level}{self.strain}{self.dbl}", "declarer": self.decl,
                "result": self.res}


@dataclass
class LikelyForm:
    """The page's form: where, the edition and kind, the lists of results."""
    values: dict
    lists: dict = field(default_factory=dict)      # list name -> [Row]

    @property
    def edition(self) -> str:
        return self.values["edition"]

    @property
    def mode(self) -> str:
        return self.values["mode"]


def _cut(value, limit: int = 12) -> str:
    return str(value if value is not None else "").strip()[:limit]


def read_form(values) -> LikelyForm:
    """The form from the address (a ruling's context) or a post; unknown values are
    dropped, every value has its limit, each list has 1 to :data:`MAX_OUTCOMES` rows."""
    # a text one past its limit is kept so that it is refused, never cut silently
    v = {k: _cut(values.get(k), LIMITS.get(k, 11) + 1) for k in PLACE + OTHER}
    v["section"] = v["section"] or "A"
    if v["edition"] not in EDITIONS:
        v["edition"] = "2017"
    if v["mode"] not in MODES[v["edition"]]:
        v["mode"] = MODES[v["edition"]][0]
    if v["offenders"] not in ("NS", "EW"):
        v["offenders"] = ""
    for k in ("art_ns", "art_ew"):
        if v[k] not in ARTIFICIAL:
            v[k] = ""
    f = LikelyForm(v)
    for name in ("r", "ns", "ew", "nos", "os"):
        n = whole_number(_cut(values.get(f"{name}_n"), 2), 1) or 1
        n = min(n, 1 if name in ("nos", "os") else MAX_OUTCOMES)
        rows = []
        for i in range(n):
            row = Row(**{k: _cut(values.get(f"{name}{i}_{k}"), 6) for k in ROW_FIELDS})
            row.level = row.level if row.level in LEVELS else ""
            row.strain = row.strain if row.strain in STRAINS else ""
            row.decl = row.decl if row.decl in SEATS else ""
            row.dbl = row.dbl if row.dbl in DOUBLES else ""
            row.res = row.res if row.res in RESULTS else ""
            rows.append(row)
        f.lists[name] = rows
    return f


def form_fields(f: LikelyForm) -> list[tuple[str, str]]:
    """The form as the fields it posts (for the confirm page)."""
    out = [(k, f.values[k]) for k in PLACE + OTHER if f.values.get(k)]
    for name, rows in f.lists.items():
        out.append((f"{name}_n", str(len(rows))))
        for i, row in enumerate(rows):
            out += [(f"{name}{i}_{k}", getattr(row, k)) for k in ROW_FIELDS if getattr(row, k)]
    return out


# ---------------------------------------------------------------- checking

class Problems(Exception):
    """The form's problems: field -> the reason in the user's language."""

    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(errors.values()))
        self.errors = errors


def list_label(name: str, lang: str) -> str:
    return message(f"ui.likely.list.{name}", lang)


def _row_name(name: str, i: int, lang: str) -> str:
    return message("ui.likely.row_of", lang, list=list_label(name, lang), n=i + 1)


def _percent(text: str) -> float | None:
    try:
        x = float(text.replace(",", "."))
    except ValueError:
        return None
    return x if x == x and abs(x) != float("inf") else None


def check_rows(name: str, rows: list[Row], weighted: bool, lang: str) -> list[dict]:
    """One list's results for :func:`adjustment`, each row checked: the errors name the
    row and what is missing or wrong."""
    errors: dict[str, str] = {}
    out, seen = [], {}

    def err(i: int, key: str, **values) -> None:
        errors.setdefault(f"{name}{i}", message(f"ui.likely.err.{key}", lang,
                                                row=_row_name(name, i, lang), **values))
    for i, row in enumerate(rows):
        if row.empty:
            err(i, "empty")
            continue
        if not row.level:
            err(i, "level")
            continue
        if row.level != "P":
            for part in ("strain", "decl", "res"):
                if not getattr(row, part):
                    err(i, part)
                    break
            else:
                tricks = int(row.level) + 6 + (0 if row.res == "=" else int(row.res))
                if not 0 <= tricks <= 13:
                    err(i, "tricks", result=f"{row.level}{row.strain}{row.res}", tricks=tricks)
        obj = row.case()
        if weighted:
            w = _percent(row.w) if row.w else None
            if w is None:
                err(i, "weight")
            elif w <= 0 or w > 100:
                err(i, "weight_range", weight=row.w)
            else:
                obj["weight"] = w / 100
        key = row.code()
        if key in seen and f"{name}{i}" not in errors:
            err(i, "twice", other=seen[key] + 1)
        seen.setdefault(key, i)
        out.append(obj)
    if not errors and weighted:
        total = sum(o["weight"] for o in out) * 100
        if abs(total - 100) > 1e-6:
            errors[name] = message("ui.likely.err.total", lang, list=list_label(name, lang),
                                   total=f"{total:.4g}")
    if errors:
        raise Problems(errors)
    return out


def build_case(f: LikelyForm, board: BoardRow | None, board_no: int,
               field_scores: list[int] | None, scoring: str, lang: str) -> dict:
    """The adjustment in :mod:`bridgelaws.tournament.adjust`'s format (its README)."""
    v = f.values
    case: dict = {"edition": f.edition, "board": board_no}
    if v["offenders"]:
        case["offenders"] = v["offenders"]
    if field_scores:
        case["field"] = [{"score": s} for s in field_scores]
        case["scoring"] = scoring
    else:
        case["scoring"] = "total"
    errors: dict[str, str] = {}
    if f.mode in ("split", "1997") and not v["offenders"]:
        errors["offenders"] = message("ui.likely.err.offenders", lang)
    if f.mode == "artificial":
        if field_scores is None or not field_scores:
            case["scoring"] = "imp" if scoring == "imp" else "mp"
            case.pop("field", None)
        for k in ("ns", "ew"):
            choice = v[f"art_{k}"]
            if not choice:
                errors[f"art_{k}"] = message("ui.likely.err.artificial", lang,
                                             side=message(f"adjust.side.{k.upper()}", lang))
                continue
            pct = ARTIFICIAL[choice]
            if v["offenders"] == k.upper() and pct > 50:
                errors[f"art_{k}"] = message("ui.likely.err.offenders_plus", lang)
            elif v["offenders"] and v["offenders"] != k.upper() and pct < 50:
                errors[f"art_{k}"] = message("ui.likely.err.nonoffenders_minus", lang)
        if errors:
            raise Problems(errors)
        case["artificial"] = {"ns": v["art_ns"], "ew": v["art_ew"]}
        return case
    lists = {}
    for name in LISTS[f.mode]:
        try:
            lists[name] = check_rows(name, f.lists[name], f.edition == "2017", lang)
        except Problems as p:
            errors.update(p.errors)
    if errors:
        raise Problems(errors)
    if f.mode == "same":
        case["ns"] = lists["r"]
    elif f.mode == "split":
        case["ns"], case["ew"] = lists["ns"], lists["ew"]
    else:                                      # 1997: one likely and one probable result
        nos, os_ = lists["nos"][0], lists["os"][0]
        case["outcomes"] = [{**nos, "likelihood": "likely"}]
        if f.lists["os"][0].code() != f.lists["nos"][0].code():
            case["outcomes"].append({**os_, "likelihood": "probable"})
    return case


def field_of(s, ev: EventRow, section: str, round_no: int, table_no: int, board: int,
             room: str) -> tuple[str, list[int]]:
    """How the board is scored and North-South's scores of its other results in the
    event: the same section's other tables (pairs: matchpoints, or IMPs across the
    field), or the other room of the same match (teams: IMPs).  Adjusted scores of
    other tables are left out (a weighted score is no single score)."""
    q = select(ResultRow).where(ResultRow.event_id == ev.id, ResultRow.section == section,
                                ResultRow.board == board, ResultRow.score.is_not(None),
                                ResultRow.adjusted.is_(None))
    if ev.kind == "teams":
        other = "closed" if room == "open" else "open"
        q = q.where(ResultRow.round == round_no, ResultRow.table_no == table_no,
                    ResultRow.room == other)
        return "imp", [r.score for r in s.scalars(q)]
    rows = [r for r in s.scalars(q) if (r.round, r.table_no) != (round_no, table_no)]
    return ("mp" if ev.scoring == "mp" else "imp"), [r.score for r in rows]


def table_result(s, ev: EventRow, section: str, round_no: int, table_no: int, board: int,
                 room: str) -> ResultRow | None:
    return s.scalar(select(ResultRow).where(
        ResultRow.event_id == ev.id, ResultRow.section == section, ResultRow.round == round_no,
        ResultRow.table_no == table_no, ResultRow.room == room, ResultRow.board == board,
        ResultRow.score.is_not(None)))


def table_row(r: ResultRow | None) -> Row | None:
    """The table result as a row of the form (the one-tap choice), when it is a contract
    with its tricks."""
    if r is None or not r.contract:
        return None
    if r.contract.upper() in ("PASS", "P"):
        return Row(level="P")
    c = r.contract.upper().replace("NT", "N")
    if len(c) < 2 or c[0] not in "1234567" or c[1] not in STRAINS or r.tricks is None \
            or r.declarer not in SEATS:
        return None
    made = r.tricks - 6 - int(c[0])
    return Row(level=c[0], strain=c[1], decl=r.declarer, dbl=c[2:],
               res="=" if made == 0 else f"{made:+d}")


def stored(a: Adjustment, f: LikelyForm) -> tuple[str, dict]:
    """The console's kind of adjusted score and its form values (``apply_adjusted``)."""
    if a.kind == "artificial":
        return "artificial", {"ns_percent": f"{ARTIFICIAL[a.ns.artificial]:g}",
                              "ew_percent": f"{ARTIFICIAL[a.ew.artificial]:g}"}

    def text(side) -> str:
        if len(side.outcomes) == 1:
            return _code(side.outcomes[0])
        return " + ".join(f"{o.weight * 100:.6g}% {_code(o)}" for o in side.outcomes)
    if a.kind == "split":
        return "split", {"ns_result": text(a.ns), "ew_result": text(a.ew)}
    if len(a.ns.outcomes) == 1:
        return "assigned", {"result": text(a.ns)}
    return "weighted", {"weighted": text(a.ns)}


def _code(o) -> str:
    if o.contract is None:
        return "PASS"
    made = o.tricks - 6 - o.contract.level
    return f"{o.contract}{'=' if made == 0 else f'{made:+d}'} {'NESW'[o.declarer]}"


_RTL_WORD = re.compile("[\u0590-\u05ff][\u0590-\u05ff'\u05f3\u05f4\"]*")


def arithmetic_lines(a: Adjustment, lang: str) -> list[str]:
    """:func:`adjustment_lines` in ``lang``, for the page and the rulings log; in a
    right-to-left language each side's arithmetic is isolated
    left to right (U+2066 ... U+2069), so that ``60% 4♠ S = (+420: 2 mp) + ...`` keeps
    its order inside the Hebrew line."""
    lines = adjustment_lines(a, lang)
    if lang not in RTL_LANGUAGES:
        return lines
    heads = [message(f"adjust.side.{x}", lang) + ": " for x in ("NS", "EW")]
    out = []
    for line in lines:
        bare = line.lstrip("\u200f")
        head = next((h for h in heads if bare.startswith(h)), None)
        if head is not None:
            # inside the left-to-right isolate the words (the unit, "נק'") are isolated
            # too: then every number there is read left to right (Unicode bidi W7)
            inner = _RTL_WORD.sub(lambda m: "\u2068" + m.group(0) + "\u2069", bare[len(head):])
            line = line[:len(line) - len(bare)] + head + "\u2066" + inner + "\u2069"
        out.append(line)
    return out


# ---------------------------------------------------------------- the double-dummy aid

@functools.lru_cache(maxsize=64)
def dd_of(pbn: str) -> dict[str, dict[str, int]]:
    """The deal's double-dummy table (DDS: :func:`bridgelaws.analysis.dd_table` takes
    ``DDS_LOCK``), kept for the deals asked for lately."""
    from ...analysis import dd_table
    return dd_table(Deal.from_pbn(pbn)).to_dict()


# ---------------------------------------------------------------- routes

def _event(s, event_id: int) -> EventRow:
    ev = s.get(EventRow, event_id)
    if ev is None:
        raise PageError(404, "ui.error.no_event", id=event_id)
    return ev


@dataclass
class Place:
    section: str
    round: int
    table: int
    board: int
    room: str


def _place(f: LikelyForm, ev: EventRow, lang: str) -> Place:
    v = f.values
    errors = {}
    nums = {}
    for k in ("round", "table", "board"):
        nums[k] = whole_number(v[k], 1)
        if nums[k] is None:
            errors[k] = message("ui.likely.err.place", lang, what=message(
                {"round": "ui.event.round", "table": "ui.event.table",
                 "board": "ui.table.board"}[k], lang))
    room = v["room"] if v["room"] in rooms(ev) else rooms(ev)[0]
    if errors:
        raise Problems(errors)
    return Place(v["section"], nums["round"], nums["table"], nums["board"], room)


def _compute(s, ev: EventRow, f: LikelyForm, lang: str):
    """(place, adjustment, table result row, board row) or :class:`Problems`."""
    place = _place(f, ev, lang)
    board = s.scalar(select(BoardRow).where(BoardRow.event_id == ev.id,
                                            BoardRow.number == place.board))
    scoring, scores = field_of(s, ev, place.section, place.round, place.table, place.board,
                               place.room)
    case = build_case(f, board, place.board, scores, scoring, lang)
    try:
        a = adjustment(case, dd=False)
    except BridgeError as e:                   # checked above: what is left is the engine's
        raise Problems({"_": message("ui.likely.err.engine", lang, reason=e.reason)}) from None
    tr = table_result(s, ev, place.section, place.round, place.table, place.board, place.room)
    return place, a, tr, board


def _render(request, ev, f: LikelyForm, *, a=None, errors=None, tr=None, board=None,
            place=None, status=200):
    lang = lang_of(request)
    lines = arithmetic_lines(a, lang) if a is not None else []
    return render(request, "adjust_likely.html", status_code=status, ev=ev, form=f.values,
                  lists=f.lists, f=f, a=a, lines=lines, errors=errors or {},
                  table=tr, table_row=table_row(tr), board=board, place=place,
                  modes=MODES[f.edition], visible=LISTS[f.mode], levels=LEVELS,
                  strains=STRAINS, seats=SEATS, doubles=DOUBLES, results=RESULTS,
                  artificial=tuple(ARTIFICIAL), rooms=rooms(ev), max_rows=MAX_OUTCOMES,
                  editions=EDITIONS, symbols=SYMBOLS)


def _with_table(s, request, ev, f: LikelyForm, **kw):
    """The page, with the table result and board when the place is known."""
    try:
        place = _place(f, ev, lang_of(request))
    except Problems:
        return _render(request, ev, f, **kw)
    tr = table_result(s, ev, place.section, place.round, place.table, place.board, place.room)
    board = s.scalar(select(BoardRow).where(BoardRow.event_id == ev.id,
                                            BoardRow.number == place.board))
    return _render(request, ev, f, tr=tr, board=board, place=place, **kw)


@router.get("/events/{event_id}/adjust/likely", response_class=HTMLResponse)
def likely_form(request: Request, event_id: Id, d: Director = Depends(require_director)):
    """The form, empty but for the place and the ruling it comes from (a judgement
    ruling's link fills the board, the table, the edition and the ruling's words)."""
    f = read_form(request.query_params)
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return _with_table(s, request, ev, f)


@router.post("/events/{event_id}/adjust/likely", response_class=HTMLResponse)
def likely_post(request: Request, event_id: Id, d: Director = Depends(require_director),
                form=Depends(form_data)):
    """Add or remove a row, take the table result, change the kind; compute; apply
    (after the confirm page)."""
    check_csrf(request, form.get("csrf"))
    lang = lang_of(request)
    f = read_form(form)
    op = _cut(form.get("op"), 16)
    store = request.app.state.store
    with store.session() as s:
        ev = _event(s, event_id)
        if op.startswith(("add:", "table:", "remove:")):
            what, _, arg = op.partition(":")
            name, _, idx = arg.partition(":")
            if name in f.lists and name in LISTS[f.mode]:
                rows = f.lists[name]
                limit = 1 if name in ("nos", "os") else MAX_OUTCOMES
                if what == "remove" and len(rows) > 1 and idx.isdigit() and int(idx) < len(rows):
                    rows.pop(int(idx))
                elif what == "table":
                    try:
                        place = _place(f, ev, lang)
                        tr = table_row(table_result(s, ev, place.section, place.round,
                                                    place.table, place.board, place.room))
                    except Problems:
                        tr = None
                    if tr is not None:
                        if rows and rows[-1].empty:
                            rows[-1] = tr
                        elif len(rows) < limit:
                            rows.append(tr)
                elif what == "add" and len(rows) < limit:
                    rows.append(Row())
            return _with_table(s, request, ev, f)
        if op not in ("compute", "apply"):
            return _with_table(s, request, ev, f)
        try:
            place, a, tr, board = _compute(s, ev, f, lang)
        except Problems as p:
            return _with_table(s, request, ev, f, errors=p.errors, status=400)
        if op == "compute":
            return _render(request, ev, f, a=a, tr=tr, board=board, place=place)
        length = {k: len(str(form.get(k, "") or "").strip()) for k in ("ruling", "laws")}
        too_long = [k for k in ("ruling", "laws") if length[k] > LIMITS[k]]
        if not f.values["ruling"] or too_long:
            k = too_long[0] if too_long else "ruling"
            why = (message("ui.err.too_long", lang, n=LIMITS[k], length=length[k])
                   if too_long else message("ui.err.need_ruling", lang))
            return _render(request, ev, f, a=a, tr=tr, board=board, place=place, status=400,
                           errors={k: why})
    lines = arithmetic_lines(a, lang)
    kind, values = stored(a, f)
    if form.get("confirm") != "1":
        what = [message("ui.likely.confirm", lang, board=place.board, table=place.table,
                        round=place.round)] + lines
        return confirm_page(request, action=f"/events/{event_id}/adjust/likely",
                            fields=form_fields(f) + [("op", "apply")], what=what,
                            cancel=f"/events/{event_id}/adjust/likely?"
                            + urlencode(form_fields(f)))      # back to the form as it was
    ruling_text = "\n".join([f.values["ruling"], *lines])
    laws = [x for x in a.laws if x != "77"] + ["77"]
    if f.values["laws"]:
        laws += [x.strip() for x in f.values["laws"].replace(",", " ").split() if x.strip()]
    try:
        with store.transaction() as s:
            ev = _event(s, event_id)
            row, ruling = apply_adjusted(
                s, ev, section=place.section, round_no=place.round, table_no=place.table,
                board=place.board, room=place.room, kind=kind,
                # the facts the rulings log shows by name (``ui.field.*``): where, the
                # Director's words and the score as stored; the rows are in its text
                form={"round": str(place.round), "table": str(place.table),
                      "board": str(place.board), **({"room": place.room} if place.room else {}),
                      "ruling": f.values["ruling"], **values},
                director=d.username, ruling_text=ruling_text, laws=laws, edition=f.edition)
            ruling_id = ruling.id
    except FieldError as e:
        with store.session() as s:
            ev = _event(s, event_id)
            return _with_table(s, request, ev, f, errors={"_": e.text(lang)}, status=400)
    return RedirectResponse(f"/events/{event_id}/standings?adjusted={ruling_id}",
                            status_code=303)


@router.get("/events/{event_id}/adjust/likely/dd", response_class=HTMLResponse)
def likely_dd(request: Request, event_id: Id, board: str = "",
              d: Director = Depends(require_director)):
    """The board's double-dummy table, an aid (a sync route: DDS runs in the threadpool,
    the page asks for it once it is shown)."""
    n = whole_number(_cut(board, 4), 1)
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        row = s.scalar(select(BoardRow).where(BoardRow.event_id == ev.id,
                                              BoardRow.number == n)) if n else None
        deal = row.deal if row is not None else None
    table = dd_of(deal) if deal else None
    return render(request, "_adjust_dd.html", dd=table, board=Board(n) if n else None,
                  seats=SEATS, strains=STRAINS, symbols=SYMBOLS)
