"""Streamed, parallel validation and simulation: same answers in the same
order whatever the number of jobs, here or on a Dask cluster."""

import json

import pytest

from stixxcli.table import play_bots


@pytest.fixture
def corpus(nim, tmp_path):
    logs = [play_bots("nim", ["random", "random"], seed=s) for s in range(40)]
    for broken in (3, 17, 31):
        logs[broken]["moves"][0]["take"] = 99
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join(json.dumps(l) for l in logs) + "\nnot json\n")
    return path


def test_validate_in_input_order_whatever_the_jobs(stixx, corpus):
    runs = [stixx("validate", corpus, "--json", "--jobs", jobs) for jobs in (1, 2)]
    assert runs[0].exit_code == runs[1].exit_code == 1
    assert runs[0].stdout == runs[1].stdout
    verdicts = [json.loads(l) for l in runs[0].stdout.splitlines()]
    assert [v["source"] for v in verdicts] == [f"{corpus}:{n}" for n in range(1, 42)]
    assert [i for i, v in enumerate(verdicts) if not v["valid"]] == [3, 17, 31, 40]
    assert verdicts[40]["error"].startswith("invalid JSON")


def test_validate_quiet_prints_only_the_invalid(stixx, corpus):
    r = stixx("validate", corpus, "--quiet")
    assert len(r.stdout.splitlines()) == 4
    assert "41 logs: 37 valid, 4 invalid" in r.stderr


def test_simulate_is_reproducible_whatever_the_jobs(stixx, nim, tmp_path):
    one = stixx("simulate", "nim", "--games", 30, "--seed", 5, "--json", "--jobs", 1)
    two = stixx("simulate", "nim", "--games", 30, "--seed", 5, "--json", "--jobs", 2)
    assert one.exit_code == 0 and one.stdout == two.stdout
    report = json.loads(one.stdout)["variants"]["standard"]
    assert report["games"] == 30
    assert sum(s["wins"] for s in report["seats"]) == 30
    lo, hi = report["seats"][0]["win_rate_95"]
    assert 0 <= lo <= report["seats"][0]["win_rate"] <= hi <= 1


def test_simulate_writes_logs_that_validate(stixx, nim, tmp_path):
    out = tmp_path / "games.jsonl"
    r = stixx("simulate", "nim", "-n", 12, "--players", 3, "--bot", "2:random", "--out", out)
    assert r.exit_code == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 12 and json.loads(lines[4])["seed"] == "0-4"
    assert stixx("validate", out, "-q").exit_code == 0


def test_simulate_never_writes_over_a_file(stixx, nim, tmp_path):
    # A file there may hold a club's recorded games: refused, as play --out refuses it.
    out = tmp_path / "games.jsonl"
    out.write_text("a line of somebody's games\n")
    r = stixx("simulate", "nim", "-n", 2, "--out", out)
    assert r.exit_code == 2 and "exists: the games are never written over a file" in r.stderr, r.output
    assert out.read_text() == "a line of somebody's games\n"
    out.write_text("")  # an empty file is no game lost: written
    assert stixx("simulate", "nim", "-n", 2, "--out", out).exit_code == 0 and out.read_text().count("\n") == 2


def test_simulate_refuses_a_seat_beyond_the_players(stixx, nim):
    r = stixx("simulate", "nim", "-n", 1, "--players", 2, "--bot", "5:random")
    assert r.exit_code == 2 and "seat 5 is beyond 2 players" in r.output


def test_dask_cluster_gives_the_same_answers(stixx, tmp_path):
    distributed = pytest.importorskip("distributed")
    logs = [play_bots("sixto", ["random", "random"], seed=s) for s in range(6)]
    logs[2]["result"]["scores"][0] += 1
    corpus = tmp_path / "sixto.jsonl"
    corpus.write_text("\n".join(json.dumps(l) for l in logs) + "\n")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        remote = stixx("validate", corpus, "--json", "--executor", "dask", "--scheduler", address)
        simulated = stixx(
            "simulate", "sixto", "-n", 6, "--json", "--executor", "dask", "--scheduler", address
        )
    assert remote.stdout == stixx("validate", corpus, "--json").stdout
    assert [json.loads(l)["valid"] for l in remote.stdout.splitlines()] == [
        True,
        True,
        False,
        True,
        True,
        True,
    ]
    assert simulated.stdout == stixx("simulate", "sixto", "-n", 6, "--json").stdout


def test_dask_needs_a_reachable_scheduler(stixx, corpus):
    pytest.importorskip("distributed")
    r = stixx("validate", corpus, "--executor", "dask")
    assert r.exit_code == 2 and "needs --scheduler" in r.stderr  # a usage error: the option is missing


@pytest.mark.parametrize("address", ["nonsense", "tcp://127.0.0.1:abc", "http://127.0.0.1:8786"])
def test_dask_refuses_a_scheduler_that_is_not_an_address(stixx, corpus, address):
    pytest.importorskip("distributed")
    r = stixx("validate", corpus, "--executor", "dask", "--scheduler", address)
    # Dask's ValueError was shown as an internal error of ours (exit 1).
    assert r.exit_code == 2 and "internal error" not in r.stderr
    assert r.stderr.startswith(f"stixx: error: --scheduler {address}: ")


@pytest.mark.parametrize("command", ["validate", "simulate"])
def test_a_scheduler_without_the_dask_executor_is_a_usage_error(stixx, corpus, command):
    # It was ignored: the work ran here, unasked, when the cluster was meant.
    args = [corpus] if command == "validate" else ["nim", "-n", 2]
    r = stixx(command, *args, "--scheduler", "tcp://127.0.0.1:8786")
    assert r.exit_code == 2 and "--scheduler is for --executor dask" in r.stderr
    assert r.stdout == ""


def test_checking_logs_looks_for_no_module_once_the_first_is_checked(monkeypatch):
    # A module looked for per log (worst: one that does not exist, which is
    # never remembered) costs more than checking a small log. Every lookup
    # goes past sys.meta_path; once each game's first log is checked, none may.
    import sys
    from pathlib import Path

    from stixxcli.check import check_texts

    examples = sorted((Path(__file__).parents[2] / "examples").glob("*/*.json"))
    items = [(str(path), path.read_bytes()) for path in examples]
    check_texts(items, digests=True)

    class Looked:
        names: list = []

        def find_spec(self, name, path=None, target=None):
            self.names.append(name)

    monkeypatch.setattr(sys, "meta_path", [Looked(), *sys.meta_path])
    verdicts = check_texts(items * 3, digests=True)
    assert all(verdict["valid"] for verdict, _, _ in verdicts)
    assert Looked.names == []
