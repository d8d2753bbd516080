"""Hugging Face ``evaluate``'s ``rouge`` metric with the Perl's numbers.

``compute(predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False,
tokenizer=None)`` returns what ``evaluate.load("rouge").compute(...)`` returns: with the aggregator,
``{rouge_type: float}`` (the aggregate F: here the Perl's bootstrap average, seeded); without it,
``{rouge_type: [F per pair]}``. ``references[i]`` may be a list (several references: the Perl's
``-f B``, as ``score_multi``). This module needs neither ``evaluate`` nor ``datasets``;
:data:`METRIC_PATH` is a metric script for ``evaluate.load(METRIC_PATH)`` (that needs them).

``semantics="rouge-score"``: what ``evaluate.load("rouge").compute(...)`` returns, float for float
(rouge-score underneath; its bootstrap seeded as ``evaluate`` seeds it: from numpy's global state at
the call, or ``seed``, as ``evaluate.load("rouge", seed=...)``).
"""
from __future__ import annotations

import os
from typing import Callable, Dict, List, Optional, Sequence, Union

from ..base import arguments
from ..semantics import PERL, check
from ..semantics import rouge_score as _rouge_score
from .mapping import score_batch
from .scoring import bootstrap

SEMANTICS = _rouge_score.NAME  # semantics=SEMANTICS: evaluate's own numbers (rouge-score underneath)

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
    *,
    semantics: str = PERL,
    seed: Optional[int] = None,
) -> Dict[str, Union[float, List[float]]]:
    """ROUGE F-measures as ``evaluate``'s rouge returns them, computed as ROUGE-1.5.5.pl does
    (``semantics="rouge-score"``: as rouge-score does, the numbers ``evaluate``'s own metric gives)."""
    own = check(semantics, (PERL, SEMANTICS)) == SEMANTICS
    seed = arguments.seed(seed)
    predictions, references = _checked(predictions, references)
    if rouge_types is None:
        rouge_types = list(DEFAULT_TYPES)
    if len(predictions) != len(references):
        raise ValueError(f"Mismatch in the number of predictions ({len(predictions)}) "
                         f"and references ({len(references)})")
    if own:
        return _rouge_score_compute(predictions, references, list(rouge_types), use_aggregator, use_stemmer,
                                    tokenizer, seed)
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


def _checked(predictions, references):
    """evaluate's own checks: one string is a sequence (of characters: evaluate scores ``"a b"`` as three
    predictions, and so does this drop-in); an item that is not a str (or, for references, a list of str)
    is the ValueError evaluate raises (its features are ``Value("string")``)."""
    if predictions is None or references is None:
        raise ValueError("predictions and references are required (evaluate: call add or add_batch first)")
    predictions = arguments.text_list(predictions if not isinstance(predictions, str) else list(predictions),
                                      "predictions")
    references = arguments.text_list(references if not isinstance(references, str) else list(references),
                                     "references")
    for where, values in (("predictions", predictions), ("references", references)):
        for i, value in enumerate(values):
            ok = isinstance(value, str) or (where == "references" and isinstance(value, (list, tuple))
                                            and all(isinstance(v, str) for v in value))
            if not ok:
                raise ValueError(f"{where}[{i}] is {type(value).__name__} {value!r:.60}: evaluate's rouge takes "
                                 f"{'a str or a list of str' if where == 'references' else 'a str'} (its features)")
    return predictions, references


def _evaluate_seed() -> int:
    """The seed ``evaluate`` takes when none is given: a word of numpy's global random state."""
    state = np.random.get_state(legacy=False)["state"]  # MT19937's key words and position
    keys, pos = state["key"], state["pos"]
    return int(keys[pos] if pos < 624 else keys[0])


def _rouge_score_compute(predictions, references, rouge_types, use_aggregator, use_stemmer, tokenizer, seed):
    """evaluate's ``rouge`` ``_compute``: ``score_multi`` when the first reference is a list, else
    ``score``; the aggregate is ``BootstrapAggregator().aggregate()[type].mid.fmeasure``, drawn under
    ``temp_seed(seed)`` (numpy's global state is restored afterwards)."""
    multi = not isinstance(references[0], (str, bytes)) if len(references) else False
    if any(isinstance(r, (str, bytes)) == multi for r in references):
        raise ValueError("references must be all texts or all lists of texts")
    refs = [list(r) for r in references] if multi else [[r] for r in references]
    tok = _CallableTokenizer(tokenizer) if tokenizer is not None else None
    values = _rouge_score.score_pairs(list(predictions), refs, rouge_types, use_stemmer, False, tok)
    if not len(predictions):
        return {}
    if not use_aggregator:
        return {t: values[t].fmeasure.tolist() for t in values}
    state = np.random.get_state()
    np.random.seed(_evaluate_seed() if seed is None else seed)
    try:
        result: Dict[str, Union[float, List[float]]] = {}
        for t, v in values.items():
            matrix = np.stack([v.precision, v.recall, v.fmeasure], axis=1)
            result[t] = float(_rouge_score.bootstrap_resample(matrix, 1000, 0.95)[1, 2])
        return result
    finally:
        np.random.set_state(state)
