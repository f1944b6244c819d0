"""Thousands of mutants of valid logs of every game: each gets a verdict of one
line, none crashes the tool, and a changed `result` or `rules` is always caught.

In-process through `check_texts` (what `stixx validate` runs) for volume, and a
sample through `stixx validate`, `stixx replay` and `stixx score`. Seeded: the
same mutants every run. STIXX_FUZZ=20000 for 20000 mutants per game.
"""

from __future__ import annotations

import collections
import json
import random

import pytest
from robust_corpus import FUZZ, GAMES, base_logs
from robust_mutants import mutants

from stixxcli.check import check_texts
from stixxcli.text import plain

# What only a crash says: the game's own code failed, or the tool's.
CRASH_WORDS = ("plugin failed", "internal error", "Traceback")


def fuzz(game: str, count: int, seed: str):
    """(mutant, verdict, line) for `count` mutants spread over the game's logs."""
    logs = base_logs(game)
    rng = random.Random(f"{seed}:{game}")
    for i, log in enumerate(logs):
        share = count // len(logs) + (i < count % len(logs))
        batch = list(mutants(log, rng, share))
        items = [(f"{game}-{i}-{k}", m.text) for k, m in enumerate(batch)]
        for m, (verdict, line) in zip(batch, _checked(items)):
            yield m, verdict, line


def _checked(items):
    """check_texts on a batch; on an exception, the one item that raised, named."""
    try:
        return check_texts(items)
    except BaseException:
        for where, text in items:
            try:
                check_texts([(where, text)])
            except BaseException as e:
                raise AssertionError(
                    f"check_texts raised {type(e).__name__}: {e} on {where}: {text[:2000]}"
                ) from e
        raise


def problems_of(m, verdict, line, where) -> list[str]:
    found = []
    if not isinstance(verdict.get("valid"), bool):
        found.append("no verdict")
    line = plain(line)  # as validate prints it
    if "\n" in line or "\r" in line or "\x1b" in line or not line.startswith(f"{where}: "):
        found.append("not one line naming the log")
    if len(line) > 700:
        found.append(f"a line of {len(line)} characters")
    if any(word in line for word in CRASH_WORDS):
        found.append("a crash")
    if m.must_fail and verdict["valid"]:
        found.append("a changed result or rules found valid")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_mutant_gets_one_clear_verdict(game):
    kinds, outcomes, problems = collections.Counter(), collections.Counter(), []
    total = must_fail = 0
    for m, verdict, line in fuzz(game, FUZZ, "in-process"):
        total += 1
        must_fail += m.must_fail
        for op in m.kind.split("+"):
            kinds[op] += 1
        outcomes["valid" if verdict["valid"] else "move refused" if "index" in verdict else "refused"] += 1
        found = problems_of(m, verdict, line, verdict["source"])
        if found:
            problems.append(f"{', '.join(found)} [{m.kind}]: {line[:300]}\n    log: {m.text[:600]}")
    assert total == FUZZ
    assert not problems, f"{len(problems)} of {total} {game} mutants:\n" + "\n".join(problems[:8])
    # The mutants reach every part: the envelope, the setup and the moves, and
    # some stay valid (moves swapped that commute, names changed).
    assert outcomes["move refused"] > total * 0.25, outcomes
    assert outcomes["refused"] > total * 0.25, outcomes
    assert outcomes["valid"] > 0, outcomes
    assert must_fail > total * 0.08, must_fail
    for op in (
        "drop-move",
        "duplicate-move",
        "swap-adjacent",
        "reorder",
        "change-move-value",
        "remove-key",
        "rename-key",
        "wrong-result",
        "edit-rules",
        "edit-rules-and-digest",
        "replace-log",
        "hostile-text",
        "cut",
    ):
        assert kinds[op] > 0, (op, kinds)


# Through the command line ------------------------------------------------------------

SAMPLE = 48  # mutants per game through `stixx validate`, `replay` and `score`


@pytest.fixture(scope="module")
def samples(tmp_path_factory):
    """Per game: mutant files written as bytes (as a full disk or a copy would leave them)."""
    root = tmp_path_factory.mktemp("mutants")
    out = {}
    for game in GAMES:
        files = []
        for k, (m, verdict, line) in enumerate(fuzz(game, SAMPLE, "cli")):
            path = root / f"{game}-{k}.json"
            path.write_bytes(m.text.encode("utf-8", "surrogatepass"))
            files.append((path, m))
        out[game] = files
    return out


def one_error_line(stderr: str) -> bool:
    lines = stderr.splitlines()
    return (
        len(lines) == 1
        and lines[0].startswith("stixx: error: ")
        and not any(word in stderr for word in CRASH_WORDS)
    )


@pytest.mark.parametrize("game", GAMES)
def test_validate_gives_one_line_per_mutant(stixx, samples, game):
    files = samples[game]
    paths = [p for p, _ in files]
    verdicts = [json.loads(l) for l in stixx("validate", "--json", *paths).stdout.splitlines()]
    assert len(verdicts) == len(files)
    r = stixx("validate", *paths)
    assert r.exit_code == (0 if all(v["valid"] for v in verdicts) else 1)
    lines = r.stdout.splitlines()
    assert len(lines) == len(files), r.stdout
    assert not any(c in r.stdout + r.stderr for c in "\x1b\x07\x00\x9b\u202e\r")  # hostile text shown plainly
    for (path, m), verdict, line in zip(files, verdicts, lines):
        assert line.startswith(f"{verdict['source']}: ") and verdict["source"].startswith(str(path)), line
        assert not any(word in line for word in CRASH_WORDS), line
        assert line.startswith(f"{verdict['source']}: valid {game} game,") == verdict["valid"], line
        assert not (m.must_fail and verdict["valid"]), line
    valid = sum(v["valid"] for v in verdicts)
    assert r.stderr.splitlines() == [f"{len(files)} logs: {valid} valid, {len(files) - valid} invalid"]
    # One log a call: exit 0 for a valid log and 1 for an invalid one, one line, nothing on stderr.
    for (path, m), verdict in list(zip(files, verdicts))[:12]:
        one = stixx("validate", path)
        assert one.exit_code == (0 if verdict["valid"] else 1), one.output
        assert len(one.stdout.splitlines()) == 1 and one.stderr == "", one.output


@pytest.mark.parametrize("game", GAMES)
def test_replay_and_score_refuse_in_one_line(stixx, samples, game):
    seen = collections.Counter()
    for k, (path, m) in enumerate(samples[game]):
        verdict = json.loads(stixx("validate", "--json", path).stdout)
        score = stixx("score", path, "--json")
        assert score.exit_code == (0 if verdict["valid"] else 1), score.output
        if score.exit_code:
            assert one_error_line(score.stderr), score.stderr
        else:
            assert json.loads(score.stdout)["scores"] == verdict["result"]["scores"]
        args = ("replay", path, "--json") if k % 2 else ("replay", path)
        replayed = stixx(*args)
        assert replayed.exit_code in (0, 1), replayed.output
        if replayed.exit_code:
            assert one_error_line(replayed.stderr), replayed.stderr
        else:
            assert replayed.stderr == ""
        if verdict["valid"]:
            assert replayed.exit_code == 0, replayed.stderr
        seen[(score.exit_code, replayed.exit_code)] += 1
    assert seen[(1, 1)] > 0, seen  # some mutants are refused by both


@pytest.mark.parametrize("game", GAMES)
def test_resume_of_mutated_unfinished_games(stixx, tmp_path, game):
    """`play --resume` on mutants of games stopped half-way: refused in one
    line (1), or resumed and, with no one at the keyboard, saved again (130)
    or played to the end by bots (0); never a crash."""
    rng = random.Random(f"resume:{game}")
    codes = collections.Counter()
    for i, log in enumerate(base_logs(game)[:4]):
        half = json.loads(json.dumps(log))
        half["moves"] = half["moves"][: len(log["moves"]) // 2]
        half["finished"] = False
        del half["result"]
        if i % 2:  # a human at seat 0: resuming waits for them
            half["players"][0].pop("bot")
        path = tmp_path / f"{i}.json"
        path.write_text(json.dumps(half))
        out = tmp_path / f"out-{i}.json"  # a game is never written over another file
        r = stixx("play", "--resume", path, "--out", out, input="")
        assert r.exit_code == (130 if i % 2 else 0), r.output  # the unmutated half goes on
        assert stixx("validate", out).exit_code == 0
        for k, m in enumerate(mutants(half, rng, 6)):
            path = tmp_path / f"{i}-{k}.json"
            path.write_bytes(m.text.encode("utf-8", "surrogatepass"))
            r = stixx("play", "--resume", path, "--out", tmp_path / f"out-{i}-{k}.json", input="")
            assert r.exit_code in (0, 1, 130), r.output
            assert not any(word in r.output for word in CRASH_WORDS), r.output
            if r.exit_code == 1:
                assert one_error_line(r.stderr), r.stderr
            codes[r.exit_code] += 1
    assert codes[1] > 0, codes
