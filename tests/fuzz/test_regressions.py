"""What the fuzz suite found, each as a plain test (each failed before its fix)."""

import pytest

from bridgelaws.calls import parse_call
from bridgelaws.cards import BridgeError
from bridgelaws.cli import main
from bridgelaws.formats.lin import read_lin
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.formats.results_csv import read_bridgemate, read_results_csv
from bridgelaws.tournament.results import score_event

from .fuzzing import SEEDS

CLUB_NIGHT = SEEDS.parents[2] / "examples" / "club_night.csv"


def test_an_enormous_line_gives_an_error_of_bounded_length():
    # the PBN reader quoted the whole 300,000-character line in its message
    data = b"A" * 300_000 + (SEEDS / "vugraph.pbn").read_bytes()
    with pytest.raises(BridgeError) as e:
        read_pbn(data, name="x.pbn")
    assert str(e.value).startswith("x.pbn:1: 'AAAA")
    assert str(e.value).endswith("' is outside any tag or section")
    assert len(str(e.value)) < 520


def test_a_lin_hand_of_300000_characters_gives_a_short_error():
    with pytest.raises(BridgeError) as e:
        read_lin(b"md|1" + b"A" * 300_000 + b",,,|", name="x.lin")
    assert str(e.value).startswith("x.lin:1: hand 'AAAA") and len(str(e.value)) < 520


def test_a_bid_of_5000_digits_is_an_unknown_call():
    # int() of the level raised ValueError (Python refuses ints of over 4,300 digits)
    with pytest.raises(BridgeError, match="unknown call '9999"):
        parse_call("9" * 5000 + "N")
    with pytest.raises(BridgeError, match="unknown call"):
        parse_call("1000C")
    assert parse_call("8S") > parse_call("7N")        # above seven: inadmissible (Law 38)


def test_pairs_with_5000_digit_ids_are_ranked(tmp_path):
    # the natural order of pair ids converted every digit run with int()
    f = tmp_path / "big_ids.csv"
    big = "9" * 5000
    f.write_text(f"board,ns,ew,contract,declarer,result\n1,{big},2,4H,N,10\n1,3,4,4H,N,9\n")
    res = score_event(read_results_csv(f))
    assert [s.entry for s in res.standings][:2] == ["4", big]
    out = tmp_path / "out.txt"
    assert main(["results", str(f), "--html", str(out)]) == 0


def test_a_csv_field_over_the_limit_is_named_by_its_line(tmp_path):
    # csv.Error ("field larger than field limit") escaped as a traceback
    f = tmp_path / "long.csv"
    lines = CLUB_NIGHT.read_text().splitlines()
    lines[2] = '"' + "x" * 200_000 + '"'
    f.write_text("\n".join(lines) + "\n")
    with pytest.raises(BridgeError) as e:
        read_results_csv(f)
    assert str(e.value) == (f"{f}:3: a field longer than the CSV limit of 131,072 characters")


def test_a_bridgemate_field_over_the_limit_is_named_by_its_line(tmp_path):
    folder = tmp_path / "bm"
    folder.mkdir()
    for p in (SEEDS / "bridgemate").iterdir():
        (folder / p.name).write_bytes(p.read_bytes())
    rows = (folder / "RoundData.csv").read_text().splitlines()
    rows[3] = "1,1," + "2" * 200_000 + ",1,4,3,4,"
    (folder / "RoundData.csv").write_text("\n".join(rows) + "\n")
    with pytest.raises(BridgeError) as e:
        read_bridgemate(folder)
    assert str(e.value).endswith("RoundData.csv:4: a field longer than the CSV limit of "
                                 "131,072 characters")


@pytest.mark.parametrize("number", ["9" * 5000, "0" * 5000 + "1" + "0" * 40])
def test_a_deal_number_of_5000_digits_is_out_of_range(capsys, number):
    # int() of the typed number raised ValueError past 4,300 digits
    assert main(["dealnumber", number]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bridgelaws: deal number ") and "is outside 0 to 5364" in err
    assert len(err) < 600


def test_a_deal_number_with_leading_zeros():
    from bridgelaws.deals.dealnumber import parse_deal_number
    assert parse_deal_number("0" * 5000 + "42") == 42


def test_usebio_tricks_out_of_range_are_refused(tmp_path):
    # a TRICKS of -999... was read and only refused, if at all, when scored
    from bridgelaws.formats.usebio import read_usebio
    xml = (SEEDS / "results.xml").read_text().replace("<TRICKS>9</TRICKS>",
                                                      "<TRICKS>-999999</TRICKS>", 1)
    with pytest.raises(BridgeError) as e:
        read_usebio(xml, name="r.xml")
    assert str(e.value).startswith("r.xml: board ") and "impossible number of tricks -999999" \
        in str(e.value)


def test_a_bridgemate_round_table_without_its_columns(tmp_path):
    # RoundData.csv without NSPair was a KeyError
    folder = tmp_path / "bm"
    folder.mkdir()
    for p in (SEEDS / "bridgemate").iterdir():
        (folder / p.name).write_bytes(p.read_bytes())
    rows = (folder / "RoundData.csv").read_text().replace("NSPair", "Pair")
    (folder / "RoundData.csv").write_text(rows)
    with pytest.raises(BridgeError) as e:
        read_bridgemate(folder)
    assert str(e.value) == (f"{folder}/RoundData.csv:1: not a Bridgemate RoundData export: "
                            "no column nspair")


def test_a_case_of_unclosed_strings_is_read_in_linear_time(tmp_path):
    # the scan for deep nesting retried a string pattern from every escaped quote of an
    # unclosed string: 300,000 of them took hours; now it is one pass (well under the limit)
    from bridgelaws.formats.case import load_case
    from .fuzzing import hard_time_limit
    f = tmp_path / "quotes.json"
    f.write_text('{"board": 1, "about": "' + '\\"' * 300_000)
    with hard_time_limit(20), pytest.raises(BridgeError) as e:
        load_case(str(f))
    assert str(e.value).startswith(f"{f}: malformed JSON at line 1, column 23: Unterminated")


def test_a_bridgemate_row_id_of_5000_digits(tmp_path):
    # the row ID was given to int() (ValueError past 4,300 digits)
    folder = tmp_path / "bm"
    folder.mkdir()
    for p in (SEEDS / "bridgemate").iterdir():
        (folder / p.name).write_bytes(p.read_bytes())
    rows = (folder / "ReceivedData.csv").read_text().splitlines()
    rows[2] = "9" * 5000 + rows[2][1:]
    (folder / "ReceivedData.csv").write_text("\n".join(rows) + "\n")
    with pytest.raises(BridgeError) as e:
        read_bridgemate(folder)
    assert str(e.value) == f"{folder}/ReceivedData.csv:3: ID of 5000 digits is too large"


def test_usebio_numbers_of_5000_digits_are_too_large():
    # they were "not a whole number" (int() refuses 4,300 digits), which they are
    from bridgelaws.formats.usebio import read_usebio
    xml = (SEEDS / "results.xml").read_text()
    for old, new, said in (("<TRICKS>9</TRICKS>", "<TRICKS>" + "9" * 5000 + "</TRICKS>",
                            "TRICKS of 5000 digits is too large"),
                           ("<BOARD_NUMBER>2</BOARD_NUMBER>",
                            "<BOARD_NUMBER>" + "2" * 5000 + "</BOARD_NUMBER>",
                            "board number of 5000 digits is too large")):
        with pytest.raises(BridgeError) as e:
            read_usebio(xml.replace(old, new, 1), name="r.xml")
        assert str(e.value).startswith("r.xml") and str(e.value).endswith(said), str(e.value)


def test_a_control_character_in_a_results_csv_is_refused(tmp_path):
    # a NUL in a player's name was read, then written into USEBIO XML that no parser reads
    f = tmp_path / "nul.csv"
    f.write_text(CLUB_NIGHT.read_text().replace("Eve Black", "\x00ve Black"))
    with pytest.raises(BridgeError) as e:
        read_results_csv(f)
    assert str(e.value) == f"{f}:4: a control character (U+0000) in a field"


def test_usebio_written_is_always_xml(tmp_path):
    # whatever an event's names hold, the USEBIO written is XML that reads back
    from bridgelaws.formats.usebio import read_usebio, write_usebio
    ev = read_results_csv(CLUB_NIGHT)
    ev.entries["3"].names = ["\x00ve Black", "Fay \ud800Green"]
    back = read_usebio(write_usebio(score_event(ev)), name="w.xml")
    assert back.entries["3"].names == ["\ufffdve Black", "Fay \ufffdGreen"]
