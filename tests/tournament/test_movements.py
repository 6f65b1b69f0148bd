"""Movements: Mitchell, Howell, team round robins and Swiss pairings (Laws 3-8).

The balance properties are counted here directly from the sittings, not only
through ``Movement.check``, so that a fault in the checker cannot hide one in
a movement.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.tournament.movements import (Movement, Sitting, format_boards, howell,
                                             mitchell, phantom_scores, round_robin,
                                             swiss_pairing)


def meetings(m: Movement) -> Counter:
    return Counter(frozenset((s.ns, s.ew)) for s in m if s.ns is not None and s.ew is not None)


def plays(m: Movement) -> Counter:
    """(pair, board) -> how many times that pair plays that board."""
    return Counter((p, b) for s in m if s.ns is not None and s.ew is not None
                   for p in (s.ns, s.ew) for b in s.boards)


def board_tables(m: Movement) -> Counter:
    """board -> how many tables play it."""
    return Counter(b for s in m if s.ns is not None and s.ew is not None for b in s.boards)


def one_place_per_round(m: Movement) -> bool:
    for r in range(1, m.rounds + 1):
        seated = [p for s in m.round(r) for p in s.contestants]
        if len(seated) != len(set(seated)):
            return False
    return True


def table_of(m: Movement, pair) -> list[int]:
    return [s.table for s in m if pair in (s.ns, s.ew)]


# -- Mitchell -------------------------------------------------------------------------


def test_three_table_mitchell_round_two():
    m = mitchell(3)
    assert (m.rounds, m.tables, m.pairs, m.boards) == (3, 3, [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6])
    # EW pairs move up one table (6 from table 3 to table 1), boards down one (set 1 to table 3)
    assert m.round(2) == [Sitting(2, 1, 1, 6, (3, 4)), Sitting(2, 2, 2, 4, (5, 6)),
                          Sitting(2, 3, 3, 5, (1, 2))]
    assert m.as_rows()[0] == {"round": 1, "table": 1, "ns": 1, "ew": 4, "boards": [1, 2]}


@pytest.mark.parametrize("tables, path", [
    (4, [1, 2, 4]),                    # skips table 3 before round 3
    (6, [1, 2, 3, 5, 6]),              # skips table 4 before round 4
    (8, [1, 2, 3, 4, 6, 7, 8]),
])
def test_skip_at_the_halfway_round(tables, path):
    m = mitchell(tables)
    assert m.rounds == tables - 1
    assert table_of(m, tables + 1) == path
    assert f"skip one table before round {tables // 2 + 1}" in m.notes[0]
    # without the skip the pair would meet the boards of round 1 again
    with pytest.raises(BridgeError, match=rf"round {tables // 2 + 1}, table 1: "
                                          rf"pair \d+ plays board \d+ again"):
        mitchell(tables, skip=False, rounds=tables // 2 + 1)


def test_no_skip_for_an_odd_number_of_tables():
    assert table_of(mitchell(5), 6) == [1, 2, 3, 4, 5]
    with pytest.raises(BridgeError, match="a skip is for an even number of tables, not 5"):
        mitchell(5, skip=True)


@pytest.mark.parametrize("tables", range(1, 26))
def test_mitchell_balance_every_size(tables):
    n = tables
    for m in [mitchell(n)] + ([mitchell(n, relay=True)] if n % 2 == 0 and n >= 4 else []):
        relay = "relay" in " ".join(m.notes)
        assert one_place_per_round(m)
        assert max(meetings(m).values()) == 1
        assert max(plays(m).values()) == 1
        # NS pairs stay, only NS meets EW
        for s in m:
            assert s.table == s.ns and s.ew > n
        times = set(board_tables(m).values())
        assert len(times) == 1                         # every board played equally often
        if n % 2 or relay:
            assert m.rounds == n and len(meetings(m)) == n * n     # everyone NS meets every EW
            assert times == {n}
        else:
            assert m.rounds == n - 1 and len(meetings(m)) == n * (n - 1) and times == {n - 1}
        assert len(m.boards) == 2 * n


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12])
def test_relay_and_bye_stand(tables):
    n = tables
    m = mitchell(n, relay=True, boards_per_round=3)
    assert m.rounds == n
    sets_in_play = set()
    for r in range(1, n + 1):
        rnd = m.round(r)
        assert rnd[0].boards == rnd[-1].boards      # tables 1 and n share (the relay)
        used = {s.boards for s in rnd}
        assert len(used) == n - 1                   # one set waits on the bye stand
        sets_in_play |= used
    assert len(sets_in_play) == n and len(m.boards) == 3 * n
    assert set(board_tables(m).values()) == {n}
    with pytest.raises(BridgeError, match="relay"):
        mitchell(n + 1, relay=True)
    with pytest.raises(BridgeError, match="a relay and a skip"):
        mitchell(n, relay=True, skip=True)


@pytest.mark.parametrize("tables, phantom", [(3, 6), (3, 2), (5, 1), (7, 14), (4, 8), (6, 1)])
def test_sit_out(tables, phantom):
    m = mitchell(tables, sit_out=phantom)
    assert phantom not in m.pairs and len(m.pairs) == 2 * tables - 1
    for r in range(1, m.rounds + 1):
        empty = [s for s in m.round(r) if None in (s.ns, s.ew)]
        assert len(empty) == 1                     # one table sits out each round
    assert max(meetings(m).values()) == 1 and max(plays(m).values()) == 1
    if tables % 2:                                 # complete: each board misses one table
        assert set(board_tables(m).values()) == {tables - 1}
    with pytest.raises(BridgeError, match="sit-out must be a pair from 1 to"):
        mitchell(tables, sit_out=2 * tables + 1)


def test_arrow_switch():
    m = mitchell(5, arrow_switch="last")
    last = m.round(5)
    assert all(s.ns > 5 and s.ew <= 5 for s in last)       # EW pairs sit North-South
    assert all(s.ns <= 5 for r in range(1, 5) for s in m.round(r))
    assert max(meetings(m).values()) == 1 and len(meetings(m)) == 25
    # every EW pair plays exactly one round (2 boards) North-South
    ns_boards = Counter(s.ns for s in m for _ in s.boards)
    assert all(ns_boards[p] == 2 for p in range(6, 11))
    m2 = mitchell(4, arrow_switch=[1, 3])
    assert [s.ns for s in m2.round(1)] == [5, 6, 7, 8] and m2.round(2)[0].ns == 1
    with pytest.raises(BridgeError, match=r"no round 6 to arrow-switch \(rounds 1 to 5\)"):
        mitchell(5, arrow_switch=6)


def test_mitchell_bad_input():
    with pytest.raises(BridgeError, match="number of tables must be a whole number"):
        mitchell(0)
    with pytest.raises(BridgeError, match="boards per round"):
        mitchell(3, boards_per_round=0)
    with pytest.raises(BridgeError, match=r"round 4, table 1: pairs 1 and 4 meet again"):
        mitchell(3, rounds=4)
    with pytest.raises(BridgeError, match=r"round 2, table 1: pairs 1 and 3 meet again"):
        mitchell(2, rounds=2)          # a 2-table Mitchell is one round long


def test_checker_names_the_fault():
    two_places = Movement("x", [Sitting(1, 1, 1, 2, (1,)), Sitting(1, 2, 3, 1, (2,))], 1)
    with pytest.raises(BridgeError, match="round 1, table 2: pair 1 is also at table 1"):
        two_places.check()
    board_twice = Movement("x", [Sitting(1, 1, 1, 2, (1, 2)), Sitting(2, 1, 1, 3, (2, 3))], 2)
    with pytest.raises(BridgeError, match=r"round 2, table 1: pair 1 plays board 2 again "
                                          r"\(first in round 1 at table 1\)"):
        board_twice.check()
    uneven = Movement("x", [Sitting(1, 1, 1, 2, (1,)), Sitting(1, 2, 3, 4, (1,)),
                            Sitting(2, 1, 1, 3, (2,))], 1, ["boards_even"])
    with pytest.raises(BridgeError, match="board 2 is played by 2 pairs, the others by 4"):
        uneven.check()
    never = Movement("x", [Sitting(1, 1, 1, 2, (1,)), Sitting(1, 2, 3, 4, (1,))], 1, ["meet_all"])
    with pytest.raises(BridgeError, match="pairs 1 and 3 never meet"):
        never.check()


def test_text_and_board_ranges():
    text = mitchell(3, boards_per_round=3).text()
    assert text.splitlines()[0] == "mitchell: 3 tables, 3 rounds, 6 pairs, 9 boards"
    assert "      3     3     5  1-3" in text
    assert format_boards((1, 2, 5, 6, 7, 9)) == "1-2,5-7,9"


# -- Howell ---------------------------------------------------------------------------


@pytest.mark.parametrize("tables", range(2, 17))
def test_complete_howell_is_balanced(tables):
    n = tables
    h = howell(n, boards_per_round=2)
    pairs = list(range(1, 2 * n + 1))
    assert h.rounds == 2 * n - 1 and h.tables == n and h.pairs == pairs
    assert one_place_per_round(h)
    assert all(len(h.round(r)) == n for r in range(1, h.rounds + 1))
    met = meetings(h)
    assert set(met) == {frozenset(c) for c in itertools.combinations(pairs, 2)}
    assert set(met.values()) == {1}                          # every pair meets every other once
    boards = list(range(1, 2 * (2 * n - 1) + 1))
    assert h.boards == boards
    played = plays(h)
    assert all(played[(p, b)] == 1 for p in pairs for b in boards)   # every board once each
    assert set(board_tables(h).values()) == {n}
    if n >= 4:                                      # a Room square: no two tables share a set
        for r in range(1, h.rounds + 1):
            sets = [s.boards for s in h.round(r)]
            assert len(set(sets)) == n
        assert f"{n - 1} sets wait on relay stands" in h.notes[1]


def test_howell_is_a_band_movement():
    h = howell(5)
    # pair 10 stays at table 1 North-South; pair p of round r sits where p+1 sits in round r+1
    assert all(s.ns == 10 for s in h if s.table == 1)
    for r in range(1, h.rounds):
        now = {frozenset((s.ns, s.ew)): s.table for s in h.round(r) if s.table > 1}
        nxt = {frozenset((s.ns, s.ew)): s.table for s in h.round(r + 1) if s.table > 1}
        moved = {frozenset(p % 9 + 1 for p in k): t for k, t in now.items()}
        assert moved == nxt


@pytest.mark.parametrize("tables, rounds", [(4, 3), (5, 7), (7, 9), (10, 6)])
def test_short_howell(tables, rounds):
    h = howell(tables, rounds=rounds)
    assert h.rounds == rounds and f"{rounds} of the {2 * tables - 1} rounds" in h.notes[-1]
    assert one_place_per_round(h) and all(len(h.round(r)) == tables for r in range(1, rounds + 1))
    met = meetings(h)
    assert set(met.values()) == {1} and len(met) == tables * rounds    # new opponents each round
    assert set(plays(h).values()) == {1}                               # no board twice
    # the sets rotate: at each table the next round plays the next set (of 2T-1)
    m = 2 * tables - 1
    for r in range(1, rounds):
        for a, b in zip(h.round(r), h.round(r + 1)):
            assert (a.boards[0] + 1) // 2 % m + 1 == (b.boards[0] + 1) // 2
    # a full Howell is promised; the short one is not (nobody meets everybody)
    assert "meet_all" not in h.promises and "meet_all" in howell(tables).promises
    with pytest.raises(BridgeError, match=f"has {m} rounds, not {m + 1}"):
        howell(tables, rounds=m + 1)


@pytest.mark.parametrize("tables, phantom", [(3, 6), (4, 1), (5, 7)])
def test_howell_sit_out(tables, phantom):
    h = howell(tables, sit_out=phantom)
    pairs = [p for p in range(1, 2 * tables + 1) if p != phantom]
    assert h.pairs == pairs and h.rounds == 2 * tables - 1
    out = Counter()
    for r in range(1, h.rounds + 1):
        empty = [s for s in h.round(r) if None in (s.ns, s.ew)]
        assert len(empty) == 1                    # one pair sits out each round
        out[empty[0].ns if empty[0].ew is None else empty[0].ew] += 1
    assert out == Counter({p: 1 for p in pairs})  # every real pair sits out once
    met = meetings(h)
    assert set(met) == {frozenset(c) for c in itertools.combinations(pairs, 2)}
    assert set(met.values()) == {1}
    with pytest.raises(BridgeError, match="sit-out must be a pair from 1 to"):
        howell(tables, sit_out=0)


def test_phantom_pair_scores():
    m = mitchell(5, sit_out=10, boards_per_round=3)
    scores = phantom_scores(m)
    # the pair facing the phantom each round gets 60% (average plus, Law 12C2(a)) on the
    # three boards it would have played there, and nothing else
    assert len(scores) == 5 * 3 and {s.law for s in scores} == {"12C2"}
    by_round = {r: [s for s in scores if s.round == r] for r in range(1, 6)}
    for r, got in by_round.items():
        sitting = next(s for s in m.round(r) if None in (s.ns, s.ew))
        assert [g.board for g in got] == list(sitting.boards)
        assert {g.pair for g in got} == {sitting.ns} and {g.direction for g in got} == {"NS"}
        assert {g.ns_ew for g in got} == {(60, 40)}
    assert sorted({s.pair for s in scores}) == [1, 2, 3, 4, 5]   # every NS pair once
    ew = phantom_scores(mitchell(3, sit_out=1), percent=50)
    assert {(s.direction, s.ns_ew) for s in ew} == {("EW", (50, 50))}
    assert phantom_scores(mitchell(3)) == []
    with pytest.raises(BridgeError, match="percentage 0-100, not 120"):
        phantom_scores(m, 120)


@pytest.mark.parametrize("tables, rounds", [(7, 5), (8, 4), (9, 6)])
def test_mitchell_chosen_rounds(tables, rounds):
    m = mitchell(tables, rounds=rounds)
    assert m.rounds == rounds and len(m.sittings) == tables * rounds
    assert set(meetings(m).values()) == {1} and set(plays(m).values()) == {1}
    for r in range(1, rounds):         # boards move down one table each round
        for t in range(1, tables + 1):
            nxt = m.round(r + 1)[(t - 2) % tables]
            assert nxt.boards == m.round(r)[t - 1].boards
    assert "boards_even" not in m.promises


def test_arrow_switch_makes_one_field():
    """Without the switch the NS and EW pairs never meet a pair of their own
    direction on the same boards; with one round switched, every pair has played
    boards in both directions, so all pairs can be ranked in one field."""
    plain, switched = mitchell(7), mitchell(7, arrow_switch=[4])
    def directions(m):
        d: dict = {}
        for s in m:
            d.setdefault(s.ns, set()).add("NS")
            d.setdefault(s.ew, set()).add("EW")
        return d
    assert all(len(v) == 1 for v in directions(plain).values())
    assert all(v == {"NS", "EW"} for v in directions(switched).values())
    # on board 7 (set 4), played in round 4 at table 1 -- after the switch an
    # original EW pair sits NS and is compared with the NS pairs of other rounds
    holders = {s.ns for s in switched if 7 in s.boards}
    assert holders & set(range(1, 8)) and holders & set(range(8, 15))


def test_howell_bad_input():
    with pytest.raises(BridgeError, match="at least 2 tables"):
        howell(1)
    with pytest.raises(BridgeError, match="number of tables must be a whole number"):
        howell(0)
    with pytest.raises(BridgeError, match="2 to 16 tables, not 17"):
        howell(17)


# -- team round robin ------------------------------------------------------------------


@pytest.mark.parametrize("teams", range(2, 21))
def test_round_robin(teams):
    rr = round_robin(teams, boards_per_round=4)
    assert rr.rounds == teams - 1 + teams % 2
    assert rr.pairs == list(range(1, teams + 1))
    assert one_place_per_round(rr)
    met = meetings(rr)
    assert set(met.values()) == {1} and len(met) == teams * (teams - 1) // 2
    byes = Counter(s.ns for s in rr if s.ew is None)
    if teams % 2:
        assert byes == Counter(range(1, teams + 1))            # one bye each
    else:
        assert not byes
    for r in range(1, rr.rounds + 1):                  # every match of a round plays one set
        assert {s.boards for s in rr.round(r)} == {tuple(range(4 * r - 3, 4 * r + 1))}
    home = Counter(s.ns for s in rr if s.ew is not None)
    away = Counter(s.ew for s in rr if s.ew is not None)
    assert all(abs(home[t] - away[t]) <= 2 for t in rr.pairs)


def test_round_robin_bad_input():
    for bad in (0, 1):
        with pytest.raises(BridgeError):
            round_robin(bad)


# -- Swiss ------------------------------------------------------------------------------


def test_swiss_by_score_with_ties_in_the_order_given():
    assert swiss_pairing({"A": 5, "B": 9, "C": 7, "D": 7}) == [("B", "C"), ("D", "A")]


def test_swiss_backtracks_where_greedy_would_repeat():
    # greedy pairs A-C and leaves B-D, who have met; A-D, B-C repeats nothing
    history = [("A", "B"), ("C", "D"), ("B", "D")]
    assert swiss_pairing({"A": 4, "B": 3, "C": 2, "D": 1}, history) == [("A", "D"), ("B", "C")]


def test_swiss_repeats_only_when_forced():
    teams = {t: 0 for t in "ABCD"}
    full = [("A", "B"), ("C", "D"), ("A", "C"), ("B", "D"), ("A", "D"), ("B", "C")]
    pairs = swiss_pairing(teams, full)
    assert pairs == [("A", "B"), ("C", "D")]          # everyone has met: by score order
    # A has met everyone, the others only A: A must repeat, but only once
    star = [("A", "B"), ("A", "C"), ("A", "D")]
    pairs = swiss_pairing({"A": 9, "B": 5, "C": 4, "D": 3}, star)
    assert pairs == [("A", "B"), ("C", "D")]
    assert sum(frozenset(p) in {frozenset(h) for h in star} for p in pairs) == 1


def test_swiss_bye_goes_to_the_lowest_team_without_one():
    st = [("A", 9), ("B", 7), ("C", 5), ("D", 3), ("E", 1)]
    assert swiss_pairing(st)[-1] == ("E", None)
    assert swiss_pairing(st, [("E", None)])[-1] == ("D", None)
    assert swiss_pairing(st, [("E", None), (None, "D")])[-1] == ("C", None)


def _min_repeats_brute(ranked, met):
    """The fewest repeats over every perfect matching (small n only)."""
    if not ranked:
        return 0
    a, rest = ranked[0], ranked[1:]
    return min((frozenset((a, b)) in met) + _min_repeats_brute([x for x in rest if x != b], met)
               for b in rest)


@pytest.mark.parametrize("seed", range(40))
def test_swiss_never_repeats_when_avoidable(seed):
    rng = random.Random(seed)
    n = rng.choice([4, 6, 8, 10])
    teams = list(range(1, n + 1))
    history = set()
    for _ in range(rng.randrange(1, n)):              # random earlier rounds
        order = teams[:]
        rng.shuffle(order)
        history |= {frozenset(order[i:i + 2]) for i in range(0, n, 2)}
    scores = {t: rng.randrange(0, 20) for t in teams}
    pairs = swiss_pairing(scores, [tuple(h) for h in history])
    assert sorted(t for p in pairs for t in p) == teams
    repeats = sum(frozenset(p) in history for p in pairs)
    assert repeats == _min_repeats_brute(teams, history)
    for a, b in pairs:                                # higher-ranked team first
        assert (-scores[a], a) <= (-scores[b], b)


def test_swiss_swiss_rounds_until_exhausted():
    # 6 teams, 5 rounds of Swiss: a round robin in effect, never a repeat
    scores = {t: 0 for t in range(1, 7)}
    history = []
    rng = random.Random(7)
    for _ in range(5):
        pairs = swiss_pairing(scores, history)
        assert not {frozenset(p) for p in pairs} & {frozenset(h) for h in history}
        history += pairs
        for a, b in pairs:
            scores[rng.choice((a, b))] += 1
    assert len({frozenset(h) for h in history}) == 15


def test_swiss_bad_input():
    with pytest.raises(BridgeError, match="at least 2 teams"):
        swiss_pairing({"A": 1})
    with pytest.raises(BridgeError, match="not in the standings"):
        swiss_pairing({"A": 1, "B": 2}, [("A", "Z")])
    with pytest.raises(BridgeError, match=r"standing 2 must be \(team, score\)"):
        swiss_pairing([("A", 1), ("B",)])


# -- the command ------------------------------------------------------------------------


def test_movement_command_text_and_json(capsys):
    import json
    from bridgelaws.cli import main
    assert main(["movement", "mitchell", "3", "--boards-per-round", "3"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "mitchell: 3 tables, 3 rounds, 6 pairs, 9 boards"
    assert "Round 2\n  table    NS    EW  boards\n      1     1     6  4-6\n" in out
    assert main(["movement", "howell", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 7 and data["tables"] == 4 and len(data["sittings"]) == 28
    assert {"round", "table", "ns", "ew", "boards"} == set(data["sittings"][0])
    assert main(["movement", "roundrobin", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tables"] == 2 and data["rounds"] == 5
    assert sum(s["ew"] is None for s in data["sittings"]) == 5
    assert main(["movement", "mitchell", "6", "--relay", "--sit-out", "12",
                 "--arrow-switch", "last"]) == 0
    assert "bye stand between tables 3 and 4" in capsys.readouterr().out


def test_movement_command_howell_rounds_and_phantom(capsys):
    import json
    from bridgelaws.cli import main
    assert main(["movement", "howell", "4", "--rounds", "3", "--sit-out", "8",
                 "--phantom", "60", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 3 and 8 not in data["pairs"]
    # pair 8 stays at table 1: its opponent of each round (1, 2, 3) gets 60% on 2 boards
    assert [(p["round"], p["pair"], p["ns"], p["ew"]) for p in data["phantom"]] == [
        (1, 1, 40, 60), (1, 1, 40, 60), (2, 2, 40, 60), (2, 2, 40, 60),
        (3, 3, 40, 60), (3, 3, 40, 60)]
    assert {p["law"] for p in data["phantom"]} == {"12C2"}
    assert main(["movement", "mitchell", "3", "--sit-out", "6", "--phantom", "50"]) == 0
    assert "round 1, table 3, board 5: pair 3 (NS) 50%" in capsys.readouterr().out


def test_swiss_command(capsys):
    import json
    from bridgelaws.cli import main
    assert main(["swiss", "--standings", "A=3,B=2,C=2,D=0", "--played", "A-B,C-D"]) == 0
    assert capsys.readouterr().out.split() == ["1", "A", "-", "C", "2", "B", "-", "D"]
    assert main(["swiss", "--standings", "A=30,B=20,C=10", "--played", "C-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"table": 1, "home": "A", "away": "C"},
                                                   {"table": 2, "home": "B", "away": None}]
    assert main(["swiss", "--standings", "A=3,B"]) == 2
    assert "a standing is TEAM=VP, not 'B'" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["movement", "mitchell", "0"], "mitchell: the number of tables must be"),
    (["movement", "howell", "3", "--phantom", "60"], "--phantom needs the phantom pair"),
    (["movement", "roundrobin", "4", "--rounds", "2"], "are for a Mitchell or a Howell"),
    (["movement", "howell", "1"], "howell: a Howell needs at least 2 tables"),
    (["movement", "mitchell", "3", "--relay"], "a relay and bye stand is for an even number"),
    (["movement", "mitchell", "4", "--rounds", "4"], "round 4, table 1: pairs 1 and 5 meet again"),
    (["movement", "roundrobin", "4", "--relay"], "are for a Mitchell"),
    (["movement", "howell", "4", "--arrow-switch", "last"], "are for a Mitchell"),
    (["movement", "mitchell", "3", "--arrow-switch", "x"], "--arrow-switch takes rounds"),
    (["movement", "mitchell", "3", "--boards-per-round", "0"], "boards per round"),
])
def test_movement_command_bad_input_is_one_line_and_status_2(argv, message, capsys):
    from bridgelaws.cli import main
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
