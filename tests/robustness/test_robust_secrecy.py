"""Hot-seat secrecy, in a real terminal emulator: with two people at one
terminal, the first one's secret (a Stixx colour) is nowhere the second can
read it once the terminal is passed on: not on the screen, not in the
scrollback. tmux runs the game; its whole history is captured and searched.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


# game: Ann's first answer, a word of her help, and how her private line reads on her screen
SECRETS = {
    "stixx": ("A 0", "e.g.", lambda line: "(yours, secret)" in line and "Ann" in line),  # her colour
    # her hand, in her row of the players' table (the others see "4 hidden tiles")
    "trixo": (
        "o 0 0",
        "Slide",
        lambda line: re.match(r"\s*(▶\s*)?\d\s+Ann\s", line) and "hidden" not in line,
    ),
}


ANN = (
    "Ann, ",
    "Ann>",
)  # Ann's prompt: the question on its line, or above a short one (tmux drops the last blank)


@pytest.mark.parametrize("game", sorted(SECRETS))
def test_a_players_secret_is_gone_from_screen_and_scrollback(tmp_path, terminal, game):
    answer, helped, private = SECRETS[game]
    command = [sys.executable, "-m", "stixxcli", "play", game, "--player", "Ann", "--player", "Bob",
               "--seed", "1", "--out", "g.json"]  # fmt: skip
    term = terminal(command)
    term.wait_for("Pass the terminal to Ann")
    term.type("Enter")
    shown = term.wait_for(ANN)
    secret = [line for line in shown.splitlines() if private(line)]
    assert len(secret) == 1, shown  # Ann sees her secret...
    term.type("help", "Enter")  # more of Ann's turn in the scrollback
    term.wait_for(helped)
    term.type(answer, "Enter")
    after = term.wait_for("Pass the terminal to Bob")
    assert not [line for line in after.splitlines() if private(line)], after  # ...Bob finds it nowhere
    assert secret[0].strip() not in after
    assert not any(prompt in after for prompt in ANN)  # nothing of Ann's turn is left above
    term.type("Enter")
    bob = term.wait_for(("Bob, ", "Bob>"))
    assert [line for line in bob.splitlines() if "Bob" in line and private(line.replace("Bob", "Ann"))]
    term.type("q", "Enter")
    term.wait_for("Game saved unfinished")
    assert os.path.exists(tmp_path / "g.json")


def _ann_types_her_hand(terminal, hand: str):
    """Trixo with chance typed in, Ann and Bob at one terminal: Ann types her
    hand in private; the terminal and the screen of Bob's pass, once it asks."""
    command = [sys.executable, "-m", "stixxcli", "play", "trixo", "--player", "Ann", "--player", "Bob",
               "--chance", "manual", "--seed", "1", "--out", "g.json"]  # fmt: skip
    term = terminal(command)
    term.wait_for("Pass the terminal to Ann")
    term.type("Enter")
    term.wait_for("for Ann alone to see")
    term.type(hand, "Enter")
    return term, term.wait_for("Pass the terminal to Bob")


def test_a_hand_typed_in_private_is_gone_before_the_next_player_types_theirs(tmp_path, terminal):
    """--chance manual, two people: Ann types the tiles she picked, for her
    eyes alone; before Bob types his, the terminal is passed and Ann's line
    is on neither the screen nor the scrollback."""
    term, after = _ann_types_her_hand(terminal, "x o t a")
    assert "x o t a" not in after and "for Ann alone" not in after, after
    term.type("Enter")
    term.wait_for("for Bob alone to see")
    term.type("q", "Enter")
    term.wait_for("Stopped during the setup")


def test_the_next_player_cannot_call_back_the_last_ones_lines(tmp_path, terminal):
    """The prompt keeps a history (arrows, Ctrl-R): once the terminal is passed,
    it holds nothing of the last player's, so Bob's up arrow cannot show the
    hand Ann typed in for her eyes alone."""
    term, _ = _ann_types_her_hand(terminal, "t a a o")
    term.type("Enter")
    term.wait_for("for Bob alone to see")
    term.type("Up")
    term.type("C-r", "a a o")  # and a search back through the history
    time.sleep(0.5)
    assert "t a a o" not in term.everything(), term.everything()
    term.type("C-c")
    term.wait_for("Stopped during the setup")
