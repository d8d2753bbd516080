"""XL-Sum's ``scoring`` module: rouge-score's, unchanged (``Score``, ``AggregateScore``, ``BaseScorer``,
``BootstrapAggregator``, ``fmeasure``). ``BootstrapAggregator`` draws from numpy's global state as
rouge-score's does (``mid``: the median of the resample means)."""
from __future__ import annotations

from ..scoring import AggregateScore, BaseScorer, Score, fmeasure
from ..scoring import BootstrapAggregator as _Aggregator
from ..semantics import check


class BootstrapAggregator(_Aggregator):
    """Aggregates scores to provide confidence intervals (XL-Sum's, i.e. rouge-score's, bootstrap)."""

    def __init__(self, confidence_interval=0.95, n_samples=1000, *, semantics="xlsum"):
        check(semantics, ("xlsum",))
        super().__init__(confidence_interval, n_samples, semantics="rouge-score")


__all__ = ["AggregateScore", "BaseScorer", "BootstrapAggregator", "Score", "fmeasure"]
