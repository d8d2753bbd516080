"""Modules and regular expressions made on first use: numpy costs more to import than a small run
takes, and compiling every pattern a run might need was a tenth of a small run's start-up.

numpy (with its OpenBLAS) also needs about 150 MB of address space just to load, and OpenBLAS ends
the process itself when it cannot have it; under a tighter ``ulimit -v`` the engines run without it.
"""
from __future__ import annotations

import re
import sys

NUMPY_ADDRESS_SPACE = 256 << 20  # below this RLIMIT_AS, numpy is not loaded at all


class _Lazy:
    """Stands for an object (a module, a compiled pattern) until one of its attributes is used; then
    holds its attributes (``names``, else all of them), so that later look-ups cost what the
    object's own do."""

    def __init__(self, load, names=None):
        self.__load = load
        self.__names = names

    def __getattr__(self, attr: str):
        obj = self.__load()
        names = self.__names if self.__names is not None else list(vars(obj))
        self.__dict__.update((name, getattr(obj, name)) for name in names)
        return getattr(obj, attr)


def lazy_import(name: str):
    """``name`` as an object that imports the module when one of its attributes is first used."""
    return sys.modules.get(name) or _Lazy(lambda: sys.modules.get(name) or __import__(name))


TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    import numpy as np  # what a type checker sees
else:
    np = lazy_import("numpy")  # the modules that use numpy import it from here: loaded on first use


_PATTERN_METHODS = ("match", "search", "fullmatch", "findall", "finditer", "sub", "subn", "split")


def lazy_regex(pattern, flags: int = 0):
    """``re.compile(pattern, flags)``, compiled when first used (for patterns most runs never use)."""
    return _Lazy(lambda: re.compile(pattern, flags), _PATTERN_METHODS)


def numpy_usable() -> bool:
    """Whether numpy may be loaded: not under an address-space limit it cannot start in."""
    if "numpy._core" in sys.modules or "numpy.core" in sys.modules:
        return True
    try:
        import resource
    except ImportError:  # not a POSIX system: no such limit
        return True
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    return soft == resource.RLIM_INFINITY or soft >= NUMPY_ADDRESS_SPACE


def load_numpy():
    """numpy, loaded now; a failure to load it is one line (RougeError), not a traceback later."""
    from .errors import RougeError

    try:
        import numpy
    except (ImportError, MemoryError) as exc:
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        raise RougeError(f"rouge155: cannot load numpy ({reason})") from None
    return numpy
