"""The batched kernels against the step-by-step ones they replace (no reference needed); the batched
engine built on them is tested in tests/unit/engine/test_batched.py."""
import random

import numpy as np
import pytest

from rouge155.metrics.formulas import w_table, w_table_many
from rouge155.metrics.lcs import batch_marks, lcs_mark, wlcs_mark
from rouge155.metrics.skipbigram import batch_codes, matrix_hits, skip_bigrams
from rouge155.metrics.ngram import clipped_hits


def _alignments(seed, count, long_peer=False, long_model=False):
    r = random.Random(seed)
    models, peers = [], []
    for _ in range(count):
        vocab = r.randint(2, 12)  # small vocabularies: many matches and ties
        m = r.randint(120, 300) if long_model else r.randint(0, 30)  # past 126 rows: 16-bit table cells
        n = r.randint(1200, 1600) if long_peer else r.randint(0, 30)
        models.append([r.randrange(vocab) for _ in range(m)])
        peers.append([r.randrange(vocab) for _ in range(n)])
    return models, peers


@pytest.mark.parametrize("weight", [None, 1.2, 2.0])
@pytest.mark.parametrize("shape", ["short", "long_peer", "long_model"])
def test_batch_marks_equal_step_by_step(weight, shape):
    long_peer, long_model = shape == "long_peer", shape == "long_model"
    count = 12 if long_peer else 40 if long_model else 400
    models, peers = _alignments(11 if long_peer else 5 if long_model else 7, count, long_peer, long_model)
    m_len = np.array([len(x) for x in models])
    p_len = np.array([len(x) for x in peers])
    m_ids = np.array([t for x in models for t in x], dtype=np.int64)
    p_ids = np.array([t for x in peers for t in x], dtype=np.int64)
    m_off, p_off = np.cumsum(m_len) - m_len, np.cumsum(p_len) - p_len
    table = None if weight is None else w_table_many(1999, weight)
    got = batch_marks(m_ids, m_off, m_len, p_ids, p_off, p_len, table)
    want = []
    for a, b in zip(models, peers):
        mask = [0] * len(a)
        sa, sb = [str(t) for t in a], [str(t) for t in b]
        if weight is None:
            lcs_mark(sa, sb, mask)
        else:
            wlcs_mark(sa, sb, mask, w_table(len(sa) + 1, weight))
        want += mask
    assert got.astype(int).tolist() == want


@pytest.mark.parametrize("distance", [-1, 0, 1, 4, 2.5, 100])
def test_skip_bigram_kernels(distance):
    r = random.Random(3)
    seqs = [[r.randrange(6) for _ in range(r.randint(0, 40))] for _ in range(60)]
    # model k and peer k form pair k
    models, peers = seqs[:30], seqs[30:]
    want_bi, want_uni = [], []
    for a, b in zip(models, peers):
        ga, _ = skip_bigrams([str(t) for t in a], distance, False)
        gb, _ = skip_bigrams([str(t) for t in b], distance, False)
        ua, _ = skip_bigrams([str(t) for t in a], distance, True)
        ub, _ = skip_bigrams([str(t) for t in b], distance, True)
        want_bi.append(clipped_hits(ga, gb))
        want_uni.append(clipped_hits(ua, ub) - clipped_hits(ga, gb))

    def flat(group):
        owner = np.repeat(np.arange(len(group)), [len(x) for x in group])
        pos = np.array([i for x in group for i in range(len(x))], dtype=np.int64)
        tok = np.array([t for x in group for t in x], dtype=np.int64)
        return owner, pos, tok, np.array([len(x) for x in group])

    mo, mp, mt, ml = flat(models)
    po, pp, pt, pl = flat(peers)
    bi, uni = matrix_hits(mo, mp, mt, po, pp, pt, ml, pl, 30, distance)
    assert bi.tolist() == want_bi and uni.tolist() == want_uni
    from rouge155.metrics import bags

    ms, mc = batch_codes(mo, mp, ml, mt, 6, distance, False)
    ps, pc = batch_codes(po, pp, pl, pt, 6, distance, False)
    assert bags.clipped_hits(ps, pc, ms, mc, np.arange(30)).tolist() == want_bi


def test_huge_documents_tokenised_in_blocks(monkeypatch):
    """A document of many units is tokenised a block of units at a time: the same ids and lengths."""
    import rouge155.text.tokens as tk
    from rouge155.text.porter import Stemmer

    units = [(b"Word%d the cat-sat on %d mats, " % (i, i % 7)) * (i % 5) for i in range(3000)]
    ids = tk.TokenIds(tk.Tokenizer(None, Stemmer({})), True)
    whole = ids.unit_ids(units)
    monkeypatch.setattr(tk, "_UNITS_AT_ONCE", 100)
    blocks = ids.unit_ids(units)
    assert np.array_equal(whole[0], blocks[0]) and np.array_equal(whole[1], blocks[1])


def test_vectorised_rounding_equals_r5():
    from rouge155.base.perl import r5, r5_many

    rng = np.random.default_rng(3)
    values = np.concatenate([
        rng.random(100_000), rng.integers(0, 500, 50_000) / rng.integers(1, 500, 50_000),
        np.arange(0, 200_001) * 0.5e-5,  # exact and near halves of the fifth decimal
        [0.0, -0.0, 1.0, 999.999995, 1000.5, 1e-300, -0.25, float("inf"), float("nan")],
    ])
    got = r5_many(values)
    want = np.array([r5(float(x)) for x in values])
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    assert same.all() and (np.signbit(got) == np.signbit(want)).all()


@pytest.mark.parametrize("width", [5, 1 << 21])
def test_ngram_codes_equal_exactly_where_grams_are(width):
    """n-gram codes (re-densified where the next product would pass 2**62) are equal exactly where the
    n-grams are, and never cross a document boundary."""
    from rouge155.metrics.ngram import batch_ngrams

    rng = np.random.default_rng(4)
    ids = rng.integers(0, 5, 3000) * (width // 5)  # a few distinct ids spread over the width
    ids[-1] = width - 1
    doc = np.repeat(np.arange(100), 30)
    cache = {}
    for n in (1, 2, 3, 4, 5):
        owner, codes = batch_ngrams(ids, doc, n, cache)
        grams = [(int(doc[s]), tuple(ids[s : s + n].tolist())) for s in range(len(ids) - n + 1)
                 if doc[s] == doc[s + n - 1]]
        assert [g[0] for g in grams] == owner.tolist()
        first = {}
        for (_, gram), code in zip(grams, codes.tolist()):
            assert first.setdefault(gram, code) == code
        assert len(set(first.values())) == len(first)
