"""Paper as PDF (issue 17, point 11): hand records, results, score cards and table cards,
made from real events (../shared/realdata) and read back with pypdf: the boards, the
hands with their suit symbols, each hand's HCP, the double-dummy table (checked against
the one BridgeComposer wrote into the file), the ranking, each pair's boards, the
movement's pairs and boards round by round, and the headings in Hebrew.

Where Debian's ``pdftoppm`` is installed (poppler-utils, scripts/test.sh installs it)
a page of each is also rendered to PNG in test-output/paper/ for a person to look at;
the content checks never depend on it."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bridgelaws.analysis import analyse_records
from bridgelaws.boards import vulnerability_of
from bridgelaws.cards import Deal
from bridgelaws.cli import main
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.tournament import paper
from bridgelaws.tournament.movements import howell, mitchell
from bridgelaws.tournament.output import load_event
from bridgelaws.tournament.results import score_event

from tests.realdata.conftest import REALDATA

pypdf = pytest.importorskip("pypdf")

CLUB = REALDATA / "pbn" / "club_bridgemate_rickwilson"
HAND_RECORD = CLUB / "260119HandRecord.pbn"
SESSION = CLUB / "LBC-2026-01-26.bws"
ROOT = Path(__file__).resolve().parents[2]
needs_realdata = pytest.mark.skipif(not REALDATA.is_dir(), reason=f"no {REALDATA}")
RED = b"0.7843 0 0 rg"                  # hearts and diamonds: DeviceRGB (200, 0, 0)


def pages(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [p.extract_text() for p in reader.pages]


def content(data: bytes, page: int = 0) -> bytes:
    return pypdf.PdfReader(io.BytesIO(data)).pages[page].get_contents().get_data()


def render(data: bytes, name: str) -> Path | None:
    """The first page as PNG in test-output/paper/, where pdftoppm is installed."""
    if shutil.which("pdftoppm") is None:
        return None
    folder = ROOT / "test-output" / "paper"
    folder.mkdir(parents=True, exist_ok=True)
    pdf = folder / f"{name}.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile",
                    str(pdf), str(folder / name)], check=True, timeout=60)
    png = folder / f"{name}.png"
    assert png.stat().st_size > 10_000, f"{png} looks empty"
    return png


@pytest.fixture(scope="module")
def analysed():
    if not REALDATA.is_dir():
        pytest.skip(f"no {REALDATA}")
    records = read_pbn(HAND_RECORD)[:6]
    return records, analyse_records(records)


# ---------------------------------------------------------------- hand records

@needs_realdata
@pytest.mark.parametrize("per_page", [2, 4])
def test_hand_record_shows_hands_hcp_and_the_dd_table_of_the_file(analysed, per_page):
    records, results = analysed
    boards = paper.hand_boards(results)
    data = paper.handrecord_pdf(boards, "Monday 01/19/2026", per_page=per_page)
    text = pages(data)
    assert len(text) == -(-len(boards) // per_page)              # 6 boards: 3 or 2 pages
    for i, (rec, b) in enumerate(zip(records, boards)):
        page = text[i // per_page]
        assert f"Board {rec.board}" in page
        deal = Deal.from_pbn(rec.deal)
        # the four hands, spades first, with their suit symbols ("10" for the ten)
        for hand in deal.hands:
            for suit, symbol in zip((3, 2, 1, 0), "♠♥♦♣"):
                ranks = [("10" if r == 8 else "23456789TJQKA"[r]) for r in range(12, -1, -1)
                         if hand >> (suit * 13 + r) & 1]
                if ranks:
                    assert f"{symbol} {' '.join(ranks)}" in page, (rec.board, symbol, ranks)
        # HCP in the compass: A4 K3 Q2 J1, the four adding up to 40
        points = [paper.hcp(h) for h in deal.hands]
        assert sum(points) == 40 and tuple(points) == b.hcp
        for letter, p in zip("NESW", points):
            assert re.search(rf"(?m)^{letter} {p}\b", page), (rec.board, letter, p)
        # the double-dummy table agrees with BridgeComposer's DoubleDummyTricks tag
        # (20 hex digits: N, S, E, W; each NT, S, H, D, C)
        tag = rec.tags["DoubleDummyTricks"]
        for row, seat in enumerate((0, 2, 1, 3)):
            theirs = [int(c, 16) for c in tag[row * 5:row * 5 + 5]]
            ours = [b.tricks[seat][s] for s in (4, 3, 2, 1, 0)]
            assert ours == theirs, (rec.board, "NSEW"[row])
            assert f"{'NSEW'[row]} {' '.join(map(str, ours))}" in page
        assert f"Vulnerable: {dict(none='None', NS='N-S', EW='E-W', all='All')[b.vulnerable]}" \
            in page and b.vulnerable == vulnerability_of(rec.board)
        assert "Par " in page
    assert RED in content(data)                        # red hearts and diamonds
    render(data, f"hands-{per_page}")


@needs_realdata
def test_hand_record_in_hebrew(analysed):
    _, results = analysed
    data = paper.handrecord_pdf(paper.hand_boards(results), "ערב מועדון", lang="he")
    text = pages(data)[0]
    for word in ("לוח", "מחלק", "פגיעות", "דאמי", "מועדון"):
        assert word in text
    assert "♠" in text and "♥" in text
    render(data, "hands-4-he")


def test_hand_record_pages_hold_two_or_four_boards():
    with pytest.raises(paper.BridgeError, match="2 or 4"):
        paper.handrecord_pdf([], "x", per_page=3)


# ---------------------------------------------------------------- results, score cards

@pytest.fixture(scope="module")
def session():
    if not REALDATA.is_dir():
        pytest.skip(f"no {REALDATA}")
    ev = load_event(str(SESSION))
    return ev, score_event(ev, "mp", factor_totals=True)


@needs_realdata
def test_results_rank_each_direction(session):
    ev, result = session
    rows = [s.as_dict() for s in result.standings]
    data = paper.results_pdf(paper.results_sheet("LBC 2026-01-26", {"": rows}, "mp"))
    text = "\n".join(pages(data))
    assert "North-South" in text and "East-West" in text and "matchpoints" in text
    for s in result.standings:
        assert re.search(rf"(?m)^{re.escape(s.rank)} {re.escape(s.entry)} .*"
                         rf"{s.percent:.2f}%$", text), (s.rank, s.entry)
    render(data, "results")


@needs_realdata
def test_score_cards_list_each_pairs_boards(session):
    ev, result = session
    cards = paper.score_cards(result)
    assert len(cards) == len(ev.entries) == 20
    data = paper.scorecards_pdf(cards, "LBC 2026-01-26")
    text = "\n".join(pages(data))
    card = next(c for c in cards if c.pair == "1NS")
    rows = [r for r in result.scorecard("1NS")]
    assert len(card.lines) == len(rows) > 20
    by_board = {r["board"]: r for r in rows}
    for line in card.lines:
        r = by_board[line.board]
        assert (line.opponents, line.score) == (r["opponents"], r["score"])
        assert line.percent == pytest.approx(r["percent"])
    # one printed line: round, board, line, opponents, contract with its symbol, score
    first = card.lines[0]
    shown = "".join(t for t, _ in paper.contract_runs(first.contract, first.declarer,
                                                       first.tricks))
    assert re.search(r"[♠♥♦♣]|NT|Pass", shown)
    sign = "+" if first.score > 0 else "−" if first.score < 0 else ""
    assert (f"{first.round} {first.board} NS {first.opponents} {shown} "
            f"{sign}{abs(first.score)}") in text
    standing = next(s for s in result.standings if s.entry == "1NS")
    assert f"Pair 1NS — {standing.names}" in text
    assert f"{standing.percent:.2f}% · rank {standing.rank}" in text
    assert not re.search(r"\b[1-7][CDHS]\b|\b[1-7]N\b", text)    # no contract as a code
    render(data, "scorecards")


def test_contracts_are_written_with_symbols():
    assert [t for t, _ in paper.contract_runs("4HX", "N", 9)] == ["4", "♥", "X N −1"]
    assert [c for _, c in paper.contract_runs("4HX", "N", 9)][1] == (200, 0, 0)
    assert "".join(t for t, _ in paper.contract_runs("3NT", "S", 9)) == "3NT S ="
    assert "".join(t for t, _ in paper.contract_runs("7CXX", "E", 13)) == "7♣XX E ="
    assert paper.contract_runs("PASS")[0][0] == "Pass"


# ---------------------------------------------------------------- table cards

@pytest.mark.parametrize("movement", [mitchell(7, arrow_switch="last"), howell(4)],
                         ids=["mitchell-7", "howell-4"])
def test_table_cards_follow_the_movement(movement):
    cards = paper.table_cards(movement.sittings)
    assert [c.table for c in cards] == sorted({s.table for s in movement.sittings})
    data = paper.tablecards_pdf(cards, "Club night")
    text = "\n".join(pages(data))
    for s in movement.sittings:
        line = f"{s.round} {s.ns} {s.ew} {paper.format_boards(s.boards)}"
        table_part = text.split(f"Table {s.table}\n", 1)[1].split("Table ", 1)[0]
        assert line in table_part, (s.table, line)
    render(data, f"tables-{movement.kind.replace(' ', '')}")


def test_table_cards_in_hebrew_and_a_sit_out():
    m = mitchell(4, sit_out=8)                     # pair 8 missing: its opponents sit out
    data = paper.tablecards_pdf(paper.table_cards(m.sittings), "ערב מועדון", lang="he")
    text = "\n".join(pages(data))
    for word in ("שולחן", "סיבוב", "מועדון"):
        assert word in text
    assert "—" in text                             # the empty place of the sit-out
    render(data, "tables-he")


# ---------------------------------------------------------------- the command line

@needs_realdata
def test_the_commands_write_the_pdfs(tmp_path, capsys):
    hands, results, cards, tables = (tmp_path / f"{n}.pdf" for n in
                                     ("hands", "results", "cards", "tables"))
    small = tmp_path / "set.pbn"
    text = HAND_RECORD.read_text(encoding="latin-1")
    cut = text.rindex("[Event", 0, text.index('[Board "5"]'))
    small.write_text(text[:cut], encoding="latin-1")                        # boards 1-4
    assert main(["handrecord", str(small), "--pdf", str(hands), "--per-page", "2",
                 "--title", "Monday", "--no-progress"]) == 0
    assert len(pages(hands.read_bytes())) == 2 and "Board 4" in pages(hands.read_bytes())[1]
    assert main(["results", str(SESSION), "--pdf", str(results), "--cards-pdf", str(cards),
                 "--lang", "pl"]) == 0
    assert "Linia NS" in pages(results.read_bytes())[0]
    assert "Para 1EW" in "\n".join(pages(cards.read_bytes()))
    assert main(["movement", "mitchell", "3", "--pdf", str(tables), "--lang", "ru"]) == 0
    first = pages(tables.read_bytes())[0]
    assert "Стол 1" in first and "1 1 4 1-2" in first
    capsys.readouterr()
    team = REALDATA / "pbn" / "finland_ruter_magiccontest" / "team.pbn"
    assert main(["results", str(team), "--cards-pdf", str(tmp_path / "x.pdf")]) == 2
    assert "--cards-pdf is for pairs events" in capsys.readouterr().err


def test_hebrew_names_on_an_english_page_read_right_to_left():
    """A pair's Hebrew names on an English ranking: set right to left (the letters of each
    word in reading order when the text is read back), the ranking's columns unchanged."""
    rows = [{"rank": "1", "pair": "3", "names": "דני כהן - רות לוי", "score": 14.5,
             "percent": 60.42},
            {"rank": "2", "pair": "1", "names": "Anna Nowak - Jan Kowalski", "score": 9.5,
             "percent": 39.58}]
    data = paper.results_pdf(paper.results_sheet("Club night", {"A": rows}, "mp"))
    text = pages(data)[0]
    for word in ("דני", "כהן", "רות", "לוי"):
        assert word in text
    assert "Section A" in text and re.search(r"(?m)^2 1 Anna Nowak - Jan Kowalski 9\.5 39\.58%$",
                                             text)
    render(data, "results-hebrew-names")
