"""Issue 16, point 7: a choice the engine refuses (a rule's ``Refuse``, carrying a message
key and values) reads entirely in the page's language, in the ruling assistant and at a
live table (the seat's act endpoint and the Director's live page): the lead-in and the
reason, from :func:`bridgelaws.explain.refusal`, never the engine's English words.

The service checks the values a decision names before the engine sees them
(``choices.unlawful``); to reach the engine's own refusal over HTTP, some tests let that
check pass (monkeypatched), as a value the check does not know would."""

from __future__ import annotations

import html
import json
import re

import pytest

from bridgelaws.explain import refusal
from bridgelaws.formats.case import case_table
from bridgelaws.i18n import message
from bridgelaws.service import choices
from bridgelaws.table import TableError

from .test_live_api import DEAL, Svc, svc  # noqa: F401  (the module's live service)
from .test_service_api import app, client, hidden  # noqa: F401  (a logged-in Director)

LANGS = ("en", "he", "ru")
END = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
       {"by": "W", "call": "P"}]
#: W leads the C8 out of turn, declarer refuses it (54D): a major penalty card, and
#: declarer may require or forbid clubs at E's lead (50D2a), no other suit
LEAD = END + [{"by": "W", "play": "C8"}, {"by": "N", "choose": "reject"}]
WRONG_LEAD = {"by": "N", "choose": "require_suit", "suit": "H"}
#: W exposes the C8 and the C7 (major penalty cards, 50B); no restriction at E's lead;
#: clubs are led and declarer designates which of them W plays (51A)
TWO = END + [{"by": "W", "expose": "C8"}, {"by": "W", "expose": "C7"},
             {"by": "N", "choose": "no_restriction"}, {"by": "E", "play": "CQ"},
             {"by": "S", "play": "C4"}]
WRONG_CARD = {"by": "N", "choose": "designate", "card": "HA"}   # dummy's, in view


def engine_refusal(events) -> TableError:
    with pytest.raises(TableError) as caught:
        case_table({"board": 1, "deal": DEAL, "events": events})
    assert caught.value.refusal, caught.value
    return caught.value


def page_text(r) -> str:
    return html.unescape(r.text)


def english_words(e: TableError) -> str:
    """The engine's English reason, without the law's number (which every language shows)."""
    return e.reason.split(":", 1)[-1].strip()


# --- the ruling assistant -----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("events,wrong,code", [(LEAD, WRONG_LEAD, "penalty_lead.one"),
                                               (TWO, WRONG_CARD, "designate.51A")])
def test_a_pasted_record_with_a_refused_choice_is_said_in_the_page_language(
        client, lang, events, wrong, code):
    e = engine_refusal(events + [wrong])
    assert e.refusal == code
    case = {"board": 1, "deal": DEAL, "events": events + [wrong]}
    r = client.post(f"/assistant/case?lang={lang}",
                    data={"csrf": client.csrf, "case": json.dumps(case)})
    assert r.status_code == 400
    want = message("ui.assistant.refused", lang, reason=refusal(e, lang))
    assert want in page_text(r), lang
    if lang != "en":
        assert english_words(e) not in page_text(r)
        assert refusal(e, lang) != refusal(e, "en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("events,wrong,code", [(LEAD, WRONG_LEAD, "penalty_lead.one"),
                                               (TWO, WRONG_CARD, "designate.51A")])
def test_the_assistant_says_the_engine_refusal_in_the_page_language(
        client, monkeypatch, lang, events, wrong, code):
    case = {"board": 1, "deal": DEAL, "events": events}
    r = client.post(f"/assistant/case?lang={lang}",
                    data={"csrf": client.csrf, "case": json.dumps(case)})
    assert r.status_code == 200
    fields = hidden(r.text)
    monkeypatch.setattr(choices, "unlawful", lambda *a, **k: None)
    e = engine_refusal(events + [wrong])
    assert e.refusal == code
    r = client.post(f"/assistant/apply?lang={lang}",
                    data={**fields, "option": wrong["choose"],
                          **{k: wrong[k] for k in ("suit", "card") if k in wrong}})
    assert r.status_code == 400
    want = message("ui.assistant.refused", lang, reason=refusal(e, lang))
    assert want in page_text(r), lang
    if lang != "en":
        assert english_words(e) not in page_text(r)
    assert json.loads(hidden(r.text)["case"]) == case          # nothing applied


# --- a live table ------------------------------------------------------------------------

def _live_at(svc: Svc, events: list[dict]):  # noqa: F811
    """A live table of board 1 (``DEAL``) brought to the end of ``events`` by its seats,
    the Director releasing the table each time it waits for him."""
    live = svc.live(svc.new_event("refusals"))
    assert live.board == 1
    for e in events:
        v = live.view()
        if v["hold"]:
            live.rule("release")
        if "call" in e:
            live.act(e["by"], action="call", call=e["call"])
        elif "play" in e:
            seat = v["declarer"] if e["by"] == v["dummy"] else e["by"]
            live.act(seat, action="play", card=e["play"])
        elif "expose" in e:
            live.act(e["by"], action="expose", card=e["expose"])
        else:
            live.act(e["by"], action="choose", option=e["choose"])
    if live.view()["hold"]:
        live.rule("release")
    return live


@pytest.mark.parametrize("events,wrong,code", [(LEAD, WRONG_LEAD, "penalty_lead.one"),
                                               (TWO, WRONG_CARD, "designate.51A")])
def test_a_live_table_says_the_engine_refusal_in_the_player_language(
        svc, monkeypatch, events, wrong, code):  # noqa: F811
    live = _live_at(svc, events)
    e = engine_refusal(events + [wrong])
    assert e.refusal == code
    monkeypatch.setattr(choices, "unlawful", lambda *a, **k: None)
    extra = {k: wrong[k] for k in ("suit", "card") if k in wrong}
    try:
        for lang in LANGS:
            seq, n = live.view()["seq"], len(svc.rows(live.id))
            r = svc.c.post(f"/api/play/{live.tokens['N']}?lang={lang}",
                           json={"action": "choose", "option": wrong["choose"], "seq": seq,
                                 "aid": f"refusal-{code}-{lang}", **extra})
            assert r.status_code == 400, r.text
            body = r.json()
            assert body["key"] == "engine"
            assert body["error"] == message("ui.live.err.engine", lang,
                                            reason=refusal(e, lang)), lang
            if lang != "en":
                assert english_words(e) not in body["error"]
            assert len(svc.rows(live.id)) == n                 # nothing stored
            # the Director's live page, deciding for the table, says it alike
            r = svc.c.post(f"/live/{live.id}/rule?lang={lang}",
                           data={"csrf": svc.csrf, "what": "choose", "seq": str(seq),
                                 "option": wrong["choose"], **extra},
                           follow_redirects=False)
            assert r.status_code == 400, r.text
            assert html.escape(refusal(e, lang), quote=False) in r.text \
                or refusal(e, lang) in page_text(r), lang
            if lang != "en":
                assert english_words(e) not in page_text(r)
            assert len(svc.rows(live.id)) == n
    finally:
        svc.c.get("/api/csrf?lang=en")          # the session's language back to English


# --- point 9: "The table now" shows suits and cards with symbols ----------------------------

def _panel_row(page: str, key: str, lang: str) -> str:
    """The text of the "The table now" panel's row ``ui.state.<key>``."""
    panel = re.search(r'<dl class="state">(.*?)</dl>', page, re.S).group(1)
    title = html.escape(message(f"ui.state.{key}", lang), quote=False)
    row = re.search(rf"<dt>{re.escape(title)}</dt><dd>(.*?)</dd>", panel, re.S)
    assert row is not None, (key, panel)
    return html.unescape(re.sub(r"<[^>]+>", "", row.group(1)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_now_names_lead_restrictions_and_penalty_cards_with_symbols(client, lang):
    clubs = "\u2663 " + message("ui.suit.C", lang)
    # 50D2a: declarer forbids clubs at E's lead, the C8 led out of turn being picked up
    case = {"board": 1, "deal": DEAL,
            "events": LEAD + [{"by": "N", "choose": "forbid_suit", "suit": "C"}]}
    assert case_table(case).state()["lead_restrictions"] == \
        [{"seat": "E", "forbid": ["C"], "law": "50D2a"}]
    r = client.post(f"/assistant/case?lang={lang}",
                    data={"csrf": client.csrf, "case": json.dumps(case)})
    assert r.status_code == 200
    row = _panel_row(r.text, "lead_restrictions", lang)
    assert message("ui.seat.E", lang) in row and clubs in row and "50D2a" in row
    assert message("ui.restriction.forbid", lang) in row
    assert not re.search(r"(?<![0-9A-Za-z])[NESWCDHS](?![0-9A-Za-z])", row), row
    # two major penalty cards of W's (50B), the C8 and the C7, as \u26638 and \u26637
    case = {"board": 1, "deal": DEAL, "events": TWO[:6]}
    assert case_table(case).state()["penalty_cards"] == \
        {"W": [{"card": "C8", "major": True}, {"card": "C7", "major": True}]}
    r = client.post(f"/assistant/case?lang={lang}",
                    data={"csrf": client.csrf, "case": json.dumps(case)})
    assert r.status_code == 200
    row = _panel_row(r.text, "penalty_cards", lang)
    assert "\u26638" in row and "\u26637" in row and message("ui.seat.W", lang) in row
    assert message("ui.penalty.major", lang) in row
    assert not re.search(r"[SHDC][AKQJT2-9]", row), row
    assert not re.search(r"(?<![0-9A-Za-z])[NESW](?![0-9A-Za-z])", row), row


def test_an_earlier_choice_naming_several_suits_is_listed_with_their_symbols():
    """Law 51B2b lets declarer forbid several suits: the ruling page lists that earlier
    choice with each suit's symbol and name (a Jinja ``map`` over a function had made
    the page a server error)."""
    from bridgelaws.service import choices as ch
    from bridgelaws.service.web import templates
    source = templates.env.loader.get_source(templates.env, "assistant_ruling.html")[0]
    line = next(l for l in source.splitlines() if "c.suits" in l)
    html = templates.env.from_string(line).render(
        choices=[{"by": "N", "choice": "forbid_suit", "suits": ["H", "D"], "laws": ["51B2b"]}],
        t=lambda key: key, suit_label=lambda s: ch.suit_label(s, "en"),
        card_label=ch.card_label)
    assert "♥ hearts, ♦ diamonds" in html and "(51B2b)" in re.sub(r"<[^>]+>", "", html)
