"""From cleaned text to the tokens every metric counts: stopwords, the first-character filter, stemming."""
from __future__ import annotations

from typing import Callable, FrozenSet, List, Optional

_COUNTED_FIRST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789$")


class Tokenizer:
    """The script's token filter (``createNGram``/``tokenizeText_LCS`` share it).

    A token counts when it is not a stopword (with ``-s``) and starts with ``[a-z0-9$]``; with
    stemming, tokens longer than 3 characters go through ``MorphStem``.
    """

    def __init__(self, stopwords: Optional[FrozenSet[str]], stem: Callable[[str], Optional[str]]):
        self._stopwords = stopwords or frozenset()
        self._stem = stem
        self._cache: dict = {}

    def tokens(self, text: Optional[str], stemming: bool) -> List[str]:
        if not text:
            return []
        key = (text, stemming)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        stop = self._stopwords
        out: List[str] = []
        for tok in text.split(" "):
            if tok in stop or tok[0] not in _COUNTED_FIRST:
                continue
            if stemming and len(tok) > 3:
                out.append(self._stem(tok))  # type: ignore[arg-type]
            else:
                out.append(tok)
        if len(self._cache) > 200_000:
            self._cache.clear()
        self._cache[key] = out
        return out
