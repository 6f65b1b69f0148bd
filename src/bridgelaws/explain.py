"""What a Director reads at the table: a ruling explained in words, from the catalogues.

The engine's rulings are data (:mod:`bridgelaws.laws.ruling`); this module turns the
last one of a table into sentences in one of the catalogue languages
(:mod:`bridgelaws.i18n`).  Every sentence comes from a catalogue; nothing here is
worded in English or any other language.

The explanation says what happened, then either who chooses and what follows from each
option (with the law of each option), or what the Director applies at once; then the
points the Laws add (who else may settle the matter, what happens meanwhile), what was
chosen or how the matter was settled when the log goes on past the ruling, what the
offender did next when the choice left him a call to make (his substitute, 27B; his call
compared with the cancelled one, 30-32), what applies now until the table is back to
normal (bars, the lead restriction to come, lead restrictions, penalty cards), and the
laws.  Cards, calls and suits are named with their symbols (♣8, 2♥, ♣ clubs).  A revoke has no ruling of its own (play goes on, Law 61A): when a revoke is the
latest matter at the table, the explanation follows it through Laws 62-64 instead.  When
the latest matter is a question of Law 61B, it says who asked whom, under which law, and
the answer, followed, when the answer revealed a revoke, by that revoke's explanation.

>>> from bridgelaws.formats.case import case_table
>>> t = case_table({"board": 1, "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765",
...                 "events": [{"by": "N", "call": "1N"}, {"by": "E", "call": "1H"}]})
>>> print(explain(t, "en")[1])
What happened: East made an insufficient bid (1♥).
"""

from __future__ import annotations

from .calls import call_name
from .cards import SEAT_NAMES, SUIT_LETTERS, SUIT_MASKS, card_name, cards_of
from .i18n import RTL_LANGUAGES, has_message, message
from .table.constants import AUCTION, COMPLETE
from .laws.consequences import Cite
from .laws.ruling import IRREGULARITY_KINDS

__all__ = ["explain", "option_texts", "last_ruling", "is_play_kind", "REVOKE_LAWS"]

#: the laws of Laws 62-64 (and 43B) that the explanation of a revoke follows, in the
#: order the table applies them; each has a sentence ``revoke.law.<law>``
REVOKE_LAWS = ("43A1b", "43B2b", "43B3", "62A", "62B1", "62B2", "62C1", "62C2", "62C3", "62D",
               "63A1", "63A3", "63A4", "63B", "64A1", "64A2", "64B1", "64B2", "64B3", "64B4",
               "64B5", "64B6", "64B7")

#: laws whose sentence, in a ruling applied at once or in an option, says what the law
#: does there; the key is ``do.law.<law>``.  Those of _AFTER follow the other sentences
#: of the option (they give the reason for a penalty card or what comes next).
_LAW_SENTENCES = ("47B", "48A", "53A", "55B1", "55B2", "57C1", "57C2", "60B", "60C", "68B2",
                  "50D", "50D2", "58B1", "67A2", "67B2", "26A1", "24", "37A", "38D", "39A",
                  "39B")
_AFTER = ("50B", "50D", "50D2", "60B", "60C")

#: kinds where the chooser names a card rather than choosing a rectification
_NAMING = ("several_cards_played", "defective_trick", "incomplete_designation",
           "designate_penalty_card")

#: laws by which a pending choice is settled other than by the chooser's answer
_SETTLING = ("60A", "53B", "53C", "52B1b", "54C", "47E1", "28B", "36A", "27C", "68D2b", "70")

_LEAD_OUT_OF_TURN = ("opening_lead_out_of_turn", "lead_out_of_turn_by_declarer",
                     "lead_out_of_turn_by_defender")


def last_ruling(table):
    """The ruling on the table's last irregularity (or pending choice), or ``None``."""
    return table.rulings[-1] if table.rulings else None


def is_play_kind(kind: str) -> bool:
    """Whether ``kind`` is an irregularity of the play period (Laws 41 on)."""
    law = IRREGULARITY_KINDS[kind][0]
    digits = "".join(ch for ch in law if ch.isdigit())
    return int(digits[:2]) >= 41


def _ed(key: str, table) -> str:
    """The catalogue key for the table's edition: ``<key>.<edition>`` where the Laws of
    that edition say something else (``do.lead_penalty.1997``), else ``key``."""
    variant = f"{key}.{table.edition.name}"
    return variant if has_message(variant) else key


def _seat(seat: int, lang: str) -> str:
    return message(f"seat.{SEAT_NAMES[seat]}", lang)


def _suits(suits, lang: str) -> str:
    return ", ".join(message(f"suit.{SUIT_LETTERS[s]}", lang) for s in suits)


def _leader(irr) -> int:
    """The partner of a penalty card's holder, or of a 26B offender, who is on lead."""
    return irr.facts.get("_leader", (irr.by + 2) & 3)


def _cards(mask: int) -> str:
    return ", ".join(_card(card_name(c)) for c in cards_of(mask))


#: suits as people see them on cards and in the bidding box
_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def _card(name: str) -> str:
    """A card named for people, with its suit symbol: ``C8`` is ``♣8``, ``HT`` ``♥10``."""
    if len(name) == 2 and name[0] in _SYMBOLS:
        return _SYMBOLS[name[0]] + ("10" if name[1] == "T" else name[1])
    return name


def _call(name: str, lang: str) -> str:
    """A call named for people: ``1H`` is ``1♥``, ``3N`` ``3NT``; pass, double and
    redouble in words."""
    if name in ("P", "X", "XX"):
        return message(f"call.{name}", lang)
    if len(name) == 2 and name[0].isdigit():
        return name[0] + ("NT" if name[1] == "N" else _SYMBOLS.get(name[1], name[1]))
    return name


def _suit_names(letters, lang: str) -> str:
    """Suits by letter, each with its symbol and name (``♣ clubs``)."""
    return ", ".join(f"{_SYMBOLS[x]} {message(f'suit.{x}', lang)}" for x in letters)


def refusal(error, lang: str = "en") -> str:
    """Why the table refused an act (a rule's :class:`~bridgelaws.laws.consequences.Refuse`
    carried by ``error``, a :class:`~bridgelaws.table.TableError`), in ``lang``: its
    message ``refuse.<code>`` filled with its values (seats and suits named, cards with
    their symbols); the English reason when the refusal has no message."""
    code = getattr(error, "refusal", "")
    if not code:
        return str(getattr(error, "reason", error))
    values: dict[str, str] = {}
    for name, value in getattr(error, "refusal_values", ()):
        if name == "seat":
            values[name] = _seat(value, lang)
        elif name == "suits":
            values[name] = _suit_names(value, lang)
        elif name == "cards":
            values[name] = _cards(value)
        else:
            values[name] = str(value)
    return message(f"refuse.{code}", lang, **values)


class _Laws:
    """The laws an explanation refers to, in order, each once."""

    def __init__(self, laws=()):
        self.items: list[str] = []
        for law in laws:
            self.add(law)

    def add(self, law: str) -> None:
        if law not in self.items:
            self.items.append(law)

    def line(self, lang: str) -> str:
        return message("rule.laws", lang, laws=", ".join(self.items))


# --- the table's history -------------------------------------------------------------------

def _replay(table, n: int):
    """A table with the first ``n`` events of ``table``'s log applied."""
    return table.prefix(n)


def _key(irr) -> tuple:
    """What identifies an irregularity across replays of the same log."""
    return irr.kind, irr.by, irr.event


def _held_penalty_cards(table, irr, seat: int) -> bool:
    """Whether ``seat`` already had a penalty card before the irregularity's event."""
    return bool(_replay(table, irr.event).penalty_cards.get(seat))


def _exposed_after_auction(table, irr, seat: int) -> str | None:
    """For a card exposed under Law 24 after the final pass (the clarification
    period): what it became at once, ``"major"``, ``"minor"`` (24E) or
    ``"declaring"`` (24D); ``None`` during the auction."""
    before = _replay(table, irr.event)
    if before.phase.value == "auction" or before.declarer is None:
        return None
    if (seat ^ before.declarer) & 1 == 0:
        return "declaring"
    name = card_name(irr.facts["_card"]) if "_card" in irr.facts else None
    after = _replay(table, irr.event + 1).penalty_cards.get(seat, ())
    grade = [c["major"] for c in after if c["card"] == name]
    return "minor" if grade and not grade[0] else "major"


def _settlement(table, ruling):
    """How a ruling that waited for a choice (or for the Director) was settled:
    ``(event, laws the event added)``, or ``None`` while it still waits (or when the log
    does not show it being settled)."""
    if table.pending is ruling:
        return None
    key = _key(ruling.irregularity)
    t = table.prefix(0)
    waiting = False
    for e in table.events:
        before = len(t.laws.applied)
        t.apply(e)
        here = t.pending is not None and _key(t.pending.irregularity) == key
        if not waiting:
            waiting = here
            continue
        if not here:
            return e, t.laws.applied[before:]
    return None


# --- sentences -------------------------------------------------------------------------------

def _act(table, ruling, lang: str) -> str:
    """What the offender did, from ``act.<kind>`` (or a variant of it)."""
    irr = ruling.irregularity
    kind, facts = irr.kind, irr.facts
    detail = (_call(facts["call"], lang) if facts.get("call") else
              _card(facts["card"]) if facts.get("card") else "")
    key = f"act.{kind}"
    values = {"detail": detail, "trick": facts.get("trick", "")}
    if kind == "premature_play_by_defender" and facts.get("_partner_played"):
        key = "act.premature_play_by_defender.57D"
    elif kind == "penalty_card_lead":
        # the holder's major penalty cards when his partner obtained the lead
        held = _replay(table, min(irr.event + 1, len(table.events))).penalty_cards.get(irr.by, ())
        values["detail"] = ", ".join(_card(c["card"]) for c in held if c["major"])
        family = ruling.decision.laws[0] if ruling.decision else ""
        if family.startswith("51B1"):
            key = "act.penalty_card_lead.51B1"
        elif family.startswith("51B2"):
            key = "act.penalty_card_lead.51B2"
    elif kind == "several_cards_played":
        values["detail"] = ", ".join(_card(c) for c in str(facts.get("cards", "")).split())
        if ruling.decision is None:
            key = "act.several_cards_played.58B1"
    elif kind == "defective_trick":
        key = "act.defective_trick" + (".late" if facts.get("_late") else "")
        if ruling.decision is None:
            key = "act.defective_trick.surplus"
            values["detail"] = _card(facts.get("card", ""))
    elif kind == "incomplete_designation":
        words = str(facts.get("words", "")).strip()
        values["detail"] = message("designation.any", lang) if words.lower() == "any" else words
    elif kind in _LEAD_OUT_OF_TURN:
        values["turn"] = _seat(facts["_turn"], lang) if "_turn" in facts else "-"
    return message(_ed(key, table), lang, **values)


def _law_sentence(law: str, irr, table, lang: str, option: str | None,
                  laws: _Laws) -> str | None:
    """What ``law`` does in a ruling applied at once or in an option, or ``None`` (the
    laws the sentence cites besides go to ``laws``)."""
    o = irr.by
    if law == "53A" and option != "now":
        return None                   # accepting a lead: the option's own sentence says it
    if law == "50B":
        card = irr.facts.get("_card")
        if card is None:
            return None
        why = "honour" if card % 13 >= 8 else "deliberate" if irr.facts.get("_deliberate") \
            else "several" if _held_penalty_cards(table, irr, o) else "small"
        if why == "small":
            laws.add("50C")
        return message(f"do.law.50B.{why}", lang, seat=_seat(o, lang))
    if law not in _LAW_SENTENCES:
        return None
    if law == "47B":
        laws.add("48A")
    turn = irr.facts.get("_turn")
    return message(f"do.law.{law}", lang, seat=_seat(o, lang),
                   partner=_seat((o + 2) & 3, lang),
                   turn=_seat(turn, lang) if turn is not None else "-")


def _consequence(op, irr, table, lang: str, option: str | None = None) -> str | None:
    """The sentence of one consequence (:mod:`bridgelaws.laws.consequences`), if it has one."""
    what = op.kind
    if what in ("law", "clear_duty"):
        return None
    if what == "put_in_force":
        return message("do.put_in_force", lang, seat=_seat(op.seat, lang),
                       call=_call(call_name(op.call), lang))
    if what == "bar":
        return message(f"do.bar.{op.until}", lang, seat=_seat(op.seat, lang))
    if what == "duty":
        code = op.call if op.what == "other_than" else op.withdrawn
        values = {"seat": _seat(op.seat, lang), "call": _call(call_name(code or 0), lang),
                  "partner": _seat((op.seat + 2) & 3, lang)}
        if op.what == "rho_call":
            values["offender"] = _seat(op.offender, lang)
            values["offender_partner"] = _seat((op.offender + 2) & 3, lang)
        what = "substitute_no_double" if getattr(op, "no_double", False) else op.what
        return message(f"do.duty.{what}", lang, **values)
    if what == "flag":
        if op.name == "UI" and irr.kind == "concession_objected_by_partner":
            return message("flag.UI_concession", lang, law=op.law, seat=_seat(irr.by, lang))
        return message(f"flag.{op.name}", lang, law=op.law)
    if what == "lead_penalty":
        return message(_ed("do.lead_penalty", table), lang, seat=_seat(op.offender, lang),
                       partner=_seat((op.offender + 2) & 3, lang))
    if what == "withdraw_last":
        return message("do.withdraw_last", lang, seat=_seat(op.seat, lang))
    if what == "replace_call":
        return message("do.replace_call", lang, seat=_seat(op.seat, lang), call=call_name(op.call))
    if what == "expose":
        after = _exposed_after_auction(table, irr, op.seat)
        if after is not None:
            return message(f"do.expose.after.{after}", lang, seat=_seat(op.seat, lang))
        return message("do.expose", lang, seat=_seat(op.seat, lang))
    if what == "lead_stands":
        key = "do.lead_stands.opening" if (irr.kind == "opening_lead_out_of_turn"
                                           and option == "accept") else "do.lead_stands"
        return message(key, lang, seat=_seat(op.seat, lang))
    if what == "penalty_card":
        # a defender who already has a penalty card has only major ones (Law 50B)
        major = op.major or _held_penalty_cards(table, irr, op.seat)
        return message("do.penalty_card." + ("major" if major else "minor"), lang,
                       seat=_seat(op.seat, lang))
    if what == "declarer_spreads":
        return message("do.declarer_spreads", lang)
    if what == "must_lead_from":
        return message("do.must_lead_from", lang, seat=_seat(op.seat, lang))
    if what == "play_duty":
        return message(f"do.play_duty.{op.option}", lang, seat=_seat(op.seat, lang))
    if what == "must_play" and op.lead:
        return message("do.must_play.lead", lang, seat=_seat(op.seat, lang))
    if what in ("must_play", "play_instead", "play_card"):
        return message(f"do.{what}", lang, seat=_seat(op.seat, lang))
    return None


def _ops_texts(ops, irr, table, lang: str, laws: _Laws, option: str | None = None,
               skip=()) -> list[str]:
    """The sentences of a list of consequences: what the table does, then what the laws
    cited there do (some before, the reasons after), then the points for review."""
    before, effects, after, flags = [], [], [], []
    for op in ops:
        if op in skip:
            continue
        if op.kind == "law":
            laws.add(op.law)
            text = _law_sentence(op.law, irr, table, lang, option, laws)
            if text:
                (after if op.law in _AFTER else before).append(text)
            continue
        text = _consequence(op, irr, table, lang, option)
        if op.kind == "expose":
            grade = _exposed_after_auction(table, irr, op.seat)
            for law in {"declaring": ("24D",), "major": ("24E", "50B", "50D"),
                        "minor": ("24E", "50B", "50C"), None: ()}[grade]:
                laws.add(law)
        if text:
            (flags if op.kind == "flag" else effects).append(text)
    return before + effects + after + flags


def _option_texts(table, ruling, option: str, lang: str, laws: _Laws, skip=()) -> list[str]:
    """What follows from ``option`` of the ruling's decision."""
    irr = ruling.irregularity
    kind, facts = irr.kind, irr.facts
    d = ruling.decision
    if kind == "lead_restriction":
        # the 1997 Law 26A2: require or forbid the suit of the withdrawn call
        key = f"do.lead.26A2.{option}" if "_suit" in facts else f"do.lead.{option}"
        suit = message(f"suit.{SUIT_LETTERS[facts['_suit']]}", lang) if "_suit" in facts else ""
        return [message(_ed(key, table), lang, seat=_seat(_leader(irr), lang), suit=suit)]
    if kind == "penalty_card_lead":
        leader, holder = _leader(irr), irr.by
        family = d.laws[0][:4] if d.laws[0].startswith("51B") else "50D2"
        if family == "50D2":
            key = "do.lead.require_suit" if option == "require_suit" else \
                f"do.penalty_lead.{option}"
        else:
            key = f"do.penalty_lead.{family}.{option}"
        # 50D2: the suit of the penalty card, named (the decision's one lawful suit)
        suit = _suit_names([SUIT_LETTERS[s] for s in d.suits], lang) if d.suits else ""
        return [message(key, lang, seat=_seat(leader, lang), holder=_seat(holder, lang),
                        suit=suit)]
    if kind == "designate_penalty_card":
        return [message("do.designate", lang, seat=_seat(irr.by, lang),
                        cards=_cards(facts.get("_must", 0)))]
    if kind == "several_cards_played":
        side = "declarer" if irr.by in (table.declarer, table.dummy) else "defender"
        return [message(f"do.several.{side}", lang, seat=_seat(irr.by, lang),
                        cards=_cards(facts.get("_visible", 0)))]
    if kind == "defective_trick":
        if d.laws[0] == "67B1":
            laws.add("64A2")
        return [message(_ed(f"do.defective.{d.laws[0]}", table), lang, seat=_seat(irr.by, lang),
                        trick=facts.get("trick", ""))]
    if kind == "incomplete_designation":
        return [message(f"do.designation.{d.laws[0]}", lang, seat=_seat(d.by, lang),
                        cards=_cards(facts.get("_allowed", 0)))]
    if kind == "wrong_hand_warning":
        return [message(f"do.lead_from.{option}", lang)]
    texts = []
    if option == "reject" and not is_play_kind(kind):
        if "_turn" in facts:
            texts.append(message("do.cancel_turn", lang, seat=_seat(facts["_turn"], lang)))
        else:
            texts.append(message("do.cancel", lang))
    return texts + _ops_texts(ruling.consequences.get(option, []), irr, table, lang, laws,
                              option, skip)


def _common_ops(ruling) -> list:
    """The consequences (other than laws) that every option of the decision shares."""
    d = ruling.decision
    lists = [ruling.consequences.get(o) for o in d.options]
    if len(lists) < 2 or any(not ops for ops in lists):
        return []
    return [op for op in lists[0] if op.kind not in ("law", "flag")
            and all(op in ops for ops in lists[1:])]


def _notes(table, ruling, lang: str, laws: _Laws) -> list[str]:
    """The points the Laws add to a ruling: who else may settle the matter, what happens
    meanwhile."""
    irr = ruling.irregularity
    kind, facts, o = irr.kind, irr.facts, irr.by
    d = ruling.decision
    notes: list[tuple[str, dict, tuple[str, ...]]] = []
    if kind in _LEAD_OUT_OF_TURN and d is not None:
        turn = facts.get("_turn")
        if kind == "opening_lead_out_of_turn":
            notes.append(("note.54C", {}, ("54C",)))
        else:
            if kind == "lead_out_of_turn_by_declarer":
                notes.append((_ed("note.55A", table), {"seat": _seat(d.by, lang)}, ("55A",)))
            notes.append(("note.60A", {"seat": _seat((o + 1) & 3, lang)}, ("53A", "60A")))
            if turn is not None and (turn ^ o) & 1:
                notes.append(("note.53B", {"seat": _seat(turn, lang)}, ("53B",)))
            if kind == "lead_out_of_turn_by_declarer" and ((o + 3) & 3) not in (
                    table.declarer, table.dummy):
                notes.append(("note.53C", {"seat": _seat((o + 3) & 3, lang)}, ("53C", "57")))
            if any(op == Cite("55B2") for op in ruling.consequences.get("reject", ())):
                notes.append(("note.60B", {}, ("60B",)))
    elif kind == "premature_play_by_defender" and d is not None:
        notes.append(("note.57B", {"seat": _seat((o + 2) & 3, lang)}, ("57B", "59")))
    elif kind == "penalty_card_lead":
        notes.append(("note.50D2", {"seat": _seat(_leader(irr), lang)}, ("50D2", "49")))
        notes.append(("note.59", {"seat": _seat(_leader(irr), lang)}, ("59",)))
    elif kind == "penalty_card_not_played":
        notes.append(("note.52B1b", {}, ("52B1b",)))
    elif kind == "wrong_hand_warning":
        notes.append(("note.43B2a", {}, ("43B2a", "43A2")))
    elif kind in ("disputed_claim", "disputed_concession"):
        notes.append((f"note.{kind}", {}, ("70A", "68D2b")))
    out = []
    for key, values, refs in notes:
        for law in refs:
            laws.add(law)
        out.append(message(key, lang, **values))
    return out


def _outcome(table, ruling, lang: str, laws: _Laws) -> str | None:
    """What was chosen, or how the matter was settled, when the log shows it."""
    d = ruling.decision
    if table.pending is ruling:
        if d is not None:
            return message("rule.pending", lang, seat=_seat(d.by, lang))
        return None
    if d is None and not ruling.director:
        return None
    settled = _settlement(table, ruling)
    if settled is None:
        return None
    event, added = settled
    from .events import Choose, Director, MakeCall
    if d is not None and type(event) is Choose and event.by == d.by:
        option = message(f"option.{event.option}", lang)
        detail = ""
        if event.card is not None:
            detail = _card(card_name(event.card))
        elif event.suits:
            detail = _suit_names([SUIT_LETTERS[x] for x in event.suits], lang)
        elif event.suit is not None:
            detail = _suit_names([SUIT_LETTERS[event.suit]], lang)
        if detail:
            return message("rule.chosen_detail", lang, seat=_seat(d.by, lang), option=option,
                           detail=detail)
        return message("rule.chosen", lang, seat=_seat(d.by, lang), option=option)
    for law in _SETTLING:
        if law in added:
            laws.add(law)
            values = {"seat": _seat(event.by, lang)}
            if law == "70" and type(event) is Director:
                values["tricks"] = event.tricks
            if law in ("52B1b", "54C"):
                values["seat"] = _seat(table.declarer if law == "52B1b" else d.by, lang)
            return message(f"settled.{law}", lang, **values)
    if d is not None and "accept" in d.options and type(event) is MakeCall and event.by == d.by:
        law = dict(zip(d.options, d.laws))["accept"]
        laws.add(law)
        return message("settled.by_call", lang, seat=_seat(d.by, lang), law=law)
    return None


# --- a ruling ------------------------------------------------------------------------------

def _decision_texts(table, ruling, lang: str, laws: _Laws):
    """What follows whatever is chosen (or ``None``), and (option, law, what follows
    from it) for each option of the ruling's decision."""
    d = ruling.decision
    common = _common_ops(ruling)
    every = None
    if common:
        every = " ".join(_ops_texts(common, ruling.irregularity, table, lang, laws))
    options = []
    for option, law in zip(d.options, d.laws):
        laws.add(law)
        texts = _option_texts(table, ruling, option, lang, laws, skip=common)
        options.append((option, law, " ".join(texts)))
    return every, options


def option_texts(table, lang: str = "en") -> dict | None:
    """What each option of the table's pending decision means, in ``lang``: the same
    words as the options' lines of :func:`explain` (what happens if the chooser accepts,
    what if he refuses), for the chooser's own screen; ``None`` when nobody chooses.

    >>> from bridgelaws.formats.case import case_table
    >>> t = case_table({"board": 1, "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765",
    ...                 "events": [{"by": "N", "call": "1N"}, {"by": "E", "call": "1H"}]})
    >>> [x["option"] for x in option_texts(t)["options"]]
    ['accept', 'reject']
    """
    ruling = table.pending
    if ruling is None or ruling.decision is None:
        return None
    every, options = _decision_texts(table, ruling, lang, _Laws(ruling.laws))
    return {"every": every,
            "options": [{"option": o, "label": message(f"option.{o}", lang), "law": law,
                         "text": text} for o, law, text in options]}


def _explain_ruling(table, ruling, lang: str) -> list[str]:
    irr = ruling.irregularity
    laws = _Laws(ruling.laws)
    lines = [message("rule.what", lang, seat=_seat(irr.by, lang), act=_act(table, ruling, lang))]
    if ruling.decision is not None:
        d = ruling.decision
        key = "rule.names" if irr.kind in _NAMING else "rule.chooser"
        lines.append(message(key, lang, seat=_seat(d.by, lang)))
        every, options = _decision_texts(table, ruling, lang, laws)
        if every is not None:
            lines.append("  " + message("rule.every_option", lang) + " " + every)
        for option, law, text in options:
            lines.append(f"  - {message(f'option.{option}', lang)}: " + text
                         + " " + message("rule.option_law", lang, law=law))
        lines.extend(_free_call(table, irr, d, lang))
        if d.suits:
            # the suits the options may name (26B, 50D2, 51B, 57A3/A4), and no other
            key = "rule.lawful_suits.several" if d.several else "rule.lawful_suits"
            lines.append(message(key, lang, seat=_seat(d.by, lang),
                                 suits=_suit_names([SUIT_LETTERS[x] for x in d.suits], lang)))
    elif ruling.director:
        lines.append(message("rule.director", lang))
    else:
        texts = _ops_texts(ruling.consequences.get("now", []), irr, table, lang, laws, "now")
        lines.append(message("rule.applied", lang) + " " + " ".join(texts))
    lines.extend(_notes(table, ruling, lang, laws))
    outcome = _outcome(table, ruling, lang, laws)
    if outcome:
        lines.append(outcome)
    if ruling.decision is not None and table.pending is not ruling:
        # after the choice: what the offender did next, and what applies now, until the
        # table is back to normal
        lines.extend(_sequel(table, ruling, lang, laws))
        now = _now(table, lang, laws)
        if now:
            lines.append(now)
    lines.append(laws.line(lang))
    return lines


def _free_call(table, irr, d, lang: str) -> list[str]:
    """An insufficient bid not yet accepted or refused (27A/27B): the substitute that
    brings no further rectification, named (the lowest sufficient bid in the same
    denomination, ``2♥ is free``), and what any other call costs partner."""
    if irr.kind != "insufficient_bid" or "reject" not in d.options:
        return []
    from .calls import bid_level, bid_strain, make_bid, parse_call
    try:
        call, last = parse_call(irr.facts["call"]), parse_call(irr.facts["last_bid"])
    except (KeyError, Exception):
        return []
    strain = bid_strain(call)
    level = bid_level(last) + (1 if strain <= bid_strain(last) else 0)
    # the 1997 Law 27B1 frees the lowest sufficient bid in the denomination only when
    # neither bid is conventional; no comparable call, and a bar at every turn (27B2/B3)
    if level > 7:
        return [message(_ed("rule.free_call.none", table), lang, seat=_seat(irr.by, lang),
                        partner=_seat((irr.by + 2) & 3, lang))]
    return [message(_ed("rule.free_call", table), lang, seat=_seat(irr.by, lang),
                    partner=_seat((irr.by + 2) & 3, lang),
                    call=_call(call_name(make_bid(level, strain)), lang))]


# --- after the choice: what followed, and what applies now -------------------------------

#: the laws of an offender's next call after his call was cancelled (27B, 30-32 with 23A)
_SEQUEL = {"27B1a": "sequel.27B1a", "27B1b": "sequel.27B1b", "27B2": "sequel.27B2",
           "30B1b(i)": "sequel.comparable", "31A2a": "sequel.comparable",
           "32A2a": "sequel.comparable", "30B1b(ii)": "sequel.not_comparable",
           "31A2b": "sequel.not_comparable", "32A2b": "sequel.not_comparable"}


def _settled_at(table, ruling) -> int | None:
    """The index of the event that settled a ruling, or ``None`` while it waits."""
    key = _key(ruling.irregularity)
    t = table.prefix(0)
    waiting = False
    for i, e in enumerate(table.events):
        t.apply(e)
        here = t.pending is not None and _key(t.pending.irregularity) == key
        if waiting and not here:
            return i
        waiting = waiting or here
    return None


def _sequel(table, ruling, lang: str, laws: _Laws) -> list[str]:
    """What the offender did next, when the choice left him a call to make: his
    substitute for a cancelled call (27B1a, 27B1b, 27B2), or his call the Director
    compared with the cancelled one (30B1b, 31A2, 32A2)."""
    from .events import MakeCall
    irr = ruling.irregularity
    if "call" not in irr.facts:
        return []
    at = _settled_at(table, ruling)
    if at is None:
        return []
    t = table.prefix(at + 1)
    for e in table.events[at + 1:]:
        before = len(t.laws)
        t.apply(e)
        if type(e) is not MakeCall or e.by != irr.by:
            continue
        for law in t.laws[before:]:
            if law in _SEQUEL:
                laws.add(law)
                return [message(_SEQUEL[law], lang, seat=_seat(e.by, lang),
                                partner=_seat((e.by + 2) & 3, lang), law=law,
                                call=_call(call_name(e.call), lang),
                                withdrawn=_call(irr.facts["call"], lang))]
        return []
    return []


def _now(table, lang: str, laws: _Laws) -> str | None:
    """What remains in force at the table now: bars, the lead restriction to come (26B),
    lead restrictions, penalty cards, a call still owed; or that the auction or play
    goes on normally.  ``None`` once play is over."""
    if table.phase == COMPLETE or table.pending is not None:
        return None
    items = []
    for seat, until in sorted(table.barred.items()):
        items.append(message(f"do.bar.{until}", lang, seat=_seat(seat, lang)))
    for seat, duty in sorted(table.duties.items()):
        what = duty["kind"]
        code = duty["withdrawn"] if "withdrawn" in duty else duty.get("call")
        call = _call(call_name(code), lang) if code is not None else ""
        if what in ("substitute", "comparable"):
            items.append(message(f"now.duty.{what}", lang, seat=_seat(seat, lang), call=call))
        elif what == "other_than":
            # 1997 25B2b(2): any legal call but the first one, which he may not repeat
            laws.add(duty.get("law", "25B2b"))
            items.append(message("now.duty.other_than", lang, seat=_seat(seat, lang), call=call))
        elif what == "repeat":
            items.append(message("do.duty.repeat", lang, seat=_seat(seat, lang), call=call))
        elif what == "rho_call" and "offender" in duty:
            o = duty["offender"]
            items.append(message("do.duty.rho_call", lang, seat=_seat(seat, lang), call=call,
                                 offender=_seat(o, lang), offender_partner=_seat((o + 2) & 3,
                                                                                 lang)))
    for offender, law in table.lead_penalties:
        laws.add(law)
        items.append(message("do.lead_penalty", lang, seat=_seat(offender, lang),
                             partner=_seat((offender + 2) & 3, lang)))
    for r in table.lead_restrictions:
        seat = _seat(SEAT_NAMES.index(r["seat"]), lang)
        laws.add(r["law"])
        if r.get("require"):
            items.append(message("now.require", lang, seat=seat, law=r["law"],
                                 suit=_suit_names([r["require"]], lang)))
        else:
            items.append(message("now.forbid", lang, seat=seat, law=r["law"],
                                 suits=_suit_names(r["forbid"], lang)))
    for seat, duty in sorted(table.play_duties.items()):
        # 57A: the partner's play to this trick, as declarer chose
        option, suit = duty.get("option"), duty.get("suit")
        if option in ("highest", "lowest"):
            items.append(message(f"do.play_duty.{option}", lang, seat=_seat(seat, lang)))
        elif option in ("require_suit", "forbid_suit") and suit is not None:
            items.append(message(f"now.play_duty.{option}", lang, seat=_seat(seat, lang),
                                 suit=_suit_names([SUIT_LETTERS[suit]], lang)))
    for seat, cards in sorted(table.penalty_cards.items()):
        for c in cards:
            laws.add("50D" if c["major"] else "50C")
            items.append(message("now.penalty_card." + ("major" if c["major"] else "minor"),
                                 lang, seat=_seat(seat, lang), card=_card(c["card"])))
    if not items:
        return message("now.normal." + ("auction" if table.phase == AUCTION else "play"), lang)
    return message("now.heading", lang) + " " + " ".join(items)


# --- a revoke ------------------------------------------------------------------------------

def _revoke_subject(table, ruling):
    """The revoke to explain, when a revoke (or attention drawn to one, or the Director's
    finding about one) is the latest matter at the table; else ``None``."""
    from .events import Director, DrawAttention
    revokes = [i for i in table.irregularities if i.kind == "revoke"]
    if not revokes:
        return None
    irr = revokes[-1]
    latest = irr.event
    for i in range(irr.event + 1, len(table.events)):
        e = table.events[i]
        if (type(e) is DrawAttention and e.what == "revoke") or \
                (type(e) is Director and e.what == "revoke_found_late"):
            latest = i
    if ruling is not None and ruling.irregularity.event >= latest:
        return None
    return irr


def _later_cards_back(table, irr) -> bool:
    """Whether the correction of the revoke took back cards played after it (62C)."""
    from .events import DrawAttention
    for i in range(irr.event + 1, len(table.events)):
        e = table.events[i]
        if type(e) is DrawAttention and e.what == "revoke":
            after = _replay(table, i + 1)
            return any(d.get("law") in ("62C1", "62C2") for d in after.play_duties.values())
    return False


def _explain_revoke(table, irr, lang: str, first=()) -> list[str]:
    """The revoke ``irr`` through Laws 62-64 (``first``: laws to cite before its own)."""
    o = irr.by
    card = irr.facts.get("card", "")
    trick = irr.facts.get("trick", "")
    before = _replay(table, irr.event)
    led = before.trick[0] // 13 if before.trick else None
    follow = led is not None and not card.startswith(SUIT_LETTERS[led]) and \
        bool(before.hands[o] & SUIT_MASKS[led])
    key = "act.revoke" if follow else "act.revoke.duty"
    lines = [message("rule.what", lang, seat=_seat(o, lang),
                     act=message(key, lang, detail=_card(card), trick=trick))]
    laws = _Laws([*first, "61A"])
    start = len(_replay(table, irr.event + 1).laws)
    later = [law for law in dict.fromkeys(table.laws[start:]) if law in REVOKE_LAWS]
    if "64B4" in later or "64B5" in later:
        # pointed out too late: the transfer settled before no longer stands
        later = [law for law in later if law not in ("64A1", "64A2")]
    values = {"seat": _seat(o, lang), "partner": _seat((o + 2) & 3, lang), "trick": trick}
    texts = []
    r = next((x for x in table.revokes if x.seat == o and card_name(x.card) == card
              and x.trick == trick), None)
    if r is None and not later:
        texts.append(message("revoke.gone", lang, **values))
    elif not later:
        texts.append(message("revoke.open", lang, **values))
        laws.add("62A")
        laws.add("63A")
    back = None
    for law in later:
        laws.add(law)
        texts.append(message(_ed(f"revoke.law.{law}", table), lang, **values))
        if law in ("62A", "62C3", "62D", "62B1", "62B2") and back is not False:
            back = len(texts)             # after the correction and its card
    if back and _later_cards_back(table, irr):
        laws.add("62C1")
        laws.add("62C2")
        texts.insert(back, message("revoke.later_cards", lang, **values))
    transfers = [law for law in later if law.startswith("64")]
    if any(law in ("64A1", "64A2") for law in transfers):
        side = o & 1
        n = sum(x.transfer for x in table.revokes if x.seat & 1 == side)
        texts.append(message("revoke.transferred", lang, n=n))
    if transfers and "64B7" not in transfers:
        texts.append(message("revoke.64C", lang))
        laws.add("64C")
    elif not transfers and r is not None and (r.established or r.forced) and \
            not (r.corrected and not r.forced):
        texts.append(message("revoke.later64", lang, **values))
        laws.add("64")
    lines.append(" ".join(texts))
    lines.append(laws.line(lang))
    return lines


# --- a question of Law 61B -----------------------------------------------------------------

def _question_subject(table, ruling):
    """The last question of Law 61B, when it is the latest matter at the table (after the
    last ruling's irregularity and any other attention drawn to a revoke); else ``None``."""
    from .events import Director, DrawAttention
    if not table.questions:
        return None
    q = table.questions[-1]
    if ruling is not None and ruling.irregularity.event > q["event"]:
        return None
    for i in range(q["event"] + 1, len(table.events)):
        e = table.events[i]
        if type(e) is DrawAttention or (type(e) is Director and e.what == "revoke_found_late"):
            return None
    return q


def _explain_question(table, q, lang: str) -> list[str]:
    by, asks = SEAT_NAMES.index(q["by"]), SEAT_NAMES.index(q["asks"])
    act = message("act.question", lang, asks=_seat(asks, lang), trick=q["trick"],
                  suit=message(f"suit.{q['suit']}", lang), law=q["law"])
    lines = [message("rule.what", lang, seat=_seat(by, lang), act=act)]
    if q["answer"] is None:
        lines.append(message("question.pending", lang, seat=_seat(asks, lang)))
    else:
        lines.append(message(f"question.{q['answer']}", lang, seat=_seat(asks, lang)))
    if q["answer"] == "yes":
        irr = next((i for i in reversed(table.irregularities) if i.kind == "revoke"
                    and i.by == asks and i.facts.get("trick") == q["trick"]), None)
        if irr is not None:
            return lines + _explain_revoke(table, irr, lang, first=(q["law"],))
    lines.append(_Laws([q["law"]]).line(lang))
    return lines


# --- the explanation ---------------------------------------------------------------------------

def explain(table, lang: str = "en") -> list[str]:
    """The lines a Director reads out for the last ruling of ``table`` (or for its latest
    revoke, or question of Law 61B, when that came after the last ruling)."""
    ruling = last_ruling(table)
    lines = [message("rule.heading", lang, board=table.board.number or "-")]
    question = _question_subject(table, ruling)
    if question is not None:
        return _direction(lines + _explain_question(table, question, lang), lang)
    revoke = _revoke_subject(table, ruling)
    if revoke is not None:
        return _direction(lines + _explain_revoke(table, revoke, lang), lang)
    if ruling is None:
        lines.append(message("rule.none", lang))
        return _direction(lines, lang)
    return _direction(lines + _explain_ruling(table, ruling, lang), lang)


def _direction(lines: list[str], lang: str) -> list[str]:
    """Right-to-left languages: each line starts with a right-to-left mark, so that a
    terminal with bidirectional support aligns it to the right (seat letters and law
    numbers inside stay left-to-right)."""
    if lang in RTL_LANGUAGES:
        return ["\u200f" + line for line in lines]
    return lines
