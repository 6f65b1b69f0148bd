"""Editions of the Laws: the hooks a set of Laws answers for the table.

``Laws2017`` (the 2017 Laws as amended in 2024) is the default.  An older
edition is a small subclass that overrides only the hooks that differ, as
python-chess's variants override a few methods of ``Board``.

>>> from bridgelaws.laws.edition import edition
>>> edition("2017").name
'2017'
"""

from __future__ import annotations

from .auction import (rule_bid_above_seven, rule_call_after_final_pass,
                      rule_call_in_breach_of_bar, rule_call_out_of_rotation,
                      rule_inadmissible_double, rule_insufficient_bid,
                      rule_substitute_double, rule_card_exposed_during_auction)
from .play import (rule_card_exposed_by_declarer, rule_card_exposed_by_defender,
                   rule_lead_before_choice, rule_lead_out_of_turn_by_declarer,
                   rule_lead_out_of_turn_by_defender, rule_opening_lead_out_of_turn,
                   rule_penalty_card_not_played, rule_play_before_correct_lead,
                   rule_play_before_rectification, rule_premature_play_by_declarer,
                   rule_premature_play_by_defender, rule_several_cards_played,
                   rule_concession_objected_by_partner)
from .ruling import Irregularity, Ruling

__all__ = ["Edition", "Laws2017", "edition", "EDITIONS"]


class Edition:
    """The hooks through which the table asks the Laws what follows from an act."""

    name = "base"

    #: Law 61B3: the defenders may ask each other whether one of them has a card of the
    #: suit led (at the risk of creating unauthorised information), unless the event's
    #: regulation forbids it (``Table(regulation={"defenders_ask_each_other": False})``).
    #: The 1997 Laws forbid it outright, and have a revoke so found corrected with Law 64
    #: applied as if it were established (their 63B): an edition of them sets this to
    #: ``False`` (and would add that rectification).
    defenders_ask_each_other = True

    def rule(self, table, irregularity: Irregularity) -> Ruling | None:
        """The ruling on ``irregularity``, or ``None`` when play simply goes on.

        The base answer: the Director must be called (Law 9B1) and rules; the
        table waits.
        """
        return Ruling(irregularity, irregularity.laws, director=True)


class Laws2017(Edition):
    """The Laws of Duplicate Bridge 2017, as amended from 1 January 2024."""

    name = "2017"

    #: the rectification of each kind of irregularity, by the law that governs it
    RULES = {
        "card_exposed_during_auction": rule_card_exposed_during_auction,     # Law 24
        "insufficient_bid": rule_insufficient_bid,                           # Law 27
        "substitute_double_for_insufficient_bid": rule_substitute_double,    # Law 27B3
        "pass_out_of_rotation": rule_call_out_of_rotation,                   # Laws 29, 30
        "bid_out_of_rotation": rule_call_out_of_rotation,                    # Laws 29, 31
        "double_out_of_rotation": rule_call_out_of_rotation,                 # Laws 29, 32
        "inadmissible_double": rule_inadmissible_double,                     # Law 36
        "call_in_breach_of_bar": rule_call_in_breach_of_bar,                 # Law 37
        "bid_above_seven": rule_bid_above_seven,                             # Law 38
        "call_after_final_pass": rule_call_after_final_pass,                 # Law 39
        "opening_lead_out_of_turn": rule_opening_lead_out_of_turn,           # Law 54
        "lead_out_of_turn_by_declarer": rule_lead_out_of_turn_by_declarer,   # Laws 53, 55
        "lead_out_of_turn_by_defender": rule_lead_out_of_turn_by_defender,   # Laws 53, 56
        "premature_play_by_defender": rule_premature_play_by_defender,       # Law 57
        "premature_play_by_declarer": rule_premature_play_by_declarer,       # Law 57C3
        "penalty_card_not_played": rule_penalty_card_not_played,             # Law 52
        "card_exposed_by_declarer": rule_card_exposed_by_declarer,           # Law 48
        "card_exposed_by_defender": rule_card_exposed_by_defender,           # Laws 49, 50
        "lead_before_declarer_chose": rule_lead_before_choice,               # Laws 50D2, 49
        "play_before_correct_lead": rule_play_before_correct_lead,           # Law 60B
        "play_before_rectification": rule_play_before_rectification,         # Law 60C
        "several_cards_played": rule_several_cards_played,                   # Law 58B2
        "concession_objected_by_partner": rule_concession_objected_by_partner,  # Law 68B2
    }

    def rule(self, table, irregularity: Irregularity) -> Ruling | None:
        rule = self.RULES.get(irregularity.kind)
        if rule is not None:
            return rule(table, irregularity)
        if irregularity.kind == "revoke":
            # Law 61A defines the revoke; nobody need notice it at once, and play
            # goes on until attention is drawn (Law 62) or the revoke is
            # established (Law 63).  The table tracks it.
            return None
        return super().rule(table, irregularity)


EDITIONS: dict[str, type[Edition]] = {"2017": Laws2017, "2024": Laws2017}


def edition(name: str | None) -> Edition:
    """The edition named ``name`` (``"2017"`` when ``None``)."""
    from ..cards import BridgeError
    key = "2017" if name in (None, "") else str(name)
    try:
        return EDITIONS[key]()
    except KeyError:
        raise BridgeError(f"unknown edition {name!r} (known: {', '.join(sorted(EDITIONS))})") from None
