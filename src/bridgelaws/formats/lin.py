"""Reading and writing BBO's LIN format.

A LIN file is a flat sequence of ``command|value|`` pairs.  Commands are two
letters; a value runs to the next ``|`` and never contains one.  Line breaks
between pairs mean nothing.  The commands that matter for a board are:

=====  ================================================================
``pn``  player names, comma-separated, in the order S, W, N, E (vugraph
        files: eight names, open room then closed room)
``md``  the deal: a dealer digit (1=S, 2=W, 3=N, 4=E) and the hands of S,
        W, N and E, each like ``S49KH6D356KC245TQ``; the last hand is
        usually left out
``ah``  the board's title (``Board 12``); ``sv`` the vulnerability
``mb``  a call (``p``, ``d``, ``r``, ``1S``, ``3N``; ``!`` = alerted), and
        ``an`` the explanation of the call just made
``pc``  a card played; ``mc`` a claim: the declaring side's total tricks
``qx``  vugraph: a new board, ``o46``/``c46`` = open/closed room, board 46
``vg``, ``rs``  vugraph header: event and team names; the results list
=====  ================================================================

``pg`` (page break) and ``nt`` (commentary) are skipped; anything else is kept
in :attr:`BoardRecord.tags <bridgelaws.formats.record.BoardRecord.tags>`.

>>> from bridgelaws.formats.lin import read_lin, write_lin
>>> text = ("pn|Sue,Walt,Ned,Eve|st||md|3S49KH6D356KC245TQ,S268QAH29JQD4JC3J,"
...         "STJH34578DQAC789K,|rh||ah|Board 1|sv|o|mb|p|mb|p|mb|p|mb|1S|"
...         "mb|d!|an|takeout|mb|2N|mb|p|mb|p|mb|p|pc|c7|pc|CA|mc|8|")
>>> [record] = read_lin(text)
>>> record.board, record.dealer, record.vulnerable
(1, 'N', 'none')
>>> record.deal
'N:JT.87543.AQ.K987 753.AKT.T9872.A6 K94.6.K653.QT542 AQ862.QJ92.J4.J3'
>>> [c.call for c in record.auction][3:6], record.auction[4].note
(['1S', 'X', '2N'], 'takeout')
>>> record.play_sequence, record.claim_tricks, record.players["W"]
(['C7', 'CA'], 8, 'Walt')
>>> read_lin(write_lin([record]))[0].auction == record.auction
True
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterable, Iterator

from ..boards import dealer_of, parse_vulnerability
from ..calls import DOUBLE, PASS, REDOUBLE, call_name, parse_call
from ..cards import (E, FULL_DECK, N, RANK_LETTERS, S, SEAT_NAMES, SUIT_LETTERS, W,
                     BridgeError, Deal, card_name, parse_card, parse_seat)
from .record import AuctionCall, BoardRecord, Source

__all__ = ["read_lin", "write_lin", "parse_rs_entry"]

#: the seats of the ``md`` hands and of the ``pn`` names, in LIN order
LIN_SEATS = (S, W, N, E)
#: ``md`` dealer digit -> seat
_DEALER_DIGITS = {"1": S, "2": W, "3": N, "4": E}
_DIGIT_OF_DEALER = {seat: digit for digit, seat in _DEALER_DIGITS.items()}
#: the record's vulnerability -> ``sv`` value
_SV_OF_VULNERABILITY = {"none": "o", "NS": "n", "EW": "e", "all": "b"}
_QX_RE = re.compile(r"\s*([oOcC]?)(\d+)")
_BOARD_RE = re.compile(r"(\d+)\s*$")  # the last number of an ``ah`` title
_RS_RE = re.compile(r"([1-7])(NT|[CDHSN])([NESW])(XX|X)?(=|[+-]\d{1,2})?", re.IGNORECASE)

# Commands that are read into fields of the record and not kept in its tags.
_STRUCTURAL = frozenset(("md", "mb", "an", "pc", "mc", "pn", "st", "pg", "nt"))
# Commands of a vugraph file's header: they hold for every board that follows.
_HEADER = frozenset(("vg", "rs"))
# Commands that begin a new board once the board being read has its deal.
_BOARD_OPENERS = frozenset(("pn", "st", "md"))


# --- tokens ----------------------------------------------------------------------

def _tokens(text: str, file: str) -> Iterator[tuple[str, str, int]]:
    """The ``(command, value, line)`` triples of LIN text, commands in lower case."""
    pos, line, counted = 0, 1, 0

    def line_at(p: int) -> int:
        nonlocal line, counted
        line += text.count("\n", counted, p)
        counted = p
        return line

    while True:
        bar = text.find("|", pos)
        if bar < 0:
            rest = text[pos:]
            if rest.strip():
                where = f"{file}:{line_at(pos + len(rest) - len(rest.lstrip()))}"
                raise BridgeError(f"text {rest.strip()[:20]!r} is not followed by '|'", where=where)
            return
        raw = text[pos:bar]
        command = raw.strip()
        where = f"{file}:{line_at(pos + len(raw) - len(raw.lstrip()))}"
        if len(command) != 2 or not command.isascii() or not command.isalpha():
            raise BridgeError(f"{command[:20]!r} is not a LIN command (two letters before '|')",
                              where=where)
        close = text.find("|", bar + 1)
        if close < 0:
            raise BridgeError(f"the value of {command!r} has no closing '|'", where=where)
        yield command.lower(), text[bar + 1:close], line
        pos = close + 1


# --- pieces of a board -------------------------------------------------------------

def _parse_hand(text: str, seat: int) -> int:
    """A LIN hand (``S49KH6D356KC245TQ``, ranks in any order) as a card mask."""
    mask, suit, i = 0, None, 0
    text = text.strip()
    while i < len(text):
        ch = text[i].upper()
        i += 1
        if ch in SUIT_LETTERS:
            suit = SUIT_LETTERS.index(ch)
            continue
        if ch == "1" and text[i:i + 1] == "0":
            ch, i = "T", i + 1
        rank = RANK_LETTERS.find(ch)
        if rank < 0:
            raise BridgeError(f"hand {text!r} of {SEAT_NAMES[seat]}: {text[i - 1]!r} is not a suit or a rank")
        if suit is None:
            raise BridgeError(f"hand {text!r} of {SEAT_NAMES[seat]}: rank {ch!r} before any suit letter")
        bit = 1 << (suit * 13 + rank)
        if mask & bit:
            raise BridgeError(f"hand {text!r} of {SEAT_NAMES[seat]}: "
                              f"{card_name(suit * 13 + rank)} appears twice")
        mask |= bit
    if mask.bit_count() > 13:
        raise BridgeError(f"hand {text!r} of {SEAT_NAMES[seat]} has {mask.bit_count()} cards, not 13")
    return mask


def _parse_md(value: str) -> tuple[int, Deal | None]:
    """``md``: the dealer and the deal (``None`` when no card is given).

    One missing hand is filled with the remaining 13 cards when the other three
    are complete, as BBO leaves out the fourth hand.
    """
    digit = value[:1]
    if digit not in _DEALER_DIGITS:
        raise BridgeError(f"md {value[:20]!r} does not start with a dealer digit 1-4 (S, W, N, E)")
    parts = value[1:].split(",")
    if len(parts) > 4:
        raise BridgeError(f"md has {len(parts)} hands, not at most 4")
    hands = [0, 0, 0, 0]
    for seat, part in zip(LIN_SEATS, parts):
        hands[seat] = _parse_hand(part, seat)
    deal = Deal(hands)  # raises for a card in two hands
    missing = [seat for seat in LIN_SEATS if not hands[seat]]
    if len(missing) == 1 and all(h.bit_count() == 13 for h in hands if h):
        hands[missing[0]] = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
        deal = Deal(hands)
    return _DEALER_DIGITS[digit], (deal if any(hands) else None)


def _parse_mb(value: str) -> AuctionCall:
    """``mb``: a call, ``!`` marking an alert."""
    text = value.strip()
    alert = text.endswith("!")
    text = text.rstrip("!")
    if not text.isascii():  # parse_call would take "²3" for a digit
        raise BridgeError(f"unknown call {value!r} (expected p, d, r or a bid like 1C or 3N)")
    return AuctionCall(call_name(parse_call(text)), alert=alert)


def _parse_mc(value: str) -> int:
    text = value.strip()
    if not text.isdecimal() or int(text) > 13:
        raise BridgeError(f"mc {value!r} is not a number of tricks 0-13")
    return int(text)


def _parse_qx(value: str) -> tuple[str | None, int]:
    """``qx``: room (``"open"``, ``"closed"``, or ``None`` when not said) and board."""
    m = _QX_RE.match(value)
    if not m:
        raise BridgeError(f"qx {value!r} is not a room letter o/c and a board number")
    room = {"o": "open", "c": "closed"}.get(m.group(1).lower())
    return room, int(m.group(2))


def _players(names: list[str], room: str | None) -> dict[str, str]:
    """``pn`` names (S, W, N, E; eight in vugraph files) for one room."""
    if len(names) >= 8 and room == "closed":
        names = names[4:8]
    return {SEAT_NAMES[seat]: name for seat, name in zip(LIN_SEATS, names) if name}


def _auction_complete(auction: list[AuctionCall]) -> bool:
    """Three passes after a call other than pass, or four passes."""
    return len(auction) >= 4 and all(c.call == "P" for c in auction[-3:])


def parse_rs_entry(entry: str) -> tuple[str | None, str | None, int | None]:
    """One entry of a vugraph ``rs`` list as ``(contract, declarer, tricks)``.

    >>> parse_rs_entry("4SWx-4"), parse_rs_entry("3NW+1"), parse_rs_entry("")
    (('4SX', 'W', 6), ('3N', 'W', 10), (None, None, None))

    ``"P"``/``"PASS"`` (passed out) gives ``("Pass", None, None)``.  A contract
    without a result gives ``None`` tricks.
    """
    text = entry.strip()
    if not text:
        return None, None, None
    if text.upper() in ("P", "PASS", "AP"):
        return "Pass", None, None
    m = _RS_RE.fullmatch(text)
    if not m:
        raise BridgeError(f"rs entry {entry!r} is not a result like 4HE=, 3NW+1 or 4SWx-4")
    level, strain, declarer, risk, outcome = m.groups()
    contract = f"{level}{strain.upper()[0]}{(risk or '').upper()}"
    tricks = None
    if outcome:
        tricks = int(level) + 6 + (0 if outcome == "=" else int(outcome))
        if not 0 <= tricks <= 13:
            raise BridgeError(f"rs entry {entry!r}: {tricks} tricks")
    return contract, declarer.upper(), tricks


# --- reading -------------------------------------------------------------------------

@dataclass
class _Board:
    """A board being read."""
    line: int
    qx: str | None = None
    room: str | None = None
    number: int | None = None
    vulnerable: str | None = None
    dealer: int | None = None
    deal: Deal | None = None
    has_md: bool = False
    auction: list[AuctionCall] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    claim: int | None = None
    tags: dict[str, str] = field(default_factory=dict)

    def is_empty(self) -> bool:
        return not (self.has_md or self.qx is not None or self.auction or self.play
                    or self.claim is not None)


def _finish(board: _Board, names: list[str], header: dict[str, str], file: str) -> BoardRecord:
    """The record of a board read."""
    dealer = SEAT_NAMES[board.dealer] if board.dealer is not None else None
    return BoardRecord(
        board=board.number, dealer=dealer, vulnerable=board.vulnerable,
        deal=board.deal.to_pbn() if board.deal is not None else None,
        auction=board.auction, auction_start=dealer,
        auction_complete=_auction_complete(board.auction),
        play_sequence=board.play, claim_tricks=board.claim,
        tags={**header, **board.tags}, players=_players(names, board.room), room=board.room,
        source=Source(file, board.line))


def _apply_results_lists(records: list[BoardRecord]) -> None:
    """Fill contract, declarer and result of vugraph records from their ``rs`` list.

    The list holds two entries per board of the segment, open room first, from
    the segment's first board (the fourth field of ``vg``; else the lowest
    board number of the records sharing the list).
    """
    lowest: dict[str, int] = {}
    for r in records:
        if "rs" in r.tags and r.board is not None:
            lowest[r.tags["rs"]] = min(r.board, lowest.get(r.tags["rs"], r.board))
    for r in records:
        rs = r.tags.get("rs")
        if rs is None or r.room is None or r.board is None:
            continue
        vg = r.tags.get("vg", "").split(",")
        first = int(vg[3]) if len(vg) > 3 and vg[3].strip().isdecimal() else lowest[rs]
        entries = rs.split(",")
        index = 2 * (r.board - first) + (r.room == "closed")
        if 0 <= index < len(entries):
            r.tags["rs_entry"] = entries[index]
            r.contract, r.declarer, r.result = parse_rs_entry(entries[index])


def _read_text(source, name: str | None) -> tuple[str, str]:
    """The text and the file name of ``source``."""
    if isinstance(source, (bytes, bytearray)):
        data, file = bytes(source), name or "<bytes>"
    elif isinstance(source, str) and "|" in source:
        data, file = source, name or "<string>"
    elif isinstance(source, (str, os.PathLike)):
        file = name or os.fspath(source)
        try:
            data = Path(source).read_bytes()
        except OSError as e:
            raise BridgeError(f"cannot read: {e.strerror or e}", where=file) from None
    else:
        data = source.read()
        file = name or str(getattr(source, "name", "<stream>"))
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            data = data.decode("latin-1")
    return data.removeprefix("\ufeff"), file


def read_lin(source: str | os.PathLike | IO, *, name: str | None = None) -> list[BoardRecord]:
    """Read every board of a LIN file.

    ``source`` is a path, an open (text or binary) stream, or LIN text itself (a
    ``str`` with a ``|`` in it).  Bytes are decoded as UTF-8, else Latin-1.
    ``name`` is the file name to report in records and errors.

    A board begins at ``qx``, or at ``pn``, ``st`` or ``md`` once the board
    being read has its deal.  ``vg`` and ``rs`` (vugraph header) and the names of
    the last ``pn`` hold for the boards that follow.  Vugraph boards take their
    contract, declarer and result from the ``rs`` list.

    Raises :class:`~bridgelaws.cards.BridgeError` (with ``file:line``) for any
    malformed command, deal, call, card or claim.
    """
    text, file = _read_text(source, name)
    records: list[BoardRecord] = []
    header: dict[str, str] = {}
    names: list[str] = []
    board: _Board | None = None

    def close() -> None:
        if board is not None and not board.is_empty():
            records.append(_finish(board, names, header, file))

    for command, value, line in _tokens(text, file):
        try:
            if command in ("pg", "nt"):
                continue
            if command in _HEADER:
                if command == "rs":  # check the entries here, to report this line
                    for entry in value.split(","):
                        parse_rs_entry(entry)
                header[command] = value
                continue
            if command == "qx":
                if board is None or not board.is_empty():
                    close()
                    board = _Board(line)
                board.line = line
                board.qx = value
                board.tags["qx"] = value
                board.room, number = _parse_qx(value)
                if "ah" not in board.tags:
                    board.number = number
                continue
            if board is None or (command in _BOARD_OPENERS and board.has_md):
                close()
                board = _Board(line)
            if command == "md":
                board.dealer, board.deal = _parse_md(value)
                board.has_md = True
            elif command == "pn":
                names = [n.strip() for n in value.split(",")]
            elif command == "mb":
                board.auction.append(_parse_mb(value))
            elif command == "an":
                if board.auction and not board.play:
                    call = board.auction[-1]
                    call.note = value if call.note is None else f"{call.note} {value}"
                else:
                    board.tags["an"] = value
            elif command == "ah":
                board.tags["ah"] = value
                m = _BOARD_RE.search(value)
                if m:
                    board.number = int(m.group(1))
            elif command == "sv":
                board.tags["sv"] = value
                board.vulnerable = parse_vulnerability(value)
            elif command == "pc":
                board.play.append(card_name(parse_card(value)))
            elif command == "mc":
                board.claim = _parse_mc(value)
            elif command not in _STRUCTURAL:
                board.tags[command] = value
        except BridgeError as e:
            raise BridgeError(e.reason, where=f"{file}:{line}") from None
        except (ValueError, IndexError, KeyError) as e:  # a case not foreseen above
            raise BridgeError(f"bad {command} value {value[:40]!r}: {e}", where=f"{file}:{line}") from None
    close()
    _apply_results_lists(records)
    return records


# --- writing ---------------------------------------------------------------------------

def _lin_hand(mask: int) -> str:
    return "".join(
        SUIT_LETTERS[suit] + "".join(RANK_LETTERS[r] for r in range(12, -1, -1)
                                     if mask >> (suit * 13 + r) & 1)
        for suit in (3, 2, 1, 0))


def _value(text: str, what: str, where: str) -> str:
    if "|" in text:
        raise BridgeError(f"{what} {text!r} contains '|', which LIN cannot hold", where=where)
    return text


def _lin_call(call: str) -> str:
    code = parse_call(call)
    return {PASS: "p", DOUBLE: "d", REDOUBLE: "r"}.get(code) or call_name(code)


def _write_board(record: BoardRecord) -> str:
    where = str(record.source)
    out: list[str] = []

    def put(command: str, value: str = "") -> None:
        out.append(f"{command}|{value}|")

    if record.room is not None and record.board is not None:
        put("qx", ("o" if record.room == "open" else "c") + str(record.board))
    if record.players:
        names = [record.players.get(SEAT_NAMES[seat], "") for seat in LIN_SEATS]
        for n in names:
            if "," in n:
                raise BridgeError(f"player name {n!r} contains ',', which LIN cannot hold", where=where)
        put("pn", _value(",".join(names), "player names", where))
    put("st")
    if record.dealer is not None:
        try:
            dealer = parse_seat(record.dealer)
        except BridgeError as e:
            raise BridgeError(e.reason, where=where) from None
    elif record.board is not None:
        dealer = dealer_of(record.board)
    else:
        raise BridgeError("a LIN board needs a dealer (or a board number to derive it)", where=where)
    hands = ["", "", "", ""]
    if record.deal is not None:
        try:
            deal = Deal.from_pbn(record.deal)
        except BridgeError as e:
            raise BridgeError(e.reason, where=where) from None
        hands = [_lin_hand(deal[seat]) if deal[seat] else "" for seat in LIN_SEATS]
        if deal.is_complete():
            hands[3] = ""  # BBO style: the fourth hand follows from the others
    put("md", _DIGIT_OF_DEALER[dealer] + ",".join(hands))
    put("rh")
    if record.board is not None:
        put("ah", f"Board {record.board}")
    if record.vulnerable is not None:
        try:
            put("sv", _SV_OF_VULNERABILITY[parse_vulnerability(record.vulnerable)])
        except BridgeError as e:
            raise BridgeError(e.reason, where=where) from None
    for c in record.auction:
        try:
            put("mb", _lin_call(c.call) + ("!" if c.alert else ""))
        except BridgeError as e:
            raise BridgeError(e.reason, where=where) from None
        if c.note is not None:
            put("an", _value(c.note, "call explanation", where))
    for i, card in enumerate(record.play_sequence):
        try:
            put("pc", card_name(parse_card(card)))
        except BridgeError as e:
            raise BridgeError(e.reason, where=where) from None
        if i % 4 == 3:
            put("pg")
    if record.claim_tricks is not None:
        put("mc", str(record.claim_tricks))
    return "".join(out)


def write_lin(records: Iterable[BoardRecord]) -> str:
    """LIN text for ``records``, one line per board.

    Each line holds ``qx`` (vugraph records: room and board), ``pn``, ``st``,
    ``md`` (dealer digit, and the hands of S, W and N, plus E when the deal is
    incomplete), ``rh``, ``ah``, ``sv``, the calls (``mb``/``an``), the cards
    (``pc``, ``pg`` after each trick) and the claim (``mc``).  Tags, scores and
    results are not written.  :func:`read_lin` reads the text back to the same
    boards, deals, auctions, play and claims.
    """
    return "".join(_write_board(r) + "\n" for r in records)
