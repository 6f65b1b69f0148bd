"""Table.replay_acts against Table.apply on every real board (issue 20, point 12).

Every real board that the replay puts on a table (lawful or not: the irregular ones take
the general path at their first irregular act) is replayed twice from its log: act by act
through ``apply``, and in bulk through ``replay_acts`` (each run of plain calls or cards
as ``(seat, code)`` pairs, the other events through ``apply``, and taken up again after
each act that leaves the table waiting, as its callers do).  The two tables must hold the
same log and the same state, attribute by attribute; and a refused act must leave both as
they were.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bridgelaws.boards import Board
from bridgelaws.calls import parse_call
from bridgelaws.cards import BridgeError, Deal
from bridgelaws.events import MakeCall, PlayCard
from bridgelaws.formats.lin import read_lin
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.formats.replay import replay_record
from bridgelaws.table import Table

BAD_INPUT = {"sm1_corrupted_deal_board3.pbn", "errors_10.pbn", "errors_20.pbn", "errors_21.pbn"}


def snapshot(x, depth=0):
    """A comparable picture of a table's state (objects by their attributes)."""
    assert depth < 12
    if isinstance(x, dict):
        return {k: snapshot(v, depth + 1) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [snapshot(v, depth + 1) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(map(repr, x))
    if isinstance(x, (int, float, str, bool, type(None))):
        return x
    names = list(getattr(x, "__dict__", {}))
    for cls in type(x).__mro__:
        names += [n for n in getattr(cls, "__slots__", ()) if hasattr(x, n)]
    return (type(x).__name__, {n: snapshot(getattr(x, n), depth + 1) for n in names})


def state(t: Table) -> dict:
    names = [n for cls in type(t).__mro__ for n in getattr(cls, "__slots__", ())]
    names += list(getattr(t, "__dict__", {}))
    return {k: snapshot(getattr(t, k)) for k in names
            if hasattr(t, k) and k not in ("edition", "board", "deal")}


def one_by_one(board: Board, log) -> Table:
    t = Table(board)
    for e in log:
        t.apply(e)
    return t


def plain(e) -> str | None:
    """``"calls"`` or ``"cards"`` for an event that ``replay_acts`` takes as a pair."""
    if type(e) is MakeCall and e == MakeCall(e.by, e.call):
        return "calls"
    return "cards" if type(e) is PlayCard else None


def pairs(events):
    return [(e.by, e.call if type(e) is MakeCall else e.card) for e in events]


def in_bulk(board: Board, log) -> Table:
    t = Table(board)
    done = 0
    while done < len(log):
        kind = plain(log[done])
        if kind is None:
            t.apply(log[done])
            done += 1
            continue
        end = done
        while end < len(log) and plain(log[end]) == kind:
            end += 1
        n = t.replay_acts(**{kind: pairs(log[done:end])})
        assert n > 0
        done += n
    return t


def real_tables(root):
    files = sorted(p for p in (root / "pbn").rglob("*.pbn") if p.name not in BAD_INPUT)
    files += sorted((root / "lin").rglob("*.lin"))
    for path in files:
        try:
            records = read_lin(path) if path.suffix == ".lin" else list(read_pbn(path))
        except Exception:
            continue
        for rec in records:
            try:
                r = replay_record(rec)
            except Exception:
                continue
            if r.table is not None and r.table.events:
                yield path.name, r.table


def test_bulk_replay_is_act_by_act_on_every_real_board(realdata):
    seen = Counter()
    for name, table in real_tables(realdata):
        log = list(table.events)
        a, b = one_by_one(table.board, log), in_bulk(table.board, log)
        assert b.events == log, name
        assert state(b) == state(a), f"{name} board {table.board.number}"
        seen["irregular" if a.irregularities else "lawful"] += 1
        seen["complete"] += a.is_complete
    print(dict(seen))
    assert seen["lawful"] > 3000 and seen["irregular"] > 0 and seen["complete"] > 3000


def test_a_refused_act_leaves_the_bulk_table_as_it_was(realdata):
    """A card not held (refused, Law: the table cannot take it) in the middle of a bulk
    replay: the acts before it stay, the state is that of the acts before it."""
    name, table = next((n, t) for n, t in real_tables(realdata)
                       if t.is_complete and not t.irregularities and len(t.tricks) >= 5)
    log = list(table.events)
    k = next(i for i, e in enumerate(log) if type(e) is PlayCard) + 6
    bad = PlayCard(log[k].by, next(c for c in range(52)
                                   if not table.deal.hands[log[k].by] >> c & 1))
    t = Table(table.board)
    t.replay_acts(pairs(e for e in log[:k] if type(e) is MakeCall))
    with pytest.raises(BridgeError, match="does not hold"):
        t.replay_acts(cards=pairs([e for e in log[:k] if type(e) is PlayCard] + [bad]
                                  + log[k:]))
    assert t.events == log[:k]
    assert state(t) == state(one_by_one(table.board, log[:k]))


def test_the_short_path_keeps_the_trick_winner_across_the_general_path():
    """A trick begun act by act and finished in bulk, and one begun in bulk and finished
    act by act: the same winners (Laws 44E-44G) as act by act throughout."""
    deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")
    board = Board(1, deal)
    auction = [(0, parse_call("4H")), (1, 0), (2, 0), (3, 0)]
    t = Table(board)
    t.replay_acts(auction)
    assert t.phase == "play"
    cards = []
    probe = Table(board)
    probe.replay_acts(auction)
    while probe.phase == "play":                # the lowest legal card each time
        seat = probe.to_act
        e = PlayCard(seat, probe.legal_cards()[0])
        probe.apply(e)
        cards.append(e)
    for split in range(len(cards)):
        bulk = Table(board)
        bulk.replay_acts(auction)
        for e in cards[:split]:
            bulk.apply(e)
        bulk.replay_acts(cards=pairs(cards[split:]))
        assert state(bulk) == state(probe), split
