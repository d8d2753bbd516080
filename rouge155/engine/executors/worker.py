"""A ``--jobs`` worker process: its loop over :mod:`.messages`, and its lifeline to its parent.

No worker outlives the process that started it, however that one ends (SIGKILL included): on Linux
the kernel kills the worker when its parent dies (PR_SET_PDEATHSIG); elsewhere a watchdog thread
does. Workers ignore SIGINT: Ctrl-C reaches the whole process group, and the parent decides what
happens (it kills them).
"""
from __future__ import annotations

import os
import signal
import sys

from .messages import CALL, DONE, ERROR, FLUSH, READY, RESULT, TASK, TICK, load_multiprocessing

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Optional, Sequence, Tuple


def die_with_parent(parent_pid: Optional[int]) -> None:
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

    multiprocessing = load_multiprocessing()
    parent = multiprocessing.parent_process() if os.name == "nt" else None
    while True:
        if parent is not None:  # Windows: the parent's process handle
            if multiprocessing.connection.wait([parent.sentinel], 0.5):
                os._exit(1)
        else:  # POSIX: an orphan is adopted by another process
            time.sleep(0.5)
            if os.getppid() != parent_pid:
                os._exit(1)


def _send_outcome(conn, kind: str, func: Callable[..., Any], args: Sequence[Any]) -> None:
    """Send ``(kind, func(*args))``, or the exception it raised."""
    try:
        message = (kind, func(*args))
    except BaseException as exc:  # handed to the parent, which raises it
        message = (ERROR, exc)
    _send(conn, message)


def _send(conn, message: Tuple[str, Any]) -> None:
    """Send ``message``; one that cannot be pickled goes as an error (a RuntimeError naming it)."""
    for attempt in (message, (ERROR, RuntimeError(f"{message[0]}: {message[1]!r}"))):
        try:
            conn.send(attempt)
            return
        except Exception:  # unpicklable, or the parent has gone: nothing more to say
            continue


def serve(conn, job: Optional[Callable[[int], Any]], parent_pid: Optional[int]) -> None:
    """The worker's life: its job (inherited by fork, else read from the pipe), then messages until
    ``None`` or a closed pipe."""
    from ..alloc import own_process

    die_with_parent(parent_pid)
    own_process()  # (a process rouge155 started: its allocator may be tuned for the chunks)
    held: Dict[int, Any] = {}
    try:
        if job is None:
            job = conn.recv()
        conn.send((READY, None))
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                break
            if message is None:
                break
            kind = message[0]
            if kind == TASK:
                k = message[1]
                try:
                    held[k] = job(k)
                except BaseException as exc:
                    _send(conn, (ERROR, exc))
                    continue
                conn.send((TICK, k))  # small: never blocks on a full pipe while the parent computes
            elif kind == FLUSH:
                _send(conn, (DONE, held))
                held = {}
            elif kind == CALL:
                _send_outcome(conn, RESULT, message[1], message[2])
    except BaseException:
        pass  # the parent has gone or is going: it reports what matters
    finally:
        # Skip the interpreter's exit: a forked worker must not flush the parent's inherited buffers.
        os._exit(0)
