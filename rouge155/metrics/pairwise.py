"""Kernels over alignments of token sequences, for the other implementations' semantics.

A corpus is a :class:`Sequences` table (integer token ids, one row per text or per sentence). An
alignment is a pair of rows (a, b); every kernel here takes arrays of alignments and returns one
number per alignment, vectorised over all of them:

* :func:`gram_bags` / :func:`gram_overlap`: n-gram co-occurrence, clipped (multiset: min of the two
  counts, as rouge-score, torchmetrics and py-rouge count) or distinct (set intersection, as the
  ``rouge`` package counts);
* :func:`lcs_lengths`: the length of the longest common subsequence, bit-parallel (Hyyrö 2004: one
  addition per token of the shorter side's bit vector), for ROUGE-L over whole texts;
* :func:`union_lcs`: summary-level ROUGE-L, the union of each reference sentence's LCS backtracks
  against every candidate sentence, through :func:`rouge155.metrics.lcs.batch_marks` (its tie-break,
  "up" when the two neighbours are equal, is the one rouge-score's and torchmetrics' backtracks use,
  and the ``rouge`` package's with the two sides swapped), then clipped by unigram counts.

The Perl path does not use this module: its kernels are in :mod:`.ngram`, :mod:`.bags`, :mod:`.lcs`.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Iterable, Optional, Sequence as SequenceType, Tuple

from ..base.lazy import np
from ..base.records import dataclass
from . import lcs, lcs_bits
from .ngram import batch_ngrams


NO_LIMIT = 1 << 40  # a unigram limit that never clips (py-rouge's reference side, see union_lcs)


@dataclass(frozen=True)
class Sequences:
    """Rows of token ids laid end to end: row ``r`` is ``ids[starts[r]:starts[r] + lengths[r]]``."""

    ids: np.ndarray
    starts: np.ndarray
    lengths: np.ndarray

    @property
    def rows(self) -> int:
        return len(self.lengths)

    def owners(self) -> np.ndarray:
        """The row of every token (rows are laid out in order, without gaps)."""
        return np.repeat(np.arange(self.rows, dtype=np.int64), self.lengths)


def sequences(rows: Iterable[SequenceType[int]]) -> Sequences:
    """A :class:`Sequences` table from lists of token ids."""
    rows = list(rows)
    lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
    flat = [t for r in rows for t in r]
    ids = np.array(flat, dtype=np.int64) if flat else np.zeros(0, dtype=np.int64)
    return Sequences(ids, np.cumsum(lengths) - lengths, lengths)


def from_flat(ids: np.ndarray, lengths: np.ndarray) -> Sequences:
    """A :class:`Sequences` table from the concatenated ids and the row lengths."""
    lengths = np.asarray(lengths, dtype=np.int64)
    return Sequences(np.asarray(ids, dtype=np.int64), np.cumsum(lengths) - lengths, lengths)


def ranges(starts: np.ndarray, counts: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """For each i, the integers starts[i] .. starts[i] + counts[i] - 1, concatenated, with their i."""
    counts = np.asarray(counts, dtype=np.int64)
    owner = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    offsets = np.cumsum(counts) - counts
    within = np.arange(int(counts.sum()), dtype=np.int64) - offsets[owner]
    return np.asarray(starts, dtype=np.int64)[owner] + within, owner


# -- n-grams --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GramBags:
    """Each row's distinct n-grams: ``keys`` (row * width + dense gram code, sorted), their counts,
    and per row the number of grams (all, and distinct)."""

    keys: np.ndarray
    counts: np.ndarray
    width: int
    totals: np.ndarray
    distinct: np.ndarray


def gram_bags(seqs: Sequences, n: int, cache: Optional[dict] = None) -> GramBags:
    """The n-grams of every row (grams never cross rows). ``cache`` keeps shorter grams' codes between
    calls for the same table (see :func:`rouge155.metrics.ngram.batch_ngrams`)."""
    rows = seqs.rows
    owner, codes = batch_ngrams(seqs.ids, seqs.owners(), n, cache)
    if len(codes):
        width = int(codes.max()) + 1
        if rows * width >= 2**62:  # re-densify the codes so that row * width + code fits
            _, codes = np.unique(codes, return_inverse=True)
            codes = codes.reshape(-1)
            width = int(codes.max()) + 1
        keys, counts = np.unique(owner * np.int64(width) + codes, return_counts=True)
    else:
        width, keys, counts = 1, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    totals = np.maximum(seqs.lengths - (n - 1), 0)
    distinct = np.bincount(keys // np.int64(width), minlength=rows) if rows else np.zeros(0, dtype=np.int64)
    return GramBags(keys, counts, width, totals, distinct)


def gram_overlap(bags: GramBags, a: np.ndarray, b: np.ndarray, distinct: bool = False) -> np.ndarray:
    """Per alignment (row a[k], row b[k]): the sum over shared grams of min(count in a, count in b),
    or with ``distinct`` the number of shared distinct grams."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    out = np.zeros(len(a), dtype=np.int64)
    if len(a) == 0 or len(bags.keys) == 0:
        return out
    width = np.int64(bags.width)
    row_of_key = bags.keys // width
    first = np.searchsorted(row_of_key, np.arange(len(bags.totals)), side="left")
    # both sides' grams laid out again per alignment, each sorted by (alignment, gram): the a side's
    # are looked up among the b side's in order (a merge, not random searches)
    a_at, a_owner = ranges(first[a], bags.distinct[a])
    b_at, b_owner = ranges(first[b], bags.distinct[b])
    if len(a_at) == 0 or len(b_at) == 0:
        return out
    span = np.int64(width) * np.int64(len(a))
    if int(span) >= 2**62:  # keys would not fit: look each up in the b row instead
        b_keys = bags.keys
        wanted = b[a_owner] * width + (bags.keys[a_at] - row_of_key[a_at] * width)
        b_at = np.arange(len(bags.keys))
    else:
        b_keys = b_owner * width + (bags.keys[b_at] - row_of_key[b_at] * width)
        wanted = a_owner * width + (bags.keys[a_at] - row_of_key[a_at] * width)
    slot = np.minimum(np.searchsorted(b_keys, wanted), len(b_keys) - 1)
    found = b_keys[slot] == wanted
    if distinct:
        shared = found.astype(np.int64)
    else:
        shared = np.where(found, np.minimum(bags.counts[a_at], bags.counts[b_at[slot]]), 0)
    return np.bincount(a_owner, weights=shared, minlength=len(a)).astype(np.int64)


# -- LCS length, bit-parallel -----------------------------------------------------------------------


def _popcount(words: np.ndarray) -> np.ndarray:
    """Set bits per uint64 element."""
    if hasattr(np, "bitwise_count"):  # numpy >= 2.0
        return np.bitwise_count(words).astype(np.int64)
    table = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
    return table[words.view(np.uint8).reshape(words.shape + (8,))].sum(axis=-1)


def _lcs_group(seqs: Sequences, a: np.ndarray, b: np.ndarray, words: int) -> np.ndarray:
    """LCS lengths of alignments whose bit side (a) fits in ``words`` 64-bit words."""
    count = len(a)
    m, n = seqs.lengths[a], seqs.lengths[b]
    vocab = np.int64(int(seqs.ids.max(initial=0)) + 1)
    # one table of (alignment, token) for both sides: a's positions set bits, b's tokens pick rows
    apos, aowner = ranges(seqs.starts[a], m)
    bpos, bowner = ranges(seqs.starts[b], n)
    keys = np.concatenate([aowner * vocab + seqs.ids[apos], bowner * vocab + seqs.ids[bpos]])
    _, slot = np.unique(keys, return_inverse=True)
    slot = slot.reshape(-1)
    offset = apos - seqs.starts[a][aowner]
    masks = np.zeros((int(slot.max(initial=-1)) + 1, words), dtype=np.uint64)
    bits = np.left_shift(np.uint64(1), (offset % 64).astype(np.uint64))
    np.bitwise_or.at(masks, (slot[: len(apos)], offset // 64), bits)
    # per step j, the mask of b's j-th token in each alignment (no bits past b's end)
    steps = int(n.max(initial=0))
    table = np.zeros((steps, count, words), dtype=np.uint64)
    table[bpos - seqs.starts[b][bowner], bowner] = masks[slot[len(apos):]]
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    if words == 1:
        v: np.ndarray = np.full(count, full, dtype=np.uint64)
        for j in range(steps):
            u = v & table[j, :, 0]
            v = (v + u) | (v ^ u)  # v - u is v ^ u: u is within v
        v = v[:, None]
    else:
        v = np.full((count, words), full, dtype=np.uint64)
        for j in range(steps):
            u = v & table[j]
            carry = np.zeros(count, dtype=np.uint64)
            summed = np.empty_like(v)
            for w in range(words):  # v + u, the carry running across words
                t = v[:, w] + u[:, w]
                s = t + carry
                carry = ((t < v[:, w]) | (s < t)).astype(np.uint64)
                summed[:, w] = s
            v = summed | (v ^ u)
    # the LCS is the number of zero bits among the m low bits
    one = np.uint64(1)
    index = np.arange(words)[None, :]
    low = np.where(index < (m // 64)[:, None], full,
                   np.where(index == (m // 64)[:, None], np.left_shift(one, (m % 64).astype(np.uint64))[:, None] - one,
                            np.uint64(0)))
    return m - _popcount(v & low).sum(axis=1)


_NUMPY_WORDS = 8  # shorter sides of up to 512 tokens go through the batched numpy steps; longer, lcs_bits
_STEP_WORDS = 1 << 23  # 64-bit words of one pass's step table (64 MB)


def _row(seqs: Sequences, r: int) -> list:
    return seqs.ids[seqs.starts[r]:seqs.starts[r] + seqs.lengths[r]].tolist()


def lcs_lengths(seqs: Sequences, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per alignment, the length of the longest common subsequence of rows a[k] and b[k]."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    out = np.zeros(len(a), dtype=np.int64)
    la, lb = seqs.lengths[a], seqs.lengths[b]
    live = np.flatnonzero((la > 0) & (lb > 0))
    if live.size == 0:
        return out
    # the shorter side holds the bits (the LCS is symmetric)
    swap = la[live] > lb[live]
    bits = np.where(swap, b[live], a[live])
    other = np.where(swap, a[live], b[live])
    words = (seqs.lengths[bits] + 63) // 64
    for k in np.flatnonzero(words > _NUMPY_WORDS).tolist():  # long rows: one alignment at a time, linear space
        row, column = _row(seqs, int(other[k])), _row(seqs, int(bits[k]))
        out[live[k]] = lcs_bits.lcs_length(row, lcs_bits.ColumnMasks(column, row), len(column))
    for w in np.unique(words[words <= _NUMPY_WORDS]):
        group = np.flatnonzero(words == w)
        # a bounded number of cells per pass keeps the step table small (steps x alignments x words)
        order = group[np.argsort(seqs.lengths[other[group]], kind="stable")]
        start = 0
        while start < len(order):
            end = min(start + 4096, len(order))
            steps = int(seqs.lengths[other[order[end - 1]]])
            end = start + max(1, min(end - start, _STEP_WORDS // (int(w) * steps)))
            chunk = order[start:end]
            out[live[chunk]] = _lcs_group(seqs, bits[chunk], other[chunk], int(w))
            start = end
    return out


# -- summary-level (union) LCS ----------------------------------------------------------------------


@dataclass(frozen=True)
class UnionLcs:
    """Per alignment: the clipped hits, and the model side's union marks (token ids, owner, marked)."""

    hits: np.ndarray
    model_tokens: np.ndarray
    model_owner: np.ndarray
    marked: np.ndarray


def _unit_alignments(units: Sequences, model_first, model_count, peer_first, peer_count):
    """The model units of every alignment laid out again (one copy per alignment), and every (model
    unit, peer unit) pairing of an alignment as offsets into the copy and into ``units``."""
    m_units, m_owner = ranges(model_first, model_count)
    m_len = units.lengths[m_units]
    m_off = np.cumsum(m_len) - m_len
    tok_pos, tok_unit = ranges(units.starts[m_units], m_len)
    model_ids = units.ids[tok_pos]
    # pairings: each model unit against each peer unit of its alignment
    per_unit = np.asarray(peer_count, dtype=np.int64)[m_owner]
    p_units, which = ranges(np.asarray(peer_first, dtype=np.int64)[m_owner], per_unit)
    return (model_ids, m_owner[tok_unit], m_off[which], m_len[which], units.starts[p_units],
            units.lengths[p_units], m_owner, m_units)


def union_lcs(units: Sequences, model_first, model_count, peer_first, peer_count, clip_model: bool = True,
              weights: Optional[np.ndarray] = None) -> UnionLcs:
    """Summary-level LCS per alignment k: model units ``model_first[k] .. + model_count[k]`` against
    peer units ``peer_first[k] .. + peer_count[k]`` (rows of ``units``).

    Each model unit's hit mask is the union of its backtracks against every peer unit; a marked token
    counts while the alignment's model and peer unigram counts both have it left, using one of each
    (rouge-score's and torchmetrics' ``token_cnts``). ``clip_model=False`` checks the peer's count
    only (py-rouge 1.1 decrements the reference count under the wrong key, so it never runs out).
    ``weights`` (k ** w): ROUGE-W's weighted tables (py-rouge's ``_wlcs``).
    """
    k_count = len(model_first)
    model_ids, tok_owner, m_off, m_len, p_off, p_len, unit_owner, _ = _unit_alignments(
        units, model_first, model_count, peer_first, peer_count)
    marked = lcs.batch_marks(model_ids, m_off, m_len, units.ids, p_off, p_len, weights)
    vocab = np.int64(int(units.ids.max(initial=0)) + 1)
    # the model's unigram counts per alignment
    model_key = tok_owner * vocab + model_ids
    _, inverse, counts = np.unique(model_key, return_inverse=True, return_counts=True)
    model_limit = counts[inverse.reshape(-1)] if clip_model else np.full(len(model_ids), NO_LIMIT, dtype=np.int64)
    # the peer's unigram counts per alignment: over its units' tokens
    p_pos, p_owner = ranges(units.starts[ranges(peer_first, peer_count)[0]],
                            units.lengths[ranges(peer_first, peer_count)[0]])
    unit_to_k = ranges(peer_first, peer_count)[1]
    peer_key = unit_to_k[p_owner] * vocab + units.ids[p_pos]
    pkeys, pcounts = np.unique(peer_key, return_counts=True)
    if len(pkeys):
        slot = np.minimum(np.searchsorted(pkeys, model_key), len(pkeys) - 1)
        peer_limit = np.where(pkeys[slot] == model_key, pcounts[slot], 0)
    else:
        peer_limit = np.zeros(len(model_key), dtype=np.int64)
    counted = lcs.batch_clip(tok_owner, model_ids, marked, model_limit, peer_limit)
    if weights is None:
        hits = np.bincount(tok_owner[counted], minlength=k_count).astype(np.float64)
    else:
        unit_of_token = np.repeat(np.arange(len(unit_owner), dtype=np.int64),
                                  units.lengths[ranges(model_first, model_count)[0]])
        hits = lcs.batch_weighted_hits(tok_owner, unit_of_token, counted, marked, k_count, weights)
    return UnionLcs(hits, model_ids, tok_owner, marked)


def distinct_marked(result: UnionLcs, count: int) -> np.ndarray:
    """Per alignment, the number of distinct tokens among the marked model positions (the ``rouge``
    package's union of LCS token sets)."""
    where = np.flatnonzero(result.marked)
    if where.size == 0:
        return np.zeros(count, dtype=np.int64)
    vocab = np.int64(int(result.model_tokens.max(initial=0)) + 1)
    keys = np.unique(result.model_owner[where] * vocab + result.model_tokens[where])
    return np.bincount(keys // vocab, minlength=count).astype(np.int64)
