"""What a Director reads at the table: a ruling explained in words, from the catalogues.

The engine's rulings are data (:mod:`bridgelaws.laws.ruling`); this module turns the
last one of a table into sentences in one of the catalogue languages
(:mod:`bridgelaws.i18n`).  Every sentence comes from a catalogue; nothing here is
worded in English or any other language.

>>> from bridgelaws.formats.case import case_table
>>> t = case_table({"board": 1, "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765",
...                 "events": [{"by": "N", "call": "1N"}, {"by": "E", "call": "1H"}]})
>>> print(explain(t, "en")[1])
What happened: East made an insufficient bid (1H).
"""

from __future__ import annotations

from .calls import call_name
from .cards import SEAT_NAMES
from .i18n import RTL_LANGUAGES, message

__all__ = ["explain", "last_ruling"]


def last_ruling(table):
    """The ruling on the table's last irregularity (or pending choice), or ``None``."""
    return table.rulings[-1] if table.rulings else None


def _seat(seat: int, lang: str) -> str:
    return message(f"seat.{SEAT_NAMES[seat]}", lang)


def _consequence(op, irr, table, lang: str) -> str | None:
    what = op[0]
    if what in ("law", "clear_duty"):
        return None
    if what == "put_in_force":
        return message("do.put_in_force", lang, seat=_seat(op[1], lang), call=call_name(op[2]))
    if what == "bar":
        return message(f"do.bar.{op[2]}", lang, seat=_seat(op[1], lang))
    if what == "duty":
        spec = op[2]
        kind = spec["kind"]
        values = {"seat": _seat(op[1], lang), "call": call_name(spec.get("withdrawn", 0)),
                  "partner": _seat((op[1] + 2) & 3, lang)}
        if kind == "rho_call":
            values["offender"] = _seat(spec["offender"], lang)
            values["offender_partner"] = _seat((spec["offender"] + 2) & 3, lang)
        return message(f"do.duty.{kind}", lang, **values)
    if what == "flag":
        return message(f"flag.{op[1]}", lang, law=op[2])
    if what == "lead_penalty":
        return message("do.lead_penalty", lang, seat=_seat(op[1], lang),
                       partner=_seat((op[1] + 2) & 3, lang))
    if what == "withdraw_last":
        return message("do.withdraw_last", lang, seat=_seat(op[1], lang))
    if what == "expose":
        return message("do.expose", lang, seat=_seat(op[1], lang))
    if what == "lead_stands":
        return message("do.lead_stands", lang, seat=_seat(op[1], lang))
    if what == "penalty_card":
        return message("do.penalty_card." + ("major" if op[3] else "minor"), lang,
                       seat=_seat(op[1], lang))
    if what == "declarer_spreads":
        return message("do.declarer_spreads", lang)
    if what == "must_lead_from":
        return message("do.must_lead_from", lang, seat=_seat(op[1], lang))
    if what == "play_duty":
        return message(f"do.play_duty.{op[2]}", lang, seat=_seat(op[1], lang))
    if what in ("must_play", "play_instead", "play_card"):
        return message(f"do.{what}", lang, seat=_seat(op[1], lang))
    return None


def explain(table, lang: str = "en") -> list[str]:
    """The lines a Director reads out for the last ruling of ``table``."""
    ruling = last_ruling(table)
    lines = [message("rule.heading", lang, board=table.board.number or "-")]
    if ruling is None:
        lines.append(message("rule.none", lang))
        return _direction(lines, lang)
    irr = ruling.irregularity
    detail = irr.facts.get("call") or irr.facts.get("card") or ""
    lines.append(message("rule.what", lang, seat=_seat(irr.by, lang),
                         act=message(f"act.{irr.kind}", lang, detail=detail)))
    laws = list(dict.fromkeys(list(ruling.laws)))
    if ruling.decision is not None:
        d = ruling.decision
        lines.append(message("rule.chooser", lang, seat=_seat(d.by, lang)))
        for option in d.options:
            texts = []
            if irr.kind == "lead_restriction":
                texts.append(message(f"do.lead.{option}", lang,
                                     seat=_seat(irr.facts["_leader"], lang)))
            elif irr.kind == "penalty_card_lead":
                key = "do.lead.require_suit" if option == "require_suit" else \
                    f"do.penalty_lead.{option}"
                texts.append(message(key, lang, seat=_seat(irr.facts["_leader"], lang)))
            elif irr.kind == "designate_penalty_card":
                texts.append(message("do.designate", lang, seat=_seat(irr.by, lang)))
            else:
                if option == "reject" and irr.kind == "lead_out_of_turn_by_declarer":
                    texts.append(message("do.card_back", lang))
                elif option == "reject" and irr.kind.startswith(("lead_out", "opening_lead",
                                                                "penalty_card")):
                    pass
                elif option in ("reject",) and "_turn" in irr.facts:
                    texts.append(message("do.cancel_turn", lang,
                                         seat=_seat(irr.facts["_turn"], lang)))
                elif option == "reject":
                    texts.append(message("do.cancel", lang))
                for op in ruling.consequences.get(option, []):
                    if op[0] == "law":
                        laws.append(op[1])
                    text = _consequence(op, irr, table, lang)
                    if text:
                        texts.append(text)
            lines.append(f"  - {message(f'option.{option}', lang)}: " + " ".join(texts))
    elif ruling.director:
        lines.append(message("rule.director", lang))
    else:
        texts = []
        for op in ruling.consequences.get("now", []):
            if op[0] == "law":
                laws.append(op[1])
            text = _consequence(op, irr, table, lang)
            if text:
                texts.append(text)
        lines.append(message("rule.applied", lang) + " " + " ".join(texts))
    lines.append(message("rule.laws", lang, laws=", ".join(dict.fromkeys(laws))))
    return _direction(lines, lang)


def _direction(lines: list[str], lang: str) -> list[str]:
    """Right-to-left languages: each line starts with a right-to-left mark, so that a
    terminal with bidirectional support aligns it to the right (seat letters and law
    numbers inside stay left-to-right)."""
    if lang in RTL_LANGUAGES:
        return ["\u200f" + line for line in lines]
    return lines

