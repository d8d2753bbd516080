"""Chunks of evaluations on a Dask cluster (``--dask ADDRESS``; the API's ``dask=`` argument).

The driver (this process) reads each chunk's summaries and sends them with the chunk, so workers need
rouge155 installed but not the files. Workers return each chunk's per-instance counts; the driver
gathers them in evaluation order and runs the bootstrap itself, so the output is the same bytes as a
one-process run for any number of workers. Dask reruns a chunk whose worker was lost (the counts are
a pure function of the chunk); if it gives up, the run fails with one clear line and prints no number
it has not computed. Needs ``pip install rouge155[dask]``.
"""
from __future__ import annotations

import threading
import time
import uuid
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ...base.errors import RougeError
from .contract import Executor

CONNECT_TIMEOUT = 15.0  # seconds to reach the scheduler, and again to see a first worker

_chunks_done = 0  # on a worker: chunks computed (a diagnostic)
_local = threading.local()  # per worker thread: (run id, vocabulary); TokenIds is not thread-safe


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise RougeError("--dask needs Dask's distributed scheduler: pip install rouge155[dask]") from None
    return distributed


def _vocabulary(run_id: str, options, language):
    """This thread's vocabulary for the run (built once per thread and run)."""
    from ..batched.chunks import token_vocabulary

    kept = getattr(_local, "vocab", None)
    if kept is None or kept[0] != run_id:
        kept = (run_id, token_vocabulary(options, language))
        _local.vocab = kept
    return kept[1]


def remote_chunk(context, evaluations, first: int, systems, texts: Dict[str, bytes]):
    """On a worker: ``batch.compute_chunk`` over texts sent with the chunk."""
    from ..batched.chunks import compute_chunk
    from ...inputs.sources import MemorySource

    global _chunks_done
    run_id, options, language = context
    token_ids = _vocabulary(run_id, options, language)
    out = compute_chunk(evaluations, first, systems, options, token_ids, MemorySource(texts))
    _chunks_done += 1
    return out


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


class DaskCluster(Executor):
    """The engine's chunks on a Dask cluster, each sent with its texts; the bootstrap stays here.

    ``target`` is a ``distributed.Client`` (left open) or a scheduler address (a client is opened
    here and closed at the end).
    """

    sends_texts = True
    active = 1  # the bootstrap's processes: this one (its draws are cheap beside moving the tables)

    def __init__(self, target: Any):
        distributed = _import_distributed()
        self._distributed = distributed
        self._own = not isinstance(target, distributed.Client)
        if self._own:
            try:
                self.client = distributed.Client(str(target), timeout=CONNECT_TIMEOUT, set_as_default=False)
            except Exception as exc:  # OSError, TimeoutError, ValueError for a malformed address...
                raise RougeError(f"cannot reach the Dask scheduler at {target}: {exc}") from None
        else:
            self.client = target
        try:
            self.client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except Exception:
            self.close()
            raise RougeError(f"no Dask worker joined the scheduler at {self.client.scheduler.address} "
                             f"within {CONNECT_TIMEOUT:g} s") from None
        threads = sum(self.client.nthreads().values())
        self.jobs = max(1, threads)  # for the chunk sizes: guided over the cluster's threads

    def close(self) -> None:
        if self._own and getattr(self, "client", None) is not None:
            try:
                self.client.close()
            except Exception:
                pass
            self.client = None

    def _collect(self, futures: List[Any], progress: Optional[Callable[[int], None]]) -> List[Any]:
        """The futures' results in submission order. Polls, so that a cluster left with no worker
        (Dask would wait for one forever) stops the run after ``CONNECT_TIMEOUT`` seconds."""
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
            if now - last_check >= 1.0:
                last_check = now
                if self.client.nthreads():
                    idle_since = now
                elif now - idle_since > CONNECT_TIMEOUT:
                    raise RougeError(f"no Dask worker left for {CONNECT_TIMEOUT:g} s with {len(remaining)} "
                                     f"chunk(s) to compute; the run is stopped")
            time.sleep(0.005)
        return results

    def run_chunks(self, tasks: Sequence[Tuple[Sequence, int, List[str]]], options, language, source,
                   progress: Optional[Callable[[int], None]] = None) -> List[Any]:
        """``compute_chunk`` for each (evaluations, first index, systems) on the cluster, in order."""
        distributed = self._distributed
        client = self.client
        run_id = uuid.uuid4().hex
        futures: List[Any] = []
        try:
            context = client.scatter((run_id, options, language), broadcast=True, hash=False)
            for k, (evals, first, systems) in enumerate(tasks):
                texts = chunk_texts(evals, systems, source)
                futures.append(client.submit(remote_chunk, context, list(evals), first, list(systems), texts,
                                             key=f"rouge155-{run_id}-{k}", pure=False))
            return self._collect(futures, progress)
        except BaseException as exc:
            if futures:
                try:
                    client.cancel(futures)  # nothing left running for a run that has failed
                except Exception:
                    pass
            if isinstance(exc, distributed.KilledWorker):
                raise RougeError(f"Dask gave up on a chunk: the workers running it died ({exc}); the run is stopped") from None
            if isinstance(exc, (OSError, TimeoutError, distributed.CancelledError)):
                raise RougeError(f"lost the Dask cluster during the run ({type(exc).__name__}: {exc}); "
                                 f"the run is stopped") from None
            raise


__all__ = ["DaskCluster", "remote_chunk", "chunk_texts"]
