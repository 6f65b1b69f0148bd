"""Benchmark: dealing and double-dummy analysis.

What is measured, in one run
----------------------------
* **dealing, unconstrained**: deals per second from ``bridgelaws.deals.Dealer()``
  (secure: :mod:`secrets` and Pavlicek's unranking, a complete ``Deal`` each time)
  against endplay's ``endplay.dealer.generate_deals(produce=N, seed=...)``.
* **dealing, "North 15-17 balanced"**: bridgelaws with the constraint
  ``"N hcp 15-17 balanced"`` against endplay's ``generate_deals`` with the predicate
  ``15 <= hcp(d.north) <= 17 and is_balanced(d.north)`` (endplay's own evaluators;
  both count balanced as 4-3-3-3, 4-4-3-2, 5-3-3-2).  Every deal either side
  produces is checked against the constraint outside the timing.
* **double dummy**: tables per second of ``bridgelaws.analysis.dd_tables`` (DDS's
  CalcAllTables through endplay's bundled library) on the same 40 seeded deals,
  with one DDS thread and with every core.  The tables must be equal.

Each timing is the best of several repeats (``time.perf_counter``).  Output: the
rates, then one ``bench`` line per target, the headline (unconstrained dealing
against endplay) last::

    bench dealing-constrained: R.RRx endplay (target 2.0x)
    bench dd-threads: R.RRx one thread (target 1.8x)
    bench dealing: R.RRx endplay (target 2.0x)

A missed target gets ``MISSED`` beside it; the exit status is 0 all the same.
The DD figure depends on free cores: on a loaded machine it drops.

Running it::

    .venv/bin/python bench/dealing.py [--quick]
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))

from endplay.dealer import generate_deals                     # noqa: E402
from endplay.evaluate import hcp as ep_hcp, is_balanced       # noqa: E402

from bridgelaws.analysis import dd_tables                     # noqa: E402
from bridgelaws.deals.constraints import hcp, parse_where, shape_class, suit_lengths  # noqa: E402
from bridgelaws.deals.dealing import Dealer                   # noqa: E402

TARGET_DEALING = 2.0
TARGET_DD = 1.8


def best_rate(run, count: int, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def line(name: str, ratio: float, baseline: str, target: float) -> str:
    missed = "" if ratio >= target else "  MISSED"
    return f"bench {name}: {ratio:.2f}x {baseline} (target {target:.1f}x){missed}"


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    n_free = 3000 if quick else 20000
    n_nt = 100 if quick else 400
    repeats = 2 if quick else 3

    # -- unconstrained --
    dealer = Dealer()
    ours = best_rate(lambda: [dealer.deal() for _ in range(n_free)], n_free, repeats)
    theirs = best_rate(lambda: list(generate_deals(produce=n_free, seed=1)), n_free, repeats)
    print(f"dealing, unconstrained: bridgelaws {ours:,.0f} deals/s, endplay {theirs:,.0f} deals/s")
    free_ratio = ours / theirs

    # -- North 15-17 balanced --
    where = parse_where("N hcp 15-17 balanced")
    produced: list = []

    def run_ours():
        produced.clear()
        produced.extend(dealer.deal(where) for _ in range(n_nt))

    def predicate(d):
        return 15 <= ep_hcp(d.north) <= 17 and is_balanced(d.north)

    theirs_deals: list = []

    def run_theirs():
        theirs_deals.clear()
        theirs_deals.extend(generate_deals(predicate, produce=n_nt, seed=2, max_attempts=-1))

    ours_nt = best_rate(run_ours, n_nt, repeats)
    theirs_nt = best_rate(run_theirs, n_nt, repeats)
    for d in produced:
        n = d.hands[0]
        assert 15 <= hcp(n) <= 17 and shape_class(suit_lengths(n)) == "balanced"
    assert len(theirs_deals) == n_nt and all(predicate(d) for d in theirs_deals)
    print(f"dealing, N 15-17 balanced: bridgelaws {ours_nt:,.0f} deals/s, "
          f"endplay {theirs_nt:,.0f} deals/s")
    nt_ratio = ours_nt / theirs_nt

    # -- double dummy, one thread and every core --
    deals = [Dealer(seed=f"bench {i}").deal() for i in range(40)]
    results = {}

    def run_dd(threads):
        results[threads] = dd_tables(deals, threads=threads)

    dd_repeats = 1 if quick else 2
    one = best_rate(lambda: run_dd(1), len(deals), dd_repeats)
    every = best_rate(lambda: run_dd(0), len(deals), dd_repeats)
    dd_tables(deals[:1], threads=0)
    assert results[1] == results[0]
    print(f"double dummy: {one:.1f} tables/s with one thread, {every:.1f} tables/s with every "
          f"core ({os.cpu_count()} cores)")
    dd_ratio = every / one

    print(line("dealing-constrained", nt_ratio, "endplay", TARGET_DEALING))
    print(line("dd-threads", dd_ratio, "one thread", TARGET_DD))
    print(line("dealing", free_ratio, "endplay", TARGET_DEALING))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
