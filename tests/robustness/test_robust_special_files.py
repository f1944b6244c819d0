"""A device or a named pipe named as a destination (`--svg /dev/null`, a FIFO
another program reads) is written to as it is, never replaced by a file:
renaming a finished temporary file over it, as logs are written, would put
a plain file where the device or pipe was (as root, over /dev/null itself)."""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from stixxcli.cli import cli

ROOT = Path(__file__).resolve().parents[2]
SOLO = str(ROOT / "examples" / "sixto" / "solo.json")

WRITES = {
    "replay --svg": ["replay", SOLO, "--to", "1", "--svg"],
    "replay --html": ["replay", SOLO, "--html"],
    "simulate --out": ["simulate", "trixo", "-n", "2", "--seed", "s", "--out"],
    "play --out": ["play", "trixo", "--bot", "A:random", "--bot", "B:random", "--seed", "s", "--out"],
}


def read_all(path: Path, into: list) -> threading.Thread:
    """A reader at the other end of a named pipe, as another program would be."""

    def read():
        with open(path, "rb") as pipe:
            into.append(pipe.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


@pytest.mark.parametrize("command", WRITES)
def test_a_named_pipe_is_written_to_not_replaced(tmp_path, command):
    pipe = tmp_path / "out.pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = read_all(pipe, received)
    result = CliRunner().invoke(cli, [*WRITES[command], str(pipe)])
    reader.join(timeout=30)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pipe"]  # no temporary file, no lock
    [data] = received
    if command == "simulate --out":
        assert [json.loads(line)["game"] for line in data.splitlines()] == ["trixo", "trixo"]
    elif command == "play --out":
        assert json.loads(data)["finished"] is True
    else:
        assert data.rstrip().endswith(b"</svg>" if "svg" in command else b"</html>")


@pytest.mark.parametrize("command", WRITES)
def test_a_device_stays_a_device(tmp_path, command):
    null = tmp_path / "null"
    try:
        os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root (CI's container runs as root)")
    result = CliRunner().invoke(cli, [*WRITES[command], str(null)])
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(os.stat(null).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


def test_simulate_out_dash_is_a_usage_error_not_a_file_named_dash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["simulate", "trixo", "-n", "1", "--out", "-"])
    assert result.exit_code == 2
    assert "name a file" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", ["replay --svg", "replay --html"])
def test_a_full_device_is_named_in_the_one_line(command):
    """A device that takes nothing (a full disk's error has no file name of
    its own): the line says which destination could not be written."""
    result = CliRunner().invoke(cli, [*WRITES[command], "/dev/full"])
    assert result.exit_code == 1
    assert result.stderr.strip() == "stixx: error: /dev/full: No space left on device", result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["replay", SOLO],
        ["play", "trixo", "--bot", "random", "--bot", "random", "--seed", "1", "--out", "g.json"],
    ],
)
def test_a_full_standard_output_is_not_the_game_plugins_fault(tmp_path, args):
    # it was `the sixto plugin failed in render: OSError: [Errno 28] No space left on device`
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "stixxcli", *args],
            cwd=tmp_path,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert run.returncode == 1 and run.stderr.strip().endswith("stixx: error: No space left on device"), (
        run.stderr
    )
    assert "plugin" not in run.stderr


# A standard stream closed by the caller (`<&-`, `>&-`) ------------------------------


def _closed(args: list[str], closed: str, tmp_path) -> tuple[int, str]:
    """`stixx ARGS` run by a shell with one standard stream closed; its exit
    code and what it printed on the streams left open."""
    import shlex
    import subprocess
    import sys

    line = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "stixxcli", *args])
    run = subprocess.run(
        ["sh", "-c", f"{line} {closed}"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    return run.returncode, run.stdout + run.stderr


@pytest.mark.parametrize(
    "args, says",
    [
        (["validate", "-"], "<stdin>: empty file, no log in it"),
        (["replay", "-"], "<stdin>: empty file, no log in it"),
        (["play", "--resume", "-"], "<stdin>: empty file, no log in it"),
        (["score", "--sheet", "-"], "0 rows, but a sheet has 6"),
    ],
)
def test_a_closed_standard_input_is_the_end_of_input(tmp_path, args, says):
    # it was `internal error: AttributeError: 'NoneType' object has no attribute 'buffer'`
    code, out = _closed(args, "<&-", tmp_path)
    assert code == 1 and says in out and "internal error" not in out, out


def test_a_game_at_a_closed_standard_input_is_saved(tmp_path):
    # it was `the sixto plugin failed in turn: AttributeError: ... 'isatty'`, blaming the game
    code, out = _closed(
        ["play", "sixto", "--player", "Ann", "--bot", "greedy", "--out", "g.json"], "<&-", tmp_path
    )
    assert code == 130 and "Game saved unfinished after 0 moves to g.json" in out, out
    assert json.loads((tmp_path / "g.json").read_text())["finished"] is False


def test_a_closed_standard_output_is_written_to_nowhere(tmp_path):
    code, out = _closed(["validate", str(ROOT / "examples")], ">&-", tmp_path)  # the count: standard error
    assert code == 0 and " valid, 0 invalid" in out and "internal error" not in out, out
    code, out = _closed(["validate", str(tmp_path / "none.json")], "2>&-", tmp_path)
    assert code == 2 and out == "", out  # the one line goes nowhere; the exit code still tells


# A device, a named pipe or a folder named as a rule file --------------------------

SHEET = str(ROOT / "examples" / "sixto" / "rulebook-example.txt")
RULE_FILE_TAKERS = {
    "play --rules": ["play", "sixto", "--bot", "random", "--rules"],
    "simulate --rules": ["simulate", "sixto", "-n", "1", "--rules"],
    "simulate --compare": ["simulate", "sixto", "-n", "1", "--compare"],
    "variants GAME FILE": ["variants", "sixto"],
    "sheet --rules": ["sheet", "sixto", "A", "--svg", "out.svg", "--rules"],
    "score --sheet --rules": ["score", "--sheet", SHEET, "--rules"],
}


def _stixx(args: list, cwd, env=None) -> tuple[int, str]:
    """`stixx ARGS` in its own process, which must end within seconds: a
    named pipe opened to be read waits for a writer for ever."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", *map(str, args)],
        cwd=cwd, capture_output=True, text=True, timeout=60, env={**os.environ, **(env or {})},
    )  # fmt: skip
    return run.returncode, run.stdout + run.stderr


def _special(kind: str, tmp_path) -> tuple[str, str]:
    """A path that is there but is no regular file, and what the line calls it."""
    if kind == "pipe":
        os.mkfifo(tmp_path / "house.yaml")
        return str(tmp_path / "house.yaml"), "a named pipe"
    if kind == "folder":
        (tmp_path / "house").mkdir()
        return str(tmp_path / "house"), "a folder"
    return "/dev/zero", "a device"


@pytest.mark.parametrize("kind", ["device", "pipe", "folder"])
@pytest.mark.parametrize("command", RULE_FILE_TAKERS)
def test_a_rule_file_that_is_no_regular_file_is_a_usage_error(tmp_path, command, kind):
    # `play sixto --rules /dev/zero` said `/dev/zero: no such rule file` (exit 1) of a path that is there.
    path, called = _special(kind, tmp_path)
    code, out = _stixx([*RULE_FILE_TAKERS[command], path], tmp_path)
    assert code == 2, out
    if kind == "folder" and "--rules" in command:  # click's own check, before stixx looks
        assert f"'{path}' is a directory" in out, out
    else:
        assert out == f"stixx: error: {path}: not a regular file ({called}): a rule file is a YAML file\n"


@pytest.mark.parametrize("kind", ["device", "pipe"])
def test_extends_naming_a_device_or_a_pipe_is_refused_at_once(tmp_path, kind):
    os.mkfifo(tmp_path / "pipe.yaml")
    os.symlink("/dev/zero", tmp_path / "zero.yaml")
    parent = "pipe.yaml" if kind == "pipe" else "zero.yaml"
    (tmp_path / "house.yaml").write_text(f"extends: {parent}\nscore_table: [0, 1]\n")
    code, out = _stixx(["variants", "sixto", tmp_path / "house.yaml"], tmp_path)
    called = "a named pipe" if kind == "pipe" else "a device"
    assert code == 1, out  # the content of a rule file: exit 1
    assert (
        out == f"stixx: error: {tmp_path}/house.yaml:1: extends '{parent}': not a regular file ({called})\n"
    )


def test_a_named_pipe_among_the_variants_does_not_hang(tmp_path):
    # `stixx variants sixto` read every variant, and opening the pipe waited for a writer for ever.
    (tmp_path / "sixto").mkdir()
    os.mkfifo(tmp_path / "sixto" / "pipe.yaml")
    env = {"STIXX_RULES_PATH": str(tmp_path)}
    code, out = _stixx(["variants", "sixto", "--json"], tmp_path, env)
    assert code == 0, out
    [row] = [row for row in json.loads(out) if row["name"] == "pipe"]
    assert row["error"] == f"{tmp_path}/sixto/pipe.yaml: not a regular file (a named pipe)", row
    code, out = _stixx(["play", "sixto", "--variant", "pipe", "--bot", "random"], tmp_path, env)
    assert (code, out) == (
        1,
        f"stixx: error: {tmp_path}/sixto/pipe.yaml: not a regular file (a named pipe)\n",
    )
