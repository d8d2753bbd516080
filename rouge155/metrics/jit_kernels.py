"""ROUGE-N and ROUGE-L of many (peer, model) pairs in compiled loops (numba; optional, see
:mod:`rouge155.text.jit`). Importing this module imports numba.

The same counts as the numpy kernels (``bags.clipped_hits``, ``lcs.batch_marks`` + ``batch_clip``),
pair by pair over flat token arrays (:class:`rouge155.text.jit_tokens.SplTexts`): a document is
its tokens ``ids[tokens_start[d]:tokens_end[d]]`` and its units ``unit_len[units_start[d]:units_end[d]]``.
"""
from __future__ import annotations

import numba
import numpy as np

_DIAG, _UP, _LEFT = 1, 2, 3


@numba.njit(cache=True, nogil=True)
def _gram_slot(code, keys, owner, stamp, mask):
    """Where ``code`` is in the current peer's table (``owner`` == ``stamp``), or the free slot for it."""
    i = np.int64((np.uint64(code) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) & mask
    while owner[i] == stamp and keys[i] != code:
        i = (i + 1) & mask
    return i


@numba.njit(cache=True, nogil=True)
def ngram_hits(codes, n, tokens_start, tokens_end, pair_peer, pair_model):
    """Per pair: the sum over distinct n-grams of min(model count, peer count). ``codes[t]``: the
    code of the n-gram starting at token t (equal exactly where the n-grams are). Each peer's grams
    go into a hash table once (an instance's pairs follow each other); each model gram takes one of
    its peer copies while any is left."""
    longest = 1
    for d in range(len(tokens_end)):
        longest = max(longest, tokens_end[d] - tokens_start[d])
    size = 16
    while size < 2 * longest:
        size *= 2
    mask = size - 1
    keys = np.zeros(size, dtype=np.int64)
    count = np.zeros(size, dtype=np.int64)
    owner = np.zeros(size, dtype=np.int64)  # which peer's table a slot holds (0: none yet)
    left = np.zeros(size, dtype=np.int64)
    left_of = np.zeros(size, dtype=np.int64)  # which pair ``left`` counts for
    hits = np.zeros(len(pair_peer), dtype=np.int64)
    last_peer = -1
    stamp = 0
    for p in range(len(pair_peer)):
        pd, md = pair_peer[p], pair_model[p]
        if pd != last_peer:
            stamp += 1
            last_peer = pd
            for t in range(tokens_start[pd], tokens_end[pd] - n + 1):
                i = _gram_slot(codes[t], keys, owner, stamp, mask)
                if owner[i] == stamp:
                    count[i] += 1
                else:
                    owner[i] = stamp
                    keys[i] = codes[t]
                    count[i] = 1
        hit = 0
        for t in range(tokens_start[md], tokens_end[md] - n + 1):
            i = _gram_slot(codes[t], keys, owner, stamp, mask)
            if owner[i] == stamp:
                if left_of[i] != p + 1:
                    left_of[i] = p + 1
                    left[i] = count[i]
                if left[i] > 0:
                    left[i] -= 1
                    hit += 1
        hits[p] = hit
    return hits


@numba.njit(cache=True, nogil=True)
def _mark_alignment(ids, m_off, kept, rows, p_off, p_len, direction, prev, cur, mask, mask_off):
    """``markLCS`` of one (model unit, peer unit) alignment, ties going up, marking ``mask``, over
    the model unit's positions ``kept[:rows]`` that the peer unit holds: a token it lacks has a row
    of "up" moves equal to the row above, so neither the table's other cells nor the backtrack's
    path change without it."""
    width = p_len + 1
    for j in range(width):
        prev[j] = 0
    cur[0] = 0
    for i in range(1, rows + 1):
        tok = ids[m_off + kept[i - 1]]
        base = i * width
        left = 0
        for j in range(1, width):
            # a match's diagonal is never below up or left: the cell is the larger of those, or it
            up = prev[j]
            value = up if up >= left else left
            move = _UP if up >= left else _LEFT
            if tok == ids[p_off + j - 1]:
                value = prev[j - 1] + 1
                move = _DIAG
            cur[j] = value
            direction[base + j] = move
            left = value
        prev, cur = cur, prev
    i, j = rows, p_len
    while i > 0 and j > 0:
        move = direction[i * width + j]
        if move == _DIAG:
            i -= 1
            j -= 1
            mask[mask_off + kept[i]] = True
        elif move == _UP:
            i -= 1
        else:
            j -= 1


@numba.njit(cache=True, nogil=True)
def _popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@numba.njit(cache=True, nogil=True)
def _low(j):
    """The bits of columns 1..j (bit k: column k + 1)."""
    if j <= 0:
        return np.uint64(0)
    return np.uint64(0xFFFFFFFFFFFFFFFF) >> np.uint64(64 - j)


@numba.njit(cache=True, nogil=True)
def _mark_alignment_bits(ids, m_off, kept, row_match, rows, p_off, p_len, steps, mask, mask_off):
    """``_mark_alignment`` for a peer unit of at most 64 tokens, bit-parallel (Crochemore et al.
    2001): row i of the table is the bit vector of the columns where c[i][j] > c[i][j-1], one
    addition per row from the row's match bits; the backtrack reads any cell it needs from two such
    rows (c[i][j] = popcount of row i's bits of columns 1..j), so its moves and tie-break are the
    table's."""
    full = _low(p_len)
    v = np.uint64(0xFFFFFFFFFFFFFFFF)
    steps[0] = np.uint64(0)
    for i in range(1, rows + 1):
        u = v & row_match[i - 1]
        v = (v + u) | (v - u)
        steps[i] = ~v & full
    i, j = rows, p_len
    while i > 0 and j > 0:
        if ids[m_off + kept[i - 1]] == ids[p_off + j - 1]:
            i -= 1
            j -= 1
            mask[mask_off + kept[i]] = True
        elif _popcount(steps[i - 1] & _low(j)) >= _popcount(steps[i] & _low(j - 1)):
            i -= 1
        else:
            j -= 1


_FULL_TABLE_CELLS = 1 << 20  # larger alignments walk the bit rows (_mark_alignment_rows) in linear space


@numba.njit(cache=True, nogil=True)
def _advance_row(v, reach, first, end, at, bits):
    """Row r+1 of the bit-parallel table from row r (``v``; bit c clear where c[r][c+1] > c[r][c]),
    on its low ``reach`` words: v + u | (v & ~match), u = v & match, where the row token's match bits
    are the words ``at[first:end]`` (ascending) holding ``bits[first:end]``. Only those words and the
    ones a carry reaches change (a carry goes on only through a word of ones)."""
    carry = np.uint64(0)
    w = 0  # the next word a pending carry lands on
    for k in range(first, end):
        target = at[k]
        if target >= reach:
            break
        while carry and w < target:
            old = v[w]
            v[w] = (old + carry) | old
            carry = np.uint64(1) if old == np.uint64(0xFFFFFFFFFFFFFFFF) else np.uint64(0)
            w += 1
        old = v[target]
        match = bits[k]
        total = old + (old & match)
        c1 = total < old
        total2 = total + carry
        c2 = total2 < total
        v[target] = total2 | (old & ~match)
        carry = np.uint64(1) if (c1 or c2) else np.uint64(0)
        w = target + 1
    while carry and w < reach:
        old = v[w]
        v[w] = (old + carry) | old
        carry = np.uint64(1) if old == np.uint64(0xFFFFFFFFFFFFFFFF) else np.uint64(0)
        w += 1


@numba.njit(cache=True, nogil=True)
def _column_bits(column_tokens, first, end):
    """Per token, the 64-bit words of the columns holding it and their bits, ascending: entries
    ``first[tok]:end[tok]`` of (at, bits) (``first``, ``end``: -1 for the other tokens, set here)."""
    count = len(column_tokens)
    order = np.argsort(column_tokens, kind="mergesort")  # stable: columns ascending within a token
    at = np.empty(count, dtype=np.int64)
    bits = np.zeros(count, dtype=np.uint64)
    n = 0
    for k in range(count):
        c = order[k]
        tok = column_tokens[c]
        if first[tok] == -1:
            first[tok] = n
        elif at[n - 1] == c >> 6:
            bits[n - 1] |= np.uint64(1) << np.uint64(c & 63)
            continue
        at[n] = c >> 6
        bits[n] = np.uint64(1) << np.uint64(c & 63)
        n += 1
        end[tok] = n
    return at, bits


@numba.njit(cache=True, nogil=True)
def _mark_alignment_rows(ids, m_off, kept, rows, p_off, p_len, mask, mask_off, first, end):
    """``_mark_alignment`` for alignments too large for a table, in linear space (``lcs_bits``' walk):
    the table transposed (peer tokens as rows, the kept model tokens as columns), whose backtrack that
    goes up only on a step (``c[r-1][c] > c[r][c-1]``) is the script's, ties going up. Every
    ``step``-th row (step ~ sqrt(peer length)) is kept on the way down; the rows between are computed
    again, on the columns the walk can still reach, when the walk gets there. ``first``, ``end``:
    per token, work arrays of -1 (left so)."""
    words = (rows + 63) // 64
    column_tokens = np.empty(rows, dtype=np.int64)
    for c in range(rows):
        column_tokens[c] = ids[m_off + kept[c]]
    at, bits = _column_bits(column_tokens, first, end)
    step = int(np.sqrt(p_len)) + 1
    kept_rows = np.empty((p_len // step + 1, words), dtype=np.uint64)
    v = np.full(words, np.uint64(0xFFFFFFFFFFFFFFFF))
    for r in range(p_len):
        if r % step == 0:
            kept_rows[r // step] = v
        tok = ids[p_off + r]
        if first[tok] >= 0:
            _advance_row(v, words, first[tok], end[tok], at, bits)
    block = np.empty((step + 1, words), dtype=np.uint64)
    r, c = p_len, rows
    for k in range((p_len - 1) // step, -1, -1):
        start = k * step
        if c == 0:
            break
        if r <= start:
            continue
        reach = (c + 63) // 64  # carries run upwards: the low words need only the low words above
        block[0, :reach] = kept_rows[k, :reach]
        for i in range(start, r):
            block[i - start + 1, :reach] = block[i - start, :reach]
            tok = ids[p_off + i]
            if first[tok] >= 0:
                _advance_row(block[i - start + 1], reach, first[tok], end[tok], at, bits)
        while r > start and c > 0:
            if ids[p_off + r - 1] == column_tokens[c - 1]:
                r -= 1
                c -= 1
                mask[mask_off + kept[c]] = True
            elif (block[r - start, (c - 1) >> 6] >> np.uint64((c - 1) & 63)) & np.uint64(1):
                c -= 1  # no step: left is as large as up (the script's up, on the model side)
            else:
                r -= 1  # a step: up is larger (the script's left, on the peer side)
    for c in range(rows):
        first[column_tokens[c]] = -1
        end[column_tokens[c]] = -1


@numba.njit(cache=True, nogil=True)
def lcs_hits(ids, unit_len, tokens_start, tokens_end, units_start, units_end, pair_peer, pair_model, width):
    """Per pair: ROUGE-L's clipped union-LCS hits. Every model unit is aligned with every peer unit;
    a marked model token counts while both joined texts' unigram counts still have it (in model
    order), each counted hit using one of each. ``width``: larger than every token id."""
    hits = np.zeros(len(pair_peer), dtype=np.int64)
    longest_unit = 1
    longest_doc = 1
    for u in range(len(unit_len)):
        longest_unit = max(longest_unit, unit_len[u])
    for d in range(len(tokens_end)):
        longest_doc = max(longest_doc, tokens_end[d] - tokens_start[d])
    match = np.zeros(width, dtype=np.uint64)  # per token: the current peer unit's columns holding it
    peer_left = np.zeros(width, dtype=np.int64)
    model_left = np.zeros(width, dtype=np.int64)
    kept = np.zeros(longest_unit, dtype=np.int64)
    row_match = np.zeros(longest_unit, dtype=np.uint64)
    steps = np.zeros(longest_unit + 1, dtype=np.uint64)
    direction = np.zeros(1, dtype=np.uint8)  # grown to the largest full table an alignment needs
    first = np.full(width, -1, dtype=np.int64)  # for _mark_alignment_rows
    end = np.full(width, -1, dtype=np.int64)
    prev = np.zeros(longest_unit + 1, dtype=np.int64)
    cur = np.zeros(longest_unit + 1, dtype=np.int64)
    mask = np.zeros(longest_doc, dtype=np.bool_)
    for p in range(len(pair_peer)):
        pd, md = pair_peer[p], pair_model[p]
        m0, m1 = tokens_start[md], tokens_end[md]
        p0, p1 = tokens_start[pd], tokens_end[pd]
        for k in range(m1 - m0):
            mask[k] = False
        p_off = p0
        for pu in range(units_start[pd], units_end[pd]):
            p_len = unit_len[pu]
            for j in range(p_len):  # a long unit's tokens get a bit too: only "held or not" is read
                match[ids[p_off + j]] |= np.uint64(1) << np.uint64(j % 64)
            m_off = m0
            for mu in range(units_start[md], units_end[md]):
                m_len = unit_len[mu]
                rows = 0
                for r in range(m_len):
                    bits = match[ids[m_off + r]]
                    if bits != 0:
                        kept[rows] = r
                        row_match[rows] = bits
                        rows += 1
                if rows == 1:  # in the peer unit: the walk goes left to its last occurrence and marks it
                    mask[m_off - m0 + kept[0]] = True
                elif rows > 1 and p_len <= 64:
                    _mark_alignment_bits(ids, m_off, kept, row_match, rows, p_off, p_len, steps, mask, m_off - m0)
                elif rows > 1 and (rows + 1) * (p_len + 1) > _FULL_TABLE_CELLS:
                    _mark_alignment_rows(ids, m_off, kept, rows, p_off, p_len, mask, m_off - m0, first, end)
                elif rows > 1:
                    if (rows + 1) * (p_len + 1) > len(direction):
                        direction = np.zeros((rows + 1) * (p_len + 1), dtype=np.uint8)
                    _mark_alignment(ids, m_off, kept, rows, p_off, p_len, direction, prev, cur, mask, m_off - m0)
                m_off += m_len
            for j in range(p_len):
                match[ids[p_off + j]] = 0
            p_off += p_len
        for t in range(p0, p1):
            peer_left[ids[t]] += 1
        for t in range(m0, m1):
            model_left[ids[t]] += 1
        hit = 0
        for t in range(m0, m1):
            if mask[t - m0]:
                tok = ids[t]
                if model_left[tok] > 0 and peer_left[tok] > 0:
                    model_left[tok] -= 1
                    peer_left[tok] -= 1
                    hit += 1
        for t in range(p0, p1):
            peer_left[ids[t]] = 0
        for t in range(m0, m1):
            model_left[ids[t]] = 0
        hits[p] = hit
    return hits


_LONG_COLUMNS = 4096  # lcs_lengths: longer b sides update each row on the words its token holds


@numba.njit(cache=True, nogil=True)
def _zeros(v, used, n):
    """The zero bits among the n low bits of v (its ``used`` words): the LCS length."""
    zeros = 0
    for w in range(used):
        word = ~v[w]
        if w == used - 1 and n % 64:
            word &= (np.uint64(1) << np.uint64(n % 64)) - np.uint64(1)
        zeros += _popcount(word)
    return zeros


@numba.njit(cache=True, nogil=True)
def lcs_lengths(ids, tokens_start, tokens_end, pair_a, pair_b, width):
    """Per pair: the LCS length of documents ``pair_a[p]`` and ``pair_b[p]`` (whole token lists),
    bit-parallel over b's tokens (Crochemore et al. 2001, one addition with carries across 64-bit
    words per token of a that b holds; that token's match bits set from the list of its positions in
    b, so memory stays linear in the texts). ``width``: larger than every token id."""
    out = np.zeros(len(pair_a), dtype=np.int64)
    longest = 1
    for d in range(len(tokens_end)):
        longest = max(longest, tokens_end[d] - tokens_start[d])
    words = (longest + 63) // 64
    last = np.full(width, -1, dtype=np.int64)  # per token: its last position in b (-1: none)
    first = np.full(width, -1, dtype=np.int64)  # for long b: _column_bits
    end = np.full(width, -1, dtype=np.int64)
    before = np.zeros(longest, dtype=np.int64)  # per position of b: the same token's previous one
    match = np.zeros(words, dtype=np.uint64)
    v = np.zeros(words, dtype=np.uint64)
    all_ones = np.uint64(0xFFFFFFFFFFFFFFFF)
    for p in range(len(pair_a)):
        a0, a1 = tokens_start[pair_a[p]], tokens_end[pair_a[p]]
        b0, b1 = tokens_start[pair_b[p]], tokens_end[pair_b[p]]
        n = b1 - b0
        if a1 == a0 or n == 0:
            continue
        used = (n + 63) // 64
        for w in range(used):
            v[w] = all_ones
        if n > _LONG_COLUMNS:  # each row over the words holding its token's positions (and where carries go)
            at, bits = _column_bits(ids[b0:b1], first, end)
            for i in range(a0, a1):
                if first[ids[i]] >= 0:
                    _advance_row(v, used, first[ids[i]], end[ids[i]], at, bits)
            for j in range(b0, b1):
                first[ids[j]] = -1
                end[ids[j]] = -1
            out[p] = _zeros(v, used, n)
            continue
        for j in range(n):
            tok = ids[b0 + j]
            before[j] = last[tok]
            last[tok] = j
        for i in range(a0, a1):
            j = last[ids[i]]
            if j < 0:
                continue  # no match in b: the row equals the one above
            for w in range(used):
                match[w] = 0
            while j >= 0:
                match[j // 64] |= np.uint64(1) << np.uint64(j % 64)
                j = before[j]
            carry = np.uint64(0)
            for w in range(used):
                u = v[w] & match[w]
                total = v[w] + u
                c1 = total < v[w]
                total2 = total + carry
                c2 = total2 < total
                v[w] = total2 | (v[w] & ~match[w])
                carry = np.uint64(1) if (c1 or c2) else np.uint64(0)
        out[p] = _zeros(v, used, n)
        for j in range(n):
            last[ids[b0 + j]] = -1
    return out
