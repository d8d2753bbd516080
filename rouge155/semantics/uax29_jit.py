"""The segments of :mod:`.uax29`'s class strings in one compiled pass (numba; the ``jit`` extra).

Each scanner reads a class string (one byte per character, the letters of :mod:`.uax29_tables`) and
returns every segment's length, exactly as the regular expressions ``_WORD_SEGMENT`` and
``_GRAPHEME_CLUSTER`` of :mod:`.uax29` do: at each segment start the first alternative that matches,
each part as greedy as the expression's (every backtracking the expressions could do fails at once,
as the comments say, so a forward scan is the same). The tests compare both on random class strings.
Importing this module imports numba.
"""
from __future__ import annotations

import numba
import numpy as np

# bit flags of a class letter
IGNORABLE, WORDLIKE, KANA, LETTERISH, HDX, MPS, MP, UPS, HDXK, SINGLE, START, EMOJI = (1 << k for k in range(12))
TAIL, CONTINUE, JOINER = 1 << 12, 1 << 13, 1 << 14  # grapheme: [xekzs], [xek], [ekz]
STOP, PLAIN = 1 << 15, 1 << 16  # ends any word after a run of [aAhdx]; a cluster core of one character


def _flags() -> np.ndarray:
    table = np.zeros(256, dtype=np.int64)
    for letters, flag in (("efz", IGNORABLE), ("aAhdx", WORDLIKE), ("kx", KANA), ("aA", LETTERISH), ("hdx", HDX),
                          ("mps", MPS), ("mp", MP), ("ups", UPS), ("hdxk", HDXK), ("oOefzmpusq", SINGLE),
                          ("aAhdkx", START), ("AO", EMOJI), ("xekzs", TAIL), ("xek", CONTINUE), ("ekz", JOINER),
                          ("owlncrO", STOP), ("oexkzs", PLAIN)):
        for letter in letters.encode("ascii"):
            table[letter] |= flag
    return table


FLAGS = _flags()
_a, _A, _h, _d, _k, _q, _s = (ord(c) for c in "aAhdkqs")
_z, _w, _c, _l, _n, _r = (ord(c) for c in "zwclnr")
_C, _L, _V, _v, _t, _T, _p, _P = (ord(c) for c in "CLVvtTpP")


@numba.njit(cache=True, nogil=True)
def _skip(c, j, n, flags, flag):
    while j < n and flags[c[j]] & flag:
        j += 1
    return j


@numba.njit(cache=True, nogil=True)
def _letter(c, m, n):
    """``(?:a|(?<!z)A)`` at m."""
    return m < n and (c[m] == _a or (c[m] == _A and (m == 0 or c[m - 1] != _z)))


@numba.njit(cache=True, nogil=True)
def _hop(c, j, n, flags):
    """``(?<=z)[AO]`` and the emoji sequence after it, from j: its end, or -1. (A shorter run of
    ignorables than the longest puts an ignorable where [AO] is needed: no backtracking matches.)"""
    if j >= n or j == 0 or c[j - 1] != _z or not flags[c[j]] & EMOJI:
        return -1
    pos = j + 1
    while True:
        k = _skip(c, pos, n, flags, IGNORABLE)
        if k < n and k > 0 and c[k - 1] == _z and flags[c[k]] & EMOJI:
            pos = k + 1
        else:
            return k


@numba.njit(cache=True, nogil=True)
def _tail(c, j, n, flags):
    """``{_I}(?:{_HOP})?`` from j."""
    j = _skip(c, j, n, flags, IGNORABLE)
    end = _hop(c, j, n, flags)
    return end if end >= 0 else j


@numba.njit(cache=True, nogil=True)
def _after_mid(c, k, n, flags, h_too):
    """``[mid] {_I} (?:LETTER|h)`` with the mid character at k: the end, or -1."""
    m = _skip(c, k + 1, n, flags, IGNORABLE)
    if _letter(c, m, n) or (h_too and m < n and c[m] == _h):
        return m + 1
    return -1


@numba.njit(cache=True, nogil=True)
def _step(c, j, n, flags):
    """One ``_STEP`` from j (its alternatives in order, each looking behind at c[j - 1]): the end, or -1."""
    if j >= n:
        return -1
    p = c[j - 1]
    if flags[p] & WORDLIKE and flags[c[j]] & WORDLIKE:
        return _skip(c, j, n, flags, WORDLIKE)
    if flags[p] & KANA and flags[c[j]] & KANA:
        return _skip(c, j, n, flags, KANA)
    k = _skip(c, j, n, flags, IGNORABLE)
    if k >= n:
        return -1
    x = c[k]
    if flags[p] & LETTERISH:
        if _letter(c, k, n) or flags[x] & HDX:
            return k + 1
        return _after_mid(c, k, n, flags, True) if flags[x] & MPS else -1
    if p == _h:
        if _letter(c, k, n) or flags[x] & HDX:
            return k + 1
        if flags[x] & MP:
            return _after_mid(c, k, n, flags, True)
        if x == _q:
            m = _skip(c, k + 1, n, flags, IGNORABLE)
            return m + 1 if m < n and c[m] == _h else -1
        if x == _s:
            end = _after_mid(c, k, n, flags, True)
            return end if end >= 0 else k + 1
        return -1
    if p == _d:
        if _letter(c, k, n) or flags[x] & HDX:
            return k + 1
        if flags[x] & UPS:
            m = _skip(c, k + 1, n, flags, IGNORABLE)
            return m + 1 if m < n and c[m] == _d else -1
        return -1
    if p == _k:
        return k + 1 if flags[x] & KANA else -1
    if p == ord("x"):
        return k + 1 if _letter(c, k, n) or flags[x] & HDXK else -1
    return -1


@numba.njit(cache=True, nogil=True)
def _pending(c, j, n, flags):
    """``_PENDING`` from j (a mid character, then an emoji sequence): the end, or -1."""
    p = c[j - 1]
    k = _skip(c, j, n, flags, IGNORABLE)
    if k >= n:
        return -1
    x = c[k]
    if (flags[p] & LETTERISH and flags[x] & MPS) or (p == _h and (flags[x] & MP or x == _q)) or \
            (p == _d and flags[x] & UPS):
        return _hop(c, _skip(c, k + 1, n, flags, IGNORABLE), n, flags)
    return -1


@numba.njit(cache=True, nogil=True)
def _word_end(c, i, n, flags):
    x = c[i]
    if flags[x] & SINGLE:
        return _tail(c, i + 1, n, flags)
    if flags[x] & START:
        j = i + 1
        while True:
            k = _step(c, j, n, flags)
            if k < 0:
                break
            j = k
        end = _pending(c, j, n, flags)
        return end if end >= 0 else _tail(c, j, n, flags)
    if x == _w:
        j = i + 1
        while j < n and c[j] == _w:
            j += 1
        return _tail(c, j, n, flags)
    if x == _c:
        return i + 2 if i + 1 < n and c[i + 1] == _l else i + 1
    if x == _r:
        j = _skip(c, i + 1, n, flags, IGNORABLE)
        end = _hop(c, j, n, flags)
        if end >= 0:
            return end
        return _tail(c, j + 1, n, flags) if j < n and c[j] == _r else j
    return i + 1  # l, n


@numba.njit(cache=True, nogil=True)
def _core(c, j, n, flags):
    """The cluster's core from j (c[j] is none of c, l, C): the first alternative that matches."""
    k = j
    while k < n and c[k] == _L:
        k += 1
    if k < n and (c[k] == _V or c[k] == _v or c[k] == _t):  # L*(?:V+|vV*|t)T*
        if c[k] == _t:
            k += 1
        else:
            k += 1
            while k < n and c[k] == _V:
                k += 1
        while k < n and c[k] == _T:
            k += 1
        return k
    if k > j:  # L+
        return k
    x = c[j]
    if x == _T:
        k = j
        while k < n and c[k] == _T:
            k += 1
        return k
    if x == _r and j + 1 < n and c[j + 1] == _r:
        return j + 2
    if x == _P:
        k = j + 1
        while True:
            m = _skip(c, k, n, flags, CONTINUE)
            if m + 1 < n and c[m] == _z and c[m + 1] == _P:
                k = m + 2
            else:
                return k
    if x == _n:  # n(?:[ekz]*k[ekz]*n)+: a run of [ekz] holding a k, then n
        k = j + 1
        while True:
            m = _skip(c, k, n, flags, JOINER)
            linked = False
            for q in range(k, m):
                if c[q] == _k:
                    linked = True
            if linked and m < n and c[m] == _n:
                k = m + 1
            else:
                return k
    return j + 1


@numba.njit(cache=True, nogil=True)
def _cluster_end(c, i, n, flags):
    x = c[i]
    if x == _c and i + 1 < n and c[i + 1] == _l:
        return i + 2
    if x == _c or x == _l or x == _C:
        return i + 1
    j = i
    while j < n and c[j] == _p:
        j += 1
    if j >= n or c[j] == _c or c[j] == _l or c[j] == _C:
        if j == i:
            return i + 1
        j -= 1  # p* gives one back: the last p is the core
        return _skip(c, j + 1, n, flags, TAIL)
    return _skip(c, _core(c, j, n, flags), n, flags, TAIL)


@numba.njit(cache=True, nogil=True)
def word_lengths(c, flags):
    """Every word segment's length (the common cases inline: a call costs more than they do)."""
    n = len(c)
    out = np.empty(n, dtype=np.int64)
    count = 0
    i = 0
    while i < n:
        x = c[i]
        f = flags[x]
        if f & SINGLE and x != _z and (i + 1 == n or not flags[c[i + 1]] & IGNORABLE):
            end = i + 1  # no ignorable (and not a ZWJ): no emoji sequence either
        else:
            end = -1
            if f & WORDLIKE:  # a run of [aAhdx] that a stop ends: the steps take it whole
                j = i + 1
                while j < n and flags[c[j]] & WORDLIKE:
                    j += 1
                if j == n or flags[c[j]] & STOP:
                    end = j
            if end < 0:
                end = _word_end(c, i, n, flags)
        out[count] = end - i
        count += 1
        i = end
    return out[:count]


@numba.njit(cache=True, nogil=True)
def cluster_lengths(c, flags):
    """Every grapheme cluster's length (the common case inline: a one-character core and its tail)."""
    n = len(c)
    out = np.empty(n, dtype=np.int64)
    count = 0
    i = 0
    while i < n:
        if flags[c[i]] & PLAIN:
            end = i + 1
            while end < n and flags[c[end]] & TAIL:
                end += 1
        else:
            end = _cluster_end(c, i, n, flags)
        out[count] = end - i
        count += 1
        i = end
    return out[:count]
