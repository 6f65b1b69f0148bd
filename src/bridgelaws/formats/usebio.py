"""USEBIO 1.2 XML (the EBU's results interchange format): read an event, write one.

:func:`read_usebio` gives a :class:`~bridgelaws.tournament.event.Event` with
every traveller line as a raw result (contract, declarer, tricks, score, or an
artificial score such as ``A6040``); the matchpoints, IMPs and pair totals that
the file publishes are kept in ``published`` for comparison and never used to
score.  :func:`write_usebio` writes a scored event back (``EVENT``,
``PARTICIPANTS`` with totals and places, one ``BOARD`` per board with its
traveller lines).

Supported event types: ``MP_PAIRS``, ``CROSS_IMP``, ``BUTLER_PAIRS`` (and
``IMP_PAIRS``, scored as cross-IMPs).  Any other is refused with a reason.
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

__all__ = ["read_usebio", "write_usebio", "EVENT_METHODS"]

#: USEBIO event type -> scoring method of :func:`~bridgelaws.tournament.results.score_event`
EVENT_METHODS = {"MP_PAIRS": "mp", "CROSS_IMP": "xi", "IMP_PAIRS": "xi", "BUTLER_PAIRS": "butler"}
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


def read_usebio(source, *, name: str | None = None) -> Event:
    """Read a USEBIO 1.2 file (path, bytes or XML text) as an :class:`Event`."""
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
    etype = (ev_el.get("EVENT_TYPE") or "").strip()
    if etype not in EVENT_METHODS:
        raise BridgeError(f"event type {etype!r} is not supported (expected one of "
                          f"{', '.join(sorted(EVENT_METHODS))})", label)
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
        names = [_text(pl, "PLAYER_NAME") or "" for pl in p.findall("PLAYER")]
        direction = _text(p, "DIRECTION")
        direction = {"N": "NS", "NS": "NS", "E": "EW", "EW": "EW"}.get(
            (direction or "").upper().replace("/", "").replace("-", ""), None)
        e = event.add_entry(pid, names, direction)
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
        for n in e.names:
            out.append(f"      <PLAYER><PLAYER_NAME>{_xml(n)}</PLAYER_NAME></PLAYER>")
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
