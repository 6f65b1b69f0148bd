"""``bridgelaws results FILE --pbn OUT --usebio OUT``: the files written read back to the
same ranking; results without a score are reported and factored."""

from bridgelaws.cli import main
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.formats.score_tables import event_from_pbn
from bridgelaws.formats.usebio import read_usebio

CSV = """board,ns,ew,contract,declarer,result,names_ns,names_ew
1,1,2,4H,N,10,Ann;Bob,Cid;Dee
1,3,4,4H,N,9,Eve;Fay,Gus;Hal
1,5,6,4H,S,11,Ivy;Jo,Kim;Lee
2,1,4,3NT,E,9,,
2,3,6,3NT,E,8,,
2,5,2,2SX,N,7,,
"""


def test_results_writes_pbn_and_usebio(tmp_path, capsys):
    src = tmp_path / "club.csv"
    src.write_text(CSV)
    pbn, xml = tmp_path / "out.pbn", tmp_path / "out.xml"
    assert main(["results", str(src), "--pbn", str(pbn), "--usebio", str(xml), "--json"]) == 0
    first = capsys.readouterr().out
    records = read_pbn(pbn, strict=True)
    assert [r.board for r in records] == [1, 2] and "TotalScoreTable" in records[0].tables
    tot = records[0].tables["TotalScoreTable"].dicts()
    # pair 4 (EW): 4 of 4 on board 1 (v 4H-1) and on board 2 (3NT by E): 8 of 8
    assert tot[0]["Names"] == "Gus;Hal" and tot[0]["Rank"] == "1" and tot[0]["TotalMP"] == "8.00"
    for out in (pbn, xml):
        assert main(["results", str(out), "--json"]) == 0
        assert capsys.readouterr().out == first
    ev = read_usebio(xml)
    assert sorted((r.board, r.ns[0], r.contract, r.tricks) for r in ev.results)[0] == \
        (1, "1", "4H", 10)
    assert len(event_from_pbn(pbn).results) == 6
    assert main(["results", str(src), "--pbn", str(tmp_path / "no" / "x.pbn")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err and "Traceback" not in err


def test_results_without_a_score_are_reported(tmp_path, capsys):
    d = tmp_path / "bm_csv"
    d.mkdir()
    head = ("ID,Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,Contract,Result,"
            "LeadCard,Remarks,Erased\n")
    rows = ['1,1,1,1,1,1,1,1,"N","4 H","=",,,0', '2,1,2,1,1,2,2,2,"N","4 H","-1",,,0',
            '3,1,1,2,2,1,2,1,"N","3 NT","=",,,0', '4,1,2,2,2,2,1,2,"N","",,,"Not played",0',
            '5,1,1,3,3,1,1,1,"N","2 S","=",,,0', '6,1,2,3,3,2,2,2,"N","2 S","+1",,,0']
    (d / "ReceivedData.csv").write_text(head + "\n".join(rows) + "\n")
    assert main(["results", str(d), "--json"]) == 0
    cap = capsys.readouterr()
    assert "1 results without a score (first: board 2, 2NS v 1EW)" in cap.err
    assert "Law 12A2" in cap.err
    import json
    rows = {r["pair"]: r for r in json.loads(cap.out)}
    # 2NS played 2 boards (one top of 1 on board 1 is 0, board 3 is 1): 50%, total factored
    assert rows["2NS"]["boards"] == 2 and rows["2NS"]["percent"] == 50.0
    # board 2 has a single result (a top of 0): both 2NS and 1NS have tops of 4
    assert rows["2NS"]["score"] == 2.0 and rows["1NS"]["boards"] == 3
