"""Writing game logs so that none is ever half written or lost: atomic
writes with the usual file mode, temporary files removed on every way out,
destinations checked before the work, and a fallback save in the user's data
folder when a write fails mid-game."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

from .errors import PluginError, StixxError, not_json
from .limits import UsageProblem
from .text import counted, for_shell, plain


def dumps(log: dict, *, indent: int | None = 1) -> str:
    return json.dumps(log, indent=indent, ensure_ascii=False) + "\n"


def _umask() -> int:
    mask = os.umask(0o022)  # there is no way to read it without setting it
    os.umask(mask)
    return mask


def _new_file_mode(path: Path) -> int:
    """The mode a written log gets: the old file's, when it is replaced (a
    resumed log keeps its mode), else the usual one for a new file (0666 less
    the umask), not the 0600 of a temporary file."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


def _temporary_beside(path: Path) -> tuple[int, str]:
    directory = path.parent if str(path.parent) else Path(".")
    import tempfile  # only when writing: reading commands start without it

    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, _new_file_mode(path))
    except BaseException:
        os.close(fd)
        _remove(tmp)
        raise
    return fd, tmp


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def special(path: str | os.PathLike) -> bool:
    """Whether `path` is there and is neither a file nor a folder: a device
    (/dev/null) or a named pipe, written to as it is, never replaced."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def numbered(path: str, name: str, suffix: str = "") -> str:
    """FILE-NAME.ext: one file per sheet or photo when one FILE was given for
    several, beside FILE (`suffix` when FILE has none): a separator or control
    character in NAME (a sheet letter or a photo's name, from a rule file or
    the command line) is written as `_`."""
    stem, ext = os.path.splitext(path)
    word = "".join(ch if ch.isprintable() and ch not in "/\\" else "_" for ch in name)
    return f"{stem}-{word}{ext or suffix}"


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write `text` to `path` so that the file is always the old one or the new
    one, never half: a temporary file beside it, flushed, then renamed over it.
    The temporary file is removed on every way out (an error, Ctrl-C). A
    device or a named pipe is written to directly: renaming over it would
    put a file in its place."""
    if special(path):
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:  # /dev/full: the error names no file
            _name(e, path)
            raise
        return
    path = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)  # a link stays a link
    fd, tmp = _temporary_beside(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        _remove(tmp)
        _name(e, path)
        raise


def _name(error: BaseException, path) -> None:
    """Name the file a failed write was for: a full disk's error has no file
    name of its own, and "No space left on device" alone does not say which."""
    if isinstance(error, OSError) and not error.filename:
        error.filename = str(path)


def write_log(path: str | os.PathLike, log: dict) -> None:
    """Write one log (JSON), or to standard output when `path` is "-": there
    with every character a terminal would obey written as a \\u escape (the
    same log to any reader of JSON)."""
    if str(path) == "-":
        from .text import plain_json

        sys.stdout.write(plain_json(dumps(log)))
        return
    write_atomic(path, dumps(log))


class AtomicLines:
    """A JSON Lines file written beside its target and renamed over it at the
    end: readers see the old file or the whole new one. The temporary file is
    removed on every way out that does not commit: `abort()`, leaving a `with`
    block by an exception, or the end of the program (Ctrl-C, SIGTERM turned
    into an exception). A device or a named pipe is written to directly."""

    def __init__(self, path: str | os.PathLike):
        import weakref

        self.path = Path(path)
        if special(path):
            self.tmp, self.file = None, open(path, "w", encoding="utf-8")
        else:
            fd, self.tmp = _temporary_beside(self.path)
            self.file = os.fdopen(fd, "w", encoding="utf-8")
        self._cleanup = weakref.finalize(self, _discard, self.file, self.tmp)

    def write(self, log: dict) -> None:
        try:
            self.file.write(
                json.dumps(log, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
            )
        except OSError as e:
            _name(e, self.path)
            raise
        except (TypeError, ValueError, RecursionError) as e:  # a batch's games are checked here only
            raise PluginError(f"the {log['game']} plugin's game log is not JSON: {not_json(e)}") from e

    def commit(self) -> None:
        try:
            if self.tmp is None:
                self.file.close()
            else:
                self.file.flush()
                os.fsync(self.file.fileno())
                self.file.close()
                os.replace(self.tmp, self.path)
        except BaseException as e:
            self.abort()
            _name(e, self.path)
            raise
        self._cleanup.detach()

    def abort(self) -> None:
        self._cleanup()

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        if kind is None:
            self.commit()
        else:
            self.abort()
        return False


def _discard(file, tmp: str | None) -> None:
    try:
        file.close()
    except OSError:
        pass
    if tmp is not None:
        _remove(tmp)


def log_apart(out, players, chance, source=None) -> None:
    """A game a person sees at the terminal (a seat, or chance typed in) is shown on
    standard output and answered on standard input: its log goes to, and comes from, a file."""
    if not (chance == "manual" or any(not p.get("bot") for p in players)):
        return
    if out == "-":
        raise UsageProblem(
            "--out - writes the log to standard output, where this game is shown to the people at the "
            "table: name a file for the log"
        )
    if source == "-":
        raise UsageProblem(
            "--resume - reads the game from standard input, where the people at the table answer: "
            "save it to a file and resume that"
        )


def writable(path: str | os.PathLike, option: str) -> None:
    """Refuse (exit 2, naming `option`) a destination that cannot be written,
    before a game or a long job starts: an empty name, a folder, a missing or
    read-only folder. Tried for real, by making a temporary file beside it:
    permissions alone do not say (root, ACLs, a read-only mount)."""
    if str(path) == "-":
        return
    if not str(path).strip():
        raise UsageProblem(f"{option} needs a file name, not an empty one")
    if special(path):  # written to as it is
        if not os.access(path, os.W_OK):
            raise UsageProblem(f"{option} {plain(str(path))}: cannot be written to")
        return
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    shown = plain(str(path))
    if target.is_dir():
        raise UsageProblem(f"{option} {shown}: is a folder; name a file")
    if str(path).endswith(("/", os.sep)):  # Path drops the slash: `out/` would be written as a file `out`
        raise UsageProblem(f"{option} {shown}: names a folder (it ends with /); name a file")
    if not folder.is_dir():
        why = "is not a folder" if folder.exists() else "does not exist"
        raise UsageProblem(f"{option} {shown}: the folder {plain(str(folder))} {why}")
    try:
        import tempfile

        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
        os.close(fd)
        os.unlink(tmp)
    except OSError as e:
        raise UsageProblem(f"{option} {shown}: cannot write in {plain(str(folder))}: {e.strerror}") from None
    if target.exists() and not os.access(target, os.W_OK):
        raise UsageProblem(f"{option} {shown}: the file is read-only")


def holds_something(path: str) -> bool:
    """Whether `path` is a file that holds something: no game is written over it."""
    return path != "-" and not special(path) and os.path.isfile(path) and os.path.getsize(path) > 0


def never_over(out: str) -> None:
    """Refuse (exit 2) a game's log named over a file that holds something (a
    new game, or one resumed from another file): the games in it stay."""
    if holds_something(out):
        raise UsageProblem(
            f"--out {plain(out)} exists: a game is never written over a file (to go on with "
            f"a saved game: stixx play --resume {plain(out)}); name another file"
        )


class NotWritten(StixxError):
    """A log could not be written where asked; the message says where it went instead."""


def fallback_folder() -> Path:
    """Where a game goes when its own file cannot be written: the user's data
    folder (click's app dir), `saved/`."""
    from .appdir import app_dir

    return Path(app_dir()) / "saved"


def save_log(path: str | os.PathLike, log: dict) -> None:
    """Write a game's log to `path`; if that fails (a full disk, a folder gone
    read-only or removed), save it in fallback_folder() and raise NotWritten
    with a message that says where, and how to go on: the game is never lost."""
    try:
        write_log(path, log)
    except OSError as e:
        raise not_written(path, log, e) from None


def not_written(path, log: dict, error: OSError) -> NotWritten:
    """Save `log` in the fallback folder; the error that says where it went."""
    import datetime

    reason = error.strerror or str(error)
    seed = log.get("seed")
    bots_only = all(p.get("bot") for p in log.get("players", []))
    again = f"; play it again with --seed {plain(str(seed))}" if bots_only and seed is not None else ""
    stem = Path(str(path)).stem.lstrip("-") or log.get("game") or "game"  # not "-...": read as an option
    saved = fallback_folder() / f"{stem}-{datetime.datetime.now():%Y%m%d-%H%M%S-%f}.json"
    try:
        saved.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(saved, dumps(log))
    except OSError as second:
        return NotWritten(
            f"cannot write {plain(str(path))}: {reason}; nor the fallback {plain(str(saved))}: "
            f"{second.strerror or second}{again}"
        )
    then = "it is finished" if log.get("finished") else f"go on with: stixx play --resume {for_shell(saved)}"
    return NotWritten(
        f"cannot write {plain(str(path))}: {reason}; the game so far "
        f"({counted(len(log.get('moves', [])), 'move')}) is saved to {plain(str(saved))}; {then}{again}"
    )
