"""What a results page shows, as plain data: the ranking of each section and direction,
each board's traveller, the hand diagrams with their double-dummy table and par, and
each contestant's score card.

The HTML pages (``bridgelaws results --html`` and the web service's results pages) are
rendered from these structures by the templates in ``tournament/templates``; a PDF
writer can take the same structures.  Nothing here is text for people except contracts,
cards and scores, written as people write them (``4♠ N +1``, ``3NT S =``, ``2♥x E -2``,
``♠ A K 10 3``); the words come from the message catalogues in the templates.

>>> from bridgelaws.tournament.event import Event, Result
>>> from bridgelaws.tournament.results import score_event
>>> ev = Event(name="demo")
>>> for p, d in zip("1234", ["NS", "EW", "NS", "EW"]):
...     _ = ev.add_entry(p, [f"Player {p}"], d)
>>> ev.results += [Result(1, "1", "2", "4S", "N", 11, round=1, table="1"),
...                Result(1, "3", "4", "2HX", "E", 6, round=1, table="2")]
>>> rep = event_report(score_event(ev))
>>> [(f.direction, [r.pair for r in f.rows]) for f in rep.sections[0].fields]
[('NS', ['1', '3']), ('EW', ['4', '2'])]
>>> [(r.contract_text, r.ns_score, r.ew_score) for r in rep.sections[0].travellers[0].rows]
[('4♠ N +1', 450, None), ('2♥x E -2', 300, None)]
>>> card = rep.sections[0].scorecards["2"]
>>> [(c.board, c.opponents, c.contract_text, c.score, c.percent) for c in card.rows]
[(1, '1', '4♠ N +1', -450, 0.0)]
"""

from __future__ import annotations

import datetime as _dt
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from ..boards import dealer_of, parse_vulnerability, vulnerability_of
from ..cards import BridgeError, Deal, RANK_LETTERS, SEAT_NAMES, parse_seat
from ..scoring.adjusted import ArtificialScore
from ..scoring.matchpoints import SplitScore, WeightedScore

__all__ = ["Report", "SectionReport", "RankField", "RankRow", "MatchRow", "Traveller",
           "TravellerRow", "teams_report",
           "Adjustment", "HandDiagram", "ScoreCard", "CardRow", "event_report",
           "section_report", "contract_parts", "contract_text", "adjusted_text", "adjustment_of",
           "hand_diagram", "analyse", "analysed", "event_date", "event_deals"]

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "N": "NT"}


# ---------------------------------------------------------------- the structures

@dataclass
class Adjustment:
    """An adjusted score as given (Law 12): ``kind`` is ``artificial`` (12C2: the two
    percentages), ``assigned`` (12C1b: ``text`` the result, like ``4♠x N -1``, or only
    North-South's score), ``weighted`` (12C1c: ``text`` like ``30% 4♠ N = + 70% 4♠ N -1``),
    ``split`` (12C1e: ``text`` each side's result) or ``points`` (points given by hand)."""
    kind: str
    ns_percent: float | None = None
    ew_percent: float | None = None
    text: str = ""
    score: int | None = None
    #: the ruling in the director's log that gave it (the web service's), if known
    ruling: int | None = None


@dataclass
class TravellerRow:
    """One table's result on a board: who sat where, the contract as written
    (``contract_text``: ``4♠ N +1``; ``passed``: passed out) or the adjustment that
    replaced it, North-South's or East-West's score, and both sides' points and
    percentages (matchpoints, or IMPs with no percentage)."""
    board: int
    round: int | None
    table: str | None
    ns: str
    ew: str
    contract_text: str | None
    passed: bool
    adjusted: Adjustment | None
    score_ns: int | None
    ns_points: float | None
    ew_points: float | None
    ns_percent: float | None
    ew_percent: float | None
    lead: str | None = None

    @property
    def ns_score(self) -> int | None:
        """The score in the North-South column (positive, or 0 for a pass-out)."""
        return self.score_ns if self.score_ns is not None and self.score_ns >= 0 else None

    @property
    def ew_score(self) -> int | None:
        """The score in the East-West column (positive)."""
        return -self.score_ns if self.score_ns is not None and self.score_ns < 0 else None


@dataclass
class HandDiagram:
    """A board's four hands (``hands[seat]``: four ``(suit symbol, cards)`` lines, spades
    first), their high-card points, the dealer and vulnerability (Law 2 unless marked
    otherwise), and where analysed the double-dummy tricks (``dd[seat][strain]``, seats
    N E S W, strains C D H S NT) and the par (``par_score`` North-South's, ``par_contracts``
    as written, ``4♥ N =``)."""
    board: int
    dealer: str
    vulnerable: str
    hands: dict[str, list[tuple[str, str]]]
    hcp: dict[str, int]
    dd: dict[str, list[int]] | None = None
    par_score: int | None = None
    par_contracts: list[str] = field(default_factory=list)


@dataclass
class Traveller:
    board: int
    top: float | None
    rows: list[TravellerRow]
    hand: HandDiagram | None = None


@dataclass
class RankRow:
    """A contestant's place (a team's: ``score`` its victory points, ``boards`` its
    matches played, ``imps`` its IMPs won less lost)."""
    rank: str
    place: int
    pair: str
    names: str
    score: float
    percent: float | None
    boards: int
    direction: str | None = None
    imps: float | None = None


@dataclass
class MatchRow:
    """A team match: the teams, the IMPs and the victory points each way (``None``
    while it is not complete)."""
    round: int | None
    table: str | None
    home: str
    home_name: str
    away: str
    away_name: str
    imps_home: float | None = None
    imps_away: float | None = None
    vp_home: float | None = None
    vp_away: float | None = None


@dataclass
class RankField:
    """The contestants ranked together: one direction of a Mitchell (``"NS"``/``"EW"``),
    or everyone (``None``)."""
    direction: str | None
    rows: list[RankRow]


@dataclass
class CardRow:
    """One board of a contestant's score card, from his side."""
    board: int
    round: int | None
    table: str | None
    direction: str
    opponents: str
    opponent_names: str
    contract_text: str | None
    passed: bool
    adjusted: Adjustment | None
    score: int | None
    points: float | None
    percent: float | None


@dataclass
class ScoreCard:
    pair: str
    names: str
    direction: str | None
    rank: str | None
    score: float | None
    percent: float | None
    rows: list[CardRow]


@dataclass
class SectionReport:
    """One section: its ranking (North-South before East-West in a Mitchell), its
    boards' travellers and its score cards (by contestant id)."""
    name: str | None
    method: str
    fields: list[RankField]
    travellers: list[Traveller]
    scorecards: dict[str, ScoreCard]
    top: float | None
    boards: int
    laws: list[str] = field(default_factory=list)
    #: the section's own id (for links), also where ``name`` is not shown
    id: str = ""
    #: a teams section's matches
    matches: list[MatchRow] = field(default_factory=list)


@dataclass
class Report:
    title: str
    date: str | None
    sections: list[SectionReport]

    @property
    def boards(self) -> int:
        return max((s.boards for s in self.sections), default=0)

    @property
    def top(self) -> float | None:
        return max((s.top for s in self.sections if s.top), default=None)

    @property
    def method(self) -> str | None:
        return self.sections[0].method if self.sections else None


# ---------------------------------------------------------------- contracts and scores

_CONTRACT = re.compile(r"^\s*([1-7])\s*(NT|[CDHSN])\s*(XX|X|R)?\s*$", re.IGNORECASE)
_PASSED = ("PASS", "P", "AP", "PASSED", "ALL PASS", "0")


def contract_parts(contract: str | None, declarer: str | None, tricks: int | None):
    """``(text, passed)``: a contract as people write it, ``("4♠ N +1", False)``,
    ``(None, True)`` when passed out, ``(None, False)`` when there is none.

    >>> contract_parts("4S", "N", 11), contract_parts("3N", "S", 9), contract_parts("2HX", "E", 6)
    (('4♠ N +1', False), ('3NT S =', False), ('2♥x E -2', False))
    >>> contract_parts("PASS", None, None), contract_parts(None, None, None)
    ((None, True), (None, False))
    """
    if contract is None or not str(contract).strip():
        return None, False
    if str(contract).strip().upper() in _PASSED:
        return None, True
    m = _CONTRACT.match(str(contract))
    if not m:
        return str(contract), False
    level, strain, dbl = int(m.group(1)), m.group(2).upper()[0], (m.group(3) or "").upper()
    dbl = {"X": "x", "XX": "xx", "R": "xx"}.get(dbl, "")
    text = f"{level}{SUIT_SYMBOLS[strain]}{dbl}"
    if declarer:
        text += f" {str(declarer).strip().upper()[:1]}"
    if tricks is not None:
        made = tricks - 6 - level
        text += " =" if made == 0 else f" {made:+d}"
    return text, False


def contract_text(contract, declarer=None, tricks=None) -> str:
    """:func:`contract_parts`'s text (``Pass`` for a pass-out, empty for none)."""
    text, passed = contract_parts(contract, declarer, tricks)
    return "Pass" if passed else (text or "")


_ASSIGNED = re.compile(r"(?<![A-Za-z0-9])(PASS|[1-7](?:NT|[CDHSN])X{0,2})\s*(=|[+-]\d{1,2})?"
                       r"\s*([NESW])?(?![A-Za-z])", re.IGNORECASE)


def adjusted_text(text: str) -> str:
    """A stored assigned result (the console's ``4SX-1 N``, ``30% 4S= N + 70% 4S-1 N``,
    ``NS: 4S= N | EW: 4S-1 N``) as people write it.

    >>> adjusted_text("4SX-1 N"), adjusted_text("30% 3N= S + 70% 3N-1 S")
    ('4♠x N -1', '30% 3NT S = + 70% 3NT S -1')
    >>> adjusted_text("NS: 4S= N | EW: PASS")
    'NS: 4♠ N = | EW: Pass'
    """
    def one(m) -> str:
        contract, res, seat = m.group(1).upper(), m.group(2), m.group(3)
        if contract == "PASS":
            return "Pass"
        level = int(contract[0])
        tricks = None
        if res is not None:
            tricks = level + 6 + (0 if res == "=" else int(res))
        return contract_text(contract.replace("NT", "N"), seat, tricks)
    return _ASSIGNED.sub(one, text)


def adjustment_of(r, text: str | None = None) -> Adjustment | None:
    """The adjustment of a result (``r.adjusted`` or points given by hand), with the
    stored ``text`` of the assigned result where there is one."""
    a = r.adjusted
    if isinstance(a, ArtificialScore):
        return Adjustment("artificial", ns_percent=a.ns, ew_percent=a.ew)
    if isinstance(a, WeightedScore):
        shown = adjusted_text(text) if text else " + ".join(
            f"{w * 100:g}% {s:+d}" for s, w in a.parts)
        return Adjustment("weighted", text=shown)
    if isinstance(a, SplitScore):
        shown = adjusted_text(text) if text else f"NS {a.ns:+d} | EW {a.ew:+d}"
        return Adjustment("split", text=shown)
    if isinstance(a, int) and not isinstance(a, bool):
        return Adjustment("assigned", text=adjusted_text(text) if text else "", score=a)
    if getattr(r, "override", None) is not None:
        return Adjustment("points")
    return None


# ---------------------------------------------------------------- hands and analysis

def _holding(hand: int, suit: int) -> str:
    cards = [RANK_LETTERS[r] for r in range(12, -1, -1) if hand >> (suit * 13 + r) & 1]
    return " ".join("10" if c == "T" else c for c in cards) or "—"


def _hcp(hand: int) -> int:
    return sum(points * bool(hand >> (suit * 13 + r) & 1)
               for suit in range(4) for r, points in ((12, 4), (11, 3), (10, 2), (9, 1)))


#: (deal, dealer, vulnerability) -> (DDTable, Par): each deal is solved once per process
_ANALYSED: OrderedDict = OrderedDict()
_ANALYSED_MAX = 4096
_LOCK = threading.Lock()


def analysed(deal: str, dealer: str, vulnerable: str):
    """The cached ``(DDTable, Par)`` of a deal, or ``None`` when not solved yet."""
    with _LOCK:
        return _ANALYSED.get((deal, dealer, vulnerable))


def analyse(boards: list[tuple[str, str, str]], threads: int = 0, progress=None) -> None:
    """Solve the deals ``(pbn deal, dealer, vulnerability)`` not solved yet (DDS through
    :mod:`bridgelaws.analysis`, in batches), and keep their tables and pars."""
    from ..analysis import dd_tables, par
    todo = list(dict.fromkeys(b for b in boards if analysed(*b) is None))
    if not todo:
        return
    tables = dd_tables([Deal.from_pbn(d) for d, _, _ in todo], threads, progress)
    with _LOCK:
        for (d, dealer, vul), t in zip(todo, tables):
            _ANALYSED[(d, dealer, vul)] = (t, par(t, dealer, vul))
            _ANALYSED.move_to_end((d, dealer, vul))
        while len(_ANALYSED) > _ANALYSED_MAX:
            _ANALYSED.popitem(last=False)


def hand_diagram(board: int, deal: str, dealer: str | None = None,
                 vulnerable: str | None = None) -> HandDiagram:
    """The diagram of a board's deal (PBN), with its analysis when it was solved."""
    d = Deal.from_pbn(deal)
    dealer = SEAT_NAMES[parse_seat(dealer) if dealer else dealer_of(board)]
    vul = parse_vulnerability(vulnerable) if vulnerable else vulnerability_of(board)
    hands = {SEAT_NAMES[s]: [(SUIT_SYMBOLS[x], _holding(d.hands[s], suit))
                             for suit, x in ((3, "S"), (2, "H"), (1, "D"), (0, "C"))]
             for s in range(4)}
    out = HandDiagram(board, dealer, vul, hands,
                      {SEAT_NAMES[s]: _hcp(d.hands[s]) for s in range(4)})
    found = analysed(deal, dealer, vul)
    if found is not None:
        table, p = found
        out.dd = {SEAT_NAMES[s]: list(table.tricks[s]) for s in range(4)}
        out.par_score = p.score_ns
        out.par_contracts = [
            f"{c.level}{SUIT_SYMBOLS[c.strain]}{'x' if c.doubled else ''} {c.declarer} "
            + ("=" if c.result == 0 else f"{c.result:+d}") for c in p.contracts]
    return out


# ---------------------------------------------------------------- the report

def _side(ids) -> str:
    return "-".join(ids)


def section_report(result, *, name: str | None = None, details=None, deals=None,
                   hidden: set | None = None, id: str = "") -> SectionReport:
    """One section's report from its :class:`~bridgelaws.tournament.results.EventResult`.

    ``details(result)`` may give ``(contract, declarer, tricks, adjusted text[, ruling
    id])`` for a result whose raw form the scoring did not keep (the web service scores
    stored table scores); ``deals`` maps board numbers to ``(pbn deal, dealer, vulnerability)``
    (dealer and vulnerability ``None``: Law 2); ``hidden`` are ids left out of the
    ranking (a phantom pair)."""
    ev = result.event
    hidden = hidden or set()
    standings = [s for s in result.standings if s.entry not in hidden]
    fields: list[RankField] = []
    by_dir: dict = {}
    for s in standings:
        by_dir.setdefault(s.direction, []).append(s)
    order = sorted(by_dir, key=lambda d: {"NS": 0, "EW": 1, None: 2}.get(d, 3))
    for d in order:
        members = by_dir[d]
        if hidden:                          # places again without the hidden ids
            places = [s.place for s in members]
            rows = []
            for s in members:
                place = 1 + sum(p < s.place for p in places)
                tied = places.count(s.place) > 1
                rows.append(RankRow(f"{place}{'=' if tied else ''}", place, s.entry, s.names,
                                    s.score, s.percent, s.boards, s.direction))
        else:
            rows = [RankRow(s.rank, s.place, s.entry, s.names, s.score, s.percent, s.boards,
                            s.direction) for s in members]
        fields.append(RankField(d, rows))
    names = {k: e.name for k, e in ev.entries.items()}
    travellers: list[Traveller] = []
    cards: dict[str, ScoreCard] = {}
    top = None
    for b, srs in sorted(result.boards.items()):
        rows = []
        for sr in srs:
            r = sr.result
            contract, declarer, tricks, adj_text, ruling = (r.contract, r.declarer, r.tricks,
                                                            None, None)
            if details is not None:
                found = details(r)
                if found is not None:
                    contract, declarer, tricks, adj_text, *more = found
                    ruling = more[0] if more else None
            adjusted = adjustment_of(r, adj_text)
            if adjusted is not None:
                adjusted.ruling = ruling
            if adjusted is not None and adjusted.kind != "points":
                text, passed = None, False      # the adjustment, not the replaced result
            else:
                text, passed = contract_parts(contract, declarer, tricks)
            lead = r.lead if r.lead and r.lead != "-" else None
            rows.append(TravellerRow(b, r.round, r.table, _side(r.ns), _side(r.ew), text,
                                     passed, adjusted, sr.ns_score, sr.ns_points,
                                     sr.ew_points, sr.ns_percent, sr.ew_percent,
                                     _card(lead)))
            if sr.top:
                top = max(top or 0, sr.top)
        rows.sort(key=lambda x: (x.round is None, x.round or 0, _num(x.table)))
        hand = None
        if deals and b in deals:
            deal, dealer, vul = deals[b]
            try:
                hand = hand_diagram(b, deal, dealer, vul)
            except BridgeError:
                hand = None
        travellers.append(Traveller(b, srs[0].top if srs else None, rows, hand))
        for row in rows:
            for side, ids, opp in (("NS", row.ns, row.ew), ("EW", row.ew, row.ns)):
                for pid in ids.split("-") if ev.kind == "individual" else [ids]:
                    if pid in hidden:
                        continue
                    card = cards.get(pid)
                    if card is None:
                        card = cards[pid] = ScoreCard(pid, names.get(pid, ""),
                                                      ev.entries[pid].direction
                                                      if pid in ev.entries else None,
                                                      None, None, None, [])
                    ns = side == "NS"
                    opp_names = " · ".join(names.get(o, "") for o in
                                           (opp.split("-") if ev.kind == "individual"
                                            else [opp]))
                    card.rows.append(CardRow(
                        b, row.round, row.table, side, opp, opp_names, row.contract_text,
                        row.passed, row.adjusted,
                        None if row.score_ns is None else (row.score_ns if ns else -row.score_ns),
                        row.ns_points if ns else row.ew_points,
                        row.ns_percent if ns else row.ew_percent))
    for f in fields:
        for r in f.rows:
            if r.pair in cards:
                c = cards[r.pair]
                c.rank, c.score, c.percent = r.rank, r.score, r.percent
    for c in cards.values():
        c.rows.sort(key=lambda x: (x.round is None, x.round or 0, x.board))
    return SectionReport(name, result.method, fields, travellers, cards, top,
                         len(result.boards), list(result.laws), id or name or "")


def _num(text):
    return (0, int(text), "") if text is not None and str(text).isdigit() else (1, 0, str(text))


def _card(text: str | None) -> str | None:
    """An opening lead as people write it: ``SA`` as ``♠A``, ``HT`` as ``♥10``, ``5D`` ♦5.

    >>> _card("SA"), _card("HT"), _card("5D"), _card("10C")
    ('♠A', '♥10', '♦5', '♣10')
    """
    if not text:
        return None
    t = text.strip().upper().replace("10", "T")
    if len(t) == 2 and t[1] in "SHDC" and t[0] in RANK_LETTERS:
        t = t[::-1]                             # USEBIO writes the rank first: 5D
    if len(t) == 2 and t[0] in "SHDC" and t[1] in RANK_LETTERS:
        return SUIT_SYMBOLS[t[0]] + ("10" if t[1] == "T" else t[1])
    return text


def event_date(event) -> str | None:
    """The date of an event as ``YYYY-MM-DD``: USEBIO's ``DATE``, else the PBN ``Date`` tag
    of its first board (``None`` when neither gives one)."""
    text = (event.published or {}).get("date")
    if not text:
        for rec in getattr(event, "records", None) or []:
            text = rec.tags.get("Date")
            if text:
                break
    if not text:
        return None
    text = str(text).strip()
    for fmt in ("%d/%m/%Y", "%Y.%m.%d", "%Y-%m-%d", "%d.%m.%Y"):
        try:
            return _dt.datetime.strptime(text, fmt).date().isoformat()
        except ValueError:
            continue
    return None if "?" in text else text


def event_deals(event) -> dict[int, tuple[str, str | None, str | None]]:
    """board -> (deal, dealer, vulnerability) of the boards whose deal a file gives."""
    out = {}
    for rec in getattr(event, "records", None) or []:
        if rec.board is not None and rec.deal and rec.board not in out:
            try:
                Deal.from_pbn(rec.deal)
            except BridgeError:
                continue
            out[rec.board] = (rec.deal, rec.dealer, rec.vulnerable)
    return out


def _analysis_keys(deals) -> list[tuple[str, str, str]]:
    keys = []
    for b, (deal, dealer, vul) in deals.items():
        keys.append((deal, SEAT_NAMES[parse_seat(dealer) if dealer else dealer_of(b)],
                     parse_vulnerability(vul) if vul else vulnerability_of(b)))
    return keys


def event_report(result, *, title: str | None = None, analysis: bool = False,
                 threads: int = 0, progress=None) -> Report:
    """The report of a pairs or individual event scored by :func:`score_event` (one
    section), with the hand diagrams of the boards whose deals its file gives, and
    their double-dummy tables and par when ``analysis`` (solved here, at once)."""
    ev = result.event
    deals = event_deals(ev)
    if analysis and deals:
        analyse(_analysis_keys(deals), threads, progress)
    section = section_report(result, deals=deals)
    return Report(title or ev.name or ev.source, event_date(ev), [section])


def teams_report(result, *, title: str | None = None) -> Report:
    """The report of a teams event scored by :func:`~bridgelaws.tournament.teams.score_teams`:
    the teams ranked on their victory points, and the matches with their IMPs and VPs."""
    ev = result.event
    names = {t: (tm.name or t) for t, tm in ev.teams.items()}
    rows = [RankRow(s.rank, 0, s.team, s.name, s.vp, None, s.matches, None,
                    s.imps_for - s.imps_against) for s in result.standings]
    matches = [MatchRow(ms.match.round, ms.match.table, ms.match.home,
                        names.get(ms.match.home, ""), ms.match.away,
                        names.get(ms.match.away, ""), ms.imps_home, ms.imps_away, ms.vp_home,
                        ms.vp_away) for ms in result.matches]
    matches += [MatchRow(m.round, m.table, m.home, names.get(m.home, ""), m.away,
                         names.get(m.away, "")) for m in result.unplayed]
    section = SectionReport(None, "teams", [RankField(None, rows)] if rows else [], [], {},
                            None, result.boards or 0, list(result.laws), "", matches)
    return Report(title or ev.name or ev.source, event_date(ev), [section])
