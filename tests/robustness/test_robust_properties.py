"""Properties of every game and every shipped variant, for every allowed number
of players: seeded bot games validate, replaying one reaches its recorded
result, and a log written and read back is the same log.

Hypothesis draws the seed and the bot at each seat; derandomized, so CI sees
the same games every run.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from robust_corpus import GAMES, bots, cases, player_counts, variants

from stixxcli.check import check_log
from stixxcli.gamelog import canonical, load_logs
from stixxcli.replays import replay
from stixxcli.saving import AtomicLines, write_log
from stixxcli.table import play_bots

SETTINGS = settings(
    max_examples=6,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def test_the_cases_are_every_shipped_variant(stixx):
    for game in GAMES:
        r = stixx("variants", game, "--json")
        assert r.exit_code == 0
        shipped = sorted(v["name"] for v in json.loads(r.stdout))
        assert shipped == list(variants(game)) and "standard" in shipped
    assert len(cases()) >= 4 * 2


@pytest.mark.parametrize("game, variant, players", cases())
@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), data=st.data())
def test_bot_games_validate_replay_and_round_trip(game, variant, players, seed, data, tmp_path):
    seats = data.draw(st.lists(st.sampled_from(bots(game)), min_size=players, max_size=players), "bots")
    log = play_bots(game, seats, seed, variant=variant)
    assert log["finished"] is True and log["variant"] == variant and len(log["players"]) == players

    verdict = check_log(log)
    assert verdict.valid, verdict.line()
    assert verdict.moves == len(log["moves"]) and verdict.result == log["result"]

    last = None
    for last in replay(log):
        pass
    assert last.index == len(log["moves"])
    assert last.state.over
    assert canonical(last.state.result().to_json()) == canonical(log["result"])

    path = tmp_path / f"{seed}.json"
    write_log(path, log)
    [(where, back)] = list(load_logs(path))
    assert where == str(path) and canonical(back) == canonical(log)
    assert check_log(back).valid


@pytest.mark.parametrize("game", GAMES)
def test_a_corpus_written_and_read_gives_back_every_log(game, tmp_path):
    logs = [
        play_bots(game, [bots(game)[0]] * n, f"corpus-{v}-{n}", variant=v)
        for v in variants(game)
        for n in (2, 1)
        if n in player_counts(game, v)
    ][:4]
    path = tmp_path / "corpus.jsonl"
    out = AtomicLines(path)
    for log in logs:
        out.write(log)
    out.commit()
    back = list(load_logs(path))
    assert [where for where, _ in back] == [f"{path}:{n}" for n in range(1, len(logs) + 1)]
    assert [canonical(b) for _, b in back] == [canonical(log) for log in logs]
