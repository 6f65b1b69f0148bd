"""Issue 16d, point 5: ``bridgelaws rule`` texts.  The 50D2 options name the suit of the
penalty card (♦ diamonds) in every language, and a choice the Laws refuse (a rule's
``Refuse``) is said in the user's language: the refusal carries a message key
(``refuse.*``) with its values, and ``bridgelaws rule --lang`` prints it."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaws.explain import explain, refusal
from bridgelaws.formats.case import case_table
from bridgelaws.i18n import message
from bridgelaws.table import TableError

LANGS = ("en", "he", "pl", "ru", "nb")
# W holds the honours; N declares 1N, E leads first, W is E's partner
DEAL = "N:AKQ2.KQ2.A32.K32 543.43.7654.8765 J76.A8765.T98.A4 T98.JT9.KQJ.QJT9"
END = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
       {"by": "W", "call": "P"}]
HONOUR = END + [{"by": "W", "expose": "DK"}]     # a major penalty card: 50D2 at E's lead


def refused(events, edition="2017"):
    with pytest.raises(TableError) as caught:
        case_table({"board": 1, "deal": DEAL, "events": events, "edition": edition})
    return caught.value


@pytest.mark.parametrize("lang", LANGS)
def test_50D2_options_name_the_suit_of_the_penalty_card(lang):
    lines = explain(case_table({"board": 1, "deal": DEAL, "events": HONOUR}), lang)
    diamonds = "\u2666 " + message("suit.D", lang)
    options = [line for line in lines if line.strip("\u200f ").startswith("-") and "50D2a" in line]
    assert len(options) == 2 and all(diamonds in line for line in options), options


@pytest.mark.parametrize("lang", LANGS)
def test_50D2_refusal_is_translated_and_names_the_lawful_suit(lang):
    e = refused(HONOUR + [{"by": "N", "choose": "require_suit", "suit": "H"}])
    assert e.refusal == "penalty_lead.one"
    text = refusal(e, lang)
    assert "\u2666 " + message("suit.D", lang) in text and "50D2a" in text
    assert "{" not in text
    if lang != "en":
        assert text != refusal(e, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_26B_refusal_names_the_offender_and_the_suits_he_did_not_specify(lang):
    # W bid 3D in the auction, then 4D after the final pass (39C): at E's opening lead
    # declarer may forbid one suit W did not specify (26B), not diamonds
    events = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "2N"},
              {"by": "W", "call": "3D"}, {"by": "N", "call": "3N"}, {"by": "E", "call": "P"},
              {"by": "S", "call": "P"}, {"by": "W", "call": "P"}, {"by": "W", "call": "4D"},
              {"by": "N", "choose": "forbid_suit", "suit": "D"}]
    e = refused(events)
    assert e.refusal == "lead.26B"
    text = refusal(e, lang)
    for x in "SHC":
        assert message(f"suit.{x}", lang) in text
    assert message("suit.D", lang) not in text
    assert message("seat.W", lang) in text and "26B" in text


@pytest.mark.parametrize("lang", LANGS)
def test_51A_designation_refusal_lists_the_cards_with_symbols(lang):
    # W has two major penalty cards in diamonds; diamonds are led: declarer designates
    # which W plays (51A), and a card that is no penalty card is refused
    events = END + [{"by": "W", "expose": "DK"}, {"by": "W", "expose": "DQ"},
                    {"by": "N", "choose": "no_restriction"}, {"by": "E", "play": "D4"},
                    {"by": "S", "play": "D8"}]
    t = case_table({"board": 1, "deal": DEAL, "events": events})
    d = t.state()["decision"]
    assert d is not None and d["options"] == ["designate"], d
    e = refused(events + [{"by": "N", "choose": "designate", "card": "DJ"}])
    assert e.refusal == "designate.51A"
    text = refusal(e, lang)
    assert "\u2666K" in text and "\u2666Q" in text and "51A" in text


@pytest.mark.parametrize("lang", LANGS)
def test_dummy_designation_refusal_is_translated(lang):
    case = json.loads((Path(__file__).parent / "cases" / "play" / "law46B2_suit_only.json").read_text())
    events = copy.deepcopy(case["events"])
    events[-1]["designate"] = "zz"
    with pytest.raises(TableError) as caught:
        case_table({"board": case["board"], "deal": case["deal"], "events": events})
    e = caught.value
    assert e.refusal == "designation.unknown"
    text = refusal(e, lang)
    assert "'zz'" in text and "46B" in text
    if lang != "en":
        assert text != refusal(e, "en")


def test_english_reason_is_kept_for_a_refusal_without_a_message():
    e = TableError("some reason", "event 3")
    assert refusal(e, "pl") == "some reason"


def test_rule_command_prints_the_refusal_in_the_users_language(tmp_path):
    case = {"board": 1, "deal": DEAL,
            "events": HONOUR + [{"by": "N", "choose": "forbid_suit", "suit": "S"}]}
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(case))
    out = subprocess.run([sys.executable, "-m", "bridgelaws.cli", "rule", str(path),
                          "--lang", "pl"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "\u2666 karo" in out.stderr and "przepis 50D2a" in out.stderr, out.stderr
    assert "refused.json" in out.stderr and "event 5" in out.stderr
