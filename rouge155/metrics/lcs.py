"""ROUGE-L and ROUGE-W: summary-level union LCS with the script's tie-breaking and clipping.

For each model unit, every peer unit is aligned with it by an LCS table whose backtrack marks the
model positions it uses (their union is the unit's hit mask). A marked token counts only while both
the model's and the peer's unigram counts (from the joined-text reader) still have it, and each
counted hit uses one of each: hits never exceed ROUGE-1's.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Tuple

Trace = Optional[Callable[[List[str]], None]]

_DIAG, _UP, _LEFT = 1, 2, 3


def _mark(mask: List[int], back: List[bytearray], i: int, j: int) -> None:
    """``markLCS``: walk the direction table back from (i, j), marking diagonal model positions."""
    while i and j:
        move = back[i][j]
        if move == _DIAG:
            i -= 1
            j -= 1
            mask[i] = 1
        elif move == _UP:
            i -= 1
        else:
            j -= 1


def lcs_mark(model: Sequence[str], peer: Sequence[str], mask: List[int]) -> None:
    """``lcs_inner``: ties go up (``c[i-1][j] >= c[i][j-1]``), as in the script."""
    m, n = len(model), len(peer)
    if m == 0:
        return
    back = [bytearray(n + 1)]
    prev = [0] * (n + 1)
    for i in range(1, m + 1):
        tok = model[i - 1]
        cur = [0] * (n + 1)
        row = bytearray(n + 1)
        for j in range(1, n + 1):
            if tok == peer[j - 1]:
                cur[j] = prev[j - 1] + 1
                row[j] = _DIAG
            elif prev[j] >= cur[j - 1]:
                cur[j] = prev[j]
                row[j] = _UP
            else:
                cur[j] = cur[j - 1]
                row[j] = _LEFT
        back.append(row)
        prev = cur
    _mark(mask, back, m, n)


def wlcs_mark(model: Sequence[str], peer: Sequence[str], mask: List[int], weight: float) -> None:
    """``wlcs_inner``: consecutive matches of length k gain (k+1)^w - k^w, in the script's float order."""
    m, n = len(model), len(peer)
    if m == 0:
        return
    back = [bytearray(n + 1)]
    prev = [0.0] * (n + 1)
    prev_run = [0] * (n + 1)
    for i in range(1, m + 1):
        tok = model[i - 1]
        cur = [0.0] * (n + 1)
        run = [0] * (n + 1)
        row = bytearray(n + 1)
        for j in range(1, n + 1):
            if tok == peer[j - 1]:
                k = prev_run[j - 1]
                cur[j] = prev[j - 1] + float(k + 1) ** weight - float(k) ** weight
                row[j] = _DIAG
                run[j] = k + 1
            elif prev[j] >= cur[j - 1]:
                cur[j] = prev[j]
                row[j] = _UP
            else:
                cur[j] = cur[j - 1]
                row[j] = _LEFT
        back.append(row)
        prev, prev_run = cur, run
    _mark(mask, back, m, n)


def _counted(tok: str, model_1grams: Dict[str, int], peer_1grams: Dict[str, int]) -> bool:
    """Clip: a hit counts while both unigram counts have the token left; it then uses one of each."""
    if model_1grams.get(tok, 0) > 0 and peer_1grams.get(tok, 0) > 0:
        model_1grams[tok] -= 1
        peer_1grams[tok] -= 1
        return True
    return False


def lcs_hits(
    model_units: Sequence[Sequence[str]],
    peer_units: Sequence[Sequence[str]],
    model_1grams: Dict[str, int],
    peer_1grams: Dict[str, int],
    trace: Trace = None,
) -> Tuple[int, int]:
    """``lcs``: (clipped union-LCS hits, model token count). The unigram dicts are consumed."""
    hit = 0
    base = 0
    for unit in model_units:
        mask = [0] * len(unit)
        base += len(unit)
        for p in peer_units:
            lcs_mark(unit, p, mask)
        counted = [tok for j, tok in enumerate(unit) if mask[j] and _counted(tok, model_1grams, peer_1grams)]
        hit += len(counted)
        if trace:
            trace(counted)
    return hit, base


def wlcs_hits(
    model_units: Sequence[Sequence[str]],
    peer_units: Sequence[Sequence[str]],
    model_1grams: Dict[str, int],
    peer_1grams: Dict[str, int],
    weight: float,
    trace: Trace = None,
) -> Tuple[float, float]:
    """``wlcs``: (weighted hits, sum of unit lengths ** w). The unigram dicts are consumed.

    Perl quirk: a run is flushed only at a counted token followed by an unmarked position or the
    unit's end, so a clipped marked token lets the run continue into the next counted one, and a run
    whose last counted token is not at the end of the unit and is followed by a marked-but-clipped
    token is lost.
    """
    hit = 0.0
    base = 0.0
    for unit in model_units:
        length = len(unit)
        mask = [0] * length
        base += float(length) ** weight
        for p in peer_units:
            wlcs_mark(unit, p, mask, weight)
        run = 0
        counted = []
        for j, tok in enumerate(unit):
            if mask[j] and _counted(tok, model_1grams, peer_1grams):
                counted.append(tok)
                run += 1
                if (j + 1 < length and mask[j + 1] == 0) or j + 1 == length:
                    hit += float(run) ** weight
                    run = 0
        if trace:
            trace(counted)
    return hit, base
