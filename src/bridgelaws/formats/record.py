"""The format-neutral record of one board as a file tells it.

PBN and LIN readers produce :class:`BoardRecord` objects; writers take them.
A record keeps what the file says, as the file says it (calls and cards as
strings): it is the table engine (:mod:`bridgelaws.table`) that decides what
follows from it.  :func:`bridgelaws.formats.replay.replay_record` turns a record
into a :class:`~bridgelaws.table.Table`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["AuctionCall", "ScoreTable", "BoardRecord", "Source", "Remark"]


@dataclass
class Source:
    """Where a record came from: file name and the line (1-based) where it starts."""
    file: str = "<string>"
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@dataclass(frozen=True)
class Remark:
    """What a reader noticed in a game it could still read.

    A *note* (``conflict=False``) says how something the standard lets a reader
    skip or read leniently was taken (an unknown tag, ``"N-S "`` for ``NS``).  A
    *conflict* says the file contradicts itself (a tag given twice with different
    values): the reader kept the first value, as PBN 3.4 says, and the commands
    warn, or refuse to replay the board.

    >>> str(Remark("f.pbn:7", "deal: given twice with different values", conflict=True))
    'f.pbn:7: deal: given twice with different values'
    """
    where: str
    reason: str
    conflict: bool = False

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


@dataclass
class AuctionCall:
    """One call as recorded: ``"P"``, ``"X"``, ``"XX"`` or a bid like ``"1C"``/``"3N"``.

    ``alert`` is True when the call was alerted (PBN ``!`` or ``$15``-style
    suffixes, LIN ``!``); ``note`` is the explanation text, if the file gives one.
    ``annotations`` are the PBN suffix and NAGs written after the call (``"?!"``,
    ``"$13"``), kept as written.
    """
    call: str
    alert: bool = False
    note: str | None = None
    annotations: list[str] = field(default_factory=list)


@dataclass
class ScoreTable:
    """A PBN table tag (``ScoreTable``, ``TotalScoreTable``, ``OptimumResultTable``...).

    ``columns`` are the column specifications as written (``"Rank\\2R"``);
    ``names`` the bare column names; ``rows`` the cell strings (quotes removed).
    """
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [c.split("\\")[0] for c in self.columns]

    def dicts(self) -> list[dict[str, str]]:
        names = self.names
        return [dict(zip(names, row)) for row in self.rows]


@dataclass
class BoardRecord:
    """One board at one table as recorded in a file.

    Attributes
    ----------
    board:      board number, if known.
    dealer:     ``"N"``/``"E"``/``"S"``/``"W"`` as recorded (``None`` when not given).
    vulnerable: ``"none"``/``"NS"``/``"EW"``/``"all"`` as recorded.
    deal:       PBN deal notation ``"N:... ... ... ..."`` (``None`` when not given).
    auction:    the calls in order, starting with ``auction_start`` (usually the dealer).
    auction_start: the seat of the first call of ``auction``.
    auction_complete: False when the record stops mid-auction (PBN ``*``); True
                otherwise.  ``"AP"`` is expanded into passes by the reader.
    play_leader: PBN: the seat of the first column of the play section (the
                opening leader); ``None`` when the play is in played order.
    play_rows:  PBN: one list per trick of four card strings (``None`` for ``-``),
                the columns being ``play_leader`` and the next seats clockwise.
    play_sequence: LIN: the cards in the order they were played.
    claim_tricks: the total number of tricks the declaring side took according to
                a claim that ended the play (LIN ``mc``), or ``None``.
    contract, declarer, result, score: the recorded result (strings as written;
                ``result`` the number of tricks the declarer took, as an int).
    tags:       every tag of the record, name -> value (PBN) or LIN command -> value.
    tables:     PBN table tags by name.
    notes:      PBN notes by number (``{1: "text"}``) for auction and play.
    comments:   PBN comments (``{...}`` and ``;...``, as written) and escape lines
                (``%...``) by the place they follow (PBN 3.8): ``""`` the start of the
                game, ``"Event"`` a tag pair (or a section's tag, before its data),
                ``"Auction/3"`` the fourth call of ``auction``, ``"Play/7"`` the eighth
                card of ``play_rows`` (row by row), ``"Note/2"`` the Note numbered 2 in
                ``notes``, ``"$end"`` after the last game of the file.
    play_annotations: PBN: what follows a card (``"!"``, ``"$14"``, a note reference
                ``"=2="``), as written, by the card's place in ``play_rows``.
    sections:   PBN: the data after a tag that PBN 2.1 does not define (a newer
                version's or a vendor's section, which a reader skips, chapter 4.9),
                its elements as written, by the tag's name.
    players:    seat letter -> name.
    room:       ``"open"``/``"closed"`` for vugraph records, else ``None``.
    source:     file and line.
    remarks:    notes and conflicts the reader found (:class:`Remark`); not compared.
    """
    board: int | None = None
    dealer: str | None = None
    vulnerable: str | None = None
    deal: str | None = None
    auction: list[AuctionCall] = field(default_factory=list)
    auction_start: str | None = None
    auction_complete: bool = True
    play_leader: str | None = None
    play_rows: list[list[str | None]] = field(default_factory=list)
    play_sequence: list[str] = field(default_factory=list)
    claim_tricks: int | None = None
    contract: str | None = None
    declarer: str | None = None
    result: int | None = None
    score: str | None = None
    tags: dict[str, str] = field(default_factory=dict)
    tables: dict[str, ScoreTable] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    comments: dict[str, list[str]] = field(default_factory=dict)
    play_annotations: dict[int, list[str]] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=dict)
    room: str | None = None
    source: Source = field(default_factory=Source)
    remarks: list[Remark] = field(default_factory=list, compare=False, repr=False)

    @property
    def conflicts(self) -> list[Remark]:
        """The remarks that say the file contradicts itself."""
        return [r for r in self.remarks if r.conflict]

    @property
    def has_auction(self) -> bool:
        return bool(self.auction)

    @property
    def has_play(self) -> bool:
        return bool(self.play_rows) or bool(self.play_sequence)
