"""The demo event that an empty database starts with: a four-table Mitchell dealt from a
fixed seed, the first two rounds' results, and one ruling in the log, so that the
console shows something real the first time it is opened."""

from __future__ import annotations

import random

from ..boards import Board
from ..cards import Deal
from ..deals.constraints import hcp, suit_lengths
from ..formats.case import case_table
from ..explain import explain
from .db import EventRow, RulingRow, Store, select
from .console.logic import create_event, save_result

__all__ = ["load_demo", "DEMO_NAME"]

DEMO_NAME = "Demo club pairs"
DEMO_SEED = "bridgelaws-demo"


def plausible_result(deal_text: str, rng: random.Random) -> dict:
    """A believable traveller line for a demo: the side with more high-card points
    declares its longest suit or notrump at a level its points suggest."""
    deal = Deal.from_pbn(deal_text)
    points_of = [hcp(h) for h in deal.hands]
    ns, ew = points_of[0] + points_of[2], points_of[1] + points_of[3]
    side = (0, 2) if ns >= ew else (1, 3)
    points = max(ns, ew)
    if points < 21:
        return {"contract": "PASS"}
    declarer = max(side, key=lambda s: points_of[s])
    # suit lengths clubs first (suit_lengths gives spades first), as the strains "CDHS"
    fit = [a + b for a, b in zip(suit_lengths(deal.hands[side[0]])[::-1],
                                 suit_lengths(deal.hands[side[1]])[::-1])]
    suit = max(range(4), key=lambda s: fit[s])
    level = 1 + max(0, min(6, (points - 19) // 3))
    strain = "N" if fit[suit] < 8 else "CDHS"[suit]
    tricks = max(0, min(13, level + 6 + rng.choice((-1, 0, 0, 0, 1))))
    return {"contract": f"{level}{strain}", "declarer": "NESW"[declarer], "tricks": str(tricks)}


def load_demo(store: Store) -> int | None:
    """Create the demo event in an empty database; returns its id (``None`` if the
    database has events already)."""
    with store.transaction() as s:
        if s.scalar(select(EventRow.id).limit(1)) is not None:
            return None
        ev = create_event(s, name=DEMO_NAME, kind="pairs", movement="mitchell", tables=4,
                          boards_per_round=2, seed=DEMO_SEED, director="demo")
        rng = random.Random(DEMO_SEED)
        for st in ev.sittings:
            if st.round > 2:
                continue
            for b in st.boards:
                deal = next(x.deal for x in ev.boards if x.number == b)
                save_result(s, ev, section=st.section, round_no=st.round, table_no=st.table_no,
                            board=b, director="demo", **plausible_result(deal, rng))
        first = ev.sittings[0]
        board = first.boards[0]
        deal = next(x.deal for x in ev.boards if x.number == board)
        order = "NESW"
        dealer = order[Board(board).dealer]
        case = {"board": board, "deal": deal, "events": []}
        lho = order[(order.index(dealer) + 1) % 4]
        case["events"] = [{"by": dealer, "call": "1H"}, {"by": lho, "call": "1D"},
                          {"by": order[(order.index(lho) + 1) % 4], "choose": "accept"}]
        table = case_table(case)
        st = table.state()
        s.add(RulingRow(event_id=ev.id, section=first.section, round=first.round,
                        table_no=first.table_no, board=board, scenario="insufficient_bid",
                        kind="insufficient_bid", facts={"who": lho, "call": "1D"}, case=case,
                        laws=st["laws"], options=[["accept", "reject"]],
                        chooser=case["events"][-1]["by"], choice="accept",
                        explanation="\n".join(explain(case_table(dict(case, events=case["events"][:2])))),
                        director="demo"))
        return ev.id
