"""bridgelaws' Deal, Board and Contract to and from endplay's types on the real PBN files.

- Every deal of every real PBN file goes to endplay and back unchanged, and its endplay
  form is the one endplay's own reader makes of the same text; every board does too.
- Against endplay's PBN reader (``endplay.parsers.pbn``) on the files it reads: each
  game's board number, deal, dealer, vulnerability and result (contract, declarer,
  tricks) converted from endplay's types equals what bridgelaws reads from the file.
  A sample of files by default, every one with ``BRIDGELAWS_SLOW=1`` (endplay's reader
  takes about 20 s for all of them).
"""

from __future__ import annotations

import os
import warnings

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Deal as EDeal

from bridgelaws.boards import Board
from bridgelaws.cards import BridgeError, Deal
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.scoring.contract import Contract, result_from_endplay

SLOW = os.environ.get("BRIDGELAWS_SLOW") == "1"

#: real files endplay's reader does not read, and why (endplay 0.5.12)
ENDPLAY_CANNOT_READ = {
    "annamar_1538_pairs_untitled.pbn": "a play section with an unknown card",
    "sky_club_2196_pairs_sky_club_jackpot_2000.pbn": "a play section without a contract",
    "test1.bcdd.pbn": "the % lines BridgeComposer writes between games",
    "test2.bcdd.pbn": "the % lines BridgeComposer writes between games",
    "sample.pbn": "a '!' annotation after a result",
    "correct_10.pbn": "a ';' comment after a tag",
    "correct_20.pbn": "a Hidden tag",
    "correct_21.pbn": "an OptimumScore in a Result-like tag",
    "errors_10.pbn": "the verifier's error tests",
    "errors_20.pbn": "the verifier's error tests",
}
#: files compared with endplay's reader in the default run
SAMPLE = {"260119HandRecord.pbn", "LBC-2026-01-26.pbn", "example2.pbn", "liigaButler1b.pbn",
          "aba_17901_aba_pairs.pbn"}


def _pbn_files(realdata):
    return sorted((realdata / "pbn").rglob("*.pbn"))


def test_every_deal_and_board_of_the_real_files_goes_to_endplay_and_back(realdata):
    deals, boards = {}, {}                      # each different deal and board once
    for path in _pbn_files(realdata):
        records, _ = read_pbn(path, errors="collect")
        for rec in records:
            if rec.deal:
                deals.setdefault(rec.deal, (path.name, rec.board))
                if rec.board is not None and rec.board > 0:
                    boards.setdefault((rec.board, rec.dealer, rec.vulnerable, rec.deal),
                                      path.name)
    for text, where in deals.items():
        deal = Deal.from_pbn(text)
        e = deal.to_endplay()
        assert e == EDeal(text), where                      # endplay's own reading
        assert Deal.from_endplay(e) == deal, where
    for (number, dealer, vulnerable, text), name in boards.items():
        board = Board(number, Deal.from_pbn(text), dealer=dealer, vulnerable=vulnerable)
        e = board.to_endplay()
        assert e.board_num == number, (name, number)
        back = Board.from_endplay(e)
        assert (back.number, back.dealer, back.vulnerable, back.deal) == \
            (board.number, board.dealer, board.vulnerable, board.deal), (name, number)
    print(f"\n{len(deals)} different deals and {len(boards)} different boards both ways")
    assert len(deals) > 3000 and len(boards) > 3000


def _endplay_reads(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with open(path, encoding="utf-8", errors="replace") as f:
            return endplay_pbn.load(f)


def test_endplay_reader_and_bridgelaws_agree_through_the_conversions(realdata):
    files = [p for p in _pbn_files(realdata) if SLOW or p.name in SAMPLE]
    compared = {"files": 0, "games": 0, "deals": 0, "results": 0}
    for path in files:
        try:
            eboards = _endplay_reads(path)
        except Exception as e:                              # noqa: BLE001 - endplay's errors
            assert path.name in ENDPLAY_CANNOT_READ, f"{path.name}: {type(e).__name__}: {e}"
            continue
        records, errors = read_pbn(path, errors="collect")
        if errors:                                          # a game bridgelaws refuses
            assert path.name == "sm1_corrupted_deal_board3.pbn", (path.name, errors[0])
            continue
        assert len(eboards) == len(records), path.name
        compared["files"] += 1
        for eb, rec in zip(eboards, records):
            compared["games"] += 1
            where = (path.name, rec.board)
            assert eb.board_num == rec.board, where
            if rec.deal:
                assert Deal.from_endplay(eb.deal) == Deal.from_pbn(rec.deal), where
                compared["deals"] += 1
            if eb.board_num is not None:
                board = Board.from_endplay(eb)
                assert rec.vulnerable is None or board.vulnerable == rec.vulnerable, where
                assert rec.dealer is None or board.dealer_name == rec.dealer, where
            if rec.contract and eb.contract is not None:
                ours = None if rec.contract.upper() in ("P", "PASS") else Contract.parse(rec.contract)
                contract, declarer, tricks = result_from_endplay(eb.contract)
                assert contract == ours, where
                if ours is not None:
                    assert ("NESW"[declarer], tricks) == (rec.declarer, rec.result), where
                compared["results"] += 1
    print(f"\nagainst endplay's reader: {compared}")
    assert compared["files"] >= (25 if SLOW else 5)
    assert compared["results"] > (10000 if SLOW else 300)


def test_the_files_endplay_cannot_read_are_still_unreadable_to_it(realdata):
    """The list above is endplay's, not ours: bridgelaws reads every one of these files."""
    by_name = {p.name: p for p in _pbn_files(realdata)}
    for name in ("correct_20.pbn", "sample.pbn"):
        with pytest.raises(Exception):
            _endplay_reads(by_name[name])
        try:
            records, _ = read_pbn(by_name[name], errors="collect")
        except BridgeError as e:                            # pragma: no cover - a failure
            pytest.fail(f"{name}: {e}")
        assert records
