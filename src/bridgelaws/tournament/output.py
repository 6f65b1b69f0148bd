"""Results for people: the ranking as text, JSON and HTML (travellers with a frequency chart).

>>> from bridgelaws.tournament.event import Event, Result
>>> from bridgelaws.tournament.results import score_event
>>> ev = Event(name="demo")
>>> for p in "1234":
...     _ = ev.add_entry(p, [f"Player {p}"])
>>> ev.results += [Result(1, "1", "2", "4H", "N", 10), Result(1, "3", "4", "4H", "N", 9)]
>>> print(ranking_text(score_event(ev)).splitlines()[2])
1=    1     Player 1                                 2.00  100.00%
"""

from __future__ import annotations

import html
import json
from collections import Counter

__all__ = ["load_event", "ranking_text", "ranking_json", "results_html", "teams_text",
           "teams_json", "teams_html"]


def load_event(path: str):
    """An event from a USEBIO (.xml), PBN (.pbn), results CSV (.csv, or a folder of
    Bridgemate tables) or Bridgemate database (.bws), by its extension."""
    import os
    from ..cards import BridgeError
    lower = str(path).lower()
    if lower.endswith(".bws"):
        from ..formats.bws import read_bws
        return read_bws(path)
    if lower.endswith(".csv") or os.path.isdir(path):
        from ..formats.results_csv import read_csv_event
        return read_csv_event(path)
    if lower.endswith(".xml"):
        from ..formats.usebio import read_usebio
        return read_usebio(path)
    if lower.endswith(".pbn"):
        from ..formats.pbn import read_pbn
        from ..formats.score_tables import event_from_records
        from ..formats.team_tables import is_teams_records, teams_event_from_records
        records = read_pbn(path)
        if is_teams_records(records):           # a teams match table (Ruter)
            return teams_event_from_records(records, source=str(path))
        return event_from_records(records, source=str(path))
    raise BridgeError("unknown kind of results file (expected .xml USEBIO, .pbn, .csv, "
                      "a Bridgemate .bws or a folder of Bridgemate tables)", path)


def ranking_text(result) -> str:
    ev = result.event
    lines = [f"{ev.name or ev.source} - {result.method} (Laws {', '.join(result.laws)})",
             f"{'Rank':5s} {'Pair':5s} {'Names':36s} {'Score':>8s} {'Percent':>8s}"]
    field = object()
    for s in result.standings:
        if s.direction != field and s.direction:
            lines.append(f"-- {s.direction}")
        field = s.direction
        pct = f"{s.percent:7.2f}%" if s.percent is not None else ""
        lines.append(f"{s.rank:5s} {s.entry:5s} {s.names[:36]:36s} {s.score:8.2f} {pct:>8s}")
    return "\n".join(lines) + "\n"


def ranking_json(result) -> str:
    return json.dumps([s.as_dict() for s in result.standings], ensure_ascii=False)


def results_html(result) -> str:
    """An HTML page: the ranking, then each board's traveller and a bar chart of its scores."""
    e = html.escape
    ev = result.event
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'>",
           f"<title>{e(ev.name)}</title>",
           "<style>td,th{padding:2px 8px}.bar{background:#468;height:10px;display:inline-block}"
           "</style></head><body>", f"<h1>{e(ev.name)}</h1>",
           "<table><tr><th>Rank</th><th>Pair</th><th>Names</th><th>Score</th><th>%</th></tr>"]
    for s in result.standings:
        pct = f"{s.percent:.2f}" if s.percent is not None else ""
        out.append(f"<tr><td>{e(s.rank)}</td><td>{e(s.entry)}</td><td>{e(s.names)}</td>"
                   f"<td>{s.score:.2f}</td><td>{pct}</td></tr>")
    out.append("</table>")
    for b, srs in sorted(result.boards.items()):
        out.append(f"<h2>Board {b}</h2><table><tr><th>NS</th><th>EW</th><th>Contract</th>"
                   "<th>By</th><th>Tricks</th><th>Score NS</th><th>NS</th><th>EW</th></tr>")
        for sr in srs:
            r = sr.result
            f = (lambda x: "" if x is None else f"{x:.2f}")
            out.append(f"<tr><td>{e(','.join(r.ns))}</td><td>{e(','.join(r.ew))}</td>"
                       f"<td>{e(r.contract or str(r.adjusted or ''))}</td><td>{e(r.declarer or '')}</td>"
                       f"<td>{'' if r.tricks is None else r.tricks}</td>"
                       f"<td>{'' if sr.ns_score is None else sr.ns_score}</td>"
                       f"<td>{f(sr.ns_points)}</td><td>{f(sr.ew_points)}</td></tr>")
        out.append("</table>")
        freq = Counter(sr.ns_score for sr in srs if sr.ns_score is not None)
        most = max(freq.values(), default=1)
        out.append("<table class='chart'>")
        for score in sorted(freq, reverse=True):
            out.append(f"<tr><td>{score:+d}</td><td><span class='bar' style='width:"
                       f"{120 * freq[score] // most}px'></span> {freq[score]}</td></tr>")
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _teams_header(result) -> list[str]:
    ev = result.event
    return [f"{ev.name or ev.source} - teams, IMPs and VPs ({result.scale}) "
            f"(Laws {', '.join(result.laws)})",
            f"VP scale: {result.boards_how}"]


def _basis(result) -> str:
    kinds = {ms.basis for ms in result.matches}
    if kinds == {"match IMPs"}:
        return "IMPs: the match totals the file gives (no boards in the file)"
    if kinds == {"boards"}:
        return "IMPs: computed board by board from both rooms (Law 78B)"
    return "IMPs: board by board where the file has both rooms, else the file's match totals"


def teams_text(result) -> str:
    """The matches (IMPs each way, VPs, the published VPs where they differ) and the ranking."""
    lines = _teams_header(result) + [_basis(result), "",
                                     f"{'Rnd':>3s} {'Tbl':>3s} {'Home':24s} {'Away':24s} "
                                     f"{'IMPs':>9s} {'VPs':>13s}"]
    names = {t: (tm.name or t) for t, tm in result.event.teams.items()}
    for ms in result.matches:
        m = ms.match
        flag = "" if ms.agrees is not False else \
            f"  (published {m.published_vp[0]:.2f}-{m.published_vp[1]:.2f})"
        lines.append(f"{m.round if m.round is not None else '':>3} {m.table or '':>3s} "
                     f"{(m.home + ' ' + names[m.home])[:24]:24s} "
                     f"{(m.away + ' ' + names[m.away])[:24]:24s} "
                     f"{ms.imps_home:>4g}-{ms.imps_away:<4g} "
                     f"{ms.vp_home:6.2f}-{ms.vp_away:<6.2f}{flag}".rstrip())
    if result.unplayed:
        lines.append(f"({len(result.unplayed)} matches not played yet)")
    lines += ["", f"{'Rank':5s} {'Team':5s} {'Name':30s} {'VPs':>8s} {'IMPs':>9s} {'Played':>6s}"]
    for s in result.standings:
        lines.append(f"{s.rank:5s} {s.team:5s} {s.name[:30]:30s} {s.vp:8.2f} "
                     f"{s.imps_for - s.imps_against:+9g} {s.matches:6d}")
    for note in result.notes:
        lines.append(f"note: {note}")
    if result.agreement():
        lines.append(result.agreement())
    return "\n".join(lines) + "\n"


def teams_json(result) -> str:
    return json.dumps({"event": result.event.name, "kind": "teams", "scale": result.scale,
                       "boards_per_match": result.boards, "boards_how": result.boards_how,
                       "imps_from": _basis(result), "laws": result.laws,
                       "matches": [ms.as_dict() for ms in result.matches],
                       "unplayed": [{"round": m.round, "table": m.table, "home": m.home,
                                     "away": m.away} for m in result.unplayed],
                       "standings": [s.as_dict() for s in result.standings],
                       "notes": result.notes, "agreement": result.agreement(),
                       "disagreements": result.disagreements()}, ensure_ascii=False)


def teams_html(result) -> str:
    """An HTML page: the ranking, then the matches round by round."""
    e = html.escape
    ev = result.event
    names = {t: (tm.name or t) for t, tm in ev.teams.items()}
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'>",
           f"<title>{e(ev.name)}</title><style>td,th{{padding:2px 8px}}</style></head><body>",
           f"<h1>{e(ev.name)}</h1>"]
    out += [f"<p>{e(line)}</p>" for line in _teams_header(result)[1:] + [_basis(result)]]
    out.append("<table><tr><th>Rank</th><th>Team</th><th>Name</th><th>VPs</th><th>IMPs</th>"
               "<th>Played</th></tr>")
    for s in result.standings:
        out.append(f"<tr><td>{e(s.rank)}</td><td>{e(s.team)}</td><td>{e(s.name)}</td>"
                   f"<td>{s.vp:.2f}</td><td>{s.imps_for - s.imps_against:+g}</td>"
                   f"<td>{s.matches}</td></tr>")
    out.append("</table><h2>Matches</h2><table><tr><th>Round</th><th>Table</th><th>Home</th>"
               "<th>Away</th><th>IMPs</th><th>VPs</th></tr>")
    for ms in result.matches:
        m = ms.match
        out.append(f"<tr><td>{'' if m.round is None else m.round}</td><td>{e(m.table or '')}"
                   f"</td><td>{e(names[m.home])}</td><td>{e(names[m.away])}</td>"
                   f"<td>{ms.imps_home:g}-{ms.imps_away:g}</td>"
                   f"<td>{ms.vp_home:.2f}-{ms.vp_away:.2f}</td></tr>")
    out.append("</table></body></html>")
    return "\n".join(out) + "\n"
