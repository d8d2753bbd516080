"""The grid's statistics: each cell's correlation and bootstrap interval by
:func:`rouge155.analysis.correlate` (what ``rouge155-correlate`` prints for that setting), and per column
the best variant with the paired tests of every other one against it (PERM-BOTH and BOOT-BOTH of
Deutsch, Dror & Roth, 2021, one-sided, adjusted for the column's comparisons), by the analysis
package's ``against_best``. Every statistic of one call uses the same seeded resamples.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..analysis import HumanScores, Run, SystemMetric, correlate
from .grid import GridSpec

try:  # branch analysis
    from ..analysis.difference import Swaps, against_best
    from ..analysis.levels import Draws
except ImportError:  # MERGE NOTE: until branch analysis is on main (then delete pending_analysis.py)
    from .pending_analysis import Draws, Swaps, against_best

SettingKey = Tuple[str, str]  # (condition label, reference setting label)
Matrices = Dict[SettingKey, Dict[str, Dict[str, np.ndarray]]]  # setting -> variant -> measure -> systems x docs


@dataclass
class Cell:
    """One correlation of the grid and where it stands against its column's best variant.

    ``equivalent``: not significantly worse than the best (the deciding test's adjusted p >= alpha; the
    best itself too). The test fields are None for the best and for undefined correlations."""

    condition: str
    references: str
    variant: str
    measure: str
    human: str
    level: str
    coefficient: str
    value: float
    low: float
    high: float
    best: bool = False
    equivalent: bool = False
    difference: Optional[float] = None  # best - this
    difference_low: Optional[float] = None
    difference_high: Optional[float] = None
    p_permutation: Optional[float] = None
    p_bootstrap: Optional[float] = None
    p_permutation_adjusted: Optional[float] = None
    p_bootstrap_adjusted: Optional[float] = None


def _label(key: SettingKey) -> str:
    return f"{key[0]} | {key[1]}"


def _runs(matrices: Matrices, human: HumanScores) -> Dict[str, Run]:
    """One analysis Run per setting, built from the matrices (the documents as evaluation ids)."""
    docs = tuple(human.documents)
    runs = {}
    for key, by_variant in matrices.items():
        entries = [SystemMetric(system, tag, None, None, docs, {m: by_measure[m][i] for m in by_measure}, {})
                   for tag, by_measure in by_variant.items() for i, system in enumerate(human.systems)]
        runs[_label(key)] = Run(entries)
    return runs


def _measures_of(matrices: Matrices) -> List[str]:
    first = next(iter(next(iter(matrices.values())).values()))
    return list(first)


def correlation_cells(matrices: Matrices, human: HumanScores, spec: GridSpec) -> Dict[Tuple, Cell]:
    """Every cell's value and interval, keyed (condition, references, variant, measure, human, level, coef)."""
    labels = {_label(k): k for k in matrices}
    tags = list(next(iter(matrices.values())))
    corr = correlate(_runs(matrices, human), human, metrics=tags, measures=_measures_of(matrices),
                     levels=spec.levels, coefficients=spec.coefficients, resamples=spec.resamples,
                     confidence=spec.confidence, seed=spec.seed, resample=spec.resample)
    cells = {}
    for r in corr.rows:
        if getattr(r, "sample_size", None):
            continue
        condition, references = labels[r.variant]
        key = (condition, references, r.metric, r.measure, r.human, r.level, r.coefficient)
        cells[key] = Cell(*key, r.value, r.low, r.high)
    return cells


def mark_best(cells: Dict[Tuple, Cell], matrices: Matrices, human: HumanScores, spec: GridSpec,
              progress: Optional[Callable[[int], None]] = None) -> None:
    """Per column, the best variant and the tests of every other defined one against it (in place)."""
    n_sys, n_doc = len(human.systems), len(human.documents)
    draws = Draws.make(n_sys, n_doc, spec.resamples, spec.seed, spec.resample)
    swaps = Swaps.make(n_sys, n_doc, spec.resamples, spec.seed, spec.resample)
    for (condition, references), by_variant in matrices.items():
        for measure in _measures_of(matrices):
            scores = {tag: by_measure[measure] for tag, by_measure in by_variant.items()}
            for column in human.columns:
                z = human.values[column]
                for level in spec.levels:
                    for coef in spec.coefficients:
                        best, tests = against_best(scores, z, level, coef, draws, swaps, spec.confidence,
                                                   spec.correction)
                        where = (measure, column, level, coef)
                        _record(cells, (condition, references), where, best, tests, spec)
                        if progress:
                            progress(1)


def _record(cells, setting: SettingKey, where: Tuple, best, tests, spec: GridSpec) -> None:
    if best is None:
        return
    cell = cells[(*setting, best, *where)]
    cell.best = cell.equivalent = True
    for tag, (r, p_perm, p_boot) in tests.items():
        c = cells[(*setting, tag, *where)]
        c.difference, c.difference_low, c.difference_high = r.difference, r.ci_low, r.ci_high
        c.p_permutation, c.p_bootstrap = _finite(r.p_permutation), _finite(r.p_bootstrap)
        c.p_permutation_adjusted, c.p_bootstrap_adjusted = p_perm, p_boot
        deciding = p_perm if spec.decide_by == "permutation" else p_boot
        c.equivalent = not (math.isfinite(deciding) and deciding < spec.alpha)


def _finite(x: float) -> Optional[float]:
    return x if math.isfinite(x) else None


def column_keys(cells: Sequence[Cell]) -> List[Tuple]:
    """The columns in the order the cells came: (condition, references, measure, human, level, coef)."""
    return list(dict.fromkeys((c.condition, c.references, c.measure, c.human, c.level, c.coefficient) for c in cells))
