"""The live journal's fast path (a batch without extras: on the journal's own sqlite3 or
psycopg connection) stores exactly what SQLAlchemy's path stores, commits it before the
act is answered, and refuses a second entry at the same place as SQLAlchemy's does."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from bridgelaws.service.db import EventRow, LiveEventRow, LiveTableRow, Store, select
from bridgelaws.service.live.logic import Journal, _is_conflict


@pytest.fixture
def store(database_url):
    s = Store(database_url)
    yield s
    s.dispose()


def _table(store) -> int:
    with store.transaction() as s:
        ev = EventRow(name="Journal", movement="mitchell")
        s.add(ev)
        s.flush()
        row = LiveTableRow(event_id=ev.id, round=1, table_no=1)
        s.add(row)
        s.flush()
        return row.id


def _rows(table_id: int, first: int, n: int) -> list[dict]:
    at = dt.datetime(2026, 11, 27, 16, 0, 5, tzinfo=dt.timezone.utc)
    return [{"live_table_id": table_id, "seq": first + i, "board": 3, "actor": "N",
             "data": {"e": {"by": "N", "call": "1N"}, "words": "ÆØÅ שלום", "n": [i, None]},
             "aid": f"a{first + i}" if i % 2 == 0 else None, "at": at + dt.timedelta(seconds=i)}
            for i in range(n)]


def _stored(store, table_id: int) -> list[tuple]:
    with store.session() as s:
        return [(r.seq, r.board, r.actor, r.data, r.aid,
                 r.at.replace(tzinfo=None) if r.at.tzinfo is None else
                 r.at.astimezone(dt.timezone.utc).replace(tzinfo=None))
                for r in s.scalars(select(LiveEventRow).where(
                    LiveEventRow.live_table_id == table_id).order_by(LiveEventRow.seq))]


def test_the_fast_path_stores_what_sqlalchemy_stores(store):
    fast, slow = _table(store), _table(store)
    journal = Journal(store)

    async def main():
        await asyncio.gather(journal.write(_rows(fast, 1, 3)), journal.write(_rows(fast, 4, 2)))
        # an extra (work on the session in the same transaction) takes SQLAlchemy's path
        seen = []
        await journal.write(_rows(slow, 1, 3), extra=lambda s: seen.append(s))
        await journal.write(_rows(slow, 4, 2), extra=lambda s: seen.append(s))
        assert len(seen) == 2
    try:
        asyncio.run(main())
    finally:
        journal.close()
        journal.thread.join(10)
    if store.backend == "sqlite":
        assert journal._lite_binds is not None      # the fast path was taken
    elif store.backend == "postgresql":
        assert journal._pg is not None
    got_fast, got_slow = _stored(store, fast), _stored(store, slow)
    assert [r[0] for r in got_fast] == [1, 2, 3, 4, 5]
    assert got_fast == got_slow
    assert got_fast[0][3] == _rows(fast, 1, 1)[0]["data"]
    assert got_fast[0][5] == dt.datetime(2026, 11, 27, 16, 0, 5)


def test_a_second_entry_at_the_same_place_is_a_conflict_and_the_rest_is_stored(store):
    table = _table(store)
    journal = Journal(store)

    async def main():
        await journal.write(_rows(table, 1, 1))
        results = await asyncio.gather(journal.write(_rows(table, 1, 1)),   # seq 1 again
                                       journal.write(_rows(table, 2, 1)),
                                       return_exceptions=True)
        return results
    try:
        clash, fine = asyncio.run(main())
    finally:
        journal.close()
        journal.thread.join(10)
    assert isinstance(clash, Exception) and _is_conflict(clash)
    assert fine is None
    assert [r[0] for r in _stored(store, table)] == [1, 2]


def test_one_seat_looked_up_finds_its_table_s_four_and_a_replaced_link_stays_out(store):
    from bridgelaws.service.db import LiveSeatRow
    from bridgelaws.service.live.logic import Hub
    table = _table(store)
    with store.transaction() as s:
        for seat in "NESW":
            s.add(LiveSeatRow(token=f"tok-{table}-{seat}", live_table_id=table, seat=seat))
    hub = Hub(store)
    try:
        assert hub.seat_of(f"tok-{table}-E") == (table, 1)
        assert {t: hub.tokens[t] for t in hub.tokens} == {
            f"tok-{table}-{s}": (table, i) for i, s in enumerate("NESW")}
        assert hub.seat_of("no such token") is None
        # the Director replaces West's link: the old token is forgotten, and a lookup of
        # a sibling that read the database before the replacement does not bring it back
        revoked = hub.revocations
        asyncio.run(hub.revoke(f"tok-{table}-W"))
        assert f"tok-{table}-W" not in hub.tokens and hub.revocations == revoked + 1
        with store.transaction() as s:
            s.get(LiveSeatRow, f"tok-{table}-W").token = f"new-{table}-W"
        hub.tokens.clear()
        assert hub.seat_of(f"tok-{table}-N") == (table, 0)
        assert f"new-{table}-W" in hub.tokens and f"tok-{table}-W" not in hub.tokens
        assert hub.seat_of(f"tok-{table}-W") is None
    finally:
        hub.journal.close()
