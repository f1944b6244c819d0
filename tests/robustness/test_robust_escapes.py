"""Names that try to act on the shell, on rich or on a page: shell completion
leaves them out, simulate shows rich markup literally, and the replay page
holds no raw control and stays small with a name of a million characters."""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from stixxcli import show
from stixxcli.table import play_bots

ROOT = Path(__file__).resolve().parents[2]
BASH_BREAKS = " \t\n\"'><=;|&(:"  # bash's default COMP_WORDBREAKS
# What may not be raw in any output: C0 but the line end, DEL, C1, bidi marks, separators.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(autouse=True)
def fresh_console(monkeypatch):
    # The console is made once per process; each test makes its own, under its own environment.
    monkeypatch.setattr(show, "_console", None)
    monkeypatch.delenv("NO_COLOR", raising=False)
    yield
    monkeypatch.setattr(show, "_console", None)


# Shell completion ------------------------------------------------------------------


def complete(shell: str, line: str, env=None):
    """The click result of asking `shell`'s completion for `line` (the cursor at its end)."""
    from stixxcli.cli import cli

    words = line.split()
    current = len(words) if line.endswith(" ") else len(words) - 1
    asked = {"_STIXX_COMPLETE": f"{shell}_complete", "COMP_WORDS": line, **(env or {})}
    if shell == "bash":
        asked.update(COMP_CWORD="line", COMP_WORDBREAKS=BASH_BREAKS)
    else:
        asked.update(COMP_CWORD=str(current))
    return CliRunner().invoke(cli, [], env=asked, prog_name="stixx")


@pytest.mark.parametrize("shell", ["bash", "zsh"])
@pytest.mark.parametrize(
    "hostile", ["Ann\x1b]0;PWN\x07\x1b[2J", "Ann\rEve", "A\x00nn", "Ann\x9b2J", "Ann\u202e"]
)
def test_completion_leaves_out_a_player_name_with_controls(shell, hostile, tmp_path, monkeypatch):
    log = play_bots("trixo", ["random", "greedy"], seed=1)
    log["players"][0]["name"] = hostile
    log["players"][1]["name"] = "Bob"
    (tmp_path / "t.json").write_text(json.dumps(log), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = complete(shell, "stixx replay t.json --as-player ")
    assert r.exception is None
    assert "Bob" in r.output and "Ann" not in r.output and not RAW.search(r.output)


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_completion_leaves_out_a_variant_file_with_controls_or_undecodable_bytes(shell, tmp_path):
    folder = tmp_path / "rules" / "stixx"
    folder.mkdir(parents=True)
    for name in (b"house.yaml", b"esc\x1b]0;PWN\x07.yaml", b"bad\x9bname.yaml"):
        with open(os.path.join(os.fsencode(folder), name), "w") as f:
            f.write("extends: standard\n")
    env = {"STIXX_RULES_PATH": str(tmp_path / "rules")}
    r = complete(shell, "stixx play stixx --variant ", env)
    assert r.exception is None, repr(r.exception)  # was UnicodeEncodeError ('\udc9b')
    assert "house" in r.output and "standard" in r.output
    assert "esc" not in r.output and "bad" not in r.output and not RAW.search(r.output)


# simulate ------------------------------------------------------------------------------


def simulate(*args, env=None):
    from stixxcli.cli import cli

    return CliRunner().invoke(
        cli, ["simulate", "sixto", "-n", "2", *args], env={"COLUMNS": "200", **(env or {})}
    )


@pytest.mark.parametrize(
    "args,shown",
    [
        (["--seed", "[/]"], "seed [/]"),
        (["--seed", "[bold]x[/bold]"], "seed [bold]x[/bold]"),
        (["--bot", "[/]:greedy"], "0 [/]"),
        (["--seed", "\x1b]0;PWN\x07"], "seed \\x1b]0;PWN\\x07"),
    ],
)
def test_simulate_shows_markup_in_its_arguments_literally(args, shown):
    r = simulate(*args)
    assert r.exit_code == 0, r.output  # was: internal error: MarkupError
    assert shown in r.output and not RAW.search(r.output)


@pytest.mark.parametrize("compare", [[], ["--compare", "standard"]])
@pytest.mark.parametrize("name", ["[link=https:..evil.example]v", "[reverse blink]v"])
def test_simulate_shows_a_rule_file_name_literally(name, compare, tmp_path, monkeypatch):
    (tmp_path / f"{name}.yaml").write_text("extends: standard\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = simulate("--rules", f"{name}.yaml", *compare, env={"FORCE_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert "\x1b]8" not in r.output  # no OSC 8 hyperlink
    plain = re.sub(r"\x1b\[[0-9;]*m", "", r.output)
    assert f"{name}: 2 games of" in plain and f" {name} " in plain  # the line and the column


def test_simulate_json_keeps_the_names_as_given(tmp_path, monkeypatch):
    (tmp_path / "[b]v.yaml").write_text("extends: standard\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = simulate("--rules", "[b]v.yaml", "--seed", "[/]", "--json")
    report = json.loads(r.output)
    assert report["seed"] == "[/]" and list(report["variants"]) == ["[b]v"]


# The replay page -----------------------------------------------------------------------


def page_for(tmp_path, log: dict, *args) -> str:
    from stixxcli.cli import cli

    path, page = tmp_path / "game.json", tmp_path / "game.html"
    path.write_text(json.dumps(log), encoding="utf-8")
    r = CliRunner().invoke(cli, ["replay", str(path), "--html", str(page), *args])
    assert r.exit_code == 0, r.output
    return page.read_text(encoding="utf-8")


def steps_of(page: str) -> list[dict]:
    def data(name):
        start = page.index(f'<script type="application/json" id="{name}">') + len(
            f'<script type="application/json" id="{name}">'
        )
        return json.loads(page[start : page.index("</script>", start)])

    pieces, steps = data("pieces"), data("steps")
    for step in steps:  # each drawing put together from the shared pieces, as the page's script does
        runs = step["drawing"]
        step["svg"] = "".join("".join(pieces[a : a + n]) for a, n in zip(runs[::2], runs[1::2]))
    return steps


def solo() -> dict:
    return json.loads((ROOT / "examples" / "sixto" / "solo.json").read_text(encoding="utf-8"))


def test_replay_page_holds_no_raw_control_from_a_name(tmp_path):
    log = solo()
    log["players"][0]["name"] = "Ann\x1b]0;PWN\x07\x00\x9b\u202e"
    page = page_for(tmp_path, log, "--as-player", "0")
    assert not RAW.search(page)  # neither in the text, nor the drawings, nor the data
    assert "<h1>Sixto: Ann\\x1b]0;PWN\\x07\\x00\\x9b\\u202e</h1>" in page  # shown as on the terminal
    steps = steps_of(page)
    assert steps[1]["player"] == "Ann\\x1b]0;PWN\\x07\\x00\\x9b\\u202e"
    for step in steps:
        assert not RAW.search(step["svg"] + step.get("player", "") + step.get("text", ""))
        ET.fromstring(step["svg"].encode("utf-8"))


def test_replay_page_stays_small_with_the_longest_name_escaped(tmp_path):
    from stixxcli.cli import cli

    log = solo()
    short = len(page_for(tmp_path, log))
    log["players"][0]["name"] = "\x1b" * 100  # 400 characters once escaped
    page = page_for(tmp_path, log)
    assert len(page) - short < 20_000  # was every step's drawing and move holding the whole name
    assert "(400 characters)" in page
    log["players"][0]["name"] = "A" * 1_000_000  # refused as validate refuses it, before any page
    (tmp_path / "long.json").write_text(json.dumps(log), encoding="utf-8")
    r = CliRunner().invoke(
        cli, ["replay", str(tmp_path / "long.json"), "--html", str(tmp_path / "long.html")]
    )
    assert r.exit_code == 1 and "a name has at most 1000 characters" in r.output
    assert not (tmp_path / "long.html").exists()


def test_replay_page_keeps_names_apart_that_are_alike_once_clipped_or_escaped(tmp_path):
    log = json.loads((ROOT / "examples" / "stixx" / "2-players.json").read_text(encoding="utf-8"))
    for first, second in (("\x07" * 99 + "A", "\x07" * 99 + "B"), ("Ann\x1b", "Ann\\x1b")):
        log["players"][0]["name"], log["players"][1]["name"] = first, second
        names = json.loads(re.search('id="names">(.*?)</script>', page_for(tmp_path, log)).group(1))
        assert len(set(names)) == 2 and names[0].endswith("(seat 0)") and names[1].endswith("(seat 1)")


def test_replay_page_still_refuses_two_players_of_one_name(tmp_path):
    from stixxcli.cli import cli

    log = solo()
    log["players"].append(dict(log["players"][0]))
    (tmp_path / "twice.json").write_text(json.dumps(log), encoding="utf-8")
    r = CliRunner().invoke(cli, ["replay", str(tmp_path / "twice.json"), "--html", str(tmp_path / "x.html")])
    assert r.exit_code == 1 and "Traceback" not in r.output


@pytest.mark.parametrize("game", ["sixto", "stixx", "fishstix", "trixo"])
def test_a_picture_holds_no_character_a_terminal_obeys(tmp_path, game):
    """`replay --svg` of a log whose names hold C1 controls and bidi marks:
    XML may hold them, but `cat picture.svg` would obey them."""
    from stixxcli.cli import cli

    log = play_bots(game, ["random", "random"], "escapes")
    for seat, player in enumerate(log["players"]):
        player["name"] = f"P{seat}\x9b2J\u202e\x85\u2028"
    path, picture = tmp_path / "game.json", tmp_path / "game.svg"
    path.write_text(json.dumps(log), encoding="utf-8")
    r = CliRunner().invoke(cli, ["replay", str(path), "--to", "1", "--svg", str(picture)])
    assert r.exit_code == 0, r.output
    drawing = picture.read_text(encoding="utf-8")
    assert not RAW.search(drawing.replace("\n", ""))
    ET.fromstring(drawing.encode("utf-8"))


def test_a_log_written_to_standard_output_holds_no_character_a_terminal_obeys(capsys):
    """`play --out -` writes the log where a terminal may show it: the same
    JSON, with such characters as \\u escapes."""
    from stixxcli.saving import write_log

    log = solo()
    log["players"][0]["name"] = "Ann\x9b2J\u202eX\x1b]0;t\x07"
    write_log("-", log)
    out = capsys.readouterr().out
    assert not RAW.search(out.replace("\n", ""))
    assert json.loads(out) == log


def test_replay_page_data_escapes_only_what_ends_a_script(tmp_path):
    """In a <script> block only `</` (`</script>` ends it) and `<!` (after
    `<!--`, a `<script` moves its end) matter: every other `<`, `>` and `&`
    of the drawings was written as a six-byte \\u escape (a Fish Stix page of
    53 moves 638 KB; 589 KB without them)."""
    log = solo()
    log["players"][0]["name"] = "A</script><!--<script>&amp;</SCRIPT >"
    page = page_for(tmp_path, log)
    assert page.count("</script>") == 4 and "<!--" not in page and "</SCRIPT" not in page
    assert "\\u003e" not in page and "\\u0026" not in page  # was in every drawing's data
    assert "&amp;" in page  # as the name had it
    steps = steps_of(page)
    assert "A</script><!--<script>&amp;</SCRIPT >" in steps[1]["player"]
    for step in steps:
        ET.fromstring(step["svg"].encode("utf-8"))
