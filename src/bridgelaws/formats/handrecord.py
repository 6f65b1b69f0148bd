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
_VUL_TEXT = {"none": "None", "NS": "N-S", "EW": "E-W", "all": "All"}

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
"""


def _holding(hand: int, suit: int) -> str:
    ranks = [RANK_LETTERS[r] for r in range(12, -1, -1) if hand >> (suit * 13 + r) & 1]
    return " ".join("10" if r == "T" else r for r in ranks) or "&mdash;"


def _hand(hand: int, seat: int) -> str:
    lines = "".join(f'<div><span class="{cls}">{symbol}</span> {_holding(hand, suit)}</div>'
                    for suit, symbol, cls in _SUITS)
    return f'<td class="hand" title="{"North East South West".split()[seat]}">{lines}</td>'


def _dd_table(a) -> str:
    head = "".join(f'<th class="{cls}">{symbol}</th>' for _, symbol, cls in _STRAIN_HEAD)
    rows = "".join(
        f"<tr><th>{SEAT_NAMES[seat]}</th>"
        + "".join(f"<td>{a.table.tricks[seat][strain]}</td>" for strain, _, _ in _STRAIN_HEAD)
        + "</tr>" for seat in (0, 2, 1, 3))
    return f'<table class="dd"><tr><th></th>{head}</tr>{rows}</table>'


def _board(a) -> str:
    hands = a.deal.hands
    board = a.board if a.board is not None else "?"
    info = (f'<div class="info"><b>Board {board}</b><br>Dealer {SEAT_NAMES[a.dealer]}<br>'
            f'Vul {_VUL_TEXT[a.vulnerable]}</div>')
    diagram = (
        '<table class="diagram">'
        f'<tr><td>{info}</td>{_hand(hands[0], 0)}<td></td></tr>'
        f'<tr>{_hand(hands[3], 3)}<td class="compass">N<br>W&nbsp;&nbsp;E<br>S</td>'
        f'{_hand(hands[1], 1)}</tr>'
        f'<tr><td></td>{_hand(hands[2], 2)}<td>{_dd_table(a)}</td></tr>'
        '</table>')
    contracts = html.escape(a.par.par_contract)
    return (f'<section class="board" id="board-{board}">{diagram}'
            f'<p class="par">Par: {html.escape(a.par.optimum_score)} &mdash; {contracts}</p>'
            f'<p class="number">Deal number {a.number}</p></section>')


def handrecord_html(results, title: str = "Hand records") -> str:
    """One HTML page with every analysed board of a set."""
    boards = "\n".join(_board(a) for a in results)
    title_html = html.escape(title)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<title>{title_html}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n'
            f'<h1>{title_html}</h1>\n<div class="set">\n{boards}\n</div>\n'
            f'<p class="advice">Double-dummy tricks and par computed by DDS (through endplay): '
            f'advice about the deals, not a ruling (Laws 12C, 70). Dealer and vulnerability by '
            f'Law 2; deal numbers in Richard Pavlicek\'s order.</p>\n</body>\n</html>\n')
