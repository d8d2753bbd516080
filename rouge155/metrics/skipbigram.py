"""ROUGE-S/SU: skip-bigram co-occurrence (``createSkipBigram``)."""
from __future__ import annotations

import math
from collections import Counter
from typing import Sequence, Tuple

from ..perl import Number


def skip_bigrams(tokens: Sequence[str], distance: Number, with_unigrams: bool) -> Tuple[Counter, int]:
    """Skip-bigrams with at most ``distance`` tokens between (negative: any gap), and their count.

    Perl quirk: the outer loop stops before the last token, so with ``-u`` the last token's unigram
    is never counted.
    """
    grams: Counter = Counter()
    last = len(tokens) - 1
    count = 0
    for i in range(last):
        first = tokens[i]
        if with_unigrams:
            grams[first] += 1
            count += 1
        # Perl: $j <= $i + $skipDistance + 1 (the distance may be fractional, even NaN)
        if distance < 0 or i + distance + 1 >= last:
            stop = last
        elif distance != distance:
            stop = i
        else:
            stop = int(math.floor(i + distance + 1))
        prefix = first + " "
        for j in range(i + 1, stop + 1):
            grams[prefix + tokens[j]] += 1
        if stop >= i + 1:
            count += stop - i
    return grams, count


def count_for_length(length: int, distance: Number, with_unigrams: bool) -> int:
    """How many skip-bigrams (and -u unigrams) ``skip_bigrams`` counts in a sequence of this length."""
    if length < 2:
        return 0
    span = length - 1
    if distance < 0 or distance >= span:
        pairs = span * length // 2
    else:
        k = int(math.floor(distance)) + 1
        pairs = k * (k + 1) // 2 + (span - k) * k if span > k else span * length // 2
    return pairs + (span if with_unigrams else 0)


def batch_codes(seq: "np.ndarray", pos: "np.ndarray", length: "np.ndarray", tok: "np.ndarray",
                width: int, distance: Number, with_unigrams: bool):
    """Skip-bigram codes of many token sequences at once: (sequence index, code) per occurrence.

    The arrays describe tokens (``seq`` sorted) with their position in the original sequence and
    that sequence's original length: the tokens may be a subset (the script's distance limit and its
    last-token rule apply to the original positions). A pair (a, b) codes as a * (width + 1) + b and
    the -u unigram of a as a * (width + 1) + width.
    """
    import numpy as np

    base = np.int64(width + 1)
    out_seq, out_code = [], []
    if with_unigrams:
        keep = pos < length[seq] - 1  # Perl quirk: the last token's unigram is never counted
        out_seq.append(seq[keep])
        out_code.append(tok[keep].astype(np.int64) * base + np.int64(width))
    n = len(seq)
    if n >= 2:
        starts = np.flatnonzero(np.r_[True, seq[1:] != seq[:-1]])
        sizes = np.diff(np.r_[starts, n])
        longest = int(length.max()) if len(length) else 0
        # the largest original gap j - i the script allows (None: any)
        k = int(math.floor(distance)) + 1 if 0 <= distance < longest else None
        if k is not None and k <= 64:
            for off in range(1, min(k, int(sizes.max()) - 1) + 1):
                x = np.arange(n - off)
                ok = (seq[x] == seq[x + off]) & (pos[x + off] - pos[x] <= k)
                x = x[ok]
                out_seq.append(seq[x])
                out_code.append(tok[x].astype(np.int64) * base + tok[x + off])
        else:
            for size in np.unique(sizes):
                if size < 2:
                    continue
                group = starts[sizes == size]
                xi, yi = np.triu_indices(int(size), 1)
                xs = (group[:, None] + xi[None, :]).reshape(-1)
                ys = (group[:, None] + yi[None, :]).reshape(-1)
                if k is not None:
                    ok = pos[ys] - pos[xs] <= k
                    xs, ys = xs[ok], ys[ok]
                out_seq.append(seq[xs])
                out_code.append(tok[xs].astype(np.int64) * base + tok[ys])
    if not out_seq:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(out_seq).astype(np.int64), np.concatenate(out_code)
