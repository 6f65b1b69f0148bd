"""Law 77: the score of every result, checked against known figures and against endplay."""

import pytest
from endplay.types import Contract as EContract, Denom, Penalty, Player, Vul

from bridgelaws.cards import BridgeError
from bridgelaws.scoring.contract import Contract, score, score_ns


@pytest.mark.parametrize("contract,vul,tricks,expected", [
    ("1N", False, 7, 90), ("3N", False, 10, 430), ("4S", True, 10, 620),
    ("6N", True, 12, 1440), ("7N", False, 13, 1520), ("2C", False, 8, 90),
    ("5D", True, 11, 600), ("4H", False, 9, -50), ("4H", True, 6, -400),
    ("1CX", False, 7, 140), ("1CX", False, 8, 240), ("1CXX", False, 7, 230),
    ("2CXX", False, 8, 560),                       # trick score 160: a game (77)
    ("2HX", True, 8, 670), ("3NX", True, 7, -500), ("4SX", False, 7, -500),
    ("4SX", False, 6, -800), ("4SX", False, 5, -1100), ("4SX", True, 7, -800),
    ("3NXX", False, 6, -1000), ("7NXX", True, 13, 2980), ("6SXX", True, 12, 2070),
    ("7CX", True, 0, -3800), ("7CX", False, 0, -3500), ("7CXX", False, 0, -7000),
    ("7S", True, 0, -1300), ("1S", False, 13, 260),
])
def test_law77_known_scores(contract, vul, tricks, expected):
    assert Contract.parse(contract).score(vul, tricks) == expected


def test_law77_every_result_agrees_with_endplay():
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    pens = [Penalty.passed, Penalty.doubled, Penalty.redoubled]
    checked = 0
    for level in range(1, 8):
        for strain in range(5):
            for dbl in range(3):
                for vul in (False, True):
                    for tricks in range(14):
                        ec = EContract(level=level, denom=denoms[strain], declarer=Player.north,
                                       penalty=pens[dbl], result=tricks - level - 6)
                        expected = ec.score(Vul.both if vul else Vul.none)
                        assert score(level, strain, dbl, vul, tricks) == expected, (level, strain, dbl, vul, tricks)
                        checked += 1
    assert checked == 7 * 5 * 3 * 2 * 14


def test_score_ns_sign_and_pass_out():
    c = Contract.parse("4H")
    assert score_ns(c, 0, "none", 10) == 420
    assert score_ns(c, 1, "none", 10) == -420
    assert score_ns(c, 1, "NS", 10) == -420 and score_ns(c, 1, "EW", 10) == -620
    assert score_ns(None, None, "all", None) == 0            # Law 22B: passed out
    assert str(Contract.parse("3NTX")) == "3NX" and str(Contract.parse("6sxx")) == "6SXX"


@pytest.mark.parametrize("bad", ["8S", "0H", "P", "4Z", "X"])
def test_bad_contracts(bad):
    with pytest.raises(BridgeError, match="unknown contract"):
        Contract.parse(bad)


def test_impossible_results_are_refused():
    with pytest.raises(BridgeError):
        score(4, 2, 0, False, 14)
