"""USEBIO 1.2 XML (the EBU's results interchange format): read an event, write one.

:func:`read_usebio` gives a :class:`~bridgelaws.tournament.event.Event` with
every traveller line as a raw result (contract, declarer, tricks, score, or an
artificial score such as ``A6040``); the matchpoints, IMPs and pair totals that
the file publishes are kept in ``published`` for comparison and never used to
score.  :func:`write_usebio` writes a scored event back (``EVENT``,
``PARTICIPANTS`` with totals and places, one ``BOARD`` per board with its
traveller lines).

Supported event types: ``MP_PAIRS``, ``CROSS_IMP``, ``BUTLER_PAIRS`` (and
``IMP_PAIRS``, scored as cross-IMPs), and the teams types ``SWISS_TEAMS`` and
``TEAMS_OF_FOUR`` (:func:`read_usebio_teams`).  Any other is refused with a reason.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.sax.saxutils import escape

from ..cards import BridgeError
from .results_csv import _whole
from ..scoring.adjusted import ArtificialScore
from ..tournament.event import Event, Result

__all__ = ["read_usebio", "read_usebio_teams", "write_usebio", "EVENT_METHODS", "TEAMS_TYPES"]

#: USEBIO event type -> scoring method of :func:`~bridgelaws.tournament.results.score_event`
EVENT_METHODS = {"MP_PAIRS": "mp", "CROSS_IMP": "xi", "IMP_PAIRS": "xi", "BUTLER_PAIRS": "butler"}
#: USEBIO event types read as teams events (:func:`read_usebio_teams`)
TEAMS_TYPES = ("SWISS_TEAMS", "TEAMS_OF_FOUR")
#: the largest USEBIO file read (a big congress is a few MB)
MAX_FILE_BYTES = 50_000_000
_POINTS = {"mp": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
           "xi": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
           "butler": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS")}


def _text(el, tag) -> str | None:
    t = el.findtext(tag)
    if t is None:
        return None
    t = t.strip()
    return t or None


def _number(text: str | None, where: str, what: str) -> float | None:
    if text is None:
        return None
    try:
        return float(text)
    except ValueError:
        raise BridgeError(f"{what} {text!r} is not a number", where) from None


def read_usebio(source, *, name: str | None = None):
    """Read a USEBIO 1.2 file (path, bytes or XML text) as an :class:`Event` (a
    :class:`~bridgelaws.tournament.teams.TeamsEvent` for a teams event)."""
    ev_el, label = _event_element(source, name)
    etype = (ev_el.get("EVENT_TYPE") or "").strip()
    if etype in TEAMS_TYPES:
        return read_usebio_teams(ev_el, label)
    if etype not in EVENT_METHODS:
        raise BridgeError(f"event type {etype!r} is not supported (expected one of "
                          f"{', '.join(sorted(EVENT_METHODS) + list(TEAMS_TYPES))})", label)
    return _read_pairs(ev_el, etype, label)


def _event_element(source, name: str | None):
    """The ``EVENT`` element of a USEBIO file, and the file's label for messages."""
    label = name
    try:
        if isinstance(source, (str, Path)) and not str(source).lstrip().startswith("<"):
            label = label or str(source)
            with open(source, "rb") as f:
                data = f.read(MAX_FILE_BYTES + 1)
            if len(data) > MAX_FILE_BYTES:
                raise BridgeError(f"the file is larger than {MAX_FILE_BYTES // 1_000_000} MB",
                                  label)
        elif isinstance(source, bytes):
            data = source
        else:
            data = str(source).encode("utf-8")
    except OSError as e:
        raise BridgeError(f"cannot read: {e.strerror}", label) from None
    label = label or "<usebio>"
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        line, col = e.position
        raise BridgeError(f"malformed XML at column {col}: {e.msg if hasattr(e, 'msg') else e}",
                          f"{label}:{line}") from None
    if root.tag != "USEBIO":
        raise BridgeError(f"not a USEBIO file (the root element is <{root.tag}>)", label)
    ev_el = root.find("EVENT")
    if ev_el is None:
        raise BridgeError("no <EVENT> element", label)
    return ev_el, label


def _read_pairs(ev_el, etype: str, label: str) -> Event:
    method = EVENT_METHODS[etype]
    event = Event(name=_text(ev_el, "EVENT_DESCRIPTION") or "", kind="pairs", source=label)
    event.published = {"event_type": etype, "method": method,
                       "winner_type": _text(ev_el, "WINNER_TYPE"),
                       "date": _text(ev_el, "DATE"), "program": _text(ev_el, "PROGRAM_NAME")}
    for i, p in enumerate(ev_el.iter("PAIR"), 1):
        pid = _text(p, "PAIR_NUMBER")
        where = f"{label}: PAIR {i}"
        if pid is None:
            raise BridgeError("a pair has no PAIR_NUMBER", where)
        players = p.findall("PLAYER")
        names = [_text(pl, "PLAYER_NAME") or "" for pl in players]
        direction = _text(p, "DIRECTION")
        direction = {"N": "NS", "NS": "NS", "E": "EW", "EW": "EW"}.get(
            (direction or "").upper().replace("/", "").replace("-", ""), None)
        e = event.add_entry(pid, names, direction)
        e.members = [_text(pl, "NATIONAL_ID_NUMBER") or "" for pl in players]
        e.published = {"total": _number(_text(p, "TOTAL_SCORE"), where, "TOTAL_SCORE"),
                       "percent": _number(_text(p, "PERCENTAGE"), where, "PERCENTAGE"),
                       "place": _text(p, "PLACE")}
    ns_tag, ew_tag = _POINTS[method]
    for b in ev_el.iter("BOARD"):
        lines = b.findall("TRAVELLER_LINE")
        if not lines:
            continue
        board = _whole(_text(b, "BOARD_NUMBER") or "", "board number", label)
        for k, line in enumerate(lines, 1):
            where = f"{label}: board {board}, traveller line {k}"
            ns = _text(line, "NS_PAIR_NUMBER")
            ew = _text(line, "EW_PAIR_NUMBER")
            if ns is None or ew is None:
                raise BridgeError("a traveller line needs NS_PAIR_NUMBER and EW_PAIR_NUMBER", where)
            for pid in (ns, ew):
                if pid not in event.entries:
                    raise BridgeError(f"unknown pair {pid!r} (not among the PARTICIPANTS)", where)
            score_text = _text(line, "SCORE")
            contract = _text(line, "CONTRACT")
            tricks_text = _text(line, "TRICKS")
            r = Result(board, ns, ew, where=where, lead=_text(line, "LEAD"))
            if score_text and score_text[0] in "Aa":
                r.adjusted = ArtificialScore.parse(score_text, where)
            elif contract:
                r.contract = contract.upper()
                if r.contract not in ("PASS", "P"):
                    r.declarer = _text(line, "PLAYED_BY")
                    if tricks_text is None:
                        raise BridgeError(f"contract {contract} has no TRICKS", where)
                    r.tricks = _whole(tricks_text, "TRICKS", where)
            elif score_text is not None:
                r.score = _whole(score_text, "SCORE", where)
            else:
                raise BridgeError("a traveller line with neither a contract nor a score", where)
            r.published = {"score": score_text,
                           "ns": _number(_text(line, ns_tag), where, ns_tag),
                           "ew": _number(_text(line, ew_tag), where, ew_tag)}
            event.results.append(r)
    event.check()
    return event


def _team_side(m, tag: str, where: str) -> tuple[str, float | None, float | None]:
    el = m.find(tag)
    if el is None:
        raise BridgeError(f"a MATCH has no <{tag}>", where)
    tid = _text(el, "TEAM_NUMBER")
    if tid is None:
        raise BridgeError(f"<{tag}> has no TEAM_NUMBER", where)
    return (tid, _number(_text(el, "IMPS"), where, "IMPS"),
            _number(_text(el, "VICTORY_POINTS"), where, "VICTORY_POINTS"))


def read_usebio_teams(ev_el, label: str):
    """A teams event (``SWISS_TEAMS``, ``TEAMS_OF_FOUR``) from its ``EVENT`` element.

    The teams are the ``TEAM`` elements of ``PARTICIPANTS`` (``TEAM_NUMBER``,
    ``TEAM_NAME``, the ``PLAYER`` names, and the published ``TOTAL_SCORE`` and
    ``PLACE``).  Each ``MATCH`` has ``ROUND_NUMBER``, ``TABLE_NUMBER``, a
    ``HOME_TEAM`` and an ``AWAY_TEAM`` (``TEAM_NUMBER``, the match's ``IMPS``,
    the published ``VICTORY_POINTS``) and, when the boards are given, a
    ``BOARD`` per board with two ``TRAVELLER_LINE``s, ``ROOM`` ``OPEN`` (the
    home team North-South) and ``CLOSED``, each a contract (``CONTRACT``,
    ``PLAYED_BY``, ``TRICKS``) or a North-South ``SCORE``, or an artificial score
    (``A6040``: IMPs by Law 86B, +3/0/-3 to the team of that room's North-South
    or East-West as 12C2 gives): then the match's
    IMPs are computed from the boards (Law 78B) and the file's ``IMPS`` only
    compared.  (The USEBIO 1.2 document was not at hand when this was written:
    these teams elements follow the style of its pairs elements and are this
    project's reading; a file from another program may name them otherwise.)
    """
    from ..scoring.adjusted import artificial_imps
    from ..scoring.imps import TeamMatch
    from ..tournament.event import result_score
    from ..tournament.teams import TeamsEvent, TeamsMatch
    from ..boards import vulnerability_of
    ev = TeamsEvent(name=_text(ev_el, "EVENT_DESCRIPTION") or "", source=label)
    ev.published = {"event_type": ev_el.get("EVENT_TYPE"), "date": _text(ev_el, "DATE"),
                    "program": _text(ev_el, "PROGRAM_NAME")}
    for i, t in enumerate(ev_el.iter("TEAM"), 1):
        where = f"{label}: TEAM {i}"
        tid = _text(t, "TEAM_NUMBER")
        if tid is None:
            raise BridgeError("a team has no TEAM_NUMBER", where)
        team = ev.add_team(tid, _text(t, "TEAM_NAME") or "",
                           [_text(pl, "PLAYER_NAME") or "" for pl in t.iter("PLAYER")])
        team.published = {"vp": _number(_text(t, "TOTAL_SCORE"), where, "TOTAL_SCORE"),
                          "rank": _text(t, "PLACE")}
    for i, m_el in enumerate(ev_el.findall("MATCH"), 1):
        where = f"{label}: MATCH {i}"
        home, ih, vh = _team_side(m_el, "HOME_TEAM", where)
        away, ia, va = _team_side(m_el, "AWAY_TEAM", where)
        for tid in (home, away):
            if tid not in ev.teams:
                raise BridgeError(f"unknown team {tid!r} (not among the PARTICIPANTS)", where)
        rnd = _text(m_el, "ROUND_NUMBER")
        m = TeamsMatch(home, away, round=_whole(rnd, "ROUND_NUMBER", where) if rnd else None,
                       table=_text(m_el, "TABLE_NUMBER"), where=where)
        if ih is not None and ia is not None:
            m.imps = (ih, ia)
        if vh is not None and va is not None:
            m.published_vp = (vh, va)
        boards = m_el.findall("BOARD")
        if boards:
            tm = TeamMatch()
            for b in boards:
                board = _whole(_text(b, "BOARD_NUMBER") or "", "BOARD_NUMBER", where)
                bwhere = f"{where}, board {board}"
                rooms: dict[str, int] = {}
                artificial: dict[str, ArtificialScore] = {}
                for k, line in enumerate(b.findall("TRAVELLER_LINE"), 1):
                    lwhere = f"{bwhere}, traveller line {k}"
                    room = (_text(line, "ROOM") or "").upper()
                    if room not in ("OPEN", "CLOSED") or room in rooms or room in artificial:
                        raise BridgeError(f"ROOM {room!r}: expected OPEN and CLOSED, once each",
                                          lwhere)
                    r = Result(board, home, away, where=lwhere)
                    contract, score_text = _text(line, "CONTRACT"), _text(line, "SCORE")
                    if score_text and score_text[0] in "Aa":
                        artificial[room] = ArtificialScore.parse(score_text, lwhere)
                        continue
                    if contract:
                        r.contract = contract.upper()
                        if r.contract not in ("PASS", "P"):
                            r.declarer = _text(line, "PLAYED_BY")
                            tricks = _text(line, "TRICKS")
                            if tricks is None:
                                raise BridgeError(f"contract {contract} has no TRICKS", lwhere)
                            r.tricks = _whole(tricks, "TRICKS", lwhere)
                    elif score_text is not None:
                        r.score = _whole(score_text, "SCORE", lwhere)
                    else:
                        raise BridgeError("a traveller line with neither a contract nor a "
                                          "score", lwhere)
                    s = result_score(r, vulnerability_of(board))
                    assert s is not None
                    rooms[room] = s
                if artificial:
                    # Law 86B: an artificial adjusted score in a team match is given in IMPs
                    # (12C2: average plus +3, average minus -3), instead of the comparison
                    room, a = next(iter(artificial.items()))
                    tm.adjust[board] = (
                        artificial_imps(a.ns if room == "OPEN" else a.ew),
                        artificial_imps(a.ew if room == "OPEN" else a.ns))
                    continue
                if set(rooms) != {"OPEN", "CLOSED"}:
                    raise BridgeError("a board of a team match needs the OPEN and the CLOSED "
                                      "room (Law 78B compares the two)", bwhere)
                tm.home_ns[board], tm.away_ns[board] = rooms["OPEN"], rooms["CLOSED"]
            m.boards = tm
        ev.matches.append(m)
    if not ev.teams:
        raise BridgeError("a teams event without TEAMs among its PARTICIPANTS", label)
    return ev


# what XML 1.0 cannot carry at all (C0 controls but tab and line ends, surrogates,
# U+FFFE and U+FFFF): written as U+FFFD, so the file stays XML and the flaw shows
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    """Text as XML element content.

    >>> _xml("Ann & Bob" + chr(0)) == "Ann &amp; Bob" + chr(0xFFFD)
    True
    """
    return escape(_NOT_XML.sub("\ufffd", text))


def _fmt(x: float | None, places: int = 2) -> str:
    return "" if x is None else f"{x:.{places}f}"


def write_usebio(result, *, program: str = "bridgelaws") -> str:
    """USEBIO 1.2 XML of a scored event (:class:`~bridgelaws.tournament.results.EventResult`)."""
    ev = result.event
    etype = {"mp": "MP_PAIRS", "xi": "CROSS_IMP", "imp": "CROSS_IMP",
             "butler": "BUTLER_PAIRS"}[result.method]
    ns_tag, ew_tag = _POINTS["xi" if result.method == "imp" else result.method]
    out = ['<?xml version="1.0"?>',
           '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
           '<USEBIO Version="1.2">',
           f'<EVENT EVENT_TYPE="{etype}">',
           f"  <EVENT_DESCRIPTION>{_xml(ev.name)}</EVENT_DESCRIPTION>",
           f"  <PROGRAM_NAME>{_xml(program)}</PROGRAM_NAME>",
           f'  <PARTICIPANTS EVENT_TYPE="{etype}">']
    for s in result.standings:
        e = ev.entries[s.entry]
        out.append("    <PAIR>")
        out.append(f"      <PAIR_NUMBER>{_xml(s.entry)}</PAIR_NUMBER>")
        out.append(f"      <DIRECTION>{e.direction or ''}</DIRECTION>")
        out.append(f"      <TOTAL_SCORE>{_fmt(s.score)}</TOTAL_SCORE>")
        if s.percent is not None:
            out.append(f"      <PERCENTAGE>{_fmt(s.percent)}</PERCENTAGE>")
        out.append(f"      <PLACE>{s.rank}</PLACE>")
        for n, number in zip(e.names, list(e.members) + [""] * len(e.names)):
            # the member number as the national one (USEBIO 1.2: NATIONAL_ID_NUMBER)
            member = (f"<NATIONAL_ID_NUMBER>{_xml(number)}</NATIONAL_ID_NUMBER>"
                      if number else "")
            out.append(f"      <PLAYER><PLAYER_NAME>{_xml(n)}</PLAYER_NAME>{member}</PLAYER>")
        out.append("    </PAIR>")
    out.append("  </PARTICIPANTS>")
    for b, srs in sorted(result.boards.items()):
        out.append(f'  <BOARD EVENT_TYPE="{etype}">')
        out.append(f"    <BOARD_NUMBER>{b}</BOARD_NUMBER>")
        for sr in srs:
            r = sr.result
            out.append("    <TRAVELLER_LINE>")
            out.append(f"      <NS_PAIR_NUMBER>{_xml(r.ns[0])}</NS_PAIR_NUMBER>")
            out.append(f"      <EW_PAIR_NUMBER>{_xml(r.ew[0])}</EW_PAIR_NUMBER>")
            if isinstance(r.adjusted, ArtificialScore):
                score = f"A{r.adjusted.ns:02.0f}{r.adjusted.ew:02.0f}"
            else:
                if r.contract:
                    out.append(f"      <CONTRACT>{_xml(r.contract)}</CONTRACT>")
                    if r.declarer:
                        out.append(f"      <PLAYED_BY>{_xml(r.declarer)}</PLAYED_BY>")
                    if r.tricks is not None:
                        out.append(f"      <TRICKS>{r.tricks}</TRICKS>")
                score = "" if sr.ns_score is None else str(sr.ns_score)
            out.append(f"      <SCORE>{score}</SCORE>")
            out.append(f"      <{ns_tag}>{_fmt(sr.ns_points)}</{ns_tag}>")
            out.append(f"      <{ew_tag}>{_fmt(sr.ew_points)}</{ew_tag}>")
            out.append("    </TRAVELLER_LINE>")
        out.append("  </BOARD>")
    out.append("</EVENT>")
    out.append("</USEBIO>")
    return "\n".join(out) + "\n"
