"""The number a reward is: one measure of one metric, or a weighted sum of several, of a completion
against its references, under any implementation's semantics (the Perl's by default).

:class:`Reward` resolves its setting once (the metric names, the options, the implementation's kept
scorer, :mod:`rouge155.semantics.calls`) and then scores one completion, a batch or a group (G
completions against the same references: each reference tokenized and counted once), from texts or
from token ids. Its numbers are ``score_pairs``' own (``rouge155.score_pairs(...)[metric].fmeasure``),
and a weighted sum adds ``weight * value`` term by term in the order given, from 0.0.
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ..semantics import PERL, get
from ..semantics.calls import SCALAR_PAIRS, CallScorer, scorer


MEASURES = {"fmeasure": 2, "f": 2, "precision": 0, "p": 0, "recall": 1, "r": 1}
FIELDS = ("precision", "recall", "fmeasure")
Metrics = Union[str, Sequence[str], Mapping[Union[str, Tuple[str, str]], float]]


def terms_of(metrics: Metrics, measure: str) -> List[Tuple[str, int, float]]:
    """(metric name, measure index, weight) of each term: a name, a list of names (weight 1 each), or
    ``{name: weight}`` / ``{(name, measure): weight}``."""
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {', '.join(repr(m) for m in MEASURES)}, not {measure!r}")
    if isinstance(metrics, str):
        items: List[Tuple[object, float]] = [(metrics, 1.0)]
    elif isinstance(metrics, Mapping):
        items = list(metrics.items())
    else:
        items = [(m, 1.0) for m in metrics]
    out = []
    for key, weight in items:
        name, own = (key if isinstance(key, tuple) else (key, measure))
        if not isinstance(name, str) or own not in MEASURES:
            raise ValueError(f"a reward's term is a metric name or (name, measure), not {key!r}")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)):
            raise TypeError(f"the weight of {name!r} must be a number, not {type(weight).__name__}")
        out.append((name, MEASURES[own], float(weight)))
    if not out:
        raise ValueError("a reward needs at least one metric")
    return out


class Reward:
    """One completion's reward: ``metrics`` (a name such as ``"ROUGE-L"`` or ``"rougeLsum"``, a list,
    or ``{name: weight}``, ``{(name, measure): weight}``) and ``measure`` (``"fmeasure"``,
    ``"precision"``, ``"recall"``), under ``semantics`` with ``score_pairs``' options (``multi_reference``
    None: the implementation's own policy for several references, the Perl's ``"A"``, rouge-score's ``"B"``)."""

    def __init__(self, metrics: Metrics = "ROUGE-L", measure: str = "fmeasure", *, semantics: str = PERL,
                 stem: bool = False, remove_stopwords: bool = False, multi_reference: Optional[str] = None,
                 alpha: float = 0.5, data_dir: Optional[str] = None):
        self.terms = terms_of(metrics, measure)
        self.names = list(dict.fromkeys(name for name, _, _ in self.terms))
        self.semantics = semantics
        if multi_reference is None:  # the implementation's own: the Perl's "A", rouge-score's "B" (its only one)
            policies = get(semantics).policies
            multi_reference = "A" if "A" in policies or not policies else next(iter(policies))
        self.options: Dict[str, object] = dict(stem=stem, remove_stopwords=remove_stopwords,
                                               multi_reference=multi_reference, alpha=alpha, word_limit=None,
                                               byte_limit=None, data_dir=data_dir)
        self._scorer: Optional[CallScorer] = None
        self.scorer()  # the implementation's refusals, now

    def scorer(self):
        """The setting's scorer (:func:`rouge155.semantics.calls.scorer`), held from the first call."""
        made = self._scorer
        if made is None:
            made = self._scorer = scorer(self.semantics, self.names, **self.options)
        return made

    def _total(self, values) -> float:
        total = 0.0
        for name, field, weight in self.terms:
            total += weight * values[name][field]
        return total

    def one(self, prediction, references: Sequence) -> float:
        """The reward of one completion (a text) against its references (one text or a list)."""
        refs = [references] if isinstance(references, (str, bytes)) else list(references)
        return self._total(self.scorer().one(prediction, refs))

    def one_ids(self, prediction: np.ndarray, references: Sequence[np.ndarray]) -> float:
        return self._total(self.scorer().one_ids(prediction, list(references)))

    def totals(self, scores, n: int) -> np.ndarray:
        total = np.zeros(n)
        for name, field, weight in self.terms:
            total = total + weight * getattr(scores[name], FIELDS[field])
        return total

    def many(self, predictions: Sequence, references: Sequence) -> List[float]:
        """The rewards of a batch (``references[i]``: one text or a list)."""
        made, n = self.scorer(), len(predictions)
        if n <= SCALAR_PAIRS:  # pair by pair in floats: numpy's fixed costs exceed a few pairs' (the same sums)
            return [self._total(values) for values in made.values(list(predictions), list(references))]
        return self.totals(made.many(list(predictions), list(references)), n).tolist()

    def many_ids(self, predictions: Sequence[np.ndarray], references: Sequence[Sequence[np.ndarray]]) -> List[float]:
        made, n = self.scorer(), len(predictions)
        if n <= SCALAR_PAIRS:
            return [self._total(values) for values in made.values_ids(list(predictions), list(references))]
        return self.totals(made.many_ids(list(predictions), list(references)), n).tolist()

    def group(self, completions: Sequence, references: Sequence) -> List[float]:
        """G completions against the same references (a GRPO group): each reference tokenized and its
        n-grams counted once for the group."""
        refs = [references] if isinstance(references, (str, bytes)) else list(references)
        return self.many(completions, [refs] * len(completions))

    def __getstate__(self):  # pickled without its scorer (a process makes its own from the setting)
        return {**self.__dict__, "_scorer": None}


    def __repr__(self) -> str:
        return f"Reward({self.terms!r}, semantics={self.semantics!r})"
