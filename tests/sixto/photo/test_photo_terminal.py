"""Doubtful boxes confirmed at a real terminal (a pseudo-terminal, as a person
at a shell would have)."""

import sys

import pytest

cv2 = pytest.importorskip("cv2")
pexpect = pytest.importorskip("pexpect")

from photogen import make_photo  # noqa: E402


def test_a_person_confirms_the_doubtful_box_and_gets_the_score(tmp_path):
    grid = [[False] * 12 for _ in range(6)]
    grid[0][:5] = [True] * 5
    image = tmp_path / "ann.jpg"
    cv2.imwrite(str(image), make_photo(3, letter="D", grid=grid, faint=[(3, 4)]).image)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "stixxcli", "score", "--photo", str(image), "--save-text", str(tmp_path / "ann.txt")],
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
        env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin", "TERM": "xterm"},
    )
    child.expect("the photo reads")
    child.expect(r"blue:\s+\. \. \. \. \? \.")  # the doubtful box shown as ?
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
