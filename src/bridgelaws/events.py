"""The things that happen at a table, irregular ones included.

A :class:`~bridgelaws.table.Table` is a log of these events; everything else is
derived from the log.  Seats, calls and cards are the small integers of
:mod:`bridgelaws.cards` and :mod:`bridgelaws.calls`.

>>> from bridgelaws.events import MakeCall, PlayCard
>>> from bridgelaws.calls import parse_call
>>> MakeCall(by=2, call=parse_call("1H"))
MakeCall(by=2, call=5, artificial=False, comparable=None, replaces=None)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Event", "MakeCall", "PlayCard", "ExposeCard", "Choose", "DrawAttention",
           "Claim", "Concede", "Respond"]


@dataclass(slots=True)
class Event:
    """Something a player did; ``by`` is the seat (0..3) that acted.

    Events are values: once applied to a table they are never changed.  (They
    are not frozen dataclasses only because freezing doubles the cost of making
    one, and replaying real events makes hundreds of thousands.)
    """
    by: int


@dataclass(slots=True)
class MakeCall(Event):
    """A call, in turn or not, legal or not.

    ``artificial`` and ``comparable`` carry the Director's judgements (Laws 23,
    29C); ``comparable=None`` means no judgement was given.  ``replaces`` marks a
    call that takes the place of the caller's own last call: ``"unintended"`` (the
    Director judged the first call unintended, Law 25A) or ``"misinformation"``
    (it could well have been based on misinformation, Law 21B1a).
    """
    call: int
    artificial: bool = False
    comparable: bool | None = None
    replaces: str | None = None


@dataclass(slots=True)
class PlayCard(Event):
    """A card led or played, in turn or not.  A card from dummy is played ``by`` dummy's seat."""
    card: int


@dataclass(slots=True)
class ExposeCard(Event):
    """A card exposed other than by playing it: dropped, shown or named.

    ``deliberate`` marks a card exposed by a deliberate act rather than by accident
    (a defender's card so exposed is a major penalty card, Law 50B).
    """
    card: int
    deliberate: bool = False


@dataclass(slots=True)
class Choose(Event):
    """The answer to the pending decision, with the option's arguments where it has any."""
    option: str
    suit: int | None = None
    suits: tuple[int, ...] | None = None
    card: int | None = None


@dataclass(slots=True)
class DrawAttention(Event):
    """Attention drawn to an irregularity, e.g. ``what="revoke"`` (Law 62)."""
    what: str


@dataclass(slots=True)
class Claim(Event):
    """A claim that the claimer's side will win ``tricks`` of the remaining tricks (Law 68A).

    ``line`` is the claimer's statement, an ordered list of card or suit names,
    when one was recorded (Law 68C).
    """
    tricks: int
    line: tuple[str, ...] | None = None


@dataclass(slots=True)
class Concede(Event):
    """A concession of ``tricks`` of the remaining tricks to the opponents (Law 68B)."""
    tricks: int


@dataclass(slots=True)
class Respond(Event):
    """An answer to a claim or concession: ``"accept"`` or ``"dispute"``."""
    answer: str
