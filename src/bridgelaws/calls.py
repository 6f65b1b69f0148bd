"""Calls: pass, double, redouble and bids, and the sufficiency of a bid (Law 18).

A call is a small integer: ``PASS = 0``, ``DOUBLE = 1``, ``REDOUBLE = 2`` and a
bid ``3 + 5 * (level - 1) + strain`` with strains ``C D H S N`` = 0..4.  Bids of
level eight or more can be encoded, because a player can make one (Law 38);
they are never lawful.

>>> from bridgelaws.calls import parse_call, call_name, bid_level, bid_strain
>>> c = parse_call("3NT")
>>> call_name(c), bid_level(c), bid_strain(c)
('3N', 3, 4)
>>> parse_call("1S") > parse_call("1H")     # Law 18: higher bids have higher codes
True
"""

from __future__ import annotations

from .cards import BridgeError, STRAIN_LETTERS

__all__ = ["PASS", "DOUBLE", "REDOUBLE", "BIDS", "make_bid", "is_bid", "bid_level",
           "bid_strain", "parse_call", "call_name", "is_sufficient", "MAX_LEGAL_BID"]

PASS, DOUBLE, REDOUBLE = 0, 1, 2
#: the 35 lawful bids, 1C .. 7N, in ascending order
BIDS = tuple(range(3, 38))
MAX_LEGAL_BID = 37


def make_bid(level: int, strain: int) -> int:
    return 3 + 5 * (level - 1) + strain


def is_bid(call: int) -> bool:
    return call >= 3


def bid_level(call: int) -> int:
    return (call - 3) // 5 + 1


def bid_strain(call: int) -> int:
    return (call - 3) % 5


_NAMES = {"P": PASS, "PASS": PASS, "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
          "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE}


def parse_call(text: str) -> int:
    """``"P"``, ``"X"``, ``"XX"`` or a bid such as ``"1C"``, ``"3N"``, ``"3NT"``, ``"8S"``."""
    if not isinstance(text, str):
        raise BridgeError(f"unknown call {text!r}")
    t = text.strip().upper()
    c = _NAMES.get(t)
    if c is not None:
        return c
    if len(t) >= 2 and t.isascii() and t[0].isdigit():
        level_txt = t[:-1] if not t.endswith("NT") else t[:-2]
        strain_txt = t[len(level_txt):]
        if strain_txt == "NT":
            strain_txt = "N"
        # a level of more than three digits is no bid (nor a number to convert: Python
        # refuses ints of over 4,300 digits); above seven it is inadmissible (Law "38")
        if (level_txt.isdigit() and len(level_txt) <= 3 and len(strain_txt) == 1
                and strain_txt in STRAIN_LETTERS):
            level = int(level_txt)
            if level >= 1:
                return make_bid(level, STRAIN_LETTERS.index(strain_txt))
    raise BridgeError(f"unknown call {text!r} (expected P, X, XX or a bid like 1C or 3N)")


def call_name(call: int) -> str:
    if call == PASS:
        return "P"
    if call == DOUBLE:
        return "X"
    if call == REDOUBLE:
        return "XX"
    return f"{bid_level(call)}{STRAIN_LETTERS[bid_strain(call)]}"


def is_sufficient(bid: int, last_bid: int | None) -> bool:
    """Law 18C: a bid supersedes the last bid if it is higher in level, or of the same
    level in a higher strain.  Bid codes are ordered exactly so."""
    return last_bid is None or bid > last_bid
