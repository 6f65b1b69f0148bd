"""The table: one board at one table, as a log of events with the state derived from it.

Every act at the table, irregular or not, is an event appended to the log by
:meth:`Table.apply`; the state (phase, whose turn, legal calls and cards, the
pending decision, bars, lead restrictions, penalty cards, revokes, contract,
tricks, score) follows from the log.  Replaying the same log gives the same
state.  An irregular act is *recorded*, never refused: the table recognises it,
names it with its law, and asks the edition of the Laws (:mod:`bridgelaws.laws`)
what follows.  ``strict=True`` makes a table that refuses irregular acts, as
online play does (a disputed claim still goes to the Director).

The package: :mod:`~bridgelaws.table.core` holds the class (the log, the derived state,
the lawful flow and the application of the consequences the Laws return); each family
of the Laws has a module of what the table keeps and recognises for it (``auction``,
``leads``, ``penalty_cards``, ``revokes``, ``tricks``, ``dummy``, ``claims``,
``director``), whose functions are the class's methods.  The rules are in
:mod:`bridgelaws.laws`, never here.

>>> from bridgelaws.table import Table
>>> from bridgelaws.boards import Board
>>> from bridgelaws.cards import Deal
>>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")
>>> t = Table(Board(1, deal))
>>> for c in ["2N", "P", "3N", "P", "P", "P"]:
...     t.call(c)
>>> t.phase, str(t.contract), t.declarer_name, t.to_act_name   # the phase is a str enum
(<Phase.PLAY: 'play'>, '3N', 'N', 'E')
>>> t.play("C9"); sorted(t.legal_card_names())
['C4', 'CA']
>>> t.call("P", by="W")                    # nobody calls after the final pass
>>> t.irregularities[-1].kind, t.laws
('call_after_final_pass', ['39', '39A', '39B'])
"""

from .constants import AUCTION, CLAIM_PROCEDURE, COMPLETE, DECISION, PLAY, REGULATION, Phase
from .core import Table
from .errors import IrregularEvent, QuestionRefused, TableError
from .revokes import Revoke

__all__ = ["Table", "TableError", "IrregularEvent", "QuestionRefused", "Revoke", "Phase",
           "AUCTION", "PLAY", "DECISION", "COMPLETE", "REGULATION", "CLAIM_PROCEDURE"]
