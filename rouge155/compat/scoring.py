"""rouge-score's ``scoring`` module with the Perl's bootstrap: ``Score``, ``AggregateScore``,
``BaseScorer``, ``BootstrapAggregator``, ``fmeasure``.

The aggregator runs ROUGE-1.5.5's bootstrap (``-r n_samples -c 100*confidence_interval``): instances
in the Perl's order (their keys ``1..N`` sorted as strings), resample ``i`` drawn by drand48 seeded
with ``i``; ``mid`` is the Perl's average (the mean of the resample means), ``low``/``high`` its
interval bounds, all rounded to 5 decimals as the script prints them. Deterministic.

``BootstrapAggregator(..., semantics="rouge-score")`` is rouge-score's own: resamples drawn with
``np.random.choice`` from numpy's global state (the same results as rouge-score's given the same state),
``mid`` the median of the resample means.
"""
from __future__ import annotations

import abc
import collections
from typing import Dict

import numpy as np

from ..base import arguments
from ..semantics import PERL, check
from ..semantics.perl import bootstrap
from ..semantics.rouge_score import NAME as SEMANTICS  # semantics=SEMANTICS: rouge-score's own bootstrap
from ..semantics.rouge_score import bootstrap_resample


class Score(collections.namedtuple("Score", ["precision", "recall", "fmeasure"])):
    """Tuple containing precision, recall, and f-measure values."""


class BaseScorer(object, metaclass=abc.ABCMeta):
    """Base class for Scorer objects."""

    @abc.abstractmethod
    def score(self, target: str, prediction: str) -> Dict[str, Score]:
        """Calculates score between the target and prediction."""


class AggregateScore(collections.namedtuple("AggregateScore", ["low", "mid", "high"])):
    """Tuple containing confidence intervals for scores."""


def _rpf(score) -> tuple:
    """(R, P, F) of a Score-like value (a namedtuple with these fields, or (P, R, F) in order)."""
    if hasattr(score, "recall") and hasattr(score, "precision") and hasattr(score, "fmeasure"):
        return float(score.recall), float(score.precision), float(score.fmeasure)
    p, r, f = score
    return float(r), float(p), float(f)


def _score(cls, rpf):
    """A score of the class the aggregator was given, from (recall, precision, F)."""
    r, p, f = rpf
    return cls(precision=p, recall=r, fmeasure=f)


class BootstrapAggregator(object):
    """Aggregates scores to provide confidence intervals (the Perl's seeded bootstrap)."""

    def __init__(self, confidence_interval=0.95, n_samples=1000, *, semantics=PERL):
        arguments.number(confidence_interval, "confidence_interval", finite=False)  # NaN: a ValueError naming it
        arguments.number(n_samples, "n_samples", integer=True)
        arguments.affordable(n_samples, 72, "n_samples", "resamples")  # its (n_samples, 3) means, and copies
        if confidence_interval < 0 or confidence_interval > 1:
            raise ValueError("confidence_interval must be in range [0, 1]")
        if n_samples <= 0:
            raise ValueError("n_samples must be positive")
        self._own = check(semantics, (PERL, SEMANTICS)) == SEMANTICS
        self._n_samples = n_samples
        self._confidence_interval = confidence_interval
        self._scores = collections.defaultdict(list)

    def add_scores(self, scores):
        """Adds a sample (a dict of score type to Score) for future aggregation."""
        for score_type, score in scores.items():
            self._scores[score_type].append(score)

    def aggregate(self):
        """A dict mapping score_type to AggregateScore(low, mid, high) of Score(precision, recall, fmeasure)."""
        if self._own:
            return self._rouge_score_aggregate()
        result = {}
        for score_type, scores in self._scores.items():
            values = np.array([_rpf(s) for s in scores], dtype=np.float64).reshape(-1, 3)
            avg = bootstrap(values, self._n_samples, self._confidence_interval * 100)
            cls = scores[0].__class__ if hasattr(scores[0], "_fields") else Score
            result[score_type] = AggregateScore(low=_score(cls, avg.low), mid=_score(cls, avg.mean),
                                                high=_score(cls, avg.high))
        return result


    def _rouge_score_aggregate(self):
        """rouge-score's ``aggregate``: per type, (sample, measure) stacked, bootstrap percentiles."""
        result = {}
        for score_type, scores in self._scores.items():
            percentiles = bootstrap_resample(np.vstack(tuple(scores)), self._n_samples, self._confidence_interval)
            low, mid, high = (scores[0].__class__(*percentiles[j, :]) for j in range(3))
            result[score_type] = AggregateScore(low=low, mid=mid, high=high)
        return result


def fmeasure(precision, recall):
    """Computes f-measure given precision and recall values (the Perl's with alpha 0.5 is the same)."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0
