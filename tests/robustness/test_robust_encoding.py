"""An output that is not UTF-8: a Windows file or pipe gets the ANSI code page
(cp1252), and some terminals are Latin-1 or plain ASCII. Every command still
runs to its end: what the encoding cannot show is drawn in plain characters."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COMMANDS = [
    ["score", "--sheet", str(EXAMPLES / "sixto" / "rulebook-example.txt")],
    ["score", "--sheet", *map(str, sorted((EXAMPLES / "sixto" / "table").glob("*.txt")))],
    *(
        ["replay", str(EXAMPLES / game / log)]
        for game, log in [
            ("stixx", "2-players.json"),
            ("sixto", "2-players.json"),
            ("fishstix", "3-players.json"),
            ("trixo", "teams.json"),
        ]
    ),  # fmt: skip
    ["validate", str(EXAMPLES / "trixo" / "3-players.json")],
    ["score", str(EXAMPLES / "stixx" / "6-players.json")],
    ["simulate", "stixx", "-n", "5", "--seed", "1"],
    ["play", "trixo", "--bot", "A:greedy", "--bot", "B:random", "--seed", "1", "--out", "-"],
    ["games"],
    ["--help"],
]


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "ascii"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_every_command_runs_on_an_output_that_is_not_utf8(command, encoding):
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "stixxcli", *command], capture_output=True, env=env)
    assert done.returncode == 0, done.stderr.decode(encoding, "replace")
    shown = done.stdout.decode(encoding)  # all of it in the encoding asked for
    assert shown.strip()


def test_what_the_encoding_cannot_show_is_drawn_plainly():
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    sheet = str(EXAMPLES / "sixto" / "rulebook-example.txt")
    shown = subprocess.run(
        [sys.executable, "-m", "stixxcli", "score", "--sheet", sheet],
        capture_output=True,
        env=env,
        check=True,
    ).stdout.decode("ascii")
    assert "rulebook-example: 151 points" in shown
    assert "-" * 40 in shown and "?" not in shown  # the rules under the heading


@pytest.mark.parametrize("log", ["trixo/teams.json", "fishstix/3-players.json", "stixx/2-players.json"])
def test_boards_on_an_ascii_terminal_keep_every_mark(log):
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    shown = subprocess.run(
        [sys.executable, "-m", "stixxcli", "replay", str(EXAMPLES / log), "--to", "5"],
        capture_output=True, env=env, check=True,
    ).stdout.decode("ascii")  # fmt: skip
    assert "?" not in shown  # each drawn in a plain character of its own


NOT_UTF8 = b"B\xff".decode("utf-8", "surrogateescape")  # what Python makes of such bytes in argv


@pytest.mark.parametrize(
    "args",
    [
        ["play", "trixo", "--bot", f"{NOT_UTF8}:greedy", "--bot", "random", "--out", "g.json"],
        ["play", "trixo", "--player", NOT_UTF8, "--bot", "random", "--out", "g.json"],
        ["play", "trixo", "--bot", "greedy", "--bot", "random", "--seed", NOT_UTF8, "--out", "g.json"],
        [
            "simulate",
            "trixo",
            "-n",
            "2",
            "--bot",
            f"{NOT_UTF8}:greedy",
            "--bot",
            "random",
            "--out",
            "g.jsonl",
        ],
        ["simulate", "trixo", "-n", "2", "--seed", NOT_UTF8],
    ],
    ids=["play --bot", "play --player", "play --seed", "simulate --bot", "simulate --seed"],
)
def test_a_name_or_seed_of_bytes_that_are_not_utf8_is_a_usage_error(stixx, tmp_path, monkeypatch, args):
    """A name or seed typed in another encoding (bytes that are not UTF-8)
    cannot go into a log or a seed: refused at once, exit 2, never an internal
    error after the game (which lost a bots-only game whole)."""
    monkeypatch.chdir(tmp_path)
    result = stixx(*args, input="q\n")
    assert result.exit_code == 2, result.output
    assert "b'B\\xff" in result.stderr and "is not text (not UTF-8)" in result.stderr
    assert "internal error" not in result.output
    assert os.listdir(tmp_path) == []


def test_a_huge_columns_is_drawn_at_most_1000_wide():
    command = ["replay", str(EXAMPLES / "trixo" / "2-players.json"), "--to", "5"]
    # Every line is padded to the width: COLUMNS=99999999 wrote hundreds of megabytes.
    env = {**os.environ, "COLUMNS": "99999999"}
    done = subprocess.run(
        [sys.executable, "-m", "stixxcli", *command], capture_output=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert max(map(len, done.stdout.decode().splitlines())) <= 1000
