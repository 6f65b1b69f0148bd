"""Law 78A matchpoints, Neuberg, weighted and split adjusted scores (Law 12C1)."""

import random

import numpy as np
import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.scoring.matchpoints import (SplitScore, WeightedScore, board_matchpoints,
                                            matchpoints, matchpoints_array, neuberg, percentage, top)


def naive(scores):
    return [sum(2 if s > o else 1 if s == o else 0 for j, o in enumerate(scores) if j != i)
            for i, s in enumerate(scores)]


def test_law78A_two_one_zero_and_half_scales():
    scores = [420, 450, 420, -50, 140]
    assert matchpoints(scores) == [5, 8, 5, 0, 2]
    assert matchpoints(scores, scale=1) == [2.5, 4.0, 2.5, 0.0, 1.0]
    assert top(5) == 8 and top(5, scale=1) == 4


@pytest.mark.parametrize("n", [1, 2, 3, 7, 64, 65, 500])
def test_law78A_any_field_agrees_with_pairwise_comparison(n):
    rng = random.Random(n)
    scores = [rng.choice(range(-800, 1500, 10)) for _ in range(n)]
    assert matchpoints(scores) == naive(scores)
    assert matchpoints_array(np.array(scores)).tolist() == naive(scores)
    # NS and EW matchpoints add up to the top on every result
    assert all(a + b == top(n) for a, b in board_matchpoints(scores))


def test_law78A_neuberg_ebu_worked_example():
    # EBU: ten results on a board that should have been played eleven times, top 20
    mp = matchpoints([520, 500, 490, 480, 460, 450, 430, 420, 400, -50])
    assert [round(x, 1) for x in neuberg(mp, actual=10, expected=11)] == \
        [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    # EBU second example: 8 results where 16 were expected (ratio 2), top 30
    assert neuberg([14, 0], actual=8, expected=16) == [29.0, 1.0]
    # the 1/0.5/0 scale gives the same percentages
    assert neuberg([7, 0], actual=8, expected=16, scale=1) == [14.5, 0.5]


def test_law78A_percentage():
    assert percentage(17, 18) == 50.0 and percentage(0, 1) == 50.0


def test_law12C2_artificial_rows_are_factored_to_the_full_field():
    pts = board_matchpoints([100, None, 200, 300])
    assert pts[1] == (None, None)
    assert pts[3][0] == pytest.approx((4 + 1) * 4 / 3 - 1)


def test_law12C1c_weighted_score_is_weighted_sum_of_matchpoints():
    w = WeightedScore(((620, 0.25), (-100, 0.75)))
    pts = board_matchpoints([620, w, 170, -100])
    # the weighted row: 620 ties 620 (1) beats 170, -100 (4) -> 5; -100 ties -100 -> 1
    assert pts[1][0] == pytest.approx(0.25 * 5 + 0.75 * 1)
    # and every other row is compared with each part, with the same weights
    assert pts[0][0] == pytest.approx(1 * 0.25 + 2 * 0.75 + 2 + 2)
    assert pts[2][0] == pytest.approx(0 * 0.25 + 2 * 0.75 + 0 + 2)
    assert sum(p[0] for p in pts) == pytest.approx(4 * 3)    # still balances


def test_a_lone_weighted_score_is_exactly_zero():
    # 0.7 + 0.3 is not exactly 1 in floats: no 1.7e-17 left over, shown as "-0.00"
    (ns, ew), = board_matchpoints([WeightedScore(((-630, 0.7), (-600, 0.3)))])
    assert (ns, ew) == (0, 0) and str(ns) == str(ew) == "0.0"


def test_law12C1c_weights_must_add_to_one():
    with pytest.raises(BridgeError, match="add up"):
        WeightedScore(((620, 0.5), (-100, 0.4)))
    with pytest.raises(BridgeError, match="positive"):
        WeightedScore(((620, 1.5), (-100, -0.5)))


def test_law12C1e_split_scores_do_not_balance():
    pts = board_matchpoints([SplitScore(ns=420, ew=-50), 100, 200, 450])
    ns, ew = pts[0]
    assert ns == 4          # NS scored with 420: beats 100 and 200
    assert ew == 6          # EW scored with -50 for NS: beats all three
    assert ns + ew != top(4)
    # another pair gets the average of the two scorings: 450 beats 420 / beats -50
    assert pts[3][0] == 6
    assert pts[1][0] == pytest.approx((0 + 2) / 2 + 0 + 0)


def test_bad_scale():
    with pytest.raises(BridgeError, match="scale"):
        matchpoints([1, 2], scale=3)


@pytest.mark.parametrize("seed", range(6))
def test_law78A_counting_and_sorting_agree_with_pairwise_comparison(seed):
    """Scores in a narrow band are counted, wide or fractional ones sorted: the same 78A."""
    rng = random.Random(seed)
    n = rng.choice([65, 200, 1000])
    narrow = [rng.choice(range(-2000, 2400, 10)) for _ in range(n)]
    wide = [rng.choice([-10**12, 0, 10**12]) + rng.randint(-3, 3) for _ in range(n)]
    fractional = [rng.choice([0.5, 1.25, -3.0, 7.75]) for _ in range(n)]
    huge = [rng.choice([10**30, -10**30, 5]) for _ in range(n)]
    for scores in (narrow, wide, fractional, huge):
        want = naive(scores)
        assert matchpoints(scores) == want
        assert matchpoints(scores, scale=1) == [u / 2 for u in want]
        assert all(type(u) is int for u in matchpoints(scores))
    for dtype in (np.int8, np.int16, np.uint8, np.int64):
        small = [rng.randint(0, 100) for _ in range(n)]
        assert matchpoints_array(np.array(small, dtype=dtype)).tolist() == naive(small)
