"""The deal, dealnumber, analyse and handrecord commands; bad input exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bridgelaws.boards import Board
from bridgelaws.cards import Deal
from bridgelaws.deals.constraints import hcp, shape_class, suit_lengths
from bridgelaws.deals.dealnumber import DEAL_COUNT, deal_number
from bridgelaws.formats.pbn import read_pbn


def cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "bridgelaws.cli", *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd)


def one_error_line(out) -> str:
    assert out.returncode == 2, out
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    assert lines[0].startswith("bridgelaws: ")
    return lines[0]


def test_deal_writes_a_law2_board_set_that_reads_back(tmp_path):
    out = tmp_path / "set.pbn"
    r = cli("deal", "--boards", "1-16", "--seed", "21", "--out", str(out))
    assert r.returncode == 0, r.stderr
    records = read_pbn(out)
    assert [rec.board for rec in records] == list(range(1, 17))
    for rec in records:
        board = Board(rec.board)
        assert rec.dealer == board.dealer_name and rec.vulnerable == board.vulnerable
        deal = Deal.from_pbn(rec.deal)
        assert deal.is_complete() and rec.deal[0] == board.dealer_name
        assert rec.tags["DealId"] == str(deal_number(deal))
        assert "Law 6E4" in rec.tags["Generator"] and "seed" in rec.tags["Generator"]
    again = tmp_path / "again.pbn"
    cli("deal", "--boards", "1-16", "--seed", "21", "--out", str(again))
    assert [r.deal for r in read_pbn(again)] == [r.deal for r in records]


def test_deal_with_where_meets_the_constraint_and_goes_to_stdout():
    r = cli("deal", "--boards", "1-5", "--seed", "3", "--where", "N hcp 15-17 balanced")
    assert r.returncode == 0, r.stderr
    records = read_pbn(r.stdout)
    assert len(records) == 5
    for rec in records:
        north = Deal.from_pbn(rec.deal).hands[0]
        assert 15 <= hcp(north) <= 17 and shape_class(suit_lengths(north)) == "balanced"
        assert "N hcp 15-17 balanced" in rec.tags["Generator"]


def test_secure_deal_differs_each_time():
    a, b = (read_pbn(cli("deal", "--boards", "1").stdout)[0].deal for _ in range(2))
    assert a != b


def test_dealnumber_both_ways():
    r = cli("dealnumber", "0")
    assert r.stdout.strip() == "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    r = cli("dealnumber", str(DEAL_COUNT - 1))
    assert Deal.from_pbn(r.stdout.strip()).hand_pbn(3) == "AKQJT98765432..."
    deal = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
    number = cli("dealnumber", deal).stdout.strip()
    assert number.isdigit() and int(number) == deal_number(Deal.from_pbn(deal))
    back = cli("dealnumber", number).stdout.strip()
    assert Deal.from_pbn(back) == Deal.from_pbn(deal)
    # the same deal written from another seat has the same number
    rotated = Deal.from_pbn(deal).to_pbn(2)
    assert cli("dealnumber", rotated).stdout.strip() == number


def test_analyse_json_gives_board_deal_dd_and_par(tmp_path):
    out = tmp_path / "set.pbn"
    cli("deal", "--boards", "6", "--seed", "9", "--out", str(out))
    r = cli("analyse", str(out), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert [d["board"] for d in data] == [6]
    for d in data:
        assert set(d["dd"]) == set("NESW")
        assert all(set(row) == set("CDHSN") for row in d["dd"].values())
        assert all(0 <= n <= 13 for row in d["dd"].values() for n in row.values())
        assert isinstance(d["par"]["score_ns"], int) and d["par"]["contracts"]
        assert Deal.from_pbn(d["deal"]).is_complete()
    text = cli("analyse", str(out))
    assert text.returncode == 0 and text.stdout.count("board ") == 1 and " par NS " in text.stdout


def test_handrecord_writes_html_and_pbn_with_the_analysis(tmp_path):
    src = tmp_path / "set.pbn"
    cli("deal", "--boards", "2", "--seed", "17", "--out", str(src))
    html, pbn = tmp_path / "hr.html", tmp_path / "hr.pbn"
    r = cli("handrecord", str(src), "--html", str(html), "--pbn", str(pbn))
    assert r.returncode == 0, r.stderr
    page = html.read_text(encoding="utf-8")
    assert page.count('class="board"') == 1 and "Board 2" in page
    assert "Dealer E" in page and "Vul N-S" in page and 'Par: <bdi dir="ltr">NS ' in page
    assert "Deal number " in page and 'Laws <bdi dir="ltr">12C, 70</bdi>' in page
    records = read_pbn(pbn)
    json_data = json.loads(cli("analyse", str(src), "--json").stdout)
    for rec, d in zip(records, json_data):
        assert rec.tags["OptimumScore"] == f"NS {d['par']['score_ns']}"
        assert rec.tags["ParContract"] == "; ".join(d["par"]["contracts"]) \
            == d["par"]["par_contract"]
        rows = rec.tables["OptimumResultTable"].rows
        assert len(rows) == 20
        for seat, strain, tricks in rows:
            assert d["dd"][seat]["N" if strain == "NT" else strain] == int(tricks)
        assert str(deal_number(Deal.from_pbn(rec.deal))) in page


@pytest.mark.parametrize("args, says", [
    (["deal", "--boards", "0-3"], "--boards"),
    (["deal", "--boards", "1-2", "--where", "N hcp 38+"], "--where"),
    (["deal", "--boards", "1", "--where", "NS hcp 40", "--max-attempts", "50", "--seed", "1"],
     "50 attempts"),
    (["dealnumber", str(DEAL_COUNT)], "outside"),
    (["dealnumber", "12x"], "not a deal number"),
    (["dealnumber", "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.876"], "13"),
    (["analyse", "/nonexistent/set.pbn"], "set.pbn"),
    (["handrecord", "/nonexistent/set.pbn", "--html", "x.html"], "set.pbn"),
])
def test_bad_input_exits_2_with_one_line(args, says):
    assert says in one_error_line(cli(*args))


def test_analyse_names_the_board_without_a_complete_deal(tmp_path):
    path = tmp_path / "partial.pbn"
    path.write_text('[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
                    '[Deal "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 - -"]\n')
    line = one_error_line(cli("analyse", str(path)))
    assert "board 3" in line and "complete deal" in line


# no side makes a contract double dummy (each seat holds the same ranks, a suit further on)
PASSED_OUT = "N:AKT.965.7432.QJ8 965.7432.QJ8.AKT 7432.QJ8.AKT.965 QJ8.AKT.965.7432"


def test_a_passed_out_par_is_pass_and_zero_everywhere(tmp_path):
    src = tmp_path / "flat.pbn"
    src.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{PASSED_OUT}"]\n')
    text = cli("analyse", str(src))
    assert text.returncode == 0, text.stderr
    assert "par NS 0 (Pass)" in text.stdout and "0N" not in text.stdout
    [board] = json.loads(cli("analyse", str(src), "--json").stdout)
    assert board["par"] == {"score_ns": 0, "contracts": [], "par_contract": "Pass"}
    html, pbn = tmp_path / "hr.html", tmp_path / "hr.pbn"
    r = cli("handrecord", str(src), "--html", str(html), "--pbn", str(pbn))
    assert r.returncode == 0, r.stderr
    assert ('<bdi>Par: <bdi dir="ltr">NS 0</bdi></bdi> &mdash; <bdi dir="ltr">Pass</bdi>'
            in html.read_text(encoding="utf-8"))
    [rec] = read_pbn(pbn)
    assert rec.tags["ParContract"] == "Pass" and rec.tags["OptimumScore"] == "NS 0"


def test_handrecord_pbn_passes_check(tmp_path):
    """bridgelaws's own hand records hold to PBN 2.1: the tags it adds that the standard
    does not define (ParContract, as BridgeComposer writes it) are notes, not errors."""
    src, html, pbn = tmp_path / "set.pbn", tmp_path / "hr.html", tmp_path / "hr.pbn"
    assert cli("deal", "--boards", "1-4", "--seed", "5", "--out", str(src)).returncode == 0
    assert cli("handrecord", str(src), "--html", str(html), "--pbn", str(pbn)).returncode == 0
    r = cli("check", str(pbn))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"{pbn}: 4 good game(s), 0 with errors"
    lines = pbn.read_text(encoding="latin-1").splitlines()
    first = next(i for i, line in enumerate(lines, 1) if line.startswith("[ParContract"))
    assert r.stderr.strip() == (f"bridgelaws: hr.pbn:{first}: note: 'ParContract' is not a "
                                "PBN 2.1 tag: skipped (PBN 4.9) (and 3 more)")
