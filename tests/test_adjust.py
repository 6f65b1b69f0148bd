"""Adjusted scores from the Director's likely results (Law 12C): tournament/adjust.py.

Every expected figure below is worked by hand from the Laws in the test's comments:
Law 77 for each result's score, 78A for matchpoints (2 for each score beaten, 1 for
each tie, top 2(n-1)), 78B for IMPs, 12C1c for weighting (each part scored against the
field, then the points weighted), 12C1e for scores that do not balance, 12C2 for
artificial scores and the 1997 12C2 for the favourable/unfavourable rule.
"""

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.laws.edition import edition
from bridgelaws.tournament.adjust import (MAX_OUTCOMES, adjustment, adjustment_json,
                                          adjustment_lines)

#: a real deal (dealt at random, solved by DDS): South makes exactly ten tricks in spades
DEAL = "N:KT2.QJ984.T.AK65 85.73.QJ93.QJ432 AQ9763.2.K864.T9 J4.AKT65.A752.87"


def r(contract, declarer=None, result=None, weight=None, tricks=None, likelihood=None):
    o = {"contract": contract}
    for k, v in (("declarer", declarer), ("result", result), ("weight", weight),
                 ("tricks", tricks), ("likelihood", likelihood)):
        if v is not None:
            o[k] = v
    return o


def case(**kw):
    base = {"board": 1, "vulnerable": "all"}
    base.update(kw)
    return base


# --------------------------------------------------------------- 12C1c: weighted


def test_weighted_balanced_total_points():
    """30% 4♠= / 70% 4♠-1 by South, vulnerable (Law 77): 4♠= vul is 120 + 500 = +620,
    4♠-1 vul is -100.  N-S: 0.3 x 620 + 0.7 x (-100) = 186 - 70 = +116; E-W -116."""
    a = adjustment(case(ns=[r("4S", "S", "=", 0.3), r("4S", "S", "-1", 0.7)]))
    assert a.kind == "weighted"
    assert [o.score_ns for o in a.ns.outcomes] == [620, -100]
    assert a.ns.score == pytest.approx(116) and a.ew.score == pytest.approx(-116)
    assert a.laws == ["12C1b", "12C1c", "77"]
    lines = adjustment_lines(a)
    assert "N-S: 30% 4♠ S = (+620) + 70% 4♠ S -1 (−100) = +116" in lines
    assert "E-W: 30% 4♠ S = (−620) + 70% 4♠ S -1 (+100) = −116" in lines


def test_weighted_not_vulnerable_and_tricks():
    """Board 1 is vulnerable for nobody (Law 2): 4♠= is 120 + 300 = +420, 4♠-1 -50.
    'tricks' 10 is the same as result '='.  N-S 0.5 x 420 + 0.5 x (-50) = +185."""
    a = adjustment({"board": 1, "ns": [r("4S", "S", tricks=10, weight=0.5),
                                       r("4S", "S", "-1", 0.5)]})
    assert a.board.vulnerable == "none"
    assert [o.score_ns for o in a.ns.outcomes] == [420, -50]
    assert a.ns.score == pytest.approx(185)


def test_weighted_matchpoints_in_a_small_field():
    """70% 4♠= (+620) / 30% 4♠-1 (-100), vulnerable, against five other results:
    4♠= S +620, 4♠= N +620, 3♠+1 +170, 4♠-1 -100, 5♥X by West -2 (vul: 200 + 300) +500.
    Six results, top 2 x 5 = 10.
    +620 beats 170, -100, 500 (6) and ties two 620s (2): 8 mp; E-W 10 - 8 = 2.
    -100 ties one -100: 1 mp; E-W 9.
    N-S 0.7 x 8 + 0.3 x 1 = 5.9 (59%); E-W 0.7 x 2 + 0.3 x 9 = 4.1 (41%)."""
    a = adjustment(case(scoring="mp", ns=[r("4S", "S", "=", 0.7), r("4S", "S", "-1", 0.3)],
                        field=[r("4S", "S", "="), r("4S", "N", "="), r("3S", "S", "+1"),
                               r("4S", "S", "-1"), r("5HX", "W", "-2")]))
    assert a.field == [620, 620, 170, -100, 500]
    assert a.ns.part_points == [8, 1] and a.ew.part_points == [2, 9]
    assert a.ns.points == pytest.approx(5.9) and a.ew.points == pytest.approx(4.1)
    assert a.ns.top == 10 and a.ns.percent == pytest.approx(59)
    assert "78A" in a.laws
    assert "N-S: 70% 4♠ S = (+620: 8 mp) + 30% 4♠ S -1 (−100: 1 mp) = 5.9 mp / 10 (59%)" \
        in adjustment_lines(a)


def test_field_given_as_scores_is_the_same():
    a = adjustment(case(ns=[r("4S", "S", "=", 0.7), r("4S", "S", "-1", 0.3)],
                        field=[{"score": s} for s in (620, 620, 170, -100, 500)]))
    assert a.scoring == "mp"           # the default with a field
    assert a.ns.points == pytest.approx(5.9)


def test_weighted_imps_against_the_other_table():
    """Teams: the other table scored N-S +170 (3♠+1).  +620 - 170 = 450: 10 IMPs (430-490);
    -100 - 170 = -270: -7 IMPs (270-310).  N-S 0.7 x 10 + 0.3 x (-7) = 7 - 2.1 = +4.9."""
    a = adjustment(case(scoring="imp", ns=[r("4S", "S", "=", 0.7), r("4S", "S", "-1", 0.3)],
                        field=[r("3S", "S", "+1")]))
    assert a.ns.part_points == [10, -7]
    assert a.ns.points == pytest.approx(4.9) and a.ew.points == pytest.approx(-4.9)
    assert "78B" in a.laws
    assert "Against the other table's result: IMPs" in adjustment_lines(a)


def test_weighted_cross_imps():
    """Two other results, +170 and -100.  +620: 450 -> 10, 720 -> 12, average 11;
    -100: -270 -> -7, 0 -> 0, average -3.5.  N-S 0.7 x 11 + 0.3 x (-3.5) = 7.7 - 1.05 = 6.65."""
    a = adjustment(case(scoring="imp", ns=[r("4S", "S", "=", 0.7), r("4S", "S", "-1", 0.3)],
                        field=[{"score": 170}, {"score": -100}]))
    assert a.ns.part_points == [11, -3.5]
    assert a.ns.points == pytest.approx(6.65)


# --------------------------------------------------------------- 12C1e: split


def test_split_score_total_points():
    """12C1e: the offenders (E-W) get the score of their infraction's consequence,
    4♠= by South (+620 for N-S, so E-W -620); the non-offenders, whose serious error
    caused part of the damage, get 50% 4♠= / 50% 4♠-1: 310 - 50 = +260."""
    a = adjustment(case(offenders="EW",
                        ns=[r("4S", "S", "=", 0.5), r("4S", "S", "-1", 0.5)],
                        ew=[r("4S", "S", "=", 1)]))
    assert a.kind == "split"
    assert a.ns.score == pytest.approx(260) and a.ew.score == pytest.approx(-620)
    assert "12C1e" in a.ns.laws and "12C1e" in a.ew.laws
    assert "12C1c" in a.ns.laws and "12C1c" not in a.ew.laws


def test_split_score_matchpoints():
    """The same split among three other results +620, +170, -100 (top 6).
    N-S on its own scores: +620 beats 170, -100 (4) and ties 620 (1): 5; -100 ties -100: 1;
    0.5 x 5 + 0.5 x 1 = 3.  E-W on its own score +620: N-S would have 5, E-W 6 - 5 = 1."""
    a = adjustment(case(offenders="EW",
                        ns=[r("4S", "S", "=", 0.5), r("4S", "S", "-1", 0.5)],
                        ew=[r("4S", "S", "=", 1)], field=[{"score": s} for s in (620, 170, -100)]))
    assert a.ns.points == pytest.approx(3) and a.ew.points == pytest.approx(1)
    assert a.ns.points + a.ew.points != a.ns.top     # they need not balance (12C1e)


def test_same_results_in_another_order_balance():
    a = adjustment(case(ns=[r("4S", "S", "=", 0.3), r("4S", "S", "-1", 0.7)],
                        ew=[r("4S", "S", "-1", 0.7), r("4S", "S", "=", 0.3)]))
    assert a.kind == "weighted"


# --------------------------------------------------------------- 12C2: artificial


def test_artificial_matchpoints():
    """12C2a: average plus is 60%, average minus 40%.  With four other results the
    board has five (top 8): N-S 0.6 x 8 = 4.8, E-W 0.4 x 8 = 3.2."""
    a = adjustment(case(offenders="EW", artificial={"ns": "avg+", "ew": "avg-"},
                        field=[{"score": s} for s in (620, 170, -100, 500)]))
    assert a.kind == "artificial"
    assert (a.ns.artificial_value, a.ew.artificial_value) == (60, 40)
    assert a.ns.points == pytest.approx(4.8) and a.ew.points == pytest.approx(3.2)
    assert a.laws == ["12C2a"]
    lines = adjustment_lines(a)
    assert "N-S: average plus = 60% = 4.8 mp / 8" in lines


def test_artificial_partly_at_fault_is_average():
    """12C2a: a side only partly at fault gets average, 50%; in IMPs 0 (12C2b)."""
    a = adjustment(case(scoring="mp", artificial={"ns": "avg", "ew": "avg-"}, offenders="EW"))
    assert (a.ns.artificial_value, a.ew.artificial_value) == (50, 40)
    a = adjustment(case(scoring="imp", artificial={"ns": "avg", "ew": "avg"}))
    assert (a.ns.points, a.ew.points) == (0, 0)


def test_artificial_imps():
    """12C2b: +3 / -3 IMPs."""
    a = adjustment(case(scoring="imp", offenders="NS", artificial={"ns": "avg-", "ew": "avg+"}))
    assert (a.ns.points, a.ew.points) == (-3, 3)
    assert a.laws == ["12C2a", "12C2b"]
    assert "E-W: average plus = +3 IMP" in adjustment_lines(a)


def test_artificial_session_rule_2017_and_1997():
    """12C2c (2017): the non-offender above 60% on the session keeps its 65%; the offender
    below 40% gets its own 35%.  1997 Law 88 protects only the non-offender: the
    offender keeps 40%."""
    c = case(scoring="mp", offenders="EW", artificial={"ns": "avg+", "ew": "avg-"},
             session={"ns": 65, "ew": 35})
    a = adjustment(c)
    assert (a.ns.artificial_value, a.ew.artificial_value) == (65, 35)
    assert "12C2c" in a.ns.laws and "12C2c" in a.ew.laws
    a = adjustment({**c, "edition": "1997"})
    assert (a.ns.artificial_value, a.ew.artificial_value) == (65, 40)
    assert a.ns.laws == ["12C1", "88"] and a.ew.laws == ["12C1"]


def test_artificial_imps_1997_is_86A():
    a = adjustment(case(edition="1997", scoring="imp", artificial={"ns": "avg+", "ew": "avg-"}))
    assert (a.ns.points, a.ew.points) == (3, -3)
    assert a.laws == ["12C1", "86A"]


# --------------------------------------------------------------- 1997 12C2


OUTCOMES_1997 = [r("4S", "S", "=", likelihood="likely"),       # +620
                 r("4S", "S", "-1", likelihood="likely"),      # -100
                 r("4S", "S", "+1", likelihood="probable"),    # +650
                 r("4S", "S", "-2", likelihood="probable")]    # -200


def test_1997_favourable_and_unfavourable():
    """1997 12C2, E-W offending: N-S get the most favourable *likely* result, 4♠= +620
    (4♠+1 +650 is only probable); E-W the most unfavourable result that was at all
    probable, 4♠+1: -650.  Two different results, no weights."""
    a = adjustment(case(edition="1997", offenders="EW", outcomes=OUTCOMES_1997))
    assert a.kind == "split"
    assert [o.text() for o in a.ns.outcomes] == ["4♠ S ="]
    assert [o.text() for o in a.ew.outcomes] == ["4♠ S +1"]
    assert (a.ns.score, a.ew.score) == (620, -650)
    assert a.laws == ["12C2", "77"]


def test_1997_offenders_north_south():
    """N-S offending: E-W get their best likely result, 4♠-1 (N-S -100, E-W +100); N-S
    their worst probable one, 4♠-2 (-200)."""
    a = adjustment(case(edition="1997", offenders="NS", outcomes=OUTCOMES_1997))
    assert (a.ns.score, a.ew.score) == (-200, 100)


def test_1997_one_result_balances():
    a = adjustment(case(edition="1997", offenders="EW",
                        outcomes=[r("4S", "S", "=", likelihood="likely")]))
    assert a.kind == "assigned" and (a.ns.score, a.ew.score) == (620, -620)


def test_1997_in_a_field():
    """The 1997 split among +620, +170, -100 (top 6): N-S on +620: 5 mp; E-W on +650
    (beats all three for N-S: 6), so E-W 0."""
    a = adjustment(case(edition="1997", offenders="EW", outcomes=OUTCOMES_1997,
                        field=[{"score": s} for s in (620, 170, -100)]))
    assert (a.ns.points, a.ew.points) == (5, 0)


def test_edition_hook():
    assert edition("2017").adjusted_score_laws().weighting == "12C1c"
    assert edition("1997").adjusted_score_laws().weighted is False
    assert edition("1997").adjusted_score_laws().assigned == "12C2"


# --------------------------------------------------------------- the DD aid


def test_dd_aid_matches_endplay():
    """The aid's tricks for each candidate's declarer and strain are DDS's, as endplay
    computes them for the deal (the reference is endplay's own calc_dd_table)."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EDeal, Denom, Player
    a = adjustment(case(deal=DEAL, ns=[r("4S", "S", "=", 0.5), r("3N", "N", "-1", 0.25),
                                       r("4S", "S", "-1", 0.25)]))
    ref = calc_dd_table(EDeal(DEAL))
    assert [(d["contract"], d["declarer"]) for d in a.dd] == [("4S", "S"), ("3N", "N")]
    assert a.dd[0]["tricks"] == ref[Denom.spades, Player.south] == 10
    assert a.dd[1]["tricks"] == ref[Denom.nt, Player.north]
    assert a.dd[0]["result"] == "=" and a.dd[0]["score_ns"] == 620
    made = a.dd[1]["tricks"] - 9
    assert a.dd[1]["result"] == ("=" if made == 0 else f"{made:+d}")


def test_dd_aid_for_east_west_declarer():
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EDeal, Denom, Player
    a = adjustment(case(deal=DEAL, ns=[r("4H", "W", "-1", 1)]))
    t = calc_dd_table(EDeal(DEAL))[Denom.hearts, Player.west]
    assert a.dd == [{"contract": "4H", "declarer": "W", "strain": "H", "tricks": t,
                     "result": "=" if t == 10 else f"{t - 10:+d}",
                     "score_ns": -edition_score("4H", t)}]


def edition_score(contract, tricks):
    from bridgelaws.scoring.contract import Contract
    return Contract.parse(contract).score(True, tricks)


def test_no_dd_without_a_deal_or_when_not_asked():
    assert adjustment(case(ns=[r("4S", "S", "=", 1)])).dd is None
    assert adjustment(case(deal=DEAL, ns=[r("4S", "S", "=", 1)]), dd=False).dd is None


def test_table_result_from_the_events():
    """The case's events replayed: a passed-out board is the table result replaced."""
    a = adjustment(case(deal=DEAL, events=[{"by": s, "call": "P"} for s in "NESW"],
                        ns=[r("4S", "S", "=", 1)]), dd=False)
    assert a.table_result["contract"] == "P" and a.table_result["score_ns"] == 0


# --------------------------------------------------------------- bad input


@pytest.mark.parametrize("changes, where, words", [
    ({"ns": [r("4S", "S", "=", 0.3), r("4S", "S", "-1", 0.6)]}, "ns", "add up to 0.9, not 1"),
    ({"ns": [r("4S", "S", "=", 30), r("4S", "S", "-1", 70)]}, "ns[0]", "30% is 0.3"),
    ({"ns": [r("4S", "S", "=", 0), r("4S", "S", "-1", 1)]}, "ns[0]", "more than 0"),
    ({"ns": [r("4S", "S", "="), r("4S", "S", "-1")]}, "ns[0]", "'weight'"),
    ({"ns": [r("4Z", "S", "=", 1)]}, "ns[0]", "unknown contract '4Z'"),
    ({"ns": [r("8S", "S", "=", 1)]}, "ns[0]", "unknown contract '8S'"),
    ({"ns": [r("4S", "Q", "=", 1)]}, "ns[0]", "'declarer' is N, E, S or W"),
    ({"ns": [r("4S", "S", "+4", 1)]}, "ns[0]", "14 tricks"),
    ({"ns": [r("4S", "S", "made", 1)]}, "ns[0]", "'result' is"),
    ({"ns": [r("4S", "S", tricks=14, weight=1)]}, "ns[0]", "0 to 13"),
    ({"ns": [{"contract": "4S", "declarer": "S", "result": "=", "tricks": 10}]}, "ns[0]",
     "one of them"),
    ({"ns": [{**r("4S", "S", "=", 1), "wieght": 1}]}, "ns[0]", "unknown key 'wieght'"),
    ({"ns": [r("4S", "S", "=", 0.5), r("4S", "S", "=", 0.5)]}, "ns[1]", "listed twice"),
    ({"ns": [r(f"{lv}S", "S", "=", 1 / 9) for lv in range(1, 8)]
      + [r("1N", "S", "=", 1 / 9), r("2N", "S", "=", 1 / 9)]}, "ns", f"at most {MAX_OUTCOMES}"),
    ({"ns": []}, "ns", "one or more results"),
    ({"ns": [r("PASS", "S")]}, "ns[0]", "passed-out board has no 'declarer'"),
    ({"ew": [r("4S", "S", "-1", 1)]}, "offenders", "need the 'offenders'"),
    ({"offenders": "ES"}, "offenders", "\"NS\" or \"EW\""),
    ({"scoring": "mp"}, "field", "give them as 'field'"),
    ({"scoring": "butler"}, "scoring", "\"mp\", \"imp\" or \"total\""),
    ({"field": [{"score": 625}]}, "field[0]", "multiple of 10"),
    ({"field": [{"score": 620, "contract": "4S"}]}, "field[0]", "not both"),
    ({"artificial": {"ns": "avg+", "ew": "avg-"}}, "artificial", "not both"),
    ({"session": {"ns": 65}}, "session", "artificial score"),
    ({"colour": "red"}, "case", "unknown key 'colour'"),
    ({"edition": "1987"}, "edition", "unknown edition"),
    ({"board": 0}, "board", "positive whole number"),
    ({"vulnerable": "sometimes"}, "vulnerable", "sometimes"),
    ({"deal": "N:AKQ.. - - -"}, "deal", ""),
    ({"events": [{"by": "N", "call": "P"}]}, "events", "give it"),
])
def test_bad_input_names_the_key_and_why(changes, where, words):
    c = case(ns=[r("4S", "S", "=", 1)])
    c.update(changes)
    with pytest.raises(BridgeError) as e:
        adjustment(c)
    assert e.value.where == where, str(e.value)
    assert words in e.value.reason, str(e.value)


@pytest.mark.parametrize("changes, where, words", [
    ({"ns": [r("4S", "S", "=", 1)]}, "ns", "no weighted score"),
    ({"outcomes": [r("4S", "S", "=", 1)]}, "outcomes[0]", "no weighted score"),
    ({"outcomes": [r("4S", "S", "=", likelihood="maybe")]}, "outcomes[0]", "\"likely\" or"),
    ({"outcomes": [r("4S", "S", "=", likelihood="probable")]}, "outcomes", "no result is"),
    ({"offenders": None}, "offenders", "name the 'offenders'"),
])
def test_bad_1997_input(changes, where, words):
    c = case(edition="1997", offenders="EW", outcomes=[r("4S", "S", "=", likelihood="likely")])
    c.update(changes)
    c = {k: v for k, v in c.items() if v is not None}
    with pytest.raises(BridgeError) as e:
        adjustment(c)
    assert e.value.where == where, str(e.value)
    assert words in e.value.reason, str(e.value)


def test_2017_refuses_likelihoods_and_outcomes():
    with pytest.raises(BridgeError, match="'likelihood' is for the 1997"):
        adjustment(case(ns=[r("4S", "S", "=", likelihood="likely")]))
    with pytest.raises(BridgeError, match="1997 Laws' \\(12C2\\)"):
        adjustment(case(outcomes=[r("4S", "S", "=", likelihood="likely")]))


@pytest.mark.parametrize("artificial, offenders, scoring, where, words", [
    ({"ns": "avg+"}, None, "mp", "artificial", "each side its score"),
    ({"ns": "ave+", "ew": "avg-"}, None, "mp", "artificial.ns", "\"avg+\", \"avg\" or \"avg-\""),
    ({"ns": "avg+", "ew": "avg-"}, None, "total", "scoring", "share of the matchpoints"),
    ({"ns": "avg+", "ew": "avg-"}, "NS", "mp", "artificial.ns", "offenders are at fault"),
    ({"ns": "avg", "ew": "avg-"}, "NS", "mp", "artificial.ew", "not directly at fault"),
])
def test_bad_artificial(artificial, offenders, scoring, where, words):
    c = case(artificial=artificial, scoring=scoring)
    if offenders:
        c["offenders"] = offenders
    with pytest.raises(BridgeError) as e:
        adjustment(c)
    assert e.value.where == where and words in e.value.reason, str(e.value)


def test_bad_session_figure():
    with pytest.raises(BridgeError, match="from -24 to 24") as e:
        adjustment(case(scoring="imp", artificial={"ns": "avg+", "ew": "avg-"},
                        session={"ns": 40}))
    assert e.value.where == "session.ns"


# --------------------------------------------------------------- JSON


def test_json_structure():
    a = adjustment(case(deal=DEAL, offenders="EW", ns=[r("4S", "S", "=", 0.7),
                                                      r("4S", "S", "-1", 0.3)],
                        field=[{"score": s} for s in (620, 620, 170, -100, 500)]))
    j = adjustment_json(a)
    assert set(j) == {"edition", "board", "dealer", "vulnerable", "scoring", "kind",
                      "offenders", "ns", "ew", "field", "dd", "table_result", "laws"}
    assert (j["edition"], j["board"], j["dealer"], j["vulnerable"]) == ("2017", 1, "N", "all")
    assert (j["scoring"], j["kind"], j["offenders"]) == ("mp", "weighted", "EW")
    assert set(j["ns"]) == {"laws", "outcomes", "score", "points", "top", "percent"}
    assert j["ns"]["outcomes"][0] == {"contract": "4S", "declarer": "S", "tricks": 10,
                                      "result": "=", "weight": 0.7, "score_ns": 620,
                                      "score": 620, "points": 8.0}
    assert j["ew"]["outcomes"][1]["score"] == 100 and j["ew"]["outcomes"][1]["points"] == 9.0
    assert (j["ns"]["points"], j["ew"]["points"], j["ns"]["top"]) == (5.9, 4.1, 10)
    assert (j["ns"]["percent"], j["ew"]["percent"]) == (59.0, 41.0)
    assert j["dd"][0]["tricks"] == 10
    assert j["laws"] == ["12C1b", "12C1c", "77", "78A"]


def test_json_artificial():
    j = adjustment_json(adjustment(case(scoring="imp", artificial={"ns": "avg+",
                                                                   "ew": "avg-"})))
    assert j["ns"] == {"laws": ["12C2a", "12C2b"], "artificial": "avg+", "imps": 3.0,
                       "points": 3.0, "top": None, "percent": None}
    j = adjustment_json(adjustment(case(scoring="mp", artificial={"ns": "avg+", "ew": "avg-"})))
    assert j["ew"]["percent"] == 40.0 and j["ew"]["points"] is None


def test_lines_in_every_language():
    a = adjustment(case(deal=DEAL, offenders="EW", ns=[r("4S", "S", "=", 0.7),
                                                      r("4S", "S", "-1", 0.3)],
                        field=[{"score": s} for s in (620, 620, 170, -100, 500)]))
    en = adjustment_lines(a, "en")
    for lang, word in (("he", "לוח"), ("pl", "Rozdanie"), ("ru", "Сдача"), ("nb", "Spill")):
        lines = adjustment_lines(a, lang)
        assert len(lines) == len(en) and word in lines[0]
        assert "12C1c" in lines[-1]
    he = adjustment_lines(a, "he")
    assert all(line.startswith("\u200f") for line in he)
    # each side's sum is one left-to-right run inside the Hebrew line, so that a wrapped
    # "70% 4♠ S = (+620: …) + 30% …" keeps its order
    sums = [line for line in he if "\u2066" in line]
    assert len(sums) == 2 and all(line.endswith("\u2069") and "+" in line for line in sums)
    assert not any("\u2066" in line for line in adjustment_lines(a, "en"))
    assert "5,9" in "\n".join(adjustment_lines(a, "pl"))


def test_passed_out_candidate():
    """A pass-out scores 0 (Law 77/22B): 50% passed out, 50% 4♠= vulnerable (+620):
    N-S +310."""
    a = adjustment(case(ns=[r("PASS", weight=0.5), r("4S", "S", "=", 0.5)]))
    assert [o.score_ns for o in a.ns.outcomes] == [0, 620]
    assert a.ns.score == pytest.approx(310)
    assert adjustment_json(a)["ns"]["outcomes"][0]["contract"] == "PASS"
    assert "N-S: 50% Pass (0) + 50% 4♠ S = (+620) = +310" in adjustment_lines(a)
