"""The live table's state without HTTP: the log replayed, the views, strict mode."""

from __future__ import annotations

import json

import pytest

from bridgelaws.service.live.logic import ActionError, Hub, LiveState, seat_view, translate

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def state(mode="laws"):
    return LiveState(1, mode, [1], {1: DEAL})


def act(st, seat, /, **a):
    """Apply a seat's act as the hub does: its entry, then the answer a question needs."""
    st.apply(translate(st, "NESW".index(seat), a), seat, st.seq + 1)
    answer = Hub._answer_of(st)
    if answer is not None:
        st.apply(answer, answer["e"]["by"], st.seq + 1)


class _Hub(Hub):
    def __init__(self):       # no store: only the encoding is used
        pass


def test_the_spliced_message_is_the_seat_view():
    st = state()
    for seat, call in zip("NESW", ["1N", "P", "P", "P"]):
        act(st, seat, action="call", call=call)
    act(st, "E", action="play", card="DK")
    for seat in range(4):
        sent = json.loads(_Hub().view_text(st, seat))["view"]
        assert sent == json.loads(json.dumps(seat_view(st, seat)))


def test_an_unnoticed_revoke_is_hidden_until_pointed_out():
    st = state()
    for seat, call in zip("NESW", ["1N", "P", "P", "P"]):
        act(st, seat, action="call", call=call)
    act(st, "E", action="play", card="DK")
    act(st, "N", action="play", card="D8")        # declarer plays dummy's (South's) card
    act(st, "W", action="play", card="D4")
    act(st, "N", action="play", card="H2")        # N holds diamonds: a revoke
    views = [seat_view(st, s) for s in range(4)]
    assert "61A" in st.table.laws
    for v in views:
        assert "61A" not in v["laws"] and v["revokes"] == []
        assert all(i["kind"] != "revoke" for i in v["irregularities"])
    # no card seen proves it: pointing it out is refused (ask instead, Law 61B)
    with pytest.raises(ActionError) as e:
        act(st, "E", action="attention", what="revoke")
    assert e.value.key == "unproven_revoke" and st.seq == 8
    act(st, "E", action="ask", seat="N")               # a defender asks declarer (61B3)
    v = seat_view(st, 1)
    assert "61A" in v["laws"] and v["revokes"] and st.call is not None
    assert v["questions"] == [{"by": "E", "asks": "N", "trick": 1, "suit": "D", "law": "61B3",
                               "answer": "yes"}]


def test_strict_mode_refuses_and_keeps_the_log():
    st = state("strict")
    with pytest.raises(ActionError) as e:
        act(st, "E", action="call", call="1C")    # out of rotation: N deals board 1
    assert e.value.key == "strict" and "31" in e.value.text()
    assert st.table.events == [] and st.seq == 0
    act(st, "N", action="call", call="1C")
    assert len(st.table.events) == 1


def test_the_laws_the_service_applies_are_in_the_view():
    st = state()
    assert seat_view(st, 0)["service_laws"] == []
    for seat, call in zip("NESW", ["1N", "P", "P", "P"]):
        act(st, seat, action="call", call=call)
    act(st, "E", action="play", card="DK")            # dummy faced: declarer plays it (45B)
    assert seat_view(st, 0)["service_laws"] == ["45B"]
    act(st, "N", action="play", card="D8")
    act(st, "W", action="play", card="D4")
    act(st, "N", action="play", card="DA")
    act(st, "N", action="claim", tricks=12)         # the claimer's hand faced (68C)
    assert seat_view(st, 1)["service_laws"] == ["68C", "45B"]
    act(st, "E", action="respond", answer="dispute")  # the Director must rule: held (9B2)
    assert seat_view(st, 1)["service_laws"] == ["9B2", "68C", "45B"]
