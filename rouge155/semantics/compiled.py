"""The semantics' batch paths through the compiled kernels (numba, optional: :mod:`rouge155.text.jit`).

rouge-score and torchmetrics read the same tokens (:mod:`.alnum`): after lower-casing, every run of
``[a-z0-9]`` is a token and everything else separates. Here each text is lower-cased and encoded to
ASCII (``?`` for the rest, a separator) in Python, and the compiled pass of
:mod:`rouge155.text.jit_tokens` turns all texts of a call into token ids at once, lines as units,
with a vocabulary kept between calls (one per thread, per implementation and stemmer). Each distinct
raw token goes once through the implementation's own rule (its stemmer, which stems it keeps).
The kernels (:mod:`rouge155.metrics.jit_kernels`) then count every alignment; the numbers are the
numpy path's (the tests compare both).
"""
from __future__ import annotations

import threading
from typing import Callable, Hashable, Sequence, Tuple

import numpy as np

from ..text import jit

VOCABULARY_LIMIT = 2_000_000  # distinct tokens kept between calls
_kept = threading.local()


def usable(texts: Sequence[object], alignments: int) -> bool:
    """Whether a call of ``alignments`` (prediction, reference) alignments takes the compiled path
    (:func:`rouge155.text.jit.wanted`): every text must be a str (bytes take the numpy path)."""
    return all(type(t) is str for t in texts) and jit.wanted(alignments)


def alnum_vocabulary(key: Hashable, resolver: Callable[[], Callable[[bytes], int]]):
    """The calling thread's packed vocabulary named ``key`` (made with ``resolver()``, its raw token ->
    id rule; made anew past :data:`VOCABULARY_LIMIT` tokens)."""
    from ..text.jit_tokens import PackedVocabulary

    kept = _kept.__dict__.setdefault("vocabularies", {})
    packed = kept.get(key)
    if packed is None or packed.size > VOCABULARY_LIMIT:
        packed = kept[key] = PackedVocabulary(resolver())
    return packed


def alnum_bytes(text: str) -> bytes:
    """A text as the compiled pass reads rouge-score's tokens: lower-cased, every character outside
    ASCII a separator (``?``)."""
    return text.lower().encode("ascii", "replace")


def alnum_bytes_any_case(text: str) -> bytes:
    """:func:`alnum_bytes` for a count that numbers the call's own tokens (no stemming, no stopwords):
    its code table reads A-Z as a-z, so an ASCII text needs no lower-casing (``str.lower`` changes
    nothing else in ASCII; past it, it can: "\u0130" lower-cases to "i" and a combining dot)."""
    return text.encode("ascii") if text.isascii() else text.lower().encode("ascii", "replace")


def alnum_texts(texts: Sequence[str], key: Hashable, resolver: Callable[[], Callable[[bytes], int]]):
    """The texts' ``[a-z0-9]`` tokens as :class:`~rouge155.text.jit_tokens.SplTexts` (a unit per
    line). ``key`` names the vocabulary to keep; ``resolver()`` makes its raw token -> id rule."""
    return alnum_vocabulary(key, resolver).spl_texts([alnum_bytes(t) for t in texts])


def token_texts(ids: np.ndarray, unit_len: np.ndarray, text_tokens: np.ndarray, text_units: np.ndarray):
    """Texts tokenized already (``ids``: every unit's token ids in order; ``unit_len``: each unit's
    count; per text its tokens and its units) as the kernels read them."""
    from ..text.jit_tokens import SplTexts

    return SplTexts(np.ascontiguousarray(ids, dtype=np.int64), np.asarray(unit_len, dtype=np.int64),
                    np.cumsum(text_tokens, dtype=np.int64), np.cumsum(text_units, dtype=np.int64))


def token_resolver(stem, keep_stem) -> Callable[[bytes], int]:
    """raw token -> id: tokens longer than 3 characters stemmed (with ``stem``), a stem for which
    ``keep_stem`` is false dropped (-3), each distinct result one id."""
    ids: dict = {}

    def resolve(raw: bytes) -> int:
        token = raw.decode("ascii")
        if stem is not None and len(token) > 3:
            token = stem(token)
            if not keep_stem(token):
                return -3
        return ids.setdefault(token, len(ids))

    return resolve


class CountedTexts:
    """The flat texts of a batch (:func:`alnum_texts`) and the counts every metric takes from them, for
    alignments given as (prediction row, reference row) arrays; the reference is the LCS's model side."""

    def __init__(self, texts):
        self.texts = texts
        self.starts, self.ends = texts.tokens_start(), texts.tokens_end
        self.lengths = self.ends - self.starts
        self.width = int(texts.ids.max(initial=-1)) + 1
        self._codes: dict = {}

    def lcs(self, pred: np.ndarray, ref: np.ndarray) -> np.ndarray:
        """The LCS length of the whole texts."""
        from ..metrics import jit_kernels

        return jit_kernels.lcs_lengths(self.texts.ids, self.starts, self.ends, ref, pred, self.width)

    def union_lcs(self, pred: np.ndarray, ref: np.ndarray) -> np.ndarray:
        """The summary-level union LCS over the lines, clipped by both texts' unigram counts."""
        from ..metrics import jit_kernels

        t = self.texts
        return jit_kernels.lcs_hits(t.ids, t.unit_len, self.starts, self.ends, t.units_start(), t.units_end,
                                    pred, ref, self.width)

    def ngrams(self, n: int, pred: np.ndarray, ref: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """The clipped n-gram overlap, and every text's n-gram count."""
        from ..metrics import jit_kernels
        from ..metrics.ngram import codes_at

        totals = np.maximum(self.lengths - (n - 1), 0)
        if n > int(self.lengths.max(initial=0)):
            return np.zeros(len(pred), dtype=np.int64), totals
        codes = codes_at(self.texts.ids, n, self._codes)
        return jit_kernels.ngram_hits(codes, n, self.starts, self.ends, pred, ref), totals
