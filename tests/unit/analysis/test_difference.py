"""The paired tests of a difference between two metrics' correlations (PERM-BOTH, BOOT-BOTH) against scipy:
the exact permutation test equals ``scipy.stats.permutation_test`` over every swap pattern; random
permutations come close to it; the bootstrap equals the resampled grids computed with scipy's
correlation functions on the same draws, and its interval comes close to ``scipy.stats.bootstrap``."""
import warnings

import numpy as np
import pytest

from rouge155.analysis import Draws, Swaps, against_best, paired_difference, stats
from rouge155.analysis.difference import boot_values, bootstrap_p, grid_values

ss = pytest.importorskip("scipy.stats")
SCIPY = {"pearson": ss.pearsonr, "spearman": ss.spearmanr, "kendall": ss.kendalltau}


def _grids(seed, n_sys, n_doc):
    rng = np.random.default_rng(seed)
    quality = rng.normal(size=(n_sys, 1))
    z = quality + rng.normal(0, 0.8, (n_sys, n_doc))
    x = quality + rng.normal(0, 0.5, (n_sys, n_doc))
    y = quality + rng.normal(0, 1.2, (n_sys, n_doc))
    return x, y, z


def _level(grid, z, level, coefficient):
    """The level's correlation by scipy's functions (documents without a correlation left out)."""
    f = SCIPY[coefficient]
    if level == "system":
        return f(grid.mean(axis=1), z.mean(axis=1))[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        per_doc = np.array([f(grid[:, j], z[:, j])[0] for j in range(grid.shape[1])])
    per_doc = per_doc[np.isfinite(per_doc)]
    return per_doc.mean() if per_doc.size else np.nan


def _standardized(x):
    return (x - x.mean()) / x.std()


@pytest.mark.parametrize("level", ["system", "summary"])
@pytest.mark.parametrize("coefficient", ["pearson", "spearman", "kendall"])
@pytest.mark.parametrize("alternative", ["two-sided", "greater"])
def test_exact_permutation_equals_scipy_permutation_test(level, coefficient, alternative):
    x, y, z = _grids(3, 3, 3)  # 9 cells: all 512 swap patterns
    draws = Draws.make(3, 3, 50, seed=1)
    swaps = Swaps.make(3, 3, 1000, seed=1)
    assert swaps.exact and swaps.masks.shape == (512, 3, 3)
    got = paired_difference(x, y, z, level, coefficient, draws, swaps, alternative=alternative)
    xs, ys = _standardized(x), _standardized(y)

    def statistic(a, b):
        return _level(a.reshape(3, 3), z, level, coefficient) - _level(b.reshape(3, 3), z, level, coefficient)

    want = ss.permutation_test((xs.ravel(), ys.ravel()), statistic, permutation_type="samples", vectorized=False,
                               n_resamples=np.inf, alternative=alternative)
    assert got.exact_permutation
    assert got.p_permutation == pytest.approx(want.pvalue, abs=1e-12)
    want_difference = _level(x, z, level, coefficient) - _level(y, z, level, coefficient)
    assert got.difference == pytest.approx(want_difference, abs=1e-12)


def _system_pearson(grid, z):
    return np.corrcoef(grid.mean(axis=1), z.mean(axis=1))[0, 1]


def test_random_permutation_close_to_scipy():
    x, y, z = _grids(4, 5, 8)
    draws = Draws.make(5, 8, 10, seed=0)
    swaps = Swaps.make(5, 8, 4000, seed=2)
    assert not swaps.exact
    got = paired_difference(x, y, z, "system", "pearson", draws, swaps)
    xs, ys = _standardized(x), _standardized(y)

    def statistic(a, b):
        return _system_pearson(a.reshape(5, 8), z) - _system_pearson(b.reshape(5, 8), z)

    want = ss.permutation_test((xs.ravel(), ys.ravel()), statistic, permutation_type="samples", vectorized=False,
                               n_resamples=4000, random_state=0)
    assert got.p_permutation == pytest.approx(want.pvalue, abs=0.03)


@pytest.mark.parametrize("resample", ["both", "systems", "documents"])
@pytest.mark.parametrize("level", ["system", "summary"])
def test_bootstrap_equals_the_resampled_grids(resample, level):
    """BOOT on the shared draws: each resample is X[rows][:, cols] (sacrerouge's bootstrap_both_sample)."""
    x, y, z = _grids(5, 6, 7)
    draws = Draws.make(6, 7, 120, seed=4, resample=resample)
    for coefficient in SCIPY:
        got = paired_difference(x, y, z, level, coefficient, draws, Swaps.make(6, 7, 10, seed=4), 90.0)
        deltas = []
        for rows, weights in zip(draws.system_indices, draws.document_weights.astype(int)):
            cols = np.repeat(np.arange(7), weights)
            xi, yi, zi = x[rows][:, cols], y[rows][:, cols], z[rows][:, cols]
            deltas.append(_level(xi, zi, level, coefficient) - _level(yi, zi, level, coefficient))
        deltas = np.array(deltas)
        low, high = stats.percentile_interval(deltas, 90.0)
        assert (got.ci_low, got.ci_high) == pytest.approx((low, high), abs=1e-12)
        delta = got.difference
        finite = deltas[np.isfinite(deltas)]
        assert got.p_bootstrap == pytest.approx(np.mean(np.abs(finite) >= 2 * abs(delta) - 1e-12), abs=1e-12)


def test_bootstrap_interval_close_to_scipy_bootstrap_over_documents():
    x, y, z = _grids(6, 6, 40)
    draws = Draws.make(6, 40, 4000, seed=0, resample="documents")
    got = paired_difference(x, y, z, "system", "pearson", draws, Swaps.make(6, 40, 10))

    def statistic(idx):
        return _system_pearson(x[:, idx], z[:, idx]) - _system_pearson(y[:, idx], z[:, idx])

    ref = ss.bootstrap((np.arange(40),), statistic, vectorized=False, n_resamples=4000, method="percentile",
                       random_state=0).confidence_interval
    assert got.ci_low == pytest.approx(ref.low, abs=0.03) and got.ci_high == pytest.approx(ref.high, abs=0.03)


def test_bootstrap_p_definition():
    deltas = np.array([0.3, -0.1, 0.25, np.nan, 0.05, -0.3])
    assert bootstrap_p(deltas, 0.1, "greater") == pytest.approx(2 / 5)  # 0.3 and 0.25 reach 2 * 0.1
    assert bootstrap_p(deltas, 0.1, "two-sided") == pytest.approx(3 / 5)  # |-0.3| too


def test_against_best_holm_and_shared_resamples():
    x, y, z = _grids(7, 6, 12)
    w = x + np.random.default_rng(1).normal(0, 2.0, x.shape)
    scores = {"good": x, "fair": y, "poor": w}
    draws = Draws.make(6, 12, 400, seed=3)
    swaps = Swaps.make(6, 12, 400, seed=3)
    best, results = against_best(scores, z, "summary", "kendall", draws, swaps, correction="holm")
    observed = {k: grid_values(v[None], z, "summary", "kendall")[0] for k, v in scores.items()}
    assert best == max(observed, key=observed.get)
    assert set(results) == set(scores) - {best}
    raw = [results[k][0].p_permutation for k in results]
    assert [results[k][1] for k in results] == pytest.approx(stats.correct(raw, "holm"))
    for key, (r, _, _) in results.items():
        one = paired_difference(scores[best], scores[key], z, "summary", "kendall", draws, swaps, alternative="greater")
        assert r == one  # the same numbers pair by pair: the resamples are shared
    again = against_best(scores, z, "summary", "kendall", draws, swaps, correction="holm")
    assert again == (best, results)


def test_swap_patterns_and_argument_errors():
    s = Swaps.make(4, 30, 64, resample="systems")
    assert s.exact and s.masks.shape == (16, 4, 30) and (s.masks == s.masks[:, :, :1]).all()
    d = Swaps.make(4, 30, 100, resample="documents", seed=9)
    assert not d.exact and (d.masks == d.masks[:, :1, :]).all()
    x, y, z = _grids(1, 4, 5)
    draws = Draws.make(4, 5, 20)
    with pytest.raises(ValueError, match="alternative"):
        paired_difference(x, y, z, "system", "pearson", draws, s, alternative="less")
    with pytest.raises(ValueError, match="one shape"):
        paired_difference(x, y[:, :3], z, "system", "pearson", draws, s)
    with pytest.raises(ValueError, match="seed"):
        Draws.make(4, 5, 20, seed=-1)
    with pytest.raises(ValueError, match="correction"):
        against_best({"a": x}, z, "system", "pearson", draws, s, correction="sidak")


def _tied_grids(seed, n_sys, n_doc):
    """Grids with ties within and between x and y, a column constant in both, and one constant in z."""
    rng = np.random.default_rng(seed)
    x, y, z = (np.round(rng.normal(size=(n_sys, n_doc)) * 2) / 2 for _ in range(3))
    if n_doc > 1:
        x[:, 0] = y[:, 0] = 0.5
        z[:, -1] = 3.0
    return _standardized(x), _standardized(y), z


@pytest.mark.parametrize("coefficient", ["pearson", "spearman", "kendall"])
@pytest.mark.parametrize("resample,shape", [("both", (5, 7)), ("systems", (16, 9)), ("documents", (4, 11)),
                                            ("both", (2, 3)), ("both", (6, 1))])
@pytest.mark.parametrize("budget", [None, 700])
def test_swapped_correlations_equal_the_swapped_grids_bit_for_bit(coefficient, resample, shape, budget, monkeypatch):
    """PERM's shortcut (each column's comparisons made once, every swap pattern a 0/1 vector over them) gives
    exactly what the row functions give on the swapped grids: the same floats, so the same p-values.
    ``budget``: a small memory budget, so that columns and patterns come in several blocks."""
    if budget:
        monkeypatch.setattr(stats, "_PAIR_BUDGET", budget)
    n_sys, n_doc = shape
    for seed in range(3):
        x, y, z = _tied_grids(seed, n_sys, n_doc) if seed else _grids(seed, n_sys, n_doc)
        swaps = Swaps.make(n_sys, n_doc, 300, seed=seed, resample=resample)
        a, b = stats.swapped_column_correlations(x, y, z, swaps.masks, coefficient)
        for got, grids in ((a, np.where(swaps.masks, y, x)), (b, np.where(swaps.masks, x, y))):
            f = stats.CORRELATION_FUNCTIONS[coefficient]
            k = grids.shape[0]
            want = f(grids.transpose(0, 2, 1).reshape(k * n_doc, n_sys),
                     np.broadcast_to(z.T, (k, n_doc, n_sys)).reshape(k * n_doc, n_sys)).reshape(k, n_doc)
            np.testing.assert_array_equal(got, want)


def test_against_best_takes_the_intervals_resampled_values():
    x, y, z = _grids(8, 6, 10)
    scores = {"x": x, "y": y, "w": (x + y) / 2}
    draws, swaps = Draws.make(6, 10, 200, seed=2), Swaps.make(6, 10, 200, seed=2)
    for level in ("system", "summary"):
        boots = {k: boot_values(v, z, level, "spearman", draws) for k, v in scores.items()}
        assert against_best(scores, z, level, "spearman", draws, swaps, boots=boots) == \
            against_best(scores, z, level, "spearman", draws, swaps)
