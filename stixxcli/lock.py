"""One game, one writer: a log being played is locked for the whole game.

`play --out FILE` and `play --resume FILE` hold an exclusive lock beside the
log (`.FILE.lock`); a second process on the same file is refused at once, so
the same saved game resumed in two windows cannot silently lose one of them.
The lock is the operating system's (flock, or LockFileEx on Windows) through
the `filelock` library: it goes when the process ends, however it ends, so a
crash leaves no stale lock. The small lock file itself stays, as with git's
or pip's; it holds nothing.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Iterator
from pathlib import Path

from .errors import StixxError
from .text import plain


class Busy(StixxError):
    """The log is being written by another process."""


def lock_path(log: str | os.PathLike) -> Path:
    path = Path(os.path.realpath(log))  # two names of one file share one lock
    return path.with_name(f".{path.name}.lock")


@contextlib.contextmanager
def one_writer(*logs: str | os.PathLike, read: str | os.PathLike | None = None) -> Iterator[None]:
    """Hold the lock of each log (standard output, "-", needs none, nor does a
    device or a named pipe) until the block ends; Busy at once if another
    process holds one. `read`: one of them that is only read (a game resumed
    into another file), left unlocked where no lock file can be made (a
    read-only disk): no process of ours writes it there either."""
    from filelock import FileLock, Timeout

    from .saving import special

    locks = {}  # lock file: the log's name as given; two names of one file take one lock
    for log in (str(p) for p in logs if str(p) != "-" and not special(p)):
        locks.setdefault(lock_path(log), log)
    with contextlib.ExitStack() as held:
        for where, log in locks.items():
            lock = FileLock(where, timeout=0)
            try:
                lock.acquire()
            except Timeout:
                raise Busy(
                    f"{plain(log)} is being played in another window or process; "
                    "one game has one writer: finish or quit it there first"
                ) from None
            except OSError as e:
                if read is not None and where == lock_path(read):
                    continue
                raise StixxError(f"cannot lock {plain(log)}: {e.strerror or e}") from None
            held.callback(lock.release)
        yield


@contextlib.contextmanager
def new_log(stem: str) -> Iterator[str]:
    """A new log's name, STEM.json (or STEM-2.json, ...), its lock held for the
    block: a name is taken only with its lock, and only if no game was written
    there meanwhile, so two games started in the same second get two logs,
    neither refused as busy nor written over the other."""
    with contextlib.ExitStack() as held:
        for n in itertools.count(1):
            name = f"{stem}.json" if n == 1 else f"{stem}-{n}.json"
            if os.path.lexists(name):
                continue
            attempt = contextlib.ExitStack()
            try:
                attempt.enter_context(one_writer(name))
            except Busy:
                continue
            if os.path.lexists(name):  # a game ended there while its lock was sought
                attempt.close()
                continue
            held.enter_context(attempt)
            yield name
            return
