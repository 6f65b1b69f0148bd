"""The ruling assistant's catalogue of the Directors' quick-reference booklet (seed 001,
shared/LAWS.md section 5): every scenario builds a case from its default answers, the case
replays, and the table shows what the booklet says; answers override the defaults; a
malformed answer is a BridgeError naming its fact; every text is in the five catalogues."""

import json
import re

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table
from bridgelaws.i18n import LANGUAGES, RTL_LANGUAGES
from bridgelaws.i18n import catalogue as i18n_catalogue
from bridgelaws.service.assistant.booklet import (DEMO_DEAL, GROUP_KEYS, SCENARIOS, Fact,
                                                  Scenario, choice_values, fact_names,
                                                  scenario, scenarios_in)

KEYS = [s.key for s in SCENARIOS]


def state(key, **answers):
    return case_table(scenario(key).build(answers)).state()


def kinds(s):
    return [i["kind"] for i in s["irregularities"]]


def pc(**cards):
    """pc(W="C8 C7") -> major penalty cards; a card written 'c8' (lower case) is minor."""
    return {seat: [{"card": c.upper(), "major": c[0].isupper()} for c in text.split()]
            for seat, text in cards.items()}


# --- the catalogue's shape ---------------------------------------------------------------------

def test_groups_in_booklet_order():
    assert GROUP_KEYS == ("general", "explanations", "auction_exposed", "change_of_call",
                          "insufficient_bid", "out_of_rotation", "inadmissible", "played_cards",
                          "penalty_cards", "leads_out_of_turn", "premature_play", "revoke",
                          "defective_trick", "claims")
    order = [GROUP_KEYS.index(s.group) for s in SCENARIOS]
    assert order == sorted(order)


@pytest.mark.parametrize("group", GROUP_KEYS)
def test_every_group_has_a_scenario(group):
    assert scenarios_in(group)
    assert all(s.group == group for s in scenarios_in(group))


def test_the_38_booklet_scenarios_in_order_and_the_booklet_groups():
    numbers = [s.number for s in SCENARIOS if s.number is not None]
    assert numbers == list(range(1, 39))
    by_number = {s.number: s.group for s in SCENARIOS if s.number is not None}
    expected = {**{n: "general" for n in range(1, 9)}, 9: "explanations", 10: "explanations",
                11: "auction_exposed", **{n: "change_of_call" for n in (12, 13, 14)},
                15: "insufficient_bid", **{n: "out_of_rotation" for n in range(16, 21)},
                **{n: "inadmissible" for n in (21, 22, 23)}, 24: "played_cards",
                **{n: "penalty_cards" for n in range(25, 31)},
                **{n: "leads_out_of_turn" for n in range(31, 35)}, 35: "premature_play",
                36: "revoke", 37: "revoke", 38: "defective_trick"}
    assert by_number == expected
    assert {s.key for s in scenarios_in("claims")} == {"claim_agreed", "claim_disputed",
                                                      "concession"}
    assert all(s.number is None for s in scenarios_in("claims"))
    assert len(set(KEYS)) == len(KEYS)


def test_facts_are_well_formed():
    for s in SCENARIOS:
        assert isinstance(s, Scenario) and s.laws and isinstance(s.laws, tuple)
        assert s.title == f"booklet.scenario.{s.key}" and s.summary == f"booklet.summary.{s.key}"
        names = [f.name for f in s.facts]
        assert len(names) == len(set(names)), s.key
        for f in s.facts:
            assert isinstance(f, Fact) and f.kind in ("seat", "call", "card", "calls", "cards",
                                                      "int", "choice")
            assert f.label == f"booklet.fact.{f.name}"
            assert (f.kind == "choice") == bool(f.choices)
            if f.kind == "choice":
                assert f.default in f.choices


def test_lookup():
    assert scenario("insufficient_bid").number == 15
    with pytest.raises(BridgeError) as e:
        scenario("no_such_scenario")
    assert e.value.where == "scenario"
    with pytest.raises(BridgeError):
        scenarios_in("no_such_group")


# --- every scenario, with its defaults ------------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_defaults_build_a_case_that_replays(key):
    case = scenario(key).build({})
    assert set(case) == {"board", "deal", "events"} and case["deal"] == DEMO_DEAL
    assert case["board"] == 1 and case["events"]
    json.dumps(case)                                    # plain JSON, as CASES.md
    assert case == scenario(key).build()               # missing answers = the defaults
    case_table(json.loads(json.dumps(case))).state()


#: per scenario, what the booklet says, as the state of the table built from the defaults
EXPECTED = {
    "wrong_count_before_call": lambda s: s["laws"] == ["13A1"] and s["phase"] == "auction",
    "wrong_count_after_call": lambda s: s["laws"] == ["13B1"] and s["adjustment"] is None
    and {"flag": "Review13B1", "law": "13B1"} in s["flags"],
    "surplus_card": lambda s: s["laws"] == ["13C"] and not s["flags"] and s["to_act"] == "N",
    "wrong_count_after_play": lambda s: s["adjustment"] == {"law": "13D", "score": "assigned"}
    and s["score_ns"] is None,
    "missing_card": lambda s: s["laws"] == ["14A"] and s["auction"] == [{"by": "N", "call": "1N"}]
    and {"flag": "UI", "law": "14C", "seat": "N"} in s["flags"],
    "wrong_board_call": lambda s: s["laws"] == ["15A2b"] and s["to_act"] == "E"
    and s["auction"] == [{"by": "N", "call": "1N"}],
    "wrong_board": lambda s: s["laws"] == ["15B2"] and s["adjustment"] is None,
    "forgotten_agreement": lambda s: s["irregularities"] == [] and s["laws"] == []
    and len(s["auction"]) == 3,
    "misinformation_change": lambda s: s["laws"] == ["21B1a"]
    and [a["call"] for a in s["auction"]] == ["1C", "1D", "1S"] and s["to_act"] == "W",
    "clarification_period_change": lambda s: s["phase"] == "auction" and s["contract"] is None
    and s["to_act"] == "S" and s["auction"][-1] == {"by": "E", "call": "X"},
    "card_exposed_during_auction": lambda s: s["barred"] == {"W": "next_turn"}
    and s["laws"][-1] == "24B",
    "unintended_change": lambda s: s["laws"] == ["25A"]
    and s["auction"][-1] == {"by": "E", "call": "2D"},
    "intended_change": lambda s: s["decision"] == {"by": "S", "options": ["accept", "reject"],
                                                   "laws": ["25B1", "25B2"]},
    "lead_restriction_withdrawn_call": lambda s: s["decision"] == {
        "by": "S", "options": ["forbid_suit", "no_restriction"], "laws": ["26B", "26B"],
        "suits": ["S", "D", "C"]}                   # not hearts, which E bid
    and s["contract"] == "4S",
    "insufficient_bid": lambda s: s["decision"]["by"] == "S"
    and s["decision"]["options"] == ["accept", "reject"] and "27" in s["laws"],
    "pass_out_of_rotation": lambda s: kinds(s) == ["pass_out_of_rotation"]
    and s["decision"]["by"] == "W" and s["laws"] == ["29", "30"],
    "bid_out_of_rotation_rho": lambda s: s["irregularities"][0]["turn"] == "E"
    and s["decision"]["by"] == "W" and s["laws"] == ["29", "31"],
    "bid_out_of_rotation_partner": lambda s: s["irregularities"][0]["turn"] == "N"
    and s["irregularities"][0]["by"] == "S" and s["decision"]["by"] == "W",
    "double_out_of_rotation_rho": lambda s: kinds(s) == ["double_out_of_rotation"]
    and s["irregularities"][0]["turn"] == "S" and s["decision"]["by"] == "N",
    "double_out_of_rotation_partner": lambda s: kinds(s) == ["double_out_of_rotation"]
    and s["irregularities"][0]["turn"] == "E" and s["decision"]["by"] == "N",
    "inadmissible_double": lambda s: s["barred"] == {"N": "rest_of_auction"}
    and s["laws"] == ["36", "36B"],
    "call_in_breach_of_bar": lambda s: s["barred"] == {"N": "rest_of_auction",
                                                       "S": "rest_of_auction"}
    and s["auction"][-1] == {"by": "S", "call": "P"} and "37" in s["laws"],
    "call_after_final_pass": lambda s: s["laws"][-2:] == ["39A", "39C"]
    and s["phase"] == "play" and s["contract"] == "1N",
    "dummy_card_not_named": lambda s: "45D" in s["laws"] and s["trick"] == ["CQ", "CA"]
    and s["tricks_played"] == 0,
    "unintended_designation": lambda s: "45C4b" in s["laws"] and s["trick"] == ["CQ", "CA"]
    and s["to_act"] == "W",
    "card_after_misinformation": lambda s: s["laws"] == ["47E2a"]
    and s["trick"] == ["CQ", "C4"] and s["to_act"] == "W",
    "cards_played_together": lambda s: s["decision"] == {"by": "W", "options": ["designate"],
                                                         "laws": ["58B2"],
                                                         "cards": ["C8", "C7"]},
    "minor_penalty_card": lambda s: s["penalty_cards"] == pc(W="h3") and s["decision"] is None,
    "major_penalty_card": lambda s: s["penalty_cards"] == pc(W="C8") and s["decision"] == {
        "by": "N", "options": ["require_suit", "forbid_suit", "no_restriction"],
        "laws": ["50D2a", "50D2a", "50D2b"], "suits": ["C"]},
    "penalty_card_each_defender": lambda s: s["penalty_cards"] == pc(E="HJ", W="C8")
    and s["decision"]["by"] == "N" and s["to_act"] == "N"
    and s["decision"]["options"] == ["require_suit", "forbid_suit", "no_restriction"],
    "two_penalty_cards_same_suit": lambda s: s["penalty_cards"] == pc(W="C8 C7")
    and s["decision"]["laws"] == ["51B1a", "51B1b", "50D2b"],
    "two_penalty_cards_different_suits": lambda s: s["penalty_cards"] == pc(W="C8 D4")
    and s["decision"]["laws"] == ["51B2a", "51B2b", "51B2c"],
    "penalty_card_not_played": lambda s: kinds(s)[-1] == "penalty_card_not_played"
    and s["decision"]["by"] == "N" and s["decision"]["options"] == ["accept", "reject"]
    and s["decision"]["laws"][0] == "52B1a",
    "correct_lead_after_lead_out_of_turn": lambda s: s["laws"][-1] == "53B"
    and s["trick"] == ["SA"] and s["penalty_cards"] == {} and s["decision"] is None,
    "opening_lead_out_of_turn": lambda s: s["decision"] == {
        "by": "N", "options": ["accept", "spread", "reject"], "laws": ["54B", "54A", "54D"]},
    "declarer_lead_out_of_turn": lambda s: kinds(s) == ["lead_out_of_turn_by_declarer"]
    and s["decision"]["by"] == "E" and s["decision"]["options"] == ["accept", "reject"],
    "defender_lead_out_of_turn": lambda s: kinds(s) == ["lead_out_of_turn_by_defender"]
    and s["decision"]["by"] == "N" and s["decision"]["options"] == ["accept", "reject"],
    "premature_play": lambda s: kinds(s) == ["premature_play_by_defender"] and s["decision"] == {
        "by": "N", "options": ["highest", "lowest", "require_suit", "forbid_suit"],
        "laws": ["57A1", "57A2", "57A3", "57A4"], "suits": ["S", "D", "C"]},    # not hearts, led
    "revoke_corrected": lambda s: s["revokes"][0]["established"] is False
    and s["revokes"][0]["corrected"] is True and s["penalty_cards"] == pc(W="D4")
    and s["laws"][-2:] == ["62A", "62B1"] and s["to_act"] == "W",
    "revoke_established": lambda s: s["revokes"][0]["established"] is True
    and s["revokes"][0]["transfer"] == 1 and "63A1" in s["laws"]
    and s["tricks"] == {"NS": 10, "EW": 3},
    "defective_trick": lambda s: kinds(s) == ["defective_trick"] and s["decision"] == {
        "by": "N", "options": ["designate"], "laws": ["67B1"],
        "cards": ["CK", "C3", "C2"]},                   # N holds clubs, the suit led
    "claim_agreed": lambda s: s["phase"] == "complete" and "69A" in s["laws"]
    and s["tricks"] == {"NS": 12, "EW": 1},
    "claim_disputed": lambda s: kinds(s) == ["disputed_claim"]
    and s["director"]["irregularity"] == "disputed_claim" and s["tricks"] is None,
    "concession": lambda s: s["phase"] == "complete" and s["laws"] == ["68B1", "69A"]
    and s["tricks"] == {"NS": 12, "EW": 1},
}


def test_every_scenario_has_an_expectation():
    assert set(EXPECTED) == set(KEYS)


@pytest.mark.parametrize("key", KEYS)
def test_defaults_show_what_the_booklet_says(key):
    s = state(key)
    assert EXPECTED[key](s), s


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_explained_in_every_language(key, lang):
    lines = explain(case_table(scenario(key).build({})), lang)
    assert len(lines) >= 2 and all(isinstance(x, str) and x for x in lines)
    if lang in RTL_LANGUAGES:
        assert all(line.startswith("\u200f") for line in lines)


# --- answers override the defaults ---------------------------------------------------------------

def test_override_insufficient_bid():
    s = state("insufficient_bid", call="1D")
    assert s["irregularities"][0]["call"] == "1D" and s["decision"]["by"] == "S"
    s = state("insufficient_bid", auction="1S P", call="1H")
    assert s["irregularities"][0]["by"] == "S" and s["decision"]["by"] == "W"
    assert state("insufficient_bid", new_call="2H")["laws"][-1] == "27B1a"
    assert state("insufficient_bid", new_call="2D", comparable="yes")["laws"][-1] == "27B1b"
    s = state("insufficient_bid", new_call="P")
    assert s["laws"][-1] == "27B2" and s["barred"] == {"W": "rest_of_auction"}


def test_override_judgements():
    s = state("wrong_count_before_call", seen="yes")
    assert s["laws"] == ["13A2"] and {"flag": "Review13A2", "law": "12C1b"} in s["flags"]
    s = state("wrong_count_after_call", playable="no")
    assert s["adjustment"] == {"law": "13B2", "score": "assigned"} and s["phase"] == "complete"
    assert {"flag": "Review13C", "law": "13C"} in state("surplus_card",
                                                         completed_trick="yes")["flags"]
    assert state("wrong_board", played_before="yes")["adjustment"] == {"law": "15B1",
                                                                       "score": "artificial"}
    s = state("lead_restriction_withdrawn_call", comparable="yes")
    assert s["decision"] is None and s["phase"] == "play" and "27B1b" in s["laws"]
    s = state("cards_played_together", faces_seen="no")
    assert "58B1" in s["laws"] and s["trick"] == ["CQ", "C4", "C8"]
    s = state("concession", partner_objects="yes")
    assert kinds(s) == ["concession_objected_by_partner"] and "68B2" in s["laws"]
    s = state("claim_disputed", award="10")
    assert s["phase"] == "complete" and "70" in s["laws"] and s["tricks"] == {"NS": 11, "EW": 2}


def test_override_calls_and_cards():
    assert state("card_exposed_during_auction", card="C9")["barred"] == {}
    led = state("card_exposed_during_auction", card="C9", how="led")
    assert led["barred"] == {"W": "next_turn"} and led["laws"][-1] == "24B"
    assert state("misinformation_change", lho_call="1H")["laws"] == ["21B1a", "21B2"]
    s = state("opening_lead_out_of_turn", auction="1S P 2H P 4H P P P", who="E", card="CQ")
    assert s["decision"]["by"] == "S"                    # South declares 4H, West should lead
    s = state("premature_play", play="HJ H5", card="CQ")
    assert s["decision"]["by"] == "N" and s["irregularities"][0]["card"] == "CQ"
    s = state("revoke_established", tricks="12")        # no later trick for EW, but East
    assert s["revokes"][0]["transfer"] == 1               # won the revoke trick (64A2)
    assert s["tricks"] == {"NS": 13, "EW": 0}
    assert state("minor_penalty_card", deliberate="yes")["penalty_cards"] == pc(W="H3")
    s = state("missing_card", auction="1N P 3N P P P", play="CQ C4 C5 CK", who="W", card="H3")
    assert s["laws"][-1] == "14B4"
    s = state("two_penalty_cards_same_suit", cards="D4 D5", after="H2 H9 H5 H3")
    assert s["penalty_cards"] == pc(W="D4 D5")


def test_another_deal_and_board():
    # board 2: East deals; the same cards turned a quarter (South holds North's hand)
    deal = "E:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
    case = scenario("insufficient_bid").build({"auction": "1N"}, deal=deal, board=2)
    assert case["board"] == 2 and case["events"][0] == {"by": "E", "call": "1N"}
    s = case_table(case).state()
    assert s["irregularities"][0]["by"] == "S" and s["decision"]["by"] == "W"


# --- malformed answers ----------------------------------------------------------------------------

MALFORMED = [
    ("insufficient_bid", {"call": "1Z"}, "call"),
    ("insufficient_bid", {"call": "2H"}, "call"),            # sufficient: not this scenario
    ("insufficient_bid", {"auction": "1N 1H"}, "auction"),   # the auction so far is lawful
    ("insufficient_bid", {"auction": "1N P P P"}, "auction"),
    ("pass_out_of_rotation", {"who": "Q"}, "who"),
    ("pass_out_of_rotation", {"who": "E"}, "who"),           # his turn: not out of rotation
    ("bid_out_of_rotation_rho", {"who": "W"}, "who"),
    ("bid_out_of_rotation_partner", {"who": "E"}, "who"),
    ("opening_lead_out_of_turn", {"card": "SA"}, "card"),    # not in West's hand
    ("opening_lead_out_of_turn", {"card": "S1"}, "card"),
    ("opening_lead_out_of_turn", {"auction": "1N P 3N"}, "auction"),
    ("surplus_card", {"play": "CQ SA"}, "play"),
    ("surplus_card", {"completed_trick": "maybe"}, "completed_trick"),
    ("claim_agreed", {"tricks": "20"}, "tricks"),
    ("claim_agreed", {"tricks": "many"}, "tricks"),
    ("claim_agreed", {"who": "S"}, "who"),                   # dummy cannot claim
    ("opening_lead_out_of_turn", {"who": "E", "card": "CQ"}, "who"),   # his own lead
    ("opening_lead_out_of_turn", {"who": "S", "card": "HA"}, "who"),   # dummy-to-be: Law 24
    ("revoke_corrected", {"card": "S3"}, "card"),            # follows suit: no revoke
    ("revoke_established", {"after": "C2"}, "after"),        # not yet established
    ("major_penalty_card", {"who": "N"}, "who"),
    ("two_penalty_cards_same_suit", {"cards": "C8 D4"}, "cards"),
    ("penalty_card_each_defender", {"cards": "HJ HT"}, "cards"),
    ("card_exposed_during_auction", {"auction": "1N P P P"}, "auction"),
    ("misinformation_change", {"auction": "1C P 1S P"}, "who"),
    ("unintended_change", {"who": "W"}, "who"),
    ("intended_change", {"who": "N"}, "who"),
    ("wrong_board_call", {"who": "W"}, "who"),
    ("missing_card", {"card": "SA"}, "card"),
    ("call_after_final_pass", {"auction": "1N P"}, "auction"),
    ("forgotten_agreement", {"auction": "1N 3N 2C"}, "auction"),
    ("wrong_count_after_call", {"auction": ""}, "auction"),
    ("inadmissible_double", {"call": "1S"}, "call"),
    ("call_in_breach_of_bar", {"call": "P"}, "call"),        # a pass is what he must make
    ("defective_trick", {"play": "CQ C4 C5 C2"}, "play"),    # a lead cannot be omitted
]


@pytest.mark.parametrize("key,answers,fact", MALFORMED)
def test_malformed_answer_names_the_fact(key, answers, fact):
    with pytest.raises(BridgeError) as e:
        scenario(key).build(answers)
    assert e.value.where == fact, e.value


def test_malformed_deal_board_and_answers():
    with pytest.raises(BridgeError) as e:
        scenario("insufficient_bid").build({}, deal="N:AKQ")
    assert e.value.where == "deal"
    with pytest.raises(BridgeError) as e:
        scenario("insufficient_bid").build({}, board=0)
    assert e.value.where == "board"
    with pytest.raises(BridgeError):
        scenario("insufficient_bid").build(["1H"])


GARBAGE = ("", "   ", "zz", "7N", "8S", "SA", "C2", "N", "W", "99", "-1", "yes", "X XX",
           "1N P P P", "CQ C4 C5 CK", None, 5)


@pytest.mark.parametrize("key", KEYS)
def test_any_answer_builds_or_is_a_bridge_error(key):
    s = scenario(key)
    for f in s.facts:
        for value in GARBAGE:
            try:
                case = s.build({f.name: value})
            except BridgeError as e:
                assert e.where in [x.name for x in s.facts], (f.name, value, e)
                continue
            case_table(case).state()


# --- the messages ---------------------------------------------------------------------------------

def catalogue(lang):
    """The entries of ``lang``'s catalogue, a plural entry's forms one a line."""
    return {k: v if isinstance(v, str) else "\n".join(v)
            for k, v in i18n_catalogue(lang).items()}


def booklet_keys():
    keys = [f"booklet.group.{g}" for g in GROUP_KEYS]
    for s in SCENARIOS:
        keys += [s.title, s.summary] + [f.label for f in s.facts]
        keys += [f"booklet.choice.{c}" for f in s.facts for c in f.choices]
    from bridgelaws.service.assistant.booklet import SUIT_CHOICES, TAP_FORMS, TAP_FORMS_1997
    # the forms of facts (taps), and those that ask more under the 1997 Laws
    for s in (*TAP_FORMS.values(), *TAP_FORMS_1997.values()):
        keys += [f.label for f in s.facts]
        keys += [f"booklet.choice.{c}" for f in s.facts for c in f.choices
                 if f.choices != SUIT_CHOICES]           # suits: their symbols and names
    return sorted(set(keys))


def test_fact_and_choice_names():
    assert "who" in fact_names() and "auction" in fact_names()
    assert set(choice_values()) == {"yes", "no", "exposed", "led"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_is_in_the_catalogue(lang):
    cat = catalogue(lang)
    missing = [k for k in booklet_keys() if not (isinstance(cat.get(k), str) and cat[k].strip())]
    assert missing == []
    ours = {k for k in cat if k.startswith("booklet.")}
    assert ours == set(booklet_keys())                  # nothing left over either
    if lang in ("he", "ru"):                             # Latin letters only in law numbers
        assert not [k for k in ours if re.search(r"[A-Za-z]{3,}", cat[k])]


def law_refs(text):
    return sorted(set(re.findall(r"\d+[A-Za-z0-9]*", text)))


@pytest.mark.parametrize("key", KEYS)
def test_summaries_cite_the_laws(key):
    s = scenario(key)
    en = catalogue("en")[s.summary]
    assert any(law in en for law in s.laws), (s.laws, en)
    for lang in LANGUAGES:
        assert law_refs(catalogue(lang)[s.summary]) == law_refs(en), lang
