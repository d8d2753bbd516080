"""Whether the optional compiled kernels (numba, ``pip install ".[jit]"``) may be used.

Only the per-pair API (``rouge155.score_pairs`` and the compat entry points built on it) uses them:
importing numba costs about 0.3-0.5 s and 100 MB, which a command-line run must never pay, and the
kernels compile on their first call (then load from numba's on-disk cache). Without numba, or with
``ROUGE155_JIT=0`` in the environment, the same numbers come from the pure numpy path.
"""
from __future__ import annotations

import os

ENV = "ROUGE155_JIT"  # "0": never use the compiled kernels (the pure path; tests compare both)
_found = None


def available() -> bool:
    """numba is installed and not switched off by ``ROUGE155_JIT=0`` (looked up once; not imported)."""
    global _found
    if os.environ.get(ENV, "") == "0":
        return False
    if _found is None:
        from importlib.util import find_spec

        _found = find_spec("numba") is not None
    return _found
