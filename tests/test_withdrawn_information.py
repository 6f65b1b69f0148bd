"""Law 16C (issue 16, point 10): information from a withdrawn call or card is authorised
for the non-offending side and unauthorised for the offending side.  Every ``UI`` flag
names a seat of the side for which the information is unauthorised; after a change of
call for misinformation (21B1a) that is the side that gave the misinformation."""

import pytest

from bridgelaws.formats.case import run_case

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
NS, EW = "NS", "EW"
THREE_NT = ["N 1N", "E P", "S 3N", "W P", "N P", "E P"]
TRICK1 = ["E CQ", "S C4", "W C5", "N CK"]


def event(text):
    by, what = text.split(" ", 1)
    if what.startswith("!"):
        return {"by": by, "choose": what[1:]}
    if what.startswith("expose "):
        return {"by": by, "expose": what.split()[1]}
    if "/" in what:
        call, replaces = what.split("/")
        return {"by": by, "call": call, "replaces": replaces}
    if len(what) == 2 and what[0] in "SHDC" and what[1] in "23456789TJQKA":
        return {"by": by, "play": what}
    return {"by": by, "call": what}


def ui_sides(events):
    state = run_case({"board": 1, "deal": DEAL, "events": [event(e) for e in events]})
    flags = [f for f in state["flags"] if f["flag"] in ("UI", "UI_card")]
    assert all("seat" in f for f in flags), flags
    return {NS if f["seat"] in "NS" else EW for f in flags}, state


SCENARIOS = {
    # 21B1a: E was misinformed by N-S: the withdrawn pass is unauthorised to N-S only
    "21B1a": (["N 1C", "E P", "E 1H/misinformation"], NS),
    # 21B2: S, of the misinforming side, changes his call too: unauthorised to N-S
    "21B2": (["N 1C", "E P", "S P", "E 1H/misinformation", "S 1S/after_change"], NS),
    # 25A: E's unintended call withdrawn: unauthorised to E-W
    "25A": (["N 1N", "E 2C", "E 2D/unintended"], EW),
    # 25A6: S's call withdrawn after E's change: authorised to N-S, unauthorised to E-W
    "25A6": (["N 1N", "E 2C", "S P", "E 2D/unintended", "S X/after_change"], EW),
    # 25B: a late change (partner has called) accepted or not
    "25B1": (["N 1N", "E 2C", "S P", "W P", "E 2D/unintended", "S !accept"], EW),
    "25B2": (["N 1N", "E 2C", "S P", "W P", "E 2D/unintended", "S !reject"], EW),
    # 27: an insufficient bid not accepted is withdrawn
    "27B": (["N 1N", "E 1D", "S !reject"], EW),
    "27B4": (["N 1N", "E 1D", "S !reject", "E 1S", "S !reject"], EW),
    # 29-32: calls out of rotation cancelled
    "30A": (["E P", "S !reject"], EW),
    "31A": (["N 1C", "W 1H", "N !reject"], EW),
    "32B": (["N 1C", "W X", "N !reject"], EW),
    "28B": (["N 1C", "W 1H", "E P"], EW),
    # 36-39: inadmissible calls cancelled
    "36B": (["N 1C", "E P", "S X"], NS),
    "37B": (["E P", "S !reject", "N 1C", "E 1H"], EW),
    "38": (["N 1C", "E 8S"], EW),
    "39": (["N 1N", "E P", "S P", "W P", "E 2H"], EW),
    # 24: a card exposed during the auction
    "24": (["N 1N", "E P", "S expose HA"], NS),
    # 53B: a defender's lead out of turn goes back when declarer leads properly
    "53B": (THREE_NT + TRICK1 + ["E DK", "N SA"], EW),
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_withdrawn_action_is_unauthorised_to_the_offending_side(name):
    events, offending = SCENARIOS[name]
    sides, state = ui_sides(events)
    assert sides == {offending}, (name, state["flags"], state["laws"])


def test_21B1a_flag_is_not_on_the_misinformed_side():
    sides, state = ui_sides(["N 1C", "E P", "E 1H/misinformation"])
    assert state["laws"] == ["21B1a"] and sides == {NS}


def test_declarers_withdrawn_lead_is_unauthorised_to_his_side():
    # N won trick 2; declarer leads dummy's H5 instead: W does not accept it (55B2)
    events = THREE_NT + TRICK1 + ["N SA", "E S8", "S S6", "W S3", "S H5", "W !reject"]
    sides, state = ui_sides(events)
    assert "55B2" in state["laws"] and sides == {NS}, state["flags"]
