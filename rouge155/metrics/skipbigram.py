"""ROUGE-S/SU: skip-bigram co-occurrence (``createSkipBigram``)."""
from __future__ import annotations

import math
from collections import Counter

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Sequence, Tuple

from ..base.lazy import np  # the batched kernels only: the step-by-step forms run without it
from ..base.perl import Number
from .bags import distinct


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
            for size in distinct(sizes):
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


def matrix_hits(m_owner, m_pos, m_tok, p_owner, p_pos, p_tok, m_len, p_len, n_pairs, distance):
    """Clipped skip-bigram and -u unigram hits per pair, by counting matrices instead of pairs.

    Inputs are the tokens both sides of a pair share, with their original positions. For each pair,
    with X the one-hot (position x shared type) matrix, the skip-bigram counts are
    C[a, b] = sum_j before_j[a] * X[j, b], where before_j counts each type in the window the script
    allows before position j; hits are sum(min(C_model, C_peer)). Returns (bigram hits, unigram hits).
    """

    bigram = np.zeros(n_pairs, dtype=np.int64)
    unigram = np.zeros(n_pairs, dtype=np.int64)
    if len(m_tok) == 0:
        return bigram, unigram
    width = np.int64(int(max(m_tok.max(), p_tok.max())) + 1)
    types = distinct(m_owner.astype(np.int64) * width + m_tok)
    type_pair = types // width
    type_start = np.searchsorted(type_pair, np.arange(n_pairs))
    m_local = np.searchsorted(types, m_owner.astype(np.int64) * width + m_tok) - type_start[m_owner]
    p_key = p_owner.astype(np.int64) * width + p_tok
    p_at = np.minimum(np.searchsorted(types, p_key), len(types) - 1)
    shared = types[p_at] == p_key  # a peer token the model lacks can be in no shared skip-bigram
    p_owner, p_pos, p_local = p_owner[shared], p_pos[shared], (p_at - type_start[p_owner])[shared]
    n_types = np.bincount(type_pair, minlength=n_pairs)
    limited = 0 <= distance < max(int(m_len.max(initial=0)), int(p_len.max(initial=0)))
    k = int(math.floor(distance)) + 1 if limited else 0
    order = np.argsort(np.maximum(m_len, p_len) * 1024 + n_types, kind="stable")
    # each side's tokens sorted by their pair's place in ``order``: a batch's tokens are one slice
    rank = np.empty(n_pairs, dtype=np.int64)
    rank[order] = np.arange(n_pairs)
    sides = []
    for owner, pos, local, lengths in ((m_owner, m_pos, m_local, m_len), (p_owner, p_pos, p_local, p_len)):
        r = rank[owner]
        by_rank = np.argsort(r, kind="stable")
        sides.append((r[by_rank], pos[by_rank], local[by_rank], lengths))
    batch = 0
    while batch < n_pairs:
        # pairs of similar size together, within a budget of 2**15 matrix cells (each batch's arrays stay
        # in the CPU's cache: 2**13 to 2**23 measured on 1,500-pair corpora, 2**15 the fastest)
        stop = batch + 1
        widest = int(n_types[order[batch]])  # the most types of a pair in the batch so far
        while stop < n_pairs and stop - batch < 512:
            top = order[stop]
            span = max(int(m_len[top]), int(p_len[top]), 1)
            widest = max(widest, int(n_types[top]))
            if (stop - batch + 1) * span * max(widest, 1) > 1 << 15:
                break
            stop += 1
        members = order[batch:stop]
        first, batch = batch, stop
        u = int(n_types[members].max())
        if u == 0:
            continue
        counts = []
        for ranks, pos, local, lengths in sides:
            a, b = np.searchsorted(ranks, (first, stop))
            span = int(lengths[members].max())
            x = np.zeros((len(members), span, u), dtype=np.float32)  # counts stay exact below 2**24
            x[ranks[a:b] - first, pos[a:b], local[a:b]] = 1.0
            running = np.cumsum(x, axis=1)
            before = running - x
            if limited and k < span:
                before = before.copy()
                before[:, k + 1 :, :] -= running[:, : span - k - 1, :]
            c = np.matmul(before.transpose(0, 2, 1), x)
            last = lengths[members] - 2  # -u: every position but the last
            uni = np.where(last[:, None] >= 0, running[np.arange(len(members)), np.maximum(last, 0), :], np.float32(0))
            counts.append((c, uni))
        (cm, um), (cp, up) = counts
        bigram[members] = np.minimum(cm, cp).sum(axis=(1, 2)).round().astype(np.int64)
        unigram[members] = np.minimum(um, up).sum(axis=1).round().astype(np.int64)
    return bigram, unigram
