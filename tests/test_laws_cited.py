"""The laws a case reports (shared/CASES.md ``laws``): each law once, and each a law that
LAWS.md knows (issue 16, point 6)."""

import json
import re
from pathlib import Path

import pytest

from bridgelaws.formats.case import run_case

ALL_CASES = sorted((Path(__file__).parent / "cases").glob("*/*.json"))


def _runs(path):
    """(path, edition): a case of tests/cases/edition1997 runs under each edition whose
    answer is not an error (``expect_2017``, ``expect_1997``); the others as they are."""
    case = json.loads(path.read_text())
    eds = [k[len("expect_"):] for k, v in case.items()
           if k.startswith("expect_") and "error" not in v]
    return [(path, ed) for ed in eds] if eds else [(path, None)]


RUNS = [run for p in ALL_CASES for run in _runs(p)]


@pytest.mark.parametrize("path, edition", RUNS,
                         ids=[f"{p.parent.name}/{p.stem}" + (f"-{e}" if e else "") for p, e in RUNS])
def test_laws_never_holds_a_law_twice(path, edition):
    case = json.loads(path.read_text())
    if edition is not None:
        case["edition"] = edition
    state = run_case(case)
    laws = state["laws"]
    twice = sorted({law for law in laws if laws.count(law) > 1})
    assert not twice, f"{path.name}: {twice} cited more than once in {laws}"


def test_a_law_applied_twice_is_listed_once():
    # two insufficient bids by different players: Law 27 (and 27A1) applied twice
    deal = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
    events = [{"by": "N", "call": "1N"}, {"by": "E", "call": "1S"},
              {"by": "S", "choose": "accept"}, {"by": "S", "call": "2C"},
              {"by": "W", "call": "1H"}, {"by": "N", "choose": "accept"}]
    state = run_case({"board": 1, "deal": deal, "events": events})
    assert state["laws"] == ["27", "27A1"]
    assert [i["kind"] for i in state["irregularities"]] == ["insufficient_bid"] * 2
