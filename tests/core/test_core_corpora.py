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
