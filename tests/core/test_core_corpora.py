"""Logs as a tournament organiser receives them: the same game twice, a
pretty-printed log in a JSON Lines file, a one-line log file, a blank name."""

from __future__ import annotations

import json

import pytest

from stixxcli.table import play_bots


def _games(n: int = 2) -> list[dict]:
    return [play_bots("stixx", ["random", "random"], seed=s) for s in range(n)]


def _line(log: dict) -> str:
    return json.dumps(log) + "\n"


def test_a_game_handed_in_twice_is_valid_and_named_with_its_first_copy(stixx, tmp_path):
    game, other = _games()
    ann = tmp_path / "ann.json"
    ann.write_text(json.dumps(game, indent=1))  # the same game, written another way
    corpus = tmp_path / "club.jsonl"
    corpus.write_text(_line(other) + _line(game))
    r = stixx("validate", ann, corpus)
    assert r.exit_code == 0 and "3 logs: 3 valid, 0 invalid" in r.stderr
    assert f"note: {corpus}:2 is the same game as {ann}" in r.stderr
    r = stixx("validate", ann, corpus, "--json", "--jobs", "2")  # the verdicts as before; the note apart
    assert [json.loads(l)["valid"] for l in r.stdout.splitlines()] == [True, True, True]
    assert f"{corpus}:2 is the same game as {ann}" in r.stderr


def test_score_counts_a_game_handed_in_twice_once(stixx, tmp_path):
    game, other = _games()
    corpus = tmp_path / "club.jsonl"
    corpus.write_text(_line(game) + _line(other) + _line(game))
    r = stixx("score", corpus, "--json")
    assert r.exit_code == 0
    assert [json.loads(l)["source"] for l in r.stdout.splitlines()] == [f"{corpus}:1", f"{corpus}:2"]
    assert f"note: {corpus}:3 is the same game as {corpus}:1: scored once" in r.stderr


def test_a_game_is_the_same_on_one_line_as_simulate_writes_it_or_over_many():
    # The line as simulate writes it is hashed as read; any other way of
    # writing the game is written again as that line first.
    from stixxcli.gamelog import log_digest

    game = _games(1)[0]
    game["players"][0]["name"] = "Zoë"
    compact = json.dumps(game, ensure_ascii=False, separators=(",", ":"))
    digest = log_digest(game, compact)
    for text in (compact + "\r\n", json.dumps(game), json.dumps(game, indent=2), None):
        assert log_digest(json.loads(text) if text else game, text) == digest
    assert log_digest(game, json.dumps(game)) == digest  # "Zo\u00eb": an escape, written again


def test_a_blank_inside_a_name_tells_games_apart():
    from stixxcli.gamelog import log_digest

    ann, spaced = _games(1)[0], _games(1)[0]
    ann["players"][0]["name"], spaced["players"][0]["name"] = "AnnSmith", "Ann Smith"
    for separators in ((",", ":"), (", ", ": ")):
        texts = [json.dumps(log, separators=separators) for log in (ann, spaced)]
        assert log_digest(ann, texts[0]) != log_digest(spaced, texts[1])
    for name in ("Ann Smith", "Smith, Ann", "Ann: Smith"):  # the line as read, or written again
        spaced["players"][0]["name"] = name
        compact = json.dumps(spaced, separators=(",", ":"))
        assert log_digest(spaced, compact) == log_digest(spaced, json.dumps(spaced, indent=1))


def test_the_same_seed_is_not_the_same_game(stixx, tmp_path):
    game = _games(1)[0]
    other = play_bots("stixx", ["random", "random", "random"], seed=0)
    corpus = tmp_path / "club.jsonl"
    corpus.write_text(_line(game) + _line(other))
    r = stixx("validate", corpus)
    assert r.exit_code == 0 and "same game" not in r.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_pretty_printed_log_in_a_corpus_is_refused_once(stixx, tmp_path, jobs):
    game, other = _games()
    corpus = tmp_path / "club.jsonl"  # as `cat game.json >> club.jsonl` leaves it
    corpus.write_text(_line(other) + json.dumps(game, indent=2) + "\n" + _line(other))
    r = stixx("validate", corpus, "--jobs", jobs)
    lines = r.stdout.splitlines()
    assert r.exit_code == 1 and len(lines) == 2, r.stdout
    assert lines[0] == f"{corpus}:1: valid stixx game, {len(other['moves'])} moves, finished"
    assert lines[1].startswith(f"{corpus}:2: a pretty-printed log (over several lines)")
    assert f"jq -c . {corpus}" in lines[1] and "the lines after it are not read" in lines[1]
    assert "2 logs: 1 valid, 1 invalid" in r.stderr
    r = stixx("score", corpus, "--json")
    assert r.exit_code == 1 and len(r.stdout.splitlines()) == 1 and len(r.stderr.splitlines()) == 1


def test_pretty_printed_logs_one_after_another_say_how_to_fix_them(stixx, tmp_path):
    corpus = tmp_path / "club.jsonl"
    corpus.write_text("".join(json.dumps(g, indent=2) + "\n" for g in _games()))
    r = stixx("validate", corpus)
    assert r.exit_code == 1 and f"jq -c . {corpus}" in r.stdout, r.stdout


def test_a_one_line_log_file_is_named_as_a_log_file_is(stixx, tmp_path):
    game, other = _games()
    one = tmp_path / "game.json"
    one.write_text(_line(game) + "\n")
    corpus = tmp_path / "one.jsonl"
    corpus.write_text(_line(game))
    r = stixx("validate", one, corpus)
    assert r.stdout.splitlines()[0].startswith(f"{one}: valid stixx game")
    assert r.stdout.splitlines()[1].startswith(f"{corpus}:1: valid stixx game")  # a corpus of one
    assert json.loads(stixx("score", one, "--json").stdout)["source"] == str(one)
    assert stixx("replay", one, "--pick", "1", "--to", "0").exit_code == 0
    two = tmp_path / "two.json"
    two.write_text(_line(game) + _line(other))  # a corpus all the same
    assert stixx("validate", two).stdout.splitlines()[1].startswith(f"{two}:2: valid")


def test_one_log_piped_in_is_named_stdin_however_it_is_written(stixx):
    # A one-line log on standard input was `<stdin>:1`, a pretty-printed one
    # `<stdin>`: one log is a log, as a one-line `.json` file is FILE.
    game, other = _games()
    for text in (_line(game), json.dumps(game, indent=1)):
        r = stixx("validate", "-", input=text)
        assert r.stdout.startswith("<stdin>: valid stixx game"), r.stdout
        assert json.loads(stixx("score", "-", "--json", input=text).stdout)["source"] == "<stdin>"
    bad = _line(dict(game, format=3))
    assert stixx("validate", "-", "--jobs", "2", input=bad).stdout.startswith("<stdin>: format 3")
    assert "error: <stdin>: format 3" in stixx("replay", "-", input=bad).stderr
    assert "error: <stdin>: format 3" in stixx("score", "-", input=bad).stderr
    assert stixx("replay", "-", "--pick", "1", "--to", "0", input=_line(game)).exit_code == 0
    r = stixx("validate", "-", input=_line(game) + _line(other))  # a corpus keeps its lines
    assert [line.split(": ")[0] for line in r.stdout.splitlines()] == ["<stdin>:1", "<stdin>:2"]


def test_a_file_named_twice_is_read_once_by_validate_and_score(stixx, tmp_path):
    # `validate FILE FILE` said `note: FILE is the same game as FILE` and gave
    # two verdicts; `- -` stopped with an internal error (standard input closed).
    game, other = _games()
    one = tmp_path / "logs" / "game.json"
    one.parent.mkdir()
    one.write_text(json.dumps(game, indent=1))
    (tmp_path / "same.json").symlink_to(one)
    r = stixx("validate", one, one)
    assert r.exit_code == 0 and r.stdout.splitlines() == [
        f"{one}: valid stixx game, {len(game['moves'])} moves, finished"
    ]
    assert r.stderr.splitlines() == [f"stixx: note: {one} is named twice: read once"]
    r = stixx("score", one, one, "--json")
    assert len(r.stdout.splitlines()) == 1 and r.stderr.splitlines() == [
        f"stixx: note: {one} is named twice: read once"
    ]
    r = stixx("validate", one.parent, tmp_path / "same.json", one, "--json")  # a folder, another name
    assert [json.loads(line)["source"] for line in r.stdout.splitlines()] == [str(one)]
    assert f"note: {tmp_path / 'same.json'} is the same file as {one}: read once" in r.stderr
    r = stixx("validate", "-", "-", input=_line(game))
    assert r.exit_code == 0 and r.stdout.startswith("<stdin>: valid"), r.output
    assert "standard input (-) is named twice: read once" in r.stderr
    twice = tmp_path / "other.json"
    twice.write_text(json.dumps(game))  # the same game in another file: still told as a game
    assert f"{twice} is the same game as {one}" in stixx("validate", one, twice).stderr


@pytest.mark.parametrize("name", ["", "   "])
def test_a_blank_player_name_is_refused_as_play_refuses_it(stixx, tmp_path, name):
    game = _games(1)[0]
    game["players"][1]["name"] = name
    log = tmp_path / "game.json"
    log.write_text(json.dumps(game, indent=1))
    r = stixx("validate", log)
    assert r.exit_code == 1
    assert r.stdout == f"{log}: player 1: a player needs a name, not {name!r}\n"
    assert "a player needs a name" in stixx("play", "stixx", "--player", name, "--bot", "random").output


@pytest.mark.parametrize(
    ("number", "refusal"),
    [
        ("NaN", "NaN is not a JSON number"),
        ("-Infinity", "-Infinity is not a JSON number"),
        ("1e999", "1e999 is too large a number"),
    ],
)
def test_a_number_json_has_not_is_refused_and_every_verdict_is_json(stixx, tmp_path, number, refusal):
    # Python's json reads NaN, Infinity and 1e999 (as infinite); told back in a
    # verdict they made a line that no JSON reader (jq, a browser) takes.
    game = _games(1)[0]
    text = json.dumps(game).replace('"seat": 0', f'"seat": {number}', 1)
    corpus = tmp_path / "club.jsonl"
    corpus.write_text(text + "\n" + _line(game))
    r = stixx("validate", corpus, "--json")
    verdicts = [json.loads(line, parse_constant=pytest.fail) for line in r.stdout.splitlines()]
    assert [v["valid"] for v in verdicts] == [False, True]
    assert verdicts[0]["error"] == f"invalid JSON: {refusal}"


def test_a_line_msgspec_read_back_as_written_is_hashed_as_read(monkeypatch):
    # With the fast extra the reader has found the line to be just as written;
    # the hash takes it from there, and a copy over many lines is still the same game.
    pytest.importorskip("msgspec", reason="the fast extra (msgspec) is not installed")
    from stixxcli import fastjson
    from stixxcli.check import check_texts

    monkeypatch.setattr(fastjson, "QUICK_AFTER", 0)
    monkeypatch.setattr(fastjson, "_codec", None)
    names = ["Smith, Ann: Zoë", "Bob"]  # a blank after a comma and a colon, within a name
    game, other = (play_bots("stixx", ["random", "random"], seed=s, names=names) for s in (0, 1))
    line = json.dumps(game, ensure_ascii=False, separators=(",", ":"))
    items = [("a", line), ("b", json.dumps(game, indent=2)), ("c", json.dumps(other, separators=(",", ":")))]
    digests = [digest for *_, (_, digest) in check_texts(items, full=False, digests=True)]
    assert fastjson.written[0] is not None  # msgspec read the lines back as written
    assert digests[0] == digests[1] != digests[2]
