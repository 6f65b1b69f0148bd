"""What the browser tests share: logging in, submitting a form, creating an event through
the console's form, and screenshots (Playwright's sync API; no import of it here)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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
