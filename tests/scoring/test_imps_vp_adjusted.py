"""Law 78B IMPs (cross-IMPs, Butler, team matches), Law 86, victory points, Law 12C2, Law 90."""

import csv
import random

import numpy as np
import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.scoring.adjusted import (ArtificialScore, ProceduralPenalty, artificial_imps,
                                         artificial_percentage)
from bridgelaws.scoring.imps import (IMP_BOUNDS, TeamMatch, butler_datum, butler_imps, cross_imps,
                                     cross_imps_exact, imps, imps_array, knockout_average)
from bridgelaws.scoring.vp import BandScale, discrete_vp, wbf_scale, wbf_vp


@pytest.mark.parametrize("diff,expected", [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (420, 9),
                                           (430, 10), (-430, -10), (3990, 23), (4000, 24),
                                           (7600, 24), (-1490, -16)])
def test_law78B_table(diff, expected):
    assert imps(diff) == expected
    assert imps_array(np.array([diff]))[0] == expected


def test_law78B_cross_imps_agree_with_exact_table():
    rng = random.Random(5)
    for n in (2, 3, 10, 101):
        scores = [rng.choice(range(-1400, 2300, 10)) for _ in range(n)]
        fast = cross_imps(scores)
        exact = cross_imps_exact(scores)
        assert np.allclose(fast, exact)
        naive = [sum(imps(s - o) for j, o in enumerate(scores) if j != i) / (n - 1)
                 for i, s in enumerate(scores)]
        assert np.allclose(fast, naive)
    assert cross_imps([100, 620], average=False) == [-11, 11]


@pytest.mark.parametrize("seed", range(4))
def test_law78B_cross_imps_counted_or_sorted_agree_with_every_comparison(seed):
    """Law 77 scores are counted; scores spread over millions, or fractions, are sorted."""
    rng = random.Random(seed)
    n = rng.choice([2, 70, 400])
    narrow = [rng.choice(range(-7600, 7610, 10)) for _ in range(n)]
    wide = [rng.choice([-10**9, 0, 10**9]) + rng.randint(-500, 500) for _ in range(n)]
    for scores in (narrow, wide):
        sums = [sum(imps(s - o) for o in scores) for s in scores]
        assert cross_imps(scores, average=False) == sums
        assert cross_imps(scores) == pytest.approx([x / max(n - 1, 1) for x in sums])
    assert cross_imps([420.0, 170.0, -50.0]) == cross_imps([420, 170, -50]) == [8.0, 0.0, -8.0]


def test_law78B_butler_datum_drops_top_and_bottom_and_rounds():
    assert butler_datum([620, 650, 620, -100, 1430]) == 630        # mean of 620, 620, 650
    assert butler_datum([150, 170, 170, 140]) == 160
    assert butler_datum([50, -460, -490, -430]) == -450             # -445: halves away from 0
    assert butler_datum([50, -460, -490, -430], half="up") == -440
    assert butler_datum([100, 200, 300], drop=0, round_to=0) == 200
    assert butler_datum([10 * i for i in range(10)], drop=0.2) == 50   # 20..70 left: 45, half away
    d, pts = butler_imps([620, 650, 620, -100, 1430])
    assert d == 630 and pts == [0, 1, 0, -12, 13]


def test_law78B_team_match_with_carry_over_and_law86():
    m = TeamMatch(home_ns={1: 620, 2: -100}, away_ns={1: 170, 2: -100}, carry_over=2.5)
    assert m.board_imps()[1] == (10, -10, "78B")
    assert m.totals() == (12.5, 0)
    # 86B: an artificial adjusted score worth 3 IMPs on board 3
    m.adjust[3] = (3, -3)
    assert m.board_imps()[3] == (3, -3, "86B")
    # 12C4: unbalanced adjusted scores in a knockout: both get the average
    ko = TeamMatch(adjust={1: (3, 0)}, knockout=True)
    assert ko.board_imps()[1] == (1.5, -1.5, "12C4")
    assert knockout_average(3, -1) == (2.0, -2.0)
    with pytest.raises(BridgeError, match="86B3"):
        TeamMatch(home_ns={4: 100}).board_imps()


def test_vp_wbf_scale_properties():
    for boards in (6, 8, 12, 16, 24, 32, 48, 64):
        scale = wbf_scale(boards)
        steps = [b - a for a, b in zip(scale, scale[1:])]
        assert all(x >= y for x, y in zip(steps, steps[1:])), boards   # concave
        assert scale[0] == 1000 and scale[-1] == 2000
        for m in range(0, len(scale) + 5):
            w, l = wbf_vp(m, boards)
            assert round(w + l, 2) == 20
    assert wbf_vp(-17, 8) == (4.25, 15.75)
    assert wbf_vp(16.5, 8) == (15.63, 4.37)                             # interpolated


def test_vp_discrete_scales():
    assert discrete_vp(0, 16) == (10, 10)
    assert discrete_vp(100, 16, top=25) == (25, 0)
    w = [discrete_vp(m, 16)[0] for m in range(70)]
    assert w == sorted(w)
    band = BandScale(20, (10, 10), ((1, 11, 9), (3, 12, 8), (5, 13, 7)))
    assert band.vp(0) == (10, 10) and band.vp(4) == (12, 8) and band.vp(-9) == (7, 13)
    with pytest.raises(BridgeError):
        BandScale(20, (10, 10), ((3, 11, 9), (1, 12, 8)))
    with pytest.raises(BridgeError):
        discrete_vp(3, 8, top=19)


def test_law12C2_artificial_scores_in_any_combination():
    assert (ArtificialScore.parse("A6040").ns, ArtificialScore.parse("A6040").ew) == (60, 40)
    a = ArtificialScore.parse("60/60")
    assert (a.ns, a.ew) == (60, 60)                            # need not balance
    assert ArtificialScore.parse("avg/avg-").ew == 40
    with pytest.raises(BridgeError, match="artificial"):
        ArtificialScore.parse("A7")
    with pytest.raises(BridgeError, match="0-100"):
        ArtificialScore(120, 40)


def test_law12C2c_session_percentage_replaces_60_and_40():
    assert artificial_percentage(60, session=66.2) == 66.2
    assert artificial_percentage(60, session=55.0) == 60
    assert artificial_percentage(40, session=31.0) == 31.0
    assert artificial_percentage(40, session=45.0) == 40
    assert artificial_percentage(50, session=70.0) == 50
    assert artificial_imps(60) == 3 and artificial_imps(40) == -3
    assert artificial_imps(40, -4.2) == -4.2 and artificial_imps(60, 1.0) == 3


def test_law90_procedural_penalty():
    assert ProceduralPenalty("3", fraction_of_top=0.25).amount(24) == 6
    assert ProceduralPenalty("3", points=3).amount(24) == 3
    with pytest.raises(BridgeError):
        ProceduralPenalty("3")
    with pytest.raises(BridgeError):
        ProceduralPenalty("3", fraction_of_top=2)
