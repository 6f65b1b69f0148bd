"""The Bridgemate database (.bws) reader: the real files against their CSV exports are in
tests/realdata/test_bridgemate_realdata.py; here, what a damaged or hostile file gives."""

from pathlib import Path

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.cli import main
from bridgelaws.formats.bws import MAX_BWS_BYTES, read_bws, read_bws_tables

BASE = (Path(__file__).resolve().parents[3] / "shared" / "realdata" / "pbn"
        / "club_bridgemate_rickwilson")
LBC = BASE / "LBC-2026-01-26.bws"
needs_realdata = pytest.mark.skipif(not LBC.is_file(), reason=f"{LBC} is missing")
PAGE = 2048                  # the real files are Jet 3 databases (Access 97)


def one_line(e: BridgeError) -> str:
    text = str(e)
    assert "\n" not in text and "Traceback" not in text
    return text


@pytest.mark.parametrize("data", [b"", b"[Board \"1\"]\n", b"\x00\x01\x00\x00Standard Jet DB\x00",
                                  b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(3 * PAGE)])
def test_what_is_not_a_database_is_one_line(data):
    with pytest.raises(BridgeError) as e:
        read_bws(data, name="club.bws")
    assert one_line(e.value).startswith("club.bws: ")


def test_a_file_too_large_or_missing(tmp_path):
    big = tmp_path / "big.bws"
    with open(big, "wb") as f:
        f.truncate(MAX_BWS_BYTES + 1)
    with pytest.raises(BridgeError, match="larger than 50 MB"):
        read_bws(big)
    with pytest.raises(BridgeError, match="cannot read"):
        read_bws(tmp_path / "none.bws")


def _table_page(data: bytes, name: str) -> int:
    """The page number of a table's definition (the catalogue gives it)."""
    from bridgelaws.formats.bws import _parser
    return _parser(data).catalog[name]


@needs_realdata
def test_a_table_definition_chained_to_itself_is_an_error_not_a_hang():
    data = bytearray(LBC.read_bytes())
    page = _table_page(bytes(data), "ReceivedData")
    # the TDEF header: 02 01, a version, then the next page of the definition
    data[page * PAGE + 4:page * PAGE + 8] = page.to_bytes(4, "little")
    with pytest.raises(BridgeError) as e:
        read_bws(bytes(data), name="loop.bws")
    assert one_line(e.value) == ("loop.bws: a damaged database: the table ReceivedData "
                                 "cannot be read")


@needs_realdata
@pytest.mark.parametrize("cut", [PAGE, 20 * PAGE, 200 * PAGE + 77])
def test_a_file_cut_short(cut):
    with pytest.raises(BridgeError) as e:
        read_bws(LBC.read_bytes()[:cut], name="cut.bws")
    assert one_line(e.value).startswith("cut.bws")


@needs_realdata
def test_a_bad_row_is_named_by_table_and_row():
    data = LBC.read_bytes()
    tables = read_bws_tables(data, "f.bws")
    received = tables("ReceivedData")
    assert received.rows[0][0] == "f.bws, ReceivedData row 1"
    assert received.rows[0][2]["contract"] == "4 S" and received.rows[0][2]["erased"] == "0"
    # Jet 3 keeps text in single bytes: every contract "4 S" becomes "4 Z"
    bad = data.replace(b"4 S", b"4 Z")
    with pytest.raises(BridgeError) as e:
        read_bws(bad, name="f.bws")
    assert one_line(e.value).startswith("f.bws, ReceivedData row ")
    assert "unknown contract '4 Z'" in str(e.value)
    assert tables("PlayerNames") is None          # the members' list is not read
    assert tables("NoSuchTable") is None


@needs_realdata
def test_results_command_reads_a_bws_and_refuses_a_bad_one(tmp_path, capsys):
    assert main(["results", str(LBC), "--json"]) == 0
    assert '"Kevin Patterson - Sudhir Kulkarni"' in capsys.readouterr().out
    bad = tmp_path / "bad.bws"
    bad.write_bytes(LBC.read_bytes()[:5 * PAGE])
    assert main(["results", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"bridgelaws: {bad}") and err.count("\n") == 1
