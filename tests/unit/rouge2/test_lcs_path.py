"""ROUGE 2.0's LCS walk (rouge155.rouge2.lcs_path) against the jar's full-table algorithm, written out
here as the oracle; and its bounds: a one-line summary of tens of thousands of words in a few MB."""
import random
import tracemalloc

import pytest

from rouge155.metrics import lcs_bits
from rouge155.rouge2 import javalang, lcs_path


def jar_lcs_words(x, y):
    """The jar's ``lcs`` as it reads: the whole table, then the walk back (a match goes diagonally and keeps
    x's word, else up when table[i-1][j] > table[i][j-1], else left); empty words left out."""
    m, n = len(x), len(y)
    eq = javalang.equals_ignore_case
    table = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if eq(x[i - 1], y[j - 1]):
                table[i][j] = table[i - 1][j - 1] + 1
            else:
                table[i][j] = max(table[i - 1][j], table[i][j - 1])
    words, i, j = [], m, n
    while i > 0 and j > 0:
        if eq(x[i - 1], y[j - 1]):
            words.append(x[i - 1])
            i, j = i - 1, j - 1
        elif table[i - 1][j] > table[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return [w for w in words if w]


# case variants, empty words, the characters equalsIgnoreCase does not make transitive (theta, U+03D1,
# U+03F4), one that upper-cases to two (sharp s) and the Kelvin sign
VOCAB = ["a", "A", "b", "B", "c", "", "\u03b8", "\u03d1", "\u03f4", "\u0398", "\u00df", "SS", "ss", "k", "\u212a", "d"]


@pytest.mark.parametrize("block,cached", [(64, 1 << 29), (1, 0), (3, 1), (5, 1 << 29)])
def test_same_words_as_the_full_table(monkeypatch, block, cached):
    """Random pairs, short and long; small blocks make the walk's rows recomputed on many levels."""
    monkeypatch.setattr(lcs_bits, "_MIN_ROWS", block)
    monkeypatch.setattr(lcs_bits, "BUDGET_BITS", block)
    monkeypatch.setattr(lcs_bits, "_MASKS_BUDGET", cached)
    rng = random.Random(block * 100 + cached)
    for case in range(400):
        vocab = VOCAB[:rng.randint(2, len(VOCAB))]
        m = rng.randint(0, 250 if case % 10 == 0 else 30)
        n = rng.randint(0, 250 if case % 7 == 0 else 30)
        x = [rng.choice(vocab) for _ in range(m)]
        y = [rng.choice(vocab) for _ in range(n)]
        assert lcs_path.lcs_words(x, y) == jar_lcs_words(x, y), (x, y)


def test_long_single_line_in_bounded_memory():
    """A one-line summary of 20,000 words against another: the jar's table would hold 400 million cells
    (gigabytes); the rows here stay within their budget (16 MB) and the masks within theirs, and the
    walk is the jar's (checked on a slice)."""
    rng = random.Random(3)
    vocab = [f"w{i}" for i in range(2000)]
    weights = [1 / (i + 1) for i in range(len(vocab))]
    x = rng.choices(vocab, weights, k=20000)
    y = rng.choices(vocab, weights, k=20000)
    tracemalloc.start()
    try:
        words = lcs_path.lcs_words(x, y)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 * 2**20  # memory only: speed is scripts/bench.py's (docs/rouge2-limits.md)
    assert len(words) > 3000 and lcs_path.lcs_words(x, list(x)) == x[::-1]
    assert lcs_path.lcs_words(x[:400], y[:300]) == jar_lcs_words(x[:400], y[:300])
