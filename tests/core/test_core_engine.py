"""Checking logs move by move, replaying them, and playing turns."""

import copy
import json

import pytest

from stixxcli.check import check_log
from stixxcli.gamelog import fingerprint, rules_digest
from stixxcli.replays import replay
from stixxcli.table import Table, play_bots


@pytest.fixture
def log(nim):
    # Seed 3: the die shows 2, so the pile starts at 12.
    return play_bots("nim", ["random", "random"], seed=3)


def test_a_bot_game_is_valid_and_reproducible(log):
    assert log["setup"] == {"roll": 2}
    verdict = check_log(log)
    assert verdict.valid and verdict.finished
    assert verdict.result == log["result"]
    assert play_bots("nim", ["random", "random"], seed=3) == log


def test_first_illegal_move_is_named(log):
    log["moves"][2]["take"] = 9
    v = check_log(log, "x.json")
    assert not v.valid and v.index == 2 and v.seat == 0 and v.player == "random-0"
    assert "can take 1 to 3 sticks, not 9" in v.error
    assert v.line().startswith("x.json: move 2 by random-0 (seat 0) is illegal: can take 1 to 3")


def test_wrong_player(log):
    # The verdict names who made the move, the seat it claims: "move 1 by
    # random-1 (seat 1) ... it is random-1's turn" said the opposite.
    log["moves"][1]["seat"] = 0
    v = check_log(log, "x.json")
    assert v.index == 1 and "wrong player: it is random-1's turn (seat 1), not seat 0" in v.error
    assert (v.seat, v.player) == (0, "random-0")
    said = "x.json: move 1 by random-0 (seat 0) is illegal: wrong player: it is random-1's"
    assert v.line().startswith(said)
    log["moves"][1]["seat"] = 7  # no such seat: the move is named by its index alone
    v = check_log(log, "x.json")
    assert (v.seat, v.player) == (None, None)
    assert v.line().startswith("x.json: move 1 is illegal: wrong player")


def test_move_after_the_end(log):
    log["moves"].append({"seat": 0, "take": 1})
    v = check_log(log)
    assert v.index == len(log["moves"]) - 1 and "already over" in v.error


def test_declared_over_too_early(log):
    del log["moves"][-1]
    v = check_log(log)
    assert not v.valid and "says the game is over" in v.error


def test_unfinished_flag_on_an_ended_game(log):
    log["finished"] = False
    assert 'finished": false' in check_log(log).error


def test_wrong_result_is_caught(log):
    log["result"]["scores"] = list(reversed(log["result"]["scores"]))
    v = check_log(log)
    assert not v.valid and v.error.startswith("the recorded result differs from the game: scores recorded")


def test_rules_edited_without_a_new_digest(log):
    log["rules"]["max_take"] = 4
    assert "rules_digest: does not match the rules" in check_log(log).error


def test_rules_and_results_are_compared_as_json_not_as_python_values(log):
    """Checked rules are remembered for the next log of a corpus, and results
    are compared the quick way first; neither may take 3.0 for 3 or true for 1,
    which Python holds equal and JSON does not."""
    assert check_log(copy.deepcopy(log)).valid  # the rules are now remembered
    floated = copy.deepcopy(log)
    floated["rules"]["max_take"] = float(floated["rules"]["max_take"])
    assert not check_log(floated).valid
    winners = copy.deepcopy(log)
    winners["result"]["places"] = [True if place == 1 else place for place in winners["result"]["places"]]
    assert "recorded result differs" in check_log(winners).error


def test_a_result_read_from_a_log_matches_the_same_result_computed_the_quick_way():
    """The quick comparison is the one that decides for a valid log: a result
    parsed from JSON and one built in code hold their strings differently
    (shared, interned), which must not make their fingerprints differ."""
    computed = {
        "scores": [3, 1],
        "places": [1, 2],
        "winners": ["ann"],
        "breakdown": [{"ann": 1.5}, {"bob": None}],
    }
    parsed = json.loads(json.dumps(computed))
    assert fingerprint(parsed) == fingerprint(computed)
    assert fingerprint({**parsed, "scores": [3.0, 1]}) != fingerprint(computed)


def test_rules_checked_against_the_parameters(log):
    log["rules"]["max_take"] = 40
    log["rules_digest"] = rules_digest(log["rules"])
    assert "max_take must be at most 10" in check_log(log).error
    log["rules"] = {"max_takes": 3}
    log["rules_digest"] = rules_digest(log["rules"])
    assert "did you mean 'max_take'" in check_log(log).error


def test_bad_setup_and_players(log):
    bad = copy.deepcopy(log)
    bad["setup"]["roll"] = 7
    assert "the setup: 'roll' must be at most 6, not 7" in check_log(bad).error
    bad = copy.deepcopy(log)
    bad["players"] = bad["players"][:1]
    assert "1 player, but these rules of nim allow 2 to 4" in check_log(bad).error


@pytest.mark.parametrize(
    "mutate, expected",
    [
        (lambda l: l.pop("moves"), "the log has no 'moves'"),
        (lambda l: l.update(format="stixxcli-log/9"), "not supported"),
        (lambda l: l.update(game="chess"), "unknown game 'chess'"),
        (lambda l: l.update(extra=1), "unknown key 'extra'"),
        (lambda l: l.update(moves={}), "'moves' must be a list"),
        (lambda l: l["moves"].__setitem__(0, [1]), "move 0 must be a JSON object"),
        (lambda l: l["moves"][0].__setitem__("take", True), "'take' must be a whole number, not true/false"),
    ],
)
def test_envelope_and_shapes(log, mutate, expected):
    mutate(log)
    assert expected in check_log(log).error


def test_replay_yields_every_state(log):
    steps = [(s.index, s.move, s.state.view()["pile"]) for s in replay(log)]
    assert steps[0] == (0, None, 12)
    assert [i for i, _, _ in steps] == list(range(len(log["moves"]) + 1))
    assert steps[-1][2] == 0


def test_replay_gives_move_and_state_pairs(log):
    # Issue 2 promises scripts "(move, state) pairs": a step unpacks as one.
    pairs = [(move, state.view()["pile"]) for move, state in replay(log)]
    assert pairs[0] == (None, 12)
    assert [move for move, _ in pairs[1:]] == log["moves"]
    assert pairs[-1][1] == 0


def test_resume_goes_on_from_the_saved_moves_the_same_way_every_time(log, nim):
    # The random source is seeded once per game, not every turn (seeding costs
    # as much as a quick turn): a game resumed at move 3 is its own game, the
    # same one each time it is resumed there, and it keeps the moves played.
    partial = copy.deepcopy(log)
    partial["moves"] = partial["moves"][:3]
    partial["finished"] = False
    del partial["result"]
    assert check_log(partial).valid
    finished = []
    for _ in range(2):
        table = Table.resume(copy.deepcopy(partial))
        while not table.over:
            table.play_turn()
        finished.append(table.finish())
    assert finished[0] == finished[1]
    assert finished[0]["moves"][:3] == log["moves"][:3] and check_log(finished[0]).valid


def test_a_log_older_than_a_parameter_checks_with_its_default(log):
    # A log written before the game had `max_take` plays by its default, 3.
    del log["rules"]["max_take"]
    assert "rules_digest: does not match the rules" in check_log(log).error
    log["rules_digest"] = rules_digest(log["rules"])
    assert check_log(log).valid
    log["moves"][0]["take"] = 4  # the default still binds
    assert "can take 1 to 3 sticks, not 4" in check_log(log).error


def test_a_result_recorded_before_the_game_explained_more_still_checks(log):
    # A game may add keys to a player's breakdown (Stixx added decided_by): an
    # older log is checked on the keys it recorded; scores, places and
    # winners always count whole, and a recorded key must still be right.
    older = copy.deepcopy(log)
    for part in older["result"]["breakdown"]:
        del part["last_stick"]
    assert check_log(older).valid
    wrong = copy.deepcopy(log)
    wrong["result"]["breakdown"][0]["last_stick"] = not wrong["result"]["breakdown"][0]["last_stick"]
    assert "breakdown recorded" in check_log(wrong).error
    unknown = copy.deepcopy(older)
    unknown["result"]["breakdown"][1]["luck"] = 7
    assert "breakdown recorded" in check_log(unknown).error
    scores = copy.deepcopy(older)
    scores["result"]["scores"] = scores["result"]["scores"][::-1]
    assert "scores recorded" in check_log(scores).error


def test_a_breakdown_recorded_in_another_key_order_is_the_same_result():
    # A breakdown on the very keys computed is compared whole, as JSON: the
    # order of its keys is no difference, a value is.
    log = play_bots("stixx", ["random"] * 3, seed="order")
    turned = copy.deepcopy(log)
    turned["result"]["breakdown"] = [dict(reversed(part.items())) for part in turned["result"]["breakdown"]]
    assert list(turned["result"]["breakdown"][0]) != list(log["result"]["breakdown"][0])
    assert check_log(turned).valid
    turned["result"]["breakdown"][1]["own"] += 1
    assert "breakdown recorded" in check_log(turned).error


def test_a_breakdown_that_differs_far_in_says_whose_and_which_key():
    # A renamed player in a Stixx reveal text differs past the first 80
    # characters of the breakdown: the verdict named two identical cut texts.
    log = play_bots("stixx", ["random"] * 3, seed="order")
    assert log["result"]["breakdown"][1]["revealed_by"] == "random-2's right challenge"
    log["players"][2]["name"] = "Zoë"
    error = check_log(log).error
    assert error.endswith(
        'breakdown recorded for random-1 (seat 1): revealed_by "random-2\'s right challenge", '
        'computed "Zoë\'s right challenge"'
    )


def test_a_recorded_result_without_its_breakdown_is_told_so():
    # Found by the mutants: the breakdown's comparison met a missing key as an internal error.
    log = play_bots("sixto", ["random", "random"], seed=3)
    del log["result"]["breakdown"]
    assert check_log(log).error.startswith(
        "the recorded result differs from the game: breakdown recorded null"
    )


def test_lazy_options_index_slice_and_bound_like_the_list_they_stand_for():
    from stixxcli.game import Options

    class Squares(Options):
        def __len__(self):
            return 5

        def answer(self, i):
            return i * i

    squares, listed = Squares(), [0, 1, 4, 9, 16]
    assert [squares[i] for i in range(-5, 5)] == [listed[i] for i in range(-5, 5)]
    assert squares[1:4] == listed[1:4] and squares[::-2] == listed[::-2] and list(squares) == listed
    assert 9 in squares and 10 not in squares
    for outside in (5, -6):
        with pytest.raises(IndexError):
            squares[outside]


@pytest.mark.parametrize("private", [True, False])
def test_the_digests_are_the_same_with_or_without_pythons_own_modules(monkeypatch, private):
    import hashlib
    import importlib

    from stixxcli import gamelog
    from stixxcli.gamelog import canonical, log_digest, rules_digest

    if not private:  # a Python without _sha2/_sha256/_blake2: hashlib's
        real = importlib.import_module
        monkeypatch.setattr(
            importlib,
            "import_module",
            lambda name: (
                (_ for _ in ()).throw(ImportError(name))
                if name in ("_sha2", "_sha256", "_blake2")
                else real(name)
            ),
        )
    gamelog._hash.cache_clear()
    try:
        for rules in ({}, {"a": [1, 2.5, None, {"b": "é\u2028"}]}, {"sheets": {"A": [[1] * 12] * 6}}):
            assert rules_digest(rules) == hashlib.sha256(canonical(rules)).hexdigest()
            log = {"rules": rules, "moves": [rules]}
            line = json.dumps(log, ensure_ascii=False, separators=(",", ":")).encode()
            assert log_digest(log) == hashlib.blake2b(line, digest_size=16).digest()
    finally:
        gamelog._hash.cache_clear()  # the next test finds Python's own again


def test_the_hash_is_looked_for_once_not_for_every_log(monkeypatch):
    # On Python 3.11 the first name tried (_sha2) does not exist, and an
    # import that fails is looked for on every path again: per log of a
    # corpus, that made `validate` a third slower.
    import importlib

    from stixxcli.gamelog import log_digest, rules_digest

    log = {"game": "sixto", "rules": {}, "moves": [{"seat": 0}]}
    first = (log_digest(log), rules_digest({}))
    looked = []
    monkeypatch.setattr(importlib, "import_module", lambda name: looked.append(name))
    for _ in range(3):
        assert (log_digest(log), rules_digest({})) == first
    assert looked == []
