"""Whether the optional compiled kernels (numba, ``pip install ".[jit]"``) are used for a call.

Only the per-pair API (``rouge155.score_pairs`` and the compat entry points built on it) uses them:
importing numba and loading the kernels from numba's on-disk cache costs about 0.8 s and 130 MB
once per process (compiling them, the first time ever, some seconds more), which a command-line
run must never pay and a call of a few pairs should not. So by default (:func:`wanted`) a process
takes the compiled path once it has asked for :data:`AUTO_PAIRS` pairs in all (or numba is already
loaded); ``ROUGE155_JIT=1`` takes it whenever numba is installed, ``ROUGE155_JIT=0`` never. Either
way the numbers are the same: without numba they come from the numpy path.
"""
from __future__ import annotations

import os
import sys

ENV = "ROUGE155_JIT"  # "1": always (when installed); "0": never (the numpy path); unset: by size
AUTO_PAIRS = 2000  # about what the numpy path scores in the time the kernels take to load
_found = None
_asked = 0  # pairs asked for in this process so far


def available() -> bool:
    """numba is installed and not switched off by ``ROUGE155_JIT=0`` (looked up once; not imported)."""
    global _found
    if os.environ.get(ENV, "") == "0":
        return False
    if _found is None:
        from importlib.util import find_spec

        _found = find_spec("numba") is not None
    return _found


def wanted(pairs: int) -> bool:
    """Whether a call of ``pairs`` pairs takes the compiled path (see the module's note)."""
    global _asked, _found
    setting = os.environ.get(ENV, "")  # read once per call (a per-pair API calls this for every pair)
    if setting == "0":
        return False
    if _found is None:
        available()
    if not _found:
        return False
    _asked += pairs
    return setting == "1" or "numba" in sys.modules or _asked >= AUTO_PAIRS

