"""The LCS walks in linear space (rouge155.metrics.lcs_bits and the kernels built on it) give the full
table's path, ties included: against the table implementations on tie-heavy random pairs (with row
budgets so small that the rows are recomputed on many levels), and against rouge-score itself on long
sentences; and they stay small on long texts."""
from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from rouge155.metrics import lcs, lcs_bits, pairwise
from rouge155.text import jit

from support.lcs_texts import tie_heavy_pairs, words_text


def _table_marks(model, peer):
    mask = [0] * len(model)
    saved = lcs._TABLE_CELLS
    lcs._TABLE_CELLS = 1 << 62  # the script's table, whatever the size
    try:
        lcs.lcs_mark(model, peer, mask)
    finally:
        lcs._TABLE_CELLS = saved
    return mask


@pytest.mark.parametrize("held", [1, 2, 3, 64])
def test_walk_is_the_tables_walk(monkeypatch, held):
    """mark_ties_up marks what markLCS's table marks; rows held 1, 2, 3 at a time make the walk
    recompute its rows on many levels."""
    monkeypatch.setattr(lcs_bits, "_MIN_ROWS", held)
    for model, peer in tie_heavy_pairs(seed=held, count=600):
        got = [0] * len(model)
        lcs_bits.mark_ties_up(model, peer, lambda i, got=got: got.__setitem__(i, 1), budget_bits=held)
        assert got == _table_marks(model, peer), (model, peer)


def test_lengths_and_the_walk_agree():
    for model, peer in tie_heavy_pairs(seed=9, count=300):
        marks = []
        lcs_bits.mark_ties_up(model, peer, marks.append)
        masks = lcs_bits.ColumnMasks(peer, model)
        assert lcs_bits.lcs_length(model, masks, len(peer)) == len(marks)


def test_batched_marks_walk_long_alignments(monkeypatch):
    """lcs.batch_marks (the numpy engine's ROUGE-L) sending every alignment to the walk marks what its
    tables mark."""
    pairs = list(tie_heavy_pairs(seed=4, count=200))
    model_ids = np.array([t for m, _ in pairs for t in m], dtype=np.int64)
    peer_ids = np.array([t for _, p in pairs for t in p], dtype=np.int64)
    m_len = np.array([len(m) for m, _ in pairs])
    p_len = np.array([len(p) for _, p in pairs])
    args = (model_ids, np.cumsum(m_len) - m_len, m_len, peer_ids, np.cumsum(p_len) - p_len, p_len)
    tables = lcs.batch_marks(*args)
    monkeypatch.setattr(lcs, "_LONG_CELLS", 1)
    assert (lcs.batch_marks(*args) == tables).all()


def test_long_lengths_as_the_numpy_steps(monkeypatch):
    rows = [r for pair in tie_heavy_pairs(seed=5, count=200, longest=150) for r in pair]
    seqs = pairwise.sequences(rows)
    a, b = np.arange(0, len(rows), 2), np.arange(1, len(rows), 2)
    steps = pairwise.lcs_lengths(seqs, a, b)
    monkeypatch.setattr(pairwise, "_NUMPY_WORDS", 0)
    assert (pairwise.lcs_lengths(seqs, a, b) == steps).all()


def test_long_table_refused_before_it_is_made(monkeypatch):
    """ROUGE-W has no linear-space walk: a table memory cannot hold is one line, before it is made."""
    from rouge155.base import budget
    from rouge155.base.errors import RougeError

    monkeypatch.setattr(budget, "available_memory", lambda: 1 << 20)
    with pytest.raises(RougeError, match=r"ROUGE-W of a model sentence of 3,000 words .* would need about"):
        lcs.wlcs_mark(["a"] * 3000, ["a"] * 3000, [0] * 3000, [float(k) for k in range(3002)])


def test_long_lines_in_linear_space():
    """Two one-line texts of 20,000 words: the table would be 400 million cells; the walk's rows stay
    within their budget (16 MB) and the masks within theirs."""
    text_a, text_b = words_text(1, 1, 20000, vocab=3000).split(), words_text(2, 1, 20000, vocab=3000).split()
    tracemalloc.start()
    try:
        marks = []
        lcs_bits.mark_ties_up(text_a, text_b, marks.append)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 48 * 2**20 and len(marks) > 1000


# -- the compiled kernels (numba, extra "jit") -----------------------------------------------------------

@pytest.fixture
def kernels():
    if not jit.available():
        pytest.skip("numba not installed (pip install \".[jit]\"): the compiled kernels are not used")
    from rouge155.metrics import jit_kernels

    return jit_kernels


def test_compiled_rows_walk_is_the_tables_walk(kernels):
    """jit_kernels._mark_alignment_rows (alignments past a million cells) marks what _mark_alignment's
    table marks, on every tie-heavy pair."""
    for model, peer in tie_heavy_pairs(seed=7, count=1500, longest=120):
        present = set(peer)
        kept = np.array([i for i, t in enumerate(model) if t in present], dtype=np.int64)
        if len(kept) < 2:
            continue
        ids = np.array(model + peer, dtype=np.int64)
        m, n, rows = len(model), len(peer), len(kept)
        table, walked = np.zeros(m, dtype=np.bool_), np.zeros(m, dtype=np.bool_)
        kernels._mark_alignment(ids, 0, kept, rows, m, n, np.zeros((rows + 1) * (n + 1), dtype=np.uint8),
                                np.zeros(n + 1, dtype=np.int64), np.zeros(n + 1, dtype=np.int64), table, 0)
        first, end = np.full(8, -1, dtype=np.int64), np.full(8, -1, dtype=np.int64)
        kernels._mark_alignment_rows(ids, 0, kept, rows, m, n, walked, 0, first, end)
        assert (table == walked).all(), (model, peer)
        assert (first == -1).all() and (end == -1).all()  # the work arrays left as they were


def test_compiled_long_lengths(kernels):
    """lcs_lengths over b sides past 4,096 tokens (a row updated on the words its token holds)."""
    rows = [words_text(s, 1, 5000 + 37 * s, vocab=40).split() for s in range(6)]
    vocab = {w: i for i, w in enumerate(sorted({w for r in rows for w in r}))}
    ids = np.array([vocab[w] for r in rows for w in r], dtype=np.int64)
    ends = np.cumsum([len(r) for r in rows])
    got = kernels.lcs_lengths(ids, ends - [len(r) for r in rows], ends, np.array([0, 2, 4]), np.array([1, 3, 5]),
                              len(vocab))
    want = [lcs_bits.lcs_length(rows[a], lcs_bits.ColumnMasks(rows[a + 1], rows[a]), len(rows[a + 1]))
            for a in (0, 2, 4)]
    assert got.tolist() == want


# -- against rouge-score itself ----------------------------------------------------------------------------

@pytest.mark.parametrize("path, length, seeds", [("numpy", 500, 2), ("compiled", 1100, 1)])
def test_rouge_score_on_long_sentences(monkeypatch, path, length, seeds):
    """rougeL (whole texts of three sentences) and rougeLsum (sentence against sentence: 250,000 cells
    and more, the numpy path's walk; past a million cells, the compiled one's) float for float as
    rouge-score 0.1.2, whose backtrack is ``_backtrack_norec``; few distinct words: ties everywhere."""
    rs_scorer = pytest.importorskip("rouge_score.rouge_scorer", reason="rouge-score==0.1.2 (test extra) not installed")
    from rouge155.compat import rouge_scorer

    if path == "compiled" and not jit.available():
        pytest.skip("numba not installed (pip install \".[jit]\"): the compiled path is not used")
    monkeypatch.setenv(jit.ENV, "1" if path == "compiled" else "0")
    types = ["rougeL", "rougeLsum"]
    ours, theirs = rouge_scorer.RougeScorer(types, semantics="rouge-score"), rs_scorer.RougeScorer(types)
    for seed in range(seeds):
        target, prediction = words_text(2 * seed, 3, length), words_text(2 * seed + 1, 3, length - 20)
        got, want = ours.score(target, prediction), theirs.score(target, prediction)
        for t in types:
            assert tuple(map(float, got[t])) == tuple(map(float, want[t])), (seed, t)
