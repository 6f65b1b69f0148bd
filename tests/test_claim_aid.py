"""The claim adjudication aid (Law 70): endings whose answer is checked by hand.

Each ending is small enough to play out on paper; the comment above each test
gives the lines that decide it.
"""

import json

import pytest

from bridgelaws.cards import BridgeError, card_name, mask_of, parse_card
from bridgelaws.cli import main
from bridgelaws.formats.case import case_table
from bridgelaws.laws.claims import Position, advice_lines, advise, advise_table

N, E, S, W = 0, 1, 2, 3
NT, SPADES = -1, 3


def cards(*names):
    return mask_of(parse_card(n) for n in names)


def plays(advice):
    """The line as ``[[("S", "HA"), ...], ...]`` per trick."""
    return [[("NESW"[p.seat], card_name(p.card)) for p in trick] for _n, _w, trick in advice.tricks]


# Spades are trumps; S (declarer) on lead, 2 tricks left.
#   N: D2 D3   E: S2 C2   S: SA HA   W: HK HQ
# SA first draws E's trump, then HA: 2 tricks.  HA first: E ruffs with the S2
# and leads the C2, S ruffs: 1 trick.  Law 70C: the trump is not mentioned.
TRUMP_ENDING = Position((cards("D2", "D3"), cards("S2", "C2"), cards("SA", "HA"),
                         cards("HK", "HQ")), (), S, SPADES, 12)


def test_outstanding_trump_not_mentioned_loses_a_trick():
    a = advise(TRUMP_ENDING, S, 2)
    assert (a.min_tricks, a.dd_tricks, a.upheld) == (1, 2, False)
    assert plays(a)[0][0] == ("S", "HA") and plays(a)[0][3] == ("E", "S2")
    assert a.tricks[0][1] == E
    assert "70C" in a.laws and any(n.startswith("70C") for n in a.notes)


@pytest.mark.parametrize("line, tricks", [(["SA", "HA"], 2), (["spades", "rest"], 2),
                                          (["S"], 2), (["HA", "SA"], 1)])
def test_outstanding_trump_with_a_statement(line, tricks):
    a = advise(TRUMP_ENDING, S, 2, line)
    assert a.min_tricks == tricks and a.dd_tricks == 2
    assert a.upheld is (tricks == 2)
    assert "70C" not in a.laws                      # the statement names the trump


# Notrump, S on lead, 3 tricks left.
#   N: SK SQ D3   E: DA DK DQ   S: SA S2 HA   W: CA CK CQ
# HA first (N throws D3), then SA and S2 to dummy: 3 tricks.  SA then S2 (from the
# top) leaves N on lead with the D3: 2 tricks (a blocked suit, 70D1).
BLOCKED = Position((cards("SK", "SQ", "D3"), cards("DA", "DK", "DQ"), cards("SA", "S2", "HA"),
                    cards("CA", "CK", "CQ")), (), S, NT, 11)


@pytest.mark.parametrize("line, tricks", [(None, 2), (["rest"], 2), (["H", "S"], 3),
                                          (["hearts", "spades"], 3), (["S", "H"], 2),
                                          (["SA", "HA", "S2"], 3), (["SA", "S2"], 2)])
def test_blocked_suit(line, tricks):
    a = advise(BLOCKED, S, 3, line)
    assert a.dd_tricks == 3
    assert a.min_tricks == tricks
    assert a.upheld is (tricks == 3)
    assert sum(1 for _n, w, _p in a.tricks if w in (N, S)) == tricks   # the line gives it


def test_blocked_suit_line_shows_the_careless_order():
    a = advise(BLOCKED, S, 3)
    line = plays(a)
    assert [t[0] for t in line] == [("S", "SA"), ("S", "S2"), ("N", "D3")]
    assert a.tricks[2][1] == E
    assert any(n.startswith("70D1") for n in a.notes)


def test_a_claim_of_top_winners_is_upheld_in_any_order():
    # S: SA HA DA opposite small cards; nothing the defenders hold can win a trick
    pos = Position((cards("S2", "H2", "D2"), cards("C2", "C3", "C4"), cards("SA", "HA", "DA"),
                    cards("CA", "CK", "CQ")), (), S, NT, 11)
    a = advise(pos, S, 3)
    assert (a.min_tricks, a.dd_tricks, a.upheld) == (3, 3, True)
    assert all(w == S for _n, w, _p in a.tricks)
    assert not a.notes


# Notrump, S on lead, 4 tricks left.
#   N: C2 C3 C4 C5   E: HK H3 DA DK   S: SA SK HA H2   W: CA CK CQ CJ
# SA, SK, then hearts: 3 tricks (E keeps HK H3 and wins the last).  Hearts first:
# E wins the H2 with the HK and cashes DA DK under S's spades: 1 trick.
ORDER = Position((cards("C2", "C3", "C4", "C5"), cards("HK", "H3", "DA", "DK"),
                  cards("SA", "SK", "HA", "H2"), cards("CA", "CK", "CQ", "CJ")), (), S, NT, 10)


def test_statement_order_matters():
    good = advise(ORDER, S, 3, ["SA", "SK", "hearts"])
    assert (good.min_tricks, good.upheld) == (3, True)
    assert [t[0] for t in plays(good)][:3] == [("S", "SA"), ("S", "SK"), ("S", "HA")]
    bad = advise(ORDER, S, 3, ["hearts", "SA", "SK"])
    assert (bad.min_tricks, bad.upheld) == (1, False)
    assert advise(ORDER, S, 3).min_tricks == 1          # no statement: any order of suits
    assert advise(ORDER, S, 3, ["SA", "rest"]).min_tricks == 2   # SA, then HA H2 carelessly
    assert bad.dd_tricks == good.dd_tricks == 3


# Spades are trumps; a claim in the middle of trick 11: W led HK, N played H2, E H3,
# S (void in hearts) to play with SA S2 DA; E still holds SK CK.
# Ruff with the S2, SA (drawing the SK), DA: 3 tricks.  Ruff, DA first: E ruffs with
# the SK and leads the CK, S ruffs with the SA: 2 tricks.
MID_TRICK = Position((cards("C2", "C3"), cards("SK", "CK"), cards("SA", "S2", "DA"),
                      cards("DK", "DQ")),
                     (parse_card("HK"), parse_card("H2"), parse_card("H3")), W, SPADES, 11)


def test_mid_trick_claim():
    assert MID_TRICK.remaining == 3
    a = advise(MID_TRICK, S, 3)
    assert (a.min_tricks, a.dd_tricks, a.upheld) == (2, 3, False)
    first = a.tricks[0][2]
    assert [p.why for p in first[:3]] == ["before the claim"] * 3
    assert (first[3].seat, card_name(first[3].card)) == (S, "S2")   # the ruff, double dummy
    assert plays(a)[1][0] == ("S", "DA") and a.tricks[1][1] == E
    assert advise(MID_TRICK, S, 3, ["SA", "DA"]).min_tricks == 3
    assert advise(MID_TRICK, S, 3, ["DA", "SA"]).min_tricks == 2


# Notrump, S on lead, 2 tricks left.  N: HA HQ  E: C3 C4  S: H3 H2  W: HK H4
# Double dummy, the queen is finessed: 2 tricks.  Without a stated finesse (70E1) dummy
# may go up with the ace and the king wins the second trick: 1.  Stating the HQ
# gives 2 (and if W plays the HK, the ace wins: the queen is not thrown under it).
FINESSE = Position((cards("HA", "HQ"), cards("C3", "C4"), cards("H3", "H2"), cards("HK", "H4")),
                   (), S, NT, 12)


def test_an_unstated_finesse_is_not_credited():
    a = advise(FINESSE, S, 2)
    assert (a.min_tricks, a.dd_tricks) == (1, 2)
    assert advise(FINESSE, S, 2, ["HQ"]).min_tricks == 2


@pytest.mark.parametrize("line, words", [
    (["HK"], "HK, which neither S nor N holds"),
    (["clubs"], "names clubs, but S and N hold none"),
    (["rest", "SA"], "before its end"),
    (["cash"], "neither a card"),
])
def test_bad_statements(line, words):
    with pytest.raises(BridgeError, match=words):
        advise(TRUMP_ENDING, S, 2, line)


# --- through the table and the command --------------------------------------------------

# The BLOCKED ending at the end of a whole deal: 3NT by S, ten tricks played.
BLOCKED_DEAL = "N:KQ94.875.J8753.9 76.643.AKQ94.854 AT32.AQJT9.T2.J7 J85.K2.6.AKQT632"
BLOCKED_PLAY = ("W HK N H5 E H6 S HJ W C6 N C9 E C4 S CJ S D2 W D6 N D8 E D9 E S6 S S3 W S8 "
                "N S9 N D7 E D4 S DT W S5 S H9 W H2 N H7 E H3 S ST W SJ N S4 E S7 W C2 N H8 "
                "E C8 S C7 E H4 S HT W CT N DJ S HQ W C3 N D5 E C5").split()
# The TRUMP_ENDING at the end of a whole deal: 4S by S, eleven tricks played.
TRUMP_DEAL = "N:7.873.AKQ832.KJ4 KQ862.9.J754.A52 AT954.AJ54.6.987 J3.KQT62.T9.QT63"
TRUMP_PLAY = ("W D9 N D8 E D7 S D6 W C6 N CJ E CA S C7 E SQ S S5 W SJ N S7 E DJ S C8 W DT "
              "N DQ N DA E D4 S H4 W HT N C4 E C5 S C9 W CT W S3 N CK E S8 S S4 E D5 S H5 "
              "W C3 N DK N H7 E H9 S HJ W H6 S ST W H2 N H3 E SK E S6 S S9 W CQ N H8").split()


def make_case(deal, contract, play, claim, line=None, respond=("E", "dispute")):
    events = [{"by": "N", "call": "P"}, {"by": "E", "call": "P"}, {"by": "S", "call": contract},
              {"by": "W", "call": "P"}, {"by": "N", "call": "P"}, {"by": "E", "call": "P"}]
    events += [{"by": play[i], "play": play[i + 1]} for i in range(0, len(play), 2)]
    ev = {"by": "S", "claim": claim}
    if line is not None:
        ev["line"] = line
    events.append(ev)
    if respond:
        events.append({"by": respond[0], "respond": respond[1]})
    return {"board": 1, "deal": deal, "events": events}


def test_the_table_gives_the_ending():
    table = case_table(make_case(BLOCKED_DEAL, "3N", BLOCKED_PLAY, 3))
    assert table.state()["director"] is not None            # the dispute awaits the Director
    a = advise_table(table)
    assert (a.claimer, a.claimed, a.remaining, a.min_tricks, a.dd_tricks) == (S, 3, 3, 2, 3)
    assert a.tricks[0][0] == 11
    t = case_table(make_case(TRUMP_DEAL, "4S", TRUMP_PLAY, 2, respond=None))  # claim unanswered
    assert advise_table(t).min_tricks == 1


def test_cli_text(tmp_path, capsys):
    f = tmp_path / "claim.json"
    f.write_text(json.dumps(make_case(BLOCKED_DEAL, "3N", BLOCKED_PLAY, 3)))
    assert main(["claim", str(f)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ADVICE to the Director (Law 70A: any doubtful point is resolved "
                          "against the claimer)")
    assert "claims 3 of the 3 remaining tricks" in out
    assert "least favourable normal line: 2 tricks for NS" in out
    assert "trick 11: S SA (open)" in out and "trick 13: N D3" in out
    assert "claim not upheld by this analysis" in out
    f.write_text(json.dumps(make_case(BLOCKED_DEAL, "3N", BLOCKED_PLAY, 3, ["H", "S"])))
    assert main(["claim", str(f)]) == 0
    assert "claim upheld by this analysis" in capsys.readouterr().out


def test_cli_json(tmp_path, capsys):
    f = tmp_path / "claim.json"
    f.write_text(json.dumps(make_case(TRUMP_DEAL, "4S", TRUMP_PLAY, 2)))
    assert main(["claim", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["advice"].startswith("ADVICE to the Director")
    assert (out["claimer"], out["side"], out["claimed"], out["min_tricks"], out["dd_tricks"],
            out["upheld"]) == ("S", "NS", 2, 1, 2, False)
    assert out["line"][0]["trick"] == 12 and out["line"][0]["winner"] == "E"
    assert out["line"][0]["plays"][0] == {"seat": "S", "card": "HA", "why": "open"}
    assert "70C" in out["laws"] and out["statement"] is None


NO_CLAIM = make_case(TRUMP_DEAL, "4S", TRUMP_PLAY, 2, respond=None)
NO_CLAIM["events"].pop()                          # the play stops before the claim


@pytest.mark.parametrize("case, words", [
    (make_case(TRUMP_DEAL, "4S", TRUMP_PLAY, 2, ["HK"]), "event 50: the claim's line names HK"),
    (NO_CLAIM, "event 49: the case does not end with a claim"),
])
def test_cli_bad_input(tmp_path, capsys, case, words):
    f = tmp_path / "claim.json"
    f.write_text(json.dumps(case))
    assert main(["claim", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_advice_text_names_the_laws():
    text = "\n".join(advice_lines(advise(TRUMP_ENDING, S, 2)))
    assert "laws: 70A 70C 70D1 70E1 70E2 12C" in text
    assert "note: 70C: the defenders hold 1 trump" in text
