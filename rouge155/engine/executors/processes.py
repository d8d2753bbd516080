"""Starting and stopping the worker processes of one ``--jobs`` run.

The start method: ``$ROUGE155_START_METHOD`` (fork, spawn or forkserver) if set, else fork on
Linux, else the platform's default (spawn on macOS and Windows). Forked workers start at once and
inherit the job; a spawned worker reads its job only once its interpreter is up (a second or so),
so spawn and forkserver workers are started from a thread while this process computes. Where no
worker can start, the run goes on in one process (one line on stderr); a worker that dies costs
one line too (:meth:`Processes.lose`). :func:`kill_all` ends every worker at once (a signal
handler's last act, :mod:`rouge155.cli.process`).
"""
from __future__ import annotations

import os
import signal
import sys
import threading

from .messages import WorkerHandle, load_multiprocessing
from .worker import serve

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, List, Optional, Set, Tuple

START_METHOD_ENV = "ROUGE155_START_METHOD"

_LIVE: Set[Any] = set()  # every worker process started and not yet reaped (see kill_all)


def usable_cpus() -> int:
    """The CPUs this process may run on (affinity where the platform tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def start_method() -> Tuple[Optional[str], str]:
    """(start method, why not) for worker processes; the method is None when none is usable."""
    available = load_multiprocessing().get_all_start_methods()
    forced = os.environ.get(START_METHOD_ENV)
    if forced:
        if forced in available:
            return forced, ""
        return None, f"{START_METHOD_ENV}={forced} is not available here ({', '.join(available)})"
    if sys.platform.startswith("linux") and "fork" in available:
        return "fork", ""  # the fastest start: nothing to pickle or import again
    return (available[0], "") if available else (None, "no start method available")


def notice(message: str) -> None:
    """One line on stderr (never fails: stderr may be closed)."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(f"rouge155: {message}\n")
            sys.stderr.flush()
    except Exception:
        pass


def kill_all() -> None:
    """Kill every worker now (a signal handler's last act before this process dies)."""
    for proc in list(_LIVE):
        try:
            os.kill(proc.pid, signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        except Exception:
            pass


def _start_masked(proc) -> None:
    """``proc.start()`` with SIGINT blocked: the worker then boots with SIGINT pending at most,
    never a KeyboardInterrupt traceback from its imports (Ctrl-C reaches the whole group)."""
    masked = hasattr(signal, "pthread_sigmask")
    if masked:
        old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        proc.start()
    finally:
        if masked:
            signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)


class Processes:
    """The workers of one run: started by :meth:`start`, in use once :meth:`adopt` takes them
    (:attr:`running`), stopped by :meth:`close` (they end) or :meth:`kill` (at once)."""

    def __init__(self) -> None:
        self.running: List[WorkerHandle] = []
        self.started = False  # start() was called (workers are started once per run)
        self._new: List[WorkerHandle] = []  # started by the starter thread, not yet in use
        self._lock = threading.Lock()
        self._starter: Optional[threading.Thread] = None
        self._stop_starting = False
        self._release = threading.Event()
        self._said_lost = False

    @property
    def starting(self) -> bool:
        """Whether a thread is still starting workers (which :meth:`adopt` will take)."""
        return self._starter is not None

    def start(self, count: int, job: Callable[[int], Any]) -> None:
        """Start ``count`` workers for ``job``: now with fork, from a thread otherwise."""
        self.started = True
        method, why = start_method()
        if method is None:
            notice(f"--jobs: {why}; running in one process")
            return
        if method == "fork":
            self._launch(method, count, job)
        else:
            # A spawned worker reads its job only once its interpreter is up (a second or so): start
            # the workers from a thread, and compute here meanwhile.
            self._starter = threading.Thread(target=self._launch_and_stay, args=(method, count, job), daemon=True)
            self._starter.start()

    def _launch_and_stay(self, method: str, count: int, job: Callable[[int], Any]) -> None:
        self._launch(method, count, job)
        # On Linux a worker's PR_SET_PDEATHSIG fires when the *thread* that started it ends: this
        # thread stays until the workers are no longer needed.
        self._release.wait()

    def _launch(self, method: str, count: int, job: Callable[[int], Any]) -> None:
        started = 0
        try:
            ctx = load_multiprocessing().get_context(method)
            for _ in range(count):
                if self._stop_starting:
                    return
                handle = self._launch_one(ctx, method, job)
                with self._lock:
                    self._new.append(handle)
                started += 1
        except Exception as exc:  # no fork here, an unpicklable job, a process limit...
            first = (str(exc).strip().splitlines() or [""])[0]
            notice(f"--jobs: cannot start worker processes with {method} ({type(exc).__name__}: {first}); "
                   + ("running in one process" if not started else f"running with {started} of them"))

    def _launch_one(self, ctx, method: str, job: Callable[[int], Any]) -> WorkerHandle:
        here, there = ctx.Pipe()
        # a forkserver's children are its own: they watch it (it ends when this process ends)
        parent = None if method == "forkserver" else os.getpid()
        inherit = method == "fork"  # else the job goes through the pipe, where the worker's
        # own code reads it (a parent killed meanwhile then costs no traceback there)
        proc = ctx.Process(target=serve, args=(there, job if inherit else None, parent), daemon=True,
                           name="rouge155-worker")
        try:
            _start_masked(proc)
        finally:
            there.close()
        _LIVE.add(proc)
        if not inherit:
            try:
                here.send(job)
            except BaseException:
                proc.kill()
                proc.join()
                _LIVE.discard(proc)
                raise
        return WorkerHandle(proc, here)

    def adopt(self) -> List[WorkerHandle]:
        """Workers the starter thread has started since the last call, now in use."""
        with self._lock:
            new, self._new = self._new, []
        self.running.extend(new)
        return new

    def _settle(self) -> None:
        """Let the starter thread finish (no new worker after this) and take what it started."""
        self._stop_starting = True
        if self._starter is not None:
            self._release.set()
            self._starter.join()
            self._starter = None
        self.adopt()

    def drop(self, w: WorkerHandle, kill: bool) -> None:
        """Close ``w``'s pipe and reap its process (killed first if ``kill``, or if it lingers)."""
        try:
            w.conn.close()
        except Exception:
            pass
        if kill and w.proc.is_alive():
            w.proc.kill()
        w.proc.join(timeout=None if kill else 2)
        if w.proc.is_alive():
            w.proc.kill()
            w.proc.join()
        _LIVE.discard(w.proc)
        if w in self.running:
            self.running.remove(w)

    def kill(self) -> None:
        """Kill every worker at once (an error or Ctrl-C: a worker may be in a long task)."""
        self._settle()
        for w in list(self.running):
            self.drop(w, kill=True)

    def close(self) -> None:
        """Tell the workers to end and reap them."""
        self._settle()
        for w in self.running:
            try:
                w.conn.send(None)
            except Exception:
                pass
        for w in list(self.running):
            self.drop(w, kill=False)

    def lose(self, w: WorkerHandle) -> None:
        """A worker died (or never started): reaped, with one line the first time (the caller
        puts its tasks back)."""
        started = w.ready
        self.drop(w, kill=True)
        if not self._said_lost:
            self._said_lost = True
            code = w.proc.exitcode
            what = "ended unexpectedly" if started else "could not start"
            notice(f"--jobs: a worker process {what} (exit status {code}); its work is done here")
