"""Portable Bridge Notation (PBN 2.1): reading and writing board records.

A PBN file holds one *game* (one board played at one table) after another,
separated by empty lines.  A game is a list of tag pairs (``[Board "1"]``);
three kinds of tags open a *section* of data on the lines that follow: the
auction (``[Auction "N"]``), the play (``[Play "E"]``) and the tables
(``[ScoreTable "..."]`` and the other tags whose names end in ``Table``).

:func:`read_pbn` turns a file into :class:`~bridgelaws.formats.record.BoardRecord`
objects, checking them on the way; :func:`write_pbn` and :func:`format_record`
write records in the export format.

>>> from bridgelaws.formats.pbn import read_pbn, format_record
>>> text = '''[Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"]
... [Declarer "N"]
... [Contract "4H"]
... [Result "10"]
... [Auction "N"]
... 1NT Pass 2D =1= Pass
... 2H Pass 4H AP
... [Note "1:transfer"]
... '''
>>> record, = read_pbn(text)
>>> record.contract, record.declarer, record.result
('4H', 'N', 10)
>>> [call.call for call in record.auction]
['1N', 'P', '2D', 'P', '2H', 'P', '4H', 'P', 'P', 'P']
>>> record.auction[2].note, record.auction[2].alert
('transfer', True)
>>> print(format_record(record), end="")
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"]
[Declarer "N"]
[Contract "4H"]
[Result "10"]
[Auction "N"]
1NT Pass 2D =1= Pass
2H Pass 4H Pass
Pass Pass
[Note "1:transfer"]

Reading
-------
The reader takes the *import* format of the standard: tags in any order,
several on a line or one spread over lines, ``%`` escape lines, ``;`` and
``{...}`` comments, lower-case calls and cards, ``AP``, and tag value
inheritance (``#`` and ``##``, chapter 4.8).  Every problem raises a
:class:`~bridgelaws.cards.BridgeError` naming the file, the line and the reason.

It always checks each part of a game on its own: the syntax, the values of the
tags a record interprets (Board, Dealer, Vulnerable, Deal, Declarer, Contract,
Result, Note, the tables), the calls and their legality one after the other,
the cards (none played twice), the annotations.  With ``strict=True`` it also
checks that the parts agree -- the dealer calls first, the auction gives the
Contract and Declarer, the play fits the deal and the contract, the Result fits
the play -- and the rest of the standard.  Agreement is not checked by default
because real files often lack it: the rpbridge.net files, for one, leave out
the passes before the opening bid.

What the standard lets a reader take leniently is read, with a note in the
record's ``remarks``: a tag the standard does not define (chapter 4.9, strict
reading), a vulnerability spelt as real files spell it (``"N-S "``, ``"E-W"``,
``"NONE"``).  A tag given twice with different values makes the game contradict
itself: the first value is read (chapter 3.4) and a *conflict* is kept in
``remarks`` (an error when strict).

A record keeps every tag value, after inheritance, in ``tags`` (the Note tags
are in ``notes``).  The values ``""`` and ``"?"`` (chapter 3.4) leave a field
``None``.  ``deal`` is the Deal tag with the ranks in order, its first seat
kept; ``contract`` is ``"4HX"``, ``"3N"`` or ``"P"``; ``result`` is the number
of tricks of declarer (``None`` for ``"NS 9"`` when there is no declarer).

What a record cannot hold
-------------------------
* Irregularities (chapter 3.9).  An insufficient bid (``^I 1C``) is kept as
  the bid ``"1C"``: the reader requires the mark, and the writer sets it again
  on every insufficient bid.  A turn skipped because of a call out of rotation
  (``^S``) is kept as the call ``"^S"``.  A revoke or a lead out of turn keeps
  its mark in front of the card: ``"^RS5"``, ``"^LCK"``.
* Annotations other than alerts: a note reference, the suffix ``!`` and the
  NAGs ``$1`` and ``$15``..``$255`` make ``alert`` true; other suffixes and
  NAGs are checked and dropped.  Note references on cards are checked and
  dropped; the play notes themselves are kept in ``notes``.
* ``+`` ("to be continued"): an auction with ``+`` is incomplete, like one
  that ends with ``*``; a ``+`` in the play is an unknown card (``None``).
"""

from __future__ import annotations

import codecs
import io
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator

from ..auction import Auction
from ..boards import parse_vulnerability
from ..calls import DOUBLE, PASS, bid_level, call_name, is_bid, parse_call
from ..cards import (SEAT_NAMES, STRAIN_LETTERS, SUIT_MASKS, BridgeError, Deal, card_name,
                     card_suit, lho, parse_card, side_of)
from ..play import NO_TRUMP, trick_winner
from .record import AuctionCall, BoardRecord, Remark, ScoreTable, Source

__all__ = ["read_pbn", "write_pbn", "format_record", "canonical_pbn", "MANDATORY_TAGS",
           "SUPPLEMENTAL_TAGS", "TABLE_TAGS", "BUILDS"]

#: the Mandatory Tag Set in export order (chapter 3.4)
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South",
                  "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")

#: the other tags of PBN 2.1 (chapter 4); sections not included
SUPPLEMENTAL_TAGS = frozenset({
    "Competition", "DealId", "Description", "FrenchMP", "Generator", "Hidden", "Room",
    "Termination", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber",
    "ScoreRubberHistory", "OptimumScore", "BidSystemEW", "BidSystemNS", "PairEW", "PairNS",
    "WestNA", "NorthNA", "EastNA", "SouthNA", "WestType", "NorthType", "EastType", "SouthType",
    "EventDate", "EventSponsor", "HomeTeam", "Round", "Section", "Stage", "Table", "VisitTeam",
    "Time", "UTCDate", "UTCTime", "TimeControl", "TimeCall", "TimeCard",
    "Annotator", "AnnotatorNA", "Application", "Mode",
})

#: the tables of PBN 2.1 (chapter 5); the reader takes any tag ending in "Table" for one
TABLE_TAGS = frozenset({
    "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable",
    "OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable",
})

_SECTION_TAGS = frozenset({"Auction", "Play", "Note"})
# the tags a record reads: a second, different value of one makes the game contradict itself
_RECORD_TAGS = frozenset({"Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract",
                          "Result", "Score", "Room", "Auction", "Play"})
_KNOWN_TAGS = frozenset(MANDATORY_TAGS) | SUPPLEMENTAL_TAGS | TABLE_TAGS | _SECTION_TAGS
# chapter 4.8: the tags whose values may not be inherited with "#" or "##"
_NOT_INHERITED = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract",
                            "Auction", "Play", "Note"})
_PLAYER_TAGS = (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))
_UNKNOWN = ("", "?")          # tag values meaning "not known" or "does not apply"
_MAX_LINE = 255               # characters in a line, end of line included (chapter 2.3)


def _is_table_tag(name: str) -> bool:
    return name.endswith("Table") and name != "Table"


def _seat_index(seat: str) -> int:
    return SEAT_NAMES.index(seat)


# --- reading: the source and its characters -----------------------------------------

def _read_source(source, name: str | None) -> tuple[str, str]:
    """The text of ``source`` and the file name to report."""
    if isinstance(source, (bytes, bytearray)):
        return _decode(bytes(source)), name or "<bytes>"
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith(("[", "%"))):
        return source.lstrip("\ufeff"), name or "<string>"
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        try:
            data = path.read_bytes()
        except OSError as e:
            raise BridgeError(f"cannot read the file: {e.strerror or e}", where=str(path)) from None
        return _decode(data), name or path.name
    if hasattr(source, "read"):
        label = name or Path(str(getattr(source, "name", "<stream>"))).name
        try:
            data = source.read()
        except (OSError, UnicodeDecodeError) as e:
            raise BridgeError(f"cannot read the stream: {e}", where=label) from None
        if isinstance(data, (bytes, bytearray)):
            return _decode(bytes(data)), label
        if isinstance(data, str):
            return data.lstrip("\ufeff"), label
    raise BridgeError(f"cannot read PBN from a {type(source).__name__} "
                      "(give a path, a stream, bytes or the text)")


_CHARSET_RE = re.compile(rb"^%.*?charset\s*=\s*([A-Za-z0-9._:-]+)", re.MULTILINE | re.IGNORECASE)


def _decode(data: bytes) -> str:
    """UTF-8 if the bytes are valid UTF-8, else the charset a ``%`` line declares, else Latin-1.

    ISO 8859-1 is the PBN character set (chapter 2.2), but many programs write UTF-8.
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    declared = _CHARSET_RE.search(data[:4096])
    if declared:
        try:
            return data.decode(declared.group(1).decode("ascii"))
        except (LookupError, UnicodeDecodeError):
            pass
    return data.decode("latin-1")


# --- reading: tokens ----------------------------------------------------------------

class _Problem(Exception):
    """A problem at a line of the file; the reader turns it into a BridgeError."""

    def __init__(self, line: int, reason: str):
        super().__init__(reason)
        self.line = line
        self.reason = reason


@dataclass(slots=True)
class _Token:
    kind: str        # "open", "close", "word", "string", "comment", "end" (a semi-empty line),
                     # "words" (a line of plain words: the line here, split by the reader)
    text: str        # or "tag": a whole tag pair on one line, the name here ...
    line: int
    value: str = ""  # ... and the value here

    @property
    def escape(self) -> bool:
        """An escape line (chapter 2.4), kept as a comment that stands on a line of its own."""
        return self.kind == "comment" and self.text.startswith("%")


_TOKEN_RE = re.compile(r"""
      \s+
    | (?P<string>"(?:[^"\\]|\\.)*")
    | (?P<open>\[)
    | (?P<close>\])
    | (?P<brace>\{)
    | (?P<semicolon>;)
    | (?P<word>[^\s\[\]{};"]+)
    | (?P<bad>.)
""", re.VERBOSE)

_ESCAPE_RE = re.compile(r'\\([\\"])')
# the escape lines that say which format a file has: the writer writes its own
_FORMAT_LINE_RE = re.compile(r"%\s*(?:PBN\s+[0-9]+\.[0-9]+|EXPORT|IMPORT)\s*$", re.IGNORECASE)
# two shapes most lines have, read without the general loop: one tag pair, plain words
_TAG_LINE_RE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) ("(?:[^"\\\t]|\\.)*")\][ \t]*')
_SPECIAL_RE = re.compile(r'[\[\]{};"]')


def _first_word(tok: _Token) -> str:
    """What a message names of a token: a line of words by its first."""
    return tok.text.split()[0] if tok.kind == "words" else tok.text


def _unescape(quoted: str) -> str:
    """The value of a string token: ``\\"`` is a quote, ``\\\\`` a backslash (chapter 3.2).

    A backslash before any other character stands for itself, as in the
    column names of tables (``Rank\\2R``).
    """
    inner = quoted[1:-1]
    return _ESCAPE_RE.sub(r"\1", inner) if "\\" in inner else inner


@dataclass
class _RawTag:
    name: str
    value: str
    line: int
    data: list[_Token] = field(default_factory=list)    # the section after the tag


@dataclass
class _RawGame:
    tags: list[_RawTag]
    lead: list[_Token] = field(default_factory=list)     # comments before the first tag

    @property
    def line(self) -> int:
        return self.tags[0].line


# --- reading: tag values ------------------------------------------------------------

_BOARD_RE = re.compile(r"[0-9]+")
_SEATS = {"N": "N", "E": "E", "S": "S", "W": "W", "n": "N", "e": "E", "s": "S", "w": "W"}
_VULNERABLE = frozenset({"none", "love", "-", "ns", "ew", "all", "both"})
_VULNERABLE_SPELLINGS = _VULNERABLE | {"None", "Love", "NS", "EW", "All", "Both"}
# spellings real files use besides the standard's (chapter 3.4.10): read with a note
_VULNERABLE_VARIANTS = {"n-s": "ns", "e-w": "ew", "n s": "ns", "e w": "ew"}
_HAND = r"[AKQJT2-9akqjt]*(?:\.[AKQJT2-9akqjt]*){3}"
_DEAL_RE = re.compile(rf"[NESWnesw]:(?:{_HAND}|-)(?: (?:{_HAND}|-)){{3}}")
_CONTRACT_RE = re.compile(r"(?i:(pass)|([1-7])(nt|n|s|h|d|c)(xx|x|r)?|(nt|n|s|h|d|c))")
_RESULT_RE = re.compile(r"(\^?)\s*(?:([0-9]+)|(NS|EW)\s+([0-9]+)(?:\s+(NS|EW)\s+([0-9]+))?)",
                        re.IGNORECASE)
_NOTE_RE = re.compile(r"([0-9]+):(.*)", re.DOTALL)
_COLUMN_RE = re.compile(r"[+-]?[^;\\]*(?:\\[0-9]+[LR]?)?")


def _parse_board(text: str) -> int | None:
    if text in _UNKNOWN:
        return None
    if not _BOARD_RE.fullmatch(text) or int(text) < 1:
        raise BridgeError(f"{text!r} is not a board number")
    return int(text)


def _parse_seat_value(text: str) -> str | None:
    if text in _UNKNOWN:
        return None
    seat = _SEATS.get(text)
    if seat is None:
        raise BridgeError(f"{text!r} is not a seat (expected N, E, S or W)")
    return seat


def _parse_vulnerable(text: str, notes: list[str] | None = None) -> str | None:
    """The Vulnerable tag (chapter 3.4.10: ``None``, ``Love``, ``-``, ``NS``, ``EW``, ``All``,
    ``Both``, also in lower case, 3.11).  Given a list ``notes``, the spellings real files
    use besides those (``"N-S "``, ``"E-W"``, ``"NONE"``) are read too, each with a note.

    >>> notes = []
    >>> _parse_vulnerable("N-S ", notes), notes
    ('NS', ["'N-S ' is read as NS (PBN 2.1 writes NS)"])
    >>> _parse_vulnerable("N-S ")
    Traceback (most recent call last):
    bridgelaws.cards.BridgeError: 'N-S ' is not a vulnerability (None, Love, -, NS, EW, All or Both)
    """
    if text in _UNKNOWN:
        return None
    if text in _VULNERABLE_SPELLINGS:
        return parse_vulnerability(text)
    word = " ".join(text.split()).lower()
    word = _VULNERABLE_VARIANTS.get(word, word)
    if notes is None or word not in _VULNERABLE:
        raise BridgeError(f"{text!r} is not a vulnerability (None, Love, -, NS, EW, All or Both)")
    vulnerable = parse_vulnerability(word)
    standard = {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}[vulnerable]
    notes.append(f"{text!r} is read as {standard} (PBN 2.1 writes {standard})")
    return vulnerable


def _parse_declarer(text: str) -> tuple[str | None, bool]:
    """The seat that played as declarer, and whether the tag says declarer and dummy
    were swapped (``"^S"``: South played, North should have; chapter 3.4.13)."""
    if text in _UNKNOWN:
        return None, False
    swapped = text.startswith("^")
    return _parse_seat_value(text[1:] if swapped else text), swapped


def _parse_contract(text: str, strict: bool = False) -> str | None:
    """``"4HX"``, ``"3N"`` for ``3NT``, ``"P"`` for ``Pass``; only a strain (``"H"``)
    for an end position (chapter 3.10)."""
    if text in _UNKNOWN:
        return None
    m = _CONTRACT_RE.fullmatch(text)
    if m is None:
        raise BridgeError(f"{text!r} is not a contract (like 4H, 3NT, 6SX or Pass)")
    passed, level, strain, risk, strain_only = m.groups()
    if passed:
        return "P"
    strain = (strain or strain_only).upper()
    risk = (risk or "").upper()
    if strict and strain == "N":
        raise BridgeError(f"{text!r}: notrump is written NT")
    if strict and risk == "R":
        raise BridgeError(f"{text!r}: redoubled is written XX")
    if level is None:
        return strain[0]
    return level + strain[0] + ("XX" if risk == "R" else risk)


def _contract_strain(contract: str | None) -> int | None:
    """The denomination of a contract, an index into ``STRAIN_LETTERS`` (4 for notrump)."""
    if contract is None or contract == "P":
        return None
    return STRAIN_LETTERS.index(contract.lstrip("1234567")[0])


def _trump(strain: int) -> int:
    """The trump suit of a strain as the core's :func:`~bridgelaws.play.trick_winner`
    takes it: the suit, or ``NO_TRUMP`` (-1)."""
    return NO_TRUMP if strain == 4 else strain


def _parse_result(text: str, declarer: str | None, total: int = 13) -> tuple[int | None, bool]:
    """The tricks of declarer, and whether the value is marked ``^`` (not what the play says).

    ``"NS 9"`` and ``"EW 4 NS 9"`` need the declarer; without one the result is ``None``.
    """
    if text in _UNKNOWN:
        return None, False
    m = _RESULT_RE.fullmatch(text.strip())
    if m is None:
        raise BridgeError(f"{text!r} is not a result (like 9, NS 9 or EW 4 NS 9)")
    caret, plain, side1, tricks1, side2, tricks2 = m.groups()
    if any(n is not None and int(n) > total for n in (plain, tricks1, tricks2)):
        raise BridgeError(f"{text!r}: more than {total} tricks")
    if plain is not None:
        return int(plain), bool(caret)
    by_side = {side1.upper(): int(tricks1)}
    if side2 is not None:
        if side2.upper() in by_side:
            raise BridgeError(f"{text!r} gives the tricks of {side2.upper()} twice")
        by_side[side2.upper()] = int(tricks2)
        if sum(by_side.values()) != total:
            raise BridgeError(f"{text!r}: the tricks of the two sides do not add up to {total}")
    if declarer is None:
        return None, bool(caret)
    own, other = ("NS", "EW") if declarer in "NS" else ("EW", "NS")
    if own in by_side:
        return by_side[own], bool(caret)
    return total - by_side[other], bool(caret)


def _parse_room(text: str) -> str | None:
    return text.lower() if text.lower() in ("open", "closed") else None


def _players(tags: dict[str, str]) -> dict[str, str]:
    return {seat: tags[name] for seat, name in _PLAYER_TAGS
            if tags.get(name, "") not in _UNKNOWN}


# --- reading: auction and play ------------------------------------------------------

_ITEM_RE = re.compile(r"""
      (?P<item>[A-Za-z0-9-]+)
    | (?P<suffix>[!?]{1,2})
    | (?P<note>=[^=\s]*=?)
    | (?P<nag>\$[^\s$=!?^*+]*)
    | (?P<irregular>\^.?)
    | (?P<star>\*)
    | (?P<plus>\+)
    | (?P<bad>.)
""", re.VERBOSE)
_PLAIN_ITEM_RE = re.compile(r"[A-Za-z0-9-]+")
_CALL_RE = re.compile(r"(?i:(pass|ap|xx|x)|([1-9])(nt|n|s|h|d|c))")
_CARDS = {card_name(card): card for card in range(52)}      # "SA" -> 51
# the words most sections are made of, known plain items without a regex
_COMMON_ITEMS = frozenset(_CARDS) | {"Pass", "pass", "X", "XX", "AP", "-"} | {
    f"{level}{strain}" for level in "1234567" for strain in ("C", "D", "H", "S", "NT")}
# call spellings read so far: text -> (call, is AP, spelt N for notrump); a bounded set
_CALLS: dict[str, tuple[int | None, bool, bool]] = {}


def _call_of(text: str) -> tuple[int | None, bool, bool] | None:
    """A call as written in an auction section (chapter 3.5.1): the call (None for AP),
    whether it is ``AP``, whether notrump is spelt ``N``; None if it is no call."""
    known = _CALLS.get(text)
    if known is None:
        m = _CALL_RE.fullmatch(text)
        if m is None:
            return None
        ap = (m.group(1) or "").lower() == "ap"
        try:
            call = None if ap else parse_call(text)
        except BridgeError:
            return None
        known = _CALLS[text] = (call, ap, (m.group(3) or "").lower() == "n")
    return known
_SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


def _items(data: list[_Token], section: str) -> Iterator[tuple[str, str, int]]:
    """The tokens of an auction or play section as (kind, text, line), comments included."""
    for tok in data:
        if tok.kind == "words":
            for word in tok.text.split():
                if word in _COMMON_ITEMS or _PLAIN_ITEM_RE.fullmatch(word):
                    yield "item", word, tok.line
                else:
                    for m in _ITEM_RE.finditer(word):
                        yield m.lastgroup, m.group(), tok.line
            continue
        if tok.kind == "comment":
            yield "comment", tok.text, tok.line
            continue
        if tok.kind == "string":
            raise _Problem(tok.line, f"{section}: a string ({tok.text!r}) cannot stand here")
        if _PLAIN_ITEM_RE.fullmatch(tok.text):
            yield "item", tok.text, tok.line
            continue
        for m in _ITEM_RE.finditer(tok.text):
            yield m.lastgroup, m.group(), tok.line


@dataclass
class _Annotations:
    """What follows one call or card: at most one suffix, at most one note, NAGs; and the
    suffix and NAGs as written (``written``, the note reference too for a card)."""
    note: int | None = None
    note_line: int = 0
    nags: list[int] = field(default_factory=list)
    has_suffix: bool = False
    written: list[str] = field(default_factory=list)

    def alert(self) -> bool:
        return self.note is not None or 1 in self.nags or any(nag >= 15 for nag in self.nags)

    def add(self, kind: str, text: str, line: int, section: str, card: bool) -> None:
        """Chapters 3.5.2-3.5.4, 3.6.2-3.6.4 and 3.7."""
        if kind != "note" or card:
            self.written.append(text)
        if kind == "suffix":
            if self.has_suffix:
                raise _Problem(line, f"{section}: a second suffix {text!r}")
            self.has_suffix = True
            self.nags.append(_SUFFIX_NAGS[text] + (6 if card else 0))
        elif kind == "note":
            if not re.fullmatch(r"=[0-9]+=", text):
                raise _Problem(line, f"{section}: {text!r} is not a note reference like =1=")
            if self.note is not None:
                raise _Problem(line, f"{section}: a second note reference {text}")
            self.note, self.note_line = int(text[1:-1]), line
        else:
            if not re.fullmatch(r"\$[0-9]+", text) or int(text[1:]) > 255:
                raise _Problem(line, f"{section}: {text!r} is not a NAG ($0 to $255)")
            nag = int(text[1:])
            if (1 <= nag <= 6 or nag == 13) if card else (7 <= nag <= 12 or nag == 14):
                raise _Problem(line, f"{section}: NAG {text} is for {'calls' if card else 'cards'}")
            if 1 <= nag <= 12:
                if self.has_suffix:
                    raise _Problem(line, f"{section}: NAG {text} is a second suffix annotation")
                self.has_suffix = True
            self.nags.append(nag)


def _add_call(auction: Auction, seat: int, call: int, marked_insufficient: bool = False) -> None:
    """Put a call of the file in force in the core's :class:`~bridgelaws.auction.Auction`,
    after the checks of Laws 18 and 19: a double or redouble where the auction allows
    it (``Auction.is_legal``), a bid up to seven, an insufficient bid only when marked
    ``^I`` (chapter 3.9: the opponents accepted it), nothing after the auction has ended.

    >>> a = Auction(dealer=0)
    >>> for c in ("1H", "X"):
    ...     _add_call(a, len(a.calls), parse_call(c))
    >>> _add_call(a, 2, parse_call("1D"))
    Traceback (most recent call last):
    bridgelaws.cards.BridgeError: S bids 1D after 1H: insufficient, and not marked ^I
    >>> _add_call(a, 2, parse_call("1D"), marked_insufficient=True); a.last_bid == parse_call("1D")
    True
    """
    who = SEAT_NAMES[seat]
    if auction.is_over:
        raise BridgeError(f"{call_name(call)} by {who} after the auction has ended")
    if is_bid(call):
        if bid_level(call) > 7:
            raise BridgeError(f"{call_name(call)} is not a bid (levels go up to 7)")
        insufficient = auction.last_bid is not None and call <= auction.last_bid
        if insufficient and not marked_insufficient:
            raise BridgeError(f"{who} bids {call_name(call)} after "
                              f"{call_name(auction.last_bid)}: insufficient, and not marked ^I")
        if marked_insufficient and not insufficient:
            raise BridgeError(f"{call_name(call)} is marked ^I but is not insufficient")
    elif not auction.is_legal(seat, call):
        raise BridgeError(f"{who} cannot {'double' if call == DOUBLE else 'redouble'} here")
    auction.add(seat, call)


def _final(auction: Auction) -> tuple[str, str | None]:
    """The contract (``"P"`` when passed out) and the declarer of a complete auction."""
    if auction.last_bid is None:
        return "P", None
    return (call_name(auction.last_bid) + "X" * auction.doubled,
            SEAT_NAMES[auction.declarer])


@dataclass(slots=True)
class _Played:
    """One entry of the play section."""
    card: int | None          # None for "-" and "+"
    line: int
    mark: str | None = None   # "R" (revoke) or "L" (lead out of turn)
    plus: bool = False
    ann: _Annotations | None = None

    def text(self) -> str | None:
        if self.card is None:
            return None
        return ("^" + self.mark if self.mark else "") + card_name(self.card)


# --- reading: the reader -------------------------------------------------------------

@dataclass
class _Game:
    """What the checks of one game need besides the record."""
    raw: _RawGame
    values: dict[str, str]                   # tag values after inheritance
    first: dict[str, _RawTag]                # the tags (the first of repeated ones)
    deal: Deal | None = None
    tricks: int = 13                         # fewer in an end position
    swapped: bool = False                    # Declarer "^S"
    result_marked: bool = False              # Result "^9"
    auction: Auction | None = None
    play: list[_Played] | None = None
    auction_notes: dict[int, str] = field(default_factory=dict)
    play_notes: dict[int, str] = field(default_factory=dict)
    remarks: list[Remark] = field(default_factory=list)

    def line(self, tag_name: str) -> int:
        tag = self.first.get(tag_name)
        return tag.line if tag else self.raw.line


class _Reader:
    """Reads the games of one text; keeps what tag value inheritance needs between games."""

    def __init__(self, text: str, name: str, strict: bool, build: str = "all"):
        self.name = name
        self.strict = strict
        self.build_sections = build == "all"             # the auction, the play, the notes
        self.build_tables = build in ("all", "tables")
        self.trailing: list[_Token] = []
        self.eol = 2 if "\r\n" in text else 1
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.last_values: dict[str, str] = {}    # tag -> its value in the nearest previous game
        self.defaults: dict[str, str] = {}       # tag -> value set with "##"

    def error(self, line: int | None, reason: str) -> BridgeError:
        return BridgeError(reason, where=f"{self.name}:{line}" if line else self.name)

    def remark(self, game: _Game, line: int, reason: str, conflict: bool = False) -> None:
        game.remarks.append(Remark(f"{self.name}:{line}", reason, conflict))

    def games(self) -> Iterator[BoardRecord | BridgeError]:
        """The records, and an error in the place of each game that has one.

        After an error, reading goes on at the next semi-empty line: a comment
        left open does not swallow the games that follow it.
        """
        start: int | None = 0
        last = None
        while start is not None:
            problem = None
            try:
                for raw in self.raw_games(start):
                    try:
                        last = self.build(raw)
                        yield last
                    except _Problem as p:
                        problem = p
                    except BridgeError as e:
                        problem = _Problem(raw.line, e.reason)
                    except (ValueError, IndexError, KeyError, TypeError, AttributeError) as e:
                        problem = _Problem(raw.line, f"cannot read this game ({e!r})")
                    if problem:
                        break
            except _Problem as p:
                problem = p
            start = None
            if problem:
                yield self.error(problem.line, problem.reason)
                start = next((i for i in range(problem.line, len(self.lines))
                              if not self.lines[i].strip()), None)
            elif self.trailing and last is not None:
                last.comments.setdefault("$end", []).extend(tok.text for tok in self.trailing)

    # -- tokens and tag pairs --

    def check_line(self, i: int) -> None:
        """Strict: the length and the characters of a line (chapters 2.2 and 2.3)."""
        line = self.lines[i]
        if len(line) + self.eol > _MAX_LINE:
            raise _Problem(i + 1, f"the line is longer than {_MAX_LINE} characters")
        for ch in line:
            code = ord(ch)
            if (code < 32 and ch not in "\t\v") or 127 <= code <= 159:
                raise _Problem(i + 1, f"character {code:#04x} is not allowed in PBN")

    def tokens(self, start: int) -> Iterator[_Token]:
        """The tokens from line index ``start`` on (chapter 3.2); comments become
        "comment" tokens, escape lines are left out."""
        lines = self.lines
        i = start
        while i < len(lines):
            if self.strict:
                self.check_line(i)
            line = lines[i]
            if line.startswith("%"):               # an escape line (chapter 2.4)
                if not _FORMAT_LINE_RE.match(line):  # "% PBN 2.1", "% EXPORT": written anew
                    yield _Token("comment", line.rstrip(), i + 1)
                i += 1
                continue
            if not line.strip():
                yield _Token("end", "", i + 1)
                i += 1
                continue
            tag = _TAG_LINE_RE.fullmatch(line)
            if tag:
                yield _Token("tag", tag.group(1), i + 1, _unescape(tag.group(2)))
                i += 1
                continue
            if not _SPECIAL_RE.search(line):        # most lines of a section: one token
                yield _Token("words", line, i + 1)
                i += 1
                continue
            pos = 0
            while pos < len(line):
                m = _TOKEN_RE.match(line, pos)
                pos = m.end()
                kind = m.lastgroup
                if kind is None:
                    continue
                if kind == "semicolon":
                    yield _Token("comment", line[m.start():].rstrip(), i + 1)
                    break
                if kind == "brace":                # a comment, maybe over several lines
                    first_line = i + 1
                    close = line.find("}", pos)
                    parts = [line[m.start():]]
                    while close < 0:
                        i += 1
                        if i >= len(lines):
                            raise _Problem(first_line, "the comment '{' is never closed")
                        if self.strict:
                            self.check_line(i)
                        line = lines[i]
                        close = line.find("}")
                        parts.append(line)
                    parts[-1] = parts[-1][:close + 1] if len(parts) > 1 else \
                        line[m.start():close + 1]
                    yield _Token("comment", "\n".join(parts), first_line)
                    pos = close + 1
                    continue
                if kind == "bad":
                    if m.group() == '"':
                        raise _Problem(i + 1, "the string is not closed (missing '\"')")
                    if self.strict:
                        raise _Problem(i + 1, "'}' without '{'")
                    continue                       # left over from braces nested in a comment
                text = m.group()
                if kind == "string":
                    if "\t" in text:
                        raise _Problem(i + 1, "a tab is not allowed inside a string")
                    text = _unescape(text)
                yield _Token(kind, text, i + 1)
            i += 1

    def raw_games(self, start: int) -> Iterator[_RawGame]:
        """The games from line index ``start`` on; comments after the last game are kept
        in ``trailing``."""
        tags: list[_RawTag] = []
        lead: list[_Token] = []
        tokens = self.tokens(start)
        self.trailing = []
        for tok in tokens:
            if tok.kind == "end":
                if tags:
                    yield _RawGame(tags, lead)
                    tags, lead = [], []
            elif tok.kind == "tag":
                tags.append(self.new_tag(tok.text, tok.value, tok.line))
            elif tok.kind == "open":
                tags.append(self.tag_pair(tok, tokens))
            elif tok.kind == "close":
                raise _Problem(tok.line, "']' without '['")
            elif tags:
                tags[-1].data.append(tok)
            elif tok.kind == "comment":
                lead.append(tok)
            else:
                raise _Problem(tok.line, f"{_first_word(tok)!r} is outside any tag or section")
        if tags:
            yield _RawGame(tags, lead)
        else:
            self.trailing = lead

    def tag_pair(self, open_tok: _Token, tokens: Iterator[_Token]) -> _RawTag:
        """The rest of a tag pair: name, string, ']' (chapter 3.3)."""
        def words(tokens: Iterator[_Token]) -> Iterator[_Token]:
            for tok in tokens:
                if tok.kind == "words":             # a pair spread over lines
                    yield from (_Token("word", w, tok.line) for w in tok.text.split())
                else:
                    yield tok
                    if tok.kind in ("close", "end"):
                        return
        tokens = words(tokens)
        parts = []
        for expected in ("word", "string", "close"):
            tok = next(tokens, None)
            while tok is not None and tok.escape:     # an escape line within the pair
                tok = next(tokens, None)
            if tok is None or tok.kind == "end":
                raise _Problem(open_tok.line, "the tag pair is not closed with ']'")
            if tok.kind == "comment":
                raise _Problem(tok.line, "a comment cannot stand inside a tag pair")
            if tok.kind != expected:
                what = {"word": "a tag name", "string": "a quoted value", "close": "']'"}[expected]
                raise _Problem(tok.line, f"expected {what} in the tag pair, found {tok.text!r}")
            parts.append(tok)
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", parts[0].text):
            raise _Problem(parts[0].line, f"{parts[0].text!r} is not a tag name")
        return self.new_tag(parts[0].text, parts[1].text, open_tok.line)

    @staticmethod
    def new_tag(name: str, value: str, line: int) -> _RawTag:
        if not "A" <= name[0] <= "Z":
            raise _Problem(line, f"the tag name {name!r} does not begin with a capital")
        return _RawTag(name, value, line)

    # -- one game --

    def inherit(self, raw: _RawGame) -> _Game:
        """The tag values with ``#`` and ``##`` resolved (chapter 4.8).

        ``#`` takes the value of the tag in the nearest previous game; ``##text``
        makes ``text`` the value in this game and in the following games that do
        not give the tag; any other value ends that.  A repeated tag is ignored
        (chapter 3.4; an error when strict).  When it says something else than the
        first, the file contradicts itself: a conflict for the tags a record reads,
        a note for the others.  The values count for the games that follow even
        when this game turns out to have a problem.
        """
        values: dict[str, str] = {}
        first: dict[str, _RawTag] = {}
        defaults = dict(self.defaults)
        game = _Game(raw, values, first)
        for tag in raw.tags:
            inherited = tag.value == "#" or tag.value.startswith("##")
            if inherited and tag.name in _NOT_INHERITED:
                raise _Problem(tag.line, f"{tag.name.lower()}: the value of {tag.name} "
                                         "cannot be inherited with '#'")
            if tag.name == "Note":
                continue
            if tag.name in first:
                self.repeated(game, first[tag.name], tag)
                continue
            first[tag.name] = tag
            value = tag.value
            if value.startswith("##"):
                value = defaults[tag.name] = value[2:]
            elif value == "#":
                value = self.last_values.get(tag.name, "")
                defaults.pop(tag.name, None)
            else:
                defaults.pop(tag.name, None)
            values[tag.name] = value
        for name, value in defaults.items():
            values.setdefault(name, value)
        self.last_values.update(values)
        self.defaults = defaults
        return game

    def repeated(self, game: _Game, first: _RawTag, again: _RawTag) -> None:
        """A tag given a second time in a game: ignored (chapter 3.4), an error when strict;
        said when it does not say the same as the first."""
        name = first.name.lower()

        def data(tag: _RawTag) -> list[str]:
            return [w for tok in tag.data if tok.kind != "comment"
                    for w in (tok.text.split() if tok.kind == "words" else (tok.text,))]

        same = first.value == again.value and data(first) == data(again)
        if same and not self.strict:
            return
        if same:
            what = f"{name}: the tag is repeated"
        elif first.value == again.value:
            what = f"{name}: the tag is repeated with other data than at line {first.line}"
        else:
            what = (f"{name}: the tag is repeated with another value, {again.value!r} "
                    f"(line {first.line} gives {first.value!r})")
        if self.strict:
            raise _Problem(again.line, what)
        conflict = first.name in _RECORD_TAGS or _is_table_tag(first.name)
        self.remark(game, again.line, what + ("; the game contradicts itself" if conflict
                                              else "") + "; the first is read (PBN 3.4)",
                    conflict)

    def build(self, raw: _RawGame) -> BoardRecord:
        game = self.inherit(raw)
        values = game.values
        record = BoardRecord(tags=dict(values), source=Source(self.name, raw.line))

        def interpret(tag_name: str, parse: Callable, *args):
            if tag_name not in values:
                return None
            try:
                return parse(values[tag_name], *args)
            except BridgeError as e:
                raise _Problem(game.line(tag_name), f"{tag_name.lower()}: {e.reason}") from None

        for tag in game.first.values():
            self.check_data(tag)
        record.board = interpret("Board", _parse_board)
        record.dealer = interpret("Dealer", _parse_seat_value)
        spellings: list[str] = []
        record.vulnerable = interpret("Vulnerable", _parse_vulnerable, spellings)
        for note in spellings:
            self.remark(game, game.line("Vulnerable"), f"vulnerable: {note}")
        record.deal, game.deal = interpret("Deal", self.parse_deal) or (None, None)
        if game.deal is not None and all(game.deal.hands):
            game.tricks = game.deal.hands[0].bit_count()
        record.declarer, game.swapped = interpret("Declarer", _parse_declarer) or (None, False)
        record.contract = interpret("Contract", _parse_contract, self.strict)
        record.result, game.result_marked = (interpret("Result", _parse_result, record.declarer,
                                                       game.tricks) or (None, False))
        record.score = values.get("Score")
        record.players = _players(values)
        record.room = _parse_room(values.get("Room", ""))

        comments = record.comments
        if raw.lead:
            comments[""] = [tok.text for tok in raw.lead]
        placed: list[tuple[_RawTag, str, int]] = []
        if self.build_sections:
            game.auction_notes, game.play_notes, placed = self.notes(raw)
            if "Auction" in game.first:
                game.auction = self.read_auction(record, game.first["Auction"],
                                                 game.auction_notes)
            if "Play" in game.first:
                game.play = self.read_play(record, game.first["Play"], game.play_notes)
            record.notes, renumbered = _merge_notes(game.auction_notes, game.play_notes)
            if renumbered:
                _renumber_card_notes(record, renumbered)
            placed = [(tag, section, renumbered.get(number, number) if section == "play"
                       else number) for tag, section, number in placed]
        if self.build_tables:
            for name in values:
                if _is_table_tag(name):
                    record.tables[name] = self.read_table(name, values[name], game)
        self.keep_comments(raw, game, comments, placed)
        self.keep_sections(raw, record)

        if self.strict:
            self.check_agreement(record, game)
            self.check_standard(record, game)
        record.remarks = game.remarks
        return record

    def keep_comments(self, raw: _RawGame, game: _Game, comments: dict[str, list[str]],
                      placed: list[tuple[_RawTag, str, int]]) -> None:
        """The comments after each tag pair (chapter 3.8), by the tag's name; a Note's by its
        number (``"Note/2"``).  The auction's and the play's own are placed by their reader,
        after the call or card they follow."""
        note_numbers = {id(tag): number for tag, _, number in placed}
        for tag in raw.tags:
            texts = [tok.text for tok in tag.data if tok.kind == "comment"]
            if not texts:
                continue
            if tag.name in _SECTION_TAGS:
                if not self.build_sections or game.first.get(tag.name) is tag:
                    continue                       # not built, or placed by its reader
            elif _is_table_tag(tag.name) and not self.build_tables:
                continue
            key = tag.name
            if tag.name == "Note":
                if id(tag) not in note_numbers:
                    continue
                key = f"Note/{note_numbers[id(tag)]}"
            comments.setdefault(key, []).extend(texts)

    def keep_sections(self, raw: _RawGame, record: BoardRecord) -> None:
        """The data after the tags PBN 2.1 does not define, as written (chapter 4.9: skipped,
        but kept so that a file written again loses nothing)."""
        for tag in raw.tags:
            if tag.data and tag.name not in _KNOWN_TAGS and not _is_table_tag(tag.name) \
                    and tag.name not in record.sections:
                elements = [w for tok in tag.data if tok.kind != "comment"
                            for w in (tok.text.split() if tok.kind == "words" else
                                      (_escape(tok.text) if tok.kind == "string" else tok.text,))]
                if elements:
                    record.sections[tag.name] = elements

    def check_data(self, tag: _RawTag) -> None:
        """Only sections have data after their tag; data after an unknown tag is skipped
        (chapter 4.9)."""
        if tag.name in ("Auction", "Play") or _is_table_tag(tag.name):
            return
        for tok in tag.data:
            if tok.kind != "comment" and tag.name in _KNOWN_TAGS:
                raise _Problem(tok.line, f"{tag.name.lower()}: unexpected {_first_word(tok)!r} after "
                                         "the tag (only Auction, Play and tables have sections)")

    @staticmethod
    def parse_deal(text: str) -> tuple[str, Deal] | None:
        """The Deal tag (chapter 3.4.11): the normalized text and the hands.

        All four hands have 13 cards, or else all the same number (an end position,
        chapter 3.10); hands that are not given (``-``) are unknown, and then each
        given hand must have 13 cards.
        """
        if text in _UNKNOWN:
            return None
        if not _DEAL_RE.fullmatch(text):
            raise BridgeError(f"{text!r} is not a deal like \"N:<hand> <hand> <hand> <hand>\" "
                              "(hands S.H.D.C or '-', one space between hands)")
        deal = Deal.from_pbn(text)
        first = _seat_index(_SEATS[text[0]])
        counts = {(first + i) & 3: deal.hands[(first + i) & 3].bit_count()
                  for i, hand in enumerate(text[2:].split(" ")) if hand != "-"}
        if not any(counts.values()):
            raise BridgeError("the deal has no cards")
        expected = 13 if len(counts) < 4 or max(counts.values()) >= 13 else max(counts.values())
        for seat in sorted(counts):
            if counts[seat] != expected:
                raise BridgeError(f"hand of {SEAT_NAMES[seat]} has {counts[seat]} cards, "
                                  f"not {expected}")
        return deal.to_pbn(first), deal

    def notes(self, raw: _RawGame) -> tuple[dict[int, str], dict[int, str],
                                            list[tuple[_RawTag, str, int]]]:
        """The Note tags after the auction and after the play (chapters 3.5.5, 3.6.5), and
        each Note tag with its section and number."""
        notes: dict[str, dict[int, str]] = {"auction": {}, "play": {}}
        placed = []
        section = None
        for tag in raw.tags:
            if tag.name in ("Auction", "Play"):
                section = tag.name.lower()
            elif tag.name != "Note":
                section = None
            elif section is None:
                raise _Problem(tag.line, "note: a Note tag must follow the auction or the play")
            else:
                m = _NOTE_RE.fullmatch(tag.value)
                if m is None:
                    raise _Problem(tag.line, f"note: {tag.value!r} is not like \"1:text\"")
                number = int(m.group(1))
                if self.strict and not 1 <= number <= 32:
                    raise _Problem(tag.line, f"note: note number {number} is not between 1 and 32")
                if number in notes[section]:
                    raise _Problem(tag.line, f"note: the {section} has two notes {number}")
                notes[section][number] = m.group(2).strip()
                placed.append((tag, section, number))
        return notes["auction"], notes["play"], placed

    def read_auction(self, record: BoardRecord, tag: _RawTag,
                     notes: dict[int, str]) -> Auction:
        """The auction section (chapter 3.5), put in force in the core's
        :class:`~bridgelaws.auction.Auction` call by call (:func:`_add_call`)."""
        column = _SEATS.get(tag.value)
        if column is None:
            raise _Problem(tag.line, f"auction: {tag.value!r} is not a seat")
        hyphens = 0
        auction: Auction | None = None
        turns = 0                     # turns so far, skipped ones (^S) included
        calls: list[AuctionCall] = []
        annotations: dict[int, _Annotations] = {}      # by the call's index
        comments = record.comments
        marked = False                # a "^I" waiting for its bid
        ended_by = None               # "*" or "+"
        for kind, text, line in _items(tag.data, "auction"):
            if kind == "comment":     # it follows the tag, or the last call (chapter 3.8)
                key = f"Auction/{len(calls) - 1}" if calls else "Auction"
                comments.setdefault(key, []).append(text)
                continue
            if ended_by is not None:
                raise _Problem(line, f"auction: {text!r} after {ended_by!r}")
            if kind == "item" and text == "-":
                if auction is not None or marked or hyphens == 3:
                    raise _Problem(line, "auction: '-' stands only before the dealer's first call")
                hyphens += 1
                continue
            if auction is None:
                auction = Auction((_seat_index(column) + hyphens) & 3)
            first = auction.dealer
            if kind == "item":
                known = _call_of(text)
                if known is None:
                    raise _Problem(line, f"auction: {text!r} is not a call")
                call, ap, spelt_n = known
                if self.strict and spelt_n:
                    raise _Problem(line, f"auction: {text!r}: notrump is written NT")
                try:
                    if ap:
                        if marked or auction.is_over:
                            raise BridgeError("AP cannot stand here")
                        while not auction.is_over:
                            auction.add((first + turns) & 3, PASS)
                            turns += 1
                            calls.append(AuctionCall("P"))
                        continue
                    _add_call(auction, (first + turns) & 3, call, marked)
                    turns += 1
                except BridgeError as e:
                    raise _Problem(line, f"auction: {e.reason}") from None
                calls.append(AuctionCall(call_name(call)))
                marked = False
            elif kind == "irregular" and text == "^I" and not marked:
                marked = True
            elif kind == "irregular" and text == "^S" and not marked and not auction.is_over:
                turns += 1
                calls.append(AuctionCall("^S"))
            elif kind == "irregular":
                raise _Problem(line, f"auction: {text!r} cannot stand here "
                                     "(^I before an insufficient bid, ^S for a skipped call)")
            elif kind in ("suffix", "note", "nag"):
                if not calls or calls[-1].call == "^S" or marked:
                    raise _Problem(line, f"auction: {text!r} does not follow a call")
                ann = annotations.setdefault(len(calls) - 1, _Annotations())
                ann.add(kind, text, line, "auction", card=False)
            elif kind in ("star", "plus") and not marked:
                ended_by = text
            else:
                raise _Problem(line, f"auction: unexpected {text!r}")
        if marked:
            raise _Problem(tag.line, "auction: ^I is not followed by a bid")
        if auction is None:
            auction = Auction((_seat_index(column) + hyphens) & 3)
        if ended_by == "+" and auction.is_over:
            raise _Problem(tag.line, "auction: '+' after the end of the auction")
        if self.strict and not auction.is_over and ended_by is None:
            raise _Problem(tag.line, "auction: the auction has not ended, and is not closed "
                                     "with '*' or '+'")
        for i, ann in annotations.items():
            call = calls[i]
            call.alert = ann.alert()
            # "!" says no more than alert does (the writer writes it for an alert)
            call.annotations = [a for a in ann.written if a not in ("!", "$1")]
            if ann.note is not None:
                if ann.note in notes:
                    call.note = notes[ann.note]
                elif self.strict:
                    raise _Problem(ann.note_line, f"auction: no Note explains ={ann.note}=")
        record.auction_start = SEAT_NAMES[auction.dealer]
        record.auction = calls
        record.auction_complete = auction.is_over
        return auction

    def read_play(self, record: BoardRecord, tag: _RawTag,
                  notes: dict[int, str]) -> list[_Played]:
        """The play section (chapter 3.6): the entries in column order."""
        record.play_leader = _SEATS.get(tag.value)
        if record.play_leader is None:
            raise _Problem(tag.line, f"play: {tag.value!r} is not a seat")
        entries: list[_Played] = []
        comments = record.comments
        mark = None                   # "R" or "L" waiting for its card
        ended = False                 # after "*"
        plus_seen = False
        for kind, text, line in _items(tag.data, "play"):
            if kind == "comment":     # it follows the tag, or the last card (chapter 3.8)
                key = f"Play/{len(entries) - 1}" if entries else "Play"
                comments.setdefault(key, []).append(text)
                continue
            if ended:
                raise _Problem(line, f"play: {text!r} after '*'")
            card = _CARDS.get(text) if kind == "item" else None
            if card is not None:                   # most entries: a card in capitals
                entries.append(_Played(card, line, mark))
                mark = None
            elif kind == "item" and text in ("-", "--"):
                if mark or (text == "--" and self.strict):
                    raise _Problem(line, f"play: {text!r} cannot stand here" if mark else
                                         "play: an unknown card is written '-', not '--'")
                entries.append(_Played(None, line))
            elif kind == "item" and text.upper() in _CARDS:
                entries.append(_Played(_CARDS[text.upper()], line, mark))
                mark = None
            elif kind == "item":
                raise _Problem(line, f"play: {text!r} is not a card (suit then rank, like SA)")
            elif kind == "irregular" and text in ("^R", "^L") and not mark:
                mark = text[1]
            elif kind == "irregular":
                raise _Problem(line, f"play: {text!r} cannot stand here (^R or ^L before a card)")
            elif kind == "plus" and not plus_seen and not mark:
                plus_seen = True
                entries.append(_Played(None, line, plus=True))
            elif kind == "plus":
                raise _Problem(line, "play: a second '+'" if plus_seen else "play: '+' after a mark")
            elif kind in ("suffix", "note", "nag"):
                if not entries or entries[-1].card is None or mark:
                    raise _Problem(line, f"play: {text!r} does not follow a card")
                if entries[-1].ann is None:
                    entries[-1].ann = _Annotations()
                entries[-1].ann.add(kind, text, line, "play", card=True)
            elif kind == "star" and not plus_seen and not mark:
                ended = True
            else:
                raise _Problem(line, f"play: unexpected {text!r}")
        if mark:
            raise _Problem(tag.line, f"play: ^{mark} is not followed by a card")
        seen = 0
        for i, e in enumerate(entries):
            if e.card is not None:
                if seen >> e.card & 1:
                    raise _Problem(e.line, f"play: {card_name(e.card)} is played twice")
                seen |= 1 << e.card
            if e.ann is None:
                continue
            if e.ann.written:
                record.play_annotations[i] = e.ann.written
            if self.strict and e.ann.note is not None and e.ann.note not in notes:
                raise _Problem(e.ann.note_line, f"play: no Note explains ={e.ann.note}=")
        while len(entries) % 4:
            entries.append(_Played(None, tag.line))
        record.play_rows = [[e.text() for e in entries[i:i + 4]] for i in range(0, len(entries), 4)]
        return entries

    def read_table(self, name: str, value: str, game: _Game) -> ScoreTable:
        """A table (chapter 5.2): the column names are the tag value, the elements follow.

        A table tag the game does not give (inherited with ``##``) has no rows.
        """
        tag = game.first.get(name) or _RawTag(name, value, game.raw.line)
        section = name.lower()
        columns = value.split(";")
        for column in columns:
            if not _COLUMN_RE.fullmatch(column):
                raise _Problem(tag.line, f"{section}: {column!r} is not a column name (a minimum "
                                         "width is written like \\5, \\5L or \\5R)")
        cells: list[str] = []
        for tok in tag.data:
            if tok.kind == "comment":
                if cells and not tok.escape:
                    raise _Problem(tok.line, f"{section}: no comment may follow a table element")
            elif tok.kind == "words":
                for word in tok.text.split():
                    if "%" in word:
                        raise _Problem(tok.line, f"{section}: {word!r}: '%' is not allowed in a "
                                                 "table element unless it is quoted")
                    cells.append(word)
            elif tok.kind == "word" and "%" in tok.text:
                raise _Problem(tok.line, f"{section}: {tok.text!r}: '%' is not allowed in a "
                                         "table element unless it is quoted")
            else:
                cells.append(tok.text)
        n = len(columns)
        if len(cells) % n:
            raise _Problem(tag.data[-1].line, f"{section}: {len(cells)} elements do not make "
                                              f"rows of {n} columns")
        return ScoreTable(columns, [cells[i:i + n] for i in range(0, len(cells), n)])

    # -- strict: do the parts agree? --

    def check_agreement(self, record: BoardRecord, game: _Game) -> None:
        """The dealer calls first; a complete auction gives the Contract and the Declarer;
        a passed-out board has no result; the play fits the deal, the contract and the
        Result."""
        values = game.values
        if record.auction_start is not None and record.dealer not in (None,
                                                                      record.auction_start):
            raise _Problem(game.line("Auction"), f"auction: the dealer {record.dealer} calls "
                                                 f"first, not {record.auction_start}")
        if game.auction is not None and game.auction.is_over:
            contract, declarer = _final(game.auction)
            if record.contract is not None and (record.contract == "P"
                                                or record.contract[0].isdigit()):
                if record.contract != contract:
                    raise _Problem(game.line("Contract"), f"contract: the auction ends in "
                                                          f"{_pbn_contract(contract)}, not "
                                                          f"{values['Contract']}")
            if declarer is None and record.declarer is not None:
                raise _Problem(game.line("Declarer"), "declarer: the board is passed out")
            if declarer is not None and record.declarer is not None:
                seat = _partner(record.declarer) if game.swapped else record.declarer
                if seat != declarer:
                    raise _Problem(game.line("Declarer"), f"declarer: the auction makes "
                                                          f"{declarer} declarer, not {seat}")
        passed_out = record.contract == "P" or values.get("Declarer", "?") == ""
        if passed_out and values.get("Result", "") not in _UNKNOWN:
            raise _Problem(game.line("Result"), "result: a passed-out board has no result")
        if game.play is not None:
            self.check_play(record, game)

    def check_play(self, record: BoardRecord, game: _Game) -> None:
        """The cards are in the hands of their columns; each trick in its order: suit
        followed or the revoke marked ^R, a lead out of turn marked ^L, nothing after '+';
        the Result between the tricks declarer has won and those still to come."""
        entries = game.play
        column = _seat_index(record.play_leader)
        hands = list(game.deal.hands) if game.deal else [0, 0, 0, 0]
        for i, e in enumerate(entries):
            seat = (column + i) & 3
            if e.card is not None and hands[seat] and not hands[seat] >> e.card & 1:
                raise _Problem(e.line, f"play: {SEAT_NAMES[seat]} plays {card_name(e.card)}, "
                                       f"which is not in {SEAT_NAMES[seat]}'s hand")
        trump = _contract_strain(record.contract)
        if trump is None:
            return                                 # the winners of the tricks are unknown
        declarer = _seat_index(record.declarer) if record.declarer else None
        leader = lho(declarer) if declarer is not None else column
        won = done = 0
        plus_trick = None                          # the trick with the '+'
        in_order = True                            # the leader of the trick is known
        for t in range(0, len(entries), 4):
            trick = {(column + k) & 3: entries[t + k] for k in range(4)}
            if plus_trick is not None:
                for e in trick.values():
                    if e.card is not None:
                        raise _Problem(e.line, "play: a card after '+'")
            if any(e.plus for e in trick.values()):
                plus_trick = t
            if not in_order:
                continue
            lead_marks = [seat for seat, e in trick.items() if e.mark == "L"]
            if len(lead_marks) > 1 or lead_marks == [leader]:
                raise _Problem(trick[lead_marks[-1]].line, "play: ^L does not mark a lead "
                                                           "out of turn")
            first = lead_marks[0] if lead_marks else leader
            order = [(first + k) & 3 for k in range(4)]
            played = [trick[seat] for seat in order]
            after_plus = False
            for e in played:
                if after_plus and e.card is not None:
                    raise _Problem(e.line, "play: a card after '+'")
                after_plus = after_plus or e.plus
            if any(e.card is None for e in played):
                in_order = False                   # the next leader is unknown
                continue
            lead = played[0]
            if lead.mark == "R":
                raise _Problem(lead.line, "play: ^R marks a lead, which cannot be a revoke")
            suit = card_suit(lead.card)
            for seat, e in zip(order[1:], played[1:]):
                follows = card_suit(e.card) == suit
                can_follow = bool(hands[seat] & SUIT_MASKS[suit])
                if not follows and can_follow and e.mark != "R":
                    raise _Problem(e.line, f"play: {SEAT_NAMES[seat]} revokes with "
                                           f"{card_name(e.card)} on {card_name(lead.card)} "
                                           "(not marked ^R)")
                if e.mark == "R" and (follows or (hands[seat] and not can_follow)):
                    raise _Problem(e.line, f"play: ^R marks {card_name(e.card)}, "
                                           "which is not a revoke")
            for seat, e in zip(order, played):
                hands[seat] &= ~(1 << e.card)
            leader = trick_winner([e.card for e in played], first, _trump(trump))
            won += declarer is not None and side_of(leader) == side_of(declarer)
            done += 1
        if record.result is not None and not game.result_marked and declarer is not None:
            least, most = won, won + game.tricks - done
            if most > least and game.deal is not None and game.deal.is_complete() and \
                    _trump(trump) != NO_TRUMP:
                # the highest trump still out wins a trick, whenever it is played
                trumps = (hands[0] | hands[1] | hands[2] | hands[3]) & SUIT_MASKS[trump]
                if trumps:
                    holder = game.deal.holder(trumps.bit_length() - 1)
                    if side_of(holder) == side_of(declarer):
                        least += 1
                    else:
                        most -= 1
            if not least <= record.result <= most:
                raise _Problem(game.line("Result"), f"result: declarer wins {won} of the "
                                                    f"{done} tricks played, and can end with "
                                                    f"{least} to {most} tricks, not "
                                                    f"{record.result}")

    # -- strict: the rest of the standard --

    def check_standard(self, record: BoardRecord, game: _Game) -> None:
        """Tag names, the values of the other tags, the tags a section needs before it,
        the order of table columns."""
        values, first = game.values, game.first
        for tag in game.raw.tags:
            if tag.name not in _KNOWN_TAGS:
                # chapter 4.9: a robust reader skips the tags of newer versions and vendors
                self.remark(game, tag.line, f"{tag.name!r} is not a PBN 2.1 tag: skipped "
                                            "(PBN 4.9)")
        for name, check in _STRICT_VALUES.items():
            if values.get(name, "") not in _UNKNOWN:
                reason = check(values[name])
                if reason:
                    raise _Problem(game.line(name), f"{name.lower()}: {values[name]!r}: {reason}")
        if "ScoreRubberHistory" in values and record.vulnerable is not None:
            reason = _rubber_vulnerability(values["ScoreRubberHistory"], record.vulnerable)
            if reason:
                raise _Problem(game.line("ScoreRubberHistory"), f"scorerubberhistory: {reason}")
        position = {tag.name: i for i, tag in reversed(list(enumerate(game.raw.tags)))}

        def given_before(name: str, section: str) -> bool:
            return values.get(name, "") not in _UNKNOWN and (
                name not in first or position[name] < position[section])

        if "Auction" in first and not given_before("Dealer", "Auction"):
            raise _Problem(game.line("Auction"), "auction: the Dealer must be given before "
                                                 "the auction")
        if "Play" in first:
            needed = ["Deal", "Contract"]
            if game.tricks == 13:                  # an end position needs no declarer
                needed.append("Declarer")
            for name in needed:
                if not given_before(name, "Play"):
                    raise _Problem(game.line("Play"), f"play: the {name} must be given before "
                                                      "the play")
        for name, table in record.tables.items():
            reason = _table_order(table)
            if reason:
                raise _Problem(game.line(name), f"{name.lower()}: {reason}")


def _partner(seat: str) -> str:
    return SEAT_NAMES[(_seat_index(seat) + 2) & 3]


def _merge_notes(auction: dict[int, str], play: dict[int, str]
                 ) -> tuple[dict[int, str], dict[int, int]]:
    """All the notes by number, and the play notes renumbered: a play note with the
    number of a different auction note takes the first free number.

    >>> _merge_notes({1: "transfer"}, {1: "count", 2: "suit preference"})
    ({1: 'transfer', 3: 'count', 2: 'suit preference'}, {1: 3})
    """
    notes = dict(auction)
    renumbered = {}
    for number, text in play.items():
        if notes.get(number, text) != text:
            new = 1
            while new in notes or new in play:
                new += 1
            renumbered[number], number = new, new
        notes[number] = text
    return notes, renumbered


def _renumber_card_notes(record: BoardRecord, renumbered: dict[int, int]) -> None:
    """The note references after the cards (``"=1="``), for play notes renumbered."""
    for annotations in record.play_annotations.values():
        for i, text in enumerate(annotations):
            if text.startswith("=") and int(text[1:-1]) in renumbered:
                annotations[i] = f"={renumbered[int(text[1:-1])]}="


# --- strict: values of the other tags (chapter 4) ------------------------------------

def _pattern(regex: str, reason: str) -> Callable[[str], str | None]:
    compiled = re.compile(regex)
    return lambda text: None if compiled.fullmatch(text) else reason


def _scores(number: str, *, sides_needed: bool = False, limit: float | None = None
            ) -> Callable[[str], str | None]:
    """A check for the forms "<n>", "NS <n>", "EW <n>", "NS <n> EW <n>" (chapter 4.2.1)."""
    single = re.compile(number)
    sided = re.compile(rf"(NS|EW)\s+({number})(?:\s+(NS|EW)\s+({number}))?")

    def check(text: str) -> str | None:
        text = text.strip()
        m = sided.fullmatch(text)
        if m:
            if m.group(3) == m.group(1):
                return "the same side twice"
            numbers = [n for n in (m.group(2), m.group(4)) if n is not None]
        elif not sides_needed and single.fullmatch(text):
            numbers = [text]
        else:
            return "not of the form <score>, NS <score> or NS <score> EW <score>"
        if limit is not None and any(float(n) > limit for n in numbers):
            return f"more than {limit:g}"
        return None
    return check


_DATE = r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}"
_TIME = r"[0-9?]{2}:[0-9?]{2}:[0-9?]{2}"
_INTEGER = r"[+-]?[0-9]+"
_DECIMAL = r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)"
_STRICT_VALUES: dict[str, Callable[[str], str | None]] = {
    "Date": _pattern(_DATE, "not a date YYYY.MM.DD"),
    "EventDate": _pattern(_DATE, "not a date YYYY.MM.DD"),
    "UTCDate": _pattern(_DATE, "not a date YYYY.MM.DD"),
    "Time": _pattern(_TIME, "not a time HH:MM:SS"),
    "UTCTime": _pattern(_TIME, "not a time HH:MM:SS"),
    "Round": _pattern(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*", "not a round like 3 or 1.A.2"),
    "Scoring": _pattern(r"[A-Za-z0-9_-]+(?:;[A-Za-z0-9_-]+)*", "not fields like IMP;Butler"),
    "FrenchMP": _pattern(r"Yes|No", "not Yes or No"),
    "Room": _pattern(r"Open|Closed", "not Open or Closed"),
    "Hidden": _pattern(r"[NESW]*", "not seats like EW"),
    "TimeControl": _pattern(r"[0-9]+/[0-9]+", "not <games>/<minutes>"),
    "TimeCall": _pattern(r"[0-9]+", "not a number of seconds"),
    "TimeCard": _pattern(r"[0-9]+", "not a number of seconds"),
    "Score": _scores(_INTEGER),
    "ScoreIMP": _scores(_DECIMAL),
    "ScoreMP": _scores(_DECIMAL),
    "ScorePercentage": _scores(r"[0-9]+\.?[0-9]*|\.[0-9]+", limit=100),
    "ScoreRubber": _scores(r"[0-9]+\s*/\s*[0-9]+"),
    "OptimumScore": _scores(_INTEGER, sides_needed=True),
}

_HISTORY = r"[0-9]+\s+[0-9]+\s*/\s*[0-9]+(?:\s+[0-9]+){0,2}"
_HISTORY_RE = re.compile(rf"(NS|EW)\s+({_HISTORY})\s+(NS|EW)\s+({_HISTORY})")


def _rubber_vulnerability(text: str, vulnerable: str) -> str | None:
    """ScoreRubberHistory (chapter 4.2.6) against Vulnerable: a side that has won a game
    of the rubber (100 trick points below the line) is vulnerable."""
    m = _HISTORY_RE.fullmatch(text.strip())
    if m is None or m.group(1) == m.group(3):
        return f"{text!r} is not like \"NS 0 0 / 100 0 EW 0 0 / 0 0\""
    won = {}
    for side, history in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
        below = [int(n) for n in history.split("/")[1].split()]
        won[side] = any(points >= 100 for points in below[:-1])   # the finished games
    expected = {(False, False): "none", (True, False): "NS", (False, True): "EW",
                (True, True): "all"}[(won["NS"], won["EW"])]
    if expected != vulnerable:
        return f"the games won make the vulnerability {expected}, not {vulnerable}"
    return None


def _table_order(table: ScoreTable) -> str | None:
    """Columns marked '+' (descending) or '-' (ascending) are in that order (chapter 5.2);
    elements that are not numbers ("-", "?") are left out."""
    for i, column in enumerate(table.columns):
        if column[:1] not in ("+", "-"):
            continue
        numbers = []
        for row in table.rows:
            try:
                numbers.append(float(row[i].lstrip("^")))
            except ValueError:
                continue
        descending = column[0] == "+"
        for a, b in zip(numbers, numbers[1:]):
            if (a < b) if descending else (a > b):
                order = "descending" if descending else "ascending"
                return f"column {table.names[i]!r} is not in {order} order ({a:g}, {b:g})"
    return None


# --- reading: the public function ----------------------------------------------------

#: what :func:`read_pbn` builds of each game
BUILDS = ("all", "tables", "headers")


def read_pbn(source, *, name: str | None = None, errors: str = "raise", strict: bool = False,
             progress: Callable[[int, int], None] | None = None, build: str = "all"):
    """Read the games of a PBN file as :class:`~bridgelaws.formats.record.BoardRecord` objects.

    ``source`` is a path (``str`` or :class:`~pathlib.Path`), an open text or
    binary stream, bytes, or the PBN text itself (a ``str`` that contains a
    newline or starts with ``[`` or ``%``).  Bytes are read as UTF-8 when they
    are valid UTF-8, else in the charset a ``%`` line declares, else in ISO
    8859-1.  ``name`` is the file name for messages and ``record.source``
    (default: the name of the file).

    With ``errors="raise"`` (the default) the first problem raises a
    :class:`~bridgelaws.cards.BridgeError` whose message names the file, the
    line and the reason.  With ``errors="collect"`` a game with a problem is
    left out and its error collected, and reading goes on with the next game;
    the result is then a pair ``(records, errors)``.

    ``strict=True`` also checks that the parts of each game agree (see the
    module documentation) and the rules of PBN 2.1 that programs often break:
    repeated tags, the values of the other
    standard tags (Date, Round, Scoring, Score..., OptimumScore, ...),
    ScoreRubberHistory against Vulnerable, note numbers 1 to 32 and a Note for
    each reference, ``NT`` and ``XX`` (not ``N`` and ``R``), ``-`` (not ``--``)
    for an unknown card, an auction closed by its passes, ``*`` or ``+``, the
    Dealer before the auction and the Deal, Declarer and Contract before the
    play, the order of table columns marked ``+``/``-``, a ``}`` only at the end
    of a comment, the length of lines and the characters.  A tag the standard does
    not define is skipped (chapter 4.9) with a note in ``record.remarks``.

    ``progress(line, lines)``, if given, is called after each game with the line it
    started on and the number of lines of the text, and once with ``(lines, lines)``
    at the end (the command line's progress bars).

    ``build`` chooses what each record gets, as python-chess's PGN visitors do
    (``GameBuilder``, ``HeadersBuilder``): ``"all"`` (the default) the whole game;
    ``"tables"`` the tags and the tables (``ScoreTable``...), which is what results
    need; ``"headers"`` the tags alone (board, dealer, vulnerability, deal,
    contract, declarer, result, players...), which is what a hand record needs.  A
    game's sections that are not built are not read, nor checked: a strict reading
    builds everything.

    >>> game = '[Board "1"]\\n[Dealer "N"]\\n[Auction "N"]\\n1C Pass 1H AP\\n'
    >>> [len(r.auction) for b in BUILDS for r in read_pbn(game, build=b)]
    [6, 0, 0]

    Each record's ``remarks`` also hold the notes of a lenient reading (``"N-S "``
    read as ``NS``) and, when not strict, the *conflicts* of a game that contradicts
    itself (a tag given again with another value: the first is read, chapter 3.4).

    >>> records, problems = read_pbn('[Board "1"]\\n[Deal "N:- - - -"]\\n\\n[Board "2"]\\n',
    ...                              errors="collect")
    >>> [r.board for r in records], [str(e) for e in problems]
    ([2], ['<string>:2: deal: the deal has no cards'])
    """
    if errors not in ("raise", "collect"):
        raise BridgeError(f"errors must be 'raise' or 'collect', not {errors!r}")
    if build not in BUILDS:
        raise BridgeError(f"build must be one of {', '.join(BUILDS)}, not {build!r}")
    if strict and build != "all":
        raise BridgeError("a strict reading checks the whole game: build='all'")
    text, label = _read_source(source, name)
    records: list[BoardRecord] = []
    problems: list[BridgeError] = []
    reader = _Reader(text, label, strict, build)
    for item in reader.games():
        if isinstance(item, BridgeError):
            if errors == "raise":
                raise item
            problems.append(item)
        else:
            records.append(item)
            if progress is not None and item.source.line:
                progress(item.source.line, len(reader.lines))
    if progress is not None:
        progress(len(reader.lines), len(reader.lines))
    return (records, problems) if errors == "collect" else records


# --- writing ---------------------------------------------------------------------------

def _pbn_call(call: str) -> str:
    """A record's call in PBN spelling: ``"P"`` -> ``"Pass"``, ``"3N"`` -> ``"3NT"``."""
    if call == "^S":
        return call
    name = call_name(parse_call(call))
    if name == "P":
        return "Pass"
    return name + "T" if name.endswith("N") else name


def _pbn_contract(contract: str) -> str:
    if contract == "P":
        return "Pass"
    if contract.lstrip("1234567").startswith("N"):
        return contract.replace("N", "NT", 1)
    return contract


def _escape(value: str) -> str:
    """A PBN string holding ``value`` (the reverse of the reader's unescaping)."""
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '\\"'):
            out.append("\\\\")
        elif ch in "\t\n\r\v\f":
            raise BridgeError(f"{value!r}: a PBN string cannot hold a tab or a line break")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _tag_line(name: str, value: str) -> str:
    return f"[{name} {_escape(value)}]"


def _says(parse: Callable, text: str, expected) -> bool:
    """Whether the tag value ``text`` says ``expected``."""
    try:
        return parse(text) == expected
    except BridgeError:
        return False


def _identification(record: BoardRecord) -> list[tuple[str, str]]:
    """The tags before the sections, in export order.

    The record's fields win over its tags; a tag that says the same as its field
    keeps its spelling (``Love``, ``3nt``, ``01``, ``^S``), so that a file read
    and written back gives the same record.
    """
    values = {name: value for name, value in record.tags.items()
              if re.fullmatch(r"[A-Z][A-Za-z0-9_]*", name)
              and name not in _SECTION_TAGS and not _is_table_tag(name)}

    def put(name: str, field_value, parse: Callable, spell: Callable) -> None:
        if name in values and _says(parse, values[name], field_value):
            return
        if field_value is None:
            values.pop(name, None)
        else:
            values[name] = spell(field_value)

    put("Board", record.board, _parse_board, str)
    put("Dealer", record.dealer, _parse_seat_value, str)
    put("Vulnerable", record.vulnerable, _parse_vulnerable,
        {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}.get)
    put("Deal", record.deal, _normalized_deal, str)
    put("Declarer", record.declarer, lambda text: _parse_declarer(text)[0], str)
    put("Contract", record.contract, _parse_contract, _pbn_contract)
    put("Result", record.result, lambda text: _parse_result(text, record.declarer)[0], str)
    for seat, name in _PLAYER_TAGS:
        put(name, record.players.get(seat), lambda text: None if text in _UNKNOWN else text, str)
    put("Score", record.score, lambda text: text, str)
    put("Room", record.room, _parse_room, str.capitalize)
    mandatory = [name for name in MANDATORY_TAGS if name in values]
    others = sorted(name for name in values if name not in MANDATORY_TAGS)
    return [(name, values[name]) for name in mandatory + others]


def _normalized_deal(text: str) -> str | None:
    if text in _UNKNOWN:
        return None
    return Deal.from_pbn(text).to_pbn(_seat_index(text[0].upper()))


def _numbered_notes(record: BoardRecord) -> tuple[dict[int, str], dict[int, str]]:
    """The notes of the auction by number (the record's number for the same text, else
    the first free one), and the other notes of the record."""
    numbers: dict[str, int] = {}
    for number in sorted(record.notes):
        numbers.setdefault(record.notes[number], number)
    taken = set(record.notes)
    auction: dict[int, str] = {}
    for call in record.auction:
        if call.note is None:
            continue
        number = numbers.get(call.note)
        if number is None:
            number = 1
            while number in taken:
                number += 1
            taken.add(number)
            numbers[call.note] = number
        auction[number] = call.note
    others = {n: text for n, text in record.notes.items() if n not in auction}
    return auction, others


def _section_lines(words: list[str], comments: dict[str, list[str]], key: str,
                   per_line: int = 4) -> list[str]:
    """Section elements ``per_line`` to a line; the comments after an element (``key/i``,
    ``i`` counting from ``skip``) each on lines of their own (chapter 3.8)."""
    lines: list[str] = []
    row: list[str] = []
    count = 0
    for i, word in enumerate(words):
        row.append(word)
        count += 1
        texts = comments.get(f"{key}/{i}")
        if texts or count == per_line:
            lines.append(" ".join(row))
            row, count = [], 0 if count == per_line or not texts else count
        if texts:
            lines += texts
    if row:
        lines.append(" ".join(row))
    return lines


def _written(comments: dict[str, list[str]], key: str, done: set[str]) -> list[str]:
    """The comments after ``key``, marked as written."""
    done.add(key)
    return list(comments.get(key, ()))


def _auction_lines(record: BoardRecord, note_numbers: dict[str, int],
                   done: set[str]) -> list[str]:
    """The Auction tag and the calls, four to a line, the first in the tag's column; the
    comments after the tag and after each call."""
    start = record.auction_start or record.dealer
    if start is None:
        raise BridgeError("the record has an auction but neither auction_start nor dealer")
    column = _SEATS.get(record.tags.get("Auction", ""), start)
    hyphens = ["-"] * ((_seat_index(start) - _seat_index(column)) & 3)
    words = []
    last_bid = None
    for call in record.auction:
        word = _pbn_call(call.call)
        if call.call != "^S" and is_bid(parse_call(call.call)):
            code = parse_call(call.call)
            if last_bid is not None and code <= last_bid:
                word = "^I " + word
            last_bid = code
        written = list(call.annotations)
        if call.note is not None:
            written.insert(0, f"={note_numbers[call.note]}=")
        elif call.alert and not _alerts(written):
            written.append("!" if not any(a[0] in "!?" or _nag(a) <= 6 for a in written)
                           else "$15")
        words.append(" ".join([word] + written))
    comments = record.comments
    done.update(f"Auction/{i}" for i in range(len(words)))
    lines = [_tag_line("Auction", column)] + _written(comments, "Auction", done)
    lines += _section_lines(hyphens + words, {f"Auction/{i + len(hyphens)}": t for i in
                                              range(len(words)) if (t := comments.get(
                                                  f"Auction/{i}"))}, "Auction")
    if not record.auction_complete:
        lines.append("*")
    return lines


def _nag(annotation: str) -> int:
    """The NAG of a written annotation (a suffix's too: ``"!"`` is ``$1``); 0 for a note."""
    if annotation.startswith("$"):
        return int(annotation[1:])
    return _SUFFIX_NAGS.get(annotation, 0)


def _alerts(annotations: list[str]) -> bool:
    """Whether written annotations of a call make it alerted (as the reader takes them)."""
    return any(_nag(a) == 1 or _nag(a) >= 15 for a in annotations)


def _rows_from_sequence(record: BoardRecord) -> tuple[str, list[list[str | None]]]:
    """Play rows, the opening leader's column first, from cards in played order (LIN)."""
    trump = _contract_strain(record.contract)
    if record.declarer is None or trump is None:
        raise BridgeError("a play in played order needs the contract and the declarer")
    first = lho(_seat_index(record.declarer))
    leader = first
    rows = []
    cards = [parse_card(c) for c in record.play_sequence]
    for t in range(0, len(cards), 4):
        trick = cards[t:t + 4]
        row: list[str | None] = [None] * 4
        for k, card in enumerate(trick):
            row[(leader + k - first) & 3] = card_name(card)
        rows.append(row)
        if len(trick) == 4:
            leader = trick_winner(trick, leader, _trump(trump))
    return SEAT_NAMES[first], rows


def _play_lines(record: BoardRecord, done: set[str]) -> list[str]:
    """The Play tag and the cards, a trick to a line; ``*`` unless all 13 tricks are known;
    what follows each card (annotations, comments)."""
    if record.play_rows or not record.play_sequence:
        if record.play_leader is None:
            raise BridgeError("the record has play rows but no play_leader")
        leader, rows = record.play_leader, record.play_rows
        column = _SEATS.get(record.tags.get("Play", ""))
        leader = column if column == leader else leader
    else:
        leader, rows = _rows_from_sequence(record)
    lines = [_tag_line("Play", leader)] + _written(record.comments, "Play", done)
    words = []
    for row in rows:
        if len(row) != 4:
            raise BridgeError(f"a play row has {len(row)} cards, not 4")
        for card in row:
            if card is None:
                word = "-"
            elif card.startswith("^"):
                word = f"{card[:2]} {card[2:]}"
            else:
                word = card
            annotations = record.play_annotations.get(len(words)) if card else None
            words.append(" ".join([word, *annotations]) if annotations else word)
    done.update(f"Play/{i}" for i in range(len(words)))
    lines += _section_lines(words, record.comments, "Play")
    if len(rows) < 13 or any(card is None for row in rows for card in row):
        lines.append("*")
    return lines


# a table element that needs no quotes: ASCII 33-126 except " % ; [ ] { }
_PLAIN_ELEMENT_RE = re.compile(r"[!#$&-:<-Z\\^-z|~]+")


def _table_lines(name: str, table: ScoreTable, comments: list[str] = ()) -> list[str]:
    """The table tag, its comments, and its rows, padded to the minimum widths of the
    columns."""
    lines = [_tag_line(name, ";".join(table.columns)), *comments]
    layout = []
    for column in table.columns:
        m = re.search(r"\\([0-9]+)([LR]?)$", column)
        layout.append((int(m.group(1)), m.group(2)) if m else (0, ""))
    for row in table.rows:
        if len(row) != len(table.columns):
            raise BridgeError(f"{name}: a row has {len(row)} elements, not {len(table.columns)}")
        cells = []
        for cell, (width, align) in zip(row, layout):
            text = cell if _PLAIN_ELEMENT_RE.fullmatch(cell) else _escape(cell)
            cells.append(text.rjust(width) if align == "R" else text.ljust(width))
        lines.append(" ".join(cells).rstrip())
    return lines


def _element_lines(elements: list[str], width: int = 200) -> list[str]:
    """Section elements on lines of at most about ``width`` characters."""
    lines, row = [], ""
    for element in elements:
        if row and len(row) + 1 + len(element) > width:
            lines.append(row)
            row = ""
        row = f"{row} {element}" if row else element
    return lines + [row] if row else lines


def format_record(record: BoardRecord) -> str:
    """One game in PBN export format, ending with a newline.

    The order is the standard's: the mandatory tags in their order, the other
    tags alphabetically, the auction and its notes, the play and the remaining
    notes, the tables alphabetically.  Each comment (and escape line) of
    ``record.comments`` is written on lines of its own after what it follows, as
    chapter 3.8 asks, however the tags are reordered; the suffixes, NAGs and note
    references of calls and cards are written as they were read.  Tags whose names
    are not PBN tag names (LIN commands, say) are left out; a play in played order
    (``play_sequence``) is written in tricks.
    """
    comments = record.comments
    done: set[str] = set()
    lines = _written(comments, "", done)
    for name, value in _identification(record):
        lines.append(_tag_line(name, value))
        if record.sections.get(name):
            lines += _element_lines(record.sections[name])
        lines += _written(comments, name, done)
    auction_notes, other_notes = _numbered_notes(record)
    has_play = bool(record.play_rows or record.play_sequence) or record.play_leader is not None
    # the notes the cards refer to are written after the play, even if the auction's too
    card_notes = {int(a[1:-1]) for annotations in record.play_annotations.values()
                  for a in annotations if a.startswith("=")}

    def note_lines(notes: dict[int, str]) -> list[str]:
        out = []
        for n, text in sorted(notes.items()):
            out.append(_tag_line("Note", f"{n}:{text}"))
            if f"Note/{n}" not in done:
                out += _written(comments, f"Note/{n}", done)
        return out

    if record.auction or record.auction_start is not None or not record.auction_complete:
        lines += _auction_lines(record, {text: n for n, text in auction_notes.items()}, done)
        if not has_play:
            auction_notes.update(other_notes)
            other_notes = {}
        lines += note_lines(auction_notes)
    if has_play:
        for n in card_notes:
            if n in record.notes:
                other_notes.setdefault(n, record.notes[n])
        lines += _play_lines(record, done)
        lines += note_lines(other_notes)
    for name in sorted(record.tables):
        lines += _table_lines(name, record.tables[name], _written(comments, name, done))
    # what follows something the record no longer has, at the end of the game
    lines += [text for key, texts in comments.items() if key not in done and key != "$end"
              for text in texts]
    if "$end" in comments:
        lines += [""] + comments["$end"]
    return "\n".join(lines) + "\n"


def write_pbn(records: Iterable[BoardRecord],
              stream_or_path: str | os.PathLike | IO | None = None) -> str:
    """Write records as a PBN 2.1 export file, and return the text.

    The text begins with ``% PBN 2.1`` and ``% EXPORT``; an empty line separates
    the games.  To a path or a binary stream the file is written with CRLF line
    ends (chapter 2.3), in ISO 8859-1 or, when a character does not fit, in
    UTF-8; a text stream gets the text as it is.  Reading the output with
    :func:`read_pbn` gives the same records (``source`` apart).
    """
    text = "% PBN 2.1\n% EXPORT\n" + "\n".join(format_record(r) for r in records)
    if stream_or_path is None:
        return text
    if isinstance(stream_or_path, (str, os.PathLike)):
        Path(stream_or_path).write_bytes(_encode(text))
    elif isinstance(stream_or_path, io.TextIOBase):
        stream_or_path.write(text)
    else:
        stream_or_path.write(_encode(text))
    return text


def _encode(text: str) -> bytes:
    text = text.replace("\n", "\r\n")
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError:
        return text.encode("utf-8")


def canonical_pbn(source, *, name: str | None = None) -> tuple[str, list[BoardRecord],
                                                              list[BridgeError]]:
    """A PBN file written again in canonical PBN 2.1 export format, keeping everything
    it held: ``(text, records, problems)``.

    Every tag (those PBN 2.1 does not define too, with their data), every section,
    note, suffix and NAG, every comment and escape line after what it follows (chapter
    3.8), in the standard's order, values spelt as the standard spells them
    (``"N-S "`` as ``NS``, ``nt`` as ``NT``), inherited values (``#``) written out.  A
    file that cannot be rewritten without losing something is not: ``problems`` then
    names each game that cannot be read, and each that contradicts itself (a tag
    given twice with different values, of which the file would keep only the first),
    and ``text`` is None.  The text written is read again and must give the same
    records: else a :class:`~bridgelaws.cards.BridgeError`.

    >>> text, records, problems = canonical_pbn('[Dealer "n"]\\n[Board "1"] ; the first\\n'
    ...                                          '[Vulnerable "N-S "]\\n[Auction "N"]\\n1nt ap\\n')
    >>> print(text, end="")
    % PBN 2.1
    % EXPORT
    [Board "1"]
    ; the first
    [Dealer "N"]
    [Vulnerable "NS"]
    [Auction "N"]
    1NT Pass Pass Pass
    """
    records, problems = read_pbn(source, name=name, errors="collect")
    for record in records:
        for remark in record.conflicts:
            problems.append(BridgeError(f"{remark.reason}: rewriting would keep only the "
                                        "first value", remark.where))
    if problems:
        return None, records, problems
    records = [_canonical(record) for record in records]
    text = write_pbn(records)
    label = records[0].source.file if records else (name or "<string>")
    again, errors = read_pbn(text, name=label, errors="collect")
    for before, after in zip(records, again + [None] * len(records)):
        if errors or after is None or _without_source(before) != _without_source(after):
            raise BridgeError("the file written again would not say what it says; left as it "
                              "is", str(before.source))
    return text, records, []


def _canonical(record: BoardRecord) -> BoardRecord:
    """A copy of a record whose tags the record interprets are spelt as PBN 2.1 exports
    them (``n`` -> ``N``, ``Love`` -> ``None``, ``3nt`` -> ``3NT``, ``01`` -> ``1``); marks
    (``^S``, ``^9``) and the forms of Result (``NS 9``) are kept.

    >>> r, = read_pbn('[Board "01"]\\n[Dealer "e"]\\n[Vulnerable "Love"]\\n[Contract "3nt"]\\n')
    >>> [_canonical(r).tags[t] for t in ("Board", "Dealer", "Vulnerable", "Contract")]
    ['1', 'E', 'None', '3NT']
    """
    from dataclasses import replace
    tags = dict(record.tags)
    spelt = {"Board": record.board, "Dealer": record.dealer,
             "Vulnerable": {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}.get(
                 record.vulnerable or ""),
             "Deal": record.deal,
             "Contract": _pbn_contract(record.contract) if record.contract else None,
             "Room": record.room.capitalize() if record.room else None}
    for name, value in spelt.items():
        if name in tags and value is not None:
            tags[name] = str(value)
    for name in ("Declarer", "Result", "Auction", "Play"):
        if name in tags and (name not in ("Declarer", "Result") or getattr(
                record, name.lower()) is not None):
            tags[name] = tags[name].upper()
    return replace(record, tags=tags)


def _without_source(record: BoardRecord) -> BoardRecord:
    from dataclasses import replace
    return replace(record, source=Source())
