"""`stixx validate LOG...` with no option, and `stixx score --sheet FILE...`,
run before click is imported (__main__, validation.py and sheets.py): they
must say exactly what the click command says, and leave everything else to
click. Progress bars wait until the work has taken a moment (progress.py)."""

import json
import os
import subprocess
import sys

import pytest

from stixxcli import progress

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "sixto", "2-players.json")
SHEET = os.path.join(ROOT, "examples", "sixto", "rulebook-example.txt")
TABLE = sorted(
    os.path.join(ROOT, "examples", "sixto", "table", f)
    for f in ("anna.txt", "ben.txt", "cleo.txt", "dan.txt")
)


def _run(how: str, args: list[str], cwd, env=None, input=None) -> tuple[str, str, int, bool, bool]:
    """`stixx ARGS` in a process of its own, through __main__ (as the installed
    script runs) or straight through click: stdout, stderr, exit code, and
    whether click and rich were imported."""
    start = (
        "from stixxcli.__main__ import main; main()"
        if how == "main"
        else "from stixxcli.cli import cli; cli()"
    )
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: sys.stderr.write('CLICK %s %s' % ('click' in sys.modules, 'rich' in sys.modules)))\n"
        f"sys.argv = ['stixx', *{args!r}]\n{start}"
    )
    env = {**os.environ, "STIXX_CACHE_DIR": str(cwd / ".cache"), **(env or {})}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=cwd, input=input
    )
    err, _, imported = done.stderr.rpartition("CLICK ")
    click, rich = imported.split()
    return done.stdout, err, done.returncode, click == "True", rich == "True"


@pytest.fixture
def logs(tmp_path):
    good = json.loads(open(EXAMPLE, encoding="utf-8").read())
    (tmp_path / "good.json").write_text(json.dumps(good, indent=1))
    illegal = json.loads(json.dumps(good))
    illegal["moves"][3] = illegal["moves"][2]
    (tmp_path / "illegal.json").write_text(json.dumps(illegal, indent=1))
    (tmp_path / "broken.json").write_text('{"format": "stixxcli-log/1", "game": ')
    (tmp_path / "corpus.jsonl").write_text(json.dumps(good) + "\n" + json.dumps(illegal) + "\n")
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "a.json").write_text(json.dumps(good, indent=1))
    (tmp_path / "empty").mkdir()
    (tmp_path / "name\x1b[31m.json").write_text(json.dumps(good, indent=1))
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ["good.json"],
        ["illegal.json"],
        ["broken.json"],
        ["corpus.jsonl"],
        ["folder"],
        ["good.json", "illegal.json", "corpus.jsonl", "folder"],
        ["empty"],  # no log in a folder: a usage error, exit 2
        ["name\x1b[31m.json"],  # a terminal's escape in a file name is shown, not obeyed
    ],
)
def test_the_quick_path_says_what_click_says_without_importing_click(logs, args):
    quick, clicks = (_run(how, ["validate", *args], logs) for how in ("main", "click"))
    assert quick[:3] == clicks[:3]
    assert quick[3] is False and clicks[3] is True
    assert "\x1b" not in quick[0] + quick[1]


def test_a_sheet_given_to_validate_is_named_on_the_quick_path_too(logs):
    # The quick path said "invalid JSON"; click says to use score --sheet.
    quick, clicks = (_run(how, ["validate", "good.json", SHEET], logs) for how in ("main", "click"))
    assert quick[:3] == clicks[:3]
    assert quick[2] == 2 and f"not a game log: stixx score --sheet {SHEET}" in quick[1]


@pytest.mark.parametrize(
    "args",
    [
        ["missing.json"],  # click's own usage error
        ["-q", "corpus.jsonl"],
        ["corpus.jsonl", "--json"],
        ["good.json", "--debug"],
        ["-"],
        ["--help"],
    ],
)
def test_a_line_with_anything_else_goes_to_click(logs, args):
    assert _run("main", ["validate", *args], logs)[3] is True


def test_the_quick_path_counts_several_logs_on_standard_error(logs):
    out, err, code, click, _ = _run("main", ["validate", "good.json", "corpus.jsonl"], logs)
    lines = out.splitlines()
    assert lines[:2] == [
        "good.json: valid sixto game, 15 moves, finished",
        "corpus.jsonl:1: valid sixto game, 15 moves, finished",
    ]
    assert len(lines) == 3 and lines[2].startswith("corpus.jsonl:2: move 3 by ")
    # The corpus's first log is good.json again: noted, and valid all the same.
    assert err == ("stixx: note: corpus.jsonl:1 is the same game as good.json\n3 logs: 2 valid, 1 invalid\n")
    assert code == 1 and not click


def test_a_reader_that_goes_away_ends_the_quick_path_quietly(logs):
    corpus = logs / "big.jsonl"
    corpus.write_text((json.dumps(json.loads((logs / "good.json").read_text())) + "\n") * 400)
    env = {**os.environ, "STIXX_CACHE_DIR": str(logs / ".cache")}
    done = subprocess.run(
        f"{sys.executable} -m stixxcli validate big.jsonl | head -1",
        shell=True, capture_output=True, text=True, env=env, cwd=logs,
    )  # fmt: skip
    assert done.stdout == "big.jsonl:1: valid sixto game, 15 moves, finished\n"
    # Nothing of the closed pipe: only notes that the corpus holds one game 400 times.
    assert all(line.startswith("stixx: note: big.jsonl:") for line in done.stderr.splitlines())


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def sheets(tmp_path):
    text = open(SHEET, encoding="utf-8").read()
    (tmp_path / "sheet.txt").write_text(text)
    (tmp_path / "bad.txt").write_text(
        text.replace("yellow: x . . x x . . . .  | . . .", "yellow: x . . x x . . . .  | x . .")
    )
    (tmp_path / "name\x1b[2J.txt").write_text(text)
    (tmp_path / "folder").mkdir()
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ["--sheet", "sheet.txt"],
        ["--sheet", "sheet.txt", "--json"],
        ["--json", "--sheet", "sheet.txt"],
        ["--sheet", *TABLE[:1], *TABLE[1:]],  # --sheet once: every FILE is a sheet
        ["--sheet", TABLE[0], "--sheet", TABLE[1], "--sheet", TABLE[2], TABLE[3], "--json"],
        ["--sheet", "bad.txt"],  # breaks a crossing rule: the row and box named, exit 1
        ["--sheet", "name\x1b[2J.txt"],  # a terminal's escape in a file name is shown, not obeyed
        ["--sheet", "-"],
        ["--sheet", "folder"],  # with no sheet in it: a usage error, exit 2
        ["--sheet", os.path.dirname(TABLE[0])],  # a folder's sheets
    ],
)
@pytest.mark.parametrize("terminal", [{}, {"FORCE_COLOR": "1", "COLORTERM": "truecolor"}])
def test_scoring_sheets_says_what_click_says_without_importing_click_or_rich(sheets, args, terminal):
    text = open(SHEET, encoding="utf-8").read()
    quick, clicks = (_run(how, ["score", *args], sheets, terminal, text) for how in ("main", "click"))
    assert quick[:3] == clicks[:3]
    assert quick[3:] == (False, False) and clicks[3] is True
    assert "\x1b[2J" not in quick[0] + quick[1]
    assert ("\x1b[" in quick[0]) is bool(terminal and "--json" not in args and quick[2] == 0)


@pytest.mark.parametrize(
    "args",
    [
        ["sheet.txt"],  # no --sheet: a log, for click to say it is a sheet
        ["--sheet", "missing.txt"],
        ["--sheet", "sheet.txt", "--game", "sixto"],
        ["--sheet", "sheet.txt", "--variant", "solo"],
        ["--sheet=sheet.txt"],
        ["--sheet", "sheet.txt", "--no-color"],
        ["--sheet"],
    ],
)
def test_a_score_line_with_anything_else_goes_to_click(sheets, args):
    assert _run("main", ["score", *args], sheets)[3] is True


def test_a_progress_bar_waits_until_the_work_has_taken_a_moment(monkeypatch, capsys):
    clock = Clock()
    monkeypatch.setattr(progress.time, "monotonic", clock)
    started = []
    monkeypatch.setattr(
        "stixxcli.show.ProgressBar", lambda total, label, unit=None: started.append((total, label)) or Bar()
    )

    class Bar:
        def __init__(self):
            self.done, self.lines, self.closed = 0, [], False

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.closed = True

        def advance(self, n):
            self.done += n

        def print(self, line):
            self.lines.append(line)

    with progress.progress(True, 50, "validating") as bar:
        bar.advance(10)
        bar.print("quick line")
        clock.now += progress.DELAY / 2
        bar.advance(10)
        assert not started and capsys.readouterr().out == "quick line\n"
        clock.now += progress.DELAY
        bar.advance(5)  # the work has now taken longer than DELAY: the bar starts, with what is done
        bar.print("later line")
        assert started == [(50, "validating")] and bar.bar.done == 25 and bar.bar.lines == ["later line"]
    assert bar.bar.closed and capsys.readouterr().out == ""


def test_no_progress_bar_off_a_terminal(capsys):
    with progress.progress(False, 3, "validating") as bar:
        bar.advance(3)
        bar.print("a line")
    assert capsys.readouterr().out == "a line\n" and not isinstance(bar, progress.Delayed)


@pytest.mark.parametrize("jobs", [1, 2])
def test_validate_on_a_terminal_shows_a_bar_of_the_corpus_read(monkeypatch, capsys, tmp_path, jobs):
    # It showed a count of the logs and the time, without a bar: the total was
    # not known. Of files it is, in bytes, without reading them first.
    from stixxcli import validation

    line = json.dumps(json.load(open(EXAMPLE))) + "\n"
    corpus = tmp_path / "club.jsonl"
    corpus.write_text(line * 3 + "\n" + line * 200)  # a blank line counts too
    single = tmp_path / "one.json"
    single.write_text(json.dumps(json.load(open(EXAMPLE)), indent=2))
    monkeypatch.setattr(progress, "on_terminal", lambda: True)
    monkeypatch.setattr(progress, "DELAY", 0)
    bars = []

    class Bar:
        def __init__(self, total, label, unit=None):
            self.total, self.unit, self.done = total, unit, 0
            bars.append(self)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def advance(self, n):
            self.done += n

        def print(self, line):
            pass

    monkeypatch.setattr("stixxcli.show.ProgressBar", Bar)
    assert validation.validate([str(single), str(corpus)], quiet=True, jobs=jobs) == 0
    size = corpus.stat().st_size + single.stat().st_size
    assert [(b.total, b.unit, b.done) for b in bars] == [(size, "bytes", size)]
    capsys.readouterr()
    # Standard input has no size: the count of logs, as before.
    bars.clear()
    monkeypatch.setattr("sys.stdin", open(corpus))
    assert validation.validate(["-"], quiet=True, jobs=jobs) == 0
    assert [(b.total, b.unit, b.done) for b in bars] == [(None, None, 203)]
