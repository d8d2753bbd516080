"""Statistics on numpy arrays, batched over rows: correlations, paired tests, multiple-test corrections.

Every random draw comes from a seeded ``numpy.random.Generator`` (PCG64) passed in by the caller, so
results are deterministic for a seed. The definitions are scipy's (checked against scipy in the
tests): Pearson's r, Spearman's rho (Pearson on average ranks), Kendall's tau-b; percentile intervals.
"""
from __future__ import annotations

import math
from typing import Callable, Dict, List, Sequence, Tuple

import numpy as np

CORRELATIONS = ("pearson", "spearman", "kendall")
_PAIR_BUDGET = 4_000_000  # elements of the (rows, n, n) pairwise arrays built at once


def _chunks(rows: int, n: int):
    step = max(1, _PAIR_BUDGET // max(1, n * n))
    for start in range(0, rows, step):
        yield slice(start, min(rows, start + step))


def _as_rows(x) -> np.ndarray:
    x = np.asarray(x, dtype=float)
    return x[None, :] if x.ndim == 1 else x


def rank_rows(x) -> np.ndarray:
    """Average ranks (1-based; ties share their mean rank) along the last axis, row by row."""
    x = _as_rows(x)
    n = x.shape[-1]
    out = np.empty_like(x)
    for sl in _chunks(x.shape[0], n):
        block = x[sl]
        less = (block[:, None, :] < block[:, :, None]).sum(axis=2)
        equal = (block[:, None, :] == block[:, :, None]).sum(axis=2)
        out[sl] = less + (equal + 1) / 2.0
    return out


def pearson_rows(x, y) -> np.ndarray:
    """Pearson's r per row (NaN where a row is constant)."""
    x, y = _as_rows(x), _as_rows(y)
    xc = x - x.mean(axis=1, keepdims=True)
    yc = y - y.mean(axis=1, keepdims=True)
    # Normalise first (as scipy does) so that large or tiny values do not overflow.
    nx = np.sqrt((xc * xc).sum(axis=1))
    ny = np.sqrt((yc * yc).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        r = ((xc / nx[:, None]) * (yc / ny[:, None])).sum(axis=1)
    r[(nx == 0) | (ny == 0)] = np.nan
    return np.clip(r, -1.0, 1.0)


def spearman_rows(x, y) -> np.ndarray:
    """Spearman's rho per row: Pearson's r on average ranks."""
    return pearson_rows(rank_rows(x), rank_rows(y))


def kendall_blocks(x, y):
    """Row blocks of ``x`` and ``y`` for Kendall's tau: (rows slice, concordant - discordant pairs, sign
    matrices of x and y, each (rows, n, n)), a block at a time within the memory budget."""
    x, y = _as_rows(x), _as_rows(y)
    rows, n = x.shape
    for sl in _chunks(rows, n):
        sx = np.sign(x[sl][:, :, None] - x[sl][:, None, :])
        sy = np.sign(y[sl][:, :, None] - y[sl][:, None, :])
        yield sl, (sx * sy).sum(axis=(1, 2)) / 2.0, sx, sy


def kendall_rows(x, y) -> np.ndarray:
    """Kendall's tau-b per row (scipy's default variant; NaN where a row is constant)."""
    x = _as_rows(x)
    rows, n = x.shape
    out = np.empty(rows)
    pairs = n * (n - 1) / 2.0
    for sl, score, sx, sy in kendall_blocks(x, y):
        tx = ((sx == 0).sum(axis=(1, 2)) - n) / 2.0  # pairs tied in x
        ty = ((sy == 0).sum(axis=(1, 2)) - n) / 2.0
        denom = np.sqrt((pairs - tx) * (pairs - ty))
        with np.errstate(invalid="ignore", divide="ignore"):
            out[sl] = np.where(denom > 0, score / denom, np.nan)
    return np.clip(out, -1.0, 1.0)


CORRELATION_FUNCTIONS: Dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "pearson": pearson_rows,
    "spearman": spearman_rows,
    "kendall": kendall_rows,
}


def percentile_interval(values, confidence: float) -> Tuple[float, float]:
    """The (100 - c)/2 and (100 + c)/2 percentiles of the finite values (NaN, NaN if none)."""
    v = np.asarray(values, dtype=float)
    v = v[np.isfinite(v)]
    if v.size == 0:
        return float("nan"), float("nan")
    tail = (100.0 - confidence) / 2.0
    low, high = np.percentile(v, [tail, 100.0 - tail])
    return float(low), float(high)


_LARGE = 2.0 ** 500  # beyond this, sums and squares of scores may overflow


def overflow_scale(*arrays) -> float:
    """A power of two s such that every value / s is at most 2**500 in size (1.0 for ordinary scores).

    Dividing by s is exact, and every statistic here is unchanged by it (correlations) or scales with it
    (means, differences), so scores up to the float maximum (+-1.7e308) give the right result instead of
    overflowing to inf in a sum.
    """
    largest = max((float(np.max(np.abs(a))) for a in arrays if np.size(a)), default=0.0)
    if not (math.isfinite(largest) and largest > _LARGE):
        return 1.0
    return 2.0 ** (math.frexp(largest)[1] - 500)


def resample_indices(rng: np.random.Generator, n: int, resamples: int) -> np.ndarray:
    """``resamples`` x ``n`` indices drawn with replacement (the bootstrap's samples)."""
    return rng.integers(0, n, size=(resamples, n))


def at_least(values: np.ndarray, observed: float) -> np.ndarray:
    # Values equal to the observed one up to rounding count as equal (as scipy's permutation_test does).
    return values >= observed - 1e-12 * max(1.0, abs(observed))


def paired_bootstrap(a, b, indices: np.ndarray, confidence: float = 95.0) -> Tuple[float, float, float]:
    """Paired bootstrap test of mean(a - b) = 0 over the resamples ``indices`` (rows of evaluation
    indices). Returns (two-sided p, interval low, interval high) of the mean difference.

    p is the share of resampled differences, shifted to the null (minus the observed difference),
    at least as far from 0 as the observed one, counting the observed sample itself:
    (1 + #{|d* - d| >= |d|}) / (B + 1).
    """
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    observed = float(d.mean())
    boot = d[indices].mean(axis=1)
    extreme = int(at_least(np.abs(boot - observed), abs(observed)).sum())
    p = (1 + extreme) / (len(boot) + 1)
    low, high = percentile_interval(boot, confidence)
    return min(1.0, p), low, high


def sign_flips(rng: np.random.Generator, n: int, resamples: int) -> Tuple[np.ndarray, bool]:
    """Sign patterns for a paired permutation test: all 2**n when that is at most ``resamples``
    (an exact test), else ``resamples`` random ones. Returns (patterns, exact)."""
    if n <= 20 and 2 ** n <= resamples:
        codes = np.arange(2 ** n)[:, None] >> np.arange(n)[None, :]
        return np.where(codes & 1, -1.0, 1.0), True
    return np.where(rng.random((resamples, n)) < 0.5, -1.0, 1.0), False


def paired_permutation(a, b, flips: np.ndarray, exact: bool) -> float:
    """Paired permutation (sign-flip) test of mean(a - b) = 0, two-sided.

    Exact: #{|d*| >= |d|} / 2**n over every sign pattern. Random: (1 + #{...}) / (B + 1).
    """
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    observed = abs(float(d.mean()))
    null = np.abs((flips * d[None, :]).mean(axis=1))
    extreme = int(at_least(null, observed).sum())
    p = extreme / len(null) if exact else (1 + extreme) / (len(null) + 1)
    return min(1.0, p)


CORRECTIONS = ("bonferroni", "holm", "none")


def correct(pvalues: Sequence[float], method: str) -> List[float]:
    """p-values adjusted for the number of tests: Bonferroni (p * m), Holm's step-down, or none."""
    p = np.asarray(pvalues, dtype=float)
    m = len(p)
    if method == "none" or m == 0:
        return p.tolist()
    if method == "bonferroni":
        return np.minimum(1.0, p * m).tolist()
    if method == "holm":
        order = np.argsort(p, kind="stable")
        adjusted = np.minimum(1.0, np.maximum.accumulate(p[order] * (m - np.arange(m))))
        out = np.empty(m)
        out[order] = adjusted
        return out.tolist()
    raise ValueError(f"unknown correction {method!r}; known: {', '.join(CORRECTIONS)}")


def weighted_column_correlations(x, y, weights, coefficients: Sequence[str]) -> Dict[str, np.ndarray]:
    """Per column of ``x`` and ``y`` (systems x documents), the correlation across systems in each
    resample of systems given as multiplicities ``weights`` (resamples x systems): what the
    functions above give on the resampled rows (copies tie), without building them.

    Returns {coefficient: resamples x documents} (NaN where a resample's values are constant).
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    w = np.asarray(weights, dtype=float)
    n_res, n_sys = w.shape
    n_doc = x.shape[1]
    n = w.sum(axis=1)[:, None]  # (B, 1)
    wb = w[:, None, :]  # (B, 1, S)
    out = {c: np.empty((n_res, n_doc)) for c in coefficients}
    step = max(1, (_PAIR_BUDGET // 4) // max(1, n_res * n_sys))  # (B, docs, S) temporaries of ~8 MB

    def wsum(mats):
        # (c, S, S) per-document matrices M[j, i] -> (B, c, S): sum_j w[b, j] M[d, j, i], one 2-D product.
        c = mats.shape[0]
        return (w @ mats.transpose(1, 0, 2).reshape(n_sys, c * n_sys)).reshape(n_res, c, n_sys)

    for start in range(0, n_doc, step):
        xs = x[:, start:start + step].T  # (c, S)
        ys = y[:, start:start + step].T
        c = xs.shape[0]
        wex = wsum((xs[:, :, None] == xs[:, None, :]).astype(float))  # weight of the systems tied with each
        wey = wsum((ys[:, :, None] == ys[:, None, :]).astype(float))
        # A resample is constant when every pair of its members ties (exact: integer sums).
        tied_x = (wex * wb).sum(axis=2)  # (B, c)
        tied_y = (wey * wb).sum(axis=2)
        constant = (tied_x == n ** 2) | (tied_y == n ** 2)
        cols = slice(start, start + c)
        for coef in coefficients:
            if coef == "kendall":
                concord = np.sign(xs[:, :, None] - xs[:, None, :]) * np.sign(ys[:, :, None] - ys[:, None, :])
                score = (wsum(concord) * wb).sum(axis=2) / 2.0
                pairs = n * (n - 1) / 2.0
                denom = np.sqrt((pairs - (tied_x - n) / 2.0) * (pairs - (tied_y - n) / 2.0))
                with np.errstate(invalid="ignore", divide="ignore"):
                    r = np.where(denom > 0, score / denom, np.nan)
            else:
                if coef == "spearman":
                    # Average ranks within the resample: weight below + (weight tied + 1) / 2.
                    vx = wsum((xs[:, :, None] < xs[:, None, :]).astype(float)) + (wex + 1.0) / 2.0
                    vy = wsum((ys[:, :, None] < ys[:, None, :]).astype(float)) + (wey + 1.0) / 2.0
                else:
                    vx = (xs - xs.mean(axis=1, keepdims=True))[None]  # (1, c, S)
                    vy = (ys - ys.mean(axis=1, keepdims=True))[None]
                dx = vx - (vx * wb).sum(axis=2, keepdims=True) / n[:, :, None]
                dy = vy - (vy * wb).sum(axis=2, keepdims=True) / n[:, :, None]
                wdx = wb * dx
                cov = (wdx * dy).sum(axis=2)
                varx = (wdx * dx).sum(axis=2)
                vary = (wb * dy * dy).sum(axis=2)
                with np.errstate(invalid="ignore", divide="ignore"):
                    r = cov / np.sqrt(varx * vary)
            out[coef][:, cols] = np.where(constant, np.nan, np.clip(r, -1.0, 1.0))
    return out
