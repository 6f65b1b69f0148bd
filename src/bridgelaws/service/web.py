"""What every page shares: templates, the language, the director's login and CSRF tokens.

Pages are rendered on the server (Jinja2): a director's console must work on any
club laptop, with no build step and no script needed to enter a result.  Every
text comes from the message catalogues (``bridgelaws.i18n``) in the language of
``?lang=``, else the director's own, else English; Hebrew pages are laid out
right to left.
"""

from __future__ import annotations

import hmac
import secrets
from importlib import resources
from urllib.parse import quote

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request
from fastapi.responses import RedirectResponse
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from markupsafe import Markup, escape

from ..i18n import LANGUAGES, RTL_LANGUAGES, display, message
from .db import Director, Setting, select

__all__ = ["templates", "lang_of", "render", "current_director", "require_director",
           "csrf_token", "check_csrf", "hash_password", "verify_password", "LoginRequired",
           "secret_key"]

_hasher = PasswordHasher()
#: The service's features, each a subpackage holding its routes, its logic and its own
#: ``templates/`` (not a team match's rooms).  The shared templates (``base.html``,
#: ``error.html``, the partials several features include) are in ``service/templates``;
#: a template is named by its file name alone, and every name is in one folder only.
ROOMS = ("console", "live", "assistant", "rulings", "publish", "judgement")
_here = resources.files("bridgelaws.service")
#: the results templates that ``bridgelaws results --html`` renders too (``_results_*.html``)
_RESULTS = resources.files("bridgelaws.tournament").joinpath("templates")
templates = Jinja2Templates(directory=[str(_here.joinpath("templates"))]
                            + [str(_here.joinpath(room).joinpath("templates")) for room in ROOMS]
                            + [str(_RESULTS)])


# ---------------------------------------------------------------- filters for people
# Numbers in the page's language's format, contracts and cards with suit symbols, and
# lists of Laws kept in their order on a right-to-left page (i18n/display.py):
# ``{{ x|num(2) }}``, ``{{ p|pct }}``, ``{{ "4S"|contract }}``, ``{{ "HT"|card }}``,
# ``{{ ["12", "27B1"]|laws }}``.

@pass_context
def _pct(ctx, p, digits: int = 2) -> str:
    return display.percent(p, ctx.get("lang", "en"), digits)


@pass_context
def _contract(ctx, code) -> str:
    return display.contract(code, ctx.get("lang", "en"))


@pass_context
def _suit(ctx, letter) -> str:
    return display.suit(letter, ctx.get("lang", "en"))


def _shown(text) -> str:
    """A text with any contract or card code in it written with symbols (``4S`` is
    ``4♠``, ``SQ`` ``♠Q``): the engine's English messages, a stored adjusted score."""
    from ..formats.replay import shown
    return shown(str(text or ""))


@pass_context
def _choice(ctx, r) -> str:
    """The choices a stored ruling records, in the page's language (``choices.py``)."""
    from .choices import stored_choice
    return stored_choice(r.choice or "", r.chooser or "", r.kind or "", ctx.get("lang", "en"))


@pass_context
def _facts(ctx, facts) -> list:
    from .choices import stored_facts
    return stored_facts(facts, ctx.get("lang", "en"))


@pass_context
def _what(ctx, r) -> str:
    """What a stored ruling was about, in the page's language: the irregularity the
    engine saw, a table's call of the Director (a revoke pointed out, an adjusted score),
    a judgement procedure, a scenario of the booklet, or a table's record."""
    lang = ctx.get("lang", "en")
    kind, scenario = r.kind or "", r.scenario or ""
    if kind.startswith("adjusted"):
        return message("ui.adjust.title", lang)
    if kind.startswith("attention_") or kind == "adjustment":
        return message(f"ui.live.{kind}", lang)
    if kind:
        return message(f"irregularity.{kind}", lang)
    if scenario.startswith("judgement_"):
        return message(f"ui.judgement.title.{scenario[len('judgement_'):]}", lang)
    if scenario and scenario != "case":
        return message(f"booklet.scenario.{scenario}", lang)
    return message("ui.assistant.case", lang)


def _laws(laws) -> Markup:
    """A list of Laws, isolated left to right (``12, 27B1`` stays so in Hebrew)."""
    if isinstance(laws, str):
        laws = [laws]
    return Markup('<bdi dir="ltr" class="laws">%s</bdi>') % ", ".join(map(str, laws or []))


def _isolate(text) -> str:
    """A text kept left to right inside a sentence of any direction, as plain text (Unicode
    isolates: for a value put into a translated message, like a date and time)."""
    return "\u2066" + str(text) + "\u2069"


def _ltr(text) -> Markup:
    """A text written left to right in any page (a score, a contract with its result)."""
    return Markup('<bdi dir="ltr">%s</bdi>') % escape(text)


templates.env.filters.update(num=display.num_filter, pct=_pct, contract=_contract, card=display.card,
                             cards=display.cards, suit=_suit, shown=_shown, laws=_laws,
                             date=display.date_filter,
                             choice=_choice, facts=_facts, isolate=_isolate, what=_what,
                             ltr=_ltr)


def hash_password(password: str) -> str:
    """An Argon2id hash of ``password`` (argon2-cffi's defaults)."""
    return _hasher.hash(password)


def verify_password(hashed: str, password: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from.  It takes a quarter of a
    second of CPU: the service runs it in ``security.PasswordChecks``, never on the
    event loop."""
    try:
        return _hasher.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


def secret_key(store) -> str:
    """The key that signs session cookies: made once and kept in the database, so that
    logins survive a restart and every process of the service shares it."""
    with store.transaction() as s:
        row = s.get(Setting, "session_key")
        if row is None:
            row = Setting(key="session_key", value=secrets.token_urlsafe(48))
            s.add(row)
        return row.value


def lang_of(request: Request) -> str:
    """The page's language: ``?lang=`` (remembered in the session), else the session's,
    else English."""
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        if request.session.get("lang") != lang:
            request.session["lang"] = lang
            _remember_lang(request, lang)
        return lang
    lang = request.session.get("lang")
    return lang if lang in LANGUAGES else "en"


def _remember_lang(request: Request, lang: str) -> None:
    """A logged-in director's choice of language is his own from then on (kept in the
    database, used at his next login)."""
    uid = request.session.get("director")
    if uid is None:
        return
    with request.app.state.store.transaction() as s:
        d = s.get(Director, uid)
        if d is not None:
            d.lang = lang


def csrf_token(request: Request) -> str:
    token = request.session.get("csrf")
    if not token:
        token = request.session["csrf"] = secrets.token_urlsafe(32)
    return token


def check_csrf(request: Request, sent: str | None) -> None:
    """Refuse a form or an API call whose token is not the session's (403)."""
    expected = request.session.get("csrf")
    if not expected or not sent or not hmac.compare_digest(expected, sent):
        raise HTTPException(403, message("ui.error.csrf", lang_of(request)))


class LoginRequired(Exception):
    """Raised by :func:`require_director` on a page that needs a login."""

    def __init__(self, next_url: str):
        self.next_url = next_url


_UNREAD = object()


def current_director(request: Request) -> Director | None:
    """The logged-in director, read once per request (``require_director`` and the
    page's rendering share it): the cookie's session must still be open on the server
    (``security.session_director``), so a logged-out cookie logs no one in."""
    known = getattr(request.state, "director", _UNREAD)
    if known is not _UNREAD:
        return known
    uid = request.session.get("director")
    d = None
    if uid is not None:
        from .security import session_director
        d = session_director(request.app.state.store, uid, request.session.get("sid"))
        if d is None:                # logged out, expired, or a password changed since
            request.session.pop("director", None)
            request.session.pop("sid", None)
    request.state.director = d
    return d


def require_director(request: Request) -> Director:
    d = current_director(request)
    if d is None:
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        raise LoginRequired(target)
    return d


def login_redirect(exc: LoginRequired) -> RedirectResponse:
    return RedirectResponse("/login?next=" + quote(exc.next_url, safe=""), status_code=303)


def find_director(s, username: str) -> Director | None:
    return s.scalar(select(Director).where(Director.username == username))


def render(request: Request, name: str, status_code: int = 200, **context):
    """Render template ``name`` in the request's language with the shared context
    (``csp_nonce``: the nonce an inline ``<script>`` or ``<style>`` carries to run under
    the page's Content-Security-Policy, ``security.SecurityHeaders``)."""
    lang = lang_of(request)

    def t(key: str, **values) -> str:
        return message(key, lang, **values)

    def url_lang(code: str) -> str:
        q = dict(request.query_params)
        q["lang"] = code
        return request.url.path + "?" + "&".join(f"{k}={quote(str(v))}" for k, v in q.items())

    context.update(request=request, lang=lang, dir="rtl" if lang in RTL_LANGUAGES else "ltr",
                   t=t, languages=LANGUAGES, url_lang=url_lang, csrf=csrf_token(request),
                   director=current_director(request),
                   csp_nonce=getattr(request.state, "csp_nonce", ""))
    return templates.TemplateResponse(request, name, context, status_code=status_code)


def confirm_page(request: Request, *, action: str, fields, what: list[str], cancel: str):
    """The server's own "are you sure?" before a destructive act: a page saying ``what``
    will happen, with a Confirm button that posts ``fields`` again to ``action`` with
    ``confirm=1``, and a Cancel link back to ``cancel``.  It works without JavaScript."""
    return render(request, "confirm.html", action=action,
                  fields=[(k, v) for k, v in fields if k not in ("csrf", "confirm")],
                  what=what, cancel=cancel)
