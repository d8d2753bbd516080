"""Allocator tuning for large batched runs (glibc only; a no-op elsewhere).

The batched kernels make and drop many temporary arrays of a few MB. glibc serves each of those
with a fresh mmap (above its 128 KB default threshold) and unmaps it when freed, so every temporary
costs page faults: about 0.15 s of system time on a full-size run. While the metrics run, raising
the mmap and trim thresholds lets freed blocks be reused instead (the peak RSS is unchanged); the
thresholds go back to glibc's initial values afterwards and the freed memory goes back to the system.

Only in rouge155's own processes (:func:`own_process`: the ``rouge155`` command, its ``--jobs``
workers): a threshold set by ``mallopt`` stays fixed for the rest of the process, since glibc then
stops adapting it to the blocks freed, so a program that calls the API would be left with an
allocator that maps every block past 128 KB afresh. There the tuning is not applied at all.
"""
from __future__ import annotations

import sys

TYPE_CHECKING = False  # (contextlib, threading and typing are not imported: the command imports this at start-up)
if TYPE_CHECKING:
    from typing import Optional

_M_TRIM_THRESHOLD = -1
_M_TOP_PAD = -2
_M_MMAP_THRESHOLD = -3
_GLIBC_DEFAULT = 128 * 1024  # glibc's initial mmap and trim thresholds and top pad


def _libc():
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        libc.mallopt, libc.malloc_trim  # noqa: B018 - glibc only (musl has neither)
        return libc
    except (OSError, AttributeError, ImportError):
        return None


_depth = [0]  # blocks entered and not left (nested ones leave the tuning to the outermost)
_owned = [False]  # whether this process is rouge155's own (own_process)


def own_process() -> None:
    """Mark this process as rouge155's own (the command, a worker it started): its allocator may be
    tuned (:func:`reuse_freed_blocks`). Not for a process that runs other code after rouge155's."""
    _owned[0] = True


class _Tuned:
    """While entered, allocations up to ``limit`` bytes come from the heap and freed memory is kept
    for reuse (``limit`` None: nothing changes). A nested block keeps the outermost one's setting."""

    def __init__(self, limit: Optional[int]):
        self.limit = limit
        self.libc = None

    def __enter__(self) -> None:
        limit, libc = self.limit, None
        if limit is not None and not _depth[0]:
            libc = _libc()
            if libc is not None:
                libc.mallopt(_M_MMAP_THRESHOLD, limit)
                libc.mallopt(_M_TRIM_THRESHOLD, 2 * limit)
                libc.mallopt(_M_TOP_PAD, limit)
        self.libc = libc
        _depth[0] += 1

    def __exit__(self, *_exc) -> None:
        _depth[0] -= 1
        libc = self.libc
        if libc is not None:
            libc.mallopt(_M_MMAP_THRESHOLD, _GLIBC_DEFAULT)
            libc.mallopt(_M_TRIM_THRESHOLD, _GLIBC_DEFAULT)
            libc.mallopt(_M_TOP_PAD, _GLIBC_DEFAULT)
            libc.malloc_trim(0)


def reuse_freed_blocks(limit: int = 64 << 20) -> _Tuned:
    """A block (``with``) within which allocations up to ``limit`` bytes come from the heap and freed
    memory is kept for reuse, in rouge155's own processes (elsewhere nothing changes). Nested blocks
    (a worker's chunk inside a run) keep the outermost one's setting."""
    return _Tuned(limit if _owned[0] else None)


_kept: list = []  # the block reuse_freed_blocks_from_now entered


def reuse_freed_blocks_from_now(limit: int = 64 << 20) -> None:
    """:func:`reuse_freed_blocks` for the rest of the process, from the first call on (later calls do
    nothing): for a Dask worker, whose chunks come one task at a time. Entered and left per chunk,
    the tuning gave the freed memory back after each chunk and the next one page-faulted it in again
    (1.7 s of system time against 0.2 s per 100,000 pairs). Freed memory up to the tuning's trim
    threshold is kept for reuse. (A worker of a Dask cluster: tuned whether or not rouge155 started it,
    since it runs the chunks the cluster sends; that is what its 2-worker speed-up needs.)"""
    with _kept_lock():
        if not _kept:
            block = _Tuned(limit)
            block.__enter__()  # (never left: nested blocks then leave the tuning as it is)
            _kept.append(block)


def _kept_lock():
    """The lock of ``_kept`` (made on first use: threading is not imported before)."""
    if not _lock:
        import threading

        _lock.append(threading.Lock())
    return _lock[0]


_lock: list = []
