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
    out = cli("replay", str(big), "--summary-only", "--progress", "--infer-leading-passes",
              "--keep-going")
    assert out.returncode == 0, out.stderr
    # the tqdm bar is drawn with carriage returns, the lines said around it with newlines
    parts = re.split(r"[\r\n]", out.stderr)
    bars = [p for p in parts if p.startswith("replay: ")]
    assert bars[-1].startswith("replay: 100%|") and bars[-1].endswith(", 7632 boards]")
    assert out.stdout.startswith("summary: 7632 boards from 1 file(s): ")
    assert " 1776 agreed, 1968 differs, 13 incomplete," in out.stdout
    # rpbridge.net's play sections name cards their seats do not hold, and some Contract
    # tags leave out the double: each such board is named on standard error and counted;
    # --keep-going keeps the exit status 0
    assert "; 1838 could not be read or replayed; 130 do not agree with their file in " \
        in out.stdout
    said = [p for p in parts if p.strip() and not p.startswith("replay: ")]
    failed = [l for l in said if re.match(r"bridgelaws: example3\.pbn:\d+: board \d+, "
                                          r"(trick \d+|claim): \S", l)]
    differ = [l for l in said if re.match(r"bridgelaws: example3\.pbn:\d+: board \d+: "
                                          r"(contract|declarer|tricks|score): recorded ", l)]
    assert (len(failed), len(differ), len(said)) == (1838, 130, 1968)


# --- a file that contradicts itself is said so (issue 15, point 11) ----------------------

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
OTHER = "N:AKQ3.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 542.43.7654.8765"
GAME = f'''[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]
[Auction "N"]
1NT Pass 3NT AP
[Play "E"]
CQ C4 C5 CK
'''


def run(argv, capsys):
    from bridgelaws.cli import main
    code = main(argv)
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def test_replay_of_a_card_its_player_does_not_hold_exits_2(tmp_path, capsys):
    path = tmp_path / "bad.pbn"
    path.write_text(GAME.replace("CQ C4 C5 CK", "CQ C4 C5 CK\nSA S6 S3 S2"))  # E has no SA
    code, out, err = run(["replay", str(path)], capsys)
    assert code == 2
    assert err == "bridgelaws: bad.pbn:1: board 1, trick 2: E does not hold ♠A (it is in N's hand)\n"
    assert "summary: 1 boards from 1 file(s): 1 differs; 1 could not be read or replayed" in out
    # asked to go on, the board is still named and counted, and the status is 0
    code, out, err = run(["replay", "--keep-going", "--summary-only", str(path)], capsys)
    assert code == 0 and err.count("\n") == 1
    assert "; 1 could not be read or replayed in " in out


def test_replay_of_a_result_that_disagrees_with_the_play_exits_2(tmp_path, capsys):
    path = tmp_path / "ten.pbn"
    path.write_text(GAME.replace('[Result "9"]', '[Result "9"]\n[Score "NS 400"]'))
    assert run(["replay", str(path)], capsys)[:3:2] == (0, "")
    path.write_text(GAME.replace('[Contract "3NT"]', '[Contract "4NT"]'))
    code, out, err = run(["replay", str(path)], capsys)
    assert code == 2
    assert err == "bridgelaws: ten.pbn:1: board 1: contract: recorded 4NT, engine 3NT\n"
    path.write_text(GAME.replace('[Result "9"]', '[Result "9"]\n[Score "NS 600"]'))
    code, out, err = run(["replay", str(path)], capsys)
    assert code == 2
    assert err == "bridgelaws: ten.pbn:1: board 1: score: recorded NS 600, engine NS 400\n"
    assert out.endswith("1 differs; 1 do not agree with their file in " + out.split(" in ")[-1])
    assert run(["replay", "--keep-going", str(path)], capsys)[0] == 0


@pytest.mark.skipif(not REALDATA.is_dir(), reason=f"no {REALDATA}")
def test_replay_of_a_real_file_whose_play_names_cards_not_held():
    # the README's promise: a card not in the hand that plays it ends with exit status 2
    out = cli("replay", "--summary-only",
              str(REALDATA / "pbn" / "bridgebots_tests" / "shared_deals.pbn"))
    assert out.returncode == 2
    assert out.stderr == ("bridgelaws: shared_deals.pbn:2: board 62, trick 4: N does not hold "
                          "♣6 (it is in E's hand)\n"
                          # and the passes before the opening bid are left out (rpbridge.net)
                          "bridgelaws: shared_deals.pbn:48: board 7: declarer: recorded W, "
                          "engine S\n")
    assert out.stdout.endswith(" 2 differs, 2 no_deal; 1 could not be read or replayed; 1 do "
                               f"not agree with their file in {out.stdout.split(' in ')[-1]}")


def test_a_repeated_deal_with_another_value_in_every_command(tmp_path, capsys):
    path = tmp_path / "twice.pbn"
    path.write_text(GAME.replace("[Declarer", f'[Deal "{OTHER}"]\n[Declarer'))
    said = (f"bridgelaws: twice.pbn:5: board 1: deal: the tag is repeated with another value, "
            f"'{OTHER}' (line 4 gives '{DEAL}'); the game contradicts itself; the first is "
            "read (PBN 3.4)\n")
    code, out, err = run(["replay", str(path)], capsys)
    assert (code, err) == (2, said) and "board   1: not replayed (" in out
    assert "1 conflict; 1 could not be read or replayed" in out
    code, out, err = run(["check", str(path)], capsys)
    assert code == 2 and out == f"{path}: 0 good game(s), 1 with errors\n"
    assert err.startswith("bridgelaws: twice.pbn:5: deal: the tag is repeated with another")
    # analyse and handrecord warn and use the first deal, as PBN 3.4 says
    code, out, err = run(["analyse", str(path), "--threads", "1"], capsys)
    assert (code, err) == (0, said) and out.startswith("board 1  dealer N")
    code, out, err = run(["handrecord", str(path), "--threads", "1",
                          "--html", str(tmp_path / "hr.html")], capsys)
    assert (code, err) == (0, said)


LIN = ("pn|S,W,N,E|st||md|3SAKQ2HKQ2DA32CK32,ST98HJT9DKQJCQJT9,SJ76HA8765DT98CA4,|rh||"
       "ah|Board 1|sv|o|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|"
       "pc|C7|pc|CK|pc|CQ|pc|CA|pc|S6|pc|S5|pc|S2|pc|S8|\n")


@pytest.mark.parametrize("played, reason", [
    ("pc|S6|pc|S5|pc|S2|pc|S8|", None),
    ("pc|S6|pc|S5|pc|S6|pc|S8|", "trick 2: ♠6 was already played to this trick"),
    ("pc|S6|pc|S5|pc|S2|pc|HA|", "trick 2: W does not hold ♥A (it is in N's hand)"),
    ("pc|S6|pc|D2|pc|S2|pc|S8|", "trick 2: E does not hold ♦2 (it is in S's hand)"),
])
def test_lin_check_and_replay_name_a_card_played_twice_or_not_held(tmp_path, capsys,
                                                                     played, reason):
    path = tmp_path / "one.lin"
    path.write_text(LIN.replace("pc|S6|pc|S5|pc|S2|pc|S8|", played))
    code, out, err = run(["check", str(path)], capsys)
    if reason is None:
        assert (code, out, err) == (0, f"{path}: 1 good game(s), 0 with errors\n", "")
        return
    assert code == 2 and out == f"{path}: 0 good game(s), 1 with errors\n"
    assert err == f"bridgelaws: {path}:1: board 1, {reason}\n"
    code, out, err = run(["replay", "--summary-only", str(path)], capsys)
    assert code == 2 and err == f"bridgelaws: {path}:1: board 1, {reason}\n"


def test_lin_check_refuses_a_revoke_that_online_play_cannot_record(tmp_path, capsys):
    path = tmp_path / "revoke.lin"              # W holds spades and plays a heart to a spade
    path.write_text(LIN.replace("pc|S6|pc|S5|pc|S2|pc|S8|", "pc|S6|pc|S5|pc|S2|pc|H9|"))
    code, out, err = run(["check", str(path)], capsys)
    assert code == 2 and "board 1, trick 2: " in err and "(Law 61" in err
    code, out, err = run(["replay", str(path)], capsys)   # the Laws table recognises it
    assert code == 0 and "revoke" in out.lower()


@pytest.mark.parametrize("exception, says", [
    (RecursionError("maximum recursion depth exceeded"), "nested too deeply to read"),
    (ValueError("Exceeds the limit (4300 digits) for integer string conversion; use "
                "sys.set_int_max_str_digits()"),
     "cannot read: Exceeds the limit (4300 digits) for integer string conversion"),
])
def test_any_reader_failure_is_one_line_and_exit_2(monkeypatch, capsys, tmp_path, exception,
                                                    says):
    """The last guard of the command: an error no reader foresaw is still one line, naming
    the file, never a traceback."""
    import bridgelaws.formats.pbn as pbn

    def broken(*args, **kwargs):
        raise exception
    monkeypatch.setattr(pbn, "read_pbn", broken)
    path = tmp_path / "x.pbn"
    path.write_text(GAME)
    for argv in (["replay", str(path)], ["analyse", str(path)], ["check", str(path)]):
        code, out, err = run(argv, capsys)
        assert code == 2 and err == f"bridgelaws: {path}: {says}\n", err
