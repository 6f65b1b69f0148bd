"""Benchmark: dealing (unconstrained and constrained) and double-dummy analysis.

What is measured, in one run
----------------------------
* **dealing, "North 15-17 balanced"**: ``bridgelaws.deals.Dealer().deal(where)`` with
  ``where = parse_where("N hcp 15-17 balanced")`` (the secure source, :mod:`secrets`;
  North's hand drawn from the hands that meet the constraint,
  :mod:`bridgelaws.deals.smart`) against **redeal's SmartStack**.  redeal is not on
  PyPI and this machine reaches no other index, so it cannot be installed: the
  baseline is ``SmartStack`` below, a **reimplementation of SmartStack's method**
  written for this bench from the method's description and redeal's source (not a
  copy of its code): the holdings of each suit grouped by length and points; every
  combination of one group per suit whose lengths make a balanced 13 and whose points
  make 15-17, weighted by the product of the groups' sizes; one combination drawn with
  ``random.randint`` and ``bisect`` on the cumulative weights, one holding per suit by
  ``random.choice``; then, as redeal's ``Deal``, the other 39 cards shuffled
  (``random.shuffle``) and dealt 13 each.  It works on bridgelaws' card masks and
  returns a bridgelaws ``Deal`` (redeal's own ``Card``/``Hand`` objects would only
  make it slower), and uses Python's Mersenne Twister as redeal does; its preparation
  (once, like redeal's first call) is not timed, nor is bridgelaws' plan.  Both are
  also compared with endplay's ``generate_deals`` and a predicate (endplay's own
  ``hcp`` and ``is_balanced``), and bridgelaws seeded (Mersenne Twister too), for
  information.  redeal itself (its source from its repository, which pip cannot
  reach here) can be given with ``--redeal DIR`` (the folder holding its ``redeal``
  package; it runs without its DDS library): its own ``SmartStack(balanced, hcp,
  range(15, 18))`` then joins the same rounds, its deals checked by its own
  ``hcp`` and ``shape``, for information: it shows whether the reimplementation,
  the baseline of the target, is faster or slower than the real thing.
* **dealing, unconstrained**: ``bridgelaws.deals.Dealer().deal()`` (secure, Pavlicek's
  unranking, a complete ``Deal`` each time) against endplay's
  ``endplay.dealer.generate_deals(produce=N, seed=...)``.
* **double dummy**: ``bridgelaws.analysis.dd_tables`` (DDS's CalcAllTables through
  endplay's bundled library) on the same seeded deals, with one DDS thread and with
  every core.  The tables must be equal.

Every deal each dealing contender produces during the timing is kept and checked
afterwards: 13 cards a hand, no card twice, and (constrained) North 15-17 balanced;
the script fails (exit 1) if one is not.  The contenders run alternately, several
rounds (``bench/alternate.py``: each run about 0.1 s, 15 rounds, the order turning
each round, the garbage collector off; each call deals a batch, of the same size
for every contender except endplay's unconstrained ``generate_deals``, given 2,000
deals a call to spread its cost per call; times are per deal), and each figure is
the median over the rounds of the baseline's time over bridgelaws'.  Output: the
rates, then one ``bench`` line per target, the headline (unconstrained dealing
against endplay) last::

    bench dealing-constrained: R.RRx SmartStack (target 1.5x)
    bench dd-threads: R.RRx one thread (target 1.8x)
    bench dealing: R.RRx endplay (target 3.0x)

A verdict line (``met`` or ``MISSED``) precedes them; a missed target leaves the
exit status 0 (a measurement, not a test).  The DD figure depends on free cores: on
a loaded machine it drops.

Running it::

    .venv/bin/python bench/dealing.py [--quick] [--rounds 15] [--redeal DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from bisect import bisect_right
from collections import Counter
from itertools import product
from statistics import median

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))
sys.path.insert(0, os.path.dirname(__file__))

from endplay.dealer import generate_deals                     # noqa: E402
from endplay.evaluate import hcp as ep_hcp, is_balanced       # noqa: E402

from alternate import alternate, bench_line, median_ratio, verdict   # noqa: E402
from bridgelaws.analysis import dd_tables                     # noqa: E402
from bridgelaws.cards import Deal                             # noqa: E402
from bridgelaws.deals.constraints import hcp, parse_where, shape_class, suit_lengths  # noqa: E402
from bridgelaws.deals.dealing import Dealer                   # noqa: E402
from bridgelaws.deals.smart import hand_count                 # noqa: E402

TARGET_CONSTRAINED = 1.5
TARGET_DEALING = 3.0
TARGET_DD = 1.8
WHERE = "N hcp 15-17 balanced"
#: short runs, many rounds: the contenders of a round run close together in time,
#: and the median over the rounds leaves out the rounds a burst of other work spoilt
RUN_SECONDS = 0.1


class SmartStack:
    """redeal's SmartStack method, reimplemented (see the module's documentation):
    North's hand drawn among the hands of some lengths and points, weighted by their
    numbers, then the 39 other cards shuffled and dealt 13 each.

    ``shapes`` says which suit-length patterns (spades, hearts, diamonds, clubs) are
    allowed, ``points`` which point counts.
    """

    def __init__(self, shapes, points, rng: random.Random):
        self.rng = rng
        groups: dict[tuple[int, int], list[int]] = {}
        for holding in range(1 << 13):           # bit 12 the ace .. bit 0 the two
            value = (4 * (holding >> 12 & 1) + 3 * (holding >> 11 & 1)
                     + 2 * (holding >> 10 & 1) + (holding >> 9 & 1))
            groups.setdefault((holding.bit_count(), value), []).append(holding)
        # per suit (0 clubs .. 3 spades), the groups as cards of that suit
        self.holdings = [{key: [h << (13 * suit) for h in hs] for key, hs in groups.items()}
                         for suit in range(4)]
        weights: list[int] = []
        combos: list[tuple[tuple[int, int], ...]] = []
        keys = sorted(groups)
        for lengths in product(range(14), repeat=4):          # clubs, diamonds, hearts, spades
            if sum(lengths) != 13 or not shapes(lengths[::-1]):
                continue
            per_suit = [[k for k in keys if k[0] == n] for n in lengths]
            for combo in product(*per_suit):
                if sum(k[1] for k in combo) in points:
                    w = 1
                    for k in combo:
                        w *= len(groups[k])
                    weights.append(w)
                    combos.append(combo)
        self.combos = combos
        self.cumulative = []
        total = 0
        for w in weights:
            total += w
            self.cumulative.append(total)
        self.total = total
        self.cards = [1 << c for c in range(52)]

    def hand(self) -> int:
        rng = self.rng
        combo = self.combos[bisect_right(self.cumulative, rng.randint(0, self.total - 1))]
        hand = 0
        for suit, key in enumerate(combo):
            hand |= rng.choice(self.holdings[suit][key])
        return hand

    def __call__(self) -> Deal:
        north = self.hand()
        rest = [c for c in self.cards if not north & c]
        self.rng.shuffle(rest)
        return Deal((north, sum(rest[:13]), sum(rest[13:26]), sum(rest[26:])))


def real_smartstack(folder: str):
    """redeal's own dealer of North 15-17 balanced by its SmartStack, from its source in
    ``folder``; ``.lawful(deal)`` checks a deal by redeal's own evaluators."""
    sys.path.insert(0, folder)
    import redeal                                             # noqa: PLC0415

    t0 = time.perf_counter()
    dealer = redeal.Deal.prepare({"N": redeal.SmartStack(redeal.balanced, redeal.hcp,
                                                         range(15, 18))})
    dealer()                                                  # its preparation, not timed
    print(f"redeal {redeal.__file__}: its SmartStack prepared in "
          f"{time.perf_counter() - t0:.1f} s (not timed)")

    def lawful(d) -> bool:
        hands = (d.north, d.east, d.south, d.west)
        cards = [str(c) for h in hands for c in h.cards()]
        return (all(len(h.cards()) == 13 for h in hands) and len(set(cards)) == 52
                and 15 <= d.north.hcp <= 17 and redeal.balanced(d.north))

    dealer.lawful = lawful
    return dealer


def is_deal(deal: Deal) -> bool:
    hands = deal.hands
    return (all(h.bit_count() == 13 for h in hands)
            and hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1)


def north_opens_1nt(deal: Deal) -> bool:
    north = deal.hands[0]
    return 15 <= hcp(north) <= 17 and shape_class(suit_lengths(north)) == "balanced"


def rates(times: dict[str, list[float]], batch: int) -> str:
    return ", ".join(f"{name} {batch / median(ts):,.0f} deals/s" for name, ts in times.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and deals")
    parser.add_argument("--rounds", type=int, default=None,
                        help="alternating rounds of the dealing timings "
                             "(default 15, 9 with --quick)")
    parser.add_argument("--redeal", metavar="DIR",
                        help="a folder holding redeal's source package (redeal/): its own "
                             "SmartStack joins the constrained rounds, for information")
    args = parser.parse_args(argv)
    rounds = args.rounds or (9 if args.quick else 15)
    failures = 0

    # -- North 15-17 balanced: bridgelaws against SmartStack (and endplay, for information)
    where = parse_where(WHERE)
    secure, seeded = Dealer(), Dealer(seed=1)
    t0 = time.perf_counter()
    secure.deal(where)                                          # bridgelaws' plan, made once
    plan_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    stack = SmartStack(lambda lengths: shape_class(lengths) == "balanced", range(15, 18),
                       random.Random(2))
    stack_s = time.perf_counter() - t0
    print("SmartStack: a reimplementation of redeal's SmartStack method (redeal is not "
          "installable here; see this script's documentation)")
    print(f"preparation (not timed): bridgelaws' plan {plan_s:.2f} s, SmartStack {stack_s:.2f} s "
          f"({stack.total:,} hands)")

    def predicate(d):
        return 15 <= ep_hcp(d.north) <= 17 and is_balanced(d.north)

    real = real_smartstack(args.redeal) if args.redeal else None

    batch = 10
    made: dict[str, list] = {"bridgelaws": [], "bridgelaws seeded": [], "SmartStack": [],
                             "endplay": []}
    contenders = {
        "bridgelaws": lambda: made["bridgelaws"].extend([secure.deal(where) for _ in range(batch)]),
        "SmartStack": lambda: made["SmartStack"].extend([stack() for _ in range(batch)]),
        "bridgelaws seeded": lambda: made["bridgelaws seeded"].extend(
            [seeded.deal(where) for _ in range(batch)]),
    }
    if real is not None:
        made["redeal's own SmartStack"] = []
        contenders["redeal's own SmartStack"] = lambda: made["redeal's own SmartStack"].extend(
            [real() for _ in range(batch)])
    print(f"dealing, {WHERE}: {rounds} alternating rounds, {batch} deals a call")
    t = alternate(contenders, rounds, RUN_SECONDS)
    print(f"  {rates(t, batch)}")
    if real is not None:
        own = "redeal's own SmartStack"
        print(f"  redeal's own SmartStack against the reimplementation (information): "
              f"{median_ratio(t, own, 'SmartStack'):.2f}x; bridgelaws / redeal's own: "
              f"{median_ratio(t, 'bridgelaws', own):.2f}x")
    nt_ratio = median_ratio(t, "bridgelaws", "SmartStack")
    each_round = sorted(b / o for o, b in zip(t["bridgelaws"], t["SmartStack"]))
    print(f"  bridgelaws / SmartStack: {nt_ratio:.2f}x (rounds, sorted: "
          f"{', '.join(f'{r:.2f}' for r in each_round)}); "
          f"seeded {median_ratio(t, 'bridgelaws seeded', 'SmartStack'):.2f}x")
    # endplay by rejection is hundreds of times slower: fewer rounds, for information only
    t_ep = alternate({
        "bridgelaws": lambda: made["bridgelaws"].extend([secure.deal(where) for _ in range(batch)]),
        "endplay": lambda: made["endplay"].extend(
            generate_deals(predicate, produce=batch, seed=random.getrandbits(32), max_attempts=-1)),
    }, min(rounds, 3))
    print(f"  {rates(t_ep, batch)}; bridgelaws / endplay (information): "
          f"{median_ratio(t_ep, 'bridgelaws', 'endplay'):.2f}x")
    for name, deals in made.items():
        if name == "endplay":
            bad = sum(not predicate(d) for d in deals)
        elif name == "redeal's own SmartStack":
            bad = sum(not real.lawful(d) for d in deals)
        else:
            bad = sum(not (is_deal(d) and north_opens_1nt(d)) for d in deals)
        print(f"  checked {len(deals):,} deals of {name}: {bad} not {WHERE!r}")
        failures += bad
    ours = made["bridgelaws"]
    points = Counter(hcp(d.hands[0]) for d in ours)
    exact = {v: hand_count(parse_where(f"N hcp {v} balanced").clauses) for v in (15, 16, 17)}
    whole = sum(exact.values())
    print(f"  bridgelaws' North: "
          f"{', '.join(f'{v} hcp {points[v] / len(ours):.2%}' for v in sorted(points))} "
          f"(exactly {', '.join(f'{v} hcp {n / whole:.2%}' for v, n in exact.items())})")

    # -- unconstrained: bridgelaws against endplay.  endplay's generate_deals costs
    # about a quarter of a millisecond a call beyond its deals: it deals 2,000 a call
    sizes = {"bridgelaws": 100, "endplay": 2000}
    free: dict[str, list] = {"bridgelaws": [], "endplay": []}
    seeds = iter(range(10**9))
    print(f"dealing, unconstrained: {rounds} alternating rounds, "
          f"{' and '.join(f'{n:,} deals a call ({name})' for name, n in sizes.items())}")
    t = alternate({
        "bridgelaws": lambda: free["bridgelaws"].extend([secure.deal() for _ in range(100)]),
        "endplay": lambda: free["endplay"].extend(generate_deals(produce=2000, seed=next(seeds))),
    }, rounds, RUN_SECONDS)
    t = {name: [x / sizes[name] for x in ts] for name, ts in t.items()}     # a deal
    print(f"  {rates(t, 1)}")
    free_ratio = median_ratio(t, "bridgelaws", "endplay")
    bad = sum(not is_deal(d) for d in free["bridgelaws"])
    bad += sum(sorted(len(h) for h in (d.north, d.east, d.south, d.west)) != [13] * 4
               for d in free["endplay"])
    print(f"  checked {sum(map(len, free.values())):,} deals: {bad} not complete")
    failures += bad

    # -- double dummy, one thread and every core
    n_dd = 8 if args.quick else 20
    deals = [Dealer(seed=f"bench {i}").deal() for i in range(n_dd)]
    results = {}

    def run_dd(threads):
        results[threads] = dd_tables(deals, threads=threads)

    t = alternate({"one thread": lambda: run_dd(1), "every core": lambda: run_dd(0)},
                  3, run_seconds=0.5)
    dd_tables(deals[:1], threads=0)
    if results[1] != results[0]:
        print("FAIL: the tables differ with one thread and with every core", file=sys.stderr)
        failures += 1
    print(f"double dummy, {n_dd} deals: "
          f"{n_dd / median(t['one thread']):.1f} tables/s with one thread, "
          f"{n_dd / median(t['every core']):.1f} with every core ({os.cpu_count()} cores)")
    dd_ratio = median_ratio(t, "every core", "one thread")

    for name, ratio, target in (("dealing-constrained", nt_ratio, TARGET_CONSTRAINED),
                                ("dd-threads", dd_ratio, TARGET_DD),
                                ("dealing", free_ratio, TARGET_DEALING)):
        print(verdict(name, ratio, target))
    print(bench_line("dealing-constrained", nt_ratio, "SmartStack", TARGET_CONSTRAINED))
    print(bench_line("dd-threads", dd_ratio, "one thread", TARGET_DD))
    print(bench_line("dealing", free_ratio, "endplay", TARGET_DEALING))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
