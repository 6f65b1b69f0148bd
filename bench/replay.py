"""Benchmark: replaying real boards (auction, play, score) through the engine.

What is measured
----------------
Every real board of the shared real data (``lin/**/*.lin`` and, when
:mod:`bridgelaws.formats.pbn` imports and works, ``pbn/**/*.pbn``) that has a
complete deal and an auction, and that the engine replays lawfully to the end
(passed out, thirteen tricks played, or play stopped by a claim), is turned
into plain data *before any timing*: board number, dealer, vulnerability, the
four hands, the calls as ``(seat, call code)`` and the cards as
``(seat, card code)`` in the order played (PBN play sections, which are in
columns, are put in played order once by a bridgelaws ``Table``), and the
declaring side's total tricks when a claim ended the play.

Four contenders then replay all those boards, auction, play and score.  They run
alternately, several rounds (``bench/alternate.py``: in each round every contender
replays all the boards as many times as make a run of about ``--run-seconds``, the
order turning each round, the garbage collector off during a run, as in
``timeit``), and each ratio is the median over the rounds of the baseline's time
over bridgelaws' in the same round (the best single run would flatter the
contender with the shortest runs on a noisy machine):

* **bridgelaws**: ``Table(Board(n, Deal(hands), dealer=, vulnerable=))``, the calls
  and the cards, as the ``(seat, code)`` pairs they are, given to
  ``Table.replay_acts`` (the bulk call: the plainly lawful acts on the table's short
  path, each logged as its shared ``MakeCall``/``PlayCard`` event, the first other one
  through ``apply`` and every rectification) with the declaring side's claimed total
  (``claimed``: declarer's ``Claim`` and both defenders' acceptance, Laws 68A and 69A,
  checked and logged), then ``table.score_ns``.  Everything
  the engine does for a lawful board is in the timing: rotation, sufficiency, the end
  of the auction and the contract, follow-suit, trick winners, the event log.
  ``--one-by-one`` also times the same replay act by act through ``Table.apply``, an
  event made for each act (information).
* **endplay**: ``endplay.types.Deal(pbn, first=opening leader, trump=strain)``
  (the contract from a short loop over the calls, as endplay has no auction
  object), each card checked (held by ``deal.curplayer``, follows suit when able,
  with endplay's ``Hand``/``SuitHolding`` membership and lengths) and played with
  ``Deal.play``; a trick's winner is the new ``deal.first`` after its fourth
  card; scored with ``endplay.types.Contract(...).score(Vul)``.  Cards are
  endplay ``Card`` objects made once for the 52 cards, outside the timing.
* **same-checks loop**: the checks the engine makes of a lawful board, in a tight
  plain-Python loop (``replay_same_checks``: ints and bit masks, no object per card
  or call): each call in rotation from the dealer, each bid sufficient, a double only
  of an opponent's undoubled bid, a redouble only of an opponent's double, the end of
  the auction (three passes after a bid, or four passes) and no call after it, the
  contract and declarer (the first of the side to name the strain), the opening lead
  by declarer's left-hand opponent, each card by the player in turn and held by him,
  follow suit when able, the trick's winner kept card by card with trumps, the next
  leader, thirteen tricks or declarer's claim of no more tricks than are left, and
  Law 77 by ``bridgelaws.scoring.contract.score``.  It is the named baseline of the
  issue's point 12.
* **bare loop**: plain Python, no checks beyond the follow-suit filter (a list
  comprehension over the hand, the card tested against it): hands as lists of
  card ints, the trick winner by ``max`` over the trick, the contract from the
  last bid by a trivial loop, and one call per board to
  ``bridgelaws.scoring.contract.score`` for the Law 77 figure.  Information only:
  it checks less than the engine does.

The North-South scores of every contender (and of bridgelaws act by act) are
compared once, outside the timing; the script fails (exit 1) if they differ anywhere.

It prints boards per second for each (the median over the rounds), the ratios,
and two ``bench`` lines, the last one being the project's headline::

    bench replay-vs-loop: R.RRx same-checks loop (target 0.4x)
    bench replay: R.RRx endplay (target 5.0x)

A verdict line for each (``met`` or ``MISSED``) precedes them; the exit status is 0
all the same (this is a measurement, not a test).

Running it
----------
::

    .venv/bin/python bench/replay.py [REALDATA] [--rounds 7] [--run-seconds 0.5]
                                     [--profile] [--endplay-api] [--one-by-one]

``REALDATA`` defaults to ``$BRIDGELAWS_REALDATA``, else ``<repo>/../shared/realdata``.
``--rounds`` is the number of alternating rounds (default 7), ``--run-seconds`` the
length of one run (default 0.5 s; a run replays all the boards at least once).
``--profile`` also prints a
cProfile of the bridgelaws replay (top 15 by tottime) and a split of its time
measured without the profiler.  The endplay baseline is driven the cheaper of two
ways: the loop keeps the trick's position and led suit itself instead of asking
``deal.curplayer``/``deal.curtrick`` (which build objects on every call);
``--endplay-api`` also times that second, slower driver, for information.
"""

from __future__ import annotations

import argparse
import gc
import glob
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
try:
    import bridgelaws  # noqa: F401
except ImportError:  # run from a checkout without the package installed
    sys.path.insert(0, str(REPO / "src"))

sys.path.insert(0, str(Path(__file__).resolve().parent))
from alternate import alternate, bench_line, median_ratio, verdict  # noqa: E402

from bridgelaws.boards import Board  # noqa: E402
from bridgelaws.cards import Deal, cards_of  # noqa: E402
from bridgelaws.events import Claim, MakeCall, PlayCard, Respond  # noqa: E402
from bridgelaws.formats.lin import read_lin  # noqa: E402
from bridgelaws.formats.replay import replay_record  # noqa: E402
from bridgelaws.scoring.contract import score as law77_score  # noqa: E402
from bridgelaws.table import COMPLETE, Table  # noqa: E402

import endplay  # noqa: E402
from endplay.types import Card as EPCard  # noqa: E402
from endplay.types import Contract as EPContract  # noqa: E402
from endplay.types import Deal as EPDeal  # noqa: E402
from endplay.types import Denom, Penalty, Player, Rank, Vul  # noqa: E402

#: files that are known not to parse (negative tests of the PBN readers)
KNOWN_BAD = ("sm1_corrupted_deal_board3.pbn",)
KNOWN_BAD_PREFIX = ("pbn_reference_impl_tests/errors_",)

STAT_ORDER = (
    "lin files read", "lin files that fail to parse", "pbn files read",
    "pbn files skipped (known not to parse)", "pbn files that fail to parse",
    "pbn files not read (no PBN reader)", "records", "records without a complete deal",
    "records with neither auction nor play", "loaded: complete deal and auction and/or play",
    "  not benchmarked: play but no auction", "  not benchmarked: replay raised",
    "  not benchmarked: engine refused an event", "  not benchmarked: irregular",
    "  not benchmarked: auction or play incomplete, no claim", "benchmarked",
)


# --- the plain data of one board -------------------------------------------------------

class Prepared:
    """One board as plain data; nothing here is an engine object."""

    __slots__ = ("source", "number", "dealer", "vulnerable", "hands", "hand_lists", "pbn",
                 "calls", "plays", "claim", "score")

    def __init__(self, source, number, dealer, vulnerable, hands, pbn, calls, plays, claim,
                 score):
        self.source = source
        self.number = number            # int or None
        self.dealer = dealer            # seat 0..3
        self.vulnerable = vulnerable    # "none" / "NS" / "EW" / "all"
        self.hands = hands              # 4 card masks, by seat
        self.hand_lists = tuple(tuple(cards_of(h)) for h in hands)  # 4 tuples of card ints
        self.pbn = pbn                  # "N:... ... ... ..."
        self.calls = calls              # ((seat, call code), ...)
        self.plays = plays              # ((seat, card code), ...) in played order
        self.claim = claim              # declaring side's total tricks, or None
        self.score = score              # NS score the preparing table gave

    def key(self):
        return (self.dealer, self.vulnerable, self.hands, self.calls, self.plays, self.claim)


def realdata_path(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    env = os.environ.get("BRIDGELAWS_REALDATA")
    if env:
        return Path(env)
    return REPO.parent / "shared" / "realdata"


def pbn_reader():
    """``(read_pbn, None)`` when :mod:`bridgelaws.formats.pbn` imports, else ``(None, why)``."""
    try:
        from bridgelaws.formats import pbn
    except Exception as e:  # not written yet, or broken mid-edit
        return None, f"{type(e).__name__}: {e}"
    read = getattr(pbn, "read_pbn", None)
    if not callable(read):
        return None, "bridgelaws.formats.pbn has no read_pbn"
    return read, None


def load_records(realdata: Path, stats: Counter, notes: list[str]):
    """``[(file label, BoardRecord)]`` of every file that parses."""
    out = []
    lin_files = sorted(glob.glob(str(realdata / "lin" / "**" / "*.lin"), recursive=True))
    for f in lin_files:
        label = os.path.relpath(f, realdata)
        try:
            recs = read_lin(f)
        except Exception as e:
            stats["lin files that fail to parse"] += 1
            notes.append(f"skipped {label}: {e}")
            continue
        stats["lin files read"] += 1
        out.extend((label, r) for r in recs)
    pbn_files = sorted(glob.glob(str(realdata / "pbn" / "**" / "*.pbn"), recursive=True))
    read_pbn, why = pbn_reader()
    if read_pbn is None:
        stats["pbn files not read (no PBN reader)"] += len(pbn_files)
        notes.append(f"PBN reader unavailable ({why}): LIN files only")
        return out
    pbn_out = []
    for f in pbn_files:
        label = os.path.relpath(f, realdata)
        if os.path.basename(f) in KNOWN_BAD or any(p in label for p in KNOWN_BAD_PREFIX):
            stats["pbn files skipped (known not to parse)"] += 1
            continue
        try:
            recs = list(read_pbn(f))
        except Exception as e:
            stats["pbn files that fail to parse"] += 1
            notes.append(f"skipped {label}: {type(e).__name__}: {str(e)[:120]}")
            continue
        stats["pbn files read"] += 1
        pbn_out.extend((label, r) for r in recs)
    if stats["pbn files read"] == 0 and pbn_files:
        notes.append("PBN reader imports but read no file: LIN files only")
    out.extend(pbn_out)
    return out


def prepare(records, stats: Counter, notes: list[str]) -> list[Prepared]:
    """The boards the engine replays lawfully to the end, as plain data."""
    boards = []
    for label, rec in records:
        stats["records"] += 1
        try:
            deal = Deal.from_pbn(rec.deal) if rec.deal else None
        except Exception:
            deal = None
        if deal is None or not deal.is_complete():
            stats["records without a complete deal"] += 1
            continue
        if not rec.auction and not rec.has_play:
            stats["records with neither auction nor play"] += 1
            continue
        stats["loaded: complete deal and auction and/or play"] += 1
        if not rec.auction:
            stats["  not benchmarked: play but no auction"] += 1
            continue
        try:
            res = replay_record(rec)
        except Exception as e:  # a reader's record the replay cannot take
            stats["  not benchmarked: replay raised"] += 1
            notes.append(f"{label}: replay raised {type(e).__name__}: {str(e)[:120]}")
            continue
        t = res.table
        if t is None or res.error is not None:
            stats["  not benchmarked: engine refused an event"] += 1
            continue
        if t.irregularities:
            stats["  not benchmarked: irregular"] += 1
            continue
        if t.phase != COMPLETE:
            stats["  not benchmarked: auction or play incomplete, no claim"] += 1
            continue
        calls, plays, claim = [], [], None
        for e in t.events:
            tp = type(e)
            if tp is MakeCall:
                calls.append((e.by, e.call))
            elif tp is PlayCard:
                plays.append((e.by, e.card))
            elif tp is Claim:
                claim = t.won[t.declarer & 1]   # the declaring side's total, after the claim
        b = t.board
        boards.append(Prepared(label, b.number, b.dealer, b.vulnerable, tuple(t.deal.hands),
                               t.deal.to_pbn(), tuple(calls), tuple(plays), claim, t.score_ns))
        stats["benchmarked"] += 1
    return boards


# --- a. bridgelaws ------------------------------------------------------------------------

def replay_bridgelaws(b: Prepared) -> int:
    """The board through ``Table.replay_acts``: every call and card checked and logged
    as an event, the lawful ones on the short path, then the claim and its two answers."""
    t = Table(Board(b.number, Deal(b.hands), dealer=b.dealer, vulnerable=b.vulnerable))
    t.replay_acts(b.calls, b.plays, b.claim)
    return t.score_ns


def replay_bridgelaws_one_by_one(b: Prepared) -> int:
    """The same board act by act through ``Table.apply`` (for information)."""
    t = Table(Board(b.number, Deal(b.hands), dealer=b.dealer, vulnerable=b.vulnerable))
    apply = t.apply
    for seat, call in b.calls:
        apply(MakeCall(seat, call))
    for seat, card in b.plays:
        apply(PlayCard(seat, card))
    if b.claim is not None:
        d = t.declarer
        apply(Claim(d, b.claim - t.won[d & 1]))
        apply(Respond((d + 1) & 3, "accept"))
        apply(Respond((d + 3) & 3, "accept"))
    return t.score_ns


def check_bridgelaws(b: Prepared) -> int:
    """The same replay, checked: lawful and complete (outside the timing)."""
    t = Table(Board(b.number, Deal(b.hands), dealer=b.dealer, vulnerable=b.vulnerable))
    for seat, call in b.calls:
        t.apply(MakeCall(seat, call))
    for seat, card in b.plays:
        t.apply(PlayCard(seat, card))
    if b.claim is not None:
        d = t.declarer
        t.apply(Claim(d, b.claim - t.won[d & 1]))
        t.apply(Respond((d + 1) & 3, "accept"))
        t.apply(Respond((d + 3) & 3, "accept"))
    if t.irregularities or t.phase != COMPLETE:
        raise AssertionError(f"{b.source} board {b.number}: not a lawful complete replay")
    return t.score_ns


# --- b. endplay ----------------------------------------------------------------------------

#: bridgelaws card code (suit C D H S = 0..3, rank 2..A = 0..12) -> endplay Card
EP_CARDS = tuple(EPCard(suit=Denom(3 - c // 13), rank=Rank(1 << (c % 13 + 2))) for c in range(52))
#: bridgelaws strain (C D H S N = 0..4) -> endplay Denom
EP_DENOM = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
EP_PENALTY = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
EP_VUL = {"none": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "all": Vul.both}
EP_PLAYER = (Player.north, Player.east, Player.south, Player.west)


class Unlawful(Exception):
    pass


def endplay_contract(b: Prepared):
    """The contract as the endplay contenders find it: endplay has no auction object, so
    a short loop over the calls gives ``(level, strain, doubled, declarer)``, or
    ``None`` when the board was passed out."""
    last = None
    last_by = doubled = 0
    first = [[None] * 5, [None] * 5]
    for seat, call in b.calls:
        if call >= 3:
            last, last_by, doubled = call, seat, 0
            f = first[seat & 1]
            if f[(call - 3) % 5] is None:
                f[(call - 3) % 5] = seat
        elif call:
            doubled = call
    if last is None:
        return None
    level, strain = (last - 3) // 5 + 1, (last - 3) % 5
    declarer = first[last_by & 1][strain]
    return level, strain, doubled, declarer


def replay_endplay(b: Prepared) -> int:
    contract = endplay_contract(b)
    if contract is None:
        return 0
    level, strain, doubled, declarer = contract
    deal = EPDeal(b.pbn, first=EP_PLAYER[(declarer + 1) & 3], trump=EP_DENOM[strain])
    won = [0, 0]
    for _seat, c in b.plays:
        card = EP_CARDS[c]
        hand = deal[deal.curplayer]
        if card not in hand:
            raise Unlawful(f"{card} not held by {deal.curplayer.name}")
        trick = deal.curtrick
        if trick:
            led = trick[0].suit
            if card.suit != led and len(hand[led]):
                raise Unlawful(f"{card}: revoke")
        deal.play(card)
        if len(trick) == 3:                  # that card completed the trick
            won[deal.first & 1] += 1         # its winner leads the next one
    tricks = b.claim if b.claim is not None else won[declarer & 1]
    contract = EPContract(level=level, denom=EP_DENOM[strain], declarer=EP_PLAYER[declarer],
                          penalty=EP_PENALTY[doubled], result=tricks - level - 6)
    s = contract.score(EP_VUL[b.vulnerable])
    return s if declarer & 1 == 0 else -s


def replay_endplay_lean(b: Prepared) -> int:
    """endplay with the trick's position and led suit kept by the loop (the baseline)."""
    contract = endplay_contract(b)
    if contract is None:
        return 0
    level, strain, doubled, declarer = contract
    deal = EPDeal(b.pbn, first=EP_PLAYER[(declarer + 1) & 3], trump=EP_DENOM[strain])
    won = [0, 0]
    n = 0
    led = None
    for _seat, c in b.plays:
        card = EP_CARDS[c]
        hand = deal[deal.first.next(n)]
        if card not in hand:
            raise Unlawful(f"{card} not held")
        if n:
            if card.suit != led and len(hand[led]):
                raise Unlawful(f"{card}: revoke")
        else:
            led = card.suit
        deal.play(card)
        n += 1
        if n == 4:
            won[deal.first & 1] += 1
            n = 0
    tricks = b.claim if b.claim is not None else won[declarer & 1]
    contract = EPContract(level=level, denom=EP_DENOM[strain], declarer=EP_PLAYER[declarer],
                          penalty=EP_PENALTY[doubled], result=tricks - level - 6)
    s = contract.score(EP_VUL[b.vulnerable])
    return s if declarer & 1 == 0 else -s


# --- c. bare loop --------------------------------------------------------------------------

_VUL_SIDES = {"none": (False, False), "NS": (True, False), "EW": (False, True),
              "all": (True, True)}


def replay_bare(b: Prepared) -> int:
    last = None
    last_by = doubled = 0
    first = [[None] * 5, [None] * 5]
    for seat, call in b.calls:
        if call >= 3:
            last, last_by, doubled = call, seat, 0
            f = first[seat & 1]
            if f[(call - 3) % 5] is None:
                f[(call - 3) % 5] = seat
        elif call:
            doubled = call
    if last is None:
        return 0
    level, strain = (last - 3) // 5 + 1, (last - 3) % 5
    declarer = first[last_by & 1][strain]
    trump = strain if strain < 4 else -1
    hands = [list(h) for h in b.hand_lists]
    won = [0, 0]
    trick = []
    led = -1
    for seat, card in b.plays:
        hand = hands[seat]
        suit = card // 13
        if trick:
            legal = [c for c in hand if c // 13 == led] or hand
        else:
            legal = hand
            led = suit
        if card not in legal:
            raise Unlawful(f"card {card} by seat {seat}")
        hand.remove(card)
        trick.append((card % 13 + (26 if suit == trump else 13 if suit == led else 0), seat))
        if len(trick) == 4:
            won[max(trick)[1] & 1] += 1
            trick = []
    tricks = b.claim if b.claim is not None else won[declarer & 1]
    s = law77_score(level, strain, doubled, _VUL_SIDES[b.vulnerable][declarer & 1], tricks)
    return s if declarer & 1 == 0 else -s


# --- d. the same checks, a tight loop ---------------------------------------------------------

#: the declaring side vulnerable: _SIDE_VUL[vulnerability][declarer & 1]
_SIDE_VUL = {"none": (False, False), "NS": (True, False), "EW": (False, True),
             "all": (True, True)}
#: the bit of each card (card code 0..51)
_BIT = tuple(1 << c for c in range(52))
#: the cards of each suit, as a mask
_SUIT = tuple(0x1FFF << (13 * s) for s in range(4))


def replay_same_checks(b: Prepared) -> int:
    """The checks the engine makes of a lawful board, as a competent programmer would
    write them in plain Python (ints and masks, no object per card or call); raises
    :class:`Unlawful` at the first act that is not lawful.

    Auction: each call by the player in rotation from the dealer (Law 17B); a bid
    higher than the last (18A, 18B; 1C..7NT); a double only of an opponent's bid not
    yet doubled (19A1), a redouble only of an opponent's double (19B1); the end after
    three passes following a bid, or four passes (22A, 22B), and no call after it.
    The contract is the last bid with its doubling, the declarer the first player of
    the side to name its strain.  Play: the opening lead by declarer's left-hand
    opponent (41A), each card by the player in turn and held by him, following suit
    when able (44C), the trick's winner kept card by card (the highest trump, else the
    highest card of the suit led: 44E, 44F), who leads next (44G); thirteen tricks, or
    declarer's claim of no more tricks than are left (a trick in progress counts as
    left).  Law 77 by
    ``bridgelaws.scoring.contract.score``.
    """
    # --- the auction
    turn = b.dealer
    last = -1                 # the last bid, -1: none yet
    last_by = doubled = doubled_by = passes = 0
    first = [[-1] * 5, [-1] * 5]   # each side's first bidder of each strain
    over = False
    for seat, call in b.calls:
        if over:
            raise Unlawful("a call after the end of the auction")
        if seat != turn:
            raise Unlawful(f"call out of rotation by seat {seat}")
        if call == 0:
            passes += 1
            if passes == (3 if last >= 0 else 4):
                over = True
        elif call == 1:
            if last < 0 or doubled or not (last_by ^ seat) & 1:
                raise Unlawful("inadmissible double")
            doubled, doubled_by, passes = 1, seat, 0
        elif call == 2:
            if doubled != 1 or not (doubled_by ^ seat) & 1:
                raise Unlawful("inadmissible redouble")
            doubled, doubled_by, passes = 2, seat, 0
        elif last < call <= 37:
            last, last_by, doubled, passes = call, seat, 0, 0
            f = first[seat & 1]
            strain = (call - 3) % 5
            if f[strain] < 0:
                f[strain] = seat
        else:
            raise Unlawful(f"insufficient bid by seat {seat}")
        turn = (seat + 1) & 3
    if not over:
        raise Unlawful("the auction is not over")
    if last < 0:
        if b.plays:
            raise Unlawful("a card after a passed-out auction")
        return 0
    level, strain = (last - 3) // 5 + 1, (last - 3) % 5
    declarer = first[last_by & 1][strain]
    trump = strain if strain < 4 else -1
    # --- the play
    hands = list(b.hands)
    won = [0, 0]
    turn = (declarer + 1) & 3                 # the opening lead: declarer's LHO
    n = 0                                      # cards played to this trick
    led = best = winner = 0
    tricks = 0
    for seat, card in b.plays:
        if tricks == 13:
            raise Unlawful("a card after the thirteenth trick")
        if seat != turn:
            raise Unlawful(f"card out of turn by seat {seat}")
        hand = hands[seat]
        bit = _BIT[card]
        if not hand & bit:
            raise Unlawful(f"card {card} not held by seat {seat}")
        suit = card // 13
        if n == 0:
            led, winner = suit, seat
            best = card + (26 if suit == trump else 13) - 13 * suit
        else:
            if suit != led and hand & _SUIT[led]:
                raise Unlawful(f"card {card}: revoke")
            if suit == trump:
                v = 26 + card - 13 * suit
            elif suit == led:
                v = 13 + card - 13 * suit
            else:
                v = 0
            if v > best:
                best, winner = v, seat
        hands[seat] = hand & ~bit
        n += 1
        if n == 4:
            won[winner & 1] += 1
            tricks += 1
            n = 0
            turn = winner                       # the winner leads the next trick
        else:
            turn = (seat + 1) & 3
    if b.claim is not None:
        left = 13 - tricks                      # a trick in progress counts as left
        if not 0 <= b.claim - won[declarer & 1] <= left:
            raise Unlawful("an impossible claim")
        taken = b.claim
    elif tricks == 13:
        taken = won[declarer & 1]
    else:
        raise Unlawful("the play is not over")
    s = law77_score(level, strain, doubled, _SIDE_VUL[b.vulnerable][declarer & 1], taken)
    return s if declarer & 1 == 0 else -s


# --- timing ----------------------------------------------------------------------------------

def replay_all(fn, boards):
    """One call: ``fn`` over every board (what a contender's run repeats)."""
    def run():
        for b in boards:
            fn(b)
    return run


def profile_bridgelaws(boards, runs: int = 5, top: int = 15) -> None:
    import cProfile
    import pstats
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(runs):
        for b in boards:
            replay_bridgelaws(b)
    prof.disable()
    print(f"\ncProfile of the bridgelaws replay ({runs} runs x {len(boards)} boards), "
          f"top {top} by tottime:")
    pstats.Stats(prof, stream=sys.stdout).strip_dirs().sort_stats("tottime").print_stats(top)
    # pstats keys functions by (file, line, name): the generated __init__ of every
    # dataclass is "<string>:2(__init__)", so the event classes collapse into one row
    # and the others are lost.  The raw entries still tell them apart.
    inits = {cls.__init__.__code__: cls.__name__ for cls in (MakeCall, PlayCard, Claim, Respond)}
    rows = [(inits[e.code], e.callcount, e.inlinetime) for e in prof.getstats()
            if e.code in inits]
    if rows:
        print("  event constructors (dataclass-generated __init__, merged into one row above):")
        for name, calls, tt in sorted(rows, key=lambda r: -r[2]):
            print(f"    {name}.__init__: {calls} calls, tottime {tt:.3f} s")
    # the same split without the profiler's overhead
    events = [([MakeCall(s, c) for s, c in b.calls], [PlayCard(s, c) for s, c in b.plays])
              for b in boards]

    def construct():
        for b in boards:
            Table(Board(b.number, Deal(b.hands), dealer=b.dealer, vulnerable=b.vulnerable))

    def make_events():
        for b in boards:
            for s, c in b.calls:
                MakeCall(s, c)
            for s, c in b.plays:
                PlayCard(s, c)

    def auction():
        for b, (calls, _plays) in zip(boards, events):
            apply = Table(Board(b.number, Deal(b.hands), dealer=b.dealer,
                                vulnerable=b.vulnerable)).apply
            for e in calls:
                apply(e)

    def whole_prebuilt():
        for b, (calls, plays) in zip(boards, events):
            t = Table(Board(b.number, Deal(b.hands), dealer=b.dealer, vulnerable=b.vulnerable))
            apply = t.apply
            for e in calls:
                apply(e)
            for e in plays:
                apply(e)
            if b.claim is not None:
                d = t.declarer
                apply(Claim(d, b.claim - t.won[d & 1]))
                apply(Respond((d + 1) & 3, "accept"))
                apply(Respond((d + 3) & 3, "accept"))
            t.score_ns

    def whole():
        for b in boards:
            replay_bridgelaws(b)

    def us(fn, n=7):
        gc.collect()
        gc.disable()
        try:
            best = float("inf")
            for _ in range(n):
                t0 = time.perf_counter()
                fn()
                best = min(best, time.perf_counter() - t0)
        finally:
            gc.enable()
        return best / len(boards) * 1e6

    n_calls = sum(len(b.calls) for b in boards) / len(boards)
    n_cards = sum(len(b.plays) for b in boards) / len(boards)
    t_whole, t_pre = us(whole), us(whole_prebuilt)
    t_con, t_auc, t_ev = us(construct), us(auction), us(make_events)
    print(f"split of one bridgelaws replay, no profiler (us per board; {n_calls:.1f} calls, "
          f"{n_cards:.1f} cards a board):")
    print(f"  whole replay (replay_acts)           {t_whole:6.1f}")
    print("  the rest act by act through Table.apply:")
    print(f"  making the MakeCall/PlayCard events  {t_ev:6.1f}  (alone)")
    print(f"  replay with events made beforehand   {t_pre:6.1f}")
    print(f"    Table(Board(Deal)) construction    {t_con:6.1f}")
    print(f"    auction (apply MakeCall)           {t_auc - t_con:6.1f}  "
          f"({(t_auc - t_con) / max(n_calls, 1):.2f} per call)")
    print(f"    play, claim and score              {t_pre - t_auc:6.1f}  "
          f"({(t_pre - t_auc) / max(n_cards, 1):.2f} per card)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("realdata", nargs="?", help="the real-data folder (lin/, pbn/)")
    ap.add_argument("--rounds", type=int, default=7,
                    help="alternating rounds (default 7); the ratios are the rounds' medians")
    ap.add_argument("--run-seconds", type=float, default=0.5,
                    help="length of one contender's run in a round (default 0.5 s)")
    ap.add_argument("--endplay-api", action="store_true",
                    help="also time endplay driven through deal.curplayer/deal.curtrick (information)")
    ap.add_argument("--one-by-one", action="store_true",
                    help="also time bridgelaws act by act through Table.apply (information)")
    ap.add_argument("--profile", action="store_true",
                    help="also print a cProfile of the bridgelaws replay")
    args = ap.parse_args(argv)
    realdata = realdata_path(args.realdata)
    if not (realdata / "lin").is_dir() and not (realdata / "pbn").is_dir():
        print(f"no lin/ or pbn/ folder in {realdata}", file=sys.stderr)
        return 2

    stats: Counter = Counter()
    notes: list[str] = []
    t0 = time.perf_counter()
    records = load_records(realdata, stats, notes)
    boards = prepare(records, stats, notes)
    prep_time = time.perf_counter() - t0
    if not boards:
        print("no board to replay", file=sys.stderr)
        return 2

    print(f"real data: {realdata}")
    for note in notes[:20]:
        print(f"  note: {note}")
    if len(notes) > 20:
        print(f"  ... and {len(notes) - 20} more notes")
    for k in STAT_ORDER:
        if stats[k]:
            print(f"  {k}: {stats[k]}")
    by_source = Counter(b.source.split(os.sep)[0] for b in boards)
    distinct = len({b.key() for b in boards})
    n_calls = sum(len(b.calls) for b in boards)
    n_cards = sum(len(b.plays) for b in boards)
    print(f"boards benchmarked: {len(boards)} ({', '.join(f'{k} {v}' for k, v in sorted(by_source.items()))}; "
          f"{distinct} distinct); {n_calls} calls, {n_cards} cards, "
          f"{sum(b.claim is not None for b in boards)} claims, "
          f"{sum(not b.plays and b.claim is None for b in boards)} passed out")
    print(f"loading and preparation (not timed): {prep_time:.2f} s")

    # correctness, once, outside the timing
    bl = [check_bridgelaws(b) for b in boards]
    bulk = [replay_bridgelaws(b) for b in boards]
    ep = [replay_endplay(b) for b in boards]
    bare = [replay_bare(b) for b in boards]
    loop = [replay_same_checks(b) for b in boards]
    if bulk != bl or loop != bl:
        print("FAIL: replay_acts or the same-checks loop scores differently from apply",
              file=sys.stderr)
        return 1
    prep = [b.score for b in boards]
    lean = [replay_endplay_lean(b) for b in boards]
    if lean != ep:
        print("FAIL: the two endplay drivers score differently", file=sys.stderr)
        return 1
    bad = [(b, x, y, z, w) for b, x, y, z, w in zip(boards, bl, ep, bare, prep)
           if not x == y == z == w]
    if bad:
        for b, x, y, z, w in bad[:10]:
            print(f"SCORE MISMATCH {b.source} board {b.number}: bridgelaws {x}, endplay {y}, "
                  f"bare {z}, preparation {w}", file=sys.stderr)
        print(f"FAIL: {len(bad)} boards score differently", file=sys.stderr)
        return 1
    print(f"scores agree on all {len(boards)} boards (bridgelaws act by act = bridgelaws "
          f"replay_acts = endplay = same-checks loop = bare loop)")

    print(f"python {sys.version.split()[0]}, endplay {getattr(endplay, '__version__', '?')}; "
          f"{args.rounds} alternating rounds, runs of about {args.run_seconds:.1f} s, gc off; "
          f"figures are medians over the rounds")
    # the named baseline is the faster of the two ways of driving endplay: the loop
    # keeps the trick's position and led suit itself instead of asking endplay
    contenders = [("bridgelaws", replay_bridgelaws), ("endplay", replay_endplay_lean),
                  ("same-checks loop", replay_same_checks), ("bare loop", replay_bare)]
    if args.endplay_api:
        contenders.append(("endplay (api)", replay_endplay))
    if args.one_by_one:
        contenders.append(("bridgelaws (apply)", replay_bridgelaws_one_by_one))
    for _, fn in contenders:                 # warm up
        for b in boards[:50]:
            fn(b)
    times = alternate({name: replay_all(fn, boards) for name, fn in contenders}, args.rounds,
                      args.run_seconds)
    for name, ts in times.items():
        mid = statistics.median(ts)
        print(f"  {name:<18} {len(boards) / mid:>10.0f} boards/s   median pass {mid * 1e3:8.2f} ms "
              f"({mid / len(boards) * 1e6:7.1f} us/board; rounds "
              f"{', '.join(f'{t * 1e3:.1f}' for t in ts)} ms)")
    print("  (the same-checks and bare loops call bridgelaws.scoring.contract.score once per "
          "board for Law 77)")

    if args.profile:
        profile_bridgelaws(boards)

    r_ep = median_ratio(times, "bridgelaws", "endplay")
    r_loop = median_ratio(times, "bridgelaws", "same-checks loop")
    r_bare = median_ratio(times, "bridgelaws", "bare loop")
    print(f"bridgelaws / endplay          = {r_ep:.2f}x   (endplay / bridgelaws = {1 / r_ep:.2f}x)")
    print(f"bridgelaws / same-checks loop = {r_loop:.2f}x   "
          f"(same-checks loop / bridgelaws = {1 / r_loop:.2f}x)")
    print(f"bridgelaws / bare loop        = {r_bare:.2f}x   (information: the bare loop checks "
          f"only follow-suit)")
    if args.endplay_api:
        r_api = median_ratio(times, "bridgelaws", "endplay (api)")
        print(f"bridgelaws / endplay through curplayer/curtrick = {r_api:.2f}x   (information only)")
    if args.one_by_one:
        r_one = median_ratio(times, "bridgelaws", "bridgelaws (apply)")
        print(f"bridgelaws replay_acts / act by act = {r_one:.2f}x   (information only)")
    print(verdict("replay-vs-loop", r_loop, 0.4))
    print(verdict("replay", r_ep, 5.0))
    print(bench_line("replay-vs-loop", r_loop, "same-checks loop", 0.4))
    print(bench_line("replay", r_ep, "endplay", 5.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
