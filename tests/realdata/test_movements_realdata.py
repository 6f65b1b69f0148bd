"""KoPS's Howell (and Mitchell) movements, from howellki's movements.json, through our checker.

Each entry ("tables-rounds") gives the pairs' starting places, the band the
moving pairs follow (a pair at band place k goes to place k+1 each round; the
others stay) and the starting table of each board set (0: on a relay stand),
the sets moving one place along their list each round.  Every movement is
turned into sittings and checked by ``Movement.check``: nobody meets anyone or
plays a board twice; the complete Howells (2T-1 rounds) also have every pair
meet every other pair and play every board, exactly once, like ours.
"""

from __future__ import annotations

import json

import pytest

from bridgelaws.tournament.movements import Movement, Sitting, howell

MOVEMENTS = "tables/movements/howellki_movements.json"


def kops_movement(entry: dict, boards_per_round: int = 1) -> Movement:
    tables, rounds = entry["tables"], entry["rounds"]
    place = {}                                       # "3N"/"3E" -> pair, in round 1
    for i, pair in enumerate(entry["positions"]):
        place[f"{i // 2 + 1}{'NE'[i % 2]}"] = pair
    band = entry["movement"]
    sets = list(entry["sets"])
    sittings = []
    for r in range(1, rounds + 1):
        set_at = {t: k + 1 for k, t in enumerate(sets) if t}
        for t in range(1, tables + 1):
            first = (set_at[t] - 1) * boards_per_round + 1
            sittings.append(Sitting(r, t, place[f"{t}N"], place[f"{t}E"],
                                    tuple(range(first, first + boards_per_round))))
        moved = dict(place)
        for k, pos in enumerate(band):
            moved[band[(k + 1) % len(band)]] = place[pos]
        place = moved
        sets = sets[-1:] + sets[:-1]
    complete = rounds == 2 * tables - 1
    promises = ("meet_all", "boards_all", "boards_even") if complete else ()
    return Movement("kops", sittings, boards_per_round, promises)


@pytest.fixture(scope="module")
def kops(realdata):
    with open(realdata / MOVEMENTS, encoding="utf-8") as f:
        return json.load(f)


def test_every_kops_movement_passes_our_checker(kops):
    complete = []
    for key, entry in kops.items():
        m = kops_movement(entry)
        m.check()
        assert m.rounds == entry["rounds"] and m.tables == entry["tables"]
        assert len(m.pairs) == 2 * entry["tables"]
        if entry["rounds"] == 2 * entry["tables"] - 1:
            complete.append(entry["tables"])
    print(f"\n{len(kops)} KoPS movements checked; complete Howells for tables {sorted(complete)}")
    assert len(kops) == 69
    assert sorted(complete) == [4, 5, 6, 7, 8, 9, 10, 11, 12]


def test_our_howells_are_balanced_like_kops(kops):
    """Same shape as KoPS's complete Howells: rounds, sets, sets idle per round, plays per board."""
    for entry in kops.values():
        n = entry["tables"]
        if entry["rounds"] != 2 * n - 1:
            continue
        theirs, ours = kops_movement(entry), howell(n, boards_per_round=1)
        for m in (theirs, ours):
            assert m.rounds == 2 * n - 1 and len(m.boards) == 2 * n - 1
            for r in range(1, m.rounds + 1):
                assert len({s.boards for s in m.round(r)}) == n      # no set shared
            per_board = {b: sum(b in s.boards for s in m) for b in m.boards}
            assert set(per_board.values()) == {n}
        # both keep exactly one pair stationary (one band of 2T-1 moving pairs)
        for m in (theirs, ours):
            places = {}
            for s in m:
                places.setdefault(s.ns, set()).add((s.table, "NS"))
                places.setdefault(s.ew, set()).add((s.table, "EW"))
            assert sum(len(p) == 1 for p in places.values()) == 1


def test_kops_mitchells_agree_with_ours(kops):
    """The "T-M" entries are KoPS's Mitchells for odd T: the same sittings as ours."""
    from bridgelaws.tournament.movements import mitchell
    seen = 0
    for key, entry in kops.items():
        if not key.endswith("-M"):
            continue
        n = entry["tables"]
        km = kops_movement(entry)
        # KoPS numbers the pairs 1N=1, 1E=2, 2N=3...; ours NS 1..T and EW T+1..2T
        ours_of = {}
        for s in km.round(1):
            ours_of[s.ns], ours_of[s.ew] = s.table, n + s.table
        theirs = [(s.round, s.table, ours_of[s.ns], ours_of[s.ew], s.boards) for s in km]
        ours = [(s.round, s.table, s.ns, s.ew, s.boards)
                for s in mitchell(n, boards_per_round=1)]
        assert theirs == ours, key
        seen += 1
    assert seen == 5
