"""An event scored in one pass over its columns gives what scoring result by result gives.

``score_event`` reads an event with no adjusted score and no points given by hand column
by column (``Event.columns``: the checks on whole columns, Law 77 from a table, the
matchpoints of every board at once).  Here every such event is also scored the other way
(``Event.columns`` made to answer ``None``: ``check`` and ``_score_rows``, result by
result) and the two must agree to the last bit: each row (scores, points and their
types, tops, laws), the totals in their order, the standings; and on faulty events the
same first fault, word for word.
"""

import random

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.scoring.adjusted import ProceduralPenalty
from bridgelaws.tournament.event import Event, Result, result_score
from bridgelaws.tournament.results import score_event

CONTRACTS = ["1C", "2D", "2H", "3NT", "3N", "4H", "4S", "4SX", "4HXX", "5DX", "6NT", "7C", "3nt",
             " 4s ", "PASS", "pass", "AP"]


def random_event(rng: random.Random, *, pairs: int = 12, boards: int = 6, versions: bool = False,
                 individual: bool = False, directions: bool = True, vul_marks: bool = False,
                 scores_only: float = 0.05, shuffle: bool = True) -> Event:
    ev = Event(name="random")
    half = pairs // 2
    for p in range(1, pairs + 1):
        ev.add_entry(str(p) if p % 5 else f"A{p}", [f"P{p}a", f"P{p}b" if p % 3 else ""],
                     direction=("NS" if p <= half else "EW") if directions else None)
    ids = list(ev.entries)
    if vul_marks:
        ev.vulnerability = {b: rng.choice(["None", "NS", "EW", "All"]) for b in range(1, boards + 1)}
    for b in range(1, boards + 1):
        tables = rng.randint(1, pairs // 4 if individual else half)
        seated = rng.sample(ids, 4 * tables) if individual else []
        for t in range(tables):
            if individual:
                four = seated[4 * t:4 * t + 4]
                ns, ew = tuple(four[:2]), tuple(four[2:])
            else:
                ns, ew = ids[t], ids[half + (t + b) % half]
            version = rng.choice(["A", "B"]) if versions and rng.random() < 0.5 else None
            if rng.random() < scores_only:
                ev.results.append(Result(b, ns, ew, score=rng.choice(range(-1400, 1500, 10)),
                                         version=version))
                continue
            contract = rng.choice(CONTRACTS)
            ev.results.append(Result(b, ns, ew, contract, rng.choice("NESWnesw"),
                                     rng.randint(0, 13), version=version))
    if shuffle:
        rng.shuffle(ev.results)
    return ev


def by_rows(monkeypatch, event: Event, *args, **kwargs):
    """score_event with the columns refused: result by result."""
    with monkeypatch.context() as m:
        m.setattr(Event, "columns", lambda self: self._check_each())
        return score_event(event, *args, **kwargs)


def typed(x):
    return (type(x).__name__, x)


def assert_same(a, b):
    assert a.laws == b.laws
    assert list(a.totals.items()) == list(b.totals.items())
    assert list(a.tops.items()) == list(b.tops.items())
    assert list(a.played.items()) == list(b.played.items())
    assert [s.__dict__ for s in a.standings] == [s.__dict__ for s in b.standings]
    assert list(a.boards) == list(b.boards)
    for board in a.boards:
        for x, y in zip(a.boards[board], b.boards[board], strict=True):
            assert x.result is y.result
            assert [typed(v) for v in (x.ns_score, x.ns_points, x.ew_points, x.top, x.datum)] == \
                [typed(v) for v in (y.ns_score, y.ns_points, y.ew_points, y.top, y.datum)]
            assert (x.laws, x.factored_to_field) == (y.laws, y.factored_to_field)


OPTIONS = [
    dict(),
    dict(scale=1),
    dict(neuberg="field"),
    dict(neuberg="none"),
    dict(neuberg="field", board_decimals=2, field_percent_decimals=2),
    dict(board_decimals=1),
    dict(factor_totals=True),
    dict(rank_places=None, rank_ties="consecutive"),
    dict(rank_by_direction=False),
]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_matchpoints_in_one_pass_equal_result_by_result(monkeypatch, seed, options):
    rng = random.Random(seed)
    ev = random_event(rng, versions=seed % 3 == 0, directions=seed % 4 != 1,
                      vul_marks=seed % 2 == 0)
    if seed % 5 == 0:
        ev.penalties.append(ProceduralPenalty(next(iter(ev.entries)), fraction_of_top=0.25, board=1))
    fast = score_event(ev, **options)
    assert callable(fast._boards)          # the columns were taken: the rows made on demand
    assert_same(fast, by_rows(monkeypatch, ev, **options))


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("method,options", [
    ("xi", {}), ("xi", {"xi_average": False, "per_board_average": True}),
    ("butler", {}), ("butler", {"butler_drop": 0.2, "butler_half": "up"}),
    ("imp", {"board_decimals": 1, "factor_totals": True}), ("mp", {"per_board_average": True}),
])
def test_imps_in_one_pass_equal_result_by_result(monkeypatch, seed, method, options):
    rng = random.Random(100 + seed)
    ev = random_event(rng, versions=seed % 2 == 1, individual=seed % 4 == 3,
                      directions=seed % 4 == 0)
    assert_same(score_event(ev, method, **options), by_rows(monkeypatch, ev, method, **options))


def test_individuals_and_unsorted_results(monkeypatch):
    ev = random_event(random.Random(7), pairs=16, boards=9, individual=True, directions=False)
    fast = score_event(ev)
    assert callable(fast._boards)
    assert_same(fast, by_rows(monkeypatch, ev))


def test_law77_scores_of_the_columns_are_result_score(monkeypatch):
    """Every contract text, declarer, number of tricks and vulnerability, read as a column."""
    ev = Event(name="law 77")
    for p in range(28):
        ev.add_entry(str(p))
    board = 0
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            for dbl in ("", "X", "XX"):
                for declarer in "NESW":
                    board += 1
                    for tricks in range(14):
                        ev.results.append(Result(board, str(2 * tricks), str(2 * tricks + 1),
                                                 f"{level}{strain}{dbl}", declarer, tricks,
                                                 version=str(tricks % 3)))
    columns = ev.columns()
    scores = columns.ns_scores(ev).tolist()
    rows = columns.rows()
    assert scores == [result_score(r, ev.vulnerable(r.board)) for r in rows]
    assert len(set(scores)) > 300


FAULTS = [
    ("board 0", lambda ev: ev.results.append(Result(0, "1", "2", "4H", "N", 10))),
    ("board True", lambda ev: ev.results.append(Result(True, "1", "2", "4H", "N", 10))),
    ("board '3'", lambda ev: ev.results.append(Result("3", "1", "2", "4H", "N", 10))),
    ("14 tricks", lambda ev: ev.results.append(Result(9, "1", "2", "4H", "N", 14))),
    ("unknown pair", lambda ev: ev.results.append(Result(9, "1", "99", "4H", "N", 10))),
    ("twice", lambda ev: ev.results.append(Result(1, "1", "3", "4H", "N", 10))),
    ("itself", lambda ev: ev.results.append(Result(9, "1", "1", "4H", "N", 10))),
    ("bad contract", lambda ev: ev.results.append(Result(9, "1", "2", "4Z", "N", 10))),
    ("8 level", lambda ev: ev.results.append(Result(9, "1", "2", "8H", "N", 10))),
    ("no declarer", lambda ev: ev.results.append(Result(9, "1", "2", "4H", None, 10))),
    ("unknown declarer", lambda ev: ev.results.append(Result(9, "1", "2", "4H", "Q", 10))),
    ("no tricks", lambda ev: ev.results.append(Result(9, "1", "2", "4H", "N", None))),
    ("score 425", lambda ev: ev.results.append(Result(9, "1", "2", score=425))),
    ("nothing", lambda ev: ev.results.append(Result(9, "1", "2"))),
]


@pytest.mark.parametrize("name,fault", FAULTS, ids=[f[0] for f in FAULTS])
def test_a_fault_is_named_as_result_by_result(monkeypatch, name, fault):
    rng = random.Random(3)
    ev = random_event(rng, pairs=12, boards=8, scores_only=0)
    fault(ev)
    with pytest.raises(BridgeError) as fast:
        score_event(ev)
    with pytest.raises(BridgeError) as slow:
        by_rows(monkeypatch, ev)
    assert str(fast.value) == str(slow.value)
    # two faults: the first one met is the one named, either way
    other = FAULTS[(FAULTS.index((name, fault)) + 5) % len(FAULTS)][1]
    ev.results.insert(0, ev.results.pop())
    other(ev)
    with pytest.raises(BridgeError) as fast:
        score_event(ev)
    with pytest.raises(BridgeError) as slow:
        by_rows(monkeypatch, ev)
    assert str(fast.value) == str(slow.value)


def test_unusual_values_are_scored_result_by_result():
    """A number of tricks given as a float is not a column's: check() and the rows take it."""
    ev = Event(name="floats")
    for p in "1234":
        ev.add_entry(p)
    ev.results += [Result(1, "1", "2", "4H", "N", 10.0), Result(1, "3", "4", "4H", "N", 9)]
    assert ev.columns() is None
    res = score_event(ev)
    assert [r.ns_score for r in res.boards[1]] == [420.0, -50]
    assert [s.percent for s in res.standings] == [100.0, 100.0, 0.0, 0.0]
