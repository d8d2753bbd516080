"""rouge155: ROUGE-1.5.5 in Python, byte for byte."""
import sys
import types

__version__ = "0.1.0"

# The public names load on first use (PEP 562): the command line imports only what a run needs.
_EXPORTS = {
    "iter_results": "api",
    "Result": "api",
    "MetricResult": "api",
    "Options": "options",
    "RougeError": "errors",
    "OptionError": "errors",
    "score_pairs": "pairs",
    "PairScores": "pairs",
}

__all__ = ["evaluate", "iter_results", "Options", "Result", "MetricResult", "RougeError", "OptionError", "__version__",
           "score_pairs", "PairScores"]


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rouge155' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + list(_EXPORTS) + ["evaluate"])


class _Package(types.ModuleType):
    """``rouge155.evaluate`` is the API function, although the engine's submodule has that name too
    (loading the submodule would otherwise rebind the package's attribute to it)."""

    @property
    def evaluate(self):
        from .api import evaluate

        return evaluate

    @evaluate.setter
    def evaluate(self, value) -> None:
        pass  # the submodule stays in sys.modules["rouge155.evaluate"]


sys.modules[__name__].__class__ = _Package
