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


def ranking_text(result, lang: str = "en") -> str:
    """The ranking as text in ``lang``: its words, scores and percentages as the language
    writes them (``52,31 %`` in Polish)."""
    from ..i18n import has_message, message
    from ..i18n.display import number, percent
    ev = result.event
    method = (message(f"ui.scoring.{result.method}", lang)
              if has_message(f"ui.scoring.{result.method}") else result.method)
    head = [message(k, lang) for k in ("ui.standings.rank", "ui.standings.pair",
                                       "ui.standings.names", "ui.standings.score",
                                       "cli.results.percent")]
    w = [max(width, len(h)) for width, h in zip((5, 5, 36, 8, 8), head)]    # as wide as a heading
    lines = [message("cli.results.title", lang, event=ev.name or ev.source, method=method,
                     laws=", ".join(result.laws)),
             f"{head[0]:{w[0]}s} {head[1]:{w[1]}s} {head[2]:36s} {head[3]:>{w[3]}s} "
             f"{head[4]:>{w[4]}s}"]
    field = object()
    # North-South before East-West in a Mitchell (each field in its own order)
    for s in sorted(result.standings, key=lambda s: {"NS": 0, "EW": 1}.get(s.direction, 2)):
        if s.direction != field and s.direction:
            side = f"ui.results.{s.direction.lower()}_pair"
            lines.append(f"-- {message(side, lang) if has_message(side) else s.direction}")
        field = s.direction
        pct = percent(s.percent, lang) if s.percent is not None else ""
        lines.append(f"{s.rank:{w[0]}s} {s.entry:{w[1]}s} {s.names[:36]:36s} "
                     f"{number(s.score, 2, lang):>{w[3]}s} {pct:>{w[4]}s}")
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
        _ENV.filters["date"] = display.date_filter
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


def _teams_header(result, lang: str = "en") -> list[str]:
    from ..i18n import message
    ev = result.event
    return [message("cli.teams.title", lang, event=ev.name or ev.source, scale=result.scale,
                    laws=", ".join(result.laws)),
            message("cli.teams.scale", lang, how=message(result.how_key[0], lang,
                                                         **result.how_key[1])
                    if result.how_key[0] else result.boards_how)]


def _basis(result, lang: str = "en") -> str:
    from ..i18n import message
    kinds = {ms.basis for ms in result.matches}
    if kinds == {"match IMPs"}:
        return message("cli.teams.basis.match", lang)
    if kinds == {"boards"}:
        return message("cli.teams.basis.boards", lang)
    return message("cli.teams.basis.mixed", lang)


def teams_text(result, lang: str = "en") -> str:
    """The matches (IMPs each way, VPs, the published VPs where they differ) and the
    ranking, in ``lang``."""
    from ..i18n import message
    from ..i18n.display import number

    def t(key: str, **values) -> str:
        return message(key, lang, **values)
    lines = _teams_header(result, lang) + [
        _basis(result, lang), "",
        f"{t('cli.teams.round'):>3s} {t('cli.teams.table'):>3s} {t('ui.results.home'):24s} "
        f"{t('ui.results.away'):24s} {t('ui.results.imps'):>9s} {t('ui.results.vp'):>13s}"]
    names = {t_: (tm.name or t_) for t_, tm in result.event.teams.items()}
    for ms in result.matches:
        m = ms.match
        flag = "" if ms.agrees is not False else "  " + t(
            "cli.teams.published", home=number(m.published_vp[0], 2, lang),
            away=number(m.published_vp[1], 2, lang))
        lines.append(f"{m.round if m.round is not None else '':>3} {m.table or '':>3s} "
                     f"{(m.home + ' ' + names[m.home])[:24]:24s} "
                     f"{(m.away + ' ' + names[m.away])[:24]:24s} "
                     f"{ms.imps_home:>4g}-{ms.imps_away:<4g} "
                     f"{number(ms.vp_home, 2, lang):>6s}-{number(ms.vp_away, 2, lang):<6s}"
                     f"{flag}".rstrip())
    if result.unplayed:
        lines.append(t("cli.teams.unplayed", n=len(result.unplayed)))
    lines += ["", f"{t('ui.standings.rank'):5s} {t('ui.standings.team'):5s} "
                  f"{t('cli.teams.name'):30s} {t('ui.results.vp'):>8s} "
                  f"{t('ui.results.imps'):>9s} {t('ui.results.played'):>6s}"]
    for s in result.standings:
        lines.append(f"{s.rank:5s} {s.team:5s} {s.name[:30]:30s} {number(s.vp, 2, lang):>8s} "
                     f"{s.imps_for - s.imps_against:+9g} {s.matches:6d}")
    for note in result.notes:
        lines.append(t("cli.teams.note", note=note))
    counts = result.agreement_counts()
    if counts:
        (vps, vps_of), (totals, totals_of), (ranks, ranks_of) = counts
        lines.append(t("cli.teams.agreement", vps=vps, vps_of=vps_of, totals=totals,
                       totals_of=totals_of, ranks=ranks, ranks_of=ranks_of))
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
