"""The ``bridgelaws`` command.

    bridgelaws case FILE|-          replay a ruling case (shared/CASES.md), print its state as JSON
    bridgelaws replay FILE...       replay every board of PBN or LIN files and check their results
    bridgelaws check FILE...        check PBN (2.1, strictly) or LIN files for errors

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


def _cmd_case(args) -> int:
    from .formats.case import run_case
    state = run_case(args.file)
    json.dump(state, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def read_records(path: str, strict: bool = False):
    """``(records, errors)`` of a PBN or LIN file (by its extension, else its content).

    A PBN game with a problem is reported in ``errors`` and the others are read;
    a LIN file with a problem is one error.
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
            return read_lin(path), []
        except BridgeError as e:
            return [], [e]
    return read_pbn(path, errors="collect", strict=strict)


def _board_line(r) -> str:
    rec = r.record
    t = r.table
    board = rec.board if rec.board is not None else "?"
    room = f" {rec.room:<6}" if rec.room else ""
    if t is None:
        return f"board {board:>3}{room}: not replayed ({r.error or 'no deal or auction'})"
    contract = r.contract or "-"
    decl = t.declarer_name or "-"
    tricks = "-" if r.tricks is None else str(r.tricks)
    score = "-" if r.score is None else f"{r.score:+d}"
    line = f"board {board:>3}{room}: {contract:<5} by {decl}  tricks {tricks:>2}  NS {score:>6}  {r.status}"
    if t.irregularities:
        from .i18n import message
        irr = t.irregularities[0]
        line += "  " + message(f"irregularity.{irr.kind}") + f" (Law {', '.join(irr.laws)})"
    if r.differences:
        line += "  [" + "; ".join(r.differences) + "]"
    return line


def _cmd_replay(args) -> int:
    from .formats.replay import replay_record
    status = 0
    counts: dict[str, int] = {}
    total = 0
    start = time.monotonic()
    show_progress = not args.quiet and (sys.stderr.isatty() or args.progress)
    for path in args.files:
        try:
            records, errors = read_records(path, strict=args.strict)
        except BridgeError as e:
            errors, records = [e], []
        for e in errors:
            print(f"bridgelaws: {e}", file=sys.stderr)
            status = 2
        counts["unreadable"] = counts.get("unreadable", 0) + len(errors)
        if not args.summary_only:
            print(f"# {os.path.basename(path)}: {len(records)} board(s)")
        for rec in records:
            r = replay_record(rec, leading_passes="infer" if args.infer_leading_passes
                              else "recorded")
            total += 1
            counts[r.status] = counts.get(r.status, 0) + 1
            if not args.summary_only:
                print(_board_line(r))
            if show_progress and total % PROGRESS_EVERY == 0:
                now = time.monotonic()
                print(f"  ... {total} boards replayed ({total / max(now - start, 1e-9):.0f}/s)",
                      file=sys.stderr, flush=True)
    elapsed = time.monotonic() - start
    parts = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()) if n)
    print(f"summary: {total} boards from {len(args.files)} file(s): {parts or 'none'} "
          f"in {elapsed:.2f} s")
    return status


def _cmd_check(args) -> int:
    status = 0
    for path in args.files:
        try:
            records, errors = read_records(path, strict=True)
        except BridgeError as e:
            records, errors = [], [e]
        for e in errors:
            print(f"bridgelaws: {e}", file=sys.stderr)
        status = 2 if errors else status
        print(f"{path}: {len(records)} good game(s), {len(errors)} with errors")
    return status


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
    r.set_defaults(func=_cmd_replay)

    k = sub.add_parser("check", help="check PBN or LIN files against their standard")
    k.add_argument("files", nargs="+", metavar="FILE")
    k.set_defaults(func=_cmd_check)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BridgeError as e:
        print(f"bridgelaws: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
