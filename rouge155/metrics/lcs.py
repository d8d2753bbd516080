"""ROUGE-L and ROUGE-W: summary-level union LCS with the script's tie-breaking and clipping.

For each model unit, every peer unit is aligned with it by an LCS table whose backtrack marks the
model positions it uses (their union is the unit's hit mask). A marked token counts only while both
the model's and the peer's unigram counts (from the joined-text reader) still have it, and each
counted hit uses one of each: hits never exceed ROUGE-1's.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, List, Optional, Sequence, Tuple

    from ..base.perl import Number

    Trace = Optional[Callable[[List[str]], None]]

from ..base.lazy import np  # the batched kernels only: the step-by-step forms run without it
from ..base.perlmath import perl_add_left_read, perl_div_read, perl_ge_read, perl_sub, perl_sum
from . import bags
from .formulas import w_table, w_table_in_floats


_DIAG, _UP, _LEFT = 1, 2, 3


def _mark(mask: List[int], back: List[bytearray], i: int, j: int) -> None:
    """``markLCS``: walk the direction table back from (i, j), marking diagonal model positions."""
    while i and j:
        move = back[i][j]
        if move == _DIAG:
            i -= 1
            j -= 1
            mask[i] = 1
        elif move == _UP:
            i -= 1
        else:
            j -= 1


_TABLE_CELLS = 100  # alignments up to this many cells fill the table; larger ones walk the bit rows


def lcs_mark(model: Sequence[str], peer: Sequence[str], mask: List[int],
             weights: Optional[Sequence[float]] = None) -> None:
    """``lcs_inner`` (or, with ``weights``, ``wlcs_inner``): fill the table, ties going up
    (``c[i-1][j] >= c[i][j-1]``), then mark the backtrack's model positions. Weighted, a match that
    extends a run of k gains weights[k+1] - weights[k] (k ** w, :func:`formulas.w_table` as
    doubles), added in the script's float order. Unweighted and larger than a few hundred cells, the
    same path is walked on the bit-parallel rows, in linear space (:mod:`.lcs_bits`)."""
    m, n = len(model), len(peer)
    if m == 0:
        return
    if weights is None and m * n > _TABLE_CELLS:
        from .lcs_bits import mark_ties_up

        mark_ties_up(model, peer, lambda i: mask.__setitem__(i, 1))
        return
    if weights is not None:
        check_table(m, n, "ROUGE-W")
    zero = 0 if weights is None else 0.0  # the cells: ints (ROUGE-L) or doubles (ROUGE-W)
    back = [bytearray(n + 1)]
    prev = [zero] * (n + 1)
    prev_run = [0] * (n + 1)
    for i in range(1, m + 1):
        tok = model[i - 1]
        cur = [zero] * (n + 1)
        run = [0] * (n + 1)
        row = bytearray(n + 1)
        for j in range(1, n + 1):
            if tok == peer[j - 1]:
                if weights is None:
                    cur[j] = prev[j - 1] + 1
                else:
                    k = prev_run[j - 1]
                    cur[j] = prev[j - 1] + weights[k + 1] - weights[k]
                    run[j] = k + 1
                row[j] = _DIAG
            elif prev[j] >= cur[j - 1]:
                cur[j] = prev[j]
                row[j] = _UP
            else:
                cur[j] = cur[j - 1]
                row[j] = _LEFT
        back.append(row)
        prev, prev_run = cur, run
    _mark(mask, back, m, n)


def _wlcs_mark_exact(model: Sequence[str], peer: Sequence[str], mask: List[int], weights: Sequence[Number]) -> None:
    """``wlcs_inner`` in Perl's arithmetic, for weights past the doubles' exact range: cells are exact
    integers past 2**53, Inf, or NaN (Perl quirk: Inf - Inf; a NaN cell never wins the ``>=``, so
    the backtrack goes left there)."""
    m, n = len(model), len(peer)
    if m == 0:
        return
    check_table(m, n, "ROUGE-W")
    back = [bytearray(n + 1)]
    prev: List[Number] = [0] * (n + 1)
    prev_run = [0] * (n + 1)
    for i in range(1, m + 1):
        tok = model[i - 1]
        cur: List[Number] = [0] * (n + 1)
        run = [0] * (n + 1)
        row = bytearray(n + 1)
        for j in range(1, n + 1):
            if tok == peer[j - 1]:
                k = prev_run[j - 1]
                total, prev[j - 1] = perl_add_left_read(prev[j - 1], weights[k + 1])
                cur[j] = perl_sub(total, weights[k])
                run[j] = k + 1
                row[j] = _DIAG
            else:
                # Perl quirk: the comparison reads the cells as integers or doubles, which their
                # copies keep and later sums follow
                higher, prev[j], cur[j - 1] = perl_ge_read(prev[j], cur[j - 1])
                up, left = prev[j], cur[j - 1]
                if higher:
                    cur[j] = up
                    row[j] = _UP
                else:
                    cur[j] = left
                    row[j] = _LEFT
        back.append(row)
        prev, prev_run = cur, run
    _mark(mask, back, m, n)


def wlcs_mark(model: Sequence[str], peer: Sequence[str], mask: List[int], weights: Sequence[Number]) -> None:
    """``wlcs_inner`` on the weights ``k ** w`` (:func:`formulas.w_table`): in doubles where they
    give Perl's numbers, else in Perl's arithmetic."""
    if w_table_in_floats(weights):
        lcs_mark(model, peer, mask, [float(x) for x in weights])
    else:
        _wlcs_mark_exact(model, peer, mask, weights)


def check_table(m: int, n: int, what: str, cell_bytes: float = 20.0) -> None:
    """A table of (m + 1) x (n + 1) cells that memory cannot hold is refused before it is made (ROUGE-W
    fills the script's whole weighted table: two one-line files of 150,000 words would need 22.5 billion
    cells; ROUGE-1.5.5.pl cannot score them either)."""
    if (m + 1) * (n + 1) * cell_bytes < 1 << 26:  # below 64 MB: not worth asking the system
        return
    from ..base.budget import refuse_beyond_memory
    from ..base.errors import RougeError

    refuse_beyond_memory(f"{what} of a model sentence of {m:,} words and a peer sentence of {n:,} words (a table "
                         f"of {(m + 1) * (n + 1):,} cells)", (m + 1) * (n + 1) * cell_bytes, RougeError)


def _counted(tok: str, model_1grams: Dict[str, int], peer_1grams: Dict[str, int]) -> bool:
    """Clip: a hit counts while both unigram counts have the token left; it then uses one of each."""
    if model_1grams.get(tok, 0) > 0 and peer_1grams.get(tok, 0) > 0:
        model_1grams[tok] -= 1
        peer_1grams[tok] -= 1
        return True
    return False


def lcs_hits(
    model_units: Sequence[Sequence[str]],
    peer_units: Sequence[Sequence[str]],
    model_1grams: Dict[str, int],
    peer_1grams: Dict[str, int],
    trace: Trace = None,
) -> Tuple[int, int]:
    """``lcs``: (clipped union-LCS hits, model token count). The unigram dicts are consumed."""
    hit = 0
    base = 0
    for unit in model_units:
        mask = [0] * len(unit)
        base += len(unit)
        for p in peer_units:
            lcs_mark(unit, p, mask)
        counted = [tok for j, tok in enumerate(unit) if mask[j] and _counted(tok, model_1grams, peer_1grams)]
        hit += len(counted)
        if trace:
            trace(counted)
    return hit, base


_TABLES: Dict[Tuple[type, Number], Tuple[list, list, int]] = {}


def _weight_tables(longest: int, weight: Number) -> Tuple[List[Number], List[Number]]:
    """The weights k ** w for k <= ``longest`` (Perl's numbers) and the table the LCS runs on: the
    same as doubles where those give Perl's numbers, else the Perl numbers themselves. Kept per
    weight, with the first k whose table no longer fits the doubles (k ** w grows with k)."""
    key = (type(weight), weight)
    kept = _TABLES.get(key)
    if kept is None or len(kept[0]) <= longest:
        weights = w_table(max(longest, 2 * len(kept[0]) if kept else 64), weight)
        fits = next((k for k, x in enumerate(weights) if not w_table_in_floats([x])), len(weights))
        kept = (weights, [float(x) for x in weights[:fits]], fits)
        if len(_TABLES) > 8:
            _TABLES.clear()
        _TABLES[key] = kept
    weights, floats, fits = kept
    return weights, (floats if longest < fits else weights)


def wlcs_hits(
    model_units: Sequence[Sequence[str]],
    peer_units: Sequence[Sequence[str]],
    model_1grams: Dict[str, int],
    peer_1grams: Dict[str, int],
    weight: Number,
    trace: Trace = None,
) -> Tuple[Number, Number]:
    """``wlcs``: (weighted hits, sum of unit lengths ** w), in Perl's numbers. The unigram dicts are
    consumed.

    Perl quirk: a run is flushed only at a counted token followed by an unmarked position or the
    unit's end, so a clipped marked token lets the run continue into the next counted one, and a run
    whose last counted token is not at the end of the unit and is followed by a marked-but-clipped
    token is lost.
    """
    longest = max(max(map(len, model_units), default=0), max(map(len, peer_units), default=0))
    weights, table = _weight_tables(longest + 1, weight)
    in_floats = table is not weights
    mark = lcs_mark if in_floats else _wlcs_mark_exact
    hit = base = 0.0  # as doubles, which are Perl's numbers while the weights fit them (see below)
    lengths, runs = [], []
    for unit in model_units:
        length = len(unit)
        lengths.append(length)
        base += table[length]
        mask = [0] * length
        for p in peer_units:
            mark(unit, p, mask, table)
        run = 0
        counted = []
        for j, tok in enumerate(unit):
            if mask[j] and _counted(tok, model_1grams, peer_1grams):
                counted.append(tok)
                run += 1
                if (j + 1 < length and mask[j + 1] == 0) or j + 1 == length:
                    runs.append(run)
                    hit += table[run]
                    run = 0
        if trace:
            trace(counted)
    if in_floats and hit < 1e15 and base < 1e15:  # sums of weights below 2**40, below 1e15: exact, printed alike
        return hit, base
    hit, base = perl_sum(weights[r] for r in runs), perl_sum(weights[n] for n in lengths)
    if base:  # Perl quirk: wlcs's $$hit/$$base reads both as integers, or doubles: they print and add so
        hit, base = perl_div_read(hit, base)
    return hit, base


# -- batched form: many (model unit, peer unit) alignments at once with numpy ---------------------
#
# The tables are filled anti-diagonal by anti-diagonal (cells i + j = d), vectorised over a bucket of
# alignments padded to the same size, with exactly the script's arithmetic and tie-breaking; the
# backtrack then walks all alignments of the bucket in step.

_CELL_BUDGET = 1 << 23  # direction-table bytes per bucket (8 MB)
_LONG_CELLS = 1 << 17  # ROUGE-L alignments of this many cells or more walk the bit rows instead (lcs_bits)


def _buckets(m: "np.ndarray", n: "np.ndarray", min_size: int = 768):
    """Alignment indices in buckets of similar shape: model lengths binned, then peer lengths sorted
    and cut into runs of at least ``min_size`` (fewer, larger buckets: fewer numpy calls), each split
    to fit the cell budget (768: the fastest on 1,500-pair CNN/DM- and DUC-like corpora, 384 to 6,144
    measured). Yields (indices, padded model length, padded peer length)."""

    edges = np.array([2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512])
    m_bin = np.searchsorted(edges, m)
    order = np.lexsort((n, m_bin))
    bins = m_bin[order]
    cuts = np.flatnonzero(np.r_[True, bins[1:] != bins[:-1], True])
    for a, b in zip(cuts[:-1], cuts[1:]):
        run = order[a:b]
        pieces = max(1, len(run) // min_size)
        for chunk in np.array_split(run, pieces):
            big_m, big_n = int(m[chunk].max()), int(n[chunk].max())
            per = (big_m + big_n + 1) * (big_m + 1)
            size = max(1, _CELL_BUDGET // per)
            for s in range(0, len(chunk), size):
                yield chunk[s : s + size], big_m, big_n


def _fill(ids: "np.ndarray", offsets: "np.ndarray", lengths: "np.ndarray", width: int, pad: int,
          dtype) -> "np.ndarray":
    """Each alignment's tokens as a column of a (width, alignments) table, padded with ``pad``."""
    out = np.full((width, len(offsets)), pad, dtype=dtype)
    rows = np.arange(width)[:, None]
    valid = rows < lengths[None, :]
    out[valid] = ids[(offsets[None, :] + rows)[valid]]
    return out


def _lcs_rows(a, b, big_m, big_n):
    """ROUGE-L's table row by row: c[i][j] = max(c[i-1][j], c[i-1][j-1] + eq, c[i][j-1]) is a running
    maximum along the row, so each row is a few whole-array operations. Arrays are laid out with the
    alignments last (contiguous). Directions as [i, j, alignment]."""

    count = a.shape[1]
    direction = np.zeros((big_m + 1, big_n + 1, count), dtype=np.uint8)
    # c[i][j] <= i <= big_m: the narrowest integers that hold it (less memory traffic per row)
    cells = np.int8 if big_m < 127 else np.int16 if big_m < 32767 else np.int32
    prev = np.zeros((big_n + 1, count), dtype=cells)
    cur = np.zeros((big_n + 1, count), dtype=cells)
    step = np.empty((big_n, count), dtype=cells)
    eq = a[:, None, :] == b[None, :, :]  # every row's matches at once: [i - 1, j - 1, alignment]
    inner = direction[1:, 1:]
    for i in range(big_m):
        np.add(prev[:-1], eq[i], out=step)
        np.maximum(prev[1:], step, out=step)
        np.maximum.accumulate(step, axis=0, out=cur[1:])
        np.greater_equal(prev[1:], cur[:-1], out=inner[i], casting="unsafe")  # 1 where up, for now
        prev, cur = cur, prev
    np.subtract(_LEFT, inner, out=inner)  # up: 2, left: 3
    np.copyto(inner, _DIAG, where=eq)
    return direction


# The diagonal filler's direction codes: its comparisons write left (0) / up (1) straight into the table
# as booleans; diagonal moves are set once at the end; cells it never writes (row or column 0) end a walk.
_D_LEFT, _D_UP, _D_DIAG, _D_END = 0, 1, 2, 3


def _diagonal_matches(a, b, big_m, big_n):
    """Every match of the bucket at once, by diagonal (i + j), as (i + j, (i - 1) * alignments +
    alignment), with ``k``, the length of the run of matches it extends (matches at (i - 1, j - 1),
    (i - 2, j - 2), ...): the runs depend on the tokens only, not on the table's values."""

    count = a.shape[1]
    cells = np.flatnonzero(a[:, None, :] == b[None, :, :])  # in [i - 1, j - 1, alignment] order
    row, rest = np.divmod(cells, big_n * count)
    column, alignment = np.divmod(rest, count)
    # the match at (i - 1, j - 1): one row and one column back (none in the first row or column)
    before = cells - (big_n * count + count)
    at = np.minimum(np.searchsorted(cells, before), max(len(cells) - 1, 0))
    extends = (cells[at] == before) & (row > 0) & (column > 0) if len(cells) else np.zeros(0, dtype=bool)
    runs = np.zeros(len(cells), dtype=np.int64)
    follow, prior = np.flatnonzero(extends), at[extends]
    while follow.size:  # one more match of each run per pass: as many passes as the longest run
        grown = runs[prior] + 1
        changed = grown != runs[follow]
        if not changed.any():
            break
        runs[follow[changed]] = grown[changed]
        follow, prior = follow[changed], prior[changed]
    diagonal = (row + column).astype(np.int16 if big_m + big_n < 32000 else np.int64)
    order = np.argsort(diagonal, kind="stable")  # (16-bit keys: a radix sort)
    return diagonal[order].astype(np.int64) + 2, (row * count + alignment)[order], runs[order]


def _wlcs_diagonals(a, b, big_m, big_n, weights):
    """ROUGE-W's table anti-diagonal by anti-diagonal (cells i + j = d depend only on the two previous
    diagonals), in the script's float order, alignments last. Off a match a cell is the larger of up
    and left (up on ties): whole diagonals at once; the few matches (a few % of the cells) are then
    overwritten with the diagonal value plus their run's weight. Directions as [i + j, i, alignment]
    in the ``_D_`` codes."""

    count = a.shape[1]
    size = (big_m + 1) * count  # one diagonal: rows i = 0..big_m
    diagonal, within, runs = _diagonal_matches(a, b, big_m, big_n)  # within: (i - 1) * count + alignment
    bounds = np.searchsorted(diagonal, np.arange(big_m + big_n + 2)).tolist()
    gain_to, gain_from = weights[runs + 1], weights[runs]
    direction = np.full((big_m + big_n + 1, size), _D_END, dtype=np.uint8)
    ups = direction.view(bool)
    c = [np.zeros(size) for _ in range(3)]
    for d in range(2, big_m + big_n + 1):
        lo, hi = max(1, d - big_n) * count, (min(big_m, d - 1) + 1) * count
        cur, prev1 = c[d % 3], c[(d - 1) % 3]
        up, left = prev1[lo - count : hi - count], prev1[lo:hi]
        np.maximum(up, left, out=cur[lo:hi])  # not a match: up when up >= left, else left
        np.greater_equal(up, left, out=ups[d, lo:hi])
        first, last = bounds[d], bounds[d + 1]
        if first < last:
            at = within[first:last]
            value = c[(d - 2) % 3].take(at)
            value += gain_to[first:last]
            value -= gain_from[first:last]
            cur.put(at + count, value)
    direction.reshape(-1).put(diagonal * size + within + count, _D_DIAG)
    return direction.reshape(big_m + big_n + 1, big_m + 1, count)


def _wlcs_rows(a, b, big_m, big_n, weights):
    """ROUGE-W's table row by row, for long peer units (few Python steps per row).

    Off a match, c[i][j] = max(c[i-1][j], c[i][j-1]); at a match it restarts from the diagonal value.
    So a row is a running maximum in segments that start at its matches: computed exactly on the
    values' ranks (segment * ranks + rank), which keeps the script's floats untouched.
    Directions as [i, j, alignment]."""

    count = a.shape[1]
    direction = np.zeros((big_m + 1, big_n + 1, count), dtype=np.uint8)
    prev_c = np.zeros((big_n + 1, count))
    prev_l = np.zeros((big_n + 1, count), dtype=np.int64)
    for i in range(1, big_m + 1):
        eq = a[i - 1] == b
        k = prev_l[:-1]
        diag = (prev_c[:-1] + weights[k + 1]) - weights[k]
        up = prev_c[1:]
        values = np.where(eq, diag, up)
        ranks_of, rank = np.unique(values, return_inverse=True)
        rank = rank.reshape(values.shape)
        segment = np.cumsum(eq, axis=0)
        key = np.maximum.accumulate(segment * np.int64(len(ranks_of)) + rank, axis=0)
        cur_c = np.zeros_like(prev_c)
        cur_c[1:] = ranks_of[key % len(ranks_of)]
        cur_l = np.zeros_like(prev_l)
        cur_l[1:] = np.where(eq, k + 1, 0)
        row = direction[i, 1:]
        np.subtract(_LEFT, up >= cur_c[:-1], out=row, casting="unsafe")  # up: 2, left: 3
        np.copyto(row, _DIAG, where=eq)
        prev_c, prev_l = cur_c, cur_l
    return direction


def _backtrack_long_rows(direction, m, n, marks) -> None:
    """``markLCS`` for long rows, one alignment at a time: a run of left moves is skipped in one
    search of the row (a path visits each row once, so the work stays that of the table)."""

    for p in range(direction.shape[2]):
        i, j = int(m[p]), int(n[p])
        while i and j:
            move = direction[i, j, p]
            if move == _LEFT:
                before = np.flatnonzero(direction[i, 1:j, p] != _LEFT)
                j = int(before[-1]) + 1 if before.size else 0
                continue
            if move == _DIAG:
                marks[p, i - 1] = True
                j -= 1
            i -= 1


def _align_bucket(a, b, m, n, big_m, big_n, weights):
    """Direction tables for one bucket (a, b: tokens x alignments); the model positions each
    backtrack marks, as (alignment, position)."""

    count = a.shape[1]
    rows = weights is None or big_m + big_n > 1024
    if weights is None:
        direction = _lcs_rows(a, b, big_m, big_n)
    elif rows:
        direction = _wlcs_rows(a, b, big_m, big_n, weights)
    else:
        direction = _wlcs_diagonals(a, b, big_m, big_n, weights)
    marks = np.zeros((count, big_m), dtype=bool)
    if rows and big_n > 256:
        _backtrack_long_rows(direction, m, n, marks)
        return marks
    # all backtracks in step, through flat indices
    i, j = m.astype(np.int64), n.astype(np.int64)
    live = np.flatnonzero((i > 0) & (j > 0))
    if rows:  # [i, j, alignment]
        cell_i, cell_j = (big_n + 1) * count, count
        codes = (_DIAG, _UP, _LEFT, 0)
    else:  # [i + j, i, alignment]
        cell_i, cell_j = (big_m + 2) * count, (big_m + 1) * count
        codes = (_D_DIAG, _D_UP, _D_LEFT, _D_END)
    diagonal = _walk_back(direction.reshape(-1), i[live] * cell_i + j[live] * cell_j + live,
                          (cell_i + cell_j, cell_i, cell_j), codes)
    # the cell of a diagonal move marks its model position i - 1 for its alignment
    row_of = diagonal % ((big_m + 1) * count) if not rows else diagonal
    marks[diagonal % count, row_of // (count if not rows else cell_i) - 1] = True
    return marks


def _walk_back(flat, at, steps, codes, compact_every: int = 4):
    """``markLCS`` for many walks at once: each walk's cell ``at`` in the flat direction table moves by
    ``steps`` (diagonal, up, left) as its cell's code says (``codes``: diagonal, up, left, end); the
    cells where a diagonal move was taken, in no particular order. Walks that ended stay where they
    are until the next compaction (every few steps: one comparison less per step)."""

    step_by_code = np.zeros(max(codes) + 1, dtype=np.int64)
    step_by_code[list(codes[:3])] = steps
    diagonal_code, end = codes[0], codes[3]
    found = []
    taken = 0
    while at.size:
        move = flat.take(at)
        found.append(at[move == diagonal_code])
        at -= step_by_code.take(move)
        taken += 1
        if taken % compact_every == 0:
            at = at[move != end]
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


def _matching_rows(model_ids, model_off, model_len, peer_ids, peer_off, peer_len, match_bits=None):
    """For each alignment, the model positions whose token occurs in the peer unit.

    In ROUGE-L a model token that the peer unit lacks has a table row of pure "up" moves equal to the
    row above, so dropping it changes neither the table's other cells nor the backtrack's path.
    Returns the kept tokens (concatenated), their global positions, and per-alignment offsets/counts.
    """

    def expand(off, length):
        total = int(length.sum())
        owner = np.repeat(np.arange(len(length)), length)
        pos = np.repeat(off, length) + (np.arange(total) - np.repeat(np.cumsum(length) - length, length))
        return owner, pos

    m_owner, m_pos = expand(model_off, model_len)
    if match_bits is not None:  # which peer units hold each model token: known, one bit test each
        m_bits, local = match_bits
        keep = ((m_bits[m_pos] >> local[m_owner]) & np.uint64(1)).astype(bool)
    else:
        # each distinct peer unit once (alignments share them)
        units, unit_of = np.unique(peer_off, return_inverse=True)
        unit_len = np.zeros(len(units), dtype=np.int64)
        unit_len[unit_of.reshape(-1)] = peer_len
        p_owner, p_pos = expand(units, unit_len)
        width = np.int64(int(max(model_ids.max(initial=0), peer_ids.max(initial=0))) + 1)
        # (numpy 2.4: faster with counts)
        peer_keys = np.unique(p_owner * width + peer_ids[p_pos], return_counts=True)[0]
        want = unit_of.reshape(-1)[m_owner] * width + model_ids[m_pos]
        keep = bags.positions(peer_keys, want) >= 0
    kept_len = np.bincount(m_owner[keep], minlength=len(model_len))
    kept_pos = m_pos[keep]
    return model_ids[kept_pos], kept_pos, np.cumsum(kept_len) - kept_len, kept_len


def _walk_long(mask, ids, where, m_off, m_len, peer_ids, p_off, p_len, alignments) -> None:
    """Alignments whose tables would be large: the bit rows' walk (the same marks), in linear space."""
    if not alignments.size:
        return
    from .lcs_bits import mark_ties_up

    for r in alignments.tolist():
        at = where[m_off[r]:m_off[r] + m_len[r]]

        def mark(i: int, at=at) -> None:
            mask[at[i]] = True

        mark_ties_up(ids[m_off[r]:m_off[r] + m_len[r]].tolist(), peer_ids[p_off[r]:p_off[r] + p_len[r]].tolist(),
                     mark)


def batch_marks(model_ids, model_off, model_len, peer_ids, peer_off, peer_len, weights=None, match_bits=None):
    """For alignments r (model unit at model_off[r], peer unit at peer_off[r]), the union of the
    backtrack marks over the concatenated model tokens (``weights``: ROUGE-W's k**w table).
    ``match_bits`` (optional, ROUGE-L): per model token a bit mask of the peer units holding it, and
    per alignment its peer unit's bit number."""

    mask = np.zeros(len(model_ids), dtype=bool)
    keep = (model_len > 0) & (peer_len > 0)
    if not keep.any():
        return mask
    idx_all = np.flatnonzero(keep)
    m_off, m_len, p_off, p_len = model_off[idx_all], model_len[idx_all], peer_off[idx_all], peer_len[idx_all]
    if weights is None:
        bits = None if match_bits is None else (match_bits[0], match_bits[1][idx_all])
        ids, where, m_off, m_len = _matching_rows(model_ids, m_off, m_len, peer_ids, p_off, p_len, bits)
    else:
        ids, where = model_ids, np.arange(len(model_ids))
    live = np.flatnonzero(m_len > 0)
    if live.size == 0:
        return mask
    if weights is None:
        # One model token left after pruning: it is in the peer unit, so the backtrack walks left to
        # its last occurrence there and marks it.
        single = live[m_len[live] == 1]
        mask[where[m_off[single]]] = True
        live = live[m_len[live] > 1]
        long = m_len[live] * p_len[live] >= _LONG_CELLS
        _walk_long(mask, ids, where, m_off, m_len, peer_ids, p_off, p_len, live[long])
        live = live[~long]
        if live.size == 0:
            return mask
    else:
        longest = int(np.argmax(m_len[live] * p_len[live]))
        check_table(int(m_len[live][longest]), int(p_len[live][longest]), "ROUGE-W", cell_bytes=2.0)
    # token ids as int32 where they fit: half the bytes compared per cell
    ids_type = np.int32 if max(int(ids.max(initial=0)), int(peer_ids.max(initial=0))) < 2**31 else np.int64
    for sub, big_m, big_n in _buckets(m_len[live], p_len[live]):
        r = live[sub]
        a = _fill(ids, m_off[r], m_len[r], big_m, -1, ids_type)
        b = _fill(peer_ids, p_off[r], p_len[r], big_n, -2, ids_type)
        marks = _align_bucket(a, b, m_len[r], p_len[r], big_m, big_n, weights)
        rows, cols = np.nonzero(marks)
        mask[where[m_off[r][rows] + cols]] = True
    return mask


def batch_clip(pair, tok, marked, model_limit, peer_limit):
    """Which marked tokens count: per (pair, token), the first min(model count, peer count) marked
    occurrences in model order (the dict bookkeeping of ``lcs``/``wlcs``, without the loop)."""

    counted = np.zeros(len(tok), dtype=bool)
    where = np.flatnonzero(marked)
    if where.size == 0:
        return counted
    width = np.int64(int(tok.max()) + 1)
    key = pair[where].astype(np.int64) * width + tok[where]
    order = np.argsort(key, kind="stable")
    k = key[order]
    first = np.r_[True, k[1:] != k[:-1]]
    run_start = np.maximum.accumulate(np.where(first, np.arange(len(k)), 0))
    rank = np.arange(len(k)) - run_start
    limit = np.minimum(model_limit[where][order], peer_limit[where][order])
    counted[where[order[rank < limit]]] = True
    return counted


def sequential_sums(values, groups, n_groups):
    """Per group, the values added left to right from 0 (as the script's loops add floats)."""

    out = np.zeros(n_groups, dtype=np.float64)
    if len(values) == 0:
        return out
    counts = np.bincount(groups, minlength=n_groups)
    widest = int(counts.max())
    if widest * n_groups <= 1 << 24:
        starts = np.r_[0, np.cumsum(counts)[:-1]]
        col = np.arange(len(values)) - starts[groups]
        table = np.zeros((n_groups, widest), dtype=np.float64)
        table[groups, col] = values
        return np.cumsum(table, axis=1)[:, -1]
    for g, v in zip(groups.tolist(), values.tolist()):
        out[g] += v
    return out


def batch_weighted_hits(pair, unit, counted, marked, n_pairs, weights):
    """ROUGE-W hits per pair from counted/marked model tokens laid out pair by pair, unit by unit:
    a run is flushed at a counted token followed by an unmarked one or the unit's end."""

    n = len(unit)
    if n == 0:
        return np.zeros(n_pairs)
    last = np.r_[unit[1:] != unit[:-1], True]
    next_marked = np.r_[marked[1:], False]
    flush = counted & (last | ~next_marked)
    cum = np.cumsum(counted)
    first = np.r_[True, unit[1:] != unit[:-1]]
    before_unit = cum - counted  # cumulative count before each position
    unit_base = np.maximum.accumulate(np.where(first, np.arange(n), 0))
    f = np.flatnonzero(flush)
    if f.size == 0:
        return np.zeros(n_pairs)
    prev = np.r_[-1, f[:-1]]
    same_unit = np.r_[False, unit[f[1:]] == unit[f[:-1]]]
    base = np.where(same_unit, cum[np.maximum(prev, 0)], before_unit[unit_base[f]])
    runs = cum[f] - base
    return sequential_sums(weights[runs], pair[f], n_pairs)
