"""Timing contenders fairly on a busy machine: alternating rounds and the median ratio.

Every benchmark of ``bench/`` times its contenders the same way:

* one **round** times each contender once, one after the other, the order turning
  by one place every round (so that no contender always runs first, on a cold
  cache, or last, after the others have heated the processor);
* one **run** repeats a contender's work ``number`` times, ``number`` chosen once
  beforehand so that a run lasts about ``run_seconds`` (0.2 s by default) for
  every contender: a short run is not luckier than a long one;
* the garbage collector is off during a run (as in :mod:`timeit`), and collected
  before it;
* a round's **ratio** is the baseline's time per call over the contender's in
  that same round (both saw the same machine), and the figure reported is the
  **median** of the rounds' ratios.  The best single run of each contender would
  flatter the one whose runs are short, on a noisy machine.

>>> import time
>>> t = alternate({"fast": lambda: time.sleep(0.001), "slow": lambda: time.sleep(0.002)},
...               rounds=3, run_seconds=0.02)
>>> len(t["fast"]), round(median_ratio(t, "fast", "slow"))
(3, 2)
>>> bench_line("demo", 2.345, "slow", 2.0)
'bench demo: 2.35x slow (target 2.0x)'
"""

from __future__ import annotations

import gc
import statistics
import time
from typing import Callable

__all__ = ["alternate", "median_ratio", "ratios", "bench_line", "verdict", "calibrate"]


def calibrate(fn: Callable[[], object], run_seconds: float) -> int:
    """How many calls of ``fn`` make a run of about ``run_seconds`` (at least 1)."""
    number = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        dt = time.perf_counter() - t0
        if dt >= run_seconds / 4 or number >= 1 << 20:
            break
        number *= 2 if dt > run_seconds / 40 else 10
    return max(1, round(number * run_seconds / max(dt, 1e-9)))


def _run(fn: Callable[[], object], number: int) -> float:
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        return (time.perf_counter() - t0) / number
    finally:
        gc.enable()


def alternate(contenders: dict[str, Callable[[], object]], rounds: int = 7,
              run_seconds: float = 0.2) -> dict[str, list[float]]:
    """Seconds per call of each contender, one figure per round, the contenders taking
    turns within every round (the order turning each round)."""
    names = list(contenders)
    for fn in contenders.values():            # warm up (imports, caches, JIT-free Python)
        fn()
    numbers = {name: calibrate(contenders[name], run_seconds) for name in names}
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            times[name].append(_run(contenders[name], numbers[name]))
    return times


def ratios(times: dict[str, list[float]], ours: str, baseline: str) -> list[float]:
    """Each round's speed of ``ours`` against ``baseline`` (baseline time / our time)."""
    return [b / o for o, b in zip(times[ours], times[baseline])]


def median_ratio(times: dict[str, list[float]], ours: str, baseline: str | list[str]) -> float:
    """The median over the rounds of ``baseline``'s time per call over ``ours``.

    With several baselines, each round compares with the fastest of them in that round.
    """
    names = [baseline] if isinstance(baseline, str) else list(baseline)
    best = [min(times[n][i] for n in names) for i in range(len(times[ours]))]
    return statistics.median(b / o for o, b in zip(times[ours], best))


def bench_line(name: str, ratio: float, baseline: str, target: float) -> str:
    """The last line of a benchmark: ``bench NAME: R.RRx BASELINE (target T.Tx)``."""
    return f"bench {name}: {ratio:.2f}x {baseline} (target {target:.1f}x)"


def verdict(name: str, ratio: float, target: float) -> str:
    """A line saying whether ``name`` met its target (printed before the bench lines)."""
    return f"{name}: {ratio:.2f}x, target {target:.1f}x {'met' if ratio >= target else 'MISSED'}"
