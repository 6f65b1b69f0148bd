"""Tests of the LIN reader and writer, on hand-made input and on real BBO files."""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pytest

from bridgelaws.calls import call_name, parse_call
from bridgelaws.cards import BridgeError, Deal, card_suit, card_rank, lho, parse_card, parse_seat
from bridgelaws.formats.lin import parse_rs_entry, read_lin, write_lin
from bridgelaws.formats.record import AuctionCall, BoardRecord

REALDATA = Path(__file__).resolve().parents[3] / "shared" / "realdata"
LIN_DIR = REALDATA / "lin"
needs_realdata = pytest.mark.skipif(not LIN_DIR.is_dir(), reason=f"real data folder {LIN_DIR} is missing")

WRONIE = LIN_DIR / "bbo_pbntools" / "test_8_bbo_wronie_20130824"
VUGRAPH = LIN_DIR / "bridgebots_tests" / "usbf_sf_14502.lin"
KEMISTRY = LIN_DIR / "rickwilson" / "kemistry-boards-2026-01-14.lin"
ENDPLAY = LIN_DIR / "endplay_tests" / "example1.lin"


@lru_cache(maxsize=None)
def _read(path: Path) -> tuple[BoardRecord, ...]:
    return tuple(read_lin(path))


def _all_lin_files() -> list[Path]:
    return sorted(LIN_DIR.rglob("*.lin"))


def _calls(record: BoardRecord) -> list[str]:
    return [c.call for c in record.auction]


# --- hand-made input ----------------------------------------------------------------

ONE_BOARD = (
    "pn|Sue,Walt,Ned,Eve|st||md|3S49KH6D356KC245TQ,S268QAH29JQD4JC3J,STJH34578DQAC789K,|"
    "rh||ah|Board 1|sv|o|mb|p|mb|p|mb|p|mb|1S|mb|d|mb|2N!|an|both minors|mb|3C|mb|p|mb|p|"
    "mb|3S|mb|p|mb|p|mb|p|pg||pc|c7|pc|CA|pc|c2|pc|C3|pg||pc|S3|pc|s4|mc|8|zz|1.5|\n")


def test_one_board_fields():
    [r] = read_lin(ONE_BOARD)
    assert r.board == 1 and r.dealer == "N" and r.auction_start == "N" and r.vulnerable == "none"
    # the E hand, left out, is the 13 remaining cards
    assert r.deal == "N:JT.87543.AQ.K987 753.AKT.T9872.A6 K94.6.K653.QT542 AQ862.QJ92.J4.J3"
    assert _calls(r) == ["P", "P", "P", "1S", "X", "2N", "3C", "P", "P", "3S", "P", "P", "P"]
    assert r.auction[5] == AuctionCall("2N", alert=True, note="both minors")
    assert r.auction[4] == AuctionCall("X")
    assert r.auction_complete
    assert r.play_sequence == ["C7", "CA", "C2", "C3", "S3", "S4"]
    assert r.claim_tricks == 8
    assert r.players == {"S": "Sue", "W": "Walt", "N": "Ned", "E": "Eve"}
    assert r.room is None and r.contract is None
    assert r.tags == {"rh": "", "ah": "Board 1", "sv": "o", "zz": "1.5"}
    assert str(r.source) == "<string>:1"


@pytest.mark.parametrize("sv, vulnerable", [("o", "none"), ("0", "none"), ("-", "none"),
                                            ("n", "NS"), ("e", "EW"), ("b", "all"), ("B", "all")])
def test_vulnerability(sv, vulnerable):
    [r] = read_lin(f"md|1S2,,,|sv|{sv}|")
    assert r.vulnerable == vulnerable and r.dealer == "S"


def test_calls_are_normalized():
    [r] = read_lin("md|4,,,|mb|P|mb|1n|mb|D|mb|R|mb|2NT|mb|x|mb|XX!|mb|p!|")
    assert _calls(r) == ["P", "1N", "X", "XX", "2N", "X", "XX", "P"]
    assert [c.alert for c in r.auction] == [False] * 6 + [True, True]
    assert r.dealer == "E" and r.deal is None
    assert not r.auction_complete


def test_auction_complete():
    assert read_lin("md|1,,,|mb|p|mb|p|mb|p|mb|p|")[0].auction_complete
    assert not read_lin("md|1,,,|mb|p|mb|p|mb|p|")[0].auction_complete
    assert not read_lin("md|1,,,|mb|1S|mb|p|mb|p|")[0].auction_complete
    assert read_lin("md|1,,,|mb|1S|mb|d|mb|p|mb|p|mb|p|")[0].auction_complete
    assert not read_lin("md|1,,,|")[0].auction_complete


def test_partial_deal_and_ten_for_t():
    [r] = read_lin("md|2S10A,HK,,|")
    assert r.deal == "N:- - AT... .K.." and r.dealer == "W"
    assert Deal.from_pbn(r.deal)[parse_seat("W")] == 1 << parse_card("HK")


def test_multi_board_without_qx_and_player_carry_over():
    text = ("pn|a,b,c,d|st||md|1SA,,,|ah|Board 1|mb|p|\n"
            "st||md|2SK,,,|ah|Board 2|\n"
            "md|3SQ,,,|ah|Board 3|pn|e,f,g,h|md|4SJ,,,|\n")
    records = read_lin(text, name="multi.lin")
    assert [r.board for r in records] == [1, 2, 3, None]
    assert [r.dealer for r in records] == ["S", "W", "N", "E"]
    assert [r.source.line for r in records] == [1, 2, 3, 3]
    assert records[1].players == records[0].players == {"S": "a", "W": "b", "N": "c", "E": "d"}
    assert records[3].players["S"] == "e"
    assert records[3].source.file == "multi.lin"


def test_vugraph_header_and_rooms():
    text = ("vg|Test,Seg 1,I,5,6,A,0,B,0|\nrs|3NN=,3NN-1,,P|\n"
            "pn|s1,w1,n1,e1,s2,w2,n2,e2|\n"
            "qx|o5|st||md|1S2,,,|\nqx|c5|md|1S2,,,|\nqx|o6|md|2,,,|\nqx|c6|md|2,,,|\n")
    records = read_lin(text)
    assert [(r.board, r.room) for r in records] == [(5, "open"), (5, "closed"), (6, "open"), (6, "closed")]
    assert [r.source.line for r in records] == [4, 5, 6, 7]
    assert records[0].players["S"] == "s1" and records[1].players["S"] == "s2"
    assert (records[0].contract, records[0].declarer, records[0].result) == ("3N", "N", 9)
    assert (records[1].contract, records[1].declarer, records[1].result) == ("3N", "N", 8)
    assert records[2].contract is None and records[2].tags["rs_entry"] == ""
    assert records[3].contract == "Pass" and records[3].tags["rs_entry"] == "P"
    assert all(r.tags["vg"].startswith("Test,") for r in records)


@pytest.mark.parametrize("entry, expected", [
    ("4HE=", ("4H", "E", 10)), ("3NW+1", ("3N", "W", 10)), ("4SWx-4", ("4SX", "W", 6)),
    ("1NN-3", ("1N", "N", 4)), ("4HE-1", ("4H", "E", 9)), ("2CSxx+1", ("2CXX", "S", 9)),
    ("3NTs", ("3N", "S", None)), ("", (None, None, None)), ("PASS", ("Pass", None, None)),
])
def test_parse_rs_entry(entry, expected):
    assert parse_rs_entry(entry) == expected


def test_board_number_from_ah_or_qx():
    assert read_lin("qx|o5|md|1,,,|")[0].board == 5
    assert read_lin("qx|c5|md|1,,,|ah|Round 2 Board 17|")[0].board == 17
    assert read_lin("md|1,,,|ah|Board 3|")[0].board == 3
    assert read_lin("md|1,,,|ah|Practice|")[0].board is None


def test_an_without_a_call_is_kept_in_tags():
    [r] = read_lin("md|1,,,|an|hello|mb|1C|an|one|an|two|pc|C2|an|late|")
    assert r.auction == [AuctionCall("1C", note="one two")]
    assert r.tags["an"] == "late"


def test_sources_stream_bytes_path_and_latin1(tmp_path):
    latin = "pn|José,Zoë,b,c|md|1SA,,,|".encode("latin-1")
    [r] = read_lin(io.BytesIO(latin), name="x.lin")
    assert r.players["S"] == "José" and r.source.file == "x.lin"
    [r] = read_lin(io.StringIO("\ufeffpn|Zoë,a,b,c|md|1SA,,,|"))
    assert r.players["S"] == "Zoë" and r.source.file == "<stream>"
    path = tmp_path / "b.lin"
    path.write_bytes("pn|Zoë,a,b,c|md|1SA,,,|".encode("utf-8"))
    for source in (path, str(path)):
        [r] = read_lin(source)
        assert r.players["S"] == "Zoë" and r.source.file == str(path) and r.source.line == 1


# --- errors -------------------------------------------------------------------------------

BAD = [
    # (text, line of the problem, words of the reason)
    ("md|1S23456789TJQKA,,,|mb|p|\nmd|1SAKQJT98765432H2,,,|", 2, "14 cards"),
    ("md|1SA,SA,,|", 1, "more than one hand"),
    ("md|1SAA,,,|", 1, "appears twice"),
    ("md|1SAX,,,|", 1, "not a suit or a rank"),
    ("md|1A,,,|", 1, "before any suit"),
    ("md|5SA,,,|", 1, "dealer digit"),
    ("md|SA,,,|", 1, "dealer digit"),
    ("md|1,,,,,|", 1, "hands"),
    ("md|1,,,|\n\nmb|1Z|", 3, "unknown call"),
    ("md|1,,,|mb||", 1, "unknown call"),
    ("md|1,,,|mb|²3|", 1, "unknown call"),
    ("md|1,,,|mc|²|", 1, "not a number of tricks"),
    ("md|1,,,|\npc|SX|", 2, "unknown card"),
    ("md|1,,,|pc|S|", 1, "unknown card"),
    ("md|1,,,|mc|ten|", 1, "not a number of tricks"),
    ("md|1,,,|mc|14|", 1, "not a number of tricks"),
    ("md|1,,,|mc||", 1, "not a number of tricks"),
    ("md|1,,,|\nsv|z|", 2, "unknown vulnerability"),
    ("pnx|a|", 1, "not a LIN command"),
    ("md|1,,,|\n|mb|p|", 2, "not a LIN command"),
    ("md|1,,,|mb|p", 1, "no closing"),
    ("md|1,,,|\n mb", 2, "not followed by"),
    ("qx|x1|", 1, "qx"),
    ("vg|a,b,c,1,2|\nrs|4HE=,9ZZ|\nqx|o1|md|1,,,|qx|c1|md|1,,,|", 2, "rs entry"),
]


@pytest.mark.parametrize("text, line, reason", BAD)
def test_malformed_input_raises_bridge_error(text, line, reason):
    with pytest.raises(BridgeError) as info:
        read_lin(text, name="bad.lin")
    err = info.value
    assert err.where == f"bad.lin:{line}"
    assert reason in err.reason
    assert str(err).startswith(f"bad.lin:{line}: ")


def test_missing_file_raises_bridge_error(tmp_path):
    with pytest.raises(BridgeError, match="cannot read"):
        read_lin(tmp_path / "nothing.lin")


# --- writing ------------------------------------------------------------------------------

def test_write_lin_one_line_per_board():
    records = read_lin(ONE_BOARD + ONE_BOARD.replace("Board 1", "Board 2"))
    text = write_lin(records)
    lines = text.splitlines()
    assert len(lines) == 2 and text.endswith("\n")
    assert lines[0].startswith("pn|Sue,Walt,Ned,Eve|st||md|3SK94H6DK653CQT542,"
                               "SAQ862HQJ92DJ4CJ3,SJTH87543DAQCK987,|rh||ah|Board 1|sv|o|mb|p|")
    assert "mb|2N!|an|both minors|" in lines[0]
    assert lines[0].endswith("pc|S3|pc|S4|mc|8|")
    back = read_lin(text)
    for a, b in zip(records, back):
        assert (a.deal, a.auction, a.play_sequence, a.claim_tricks, a.board, a.dealer,
                a.vulnerable, a.players) == (b.deal, b.auction, b.play_sequence, b.claim_tricks,
                                             b.board, b.dealer, b.vulnerable, b.players)


def test_write_lin_partial_deal_and_defaults():
    record = BoardRecord(board=7, deal="N:AK... - - -", auction=[AuctionCall("Pass"), AuctionCall("1NT")])
    text = write_lin([record])
    assert "md|1,,SAKHDC,|" in text  # board 7: South deals; four hands since the deal is partial
    [back] = read_lin(text)
    assert back.deal == record.deal and back.dealer == "S" and _calls(back) == ["P", "1N"]


def test_write_lin_rejects_what_lin_cannot_hold():
    with pytest.raises(BridgeError, match="'|'"):
        write_lin([BoardRecord(board=1, auction=[AuctionCall("1C", note="a|b")])])
    with pytest.raises(BridgeError, match="dealer"):
        write_lin([BoardRecord()])
    with pytest.raises(BridgeError, match="unknown call"):
        write_lin([BoardRecord(board=1, auction=[AuctionCall("1Z")])])


# --- real files ----------------------------------------------------------------------------

@needs_realdata
def test_every_real_lin_file_reads_and_round_trips():
    files = _all_lin_files()
    assert len(files) >= 789
    total = 0
    for path in files:
        records = _read(path)
        assert records, path
        total += len(records)
        for r in records:
            assert Deal.from_pbn(r.deal).is_complete(), (path, r.board)
            assert r.dealer in "NESW" and r.vulnerable in ("none", "NS", "EW", "all")
            assert r.auction_start == r.dealer and r.source.line >= 1
        back = read_lin(write_lin(records))
        assert len(back) == len(records)
        for a, b in zip(records, back):
            assert (a.deal, a.auction, a.play_sequence, a.claim_tricks) == \
                   (b.deal, b.auction, b.play_sequence, b.claim_tricks), (path, a.board)
            assert (a.board, a.dealer, a.vulnerable, a.players, a.room) == \
                   (b.board, b.dealer, b.vulnerable, b.players, b.room), (path, a.board)
    print(f"read {len(files)} LIN files, {total} board records")
    assert total == 836


@needs_realdata
def test_first_wronie_file():
    path = sorted(WRONIE.glob("*.lin"))[0]
    assert path.name == "28189365.lin"
    [r] = _read(path)
    assert (r.board, r.dealer, r.vulnerable) == (1, "N", "none")
    assert r.deal == "N:JT.87543.AQ.K987 753.AKT.T9872.A6 K94.6.K653.QT542 AQ862.QJ92.J4.J3"
    assert r.auction[0] == AuctionCall("P") and r.auction[3] == AuctionCall("1S")
    assert r.auction[-1] == AuctionCall("P") and r.auction[-4].call == "3S"
    assert len(r.auction) == 13 and r.auction_complete
    assert len(r.play_sequence) == 52 and r.claim_tricks is None
    assert r.play_sequence[:5] == ["C7", "CA", "C2", "C3", "S3"] and r.play_sequence[-1] == "D6"
    assert r.players == {"S": "xmariusz", "W": "adamj12", "N": "Zmyslony", "E": "Dick1205"}
    assert r.source.file == str(path) and r.source.line == 1


def _trick_winner(cards: list[int], leader: int, trump: int | None) -> int:
    def strength(card: int) -> int:
        if card_suit(card) == trump:
            return 100 + card_rank(card)
        return card_rank(card) if card_suit(card) == card_suit(cards[0]) else -1
    best = max(range(4), key=lambda i: strength(cards[i]))
    return (leader + best) & 3


def _declarer_tricks(record: BoardRecord, declarer: int, strain: str) -> int:
    """Tricks won by the declaring side in a complete play."""
    trump = None if strain == "N" else "CDHS".index(strain)
    cards = [parse_card(c) for c in record.play_sequence]
    leader, won = lho(declarer), 0
    for t in range(13):
        leader = _trick_winner(cards[4 * t:4 * t + 4], leader, trump)
        won += (leader & 1) == (declarer & 1)
    return won


def _declarer_from_auction(record: BoardRecord) -> tuple[str, int]:
    """The contract ("4HX") and declarer seat, from the calls."""
    dealer = parse_seat(record.dealer)
    last_bid, risk, first_named = None, "", {}
    for i, c in enumerate(record.auction):
        seat = (dealer + i) & 3
        if c.call == "X":
            risk = "X"
        elif c.call == "XX":
            risk = "XX"
        elif c.call != "P":
            last_bid, risk = (c.call, seat), ""
            first_named.setdefault((seat & 1, c.call[1]), seat)
    bid, seat = last_bid
    return bid + risk, first_named[(seat & 1, bid[1])]


@needs_realdata
def test_vugraph_file():
    records = _read(VUGRAPH)
    assert len(records) == 30
    assert [(r.board, r.room) for r in records] == [
        (b, room) for b in range(46, 61) for room in ("open", "closed")]
    open46, closed46, open47 = records[0], records[1], records[2]
    assert open46.source.line == 4 and closed46.source.line == 18
    assert open46.players == {"S": "Meckstroth", "W": "Levin", "N": "Rodwell", "E": "Weinstein"}
    assert closed46.players == {"S": "Stansby", "W": "Hamman", "N": "Martel", "E": "Mahmood"}
    # md gives all four hands; lower-case cards
    assert open46.deal == Deal.from_pbn(open46.deal).to_pbn() and open46.dealer == "E"
    assert open46.play_sequence[:4] == ["C2", "C3", "CA", "CJ"]
    # an alert with its explanation, and one without the comments (nt) around it
    assert open46.auction[2] == AuctionCall("3C", alert=True, note="jacoby 2N")
    assert closed46.auction[8] == AuctionCall("4H", alert=True, note="no slam interest")
    assert closed46.auction[2] == AuctionCall("2S", alert=True)
    # claims, at the end of a trick and in the middle of one
    assert (len(open46.play_sequence), open46.claim_tricks) == (20, 10)
    assert (len(open47.play_sequence), open47.claim_tricks) == (18, 10)
    # board 51: a claim after the opening lead; South is void in spades ("md|1SHT954...")
    assert records[11].play_sequence == ["H2"] and records[11].claim_tricks == 12
    assert Deal.from_pbn(records[11].deal).hand_pbn(parse_seat("S")) == ".T954.QJ943.KQ84"
    # the vugraph header
    assert open46.tags["vg"].startswith("2010 USBF SF A,Segment 4 of 8,I,46,60,Nickell")
    assert open46.tags["qx"] == "o46" and closed46.tags["qx"] == "c46"
    assert (open46.contract, open46.declarer, open46.result, open46.tags["rs_entry"]) == ("4H", "E", 10, "4HE=")
    r53 = records[14]
    assert (r53.board, r53.room, r53.contract, r53.declarer, r53.result) == (53, "open", "4SX", "W", 6)


@needs_realdata
def test_vugraph_results_list_order_matches_auctions_and_play():
    """The rs list is board 46 open, 46 closed, 47 open...: every entry agrees with
    the contract the auction reached, and with the tricks of the claim or the play."""
    for r in _read(VUGRAPH):
        contract, declarer = _declarer_from_auction(r)
        assert (r.contract, r.declarer) == (contract, "NESW"[declarer]), (r.board, r.room)
        assert r.claim_tricks is not None  # every board of this file ends in a claim
        assert r.result == r.claim_tricks, (r.board, r.room)


@needs_realdata
def test_kemistry_hand_history():
    records = _read(KEMISTRY)
    assert len(records) == 12
    assert [r.board for r in records] == list(range(1, 13))
    assert [r.source.line for r in records] == list(range(1, 13))
    assert all(r.room == "open" for r in records)
    claims = {r.board: (r.claim_tricks, len(r.play_sequence)) for r in records if r.claim_tricks is not None}
    assert claims == {2: (9, 40), 6: (12, 28), 9: (9, 37), 11: (10, 45), 12: (11, 8)}
    assert all(len(r.play_sequence) == 52 for r in records if r.claim_tricks is None)
    assert records[0].tags["zz"] == "3.53" and records[1].tags["zz"] == "-7.47"
    assert records[0].players == {"S": "aam135", "W": "cocottina", "N": "kemistry", "E": "miche41"}
    assert records[3].players["W"] == "usvi"
    assert records[2].auction[0] == AuctionCall("2D", alert=True, note="4441 or 5440, unspec short, 11-15")
    assert records[5].auction[3] == AuctionCall("XX")


@needs_realdata
def test_endplay_example():
    records = _read(ENDPLAY)
    assert [r.board for r in records] == list(range(1, 9))
    r1, r3 = records[0], records[2]
    assert r1.dealer == "N" and r1.vulnerable == "none"
    assert r1.auction[2] == AuctionCall(
        "1H", note="Major suit opening -- 5+ !H; 11-21 HCP; 12-22 total points")
    assert r1.auction[3].call == "2H" and r1.auction[3].alert
    assert r1.auction[3].note.startswith("Michaels")
    assert _calls(r1)[-4:] == ["5H", "P", "P", "P"] and len(r1.play_sequence) == 52
    assert r3.dealer == "S" and r3.vulnerable == "EW"
    assert r3.auction[2] == AuctionCall("2D", alert=True, note="Jacoby transfer -- 5+ !H ")
    assert r3.claim_tricks == 9 and len(r3.play_sequence) == 44
    assert r1.players["W"] == "~~M25054gn"


@needs_realdata
def test_other_bbo_files():
    [sample] = _read(LIN_DIR / "bridgebots_tests" / "sample.lin")
    assert (sample.board, sample.dealer, sample.vulnerable) == (15, "S", "NS")
    assert sample.auction[2] == AuctionCall("2N", note="Unusual No Trump: 2 5card minors")
    [history] = _read(LIN_DIR / "bbo_pbntools" / "test_bbo_history_with_lins" / "3381671193.lin")
    assert history.claim_tricks == 11 and len(history.play_sequence) == 44
    assert history.auction[1] == AuctionCall("2N", alert=True, note="gesthem")
    # a board that was not played: the deal only
    [unplayed] = _read(WRONIE / "28189453.lin")
    assert unplayed.auction == [] and unplayed.play_sequence == [] and not unplayed.auction_complete
    # a play that stops without a claim
    [stopped] = _read(LIN_DIR / "bbo_pbntools" / "test_6_bbo_skyclub_20130810" / "20784108.lin")
    assert len(stopped.play_sequence) == 26 and stopped.claim_tricks is None
    # passed out
    [passed] = _read(WRONIE / "28189391.lin")
    assert _calls(passed) == ["P"] * 4 and passed.auction_complete and not passed.play_sequence


# --- cross-check against PbnTools' PBN conversions ----------------------------------------

def _pbn_games(path: Path):
    """Tags, auction calls and played cards of each game of a PbnTools PBN file."""
    game: dict = {"tags": {}, "auction": [], "play": []}
    section = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.strip()
        if not line:
            if game["tags"]:
                yield game
            game, section = {"tags": {}, "auction": [], "play": []}, None
            continue
        m = re.fullmatch(r'\[(\w+) "(.*)"\]', line)
        if m:
            game["tags"][m.group(1)] = m.group(2)
            section = m.group(1) if m.group(1) in ("Auction", "Play") else None
        elif section == "Auction":
            for token in line.split():
                if token == "AP":
                    game["auction"] += ["P"] * 3
                elif not token.startswith("=") and token not in ("*", "-"):
                    game["auction"].append(call_name(parse_call(token)))
        elif section == "Play":
            game["play"].append([t for t in line.split() if t != "-"])
    if game["tags"]:
        yield game


@needs_realdata
def test_cross_check_with_pbntools_pbn():
    lin_by_name = {p.name: p for p in _all_lin_files()}
    vulnerable = {"None": "none", "NS": "NS", "EW": "EW", "All": "all"}
    checked = claims = full_plays = 0
    for pbn in sorted((REALDATA / "pbn" / "bbo_pbntools").glob("*.pbn")):
        for game in _pbn_games(pbn):
            tags = game["tags"]
            path = lin_by_name.get(tags.get("DealId", ""))
            if path is None:
                continue
            [r] = _read(path)
            where = (pbn.name, path.name)
            assert r.board == int(tags["Board"]), where
            assert Deal.from_pbn(r.deal) == Deal.from_pbn(tags["Deal"]), where
            assert r.dealer == tags["Dealer"] and r.vulnerable == vulnerable[tags["Vulnerable"]], where
            for seat, tag in (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")):
                if not r.players[seat].startswith("~~"):  # PbnTools names BBO's robots GiB
                    assert r.players[seat] == tags[tag], where
            assert _calls(r) == game["auction"], where
            played = [c for row in game["play"] for c in row]
            assert len(r.play_sequence) == len(played), where
            if played:
                assert r.play_sequence[0] == game["play"][0][0], where  # the opening lead
                assert sorted(r.play_sequence) == sorted(played), where
            # the claim is the declaring side's total; a full play gives the same count
            if "Result" in tags and tags.get("Contract", "Pass") != "Pass":
                contract, declarer = _declarer_from_auction(r)
                assert tags["Contract"].replace("NT", "N") == contract and tags["Declarer"] == "NESW"[declarer], where
                if r.claim_tricks is not None:
                    assert int(tags["Result"]) == r.claim_tricks, where
                    claims += 1
                elif len(r.play_sequence) == 52:
                    assert int(tags["Result"]) == _declarer_tricks(r, declarer, contract[1]), where
                    full_plays += 1
            checked += 1
    print(f"cross-checked {checked} boards against PbnTools' PBN "
          f"({claims} claims, {full_plays} complete plays)")
    assert checked >= 780 and claims > 100 and full_plays > 300
