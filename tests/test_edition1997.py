"""The 1997 Laws as an edition (issue 16): every difference of shared/LAWS.md section 4
and shared/LAWS-1997.md has a case in tests/cases/edition1997/, replayed under both
editions: ``expect_1997`` and ``expect_2017`` hold each edition's answer (the same case
shows where they differ, or, for a reading, that they agree).

Expectation keys are the state's (``bridgelaws case``), plus ``laws_end`` (the last
laws applied), ``flag_names`` (the names of the review flags), ``flag_names_has`` and
``error`` (the replay stops with a message containing it).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bridgelaws.calls import call_name, parse_call
from bridgelaws.cards import BridgeError
from bridgelaws.formats.case import run_case
from bridgelaws.laws.edition import edition
from bridgelaws.laws.edition1997 import Laws1997

CASES = sorted((Path(__file__).parent / "cases" / "edition1997").glob("*.json"))


def _check(state: dict, expect: dict) -> None:
    for key, value in expect.items():
        if key == "laws_end":
            assert state["laws"][-len(value):] == value, f"laws: {state['laws']}"
        elif key == "flag_names":
            assert [f["flag"] for f in state["flags"]] == value, f"flags: {state['flags']}"
        elif key == "flag_names_has":
            assert value in [f["flag"] for f in state["flags"]], f"flags: {state['flags']}"
        elif key == "legal_calls":
            assert state[key] == [call_name(c) for c in map(parse_call, value)]
        else:
            assert state[key] == value, f"{key}: engine {state[key]!r}, expected {value!r}"


@pytest.mark.parametrize("ed", ["2017", "1997"])
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_case_under_each_edition(path, ed):
    case = json.loads(path.read_text())
    expect = case["expect_" + ed]
    case = copy.deepcopy(case)
    case["edition"] = ed
    if "error" in expect:
        with pytest.raises(BridgeError, match=expect["error"].replace("(", r"\(").replace(")", r"\)")):
            run_case(case)
        return
    _check(run_case(case), expect)


def test_every_case_answers_for_both_editions():
    assert len(CASES) >= 30
    for path in CASES:
        case = json.loads(path.read_text())
        assert case["expect_2017"] and case["expect_1997"], path.name


def test_edition_1997_is_registered():
    assert isinstance(edition("1997"), Laws1997) and edition("1997").name == "1997"
    assert edition(None).name == "2017"
    with pytest.raises(BridgeError, match="known: 1997, 2017, 2024"):
        edition("1963")


DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def _table(events, ed):
    from bridgelaws.formats.case import case_table
    return case_table({"board": 1, "deal": DEAL, "edition": ed, "events": events})


def test_law39_brings_the_full_law26_in_1997():
    """Law 39 (1997): W's 2H after the final pass referred to hearts: at E's lead,
    declarer may require or forbid hearts (26A2); 2017 39B gives 26B only."""
    events = [{"by": s, "call": c} for s, c in
              [("N", "1N"), ("E", "P"), ("S", "P"), ("W", "P"), ("W", "2H")]]
    west = 3
    r97 = _table(events, "1997").edition.lead_restriction(_table(events, "1997"), west)
    r17 = _table(events, "2017").edition.lead_restriction(_table(events, "2017"), west)
    assert r97.decision.options == ("require_suit", "forbid_suit", "no_restriction")
    assert r97.irregularity.facts["_suit"] == 2                     # hearts
    assert r17.decision.options == ("forbid_suit", "no_restriction")


def test_law26B_after_an_artificial_withdrawn_call_in_1997():
    """Reading 3: an artificial withdrawn bid refers to no suit the engine knows: 26B."""
    events = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
              {"by": "W", "call": "1H", "artificial": True}, {"by": "N", "choose": "reject"},
              {"by": "W", "call": "2S"}, {"by": "N", "call": "3N"}, {"by": "E", "call": "P"},
              {"by": "S", "call": "P"}, {"by": "W", "call": "P"}]
    t = _table(events, "1997")
    assert t.decision.options == ("forbid_suit", "no_restriction")
    assert t.edition.lead_restriction(t, 3).decision.options == ("forbid_suit", "no_restriction")


# --- the commands: --edition on case, rule and replay ------------------------------------------

HERE = Path(__file__).parent / "cases" / "edition1997"


def test_case_command_takes_the_edition(capsys):
    from bridgelaws.cli import main
    path = str(HERE / "law27B_no_comparable_call.json")
    assert main(["case", path, "--edition", "1997"]) == 0
    s97 = json.loads(capsys.readouterr().out)
    assert main(["case", path]) == 0
    s17 = json.loads(capsys.readouterr().out)
    assert s97["barred"] == {"W": "rest_of_auction"} and s97["laws"][-1] == "27B2"
    assert s17["barred"] == {} and s17["laws"][-1] == "27B1b"


def test_case_command_edition_overrides_the_cases(tmp_path, capsys):
    from bridgelaws.cli import main
    case = json.loads((HERE / "law27B_no_comparable_call.json").read_text())
    case["edition"] = "1997"
    path = tmp_path / "c.json"
    path.write_text(json.dumps(case))
    assert main(["case", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["laws"][-1] == "27B2"
    assert main(["case", str(path), "--edition", "2017"]) == 0
    assert json.loads(capsys.readouterr().out)["laws"][-1] == "27B1b"


def test_unknown_edition_is_refused(capsys):
    from bridgelaws.cli import main
    with pytest.raises(SystemExit) as e:
        main(["case", str(HERE / "law27B_no_comparable_call.json"), "--edition", "1963"])
    assert e.value.code == 2




@pytest.mark.parametrize("lang", ["en", "he", "pl", "ru", "nb"])
def test_rule_explains_the_1997_26A_in_each_language(lang, capsys):
    """The 1997 Law 26A2 options name the withdrawn call's suit, in every language; the
    2017 explanation of the same case has no such option."""
    from bridgelaws.cli import main
    from bridgelaws.i18n import message
    path = str(HERE / "law26A_require_or_forbid_pending.json")
    assert main(["rule", path, "--edition", "1997", "--lang", lang]) == 0
    text97 = capsys.readouterr().out
    assert main(["rule", path, "--lang", lang]) == 0
    text17 = capsys.readouterr().out
    require = message("option.require_suit", lang)
    assert require in text97 and require not in text17
    assert message("suit.H", lang) in text97
    assert "26A2" in text97 and "26A2" not in text17


@pytest.mark.parametrize("lang", ["en", "he", "pl", "ru", "nb"])
def test_rule_explains_the_1997_law24_choice(lang, capsys):
    from bridgelaws.cli import main
    from bridgelaws.i18n import message
    path = str(HERE / "law24_declarer_declines_penalty_cards.json")
    assert main(["rule", path, "--edition", "1997", "--lang", lang]) == 0
    text = capsys.readouterr().out
    assert message("option.penalty_cards", lang) in text
    assert message("do.law.24", lang) in text


def test_rule_explains_the_1997_revoke_transfer(capsys):
    from bridgelaws.cli import main
    from bridgelaws.i18n import message
    path = str(HERE / "law64A1_trick_won_by_dummy.json")
    assert main(["rule", path, "--edition", "1997"]) == 0
    text97 = capsys.readouterr().out
    assert main(["rule", path]) == 0
    text17 = capsys.readouterr().out
    assert message("revoke.law.64A1.1997", "en") in text97
    assert message("revoke.law.64A2", "en") in text17


def test_replay_takes_the_edition():
    from bridgelaws.formats.lin import read_lin
    from bridgelaws.formats.replay import replay_record
    [rec] = read_lin("md|3SAKQ2HKQ2DA32CK32,ST98HJT9DKQJCQJT9,SJ76HA8765DT98CA4,|"
                     "mb|1N|mb|p|mb|p|mb|p|", name="x.lin")
    assert replay_record(rec, edition="1997").table.edition.name == "1997"
    assert replay_record(rec).table.edition.name == "2017"


def test_replay_command_takes_the_edition(capsys):
    from bridgelaws.cli import main
    lin = str(Path(__file__).parent.parent / "examples" / "usbf_sf_14502.lin")
    assert main(["replay", "--summary-only", "--edition", "1997", lin]) == 0
    assert "agreed" in capsys.readouterr().out


def test_law25B2b_other_call_may_not_repeat_the_first_call():
    """Law 25B2b(2) (1997): E, whose change 2C -> 2D S refused, chose "any other legal
    call": calling 2C again is not that choice, and is refused; 2H is lawful."""
    events = [{"by": "N", "call": "1N"}, {"by": "E", "call": "2C"},
              {"by": "E", "call": "2D"}, {"by": "S", "choose": "reject"},
              {"by": "E", "choose": "other_call"}]
    with pytest.raises(BridgeError, match="Law 25B2b: E chose another call than 2"):
        _table(events + [{"by": "E", "call": "2C"}], "1997")
    state = _table(events + [{"by": "E", "call": "2H"}], "1997").state()
    assert state["to_act"] == "S" and state["decision"] is None
    assert [c["call"] for c in state["auction"]] == ["1N", "2H"]
