"""Shell completion of values, through click's own completion machinery, as
bash, zsh and fish call it (and once through a real bash)."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from stixxcli.table import play_bots

BASH_BREAKS = " \t\n\"'><=;|&(:"  # bash's default COMP_WORDBREAKS


def complete(shell: str, line: str) -> list[str]:
    """What `shell` offers for `line` (the cursor at its end), as the values
    the shell puts on the command line."""
    from stixxcli.cli import cli

    words = line.split()
    current = len(words) if line.endswith(" ") else len(words) - 1
    env = {"_STIXX_COMPLETE": f"{shell}_complete"}
    if shell == "bash":
        env.update(COMP_WORDS=line, COMP_CWORD="line", COMP_WORDBREAKS=BASH_BREAKS)
    elif shell == "zsh":
        env.update(COMP_WORDS=line, COMP_CWORD=str(current))
    else:  # fish: the line up to the cursor, and the token being completed
        env.update(COMP_WORDS=line, COMP_CWORD="" if line.endswith(" ") else words[-1])
    out = CliRunner().invoke(cli, [], env=env, prog_name="stixx").output
    if shell == "zsh":
        lines = out.split("\n")
        return [lines[i + 1].replace("\\:", ":") for i in range(0, len(lines) - 2, 3) if lines[i] == "plain"]
    values = [row.split("\t")[0] for row in out.splitlines()]
    return [v.split(",", 1)[1] for v in values if v.startswith("plain,")]


SHELLS = ["bash", "zsh", "fish"]


@pytest.mark.parametrize("shell", SHELLS)
def test_game_names(shell):
    assert complete(shell, "stixx play si") == ["sixto"]
    assert {"fishstix", "sixto", "stixx", "trixo"} <= set(complete(shell, "stixx simulate "))
    assert complete(shell, "stixx variants tr") == ["trixo"]
    assert complete(shell, "stixx score --sheet x.txt --game s") == ["sixto", "stixx"]


@pytest.mark.parametrize("shell", SHELLS)
def test_variant_names_of_the_game_on_the_line(shell):
    from stixxcli.rules import variant_files

    sixto = sorted(variant_files("sixto"))
    assert "standard" in sixto and complete(shell, "stixx play sixto --variant ") == sixto
    assert complete(shell, "stixx variants sixto ") == sixto
    stixx = [v for v in sorted(variant_files("stixx")) if v.startswith("d")]
    assert stixx and complete(shell, "stixx simulate stixx -n 5 --compare d") == stixx
    assert complete(shell, "stixx play --variant ") == []  # no game named yet


@pytest.mark.parametrize("shell", SHELLS)
def test_bot_names_after_a_name_or_a_seat(shell):
    from stixxcli.plugins import bot_names

    bots = bot_names("stixx")
    assert complete(shell, "stixx play stixx --player Ann --bot ") == bots
    named = complete(shell, "stixx play stixx --bot Bob:r")
    seat = complete(shell, "stixx simulate stixx --bot 0:r")
    wanted = [b for b in bots if b.startswith("r")]
    assert wanted
    if shell == "bash":  # bash keeps "Bob:" of the word: only the rest is completed
        assert named == wanted and seat == wanted
    else:
        assert named == [f"Bob:{b}" for b in wanted] and seat == [f"0:{b}" for b in wanted]


@pytest.mark.parametrize("shell", SHELLS)
def test_player_names_of_a_log(shell, tmp_path, monkeypatch):
    log = play_bots("trixo", ["random", "greedy"], seed=1)
    log["players"][0]["name"] = "Ann"
    (tmp_path / "t.json").write_text(json.dumps(log))
    monkeypatch.chdir(tmp_path)
    assert complete(shell, "stixx replay t.json --as-player ") == ["Ann", "greedy-1"]
    assert complete(shell, "stixx replay t.json --as-player A") == ["Ann"]
    assert complete(shell, "stixx replay missing.json --as-player ") == []
    # A folder that holds one log, as replay takes it.
    (tmp_path / "tuesday").mkdir()
    (tmp_path / "t.json").rename(tmp_path / "tuesday" / "t.json")
    assert complete(shell, "stixx replay tuesday --as-player ") == ["Ann", "greedy-1"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_a_real_bash_completes_a_bot_after_a_colon(tmp_path):
    script = subprocess.run(
        [sys.executable, "-m", "stixxcli", "completion", "bash"], capture_output=True, text=True, check=True
    ).stdout
    (tmp_path / "stixx.bash").write_text(script)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "stixx").write_text(f'#!/bin/sh\nexec {sys.executable} -m stixxcli "$@"\n')
    (bin_dir / "stixx").chmod(0o755)
    probe = (
        'source stixx.bash; COMP_LINE="stixx play stixx --bot Ann:reas"; COMP_POINT=${#COMP_LINE}; '
        "COMP_WORDS=(stixx play stixx --bot Ann : reas); COMP_CWORD=6; "
        '_stixx_completion stixx; printf "<%s>\\n" "${COMPREPLY[@]}"'
    )
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    out = subprocess.run(["bash", "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["<reasoning>"], out.stderr
    assert Path(tmp_path / "stixx.bash").read_text().count("COMP_LINE") == 1
