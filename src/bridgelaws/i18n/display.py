"""Numbers, percentages, contracts and cards as a reader of each language writes them.

Numbers and percentages follow the language's own conventions (CLDR's, through Babel):
``58.44%`` in English and Hebrew, ``58,44 %`` in Polish, Russian and Norwegian.
Contracts and cards are shown with their suit symbols, never as the codes the engine
and the files use: ``4S`` is ``4♠``, ``3N`` ``3NT``, ``SQ`` ``♠Q``, ``HT`` ``♥10``.

Dates are written as each language writes them in full (``27 listopada 2026``).

The service's templates reach these through Jinja filters (``service/web.py``):
``{{ x|num(2) }}``, ``{{ p|pct }}``, ``{{ d|date }}``, ``{{ c|contract }}``, ``{{ c|card }}``.

>>> percent(58.4444, "pl"), percent(58.4444, "en"), number(-1234.5, 1, "nb")
('58,44\\xa0%', '58.44%', '−1\\xa0234,5')
>>> contract("4SX"), contract("3N"), contract("PASS", "pl"), card("HT"), cards("SQ SJ")
('4♠X', '3NT', 'pas', '♥10', '♠Q ♠J')
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache

from babel import Locale
from jinja2 import pass_context

from . import LANGUAGES, RTL_LANGUAGES, message

__all__ = ["number", "percent", "date", "contract", "card", "cards", "suit", "SYMBOLS"]

#: suits as people see them on cards and in the bidding box
SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_CONTRACT = re.compile(r"^([1-7])([CDHSN]|NT)(X{0,2})$")
_CARD = re.compile(r"^([SHDC])(10|[2-9TJQKA])$")
#: Polish typography puts a (no-break) space before the per cent sign (the issue asks
#: for "58,44 %"); CLDR's Polish pattern has none, so it is set here
_PERCENT_PATTERN = {"pl": "#,##0\u00a0%"}


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang if lang in LANGUAGES else "en")


@lru_cache(maxsize=None)
def _pattern(lang: str, kind: str, digits: int):
    from babel.numbers import parse_pattern
    loc = _locale(lang)
    if kind == "percent":
        p = parse_pattern(_PERCENT_PATTERN[lang]) if lang in _PERCENT_PATTERN \
            else copy.copy(loc.percent_formats[None])
    else:
        p = copy.copy(loc.decimal_formats[None])
    p.frac_prec = (digits, digits)
    return p


def _minus(text: str, lang: str) -> str:
    """A true minus sign (U+2212), as the scores are written (``−300``); in a right to
    left language a left-to-right mark before it (as CLDR's Hebrew minus sign has), so
    the sign stays on the number's left: ``−920``, never ``920−``."""
    if not text.startswith("-"):
        return text
    return ("\u200e" if lang in RTL_LANGUAGES else "") + "\u2212" + text[1:]


def number(x, digits: int = 2, lang: str = "en") -> str:
    """``x`` with ``digits`` decimals in ``lang``'s format (``''`` for ``None``)."""
    if x is None or x == "":
        return ""
    return _minus(_pattern(lang, "decimal", digits).apply(float(x), _locale(lang)), lang)


@pass_context
def num_filter(ctx, x, digits: int = 2) -> str:
    """The Jinja filter ``num``: :func:`number` in the page's ``lang`` (the service's
    pages and the results pages of ``bridgelaws results --html`` both register it)."""
    return number(x, digits, ctx.get("lang", "en"))


def percent(p, lang: str = "en", digits: int = 2) -> str:
    """A percentage ``p`` given in per cent (``58.44``), in ``lang``'s format."""
    if p is None or p == "":
        return ""
    return _minus(_pattern(lang, "percent", digits).apply(float(p) / 100, _locale(lang)),
                  lang)


def date(value, lang: str = "en") -> str:
    """A date (a ``datetime.date``, or ``YYYY-MM-DD`` text) as ``lang`` writes it in full:
    ``November 27, 2026``, ``27 listopada 2026``, ``27 ноября 2026 г.``; a text that is
    no such date is returned as it is (``''`` for ``None``)."""
    import datetime as dt
    from babel.dates import format_date
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value.strip()[:10])
        except ValueError:
            return value
    return format_date(value, "long", locale=_locale(lang))


@pass_context
def date_filter(ctx, value) -> str:
    """The Jinja filter ``date``: :func:`date` in the page's ``lang``."""
    return date(value, ctx.get("lang", "en"))


def contract(code, lang: str = "en") -> str:
    """A contract or a call for people: ``4S`` is ``4♠``, ``3NX`` ``3NTX``; ``PASS``
    (``P``), ``X`` and ``XX`` the words for them in ``lang``; a text it does not know is
    returned as it is."""
    if code is None:
        return ""
    text = str(code).strip()
    if text.upper() in ("PASS", "P"):
        return message("call.P", lang)
    if text.upper() in ("X", "XX"):
        return message(f"call.{text.upper()}", lang)
    m = _CONTRACT.match(text.upper())
    if not m:
        return text
    level, strain, doubled = m.groups()
    return level + ("NT" if strain in ("N", "NT") else SYMBOLS[strain]) + doubled


def card(code) -> str:
    """A card for people: ``C8`` is ``♣8``, ``HT`` ``♥10``; other texts unchanged."""
    if code is None:
        return ""
    text = str(code).strip()
    m = _CARD.match(text.upper())
    if not m:
        return text
    suit, rank = m.groups()
    return SYMBOLS[suit] + ("10" if rank in ("T", "10") else rank)


def cards(codes) -> str:
    """Several cards (a list, or a text separated by spaces or commas) for people."""
    if codes is None:
        return ""
    if isinstance(codes, str):
        codes = re.split(r"[\s,]+", codes.strip())
    return " ".join(card(c) for c in codes if c)


def suit(letter, lang: str = "en") -> str:
    """A suit for people: its symbol and its name in ``lang`` (``♣ clubs``)."""
    text = str(letter or "").strip().upper()
    if text not in SYMBOLS:
        return str(letter or "")
    return f"{SYMBOLS[text]} {message('ui.suit.' + text, lang)}"
