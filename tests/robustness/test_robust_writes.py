"""Writing: a failed write never loses a game, one game has one writer, logs
get the usual file mode, and no temporary file is left on any way out."""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stixxcli import saving, terminal
from stixxcli.limits import UsageProblem
from stixxcli.saving import AtomicLines, writable, write_atomic

TRIXO = Path(__file__).parent.parent.parent / "examples" / "trixo" / "2-players.json"


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


# File mode and temporary files ------------------------------------------------------


@pytest.mark.parametrize("umask, expected", [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_log_gets_the_mode_the_umask_gives(tmp_path, umask, expected):
    old = os.umask(umask)
    try:
        write_atomic(tmp_path / "g.json", "{}")
        lines = AtomicLines(tmp_path / "c.jsonl")
        lines.commit()
    finally:
        os.umask(old)
    assert mode(tmp_path / "g.json") == expected
    assert mode(tmp_path / "c.jsonl") == expected


def test_a_rewritten_log_keeps_its_mode(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("{}")
    os.chmod(path, 0o604)
    write_atomic(path, '{"a": 1}')
    assert mode(path) == 0o604 and path.read_text() == '{"a": 1}'


def test_a_write_that_fails_leaves_no_temporary_file(tmp_path, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saving.os, "fsync", full)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "g.json", "{}")
    with pytest.raises(OSError), AtomicLines(tmp_path / "c.jsonl") as lines:
        lines.write({"a": 1})
    assert os.listdir(tmp_path) == []


def test_atomic_lines_never_committed_leave_nothing(tmp_path):
    lines = AtomicLines(tmp_path / "c.jsonl")
    lines.write({"a": 1})
    assert len(os.listdir(tmp_path)) == 1
    del lines  # as at the end of a program stopped by Ctrl-C
    assert os.listdir(tmp_path) == []
    with pytest.raises(KeyboardInterrupt), AtomicLines(tmp_path / "c.jsonl"):
        raise KeyboardInterrupt
    assert os.listdir(tmp_path) == []


# Destinations checked before the work -----------------------------------------------


def test_writable_refuses_what_cannot_be_written(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x")
    for path, says in [
        ("", "needs a file name"),
        ("  ", "needs a file name"),
        (tmp_path, "is a folder"),
        (tmp_path / "missing" / "g.json", "does not exist"),
        (tmp_path / "file" / "g.json", "is not a folder"),
        (f"{tmp_path}/new.json/", "names a folder"),  # was written as a file new.json
    ]:
        with pytest.raises(UsageProblem, match=says) as caught:
            writable(path, "--out")
        assert caught.value.exit_code == 2 and str(caught.value).startswith("--out")
    writable(tmp_path / "new.json", "--out")
    writable("-", "--out")
    assert os.listdir(tmp_path) == ["file"]  # the probe leaves nothing

    def read_only(**kwargs):
        raise PermissionError(errno.EROFS, "Read-only file system")

    import tempfile

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    with pytest.raises(UsageProblem, match="cannot write in .*Read-only file system"):
        writable(tmp_path / "g.json", "--svg")


@pytest.mark.parametrize(
    "args",
    [
        ["play", "trixo", "--bot", "a:random", "--bot", "b:random", "--out", ""],
        ["play", "trixo", "--bot", "a:random", "--bot", "b:random", "--out", "{tmp}/missing/g.json"],
        ["play", "trixo", "--bot", "a:random", "--bot", "b:random", "--out", "{tmp}"],
        ["simulate", "trixo", "-n", "1000000", "--out", "{tmp}/missing/g.jsonl"],
        ["simulate", "trixo", "-n", "1000000", "--out", ""],
        ["replay", str(TRIXO), "--svg", ""],
        ["replay", str(TRIXO), "--svg", "{tmp}/missing/g.svg"],
        ["replay", str(TRIXO), "--html", "{tmp}/missing/g.html"],
        ["sheet", "sixto", "all", "--svg", ""],  # was written as -A ... -L here
        ["sheet", "sixto", "all", "--svg", "{tmp}"],  # was written as {tmp}-A ... beside it
        ["sheet", "sixto", "A", "--svg", "{tmp}/missing/s.svg"],
        ["replay", str(TRIXO), "--svg", "{tmp}/g.svg/"],  # was written as g.svg, 'saved to g.svg/'
    ],
)
def test_an_unwritable_destination_is_a_usage_error_before_any_work(stixx, tmp_path, args):
    start = time.perf_counter()
    result = stixx(*[a.format(tmp=tmp_path) for a in args])
    assert result.exit_code == 2, result.output
    assert time.perf_counter() - start < 5  # refused at once, not after a million games
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


# A failed write never loses a game ---------------------------------------------------


@pytest.fixture
def data_folder(tmp_path, monkeypatch):
    """click's app dir under a throwaway XDG_CONFIG_HOME (and HOME, for macOS)."""
    folder = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return folder


def fail_writes_in(folder: Path, monkeypatch, after: int = 0):
    """Writes of files in `folder` fail with a full disk after `after` of them worked."""
    real = saving.write_atomic
    done = []

    def write(path, text):
        if Path(path).resolve().parent == folder.resolve():
            if len(done) >= after:
                raise OSError(errno.ENOSPC, "No space left on device")
            done.append(path)
        return real(path, text)

    monkeypatch.setattr(saving, "write_atomic", write)


def saved_file(message: str) -> Path:
    return Path(message.split(" is saved to ")[1].split(";")[0])


def test_a_bots_only_game_whose_log_cannot_be_written_is_saved_elsewhere_with_its_seed(
    stixx, tmp_path, data_folder, monkeypatch
):
    games = tmp_path / "games"
    games.mkdir()
    fail_writes_in(games, monkeypatch)
    result = stixx(
        "play", "trixo", "--bot", "a:greedy", "--bot", "b:random", "--seed", "7", "--out", games / "g.json"
    )
    assert result.exit_code == 1
    line = result.output.strip().splitlines()[-1]
    assert line.startswith(f"stixx: error: cannot write {games / 'g.json'}: No space left on device")
    assert "play it again with --seed 7" in line and "internal error" not in result.output
    saved = saved_file(line)
    assert saved.is_relative_to(data_folder) and json.loads(saved.read_text())["finished"] is True
    assert stixx("validate", saved).exit_code == 0


def test_a_disk_full_mid_game_saves_the_game_so_far_and_it_resumes(stixx, tmp_path, data_folder, monkeypatch):
    games = tmp_path / "games"
    games.mkdir()
    # The person at seat 0 always takes the first legal choice.
    monkeypatch.setattr(terminal.Screen, "ask", lambda self, choice: next(iter(choice.options)))
    fail_writes_in(games, monkeypatch, after=3)
    result = stixx(
        "play", "trixo", "--player", "Ann", "--bot", "b:random", "--seed", "1", "--out", games / "g.json"
    )
    assert result.exit_code == 1, result.output
    line = result.output.strip().splitlines()[-1]
    assert "cannot write" in line and "go on with: stixx play --resume" in line
    saved = saved_file(line)
    log = json.loads(saved.read_text())
    assert log["finished"] is False and len(log["moves"]) > len(
        json.loads((games / "g.json").read_text())["moves"]
    )
    monkeypatch.undo()
    monkeypatch.setattr(terminal.Screen, "ask", lambda self, choice: next(iter(choice.options)))
    resumed = stixx("play", "--resume", saved)
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(saved.read_text())["finished"] is True


def test_when_even_the_fallback_fails_the_line_says_so(stixx, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", "/proc/no-such-place")
    games = tmp_path / "games"
    games.mkdir()
    fail_writes_in(games, monkeypatch)
    result = stixx(
        "play", "trixo", "--bot", "a:random", "--bot", "b:random", "--seed", "5", "--out", games / "g.json"
    )
    assert result.exit_code == 1
    line = result.output.strip().splitlines()[-1]
    assert "nor the fallback" in line and "--seed 5" in line and "internal error" not in line


# One game, one writer -----------------------------------------------------------------


def _waiting_game(tmp_path, *args) -> subprocess.Popen:
    """A game waiting for its person's first answer, its input left open."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "stixxcli", *map(str, args)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    lock = tmp_path / ".g.json.lock"
    deadline = time.monotonic() + 20
    while not lock.exists():
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(0.3)
    return proc


def _second(tmp_path, *args):
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "stixxcli", *map(str, args)], capture_output=True, text=True,
                         cwd=tmp_path, timeout=30, stdin=subprocess.DEVNULL)  # fmt: skip
    return run, time.perf_counter() - start


def test_a_second_process_on_the_same_log_is_refused_at_once(tmp_path):
    first = _waiting_game(
        tmp_path, "play", "trixo", "--player", "Ann", "--bot", "b:random", "--out", "g.json"
    )
    try:
        for args in (
            ["play", "trixo", "--player", "Cid", "--bot", "d:random", "--out", "g.json"],
            ["play", "trixo", "--bot", "a:random", "--bot", "b:random", "--out", "./g.json"],
        ):
            run, seconds = _second(tmp_path, *args)
            assert run.returncode == 1, run.stderr
            assert "g.json is being played in another window or process" in run.stderr
            assert len(run.stderr.strip().splitlines()) == 1 and seconds < 5
    finally:
        first.stdin.write(b"q\n")
        first.stdin.close()
        first.wait(timeout=30)
    assert first.returncode == 130
    saved = json.loads((tmp_path / "g.json").read_text())
    assert [p["name"] for p in saved["players"]] == ["Ann", "b"]  # not overwritten by the second


def test_the_same_saved_game_cannot_be_resumed_twice(tmp_path):
    quit_at_once = subprocess.run(
        [sys.executable, "-m", "stixxcli", "play", "trixo", "--player", "Ann", "--bot", "b:random", "--out", "g.json"],
        input=b"q\n", capture_output=True, cwd=tmp_path, timeout=30,
    )  # fmt: skip
    assert quit_at_once.returncode == 130, quit_at_once.stderr
    first = _waiting_game(tmp_path, "play", "--resume", "g.json")
    try:
        run, seconds = _second(tmp_path, "play", "--resume", "g.json")
        assert run.returncode == 1 and "being played in another window" in run.stderr and seconds < 5
        run, _ = _second(tmp_path, "play", "--resume", "g.json", "--out", "other.json")
        assert run.returncode == 1 and "being played in another window" in run.stderr
    finally:
        first.stdin.write(b"q\n")
        first.stdin.close()
        first.wait(timeout=30)
    run, _ = _second(tmp_path, "validate", "g.json")  # the lock is gone with the first process
    assert run.returncode == 0, run.stdout


def test_play_out_to_standard_output_writes_the_log_once_at_the_end(stixx):
    # Bots alone: a game a person sees is shown on standard output, and refuses --out -
    # (tests/robustness/test_robust_atomic.py).
    result = stixx("play", "trixo", "--bot", "a:random", "--bot", "b:random", "--seed", "2", "--out", "-")
    assert result.exit_code == 0, result.stderr
    log = json.loads(result.stdout)  # one JSON document, not one per turn
    assert log["finished"] is True and len(log["moves"]) == 36


def test_resuming_a_corpus_names_an_option_play_has(stixx, tmp_path):
    one = json.dumps(json.loads(TRIXO.read_text()) | {"finished": False, "result": None})
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(one + "\n" + one + "\n")
    result = stixx("play", "--resume", corpus)
    assert result.exit_code == 2  # a usage error: say which with --pick
    assert "--pick N" in result.stderr
    assert "--pick" in stixx("play", "--help").stdout


def test_a_game_on_a_read_only_disk_is_resumed_into_another_file(stixx, tmp_path, monkeypatch):
    """A saved game on a read-only disk (a club's stick, a shared folder): the
    error names --resume, not an --out never given, and says how to go on;
    with --out the game goes on, though no lock file can be made beside it."""
    stick = tmp_path / "stick"
    stick.mkdir()
    saved = stick / "g.json"
    log = json.loads(TRIXO.read_text())
    saved.write_text(json.dumps(log | {"moves": log["moves"][:5], "finished": False, "result": None}))
    before = saved.read_text()
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):  # how a read-only mount answers
        if flags & os.O_CREAT and str(path).startswith(str(stick)):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    result = stixx("play", "--resume", saved)
    assert result.exit_code == 2
    assert result.stderr == (
        f"stixx: error: --resume {saved}: cannot write in {stick}: Read-only file system; "
        "--out FILE goes on in another file\n"
    )  # it named --out, which was not given
    result = stixx("play", "--resume", saved, "--out", tmp_path / "g.json")
    assert result.exit_code == 0, result.output  # it said: cannot lock ...: Read-only file system
    assert json.loads((tmp_path / "g.json").read_text())["finished"] is True
    assert saved.read_text() == before and os.listdir(stick) == ["g.json"]


def test_a_game_resumed_into_its_own_file_by_another_name_takes_one_lock(stixx, tmp_path, monkeypatch):
    log = json.loads(TRIXO.read_text())
    unfinished = json.dumps(log | {"moves": log["moves"][:5], "finished": False, "result": None})
    monkeypatch.chdir(tmp_path)
    for name in ["./g.json", tmp_path / "g.json", "link.json"]:
        (tmp_path / "g.json").write_text(unfinished)
        if name == "link.json" and not os.path.lexists("link.json"):
            os.symlink("g.json", "link.json")
        result = stixx("play", "--resume", "g.json", "--out", name)
        assert result.exit_code == 0, result.output  # it said: being played in another window
        assert json.loads((tmp_path / "g.json").read_text())["finished"] is True


def test_a_disk_full_while_writing_a_picture_is_one_line(stixx, tmp_path, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saving.os, "fsync", full)
    result = stixx("replay", TRIXO, "--to", 2, "--svg", tmp_path / "g.svg")
    assert result.exit_code == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last == f"stixx: error: {tmp_path / 'g.svg'}: No space left on device"  # which file, said
    assert os.listdir(tmp_path) == []
    # simulate --out: the same line, and no temporary file left.
    result = stixx("simulate", "trixo", "-n", 20, "--out", tmp_path / "g.jsonl")
    assert result.exit_code == 1
    assert (
        result.stderr.strip().splitlines()[-1]
        == f"stixx: error: {tmp_path / 'g.jsonl'}: No space left on device"
    )
    assert os.listdir(tmp_path) == []


class _OneSecond(terminal.datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls(2026, 12, 2, 20, 0, 0)


def _games_start_in_one_second(monkeypatch):
    """Every game started now is started at 2026-12-02 20:00:00: default names alike."""
    monkeypatch.setattr(terminal.datetime, "datetime", _OneSecond)


def test_a_new_game_is_never_written_over_a_file(stixx, tmp_path, monkeypatch):
    """Forgetting --resume, or naming a file twice, must not lose the game in it;
    two games started in the same second get two default names."""
    saved = tmp_path / "unfinished.json"
    saved.write_text(TRIXO.read_text())
    r = stixx("play", "trixo", "--bot", "random", "--bot", "random", "--out", saved)
    assert r.exit_code == 2 and "exists" in r.output and f"stixx play --resume {saved}" in r.output
    assert saved.read_text() == TRIXO.read_text()
    (tmp_path / "empty.json").touch()  # an empty file holds no game
    assert (
        stixx(
            "play", "trixo", "--bot", "random", "--bot", "random", "--out", tmp_path / "empty.json"
        ).exit_code
        == 0
    )
    monkeypatch.chdir(tmp_path)
    _games_start_in_one_second(monkeypatch)
    for seed in (1, 2, 3):
        assert stixx("play", "trixo", "--bot", "random", "--bot", "random", "--seed", seed).exit_code == 0
    made = sorted(p.name for p in tmp_path.glob("trixo-*.json"))
    assert made == [
        "trixo-20261202-200000-2.json",
        "trixo-20261202-200000-3.json",
        "trixo-20261202-200000.json",
    ]
    assert len({json.loads((tmp_path / name).read_text())["seed"] for name in made}) == 3


def test_a_resumed_game_is_never_written_over_another_file(stixx, tmp_path):
    """play --resume A --out B, with B holding games (a corpus, or the game
    resumed from A last time): refused, exit 2, B as it was. Written back to
    A itself, as --resume does without --out, goes on as before."""
    log = json.loads(TRIXO.read_text())
    log["moves"], log["finished"] = log["moves"][:4], False
    log.pop("result")
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps(log))
    corpus = tmp_path / "games.jsonl"
    corpus.write_text(json.dumps(json.loads(TRIXO.read_text())) + "\n")
    before = corpus.read_text()
    r = stixx("play", "--resume", saved, "--out", corpus)
    assert r.exit_code == 2 and "exists" in r.output, r.output
    assert corpus.read_text() == before
    r = stixx("play", "--resume", saved, "--out", tmp_path / "." / "saved.json")
    assert r.exit_code == 0, r.output
    assert json.loads(saved.read_text())["finished"] is True


def test_a_default_name_being_played_elsewhere_is_passed_over(stixx, tmp_path, monkeypatch):
    """Two games started in the same second, in two windows: the second takes
    the next default name, it is not refused as busy with a file it never named."""
    import fcntl

    from stixxcli.lock import lock_path

    monkeypatch.chdir(tmp_path)
    _games_start_in_one_second(monkeypatch)
    with open(lock_path(tmp_path / "trixo-20261202-200000.json"), "w") as other:  # the other window's game
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        r = stixx("play", "trixo", "--bot", "random", "--bot", "random", "--seed", 1)
    assert r.exit_code == 0, r.output
    assert [p.name for p in tmp_path.glob("trixo-*.json")] == ["trixo-20261202-200000-2.json"]


def test_a_game_that_ends_while_the_lock_is_sought_is_not_written_over(stixx, tmp_path, monkeypatch):
    """--out named by two processes: the first ends and lets go of the lock just
    as the second takes it; the second, which looked before the first wrote,
    must still not write over the finished game."""
    import contextlib

    from stixxcli import lock

    out = tmp_path / "g.json"
    taken = lock.one_writer

    @contextlib.contextmanager
    def after_the_other_game(*logs):
        out.write_text(TRIXO.read_text())  # the other game, written and let go of
        with taken(*logs):
            yield

    monkeypatch.setattr(lock, "one_writer", after_the_other_game)
    r = stixx("play", "trixo", "--bot", "random", "--bot", "random", "--seed", 1, "--out", out)
    assert r.exit_code == 2 and "exists" in r.output, r.output
    assert out.read_text() == TRIXO.read_text()


def test_the_fallback_for_standard_output_is_named_by_the_game_not_by_dashes(tmp_path, monkeypatch):
    monkeypatch.setattr(saving, "fallback_folder", lambda: tmp_path)
    log = json.loads(TRIXO.read_text())
    error = saving.not_written("-", log, OSError(errno.ENOSPC, "No space left on device"))
    (saved,) = tmp_path.iterdir()
    assert saved.name.startswith("trixo-") and str(saved) in str(error)  # "--2026...json" read as an option
