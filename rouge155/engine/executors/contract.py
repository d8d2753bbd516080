"""What the engine asks of whatever runs its work: the executor contract, written once.

The batched engine cuts a run into chunks and the bootstrap into parts; an executor decides where
they run. This base class is the contract and its simplest fulfilment: everything here, in this
process (a one-process run). :class:`~rouge155.engine.executors.local.LocalProcesses` shares the
work with local worker processes (``--jobs``); :class:`~rouge155.engine.executors.dask.DaskCluster`
sends the chunks to a Dask cluster (``--dask``). A base class rather than a ``typing.Protocol``:
the engine checks :attr:`Executor.sends_texts` at run time, one-process runs instantiate it, and
a one-process run must not import ``typing`` (start-up cost).
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterator, List, Optional, Sequence, Tuple

STREAM_ROUND = 32  # tasks per round of a streamed run (workers hold a round's results)


class Executor:
    """Runs the engine's work in this process; subclasses spread it elsewhere.

    - :attr:`jobs`: how many processes or threads share the chunks (the engine sizes chunks so that
      all of them run out of work together);
    - :attr:`active` and :meth:`map`: the bootstrap's parts, on as many processes as are running;
    - :meth:`run_tasks`: opaque numbered tasks (the engine's chunks, when the texts stay here);
    - :attr:`sends_texts` and :meth:`run_chunks`: an executor whose workers cannot read this
      process's files (a cluster) says so with ``sends_texts = True``; the engine then hands it the
      chunks themselves, and it sends each with the summaries it reads.
    """

    jobs = 1
    sends_texts = False

    @property
    def active(self) -> int:
        """How many processes share the calls of :meth:`map` (this one included)."""
        return 1

    def run_tasks(self, n_tasks: int, job: Callable[[int], Any],
                  progress: Optional[Callable[[int], None]] = None, first: int = 0) -> List[Any]:
        """``[job(k) for k in range(first, first + n_tasks)]``, ``progress(k)`` after each task."""
        results = []
        for k in range(first, first + n_tasks):
            results.append(job(k))
            if progress:
                progress(k)
        return results

    def stream_tasks(self, n_tasks: int, job: Callable[[int], Any],
                     progress: Optional[Callable[[int], None]] = None) -> Iterator[Any]:
        """``job(k)`` for k in range(n_tasks), yielded in order, a round of :data:`STREAM_ROUND` tasks
        at a time: a streamed run holds one round's results, whatever its length. ``job`` reads its
        own input (every process sees the files)."""
        for first in range(0, n_tasks, STREAM_ROUND):
            yield from self.run_tasks(min(STREAM_ROUND, n_tasks - first), job, progress, first)

    def map(self, func: Callable[..., Any], calls: Sequence[tuple]) -> List[Any]:
        """``[func(*args) for args in calls]`` (``func`` and the arguments picklable)."""
        return [func(*args) for args in calls]

    def run_chunks(self, tasks: Sequence[Tuple[Sequence, int, List[str]]], options, word_lists, source,
                   progress: Optional[Callable[[int], None]] = None) -> List[Any]:
        """The counts of each chunk (evaluations, first index, systems), in order, the texts read
        from ``source`` here. Only called when :attr:`sends_texts` is true."""
        raise NotImplementedError(f"{type(self).__name__} runs opaque tasks (run_tasks), not chunks")

    def close(self) -> None:
        """Release what the executor holds (processes, a client)."""

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, exc_type, *exc) -> None:
        self.close()


__all__ = ["Executor"]
