"""Scoring a whole event: artificial scores (12C2, 12C2c), fouled boards (87), Law 90, ranks."""

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.formats.usebio import read_usebio, write_usebio
from bridgelaws.scoring.adjusted import ArtificialScore, ProceduralPenalty
from bridgelaws.tournament.event import Event, Result
from bridgelaws.tournament.output import ranking_json, results_html
from bridgelaws.tournament.results import rank, score_event


def field(n_pairs=6):
    ev = Event(name="test")
    for p in range(1, n_pairs + 1):
        ev.add_entry(str(p), [f"P{p}a", f"P{p}b"])
    return ev


def test_law12C2_artificial_average_plus_and_minus_and_neuberg_for_the_rest():
    ev = field()
    ev.results += [Result(1, "1", "2", "4S", "N", 10), Result(1, "3", "4", "4S", "N", 9),
                   Result(1, "5", "6", adjusted=ArtificialScore(60, 40))]
    res = score_event(ev, session_rule=False)
    rows = res.boards[1]
    assert (rows[2].ns_points, rows[2].ew_points) == (60 * 4 / 100, 40 * 4 / 100)
    assert "12C2" in rows[2].laws and "12C2" in res.laws
    # the two played results are factored from 2 to 3 results (Neuberg)
    assert rows[0].ns_points == pytest.approx((2 + 1) * 3 / 2 - 1)


def test_law12C2c_session_percentage_over_60_is_kept():
    ev = field(4)
    # pair 1 scores tops on boards 1-2, then gets average plus on board 3
    for b in (1, 2):
        ev.results += [Result(b, "1", "2", "3N", "N", 10), Result(b, "3", "4", "3N", "N", 8)]
    ev.results += [Result(3, "1", "2", adjusted=ArtificialScore(60, 40)),
                   Result(3, "3", "4", "3N", "N", 9)]
    res = score_event(ev)
    row = res.boards[3][0]
    assert row.ns_points == pytest.approx(100 * 2 / 100)        # 100% instead of 60%
    assert "12C2c" in row.laws
    assert row.ew_points == pytest.approx(0)                      # pair 2 at 0%: below 40%


def test_law87_fouled_board_groups_scored_separately_and_factored():
    ev = field(8)
    ev.results += [Result(1, "1", "2", "4H", "N", 10, version="A"),
                   Result(1, "3", "4", "4H", "N", 9, version="A"),
                   Result(1, "5", "6", "3N", "S", 9, version="B"),
                   Result(1, "7", "8", "3N", "S", 10, version="B")]
    res = score_event(ev)
    rows = {r.result.ns[0]: r for r in res.boards[1]}
    assert all("87" in r.laws for r in rows.values())
    # each group of 2 is factored to the 4 results of the board: top 6
    assert rows["1"].ns_points == pytest.approx((2 + 1) * 2 - 1)
    assert rows["7"].ns_points == pytest.approx(5) and rows["5"].ns_points == pytest.approx(1)


def test_law90_procedural_penalty_does_not_balance():
    ev = field(4)
    ev.results += [Result(1, "1", "2", "4H", "N", 10), Result(1, "3", "4", "4H", "N", 10)]
    ev.penalties.append(ProceduralPenalty("1", fraction_of_top=0.5, board=1))
    res = score_event(ev)
    assert res.totals["1"] == 0 and res.totals["3"] == 1 and "90" in res.laws   # 1 - half of top 2


def test_cross_imps_and_butler_events():
    ev = field(6)
    ev.results += [Result(1, "1", "2", "4H", "N", 10), Result(1, "3", "4", "4H", "N", 9),
                   Result(1, "5", "6", "2H", "N", 9)]
    xi = score_event(ev, "xi")
    assert xi.totals["1"] == pytest.approx((10 + 7) / 2)   # +470 and +280
    bu = score_event(ev, "butler", butler_drop=0)
    assert bu.boards[1][0].datum == 170           # (420 - 50 + 140) / 3
    assert "78B" in bu.laws


def test_ranks_with_ties_and_by_direction():
    assert rank({"a": 1.0, "b": 1.0, "c": 0.5})["c"] == ("3", 3)
    ev = field(4)
    for p, d in zip("1234", ["NS", "EW", "NS", "EW"]):
        ev.entries[p].direction = d
    ev.results += [Result(1, "1", "2", "4H", "N", 10), Result(1, "3", "4", "4H", "N", 9)]
    res = score_event(ev)
    assert [(s.direction, s.rank, s.entry) for s in res.standings] == \
        [("EW", "1", "4"), ("EW", "2", "2"), ("NS", "1", "1"), ("NS", "2", "3")]
    js = ranking_json(res)
    assert '"pair": "4"' in js and '"percent": 100.0' in js
    page = results_html(res)
    assert "Board" in page and '4<span class="hearts">♥</span> N =' in page
    assert '4<span class="hearts">♥</span> N -1' in page
    assert page.index("North-South") < page.index("East-West")


def test_rank_places_and_tie_rules():
    scores = {"7": 1.0625, "2": 1.0568, "13": 683.0, "8": 683.0, "1": 0.5}
    shared = rank(scores)
    assert shared["13"] == shared["8"] == ("1=", 1)
    assert shared["7"] == shared["2"] == ("3=", 3)          # equal to hundredths
    exact = rank(scores, places=None)
    assert exact["7"] == ("3", 3) and exact["2"] == ("4", 4)
    consecutive = rank(scores, places=None, ties="consecutive")
    assert consecutive["8"] == ("1", 1) and consecutive["13"] == ("2", 2)   # by number
    # float noise is no tie-break when comparing exact scores
    assert rank({"a": 0.1 + 0.2, "b": 0.3}, places=None)["a"] == ("1=", 1)
    with pytest.raises(BridgeError, match="ties must be"):
        rank(scores, ties="random")


def test_standing_place_to_spans_a_tie():
    ev = field(6)
    ev.results += [Result(1, "1", "2", "4H", "N", 10), Result(1, "3", "4", "4H", "N", 10),
                   Result(1, "5", "6", "4H", "N", 11)]
    res = score_event(ev, rank_by_direction=False)
    by = {s.entry: s for s in res.standings}
    # 5: 4 matchpoints; 2 and 4: 3; 1 and 3: 1; 6: 0
    assert (by["5"].place, by["5"].place_to) == (1, 1)
    assert (by["2"].place, by["2"].place_to) == (by["4"].place, by["4"].place_to) == (2, 3)
    assert (by["1"].place, by["1"].place_to) == (4, 5) and by["1"].rank == "4="
    cons = {s.entry: s for s in score_event(ev, rank_by_direction=False,
                                            rank_ties="consecutive").standings}
    assert [cons[p].place for p in ("5", "2", "4", "1", "3", "6")] == [1, 2, 3, 4, 5, 6]
    assert all(s.place_to == s.place for s in cons.values())


def test_field_factored_board_rounded_through_its_percentage():
    # board 1 is played four times, board 2 three times: factored to four by
    # Neuberg, its results are worth 1/3, 3 and 17/3 of a top of 6
    ev = field(8)
    for b, n in ((1, 4), (2, 3)):
        for i in range(n):
            ev.results.append(Result(b, str(2 * i + 1), str(2 * i + 2), "4H", "N", 8 + i))
    pts = {}
    for opt in (None, 0):
        res = score_event(ev, neuberg="field", board_decimals=1, field_percent_decimals=opt)
        pts[opt] = sorted(r.ns_points for r in res.boards[2])
        assert all(r.factored_to_field for r in res.boards[2])
        assert not any(r.factored_to_field for r in res.boards[1])
    assert pts[None] == [0.3, 3.0, 5.7]             # the points to one decimal
    # through whole percentages: 5.56% -> 6% -> 0.36 -> 0.4; 94.44% -> 94% -> 5.64 -> 5.6
    assert pts[0] == [0.4, 3.0, 5.6]
    # the option needs board_decimals, and leaves boards with every result alone
    res = score_event(ev, neuberg="field", field_percent_decimals=0)
    assert sorted(r.ns_points for r in res.boards[2]) == pytest.approx([1 / 3, 3, 17 / 3])
    assert sorted(r.ns_points for r in score_event(ev, neuberg="field", board_decimals=1,
                                                  field_percent_decimals=0).boards[1]) \
        == [0, 2, 4, 6]


@pytest.mark.parametrize("result,message", [
    (Result(1, "1", "9", "4H", "N", 10), "unknown pair '9'"),
    (Result(1, "1", "2", "4H", "N", 14), "impossible number of tricks"),
    (Result(1, "1", "2", "4Z", "N", 10), "unknown contract"),
    (Result(1, "1", "2", "4H", "Q", 10), "unknown declarer"),
    (Result(1, "1", "2", score=425), "impossible score"),
    (Result(1, "1", "1", "4H", "N", 10), "against itself"),
])
def test_bad_results_name_where_and_why(result, message):
    ev = field(4)
    result.where = "file.csv:7"
    ev.results.append(result)
    with pytest.raises(BridgeError, match=message) as e:
        score_event(ev)
    assert "file.csv:7" in str(e.value) or "board 1" in str(e.value)


def test_usebio_round_trip_and_bad_xml():
    ev = field(4)
    ev.results += [Result(1, "1", "2", "4H", "N", 10), Result(1, "3", "4", "4H", "N", 9),
                   Result(2, "1", "4", adjusted=ArtificialScore(60, 40)),
                   Result(2, "3", "2", "PASS")]
    res = score_event(ev)
    back = read_usebio(write_usebio(res), name="round.xml")
    again = score_event(back)
    assert again.totals == pytest.approx(res.totals)
    assert [r.published["ns"] for r in back.results] == \
        [pytest.approx(round(sr.ns_points, 2)) for b in res.boards.values() for sr in b]
    with pytest.raises(BridgeError, match="round.xml:1: malformed XML"):
        read_usebio("<USEBIO><EVENT>", name="round.xml")
    with pytest.raises(BridgeError, match="not a USEBIO"):
        read_usebio("<OTHER/>", name="x.xml")
