"""Hand records: the boards of a set with their double-dummy analysis.

:func:`handrecord_html` writes one page for a board set: each board with the four
hands in the usual diagram (North at the top, West on the left), the board
number, the dealer and the vulnerability (Law 2), the double-dummy table (tricks
for each declarer in each strain), the par score and contracts, and the deal
number (Pavlicek's).  :func:`records_with_analysis` puts the same analysis into
PBN: the ``OptimumResultTable``, ``OptimumScore`` and ``ParContract`` (the tag
BridgeComposer writes), and the deal number as the ``DealId``.
:func:`deal_records` turns a freshly dealt board set into PBN records.

Double-dummy figures are advice (Laws 12C, 70), labelled so on the page.

>>> from bridgelaws.deals.dealing import deal_boards
>>> records = deal_records(deal_boards([1, 2], seed=3), seeded=True)
>>> [(r.board, r.dealer, r.vulnerable) for r in records]
[(1, 'N', 'none'), (2, 'E', 'NS')]
>>> records[1].deal.startswith("E:")
True
"""

from __future__ import annotations

import dataclasses
import datetime
import html

from ..cards import SEAT_NAMES, RANK_LETTERS
from .record import BoardRecord, ScoreTable

__all__ = ["deal_records", "records_with_analysis", "optimum_result_table", "handrecord_html",
           "LAWS_HANDRECORD"]

#: Law 2 (dealer, vulnerability on each board), Law 6 (the deal), Laws 12C and 70
#: (double-dummy results as advice)
LAWS_HANDRECORD = ("2", "6", "12C", "70")

_VUL_PBN = {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}
_GENERATOR = "bridgelaws: computer dealing (Law 6E4)"


def deal_records(boards, seeded: bool = False, where: str | None = None,
                 event: str = "") -> list[BoardRecord]:
    """PBN records of dealt boards: Board, Dealer and Vulnerable (Law 2), the Deal from
    the dealer's seat, the deal number as DealId and a Generator tag saying how the
    deal was made (secure or from a seed; the constraint, if any)."""
    from ..deals.dealnumber import deal_number
    how = "from a seed, not for tournament play" if seeded else "secure random source"
    generator = f"{_GENERATOR}, {how}" + (f"; constraint: {where}" if where else "")
    today = datetime.date.today().strftime("%Y.%m.%d")
    records = []
    for b in boards:
        tags = {"Event": event, "Site": "", "Date": today, "Generator": generator,
                "DealId": str(deal_number(b.deal))}
        records.append(BoardRecord(board=b.number, dealer=SEAT_NAMES[b.dealer],
                                   vulnerable=b.vulnerable, deal=b.deal.to_pbn(b.dealer),
                                   tags=tags))
    return records


def optimum_result_table(table) -> ScoreTable:
    """The PBN OptimumResultTable of a :class:`~bridgelaws.analysis.DDTable`: rows for
    N, S, E, W, strains NT, S, H, D, C (the order BridgeComposer writes)."""
    rows = []
    for seat in (0, 2, 1, 3):
        for strain in (4, 3, 2, 1, 0):
            rows.append([SEAT_NAMES[seat], "NT" if strain == 4 else "CDHS"[strain],
                         str(table.tricks[seat][strain])])
    return ScoreTable(["Declarer", "Denomination\\2R", "Result\\2R"], rows)


def records_with_analysis(results) -> list[BoardRecord]:
    """The records of analysed boards with OptimumResultTable, OptimumScore, ParContract
    and (when the record has none) the deal number as DealId."""
    out = []
    for a in results:
        rec = a.record
        if rec is None:
            rec = BoardRecord(board=a.board, dealer=SEAT_NAMES[a.dealer], vulnerable=a.vulnerable,
                              deal=a.deal.to_pbn(a.dealer))
        tags = dict(rec.tags)
        tags["OptimumScore"] = a.par.optimum_score
        tags["ParContract"] = a.par.par_contract
        tags.setdefault("DealId", str(a.number))
        tables = dict(rec.tables)
        tables["OptimumResultTable"] = optimum_result_table(a.table)
        out.append(dataclasses.replace(rec, tags=tags, tables=tables))
    return out


# --- HTML ------------------------------------------------------------------------------

_SUITS = ((3, "&spades;", "s"), (2, "&hearts;", "h"), (1, "&diams;", "d"), (0, "&clubs;", "c"))
_STRAIN_HEAD = ((4, "NT", "n"), (3, "&spades;", "s"), (2, "&hearts;", "h"), (1, "&diams;", "d"),
                (0, "&clubs;", "c"))

_CSS = """
body { font-family: Georgia, "Times New Roman", serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.3em; }
.set { display: flex; flex-wrap: wrap; gap: 1.2em; }
.board { border: 1px solid #999; padding: 0.6em; width: 22em; page-break-inside: avoid; }
.diagram { border-collapse: collapse; }
.diagram td { vertical-align: top; padding: 0.15em 0.4em; white-space: nowrap; }
.hand div { line-height: 1.25; }
.s, .c { color: #111; } .h, .d { color: #c00; }
.info { font-size: 0.9em; }
.compass { text-align: center; font-weight: bold; border: 1px solid #bbb; width: 3em; }
.dd { border-collapse: collapse; font-size: 0.85em; }
.dd th, .dd td { border: 1px solid #ccc; padding: 0.05em 0.35em; text-align: center; }
.par, .number, .advice { font-size: 0.8em; margin: 0.3em 0 0 0; }
.number { font-family: monospace; }
.advice { color: #555; }
@media (max-width: 30em) { body { margin: 0.5em; } .board { width: auto; max-width: 100%; }
                           .diagram td { padding: 0.15em 0.2em; } }
"""


def _holding(hand: int, suit: int) -> str:
    ranks = [RANK_LETTERS[r] for r in range(12, -1, -1) if hand >> (suit * 13 + r) & 1]
    return " ".join("10" if r == "T" else r for r in ranks) or "&mdash;"


def _hand(hand: int, seat: int, lang: str) -> str:
    from ..i18n import message
    lines = "".join(f'<div><span class="{cls}">{symbol}</span> {_holding(hand, suit)}</div>'
                    for suit, symbol, cls in _SUITS)
    name = html.escape(message(f"seat.{SEAT_NAMES[seat]}", lang))
    return f'<td class="hand" title="{name}">{lines}</td>'


def _dd_table(a, compass: list[str]) -> str:
    head = "".join(f'<th class="{cls}">{symbol}</th>' for _, symbol, cls in _STRAIN_HEAD)
    rows = "".join(
        f"<tr><th>{compass[seat]}</th>"
        + "".join(f"<td>{a.table.tricks[seat][strain]}</td>" for strain, _, _ in _STRAIN_HEAD)
        + "</tr>" for seat in (0, 2, 1, 3))
    return f'<table class="dd"><tr><th></th>{head}</tr>{rows}</table>'


def _ltr_message(key: str, lang: str, **values) -> str:
    """The message ``key`` as HTML, each value kept left to right in a ``<bdi dir="ltr">``
    (a score, a list of laws: in the right order in a right-to-left page too)."""
    from ..i18n import message
    marks = {name: f"\x00{i}\x00" for i, name in enumerate(values)}
    text = html.escape(message(key, lang, **marks))
    for name, mark in marks.items():
        text = text.replace(mark, f'<bdi dir="ltr">{html.escape(str(values[name]))}</bdi>')
    return text


def _board(a, lang: str = "en") -> str:
    from ..analysis import par_text
    from ..i18n import RTL_LANGUAGES, message

    def t(key: str, **values) -> str:
        return html.escape(message(key, lang, **values))
    compass = [html.escape(c) for c in message("ui.paper.compass", lang).split(",")]
    hands = a.deal.hands
    board = a.board if a.board is not None else "?"
    direction = "rtl" if lang in RTL_LANGUAGES else "ltr"
    info = (f'<div class="info" dir="{direction}"><b>{t("ui.paper.board", n=board)}</b><br>'
            f'{t("cli.hand.dealer", seat=compass[a.dealer])}<br>'
            f'{t("cli.hand.vul", vul=message(f"ui.paper.vul_{a.vulnerable}", lang))}</div>')
    diagram = (
        '<table class="diagram" dir="ltr">'
        f'<tr><td>{info}</td>{_hand(hands[0], 0, lang)}<td></td></tr>'
        f'<tr>{_hand(hands[3], 3, lang)}<td class="compass">{compass[0]}<br>'
        f'{compass[3]}&nbsp;&nbsp;{compass[1]}<br>{compass[2]}</td>'
        f'{_hand(hands[1], 1, lang)}</tr>'
        f'<tr><td></td>{_hand(hands[2], 2, lang)}<td>{_dd_table(a, compass)}</td></tr>'
        '</table>')
    score, contracts = par_text(a.par, lang)
    return (f'<section class="board" id="board-{board}">{diagram}'
            f'<p class="par"><bdi>{_ltr_message("cli.hand.par", lang, score=score)}</bdi> &mdash; '
            f'<bdi dir="ltr">{html.escape(contracts)}</bdi></p>'
            f'<p class="number">{t("cli.hand.deal_number", n=a.number)}</p></section>')


def handrecord_html(results, title: str | None = None, lang: str = "en") -> str:
    """One HTML page with every analysed board of a set, its words in ``lang`` (right
    to left in Hebrew)."""
    from ..i18n import LANGUAGES, RTL_LANGUAGES, message
    lang = lang if lang in LANGUAGES else "en"
    boards = "\n".join(_board(a, lang) for a in results)
    title_html = html.escape(title if title is not None else message("ui.paper.hand_records", lang))
    direction = "rtl" if lang in RTL_LANGUAGES else "ltr"
    return (f'<!DOCTYPE html>\n<html lang="{lang}" dir="{direction}">\n<head>\n'
            f'<meta charset="utf-8">\n'
            f'<title>{title_html}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n'
            f'<h1>{title_html}</h1>\n<div class="set">\n{boards}\n</div>\n'
            f'<p class="advice">{_ltr_message("cli.hand.advice", lang, laws="12C, 70", law="2")}'
            '</p>\n'
            '</body>\n</html>\n')
