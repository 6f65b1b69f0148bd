# PYTHON_ARGCOMPLETE_OK  (argcomplete completes the commands in a shell with this mark)
"""The ``bridgelaws`` command (also ``python -m bridgelaws``).

    bridgelaws --version            the version installed
    bridgelaws COMMAND --help       what a command does, its arguments, an example
    bridgelaws case FILE|-          replay a ruling case (shared/CASES.md), print its state as JSON
    bridgelaws replay FILE...       replay every board of PBN or LIN files and check their results
    bridgelaws rule FILE [--lang L] explain the ruling on a case's last irregularity
    bridgelaws claim FILE [--json]  advice on a disputed claim: the least favourable normal line (70)
    bridgelaws adjust FILE [--json] an adjusted score from the likely results and weights (12C)
    bridgelaws check FILE...        check PBN (2.1, strictly) or LIN files for errors
    bridgelaws deal --boards 1-36   deal a board set (Law 6, Law 2) into PBN
    bridgelaws analyse SET.pbn      double-dummy tables and par of every board
    bridgelaws dealnumber N|DEAL    the deal of a number, or the number of a deal
    bridgelaws handrecord SET.pbn   hand records (HTML, and PBN with DD tables and par)
    bridgelaws movement KIND N      a Mitchell, Howell or team round robin, round by round
    bridgelaws swiss --standings .. the next round of a Swiss teams event (no rematch)

Bad input ends with a one-line message naming where and why, and exit status 2.

The long commands (``replay``, ``deal``, ``analyse``, ``handrecord``) show a tqdm progress
bar with its ETA on standard error when it is a terminal (``--progress``: always,
``--no-progress``: never); standard output carries the same text either way.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import textwrap
import time

from .cards import BridgeError

__all__ = ["main"]

#: the share of a file's part of ``replay``'s progress bar that reading it fills: reading
#: a PBN file takes about twice as long as replaying its boards (3.9 s and 2.0 s for the
#: 7,632 games of the real data's example3.pbn)
READ_SHARE = 2 / 3
#: ``replay``'s bar: the share of the input done, the boards replayed and the ETA
REPLAY_BAR = "{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}{postfix}]"
#: the games of one file whose contradictions are listed one by one (then a count)
MAX_LISTED = 20


def _with_edition(case: dict, args) -> dict:
    """The case under ``--edition`` when given (it overrides the case's ``edition``)."""
    if getattr(args, "edition", None):
        case = {**case, "edition": args.edition}
    return case


def _cmd_case(args) -> int:
    from .formats.case import case_file, case_table
    with case_file(args.file) as case:           # errors name the file: FILE: event N: why
        state = case_table(_with_edition(case, args)).state()
    json.dump(state, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _cmd_rule(args) -> int:
    from .explain import explain, refusal
    from .formats.case import case_file, case_table
    from .table import TableError
    with case_file(args.file) as case:           # errors name the file: FILE: event N: why
        try:
            table = case_table(_with_edition(case, args))
        except TableError as e:
            if not e.refusal:
                raise
            # a choice the Laws refuse, said in the user's language
            raise BridgeError(refusal(e, args.lang), e.where) from None
    sys.stdout.write("\n".join(explain(table, args.lang)) + "\n")
    return 0


def _edition_option(p, what: str = "answer irregularities") -> None:
    """``--edition``: the Laws that answer irregularities (over a case's ``edition``),
    or that score adjusted scores (``results``)."""
    p.add_argument("--edition", choices=["2017", "1997"], default=None,
                   help=f"the Laws that {what}: 2017 (as amended in 2024, the default) or "
                        "1997" + ("; for a case, over its \"edition\""
                                  if what == "answer irregularities" else ""))


def _lang_option(p, what: str) -> None:
    p.add_argument("--lang", choices=["en", "he", "pl", "ru", "nb"], default="en",
                   help=f"language of {what} (default en)")


def _cmd_claim(args) -> int:
    from .formats.case import case_file, case_table
    from .laws.claims import advice_lines, advise_table
    with case_file(args.file) as case:
        advice = advise_table(case_table(case))
    if args.json:
        json.dump(advice.to_json(), sys.stdout, indent=2 if args.pretty else None)
        sys.stdout.write("\n")
    else:
        sys.stdout.write("\n".join(advice_lines(advice)) + "\n")
    return 0


def _cmd_adjust(args) -> int:
    from .formats.case import case_file
    from .tournament.adjust import adjustment, adjustment_json, adjustment_lines
    with case_file(args.file) as case:           # errors name the file: FILE: key: why
        a = adjustment(_with_edition(case, args), dd=not args.no_dd)
    if args.json:
        json.dump(adjustment_json(a), sys.stdout, indent=2 if args.pretty else None,
                  ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write("\n".join(adjustment_lines(a, args.lang)) + "\n")
    return 0


def read_records(path: str, strict: bool = False, progress=None):
    """``(records, errors)`` of a PBN or LIN file (by its extension, else its content).

    A PBN game with a problem is reported in ``errors`` and the others are read;
    a LIN file with a problem is one error.  ``strict`` holds a PBN file to every
    rule of PBN 2.1, and each board of a LIN file to BBO's online play, where no
    irregularity can happen: it must replay through a strict table (no card played
    twice, every card from the hand whose turn it is, suit followed, lawful calls).
    ``progress(line, lines)`` follows the reading of a PBN file (see ``read_pbn``).
    """
    from .formats.lin import read_lin
    from .formats.pbn import read_pbn
    lower = path.lower()
    is_lin = lower.endswith(".lin")
    if not is_lin and not lower.endswith(".pbn"):
        try:
            with open(path, "rb") as f:
                head = f.read(2048)
        except OSError as e:
            raise BridgeError(f"cannot read: {e.strerror}", path) from None
        is_lin = b"|" in head and b"[" not in head[:50]
    if is_lin:
        try:
            records = read_lin(path)
        except BridgeError as e:
            return [], [e]
        return _checked_lin(records) if strict else (records, [])
    return read_pbn(path, errors="collect", strict=strict, progress=progress)


def _checked_lin(records):
    """The LIN boards that replay through a strict table, and an error for each other."""
    from .formats.replay import replay_record, shown
    good, errors = [], []
    for rec in records:
        r = replay_record(rec, strict=True)
        if r.failed:
            errors.append(BridgeError(shown(r.error.reason), r.error.where))
        else:
            good.append(rec)
    return good, errors


def _say_remarks(records, contradictions: bool = True, bar=None) -> None:
    """On standard error: the notes of a file's records, each reason once with its first
    place and how many games have it, and (``contradictions``) each game that contradicts
    itself, MAX_LISTED at most and then their number (around a progress ``bar``)."""
    notes: dict[str, list] = {}
    conflicts = []
    for rec in records:
        for remark in rec.remarks:
            if remark.conflict:
                conflicts.append((rec, remark))
            else:
                notes.setdefault(remark.reason, []).append(remark)
    for reason, found in notes.items():
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        _say(bar, f"bridgelaws: {found[0].where}: note: {reason}{more}", sys.stderr)
    if not contradictions:
        return
    for rec, remark in conflicts[:MAX_LISTED]:
        board = f"board {rec.board}: " if rec.board is not None else ""
        print(f"bridgelaws: {remark.where}: {board}{remark.reason}", file=sys.stderr)
    if len(conflicts) > MAX_LISTED:
        print(f"bridgelaws: {conflicts[0][1].where.rsplit(':', 1)[0]}: "
              f"{len(conflicts) - MAX_LISTED} more games contradict themselves", file=sys.stderr)


def _board_line(r) -> str:
    from .formats.replay import shown
    rec = r.record
    t = r.table
    board = rec.board if rec.board is not None else "?"
    room = f" {rec.room:<6}" if rec.room else ""
    if t is None:
        why = shown(r.error.reason) if r.error else "no deal or auction"
        return f"board {board:>3}{room}: not replayed ({why})"
    contract = {None: "-", "P": "Pass"}.get(r.contract) or shown(r.contract)
    decl = t.declarer_name or "-"
    tricks = "-" if r.tricks is None else str(r.tricks)
    score = "-" if r.score is None else f"{r.score:+d}"
    line = f"board {board:>3}{room}: {contract:<5} by {decl}  tricks {tricks:>2}  NS {score:>6}  {r.status}"
    if t.irregularities:
        from .i18n import message
        irr = t.irregularities[0]
        line += "  " + message(f"irregularity.{irr.kind}") + f" (Law {', '.join(irr.laws)})"
    if r.differences:
        line += "  [" + shown("; ".join(r.differences)) + "]"
    return line


def _cmd_replay(args) -> int:
    """Replay every board; a game that cannot be read, a board that cannot be replayed (a
    card its player does not hold, a game that contradicts itself) and one whose replay
    does not give what the file records (contract, declarer, tricks, score) are each
    named on standard error, counted in the summary and make the exit status 2, unless
    ``--keep-going``."""
    from .formats.replay import replay_record, shown
    counts: dict[str, int] = {}
    total = failed = disagree = 0
    start = time.monotonic()
    # the bar measures the input's bytes: each file's reading fills READ_SHARE of its
    # part, its boards the rest, so the ETA holds for one large file as for many small
    sizes = [_size(path) for path in args.files]
    with _bar(args, "replay", total=max(sum(sizes), 1), bar_format=REPLAY_BAR) as bar:
        done = 0.0                                   # the bytes of the files replayed
        for path, size in zip(args.files, sizes):
            def reading(line: int, lines: int, base: float = done, size: int = size) -> None:
                bar.update(base + READ_SHARE * size * line / max(lines, 1) - bar.n)
            try:
                records, errors = read_records(path, strict=args.strict,
                                               progress=None if bar.disable else reading)
            except BridgeError as e:
                errors, records = [e], []
            reading(1, 1)
            for e in errors:
                _say(bar, f"bridgelaws: {e}", sys.stderr)
            counts["unreadable"] = counts.get("unreadable", 0) + len(errors)
            failed += len(errors)
            _say_remarks(records, contradictions=False, bar=bar)   # replay names each refused
            if not args.summary_only:
                _say(bar, f"# {os.path.basename(path)}: {len(records)} board(s)")
            for i, rec in enumerate(records, 1):
                r = replay_record(rec, leading_passes="infer" if args.infer_leading_passes
                                  else "recorded", edition=args.edition)
                total += 1
                counts[r.status] = counts.get(r.status, 0) + 1
                if r.failed:
                    failed += 1
                    _say(bar, f"bridgelaws: {r.error.where}: {shown(r.error.reason)}", sys.stderr)
                elif r.status == "differs":       # the file's figures contradict its own deal
                    disagree += 1
                    _say(bar, f"bridgelaws: {r.place}: {shown('; '.join(r.differences))}",
                         sys.stderr)
                if not args.summary_only:
                    _say(bar, _board_line(r))
                bar.set_postfix_str(f"{total} boards", refresh=False)
                bar.update(done + size * (READ_SHARE + (1 - READ_SHARE) * i / len(records))
                           - bar.n)
            done += size
            bar.update(done - bar.n)
    elapsed = time.monotonic() - start
    parts = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()) if n)
    problems = "".join([f"; {failed} could not be read or replayed" if failed else "",
                        f"; {disagree} do not agree with their file" if disagree else ""])
    print(f"summary: {total} boards from {len(args.files)} file(s): {parts or 'none'}"
          f"{problems} in {elapsed:.2f} s")
    return 2 if (failed or disagree) and not args.keep_going else 0


def _fix_pbn(path: str, out: str | None) -> bool:
    """``check --fix``: write the PBN file ``path`` again in canonical PBN 2.1 (to ``out``,
    ``-`` for standard output, else in its place), keeping everything it held; refuse, one
    line per reason, when that would lose a game or a value.  True if written."""
    from .formats.pbn import _encode, canonical_pbn
    try:
        with open(path, "rb") as f:
            head = f.read(2048)
    except OSError as e:
        raise BridgeError(f"cannot read: {e.strerror or e}", path) from None
    if path.lower().endswith(".lin") or (not path.lower().endswith(".pbn")
                                         and b"|" in head and b"[" not in head[:50]):
        raise BridgeError("--fix rewrites PBN files (this is LIN)", path)
    text, records, problems = canonical_pbn(path, name=path)
    if problems:
        for e in problems:
            print(f"bridgelaws: {e}", file=sys.stderr)
        print(f"bridgelaws: {path}: not rewritten: {len(problems)} game(s) cannot be read or "
              "contradict themselves, and would be lost", file=sys.stderr)
        return False
    if out == "-":
        sys.stdout.write(text)
        return True
    target = out or path
    tmp = f"{target}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(_encode(text))
        os.replace(tmp, target)                # the file is whole, old or new, at any time
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise BridgeError(f"cannot write: {e.strerror or e}", target) from None
    print(f"{target}: {len(records)} game(s) written in PBN 2.1 export format"
          + (f" (from {path})" if out else ""), file=sys.stderr)
    return True


def _cmd_check(args) -> int:
    status = 0
    if args.output and len(args.files) > 1:
        raise BridgeError("-o takes one FILE: without it, --fix rewrites each file in place",
                          "check")
    if args.output and not args.fix:
        raise BridgeError("-o is where --fix writes: give --fix too", "check")
    for path in args.files:
        if args.fix:
            if not _fix_pbn(path, args.output):
                status = 2
                continue
            if args.output == "-":
                continue
            path = args.output or path           # then check what was written
        try:
            records, errors = read_records(path, strict=True)
        except BridgeError as e:
            records, errors = [], [e]
        for e in errors:
            print(f"bridgelaws: {e}", file=sys.stderr)
        _say_remarks(records)             # notes only: a strict read refuses contradictions
        status = 2 if errors else status
        print(f"{path}: {len(records)} good game(s), {len(errors)} with errors")
    return status


def _cmd_deal(args) -> int:
    from .deals.dealing import DEFAULT_MAX_ATTEMPTS, deal_boards, parse_board_range
    from .deals.dealerscript import MAX_GENERATE, parse_any_where, read_script
    from .formats.handrecord import deal_records
    from .formats.pbn import write_pbn
    # --where: the project's predicates or a dealer condition; --dealer-script: a whole script
    script = read_script(args.dealer_script) if args.dealer_script is not None else None
    board_text = args.boards
    if board_text is None and script is not None and script.produce is not None:
        board_text = f"1-{script.produce}"               # the script's 'produce N'
    if board_text is None:
        raise BridgeError("say which boards: --boards 1-36 (or 'produce N' in the dealer script)",
                          "deal")
    if args.max_attempts is not None and not 1 <= args.max_attempts <= MAX_GENERATE:
        raise BridgeError(f"takes a number from 1 to {MAX_GENERATE:,}, not "
                          f"{args.max_attempts:,}", "--max-attempts")
    numbers = parse_board_range(board_text)
    where = parse_any_where(args.where) if args.where is not None else None
    seed = args.seed
    if seed is not None and seed.strip().lstrip("-").isdigit():
        seed = int(seed)
    for note in script.notes if script is not None else ():
        print(f"bridgelaws: {args.dealer_script}: {note}", file=sys.stderr)
    with _bar(args, "deal", iterable=numbers) as numbers_shown:    # a bar as boards are dealt
        if script is None:
            boards = deal_boards(numbers_shown, seed=seed, where=where,
                                 max_attempts=args.max_attempts or DEFAULT_MAX_ATTEMPTS)
        else:
            boards = script.deal_boards(numbers_shown, seed=seed, where=where,
                                        max_attempts=args.max_attempts)
    how = "; ".join(t for t in (args.where, script.text if script else None) if t)
    records = deal_records(boards, seeded=seed is not None, where=how or None)
    if args.out in (None, "-"):
        sys.stdout.write(write_pbn(records))
    else:
        try:
            write_pbn(records, args.out)
        except OSError as e:
            raise BridgeError(f"cannot write: {e.strerror}", args.out) from None
        print(f"{args.out}: {len(records)} board(s) dealt"
              + (f" from seed {args.seed}" if args.seed is not None else " (secure)"),
              file=sys.stderr)
    return 0


def _cmd_dealnumber(args) -> int:
    from .cards import Deal
    from .deals.dealnumber import deal_number, deal_of_number, parse_deal_number
    text = args.value.strip()
    if ":" in text:
        print(deal_number(Deal.from_pbn(text)))
    else:
        print(deal_of_number(parse_deal_number(text)).to_pbn())
    return 0


def _cmd_movement(args) -> int:
    from .tournament.movements import howell, mitchell, phantom_scores, round_robin
    if args.kind != "mitchell" and (args.relay or args.arrow_switch is not None):
        raise BridgeError("--relay and --arrow-switch are for a Mitchell", args.kind)
    if args.kind == "roundrobin" and (args.sit_out is not None or args.rounds is not None
                                      or args.phantom is not None):
        raise BridgeError("--sit-out, --phantom and --rounds are for a Mitchell or a Howell",
                          args.kind)
    if args.phantom is not None and args.sit_out is None:
        raise BridgeError("--phantom needs the phantom pair: --sit-out PAIR", args.kind)
    bpr = args.boards_per_round
    if args.kind == "mitchell":
        arrow = args.arrow_switch
        if arrow is not None and arrow != "last":
            try:
                arrow = [int(r) for r in arrow.split(",")]
            except ValueError:
                raise BridgeError(f"--arrow-switch takes rounds like 3 or 2,4 or 'last', "
                                  f"not {args.arrow_switch!r}", "mitchell") from None
        m = mitchell(args.n, rounds=args.rounds, boards_per_round=2 if bpr is None else bpr,
                     relay=args.relay, sit_out=args.sit_out, arrow_switch=arrow)
    elif args.kind == "howell":
        m = howell(args.n, boards_per_round=2 if bpr is None else bpr, rounds=args.rounds,
                   sit_out=args.sit_out)
    else:
        m = round_robin(args.n, boards_per_round=8 if bpr is None else bpr)
    phantom = [] if args.phantom is None else phantom_scores(m, args.phantom)
    if args.pdf is not None:
        from .tournament.paper import table_cards, tablecards_pdf
        title = args.title or f"{args.kind} {args.n}"
        _write_bytes(args.pdf, tablecards_pdf(table_cards(m.sittings), title, lang=args.lang))
        return 0
    if args.json:
        data = m.as_json()
        if args.phantom is not None:
            data["phantom"] = [{"round": p.round, "table": p.table, "board": p.board,
                                "pair": p.pair, "direction": p.direction,
                                "ns": p.ns_ew[0], "ew": p.ns_ew[1], "law": p.law}
                               for p in phantom]
        json.dump(data, sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(m.text())
        if phantom:
            print(f"Phantom pair {args.sit_out}: artificial adjusted scores (Law 12C2)")
            for p in phantom:
                print(f"  round {p.round}, table {p.table}, board {p.board}: pair {p.pair} "
                      f"({p.direction}) {p.percent:g}%")
    return 0


def _cmd_swiss(args) -> int:
    from .tournament.movements import swiss_pairing
    standings = []
    for item in args.standings.split(","):
        team, sep, score = item.strip().rpartition("=")
        if not sep or not team:
            raise BridgeError(f"a standing is TEAM=VP, not {item.strip()!r}", "swiss")
        standings.append((team, score))
    played = []
    for item in (args.played or "").split(","):
        if not item.strip():
            continue
        a, sep, b = item.strip().partition("-")
        if not sep or not a:
            raise BridgeError(f"a match played is A-B (or A- for a bye), not {item.strip()!r}",
                              "swiss")
        played.append((a, b or None))
    pairs = swiss_pairing(standings, played)
    if args.json:
        json.dump([{"table": i, "home": a, "away": b} for i, (a, b) in enumerate(pairs, 1)],
                  sys.stdout)
        sys.stdout.write("\n")
    else:
        for i, (a, b) in enumerate(pairs, 1):
            print(f"{i:>3}  {a} - {'bye' if b is None else b}")
    return 0


def _cmd_analyse(args) -> int:
    from .analysis import analyse_records, analysis_json, analysis_lines
    records = _read_set(args.file)
    with _bar(args, "analyse", total=len(records)) as bar:
        results = analyse_records(records, threads=args.threads, progress=_board_progress(bar))
    if args.json:
        json.dump(analysis_json(results), sys.stdout, indent=2 if args.pretty else None)
        sys.stdout.write("\n")
    else:
        for line in analysis_lines(results, args.lang):
            print(line)
    return 0


def _cmd_handrecord(args) -> int:
    from .analysis import analyse_records
    from .formats.handrecord import handrecord_html, records_with_analysis
    from .formats.pbn import write_pbn
    if args.html is None and args.pbn is None and args.pdf is None:
        raise BridgeError("say where to write: --html OUT, --pbn OUT and/or --pdf OUT",
                          "handrecord")
    records = _read_set(args.file)
    with _bar(args, "handrecord", total=len(records)) as bar:
        results = analyse_records(records, threads=args.threads, progress=_board_progress(bar))
    if args.pdf is not None:
        from .tournament.paper import hand_boards, handrecord_pdf
        with _bar(args, "pdf", total=len(results)) as bar:
            data = handrecord_pdf(hand_boards(results),
                                  title=args.title or os.path.basename(args.file),
                                  per_page=args.per_page, lang=args.lang,
                                  progress=_board_progress(bar))
        _write_bytes(args.pdf, data)
    if args.html is not None:
        page = handrecord_html(results, title=args.title or os.path.basename(args.file),
                               lang=args.lang)
        try:
            with open(args.html, "w", encoding="utf-8") as f:
                f.write(page)
        except OSError as e:
            raise BridgeError(f"cannot write: {e.strerror}", args.html) from None
    if args.pbn is not None:
        try:
            write_pbn(records_with_analysis(results), args.pbn)
        except OSError as e:
            raise BridgeError(f"cannot write: {e.strerror}", args.pbn) from None
    return 0


def _write_bytes(path: str, data: bytes) -> None:
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        raise BridgeError(f"cannot write: {e.strerror}", path) from None


def _read_set(path: str):
    """The boards of a PBN file that have a complete deal (others are named and refused);
    its notes and the games that contradict themselves are said on standard error."""
    from .formats.pbn import read_pbn
    try:
        records = read_pbn(path)
    except OSError as e:
        raise BridgeError(f"cannot read: {e.strerror}", path) from None
    if not records:
        raise BridgeError("no boards in the file", path)
    _say_remarks(records)
    return records


def _bar(args, desc: str, **options):
    """A tqdm progress bar on standard error, with its ETA: shown when standard error is a
    terminal, always with ``--progress``, never with ``--no-progress``.  Lines said while
    it is shown go through :func:`_say`."""
    from tqdm import tqdm
    show = getattr(args, "progress", None)
    options.setdefault("unit", "board")
    return tqdm(desc=desc, file=sys.stderr, dynamic_ncols=True,
                disable=None if show is None else not show,   # None: on a terminal only
                **options)


def _say(bar, line: str, file=None) -> None:
    """Print ``line`` on ``file`` (standard output by default); while ``bar`` is shown on
    the same stream or terminal, through tqdm, which takes the bar away and puts it back."""
    file = sys.stdout if file is None else file
    if bar is None or bar.disable or (file is not sys.stderr and not file.isatty()):
        print(line, file=file)
    else:
        bar.write(line, file=file)


def _size(path: str) -> int:
    """The size of a file in bytes, 0 when it cannot be read (its reader says why)."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _board_progress(bar):
    """A ``progress(done, total)`` callable moving ``bar`` (None when it is not shown)."""
    if bar.disable:
        return None

    def show(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)
    return show


def _cmd_results(args) -> int:
    from .tournament.output import load_event, ranking_json, ranking_text, results_html
    from .tournament.results import score_event
    from .formats.score_tables import SCORING_METHODS, write_results_pbn
    from .formats.usebio import write_usebio
    event = load_event(args.file)
    from .tournament.teams import TeamsEvent
    if isinstance(event, TeamsEvent):
        return _results_teams(event, args)
    if args.boards is not None or args.vp_scale is not None:
        raise BridgeError("--boards and --vp-scale are for teams events; this is a "
                          f"{event.kind} event", args.file)
    _say_remarks(event.records)
    method = (args.method or event.published.get("method")
              or SCORING_METHODS.get(event.published.get("scoring", "")) or "mp")
    not_played = event.published.get("not_played") or []
    # boards without a score: the pairs concerned are ranked on the boards they played
    # (totals factored to the full session) until the Director adjusts (Law "12A2")
    result = score_event(event, method, factor_totals=bool(not_played),
                         edition=args.edition or "2017")
    page = None
    if args.html:
        # the hands of the boards whose deals the file gives, with their double-dummy
        # tables and par (DDS: a few seconds a dozen boards; a bar shows how far it is)
        from .tournament.report import event_deals
        with _bar(args, "double dummy", total=len(event_deals(event))
                  if args.analysis else 0) as bar:
            page = results_html(result, args.lang or "en", analysis=args.analysis,
                                progress=_board_progress(bar))
    for out, write in ((args.html, lambda path: open(path, "w", encoding="utf-8").write(page)),
                       (args.pbn, lambda path: write_results_pbn(result, path)),
                       (args.usebio, lambda path: open(path, "w", encoding="utf-8").write(
                            write_usebio(result)))):
        if out:
            try:
                write(out)
            except OSError as e:
                raise BridgeError(f"cannot write: {e.strerror}", out) from None
    if args.pdf or args.cards_pdf:
        from .tournament.paper import results_pdf, results_sheet, score_cards, scorecards_pdf
        title = event.name or os.path.basename(args.file)
        rows = [s.as_dict() for s in result.standings]
        if args.pdf:
            _write_bytes(args.pdf, results_pdf(results_sheet(title, {"": rows}, method),
                                               lang=args.lang))
        if args.cards_pdf:
            cards = score_cards(result, standings=rows)
            with _bar(args, "score cards", total=len(cards), unit="card") as bar:
                data = scorecards_pdf(cards, title, lang=args.lang,
                                      progress=_board_progress(bar))
            _write_bytes(args.cards_pdf, data)
    if not_played:
        print(f"bridgelaws: {len(not_played)} results without a score (first: board "
              f"{not_played[0]['board']}, {not_played[0]['ns']} v {not_played[0]['ew']}); "
              "totals factored; the Director may adjust (Law 12A2)", file=sys.stderr)
    sys.stdout.write(ranking_json(result) + "\n" if args.json else ranking_text(result, args.lang))
    return 0


def _results_teams(event, args) -> int:
    """``results`` for a teams event: each match's IMPs and VPs (Laws 78B, 78D), the ranking."""
    from .tournament.output import teams_html, teams_json, teams_text
    from .tournament.teams import score_teams
    for option, value in (("--method", args.method), ("--pbn", args.pbn),
                          ("--usebio", args.usebio), ("--cards-pdf", args.cards_pdf)):
        if value:
            raise BridgeError(f"{option} is for pairs events; a teams event is scored in "
                              "IMPs and VPs and written as text, --json, --html or --pdf",
                              args.file)
    if args.boards is not None and args.boards < 1:
        raise BridgeError(f"--boards {args.boards}: a match has at least one board", args.file)
    result = score_teams(event, boards=args.boards, scale=args.vp_scale or "wbf_2013")
    if args.html:
        try:
            with open(args.html, "w", encoding="utf-8") as f:
                f.write(teams_html(result, args.lang or "en"))
        except OSError as e:
            raise BridgeError(f"cannot write: {e.strerror}", args.html) from None
    if args.pdf:
        from .tournament.paper import results_pdf, results_sheet
        rows = [{"rank": s.rank, "pair": s.team, "names": s.name, "score": s.vp}
                for s in result.standings]
        _write_bytes(args.pdf, results_pdf(results_sheet(
            event.name or os.path.basename(args.file), {"": rows}, "imp"), lang=args.lang))
    for line in result.disagreements():
        print(f"bridgelaws: {event.source}: differs from the file: {line}", file=sys.stderr)
    sys.stdout.write(teams_json(result) + "\n" if args.json else teams_text(result, args.lang))
    return 0


def _version() -> str:
    """The version installed, from the package's metadata."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("bridgelaws")
    except PackageNotFoundError:          # run from a source tree that was not installed
        return "unknown (not installed)"


class _Version(argparse.Action):
    """``--version``: print the version installed and stop.  The metadata is read only
    then (it takes a tenth of a second, which every other command is spared)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {_version()}")
        parser.exit()


def _command(sub, name: str, summary: str, description: str, examples: str,
             parents=()) -> argparse.ArgumentParser:
    """A subcommand whose ``--help`` says what it does (``description``), each argument
    and an example or two (``examples``: one command a line, ``# what it does`` after);
    the description is filled to the width of a terminal, a blank line between paragraphs."""
    text = _filled(description)
    return sub.add_parser(name, help=summary, description=text, parents=list(parents),
                          epilog="example:\n" + "\n".join(f"  {line}" for line in
                                                        examples.strip().splitlines()),
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def _filled(text: str) -> str:
    """``text`` filled to 78 columns, a blank line between paragraphs."""
    return "\n\n".join(textwrap.fill(part, 78, break_on_hyphens=False)
                       for part in text.split("\n\n"))


def _progress_options() -> argparse.ArgumentParser:
    """``--progress``/``--no-progress`` (and the older ``--quiet``) of the long commands."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar with the time left on standard error; by "
                        "default shown only when standard error is a terminal")
    p.add_argument("--quiet", dest="progress", action="store_false", default=None,
                   help="the same as --no-progress")
    return p


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bridgelaws", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=_filled("The Laws of Duplicate Bridge (2017, amended 2024) as an engine: "
                            "ruling cases, PBN and LIN files, deals, double-dummy analysis, "
                            "movements, results and the web service."),
        epilog="example:\n  bridgelaws replay game.lin        # replay a BBO record, check its "
               "results\n  bridgelaws deal --boards 1-36 --out set.pbn\n"
               "  bridgelaws COMMAND --help         # what a command does, with an example")
    p.add_argument("--version", action=_Version,
                   help="print the version installed and stop")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           title="commands")
    progress = _progress_options()

    c = _command(sub, "case", "replay a ruling case (JSON) and print the table's state",
                 "Replay a ruling case (the JSON format of CASES.md: a board and the events "
                 "at its table, irregularities included) and print the table's state as "
                 "JSON: whose turn it is, the contract, the tricks, the pending decision and "
                 "the laws applied.",
                 "bridgelaws case lead_out_of_turn.json --pretty\n"
                 "cat lead_out_of_turn.json | bridgelaws case -")
    c.add_argument("file", help="the case file, or - for standard input")
    c.add_argument("--pretty", action="store_true", help="indent the JSON")
    _edition_option(c)
    c.set_defaults(func=_cmd_case)

    r = _command(sub, "replay", "replay the boards of PBN or LIN files and check results",
                 "Replay every board of PBN or LIN files through the engine (auction, play, "
                 "claim) and check that it gives the contract, declarer, tricks and score the "
                 "file records. One line per board (contract, declarer, tricks, North-South "
                 "score, agreed or not, any irregularity with its law), then a summary.\n\n"
                 "A board that cannot be read or replayed, or whose replay disagrees with its "
                 "file, is named on standard error and makes the exit status 2 (unless "
                 "--keep-going).",
                 "bridgelaws replay examples/usbf_sf_14502.lin\n"
                 "bridgelaws replay --summary-only --keep-going archive/*.pbn",
                 parents=[progress])
    r.add_argument("files", nargs="+", metavar="FILE",
                   help="PBN or LIN files (by their extension, else their content)")
    r.add_argument("--summary-only", action="store_true", help="print only the summary line")
    r.add_argument("--infer-leading-passes", action="store_true",
                   help="the files leave out the passes before the opening bid (rpbridge.net): "
                        "infer them from the recorded declarer")
    r.add_argument("--strict", action="store_true",
                   help="also hold PBN files to every rule of the PBN 2.1 standard")
    r.add_argument("--keep-going", action="store_true",
                   help="boards that cannot be read or replayed are named and counted, "
                        "but the exit status stays 0")
    _edition_option(r)
    r.set_defaults(func=_cmd_replay)

    u = _command(sub, "rule", "explain the ruling on a case's last irregularity",
                 "Explain, for the Director, the ruling on the last irregularity of a ruling "
                 "case: what happened, who chooses, each option with what follows, and the "
                 "laws.",
                 "bridgelaws rule lead_out_of_turn.json\n"
                 "bridgelaws rule insufficient_bid.json --lang pl")
    u.add_argument("file", help="the case file, or - for standard input")
    u.add_argument("--lang", choices=["en", "he", "pl", "ru", "nb"], default="en",
                   help="language of the explanation (default en)")
    _edition_option(u)
    u.set_defaults(func=_cmd_rule)

    m = _command(sub, "claim", "advice to the Director on a disputed claim (Law 70)",
                 "Advice to the Director on a disputed claim (Law 70): the claimed and the "
                 "double-dummy tricks, and the fewest tricks of the claimer's side over the "
                 "normal lines of its statement, with that line trick by trick. It is "
                 "advice: any doubtful point is resolved against the claimer (70A).",
                 "bridgelaws claim disputed_claim.json\n"
                 "bridgelaws claim disputed_claim.json --json --pretty")
    m.add_argument("file", help="the case file (ending with the claim), or - for standard input")
    m.add_argument("--json", action="store_true", help="print the advice as JSON")
    m.add_argument("--pretty", action="store_true", help="indent the JSON")
    m.set_defaults(func=_cmd_claim)

    j = _command(sub, "adjust", "an adjusted score from the likely results (Law 12C)",
                 "Score the Director's adjusted score on one board (Law 12C): the likely "
                 "results with their weights (2017 12C1c; each side its own, 12C1e), or in "
                 "the 1997 Laws the non-offenders' most favourable likely result and the "
                 "offenders' most unfavourable probable one (12C2), or an artificial score "
                 "(average plus, average, average minus: 12C2). Each result is scored by "
                 "Law 77 and, against the board's other results ('field'), in matchpoints "
                 "or IMPs, each part weighted. With the deal, the double-dummy tricks of each "
                 "candidate contract are shown as an aid (advice, not a ruling).\n\n"
                 "The input is a case (board, deal, dealer, vulnerable, optionally its "
                 "events) with the Director's results: see the README, \"Adjusted scores: "
                 "bridgelaws adjust\", and examples/adjusted_score.json.",
                 "bridgelaws adjust examples/adjusted_score.json\n"
                 "bridgelaws adjust examples/adjusted_score.json --json --pretty\n"
                 "bridgelaws adjust examples/adjusted_score.json --lang pl")
    j.add_argument("file", help="the adjustment (JSON), or - for standard input")
    j.add_argument("--json", action="store_true", help="print the adjusted score as JSON")
    j.add_argument("--pretty", action="store_true", help="indent the JSON")
    j.add_argument("--no-dd", action="store_true",
                   help="leave out the double-dummy aid (it takes a moment)")
    _lang_option(j, "the text")
    _edition_option(j, "give the adjusted score")
    j.set_defaults(func=_cmd_adjust)

    k = _command(sub, "check", "check PBN or LIN files against their standard",
                 "Check PBN files against every rule of PBN 2.1, and LIN files as BBO's "
                 "online play (no irregularity, no card played twice or from the wrong "
                 "hand). Errors and notes go to standard error, one line per file to "
                 "standard output; the exit status is 2 if any game has an error.",
                 "bridgelaws check set.pbn game.lin\n"
                 "bridgelaws check --fix old.pbn -o new.pbn")
    k.add_argument("files", nargs="+", metavar="FILE", help="PBN or LIN files")
    k.add_argument("--fix", action="store_true",
                   help="write each PBN file again in canonical PBN 2.1 export format "
                        "(the standard's order and spellings), keeping every tag, section, "
                        "note and comment; refused for a file with a game that cannot be "
                        "read or that contradicts itself; then check what was written")
    k.add_argument("-o", "--output", metavar="OUT",
                   help="with --fix and one FILE: write here (- for standard output) "
                        "instead of in place")
    k.set_defaults(func=_cmd_check)

    d = _command(sub, "deal", "deal a board set (Law 6) with dealer and vulnerability (Law 2)",
                 "Deal a board set into PBN: each board gets a deal drawn as Law 6E4 allows "
                 "(every deal equally likely, from a secure source, or from --seed for tests "
                 "and lessons) and the dealer and vulnerability of its number (Law 2). "
                 "--where deals only hands that fit a constraint, for teaching sets: the "
                 "project's short predicates or a condition of the dealer program; "
                 "--dealer-script takes a whole dealer script.",
                 "bridgelaws deal --boards 1-36 --out set.pbn\n"
                 "bridgelaws deal --boards 1-8 --seed 42 --where \"N hcp 15-17 balanced\"\n"
                 "bridgelaws deal --boards 1-8 --where \"hearts(south) == 6 && hcp(south) < 11 && "
                 "shape(north, any 4333+any 4432+any 5332)\"\n"
                 "bridgelaws deal --dealer-script weak_two.dlr --out lesson.pbn",
                 parents=[progress])
    d.add_argument("--boards", help="board numbers, like 1-36 or 1-16,21-24 (required unless "
                                    "the dealer script says 'produce N')")
    d.add_argument("--seed", help="deal reproducibly from this seed (for tests and teaching; "
                                  "without it deals come from a secure source)")
    d.add_argument("--where", metavar="PREDICATE",
                   help='constraints on the hands, like "N hcp 15-17 balanced, S hearts 5+", '
                        'or a condition of the dealer program, like '
                        '"hcp(north)>=15 && shape(north, any 4333+any 4432+any 5332)"')
    d.add_argument("--dealer-script", metavar="FILE",
                   help="a script of the dealer program: condition, predeal, produce, "
                        "generate, dealer, vulnerable, altcount and variables are applied; its "
                        "print actions are not run (the boards are written as PBN); what "
                        "cannot be done (pointcount, average, frequency, imps) is refused "
                        "naming its line")
    d.add_argument("--max-attempts", type=int, default=None,
                   help="deals tried per board before the constraint is declared too rare "
                        "(default 1,000,000; with a script's 'generate', that many for the "
                        "whole set, as dealer counts them)")
    d.add_argument("--out", help="the PBN file to write (default: standard output)")
    d.set_defaults(func=_cmd_deal)

    a = _command(sub, "analyse", "double-dummy tables and par of every board of a PBN file",
                 "The double-dummy table (tricks for each declarer in each strain) and the par "
                 "score and contracts of every board of a PBN file, computed by DDS in "
                 "batches that use every core. Advice for the Director (Laws 12C, 70), never "
                 "a ruling.",
                 "bridgelaws analyse set.pbn\n"
                 "bridgelaws analyse set.pbn --json --pretty > analysis.json\n"
                 "bridgelaws analyse set.pbn --lang ru",
                 parents=[progress])
    a.add_argument("file", metavar="SET.pbn", help="the PBN file of the board set")
    a.add_argument("--json", action="store_true", help="print a JSON list, one object per board")
    a.add_argument("--pretty", action="store_true", help="indent the JSON")
    a.add_argument("--threads", type=int, default=0, help="DDS threads (default: every core)")
    _lang_option(a, "the text (JSON is the same in every language)")
    a.set_defaults(func=_cmd_analyse)

    n = _command(sub, "dealnumber", "the deal of a number, or the number of a deal "
                                     "(Pavlicek's numbering)",
                 "Turn a deal number into its deal (PBN), or a deal into its number, by "
                 "Richard Pavlicek's numbering of the 53,644,737,765,488,792,839,237,440,000 "
                 "deals.",
                 "bridgelaws dealnumber 0\n"
                 "bridgelaws dealnumber \"N:AKQJT98765432... .AKQJT98765432.. "
                 "..AKQJT98765432. ...AKQJT98765432\"")
    n.add_argument("value", metavar="N|DEAL", help='a number from 0 to 52!/(13!)^4 - 1, '
                                                   'or a deal like "N:AKQ2.KQ2.A32.K32 ..."')
    n.set_defaults(func=_cmd_dealnumber)

    v = _command(sub, "movement", "a movement round by round: table, NS, EW, boards",
                 "A movement round by round: at each table, the North-South and East-West "
                 "pairs (or teams) and the boards they play. A Mitchell may have a skip or a "
                 "relay and bye stand, a phantom pair and arrow-switched rounds.",
                 "bridgelaws movement mitchell 7\n"
                 "bridgelaws movement howell 4 --boards-per-round 3 --json\n"
                 "bridgelaws movement mitchell 7 --pdf tables.pdf --title \"Club night\"")
    v.add_argument("kind", choices=["mitchell", "howell", "roundrobin"],
                   help="the kind of movement: mitchell, howell or roundrobin (teams)")
    v.add_argument("n", type=int, metavar="N", help="tables (mitchell, howell) or teams (roundrobin)")
    v.add_argument("--boards-per-round", type=int, metavar="B",
                   help="boards per round (default 2; 8 for a round robin)")
    v.add_argument("--rounds", type=int,
                   help="Mitchell, Howell: fewer rounds than the full movement")
    v.add_argument("--relay", action="store_true",
                   help="Mitchell, even tables: a relay and bye stand instead of the skip")
    v.add_argument("--sit-out", type=int, metavar="PAIR",
                   help="Mitchell, Howell: this pair is missing (an odd number of pairs); "
                        "its opponents sit out")
    v.add_argument("--phantom", type=float, metavar="PERCENT",
                   help="with --sit-out: the missing pair's opponents get an artificial "
                        "adjusted score of PERCENT on each board they miss (Law 12C2; "
                        "60 is average plus)")
    v.add_argument("--arrow-switch", metavar="ROUNDS",
                   help="Mitchell: arrow-switch these rounds (3, 2,4 or last)")
    v.add_argument("--json", action="store_true", help="print the movement as JSON")
    v.add_argument("--pdf", metavar="OUT", help="write the table cards here instead (one card "
                                                "per table: each round's pairs and boards)")
    v.add_argument("--title", help="the title on the table cards (default: the movement)")
    _lang_option(v, "the table cards")
    v.set_defaults(func=_cmd_movement)

    w = _command(sub, "swiss", "the next round of a Swiss teams event",
                 "The pairings of the next round of a Swiss: teams ranked by their VP totals "
                 "(ties in the order given), the top team against the highest-ranked team it "
                 "has not met, backtracking so that no two teams meet twice while that can be "
                 "avoided; with an odd number of teams the lowest team without a bye has it.",
                 "bridgelaws swiss --standings A=31.5,B=28,C=20,D=12 --played A-B,C-D")
    w.add_argument("--standings", required=True, metavar="TEAM=VP,...",
                   help="every team with its VP total, best first for ties")
    w.add_argument("--played", metavar="A-B,...",
                   help="the matches played so far (A- for a bye)")
    w.add_argument("--json", action="store_true", help="print the pairings as JSON")
    w.set_defaults(func=_cmd_swiss)

    h = _command(sub, "handrecord", "hand records: HTML page, and PBN with DD tables and par",
                 "Hand records of a board set: an HTML page with each board's hands, "
                 "double-dummy table, par and deal number, and/or the PBN file with the "
                 "double-dummy tables and par added (OptimumResultTable, ParContract, "
                 "OptimumScore).",
                 "bridgelaws handrecord set.pbn --html records.html\n"
                 "bridgelaws handrecord set.pbn --pbn set_dd.pbn --title \"Monday pairs\"\n"
                 "bridgelaws handrecord set.pbn --pdf hands.pdf --per-page 2 --lang he",
                 parents=[progress])
    h.add_argument("file", metavar="SET.pbn", help="the PBN file of the board set")
    h.add_argument("--html", metavar="OUT", help="write the hand record page here")
    h.add_argument("--pbn", metavar="OUT", help="write the boards with OptimumResultTable, "
                                                "ParContract and OptimumScore here")
    h.add_argument("--pdf", metavar="OUT", help="write the hand records as a PDF to print here")
    h.add_argument("--per-page", type=int, choices=[2, 4], default=4,
                   help="boards on each page of the PDF (default 4)")
    _lang_option(h, "the HTML page and the PDF")
    h.add_argument("--title", help="the title of the page (default: the file name)")
    h.add_argument("--threads", type=int, default=0, help="DDS threads (default: every core)")
    h.set_defaults(func=_cmd_handrecord)
    s = _command(sub, "results", "rank an event from its raw results (USEBIO, PBN, CSV, .bws)",
                 "Score and rank an event from its raw results (matchpoints, IMPs, "
                 "cross-IMPs or Butler) and print the ranking; also write it as an HTML "
                 "page, PBN 2.1 score tables or USEBIO 1.2.\n\n"
                 "A teams event (a PBN match table as Ruter writes it, or USEBIO "
                 "SWISS_TEAMS/TEAMS_OF_FOUR) is scored match by match: IMPs (from both rooms' "
                 "boards when the file has them, else the match IMPs it gives), victory "
                 "points on the WBF 2013 scale for the number of boards in a match (--boards, "
                 "else the boards in the file, else inferred from the VPs the file publishes), "
                 "and the teams ranked on their VPs.",
                 "bridgelaws results examples/club_night.csv\n"
                 "bridgelaws results event.xml --method imp --html results.html\n"
                 "bridgelaws results session.bws --pdf results.pdf --cards-pdf cards.pdf\n"
                 "bridgelaws results team.pbn --boards 8    # a teams event: IMPs, VPs, ranking\n"
                 "bridgelaws results examples/club_night.csv --lang pl",
                 parents=[progress])
    s.add_argument("file", help="the results file (.xml USEBIO 1.2, .pbn with score tables, "
                                ".csv raw results, a Bridgemate .bws database) or a folder "
                                "of Bridgemate CSV tables")
    s.add_argument("--method", choices=["mp", "imp", "xi", "butler"],
                   help="scoring method (default: the one the file names)")
    _edition_option(s, "score adjusted scores (12C, 86, 88)")
    s.add_argument("--html", metavar="OUT", help="also write the results as an HTML page "
                   "(ranking, travellers, hands with double-dummy tricks and par where the "
                   "file gives the deals, each pair's score card)")
    s.add_argument("--analysis", action=argparse.BooleanOptionalAction, default=True,
                   help="--no-analysis: the HTML page's hands without the double-dummy "
                        "tricks and par (which take a moment for many boards)")
    s.add_argument("--json", action="store_true", help="print the ranking as JSON")
    s.add_argument("--pbn", metavar="OUT", help="also write PBN 2.1 ScoreTables and the "
                                                "TotalScoreTable")
    s.add_argument("--usebio", metavar="OUT", help="also write USEBIO 1.2 XML")
    s.add_argument("--pdf", metavar="OUT", help="also write the ranking as a PDF to print")
    s.add_argument("--cards-pdf", metavar="OUT",
                   help="pairs: also write every pair's score card as a PDF to print")
    _lang_option(s, "the ranking printed, the HTML page and the PDFs' headings")
    s.add_argument("--boards", type=int, metavar="N",
                   help="teams: the boards in a match, which decide the VP scale (default: "
                        "the boards in the file, else inferred from its published VPs)")
    from .scoring.vp import VP_SCALES
    s.add_argument("--vp-scale", choices=sorted(VP_SCALES),
                   help="teams: the victory-point scale (default wbf_2013)")
    s.set_defaults(func=_cmd_results)
    w = _command(sub, "serve", "the web service: director's console, ruling assistant, "
                                "rulings log",
                 "Start the web service: the director's console (events, results, "
                 "standings, publishing), live tables, the ruling assistant and the rulings "
                 "log. The first start prints the director's login (or set "
                 "BRIDGELAWS_PASSWORD to choose the password).",
                 "bridgelaws serve\n"
                 "bridgelaws serve --host 0.0.0.0 --db postgresql://bridge:secret@db/club")
    w.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    w.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    w.add_argument("--db", default=os.environ.get("BRIDGELAWS_DB", "bridgelaws.db"),
                   help="database: an SQLite file (default bridgelaws.db in the working folder) "
                        "or postgresql://user:password@host/dbname")
    w.add_argument("--no-demo", action="store_true",
                   help="do not load the demo event into an empty database")
    w.add_argument("--director", default="director",
                   help="the first director's login name, created when there is none")
    w.add_argument("--secure-cookies", action="store_true",
                   default=os.environ.get("BRIDGELAWS_SECURE_COOKIES", "") not in ("", "0"),
                   help="mark the session cookie Secure and send Strict-Transport-Security: "
                        "for a service reached over HTTPS (BRIDGELAWS_SECURE_COOKIES=1)")
    w.add_argument("--trusted-proxies", metavar="ADDRS",
                   default=os.environ.get("BRIDGELAWS_TRUSTED_PROXIES", ""),
                   help="comma-separated addresses of reverse proxies whose X-Forwarded-For "
                        "names the client (default: none; the socket's peer is the client; "
                        "BRIDGELAWS_TRUSTED_PROXIES)")
    w.add_argument("--max-upload-mb", type=float, metavar="MB",
                   help="the largest PBN board set uploaded with a new event, in MB "
                        "(default 10, or BRIDGELAWS_MAX_UPLOAD_MB)")
    w.add_argument("--max-body-kb", type=float, metavar="KB",
                   help="the largest body of any other request, in KB (default 1024, or "
                        "BRIDGELAWS_MAX_BODY_KB)")
    w.set_defaults(func=_cmd_serve)
    return p


def _cmd_serve(args) -> int:
    """Start the web service; the first director's password comes from
    BRIDGELAWS_PASSWORD, or a random one is printed once."""
    from .service.db import hold_sqlite_lock
    for name, value in (("--max-upload-mb", args.max_upload_mb),
                        ("--max-body-kb", args.max_body_kb)):
        if value is not None and not 0 < value < 1e6:
            raise BridgeError(f"{value:g} is not a positive size", name)
    # SQLite serves one process: a second server on the same file would serve stale
    # tables, so it stops here, before touching the database (the lock lives as long
    # as this process: kept in a local of this function, which runs the server)
    lock = hold_sqlite_lock(args.db)  # noqa: F841
    import uvicorn

    from .service.app import create_app, ensure_director
    from .service.limits import MB, WS_MAX_SIZE
    try:
        from .service.live.frames import JoinedWritesProtocol
        ws_protocol: object = JoinedWritesProtocol
    except ImportError:     # a uvicorn without its sans-I/O protocol: its own choice
        ws_protocol = "auto"
    try:
        app = create_app(args.db, demo=not args.no_demo, secure_cookies=args.secure_cookies)
    except Exception as e:            # an unreachable or unusable database: one clear line
        if isinstance(e, BridgeError):
            raise
        raise BridgeError(f"cannot open the database: {type(e).__name__}: "
                          f"{str(e).splitlines()[0] if str(e) else ''}", args.db) from None
    if args.max_upload_mb is not None:
        app.state.limits.upload = int(args.max_upload_mb * MB)
    if args.max_body_kb is not None:
        app.state.limits.body = int(args.max_body_kb * 1024)
    password = ensure_director(app.state.store, args.director,
                               os.environ.get("BRIDGELAWS_PASSWORD") or None)
    url = f"http://{args.host}:{args.port}/"
    # the process's id is in the X-Bridgelaws-Process header of each of its answers
    print(f"bridgelaws: serving {url} (database {app.state.store.backend}, process "
          f"{app.state.hub.origin})", flush=True)
    if password and not os.environ.get("BRIDGELAWS_PASSWORD"):
        print(f"bridgelaws: director login: {args.director} / {password} "
              "(set BRIDGELAWS_PASSWORD to choose it)", flush=True)
    # live tables send small JSON views many times a second: compressing each one costs
    # more CPU than it saves on a club's network (ws_per_message_deflate off)
    # the client's address (the login throttle counts by it) is the socket's peer, unless
    # the peer is a proxy the Director named: then uvicorn reads its X-Forwarded-For
    proxies = [a.strip() for a in args.trusted_proxies.split(",") if a.strip()]
    # a live table's WebSocket message is an act of a few hundred bytes: 64 KB at most
    # (uvicorn's default is 16 MB, held in memory per message)
    # the WebSocket frames of one turn of the event loop go out in one write (frames.py)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                ws=ws_protocol,
                ws_per_message_deflate=False, ws_max_size=WS_MAX_SIZE,
                proxy_headers=bool(proxies),
                forwarded_allow_ips=proxies or None)
    return 0


def _input_name(args) -> str:
    """The file a command reads, for a message ("<stdin>" for "-")."""
    files = getattr(args, "files", None) or [getattr(args, "file", None) or args.command]
    return "<stdin>" if files[0] == "-" else files[0]


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    if "_ARGCOMPLETE" in os.environ:    # the shell asks argcomplete to complete a command line
        import argcomplete
        argcomplete.autocomplete(parser)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BridgeError as e:
        print(f"bridgelaws: {e}", file=sys.stderr)
        return 2
    except RecursionError:            # a reader's own limits come first; this is the last guard
        print(f"bridgelaws: {_input_name(args)}: nested too deeply to read", file=sys.stderr)
        return 2
    except ValueError as e:           # not foreseen by a reader: still one line, no traceback
        print(f"bridgelaws: {_input_name(args)}: cannot read: "
              f"{(str(e).split(';')[0].strip().splitlines() or [type(e).__name__])[0]}",
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
