"""The two real Bridgemate exports (club_bridgemate_rickwilson/*_csv): ranked from their raw
results, every score recomputed by Law 77, checked against what the exports and the
hand-record PBN files say.

Neither the exports nor the PBN files publish a score or a result (the PBN
Contract/Result tags are empty, and there is no ScoreTable), so what can be
compared is the movement (RoundData), the declarer's pair number, the deals
(HandRecord.csv against the PBN) and the dealer and vulnerability (Law 2)."""

import json

import pytest

from bridgelaws.boards import vulnerability_of
from bridgelaws.cards import Deal
from bridgelaws.cli import main
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.formats.results_csv import read_bridgemate
from bridgelaws.tournament.results import score_event

SESSIONS = {
    # folder: (hand record, tables, boards, rows not played)
    "260119M_csv": ("260119HandRecord.pbn", 11, 27, 0),
    "LBC-2026-01-26_csv": ("LBC-2026-01-26.pbn", 10, 27, 6),
}


@pytest.mark.parametrize("folder", sorted(SESSIONS))
def test_bridgemate_session(realdata, folder, capsys):
    base = realdata / "pbn" / "club_bridgemate_rickwilson"
    pbn_name, tables, nboards, not_played = SESSIONS[folder]
    ev = read_bridgemate(base / folder)
    pub = ev.published
    assert pub["erased"] == 0 and pub["replaced"] == 0
    assert len(pub["not_played"]) == not_played
    assert len(ev.entries) == 2 * tables                      # a Mitchell: NS and EW fields
    assert len(ev.boards()) == nboards

    res = score_event(ev)
    for srs in res.boards.values():
        for sr in srs:
            assert sr.ns_score is not None and sr.ns_score % 10 == 0     # Law 77
            assert sr.ns_points + sr.ew_points == pytest.approx(sr.top)  # Law 78A
    ranks = {s.direction: [] for s in res.standings}
    for s in res.standings:
        ranks[s.direction].append(s.place)
    assert sorted(ranks) == ["EW", "NS"] and all(len(v) == tables for v in ranks.values())

    # the export against itself: declarer pair number vs seat; results vs the movement
    agree_decl, n_decl = pub["declarer_pair"]
    agree_mv, n_mv = pub["movement"]
    assert agree_decl == n_decl > 0 and agree_mv == n_mv == len(ev.results) + not_played

    # the hand-record PBN: deals (where HandRecord.csv has them), dealer and vulnerability
    records = {r.board: r for r in read_pbn(base / pbn_name)}
    vul_agree = sum(records[b].vulnerable == vulnerability_of(b) for b in ev.boards())
    deals = pub.get("deals", {})
    deal_agree = sum(Deal.from_pbn(deals[b]).to_pbn() == Deal.from_pbn(records[b].deal).to_pbn()
                     for b in deals)
    assert vul_agree == nboards and deal_agree == len(deals)
    published = sum(bool(r.result is not None or r.score) for r in records.values())
    assert published == 0
    with capsys.disabled():
        print(f"\n  {folder}: {len(ev.results)} results scored (Law 77), "
              f"{len(pub['not_played'])} not played, {len(res.standings)} pairs ranked; "
              f"winners NS {res.standings[[s.direction for s in res.standings].index('NS')].entry}"
              f", EW {res.standings[0].entry}; agreed: declarer pair {agree_decl}/{n_decl}, "
              f"movement {agree_mv}/{n_mv}, vulnerability {vul_agree}/{nboards}, "
              f"deals {deal_agree}/{len(deals)}; scores published by the export or PBN: "
              f"{published}")
    assert main(["results", str(base / folder), "--json"]) == 0
    cap = capsys.readouterr()
    rows = json.loads(cap.out)
    assert len(rows) == 2 * tables
    # with boards not played, totals are factored: each field ranks in percentage order
    for d in ("NS", "EW"):
        pcts = [r["percent"] for r in rows if r["direction"] == d]
        assert pcts == sorted(pcts, reverse=True)
    assert (f"{not_played} results without a score" in cap.err) == bool(not_played)


BWS = {"260119M_csv": "260119M.BWS", "LBC-2026-01-26_csv": "LBC-2026-01-26.bws"}


@pytest.mark.parametrize("folder", sorted(BWS))
def test_the_bws_database_gives_what_its_csv_export_gives(realdata, folder, capsys):
    """Each real .bws, read straight from the database, gives exactly the ranking and the
    scores its CSV export gives: every result, every not-played row, every check."""
    from bridgelaws.formats.bws import read_bws
    base = realdata / "pbn" / "club_bridgemate_rickwilson"
    db, export = read_bws(base / BWS[folder]), read_bridgemate(base / folder)

    def results(ev):
        return sorted((r.board, r.ns, r.ew, r.round, r.table, r.contract, r.declarer, r.tricks,
                       r.lead) for r in ev.results)
    assert results(db) == results(export)
    strip = [{k: v for k, v in n.items() if k != "where"} for n in db.published["not_played"]]
    assert strip == [{k: v for k, v in n.items() if k != "where"}
                     for n in export.published["not_played"]]
    for key in ("erased", "replaced", "suspicious", "declarer_pair", "movement", "round_data",
                "deals"):
        assert db.published.get(key) == export.published.get(key), key

    res_db, res_export = score_event(db), score_event(export)
    assert res_db.laws == res_export.laws
    assert [(s.entry, s.place, s.score, s.percent) for s in res_db.standings] == \
        [(s.entry, s.place, s.score, s.percent) for s in res_export.standings]
    assert {b: [(sr.result.ns, sr.ns_score, sr.ns_points, sr.ew_points) for sr in srs]
            for b, srs in res_db.boards.items()} == \
        {b: [(sr.result.ns, sr.ns_score, sr.ns_points, sr.ew_points) for sr in srs]
         for b, srs in res_export.boards.items()}
    # what the export lacks: the players' names (PlayerNumbers), each pair two names but
    # where Bridgemate had no name for a member's number
    named = sum(len(e.names) for e in db.entries.values())
    assert not any(e.names for e in export.entries.values())
    assert named >= 4 * len(db.entries) // 2 - 1 and all(len(e.names) <= 2
                                                         for e in db.entries.values())
    assert main(["results", str(base / BWS[folder]), "--json"]) == 0
    by_db = json.loads(capsys.readouterr().out)
    assert main(["results", str(base / folder), "--json"]) == 0
    by_export = json.loads(capsys.readouterr().out)
    assert [(r["pair"], r["rank"], r["score"], r["percent"]) for r in by_db] == \
        [(r["pair"], r["rank"], r["score"], r["percent"]) for r in by_export]
