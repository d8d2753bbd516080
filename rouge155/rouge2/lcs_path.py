"""The jar's longest common subsequence of two word lists, in bounded memory.

The jar fills the whole (m+1) x (n+1) LCS table of a reference sentence (m words) and a system sentence
(n words), then walks it back from the corner: a match goes diagonally and keeps the reference's word,
otherwise up when ``table[i-1][j] > table[i][j-1]``, else left. Which words that walk keeps matters (ROUGE-L
counts the distinct words of the union of the LCSs), so the walk is reproduced exactly, but the table is
never held: each row is an n-bit integer whose bit j-1 is clear where ``table[i][j]`` exceeds
``table[i][j-1]`` (the bit-parallel LCS of Allison and Dix, as Hyyro writes it), and the rows the walk needs
are recomputed by halving. A 1 MB one-line summary against itself (150,000 words) keeps a few megabytes
where the table would need hundreds of gigabytes.

Bounds: memory O(n log m) bits for the rows (at most ``_BLOCK`` rows plus one per halving level) and
O(m + n) words for the sentences and the positions of the system's words; time O(m n log(m) / w) machine
words for the rows (w: the integer word) plus O(m + n) steps of the walk.
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, List, Sequence, Tuple

from . import javalang

_BLOCK = 64      # rows recomputed and held at once at the bottom of the halving
_CACHED = 64     # match masks kept for the system's most frequent words (the others are rebuilt per row)
# equals_ignore_case is char by char "equal, equal upper-cased or equal lower-cased"; c.lower().upper() is a
# key with the same classes for every character but the two that relation does not make transitive
# (U+03D1 and U+03F4 both match theta, not each other): words holding their class are compared one by one
_LOOSE = "\u0398"


def _popcount(v: int) -> int:
    """Set bits of a non-negative int (int.bit_count from Python 3.10)."""
    return bin(v).count("1")


if hasattr(int, "bit_count"):  # Python 3.10+
    _popcount = int.bit_count  # type: ignore[assignment]  # the same function, in C (mypy types it as a method)


def _key(word: str) -> Tuple[str, ...]:
    return tuple(c.lower().upper() for c in word)


class _Columns:
    """The system's words as columns: for a reference word, the bit mask of the columns it matches."""

    def __init__(self, y: Sequence[str]) -> None:
        self.n = len(y)
        self.full = (1 << self.n) - 1
        self.positions: Dict[Tuple[str, ...], List[int]] = {}
        self.words: Dict[Tuple[str, ...], Dict[str, List[int]]] = {}
        for j, word in enumerate(y):
            key = _key(word)
            self.positions.setdefault(key, []).append(j)
            if _LOOSE in key:
                self.words.setdefault(key, {}).setdefault(word, []).append(j)
        frequent = sorted(self.positions, key=lambda k: -len(self.positions[k]))[:_CACHED]
        self.cache = {k: self._bits(self.positions[k]) for k in frequent if _LOOSE not in k}

    def _bits(self, columns: Sequence[int]) -> int:
        row = bytearray((self.n + 7) >> 3)
        for j in columns:
            row[j >> 3] |= 1 << (j & 7)
        return int.from_bytes(row, "little")

    def mask(self, word: str) -> int:
        key = _key(word)
        if key in self.cache:
            return self.cache[key]
        if _LOOSE in key:
            same = self.words.get(key, {})
            return self._bits([j for w, cols in same.items() if javalang.equals_ignore_case(word, w) for j in cols])
        columns = self.positions.get(key)
        return self._bits(columns) if columns else 0


def _next_row(v: int, match: int, full: int) -> int:
    """Row i from row i-1 and the columns matching x[i-1]."""
    if not match:
        return v
    u = v & match
    return ((v + u) | (v - u)) & full


def lcs_words(x: Sequence[str], y: Sequence[str]) -> List[str]:
    """The words of ``x`` on the jar's LCS walk of ``x`` (reference) and ``y`` (system), last first,
    empty words left out. Words match as ``String.equalsIgnoreCase``."""
    if not x or not y:
        return []
    cols = _Columns(y)
    masks = [cols.mask(w) for w in x] if len(x) <= _BLOCK else None
    state = [len(x), len(y)]
    out: List[str] = []

    def match(i: int) -> int:
        return masks[i] if masks is not None else cols.mask(x[i])

    def walk(top: int, top_row: int, bottom: int) -> None:
        """Walk rows bottom..top+1 (the path enters at ``bottom``), given row ``top``."""
        if state[1] == 0 or state[0] <= top:
            return
        if bottom - top > _BLOCK:
            mid = (top + bottom) // 2
            row = top_row
            for i in range(top, mid):
                row = _next_row(row, match(i), cols.full)
            walk(mid, row, bottom)
            walk(top, top_row, mid)
            return
        rows = [top_row]
        for i in range(top, bottom):
            rows.append(_next_row(rows[-1], match(i), cols.full))
        _walk_block(x, y, rows, top, state, out)

    walk(0, cols.full, len(x))
    return [w for w in out if w]


def _walk_block(x: Sequence[str], y: Sequence[str], rows: List[int], top: int, state: List[int],
                out: List[str]) -> None:
    """The jar's backtrack through rows top..top+len(rows)-1, from ``state`` (i, j) up to row ``top``
    or column 0. The current cell's value is carried along; the one above it is counted (``value``) only
    at a mismatch after a change of row, and carried along while the walk goes left."""
    eq = javalang.equals_ignore_case
    ones = [_popcount(row) for row in rows]

    def value(i: int, j: int) -> int:  # table[i][j]: the columns up to j where row i rises
        return j - ones[i - top] + _popcount(rows[i - top] >> j)

    i, j = state
    cur, above = value(i, j), -1  # -1: not counted yet
    while i > top and j > 0:
        if eq(x[i - 1], y[j - 1]):
            out.append(x[i - 1])
            i, j, cur, above = i - 1, j - 1, cur - 1, -1
            continue
        if above < 0:
            above = value(i - 1, j)
        left = cur - 1 + ((rows[i - top] >> (j - 1)) & 1)
        if above > left:
            i, cur, above = i - 1, above, -1
        else:
            j, cur = j - 1, left
            above = above - 1 + ((rows[i - 1 - top] >> j) & 1)
    state[0], state[1] = i, j
