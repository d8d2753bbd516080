"""The jar's longest common subsequence of two word lists, in bounded memory.

The jar fills the whole (m+1) x (n+1) LCS table of a reference sentence (m words) and a system sentence
(n words), then walks it back from the corner: a match goes diagonally and keeps the reference's word,
otherwise up when ``table[i-1][j] > table[i][j-1]``, else left. Which words that walk keeps matters (ROUGE-L
counts the distinct words of the union of the LCSs), so the walk is reproduced exactly, but the table is
never held: :func:`rouge155.metrics.lcs_bits.walk_ties_left` walks the same path on the bit-parallel rows
(its rule is the jar's), every row computed twice. A 1 MB one-line summary against another (150,000 words
each) takes about 6 s of CPU and keeps a few tens of megabytes where the table would need 180 GB.

Bounds: memory O(n sqrt(m)) bits for the rows at worst (a 16 MB budget per level) and O(m + n) words for
the sentences and the positions of the system's words; time O(m n / w) machine words for the rows (w: the
integer word) plus O(m + n) steps of the walk.
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, List, Sequence, Tuple

from ..metrics.lcs_bits import ColumnMasks, walk_ties_left
from . import javalang

# equals_ignore_case is char by char "equal, equal upper-cased or equal lower-cased"; c.lower().upper() is a
# key with the same classes for every character but the two that relation does not make transitive
# (U+03D1 and U+03F4 both match theta, not each other): words holding their class are compared one by one
_LOOSE = "\u0398"


def _key(word: str) -> Tuple[str, ...]:
    return tuple(c.lower().upper() for c in word)


class _Columns:
    """The system's words as columns: for a reference word, the bit mask of the columns it matches
    (:class:`~rouge155.metrics.lcs_bits.ColumnMasks` on the words' keys; words of the loose class are
    compared one by one)."""

    def __init__(self, y: Sequence[str], x: Sequence[str] = ()) -> None:
        keys = [_key(word) for word in y]
        self.masks = ColumnMasks(keys, [_key(word) for word in x])
        self.words: Dict[Tuple[str, ...], Dict[str, List[int]]] = {}
        for j, (word, key) in enumerate(zip(y, keys)):
            if _LOOSE in key:
                self.words.setdefault(key, {}).setdefault(word, []).append(j)

    def mask(self, word: str) -> int:
        key = _key(word)
        if _LOOSE in key:
            same = self.words.get(key, {})
            return self.masks.build([j for w, cols in same.items() if javalang.equals_ignore_case(word, w)
                                     for j in cols])
        return self.masks(key)


def lcs_words(x: Sequence[str], y: Sequence[str]) -> List[str]:
    """The words of ``x`` on the jar's LCS walk of ``x`` (reference) and ``y`` (system), last first,
    empty words left out. Words match as ``String.equalsIgnoreCase``."""
    if not x or not y:
        return []
    eq = javalang.equals_ignore_case
    cells = walk_ties_left(x, len(y), _Columns(y, x).mask, lambda r, c: eq(x[r], y[c]))
    return [x[r] for r, _c in cells if x[r]]
