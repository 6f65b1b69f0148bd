"""Benchmark: matchpointing and cross-IMPing large fields.

1. A field of 10,000 results on each of 36 boards, matchpointed by bridgelaws
   (a sort and two binary searches per board, numpy) and by the naive pairwise
   comparison (every result against every other, in Python), in the same run.
   The naive version is timed on a sample of the results of one board and
   scaled up (it would take hours in full); the sample's answers are checked
   against bridgelaws'.
2. Cross-IMPs of 3,000 results per board: bridgelaws (24 binary searches per
   result) against the exact O(n^2) numpy version (the full table of differences).

The last line is ``bench matchpoints: R.RRx naive (target 100.0x)``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from bridgelaws.scoring.imps import cross_imps, cross_imps_exact      # noqa: E402
from bridgelaws.scoring.matchpoints import matchpoints_array          # noqa: E402

BOARDS, FIELD, XI_FIELD, SAMPLE = 36, 10_000, 3_000, 200


def naive_row(scores: list[int], i: int) -> int:
    s = scores[i]
    return sum(2 if s > o else 1 if s == o else 0 for j, o in enumerate(scores) if j != i)


def main() -> None:
    rng = np.random.default_rng(78)
    fields = [rng.choice(np.arange(-1400, 2300, 10), size=FIELD) for _ in range(BOARDS)]

    t = time.perf_counter()
    results = [matchpoints_array(f) for f in fields]
    ours = time.perf_counter() - t

    board = fields[0].tolist()
    t = time.perf_counter()
    sample = [naive_row(board, i) for i in range(SAMPLE)]
    naive = (time.perf_counter() - t) * (FIELD / SAMPLE) * BOARDS
    assert sample == results[0][:SAMPLE].tolist()
    print(f"matchpoints, {BOARDS} boards x {FIELD} results: bridgelaws {ours:.3f} s, "
          f"naive pairwise {naive:.1f} s (timed on {SAMPLE} results, scaled)")

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
    print(f"bench matchpoints: {naive / ours:.2f}x naive (target 100.0x)")


if __name__ == "__main__":
    main()
