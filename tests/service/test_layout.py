"""The service's layout: one subpackage per feature (a room), each with its own templates.

Templates are found by file name across the shared folder and every room's, so a name
in two folders would silently hide one of them; and a template a page renders must be
in some folder, also in an installed copy (``pyproject.toml``'s package data)."""

import re
import tomllib
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path

from bridgelaws.service import web

SERVICE = Path(web.__file__).parent
ROOT = SERVICE.parents[2]


def _folders() -> list[Path]:
    return [Path(d) for d in web.templates.env.loader.searchpath]


def test_the_loader_searches_the_shared_folder_and_every_rooms():
    # and the results templates that `bridgelaws results --html` renders too
    assert _folders() == [SERVICE / "templates"] + [SERVICE / r / "templates" for r in web.ROOMS] \
        + [SERVICE.parent / "tournament" / "templates"]
    for room in web.ROOMS:
        assert (SERVICE / room / "__init__.py").is_file() and (SERVICE / room / "routes.py").is_file()


def test_every_template_name_is_in_one_folder_only():
    names = Counter(p.name for d in _folders() for p in d.glob("*.html"))
    assert names and [n for n, k in names.items() if k > 1] == []


def test_every_template_the_code_names_is_found():
    named = set()
    for py in SERVICE.rglob("*.py"):
        named |= set(re.findall(r'"([a-z_]+\.html)"', py.read_text(encoding="utf-8")))
    for d in _folders():
        for html in d.glob("*.html"):
            named |= set(re.findall(r'{%\s*(?:extends|include)\s+"([^"]+)"', html.read_text("utf-8")))
    assert named
    for name in sorted(named):
        web.templates.get_template(name)


def test_the_package_data_ships_every_template_and_static_file():
    with open(ROOT / "pyproject.toml", "rb") as f:
        patterns = tomllib.load(f)["tool"]["setuptools"]["package-data"]["bridgelaws"]
    package = SERVICE.parent
    files = [p for d in _folders() + [SERVICE / "static"] for p in d.iterdir() if p.is_file()]
    assert files
    for p in files:
        rel = p.relative_to(package).as_posix()
        assert any(fnmatch(rel, pat) for pat in patterns), rel
