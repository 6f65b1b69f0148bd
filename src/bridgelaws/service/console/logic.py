"""What the director's console does, without HTTP: create events, enter results, adjust,
score and publish.  The pages (``app.py``) only call these functions.

Every function that changes the database takes an open session and leaves the
commit to its caller (``Store.transaction``), so that a page says "saved" only
after the commit.  Bad input raises :class:`FieldError` naming the form field.

>>> from bridgelaws.service.db import Store
>>> store = Store("sqlite://")
>>> with store.transaction() as s:
...     ev = create_event(s, name="Club pairs", kind="pairs", movement="mitchell", tables=3,
...                       boards_per_round=2, seed="doc")
>>> with store.transaction() as s:
...     check_result(s.get(EventRow, ev.id), board=1, contract="4S", declarer="N",
...                  tricks="14")
Traceback (most recent call last):
...
bridgelaws.service.console.logic.FieldError: tricks: the declarer's side takes 0 to 13 tricks, not 14
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...boards import vulnerability_of
from ...cards import BridgeError, Deal, parse_card, parse_seat
from ...i18n import message
from ...deals.dealing import deal_boards
from ...formats.pbn import read_pbn
from ...formats.replay import shown
from ...scoring.adjusted import ArtificialScore, artificial_imps
from ...scoring.contract import Contract, score, score_ns
from ...scoring.imps import TeamMatch, imps
from ...scoring.matchpoints import SplitScore, WeightedScore
from ...scoring.vp import victory_points
from ...tournament.event import Entry, Event, Result
from ...tournament.movements import (Movement, Sitting, howell, mitchell, phantom_scores,
                                     round_robin, swiss_pairing)
from ...tournament.results import rank, score_event
from ..db import BoardRow, EntryRow, EventRow, ResultRow, RulingRow, SittingRow, now, select

__all__ = ["FieldError", "create_event", "next_swiss_round", "check_result", "save_result", "parse_adjusted",
           "apply_adjusted", "standings", "core_event", "table_results", "progress", "possible_scores",
           "MOVEMENTS", "SCORINGS", "ADJUSTED_KINDS"]

MOVEMENTS = ("mitchell", "howell", "roundrobin", "swiss")
TEAM_MOVEMENTS = ("roundrobin", "swiss")
SCORINGS = {"pairs": ("mp", "xi", "butler"), "teams": ("imp",)}
#: the kinds of adjusted score of Law 12 the console applies
ADJUSTED_KINDS = ("artificial", "assigned", "weighted", "split")
SECTION_NAMES = "ABCDEFGH"
SEATS = "NESW"


class FieldError(BridgeError):
    """A form value that cannot be taken, with the field it came from (``where``).

    ``key`` names the message in the catalogues (``ui.err.*``), filled with ``values``;
    ``reason`` is its English text, and :meth:`text` gives it in any language.
    Without a key, ``reason`` (the engine's own words) is used as it is.
    """

    def __init__(self, field: str, reason: str | None = None, key: str | None = None,
                 **values):
        self.key, self.values = key, values
        if reason is None:
            reason = message(f"ui.err.{key}", "en", **values)
        super().__init__(reason, field)
        self.field = field

    def local(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return message(f"ui.err.{self.key}", lang, **self.values) if self.key else self.reason

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang``, with the field's name in front."""
        return f"{message('ui.field.' + self.field, lang)}: {self.local(lang)}"

    def __str__(self) -> str:
        return f"{self.field}: {self.reason}"


# ---------------------------------------------------------------- events

def _positive_int(value, field: str, low: int = 1, high: int = 200) -> int:
    try:
        n = int(str(value).strip())
    except (TypeError, ValueError):
        raise FieldError(field, key="whole_number", value=value) from None
    if not low <= n <= high:
        raise FieldError(field, key="between", low=low, high=high, n=n)
    return n


def build_movement(movement: str, size: int, boards_per_round: int, *, rounds=None,
                   sit_out=None, arrow_switch=None, relay: bool = False) -> Movement:
    """The movement of one section: ``size`` is the tables (Mitchell, Howell) or the teams.

    ``rounds`` (fewer than the full movement), ``sit_out`` (the missing pair of an odd
    number of pairs), ``arrow_switch`` (rounds, ``"last"``) and ``relay`` come from the
    new-event form as typed; empty means none.
    """
    rounds = None if str(rounds or "").strip() == "" else _positive_int(rounds, "rounds", 1, 120)
    sit_out = (None if str(sit_out or "").strip() == ""
               else _positive_int(sit_out, "sit_out", 1, 2 * size))
    arrow = str(arrow_switch or "").strip().lower()
    if movement == "swiss":
        if sit_out is not None:
            raise FieldError("sit_out", key="not_for_teams")
        most = size - 1 + size % 2          # as many rounds as a round robin, at most
        if rounds is not None and rounds > most:
            raise FieldError("rounds", key="rounds_at_most", n=most)
        if arrow or relay:
            raise FieldError("arrow_switch" if arrow else "relay", key="mitchell_only")
        mv = _swiss_round(1, [(t, 0.0) for t in range(1, size + 1)], [],
                          boards_per_round)
        mv.notes.append(f"{rounds or most} rounds")
        mv.swiss_rounds = rounds or most    # type: ignore[attr-defined]
        return mv
    if movement == "roundrobin":
        for field, value in (("rounds", rounds), ("sit_out", sit_out)):
            if value is not None:
                raise FieldError(field, key="not_for_teams")
    if movement != "mitchell" and (arrow or relay):
        raise FieldError("arrow_switch" if arrow else "relay", key="mitchell_only")
    arrows: object = None
    if arrow:
        try:
            arrows = "last" if arrow == "last" else [int(r) for r in arrow.split(",")]
        except ValueError:
            raise FieldError("arrow_switch", key="arrow_rounds", value=arrow_switch) from None
    try:
        if movement == "mitchell":
            if relay and (size % 2 or size < 4):
                raise FieldError("relay", key="relay_tables", n=size)
            full = mitchell(size, boards_per_round=boards_per_round, relay=relay).rounds
            if rounds is not None and rounds > full:
                raise FieldError("rounds", key="rounds_at_most", n=full)
            if isinstance(arrows, list) and not all(1 <= r <= (rounds or full) for r in arrows):
                raise FieldError("arrow_switch", key="arrow_no_round", n=rounds or full)
            return mitchell(size, boards_per_round=boards_per_round, rounds=rounds,
                            relay=relay, sit_out=sit_out, arrow_switch=arrows)
        if movement == "howell":
            if 2 <= size and rounds is not None and rounds > 2 * size - 1:
                raise FieldError("rounds", key="rounds_at_most", n=2 * size - 1)
            return howell(size, boards_per_round=boards_per_round, rounds=rounds,
                          sit_out=sit_out)
        if movement == "roundrobin":
            return round_robin(size, boards_per_round=boards_per_round)
    except FieldError:
        raise
    except BridgeError as e:
        raise FieldError("tables", e.reason) from None
    raise FieldError("movement", f"unknown movement {movement!r} (expected one of "
                     f"{', '.join(MOVEMENTS)})")


def _swiss_round(number: int, standings: list, history: list, bpr: int) -> Movement:
    """Round ``number`` of a Swiss teams event: :func:`swiss_pairing` on the VP totals
    (ties: the lower team number first), no rematch while one can be avoided; every
    match plays set ``number``; a bye last."""
    boards = tuple(range((number - 1) * bpr + 1, number * bpr + 1))
    pairs = swiss_pairing(standings, history)
    mv = Movement("swiss", [Sitting(number, t, a, b, boards)
                            for t, (a, b) in enumerate(pairs, start=1)], bpr)
    mv.check()
    return mv


def next_swiss_round(s, ev: EventRow, section: str = "A") -> int:
    """Pair the next round of a Swiss teams event once every match of the last round has
    its result: by VP totals (ties by team number), no two teams meeting twice while that
    can be avoided (backtracking, :func:`swiss_pairing`).  Returns the new round."""
    if ev.movement != "swiss":
        raise FieldError("movement", key="not_swiss")
    planned = len(ev.boards) // ev.boards_per_round
    played = [st for st in ev.sittings if st.section == section]
    current = max((st.round for st in played), default=0)
    if current >= planned:
        raise FieldError("round", key="swiss_done", n=planned)
    results = list(s.scalars(select(ResultRow).where(ResultRow.event_id == ev.id)))
    data = _team_standings(ev, results, section)
    if any(not m["complete"] for m in data["matches"] if m["round"] == current):
        raise FieldError("round", key="swiss_incomplete", round=current)
    totals = sorted(((row["pair"], row["score"]) for row in data["standings"]),
                    key=lambda ts: (-ts[1], int(ts[0]) if ts[0].isdigit() else 0, ts[0]))
    history = [(st.ns, st.ew) for st in played]
    mv = _swiss_round(current + 1, totals, history, ev.boards_per_round)
    for st in mv.sittings:
        ev.sittings.append(SittingRow(section=section, round=st.round, table_no=st.table,
                                      ns=st.ns, ew=st.ew, boards=list(st.boards)))
    s.flush()
    return current + 1


#: the new-event form's choices for a missing pair: its opponents sit out, or a phantom
#: pair whose opponents get an artificial adjusted score of this percentage (Law 12C2)
PHANTOM_CHOICES = ("", "60", "50")


def create_event(s, *, name: str, kind: str, movement: str, tables, boards_per_round,
                 sections=1, scoring: str | None = None, seed: str | None = None,
                 pbn: str | bytes | None = None, pbn_name: str = "the PBN file",
                 names: dict | None = None, director: str = "", rounds=None, sit_out=None,
                 phantom: str = "", arrow_switch=None, relay: bool = False) -> EventRow:
    """Create an event with its sections, sittings and board set (dealt from ``seed``,
    or read from the PBN file ``pbn``, named ``pbn_name`` in messages: an empty file
    is refused, never replaced by a dealt set).  ``tables`` is the number of tables of
    each section (pairs) or of teams (teams).

    ``rounds``, ``sit_out``, ``arrow_switch`` and ``relay`` shape the movement (see
    :func:`build_movement`).  ``phantom`` (a percentage, with ``sit_out``) makes the
    missing pair a phantom: an entry that sits nowhere, whose opponents are given an
    artificial adjusted score (Law 12C2) on every board they would have played
    against it, stored as results; :func:`standings` leaves the phantom out."""
    name = (name or "").strip()
    if not name:
        raise FieldError("name", key="need_name")
    if len(name) > 200:                         # the column's width (event.name)
        raise FieldError("name", key="too_long", n=200, length=len(name))
    if kind not in SCORINGS:
        raise FieldError("kind", f"an event is 'pairs' or 'teams', not {kind!r}")
    if kind == "teams" and movement not in TEAM_MOVEMENTS:
        raise FieldError("movement", key="teams_round_robin")
    if kind == "pairs" and movement in TEAM_MOVEMENTS:
        raise FieldError("movement", key="pairs_movement")
    scoring = scoring or SCORINGS[kind][0]
    if scoring not in SCORINGS[kind]:
        raise FieldError("scoring", f"{kind} are scored by {', '.join(SCORINGS[kind])}, "
                         f"not {scoring!r}")
    size = _positive_int(tables, "tables", 2 if kind == "teams" else 1, 60)
    bpr = _positive_int(boards_per_round, "boards_per_round", 1, 36)
    nsec = _positive_int(sections, "sections", 1, len(SECTION_NAMES))
    phantom = str(phantom or "").strip()
    if phantom not in PHANTOM_CHOICES:
        raise FieldError("phantom", key="phantom_choice", value=phantom)
    if phantom and str(sit_out or "").strip() == "":
        raise FieldError("sit_out", key="phantom_needs_pair")
    mv = build_movement(movement, size, bpr, rounds=rounds, sit_out=sit_out,
                        arrow_switch=arrow_switch, relay=relay)
    numbers = mv.boards
    if movement == "swiss":             # the boards of every round, paired one by one
        numbers = list(range(1, mv.swiss_rounds * bpr + 1))     # type: ignore[attr-defined]
    if pbn is not None:
        deals = _pbn_deals(pbn, pbn_name)
        missing = [b for b in numbers if b not in deals]
        if missing:
            raise FieldError("pbn", key="pbn_missing_boards", n=len(missing),
                             boards=", ".join(map(str, missing[:10])),
                             first=numbers[0], last=numbers[-1])
        board_deals = {b: deals[b] for b in numbers}
    else:
        try:
            dealt = deal_boards(numbers, seed=seed or None)
        except BridgeError as e:
            raise FieldError("seed", e.reason) from None
        board_deals = {b.number: b.deal.to_pbn() for b in dealt}
    ev = EventRow(name=name, kind=kind, scoring=scoring, movement=movement,
                  boards_per_round=bpr, created_by=director)
    s.add(ev)
    for b, deal in sorted(board_deals.items()):
        ev.boards.append(BoardRow(number=b, deal=deal))
    names = names or {}
    ghost_rows: list[ResultRow] = []
    for sec in SECTION_NAMES[:nsec]:
        for p in mv.pairs:
            direction = None
            if mv.opposite:
                direction = "NS" if p in mv.opposite[0] else "EW"
            ev.entries.append(EntryRow(section=sec, number=str(p), direction=direction,
                                       names=names.get((sec, str(p)), "")))
        for st in mv.sittings:
            ev.sittings.append(SittingRow(section=sec, round=st.round, table_no=st.table,
                                          ns=None if st.ns is None else str(st.ns),
                                          ew=None if st.ew is None else str(st.ew),
                                          boards=list(st.boards)))
        if phantom:
            ghost = str(int(str(sit_out).strip()))
            ghost_dir = None if not mv.opposite else "NS" if int(ghost) <= size else "EW"
            ev.entries.append(EntryRow(section=sec, number=ghost, direction=ghost_dir,
                                       names=""))
            for ps in phantom_scores(mv, float(phantom)):
                ns, ew = ps.ns_ew
                ghost_rows.append(ResultRow(
                    section=sec, round=ps.round, table_no=ps.table, room="", board=ps.board,
                    ns=str(ps.pair) if ps.direction == "NS" else ghost,
                    ew=ghost if ps.direction == "NS" else str(ps.pair),
                    adjusted=f"A{ns:g}/{ew:g}", entered_by=director))
    s.flush()
    for row in ghost_rows:                     # the phantom's opponents' scores (Law 12C2)
        row.event_id = ev.id
        s.add(row)
    s.flush()
    return ev


def _pbn_deals(pbn, name: str = "the PBN file") -> dict[int, str]:
    """board number -> deal of an uploaded PBN file.  Every board must have a complete
    deal (13 cards in each hand) and a board given twice must have the same deal both
    times (a file of results repeats it for each table).

    >>> deal = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
    >>> _pbn_deals(f'[Board "1"]\\n[Deal "{deal}"]\\n'.encode(), "set.pbn") == {1: deal}
    True
    >>> _pbn_deals(b"  \\n% only a comment\\n", "set.pbn")
    Traceback (most recent call last):
    ...
    bridgelaws.service.console.logic.FieldError: pbn: set.pbn holds no board with a deal: it is empty, or has only comments or tags (each board needs a [Board] and a [Deal] tag)
    """
    if isinstance(pbn, str):
        pbn = pbn.encode("utf-8")       # bytes: read_pbn takes a short str for a path
    try:
        games = read_pbn(bytes(pbn), name=name)
    except BridgeError as e:
        raise FieldError("pbn", key="pbn_unreadable", file=e.where or name,
                         why=e.reason) from None
    deals: dict[int, str] = {}
    seen: dict[int, tuple] = {}                 # board -> (its hands, the line)
    for g in games:
        if g.board is None or g.deal is None:
            continue
        number, line = int(g.board), getattr(g.source, "line", "?")
        try:
            hands = Deal.from_pbn(g.deal).hands
        except BridgeError as e:
            raise FieldError("pbn", key="pbn_unreadable", file=f"{name}:{line}",
                             why=e.reason) from None
        if any(bin(h).count("1") != 13 for h in hands):
            raise FieldError("pbn", key="pbn_incomplete", file=name, line=line, board=number)
        if number in seen and seen[number][0] != tuple(hands):
            raise FieldError("pbn", key="pbn_twice", file=name, board=number,
                             first=seen[number][1], second=line)
        seen.setdefault(number, (tuple(hands), line))
        deals.setdefault(number, Deal(hands).to_pbn())     # one notation, 69 characters
    if not deals:
        raise FieldError("pbn", key="pbn_nothing", file=name)
    return deals


# ---------------------------------------------------------------- results

@dataclass
class Checked:
    """A traveller line that passed every check."""
    contract: str | None
    declarer: str | None
    tricks: int | None
    score: int
    lead: str | None
    #: a doubt about the line that does not stop it being saved: (message key, values)
    warning: tuple[str, dict] | None = None


_RESULT_RE = re.compile(r"^\s*(=|[+-]\d{1,2})\s*$")


_POSSIBLE: dict[bool, frozenset] = {}


def possible_scores(vulnerable: bool) -> frozenset:
    """Every score a declaring side can make (Law 77), made or defeated."""
    if vulnerable not in _POSSIBLE:
        out = {0}
        for level in range(1, 8):
            for strain in range(5):
                for doubled in range(3):
                    for tricks in range(14):
                        out.add(score(level, strain, doubled, vulnerable, tricks))
        _POSSIBLE[vulnerable] = frozenset(out)
    return _POSSIBLE[vulnerable]


def check_result(ev: EventRow, *, board, contract="", declarer="", tricks="", score="",
                 lead="") -> Checked:
    """Check one traveller line against the board's vulnerability and deal.

    Give the contract (``4SX``, ``PASS``), the declarer and the tricks taken (or the
    result as ``=``, ``+1``, ``-2``); or only North-South's score.  The opening lead
    is optional: one that is not a card, or not in the opening leader's hand (Law 41A),
    is a warning on the line (``warning``), never a reason to refuse the score.
    """
    board = int(board)
    vul = vulnerability_of(board)
    deal = next((b.deal for b in ev.boards if b.number == board), None)
    contract = (contract or "").strip().upper().replace("NT", "N")
    declarer = (declarer or "").strip().upper()
    tricks_text = str(tricks or "").strip()
    score_text = str(score or "").strip()
    lead = (lead or "").strip().upper() or None
    if not contract:
        if not score_text:
            raise FieldError("contract", key="need_result")
        value = _score_number(score_text)
        ns_vul, ew_vul = vul in ("NS", "all"), vul in ("EW", "all")
        if value % 10 or not (value in possible_scores(ns_vul) or -value in possible_scores(ew_vul)):
            raise FieldError("score", key="no_such_score", score=value, board=board, vul=vul)
        card, warning = _lead(lead)
        return Checked(None, None, None, value, card, warning)
    if contract in ("P", "PASS", "PASSED", "AP", "ALL PASS"):
        if score_text and _score_number(score_text) != 0:
            raise FieldError("score", key="passed_out")
        return Checked("PASS", None, None, 0, None)
    try:
        c = Contract.parse(contract)
    except BridgeError as e:
        raise FieldError("contract", e.reason) from None
    if not declarer:
        raise FieldError("declarer", key="need_declarer")
    try:
        seat = parse_seat(declarer)
    except BridgeError:
        raise FieldError("declarer", key="seat", seat=declarer) from None
    if not tricks_text:
        raise FieldError("tricks", key="need_tricks")
    m = _RESULT_RE.match(tricks_text)
    if m:
        n = _made(c.level, m.group(1))
    else:
        try:
            n = int(tricks_text)
        except ValueError:
            raise FieldError("tricks", key="tricks_text", value=tricks_text) from None
    if not 0 <= n <= 13:
        raise FieldError("tricks", key="tricks_range", n=n)
    value = score_ns(c, seat, vul, n)
    if score_text:
        given = _score_number(score_text)
        if given != value:
            raise FieldError("score", key="score_differs", contract=contract, seat="NESW"[seat],
                             n=n, score=value, given=given)
    card, warning = _lead(lead)
    if warning is None:
        warning = lead_warning(deal, seat, card)
    return Checked(str(contract), "NESW"[seat], n, value, card, warning)


def lead_warning(deal: str | None, seat: int, card: str | None) -> tuple[str, dict] | None:
    """The warning for an opening lead the declarer's left-hand opponent does not hold
    (Law 41A: the opening lead is made by the player on the declarer's left)."""
    if card is None or deal is None:
        return None
    leader = (seat + 1) % 4
    if Deal.from_pbn(deal).hands[leader] >> parse_card(card) & 1:
        return None
    # the card isolated left to right: ♥A stays so in a Hebrew sentence (not A♥)
    return "ui.table.lead_not_held", {"card": "\u2066" + shown(card) + "\u2069",
                                      "seat": "NESW"[leader]}


def _score_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise FieldError("score", key="score_number", value=text) from None


def _made(level: int, result: str) -> int:
    """Tricks taken for a result written against the contract: ``=``, ``+1``, ``-2``."""
    return level + 6 + (0 if result == "=" else int(result))


def _lead(text: str | None) -> tuple[str | None, tuple[str, dict] | None]:
    """The lead as stored and a warning: a text that is no card is not stored."""
    if text is None:
        return None, None
    try:
        parse_card(text)
    except BridgeError:
        return None, ("ui.table.lead_unreadable", {"card": text[:12]})
    return text, None


def sitting_of(s, ev: EventRow, section: str, round_no: int, table_no: int) -> SittingRow:
    st = s.scalar(select(SittingRow).where(
        SittingRow.event_id == ev.id, SittingRow.section == section,
        SittingRow.round == round_no, SittingRow.table_no == table_no))
    if st is None:
        raise FieldError("table", key="no_table", section=section, table=table_no, round=round_no)
    return st


def rooms(ev: EventRow) -> tuple[str, ...]:
    return ("open", "closed") if ev.kind == "teams" else ("",)


def progress(s, ev: EventRow) -> dict:
    """Which results are in, by round and table: for each section and round, each
    table's count of stored lines against the lines it owes (its boards, in each room),
    and its state: ``complete``, ``partial``, ``missing``, or ``sit_out`` (a table
    where no two contestants meet owes nothing).  ``totals`` counts the tables of each
    state and the lines entered and owed over the event.

    >>> from bridgelaws.service.db import Store
    >>> store = Store("sqlite://")
    >>> with store.transaction() as s:
    ...     ev = create_event(s, name="Club pairs", kind="pairs", movement="mitchell",
    ...                       tables=3, boards_per_round=2, seed="doc")
    ...     _ = save_result(s, ev, section="A", round_no=1, table_no=1, board=1,
    ...                     contract="4S", declarer="N", tricks="10")
    ...     p = progress(s, ev)
    >>> [(t["table"], t["entered"], t["owed"], t["state"]) for t in p["rounds"][0]["tables"]]
    [(1, 1, 2, 'partial'), (2, 0, 2, 'missing'), (3, 0, 2, 'missing')]
    >>> p["totals"]["entered"], p["totals"]["owed"], p["totals"]["missing"]
    (1, 18, 8)
    """
    counts: dict[tuple, int] = {}
    for section, round_no, table_no in s.execute(
            select(ResultRow.section, ResultRow.round, ResultRow.table_no)
            .where(ResultRow.event_id == ev.id)):
        key = (section, round_no, table_no)
        counts[key] = counts.get(key, 0) + 1
    per_table = len(rooms(ev))
    out: list[dict] = []
    totals = {"complete": 0, "partial": 0, "missing": 0, "sit_out": 0, "entered": 0,
              "owed": 0}
    by_round: dict[tuple[str, int], dict] = {}
    for st in sorted(ev.sittings, key=lambda x: (x.section, x.round, x.table_no)):
        rnd = by_round.get((st.section, st.round))
        if rnd is None:
            rnd = by_round[(st.section, st.round)] = {
                "section": st.section, "round": st.round, "tables": [],
                "complete": 0, "owed": 0, "entered": 0}
            out.append(rnd)
        plays = bool(st.ns and st.ew)
        owed = len(st.boards) * per_table if plays else 0
        entered = counts.get((st.section, st.round, st.table_no), 0)
        state = ("sit_out" if not plays else "complete" if entered >= owed
                 else "partial" if entered else "missing")
        rnd["tables"].append({
            "table": st.table_no, "ns": st.ns, "ew": st.ew, "entered": entered,
            "owed": owed, "state": state,
            "url": f"/events/{ev.id}/tables/{st.section}/{st.round}/{st.table_no}"
            if plays else None})
        rnd["owed"] += owed
        rnd["entered"] += min(entered, owed)
        rnd["complete"] += state == "complete"
        totals[state] += 1
        totals["entered"] += min(entered, owed)
        totals["owed"] += owed
    return {"event": ev.id, "rounds": out, "totals": totals,
            "tables": max((t["table"] for r in out for t in r["tables"]), default=0)}


def save_result(s, ev: EventRow, *, section: str, round_no: int, table_no: int, board: int,
                room: str = "", director: str = "", **line) -> ResultRow:
    """Check and store one traveller line (replacing the line entered before for that
    table, room and board)."""
    st = _played_sitting(s, ev, section, round_no, table_no, room, board)
    c = check_result(ev, board=board, **line)
    row = _result_row(s, ev, st, room, board)
    row.contract, row.declarer, row.tricks = c.contract, c.declarer, c.tricks
    row.score, row.lead = c.score, c.lead
    row.entered_by, row.entered_at = director, now()
    s.flush()
    row.warning = c.warning                    # not stored: shown on the line
    return row


def remove_result(s, ev: EventRow, *, section: str, round_no: int, table_no: int,
                  board: int, room: str = "") -> bool:
    """Remove the stored line of one board at one table (the caller's transaction);
    False when there was none.  A ruling logged with an adjusted score stays in the log."""
    row = s.scalar(select(ResultRow).where(
        ResultRow.event_id == ev.id, ResultRow.section == section, ResultRow.round == round_no,
        ResultRow.table_no == table_no, ResultRow.room == room, ResultRow.board == board))
    if row is None:
        return False
    s.delete(row)
    s.flush()
    return True


def signed(score: int | None) -> str:
    """A score as people write it: +300, −90 (a minus sign), 0.

    >>> signed(300), signed(-90), signed(0)
    ('+300', '−90', '0')
    """
    if score is None:
        return ""
    return f"+{score}" if score > 0 else f"−{-score}" if score < 0 else "0"


def line_text(row) -> str:
    """A stored line as people write it: ``+300 (4♠ N, 10)``, or its adjusted score."""
    if row is None:
        return ""
    if row.adjusted:
        return shown(row.adjusted)
    if row.contract and row.contract != "PASS":
        return f"{signed(row.score)} ({shown(row.contract)} {row.declarer}, {row.tricks})"
    if row.contract == "PASS":
        return "0 (PASS)"
    return signed(row.score)


def _played_sitting(s, ev: EventRow, section: str, round_no: int, table_no: int, room: str,
                    board: int) -> SittingRow:
    """The sitting where ``board`` was played in ``room``: a table of that round where two
    contestants meet, that has the board."""
    st = sitting_of(s, ev, section, round_no, table_no)
    if board not in st.boards:
        raise FieldError("board", key="board_elsewhere", board=board, table=st.table_no,
                         round=st.round, boards=", ".join(map(str, st.boards)))
    if st.ns is None or st.ew is None:
        raise FieldError("table", key="sit_out", table=table_no, round=round_no)
    if room not in rooms(ev):
        raise FieldError("room", key="room", room=room)
    return st


def _result_row(s, ev: EventRow, st: SittingRow, room: str, board: int,
                **new) -> ResultRow:
    """The stored line of ``board`` at sitting ``st`` in ``room``, or a new one (the pairs
    swap seats in the closed room of a team match)."""
    row = s.scalar(select(ResultRow).where(
        ResultRow.event_id == ev.id, ResultRow.section == st.section,
        ResultRow.round == st.round, ResultRow.table_no == st.table_no,
        ResultRow.room == room, ResultRow.board == board))
    if row is None:
        ns, ew = (st.ns, st.ew) if room != "closed" else (st.ew, st.ns)
        row = ResultRow(event_id=ev.id, section=st.section, round=st.round,
                        table_no=st.table_no, room=room, board=board, ns=ns, ew=ew, **new)
        s.add(row)
    return row


def table_results(s, ev: EventRow, section: str, round_no: int, table_no: int) -> dict:
    """(room, board) -> the stored row, for one table of one round."""
    rows = s.scalars(select(ResultRow).where(
        ResultRow.event_id == ev.id, ResultRow.section == section, ResultRow.round == round_no,
        ResultRow.table_no == table_no))
    return {(r.room, r.board): r for r in rows}


# ---------------------------------------------------------------- adjusted scores

#: between the parts of a weighted score: a new line, ``;``, or a ``+`` before the next
#: part's percentage (``30% 3NT= E + 70% 3NT+1 E``): the ``+`` of an overtrick stays
_WEIGHT_SPLIT = re.compile(r"\n|;|\+(?=\s*\d+(?:\.\d+)?\s*%)")
_ASSIGNED_RE = re.compile(r"^\s*(PASS|[1-7][CDHSN]X{0,2})\s*(=|[+-]\d{1,2})?\s*([NESW])?\s*$")


def _assigned(text: str, vul: str, field: str) -> int:
    """North-South's score of an assigned result like ``4SX-1 N`` or ``3N= S`` or ``PASS``."""
    t = text.strip().upper().replace("NT", "N")
    m = _ASSIGNED_RE.match(t)
    if not m:
        raise FieldError(field, key="assigned_form", result=text)
    contract, res, seat = m.groups()
    if contract == "PASS":
        return 0
    if res is None or seat is None:
        raise FieldError(field, key="assigned_incomplete", result=text)
    tricks = _made(int(contract[0]), res)
    if not 0 <= tricks <= 13:
        raise FieldError(field, key="impossible", result=text)
    return score_ns(Contract.parse(contract), parse_seat(seat), vul, tricks)


def _weighted(text: str, vul: str, field: str) -> tuple[str, WeightedScore]:
    """``30% 4S= N + 70% 4S-1 N``: its stored text and its weighted score (12C1c)."""
    parts = []
    for line in _WEIGHT_SPLIT.split(text):
        if not line.strip():
            continue
        m = re.match(r"^\s*(\d+(?:\.\d+)?)\s*%\s*(.+)$", line)
        if not m:
            raise FieldError(field, key="weighted_form", part=line.strip())
        parts.append((_assigned(m.group(2), vul, field), float(m.group(1)) / 100,
                      f"{m.group(1)}% {m.group(2).strip().upper()}"))
    if not parts:
        raise FieldError(field, key="need_weighted")
    try:
        w = WeightedScore(tuple((sc, wt) for sc, wt, _ in parts))
    except BridgeError as e:
        raise FieldError(field, e.reason) from None
    return " + ".join(t for _, _, t in parts), w


def _one_or_weighted(text: str, vul: str, field: str) -> tuple[str, int | WeightedScore]:
    """One side's part of a split score: one result, or weighted results."""
    if "%" in text:
        return _weighted(text, vul, field)
    return text.strip().upper(), _assigned(text, vul, field)


def parse_adjusted(kind: str, form: dict, board: int) -> tuple[str, object]:
    """An adjusted score from the console's form: (text to store, scoring object).

    ``artificial`` (12C2): ``ns_percent``, ``ew_percent``; ``assigned`` (12C1b):
    ``result``; ``weighted`` (12C1c): ``weights`` and ``results`` (one per line,
    like ``30% 4S= N``); ``split`` (12C1e): ``ns_result`` and ``ew_result``.
    """
    vul = vulnerability_of(board)
    if kind == "artificial":
        try:
            a = ArtificialScore(float(form.get("ns_percent", "")),
                                float(form.get("ew_percent", "")))
        except (TypeError, ValueError):
            raise FieldError("ns_percent", key="percent") from None
        except BridgeError as e:
            raise FieldError("ns_percent", e.reason) from None
        return f"A{a.ns:g}/{a.ew:g}", a
    if kind == "assigned":
        text = form.get("result", "")
        return text.strip().upper(), _assigned(text, vul, "result")
    if kind == "weighted":
        return _weighted(form.get("weighted", ""), vul, "weighted")
    if kind == "split":
        # each side one result, or (12C1e with 12C1c) its own weighted results
        ns_text, ns = _one_or_weighted(form.get("ns_result", ""), vul, "ns_result")
        ew_text, ew = _one_or_weighted(form.get("ew_result", ""), vul, "ew_result")
        return f"NS: {ns_text} | EW: {ew_text}", SplitScore(ns, ew)
    raise FieldError("kind", f"unknown kind of adjusted score {kind!r} (expected one of "
                     f"{', '.join(ADJUSTED_KINDS)})")


def adjusted_object(text: str | None, board: int):
    """The scoring object of a stored adjusted score (see :func:`parse_adjusted`)."""
    if not text:
        return None
    vul = vulnerability_of(board)
    if text.startswith("A") and "/" in text:
        return ArtificialScore.parse(text[1:])
    if text.startswith("NS:"):
        ns, ew = text[3:].split("| EW:")
        return SplitScore(_one_or_weighted(ns, vul, "ns_result")[1],
                          _one_or_weighted(ew, vul, "ew_result")[1])
    if "%" in text:
        parts = []
        for p in _WEIGHT_SPLIT.split(text):
            w, r = p.split("%", 1)
            parts.append((_assigned(r, vul, "weighted"), float(w) / 100))
        return WeightedScore(tuple(parts))
    return _assigned(text, vul, "result")


LAW_OF_KIND = {"artificial": "12C2", "assigned": "12C1b", "weighted": "12C1c",
               "split": "12C1e"}


def apply_adjusted(s, ev: EventRow, *, section: str, round_no: int, table_no: int, board: int,
                   room: str, kind: str, form: dict, director: str, ruling_text: str,
                   laws: list[str] | None = None, not_played: bool = False,
                   edition: str = "2017") -> tuple[ResultRow, RulingRow]:
    """Give a board at a table an adjusted score (Law 12) and log the ruling with it.
    ``row.over`` is the table result it replaces, as people write it (or None): the
    console asks before replacing one.  A board marked not played (Law 12A2) keeps no
    table result."""
    st = _played_sitting(s, ev, section, round_no, table_no, room, board)
    if not (ruling_text or "").strip():
        raise FieldError("ruling", key="need_ruling")
    text, _ = parse_adjusted(kind, form, board)
    row = _result_row(s, ev, st, room, board, entered_by=director)
    over = line_text(row) if row.score is not None and not row.adjusted else None
    if not_played:
        row.contract = row.declarer = row.tricks = row.score = row.lead = None
    # the 2017 numbering of the kinds; a 1997 ruling names its own laws (12C1, 12C2)
    law = [LAW_OF_KIND[kind]] if edition == "2017" else []
    ruling = RulingRow(event_id=ev.id, section=section, round=round_no, table_no=table_no,
                       board=board, scenario="adjusted_score", kind=f"adjusted_{kind}",
                       facts={k: v for k, v in form.items() if k != "csrf"}, edition=edition,
                       laws=list(dict.fromkeys(["12", *law, *(laws or [])])),
                       options=[], choice=kind, explanation=ruling_text.strip(),
                       adjusted=text, director=director)
    s.add(ruling)
    s.flush()
    row.adjusted, row.ruling_id = text, ruling.id
    s.flush()
    row.over = over                            # not stored
    return row, ruling


# ---------------------------------------------------------------- scoring

def core_event(ev: EventRow, results, section: str) -> Event:
    """The event's section as the scoring engine's :class:`Event`."""
    e = Event(name=f"{ev.name} {section}", kind="pairs")
    for en in ev.entries:
        if en.section == section:
            if en.players:                     # as typed on the entries page
                e.entries[en.number] = Entry(en.number, [p.name for p in en.players],
                                             en.direction, members=[p.member for p in
                                                                    en.players])
            else:
                e.entries[en.number] = Entry(en.number, [n for n in en.names.split(" - ")
                                                         if n] if en.names else [],
                                             en.direction)
    for r in results:
        if r.section != section:
            continue
        adj = adjusted_object(r.adjusted, r.board)
        where = f"round {r.round}, table {r.table_no}, board {r.board}"
        if adj is not None:
            e.results.append(Result(r.board, r.ns, r.ew, adjusted=adj, round=r.round,
                                    table=str(r.table_no), where=where))
        else:
            e.results.append(Result(r.board, r.ns, r.ew, score=r.score, contract=None,
                                    round=r.round, table=str(r.table_no), where=where,
                                    lead=r.lead))
    return e


def standings(s, ev: EventRow) -> dict[str, dict]:
    """section -> {"standings": [...], "boards": {...}} from every stored result."""
    results = list(s.scalars(select(ResultRow).where(ResultRow.event_id == ev.id)))
    out = {}
    for section in sorted({en.section for en in ev.entries}):
        if ev.kind == "teams":
            out[section] = _team_standings(ev, results, section)
            continue
        e = core_event(ev, results, section)
        if not e.results:
            out[section] = {"standings": [], "result": None, "laws": []}
            continue
        res = score_event(e, ev.scoring)
        out[section] = {"standings": _without_phantoms(ev, section,
                                                       [st.as_dict() for st in res.standings]),
                        "result": res, "laws": res.laws}
    return out


def _without_phantoms(ev: EventRow, section: str, rows: list[dict]) -> list[dict]:
    """The standings without the phantom pair (an entry that sits at no table: it is no
    contestant), the places of those below it moved up, ties kept.

    >>> rows = [{"pair": "3", "place": 1, "rank": "1", "direction": None},
    ...         {"pair": "9", "place": 2, "rank": "2=", "direction": None},
    ...         {"pair": "4", "place": 2, "rank": "2=", "direction": None},
    ...         {"pair": "5", "place": 4, "rank": "4", "direction": None}]
    >>> class Ev: sittings, entries = [], []
    >>> [(r["pair"], r["rank"]) for r in _without_phantoms(Ev, "A", rows)]
    [('3', '1'), ('9', '2='), ('4', '2='), ('5', '4')]
    >>> from types import SimpleNamespace as NS
    >>> Ev.entries = [NS(section="A", number=n) for n in "3945"]
    >>> Ev.sittings = [NS(section="A", ns=n, ew=None) for n in "345"]
    >>> [(r["pair"], r["rank"], r["place"]) for r in _without_phantoms(Ev, "A", rows)]
    [('3', '1', 1), ('4', '2', 2), ('5', '3', 3)]
    """
    seated = {p for st in ev.sittings if st.section == section for p in (st.ns, st.ew)}
    ghosts = {en.number for en in ev.entries if en.section == section
              and en.number not in seated}
    if not ghosts:
        return rows
    kept = [r for r in rows if r["pair"] not in ghosts]
    out = []
    for r in kept:
        field = [k for k in kept if k.get("direction") == r.get("direction")]
        place = 1 + sum(k["place"] < r["place"] for k in field)
        tied = sum(k["place"] == r["place"] for k in field) > 1
        out.append({**r, "place": place, "rank": f"{place}{'=' if tied else ''}"})
    return out


def _team_weighted_imps(a, other_ns: int, open_room: bool) -> tuple[float, float]:
    """(home IMPs, away IMPs) of a board whose score at one table is weighted (12C1c) or
    split (12C1e), against the other room's table result: each likely result is IMPed
    against the other room (Law 78B) and the IMPs are weighted, never the scores
    averaged first.  The home team sits North-South in the open room.  A split score
    scores each side on its own list, so the two need not balance.

    >>> w = WeightedScore(((420, 0.6), (-50, 0.4)))        # at the open room, closed +420
    >>> _team_weighted_imps(w, 420, True)       # 0.6 x 0 + 0.4 x -10 (470: 10 IMPs)
    (-4.0, 4.0)
    >>> _team_weighted_imps(SplitScore(420, w), 420, False)  # closed room: away NS
    (4.0, 0.0)
    """
    def home(x) -> float:                   # the home team's IMPs of NS scores at this table
        parts = x.parts if isinstance(x, WeightedScore) else ((int(x), 1.0),)
        return sum(w * (imps(s - other_ns) if open_room else imps(other_ns - s))
                   for s, w in parts)
    if isinstance(a, SplitScore):
        ns, ew = home(a.ns), home(a.ew)
        # open room: home is NS (its own list), away EW; closed room: away NS, home EW
        h, w = (ns, -ew) if open_room else (ew, -ns)
    else:
        h = home(a)
        w = -h
    return round(h, 2) + 0.0, round(w, 2) + 0.0


def _team_standings(ev: EventRow, results, section: str) -> dict:
    by_match: dict[tuple[int, int], dict] = {}
    for r in results:
        if r.section == section:
            by_match.setdefault((r.round, r.table_no), {})[(r.room, r.board)] = r
    vps: dict[str, float] = {en.number: 0.0 for en in ev.entries if en.section == section}
    imps_for: dict[str, float] = dict.fromkeys(vps, 0.0)
    matches = []
    for st in ev.sittings:
        if st.section != section or st.ns is None or st.ew is None:
            continue
        rows = by_match.get((st.round, st.table_no), {})
        m = TeamMatch()
        complete = True
        for b in st.boards:
            o, c = rows.get(("open", b)), rows.get(("closed", b))
            adj = [x for x in (o, c) if x is not None and x.adjusted]
            if adj:
                a = adjusted_object(adj[0].adjusted, b)
                if isinstance(a, ArtificialScore):
                    home = artificial_imps(a.ns if adj[0].room == "open" else a.ew)
                    away = artificial_imps(a.ew if adj[0].room == "open" else a.ns)
                    m.adjust[b] = (home, away)
                    continue
                if not isinstance(a, int):         # weighted (12C1c) or split (12C1e)
                    open_room = adj[0].room == "open"
                    other = c if open_room else o
                    if other is None or other.score is None:
                        complete = False
                        continue
                    m.adjust[b] = _team_weighted_imps(a, other.score, open_room)
                    continue
                (m.home_ns if adj[0].room == "open" else m.away_ns)[b] = a
                other = c if adj[0].room == "open" else o
                if other is None or other.score is None:
                    complete = False
                    continue
                (m.away_ns if adj[0].room == "open" else m.home_ns)[b] = other.score
                continue
            if o is None or c is None:
                complete = False
                continue
            m.home_ns[b], m.away_ns[b] = o.score, c.score
        if not complete or not (m.home_ns or m.adjust):
            matches.append({"round": st.round, "table": st.table_no, "home": st.ns,
                            "away": st.ew, "complete": False})
            continue
        # the away team sits NS in the closed room: home IMPs = imps(open NS - closed NS)
        h, a = m.totals()
        vh, va = victory_points(h - a, len(st.boards))
        vps[st.ns] += vh
        vps[st.ew] += va
        imps_for[st.ns] += h - a
        imps_for[st.ew] += a - h
        matches.append({"round": st.round, "table": st.table_no, "home": st.ns, "away": st.ew,
                        "complete": True, "imps": (h, a), "vps": (vh, va)})
    ranks = rank(vps)
    names = {en.number: en.names for en in ev.entries if en.section == section}
    table = sorted(({"rank": ranks[k][0],
                     "pair": k, "names": names.get(k, ""), "score": round(v, 2),
                     "imps": round(imps_for[k], 1)} for k, v in vps.items()),
                   key=lambda d: (-d["score"], d["pair"]))
    return {"standings": table, "result": None, "matches": matches,
            "laws": ["77", "78B", "86B"] if matches else []}
