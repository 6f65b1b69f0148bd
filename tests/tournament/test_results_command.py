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
    assert "Board 1" in out_html.read_text()
    assert main(["results", str(path), "--method", "xi"]) == 0
    assert "78B" in capsys.readouterr().out


def test_results_bad_input_is_one_line_and_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.xml"
    bad.write_text("<USEBIO><EVENT")
    assert main(["results", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.xml:1: malformed XML" in err and "Traceback" not in err
    assert main(["results", str(tmp_path / "x.txt")]) == 2
