"""`bridgelaws rule` reads the facts (issue 16, point 9): the cards, calls and suits of
the case by their symbols (West's ♣8, clubs), the suits the chooser may lawfully name,
the offender's substitute call after a refused insufficient bid (27B1a: 2♥ replaces 1♥
without rectification; 27B2: partner passes throughout), and, after the choice, what
applies now until the table is back to normal (Laws 26B, 27B, 50D2)."""

import json
import subprocess
import sys

from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
THREE_NT = [{"by": b, "call": c} for b, c in
            [("N", "1N"), ("E", "P"), ("S", "3N"), ("W", "P"), ("N", "P"), ("E", "P")]]
REFUSED_LEAD = THREE_NT + [{"by": "W", "play": "C8"}, {"by": "N", "choose": "reject"}]


def lines(events, lang="en"):
    return explain(case_table({"board": 1, "deal": DEAL, "events": events}), lang)


def calls(*pairs):
    return [{"by": b, "call": c} for b, c in pairs]


# --- Law 50D2 after a refused opening lead: the card, the suit, and what follows ---------

def test_50D2_names_the_penalty_card_and_the_only_suit_declarer_may_name():
    out = lines(REFUSED_LEAD)
    assert out[1] == ("What happened: West holds a major penalty card (\u26638), and his "
                      "partner is now on lead.")
    assert "North may name only: \u2663 clubs." in out
    assert out[-2] == "The table waits for the choice of North."


def test_50D2_after_the_choice_the_required_lead_then_normal_play():
    chosen = REFUSED_LEAD + [{"by": "N", "choose": "require_suit", "suit": "C"}]
    out = lines(chosen)
    assert out[-3] == "North chose: require a suit (\u2663 clubs)."
    assert out[-2] == "Now in force: East must lead \u2663 clubs (Law 50D2a)."
    out = lines(chosen + [{"by": "E", "play": "CQ"}])      # the club is led: done
    assert out[-2] == "No rectification remains in force: play goes on normally."


def test_50D2_no_demand_the_penalty_card_stays_in_force():
    out = lines(REFUSED_LEAD + [{"by": "N", "choose": "no_restriction"}])
    assert out[-2] == ("Now in force: West's \u26638 remains a major penalty card: it must be "
                       "played at the first legal opportunity (Law 50D).")
    assert out[-1].startswith("Laws:") and "50D" in out[-1].split(": ")[1].split(", ")


def test_50D2_in_polish_and_hebrew():
    chosen = REFUSED_LEAD + [{"by": "N", "choose": "require_suit", "suit": "C"}]
    pl = lines(chosen, "pl")
    assert "(\u26638)" in pl[1]
    assert "N może wskazać tylko: \u2663 trefl." in pl
    assert pl[-2] == ("Teraz obowiązuje: E musi wyjść w wyznaczony kolor: \u2663 trefl "
                      "(przepis 50D2a).")
    he = lines(chosen, "he")
    assert he[-2] == "\u200fבתוקף עכשיו: מזרח חייב להוביל \u2663 קלאב (חוק 50D2a)."


# --- Law 27B: the substitute call, read from the log -------------------------------------

def test_27B1a_the_lowest_sufficient_bid_in_the_same_denomination_is_free():
    out = lines(calls(("N", "1S"), ("E", "1H")) + [{"by": "S", "choose": "reject"}]
                + calls(("E", "2H")))
    assert out[1] == "What happened: East made an insufficient bid (1\u2665)."
    assert out[-3] == ("East then replaced 1\u2665 with 2\u2665, the lowest sufficient bid in "
                       "the same denomination: there is no further rectification "
                       "(Law 27B1a).")
    assert out[-2] == "No rectification remains in force: the auction goes on normally."
    assert out[-1] == "Laws: 27, 27A1, 27B, 27B1a"


def test_27B_refused_and_not_yet_replaced_the_offender_owes_a_call():
    out = lines(calls(("N", "1S"), ("E", "1H")) + [{"by": "S", "choose": "reject"}])
    assert out[-2] == "Now in force: East must now replace 1\u2665 with a legal call (Law 27B)."


def test_27B2_another_call_bars_partner_and_the_lead_restriction_is_to_come():
    events = calls(("N", "1S"), ("E", "1H")) + [{"by": "S", "choose": "reject"}] + \
        calls(("E", "2D"))
    out = lines(events)
    assert out[-3] == ("East then replaced 1\u2665 with 2\u2666: West must pass for the rest "
                       "of the auction (Law 27B2).")
    assert out[-2] == ("Now in force: West must pass for the rest of the auction. If East "
                       "becomes a defender, declarer may forbid West to lead one suit at his "
                       "first turn to lead (Law 26B).")
    assert out[-1] == "Laws: 27, 27A1, 27B, 27B2, 26B"
    ru = lines(events, "ru")
    assert ru[-3] == ("Затем Восток заменил 1\u2665 на 2\u2666: Запад должен пасовать до "
                      "конца торговли (Правило 27B2).")
    nb = lines(events + calls(("S", "P")), "nb")               # a pass keeps it all
    assert nb[-2].startswith("Nå gjelder: Vest må passe resten av meldingsforløpet.")


def test_27B2_a_pass_as_substitute_is_named_in_words():
    out = lines(calls(("N", "1S"), ("E", "1H")) + [{"by": "S", "choose": "reject"}]
                + calls(("E", "P")))
    assert out[-3].startswith("East then replaced 1\u2665 with pass: West must pass")
    assert lines(calls(("N", "1S"), ("E", "1H")) + [{"by": "S", "choose": "reject"}]
                 + calls(("E", "P")), "pl")[-3].startswith(
        "Następnie E zastąpił 1\u2665 zapowiedzią pas:")


# --- Law 26B at the partner's first lead: the suits, then the ban in force ---------------

AUCTION_26B = calls(("N", "1S"), ("E", "1H")) + [{"by": "S", "choose": "reject"}] + calls(
    ("E", "2D"), ("S", "2N"), ("W", "P"), ("N", "3N"), ("E", "4C"), ("S", "4N"), ("W", "P"),
    ("N", "P"), ("E", "P"))


def test_26B_the_suits_east_did_not_specify_then_the_ban_while_west_keeps_the_lead():
    out = lines(AUCTION_26B)
    assert "South may name only: \u2660 spades, \u2665 hearts." in out
    out = lines(AUCTION_26B + [{"by": "S", "choose": "forbid_suit", "suit": "H"}])
    assert out[-3] == "South chose: forbid a suit (\u2665 hearts)."
    assert out[-2] == ("Now in force: West may not lead \u2665 hearts for as long as he keeps "
                       "the lead (Law 26B).")


def test_51B2_several_suits_may_be_forbidden_and_the_line_says_so():
    # two refused leads out of turn: W's C8 and D4 are penalty cards in two suits
    case = json.loads(open("tests/cases/play/law51B2_decision.json").read())
    out = explain(case_table(case), "en")
    assert ("North may name only: \u2666 diamonds, \u2663 clubs (to forbid, one or more of "
            "them).") in out
    assert "(\u26638, \u26664)" in out[1] or "(\u26664, \u26638)" in out[1]


def test_rule_command_reads_the_facts(tmp_path):
    case = tmp_path / "c.json"
    case.write_text(json.dumps({"board": 1, "deal": DEAL, "events": calls(
        ("N", "1S"), ("E", "1H")) + [{"by": "S", "choose": "reject"}] + calls(("E", "2H"))}))
    out = subprocess.run([sys.executable, "-m", "bridgelaws.cli", "rule", str(case),
                          "--lang", "pl"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert ("Następnie E zastąpił 1\u2665 odzywką 2\u2665, najniższą odzywką wystarczającą w "
            "tym samym mianie: nie ma dalszych sprostowań (przepis 27B1a).") in out.stdout
    assert "licytacja toczy się normalnie" in out.stdout


def test_57A_the_suit_declarer_named_then_the_penalty_card_alone():
    """E plays the CQ before W has played to the heart trick; declarer requires
    diamonds should W be unable to follow (57A3): the duty, with its suit, stands until
    W has played to the trick; then only E's penalty card remains."""
    case = json.loads(open("tests/cases/play/law57A3_require_suit.json").read())
    out = explain(case_table(case), "en")
    assert out[-2] == ("Now in force: If he cannot follow suit, West must play \u2666 diamonds "
                       "(Law 57A3). East's \u2663Q remains a major penalty card: it must be "
                       "played at the first legal opportunity (Law 50D).")
    ru = explain(case_table(case), "ru")
    assert "он должен сыграть картой масти \u2666 бубны (Правило 57A3)" in ru[-2]
    t = case_table(case)
    card = t.legal_card_names()[0]
    later = explain(case_table(dict(case, events=[*case["events"],
                                                   {"by": "W", "play": card}])), "en")
    assert "must play \u2666 diamonds" not in later[-2] and "\u2663Q remains" in later[-2]


def test_31A2_the_call_compared_with_the_cancelled_one():
    """South's 1♠ at East's turn is refused; East bids, South calls again: judged
    comparable, no rectification (31A2a); otherwise North passes at his next turn and
    26B may follow (31A2b)."""
    base = calls(("N", "1C"), ("S", "1S")) + [{"by": "W", "choose": "reject"}] + \
        calls(("E", "2C"))
    same = lines(base + [{"by": "S", "call": "2S", "comparable": True}])
    assert same[-3] == ("South then called 2\u2660, which the Director judged comparable to "
                        "1\u2660: there is no further rectification (Law 31A2a).")
    other = lines(base + calls(("S", "3N")), "nb")
    assert other[-3] == ("Syd meldte deretter 3NT, som turneringslederen ikke anså som "
                         "sammenlignbar med 1\u2660: Nord må passe neste gang det er hans tur "
                         "(§31A2b).")
    assert other[-2].startswith("Nå gjelder: Nord må passe")
