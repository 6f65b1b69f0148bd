"""A throwaway PostgreSQL server for the service tests.

``start_postgres()`` runs ``initdb`` into a fresh temporary directory, starts
the server with ``pg_ctl -w start`` listening only on 127.0.0.1 at a free port
(its unix socket also inside the temporary directory), and creates the
database ``bridgelaws``.  ``PgServer.stop()`` shuts it down (fast mode) and
removes the directory.  Nothing here is global: no atexit hook, no environment
change; tests/service/conftest.py decides when to start and stop a server.

The binaries are looked for in $BRIDGELAWS_PG_BIN, then in Debian's
/usr/lib/postgresql/<version>/bin (highest version first), then on PATH.
PostgreSQL refuses to run as root, so as root the server runs as the
``postgres`` system user (created by Debian's ``postgresql`` package), via
``runuser``.

Durability is switched off (fsync, synchronous_commit, full_page_writes):
the data is thrown away anyway, and the tests run faster.
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["PgServer", "PostgresNotFound", "PostgresStartError", "find_pg_bin", "start_postgres"]

# Debian/Ubuntu layout: /usr/lib/postgresql/15/bin/initdb
DEBIAN_GLOB = "/usr/lib/postgresql/*/bin"
RUN_AS = "postgres"  # the system user the server runs as when we are root
INSTALL_HINT = (
    "install the PostgreSQL server: "
    "`sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql` "
    "on Debian/Ubuntu (scripts/test.sh does this), or point $BRIDGELAWS_PG_BIN at the folder "
    "holding initdb, pg_ctl and postgres"
)
_NEEDED = ("initdb", "pg_ctl", "postgres")
_DB_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class PostgresNotFound(RuntimeError):
    """No PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine."""


class PostgresStartError(RuntimeError):
    """initdb or the server failed; the message carries their output."""


def _version_key(path: str) -> tuple:
    # /usr/lib/postgresql/15/bin -> (15,); non-numeric versions sort first
    version = Path(path).parent.name
    return tuple(int(p) if p.isdigit() else -1 for p in version.split("."))


def _has_all(folder: str | os.PathLike) -> bool:
    return all(os.access(os.path.join(folder, name), os.X_OK) for name in _NEEDED)


def find_pg_bin(debian_glob: str = DEBIAN_GLOB, path: str | None = None) -> Path:
    """The folder holding initdb, pg_ctl and postgres, or PostgresNotFound.

    Looks in $BRIDGELAWS_PG_BIN, then ``debian_glob`` (highest version
    first), then the folder of ``initdb`` on ``path`` (default $PATH).
    """
    tried = []
    env = os.environ.get("BRIDGELAWS_PG_BIN")
    if env:
        if _has_all(env):
            return Path(env)
        tried.append(f"$BRIDGELAWS_PG_BIN={env}")
    for folder in sorted(glob.glob(debian_glob), key=_version_key, reverse=True):
        if _has_all(folder):
            return Path(folder)
    tried.append(debian_glob)
    initdb = shutil.which("initdb", path=path)
    if initdb and _has_all(os.path.dirname(initdb)):
        return Path(os.path.dirname(initdb))
    tried.append("PATH")
    raise PostgresNotFound(
        "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found "
        f"(looked in {', '.join(tried)}); {INSTALL_HINT}"
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@dataclass
class PgServer:
    """A running throwaway server; ``url`` points at its database ``bridgelaws``."""

    bin_dir: Path
    tmp_dir: Path
    port: int
    run_as: str | None  # system user running the server, None for ourselves
    host: str = "127.0.0.1"
    user: str = "postgres"  # the database superuser (initdb -U)
    dbname: str = "bridgelaws"
    _stopped: bool = field(default=False, repr=False)

    @property
    def data_dir(self) -> Path:
        return self.tmp_dir / "data"

    @property
    def socket_dir(self) -> Path:
        return self.tmp_dir / "sock"

    @property
    def log_file(self) -> Path:
        return self.tmp_dir / "postgres.log"

    def url_for(self, dbname: str) -> str:
        return f"postgresql+psycopg://{self.user}@{self.host}:{self.port}/{dbname}"

    @property
    def url(self) -> str:
        return self.url_for(self.dbname)

    # -- databases -----------------------------------------------------

    def _admin(self, statement: str) -> None:
        import psycopg  # a test extra; imported late so this module imports without it

        with psycopg.connect(
            host=self.host, port=self.port, user=self.user, dbname="postgres",
            autocommit=True, connect_timeout=10,
        ) as conn:
            conn.execute(statement)

    @staticmethod
    def _check_name(name: str) -> str:
        if not _DB_NAME.match(name):
            raise ValueError(f"database name {name!r}: use 1-63 of a-z, 0-9, _ (not starting with a digit)")
        return name

    def new_database(self, name: str) -> str:
        """Create the empty database ``name`` and return its SQLAlchemy URL."""
        self._admin(f'CREATE DATABASE "{self._check_name(name)}"')
        return self.url_for(name)

    def drop_database(self, name: str) -> None:
        """Drop ``name``, closing any connections still open to it."""
        self._admin(f'DROP DATABASE IF EXISTS "{self._check_name(name)}" WITH (FORCE)')

    # -- life cycle ----------------------------------------------------

    def _cmd(self, *args: str | os.PathLike) -> list[str]:
        cmd = [str(a) for a in args]
        return ["runuser", "-u", self.run_as, "--", *cmd] if self.run_as else cmd

    def _run(self, *args: str | os.PathLike, timeout: float = 120) -> subprocess.CompletedProcess:
        # cwd: the postgres user may not be allowed into the caller's directory
        return subprocess.run(
            self._cmd(*args), cwd=self.tmp_dir, capture_output=True, text=True, timeout=timeout,
        )

    def stop(self) -> None:
        """Fast shutdown, then remove the temporary directory. Safe to call twice."""
        if self._stopped:
            return
        self._stopped = True
        try:
            if (self.data_dir / "postmaster.pid").exists():
                done = self._run(self.bin_dir / "pg_ctl", "-D", self.data_dir, "-m", "fast", "-w", "-t", "30", "stop")
                if done.returncode != 0:
                    self._kill()
        finally:
            shutil.rmtree(self.tmp_dir, ignore_errors=True)

    def _kill(self) -> None:
        # pg_ctl stop failed: immediate shutdown of the postmaster we started
        try:
            pid = int((self.data_dir / "postmaster.pid").read_text().split()[0])
            os.kill(pid, signal.SIGQUIT)
            for _ in range(50):
                os.kill(pid, 0)
                time.sleep(0.1)
        except (OSError, ValueError, IndexError):
            pass

    def __enter__(self) -> "PgServer":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def start_postgres(dbname: str = "bridgelaws") -> PgServer:
    """Start a throwaway server with an empty database ``dbname``; see the module doc."""
    bin_dir = find_pg_bin()
    run_as = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam(RUN_AS)
        except KeyError:
            raise PostgresNotFound(
                f"running as root, but there is no {RUN_AS!r} system user to run PostgreSQL as "
                f"(the server refuses to run as root); {INSTALL_HINT}"
            ) from None
        if not shutil.which("runuser"):
            raise PostgresNotFound("running as root, but `runuser` (util-linux) is missing")
        run_as = RUN_AS

    tmp_dir = Path(tempfile.mkdtemp(prefix="bridgelaws-pg-"))
    server = PgServer(bin_dir=bin_dir, tmp_dir=tmp_dir, port=0, run_as=run_as, dbname=dbname)
    try:
        server.socket_dir.mkdir()
        if run_as:
            for p in (tmp_dir, server.socket_dir):
                os.chown(p, owner.pw_uid, owner.pw_gid)
        _initdb(server)
        _start(server)
        server.new_database(dbname)
    except BaseException:
        server.stop()
        raise
    return server


def _initdb(server: PgServer) -> None:
    failures = []
    for locale in ("C.UTF-8", "C"):
        done = server._run(
            server.bin_dir / "initdb", "-D", server.data_dir, "-A", "trust", "-U", server.user,
            "--encoding", "UTF8", "--locale", locale, "--no-sync",
        )
        if done.returncode == 0:
            return
        failures.append(f"--locale {locale}: {done.stdout}{done.stderr}".strip())
        shutil.rmtree(server.data_dir, ignore_errors=True)
    raise PostgresStartError("initdb failed:\n" + "\n\n".join(failures))


def _start(server: PgServer) -> None:
    # The port is free when we look but another process may take it before
    # the server binds it: try a few ports.
    for attempt in range(5):
        server.port = _free_port()
        options = " ".join([
            "-c listen_addresses=127.0.0.1",
            f"-c port={server.port}",
            f"-c unix_socket_directories='{server.socket_dir}'",
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off",
        ])
        done = server._run(
            server.bin_dir / "pg_ctl", "-D", server.data_dir, "-l", server.log_file,
            "-o", options, "-w", "-t", "60", "start",
        )
        if done.returncode == 0:
            return
        log = _tail(server.log_file)
        if "could not bind" not in log and "Address already in use" not in log:
            break
        if (server.data_dir / "postmaster.pid").exists():
            server._run(server.bin_dir / "pg_ctl", "-D", server.data_dir, "-m", "immediate", "-w", "stop")
    raise PostgresStartError(
        f"PostgreSQL did not start (pg_ctl exit {done.returncode}):\n{done.stdout}{done.stderr}\n"
        f"-- {server.log_file.name} --\n{_tail(server.log_file)}"
    )
