"""What the browser tests share: the Chromium they drive (its path and arguments; the
session's one browser is conftest.py's ``browser`` fixture), a page in a context of its
own, logging in, submitting a form, creating an event through the console's form,
opening a live round and acting at its seats, and screenshots (Playwright's sync API;
no import of it here)."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Debian's Chromium (``apt-get install chromium``); Playwright downloads no browser
CHROMIUM = os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]
#: how long a page's wait and navigation may take (ms), unless a module says otherwise
TIMEOUT_MS = 20_000
PHONE, LAPTOP = (390, 844), (1366, 900)


def have_chromium() -> bool:
    return os.access(CHROMIUM, os.X_OK)


def new_context(browser, size=LAPTOP, *, csp: "CspWatch | None" = None,
                timeout_ms: int = TIMEOUT_MS, **kw):
    """A browser context of its own (its own cookies: its own session) at ``size``
    (width, height) in British English, watched by ``csp`` if given.  Closed by the
    ``browser`` fixture at the module's end if the test leaves it open."""
    if isinstance(size, dict):
        size = (size["width"], size["height"])
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]},
                              locale="en-GB", **kw)
    ctx.set_default_timeout(timeout_ms)
    ctx.set_default_navigation_timeout(timeout_ms)
    if csp is not None:
        csp.watch(ctx)
    return ctx


def new_page(browser, size=LAPTOP, **kw):
    """A page in a context of its own (see ``new_context``)."""
    return new_context(browser, size, **kw).new_page()


def screenshot_folder(db_backend: str) -> Path:
    """Where the screenshots go: test-output/screenshots/ (postgresql/ under it)."""
    folder = ROOT / "test-output" / "screenshots"
    if db_backend != "sqlite":
        folder = folder / db_backend
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class CspWatch:
    """Content-Security-Policy violations that Chromium reports on the console of any
    page of the browser contexts watched (``watch(context)``): a script or a style the
    pages' policy blocks is a page that does not work.  ``check()`` fails on any."""

    def __init__(self):
        self.seen: list[str] = []

    def watch(self, context):
        context.on("console", self._console)
        return context

    def _console(self, msg) -> None:
        if "Content Security Policy" in msg.text or "Content-Security-Policy" in msg.text:
            self.seen.append(f"{msg.location.get('url', '?')}: {msg.text}")

    def check(self) -> None:
        seen, self.seen = self.seen, []
        assert not seen, "blocked by the pages' Content-Security-Policy:\n" + "\n".join(seen[:10])


def login(page, base: str, username: str, password: str, lang: str | None = None):
    page.goto(base + "/login" + (f"?lang={lang}" if lang else ""))
    form = page.locator("form[action='/login']")
    form.locator("input[name=username]").fill(username)
    form.locator("input[name=password]").fill(password)
    with page.expect_navigation():
        form.locator("button[type=submit]").click()


def submit(page, form):
    """Submit ``form`` with its submit button and wait for the next page."""
    with page.expect_navigation():
        form.locator("button[type=submit]").first.click()
    page.wait_for_load_state("domcontentloaded")


def new_event(page, base: str, name: str, *, tables: int, boards_per_round: int, seed: str,
              check=None) -> int:
    """A Mitchell pairs event in one section, dealt from ``seed``, made through the
    console's form; its id.  ``check(page, what)`` looks at the form page first."""
    page.goto(base + "/events/new?lang=en")
    if check is not None:
        check(page, "new event")
    form = page.locator("form[action='/events/new']")
    form.locator("input[name=name]").fill(name)
    form.locator("select[name=kind]").select_option("pairs")
    form.locator("select[name=movement]").select_option("mitchell")
    form.locator("input[name=tables]").fill(str(tables))
    form.locator("input[name=sections]").fill("1")
    form.locator("input[name=boards_per_round]").fill(str(boards_per_round))
    form.locator("input[name=source][value=deal]").check()
    form.locator("input[name=seed]").fill(seed)
    submit(page, form)
    m = re.search(r"/events/(\d+)\?saved=created$", page.url)
    assert m, f"not on the new event's page: {page.url}"
    return int(m.group(1))


def shoot(page, folder: Path, name: str) -> Path:
    page.wait_for_load_state("load")
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 5_000, f"{path} looks empty"
    return path


def open_live_round(page, base: str, event_id: int, round_no: int = 1, *,
                    mode: str | None = None) -> list[dict]:
    """Open round ``round_no`` of the event live with its page's button (``mode``: the
    table's mode chosen first, e.g. "laws"); the live tables of the event (the API's
    list: each with its ``seats`` links' tokens)."""
    if not page.url.startswith(f"{base}/events/{event_id}"):
        page.goto(f"{base}/events/{event_id}?lang=en")
    opener = page.locator(f"form.live-open[action='/events/{event_id}/live']"
                          f"[data-round='{round_no}']")
    if mode is not None:
        opener.locator("select[name=mode]").select_option(mode)
    submit(page, opener)
    return page.request.get(f"{base}/api/events/{event_id}/live").json()["tables"]


def act(page, base: str, token: str, **action) -> None:
    """A seat's act through its link's API (a player needs no login), made on its
    current view."""
    seq = page.request.get(f"{base}/api/play/{token}").json()["seq"]
    r = page.request.post(f"{base}/api/play/{token}", data={**action, "seq": seq})
    assert r.ok, r.text()


class Director:
    """A Director's browser at one size (``SIZES``: "phone" or "laptop"), logged in with
    ``password``, in one language (kept by the session: every page after the first
    answers in it), watched by ``csp``; its screenshots are named
    ``{prefix}-{name}-{size}-{lang}``."""

    SIZES = {"phone": PHONE, "laptop": LAPTOP}

    def __init__(self, browser, base: str, size: str, lang: str, *, password: str,
                 prefix: str, csp: "CspWatch | None" = None):
        self.base, self.size, self.lang, self.prefix = base, size, lang, prefix
        self.ctx = new_context(browser, self.SIZES[size], csp=csp, device_scale_factor=1)
        self.page = self.ctx.new_page()
        login(self.page, base, "director", password, lang=lang)
        # the login brings the director's last language (one director, many browsers)
        self.page.goto(f"{base}/?lang={lang}")
        self.visited: list[str] = []

    def t(self, key: str, **kw) -> str:
        from bridgelaws.i18n import message
        return message(key, self.lang, **kw)

    def goto(self, path: str):
        r = self.page.goto(self.base + path)
        assert r is not None and r.status == 200, (path, r and r.status)
        return self.check()

    def check(self):
        """The page shown fits its width and reads in the director's language."""
        page = self.page
        page.wait_for_load_state("load")
        width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width <= inner, f"{page.url} scrolls sideways: {width} px in {inner} px"
        html = page.locator("html")
        assert html.get_attribute("lang") == self.lang, page.url
        assert html.get_attribute("dir") == ("rtl" if self.lang == "he" else "ltr"), page.url
        self.visited.append(page.url)
        return page

    def shoot(self, folder, name: str):
        shoot(self.page, folder, f"{self.prefix}-{name}-{self.size}-{self.lang}")
