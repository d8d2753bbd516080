"""Worker processes for one run (``--jobs N``): this process and up to N - 1 others share the work.

First a list of independent tasks: ``job(k)`` for k in range(n), where ``job`` is a picklable callable
(forked workers inherit it, spawned ones get it pickled once). This process hands each worker task
numbers, two ahead so that a worker never waits for this one, and computes the rest itself; a
worker keeps its results until the tasks are done and sends a small tick per task meanwhile (a
full pipe would block it). Then, on the same processes, any number of function calls (the
bootstrap). An exception in a worker is raised again here; a worker that dies has its tasks done
here, with one line on stderr; where no worker can start, everything runs here (one line too).

No worker outlives this process, however it ends: on Linux the kernel kills a worker when its
parent dies (PR_SET_PDEATHSIG); elsewhere a watchdog thread does. Workers ignore SIGINT (Ctrl-C
reaches the whole process group; this process decides what happens).

The start method: ``$ROUGE155_START_METHOD`` (fork, spawn or forkserver) if set, else fork on
Linux, else the platform's default (spawn on macOS and Windows).
"""
from __future__ import annotations

import collections
import os
import signal
import sys
import threading

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Deque, Dict, List, Optional, Sequence, Set, Tuple

START_METHOD_ENV = "ROUGE155_START_METHOD"
AHEAD = 2  # tasks a worker holds (its current one and the next)

_READY, _TICK, _DONE, _RESULT, _ERROR = "ready", "tick", "done", "result", "error"
_TASK, _FLUSH, _CALL = "task", "flush", "call"

_LIVE: Set[Any] = set()  # every worker process started and not yet reaped (see kill_all)


def _multiprocessing():
    """multiprocessing, imported when processes are started or waited for (~10 ms a one-process run
    does not need)."""
    import multiprocessing
    import multiprocessing.connection

    return multiprocessing


def usable_cpus() -> int:
    """The CPUs this process may run on (affinity where the platform tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def start_method() -> Tuple[Optional[str], str]:
    """(start method, why not) for worker processes; the method is None when none is usable."""
    available = _multiprocessing().get_all_start_methods()
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


# --- the worker side ------------------------------------------------------------------------------

def _die_with_parent(parent_pid: Optional[int]) -> None:
    """End this process when its parent ends, whatever kills the parent (SIGKILL included).
    ``parent_pid`` None: the parent is whoever started this process."""
    if parent_pid is None:
        parent_pid = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent decides, and kills us
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked from our start to here
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(1, int(signal.SIGKILL), 0, 0, 0) == 0:  # PR_SET_PDEATHSIG
                if os.getppid() != parent_pid:  # the parent died before prctl took effect
                    os._exit(1)
                return
        except Exception:
            pass
    import threading

    threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()


def _watch_parent(parent_pid: int) -> None:
    import time

    multiprocessing = _multiprocessing()
    parent = multiprocessing.parent_process() if os.name == "nt" else None
    while True:
        if parent is not None:  # Windows: the parent's process handle
            if multiprocessing.connection.wait([parent.sentinel], 0.5):
                os._exit(1)
        else:  # POSIX: an orphan is adopted by another process
            time.sleep(0.5)
            if os.getppid() != parent_pid:
                os._exit(1)


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


def _worker(conn, job: Optional[Callable[[int], Any]], parent_pid: Optional[int]) -> None:
    _die_with_parent(parent_pid)
    held: Dict[int, Any] = {}
    try:
        if job is None:
            job = conn.recv()
        conn.send((_READY, None))
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                break
            if message is None:
                break
            kind = message[0]
            if kind == _TASK:
                k = message[1]
                try:
                    held[k] = job(k)
                except BaseException as exc:
                    _send_outcome(conn, lambda: (_ERROR, exc))
                    continue
                conn.send((_TICK, k))  # small: never blocks on a full pipe while the parent computes
            elif kind == _FLUSH:
                _send_outcome(conn, lambda: (_DONE, held))
                held = {}
            elif kind == _CALL:
                func, args = message[1], message[2]
                _send_outcome(conn, lambda: (_RESULT, func(*args)))
    except BaseException:
        pass  # the parent has gone or is going: it reports what matters
    finally:
        # Skip the interpreter's exit: a forked worker must not flush the parent's inherited buffers.
        os._exit(0)


# --- this process's side --------------------------------------------------------------------------

class _Worker:
    def __init__(self, proc, conn):
        self.proc = proc
        self.conn = conn
        self.ready = False
        self.given: List[int] = []  # tasks handed over and not yet collected (results held there)
        self.in_flight = 0  # of those, not yet ticked


class _Lost(Exception):
    pass


class Workers:
    """Up to ``jobs - 1`` worker processes for one run, started by the first :meth:`run_tasks`.

    ``jobs`` is capped at the CPUs this process may use (more processes than CPUs only add work)
    and, in :meth:`run_tasks`, at the number of tasks.
    """

    def __init__(self, jobs: int):
        self.jobs = max(1, min(int(jobs), usable_cpus()))
        self._workers: List[_Worker] = []
        self._new: List[_Worker] = []  # started by the starter thread, not yet in use
        self._lock = threading.Lock()
        self._starter: Optional[threading.Thread] = None
        self._stop_starting = False
        self._release = threading.Event()
        self._started = False
        self._said_lost = False
        self._job: Optional[Callable[[int], Any]] = None

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is None:
            self.close()
        else:
            self._kill()

    @property
    def active(self) -> int:
        """How many processes share the calls of :meth:`map` (this one included)."""
        self._adopt()
        return 1 + len(self._workers)

    # starting and stopping

    def _start(self, count: int, job: Callable[[int], Any]) -> None:
        self._started = True
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
            ctx = _multiprocessing().get_context(method)
            for _ in range(count):
                if self._stop_starting:
                    return
                here, there = ctx.Pipe()
                # a forkserver's children are its own: they watch it (it ends when this process ends)
                parent = None if method == "forkserver" else os.getpid()
                inherit = method == "fork"  # else the job goes through the pipe, where the worker's
                # own code reads it (a parent killed meanwhile then costs no traceback there)
                proc = ctx.Process(target=_worker, args=(there, job if inherit else None, parent), daemon=True,
                                   name="rouge155-worker")
                # SIGINT blocked while the worker starts: it then boots with SIGINT pending at most,
                # never a KeyboardInterrupt traceback from its imports (Ctrl-C reaches the whole group)
                masked = hasattr(signal, "pthread_sigmask")
                if masked:
                    old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
                try:
                    proc.start()
                finally:
                    if masked:
                        signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
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
                with self._lock:
                    self._new.append(_Worker(proc, here))
                started += 1
        except Exception as exc:  # no fork here, an unpicklable job, a process limit...
            first = (str(exc).strip().splitlines() or [""])[0]
            notice(f"--jobs: cannot start worker processes with {method} ({type(exc).__name__}: {first}); "
                   + ("running in one process" if not started else f"running with {started} of them"))

    def _adopt(self) -> List[_Worker]:
        """Workers the starter thread has started since the last call, now in use."""
        with self._lock:
            new, self._new = self._new, []
        self._workers.extend(new)
        return new

    def _settle(self) -> None:
        """Let the starter thread finish (no new worker after this) and take what it started."""
        self._stop_starting = True
        if self._starter is not None:
            self._release.set()
            self._starter.join()
            self._starter = None
        self._adopt()

    def _drop(self, w: _Worker, kill: bool) -> None:
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
        if w in self._workers:
            self._workers.remove(w)

    def _kill(self) -> None:
        self._settle()
        for w in list(self._workers):
            self._drop(w, kill=True)

    def close(self) -> None:
        """Tell the workers to end and reap them."""
        self._settle()
        for w in self._workers:
            try:
                w.conn.send(None)
            except Exception:
                pass
        for w in list(self._workers):
            self._drop(w, kill=False)

    def _lose(self, w: _Worker, todo: Deque[int]) -> None:
        """A worker died (or never started): its tasks go back to the queue."""
        todo.extend(w.given)
        started = w.ready
        self._drop(w, kill=True)
        if not self._said_lost:
            self._said_lost = True
            code = w.proc.exitcode
            what = "ended unexpectedly" if started else "could not start"
            notice(f"--jobs: a worker process {what} (exit status {code}); its work is done here")

    # messages

    def _send(self, w: _Worker, message) -> None:
        try:
            w.conn.send(message)
        except (OSError, ValueError):
            raise _Lost() from None

    def _recv_one(self, w: _Worker) -> Tuple[str, Any]:
        """The next message (a worker's error is raised here)."""
        try:
            kind, value = w.conn.recv()
        except (EOFError, OSError):
            raise _Lost() from None
        if kind == _ERROR:
            raise value
        if kind == _READY:
            w.ready = True
        return kind, value

    def _recv(self, w: _Worker) -> Tuple[str, Any]:
        """The next message that is not a READY."""
        while True:
            kind, value = self._recv_one(w)
            if kind != _READY:
                return kind, value

    # the two kinds of work

    def run_tasks(self, n_tasks: int, job: Callable[[int], Any],
                  progress: Optional[Callable[[int], None]] = None) -> List[Any]:
        """``[job(k) for k in range(n_tasks)]``, shared between the processes (started now)."""
        if not self._started and self.jobs > 1 and n_tasks > 1:
            self._job = job
            self._start(min(self.jobs, n_tasks) - 1, job)
        results: List[Any] = [None] * n_tasks
        reported: Set[int] = set()

        def report(k: int) -> None:
            if progress and k not in reported:
                reported.add(k)
                progress(k)

        self._adopt()
        if (not self._workers and self._starter is None) or job is not self._job:  # no worker has this job
            for k in range(n_tasks):
                results[k] = job(k)
                report(k)
            return results
        todo: Deque[int] = collections.deque(range(n_tasks))

        def give(w: _Worker, ahead: int) -> None:
            while w.in_flight < ahead and todo:
                k = todo.popleft()
                w.given.append(k)
                w.in_flight += 1
                try:
                    self._send(w, (_TASK, k))
                except _Lost:
                    self._lose(w, todo)
                    return

        def poll(timeout: Optional[float], among: Optional[List[_Worker]] = None) -> None:
            for w in self._adopt():
                give(w, 1)
            conns = {w.conn: w for w in (self._workers if among is None else among)}
            for conn in _multiprocessing().connection.wait(list(conns), timeout):
                w = conns[conn]
                try:
                    kind, k = self._recv_one(w)
                except _Lost:
                    self._lose(w, todo)
                    continue
                if kind == _TICK:
                    w.in_flight -= 1
                    report(k)
                give(w, AHEAD if w.ready else 1)

        try:
            for w in list(self._workers):
                give(w, 1)  # one each to start with; more once a worker says it is ready
            while True:
                while todo:
                    k = todo.popleft()
                    results[k] = job(k)
                    report(k)
                    poll(0)
                busy = [w for w in self._workers if w.in_flight]
                if busy:
                    poll(None, busy)
                    continue
                holding = [w for w in self._workers if w.given]
                if not holding:
                    break
                for w in holding:
                    try:
                        self._send(w, (_FLUSH, None))
                    except _Lost:
                        self._lose(w, todo)
                for w in holding:
                    if w not in self._workers:
                        continue
                    try:
                        _kind, held = self._recv(w)
                    except _Lost:
                        self._lose(w, todo)
                        continue
                    for k, value in held.items():
                        results[k] = value
                    w.given = []
        except BaseException:
            self._kill()  # at once: a worker may be in the middle of a long task
            raise
        return results

    def map(self, func: Callable[..., Any], calls: Sequence[tuple]) -> List[Any]:
        """``[func(*args) for args in calls]``: the first call here, the next ones on the workers
        (``func`` and the arguments must be picklable)."""
        if not self._workers or len(calls) <= 1:
            return [func(*args) for args in calls]
        out: List[Any] = [None] * len(calls)
        sent: List[Tuple[int, _Worker]] = []
        try:
            for i, w in enumerate(list(self._workers)[: len(calls) - 1], start=1):
                try:
                    self._send(w, (_CALL, func, calls[i]))
                    sent.append((i, w))
                except _Lost:
                    self._lose(w, collections.deque())
            out[0] = func(*calls[0])
            done_there = {i for i, _w in sent}
            for i in range(1, len(calls)):
                if i not in done_there:
                    out[i] = func(*calls[i])
            for i, w in sent:
                try:
                    out[i] = self._recv(w)[1]
                except _Lost:
                    self._lose(w, collections.deque())
                    out[i] = func(*calls[i])
        except BaseException:
            self._kill()
            raise
        return out


def run_tasks(n_tasks: int, job: Callable[[int], Any], jobs: int,
              progress: Optional[Callable[[int], None]] = None) -> List[Any]:
    """One-off :meth:`Workers.run_tasks`."""
    with Workers(jobs) as workers:
        return workers.run_tasks(n_tasks, job, progress)


__all__: Sequence[str] = ("Workers", "run_tasks", "usable_cpus", "start_method", "kill_all", "START_METHOD_ENV")
