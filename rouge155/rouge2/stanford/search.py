"""Scoring and exact Viterbi search (spec §10-§11) with numpy, over a batch of sentences.

For position i the *window* holds the tags of positions i-L .. i+R, each over that position's candidate
tags (§9); positions outside the sentence have the single candidate ``NA``. The local scores of a
position are an array (contexts, scored tags): a context is one choice of the tags at the other offsets
(ascending), the scored tags vary fastest.

Every float is the specification's: each group's weights added template by template from 0.0 (a
template without a feature adds 0.0, which changes no sum), raw = T + (C + W), the logsum's terms summed
in candidate order with ``cumsum`` (which adds sequentially, unlike ``sum``), logadd as §10.4, the
first-best predecessor and final window from ``argmax`` (the first maximum). The T sums depend only on
the window's candidate lists and a few per-position values, and are cached per such key.
"""
from __future__ import annotations

import math
from typing import Dict, List, Tuple

import numpy as np

from .features import Batch, Features, WordInfo

_CACHE_LIMIT = 20_000


class NumpySearch:
    """The numpy path: every position's local scores in a few passes over the batch, then the search."""

    def __init__(self, features: Features) -> None:
        self.f = features
        self.L, self.R = features.model.left, features.model.right
        self.layout = [o for o in range(-self.L, self.R + 1) if o != 0] + [0]
        self.na = np.array([features.nt], np.intp)
        self.t_cache: Dict[tuple, np.ndarray] = {}

    def _window(self, batch: Batch, a: int, b: int, p: int) -> Tuple[tuple, List[np.ndarray]]:
        """The key of the position's T sums and its candidate lists per offset, in layout order."""
        ids, window = [], []
        for o in self.layout:
            j = p + o
            if o == 0:
                info = batch.infos[p]
                ids.append(-1 if self.f.exact else info.cand_id)
                window.append(info.scored)
            elif a <= j < b:
                ids.append(batch.infos[j].cand_id)
                window.append(batch.infos[j].cands)
            else:
                ids.append(-2)
                window.append(self.na)
        return (tuple(ids), batch.infos[p].rare, batch.t_values[p]), window

    def t_sums(self, key: tuple, window: List[np.ndarray]) -> np.ndarray:
        """The T sums of every window entry (current tag fastest), cached per key."""
        acc = self.t_cache.get(key)
        if acc is not None:
            return acc
        if len(self.t_cache) > _CACHE_LIMIT:
            self.t_cache.clear()
        f = self.f
        grids = dict(zip(self.layout, (g.ravel() for g in np.meshgrid(*window, indexing="ij"))))
        current = grids[0]
        acc = np.zeros(len(current))
        rare, values = key[1], key[2]
        for k, t in enumerate(f.t_templates):
            if k >= f.t_common and not rare:
                continue
            if not t.axes:
                rows = values[k]
            else:
                table = f.row_table(t, values[k] if t.word_offset is not None else "")
                rows = table[tuple(grids[a] for a in t.axes)]
            acc = acc + f.weights[rows, current]
        self.t_cache[key] = acc
        return acc

    def c_plus_w(self, batch: Batch) -> List[np.ndarray]:
        """C + W over each position's scored tags (§10.1), C summed template by template."""
        f = self.f
        sizes = [len(i.scored) for i in batch.infos]
        tags = np.concatenate([i.scored for i in batch.infos])
        owner = np.repeat(np.arange(len(sizes)), sizes)
        acc = np.zeros(len(tags))
        for k in range(batch.c_rows.shape[1]):
            acc = acc + f.weights[batch.c_rows[owner, k], tags]
        acc = acc + np.concatenate([i.w_sum for i in batch.infos])
        return np.split(acc, np.cumsum(sizes)[:-1])

    def local_scores(self, batch: Batch, windows: List[Tuple[tuple, List[np.ndarray]]]) -> List[np.ndarray]:
        """§10 for every position: local scores as (contexts, scored tags)."""
        cw = self.c_plus_w(batch)
        out: List[np.ndarray] = [np.empty(0)] * len(windows)
        by_size: Dict[int, List[int]] = {}
        for p, info in enumerate(batch.infos):
            by_size.setdefault(len(info.scored), []).append(p)
        for m, members in by_size.items():
            parts = [self.t_sums(*windows[p]) for p in members]
            contexts = [len(part) // m for part in parts]
            raw = np.concatenate(parts).reshape(-1, m)
            raw = raw + np.stack([cw[p] for p in members])[np.repeat(np.arange(len(members)), contexts)]
            for p, block in zip(members, np.split(self.normalize(raw, m), np.cumsum(contexts)[:-1])):
                out[p] = block
        return out

    def normalize(self, raw: np.ndarray, m: int) -> np.ndarray:
        """§10.2-10.4 on rows of raw scores (one row per context, m scored tags)."""
        top = raw.max(axis=1)
        first = raw.argmax(axis=1)
        keep = raw > (top - 30.0)[:, None]
        keep[np.arange(len(raw)), first] = False
        terms = np.where(keep, np.exp(raw - top[:, None]), 0.0)
        s = top + np.log(1.0 + np.cumsum(terms, axis=1)[:, -1])
        if self.f.exact:
            return np.where((s != -math.inf)[:, None], raw + (-s)[:, None], -math.log(self.f.nt))
        rest = self.f.log_rest[m]
        if rest == -math.inf:
            z = s
        else:
            bigger = s > rest
            high = np.where(bigger, s, rest)
            delta = np.where(bigger, rest - s, s - rest)
            z = np.where(delta < -30.0, high, high + np.log(1.0 + np.exp(delta)))
        return raw + (-z)[:, None]

    def _window_scores(self, info: WordInfo, window: List[np.ndarray], block: np.ndarray) -> np.ndarray:
        """A position's local scores as an array over its window, offsets -L..R in order."""
        if self.f.exact:
            block = block[:, info.cands]
        arr = block.reshape([len(w) for w in window[:-1]] + [len(info.cands)])
        return np.moveaxis(arr, -1, self.L) if self.R else arr

    def viterbi(self, infos: List[WordInfo], windows: List[List[np.ndarray]], blocks: List[np.ndarray]) -> List[int]:
        """§11 for one sentence (its end word included): the best tag of each position."""
        path = self._window_scores(infos[0], windows[0], blocks[0])
        back = []
        for info, window, block in zip(infos[1:], windows[1:], blocks[1:]):
            back.append(path.argmax(axis=0))
            path = path.max(axis=0)[..., None] + self._window_scores(info, window, block)
        idx = [int(i) for i in np.unravel_index(int(path.argmax()), path.shape)]
        tags = [0] * len(infos)
        for i in range(len(infos) - 1, -1, -1):
            tags[i] = int(infos[i].cands[idx[self.L]])
            if i > 0:
                idx = [int(back[i - 1][tuple(idx[:-1])])] + idx[:-1]
        return tags

    def __call__(self, batch: Batch) -> List[int]:
        starts = batch.starts
        windows = [self._window(batch, a, b, p) for a, b in zip(starts, starts[1:]) for p in range(a, b)]
        blocks = self.local_scores(batch, windows)
        out: List[int] = []
        for a, b in zip(starts, starts[1:]):
            out += self.viterbi(batch.infos[a:b], [w for _, w in windows[a:b]], blocks[a:b])
        return out
