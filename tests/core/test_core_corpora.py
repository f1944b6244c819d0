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
