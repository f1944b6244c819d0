"""Clean parallel shutdown: Ctrl-C, SIGTERM or SIGHUP during `validate --jobs N`
or `simulate --jobs N` stops every worker (none left, none reparented to init),
prints no traceback from any process, and exits 130 (SIGINT), 143 (SIGTERM) or
129 (SIGHUP).
`simulate` still prints the summary of the games played so far.

Ctrl-C is sent as a terminal sends it, to the whole process group; SIGTERM as
`kill` or a service manager sends it, to the main process alone, and also to
the whole group.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parent.parent.parent / "examples" / "stixx"


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start(args, tmp_path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "stixxcli", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        start_new_session=True,  # its own process group, as a shell job has
    )


def interrupt(proc, sig: int, to_group: bool, workers: int, settle: float = 0.5):
    deadline = time.monotonic() + 30
    while len(children(proc.pid)) < workers:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "workers never started"
        time.sleep(0.05)
    time.sleep(settle)  # let them work
    pids = children(proc.pid)
    if to_group:
        os.killpg(proc.pid, sig)
    else:
        os.kill(proc.pid, sig)
    out, err = proc.communicate(timeout=30)
    time.sleep(0.2)
    return pids, out.decode(), err.decode()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    log = json.loads(next(EXAMPLE.glob("*.json")).read_text())
    path = tmp_path_factory.mktemp("corpus") / "big.jsonl"
    path.write_text((json.dumps(log) + "\n") * 30_000)
    return path


# SIGHUP: the terminal closed, sent to the whole group.
CASES = [(signal.SIGINT, True), (signal.SIGTERM, False), (signal.SIGTERM, True), (signal.SIGHUP, True)]
IDS = ["ctrl-c", "sigterm", "sigterm-group", "sighup-group"]


@pytest.mark.parametrize("sig, to_group", CASES, ids=IDS)
def test_validate_jobs_stops_cleanly(tmp_path, corpus, sig, to_group):
    proc = start(["validate", corpus, "--jobs", 2, "--quiet"], tmp_path)
    workers, out, err = interrupt(proc, sig, to_group, 1)  # --jobs 2: this process and one worker
    assert proc.returncode == 128 + sig, (proc.returncode, err[-500:])
    assert "Traceback" not in err and "Error" not in err, err[-1000:]
    assert err.strip().splitlines()[-1] == f"stixx: stopped ({signal.Signals(sig).name})"
    left = [pid for pid in workers if alive(pid)]
    assert not left, f"workers left running: {left}"


@pytest.mark.parametrize("sig, to_group", CASES, ids=IDS)
def test_simulate_jobs_stops_with_the_summary_so_far(tmp_path, sig, to_group):
    proc = start(["simulate", "trixo", "-n", 100_000, "--jobs", 2, "--json", "--out", "g.jsonl"], tmp_path)
    workers, out, err = interrupt(proc, sig, to_group, 1, settle=3)
    assert proc.returncode == 128 + sig, (proc.returncode, err[-500:])
    assert "Traceback" not in err, err[-1000:]
    report = json.loads(out)
    played = report["variants"]["standard"]["games"]
    assert 0 < played < 100_000 and report["stopped"] == signal.Signals(sig).name
    assert f"stopped ({signal.Signals(sig).name}) after {played} of 100000 games" in err
    assert not [pid for pid in workers if alive(pid)]
    assert os.listdir(tmp_path) == [], "a temporary file of --out was left behind"


def test_simulate_a_billion_games_starts_at_once_in_constant_memory(tmp_path):
    """Seeds are made as they are played, and the tally keeps sums, not lists."""
    proc = start(["simulate", "trixo", "-n", 1_000_000_000, "--json"], tmp_path)
    time.sleep(4)
    rss = [int(line.split()[1]) for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines()
           if line.startswith("VmRSS")][0]  # fmt: skip
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err.decode()[-500:]
    report = json.loads(out)
    assert report["variants"]["standard"]["games"] > 0
    assert rss < 150_000, f"{rss} kB after 4 s"


def test_too_many_jobs_are_clamped_with_a_warning(tmp_path, corpus):
    small = tmp_path / "small.jsonl"
    small.write_text("".join(corpus.open().readline() for _ in range(3)))
    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", "validate", small, "--jobs", "100000", "-q"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert "stixx: warning: --jobs 100000 is more than this machine can use" in run.stderr


def test_signals_raise_stopped_only_in_the_main_thread():
    import threading

    from stixxcli.parallel import _raise_stopped, stop_on_signals

    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    with stop_on_signals():
        assert signal.getsignal(signal.SIGTERM) is _raise_stopped
    assert signal.getsignal(signal.SIGTERM) is before[signal.SIGTERM]
    seen = []

    def elsewhere():
        with stop_on_signals():  # a no-op: only the main thread may set a handler
            seen.append(signal.getsignal(signal.SIGTERM))

    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join()
    assert seen == [before[signal.SIGTERM]]
    # Closed in another thread, as the garbage collector may close a generator left open:
    # no error, and the handlers stay for the main thread to put back.
    held = stop_on_signals()
    held.__enter__()
    raised = []

    def close():
        try:
            held.__exit__(None, None, None)
        except BaseException as e:
            raised.append(e)

    closer = threading.Thread(target=close)
    closer.start()
    closer.join()
    try:
        assert raised == [] and signal.getsignal(signal.SIGTERM) is _raise_stopped
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


KILLED_WHILE_SENDING = """
import os, signal, sys, time
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
from stixxcli.parallel import _end_workers

def big(_):
    return b"x" * 50_000_000  # sent through the pipe for about a tenth of a second

if __name__ == "__main__":
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    pool.submit(big, 0)
    time.sleep(float(sys.argv[1]))
    os.kill(next(iter(pool._processes)), signal.SIGKILL)
    _end_workers(pool)
"""


def test_a_worker_ended_while_it_sends_a_result_does_not_hold_the_exit(tmp_path):
    # The executor's thread was left reading the rest of the result for ever
    # (this process holds the pipe's writing end too), and the exit waited
    # for it: `simulate --out` stopped by SIGHUP printed its report, then hung.
    script = tmp_path / "killed.py"
    script.write_text(KILLED_WHILE_SENDING)
    for delay in (0.1, 0.15, 0.2, 0.25, 0.3):  # one of them in the middle of the send
        run = subprocess.run([sys.executable, script, str(delay)], capture_output=True, text=True, timeout=30)
        assert run.returncode == 0 and "Traceback" not in run.stderr, (delay, run.stderr[-500:])
