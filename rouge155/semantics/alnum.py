"""The tokenizer rouge-score and torchmetrics share, over a whole batch at once: lower-case, then
every run of ``[a-z0-9]`` is a token, all else separates (and vanishes).

rouge-score writes it as ``re.sub("[^a-z0-9]+", " ", text.lower())`` then a split on whitespace,
torchmetrics the same way; the tokens are exactly the runs of ``[a-z0-9]`` of the lower-cased text.
Here all the strings of a batch are joined by a separator none of them holds, lower-cased and scanned
once; each distinct raw token is stemmed once. The scan is a byte translation: after lower-casing,
every character outside ASCII is a separator, so the text is encoded to ASCII with ``?`` for the rest,
each byte outside ``[a-z0-9]`` becomes a space, and a split on spaces gives the tokens (as bytes).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, List, Optional, Sequence

if TYPE_CHECKING:
    from typing import TypeGuard  # Python 3.10+

import numpy as np

from ..metrics import pairwise
from .base import Vocabulary

BREAK = "\x01"  # between strings (a batch with a string holding it takes its implementation's slow path)
BREAK_TOKEN = b"\x01"  # the separator as the byte scan sees it
_JOIN = " \x01 "
_KEEP = bytes(c if (48 <= c <= 57 or 97 <= c <= 122 or c == 1) else 32 for c in range(256))  # [a-z0-9], BREAK
DROPPED = -3  # the id of a token whose stem the implementation drops


def fits(strings: Sequence[object]) -> TypeGuard[List[str]]:
    """Whether every string can go through the one-pass tokenizer (str, without the separator)."""
    return all(isinstance(t, str) and BREAK not in t for t in strings)


def rows(strings: List[str], vocab: Vocabulary, stem: Optional[Callable[[str], str]] = None,
         keep_stem: Callable[[str], object] = bool) -> pairwise.Sequences:
    """One row of token ids per string. ``vocab`` must map :data:`BREAK` (as bytes) to -1. With ``stem``,
    tokens longer than 3 characters are replaced by their stems, and a stem for which ``keep_stem`` is
    false is dropped (rouge-score keeps ``[a-z0-9]+`` stems, torchmetrics non-empty ones)."""
    blob = _JOIN.join(strings).lower().encode("ascii", "replace").translate(_KEEP)
    ids = np.array(list(map(vocab.__getitem__, blob.split())), dtype=np.int64)
    row = np.cumsum(ids < 0)
    if stem is not None:
        ids = stemmed_ids(ids, vocab, stem, keep_stem)
    keep = ids >= 0
    lengths = np.bincount(row[keep], minlength=len(strings)) if len(strings) else np.zeros(0, dtype=np.int64)
    return pairwise.from_flat(ids[keep], lengths)


def stemmed_ids(ids: np.ndarray, vocab: Vocabulary, stem: Callable[[str], str],
                keep_stem: Callable[[str], object]) -> np.ndarray:
    """Raw token ids -> the ids of their stems (each distinct raw token stemmed once per vocabulary);
    separators (< 0) stay, dropped stems become :data:`DROPPED`."""
    cache = vocab.__dict__.setdefault("stem_ids", [])  # per raw id
    stems = vocab.__dict__.setdefault("stem_vocab", Vocabulary())
    for token in vocab.tokens()[len(cache):]:
        token = token.decode("ascii")
        s = stem(token) if len(token) > 3 else token
        cache.append(stems[s] if keep_stem(s) else DROPPED)
    table = np.array(cache + [0], dtype=np.int64)
    return np.where(ids >= 0, table[np.maximum(ids, 0)], ids)
