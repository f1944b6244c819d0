"""`stixx score --sheet` in a real terminal emulator (tmux): the sheet comes in
its colours on a colour terminal, and the same grid without any escape code
when the output goes down a pipe (rich is not imported for it: styled.py)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

SHEET = Path(__file__).resolve().parents[2] / "examples" / "sixto" / "rulebook-example.txt"
SGR = re.compile(r"\x1b\[[0-9;]*m")


def screen(command: str) -> str:
    """What a 100-column terminal shows after `command`, with its colours (capture-pane -e)."""
    socket = f"stixx-{uuid.uuid4().hex[:8]}"
    tmux = ["tmux", "-L", socket]
    # The terminal's own settings only: an earlier `stixx --no-color` in this process set NO_COLOR.
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE")}
    subprocess.run([*tmux, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "100", "-y", "40",
                    f"{command}; echo DONE; sleep 30"], check=True, env=env)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            shown = subprocess.run(
                [*tmux, "capture-pane", "-e", "-p", "-t", "t"], capture_output=True, text=True
            ).stdout
            if "DONE" in shown:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"the command never ended; the terminal shows:\n{shown}")
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


def test_a_sheet_in_colour_at_a_terminal_and_plain_down_a_pipe():
    stixx = f"{sys.executable} -m stixxcli score --sheet {SHEET}"
    coloured = screen(f"env TERM=xterm-256color COLORTERM=truecolor {stixx}")
    piped = screen(f"env TERM=xterm-256color COLORTERM=truecolor {stixx} | cat")
    assert "rulebook-example: 151 points" in coloured
    assert "48;2;215;0;0m X" in coloured  # a red cross: black on the red row's hue
    assert "38;2;255;215;0myellow" in coloured  # the row's name in its colour
    assert SGR.search(piped) is None or set(SGR.findall(piped)) <= {"\x1b[0m", "\x1b[39m", "\x1b[49m"}
    # The same grid either way, cell for cell.
    assert [line.rstrip() for line in SGR.sub("", coloured).splitlines()] == [
        line.rstrip() for line in SGR.sub("", piped).splitlines()
    ]
    assert "columns 15  0 -5 21  0 -5  5 10  5" in piped


def _roll_on_board(shown: str) -> tuple[str, str]:
    """The last roll the board shows ("This roll: ...") and the dice of the last prompt, as words."""
    board = [line for line in shown.splitlines() if line.startswith("This roll: ")][-1]
    prompt = [line for line in shown.splitlines() if re.match(r"(red|yellow) \d .*: ", line)][-1]
    return " ".join(board.split()[2:]), " ".join(prompt.split(":")[0].split())


def test_the_board_shows_the_roll_being_played_also_after_a_re_roll(terminal):
    """The board above a question shows this turn's dice, as the prompt does:
    the bot's roll when the bot is the active player, the re-roll after a
    re-roll (the board is drawn again); never the turn before's."""
    term = terminal([sys.executable, "-m", "stixxcli", "play", "sixto", "--bot", "Bob:greedy",
                     "--player", "Ann", "--seed", "7", "--out", "g.json"])  # fmt: skip
    shown = term.wait_for("crosses? (e.g.")  # Bob rolled: Ann crosses
    board, prompt = _roll_on_board(shown)
    assert board == prompt and "Last roll" not in shown
    term.type("-", "Enter")
    shown = term.wait_for("r = re-roll all")  # Ann's own turn
    board, prompt = _roll_on_board(shown)
    assert board == prompt
    term.type("r", "Enter")
    while (shown := term.wait_for("(re-rolled)")).count("crosses? (e.g.") < 2:  # its question too
        time.sleep(0.1)
    board, prompt = _roll_on_board(shown)
    assert board == prompt + " (re-rolled)"
    assert shown.count("This roll: ") == 3  # drawn again for the re-roll only
    term.type("q", "Enter")
    term.wait_for("Game saved unfinished")


def test_a_house_rules_long_rows_and_the_help_keep_to_a_60_column_terminal(terminal, tmp_path):
    """Rows of 40 boxes broke in two at the terminal's edge, and the help, laid
    out for 80 columns, broke mid-word: in 60 columns every line the terminal
    shows is one line of the table (none wrapped), and every box is there."""
    rows = "\n".join(f"    - [{', '.join(str(1 + (b + row) % 6) for b in range(40))}]" for row in range(6))
    house = (
        f"extends: standard\nboxes_per_row: 40\nscore_table: {[0, -5, 0] + [5 * n for n in range(1, 40)]}\n"
    )
    house += f"sheets:\n  A:\n{rows}\n  B:\n{rows}\n"
    (tmp_path / "long.yaml").write_text(house)  # the terminal starts in tmp_path
    term = terminal([sys.executable, "-m", "stixxcli", "play", "sixto", "--rules", "long.yaml", "--player", "Ann",
                     "--bot", "Bob:greedy", "--seed", "7", "--out", "g.json"], columns=60)  # fmt: skip
    term.wait_for("Ann>")  # the question above a short prompt, in 60 columns
    term.type("h", "Enter")
    shown = term.wait_for("the last roll stands")
    lines = shown.splitlines()
    assert all(len(line) <= 60 for line in term.everything(joined=True).splitlines()), shown
    heads = [
        word for line in lines if line.startswith("  ") and line.split()[0].isdigit() for word in line.split()
    ]
    assert [w for w in heads if w.isdigit()] == [str(b) for b in range(1, 41)] * 2  # Ann's sheet and Bob's


def _wide_sheet(folder: Path) -> None:
    """A house rule of 40 boxes a row (long.yaml) and a paper sheet for it (wide.txt)."""
    rows = "\n".join(f"    - [{', '.join(str(1 + (b + row) % 6) for b in range(40))}]" for row in range(6))
    house = (
        f"extends: standard\nboxes_per_row: 40\nscore_table: {[0, -5, 0] + [5 * n for n in range(1, 40)]}\n"
    )
    (folder / "long.yaml").write_text(house + f"sheets:\n  A:\n{rows}\n  B:\n{rows}\n")
    colours = ["red", "yellow", "green", "blue", "purple", "orange"]
    crossed = [["x" if (b * 7 + r) % 5 == 0 and b < 37 else "." for b in range(40)] for r in range(6)]
    (folder / "wide.txt").write_text("".join(f"{c}: {' '.join(row)}\n" for c, row in zip(colours, crossed)))


def test_score_sheet_keeps_a_house_rules_wide_sheet_to_the_terminal(terminal, tmp_path):
    """`score --sheet` printed a sheet of 40 boxes a row at its full width (133
    columns), each row broken in two by a narrower terminal; `play` shows such
    sheets in bands. Now score does too, as wide as the terminal."""
    _wide_sheet(tmp_path)
    command = (
        f"env -u COLUMNS {sys.executable} -m stixxcli score --sheet wide.txt --rules long.yaml; echo DONE"
    )
    term = terminal(["sh", "-c", f"'{command}'"], columns=60)
    shown = term.wait_for("DONE")
    lines = term.everything(joined=True).splitlines()
    assert all(len(line) <= 60 for line in lines), shown
    heads = [
        word for line in lines if line.startswith("  ") and line.split()[0].isdigit() for word in line.split()
    ]
    assert [word for word in heads if word.isdigit()] == [str(b) for b in range(1, 41)], (
        shown
    )  # every box, once
    assert "wide: 20 points" in shown and re.search(r"^total +45 +20$", shown, re.M), shown


def test_score_sheet_of_a_standard_sheet_is_as_it_was_at_80_columns(stixx, monkeypatch):
    # Bands only where the sheet is wider than the terminal: at 80 columns a
    # standard sheet is drawn whole, as before, byte for byte.
    monkeypatch.setenv("COLUMNS", "80")
    at_80 = stixx("score", "--sheet", SHEET, SHEET.parent / "table" / "ben.txt").stdout
    monkeypatch.setenv("COLUMNS", "1000")
    assert at_80 == stixx("score", "--sheet", SHEET, SHEET.parent / "table" / "ben.txt").stdout
    assert "         1  2  3  4  5  6  7  8  9 | 10 11 12  x pts" in at_80


def test_enter_with_nothing_typed_is_no_crosses_and_the_help_says_so(terminal, tmp_path):
    """At a terminal an empty answer to `crosses?` is no crosses, as `-` is; the
    help and the docs said only `-`."""
    term = terminal([sys.executable, "-m", "stixxcli", "play", "sixto", "--bot", "Bob:greedy",
                     "--player", "Ann", "--seed", "7", "--out", "g.json"])  # fmt: skip
    term.wait_for("crosses? (e.g.")  # Bob rolled: Ann crosses
    term.type("help", "Enter")
    shown = term.wait_for("for none")
    assert "- (or Enter) for none" in " ".join(term.everything(joined=True).split()), shown
    term.type("Enter")  # nothing typed
    term.wait_for("r = re-roll all")  # Ann's own turn: her answer was taken
    term.type("q", "Enter")
    term.wait_for("Game saved unfinished")
    first = json.loads((tmp_path / "g.json").read_text())["moves"][0]
    assert first["seat"] == 0 and first["crosses"][1] == []  # Ann (seat 1) crossed nothing
