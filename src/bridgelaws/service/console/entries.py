"""Players' names: each pair's (or team's) players in an event, typed on the entries
page or pasted / uploaded as CSV, and the club's member list kept across events.

A pair has two players (the first sits North or East, the second South or West); a
team has a name and up to four players (the first two sit as a pair in the open
room, the last two in the closed room).  A name is at most :data:`NAME_MAX`
characters, a member number at most :data:`MEMBER_MAX`; both are kept as typed
(spaces tidied) and shown escaped on every page.

The CSV (a paste or a file of at most :data:`CSV_MAX_BYTES`): one line per pair,
``pair number, name 1, member 1, name 2, member 2`` (a team: ``team number, team
name, name 1, member 1, ... name 4, member 4``), separated by commas, semicolons or
tabs, with or without a header row.  A pair number may carry its section (``B3``).
A bad line is named with its line number and the reason; the good lines are kept.

>>> rows, errors = parse_entries_csv("pair;name 1;member 1;name 2;member 2\\n"
...                                  "1;Ann Smith;123;Bob Jones;\\n7;Eve\\n", players=2)
>>> [(r.number, r.players) for r in rows]
[('1', [('Ann Smith', '123'), ('Bob Jones', '')])]
>>> [(k, str(e)) for k, e in errors]
[(3, 'pair 7 has no second player')]
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from ...i18n import message
from ..db import Director, EntryPlayerRow, EntryRow, EventRow, MemberRow, select
from ..limits import Id, PageError, form_data, size_text, upload_form, whole_number
from ..web import check_csrf, confirm_page, lang_of, render, require_director

__all__ = ["NAME_MAX", "MEMBER_MAX", "CSV_MAX_BYTES", "CSV_MAX_LINES", "NameError_",
           "clean_name", "clean_member", "players_per_entry", "entry_label", "names_by_number",
           "seat_names", "parse_entries_csv", "parse_members_csv", "save_entry", "add_member",
           "router"]

#: the longest name and member number kept (the columns' widths)
NAME_MAX = 60
MEMBER_MAX = 20
#: the largest CSV taken (a paste or a file): a club's entries are a few KB
CSV_MAX_BYTES = 64 * 1024
CSV_MAX_LINES = 2000
#: the most members the list keeps
MEMBERS_MAX = 5000
TEAM_PLAYERS = 4
#: between the names of a pair as people read them (``tournament.event.Entry.name``)
JOIN = " - "

_MEMBER_RE = re.compile(r"[0-9A-Za-z][0-9A-Za-z./-]*")


class NameError_(ValueError):
    """A name, a member number or a CSV line that cannot be taken: ``key`` names the
    message (``ui.names.err.*``), filled with ``values``."""

    def __init__(self, key: str, **values):
        self.key, self.values = key, values
        super().__init__(message(f"ui.names.err.{key}", "en", **values))

    def local(self, lang: str) -> str:
        return message(f"ui.names.err.{self.key}", lang, **self.values)


def clean_name(text) -> str:
    """A name as kept: spaces tidied, no control characters, at most :data:`NAME_MAX`.

    >>> clean_name("  Ann   Smith "), clean_name("\u200fדנה כהן\u200e")
    ('Ann Smith', 'דנה כהן')
    >>> clean_name("x" * 61)
    Traceback (most recent call last):
    ...
    bridgelaws.service.console.entries.NameError_: a name has at most 60 characters (this one has 61)
    """
    # direction marks and zero-width spaces a copy from another page brings are dropped
    # (the pages isolate every name themselves); the joiners some scripts need stay
    t = "".join(c for c in str(text or "") if unicodedata.category(c) != "Cf"
                or c in "\u200c\u200d")
    t = unicodedata.normalize("NFC", " ".join(t.split()))
    if any(unicodedata.category(c) == "Cc" for c in t):
        raise NameError_("control")
    if len(t) > NAME_MAX:
        raise NameError_("name_long", n=NAME_MAX, length=len(t))
    return t


def clean_member(text) -> str:
    """A member number as kept: letters, digits, ``.``, ``/``, ``-``; at most
    :data:`MEMBER_MAX` characters; empty when none is given.

    >>> clean_member(" 12345 "), clean_member("")
    ('12345', '')
    >>> clean_member("=1+2")
    Traceback (most recent call last):
    ...
    bridgelaws.service.console.entries.NameError_: a member number is letters and digits (not "\u2066=1+2\u2069")
    """
    t = str(text or "").strip()
    if not t:
        return ""
    if len(t) > MEMBER_MAX:
        raise NameError_("member_long", n=MEMBER_MAX, length=len(t))
    if not _MEMBER_RE.fullmatch(t):
        # kept left to right inside a sentence of any direction (a Unicode isolate)
        raise NameError_("member_chars", value="\u2066" + t[:MEMBER_MAX] + "\u2069")
    return t


def players_per_entry(ev: EventRow) -> int:
    return TEAM_PLAYERS if ev.kind == "teams" else 2


def entry_label(ev_kind: str, team: str, players: list[tuple[str, str]]) -> str:
    """What people read for an entry: a pair's names joined, a team's name (else its
    players' names)."""
    names = [n for n, _ in players if n]
    if ev_kind == "teams":
        return team or ", ".join(names)
    return JOIN.join(names)


def names_by_number(ev: EventRow) -> dict[tuple[str, str], str]:
    """(section, number) -> the entry's names as people read them ('' when none)."""
    return {(en.section, en.number): en.names or "" for en in ev.entries}


def seat_names(ev: EventRow, section: str, ns: str | None, ew: str | None,
               room: str = "") -> dict[str, str]:
    """The player's name at each seat of a table: a pair's first player sits North (or
    East), the second South (or West); in a team match the home team (``ns``) sits
    North-South in the open room with its first two players, East-West in the closed
    room with its last two."""
    by = {en.number: en for en in ev.entries if en.section == section}

    def names(number, first: int) -> list[str]:
        en = by.get(number or "")
        if en is None:
            return ["", ""]
        pl = {p.position: p.name for p in en.players}
        return [pl.get(first, ""), pl.get(first + 1, "")]

    if room == "closed":
        home, away = names(ns, 2), names(ew, 2)
        return {"N": away[0], "S": away[1], "E": home[0], "W": home[1]}
    a, b = names(ns, 0), names(ew, 0)
    return {"N": a[0], "S": a[1], "E": b[0], "W": b[1]}


# ---------------------------------------------------------------- CSV

@dataclass
class CsvEntry:
    line: int
    section: str
    number: str
    team: str = ""
    players: list[tuple[str, str]] = field(default_factory=list)


#: the code page a spreadsheet of each language saves CSV in when not UTF-8
CODE_PAGES = {"he": "cp1255", "pl": "cp1250", "ru": "cp1251", "nb": "cp1252", "en": "cp1252"}


def _decode(data: bytes | str, lang: str = "en") -> str:
    """A file's text: UTF-8 (with or without a byte order mark), else the Windows code
    page of the director's language (a Hebrew Excel saves Windows-1255), else Latin-1."""
    if isinstance(data, str):
        return data
    if len(data) > CSV_MAX_BYTES:
        raise NameError_("csv_large", size=size_text(CSV_MAX_BYTES))
    for enc in ("utf-8-sig", CODE_PAGES.get(lang, "cp1252")):
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _rows(text: str) -> list[tuple[int, list[str]]]:
    """The CSV's non-empty lines, each with its line number; the separator is the one
    the first line uses most (comma, semicolon or tab)."""
    if len(text.encode("utf-8", "replace")) > CSV_MAX_BYTES:
        raise NameError_("csv_large", size=size_text(CSV_MAX_BYTES))
    text = text.lstrip("\ufeff")
    lines = text.splitlines()
    if len(lines) > CSV_MAX_LINES:
        raise NameError_("csv_lines", n=CSV_MAX_LINES)
    first = next((ln for ln in lines if ln.strip()), "")
    sep = max((";", ",", "\t"), key=first.count)
    out = []
    for k, ln in enumerate(lines, 1):
        if not ln.strip():
            continue
        try:
            cells = next(csv.reader([ln], delimiter=sep))
        except csv.Error:
            cells = ln.split(sep)
        out.append((k, [c.strip() for c in cells]))
    return out


def _pair_number(text: str) -> tuple[str, str] | None:
    """``"3"`` -> ("", "3"); ``"B3"``, ``"B 3"`` -> ("B", "3"); else None."""
    m = re.fullmatch(r"([A-Ha-h])?\s*([0-9]{1,4})", text.strip())
    if m is None:
        return None
    return (m.group(1) or "").upper(), str(int(m.group(2)))


def parse_entries_csv(data: bytes | str, players: int = 2, lang: str = "en"):
    """The entries of a CSV: (good lines as :class:`CsvEntry`, [(line, NameError_)]).
    A header row (a first line whose first cell is no number) is skipped."""
    rows = _rows(_decode(data, lang))
    team = players > 2
    good, bad = [], []
    for i, (k, cells) in enumerate(rows):
        where = _pair_number(cells[0]) if cells else None
        if where is None:
            if i == 0:
                continue                        # a header row
            bad.append((k, NameError_("csv_number", value=cells[0][:20])))
            continue
        section, number = where
        rest = cells[1:]
        name = ""
        if team:
            name, rest = (rest[0] if rest else ""), rest[1:]
        rest = rest + [""] * max(0, 2 * players - len(rest))
        if any(c for c in rest[2 * players:]):
            bad.append((k, NameError_("csv_extra", number=number)))
            continue
        try:
            name = clean_name(name)
            pl = [(clean_name(rest[2 * j]), clean_member(rest[2 * j + 1]))
                  for j in range(players)]
            if any(m and not n for n, m in pl):
                raise NameError_("member_without_name")
            if not team and not pl[0][0]:
                raise NameError_("csv_first", number=number)
            if not team and not pl[1][0]:
                raise NameError_("csv_second", number=number)
        except NameError_ as e:
            bad.append((k, e))
            continue
        good.append(CsvEntry(k, section, number, name, pl))
    return good, bad


def parse_members_csv(data: bytes | str, lang: str = "en"):
    """The members of a CSV (``name, member number``; a header row skipped):
    ([(name, member)], [(line, NameError_)])."""
    good, bad = [], []
    for i, (k, cells) in enumerate(_rows(_decode(data, lang))):
        if i == 0 and cells and cells[0].strip().lower() in ("name", "names", "player",
                                                             "שם", "nazwisko", "имя", "navn"):
            continue
        try:
            name = clean_name(cells[0] if cells else "")
            member = clean_member(cells[1] if len(cells) > 1 else "")
            if not name:
                raise NameError_("no_name")
            if any(c for c in cells[2:]):
                raise NameError_("member_columns")
        except NameError_ as e:
            bad.append((k, e))
            continue
        good.append((name, member))
    return good, bad


# ---------------------------------------------------------------- storage

def add_member(s, name: str, member: str = "") -> bool:
    """Add a name (with its number) to the club's member list; False when it is there
    already (or the list is full).  A name typed without a number is there already when
    the list has it with any number."""
    if not name:
        return False
    q = select(MemberRow).where(MemberRow.name == name)
    if member:
        q = q.where(MemberRow.member.in_([member, ""]))
    rows = list(s.scalars(q))
    if any(r.member == member for r in rows) or (not member and rows):
        return False
    blank = next((r for r in rows if not r.member), None)
    if blank is not None:                     # the number is learnt
        blank.member = member
        return True
    if s.query(MemberRow).count() >= MEMBERS_MAX:
        return False
    s.add(MemberRow(name=name, member=member))
    s.flush()
    return True


def _known_number(s, name: str) -> str:
    """The member number the list has for ``name`` when it has exactly one."""
    numbers = {r.member for r in s.scalars(select(MemberRow).where(MemberRow.name == name))
               if r.member}
    return numbers.pop() if len(numbers) == 1 else ""


def save_entry(s, ev: EventRow, en: EntryRow, team: str, players: list[tuple[str, str]],
               learn: bool = True) -> None:
    """Store an entry's players (already cleaned) and its label; new names go to the
    member list; a name typed without a number gets the list's number for it."""
    filled = []
    for name, member in players:
        if name and not member:
            member = _known_number(s, name)
        filled.append((name, member))
    en.players.clear()
    s.flush()
    for pos, (name, member) in enumerate(filled):
        if name:
            en.players.append(EntryPlayerRow(position=pos, name=name, member=member))
            if learn:
                add_member(s, name, member)
    en.names = entry_label(ev.kind, team, filled)[:200]


def _entry(ev: EventRow, section: str, number: str) -> EntryRow | None:
    return next((en for en in ev.entries if en.section == section and en.number == number),
                None)


def _seated(ev: EventRow) -> set[tuple[str, str]]:
    """The entries that sit at a table (a phantom pair sits nowhere)."""
    return {(st.section, p) for st in ev.sittings for p in (st.ns, st.ew) if p}


# ---------------------------------------------------------------- pages

router = APIRouter()


def _event(s, event_id: int) -> EventRow:
    ev = s.get(EventRow, event_id)
    if ev is None:
        raise PageError(404, "ui.error.no_event", id=event_id)
    return ev


def _sort_key(en: EntryRow):
    return (en.section, int(en.number) if en.number.isdigit() else 0, en.number)


def _entry_rows(ev: EventRow, values: dict | None = None) -> list[dict]:
    """A row per pair or team of the movement, with what is stored (or was typed)."""
    n = players_per_entry(ev)
    seated = _seated(ev)
    out = []
    for en in sorted(ev.entries, key=_sort_key):
        if (en.section, en.number) not in seated:
            continue
        key = f"{en.section}|{en.number}"
        stored = {p.position: p for p in en.players}
        typed = (values or {}).get(key)
        if typed is not None:
            team, players = typed["team"], typed["players"]
        else:
            team = en.names if ev.kind == "teams" and en.names != entry_label(
                ev.kind, "", [(p.name, "") for p in en.players]) else ""
            players = [(stored[i].name, stored[i].member) if i in stored else ("", "")
                       for i in range(n)]
        out.append({"key": key, "section": en.section, "number": en.number,
                    "direction": en.direction, "team": team, "players": players})
    return out


def _ltr(text: str) -> str:
    """A size ("64 KB") kept left to right inside a sentence of any direction."""
    return "\u2066" + text + "\u2069"


def _members(s) -> list[MemberRow]:
    return list(s.scalars(select(MemberRow).order_by(MemberRow.name, MemberRow.member)))


def _entries_page(request, s, ev, *, values=None, errors=None, csv_errors=None,
                  csv_text="", saved=None, status=200):
    return render(request, "entries.html", status_code=status, ev=ev,
                  rows=_entry_rows(ev, values), errors=errors or {},
                  csv_errors=csv_errors or [], csv_text=csv_text, saved=saved,
                  members=_members(s), name_max=NAME_MAX, member_max=MEMBER_MAX,
                  csv_max=_ltr(size_text(CSV_MAX_BYTES)), per=players_per_entry(ev),
                  sections=len({en.section for en in ev.entries}))


@router.get("/events/{event_id}/entries", response_class=HTMLResponse)
def entries_page(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return _entries_page(request, s, ev, saved=request.query_params.get("saved"))


@router.post("/events/{event_id}/entries", response_class=HTMLResponse)
def entries_save(request: Request, event_id: Id, d: Director = Depends(require_director),
                 form=Depends(form_data)):
    """Save the names typed on the entries page: each row whose names can be taken is
    saved; a row with a name too long (say) is shown again as typed, with the reason."""
    check_csrf(request, form.get("csrf"))
    lang = lang_of(request)
    store = request.app.state.store
    with store.session() as s:
        ev = _event(s, event_id)
        n = players_per_entry(ev)
        keys = [r["key"] for r in _entry_rows(ev)]
    values: dict[str, dict] = {}
    for key in keys:
        if not any(name.startswith(key + "|") for name in form.keys()):
            continue                           # a row the form did not send: kept as it is
        values[key] = {"team": str(form.get(f"{key}|team", ""))[:4 * NAME_MAX],
                       "players": [(str(form.get(f"{key}|{i}|name", ""))[:4 * NAME_MAX],
                                    str(form.get(f"{key}|{i}|member", ""))[:4 * MEMBER_MAX])
                                   for i in range(n)]}
    errors: dict[str, str] = {}
    saved = 0
    with store.transaction() as s:
        ev = _event(s, event_id)
        for key, v in values.items():
            section, number = key.split("|")
            en = _entry(ev, section, number)
            try:
                team = clean_name(v["team"])
                players = []
                for i, (name, member) in enumerate(v["players"]):
                    try:
                        players.append((clean_name(name), clean_member(member)))
                    except NameError_ as e:
                        errors[f"{key}|{i}"] = e.local(lang)
                        raise
                    if players[-1][1] and not players[-1][0]:
                        errors[f"{key}|{i}"] = message("ui.names.err.member_without_name",
                                                       lang)
                        raise NameError_("member_without_name")
            except NameError_ as e:
                errors.setdefault(f"{key}|team", e.local(lang))
                continue
            old = ([(p.name, p.member) for p in en.players], en.names)
            save_entry(s, ev, en, team, players)
            if ([(p.name, p.member) for p in en.players], en.names) != old:
                saved += 1
    if errors:
        with store.session() as s:
            ev = _event(s, event_id)
            return _entries_page(request, s, ev, values=values, errors=errors, status=400,
                                 saved=str(saved))
    return RedirectResponse(f"/events/{event_id}/entries?saved={saved}", status_code=303)


@router.post("/events/{event_id}/entries/import", response_class=HTMLResponse)
def entries_import(request: Request, event_id: Id, d: Director = Depends(require_director),
                   form=Depends(upload_form)):
    """Names pasted or uploaded as CSV: every good line is saved, every bad one named
    with its line number and the reason; what was pasted stays in the box."""
    check_csrf(request, form.get("csrf"))
    lang = lang_of(request)
    store = request.app.state.store
    text = str(form.get("text") or "")
    upload = form.get("file")
    data: bytes | str = text
    if upload is not None and hasattr(upload, "read") and upload.filename:
        upload.file.seek(0)
        data = upload.file.read(CSV_MAX_BYTES + 1)
    csv_errors: list[str] = []
    saved = 0
    with store.transaction() as s:
        ev = _event(s, event_id)
        try:
            good, bad = parse_entries_csv(data, players_per_entry(ev), lang)
        except NameError_ as e:
            good, bad = [], []
            csv_errors.append(e.local(lang))
        sections = sorted({en.section for en in ev.entries})
        seated = _seated(ev)
        for k, e in bad:
            csv_errors.append(message("ui.names.line", lang, line=k, reason=e.local(lang)))
        for row in good:
            section = row.section or (sections[0] if len(sections) == 1 else "")
            if not section:
                csv_errors.append(message("ui.names.line", lang, line=row.line, reason=message(
                    "ui.names.err.csv_section", lang, number=row.number)))
                continue
            en = _entry(ev, section, row.number)
            if en is None or (section, row.number) not in seated:
                csv_errors.append(message("ui.names.line", lang, line=row.line, reason=message(
                    "ui.names.err.csv_no_pair", lang, number=f"{section}{row.number}"
                    if len(sections) > 1 else row.number)))
                continue
            save_entry(s, ev, en, row.team, row.players)
            saved += 1
        if not good and not bad and not csv_errors:
            csv_errors.append(message("ui.names.err.csv_empty", lang))
    if csv_errors:
        with store.session() as s:
            ev = _event(s, event_id)
            return _entries_page(request, s, ev, csv_errors=csv_errors, status=400,
                                 csv_text=text[:CSV_MAX_BYTES], saved=str(saved))
    return RedirectResponse(f"/events/{event_id}/entries?saved={saved}", status_code=303)


@router.get("/api/events/{event_id}/entries")
def api_entries(request: Request, event_id: Id, d: Director = Depends(require_director)):
    """Every pair or team of the event with its players: ``[{"section", "number",
    "direction", "names", "players": [{"name", "member"}]}]``."""
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return [{"section": en.section, "number": en.number, "direction": en.direction,
                 "names": en.names or "",
                 "players": [{"name": p.name, "member": p.member} for p in en.players]}
                for en in sorted(ev.entries, key=_sort_key)]


# ---------------------------------------------------------------- the member list

def _members_page(request, s, *, errors=None, form=None, csv_errors=None, csv_text="",
                  saved=None, status=200):
    return render(request, "members.html", status_code=status, members=_members(s),
                  errors=errors or {}, form=form or {"name": "", "member": ""},
                  csv_errors=csv_errors or [], csv_text=csv_text, saved=saved,
                  saved_n=whole_number(request.query_params.get("n", ""), 0) or 0,
                  name_max=NAME_MAX, member_max=MEMBER_MAX,
                  csv_max=_ltr(size_text(CSV_MAX_BYTES)))


@router.get("/members", response_class=HTMLResponse)
def members_page(request: Request, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        return _members_page(request, s, saved=request.query_params.get("saved"))


@router.post("/members", response_class=HTMLResponse)
def member_add(request: Request, d: Director = Depends(require_director),
               form=Depends(form_data)):
    check_csrf(request, form.get("csrf"))
    lang = lang_of(request)
    typed = {"name": str(form.get("name", ""))[:4 * NAME_MAX],
             "member": str(form.get("member", ""))[:4 * MEMBER_MAX]}
    errors = {}
    try:
        name = clean_name(typed["name"])
        if not name:
            raise NameError_("no_name")
    except NameError_ as e:
        errors["name"] = e.local(lang)
    try:
        member = clean_member(typed["member"])
    except NameError_ as e:
        errors["member"] = e.local(lang)
    store = request.app.state.store
    if not errors:
        with store.transaction() as s:
            added = add_member(s, name, member)
        if added:
            return RedirectResponse("/members?saved=member_added", status_code=303)
        errors["name"] = message("ui.names.err.member_known", lang)
    with store.session() as s:
        return _members_page(request, s, errors=errors, form=typed, status=400)


@router.post("/members/import", response_class=HTMLResponse)
def members_import(request: Request, d: Director = Depends(require_director),
                   form=Depends(upload_form)):
    check_csrf(request, form.get("csrf"))
    lang = lang_of(request)
    text = str(form.get("text") or "")
    upload = form.get("file")
    data: bytes | str = text
    if upload is not None and hasattr(upload, "read") and upload.filename:
        upload.file.seek(0)
        data = upload.file.read(CSV_MAX_BYTES + 1)
    csv_errors = []
    store = request.app.state.store
    added = 0
    with store.transaction() as s:
        try:
            good, bad = parse_members_csv(data, lang)
        except NameError_ as e:
            good, bad = [], []
            csv_errors.append(e.local(lang))
        csv_errors += [message("ui.names.line", lang, line=k, reason=e.local(lang))
                       for k, e in bad]
        for name, member in good:
            added += add_member(s, name, member)
        if not good and not csv_errors:
            csv_errors.append(message("ui.names.err.csv_empty", lang))
    if csv_errors:
        with store.session() as s:
            return _members_page(request, s, csv_errors=csv_errors, csv_text=text[:CSV_MAX_BYTES],
                                 status=400, saved=None)
    return RedirectResponse(f"/members?saved=members_imported&n={added}", status_code=303)


@router.post("/members/{member_id}/remove", response_class=HTMLResponse)
def member_remove(request: Request, member_id: Id, d: Director = Depends(require_director),
                  form=Depends(form_data)):
    """Remove a name from the member list, once confirmed (the events keep their names)."""
    check_csrf(request, form.get("csrf"))
    store = request.app.state.store
    with store.session() as s:
        row = s.get(MemberRow, member_id)
        if row is None:
            raise PageError(404, "ui.names.err.no_member")
        shown = row.name + (f" ({row.member})" if row.member else "")
    if form.get("confirm") != "1":
        return confirm_page(request, action=f"/members/{member_id}/remove",
                            fields=[(k, str(v)) for k, v in form.multi_items()],
                            what=[message("ui.names.confirm_remove", lang_of(request),
                                          name="\u2068" + shown + "\u2069")],
                            cancel="/members")
    with store.transaction() as s:
        row = s.get(MemberRow, member_id)
        if row is not None:
            s.delete(row)
    return RedirectResponse("/members?saved=member_removed", status_code=303)
