"""The pairwise kernels against plain Python: n-gram overlap (clipped and distinct) against Counters,
bit-parallel LCS lengths against the dynamic-programming table (rows of 0 to 300 tokens: one to five
64-bit words), summary-level LCS against rouge-score's own loop."""
from __future__ import annotations

import random
from collections import Counter

import numpy as np

from rouge155.metrics import pairwise


def _rows(r: random.Random, count: int, longest: int, vocab: int):
    return [[r.randrange(vocab) for _ in range(r.choice([0, 1, 2, r.randint(0, longest)]))] for _ in range(count)]


def _lcs(a, b) -> int:
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b, 1):
            cur.append(prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def test_lcs_lengths_match_the_table():
    r = random.Random(3)
    rows = _rows(r, 160, 300, 6) + _rows(r, 80, 70, 40)
    seqs = pairwise.sequences(rows)
    a = np.array([r.randrange(len(rows)) for _ in range(600)])
    b = np.array([r.randrange(len(rows)) for _ in range(600)])
    got = pairwise.lcs_lengths(seqs, a, b)
    assert got.tolist() == [_lcs(rows[i], rows[j]) for i, j in zip(a.tolist(), b.tolist())]


def test_gram_overlap_matches_counters():
    r = random.Random(4)
    rows = _rows(r, 120, 40, 5)
    seqs = pairwise.sequences(rows)
    a = np.array([r.randrange(len(rows)) for _ in range(300)])
    b = np.array([r.randrange(len(rows)) for _ in range(300)])
    for n in (1, 2, 3, 5):
        bags = pairwise.gram_bags(seqs, n)
        grams = [Counter(tuple(row[i:i + n]) for i in range(len(row) - n + 1)) for row in rows]
        clipped = pairwise.gram_overlap(bags, a, b)
        distinct = pairwise.gram_overlap(bags, a, b, distinct=True)
        for k, (i, j) in enumerate(zip(a.tolist(), b.tolist())):
            assert clipped[k] == sum((grams[i] & grams[j]).values())
            assert distinct[k] == len(set(grams[i]) & set(grams[j]))
        assert bags.totals.tolist() == [max(len(row) - n + 1, 0) for row in rows]
        assert bags.distinct.tolist() == [len(g) for g in grams]


def _union_hits(ref_sents, can_sents) -> int:
    """rouge-score's _summary_level_lcs hit count (its backtrack: ties move up the reference)."""
    def lcs_ind(x, y):
        t = [[0] * (len(y) + 1) for _ in range(len(x) + 1)]
        for i in range(1, len(x) + 1):
            for j in range(1, len(y) + 1):
                t[i][j] = t[i - 1][j - 1] + 1 if x[i - 1] == y[j - 1] else max(t[i - 1][j], t[i][j - 1])
        i, j, out = len(x), len(y), []
        while i > 0 and j > 0:
            if x[i - 1] == y[j - 1]:
                out.insert(0, i - 1)
                i, j = i - 1, j - 1
            elif t[i][j - 1] > t[i - 1][j]:
                j -= 1
            else:
                i -= 1
        return out

    cr, cc = Counter(t for s in ref_sents for t in s), Counter(t for s in can_sents for t in s)
    hits = 0
    for ref in ref_sents:
        for pos in sorted(set().union(*[lcs_ind(ref, c) for c in can_sents])):
            tok = ref[pos]
            if cc[tok] > 0 and cr[tok] > 0:
                hits += 1
                cc[tok] -= 1
                cr[tok] -= 1
    return hits


def test_union_lcs_matches_rouge_scores_loop():
    r = random.Random(5)
    texts = [_rows(r, r.randint(0, 4), 15, 6) for _ in range(60)]
    counts = np.array([len(t) for t in texts])
    first = np.cumsum(counts) - counts
    units = pairwise.sequences([s for t in texts for s in t])
    a = np.array([r.randrange(len(texts)) for _ in range(200)])
    b = np.array([r.randrange(len(texts)) for _ in range(200)])
    got = pairwise.union_lcs(units, first[a], counts[a], first[b], counts[b]).hits
    assert got.tolist() == [_union_hits(texts[i], texts[j]) for i, j in zip(a.tolist(), b.tolist())]
