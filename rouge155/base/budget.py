"""Requests too large to meet are refused before they allocate (docs/hostile-input.md).

Every option that multiplies work (resamples, ROUGE-N orders, subsets of references, variants) is
checked here against what it would allocate: one line naming the option and the size, instead of a
process that grows to the memory limit and then fails.
"""
from __future__ import annotations

from .errors import OptionError

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Optional, Type

_UNKNOWN = 1 << 62  # no measure of the memory: nothing is refused on memory alone
_ALWAYS_FITS = 1 << 26  # requests below 64 MB are not checked


def available_memory() -> int:
    """Bytes this process may still allocate: the system's available memory (Linux's MemAvailable,
    else the physical memory), or the address-space limit (``ulimit -v``) where that is lower."""
    best = _UNKNOWN
    try:
        with open("/proc/meminfo", "rb") as fh:
            for line in fh:
                if line.startswith(b"MemAvailable:"):
                    best = int(line.split()[1]) * 1024
                    break
    except (OSError, ValueError, IndexError):
        try:
            import os

            best = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        except (AttributeError, ValueError, OSError):
            pass
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            best = min(best, soft)
    except (ImportError, OSError, ValueError):
        pass
    return best


def size_text(nbytes: float) -> str:
    """``12 GB``, ``310 MB``, ``2.4e+21 bytes``: a size for a message."""
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if nbytes >= scale:
            value = nbytes / scale
            if value >= 1e4:
                return f"{nbytes:.2g} bytes"
            return f"{value:.3g} {unit}"
    return f"{int(nbytes)} bytes"


def refuse_beyond_memory(what: str, nbytes: float, error: Type[Exception] = OptionError,
                         available: Optional[int] = None) -> None:
    """Raise ``error`` ("WHAT would need about N GB of memory (M GB available)") when ``nbytes``
    exceeds the memory this process may still allocate."""
    if nbytes < _ALWAYS_FITS and available is None:  # the usual requests: the system is not asked
        return
    room = available_memory() if available is None else available
    if nbytes > room:
        raise error(f"{what} would need about {size_text(nbytes)} of memory ({size_text(room)} available)")


def refuse_beyond(what: str, count: float, limit: float, advice: str, error: Type[Exception] = OptionError) -> None:
    """Raise ``error`` ("WHAT: N, more than the limit of L; ADVICE") when ``count`` exceeds ``limit``:
    work that would run for hours although it fits in memory."""
    if count > limit:
        raise error(f"{what} is {count:,}, more than the {int(limit):,} this tool computes; {advice}")
