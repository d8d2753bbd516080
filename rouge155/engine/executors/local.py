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

Why this pool rather than ``concurrent.futures.ProcessPoolExecutor`` (or loky, a dependency): this
process must compute too (``--jobs 2`` is one worker, not two), a dead worker must cost only its
tasks (an executor breaks as a whole), an error or Ctrl-C must end the workers at once (an
executor's shutdown waits for running tasks) and spawn must not leave semaphores for the resource
tracker to report. Speed is the same (measured side by side with an executor prototype).

The parts: :mod:`.processes` starts and stops the workers, :mod:`.worker` is a worker's side (its
loop and its lifeline to this process), :mod:`.messages` what goes through the pipes, and
:mod:`.scheduler` who computes what.
"""
from __future__ import annotations

from .contract import Executor
from .processes import START_METHOD_ENV, Processes, usable_cpus
from .scheduler import TaskRound, map_calls

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, List, Optional, Sequence


class LocalProcesses(Executor):
    """Up to ``jobs - 1`` worker processes for one run, started by the first :meth:`run_tasks`.

    ``jobs`` is capped at the CPUs this process may use (more processes than CPUs only add work)
    and, in :meth:`run_tasks`, at the number of tasks.
    """

    def __init__(self, jobs: int):
        self.jobs = max(1, min(int(jobs), usable_cpus()))
        self._processes = Processes()
        self._job: Optional[Callable[[int], Any]] = None  # the job the workers were started with

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is None:
            self.close()
        else:
            self._processes.kill()  # at once: a worker may be in the middle of a long task

    @property
    def active(self) -> int:
        """How many processes share the calls of :meth:`map` (this one included)."""
        self._processes.adopt()
        return 1 + len(self._processes.running)

    def close(self) -> None:
        """Tell the workers to end and reap them."""
        self._processes.close()

    def run_tasks(self, n_tasks: int, job: Callable[[int], Any],
                  progress: Optional[Callable[[int], None]] = None, first: int = 0) -> List[Any]:
        """``[job(k) for k in range(first, first + n_tasks)]``, shared between the processes (started
        by the first call: a streamed run's later rounds give the same ``job``)."""
        processes = self._processes
        if not processes.started and self.jobs > 1 and n_tasks > 1:
            self._job = job
            processes.start(min(self.jobs, n_tasks) - 1, job)
        processes.adopt()
        if (not processes.running and not processes.starting) or job is not self._job:  # no worker has this job
            return super().run_tasks(n_tasks, job, progress, first)
        return TaskRound(processes, n_tasks, job, progress, first).run()

    def map(self, func: Callable[..., Any], calls: Sequence[tuple]) -> List[Any]:
        """``[func(*args) for args in calls]``: the first call here, the next ones on the workers
        (``func`` and the arguments must be picklable)."""
        if not self._processes.running or len(calls) <= 1:
            return super().map(func, calls)
        return map_calls(self._processes, func, calls)


def run_tasks(n_tasks: int, job: Callable[[int], Any], jobs: int,
              progress: Optional[Callable[[int], None]] = None) -> List[Any]:
    """One-off :meth:`LocalProcesses.run_tasks`."""
    with LocalProcesses(jobs) as processes:
        return processes.run_tasks(n_tasks, job, progress)


__all__ = ["LocalProcesses", "run_tasks", "usable_cpus", "START_METHOD_ENV"]
