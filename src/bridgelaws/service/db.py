"""Storage of the web service: SQLAlchemy 2 models, one schema for SQLite and PostgreSQL.

The schema is created and upgraded by Alembic (``migrations/``), never by
``create_all``: a database made by an older version is upgraded in place at start.
Every change a director saves is one transaction, committed before the page says
it is saved (``session_scope``).

>>> store = Store("sqlite://")
>>> with store.session() as s:
...     s.add(Director(username="td", password_hash="x")); s.commit()
...     s.scalar(select(Director.username))
'td'
"""

from __future__ import annotations

import datetime as dt
import os
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import (JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, Text,
                        UniqueConstraint, create_engine, event, select)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker
from sqlalchemy.pool import StaticPool

__all__ = ["Base", "Store", "Director", "Setting", "EventRow", "BoardRow", "EntryRow",
           "EntryPlayerRow", "MemberRow", "SittingRow", "ResultRow", "RulingRow", "LiveTableRow", "LiveSeatRow", "LiveEventRow",
           "LoginSessionRow", "select", "now", "normalise_url"]


def now() -> dt.datetime:
    """The time of a record, in UTC."""
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)


class Base(DeclarativeBase):
    type_annotation_map = {dict: JSON, list: JSON}


class Setting(Base):
    """Service-wide settings (the key that signs sessions)."""
    __tablename__ = "setting"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Director(Base):
    """A tournament director who may log in; the password is kept as an Argon2 hash."""
    __tablename__ = "director"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    lang: Mapped[str] = mapped_column(String(8), default="en")
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class LoginSessionRow(Base):
    """A director's login, kept on the server so that logging out ends it in every
    process (``security.py``): the SHA-256 of the cookie's session id, and when it ends."""
    __tablename__ = "login_session"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    director_id: Mapped[int] = mapped_column(ForeignKey("director.id", ondelete="CASCADE"),
                                             index=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)


class EventRow(Base):
    """An event: pairs (matchpoints or cross-IMPs) or teams (IMPs and victory points)."""
    __tablename__ = "event"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(16), default="pairs")      # pairs | teams
    scoring: Mapped[str] = mapped_column(String(16), default="mp")      # mp | xi | butler | imp
    movement: Mapped[str] = mapped_column(String(32))                   # mitchell | howell | roundrobin
    boards_per_round: Mapped[int] = mapped_column(Integer, default=2)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    created_by: Mapped[str] = mapped_column(String(64), default="")
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the correction period (Law 79C) ends at this time; appeals are lodged before it (92B)
    correction_until: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True),
                                                                 nullable=True)
    boards: Mapped[list["BoardRow"]] = relationship(back_populates="event",
                                                    cascade="all, delete-orphan",
                                                    order_by="BoardRow.number")
    entries: Mapped[list["EntryRow"]] = relationship(back_populates="event",
                                                     cascade="all, delete-orphan",
                                                     order_by="EntryRow.id")
    sittings: Mapped[list["SittingRow"]] = relationship(
        back_populates="event", cascade="all, delete-orphan",
        order_by="(SittingRow.section, SittingRow.round, SittingRow.table_no)")


class BoardRow(Base):
    """One board of the event's set: its number and deal (PBN notation)."""
    __tablename__ = "board"
    __table_args__ = (UniqueConstraint("event_id", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(String(80))
    event: Mapped[EventRow] = relationship(back_populates="boards")


class EntryRow(Base):
    """A contestant (a pair or a team) of one section, numbered as the movement numbers it."""
    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("event_id", "section", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    section: Mapped[str] = mapped_column(String(8), default="A")
    number: Mapped[str] = mapped_column(String(16))
    names: Mapped[str] = mapped_column(String(200), default="")
    direction: Mapped[str | None] = mapped_column(String(2), nullable=True)
    event: Mapped[EventRow] = relationship(back_populates="entries")
    #: the players, in seat order (``service/console/entries.py``); ``names`` is what
    #: people read: a pair's names joined, or a team's name
    players: Mapped[list["EntryPlayerRow"]] = relationship(
        back_populates="entry", cascade="all, delete-orphan",
        order_by="EntryPlayerRow.position")


class EntryPlayerRow(Base):
    """A player of a pair or a team in one event: the name as typed and an optional club
    member number.  ``position`` 0 and 1 are a pair's two players (North or East first);
    a team's players are numbered in their order on the entries page."""
    __tablename__ = "entry_player"
    __table_args__ = (UniqueConstraint("entry_id", "position"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("entry.id", ondelete="CASCADE"),
                                          index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(60))
    member: Mapped[str] = mapped_column(String(20), default="")
    entry: Mapped[EntryRow] = relationship(back_populates="players")


class MemberRow(Base):
    """The club's member list, kept across events: the names (and member numbers) the
    entries page offers as it is typed into, and adds to."""
    __tablename__ = "member"
    __table_args__ = (UniqueConstraint("name", "member"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60), index=True)
    member: Mapped[str] = mapped_column(String(20), default="")
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class SittingRow(Base):
    """One table in one round of a section: who sits North-South and East-West, which boards."""
    __tablename__ = "sitting"
    __table_args__ = (UniqueConstraint("event_id", "section", "round", "table_no"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    section: Mapped[str] = mapped_column(String(8), default="A")
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str | None] = mapped_column(String(16), nullable=True)
    ew: Mapped[str | None] = mapped_column(String(16), nullable=True)
    boards: Mapped[list] = mapped_column(JSON)
    event: Mapped[EventRow] = relationship(back_populates="sittings")


class ResultRow(Base):
    """A board at a table, as on a traveller, or an adjusted score (Law 12) with its ruling.

    ``room`` is ``open``/``closed`` in a team match, empty in a pairs event.
    """
    __tablename__ = "result"
    __table_args__ = (UniqueConstraint("event_id", "section", "round", "table_no", "room",
                                       "board"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    section: Mapped[str] = mapped_column(String(8), default="A")
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    room: Mapped[str] = mapped_column(String(8), default="")
    board: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(16))
    ew: Mapped[str] = mapped_column(String(16))
    contract: Mapped[str | None] = mapped_column(String(8), nullable=True)
    declarer: Mapped[str | None] = mapped_column(String(1), nullable=True)
    tricks: Mapped[int | None] = mapped_column(Integer, nullable=True)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    lead: Mapped[str | None] = mapped_column(String(3), nullable=True)
    #: an adjusted score (Law 12): "A60/40", "A50/50"..., an assigned "4SX-1 N", or a weighted
    #: "30% 4S= N + 70% 4S-1 N"; the table result above is kept for the record
    adjusted: Mapped[str | None] = mapped_column(String(400), nullable=True)
    ruling_id: Mapped[int | None] = mapped_column(ForeignKey("ruling.id"), nullable=True)
    entered_by: Mapped[str] = mapped_column(String(64), default="")
    entered_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class RulingRow(Base):
    """A ruling in the log (Laws 81C, 92-93): where, the facts, the Laws, the options, the choice."""
    __tablename__ = "ruling"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int | None] = mapped_column(ForeignKey("event.id", ondelete="SET NULL"),
                                                 nullable=True, index=True)
    section: Mapped[str] = mapped_column(String(8), default="")
    round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_no: Mapped[int | None] = mapped_column(Integer, nullable=True)
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)
    scenario: Mapped[str] = mapped_column(String(64), default="")
    kind: Mapped[str] = mapped_column(String(64), default="")      # the irregularity's kind
    facts: Mapped[dict] = mapped_column(JSON, default=dict)        # the answers given
    case: Mapped[dict] = mapped_column(JSON, default=dict)         # board, deal, events
    edition: Mapped[str] = mapped_column(String(8), default="2017",  # the Laws ruled under
                                         server_default="2017")
    laws: Mapped[list] = mapped_column(JSON, default=list)
    options: Mapped[list] = mapped_column(JSON, default=list)
    chooser: Mapped[str] = mapped_column(String(32), default="")   # "N" or "N,N" for a chain
    choice: Mapped[str] = mapped_column(String(64), default="")
    explanation: Mapped[str] = mapped_column(Text, default="")
    adjusted: Mapped[str] = mapped_column(String(400), default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    director: Mapped[str] = mapped_column(String(64), default="")
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now,
                                                 index=True)
    appeal_status: Mapped[str] = mapped_column(String(16), default="")   # "" | lodged | decided
    appeal_by: Mapped[str] = mapped_column(String(120), default="")
    appeal_reason: Mapped[str] = mapped_column(Text, default="")
    appeal_lodged: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True),
                                                              nullable=True)
    appeal_outcome: Mapped[str] = mapped_column(String(32), default="")  # upheld | changed | ...
    appeal_decision: Mapped[str] = mapped_column(Text, default="")
    appeal_decided: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True),
                                                               nullable=True)


class LiveTableRow(Base):
    """A table of one round played live in the players' browsers (``live/logic.py``).

    ``mode`` is ``laws`` (irregularities are accepted and rectified) or ``strict``
    (they are refused, as in online play).  The table's play is its log of
    :class:`LiveEventRow`; everything else is derived from the log.
    """
    __tablename__ = "live_table"
    __table_args__ = (UniqueConstraint("event_id", "section", "round", "table_no", "room"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    section: Mapped[str] = mapped_column(String(8), default="A")
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    room: Mapped[str] = mapped_column(String(8), default="")
    mode: Mapped[str] = mapped_column(String(8), default="laws")
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: the table has an open call of the Director, kept with the log entry that opens or
    #: settles it: the service finds the calls in play by this index, never by reading
    #: finished tables (``None``: not yet known, a table from before the column)
    calling: Mapped[bool | None] = mapped_column(Boolean, default=False, nullable=True,
                                                 index=True)


class LiveSeatRow(Base):
    """A seat's private link: the unguessable token that lets one player act for one seat."""
    __tablename__ = "live_seat"
    __table_args__ = (UniqueConstraint("live_table_id", "seat"),)
    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    live_table_id: Mapped[int] = mapped_column(ForeignKey("live_table.id", ondelete="CASCADE"),
                                               index=True)
    seat: Mapped[str] = mapped_column(String(1))


class LiveEventRow(Base):
    """One entry of a live table's log: a player's act or a Director's ruling (an event of
    ``shared/CASES.md`` under ``"e"``), or a step of the service (``"ctl"``: ``next``
    board, ``release`` after a ruling).  ``seq`` numbers the log without gaps; ``aid`` is
    the client's id for the act, so an act sent twice is stored once."""
    __tablename__ = "live_event"
    __table_args__ = (UniqueConstraint("live_table_id", "seq"),
                      UniqueConstraint("live_table_id", "aid"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    live_table_id: Mapped[int] = mapped_column(ForeignKey("live_table.id", ondelete="CASCADE"),
                                               index=True)
    seq: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    actor: Mapped[str] = mapped_column(String(80))          # "N".."W" or "TD:username"
    data: Mapped[dict] = mapped_column(JSON)
    aid: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


def normalise_url(url: str) -> str:
    """A database URL as SQLAlchemy takes it: ``postgresql://`` uses psycopg 3, and a
    bare file path means an SQLite file."""
    if "://" not in url:
        return f"sqlite:///{Path(url).resolve()}"
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Store:
    """The database behind the service: its engine, sessions and schema migrations."""

    def __init__(self, url: str, migrate: bool = True):
        self.url = normalise_url(url)
        u = make_url(self.url)
        self.backend = u.get_backend_name()
        kwargs: dict = {}
        if self.backend == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if u.database in (None, "", ":memory:"):
                kwargs["poolclass"] = StaticPool
        else:
            kwargs["pool_pre_ping"] = True
        self.engine = create_engine(self.url, **kwargs)
        if self.backend == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.session = sessionmaker(self.engine, expire_on_commit=False)
        if migrate:
            self.migrate()

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration (Alembic)."""
        from .migrate import upgrade
        upgrade(self.engine)

    @contextmanager
    def transaction(self):
        """A session whose work is committed when the block ends (rolled back on error)."""
        with self.session() as s, s.begin():
            yield s

    @contextmanager
    def startup_lock(self):
        """Held while a starting process makes what a database needs once (the session
        key, the demo event, the first director): several processes started together
        over one PostgreSQL database take turns (an advisory lock), so the first makes
        them and the others find them.  (SQLite serves one process: no lock.)"""
        if self.backend != "postgresql":
            yield
            return
        from sqlalchemy import text
        with self.engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": STARTUP_LOCK})
            conn.commit()
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": STARTUP_LOCK})
                conn.commit()

    def dispose(self) -> None:
        self.engine.dispose()


#: the PostgreSQL advisory lock of :meth:`Store.startup_lock` (another than the schema
#: migration's, ``migrate.MIGRATION_LOCK``, which is taken on another connection)
STARTUP_LOCK = 0x626C6178


def hold_sqlite_lock(url: str):
    """For ``bridgelaws serve``: an exclusive lock on a file beside an SQLite database
    (``bridgelaws.db.lock``), held as long as the process lives (keep the file returned
    open), so that a second server on the same database refuses to start instead of
    serving stale tables: a process keeps its live tables in memory, and SQLite has no
    notifications to tell it of another's acts.  PostgreSQL serves several processes.
    Returns ``None`` for PostgreSQL, an in-memory database, or where locks are not had
    (no ``fcntl``, or the folder cannot be written: the database's own error follows).

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "club.db")
    >>> first = hold_sqlite_lock(path)
    >>> hold_sqlite_lock(path)
    Traceback (most recent call last):
    ...
    bridgelaws.cards.BridgeError: ...club.db: in use by another bridgelaws process (pid ...): SQLite serves one process; to run several, use PostgreSQL (--db postgresql://...)
    >>> first.close(); hold_sqlite_lock(path) is not None
    True
    """
    from ..cards import BridgeError
    try:
        import fcntl
    except ImportError:                         # not POSIX
        return None
    u = make_url(normalise_url(url))
    if u.get_backend_name() != "sqlite" or u.database in (None, "", ":memory:"):
        return None
    path = Path(u.database).resolve()
    try:
        lock = open(path.with_name(path.name + ".lock"), "a+")
    except OSError:
        return None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.seek(0)
        pid = lock.read().strip()[:12] or "?"
        lock.close()
        raise BridgeError(f"in use by another bridgelaws process (pid {pid}): SQLite serves "
                          "one process; to run several, use PostgreSQL "
                          "(--db postgresql://...)", str(path)) from None
    lock.seek(0)
    lock.truncate()
    lock.write(f"{os.getpid()}\n")
    lock.flush()
    return lock


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # durable writes: the write-ahead log, synced at each commit; foreign keys enforced
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
