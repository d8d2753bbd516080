"""Other implementations' ROUGE, each exactly: one module per implementation, each a :class:`Semantics`.

``rouge_score`` (rouge-score 0.1.2, under HF evaluate), ``torchmetrics`` (torchmetrics 1.9),
``pltrdy`` (the ``rouge`` package 1.0.1), ``py_rouge`` (py-rouge 1.1). Each states its rules
(tokenizer, stemmer, sentence splitter, F formula, multi-reference policy, aggregation) and scores
batches over the shared kernels of :mod:`rouge155.metrics.pairwise`. The Perl's own semantics is
the rest of the engine; ``rouge155.compat.semantics`` lists all of them, the Perl's included.
"""
from __future__ import annotations

from importlib import import_module

from .base import MissingDependency, PairArrays, Rule, Semantics

_MODULES = {"rouge-score": "rouge_score", "torchmetrics": "torchmetrics", "pltrdy": "pltrdy", "py-rouge": "py_rouge"}
NAMES = tuple(_MODULES)


def get(name: str) -> Semantics:
    """The :class:`Semantics` called ``name`` (one of :data:`NAMES`)."""
    module = _MODULES.get(name) if isinstance(name, str) else None
    if module is None:
        raise ValueError(f"unknown semantics {name!r}: use one of {', '.join(('perl',) + NAMES)}")
    return import_module(f"{__name__}.{module}").SEMANTICS


__all__ = ["get", "NAMES", "Semantics", "Rule", "PairArrays", "MissingDependency"]
