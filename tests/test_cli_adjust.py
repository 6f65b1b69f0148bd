"""``bridgelaws adjust FILE``: the adjusted score of Law 12C on the command line.

The example file (examples/adjusted_score.json) is board 7 (dealer South, both
vulnerable, Law 2), E-W offending: 70% 4♠ by South made (+620), 30% one down (−100),
against five other results +620, +620, +170 (3♠+1), −100 and +500 (5♥X by West −2,
vulnerable: 200 + 300).  Six results, top 10 (78A).  +620 beats three and ties two:
8 mp (E-W 2); −100 ties one: 1 mp (E-W 9).  N-S 0.7 x 8 + 0.3 x 1 = 5.9 (59%), E-W
0.7 x 2 + 0.3 x 9 = 4.1 (41%).  DDS: South takes ten tricks in spades.
"""

import json
from pathlib import Path

import pytest

from bridgelaws.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "adjusted_score.json"


def run(capsys, *argv):
    status = main(["adjust", *map(str, argv)])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_example_text(capsys):
    status, out, err = run(capsys, EXAMPLE)
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "Board 7, dealer South, vulnerable: both; the 2017 Laws; matchpoints",
        "Offenders: E-W",
        "Weighted assigned score, the same for both sides (12C1b, 12C1c)",
        "Against the board's 5 other results: top 10 matchpoints",
        "N-S: 70% 4♠ S = (+620: 8 mp) + 30% 4♠ S -1 (−100: 1 mp) = 5.9 mp / 10 (59%)",
        "E-W: 70% 4♠ S = (−620: 2 mp) + 30% 4♠ S -1 (+100: 9 mp) = 4.1 mp / 10 (41%)",
        "Double-dummy aid (advice to the Director, not a ruling):",
        "  4♠ S: 10 tricks (4♠ S =, +620)",
        "Laws: 12C1b, 12C1c, 77, 78A",
    ]


def test_example_json(capsys):
    status, out, _ = run(capsys, EXAMPLE, "--json")
    assert status == 0
    j = json.loads(out)
    assert (j["board"], j["dealer"], j["vulnerable"], j["kind"]) == (7, "S", "all", "weighted")
    assert [o["points"] for o in j["ns"]["outcomes"]] == [8.0, 1.0]
    assert (j["ns"]["points"], j["ew"]["points"]) == (5.9, 4.1)
    assert j["ns"]["score"] == 404.0          # 0.7 x 620 - 0.3 x 100, for information
    assert j["field"] == [620, 620, 170, -100, 500]
    assert j["dd"] == [{"contract": "4S", "declarer": "S", "strain": "S", "tricks": 10,
                        "result": "=", "score_ns": 620}]


def test_no_dd_and_edition_option(capsys, tmp_path):
    status, out, _ = run(capsys, EXAMPLE, "--json", "--no-dd")
    assert json.loads(out)["dd"] is None
    # --edition 1997 over the file's edition: the 1997 Laws have no weights
    status, out, err = run(capsys, EXAMPLE, "--edition", "1997")
    assert status == 2 and out == ""
    assert err.startswith("bridgelaws: ") and "ns: the 1997 Laws have no weighted score" in err


def test_russian(capsys):
    status, out, _ = run(capsys, EXAMPLE, "--lang", "ru", "--no-dd")
    assert status == 0
    assert out.splitlines()[0].startswith("Сдача 7, сдающий Юг")
    assert "Правила: 12C1b, 12C1c, 77, 78A" in out


def test_standard_input(capsys, monkeypatch):
    import io
    import sys
    text = json.dumps({"board": 1, "vulnerable": "all",
                       "ns": [{"contract": "4S", "declarer": "S", "result": "=", "weight": 0.3},
                              {"contract": "4S", "declarer": "S", "result": "-1",
                               "weight": 0.7}]})
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    status, out, _ = run(capsys, "-")
    assert status == 0
    assert "N-S: 30% 4♠ S = (+620) + 70% 4♠ S -1 (−100) = +116" in out


@pytest.mark.parametrize("content, message", [
    ({"board": 1, "ns": [{"contract": "4S", "declarer": "S", "result": "=", "weight": 0.5},
                         {"contract": "4S", "declarer": "S", "result": "-1", "weight": 0.4}]},
     "ns: the weights add up to 0.9, not 1 (12C1c)"),
    ({"board": 1, "edition": "1997", "offenders": "EW",
      "outcomes": [{"contract": "4S", "declarer": "S", "result": "=", "weight": 1}]},
     "outcomes[0]: the 1997 Laws have no weighted score"),
    ({"board": 1, "ns": [{"contract": "4Q", "declarer": "S", "result": "=", "weight": 1}]},
     "ns[0]: 'contract': unknown contract '4Q'"),
    ({"board": 1, "artificial": {"ns": "avg+", "ew": "avg-"}},
     "scoring: an artificial score is a share of the matchpoints or IMPs (12C2)"),
])
def test_bad_input_one_line_no_traceback(capsys, tmp_path, content, message):
    f = tmp_path / "adj.json"
    f.write_text(json.dumps(content))
    status, out, err = run(capsys, f)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"bridgelaws: {f}: {message}"), err


def test_malformed_json(capsys, tmp_path):
    f = tmp_path / "adj.json"
    f.write_text('{"board": 1, "ns": [')
    status, _, err = run(capsys, f)
    assert status == 2 and "malformed JSON" in err
