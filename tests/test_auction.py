"""Laws 17-22: rotation, legal calls, doubles, end of the auction, the declarer."""

from bridgelaws.auction import Auction
from bridgelaws.calls import DOUBLE, PASS, REDOUBLE, call_name, parse_call


def run(dealer, calls):
    a = Auction(dealer)
    for c in calls.split():
        assert a.is_legal(a.turn, parse_call(c)), (c, a.calls)
        a.add(a.turn, parse_call(c))
    return a


def test_law17_dealer_calls_first_then_clockwise():
    a = Auction(2)
    assert a.turn == 2
    a.add(2, PASS)
    assert a.turn == 3
    a.add(3, PASS)
    assert a.turn == 0


def test_law19_double_only_an_opponents_last_bid():
    a = run(0, "1H")
    assert a.can_double(1) and not a.can_double(2)
    a = run(0, "1H P")
    assert not a.can_double(2)            # partner's bid
    a = run(0, "1H P P")
    assert a.can_double(3)                # the last bid is still an opponent's
    a = run(0, "1H X")
    assert not a.can_double(2) and a.can_redouble(2) and a.can_redouble(0)
    assert not a.can_redouble(3)          # one's own side's double
    a = run(0, "1H X XX")
    assert not a.can_redouble(3) and not a.can_double(3)
    assert Auction(0).legal_calls(0)[:2] == [PASS, parse_call("1C")]


def test_law19D_a_new_bid_cancels_doubling():
    a = run(0, "1H X 2H P P P")
    assert str(a.contract) == "2H"
    a = run(0, "1H X XX P P P")
    assert str(a.contract) == "1HXX"


def test_legal_calls_list():
    a = run(0, "1H X")
    names = [call_name(c) for c in a.legal_calls(a.turn)]
    assert names[:4] == ["P", "XX", "1S", "1N"] and names[-1] == "7N" and "1H" not in names
    a = run(0, "7N")
    assert [call_name(c) for c in a.legal_calls(a.turn)] == ["P", "X"]
    a = run(0, "7N X")
    assert [call_name(c) for c in a.legal_calls(a.turn)] == ["P", "XX"]


def test_law22B_passed_out():
    a = run(1, "P P P")
    assert not a.is_over
    a.add(a.turn, PASS)
    assert a.is_over and a.is_passed_out and a.contract is None and a.declarer is None


def test_law22A_three_passes_after_a_bid():
    a = run(3, "P P P 1C P P")
    assert not a.is_over
    a.add(a.turn, PASS)
    assert a.is_over and str(a.contract) == "1C" and a.declarer == 2   # fourth seat opened


def test_declarer_is_first_of_the_side_to_name_the_strain():
    # N opens 1H, S raises to 4H: N declares.  E bids spades, W raises: E declares.
    a = run(0, "1H 1S 2H 2S 4H P P P")
    assert a.declarer == 0 and str(a.contract) == "4H"
    a = run(0, "1C P 1H P 1N P 3N P P P")
    assert a.declarer == 0            # N first bid notrump
    a = run(0, "1C 1S 2H 2N P 3N P P P")
    assert a.declarer == 3            # W, not E, first named notrump for EW
    a = run(0, "1H 2S X P P XX P P P")
    assert str(a.contract) == "2SXX" and a.declarer == 1
    assert a.doubled == 2 and a.doubled_by == 1 and REDOUBLE == 2 and DOUBLE == 1
