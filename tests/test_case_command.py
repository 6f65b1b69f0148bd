"""The `bridgelaws case` command: shared/CASES.md, exactly."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaws.cards import BridgeError
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


# --- hostile case files (issue 15, point 10): one line naming the file, the place and
# the reason, exit status 2; never a traceback --------------------------------------------

def _one_error_line(out) -> str:
    assert out.returncode == 2 and out.stdout == "", (out.returncode, out.stdout[:200])
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr[-2000:]
    assert len(lines[0]) < 700            # a quoted value is cut (BridgeError's MESSAGE_LIMIT)
    return lines[0]


@pytest.mark.parametrize("command", [["case"], ["rule", "--lang", "he"], ["claim"]])
def test_deeply_nested_case(tmp_path, command):
    # Python's json parser recursed until RecursionError on 100,000 brackets
    f = tmp_path / "deep.json"
    f.write_text('{"board": 1, "deal": "%s", "events": [%s%s]}'
                 % (DEAL, "[" * 100_000, "]" * 100_000))
    line = _one_error_line(run_cli(command[0], str(f), *command[1:]))
    assert line == (f"bridgelaws: {f}: JSON nested deeper than 20 levels at line 1, column 124 "
                    "(a case needs 5)")


@pytest.mark.parametrize("command", [["case"], ["rule"], ["claim", "--json"]])
def test_5000_digit_number_in_a_case(tmp_path, command):
    # json.loads raised ValueError (Python refuses ints of more than 4,300 digits)
    f = tmp_path / "big.json"
    f.write_text('{"board": 1,\n "deal": "%s",\n "events": [{"by": "N", "claim": %s}]}'
                 % (DEAL, "9" * 5000))
    line = _one_error_line(run_cli(command[0], str(f), *command[1:]))
    assert line == (f"bridgelaws: {f}: a number of 5000 characters at line 3, column 34 "
                    "(at most 20)")


def test_5000_digit_level_of_a_call_in_a_case(tmp_path):
    # parse_call converted the level with int(): ValueError past 4,300 digits
    f = tmp_path / "call.json"
    f.write_text(json.dumps({"board": 1, "deal": DEAL,
                             "events": [{"by": "N", "call": "9" * 5000 + "N"}]}))
    line = _one_error_line(run_cli("case", str(f)))
    assert line.startswith(f"bridgelaws: {f}: event 0: unknown call '99999")
    assert line.endswith("9N' (expected P, X, XX or a bid like 1C or 3N)")


@pytest.mark.parametrize("text,reason", [
    ('{"board": 1, "deal": "%s", "events": [{"by": "N", "claim": NaN}]}' % DEAL,
     "NaN at line 1, column 127 is not a JSON number"),
    ('{"board": 1, "board": 2, "deal": "%s"}' % DEAL,
     "the key 'board' appears twice in one object"),
    ('{"board": 1, "deal": "%s", "events": %s}' % (DEAL, json.dumps([{"by": "N", "call": "P"}]
                                                                   * 1001)),
     "case: 1001 events: a case tells one board, in at most 1000 events"),
    ('{"board": 1, "deal": "%s", "about": "%s"}' % (DEAL, "x" * 1_000_000),
     "the case is larger than 1000 KB (a case tells one board)"),
    ('{"board": 1, "deal": "%s", "events": [{"by": "N", "call": "1C"}, {"by": "E", "play": 7}]}'
     % DEAL, "event 1: unknown card 7"),
])
def test_bad_case_files_name_the_file_and_the_place(tmp_path, text, reason):
    f = tmp_path / "bad.json"
    f.write_text(text)
    line = _one_error_line(run_cli("case", str(f)))
    assert line.startswith(f"bridgelaws: {f}: {reason}"), line


def test_a_case_with_a_byte_order_mark_is_read(tmp_path):
    f = tmp_path / "bom.json"
    f.write_bytes(b"\xef\xbb\xbf" + json.dumps({"board": 1, "deal": DEAL}).encode())
    out = run_cli("case", str(f))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["to_act"] == "N"


def test_a_case_that_is_not_utf8(tmp_path):
    f = tmp_path / "latin.json"
    f.write_bytes(b'{"board": 1, "about": "caf\xe9", "deal": "%s"}' % DEAL.encode())
    line = _one_error_line(run_cli("case", str(f)))
    assert line == f"bridgelaws: {f}: the case is not UTF-8 text (byte 27)"


AUCTION_3N = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "3N"},
              {"by": "W", "call": "P"}, {"by": "N", "call": "P"}, {"by": "E", "call": "P"}]
EVERY_KEY = [
    ([], {"by": "N", "call": "1C", "artificial": True, "comparable": True,
          "replaces": "unintended"}),
    (AUCTION_3N, {"by": "E", "play": ["CQ", "CJ"], "visible": ["CQ"], "unnoticed": True}),
    (AUCTION_3N, {"by": "E", "play": "CQ", "replaces": "unintended", "withdrawn": "CJ"}),
    (AUCTION_3N, {"by": "E", "expose": "CQ", "deliberate": True}),
    (AUCTION_3N, {"by": "E", "choose": "forbid_suit", "suit": "H", "suits": ["H"], "card": "SA"}),
    (AUCTION_3N, {"by": "E", "attention": "revoke", "offender": "W", "trick": 1}),
    (AUCTION_3N, {"by": "E", "ask": "W", "trick": 1}),
    (AUCTION_3N, {"by": "E", "answer": "yes"}),
    (AUCTION_3N, {"by": "N", "claim": 9, "line": ["SA", "rest"]}),
    (AUCTION_3N, {"by": "N", "concede": 2}),
    (AUCTION_3N, {"by": "E", "respond": "accept"}),
    (AUCTION_3N, {"by": "E", "omit": True}),
    (AUCTION_3N, {"by": "S", "designate": "high"}),
    (AUCTION_3N, {"by": "E", "director": "claim", "tricks": 3, "value": True, "card": "SA"}),
]
WRONG = [None, True, 5, 10**19, 1.5, "zz", [], [[["x"]]], {"a": 1}]
KEY_TYPES = {"unnoticed": "flag", "deliberate": "flag", "artificial": "flag", "comparable": "flag",
             "visible": "list", "suits": "list", "designate": "word", "attention": "word",
             "respond": "word", "dealer": "word", "vulnerable": "word", "edition": "word"}


def test_wrong_types_in_every_key(tmp_path):
    """Each key of each kind of event, and each key of the case, with a value of the
    wrong type: exit 0 (a value the Laws accept) or 2 with one line naming the file and
    the place; the true/false, list and word keys name the key."""
    f = tmp_path / "types.json"
    cases = []
    for prefix, event in EVERY_KEY:
        for key in event:
            cases += [({"board": 1, "deal": DEAL, "events": prefix + [{**event, key: v}]},
                       f"event {len(prefix)}", key, v) for v in WRONG]
    top = {"board": 1, "deal": DEAL, "dealer": "N", "vulnerable": "none", "edition": "2017"}
    for key in top:
        cases += [({**top, key: v}, "case", key, v) for v in WRONG]
    cases += [({"board": 1, "deal": DEAL, "events": v},
               "event 0" if isinstance(v, list) else "case", "events", v) for v in WRONG]
    cases += [({"board": 1, "deal": DEAL, "events": [v]}, "event 0", None, v) for v in WRONG]
    for case, place, key, value in cases:
        f.write_text(json.dumps(case))
        try:
            run_case(str(f))                 # what the case command runs (no parser per case)
            code, err = 0, ""
        except BridgeError as e:
            code, err = 2, str(e)
            assert err.startswith(f"{f}: {place}: ") and "\n" not in err, (case, err)
        wrong_type = {"flag": not isinstance(value, bool), "list": not isinstance(value, list),
                      "word": not isinstance(value, str)}.get(KEY_TYPES.get(key), False)
        if wrong_type and value is not None:
            assert code == 2 and f"'{key}'" in err, (case, err)
