"""Work spread over processes or a Dask cluster, results in input order.

At most `window` chunks are in flight, so a corpus of any size streams through
in constant memory. Work functions are top-level functions of stixxcli, so
that processes and Dask workers import them by name.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from .errors import StixxError


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
) -> Iterator:
    """`function(chunk)` for every chunk, yielded in input order."""
    if executor == "dask":
        yield from _dask_map(function, chunks, scheduler)
    elif jobs <= 1:
        for chunk in chunks:
            yield function(chunk)
    else:
        yield from _process_map(function, chunks, jobs)


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


def _process_map(function, chunks, jobs):
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # fork: workers start with the plugins the parent already loaded.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        yield from _windowed(lambda c: pool.submit(function, c), lambda f: f.result(), chunks, jobs * 4)


def _dask_map(function, chunks, scheduler):
    if not scheduler:
        raise StixxError("--executor dask needs --scheduler ADDRESS (e.g. tcp://127.0.0.1:8786)")
    try:
        from distributed import Client
    except ImportError:
        raise StixxError("--executor dask needs Dask: pip install 'stixxcli[dask]'") from None
    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as e:
        raise StixxError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    with client:
        workers = max(1, sum(client.nthreads().values()))
        yield from _windowed(
            lambda c: client.submit(function, c, pure=False), lambda f: f.result(), chunks, workers * 4
        )
