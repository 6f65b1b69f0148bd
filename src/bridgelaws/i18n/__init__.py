"""Message catalogues: every text shown to people comes from here, never from the engine.

The catalogues are gettext ``.po`` files, one a language, as translators work on them
(Poedit, Weblate): ``locale/<lang>/LC_MESSAGES/bridgelaws.po`` beside this module, made
from the template ``locale/bridgelaws.pot``.  Each entry's ``msgctxt`` is the key the code
asks for, its ``msgid`` the English text (with ``{name}`` placeholders, flagged
``python-brace-format``) and its ``msgstr`` the translation; the English ``.po`` leaves
``msgstr`` empty (the ``msgid`` is the text).  A message that depends on a count has
``msgid_plural`` and one ``msgstr[i]`` a form, chosen with the language's ``Plural-Forms``
(Babel's, from CLDR): Russian and Polish have three forms, Hebrew three (one, two,
many), English and Norwegian two.  A translation left empty or fuzzy falls back to
English.  Babel reads each ``.po`` once, the first time its language is asked for.

>>> from bridgelaws.i18n import message, plural
>>> message("irregularity.insufficient_bid")
'insufficient bid'
>>> plural("ui.event.board_count", 21, "ru"), plural("ui.event.board_count", 22, "pl")
('21 сдача', '22 rozdania')
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from importlib import resources

__all__ = ["message", "plural", "has_message", "catalogue", "plural_forms", "LANGUAGES",
           "RTL_LANGUAGES", "DOMAIN"]

#: English, Hebrew, Polish, Russian and Norwegian (bokmål)
LANGUAGES = ("en", "he", "pl", "ru", "nb")
#: languages written right to left
RTL_LANGUAGES = ("he",)
#: the gettext domain: the name of the ``.po`` files and of the template
DOMAIN = "bridgelaws"

def _po_path(lang: str):
    return resources.files(__package__).joinpath("locale", lang, "LC_MESSAGES",
                                                 f"{DOMAIN}.po")


@lru_cache(maxsize=None)
def _load(lang: str) -> tuple[dict, str]:
    """``(messages, plural expression)`` of ``lang``: the key of each translated entry
    to its text (a tuple of forms for a plural entry); ``{}`` for a language with no
    catalogue."""
    po = _po_path(lang)
    if not po.is_file():
        from babel.messages.plurals import get_plural
        return {}, get_plural("en").plural_expr
    from babel.messages.pofile import read_po
    with po.open("rb") as f:
        cat = read_po(f, domain=DOMAIN)
    found: dict = {}
    for m in cat:
        if not m.id or m.context is None or m.fuzzy:
            continue
        if m.pluralizable:
            forms = tuple(m.string or ())
            if lang == "en" and not any(forms):
                forms = tuple(m.id)
            if forms and all(forms):
                found[m.context] = forms
        elif m.string or lang == "en":
            found[m.context] = m.string or m.id
    return found, cat.plural_expr


def _catalogue(lang: str) -> dict:
    return _load(lang)[0]


def catalogue(lang: str) -> dict:
    """The entries ``lang`` has (untranslated ones are left out): key to text, or to the
    tuple of its plural forms."""
    return dict(_catalogue(lang))


@lru_cache(maxsize=None)
def _plural_rule(lang: str):
    return gettext.c2py(_load(lang)[1])


def plural_forms(lang: str) -> tuple[int, str]:
    """``(number of forms, gettext plural expression)`` of ``lang``."""
    from babel.messages.plurals import get_plural
    expr = _load(lang)[1]
    return get_plural(lang if lang in LANGUAGES else "en").num_plurals, expr


def _form(forms: tuple, lang: str, n) -> str:
    if n is None:
        return forms[-1]
    try:
        count = abs(int(n))
    except (TypeError, ValueError):
        return forms[-1]
    return forms[min(_plural_rule(lang)(count), len(forms) - 1)]


def message(key: str, lang: str = "en", **values) -> str:
    """The text of ``key`` in ``lang`` (English when the language lacks it), filled with
    ``values``; for a plural entry, the form for the count ``n`` (in ``values``)."""
    text, source = _catalogue(lang).get(key), lang
    if not text:
        text, source = _catalogue("en").get(key) or key, "en"
    if isinstance(text, tuple):
        text = _form(text, source, values.get("n"))
    return text.format(**values) if values else text


def plural(key: str, n, lang: str = "en", **values) -> str:
    """The form of the plural entry ``key`` for the count ``n`` in ``lang``, filled with
    ``values`` and ``n``: ``plural("ui.event.board_count", 5, "ru")`` is ``'5 сдач'``."""
    return message(key, lang, n=n, **values)


def has_message(key: str) -> bool:
    """Whether the catalogues have ``key`` (the English catalogue has every key)."""
    return key in _catalogue("en")
