"""Allocator tuning for large batched runs (glibc only; a no-op elsewhere).

The batched kernels make and drop many temporary arrays of a few MB. glibc serves each of those
with a fresh mmap (above its 128 KB default threshold) and unmaps it when freed, so every temporary
costs page faults: about 0.15 s of system time on a full-size run. Raising the mmap threshold and
the trim threshold lets freed blocks be reused instead; the peak RSS is unchanged.
"""
from __future__ import annotations

import sys

_M_TRIM_THRESHOLD = -1
_M_TOP_PAD = -2
_M_MMAP_THRESHOLD = -3
_done = []


def keep_freed_blocks(limit: int = 64 << 20) -> None:
    """Once per process: blocks up to ``limit`` bytes from the heap, and freed memory kept for reuse."""
    if _done or not sys.platform.startswith("linux"):
        return
    _done.append(True)
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError, ImportError):  # not glibc (musl has no mallopt): nothing to tune
        return
    mallopt(_M_MMAP_THRESHOLD, limit)
    mallopt(_M_TRIM_THRESHOLD, 2 * limit)
    mallopt(_M_TOP_PAD, limit)
