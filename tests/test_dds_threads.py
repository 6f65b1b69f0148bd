"""DDS is called from several threads of one process (the live tables' claim aid, an
adjusted score's double-dummy aid, the analysis of a set): ``analysis.DDS_LOCK`` lets one
call in at a time.  Without it, concurrent calls through endplay's ctypes corrupt each
other's answers or crash the process (seen: "Sum 6 is not four", then a segmentation
fault), which is how a disputed claim's aid once failed in the service."""

from __future__ import annotations

import random
import threading

from bridgelaws.analysis import dd_table
from bridgelaws.cards import Deal
from bridgelaws.laws.claims import dd_scores


def _hands(rng: random.Random) -> list[int]:
    cards = list(range(52))
    rng.shuffle(cards)
    out = []
    for i in range(4):
        m = 0
        for c in cards[i * 13:(i + 1) * 13]:
            m |= 1 << c
        out.append(m)
    return out


def test_threads_calling_dds_at_once_get_the_answers_of_one_at_a_time():
    rng = random.Random(18)
    positions = [_hands(rng) for _ in range(12)]
    alone = [dd_scores(h, (), i & 3, 4 if i % 2 else 0) for i, h in enumerate(positions)]
    tables_alone = [dd_table(Deal(h)).tricks_of("N", "N") for h in positions[:4]]
    wrong: list[str] = []

    def solve() -> None:
        for _ in range(3):
            for i, h in enumerate(positions):
                if dd_scores(h, (), i & 3, 4 if i % 2 else 0) != alone[i]:
                    wrong.append(f"position {i}")

    def tables() -> None:
        for _ in range(2):
            for i, h in enumerate(positions[:4]):
                if dd_table(Deal(h)).tricks_of("N", "N") != tables_alone[i]:
                    wrong.append(f"table {i}")

    threads = [threading.Thread(target=solve) for _ in range(3)] + [threading.Thread(target=tables)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads)
    assert wrong == []
