"""The judgement rulings in a real browser (Chromium through Playwright), issue 19 points
6-8: a Director taps through unauthorised information, misinformation and a flag's
review at phone (390 x 844) and laptop (1366 x 900) sizes, in English and in Hebrew
(right to left); the written ruling is recorded and leads on to the adjusted score.

Every page fits its width (no sideways scroll) and has the language's direction.
Screenshots go to test-output/screenshots/judgement-*.png.
"""

from __future__ import annotations


import pytest


from . import pages
from .pages import CHROMIUM, CspWatch, have_chromium, login, new_event

sync_api = pytest.importorskip("playwright.sync_api")

PASSWORD = "judgement-Pa55"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}
COMBOS = [("phone", "en"), ("phone", "he"), ("laptop", "en"), ("laptop", "he")]

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")

CSP = CspWatch()


@pytest.fixture(scope="module")
def event_id(live, browser):
    """One event for the rulings to name (made through the console's form)."""
    ctx = browser.new_context(viewport=SIZES["laptop"])
    page = ctx.new_page()
    login(page, live.url, "director", PASSWORD, lang="en")
    ev = new_event(page, live.url, "Judgement night", tables=3, boards_per_round=2,
                   seed="judgement")
    ctx.close()
    return ev


class Director(pages.Director):
    def __init__(self, browser, base: str, size: str, lang: str):
        super().__init__(browser, base, size, lang, password=PASSWORD, prefix="judgement",
                         csp=CSP)

    def tap(self, name: str, value: str):
        """Tap the answer ``value`` of question ``name`` (a large button)."""
        with self.page.expect_navigation():
            self.page.locator(f"button[name='{name}'][value='{value}']").click()
        return self.check()

    def next(self):
        with self.page.expect_navigation():
            self.page.locator("section.q button.next").click()
        return self.check()

    def question(self) -> str:
        return self.page.locator("section.q").get_attribute("data-step")

    def written(self) -> str:
        return (self.page.locator("#written").inner_text()
                .replace("\u2066", "").replace("\u2068", "").replace("\u2069", ""))


@pytest.mark.parametrize("size,lang", COMBOS)
def test_unauthorised_information_tapped_through_recorded_and_on_to_the_adjusted_score(
        live, browser, shots, event_id, size, lang):
    d = Director(browser, live.url, size, lang)
    page = d.goto(f"/judgement/ui?event={event_id}&section=A&round=1&table=2&board=3")
    assert d.question() == "player"
    d.shoot(shots, "ui-first")
    d.tap("player", "S")
    d.tap("source", "hesitation")
    d.tap("suggests", "yes")
    page.locator("textarea[name=suggestion]").fill("bid on")
    d.next()
    page.locator("input[name=action]").fill("4S")
    d.next()
    assert d.question() == "alternatives"
    page.locator("input[name=polled]").fill("5")
    page.locator("input[name=alt_text]").nth(0).fill("pass")
    page.locator("input[name=alt_considered]").nth(0).fill("3")
    page.locator("input[name=alt_chosen]").nth(0).fill("2")
    d.shoot(shots, "ui-alternatives")
    d.next()
    # the answers so far are listed above the question, the contract with its symbol
    assert "4♠" in page.locator("ol.answered").inner_text()
    d.tap("chosen_suggested", "yes")
    d.tap("damage", "yes")
    text = d.written()
    for law in ("16B1a", "16B1b", "12B1", "16B3", "12C1b"):
        assert law in text
    assert d.t("ui.judgement.outcome.ui_adjust") in text
    assert d.t("ui.judgement.la_yes") in text
    d.shoot(shots, "ui-written")
    with page.expect_navigation():
        page.locator("#record button[type=submit]").click()
    d.check()
    assert d.t("ui.judgement.recorded", id="")[:8] in page.locator("p.saved").inner_text()
    d.shoot(shots, "ui-recorded")
    with page.expect_navigation():
        page.locator("#adjust").click()
    d.check()
    assert f"/events/{event_id}/adjust" in page.url
    assert page.locator("input[name=board]").input_value() == "3"


@pytest.mark.parametrize("size,lang", COMBOS)
def test_misinformation_during_the_auction_offers_the_change_of_call(live, browser, shots,
                                                                     size, lang):
    d = Director(browser, live.url, size, lang)
    d.goto("/judgement/mi?board=7")
    d.tap("explainer", "N")
    d.tap("evidence", "system_card")
    d.tap("finding", "explanation")
    assert d.question() == "when"
    d.shoot(shots, "mi-when")
    d.tap("when", "auction")
    d.tap("misinformed", "E")
    d.tap("partner_called", "no")
    d.tap("influenced", "yes")
    text = d.written()
    assert d.t("ui.seat.E") in text.splitlines()[-1] and "21B1a" in text
    d.shoot(shots, "mi-written")
    # back: the last answer is taken away and asked again
    with d.page.expect_navigation():
        d.page.locator("button.back").click()
    d.check()
    assert d.question() == "influenced"


@pytest.mark.parametrize("size,lang", COMBOS)
def test_a_flag_review_asks_its_question_and_writes_the_consequence(live, browser, shots,
                                                                    size, lang):
    d = Director(browser, live.url, size, lang)
    page = d.goto("/judgement/review/Review27D?board=1&seat=E")
    body = page.locator("main").inner_text()
    assert d.t("ui.judgement.review.Review27D") in body and "27D" in body
    d.shoot(shots, "review-27D")
    d.tap("different", "yes")
    text = d.written()
    assert d.t("ui.judgement.outcome.review_adjust") in text and "12C1b" in text
    d.shoot(shots, "review-written")
    if size == "phone" and lang == "en":
        page = d.goto("/judgement")
        assert page.locator("a[href^='/judgement/review/Review64C']").count() == 1
        d.shoot(shots, "index")
