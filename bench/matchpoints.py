"""Benchmark: matchpoints and cross-IMPs against the fastest simple code a user would write.

What is measured, in one run
----------------------------
1. **One board of 10,000 results** (scores drawn from -1400..2290, multiples of 10),
   a list in and a list out: ``bridgelaws.scoring.matchpoints.matchpoints`` against
   the two simple ways of counting equal scores (Law 78A: 2 for each score beaten, 1
   for each tie):

   * **Counter**: ``collections.Counter`` of the scores, a running sum over the
     distinct scores in order (``2 * below + count - 1``), and each result's figure
     looked up (``map(dict.__getitem__, scores)``);
   * **np.unique**: ``np.unique(scores, return_inverse=True, return_counts=True)``,
     ``np.cumsum`` of the counts, each result's figure taken through the inverse and
     ``.tolist()``.

   The baseline of a round is the faster of the two in that round.  The same board
   is also scored as numpy arrays in and out (``matchpoints_array`` against the
   ``np.unique`` way), for information.
2. **Cross-IMPs of the same board** (Law 78B, averaged): ``cross_imps`` against
   cross-IMPs over the distinct scores (``np.unique``; the table of IMPs between
   every two distinct scores, ``imps_array``, times the counts; each result's average
   through the inverse), a list in and a list out.
3. **A whole event**: 30 boards, 200 pairs (100 North-South, 100 East-West), each
   board played at the 100 tables, the results given as a traveller gives them
   (contract text such as ``"4HX"``, declarer, tricks).  ``score_event(event)`` (every
   check of the event and of each result, Law 77 for each, matchpoints, totals,
   percentages, ranks with ties) against the simple script: each result's score
   (the contract text cut into level, strain and doubling, the declarer's
   vulnerability by Law 2, Law 77 by ``bridgelaws.scoring.contract.score``, the
   sign by the declarer's side), the results grouped by board, matchpoints by
   ``Counter`` and a running sum (or, the other baseline, ``np.unique``), each pair's
   total and percentage, and a ranking sorted by percentage.

Every answer of every contender is checked against bridgelaws' (the same numbers,
the same percentages) before any timing.  The contenders run alternately, several
rounds (``bench/alternate.py``: each run about 0.2 s, the order turning each round,
the garbage collector off), and each figure is the median over the rounds of the
baseline's time over bridgelaws'.  The last lines::

    bench matchpoints-board: R.RRx Counter/np.unique (target 2.0x)
    bench matchpoints-xi: R.RRx distinct-score cross-IMPs (target 2.0x)
    bench matchpoints-event: R.RRx simple script (target 2.0x)
    bench matchpoints: R.RRx simple methods (target 2.0x)

the last being the lowest of the three.

Running it::

    .venv/bin/python bench/matchpoints.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from alternate import alternate, bench_line, median_ratio, verdict   # noqa: E402

from bridgelaws.boards import vulnerability_of                        # noqa: E402
from bridgelaws.scoring.contract import score as law77                 # noqa: E402
from bridgelaws.scoring.imps import cross_imps, imps_array             # noqa: E402
from bridgelaws.scoring.matchpoints import matchpoints, matchpoints_array  # noqa: E402
from bridgelaws.tournament.event import Event, Result                  # noqa: E402
from bridgelaws.tournament.results import score_event                  # noqa: E402

FIELD = 10_000
BOARDS, PAIRS = 30, 200
TARGET = 2.0


# --- the simple ways -----------------------------------------------------------------------

def counter_matchpoints(scores: list[int]) -> list[int]:
    """Law 78A by counting equal scores with Counter and a running sum."""
    count = Counter(scores)
    units, below = {}, 0
    for s in sorted(count):
        c = count[s]
        units[s] = 2 * below + c - 1
        below += c
    return list(map(units.__getitem__, scores))


def unique_matchpoints(scores) -> np.ndarray:
    """Law 78A by np.unique and a cumulative sum."""
    _, inverse, count = np.unique(scores, return_inverse=True, return_counts=True)
    return (2 * np.cumsum(count) - count - 1)[inverse]


def distinct_cross_imps(scores: list[int]) -> list[float]:
    """Cross-IMPs over the distinct scores: the IMP table of every two, times the counts."""
    values, inverse, count = np.unique(scores, return_inverse=True, return_counts=True)
    total = imps_array(values[:, None] - values[None, :]) @ count
    return (total / (len(scores) - 1))[inverse].tolist()


_STRAINS = {"C": 0, "D": 1, "H": 2, "S": 3, "N": 4}


def simple_ns_score(contract: str, declarer: str, tricks: int, board: int) -> int:
    """North-South's score of a result as typed: '4HX' by 'E' making 9."""
    if contract == "PASS":
        return 0
    seat = "NESW".index(declarer)
    vul = vulnerability_of(board)
    side_vul = vul == "all" or vul == ("NS" if seat % 2 == 0 else "EW")
    s = law77(int(contract[0]), _STRAINS[contract[1]], contract.count("X"), side_vul, tricks)
    return -s if seat % 2 else s


def simple_event(event: Event, board_units) -> list[tuple[str, float]]:
    """Each pair's percentage, best first: the script a scorer would write."""
    by_board = defaultdict(list)
    for r in event.results:
        by_board[r.board].append((r.ns[0], r.ew[0],
                                  simple_ns_score(r.contract, r.declarer, r.tricks, r.board)))
    totals, tops = defaultdict(float), defaultdict(float)
    for rows in by_board.values():
        units = board_units([s for _, _, s in rows])
        top = 2 * (len(rows) - 1)
        for (ns, ew, _), u in zip(rows, units):
            totals[ns] += u
            totals[ew] += top - u
            tops[ns] += top
            tops[ew] += top
    percent = {p: 100 * totals[p] / tops[p] for p in totals}
    return sorted(percent.items(), key=lambda kv: -kv[1])


def unique_units(scores: list[int]) -> list[int]:
    return unique_matchpoints(scores).tolist()


# --- the data --------------------------------------------------------------------------------

def one_board(seed: int = 78) -> list[int]:
    rng = np.random.default_rng(seed)
    return rng.choice(np.arange(-1400, 2300, 10), size=FIELD).tolist()


def whole_event(seed: int = 8) -> Event:
    """30 boards at 100 tables: a handful of contracts a board, results around the book."""
    rng = random.Random(seed)
    ev = Event(name="bench")
    half = PAIRS // 2
    for p in range(1, PAIRS + 1):
        ev.add_entry(str(p), direction="NS" if p <= half else "EW")
    for b in range(1, BOARDS + 1):
        menu = []
        for _ in range(8):
            level = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6])
            strain = rng.choice(["C", "D", "H", "S", "NT"])
            menu.append((f"{level}{strain}{rng.choice(['', '', '', '', '', 'X'])}",
                         rng.choice("NESW"), level + 6))
        for t in range(half):
            ns, ew = str(t + 1), str(half + 1 + (t + b) % half)
            if rng.random() < 0.01:
                ev.results.append(Result(b, ns, ew, contract="PASS"))
                continue
            contract, declarer, need = rng.choice(menu)
            tricks = max(0, min(13, need + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
            ev.results.append(Result(b, ns, ew, contract=contract, declarer=declarer,
                                     tricks=tricks))
    return ev


# --- the run -----------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (default 7)")
    rounds = parser.parse_args(argv).rounds

    board = one_board()
    board_array = np.array(board)
    event = whole_event()

    # every answer checked first
    ours = matchpoints(board)
    assert counter_matchpoints(board) == ours and unique_matchpoints(board).tolist() == ours
    assert matchpoints_array(board_array).tolist() == ours
    assert np.allclose(distinct_cross_imps(board), cross_imps(board))
    ranking = {s.entry: s.percent for s in score_event(event).standings}
    for units in (counter_matchpoints, unique_units):
        simple = simple_event(event, units)
        assert len(simple) == len(ranking) and all(abs(ranking[p] - pct) < 1e-9 for p, pct in simple)
    print(f"checked: {FIELD:,} matchpoints, {FIELD:,} cross-IMPs, the standings of "
          f"{BOARDS} boards x {PAIRS} pairs ({len(event.results):,} results) agree")

    print(f"one board of {FIELD:,} results (lists), {rounds} alternating rounds:")
    t = alternate({"bridgelaws": lambda: matchpoints(board),
                   "Counter": lambda: counter_matchpoints(board),
                   "np.unique": lambda: unique_matchpoints(board).tolist()}, rounds)
    show(t)
    r_board = median_ratio(t, "bridgelaws", ["Counter", "np.unique"])

    t = alternate({"bridgelaws": lambda: matchpoints_array(board_array),
                   "np.unique": lambda: unique_matchpoints(board_array)}, rounds)
    print(f"the same board as numpy arrays: bridgelaws {ms(t['bridgelaws'])}, np.unique "
          f"{ms(t['np.unique'])}: {median_ratio(t, 'bridgelaws', 'np.unique'):.2f}x (information)")

    print(f"cross-IMPs of that board, {rounds} alternating rounds:")
    t = alternate({"bridgelaws": lambda: cross_imps(board),
                   "distinct scores": lambda: distinct_cross_imps(board)}, rounds)
    show(t)
    r_xi = median_ratio(t, "bridgelaws", "distinct scores")

    print(f"a whole event, {BOARDS} boards x {PAIRS} pairs, {rounds} alternating rounds:")
    t = alternate({"bridgelaws": lambda: score_event(event),
                   "script (Counter)": lambda: simple_event(event, counter_matchpoints),
                   "script (np.unique)": lambda: simple_event(event, unique_units)}, rounds)
    show(t)
    r_event = median_ratio(t, "bridgelaws", ["script (Counter)", "script (np.unique)"])

    for name, r in (("board", r_board), ("cross-IMPs", r_xi), ("event", r_event)):
        print(verdict(name, r, TARGET))
    print(bench_line("matchpoints-board", r_board, "Counter/np.unique", TARGET))
    print(bench_line("matchpoints-xi", r_xi, "distinct-score cross-IMPs", TARGET))
    print(bench_line("matchpoints-event", r_event, "simple script", TARGET))
    print(bench_line("matchpoints", min(r_board, r_xi, r_event), "simple methods", TARGET))
    return 0


def ms(times: list[float]) -> str:
    return f"{sorted(times)[len(times) // 2] * 1000:.3f} ms"


def show(times: dict[str, list[float]]) -> None:
    for name, ts in times.items():
        print(f"  {name:<20} median {ms(ts)} a call (rounds: "
              f"{', '.join(f'{x * 1000:.2f}' for x in ts)} ms)")


if __name__ == "__main__":
    sys.exit(main())
