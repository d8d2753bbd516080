"""Run a list of independent tasks in this process and ``jobs - 1`` forked ones, first come first served.

Every process takes the next task index from a shared counter, so a slow process never holds the
others up; each worker reports each finished task at once (for the progress bar) and sends its results
when it runs out of tasks; they are returned in task order. Forked workers inherit
everything the tasks need (nothing but the results is pickled). An exception in a worker is raised
again here, as the original exception where it can be pickled.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
from typing import Callable, List, Optional, Sequence

_DONE = "done"


def _next(counter) -> int:
    with counter.get_lock():
        k = counter.value
        counter.value = k + 1
    return k


def _worker(conn, counter, n_tasks: int, compute: Callable[[int], object]) -> None:
    try:
        try:
            done = {}
            while True:
                k = _next(counter)
                if k >= n_tasks:
                    break
                done[k] = compute(k)
                conn.send(("tick", k))  # small: never blocks on a full pipe while the parent computes
            message = (_DONE, done)
        except BaseException as exc:  # handed to the parent, which raises it
            message = ("error", exc)
        for attempt in (message, ("error", RuntimeError(f"{message[0]}: {message[1]!r}"))):
            try:
                conn.send(attempt)
                break
            except Exception:  # unpicklable, or the parent has gone: nothing more to say
                continue
    finally:
        conn.close()


def run_tasks(
    n_tasks: int,
    compute: Callable[[int], object],
    jobs: int,
    progress: Optional[Callable[[int], None]] = None,
) -> List[object]:
    """``[compute(k) for k in range(n_tasks)]``, spread over ``jobs`` processes (fork)."""
    if jobs <= 1 or n_tasks <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        out = []
        for k in range(n_tasks):
            out.append(compute(k))
            if progress:
                progress(k)
        return out
    ctx = multiprocessing.get_context("fork")
    counter = ctx.Value("l", 0)
    results: List[object] = [None] * n_tasks
    conns, procs = [], []
    for _ in range(min(jobs, n_tasks) - 1):
        here, there = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_worker, args=(there, counter, n_tasks, compute), daemon=True)
        proc.start()
        there.close()
        conns.append(here)
        procs.append(proc)
    try:
        open_conns = list(conns)

        def collect(block: bool) -> None:
            ready = multiprocessing.connection.wait(open_conns, timeout=None if block else 0)
            for conn in ready:
                try:
                    kind, value = conn.recv()
                except EOFError:
                    raise RuntimeError("a worker process ended unexpectedly") from None
                if kind == _DONE:
                    open_conns.remove(conn)
                    for k, result in value.items():
                        results[k] = result
                elif kind == "error":
                    raise value  # type: ignore[misc]
                elif progress:
                    progress(value)

        while True:
            k = _next(counter)
            if k >= n_tasks:
                break
            results[k] = compute(k)
            if progress:
                progress(k)
            collect(block=False)
        while open_conns:
            collect(block=True)
    finally:
        with counter.get_lock():
            counter.value = n_tasks  # workers still running stop after their current task
        for conn in conns:
            conn.close()
        for proc in procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
    return results


def cpu_count() -> int:
    """CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


__all__: Sequence[str] = ("run_tasks", "cpu_count")
