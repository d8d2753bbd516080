"""TEMPORARY: the paired difference tests of branch ``analysis`` (commit 333cf36, modules
``rouge155/analysis/levels.py`` and ``difference.py``), copied unchanged in what they compute so that
the grid runs before that branch is on main.

MERGE NOTE: delete this module once branch ``analysis`` is on main; :mod:`.stats_bridge` then imports
``Draws`` from ``rouge155.analysis.levels`` and ``Swaps``/``against_best`` from
``rouge155.analysis.difference`` (its ``try`` already does).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, Hashable, Mapping, Optional, Tuple

import numpy as np

from ..analysis import stats

_EXACT_UNITS = 20
_CELL_BUDGET = 2_000_000


def _at_least(values: np.ndarray, observed: float) -> np.ndarray:
    return values >= observed - 1e-12 * max(1.0, abs(observed))


@dataclass(frozen=True)
class Draws:
    system_indices: np.ndarray
    system_weights: np.ndarray
    document_weights: np.ndarray
    resample: str = "both"
    seed: int = 0

    @classmethod
    def make(cls, n_systems: int, n_documents: int, resamples: int, seed: int = 0, resample: str = "both") -> "Draws":
        rng = np.random.Generator(np.random.PCG64(seed))
        if resample in ("both", "systems"):
            sys_idx = stats.resample_indices(rng, n_systems, resamples)
        else:
            sys_idx = np.tile(np.arange(n_systems), (resamples, 1))
        if resample in ("both", "documents"):
            doc_idx = stats.resample_indices(rng, n_documents, resamples)
        else:
            doc_idx = np.tile(np.arange(n_documents), (resamples, 1))
        return cls(sys_idx, _multiplicities(sys_idx, n_systems), _multiplicities(doc_idx, n_documents), resample, seed)

    @property
    def resamples(self) -> int:
        return self.system_indices.shape[0]

    @property
    def over_systems(self) -> bool:
        return self.resample in ("both", "systems")


def _multiplicities(indices: np.ndarray, n: int) -> np.ndarray:
    return np.stack([np.bincount(row, minlength=n) for row in indices]).astype(float)


def _system_level(m, h, coefficient):
    return float(stats.CORRELATION_FUNCTIONS[coefficient](m.mean(axis=1), h.mean(axis=1))[0])


def _summary_level(m, h, coefficient):
    values = stats.CORRELATION_FUNCTIONS[coefficient](m.T, h.T)
    use = np.isfinite(values)
    return float(values[use].mean()) if use.any() else math.nan


def _boot_system(m, h, coefficient, draws):
    d = m.shape[1]
    mm = np.take_along_axis((draws.document_weights @ m.T) / d, draws.system_indices, axis=1)
    hm = np.take_along_axis((draws.document_weights @ h.T) / d, draws.system_indices, axis=1)
    return stats.CORRELATION_FUNCTIONS[coefficient](mm, hm)


def _weighted_document_mean(per_doc, weights):
    per_doc = np.broadcast_to(per_doc, weights.shape)
    ok = np.isfinite(per_doc)
    w = weights * ok
    total = w.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, (np.where(ok, per_doc, 0.0) * w).sum(axis=1) / total, np.nan)


@dataclass(frozen=True)
class Swaps:
    masks: np.ndarray
    exact: bool

    @classmethod
    def make(cls, n_systems: int, n_documents: int, resamples: int, seed: int = 0, resample: str = "both") -> "Swaps":
        shape = {"both": (n_systems, n_documents), "systems": (n_systems, 1), "documents": (1, n_documents)}[resample]
        units = shape[0] * shape[1]
        if units <= _EXACT_UNITS and 2 ** units <= resamples:
            codes = np.arange(2 ** units)[:, None] >> np.arange(units)[None, :]
            flat, exact = (codes & 1).astype(bool), True
        else:
            rng = np.random.Generator(np.random.PCG64([seed, 0, 1]))
            flat, exact = rng.random((resamples, units)) < 0.5, False
        masks = np.broadcast_to(flat.reshape((-1,) + shape), (flat.shape[0], n_systems, n_documents))
        return cls(masks, exact)


@dataclass(frozen=True)
class PairedDifference:
    value_a: float
    value_b: float
    difference: float
    ci_low: float
    ci_high: float
    p_permutation: float
    p_bootstrap: float
    exact_permutation: bool


def _standardize(x):
    spread = float(np.std(x))
    centred = x - float(np.mean(x))
    return centred / spread if spread > 0 and math.isfinite(spread) else centred


def _grid_values(grids, z, level, coefficient):
    f = stats.CORRELATION_FUNCTIONS[coefficient]
    k, n, m = grids.shape
    if level == "system":
        return f(grids.mean(axis=2), np.broadcast_to(z.mean(axis=1), (k, n)))
    per_doc = f(grids.transpose(0, 2, 1).reshape(k * m, n), np.broadcast_to(z.T, (k, m, n)).reshape(k * m, n))
    per_doc = per_doc.reshape(k, m)
    ok = np.isfinite(per_doc)
    count = ok.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(count > 0, np.where(ok, per_doc, 0.0).sum(axis=1) / count, np.nan)


def _permuted_deltas(xs, ys, z, level, coefficient, swaps):
    total = swaps.masks.shape[0]
    step = max(1, _CELL_BUDGET // max(1, xs.size))
    out = np.empty(total)
    for start in range(0, total, step):
        mask = swaps.masks[start:start + step]
        a = np.where(mask, ys, xs)
        b = np.where(mask, xs, ys)
        out[start:start + step] = _grid_values(a, z, level, coefficient) - _grid_values(b, z, level, coefficient)
    return out


def _permutation_p(deltas, observed, exact, alternative):
    if alternative == "two-sided":
        deltas, observed = np.abs(deltas), abs(observed)
    extreme = int(_at_least(deltas, observed).sum())
    p = extreme / len(deltas) if exact else (1 + extreme) / (len(deltas) + 1)
    return min(1.0, p)


def _bootstrap_p(deltas, observed, alternative):
    deltas = deltas[np.isfinite(deltas)]
    if not deltas.size or not math.isfinite(observed):
        return math.nan
    if alternative == "two-sided":
        deltas, observed = np.abs(deltas), abs(observed)
    return float(_at_least(deltas, 2 * observed).mean())


def _boot_values(x, z, level, coefficient, draws):
    if level == "system":
        return _boot_system(x, z, coefficient, draws)
    if draws.over_systems:
        per_doc = stats.weighted_column_correlations(x, z, draws.system_weights, [coefficient])[coefficient]
    else:
        per_doc = stats.CORRELATION_FUNCTIONS[coefficient](x.T, z.T)[None, :]
    return _weighted_document_mean(per_doc, draws.document_weights)


def _observed(x, z, level, coefficient):
    return _system_level(x, z, coefficient) if level == "system" else _summary_level(x, z, coefficient)


def paired_difference(x, y, z, level, coefficient, draws, swaps, confidence=95.0, alternative="two-sided",
                      boot_x=None, boot_y=None) -> PairedDifference:
    x, y, z = (np.asarray(v, dtype=float) for v in (x, y, z))
    value_a, value_b = _observed(x, z, level, coefficient), _observed(y, z, level, coefficient)
    boot_x = _boot_values(x, z, level, coefficient, draws) if boot_x is None else boot_x
    boot_y = _boot_values(y, z, level, coefficient, draws) if boot_y is None else boot_y
    boot = boot_x - boot_y
    low, high = stats.percentile_interval(boot, confidence)
    xs, ys = _standardize(x), _standardize(y)
    observed = _observed(xs, z, level, coefficient) - _observed(ys, z, level, coefficient)
    permuted = _permuted_deltas(xs, ys, z, level, coefficient, swaps)
    p_perm = _permutation_p(permuted, observed, swaps.exact, alternative) if math.isfinite(observed) else math.nan
    return PairedDifference(value_a, value_b, value_a - value_b, low, high, p_perm,
                            _bootstrap_p(boot, value_a - value_b, alternative), swaps.exact)


def against_best(scores: Mapping[Hashable, np.ndarray], z, level: str, coefficient: str, draws: Draws,
                 swaps: Swaps, confidence: float = 95.0, correction: str = "holm"
                 ) -> Tuple[Optional[Hashable], Dict[Hashable, Tuple[PairedDifference, float, float]]]:
    z = np.asarray(z, dtype=float)
    observed = {k: _observed(np.asarray(v, dtype=float), z, level, coefficient) for k, v in scores.items()}
    defined = [k for k, v in observed.items() if math.isfinite(v)]
    if not defined:
        return None, {}
    best = max(defined, key=lambda k: observed[k])
    boots = {k: _boot_values(np.asarray(scores[k], dtype=float), z, level, coefficient, draws) for k in defined}
    results = {k: paired_difference(scores[best], scores[k], z, level, coefficient, draws, swaps, confidence,
                                    "greater", boots[best], boots[k]) for k in defined if k != best}
    keys = list(results)
    adj_perm = stats.correct([_p_or_one(results[k].p_permutation) for k in keys], correction)
    adj_boot = stats.correct([_p_or_one(results[k].p_bootstrap) for k in keys], correction)
    return best, {k: (results[k], pp, pb) for k, pp, pb in zip(keys, adj_perm, adj_boot)}


def _p_or_one(p: float) -> float:
    return p if math.isfinite(p) else 1.0
