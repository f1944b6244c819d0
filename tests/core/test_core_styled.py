"""stixxcli.styled draws grids of short cells without rich (for `stixx score
--sheet`, whose whole work costs less than importing rich): what it writes
must be what rich writes for the same styles, on the colour system rich would
pick. stixxcli.appdir names click's app folder without importing click."""

import io
import os
import subprocess
import sys

import click
import pytest
from rich.color import ColorSystem
from rich.console import Console
from rich.style import Style

from stixxcli.appdir import app_dir
from stixxcli.styled import colour_system, columns, sgr_codes

STYLES = [
    "bold",
    "dim",
    "bold reverse",
    "red",
    "bold #d70000",
    "#e07000",
    "bold black on #ffd700",
    "dim on #303030",
    "#af5fff on #303030",
    "italic underline #0087ff",
]
SYSTEMS = {"truecolor": ColorSystem.TRUECOLOR, "256": ColorSystem.EIGHT_BIT, "standard": ColorSystem.STANDARD}


@pytest.fixture(autouse=True)
def fresh_styles():
    """rich keeps a parsed style, and its codes for the first colour system
    asked, for the life of the process: a test of another system needs new ones."""
    Style.parse.cache_clear()
    yield
    Style.parse.cache_clear()


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_style_gets_riches_own_codes(style, system):
    expected = Style.parse(style).render("x", color_system=SYSTEMS[system])
    assert f"\x1b[{sgr_codes(style, system)}mx\x1b[0m" == expected


@pytest.mark.parametrize("style", STYLES)
def test_no_color_keeps_bold_and_dim_and_drops_the_colours_as_rich_does(style):
    codes = sgr_codes(style, "truecolor", no_colour=True)
    expected = Style.parse(style).without_color.render("x", color_system=ColorSystem.TRUECOLOR)
    assert (f"\x1b[{codes}mx\x1b[0m" if codes else "x") == expected


class Stream(io.StringIO):
    def __init__(self, tty: bool):
        super().__init__()
        self.tty = tty

    def isatty(self):
        return self.tty


ENVIRONMENTS = [
    {},
    {"TERM": "xterm-256color"},
    {"TERM": "xterm-kitty"},
    {"TERM": "xterm-16color"},
    {"TERM": "xterm"},
    {"TERM": "dumb"},
    {"TERM": "unknown"},
    {"COLORTERM": "truecolor", "TERM": "xterm-256color"},
    {"COLORTERM": "24bit"},
    {"FORCE_COLOR": "1"},
    {"FORCE_COLOR": ""},
    {"TTY_COMPATIBLE": "0"},
    {"TTY_COMPATIBLE": "1", "COLORTERM": "truecolor"},
    {"FORCE_COLOR": "1", "TERM": "dumb"},
]


@pytest.mark.parametrize("environment", ENVIRONMENTS)
@pytest.mark.parametrize("tty", [True, False])
def test_the_colour_system_is_the_one_rich_picks(monkeypatch, environment, tty):
    for name in ("TERM", "COLORTERM", "FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "JPY_PARENT_PID"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    stream = Stream(tty)
    assert colour_system(stream) == Console(file=stream).color_system


@pytest.mark.parametrize("environment", [*ENVIRONMENTS, {"COLUMNS": "57"}, {"COLUMNS": "x"},
                                         {"COLUMNS": "57", "TERM": "dumb", "FORCE_COLOR": "1"}])  # fmt: skip
@pytest.mark.parametrize("tty", [True, False])
def test_the_width_is_the_one_rich_prints_in(monkeypatch, environment, tty):
    # `score --sheet` draws a house rule's wide sheet in bands of this width, as play does through
    # rich. (COLUMNS=0 is 80 here; rich takes it for a width of 0.)
    from stixxcli.styled import width

    for name in (
        "TERM",
        "COLORTERM",
        "FORCE_COLOR",
        "TTY_COMPATIBLE",
        "NO_COLOR",
        "JPY_PARENT_PID",
        "COLUMNS",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    stream = Stream(tty)
    assert width(stream) == Console(file=stream).width


PICTURE = """
from stixxcli.styled import Styled, columns

out = Styled().add("Sheet A: 151 points", "bold").end_line()
rows = [[("", ""), ("1", "bold"), ("10", "bold reverse")]]
rows.append([("red", "bold #d70000"), ("X", "bold black on #d70000"), (".", "dim on #303030")])
rows.append([("columns", "bold"), ("-5", "red"), ("", "")])
for line in columns(rows, "lrr", same=" =="):
    for text, style in line:
        out.add(text, style)
    out.end_line()
out.add("a name\\x1b[2J with an escape", "dim").end_line()
"""


@pytest.mark.parametrize(
    "environment",
    [
        {"TTY_COMPATIBLE": "0"},
        {"FORCE_COLOR": "1", "COLORTERM": "truecolor"},
        {"FORCE_COLOR": "1", "TERM": "xterm-256color"},
        {"FORCE_COLOR": "1", "TERM": "xterm"},
        {"FORCE_COLOR": "1", "COLORTERM": "truecolor", "NO_COLOR": "1"},
    ],
)
def test_a_picture_looks_the_same_written_here_or_printed_by_rich(environment):
    # Each in a process of its own: rich keeps the codes of a style for the first colour system it met.
    keep = {k: v for k, v in os.environ.items() if k not in ("TERM", "COLORTERM", "FORCE_COLOR", "NO_COLOR")}
    env = {**keep, **environment}
    ours, theirs = (
        subprocess.run(
            [sys.executable, "-c", PICTURE + printing], capture_output=True, text=True, env=env, check=True
        ).stdout
        for printing in ("out.write()", "from rich.console import Console; Console(width=200).print(out)")
    )
    assert ours == theirs
    assert "\x1b[2J" not in ours and "\\x1b[2J" in ours
    assert ("\x1b[" in ours) is (environment != {"TTY_COMPATIBLE": "0"})


def test_columns_pad_and_align():
    laid = columns([[("a", ""), ("1", "x")], [("long", ""), ("10", "")], [("b", "")]], "lr")
    assert ["".join(text for text, _ in line) for line in laid] == ["a     1", "long 10", "b      "]
    assert ("1", "x") in laid[0]  # the padding is unstyled, the text keeps its style
    even = columns([[("1", ""), ("100", ""), ("2", "")]], "rrr", same="= =")
    assert "".join(text for text, _ in even[0]) == "1 100 2" and len(even[0][0][0]) == 1
    assert (
        "".join(t for t, _ in columns([[("1", ""), ("22", ""), ("3", "")]], "rrr", same="==")[0]) == " 1 22 3"
    )


def test_columns_line_up_names_by_the_columns_a_terminal_gives_them():
    """A CJK name takes two columns a character, an accent written as a
    combining mark none: the numbers after them still stand one under the other."""
    from rich.cells import cell_len

    from stixxcli.styled import Styled

    names = ["山田太郎", "Jose\u0301", "Zoë", "オレンジ", "Ann"]
    laid = columns([[(name, ""), ("282", "")] for name in names], "lr")
    lines = ["".join(text for text, _ in line) for line in laid]
    assert {cell_len(line) for line in lines} == {12}, lines
    out = Styled().rows(laid, rules=(1,))
    assert cell_len(out.lines[1][0][0]) == 12  # the rule as wide as the rows


@pytest.mark.parametrize("config", [None, "/tmp/somewhere-else"])
def test_the_app_folder_is_clicks(monkeypatch, tmp_path, config):
    monkeypatch.setenv("HOME", str(tmp_path))
    if config is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", config)
    assert app_dir() == click.get_app_dir("stixx")
    assert os.path.isabs(app_dir())
