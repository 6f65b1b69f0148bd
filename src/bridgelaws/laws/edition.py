"""Editions of the Laws: the hooks a set of Laws answers for the table.

The table recognises what happened (a call out of rotation, a revoke pointed out, a
Director's ruling on a wrong board) and asks its edition what follows, through a
named hook.  Every hook is a method with the 2017 answer as its default, in the module
of :mod:`bridgelaws.laws` for its family; :class:`Laws2017` gathers them:

============================  ================================================
module (class)                laws
============================  ================================================
``auction`` (AuctionLaws)     17D3, 21B, 23-39: calls, bars, lead restrictions
``leads`` (LeadLaws)          47E1, 53-57, 60: leads and plays out of turn
``penalty_cards``             48-52: exposed cards and penalty cards
``revokes`` (RevokeLaws)      61-64 (with dummy's 43A1b, 43B2b, 43B3)
``dummy`` (DummyLaws)         42-47: dummy, designations, changes of card
``tricks`` (TrickLaws)        58, 65-67: several cards, defective tricks
``claims`` (ClaimLaws)        68-71 (and the claim aid of Law 70)
``wrong_board``               13-15: wrong counts, missing cards, wrong boards
``judgement``                 12, 16, 54C, 64B4-5: the Director's rulings
============================  ================================================

A hook reads the table through :class:`~bridgelaws.laws.protocol.TableView` and
returns a :class:`~bridgelaws.laws.ruling.Ruling` or typed consequences
(:mod:`bridgelaws.laws.consequences`), which the table applies in one place.  An
older edition is a subclass that overrides only the hooks whose rules differ, as
python-chess's variants override a few methods of ``Board``.

Where the 1997 edition (``shared/LAWS-1997.md``) differs, the hook that
:class:`~bridgelaws.laws.edition1997.Laws1997` (``edition("1997")``) overrides:

====================  =======================================================================
1997 difference       hook (its family module)
====================  =======================================================================
12C, 86, 88           ``adjusted_score_laws`` (judgement): 1997 12C2 picks one result per
                      side (no weighting); scored by :mod:`bridgelaws.tournament.adjust`
                      and :mod:`bridgelaws.scoring` (the 40/60 rules, teams' 3 IMPs)
13                    ``cards_corrected`` (all four agree, else artificial),
                      ``wrong_count_after_call``, ``surplus_card``, ``wrong_count_after_play``
                      (1997 13C cancels the result) (wrong_board)
15, 17D (M3)          ``wrong_board_call`` (LHO, not partner, as trigger), ``wrong_board``
23                    ``enforced_pass_review`` (the flag every forced pass carries: Review23)
24                    ``card_exposed_during_auction`` (bars),
                      ``exposed_cards_at_end_of_auction`` (returns declarer's choice, a Ruling)
25A (M1)              ``call_replaced`` (at once only), ``lho_changes_call`` (refused)
25B (M2)              ``call_out_of_rotation`` (its options for a change of call at LHO's turn:
                      no 26 on accept, the A- cap as a flag)
26                    ``lead_restriction`` (26A require or forbid), ``lead_restriction_chosen``
27                    ``insufficient_bid``, ``substitute_for_insufficient_bid`` (27B1a for both
                      bids, no 27B1b), ``substitute_double`` (27B3)
30-32                 ``call_out_of_rotation``, ``rho_called``, ``comparable_call`` (bars through
                      the auction; 30B2's partner may not double)
35-39                 ``lho_called_over_inadmissible`` (35A), ``inadmissible_double`` (36),
                      ``call_in_breach_of_bar`` (37), ``bid_above_seven`` (38),
                      ``call_after_final_pass`` (39: the full Law 26); the LHO called over
                      another inadmissible call (the ``CALLED_OVER`` hooks, 2017 37A, 38D,
                      39B): ``breach_of_bar_called_over`` (35B: all calls stand),
                      ``bid_above_seven_called_over`` (35C: cancelled, the offender passes,
                      no bars), ``call_after_final_pass_called_over`` (35E)
46B1 (M5)             ``designation`` ("high" in fourth seat)
45C4b (M6)            ``dummy_card_changed``
50                    ``card_exposed_by_defender``, ``penalty_card_lead`` (UI flags),
                      ``several_penalty_cards_law``
53A (M7)              ``lead_out_of_turn_at_trick_13`` (``None``: it may be accepted)
55A (M8)              ``lead_out_of_turn_by_declarer`` (who chooses)
57                    ``premature_play_by_defender`` (three options, no 57D),
                      ``premature_play_chosen``
61B                   ``defenders_ask_each_other = False``, ``question_law``
62C3, 63B             ``revoke_correction`` (no 62C3), ``revoke_corrected`` (1997 61B: Law 64
                      as if established, ``MarkRevoke(forced=True)``)
64A, 64B7             ``tricks_for_revoke``, ``both_sides_revoked`` (1997 64A1/A2, no 64B7)
67B1                  ``omitted_card_supplied`` (no deemed revoke when he holds the suit)
68D (M11)             ``play_on_after_claim`` (refused: no play after a claim)
69B, 71               ``tricks_given_back``: ``concession_grounds`` (1997 71A legal, 71B
                      contract, 71C normal), ``concession_deadline_passed`` (71C's short one)
70 (M12)              ``claim_decided``; ``claim_aid_options`` (1997: no 70D2, no 70E2
                      default order, read by :func:`bridgelaws.laws.claims.advise_table`)
43B3 (M9)             ``dummy_draws_attention_to_revoke`` (a balanced adjustment flag)
====================  =======================================================================

>>> from bridgelaws.laws.edition import edition
>>> edition("2017").name, edition("1997").name
('2017', '1997')
>>> class Strict61B(Laws2017):
...     defenders_ask_each_other = False
>>> Strict61B().defenders_ask_each_other, Laws2017().defenders_ask_each_other
(False, True)
"""

from __future__ import annotations

from typing import Callable, ClassVar

from ..events import Choose
from .auction import AuctionLaws
from .claims import ClaimLaws
from .consequences import Consequence
from .dummy import DummyLaws
from .judgement import JudgementLaws
from .leads import LeadLaws
from .penalty_cards import PenaltyCardLaws
from .protocol import TableView
from .revokes import RevokeLaws
from .ruling import Irregularity, Ruling
from .tricks import TrickLaws
from .wrong_board import WrongBoardLaws

__all__ = ["Edition", "Laws2017", "edition", "EDITIONS"]


class Edition(AuctionLaws, LeadLaws, PenaltyCardLaws, RevokeLaws, DummyLaws, TrickLaws,
              ClaimLaws, WrongBoardLaws, JudgementLaws):
    """The hooks through which the table asks the Laws what follows from an act, each
    with the 2017 answer (the families' classes); :meth:`rule` rules on a recognised
    irregularity through the hook :attr:`RULES` names for its kind."""

    name = "base"

    #: the hook (a method name) that rules on each kind of irregularity
    RULES: ClassVar[dict[str, str]] = {}
    #: the hook that says what a choice brings, for the kinds of ruling whose options
    #: need more than the consequences listed in the ruling
    CHOICES: ClassVar[dict[str, str]] = {
        "lead_restriction": "lead_restriction_chosen",                      # Law 26
        "penalty_card_lead": "penalty_card_lead_chosen",                    # Laws 50D2, 51B
        "designate_penalty_card": "penalty_card_designated",                # Law 51A
        "premature_play_by_defender": "premature_play_chosen",              # Law 57A
        "wrong_hand_warning": "wrong_hand_chosen",                          # Law 43B2a
    }

    #: the hook that rules when the offender's LHO called over the irregular call before
    #: it was rectified (the table marks the irregularity ``_called_over``)
    CALLED_OVER: ClassVar[dict[str, str]] = {
        "call_in_breach_of_bar": "breach_of_bar_called_over",               # Law 37A
        "bid_above_seven": "bid_above_seven_called_over",                   # Law 38D
        "call_after_final_pass": "call_after_final_pass_called_over",       # Law 39B
    }

    def rule(self, table: TableView, irregularity: Irregularity) -> Ruling | None:
        """The ruling on ``irregularity``, or ``None`` when play simply goes on.

        The hook named in :attr:`RULES` answers (in :attr:`CALLED_OVER` when the
        offender's LHO called over the irregular call before it was rectified); without
        one the Director must be called (Law 9B1) and rules, and the table waits.
        """
        name = self.RULES.get(irregularity.kind)
        if irregularity.facts.get("_called_over"):
            name = self.CALLED_OVER.get(irregularity.kind, name)
        if name is not None:
            hook: Callable[[TableView, Irregularity], Ruling | None] = getattr(self, name)
            return hook(table, irregularity)
        return Ruling(irregularity, irregularity.laws, director=True)

    def chosen(self, table: TableView, ruling: Ruling, choice: Choose) -> list[Consequence]:
        """What follows from ``choice`` (a valid option of the ruling's decision): the
        hook :attr:`CHOICES` names for the ruling's kind, else the option's
        consequences as the ruling lists them."""
        name = self.CHOICES.get(ruling.irregularity.kind)
        if name is None:
            return list(ruling.consequences[choice.option])
        hook: Callable[[TableView, Ruling, Choose], list[Consequence]] = getattr(self, name)
        return hook(table, ruling, choice)


class Laws2017(Edition):
    """The Laws of Duplicate Bridge 2017, as amended from 1 January 2024."""

    name = "2017"

    RULES: ClassVar[dict[str, str]] = {
        "card_exposed_during_auction": "card_exposed_during_auction",        # Law 24
        "insufficient_bid": "insufficient_bid",                              # Law 27
        "substitute_double_for_insufficient_bid": "substitute_double",       # Law 27B3
        "pass_out_of_rotation": "call_out_of_rotation",                      # Laws 29, 30
        "bid_out_of_rotation": "call_out_of_rotation",                       # Laws 29, 31
        "double_out_of_rotation": "call_out_of_rotation",                    # Laws 29, 32
        "inadmissible_double": "inadmissible_double",                        # Law 36
        "call_in_breach_of_bar": "call_in_breach_of_bar",                    # Law 37
        "bid_above_seven": "bid_above_seven",                                # Law 38
        "change_of_call": "change_of_call",                                  # Law 25B
        "call_after_final_pass": "call_after_final_pass",                    # Law 39
        "opening_lead_out_of_turn": "opening_lead_out_of_turn",              # Law 54
        "lead_out_of_turn_by_declarer": "lead_out_of_turn_by_declarer",      # Laws 53, 55
        "lead_out_of_turn_by_defender": "lead_out_of_turn_by_defender",      # Laws 53, 56
        "premature_play_by_defender": "premature_play_by_defender",          # Law 57
        "premature_play_by_declarer": "premature_play_by_declarer",          # Law 57C3
        "penalty_card_not_played": "penalty_card_not_played",                # Law 52
        "card_exposed_by_declarer": "card_exposed_by_declarer",              # Law 48
        "card_exposed_by_defender": "card_exposed_by_defender",              # Laws 49, 50
        "lead_before_declarer_chose": "lead_before_declarer_chose",          # Laws 50D2, 49
        "play_before_correct_lead": "play_before_correct_lead",              # Law 60B
        "play_before_rectification": "play_before_rectification",            # Law 60C
        "several_cards_played": "several_cards_played",                      # Law 58B2
        "concession_objected_by_partner": "concession_objected_by_partner",  # Law 68B2
        "revoke": "revoke",                                                  # Law 61A
    }

    def revoke(self, table: TableView, irr: Irregularity) -> Ruling | None:
        """Law 61A defines the revoke; nobody need notice it at once, and play goes on
        until attention is drawn (Law 62) or the revoke is established (Law 63).  The
        table tracks it."""
        return None


EDITIONS: dict[str, type[Edition]] = {"2017": Laws2017, "2024": Laws2017}


def edition(name: str | None) -> Edition:
    """The edition named ``name`` (``"2017"`` when ``None``)."""
    from ..cards import BridgeError
    from . import edition1997  # noqa: F401  (registers "1997")
    key = "2017" if name in (None, "") else str(name)
    try:
        return EDITIONS[key]()
    except KeyError:
        raise BridgeError(f"unknown edition {name!r} (known: {', '.join(sorted(EDITIONS))})") from None
