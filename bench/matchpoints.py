"""Benchmark: matchpointing and cross-IMPing large fields.

1. A field of 10,000 results on each of 36 boards, matchpointed by bridgelaws
   (a sort and two binary searches per board, numpy) and by the naive pairwise
   comparison (every result against every other, in Python), in the same run.
   The naive version scores whole boards of 10,000 results (the first board by
   default, ``--naive-boards N`` for more; about 7 s a board) and every one of
   its answers is checked against bridgelaws'.  The ratio is measured, not
   extrapolated: the naive time per board over bridgelaws' time per board (its
   36 boards timed together, best of three runs).
2. Cross-IMPs of 3,000 results per board: bridgelaws (24 binary searches per
   result) against the exact O(n^2) numpy version (the full table of differences).

The last line is ``bench matchpoints: R.RRx naive (target 100.0x)``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from bridgelaws.scoring.imps import cross_imps, cross_imps_exact      # noqa: E402
from bridgelaws.scoring.matchpoints import matchpoints_array          # noqa: E402

BOARDS, FIELD, XI_FIELD = 36, 10_000, 3_000


def naive_row(scores: list[int], i: int) -> int:
    s = scores[i]
    return sum(2 if s > o else 1 if s == o else 0 for j, o in enumerate(scores) if j != i)


def naive_board(scores: list[int]) -> list[int]:
    """The North-South matchpoints of every result of a board, each compared with every other."""
    return [naive_row(scores, i) for i in range(len(scores))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--naive-boards", type=int, default=1, metavar="N",
                        help="whole boards scored by the naive comparison (default 1)")
    naive_boards = parser.parse_args(argv).naive_boards
    if not 1 <= naive_boards <= BOARDS:
        parser.error(f"--naive-boards must be 1 to {BOARDS}")
    rng = np.random.default_rng(78)
    fields = [rng.choice(np.arange(-1400, 2300, 10), size=FIELD) for _ in range(BOARDS)]

    runs = []
    for _ in range(3):
        t = time.perf_counter()
        results = [matchpoints_array(f) for f in fields]
        runs.append(time.perf_counter() - t)
    ours = min(runs)

    t = time.perf_counter()
    for b in range(naive_boards):
        assert naive_board(fields[b].tolist()) == results[b].tolist(), f"board {b + 1} differs"
    naive = time.perf_counter() - t
    per_board_ours, per_board_naive = ours / BOARDS, naive / naive_boards
    print(f"matchpoints, {BOARDS} boards x {FIELD} results: bridgelaws {ours:.3f} s "
          f"({per_board_ours * 1000:.2f} ms a board)")
    print(f"naive pairwise, {naive_boards} whole board{'s' if naive_boards > 1 else ''} of "
          f"{FIELD} results: {naive:.1f} s ({per_board_naive:.2f} s a board; "
          f"{naive_boards * FIELD:,} answers equal to bridgelaws')")

    xi = fields[1][:XI_FIELD]
    t = time.perf_counter()
    fast = cross_imps(xi.tolist())
    t_fast = time.perf_counter() - t
    t = time.perf_counter()
    exact = cross_imps_exact(xi)
    t_exact = time.perf_counter() - t
    assert np.allclose(fast, exact)
    print(f"cross-IMPs, {XI_FIELD} results: bridgelaws {t_fast * 1000:.1f} ms, exact O(n^2) numpy "
          f"{t_exact * 1000:.1f} ms ({t_exact / t_fast:.1f}x)")
    print(f"bench matchpoints: {per_board_naive / per_board_ours:.2f}x naive (target 100.0x)")


if __name__ == "__main__":
    main()
