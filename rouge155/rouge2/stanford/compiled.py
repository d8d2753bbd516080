"""The search of :mod:`.search` in compiled loops (numba; optional, see :mod:`rouge155.text.jit`).

The same operations in the same order as the numpy path (spec §10-§11): per window the T sum template by
template from 0.0, raw = T + (C + W), the logsum's terms added in candidate order, logadd, the first best
predecessor and the first best final window. ``exp`` and ``log`` are the C library's here (numpy's
vectorized ones in the numpy path; docs/rouge2.md says what that can change). A window's flat index
counts its offsets -L..R in mixed radix, the left-most most significant. Importing this module imports
numba.
"""
from __future__ import annotations

import math
from typing import List

import numba
import numpy as np

from .features import Batch, Features


@numba.njit(cache=True, nogil=True)
def _window(p, a, b, L, word_of, cand_start, sizes):
    """Candidate counts at offsets -L..R of position p (its sentence: positions a..b-1); their product."""
    total = 1
    for o in range(sizes.shape[0]):
        j = p - L + o
        sizes[o] = 1 if j < a or j >= b else cand_start[word_of[j] + 1] - cand_start[word_of[j]]
        total *= sizes[o]
    return total


@numba.njit(cache=True, nogil=True)
def _tag_at(p, a, b, L, o, digit, word_of, cand_start, cands, na):
    j = p - L + o
    return na if j < a or j >= b else cands[cand_start[word_of[j]] + digit]


@numba.njit(cache=True, nogil=True)
def _logadd(x, y):
    if x > y:
        high, delta = x, y - x
    else:
        high, delta = y, x - y
    if high == -math.inf:
        return -math.inf
    if delta < -30.0:
        return high
    return high + math.log(1.0 + math.exp(delta))


@numba.njit(cache=True, nogil=True)
def _context_rows(p, a, b, L, digits, word_of, cand_start, cands, nt, is_rare, templates, t_tables,
                  t_rows, w_rows, rows):
    """The feature rows of the tag templates for one context (the tags at the window's other offsets).
    ``templates`` rows: kind (0 per position, 1 table, 2 word table), rare, slot, table start, axis count, axes."""
    for k in range(templates.shape[0]):
        kind, slot = templates[k, 0], templates[k, 2]
        if templates[k, 1] == 1 and not is_rare:
            rows[k] = -1
        elif kind == 0:
            rows[k] = t_rows[p, slot]
        elif kind == 1:
            idx = 0
            for q in range(templates[k, 4]):
                o = templates[k, 5 + q] + L
                idx = idx * (nt + 1) + _tag_at(p, a, b, L, o, digits[o], word_of, cand_start, cands, nt)
            rows[k] = t_tables[templates[k, 3] + idx]
        else:
            o = templates[k, 5] + L
            rows[k] = w_rows[p, slot, _tag_at(p, a, b, L, o, digits[o], word_of, cand_start, cands, nt)]


@numba.njit(cache=True, nogil=True)
def _normalized(raw, ms, rest, exact):
    """Z of §10.2-10.4 for the raw scores raw[:ms]."""
    top, first = raw[0], 0
    for k in range(1, ms):
        if raw[k] > top:
            top, first = raw[k], k
    acc = 0.0
    for k in range(ms):
        if k != first and raw[k] > top - 30.0:
            acc = acc + math.exp(raw[k] - top)
    z = top + math.log(1.0 + acc)
    return z if exact else _logadd(z, rest)


@numba.njit(cache=True, nogil=True)
def _local(p, a, b, L, sizes, digits, total, model, word_of, cand_start, cands, scored_start, scored, w_sums,
           rare, c_rows, t_rows, w_rows, log_rest, exact, cw, raw, rows, local):
    """The local score (§10) of every window of position p into ``local`` (window order)."""
    weights, templates, t_tables = model
    nt = weights.shape[1]
    W = sizes.shape[0]
    wd = word_of[p]
    s0 = scored_start[wd]
    ms = scored_start[wd + 1] - s0
    m = sizes[L]
    for k in range(ms):  # C + W over the scored tags
        y = scored[s0 + k]
        acc = 0.0
        for c in range(c_rows.shape[1]):
            acc = acc + weights[c_rows[p, c], y]
        cw[k] = acc + w_sums[s0 + k]
    stride = 1
    for o in range(L + 1, W):
        stride *= sizes[o]
    for ctx in range(total // m):
        outer, inner = ctx // stride, ctx % stride
        for o in range(L - 1, -1, -1):
            digits[o] = outer % sizes[o]
            outer //= sizes[o]
        for o in range(W - 1, L, -1):
            digits[o] = inner % sizes[o]
            inner //= sizes[o]
        _context_rows(p, a, b, L, digits, word_of, cand_start, cands, nt, rare[wd] == 1, templates, t_tables,
                      t_rows, w_rows, rows)
        for k in range(ms):
            y = scored[s0 + k]
            acc = 0.0
            for q in range(rows.shape[0]):
                if rows[q] >= 0:
                    acc = acc + weights[rows[q], y]
            raw[k] = acc + cw[k]
        z = _normalized(raw, ms, log_rest[ms], exact)
        base = (ctx // stride) * m * stride + ctx % stride
        for j in range(m):
            if not exact:
                local[base + j * stride] = raw[j] + (-z)
            elif z == -math.inf:
                local[base + j * stride] = -math.log(float(nt))
            else:
                local[base + j * stride] = raw[cands[cand_start[wd] + j]] + (-z)


@numba.njit(cache=True, nogil=True)
def _sentence(a, b, L, R, model, word_of, cand_start, cands, scored_start, scored, w_sums, rare,
              c_rows, t_rows, w_rows, log_rest, exact, out):
    """§11 for the sentence at positions a..b-1: the tags into ``out``."""
    nt = model[0].shape[1]
    W = L + R + 1
    sizes = np.empty(W, np.int64)
    digits = np.empty(W, np.int64)
    back_start = np.zeros(b - a + 1, np.int64)
    max_total = 1
    for p in range(a, b):
        total = _window(p, a, b, L, word_of, cand_start, sizes)
        back_start[p - a + 1] = back_start[p - a] + total // sizes[W - 1]
        max_total = max(max_total, total)
    back = np.empty(back_start[b - a], np.int64)
    path, prev, local = np.empty(max_total), np.empty(max_total), np.empty(max_total)
    cw, raw, rows = np.empty(nt), np.empty(nt), np.empty(model[1].shape[0], np.int64)
    prev_total = 1
    for p in range(a, b):
        total = _window(p, a, b, L, word_of, cand_start, sizes)
        rest = total // sizes[W - 1]
        if p > a:  # the best predecessor of each window-without-its-last-offset: the first maximum
            for r in range(rest):
                best, arg = prev[r], 0
                for x in range(1, prev_total // rest):
                    if prev[x * rest + r] > best:
                        best, arg = prev[x * rest + r], x
                back[back_start[p - a] + r] = arg
                prev[r] = best  # entries x = 0 only, each already read
        _local(p, a, b, L, sizes, digits, total, model, word_of, cand_start, cands, scored_start, scored, w_sums,
               rare, c_rows, t_rows, w_rows, log_rest, exact, cw, raw, rows, local)
        last = sizes[W - 1]
        for r in range(rest):
            for j in range(r * last, (r + 1) * last):
                path[j] = local[j] if p == a else prev[r] + local[j]
        prev, path = path, prev
        prev_total = total
    f = 0
    for g in range(1, prev_total):  # the best final window: the first maximum
        if prev[g] > prev[f]:
            f = g
    for p in range(b - 1, a - 1, -1):
        total = _window(p, a, b, L, word_of, cand_start, sizes)
        rem = f
        for o in range(W - 1, -1, -1):
            digits[o] = rem % sizes[o]
            rem //= sizes[o]
        out[p] = cands[cand_start[word_of[p]] + digits[L]]
        if p > a:
            r = f // sizes[W - 1]
            f = back[back_start[p - a] + r] * (total // sizes[W - 1]) + r


@numba.njit(cache=True, nogil=True)
def _tag_all(starts, L, R, model, word_of, cand_start, cands, scored_start, scored, w_sums, rare,
             c_rows, t_rows, w_rows, log_rest, exact, out):
    for s in range(starts.shape[0] - 1):
        _sentence(starts[s], starts[s + 1], L, R, model, word_of, cand_start, cands, scored_start, scored, w_sums,
                  rare, c_rows, t_rows, w_rows, log_rest, exact, out)


class CompiledSearch:
    """The kernel's inputs: the tag templates as a table, the batch's words as flat arrays."""

    def __init__(self, features: Features) -> None:
        f = self.f = features
        ts = f.t_templates
        width = 5 + max([1] + [len(t.axes) for t in ts])
        table = np.zeros((len(ts), width), np.int64)
        tables: List[np.ndarray] = []
        self.kinds = []
        counts = [0, 0, 0]
        for k, t in enumerate(ts):
            kind = 0 if not t.axes else 2 if t.word_offset is not None else 1
            self.kinds.append((kind, counts[kind]))
            table[k, :5] = (kind, k >= f.t_common, counts[kind], sum(len(x) for x in tables), len(t.axes))
            table[k, 5:5 + len(t.axes)] = t.axes
            counts[kind] += 1
            if kind == 1:
                tables.append(f.row_table(t, "").ravel())
        self.counts = counts
        self.model = (f.weights, table, np.concatenate(tables) if tables else np.zeros(1, np.intp))
        self.log_rest = np.array(f.log_rest)

    def __call__(self, batch: Batch) -> List[int]:
        f = self.f
        ids: dict = {}
        infos: List = []
        word_of = np.empty(len(batch.infos), np.int64)
        for k, info in enumerate(batch.infos):
            word_of[k] = ids.setdefault(id(info), len(infos))
            if word_of[k] == len(infos):
                infos.append(info)
        t_rows = np.full((len(batch.infos), max(1, self.counts[0])), f.zero, np.int64)
        w_rows = np.full((len(batch.infos), max(1, self.counts[2]), f.nt + 1), f.zero, np.int64)
        for k, values in enumerate(batch.t_values):
            for (kind, slot), t, value in zip(self.kinds, f.t_templates, values):
                if kind == 0:
                    t_rows[k, slot] = value
                elif kind == 2 and value != "":
                    w_rows[k, slot] = f.row_table(t, str(value))
        out = np.empty(len(batch.infos), np.int64)
        _tag_all(np.array(batch.starts, np.int64), f.model.left, f.model.right, self.model, word_of,
                 np.cumsum([0] + [len(i.cands) for i in infos]), np.concatenate([i.cands for i in infos]),
                 np.cumsum([0] + [len(i.scored) for i in infos]), np.concatenate([i.scored for i in infos]),
                 np.concatenate([i.w_sum for i in infos]), np.array([i.rare for i in infos], np.int64),
                 batch.c_rows.astype(np.int64), t_rows, w_rows, self.log_rest, f.exact, out)
        return out.tolist()
