"""Scoring formula (-f, -p), per-instance values (-t), averages and bootstrap intervals (-r, -c)."""
from __future__ import annotations

from dataclasses import dataclass
import math
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from .errors import RougeError
from .perl import Number, fmt_num, r5


class ModelMatch(NamedTuple):
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
            if m.score > best:  # Perl quirk: ties keep the earlier model; ROUGE-L compares unrounded scores
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


COUNT_COLUMNS = ("model_count", "hit", "recall", "peer_count", "precision", "f")


def counts_row(c: Counts) -> Tuple[float, ...]:
    return (c.model_count, c.hit, c.recall, c.peer_count, c.precision, c.f)


def instance_values(counts: np.ndarray, token_mode: Optional[int]) -> np.ndarray:
    """The three values an instance contributes: R, P, F; with -t, model, peer and hit counts."""
    if token_mode is None:
        return counts[:, [2, 4, 5]]
    return counts[:, [0, 3, 1]]


@dataclass(frozen=True)
class Averages:
    """A metric's summary line: bootstrap means and interval bounds, or raw count sums (-t 2)."""

    mean: Tuple[float, float, float]
    low: Tuple[float, float, float]
    high: Tuple[float, float, float]
    totals: Tuple[Number, Number, Number]
    # the same before the script's %7.5f rounding
    mean_raw: Tuple[float, float, float] = (0.0, 0.0, 0.0)
    low_raw: Tuple[float, float, float] = (0.0, 0.0, 0.0)
    high_raw: Tuple[float, float, float] = (0.0, 0.0, 0.0)


# drand48, as Perl's srand()/rand() use it: srand(s) sets state (s << 16) + 0x330E.
_A = np.uint64(0x5DEECE66D)
_C = np.uint64(0xB)
_MASK = np.uint64((1 << 48) - 1)


_DRAW_BLOCK = 64  # draws per step: (64, resamples) arrays, a few MB at most


def _jumps(steps: int) -> Tuple[np.ndarray, np.ndarray]:
    """drand48 k steps at once: state_k = (A_k * state + C_k) mod 2**48 for k = 1..steps."""
    mult, incr = [], []
    a, c = 1, 0
    for _ in range(steps):
        a, c = (a * 0x5DEECE66D) % (1 << 48), (c * 0x5DEECE66D + 0xB) % (1 << 48)
        mult.append(a)
        incr.append(c)
    return np.array(mult, dtype=np.uint64), np.array(incr, dtype=np.uint64)


def perl_order(keys: Sequence[str]) -> List[int]:
    """Indices of ``keys`` in Perl's ``sort keys`` order (string comparison)."""
    return sorted(range(len(keys)), key=keys.__getitem__)


def resample_count(resamples: Number) -> int:
    """How many times ``for($i=0;$i<$numOfResamples;$i++)`` runs."""
    if resamples != resamples or resamples <= 0:
        return 0
    if resamples == float("inf"):
        raise RougeError("-r must be a finite number of resamples")
    return int(math.ceil(resamples))


def bootstrap_sums(tables: Sequence[np.ndarray], count: int, first: int = 0) -> List[np.ndarray]:
    """For each (n, 3) table of instance values (in Perl order), the (count, 3) sums of its resamples.

    Resample i seeds drand48 with i and draws ``int(rand(n))`` n times; its sums add the drawn rows
    left to right, as the script does. The draws depend only on (i, n), so tables with the same n
    share one pass, and no draw is stored. ``first``: the rows are resamples first .. first+count-1.
    """
    out: List[Optional[np.ndarray]] = [None] * len(tables)
    by_size: Dict[int, List[int]] = {}
    for k, t in enumerate(tables):
        by_size.setdefault(len(t), []).append(k)
    for n, members in by_size.items():
        width = 3 * len(members)
        acc = np.zeros((count, width))
        drawn = np.empty((count, width))
        if n:
            values = np.ascontiguousarray(np.hstack([tables[k] for k in members]), dtype=np.float64)
            state = (np.arange(first, first + count, dtype=np.uint64) << np.uint64(16)) + np.uint64(0x330E)
            scale = float(n)
            step = _DRAW_BLOCK
            mult, incr = _jumps(step)
            for k0 in range(0, n, step):
                k = min(step, n - k0)
                # the next k states of every resample at once (drand48 jumped ahead, exact mod 2**48)
                states = mult[:k, None] * state[None, :]
                states += incr[:k, None]
                states &= _MASK
                draws = states.astype(np.float64)
                draws *= 2.0**-48
                draws *= scale  # int(rand(n)): (state / 2**48) * n, truncated
                idx = draws.astype(np.intp)
                for row in idx:
                    np.take(values, row, axis=0, out=drawn)
                    np.add(acc, drawn, out=acc)  # left to right, as the script adds
                state = states[k - 1]
        for j, k in enumerate(members):
            out[k] = acc[:, 3 * j : 3 * j + 3]
    return out  # type: ignore[return-value]


def _perl_index(arr: np.ndarray, i: int) -> float:
    """$array[$i]: negative indices count from the end; past either end is undef, i.e. 0."""
    n = len(arr)
    if -n <= i < n:
        return float(arr[i])
    return 0.0


def summarize(
    values: np.ndarray,
    sums: Optional[np.ndarray],
    token_mode: Optional[int],
    resamples: Number,
    confidence: Number,
    alpha: Number,
) -> Averages:
    """``computeAverages`` from a block's values (Perl order) and its resample sums.

    Perl quirk: the printed average is the mean of the sorted resample means, not the plain mean.
    """
    totals: List[Number] = [0, 0, 0]
    if len(values):
        # cumsum adds in order, as the script's loop does (np.sum would add pairwise)
        totals = np.cumsum(values, axis=0, dtype=np.float64)[-1].tolist()
    if token_mode == 2 or sums is None:
        return Averages((0.0,) * 3, (0.0,) * 3, (0.0,) * 3, tuple(totals))  # type: ignore[arg-type]
    count = len(sums)
    n = len(values)
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
        mean.append(float(np.cumsum(ranked)[-1]) / count)
        la, lb = _perl_index(ranked, lower_a), _perl_index(ranked, lower_a + 1)
        ua, ub = _perl_index(ranked, upper_a), _perl_index(ranked, upper_a + 1)
        low.append(la + (lb - la) * ratio)
        high.append(ua + (ub - ua) * ratio)
    return Averages(
        tuple(r5(x) for x in mean), tuple(r5(x) for x in low), tuple(r5(x) for x in high),  # type: ignore[arg-type]
        tuple(totals), tuple(mean), tuple(low), tuple(high),  # type: ignore[arg-type]
    )


def parallel_bootstrap_sums(tables: Sequence[np.ndarray], count: int, workers=None) -> List[np.ndarray]:
    """``bootstrap_sums`` with the resamples split between ``workers``' processes (each resample is
    independent)."""
    work = sum(len(t) for t in tables) * count  # integers
    parts = workers.active if workers is not None else 1
    if parts <= 1 or work < 4_000_000:
        return bootstrap_sums(tables, count)
    bounds = np.linspace(0, count, parts + 1).astype(int)
    calls = [(tables, int(b - a), int(a)) for a, b in zip(bounds[:-1], bounds[1:]) if b > a]
    results = workers.map(bootstrap_sums, calls)
    return [np.vstack([part[k] for part in results]) for k in range(len(tables))]


def average_many(
    tables: Sequence[np.ndarray],
    token_mode: Optional[int],
    resamples: Number,
    confidence: Number,
    alpha: Number,
    workers=None,
) -> List[Averages]:
    """``computeAverages`` for many blocks (values already in Perl order), sharing the draws."""
    if token_mode == 2:
        return [summarize(t, None, token_mode, resamples, confidence, alpha) for t in tables]
    count = resample_count(resamples)
    if count == 0:
        raise RougeError(
            f"Illegal division by zero: -r {fmt_num(resamples)} leaves the bootstrap no resample to average"
        )
    sums = parallel_bootstrap_sums(tables, count, workers)
    return [summarize(t, s, token_mode, resamples, confidence, alpha) for t, s in zip(tables, sums)]


def _token_ratios(sums: np.ndarray, alpha: Number) -> np.ndarray:
    """-t 1: each resample's corpus-level R = hits/model, P = hits/peer, F from them (unrounded)."""
    model, peer, hit = sums[:, 0], sums[:, 1], sums[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        rec = np.where(model > 0, hit / np.where(model > 0, model, 1), 0.0)
        prec = np.where(peer > 0, hit / np.where(peer > 0, peer, 1), 0.0)
        denom = (1 - alpha) * prec + alpha * rec
        f = np.where(denom > 0, (rec * prec) / np.where(denom > 0, denom, 1), 0.0)
    return np.stack([rec, prec, f], axis=1)
