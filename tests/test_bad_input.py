"""Bad input gets one clear line per problem, naming the file and line, and exit status 2."""

import re
import subprocess
import sys

import pytest

from tests.realdata.conftest import REALDATA

ERRORS = REALDATA / "pbn" / "pbn_reference_impl_tests"
CORRUPTED = REALDATA / "pbn" / "finland_ruter_magiccontest" / "sm1_corrupted_deal_board3.pbn"

needs_realdata = pytest.mark.skipif(not REALDATA.is_dir(), reason=f"no {REALDATA}")


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "bridgelaws.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def error_lines(stderr: str, name: str) -> list[str]:
    lines = stderr.strip().splitlines()
    assert lines and "Traceback" not in stderr
    for line in lines:
        assert re.match(rf"^bridgelaws: (\S*/)?{re.escape(name)}:\d+: \S.*$", line), line
    return lines


@needs_realdata
@pytest.mark.parametrize("name", ["errors_10.pbn", "errors_20.pbn", "errors_21.pbn"])
def test_pbn_reference_error_files(name):
    for command in (["check"], ["replay", "--strict", "--summary-only"]):
        out = cli(*command, str(ERRORS / name))
        assert out.returncode == 2, out
        lines = error_lines(out.stderr, name)
        # every game of these files is wrong in some way: each gives at least one line
        games = (ERRORS / name).read_text(encoding="latin-1").count("% ====")
        assert len(lines) >= games > 0, (len(lines), games)
        assert len({line.split(":")[2] for line in lines}) == len(lines)   # one line per game


@needs_realdata
def test_corrupted_deal_is_named_by_line():
    out = cli("replay", str(CORRUPTED), "--summary-only")
    assert out.returncode == 2
    [line] = error_lines(out.stderr, CORRUPTED.name)
    assert line == ("bridgelaws: sm1_corrupted_deal_board3.pbn:53: deal: card(s) D6, D7 in "
                    "more than one hand")
    assert "65 no_deal" in out.stdout             # the other games are still read


def test_card_not_in_the_hand_in_a_case():
    case = ('{"board": 1, "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 '
            '543.43.7654.8765", "events": [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, '
            '{"by": "S", "call": "P"}, {"by": "W", "call": "P"}, {"by": "E", "play": "H2"}]}')
    out = cli("case", "-", stdin=case)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == "bridgelaws: <stdin>: event 4: E does not hold H2 (it is in N's hand)"


def test_malformed_lin(tmp_path):
    bad = tmp_path / "bad.lin"
    bad.write_text("pn|a,b,c,d|st||md|3SAKQJT98765432HA,S,S|rh||ah|Board 1|sv|o|\n")
    out = cli("replay", str(bad))
    assert out.returncode == 2
    [line] = error_lines(out.stderr, "bad.lin")
    assert ":1:" in line


def test_missing_file():
    out = cli("replay", "/nonexistent/x.pbn")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "/nonexistent/x.pbn" in out.stderr


@needs_realdata
def test_replay_shows_progress_on_long_runs():
    big = REALDATA / "pbn" / "endplay_tests" / "example3.pbn"
    out = cli("replay", str(big), "--summary-only", "--progress", "--infer-leading-passes")
    assert out.returncode == 0, out.stderr
    progress = [l for l in out.stderr.splitlines() if "boards replayed" in l]
    assert len(progress) == 15                     # 7,632 games, a line every 500
    assert out.stdout.startswith("summary: 7632 boards from 1 file(s): ")
    assert " 1776 agreed, 1968 differs, 13 incomplete," in out.stdout
