"""Replay a recorded board through the table and compare it with what the file says.

>>> from bridgelaws.formats.record import BoardRecord, AuctionCall
>>> rec = BoardRecord(board=1, deal="N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765",
...                   auction=[AuctionCall(c) for c in "2N P 3N P P P".split()],
...                   contract="3N", declarer="N", result=9)
>>> r = replay_record(rec)
>>> r.status, r.contract, r.tricks, r.score
('agreed', '3N', 9, 400)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..boards import Board, parse_vulnerability
from ..calls import parse_call
from ..cards import BridgeError, Deal, SEAT_NAMES, parse_card, parse_seat
from ..events import MakeCall, PlayCard
from ..laws.edition import edition as make_edition
from ..scoring.contract import score_ns
from ..table import COMPLETE, PLAY, Table, TableError
from .record import BoardRecord

__all__ = ["ReplayResult", "replay_record", "parse_side_value", "shown"]

_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD_RE = re.compile(r"(?<![A-Za-z0-9'])([SHDC])([2-9TJQKA])(?![A-Za-z0-9'])")
_CONTRACT_RE = re.compile(r"(?<![A-Za-z0-9'])([1-7])([CDHSN])(X{0,2})(?![A-Za-z0-9'])")


def shown(text: str) -> str:
    """A message of the replay with its cards and contracts as people write them.

    >>> shown("trick 2: E does not hold SA (it is in N's hand); contract: recorded 3N, engine 4HX")
    "trick 2: E does not hold ♠A (it is in N's hand); contract: recorded 3NT, engine 4♥X"
    >>> shown("CT was already played"), shown("board 12, call 3")
    ('♣10 was already played', 'board 12, call 3')
    """
    text = _CONTRACT_RE.sub(lambda m: m.group(1) + ("NT" if m.group(2) == "N" else
                                                     _SUIT_SYMBOLS[m.group(2)]) + m.group(3), text)
    return _CARD_RE.sub(lambda m: _SUIT_SYMBOLS[m.group(1)]
                        + ("10" if m.group(2) == "T" else m.group(2)), text)


@dataclass
class ReplayResult:
    """What replaying one record gave, and how it compares with the record.

    ``status`` is one of:

    * ``"agreed"``: the engine's contract, declarer, tricks and score agree with
      every one the record gives (``tricks`` is the declarer's, ``score`` North-South's);
    * ``"replayed"``: replayed to the end, but the record gives no result to compare;
    * ``"differs"``: some recorded figure differs (``differences`` says which);
    * ``"irregular"``: the table recognised an irregularity (``table.irregularities``);
    * ``"no_play"``: the auction was replayed but the record has neither play nor result;
    * ``"incomplete"``: the record stops before the end of the auction or play;
    * ``"no_deal"``: nothing to replay (no deal or no auction);
    * ``"conflict"``: not replayed, the record contradicts itself (a tag given twice
      with different values: ``record.conflicts``).

    ``error`` says why the board could not be replayed to the end (a card its player
    does not hold, a call the table cannot take...): its ``where`` names the file, the
    board and the trick or call, its ``reason`` why; ``failed`` is then true.
    """
    record: BoardRecord
    table: Table | None
    status: str
    differences: list[str] = field(default_factory=list)
    error: BridgeError | None = None
    tricks: int | None = None
    score: int | None = None
    compared: int = 0

    @property
    def place(self) -> str:
        """The file, line and board of the record: ``"f.pbn:25: board 62"``."""
        return _where(self.record)

    @property
    def failed(self) -> bool:
        """Whether the board could not be replayed (``error`` says why)."""
        return self.error is not None

    @property
    def contract(self) -> str | None:
        t = self.table
        if t is None:
            return None
        if t.contract is not None:
            return str(t.contract)
        return "P" if t.auction.is_passed_out else None


_SIDE_VALUE = re.compile(r"^\^?\s*(?:(NS|EW)\s+)?(-?\d+)(?:\s+(NS|EW)\s+(-?\d+))?\s*$")


def parse_side_value(text: str | None, declarer: int | None) -> tuple[int | None, int | None]:
    """PBN ``Result``/``Score`` values (``"9"``, ``"NS 620"``, ``"EW 4 NS 9"``) ->
    ``(for NS, for EW)``, where a bare number is the declarer's (PBN 3.4.15, 4.2.1)."""
    if text is None:
        return None, None
    m = _SIDE_VALUE.match(text.strip())
    if not m:
        return None, None
    side1, v1, side2, v2 = m.groups()
    ns = ew = None
    if side1 is None:
        if declarer is None:
            return None, None
        if declarer & 1 == 0:
            ns = int(v1)
        else:
            ew = int(v1)
    else:
        if side1 == "NS":
            ns = int(v1)
        else:
            ew = int(v1)
        if side2 == "NS":
            ns = int(v2)
        elif side2 == "EW":
            ew = int(v2)
    return ns, ew


def _board_of(record: BoardRecord) -> Board:
    deal = Deal.from_pbn(record.deal)
    return Board(record.board if record.board and record.board > 0 else None, deal,
                 dealer=record.dealer if record.dealer else None if record.board else "N",
                 vulnerable=(parse_vulnerability(record.vulnerable) if record.vulnerable
                             else None if record.board else "none"))


def replay_record(record: BoardRecord, *, leading_passes: str = "recorded",
                  strict: bool = False, edition: str | None = None) -> ReplayResult:
    """Replay the auction, the play and any claim of ``record`` through a :class:`Table`.

    ``leading_passes="infer"`` reads an auction that leaves out the passes before
    the opening bid (the convention of rpbridge.net's PBN files, against PBN 3.5):
    when the calls as recorded do not make the recorded declarer, one to three
    passes are put before them if that makes the recorded declarer and opening
    leader.  The default takes the calls as recorded.

    A play in played order (LIN) is made card by card by the seat whose turn it
    is; a card that seat does not hold stops the replay.  ``strict=True`` replays
    through a strict table, which refuses every irregular act (BBO's LIN files
    record online play, where none can happen).  ``edition`` names the Laws that
    answer irregularities (``"2017"`` by default, or ``"1997"``).

    >>> from bridgelaws.formats.lin import read_lin
    >>> [rec] = read_lin("md|3SAKQ2HKQ2DA32CK32,ST98HJT9DKQJCQJT9,SJ76HA8765DT98CA4,|"
    ...                  "mb|1N|mb|p|mb|p|mb|p|pc|C7|pc|C4|", name="x.lin")
    >>> r = replay_record(rec)
    >>> r.failed, str(r.error)
    (True, "x.lin:1: trick 1: S does not hold C4 (it is in N's hand)")
    """
    if leading_passes not in ("recorded", "infer"):
        raise ValueError(f"leading_passes is 'recorded' or 'infer', not {leading_passes!r}")
    if record.conflicts:
        first = record.conflicts[0]
        board = f": board {record.board}" if record.board is not None else ""
        return ReplayResult(record, None, "conflict",
                            error=BridgeError(first.reason, first.where + board))
    if not record.deal or (not record.auction and not record.has_play):
        return ReplayResult(record, None, "no_deal")
    try:
        board = _board_of(record)
        table = Table(board, strict=strict, edition=make_edition(edition))
    except BridgeError as e:
        return ReplayResult(record, None, "no_deal", error=BridgeError(e.reason, _where(record)))
    place = ["call 1"]                  # where the replay is, for a message
    try:
        calls = _calls_of(record, table.board.dealer)
        if leading_passes == "infer":
            calls = _infer_leading_passes(record, table.board, calls)
        _replay_auction(calls, table, place)
        if table.phase == PLAY and not table.director_required:
            _replay_play(record, table, place)
    except (TableError, BridgeError) as e:
        return ReplayResult(record, table, "irregular" if table.irregularities else "differs",
                            [f"{place[0]}: {e.reason}"],
                            error=BridgeError(e.reason, _where(record, place[0])))
    return _compare(record, table)


def _where(record: BoardRecord, place: str | None = None) -> str:
    """``"f.pbn:25: board 62, trick 5"``: the file, line, board and place of a message."""
    parts = ([f"board {record.board}"] if record.board is not None else []) + (
        [place] if place else [])
    return f"{record.source}: {', '.join(parts)}" if parts else str(record.source)


def _calls_of(record: BoardRecord, dealer: int) -> list[tuple[int, int]]:
    """The recorded calls as ``(seat, call)``.  PBN's ``^S`` marks a seat skipped by a
    call out of rotation (PBN 3.5.3): the next call is made by the following seat."""
    start = parse_seat(record.auction_start) if record.auction_start else dealer
    out = []
    for i, ac in enumerate(record.auction):
        if ac.call.upper() == "^S":
            continue
        text = ac.call[2:] if ac.call.upper().startswith("^I") else ac.call
        out.append(((start + i) & 3, parse_call(text)))
    return out


def _declarer_after(board: Board, calls: list[tuple[int, int]]) -> int | None:
    probe = Table(board)
    for seat, call in calls:
        probe.apply(MakeCall(seat, call))
        if probe.pending is not None:
            return None
    return probe.declarer if probe.phase != "auction" else None


def _infer_leading_passes(record: BoardRecord, board: Board, calls):
    if not record.declarer or not calls or record.declarer[:1] not in SEAT_NAMES:
        return calls
    wanted = SEAT_NAMES.index(record.declarer[:1])
    if _declarer_after(board, calls) == wanted:
        return calls
    for k in (1, 2, 3):
        shifted = [((board.dealer + i) & 3, 0) for i in range(k)]
        shifted += [((seat + k) & 3, call) for seat, call in calls]
        if _declarer_after(board, shifted) == wanted and (
                not record.play_leader or parse_seat(record.play_leader) == (wanted + 1) & 3):
            return shifted
    return calls


def _replay_auction(calls: list[tuple[int, int]], table: Table, place: list[str]) -> None:
    """The calls in bulk (``Table.replay_acts``: the lawful ones on its short path, the
    others through every rectification), up to the first that leaves the table waiting."""
    start = len(table.events)
    try:
        table.replay_acts(calls)
    except BridgeError:
        place[0] = f"call {len(table.events) - start + 1}"       # the call refused
        raise
    place[0] = f"call {len(table.events) - start}"


def _trick_place(table: Table) -> str:
    return f"trick {len(table.tricks) + 1}"


def _replay_play(record: BoardRecord, table: Table, place: list[str]) -> None:
    if record.play_sequence:
        def cards():
            # each card by the seat whose turn it is when it comes to be played
            for name in record.play_sequence:
                if table.phase != PLAY:
                    return                         # the claim ended it, or the last trick
                place[0] = _trick_place(table)
                card = _card(name)
                yield (table.trick_leader + len(table.trick)) & 3, card

        table.replay_acts(cards=cards())                # in bulk, as _replay_auction
        if table.pending is not None:
            return
    elif record.play_rows:
        first = parse_seat(record.play_leader) if record.play_leader else table.trick_leader
        for row in record.play_rows:
            leader = table.trick_leader if table.phase == PLAY else None
            if leader is None:
                return
            place[0] = _trick_place(table)
            for k in range(4):
                seat = (leader + k) & 3
                name = row[(seat - first) & 3] if len(row) == 4 else None
                if name is None:
                    break
                table.apply(PlayCard(seat, _card(name)))
                if table.pending is not None:
                    return
            else:
                continue
            break
    place[0] = "claim"
    _replay_claim(record, table)


def _card(name: str) -> int:
    """A recorded card; PBN marks a revoke ``^R`` and a lead out of turn ``^L`` (3.6.3):
    the table recognises both by itself."""
    if name[:1] == "^":
        name = name[2:]
    return parse_card(name)


def _replay_claim(record: BoardRecord, table: Table) -> None:
    """A play record that stops early ends with a claim (LIN ``mc``) or a result that
    counts the claimed tricks (PBN): agreed by both defenders (Law 69A)."""
    if table.phase != PLAY or table.pending is not None:
        return
    total = record.claim_tricks
    if total is None and record.result is not None and record.has_play:
        total = record.result
    if total is None:
        return
    side = table.declarer & 1
    n = total - table.won[side]
    remaining = 13 - len(table.tricks)
    if not 0 <= n <= remaining:
        raise TableError(f"the record claims {total} tricks for the declaring side, which has "
                         f"won {table.won[side]} with {remaining} to play")
    table.replay_acts(claimed=total)


def _compare(record: BoardRecord, table: Table) -> ReplayResult:
    diffs: list[str] = []
    compared = 0                     # how many recorded figures were compared
    contract = (str(table.contract) if table.contract is not None else
                "P" if table.auction.is_passed_out else None)
    if record.contract and contract is not None:
        rc = record.contract.strip().upper().replace("NT", "N")
        if rc in ("PASS", "AP"):
            rc = "P"
        compared += 1
        if rc != contract:
            diffs.append(f"contract: recorded {record.contract}, engine {contract}")
    if record.declarer and table.declarer is not None:
        compared += 1
        if record.declarer.strip().upper()[:1] != SEAT_NAMES[table.declarer]:
            diffs.append(f"declarer: recorded {record.declarer}, engine {SEAT_NAMES[table.declarer]}")
    # the engine's tricks: from the play (and claim), or the recorded result when the
    # record has no play (the score is then Law 77's for that result)
    tricks = score = None
    if table.phase == COMPLETE:
        tricks, score = table.declarer_tricks, table.score_ns
        if record.result is not None and table.contract is not None:
            compared += 1
        if record.result is not None and table.contract is not None and record.result != tricks:
            diffs.append(f"tricks: recorded {record.result}, engine {tricks}")
    elif table.phase == PLAY and not record.has_play and record.result is not None:
        if not 0 <= record.result <= 13:
            diffs.append(f"tricks: recorded {record.result}, not 0 to 13")
        else:
            tricks = record.result
            score = score_ns(table.contract, table.declarer, table.board.vulnerable, tricks)
    if score is not None and table.contract is not None:
        ns, ew = parse_side_value(record.score, table.declarer)
        compared += ns is not None or ew is not None
        if ns is not None and ns != score:
            diffs.append(f"score: recorded NS {ns}, engine NS {score}")
        elif ns is None and ew is not None and ew != -score:
            diffs.append(f"score: recorded EW {ew}, engine EW {-score}")
    if table.irregularities:
        status = "irregular"
    elif diffs:
        status = "differs"
    elif score is not None:
        status = "agreed" if compared else "replayed"
    elif table.phase == PLAY and not record.has_play:
        status = "no_play"
    else:
        status = "incomplete"
    return ReplayResult(record, table, status, diffs, tricks=tricks, score=score,
                        compared=compared)
