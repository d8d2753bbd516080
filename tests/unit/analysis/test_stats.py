"""rouge155.analysis statistics against scipy's on generated data (scipy is a test dependency)."""
import numpy as np
import pytest

from rouge155.analysis import stats
from rouge155.analysis.compare import compare
from rouge155.analysis.correlate import HumanScores, correlate
from support.analysis_runs import run_of_scores

ss = pytest.importorskip("scipy.stats")


def _data(seed, rows=40, n=11, ties=True):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 6, (rows, n)).astype(float) if ties else rng.normal(size=(rows, n))
    y = 0.4 * x + rng.normal(size=(rows, n))
    y[:, 2] = y[:, 5]  # ties in y as well
    return x, y


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("ties", [False, True])
def test_correlations_equal_scipy(seed, ties):
    x, y = _data(seed, ties=ties)
    for ours, ref in ((stats.pearson_rows, ss.pearsonr), (stats.spearman_rows, ss.spearmanr),
                      (stats.kendall_rows, ss.kendalltau)):
        got = ours(x, y)
        want = np.array([ref(a, b)[0] for a, b in zip(x, y)])
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(stats.rank_rows(x), np.array([ss.rankdata(a) for a in x]))


def test_constant_rows_give_nan():
    x = np.array([[1.0, 1.0, 1.0], [1.0, 2.0, 3.0]])
    y = np.array([[1.0, 2.0, 3.0], [3.0, 3.0, 3.0]])
    for f in (stats.pearson_rows, stats.spearman_rows, stats.kendall_rows):
        assert np.isnan(f(x, y)).all()


def _perm_scipy(a, b, resamples):
    return ss.permutation_test((a, b), lambda u, v, axis: np.mean(u - v, axis=axis), permutation_type="samples",
                               n_resamples=resamples, alternative="two-sided", random_state=0).pvalue


@pytest.mark.parametrize("seed", range(5))
def test_exact_permutation_test_equals_scipy(seed):
    rng = np.random.default_rng(seed)
    n = 6 + seed
    a = rng.random(n)
    b = a + rng.normal(0.1 * seed, 0.2, n)
    flips, exact = stats.sign_flips(rng, n, 5000)
    assert exact
    assert stats.paired_permutation(a, b, flips, exact) == pytest.approx(_perm_scipy(a, b, np.inf), abs=1e-12)


def test_random_permutation_test_close_to_scipy():
    rng = np.random.default_rng(7)
    a = rng.random(40)
    b = a - rng.normal(0.05, 0.15, 40)
    flips, exact = stats.sign_flips(np.random.default_rng(1), 40, 20000)
    assert not exact
    ours = stats.paired_permutation(a, b, flips, exact)
    assert ours == pytest.approx(_perm_scipy(a, b, 20000), abs=0.01)


def test_paired_bootstrap_interval_close_to_scipy_and_p_as_defined():
    rng = np.random.default_rng(3)
    a = rng.random(60)
    b = a - rng.normal(0.03, 0.1, 60)
    idx = stats.resample_indices(np.random.default_rng(0), 60, 20000)
    p, low, high = stats.paired_bootstrap(a, b, idx, 95)
    ref = ss.bootstrap((a, b), lambda u, v, axis: np.mean(u - v, axis=axis), paired=True, n_resamples=20000,
                       confidence_level=0.95, method="percentile", random_state=0).confidence_interval
    assert low == pytest.approx(ref.low, abs=0.004) and high == pytest.approx(ref.high, abs=0.004)
    # p by its definition, written out: (1 + #{|d* - d| >= |d|}) / (B + 1)
    d = a - b
    boot = np.array([d[i].mean() for i in idx])
    want = (1 + np.sum(np.abs(boot - d.mean()) >= abs(d.mean()) - 1e-12)) / (len(idx) + 1)
    assert p == pytest.approx(want, abs=1e-12)


def test_corrections():
    p = [0.01, 0.04, 0.03, 0.5]
    assert stats.correct(p, "bonferroni") == pytest.approx([0.04, 0.16, 0.12, 1.0])
    # Holm: sorted 0.01*4, 0.03*3, 0.04*2, 0.5*1, made monotone.
    assert stats.correct(p, "holm") == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert stats.correct(p, "none") == p


def run_of_matrix(matrix):
    """A Run whose ROUGE-1 systems x documents scores are ``matrix`` (all three measures equal)."""
    return run_of_scores({"ROUGE-1": matrix})


def test_compare_pairs_match_the_stats_functions_and_are_deterministic():
    rng = np.random.default_rng(11)
    m = rng.random((4, 25)) + np.arange(4)[:, None] * 0.05
    run = run_of_matrix(m)
    one = compare(run, resamples=2000, seed=5)
    assert one.to_json() == compare(run, resamples=2000, seed=5).to_json()
    assert len(one.tests) == 6
    t = next(t for t in one.tests if {t.system_a, t.system_b} == {"s0", "s3"})
    assert t.system_a == "s3"  # the better system first
    a, b = m[3], m[0]
    assert t.difference == pytest.approx((a - b).mean())
    assert t.p_permutation == pytest.approx(_perm_scipy(a, b, 2000), abs=0.02)
    assert t.p_permutation_adjusted == pytest.approx(min(1.0, 6 * t.p_permutation))


def test_correlation_levels_and_bootstrap_against_scipy():
    rng = np.random.default_rng(2)
    quality = rng.normal(size=8)
    m = quality[:, None] + rng.normal(0, 0.7, (8, 30))
    h = quality[:, None] + rng.normal(0, 0.7, (8, 30))
    human = HumanScores([f"s{i}" for i in range(8)], [f"d{j}" for j in range(30)], ["q"], {"q": h})
    corr = correlate(run_of_matrix(m), human, measures=["recall"], resamples=4000, seed=1, resample="documents")
    rows = {(r.level, r.coefficient): r for r in corr.rows}
    for coef, ref in (("pearson", ss.pearsonr), ("spearman", ss.spearmanr), ("kendall", ss.kendalltau)):
        assert rows[("system", coef)].value == pytest.approx(ref(m.mean(1), h.mean(1))[0], abs=1e-12)
        per_doc = [ref(m[:, j], h[:, j])[0] for j in range(30)]
        assert rows[("summary", coef)].value == pytest.approx(np.mean(per_doc), abs=1e-12)
    boot = ss.bootstrap((np.arange(30),), lambda i: ss.pearsonr(m[:, i].mean(1), h[:, i].mean(1))[0],
                        vectorized=False, n_resamples=4000, method="percentile", random_state=0).confidence_interval
    r = rows[("system", "pearson")]
    assert r.low == pytest.approx(boot.low, abs=0.03) and r.high == pytest.approx(boot.high, abs=0.03)


@pytest.mark.parametrize("seed", range(3))
def test_weighted_column_correlations_equal_the_resampled_rows(seed):
    """The summary-level bootstrap's shortcut (resamples of systems as multiplicities) gives what the
    plain functions give on the resampled rows themselves, NaN (constant resamples) included."""
    rng = np.random.default_rng(seed)
    s, d, b = 6 + seed, 9, 200
    x = rng.integers(0, 4, (s, d)).astype(float)
    y = rng.normal(size=(s, d))
    y[1] = y[2]
    idx = rng.integers(0, s, (b, s))
    idx[0] = 0  # one system drawn every time: constant
    weights = np.stack([np.bincount(r, minlength=s) for r in idx]).astype(float)
    fast = stats.weighted_column_correlations(x, y, weights, stats.CORRELATIONS)
    for coef, f in stats.CORRELATION_FUNCTIONS.items():
        slow = np.stack([f(x[i].T, y[i].T) for i in idx])
        np.testing.assert_array_equal(np.isnan(fast[coef]), np.isnan(slow))
        np.testing.assert_allclose(fast[coef], slow, rtol=0, atol=1e-12)


def test_correlate_hands_on_the_resampled_values_its_intervals_come_from():
    """``resampled`` receives each row's values on the resamples, those the interval is taken from and those
    the difference tests use (so the tests reuse them, and give what they give on their own)."""
    from rouge155.analysis import Draws, Swaps, difference

    rng = np.random.default_rng(4)
    quality = rng.normal(size=6)
    h = quality[:, None] + rng.normal(0, 0.7, (6, 12))
    m1, m2 = (quality[:, None] + rng.normal(0, s, (6, 12)) for s in (0.5, 1.0))
    human = HumanScores([f"s{i}" for i in range(6)], [f"d{j}" for j in range(12)], ["q"], {"q": h})
    runs = {"a": run_of_matrix(m1), "b": run_of_matrix(m2)}
    kept = {}
    corr = correlate(runs, human, measures=["recall"], resamples=300, seed=2, against_best=True, resampled=kept)
    assert len(kept) == len(corr.rows) == 2 * 2 * 3
    draws, swaps = Draws.make(6, 12, 300, 2), Swaps.make(6, 12, 300, 2)
    for r in corr.rows:
        values = kept[(r.variant, r.metric, r.measure, r.human, r.level, r.coefficient)]
        assert (r.low, r.high) == stats.percentile_interval(values, 95.0)
        grid = m1 if r.variant == "a" else m2
        np.testing.assert_array_equal(values, difference.boot_values(grid, h, r.level, r.coefficient, draws))
    for t in corr.differences.tests:
        grids = {("a", "ROUGE-1", "recall"): m1, ("b", "ROUGE-1", "recall"): m2}
        _, alone = difference.against_best(grids, h, t.level, t.coefficient, draws, swaps)
        result, p_perm, _ = alone[(t.variant_b, t.metric_b, t.measure_b)]
        assert (t.difference, t.ci_low, t.ci_high, t.p_permutation, t.p_bootstrap, t.p_permutation_adjusted) == \
            (result.difference, result.ci_low, result.ci_high, result.p_permutation, result.p_bootstrap, p_perm)
