"""Issue 16, the 1997 edition's texts: after LHO refuses a changed call (1997 Law
25B2b) and the offender chooses "any other legal call", ``bridgelaws rule`` says what
the choice brings (his first call may not be repeated) and what is in force now, in
every language, with the call's suit symbol; and no raw message key shows."""

import json
import re
from pathlib import Path

import pytest

from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table
from bridgelaws.i18n import message

LANGS = ("en", "he", "pl", "ru", "nb")
CASE = json.loads((Path(__file__).parent / "cases" / "edition1997"
                   / "law25B2b_other_call_legal_calls.json").read_text())
RAW = re.compile(r"\b(?:do|now|rule|flag|refuse)\.[a-z_]+\.[a-z_0-9.]+")


def _text(lang, edition="1997"):
    case = dict(CASE, edition=edition)
    return "\n".join(explain(case_table(case), lang))


@pytest.mark.parametrize("lang", LANGS)
def test_other_call_option_names_the_call_he_may_not_repeat(lang):
    text = _text(lang)
    assert not RAW.search(text), text
    # the option's sentence and the duty in force both name the first call, 2♣
    option = message("do.duty.other_than", lang, seat="@", call="2♣")
    assert option.split("@")[-1].strip()[:12] in text
    now = message("now.duty.other_than", lang, seat="@", call="2♣").split("@")[-1].strip()
    assert now in text, text
    assert "25B2b" in text


def test_the_duty_lapses_once_he_has_called():
    case = dict(CASE, edition="1997")
    case["events"] = case["events"] + [{"by": "E", "call": "2H"}]
    table = case_table(case)
    assert 4 not in table.duties and 1 not in table.duties
    text = "\n".join(explain(table, "en"))
    now = [line for line in text.splitlines() if line.startswith("Now in force")]
    assert now and "other than" not in now[0], text
