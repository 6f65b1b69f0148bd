"""The web service run for real, as a subprocess, for the browser tests.

``LiveServer.start(database_url, password)`` runs ``python -m bridgelaws.cli serve``
on a free loopback port over the given database, with the first director's password
from BRIDGELAWS_PASSWORD, and waits until ``GET /healthz`` answers; ``stop()``
terminates it (then kills it if it lingers).  The server's output goes to a log file
whose tail is shown when it fails to start.
"""

from __future__ import annotations

import functools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["LiveServer", "free_port", "server_command"]

HOST = "127.0.0.1"


def free_port() -> int:
    """A TCP port free on the loopback address (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@functools.cache
def server_command() -> list[str]:
    """How to run the CLI: ``python -m bridgelaws.cli``, else the ``bridgelaws`` script
    next to the interpreter (found once per test session: the probe imports the whole
    service)."""
    probe = subprocess.run([sys.executable, "-m", "bridgelaws.cli", "serve", "--help"],
                           capture_output=True, text=True, timeout=60)
    if probe.returncode == 0:
        return [sys.executable, "-m", "bridgelaws.cli"]
    script = Path(sys.executable).with_name("bridgelaws")
    if script.exists():
        return [str(script)]
    found = shutil.which("bridgelaws")
    if found:
        return [found]
    raise RuntimeError(f"cannot run the bridgelaws CLI: {probe.stderr.strip()[-500:]}")


@dataclass
class LiveServer:
    url: str
    process: subprocess.Popen
    log_path: Path
    _log: object = field(repr=False, default=None)

    @classmethod
    def start(cls, database_url: str, password: str, *, demo: bool = False,
              timeout: float = 45.0, wrapper: Sequence[str] = ()) -> "LiveServer":
        """``wrapper``: a command the server runs under (a profiler), e.g.
        ``["py-spy", "record", "-o", "out.txt", "--"]``."""
        port = free_port()
        log_dir = Path(tempfile.mkdtemp(prefix="bridgelaws-live-"))
        log_path = log_dir / "server.log"
        log = open(log_path, "wb")
        env = dict(os.environ, BRIDGELAWS_PASSWORD=password, PYTHONUNBUFFERED="1")
        env.pop("BRIDGELAWS_DB", None)
        cmd = [*wrapper, *server_command(), "serve", "--host", HOST, "--port", str(port),
               "--db", database_url]
        if not demo:
            cmd.append("--no-demo")
        process = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, env=env)
        server = cls(f"http://{HOST}:{port}", process, log_path, log)
        try:
            server._wait_healthy(timeout)
        except BaseException:
            server.stop()
            raise
        return server

    def _wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n"
                                   f"{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as r:
                    if r.status == 200:
                        return
                    last = f"HTTP {r.status}"
            except (urllib.error.URLError, OSError) as e:
                last = str(e)
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer /healthz within {timeout:g} s "
                           f"({last}):\n{self.log_tail()}")

    def log_tail(self, n: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def stop(self, sig: int = signal.SIGTERM, wait: float = 10) -> None:
        """Stop the server (SIGTERM; SIGINT lets a profiling wrapper write its file), then
        kill it if it has not exited in ``wait`` seconds."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self._log is not None:
            self._log.close()
            self._log = None
        shutil.rmtree(self.log_path.parent, ignore_errors=True)
