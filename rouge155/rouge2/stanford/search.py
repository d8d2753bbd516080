"""Scoring and exact Viterbi search of a sentence (spec §7, §9-§11), vectorized with numpy.

For position i the *window* holds the tags of positions i-L .. i+R, each axis over that position's
candidate tags (§9); out-of-sentence positions have the single candidate ``NA``. The local score of
every window is computed at once as an array of that shape, with the same float64 operations in the
same order as the specification (raw = T + (C + W), each group summed template by template from 0.0;
logsum and logadd as §10.4, the exponential terms summed in candidate order with ``cumsum``, which
adds sequentially); the search keeps, per window, the best path score and the first predecessor
reaching it (§11), which ``max``/``argmax`` over the leftmost axis give.

Work that depends only on a word (its candidates, rareness and W sum) is cached per word form; the
T sums, which depend only on the candidate lists of the window and on a few per-position values, are
cached per such key.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from .model import END_WORD, TaggerModel
from .templates import NA, Template, word_at

_CACHE_LIMIT = 200_000


@dataclass
class WordInfo:
    """What a word form alone decides: candidate tag indexes (§9), rareness (§8.1), the W sums (§10.1)."""

    cands: np.ndarray
    rare: bool
    w_sum: np.ndarray
    log_rest: float          # ln((ySize - m) * d) of §10.3, -inf when every tag is a candidate


class Scorer:
    """Local scores and the search for one model."""

    def __init__(self, model: TaggerModel) -> None:
        self.model = model
        self.nt = model.n_tags
        self.na = self.nt                     # the index standing for NA in tag tables
        self.L, self.R = model.left, model.right
        ts = model.templates
        self.w_templates = ([t for t in ts if t.group == "W" and not t.rare], [t for t in ts if t.group == "W" and t.rare])
        self.c_templates = ([t for t in ts if t.group == "C" and not t.rare], [t for t in ts if t.group == "C" and t.rare])
        self.t_templates = ([t for t in ts if t.group == "T" and not t.rare], [t for t in ts if t.group == "T" and t.rare])
        self.tag_names = list(model.tags) + [NA]
        self.tables: Dict[Tuple[int, str], np.ndarray] = {}
        self.words: Dict[str, WordInfo] = {}
        self.t_cache: Dict[tuple, np.ndarray] = {}
        self.na_cands = np.array([self.na], np.intp)
        self.approximate = model.default_score > 0

    # -- per word ----------------------------------------------------------------------------------
    def word_info(self, word: str) -> WordInfo:
        info = self.words.get(word)
        if info is None:
            if len(self.words) > _CACHE_LIMIT:
                self.words.clear()
            m = self.model
            cands = np.array(m.candidates(word), np.intp)
            rare = m.count(word) < m.rare_threshold
            templates = self.w_templates[0] + (self.w_templates[1] if rare else [])
            w_sum = self._sum(templates, [word], 0, cands)
            rest = (m.n_tags - len(cands)) * m.default_score
            info = WordInfo(cands, rare, w_sum, math.log(rest) if rest > 0 else -math.inf)
            self.words[word] = info
        return info

    def _row(self, template: Template, value: str) -> Optional[int]:
        return self.model.feature_rows[template.number].get(value)

    def _sum(self, templates: Sequence[Template], words: Sequence[str], i: int, cands: np.ndarray) -> np.ndarray:
        """Weights of the word templates' values for the candidates, added in template order from 0.0."""
        acc: Optional[np.ndarray] = None
        weights = self.model.weights
        for t in templates:
            assert t.value is not None
            row = self._row(t, t.value(words, i))
            if row is None:
                continue
            v = weights[row, cands]
            acc = v if acc is None else acc + v
        return np.zeros(len(cands)) if acc is None else acc

    # -- tag templates -------------------------------------------------------------------------------
    def _table(self, t: Template, word: str) -> np.ndarray:
        """The template's weights over (tags at its axes and the current tag, in ascending offset order),
        built once per template (per word for templates that read a word)."""
        key = (t.number, word)
        table = self.tables.get(key)
        if table is None:
            assert t.tag_value is not None
            k = len(t.axes)
            names = self.tag_names
            flat = np.zeros(((self.nt + 1) ** k, self.nt))
            for idx in np.ndindex(*([self.nt + 1] * k)):
                row = self._row(t, t.tag_value([names[j] for j in idx], word))
                if row is not None:
                    flat[np.ravel_multi_index(idx, [self.nt + 1] * k)] = self.model.weights[row]
            table = flat.reshape([self.nt + 1] * k + [self.nt])
            cur = sorted(t.axes + (0,)).index(0)
            table = np.ascontiguousarray(np.moveaxis(table, k, cur))
            self.tables[key] = table
        return table

    def _t_sum(self, t: Template, words: Sequence[str], i: int, window: List[np.ndarray]) -> np.ndarray:
        """One T template's contribution, shaped to broadcast over the window."""
        shape = [1] * len(window)
        if not t.axes:  # a per-position value (the sentence-position templates)
            assert t.value is not None
            row = self._row(t, t.value(words, i))
            shape[self.L] = len(window[self.L])
            vec = self.model.weights[row, window[self.L]] if row is not None else np.zeros(shape[self.L])
            return vec.reshape(shape)
        word = "" if t.word_offset is None else word_at(words, i + t.word_offset)
        table = self._table(t, word)
        offsets = sorted(t.axes + (0,))
        sub = table[np.ix_(*[window[o + self.L] for o in offsets])]
        for o in offsets:
            shape[o + self.L] = len(window[o + self.L])
        return sub.reshape(shape)

    def t_sums(self, words: Sequence[str], i: int, window: List[np.ndarray], rare: bool) -> np.ndarray:
        templates = self.t_templates[0] + (self.t_templates[1] if rare else [])
        shape = tuple(len(c) for c in window)
        per_position = tuple(t.value(words, i) if t.value is not None else
                             ("" if t.word_offset is None else word_at(words, i + t.word_offset))
                             for t in templates)
        key = (tuple(c.tobytes() for c in window), rare, per_position)
        acc = self.t_cache.get(key)
        if acc is None:
            if len(self.t_cache) > _CACHE_LIMIT:
                self.t_cache.clear()
            acc = np.zeros(shape)
            first = True
            for t in templates:
                part = self._t_sum(t, words, i, window)
                acc = np.broadcast_to(part, shape).copy() if first else acc + part
                first = False
            self.t_cache[key] = acc
        return acc

    # -- one position, one sentence ------------------------------------------------------------------
    def local(self, words: Sequence[str], infos: List[WordInfo], i: int) -> np.ndarray:
        """§10: the local score of every window at position i."""
        n = len(words)
        window = [infos[j].cands if 0 <= j < n else self.na_cands for j in range(i - self.L, i + self.R + 1)]
        info = infos[i]
        c_templates = self.c_templates[0] + (self.c_templates[1] if info.rare else [])
        c_sum = self._sum(c_templates, words, i, info.cands)
        raw = self.t_sums(words, i, window, info.rare) + (c_sum + info.w_sum).reshape(
            [1] * self.L + [len(info.cands)] + [1] * self.R)
        return self._normalize(raw, info)

    def _normalize(self, raw: np.ndarray, info: WordInfo) -> np.ndarray:
        axis = self.L
        if not self.approximate:
            raise NotImplementedError("exact normalization")
        top = raw.max(axis=axis, keepdims=True)
        first = raw.argmax(axis=axis)
        terms = np.exp(raw - top)
        keep = raw > top - 30.0
        np.put_along_axis(keep, np.expand_dims(first, axis), False, axis=axis)
        acc = np.cumsum(np.where(keep, terms, 0.0), axis=axis)
        acc = np.take(acc, [-1], axis=axis)
        s = top + np.log(1.0 + acc)
        rest = info.log_rest
        if rest == -math.inf:
            z = s
        else:
            bigger = s > rest
            high = np.where(bigger, s, rest)
            delta = np.where(bigger, rest - s, s - rest)
            z = np.where(delta < -30.0, high, high + np.log(1.0 + np.exp(delta)))
        return raw + (-z)

    def tag_words(self, tokens: Sequence[str]) -> List[int]:
        """§11: the tag indexes of the best sequence for ``tokens`` (the end word is added and dropped)."""
        if not tokens:
            return []
        words = list(tokens) + [END_WORD]
        infos = [self.word_info(w) for w in words]
        path = self.local(words, infos, 0)
        back = []
        for i in range(1, len(words)):
            back.append(path.argmax(axis=0))
            path = path.max(axis=0)[..., None] + self.local(words, infos, i)
        idx = list(np.unravel_index(int(path.argmax()), path.shape))
        tags = [0] * len(words)
        for i in range(len(words) - 1, -1, -1):
            tags[i] = int(infos[i].cands[idx[self.L]])
            if i > 0:
                x = int(back[i - 1][tuple(idx[:-1])])
                idx = [x] + idx[:-1]
        return tags[:-1]
