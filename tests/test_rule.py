"""`bridgelaws rule`: the ruling explained from the catalogues (Laws 24-39, and the play:
Laws 41-71, in more detail in test_rule_play.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def table(*events, board=1):
    return case_table({"board": board, "deal": DEAL, "events": [
        {"by": e[0], ("call" if len(e) == 2 or e[2] == "call" else e[2]): e[1]} for e in events]})


def test_bid_out_of_rotation_at_rho_turn_explained():
    lines = explain(table(("N", "1C"), ("S", "1S")), "en")
    assert lines[1] == "What happened: South bid out of rotation (1\u2660)."
    assert lines[2].startswith("West chooses")
    assert lines[3].startswith("  - accept: 1\u2660 by South stands")
    assert "If East passes, South must repeat 1\u2660" in lines[4]
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
    assert lines[3].startswith("Play stops.") and "(Law 68D2b)" in lines[3]
    assert lines[-1] == "Laws: 68D, 70, 70A, 68D2b"


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


THREE_NT = [("N", "1N"), ("E", "P"), ("S", "3N"), ("W", "P"), ("N", "P"), ("E", "P")]


def test_option_lines_end_with_their_law():
    lines = explain(table(("N", "1N"), ("E", "1H")), "en")
    assert lines[3].endswith("(Law 27A1)") and lines[4].endswith("(Law 27B)")


def test_choice_made_by_calling_over_the_irregular_call():
    lines = explain(table(("N", "1N"), ("E", "1H"), ("S", "P")), "en")
    assert lines[-3] == "South called over the irregular call, and so accepted it (Law 27A1)."
    assert lines[-2] == "No rectification remains in force: the auction goes on normally."


def test_call_out_of_rotation_cancelled_by_the_player_whose_turn_it_was():
    lines = explain(table(("N", "1C"), ("W", "1S"), ("E", "P")), "en")
    assert "East, whose turn it was, called" in lines[-3] and "(Law 28B)" in lines[-3]
    assert lines[-1].endswith("28B")


def test_opening_lead_out_of_turn_explained():
    lines = explain(table(*THREE_NT, ("W", "C8", "play")), "en")
    assert lines[1] == "What happened: West made the opening lead out of turn (\u26638)."
    assert lines[2] == "North chooses, without consulting partner (Law 10C):"
    assert lines[3].startswith("  - accept: The lead by West stands") and lines[3].endswith(
        "(Law 54B)")
    assert lines[4].startswith("  - spread his hand: Declarer spreads his hand")
    assert "major penalty card" in lines[5] and "(Law 50D)" in lines[5]
    assert lines[6].endswith("(Law 54C).")
    assert lines[7] == "The table waits for the choice of North."
    assert lines[-1] == "Laws: 54, 54B, 54A, 54D, 50D, 54C"


def test_choice_made_is_told():
    lines = explain(table(*THREE_NT, ("W", "C8", "play"), ("N", "spread", "choose")), "en")
    assert lines[-3] == "North chose: spread his hand."
    assert lines[-2] == "No rectification remains in force: play goes on normally."


def test_trick_13_lead_out_of_turn_applied_at_once():
    path = Path(__file__).parent / "cases" / "play" / "law53A_trick13_lead_withdrawn.json"
    case = json.loads(path.read_text(encoding="utf-8"))
    lines = explain(case_table(case), "en")
    assert lines[2].startswith("The Director applies: At trick 13 a lead out of turn may not")
    assert lines[-1] == "Laws: 53A"


def test_revoke_followed_through_laws_62_to_64():
    events = THREE_NT + [("E", "CQ", "play"), ("S", "C4", "play"), ("W", "D4", "play")]
    lines = explain(table(*events), "en")
    assert lines[1] == ("What happened: West revoked on trick 1 (\u26664): he failed to follow suit "
                        "although able to.")
    assert lines[2].startswith("Play goes on") and lines[-1] == "Laws: 61A, 62A, 63A"
    lines = explain(table(*events, ("N", "revoke", "attention")), "en")
    assert "West must correct it" in lines[2] and "major penalty card (Law 62B1)" in lines[2]
    assert lines[-1] == "Laws: 61A, 62A, 62B1"


def test_rule_command_for_the_play_in_norwegian(tmp_path):
    case = tmp_path / "c.json"
    events = [{"by": s, "call": c} for s, c in THREE_NT] + [{"by": "W", "play": "C8"}]
    case.write_text(json.dumps({"board": 1, "deal": DEAL, "events": events}))
    out = subprocess.run([sys.executable, "-m", "bridgelaws.cli", "rule", str(case), "--lang", "nb"],
                         capture_output=True, timeout=60, encoding="utf-8",
                         env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert out.returncode == 0, out.stderr
    assert "Vest foretok åpningsutspill utenfor tur (\u26638)." in out.stdout
    assert "stort straffekort" in out.stdout and "(§54D)" in out.stdout
