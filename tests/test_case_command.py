"""The `bridgelaws case` command: shared/CASES.md, exactly."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaws.formats.case import event_to_json, parse_event, run_case

CASES = Path(__file__).parent / "cases"
OUTPUT_KEYS = {"phase", "to_act", "decision", "legal_calls", "legal_cards", "barred",
               "lead_restrictions", "penalty_cards", "revokes", "contract", "declarer",
               "tricks", "score_ns", "laws"}
DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "bridgelaws.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def check_expectations(state, expect):
    for key, value in expect.items():
        if key.endswith("_start"):
            real = key[:-6]
            assert state[real][:len(value)] == value, (real, state[real])
        elif key.endswith("_count"):
            real = key[:-6]
            assert len(state[real]) == value, (real, state[real])
        else:
            assert state[key] == value, (key, state[key], value)


@pytest.mark.parametrize("path", sorted((CASES / "lawful").glob("*.json")), ids=lambda p: p.stem)
def test_lawful_case(path):
    case = json.loads(path.read_text())
    state = run_case(case)
    assert OUTPUT_KEYS <= set(state)
    check_expectations(state, case["expect"])


def test_case_command_prints_every_output_key():
    path = CASES / "lawful" / "claim_agreed.json"
    out = run_cli("case", str(path))
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)
    assert OUTPUT_KEYS <= set(state)
    assert state["tricks"] == {"NS": 12, "EW": 1} and state["score_ns"] == 490


def test_case_from_standard_input_and_unknown_keys_ignored():
    case = {"board": 3, "deal": DEAL, "colour": "blue",
            "events": [{"by": "S", "call": "1S", "remark": "x"}]}
    out = run_cli("case", "-", stdin=json.dumps(case))
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)
    assert state["to_act"] == "W" and state["legal_calls"][:3] == ["P", "X", "1N"]


def test_dealer_and_vulnerability_overrides():
    state = run_case({"board": 1, "dealer": "W", "vulnerable": "all", "deal": DEAL,
                      "events": [{"by": "W", "call": "1C"}]})
    assert state["to_act"] == "N" and state["vulnerable"] == "all"


@pytest.mark.parametrize("case,where,reason", [
    ('{"board": 1, "deal": "%s", "events": [{"by": "N", "call": "1C"}, {"by": "E", "play": "SA"}]}'
     % DEAL, "event 1", "E does not hold SA"),
    ('{"board": 1, "deal": "%s", "events": [{"by": "Q", "call": "1C"}]}' % DEAL,
     "event 0", "unknown seat 'Q'"),
    ('{"board": 1, "deal": "%s", "events": [{"by": "N", "call": "1Z"}]}' % DEAL,
     "event 0", "unknown call '1Z'"),
    ('{"board": 1, "deal": "%s", "events": [{"by": "N"}]}' % DEAL, "event 0", "exactly one of"),
    ('{"board": 1, "events": []}', "case", "no 'deal'"),
    ('{"board": 1, "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.876"}',
     "case", "W has 12 cards"),
    ('{"board": 0, "deal": "%s"}' % DEAL, "case", "board 0"),
    ('{"board": 1, "deal": "%s", "edition": "1887"}' % DEAL, "case", "unknown edition"),
    ('{"board": 1, "deal": "%s", "events": [' % DEAL, "<stdin>", "malformed JSON at line 1"),
    ('[1, 2]', "<stdin>", "a case is a JSON object"),
])
def test_bad_cases_exit_2_with_one_line_and_no_traceback(case, where, reason):
    out = run_cli("case", "-", stdin=case)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr
    assert where in lines[0] and reason in lines[0], lines[0]


def test_missing_case_file():
    out = run_cli("case", "/nonexistent/case.json")
    assert out.returncode == 2 and "/nonexistent/case.json" in out.stderr
    assert "Traceback" not in out.stderr


def test_events_round_trip_through_json():
    objs = [{"by": "N", "call": "1C", "artificial": True}, {"by": "E", "call": "2H", "comparable": True},
            {"by": "S", "play": "SA"}, {"by": "W", "expose": "HT"},
            {"by": "N", "choose": "forbid_suit", "suit": "H"},
            {"by": "N", "choose": "require_suit", "suits": ["H", "S"]},
            {"by": "N", "choose": "designate", "card": "SK"},
            {"by": "E", "attention": "revoke"}, {"by": "S", "claim": 4, "line": ["SA", "hearts"]},
            {"by": "S", "concede": 2}, {"by": "W", "respond": "dispute"}]
    for i, obj in enumerate(objs):
        assert event_to_json(parse_event(obj, i)) == obj
