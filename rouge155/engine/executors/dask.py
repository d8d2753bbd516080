"""Chunks of evaluations on a Dask cluster (``--dask ADDRESS``; the API's ``dask=`` argument).

The driver (this process) reads each chunk's summaries and sends them with the chunk, so workers need
rouge155 installed but not the files. Workers return each chunk's per-instance counts; the driver
gathers them in evaluation order and runs the bootstrap itself, so the output is the same bytes as a
one-process run for any number of workers. Dask reruns a chunk whose worker was lost (the counts are
a pure function of the chunk); if it gives up, the run fails with one clear line and prints no number
it has not computed. Needs ``pip install ".[dask]"``.

A cluster that cannot serve the run ends it within a few seconds, with one line (a
:class:`RougeError`, which the API raises as it is): a scheduler that does not answer, a scheduler
with no worker, a scheduler lost mid-run, workers all gone. The wait for the scheduler and for a
first worker is :data:`WAIT_SECONDS` (``$ROUGE155_DASK_WAIT`` sets it, for clusters that start
workers on demand); on a terminal, a line on stderr says what is awaited meanwhile. Dask logs what
goes wrong through its loggers, tracebacks included: they are silenced while the executor is open
(the one line says what matters).
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time
import uuid

from ...base.errors import RougeError
from ..alloc import reuse_freed_blocks_from_now
from .contract import Executor

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

WAIT_ENV = "ROUGE155_DASK_WAIT"
WAIT_SECONDS = 5.0  # for the scheduler to answer, for a first worker, for a worker again mid-run
POLL_SECONDS = 1.0  # how often a run checks its scheduler and workers
SHARED_BYTES = 1 << 20  # arrays a bootstrap's calls share from this size on: sent to the workers once
STREAM_WINDOW = 3  # a streamed run's chunks in flight per worker thread (results held at most that many)
SILENCED_LOGGERS = ("distributed", "tornado")  # Dask's client and its event loop

_chunks_done = 0  # on a worker: chunks computed (a diagnostic)
_local = threading.local()  # per worker thread: (run id, vocabulary); TokenIds is not thread-safe


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise RougeError("--dask needs Dask's distributed scheduler: pip install \".[dask]\"") from None
    return distributed


def wait_limit() -> float:
    """Seconds to wait for the scheduler and for a worker: ``$ROUGE155_DASK_WAIT``, else
    :data:`WAIT_SECONDS`."""
    raw = os.environ.get(WAIT_ENV, "")
    if not raw:
        return WAIT_SECONDS
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise RougeError(f"{WAIT_ENV}={raw} is not a number of seconds above 0")
    return value


def _first_line(exc: BaseException) -> str:
    """An exception as one line (Dask's messages run over several)."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _silence_logs() -> Callable[[], None]:
    """Silence Dask's loggers now; returns what restores them."""
    disabled = []
    for name, logger in list(logging.root.manager.loggerDict.items()):
        if isinstance(logger, logging.Logger) and name.split(".")[0] in SILENCED_LOGGERS and not logger.disabled:
            logger.disabled = True
            disabled.append(logger)

    def restore() -> None:
        for logger in disabled:
            logger.disabled = False

    return restore


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (OSError, ValueError):  # stderr closed
        return False


def _awaiting(call: Callable[[], Any], what: str, limit: float, show: bool) -> Any:
    """``call()``, which gives up by itself after ``limit`` s; meanwhile, if ``show`` and stderr is a
    terminal, a line there says what is awaited (tqdm, as the run's progress bar; cleared after)."""
    if not (show and _stderr_is_terminal()):
        return call()
    from tqdm import tqdm

    outcome: List[Tuple[bool, Any]] = []

    def attempt() -> None:
        try:
            outcome.append((True, call()))
        except BaseException as exc:  # raised again in the caller's thread
            outcome.append((False, exc))

    thread = threading.Thread(target=attempt, name="rouge155-dask-wait", daemon=True)
    start = time.monotonic()
    bar = tqdm(total=limit, desc=f"rouge155: waiting for {what}", bar_format="{desc} ({n:.0f} of {total:.0f} s)",
               file=sys.stderr, delay=0.5, leave=False, position=0)  # the run's bar has shown nothing yet
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.2)
            bar.update(int(min(limit, time.monotonic() - start)) - bar.n)  # whole seconds waited
    finally:
        bar.close()
    succeeded, value = outcome[0]
    if succeeded:
        return value
    raise value


def _vocabulary(run_id: str, options, word_lists):
    """This thread's vocabulary for the run (built once per thread and run)."""
    from ..batched.chunks import token_vocabulary

    kept = getattr(_local, "vocab", None)
    if kept is None or kept[0] != run_id:
        kept = (run_id, token_vocabulary(options, word_lists))
        _local.vocab = kept
    return kept[1]


def remote_chunk(context, evaluations, first: int, systems, texts: Dict[str, bytes]):
    """On a worker: ``batch.compute_chunk`` over texts sent with the chunk."""
    from ..batched.chunks import compute_chunk
    from ...inputs.sources import MemorySource

    global _chunks_done
    reuse_freed_blocks_from_now()
    run_id, options, word_lists = context
    token_ids = _vocabulary(run_id, options, word_lists)
    out = compute_chunk(evaluations, first, systems, options, token_ids, MemorySource(texts))
    _chunks_done += 1
    return out


def _run_job(job, k: int):
    """On a worker: a streamed run's chunk k, read there."""
    global _chunks_done
    reuse_freed_blocks_from_now()
    out = job(k)
    _chunks_done += 1
    return out


def _score_chunk(job, chunk):
    """On a worker: a streamed run's chunk, read by the driver."""
    global _chunks_done
    reuse_freed_blocks_from_now()
    out = job.score(chunk)
    _chunks_done += 1
    return out


def _with_texts(chunk):
    """A streamed chunk with the summaries it reads, for a worker that does not see the files."""
    from ...inputs.sources import MemorySource

    if not isinstance(chunk.source, MemorySource):
        chunk.source = MemorySource(chunk_texts(chunk.evaluations, chunk.systems, chunk.source))
    return chunk


def _scattered(client, value, sent: Dict[int, Any], limit: float):
    """A call's argument as sent: an array of :data:`SHARED_BYTES` or more (in a list too) scattered
    to every worker once (``sent``: those already sent, by id)."""
    if isinstance(value, (list, tuple)):
        return type(value)(_scattered(client, v, sent, limit) for v in value)
    if getattr(value, "nbytes", 0) < SHARED_BYTES:
        return value
    if id(value) not in sent:
        sent[id(value)] = client.scatter(value, broadcast=True, hash=False, timeout=limit)
    return sent[id(value)]


def _fingerprint(path: str):
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_size, st.st_mtime_ns, st.st_mode & 0o170000)


def _sees(expected) -> bool:
    """On a worker: whether each path has the fingerprint the driver sees."""
    return all(fingerprint is not None and _fingerprint(path) == fingerprint for path, fingerprint in expected)


def chunks_done() -> int:
    """How many chunks this worker process has computed (``client.run(chunks_done)`` asks each)."""
    return _chunks_done


def chunk_texts(evaluations, systems: Sequence[str], source) -> Dict[str, bytes]:
    """The summaries one chunk reads (absent or unreadable ones left out: the worker then reports
    that the step-by-step engine must run, which reproduces the script's error here)."""
    texts: Dict[str, bytes] = {}
    for ev in evaluations:
        paths = [path for _mid, path in ev.model_paths()]
        paths += [ev.peer_path(s) for s in systems if s in ev.peers]
        for path in paths:
            if path in texts:
                continue
            try:
                if source.exists(path):
                    texts[path] = source.read(path)
            except RougeError:
                pass
    return texts


def _connect(distributed, address: str, limit: float, show: bool):
    """A client of the scheduler at ``address`` (one line if it does not answer within ``limit``)."""
    def attempt():
        return distributed.Client(address, timeout=limit, set_as_default=False)

    try:
        return _awaiting(attempt, f"the Dask scheduler at {address}", limit, show)
    except OSError:  # Dask's "Timed out trying to connect" (it retries a refused connection until then)
        raise RougeError(f"cannot reach the Dask scheduler at {address} within {limit:g} s "
                         f"(is it running? {WAIT_ENV}=SECONDS waits longer)") from None
    except Exception as exc:  # a malformed address, something that is not a Dask scheduler...
        raise RougeError(f"cannot reach the Dask scheduler at {address}: {_first_line(exc)}") from None


def _cancel(client: Any, futures) -> None:
    """Nothing left running for a run that has failed."""
    if futures and client.status == "running":
        try:
            client.cancel(list(futures))
        except Exception:
            pass


def _scheduler_gone(client: Any, within: float = 1.0) -> bool:
    """Whether ``client`` has lost its scheduler, given ``within`` s to notice (a result fetched
    through the scheduler can fail a moment before the client sees the connection closed)."""
    deadline = time.monotonic() + within
    while client.status == "running":
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


class DaskCluster(Executor):
    """The engine's chunks on a Dask cluster, each sent with its texts; the bootstrap stays here.

    ``target`` is a ``distributed.Client`` (left open) or a scheduler address (a client is opened
    here and closed at the end). ``show_waiting``: say on a terminal's stderr what the cluster
    keeps us waiting for (the command line, when it shows a progress bar).
    """

    sends_texts = True

    def __init__(self, target: Any, show_waiting: bool = False):
        distributed = _import_distributed()
        self._distributed = distributed
        self._limit = wait_limit()
        self._own = not isinstance(target, distributed.Client)
        self.client: Any = None  # a distributed.Client while connected (used only then)
        self.address = str(target)
        self._restore_logs: Optional[Callable[[], None]] = _silence_logs()
        try:
            self.client = _connect(distributed, self.address, self._limit, show_waiting) if self._own else target
            self.address = self.client.scheduler.address
            self._first_worker(show_waiting)
            self.jobs = max(1, sum(self.client.nthreads().values()))  # chunk sizes: guided over the threads
        except RougeError:
            self.close()
            raise
        except Exception as exc:  # the scheduler went away between two calls
            self.close()
            raise RougeError(f"lost the Dask scheduler at {self.address}: {_first_line(exc)}") from None

    def _first_worker(self, show: bool) -> None:
        limit = self._limit
        try:
            _awaiting(lambda: self.client.wait_for_workers(1, timeout=limit), f"a Dask worker at {self.address}",
                      limit, show)
        except TimeoutError:
            raise RougeError(f"no Dask worker joined the scheduler at {self.address} within {limit:g} s "
                             f"({WAIT_ENV}=SECONDS waits longer)") from None

    def close(self) -> None:
        if self._own and self.client is not None:
            try:
                self.client.close(timeout=self._limit)
            except Exception:
                pass
        self.client = None
        if self._restore_logs is not None:
            self._restore_logs()
            self._restore_logs = None

    def _lost(self) -> RougeError:
        return RougeError(f"lost the Dask scheduler at {self.address} during the run; the run is stopped")

    def _workers_left(self) -> bool:
        """Whether the cluster still has a worker (one line if the scheduler is gone or mute)."""
        if self.client.status != "running":  # the client lost the scheduler and is reconnecting
            raise self._lost()
        try:
            return bool(self.client.nthreads(callback_timeout=self._limit))
        except Exception:
            raise self._lost() from None

    def _collect(self, futures: List[Any], progress: Optional[Callable[[int], None]]) -> List[Any]:
        """The futures' results in submission order. Polls, so that a cluster left with no worker
        (Dask would wait for one forever) stops the run after :func:`wait_limit` seconds."""
        results: List[Any] = [None] * len(futures)
        remaining = list(range(len(futures)))
        last_check = idle_since = time.monotonic()
        while remaining:
            still = []
            for k in remaining:
                if futures[k].done():
                    results[k] = futures[k].result()  # re-raises a worker's exception (NeedsStepByStep...)
                    if progress:
                        progress(k)
                else:
                    still.append(k)
            if len(still) < len(remaining):
                idle_since = time.monotonic()
            remaining = still
            if not remaining:
                break
            now = time.monotonic()
            if now - last_check >= POLL_SECONDS:
                last_check = now
                if self._workers_left():
                    idle_since = now
                elif now - idle_since > self._limit:
                    raise RougeError(f"no Dask worker left for {self._limit:g} s with {len(remaining)} "
                                     f"chunk(s) to compute; the run is stopped")
            self._wait_any([futures[k] for k in remaining], POLL_SECONDS - (time.monotonic() - last_check))
        return results

    def _wait_any(self, pending: List[Any], seconds: float) -> None:
        """Until one of ``pending`` is done, ``seconds`` at most: a blocking wait (polling every few
        milliseconds cost the driver 4% of a core, as much as a worker's chunk of 400 pairs a second).
        Without ``as_current``, ``wait`` raised at once ("No clients found": the client is not made the
        default, so as not to change the caller's), and the loop spun a whole core (measured: 410,000
        calls in a 100,000-pair run)."""
        try:
            with self.client.as_current():  # wait() finds its client there: ours is not the default one
                self._distributed.wait(pending, timeout=max(0.01, seconds), return_when="FIRST_COMPLETED")
        except Exception:  # the time is up, or the connection is lost (the next check says which)
            pass

    def run_chunks(self, tasks: Sequence[Tuple[Sequence, int, List[str]]], options, word_lists, source,
                   progress: Optional[Callable[[int], None]] = None) -> List[Any]:
        """``compute_chunk`` for each (evaluations, first index, systems) on the cluster, in order."""
        client = self.client
        run_id = uuid.uuid4().hex
        futures: List[Any] = []
        try:
            context = client.scatter((run_id, options, word_lists), broadcast=True, hash=False, timeout=self._limit)
            for k, (evals, first, systems) in enumerate(tasks):
                texts = chunk_texts(evals, systems, source)
                futures.append(client.submit(remote_chunk, context, list(evals), first, list(systems), texts,
                                             key=f"rouge155-{run_id}-{k}", pure=False))
            return self._collect(futures, progress)
        except BaseException as exc:
            _cancel(self.client, futures)
            raise self._failure(exc) from None

    def stream_tasks(self, n_tasks: int, job: Callable[[int], Any],
                     progress: Optional[Callable[[int], None]] = None) -> Iterator[Any]:
        """A streamed run's ``job(k)`` on the cluster, yielded in order, at most :data:`STREAM_WINDOW`
        chunks per thread in flight. Workers that see the input's files (same size and time) read
        their chunks themselves; else this process reads each chunk and sends it (``job.score``)."""
        client = self.client
        run_id = uuid.uuid4().hex
        futures: Dict[int, Any] = {}
        try:
            paths = job.paths  # type: ignore[attr-defined]  # a StreamJob
            shared = paths is not None and self._workers_see(paths)
            job_future = client.scatter(job, broadcast=True, hash=False, timeout=self._limit)
            window, submitted = STREAM_WINDOW * self.jobs, 0
            for k in range(n_tasks):
                while submitted < n_tasks and submitted < k + window:
                    key = f"rouge155-{run_id}-{submitted}"
                    if shared:
                        futures[submitted] = client.submit(_run_job, job_future, submitted, key=key, pure=False)
                    else:
                        chunk = _with_texts(job.read(submitted))  # type: ignore[attr-defined]
                        futures[submitted] = client.submit(_score_chunk, job_future, chunk, key=key, pure=False)
                    submitted += 1
                result = self._collect([futures.pop(k)], None)[0]
                if progress:
                    progress(k)
                yield result
        except BaseException as exc:
            _cancel(self.client, futures.values())
            raise self._failure(exc) from None

    @property
    def active(self) -> int:
        """The bootstrap's shares: one per worker thread (large bootstraps only: ``aggregate``)."""
        return self.jobs

    def map(self, func: Callable[..., Any], calls: Sequence[tuple]) -> List[Any]:
        """``[func(*args) for args in calls]`` on the cluster, in order; the arrays the calls share
        (a bootstrap's table) are sent to the workers once, not once per call."""
        sent: Dict[int, Any] = {}
        futures: List[Any] = []
        try:
            for args in calls:
                sending = [_scattered(self.client, a, sent, self._limit) for a in args]
                futures.append(self.client.submit(func, *sending, pure=False))
            return self._collect(futures, None)
        except BaseException as exc:
            _cancel(self.client, futures)
            raise self._failure(exc) from None

    def _workers_see(self, paths: Sequence[str]) -> bool:
        """Whether every worker sees ``paths`` as this process does (same size and modification time)."""
        expected = [(path, _fingerprint(path)) for path in paths]
        try:
            seen = self.client.run(_sees, expected)
        except Exception:
            return False
        return bool(seen) and all(seen.values())

    def _failure(self, exc: BaseException) -> BaseException:
        """What a failed run raises: the engine's own exceptions as they are, Dask's as one line."""
        distributed = self._distributed
        if isinstance(exc, RougeError) or not isinstance(exc, (Exception, distributed.CancelledError)):
            return exc  # ours (one line already), or KeyboardInterrupt...
        if isinstance(exc, distributed.KilledWorker):
            return RougeError("Dask gave up on a chunk: the workers running it died; the run is stopped")
        if isinstance(exc, (OSError, TimeoutError, distributed.CancelledError)):
            if _scheduler_gone(self.client):
                return self._lost()
            return RougeError(f"lost the Dask cluster during the run ({type(exc).__name__}: {_first_line(exc)}); "
                              f"the run is stopped")
        return exc  # a worker's exception (NeedsStepByStep...)


__all__ = ["DaskCluster", "remote_chunk", "chunk_texts", "chunks_done", "wait_limit", "WAIT_ENV"]
