"""Two-sided p-values of Pearson's r, Spearman's rho and Kendall's tau-b, as ``scipy.stats`` gives them
(``pearsonr``, ``spearmanr``, ``kendalltau`` with their defaults), without scipy at run time.

Why our own: scipy is a heavy dependency used only by the tests; the per-document filter of REALSumm's
analysis (:func:`rouge155.analysis.correlate.correlate` with ``summary_filter_p``) needs p-values on
every document. The tests check every function here against scipy on generated data.

* Pearson: under the null hypothesis r follows a beta distribution on (-1, 1) with a = b = n/2 - 1,
  so p = 2 I_{(1-|r|)/2}(a, a) (regularized incomplete beta); p = 1 for n = 2.
* Spearman: Student's t with n - 2 degrees of freedom on t = rho sqrt((n-2) / ((1+rho)(1-rho))),
  p = I_{df/(df+t^2)}(df/2, 1/2).
* Kendall: exact (the number of permutations with at most c inversions) when neither side has ties
  and n <= 33 or at most one pair is discordant (or concordant); otherwise the normal approximation
  with the tie-corrected variance. The same switch scipy's ``method='auto'`` makes.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Tuple

import numpy as np

from . import stats

_EPS = 1e-16
_TINY = 1e-300
_MAX_ITERATIONS = 100_000


def _beta_fraction(a: np.ndarray, b: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The continued fraction of I_x(a, b) (modified Lentz), element by element until each converges."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = np.ones_like(x)
    d = 1.0 - qab * x / qap
    d = np.where(np.abs(d) < _TINY, _TINY, d)
    d = 1.0 / d
    h = d.copy()
    active = np.ones(x.shape, dtype=bool)
    for m in range(1, _MAX_ITERATIONS):
        m2 = 2.0 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + aa * d
            d = np.where(np.abs(d) < _TINY, _TINY, d)
            c = 1.0 + aa / c
            c = np.where(np.abs(c) < _TINY, _TINY, c)
            d = 1.0 / d
            step = d * c
            h = np.where(active, h * step, h)
        active &= np.abs(step - 1.0) > _EPS
        if not active.any():
            break
    return h


def regularized_beta(a, b, x, y=None) -> np.ndarray:
    """I_x(a, b) element-wise; ``y`` = 1 - x when the caller has it exactly (it keeps small tails exact)."""
    a, b, x = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (a, b, x)))
    y = 1.0 - x if y is None else np.broadcast_to(np.asarray(y, dtype=float), x.shape)
    out = np.full(x.shape, np.nan)
    out[x <= 0] = 0.0
    out[y <= 0] = 1.0
    inner = (x > 0) & (y > 0) & (a > 0) & (b > 0)
    if not inner.any():
        return out
    a, b, x, y = a[inner], b[inner], x[inner], y[inner]
    lbeta = np.array([math.lgamma(p) + math.lgamma(q) - math.lgamma(p + q) for p, q in zip(a.tolist(), b.tolist())])
    front = np.exp(a * np.log(x) + b * np.log(y) - lbeta)
    direct = x < (a + 1.0) / (a + b + 2.0)  # the fraction converges fast on this side; else use symmetry
    value = np.empty(x.shape)
    if direct.any():
        value[direct] = front[direct] * _beta_fraction(a[direct], b[direct], x[direct]) / a[direct]
    if (~direct).any():
        rev = ~direct
        value[rev] = 1.0 - front[rev] * _beta_fraction(b[rev], a[rev], y[rev]) / b[rev]
    out[inner] = np.clip(value, 0.0, 1.0)
    return out


def pearson_pvalues(r, n: int) -> np.ndarray:
    """Two-sided p of Pearson's r on n pairs (NaN where r is NaN or n < 2)."""
    r = np.asarray(r, dtype=float)
    if n < 2:
        return np.full(r.shape, np.nan)
    if n == 2:
        return np.where(np.isnan(r), np.nan, 1.0)
    a = n / 2.0 - 1.0
    upper = (np.abs(r) + 1.0) / 2.0  # scipy's argument of the beta survival function
    p = 2.0 * regularized_beta(a, a, 1.0 - upper, upper)
    return np.where(np.isnan(r), np.nan, np.minimum(p, 1.0))


def spearman_pvalues(rho, n: int) -> np.ndarray:
    """Two-sided p of Spearman's rho on n pairs (Student's t, n - 2 degrees of freedom)."""
    rho = np.asarray(rho, dtype=float)
    df = n - 2.0
    if df <= 0:
        return np.full(rho.shape, np.nan)
    with np.errstate(divide="ignore", invalid="ignore"):
        t2 = rho * rho * np.clip(df / ((rho + 1.0) * (1.0 - rho)), 0.0, None)
        x = np.where(np.isinf(t2), 0.0, df / (df + t2))
        y = np.where(np.isinf(t2), 1.0, t2 / (df + t2))
    p = regularized_beta(df / 2.0, 0.5, x, y)
    return np.where(np.isnan(rho), np.nan, p)


def _mahonian_tail(n: int, c: int) -> int:
    """How many permutations of n items have at most c inversions (Kendall's exact null distribution)."""
    counts = [1] + [0] * c  # permutations of 1 item by number of inversions, up to c
    for j in range(2, n + 1):
        # Inserting the j-th item adds 0..j-1 inversions: a sliding window sum over the previous row.
        window, new = 0, []
        for k in range(c + 1):
            window += counts[k]
            if k - j >= 0:
                window -= counts[k - j]
            new.append(window)
        counts = new
    return sum(counts)


@lru_cache(maxsize=4096)
def kendall_exact_pvalue(n: int, concordant: int) -> float:
    """Two-sided exact p of Kendall's tau on n untied pairs with ``concordant`` concordant pairs."""
    total = n * (n - 1) // 2
    c = min(concordant, total - concordant)
    if n <= 2 or 4 * c == n * (n - 1):
        return 1.0
    return min(1.0, 2 * _mahonian_tail(n, c) / math.factorial(n))


def _tie_terms(sign: np.ndarray) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From a (rows, n, n) sign matrix: tied pairs, sum t(t-1)(t-2) and sum t(t-1)(2t+5) over tie groups.

    Each element's tie count k (itself included) stands for its group: a group of size t has t such
    elements, so summing f(k)/... per element gives the per-group sums without finding the groups.
    """
    k = (sign == 0).sum(axis=2).astype(float)  # (rows, n)
    return ((k - 1).sum(axis=1) / 2.0, ((k - 1) * (k - 2)).sum(axis=1), ((k - 1) * (2 * k + 5)).sum(axis=1))


def kendall_with_pvalues(x, y) -> Tuple[np.ndarray, np.ndarray]:
    """Kendall's tau-b and its two-sided p per row of ``x`` and ``y`` (NaN where a row is constant)."""
    x = np.atleast_2d(np.asarray(x, dtype=float))
    rows, n = x.shape
    tau, p = np.full(rows, np.nan), np.full(rows, np.nan)
    if n < 2:
        return tau, p
    for sl, score, sx, sy in stats.kendall_blocks(x, y):
        tau[sl], p[sl] = _kendall_block(score, _tie_terms(sx), _tie_terms(sy), n)
    return tau, p


def _kendall_block(score, x_ties, y_ties, n: int):
    total = n * (n - 1) / 2.0
    xtie, x0, x1 = x_ties
    ytie, y0, y1 = y_ties
    defined = (xtie < total) & (ytie < total)
    with np.errstate(invalid="ignore", divide="ignore"):
        tau = np.clip(score / np.sqrt((total - xtie) * (total - ytie)), -1.0, 1.0)  # as stats.kendall_rows
        m = n * (n - 1.0)
        var = (m * (2 * n + 5) - x1 - y1) / 18.0 + 2 * xtie * ytie / m + x0 * y0 / (9 * m * (n - 2))
        z = np.abs(score) / np.sqrt(var)
    p = np.array([math.erfc(v / math.sqrt(2.0)) if math.isfinite(v) else math.nan for v in z.tolist()])
    concordant = np.rint((total + score) / 2.0)  # no ties: concordant + discordant = total
    for i in np.flatnonzero(defined & (xtie == 0) & (ytie == 0)):
        con = int(concordant[i])
        if n <= 33 or min(con, int(total) - con) <= 1:
            p[i] = kendall_exact_pvalue(n, con)
    return np.where(defined, tau, np.nan), np.where(defined, p, np.nan)


def correlations_with_pvalues(x, y, coefficient: str) -> Tuple[np.ndarray, np.ndarray]:
    """Per row of ``x`` and ``y``: the coefficient (``stats.CORRELATIONS``) and its two-sided p-value."""
    if coefficient == "kendall":
        return kendall_with_pvalues(x, y)
    values = stats.CORRELATION_FUNCTIONS[coefficient](x, y)
    n = np.atleast_2d(np.asarray(x)).shape[1]
    return values, (pearson_pvalues if coefficient == "pearson" else spearman_pvalues)(values, n)
