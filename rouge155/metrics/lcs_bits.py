"""LCS backtracks of long texts in linear space, with the same path as a full table's.

Summary-level ROUGE-L (the script's ``markLCS``, rouge-score's ``_backtrack_norec``, torchmetrics'
``_backtracked_lcs``) and ROUGE 2.0's ROUGE-L keep the words on one backtrack of the LCS table, so the
walk itself, ties included, must be the table's. Two 150,000-word lines would need a table of 22.5
billion cells; here the table is never held.

Each row r of the table (rows: one sequence, columns: the other) is an integer whose bit c-1 is clear
where ``c[r][c] > c[r][c-1]`` (a *step*); row r comes from row r-1 and the columns matching the row's
token in four big-integer operations (the bit-parallel LCS of Allison and Dix, as Hyyro writes it).
A backtrack that, off a match, goes up when ``c[r-1][c] > c[r][c-1]`` and else left needs nothing but
those bits: at a mismatch ``c[r][c]`` is the larger of its two neighbours, so "up is larger" is exactly
"there is a step at (r, c)". That is ROUGE 2.0's rule. The other implementations go up on ties (up when
``c[i-1][j] >= c[i][j-1]``), which is the same rule on the transposed table: their walks run with the
sequences swapped (:func:`mark_ties_up`).

The walk needs the rows from the last to the first; they are computed from the first. Every
``step``-th row is kept on the way down (as many as fit a memory budget), and the rows between two kept
ones are computed again when the walk reaches them: every row twice, memory O(n sqrt(m)) bits at
worst (more levels where even that does not fit). The walk reads each row through a small window of
bits, so a step costs a few small-integer operations.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Hashable, List, Sequence, Tuple

BUDGET_BITS = 1 << 27  # rows held per level of the walk (16 MB): 900 rows of a 150,000-word line
_MIN_ROWS = 64  # rows held per level, whatever the budget
_WINDOW = 60  # bits of a row the walk reads at once (a two-digit Python int)
_MASKS_BUDGET = 1 << 29  # bits of column masks kept for the rows' most frequent tokens (64 MB)


class ColumnMasks:
    """The columns' tokens: for a row token, the integer with bit c set where column c holds it. The
    most frequent row tokens' masks are kept (within a budget); the others are made when needed."""

    def __init__(self, columns: Sequence[Hashable], rows: Sequence[Hashable] = ()):
        self.n = len(columns)
        self.positions: Dict[Hashable, List[int]] = {}
        for c, token in enumerate(columns):
            self.positions.setdefault(token, []).append(c)
        counts: Dict[Hashable, int] = {}
        for token in rows:
            if token in self.positions:
                counts[token] = counts.get(token, 0) + 1
        room = max(16, _MASKS_BUDGET // max(self.n, 1))
        kept = sorted(counts, key=counts.__getitem__, reverse=True)[:room]
        self.kept = {token: self.build(self.positions[token]) for token in kept if counts[token] > 1}

    def build(self, columns: Sequence[int]) -> int:
        if len(columns) < 16:
            mask = 0
            for c in columns:
                mask |= 1 << c
            return mask
        row = bytearray((self.n + 7) >> 3)
        for c in columns:
            row[c >> 3] |= 1 << (c & 7)
        return int.from_bytes(row, "little")

    def __call__(self, token: Hashable) -> int:
        mask = self.kept.get(token)
        if mask is not None:
            return mask
        columns = self.positions.get(token)
        return self.build(columns) if columns else 0


def lcs_length(rows: Sequence[Any], masks: Callable[[Any], int], n: int) -> int:
    """The LCS length of ``rows`` and the columns of ``masks`` (``n`` of them), in O(n) bits."""
    v = (1 << n) - 1
    for token in rows:
        mask = masks(token)
        if mask:
            u = v & mask
            v = (v + u) | (v ^ u)
    return n - (v & ((1 << n) - 1)).bit_count()


def walk_ties_left(rows: Sequence[Any], n: int, masks: Callable[[Any], int],
                   matches: Callable[[int, int], bool], budget_bits: int = BUDGET_BITS) -> List[Tuple[int, int]]:
    """The diagonal cells (r, c) (0-based positions in the rows and the columns, last first) of the
    backtrack from (len(rows), n): at a match diagonally (``matches(r, c)``, which must agree with
    ``masks``), else up when ``c[r-1][c] > c[r][c-1]``, else left."""
    m = len(rows)
    out: List[Tuple[int, int]] = []
    if m == 0 or n == 0:
        return out
    state = [m, n]
    held = max(_MIN_ROWS, budget_bits // n)

    def advance(row: int, r: int) -> int:
        mask = masks(rows[r])
        if not mask:
            return row
        u = row & mask
        return (row + u) | (row ^ u)

    def solve(top: int, top_row: int, bottom: int) -> None:
        """Walk rows bottom..top+1 (the path is at or above ``bottom``), given row ``top``. The rows are
        computed on the columns the walk can still reach (carries run from low bits to high ones, so
        the low bits of a row depend on the low bits of the rows above only)."""
        length = bottom - top
        if state[1] < n:
            top_row &= (1 << state[1]) - 1
        if length <= held:
            block = [top_row]
            for r in range(top, bottom):
                block.append(advance(block[-1], r))
            _walk_block(block, top, state, out, matches)
            return
        step = -(-length // max(2, min(-(-length // held), held)))  # each piece held at the next level
        kept, row = [top_row], top_row
        for r in range(top, bottom - 1):
            row = advance(row, r)
            if (r + 1 - top) % step == 0:
                kept.append(row)
        for k in range(len(kept) - 1, -1, -1):
            start = top + k * step
            if state[1] == 0 or state[0] <= start:
                continue
            solve(start, kept[k], min(bottom, start + step))

    solve(0, (1 << n) - 1, m)
    return out


def _walk_block(block: List[int], top: int, state: List[int], out: List[Tuple[int, int]],
                matches: Callable[[int, int], bool]) -> None:
    """The walk through rows top+len(block)-1 .. top+1, from ``state`` (r, c), reading each row through a
    window of bits below the current column (the rows cut to the columns the walk can still reach)."""
    r, c = state
    low = (1 << c) - 1
    rows = block
    for k in range(len(rows)):  # in place: one copy of the rows at a time
        rows[k] &= low
    window_row, base, window = -1, 0, 0
    while r > top and c > 0:
        if matches(r - 1, c - 1):
            out.append((r - 1, c - 1))
            r -= 1
            c -= 1
            continue
        if window_row != r or c - 1 < base:
            base = max(0, c - _WINDOW)
            window = rows[r - top] >> base
            window_row = r
        if (window >> (c - 1 - base)) & 1:
            c -= 1  # no step: left is as large as up
        else:
            r -= 1  # a step: up is larger
    state[0], state[1] = r, c


def mark_ties_up(model: Sequence[Hashable], peer: Sequence[Hashable], mark: Callable[[int], None],
                 budget_bits: int = BUDGET_BITS) -> None:
    """``markLCS`` (the script's), ``_backtrack_norec`` (rouge-score's), ``_backtracked_lcs``
    (torchmetrics'): the model positions on the backtrack that, off a match, goes up (to the previous
    model token) when ``c[i-1][j] >= c[i][j-1]``; ``mark(i)`` for each, last first.

    The same walk as :func:`walk_ties_left` on the transposed table (peer tokens as rows). Model tokens
    the peer lacks are left out: their rows equal the row above, so the path crosses them upwards."""
    present = set(peer)
    kept = [i for i, token in enumerate(model) if token in present]
    if not kept:
        return
    columns = [model[i] for i in kept]
    masks = ColumnMasks(columns, peer)
    for _r, c in walk_ties_left(peer, len(columns), masks, lambda r, c: peer[r] == columns[c], budget_bits):
        mark(kept[c])
