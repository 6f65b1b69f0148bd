"""The values a pending decision's options may lawfully name, for the service's pages.

The engine's state lists them in its ``decision`` (``suits``, ``several_suits``,
``cards``: Laws 26B, 46B, 50D2, 51A, 51B, 57A, 58B2, 67).  The ruling assistant and the
live table offer only those, shown with suit symbols, and a value posted anyway is
refused here with a message in the user's language, before the engine sees it.
"""

from __future__ import annotations

from ..i18n import display, has_message, message

__all__ = ["SYMBOLS", "suit_label", "card_label", "unlawful", "text", "stored_choice",
           "stored_facts"]

SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_OPTIONS = ("require_suit", "forbid_suit")


def suit_label(suit: str, lang: str) -> str:
    """A suit for people: its symbol and its name (``♣ clubs``)."""
    return f"{SYMBOLS[suit]} {message('ui.suit.' + suit, lang)}"


def card_label(card: str) -> str:
    """A card for people: ``♣8``, ``♥10``."""
    return SYMBOLS[card[0]] + ("10" if card[1:] == "T" else card[1:])


def unlawful(decision: dict, option: str, suits: list[str], card: str | None
             ) -> tuple[str, dict] | None:
    """Why the values posted with ``option`` are not among those the decision names
    (a message key under ``ui.choice.`` and its values, the values still to be put in
    the user's language by :func:`text`), or ``None`` when they are lawful."""
    if option not in decision["options"]:
        return None                     # not an option at all: the caller says so
    law = dict(zip(decision["options"], decision["laws"]))[option]
    if option in SUIT_OPTIONS and decision.get("suits"):
        lawful = decision["suits"]
        if not suits:
            return "need_suit", {"law": law, "suits": lawful}
        wrong = [s for s in suits if s not in lawful]
        if wrong:
            return "unlawful_suit", {"law": law, "suit": str(wrong[0])[:8], "suits": lawful}
        if len(suits) > 1 and (option not in decision.get("several_suits", ())
                               or len(set(suits)) != len(suits)):
            return "one_suit", {"law": law, "suits": lawful}
    if option == "designate" and "cards" in decision:
        if not card or card not in decision["cards"]:
            return "unlawful_card", {"law": law, "card": (card or "")[:8],
                                     "cards": decision["cards"]}
    return None


def text(reason: tuple[str, dict], lang: str) -> str:
    """The message of :func:`unlawful`'s answer in ``lang``, the values with symbols."""
    key, v = reason
    values = {"law": v["law"]}
    if "suits" in v:
        values["suits"] = ", ".join(suit_label(s, lang) for s in v["suits"])
    if "suit" in v:
        values["suit"] = suit_label(v["suit"], lang) if v["suit"] in SYMBOLS else v["suit"]
    if "cards" in v:
        values["cards"] = ", ".join(card_label(c) for c in v["cards"])
    if "card" in v:
        card = v["card"]
        values["card"] = card_label(card) if len(card) == 2 and card[0] in SYMBOLS \
            and card[1] in "AKQJT98765432" else card
    return message(f"ui.choice.{key}", lang, **values)


def stored_choice(choice: str, chooser: str, kind: str, lang: str) -> str:
    """The choices a ruling stored (``RulingRow.choice``: ``"reject, require_suit C"``,
    ``"forbid_suit S,H"``, ``"designate C8"``, one per decision, made by the seats of
    ``chooser``; an adjusted score's kind) in ``lang``, values with their symbols:
    ``"North: do not accept; North: require a suit (♣ clubs)"``.

    >>> stored_choice("reject, designate C8", "N,S", "", "en")
    'North: do not accept; South: designate the card (♣8)'
    >>> stored_choice("weighted", "", "adjusted_weighted", "pl")
    'ważony zapisowy'
    """
    if not choice:
        return ""
    if kind.startswith("adjusted"):
        return message(f"ui.adjust.kind.{choice}", lang)
    seats = (chooser or "").split(",")
    out = []
    for i, part in enumerate(choice.split(", ")):
        option, _, value = part.partition(" ")
        words = []
        for v in filter(None, value.split(",")):
            if v in SYMBOLS:
                words.append(suit_label(v, lang))
            elif len(v) == 2 and v[0] in SYMBOLS and v[1] in "AKQJT98765432":
                words.append(card_label(v))
            else:
                words.append(v)
        seat = seats[i] if i < len(seats) and seats[i] in ("N", "E", "S", "W") else ""
        out.append((message(f"ui.seat.{seat}", lang) + ": " if seat else "")
                   + message(f"option.{option}", lang)
                   + (f" ({', '.join(words)})" if words else ""))
    return "; ".join(out)


def _fact_value(value, lang: str) -> str:
    """One fact's value for people: a seat by its name, a choice in words, calls and
    cards with their symbols (``1H P 3N`` is ``1♥ pass 3NT``), a list joined."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_fact_value(v, lang) for v in value)
    text = str(value)
    if text in ("N", "E", "S", "W"):
        return message(f"ui.seat.{text}", lang)
    if has_message(f"booklet.choice.{text}"):
        return message(f"booklet.choice.{text}", lang)
    from ..formats.replay import shown
    words = []
    for w in text.split(" "):
        c = display.contract(w, lang)
        words.append(c if c != w else display.card(w) if display.card(w) != w else shown(w))
    return " ".join(words)


def stored_facts(facts: dict, lang: str) -> list[tuple[str, str]]:
    """A ruling's facts as (label, value) in ``lang``: the label the assistant's form
    gave the fact (``booklet.fact.*``) or the adjusted score's form field
    (``ui.field.*``), the value with seats named and calls and cards with symbols.

    >>> stored_facts({"who": "E", "call": "1D", "auction": "1H P 3N"}, "en")
    [('Player concerned', 'East'), ('The call', '1♦'), ('Auction so far (calls from the dealer)', '1♥ pass 3NT')]
    """
    out = []
    for key, value in (facts or {}).items():
        if value in ("", None, [], {}) or key == "live_table":   # where: shown apart
            continue
        # the rulings page's own labels first: a fact the live tables record too ("trick")
        # is labelled alike whether a form of the booklet or a table recorded it
        label = next((message(k, lang) for k in (f"ui.ruling.fact.{key}", f"booklet.fact.{key}",
                                                  f"ui.field.{key}", f"ui.adjust.{key}")
                      if has_message(k)), key)
        out.append((label, _fact_value(value, lang)))
    return out
