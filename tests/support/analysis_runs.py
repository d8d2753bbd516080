"""Results built from score matrices, for the analysis tests (correlation, comparison, statistics) that
need a :class:`rouge155.analysis.results.Run` without running an evaluation."""
from __future__ import annotations

from typing import Dict, Optional, Sequence

import numpy as np

from rouge155.analysis.results import Interval, Run, SystemMetric

_MEASURES = ("recall", "precision", "f_score")


def run_of_scores(grids: Dict[str, np.ndarray], systems: Optional[Sequence[str]] = None,
                  documents: Optional[Sequence[str]] = None) -> Run:
    """A Run whose per-document scores are ``grids[metric][system, document]`` (the same for recall,
    precision and F), each system's interval the mean (min, max) of its row, every count 1. Systems are
    named ``s0``, ``s1``... and documents ``d0``, ``d1``... unless given."""
    entries = []
    for metric, grid in grids.items():
        names = list(systems) if systems is not None else [f"s{i}" for i in range(len(grid))]
        docs = tuple(documents) if documents is not None else tuple(f"d{j}" for j in range(grid.shape[1]))
        for name, row in zip(names, grid):
            interval = Interval(float(row.mean()), float(row.min()), float(row.max()))
            entries.append(SystemMetric(name, metric, {m: interval for m in _MEASURES}, None, docs,
                                        {m: row.copy() for m in _MEASURES},
                                        {c: np.ones(len(row)) for c in ("model_count", "peer_count", "hit")}))
    return Run(entries)
