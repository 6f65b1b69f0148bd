"""Teams events scored from files: matches in IMPs (Law 78B), victory points (Law 78D), ranking.

A :class:`TeamsEvent` holds the teams and the matches of an event as a file gives
them: each match either board by board (the North-South score of both rooms, the
home team North-South in the open room, as :class:`~bridgelaws.scoring.imps.TeamMatch`
takes them), or only as the match's IMPs each way (Ruter's PBN score tables
give no boards).  :func:`score_teams` scores every match with the project's own
IMP and VP scales (:mod:`bridgelaws.scoring.imps`, :mod:`bridgelaws.scoring.vp`,
the same functions the web service uses) and ranks the teams on their VPs.
What the file publishes (VPs per match, totals, ranks) is kept in ``published``
and compared, never used to score.

The VP scale depends on the number of boards in a match.  It is taken from
``boards`` when given; else from the boards of the match when the file has them;
else it is inferred from the published VPs: the one match length (1 to 64
boards) whose scale gives every published VP (a single number fitted to every
match; several lengths that fit equally well are refused, and the boards must
be given).

>>> ev = TeamsEvent(name="demo")
>>> for t in "123":
...     _ = ev.add_team(t, f"Team {t}")
>>> ev.matches += [TeamsMatch("1", "2", round=1, imps=(25, 8)),
...                TeamsMatch("3", "1", round=2, imps=(10, 10))]
>>> res = score_teams(ev, boards=8)
>>> [(m.vp_home, m.vp_away) for m in res.matches]
[(15.75, 4.25), (10.0, 10.0)]
>>> [(s.rank, s.team, s.vp) for s in res.standings]
[('1', '1', 25.75), ('2', '3', 10.0), ('3', '2', 4.25)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import BridgeError
from ..scoring.imps import LAW as IMP_LAW, TeamMatch
from ..scoring.vp import LAW as VP_LAW, VP_SCALES, victory_points
from .results import rank

__all__ = ["Team", "TeamsMatch", "TeamsEvent", "MatchScore", "TeamStanding", "TeamsResult",
           "score_teams", "infer_boards"]

#: the match lengths tried when the boards per match are inferred from published VPs
MAX_BOARDS = 64


@dataclass
class Team:
    id: str
    name: str = ""
    members: list[str] = field(default_factory=list)
    published: dict = field(default_factory=dict)


@dataclass
class TeamsMatch:
    """One match: ``home`` v ``away``.

    ``imps`` is the match's IMPs (home, away) as a file gives them; ``boards``
    the match board by board (then the IMPs are computed from it and ``imps``
    only compared); ``segments`` the IMPs of each segment (home, away) when the
    file gives them; ``published_vp`` the VPs the file gives (home, away).
    A match with neither IMPs nor boards has not been played.
    """
    home: str
    away: str
    round: int | None = None
    table: str | None = None
    imps: tuple[float, float] | None = None
    boards: TeamMatch | None = None
    segments: list[tuple[float, float]] = field(default_factory=list)
    published_vp: tuple[float, float] | None = None
    where: str = ""

    @property
    def played(self) -> bool:
        return self.imps is not None or self.boards is not None


@dataclass
class TeamsEvent:
    name: str = ""
    source: str = ""
    teams: dict[str, Team] = field(default_factory=dict)
    matches: list[TeamsMatch] = field(default_factory=list)
    boards_per_match: int | None = None      # given by the file, if it says
    published: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def add_team(self, id: str, name: str = "", members=()) -> Team:
        t = self.teams.get(id)
        if t is None:
            t = self.teams[id] = Team(id, name, list(members))
        return t


@dataclass
class MatchScore:
    match: TeamsMatch
    imps_home: float
    imps_away: float
    vp_home: float
    vp_away: float
    boards: int
    basis: str                        # "boards" or "match IMPs"
    board_imps: dict[int, tuple[float, float, str]] = field(default_factory=dict)

    @property
    def agrees(self) -> bool | None:
        """The VPs agree with the published ones to the hundredth (``None``: none published)."""
        p = self.match.published_vp
        if p is None:
            return None
        return (round(self.vp_home, 2), round(self.vp_away, 2)) == (round(p[0], 2), round(p[1], 2))

    def as_dict(self) -> dict:
        m = self.match
        d = {"round": m.round, "table": m.table, "home": m.home, "away": m.away,
             "imps": [self.imps_home, self.imps_away], "vps": [self.vp_home, self.vp_away],
             "boards": self.boards, "basis": self.basis}
        if m.published_vp is not None:
            d["published_vps"] = list(m.published_vp)
        return d


@dataclass
class TeamStanding:
    rank: str
    team: str
    name: str
    vp: float
    imps_for: float
    imps_against: float
    matches: int
    published_vp: float | None = None
    published_rank: str | None = None

    def as_dict(self) -> dict:
        d = {"rank": self.rank, "team": self.team, "name": self.name, "vp": round(self.vp, 2),
             "imps_for": self.imps_for, "imps_against": self.imps_against,
             "matches": self.matches}
        if self.published_vp is not None:
            d["published_vp"] = self.published_vp
        if self.published_rank is not None:
            d["published_rank"] = self.published_rank
        return d


@dataclass
class TeamsResult:
    event: TeamsEvent
    matches: list[MatchScore]
    standings: list[TeamStanding]
    scale: str
    boards: int | None
    boards_how: str
    unplayed: list[TeamsMatch] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    laws: list[str] = field(default_factory=lambda: [IMP_LAW, VP_LAW])
    #: ``boards_how`` as a message key (``cli.teams.how.*``) and its values, for people
    how_key: tuple[str, dict] = ("", {})

    def agreement_counts(self) -> tuple[tuple[int, int], ...] | None:
        """How many of the file's published match VPs, totals and ranks this scoring
        reproduces, each as (agree, published); None when the file publishes none."""
        vps = [ms.agrees for ms in self.matches if ms.agrees is not None]
        totals = [round(s.vp, 2) == round(s.published_vp, 2) for s in self.standings
                  if s.published_vp is not None]
        ranks = [s.rank.rstrip("=") == s.published_rank.rstrip("=") for s in self.standings
                 if s.published_rank is not None]
        if not (vps or totals or ranks):
            return None
        return tuple((sum(x), len(x)) for x in (vps, totals, ranks))

    def agreement(self) -> str | None:
        """What of the file's published figures this scoring reproduces, in a line."""
        counts = self.agreement_counts()
        if counts is None:
            return None
        (v, vn), (t, tn), (r, rn) = counts
        return (f"the file's published figures: match VPs {v} of {vn}, totals "
                f"{t} of {tn}, ranks {r} of {rn} agree")

    def disagreements(self) -> list[str]:
        """Every published number this scoring does not reproduce, one line each."""
        out = []
        for ms in self.matches:
            m, p = ms.match, ms.match.published_vp
            if ms.agrees is False and p is not None:
                out.append(f"round {m.round} {m.home} v {m.away}: VPs {ms.vp_home:.2f}-"
                           f"{ms.vp_away:.2f}, published {p[0]:.2f}-{p[1]:.2f}")
        for s in self.standings:
            if s.published_vp is not None and round(s.vp, 2) != round(s.published_vp, 2):
                out.append(f"team {s.team}: total {s.vp:.2f} VPs, published {s.published_vp:.2f}")
            if s.published_rank is not None and s.rank.rstrip("=") != s.published_rank.rstrip("="):
                out.append(f"team {s.team}: rank {s.rank}, published {s.published_rank}")
        return out


def _match_imps(m: TeamsMatch) -> tuple[float, float, dict]:
    if m.boards is not None:
        h, a = m.boards.totals()            # Law 78B board by board, with any 86B adjustment
        return h, a, m.boards.board_imps()
    assert m.imps is not None
    return float(m.imps[0]), float(m.imps[1]), {}


def infer_boards(ev: TeamsEvent, scale: str = "wbf_2013") -> tuple[int, str]:
    """The number of boards per match whose VP scale gives the published VPs, and how.

    See :func:`_inferred`."""
    n, best, known = _inferred(ev, scale)
    return n, _INFERRED.format(n=n, scale=scale, best=best, known=known)


def _inferred(ev: TeamsEvent, scale: str) -> tuple[int, int, int]:
    """The number of boards per match whose VP scale gives the published VPs, with how
    many of the published VPs it reproduces and of how many.

    Every match length from 1 to :data:`MAX_BOARDS` is tried on every played
    match with published VPs; the length that reproduces the most of them is
    taken.  Refused when no match publishes VPs, or when several lengths fit
    equally well.
    """
    known = []
    for m in ev.matches:
        if m.played and m.published_vp is not None:
            h, a, _ = _match_imps(m)
            known.append((h - a, m.published_vp))
    if not known:
        raise BridgeError("the number of boards per match (which decides the VP scale, Law "
                          "78D) is neither in the file nor to be inferred from published "
                          "VPs: give --boards", ev.source)
    fits: dict[int, int] = {}
    for n in range(1, MAX_BOARDS + 1):
        try:
            fits[n] = sum(1 for margin, (ph, pa) in known
                          if victory_points(margin, n, scale) == (ph, pa))
        except BridgeError:                 # a scale not published for n boards
            continue
    best = max(fits.values(), default=0)
    winners = [n for n, k in fits.items() if k == best]
    if best == 0 or len(winners) > 1:
        shown = ", ".join(map(str, winners[:8])) if best else "none"
        raise BridgeError(f"the boards per match cannot be inferred from the published VPs "
                          f"(match lengths that fit best: {shown}): give --boards", ev.source)
    return winners[0], best, len(known)


#: how the boards per match were inferred (the message ``cli.teams.how.inferred``)
_INFERRED = ("{n} boards a match: not in the file; inferred from the published VPs (the "
             "{scale} scale for {n} boards gives {best} of the {known} matches' published "
             "VPs, no other length as many)")


def score_teams(ev: TeamsEvent, *, boards: int | None = None,
                scale: str = "wbf_2013") -> TeamsResult:
    """Score every played match (IMPs, Law 78B; VPs on ``scale``, Law 78D) and rank the teams.

    A team's total is the sum of its VPs; teams equal to the hundredth share a
    place (``"2="``).
    """
    if scale not in VP_SCALES:
        raise BridgeError(f"unknown VP scale {scale!r} (expected one of "
                          f"{', '.join(sorted(VP_SCALES))})")
    how_key: tuple[str, dict] = ("given", {"n": boards})
    if boards is not None:
        how = f"{boards} boards a match (given)"
    elif ev.boards_per_match is not None:
        boards, how = ev.boards_per_match, f"{ev.boards_per_match} boards a match (the file)"
        how_key = ("file", {"n": boards})
    elif any(m.boards is not None for m in ev.matches if m.played) and \
            all(m.boards is not None for m in ev.matches if m.played):
        lengths = {len(m.boards.home_ns.keys() | m.boards.away_ns.keys() | m.boards.adjust.keys())
                   for m in ev.matches if m.boards is not None}
        boards, how = (None, "the boards of each match (the file)") if len(lengths) > 1 else \
            (lengths.pop(), "")
        how_key = ("each", {})
        if boards is not None:
            how = f"{boards} boards a match (the boards in the file)"
            how_key = ("in_file", {"n": boards})
    elif any(m.played for m in ev.matches):
        boards, best, known = _inferred(ev, scale)
        how = _INFERRED.format(n=boards, scale=scale, best=best, known=known)
        how_key = ("inferred", {"n": boards, "scale": scale, "best": best, "known": known})
    else:
        how = "no match played"
        how_key = ("none", {})
    scores, unplayed = [], []
    vps: dict[str, float] = dict.fromkeys(ev.teams, 0.0)
    imps_for: dict[str, float] = dict.fromkeys(ev.teams, 0.0)
    imps_against: dict[str, float] = dict.fromkeys(ev.teams, 0.0)
    played: dict[str, int] = dict.fromkeys(ev.teams, 0)
    notes = list(ev.notes)
    for m in ev.matches:
        if not m.played:
            unplayed.append(m)
            continue
        for t in (m.home, m.away):
            if t not in ev.teams:
                raise BridgeError(f"unknown team {t!r} (not among the teams)", m.where)
        h, a, by_board = _match_imps(m)
        if m.boards is not None and m.imps is not None and (h, a) != tuple(map(float, m.imps)):
            notes.append(f"round {m.round} {m.home} v {m.away}: the boards give {h:g}-{a:g} "
                         f"IMPs, the file {m.imps[0]:g}-{m.imps[1]:g}; the boards are scored")
        n = len(by_board) if boards is None else boards
        try:
            vh, va = victory_points(h - a, n, scale)
        except BridgeError as e:
            raise BridgeError(e.reason, m.where) from None
        scores.append(MatchScore(m, h, a, vh, va, n, "boards" if m.boards is not None
                                 else "match IMPs", by_board))
        vps[m.home] += vh
        vps[m.away] += va
        imps_for[m.home] += h
        imps_against[m.home] += a
        imps_for[m.away] += a
        imps_against[m.away] += h
        played[m.home] += 1
        played[m.away] += 1
    places = rank(vps, places=2)
    standings = []
    for t in sorted(ev.teams, key=lambda k: places[k][1]):
        team = ev.teams[t]
        pub = team.published
        standings.append(TeamStanding(places[t][0], t, team.name, round(vps[t], 2),
                                      imps_for[t], imps_against[t], played[t],
                                      pub.get("vp"), pub.get("rank")))
    return TeamsResult(ev, scores, standings, scale, boards, how, unplayed, notes,
                       how_key=(f"cli.teams.how.{how_key[0]}", how_key[1]))
