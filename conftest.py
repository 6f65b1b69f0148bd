"""Suite-wide pytest options.

``--db-only`` keeps only the tests that can reach a database: those whose fixtures
include ``db_backend`` (tests/service/conftest.py), the one place that reads
``BRIDGELAWS_TEST_DB``.  scripts/test.sh runs the whole suite on SQLite, then again
with ``BRIDGELAWS_TEST_DB=postgresql --db-only``: the engine's, the formats' and the
scoring's tests never touch a database, so a second run of them would repeat the
first exactly and only cost time.
"""

from __future__ import annotations

#: tests/test_suite_options.py runs a small suite in a temporary folder
pytest_plugins = ("pytester",)


def pytest_addoption(parser):
    parser.addoption("--db-only", action="store_true", default=False,
                     help="run only the tests that use a database (fixture db_backend)")


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--db-only"):
        return
    keep, drop = [], []
    for item in items:
        (keep if "db_backend" in getattr(item, "fixturenames", ()) else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
