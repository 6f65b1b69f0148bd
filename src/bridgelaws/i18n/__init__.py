"""Message catalogues: every text shown to people comes from here, never from the engine.

>>> from bridgelaws.i18n import message
>>> message("irregularity.insufficient_bid")
'insufficient bid'
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

__all__ = ["message", "has_message", "LANGUAGES", "RTL_LANGUAGES"]

#: English, Hebrew, Polish, Russian and Norwegian (bokmål)
LANGUAGES = ("en", "he", "pl", "ru", "nb")
#: languages written right to left
RTL_LANGUAGES = ("he",)


@lru_cache(maxsize=None)
def _catalogue(lang: str) -> dict[str, str]:
    try:
        text = resources.files(__package__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return json.loads(text)


def message(key: str, lang: str = "en", **values) -> str:
    """The text of ``key`` in ``lang`` (English when the language lacks it), filled with ``values``."""
    text = _catalogue(lang).get(key) or _catalogue("en").get(key) or key
    return text.format(**values) if values else text


def has_message(key: str) -> bool:
    """Whether the catalogues have ``key`` (the English catalogue has every key)."""
    return key in _catalogue("en")
