"""A contested claim (Law 70): advice to the Director from a double-dummy search.

Law 70A: the Director rules a contested claim as equitably as possible to both
sides, but *any doubtful point is resolved against the claimer*; 70D1: no
successful line outside the claimer's statement is accepted if a less successful
normal line exists, and "normal" includes play that would be careless or inferior
for the player concerned.  This module turns that into a finite search: it plays
out the remaining cards from the position at the claim, with the claimer's side
following its statement where the statement says something and playing every
*normal* way where it does not, the defenders playing double dummy, and reports
the fewest tricks the claimer's side takes and the line that gives them.  The
result is **advice** to the Director, never a ruling ("70" and "12C" stand with
every result; the Director still judges, for instance, whether the claimer was
at all likely to be unaware of an outstanding trump, 70C2).

The statement (the claim event's ``"line"``)
---------------------------------------------

An ordered list of items, each one of:

``"SA"`` (a card: suit then rank, ``T`` or ``10`` for a ten)
    The card is played by the hand of the claimer's side that holds it, at that
    hand's first turn at which it is led, or follows to a trick led in its suit
    (when the claimer's side is winning the trick or the card wins it so far: a
    stated finesse of the queen is not carried out after an opponent has played
    the king).  It is not taken as a discard or a ruff.  While it waits, the
    other hand's turns, and the stated hand's other turns, are unstated (below).
``"S"``, ``"H"``, ``"D"``, ``"C"`` or ``"spades"``, ``"hearts"``, ``"diamonds"``, ``"clubs"``
    "Play that suit from the top": whenever a hand of the claimer's side that
    holds the suit is on lead, it leads its highest card of the suit (the
    default order of 70E2); when the claimer's side follows to a trick in that
    suit, *any* card of the suit may be played, so the order in which the two
    hands spend their cards is open: a failure to unblock and an overtake are
    both tried (careless or inferior, 70 footnote).  The item lasts until the
    claimer's side holds no card of the suit.
``"rest"``
    The remaining cards are played in any normal order.  It may only be the last
    item; it says nothing that the end of the list does not say, since every
    play the statement does not cover is tried in every normal way (70D1).

Items are taken in order: an item becomes the current one when those before it
are done (a card played, a suit exhausted).  A card or suit that the claimer's
side does not hold at the claim is an error, so is an unknown word.  No
statement at all is the same as ``["rest"]``.

Normal play where the statement is silent
-----------------------------------------

- **Leads** by the claimer's side: any suit the hand on lead holds, led from the
  top (70E2).  The order of the suits is open: the least favourable order is
  taken, so cashing side winners before drawing an outstanding trump (70C) or
  blocking a suit (70D1) is found.
- **Following suit** with an opponent still to play, when the claimer's side is
  not already winning the trick: the highest card of the suit, or any card that
  double dummy rates best; the least favourable of these is taken, so a finesse
  that was not stated is not credited (70E1).
- **Other follows, discards and ruffs**: the cards double dummy rates best, the
  most favourable of them taken (a claimer is not supposed to throw a winner away
  or to fail to win a trick he is sure to win: that would be irrational, not
  careless).
- **Defenders**: at each of their turns, every card that double dummy (DDS, with
  best play by both sides from then on) rates best; the least favourable to the
  claimer is taken.

Options, by edition (:meth:`ClaimLaws.claim_aid_options`, passed on by
:func:`advise_table`):

- ``partner_open`` (2017 70D2, default true): in a **defender's** claim no part that
  depends on his partner choosing one of several normal plays is accepted, so the
  partner's follows and discards are the least favourable of the normal ones (the
  cards double dummy rates best and the lowest card of each suit he may play); false
  (the 1997 Laws, which have no 70D2): the partner's follows and discards are taken as
  the claimer's own (double dummy's best).
- ``default_order`` (2017 70E2, default true): the regulating authority's default order
  of play within a suit, "from the top", is how a suit is led; false (1997, where no
  such default exists): a lead may also be the suit's lowest card, the least
  favourable taken (leading low from the top is careless, and careless play is
  normal, 70 footnote; the middle cards are left out to keep the search small, since
  they seldom give a worse line than the lowest).

Limits, to be weighed by the Director: the defenders' cards are the ones best
against *best* play by the claimer, not against the careless line (a defence
that only gains against a careless claimer is not searched); discards and ruffs
by the claimer's side are taken as double dummy plays them; penalty cards and
lead restrictions in force are not applied; whether a line is "normal" for this
class of player (70, footnote), and 70C2 (was the claimer at all likely to be
unaware of the trump), stay with the Director.

>>> from bridgelaws.cards import parse_card, mask_of
>>> cards = lambda *names: mask_of(parse_card(n) for n in names)
>>> pos = Position(hands=(cards("D2", "D3"), cards("S2", "C2"), cards("SA", "HA"),
...                       cards("HK", "HQ")), trick=(), leader=2, trump=3, trick_number=12)
>>> advice = advise(pos, claimer=2, claimed=2)
>>> advice.min_tricks, advice.dd_tricks, advice.upheld
(1, 2, False)
>>> advise(pos, claimer=2, claimed=2, line=["SA", "rest"]).min_tricks
2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..cards import BridgeError, SEAT_NAMES, SUIT_MASKS, card_name, parse_card
from ..play import NO_TRUMP, trick_winner
from .consequences import Cite, Consequence, Flag, Refuse, RestoreTricks
from .protocol import Phase, TableView
from .ruling import Irregularity, Ruling

__all__ = ["Position", "Play", "ClaimAdvice", "position_of", "parse_statement", "advise",
           "advise_table", "dd_scores", "advice_lines", "LAWS", "ClaimLaws"]

#: laws behind every piece of claim advice: the Director rules (70A), the aid advises
LAWS = ("70A", "70D1", "70E1", "70E2", "12C")

_SUIT_WORDS = {"S": 3, "H": 2, "D": 1, "C": 0, "SPADES": 3, "HEARTS": 2, "DIAMONDS": 1,
               "CLUBS": 0}
_STRAIN_WORDS = ("clubs", "diamonds", "hearts", "spades")
#: the search gives up beyond this many positions (a claim very early in the play)
MAX_NODES = 200_000

#: the statement's items: ``("card", c)`` or ``("suit", s)``
Item = tuple[str, int]
#: four hands as masks, and the cards of a trick in progress
Hands = tuple[int, ...]
Trick = tuple[int, ...]
#: double dummy: (hands, trick, leader, trump) -> tricks of the side to play after each card
Solver = Callable[[Sequence[int], Sequence[int], int, int], dict[int, int]]


@dataclass(frozen=True)
class Position:
    """The cards still to be played, at a claim.

    ``hands`` are the four seats' unplayed cards as 52-bit masks (the cards of the
    trick in progress are not in them); ``trick`` the cards of the trick in progress
    in play order, led by ``leader``; ``trump`` a suit 0..3 or -1 for notrump;
    ``trick_number`` the number (1..13) of the trick in progress or next to start.
    """
    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    trump: int
    trick_number: int = 1

    @property
    def remaining(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return (sum(h.bit_count() for h in self.hands) + len(self.trick) + 3) // 4


@dataclass(frozen=True)
class Play:
    """One card of the adjudicated line: who, what, and why it was chosen."""
    seat: int
    card: int
    #: "stated" (the statement names it), "open" (the least favourable of the normal
    #: choices the statement leaves open), "stated, open" (a card of a stated suit, the
    #: order left open), "only choice", "double dummy", or "before the claim"
    why: str

    def to_json(self) -> dict[str, str]:
        return {"seat": SEAT_NAMES[self.seat], "card": card_name(self.card), "why": self.why}


@dataclass
class ClaimAdvice:
    """The aid's answer: the fewest tricks the claimer's side takes over the normal lines."""
    claimer: int
    claimed: int
    remaining: int
    statement: tuple[str, ...] | None
    min_tricks: int
    dd_tricks: int
    tricks: list[tuple[int, int, list[Play]]]    # (trick number, winner, plays) of the line
    notes: list[str] = field(default_factory=list)
    laws: list[str] = field(default_factory=lambda: list(LAWS))
    nodes: int = 0

    @property
    def side(self) -> str:
        return "NS" if self.claimer & 1 == 0 else "EW"

    @property
    def upheld(self) -> bool:
        """The claim stands on this analysis: every normal line gives the claimed tricks."""
        return self.min_tricks >= self.claimed

    def to_json(self) -> dict[str, Any]:
        return {
            "advice": "ADVICE to the Director (Law 70A: any doubtful point is resolved "
                      "against the claimer); the Director rules",
            "claimer": SEAT_NAMES[self.claimer],
            "side": self.side,
            "statement": None if self.statement is None else list(self.statement),
            "claimed": self.claimed,
            "remaining": self.remaining,
            "min_tricks": self.min_tricks,
            "dd_tricks": self.dd_tricks,
            "upheld": self.upheld,
            "line": [{"trick": n, "winner": SEAT_NAMES[w], "plays": [p.to_json() for p in plays]}
                     for n, w, plays in self.tricks],
            "notes": list(self.notes),
            "laws": list(self.laws),
        }


# --- reading the position and the statement ---------------------------------------------

def position_of(table: TableView) -> Position:
    """The position of a table in play (reads ``hands``, ``trick``, ``trick_leader``,
    ``trump`` and ``tricks``; the laws package does not import the table)."""
    if table.trick_leader is None:
        raise BridgeError("the play has not started: there is no position to analyse")
    h = table.hands
    return Position((h[0], h[1], h[2], h[3]), tuple(table.trick), table.trick_leader,
                    table.trump, len(table.tricks) + 1)


def parse_statement(line: Sequence[str] | None, pos: Position,
                    claimer: int) -> tuple[Item, ...]:
    """The statement's items as ``("card", c)`` and ``("suit", s)`` (``"rest"`` dropped).

    Raises BridgeError for an unknown word, a card or suit the claimer's side
    does not hold, or ``"rest"`` before the end.
    """
    if line is None:
        return ()
    side_cards = pos.hands[claimer] | pos.hands[claimer ^ 2]
    items = []
    for i, word in enumerate(line):
        w = word.strip()
        if w.lower() == "rest":
            if i != len(line) - 1:
                raise BridgeError(f"the claim's line has {word!r} before its end "
                                  "('rest' may only be the last item)")
            break
        if w.upper() in _SUIT_WORDS:
            s = _SUIT_WORDS[w.upper()]
            if not side_cards & SUIT_MASKS[s]:
                raise BridgeError(f"the claim's line names {_STRAIN_WORDS[s]}, but "
                                  f"{SEAT_NAMES[claimer]} and {SEAT_NAMES[claimer ^ 2]} hold none")
            items.append(("suit", s))
            continue
        try:
            c = parse_card(w)
        except BridgeError:
            raise BridgeError(f"the claim's line has {word!r}, which is neither a card (SA), "
                              "a suit (S or spades) nor 'rest'") from None
        if not side_cards >> c & 1:
            raise BridgeError(f"the claim's line names {card_name(c)}, which neither "
                              f"{SEAT_NAMES[claimer]} nor {SEAT_NAMES[claimer ^ 2]} holds")
        items.append(("card", c))
    return tuple(items)


# --- double dummy ------------------------------------------------------------------------

def dd_scores(hands: Sequence[int], trick: Sequence[int], leader: int, trump: int) -> dict[int, int]:
    """DDS (SolveBoard, through endplay's public ``endplay.dds.solve_board``) on a position:
    every legal card of the seat to play with the tricks its side then takes, the trick in
    progress included."""
    from endplay.dds import solve_board
    from endplay.types import Player
    from ..cards import Deal, card_from_endplay, card_to_endplay, strain_to_endplay
    deal = Deal(hands).to_endplay()
    deal.trump = strain_to_endplay(4 if trump == NO_TRUMP else trump)
    deal.first = Player(leader)
    for card in trick:
        deal.play(card_to_endplay(card), from_hand=False)
    from ..analysis import DDS_LOCK
    try:
        with DDS_LOCK:                          # one DDS call at a time (analysis.DDS_LOCK)
            solved = list(solve_board(deal))
    except RuntimeError as e:                   # endplay raises DDSError on DDS's error codes
        raise BridgeError(f"DDS could not solve the position: {e}") from None
    return {card_from_endplay(card): tricks for card, tricks in solved}


# --- the search ----------------------------------------------------------------------------

class _Search:
    """Alpha-beta over the normal lines, with a table of bounds and double dummy as an
    upper bound: the claimer's side never does better than double dummy from any
    position, since its choices are double dummy's or fewer and the defenders play
    double dummy (so a line whose double-dummy value is already low ends the search)."""

    def __init__(self, pos: Position, claimer: int, items: tuple[Item, ...],
                 solver: Solver = dd_scores, max_nodes: int = MAX_NODES, *,
                 partner_open: int | None = None, default_order: bool = True):
        self.trump = pos.trump
        self.side = claimer & 1
        #: the seat whose every normal follow or discard is tried (70D2): a defending
        #: claimer's partner, else None
        self.partner_open = partner_open
        self.default_order = default_order
        self.items = items
        self.solver = solver
        self.max_nodes = max_nodes
        self.table: dict[tuple[Hands, Trick, int, int], list[Any]] = {}
        self.nodes = 0

    def _head(self, qi: int, hands: Hands) -> int:
        """The index of the current item: items done (card played, suit exhausted) skipped."""
        side_cards = hands[self.side] | hands[self.side + 2]
        while qi < len(self.items):
            kind, x = self.items[qi]
            if kind == "card" and side_cards >> x & 1:
                return qi
            if kind == "suit" and side_cards & SUIT_MASKS[x]:
                return qi
            qi += 1
        return qi

    def _node(self, hands: Hands, trick: Trick, leader: int, qi: int) -> list[Any]:
        """The table entry of a position: [lower, upper, moves, pick, why, bound per move]."""
        key = (hands, trick, leader, qi)
        entry = self.table.get(key)
        if entry is None:
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise BridgeError(f"the claim is too early for the aid: more than "
                                  f"{self.max_nodes} positions to search")
            seat = (leader + len(trick)) & 3
            remaining = (sum(h.bit_count() for h in hands) + len(trick) + 3) // 4
            scores = self.solver(hands, trick, leader, self.trump)
            if seat & 1 != self.side:
                scores = {c: remaining - v for c, v in scores.items()}
            moves, pick, why = self._moves(hands, trick, leader, qi, scores)
            bound = {c: scores[c] for c in moves}
            entry = [0, max(bound.values()) if pick == "max" else min(bound.values()),
                     moves, pick, why, bound]
            self.table[key] = entry
        return entry

    def value(self, hands: Hands, trick: Trick, leader: int, qi: int,
              alpha: int = -1, beta: int = 14) -> int:
        """Tricks the claimer's side takes from here (the trick in progress included),
        fail-soft within ``(alpha, beta)``."""
        if not trick and not any(hands):
            return 0
        qi = self._head(qi, hands)
        entry = self._node(hands, trick, leader, qi)
        lo: int = entry[0]
        hi: int = entry[1]
        moves, pick, _why, bound = entry[2:]
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        if pick == "max":
            best = -1
            for card in sorted(moves, key=lambda c: -bound[c]):
                if bound[card] <= best:
                    continue                          # cannot beat what is found
                best = max(best, self._child(hands, trick, leader, qi, card, max(a, best), b))
                if best >= b:
                    break
        else:
            best = 14
            for card in sorted(moves, key=lambda c: bound[c]):
                best = min(best, self._child(hands, trick, leader, qi, card, a, min(b, best)))
                if best <= a:
                    break
        if best <= a:
            entry[1] = min(hi, best)
        elif best >= b:
            entry[0] = max(lo, best)
        else:
            entry[0] = entry[1] = best
        return best

    def _child(self, hands: Hands, trick: Trick, leader: int, qi: int, card: int,
               alpha: int = -1, beta: int = 14) -> int:
        hands, trick, leader, qi, won = self._after(hands, trick, leader, qi, card)
        return won + self.value(hands, trick, leader, qi, alpha - won, beta - won)

    def _after(self, hands: Hands, trick: Trick, leader: int, qi: int,
               card: int) -> tuple[Hands, Trick, int, int, int]:
        """The position after ``card`` is played, and the tricks it gave the claimer."""
        seat = (leader + len(trick)) & 3
        after = list(hands)
        after[seat] &= ~(1 << card)
        hs = tuple(after)
        t = trick + (card,)
        if qi < len(self.items) and self.items[qi] == ("card", card):
            qi += 1
        if len(t) < 4:
            return hs, t, leader, qi, 0
        winner = trick_winner(t, leader, self.trump)
        return hs, (), winner, qi, int(winner & 1 == self.side)

    def exact(self, hands: Hands, trick: Trick, leader: int, qi: int) -> int:
        """The exact value, by null-window searches (MTD(f)) from double dummy down."""
        lo, hi = 0, 13
        g = self.value(hands, trick, leader, qi, 13, 14)     # at most double dummy
        hi = g
        while lo < hi:
            beta = g + 1 if g == lo else g
            v = self.value(hands, trick, leader, qi, beta - 1, beta)
            if v < beta:
                hi = v
            else:
                lo = v
            g = v
        return lo

    def _moves(self, hands: Hands, trick: Trick, leader: int, qi: int,
               scores: dict[int, int]) -> tuple[list[int], str, str]:
        """The cards tried at this turn, whether the least (``"min"``) or most (``"max"``)
        favourable to the claimer is kept, and why (for the line).  ``scores`` are double
        dummy's tricks for the claimer's side after each legal card."""
        seat = (leader + len(trick)) & 3
        hand = hands[seat]
        led = trick[0] // 13 if trick else None
        others = 0
        for s in range(4):
            if s != seat:
                others |= hands[s]
        for c in trick:
            others |= 1 << c
        if seat & 1 != self.side:                                      # a defender
            low = min(scores.values())
            return _ends([c for c, v in scores.items() if v == low], others), "min", \
                "double dummy"
        top = max(scores.values())
        best = [c for c, v in scores.items() if v == top]
        item = self.items[qi] if qi < len(self.items) else None
        if led is None:                                               # a lead
            if item is not None:
                kind, x = item
                if kind == "card" and hand >> x & 1:
                    return [x], "min", "stated"
                if kind == "suit" and hand & SUIT_MASKS[x]:
                    if self.default_order:
                        return [_top(hand, x)], "min", "stated"               # 70E2
                    ends = sorted({_top(hand, x), _low(hand, x)})
                    return ends, "min", "stated, open" if len(ends) > 1 else "stated"
            suits = [s for s in range(4) if hand & SUIT_MASKS[s]]
            leads = [_top(hand, s) for s in suits]                             # 70E2
            if not self.default_order:
                leads = sorted(set(leads) | {_low(hand, s) for s in suits})
            return leads, "min", "open" if len(leads) > 1 else "only choice"
        follows = hand & SUIT_MASKS[led]
        if item is not None and follows:
            kind, x = item
            if kind == "card" and x // 13 == led and hand >> x & 1 and (
                    _winning(trick, leader, self.trump) & 1 == self.side
                    or _winning(trick + (x,), leader, self.trump) == seat):
                return [x], "min", "stated"
            if kind == "suit" and x == led:
                cards = [c for c in range(52) if follows >> c & 1]
                return cards, "min", "stated, open" if len(cards) > 1 else "stated"
        if follows and len(trick) < 3 and _winning(trick, leader, self.trump) & 1 != self.side:
            cards = sorted(set(best) | {_top(hand, led)})             # 70E1: no unstated finesse
            return cards, "min", "open" if len(cards) > 1 else "double dummy"
        if seat == self.partner_open:
            # 70D2: the defending claimer's partner may choose any normal card: the
            # lowest of each suit he may play is one, besides double dummy's best
            legal = follows if follows else hand
            cards = sorted(set(_ends(best, others)) | {_low(legal, s) for s in range(4)
                                                        if legal & SUIT_MASKS[s]})
            return cards, "min", "open" if len(cards) > 1 else "double dummy"
        return _ends(best, others), "max", "double dummy"

    def line(self, hands: Hands, trick: Trick, leader: int, qi: int, first_trick: int,
             value: int) -> list[tuple[int, int, list[Play]]]:
        """The plays of a line that gives ``value``, grouped by trick."""
        out = []
        plays = [Play((leader + i) & 3, c, "before the claim") for i, c in enumerate(trick)]
        number = first_trick
        while trick or any(hands):
            qi = self._head(qi, hands)
            _lo, _hi, moves, pick, why, _bound = self._node(hands, trick, leader, qi)
            for card in moves:
                if self._child(hands, trick, leader, qi, card, value - 1, value + 1) == value:
                    break
            else:
                raise AssertionError("no move keeps the value")   # the search is inconsistent
            seat = (leader + len(trick)) & 3
            plays.append(Play(seat, card, why))
            hands, trick2, leader2, qi, won = self._after(hands, trick, leader, qi, card)
            value -= won
            if not trick2:
                out.append((number, leader2, plays))
                plays, number = [], number + 1
            trick, leader = trick2, leader2
        return out


def _top(hand: int, suit: int) -> int:
    return (hand & SUIT_MASKS[suit]).bit_length() - 1


def _low(hand: int, suit: int) -> int:
    m = hand & SUIT_MASKS[suit]
    return (m & -m).bit_length() - 1


def _winning(trick: Trick, leader: int, trump: int) -> int:
    """The seat whose card is winning an unfinished trick so far."""
    led = trick[0] // 13
    best_i, best = 0, -1
    for i, c in enumerate(trick):
        s = c // 13
        v = 26 + c % 13 if s == trump else 13 + c % 13 if s == led else -1
        if v > best:
            best, best_i = v, i
    return (leader + best_i) & 3


def _ends(cards: list[int], others: int) -> list[int]:
    """Of cards that double dummy rates equal, the lowest and the highest of each suit
    (what keeps the search small: which middle card is kept seldom matters), the highest
    left out when no card of ``others`` (the other hands and the trick) lies between."""
    low: dict[int, int] = {}
    high: dict[int, int] = {}
    for c in cards:
        s = c // 13
        low[s] = min(low.get(s, c), c)
        high[s] = max(high.get(s, c), c)
    out = set(low.values())
    for s, h in high.items():
        if others & ((1 << h) - (1 << low[s])):
            out.add(h)
    return sorted(out)


# --- the advice ----------------------------------------------------------------------------

def advise(pos: Position, claimer: int, claimed: int, line: Sequence[str] | None = None,
           *, solver: Solver = dd_scores, max_nodes: int = MAX_NODES,
           claimer_defends: bool = False, partner_open: bool = True,
           default_order: bool = True) -> ClaimAdvice:
    """Advice on a claim by ``claimer`` of ``claimed`` of the remaining tricks (the trick
    in progress included), with the statement ``line`` (see the module's documentation).
    ``claimer_defends``: the claimer is a defender (his partner's normal choices then go
    against the claim when ``partner_open``, 70D2); ``default_order``: suits are led
    from the top (70E2)."""
    if not 0 <= claimer <= 3:
        raise BridgeError(f"unknown claimer {claimer!r}")
    remaining = pos.remaining
    if not 0 <= claimed <= remaining:
        raise BridgeError(f"a claim of {claimed} tricks, but {remaining} remain")
    items = parse_statement(line, pos, claimer)
    search = _Search(pos, claimer, items, solver, max_nodes,
                     partner_open=claimer ^ 2 if claimer_defends and partner_open else None,
                     default_order=default_order)
    hands, trick = tuple(pos.hands), tuple(pos.trick)
    if not trick and not any(hands):
        raise BridgeError("no cards remain to be played")
    low = search.exact(hands, trick, pos.leader, 0)
    to_play = (pos.leader + len(trick)) & 3
    scores = solver(hands, trick, pos.leader, pos.trump)
    dd = max(scores.values())
    if to_play & 1 != claimer & 1:
        dd = remaining - dd
    notes = []
    laws = [law for law in LAWS if law != "70E2" or default_order]
    if claimer_defends and partner_open:
        laws.insert(laws.index("70E1"), "70D2")
    defenders = pos.hands[claimer ^ 1] | pos.hands[claimer ^ 3]
    if pos.trump != NO_TRUMP and defenders & SUIT_MASKS[pos.trump]:
        named = any(k == "suit" and x == pos.trump or k == "card" and x // 13 == pos.trump
                    for k, x in items)
        if not named:
            n = (defenders & SUIT_MASKS[pos.trump]).bit_count()
            notes.append(f"70C: the defenders hold {n} trump{'s' if n > 1 else ''} that the "
                         "statement does not mention; the Director judges whether the claimer "
                         "was at all likely to be unaware of it (70C2)")
            laws.insert(1, "70C")
    if low < dd:
        notes.append(f"70D1: double-dummy play gives {dd} tricks, but a normal line consistent "
                     f"with the statement gives only {low}")
    return ClaimAdvice(claimer, claimed, remaining, None if line is None else tuple(line),
                       low, dd, search.line(hands, trick, pos.leader, 0, pos.trick_number, low),
                       notes, laws, search.nodes)


def advise_table(table: TableView, *, solver: Solver = dd_scores) -> ClaimAdvice:
    """Advice on the claim awaiting answers or disputed at a table (read through its
    attributes ``claim``, ``events`` and the position), with the options of the table's
    edition (:meth:`ClaimLaws.claim_aid_options`)."""
    c = table.claim
    last = len(table.events) - 1
    where = f"event {last}" if last >= 0 else "case"
    if c is None:
        raise BridgeError("the case does not end with a claim awaiting answers or disputed "
                          "(Laws 68D, 70)", where)
    if c["kind"] != "claim":
        raise BridgeError("the case ends with a concession, not a claim (Law 71)", where)
    try:
        options = table.edition.claim_aid_options()
        return advise(position_of(table), c["by"], c["claimer_tricks"], c.get("line"),
                      solver=solver, claimer_defends=c["by"] not in (table.declarer, table.dummy),
                      **options)
    except BridgeError as e:
        raise BridgeError(e.reason, f"event {c['event']}") from None


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def advice_lines(a: ClaimAdvice) -> list[str]:
    """The advice as text for the Director."""
    seat = SEAT_NAMES[a.claimer]
    statement = "none" if not a.statement else " ".join(a.statement)
    out = ["ADVICE to the Director (Law 70A: any doubtful point is resolved against the "
           "claimer); the Director rules",
           f"claim: {seat} ({a.side}) claims {a.claimed} of the {a.remaining} remaining tricks; "
           f"statement: {statement}",
           f"double-dummy best play: {_tricks(a.dd_tricks)} for {a.side}",
           f"least favourable normal line: {_tricks(a.min_tricks)} for {a.side}"]
    for number, winner, plays in a.tricks:
        cards = ", ".join(f"{SEAT_NAMES[p.seat]} {card_name(p.card)}"
                          + ("" if p.why == "double dummy" else f" ({p.why})") for p in plays)
        out.append(f"  trick {number:2d}: {cards}  -> {SEAT_NAMES[winner]}")
    verdict = ("claim upheld by this analysis" if a.upheld else
               f"claim not upheld by this analysis: {_tricks(a.min_tricks)} to {a.side}, "
               f"{a.remaining - a.min_tricks} to the defenders")
    out.append(verdict)
    out.extend(f"note: {n}" for n in a.notes)
    out.append("laws: " + " ".join(a.laws))
    return out


# --- the hooks of an edition for claims and concessions (Laws 68-71) -------------------------

_CLAIM_MADE, _CONCESSION_MADE = Cite("68A"), Cite("68B1")     # values, made once


class ClaimLaws:
    """The hooks of claims and concessions (Laws 68-71), answered as in 2017.

    The table keeps the claim awaiting answers; these hooks say who answers it, what a
    partner's objection, an agreement and the Director's rulings on it bring."""

    def claim_aid_options(self) -> dict[str, bool]:
        """How the claim aid (:func:`advise`) reads a claim under this edition: 70D2 (a
        defender's claim does not rest on his partner's choice among normal plays) and
        70E2 (the regulating authority's default order, from the top)."""
        return {"partner_open": True, "default_order": True}

    def claim_made(self, table: TableView, claimer: int, is_claim: bool) -> Cite:
        """Law 68A: a claim of some tricks concedes the others; 68B1: a concession."""
        return _CLAIM_MADE if is_claim else _CONCESSION_MADE

    def claim_answered_by(self, table: TableView, claimer: int) -> tuple[int, int]:
        """Laws 68A, 68B, 69A: the opponents of the claimer answer his claim or
        concession: declarer's by both defenders, a defender's by declarer and dummy."""
        declarer = table.declarer
        assert declarer is not None
        if claimer == declarer:
            return (claimer + 1) & 3, (claimer + 3) & 3
        return declarer, ((claimer + 1) & 3 if (claimer + 1) & 3 != declarer
                          else (claimer + 3) & 3)

    def claim_agreed(self, table: TableView) -> str:
        """Law 69A: a claim or concession agreed by the opponents: the tricks are scored
        as stated."""
        return "69A"

    def concession_objected_by_partner(self, table: TableView, irr: Irregularity) -> Ruling:
        """Law 68B2: a defender concedes and his partner objects at once: there is neither
        a concession nor a claim, and play goes on; cards the defender showed are no
        penalty cards, but the information is unauthorised to his partner (16C)."""
        return Ruling(irr, ("68B2",), None, consequences={
            "now": [Cite("68B2"), Flag("UI", "16C", irr.by)]})

    def play_on_after_claim(self, table: TableView) -> list[Consequence]:
        """Law 68D2b: at the non-claiming side's request, all four agree to play on after
        a disputed claim: the claim is void and play goes on."""
        return [Cite("68D2b")]

    def claim_decided(self, table: TableView, remaining: int,
                      tricks: int | None) -> Cite | Refuse:
        """Law 70: the Director awards ``tricks`` of the ``remaining`` tricks to the side
        his ruling names."""
        if tricks is None or not 0 <= tricks <= remaining:
            return Refuse(f"Law 70: the Director awards 0 to {remaining} of the remaining "
                          f"tricks, not {tricks!r}", "claim.70",
                          (("remaining", remaining), ("tricks", "—" if tricks is None else tricks)))
        return Cite("70")

    #: the grounds of Law 71 (2017: A, a trick the side had in fact won; B, one no
    #: normal play could lose)
    concession_grounds = {"won": "71A", "normal": "71B"}

    def tricks_given_back(self, table: TableView, what: str, seat: int,
                          tricks: int | None, *, ground: str | None = None,
                          in_time: bool | None = None) -> list[Consequence]:
        """Law 69B: within the correction period an acquiescence in a claim is withdrawn
        for a trick the side would likely have won; Law 71: a concession of a trick
        that could not be lost by any normal play is cancelled.  ``tricks`` go back to
        ``seat``'s side."""
        side = seat & 1
        law = "69B" if what == "acquiescence_withdrawn" else "71"
        if ground is not None and law == "71":
            if ground not in self.concession_grounds:
                return [Refuse(f"Law 71: the grounds for cancelling a concession are "
                               f"{', '.join(self.concession_grounds)}, not {ground!r}",
                               "claims.71_ground",
                               (("grounds", ", ".join(self.concession_grounds)),))]
            law = self.concession_grounds[ground]
            late = self.concession_deadline_passed(ground, in_time)
            if late is not None:
                return [late]
        if table.phase != Phase.COMPLETE or not any(x in table.laws for x in ("69A", "70")):
            return [Refuse(f"Law {law}: there is no agreed claim or concession to correct",
                           "claim.none_agreed", (("law", law),))]
        other = table.won[side ^ 1]
        if tricks is None or not 1 <= tricks <= other:
            return [Refuse(f"Law {law}: the tricks given back to {SEAT_NAMES[seat]}'s "
                           f"side are 1 to {other}, not {tricks!r}", "claim.given_back",
                           (("law", law), ("seat", seat), ("most", other),
                            ("tricks", "—" if tricks is None else tricks)))]
        return [RestoreTricks(side, tricks), Cite(law)]

    def concession_deadline_passed(self, ground: str, in_time: bool | None) -> Refuse | None:
        """Whether it is too late to cancel a concession on ``ground``: in 2017 every
        ground runs to the end of the correction period (71), which the Director's
        ruling within it shows; ``None``: not too late."""
        return None

