"""Adjusted scores from the Director's likely outcomes (Law 12C), for ``bridgelaws adjust``.

The Director judges; this module does the arithmetic and checks the input.  An
*adjustment* (the README's "Adjusted scores: ``bridgelaws adjust``" specifies its JSON)
is one of:

- a **weighted assigned score** (2017 12C1c): the likely results, each a contract with
  its declarer and result and a weight; the weights of a side are positive and add up
  to 1.  Both sides on the same results (balanced), or each side on its own (12C1e: the
  two scores need not balance);
- in the **1997 Laws** (12C2) no weights: the Director lists the results that were
  *likely* and those that were *at all probable*; the non-offenders get the most
  favourable likely one, the offenders the most unfavourable probable one (a likely
  result is also probable).  "Favourable" is measured by the side's own score: more
  points never score fewer matchpoints or IMPs in the same field;
- an **artificial adjusted score** (2017 12C2a/b, 1997 12C1/86A): average plus,
  average or average minus, 60/50/40% at matchpoints, +3/0/-3 IMPs, with the session
  rule (2017 12C2c, 1997 88) when the side's session figure is given.

Each result is scored by Law 77 (:func:`bridgelaws.scoring.contract.score`); within a
*field* (the board's other results) the weighted score is matchpointed (78A) or
IMPed (78B) by :func:`bridgelaws.tournament.results.score_event`, which scores each
part against the field and weights the points (never the raw scores), as 12C1c's
practice says.  Each part's own points are shown too, and they add up to the total.

The double-dummy tricks of each candidate contract from the actual deal (DDS, by
:func:`bridgelaws.analysis.dd_table`) are offered as an aid: advice to the Director's
judgement, never a ruling.

>>> a = adjustment({"board": 1, "vulnerable": "all", "offenders": "EW",
...     "ns": [{"contract": "4S", "declarer": "S", "result": "=", "weight": 0.3},
...            {"contract": "4S", "declarer": "S", "result": "-1", "weight": 0.7}]})
>>> a.ns.score, a.ew.score, a.laws
(116.0, -116.0, ['12C1b', '12C1c', '77'])
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ..boards import Board, is_vulnerable
from ..cards import BridgeError, Deal, SEAT_NAMES, STRAIN_LETTERS, parse_seat
from ..laws.edition import edition as make_edition
from ..laws.judgement import AdjustedScoreLaws
from ..scoring.adjusted import (AVERAGE, AVERAGE_MINUS, AVERAGE_PLUS, artificial_imps,
                                artificial_percentage)
from ..scoring.contract import Contract
from ..scoring.matchpoints import SplitScore, WeightedScore, top
from .event import Event, Result
from .results import score_event

__all__ = ["Outcome", "Side", "Adjustment", "adjustment", "adjustment_json", "adjustment_lines",
           "MAX_OUTCOMES", "MAX_FIELD", "SCORINGS", "ARTIFICIAL"]

#: the most results the Director weighs for one side (12C1c: the likely ones, a few)
MAX_OUTCOMES = 8
#: the most other results of the board (a large field; each is a comparison)
MAX_FIELD = 2000
#: how the board is scored: matchpoints (78A), IMPs (78B: one other result is a team
#: match, several are cross-IMPs, averaged), or total points (78C: the score itself)
SCORINGS = ("mp", "imp", "total")
#: the artificial scores by name (12C2a): their matchpoint percentages
ARTIFICIAL = {"avg+": AVERAGE_PLUS, "avg": AVERAGE, "avg-": AVERAGE_MINUS}
#: weights are fractions of 1; their sum may be off by this much (0.333 + 0.333 + 0.334)
_WEIGHT_SLACK = 1e-6

_TOP_KEYS = ("edition", "board", "dealer", "vulnerable", "deal", "events", "regulation",
             "scoring", "offenders", "ns", "ew", "outcomes", "artificial", "session",
             "field", "title", "note")
_OUTCOME_KEYS = ("contract", "declarer", "result", "tricks", "weight", "likelihood")
_FIELD_KEYS = ("contract", "declarer", "result", "tricks", "score")
_LIKELIHOODS = ("likely", "probable")
_RESULT = re.compile(r"^(=|[+-]\d{1,2})$")
_PASSED = ("PASS", "P", "PASSED")


@dataclass(frozen=True)
class Outcome:
    """A result the Director considers: a contract (``None``: passed out), its declarer
    and the tricks of the declarer's side, with its weight (2017) or likelihood (1997)."""
    contract: Contract | None
    declarer: int | None
    tricks: int | None
    weight: float = 1.0
    likelihood: str | None = None
    #: North-South's score (Law 77), on the board's vulnerability
    score_ns: int = 0

    @property
    def key(self) -> tuple:
        return (str(self.contract), self.declarer, self.tricks)

    def text(self) -> str:
        """``4♠ S =`` (``Pass`` when passed out)."""
        from .report import contract_text
        if self.contract is None:
            return contract_text("PASS")
        return contract_text(str(self.contract), SEAT_NAMES[self.declarer], self.tricks)

    def to_json(self) -> dict:
        if self.contract is None:
            return {"contract": "PASS", "declarer": None, "tricks": None, "result": None}
        made = self.tricks - 6 - self.contract.level
        return {"contract": str(self.contract), "declarer": SEAT_NAMES[self.declarer],
                "tricks": self.tricks, "result": "=" if made == 0 else f"{made:+d}"}


@dataclass
class Side:
    """One side's adjusted score: its results and weights, or its artificial score; its
    score from its own side (total points), its points (matchpoints or IMPs) within the
    field, and the laws."""
    name: str                         # "NS" or "EW"
    outcomes: list[Outcome] = field(default_factory=list)
    #: each outcome's points for this side against the field (matchpoints or IMPs)
    part_points: list[float] = field(default_factory=list)
    #: "avg+", "avg" or "avg-" for an artificial score
    artificial: str | None = None
    #: the artificial score's percentage (matchpoints) or IMPs, after the session rule
    artificial_value: float | None = None
    #: the weighted score from this side's own point of view (Law 77 points)
    score: float | None = None
    points: float | None = None
    top: float | None = None
    laws: list[str] = field(default_factory=list)

    @property
    def sign(self) -> int:
        return 1 if self.name == "NS" else -1

    @property
    def percent(self) -> float | None:
        if self.points is None or not self.top:
            return None
        return 100.0 * self.points / self.top


@dataclass
class Adjustment:
    """An adjustment as scored: the board, the edition, each side's score and the
    double-dummy aid."""
    edition: str
    board: Board
    scoring: str
    kind: str                          # "weighted", "assigned", "split" or "artificial"
    offenders: str | None
    ns: Side
    ew: Side
    field: list[int]                   # the North-South scores of the board's other results
    laws: list[str]
    dd: list[dict] | None = None       # None: no deal given, or not asked
    table_result: dict | None = None   # the table result the adjustment replaces (events)


def _where(key: str, i: int | None = None) -> str:
    return key if i is None else f"{key}[{i}]"


def _shown(value, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 5] + "..." + text[-2:]


def _keys(obj, allowed: tuple, where: str) -> dict:
    if not isinstance(obj, dict):
        raise BridgeError(f"a result is a JSON object like {{\"contract\": \"4S\", "
                          f"\"declarer\": \"S\", \"result\": \"=\"}}, not {_shown(obj)}", where)
    for k in obj:
        if k not in allowed:
            raise BridgeError(f"unknown key {_shown(k)} (known: {', '.join(allowed)})", where)
    return obj


def _contract_result(obj: dict, where: str, vulnerable: str) -> tuple:
    """``(contract, declarer, tricks, score_ns)`` of an object with ``contract``,
    ``declarer`` and ``result`` or ``tricks``; a passed-out board has only ``contract``."""
    text = obj.get("contract")
    if not isinstance(text, str) or not text.strip():
        raise BridgeError("'contract' is a contract like \"4S\", \"3NX\" or \"PASS\", not "
                          f"{_shown(text)}", where)
    if text.strip().upper() in _PASSED:
        for k in ("declarer", "result", "tricks"):
            if obj.get(k) is not None:
                raise BridgeError(f"a passed-out board has no {k!r}", where)
        return None, None, None, 0
    try:
        contract = Contract.parse(text)
    except BridgeError as e:
        raise BridgeError(f"'contract': {e.reason}", where) from None
    declarer = obj.get("declarer")
    if not isinstance(declarer, str) or declarer.strip().upper() not in SEAT_NAMES:
        raise BridgeError(f"'declarer' is N, E, S or W, not {_shown(declarer)}", where)
    seat = parse_seat(declarer.strip().upper())
    has_result, has_tricks = obj.get("result") is not None, obj.get("tricks") is not None
    if has_result == has_tricks:
        raise BridgeError("give the 'result' (\"=\", \"+1\", \"-2\") or the 'tricks' of the "
                          "declarer's side (0 to 13), one of them", where)
    if has_tricks:
        tricks = obj["tricks"]
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
            raise BridgeError(f"'tricks' is what the declarer's side took, 0 to 13, not "
                              f"{_shown(tricks)}", where)
    else:
        res = obj["result"]
        if not isinstance(res, str) or not _RESULT.match(res.strip()):
            raise BridgeError(f"'result' is \"=\", \"+1\", \"-2\" and so on, not {_shown(res)}",
                              where)
        res = res.strip()
        tricks = contract.level + 6 + (0 if res == "=" else int(res))
        if not 0 <= tricks <= 13:
            raise BridgeError(f"{contract} {res} would be {tricks} tricks (a declarer's side "
                              "takes 0 to 13)", where)
    vul = is_vulnerable(vulnerable, seat)
    score = contract.score(vul, tricks)
    return contract, seat, tricks, score if seat in (0, 2) else -score


def _outcomes(value, key: str, vulnerable: str, laws: AdjustedScoreLaws) -> list[Outcome]:
    if not isinstance(value, list) or not value:
        raise BridgeError("a list of one or more results, each with its contract, declarer "
                          "and result" + (" and weight" if laws.weighted else ""), key)
    if len(value) > MAX_OUTCOMES:
        raise BridgeError(f"{len(value)} results: the Director weighs at most {MAX_OUTCOMES} "
                          "(12C1d: when the possibilities are numerous, an artificial score)",
                          key)
    out: list[Outcome] = []
    seen: set = set()
    for i, obj in enumerate(value):
        where = _where(key, i)
        _keys(obj, _OUTCOME_KEYS, where)
        contract, seat, tricks, score_ns = _contract_result(obj, where, vulnerable)
        weight, likelihood = 1.0, None
        if laws.weighted:
            if "likelihood" in obj:
                raise BridgeError("'likelihood' is for the 1997 Laws (12C2); in 2017 each "
                                  f"result has its 'weight' ({laws.weighting})", where)
            if "weight" not in obj:
                if len(value) > 1:
                    raise BridgeError(f"each of several results has its 'weight', a fraction "
                                      f"of 1 ({laws.weighting})", where)
            else:
                weight = obj["weight"]
                if isinstance(weight, bool) or not isinstance(weight, (int, float)) \
                        or not math.isfinite(weight):
                    raise BridgeError(f"'weight' is a number, not {_shown(weight)}", where)
                if not 0 < weight <= 1:
                    hint = (f" ({weight:g}% is {weight / 100:g})" if 1 < weight <= 100 else "")
                    raise BridgeError(f"'weight' is a fraction of 1, more than 0, not "
                                      f"{weight:g}{hint} ({laws.weighting})", where)
        else:
            if "weight" in obj:
                raise BridgeError("the 1997 Laws have no weighted score: each side is "
                                  "assigned one result (12C2); mark each result's "
                                  "'likelihood': \"likely\" or \"probable\"", where)
            likelihood = obj.get("likelihood")
            if likelihood not in _LIKELIHOODS:
                raise BridgeError("'likelihood' is \"likely\" or \"probable\" (at all "
                                  f"probable, 1997 12C2), not {_shown(likelihood)}", where)
        o = Outcome(contract, seat, tricks, float(weight), likelihood, score_ns)
        if o.key in seen:
            raise BridgeError(f"{o.text()} is listed twice: give it once, with its whole "
                              "weight", where)
        seen.add(o.key)
        out.append(o)
    if laws.weighted:
        total = sum(o.weight for o in out)
        if abs(total - 1) > _WEIGHT_SLACK:
            raise BridgeError(f"the weights add up to {total:g}, not 1 ({laws.weighting})", key)
    return out


def _field(value, vulnerable: str) -> list[int]:
    if not isinstance(value, list):
        raise BridgeError("'field' is a list of the board's other results", "field")
    if len(value) > MAX_FIELD:
        raise BridgeError(f"{len(value)} results: at most {MAX_FIELD}", "field")
    out = []
    for i, obj in enumerate(value):
        where = _where("field", i)
        _keys(obj, _FIELD_KEYS, where)
        if "score" in obj:
            if len(obj) != 1:
                raise BridgeError("a result is its 'score' (North-South's) or its contract, "
                                  "declarer and result, not both", where)
            s = obj["score"]
            if isinstance(s, bool) or not isinstance(s, int) or abs(s) > 7600 or s % 10:
                raise BridgeError(f"'score' is North-South's score, a multiple of 10 from "
                                  f"-7600 to 7600 (Law 77), not {_shown(s)}", where)
            out.append(s)
        else:
            out.append(_contract_result(obj, where, vulnerable)[3])
    return out


def _side_of(value, key: str) -> str:
    if not isinstance(value, str) or value.strip().upper().replace("-", "") not in ("NS", "EW"):
        raise BridgeError(f"'{key}' is \"NS\" or \"EW\", not {_shown(value)}", key)
    return value.strip().upper().replace("-", "")


def _board(case: dict) -> Board:
    board_no = case.get("board")
    if board_no is not None and (isinstance(board_no, bool) or not isinstance(board_no, int)
                                 or board_no < 1):
        raise BridgeError(f"'board' is a positive whole number, not {_shown(board_no)}", "board")
    if board_no is None and ("dealer" not in case or "vulnerable" not in case):
        raise BridgeError("give the 'board' number, or both 'dealer' and 'vulnerable'", "board")
    for key, like in (("deal", '"N:AKQ2.KQ2.A32.K32 ..."'), ("dealer", '"N"'),
                      ("vulnerable", '"none", "NS", "EW" or "all"')):
        if case.get(key) is not None and not isinstance(case[key], str):
            raise BridgeError(f"a word like {like}, not {_shown(case[key])}", key)
    deal = None
    if case.get("deal") is not None:
        try:
            deal = Deal.from_pbn(case["deal"])
            deal.check_complete()
        except BridgeError as e:
            raise BridgeError(e.reason, "deal") from None
    try:
        return Board(board_no, deal, dealer=case.get("dealer"), vulnerable=case.get("vulnerable"))
    except BridgeError as e:
        raise BridgeError(e.reason, "dealer" if "dealer" in e.reason else "vulnerable") from None


def adjustment(case: dict, *, dd: bool = True) -> Adjustment:
    """Read, check and score an adjustment (the README's format).  Bad input raises a
    :class:`BridgeError` naming the key and why.  ``dd=False`` leaves out the
    double-dummy aid."""
    if not isinstance(case, dict):
        raise BridgeError("an adjustment is a JSON object", "case")
    for k in case:
        if k not in _TOP_KEYS:
            raise BridgeError(f"unknown key {_shown(k)} (known: {', '.join(_TOP_KEYS)})", "case")
    ed_name = case.get("edition")
    if ed_name is not None and not isinstance(ed_name, str):
        raise BridgeError(f"'edition' is \"2017\" or \"1997\", not {_shown(ed_name)}", "edition")
    try:
        ed = make_edition(ed_name)
    except BridgeError as e:
        raise BridgeError(e.reason, "edition") from None
    rules = ed.adjusted_score_laws()
    board = _board(case)
    vul = board.vulnerable
    offenders = _side_of(case["offenders"], "offenders") if case.get("offenders") is not None \
        else None
    field_scores = _field(case["field"], vul) if case.get("field") is not None else None
    scoring = case.get("scoring", "mp" if field_scores else "total")
    if scoring not in SCORINGS:
        raise BridgeError(f"'scoring' is \"mp\", \"imp\" or \"total\", not {_shown(scoring)}",
                          "scoring")
    table_result = _table_result(case) if case.get("events") is not None else None
    assigned_keys = [k for k in ("ns", "ew", "outcomes") if k in case]
    if "artificial" in case:
        if assigned_keys:
            raise BridgeError(f"an adjusted score is either assigned ('{assigned_keys[0]}') or "
                              "artificial, not both (12C1d)", "artificial")
        adj = _artificial(case, rules, board, scoring, offenders, field_scores, ed.name)
    else:
        if not assigned_keys:
            raise BridgeError("give the likely results ('ns', and 'ew' when E-W's differ; "
                              "'outcomes' in 1997) or an 'artificial' score", "case")
        if "session" in case:
            raise BridgeError("the session rule is for an artificial score (12C2c)", "session")
        adj = _assigned(case, rules, board, scoring, offenders, field_scores, ed.name)
    adj.table_result = table_result
    if dd and board.deal is not None and adj.kind != "artificial":
        adj.dd = dd_aid(board, adj.ns.outcomes + adj.ew.outcomes)
    return adj


def _table_result(case: dict) -> dict | None:
    """The table result the adjustment replaces: the case's events replayed."""
    from ..formats.case import case_table
    if case.get("deal") is None:
        raise BridgeError("'events' are replayed on the 'deal': give it", "events")
    sub = {k: case[k] for k in ("edition", "board", "dealer", "vulnerable", "deal", "events",
                                "regulation") if k in case}
    table = case_table(sub)
    state = table.state()
    if state.get("phase") != "complete":
        return None
    return {"contract": state.get("contract"), "declarer": state.get("declarer"),
            "tricks": state.get("tricks"), "score_ns": state.get("score_ns")}


def _assigned(case: dict, rules: AdjustedScoreLaws, board: Board, scoring: str,
              offenders: str | None, field_scores: list[int] | None, ed: str) -> Adjustment:
    vul = board.vulnerable
    if scoring != "total" and field_scores is None:
        raise BridgeError(f"scoring {scoring!r} compares the result with the board's other "
                          "results: give them as 'field' (or \"scoring\": \"total\")", "field")
    if rules.weighted:
        if "outcomes" in case:
            raise BridgeError("'outcomes' with their likelihood are the 1997 Laws' (12C2); in "
                              "2017 give 'ns' (and 'ew') with weights (12C1c)", "outcomes")
        if "ns" not in case:
            raise BridgeError("'ns' lists the results that score North-South (12C1c)", "ns")
        ns_out = _outcomes(case["ns"], "ns", vul, rules)
        ew_out = _outcomes(case["ew"], "ew", vul, rules) if "ew" in case else ns_out
        split = sorted((o.key, o.weight) for o in ns_out) != \
            sorted((o.key, o.weight) for o in ew_out)
        if split and offenders is None:
            raise BridgeError("scores that do not balance (12C1e) need the 'offenders' (\"NS\" "
                              "or \"EW\")", "offenders")
        weighted = len(ns_out) > 1 or len(ew_out) > 1
        kind = "split" if split else ("weighted" if weighted else "assigned")
        laws_ns = [rules.assigned] + ([rules.weighting] if len(ns_out) > 1 else [])
        laws_ew = [rules.assigned] + ([rules.weighting] if len(ew_out) > 1 else [])
        if split:
            laws_ns.append(rules.unbalanced)
            laws_ew.append(rules.unbalanced)
    else:
        for k in ("ns", "ew"):
            if k in case:
                raise BridgeError("the 1997 Laws have no weighted score (12C2): list the "
                                  "'outcomes', each \"likely\" or \"probable\"", k)
        if offenders is None:
            raise BridgeError("1997 12C2 gives the non-offenders the most favourable likely "
                              "result and the offenders the most unfavourable probable one: "
                              "name the 'offenders' (\"NS\" or \"EW\")", "offenders")
        allowed = _outcomes(case["outcomes"], "outcomes", vul, rules)
        likely = [o for o in allowed if o.likelihood == "likely"]
        if not likely:
            raise BridgeError("no result is \"likely\": the non-offenders get the most "
                              "favourable likely result (12C2)", "outcomes")
        # the non-offenders' best likely result; the offenders' worst probable one (a
        # likely result is probable too).  A side's score is NS's, or its negative
        nos_sign = 1 if offenders == "EW" else -1
        best = max(likely, key=lambda o: nos_sign * o.score_ns)
        worst = max(allowed, key=lambda o: nos_sign * o.score_ns)   # worst for the offenders
        ns_out, ew_out = ([best], [worst]) if offenders == "EW" else ([worst], [best])
        split = best.key != worst.key
        kind = "split" if split else "assigned"
        laws_ns = [rules.assigned]
        laws_ew = [rules.assigned]
    ns = Side("NS", ns_out, laws=laws_ns)
    ew = Side("EW", ew_out, laws=laws_ew)
    for side in (ns, ew):
        side.score = side.sign * sum(o.weight * o.score_ns for o in side.outcomes)
        side.laws.append("77")
    laws = _merge(ns.laws, ew.laws)
    if field_scores is not None and scoring != "total":
        _score_in_field(ns, ew, field_scores, vul, scoring)
        law = "78A" if scoring == "mp" else "78B"
        ns.laws.append(law)
        ew.laws.append(law)
        laws = _merge(laws, [law])
    return Adjustment(ed, board, scoring, kind, offenders, ns, ew, field_scores or [], laws)


def _merge(*lists: list[str]) -> list[str]:
    out: list[str] = []
    for lst in lists:
        out += [x for x in lst if x not in out]
    return out


def _value(outcomes: list[Outcome]) -> int | WeightedScore:
    if len(outcomes) == 1:
        return outcomes[0].score_ns
    return WeightedScore(tuple((o.score_ns, o.weight / sum(p.weight for p in outcomes))
                               for o in outcomes))


def _points(adjusted, field_scores: list[int], vul: str, scoring: str) -> tuple[float, float, float | None]:
    """(NS points, EW points, top) of an adjusted score on one board among the other
    results, by :func:`score_event` (its weighted scores and split scores, 12C1c, 12C1e)."""
    ev = Event(name="adjust", vulnerability={1: vul})
    ev.add_entry("ns")
    ev.add_entry("ew")
    ev.results.append(Result(1, "ns", "ew", adjusted=adjusted, where="adjusted"))
    for i, s in enumerate(field_scores):
        ev.add_entry(f"n{i}")
        ev.add_entry(f"e{i}")
        ev.results.append(Result(1, f"n{i}", f"e{i}", score=s, where=f"field[{i}]"))
    res = score_event(ev, "mp" if scoring == "mp" else "xi", neuberg="none")
    sr = next(sr for sr in res.boards[1] if sr.result.ns == ("ns",))
    return float(sr.ns_points), float(sr.ew_points), sr.top


def _score_in_field(ns: Side, ew: Side, field_scores: list[int], vul: str, scoring: str) -> None:
    nv, ev_ = _value(ns.outcomes), _value(ew.outcomes)
    adjusted = nv if nv == ev_ else SplitScore(nv, ev_)
    ns.points, ew.points, t = _points(adjusted, field_scores, vul, scoring)
    if scoring == "mp":
        ns.top = ew.top = t
    # each part's own points: the part alone against the field
    for side in (ns, ew):
        for o in side.outcomes:
            a, b, _ = _points(o.score_ns, field_scores, vul, scoring)
            side.part_points.append(a if side.name == "NS" else b)


def _artificial(case: dict, rules: AdjustedScoreLaws, board: Board, scoring: str,
                offenders: str | None, field_scores: list[int] | None, ed: str) -> Adjustment:
    value = case["artificial"]
    if not isinstance(value, dict) or set(value) != {"ns", "ew"}:
        raise BridgeError("'artificial' gives each side its score: {\"ns\": \"avg+\", "
                          "\"ew\": \"avg-\"}", "artificial")
    if scoring == "total":
        raise BridgeError("an artificial score is a share of the matchpoints or IMPs (12C2): "
                          "score with \"mp\" or \"imp\", or give an assigned score", "scoring")
    session = case.get("session")
    if session is not None:
        if not isinstance(session, dict) or not set(session) <= {"ns", "ew"}:
            raise BridgeError("'session' gives a side's score on the session's other boards: "
                              "{\"ns\": 63.5} (a percentage; IMPs a board at IMPs)", "session")
    sides = []
    for key in ("ns", "ew"):
        name = value[key]
        if name not in ARTIFICIAL:
            raise BridgeError(f"an artificial score is \"avg+\", \"avg\" or \"avg-\" "
                              f"({rules.artificial}), not {_shown(name)}", f"artificial.{key}")
        side = Side(key.upper(), artificial=name, laws=[rules.artificial])
        pct = ARTIFICIAL[name]
        if offenders is not None:
            if side.name == offenders and pct > AVERAGE:
                raise BridgeError("the offenders are at fault: average at most "
                                  f"({rules.artificial})", f"artificial.{key}")
            if side.name != offenders and pct < AVERAGE:
                raise BridgeError("the non-offenders are not directly at fault: average "
                                  f"at least ({rules.artificial})", f"artificial.{key}")
        s = (session or {}).get(key)
        if s is not None:
            low, high = (0, 100) if scoring == "mp" else (-24, 24)
            if isinstance(s, bool) or not isinstance(s, (int, float)) or not low <= s <= high:
                raise BridgeError(f"a session figure is a number from {low} to {high} "
                                  f"({'a percentage' if scoring == 'mp' else 'IMPs a board'})"
                                  f", not {_shown(s)}", f"session.{key}")
        if scoring == "mp":
            got = artificial_percentage(pct, s, edition=ed)
        else:
            got = artificial_imps(pct, s, edition=ed)
            side.laws.append(rules.artificial_imps)
        if s is not None and got != (pct if scoring == "mp" else artificial_imps(pct, edition=ed)):
            side.laws.append(rules.session)
        side.artificial_value = got
        if scoring == "mp":
            if field_scores is not None:
                side.top = top(len(field_scores) + 1)
                side.points = got * side.top / 100
        else:
            side.points = got
        sides.append(side)
    ns, ew = sides
    return Adjustment(ed, board, scoring, "artificial", offenders, ns, ew, field_scores or [],
                      _merge(ns.laws, ew.laws))


def dd_aid(board: Board, outcomes: list[Outcome]) -> list[dict]:
    """The double-dummy tricks of each candidate contract's declarer and strain on the
    board's deal (DDS), with the result and North-South's score they would give: an aid
    to the Director's judgement (12C), never a ruling."""
    from ..analysis import dd_table
    table = dd_table(board.deal)
    out: list[dict] = []
    seen: set = set()
    for o in outcomes:
        if o.contract is None:
            continue
        key = (str(o.contract), o.declarer)
        if key in seen:
            continue
        seen.add(key)
        tricks = table.tricks_of(o.declarer, o.contract.strain)
        score = o.contract.score(is_vulnerable(board.vulnerable, o.declarer), tricks)
        made = tricks - 6 - o.contract.level
        out.append({"contract": str(o.contract), "declarer": SEAT_NAMES[o.declarer],
                    "strain": STRAIN_LETTERS[o.contract.strain], "tricks": tricks,
                    "result": "=" if made == 0 else f"{made:+d}",
                    "score_ns": score if o.declarer in (0, 2) else -score})
    return out


# ------------------------------------------------------------------ output

def _num(x: float | None, places: int = 2) -> float | None:
    if x is None:
        return None
    r = round(x, places)
    return 0.0 if r == 0 else r


def adjustment_json(a: Adjustment) -> dict:
    """The stable JSON of ``bridgelaws adjust --json`` (the README documents each key)."""
    def side(s: Side) -> dict:
        d: dict = {"laws": s.laws}
        if s.artificial is not None:
            d["artificial"] = s.artificial
            d["percent" if a.scoring == "mp" else "imps"] = _num(s.artificial_value)
        else:
            d["outcomes"] = []
            for i, o in enumerate(s.outcomes):
                row = {**o.to_json(), "weight": _num(o.weight, 6), "score_ns": o.score_ns,
                       "score": s.sign * o.score_ns}
                if o.likelihood is not None:
                    row["likelihood"] = o.likelihood
                if s.part_points:
                    row["points"] = _num(s.part_points[i], 4)
                d["outcomes"].append(row)
            d["score"] = _num(s.score)
        d["points"] = _num(s.points, 4)
        d["top"] = s.top
        d["percent"] = _num(s.percent) if s.artificial is None or a.scoring == "mp" else None
        if s.artificial is not None and a.scoring == "mp" and s.points is None:
            d["percent"] = _num(s.artificial_value)
        return d
    return {"edition": a.edition, "board": a.board.number,
            "dealer": SEAT_NAMES[a.board.dealer], "vulnerable": a.board.vulnerable,
            "scoring": a.scoring, "kind": a.kind, "offenders": a.offenders,
            "ns": side(a.ns), "ew": side(a.ew), "field": list(a.field), "dd": a.dd,
            "table_result": a.table_result, "laws": a.laws}


def _n(x: float | None, lang: str, signed: bool = False) -> str:
    """A number as ``lang`` writes it (``5.9``, ``5,9``, ``−100``), at most two decimals,
    with its sign when ``signed`` (``+620``)."""
    from ..i18n.display import number
    x = _num(x) or 0.0
    text = number(x, 0 if x == int(x) else 2, lang)
    if x != int(x):
        text = text.rstrip("0")
    return ("+" + text) if signed and x > 0 else text


def _pct(x: float | None, lang: str) -> str:
    from ..i18n.display import percent
    x = _num(x) or 0.0
    text = percent(x, lang, 0 if x == int(x) else 2)
    return text


def adjustment_lines(a: Adjustment, lang: str = "en") -> list[str]:
    """``bridgelaws adjust``'s text: each side's score with its arithmetic, the
    double-dummy aid and the laws, in ``lang`` (the catalogues' ``adjust.*`` keys;
    in Hebrew each line starts with a right-to-left mark)."""
    from ..i18n import RTL_LANGUAGES, message
    from ..i18n.display import contract
    from .report import contract_text

    def m(key: str, **values) -> str:
        return message(f"adjust.{key}", lang, **values)

    def seat(s: str) -> str:
        return message(f"seat.{s}", lang)

    side_name = {"NS": m("side.NS"), "EW": m("side.EW")}
    lines = [m("heading", board=a.board.number if a.board.number is not None else "-",
               dealer=seat(SEAT_NAMES[a.board.dealer]),
               vulnerable=m(f"vul.{a.board.vulnerable}"), edition=a.edition,
               scoring=m(f"scoring.{a.scoring}"))]
    tr = a.table_result
    if tr is not None:
        if tr.get("contract") in (None, "P"):
            shown = contract("PASS", lang)
        else:
            side = "NS" if tr["declarer"] in ("N", "S") else "EW"
            shown = contract_text(tr["contract"], tr["declarer"], tr["tricks"][side])
        lines.append(m("table_result", result=shown,
                       score=_n(tr.get("score_ns") or 0, lang, signed=True)))
    if a.offenders:
        lines.append(m("offenders", side=side_name[a.offenders]))
    lines.append(m(f"kind.{a.kind}", law=", ".join(x for x in a.laws if x[:2] in ("12", "86", "88"))))
    if a.field:
        if a.scoring == "mp":
            lines.append(m("field.mp", results=len(a.field), top=top(len(a.field) + 1)))
        elif a.scoring == "imp":
            lines.append(m("field.imp" if len(a.field) == 1 else "field.xi",
                           results=len(a.field)))
    for s in (a.ns, a.ew):
        arithmetic = _side_text(a, s, m, lang)
        if lang in RTL_LANGUAGES:
            # the sum reads left to right inside the right-to-left line, even where it wraps
            # (Unicode's left-to-right isolate, LRI ... PDI)
            arithmetic = f"\u2066{arithmetic}\u2069"
        lines.append(f"{side_name[s.name]}: {arithmetic}")
    if a.dd is not None:
        lines.append(m("dd.heading"))
        for d in a.dd:
            lines.append("  " + m("dd.line", contract=contract_text(d["contract"], d["declarer"]),
                                  tricks=d["tricks"],
                                  result=contract_text(d["contract"], d["declarer"],
                                                       d["tricks"]),
                                  score=_n(d["score_ns"], lang, signed=True)))
    lines.append(m("laws", laws=", ".join(a.laws)))
    if lang in RTL_LANGUAGES:
        return ["\u200f" + line for line in lines]
    return lines


def _side_text(a: Adjustment, s: Side, m, lang: str) -> str:
    """One side's arithmetic: ``70% 4♠ S = (+620: 8 mp) + 30% 4♠ S -1 (−100: 1 mp) =
    5.9 mp / 10 (59%)``; in total points ``... = +404``; an artificial score's name and
    value."""
    mp = a.scoring == "mp"
    unit = m("unit.mp") if mp else m("unit.imp")
    if s.artificial is not None:
        name = m(f"artificial.{s.artificial}")
        if not mp:
            return f"{name} = {_n(s.artificial_value, lang, signed=True)} {unit}"
        text = f"{name} = {_pct(s.artificial_value, lang)}"
        if s.points is not None:
            text += f" = {_n(s.points, lang)} {unit} / {_n(s.top, lang)}"
        return text
    parts = []
    for i, o in enumerate(s.outcomes):
        score = _n(s.sign * o.score_ns, lang, signed=True)
        if s.part_points:
            score += f": {_n(s.part_points[i], lang, signed=not mp)} {unit}"
        weight = f"{_pct(o.weight * 100, lang)} " if len(s.outcomes) > 1 else ""
        parts.append(f"{weight}{o.text()} ({score})")
    text = " + ".join(parts)
    if s.points is None:
        return f"{text} = {_n(s.score, lang, signed=True)}" if len(s.outcomes) > 1 else text
    if mp:
        return f"{text} = {_n(s.points, lang)} {unit} / {_n(s.top, lang)} ({_pct(s.percent, lang)})"
    return f"{text} = {_n(s.points, lang, signed=True)} {unit}"
