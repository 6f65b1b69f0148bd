"""Bridgemate scoring databases (``.bws``), read straight from the file.

A ``.bws`` file is the MS Access (Jet 4) database a Bridgemate server keeps for
a session: ``ReceivedData`` (one row per result a table entered), ``RoundData``
(the movement: each round's pairs and boards at each table), ``Section``,
``Tables``, ``PlayerNumbers`` (the players at each seat) and, when the scorer
loaded the deals, ``HandRecord``.  :func:`read_bws` reads those tables with
`access-parser <https://pypi.org/project/access-parser/>`_ (pure Python: no
Access, no ODBC, no mdbtools) and hands them to the same reader as the tables a
``.bws`` exports as CSV (:func:`~bridgelaws.formats.results_csv.read_bridgemate`),
so a database and its export give the same event: erased rows ignored, a
re-entered result replacing the first, rows without a contract left for the
Director (Law 12A2), every score recomputed by Law 77.

>>> from bridgelaws.formats.bws import read_bws
>>> read_bws(b"not a database", name="club.bws")
Traceback (most recent call last):
bridgelaws.cards.BridgeError: club.bws: not a Bridgemate database (an MS Access .bws file)

A file that is not a database, or a damaged one, is one :class:`BridgeError`
naming the file (and the table and row, where a row is wrong); a file is at most
:data:`MAX_BWS_BYTES`.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from ..cards import BridgeError
from ..tournament.event import Event
from .results_csv import _CONTROL, BridgemateTable, TableSource, read_bridgemate_tables

__all__ = ["read_bws", "read_bws_tables", "is_bws", "MAX_BWS_BYTES"]

#: the largest .bws read (a club's session is about 1 MB, most of it the names of members)
MAX_BWS_BYTES = 50_000_000
# an MS Access database starts with this page header (Jet 3 and 4, ACE)
_MAGIC = b"\x00\x01\x00\x00Standard Jet DB\x00"
_MAGIC_ACE = b"\x00\x01\x00\x00Standard ACE DB\x00"

# access-parser logs "errors" on sound files (parts of MSysObjects it does not know)
logging.getLogger("access_parser").setLevel(logging.CRITICAL + 1)


def is_bws(data: bytes) -> bool:
    """Whether ``data`` starts like an MS Access database.

    >>> is_bws(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00" + bytes(100)), is_bws(b"[Board")
    (True, False)
    """
    return data.startswith((_MAGIC, _MAGIC_ACE))


def _text(value) -> str:
    """A field as the CSV export writes it: ``""`` for NULL, ``1``/``0`` for yes/no."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).hex()
    return str(value)


def _parser(data: bytes):
    """An access-parser database over ``data``, its loops over page chains bounded (a
    damaged or hostile file may chain a page to itself)."""
    from access_parser import access_parser as ap
    from access_parser.parsing_primitives import TDEF_HEADER

    class Table(ap.AccessTable):
        def _merge_table_data(self, first_page):
            seen, data, page = set(), b"", first_page
            while page:
                if page in seen or len(seen) > len(self._table_defs):
                    raise ValueError("a table definition's pages run in a circle")
                seen.add(page)
                table = self._table_defs.get(page * self.page_size)
                header = TDEF_HEADER.parse(table)
                data += table[header.header_end:]
                page = header.next_page_ptr
            return data

        def _get_overflow_record(self, record_pointer):
            self.reads = getattr(self, "reads", 0) + 1
            if self.reads > 64 * len(self._data_pages) + 64:
                raise ValueError("a long value's pages run in a circle")
            return super()._get_overflow_record(record_pointer)

    class Database(ap.AccessParser):
        def __init__(self, data: bytes):        # bytes, not a path; no MSysObjects needed
            self.db_data = data
            self._parse_file_header(data)
            self._table_defs, self._data_pages, self._all_pages = ap.categorize_pages(
                data, self.page_size)
            self._tables_with_data = self._link_tables_to_data()
            self.catalog = self._parse_catalog()
            self.extra_props = {}

        def get_table(self, table_name):
            offset = self.catalog.get(table_name)
            if not offset:
                return None
            offset *= self.page_size
            table = self._tables_with_data.get(offset)
            if table is None:
                if offset not in self._table_defs:
                    return None
                table = ap.TableObj(offset=offset, val=self._table_defs[offset])
            return Table(table, self.version, self.page_size, self._data_pages,
                         self._table_defs)

    return Database(data)


def read_bws_tables(data: bytes, label: str) -> TableSource:
    """The tables of the database, each read when first asked for: name ->
    :class:`~bridgelaws.formats.results_csv.BridgemateTable` (fields as text), or None
    when the database has no such table.

    ``PlayerNames`` (the club's members, most of the file: seconds to read) is left
    out: Bridgemate writes the name of each member it knows beside his number in
    ``PlayerNumbers``, so a number without a name there is not in that list either.
    """
    if not is_bws(data):
        raise BridgeError("not a Bridgemate database (an MS Access .bws file)", label)
    try:
        db = _parser(data)
        names = {name.lower(): name for name in db.catalog}
    except Exception:          # noqa: BLE001 -- a third-party parser: any failure is a bad file
        raise BridgeError("a damaged database: its catalogue of tables cannot be read",
                          label) from None
    read: dict[str, BridgemateTable | None] = {}

    def table(wanted: str) -> BridgemateTable | None:
        if wanted not in read:
            name = names.get(wanted.lower())
            if name is None or wanted == "PlayerNames":
                read[wanted] = None
                return None
            try:
                parsed = db.get_table(name)
                columns = parsed.parse() if parsed is not None else {}
            except Exception:  # noqa: BLE001
                raise BridgeError(f"a damaged database: the table {wanted} cannot be read",
                                  label) from None
            read[wanted] = _rows(columns, wanted, label)
        return read[wanted]
    return table


def _rows(columns: dict, table: str, label: str) -> BridgemateTable:
    """access-parser's columns (name -> values) as rows of text by lower-case name."""
    if not isinstance(columns, dict) or not all(isinstance(v, list) for v in columns.values()):
        columns = {}                            # an empty table: names without values
    counts = {len(v) for v in columns.values()}
    if len(counts) > 1:
        raise BridgeError(f"a damaged database: the columns of {table} have different "
                          "numbers of rows", label)
    n = counts.pop() if counts else 0
    out = BridgemateTable(f"{label}, {table}", header=f"{label}, {table}", kind="table")
    keys = [(name.lower(), values) for name, values in columns.items()]
    for i in range(n):
        where = f"{label}, {table} row {i + 1}"
        row = {key: _text(values[i]) for key, values in keys}
        bad = _CONTROL.search("".join(row.values()))
        if bad:
            raise BridgeError(f"a control character (U+{ord(bad.group()):04X}) in a field", where)
        out.rows.append((where, i + 1, row))
    return out


def _read_bytes(source, name: str | None) -> tuple[bytes, str]:
    if isinstance(source, (bytes, bytearray)):
        data, label = bytes(source), name or "<bytes>"
    else:
        label = name or str(source)
        try:
            with open(source, "rb") as f:
                data = f.read(MAX_BWS_BYTES + 1)
        except OSError as e:
            raise BridgeError(f"cannot read: {e.strerror or e}", label) from None
    if len(data) > MAX_BWS_BYTES:
        raise BridgeError(f"the file is larger than {MAX_BWS_BYTES // 1_000_000} MB", label)
    return data, label


def read_bws(source, *, name: str | None = None, mitchell: bool | None = None) -> Event:
    """The event of a Bridgemate database: a path or the bytes of a ``.bws`` file.

    The same :class:`~bridgelaws.tournament.event.Event` as the database's CSV export
    gives (:func:`~bridgelaws.formats.results_csv.read_bridgemate`), with the players'
    names besides (the export has no ``PlayerNumbers``).  ``published["deals"]`` holds
    the deals of ``HandRecord`` (board -> PBN deal) when the scorer loaded them, and
    ``published["round_data"]`` the movement: ``(section, table, round)`` -> (NS pair,
    EW pair, first board, last board).
    """
    data, label = _read_bytes(source, name)
    tables = read_bws_tables(data, label)
    stem = Path(label).stem if label != "<bytes>" else "bridgemate"
    return read_bridgemate_tables(tables, name=stem, label=label, mitchell=mitchell)
