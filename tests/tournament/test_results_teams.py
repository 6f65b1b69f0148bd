"""``bridgelaws results`` on teams events: Ruter's PBN match tables and USEBIO teams.

The real Ruter files are scored from the command line and compared with the
figures they publish, read here straight from the file's text (not through the
reader under test): every match's VPs to the hundredth, each team's total and
rank.
"""

import json
import re
from pathlib import Path

import pytest

from bridgelaws.cli import main
from bridgelaws.scoring.imps import imps
from bridgelaws.scoring.vp import victory_points

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT.parent.parent / "shared" / "realdata" / "pbn" / "finland_ruter_magiccontest"
if not REAL.is_dir():
    REAL = Path("/work/shared/realdata/pbn/finland_ruter_magiccontest")
EXAMPLE = ROOT / "examples" / "swiss_teams.xml"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="the real data folder is not here")

# the matches line of a Ruter match table: round table home away "details" VP VP
_MATCH = re.compile(r'^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+"([^"]*)"\s+([\d.]+)\s+([\d.]+)\s')
# a standings line: rank team table "direction" VPs "name"
_TOTAL = re.compile(r'^\s*(\d+)\s+(\d+)\s+\d+\s+"\w+"\s+([\d.]+)\s+"([^"]*)"')


def _published(name):
    """(matches {(round, home, away): (IMPs home, IMPs away, VP home, VP away)},
    totals {team: (rank, VPs, name)}) read from the file's lines."""
    matches, totals = {}, {}
    for line in (REAL / name).read_text(encoding="latin-1").splitlines():
        m = _MATCH.match(line)
        if m:
            last = m.group(5).split("|")[-1].split(",")
            assert last[0] == "200"
            matches[(int(m.group(1)), m.group(3), m.group(4))] = (
                int(last[1]), int(last[2]), float(m.group(6)), float(m.group(7)))
            continue
        t = _TOTAL.match(line)
        if t:
            totals[t.group(2)] = (t.group(1), float(t.group(3)), t.group(4).strip())
    return matches, totals


def _run(capsys, *argv):
    code = main(["results", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


@needs_real
@pytest.mark.parametrize("name, boards, played, teams", [("team.pbn", 8, 30, 10),
                                                         ("div2.pbn", 32, 3, 6)])
@pytest.mark.parametrize("given", [False, True])
def test_ruter_teams_file_agrees_with_its_published_figures(capsys, name, boards, played, teams,
                                                             given):
    pub_matches, pub_totals = _published(name)
    assert len(pub_matches) == played and len(pub_totals) == teams
    argv = [REAL / name, "--json"] + (["--boards", boards] if given else [])
    code, out, err = _run(capsys, *argv)
    assert code == 0 and err == ""
    res = json.loads(out)
    # the boards per match: given, or inferred from the published VPs (one length fits)
    assert res["boards_per_match"] == boards
    assert ("inferred" in res["boards_how"]) is not given
    assert res["imps_from"].startswith("IMPs: the match totals the file gives")
    assert len(res["matches"]) == played
    for m in res["matches"]:
        ih, ia, vh, va = pub_matches[(m["round"], m["home"], m["away"])]
        assert m["imps"] == [ih, ia]
        assert m["vps"] == [vh, va], m            # to the hundredth
        assert m["basis"] == "match IMPs"
    assert len(res["standings"]) == teams
    for s in res["standings"]:
        rank, vp, team_name = pub_totals[s["team"]]
        assert (s["rank"], s["vp"], s["name"]) == (rank, vp, team_name)
    assert res["disagreements"] == []
    assert res["agreement"] == (f"the file's published figures: match VPs {played} of {played}, "
                                f"totals {teams} of {teams}, ranks {teams} of {teams} agree")


@needs_real
def test_ruter_div2_segments_and_unplayed_matches(capsys):
    code, out, _ = _run(capsys, REAL / "div2.pbn")
    assert code == 0
    # 1,31,29|2,79,2|200,110,31: two segments of one match, 110-31 in all
    assert re.search(r"6 PELASTUSRENGAS\s+1 BC HERTTA 6\s+110-31\s+19.68-0.32", out)
    assert "(27 matches not played yet)" in out
    assert "VP scale: 32 boards a match: not in the file; inferred from the published VPs" in out


@needs_real
def test_a_wrong_match_length_is_reported_not_hidden(capsys):
    code, out, err = _run(capsys, REAL / "team.pbn", "--boards", 16)
    assert code == 0
    # 25-8 over 16 boards (blitz 60): fewer VPs than over 8 boards
    assert re.search(r"25-8\s+(\d+\.\d\d)-", out).group(1) == f"{victory_points(17, 16)[0]:.2f}"
    assert "(published 15.75-4.25)" in out
    assert "differs from the file: round 1 1 v 2: VPs" in err
    assert "match VPs 0 of 30" in out


@needs_real
@pytest.mark.parametrize("name", ["butler.pbn", "impcross.pbn", "liigaButler1b.pbn", "sm1.pbn",
                                  "sm2.pbn"])
def test_ruter_pairs_files_stay_pairs_events(capsys, name):
    code, out, _ = _run(capsys, REAL / name, "--json")
    assert code == 0
    rows = json.loads(out)
    assert isinstance(rows, list) and "pair" in rows[0]


def test_usebio_teams_boards_of_both_rooms_give_the_imps(capsys, tmp_path):
    html = tmp_path / "teams.html"
    code, out, err = _run(capsys, EXAMPLE, "--json", "--html", html)
    assert code == 0 and err == ""
    res = json.loads(out)
    assert res["boards_per_match"] == 4 and res["imps_from"].startswith("IMPs: computed board")
    first = res["matches"][0]
    # round 1, North Stars v Harbour: boards 1-4 (Law 2 vulnerability: none, NS, EW, all)
    by_board = [imps(420 - -50),      # 4H= v 4H-1, none vulnerable
                imps(600 - 150),      # 3NT= v 2NT+1, NS vulnerable
                imps(-110 - -110),    # 2S= by East both rooms
                imps(1430 - 680)]     # 6S= v 4S+2, all vulnerable
    assert by_board == [10, 10, 0, 13]
    assert first["imps"] == [33, 0] and first["basis"] == "boards"
    assert first["vps"] == list(victory_points(33, 4))
    names = {s["team"]: s["name"] for s in res["standings"]}
    assert names == {"1": "North Stars", "2": "Harbour", "3": "Old Mill", "4": "Riverside"}
    totals = {}
    for m in res["matches"]:
        totals[m["home"]] = totals.get(m["home"], 0) + m["vps"][0]
        totals[m["away"]] = totals.get(m["away"], 0) + m["vps"][1]
    assert [s["vp"] for s in res["standings"]] == sorted(
        (round(v, 2) for v in totals.values()), reverse=True)
    assert res["disagreements"] == []
    page = html.read_text()
    assert "North Stars" in page and "33-0" in page
    code, out, _ = _run(capsys, EXAMPLE)
    assert code == 0 and "Rank  Team  Name" in out and "1     1     North Stars" in out


def _usebio(matches: str, teams=("1", "2")) -> str:
    parts = "".join(f"<TEAM><TEAM_NUMBER>{t}</TEAM_NUMBER><TEAM_NAME>T{t}</TEAM_NAME></TEAM>"
                    for t in teams)
    return (f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS"><EVENT_DESCRIPTION>x'
            f"</EVENT_DESCRIPTION><PARTICIPANTS>{parts}</PARTICIPANTS>{matches}</EVENT></USEBIO>")


def _match(h, a, ih, ia, vh=None, va=None, extra=""):
    v = (lambda x: "" if x is None else f"<VICTORY_POINTS>{x}</VICTORY_POINTS>")
    return (f"<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><HOME_TEAM><TEAM_NUMBER>{h}</TEAM_NUMBER>"
            f"<IMPS>{ih}</IMPS>{v(vh)}</HOME_TEAM><AWAY_TEAM><TEAM_NUMBER>{a}</TEAM_NUMBER>"
            f"<IMPS>{ia}</IMPS>{v(va)}</AWAY_TEAM>{extra}</MATCH>")


def test_usebio_teams_with_match_imps_only(capsys, tmp_path):
    f = tmp_path / "t.xml"
    f.write_text(_usebio(_match("1", "2", 25, 8)))
    code, out, _ = _run(capsys, f, "--boards", 8, "--json")
    res = json.loads(out)
    assert code == 0 and res["matches"][0]["vps"] == [15.75, 4.25]
    assert res["imps_from"].startswith("IMPs: the match totals the file gives")
    # the discrete ACBL scale for 6-8 boards steps at 1, 3, 5, 8, 11, 14, 17 IMPs:
    # a margin of 17 is the seventh step, 17-3
    code, out, _ = _run(capsys, f, "--boards", 8, "--vp-scale", "acbl_20", "--json")
    assert json.loads(out)["matches"][0]["vps"] == [17, 3]


def test_usebio_teams_artificial_score_is_three_imps(capsys, tmp_path):
    """Law 86B: an artificial adjusted score in a team match is given in IMPs (12C2: +3/-3)."""
    def line(room, body):
        return f"<TRAVELLER_LINE><ROOM>{room}</ROOM>{body}</TRAVELLER_LINE>"
    boards = ("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + line("OPEN", "<SCORE>420</SCORE>")
              + line("CLOSED", "<SCORE>-50</SCORE>") + "</BOARD>"
              # board 2: the closed room's North-South (the away team) average minus
              + "<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>" + line("OPEN", "<SCORE>110</SCORE>")
              + line("CLOSED", "<SCORE>A4060</SCORE>") + "</BOARD>")
    f = tmp_path / "t.xml"
    f.write_text(_usebio(_match("1", "2", 13, 0, extra=boards)))
    code, out, _ = _run(capsys, f, "--json")
    res = json.loads(out)
    assert code == 0 and res["boards_per_match"] == 2
    # board 1: 470 points are 10 IMPs; board 2: the home team (EW closed) +3
    assert res["matches"][0]["imps"] == [13, 0]
    assert res["matches"][0]["vps"] == list(victory_points(13, 2))
    # a file whose match IMPs disagree with its boards: the boards are scored, and it is said
    f.write_text(_usebio(_match("1", "2", 12, 0, extra=boards)))
    code, out, _ = _run(capsys, f, "--json")
    res = json.loads(out)
    assert res["matches"][0]["imps"] == [13, 0]
    assert res["notes"] == ["round 1 1 v 2: the boards give 13-0 IMPs, the file 12-0; "
                            "the boards are scored"]


@pytest.mark.parametrize("text, where, why", [
    (_match("1", "3", 1, 0), "MATCH 1", "unknown team '3'"),
    (_match("1", "2", 5, 0, extra="<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
            "<ROOM>OPEN</ROOM><SCORE>420</SCORE></TRAVELLER_LINE></BOARD>"),
     "MATCH 1, board 1", "needs the OPEN and the CLOSED room"),
    (_match("1", "2", 5, 0), "t.xml", "give --boards"),      # nothing to tell the VP scale
])
def test_usebio_teams_bad_input_is_one_line_and_status_2(capsys, tmp_path, text, where, why):
    f = tmp_path / "t.xml"
    f.write_text(_usebio(text))
    code, out, err = _run(capsys, f)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and where in err and why in err, err
    assert "Traceback" not in err


@needs_real
@pytest.mark.parametrize("old, new, why", [
    ('"200,16,7"', '"200,16"', "MatchDetails '200,16': '200,16' is not 'segment,home IMPs,"),
    ('"200,16,7"', '"200,x,7"', "MatchDetails: IMPs 'x' are not a whole number"),
    ("1 2  3  4 ", "1 2  3 44 ", "team '44' is not in the TotalScoreTable"),
])
def test_ruter_teams_bad_input_names_file_place_and_reason(capsys, tmp_path, old, new, why):
    text = (REAL / "team.pbn").read_text(encoding="latin-1")
    assert old in text
    f = tmp_path / "bad.pbn"
    f.write_text(text.replace(old, new, 1), encoding="latin-1")
    code, out, err = _run(capsys, f)
    assert code == 2 and out == ""
    assert err.startswith("bridgelaws: ") and "bad.pbn:41: ScoreTable row 2: " in err
    assert why in err and len(err.strip().splitlines()) == 1, err


@needs_real
def test_pairs_only_options_are_refused_for_teams(capsys, tmp_path):
    for opt in (["--pbn", tmp_path / "o.pbn"], ["--method", "mp"]):
        code, _, err = _run(capsys, REAL / "team.pbn", *opt)
        assert code == 2 and "is for pairs events" in err
    code, _, err = _run(capsys, REAL / "sm1.pbn", "--boards", 8)
    assert code == 2 and "--boards and --vp-scale are for teams events" in err
