"""A streamed run's compact numbers (rouge155.engine.compact): int32 of 1e-5 units give back the very
doubles the script stores, anything that does not encode stays a double, the bootstrap on them adds
the same doubles in the same order, and the rows of keys 1..N are placed in Perl's sort order."""
import random

import numpy as np
import pytest

from rouge155.base.perl import r5
from rouge155.engine.aggregate import bootstrap_sums, resample_sums
from rouge155.engine.compact import ValueTable, column_scales, encoded, sequential_key_ranks, table_averages
from rouge155.engine.aggregate import average_many
from rouge155.engine import compact
from rouge155.metrics.formulas import F, HIT, MODEL_COUNT, PRECISION, RECALL


def _scores(r: random.Random, n: int) -> np.ndarray:
    return np.array([[r5(r.random()) for _ in range(3)] for _ in range(n)])


def test_every_five_decimal_score_round_trips():
    values = np.array([r5(k / 1e5) for k in range(100001)])[:, None]
    k = encoded(values, np.array([1e5]))
    assert k is not None and k.dtype == np.int32
    assert np.array_equal(k / 1e5, values) and (k[:, 0] == np.arange(100001)).all()


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -0.0, 0.123456, 2.0**40])
def test_what_does_not_encode_stays_a_double(bad):
    values = np.array([[0.5], [bad]])
    assert encoded(values, np.array([1e5])) is None
    table = ValueTable(2, np.array([1e5]))
    table.put(np.array([1]), encoded(values[:1], np.array([1e5])))
    table.put(np.array([0]), values[1:])
    assert not table.is_int
    got = table.decoded()
    assert got[1, 0] == 0.5 and (got[0, 0] == bad or bad != bad) and np.signbit(got[0, 0]) == np.signbit(bad)


def test_counts_encode_with_scale_one():
    scales = column_scales([MODEL_COUNT, HIT, RECALL], 2)
    assert scales.tolist() == [1, 1, 1e5] * 2
    rows = np.array([[12.0, 3.0, 0.25, 40.0, 7.0, 0.175]])
    assert np.array_equal(encoded(rows, scales) / scales, rows)


@pytest.mark.parametrize("n", [1, 9, 10, 11, 99, 100, 101, 1234, 20001])
def test_sequential_key_ranks_are_perls_sort_keys(n, monkeypatch):
    monkeypatch.setattr(compact, "_SLICE", 7)  # several slices
    keys = [f"{i + 1}.sys" for i in range(n)]
    expected = np.empty(n, dtype=np.int64)
    expected[sorted(range(n), key=keys.__getitem__)] = np.arange(n)
    assert np.array_equal(sequential_key_ranks(n), expected)


def test_bootstrap_on_integers_adds_the_same_doubles():
    r = random.Random(3)
    tables = [_scores(r, 257) for _ in range(3)]
    floats = bootstrap_sums(tables, 300)
    values = np.hstack(tables)
    scales = np.full(9, 1e5)
    ints = resample_sums(encoded(values, scales), 300, 0, scales)
    assert np.array_equal(np.hstack(floats), ints)
    assert np.array_equal(resample_sums(encoded(values, scales), 100, 200, scales), ints[200:])


@pytest.mark.parametrize("decoded", [True, False], ids=["doubles", "int32"])
@pytest.mark.parametrize("token_mode", [None, 1, 2])
def test_table_averages_are_average_many(token_mode, decoded, monkeypatch):
    if not decoded:  # the bootstrap on the int32 table itself (large runs)
        monkeypatch.setattr(compact, "FLOAT_BOOTSTRAP_BYTES", 0)
    r = random.Random(token_mode or 0)
    n = 300
    columns = [RECALL, PRECISION, F] if token_mode is None else [MODEL_COUNT, F, HIT]
    blocks = [_scores(r, n) if token_mode is None else np.array([[r.randint(0, 90), r.randint(0, 90),
                                                                  r.randint(0, 40)] for _ in range(n)], float)
              for _ in range(2)]
    table = ValueTable(n, column_scales(columns, 2))
    table.put(np.arange(n)[::-1].copy(), np.hstack(blocks)[::-1].copy())
    got = table_averages(table, 2, token_mode, 150, 95, 0.5)
    assert got == average_many(blocks, token_mode, 150, 95, 0.5)


@pytest.mark.parametrize("with_nul", [False, True])
def test_unordered_keys_sort_as_perl_sorts_them(with_nul):
    """Keys that arrive in input order (JSONL, configs) are sorted as Perl's ``sort keys``: by code
    point, a key before those it is a prefix of, whatever the bytes (a NUL included)."""
    from rouge155.engine.stream import _Collected, _encoded_keys, _sorted_rows

    ids = ["1", "1-2", "1.x", "10", "2", "é", "e", "\ud800", "\U0001f600", "a.1", "a", ""]
    ids += ["a\0", "a\0b"] if with_nul else []
    r = random.Random(5)
    r.shuffle(ids)
    kept = _Collected(ValueTable(len(ids), np.array([1.0])), None, len(ids))
    kept.values.put(np.arange(len(ids)), np.arange(len(ids), dtype=float)[:, None])
    kept.ids = [_encoded_keys(ids[:5], "sys"), _encoded_keys(ids[5:], "sys")]
    keys = _sorted_rows("sys", kept)
    expected = sorted(range(len(ids)), key=lambda i: f"{ids[i]}.sys")
    assert kept.values.values[:, 0].tolist() == expected
    assert [keys.key(j) for j in range(len(ids))] == [f"{ids[i]}.sys" for i in expected]


def test_reordering_is_in_place_and_is_the_gather():
    rng = np.random.default_rng(3)
    table = ValueTable(1000, column_scales([0, 1, 2], 2))
    table.put(np.arange(1000), rng.integers(0, 100000, (1000, 6)).astype(np.int32))
    before, order = table.values.copy(), rng.permutation(1000)
    storage = table.values
    table.reordered(order)
    assert table.values is storage and np.array_equal(table.values, before[order])


def test_a_large_table_is_not_sent_to_other_processes(monkeypatch):
    """Each share would pickle the whole table (a copy here and one per worker): past SHIP_BYTES its
    resamples are drawn here, and they are the same sums."""
    from rouge155.engine import aggregate

    class Workers:
        active = 2

        def map(self, func, calls):
            self.sent = len(calls)
            return [func(*c) for c in calls]

    values = _scores(random.Random(5), 3000)
    workers = Workers()
    split = aggregate.parallel_resample_sums(values, 2000, None, workers)
    assert workers.sent == 2
    monkeypatch.setattr(aggregate, "SHIP_BYTES", values.nbytes - 1)
    workers.sent = 0
    assert np.array_equal(aggregate.parallel_resample_sums(values, 2000, None, workers), split)
    assert workers.sent == 0
