"""rouge155: ROUGE-1.5.5 in Python, byte for byte.

The layers, each a package importing only those before it: ``base`` → ``inputs`` → ``text`` →
``metrics`` → ``engine`` → ``output`` → ``semantics`` → ``api``/``pairs`` → ``compat``, ``rouge2``,
``analysis`` → ``audit``, ``meta`` → ``cli`` (docs/design.md).
"""
__version__ = "0.1.0"

# The public names load on first use (PEP 562): the command line imports only what a run needs.
_EXPORTS = {
    "evaluate": "api",
    "iter_results": "api",
    "Result": "api",
    "MetricResult": "api",
    "Options": "base.options",
    "RougeError": "base.errors",
    "OptionError": "base.errors",
    "score_pairs": "pairs",
    "PairScores": "pairs",
    "iter_score_pairs": "streaming",
}

__all__ = ["evaluate", "iter_results", "Options", "Result", "MetricResult", "RougeError", "OptionError", "__version__",
           "score_pairs", "PairScores", "iter_score_pairs"]


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rouge155' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + list(_EXPORTS))
