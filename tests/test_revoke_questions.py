"""Law 61B: questions about a revoke, and their answers, as events of the table's log.

Two deals, 1NT by North (East leads, South is dummy):

* ``DEAL``: N AKQ2.KQ2.A32.K32  E T98.JT9.KQJ.QJT9  S J76.A8765.T98.A4  W 543.43.7654.8765
  (nobody is void: whoever shows out has revoked);
* ``VOID``: the same with West void in clubs (his clubs went to South, South's diamonds
  and a heart to West): N AKQ2.KQ2.A32.K32  E T98.JT9.KQJ.QJT9  S J76.A876..A87654
  W 543.543.T987654.
"""

from __future__ import annotations

import json

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.events import Answer, DrawAttention, Question
from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table, event_to_json, parse_event
from bridgelaws.table import QuestionRefused, TableError

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
VOID = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A876..A87654 543.543.T987654."
AUCTION = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
           {"by": "W", "call": "P"}]
#: West (holding clubs) plays a diamond to the club lead: a revoke
WEST_REVOKES = AUCTION + [{"by": "E", "play": "CQ"}, {"by": "S", "play": "C4"},
                          {"by": "W", "play": "D4"}]
#: North, declarer (holding diamonds), plays a heart to the diamond lead: a revoke
NORTH_REVOKES = AUCTION + [{"by": "E", "play": "DK"}, {"by": "S", "play": "D8"},
                           {"by": "W", "play": "D4"}, {"by": "N", "play": "H2"}]


def table(events, deal=DEAL, **case):
    return case_table({"board": 1, "deal": deal, "events": events, **case})


def refused(events, code, deal=DEAL, **case):
    """The last event (a question) is refused for ``code``; the log keeps the others."""
    with pytest.raises(QuestionRefused) as e:
        table(events, deal, **case)
    assert e.value.code == code, e.value
    return e.value


# --- who may ask whom ------------------------------------------------------------------------

def test_declarer_may_ask_a_defender_who_showed_out():
    t = table(WEST_REVOKES + [{"by": "N", "ask": "W"}])
    s = t.state()
    assert s["question"] == {"by": "N", "asks": "W", "trick": 1, "suit": "C", "law": "61B1",
                             "answer": None, "event": 7}
    assert s["to_act"] == "W" and s["legal_cards"] == [] and s["laws"][-1] == "61B1"
    assert s["questions"] == [s["question"]]


def test_dummy_may_ask_declarer():
    t = table(NORTH_REVOKES + [{"by": "S", "ask": "N"}])
    assert t.state()["question"]["law"] == "61B2a"


def test_dummy_may_not_ask_a_defender():
    e = refused(WEST_REVOKES + [{"by": "S", "ask": "W"}], "dummy_defender")
    assert "61B2b" in e.reason and e.where == "event 7"


def test_a_defender_may_ask_declarer():
    t = table(NORTH_REVOKES + [{"by": "E", "ask": "N"}])
    assert t.state()["question"]["law"] == "61B3"


def test_defenders_may_ask_each_other_unless_the_regulation_forbids_it():
    t = table(WEST_REVOKES + [{"by": "E", "ask": "W"}])
    assert t.state()["question"]["law"] == "61B3"
    e = refused(WEST_REVOKES + [{"by": "E", "ask": "W"}], "partner",
                regulation={"defenders_ask_each_other": False})
    assert "61B3" in e.reason
    # declarer still may; and the regulation says nothing of declarer asking
    t = table(WEST_REVOKES + [{"by": "N", "ask": "W"}],
              regulation={"defenders_ask_each_other": False})
    assert t.state()["question"]["law"] == "61B1"
    assert t.copy().regulation == {"defenders_ask_each_other": False}


def test_a_regulation_is_checked():
    for bad in ({"defenders_may_ask": False}, {"defenders_ask_each_other": "no"}, ["x"]):
        with pytest.raises(BridgeError) as e:
            table(AUCTION, regulation=bad)
        assert e.value.where == "case"


def test_nobody_asks_a_player_who_followed_suit_himself_or_dummy():
    refused(WEST_REVOKES + [{"by": "N", "ask": "E"}], "followed")     # East led
    refused(WEST_REVOKES + [{"by": "N", "ask": "W", "trick": 2}], "followed")
    refused(WEST_REVOKES + [{"by": "W", "ask": "W"}], "self")
    refused(NORTH_REVOKES + [{"by": "E", "ask": "S"}], "dummy")      # dummy is face up
    refused(AUCTION + [{"by": "N", "ask": "W"}], "followed")         # no card played yet
    refused(AUCTION[:2] + [{"by": "N", "ask": "W"}], "not_play")     # the auction


def test_after_43A2_dummy_still_asks_declarer_and_64_applies_as_if_established():
    # Law 43B2b: dummy, having broken 43A2, is the first to ask declarer about a revoke:
    # declarer corrects it, and Law 64 applies as if it were established
    events = NORTH_REVOKES[:-1] + [{"by": "E", "attention": "dummy_limits"},
                                   NORTH_REVOKES[-1], {"by": "S", "ask": "N"},
                                   {"by": "N", "answer": "yes"}]
    t = table(events)
    s = t.state()
    assert s["laws"][-4:] == ["61B2a", "43B2b", "62A", "62B2"]
    (r,) = t.revokes
    assert r.corrected and r.forced and "43A1b" not in s["laws"]
    # without 43A2, dummy's question draws no attention of his own (no 43A1b)
    t = table(NORTH_REVOKES + [{"by": "S", "ask": "N"}, {"by": "N", "answer": "yes"}])
    assert t.state()["laws"][-3:] == ["61B2a", "62A", "62B2"] and not t.revokes[0].forced
    assert t.flags == []


# --- the answer ------------------------------------------------------------------------------

def test_yes_corrects_the_revoke_and_a_defenders_card_is_a_penalty_card():
    t = table(WEST_REVOKES + [{"by": "N", "ask": "W"}, {"by": "W", "answer": "yes"}])
    s = t.state()
    assert s["question"] is None and s["questions"][0]["answer"] == "yes"
    assert s["laws"] == ["61A", "61B1", "62A", "62B1"]
    assert s["penalty_cards"] == {"W": [{"card": "D4", "major": True}]}
    assert s["trick"] == ["CQ", "C4"] and s["to_act"] == "W"
    assert s["legal_cards"] == ["C5", "C6", "C7", "C8"]
    assert s["revokes"] == [{"seat": "W", "trick": 1, "established": False, "corrected": True,
                             "transfer": 0}]


def test_yes_on_an_established_revoke_leaves_it_to_law_64_at_the_end():
    events = WEST_REVOKES + [{"by": "N", "play": "CK"},            # N wins trick 1
                             {"by": "N", "play": "SA"}, {"by": "E", "play": "S8"},
                             {"by": "S", "play": "S6"}, {"by": "W", "play": "S3"},
                             {"by": "N", "ask": "W", "trick": 1}, {"by": "W", "answer": "yes"}]
    t = table(events)
    s = t.state()
    assert s["laws"] == ["61A", "63A1", "61B1", "63B"]
    (r,) = t.revokes
    assert r.established and not r.corrected and s["penalty_cards"] == {}
    # North claims ten of the eleven tricks left; East-West accept: Law 64A2 at the end
    t2 = table(events + [{"by": "N", "claim": 10}, {"by": "E", "respond": "accept"},
                         {"by": "W", "respond": "accept"}])
    s = t2.state()
    assert s["phase"] == "complete" and "64A2" in s["laws"]
    assert s["tricks"] == {"NS": 13, "EW": 0} and s["revokes"][0]["transfer"] == 1


def test_no_changes_nothing_and_play_goes_on():
    events = AUCTION + [{"by": "E", "play": "CQ"}, {"by": "S", "play": "C4"},
                        {"by": "W", "play": "D4"}]                   # void: no revoke
    before = table(events, VOID).state()
    t = table(events + [{"by": "N", "ask": "W"}, {"by": "W", "answer": "no"}], VOID)
    s = t.state()
    assert s["questions"] == [{"by": "N", "asks": "W", "trick": 1, "suit": "C", "law": "61B1",
                               "answer": "no", "event": 7}]
    assert s["laws"] == ["61B1"] and s["question"] is None
    for key in ("to_act", "legal_cards", "trick", "penalty_cards", "revokes", "irregularities"):
        assert s[key] == before[key], key
    t.play("CK")                                                    # play goes on


def test_an_answer_must_be_true_and_come_from_the_asked_player_first():
    with pytest.raises(TableError) as e:
        table(WEST_REVOKES + [{"by": "N", "ask": "W"}, {"by": "W", "answer": "no"}])
    assert "true" in e.value.reason and e.value.where == "event 8"
    void = AUCTION + [{"by": "E", "play": "CQ"}, {"by": "S", "play": "C4"},
                      {"by": "W", "play": "D4"}, {"by": "N", "ask": "W"}]
    with pytest.raises(TableError):
        table(void + [{"by": "W", "answer": "yes"}], VOID)
    with pytest.raises(TableError) as e:
        table(void + [{"by": "E", "answer": "no"}], VOID)             # not asked
    assert "W" in e.value.reason
    with pytest.raises(TableError) as e:
        table(void + [{"by": "N", "play": "CK"}], VOID)               # the answer first
    assert "61B1" in e.value.reason
    with pytest.raises(TableError):
        table(WEST_REVOKES + [{"by": "W", "answer": "yes"}])          # nobody asked
    # a refused event changes nothing: the question still waits for the answer
    t = table(void, VOID)
    with pytest.raises(TableError):
        t.play("CK")
    assert t.state()["question"]["asks"] == "W" and t.to_act_name == "W"
    t.apply(parse_event({"by": "W", "answer": "no"}, len(t.events)))
    assert t.to_act_name == "N"


def test_the_answer_is_about_the_trick_asked_after_later_cards():
    # West revoked on trick 1, then followed with a club on trick 2: he held one then
    events = WEST_REVOKES + [{"by": "N", "play": "CK"}, {"by": "N", "play": "C3"},
                             {"by": "E", "play": "CJ"}, {"by": "S", "play": "CA"},
                             {"by": "W", "play": "C8"}]
    t = table(events + [{"by": "E", "ask": "W", "trick": 1}])
    assert t.true_answer() == "yes"
    # with no trick named, the latest trick where West showed out (trick 1)
    t = table(events + [{"by": "N", "ask": "W"}])
    assert t.state()["question"]["trick"] == 1


# --- attention to a named revoke -----------------------------------------------------------

def test_attention_names_the_revoke_it_points_at():
    # West revokes on trick 1; East, his partner, revokes on trick 2, establishing West's
    events = WEST_REVOKES + [{"by": "N", "play": "CK"}, {"by": "N", "play": "SA"},
                             {"by": "E", "play": "H9"}]
    t = table(events + [{"by": "N", "attention": "revoke", "offender": "W", "trick": 1}])
    west, east = t.revokes
    assert west.noticed and west.established and not west.corrected
    assert not east.noticed and not east.corrected and t.laws[-1] == "63B"
    # without a name, the latest open revoke (East's) is corrected
    t = table(events + [{"by": "N", "attention": "revoke"}])
    assert t.revokes[1].corrected and t.laws[-2:] == ["62A", "62B1"]
    with pytest.raises(TableError) as e:
        table(events + [{"by": "N", "attention": "revoke", "offender": "N"}])
    assert "no such revoke" in e.value.reason


def test_a_revoke_found_by_attention_to_a_defective_trick_is_known_to_all():
    # Law 67B1: West omitted his card to trick 1; attention comes after both sides played
    # to trick 2: the card he places makes him deemed to have revoked, in front of all
    events = AUCTION + [{"by": "E", "play": "CQ"}, {"by": "S", "play": "C4"},
                        {"by": "W", "omit": True}, {"by": "N", "play": "CK"},
                        {"by": "N", "play": "SA"}, {"by": "E", "play": "S8"},
                        {"by": "S", "play": "S6"}, {"by": "W", "play": "S3"},
                        {"by": "E", "attention": "defective_trick"},
                        {"by": "W", "choose": "designate", "card": "C5"}]
    (r,) = table(events).revokes
    assert r.deemed and r.noticed and r.established


# --- the case format -----------------------------------------------------------------------

def test_questions_answers_and_named_attention_round_trip_through_json():
    objs = [{"by": "S", "ask": "W", "trick": 5}, {"by": "S", "ask": "W"},
            {"by": "W", "answer": "yes"}, {"by": "E", "answer": "no"},
            {"by": "N", "attention": "revoke", "offender": "W", "trick": 3},
            {"by": "N", "attention": "revoke"}]
    for i, obj in enumerate(objs):
        event = parse_event(obj, i)
        assert event_to_json(event) == obj
        assert json.loads(json.dumps(event_to_json(event))) == obj
    assert parse_event(objs[0], 0) == Question(2, 3, 5)
    assert parse_event(objs[2], 0) == Answer(3, "yes")
    assert parse_event(objs[4], 0) == DrawAttention(0, "revoke", 3, 3)
    for bad, why in (({"by": "S", "ask": "X"}, "seat"), ({"by": "S", "ask": "W", "trick": 14},
                                                          "trick"),
                     ({"by": "S", "ask": "W", "trick": True}, "trick"),
                     ({"by": "W", "answer": "maybe"}, "yes"),
                     ({"by": "N", "attention": "revoke", "offender": 3}, "seat")):
        with pytest.raises(BridgeError) as e:
            parse_event(bad, 4)
        assert why in e.value.reason and e.value.where == "event 4"
    # a whole board with a question replays to the same state from its JSON
    t = table(WEST_REVOKES + [{"by": "N", "ask": "W"}, {"by": "W", "answer": "yes"}])
    again = table([event_to_json(e) for e in t.events])
    assert again.state() == t.state()


# --- the Director's read-out ----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "he", "pl", "ru", "nb"])
def test_the_read_out_tells_the_question_and_the_answer(lang):
    asked = explain(table(WEST_REVOKES + [{"by": "N", "ask": "W"}]), lang)
    yes = explain(table(WEST_REVOKES + [{"by": "N", "ask": "W"},
                                        {"by": "W", "answer": "yes"}]), lang)
    no = explain(table(AUCTION + [{"by": "E", "play": "CQ"}, {"by": "S", "play": "C4"},
                                  {"by": "W", "play": "D4"}, {"by": "N", "ask": "W"},
                                  {"by": "W", "answer": "no"}], VOID), lang)
    assert "61B1" in asked[-1] and "61B1" in no[-1]
    assert yes[-1].split()[-4:] == ["61B1,", "61A,", "62A,", "62B1"]
    assert len(asked) == 4 and len(no) == 4 and len(yes) == 6
    assert len({asked[2], no[2], yes[2]}) == 3          # pending, none, has one
    if lang == "en":
        assert asked[1].startswith("What happened: North asked West")
        assert "has none" in no[2] and "has one" in yes[2]
        assert "penalty card" in yes[4]
    else:
        # the read-out is in the language: none of the English words
        for word in ("asked", "answered", "must", "trick", "whether", "Law"):
            assert word not in "\n".join(asked + yes + no), (lang, word)
