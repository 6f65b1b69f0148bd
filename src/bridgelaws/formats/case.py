"""The JSON ruling case of shared/CASES.md: read a case, replay it, report the state.

>>> from bridgelaws.formats.case import run_case
>>> state = run_case({"board": 7,
...     "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765",
...     "events": [{"by": "S", "call": "1H"}, {"by": "W", "call": "P"}]})
>>> state["to_act"], state["legal_calls"][:4]
('N', ['P', '1S', '1N', '2C'])
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager

from ..boards import Board
from ..calls import parse_call
from ..cards import BridgeError, Deal, SUIT_LETTERS, parse_card, parse_seat
from ..events import (Answer, ChangePlay, Choose, Claim, Concede, Designate, Director,
                      DrawAttention, Event, ExposeCard, MakeCall, Omit, PlayCard, PlayCards,
                      Question, Respond)
from ..laws.edition import edition as make_edition
from ..table import Table

__all__ = ["load_case", "parse_case_text", "case_file", "parse_event", "case_table", "run_case", "event_to_json",
           "MAX_CASE_BYTES", "MAX_DEPTH", "MAX_NUMBER_CHARS", "MAX_EVENTS"]

_ACTIONS = ("call", "play", "expose", "choose", "attention", "claim", "concede", "respond",
            "omit", "designate", "director", "ask", "answer")
#: the Director's findings that cancel a concession (Law 71; see events.Director)
_GROUNDS = ("won", "normal", "legal", "contract")
_DIRECTOR = ("claim", "play_on", "acquiescence_withdrawn", "concession_cancelled",
             "cards_corrected", "wrong_count_after_call", "surplus_card",
             "wrong_count_after_play", "missing_card", "wrong_board_call", "wrong_board",
             "declarer_saw_dummy", "revoke_found_late", "ruled")


def _suit(text, where: str) -> int:
    if isinstance(text, str) and text.strip().upper() in ("C", "D", "H", "S"):
        return SUIT_LETTERS.index(text.strip().upper())
    raise BridgeError(f"unknown suit {text!r} (expected C, D, H or S)", where)


def parse_event(obj, index: int) -> Event:
    """One event object of a case -> an :class:`~bridgelaws.events.Event`."""
    where = f"event {index}"
    if not isinstance(obj, dict):
        raise BridgeError("an event is a JSON object", where)
    if "by" not in obj:
        raise BridgeError("the event has no 'by' (the seat that acted)", where)
    try:
        by = parse_seat(obj["by"]) if isinstance(obj["by"], str) else _bad_seat(obj["by"])
        actions = [k for k in _ACTIONS if k in obj]
        if len(actions) != 1:
            raise BridgeError("an event has exactly one of " + ", ".join(_ACTIONS)
                              + (f" (found {', '.join(actions)})" if actions else ""))
        key = actions[0]
        value = obj[key]
        if key == "call":
            replaces = obj.get("replaces")
            if replaces not in (None, "unintended", "misinformation", "after_change"):
                raise BridgeError("'replaces' is 'unintended', 'misinformation' or "
                                  f"'after_change', not {replaces!r}")
            comparable = obj.get("comparable")
            if comparable is not None:
                comparable = _flag(obj, "comparable")
            return MakeCall(by, parse_call(value), artificial=_flag(obj, "artificial"),
                            comparable=comparable, replaces=replaces)
        if key == "play":
            if isinstance(value, list):
                if len(value) < 2:
                    raise BridgeError("several cards played together are a list of two or more")
                visible = obj.get("visible")
                return PlayCards(by, tuple(parse_card(c) for c in value),
                                 None if visible is None
                                 else tuple(parse_card(c) for c in _list(visible, "visible")),
                                 unnoticed=_flag(obj, "unnoticed"))
            if "replaces" in obj:
                if obj["replaces"] not in ("unintended", "not_named"):
                    raise BridgeError("a card 'replaces' the last one for 'unintended' (45C4b) "
                                      f"or 'not_named' (45D), not {obj['replaces']!r}")
                return ChangePlay(by, parse_card(value), obj["replaces"],
                                  parse_card(obj["withdrawn"]) if "withdrawn" in obj else None)
            return PlayCard(by, parse_card(value))
        if key == "omit":
            return Omit(by)
        if key == "designate":
            return Designate(by, _word(value, "designate"))
        if key == "director":
            if value not in _DIRECTOR:
                raise BridgeError(f"unknown Director ruling {value!r} (known: {', '.join(_DIRECTOR)})")
            tricks = obj.get("tricks")
            if tricks is not None and (not isinstance(tricks, int) or isinstance(tricks, bool)):
                raise BridgeError(f"'tricks' is a number of tricks, not {tricks!r}")
            v = obj.get("value")
            if v is not None and not isinstance(v, bool):
                raise BridgeError(f"'value' is true or false, not {v!r}")
            card = parse_card(obj["card"]) if "card" in obj else None
            ground = obj.get("ground")
            if ground is not None and ground not in _GROUNDS:
                raise BridgeError(f"'ground' is one of {', '.join(_GROUNDS)}, not {ground!r}")
            return Director(by, value, tricks=tricks, value=v, card=card, ground=ground)
        if key == "expose":
            return ExposeCard(by, parse_card(value), deliberate=_flag(obj, "deliberate"))
        if key == "choose":
            if not isinstance(value, str):
                raise BridgeError(f"an option is a name, not {value!r}")
            suit = _suit(obj["suit"], where) if "suit" in obj else None
            suits = (tuple(_suit(s, where) for s in _list(obj["suits"], "suits"))
                     if "suits" in obj else None)
            card = parse_card(obj["card"]) if "card" in obj else None
            return Choose(by, value, suit=suit, suits=suits, card=card)
        if key == "attention":
            # a revoke may be named by its offender and trick (1-based)
            offender = _seat_of(obj["offender"]) if "offender" in obj else None
            return DrawAttention(by, _word(value, "attention"), offender,
                                 _trick_no(obj.get("trick")))
        if key == "ask":
            # Law 61B: {"by": "S", "ask": "W", "trick": 5} (trick: where W showed out)
            return Question(by, _seat_of(value), _trick_no(obj.get("trick")))
        if key == "answer":
            if value not in ("yes", "no"):
                raise BridgeError(f"an answer to a question of Law 61B is 'yes' or 'no', "
                                  f"not {value!r}")
            return Answer(by, value)
        if key in ("claim", "concede"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise BridgeError(f"a {key} is a number of tricks, not {value!r}")
            if key == "concede":
                return Concede(by, value)
            line = obj.get("line")
            if line is not None and (not isinstance(line, list)
                                     or not all(isinstance(x, str) for x in line)):
                raise BridgeError("a claim's line is a list of card or suit names")
            return Claim(by, value, tuple(line) if line is not None else None)
        return Respond(by, _word(value, "respond"))
    except BridgeError as e:
        raise BridgeError(e.reason, where) from None


def _flag(obj: dict, key: str) -> bool:
    """A true/false key of an event (false when absent): ``"no"`` or ``1`` is refused,
    not read as true."""
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise BridgeError(f"'{key}' is true or false, not {_shown(value)}")
    return value


def _list(value, key: str) -> list:
    if not isinstance(value, list):
        raise BridgeError(f"'{key}' is a list, not {_shown(value)}")
    return value


def _word(value, key: str) -> str:
    if not isinstance(value, str):
        raise BridgeError(f"'{key}' is a word, not {_shown(value)}")
    return value


def _bad_seat(value):
    raise BridgeError(f"unknown seat {value!r} (expected N, E, S or W)")


def _seat_of(value) -> int:
    return parse_seat(value) if isinstance(value, str) else _bad_seat(value)


def _trick_no(value) -> int | None:
    """A trick number (1 to 13) or ``None``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 13:
        raise BridgeError(f"'trick' is a trick number from 1 to 13, not {value!r}")
    return value


#: a case tells one board: far less than this (the largest of tests/cases is 4 KB)
MAX_CASE_BYTES = 1_000_000
#: a case's JSON is nested 5 deep (case, events, event, a list of cards); more is refused
MAX_DEPTH = 20
#: the longest number accepted (a case's numbers are boards, tricks and counts)
MAX_NUMBER_CHARS = 20
#: a board at one table is a few dozen calls and cards, with their irregularities
MAX_EVENTS = 1000

# strings, brackets, numbers and the non-standard constants of Python's json module.  A
# string runs to its closing quote or to the end of the text: a quote always matches, so
# the scan is linear even in text full of unclosed strings (a pattern that could fail
# after reading to the end would be tried again from each quote: quadratic)
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\(?:.|\Z))*(?:"|\Z)|[\[{]|[\]}]|-?\d[\d.eE+-]*'
                         r'|-?Infinity|NaN', re.DOTALL)


def _position(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    return f"line {line}, column {offset - text.rfind(chr(10), 0, offset)}"


def _check_json_text(text: str, name: str) -> None:
    """Refuse, naming the place, what a case never needs and a parser should not be
    fed: nesting deeper than :data:`MAX_DEPTH`, numbers longer than
    :data:`MAX_NUMBER_CHARS` (Python refuses to convert integers of more than 4,300
    digits, and its recursive parser overflows on deep nesting), NaN and Infinity.

    >>> _check_json_text('{"board": 1, "events": [[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]}', "x")
    Traceback (most recent call last):
    ...
    bridgelaws.cards.BridgeError: x: JSON nested deeper than 20 levels at line 1, column 43 (a case needs 5)
    """
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        tok = m.group()
        first = tok[0]
        if first == '"':
            continue
        if first in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BridgeError(f"JSON nested deeper than {MAX_DEPTH} levels at "
                                  f"{_position(text, m.start())} (a case needs 5)", name)
        elif first in "]}":
            depth -= 1
        elif tok.lstrip("-")[0] in "IN":
            raise BridgeError(f"{tok} at {_position(text, m.start())} is not a JSON number",
                              name)
        elif len(tok) > MAX_NUMBER_CHARS:
            raise BridgeError(f"a number of {len(tok)} characters at "
                              f"{_position(text, m.start())} (at most {MAX_NUMBER_CHARS})",
                              name)


def _unique_keys(pairs: list) -> dict:
    """An object's keys, each once: a case naming a key twice is ambiguous."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _DuplicateKey(twice)
    return obj


class _DuplicateKey(Exception):
    pass


def _read_case_text(source) -> tuple[str, str]:
    """The text of a case and the name to report: a path, ``-`` (standard input) or a
    JSON string; at most :data:`MAX_CASE_BYTES`, UTF-8 (a BOM is allowed)."""
    import sys
    name = str(source)
    try:
        if source == "-":
            name = "<stdin>"
            stream = getattr(sys.stdin, "buffer", None)
            data = (stream.read(MAX_CASE_BYTES + 1) if stream is not None
                    else sys.stdin.read(MAX_CASE_BYTES + 1).encode("utf-8", "surrogatepass"))
        elif isinstance(source, str) and source.lstrip().startswith("{"):
            data, name = source.encode("utf-8", "surrogatepass"), "<string>"
        else:
            with open(source, "rb") as f:
                data = f.read(MAX_CASE_BYTES + 1)
    except OSError as e:
        raise BridgeError(f"cannot read the case: {e.strerror or e}", name) from None
    if len(data) > MAX_CASE_BYTES:
        raise BridgeError(f"the case is larger than {MAX_CASE_BYTES // 1000} KB "
                          "(a case tells one board)", name)
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as e:
        raise BridgeError(f"the case is not UTF-8 text (byte {e.start + 1})", name) from None


def _read_case(source) -> tuple[dict, str | None]:
    """``(case, name)`` of a case given as a path, ``-``, a JSON string or a dict (no name)."""
    if isinstance(source, dict):
        return source, None
    text, name = _read_case_text(source)
    return _parse_case_json(text, name), name


def _shown(value, limit: int = 40) -> str:
    """A value as a message shows it: its repr, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 5] + "..." + text[-2:]


def parse_case_text(text: str, name: str = "case") -> dict:
    """A case typed or pasted by a person (a web form): read from the text only, never
    from a file whatever the text looks like, with the limits of :func:`load_case`.

    >>> parse_case_text("/etc/passwd")
    Traceback (most recent call last):
    ...
    bridgelaws.cards.BridgeError: case: malformed JSON at line 1, column 1: Expecting value
    """
    data = str(text).encode("utf-8", "surrogatepass")
    if len(data) > MAX_CASE_BYTES:
        raise BridgeError(f"the case is larger than {MAX_CASE_BYTES // 1000} KB "
                          "(a case tells one board)", name)
    return _parse_case_json(str(text), name)


def _parse_case_json(text: str, name: str) -> dict:
    _check_json_text(text, name)
    try:
        obj = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as e:
        raise BridgeError(f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}",
                          name) from None
    except _DuplicateKey as e:
        raise BridgeError(f"the key {_shown(e.args[0])} appears twice in one object", name) \
            from None
    except (RecursionError, ValueError) as e:      # not reached after _check_json_text
        raise BridgeError(f"unreadable JSON ({type(e).__name__})", name) from None
    if not isinstance(obj, dict):
        raise BridgeError("a case is a JSON object", name)
    return obj


def load_case(source) -> dict:
    """Read a case from a path, ``-`` (standard input), a JSON string or a dict.

    Bad input raises a :class:`~bridgelaws.cards.BridgeError` naming the file and
    the place: malformed JSON, a file over :data:`MAX_CASE_BYTES`, nesting deeper
    than :data:`MAX_DEPTH`, a number longer than :data:`MAX_NUMBER_CHARS`.

    >>> load_case('{"board": 1, "events": [' + "9" * 5000 + ']}')
    Traceback (most recent call last):
    ...
    bridgelaws.cards.BridgeError: <string>: a number of 5000 characters at line 1, column 25 (at most 20)
    """
    return _read_case(source)[0]


@contextmanager
def case_file(source):
    """The case of ``source`` (as :func:`load_case`), with every error raised inside
    the block naming the file before the place: ``FILE: event N: why``.

    >>> with case_file('{"board": 1, "deal": "N:- - - -"}') as case:
    ...     case_table(case)
    Traceback (most recent call last):
    ...
    bridgelaws.cards.BridgeError: <string>: case: hand of N has 0 cards, not 13 (Law 7B1)
    """
    case, name = _read_case(source)
    try:
        yield case
    except BridgeError as e:
        if name is None or (e.where is not None and e.where.startswith(name)):
            raise
        raise BridgeError(e.reason, f"{name}: {e.where}" if e.where else name) from None


def case_table(case: dict, *, apply_events: bool = True) -> Table:
    """The :class:`~bridgelaws.table.Table` of a case, with its events applied."""
    if "deal" not in case:
        raise BridgeError("the case has no 'deal'", "case")
    board_no = case.get("board")
    if board_no is not None and (not isinstance(board_no, int) or isinstance(board_no, bool)
                                 or board_no < 1):
        raise BridgeError(f"board {board_no!r} is not a positive whole number", "case")
    if board_no is None and ("dealer" not in case or "vulnerable" not in case):
        raise BridgeError("the case needs a 'board' number, or both 'dealer' and 'vulnerable'",
                          "case")
    for key, like in (("deal", '"N:AKQ2.KQ2.A32.K32 ..."'), ("dealer", '"N"'),
                      ("vulnerable", '"none", "NS", "EW" or "all"'), ("edition", '"2017"')):
        if case.get(key) is not None and not isinstance(case[key], str):
            raise BridgeError(f"'{key}' is a word like {like}, not {_shown(case[key])}", "case")
    try:
        deal = Deal.from_pbn(str(case["deal"]))
        deal.check_complete()
        board = Board(board_no, deal, dealer=case.get("dealer"), vulnerable=case.get("vulnerable"))
        ed = make_edition(case.get("edition"))
    except BridgeError as e:
        raise BridgeError(e.reason, e.where or "case") from None
    try:
        # the event's regulation, where the Laws leave a point to it (Law 61B3)
        table = Table(board, edition=ed, regulation=case.get("regulation"))
    except BridgeError as e:
        raise BridgeError(e.reason, "case") from None
    events = case.get("events", [])
    if not isinstance(events, list):
        raise BridgeError("'events' is a list", "case")
    if len(events) > MAX_EVENTS:
        raise BridgeError(f"{len(events)} events: a case tells one board, in at most "
                          f"{MAX_EVENTS} events", "case")
    if apply_events:
        for i, obj in enumerate(events):
            table.apply(parse_event(obj, i))
    return table


def run_case(case) -> dict:
    """Replay a case and return its state (the output of ``bridgelaws case``); an error
    names the file (see :func:`case_file`)."""
    with case_file(case) as c:
        return case_table(c).state()


def event_to_json(event: Event) -> dict:
    """The JSON object of an event (the inverse of :func:`parse_event`)."""
    from ..calls import call_name
    from ..cards import SEAT_NAMES, card_name
    out: dict = {"by": SEAT_NAMES[event.by]}
    t = type(event)
    if t is MakeCall:
        out["call"] = call_name(event.call)
        if event.artificial:
            out["artificial"] = True
        if event.comparable is not None:
            out["comparable"] = event.comparable
        if event.replaces is not None:
            out["replaces"] = event.replaces
    elif t is PlayCard:
        out["play"] = card_name(event.card)
    elif t is PlayCards:
        out["play"] = [card_name(c) for c in event.cards]
        if event.visible is not None:
            out["visible"] = [card_name(c) for c in event.visible]
        if event.unnoticed:
            out["unnoticed"] = True
    elif t is ChangePlay:
        out["play"] = card_name(event.card)
        out["replaces"] = event.reason
        if event.withdrawn is not None:
            out["withdrawn"] = card_name(event.withdrawn)
    elif t is Omit:
        out["omit"] = True
    elif t is Designate:
        out["designate"] = event.words
    elif t is Director:
        out["director"] = event.what
        if event.tricks is not None:
            out["tricks"] = event.tricks
        if event.value is not None:
            out["value"] = event.value
        if event.card is not None:
            out["card"] = card_name(event.card)
        if event.ground is not None:
            out["ground"] = event.ground
    elif t is ExposeCard:
        out["expose"] = card_name(event.card)
        if event.deliberate:
            out["deliberate"] = True
    elif t is Choose:
        out["choose"] = event.option
        if event.suit is not None:
            out["suit"] = SUIT_LETTERS[event.suit]
        if event.suits is not None:
            out["suits"] = [SUIT_LETTERS[s] for s in event.suits]
        if event.card is not None:
            out["card"] = card_name(event.card)
    elif t is DrawAttention:
        out["attention"] = event.what
        if event.offender is not None:
            out["offender"] = SEAT_NAMES[event.offender]
        if event.trick is not None:
            out["trick"] = event.trick
    elif t is Question:
        out["ask"] = SEAT_NAMES[event.asks]
        if event.trick is not None:
            out["trick"] = event.trick
    elif t is Answer:
        out["answer"] = event.answer
    elif t is Claim:
        out["claim"] = event.tricks
        if event.line is not None:
            out["line"] = list(event.line)
    elif t is Concede:
        out["concede"] = event.tricks
    elif t is Respond:
        out["respond"] = event.answer
    return out
