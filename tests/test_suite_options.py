"""The suite's own option: ``--db-only`` (conftest.py) keeps exactly the tests that use a database."""

from pathlib import Path

ROOT_CONFTEST = (Path(__file__).parents[1] / "conftest.py").read_text(encoding="utf-8")

SUITE = '''
import pytest

@pytest.fixture
def db_backend():
    return "sqlite"

@pytest.fixture
def database_url(db_backend):
    return "sqlite://"

def test_engine_only():
    assert True

def test_direct(db_backend):
    assert db_backend

def test_through_another_fixture(database_url):
    assert database_url
'''


def test_db_only_keeps_the_tests_whose_fixtures_reach_the_database(pytester):
    pytester.makeconftest(ROOT_CONFTEST.replace('pytest_plugins = ("pytester",)', ""))
    pytester.makepyfile(test_small=SUITE)
    everything = pytester.runpytest("-p", "no:cacheprovider", "-v")
    everything.assert_outcomes(passed=3)
    assert "test_engine_only PASSED" in everything.stdout.str()
    only = pytester.runpytest("-p", "no:cacheprovider", "-v", "--db-only")
    only.assert_outcomes(passed=2, deselected=1)
    assert "test_engine_only" not in only.stdout.str()
