"""Every command that reads a file, fed mutated real files: exit 0 or 2, no traceback,
an answer in bounded time, and on exit 0 an output that holds together.

Most examples run ``bridgelaws.cli.main`` in this process (fast); a few run the real
command as a subprocess with a timeout, as a user would.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import given, strategies as st

from bridgelaws.cards import Deal
from bridgelaws.formats.lin import read_lin
from bridgelaws.formats.pbn import read_pbn

from .fuzzing import (SEEDS, Sample, bridgemate_seed_folders, check_deal_text,
                      check_error_output, check_records, fuzz_settings, hard_time_limit,
                      mutated, mutated_case, run_cli, seed_files)

LANGS = ["en", "he", "pl", "ru", "nb"]


def _write(tmp: str, sample: Sample) -> str:
    path = Path(tmp) / sample.name
    path.write_bytes(sample.data)
    return str(path)


def _check_state(out: str) -> None:
    state = json.loads(out)
    tricks = state["tricks"] or {}
    assert sum(tricks.values()) <= 13 and all(0 <= v <= 13 for v in tricks.values()), tricks
    assert state["score_ns"] is None or state["score_ns"] % 10 == 0


@fuzz_settings(40)
@given(st.one_of(mutated_case(seed_files("case")), mutated(seed_files("case"))),
       st.sampled_from(["case", "rule", "case-stdin"]), st.sampled_from(LANGS))
def test_case_and_rule(sample, command, lang):
    with tempfile.TemporaryDirectory() as tmp, hard_time_limit():
        if command == "case-stdin":
            code, out, err = run_cli(["case", "-"], stdin=sample.data)
        elif command == "case":
            code, out, err = run_cli(["case", _write(tmp, sample)])
        else:
            code, out, err = run_cli(["rule", _write(tmp, sample), "--lang", lang])
        check_error_output(code, err)
        if code == 0 and command != "rule":
            _check_state(out)
        if code == 0 and command == "rule":
            assert out.strip(), "a ruling with nothing to say"


@fuzz_settings(12, long_share=0.3)
@given(st.one_of(mutated_case([SEEDS / "claim.json"]), mutated([SEEDS / "claim.json"])),
       st.booleans())
def test_claim(sample, as_json):
    with tempfile.TemporaryDirectory() as tmp, hard_time_limit():
        code, out, err = run_cli(["claim", _write(tmp, sample)] + (["--json"] if as_json else []))
        check_error_output(code, err)
        if code == 0 and as_json:
            advice = json.loads(out)
            assert 0 <= advice["min_tricks"] <= advice["dd_tricks"] <= 13, advice
        elif code == 0:
            assert out.startswith("ADVICE to the Director")


@fuzz_settings(40)
@given(mutated(seed_files("pbn") + seed_files("lin")),
       st.sampled_from([["replay"], ["replay", "--strict", "--summary-only"],
                        ["replay", "--infer-leading-passes"], ["check"]]))
def test_replay_and_check(sample, command):
    with tempfile.TemporaryDirectory() as tmp, hard_time_limit():
        code, out, err = run_cli(command + [_write(tmp, sample)])
        check_error_output(code, err)
        if command[0] == "replay":
            assert out.splitlines()[-1].startswith("summary: "), out[-500:]
        else:
            assert " good game(s), " in out
        if code == 0:                     # every game read: each one holds together
            check_records(read_lin(sample.data) if sample.name.endswith(".lin")
                          else read_pbn(sample.data))


@st.composite
def results_input(draw):
    """A results file (CSV, USEBIO, PBN score tables) or a Bridgemate folder, mutated."""
    kind = draw(st.sampled_from(["csv", "xml", "results_pbn", "bridgemate"]))
    if kind != "bridgemate":
        return draw(mutated(seed_files(kind)))
    folder = draw(st.sampled_from(bridgemate_seed_folders()))
    target = folder / draw(st.sampled_from(["ReceivedData.csv", "RoundData.csv"]))
    sample = draw(mutated([target]))
    files = {p.name: p.read_bytes() for p in folder.glob("*.csv") if p.stat().st_size < 200_000}
    files[target.name] = sample.data
    return Sample(folder.name, files, sample.ops)


@fuzz_settings(40)
@given(results_input(), st.sampled_from([None, "mp", "imp", "xi", "butler"]),
       st.sampled_from(["text", "json", "files"]))
def test_results(sample, method, output):
    with tempfile.TemporaryDirectory() as tmp, hard_time_limit():
        if isinstance(sample.data, dict):
            path = Path(tmp) / sample.name
            path.mkdir()
            for name, data in sample.data.items():
                (path / name).write_bytes(data)
            path = str(path)
        else:
            path = _write(tmp, sample)
        argv = ["results", path] + (["--method", method] if method else [])
        if output == "json":
            argv.append("--json")
        elif output == "files":
            argv += ["--html", f"{tmp}/out.html", "--pbn", f"{tmp}/out.pbn",
                     "--usebio", f"{tmp}/out.xml"]
        code, out, err = run_cli(argv)
        check_error_output(code, err)
        if code == 0 and output == "json":
            for row in json.loads(out):
                assert "percent" not in row or -1e-6 <= row["percent"] <= 100 + 1e-6, row
        if code == 0 and output == "files":
            read_pbn(Path(f"{tmp}/out.pbn"))           # what we write, we read back
            from bridgelaws.formats.usebio import read_usebio
            read_usebio(f"{tmp}/out.xml")


@fuzz_settings(6, long_share=0.2)
@given(mutated([SEEDS / "vugraph.pbn"] + [p for p in seed_files("pbn") if "bridgebots" in str(p)]),
       st.sampled_from(["analyse", "handrecord"]))
def test_analyse_and_handrecord(sample, command):
    with tempfile.TemporaryDirectory() as tmp, hard_time_limit():
        path = _write(tmp, sample)
        if command == "analyse":
            code, out, err = run_cli(["analyse", path, "--json", "--threads", "1"])
        else:
            code, out, err = run_cli(["handrecord", path, "--threads", "1", "--html",
                                      f"{tmp}/hr.html", "--pbn", f"{tmp}/hr.pbn"])
        check_error_output(code, err)
        if code == 0 and command == "analyse":
            for board in json.loads(out):
                check_deal_text(board["deal"])
        if code == 0 and command == "handrecord":
            assert Path(f"{tmp}/hr.html").stat().st_size > 0
            check_records(read_pbn(Path(f"{tmp}/hr.pbn")))


DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


@st.composite
def deal_numbers(draw):
    """A deal or a deal number, mutated."""
    seeds = [("deal", DEAL.encode()), ("number", b"53644737765488792839237439999"),
             ("zero", b"0"), ("small", b"12345")]
    return draw(mutated(seeds)).data.decode("utf-8", "replace")


@fuzz_settings(40)
@given(deal_numbers())
def test_dealnumber(value):
    with hard_time_limit():
        code, out, err = run_cli(["dealnumber", value])
        check_error_output(code, err)
        if code == 0 and ":" in out:
            check_deal_text(out.strip())
        elif code == 0:
            assert Deal.from_pbn(DEAL) is not None and out.strip().isdigit(), out


# --- as a user runs them: subprocesses, with a timeout --------------------------------

@fuzz_settings(4, long_share=0.05)
@given(st.sampled_from(["case", "replay", "results"]), st.data())
def test_commands_as_processes(command, data):
    seeds = {"case": seed_files("case"), "replay": seed_files("pbn") + seed_files("lin"),
             "results": seed_files("csv") + seed_files("xml")}[command]
    sample = data.draw(mutated(seeds))
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run([sys.executable, "-m", "bridgelaws.cli", command,
                              _write(tmp, sample)], capture_output=True, timeout=120)
    check_error_output(out.returncode, out.stderr.decode("utf-8", "replace"))
