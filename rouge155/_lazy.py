"""Modules and regular expressions made on first use: numpy costs more to import than a small run
takes, and compiling every pattern a run might need was a tenth of a small run's start-up.

numpy (with its OpenBLAS) also needs about 150 MB of address space just to load, and OpenBLAS ends
the process itself when it cannot have it; under a tighter ``ulimit -v`` the engines run without it.
"""
from __future__ import annotations

import sys

NUMPY_ADDRESS_SPACE = 256 << 20  # below this RLIMIT_AS, numpy is not loaded at all


class _Lazy:
    """Stands for a module until one of its attributes is used; then holds the module's names, so
    that later look-ups cost what a module's do."""

    def __init__(self, name: str):
        self.__name = name

    def __getattr__(self, attr: str):
        module = sys.modules.get(self.__name) or __import__(self.__name)
        self.__dict__.update(module.__dict__)
        return getattr(module, attr)


def lazy_import(name: str):
    """``name`` as an object that imports the module when one of its attributes is first used."""
    return sys.modules.get(name) or _Lazy(name)


class _LazyPattern:
    """Stands for a compiled pattern until one of its methods is used; then holds the pattern's
    bound methods (a later ``p.match(s)`` costs what the compiled pattern's does)."""

    def __init__(self, pattern, flags: int):
        self.__args = (pattern, flags)

    def __getattr__(self, attr: str):
        import re

        compiled = re.compile(*self.__args)
        for name in ("match", "search", "fullmatch", "findall", "finditer", "sub", "subn", "split"):
            self.__dict__[name] = getattr(compiled, name)
        return getattr(compiled, attr)


def lazy_regex(pattern, flags: int = 0):
    """``re.compile(pattern, flags)``, compiled when first used (for patterns most runs never use)."""
    return _LazyPattern(pattern, flags)


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
