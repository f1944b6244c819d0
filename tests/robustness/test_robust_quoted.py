"""Content quoted in lines stixx writes itself, not in a log's verdict: a file's
name in a usage error or in a `saved to` line, a plugin's error in a warning,
a photo's notes. Shown plain, one line each, as content is everywhere else;
and a file that cannot be read is one line in the quick path too."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stixxcli.hookspecs import hookimpl

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
# Not an escape sequence of CSI (click takes those out of a line that is not
# for a terminal, so a test would not see them): a window title, bidi, a newline.
HOSTILE = "x\x1b]0;PWN\x07\u202e\nEve"
SHOWN = "x\\x1b]0;PWN\\x07\\u202e\\nEve"
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def plain_lines(text: str, said: str) -> list[str]:
    """The lines of `text` that say `said`: one, with nothing a terminal obeys in it."""
    assert not RAW.search(text), repr(text)
    assert "Traceback" not in text and "internal error" not in text, text
    lines = [line for line in text.splitlines() if said in line]
    assert len(lines) == 1, text
    return lines


def test_a_usage_error_shows_the_file_name_it_quotes_plain(stixx, tmp_path):
    sheet = tmp_path / f"{HOSTILE}.txt"
    shutil.copy(EXAMPLES / "sixto" / "rulebook-example.txt", sheet)
    r = stixx("validate", "--json", sheet)
    assert r.exit_code == 2
    (line,) = plain_lines(r.stderr, "is a paper score sheet")
    assert f"{SHOWN}.txt is a paper score sheet" in line
    folder = tmp_path / HOSTILE
    folder.mkdir()
    for name in ("a.json", "b.json"):
        shutil.copy(EXAMPLES / "stixx" / "2-players.json", folder / name)
    r = stixx("replay", folder)
    assert r.exit_code == 2
    (line,) = plain_lines(r.stderr, "replay one of them")
    assert f"{SHOWN} holds 2 log files" in line


@pytest.mark.parametrize(
    "option, said", [("--svg", "picture after 17 moves"), ("--html", "replay page of 17 moves")]
)
def test_a_picture_or_page_saved_names_its_file_plain(stixx, tmp_path, option, said):
    r = stixx("replay", EXAMPLES / "stixx" / "2-players.json", option, tmp_path / HOSTILE)
    assert r.exit_code == 0, r.output
    (line,) = plain_lines(r.stderr, said)
    assert line.endswith(f"saved to {tmp_path}/{SHOWN}")
    assert (tmp_path / HOSTILE).exists()


class Quoting:
    """A plugin whose error quotes what it read: a window title, a newline, a line of its own."""

    @hookimpl
    def stixx_games(self, register):
        raise ValueError(f"no games in {HOSTILE}\nstixx: error: made up")


def test_a_plugins_error_in_a_warning_is_one_plain_line(fresh_plugins, stixx):
    fresh_plugins.pm.register(Quoting(), name="quoting")
    r = stixx("games")
    assert r.exit_code == 0, r.output
    (line,) = plain_lines(r.stderr, "stixx: warning: plugin 'quoting'")
    assert f"no games in {SHOWN}\\nstixx: error: made up" in line
    assert "stixx: error" not in r.stderr.replace(line, "")


def test_a_photos_notes_are_plain(stixx, tmp_path, monkeypatch):
    cv2 = pytest.importorskip("cv2")
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "sixto" / "photo"))
    from photogen import make_photo

    photo = tmp_path / "ann.jpg"
    cv2.imwrite(str(photo), make_photo(4, hard=False, faint=((0, 1),)).image)
    r = stixx("score", "--photo", photo, "--debug-image", tmp_path / f"{HOSTILE}.png")
    plain_lines(r.stderr, "debug image: ")
    assert f"debug image: {tmp_path}/{SHOWN}.png" in r.stderr
    assert r.exit_code == 1  # a doubtful box, not confirmed away from a terminal
    plain_lines(r.stderr, "doubtful: ")


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("args", [(), ("--json",)])
def test_a_file_that_cannot_be_read_is_one_line_not_a_traceback(args):
    # /proc/self/mem is a file whose read fails (EIO), as a failing disk's would.
    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", "validate", *args, "/proc/self/mem"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr + run.stdout and "internal error" not in run.stderr
    assert "/proc/self/mem" in run.stdout and "cannot read: Input/output error" in run.stdout
