"""The message catalogues: Hebrew, Polish, Russian and Norwegian match the English one,
key for key and placeholder for placeholder, and a ruling explained in each of them
reads in that language only."""

import functools
import json
import os
import re
import string
import subprocess
import sys

import pytest

from bridgelaws import i18n
from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table
from bridgelaws.i18n import LANGUAGES, RTL_LANGUAGES, message, plural
from bridgelaws.i18n.display import number, percent

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
OTHERS = ("he", "pl", "ru", "nb")
RLM = "\u200f"


def catalogue(lang):
    return i18n.catalogue(lang)


EN = catalogue("en")


def forms(text):
    """A message's texts: its one text, or each of its plural forms."""
    return [text] if isinstance(text, str) else list(text)


def placeholders(text):
    return {name for t in forms(text) for _, name, _, _ in string.Formatter().parse(t)
            if name is not None}


def table(*events, board=1):
    """Events as (seat, call), (seat, value, action) or the case's own JSON object."""
    return case_table({"board": board, "deal": DEAL, "events": [
        e if isinstance(e, dict) else
        {"by": e[0], ("call" if len(e) == 2 or e[2] == "call" else e[2]): e[1]} for e in events]})


THREE_NT = [("N", "1N"), ("E", "P"), ("S", "3N"), ("W", "P"), ("N", "P"), ("E", "P")]


#: the rulings explained below, by name
RULINGS = {
    "insufficient_bid": [("N", "1N"), ("E", "1H")],
    "bid_out_of_rotation": [("N", "1C"), ("S", "1S")],
    "inadmissible_double": [("N", "1N"), ("E", "P"), ("S", "X")],
    "honour_exposed": [("N", "1N"), ("E", "CQ", "expose")],
    "disputed_claim": [("N", "1N"), ("E", "P"), ("S", "P"), ("W", "P"), ("N", 13, "claim"),
                       ("E", "dispute", "respond")],
    "none": [("N", "1N")],
    # the play: 3N by North, East on lead
    "opening_lead": THREE_NT + [("W", "C8", "play")],
    "premature_play": THREE_NT + [("E", "CQ", "play"), ("S", "C4", "play"), ("W", "C5", "play"),
                                  ("N", "C2", "play"), ("E", "HJ", "play"), ("S", "H5", "play"),
                                  ("E", "S8", "play")],
    "penalty_card_lead": THREE_NT + [("W", "C8", "play"), ("N", "reject", "choose")],
    "revoke_corrected": THREE_NT + [("E", "CQ", "play"), ("S", "C4", "play"), ("W", "D4", "play"),
                                    ("N", "revoke", "attention")],
    "revoke_established": THREE_NT + [("E", "CQ", "play"), ("S", "C4", "play"),
                                      ("W", "D4", "play"), ("N", "CK", "play"),
                                      ("N", "SA", "play"), ("E", "S8", "play")],
    "defective_trick": THREE_NT + [("E", "CQ", "play"), ("S", "C4", "play"),
                                   {"by": "W", "omit": True}, ("N", "CK", "play"),
                                   ("N", "SA", "play"), ("E", "S8", "play"), ("S", "S6", "play"),
                                   ("W", "S3", "play"), ("E", "defective_trick", "attention")],
    "claim_decided": THREE_NT + [("E", "CQ", "play"), ("S", "C4", "play"), ("W", "C5", "play"),
                                 ("N", "CK", "play"), ("N", 12, "claim"), ("E", "dispute", "respond"),
                                 {"by": "N", "director": "claim", "tricks": 10}],
}

#: words each explanation must contain, per language: the Laws' own terms as the
#: translations in shared/seeds write them (the seat that made the irregularity,
#: insufficient bid, comparable call, unauthorised information, penalty card, ...)
EXPECTED = {
    "he": {
        "insufficient_bid": ["מזרח", "הכרזה בלתי מספקת", "מנהל התחרות", "קריאה חוקית",
                             "מידע בלתי מורשה", "לצד החף", "שקולה", "חוק 10C"],
        "bid_out_of_rotation": ["דרום", "שלא בתור", "שקולה", "צפון"],
        "inadmissible_double": ["דאבל", "הכרוז", "מגן", "עד סוף המכרז"],
        "honour_exposed": ["קלף עונשין", "מערב"],
        "disputed_claim": ["תביעה", "מנהל התחרות"],
        "none": ["חריגה"],
        "opening_lead": ["הובלת פתיחה שלא בתור", "הכרוז", "הדומם", "קלף עונשין בכיר", "חוק 54D"],
        "premature_play": ["בטרם עת", "קלף עונשין בכיר", "הקלף הגבוה ביותר בצבע שהובל",
                           "לשרת לצבע", "חוק 57A1"],
        "penalty_card_lead": ["קלף עונשין בכיר", "לאסור", "חוזר ליד", "חוק 50D2a"],
        "revoke_corrected": ["מחדל", "קיבל תוקף", "קלף עונשין בכיר", "חוק 62B1"],
        "revoke_established": ["המחדל קיבל תוקף", "לצד החף", "חוק 63A1"],
        "defective_trick": ["לקיחה פגומה", "מחדל", "חוק 67B1", "חוק 64A2"],
        "claim_decided": ["תביעה", "מנהל התחרות", "10"],
    },
    "pl": {
        "insufficient_bid": ["E zgłosił odzywkę niewystarczającą (1\u2665)", "sędzia", "porównywaln",
                             "nielegalna", "strony niewykraczającej", "przepis 10C"],
        "bid_out_of_rotation": ["poza kolejnością", "porównywaln"],
        "inadmissible_double": ["kontrę lub rekontrę", "rozgrywający", "obrońcą",
                                "do końca licytacji", "wynik rozjemczy"],
        "honour_exposed": ["kartą przygwożdżoną"],
        "disputed_claim": ["deklarację", "Sędzia"],
        "none": ["nieprawidłowości"],
        "opening_lead": ["pierwsze wyjście poza kolejnością", "rozgrywający", "dziadkiem",
                         "normalną kartą przygwożdżoną", "przepis 54D"],
        "premature_play": ["przedwcześnie", "normalną kartą przygwożdżoną",
                           "najstarszą kartę w kolorze wyjścia", "przepis 57A1"],
        "penalty_card_lead": ["karta przygwożdżona", "zostaje podjęta", "przepis 50D2a"],
        "revoke_corrected": ["fałszywy renons", "uprawomocnieniem", "normalną kartą przygwożdżoną",
                             "przepis 62B1"],
        "revoke_established": ["Fałszywy renons uprawomocnił się", "niewykraczającą",
                               "przepis 63A1"],
        "defective_trick": ["lewą wadliwą", "fałszywy renons", "przepis 67B1", "przepisem 64A2"],
        "claim_decided": ["deklaracj", "sędziego", "10"],
    },
    "ru": {
        "insufficient_bid": ["Восток", "недостаточное назначение", "Судья", "сопоставим",
                             "несанкционированн", "ненарушившей стороны", "Правило 10C"],
        "bid_out_of_rotation": ["Юг", "вне очерёдности", "сопоставим"],
        "inadmissible_double": ["контру или реконтру", "разыгрывающий", "вистующим",
                                "до конца торговли", "компенсирующую запись"],
        "honour_exposed": ["штрафн", "Запад"],
        "disputed_claim": ["претензию", "Судья"],
        "none": ["отклонения"],
        "opening_lead": ["первый ход вне очереди", "разыгрывающий", "болваном",
                         "старшей штрафной картой", "Правило 54D"],
        "premature_play": ["преждевременно", "старшей штрафной картой", "самой старшей",
                           "Правило 57A1"],
        "penalty_card_lead": ["штрафная карта", "поднимается", "Правило 50D2a"],
        "revoke_corrected": ["фальшренонс", "установлен", "старшей штрафной картой",
                             "Правило 62B1"],
        "revoke_established": ["Фальшренонс установлен", "ненарушившей стороне", "Правило 63A1"],
        "defective_trick": ["дефектной взяткой", "фальшренонс", "Правило 67B1", "Правилу 64A2"],
        "claim_decided": ["претензи", "Судьёй", "10"],
    },
    "nb": {
        "insufficient_bid": ["Øst", "utilstrekkelig bud", "turneringslederen", "sammenlignbar",
                             "urettmessig", "ikke-feilende side", "§10C"],
        "bid_out_of_rotation": ["Syd", "utenfor tur", "sammenlignbar"],
        "inadmissible_double": ["doblet eller redoblet", "spilleføreren", "motspiller",
                                "resten av meldingsforløpet", "justert resultat"],
        "honour_exposed": ["straffekort", "Vest"],
        "disputed_claim": ["krav", "Turneringslederen"],
        "none": ["uregelmessighet"],
        "opening_lead": ["åpningsutspill utenfor tur", "spilleføreren", "blindemann",
                         "stort straffekort", "§54D"],
        "premature_play": ["i utide", "stort straffekort", "høyeste kort", "§57A1"],
        "penalty_card_lead": ["straffekort", "tas opp", "§50D2a"],
        "revoke_corrected": ["revoke", "etablert", "stort straffekort", "§62B1"],
        "revoke_established": ["Revoken er etablert", "ikke-feilende side", "§63A1"],
        "defective_trick": ["irregulært stikk", "revokert", "§67B1", "§64A2"],
        "claim_decided": ["krav", "turneringslederen", "10"],
    },
}


def english_fragments():
    """The literal text of the English catalogue between its placeholders: the pieces
    of four letters or more, as they would show if a message were left in English."""
    pieces = set()
    for text in (t for v in EN.values() for t in forms(v)):
        for literal, _, _, _ in string.Formatter().parse(text):
            piece = literal.strip(" .,:;()-")
            if len(piece) >= 4:
                pieces.add(piece)
    return sorted(pieces)


ENGLISH = english_fragments()
#: English words that no explanation in another language contains
ENGLISH_WORDS = ("the", "must", "may", "Director", "call", "auction", "partner", "declarer",
                 "defender", "Law", "Laws", "Board", "accept", "chooses", "happened", "dummy",
                 "trick", "card", "penalty", "lead", "suit", "claim", "revoked", "chose")


def own_words(lang):
    """The text of the catalogue of ``lang``: an English-looking word it uses itself
    (Polish "partner", Norwegian "revoke") is not English left over."""
    return "\n".join(t for v in catalogue(lang).values() for t in forms(v))


@functools.cache
def foreign_pieces(lang) -> tuple[str, ...]:
    """The English fragments that the catalogue of ``lang`` does not use itself (each is
    searched for in the whole catalogue once per language, not once per test)."""
    own = own_words(lang)
    # (a piece that is not even a substring cannot match: no regex for it)
    return tuple(p for p in ENGLISH
                 if p not in own or not re.search(rf"(?<!\w){re.escape(p)}(?!\w)", own))


@functools.cache
def foreign_words(lang) -> tuple[str, ...]:
    """:data:`ENGLISH_WORDS` that the catalogue of ``lang`` does not use itself."""
    own = own_words(lang)
    return tuple(w for w in ENGLISH_WORDS if not re.search(rf"(?<!\w){w}(?!\w)", own))


def test_languages_listed():
    assert set(OTHERS) <= set(LANGUAGES)
    assert RTL_LANGUAGES == ("he",)


@functools.cache
def template() -> dict:
    """The template's entries, key to English text (or its two forms): the ``.pot`` that
    the catalogues are made from."""
    from importlib import resources
    pot = resources.files("bridgelaws.i18n").joinpath("locale", f"{i18n.DOMAIN}.pot")
    from babel.messages.pofile import read_po
    with pot.open("rb") as f:
        return {m.context: m.id for m in read_po(f) if m.id}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_has_every_key_of_the_template(lang):
    cat = catalogue(lang)
    missing = [key for key in template() if key not in cat]
    assert missing == [], f"{lang} has no translation of: {', '.join(missing)}"
    extra = [key for key in cat if key not in template()]
    assert extra == [], f"{lang} has keys the template has not: {', '.join(extra)}"


def form_numbers(lang):
    """For each plural form of ``lang``, the counts 0..1000 that choose it."""
    count, expr = i18n.plural_forms(lang)
    import gettext
    rule = gettext.c2py(expr)
    chosen = [[] for _ in range(count)]
    for n in range(1001):
        chosen[rule(n)].append(n)
    return chosen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_the_language_forms(lang):
    count = {"en": 2, "nb": 2, "he": 3, "pl": 3, "ru": 3}[lang]
    assert i18n.plural_forms(lang)[0] == count
    chosen = form_numbers(lang)
    assert all(chosen), chosen                     # every form is used by some count
    plurals = [key for key, text in EN.items() if not isinstance(text, str)]
    assert len(plurals) >= 8
    for key in plurals:
        entry = catalogue(lang)[key]
        assert not isinstance(entry, str) and len(entry) == count, (key, entry)
        english = placeholders(EN[key])
        for form, numbers in zip(entry, chosen):
            assert form.strip(), key
            # a form only for one (English "one board", Hebrew "לוח אחד") may say the
            # number in words; any other form shows every placeholder
            need = english - {"n"} if numbers == [1] else english
            assert need <= placeholders(form) <= english, (key, form)


@pytest.mark.parametrize("lang", OTHERS)
def test_catalogue_values_have_the_english_placeholders(lang):
    cat = catalogue(lang)
    for key, text in EN.items():
        if not isinstance(text, str):
            continue                # plural entries: the test above
        assert isinstance(cat[key], str) and cat[key].strip(), key
        assert placeholders(cat[key]) == placeholders(text), key


@pytest.mark.parametrize("n, form", [(1, "1 сдача"), (2, "2 сдачи"), (5, "5 сдач"),
                                     (11, "11 сдач"), (21, "21 сдача"), (22, "22 сдачи"),
                                     (112, "112 сдач")])
def test_russian_plural(n, form):
    assert plural("ui.event.board_count", n, "ru") == form
    assert message("ui.event.board_count", "ru", n=n) == form


@pytest.mark.parametrize("n, form", [(1, "1 rozdanie"), (2, "2 rozdania"), (5, "5 rozdań"),
                                     (12, "12 rozdań"), (22, "22 rozdania"),
                                     (25, "25 rozdań")])
def test_polish_plural(n, form):
    assert plural("ui.event.board_count", n, "pl") == form


def test_plural_in_other_languages():
    assert [plural("ui.event.board_count", n, "en") for n in (1, 2)] == ["1 board", "2 boards"]
    assert [plural("ui.event.board_count", n, "nb") for n in (1, 2)] == ["1 mappe", "2 mapper"]
    assert [plural("ui.event.board_count", n, "he") for n in (1, 2, 7)] == \
        ["לוח אחד", "2 לוחות", "7 לוחות"]
    assert plural("ui.table.saved", 21, "ru") == "Сохранён 21 результат."
    assert plural("ui.table.saved", 3, "pl") == "Zapisano 3 wyniki."
    assert message("ui.seats.confirm_playing", "en", round=2, section="A", n=1, open=3) == \
        "Round 2 of section A is still playing at 1 table. Open round 3 anyway? " \
        "The table still playing goes on."


@pytest.mark.parametrize("lang, expected", [
    ("en", ("52.31%", "1,234.50", "\u22123.5")),
    ("he", ("52.31%", "1,234.50", "\u200e\u22123.5")),
    ("pl", ("52,31\xa0%", "1\xa0234,50", "\u22123,5")),
    ("ru", ("52,31\xa0%", "1\xa0234,50", "\u22123,5")),
    ("nb", ("52,31\xa0%", "1\xa0234,50", "\u22123,5")),
])
def test_numbers_in_each_language(lang, expected):
    assert (percent(52.3123, lang), number(1234.5, 2, lang), number(-3.5, 1, lang)) == expected


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_formats(lang):
    for key, text in EN.items():
        values = {name: f"<{name}>" for name in placeholders(text)}
        out = message(key, lang, **values)
        for value in values.values():
            assert value in out, (key, out)
        assert "{" not in out and "}" not in out, (key, out)


@pytest.mark.parametrize("lang", OTHERS)
def test_catalogue_is_translated(lang):
    cat = catalogue(lang)
    same = [key for key, text in EN.items() if cat[key] == text and len(str(text)) > 8]
    assert same == []


def test_english_fragments_are_found_in_english():
    """The check below works: it finds English text in the English explanation."""
    text = "\n".join(explain(table(*RULINGS["insufficient_bid"]), "en"))
    assert any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text) for p in ENGLISH)


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("name", sorted(RULINGS))
def test_ruling_explained_in_language(lang, name):
    lines = explain(table(*RULINGS[name]), lang)
    english = explain(table(*RULINGS[name]), "en")
    assert len(lines) == len(english)
    text = "\n".join(lines)
    for piece in foreign_pieces(lang):
        # (the regex only where the piece is a substring at all: the same check, faster)
        assert piece not in text or not re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", text), \
            (piece, text)
    for word in foreign_words(lang):
        assert not re.search(rf"(?<!\w){word}(?!\w)", text), (word, text)
    if lang in ("he", "ru"):
        # Latin letters only in calls, cards and law numbers (1H, CQ, 27A1)
        assert not re.search(r"[A-Za-z]{3,}", text), text
    for term in EXPECTED[lang][name]:
        assert term in text, (term, text)
    if lang in RTL_LANGUAGES:
        assert all(line.startswith(RLM) for line in lines)
    else:
        assert not any(RLM in line for line in lines)


@pytest.mark.parametrize("lang", OTHERS)
def test_what_happened_line_names_the_offender_and_call(lang):
    lines = explain(table(*RULINGS["insufficient_bid"]), lang)
    assert message("seat.E", lang) in lines[1]
    assert "(1\u2665)" in lines[1]
    assert lines[-1].lstrip(RLM).endswith("27, 27A1, 27B")


def test_hebrew_seat_names():
    assert [message(f"seat.{s}", "he") for s in "NESW"] == ["צפון", "מזרח", "דרום", "מערב"]


def test_rule_command_in_russian(tmp_path):
    case = tmp_path / "c.json"
    case.write_text(json.dumps({"board": 1, "deal": DEAL,
                                "events": [{"by": "N", "call": "1C"}, {"by": "S", "call": "P"}]}))
    out = subprocess.run([sys.executable, "-m", "bridgelaws.cli", "rule", str(case), "--lang", "ru"],
                         capture_output=True, timeout=60, encoding="utf-8",
                         env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert out.returncode == 0, out.stderr
    assert "Юг спасовал вне очерёдности." in out.stdout


EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")


def cli(*args):
    out = subprocess.run([sys.executable, "-m", "bridgelaws.cli", *args], capture_output=True,
                         timeout=120, encoding="utf-8",
                         env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_results_command_in_polish():
    out = cli("results", os.path.join(EXAMPLES, "club_night.csv"), "--lang", "pl")
    lines = out.splitlines()
    assert lines[0].startswith("club_night - punkty turniejowe (przepisy 12C2")
    assert lines[1].split() == ["Miejsce", "Para", "Nazwiska", "Wynik", "Procent"]
    assert "11,67" in lines[2] and lines[2].endswith("97,22\xa0%")
    english = cli("results", os.path.join(EXAMPLES, "club_night.csv"))
    assert english.splitlines()[2].endswith("11.67   97.22%")


def test_teams_results_in_russian():
    out = cli("results", os.path.join(EXAMPLES, "swiss_teams.xml"), "--lang", "ru")
    assert "команды, IMP и VP" in out and "Правила 78B, 78D" in out
    assert "Шкала VP: 4 сдачи в матче (сдачи в файле)" in out
    assert message("cli.teams.basis.boards", "ru") in out
    head = next(line for line in out.splitlines() if line.split()[:2] == ["Тур", "Стол"])
    assert message("ui.results.home", "ru") in head
    assert "20,00-0,00" in out                       # VPs with a decimal comma
    assert not re.search(r"\d\.\d\d", out)           # no English decimal point


def test_analyse_command_in_russian(tmp_path):
    pbn = tmp_path / "set.pbn"
    cli("deal", "--boards", "2", "--seed", "3", "--out", str(pbn))
    out = cli("analyse", str(pbn), "--threads", "1", "--lang", "ru").splitlines()
    assert out[0].startswith("сдача 2  сдаёт В  зона С-Ю  пар NS ")
    assert out[1].split() == ["♣", "♦", "♥", "♠", "NT"]
    assert [line.split()[0] for line in out[2:6]] == ["С", "Ю", "В", "З"]
    english = cli("analyse", str(pbn), "--threads", "1").splitlines()
    assert english[0].startswith("board 2  dealer E  vulnerable N-S  par NS ")
    assert [line.split()[1:] for line in out[2:6]] == [line.split()[1:] for line in english[2:6]]


def test_handrecord_command_in_hebrew(tmp_path):
    pbn, page = tmp_path / "set.pbn", tmp_path / "hr.html"
    cli("deal", "--boards", "2", "--seed", "3", "--out", str(pbn))
    cli("handrecord", str(pbn), "--threads", "1", "--lang", "he", "--html", str(page))
    text = page.read_text(encoding="utf-8")
    assert '<html lang="he" dir="rtl">' in text
    assert '<table class="diagram" dir="ltr">' in text     # West on the left, as on paper
    for piece in ("לוח 2", "מחלק: E", "פגיעות: צפון-דרום", 'פאר: <bdi dir="ltr">NS ',
                  'חוקים <bdi dir="ltr">12C, 70</bdi>', "מספר חלוקה ",
                  message("cli.hand.advice", "he").split(" (")[0], 'title="צפון"'):
        assert piece in text, piece
    assert "Dealer" not in text and "Deal number" not in text
