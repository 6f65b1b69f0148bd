"""The simple results CSV and the Bridgemate ReceivedData export: reading, scoring, bad rows."""

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.cli import main
from bridgelaws.formats.results_csv import (parse_contract, parse_tricks, read_bridgemate,
                                            read_csv_event, read_results_csv)
from bridgelaws.scoring.adjusted import ArtificialScore
from bridgelaws.tournament.results import score_event

SIMPLE = """# club night
board,ns,ew,contract,declarer,result,score,names_ns,names_ew
1,1,2,4H,N,10,420,Ann - Bob,Cid;Dee
1,3,4,4 H x,N,-1,,,
2,1,2,3NT,S,+2,,,
2,3,4,PASS,,,,,
3,1,2,,,A60/40,,,
3,3,4,,,,-620,,
"""


def test_contract_and_result_notations():
    assert parse_contract("4 S x", "f:1") == "4SX"
    assert parse_contract("3 NT", "f:1") == "3N"
    assert parse_contract("6nxx", "f:1") == "6NXX"
    assert parse_contract(" pass ", "f:1") == "PASS"
    assert parse_tricks("4S", "=", "f:1") == 10
    assert parse_tricks("4S", "+2", "f:1") == 12
    assert parse_tricks("3N", "-3", "f:1") == 6
    assert parse_tricks("3N", "8", "f:1") == 8
    with pytest.raises(BridgeError, match="makes 14 tricks"):
        parse_tricks("7N", "+1", "f:1")


def test_simple_csv_is_scored_by_law_77(tmp_path):
    f = tmp_path / "club.csv"
    f.write_text(SIMPLE)
    ev = read_results_csv(f)
    assert len(ev.results) == 6 and ev.entries["1"].names == ["Ann", "Bob"]
    assert ev.entries["2"].names == ["Cid", "Dee"]
    r = ev.results
    assert (r[1].contract, r[1].declarer, r[1].tricks) == ("4HX", "N", 9)
    assert r[0].published == {"score": 420}
    assert r[2].tricks == 11 and r[3].contract == "PASS"
    assert isinstance(r[4].adjusted, ArtificialScore) and r[4].adjusted.ns == 60
    assert r[5].score == -620
    res = score_event(ev)
    scores = {(sr.result.board, sr.result.ns[0]): sr.ns_score
              for srs in res.boards.values() for sr in srs}
    # Law 77: 4H= 420, 4HX-1 -100 (board 1 not vulnerable), 3NT+2 vul NS 660, pass 0
    assert scores == {(1, "1"): 420, (1, "3"): -100, (2, "1"): 660, (2, "3"): 0,
                      (3, "1"): None, (3, "3"): -620}
    assert "12C2" in res.laws and "77" in res.laws
    tot = {s.entry: s.score for s in res.standings}
    # board 1: 1 beats 3; board 2: 1 beats 3; board 3: 60% of a 2 top to 1, 3 has its 0
    assert tot["1"] > tot["3"]


@pytest.mark.parametrize("line,why", [
    ("1,1,2,8Z,N,10", "unknown contract '8Z'"),
    ("1,1,2,4H,Q,10", "unknown declarer 'Q'"),
    ("x1,1,2,4H,N,10", "board number 'x1' is not a whole number"),
    ("1,1,2,4H,N,+7", "makes 17 tricks"),
    ("1,1,2,4H,N,ten", "unknown result 'ten'"),
    ("1,1,2,4H,N,", "contract 4H has no result"),
    ("1,1,1,4H,N,10", "plays against itself"),
])
def test_bad_rows_name_file_and_line(tmp_path, line, why):
    f = tmp_path / "bad.csv"
    f.write_text("board,ns,ew,contract,declarer,result\n1,3,4,3N,S,9\n" + line + "\n")
    with pytest.raises(BridgeError) as e:
        read_results_csv(f)
    assert why in str(e.value) and e.value.where == f"{f}:3"


def test_header_must_name_the_columns(tmp_path):
    f = tmp_path / "bad.csv"
    f.write_text("board,ns,contract\n1,1,4H\n")
    with pytest.raises(BridgeError, match="the header lacks ew"):
        read_results_csv(f)


BM_HEADER = ("ID,Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,Contract,Result,"
             "LeadCard,Remarks,DateLog,TimeLog,Processed,Processed1,Processed2,Processed3,"
             "Processed4,Erased,ExternalUpdate,SuspiciousContract\n")


def _bm_row(i, table, rnd, board, ns, ew, decl, seat, contract, result, remark="", erased=0):
    return (f'{i},1,{table},{rnd},{board},{ns},{ew},{decl},"{seat}","{contract}","{result}",,'
            f'"{remark}","01/19/26 00:00:00","12/30/99 10:13:19",0,0,0,0,0,{erased},0,0\n')


def _bm_folder(tmp_path):
    d = tmp_path / "club_csv"
    d.mkdir()
    rows = [
        _bm_row(1, 1, 1, 1, 1, 1, 1, "N", "4 H", "="),
        _bm_row(2, 2, 1, 1, 2, 2, 2, "N", "4 H", "-1"),      # erased below, re-entered as 3
        _bm_row(3, 2, 1, 1, 2, 2, 2, "E", "4 S x", "-2"),
        _bm_row(4, 1, 2, 2, 1, 2, 2, "W", "3 NT", "+1"),
        _bm_row(5, 2, 2, 2, 2, 1, 2, "S", "PASS", ""),
        _bm_row(6, 1, 1, 1, 1, 1, 1, "N", "4 H", "-1", erased=1),
    ]
    (d / "ReceivedData.csv").write_text(BM_HEADER + "".join(rows))
    (d / "RoundData.csv").write_text("Section,Table,Round,NSPair,EWPair,LowBoard,HighBoard,"
                                     "CustomBoards\n1,1,1,1,1,1,1,\n1,2,1,2,2,1,1,\n"
                                     "1,1,2,1,2,2,2,\n1,2,2,2,1,2,2,\n")
    (d / "PlayerNumbers.csv").write_text("Section,Table,Direction,Number,Name\n"
                                         '1,1,"N","101","Ann"\n1,1,"S","102",""\n'
                                         '1,1,"E","103","Cid"\n1,1,"W","104","Dee"\n')
    (d / "PlayerNames.csv").write_text('ID,Name,strID\n102,"Bob","102"\n')
    return d


def test_bridgemate_folder(tmp_path):
    d = _bm_folder(tmp_path)
    ev = read_bridgemate(d)
    assert ev.published["erased"] == 1 and ev.published["replaced"] == 1
    assert sorted(ev.entries) == ["1EW", "1NS", "2EW", "2NS"]      # a Mitchell
    assert ev.entries["1NS"].names == ["Ann", "Bob"] and ev.entries["1EW"].names == ["Cid", "Dee"]
    b1 = {r.ns[0]: (r.contract, r.declarer, r.tricks) for r in ev.results if r.board == 1}
    assert b1 == {"1NS": ("4H", "N", 10), "2NS": ("4SX", "E", 8)}
    assert ev.published["movement"] == [4, 4]
    assert ev.published["declarer_pair"] == [1, 1]     # where NS and EW numbers differ
    res = score_event(ev)
    score = {(sr.result.board, sr.result.ns[0]): sr.ns_score for srs in res.boards.values()
             for sr in srs}
    # board 1 none vulnerable: 4H= +420; 4SX-2 by E +300; board 2 NS vulnerable: 3NT+1 by W -430
    assert score == {(1, "1NS"): 420, (1, "2NS"): 300, (2, "1NS"): -430, (2, "2NS"): 0}
    assert read_csv_event(d / "ReceivedData.csv").published["format"] == "bridgemate"


def test_bridgemate_not_played_and_bad_rows(tmp_path):
    d = _bm_folder(tmp_path)
    text = (d / "ReceivedData.csv").read_text()
    (d / "ReceivedData.csv").write_text(text + _bm_row(7, 1, 3, 3, 1, 2, 1, "N", "", "",
                                                       "Not played"))
    ev = read_bridgemate(d)
    assert [(n["board"], n["remark"]) for n in ev.published["not_played"]] == [(3, "Not played")]
    for bad, why in [(("4 Z", "="), "unknown contract '4 Z'"), (("4 H", "+5"), "makes 15 tricks")]:
        (d / "ReceivedData.csv").write_text(text + _bm_row(7, 1, 3, 3, 1, 2, 1, "N", *bad))
        with pytest.raises(BridgeError) as e:
            read_bridgemate(d)
        assert why in str(e.value) and e.value.where.endswith("ReceivedData.csv:8")
    (d / "ReceivedData.csv").write_text(text + _bm_row(7, 1, 3, "x", 1, 2, 1, "Q", "4 H", "="))
    with pytest.raises(BridgeError, match="board number 'x'"):
        read_bridgemate(d)
    (d / "ReceivedData.csv").write_text(text + _bm_row(7, 1, 3, 3, 1, 2, 1, "Q", "4 H", "="))
    with pytest.raises(BridgeError, match="unknown declarer 'Q'"):
        read_bridgemate(d)


def test_results_command_reads_csv(tmp_path, capsys):
    f = tmp_path / "club.csv"
    f.write_text(SIMPLE)
    assert main(["results", str(f)]) == 0
    out = capsys.readouterr().out
    assert "Ann - Bob" in out and "Laws 12C2, 12C2c, 77, 78A" in out
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,contract,declarer,result\n1,1,2,8Z,N,10\n")
    assert main(["results", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{bad}:2: unknown contract '8Z'" in err
    assert main(["results", str(_bm_folder(tmp_path))]) == 0
    assert "-- NS" in capsys.readouterr().out
