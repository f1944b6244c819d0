"""One way to say things across commands: seats and bots, folders of logs,
positions in a corpus, --quiet with --json, --debug anywhere, --to past the end."""

import json

import click
import pytest

from stixxcli.errors import StixxError
from stixxcli.seats import seat_players
from stixxcli.sources import log_files, position


class _Game:
    name = title = "demo"

    def __init__(self, counts=range(2, 5)):
        self.counts = counts

    def player_counts(self, rules):
        return self.counts


def test_seats_follow_the_typed_order_and_numbered_bots_take_their_seat():
    typed = [("bot", "2:greedy"), ("human", "Ann"), ("bot", "Bob:random"), ("bot", "greedy")]
    players = seat_players(_Game(), {}, typed)
    assert players == [
        {"name": "Ann"},
        {"name": "Bob", "bot": "random"},
        {"name": "greedy-2", "bot": "greedy"},
        {"name": "greedy-3", "bot": "greedy"},
    ]
    # Empty seats up to --players get the random bot; the fewest seats by default.
    assert seat_players(_Game(), {}, [("bot", "1:greedy")], 3) == [
        {"name": "random-0", "bot": "random"},
        {"name": "greedy-1", "bot": "greedy"},
        {"name": "random-2", "bot": "random"},
    ]
    assert len(seat_players(_Game(range(1, 7)), {}, [("bot", "greedy")])) == 2


@pytest.mark.parametrize(
    "typed, count, message",
    [
        ([("bot", "0:greedy"), ("bot", "0:random")], None, "two bots at seat 0"),
        ([("bot", "5:greedy")], 3, "seat 5 is beyond 3 players (seats 0-2)"),
        ([("bot", ":greedy")], None, "is not BOT, NAME:BOT or SEAT:BOT"),
        ([("bot", "Ann:")], None, "is not BOT, NAME:BOT or SEAT:BOT"),
        ([("human", "A"), ("human", "B"), ("human", "C")], 2, "3 players named for 2 seats"),
    ],
)
def test_seats_that_cannot_be(typed, count, message):
    with pytest.raises(click.BadParameter) as refused:
        seat_players(_Game(), {}, typed, count)
    assert message in refused.value.message


def test_a_player_count_the_game_does_not_allow():
    with pytest.raises(StixxError, match="takes 2-4 players, not 6"):
        seat_players(_Game(), {}, [], 6)


def test_a_folder_is_its_logs_recursively_in_a_stable_order(tmp_path):
    for name in (
        "b.json",
        "a/z.jsonl",
        "a/b/c.json",
        ".hidden/x.json",
        "a/.g.json.tmp",
        "notes.txt",
        "c.ndjson",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    found = [p[len(str(tmp_path)) + 1 :] for p in log_files([tmp_path])]
    assert found == ["a/b/c.json", "a/z.jsonl", "b.json", "c.ndjson"]
    assert list(log_files(["-", "x.json"])) == ["-", "x.json"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(StixxError, match="no game logs"):
        list(log_files([tmp_path / "empty"]))


def test_positions_of_a_corpus():
    assert position("club.jsonl:41") == 41 and position("game.json") is None
    assert position("C:/logs/x.jsonl:3") == 3
