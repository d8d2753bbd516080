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


def _unit_rows(x: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Each row (last axis) centred and divided by its norm, and which rows are constant (norm 0)."""
    return _unit_centred(x - x.mean(axis=-1, keepdims=True))


def _unit_centred(xc: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    norm = np.sqrt((xc * xc).sum(axis=-1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return xc / norm[..., None], norm == 0


def _pearson_units(ux: np.ndarray, constant_x: np.ndarray, uy: np.ndarray, constant_y: np.ndarray) -> np.ndarray:
    """Pearson's r of rows already made unit (:func:`_unit_rows`); they broadcast against each other."""
    r = (ux * uy).sum(axis=-1)
    r[constant_x | constant_y] = np.nan
    return np.clip(r, -1.0, 1.0)


def pearson_rows(x, y) -> np.ndarray:
    """Pearson's r per row (NaN where a row is constant)."""
    # Normalise first (as scipy does) so that large or tiny values do not overflow.
    return _pearson_units(*_unit_rows(_as_rows(x)), *_unit_rows(_as_rows(y)))


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


def tau_b(score, tied_x, tied_y, n) -> np.ndarray:
    """Kendall's tau-b from the counts: (concordant - discordant pairs) / sqrt((pairs - pairs tied in x)
    (pairs - pairs tied in y)) among ``n`` values (NaN where a side is constant; not yet clipped)."""
    pairs = n * (n - 1) / 2.0
    denom = np.sqrt((pairs - tied_x) * (pairs - tied_y))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denom > 0, score / denom, np.nan)


def kendall_rows(x, y) -> np.ndarray:
    """Kendall's tau-b per row (scipy's default variant; NaN where a row is constant)."""
    x = _as_rows(x)
    rows, n = x.shape
    out = np.empty(rows)
    for sl, score, sx, sy in kendall_blocks(x, y):
        tx = ((sx == 0).sum(axis=(1, 2)) - n) / 2.0  # pairs tied in x
        ty = ((sy == 0).sum(axis=(1, 2)) - n) / 2.0
        out[sl] = tau_b(score, tx, ty, n)
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
                r = tau_b(score, (tied_x - n) / 2.0, (tied_y - n) / 2.0, n)
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



def swapped_column_correlations(x, y, z, masks, coefficient: str) -> Tuple[np.ndarray, np.ndarray]:
    """Per mask (P x systems x documents booleans) and column, the correlation across systems with ``z`` of
    the grid that takes ``y`` where the mask is set and ``x`` elsewhere (a), and of its complement (b):
    what the row functions give on the swapped grids, the rank coefficients without building them.

    Why it is fast and still exact: in a swapped column each system's value is x's or y's, so every
    comparison of two systems is one of the comparisons among the column's 2N values x and y, made once.
    With the mask column m (0/1 per system), a system's rank is a sum of those comparisons chosen by m
    (linear in m), and the concordant-minus-discordant and tied pair counts are quadratic forms in m, whose
    quadratic part is the same for a and its complement b: one matrix product per column serves all P
    masks. Every number in it is a small integer or half of one, so float32 holds it exactly and each
    rank and count is the one the row functions compute. Returns (a, b), each P x documents (NaN where
    a side is constant).
    """
    if coefficient not in CORRELATIONS:
        raise ValueError(f"coefficient must be one of {', '.join(CORRELATIONS)}, not {coefficient!r}")
    x, y, z = (np.asarray(v, dtype=float) for v in (x, y, z))
    n, m = x.shape
    a, b = np.empty((masks.shape[0], m)), np.empty((masks.shape[0], m))
    width = max(1, _PAIR_BUDGET // (8 * n * n))  # columns whose N x N comparisons are held at once
    for first in range(0, m, width):
        cols = slice(first, first + width)
        _swapped_block(x[:, cols], y[:, cols], z[:, cols], masks[:, :, cols], coefficient, a[:, cols], b[:, cols])
    return a, b


def _swapped_block(x, y, z, masks, coefficient: str, out_a: np.ndarray, out_b: np.ndarray) -> None:
    n, m = x.shape
    step = max(1, _PAIR_BUDGET // (2 * n * m))  # masks whose (M, 2N, step) products are held at once
    if coefficient == "pearson":  # the swapped grids themselves, z's side computed once
        columns_x, columns_y = np.ascontiguousarray(x.T), np.ascontiguousarray(y.T)
        unit_z = _unit_rows(np.ascontiguousarray(z.T))
        for start in range(0, masks.shape[0], step):
            chosen = np.ascontiguousarray(np.asarray(masks[start:start + step]).transpose(0, 2, 1))  # (q, M, N)
            q = chosen.shape[0]
            out_a[start:start + q] = _pearson_units(*_unit_rows(np.where(chosen, columns_y, columns_x)), *unit_z)
            out_b[start:start + q] = _pearson_units(*_unit_rows(np.where(chosen, columns_x, columns_y)), *unit_z)
        return
    prepare = _swapped_kendall if coefficient == "kendall" else _swapped_spearman
    forms, finish = prepare(x.T, y.T, z.T)
    # Exact while the sums stay below 2**24: |Kendall's quadratic form| <= 4 N**2.
    exact = np.float32 if n <= 1024 else np.float64
    forms = forms.astype(exact)
    for start in range(0, masks.shape[0], step):
        chosen = np.ascontiguousarray(np.asarray(masks[start:start + step]).transpose(2, 1, 0), dtype=exact)
        q = chosen.shape[2]
        out_a[start:start + q], out_b[start:start + q] = finish(forms @ chosen, chosen)


def _comparisons(p: np.ndarray, q: np.ndarray, compare) -> np.ndarray:
    """compare(p_i, q_j) for every column (rows of ``p`` and ``q``): (M, N, N)."""
    return compare(p[:, :, None], q[:, None, :])


def _swapped_kendall(x: np.ndarray, y: np.ndarray, z: np.ndarray):
    """Kendall's forms: with K the (sign of the difference) x (sign of z's) matrix and T the ties among the
    2N values, 2 x concordance of a = sum K[xx] + m.2(K[yx] - K[xx])1 + m'Gm with G = K[xx] - K[xy] - K[yx]
    + K[yy] (the same for b, whose sum and linear term swap x and y); ties likewise with T."""
    n = x.shape[1]
    zsigns = _comparisons(z, z, lambda p, q: np.sign(p - q))
    tied_z = ((zsigns == 0).sum(axis=(1, 2)) - n) / 2.0
    blocks = {}
    for name, p in (("x", x), ("y", y)):
        for other, q in (("x", x), ("y", y)):
            d = _comparisons(p, q, np.subtract)
            tied = d == 0
            tied[:, np.arange(n), np.arange(n)] = False  # not a pair (itself, or never chosen together)
            blocks[name + other] = (np.sign(d) * zsigns, tied.astype(float))
    parts = []
    for k in (0, 1):  # concordance, ties
        xx, xy, yx, yy = (blocks[b][k] for b in ("xx", "xy", "yx", "yy"))
        parts.append((xx - xy - yx + yy, xx.sum(axis=(1, 2)), yy.sum(axis=(1, 2)),
                      2 * (yx - xx).sum(axis=2), 2 * (xy - yy).sum(axis=2)))
    (g, sum_a, sum_b, lin_a, lin_b), (gt, tsum_a, tsum_b, tlin_a, tlin_b) = parts
    forms = np.concatenate([g, gt, lin_a[:, None], lin_b[:, None], tlin_a[:, None], tlin_b[:, None]], axis=1)

    def finish(product: np.ndarray, chosen: np.ndarray):
        quad = (product[:, :n] * chosen).sum(axis=1).astype(float)  # (M, q), exact integers
        quad_t = (product[:, n:2 * n] * chosen).sum(axis=1).astype(float)
        lin = product[:, 2 * n:].astype(float)
        out = []
        for total, linear, total_t, linear_t in ((sum_a, lin[:, 0], tsum_a, lin[:, 2]),
                                                 (sum_b, lin[:, 1], tsum_b, lin[:, 3])):
            score = (total[:, None] + linear + quad) / 2.0
            tied = (total_t[:, None] + linear_t + quad_t) / 2.0
            out.append(np.clip(tau_b(score, tied, tied_z[:, None], n), -1.0, 1.0).T)
        return out

    return forms, finish


def _swapped_spearman(x: np.ndarray, y: np.ndarray, z: np.ndarray):
    """Spearman's forms: with C(p, q)[i, j] = [q_j < p_i] + [q_j == p_i] / 2, a system taking x_i has the rank
    (C(x, x)1 + (C(x, y) - C(x, x))m)_i + 1/2 in a, one taking y_i (C(y, x)1 + (C(y, y) - C(y, x))m)_i + 1/2;
    in b the roles of m and 1 - m swap."""
    n = x.shape[1]

    def rank_part(p, q):
        return _comparisons(p, q, lambda u, v: (v < u) + (v == u) / 2.0)

    xx, xy, yx, yy = rank_part(x, x), rank_part(x, y), rank_part(y, x), rank_part(y, y)
    # Ranks less their mean (n + 1) / 2, the mean Pearson's r subtracts: exact, as the rows' mean of ranks is.
    base = [(c.sum(axis=2) - n / 2.0)[:, :, None].astype(np.float32) for c in (xx, xy, yx, yy)]  # (M, N, 1)
    forms = np.concatenate([xy - xx, yy - yx], axis=1)
    unit_z, constant_z = _unit_rows(np.ascontiguousarray(rank_rows(z)))  # C order (see below)

    def finish(product: np.ndarray, chosen: np.ndarray):
        delta_x, delta_y = product[:, :n], product[:, n:]
        set_ = chosen > 0
        out = []
        for centred in (np.where(set_, base[2] + delta_y, base[0] + delta_x),  # a
                        np.where(set_, base[1] - delta_x, base[3] - delta_y)):  # b
            # (q, M, N) in C order, as the grids' rows are: numpy sums a row in another order when it is strided.
            rows = np.ascontiguousarray(centred.transpose(2, 0, 1), dtype=float)
            out.append(_pearson_units(*_unit_centred(rows), unit_z, constant_z))
        return out

    return forms, finish
