"""Both paths of the per-pair API: the numpy engine and the compiled kernels (numba, when installed)."""
import pytest

from rouge155.text import jit


def use_kernels(which: str, monkeypatch) -> str:
    """``"numpy"``: ROUGE155_JIT=0; ``"compiled"``: ROUGE155_JIT=1 whatever the size of the call (skips
    where numba is not installed)."""
    if which == "numpy":
        monkeypatch.setenv(jit.ENV, "0")
    elif not jit.available():
        pytest.skip("numba not installed (pip install \".[jit]\"): the compiled path is not used")
    else:
        monkeypatch.setenv(jit.ENV, "1")
    return which
