"""Teams events from PBN score tables, as Ruter (Brenning) exports them.

A Ruter teams file has no deals: one record carries the match table, a
``ScoreTable`` with the columns ``Round``, ``Table``, ``TeamId_Home``,
``TeamId_Away``, ``MatchDetails``, ``VP_Home``, ``VP_Away`` (and the line-ups),
and the standings, a ``TotalScoreTable`` with ``Rank``, ``TeamId``,
``TotalScoreVP``, ``TeamName`` and ``Roster`` (the players, `` - `` between them).

``MatchDetails`` lists the match's IMPs by segment, ``|`` between segments:
``segment,home IMPs,away IMPs``; segment ``200`` is the whole match (so
``"1,31,29|2,79,2|200,110,31"`` is two segments, 31-29 and 79-2, and a
match of 110-31).  A match not yet played has ``-``.  The file gives no boards:
its matches are scored from these match IMPs (:mod:`bridgelaws.tournament.teams`).

>>> _match_details("1,31,29|2,79,2|200,110,31", "f.pbn")
((110, 31), [(31, 29), (79, 2)])
>>> _match_details("200,25,8", "f.pbn")
((25, 8), [])
"""

from __future__ import annotations

from ..cards import BridgeError
from ..tournament.teams import TeamsEvent, TeamsMatch

__all__ = ["is_teams_records", "teams_event_from_records", "TOTAL_SEGMENT"]

#: the segment number Ruter gives the whole match in MatchDetails
TOTAL_SEGMENT = "200"
_NEEDED = ("TeamId_Home", "TeamId_Away", "MatchDetails")


def is_teams_records(records) -> bool:
    """The records hold a teams match table (a ScoreTable naming home and away teams)."""
    return any("TeamId_Home" in rec.tables["ScoreTable"].names
               for rec in records if "ScoreTable" in rec.tables)


def _imp(text: str, where: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BridgeError(f"MatchDetails: IMPs {text!r} are not a whole number", where) from None


def _match_details(text: str, where: str) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """((home, away) IMPs of the match, [(home, away) of each segment])."""
    total = None
    segments = []
    for part in text.split("|"):
        bits = [b.strip() for b in part.split(",")]
        if len(bits) != 3:
            raise BridgeError(f"MatchDetails {text!r}: {part!r} is not 'segment,home IMPs,"
                              "away IMPs'", where)
        pair = (_imp(bits[1], where), _imp(bits[2], where))
        if bits[0] == TOTAL_SEGMENT:
            total = pair
        else:
            segments.append(pair)
    if total is None:
        if not segments:
            raise BridgeError(f"MatchDetails {text!r} gives no IMPs", where)
        total = (sum(s[0] for s in segments), sum(s[1] for s in segments))
    return total, segments


def _vp(text: str | None, where: str, what: str) -> float | None:
    if text is None or text.strip() in ("", "-"):
        return None
    try:
        return float(text)
    except ValueError:
        raise BridgeError(f"{what} {text!r} is not a number", where) from None


def teams_event_from_records(records, source: str = "<pbn>") -> TeamsEvent:
    """A :class:`~bridgelaws.tournament.teams.TeamsEvent` from the records of a Ruter teams file."""
    ev = TeamsEvent(source=source)
    tables = []
    for rec in records:
        if not ev.name and rec.tags.get("Event"):
            ev.name = rec.tags["Event"]
        total = rec.tables.get("TotalScoreTable")
        if total is not None:
            for k, row in enumerate(total.dicts(), 1):
                where = f"{rec.source}: TotalScoreTable row {k}"
                tid = row.get("TeamId")
                if not tid or tid == "-":
                    raise BridgeError("the TotalScoreTable has no TeamId", where)
                roster = row.get("Roster") or ""
                t = ev.add_team(tid, row.get("TeamName", "") if row.get("TeamName") != "-"
                                else "", [n.strip() for n in roster.split(" - ")]
                                if roster and roster != "-" else [])
                t.published = {"vp": _vp(row.get("TotalScoreVP"), where, "TotalScoreVP"),
                               "rank": row.get("Rank"), "rounds": row.get("NrRounds")}
        st = rec.tables.get("ScoreTable")
        if st is not None:
            missing = [n for n in _NEEDED if n not in st.names]
            if missing:
                raise BridgeError(f"the teams ScoreTable has no {' or '.join(missing)} column",
                                  rec.source)
            tables.append((rec, st))
    if not tables:
        raise BridgeError("no teams ScoreTable (TeamId_Home, TeamId_Away, MatchDetails)", source)
    with_totals = bool(ev.teams)
    for rec, st in tables:
        for k, row in enumerate(st.dicts(), 1):
            where = f"{rec.source}: ScoreTable row {k}"
            home, away = row["TeamId_Home"].strip(), row["TeamId_Away"].strip()
            for t in (home, away):
                if t in ("", "-"):
                    raise BridgeError("a match without its two teams", where)
                if t not in ev.teams:
                    if with_totals:
                        raise BridgeError(f"team {t!r} is not in the TotalScoreTable", where)
                    ev.add_team(t)
            rnd = row.get("Round")
            try:
                rnd_no = int(rnd) if rnd not in (None, "", "-") else None
            except ValueError:
                raise BridgeError(f"Round {rnd!r} is not a whole number", where) from None
            m = TeamsMatch(home, away, round=rnd_no, table=row.get("Table"), where=where)
            details = row["MatchDetails"].strip()
            if details not in ("", "-"):
                m.imps, segs = _match_details(details, where)
                m.segments = [(float(h), float(a)) for h, a in segs]
                if segs and (sum(s[0] for s in segs), sum(s[1] for s in segs)) != m.imps:
                    ev.notes.append(f"{where}: the segments of {details!r} do not add up to "
                                    "the match; the match total is scored")
                vh = _vp(row.get("VP_Home"), where, "VP_Home")
                va = _vp(row.get("VP_Away"), where, "VP_Away")
                if vh is not None and va is not None:
                    m.published_vp = (vh, va)
            ev.matches.append(m)
    return ev
