"""Pictures from the command line: replay --svg and --html, boards that read
without colour (NO_COLOR, --no-color), colours that stay apart on a
16-colour terminal, a text picture for a game that draws nothing, and
hostile names escaped."""

from __future__ import annotations

import json
import re

import pytest
from pictures_helpers import ROOT, by_class, example, page_steps, parse, self_contained, states

from stixxcli import show
from stixxcli.colours import letters

STIXX6 = ROOT / "examples" / "stixx" / "6-players.json"
COLOUR_CODE = re.compile(r"\x1b\[[0-9;]*(3[0-7]|9[0-7]|38;[25];[0-9;]+)m")


@pytest.fixture(autouse=True)
def fresh_console(monkeypatch):
    # The console is made once per process; each test makes its own, under its own environment.
    monkeypatch.setattr(show, "_console", None)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    yield
    monkeypatch.setattr(show, "_console", None)


def test_six_stixx_colours_and_the_marker_are_distinct_on_16_colours():
    from rich.color import Color, ColorSystem

    from stixxcli.colours import MARKER, hue

    names = ["red", "orange", "yellow", "green", "blue", "purple"]
    hues = [hue(n) for n in names] + [MARKER]
    standard = [Color.parse(h).downgrade(ColorSystem.STANDARD).number for h in hues]
    assert len(set(standard)) == 7, dict(zip(names + ["marker"], standard))
    eight_bit = [Color.parse(h).downgrade(ColorSystem.EIGHT_BIT).number for h in hues]
    assert len(set(eight_bit)) == 7


@pytest.mark.parametrize(
    "names",
    [
        ["red", "orange", "yellow", "green", "blue", "purple"],
        ["blue", "green", "pink", "orange", "purple", "school"],
    ],
)
def test_colours_stay_apart_where_bold_shows_as_bright(names):
    """Many 16-colour terminals show bold text in the bright form of its colour:
    a bold dark colour must not become another colour of the same game."""
    from rich.color import Color, ColorSystem
    from rich.style import Style

    from stixxcli.colours import terminal_style

    def seen(name):  # the colour such a terminal shows
        style = Style.parse(terminal_style(name))
        number = Color.parse(str(style.color.triplet.hex)).downgrade(ColorSystem.STANDARD).number
        return number + 8 if style.bold and number < 8 else number

    shown = [seen(n) for n in names]
    assert len(set(shown)) == len(names), dict(zip(names, shown))


def test_fish_kinds_are_distinct_on_16_colours():
    from rich.color import Color, ColorSystem

    from stixxcli.colours import hue

    kinds = ["blue", "green", "pink", "orange", "purple", "school"]
    standard = [Color.parse(hue(k)).downgrade(ColorSystem.STANDARD).number for k in kinds]
    assert len(set(standard)) == 6, dict(zip(kinds, standard))


def test_no_color_replay_shows_every_sticks_colour(stixx):
    """The issue's own check: NO_COLOR=1 stixx replay examples/stixx/6-players.json --to 10."""
    r = stixx("replay", STIXX6, "--to", "10", env={"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert r.exit_code == 0
    assert not COLOUR_CODE.search(r.output)
    shown = re.sub(r"\x1b\[[0-9;]*m", "", r.output)  # bold may stay: NO_COLOR takes colour only
    _, state = next(states(example("stixx", "6-players.json"), [10]))
    view = state.view(None)
    tags = dict(zip(state.colours, letters(state.colours)))
    for stick in view["on_board"]:
        assert re.search(rf"(?<![a-z0-9]){tags[view['layout'][stick]]}{stick}(?![0-9])", shown), stick
    assert f"M{view['marker']}" in shown
    assert "r red" in shown and "M the marker" in shown


def test_no_color_option_takes_colour_away_and_colour_is_there_without_it(stixx, monkeypatch):
    r = stixx("replay", STIXX6, "--to", "4", env={"FORCE_COLOR": "1"})
    assert COLOUR_CODE.search(r.output)
    monkeypatch.setattr(show, "_console", None)
    r = stixx("--no-color", "replay", STIXX6, "--to", "4", env={"FORCE_COLOR": "1"})
    assert r.exit_code == 0 and "r0" in re.sub(r"\x1b\[[0-9;]*m", "", r.output)
    assert not COLOUR_CODE.search(r.output)
    # After the command too, as on every command.
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(show, "_console", None)
    r = stixx("replay", STIXX6, "--to", "4", "--no-colour", env={"FORCE_COLOR": "1"})
    assert r.exit_code == 0 and not COLOUR_CODE.search(r.output)
    r = stixx("validate", STIXX6, "--no-color")
    assert r.exit_code == 0


@pytest.mark.parametrize(
    "game,name,cls",
    [
        ("stixx", "2-players.json", "stixx"),
        ("sixto", "solo.json", "box"),
        ("fishstix", "2-players.json", "fish"),
        ("trixo", "3-players.json", "stack"),
    ],
)
def test_replay_svg_writes_the_games_drawing(stixx, tmp_path, game, name, cls):
    out = tmp_path / "move.svg"
    r = stixx("replay", ROOT / "examples" / game / name, "--to", "6", "--svg", out)
    assert r.exit_code == 0
    svg = out.read_text(encoding="utf-8")
    self_contained(svg)
    assert by_class(parse(svg), cls)
    assert "picture after 6 moves saved" in r.output


def test_replay_html_writes_a_page_and_says_so(stixx, tmp_path):
    out = tmp_path / "game.html"
    r = stixx("replay", STIXX6, "--html", out, "--as-player", "random-3")
    assert r.exit_code == 0
    assert "replay page of 38 moves saved" in r.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "only what random-3 could know" in page
    assert len(page_steps(page)) == 39
    links = re.sub(r'xmlns=\\?"http://www.w3.org/2000/svg\\?"', "", page)
    assert "http:" not in links and "https:" not in links
    assert "default-src 'none'" in page


def test_replay_html_past_the_end_is_refused_and_writes_nothing(stixx, tmp_path):
    page = tmp_path / "x.html"
    r = stixx("replay", STIXX6, "--html", page, "--to", "99")
    assert r.exit_code == 2 and "past its end" in r.output
    assert not page.exists()


def test_replay_page_refuses_a_start_past_the_end():
    from stixxcli.errors import StixxError
    from stixxcli.replay_page import build

    with pytest.raises(StixxError, match="past its end"):
        build(example("stixx", "2-players.json"), None, start=18)


def test_a_game_that_draws_nothing_gets_its_text_picture(stixx, nim, tmp_path):
    log = tmp_path / "nim.json"
    r = stixx("play", "nim", "--bot", "A:random", "--bot", "B:random", "--seed", "3", "--out", log)
    assert r.exit_code == 0, r.output
    out = tmp_path / "nim.svg"
    assert stixx("replay", log, "--to", "1", "--svg", out).exit_code == 0
    svg = out.read_text(encoding="utf-8")
    self_contained(svg)
    texts = "\n".join(t.text or "" for t in parse(svg).iter("{http://www.w3.org/2000/svg}text"))
    assert "pile: |" in texts
    page = tmp_path / "nim.html"
    assert stixx("replay", log, "--html", page).exit_code == 0
    steps = page_steps(page.read_text(encoding="utf-8"))
    assert len(steps) == len(json.loads(log.read_text())["moves"]) + 1
    assert all("pile:" in s["svg"] for s in steps)


def test_hostile_names_are_escaped_in_svg_and_page(stixx, tmp_path):
    log = example("stixx", "2-players.json")
    log["players"][0]["name"] = '<script>alert("x")</script>&amp;\x07\u202e'
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    svg_path, page_path = tmp_path / "h.svg", tmp_path / "h.html"
    assert stixx("replay", path, "--to", "3", "--svg", svg_path).exit_code == 0
    svg = svg_path.read_text(encoding="utf-8")
    parse(svg)
    assert "<script" not in svg and "\x07" not in svg
    assert stixx("replay", path, "--html", page_path).exit_code == 0
    page = page_path.read_text(encoding="utf-8")
    # The page's own three data blocks and its script, as an HTML parser finds them: the name's
    # "<script>" inside the data is text there, its "</script>" escaped (and no "<!--" to move an end).
    assert _script_elements(page) == 4 and "<!--" not in page
    for step in page_steps(page):
        parse(step["svg"])
    r = stixx("replay", path, "--to", "3", env={"NO_COLOR": "1"})
    assert "\x07" not in r.output


@pytest.mark.parametrize(
    "game,name",
    [
        ("stixx", "2-players.json"),
        ("sixto", "2-players.json"),
        ("fishstix", "2-players.json"),
        ("trixo", "teams.json"),
    ],
)
def test_hostile_names_in_every_terminal_picture_are_shown_plainly(stixx, tmp_path, game, name):
    log = example(game, name)
    for seat, player in enumerate(log["players"]):
        player["name"] = f"[bold red]P{seat}[/bold red]\x1b[2J"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    r = stixx("replay", path, "--to", "5", "--as-player", "1")
    assert r.exit_code == 0, r.output
    # The viewer's name opens the title, whole in any game (P0's may be cut off there).
    assert "\x1b[2J" not in r.output and "[as [bold red]P1[/bold red]" in r.output


def test_a_picture_or_a_page_goes_to_standard_output_for_dash_and_with_json_to_its_file(stixx, tmp_path):
    trixo = ROOT / "examples" / "trixo" / "2-players.json"
    r = stixx("replay", trixo, "--to", 3, "--svg", "-")
    assert r.exit_code == 0 and r.stdout.startswith("<svg")  # the picture alone, no board beside it
    self_contained(r.stdout)
    assert not (tmp_path / "-").exists()
    r = stixx("replay", trixo, "--html", "-")
    assert r.exit_code == 0 and r.stdout.startswith("<!DOCTYPE html>") and len(page_steps(r.stdout)) == 37
    # --json and --svg FILE: the states on standard output, the picture in its file (it was left out).
    r = stixx("replay", trixo, "--json", "--svg", tmp_path / "last.svg")
    assert r.exit_code == 0 and len(r.stdout.splitlines()) == 37
    self_contained((tmp_path / "last.svg").read_text())
    for args in (["--json", "--svg", "-"], ["--svg", "-", "--html", "-"]):
        r = stixx("replay", trixo, *args)
        assert r.exit_code == 2 and "may write to standard output" in r.output


def _script_elements(page: str) -> int:
    from html.parser import HTMLParser

    class Scripts(HTMLParser):
        count = 0

        def handle_starttag(self, tag, attrs):
            self.count += tag == "script"

    parser = Scripts()
    parser.feed(page)
    return parser.count
