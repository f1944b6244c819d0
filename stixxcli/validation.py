"""`stixx validate`'s work, without click: the click command runs it with the
options it parsed, and `stixx validate LOG...` with nothing else on the line
runs it straight from __main__, before click is imported (see `quick_paths`)."""

from __future__ import annotations

import os
import sys


def validate(logs, *, quiet=False, jobs=1, executor="local", scheduler=None, as_json=False) -> int:
    """Print a verdict per log (a line, or JSON with --json) and, for several
    logs, the count on standard error; the exit code: 0 when all are valid."""
    from collections import deque

    from .check import Copies, check_sources
    from .limits import each_once
    from .parallel import jobs_for
    from .progress import on_terminal, progress
    from .sources import log_files
    from .text import counted, json_line, plain

    jobs = jobs_for(jobs, warn=lambda message: print(f"stixx: warning: {message}", file=sys.stderr))
    total = bad = 0
    copies = Copies()
    paths, notes = each_once(log_files(logs))
    for note in notes:
        print(note, file=sys.stderr)
    shown = on_terminal() and not as_json
    # Files have a size: a bar of the bytes read. Standard input or a pipe: a count of the logs.
    size = shown and all(os.path.isfile(path) for path in paths) and sum(map(os.path.getsize, paths))
    sizes = deque() if size else None
    chunks = check_sources(
        paths, full=as_json, jobs=jobs, executor=executor, scheduler=scheduler, digests=True, sizes=sizes
    )
    with progress(shown, size or None, "validating", "bytes" if size else None) as bar:
        for verdicts in chunks:
            for verdict, line, game in verdicts:
                total += 1
                bad += not verdict["valid"]
                if not (quiet and verdict["valid"]):
                    # Content (names, file names) as text a terminal shows and does not obey.
                    bar.print(json_line(verdict) if as_json else plain(line))
                if game is not None and (first := copies.first_of(*game)):  # valid all the same
                    # Through rich's redirection when the bar is on: above it, as the verdicts.
                    print(
                        f"stixx: note: {plain(game[0])} is the same game as {plain(first)}", file=sys.stderr
                    )
            bar.advance(sizes.popleft() if sizes is not None else len(verdicts))
    if not as_json and (total > 1 or quiet):
        print(f"{counted(total, 'log')}: {total - bad} valid, {bad} invalid", file=sys.stderr, flush=True)
    return 1 if bad else 0


def quick_paths(args: list[str]) -> list[str] | None:
    """The logs of `stixx validate LOG...` when the line holds nothing click
    would read differently: no option, no "-", only files and folders that
    exist and can be read (click's own checks of a LOG). None otherwise."""
    if not args or any(arg.startswith("-") or not os.access(arg, os.R_OK) for arg in args):
        return None
    if not all(_starts_as_json(arg) for arg in args):
        return None  # perhaps a paper sheet given as a log: the command says to use score --sheet
    return args


def _starts_as_json(path: str) -> bool:
    """Whether a file's first character (after a BOM and blanks) opens JSON; a folder counts."""
    return not os.path.isfile(path) or opens_json(file_head(path)[0])


def file_head(path: str) -> tuple[bytes, bool]:
    """A file's first 4 KB without a BOM and leading blanks, and whether it holds
    more. A file that cannot be read (a disk's read error, no permission) has
    no head: the reading proper says so, with the file's name."""
    try:
        with open(path, "rb") as f:
            return f.read(4096).lstrip(b"\xef\xbb\xbf").lstrip(), bool(f.read(1))
    except OSError:
        return b"", False


def opens_json(head: bytes) -> bool:
    """Whether a file's head (file_head) is empty or opens a JSON value a log could be."""
    return not head or head[:1] in (b"{", b"[", b'"')
