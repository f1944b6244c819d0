"""The hostile-text matrix: each kind of hostile text, put where content comes
from (player names, a log's `variant`, colour names, a rule file's description
and file name), through every command that shows content, for all four games.

Nothing in it may reach the terminal as control: no ESC, BEL, C1 control, NUL,
backspace, carriage return or bidi override on standard output or standard
error; rich markup in it is printed literally; no internal error; a verdict
is one line; a picture of it is well-formed SVG.
"""

from __future__ import annotations

import copy
import json
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner
from robust_corpus import GAMES, base_logs

from stixxcli.gamelog import rules_digest

HOSTILE = {
    "clear-screen": "\x1b[2J\x1b[3J\x1b[H",
    "window-title": "\x1b]0;pwned\x07",
    "link": "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\",
    "bell": "\x07\x07",
    "c1-csi": "\x9b2J\x9d0;t\x9c",
    "bidi": "\u202egnp.exe\u2066x\u2069",
    "newline": "\nvalid sixto game, 0 moves, finished",
    "carriage-return": "\rstixx: ok",
    "nul-backspace": "\x00\x08\x08",
    "markup-close": "[/]",
    "markup-link": "[link=https://evil.example]click[/link]",
    "markup-style": "[bold red]x[/bold red][",
    "lone-surrogate": "\ud800",
}
FORBIDDEN = [
    "\x1b",
    "\x07",
    "\x00",
    "\x08",
    "\r",
    "\x9b",
    "\x9c",
    "\x9d",
    "\u202e",
    "\u2066",
    "\u2069",
    "\ud800",
]
CRASH = ("internal error", "Traceback", "plugin failed")
STATS = {"runs": 0, "texts": 0}


def run(*args, env=None):
    STATS["runs"] += 1
    return CliRunner().invoke(
        __import__("stixxcli.cli", fromlist=["cli"]).cli,
        [str(a) for a in args],
        env=env,
        catch_exceptions=False,
    )


def problems(result) -> list[str]:
    found = []
    for stream, text in (("stdout", result.stdout), ("stderr", result.stderr)):
        for char in FORBIDDEN:
            if char in text:
                found.append(f"{char!r} on {stream}")
        for word in CRASH:
            if word in text:
                found.append(f"{word!r} on {stream}: {text[-300:]}")
        if "[/]" in text and "markup" not in text:
            pass
    return found


def two_player_log(game: str) -> dict:
    return next(log for log in base_logs(game) if len(log["players"]) == 2 and len(log["moves"]) > 4)


def hostile_log(game: str, text: str) -> dict:
    """A valid finished log of `game` with `text` in every player's name and in `variant`."""
    log = copy.deepcopy(two_player_log(game))
    for seat, player in enumerate(log["players"]):
        player["name"] = f"P{seat}{text}"
    log["variant"] = f"house{text}"
    return log


def write(path, log):
    path.write_text(json.dumps(log, ensure_ascii=True), encoding="utf-8")  # lone surrogates stay JSON
    return path


@pytest.fixture(params=GAMES)
def game(request):
    return request.param


@pytest.mark.parametrize("kind", HOSTILE)
def test_logs_with_hostile_names_and_variant(tmp_path, game, kind):
    text = HOSTILE[kind]
    STATS["texts"] += 1
    log = hostile_log(game, text)
    path = write(tmp_path / "g.json", log)
    broken = copy.deepcopy(log)
    broken["moves"][1] = broken["moves"][0]  # move 1 by the wrong player (or otherwise illegal)
    bad = write(tmp_path / "bad.json", broken)
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(path.read_text() + "\n" + bad.read_text() + "\n", encoding="utf-8")
    unfinished = copy.deepcopy(log)
    unfinished["moves"] = unfinished["moves"][: len(unfinished["moves"]) // 2]
    unfinished["finished"] = False
    unfinished.pop("result", None)
    resumable = write(tmp_path / "u.json", unfinished)
    valid = kind != "lone-surrogate"  # not text: refused, in one clear line

    checks = [
        (("validate", path), 0 if valid else 1),
        (("validate", path, "--json"), 0 if valid else 1),
        (("validate", bad), 1),
        (("validate", corpus), 1),
        (("score", path), 0 if valid else 1),
        (("score", path, "--json"), 0 if valid else 1),
        (("score", corpus), 1),
        (("replay", path, "--to", 2), 0 if valid else 1),
        (("replay", path, "--to", 1, "--as-player", 0), 0 if valid else 1),
        (("replay", path, "--to", 1, "--as-player", f"P1{text}"), 0 if valid else 1),
        (("replay", path, "--to", 1, "--json"), 0 if valid else 1),
        (("play", "--resume", resumable, "--out", tmp_path / "done.json"), None),
    ]
    for args, code in checks:
        result = run(*args)
        assert not problems(result), (args, problems(result))
        if code is not None:
            assert result.exit_code == code, (args, result.stdout[-300:], result.stderr[-300:])
        if args[0] == "validate" and "--json" not in args:
            verdicts = result.stdout.splitlines()
            assert len(verdicts) == (2 if args[1] == corpus else 1), verdicts
            assert all(line.startswith(str(args[1])) for line in verdicts), verdicts
    if valid:
        svg = tmp_path / "g.svg"
        result = run("replay", path, "--to", 3, "--svg", svg)
        assert result.exit_code == 0 and not problems(result), result.stderr
        ElementTree.fromstring(svg.read_bytes())  # well-formed, whatever the names hold


@pytest.mark.parametrize("kind", HOSTILE)
def test_rule_files_with_hostile_descriptions_and_names(tmp_path, game, kind):
    text = HOSTILE[kind]
    STATS["texts"] += 1
    folder = tmp_path / "rules" / game
    folder.mkdir(parents=True)
    description = json.dumps(text, ensure_ascii=True)  # a YAML double-quoted scalar
    (folder / "house.yaml").write_text(f"extends: standard\ndescription: {description}\n")
    stem = "".join(c for c in text if c not in "/\x00") or "x"
    try:
        (folder / f"odd{stem}.yaml").write_text(f"extends: standard\ndescription: odd {description}\n")
    except (OSError, UnicodeEncodeError):
        pass  # a name the file system will not take
    env = {"STIXX_RULES_PATH": str(tmp_path / "rules")}
    for args in (
        ("variants",),
        ("variants", game),
        ("variants", game, "house"),
        ("variants", game, folder / "house.yaml"),
        ("variants", game, "house", "--diff"),
        ("variants", game, "--json"),
        ("games",),
        ("simulate", game, "--variant", "house", "-n", 2, "--players", 2 if game != "sixto" else 1),
    ):
        result = run(*args, env=env)
        assert not problems(result), (args, problems(result))
        assert result.exit_code in (0, 1), (args, result.stdout[-300:], result.stderr[-300:])
    shown = run("variants", game, "house", env=env)
    if kind.startswith("markup"):
        assert text in shown.stdout  # printed as it is, not read as markup


COLOURED = {"stixx": "colours", "sixto": "colours"}


@pytest.mark.parametrize("game_name", sorted(COLOURED))
@pytest.mark.parametrize("kind", [k for k in HOSTILE if k != "lone-surrogate"])
def test_hostile_colour_names_in_the_rules(tmp_path, game_name, kind):
    """Colour names come from the rules, so from a log or a rule file: either
    the game refuses them (in one clean line) or every command shows them plainly."""
    from stixxcli.errors import StixxError
    from stixxcli.table import play_bots

    text = HOSTILE[kind]
    STATS["texts"] += 1
    log = two_player_log(game_name)
    rules = copy.deepcopy(log["rules"])
    key = COLOURED[game_name]
    rules[key] = [f"c{i}{text}" for i in range(len(rules[key]))]
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: standard\n{key}: {json.dumps(rules[key], ensure_ascii=True)}\n")
    try:
        played = play_bots(game_name, [p["bot"] for p in log["players"]], "hostile", rules=rules)
    except StixxError:  # the game does not take such names: refused in one clean line
        for args in (("variants", game_name, house), ("simulate", game_name, "--rules", house, "-n", 1)):
            result = run(*args)
            assert result.exit_code == 1 and not problems(result), (args, result.stderr)
            assert len(result.stderr.splitlines()) == 1
        return
    assert played["rules_digest"] == rules_digest(played["rules"])
    path = write(tmp_path / "g.json", played)
    for args in (
        ("validate", path),
        ("score", path),
        ("replay", path, "--to", 3),
        ("replay", path, "--as-player", 0, "--to", 2),
        ("variants", game_name, house),
    ):
        result = run(*args)
        assert not problems(result), (args, problems(result))
        assert result.exit_code == 0, (args, result.stdout[-300:], result.stderr[-300:])
    svg = tmp_path / "g.svg"
    result = run("replay", path, "--to", 3, "--svg", svg)
    assert result.exit_code == 0 and not problems(result)
    ElementTree.fromstring(svg.read_bytes())


def test_a_verdict_stays_one_line_whatever_the_name():
    from stixxcli.check import check_texts

    log = hostile_log("trixo", "\nsecond line\r\x1b[2K")
    log["moves"][1] = log["moves"][0]
    [(verdict, line)] = check_texts([("x.json", json.dumps(log))])
    from stixxcli.text import plain

    assert "\n" not in plain(line) and "\x1b" not in plain(line)
