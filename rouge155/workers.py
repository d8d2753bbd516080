"""Forked worker processes for one run (``--jobs N``): this process and N - 1 forked ones share the work.

First a list of independent tasks, taken first come, first served from a shared counter, so that a
slow process never holds the others up; then, on the same processes, any number of function calls
(the bootstrap). Forked workers inherit everything the tasks need: only results and call arguments
are pickled. An exception in a worker is raised again here.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
from typing import Any, Callable, List, Optional, Sequence, Tuple

_DONE, _ERROR, _TICK, _RESULT = "done", "error", "tick", "result"


def _next(counter) -> int:
    with counter.get_lock():
        k = counter.value
        counter.value = k + 1
    return k


def _send_outcome(conn, work: Callable[[], Tuple[str, Any]]) -> None:
    """Send what ``work`` returns, or the exception it raised (as a RuntimeError if unpicklable)."""
    try:
        message = work()
    except BaseException as exc:  # handed to the parent, which raises it
        message = (_ERROR, exc)
    for attempt in (message, (_ERROR, RuntimeError(f"{message[0]}: {message[1]!r}"))):
        try:
            conn.send(attempt)
            return
        except Exception:  # unpicklable, or the parent has gone: nothing more to say
            continue


def _worker(conn, counter, n_tasks: int, compute: Callable[[int], Any]) -> None:
    def tasks():
        done = {}
        while True:
            k = _next(counter)
            if k >= n_tasks:
                return _DONE, done
            done[k] = compute(k)
            conn.send((_TICK, k))  # small: never blocks on a full pipe while the parent computes

    try:
        _send_outcome(conn, tasks)
        while True:
            try:
                call = conn.recv()
            except (EOFError, OSError):
                return
            if call is None:
                return
            func, args = call
            _send_outcome(conn, lambda: (_RESULT, func(*args)))
    finally:
        conn.close()


class Workers:
    """``jobs - 1`` forked processes for one run (none when ``jobs`` is 1 or fork is unavailable)."""

    def __init__(self, jobs: int):
        self.jobs = jobs if "fork" in multiprocessing.get_all_start_methods() else 1
        self._conns: List[Any] = []
        self._procs: List[Any] = []

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def active(self) -> int:
        """How many processes share the calls of :meth:`map` (this one included)."""
        return 1 + len(self._conns)

    def run_tasks(self, n_tasks: int, compute: Callable[[int], Any],
                  progress: Optional[Callable[[int], None]] = None) -> List[Any]:
        """``[compute(k) for k in range(n_tasks)]``, shared between the processes (forked now)."""
        if self.jobs <= 1 or n_tasks <= 1 or self._procs:
            out = []
            for k in range(n_tasks):
                out.append(compute(k))
                if progress:
                    progress(k)
            return out
        ctx = multiprocessing.get_context("fork")
        counter = ctx.Value("l", 0)
        for _ in range(min(self.jobs, n_tasks) - 1):
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(there, counter, n_tasks, compute), daemon=True)
            proc.start()
            there.close()
            self._conns.append(here)
            self._procs.append(proc)
        results: List[Any] = [None] * n_tasks
        pending = list(self._conns)

        def collect(block: bool) -> None:
            for conn in multiprocessing.connection.wait(pending, timeout=None if block else 0):
                kind, value = self._recv(conn)
                if kind == _DONE:
                    pending.remove(conn)
                    for k, result in value.items():
                        results[k] = result
                elif progress:
                    progress(value)

        try:
            while True:
                k = _next(counter)
                if k >= n_tasks:
                    break
                results[k] = compute(k)
                if progress:
                    progress(k)
                collect(block=False)
            while pending:
                collect(block=True)
        except BaseException:
            with counter.get_lock():
                counter.value = n_tasks  # workers still running stop after their current task
            self.close()
            raise
        return results

    def map(self, func: Callable[..., Any], calls: Sequence[tuple]) -> List[Any]:
        """``[func(*args) for args in calls]``: the first call here, the next ones on the workers."""
        if not self._conns or len(calls) <= 1:
            return [func(*args) for args in calls]
        sent = []
        for conn, args in zip(self._conns, calls[1:]):
            conn.send((func, args))
            sent.append(conn)
        first = func(*calls[0])
        rest = [func(*args) for args in calls[1 + len(sent):]]
        try:
            others = [self._recv(conn)[1] for conn in sent]
        except BaseException:
            self.close()
            raise
        return [first] + others + rest

    @staticmethod
    def _recv(conn) -> Tuple[str, Any]:
        try:
            kind, value = conn.recv()
        except (EOFError, OSError):
            raise RuntimeError("a worker process ended unexpectedly") from None
        if kind == _ERROR:
            raise value
        return kind, value

    def close(self) -> None:
        for conn in self._conns:
            try:
                conn.send(None)
            except Exception:
                pass
            conn.close()
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
        self._conns, self._procs = [], []


def run_tasks(n_tasks: int, compute: Callable[[int], Any], jobs: int,
              progress: Optional[Callable[[int], None]] = None) -> List[Any]:
    """One-off :meth:`Workers.run_tasks`."""
    with Workers(jobs) as workers:
        return workers.run_tasks(n_tasks, compute, progress)


__all__: Sequence[str] = ("Workers", "run_tasks")
