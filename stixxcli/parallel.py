"""Work spread over processes or a Dask cluster, results in input order.

At most `window` chunks are in flight, so a corpus of any size streams through
in constant memory. Work functions are top-level functions of stixxcli, so
that processes and Dask workers import them by name.

Stopping is clean: while work runs, Ctrl-C (SIGINT), SIGTERM and SIGHUP (the
terminal closed) raise Stopped in the main process only; workers ignore Ctrl-C
(the terminal sends it to the whole process group) and die quietly on SIGTERM
and SIGHUP. On Stopped, or any other way out, every worker is ended and waited
for: none is left behind or reparented to init, and none prints a traceback.
The command exits 128 + the signal: 130 for Ctrl-C, 143 for SIGTERM, 129 for
SIGHUP.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from .errors import StixxError

JOBS_PER_CORE = 4  # more processes than this per core only slow everything down
MAX_JOBS = 256


class Stopped(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during a long job. A KeyboardInterrupt, so that it
    passes every `except Exception`; exit_code is 128 + the signal number."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


# Ended from outside: kill or a service manager (SIGTERM), the terminal closed
# (SIGHUP; not on Windows). With Ctrl-C, what stops a long job.
ENDINGS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
STOPS = (signal.SIGINT, *ENDINGS)


def _raise_stopped(signum, frame):
    raise Stopped(signum)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """For the block, SIGINT, SIGTERM and SIGHUP raise Stopped in the main thread (elsewhere: a no-op).
    Only the main thread may set a handler: signal.signal says so with a
    ValueError, which answers the question without importing threading."""
    try:
        previous = {sig: signal.signal(sig, _raise_stopped) for sig in STOPS}
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        # A generator left open when the command stopped may be closed later by
        # the garbage collector, in whatever thread runs it: only the main one may.
        with contextlib.suppress(ValueError):
            for sig, handler in previous.items():
                signal.signal(sig, handler)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """For the block, SIGINT, SIGTERM and SIGHUP are ignored: while a game's
    log is written, a second Ctrl-C would stop the write half-way, and a bots'
    game, written only at its end, would be lost."""
    previous = {sig: signal.signal(sig, signal.SIG_IGN) for sig in STOPS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def jobs_for(jobs: int, warn: Callable[[str], None] | None = None) -> int:
    """The number of worker processes for --jobs: 0 is one per core; more than
    JOBS_PER_CORE per core (at most MAX_JOBS) is clamped, with a warning."""
    cores = default_jobs()
    if jobs == 0:
        return cores
    bound = min(MAX_JOBS, cores * JOBS_PER_CORE)
    if jobs > bound:
        if warn:
            warn(f"--jobs {jobs} is more than this machine can use ({cores} cores): using {bound}")
        return bound
    return jobs


def chunked(items: Iterable, size: int) -> Iterator[list]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def ordered_map(
    function: Callable,
    chunks: Iterable,
    *,
    jobs: int = 1,
    executor: str = "local",
    scheduler: str | None = None,
    start: Callable[[], None] | None = None,
) -> Iterator:
    """`function(chunk)` for every chunk, yielded in input order. Ctrl-C and
    SIGTERM raise Stopped while it runs (see the module docstring). `start()`
    runs first in each worker process, and only there: what suits a process
    that does nothing but this work (the main process keeps its settings)."""
    if scheduler and executor != "dask":  # not ignored: the work would run here when a cluster was meant
        from .limits import UsageProblem

        raise UsageProblem(
            "--scheduler is for --executor dask: add --executor dask, or leave --scheduler out"
        )
    with stop_on_signals():
        if executor == "dask":
            yield from _dask_map(function, chunks, scheduler)
        elif jobs <= 1:
            for chunk in chunks:
                yield function(chunk)
        else:
            yield from _process_map(function, chunks, jobs, start)


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _windowed(submit, result, chunks: Iterable, window: int) -> Iterator:
    pending = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield result(pending.popleft())
    while pending:
        yield result(pending.popleft())


def _process_map(function, chunks, jobs, start):
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    # fork: workers start with the plugins the parent already loaded.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    # This process is one of the `jobs`: it hands out the chunks, and works
    # on them too (`_shared`), so that `jobs` processes share `jobs` cores.
    workers = jobs - 1
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=partial(_worker_starts, start))
    try:
        yield from _shared(pool.submit, function, chunks, workers * 4)
    except BaseException:  # Stopped, an error, or the reader stopped early (GeneratorExit)
        _end_workers(pool)
        raise
    pool.shutdown(wait=True)


def _shared(submit, function, chunks: Iterable, window: int) -> Iterator:
    """function(chunk) for every chunk, in input order: sent to the workers
    while fewer than `window` are out, worked on here while they all are; at
    the end, chunks that no worker has started yet are taken back and worked
    on here, so that no process sits idle while another has a queue. At
    most 2 * `window` results wait for an earlier one."""
    pending = deque()  # [future, chunk] of a worker's, or [result] worked out here, in input order

    def take():
        item = pending.popleft()
        return item[0] if len(item) == 1 else item[0].result()

    for chunk in chunks:
        while pending and (len(pending[0]) == 1 or pending[0][0].done()):
            yield take()
        busy = sum(len(item) == 2 and not item[0].done() for item in pending)
        if busy < window:
            pending.append([submit(function, chunk), chunk])
        elif len(pending) < 2 * window:  # every worker has its fill
            pending.append([function(chunk)])
        else:  # results wait for a slow chunk out there: wait with them
            yield take()
            pending.append([submit(function, chunk), chunk])
    for item in reversed(pending):
        if len(item) == 1:
            continue
        if not item[0].cancel():
            break  # a worker has it, and every one before it
        item[:] = [function(item[1])]
    while pending:
        yield take()


def _worker_starts(start=None) -> None:
    """In each worker, first: Ctrl-C is the main process's to handle (the
    terminal sends it to every process of the group); SIGTERM and SIGHUP end the worker
    without a word; and on Linux the worker ends with the main process, even
    one killed with SIGKILL, rather than live on as an orphan."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in ENDINGS:  # the default, to end quietly (not the parent's Stopped)
        signal.signal(sig, signal.SIG_DFL)
    if hasattr(os, "sched_getaffinity"):  # Linux
        try:
            import ctypes

            PR_SET_PDEATHSIG = 1
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            pass
    if start:
        start()


def _end_workers(pool) -> None:
    """End every worker now and wait for each: SIGTERM, then SIGKILL for one
    that does not go within a second."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)  # (shutdown lets go of it)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            process.join(1)
            if process.is_alive():
                process.kill()
                process.join(1)
    # A worker ended while it sent a result leaves the executor's thread
    # reading the rest for ever, and the exit waits for that thread: this
    # process holds the pipe's writing end too. Closing it ends the read.
    with contextlib.suppress(OSError, AttributeError):
        results._writer.close()


def _dask_map(function, chunks, scheduler):
    from .limits import UsageProblem  # exit 2: the command line asks for what is not there

    if not scheduler:
        raise UsageProblem("--executor dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)")
    try:
        from distributed import Client
    except ImportError:
        raise UsageProblem("--executor dask needs Dask: pip install 'stixxcli[dask]'") from None
    try:
        client = Client(scheduler, timeout="10s")
    except ValueError as e:  # Dask's word for what is not an address (no port, an unknown scheme)
        raise UsageProblem(f"--scheduler {scheduler}: {e}") from None
    except (OSError, TimeoutError) as e:
        raise StixxError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    with client:
        workers = max(1, sum(client.nthreads().values()))
        yield from _windowed(
            lambda c: client.submit(function, c, pure=False), lambda f: f.result(), chunks, workers * 4
        )
