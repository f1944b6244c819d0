"""Hostile files: rule files and logs made to hurt. Each is refused quickly, in
bounded memory, with one clear line and exit 1 (2 only for a usage error such
as a missing file), and nothing in them is ever run as code.

The slow or big ones run in a fresh process whose time and peak memory are
measured (robust_measure); the rest run in-process.
"""

from __future__ import annotations

import json
import os
import random
import time

import pytest
from robust_measure import stixx as measured

EXAMPLE = json.loads(
    open(
        os.path.join(os.path.dirname(__file__), "..", "..", "examples", "trixo", "2-players.json"),
        encoding="utf-8",
    ).read()
)
CRASH_WORDS = ("Traceback", "internal error", "plugin failed")
SECONDS = 5


def one_line(run_or_result) -> str:
    """The single line a refusal prints (on stdout for validate, stderr otherwise)."""
    out = (run_or_result.stdout + run_or_result.stderr).splitlines()
    assert len(out) == 1, out[:5]
    assert not any(word in out[0] for word in CRASH_WORDS), out[0]
    assert len(out[0]) < 600, out[0][:200]
    return out[0]


def nested(depth: int, inner="0", kind="list") -> str:
    if kind == "list":
        return "[" * depth + inner + "]" * depth
    return '{"a":' * depth + inner + "}" * depth


@pytest.fixture(scope="module")
def baseline():
    """Peak memory of validating one small, valid log."""
    run = measured(
        "validate", os.path.join(os.path.dirname(__file__), "..", "..", "examples", "trixo", "2-players.json")
    )
    assert run.code == 0, run.stderr
    return run.peak_mb


# Logs ----------------------------------------------------------------------------


def _log_with(**changes) -> dict:
    log = json.loads(json.dumps(EXAMPLE))
    log.update(changes)
    return log


BIG = 50 * 2**20

HOSTILE_LOGS = {
    # name: (bytes, words the refusal says)
    "binary": (random.Random(1).randbytes(2**20), "not a text file"),
    "empty": (b"", "empty file"),
    "blank": (b"  \n\n\t \n", "empty file"),
    "nul bytes": (b"\x00" * 1000, "invalid JSON"),
    "nested 100000 lists": (nested(100_000).encode(), "nested more than 100 levels"),
    "nested 100000 objects": (nested(100_000, kind="dict").encode(), "nested more than 100 levels"),
    "moves nested 5000 deep": (
        json.dumps(_log_with(moves=[0])).replace("[0]", nested(5000)).encode(),
        "nested more than 100 levels",
    ),
    "setup nested 150 deep": (
        json.dumps(_log_with(setup=[0])).replace('"setup": [0]', '"setup": ' + nested(150)).encode(),
        "nested more than 100 levels",
    ),
    "a number of 5000 digits": (
        json.dumps(_log_with(seed=0)).replace('"seed": 0', '"seed": 1' + "0" * 5000).encode(),
        "invalid JSON: Exceeds the limit",
    ),
    "10**5000 in a move": (
        json.dumps(EXAMPLE).replace('"seat": 0', '"seat": 1' + "0" * 5000, 1).encode(),
        "invalid JSON: Exceeds the limit",
    ),
    "4000 digits in a move": (
        json.dumps(EXAMPLE).replace('"seat": 0', '"seat": 1' + "0" * 4000, 1).encode(),
        "move 0",
    ),
    "1e999999 as the seed": (
        json.dumps(_log_with(seed=0)).replace('"seed": 0', '"seed": 1e999999').encode(),
        "invalid JSON: 1e999999 is too large a number",
    ),
    "a lone surrogate": (json.dumps(_log_with(variant="\ud800")).encode(), "lone surrogate"),
    "a list": (b"[1, 2, 3]", "a game log is a JSON object, not a list"),
    "null": (b"null", "a game log is a JSON object"),
    "a string": (b'"stixxcli-log/1"', "a game log is a JSON object, not text"),
    "an empty object": (b"{}", 'no "format"'),
    "a list of logs": (json.dumps([EXAMPLE]).encode(), "a game log is a JSON object, not a list"),
    # (Counted by its commas, it holds too many values to be read at all.)
    "50 MB of garbage on one line": (None, "more than 1,000,000 JSON values"),
    "a string of 50 MB": (None, "a game log is a JSON object, not text"),
    # 2 GB once read, though it is valid JSON.
    "50 MB of empty objects": (None, "more than 1,000,000 JSON values"),
    "50 MB of empty objects, a line each": (None, "more than 1,000,000 JSON values"),
}


def _content(name: str) -> bytes:
    data, _ = HOSTILE_LOGS[name]
    if name == "50 MB of garbage on one line":
        rng = random.Random(2)
        alphabet = b'abcdefghij0123456789 ,:{}[]"\\'
        data = bytes(rng.choice(alphabet) for _ in range(4096)) * (BIG // 4096)
    elif name == "a string of 50 MB":
        data = b'"' + b"x" * BIG + b'"'
    elif name.startswith("50 MB of empty objects"):
        each = b"{},\n" if name.endswith("a line each") else b"{},"
        data = b'{"moves": [' + each * (BIG // len(each)) + b"{}]}"
    return data


@pytest.mark.parametrize("name", HOSTILE_LOGS)
def test_hostile_log_refused_quickly_in_bounded_memory(name, tmp_path, baseline):
    data = _content(name)
    path = tmp_path / "hostile.json"
    path.write_bytes(data)
    words = HOSTILE_LOGS[name][1]
    run = measured("validate", path)
    assert run.code == 1, (run.stdout, run.stderr)
    assert words in one_line(run)
    assert run.seconds < SECONDS
    # Reading a log holds its bytes and its text: at most a few times its size.
    assert run.peak_mb - baseline < 40 + 2.5 * len(data) / 2**20, (run.peak_mb, baseline)


@pytest.mark.parametrize("name", [n for n in HOSTILE_LOGS if "50 MB" not in n])
@pytest.mark.parametrize("command", ["replay", "score", "resume"])
def test_hostile_log_refused_by_replay_score_and_resume(stixx, tmp_path, name, command):
    path = tmp_path / "hostile.json"
    path.write_bytes(_content(name))
    start = time.perf_counter()
    r = stixx(*(("play", "--resume") if command == "resume" else (command,)), path, input="")
    assert time.perf_counter() - start < SECONDS
    assert r.exit_code == 1
    # replay shows the states up to an illegal move; the refusal is one line on stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("stixx: error: "), r.stderr
    assert not any(word in r.output for word in CRASH_WORDS)
    if command != "replay" or "move" not in HOSTILE_LOGS[name][1]:
        assert r.stdout == ""


def test_hostile_logs_in_one_corpus_each_get_a_verdict(stixx, tmp_path):
    """A JSON Lines corpus mixing valid logs with hostile lines: a verdict per
    line, in order, and the valid ones still valid."""
    lines = [
        json.dumps(EXAMPLE),
        nested(5000),
        "\x00\x01garbage",
        json.dumps(EXAMPLE)[:-40],
        json.dumps(_log_with(variant="\ud800")),
        "[]",
        json.dumps(EXAMPLE),
    ]
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join(lines) + "\n")
    r = stixx("validate", path)
    assert r.exit_code == 1
    out = r.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in out] == [f"{path}:{n}" for n in range(1, len(lines) + 1)]
    assert [": valid trixo game" in line for line in out] == [True, False, False, False, False, False, True]
    assert not any(word in r.output for word in CRASH_WORDS)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_nesting_near_the_recursion_limit_is_refused_in_workers_too(tmp_path, jobs):
    """Rules, moves and results nested 940 to 999 deep: once `validate --jobs 2`
    crashed hashing them or sending a verdict back from a worker."""
    lines = []
    for depth in range(940, 1000, 3):
        for where in ("rules", "move", "result"):
            value = nested(depth, kind="dict" if where == "rules" else "list")
            log = _log_with()
            if where == "rules":
                text = json.dumps(log).replace('"rules": {', '"rules": {"deep": ' + value + ", ", 1)
            elif where == "move":
                text = json.dumps(log).replace('"seat": 0', '"seat": ' + value, 1)
            else:
                text = json.dumps(log).replace('"scores": [', '"scores": [' + value + ", ", 1)
            lines.append(text)
    path = tmp_path / "deep.jsonl"
    path.write_text("\n".join(lines) + "\n")
    run = measured("validate", path, "--jobs", jobs, "--json")
    assert run.code == 1, run.stderr
    assert not any(word in run.stderr for word in CRASH_WORDS), run.stderr
    verdicts = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(verdicts) == len(lines) and not any(v["valid"] for v in verdicts)
    assert all("nested more than 100 levels" in v["error"] for v in verdicts), verdicts[0]


def test_missing_file_and_directory_are_usage_errors(stixx, tmp_path):
    for target in (tmp_path / "nowhere.json", tmp_path):
        for command in ("validate", "replay", "score"):
            r = stixx(command, target)
            assert r.exit_code == 2 and "Traceback" not in r.output


# Nothing is run as code ---------------------------------------------------------------


def test_strings_in_a_log_are_never_evaluated(stixx, tmp_path):
    marker = tmp_path / "ran"
    payload = f"__import__('os').system('touch {marker}')"
    log = _log_with(variant=payload, seed=payload)
    log["players"][0]["name"] = payload
    log["players"][1]["bot"] = payload
    log["moves"][0]["cell"] = payload
    path = tmp_path / "payload.json"
    path.write_text(json.dumps(log))
    for args in (("validate", path), ("replay", path), ("score", path), ("play", "--resume", path)):
        stixx(*args)
    log["game"] = payload
    path.write_text(json.dumps(log))
    assert stixx("validate", path).exit_code == 1
    assert not marker.exists()


# Rule files --------------------------------------------------------------------------


def billion_laughs(levels=9) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\nboard_radius: *a8\n"


HOSTILE_RULES = {
    "python/object/apply": (
        'extends: standard\nboard_radius: !!python/object/apply:os.system ["touch {marker}"]\n',
        "invalid YAML: could not determine a constructor for the tag",
    ),
    "python/object/new": (
        'extends: standard\ncolours: !!python/object/new:subprocess.Popen [["touch", "{marker}"]]\n',
        "invalid YAML: could not determine a constructor for the tag",
    ),
    "python/name in extends": ("extends: !!python/name:os.system\n", "invalid YAML"),
    "python/module": ("extends: standard\nx: !!python/module:os\n", "invalid YAML"),
    "billion laughs": (billion_laughs(), "YAML aliases (*name) are not allowed"),
    "merge key": ("base: &b {board_radius: 2}\n<<: *b\n", "YAML aliases (*name) are not allowed"),
    "nested 100000 deep": (
        "extends: standard\nboard_radius: " + "[" * 100_000 + "]" * 100_000 + "\n",
        "invalid YAML",
    ),
    "nested 60 deep": (
        "extends: standard\ncolours: " + "[" * 60 + "]" * 60 + "\n",
        "nested more than 50 levels",
    ),
    "nested 987 deep": (
        "extends: standard\nboard_radius: " + "[" * 987 + "1" + "]" * 987 + "\n",
        "nested more than 50 levels",
    ),
    "5000 digits": ("extends: standard\nboard_radius: 1" + "0" * 5000 + "\n", "a value that cannot be read"),
    "!!int of 5000 digits": (
        "extends: standard\nboard_radius: !!int 1" + "0" * 5000 + "\n",
        "a value that cannot be read",
    ),
    "binary literal of 50000 bits": (
        "extends: standard\nboard_radius: 0b1" + "0" * 50_000 + "\n",
        "a number of more than 1024 bits",
    ),
    "hex literal": (
        "extends: standard\nboard_radius: 0x" + "f" * 400 + "\n",
        "a number of more than 1024 bits",
    ),
    "1e999999": (
        "extends: standard\nboard_radius: !!float 1e999999\n",
        "board_radius must be a whole number",
    ),
    "month 13": ("extends: standard\nboard_radius: 2001-13-45\n", "a value that cannot be read"),
    "!!int abc": ("extends: standard\nboard_radius: !!int abc\n", "a value that cannot be read"),
    "!!bool abc": ("extends: standard\nboard_radius: !!bool abc\n", "a value that cannot be read"),
    "NUL character": ("extends: standard\nboard_\x00radius: 2\n", "invalid YAML"),
    "binary": (None, "not a text file"),
    "empty": ("", "empty file"),
    "two documents": ("--- {board_radius: 2}\n--- {board_radius: 3}\n", "invalid YAML"),
    "larger than 1 MB": ("# " + "x" * 1_100_000 + "\n", "larger than"),
    "a list": ("- extends\n- standard\n", "a rule file is a mapping"),
    # YAML keeps the last of a key given twice: a second extends would hide below the first.
    "a key twice": (
        "extends: standard\nboard_radius: 2\nextends: dutch-edition\n",
        "'extends' appears twice",
    ),
    "a key twice, nested": ("extends: standard\ncolours: {a: 1, a: 2}\n", "'a' appears twice"),
}


@pytest.mark.parametrize("name", HOSTILE_RULES)
def test_hostile_rule_file_refused_and_never_run(name, tmp_path, baseline):
    text, words = HOSTILE_RULES[name]
    marker = tmp_path / "ran"
    path = tmp_path / "house.yaml"
    if text is None:
        path.write_bytes(random.Random(3).randbytes(100_000))
    else:
        path.write_text(text.replace("{marker}", str(marker)), encoding="utf-8")
    run = measured("variants", "stixx", path)
    assert run.code == 1, (run.stdout, run.stderr)
    line = one_line(run)
    assert line.startswith(f"stixx: error: {path}") and words in line, line
    assert run.seconds < SECONDS
    assert run.peak_mb - baseline < 60, (run.peak_mb, baseline)
    assert not marker.exists()


def test_hostile_rule_file_found_by_name_refused_in_play(stixx, tmp_path, monkeypatch):
    """The same refusal when the file is a variant in STIXX_RULES_PATH, used by play and simulate."""
    marker = tmp_path / "ran"
    folder = tmp_path / "rules" / "stixx"
    folder.mkdir(parents=True)
    (folder / "evil.yaml").write_text(
        HOSTILE_RULES["python/object/apply"][0].replace("{marker}", str(marker))
    )
    env = {"STIXX_RULES_PATH": str(tmp_path / "rules")}
    for args in (
        (
            "play",
            "stixx",
            "--variant",
            "evil",
            "--bot",
            "a:random",
            "--bot",
            "b:random",
            "--out",
            tmp_path / "g.json",
        ),
        ("simulate", "stixx", "--variant", "evil", "-n", 1),
        (
            "play",
            "stixx",
            "--rules",
            folder / "evil.yaml",
            "--bot",
            "a:random",
            "--bot",
            "b:random",
            "--out",
            tmp_path / "g.json",
        ),
    ):
        r = stixx(*args, env=env)
        assert r.exit_code == 1 and "invalid YAML" in one_line(r)
    assert not marker.exists() and not (tmp_path / "g.json").exists()
