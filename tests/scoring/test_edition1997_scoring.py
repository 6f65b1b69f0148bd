"""Adjusted scores under the 1997 Laws (issue 16): 12C1 artificial scores, Law 88's
indemnity for the non-offender only, 86A's 3 IMPs with no session rule, 86B's knockout
average, and no weighted assigned score (12C2 gives each side one result)."""

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.scoring.adjusted import (ArtificialScore, artificial_imps, artificial_laws,
                                         artificial_percentage)
from bridgelaws.scoring.imps import TeamMatch
from bridgelaws.scoring.matchpoints import SplitScore, WeightedScore
from bridgelaws.tournament.event import Event, Result
from bridgelaws.tournament.results import score_event


def field(n_pairs=4):
    ev = Event(name="test")
    for p in range(1, n_pairs + 1):
        ev.add_entry(str(p), [f"P{p}a", f"P{p}b"])
    return ev


def test_law88_protects_only_the_non_offender():
    assert artificial_percentage(60, session=70.0, edition="1997") == 70.0      # 88
    assert artificial_percentage(40, session=30.0, edition="1997") == 40.0      # no 12C2c
    assert artificial_percentage(40, session=30.0) == 30.0                      # 2017 12C2c
    assert artificial_laws("1997") == ("12C1", "88")
    assert artificial_laws("2017") == ("12C2", "12C2c")


def test_law86A_three_imps_without_a_session_rule():
    assert artificial_imps(60, 4.5, edition="1997") == 3.0
    assert artificial_imps(40, -5.0, edition="1997") == -3.0
    assert artificial_imps(60, 4.5) == 4.5                                      # 2017 12C2c


def test_law86B_knockout_average_and_86A_cited_in_1997():
    for edition, (ko, art) in (("2017", ("12C4", "86B")), ("1997", ("86B", "86A"))):
        m = TeamMatch(home_ns={1: 420}, away_ns={1: 420}, adjust={2: (3, 0), 3: (3, -3)},
                      knockout=True, edition=edition)
        got = m.board_imps()
        assert got[2] == (1.5, -1.5, ko)              # unbalanced: each gets the average
        assert got[3] == (3, -3, art)


def _session(edition):
    """Pair 1 tops boards 1-2 and gets A+ on board 3; pair 2 is at 0% and gets A-."""
    ev = field(4)
    for b in (1, 2):
        ev.results += [Result(b, "1", "2", "3N", "N", 10), Result(b, "3", "4", "3N", "N", 8)]
    ev.results += [Result(3, "1", "2", adjusted=ArtificialScore(60, 40)),
                   Result(3, "3", "4", "3N", "N", 9)]
    return score_event(ev, edition=edition).boards[3][0]


def test_event_scored_under_each_edition():
    r17, r97 = _session("2017"), _session("1997")
    assert r17.ns_points == pytest.approx(2.0) and r97.ns_points == pytest.approx(2.0)
    assert "12C2c" in r17.laws and "88" in r97.laws
    assert "12C2" in r17.laws and "12C1" in r97.laws
    assert r17.ew_points == pytest.approx(0.0)                   # 2017: the offender's 0%
    assert r97.ew_points == pytest.approx(40 * 2 / 100)          # 1997: 40% stands


def test_weighted_score_refused_in_1997_and_split_scores_kept():
    ev = field(6)
    ev.results += [Result(1, "1", "2", "4S", "N", 10), Result(1, "3", "4", "4S", "N", 9),
                   Result(1, "5", "6", adjusted=WeightedScore(((420, 0.5), (-50, 0.5))))]
    assert "12C1c" in score_event(ev).boards[1][2].laws
    with pytest.raises(BridgeError, match="no weighted adjusted score"):
        score_event(ev, edition="1997")
    ev.results[-1] = Result(1, "5", "6", adjusted=SplitScore(420, -50))
    row = score_event(ev, edition="1997").boards[1][2]
    assert "12C2" in row.laws                    # 1997 12C2: most favourable / unfavourable
    assert "12C1e" in score_event(ev).boards[1][2].laws


def test_unknown_edition_refused():
    with pytest.raises(BridgeError, match="unknown edition"):
        score_event(field(2), edition="1963")


def test_results_command_takes_the_edition(capsys):
    from pathlib import Path

    from bridgelaws.cli import main
    csv = str(Path(__file__).parents[2] / "examples" / "club_night.csv")
    assert main(["results", csv, "--edition", "1997"]) == 0
    head97 = capsys.readouterr().out.splitlines()[0]
    assert main(["results", csv]) == 0
    head17 = capsys.readouterr().out.splitlines()[0]
    assert "12C1" in head97 and "12C2" not in head97
    assert "12C2" in head17 and "12C1" not in head17
