"""The ``bridgelaws results`` command: ranking, --json, --html, and bad input."""

import json

from bridgelaws.cli import main
from bridgelaws.formats.usebio import write_usebio
from bridgelaws.tournament.event import Event, Result
from bridgelaws.tournament.results import score_event


def _file(tmp_path):
    ev = Event(name="club night")
    for p in "1234":
        ev.add_entry(p, [f"A{p}", f"B{p}"])
    ev.results += [Result(1, "1", "2", "4H", "N", 10), Result(1, "3", "4", "4H", "N", 9)]
    path = tmp_path / "ev.xml"
    path.write_text(write_usebio(score_event(ev)))
    return path


def test_results_json_and_html(tmp_path, capsys):
    path = _file(tmp_path)
    out_html = tmp_path / "r.html"
    assert main(["results", str(path), "--json", "--html", str(out_html)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["pair"] == "1" and rows[0]["percent"] == 100.0 and rows[0]["names"] == "A1 - B1"
    assert {"rank", "pair", "names", "score", "percent"} <= set(rows[0])
    page = out_html.read_text()
    assert 'data-board="1"' in page and '4<span class="hearts">♥</span> N =' in page
    assert main(["results", str(path), "--method", "xi"]) == 0
    assert "78B" in capsys.readouterr().out


def test_results_bad_input_is_one_line_and_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.xml"
    bad.write_text("<USEBIO><EVENT")
    assert main(["results", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.xml:1: malformed XML" in err and "Traceback" not in err
    assert main(["results", str(tmp_path / "x.txt")]) == 2


SCORE_TABLE_PBN = '''[Event "club"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "S:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"]
[ScoreTable "{columns}"]
{rows}
'''


def _score_table_file(tmp_path, columns, rows, text=SCORE_TABLE_PBN):
    path = tmp_path / "club.pbn"
    path.write_text(text.format(columns=";".join(columns), rows="\n".join(rows)))
    return path


def test_results_pairs_score_table_without_the_pairs_columns_is_one_line(tmp_path, capsys):
    pairs = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result"]
    for missing in ("PairId_NS", "PairId_EW"):
        kept = [c for c in pairs if c != missing]
        row = {"PairId_NS": "1", "PairId_EW": "2", "Contract": "3NT", "Declarer": "S",
               "Result": "9"}
        path = _score_table_file(tmp_path, kept, [" ".join(row[c] for c in kept)])
        assert main(["results", str(path)]) == 2
        err = capsys.readouterr().err
        assert err == (f"bridgelaws: club.pbn:1: board 3: the ScoreTable has no {missing} "
                       "column\n")


def test_results_individual_score_table_without_a_player_column_is_one_line(tmp_path, capsys):
    players = ["PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West"]
    columns = players[:3] + ["Contract", "Declarer", "Result"]
    path = _score_table_file(tmp_path, columns, ["1 2 3 3NT S 9"])
    assert main(["results", str(path)]) == 2
    assert capsys.readouterr().err == ("bridgelaws: club.pbn:1: board 3: the ScoreTable has no "
                                       "PlayerId_West column\n")
    path = _score_table_file(tmp_path, ["Contract", "Result"], ["3NT 9"])
    assert main(["results", str(path)]) == 2
    assert "board 3: the ScoreTable names neither pairs" in capsys.readouterr().err


def test_results_warns_of_a_game_that_contradicts_itself(tmp_path, capsys):
    """PBN 3.4 reads the first of a repeated tag; the results command says so, on stderr."""
    text = SCORE_TABLE_PBN.replace('[Vulnerable "EW"]', '[Vulnerable "EW"]\n[Vulnerable "None"]')
    path = _score_table_file(tmp_path, ["PairId_NS", "PairId_EW", "Contract", "Declarer",
                                        "Result"], ["1 2 3NT S 9", "3 4 3NT S 10"], text)
    assert main(["results", str(path)]) == 0
    out = capsys.readouterr()
    assert out.err == ("bridgelaws: club.pbn:5: board 3: vulnerable: the tag is repeated with "
                       "another value, 'None' (line 4 gives 'EW'); the game contradicts itself; "
                       "the first is read (PBN 3.4)\n")
    assert "club" in out.out


def test_results_score_table_row_with_an_empty_pair_or_a_bad_contract(tmp_path, capsys):
    columns = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result"]
    path = _score_table_file(tmp_path, columns, ['1 "" 3NT S 9', "3 4 3NT S 10"])
    assert main(["results", str(path)]) == 2             # was ranked as a pair without a name
    assert capsys.readouterr().err == ("bridgelaws: club.pbn:1: board 3, ScoreTable row 1: "
                                       "PairId_EW is empty\n")
    path = _score_table_file(tmp_path, columns, ["1 2 8Z S 9"])
    assert main(["results", str(path)]) == 2
    assert capsys.readouterr().err.startswith("bridgelaws: club.pbn:1: board 3, ScoreTable "
                                              "row 1: unknown contract '8Z'")
    path = _score_table_file(tmp_path, columns, ['1 2 3NT "" 9'])
    assert main(["results", str(path)]) == 2             # the board is said once
    assert capsys.readouterr().err == ("bridgelaws: club.pbn:1: ScoreTable row 1: board 3: "
                                       "unknown declarer ''\n")
