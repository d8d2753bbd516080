"""SPL texts to token ids in one compiled pass (numba; optional, see :mod:`rouge155.text.jit`).

The same tokens as the script's SPL reader and clean-up (``readers.spl_units``, ``clean_tokens``,
the :class:`~rouge155.text.tokens.TokenIds` filter), for the script's byte mode: a unit is a
non-empty line, a token a run of ``[A-Za-z0-9]`` (a hyphen is a token of its own that never
counts, so it only separates). Each token of at most 24 characters packs exactly into two integers
(base 37, digits 1-36), looked up in an open-addressing table; a token seen for the first time, or
longer, is handed to the vocabulary's own rule (``TokenIds``: stopwords, stemming, the one place
they live; another implementation's for its semantics) and the pass runs again. Importing this
module imports numba.
"""
from __future__ import annotations

import numba
import numpy as np

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict

from ..base.records import dataclass

# byte -> code: letters (either case) 1-26, digits 27-36, newline 0, any other byte 37
_CODES = bytearray([37] * 256)
for _k, _c in enumerate(b"abcdefghijklmnopqrstuvwxyz0123456789"):
    _CODES[_c] = _k + 1
    if _k < 26:
        _CODES[_c - 32] = _k + 1
_CODES[10] = 0
CODE_TABLE = bytes(_CODES)
PACKED = 12  # characters per packed integer (37 ** 12 < 2 ** 63)
EMPTY = -1


@numba.njit(cache=True, nogil=True)
def _slot(k1, k2, table):
    """The table row of (k1, k2): where it is, or the empty row where it would go."""
    mask = len(table) - 1
    h = np.uint64(k1) * np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(k2) * np.uint64(0xC2B2AE3D27D4EB4F)
    i = np.int64((h >> np.uint64(29)) & np.uint64(mask))
    while table[i, 0] != EMPTY and (table[i, 0] != k1 or table[i, 1] != k2):
        i = (i + 1) & mask
    return i


@numba.njit(cache=True, nogil=True)
def _pack_run(codes, i, end, stop):
    """The token characters from ``i`` (before ``stop``) packed into one integer, and where the run
    stopped (the token's end, or ``stop``)."""
    key = np.int64(0)
    p = np.int64(1)
    while i < end and i < stop:
        c = codes[i]
        if c == 0 or c > 36:
            break
        key += np.int64(c) * p
        p *= 37
        i += 1
    return key, i


@numba.njit(cache=True, nogil=True)
def _pack(codes, start, end):
    """A token's two packed integers (the first 12 characters, the next 12)."""
    k1, _ = _pack_run(codes, start, end, start + PACKED)
    k2, _ = _pack_run(codes, start + PACKED, end, start + 2 * PACKED)
    return k1, k2


@numba.njit(cache=True, nogil=True)
def _spl_ids(codes, doc_end, table, long_ids, out_ids, unit_len, doc_tokens, doc_units, missed):
    """Token ids (counted tokens only), each unit's token count, and per document its token and
    unit ends. Tokens the table lacks, and long tokens past ``long_ids`` (their ids in order), are
    recorded in ``missed`` as (start, end); returns (tokens, units, missed)."""
    t = 0
    u = 0
    n_missed = 0
    n_long = 0
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
            k1, i = _pack_run(codes, s, end, s + PACKED)  # packed as it is read
            k2 = np.int64(0)
            if i - s == PACKED:
                k2, i = _pack_run(codes, i, end, s + 2 * PACKED)
                while i < end and codes[i] != 0 and codes[i] <= 36:  # a long token's rest
                    i += 1
            ident = -1
            if i - s > 2 * PACKED:
                if n_long < len(long_ids):
                    ident = long_ids[n_long]
                    n_long += 1
                else:
                    missed[n_missed, 0] = s
                    missed[n_missed, 1] = i
                    n_missed += 1
            else:
                j = _slot(k1, k2, table)
                if table[j, 0] == EMPTY:
                    missed[n_missed, 0] = s
                    missed[n_missed, 1] = i
                    n_missed += 1
                else:
                    ident = table[j, 2]
            if ident >= 0:
                out_ids[t] = ident
                unit_len[u] += 1
                t += 1
        if in_line:
            u += 1
        doc_tokens[d] = t
        doc_units[d] = u
        start = end
    return t, u, n_missed


@numba.njit(cache=True, nogil=True)
def _insert(codes, spans, idents, table):
    """Put the short tokens at ``spans`` with their ids into the table; returns how many were new."""
    added = 0
    for r in range(len(spans)):
        s, e = spans[r, 0], spans[r, 1]
        if e - s > 2 * PACKED:
            continue
        k1, k2 = _pack(codes, s, e)
        j = _slot(k1, k2, table)
        if table[j, 0] == EMPTY:
            table[j, 0] = k1
            table[j, 1] = k2
            table[j, 2] = idents[r]
            added += 1
    return added


@numba.njit(cache=True, nogil=True)
def _rehash(table, new):
    for i in range(len(table)):
        if table[i, 0] != EMPTY:
            j = _slot(table[i, 0], table[i, 1], new)
            new[j, :] = table[i, :]


@dataclass
class SplTexts:
    """Many SPL texts as flat arrays: the counted token ids one text after the other, each unit's
    token count, and per text where its tokens and units end."""

    ids: np.ndarray
    unit_len: np.ndarray
    tokens_end: np.ndarray
    units_end: np.ndarray

    def tokens_start(self) -> np.ndarray:
        return np.concatenate([[0], self.tokens_end]).astype(np.int64)[: len(self.tokens_end)]

    def units_start(self) -> np.ndarray:
        return np.concatenate([[0], self.units_end]).astype(np.int64)[: len(self.units_end)]


class PackedVocabulary:
    """The packed short tokens of a vocabulary, in a table the compiled pass reads. ``resolve``: a raw
    token (lower-cased bytes) -> its id, negative for a token that does not count (``TokenIds``'s
    lookup for the script's tokens; another implementation's own for its semantics). Kept as long
    as the vocabulary, one per thread."""

    def __init__(self, resolve):
        self.resolve = resolve
        self.size = 0
        self._tables(1 << 15)

    def _tables(self, capacity: int) -> None:
        # rows (k1, k2, id, unused): a lookup reads one cache line
        self.table = np.zeros((capacity, 4), dtype=np.int64)
        self.table[:, 0] = EMPTY

    def _make_room(self, extra: int) -> None:
        capacity = len(self.table)
        while 2 * (self.size + extra) > capacity:
            capacity *= 2
        if capacity != len(self.table):
            old = self.table
            self._tables(capacity)
            _rehash(old, self.table)

    def spl_texts(self, texts) -> SplTexts:
        """The tokens of SPL texts (bytes), by the script's rules, with this vocabulary's ids."""
        blob = b"".join(texts)
        codes = np.frombuffer(blob.translate(CODE_TABLE), dtype=np.uint8)
        doc_end = np.cumsum([len(t) for t in texts], dtype=np.int64)
        n_units = blob.count(b"\n") + len(texts)
        most = (len(blob) + len(texts)) // 2 + 1  # a text of b bytes has at most (b + 1) // 2 tokens
        out_ids = np.empty(most, dtype=np.int64)
        unit_len = np.zeros(n_units, dtype=np.int64)
        tokens_end = np.zeros(len(texts), dtype=np.int64)
        units_end = np.zeros(len(texts), dtype=np.int64)
        long_ids = np.zeros(0, dtype=np.int64)
        missed = np.empty((most, 2), dtype=np.int64)
        for _pass in range(2):  # a second pass only after new or long tokens (resolved in between)
            t, u, n_missed = _spl_ids(codes, doc_end, self.table, long_ids, out_ids,
                                      unit_len, tokens_end, units_end, missed)
            if n_missed == 0:
                return SplTexts(out_ids[:t].copy(), unit_len[:u].copy(), tokens_end, units_end)
            long_ids = self._resolve(blob, codes, missed[:n_missed], long_ids)
        raise AssertionError("tokens left unresolved after their ids were added")

    def _resolve(self, blob: bytes, codes: np.ndarray, spans: np.ndarray, long_ids: np.ndarray) -> np.ndarray:
        """Ids of tokens the table lacked, through ``TokenIds``: short ones into the table, long ones
        (in order) returned for the next pass."""
        resolve = self.resolve
        raws = [blob[s:e].lower() for s, e in spans.tolist()]
        first: Dict[bytes, int] = {}  # each distinct token once (a cold vocabulary misses every token of the texts)
        for row, raw in enumerate(raws):
            first.setdefault(raw, row)
        rows = np.fromiter(first.values(), dtype=np.int64, count=len(first))
        idents = np.fromiter(map(resolve, first), dtype=np.int64, count=len(first))
        short = spans[rows, 1] - spans[rows, 0] <= 2 * PACKED
        self._make_room(int(short.sum()))
        self.size += _insert(codes, spans[rows[short]], idents[short], self.table)
        long = np.flatnonzero(spans[:, 1] - spans[:, 0] > 2 * PACKED)
        if len(long) == 0:
            return long_ids
        return np.concatenate([long_ids, [resolve(raws[r]) for r in long.tolist()]]).astype(np.int64)


def packed_vocabulary(token_ids) -> PackedVocabulary:
    """The packed table kept on a ``TokenIds`` vocabulary (made on first use)."""
    packed = getattr(token_ids, "packed", None)
    if packed is None:
        packed = token_ids.packed = PackedVocabulary(token_ids.__getitem__)
    return packed
