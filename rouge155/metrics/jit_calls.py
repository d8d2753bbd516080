"""ROUGE-N and ROUGE-L counts of a few texts in one compiled call (numba; optional, see
:mod:`rouge155.text.jit`): the per-call path of the scorers (``rouge155.rewards``, one pair per call,
a GRPO group, a pool). Importing this module imports numba.

A call's texts are documents (one prediction and its references; G completions and their shared
references; a text and a pool). The kernels of :mod:`.jit_kernels` count every (reference,
prediction) pair; this module adds what a small call needs to cost microseconds, not milliseconds:

* the token ids of the call are renumbered ``0 .. width - 1`` (:func:`dense_ids`: one small hash
  table), so that the kernels' per-token arrays are as wide as the call's own vocabulary, not the
  process's (a renumbering never changes which tokens are equal, so every count is the same);
* the n-gram codes of any order are exact integers built in place (:func:`gram_codes`, re-numbered
  whenever the next order's product could overflow), as :func:`rouge155.metrics.ngram.codes_at` does;
* the SPL bytes of the texts are turned into token ids in the same call (:func:`text_counts`,
  :func:`rouge155.text.jit_tokens._spl_ids`), one dispatch from Python per call.

A metric is a code in ``kinds``: ``n > 0`` ROUGE-N of order n (clipped overlap, symmetric),
:data:`UNION_LCS` the summary-level union LCS over the units (the reference's tokens marked, clipped
by both texts' unigram counts: the Perl's ROUGE-L, rouge-score's rougeLsum), :data:`TEXT_LCS` the LCS
length of the whole token lists. ``hits[p, m]`` is pair p's count for metric m; the sides' totals are
the documents' token counts (``lengths``), from which each scorer takes its own.
"""
from __future__ import annotations

import numba
import numpy as np

from ..text.jit_tokens import CODE_TABLE, _spl_ids
from .jit_kernels import lcs_hits, lcs_lengths, ngram_hits

UNION_LCS = 0
TEXT_LCS = -1
MISSED = -1  # text_counts: a token the vocabulary's table lacks (the caller resolves it, then calls again)
_CODES = np.frombuffer(CODE_TABLE, dtype=np.uint8).copy()
_BIG = np.int64(1) << np.int64(62)


@numba.njit(cache=True, nogil=True)
def _hash_slot(key, keys, mask):
    i = np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(33)) & mask
    while keys[i] != -1 and keys[i] != key:
        i = (i + 1) & mask
    return i


@numba.njit(cache=True, nogil=True)
def _renumber(values):
    """Each distinct value -> 0, 1, ... in order of first occurrence (values >= 0); and how many."""
    size = 16
    while size < 2 * len(values):
        size *= 2
    mask = size - 1
    keys = np.full(size, -1, dtype=np.int64)
    slot_id = np.zeros(size, dtype=np.int64)
    out = np.empty(len(values), dtype=np.int64)
    width = 0
    for t in range(len(values)):
        i = _hash_slot(values[t], keys, mask)
        if keys[i] == -1:
            keys[i] = values[t]
            slot_id[i] = width
            width += 1
        out[t] = slot_id[i]
    return out, width


@numba.njit(cache=True, nogil=True)
def dense_ids(ids):
    """The ids renumbered 0 .. width - 1 in order of first occurrence, and width."""
    return _renumber(ids)


@numba.njit(cache=True, nogil=True)
def gram_codes(ids, n, width):
    """The code of the n-gram starting at every position (equal exactly where the grams are; the
    last n - 1 positions hold codes of shorter grams, which the kernels never read)."""
    codes = ids.copy()
    top = width  # every code is below top
    for k in range(1, n):
        if top >= _BIG // max(width, 1):  # the product could overflow: number the k-gram codes densely
            codes, top = _renumber(codes)
        for t in range(len(ids) - k):
            codes[t] = codes[t] * width + ids[t + k]
        top = top * width
    return codes


@numba.njit(cache=True, nogil=True)
def starts_of(ends):
    """Where each document starts, from where each ends."""
    starts = np.zeros(len(ends), dtype=np.int64)
    for d in range(1, len(ends)):
        starts[d] = ends[d - 1]
    return starts


@numba.njit(cache=True, nogil=True)
def unigram_hits(ids, width, tokens_start, tokens_end, pair_ref, pair_pred):
    """Per pair: the sum over distinct tokens of min(reference count, prediction count), the ids being
    numbered 0 .. width - 1 (:func:`dense_ids`): per-token arrays instead of the n-gram kernel's hash
    table. The same numbers as ``ngram_hits`` of order 1."""
    count = np.zeros(width, dtype=np.int64)  # the current reference's count of each token
    taken = np.zeros(width, dtype=np.int64)  # of those, how many the pair's prediction has used
    hits = np.zeros(len(pair_ref), dtype=np.int64)
    last = -1
    for p in range(len(pair_ref)):
        rd, pd = pair_ref[p], pair_pred[p]
        if rd != last:
            if last >= 0:
                for t in range(tokens_start[last], tokens_end[last]):
                    count[ids[t]] = 0
            for t in range(tokens_start[rd], tokens_end[rd]):
                count[ids[t]] += 1
            last = rd
        hit = 0
        for t in range(tokens_start[pd], tokens_end[pd]):
            tok = ids[t]
            if taken[tok] < count[tok]:
                taken[tok] += 1
                hit += 1
        for t in range(tokens_start[pd], tokens_end[pd]):
            taken[ids[t]] = 0
        hits[p] = hit
    return hits


@numba.njit(cache=True, nogil=True)
def pair_hits(local, width, unit_len, tokens_end, units_end, pair_ref, pair_pred, kinds):
    """Per pair and metric the hit count (``hits[p, m]``), from token ids numbered 0 .. width - 1
    (:func:`dense_ids`), SPL units (``unit_len``) and per document where its tokens and units end.
    A slice of the pairs can be counted apart (threads), with the same numbers."""
    tokens_start = starts_of(tokens_end)
    units_start = starts_of(units_end)
    longest = 0
    for d in range(len(tokens_end)):
        longest = max(longest, tokens_end[d] - tokens_start[d])
    hits = np.zeros((len(pair_ref), len(kinds)), dtype=np.int64)
    for m in range(len(kinds)):
        kind = kinds[m]
        if kind == UNION_LCS:
            column = lcs_hits(local, unit_len, tokens_start, tokens_end, units_start, units_end,
                              pair_pred, pair_ref, width)
        elif kind == TEXT_LCS:
            column = lcs_lengths(local, tokens_start, tokens_end, pair_ref, pair_pred, width)
        elif kind > longest:  # no n-gram of this order anywhere
            continue
        elif kind == 1:
            column = unigram_hits(local, width, tokens_start, tokens_end, pair_ref, pair_pred)
        else:  # the clipped overlap is symmetric: each reference's grams are hashed once per run of it
            column = ngram_hits(gram_codes(local, kind, width), kind, tokens_start, tokens_end, pair_ref, pair_pred)
        for p in range(len(pair_ref)):
            hits[p, m] = column[p]
    return hits


@numba.njit(cache=True, nogil=True)
def _same_run(codes, a, b, length):
    for k in range(length):
        if codes[a + k] != codes[b + k]:
            return False
    return True


SHORT = 12  # a token of at most this many characters is its key exactly (bijective base 37, digits 1-36)


@numba.njit(cache=True, nogil=True)
def _local_id(codes, s, length, key, keys, ids, spans, width):
    """The call's own id of the token codes[s:s + length] (``key``: its characters in base 37, exact up
    to :data:`SHORT` characters, a hash past them whose bytes are then compared), a new one (``width``)
    the first time; returns (id, width)."""
    mask = len(ids) - 1
    j = np.int64(((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) & np.uint64(mask))
    while ids[j] >= 0:
        if keys[j] == key and spans[j, 1] == length and (length <= SHORT or _same_run(codes, spans[j, 0], s, length)):
            return ids[j], width
        j = (j + 1) & mask
    keys[j], ids[j] = key, width
    spans[j, 0], spans[j, 1] = s, length
    return width, width + 1


@numba.njit(cache=True, nogil=True)
def local_tokens(codes, doc_end, out_ids, unit_len, doc_tokens, doc_units, size):
    """The SPL tokens of the texts (the reading of :func:`rouge155.text.jit_tokens._spl_ids`: a unit
    is a line with any byte, a token a run of letters and digits) numbered in the call itself, each
    distinct token one id: for settings where every such token counts as it is (no stemming, no
    stopwords), in a table of ``size`` slots (a power of two). Returns (tokens, units, width), or width
    -1 where the table got half full (the caller reads the texts again with a larger one)."""
    keys = np.empty(size, dtype=np.uint64)
    ids = np.full(size, -1, dtype=np.int64)
    spans = np.empty((size, 2), dtype=np.int64)
    t = 0
    u = 0
    width = 0
    start = 0
    for d in range(len(doc_end)):
        end = doc_end[d]
        in_line = False
        i = start
        while i < end:
            c = codes[i]
            if c == 0:  # a newline: the line so far is a unit if it has any byte
                if in_line:
                    u += 1
                    in_line = False
                i += 1
                continue
            if not in_line:
                unit_len[u] = 0
                in_line = True
            if c > 36:
                i += 1
                continue
            s = i
            key = np.uint64(0)
            while i < end and codes[i] != 0 and codes[i] <= 36:
                key = key * np.uint64(37) + np.uint64(codes[i])
                i += 1
            out_ids[t], width = _local_id(codes, s, i - s, key, keys, ids, spans, width)
            if 2 * width > size:
                return t, u, -1
            unit_len[u] += 1
            t += 1
        if in_line:
            u += 1
        doc_tokens[d] = t
        doc_units[d] = u
        start = end
    return t, u, width


@numba.njit(cache=True, nogil=True)
def local_counts(raw, doc_end, pair_ref, pair_pred, kinds):
    """:func:`pair_hits` of SPL texts given as their bytes one after the other (``doc_end``: where each
    ends), every run of letters and digits a token as it is (:func:`local_tokens`). Returns (hits,
    lengths)."""
    codes = np.empty(len(raw), dtype=np.uint8)
    n_units = len(doc_end)
    # the tokens' number, at most: the runs of letters and digits, one more per document end (it can
    # cut a run); it sizes the token ids and local_tokens' table (sized by the bytes, that table was 2 MB
    # for a call of 50 pairs of 650 bytes, mapped afresh each call: 480 page faults, 12-16 us per pair)
    runs = len(doc_end)
    before = 0
    for i in range(len(raw)):
        c = _CODES[raw[i]]
        codes[i] = c
        n_units += c == 0
        inside = np.int64(np.uint8(c - np.uint8(1)) < np.uint8(36))  # a letter or digit: codes 1-36
        runs += inside & (1 - before)
        before = inside
    out_ids = np.empty(runs, dtype=np.int64)
    unit_len = np.zeros(n_units, dtype=np.int64)
    tokens_end = np.zeros(len(doc_end), dtype=np.int64)
    units_end = np.zeros(len(doc_end), dtype=np.int64)
    # a slot per token to start with: a call's distinct tokens are a third of its tokens or fewer, and
    # a table that stays small stays in cache (at 2 MB, mapped afresh each call, it cost page faults)
    size = 16
    while size < runs:
        size *= 2
    t, u, width = local_tokens(codes, doc_end, out_ids, unit_len, tokens_end, units_end, size)
    while width < 0:  # more distinct tokens than that (short texts, mostly): a table 4x larger
        size *= 4
        t, u, width = local_tokens(codes, doc_end, out_ids, unit_len, tokens_end, units_end, size)
    hits = pair_hits(out_ids[:t], width, unit_len[:u], tokens_end, units_end, pair_ref, pair_pred, kinds)
    return hits, tokens_end - starts_of(tokens_end)


@numba.njit(cache=True, nogil=True)
def text_counts(raw, doc_end, table, pair_ref, pair_pred, kinds):

    """:func:`pair_hits` of SPL texts given as their bytes one after the other (``doc_end``: where
    each ends), tokenized with the packed vocabulary ``table`` (:mod:`rouge155.text.jit_tokens`).
    Returns (hits, lengths, status): status :data:`MISSED` where a token is not in the table or is
    longer than the table holds (nothing is counted then; the caller resolves the texts' tokens)."""
    codes = np.empty(len(raw), dtype=np.uint8)
    for i in range(len(raw)):
        codes[i] = _CODES[raw[i]]
    most = (len(raw) + len(doc_end)) // 2 + 1
    n_units = len(doc_end)
    for i in range(len(raw)):
        if codes[i] == 0:
            n_units += 1
    out_ids = np.empty(most, dtype=np.int64)
    unit_len = np.zeros(n_units, dtype=np.int64)
    tokens_end = np.zeros(len(doc_end), dtype=np.int64)
    units_end = np.zeros(len(doc_end), dtype=np.int64)
    missed = np.empty((most, 2), dtype=np.int64)
    t, u, n_missed = _spl_ids(codes, doc_end, table, np.zeros(0, dtype=np.int64), out_ids, unit_len,
                              tokens_end, units_end, missed)
    if n_missed:
        return np.zeros((0, len(kinds)), dtype=np.int64), np.zeros(0, dtype=np.int64), MISSED
    local, width = dense_ids(out_ids[:t])
    hits = pair_hits(local, width, unit_len[:u], tokens_end, units_end, pair_ref, pair_pred, kinds)
    return hits, tokens_end - starts_of(tokens_end), 0


@numba.njit(cache=True, nogil=True)
def _sides(kind, pred, ref):
    """(the prediction's count, the reference's) of a metric: their tokens, or their n-grams for ROUGE-N
    (kind n > 0: tokens - n + 1, at least 0)."""
    if kind > 0:
        return max(pred - kind + 1, 0), max(ref - kind + 1, 0)
    return pred, ref


@numba.njit(cache=True, nogil=True)
def _put(out, m, i, precision, recall, f, hit, reference_count, prediction_count):
    """Pair i's numbers of metric m, in the fields' order (``engine.pairs.FIELDS``)."""
    out[m, 0, i] = precision
    out[m, 1, i] = recall
    out[m, 2, i] = f
    out[m, 3, i] = hit
    out[m, 4, i] = reference_count
    out[m, 5, i] = prediction_count


@numba.njit(cache=True, nogil=True)
def harmonic_best(hits, lengths, pair_ref, pair_pred, pair_owner, n, kinds):
    """rouge-score's numbers of a call's counts (``hits[row, m]`` of each (reference, prediction) row,
    ``lengths``: each text's tokens; ``pair_owner[row]``: its pair, rows in pair order): per metric m
    and pair i, ``out[m, :, i]`` = (P, R, F, hits, the reference's count, the prediction's) of the
    pair's reference with the largest F, the first on ties. A side's count is its tokens, or its
    n-grams for ROUGE-N (kind n > 0: tokens - n + 1, at least 0); P = hits / max(prediction count, 1),
    R likewise, F = 2 * P * R / (P + R) (0 where P + R is 0): the operations of ``call_value`` and
    ``prf``, in their order, on the same doubles."""
    out = np.zeros((len(kinds), 6, n))
    best = np.full((len(kinds), n), -1.0)
    for row in range(len(pair_ref)):
        i = pair_owner[row]
        for m in range(len(kinds)):
            pred_count, ref_count = _sides(kinds[m], lengths[pair_pred[row]], lengths[pair_ref[row]])
            hit = hits[row, m]
            precision = hit / max(pred_count, 1)
            recall = hit / max(ref_count, 1)
            total = precision + recall
            f = 2 * precision * recall / total if total > 0 else 0.0
            if f > best[m, i]:
                best[m, i] = f
                _put(out, m, i, precision, recall, f, hit, ref_count, pred_count)
    return out


@numba.njit(cache=True, nogil=True)
def _r5(x):
    """(``r5(x)``, True) for 0 <= x < 1000 where x * 1e5 is clearly off a half (then rint(x * 1e5) / 1e5
    is the double of the decimal ``%7.5f`` prints: ``rouge155.base.perl.r5_many``) or exactly at one,
    else (0, False): a value near a half, but not at it, is left to Python.

    A double is exactly at a half when x * 64 is an odd integer (x * 10**5 = k + 1/2 makes x
    (2k + 1) / (2**6 * 5**5), a binary fraction only where 5**5 divides 2k + 1), and ``%7.5f`` then
    rounds to even (C's printf, as Perl's, and Python's %): counts over 64 or 128 tokens give these."""
    scaled = x * 1e5
    q = np.rint(scaled)
    if 0.0 <= x < 1000.0:
        if abs(abs(scaled - q) - 0.5) > 1e-6:
            return q / 1e5, True
        sixty_fourths = x * 64.0  # (exact: a power of two)
        if sixty_fourths == np.floor(sixty_fourths) and np.int64(sixty_fourths) % 2 == 1:
            low = (np.int64(sixty_fourths) * 3125 - 1) // 2  # x * 1e5 = low + 1/2 exactly
            return (low if low % 2 == 0 else low + 1) / 1e5, True
    return 0.0, False


@numba.njit(cache=True, nogil=True)
def perl_single(hits, lengths, pair_ref, pair_pred, n, kinds, alpha):
    """The script's numbers of a call's counts where every pair has one reference (row i is pair i):
    ``out[m, :, i]`` = (P, R, F, hits, model count, peer count) as ``engine.calls.perl_value`` makes
    them (``formulas.scored``: R and P rounded with ``%7.5f``, then F = P * R / ((1 - alpha) * P +
    alpha * R) rounded, 0 where a count or the denominator is 0). Returns (out, False) as soon as a
    value lies near a rounding half, but not at it, for :func:`_r5` (the caller computes that call in
    Python)."""
    out = np.zeros((len(kinds), 6, n))
    for i in range(n):
        for m in range(len(kinds)):
            peer, model = _sides(kinds[m], lengths[pair_pred[i]], lengths[pair_ref[i]])
            hit = hits[i, m]
            recall = 0.0
            precision = 0.0
            f = 0.0
            if model != 0:
                recall, ok = _r5(hit / model)
                if not ok:
                    return out, False
            if peer != 0:
                precision, ok = _r5(hit / peer)
                if not ok:
                    return out, False
            denom = (1 - alpha) * precision + alpha * recall
            if denom > 0:
                f, ok = _r5((precision * recall) / denom)
                if not ok:
                    return out, False
            _put(out, m, i, precision, recall, f, hit, model, peer)
    return out, True
