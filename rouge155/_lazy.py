"""Modules loaded on first use: numpy costs more to import than a small run takes.

numpy (with its OpenBLAS) also needs about 150 MB of address space just to load, and OpenBLAS ends
the process itself when it cannot have it; under a tighter ``ulimit -v`` the engines run without it.
"""
from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

NUMPY_ADDRESS_SPACE = 256 << 20  # below this RLIMIT_AS, numpy is not loaded at all


def lazy_import(name: str) -> ModuleType:
    """``name`` as a module that is executed when one of its attributes is first used."""
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"No module named {name!r}")
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


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


def load_numpy() -> ModuleType:
    """numpy, loaded now; a failure to load it is one line (RougeError), not a traceback later."""
    from .errors import RougeError

    try:
        import numpy

        numpy.ndarray  # executes a lazily imported module
    except (ImportError, MemoryError) as exc:
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        raise RougeError(f"rouge155: cannot load numpy ({reason})") from None
    return numpy
