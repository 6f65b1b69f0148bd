"""Wrong number of cards, missing cards and wrong boards: Laws 13-15.

:class:`WrongBoardLaws` holds the hooks of an edition for this family, each with the
2017 answer to a ruling of the Director that the table takes as input (the
``director`` events of ``shared/CASES.md``): a hand with a wrong number of cards (13),
a missing card found (14), a call made with the cards of another board or a board
played at the wrong table (15).
"""

from __future__ import annotations

from .consequences import CancelCalls, Cite, Consequence, Flag, NoTableResult, Refuse
from .protocol import Phase, TableView

__all__ = ["WrongBoardLaws"]


class WrongBoardLaws:
    """The hooks of Laws 13-15, answered as in 2017."""

    def cards_corrected(self, table: TableView, seen: bool | None) -> list[Consequence]:
        """Law 13A: a hand with a wrong number of cards put right before any call by a
        player with a wrong hand; ``seen``: someone saw another player's card (13A2, the
        Director may adjust, 12C1b)."""
        if table.auction.calls:
            return [Refuse("Law 13A is for hands put right before any call; after a call it "
                           "is 13B ('wrong_count_after_call')", "wrong_count.13A")]
        if seen:
            return [Cite("13A2"), Flag("Review13A2", "12C1b")]
        return [Cite("13A1")]

    def wrong_count_after_call(self, table: TableView, playable: bool | None) -> list[Consequence]:
        """Law 13B: found after such a player called: the board is played if no call need
        change (13B1, the Director may adjust), otherwise he assigns a score (13B2)."""
        if playable is None:
            return [Refuse("Law 13B: 'value' says whether the board can be played with no "
                           "call changed", "wrong_count.13B")]
        if playable:
            return [Cite("13B1"), Flag("Review13B1", "13B1")]
        return [NoTableResult("13B2", "assigned")]

    def surplus_card(self, table: TableView, played: bool | None) -> list[Consequence]:
        """Law 13C: a card foreign to the deal is removed; the Director may adjust when it
        was played to a completed trick."""
        ops: list[Consequence] = [Cite("13C")]
        if played:
            ops.append(Flag("Review13C", "13C"))
        return ops

    def wrong_count_after_play(self, table: TableView) -> list[Consequence]:
        """Law 13D: a wrong count found after play ended: the Director assigns a score (a
        procedural penalty may follow)."""
        if table.phase != Phase.COMPLETE:
            return [Refuse("Law 13D is for a wrong count found after play ended", "wrong_count.13D")]
        return [NoTableResult("13D", "assigned"), Flag("ProceduralPenalty", "13D")]

    def missing_card(self, table: TableView, seat: int) -> list[Consequence]:
        """Law 14: a missing card found is restored to the hand (14A before dummy is faced;
        14B4 later, whatever its absence caused stands), and the information is
        unauthorised to the partner (14C)."""
        return [Cite("14A" if not table.dummy_faced else "14B4"),
                Flag("UI", "14C", (seat + 2) & 3)]

    def wrong_board_call(self, table: TableView, seat: int) -> list[Consequence]:
        """Law 15A: a call made with the cards of another board is cancelled; if the
        offender's partner has called since, the board has no result here (15A2a);
        otherwise the auction resumes from the cancelled call (15A2b; 16C, 15A3)."""
        calls = table.auction.calls
        mine = [i for i, (s, _c) in enumerate(calls) if s == seat]
        if table.phase != Phase.AUCTION or not mine:
            return [Refuse("Law 15A: a call made with the cards of another board, during the "
                           "auction", "wrong_board.15A")]
        first = mine[0]
        if any(s == (seat + 2) & 3 for s, _c in calls[first + 1:]):
            return [NoTableResult("15A2a", "assigned")]
        return [CancelCalls(first), Cite("15A2b"), Flag("UI", "16C", seat),
                Flag("Review15A3", "15A3")]

    def wrong_board(self, table: TableView, played_before: bool | None) -> list[Consequence]:
        """Law 15B: a board not scheduled for the round is being played: if one of the
        four had played it before, the board is stopped and scored artificially (15B1);
        otherwise play is completed and the score stands (15B2)."""
        if played_before is None:
            return [Refuse("Law 15B: 'value' says whether any of the four had played the "
                           "board before", "wrong_board.15B")]
        if played_before:
            return [NoTableResult("15B1", "artificial")]
        return [Cite("15B2")]
