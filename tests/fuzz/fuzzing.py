"""The fuzz suite's tools: seed files, mutations, the settings of a run, and the checks.

Seeds are real files: the small ones of ``tests/fuzz/seeds`` (so the suite runs
anywhere: four vugraph boards of ``examples/usbf_sf_14502.lin`` and the results of
``examples/club_night.csv`` written by the project's own PBN, LIN and USEBIO writers,
a small Bridgemate export and a disputed claim), the case files of ``tests/cases``,
and, when ``../shared/realdata`` lies beside the project, its small PBN, LIN, USEBIO
and Bridgemate files.  A mutation takes a seed's bytes and breaks them the ways files
really break (lines lost, repeated or swapped, a file cut short, a byte flipped, a
token replaced by a huge number or by stray text, CRLF, a BOM, UTF-16, an enormous
line, deep nesting, a short piece repeated tens of thousands of times); a case also
gets values of the wrong type in any key.

The default run is small and repeatable (``derandomize``: the same examples every
time, so CI is stable); ``BRIDGELAWS_FUZZ_EXAMPLES=N`` runs N random examples per
test (``BRIDGELAWS_SLOW=1`` means 1000), e.g.::

    BRIDGELAWS_FUZZ_EXAMPLES=5000 .venv/bin/python -m pytest -q -p no:cacheprovider \\
        tests/fuzz --hypothesis-show-statistics

>>> mutations = [op for op, _ in BYTE_OPS]
>>> "truncate" in mutations and "huge_number" in mutations
True
>>> crlf(b"a\\nb\\n")
b'a\\r\\nb\\r\\n'
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, settings, strategies as st

from bridgelaws.cards import BridgeError, Deal

HERE = Path(__file__).resolve().parent
SEEDS = HERE / "seeds"
PROJECT = HERE.parents[1]
CASES = PROJECT / "tests" / "cases"
EXAMPLES = PROJECT / "examples"
REALDATA = PROJECT.parent / "shared" / "realdata"

#: examples per test: a quick fixed set by default, a long random run on request
_ASKED = os.environ.get("BRIDGELAWS_FUZZ_EXAMPLES")
LONG = bool(_ASKED) or os.environ.get("BRIDGELAWS_SLOW") == "1"
EXAMPLES_PER_TEST = int(_ASKED) if _ASKED else (1000 if LONG else 0)

#: a hard bound on one example (seconds): past it the example fails as a hang
HANG_SECONDS = 30
#: real files larger than this are left out of the seeds (mutating them costs time)
SEED_MAX_BYTES = 64_000


def fuzz_settings(default_examples: int, long_share: float = 1.0):
    """Hypothesis settings for one fuzz test: ``default_examples`` derandomized
    examples in the normal suite, else ``long_share`` of the long run's random ones (a
    test of slow commands takes a share).  Hypothesis keeps no database (nothing is
    written into the project)."""
    return settings(
        max_examples=(max(default_examples, int(EXAMPLES_PER_TEST * long_share)) if LONG
                      else default_examples),
        derandomize=not LONG,
        database=None,
        deadline=timedelta(seconds=10),
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.filter_too_much, HealthCheck.large_base_example],
    )


# --- seeds ---------------------------------------------------------------------------

def _small(paths) -> list[Path]:
    return sorted(p for p in paths if p.is_file() and p.stat().st_size <= SEED_MAX_BYTES)


def seed_files(kind: str) -> list[Path]:
    """The seed files of a kind: ``pbn``, ``lin``, ``xml`` (USEBIO), ``csv`` (simple
    results), ``results_pbn`` (PBN with ScoreTables), ``case`` (JSON)."""
    own = {
        "pbn": [SEEDS / "vugraph.pbn"],
        "lin": [SEEDS / "vugraph.lin"],
        "xml": [SEEDS / "results.xml"],
        "csv": [EXAMPLES / "club_night.csv"],
        "results_pbn": [SEEDS / "results.pbn"],
        "case": [SEEDS / "claim.json", *sorted(CASES.glob("*/*.json"))],
    }[kind]
    real: list[Path] = []
    if REALDATA.is_dir():
        real = {
            "pbn": _small(REALDATA.glob("pbn/*/*.pbn")),
            "lin": _small(REALDATA.glob("lin/*/*.lin"))[:40],
            "xml": _small(REALDATA.glob("usebio/*/*.xml")),
            "csv": [],
            "results_pbn": _small(REALDATA.glob("pbn/finland_ruter_magiccontest/*.pbn")),
            "case": [],
        }[kind]
    return own + real


def bridgemate_seed_folders() -> list[Path]:
    """Folders of Bridgemate tables exported as CSV."""
    folders = [SEEDS / "bridgemate"]
    if REALDATA.is_dir():
        folders += sorted(p.parent for p in REALDATA.glob("pbn/*/*_csv/ReceivedData.csv"))
    return folders


def bws_seed_files() -> list[Path]:
    """Bridgemate databases (.bws): the real ones only (no tool here writes one)."""
    if not REALDATA.is_dir():
        return []
    return sorted(p for p in REALDATA.glob("pbn/*/*") if p.suffix.lower() == ".bws")


# --- mutations of bytes ---------------------------------------------------------------

#: what a broken file may carry in place of a token
NASTY = [b"9" * 5000, b"-" + b"9" * 30, b"0", b"-1", b"", b"1e999", b"NaN", b"\x00",
         b"\xff\xfe", b"\xed\xa0\x80", b"|", b"||", b"[", b"]", b"{", b"}", b'"', b"\\",
         b";", b",", b"*", b"-", b"%", b"\r", b"\n\n", b"=", b"!",
         "\u2660\u2665\u2666\u2663".encode(),
         "\u05e9\u05dc\u05d5\u05dd".encode(), "\u202e".encode(), b"X" * 100_000]

TOKEN_RE = re.compile(rb"[A-Za-z0-9]+")


def _pos(n: int, size: int) -> int:
    return n % (size + 1)


def lines_of(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def crlf(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


@st.composite
def _delete_lines(draw, data: bytes) -> bytes:
    ls = lines_of(data)
    i, n = draw(st.integers(0, 10**6)), draw(st.integers(1, 4))
    i = _pos(i, len(ls))
    return b"".join(ls[:i] + ls[i + n:])


@st.composite
def _duplicate_lines(draw, data: bytes) -> bytes:
    ls = lines_of(data)
    i, n = _pos(draw(st.integers(0, 10**6)), len(ls)), draw(st.integers(1, 4))
    return b"".join(ls[:i + n] + ls[i:i + n] + ls[i + n:])


@st.composite
def _swap_lines(draw, data: bytes) -> bytes:
    ls = lines_of(data)
    if len(ls) < 2:
        return data
    i, j = (draw(st.integers(0, len(ls) - 1)) for _ in range(2))
    ls[i], ls[j] = ls[j], ls[i]
    return b"".join(ls)


@st.composite
def _truncate(draw, data: bytes) -> bytes:
    return data[:_pos(draw(st.integers(0, 10**6)), len(data))]


@st.composite
def _flip_bytes(draw, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 8))):
        if out:
            out[_pos(draw(st.integers(0, 10**6)), len(out) - 1)] = draw(st.integers(0, 255))
    return bytes(out)


def _nasty_token(draw) -> bytes:
    return draw(st.one_of(
        st.sampled_from(NASTY),
        st.binary(max_size=12),
        st.text(max_size=12).map(lambda s: s.encode("utf-8", "surrogatepass")),
        st.integers().map(lambda n: str(n).encode()),
        st.integers(-10**6, 10**6).map(lambda n: str(n).encode()),
    ))


@st.composite
def _replace_token(draw, data: bytes) -> bytes:
    tokens = list(TOKEN_RE.finditer(data))
    if not tokens:
        return data
    m = tokens[_pos(draw(st.integers(0, 10**6)), len(tokens) - 1)]
    return data[:m.start()] + _nasty_token(draw) + data[m.end():]


@st.composite
def _huge_number(draw, data: bytes) -> bytes:
    numbers = list(re.finditer(rb"\d+", data))
    if not numbers:
        return data
    m = numbers[_pos(draw(st.integers(0, 10**6)), len(numbers) - 1)]
    big = draw(st.sampled_from([b"9" * 5000, b"1" + b"0" * 4400, b"99999999999999999999",
                                b"4294967297", b"-" + b"9" * 40]))
    return data[:m.start()] + big + data[m.end():]


@st.composite
def _insert(draw, data: bytes) -> bytes:
    i = _pos(draw(st.integers(0, 10**6)), len(data))
    return data[:i] + _nasty_token(draw) + data[i:]


@st.composite
def _nest(draw, data: bytes) -> bytes:
    """Brackets deep enough to break a recursive parser, opened somewhere in the file."""
    i = _pos(draw(st.integers(0, 10**6)), len(data))
    depth = draw(st.sampled_from([50, 1000, 100_000]))
    pair = draw(st.sampled_from([(b"[", b"]"), (b"{", b"}"), (b"[{\"a\":", b"}]"),
                                 (b"<a>", b"</a>")]))
    closed = draw(st.booleans())
    return data[:i] + pair[0] * depth + (pair[1] * depth if closed else b"") + data[i:]


@st.composite
def _enormous_line(draw, data: bytes) -> bytes:
    i = _pos(draw(st.integers(0, 10**6)), len(data))
    return data[:i] + draw(st.sampled_from([b"A", b"9", b" ", b"|", b"["])) * 300_000 + data[i:]


@st.composite
def _repeat(draw, data: bytes) -> bytes:
    """A short piece of the file, or of syntax, repeated tens of thousands of times: the
    input on which a scan that backtracks or retries turns quadratic, and hangs."""
    if draw(st.booleans()) and data:
        i = _pos(draw(st.integers(0, 10**6)), len(data) - 1)
        piece = data[i:i + draw(st.integers(1, 4))]
    else:
        piece = draw(st.sampled_from([b'\\"', b'"\\', b'\\', b'"', b'[', b'{"a":', b'|',
                                      b'pc|', b'%', b'{', b';', b'\r', b' ', b'"x",']))
    j = _pos(draw(st.integers(0, 10**6)), len(data))
    return data[:j] + piece * draw(st.sampled_from([20_000, 100_000])) + data[j:]


BYTE_OPS = [
    ("delete_lines", _delete_lines),
    ("duplicate_lines", _duplicate_lines),
    ("swap_lines", _swap_lines),
    ("truncate", _truncate),
    ("flip_bytes", _flip_bytes),
    ("replace_token", _replace_token),
    ("huge_number", _huge_number),
    ("insert", _insert),
    ("nest", _nest),
    ("enormous_line", _enormous_line),
    ("repeat", _repeat),
    ("crlf", lambda data: st.just(crlf(data))),
    ("lone_cr", lambda data: st.just(data.replace(b"\n", b"\r"))),
    ("bom", lambda data: st.just(b"\xef\xbb\xbf" + data)),
    ("utf16", lambda data: st.just(data.decode("latin-1").encode("utf-16"))),
    ("empty", lambda data: st.just(b"")),
]


class Sample:
    """A mutated file: the seed's name, the mutations applied and the bytes.  Its repr is
    short: a failing example is reported by its seed, mutations, size and ends (and
    hypothesis prints the blob that reproduces it, ``@reproduce_failure``)."""

    def __init__(self, name: str, data: bytes, ops: list[str]):
        self.name, self.data, self.ops = name, data, ops

    def __iter__(self):
        return iter((self.name, self.data))

    def __repr__(self) -> str:
        if not isinstance(self.data, bytes):
            return f"Sample({self.name!r}, {self.ops})"
        ends = (repr(self.data) if len(self.data) <= 160
                else f"{self.data[:80]!r}...{self.data[-80:]!r}")
        return f"Sample({self.name!r}, ops={self.ops}, {len(self.data)} bytes: {ends})"


@st.composite
def mutated(draw, seeds: list, max_ops: int = 3) -> Sample:
    """A :class:`Sample` from one of ``seeds`` (paths, or ``(name, bytes)`` pairs): one
    to ``max_ops`` mutations."""
    seed = draw(st.sampled_from(seeds))
    name, data = (seed.name, seed.read_bytes()) if isinstance(seed, Path) else seed
    ops = []
    for _ in range(draw(st.integers(1, max_ops))):
        op_name, op = draw(st.sampled_from(BYTE_OPS))
        data = draw(op(data))
        ops.append(op_name)
    return Sample(name, data, ops)


# --- mutations of JSON cases ----------------------------------------------------------

#: placeholders replaced in the JSON text (json.dumps cannot write these itself)
_BIG = "\u0000big\u0000"
_DEEP = "\u0000deep\u0000"


def _json_values():
    leaf = st.one_of(
        st.none(), st.booleans(), st.integers(), st.integers(-3, 60),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=20),
        st.sampled_from(["N", "E", "S", "W", "1N", "7N", "8C", "P", "X", "XX", "SA", "C2", "H",
                         "spades", "rest", "accept", "dispute", "revoke", "any", "claim",
                         "designate", "forbid_suit", "N:- - - -", _BIG, _DEEP, "x" * 100_000]),
    )
    return st.recursive(leaf, _nested, max_leaves=8)


def _nested(inner):
    keys = st.sampled_from(["by", "call", "play", "claim", "respond", "line", "tricks", "value",
                            "card", "suit", "suits", "choose", "replaces", "x"])
    return st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4))


def _paths(obj, path=()):
    """Every path (keys and indexes) into a parsed JSON value."""
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, path + (i,))


def _set(obj, path, value):
    if not path:
        return value
    parent = obj
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value
    return obj


def _delete(obj, path):
    if not path:
        return obj
    parent = obj
    for k in path[:-1]:
        parent = parent[k]
    del parent[path[-1]]
    return obj


@st.composite
def mutated_case(draw, seeds: list[Path]) -> Sample:
    """A case with a value somewhere replaced by a value of any type (a 5,000-digit
    number and 100,000 nested brackets among them), a key deleted or an event
    inserted; then, sometimes, its bytes mutated too."""
    seed = draw(st.sampled_from(seeds))
    obj = json.loads(seed.read_text(encoding="utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(obj))
        path = paths[_pos(draw(st.integers(0, 10**6)), len(paths) - 1)]
        how = draw(st.sampled_from(["set", "set", "delete", "insert_event"]))
        if how == "set":
            obj = _set(obj, path, draw(_json_values()))
        elif how == "delete" and path:
            obj = _delete(obj, path)
        elif (how == "insert_event" and isinstance(obj, dict)
              and isinstance(obj.get("events"), list)):
            i = _pos(draw(st.integers(0, 10**6)), len(obj["events"]))
            obj["events"].insert(i, draw(_json_values()))
    text = json.dumps(obj, ensure_ascii=draw(st.booleans()))
    depth = draw(st.sampled_from([200, 5000, 100_000]))
    text = (text.replace(json.dumps(_BIG), "9" * 5000)
                .replace(json.dumps(_DEEP), "[" * depth + "]" * depth))
    data = text.encode("utf-8", "surrogatepass")
    ops = ["json"]
    if draw(st.integers(0, 3)) == 0:
        name, op = draw(st.sampled_from(BYTE_OPS))
        data = draw(op(data))
        ops.append(name)
    return Sample(seed.name, data, ops)


# --- running one example --------------------------------------------------------------

class Hang(AssertionError):
    """An example ran past :data:`HANG_SECONDS`."""


@contextlib.contextmanager
def hard_time_limit(seconds: float = HANG_SECONDS):
    """Fail an example that runs past ``seconds`` (SIGALRM; the main thread only)."""
    def alarm(signum, frame):
        raise Hang(f"no answer after {seconds} s: a hang")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run_cli(argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """``bridgelaws`` in this process: ``(exit status, stdout, stderr)``.

    An ``argparse`` refusal (SystemExit) counts as its exit status; any other
    exception escapes, and fails the example."""
    from bridgelaws.cli import main
    import sys
    out, err = io.StringIO(), io.StringIO()
    old_in = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="strict")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 2
    finally:
        sys.stdin = old_in
    return code, out.getvalue(), err.getvalue()


def check_error_output(code: int, err: str) -> None:
    """Exit 0 or 2; on 2, each line of standard error is one ``bridgelaws: where: why``
    (or argparse's usage and ``bridgelaws COMMAND: error: ...``), never a traceback."""
    assert code in (0, 2), (code, err[-2000:])
    assert "Traceback" not in err, err[-4000:]
    if code == 2:
        lines = err.strip().splitlines()
        assert lines, "exit 2 with nothing said"
        for line in lines:
            assert re.match(r"bridgelaws( \w+: error)?: |usage: |  ", line), line[:300]
            assert len(line) < 2000, f"an error line of {len(line)} characters"


# --- what was read must be consistent -------------------------------------------------

def check_deal_text(text: str, where: str = "") -> Deal:
    """A deal a reader accepted: readable, no card twice, at most 13 a hand, and every
    hand given holds the same number of cards (13, or an end position's count)."""
    deal = Deal.from_pbn(text)          # raises for a card in two hands
    counts = [h.bit_count() for h in deal.hands]
    given = [c for c in counts if c]
    assert given, (where, text)
    assert max(given) <= 13 and len(set(given)) == 1, (where, text, counts)
    if len(given) == 4 and given[0] == 13:
        assert deal.is_complete() and sum(counts) == 52
    return deal


def check_records(records) -> None:
    """Board records a reader returned: consistent deals, and each one replays
    without an exception other than the project's (the replay reports problems)."""
    from bridgelaws.formats.replay import replay_record
    for rec in records:
        if rec.deal:
            check_deal_text(rec.deal, str(rec.source))
        if rec.board is not None:
            assert isinstance(rec.board, int)
        for row in rec.play_rows:
            assert len(row) == 4, (rec.source, row)
        r = replay_record(rec)
        check_table(r.table)


def check_table(table) -> None:
    """A table replayed from a file or a case: its deal is sound and its state adds up."""
    if table is None:
        return
    deal = table.board.deal
    check_deal_text(deal.to_pbn(), "table")
    state = table.state()
    json.dumps(state)
    tricks = state.get("tricks") or {}
    assert sum(tricks.values()) <= 13, tricks
    assert all(0 <= v <= 13 for v in tricks.values()), tricks
    if state.get("score_ns") is not None:
        assert state["score_ns"] % 10 == 0, state["score_ns"]


def check_event(event) -> None:
    """An event a results reader returned: known pairs, sound results, and it scores by
    every method (or refuses with a reason), with percentages within 0-100."""
    import math
    from bridgelaws.formats.usebio import write_usebio
    from bridgelaws.tournament.output import ranking_json, ranking_text, results_html
    from bridgelaws.tournament.results import METHODS, score_event
    event.check()
    for r in event.results:
        assert isinstance(r.board, int) and r.board >= 1, r.board
        assert r.tricks is None or 0 <= r.tricks <= 13, (r.where, r.tricks)
    for method in METHODS:
        try:
            result = score_event(event, method)
        except BridgeError:
            continue
        for s in result.standings:
            assert math.isfinite(s.score), (method, s)
            assert s.percent is None or -1e-6 <= s.percent <= 100 + 1e-6, (method, s)
        ranking_text(result)
        json.loads(ranking_json(result))
        results_html(result)
        write_usebio(result)
