"""Scoring formula (-f, -p), per-instance values (-t), averages and bootstrap intervals (-r, -c)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .errors import RougeError
from .perl import Number, r5


@dataclass(frozen=True)
class ModelMatch:
    """One peer against one model: hits, the two counts, and the score ``-f B`` compares."""

    hit: Number
    model_count: Number
    peer_count: Number
    score: float


@dataclass(frozen=True)
class Counts:
    """What ``compute*Score`` returns for one evaluation: totals and rounded R, P, F."""

    model_count: Number
    hit: Number
    recall: float
    peer_count: Number
    precision: float
    f: float


def combine(
    matches: Sequence[ModelMatch],
    score_mode: str,
    alpha: Number,
    ratio: Callable[[Number, Number], float] = lambda hit, count: hit / count,
) -> Counts:
    """Totals over models (``-f A``: sums; ``-f B``: the first strictly best model), then R, P, F."""
    hit: Number = 0
    model_count: Number = 0
    peer_count: Number = 0
    best = -1.0
    for m in matches:
        if score_mode == "B":
            if m.score > best:
                best = m.score
                hit, model_count, peer_count = m.hit, m.model_count, m.peer_count
        else:  # "A" and any other value: model average
            hit += m.hit
            model_count += m.model_count
            peer_count += m.peer_count
    recall = r5(ratio(hit, model_count)) if model_count != 0 else 0.0
    precision = r5(ratio(hit, peer_count)) if peer_count != 0 else 0.0
    return Counts(model_count, hit, recall, peer_count, precision, f_measure(recall, precision, alpha))


def f_measure(recall: float, precision: float, alpha: Number) -> float:
    denom = (1 - alpha) * precision + alpha * recall
    if denom > 0:
        return r5((precision * recall) / denom)
    return 0.0


@dataclass(frozen=True)
class Instance:
    """One evaluation instance ``evalID.peerID`` and its three values (R, P, F, or counts with -t)."""

    key: str
    values: Tuple[Number, Number, Number]


def instance_values(counts: Counts, token_mode: Optional[int]) -> Tuple[Number, Number, Number]:
    if token_mode is None:
        return (counts.recall, counts.precision, counts.f)
    return (counts.model_count, counts.peer_count, counts.hit)


@dataclass(frozen=True)
class Averages:
    """A metric's summary line: bootstrap means and interval bounds, or raw count sums (-t 2)."""

    mean: Tuple[float, float, float]
    low: Tuple[float, float, float]
    high: Tuple[float, float, float]
    totals: Tuple[Number, Number, Number]


# drand48, as Perl's srand()/rand() use it: srand(s) sets state (s << 16) + 0x330E.
_A = np.uint64(0x5DEECE66D)
_C = np.uint64(0xB)
_MASK = np.uint64((1 << 48) - 1)


class BootstrapDraws:
    """Per (resample count, instance count): the indices ``int(rand(N))`` of each resample.

    Resample i seeds with ``srand(i)``; the draws depend only on (i, N), so every metric and system
    with the same number of instances shares them.
    """

    def __init__(self) -> None:
        self._cache: Dict[Tuple[int, int], np.ndarray] = {}

    def indices(self, resamples: int, n: int) -> np.ndarray:
        key = (resamples, n)
        hit = self._cache.get(key)
        if hit is None:
            dtype = np.int32 if n < 2**31 else np.int64
            out = np.empty((resamples, n), dtype=dtype)
            state = (np.arange(resamples, dtype=np.uint64) << np.uint64(16)) + np.uint64(0x330E)
            scale = float(n)
            for k in range(n):
                state = (state * _A + _C) & _MASK
                out[:, k] = (state.astype(np.float64) * (2.0**-48) * scale).astype(dtype)
            self._cache = {key: out}  # keep one: memory stays bounded by the largest set
            hit = out
        return hit


def _sequential_sums(values: np.ndarray, idx: np.ndarray, chunk_rows: int = 64) -> np.ndarray:
    """Row sums of values[idx] added left to right (np.cumsum is sequential, np.sum is not)."""
    rows = idx.shape[0]
    out = np.zeros((rows, values.shape[1]), dtype=np.float64)
    if idx.shape[1] == 0:
        return out
    for start in range(0, rows, chunk_rows):
        block = values[idx[start : start + chunk_rows]]  # (rows, n, 3)
        out[start : start + chunk_rows] = np.cumsum(block, axis=1)[:, -1, :]
    return out


def _perl_index(arr: np.ndarray, i: int) -> float:
    """$array[$i]: negative indices count from the end; past either end is undef, i.e. 0."""
    n = len(arr)
    if -n <= i < n:
        return float(arr[i])
    return 0.0


def resample_count(resamples: Number) -> int:
    """How many times ``for($i=0;$i<$numOfResamples;$i++)`` runs."""
    import math

    if resamples != resamples or resamples <= 0:
        return 0
    if resamples == float("inf"):
        raise RougeError("-r must be a finite number of resamples")
    return int(math.ceil(resamples))


def average(
    instances: Sequence[Instance],
    token_mode: Optional[int],
    resamples: Number,
    confidence: Number,
    alpha: Number,
    draws: BootstrapDraws,
) -> Averages:
    """``computeAverages``: instances in Perl string order, bootstrap means, interpolated bounds."""
    ordered = sorted(instances, key=lambda inst: inst.key)
    totals: List[Number] = [0, 0, 0]
    for inst in ordered:
        for c in range(3):
            totals[c] += inst.values[c]
    if token_mode == 2:
        return Averages((0.0,) * 3, (0.0,) * 3, (0.0,) * 3, tuple(totals))  # type: ignore[arg-type]

    count = resample_count(resamples)
    if count == 0:
        raise RougeError(
            f"Illegal division by zero: -r {resamples} leaves the bootstrap no resample to average"
        )
    n = len(ordered)
    if n:
        values = np.array([inst.values for inst in ordered], dtype=np.float64)
        sums = _sequential_sums(values, draws.indices(count, n))
    else:
        sums = np.zeros((count, 3))
    if token_mode is None:
        samples = sums / n if n else np.zeros_like(sums)
    else:
        samples = _token_ratios(sums, alpha)

    delta = resamples * ((100 - confidence) / 2.0) / 100.0
    upper_a = int(resamples - delta - 1)
    lower_a = int(delta)
    ratio = resamples - delta - 1 - upper_a  # Perl quirk: the upper bound's ratio serves both bounds
    mean, low, high = [], [], []
    for c in range(3):
        ranked = np.sort(samples[:, c])
        mean.append(r5(float(np.cumsum(ranked)[-1]) / count))
        la, lb = _perl_index(ranked, lower_a), _perl_index(ranked, lower_a + 1)
        ua, ub = _perl_index(ranked, upper_a), _perl_index(ranked, upper_a + 1)
        low.append(r5(la + (lb - la) * ratio))
        high.append(r5(ua + (ub - ua) * ratio))
    return Averages(tuple(mean), tuple(low), tuple(high), tuple(totals))  # type: ignore[arg-type]


def _token_ratios(sums: np.ndarray, alpha: Number) -> np.ndarray:
    """-t 1: each resample's corpus-level R = hits/model, P = hits/peer, F from them (unrounded)."""
    model, peer, hit = sums[:, 0], sums[:, 1], sums[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        rec = np.where(model > 0, hit / np.where(model > 0, model, 1), 0.0)
        prec = np.where(peer > 0, hit / np.where(peer > 0, peer, 1), 0.0)
        denom = (1 - alpha) * prec + alpha * rec
        f = np.where(denom > 0, (rec * prec) / np.where(denom > 0, denom, 1), 0.0)
    return np.stack([rec, prec, f], axis=1)
