"""Killed while writing: a process that writes logs over and over to one path
is killed with SIGKILL at random moments; the file at that path is always a
complete log, the old one or the new one, never half of one.

SIGINT and SIGTERM during `play` (saved unfinished, then resumed) are in
tests/core/test_core_external.py for an external game; here the same for a
bundled game played by a human at the terminal.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from stixxcli.check import check_log
from stixxcli.gamelog import canonical, load_logs
from stixxcli.table import play_bots

# Writes the logs of LOGS to PATH in turn, for ever, starting with log START;
# says "ready" after the first. Each writer starts at another log, so that the
# kills find the file at different logs even when one write outlasts them all.
# It stops when its parent is gone: a pytest killed mid-test leaves no writer.
WRITER = r"""
import json, os, sys
from stixxcli.saving import write_log, AtomicLines
path, logs, how, i = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3], int(sys.argv[4])
start, parent = i, os.getppid()
while os.getppid() == parent:
    log = logs[i % len(logs)]
    if how == "lines":
        out = AtomicLines(path)
        for _ in range(3):
            out.write(log)
        out.commit()
    else:
        write_log(path, log)
    if i == start:
        print("ready", flush=True)
    i += 1
"""

KILLS = 25


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Three valid logs of different games and sizes; one with a long seed (two
    megabytes of text: a name is at most 1,000 characters), so that a write takes
    long enough to be cut."""
    sixto = play_bots("sixto", ["greedy", "random", "greedy"], "atomic-1")
    trixo = play_bots("trixo", ["random", "random"], "atomic-2")
    big = play_bots("stixx", ["random", "random"], "atomic-3")
    big["seed"] = "s" * 2**21  # a seed that does not deal the setup: one typed in, as a table may
    assert all(check_log(log).valid for log in (sixto, trixo, big))
    path = tmp_path_factory.mktemp("atomic") / "logs.json"
    path.write_text(json.dumps([big, trixo, sixto]))
    return path, [big, trixo, sixto]


@pytest.mark.parametrize("how", ["log", "lines"])
def test_sigkill_while_writing_leaves_a_whole_log(tmp_path, logs, how):
    source, known = logs
    known = {canonical(log) for log in known}
    rng = random.Random(f"atomic-{how}")
    target = tmp_path / ("game.jsonl" if how == "lines" else "game.json")
    seen = set()
    for kill in range(KILLS):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target), str(source), how, str(kill)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout.readline() == "ready\n", proc.stderr.read()
        time.sleep(rng.uniform(0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=20)
        assert proc.returncode == -signal.SIGKILL
        read = list(load_logs(target))
        assert read, "no log at all"
        for where, log in read:
            assert isinstance(log, dict), f"kill {kill}: {where}: {log}"  # a StixxError: half a file
            assert canonical(log) in known, f"kill {kill}: {where} is no log that was written"
            assert check_log(log, where).valid
            seen.add(canonical(log))
        if how == "lines":
            assert len(read) == 3, f"kill {kill}: {len(read)} logs, not 3"
    # Some kills cut a write in half (its temporary file is left), and yet the
    # file at the path was always whole. (Which logs were seen says little: a
    # kill mostly lands in the long write of the big log, after the same one.)
    cut = [p for p in tmp_path.iterdir() if p.name.startswith(f".{target.name}.")]
    assert cut and seen
    # Only the writer's own temporary files may be left beside it, never a log.
    assert {p.name for p in tmp_path.iterdir() if not p.name.startswith(f".{target.name}.")} == {target.name}


def test_a_failed_write_keeps_the_old_log(tmp_path, logs, monkeypatch):
    """A write that fails half-way (a full disk) leaves the old log and no temporary file."""
    from stixxcli import saving

    _, (big, trixo, _) = logs
    target = tmp_path / "game.json"
    saving.write_log(target, trixo)

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saving.os, "fsync", full_disk)
    with pytest.raises(OSError):
        saving.write_log(target, big)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    [(_, log)] = list(load_logs(target))
    assert canonical(log) == canonical(trixo)


def typed_answers(players, seed, saved=None) -> list[str]:
    """What the humans would type, in order, for a whole game (or the rest of a
    `saved` one) in which each picks the first legal choice: the game is played
    in-process, seeded as `stixx play` (or `play --resume`) seeds it, so the
    same questions come in the same order."""
    import copy

    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve
    from stixxcli.table import Table

    game = get_game("trixo")
    if saved is None:
        table = Table.new(game, resolve(game, "standard").values, "standard", players, seed)
    else:
        table = Table.resume(copy.deepcopy(saved))
    typed = []

    def choose(ask):
        typed.append(ask.notation(ask.options[0]))
        return ask.options[0]

    while not table.over:
        table.play_turn(choose=choose)
    return typed


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_signal_during_a_bundled_game_saves_it_unfinished(tmp_path, sig):
    """A human at the terminal against a bot in Trixo: a signal at the prompt
    (SIGHUP: the terminal was closed) saves the game so far as unfinished; it
    validates, and --resume plays it to the end."""
    answers = typed_answers([{"name": "Ann"}, {"name": "Bob", "bot": "random"}], 3)
    out = tmp_path / "trixo.json"
    env = dict(os.environ, STIXX_PLUGINS="")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "stixxcli",
            "play",
            "trixo",
            "--player",
            "Ann",
            "--bot",
            "Bob:random",
            "--seed",
            "3",
            "--out",
            str(out),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    proc.stdin.write(answers[0] + "\n")
    proc.stdin.flush()
    deadline = time.time() + 20
    while time.time() < deadline and not (out.exists() and len(json.loads(out.read_text())["moves"]) >= 2):
        time.sleep(0.05)
    time.sleep(0.5)  # Ann's next prompt is waiting
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 128 + sig, err  # 130, 143 or 129, as validate and simulate exit
    assert "Game saved unfinished after 2 moves" in err and "Traceback" not in err
    log = json.loads(out.read_text())
    assert log["finished"] is False and len(log["moves"]) == 2
    assert check_log(log).valid
    resumed = subprocess.run(
        [sys.executable, "-m", "stixxcli", "play", "--resume", str(out)],
        input="".join(a + "\n" for a in typed_answers(None, None, saved=log)),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert resumed.returncode == 0, resumed.stderr
    after = json.loads(out.read_text())
    assert after["finished"] is True and after["moves"][:2] == log["moves"]
    assert check_log(after).valid


@pytest.mark.parametrize(
    "args",
    [
        ["--player", "Ann", "--bot", "Bob:random"],
        ["--bot", "A:random", "--bot", "B:random", "--chance", "manual"],
    ],
)
def test_a_game_shown_here_cannot_write_its_log_to_standard_output(args):
    """The board and the questions go to standard output: a log there would be
    mixed with them, and the people at the table would see nothing."""
    from click.testing import CliRunner

    from stixxcli.cli import cli

    result = CliRunner().invoke(cli, ["play", "trixo", *args, "--out", "-"])
    assert result.exit_code == 2
    assert "name a file for the log" in result.output


# A bots' game is written only at its end: a stop at the wrong moment must not lose it.


def _bots_game(stixx, out):
    return stixx("play", "trixo", "--bot", "A:greedy", "--bot", "B:random", "--seed", 7, "--out", out)


def test_a_second_ctrl_c_while_a_stopped_bots_game_is_saved_does_not_lose_it(stixx, tmp_path, monkeypatch):
    """SIGTERM mid-game, then Ctrl-C while the game so far is being written (a
    service manager and an impatient person, or Ctrl-C pressed twice): the
    second stop waits for the write. It stopped the write, and the game was gone."""
    from stixxcli import saving, terminal

    told, tell = [], terminal.Screen.tell
    write = saving.write_log

    def stop_on_move_3(screen, news):
        told.append(news)
        tell(screen, news)
        if len(told) == 3:
            signal.raise_signal(signal.SIGTERM)

    def impatient_write(path, log):
        signal.raise_signal(signal.SIGINT)
        write(path, log)

    monkeypatch.setattr(terminal.Screen, "tell", stop_on_move_3)
    monkeypatch.setattr(saving, "write_log", impatient_write)
    out = tmp_path / "game.json"
    r = _bots_game(stixx, out)
    assert r.exit_code == 143, r.output  # the first stop's code
    assert "Game saved unfinished after 3 moves" in r.output
    log = json.loads(out.read_text())
    assert log["finished"] is False and len(log["moves"]) == 3 and check_log(log).valid
    assert sorted(p.name for p in tmp_path.iterdir()) == [".game.json.lock", "game.json"]  # no temporary file


def test_a_stop_after_the_last_move_saves_the_whole_game_finished(stixx, tmp_path, monkeypatch):
    """SIGTERM after the last move was played, before the end was written: the
    log holds every move and the result, and validates. It was saved with
    "finished": false, which `validate` refuses for a game that is over."""
    from stixxcli import terminal

    tell = terminal.Screen.tell

    def stop_at_the_end(screen, news):
        tell(screen, news)
        if screen.table.over:
            signal.raise_signal(signal.SIGTERM)

    monkeypatch.setattr(terminal.Screen, "tell", stop_at_the_end)
    out = tmp_path / "game.json"
    r = _bots_game(stixx, out)
    assert r.exit_code == 143, r.output
    log = json.loads(out.read_text())
    assert log["finished"] is True and len(log["moves"]) == 36 and "result" in log
    assert check_log(log).valid


def test_ctrl_c_while_the_end_of_a_bots_game_is_written_does_not_lose_it(stixx, tmp_path, monkeypatch):
    """Ctrl-C while the result is worked out and the log written: the game is
    over and whole, so the log is written and the stop comes too late to matter.
    It came through, and a bots' game, never written before its end, was lost."""
    from stixxcli.table import Table

    finish = Table.finish

    def impatient_finish(table):
        signal.raise_signal(signal.SIGINT)
        return finish(table)

    monkeypatch.setattr(Table, "finish", impatient_finish)
    out = tmp_path / "game.json"
    r = _bots_game(stixx, out)
    assert r.exit_code == 0, r.output
    log = json.loads(out.read_text())
    assert log["finished"] is True and check_log(log).valid
