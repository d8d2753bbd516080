"""rouge155.analysis.pvalues against scipy.stats (pearsonr, spearmanr, kendalltau with their defaults): the
p-values from scipy's own statistics, and statistics with p-values end to end, on generated data with
and without ties, in Kendall's exact and asymptotic regions, and at the edges (n = 2, 3, constant)."""
import warnings

import numpy as np
import pytest

from rouge155.analysis import pvalues

ss = pytest.importorskip("scipy.stats")


def _cases(seed, count=120):
    rng = np.random.default_rng(seed)
    for k in range(count):
        n = int(rng.integers(4, 45)) if k % 4 else int(rng.integers(34, 160))
        kind = k % 5
        if kind == 0:
            x = rng.normal(size=n)
            y = 0.4 * x + rng.normal(size=n)
        elif kind == 1:  # ties on both sides (scores rounded, as ROUGE's and human scores are)
            x = rng.integers(0, 5, n).astype(float)
            y = x + rng.integers(0, 4, n)
        elif kind == 2:  # strong correlation: tiny p-values
            x = rng.normal(size=n)
            y = x + rng.normal(0, 0.05, n)
        elif kind == 3:  # untied permutations (Kendall's exact distribution below 34)
            x = rng.permutation(n).astype(float)
            y = rng.permutation(n).astype(float)
        else:  # ties in one side only
            x = rng.normal(size=n)
            y = np.round(rng.normal(size=n), 1)
        yield x, y


def _close(got, want):
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-300)


@pytest.mark.parametrize("seed", range(3))
def test_pvalues_of_scipys_statistics_equal_scipys(seed):
    for x, y in _cases(seed):
        n = len(x)
        r, p = ss.pearsonr(x, y)
        _close(pvalues.pearson_pvalues(r, n), p)
        rho, p = ss.spearmanr(x, y)
        _close(pvalues.spearman_pvalues(rho, n), p)


@pytest.mark.parametrize("seed", range(3))
def test_statistics_and_pvalues_end_to_end(seed):
    xs, ys = zip(*_cases(seed + 10, 60))
    for coefficient, ref in (("pearson", ss.pearsonr), ("spearman", ss.spearmanr), ("kendall", ss.kendalltau)):
        for x, y in zip(xs, ys):
            value, p = pvalues.correlations_with_pvalues(x, y, coefficient)
            want = ref(x, y)
            assert value[0] == pytest.approx(want[0], abs=1e-12)
            # p from our statistic: equal to scipy's up to what a 1e-16 difference in r moves it.
            assert p[0] == pytest.approx(want[1], rel=1e-9, abs=1e-14)


def test_kendall_rows_batched_with_exact_and_asymptotic_regions():
    rng = np.random.default_rng(5)
    n = 25  # REALSumm's systems per document
    x = rng.integers(0, 12, (300, n)).astype(float)
    y = x + rng.normal(0, 3, (300, n))
    x[::3] = rng.normal(size=(100, n))  # every third row untied: the exact distribution
    y[::3] = x[::3] + rng.normal(0, 2, (100, n))
    tau, p = pvalues.kendall_with_pvalues(x, y)
    want = np.array([ss.kendalltau(a, b) for a, b in zip(x, y)])
    np.testing.assert_allclose(tau, want[:, 0], rtol=0, atol=1e-12)
    np.testing.assert_allclose(p, want[:, 1], rtol=1e-9, atol=1e-300)


def test_kendall_exact_beyond_33_when_one_pair_is_discordant():
    x = np.arange(60.0)
    for y in (x.copy(), x[::-1].copy(), np.r_[x[1::-1], x[2:]]):
        tau, p = pvalues.kendall_with_pvalues(x, y)
        want = ss.kendalltau(x, y)
        assert tau[0] == pytest.approx(want[0], abs=1e-15) and p[0] == pytest.approx(want[1], rel=1e-12)


@pytest.mark.parametrize("x, y", [([1.0, 2.0], [3.0, 5.0]), ([1.0, 2.0], [5.0, 3.0]),
                                  ([1.0, 2.0, 3.0], [1.0, 3.0, 2.0]),
                                  ([1.0, 1.0, 1.0], [1.0, 2.0, 3.0]), ([1.0, 2.0, 3.0], [2.0, 2.0, 2.0]),
                                  ([1.0, 2.0, 2.0], [1.0, 1.0, 2.0])])
def test_edges_as_scipy(x, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        refs = {"pearson": ss.pearsonr(x, y), "spearman": ss.spearmanr(x, y), "kendall": ss.kendalltau(x, y)}
    for coefficient, want in refs.items():
        value, p = pvalues.correlations_with_pvalues(x, y, coefficient)
        np.testing.assert_allclose(value, [want[0]], rtol=0, atol=1e-12, equal_nan=True)
        np.testing.assert_allclose(p, [want[1]], rtol=1e-9, atol=1e-12, equal_nan=True)


def test_regularized_beta_tails_and_symmetry():
    sp = pytest.importorskip("scipy.special")
    rng = np.random.default_rng(1)
    for a, b in ((0.5, 0.5), (1.5, 1.5), (11.5, 11.5), (60.0, 60.0), (2.0, 0.5), (40.0, 0.5), (0.5, 9.0)):
        x = rng.random(400)
        np.testing.assert_allclose(pvalues.regularized_beta(a, b, x), sp.betainc(a, b, x), rtol=1e-11, atol=1e-300)
    assert pvalues.regularized_beta(3.0, 3.0, 0.0) == 0.0 and pvalues.regularized_beta(3.0, 3.0, 1.0) == 1.0
