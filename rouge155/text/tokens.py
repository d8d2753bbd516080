"""From cleaned text to the tokens every metric counts: stopwords, the first-character filter, stemming."""
from __future__ import annotations

from itertools import chain
from operator import itemgetter

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, FrozenSet, List, Optional

from ..base.lazy import np  # TokenIds (the batched engine) only
from .readers import UNIT_MARK, clean_tokens, clean_units_marked


_UNITS_AT_ONCE = 4096
_COUNTED_FIRST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789$")


class Tokenizer:
    """The script's token filter (``createNGram``/``tokenizeText_LCS`` share it).

    A token counts when it is not a stopword (with ``-s``) and starts with ``[a-z0-9$]``; with
    stemming, tokens longer than 3 characters go through ``MorphStem``.
    """

    def __init__(self, stopwords: Optional[FrozenSet[str]], stem: Callable[[str], Optional[str]],
                 counted_first=_COUNTED_FIRST):
        self._stopwords = stopwords or frozenset()
        self._stem = stem
        self._counted_first = counted_first  # the language layer's first-character test
        self._cache: dict = {}

    def final(self, tok: str, stemming: bool) -> Optional[str]:
        """What one cleaned token counts as (None: it does not count)."""
        if tok in self._stopwords or tok[0] not in self._counted_first:
            return None
        if stemming and len(tok) > 3:
            return self._stem(tok)
        return tok

    def tokens(self, text: Optional[str], stemming: bool) -> List[str]:
        if not text:
            return []
        key = (text, stemming)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        final = self.final
        out = [f for f in (final(tok, stemming) for tok in text.split(" ")) if f is not None]
        if len(self._cache) > 200_000:
            self._cache.clear()
        self._cache[key] = out
        return out


class TokenIds(dict):
    """Raw cleaned token (bytes) -> integer id of what it counts as (-1: not counted), one vocabulary.

    ``clean_tokens``/``token_str`` come from the language layer (Unicode modes: str tokens).
    """

    def __init__(self, tokenizer: Tokenizer, stemming: bool, clean_tokens=clean_tokens,
                 token_str=lambda raw: raw.decode("ascii")):
        super().__init__()
        self._tokenizer = tokenizer
        self._stemming = stemming
        self._clean_tokens = clean_tokens
        self._token_str = token_str
        self.vocab: Dict[str, int] = {}
        self[UNIT_MARK] = -2  # a unit boundary in ``many_unit_ids``

    def __missing__(self, raw: bytes) -> int:
        final = self._tokenizer.final(self._token_str(raw), self._stemming)
        if final is None:
            ident = -1
        else:
            ident = self.vocab.setdefault(final, len(self.vocab))
        self[raw] = ident
        return ident

    def ids(self, text: Optional[bytes]) -> np.ndarray:
        """Token ids of raw (not yet cleaned) text."""
        if not text:
            return np.zeros(0, dtype=np.int64)
        toks = self._clean_tokens(text)
        arr = np.fromiter(map(self.__getitem__, toks), dtype=np.int64, count=len(toks))
        return arr[arr >= 0]

    def unit_ids(self, units: List[bytes]):
        """Token ids of several raw units, concatenated, and each unit's token count."""
        if len(units) > _UNITS_AT_ONCE:  # a huge document: a bounded number of token lists at a time
            parts = [self.unit_ids(units[k : k + _UNITS_AT_ONCE]) for k in range(0, len(units), _UNITS_AT_ONCE)]
            return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
        per_unit = [self._clean_tokens(u) for u in units]
        lengths = np.fromiter(map(len, per_unit), dtype=np.int64, count=len(per_unit))
        total = int(lengths.sum())
        arr = np.fromiter(map(self.__getitem__, chain.from_iterable(per_unit)), dtype=np.int64, count=total)
        keep = arr >= 0
        if keep.all():
            return arr, lengths
        counted = np.bincount(np.repeat(np.arange(len(units)), lengths)[keep], minlength=len(units))
        return arr[keep], counted

    def many_unit_ids(self, units: List[bytes]):
        """``unit_ids`` for many units (without newlines) in one pass: the units joined by newlines,
        cleaned once, newlines turned into a boundary token."""
        if not units:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        toks = clean_units_marked(units)
        # itemgetter looks every token up in one C loop (__missing__ still runs in token order)
        found = itemgetter(*toks)(self) if len(toks) > 1 else tuple(map(self.__getitem__, toks))
        arr = np.fromiter(found, dtype=np.int64, count=len(toks))
        unit = np.cumsum(arr == -2)
        keep = arr >= 0
        return arr[keep], np.bincount(unit[keep], minlength=len(units))
