"""One text against a pool of thousands, the pool tokenized once and kept as it grows: Self-Instruct's
and Alpaca's de-duplication (a new instruction is kept when its ROUGE-L against every kept one stays
below 0.7), which today maps ``partial(rouge_scorer._score_lcs, new_tokens)`` over the pool's tokens
in a process pool for every candidate.

``Pool(metric, measure, semantics=...)``: ``add(text)`` / ``extend(texts)`` keep texts; ``score(text)``
gives the measure of each kept text against ``text``, as ``score_pairs(kept, [text] * n)`` would (each
kept text the prediction, ``text`` the reference: rouge-score's ``_score_lcs(new, kept)``), in one
compiled call over the pool's kept token ids. Without numba, or for an implementation without a
compiled path, each ``score`` is that ``score_pairs`` call itself: the same numbers.
"""
from __future__ import annotations

import threading
from typing import Any, Iterable, List, Optional

import numpy as np

from ..semantics import PERL
from ..semantics.calls import Compiled
from ..text import jit
from .reward import Reward


class Pool:
    """Texts kept for scoring one new text against all of them (see the module's note)."""

    def __init__(self, metric: str = "ROUGE-L", measure: str = "fmeasure", *, semantics: str = PERL,
                 stem: bool = False, **options):
        self.reward = Reward(metric, measure, semantics=semantics, stem=stem, **options)
        self.texts: List[object] = []
        self._encoded: List[bytes] = []
        self._tokens: Optional[Any] = None  # the kept texts' token ids (SplTexts), under the vocabulary ``_vocabulary``
        self._vocabulary: Optional[object] = None
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.texts)

    def add(self, text) -> None:
        """Keep ``text`` (tokenized when the pool is next scored)."""
        self.extend([text])

    def extend(self, texts: Iterable) -> None:
        with self._lock:
            for text in texts:
                made = self.reward.scorer()
                encoded = made.encode(text) if isinstance(made, Compiled) else None
                if encoded is None and isinstance(made, Compiled):
                    raise TypeError(f"a pool keeps texts (str), not {type(text).__name__}")
                self.texts.append(text)
                if encoded is not None:
                    self._encoded.append(encoded)

    def score(self, text) -> np.ndarray:
        """The reward of each kept text against ``text`` (float64, in the order kept)."""
        made = self.reward.scorer()
        with self._lock:
            if not self.texts:
                return np.zeros(0)
            encoded = made.encode(text) if isinstance(made, Compiled) else None
            if encoded is None or not jit.wanted(len(self.texts)):
                return np.array(self.reward.many(self.texts, [[text]] * len(self.texts)), dtype=np.float64)

            return self._counted(made, encoded)

    def _counted(self, made: Compiled, encoded: bytes) -> np.ndarray:
        from ..engine.calls import count_tokens

        vocabulary = made.counter.vocabulary()
        kept = self._tokens
        if vocabulary is not self._vocabulary or kept is None or len(kept.tokens_end) < len(self._encoded):
            done = 0 if vocabulary is not self._vocabulary or kept is None else len(kept.tokens_end)
            more = vocabulary.spl_texts(self._encoded[done:])  # type: ignore[attr-defined]
            kept = self._tokens = more if done == 0 else joined(kept, more)
            self._vocabulary = vocabulary
        both = joined(kept, vocabulary.spl_texts([encoded]))  # type: ignore[attr-defined]
        n = len(self.texts)
        pair_ref = np.full(n, n, dtype=np.int64)
        pair_pred = np.arange(n, dtype=np.int64)
        hits, lengths = count_tokens(np.array(made.kinds, dtype=np.int64), both, pair_ref, pair_pred)
        scores = {name: made.batch_values(name, kind, hits[:, m], lengths, pair_ref, pair_pred, pair_pred, n)
                  for m, (name, kind) in enumerate(zip(made.names, made.kinds))}
        return self.reward.totals(scores, n)


def joined(first, second):
    """Two :class:`~rouge155.text.jit_tokens.SplTexts` one after the other."""
    from ..text.jit_tokens import SplTexts

    return SplTexts(np.concatenate([first.ids, second.ids]), np.concatenate([first.unit_len, second.unit_len]),
                    np.concatenate([first.tokens_end, second.tokens_end + _last(first.tokens_end)]),
                    np.concatenate([first.units_end, second.units_end + _last(first.units_end)]))


def _last(ends: np.ndarray) -> int:
    return int(ends[-1]) if len(ends) else 0


