"""The grid's statistics: each cell's correlation and bootstrap interval by
:func:`rouge155.analysis.correlate` (what ``rouge155-correlate`` prints for that setting), and per column
the best variant with the paired tests of every other one against it (PERM-BOTH and BOOT-BOTH of
Deutsch, Dror & Roth, 2021, one-sided, adjusted for the column's comparisons), by the analysis
package's ``against_best``. Every statistic of one call uses the same seeded resamples.
"""
from __future__ import annotations

import math
import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Dict, Hashable, List, Optional, Tuple

import numpy as np

from ..analysis import Draws, HumanScores, Run, Swaps, SystemMetric, against_best, correlate
from ..analysis.correlate import CorrelationRow
from .grid import GridSpec

SettingKey = Tuple[str, str]  # (condition label, reference setting label)
Matrices = Dict[SettingKey, Dict[str, Dict[str, np.ndarray]]]  # setting -> variant -> measure -> systems x docs


@dataclass
class Cell:
    """One correlation of the grid (``correlation``: the row ``rouge155-correlate`` gives for it, its
    metric the variant) and where it stands against its column's best variant.

    ``equivalent``: not significantly worse than the best (the deciding test's adjusted p >= alpha; the
    best itself too). The test fields are None for the best and for undefined correlations."""

    condition: str
    references: str
    correlation: CorrelationRow
    best: bool = False
    equivalent: bool = False
    difference: Optional[float] = None  # best - this
    difference_low: Optional[float] = None
    difference_high: Optional[float] = None
    p_permutation: Optional[float] = None
    p_bootstrap: Optional[float] = None
    p_permutation_adjusted: Optional[float] = None
    p_bootstrap_adjusted: Optional[float] = None

    variant = property(lambda self: self.correlation.metric)
    measure = property(lambda self: self.correlation.measure)
    human = property(lambda self: self.correlation.human)
    level = property(lambda self: self.correlation.level)
    coefficient = property(lambda self: self.correlation.coefficient)
    value = property(lambda self: self.correlation.value)
    low = property(lambda self: self.correlation.low)
    high = property(lambda self: self.correlation.high)

    def fields(self) -> dict:
        """Every number, flat (NaN as it is): the JSON's cell."""
        out = {"condition": self.condition, "references": self.references}
        out.update({k: getattr(self, k) for k in ("variant", "measure", "human", "level", "coefficient", "value",
                                                  "low", "high")})
        out.update({k: getattr(self, k) for k in ("best", "equivalent", "difference", "difference_low",
                                                  "difference_high", "p_permutation", "p_bootstrap",
                                                  "p_permutation_adjusted", "p_bootstrap_adjusted")})
        return out


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


def _stat_settings(spec: GridSpec) -> dict:
    """What the workers need of the spec (plain values: no Options to pickle)."""
    return {k: getattr(spec, k) for k in ("levels", "coefficients", "resamples", "confidence", "seed", "resample",
                                          "correction", "alpha", "decide_by")}


def setting_cells(key: SettingKey, by_variant: Dict[str, Dict[str, np.ndarray]], human: HumanScores,
                  settings: dict) -> Dict[Tuple, Cell]:
    """One setting's cells: every correlation and interval (:func:`rouge155.analysis.correlate`, seeded:
    the same numbers whichever other settings are computed), then each column's tests against its best."""
    s = _Settings(**settings)
    tags = list(by_variant)
    measures = list(next(iter(by_variant.values())))
    resampled: Dict[Tuple[str, ...], np.ndarray] = {}  # the intervals' resampled values, reused by the tests
    corr = correlate(_runs({key: by_variant}, human), human, metrics=tags, measures=measures, levels=s.levels,
                     coefficients=s.coefficients, resamples=s.resamples, confidence=s.confidence, seed=s.seed,
                     resample=s.resample, resampled=resampled)
    label = _label(key)
    cells = {}
    for r in corr.rows:
        if not getattr(r, "sample_size", None):
            cell_key = (*key, r.metric, r.measure, r.human, r.level, r.coefficient)
            cells[cell_key] = Cell(*key, r)
    n_sys, n_doc = len(human.systems), len(human.documents)
    draws = Draws.make(n_sys, n_doc, s.resamples, s.seed, s.resample)
    swaps = Swaps.make(n_sys, n_doc, s.resamples, s.seed, s.resample)
    for measure in measures:
        scores: Dict[Hashable, np.ndarray] = {tag: by_measure[measure] for tag, by_measure in by_variant.items()}
        for column in human.columns:
            for level in s.levels:
                for coef in s.coefficients:
                    boots: Dict[Hashable, np.ndarray] = {
                        tag: resampled[(label, tag, measure, column, level, coef)] for tag in by_variant}
                    best, tests = against_best(scores, human.values[column], level, coef, draws, swaps, s.confidence,
                                               s.correction, boots)
                    _record(cells, key, (measure, column, level, coef), best, tests, s)
    return cells


@dataclass
class _Settings:
    levels: Tuple[str, ...]
    coefficients: Tuple[str, ...]
    resamples: int
    confidence: float
    seed: int
    resample: str
    correction: str
    alpha: float
    decide_by: str


def grid_cells(matrices: Matrices, human: HumanScores, spec: GridSpec, jobs: int = 1,
               progress: Optional[Callable[[int], None]] = None) -> Dict[Tuple, Cell]:
    """Every cell of every setting, keyed (condition, references, variant, measure, human, level, coef);
    ``jobs`` > 1 computes settings in that many processes (the same numbers: every draw is seeded)."""
    settings = _stat_settings(spec)
    per_setting = len(_measures_of(matrices)) * len(human.columns) * len(spec.levels) * len(spec.coefficients)
    cells: Dict[Tuple, Cell] = {}
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    jobs = min(jobs, usable, len(matrices))  # --jobs 1000 on 2 CPUs starts one other process
    if jobs <= 1 or len(matrices) == 1:
        for key, by_variant in matrices.items():
            cells.update(setting_cells(key, by_variant, human, settings))
            if progress:
                progress(per_setting)
        return cells
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with _one_blas_thread_each(), \
            ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {pool.submit(setting_cells, key, by_variant, human, settings): key
                   for key, by_variant in matrices.items()}
        done = {}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            if progress:
                progress(per_setting)
    for key in matrices:  # the settings' order, whichever finished first
        cells.update(done[key])
    return cells


_BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


@contextmanager
def _one_blas_thread_each():
    """Worker processes started here use one BLAS thread each (unless the environment says otherwise).

    The processes already share out the cores; a BLAS thread pool per process on top of them
    oversubscribes the cores, and OpenBLAS's threads wait for work by spinning: the statistics' small
    matrix products took several times the CPU (measured: 20x for the PERM tests' products on a
    loaded 2-core machine). The variables are read when a process loads numpy, so they are set
    while the workers are spawned and restored after.
    """
    added = [name for name in _BLAS_THREADS if name not in os.environ]
    os.environ.update({name: "1" for name in added})
    try:
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)


def _record(cells, setting: SettingKey, where: Tuple, best, tests, spec) -> None:
    if best is None:
        return
    best_key = (*setting, best, *where)
    cell = cells[best_key]
    cell.best = cell.equivalent = True
    for tag, (r, p_perm, p_boot) in tests.items():
        tag_key = (*setting, tag, *where)
        c = cells[tag_key]
        c.difference, c.difference_low, c.difference_high = r.difference, r.ci_low, r.ci_high
        c.p_permutation, c.p_bootstrap = _finite(r.p_permutation), _finite(r.p_bootstrap)
        c.p_permutation_adjusted, c.p_bootstrap_adjusted = p_perm, p_boot
        deciding = p_perm if spec.decide_by == "permutation" else p_boot
        c.equivalent = not (math.isfinite(deciding) and deciding < spec.alpha)


def _finite(x: float) -> Optional[float]:
    return x if math.isfinite(x) else None
