"""`--jobs N`: this process and N - 1 workers share the chunks; results come
in input order whoever worked on them, and at the end this process takes
back what no worker has started."""

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from stixxcli.parallel import _shared, ordered_map


def _slow_square(n):
    time.sleep(random.random() / 500)
    return n * n, threading.get_ident()


@pytest.mark.parametrize("window", [1, 2, 8])
def test_results_come_in_input_order_and_this_process_works_too(window):
    with ThreadPoolExecutor(1) as pool:  # a worker that is a thread, to see who did what
        got = list(_shared(pool.submit, _slow_square, range(300), window))
    assert [square for square, _ in got] == [n * n for n in range(300)]
    here = threading.get_ident()
    assert any(who == here for _, who in got) and any(who != here for _, who in got)


def test_at_the_end_what_no_worker_started_is_taken_back():
    here = threading.get_ident()

    def work(n):
        if threading.get_ident() != here:
            time.sleep(0.25)  # a slow worker: this process is done with the rest long before
        return n, threading.get_ident()

    with ThreadPoolExecutor(1) as pool:
        got = list(_shared(pool.submit, work, range(10), 4))
    assert [n for n, _ in got] == list(range(10))
    # 0 to 3 sent, 4 to 7 worked on here; with eight waiting, 8 sent once 0
    # was back and 9 once 1 was; then 3, 8 and 9, not started, taken back
    # while the worker was on 2.
    assert [n for n, who in got if who != here] == [0, 1, 2]


def test_processes_give_the_same_results_as_one():
    chunks = [list(range(i, i + 5)) for i in range(0, 200, 5)]
    assert list(ordered_map(sum, chunks, jobs=3)) == list(ordered_map(sum, chunks, jobs=1))
