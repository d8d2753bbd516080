"""XL-Sum's ``scoring`` module: rouge-score's, unchanged (``Score``, ``AggregateScore``, ``BaseScorer``,
``BootstrapAggregator``, ``fmeasure``). ``BootstrapAggregator`` draws from numpy's global state as
rouge-score's does (``mid``: the median of the resample means)."""
from __future__ import annotations

from ...semantics import check
from ..scoring import SEMANTICS as ROUGE_SCORE  # its bootstrap: rouge-score's
from ..scoring import AggregateScore, BaseScorer, Score, fmeasure
from ..scoring import BootstrapAggregator as _Aggregator
from ...semantics.xlsum import NAME as SEMANTICS  # the only semantics it takes


class BootstrapAggregator(_Aggregator):
    """Aggregates scores to provide confidence intervals (XL-Sum's, i.e. rouge-score's, bootstrap)."""

    def __init__(self, confidence_interval=0.95, n_samples=1000, *, semantics=SEMANTICS):
        check(semantics, (SEMANTICS,))
        super().__init__(confidence_interval, n_samples, semantics=ROUGE_SCORE)


__all__ = ["AggregateScore", "BaseScorer", "BootstrapAggregator", "Score", "fmeasure"]
