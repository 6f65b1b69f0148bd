"""Raw results from CSV: a simple documented format, and Bridgemate's ``ReceivedData`` export.

The simple format
-----------------
One header line, then one line per board played at a table (commas; a line
starting with ``#`` and empty lines are skipped; column names in any case and
order)::

    board,ns,ew,contract,declarer,result
    1,1,2,4H,N,10
    1,3,4,4HX,N,-1
    2,1,2,3NT,S,+2
    2,3,4,PASS,,
    3,1,2,,,A60/40
    3,3,4,,,620

- ``board``: the board number; ``ns``/``ew``: the ids of the pairs sitting
  North-South and East-West (in a Mitchell give distinct ids, like ``1NS`` and
  ``1EW``).
- ``contract``: ``4H``, ``3NT``, ``4SX``, ``6NXX`` (``4 S x`` also reads), or
  ``PASS``; ``declarer``: ``N``, ``E``, ``S`` or ``W``.
- ``result``: the tricks the declarer took (``10``), or relative to the contract
  (``+1``, ``-2``, ``=``); empty for a passed-out board.
- ``score`` (optional): North-South's score.  A row without a contract is
  scored from it; an artificial adjusted score (Law 12C2) is written
  ``A60/40``, ``A6040`` or ``avg+/avg-`` in the ``result`` or ``score`` column.
  When the row also has a contract, the score is the one the source
  published: it is kept for comparison, and the score used is always
  recomputed by Law 77.
- optional ``names_ns``/``names_ew`` (``"Ann Smith - Bob Jones"`` or
  ``"Ann Smith;Bob Jones"``), ``round``, ``table``, ``lead``.

Bridgemate
----------
:func:`read_bridgemate` reads the tables a Bridgemate scoring database (``.bws``)
exports as CSV (``mdb-export``): ``ReceivedData.csv`` (the results), and,
when they lie beside it, ``RoundData.csv`` (the movement, checked against the
results), ``Section.csv`` (section letters), ``PlayerNumbers.csv`` and
``PlayerNames.csv`` (the players' names) and ``HandRecord.csv`` (the deals).
Erased rows are ignored; a later row for the same table, round and board
replaces an earlier one; rows remarked ``Not played`` (and any other row
without a contract) have no score and are listed in ``published``, since only
the Director can award an adjusted score for them (Law 12).  In a Mitchell
(a pair number meets the same number) the pairs are ``1NS``... and ``1EW``...

Both readers give an :class:`~bridgelaws.tournament.event.Event` of raw
results; every score is recomputed from contract, declarer and tricks (Law 77).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..cards import BridgeError
from ..scoring.adjusted import ArtificialScore
from ..tournament.event import Event, Result

__all__ = ["read_results_csv", "read_bridgemate", "read_bridgemate_tables", "read_csv_event",
           "parse_contract", "parse_tricks", "BridgemateTable", "SIMPLE_COLUMNS"]

SIMPLE_COLUMNS = ("board", "ns", "ew", "contract", "declarer", "result")
_PASS = {"PASS", "P", "AP", "PASSED", "ALL PASS"}
_CONTRACT_RE = re.compile(r"([1-7])\s*(NT|N|S|H|D|C)\s*(XX|X|\*\*|\*)?")


def parse_contract(text: str, where: str) -> str:
    """``"4 S x"``, ``"3NT"``, ``"pass"`` -> ``"4SX"``, ``"3N"``, ``"PASS"`` (or BridgeError)."""
    t = " ".join(text.strip().upper().split())
    if t in _PASS:
        return "PASS"
    m = _CONTRACT_RE.fullmatch(t)
    if not m:
        raise BridgeError(f"unknown contract {text!r} (expected like 4H, 3NT, 4SX or PASS)", where)
    level, strain, risk = m.groups()
    risk = (risk or "").replace("*", "X")
    return f"{level}{strain[0]}{risk}"


def parse_tricks(contract: str, text: str, where: str) -> int:
    """The declarer's tricks from ``10``, ``+1``, ``-2`` or ``=`` (relative to ``contract``)."""
    t = text.strip()
    level = int(contract[0])
    if t in ("=", "0=", "+0", "-0", "MADE", "M"):
        tricks = level + 6
    elif re.fullmatch(r"[+-]\d{1,2}", t):
        tricks = level + 6 + int(t)
    elif re.fullmatch(r"\d{1,2}", t):
        tricks = int(t)
    else:
        raise BridgeError(f"unknown result {text!r} for {contract} (expected the tricks taken, "
                          "like 10, or +1, -2, =)", where)
    if not 0 <= tricks <= 13:
        raise BridgeError(f"result {text!r} for {contract} makes {tricks} tricks", where)
    return tricks


_WHOLE = re.compile(r"[+-]?[0-9]+")
#: the most digits of a number in a results file (boards, rounds, ids, scores)
MAX_DIGITS = 9


def _whole(text: str, what: str, where: str) -> int:
    """A whole number of at most :data:`MAX_DIGITS` digits (ASCII; a longer one is no
    board, round or score, nor a number to give int(), which refuses 4,300 digits).

    >>> _whole(" 12 ", "board number", "f.csv:2"), _whole("-620", "score", "f.csv:2")
    (12, -620)
    >>> _whole("9" * 5000, "board number", "f.csv:2")
    Traceback (most recent call last):
    bridgelaws.cards.BridgeError: f.csv:2: board number of 5000 digits is too large
    """
    t = text.strip()
    if not _WHOLE.fullmatch(t):
        raise BridgeError(f"{what} {t!r} is not a whole number", where)
    if len(t.lstrip("+-")) > MAX_DIGITS:
        raise BridgeError(f"{what} of {len(t.lstrip('+-'))} digits is too large", where)
    return int(t)


def _board(text: str, where: str) -> int:
    b = _whole(text, "board number", where)
    if b < 1:
        raise BridgeError(f"board number {b} is not positive", where)
    return b


def _declarer(text: str, where: str) -> str:
    d = text.strip().upper()[:1] if text.strip().upper() in (
        "N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST") else None
    if d is None:
        raise BridgeError(f"unknown declarer {text!r} (expected N, E, S or W)", where)
    return d


def _names(text: str | None) -> list[str]:
    if not text or not text.strip():
        return []
    sep = ";" if ";" in text else " - "
    return [n.strip() for n in text.split(sep) if n.strip()]


#: the largest results file read (a club's season of Bridgemate rows is a few MB)
MAX_FILE_BYTES = 50_000_000


def _open(path, label: str) -> str:
    """The text of a CSV file: UTF-8 (a BOM allowed), else Latin-1; at most
    :data:`MAX_FILE_BYTES`."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise BridgeError(f"cannot read: {e.strerror or e}", label) from None
    if len(data) > MAX_FILE_BYTES:
        raise BridgeError(f"the file is larger than {MAX_FILE_BYTES // 1_000_000} MB", label)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _csv_rows(lines: list[str], label: str):
    """``(line number, fields)`` of each CSV record; a record the csv module cannot
    split (a field over its limit of 131,072 characters) is named by its line."""
    reader = csv.reader(lines)
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            reason = ("a field longer than the CSV limit of "
                      f"{csv.field_size_limit():,} characters" if "field limit" in str(e)
                      else f"unreadable CSV ({e})")
            raise BridgeError(reason, f"{label}:{reader.line_num}") from None
        bad = _CONTROL.search("".join(row))
        if bad:              # a broken file, not a name: no page or XML could show it
            raise BridgeError(f"a control character (U+{ord(bad.group()):04X}) in a field",
                              f"{label}:{reader.line_num}")
        yield reader.line_num, row


def _rows(text: str, label: str):
    """(line number, row dict with lower-case keys) for each data line."""
    lines = text.splitlines(keepends=True)
    header = None
    for line, row in _csv_rows(lines, label):
        if not row or all(not c.strip() for c in row) or row[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [c.strip().lower() for c in row]
            continue
        if len(row) > len(header):
            raise BridgeError(f"row has {len(row)} fields, the header {len(header)}",
                              f"{label}:{line}")
        yield header, line, {k: (v or "") for k, v in zip(header, row + [""] * len(header))}
    if header is None:
        raise BridgeError("no header line", label)


def read_results_csv(path, *, name: str | None = None) -> Event:
    """Read the simple CSV format (see the module documentation) as an :class:`Event`."""
    label = str(name or path)
    text = _open(path, label)
    ev = Event(name=Path(label).stem, source=label)
    checked = False
    for header, line, row in _rows(text, label):
        where = f"{label}:{line}"
        if not checked:
            missing = [c for c in ("board", "ns", "ew") if c not in header]
            if not missing and "score" not in header and not {"contract", "declarer",
                                                              "result"} <= set(header):
                missing = [c for c in ("contract", "declarer", "result") if c not in header]
            if missing:
                raise BridgeError(f"the header lacks {', '.join(missing)} (expected "
                                  f"{','.join(SIMPLE_COLUMNS)}[,score])", f"{label}:{line}")
            checked = True
        board = _board(row["board"], where)
        ns, ew = row["ns"].strip(), row["ew"].strip()
        if not ns or not ew:
            raise BridgeError("a row needs both the NS and the EW pair", where)
        e_ns = ev.add_entry(ns)
        e_ew = ev.add_entry(ew)
        for e, key in ((e_ns, "names_ns"), (e_ew, "names_ew")):
            if not e.names and _names(row.get(key)):
                e.names = _names(row.get(key))
        r = Result(board, ns, ew, where=where, lead=row.get("lead") or None,
                   table=row.get("table") or None)
        if row.get("round", "").strip():
            r.round = _whole(row["round"], "round", where)
        contract = row.get("contract", "").strip()
        result = row.get("result", "").strip()
        score = row.get("score", "").strip()
        if contract:
            r.contract = parse_contract(contract, where)
            if r.contract != "PASS":
                r.declarer = _declarer(row.get("declarer", ""), where)
                if not result:
                    raise BridgeError(f"contract {contract} has no result", where)
                r.tricks = parse_tricks(r.contract, result, where)
            if score:
                r.published = {"score": _whole(score, "score", where)}
        else:
            text_score = score or result
            if not text_score:
                raise BridgeError("a row with neither a contract nor a score", where)
            if text_score[:1].upper() == "A" or "/" in text_score or "%" in text_score:
                r.adjusted = ArtificialScore.parse(text_score, where)     # Law "12C2"
            else:
                r.score = _whole(text_score, "score", where)
        ev.results.append(r)
    if not ev.results:
        raise BridgeError("no results in the file", label)
    ev.check()
    return ev


# --- Bridgemate ------------------------------------------------------------------------

@dataclass
class BridgemateTable:
    """One table of a Bridgemate database, as its CSV export or the ``.bws`` file gives it.

    ``rows`` are ``(where, order, fields)``: the place a message names (``f.csv:3``,
    ``f.bws, ReceivedData row 2``), the row's position, and its fields by lower-case
    column name, as text (``""`` for an empty field).
    """
    label: str
    rows: list[tuple[str, int, dict[str, str]]] = field(default_factory=list)
    header: str = ""
    kind: str = "export"              # or "table" (of the database itself)

    def columns(self) -> set[str]:
        return set(self.rows[0][2]) if self.rows else set()


#: a source of Bridgemate tables: the table's name (``"ReceivedData"``) -> the table, or None
TableSource = Callable[[str], "BridgemateTable | None"]


def _csv_tables(folder: Path) -> TableSource:
    """The tables of a folder of CSV exports (``ReceivedData.csv``...; any case of name)."""
    def table(name: str) -> BridgemateTable | None:
        if not folder.is_dir():
            return None
        for f in folder.iterdir():
            if f.name.lower() == f"{name}.csv".lower():
                return _csv_table(f)
        return None
    return table


def _csv_table(f: Path) -> BridgemateTable:
    label = str(f)
    return BridgemateTable(label, [(f"{label}:{line}", line, row)
                                   for _, line, row in _rows(_open(f, label), label)],
                           header=f"{label}:1")


def _int_field(row: dict, key: str, where: str) -> int:
    return _whole(row.get(key.lower(), ""), key, where)


_BM_COLUMNS = ("section", "table", "round", "board", "pairns", "pairew", "declarer", "ns/ew",
               "contract", "result")
_BM_ROUND_COLUMNS = ("section", "table", "round", "nspair", "ewpair", "lowboard", "highboard")


def _needs_columns(table: BridgemateTable, columns: tuple[str, ...], name: str) -> None:
    """The columns a Bridgemate table must have (its rows' keys are the header's)."""
    missing = [c for c in columns if table.rows and c not in table.rows[0][2]]
    if missing:
        raise BridgeError(f"not a Bridgemate {name} {table.kind}: no column {', '.join(missing)}",
                          table.header)


def read_bridgemate(path, *, mitchell: bool | None = None) -> Event:
    """Read a Bridgemate export (the folder, or its ``ReceivedData.csv``) as an :class:`Event`.

    ``published`` gets the checks the export allows: ``erased`` and
    ``replaced`` rows, ``not_played`` rows, ``declarer_pair`` (rows whose
    ``Declarer`` pair number agrees with the seat in ``NS/EW``, out of those
    where it can be told), ``movement`` (rows whose pairs and board agree with
    ``RoundData``), ``suspicious`` (rows Bridgemate flagged) and ``deals``
    (``HandRecord.csv``, board -> PBN deal).
    """
    p = Path(path)
    folder = p if p.is_dir() else p.parent
    tables = _csv_tables(folder)
    if p.is_dir():
        received = tables("ReceivedData")
        if received is None:
            raise BridgeError("no ReceivedData.csv in the folder", str(p))
    else:
        received = _csv_table(p)
    name = folder.name[:-4] if folder.name.lower().endswith("_csv") else folder.name

    def source(table: str) -> BridgemateTable | None:
        return received if table == "ReceivedData" else tables(table)
    return read_bridgemate_tables(source, name=name, label=received.label, mitchell=mitchell)


def read_bridgemate_tables(tables: TableSource, *, name: str, label: str,
                           mitchell: bool | None = None) -> Event:
    """The event of a Bridgemate database, from its tables (CSV exports or the ``.bws``):
    see :func:`read_bridgemate`."""
    received = tables("ReceivedData")
    if received is None:
        raise BridgeError("no ReceivedData table", label)
    _needs_columns(received, _BM_COLUMNS, "ReceivedData")
    ev = Event(name=name, source=label)
    pub = ev.published
    pub.update(erased=0, replaced=0, not_played=[], suspicious=0, declarer_pair=[0, 0],
               format="bridgemate")

    letters: dict[int, str] = {}
    sec = tables("Section")
    if sec:
        for where, _, row in sec.rows:
            letters[_int_field(row, "ID", where)] = row.get("letter", "").strip()

    # the live rows: erased ones dropped, a later row for the same table, round and
    # board replacing an earlier one
    live: dict[tuple, tuple[str, dict, int]] = {}
    for where, order, row in received.rows:
        erased = row.get("erased", "0").strip().lower()
        if erased not in ("", "0", "false"):
            pub["erased"] += 1
            continue
        section = _int_field(row, "Section", where)
        table = _int_field(row, "Table", where)
        rnd = _int_field(row, "Round", where)
        board = _board(row.get("board", ""), where)
        key = (section, table, rnd, board)
        row_id = _whole(row["id"], "ID", where) if row.get("id", "").strip() else order
        if key in live:
            pub["replaced"] += 1
            if live[key][2] > row_id:
                continue
        live[key] = (where, row, row_id)

    if mitchell is None:
        mitchell = any(r["pairns"].strip() == r["pairew"].strip() for _, r, _ in live.values())
    multi = len({k[0] for k in live}) > 1

    def pair_id(section: int, number: str, side: str) -> str:
        prefix = (letters.get(section) or str(section)) if multi else ""
        return f"{prefix}{number}{side if mitchell else ''}"

    for (section, table, rnd, board), (where, row, _) in sorted(live.items(),
                                                               key=lambda kv: kv[1][2]):
        ns_num, ew_num = row["pairns"].strip(), row["pairew"].strip()
        if not ns_num.isdigit() or not ew_num.isdigit():
            raise BridgeError(f"pair numbers {ns_num!r} and {ew_num!r} are not whole numbers",
                              where)
        ns, ew = pair_id(section, ns_num, "NS"), pair_id(section, ew_num, "EW")
        ev.add_entry(ns, direction="NS" if mitchell else None)
        ev.add_entry(ew, direction="EW" if mitchell else None)
        if row.get("suspiciouscontract", "0").strip() not in ("", "0"):
            pub["suspicious"] += 1
        contract = row["contract"].strip()
        remark = row.get("remarks", "").strip()
        if not contract:
            # no result: only the Director may award an adjusted score (Law 12A2)
            pub["not_played"].append({"board": board, "ns": ns, "ew": ew, "round": rnd,
                                      "table": table, "remark": remark, "where": where,
                                      "law": "12A2"})
            continue
        r = Result(board, ns, ew, where=where, round=rnd, table=str(table),
                   lead=row.get("leadcard", "").strip() or None)
        r.contract = parse_contract(contract, where)
        if r.contract != "PASS":
            r.declarer = _declarer(row["ns/ew"], where)
            r.tricks = parse_tricks(r.contract, row["result"], where)
            decl_pair = row["declarer"].strip()
            if ns_num != ew_num and decl_pair:
                pub["declarer_pair"][1] += 1
                if decl_pair == (ns_num if r.declarer in "NS" else ew_num):
                    pub["declarer_pair"][0] += 1
        ev.results.append(r)

    _bm_movement(tables, live, pub)
    _bm_names(tables, ev, pair_id)
    _bm_deals(tables, pub)
    if not ev.results:
        raise BridgeError("no results in the " + ("database" if received.kind == "table"
                                                  else "export"), label)
    ev.check()
    return ev


def _bm_movement(tables: TableSource, live: dict, pub: dict) -> None:
    got = tables("RoundData")
    if not got:
        return
    _needs_columns(got, _BM_ROUND_COLUMNS, "RoundData")
    plan = {}
    for where, _, row in got.rows:
        key = tuple(_int_field(row, k, where) for k in ("Section", "Table", "Round"))
        plan[key] = (row["nspair"].strip(), row["ewpair"].strip(),
                     _int_field(row, "LowBoard", where), _int_field(row, "HighBoard", where))
    agree = 0
    for (section, table, rnd, board), (_, row, _) in live.items():
        p = plan.get((section, table, rnd))
        if p and p[0] == row["pairns"].strip() and p[1] == row["pairew"].strip() \
                and p[2] <= board <= p[3]:
            agree += 1
    pub["movement"] = [agree, len(live)]
    pub["round_data"] = plan


def _bm_names(tables: TableSource, ev: Event, pair_id) -> None:
    """The players' names: ``PlayerNumbers`` (each seat of each table, from the round it
    gives; round 0, names entered before the first round, counts from the table's first
    round), its numbers looked up in ``PlayerNames`` where it has no name."""
    got = tables("PlayerNumbers")
    if not got:
        return
    by_number: dict[str, str] | None = None
    plan = ev.published.get("round_data", {})
    seats: dict[str, dict[str, str]] = {}
    for where, _, row in got.rows:
        section, table = _int_field(row, "Section", where), _int_field(row, "Table", where)
        seat = row.get("direction", "").strip().upper()[:1]
        if seat not in ("N", "E", "S", "W"):
            raise BridgeError(f"unknown Direction {row.get('direction')!r}", where)
        name = row.get("name", "").strip()
        if not name and row.get("number", "").strip():
            if by_number is None:                  # a big table: read only when needed
                by_number = {}
                for _, _, named in (tables("PlayerNames") or BridgemateTable("")).rows:
                    for key in ("strid", "id"):
                        if named.get(key, "").strip():
                            by_number.setdefault(named[key].strip(),
                                                 named.get("name", "").strip())
            name = by_number.get(row["number"].strip(), "")
        if not name:
            continue
        rnd = row.get("round", "").strip()
        rounds = sorted(k[2] for k in plan if k[:2] == (section, table))
        number = _whole(rnd, "Round", where) if rnd else 0
        key = (section, table, number if number else (rounds[0] if rounds else 1))
        if key not in plan:
            continue
        number = plan[key][0] if seat in "NS" else plan[key][1]
        pid = pair_id(section, number, "NS" if seat in "NS" else "EW")
        seats.setdefault(pid, {})[seat] = name
    for pid, s in seats.items():
        if pid in ev.entries:
            ev.entries[pid].names = [s[k] for k in ("N", "S", "E", "W") if k in s]


def _bm_deals(tables: TableSource, pub: dict) -> None:
    got = tables("HandRecord")
    if not got:
        return
    deals = {}
    for where, _, row in got.rows:
        board = _board(row.get("board", ""), where)
        hands = []
        for seat in ("north", "east", "south", "west"):
            hands.append(".".join(row.get(f"{seat}{suit}", "").strip().upper()
                                  for suit in ("spades", "hearts", "diamonds", "clubs")))
        deals[board] = "N:" + " ".join(hands)
    pub["deals"] = deals


def read_csv_event(path) -> Event:
    """A folder of Bridgemate tables, a ``ReceivedData.csv``, or a simple results CSV."""
    p = Path(path)
    if p.is_dir():
        return read_bridgemate(p)
    label = str(path)
    text = _open(p, label)
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")), "")
    header = {c.strip().strip('"').lower() for c in first.split(",")}
    if {"pairns", "pairew"} <= header:
        return read_bridgemate(p)
    return read_results_csv(p)

