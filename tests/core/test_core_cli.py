"""The command line as a new user meets it: one clear line, documented exit codes."""

import json
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from stixxcli import __version__
from stixxcli.table import play_bots


@pytest.fixture
def log_file(nim, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(play_bots("nim", ["random", "random"], seed=3)))
    return path


def one_error_line(result, code):
    assert result.exit_code == code, result.output
    lines = [l for l in result.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def test_version_and_help(stixx):
    assert stixx("--version").output.startswith("stixx, version ")
    assert "Examples:" in stixx("--help").output
    for command in ("games", "play", "validate", "score", "replay", "schema", "variants", "plugins"):
        assert "Example" in stixx(command, "--help").output, command


def test_help_and_version_load_no_game_code_rich_or_yaml():
    code = (
        "import sys; from stixxcli.__main__ import main\n"
        "for args in (['--version'], ['--help']):\n"
        "    sys.argv = ['stixx'] + args\n"
        "    try: main()\n"
        "    except SystemExit: pass\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('rich', 'yaml') or\n"
        "         m.startswith('stixxcli.commands.') or\n"
        "         (m.startswith('stixxcli_games.') and not m.endswith('.plugin') and m.count('.') > 1)]\n"
        "print('HEAVY', heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "HEAVY []" in out


def test_the_help_lines_of_commands_not_imported_are_their_own():
    """`stixx --help` lists commands from a table, to import none of them: the
    table names every command, in its module, with its own first sentence."""
    import importlib

    from stixxcli.cli import COMMANDS

    declared = {}
    for module in {module for module, _ in COMMANDS.values()}:
        for command in importlib.import_module(f"stixxcli.commands.{module}").COMMANDS:
            declared[command.name] = (module, command.get_short_help_str(10_000))
    assert COMMANDS == declared


def test_a_game_asked_for_alone_loads_alone_and_is_the_one_every_listing_holds():
    code = (
        "import sys; from stixxcli.plugins import get_game, get_plugins\n"
        "sixto = get_game('sixto')\n"
        "print('ALONE', sorted(m for m in sys.modules if m.endswith('.game') and 'stixxcli_games' in m))\n"
        "print('SAME', get_plugins().games()['sixto'].game is sixto is get_game('sixto'))"
    )
    # Only the bundled plugins: with a third party's installed, every game is asked for its games.
    env = dict(os.environ, STIXX_PLUGINS="")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env).stdout
    assert "ALONE ['stixxcli_games.sixto.game']" in out and "SAME True" in out, out


def test_version_is_answered_before_click_is_imported():
    code = (
        "import sys; from stixxcli.__main__ import main\n"
        "sys.argv = ['stixx', '--version']; main()\n"
        "print('CLICK', 'click' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out.splitlines() == [f"stixx, version {__version__}", "CLICK False"]


def test_games_json_lists_the_test_game(stixx, nim):
    games = json.loads(stixx("games", "--json").output)
    nim_row = next(g for g in games if g["name"] == "nim")
    assert nim_row["min_players"] == 2 and nim_row["max_players"] == 4
    assert nim_row["variants"] == ["standard"] and nim_row["bots"] == ["random"]


def test_validate_score_replay(stixx, log_file):
    r = stixx("validate", log_file)
    assert r.exit_code == 0 and "valid nim game" in r.output
    score = json.loads(stixx("score", log_file, "--json").output)
    assert score["finished"] and sorted(score["places"]) == [1, 2]
    lines = stixx("replay", log_file, "--json").output.splitlines()
    states = [json.loads(l) for l in lines]
    assert states[0]["index"] == 0 and states[0]["state"]["pile"] == 12
    assert states[-1]["state"]["pile"] == 0
    one = json.loads(stixx("replay", log_file, "--to", 2, "--json").output)
    assert one["index"] == 2 and one["player"] == "random-1"


def test_replay_svg(stixx, log_file, tmp_path):
    svg = tmp_path / "end.svg"
    r = stixx("replay", log_file, "--to", 3, "--svg", svg)
    assert r.exit_code == 0
    assert ElementTree.parse(svg).getroot().tag == "{http://www.w3.org/2000/svg}svg"


def test_validate_json_lines_and_stdin(stixx, log_file):
    good = json.loads(log_file.read_text())
    bad = dict(good, moves=good["moves"][:-1])
    corpus = "\n".join(json.dumps(x) for x in (good, bad, good)) + "\n"
    r = stixx("validate", "-", "--json", input=corpus)
    verdicts = [json.loads(l) for l in r.stdout.splitlines()]
    assert [v["valid"] for v in verdicts] == [True, False, True]
    assert verdicts[1]["source"] == "<stdin>:2"
    assert r.exit_code == 1


def test_validate_json_gives_every_verdict_the_same_keys(stixx, log_file, tmp_path):
    # A script reads .game, .moves or .finished of every line: a line that is
    # not JSON, or a file not UTF-8 or empty, lacked them, and its "error"
    # repeated the source that "source" gives.
    corpus = tmp_path / "club.jsonl"
    corpus.write_bytes(log_file.read_bytes().strip() + b"\nnot json\n\xff\xfe{}\n")
    (tmp_path / "empty.json").write_bytes(b"")
    r = stixx("validate", corpus, tmp_path / "empty.json", "--json")
    verdicts = [json.loads(l) for l in r.stdout.splitlines()]
    assert [v["valid"] for v in verdicts] == [True, False, False, False]
    keys = {"source", "valid", "game", "moves", "finished", "error"}
    assert all(set(v) == keys for v in verdicts[1:]), verdicts
    assert [v["error"] for v in verdicts[1:]] == [
        "invalid JSON: Expecting value (line 1, column 1)",
        "not a text file (not UTF-8): not a game log",
        "empty file, no log in it",
    ]
    assert r.exit_code == 1


def test_missing_file_is_a_usage_error(stixx):
    r = stixx("validate", "no-such.json")
    assert r.exit_code == 2 and "does not exist" in r.output


def test_invalid_json_names_line_and_column(stixx, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n  "format": "stixxcli-log/1",\n  "game": nim\n}\n')
    r = stixx("validate", path)
    assert r.exit_code == 1
    assert f"{path}: invalid JSON: Expecting value (line 3, column 11)" in r.output


def test_log_of_an_unknown_game(stixx, log_file):
    data = json.loads(log_file.read_text())
    data["game"] = "checkers"
    log_file.write_text(json.dumps(data))
    r = stixx("validate", log_file)
    assert r.exit_code == 1 and "unknown game 'checkers'" in r.output
    line = one_error_line(stixx("score", log_file), 1)
    assert line.startswith("stixx: error:") and "unknown game 'checkers'" in line


def test_variant_errors_are_one_line(stixx, nim, tmp_path):
    (tmp_path / "typo.yaml").write_text("extends: standard\nmax_tak: 2\n")
    line = one_error_line(stixx("variants", "nim", tmp_path / "typo.yaml"), 1)
    assert "typo.yaml:2: unknown key 'max_tak' for nim; did you mean 'max_take'?" in line
    (tmp_path / "a.yaml").write_text("extends: b\n")
    (tmp_path / "b.yaml").write_text("extends: a\n")
    line = one_error_line(
        stixx("play", "nim", "--rules", tmp_path / "a.yaml", "--bot", "x:random", "--bot", "y:random"), 1
    )
    assert "cycle" in line


def test_variants_listing_and_diff(stixx, nim, tmp_path, monkeypatch):
    (tmp_path / "nim").mkdir()
    (tmp_path / "nim" / "big.yaml").write_text("extends: standard\ndescription: bigger takes\nmax_take: 6\n")
    monkeypatch.setenv("STIXX_RULES_PATH", str(tmp_path))
    rows = json.loads(stixx("variants", "nim", "--json").output)
    assert {r["name"] for r in rows} == {"standard", "big"}
    diff = json.loads(stixx("variants", "nim", "big", "--diff", "--json").output)
    assert diff["changes"] == {"max_take": {"standard": 3, "big": 6}}


def test_diff_without_a_variant_is_a_usage_error(stixx, nim):
    # `variants nim --diff` listed the variants as if --diff were not there.
    r = stixx("variants", "nim", "--diff")
    assert r.exit_code == 2 and "--diff compares one variant with standard: name it" in r.stderr


def test_diff_of_a_file_named_standard_keeps_the_standard_apart(stixx, nim, tmp_path):
    # A club's copy named standard.yaml: both columns were named "standard",
    # and the JSON kept one of the two values (the file's, shown as standard's).
    (tmp_path / "club").mkdir()
    copy = tmp_path / "club" / "standard.yaml"
    copy.write_text("max_take: 6\n")
    diff = json.loads(stixx("variants", "nim", copy, "--diff", "--json").output)
    assert diff["changes"] == {"max_take": {"standard": 3, str(copy): 6}}
    # A column is named by the file as typed, never read as markup.
    odd = tmp_path / "[red]x[-.yaml"
    odd.write_text("extends: standard\nmax_take: 6\n")
    assert "[red]x[-" in stixx("variants", "nim", odd, "--diff").output


def test_schema(stixx, nim, log_file):
    jsonschema = pytest.importorskip("jsonschema")
    envelope = json.loads(stixx("schema").output)
    jsonschema.validate(json.loads(log_file.read_text()), envelope)
    game = json.loads(stixx("schema", "nim").output)
    assert set(game["$defs"]) == {"rules", "setup", "move"}
    assert game["$defs"]["rules"]["properties"]["max_take"]["maximum"] == 10


def test_play_bots_with_seats_in_typed_order(stixx, nim, tmp_path):
    out = tmp_path / "g.json"
    r = stixx(
        "play",
        "nim",
        "--bot",
        "Ann:random",
        "--player",
        "Bob",
        "--bot",
        "Cid:random",
        "--seed",
        5,
        "--out",
        out,
        input="1\n" * 40,
    )
    assert r.exit_code == 0, r.output
    log = json.loads(out.read_text())
    assert [p["name"] for p in log["players"]] == ["Ann", "Bob", "Cid"]
    assert log["finished"] and "bot" not in log["players"][1]


def test_play_rejects_unknown_bot(stixx, nim):
    line = one_error_line(stixx("play", "nim", "--bot", "a:genius", "--bot", "b:random"), 1)
    assert "no bot 'genius' for nim (bots: random)" in line


def test_end_of_input_saves_an_unfinished_game_that_resumes(stixx, nim, tmp_path):
    out = tmp_path / "g.json"
    r = stixx(
        "play", "nim", "--player", "Ann", "--bot", "Bob:random", "--seed", 1, "--out", out, input="help\n1\n"
    )
    assert r.exit_code == 130
    log = json.loads(out.read_text())
    assert log["finished"] is False and len(log["moves"]) == 2
    assert stixx("validate", out).exit_code == 0
    r = stixx("play", "--resume", out, input="1\n" * 40)
    assert r.exit_code == 0, r.output
    assert json.loads(out.read_text())["finished"] is True


def test_completion_script(stixx):
    assert "_STIXX_COMPLETE" in stixx("completion", "bash").output


def test_debug_shows_the_traceback(stixx, tmp_path):
    from click.testing import CliRunner

    from stixxcli.cli import cli
    from stixxcli.errors import StixxError

    path = tmp_path / "x.json"
    path.write_text("[]")
    with pytest.raises(StixxError):
        CliRunner().invoke(cli, ["--debug", "replay", str(path)], catch_exceptions=False)


def test_variants_of_every_game(stixx, nim):
    rows = json.loads(stixx("variants", "--json").output)
    assert {"game": "nim", "name": "standard"}.items() <= next(r for r in rows if r["game"] == "nim").items()
    assert {r["game"] for r in rows} >= {"nim", "sixto", "stixx", "fishstix", "trixo"}
    assert all(r["description"] for r in rows if r["name"] == "standard" and r["game"] != "nim")


def test_a_byte_order_mark_is_no_obstacle(stixx, log_file):
    text = log_file.read_text()
    log_file.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert stixx("validate", log_file).exit_code == 0
    one_line = json.dumps(json.loads(text))
    log_file.write_bytes(b"\xef\xbb\xbf" + (one_line + "\n" + one_line + "\n").encode())
    r = stixx("validate", log_file)
    assert r.exit_code == 0 and "2 logs: 2 valid" in r.stderr


def test_score_and_replay_a_corpus(stixx, nim, tmp_path):
    logs = [play_bots("nim", ["random", "random"], seed=s) for s in range(3)]
    logs[1]["result"]["scores"] = [7, 7]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(l) + "\n" for l in logs))
    r = stixx("score", corpus, "--json")
    assert r.exit_code == 1
    assert [json.loads(l)["moves"] for l in r.stdout.splitlines()] == [
        len(logs[0]["moves"]),
        len(logs[2]["moves"]),
    ]
    # Each score names its log as validate does: which line an invalid one left out is plain.
    assert [json.loads(l)["source"] for l in r.stdout.splitlines()] == [f"{corpus}:1", f"{corpus}:3"]
    assert one_error_line(r, 1).startswith(f"stixx: error: {corpus}:2: the recorded result differs")
    shown = stixx("score", corpus).stdout.splitlines()
    assert [line for line in shown if line.startswith(str(corpus))] == [f"{corpus}:1", f"{corpus}:3"]
    line = one_error_line(stixx("replay", corpus), 2)  # a usage error: say which with --pick
    assert "holds several logs: name one with --pick N" in line
    # The N of FILE:N (the line, from 1) is what --pick takes.
    last = stixx("replay", corpus, "--pick", 3, "--json").stdout.splitlines()
    assert len(last) == len(logs[2]["moves"]) + 1
    assert "holds no log at line 5" in one_error_line(stixx("replay", corpus, "--pick", 5), 2)  # as --to is
    # An illegal move is named with its log, as validate names it.
    logs[1]["moves"][1]["seat"] = logs[1]["moves"][0]["seat"]
    corpus.write_text("".join(json.dumps(l) + "\n" for l in logs))
    line = one_error_line(stixx("replay", corpus, "--pick", 2), 1)
    # In validate's words: who made the move, and the move.
    verdicts = stixx("validate", corpus).stdout.splitlines()
    said = next(v for v in verdicts if v.startswith(f"{corpus}:2: ")).partition(f"{corpus}:2: ")[2]
    assert said.startswith("move 1 by ") and "is illegal: wrong player" in said and "; move: {" in said
    assert line == f"stixx: error: {corpus}:2: {said}", line


def test_a_plugin_adds_a_command(stixx, fresh_plugins):
    import types

    import click

    from stixxcli.cli import cli
    from stixxcli.hookspecs import hookimpl

    @click.command()
    def hello():
        """Say hello from a plugin."""
        click.echo("hello from a plugin")

    plugin = types.SimpleNamespace(stixx_commands=hookimpl(lambda cli: cli.add_command(hello)))
    fresh_plugins.pm.register(plugin, name="greeter")
    cli._plugin_commands_added = False
    try:
        assert "Say hello from a plugin." in stixx("--help").output
        assert stixx("hello").output == "hello from a plugin\n"
    finally:
        cli.commands.pop("hello", None)
        cli._plugin_commands_added = False


def test_a_breakdown_reads_as_words():
    from stixxcli.show import _breakdown

    parts = {"rows": [21, -5], "rows_total": 16, "held": {"red": 2, "blue": 1}, "full": True, "by": None}
    assert _breakdown(parts) == "rows 21, -5; rows total 16; held red 2, blue 1; full yes"
    assert _breakdown(parts, ["full", "rows", "missing"]) == "full yes; rows 21, -5"
    # Nothing held reads "none", not "held ;" (a Stixx player who has taken nothing yet).
    assert _breakdown({"held": {}, "rows": [], "own": 0}) == "held none; rows none; own 0"


def test_a_missing_rules_file_is_a_usage_error(stixx, nim, tmp_path):
    """--rules FILE names a file: a missing one is exit 2, as click reports a missing LOG."""
    missing = tmp_path / "no-such.yaml"
    for args in (("play", "nim", "--bot", "random", "--bot", "random"), ("simulate", "nim", "-n", 1)):
        r = stixx(*args, "--rules", missing)
        assert r.exit_code == 2 and "does not exist" in r.output, r.output


def test_a_missing_variant_file_is_a_usage_error(stixx, nim, tmp_path):
    """`variants GAME FILE` and `simulate --compare FILE` name a file as --rules
    does: a missing one is exit 2 (it was 1), in one line that says so."""
    missing = tmp_path / "no-such.yaml"
    for args in (("variants", "nim"), ("simulate", "nim", "-n", 1, "--compare")):
        line = one_error_line(stixx(*args, missing), 2)
        assert line == f"stixx: error: {missing}: no such rule file", line


@pytest.mark.parametrize("name", ["./house", "rules/house", "/no/such/folder/house"])
def test_a_variant_argument_with_a_path_separator_is_a_path(stixx, nim, tmp_path, monkeypatch, name):
    # It was an unknown variant name: `unknown variant './house' of nim`.
    monkeypatch.chdir(tmp_path)
    line = one_error_line(stixx("variants", "nim", name), 2)
    assert line == f"stixx: error: {name}: no such rule file", line
    (tmp_path / "rules").mkdir()
    (tmp_path / "house").write_text("extends: standard\nmax_take: 5\n")
    (tmp_path / "rules" / "house").write_text("extends: standard\nmax_take: 6\n")
    if not name.startswith("/"):
        rules = json.loads(stixx("variants", "nim", name, "--json").output)
        assert rules["rules"] == {"max_take": 5 if name == "./house" else 6}
    # A bare name is a variant's name, as before.
    assert "unknown variant 'big' of nim" in one_error_line(stixx("variants", "nim", "big"), 1)


def test_the_rules_schema_takes_a_log_that_leaves_out_a_parameter(stixx, nim, log_file):
    """A log older than a parameter checks with its default: the published schema of
    the rules takes it too (the bundled Sixto examples predate solo_count_unusable_dice)."""
    jsonschema = pytest.importorskip("jsonschema")
    game = json.loads(stixx("schema", "nim").output)
    rules = game["$defs"]["rules"]
    jsonschema.validate({}, rules)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"max_tak": 3}, rules)
    data = json.loads(log_file.read_text())
    data["rules"] = {}
    from stixxcli.gamelog import rules_digest

    data["rules_digest"] = rules_digest({})
    log_file.write_text(json.dumps(data))
    assert stixx("validate", log_file).exit_code == 0


def test_a_move_after_the_end_names_the_seat_it_claims(stixx, log_file):
    data = json.loads(log_file.read_text())
    data["moves"].append({"seat": 1, "take": 1})
    log_file.write_text(json.dumps(data))
    r = stixx("validate", log_file, "--json")
    verdict = json.loads(r.output)
    assert verdict["index"] == len(data["moves"]) - 1 and verdict["error"] == "the game is already over"
    assert (verdict["seat"], verdict["player"]) == (1, data["players"][1]["name"])
    line = stixx("validate", log_file).output
    assert f"by {data['players'][1]['name']} (seat 1) is illegal: the game is already over" in line


def test_replay_svg_says_after_how_many_moves(stixx, log_file, tmp_path):
    """--to 3 is the table after 3 moves; "move 3" is the fourth move, counted from 0."""
    r = stixx("replay", log_file, "--to", 3, "--svg", tmp_path / "p.svg")
    assert "picture after 3 moves saved to" in r.stderr, r.stderr


def test_replay_as_a_player_says_whose_view_in_80_columns(stixx):
    """A long move (a right challenge and its two takes) cut the title's end off,
    and with it `[as random-3]`, the one word that says the others' colours are hidden."""
    example = Path(__file__).parents[2] / "examples" / "stixx" / "6-players.json"
    r = stixx("replay", example, "--to", 10, "--as-player", "random-3")
    first = r.output.splitlines()[0]
    assert first.startswith("[as random-3] after 10 moves - move 9 by reasoning-2"), first


def test_a_seed_that_is_not_whole_says_so(stixx, log_file):
    data = json.loads(log_file.read_text())
    data["seed"] = 1.5
    log_file.write_text(json.dumps(data))
    line = stixx("validate", log_file).output
    assert "'seed' must be a whole number or text, not a number (1.5)" in line, line


def test_resume_reads_a_game_of_bots_from_standard_input(stixx, nim, tmp_path):
    """`-` reads a log wherever one is read: a game of bots goes on from standard input;
    people at the table answer there, so their game is refused in one clear line."""
    bots = json.loads(json.dumps(play_bots("nim", ["random", "random"], seed=3)))
    bots["moves"], bots["finished"] = bots["moves"][:2], False
    del bots["result"]
    r = stixx("play", "--resume", "-", "--out", tmp_path / "done.json", input=json.dumps(bots))
    assert r.exit_code == 0, r.output
    assert json.loads((tmp_path / "done.json").read_text())["finished"]
    people = dict(bots, players=[{"name": "Ann"}, bots["players"][1]])
    r = stixx("play", "--resume", "-", "--out", tmp_path / "ann.json", input=json.dumps(people))
    assert r.exit_code == 2 and "--resume - reads the game from standard input" in r.stderr, r.output
    assert not (tmp_path / "ann.json").exists()


def test_replay_as_a_player_typed_composed_finds_the_name_written_decomposed(stixx, tmp_path):
    """José in a log may be written e + combining accent (a Mac file name, another
    program); typed at a keyboard it is one é. Both look the same, and the error
    listed "José" as a player while refusing "José"."""
    example = Path(__file__).parents[2] / "examples" / "fishstix" / "2-players.json"
    data = json.loads(example.read_text(encoding="utf-8"))
    data["players"][1]["name"] = "Jose\u0301"
    path = tmp_path / "nfd.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = stixx("replay", path, "--to", 1, "--as-player", "Jos\u00e9")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("[as Jose\u0301] after 1 move"), r.output.splitlines()[0]
