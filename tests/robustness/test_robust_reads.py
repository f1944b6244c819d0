"""Reading what others send: bounded memory for any input, tampered logs
refused, a corpus with a bad line still read, `extends:` kept to rule files."""

from __future__ import annotations

import codecs
import json
import random
from pathlib import Path

import pytest
from robust_measure import stixx as measured

from stixxcli import gamelog, limits, sources
from stixxcli.errors import LogError, RuleError, StixxError

EXAMPLES = Path(__file__).parent.parent.parent / "examples"
TRIXO = EXAMPLES / "trixo" / "2-players.json"
SMALL = {"STIXX_MAX_BYTES": "1M"}  # the same guard as 64 MB, in a second


def one_line_of(run) -> str:
    lines = (run.stdout + run.stderr).splitlines()
    assert len(lines) == 1, lines[:5]
    assert "Traceback" not in lines[0] and "internal error" not in lines[0]
    return lines[0]


# Bounded reads ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, stdin",
    [
        (["validate", "/dev/zero"], None),
        (["validate", "-"], b"y\n" * 1_000_000),  # `yes | stixx validate -`
        (["score", "/dev/zero"], None),
        (["replay", "/dev/zero"], None),
        (["score", "--sheet", "/dev/zero"], None),
        (["score", "--sheet", "-"], b"x" * 3_000_000),
    ],
)
def test_endless_input_ends_with_one_line_in_bounded_memory(args, stdin):
    run = measured(*args, stdin=stdin, env=SMALL, timeout=60)
    assert run.code == 1, (run.code, run.stderr[-300:])
    assert "larger than 1 MB" in one_line_of(run)
    assert run.peak_mb < 150, run.peak_mb
    assert run.seconds < 20


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_corpus_read_up_to_a_too_long_line_says_the_rest_is_not_read(tmp_path, jobs):
    """Reading stops at a line past the limit (an endless one has no next
    line): its verdict says so. It said only `refused`, and the count of
    `2 logs: 1 valid, 1 invalid` passed for the whole corpus."""
    one = json.dumps(json.loads(TRIXO.read_text()))
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(one + "\n" + '{"x": "' + "y" * 1_100_000 + '"}\n' + one + "\n")
    run = measured("validate", corpus, "--jobs", jobs, env=SMALL)
    lines = run.stdout.splitlines()
    assert run.code == 1 and len(lines) == 2
    assert lines[1].startswith(f"{corpus}:2: line 2 is larger than 1 MB")
    assert lines[1].endswith("the lines after it are not read")


def test_limit_is_64_mb_by_default_and_refuses_dev_zero():
    run = measured("validate", "/dev/zero", timeout=120)
    assert run.code == 1
    assert "larger than 64 MB" in one_line_of(run)
    assert run.peak_mb < 400, run.peak_mb  # 64 MB read, nothing more kept


def test_a_log_under_the_limit_still_reads(tmp_path):
    run = measured("validate", TRIXO, env={"STIXX_MAX_BYTES": "200K"})
    assert run.code == 0, run.stderr
    run = measured("validate", TRIXO, env={"STIXX_MAX_BYTES": "2K"})
    assert run.code == 1 and "larger than 2 KB" in one_line_of(run)


@pytest.mark.parametrize("value", ["lots", "0", "-5", "1T", "9" * 40])
def test_a_bad_limit_is_a_usage_error(value):
    run = measured("validate", TRIXO, env={"STIXX_MAX_BYTES": value})
    assert run.code == 2
    assert "STIXX_MAX_BYTES" in one_line_of(run)


def test_max_bytes_units(monkeypatch):
    for raw, value in [
        ("", 64 * 2**20),
        ("1000", 1000),
        ("500K", 500 * 1024),
        ("2m", 2 * 2**20),
        ("1G", 2**30),
    ]:
        monkeypatch.setenv("STIXX_MAX_BYTES", raw)
        assert limits.max_bytes() == value


def test_a_long_line_in_a_corpus_stops_reading_with_a_verdict(tmp_path, monkeypatch):
    monkeypatch.setenv("STIXX_MAX_BYTES", "10K")
    one = json.dumps(json.loads(TRIXO.read_text()))
    assert len(one) < 10_000
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(one + "\n" + "[" + "0," * 20_000 + "0]\n" + one + "\n")
    got = list(sources.raw_logs(corpus))
    assert [w for w, _ in got] == [f"{corpus}:1", f"{corpus}:2"]
    assert isinstance(got[1][1], LogError) and "line 2 is larger than 10 KB" in str(got[1][1])


def test_a_long_line_says_that_the_lines_after_it_are_not_read(tmp_path):
    """Reading stops at a line over the limit: its verdict says so (the count
    of logs would otherwise pass for the whole corpus), and a log picked
    after it is not called missing."""
    one = json.dumps(json.loads(TRIXO.read_text()))
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(one + "\n" + "x" * 1_100_000 + "\n" + one + "\n")
    run = measured("validate", corpus, env=SMALL)
    assert run.stdout.splitlines()[1] == (
        f"{corpus}:2: line 2 is larger than 1 MB: refused (the limit is set by STIXX_MAX_BYTES); "
        "the lines after it are not read"
    )
    run = measured("replay", corpus, "--pick", 3, env=SMALL)
    assert "line 2 is larger than 1 MB" in one_line_of(run) and "no log at line 3" not in run.stderr
    first = tmp_path / "f.jsonl"
    first.write_text("x" * 1_100_000 + "\n" + one + "\n")
    run = measured("replay", first, "--pick", 2, env=SMALL)
    assert "the first line is larger than 1 MB" in one_line_of(run), run.stderr
    assert "the lines after it are not read" in run.stderr


def _as_lines(got):
    """raw_logs(..., blocks=N) with every Block split as a worker splits it."""
    out = []
    for where, text in got:
        if isinstance(text, sources.Block):
            out += list(text.raw_logs())
        else:
            out.append((where, str(text) if isinstance(text, StixxError) else text))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_blocks_of_lines_give_what_lines_read_one_by_one_give(tmp_path, monkeypatch, seed):
    """`validate` hands its workers blocks of a corpus: the same logs with the
    same line numbers and bytes, a too-long line refused at the same number
    and nothing read after it, whatever the block size and the line endings."""
    rng = random.Random(seed)
    log = '{"a": 1}'
    pieces = [rng.choice(["", "\n", "\r\n", "  \n"]) if rng.random() < 0.2 else log + rng.choice(["\n", "\r\n"])
              for _ in range(rng.randrange(1, 60))]  # fmt: skip
    long = "[" + "0," * rng.randrange(30, 200) + "0]\n"  # too long for the limit, or just not
    if rng.random() < 0.5:
        pieces.insert(rng.randrange(len(pieces) + 1), long)
    broken = '{"a": \n' * (seed % 3)  # first lines that are not whole: told apart by reading ahead
    text = (codecs.BOM_UTF8.decode() if seed % 5 == 0 else "") + broken + log + "\n" + "".join(pieces)
    if rng.random() < 0.5:
        text = text.rstrip("\n")  # no newline at the end
    corpus = tmp_path / "c.jsonl"
    corpus.write_bytes(text.encode())
    monkeypatch.setenv("STIXX_MAX_BYTES", str(len(long) + rng.choice([-1, 0, 1, 10_000])))
    lines = _as_lines(sources.raw_logs(corpus, decode=False))
    for size in (1, 7, 64, 1000, 1 << 18):
        assert _as_lines(sources.raw_logs(corpus, decode=False, blocks=size)) == lines


def test_a_corpus_whose_first_line_is_garbage_is_read_line_by_line(tmp_path):
    one = json.dumps(json.loads(TRIXO.read_text()))
    corpus = tmp_path / "c.jsonl"
    corpus.write_text('{"format": "stixxcli-log/1", "ga\n' + one + "\n\nnot json\n" + one + "\n")
    run = measured("validate", corpus)
    lines = run.stdout.splitlines()
    assert run.code == 1
    assert [line.split(": ", 1)[0] for line in lines] == [f"{corpus}:{n}" for n in (1, 2, 4, 5)]
    assert "invalid JSON" in lines[0] and "invalid JSON" in lines[2]
    assert "valid trixo game" in lines[1] and "valid trixo game" in lines[3]


def test_a_corpus_whose_first_lines_are_broken_is_read_line_by_line(tmp_path):
    one = json.dumps(json.loads(TRIXO.read_text()))
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(one[:100] + "\n" + one[:50] + "\n" + (one + "\n") * 3)
    run = measured("validate", corpus)
    lines = run.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [f"{corpus}:{n}" for n in range(1, 6)]
    assert ["valid trixo game" in line for line in lines] == [False, False, True, True, True]


@pytest.mark.parametrize("broken, logs", [(11, 2), (2_500, 2), (11, 40)])
def test_a_corpus_whose_first_lines_are_many_broken_ones_is_read_line_by_line(tmp_path, broken, logs):
    """Past the first ten lines, a line that is a whole log still makes the
    file a corpus: with eleven broken lines first (a crashed writer's, `y`
    lines of `yes`), the file was one invalid document and no log was checked,
    and past the limit it was refused whole as a log larger than the limit."""
    one = json.dumps(json.loads(TRIXO.read_text()))
    corpus = tmp_path / "c.jsonl"
    corpus.write_text("y\n" * broken + (one + "\n") * logs)
    run = measured("validate", corpus, env={"STIXX_MAX_BYTES": "100K"})  # 40 logs are some 150 KB
    lines = run.stdout.splitlines()
    assert run.code == 1, run.stdout + run.stderr
    assert [line.split(": ", 1)[0] for line in lines] == [
        f"{corpus}:{n}" for n in range(1, broken + logs + 1)
    ]
    assert all("invalid JSON" in line for line in lines[:broken])
    assert all("valid trixo game" in line for line in lines[broken:])


def test_a_big_corpus_whose_first_line_is_cut_is_read_line_by_line(tmp_path):
    """Past a million values (counted by commas), a file is not parsed to tell
    one document from JSON Lines: a corpus of some 1,000 logs with its first
    line cut off was refused whole as one log of too many values, and none of
    its logs was checked."""
    one = json.dumps(json.loads(TRIXO.read_text()))
    many = '{"values": [' + "0," * 250_000 + "0]}\n"  # five lines: past a million commas
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(one[:50] + "\n" + one + "\n" + many * 5 + one + "\n")
    run = measured("validate", corpus)
    lines = run.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [f"{corpus}:{n}" for n in range(1, 9)]
    assert "valid trixo game" in lines[1] and "valid trixo game" in lines[7]


def test_a_corpus_whose_first_line_is_cut_is_told_without_reading_it_whole(tmp_path):
    """Told from the first megabyte or so: a 200 MB corpus with its first line
    cut was read 64 MB at once to tell, and validated in 147 MB, not 21 MB."""
    one = json.dumps(json.loads(TRIXO.read_text()))
    corpus = tmp_path / "c.jsonl"
    corpus.write_text(one[:50] + "\n" + (one + "\n") * (6_000_000 // len(one)))
    with open(corpus, "rb") as stream:
        lines, head = sources._read_head(stream, str(corpus), limits.max_bytes())
    assert lines and len(head) < 2_000_000


def test_a_log_with_an_object_on_a_line_of_its_own_is_one_document(tmp_path):
    """A log written by hand over several lines, a move on a line of its own,
    is one log, not lines of a corpus."""
    log = json.loads(TRIXO.read_text())
    moves = log.pop("moves")
    finished = log.pop("finished")
    text = json.dumps(log)[:-1] + ', "moves": [\n'
    text += "\n,".join(json.dumps(move) for move in moves)  # each move a whole object on its line
    text += f'\n], "finished": {json.dumps(finished)}}}\n'
    path = tmp_path / "by-hand.json"
    path.write_text(text)
    run = measured("validate", path)
    assert run.code == 0, run.stdout
    assert run.stdout.startswith(f"{path}: valid trixo game")


def test_a_limit_past_the_memory_still_reads_a_small_log():
    """The limit bounds what is read; it is not set aside before reading."""
    for limit in ("50G", "999999999999999G"):
        run = measured("validate", TRIXO, env={"STIXX_MAX_BYTES": limit})
        assert run.code == 0, run.stdout + run.stderr


def test_a_named_pipe_in_a_folder_is_left_out(tmp_path):
    """A folder stands for its log files: a named pipe among them would wait
    for a writer for ever. Named directly, a pipe is read (`<(...)` is one)."""
    import os

    (tmp_path / "a.json").write_text(TRIXO.read_text())
    os.mkfifo(tmp_path / "b.json")
    run = measured("validate", tmp_path, timeout=20)
    assert run.code == 0, run.stdout + run.stderr
    [line] = run.stdout.splitlines()
    assert line.startswith(f"{tmp_path / 'a.json'}: valid trixo game")


def test_a_pretty_printed_log_is_still_one_document(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(json.loads(TRIXO.read_text()), indent=2))
    [(where, log)] = list(gamelog.load_logs(path))
    assert where == str(path) and log["game"] == "trixo"


def test_read_bounded_refuses_past_the_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("STIXX_MAX_BYTES", "100")
    path = tmp_path / "sheet.txt"
    path.write_bytes(b"x" * 100)
    assert limits.read_bounded(path) == b"x" * 100
    path.write_bytes(b"x" * 101)
    with pytest.raises(StixxError, match="larger than 100 bytes"):
        limits.read_bounded(path)


# Tampered logs ----------------------------------------------------------------------


def _trixo() -> dict:
    return json.loads(TRIXO.read_text())


def test_a_second_finished_key_is_refused(tmp_path):
    text = json.dumps(_trixo())
    assert text.endswith("}")
    tampered = text[:-1] + ', "finished": false}'
    path = tmp_path / "t.json"
    path.write_text(tampered)
    run = measured("validate", path)
    assert run.code == 1
    assert "the key 'finished' appears twice" in one_line_of(run)


def test_duplicate_keys_deep_inside_are_refused_too():
    log = _trixo()
    text = json.dumps(log).replace('{"seat": 0', '{"seat": 1, "seat": 0', 1)
    with pytest.raises(LogError, match="'seat' appears twice"):
        gamelog.parse_json(text, "x")


def test_two_players_of_one_name_are_refused_as_play_refuses_them(tmp_path):
    log = _trixo()
    log["players"][1]["name"] = log["players"][0]["name"]
    with pytest.raises(LogError, match="two players are called"):
        gamelog.check_envelope(log)
    path = tmp_path / "same.json"
    path.write_text(json.dumps(log))
    run = measured("validate", path)
    assert run.code == 1 and "two players are called" in one_line_of(run)


@pytest.mark.parametrize("other", ["Ann\u200b", "\u200dAnn", "\uff21nn"])  # zero-width, joiner, fullwidth A
def test_two_names_that_look_the_same_are_refused_too(stixx, other):
    log = _trixo()
    log["players"][0]["name"], log["players"][1]["name"] = "Ann", other
    with pytest.raises(LogError, match="two players are called"):
        gamelog.check_envelope(log)
    r = stixx("play", "trixo", "--bot", "Ann:random", "--bot", f"{other}:random", "--out", "-")
    assert r.exit_code == 2 and "two players are called" in r.output
    log["players"][1]["name"] = "Anne"  # different names still play
    gamelog.check_envelope(log)


# extends: ----------------------------------------------------------------------------


@pytest.fixture
def secret(tmp_path):
    """A file no rule file should ever read, let alone quote."""
    path = tmp_path / "secret.txt"
    path.write_text("password: hunter2\n")
    yaml_path = tmp_path / "elsewhere" / "notes.yaml"
    yaml_path.parent.mkdir()
    yaml_path.write_text("hunter2: 1\n")
    return path


@pytest.mark.parametrize(
    "extends, says",
    [
        ("{secret}", "names a variant"),
        ("../secret.txt", "names a variant"),
        ("../../../../../../etc/passwd", "names a variant"),
        ("/etc/passwd.yaml", "relative to this file"),
        ("{secret_yaml}", "relative to this file"),
        ("~/x.yaml", "relative to this file"),
        ("missing.yaml", "no such file"),
        ("no such variant", "names a variant"),
        ("../elsewhere/notes.yaml", "its own folder or below it"),
        ("linked", "links out of this folder"),
        ("inside/linked.yaml", "its own folder or below it"),
    ],
)
def test_extends_names_a_variant_or_a_relative_yaml_path(tmp_path, secret, extends, says):
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve

    extends = extends.format(secret=secret, secret_yaml=tmp_path / "elsewhere" / "notes.yaml")
    house = tmp_path / "rules" / "house.yaml"
    house.parent.mkdir()
    house.write_text(f"extends: '{extends}'\n")
    (house.parent / "inside").mkdir()
    for link in (house.parent / "linked.yaml", house.parent / "inside" / "linked.yaml"):
        link.symlink_to(tmp_path / "elsewhere" / "notes.yaml")
    with pytest.raises(RuleError) as caught:
        resolve(get_game("trixo"), path=house)
    assert says in str(caught.value)
    assert "hunter2" not in str(caught.value)


def test_extends_a_relative_yaml_path_works(tmp_path):
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve

    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "common.yaml").write_text("extends: standard\nhand_size: 3\n")
    house = tmp_path / "house.yaml"
    house.write_text("extends: base/common.yaml\nmax_stack: 2\n")
    rules = resolve(get_game("trixo"), path=house)
    assert rules.values["hand_size"] == 3 and rules.values["max_stack"] == 2
    assert [p.name for p in rules.chain][:2] == ["house.yaml", "common.yaml"]
    # A rules folder kept elsewhere and linked in (as stow does) extends within itself.
    (tmp_path / "linked").symlink_to(tmp_path, target_is_directory=True)
    assert resolve(get_game("trixo"), path=tmp_path / "linked" / "house.yaml").values == rules.values


@pytest.mark.parametrize(
    "args", [["validate", "{corpus}"], ["replay", "{log}"], ["replay", "{log}", "--json"]]
)
def test_a_reader_that_goes_away_early_is_not_told_all_is_well(tmp_path, args):
    """`stixx validate big.jsonl | head -1`: the logs after the first line were
    never checked, so the exit code is not 0 (nor 1, invalid content) but
    141, 128 + SIGPIPE, as a shell reports a command the pipe stopped."""
    import subprocess
    import sys

    corpus = tmp_path / "big.jsonl"
    corpus.write_text((json.dumps(_trixo()) + "\n") * 3000)
    # A long game: its replay is far more than a pipe holds (64 KB), so the writer meets the closed end.
    log = Path(__file__).parents[2] / "examples" / "fishstix" / "4-players-pile-empty.json"
    command = [a.format(corpus=corpus, log=log) for a in args]
    proc = subprocess.Popen(
        [sys.executable, "-m", "stixxcli", *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    proc.stdout.readline()
    proc.stdout.close()  # as head does after its line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141, err
    assert "Traceback" not in err and "error" not in err


# Free text a log carries into every table: a name or a variant of megabytes ----------


@pytest.mark.parametrize(
    "where, command, says",
    [
        ("name", "replay", "player 0: a name has at most 1000 characters, not 1000000"),
        ("variant", "score", "'variant' has at most 255 characters, not 3000000"),
    ],
)
def test_a_name_or_variant_of_megabytes_is_refused_at_once(tmp_path, where, command, says):
    # replay wrapped the name in every move's line (a 1 MB name: 36 s, 10 MB: minutes),
    # score the variant in its table's title (3 MB: 34 s); validate called both valid.
    log = _trixo()
    if where == "name":
        log["players"][0]["name"] = "N" * 1_000_000
    else:
        log["variant"] = "v" * 3_000_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(log))
    run = measured(command, path, timeout=30)
    assert run.code == 1 and says in one_line_of(run)
    assert run.seconds < 10
    assert says in one_line_of(measured("validate", path))


def test_the_longest_name_plays_and_validates_and_one_more_is_refused(stixx, tmp_path):
    at_most = "A" * 1000
    out = tmp_path / "g.json"
    r = stixx("play", "trixo", "--bot", f"{at_most}:random", "--bot", "random", "--seed", "1", "--out", out)
    assert r.exit_code == 0, r.output
    assert "valid trixo game" in stixx("validate", out).output
    one_more = ("--bot", f"{at_most}B:random", "--bot", "random")
    for r in (
        stixx("play", "trixo", *one_more, "--seed", "1", "--out", tmp_path / "refused.json"),
        stixx("simulate", "trixo", *one_more, "-n", "1"),
    ):
        assert r.exit_code == 2 and "a name has at most 1000 characters, not 1001" in r.output
    assert not (tmp_path / "refused.json").exists()
    log = _trixo()
    log["players"][0]["name"] = at_most + "B"
    with pytest.raises(LogError, match="at most 1000 characters"):
        gamelog.check_envelope(log)


# A log saved as UTF-16 or UTF-32 ---------------------------------------------------

SIXTO = EXAMPLES / "sixto" / "solo.json"
READERS = [["validate"], ["score"], ["replay"], ["play", "--resume"]]


@pytest.mark.parametrize(
    "codec, says",
    [
        ("utf-16-le", "the file looks like UTF-16 without a byte-order mark"),
        ("utf-16-be", "the file looks like UTF-16 without a byte-order mark"),
        ("utf-32-le", "the file looks like UTF-32 without a byte-order mark"),
        ("utf-32-be", "the file looks like UTF-32 without a byte-order mark"),
        ("utf-16", "the file is UTF-16 (it starts with a byte-order mark)"),
        ("utf-32", "the file is UTF-32 (it starts with a byte-order mark)"),
    ],
)
@pytest.mark.parametrize("args", READERS, ids=" ".join)
@pytest.mark.parametrize("name", ["Ann", "Zoë"])  # ë: bytes that are not UTF-8 either
def test_a_log_saved_as_utf16_or_utf32_is_named_so(stixx, tmp_path, codec, says, args, name):
    # It was `invalid JSON: Expecting property name enclosed in double quotes (line 1, column 2)`
    # without a mark, and `not a text file (not UTF-8)` with one.
    text = SIXTO.read_text(encoding="utf-8")
    path = tmp_path / "wide.json"
    path.write_bytes(json.dumps(dict(json.loads(text), players=[{"name": name}]), indent=1).encode(codec))
    run = stixx(*args, path)
    line = f"{path}: invalid JSON: {says}; save it as UTF-8"
    assert run.exit_code == 1, run.output
    assert run.output.strip() == (line if args == ["validate"] else f"stixx: error: {line}")


def test_utf16_in_a_corpus_and_from_standard_input_is_named_so_too(stixx, tmp_path):
    corpus = tmp_path / "club.jsonl"
    corpus.write_bytes("".join(json.dumps({"n": n}) + "\n" for n in range(3)).encode("utf-16-le"))
    says = "invalid JSON: the file looks like UTF-16 without a byte-order mark; save it as UTF-8"
    assert [
        json.loads(line)["error"] for line in stixx("validate", corpus, "--json").stdout.splitlines()
    ] == [says]
    assert stixx("validate", "-", input=corpus.read_bytes()).output.strip() == f"<stdin>: {says}"


@pytest.mark.parametrize("raw", [b"\xff\xfe{}", b"\x00\x00\x00\x00", b"[1, 2]\x00", b"\xfe\xff\x00x"])
def test_bytes_that_are_not_json_in_utf16_either_are_not_called_utf16(raw):
    assert sources.wide_json(raw) is None


# A log cut off ---------------------------------------------------------------------


@pytest.mark.parametrize("cut", [10, 700, 1500, "in a string"])
@pytest.mark.parametrize("newline", [True, False])
def test_a_log_cut_short_is_said_to_be_cut_off(stixx, tmp_path, cut, newline):
    # A disk full mid-write leaves a corpus's last line cut off. The verdict
    # said what the JSON reader met there: "Invalid control character at
    # (line 1, column 1501)" (the line's own newline, inside a string cut
    # short) or "Expecting ':' delimiter (line 2, column 1)", a line 2 in a
    # log of one line.
    text = json.dumps(json.loads(TRIXO.read_text()))
    if cut == "in a string":
        cut = text.index('"players"') + 3
    corpus = tmp_path / "club.jsonl"
    corpus.write_text(text + "\n" + text[:cut] + ("\n" if newline else ""))
    verdicts = [json.loads(line) for line in stixx("validate", corpus, "--json").stdout.splitlines()]
    assert [v["valid"] for v in verdicts] == [True, False]
    assert verdicts[1]["error"] == (
        f"invalid JSON: the log stops short after line 1, column {cut} (cut off?)"
    )


def test_a_log_file_cut_short_names_where_it_stops(stixx, tmp_path):
    text = json.dumps(json.loads(TRIXO.read_text()), indent=2)
    path = tmp_path / "game.json"
    path.write_text(text[: text.index('"moves"') + 9] + "\n")
    lines = text[: text.index('"moves"') + 9].rstrip().splitlines()  # '"moves": ' ends in a blank
    r = stixx("validate", path)
    assert r.exit_code == 1
    where = f"line {len(lines)}, column {len(lines[-1])}"
    assert r.output.splitlines()[0] == f"{path}: invalid JSON: the log stops short after {where} (cut off?)"


def test_broken_json_that_goes_on_still_names_its_own_place(stixx, tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"format": "stixxcli-log/1", "game": nim, "moves": []}\n')
    r = stixx("validate", path)
    assert f"{path}: invalid JSON: Expecting value (line 1, column 38)" in r.output
