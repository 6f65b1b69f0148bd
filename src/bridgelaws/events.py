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

__all__ = ["CALL_EVENTS", "CARD_EVENTS", "Event", "MakeCall", "PlayCard", "PlayCards", "Omit", "ChangePlay", "Designate",
           "ExposeCard", "Choose", "DrawAttention", "Question", "Answer", "Claim", "Concede",
           "Respond", "Director"]


@dataclass(slots=True, frozen=True)
class Event:
    """Something a player did; ``by`` is the seat (0..3) that acted.

    Events are values, frozen: a table's log cannot be changed behind its back, and
    the plainly lawful calls and cards of a replay share one event each
    (:data:`CALL_EVENTS`, :data:`CARD_EVENTS`) instead of making one per act.
    """
    by: int


@dataclass(slots=True, frozen=True)
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


@dataclass(slots=True, frozen=True)
class PlayCard(Event):
    """A card led or played, in turn or not.  A card from dummy is played ``by`` dummy's seat."""
    card: int


@dataclass(slots=True, frozen=True)
class PlayCards(Event):
    """Two or more cards played together from one hand (Law 58B).

    ``visible`` are the cards whose faces could be seen (all of them when ``None``).
    ``unnoticed`` marks cards that went into the trick unnoticed: the first visible
    card counts as played and the others lie among the played cards until attention
    is drawn to the defective trick (Law 67).
    """
    cards: tuple[int, ...]
    visible: tuple[int, ...] | None = None
    unnoticed: bool = False


@dataclass(slots=True, frozen=True)
class Omit(Event):
    """The player failed to play to the trick in progress; the others went on (Law 67)."""


@dataclass(slots=True, frozen=True)
class ChangePlay(Event):
    """A card played in place of the last card played from ``by``'s hand.

    ``reason`` says why the Laws allow it: ``"unintended"`` (declarer's slip in naming
    dummy's card, Law 45C4b) or ``"not_named"`` (dummy played a card declarer did not
    name, Law 45D).  ``withdrawn`` names dummy's card that is taken back when it is
    not dummy's last card (dummy has since led to the next trick).
    """
    card: int
    reason: str
    withdrawn: int | None = None


@dataclass(slots=True, frozen=True)
class Designate(Event):
    """Declarer's incomplete designation of a card from dummy (Law 46B), by dummy's seat:
    ``"high"``, ``"low"``, ``"win"``, a suit (``"H"``), a rank (``"K"``), a card not in
    dummy, or ``"any"``."""
    words: str


@dataclass(slots=True, frozen=True)
class ExposeCard(Event):
    """A card exposed other than by playing it: dropped, shown or named.

    ``deliberate`` marks a card exposed by a deliberate act rather than by accident
    (a defender's card so exposed is a major penalty card, Law 50B).
    """
    card: int
    deliberate: bool = False


@dataclass(slots=True, frozen=True)
class Choose(Event):
    """The answer to the pending decision, with the option's arguments where it has any."""
    option: str
    suit: int | None = None
    suits: tuple[int, ...] | None = None
    card: int | None = None


@dataclass(slots=True, frozen=True)
class DrawAttention(Event):
    """Attention drawn to an irregularity, or a fact the Director must know.

    ``what``: ``"revoke"`` (Law 62), ``"defective_trick"`` (67), ``"misinformed_lead"``
    (a lead out of turn induced by an opponent's mistaken statement, 47E1),
    ``"misinformed_play"`` (a card played after a mistaken explanation, 47E2a),
    ``"dummy_limits"`` (dummy has looked at a hand, swapped seats or watched declarer,
    43A2), ``"wrong_hand"`` (dummy warns declarer against leading from the wrong hand,
    43B2a), ``"dummy_played"`` (dummy touched, pointed at or played a card without
    declarer's instruction, 45F, 57C2).

    For a revoke, ``offender`` (and ``trick``, 1-based) name the revoke pointed out;
    without them it is the latest revoke not yet corrected.
    """
    what: str
    offender: int | None = None
    trick: int | None = None


@dataclass(slots=True, frozen=True)
class Question(Event):
    """Law 61B: ``by`` asks ``asks``, who failed to follow suit to trick ``trick`` (1-based;
    ``None``: the latest trick where he did), whether he has a card of the suit led.

    Declarer may ask a defender (61B1); dummy may ask declarer (61B2a, and see 43B2b),
    never a defender (61B2b); a defender may ask declarer, and his partner unless the
    event's regulation forbids it (61B3).  The asked player owes the answer
    (:class:`Answer`) before anything else happens.
    """
    asks: int
    trick: int | None = None


@dataclass(slots=True, frozen=True)
class Answer(Event):
    """The true answer of ``by`` to a question of Law 61B: ``"yes"`` (he has a card of the
    suit led: attention is drawn to his revoke, Laws 62-64) or ``"no"``."""
    answer: str


@dataclass(slots=True, frozen=True)
class Claim(Event):
    """A claim that the claimer's side will win ``tricks`` of the remaining tricks (Law 68A).

    ``line`` is the claimer's statement, an ordered list of card or suit names,
    when one was recorded (Law 68C).
    """
    tricks: int
    line: tuple[str, ...] | None = None


@dataclass(slots=True, frozen=True)
class Concede(Event):
    """A concession of ``tricks`` of the remaining tricks to the opponents (Law 68B)."""
    tricks: int


@dataclass(slots=True, frozen=True)
class Respond(Event):
    """An answer to a claim or concession: ``"accept"`` or ``"dispute"``."""
    answer: str


@dataclass(slots=True, frozen=True)
class Director(Event):
    """A ruling of the Director that the table needs as input, where the Laws leave the
    answer to his judgement.  ``by`` is the seat (or side) the ruling concerns.

    ``what``:

    * ``"claim"``: a disputed claim or concession decided (Law 70): ``tricks`` of the
      remaining tricks go to ``by``'s side;
    * ``"play_on"``: at the non-claiming side's request, all four agree to play on
      after a disputed claim; the claim is void (68D2b);
    * ``"acquiescence_withdrawn"``: within the correction period ``by``'s side gets back
      ``tricks`` it had agreed to lose (69B); ``"concession_cancelled"``: likewise for a
      concession of tricks that could not be lost (71), ``ground`` naming the Director's
      finding when given: 2017 ``"won"`` (the side had in fact won the trick, 71A) or
      ``"normal"`` (no normal play could lose it, 71B); 1997 ``"legal"`` (no legal play
      could lose it, 71A), ``"contract"`` (the concession would defeat a contract
      already made, or make one already defeated, 71B) or ``"normal"`` (71C, with
      ``value`` false when it was raised only after the conceding side called on a later
      board or the round ended: too late);
    * ``"cards_corrected"``: a hand with a wrong number of cards put right before any
      call by a player with a wrong hand; ``value`` is whether someone saw another
      player's card (13A);
    * ``"wrong_count_after_call"``: found after such a player called; ``value`` is
      whether the board can be played with no call changed (13B);
    * ``"surplus_card"``: a card foreign to the deal removed; ``value`` is whether it
      was played to a completed trick (13C);
    * ``"wrong_count_after_play"``: found after play ended (13D);
    * ``"missing_card"``: ``card`` was missing from ``by``'s hand and is restored (14);
    * ``"wrong_board_call"``: ``by`` called holding cards from another board (15A);
    * ``"wrong_board"``: a board not scheduled for the round is being played;
      ``value`` is whether any of the four had played it before (15B);
    * ``"declarer_saw_dummy"``: after an opening lead out of turn declarer could have
      seen dummy's cards, so he must accept the lead (54C);
    * ``"revoke_found_late"``: the established revokes were first pointed out after the
      round ended (``value`` true, 64B5) or after the non-offenders called on the next
      board (false, 64B4): no trick is transferred;
    * ``"ruled"``: the Director has ruled on the last irregular call, so a call the
      offender's LHO makes next comes after the rectification.  Without it, the LHO's
      call right after a call in breach of a bar, a bid above seven or a call after the
      final pass is a call over it before rectification (Laws 37A, 38D, 39B).
    """
    what: str
    tricks: int | None = None
    value: bool | None = None
    card: int | None = None
    ground: str | None = None


#: The one :class:`MakeCall` of each call by each seat with no judgement attached,
#: ``CALL_EVENTS[seat][call]`` (calls 0..37: pass, double, redouble, 1♣ to 7NT).  Events
#: are values, so :meth:`~bridgelaws.table.Table.replay_acts` logs these.
#:
#: >>> CALL_EVENTS[2][5] == MakeCall(2, 5), CALL_EVENTS[2][5] is CALL_EVENTS[2][5]
#: (True, True)
CALL_EVENTS: tuple[tuple[MakeCall, ...], ...] = tuple(
    tuple(MakeCall(seat, call) for call in range(38)) for seat in range(4))

#: The one :class:`PlayCard` of each card by each seat, ``CARD_EVENTS[seat][card]``.
CARD_EVENTS: tuple[tuple[PlayCard, ...], ...] = tuple(
    tuple(PlayCard(seat, card) for card in range(52)) for seat in range(4))
