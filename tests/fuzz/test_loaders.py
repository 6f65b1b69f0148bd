"""Every loader, fed mutated real files: a consistent result or the project's error, never
another exception, never a hang.

Each test draws a seed file, breaks it (see :mod:`tests.fuzz.fuzzing`) and reads it in
this process.  What a loader returns must hold together: each deal with no card twice
and 13 cards a hand (or an end position's equal count), every board record replayable
(the replay reports what is wrong, it does not raise), every event scorable by each
method or refused with a reason.  A refusal is a :class:`~bridgelaws.cards.BridgeError`
whose message is one line of bounded length.
"""

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from bridgelaws.cards import BridgeError
from bridgelaws.explain import explain
from bridgelaws.formats.bws import read_bws
from bridgelaws.formats.case import case_table, load_case
from bridgelaws.formats.lin import read_lin
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.formats.results_csv import read_bridgemate, read_csv_event, read_results_csv
from bridgelaws.formats.score_tables import event_from_pbn
from bridgelaws.formats.usebio import read_usebio

from .fuzzing import (bridgemate_seed_folders, bws_seed_files, check_event, check_records, check_table,
                      fuzz_settings, hard_time_limit, mutated, mutated_case, seed_files, Sample)


def check_error(e: BridgeError) -> None:
    text = str(e)
    assert text and "\n" not in text and len(text) < 2000, text[:3000]


@fuzz_settings(60)
@given(mutated(seed_files("pbn")), st.booleans())
def test_read_pbn(sample, strict):
    name, data = sample
    with hard_time_limit():
        records, errors = read_pbn(data, name=name, errors="collect", strict=strict)
        for e in errors:
            assert isinstance(e, BridgeError), repr(e)
            check_error(e)
        check_records(records)
        try:
            assert read_pbn(data, name=name, strict=strict) == records and not errors
        except BridgeError as e:
            check_error(e)
            assert errors


@fuzz_settings(60)
@given(mutated(seed_files("lin")))
def test_read_lin(sample):
    name, data = sample
    with hard_time_limit():
        try:
            records = read_lin(data, name=name)
        except BridgeError as e:
            check_error(e)
            return
        check_records(records)


@fuzz_settings(40)
@given(mutated(seed_files("xml")))
def test_read_usebio(sample):
    name, data = sample
    with hard_time_limit():
        try:
            event = read_usebio(data, name=name)
        except BridgeError as e:
            check_error(e)
            return
        check_event(event)


@fuzz_settings(40)
@given(mutated(seed_files("results_pbn")))
def test_score_tables_of_pbn(sample):
    name, data = sample
    with hard_time_limit():
        try:
            event = event_from_pbn(data, name=name)
        except BridgeError as e:
            check_error(e)
            return
        check_event(event)


@fuzz_settings(40)
@given(mutated(seed_files("csv")))
def test_read_results_csv(sample):
    name, data = sample
    with tempfile.TemporaryDirectory() as tmp, hard_time_limit():
        path = Path(tmp) / name
        path.write_bytes(data)
        for read in (read_results_csv, read_csv_event):
            try:
                event = read(path)
            except BridgeError as e:
                check_error(e)
                continue
            check_event(event)


@st.composite
def mutated_bridgemate(draw):
    """A Bridgemate folder with one or two of its tables mutated."""
    folder = draw(st.sampled_from(bridgemate_seed_folders()))
    tables = sorted(p for p in folder.glob("*.csv") if p.stat().st_size < 200_000)
    out = {p.name: p.read_bytes() for p in tables}
    ops = []
    for _ in range(draw(st.integers(1, 2))):
        target = draw(st.sampled_from(sorted(out)))
        sample = draw(mutated([folder / target]))
        out[target] = sample.data
        ops.append(f"{target}: {sample!r}")
    return Sample(folder.name, out, ops)


@fuzz_settings(25)
@given(mutated_bridgemate())
def test_read_bridgemate(sample):
    name, files = sample
    with tempfile.TemporaryDirectory() as tmp, hard_time_limit():
        folder = Path(tmp) / name
        folder.mkdir()
        for fname, data in files.items():
            (folder / fname).write_bytes(data)
        try:
            event = read_bridgemate(folder)
        except BridgeError as e:
            check_error(e)
            return
        check_event(event)


@st.composite
def mutated_bws(draw):
    """A Bridgemate database broken as a disk or a copy breaks one (bytes flipped, a page
    zeroed or copied over another, a page pointer changed, the file cut short), or by
    the text mutations."""
    seed = draw(st.sampled_from(bws_seed_files()))
    data, page = bytearray(seed.read_bytes()), 2048
    op = draw(st.sampled_from(["flip", "zero_page", "copy_page", "pointer", "text"]))
    pages = len(data) // page
    at = draw(st.integers(0, pages - 1)) * page
    if op == "flip":
        for _ in range(draw(st.integers(1, 40))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    elif op == "zero_page":
        data[at:at + page] = bytes(page)
    elif op == "copy_page":
        other = draw(st.integers(0, pages - 1)) * page
        data[at:at + page] = data[other:other + page]
    elif op == "pointer":
        i = at + draw(st.integers(0, page - 4))
        data[i:i + 4] = draw(st.integers(0, 2**32 - 1)).to_bytes(4, "little")
    else:
        return draw(mutated([seed], max_ops=1))
    return Sample(seed.name, bytes(data), [op])


@pytest.mark.skipif(not bws_seed_files(), reason="no .bws file in the real data")
@fuzz_settings(6)
@given(mutated_bws())
def test_read_bws(sample):
    name, data = sample
    with hard_time_limit():
        try:
            event = read_bws(data, name=name)
        except BridgeError as e:
            check_error(e)
            return
        check_event(event)


@fuzz_settings(80)
@given(st.one_of(mutated_case(seed_files("case")), mutated(seed_files("case"))),
       st.sampled_from(["en", "he", "pl", "ru", "nb"]))
def test_read_case(sample, lang):
    name, data = sample
    with tempfile.TemporaryDirectory() as tmp, hard_time_limit():
        path = Path(tmp) / name
        path.write_bytes(data)
        try:
            table = case_table(load_case(str(path)))
        except BridgeError as e:
            check_error(e)
            return
        check_table(table)
        explain(table, lang)
