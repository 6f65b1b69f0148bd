"""The results pages rendered from real events (``/work/shared/realdata``): the data model
(``tournament/report.py``) and the one set of templates (``tournament/templates``) that
``bridgelaws results --html`` and the web service both render.

* a Mitchell (Compscore's USEBIO): North-South ranked before East-West under their own
  headings, each pair's published percentage on the page, each traveller line's published
  matchpoints, the contracts with suit symbols (``4♠ N +1``), never as codes;
* adjusted rows show the adjustment (``Adjusted 60%/60%``), never a contract;
* a Ruter PBN: the date, the top and the number of boards, the hands of each board with
  their high-card points, the travellers' published percentages;
* the double-dummy table and par of a real club deal agree with the ones its hand record
  (BridgeComposer) prints;
* each pair's score card: its boards with round, opponents, score and percentage, linked
  from the ranking;
* Hebrew: right to left, contracts and numbers isolated in ``<bdi>``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from bridgelaws.cli import main
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.tournament.output import load_event, render_report, results_html
from bridgelaws.tournament.report import analyse, event_report, hand_diagram
from bridgelaws.tournament.results import score_event

REAL = Path("/work/shared/realdata")
USEBIO = REAL / "usebio" / "abf_cobalt_tests"
RUTER = REAL / "pbn" / "finland_ruter_magiccontest"
#: Compscore's way of totalling a Mitchell (tests/realdata/test_scoring_realdata.py)
COMPSCORE = dict(neuberg="field", factor_totals=True, board_decimals=2,
                 field_percent_decimals=2)

pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason="needs /work/shared/realdata")


def traveller_rows(page: str) -> list[str]:
    return re.findall(r'<tr class="trav[^"]*"[^>]*>.*?</tr>', page, re.S)


def cells(row: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


@pytest.fixture(scope="module")
def mitchell():
    ev = load_event(str(USEBIO / "mp_pairs_mitchell_03.xml"))
    res = score_event(ev, "mp", **COMPSCORE)
    return ev, res, results_html(res, analysis=False)


def test_mitchell_ranks_north_south_before_east_west_with_headings(mitchell):
    ev, res, page = mitchell
    ns = page.index('id="ranking--NS"')
    ew = page.index('id="ranking--EW"')
    assert ns < ew
    assert "North-South" in page[ns:ns + 80] and "East-West" in page[ew:ew + 80]
    # every North-South pair's row is above the East-West heading, every East-West one below
    for pid, entry in ev.entries.items():
        at = page.index(f'<tr data-pair="{pid}">')
        assert (at < ew) == (entry.direction == "NS"), pid


def test_mitchell_shows_the_published_percentages_and_matchpoints(mitchell):
    ev, res, page = mitchell
    for pid, entry in ev.entries.items():
        row = re.search(rf'<tr data-pair="{re.escape(pid)}">.*?</tr>', page, re.S).group(0)
        assert f"{entry.published['percent']:.2f}" in cells(row), (pid, cells(row))
    # each traveller line's published matchpoints, both ways
    rows = traveller_rows(page)
    assert len(rows) == len(ev.results) == 126
    published = sorted((r.ns[0], r.ew[0], r.board, r.published["ns"], r.published["ew"])
                       for r in ev.results)
    report = event_report(res)
    seen = sorted((r.ns, r.ew, t.board, r.ns_points, r.ew_points)
                  for t in report.sections[0].travellers for r in t.rows)
    assert seen == published
    for row in rows:
        c = cells(row)
        assert re.fullmatch(r"\d+\.\d\d", c[8]) and re.fullmatch(r"\d+\.\d\d", c[9]), c


def test_contracts_have_suit_symbols_and_both_score_columns(mitchell):
    ev, res, page = mitchell
    contracts = [cells(r)[4] for r in traveller_rows(page)]
    assert all(re.fullmatch(r"([1-7](♣|♦|♥|♠|NT)x{0,2} [NESW] (=|[+-]\d+))|Passed out", c)
               for c in contracts), contracts
    assert any("♠" in c for c in contracts) and any("NT" in c for c in contracts)
    assert not re.search(r">\s*[1-7][CDHSN]X{0,2}\s*<", page)      # no contract as a code
    for row in traveller_rows(page):
        c = cells(row)
        ns, ew = c[6], c[7]
        assert bool(ns) != bool(ew) or ns == "0", c       # one side's score column filled


def test_adjusted_rows_show_what_was_given_not_a_contract():
    ev = load_event(str(USEBIO / "mp_pairs_mitchell_adjusted.xml"))
    page = results_html(score_event(ev, "mp", **COMPSCORE), analysis=False)
    adjusted = [r for r in traveller_rows(page) if 'class="trav adjusted"' in r]
    given = [r.adjusted for r in ev.results if r.adjusted is not None]
    assert len(adjusted) == len(given) == 2
    texts = sorted(cells(r)[4] for r in adjusted)
    assert texts == sorted(f"Adjusted {a.ns:g}%/{a.ew:g}%" for a in given)
    for r in adjusted:
        assert not re.search(r"[♣♦♥♠]|NT", cells(r)[4])


def test_a_replaced_result_shows_the_adjustment_not_its_stale_contract():
    """Law 12C: a row whose table result was replaced keeps its contract for the record,
    but the traveller and the score cards show what the Director gave."""
    from bridgelaws.scoring.adjusted import ArtificialScore
    from bridgelaws.tournament.event import Event, Result
    ev = Event(name="club")
    for p, d in zip("1234", ["NS", "EW", "NS", "EW"]):
        ev.add_entry(p, [f"P{p}"], d)
    ev.results += [Result(1, "1", "2", "4S", "N", 10, round=1, table="1"),
                   Result(1, "3", "4", "2HX", "E", 6, round=1, table="2",
                          adjusted=ArtificialScore(60, 40))]
    rep = event_report(score_event(ev))
    row = rep.sections[0].travellers[0].rows[1]
    assert row.contract_text is None and row.adjusted.kind == "artificial"
    page = render_report(rep)
    assert 'Adjusted <bdi dir="ltr">60%/40%</bdi>' in page and "2♥x" not in page
    card = rep.sections[0].scorecards["4"]
    assert card.rows[0].adjusted.ew_percent == 40 and card.rows[0].contract_text is None


def test_ruter_pairs_date_top_boards_hands_and_published_percentages():
    ev = load_event(str(RUTER / "sm2.pbn"))
    res = score_event(ev, "mp")
    rep = event_report(res)
    assert (rep.date, rep.top, rep.boards) == ("2014-10-05", 34, 39)
    page = render_report(rep)
    assert "Date: <bdi>October 5, 2014</bdi>" in page and "Top: <bdi>34</bdi>" in page
    assert "<bdi>5 października 2014</bdi>" in render_report(rep, "pl")   # the language's date
    assert "Boards: <bdi>39</bdi>" in page
    first = rep.sections[0].travellers[0]
    assert first.board == 67 and first.hand is not None
    # the hand of South on board 67 (the file's deal) and its high-card points
    assert first.hand.hands["S"][1] == ("♥", "A Q J 7 2") and first.hand.hcp["S"] == 14
    assert sum(first.hand.hcp.values()) == 40
    assert page.count('class="hand" data-seat=') == 4 * 39
    # each line's published percentages (Ruter's, to whole numbers or tenths)
    for t in rep.sections[0].travellers:
        for r in t.rows:
            pub = next(x for x in ev.results if x.board == t.board and x.ns == (r.ns,))
            assert r.ns_percent == pytest.approx(pub.published["Percentage_NS"], abs=0.5)


def test_double_dummy_table_and_par_match_the_club_hand_record():
    """BridgeComposer's hand record of a real club session prints each board's
    double-dummy tricks and par: ours, by DDS through the analysis module, agree."""
    path = REAL / "pbn" / "club_bridgemate_rickwilson" / "LBC-2026-01-26.pbn"
    records = [r for r in read_pbn(str(path)) if r.deal][:2]
    keys = []
    for r in records:
        d = hand_diagram(r.board, r.deal, r.dealer, r.vulnerable)
        keys.append((r.deal, d.dealer, d.vulnerable))
    analyse(keys, threads=1)
    for r in records:
        d = hand_diagram(r.board, r.deal, r.dealer, r.vulnerable)
        table = r.tables["OptimumResultTable"].dicts()
        for line in table:
            seat, strain = line["Declarer"], line["Denomination"]
            col = "CDHSN".index(strain[0].upper() if strain != "NT" else "N")
            assert d.dd[seat][col] == int(line["Result"]), (r.board, seat, strain)
        side, points = r.tags["OptimumScore"].split()
        assert d.par_score == int(points) * (1 if side == "NS" else -1), r.board
    assert d.par_contracts and all(re.search(r"[♣♦♥♠]|NT", c) for c in d.par_contracts)


def test_score_cards_linked_from_the_ranking(mitchell):
    ev, res, page = mitchell
    rep = event_report(res)
    sec = rep.sections[0]
    for fld in sec.fields:
        for r in fld.rows:
            assert f'href="#card--{r.pair}"' in page
            card = sec.scorecards[r.pair]
            assert f'id="card--{r.pair}"' in page
            assert len(card.rows) == r.boards
            # a board factored to the field aside, the card's percentages make the total
            assert sum(c.percent for c in card.rows) / len(card.rows) == \
                pytest.approx(r.percent, abs=0.6)
            for c in card.rows:
                assert c.direction == ev.entries[r.pair].direction
                assert c.opponents != r.pair and c.opponent_names
    one = sec.scorecards["1NS"]
    block = page[page.index('id="card--1NS"'):]
    block = block[:block.index("</section>")]
    assert block.count('class="cardrow') == len(one.rows)
    assert ev.entries["1NS"].names[0] in block


def test_hebrew_page_is_right_to_left_with_contracts_isolated(mitchell):
    ev, res, _ = mitchell
    page = results_html(res, "he", analysis=False)
    assert '<html lang="he" dir="rtl">' in page
    assert 'class="contract"><bdi dir="ltr">' in page
    assert "North-South" not in page and "צפון-דרום" in page


def test_cli_html_in_hebrew_without_analysis(tmp_path, capsys):
    out = tmp_path / "r.html"
    assert main(["results", str(USEBIO / "mp_pairs_mitchell_03.xml"), "--html", str(out),
                 "--lang", "he", "--no-analysis", "--no-progress"]) == 0
    page = out.read_text(encoding="utf-8")
    assert 'dir="rtl"' in page and len(traveller_rows(page)) == 126
    assert "<link" not in page and "<script" not in page        # one file, CSS inline


def test_howell_ranks_everyone_in_one_list():
    ev = load_event(str(USEBIO / "mp_pairs_howell.xml"))
    page = results_html(score_event(ev, "mp", **COMPSCORE), analysis=False)
    assert page.count('<table class="res ranking"') == 1
    assert 'id="ranking--NS"' not in page and "North-South" not in page
    assert page.count('class="pair" href="#card--') == len(ev.entries)


def test_the_text_ranking_lists_north_south_first(mitchell, capsys):
    assert main(["results", str(USEBIO / "mp_pairs_mitchell_03.xml")]) == 0
    out = capsys.readouterr().out
    assert out.index("-- NS") < out.index("-- EW")


def test_a_teams_event_through_the_same_templates(tmp_path, capsys):
    from bridgelaws.tournament.teams import score_teams
    ev = load_event(str(RUTER / "team.pbn"))
    res = score_teams(ev)
    out = tmp_path / "team.html"
    assert main(["results", str(RUTER / "team.pbn"), "--html", str(out)]) == 0
    capsys.readouterr()
    page = out.read_text(encoding="utf-8")
    assert '<table class="res ranking"' in page and '<table class="res matches"' in page
    assert page.count('<tr class="match"') == len(res.matches) + len(res.unplayed)
    for s in res.standings:
        row = re.search(rf'<tr data-pair="{s.team}">.*?</tr>', page, re.S).group(0)
        assert f"{s.vp:.2f}" in row and s.name in html.unescape(row)
