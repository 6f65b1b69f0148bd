"""Constrained dealing by drawing one seat's hand (Law 6E4: every deal that meets the
constraint equally likely): exact counts, the seat chosen, and chi-square tests of the
deals' frequencies against the exact distributions, with fixed seeds."""

from __future__ import annotations

import secrets
from collections import Counter
from itertools import product
from math import comb

import pytest

from bridgelaws.cards import BridgeError, Deal
from bridgelaws.deals.constraints import hcp, parse_where, shape_class, suit_lengths
from bridgelaws.deals.dealing import Dealer
from bridgelaws.deals.smart import REST_COUNT, hand_count, plan_for

# the 0.999 points of the chi-square distribution (tables), by degrees of freedom
CHI2_999 = {2: 13.82, 5: 20.52, 6: 22.46, 8: 26.12}

HONOURS = (4, 3, 2, 1)                     # A K Q J


def suit_counts() -> dict[tuple[int, int], int]:
    """Holdings of one suit by (length, points), counted from the honours held and
    the nine spot cards (not by listing the 8,192 holdings)."""
    counts: Counter = Counter()
    for held in product((0, 1), repeat=4):
        points = sum(v for v, h in zip(HONOURS, held) if h)
        for spots in range(10):
            counts[sum(held) + spots, points] += comb(9, spots)
    return counts


def exact_hands(points: range, pattern_ok) -> Counter:
    """Hands with these points and an allowed pattern, by (points, sorted pattern)."""
    per_suit = suit_counts()
    result: Counter = Counter()
    for lengths in product(range(14), repeat=4):
        if sum(lengths) != 13 or not pattern_ok(lengths):
            continue
        dist = Counter({0: 1})
        for n in lengths:
            new: Counter = Counter()
            for v0, c0 in dist.items():
                for (m, v), c in per_suit.items():
                    if m == n:
                        new[v0 + v] += c0 * c
            dist = new
        key = tuple(sorted(lengths, reverse=True))
        for v in points:
            result[v, key] += dist[v]
    return result


def chi_square(observed: Counter, expected: dict, n: int) -> float:
    total = sum(expected.values())
    return sum((observed[k] - n * e / total) ** 2 / (n * e / total) for k, e in expected.items())


def is_balanced(lengths) -> bool:
    return shape_class(lengths) == "balanced"


# --- exact counts --------------------------------------------------------------------------

def test_hand_counts_are_exact():
    assert hand_count([]) == comb(52, 13)
    assert hand_count(parse_where("N spades 13").clauses) == 1
    assert hand_count(parse_where("N hcp 37").clauses) == 4            # AKQ x 4 and a jack
    assert hand_count(parse_where("N hcp 0").clauses) == comb(36, 13)
    assert hand_count(parse_where("N shape 4-3-3-3").clauses) == comb(13, 4) * comb(13, 3) ** 3
    assert hand_count(parse_where("N shape 4333").clauses) == 4 * comb(13, 4) * comb(13, 3) ** 3
    exact = exact_hands(range(15, 18), is_balanced)
    assert hand_count(parse_where("N hcp 15-17 balanced").clauses) == sum(exact.values())


def test_the_plan_numbers_every_hand_meeting_the_clauses_once():
    where = parse_where("N hcp 15-17 balanced")
    plan = plan_for(where)
    assert plan.seat == 0 and plan.test is None
    assert plan.total == sum(exact_hands(range(15, 18), is_balanced).values())
    assert plan.draw_below == plan.total * REST_COUNT == plan.total * comb(39, 13) * comb(26, 13)
    # the first and the last number: both hands meet the constraint, and they differ
    first = plan.deal(lambda n: 0).hands[0]
    last = plan.deal(lambda n: n - 1).hands[0]
    assert first != last and all(where((h, 0, 0, 0)) for h in (first, last))


def test_the_seat_dealt_directly_is_the_most_constrained_one():
    assert plan_for(parse_where("N hcp 10+, S hcp 20-22 balanced")).seat == 2
    assert plan_for(parse_where("E spades 6+, W hcp 15-17 balanced")).seat == 3
    assert plan_for(parse_where("N hcp 10+, S hcp 20-22 balanced")).test is not None
    assert plan_for(parse_where("NS hcp 40")) is None          # no one-seat clause
    assert plan_for(parse_where("N hcp 5+")) is None           # most hands: deal and test


@pytest.mark.parametrize("text, seat", [("N hcp 15-17 balanced", 0), ("E shape 4-4-4-1", 1),
                                        ("S hcp 20+ spades 5+", 2), ("W hearts 7+", 3)])
def test_law6E4_every_seat_can_be_dealt_directly_and_deals_are_whole(text, seat):
    where = parse_where(text)
    assert plan_for(where).seat == seat
    for deal in Dealer(seed=text).deals(200, where):
        assert where(deal.hands)
        assert [h.bit_count() for h in deal.hands] == [13] * 4
        assert Deal(deal.hands) == deal and deal.is_complete()    # no card twice


def test_other_clauses_are_tested_on_whole_deals():
    where = parse_where("N hcp 15-17 balanced, S hearts 5+ and NS hcp 25+")
    for deal in Dealer(seed=3).deals(100, where):
        n, s = deal.hands[0], deal.hands[2]
        assert 15 <= hcp(n) <= 17 and is_balanced(suit_lengths(n))
        assert suit_lengths(s)[1] >= 5 and hcp(n) + hcp(s) >= 25


def test_law6E4_constrained_dealing_is_secure_by_default_and_reproducible_from_a_seed(monkeypatch):
    drawn: list[int] = []
    real = secrets.randbelow

    def spy(n: int) -> int:
        drawn.append(n)
        return real(n)

    monkeypatch.setattr(secrets, "randbelow", spy)
    where = parse_where("N hcp 15-17 balanced")
    Dealer().deal(where)
    plan = plan_for(where)
    assert drawn == [plan.draw_wide] and plan.draw_wide % plan.draw_below == 0   # one draw
    assert plan.draw_wide < 1 << plan.draw_wide.bit_length() <= plan.draw_wide * (1 + 2 ** -24)
    assert Dealer(seed=5).deals(5, where) == Dealer(seed=5).deals(5, where)
    assert Dealer(seed=5).deal(where) != Dealer(seed=6).deal(where)


# --- the frequencies against the exact distributions (chi-square, fixed seeds) --------------

def test_law6E4_north_1nt_hands_come_in_their_exact_proportions():
    # 9 cells: 15, 16, 17 points x 4-3-3-3, 4-4-3-2, 5-3-3-2, each in proportion to the
    # number of such hands; drawing the classes without their weights fails by far
    exact = exact_hands(range(15, 18), is_balanced)
    n = 6000
    seen = Counter()
    for deal in Dealer(seed="chi-square 1NT").deals(n, "N hcp 15-17 balanced"):
        north = deal.hands[0]
        seen[hcp(north), tuple(sorted(suit_lengths(north), reverse=True))] += 1
    assert set(seen) <= set(exact)
    assert chi_square(seen, exact, n) < CHI2_999[8]


def test_law6E4_the_other_39_cards_are_dealt_uniformly():
    # North holds the 13 spades: each other seat's heart length follows the
    # hypergeometric law C(13,k) C(26,13-k) / C(39,13), and each of them holds the ace
    # of hearts, the two of clubs and the ace of diamonds a third of the time
    n = 6000
    deals = Dealer(seed="chi-square rest").deals(n, "N spades 13")
    expected = {k: comb(13, k) * comb(26, 13 - k) for k in range(14)}
    pooled = {"0-2": sum(expected[k] for k in range(3)), 3: expected[3], 4: expected[4],
              5: expected[5], 6: expected[6], "7+": sum(expected[k] for k in range(7, 14))}
    for seat in (1, 2, 3):
        lengths = Counter(suit_lengths(d.hands[seat])[1] for d in deals)
        seen = Counter({"0-2": sum(lengths[k] for k in range(3)), 3: lengths[3], 4: lengths[4],
                        5: lengths[5], 6: lengths[6], "7+": sum(lengths[k] for k in range(7, 14))})
        assert chi_square(seen, pooled, n) < CHI2_999[5], seat
    for card in (2 * 13 + 12, 0, 13 + 12):                        # AH, 2C, AD
        holder = Counter(next(s for s in range(4) if d.hands[s] >> card & 1) for d in deals)
        assert holder[0] == 0
        assert chi_square(holder, {1: 1, 2: 1, 3: 1}, n) < CHI2_999[2]


def test_law6E4_east_points_agree_with_dealing_and_testing():
    # East's points given North 15-17 balanced: the direct draw against rejection
    # (deal at random, keep what meets the constraint), both seeded; the two samples'
    # frequencies (pooled into 7 bands) must agree (two-sample chi-square, 6 degrees of freedom)
    where = parse_where("N hcp 15-17 balanced")
    n = 3000
    direct = Counter(min(hcp(d.hands[1]) // 3, 6) for d in Dealer(seed=21).deals(n, where))
    slow = Dealer(seed=22)
    kept = Counter()
    got = 0
    while got < n:
        deal = slow.deal()                                        # unconstrained
        if where(deal.hands):
            kept[min(hcp(deal.hands[1]) // 3, 6)] += 1
            got += 1
    stat = sum((direct[k] - kept[k]) ** 2 / (direct[k] + kept[k])
               for k in set(direct) | set(kept))
    assert stat < CHI2_999[6]


def test_a_seat_no_hand_can_meet_is_refused_not_drawn_from_nothing():
    # the constraint's own check refuses such clauses first; a clause changed after it
    # (38 points, more than 13 cards can hold) still meets a clear error, not an empty draw
    where = parse_where("N hcp 15")
    where.clauses[0].low = where.clauses[0].high = 38
    with pytest.raises(BridgeError, match="cannot be met") as e:
        plan_for(where)
    assert e.value.where == "--where"
