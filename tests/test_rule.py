"""`bridgelaws rule`: the ruling explained from the catalogues (Laws 24-39)."""

import json
import subprocess
import sys

import pytest

from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def table(*events, board=1):
    return case_table({"board": board, "deal": DEAL, "events": [
        {"by": e[0], ("call" if len(e) == 2 or e[2] == "call" else e[2]): e[1]} for e in events]})


def test_bid_out_of_rotation_at_rho_turn_explained():
    lines = explain(table(("N", "1C"), ("S", "1S")), "en")
    assert lines[1] == "What happened: South bid out of rotation (1S)."
    assert lines[2].startswith("West chooses")
    assert lines[3].startswith("  - accept: 1S by South stands")
    assert "If East passes, South must repeat 1S" in lines[4]
    assert "North must pass at his next turn" in lines[4]
    assert lines[-1] == "Laws: 29, 29A, 29B, 31A"


def test_insufficient_bid_explained():
    lines = explain(table(("N", "1N"), ("E", "1H")), "en")
    assert lines[2] == "South chooses, without consulting partner (Law 10C):"
    assert "the lowest sufficient bid in the same denomination" in lines[4]
    assert "bars West for the rest of the auction" in lines[4]
    assert lines[-1] == "Laws: 27, 27A1, 27B"


def test_rectification_applied_at_once_explained():
    lines = explain(table(("N", "1N"), ("E", "P"), ("S", "X")), "en")
    assert lines[1].startswith("What happened: South made a double or redouble that Law 19")
    assert lines[2].startswith("The Director applies: North must pass for the rest of the auction.")
    assert lines[-1] == "Laws: 36, 36B"


def test_disputed_claim_left_to_the_director():
    events = [("N", "1N"), ("E", "P"), ("S", "P"), ("W", "P"), ("N", 13, "claim"),
              ("E", "dispute", "respond")]
    lines = explain(table(*events), "en")
    assert lines[1] == "What happened: East disputed a claim."
    assert lines[2].startswith("The Director rules on this by judgement")
    assert lines[-1] == "Laws: 68D, 70"


def test_no_irregularity():
    assert explain(table(("N", "1N")), "en")[1] == "No irregularity has been recorded at this table."


def test_rule_command(tmp_path):
    case = tmp_path / "c.json"
    case.write_text(json.dumps({"board": 1, "deal": DEAL,
                                "events": [{"by": "N", "call": "1C"}, {"by": "S", "call": "P"}]}))
    out = subprocess.run([sys.executable, "-m", "bridgelaws.cli", "rule", str(case)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "South passed out of rotation." in out.stdout
    assert "South must pass at his next turn." in out.stdout
