"""Every JSON case under tests/cases/<family>/ replays to exactly its expected state.

A case file is a shared/CASES.md case plus ``"expect"`` (ignored by the engine, as
every unknown key is).  In ``legal_calls``, ``"2D..7N"`` stands for every bid from
2D to 7N, so that a full list stays readable.
"""

import json
from pathlib import Path

import pytest

from bridgelaws.calls import call_name, parse_call
from bridgelaws.formats.case import run_case

CASES = sorted(p for p in (Path(__file__).parent / "cases").glob("*/*.json")
               if p.parent.name not in ("lawful", "edition1997"))


def expand(calls: list[str]) -> list[str]:
    out = []
    for c in calls:
        if ".." in c:
            lo, hi = (parse_call(x) for x in c.split(".."))
            out += [call_name(x) for x in range(lo, hi + 1)]
        else:
            out.append(c)
    return out


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_case(path):
    case = json.loads(path.read_text())
    state = run_case(case)
    for key, value in case["expect"].items():
        if key.endswith("_count"):                  # "legal_cards_count": 13
            real = key[:-len("_count")]
            assert len(state[real]) == value, f"{real}: engine {state[real]!r}, expected {value}"
            continue
        if key == "legal_calls":
            value = expand(value)
        assert state[key] == value, f"{key}: engine {state[key]!r}, expected {value!r}"


def test_every_case_states_the_full_output():
    keys = {"phase", "to_act", "decision", "legal_calls", "legal_cards", "barred",
            "lead_restrictions", "penalty_cards", "revokes", "contract", "declarer", "tricks",
            "score_ns", "laws"}
    for path in CASES:
        stated = {k[:-len("_count")] if k.endswith("_count") else k
                  for k in json.loads(path.read_text())["expect"]}
        missing = keys - stated
        assert not missing, f"{path.name} lacks {sorted(missing)}"
