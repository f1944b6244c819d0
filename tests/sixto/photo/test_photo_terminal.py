"""Doubtful boxes confirmed at a real terminal (a pseudo-terminal, as a person
at a shell would have)."""

import sys
import termios
import time

import pytest

cv2 = pytest.importorskip("cv2")
pexpect = pytest.importorskip("pexpect")

from photogen import make_photo  # noqa: E402


def _score_a_doubtful_photo(tmp_path):
    """`score --photo` at a terminal of Ann's sheet, one box of it faint (blue 5), with --save-text."""
    grid = [[False] * 12 for _ in range(6)]
    grid[0][:5] = [True] * 5
    image = tmp_path / "ann.jpg"
    cv2.imwrite(str(image), make_photo(3, letter="D", grid=grid, faint=[(3, 4)]).image)
    return pexpect.spawn(
        sys.executable,
        ["-m", "stixxcli", "score", "--photo", str(image), "--save-text", str(tmp_path / "ann.txt")],
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
        env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin", "TERM": "xterm"},
    )


def _wait_for_line_editing(child, seconds: float = 30) -> None:
    """Until readline has set the terminal up (canonical mode off): a ^D or ^C
    typed before that may be lost. A fixed pause was too short under load."""
    deadline = time.monotonic() + seconds
    while termios.tcgetattr(child.child_fd)[3] & termios.ICANON:
        assert time.monotonic() < deadline, "the prompt never took the terminal for line editing"
        time.sleep(0.02)


def test_a_person_confirms_the_doubtful_box_and_gets_the_score(tmp_path):
    child = _score_a_doubtful_photo(tmp_path)
    child.expect("the photo reads")
    child.expect(r"blue:\s+\.\s+\.\s+\.\s+\.\s+\?\s+\.")  # the doubtful box shown as ?
    child.expect("correct a box")
    child.sendline("blue 5 x x")
    child.expect("type a colour")
    child.sendline("blue 5 .")
    child.expect(r"ann: \S*-10\S* points")  # a row of 5 (15) and five columns of 1 (-25)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = (tmp_path / "ann.txt").read_text()
    assert "doubtful" not in saved and "blue:   . . . . . . . . . | . . ." in saved


@pytest.mark.parametrize("stop", ["q", "end of input", "Ctrl-C"])
def test_a_person_who_stops_confirming_keeps_the_reading_or_stops_as_every_command(tmp_path, stop):
    """`q` and the end of input leave the sheet unscored as in a script: listed,
    exit 1, --save-text written. Ctrl-C stops as every command does (130).
    Both said `Aborted!` with exit 1 and wrote nothing."""
    child = _score_a_doubtful_photo(tmp_path)
    child.expect("correct a box")
    child.expect("ann> ")
    _wait_for_line_editing(child)
    if stop == "q":
        child.sendline("q")
    elif stop == "end of input":
        child.sendeof()
    else:
        child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    if stop == "Ctrl-C":
        assert child.exitstatus == 130 and "stopped" in child.before
        return
    assert child.exitstatus == 1
    assert "ann: doubtful: blue box 5" in child.before and "not scored" in child.before
    assert "# doubtful: blue box 5" in (tmp_path / "ann.txt").read_text()
