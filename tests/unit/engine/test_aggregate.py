"""Averages and bootstrap intervals (rouge155.engine.aggregate): the plain-Python bootstrap of small
runs adds the same floats as numpy's, the draws are the script's drand48 draws, and the Perl's
averaging quirks hold."""
import random

import numpy as np
import pytest

from rouge155 import RougeError
from rouge155.engine import aggregate


def _tables(r, n, k=3):
    return [[(r.random(), r.random() * 3, float(r.randint(0, 9))) for _ in range(n)] for _ in range(k)]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 17, 64, 65, 130])
def test_pure_bootstrap_equals_numpy(n):
    r = random.Random(n)
    tables = _tables(r, n)
    for count in (1, 257, 1000):
        pure = aggregate.pure_bootstrap_sums(tables, count)
        vec = aggregate.bootstrap_sums([np.array(t, dtype=np.float64).reshape(-1, 3) for t in tables], count)
        assert pure == [v.T.tolist() for v in vec]


def test_lane_draws_equal_the_scripts_floats():
    """The 64-bit-lane draws give int(rand(n)) as the script's float arithmetic does, including where
    rounding carries state * n up to the next multiple of 2**48 (states chosen next to one)."""
    r = random.Random(2)
    changed = 0
    for n in (33, 59, 1000, 20000, 32767):
        lanes = aggregate._Lanes(n, 50)
        for _ in range(2000):
            p = r.randrange(1 << 48)
            i, m = r.randrange(50), r.randrange(1, n + 1)
            state = ((m << 48) - r.randrange(1, 1 << max(1, n.bit_length() - 5))) // n
            q = (state - i * p) & aggregate._MASK
            assert lanes.column(p, q) == aggregate._column(n, 50, p, q)
            changed += int(state * (n * 2.0**-48)) != (state * n) >> 48
    assert changed > 0  # the rounding case was met
    for n in (1, 2, 31, 32, 64, 300):
        for count in (2, 3, 1000):
            aggregate._DRAWS.clear()
            got = aggregate._draw_columns(n, count)
            aggregate._DRAWS.clear()
            assert got == list(_draw_columns_by_floats(n, count))


def _draw_columns_by_floats(n, count):
    a_k, c_k, mask = 1, 0, aggregate._MASK
    for _ in range(n):
        a_k, c_k = (a_k * aggregate._A) & mask, (c_k * aggregate._A + aggregate._C) & mask
        yield aggregate._column(n, count, (a_k << 16) & mask, (a_k * 0x330E + c_k) & mask)


def test_pure_bootstrap_many_tables_paired_lanes():
    """Tables of one size share the draws and ride two columns to a complex number: every sum is
    still 0.0 plus its draws in order (equal to numpy's, table by table)."""
    r = random.Random(4)
    tables = _tables(r, 7, 5) + _tables(r, 3, 2) + _tables(r, 7, 1)
    pure = aggregate.pure_bootstrap_sums(tables, 500)
    vec = aggregate.bootstrap_sums([np.array(t, dtype=np.float64) for t in tables], 500)
    assert pure == [v.T.tolist() for v in vec]


def test_pure_bootstrap_resample_by_resample(monkeypatch):
    """The path for draws too many to keep (runs under a tight ulimit -v) adds the same floats."""
    monkeypatch.setattr(aggregate, "PURE_BOOTSTRAP_WORK", 0)
    tables = _tables(random.Random(9), 70, 2)
    pure = aggregate.pure_bootstrap_sums(tables, 300)
    vec = aggregate.bootstrap_sums([np.array(t, dtype=np.float64) for t in tables], 300)
    assert pure == [v.T.tolist() for v in vec]


@pytest.mark.parametrize("token_mode", [None, 1, 2])
@pytest.mark.parametrize("resamples,confidence", [(1000, 95), (7.5, 90), (1, 95)])
def test_averages_same_from_lists_and_arrays(monkeypatch, token_mode, resamples, confidence):
    r = random.Random(5)
    for n in (1, 4, 30):
        tables = _tables(r, n)
        arrays = [np.array(t, dtype=np.float64) for t in tables]
        want = aggregate.average_many(arrays, token_mode, resamples, confidence, 0.5)
        got = aggregate.average_many(tables, token_mode, resamples, confidence, 0.5)  # plain Python
        assert got == want
        monkeypatch.setattr(aggregate, "PURE_BOOTSTRAP_WORK", 0)  # lists through numpy
        assert aggregate.average_many(tables, token_mode, resamples, confidence, 0.5) == want
        monkeypatch.undo()


def test_resample_count_is_the_scripts_loop():
    """``for($i=0;$i<$numOfResamples;$i++)``: a fraction runs once more, zero or NaN never, inf is refused."""
    assert [aggregate.resample_count(r) for r in (1000, 7.5, 1, 0.2, 0, -3, float("nan"))] == [1000, 8, 1, 1, 0, 0, 0]
    with pytest.raises(RougeError):
        aggregate.resample_count(float("inf"))


def test_perl_order_is_string_order():
    keys = ["10.A", "9.A", "1.B", "1.A"]
    assert [keys[i] for i in aggregate.perl_order(keys)] == ["1.A", "1.B", "10.A", "9.A"]


def test_average_is_mean_of_sorted_resample_means():
    """Perl quirk: the printed average is the mean of the resample means, not the instances' mean;
    with one resample of one draw it is that draw."""
    values = [(0.1, 0.2, 0.3), (0.5, 0.6, 0.7), (0.9, 1.0, 0.4)]
    [one] = aggregate.average_many([values], None, 1, 95, 0.5)
    sums = aggregate.pure_bootstrap_sums([values], 1)[0]
    assert one.mean_raw == tuple(col[0] / 3 for col in sums)
    [many] = aggregate.average_many([values], None, 1000, 95, 0.5)
    assert many.low[0] <= many.mean[0] <= many.high[0]


def test_no_resample_is_the_scripts_division_by_zero():
    with pytest.raises(RougeError, match="Illegal division by zero"):
        aggregate.average_many([[(0.1, 0.2, 0.3)]], None, 0, 95, 0.5)


def test_token_mode_two_prints_the_sums():
    """-t 2: the raw count totals, no bootstrap (left to right, as the script adds)."""
    [a] = aggregate.average_many([[(3.0, 4.0, 2.0), (1.0, 1.0, 1.0)]], 2, 1000, 95, 0.5)
    assert a.totals == (4.0, 5.0, 3.0)


@pytest.mark.parametrize("numpy_tables", [False, True])
def test_blocks_in_groups_give_the_same_averages(monkeypatch, numpy_tables):
    """Resample sums are computed SUMS_GROUP blocks at a time (memory flat under -n 100000): the draws
    depend only on (resample, n), so any grouping gives the same averages, mixed sizes included."""
    r = random.Random(7)
    tables = [t for n in (1, 5, 0, 5, 2, 9, 5) for t in _tables(r, n, k=2)]
    if numpy_tables:
        tables = [np.array(t, dtype=np.float64).reshape(-1, 3) for t in tables]
    whole = aggregate.average_many(tables, None, 1000, 95, 0.5)
    monkeypatch.setattr(aggregate, "SUMS_GROUP", 3)
    assert aggregate.average_many(tables, None, 1000, 95, 0.5) == whole


@pytest.mark.parametrize("confidence", [95, 0, 100, 99.9, 50.5, float("nan")])
@pytest.mark.parametrize("resamples", [1, 2, 7, 1000])
def test_bounds_of_an_array_equal_the_lists(confidence, resamples):
    """averages_from_sums on the resample sums as an array (whole-array sort, cumsum, interpolation)
    gives the Averages of the lists path, float for float: ties, zeros, a NaN column (Perl's sort),
    n of 0."""
    averages_from_sums = aggregate.averages_from_sums
    r = random.Random(resamples)
    for n in (0, 1, 3, 38, 1500):
        sums = np.array([[r.choice([0.0, 0.5, 1 / 3, r.random(), r.random() * n]) for _ in range(resamples)]
                         for _ in range(3)])
        if n == 3:
            sums[1, resamples // 2] = float("nan")
        want = averages_from_sums([1.0, 2.0, 3.0], n, sums.tolist(), None, resamples, confidence, 0.5)
        got = averages_from_sums([1.0, 2.0, 3.0], n, sums, None, resamples, confidence, 0.5)
        assert repr(got) == repr(want)
