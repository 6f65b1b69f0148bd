"""Paper for the club: hand records, results, score cards and table cards as PDF.

Each kind of paper is made in two steps: a function gathers what is printed into
small dataclasses (:func:`hand_boards`, :func:`results_sheet`, :func:`score_cards`,
:func:`table_cards`), and another draws them on A4 pages (:func:`handrecord_pdf`,
:func:`results_pdf`, :func:`scorecards_pdf`, :func:`tablecards_pdf`), returning the
PDF's bytes.  The command line and the web service share both steps.

* **Hand records**: two or four boards a page, each with the board number, the
  dealer and the vulnerability (Law 2), the four hands with their suit symbols
  (hearts and diamonds in red), each hand's high-card points, the double-dummy
  table (tricks for each declarer in each strain) and the par, both computed by
  DDS through :mod:`bridgelaws.analysis` (advice, never a ruling: Laws 12C, 70).
* **Results**: the ranking of each section (each direction of a Mitchell).
* **Score cards**: for each pair, its boards: round, opponents, contract (with its
  suit symbol), declarer, result, score, points and percentage.
* **Table cards**: one card per table: in each round, the North-South and
  East-West pairs that sit there and the boards they play (Laws 3-8).

Headings are in the reader's language (English, Hebrew, Polish, Russian or
Norwegian, from the message catalogues); a Hebrew page is laid out right to left.

The PDF library is **fpdf2** (``fpdf``), a well-kept pure-Python PDF writer that
embeds TrueType fonts (subset to the glyphs used).  Right-to-left text is put in
order by fpdf2's own implementation of the Unicode bidirectional algorithm, which
runs inside its text shaping (``set_text_shaping``, through HarfBuzz's Python
binding ``uharfbuzz``): it is switched on for each piece of text with Hebrew
letters, on a page in any language (shaping every cell would make a page of score
cards several times slower); a Hebrew page also has its tables' columns mirrored.

The font is **DejaVu Sans** (regular and bold), which has the suit symbols
♠♥♦♣, Hebrew, Cyrillic and every Latin letter the five languages need.  It is
taken from **matplotlib**, which ships DejaVu Sans with its licence
(``mpl-data/fonts/ttf``, ``LICENSE_DEJAVU``: the Bitstream Vera licence, DejaVu
changes in the public domain).  matplotlib is already installed with the
project (``endplay`` requires it), so ``pip install .`` brings the font on any
machine, with no Debian font package and no font file copied into this project;
no PyPI package that ships only DejaVu or a Noto font with both the suit symbols and
Hebrew is as well kept.  The files are found through the package's location,
without importing matplotlib.

>>> from bridgelaws.tournament.movements import mitchell
>>> cards = table_cards(mitchell(3).sittings)
>>> [(line.round, line.ns, line.ew, line.boards) for line in cards[0].lines]
[(1, '1', '4', '1-2'), (2, '1', '6', '3-4'), (3, '1', '5', '5-6')]
>>> tablecards_pdf(cards, "Club night")[:5]
b'%PDF-'
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..cards import BridgeError, RANK_LETTERS, SEAT_NAMES
from ..i18n import RTL_LANGUAGES, message
from .movements import format_boards

__all__ = ["HandBoard", "hand_boards", "ResultLine", "ResultGroup", "ResultsSheet",
           "results_sheet", "CardLine", "ScoreCard", "score_cards", "TableLine", "TableCard",
           "table_cards", "handrecord_pdf", "results_pdf", "scorecards_pdf", "tablecards_pdf",
           "font_files", "contract_runs", "hcp", "PER_PAGE"]

#: boards a hand-record page may hold
PER_PAGE = (2, 4)

_SUITS = "SHDC"                         # spades first, as hands are written
_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "N": "NT"}
_RED = (200, 0, 0)
_BLACK = (0, 0, 0)
_GREY = (90, 90, 90)
_HEBREW = re.compile("[\u0590-\u05ff\ufb1d-\ufb4f]")


def font_files() -> dict[str, Path]:
    """DejaVu Sans, regular ("") and bold ("B"), from matplotlib's bundled fonts."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise BridgeError("the PDF font (DejaVu Sans) comes with matplotlib, which is not "
                          "installed: pip install matplotlib", "paper")
    base = Path(list(spec.submodule_search_locations)[0]) / "mpl-data" / "fonts" / "ttf"
    files = {"": base / "DejaVuSans.ttf", "B": base / "DejaVuSans-Bold.ttf"}
    for path in files.values():
        if not path.is_file():
            raise BridgeError("the PDF font is missing from matplotlib's fonts", str(path))
    return files


# ---------------------------------------------------------------- hand records: data

def hcp(hand: int) -> int:
    """High-card points of a hand (a bitmask of 52 cards): A 4, K 3, Q 2, J 1.

    >>> from bridgelaws.cards import Deal
    >>> [hcp(h) for h in Deal.from_pbn(
    ...     "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765").hands]
    [21, 10, 9, 0]
    """
    points = 0
    for suit in range(4):
        for rank, value in ((12, 4), (11, 3), (10, 2), (9, 1)):
            if hand >> (suit * 13 + rank) & 1:
                points += value
    return points


def _holding(hand: int, suit: int) -> str:
    ranks = [RANK_LETTERS[r] for r in range(12, -1, -1) if hand >> (suit * 13 + r) & 1]
    return " ".join("10" if r == "T" else r for r in ranks) or "—"


@dataclass(frozen=True)
class HandBoard:
    """One board of a hand record: ``hands[seat]`` are the holdings in spades, hearts,
    diamonds, clubs (seats N E S W); ``tricks[seat][strain]`` the double-dummy tricks
    (strains C D H S N); the par score is North-South's."""
    board: int | None
    dealer: int
    vulnerable: str
    hands: tuple[tuple[str, str, str, str], ...]
    hcp: tuple[int, int, int, int]
    tricks: tuple[tuple[int, ...], ...]
    par_score: int
    par_contracts: tuple[str, ...]


def hand_boards(analyses) -> list[HandBoard]:
    """The boards of a hand record from analysed boards
    (:class:`~bridgelaws.analysis.Analysis`)."""
    out = []
    for a in analyses:
        hands = a.deal.hands
        out.append(HandBoard(
            board=a.board, dealer=a.dealer, vulnerable=a.vulnerable,
            hands=tuple(tuple(_holding(h, suit) for suit in (3, 2, 1, 0)) for h in hands),
            hcp=tuple(hcp(h) for h in hands), tricks=a.table.tricks,
            par_score=a.par.score_ns,
            par_contracts=tuple(_par_text(c) for c in a.par.contracts)))
    return out


def _par_text(c) -> str:
    """A par contract as printed: ``4♥ NS =``, ``5♦X EW −1``."""
    res = "=" if c.result == 0 else f"{c.result:+d}".replace("-", "−")
    return f"{c.level}{_SYMBOL[c.strain]}{'X' if c.doubled else ''} {c.declarer} {res}"


# ---------------------------------------------------------------- results: data

@dataclass(frozen=True)
class ResultLine:
    rank: str
    pair: str
    names: str
    score: float
    percent: float | None


@dataclass
class ResultGroup:
    """The ranking of one section, or of one direction of a section."""
    section: str
    direction: str | None
    lines: list[ResultLine]


@dataclass
class ResultsSheet:
    title: str
    method: str
    groups: list[ResultGroup]
    date: str = ""


def results_sheet(title: str, sections: dict[str, list[dict]], method: str,
                  date: str = "") -> ResultsSheet:
    """The results of an event from each section's standings (the dicts of
    :meth:`~bridgelaws.tournament.results.Standing.as_dict`: rank, pair, names, score,
    percent, direction), a group for each section and direction."""
    groups = []
    for section, rows in sections.items():
        by_direction: dict[str | None, list[ResultLine]] = {}
        for row in rows:
            by_direction.setdefault(row.get("direction"), []).append(ResultLine(
                str(row["rank"]), str(row["pair"]), str(row.get("names") or ""),
                float(row["score"]), row.get("percent")))
        order = {None: 0, "NS": 1, "EW": 2}             # North-South before East-West
        for direction in sorted(by_direction, key=lambda d: order.get(d, 3)):
            groups.append(ResultGroup(section, direction, by_direction[direction]))
    return ResultsSheet(title, method, groups, date)


# ---------------------------------------------------------------- score cards: data

@dataclass(frozen=True)
class CardLine:
    """One board on a pair's score card, from the pair's side: its score (+ for the
    pair), its points and percentage; ``adjusted`` is the adjusted score's text."""
    round: int | None
    board: int
    direction: str
    opponents: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    score: int | None
    points: float | None
    percent: float | None
    adjusted: str = ""


@dataclass
class ScoreCard:
    section: str
    pair: str
    names: str
    lines: list[CardLine]
    rank: str = ""
    total: float | None = None
    percent: float | None = None


def score_cards(result, section: str = "", standings: Sequence[dict] | None = None,
                line_of: Callable | None = None,
                pairs: Iterable[str] | None = None) -> list[ScoreCard]:
    """Every pair's score card from a scored event
    (:class:`~bridgelaws.tournament.results.EventResult`), in the pairs' order.

    ``standings`` (the dicts of the ranking; by default the result's own) give each
    card its rank, total and percentage and the pairs printed (a phantom left out of
    them gets no card); ``line_of(scored_result)`` may give the
    ``(contract, declarer, tricks)`` of a row when the event scored only the table
    scores (the web service's results)."""
    rows = list(standings) if standings is not None else \
        [s.as_dict() for s in result.standings]
    ranked = {str(r["pair"]): r for r in rows}
    wanted = list(pairs) if pairs is not None else sorted(ranked, key=_pair_key)
    lines: dict[str, list[CardLine]] = {p: [] for p in wanted}
    for board, srs in sorted(result.boards.items()):
        for sr in srs:
            r = sr.result
            contract, declarer, tricks = (line_of(sr) if line_of is not None
                                          else (r.contract, r.declarer, r.tricks))
            adjusted = "" if r.adjusted is None else _adjusted_text(r.adjusted)
            for side, mine, theirs in (("NS", r.ns, r.ew), ("EW", r.ew, r.ns)):
                for p in mine:
                    if p not in lines:
                        continue
                    ns = side == "NS"
                    score = None if sr.ns_score is None else (sr.ns_score if ns else -sr.ns_score)
                    lines[p].append(CardLine(
                        r.round, board, side, ", ".join(theirs), contract, declarer, tricks,
                        score, sr.ns_points if ns else sr.ew_points,
                        sr.ns_percent if ns else sr.ew_percent, adjusted))
    cards = []
    for p in wanted:
        row = ranked.get(p, {})
        cards.append(ScoreCard(section, p, str(row.get("names") or ""),
                               sorted(lines[p], key=lambda c: (c.round or 0, c.board)),
                               str(row.get("rank", "")), row.get("score"), row.get("percent")))
    return cards


def _adjusted_text(adjusted) -> str:
    """An artificial adjusted score's percentages (``60/40``), else empty: the card says
    "adjusted" in its language."""
    from ..scoring.adjusted import ArtificialScore
    if isinstance(adjusted, ArtificialScore):
        return f"{adjusted.ns:g}%/{adjusted.ew:g}%"
    return "·"


def _pair_key(p: str):
    """Pairs in natural order: 2 before 10, 1NS before 1EW's neighbour 2NS."""
    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.findall(r"\d+|\D+", p)]


# ---------------------------------------------------------------- table cards: data

@dataclass(frozen=True)
class TableLine:
    round: int
    ns: str | None
    ew: str | None
    boards: str


@dataclass
class TableCard:
    section: str
    table: int
    lines: list[TableLine] = field(default_factory=list)


def table_cards(sittings: Iterable, section: str = "") -> list[TableCard]:
    """One card per table (per section) from a movement's sittings (anything with
    ``round``, ``table`` or ``table_no``, ``ns``, ``ew``, ``boards`` and, in the web
    service, ``section``)."""
    cards: dict[tuple[str, int], TableCard] = {}
    for st in sittings:
        table = getattr(st, "table", None)
        if table is None:
            table = st.table_no
        sec = getattr(st, "section", section) or section
        card = cards.setdefault((sec, int(table)), TableCard(sec, int(table)))
        card.lines.append(TableLine(int(st.round), None if st.ns is None else str(st.ns),
                                    None if st.ew is None else str(st.ew),
                                    format_boards(sorted(st.boards))))
    for card in cards.values():
        card.lines.sort(key=lambda line: line.round)
    return [cards[k] for k in sorted(cards)]


# ---------------------------------------------------------------- drawing

class _Page:
    """An A4 document in one language, with DejaVu Sans and bidirectional text."""

    def __init__(self, lang: str, title: str):
        from fpdf import FPDF
        self.lang = lang
        self.rtl = lang in RTL_LANGUAGES
        pdf = self.pdf = FPDF(format="A4", unit="mm")
        pdf.set_margins(12, 12, 12)
        pdf.set_auto_page_break(False)
        for style, path in font_files().items():
            pdf.add_font("DejaVu", style, str(path))
        pdf.set_font("DejaVu", "", 10)
        pdf.set_title(title)
        pdf.set_creator("bridgelaws")
        pdf.set_lang(lang)
        self._shaping = False

    def t(self, key: str, **values) -> str:
        return message(f"ui.paper.{key}" if not key.startswith("ui.") else key, self.lang,
                       **values)

    def shape(self, on: bool) -> None:
        """Text shaping (and so the bidirectional algorithm) on or off for what follows."""
        if on != self._shaping:
            self.pdf.set_text_shaping(on)
            self._shaping = on

    def font(self, size: float, bold: bool = False, color=_BLACK) -> None:
        self.pdf.set_font("DejaVu", "B" if bold else "", size)
        self.pdf.set_text_color(*color)

    def text(self, x: float, y: float, w: float, h: float, text: str, align: str = "L",
             border=0, fill: bool = False) -> None:
        """A cell; Hebrew in it is put right to left (text shaping for that cell)."""
        needs = bool(_HEBREW.search(text))
        self.shape(needs)
        self.pdf.set_xy(x, y)
        self.pdf.cell(w, h, text, border=border, align=align, fill=fill)

    def fit(self, x: float, y: float, w: float, h: float, text: str, size: float,
            bold: bool = False, align: str = "L", color=_BLACK) -> None:
        """A cell whose font shrinks (to 5 points at least) until ``text`` fits in ``w``."""
        self.font(size, bold, color)
        while size > 5 and self.width(text) > w - 1:
            size -= 0.5
            self.font(size, bold, color)
        self.text(x, y, w, h, text, align=align)

    def width(self, text: str) -> float:
        return self.pdf.get_string_width(text)

    def runs(self, x: float, y: float, w: float, h: float, runs: Sequence[tuple[str, tuple]],
             align: str = "L") -> None:
        """Coloured pieces of left-to-right text (a contract: ``4``, red ``♥``, ``X``)."""
        total = sum(self.width(t) for t, _ in runs)
        if align == "R":
            x = x + w - total - 1
        elif align == "C":
            x = x + (w - total) / 2
        else:
            x += 1
        for t, color in runs:
            self.shape(bool(_HEBREW.search(t)))
            self.pdf.set_text_color(*color)
            tw = self.width(t)
            self.pdf.set_xy(x, y)
            self.pdf.cell(tw, h, t)
            x += tw
        self.pdf.set_text_color(*_BLACK)

    def title(self, text: str, sub: str = "") -> float:
        """The page's title (and a line under it); returns the y below them."""
        pdf = self.pdf
        self.fit(pdf.l_margin, 10, pdf.epw, 8, text, 15, bold=True,
                 align="R" if self.rtl else "L")
        y = 18.5
        if sub:
            self.font(9, color=_GREY)
            self.text(pdf.l_margin, y, pdf.epw, 5, sub, align="R" if self.rtl else "L")
            y += 5.5
        pdf.set_draw_color(150, 150, 150)
        pdf.line(pdf.l_margin, y, pdf.l_margin + pdf.epw, y)
        self.font(10)
        return y + 3

    def table(self, x: float, y: float, widths: Sequence[float], row: Sequence,
              aligns: Sequence[str], h: float, bold: bool = False, fill: bool = False) -> None:
        """One row of a table, its columns mirrored on a right-to-left page; a cell is
        text or a list of coloured runs."""
        cells = list(zip(widths, row, aligns))
        if self.rtl:
            cells.reverse()
        if fill:
            self.pdf.set_fill_color(232, 232, 232)
            self.pdf.rect(x, y, sum(widths), h, style="F")
        self.font(self.pdf.font_size_pt, bold=bold)
        size = self.pdf.font_size_pt
        for w, value, align in cells:
            if self.rtl and align == "L":
                align = "R"
            if isinstance(value, list):
                self.runs(x, y, w, h, value, align)
            else:
                self.fit(x, y, w, h, str(value), size, bold=bold, align=align)
            x += w
        self.font(size, bold=bold)
        self.pdf.set_draw_color(200, 200, 200)
        self.pdf.line(self.pdf.l_margin, y + h, self.pdf.l_margin + sum(widths), y + h)

    def output(self) -> bytes:
        return bytes(self.pdf.output())


def _symbol_runs(text: str, color=_BLACK) -> list[tuple[str, tuple]]:
    """Text with its suit symbols in their colours (hearts and diamonds red)."""
    out: list[tuple[str, tuple]] = []
    for piece in re.split("([♠♥♦♣])", text):
        if piece:
            out.append((piece, _RED if piece in "♥♦" else color))
    return out


def contract_runs(contract: str | None, declarer: str | None = None,
                  tricks: int | None = None) -> list[tuple[str, tuple]]:
    """A contract as coloured runs: ``4`` ``♥`` ``X`` (red heart), ``3NT``, ``Pass``;
    with the declarer and the result (``=``, ``+1``, ``−2``) after it.

    >>> [t for t, _ in contract_runs("4HX", "N", 9)]
    ['4', '♥', 'X N −1']
    >>> "".join(t for t, _ in contract_runs("3N", "S", 10)), contract_runs("PASS")[0][0]
    ('3NT S +1', 'Pass')
    """
    if not contract:
        return []
    c = contract.strip().upper().replace("NT", "N")
    if c in ("PASS", "P", "AP", "PASSED", "ALL PASS", "0"):
        return [("Pass", _BLACK)]
    m = re.match(r"^([1-7])([CDHSN])(X{0,2}|\*{0,2})$", c.replace("XX", "XX"))
    if not m:
        return [(contract, _BLACK)]
    level, strain, doubled = m.groups()
    doubled = doubled.replace("*", "X")
    text = f"{level}{_SYMBOL[strain]}{doubled}"
    if declarer:
        text += f" {declarer}"
        if tricks is not None:
            over = tricks - 6 - int(level)
            text += " =" if over == 0 else " " + f"{over:+d}".replace("-", "−")
    return _symbol_runs(text)


def _num(x: float | None, places: int = 2) -> str:
    if x is None:
        return ""
    return f"{x:.{places}f}".rstrip("0").rstrip(".") if places else f"{x:.0f}"


def _pct(x: float | None) -> str:
    return "" if x is None else f"{x:.2f}%"


def _signed(x: int | None) -> str:
    return "" if x is None else ("+" if x > 0 else "−" if x < 0 else "") + str(abs(x))


# ---------------------------------------------------------------- hand records: drawing

def _seat_letters(page: _Page) -> list[str]:
    return page.t("compass").split(",")


def _vul_text(page: _Page, vul: str) -> str:
    return page.t(f"vul_{vul}")


def _draw_board(page: _Page, b: HandBoard, x: float, y: float, w: float, h: float,
                size: float) -> None:
    pdf = page.pdf
    lh = size * 0.48                     # line height, mm, for a font of ``size`` points
    cw = w / 3
    letters = _seat_letters(page)
    pdf.set_draw_color(160, 160, 160)
    pdf.rect(x, y, w, h)
    pad = 2.5

    def hand(seat: int, hx: float, hy: float, width: float) -> None:
        for i, suit in enumerate(_SUITS):
            holding = b.hands[seat][i]
            page.font(size)
            symbol_w = page.width("♠ ")
            fit = size
            while fit > 5 and page.width(holding) + symbol_w > width - 1:
                fit -= 0.5
                page.font(fit)
            page.font(fit, color=_RED if suit in "HD" else _BLACK)
            pdf.set_xy(hx, hy + i * lh)
            pdf.cell(symbol_w, lh, _SYMBOL[suit])
            page.font(fit)
            pdf.set_xy(hx + symbol_w, hy + i * lh)
            pdf.cell(width - symbol_w, lh, holding)

    top = y + pad
    # the board's facts in the top-left corner (top-right on a right-to-left page)
    info_x = x + 2 * cw if page.rtl else x + pad
    align = "R" if page.rtl else "L"
    info_w = cw - pad - 1
    page.fit(info_x, top, info_w, lh * 1.2,
             page.t("board", n=b.board if b.board is not None else "?"), size + 2, bold=True,
             align=align)
    page.fit(info_x, top + lh * 1.3, info_w, lh, page.t(
        "dealer", seat=message(f"ui.seat.{SEAT_NAMES[b.dealer]}", page.lang)), size - 2,
        align=align)
    page.fit(info_x, top + lh * 2.3, info_w, lh,
             page.t("vul", vul=_vul_text(page, b.vulnerable)), size - 2, align=align)

    hand(0, x + cw, top, cw + cw / 2)                           # North
    mid = top + 4 * lh + 2
    hand(3, x + pad, mid, cw)                                   # West
    hand(1, x + 2 * cw + pad, mid, cw - pad)                    # East
    # the compass with each hand's high-card points
    bw_, bh_ = min(cw * 0.9, 36), 4 * lh
    bx, by = x + cw + (cw - bw_) / 2, mid
    pdf.set_draw_color(120, 120, 120)
    pdf.rect(bx, by, bw_, bh_)
    third_w, third_h = bw_ / 3, bh_ / 3
    page.font(size - 1, bold=True)
    for seat, (sx, sy, width, al) in enumerate((
            (bx, by, bw_, "C"), (bx + 2 * third_w, by + third_h, third_w, "C"),
            (bx, by + 2 * third_h, bw_, "C"), (bx, by + third_h, third_w, "C"))):
        page.text(sx, sy, width, third_h, f"{letters[seat]} {b.hcp[seat]}", align=al)
    page.font(size - 3.5, color=_GREY)
    page.text(bx + third_w, by + third_h, third_w, third_h, page.t("hcp"), align="C")
    south = mid + 4 * lh + 2
    hand(2, x + cw, south, cw + cw / 2)                         # South

    # the double-dummy table under the diagram (beside South on a wide board)
    wide = w > 150
    if wide:
        dd_y, left, dd_w = south + 1, x + 2 * cw + pad, cw - 2 * pad
        col = min(dd_w / 6, size * 1.3)
    else:
        dd_y, left, dd_w = south + 4 * lh + 3, x + pad, w - 2 * pad
        col = min(dd_w / 7, size * 1.3)
    page.font(size - 2, color=_GREY)
    page.text(left, dd_y, dd_w, lh, page.t("dd"), align="R" if page.rtl and not wide else "L")
    dd_y += lh
    strains = ("N", "S", "H", "D", "C")
    page.font(size - 1, bold=True)
    for i, s in enumerate(strains):
        page.font(size - 1, bold=True, color=_RED if s in "HD" else _BLACK)
        page.text(left + (i + 1) * col, dd_y, col, lh, _SYMBOL[s], align="C")
    page.font(size - 1)
    for r, seat in enumerate((0, 2, 1, 3)):
        ry = dd_y + (r + 1) * lh
        page.font(size - 1, bold=True)
        page.text(left, ry, col, lh, letters[seat], align="C")
        page.font(size - 1)
        for i, s in enumerate(strains):
            page.text(left + (i + 1) * col, ry, col, lh,
                      str(b.tricks[seat]["CDHSN".index(s)]), align="C")
    pdf.set_draw_color(190, 190, 190)
    pdf.rect(left, dd_y, 6 * col, 5 * lh)
    # the par
    py = dd_y + 5 * lh + 1.5
    page.font(size - 1)
    label = page.t("par", score=_signed(b.par_score))
    par_w = dd_w if wide else w - 2 * pad
    if page.rtl:
        page.text(left, py, par_w, lh, label, align="R")
        py += lh
    else:
        page.text(left, py, page.width(label) + 2, lh, label)
    contracts = b.par_contracts or (page.t("passed_out"),)
    runs: list[tuple[str, tuple]] = []
    for i, c in enumerate(contracts):
        if i:
            runs.append(("; ", _BLACK))
        runs += _symbol_runs(c)
    rx = left if page.rtl else left + page.width(label) + 1
    page.runs(rx, py, left + par_w - rx, lh, runs, align="R" if page.rtl else "L")


def handrecord_pdf(boards: Sequence[HandBoard], title: str, per_page: int = 4,
                   lang: str = "en", progress: Callable[[int, int], None] | None = None) -> bytes:
    """Hand records, ``per_page`` (2 or 4) boards a page, with a title on each page."""
    if per_page not in PER_PAGE:
        raise BridgeError(f"a hand-record page holds 2 or 4 boards, not {per_page}", "per page")
    if not boards:
        raise BridgeError("no boards to print", title)
    page = _Page(lang, title)
    pdf = page.pdf
    size = 12.5 if per_page == 2 else 11.5
    for i, b in enumerate(boards):
        slot = i % per_page
        if slot == 0:
            pdf.add_page()
            top = page.title(title, page.t("hand_records"))
            page.font(7.5, color=_GREY)
            page.text(pdf.l_margin, 289, pdf.epw, 4, page.t("advice"), align="C")
        area_h = 285 - top
        if per_page == 2:
            bx, by, bw, bh = pdf.l_margin, top + slot * area_h / 2, pdf.epw, area_h / 2 - 3
        else:
            bx = pdf.l_margin + (slot % 2) * (pdf.epw / 2 + 1.5)
            by = top + (slot // 2) * area_h / 2
            bw, bh = pdf.epw / 2 - 1.5, area_h / 2 - 3
        if page.rtl and per_page == 4:       # boards read right to left on a Hebrew page
            bx = pdf.l_margin + (1 - slot % 2) * (pdf.epw / 2 + 1.5)
        _draw_board(page, b, bx, by, bw, bh, size)
        if progress is not None:
            progress(i + 1, len(boards))
    return page.output()


# ---------------------------------------------------------------- results: drawing

def _group_heading(page: _Page, section: str, direction: str | None) -> str:
    parts = []
    if section:
        parts.append(page.t("section", section=section))
    if direction in ("NS", "EW"):
        parts.append(message(f"ui.event.{direction.lower()}", page.lang))
    return " · ".join(parts)


def results_pdf(sheet: ResultsSheet, lang: str = "en") -> bytes:
    """The ranking of every section (and direction), one table each."""
    page = _Page(lang, sheet.title)
    pdf = page.pdf
    sub = " · ".join(filter(None, [page.t("results"),
                                   message(f"ui.scoring.{sheet.method}", lang)
                                   if sheet.method else "", sheet.date]))
    widths = (18, 16, 102, 25, 25)
    aligns = ("L", "C", "L", "R", "R")
    head = [message("ui.standings.rank", lang), message("ui.standings.pair", lang),
            message("ui.standings.names", lang), message("ui.standings.score", lang), "%"]
    h = 6.2
    pdf.add_page()
    y = page.title(sheet.title, sub)
    if not sheet.groups:
        page.font(11)
        page.text(pdf.l_margin, y + 4, pdf.epw, 8, message("ui.standings.none", lang),
                  align="R" if page.rtl else "L")
    for g in sheet.groups:
        heading = _group_heading(page, g.section, g.direction)
        if y + 2 * h + 10 > 285:
            pdf.add_page()
            y = page.title(sheet.title, sub)
        if heading:
            page.font(12, bold=True)
            page.text(pdf.l_margin, y + 2, pdf.epw, 7, heading, align="R" if page.rtl else "L")
            y += 10
        page.font(9.5)
        page.table(pdf.l_margin, y, widths, head, aligns, h, bold=True, fill=True)
        y += h
        for line in g.lines:
            if y + h > 285:
                pdf.add_page()
                y = page.title(sheet.title, sub)
                page.font(9.5)
                page.table(pdf.l_margin, y, widths, head, aligns, h, bold=True, fill=True)
                y += h
            page.font(9.5)
            page.table(pdf.l_margin, y, widths,
                       [line.rank, line.pair, line.names, _num(line.score),
                        _pct(line.percent)], aligns, h)
            y += h
        y += 4
    return page.output()


# ---------------------------------------------------------------- score cards: drawing

def scorecards_pdf(cards: Sequence[ScoreCard], title: str, lang: str = "en",
                   progress: Callable[[int, int], None] | None = None) -> bytes:
    """Each pair's score card, as many to a page as fit (a card is never split);
    ``progress(done, total)`` after each card."""
    page = _Page(lang, title)
    pdf = page.pdf
    t = lambda key: message(key, lang)                         # noqa: E731
    head = [t("ui.event.round"), t("ui.table.board"), page.t("direction"),
            page.t("opponents"), t("ui.table.contract"), t("ui.standings.score"),
            page.t("points"), "%"]
    widths = (16, 20, 14, 26, 38, 24, 26, 22)
    aligns = ("C", "C", "C", "C", "L", "R", "R", "R")
    h = 5.6
    sub = page.t("score_cards")
    if not cards:
        pdf.add_page()
        y = page.title(title, sub)
        page.font(11)
        page.text(pdf.l_margin, y + 4, pdf.epw, 8, message("ui.standings.none", lang),
                  align="R" if page.rtl else "L")
        return page.output()
    y = 999.0
    for card in cards:
        need = 9 + h * (len(card.lines) + 1) + 9
        if y + min(need, 60) > 285:
            pdf.add_page()
            y = page.title(title, sub)
        heading = page.t("score_card", pair=card.pair)
        if card.section:
            heading = page.t("section", section=card.section) + " · " + heading
        if card.names:
            heading += " — " + card.names
        page.font(11.5, bold=True)
        page.text(pdf.l_margin, y + 1, pdf.epw, 7, heading, align="R" if page.rtl else "L")
        y += 8
        page.font(9)
        page.table(pdf.l_margin, y, widths, head, aligns, h, bold=True, fill=True)
        y += h
        for line in card.lines:
            if y + h > 282:
                pdf.add_page()
                y = page.title(title, sub)
                page.font(9)
                page.table(pdf.l_margin, y, widths, head, aligns, h, bold=True, fill=True)
                y += h
            contract = contract_runs(line.contract, line.declarer, line.tricks)
            if line.adjusted:
                adj = message("ui.adjust.short", lang)
                contract = (contract + [(f" ({adj})", _GREY)] if contract else
                            [(adj + ("" if line.adjusted == "·" else f" {line.adjusted}"),
                              _GREY)])
            page.font(9)
            page.table(pdf.l_margin, y, widths,
                       ["" if line.round is None else line.round, line.board,
                        message(f"ui.paper.side_{line.direction}", lang), line.opponents,
                        contract, _signed(line.score), _num(line.points), _pct(line.percent)],
                       aligns, h)
            y += h
        total = page.t("total", score=_num(card.total) if card.total is not None else "",
                       percent=_pct(card.percent), rank=card.rank)
        page.font(9.5, bold=True)
        page.text(pdf.l_margin, y + 1, sum(widths), 6, total, align="L" if page.rtl else "R")
        y += 12
        if progress is not None:
            progress(cards.index(card) + 1, len(cards))
    return page.output()


# ---------------------------------------------------------------- table cards: drawing

def tablecards_pdf(cards: Sequence[TableCard], title: str, lang: str = "en") -> bytes:
    """One card per table, two to a page (a half page each, a dashed line to cut along)
    when they fit on half a page, else a page or more each."""
    page = _Page(lang, title)
    pdf = page.pdf
    t = lambda key: message(key, lang)                         # noqa: E731
    head = [t("ui.event.round"), t("ui.event.ns"), t("ui.event.ew"), t("ui.event.boards")]
    widths = (30, 50, 50, 56)
    aligns = ("C", "C", "C", "C")
    h = 8.5
    half = 148.5
    top_free = False                 # the top half of the page holds a card, the bottom not
    for card in cards:
        need = 17 + h * (len(card.lines) + 1)
        small = need <= half - 16    # fits on half a page: two cards a page, cut between
        if small and top_free:
            y = half + 4
            pdf.set_draw_color(170, 170, 170)
            pdf.dashed_line(pdf.l_margin, half, pdf.l_margin + pdf.epw, half, 2, 2)
            top_free = False
        else:
            pdf.add_page()
            y = 12.0
            top_free = small
        heading = page.t("table_card", table=card.table)
        if card.section:
            heading = page.t("section", section=card.section) + " · " + heading
        page.font(18, bold=True)
        page.text(pdf.l_margin, y, pdf.epw, 10, heading, align="C")
        page.font(9, color=_GREY)
        page.text(pdf.l_margin, y + 10, pdf.epw, 5, title, align="C")
        y += 17
        page.font(12)
        page.table(pdf.l_margin, y, widths, head, aligns, h, bold=True, fill=True)
        y += h
        for line in card.lines:
            if y + h > 287:              # a long movement's card goes on over the page
                pdf.add_page()
                y = 12.0
                page.font(12)
                page.table(pdf.l_margin, y, widths, head, aligns, h, bold=True, fill=True)
                y += h
            sit_out = (line.ns is None) != (line.ew is None)
            page.font(13)
            page.table(pdf.l_margin, y, widths,
                       [line.round, line.ns or "—", line.ew or "—",
                        t("ui.event.sit_out") if sit_out else line.boards], aligns, h)
            y += h
        y += 8
    if not cards:
        pdf.add_page()
    return page.output()
