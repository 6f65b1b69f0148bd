"""The dealer program's language (issue 20.2): conditions for ``deal --where`` and whole
scripts for ``deal --dealer-script``, read and evaluated by endplay.  Every board dealt is
checked against the condition by the project's own predicates, independently of endplay."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from bridgelaws.boards import dealer_of, vulnerability_of
from bridgelaws.cards import BridgeError, Deal, mask_of, parse_card
from bridgelaws.deals.constraints import Constraint, hcp, parse_where, shape_class, suit_lengths
from bridgelaws.deals.dealerscript import (MAX_CONDITION, DealerCondition, is_dealer_syntax,
                                           parse_any_where, parse_condition, parse_script,
                                           read_script)
from bridgelaws.deals.dealing import Dealer
from bridgelaws.deals.dealnumber import DEAL_COUNT, deal_of_number
from bridgelaws.formats.pbn import read_pbn

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)          # indexes into suit_lengths()


def controls(hand: int) -> int:
    """Aces 2, kings 1, from the masks (not endplay's)."""
    return sum(2 * (hand >> (13 * s + 12) & 1) + (hand >> (13 * s + 11) & 1) for s in range(4))


# every deal by its number (the project's own bijection), so that any deal may be drawn
deals = st.integers(0, DEAL_COUNT - 1).map(deal_of_number)


# --- classic teaching conditions: each board dealt meets it, by the project's predicates -------

CLASSICS = {
    "balanced 15-17 notrump opener":
        ("hcp(north)>=15 && hcp(north)<=17 && shape(north, any 4333+any 4432+any 5332)",
         lambda h: parse_where("N hcp 15-17 balanced")(h)),
    "weak two in hearts":
        ("hearts(south) == 6 && hcp(south) >= 5 && hcp(south) <= 10 && spades(south) < 4",
         lambda h: suit_lengths(h[S])[HEARTS] == 6 and 5 <= hcp(h[S]) <= 10
         and suit_lengths(h[S])[SPADES] < 4),
    "4-4 spade fit with game values":
        ("spades(north) == 4 and spades(south) == 4 and hcp(north) + hcp(south) >= 25",
         lambda h: suit_lengths(h[N])[SPADES] == 4 and suit_lengths(h[S])[SPADES] == 4
         and hcp(h[N]) + hcp(h[S]) >= 25),
    "two-suiter in the majors over a strong club":
        ("shape(west, 55xx + 65xx + 56xx) && hcp(east) >= 16 && controls(east) >= 4",
         lambda h: suit_lengths(h[W])[:2] in ((5, 5), (6, 5), (5, 6)) and hcp(h[E]) >= 16
         and controls(h[E]) >= 4),
    "unbalanced minimum without a five-card major":
        ("!shape(east, any 4333 + any 4432 + any 5332) && hcp(east) >= 11 && hcp(east) <= 13"
         " && spades(east) < 5 && hearts(east) < 5",
         lambda h: shape_class(suit_lengths(h[E])) != "balanced" and 11 <= hcp(h[E]) <= 13
         and max(suit_lengths(h[E])[:2]) < 5),
}


@pytest.mark.parametrize("name", list(CLASSICS))
def test_every_board_dealt_meets_a_classic_condition(name):
    text, check = CLASSICS[name]
    condition = parse_condition(text)
    dealer = Dealer(seed=name)
    boards = [dealer.deal(condition) for _ in range(6)]
    assert len({tuple(d.hands) for d in boards}) == 6
    for deal in boards:
        assert deal.is_complete() and check(deal.hands), (name, deal)


# Each condition is read once (endplay's parser is the slow part) and evaluated by endplay's
# interpreter on every deal drawn; the project's predicates give the expected answer.
AGREEMENT = {
    "hcp(north) >= 12": lambda h, n: hcp(h[N]) >= 12,
    "hcp(south, hearts) >= 4": lambda h, n: hcp(h[S] & (0x1FFF << 26)) >= 4,
    "spades(east) + spades(west) >= 8": lambda h, n: n[E][SPADES] + n[W][SPADES] >= 8,
    "shape(west, any 5xxx - any 6xxx)": lambda h, n: 5 in n[W] and 6 not in n[W],
    "shape(north, 5xxx + x5xx)": lambda h, n: n[N][SPADES] == 5 or n[N][HEARTS] == 5,
    "shape(south, any 4333 + any 4432 + any 5332)":
        lambda h, n: shape_class(n[S]) == "balanced",
    "hascard(east, AS) || hascard(east, KH)":
        lambda h, n: bool(h[E] >> parse_card("SA") & 1 or h[E] >> parse_card("HK") & 1),
    "controls(north) >= 3": lambda h, n: controls(h[N]) >= 3,
    "clubs(west) > diamonds(west) ? hcp(west) > 10 : hcp(west) < 5":
        lambda h, n: hcp(h[W]) > 10 if n[W][CLUBS] > n[W][DIAMONDS] else hcp(h[W]) < 5,
}
PARSED = {}


@settings(max_examples=120, deadline=None)
@given(deals)
def test_dealer_conditions_agree_with_the_project_predicates(deal):
    h = deal.hands
    lengths = [suit_lengths(x) for x in h]
    for text, expected in AGREEMENT.items():
        if text not in PARSED:
            PARSED[text] = parse_condition(text)
        assert PARSED[text](h) == expected(h, lengths), (text, deal)


# --- telling the two languages apart --------------------------------------------------------

def test_where_takes_either_language_and_keeps_the_project_predicates():
    assert is_dealer_syntax("hcp(north)>=15 && shape(north, any 4333+any 4432+any 5332)")
    assert not is_dealer_syntax("N hcp 15-17 balanced, S hearts 5+")
    assert isinstance(parse_any_where("N hcp 15-17 balanced, S hearts 5+"), Constraint)
    assert isinstance(parse_any_where("hcp(north) >= 15"), DealerCondition)


# --- refused, in one line naming the token --------------------------------------------------

@pytest.mark.parametrize("text, named", [
    ("hcp(north)>=15 && foo(north)>2", "'foo' is not a function"),
    ("hcp(nort)>=15", "'nort' in hcp() is not a seat"),
    ("hcp(north, spads) > 3", "'spads' in hcp() is not a suit"),
    ("hascard(west, SA)", "'SA' in hascard() is not a card as dealer writes it"),
    ("tricks(north, nt) > 8", "'nt' in tricks() is not a strain"),
    ("hcp(north) >= 15 && imps(3) > 1", "'imps' is not evaluated by endplay"),
    ("quality(north, spades) > 3", "'quality' is not evaluated by endplay"),
    ("hcps(north) > 3", "'hcps' is spelt hcp"),
    ("club(north) > 3", "'club' is spelt clubs"),
    ("Hcp(north) > 3", "'Hcp' is written in lower case"),
    ("x > 3", "'x' is not a function, a number or a name"),
    ("shape(north, 4334)", "shape '4334' is not a 13-card pattern"),
    ("hcp(north)>=15 &&", "ends too soon"),
    ("hcp(north) >= 15 $ 2", "not understood at '$'"),
    ("", "the condition is empty"),
    ("(" * 25 + "hcp(north) > 1" + ")" * 25, "nests parentheses 26 deep"),
    ("hcp(north) > 1 && " * 70 + "hcp(north) > 1", f"at most {MAX_CONDITION:,}"),
])
def test_what_cannot_be_read_or_evaluated_is_one_line_naming_it(text, named):
    with pytest.raises(BridgeError) as e:
        parse_condition(text)
    message = str(e.value)
    assert message.startswith("--where: ") and named in message, message
    assert "\n" not in message and len(message) < 200 and "Expected" not in message


def test_a_condition_that_divides_by_zero_says_so_on_the_deal():
    condition = parse_condition("hcp(north) / (spades(north) - spades(north)) > 1")
    with pytest.raises(BridgeError, match="divides by zero"):
        condition(Dealer(seed=1).deal().hands)


def test_an_impossible_condition_ends_with_the_cap_on_attempts():
    with pytest.raises(BridgeError, match="no deal met 'hcp\\(north\\) > 37' in 200 attempts"):
        Dealer(seed=1).deal(parse_condition("hcp(north) > 37"), max_attempts=200)


# --- whole scripts ------------------------------------------------------------------------------

LESSON = """\
# weak two in hearts for South, North with a fit and an ace
generate 100000
produce 5
dealer south
vulnerable ew
predeal north SAK, HQ32
weak = hearts(south) == 6 && hcp(south) >= 5 && hcp(south) <= 10
altcount 5 2 1
condition weak
   && pt5(north) >= 3   // two top honours or more: AK of spades already
action printall
"""


def test_a_script_gives_its_boards_markings_predeal_and_condition():
    script = parse_script(LESSON, "lesson.dlr")
    assert (script.produce, script.generate, script.dealer, script.vulnerable) == \
        (5, 100000, S, "EW")
    assert script.notes == ["'printall' is not run: the boards are written as PBN"]
    assert script.text == ("dealer script lesson.dlr; predeal N:AK.Q32..; condition weak && "
                           "pt5(north) >= 3")
    fixed = mask_of(parse_card(c) for c in ("SA", "SK", "HQ", "H3", "H2"))
    boards = script.deal_boards(range(1, 6), seed=8)
    assert [b.number for b in boards] == [1, 2, 3, 4, 5]
    for b in boards:
        h = b.deal.hands
        assert (b.dealer, b.vulnerable) == (S, "EW")                   # the script's markings
        assert b.deal.is_complete() and h[N] & fixed == fixed            # the predeal
        assert suit_lengths(h[S])[HEARTS] == 6 and 5 <= hcp(h[S]) <= 10  # the condition
    others = {b.deal.hands[N] & ~fixed for b in boards}
    assert len(others) == 5                                              # the rest is dealt


def test_a_script_and_a_where_together_both_hold():
    script = parse_script("condition spades(north) >= 5\n", "five.dlr")
    boards = script.deal_boards(range(1, 5), seed=3, where=parse_where("N hcp 12+"))
    for b in boards:
        assert suit_lengths(b.deal.hands[N])[SPADES] >= 5 and hcp(b.deal.hands[N]) >= 12
        assert (b.dealer, b.vulnerable) == (dealer_of(b.number), vulnerability_of(b.number))


@pytest.mark.parametrize("text, named", [
    ("pointcount 4 3 2 1\ncondition hcp(north) > 10\n", "lesson.dlr:1: 'pointcount' is not applied"),
    ("altcount 12 1\n", "lesson.dlr:1: altcount takes the number of a count, 0 to 9"),
    ("altcount 3 " + "1 " * 14 + "\n", "altcount 3 gives 14 values; there are 13 ranks"),
    ("condition hcp(north) > 10\ncondition hcp(south) > 10\n",
     "lesson.dlr:2: a second 'condition' (the first is at lesson.dlr:1)"),
    ("produce 3\ngenerate 10\nproduce 4\n", "lesson.dlr:3: a second 'produce'"),
    ("produce 5\nhcp(north) > 3\n",
     "lesson.dlr:2: dealer syntax not understood at 'hcp': a condition begins with the word"),
    ("/* a comment\n over lines */ produce 2\n# condition hcp(north) > 3\n"
     "condition hcp(north) > 10 &&  // strong\n   hcp(sout) > 3\n",
     "lesson.dlr:5: 'sout' in hcp() is not a seat"),
    ("weak = hearts(south) == 6 &&\n  hcp(south) >> 5\n", "lesson.dlr:2: dealer syntax not "
     "understood at '>'"),
    ("produce 2\n\ncondition hcp(north) > 10 &&\n", "lesson.dlr:3: the dealer text ends too soon"),
    ("vulnerable both\n", "lesson.dlr:1: dealer syntax not understood in this 'vulnerable'"),
    ("condition hcp(north) > 10\naction average hcp(north)\n", "'average' is not done"),
    ("a = b + 1\nb = a - 1\ncondition a > 2\n", "defined through itself"),
    ("condition strength(north) > 10\n", "lesson.dlr:1: 'strength' is not a function"),
    ("produce 4\n\ncondition hcp(nort) > 10\n", "lesson.dlr:3: 'nort' in hcp() is not a seat"),
    ("condition hcp(north) > 10 && opener\n", "'opener' is not a function, a number or a name"),
    ("predeal north SAKQJT98765432, HA\n", "predeal gives N 14 cards"),
    ("predeal north SAK\npredeal south SK\n",
     "lesson.dlr:2: predeal: SK given to N and S, in more than one hand"),
    ("predeal north SAKQJ, HAKQJ\npredeal north DAKQJ, CAK\n", "predeal gives N 14 cards"),
    ("produce 2\npredeal north SA south SQ north SK\n",
     "lesson.dlr:2: predeal names north twice in one statement"),
    ("produce 0\n", "produce takes a whole number from 1"),
])
def test_what_a_script_asks_that_cannot_be_done_is_one_line_naming_it(text, named):
    with pytest.raises(BridgeError) as e:
        parse_script(text, "lesson.dlr")
    message = str(e.value)
    assert message.startswith("lesson.dlr") and named in message, message
    assert "\n" not in message


@pytest.mark.parametrize("counts", ["altcount 9 7 5", "altcount 9 7, 5"])
def test_altcount_sets_the_scale_of_its_ptn(counts):
    # pt9 counts an ace 7 and a king 5 (the rest 0), not its default 6-4-2-1
    script = parse_script(f"{counts}\ncondition pt9(north) >= 12 && pt9(north) <= 15\n", "a.dlr")
    for b in script.deal_boards(range(1, 7), seed=4):
        hand = b.deal.hands[N]
        aces = sum(hand >> (13 * s + 12) & 1 for s in range(4))
        kings = sum(hand >> (13 * s + 11) & 1 for s in range(4))
        assert 12 <= 7 * aces + 5 * kings <= 15, Deal(b.deal.hands).to_pbn()


def test_generate_caps_the_deals_tried_for_the_whole_set():
    script = parse_script("generate 40\nproduce 3\ncondition hcp(north) > 30\n", "g.dlr")
    with pytest.raises(BridgeError, match="g.dlr: no deal met 'hcp\\(north\\) > 30' within "
                                          "'generate 40'"):
        script.deal_boards(range(1, 4), seed=1)
    # without a condition each board takes one deal: three boards within 'generate 3'
    assert len(parse_script("generate 3\n", "g.dlr").deal_boards(range(1, 4), seed=1)) == 3
    with pytest.raises(BridgeError, match="within 'generate 3'"):
        parse_script("generate 3\n", "g.dlr").deal_boards(range(1, 5), seed=1)


def test_a_script_file_is_read_with_a_limit(tmp_path):
    big = tmp_path / "big.dlr"
    big.write_text("# " + "x" * 20_000 + "\ncondition hcp(north) > 3\n")
    with pytest.raises(BridgeError, match="at most 10,000 are read"):
        read_script(str(big))
    with pytest.raises(BridgeError, match="cannot read"):
        read_script(str(tmp_path / "none.dlr"))


# --- the command --------------------------------------------------------------------------------

def cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "bridgelaws.cli", *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd)


def test_deal_where_takes_a_dealer_condition(tmp_path):
    text, check = CLASSICS["balanced 15-17 notrump opener"]
    out = tmp_path / "nt.pbn"
    r = cli("deal", "--boards", "1-4", "--seed", "5", "--where", text, "--out", str(out))
    assert r.returncode == 0, r.stderr
    records = read_pbn(out)
    assert [rec.board for rec in records] == [1, 2, 3, 4]
    for rec in records:
        assert check(Deal.from_pbn(rec.deal).hands)
        assert text in rec.tags["Generator"]


def test_deal_dealer_script_produces_its_boards(tmp_path):
    script = tmp_path / "lesson.dlr"
    script.write_text(LESSON)
    r = cli("deal", "--seed", "2", "--dealer-script", str(script))
    assert r.returncode == 0, r.stderr
    assert "'printall' is not run" in r.stderr
    records = read_pbn(r.stdout)
    assert [rec.board for rec in records] == [1, 2, 3, 4, 5]               # produce 5
    for rec in records:
        assert (rec.dealer, rec.vulnerable) == ("S", "EW")
        h = Deal.from_pbn(rec.deal).hands
        assert suit_lengths(h[S])[HEARTS] == 6


def test_deal_refuses_bad_dealer_text_in_one_line(tmp_path):
    r = cli("deal", "--boards", "1-2", "--where", "hcp(nort) >= 15")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == ("bridgelaws: --where: 'nort' in hcp() is not a seat "
                                "(north, east, south or west)")
    script = tmp_path / "s.dlr"
    script.write_text("condition hcp(north) > 10\n")                      # no produce
    r = cli("deal", "--dealer-script", str(script))
    assert r.returncode == 2 and "say which boards" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
