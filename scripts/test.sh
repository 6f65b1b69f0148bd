#!/usr/bin/env bash
# The whole test suite on SQLite, then every test that uses a database again on a
# throwaway PostgreSQL server (BRIDGELAWS_TEST_DB=postgresql --db-only: see
# conftest.py and tests/service/pgserver.py; the engine's, formats' and scoring's
# tests never touch a database, so a second run of them would only repeat the first).
# Installs what it needs first: Debian's postgresql, chromium, poppler-utils
# (pdftoppm: the PDF tests render a page of each PDF to PNG for a person to look at)
# and nginx (tests/service/test_multiprocess.py runs several service processes behind
# it, as scripts/serve-multi.sh does) packages (when missing; with sudo unless root),
# then the venv with the test extras.
# Before the tests, mypy checks the laws and the table strictly (exit 1 on an error).
# Each pytest run uses two processes (pytest-xdist: -n 2 --dist loadfile, a module's
# tests all in one process, so that its live server, browser contexts and the order of
# its tests stay whole; each process has its own Chromium and, on PostgreSQL, its own
# throwaway server): the whole script takes under 30 minutes on a 2-core machine.
# BRIDGELAWS_TEST_WORKERS=N chooses another number of processes (0: all in this one).
# Arguments go to both pytest runs, after -n, e.g. scripts/test.sh -x -q tests/service
# (-x: the first failure stops both processes; -n 0 runs one process, e.g. for --pdb).
# Exits non-zero if either run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/pdftoppm ] || [ ! -x /usr/sbin/nginx ] \
        || ! compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null; then
    echo "== installing Debian packages: postgresql chromium poppler-utils nginx =="
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql chromium poppler-utils \
        nginx
fi

python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]'

# the rules of the Laws and the table are typed strictly (the table's hooks read it
# through a typed protocol); a type error stops the script before the tests run
echo "== type check: mypy --strict src/bridgelaws/laws src/bridgelaws/table =="
.venv/bin/python -m mypy --strict src/bridgelaws/laws src/bridgelaws/table

xdist=(-n "${BRIDGELAWS_TEST_WORKERS:-2}" --dist loadfile)

echo "== test suite on SQLite =="
if .venv/bin/python -m pytest "${xdist[@]}" "$@"; then sqlite=0; else sqlite=$?; fi

echo "== test suite on PostgreSQL =="
if BRIDGELAWS_TEST_DB=postgresql .venv/bin/python -m pytest "${xdist[@]}" --db-only "$@"; then postgresql=0; else postgresql=$?; fi

echo "== SQLite: $([ "$sqlite" -eq 0 ] && echo passed || echo "FAILED (pytest exit $sqlite)"); PostgreSQL: $([ "$postgresql" -eq 0 ] && echo passed || echo "FAILED (pytest exit $postgresql)") =="
[ "$sqlite" -eq 0 ] && [ "$postgresql" -eq 0 ]
