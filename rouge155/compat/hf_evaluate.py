"""Hugging Face ``evaluate``'s ``rouge`` metric with the Perl's numbers.

``compute(predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False,
tokenizer=None)`` returns what ``evaluate.load("rouge").compute(...)`` returns: with the aggregator,
``{rouge_type: float}`` (the aggregate F: here the Perl's bootstrap average, seeded); without it,
``{rouge_type: [F per pair]}``. ``references[i]`` may be a list (several references: the Perl's
``-f B``, as ``score_multi``). This module needs neither ``evaluate`` nor ``datasets``;
:data:`METRIC_PATH` is a metric script for ``evaluate.load(METRIC_PATH)`` (that needs them).
"""
from __future__ import annotations

import os
from typing import Callable, Dict, List, Optional, Sequence, Union

from .mapping import score_batch
from .scoring import bootstrap

import numpy as np

DEFAULT_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
METRIC_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hf_metric", "rouge155.py")


class _CallableTokenizer:
    """evaluate passes a function (text -> tokens); rouge-score wants an object with ``tokenize``."""

    def __init__(self, func: Callable[[str], List[str]]):
        self.func = func

    def tokenize(self, text: str) -> List[str]:
        return self.func(text)


def compute(
    predictions: Sequence[str],
    references: Sequence[Union[str, Sequence[str]]],
    rouge_types: Optional[Sequence[str]] = None,
    use_aggregator: bool = True,
    use_stemmer: bool = False,
    tokenizer: Optional[Callable[[str], List[str]]] = None,
) -> Dict[str, Union[float, List[float]]]:
    """ROUGE F-measures as ``evaluate``'s rouge returns them, computed as ROUGE-1.5.5.pl does."""
    if rouge_types is None:
        rouge_types = list(DEFAULT_TYPES)
    if len(predictions) != len(references):
        raise ValueError(f"Mismatch in the number of predictions ({len(predictions)}) "
                         f"and references ({len(references)})")
    refs = [[r] if isinstance(r, str) else list(r) for r in references]
    tok = _CallableTokenizer(tokenizer) if tokenizer is not None else None
    arrays = score_batch(list(rouge_types), list(predictions), refs, use_stemmer, False, tok, "B")
    if use_aggregator:
        result: Dict[str, Union[float, List[float]]] = {}
        for t in rouge_types:
            p, r, f = arrays[t]
            values = np.stack([r, p, f], axis=1) if len(f) else np.zeros((0, 3))
            result[t] = float(bootstrap(values, 1000, 95).mean[2])
        return result
    return {t: [float(x) for x in arrays[t][2]] for t in rouge_types}
