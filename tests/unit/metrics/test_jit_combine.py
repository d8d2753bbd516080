"""The compiled per-call combinations (rouge155.metrics.jit_calls: perl_single, harmonic_best) give the
doubles of the Python rules they stand for (engine.calls.perl_value, semantics.rouge_score.call_value),
on random counts: every field, every metric kind, alphas of the flag -p, several references (rouge-score's
best F); a value at a rounding half exactly is rounded to even, one near it left to Python."""
import random

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled kernels are the jit extra")

from rouge155.engine.calls import perl_value
from rouge155.base.perl import r5
from rouge155.metrics.jit_calls import _r5, harmonic_best, perl_single
from rouge155.semantics.rouge_score import call_value

KINDS = np.array([1, 2, 3, 0, -1], dtype=np.int64)


def _counts(r: random.Random, n: int, refs: int):
    lengths = np.array([r.choice([0, 1, 2, r.randrange(1, 80)]) for _ in range(n * (refs + 1))], dtype=np.int64)
    pair_pred = np.repeat(np.arange(n) * (refs + 1), refs).astype(np.int64)
    pair_ref = (pair_pred + np.tile(np.arange(1, refs + 1), n)).astype(np.int64)
    hits = np.array([[r.randrange(0, max(1, min(lengths[p], lengths[q])) + 1) for _ in KINDS]
                     for p, q in zip(pair_pred, pair_ref)], dtype=np.int64).reshape(len(pair_ref), len(KINDS))
    return hits, lengths, pair_ref, pair_pred


@pytest.mark.parametrize("alpha", [0.5, 0.0, 1.0, 0.2, 0.8, 1 / 3, 0, 1])
def test_perl_single_is_perl_value(alpha):
    r = random.Random(7)
    hits, lengths, pair_ref, pair_pred = _counts(r, 400, 1)
    compiled = 0
    for i in range(400):
        out, ok = perl_single(hits[i:i + 1], lengths, pair_ref[i:i + 1], pair_pred[i:i + 1], 1, KINDS[:4],
                              float(alpha))
        if not ok:  # a value at a rounding half: that call is Python's
            continue
        compiled += 1
        for m, kind in enumerate(KINDS[:4].tolist()):
            expected = perl_value(kind, [int(hits[i, m])], [int(lengths[pair_pred[i]]), int(lengths[pair_ref[i]])],
                                  "A", alpha)
            assert tuple(out[m, :, 0].tolist()) == expected, (i, kind)
    assert compiled > 300


def test_an_exact_rounding_half_is_rounded_as_perl_prints_it():
    """x * 1e5 at a half exactly (x = odd / 64): ``%7.5f`` rounds it to even; every such x below 1000."""
    for q in range(1, 64000, 2):
        value, ok = _r5(q / 64)
        assert ok and value == r5(q / 64), q
    hits = np.array([[1]], dtype=np.int64)  # 1 / 64 = 0.015625: 1562.5 units of 1e-5, a half exactly
    lengths = np.array([64, 64], dtype=np.int64)
    out, ok = perl_single(hits, lengths, np.array([1]), np.array([0]), 1, np.array([1], dtype=np.int64), 0.5)
    assert ok and tuple(out[0, :, 0].tolist()) == perl_value(1, [1], [64, 64], "A", 0.5)
    assert out[0, 0, 0] == 0.01562  # (to even)


def test_a_value_near_a_half_is_left_to_python():
    for x in (0.015625 + 1e-12, 0.015625 - 1e-12, 0.123455 + 1e-13, 1000.0, -0.5):
        assert _r5(x) == (0.0, False), x


@pytest.mark.parametrize("refs", [1, 3])
def test_harmonic_best_is_call_value(refs):
    r = random.Random(11 + refs)
    n = 300
    hits, lengths, pair_ref, pair_pred = _counts(r, n, refs)
    owner = np.repeat(np.arange(n), refs).astype(np.int64)
    out = harmonic_best(hits, lengths, pair_ref, pair_pred, owner, n, KINDS)
    for i in range(n):
        rows = range(i * refs, (i + 1) * refs)
        for m, kind in enumerate(KINDS.tolist()):
            expected = call_value(kind, [int(hits[row, m]) for row in rows],
                                  [int(lengths[pair_pred[i * refs]])] + [int(lengths[pair_ref[row]]) for row in rows])
            assert tuple(out[m, :, i].tolist()) == expected, (i, kind)
