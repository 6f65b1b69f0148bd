"""Our movements against real ones: the Howell and Mitchell tables of the real data
(``realdata/tables/movements/howellki_movements.json``: for T tables and R rounds, the
pairs in round 1 seat by seat, 1N 1E 2N 2E ..., and the chain of seats a moving pair
follows, round after round; seats outside the chain stay).

Every real movement passes our checker (nobody at two tables, nobody meets twice, and a
complete Howell: everybody meets everybody); our Mitchell for an odd number of tables is
the real one seat for seat; our short Howell of T tables and R rounds has the shape of
the real one (T tables in every round, R new opponents for every pair).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bridgelaws.tournament.movements import Movement, Sitting, howell, mitchell

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT.parent.parent / "shared" / "realdata" / "tables" / "movements"
if not REAL.is_dir():
    REAL = Path("/work/shared/realdata/tables/movements")
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="the real data folder is not here")


def real() -> dict:
    return json.loads((REAL / "howellki_movements.json").read_text())


def decode(spec: dict) -> list[tuple[int, int, int, int]]:
    """(round, table, ns, ew) of a real movement, by the chain of seats."""
    tables, rounds = spec["tables"], spec["rounds"]
    seats = [f"{t}{d}" for t in range(1, tables + 1) for d in "NE"]
    at = dict(zip(seats, spec["positions"]))
    chain = spec["movement"]
    out = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            out.append((r, t, at[f"{t}N"], at[f"{t}E"]))
        moved = {chain[(k + 1) % len(chain)]: at[seat] for k, seat in enumerate(chain)}
        at.update(moved)
    return out


KEYS = sorted(real()) if REAL.is_dir() else []


@needs_real
@pytest.mark.parametrize("key", KEYS)
def test_every_real_movement_passes_our_checker(key):
    spec = real()[key]
    rows = decode(spec)
    complete = spec["rounds"] == 2 * spec["tables"] - 1 and \
        len(spec["movement"]) == 2 * spec["tables"] - 1
    m = Movement(key, [Sitting(r, t, ns, ew, ()) for r, t, ns, ew in rows], 0,
                 ("meet_all",) if complete else ())
    m.check()
    assert m.rounds == spec["rounds"] and len(m.pairs) == 2 * spec["tables"]


@needs_real
@pytest.mark.parametrize("tables", [5, 7, 9, 11, 13])
def test_our_mitchell_is_the_real_one(tables):
    spec = real()[f"{tables}-M"]
    # the real pair at seat tN is our North-South pair t, at tE our East-West pair T+t
    ours = {p: (t if d == "N" else tables + t) for t in range(1, tables + 1)
            for d, p in zip("NE", spec["positions"][2 * t - 2:2 * t])}
    rows = [(r, t, ours[ns], ours[ew]) for r, t, ns, ew in decode(spec)]
    assert rows == [(s.round, s.table, s.ns, s.ew) for s in mitchell(tables)]


@needs_real
@pytest.mark.parametrize("key", [k for k in KEYS if k.split("-")[1].isdigit()
                                 and int(k.split("-")[1]) < 2 * int(k.split("-")[0]) - 1
                                 and int(k.split("-")[0]) <= 16])
def test_our_short_howell_has_the_shape_of_the_real_one(key):
    spec = real()[key]
    tables, rounds = spec["tables"], spec["rounds"]
    real_met = Counter(p for _, _, ns, ew in decode(spec) for p in (ns, ew))
    h = howell(tables, rounds=rounds)
    ours_met = Counter(p for s in h for p in s.contestants)
    assert h.tables == tables and h.rounds == rounds
    assert set(real_met.values()) == set(ours_met.values()) == {rounds}
