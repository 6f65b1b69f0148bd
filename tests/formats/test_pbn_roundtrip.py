"""PBN round trip: comments, escape lines, annotations and the data of unknown tags are kept
on read and written back where they were (PBN 3.8); ``check --fix`` rewrites a file in
canonical PBN 2.1; ``read_pbn(build=...)`` builds part of each game; the reader follows the
auction with the core's Auction and finds the winner of each trick with the core's
trick_winner."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from bridgelaws import play
from bridgelaws.auction import Auction
from bridgelaws.cli import main
from bridgelaws.formats import pbn
from bridgelaws.formats.pbn import BUILDS, canonical_pbn, format_record, read_pbn, write_pbn
from bridgelaws.formats.record import Source

PBN_DIR = Path(__file__).resolve().parents[3] / "shared" / "realdata" / "pbn"
needs_realdata = pytest.mark.skipif(not PBN_DIR.is_dir(), reason=f"{PBN_DIR} is missing")

COMMENTED = """\
% PBN 2.1
% EXPORT
%Creator: a club's program
{ the first game }
[Dealer "N"] ; North deals
[Board "1"]
[Vulnerable "None"]
[Deal "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]
[Auction "N"] { before the first call }
1NT Pass 2C $13 { Stayman } Pass
2D =1= ?! ; no major
Pass 3NT AP
[Note "1:no four-card major"] { the note's comment }
[Play "E"]
CQ C4 C5 CK {a
multi-line comment

with an empty line}
HJ =2= H5 H3 H2
*
[Note "2:count"]
[ScoreTable "PairId_NS;Score_NS"] ; the table's comment
"1" 400
[BCFlags "1f"]
[VendorSection "x"]
1 two "three four"

% between the games
[Board "2"]
[Dealer "E"]

; after the last game
"""


def bare(record):
    return dataclasses.replace(record, source=Source())


def test_comments_are_kept_by_what_they_follow():
    first, second = read_pbn(COMMENTED)
    assert first.comments == {
        "": ["%Creator: a club's program", "{ the first game }"],
        "Dealer": ["; North deals"],
        "Auction": ["{ before the first call }"],
        "Auction/2": ["{ Stayman }"],
        "Auction/4": ["; no major"],
        "Note/1": ["{ the note's comment }"],
        "Play/3": ["{a\nmulti-line comment\n\nwith an empty line}"],
        "ScoreTable": ["; the table's comment"],
    }
    assert second.comments == {"": ["% between the games"], "$end": ["; after the last game"]}
    assert first.auction[2].annotations == ["$13"] and not first.auction[2].alert
    assert first.auction[4].annotations == ["?!"] and first.auction[4].note == "no four-card major"
    assert first.play_annotations == {4: ["=2="]} and first.notes[2] == "count"
    assert first.sections == {"VendorSection": ["1", "two", '"three four"']}
    assert first.tags["BCFlags"] == "1f"


def test_comments_are_written_back_in_export_order_and_read_again_the_same():
    records = read_pbn(COMMENTED)
    text = write_pbn(records)
    lines = text.splitlines()
    # the escape lines that say the format are the writer's own, once
    assert lines[:4] == ["% PBN 2.1", "% EXPORT", "%Creator: a club's program",
                         "{ the first game }"]
    # a comment after a tag follows it on a line of its own, in the export order of tags
    assert lines[4:7] == ['[Board "1"]', '[Dealer "N"]', "; North deals"]
    # the calls keep their columns, four to a line, around the comments
    assert ("1NT Pass 2C $13\n{ Stayman }\nPass\n2D =1= ?!\n; no major\nPass 3NT Pass\n"
            "Pass Pass\n") in text
    assert '[Note "1:no four-card major"]\n{ the note\'s comment }' in text
    assert "CQ C4 C5 CK\n{a\nmulti-line comment\n\nwith an empty line}\nHJ =2= H5 H3 H2" in text
    assert '[ScoreTable "PairId_NS;Score_NS"]\n; the table\'s comment\n1 400' in text
    assert '[VendorSection "x"]\n1 two "three four"' in text
    assert text.endswith('[Dealer "E"]\n\n; after the last game\n')
    again = read_pbn(text)
    assert [bare(r) for r in again] == [bare(r) for r in records]
    assert write_pbn(again) == text                     # a fixed point


_COMMENT_RE = re.compile(r'"(?:[^"\\]|\\.)*"|;[^\n]*|\{[^}]*\}|^%[^\n]*', re.MULTILINE)


def comments_in(text: str) -> list[str]:
    """The comments and escape lines of a PBN text, found by a scanner of its own (strings
    skipped; ';' to the end of the line, '{' to '}', lines starting with '%'), without
    the escape lines that say the format."""
    found = []
    for m in _COMMENT_RE.finditer(text.replace("\r\n", "\n")):
        token = m.group()
        if token.startswith('"') or re.fullmatch(r"%\s*(PBN\s+\d+\.\d+|EXPORT|IMPORT)\s*",
                                                 token, re.IGNORECASE):
            continue
        found.append(token.rstrip() if token[0] in ";%" else token)
    return found


def test_the_scanner_of_comments():
    assert comments_in(COMMENTED) == [
        "%Creator: a club's program", "{ the first game }", "; North deals",
        "{ before the first call }", "{ Stayman }", "; no major", "{ the note's comment }",
        "{a\nmulti-line comment\n\nwith an empty line}", "; the table's comment",
        "% between the games", "; after the last game"]


def test_canonical_pbn_spells_and_orders_as_the_standard():
    text, records, problems = canonical_pbn(
        '[Contract "3nt"] {why} \n[Board "01"]\n[Dealer "n"]\n[Vulnerable "N-S "]\n'
        '[Declarer "n"]\n[Result "ns 9"]\n[Auction "n"]\n1nt pass 3n ap\n')
    assert problems == []
    assert text.splitlines()[2:] == ['[Board "1"]', '[Dealer "N"]', '[Vulnerable "NS"]',
                                     '[Declarer "N"]', '[Contract "3NT"]', "{why}",
                                     '[Result "NS 9"]', '[Auction "N"]',
                                     "1NT Pass 3NT Pass", "Pass Pass"]
    assert read_pbn(text, strict=True)[0].contract == "3N"


def test_canonical_pbn_refuses_what_it_would_lose():
    _, _, problems = canonical_pbn('[Board "1"]\n[Deal "N:- - - -"]\n\n[Board "2"]\n')
    assert [str(e) for e in problems] == ["<string>:2: deal: the deal has no cards"]
    _, _, problems = canonical_pbn('[Board "1"]\n[Dealer "N"]\n[Dealer "S"]\n')
    assert len(problems) == 1 and "rewriting would keep only the first value" in str(problems[0])


def test_check_fix_rewrites_in_place_and_to_another_file(tmp_path, capsys):
    src = tmp_path / "club.pbn"
    src.write_bytes(COMMENTED.replace("\n", "\r\n").encode("latin-1")
                    .replace(b'[Board "1"]', b'[Board "01"]').replace(b"3NT AP", b"3N AP"))
    assert main(["check", str(src)]) == 2                 # strict: notrump is written NT
    capsys.readouterr()
    out = tmp_path / "fixed.pbn"
    assert main(["check", "--fix", str(src), "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert f"{out}: 2 good game(s), 0 with errors" in captured.out
    assert [bare(r) for r in read_pbn(out)] == [bare(r) for r in read_pbn(
        canonical_pbn(src)[0])]
    assert src.read_bytes().count(b'[Board "01"]') == 1    # -o leaves the file as it was
    assert main(["check", "--fix", str(src)]) == 0          # in place
    assert src.read_bytes() == out.read_bytes() and b"\r\n" in src.read_bytes()
    assert not list(tmp_path.glob("*.tmp"))
    capsys.readouterr()
    assert main(["check", "--fix", str(src), "-o", "-"]) == 0
    assert capsys.readouterr().out.replace("\n", "\r\n").encode() == src.read_bytes()


def test_check_fix_refuses_a_file_it_cannot_keep_whole(tmp_path, capsys):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:- - - -"]\n\n[Board "2"]\n')
    before = bad.read_bytes()
    assert main(["check", "--fix", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"bridgelaws: {bad}:2: deal: the deal has no cards" in err
    assert "not rewritten: 1 game(s) cannot be read" in err
    assert bad.read_bytes() == before
    lin = tmp_path / "game.lin"
    lin.write_text("pn|a,b,c,d|\n")
    assert main(["check", "--fix", str(lin)]) == 2
    assert "--fix rewrites PBN files" in capsys.readouterr().err
    assert main(["check", "--fix", str(bad), str(lin), "-o", "x.pbn"]) == 2
    assert "-o takes one FILE" in capsys.readouterr().err


def test_build_chooses_what_each_record_gets():
    records = {build: read_pbn(COMMENTED, build=build) for build in BUILDS}
    whole, tables, headers = records["all"][0], records["tables"][0], records["headers"][0]
    for part in (tables, headers):
        assert part.tags == whole.tags and part.deal == whole.deal
        assert (part.contract, part.declarer, part.result) == ("3N", "N", 9)
        assert part.auction == [] and part.play_rows == [] and part.notes == {}
    assert tables.tables == whole.tables and headers.tables == {}
    assert "Auction/2" not in tables.comments and tables.comments["Dealer"] == ["; North deals"]
    # a game whose auction is wrong is read when only its headers are built
    wrong = COMMENTED.replace("Pass 3NT AP", "Pass 1C AP")
    assert read_pbn(wrong, errors="collect")[1]
    assert read_pbn(wrong, build="headers")[0].board == 1
    with pytest.raises(pbn.BridgeError, match="strict reading checks the whole game"):
        read_pbn(COMMENTED, build="headers", strict=True)
    with pytest.raises(pbn.BridgeError, match="build must be one of"):
        read_pbn(COMMENTED, build="moves")


def test_the_reader_uses_the_core_auction_and_trick_winner():
    assert not hasattr(pbn, "_AuctionState") and not hasattr(pbn, "_trick_winner")
    assert pbn.trick_winner is play.trick_winner and pbn.Auction is Auction
    record, = read_pbn(COMMENTED.split("\n\n% between")[0], strict=True)
    assert (record.contract, record.declarer) == ("3N", "N")
    # the core's trick winner decides who leads next: a trick won by a trump
    text = ('[Dealer "N"]\n[Deal "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 '
            '543.43.7654.8765"]\n[Declarer "S"]\n[Contract "4H"]\n[Result "10"]\n'
            '[Auction "N"]\n1C Pass 1H Pass\n2H Pass 4H AP\n[Play "W"]\n'
            'S3 S2 S8 S6\nH4 HK H9 H5\nS4 SA ST SJ\n*\n')
    # E won the first trick with S8 and led H9; N won it with HK and leads the third,
    # where S, third to play, must follow to spades
    assert read_pbn(text, strict=True)[0].play_rows[2] == ["S4", "SA", "ST", "SJ"]
    with pytest.raises(pbn.BridgeError, match="S revokes with H6 on SA"):
        read_pbn(text.replace("S4 SA ST SJ", "S4 SA ST H6"), strict=True)
