"""Sharing work between this process and its running ``--jobs`` workers.

Tasks (:class:`TaskRound`): this process hands each worker task numbers, two ahead so that a worker
never waits for this one, and computes the rest itself; a worker keeps its results until the tasks
are done (it sends a small tick per task meanwhile) and sends them all when asked. A worker that
dies has its tasks put back in the queue and done here. Calls (:func:`map_calls`): the first here,
one on each worker, the rest here; a lost worker's call is made here too.
"""
from __future__ import annotations

import collections

from .messages import CALL, FLUSH, TASK, TICK, Lost, WorkerHandle, wait_for_messages

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Deque, List, Optional, Sequence, Set, Tuple

    from .processes import Processes

AHEAD = 2  # tasks a worker holds (its current one and the next)


class TaskRound:
    """``[job(k) for k in range(first, first + n_tasks)]`` on ``processes``' running workers and this process."""

    def __init__(self, processes: Processes, n_tasks: int, job: Callable[[int], Any],
                 progress: Optional[Callable[[int], None]] = None, first: int = 0):
        self.processes = processes
        self.job = job
        self.first = first  # the tasks are first .. first + n_tasks - 1 (a streamed run's rounds)
        self.results: List[Any] = [None] * n_tasks
        self.todo: Deque[int] = collections.deque(range(first, first + n_tasks))
        self._progress = progress
        self._reported: Set[int] = set()

    def _report(self, k: int) -> None:
        if self._progress and k not in self._reported:
            self._reported.add(k)
            self._progress(k)

    def _lose(self, w: WorkerHandle) -> None:
        self.todo.extend(w.given)  # its tasks, done or not, go back to the queue
        self.processes.lose(w)

    def _give(self, w: WorkerHandle, ahead: int) -> None:
        """Hand ``w`` tasks until it holds ``ahead`` not yet ticked."""
        while w.in_flight < ahead and self.todo:
            k = self.todo.popleft()
            w.given.append(k)
            w.in_flight += 1
            try:
                w.send((TASK, k))
            except Lost:
                self._lose(w)
                return

    def _poll(self, timeout: Optional[float], among: Optional[List[WorkerHandle]] = None) -> None:
        """Take the workers' ticks (after at most ``timeout`` s) and hand out more tasks."""
        for w in self.processes.adopt():
            self._give(w, 1)
        for w in wait_for_messages(self.processes.running if among is None else among, timeout):
            try:
                kind, k = w.receive()
            except Lost:
                self._lose(w)
                continue
            if kind == TICK:
                w.in_flight -= 1
                self._report(k)
            self._give(w, AHEAD if w.ready else 1)

    def _collect(self, holding: List[WorkerHandle]) -> None:
        """The results ``holding`` keep (a worker lost meanwhile has its tasks put back)."""
        for w in holding:
            try:
                w.send((FLUSH, None))
            except Lost:
                self._lose(w)
        for w in holding:
            if w not in self.processes.running:
                continue
            try:
                _kind, held = w.receive_answer()
            except Lost:
                self._lose(w)
                continue
            for k, value in held.items():
                self.results[k - self.first] = value
            w.given = []

    def run(self) -> List[Any]:
        """The results in task order; on any error the workers are killed at once (a worker may be
        in the middle of a long task)."""
        try:
            for w in list(self.processes.running):
                self._give(w, 1)  # one each to start with; more once a worker says it is ready
            while True:
                while self.todo:
                    k = self.todo.popleft()
                    self.results[k - self.first] = self.job(k)
                    self._report(k)
                    self._poll(0)
                busy = [w for w in self.processes.running if w.in_flight]
                if busy:
                    self._poll(None, busy)
                    continue
                holding = [w for w in self.processes.running if w.given]
                if not holding:
                    break
                self._collect(holding)
        except BaseException:
            self.processes.kill()
            raise
        return self.results


def map_calls(processes: Processes, func: Callable[..., Any], calls: Sequence[tuple]) -> List[Any]:
    """``[func(*args) for args in calls]``: the first call here, the next ones on the running
    workers, any left here (``func`` and the arguments must be picklable)."""
    out: List[Any] = [None] * len(calls)
    sent: List[Tuple[int, WorkerHandle]] = []
    try:
        for i, w in enumerate(list(processes.running)[: len(calls) - 1], start=1):
            try:
                w.send((CALL, func, calls[i]))
                sent.append((i, w))
            except Lost:
                processes.lose(w)
        out[0] = func(*calls[0])
        done_there = {i for i, _w in sent}
        for i in range(1, len(calls)):
            if i not in done_there:
                out[i] = func(*calls[i])
        for i, w in sent:
            try:
                out[i] = w.receive_answer()[1]
            except Lost:
                processes.lose(w)
                out[i] = func(*calls[i])
    except BaseException:
        processes.kill()
        raise
    return out
