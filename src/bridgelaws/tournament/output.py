"""Results for people: the ranking as text and JSON; the results page in HTML (rendered from
:mod:`bridgelaws.tournament.report` by the templates in ``tournament/templates``).

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

import json

__all__ = ["load_event", "ranking_text", "ranking_json", "results_html", "render_report",
           "results_environment", "teams_text", "teams_json", "teams_html"]


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
    # North-South before East-West in a Mitchell (each field in its own order)
    for s in sorted(result.standings, key=lambda s: {"NS": 0, "EW": 1}.get(s.direction, 2)):
        if s.direction != field and s.direction:
            lines.append(f"-- {s.direction}")
        field = s.direction
        pct = f"{s.percent:7.2f}%" if s.percent is not None else ""
        lines.append(f"{s.rank:5s} {s.entry:5s} {s.names[:36]:36s} {s.score:8.2f} {pct:>8s}")
    return "\n".join(lines) + "\n"


def ranking_json(result) -> str:
    return json.dumps([s.as_dict() for s in result.standings], ensure_ascii=False)


def results_environment():
    """The Jinja2 environment of the results templates (``tournament/templates``), which
    the web service loads too: one set of templates for every results page."""
    global _ENV
    if _ENV is None:
        import jinja2
        _ENV = jinja2.Environment(loader=jinja2.PackageLoader("bridgelaws.tournament",
                                                              "templates"),
                                  autoescape=True, trim_blocks=True, lstrip_blocks=True)
        from ..i18n import display
        _ENV.filters["num"] = display.num_filter     # as the service's pages have it
    return _ENV


_ENV = None


def render_report(report, lang: str = "en", *, show_cards: bool = True) -> str:
    """A standalone HTML page (its CSS inline, no other file) of a
    :class:`~bridgelaws.tournament.report.Report`: the facts, the ranking (each pair
    linked to its score card), the travellers with the hands, and the score cards."""
    from ..i18n import LANGUAGES, RTL_LANGUAGES, message
    if lang not in LANGUAGES:
        lang = "en"

    def t(key: str, **values) -> str:
        return message(key, lang, **values)

    def pair_url(section, pair) -> str:
        return f"#card-{section.name or ''}-{pair}"

    return results_environment().get_template("results_page.html").render(
        report=report, lang=lang, dir="rtl" if lang in RTL_LANGUAGES else "ltr", t=t,
        pair_url=pair_url, show_cards=show_cards, dd_pending=False)


def results_html(result, lang: str = "en", *, analysis: bool = True, progress=None) -> str:
    """An HTML page of a scored pairs event: the ranking (North-South then East-West in a
    Mitchell), each board's traveller with the hands where the file gives the deals (and
    their double-dummy table and par when ``analysis``), and each pair's score card."""
    from .report import event_report
    return render_report(event_report(result, analysis=analysis, progress=progress), lang)


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


def teams_html(result, lang: str = "en") -> str:
    """An HTML page of a teams event (the results templates): the ranking on victory
    points, then the matches with their IMPs and VPs."""
    from .report import teams_report
    return render_report(teams_report(result), lang)
