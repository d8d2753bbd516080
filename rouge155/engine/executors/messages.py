"""The messages between this process and a ``--jobs`` worker, over one pipe per worker.

To a worker: ``(TASK, k)`` compute task k and keep its result; ``(FLUSH, None)`` send the results
kept; ``(CALL, func, args)`` compute ``func(*args)`` and send it; ``None`` end. From a worker:
``(READY, None)`` once it has its job (a spawned worker needs a second or so); ``(TICK, k)`` task k
done (small: a worker never blocks on a full pipe while this process computes, which a result
could); ``(DONE, {k: result})`` the results kept; ``(RESULT, value)`` a call's value; ``(ERROR,
exception)`` what a task or call raised, raised again here.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional, Sequence, Tuple

READY, TICK, DONE, RESULT, ERROR = "ready", "tick", "done", "result", "error"  # from a worker
TASK, FLUSH, CALL = "task", "flush", "call"  # to a worker


def load_multiprocessing():
    """multiprocessing, imported when processes are started or waited for (~10 ms a one-process run
    does not need)."""
    import multiprocessing
    import multiprocessing.connection

    return multiprocessing


class Lost(Exception):
    """The worker's pipe is closed: the worker died (or never started)."""


class WorkerHandle:
    """This process's end of one worker: its process, its pipe, and the tasks it holds."""

    def __init__(self, proc, conn):
        self.proc = proc
        self.conn = conn
        self.ready = False
        self.given: List[int] = []  # tasks handed over and not yet collected (results held there)
        self.in_flight = 0  # of those, not yet ticked

    def send(self, message) -> None:
        try:
            self.conn.send(message)
        except (OSError, ValueError):
            raise Lost() from None

    def receive(self) -> Tuple[str, Any]:
        """The next message (a worker's error is raised here)."""
        try:
            kind, value = self.conn.recv()
        except (EOFError, OSError):
            raise Lost() from None
        if kind == ERROR:
            raise value
        if kind == READY:
            self.ready = True
        return kind, value

    def receive_answer(self) -> Tuple[str, Any]:
        """The next message that is not a READY."""
        while True:
            kind, value = self.receive()
            if kind != READY:
                return kind, value


def wait_for_messages(handles: Sequence[WorkerHandle], timeout: Optional[float]) -> List[WorkerHandle]:
    """The handles with a message (or a closed pipe) waiting, after at most ``timeout`` seconds."""
    by_conn: Dict[Any, WorkerHandle] = {w.conn: w for w in handles}
    return [by_conn[conn] for conn in load_multiprocessing().connection.wait(list(by_conn), timeout)]
