"""Two rouge-score style BootstrapAggregators compared from the same numpy state (the draws of rouge-score's
bootstrap come from numpy's global state: equal results need equal draws)."""
from __future__ import annotations

import numpy as np


def same_state_results(ours, theirs, scores, seed: int):
    """``ours`` and ``theirs`` given the same ``scores``, each aggregated after ``np.random.seed(seed)``;
    checks that both drew as many numbers, and returns (our results, theirs)."""
    for s in scores:
        ours.add_scores(s)
        theirs.add_scores(s)
    np.random.seed(seed)
    a = ours.aggregate()
    after_ours = np.random.random()
    np.random.seed(seed)
    b = theirs.aggregate()
    assert np.random.random() == after_ours  # the same number of draws
    assert list(a) == list(b)
    return a, b


def as_floats(result) -> dict:
    """``{type: ((P, R, F) low, mid, high)}`` as plain floats."""
    return {t: tuple(tuple(map(float, x)) for x in v) for t, v in result.items()}
