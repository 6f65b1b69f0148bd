"""Named VP scales: the discrete ACBL 20- and 30-VP scales against their published table.

The tables below are transcribed, row by row, from bridgehands.com, "Victory
Points" (https://server.bridgehands.com/V/Victory_Points.htm): "the two common
scales used in North America for multi-board per match Swiss team games", each
with an IMP-difference column for matches of 6-8 boards and one for 9-11 boards.
"""

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.scoring.vp import VP_SCALES, victory_points, wbf_vp

# (IMP difference for 6-8 boards, VPs winner-loser, IMP difference for 9-11 boards)
PUBLISHED = {
    "acbl_30": """
        0     15-15  0
        1     18-12  1
        2     19-11  2
        3     20-10  3-4
        4     21-9   5-6
        5-6   22-8   7-8
        7-8   23-7   9-11
        9-10  24-6   12-14
        11-13 25-5   15-17
        14-16 26-4   18-21
        17-19 27-3   22-25
        20-23 28-2   26-30
        24-27 29-1   31-35
        28+   30-0   36+
    """,
    "acbl_20": """
        0     10-10  0
        1-2   11-9   1-2
        3-4   12-8   3-5
        5-7   13-7   6-9
        8-10  14-6   10-13
        11-13 15-5   14-17
        14-16 16-4   18-21
        17-19 17-3   22-25
        20-23 18-2   26-30
        24-27 19-1   31-35
        28+   20-0   36+
    """,
}
LARGEST = 60        # '28+' and '36+' are checked up to this margin


def _margins(text: str) -> range:
    lo, _, hi = text.partition("-")
    if lo.endswith("+"):
        return range(int(lo[:-1]), LARGEST + 1)
    return range(int(lo), int(hi or lo) + 1)


def published_rows(scale: str):
    """(boards range, IMP margin, winner VPs, loser VPs) for every margin the table covers."""
    for line in PUBLISHED[scale].split("\n"):
        if not line.strip():
            continue
        short, vps, long = line.split()
        w, l = (int(x) for x in vps.split("-"))
        for boards, col in ((range(6, 9), short), (range(9, 12), long)):
            for m in _margins(col):
                yield boards, m, w, l


@pytest.mark.parametrize("scale", sorted(PUBLISHED))
def test_acbl_scales_agree_with_every_published_row(scale):
    seen = set()
    for boards, m, w, l in published_rows(scale):
        for n in boards:
            assert victory_points(m, n, scale) == (w, l), (scale, n, m)
            assert victory_points(-m, n, scale) == (l, w), (scale, n, -m)
            seen.add((n, m))
    # every margin 0..LARGEST of every match length 6-11 is in exactly one row
    assert seen == {(n, m) for n in range(6, 12) for m in range(LARGEST + 1)}


def test_several_rows_named():
    # rows read off the published table directly
    assert victory_points(1, 8, "acbl_30") == (18, 12)      # a one-IMP win is 18-12
    assert victory_points(4, 10, "acbl_30") == (20, 10)     # 3-4 IMPs over 9-11 boards
    assert victory_points(13, 7, "acbl_20") == (15, 5)      # 11-13 over 6-8 boards
    assert victory_points(14, 7, "acbl_20") == (16, 4)
    assert victory_points(35, 11, "acbl_20") == (19, 1)     # 31-35 over 9-11 boards
    assert victory_points(36, 11, "acbl_20") == (20, 0)
    assert victory_points(-27, 6, "acbl_30") == (1, 29)


def test_scales_are_chosen_by_name_and_refused_with_a_reason():
    assert set(VP_SCALES) == {"wbf_2013", "acbl_20", "acbl_30"}
    assert victory_points(17, 16) == wbf_vp(17, 16) == victory_points(17, 16, "wbf_2013")
    with pytest.raises(BridgeError, match="unknown VP scale 'wbf_25'.*acbl_20"):
        victory_points(10, 16, "wbf_25")
    with pytest.raises(BridgeError, match="published for matches of 6-8, 9-11 boards, not 12"):
        victory_points(10, 12, "acbl_20")
    with pytest.raises(BridgeError, match="not 5"):
        victory_points(0, 5, "acbl_30")
