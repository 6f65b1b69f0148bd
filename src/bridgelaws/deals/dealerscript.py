"""Conditions and scripts in the language of ``dealer`` (Hans van Staveren's program, kept
by Thomas Andrews), for teaching sets dealt as Law 6E4 allows.

Teachers keep libraries of such scripts; ``bridgelaws deal --where`` takes a dealer
condition as well as the project's own short predicates
(:mod:`bridgelaws.deals.constraints`), and ``--dealer-script FILE`` a whole script.
The text is read by endplay's parser (``endplay.parsers.dealer``) and evaluated by
endplay's interpreter (``endplay.dealer.constraint.ConstraintInterpreter``) on each
deal drawn; the deals themselves come from bridgelaws' :class:`~bridgelaws.deals.
dealing.Dealer` (every deal equally likely, Law 6E4), never from endplay's generator.

>>> from bridgelaws.deals.dealerscript import is_dealer_syntax, parse_condition
>>> is_dealer_syntax("hcp(north) >= 15 && shape(north, any 4333 + any 4432 + any 5332)")
True
>>> is_dealer_syntax("N hcp 15-17 balanced")
False
>>> strong_nt = parse_condition("hcp(north)>=15 && hcp(north)<=17 && "
...                             "shape(north, any 4333 + any 4432 + any 5332)")
>>> from bridgelaws.cards import Deal
>>> strong_nt(Deal.from_pbn("N:AK32.KQ2.A32.J32 T98.JT9.KQJ.QT98 QJ7.A8765.T98.A4 "
...                         "654.43.7654.K765").hands)
True

What endplay's interpreter evaluates, and so what is accepted: ``hcp``, the suit
lengths (``spades`` ... ``clubs``), ``shape`` (with ``any``, ``x``, ``+`` and ``-``),
``hascard``, ``controls``, ``losers``, ``cccc``, ``tens`` ... ``aces``, ``top2`` ...
``top5``, ``c13``, ``pt0`` ... ``pt9``, ``tricks`` (double dummy, by DDS: slow),
``score``, the operators (``&&``, ``||``, ``!``, ``and``, ``or``, ``not``, comparisons,
arithmetic, ``?:``) and, in a script, ``condition``, ``predeal``, ``produce``,
``generate``, ``dealer``, ``vulnerable``, ``altcount``, variables and the ``print``
actions.  Refused, with the token named: what endplay's interpreter does not do
(``imps``, ``quality``, ``pointcount``, the statistics actions ``average`` and
``frequency``), names it spells differently (``hcps``, ``club``), an unknown name
or function, and a shape whose lengths cannot make 13 cards.

A script is read statement by statement, so that an error names its line
(``lesson.dlr:7: ...``).  Where endplay's parser does not serve, bridgelaws reads the
text itself: ``altcount 5 2 1`` as dealer writes it (numbers separated by spaces;
endplay's parser wants commas).  What dealer would do differently is refused rather than
guessed: a second ``condition`` (dealer keeps only the last), a second ``produce``,
``generate``, ``dealer`` or ``vulnerable``, one card predealt to two hands, a seat named
twice in one ``predeal`` (endplay's parser would keep only its last cards).  ``generate``
caps the deals tried for the whole set, as in dealer; ``produce`` is the number of boards.

>>> parse_condition("hcp(north) >= 15 && imps(3) > 1")
Traceback (most recent call last):
...
bridgelaws.cards.BridgeError: --where: 'imps' is not evaluated by endplay's interpreter, which bridgelaws uses
"""

from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from ..boards import Board, VULNERABILITIES
from ..cards import BridgeError, Deal, FULL_DECK, SEAT_NAMES, card_name, cards_of, mask_of
from .dealing import DEFAULT_MAX_ATTEMPTS, Dealer

__all__ = ["is_dealer_syntax", "parse_condition", "parse_any_where", "DealerCondition",
           "DealerScript", "parse_script", "read_script", "MAX_CONDITION", "MAX_SCRIPT",
           "MAX_DEPTH", "MAX_GENERATE", "MAX_PRODUCE"]

#: the longest condition ``--where`` takes, in characters (endplay's parser reads about
#: 500 characters a second on a slow machine)
MAX_CONDITION = 1_000
#: the longest script file, in characters
MAX_SCRIPT = 10_000
#: the deepest nesting of parentheses
MAX_DEPTH = 20
#: the most deals a script's ``generate`` (or ``deal --max-attempts``) may ask to try
MAX_GENERATE = 100_000_000
#: the most boards a script's ``produce`` may ask for
MAX_PRODUCE = 100_000

# a dealer condition has a function call, an operator or a comparison; the project's
# own predicates ("N hcp 15-17 balanced, S hearts 5+") have none of these
_DEALER_MARK = re.compile(r"[()<>=!&|?]")

#: functions endplay's interpreter evaluates (as its _dispatch_function spells them)
_FUNCTIONS = ({"hcp", "shape", "hascard", "control", "controls", "loser", "losers", "cccc",
               "trick", "tricks", "score", "if", "spade", "spades", "heart", "hearts",
               "diamond", "diamonds", "clubs", "c13", "tens", "jack", "jacks", "queen",
               "queens", "king", "kings", "ace", "aces"}
              | {f"pt{i}" for i in range(10)} | {f"top{i}" for i in range(2, 6)})
#: names endplay's parser reads but its interpreter does not evaluate, and why
_NOT_EVALUATED = {
    "imp": "is not evaluated by endplay's interpreter, which bridgelaws uses",
    "imps": "is not evaluated by endplay's interpreter, which bridgelaws uses",
    "quality": "is not evaluated by endplay's interpreter, which bridgelaws uses",
    "hcps": "is spelt hcp for endplay's interpreter",
    "club": "is spelt clubs for endplay's interpreter",
}
_SEATS = {"north": 0, "east": 1, "south": 2, "west": 3}
_SUITS = re.compile(r"(spades?|hearts?|diamonds?|clubs?)$")
_STRAINS = re.compile(r"(notrumps?|spades?|hearts?|diamonds?|clubs?)$")
_VULS = {"none": "none", "ns": "NS", "ew": "EW", "all": "all"}
#: functions whose first argument is a seat, and what their second argument is
_SEAT_FIRST = re.compile(r"(hcp|shape|hascard|controls?|losers?|cccc|quality|tricks?|"
                         r"spades?|hearts?|diamonds?|clubs?|pt\d|tens|jacks?|queens?|kings?|"
                         r"aces?|top[2-5]|c13)$", re.I)
#: words of a script that may stand before a parenthesis without being a function
_KEYWORDS = {"condition", "action", "generate", "produce", "predeal", "dealer", "vulnerable",
             "altcount", "pointcount", "average", "frequency", "and", "or", "not", "print",
             "printall", "printew", "printpbn", "printcompact", "printoneline", "printes"}
#: a script's actions that only choose how dealer prints: bridgelaws writes PBN
_PRINT_ACTIONS = {"printall", "print", "printew", "printpbn", "printcompact",
                  "printoneline", "printes"}


def is_dealer_syntax(text: str) -> bool:
    """Whether a ``--where`` text is a dealer condition (it has a call, an operator or a
    comparison) rather than the project's own predicates."""
    return bool(_DEALER_MARK.search(str(text)))


# --- reading ----------------------------------------------------------------------------

_PARSER = None


def _parse(text: str, whole_script: bool) -> Any:
    """endplay's parser on a condition or a script.  Its grammar uses names pyparsing 3.3
    calls deprecated: those warnings are about endplay's code, not the user's text, and
    are kept off the user's screen."""
    global _PARSER
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        if _PARSER is None:
            from endplay.parsers.dealer import DealerParser
            _PARSER = DealerParser()
        return _PARSER.parse_string(text) if whole_script else _PARSER.parse_expr(text)


def _check_size(text: str, limit: int, where: str, what: str) -> None:
    if len(text) > limit:
        raise BridgeError(f"the {what} has {len(text):,} characters; at most {limit:,} are read",
                          where)
    depth = deepest = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise BridgeError(f"the {what} nests parentheses {deepest} deep; at most {MAX_DEPTH}",
                          where)


def _call_problem(text: str) -> tuple[int, str] | None:
    """The first call whose name or arguments dealer does not know: (position, why)."""
    for m in re.finditer(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(([^()]*)\)?", text):
        name, args = m.group(1), m.group(2)
        low = name.lower()
        if low in _NOT_EVALUATED:
            return m.start(1), f"{name!r} {_NOT_EVALUATED[low]}"
        if low in _KEYWORDS:
            continue
        if low not in _FUNCTIONS:
            return m.start(1), (f"{name!r} is not a function of dealer's (hcp, shape, spades, "
                                "hearts, diamonds, clubs, hascard, controls, losers, ...)")
        if name != low:
            return m.start(1), f"{name!r} is written in lower case: {low}"
        if not _SEAT_FIRST.match(low) or args is None:
            continue
        words = [w.strip() for w in args.split(",")]
        at = m.start(2)
        if not words[0] or words[0].lower() not in _SEATS:
            return at, f"{words[0]!r} in {name}() is not a seat (north, east, south or west)"
        if len(words) > 1:
            second = words[1]
            at = m.start(2) + args.index(second, len(words[0]))
            if low in ("tricks", "trick") and not _STRAINS.match(second.lower()):
                return at, (f"{second!r} in {name}() is not a strain (notrumps, spades, "
                            "hearts, diamonds or clubs)")
            if low not in ("shape", "hascard", "tricks", "trick") and \
                    not _SUITS.match(second.lower()):
                return at, f"{second!r} in {name}() is not a suit (spades, hearts, diamonds or clubs)"
            if low == "hascard" and not re.fullmatch(r"[2-9AKQJTakqjt][SHDCshdc]", second):
                return at, (f"{second!r} in hascard() is not a card as dealer writes it "
                            "(rank then suit: AS, TH)")
    return None


def _parse_problem(text: str, e: Any, locate: Callable[[int], str]) -> BridgeError:
    """One line naming the token endplay's parser stopped at (or the call that made it);
    ``locate`` turns a position in ``text`` into the ``where`` of the error."""
    found = _call_problem(text)
    if found is not None:
        pos, why = found
        return BridgeError(why, locate(pos))
    loc = min(max(int(getattr(e, "loc", 0)), 0), len(text))
    rest = text[loc:].lstrip()
    if not rest:
        return BridgeError("the dealer text ends too soon: something is missing at its end",
                           locate(len(text.rstrip())))
    token = rest[0]                                # rest is not blank: a word, or one sign
    word = re.match(r"[A-Za-z0-9_]+", rest)
    if word:
        token = word.group(0)
    return BridgeError(f"dealer syntax not understood at {token!r}",
                       locate(loc + len(text[loc:]) - len(rest)))


class _Checker:
    """Walks a parsed tree: every function evaluated, every name defined, every shape whole."""

    def __init__(self, where: str, defined: Iterable[str] = ()):
        self.where = where
        self.defined = set(defined)

    def check(self, node: Any) -> None:
        from endplay.parsers.dealer import Node
        if node.dtype == Node.SYMBOL:
            if node.value not in self.defined:
                raise BridgeError(f"{node.value!r} is not a function, a number or a name "
                                  "defined in the script", self.where)
        elif node.dtype == Node.FUNCTION:
            name = str(node.value)
            if name.lower() in _NOT_EVALUATED:
                raise BridgeError(f"{name!r} {_NOT_EVALUATED[name.lower()]}", self.where)
            if name not in _FUNCTIONS:
                raise BridgeError(f"{name!r} is not evaluated by endplay's interpreter "
                                  "(write it in lower case, as dealer's manual does)", self.where)
            if name == "shape":
                self._shape(node.last_child)
                return
        for child in node.children:
            if hasattr(child, "dtype"):
                self.check(child)

    def _shape(self, node: Any) -> None:
        from endplay.parsers.dealer import Node
        if node.dtype == Node.VALUE:
            pattern = node.value
            given = [n for n in pattern if n is not None]
            text = "".join("x" if n is None else str(n) for n in pattern)
            if (len(given) == 4 and sum(given) != 13) or sum(given) > 13:
                raise BridgeError(f"shape {text!r} is not a 13-card pattern", self.where)
            return
        for child in node.children:
            self._shape(child)


def _cycle(defines: dict[str, Any], lines: dict[str, str]) -> None:
    """A name defined through itself would never end: refuse it, naming the line of its
    definition."""
    from endplay.parsers.dealer import Node

    def names(node: Any) -> Iterable[str]:
        if getattr(node, "dtype", None) == Node.SYMBOL:
            yield node.value
        for child in getattr(node, "children", ()):
            yield from names(child)

    state: dict[str, int] = {}

    def visit(name: str) -> None:
        state[name] = 1
        for used in names(defines[name]):
            if used in defines:
                if state.get(used) == 1:
                    raise BridgeError(f"{used!r} is defined through itself", lines[used])
                if used not in state:
                    visit(used)
        state[name] = 2

    for name in defines:
        if name not in state:
            visit(name)


# --- evaluation -------------------------------------------------------------------------

class DealerCondition:
    """A dealer condition: called with the four hands (masks), says whether they fit, as
    endplay's interpreter evaluates it on the same deal (a number other than 0 is true)."""

    def __init__(self, trees: Sequence[Any], interpreter: Any, text: str, where: str):
        self.trees = list(trees)
        self.interpreter = interpreter
        self.text = text
        self.where = where

    def __call__(self, hands: Sequence[int]) -> bool:
        from endplay.types import Deal as EndplayDeal
        deal = EndplayDeal(Deal(hands).to_pbn())
        evaluate = self.interpreter.evaluate
        try:
            return all(evaluate(tree, deal) for tree in self.trees)
        except ZeroDivisionError:
            raise BridgeError("the condition divides by zero on a deal "
                              f"({Deal(hands).to_pbn()})", self.where) from None
        except (NotImplementedError, ValueError, KeyError, TypeError, RuntimeError,
                RecursionError) as e:
            raise BridgeError(f"endplay's interpreter could not evaluate the condition: {e}",
                              self.where) from None

    def __and__(self, other: Callable[[Sequence[int]], bool]) -> Callable[[Sequence[int]], bool]:
        return _Both(other, self)

    def __repr__(self) -> str:
        return f"DealerCondition({self.text!r})"


class _Both:
    """Two conditions at once, the cheaper (the project's own predicates) first."""

    def __init__(self, first: Callable[[Sequence[int]], bool],
                 second: Callable[[Sequence[int]], bool]):
        self.first, self.second = first, second
        self.text = "; ".join(t for t in (getattr(first, "text", ""),
                                          getattr(second, "text", "")) if t)

    def __call__(self, hands: Sequence[int]) -> bool:
        return self.first(hands) and self.second(hands)


def parse_condition(text: str, where: str = "--where") -> DealerCondition:
    """Read a dealer condition (``hcp(north) >= 15 && ...``) through endplay's parser."""
    from endplay.dealer.constraint import ConstraintInterpreter
    from endplay.parsers.dealer import ParseException
    text = str(text)
    _check_size(text, MAX_CONDITION, where, "condition")
    if not text.strip():
        raise BridgeError("the condition is empty", where)
    try:
        tree = _parse(text, whole_script=False)
    except ParseException as e:
        raise _parse_problem(text, e, lambda pos: where) from None
    except RecursionError:
        raise BridgeError("the condition nests too deep to read", where) from None
    _Checker(where).check(tree)
    return DealerCondition([tree], ConstraintInterpreter(), text.strip(), where)


def parse_any_where(text: str):
    """``--where``: a dealer condition if it looks like one, else the project's predicates."""
    if is_dealer_syntax(text):
        return parse_condition(text)
    from .constraints import parse_where
    return parse_where(text)


# --- scripts ----------------------------------------------------------------------------

@dataclass
class DealerScript:
    """What a dealer script asks for.  ``produce`` is the number of boards (when the
    command gives none), ``generate`` the most deals tried for the whole set (as dealer
    counts them), ``dealer`` and ``vulnerable`` the markings of every board (else those of
    its number, Law 2), ``predeal`` the cards given to each seat before the rest is dealt,
    ``notes`` what bridgelaws does not do as dealer would (said on standard error).

    >>> script = parse_script("produce 2\\npredeal north SAKQ\\ncondition hcp(north) >= 20\\n",
    ...                       "strong.dlr")
    >>> script.text
    'dealer script strong.dlr; predeal N:AKQ...; condition hcp(north) >= 20'
    >>> [b.number for b in script.deal_boards(range(1, script.produce + 1), seed=1)]
    [1, 2]
    """
    name: str
    condition: DealerCondition | None = None
    produce: int | None = None
    generate: int | None = None
    dealer: int | None = None
    vulnerable: str | None = None
    predeal: tuple[int, int, int, int] = (0, 0, 0, 0)
    notes: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """How the boards were dealt, for the Generator tag of the PBN written."""
        parts = [f"dealer script {self.name}"]
        if any(self.predeal):
            parts.append("predeal " + " ".join(
                f"{SEAT_NAMES[s]}:{Deal([h if i == s else 0 for i, h in enumerate(self.predeal)]).hand_pbn(s)}"
                for s in range(4) if self.predeal[s]))
        if self.condition is not None:
            parts.append(f"condition {self.condition.text}")
        return "; ".join(parts)

    def deal_boards(self, numbers: Iterable[int], seed: int | str | None = None,
                    where: Callable[[Sequence[int]], bool] | None = None,
                    max_attempts: int | None = None) -> list[Board]:
        """A board set: for each number, a deal drawn uniformly (Law 6E4) among those with
        the predealt cards that meet the script's condition and ``where``; the dealer and
        vulnerability the script gives, else those of the number (Law 2).

        ``max_attempts`` caps the deals tried for each board; without it the script's
        ``generate`` caps the deals tried for the whole set, as dealer counts them, and
        without that each board may take 1,000,000."""
        source = Dealer(seed)
        tests = [t for t in (where, self.condition) if t is not None]
        test: Callable[[Sequence[int]], bool] | None
        test = tests[0] if len(tests) == 1 else (_Both(*tests) if tests else None)
        budget = self.generate if (self.generate and not max_attempts) else None
        boards: list[Board] = []
        for number in numbers:
            cap = max_attempts or (budget if budget is not None else DEFAULT_MAX_ATTEMPTS)
            deal, tried = self._deal(source, test, cap)
            if deal is None:
                text = getattr(test, "text", "") or self.text
                if budget is not None:
                    raise BridgeError(
                        f"no deal met {text!r} within 'generate {self.generate:,}' (the deals "
                        f"tried for the whole set; {len(boards)} boards were dealt): the "
                        "condition is impossible or too rare to deal this way", self.name)
                raise BridgeError(f"no deal met {text!r} in {cap:,} attempts: the condition "
                                  "is impossible or too rare to deal this way", self.name)
            if budget is not None:
                budget -= tried
            board = Board(number, dealer=self.dealer, vulnerable=self.vulnerable)   # Law 2
            board.deal = deal
            boards.append(board)
        return boards

    def _deal(self, source: Dealer, test: Callable[[Sequence[int]], bool] | None,
              attempts: int) -> tuple[Deal | None, int]:
        """A deal that meets ``test`` and the number of deals tried, or (None, attempts)."""
        fixed = list(self.predeal)
        if not any(fixed):
            for tried in range(1, attempts + 1):
                deal = source.deal()                             # Law 6E4
                if test is None or test(deal.hands):
                    return deal, tried
            return None, attempts
        rest = list(cards_of(FULL_DECK & ~(fixed[0] | fixed[1] | fixed[2] | fixed[3])))
        need = [13 - h.bit_count() for h in fixed]
        for tried in range(1, attempts + 1):
            source.shuffle(rest)                                 # Law 6E4
            hands, i = list(fixed), 0
            for seat in range(4):
                hands[seat] |= mask_of(rest[i:i + need[seat]])
                i += need[seat]
            if test is None or test(hands):
                return Deal(hands), tried
        return None, attempts


def _number(node: Any, what: str, where: str, top: int) -> int:
    value = node.value
    if not isinstance(value, int) or not 1 <= value <= top:
        raise BridgeError(f"{what} takes a whole number from 1 to {top:,}, not {value!r}", where)
    return value


# a comment (/* */, // or #) or a string ("..."), which may hold comment marks
_COMMENT_OR_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|/\*.*?\*/|//[^\n]*|#[^\n]*', re.S)
#: how a statement of a script begins, at the start of a line
_STATEMENT = re.compile(r"[ \t]*((?:condition|action|generate|produce|predeal|dealer|vulnerable|"
                        r"altcount|pointcount)\b|[A-Za-z_][A-Za-z0-9_]*[ \t]*=(?!=))", re.I)
#: dealer's pointcount and altcount take numbers separated by spaces, which endplay's
#: parser does not read (it wants commas): bridgelaws reads these statements itself
_COUNT = re.compile(r"(altcount|pointcount)\b((?:[ \t\r\n,]*\d+)*)", re.I)
#: the most a value of an altcount may be
MAX_COUNT_VALUE = 1_000


def _without_comments(text: str) -> str:
    """``text`` with each comment turned to spaces, so that positions and lines stay."""
    def blank(m: re.Match) -> str:
        s = m.group(0)
        return s if s.startswith('"') else re.sub(r"[^\n]", " ", s)
    return _COMMENT_OR_STRING.sub(blank, text)


def _pieces(clean: str) -> list[tuple[int, int]]:
    """Where each statement of a script begins and ends: a statement begins a line with a
    keyword or ``name =``, and runs to the next one (a condition may take many lines)."""
    starts = [0]
    pos = 0
    for line in clean.splitlines(keepends=True):
        m = _STATEMENT.match(line)
        if m and pos + m.start(1) > 0:
            starts.append(pos + m.start(1))
        pos += len(line)
    ends = starts[1:] + [len(clean)]
    return [(a, b) for a, b in zip(starts, ends) if clean[a:b].strip()]


def parse_script(text: str, name: str = "script") -> DealerScript:
    """Read a whole dealer script through endplay's parser, statement by statement; refuse
    what bridgelaws cannot do as dealer would, in one line naming the file, the line and
    the reason.

    >>> parse_script("produce 4\\n\\ncondition hcp(nort) > 10\\n", "lesson.dlr")
    Traceback (most recent call last):
    ...
    bridgelaws.cards.BridgeError: lesson.dlr:3: 'nort' in hcp() is not a seat (north, east, south or west)
    >>> parse_script("pointcount 4 3 2 1 1\\ncondition hcp(north) > 10\\n", "lesson.dlr")
    Traceback (most recent call last):
    ...
    bridgelaws.cards.BridgeError: lesson.dlr:1: 'pointcount' is not applied by endplay's interpreter (its hcp counts 4-3-2-1): use altcount and ptN instead
    """
    from endplay.dealer.constraint import ConstraintInterpreter
    from endplay.parsers.dealer import ParseException
    text = str(text)
    _check_size(text, MAX_SCRIPT, name, "script")
    clean = _without_comments(text)

    def at(pos: int) -> str:
        return f"{name}:{text.count(chr(10), 0, pos) + 1}"

    script = DealerScript(os.path.basename(name))
    interpreter = ConstraintInterpreter()
    seen: dict[str, str] = {}                        # a statement given once -> where
    conditions: list[tuple[Any, str]] = []
    defines: dict[str, tuple[Any, str]] = {}
    predeal = [0, 0, 0, 0]
    condition_text = ""
    for start, end in _pieces(clean):
        where = at(start + len(clean[start:end]) - len(clean[start:end].lstrip()))
        body = start
        m = _COUNT.match(clean, start + len(clean[start:end]) - len(clean[start:end].lstrip()),
                         end)
        if m:
            _count(m, where, interpreter)
            body = m.end()
            if not clean[body:end].strip():
                continue
        piece = text[body:end]
        try:
            root = _parse(piece, whole_script=True)
        except ParseException as e:
            raise _script_problem(piece, e, lambda pos: at(body + pos)) from None
        except RecursionError:
            raise BridgeError("the script nests too deep to read", where) from None
        for node in root.children:
            kind = node.value
            if kind in ("generate", "produce", "dealer", "vulnerable", "condition"):
                if kind in seen:
                    raise BridgeError(f"a second {kind!r} (the first is at {seen[kind]}): "
                                      "dealer would keep only one; give it once", where)
                seen[kind] = where
            if kind == "generate":
                script.generate = _number(node.first_child, "generate", where, MAX_GENERATE)
            elif kind == "produce":
                script.produce = _number(node.first_child, "produce", where, MAX_PRODUCE)
            elif kind == "dealer":
                script.dealer = int(node.first_child.value)
            elif kind == "vulnerable":
                script.vulnerable = VULNERABILITIES[(0, 3, 1, 2)[int(node.first_child.value)]]
            elif kind == "predeal":
                # endplay's parser keeps only the last holding of a seat named twice in one
                # statement, where dealer gives it both: refuse rather than lose cards
                seats = re.findall(r"\b(north|east|south|west)\b", clean[body:end], re.I)
                twice = sorted({x.lower() for x in seats if
                                [y.lower() for y in seats].count(x.lower()) > 1})
                if twice:
                    raise BridgeError(f"predeal names {twice[0]} twice in one statement: "
                                      "give its cards once (SAK, HQ32)", where)
                _add_predeal(predeal, node.first_child.value, where)
            elif kind == "condition":
                conditions.append((node.first_child, where))
                shown = re.sub(r"^\s*condition\b", "", clean[body:end], flags=re.I)
                condition_text = " ".join(shown.split())
            elif kind == "define":
                defines[node.first_child.value] = (node.last_child, where)
                interpreter.set_env(node.first_child.value, node.last_child)
            elif kind == "action":
                _actions(node, where, script)
            else:
                raise BridgeError(f"{kind!r} is not a statement bridgelaws knows", where)
    script.predeal = (predeal[0], predeal[1], predeal[2], predeal[3])
    _cycle({k: v for k, (v, _) in defines.items()},
           {k: w for k, (_, w) in defines.items()})
    for tree, where in [v for v in defines.values()] + conditions:
        _Checker(where, defines).check(tree)
    if conditions:
        script.condition = DealerCondition([t for t, _ in conditions], interpreter,
                                           condition_text or "...", name)
    return script


#: the statements of a script
_STATEMENTS = {"condition", "action", "generate", "produce", "predeal", "dealer", "vulnerable",
               "altcount", "pointcount"}
#: a statement followed by an expression: a condition or a definition
_EXPR_AFTER = re.compile(r"\s*(?:condition\b|[A-Za-z_][A-Za-z0-9_]*\s*=(?!=))", re.I)


def _script_problem(piece: str, e: Any, locate: Callable[[int], str]) -> BridgeError:
    """One line saying where a statement of a script goes wrong.  endplay's script grammar
    stops at the start of the statement; the expression of a condition or a definition is
    read again alone, which names the token."""
    from endplay.parsers.dealer import ParseException
    m = _EXPR_AFTER.match(piece)
    if m:
        tail = piece[m.end():]
        try:
            _parse(tail, whole_script=False)
        except ParseException as e2:
            return _parse_problem(tail, e2, lambda pos: locate(m.end() + pos))
        except RecursionError:
            return BridgeError("the script nests too deep to read", locate(0))
    problem = _parse_problem(piece, e, locate)
    token = re.search(r"not understood at '([A-Za-z_][A-Za-z0-9_]*)'$", problem.reason)
    if token is None:
        return problem
    word = token.group(1).lower()
    if word in _FUNCTIONS:
        return BridgeError(f"{problem.reason}: a condition begins with the word 'condition'",
                           problem.where)
    if word in _STATEMENTS:
        return BridgeError(f"dealer syntax not understood in this {word!r} statement",
                           problem.where)
    return problem


def _count(m: re.Match, where: str, interpreter: Any) -> None:
    """An altcount (``altcount 5 2 1``: pt5 counts an ace 2, a king 1, the rest 0) is set
    in endplay's interpreter; a pointcount (which changes hcp) is refused."""
    kind = m.group(1).lower()
    numbers = [int(n) for n in re.findall(r"\d+", m.group(2))]
    if kind == "pointcount":
        raise BridgeError("'pointcount' is not applied by endplay's interpreter (its hcp "
                          "counts 4-3-2-1): use altcount and ptN instead", where)
    if not numbers or numbers[0] > 9:
        raise BridgeError("altcount takes the number of a count, 0 to 9 (pt0 ... pt9), then "
                          "its values from the ace down", where)
    values = numbers[1:]
    if len(values) > 13:
        raise BridgeError(f"altcount {numbers[0]} gives {len(values)} values; there are 13 "
                          "ranks, ace to two", where)
    if any(v > MAX_COUNT_VALUE for v in values):
        raise BridgeError(f"altcount {numbers[0]}: a value is at most {MAX_COUNT_VALUE:,}",
                          where)
    interpreter.set_env(f"pt{numbers[0]}", values + [0] * (13 - len(values)))


def _actions(node: Any, where: str, script: DealerScript) -> None:
    """Printing actions are noted (bridgelaws writes PBN); statistics are refused."""
    for action in node.children:
        if action.value in ("average", "frequency"):
            raise BridgeError(f"{action.value!r} is not done: bridgelaws deals boards into "
                              "PBN and computes no statistics", where)
        if action.value in _PRINT_ACTIONS:
            note = f"'{action.value}' is not run: the boards are written as PBN"
            if note not in script.notes:
                script.notes.append(note)


def _add_predeal(predeal: list[int], deal: Any, where: str) -> None:
    """Add endplay's predeal (a partial endplay Deal) to the four masks: no card in two
    hands, no hand over 13 cards."""
    from endplay.types import Player
    for seat in range(4):
        pbn = deal[Player(seat)].to_pbn()
        try:
            hand = Deal.from_pbn(f"N:{pbn} - - -").hands[0]
        except BridgeError as e:
            raise BridgeError(f"predeal: {e.reason}", where) from None
        for other in range(4):
            if other != seat and predeal[other] & hand:
                cards = ", ".join(card_name(c) for c in cards_of(predeal[other] & hand))
                raise BridgeError(f"predeal: {cards} given to {SEAT_NAMES[other]} and "
                                  f"{SEAT_NAMES[seat]}, in more than one hand", where)
        predeal[seat] |= hand
        if predeal[seat].bit_count() > 13:
            raise BridgeError(f"predeal gives {SEAT_NAMES[seat]} {predeal[seat].bit_count()} "
                              "cards; a hand has 13", where)


def read_script(path: str) -> DealerScript:
    """Read a dealer script file (UTF-8, at most :data:`MAX_SCRIPT` characters)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_SCRIPT + 1)
    except OSError as e:
        raise BridgeError(f"cannot read: {e.strerror}", path) from None
    except UnicodeDecodeError as e:
        raise BridgeError(f"not a text file (UTF-8): byte {e.start + 1} cannot be read",
                          path) from None
    return parse_script(text, path)
