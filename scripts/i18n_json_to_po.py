"""Turn the JSON message catalogues into gettext files: the template and one ``.po`` a language.

    python scripts/i18n_json_to_po.py [--delete]

Reads ``src/bridgelaws/i18n/{en,he,pl,ru,nb}.json`` (key -> text with ``{name}``
placeholders; a plural entry is a list of its forms in the language's gettext order) and
writes, beside them, ``locale/bridgelaws.pot`` and ``locale/<lang>/LC_MESSAGES/bridgelaws.po``:
``msgctxt`` the key, ``msgid`` the English text (``msgid_plural`` its plural), ``msgstr``
the translation (empty in the English ``.po``).  Entries keep the JSON's order; the output
is the same for the same input (fixed dates).  ``--delete`` removes the JSON files after.
A key a language lacks is written untranslated (empty ``msgstr``), so it falls back to
English and the test of the catalogues names it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import string
import sys
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1] / "src" / "bridgelaws" / "i18n"
LANGUAGES = ("en", "he", "pl", "ru", "nb")
DOMAIN = "bridgelaws"
#: a fixed date, so the files change only when a message does
DATE = datetime.datetime(2026, 11, 27, 0, 0, tzinfo=datetime.timezone.utc)
NAMES = {"en": "English", "he": "Hebrew", "pl": "Polish", "ru": "Russian", "nb": "Norwegian Bokmål"}


def _flags(text) -> tuple[str, ...]:
    texts = [text] if isinstance(text, str) else text
    has = any(name is not None for t in texts for _, name, _, _ in string.Formatter().parse(t))
    return ("python-brace-format",) if has else ()


def _catalog(lang: str | None) -> Catalog:
    cat = Catalog(locale=Locale.parse(lang or "en"), domain=DOMAIN, project="bridgelaws",
                  version="", msgid_bugs_address="", copyright_holder="bridgelaws",
                  creation_date=DATE, revision_date=DATE, fuzzy=False,
                  language_team=f"{NAMES[lang]} <{lang}@li.org>" if lang else "",
                  last_translator="")
    what = f"{NAMES[lang]} messages" if lang else "The template of the messages"
    cat.header_comment = (
        f"# {what} of bridgelaws.  msgctxt: the key the code asks for; msgid: the\n"
        "# English text; {name}: a value filled in (keep it, translate around it).\n"
        "# The template is made by scripts/i18n_json_to_po.py (see the README).")
    if lang is None:
        cat.locale = None                       # the template has no language
    return cat


def convert(delete: bool = False) -> list[Path]:
    data = {lang: json.loads((ROOT / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in LANGUAGES}
    english = data["en"]
    written = []
    for lang in (None, *LANGUAGES):
        cat = _catalog(lang)
        own = data[lang] if lang else {}
        for key, text in english.items():
            ident = text if isinstance(text, str) else (text[0], text[-1])
            if lang in (None, "en"):
                translation = "" if isinstance(text, str) else ("",) * (
                    2 if lang is None else cat.num_plurals)
            else:
                value = own.get(key)
                if isinstance(text, str):
                    translation = value if isinstance(value, str) else ""
                elif isinstance(value, list) and len(value) == cat.num_plurals:
                    translation = tuple(value)
                else:
                    translation = ("",) * cat.num_plurals
            msg = Message(ident, translation, context=key, flags=_flags(text))
            # Babel flags a msgid that looks like a %-format ("% EW": %E) python-format;
            # these texts are str.format texts only (msgfmt -c would check them as %)
            msg.flags.discard("python-format")
            cat[ident] = msg
        for key in own:
            if key not in english:
                print(f"{lang}.json: {key} is not in en.json (left out)", file=sys.stderr)
        path = (ROOT / "locale" / f"{DOMAIN}.pot" if lang is None
                else ROOT / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po")
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:
            write_po(f, cat, width=0, omit_header=False, sort_output=False,
                     ignore_obsolete=True, include_previous=False)
        written.append(path)
    if delete:
        for lang in LANGUAGES:
            (ROOT / f"{lang}.json").unlink()
    return written


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--delete", action="store_true", help="remove the JSON files after")
    args = p.parse_args()
    for path in convert(args.delete):
        print(path.relative_to(ROOT.parents[2]))


if __name__ == "__main__":
    main()
