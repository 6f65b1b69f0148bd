"""Deal, Board, Contract, cards and strains to and from endplay's types, both ways
(hypothesis), and DDS reached through endplay's public API only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from endplay.types import (Board as EBoard, Card as ECard, Contract as EContract, Deal as EDeal,
                           Denom, Penalty, Player, Vul)
from hypothesis import given, settings, strategies as st

from bridgelaws.boards import VULNERABILITIES, Board, dealer_of, vulnerability_of
from bridgelaws.cards import (BridgeError, Deal, SEAT_NAMES, STRAIN_LETTERS, card_from_endplay,
                              card_name, card_to_endplay, mask_of, strain_from_endplay,
                              strain_to_endplay)
from bridgelaws.scoring.contract import (Contract, result_from_endplay, result_to_endplay,
                                         score_ns)

SRC = Path(__file__).resolve().parents[1] / "src" / "bridgelaws"


@st.composite
def deals(draw, complete=True):
    """A deal: all 52 cards, or (complete=False) each card in a hand or in none."""
    cards = draw(st.permutations(range(52)))
    if complete:
        return Deal([mask_of(cards[13 * i:13 * i + 13]) for i in range(4)])
    owners = draw(st.lists(st.integers(-1, 3), min_size=52, max_size=52))
    hands = [0, 0, 0, 0]
    for card, owner in zip(cards, owners):
        if owner >= 0 and hands[owner].bit_count() < 13:
            hands[owner] |= 1 << card
    return Deal(hands)


# --- cards and strains --------------------------------------------------------------------

def test_every_card_and_strain_goes_to_endplay_and_back():
    for card in range(52):
        e = card_to_endplay(card)
        assert str(e)[-1] == card_name(card)[1]                  # the rank, as endplay shows it
        assert e == ECard(card_name(card))                        # endplay's reading of "SA"
        assert card_from_endplay(e) == card
    assert [strain_to_endplay(s) for s in range(5)] == \
        [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    assert [strain_from_endplay(d) for d in Denom] == [3, 2, 1, 0, 4]


def test_what_is_not_an_endplay_card_or_strain_is_refused():
    with pytest.raises(BridgeError, match="not an endplay Card"):
        card_from_endplay("SA")
    with pytest.raises(BridgeError, match="not a strain"):
        strain_from_endplay(7)


# --- deals ---------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(deals())
def test_a_complete_deal_goes_to_endplay_and_back(deal):
    e = deal.to_endplay()
    assert e == EDeal(deal.to_pbn())                              # endplay's own reading
    for seat in range(4):                                         # every card where it was
        held = {card_from_endplay(c) for c in e[Player(seat)]}
        assert held == {c for c in range(52) if deal.hands[seat] >> c & 1}
    assert Deal.from_endplay(e) == deal


@settings(max_examples=60, deadline=None)
@given(deals(complete=False))
def test_a_partial_deal_goes_to_endplay_and_back(deal):
    back = Deal.from_endplay(deal.to_endplay())
    assert back == deal
    assert [h.bit_count() for h in back.hands] == [h.bit_count() for h in deal.hands]


@settings(max_examples=30, deadline=None)
@given(deals(), st.integers(0, 3), st.integers(1, 3))
def test_a_trick_in_progress_goes_back_to_the_hands_that_played_it(deal, leader, played):
    e = deal.to_endplay()
    e.first = Player(leader)
    for i in range(played):                                        # each plays his lowest card
        seat = (leader + i) % 4
        lowest = (deal.hands[seat] & -deal.hands[seat]).bit_length() - 1
        e.play(card_to_endplay(lowest))
    assert len(e.curtrick) == played
    assert Deal.from_endplay(e) == deal
    assert len(e.curtrick) == played                               # endplay's deal untouched


def test_from_endplay_refuses_what_is_not_an_endplay_deal():
    with pytest.raises(BridgeError, match="not an endplay Deal"):
        Deal.from_endplay("N:AKQ2.KQ2.A32.K32 - - -")


# --- boards --------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(1, 200), st.one_of(st.none(), deals()), st.booleans(), st.integers(0, 3),
       st.sampled_from(VULNERABILITIES))
def test_a_board_goes_to_endplay_and_back(number, deal, marked, dealer, vul):
    board = Board(number, deal, dealer=dealer, vulnerable=vul) if marked else Board(number, deal)
    e = board.to_endplay()
    assert e.board_num == number
    assert int(e.dealer) == board.dealer
    assert e.vul == Vul.find({"none": "none", "NS": "ns", "EW": "ew", "all": "all"}[board.vulnerable])
    back = Board.from_endplay(e)
    assert (back.number, back.dealer, back.vulnerable, back.deal) == \
        (board.number, board.dealer, board.vulnerable, board.deal)


def test_endplay_and_bridgelaws_give_every_board_number_the_same_dealer_and_vulnerability():
    for number in range(1, 65):                                    # Law 2's cycle, four times
        back = Board.from_endplay(EBoard(board_num=number))
        assert (back.dealer, back.vulnerable) == (dealer_of(number), vulnerability_of(number))


def test_an_endplay_board_without_number_or_markings_is_refused():
    with pytest.raises(BridgeError, match="neither a number nor a dealer"):
        Board.from_endplay(EBoard())
    with pytest.raises(BridgeError, match="board 0: board number 0"):
        Board.from_endplay(EBoard(board_num=0))
    with pytest.raises(BridgeError, match="not an endplay Board"):
        Board.from_endplay(Board(1))


# --- contracts and results -------------------------------------------------------------------

def test_every_result_goes_to_endplay_and_back_with_the_same_law77_score():
    seen = 0
    for level in range(1, 8):
        for strain in range(5):
            for doubled in range(3):
                contract = Contract(level, strain, doubled)
                for declarer in range(4):
                    for tricks in range(14):
                        e = result_to_endplay(contract, declarer, tricks)
                        assert (e.level, e.denom, e.declarer, e.penalty) == \
                            (level, strain_to_endplay(strain), Player(declarer),
                             (Penalty.passed, Penalty.doubled, Penalty.redoubled)[doubled])
                        assert e.result == tricks - level - 6
                        assert result_from_endplay(e) == (contract, declarer, tricks)
                        for vul in VULNERABILITIES:
                            theirs = e.score(Vul.find({"none": "none", "NS": "ns", "EW": "ew",
                                                       "all": "all"}[vul]))
                            ours = score_ns(contract, declarer, vul, tricks)
                            assert ours == (theirs if declarer % 2 == 0 else -theirs)
                        seen += 1
    assert seen == 35 * 3 * 4 * 14


def test_a_contract_alone_and_a_passed_out_board():
    assert str(Contract.parse("4HX").to_endplay("W")) == str(EContract("4HWx="))
    assert Contract.from_endplay(EContract("6NTSxx-1")) == Contract.parse("6NXX")
    assert Contract.from_endplay(EContract("Pass")) is None
    assert result_from_endplay(EContract("Pass")) == (None, None, None)
    assert result_to_endplay(None).is_passout()


def test_results_endplay_holds_but_law77_has_not_are_refused():
    with pytest.raises(BridgeError, match="not one of Law 77's"):
        result_from_endplay(EContract("7SN+1"))                    # 14 tricks
    with pytest.raises(BridgeError, match="0 to 13 tricks"):
        result_to_endplay(Contract.parse("3N"), "N", 14)
    with pytest.raises(BridgeError, match="declarer"):
        result_to_endplay(Contract.parse("3N"), None, 9)
    with pytest.raises(BridgeError, match="not an endplay Contract"):
        result_from_endplay("3NTN=")


# --- endplay's public API only --------------------------------------------------------------

def test_the_private_endplay_dds_module_is_used_only_where_documented():
    """``endplay._dds`` is endplay's private ctypes layer: bridgelaws imports it only for
    what the public API lacks (DDS's thread count, a DDTable made from numbers), in
    analysis.py; every other use goes through endplay.dds and endplay.types."""
    users = {}
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any(n == "endplay._dds" or n.startswith("endplay._dds.") for n in names):
                users.setdefault(path.relative_to(SRC).as_posix(), []).append(node.lineno)
    assert set(users) == {"analysis.py"}
    text = (SRC / "analysis.py").read_text(encoding="utf-8")
    for line in users["analysis.py"]:
        assert "private" in text.splitlines()[line - 1]


def test_the_endplay_versions_tested_are_pinned():
    import re

    import endplay
    pyproject = (SRC.parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    spec = next(line.strip().strip('",') for line in pyproject.splitlines()
                if line.strip().startswith('"endplay'))
    bounds = re.findall(r"(>=|<)\s*([\d.]+)", spec)
    assert [op for op, _ in bounds] == [">=", "<"], spec          # a floor and a ceiling

    def version(text):
        return tuple(int(n) for n in text.split("."))
    installed = version(endplay.__version__)
    assert version(bounds[0][1]) <= installed < version(bounds[1][1]), (spec, installed)
