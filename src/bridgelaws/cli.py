"""The ``bridgelaws`` command.

    bridgelaws case FILE|-          replay a ruling case (shared/CASES.md), print its state as JSON
    bridgelaws replay FILE...       replay every board of PBN or LIN files and check their results
    bridgelaws rule FILE [--lang L] explain the ruling on a case's last irregularity
    bridgelaws claim FILE [--json]  advice on a disputed claim: the least favourable normal line (70)
    bridgelaws check FILE...        check PBN (2.1, strictly) or LIN files for errors
    bridgelaws deal --boards 1-36   deal a board set (Law 6, Law 2) into PBN
    bridgelaws analyse SET.pbn      double-dummy tables and par of every board
    bridgelaws dealnumber N|DEAL    the deal of a number, or the number of a deal
    bridgelaws handrecord SET.pbn   hand records (HTML, and PBN with DD tables and par)
    bridgelaws movement KIND N      a Mitchell, Howell or team round robin, round by round

Bad input ends with a one-line message naming where and why, and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from .cards import BridgeError

__all__ = ["main"]

#: ``replay`` reports progress on standard error every so many boards
PROGRESS_EVERY = 500
#: the games of one file whose contradictions are listed one by one (then a count)
MAX_LISTED = 20


def _cmd_case(args) -> int:
    from .formats.case import run_case
    state = run_case(args.file)
    json.dump(state, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _cmd_rule(args) -> int:
    from .explain import explain
    from .formats.case import case_file, case_table
    with case_file(args.file) as case:           # errors name the file: FILE: event N: why
        table = case_table(case)
    sys.stdout.write("\n".join(explain(table, args.lang)) + "\n")
    return 0


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


def read_records(path: str, strict: bool = False):
    """``(records, errors)`` of a PBN or LIN file (by its extension, else its content).

    A PBN game with a problem is reported in ``errors`` and the others are read;
    a LIN file with a problem is one error.  ``strict`` holds a PBN file to every
    rule of PBN 2.1, and each board of a LIN file to BBO's online play, where no
    irregularity can happen: it must replay through a strict table (no card played
    twice, every card from the hand whose turn it is, suit followed, lawful calls).
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
    return read_pbn(path, errors="collect", strict=strict)


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


def _say_remarks(records, contradictions: bool = True) -> None:
    """On standard error: the notes of a file's records, each reason once with its first
    place and how many games have it, and (``contradictions``) each game that contradicts
    itself, MAX_LISTED at most and then their number."""
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
        print(f"bridgelaws: {found[0].where}: note: {reason}{more}", file=sys.stderr)
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
    show_progress = not args.quiet and (sys.stderr.isatty() or args.progress)
    for path in args.files:
        try:
            records, errors = read_records(path, strict=args.strict)
        except BridgeError as e:
            errors, records = [e], []
        for e in errors:
            print(f"bridgelaws: {e}", file=sys.stderr)
        counts["unreadable"] = counts.get("unreadable", 0) + len(errors)
        failed += len(errors)
        _say_remarks(records, contradictions=False)    # replay names each one it refuses
        if not args.summary_only:
            print(f"# {os.path.basename(path)}: {len(records)} board(s)")
        for rec in records:
            r = replay_record(rec, leading_passes="infer" if args.infer_leading_passes
                              else "recorded")
            total += 1
            counts[r.status] = counts.get(r.status, 0) + 1
            if r.failed:
                failed += 1
                print(f"bridgelaws: {r.error.where}: {shown(r.error.reason)}", file=sys.stderr)
            elif r.status == "differs":       # the file's figures contradict its own deal
                disagree += 1
                print(f"bridgelaws: {r.place}: {shown('; '.join(r.differences))}",
                      file=sys.stderr)
            if not args.summary_only:
                print(_board_line(r))
            if show_progress and total % PROGRESS_EVERY == 0:
                now = time.monotonic()
                print(f"  ... {total} boards replayed ({total / max(now - start, 1e-9):.0f}/s)",
                      file=sys.stderr, flush=True)
    elapsed = time.monotonic() - start
    parts = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()) if n)
    problems = "".join([f"; {failed} could not be read or replayed" if failed else "",
                        f"; {disagree} do not agree with their file" if disagree else ""])
    print(f"summary: {total} boards from {len(args.files)} file(s): {parts or 'none'}"
          f"{problems} in {elapsed:.2f} s")
    return 2 if (failed or disagree) and not args.keep_going else 0


def _cmd_check(args) -> int:
    status = 0
    for path in args.files:
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
    from .deals.dealing import deal_boards, parse_board_range
    from .deals.constraints import parse_where
    from .formats.handrecord import deal_records
    from .formats.pbn import write_pbn
    numbers = parse_board_range(args.boards)
    where = parse_where(args.where) if args.where is not None else None
    seed = args.seed
    if seed is not None and seed.strip().lstrip("-").isdigit():
        seed = int(seed)
    boards = deal_boards(numbers, seed=seed, where=where, max_attempts=args.max_attempts)
    records = deal_records(boards, seeded=seed is not None, where=args.where)
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
    from .tournament.movements import howell, mitchell, round_robin
    if args.kind != "mitchell" and (args.relay or args.sit_out is not None
                                    or args.arrow_switch is not None or args.rounds is not None):
        raise BridgeError("--relay, --sit-out, --arrow-switch and --rounds are for a Mitchell",
                          args.kind)
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
        m = howell(args.n, boards_per_round=2 if bpr is None else bpr)
    else:
        m = round_robin(args.n, boards_per_round=8 if bpr is None else bpr)
    if args.json:
        json.dump(m.as_json(), sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(m.text())
    return 0


def _cmd_analyse(args) -> int:
    from .analysis import analyse_records, analysis_json, analysis_lines
    records = _read_set(args.file)
    show = not args.quiet and (sys.stderr.isatty() or args.progress)
    results = analyse_records(records, threads=args.threads,
                              progress=_progress_printer("analysed") if show else None)
    if args.json:
        json.dump(analysis_json(results), sys.stdout, indent=2 if args.pretty else None)
        sys.stdout.write("\n")
    else:
        for line in analysis_lines(results):
            print(line)
    return 0


def _cmd_handrecord(args) -> int:
    from .analysis import analyse_records
    from .formats.handrecord import handrecord_html, records_with_analysis
    from .formats.pbn import write_pbn
    if args.html is None and args.pbn is None:
        raise BridgeError("say where to write: --html OUT and/or --pbn OUT", "handrecord")
    records = _read_set(args.file)
    show = not args.quiet and (sys.stderr.isatty() or args.progress)
    results = analyse_records(records, threads=args.threads,
                              progress=_progress_printer("analysed") if show else None)
    if args.html is not None:
        page = handrecord_html(results, title=args.title or os.path.basename(args.file))
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


def _progress_printer(verb: str):
    start = time.monotonic()

    def show(done: int, total: int) -> None:
        rate = done / max(time.monotonic() - start, 1e-9)
        print(f"  ... {done}/{total} boards {verb} ({rate:.1f}/s)", file=sys.stderr, flush=True)
    return show


def _cmd_results(args) -> int:
    from .tournament.output import load_event, ranking_json, ranking_text, results_html
    from .tournament.results import score_event
    from .formats.score_tables import SCORING_METHODS, write_results_pbn
    from .formats.usebio import write_usebio
    event = load_event(args.file)
    _say_remarks(event.records)
    method = (args.method or event.published.get("method")
              or SCORING_METHODS.get(event.published.get("scoring", "")) or "mp")
    not_played = event.published.get("not_played") or []
    # boards without a score: the pairs concerned are ranked on the boards they played
    # (totals factored to the full session) until the Director adjusts (Law "12A2")
    result = score_event(event, method, factor_totals=bool(not_played))
    for out, write in ((args.html, lambda path: open(path, "w", encoding="utf-8").write(
                            results_html(result))),
                       (args.pbn, lambda path: write_results_pbn(result, path)),
                       (args.usebio, lambda path: open(path, "w", encoding="utf-8").write(
                            write_usebio(result)))):
        if out:
            try:
                write(out)
            except OSError as e:
                raise BridgeError(f"cannot write: {e.strerror}", out) from None
    if not_played:
        print(f"bridgelaws: {len(not_played)} results without a score (first: board "
              f"{not_played[0]['board']}, {not_played[0]['ns']} v {not_played[0]['ew']}); "
              "totals factored; the Director may adjust (Law 12A2)", file=sys.stderr)
    sys.stdout.write(ranking_json(result) + "\n" if args.json else ranking_text(result))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="bridgelaws",
                                description="The Laws of Duplicate Bridge as an engine.")
    sub = p.add_subparsers(dest="command", required=True)

    c = sub.add_parser("case", help="replay a ruling case (JSON) and print the table's state")
    c.add_argument("file", help="the case file, or - for standard input")
    c.add_argument("--pretty", action="store_true", help="indent the JSON")
    c.set_defaults(func=_cmd_case)

    r = sub.add_parser("replay", help="replay the boards of PBN or LIN files and check results")
    r.add_argument("files", nargs="+", metavar="FILE")
    r.add_argument("--summary-only", action="store_true", help="print only the summary line")
    r.add_argument("--progress", action="store_true", help="show progress even when not a terminal")
    r.add_argument("--quiet", action="store_true", help="never show progress")
    r.add_argument("--infer-leading-passes", action="store_true",
                   help="the files leave out the passes before the opening bid (rpbridge.net): "
                        "infer them from the recorded declarer")
    r.add_argument("--strict", action="store_true",
                   help="also hold PBN files to every rule of the PBN 2.1 standard")
    r.add_argument("--keep-going", action="store_true",
                   help="boards that cannot be read or replayed are named and counted, "
                        "but the exit status stays 0")
    r.set_defaults(func=_cmd_replay)

    u = sub.add_parser("rule", help="explain the ruling on a case's last irregularity")
    u.add_argument("file", help="the case file, or - for standard input")
    u.add_argument("--lang", choices=["en", "he", "pl", "ru", "nb"], default="en",
                   help="language of the explanation (default en)")
    u.set_defaults(func=_cmd_rule)

    m = sub.add_parser("claim", help="advice to the Director on a disputed claim (Law 70): "
                                     "the fewest tricks over the normal lines of its statement")
    m.add_argument("file", help="the case file (ending with the claim), or - for standard input")
    m.add_argument("--json", action="store_true", help="print the advice as JSON")
    m.add_argument("--pretty", action="store_true", help="indent the JSON")
    m.set_defaults(func=_cmd_claim)

    k = sub.add_parser("check", help="check PBN or LIN files against their standard")
    k.add_argument("files", nargs="+", metavar="FILE")
    k.set_defaults(func=_cmd_check)

    d = sub.add_parser("deal", help="deal a board set (Law 6) with dealer and vulnerability (Law 2)")
    d.add_argument("--boards", required=True, help="board numbers, like 1-36 or 1-16,21-24")
    d.add_argument("--seed", help="deal reproducibly from this seed (for tests and teaching; "
                                  "without it deals come from a secure source)")
    d.add_argument("--where", metavar="PREDICATE",
                   help='constraints on the hands, like "N hcp 15-17 balanced, S hearts 5+"')
    d.add_argument("--max-attempts", type=int, default=1_000_000,
                   help="deals tried per board before the constraint is declared too rare")
    d.add_argument("--out", help="the PBN file to write (default: standard output)")
    d.set_defaults(func=_cmd_deal)

    a = sub.add_parser("analyse", help="double-dummy tables and par of every board of a PBN file")
    a.add_argument("file", metavar="SET.pbn")
    a.add_argument("--json", action="store_true", help="print a JSON list, one object per board")
    a.add_argument("--pretty", action="store_true", help="indent the JSON")
    a.add_argument("--threads", type=int, default=0, help="DDS threads (default: every core)")
    a.add_argument("--progress", action="store_true", help="show progress even when not a terminal")
    a.add_argument("--quiet", action="store_true", help="never show progress")
    a.set_defaults(func=_cmd_analyse)

    n = sub.add_parser("dealnumber", help="the deal of a number, or the number of a deal "
                                          "(Pavlicek's numbering)")
    n.add_argument("value", metavar="N|DEAL", help='a number from 0 to 52!/(13!)^4 - 1, '
                                                   'or a deal like "N:AKQ2.KQ2.A32.K32 ..."')
    n.set_defaults(func=_cmd_dealnumber)

    v = sub.add_parser("movement", help="a movement round by round: table, NS, EW, boards")
    v.add_argument("kind", choices=["mitchell", "howell", "roundrobin"])
    v.add_argument("n", type=int, metavar="N", help="tables (mitchell, howell) or teams (roundrobin)")
    v.add_argument("--boards-per-round", type=int, metavar="B",
                   help="boards per round (default 2; 8 for a round robin)")
    v.add_argument("--rounds", type=int, help="Mitchell: fewer rounds than the full movement")
    v.add_argument("--relay", action="store_true",
                   help="Mitchell, even tables: a relay and bye stand instead of the skip")
    v.add_argument("--sit-out", type=int, metavar="PAIR",
                   help="Mitchell: this pair is a phantom (an odd number of pairs)")
    v.add_argument("--arrow-switch", metavar="ROUNDS",
                   help="Mitchell: arrow-switch these rounds (3, 2,4 or last)")
    v.add_argument("--json", action="store_true", help="print the movement as JSON")
    v.set_defaults(func=_cmd_movement)

    h = sub.add_parser("handrecord", help="hand records: HTML page, and PBN with DD tables and par")
    h.add_argument("file", metavar="SET.pbn")
    h.add_argument("--html", metavar="OUT", help="write the hand record page here")
    h.add_argument("--pbn", metavar="OUT", help="write the boards with OptimumResultTable, "
                                                "ParContract and OptimumScore here")
    h.add_argument("--title", help="the title of the page (default: the file name)")
    h.add_argument("--threads", type=int, default=0, help="DDS threads (default: every core)")
    h.add_argument("--progress", action="store_true", help="show progress even when not a terminal")
    h.add_argument("--quiet", action="store_true", help="never show progress")
    h.set_defaults(func=_cmd_handrecord)
    s = sub.add_parser("results", help="rank an event from its raw results (USEBIO, PBN or CSV)")
    s.add_argument("file", help="the results file (.xml USEBIO 1.2, .pbn with score tables, "
                                ".csv raw results) or a folder of Bridgemate CSV tables")
    s.add_argument("--method", choices=["mp", "imp", "xi", "butler"],
                   help="scoring method (default: the one the file names)")
    s.add_argument("--html", metavar="OUT", help="also write the results as an HTML page")
    s.add_argument("--json", action="store_true", help="print the ranking as JSON")
    s.add_argument("--pbn", metavar="OUT", help="also write PBN 2.1 ScoreTables and the "
                                                "TotalScoreTable")
    s.add_argument("--usebio", metavar="OUT", help="also write USEBIO 1.2 XML")
    s.set_defaults(func=_cmd_results)
    w = sub.add_parser("serve", help="the web service: director's console, ruling assistant, "
                                     "rulings log")
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
    print(f"bridgelaws: serving {url} (database {app.state.store.backend})", flush=True)
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
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
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
