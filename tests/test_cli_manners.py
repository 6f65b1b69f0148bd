"""The command line's manners (issue 20, points 6 and 7): ``--version``, ``python -m
bridgelaws``, a help with a description, every argument and an example for every command,
shell completion, and tqdm progress bars on standard error that never touch standard output."""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import shlex
import struct
import subprocess
import sys
import termios
from importlib.metadata import version
from pathlib import Path

import pytest

from bridgelaws.cli import build_parser, main
from bridgelaws.formats.pbn import read_pbn

LIN = Path(__file__).resolve().parents[1] / "examples" / "usbf_sf_14502.lin"
#: a progress bar as tqdm draws it: a description, a percentage and a bar
BAR = re.compile(r"(replay|deal|analyse|handrecord): +\d+%\|")


def run(*args, env=None, stderr=subprocess.PIPE):
    return subprocess.run([sys.executable, "-m", "bridgelaws", *args], stdout=subprocess.PIPE,
                          stderr=stderr, env=env, timeout=120)


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


# --- --version and python -m bridgelaws ----------------------------------------------------

def test_version_comes_from_the_package_metadata(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"bridgelaws {version('bridgelaws')}\n"


def test_python_m_bridgelaws_is_the_command():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.decode() == f"bridgelaws {version('bridgelaws')}\n"
    r = run("dealnumber", "0")
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode().strip() == ("N:AKQJT98765432... .AKQJT98765432.. "
                                         "..AKQJT98765432. ...AKQJT98765432")
    r = run()                                      # no command: the usage, exit status 2
    assert r.returncode == 2 and b"usage: bridgelaws" in r.stderr


# --- every command's help --------------------------------------------------------------------

def test_every_command_has_a_description_help_for_each_argument_and_an_example(capsys):
    parser = build_parser()
    commands = subcommands(parser)
    assert {"case", "replay", "rule", "claim", "check", "deal", "analyse", "dealnumber",
            "movement", "handrecord", "results", "serve"} <= set(commands)
    for name, sub in commands.items():
        assert sub.description and len(sub.description) > 60, name
        for action in sub._actions:
            assert action.help and action.help != argparse.SUPPRESS, (name, action.dest)
        with pytest.raises(SystemExit) as stop:
            main([name, "--help"])
        assert stop.value.code == 0
        text = capsys.readouterr().out
        assert sub.description.split("\n")[0] in text
        assert "\nexample:\n" in text, name
        examples = text.split("\nexample:\n", 1)[1].rstrip().splitlines()
        assert examples and all(line.startswith(f"  bridgelaws {name}")
                                or f"| bridgelaws {name}" in line for line in examples), name
        for line in examples:                       # each example is a command line it takes
            words = shlex.split(line.split(" #")[0].split("|")[-1].split(">")[0])
            assert words[:2] == ["bridgelaws", name]
            assert parser.parse_args(words[1:]).command == name, line


def test_the_long_commands_take_progress_and_no_progress():
    parser = build_parser()
    for name in ("replay", "deal", "analyse", "handrecord"):
        first = [name] + (["--boards", "1"] if name == "deal" else ["x.pbn"])
        assert parser.parse_args(first).progress is None            # the terminal decides
        assert parser.parse_args(first + ["--progress"]).progress is True
        assert parser.parse_args(first + ["--no-progress"]).progress is False
        assert parser.parse_args(first + ["--quiet"]).progress is False   # the older spelling


def test_the_shell_completes_commands_and_options(tmp_path):
    """argcomplete, as `eval "$(register-python-argcomplete bridgelaws)"` calls it."""
    def complete(line: str) -> set[str]:
        out = tmp_path / "completions"
        env = dict(os.environ, _ARGCOMPLETE="1", COMP_LINE=line, COMP_POINT=str(len(line)),
                   _ARGCOMPLETE_STDOUT_FILENAME=str(out))
        assert run(env=env).returncode == 0
        return {word.strip() for word in out.read_text().split("\v")}
    assert complete("bridgelaws re") == {"replay", "results"}
    assert complete("bridgelaws analyse --no-p") == {"--no-progress"}
    assert {"--html", "--pbn", "--title"} <= complete("bridgelaws handrecord --")


# --- progress bars ---------------------------------------------------------------------------

def without_time(text: str) -> str:
    """Standard output without the run's duration (replay's summary ends "in 0.12 s")."""
    return re.sub(r" in \d+\.\d+ s$", "", text, flags=re.M)


@pytest.fixture(scope="module")
def small_set(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("set") / "set.pbn"
    assert main(["deal", "--boards", "5", "--seed", "7", "--out", str(path),
                 "--no-progress"]) == 0
    return path


def test_progress_draws_a_bar_on_stderr_and_leaves_stdout_alone(capsys, small_set, tmp_path):
    for argv in (["replay", str(LIN)],
                 ["deal", "--boards", "1-4", "--seed", "5"],
                 ["analyse", str(small_set), "--threads", "1"],
                 ["handrecord", str(small_set), "--threads", "1",
                  "--html", str(tmp_path / "hr.html"), "--pbn", str(tmp_path / "hr.pbn")]):
        assert main(argv) == 0
        plain = capsys.readouterr()
        assert plain.err == ""                      # no terminal, no flag: no bar
        files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
        assert main(argv + ["--progress"]) == 0
        shown = capsys.readouterr()
        assert without_time(shown.out) == without_time(plain.out), argv[0]
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == files
        bars = [part for part in re.split(r"[\r\n]", shown.err) if BAR.match(part)]
        assert bars and bars[-1].startswith(f"{argv[0]}: 100%|"), (argv[0], shown.err)
        assert re.search(r"\[\d\d:\d\d<\d\d:\d\d", bars[-1])          # elapsed<ETA
        assert not BAR.search(shown.out)
        if argv[0] in ("replay", "deal"):
            assert main(argv + ["--no-progress"]) == 0 and capsys.readouterr().err == ""


def test_replay_counts_its_boards_in_the_bar(capsys):
    assert main(["replay", str(LIN), "--summary-only", "--progress"]) == 0
    err = capsys.readouterr().err
    assert re.split(r"[\r\n]", err.strip())[-1].endswith(", 30 boards]")


def test_replay_says_its_problems_around_the_bar(capsys, tmp_path):
    broken = tmp_path / "broken.lin"          # board 46's opening lead: a card South lacks
    broken.write_text(LIN.read_text().replace("pc|c2|", "pc|hA|", 1))
    status = main(["replay", str(broken), str(tmp_path / "missing.pbn"), "--progress"])
    out, err = capsys.readouterr()
    said = [p for p in re.split(r"[\r\n]", err) if p.startswith("bridgelaws: ")]
    assert status == 2 and any("missing.pbn" in line for line in said)
    assert any(re.search(r"broken\.lin:\d+: board 46, trick 1: S does not hold ♥A", line)
               for line in said), said
    assert not any(BAR.search(line) for line in said)          # each said on a line of its own
    assert "bridgelaws:" not in out


def pty_run(*args) -> tuple[bytes, bytes]:
    """Run the command with standard error on a terminal (80 columns), standard output
    on a pipe: ``(stdout, what the terminal shows)``."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    try:
        proc = subprocess.Popen([sys.executable, "-m", "bridgelaws", *args],
                                stdout=subprocess.PIPE, stderr=slave)
        os.close(slave)
        out = proc.stdout.read()
        shown = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:                        # the terminal is closed (EIO on Linux)
                break
            if not chunk:
                break
            shown += chunk
        assert proc.wait(timeout=120) == 0, shown
    finally:
        os.close(master)
    return out, shown


def test_a_terminal_gets_the_bar_without_asking(tmp_path):
    out, shown = pty_run("deal", "--boards", "1-4", "--seed", "5")
    assert re.search(rb"deal: 100%\|.*\| 4/4 \[", shown)
    assert out == run("deal", "--boards", "1-4", "--seed", "5").stdout
    out, shown = pty_run("replay", str(LIN), "--no-progress")
    assert shown == b"" and out.startswith(b"# usbf_sf_14502.lin: 30 board(s)\n")


def test_no_terminal_no_bar():
    r = run("replay", str(LIN), "--summary-only")
    assert r.returncode == 0 and r.stderr == b""


def test_read_pbn_reports_the_lines_it_has_read(small_set):
    seen: list[tuple[int, int]] = []
    records = read_pbn(small_set, progress=lambda line, lines: seen.append((line, lines)))
    lines = seen[-1][1]
    assert seen[-1] == (lines, lines) and len(seen) == len(records) + 1
    assert [line for line, _ in seen] == sorted(line for line, _ in seen)
    assert [line for line, _ in seen[:-1]] == [rec.source.line for rec in records]
