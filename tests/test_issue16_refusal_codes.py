"""Issue 16, the last untranslated refusals: every ``Refuse`` a rule of the Laws returns
carries a message key (``refuse.<code>``) that every catalogue has, with the same
placeholders as the values it passes, and a refused act of the Director or a player
(Laws 25A, 13C/13D, 15A/17D, 64B4/64B5, 71, 61B) reads in the user's language, with no
English words of the engine's reason."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bridgelaws.explain import refusal
from bridgelaws.formats.case import case_table
from bridgelaws.i18n import catalogue
from bridgelaws.table import QuestionRefused, TableError
from bridgelaws.table.errors import _QUESTION_REFUSALS

SRC = Path(__file__).resolve().parents[1] / "src" / "bridgelaws"
LANGS = ("en", "he", "pl", "ru", "nb")
CATALOGUES = {lang: catalogue(lang) for lang in LANGS}


def placeholders(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _codes(node: ast.expr) -> list[str]:
    """The code strings an argument can be: a string, or either branch of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _codes(node.body) + _codes(node.orelse)
    raise AssertionError(f"a refusal code is a string written out, not {ast.dump(node)}")


def refusals() -> list[tuple[str, int, list[str], set[str] | None, ast.expr]]:
    """Every ``Refuse(...)`` in the laws: where, its codes, the names of its values (when
    written out as pairs) and its reason."""
    found = []
    for path in sorted((SRC / "laws").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "Refuse"):
                continue
            args = {**dict(zip(("reason", "code", "values"), node.args)),
                    **{k.arg: k.value for k in node.keywords if k.arg}}
            where = f"{path.name}:{node.lineno}"
            assert "code" in args, f"{where}: a refusal without a message key"
            names = None
            values = args.get("values")
            if isinstance(values, ast.Tuple):
                names = set()
                for pair in values.elts:
                    assert isinstance(pair, ast.Tuple) and isinstance(pair.elts[0], ast.Constant)
                    names.add(pair.elts[0].value)
            found.append((path.name, node.lineno, _codes(args["code"]), names, args["reason"]))
    return found


def test_the_laws_refuse_in_many_places():
    # the scan finds them (a parser that found none would pass everything below)
    assert len(refusals()) >= 35


@pytest.mark.parametrize("name,line,codes,names,reason",
                         refusals(), ids=lambda x: str(x) if isinstance(x, (str, int)) else "")
def test_every_refusal_has_a_message_in_every_catalogue(name, line, codes, names, reason):
    # the reason is an English sentence for logs, not a code in its place
    text = reason.value if isinstance(reason, ast.Constant) else ast.unparse(reason)
    assert " " in text, f"{name}:{line}: the reason {text!r} looks like a code"
    for code in codes:
        key = f"refuse.{code}"
        english = CATALOGUES["en"].get(key)
        assert english, f"{name}:{line}: {key} is not in the English catalogue"
        for lang in LANGS[1:]:
            assert key in CATALOGUES[lang], f"{name}:{line}: {key} is not in the {lang} catalogue"
            assert placeholders(CATALOGUES[lang][key]) == placeholders(english), (lang, key)
            assert CATALOGUES[lang][key] != english, (lang, key)
        if names is not None:
            assert placeholders(english) == names, (f"{name}:{line}", key, names)


@pytest.mark.parametrize("code", sorted(_QUESTION_REFUSALS))
def test_every_question_refusal_has_a_message_in_every_catalogue(code):
    key = f"refuse.question.{code}"
    english = CATALOGUES["en"][key]
    assert placeholders(english) <= {"seat"}
    for lang in LANGS[1:]:
        assert placeholders(CATALOGUES[lang][key]) == placeholders(english), (lang, key)


# --- refused acts, rendered -------------------------------------------------------------------

DEAL = "N:AKQ2.KQ2.A32.K32 543.43.7654.8765 J76.A8765.T98.A4 T98.JT9.KQJ.QJT9"
END = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
       {"by": "W", "call": "P"}]
SCRIPT = {"he": re.compile("[\u0590-\u05ff]"), "ru": re.compile("[\u0400-\u04ff]")}
NORTH = {"he": "צפון", "ru": "Север", "pl": "N", "nb": "Nord"}

CASES = {
    # 25A (2017): S, N's partner, called since and the auction is over (25A5)
    "replace.too_late": ("2017", END + [{"by": "N", "call": "2N", "replaces": "unintended"}],
                         True),
    # 25A (1997): N did not replace his call at once; E has called since
    "replace.25A.1997": ("1997", END[:2] + [{"by": "N", "call": "2N", "replaces": "unintended"}],
                         True),
    # 71: there is no agreed concession to cancel during the auction
    "claim.none_agreed": ("2017", END[:2] + [{"by": "N", "director": "concession_cancelled",
                                              "tricks": 1}], False),
    # 13D and the 1997 13C: a wrong count after play, not during the auction
    "wrong_count.13D": ("2017", END[:2] + [{"by": "N", "director": "wrong_count_after_play"}],
                        False),
    "wrong_count.13C": ("1997", END[:2] + [{"by": "N", "director": "wrong_count_after_play"}],
                        False),
    # 15A and the 1997 17D: a call with another board's cards is found during the auction
    "wrong_board.15A": ("2017", END + [{"by": "N", "director": "wrong_board_call"}], False),
    "wrong_board.17D": ("1997", END + [{"by": "N", "director": "wrong_board_call"}], False),
    # 64B4/64B5: a revoke found after play, not during the auction
    "revoke.64B": ("2017", END[:2] + [{"by": "N", "director": "revoke_found_late",
                                       "value": True}], False),
}

#: 3N by N, E on lead, S dummy (W holds no honour)
DEAL_3N = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
THREE_NT = [{"by": s, "call": c} for s, c in (("N", "1N"), ("E", "P"), ("S", "3N"), ("W", "P"),
                                              ("N", "P"), ("E", "P"))]
FIRST = [{"by": s, "play": c} for s, c in (("E", "CQ"), ("S", "C4"), ("W", "C5"))]
DISPUTED = FIRST + [{"by": "N", "play": "CK"}, {"by": "N", "claim": 12},
                    {"by": "E", "respond": "dispute"}]
PLAY_CASES = {
    # 45D: dummy's C4 was not named; each side has played to the next trick since
    "dummy_change.45D": ("2017", FIRST + [{"by": s, "play": c} for s, c in (
        ("N", "CK"), ("N", "SA"), ("E", "S8"))]
        + [{"by": "S", "play": "CA", "replaces": "not_named"}], False),
    # 67: N omitted his card to trick 1; he holds clubs, so a club is put in it
    "defective_trick.follow": ("2017", FIRST + [{"by": "N", "omit": True}] + [
        {"by": s, "play": c} for s, c in (("E", "DK"), ("S", "D8"), ("W", "D4"), ("N", "DA"))]
        + [{"by": "E", "attention": "defective_trick"},
           {"by": "N", "choose": "designate", "card": "S2"}], True),
    # 70: the Director awards at most the 12 tricks that remain
    "claim.70": ("2017", DISPUTED + [{"by": "N", "director": "claim", "tricks": 20}], False),
    # 68D (1997): after a claim play stops
    "claim.68D.1997": ("1997", DISPUTED + [{"by": "E", "director": "play_on"}], False),
}
CASES.update({code: (edition, THREE_NT + events, north)
              for code, (edition, events, north) in PLAY_CASES.items()})


def refused(edition: str, events: list[dict]) -> TableError:
    deal = DEAL_3N if events[:len(THREE_NT)] == THREE_NT else DEAL
    with pytest.raises(TableError) as caught:
        case_table({"board": 1, "deal": deal, "events": events, "edition": edition})
    return caught.value


@pytest.mark.parametrize("code", sorted(CASES))
@pytest.mark.parametrize("lang", ("he", "ru", "pl", "nb"))
def test_a_refused_act_reads_in_the_users_language(code, lang):
    edition, events, names_north = CASES[code]
    e = refused(edition, events)
    assert e.refusal == code, e
    text = refusal(e, lang)
    english = refusal(e, "en")
    assert text != english and text == text.strip() and "{" not in text
    # the engine's English reason (kept for logs) is not what the user reads
    assert e.reason.split(":", 1)[-1].strip() not in text
    if lang in SCRIPT:
        assert SCRIPT[lang].search(text), text
        # not one English word: only the laws' numbers (25A5, 64B4/64B5) are in Latin letters
        assert not re.search("[A-Za-z]{2,}", text), text
    if names_north:
        assert NORTH[lang] in text and "North" not in text, text
    else:
        assert "{seat}" not in text


def test_the_english_message_names_the_seat_and_the_law():
    e = refused("2017", CASES["replace.too_late"][1])
    assert dict(e.refusal_values) == {"seat": 0, "law": "25A"}
    assert refusal(e, "en") == ("Too late for Law 25A: the partner of North has called since, "
                                "and the auction is over (Law 25A5).")


def test_a_question_refused_reads_in_the_users_language():
    # Law 61B: a question about a revoke during the auction
    with pytest.raises(QuestionRefused) as caught:
        case_table({"board": 1, "deal": DEAL, "events": END[:2] + [{"by": "N", "ask": "W"}]})
    e = caught.value
    assert e.code == "not_play" and e.refusal == "question.not_play"
    for lang in ("he", "ru"):
        text = refusal(e, lang)
        assert SCRIPT[lang].search(text) and not re.search("[A-Za-z]{2,}", text), text
