"""Scoring formula (-f, -p), per-instance values (-t), averages and bootstrap intervals (-r, -c)."""
from __future__ import annotations

from functools import reduce
from itertools import repeat
from operator import add, itemgetter, truediv
import math
import sys

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from ..base.records import dataclass  # dataclasses' records without its start-up cost
from ..base.lazy import lazy_regex, load_numpy, np, numpy_usable  # np: large bootstraps only (small: plain Python)
from ..base.errors import RougeError
from ..base.perl import Number, fmt_num, perl_int, perl_iv, r5
from ..base.perlmath import (NumStr, floats_suffice, perl_add, perl_add_read, perl_div, perl_gt, perl_mul, perl_sort,
                              perl_sub, perl_sum)
from ..metrics.formulas import F, HIT, MODEL_COUNT, PEER_COUNT, PRECISION, RECALL, f_score


def table_rows(table) -> list:
    """The rows of a table: a list of float tuples (the step-by-step engine) or a numpy array."""
    return table if isinstance(table, list) else table.tolist()


def value_columns(token_mode: Optional[int]) -> List[int]:
    """The counts-row columns an instance contributes: R, P, F; with -t, model, peer and hit counts."""
    return [RECALL, PRECISION, F] if token_mode is None else [MODEL_COUNT, PEER_COUNT, HIT]


def instance_values(counts, token_mode: Optional[int]):
    """The three values an instance contributes (:func:`value_columns`). ``counts`` is a list of rows
    or an (n, 6) array; the result is of the same kind."""
    cols = value_columns(token_mode)
    if isinstance(counts, list):
        a, b, c = cols
        return [(row[a], row[b], row[c]) for row in counts]
    return counts[:, cols]


def ordered_values(counts, token_mode: Optional[int], keys: Sequence[str]):
    """``instance_values`` in Perl's ``sort keys`` order of the instances' keys."""
    values = instance_values(counts, token_mode)
    order = perl_order(keys)
    if isinstance(values, list):
        return [values[i] for i in order]
    return values[order]


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
    # -d with -t: the instances' values as Perl prints them, where that differs from their own
    # printing (see :func:`printed_values`); empty otherwise
    printed: Tuple[Tuple[Number, Number, Number], ...] = ()


# drand48, as Perl's srand()/rand() use it: srand(s) sets state (s << 16) + 0x330E.
_A = 0x5DEECE66D
_C = 0xB
_MASK = (1 << 48) - 1
# Bootstraps of at most this many (draw, table) additions run in plain Python: cheaper than importing
# numpy (~65 ms) up to ~800,000 (measured: ~75 ns each); kept draws are at most ~14 MB.
PURE_BOOTSTRAP_WORK = 400_000

_DRAW_BLOCK = 64  # draws per step: (64, resamples) arrays, a few MB at most


def _jumps(steps: int) -> Tuple[np.ndarray, np.ndarray]:
    """drand48 k steps at once: state_k = (A_k * state + C_k) mod 2**48 for k = 1..steps."""
    mult, incr = [], []
    a, c = 1, 0
    for _ in range(steps):
        a, c = (a * _A) & _MASK, (c * _A + _C) & _MASK
        mult.append(a)
        incr.append(c)
    return np.array(mult, dtype=np.uint64), np.array(incr, dtype=np.uint64)


def perl_order(keys: Sequence[str]) -> List[int]:
    """Indices of ``keys`` in Perl's ``sort keys`` order (string comparison)."""
    return sorted(range(len(keys)), key=keys.__getitem__)


_LEADING_DIGITS = lazy_regex(r"^([0-9]+)")


def _by_eval_id(a: str, b: str) -> int:
    """The script's ``by_evalID``: leading numbers compare numerically when both have one."""
    ma, mb = _LEADING_DIGITS.match(a), _LEADING_DIGITS.match(b)
    if ma and mb:
        x, y = int(ma.group(1)), int(mb.group(1))
    else:
        x, y = a, b  # type: ignore[assignment]
    return (x > y) - (x < y)


def eval_id_order(keys: Sequence[str]) -> List[int]:
    """Indices of ``keys`` in the order ``-d`` prints the instances. Perl sorts hash keys with
    ``by_evalID``; where it ties (equal leading numbers) Perl's order follows its random hash order,
    so any order is as right: ours is the plain string order."""
    from functools import cmp_to_key

    by_eval_id = cmp_to_key(_by_eval_id)
    return sorted(perl_order(keys), key=lambda k: by_eval_id(keys[k]))


def resample_count(resamples: Number) -> int:
    """How many times ``for($i=0;$i<$numOfResamples;$i++)`` runs."""
    if resamples != resamples or resamples <= 0:
        return 0
    if resamples == float("inf"):
        raise RougeError("-r must be a finite number of resamples")
    return int(math.ceil(resamples))


# Memory per resample of the block being averaged (measured: the sums, their floats, the sorted
# copies; -r 1000000 on one block peaks at 270 MB above the start). ROUGE-1.5.5.pl needs about as much.
BOOTSTRAP_BYTES = 300


def check_resamples(options) -> None:
    """-r beyond what memory can hold is refused before anything is scored (the script would run
    out of memory, or run for days, in its bootstrap)."""
    if options.token_mode_num == 2 or options.resamples is None:
        return
    count = resample_count(options.resamples_num)
    if count * BOOTSTRAP_BYTES < 1 << 26:  # the usual -r: nothing to check (nor to import)
        return
    from ..base.budget import refuse_beyond_memory

    refuse_beyond_memory(f"-r {options.resamples}: a bootstrap of {count:,} resamples", count * BOOTSTRAP_BYTES,
                         RougeError)


_DRAWS: Dict[Tuple[int, int], List[List[int]]] = {}


def _draw_rows(n: int, count: int) -> Iterator[List[int]]:
    """Resample i's ``int(rand(n))`` draws after ``srand(i)``, for i < count."""
    a, c, mask = _A, _C, _MASK
    # int((state / 2**48) * n): scaling by 2**-48 is exact, so the product may be formed in either order
    scale = float(n) * 2.0**-48
    for i in range(count):
        state = (i << 16) + 0x330E
        row = []
        for _ in range(n):
            state = (a * state + c) & mask
            row.append(int(state * scale))
        yield row


def _draw_columns(n: int, count: int) -> List[List[int]]:
    """Draw k of every resample, for k < n (kept for the run: every block of n instances draws the
    same). After srand(i), the k-th state is (A_k * ((i << 16) + 0x330E) + C_k) mod 2**48, linear
    in i: a range, masked."""
    key = (n, count)
    columns = _DRAWS.get(key)
    if columns is not None:
        return columns
    lanes = _lanes(n, count)
    mask = _MASK
    columns = []
    a_k, c_k = 1, 0
    for _ in range(n):
        a_k, c_k = (a_k * _A) & mask, (c_k * _A + _C) & mask
        p, q = (a_k << 16) & mask, (a_k * 0x330E + c_k) & mask
        columns.append(lanes.column(p, q) if lanes else _column(n, count, p, q))
    if len(_DRAWS) > 16:
        _DRAWS.clear()
    _DRAWS[key] = columns
    return columns


def _column(n: int, count: int, p: int, q: int) -> List[int]:
    """int(rand(n)) of the states q + i*p (mod 2**48), i < count: int(state * scale), the loops in C."""
    scale = float(n) * 2.0**-48
    return list(map(int, map(scale.__mul__, map(_MASK.__and__, range(q, q + p * count, p)))))


class _Lanes:
    """:func:`_column` for all ``count`` resamples at once, each in a 64-bit lane of one large int
    (a handful of big-int operations instead of four Python-level operations per draw).

    int(state * scale) is floor(fl(state * n) / 2**48), fl rounding to 53 bits; the lanes give the
    exact floor((state * n) / 2**48), which differs only where the rounding carries state * n up to
    the next multiple of 2**48: lanes within 2**(bits(n) - 5) of it are flagged and redone with floats.
    """

    def __init__(self, n: int, count: int):
        self.n, self.count, self.order = n, count, sys.byteorder
        ones = b"\x01" + bytes(7)
        self.ones = int.from_bytes(ones * count, "little")  # 1 in every lane
        self.index = int.from_bytes(b"".join(i.to_bytes(8, "little") for i in range(count)), "little")  # i in lane i
        self.low48 = _MASK * self.ones
        self.low16 = 0xFFFF * self.ones
        self.near = ((1 << max(0, n.bit_length() - 5)) * self.ones)  # 2**48 - threshold, in every lane

    def column(self, p: int, q: int) -> List[int]:
        states = (q * self.ones + p * self.index) & self.low48  # q + i*p < 2**64: no carry between lanes
        product = states * self.n  # state * n < 2**63
        draws = (product >> 48) & self.low16
        out = memoryview(draws.to_bytes(8 * self.count, self.order)).cast("Q").tolist()
        flags = (((product & self.low48) + self.near) >> 48) & self.ones
        while flags:  # next to a multiple of 2**48: as the script computes it
            lane = (flags & -flags).bit_length() // 64
            flags &= flags - 1
            state = (q + lane * p) & _MASK
            out[lane] = int(state * (float(self.n) * 2.0**-48))
        return out


def _lanes(n: int, count: int) -> Optional[_Lanes]:
    # lanes of 64 bits hold q + i*p (< 2**48 * (count + 1)) and state * n (< 2**48 * n)
    if count < 2 or count >= 1 << 15 or n >= 1 << 15:
        return None
    return _Lanes(n, count)


def pure_bootstrap_sums(tables: Sequence[list], count: int) -> List[list]:
    """``bootstrap_sums`` in plain Python for small tables (lists of 3-tuples): the same draws, the
    same additions in the same order, so the same floats; per table its three columns of sums
    (``bootstrap_sums(...)[k].T``)."""
    out: List[Optional[list]] = [None] * len(tables)
    by_size: Dict[int, List[int]] = {}
    for k, table in enumerate(tables):
        n = len(table)
        if n * count <= PURE_BOOTSTRAP_WORK:
            by_size.setdefault(n, []).append(k)
        else:  # resample by resample (a tight ulimit -v: no numpy, and no room for every draw)
            values = [[row[c] for row in table].__getitem__ for c in range(3)]
            rows = [[reduce(add, map(value, draws), 0.0) for value in values] for draws in _draw_rows(n, count)]
            out[k] = [list(col) for col in zip(*rows)] if rows else [[], [], []]
    for n, members in by_size.items():
        columns = [[row[c] for row in tables[k]] for k in members for c in range(3)]
        sums = _column_sums(columns, _draw_columns(n, count), count)
        for j, k in enumerate(members):
            out[k] = sums[3 * j : 3 * j + 3]
    return out  # type: ignore[return-value]  # no None left: each table is summed by one of the two loops


def _column_sums(columns: List[list], draws: List[List[int]], count: int) -> List[list]:
    """For each column of values, its ``count`` resample sums: draw by draw for all resamples at
    once, each sum still 0.0 + its draws in order. Two columns ride in one complex number (complex
    addition is the two float additions), so each draw is one addition for two columns."""
    pairs = [[complex(x, y) for x, y in zip(columns[j], columns[j + 1])] for j in range(0, len(columns) - 1, 2)]
    single = columns[-1] if len(columns) % 2 else None
    acc = [[0j] * count for _ in pairs]
    last = [0.0] * count
    for draw in draws:
        pick = itemgetter(*draw) if count > 1 else (lambda values, i=draw[0]: (values[i],))
        acc = [list(map(add, a, pick(values))) for a, values in zip(acc, pairs)]
        if single is not None:
            last = list(map(add, last, pick(single)))
    sums: List[list] = []
    for a in acc:
        sums.append([z.real for z in a])
        sums.append([z.imag for z in a])
    if single is not None:
        sums.append(last)
    return sums


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
        values = np.ascontiguousarray(np.hstack([tables[k] for k in members]), dtype=np.float64) if n else \
            np.zeros((0, 3 * len(members)))
        acc = resample_sums(values, count, first)
        for j, k in enumerate(members):
            out[k] = acc[:, 3 * j : 3 * j + 3]
    return out  # type: ignore[return-value]


def resample_sums(values: np.ndarray, count: int, first: int = 0, scales: Optional[np.ndarray] = None) -> np.ndarray:
    """The (count, width) sums of resamples first .. first+count-1 over the rows of ``values`` (n,
    width), each resample's drawn rows added left to right. ``scales``: ``values`` holds integers k
    standing for the doubles k / scale (``engine.compact``), divided as each row is drawn."""
    # aligned: an array Dask sends may arrive at an odd address, where each gather is 15x slower
    values = np.require(values, requirements=["C", "A"])
    n, width = values.shape
    acc = np.zeros((count, width))
    if not n:
        return acc
    drawn = np.empty((count, width))
    raw = drawn if scales is None else np.empty((count, width), dtype=values.dtype)
    state = (np.arange(first, first + count, dtype=np.uint64) << np.uint64(16)) + np.uint64(0x330E)
    mask = np.uint64(_MASK)
    scale = float(n)
    step = _DRAW_BLOCK
    mult, incr = _jumps(step)
    for k0 in range(0, n, step):
        k = min(step, n - k0)
        # the next k states of every resample at once (drand48 jumped ahead, exact mod 2**48)
        states = mult[:k, None] * state[None, :]
        states += incr[:k, None]
        states &= mask
        draws = states.astype(np.float64)
        draws *= 2.0**-48
        draws *= scale  # int(rand(n)): (state / 2**48) * n, truncated
        idx = draws.astype(np.intp)
        for row in idx:
            # mode="clip" skips the bounds check (draws are below n: state / 2**48 < 1)
            np.take(values, row, axis=0, out=raw, mode="clip")
            if scales is not None:
                np.divide(raw, scales, out=drawn)  # the correctly rounded k / scale: the stored double
            np.add(acc, drawn, out=acc)  # left to right, as the script adds
        state = states[k - 1]
    return acc


def _perl_index(arr: Sequence[Number], i: int, exact: bool = False) -> Number:
    """$array[$i]: negative indices count from the end; past either end is undef, i.e. 0."""
    n = len(arr)
    if -n <= i < n:
        return arr[i] if exact else float(arr[i])
    return 0 if exact else 0.0


def _running_sum(xs: Sequence[float]) -> float:
    """Left to right from the first term, as the script's loop adds (and as numpy's cumsum); not
    sum(), which compensates rounding from Python 3.12 on."""
    return reduce(add, xs)


def _ranked(column: List[Number], exact: bool) -> Tuple[List[Number], Number]:
    """``sort by_value`` and the running sum of the sorted values. Perl quirk: with a NaN (ROUGE-W
    past the doubles' range) ``<=>`` is undef, read as "equal", and the order is whatever Perl's merge
    sort makes of it (``perlmath.perl_sort``); ``exact``: sums in Perl's arithmetic."""
    if exact:
        ranked = perl_sort(column)
        return ranked, perl_sum(ranked)
    ranked = sorted(column)
    total = _running_sum(ranked)
    if total != total:  # a NaN among them (or Inf - Inf, which sorts as it is either way)
        ranked = perl_sort(column)
        total = _running_sum(ranked)
    return ranked, total


def _interval_indices(resamples: Number, confidence: Number):
    """The sorted resamples' indices either bound interpolates between (lower, lower + 1, upper,
    upper + 1) and the ratio both use."""
    delta = resamples * ((100 - confidence) / 2.0) / 100.0
    upper_a = perl_int(resamples - delta - 1)  # Perl quirk: -c nan makes every index NaN (read as 0)
    lower_a = perl_int(delta)
    ratio = resamples - delta - 1 - upper_a  # Perl quirk: the upper bound's ratio serves both bounds
    return [perl_iv(i) for i in (lower_a, lower_a + 1, upper_a, upper_a + 1)], ratio


def _bounds_of_array(columns: "np.ndarray", resamples: Number, confidence: Number):
    """:func:`_bounds` in doubles on an array (one column per row) in whole-array operations: a stable
    sort orders doubles as ``sorted`` does, cumsum adds left to right as the running sum does, and
    numpy's doubles compute what Python's do. None when a column holds a NaN (Perl's sort of it is
    :func:`perlmath.perl_sort`'s, see :func:`_ranked`)."""
    count = columns.shape[1]
    ranked = np.sort(columns, axis=1, kind="stable")
    totals = np.cumsum(ranked, axis=1)[:, -1] if count else np.zeros(len(columns))
    if np.isnan(totals).any():
        return None
    at, ratio = _interval_indices(resamples, confidence)
    la, lb, ua, ub = (ranked[:, i] if -count <= i < count else np.zeros(len(columns)) for i in at)
    return (totals / count).tolist(), (la + (lb - la) * ratio).tolist(), (ua + (ub - ua) * ratio).tolist()


def _bounds(columns: List[List[Number]], resamples: Number, confidence: Number, exact: bool):
    """Per column the mean of the sorted resamples and the interval's bounds, unrounded; ``exact``:
    in Perl's arithmetic (values past the doubles' exact range)."""
    count = len(columns[0])
    at, ratio = _interval_indices(resamples, confidence)
    mean, low, high = [], [], []
    for column in columns:
        ranked, total = _ranked(column, exact)
        la, lb, ua, ub = (_perl_index(ranked, i, exact) for i in at)
        if exact:
            mean.append(perl_div(total, count))
            low.append(perl_add(la, perl_mul(perl_sub(lb, la), ratio)))
            high.append(perl_add(ua, perl_mul(perl_sub(ub, ua), ratio)))
        else:
            mean.append(total / count)
            low.append(la + (lb - la) * ratio)
            high.append(ua + (ub - ua) * ratio)
    return mean, low, high


def summarize(
    values,
    sums: Optional[list],
    token_mode: Optional[int],
    resamples: Number,
    confidence: Number,
    alpha: Number,
) -> Averages:
    """``computeAverages`` from a block's values (rows in Perl order: a list of 3-tuples or an (n, 3)
    array) and its resample sums (three columns: R, P, F sums, or with -t the model, peer and hit counts).
    Values past the doubles' exact range go through :func:`perl_summarize` (``sums`` unused).

    Perl quirk: the printed average is the mean of the sorted resample means, not the plain mean.
    """
    if not values_in_floats(values):
        return perl_summarize(table_rows(values), token_mode, resamples, confidence, alpha)
    return _summarize_in_floats(values, sums, token_mode, resamples, confidence, alpha)


def _summarize_in_floats(values, sums: Optional[list], token_mode: Optional[int], resamples: Number,
                         confidence: Number, alpha: Number) -> Averages:
    """:func:`summarize` where doubles give Perl's numbers."""
    totals: List[Number] = [0, 0, 0]
    if isinstance(values, list):
        if values:
            totals = [_running_sum([float(row[c]) for row in values]) for c in range(3)]
    elif len(values):  # an (n, 3) array: cumsum adds each column left to right, as the loop does
        totals = np.cumsum(values, axis=0, dtype=np.float64)[-1].tolist()
    printed = printed_values(values, token_mode, len(sums[0]) if sums else 0) if isinstance(values, list) else ()
    return averages_from_sums(totals, len(values), sums, token_mode, resamples, confidence, alpha, printed)


def averages_from_sums(totals: Sequence[Number], n: int, sums: Optional[list], token_mode: Optional[int],
                       resamples: Number, confidence: Number, alpha: Number, printed: tuple = ()) -> Averages:
    """A block's :class:`Averages` from its ``n`` instances' column ``totals`` and resample ``sums``
    (three columns, lists or the rows of an array; None under ``-t 2``), in doubles."""
    if token_mode == 2 or sums is None:
        return Averages((0.0,) * 3, (0.0,) * 3, (0.0,) * 3, tuple(totals), printed=printed)  # type: ignore[arg-type]
    count = len(sums[0])
    bounds = None
    if getattr(sums, "ndim", 0) == 2:  # an array (three columns as rows): in whole-array operations without -t
        array: np.ndarray = sums  # type: ignore[assignment]
        if token_mode is None and count:
            bounds = _bounds_of_array(array / n if n else np.zeros(array.shape), resamples, confidence)
        sums = sums if bounds is not None else array.tolist()
    if bounds is not None:
        mean, low, high = bounds
    else:
        if token_mode is None:
            columns = [list(map(truediv, col, repeat(n))) if n else [0.0] * count for col in sums]
        else:
            columns = [list(col) for col in zip(*[_token_ratios(row, alpha) for row in zip(*sums)])]
        mean, low, high = _bounds(columns, resamples, confidence, False)
    return Averages(
        tuple(r5(x) for x in mean), tuple(r5(x) for x in low), tuple(r5(x) for x in high),  # type: ignore[arg-type]
        tuple(totals), tuple(mean), tuple(low), tuple(high), printed,  # type: ignore[arg-type]
    )


def values_in_floats(values) -> bool:
    """Whether a block's values (rows of three, or an (n, 3) array) average in doubles as in Perl:
    :func:`perlmath.floats_suffice` on each column, every value drawn up to n times."""
    n = len(values)
    if isinstance(values, list):
        for c in range(3):
            column = [row[c] for row in values]
            total = sum(column) if column else 0
            # the usual scores and counts, checked in C loops; else value by value (NaN, past 2**52)
            if not (total == total and min(column, default=0) >= 0 and max(column, default=0) < float(1 << 52)
                    and total * n < float(1 << 53)) and not floats_suffice(column, n):
                return False
        return True
    if not n:
        return True
    low, high = float(values.min()), float(values.max())
    if low >= 0 and high * n * n < float(1 << 53):  # the usual scores and counts (a NaN fails both)
        return True
    small = (values >= 0) & (values < float(1 << 52))
    if not (small | (values >= float(1 << 63)) | np.isnan(values)).all():
        return False
    return float(np.where(small, values, 0.0).sum(axis=0).max()) * n < float(1 << 53)


def perl_summarize(rows: List[Sequence[Number]], token_mode: Optional[int], resamples: Number,
                   confidence: Number, alpha: Number) -> Averages:
    """``computeAverages`` and ``bootstrapResampling`` in Perl's arithmetic, for values past the
    doubles' exact range (ROUGE-W's counts under -t, its scores under tiny weights): sums of
    integers stay exact past 2**53, NVs holding integers are added as integers (``base.perlmath``)."""
    if token_mode is None:  # the stored values are sprintf("%7.5f") strings
        rows = [tuple(NumStr(v) for v in row) for row in rows]
    zeros = (0.0,) * 3
    n = len(rows)
    count = resample_count(resamples) if token_mode != 2 else 0
    totals, samples, values = _replay_sums(rows, token_mode, count)
    printed = tuple(map(tuple, values)) if token_mode is not None else ()  # as -d prints them
    if token_mode == 2:
        return Averages(zeros, zeros, zeros, totals, printed=printed)
    columns: List[List[Number]] = [[], [], []]
    for sample in samples:
        sample = [perl_div(x, n) for x in sample] if token_mode is None else _perl_token_ratios(sample, alpha)
        for c in range(3):
            columns[c].append(sample[c])
    mean, low, high = _bounds(columns, resamples, confidence, True)
    return Averages(
        tuple(r5(x) for x in mean), tuple(r5(x) for x in low), tuple(r5(x) for x in high),  # type: ignore[arg-type]
        totals, tuple(mean), tuple(low), tuple(high), printed,
    )


def _replay_sums(rows: Sequence[Sequence[Number]], token_mode: Optional[int], count: int):
    """The sums of ``computeAverages`` (each column from 0, in the instances' order) and, unless -t 2,
    of ``bootstrapResampling`` (per resample its first draw copied, the others added), in Perl's
    arithmetic. Returns (totals, the resamples' sums, the stored values as those sums leave them).

    Perl quirk: a sum that leaves its fast paths reads the stored value as an integer (or a double),
    which changes how it prints (-d with -t) and which paths later sums take (``perl_add_read``)."""
    values = [list(row) for row in rows]
    totals = []
    for c in range(3):
        total: Number = 0
        for row in values:
            total, row[c] = perl_add_read(total, row[c])
        totals.append(total)
    samples = []
    if token_mode != 2 and values:
        for draws in _draw_rows(len(values), count):
            sample = list(values[draws[0]])  # copies, with the flags of the moment
            for d in draws[1:]:
                row = values[d]
                for c in range(3):
                    sample[c], row[c] = perl_add_read(sample[c], row[c])
            samples.append(sample)
    return tuple(totals), samples, values


_BAND = (1e15, float(1 << 53))  # integers a double prints as %.15g and Perl, once read as integers, as digits


def printed_values(rows: List[Sequence[Number]], token_mode: Optional[int], count: int) -> tuple:
    """-d with -t prints each instance's raw counts. Perl quirk: an NV holding an integer below
    2**53 prints as digits once Perl has read it as an integer (a sum's generic path), else with
    %.15g; the two differ from 1e15 on. Returns the rows as the script's sums leave them
    (:func:`_replay_sums`), or () where nothing prints differently (values in that band are
    ROUGE-W's, from the step-by-step engine)."""
    if token_mode is None or not any(type(v) is float and _BAND[0] <= abs(v) < _BAND[1] for row in rows for v in row):
        return ()
    return tuple(map(tuple, _replay_sums(rows, token_mode, count)[2]))


def _perl_token_ratios(sample: Sequence[Number], alpha: Number) -> List[Number]:
    """:func:`_token_ratios` in Perl's arithmetic."""
    model, peer, hit = sample
    rec = perl_div(hit, model) if perl_gt(model, 0) else 0
    prec = perl_div(hit, peer) if perl_gt(peer, 0) else 0
    denom = perl_add(perl_mul(perl_sub(1, alpha), prec), perl_mul(alpha, rec))
    return [rec, prec, perl_div(perl_mul(rec, prec), denom) if perl_gt(denom, 0) else 0]


# A table past this many bytes is never sent to other processes: each share would be pickled whole
# (a copy in this process while it is sent, and one in each worker), which at ten million pairs (360 MB
# of int32) took a 678 MB run to 1.24 GB at its end; its bootstrap runs here instead (threads do not
# help: the draws are many small numpy calls, and two threads ran them 3x slower than one, GIL
# contention). A million pairs (72 MB of doubles) still share their bootstrap between processes.
SHIP_BYTES = 128 << 20


def _resample_parts(count: int, rows: int, workers, nbytes: int = 0) -> List[Tuple[int, int]]:
    """(count, first) of each process's share of the resamples: one share unless ``workers`` has
    several processes, the work (rows x resamples) is worth sending and the table (``nbytes``) is
    small enough to send (:data:`SHIP_BYTES`)."""
    parts = workers.active if workers is not None else 1
    if parts <= 1 or rows * count < 4_000_000 or nbytes > SHIP_BYTES:
        return [(count, 0)]
    bounds = np.linspace(0, count, parts + 1).astype(int)
    return [(int(b - a), int(a)) for a, b in zip(bounds[:-1], bounds[1:]) if b > a]


def parallel_bootstrap_sums(tables: Sequence[np.ndarray], count: int, workers=None) -> List[np.ndarray]:
    """``bootstrap_sums`` with the resamples split between ``workers``' processes (each resample is
    independent)."""
    shares = _resample_parts(count, sum(len(t) for t in tables), workers,
                             sum(getattr(t, "nbytes", 24 * len(t)) for t in tables))
    if len(shares) == 1:
        return bootstrap_sums(tables, count)
    results = workers.map(bootstrap_sums, [(tables, c, first) for c, first in shares])
    return [np.vstack([part[k] for part in results]) for k in range(len(tables))]


def parallel_resample_sums(values: np.ndarray, count: int, scales: Optional[np.ndarray] = None,
                           workers=None) -> np.ndarray:
    """:func:`resample_sums` of one table, the resamples split between ``workers``' processes."""
    shares = _resample_parts(count, len(values), workers, values.nbytes)
    if len(shares) == 1:
        return resample_sums(values, count, 0, scales)
    return np.vstack(workers.map(resample_sums, [(values, c, first, scales) for c, first in shares]))


def average_many(
    tables: Sequence,
    token_mode: Optional[int],
    resamples: Number,
    confidence: Number,
    alpha: Number,
    workers=None,
) -> List[Averages]:
    """``computeAverages`` for many blocks (values already in Perl order), sharing the draws.
    Tables are lists of 3-tuples or (n, 3) arrays; small bootstraps run without numpy."""
    if token_mode == 2:
        return [summarize(table_rows(t), None, token_mode, resamples, confidence, alpha) for t in tables]
    count = resample_count(resamples)
    if count == 0:
        raise RougeError(
            f"Illegal division by zero: -r {fmt_num(resamples)} leaves the bootstrap no resample to average"
        )
    # values past the doubles' exact range average in Perl's arithmetic, with their own draws
    exact = [not values_in_floats(t) for t in tables]
    in_floats = [t for t, e in zip(tables, exact) if not e]
    work = 0
    for t in in_floats:
        work += len(t) * count
    pure = all(isinstance(t, list) for t in in_floats) and (work <= PURE_BOOTSTRAP_WORK or not numpy_usable())
    out, next_sums = [], _grouped_sums(in_floats, count, pure, workers)
    for t, e in zip(tables, exact):
        if e:
            out.append(perl_summarize(table_rows(t), token_mode, resamples, confidence, alpha))
        else:
            out.append(_summarize_in_floats(t, next(next_sums), token_mode, resamples, confidence, alpha))
    return out


SUMS_GROUP = 256  # blocks whose resample sums are held at once: -n 100000 holds 100,003 blocks
GROUP_RESAMPLES = 1 << 22  # and at most this many resamples' sums in all (100 MB): -r 1000000 holds 4 blocks


def _grouped_sums(tables: Sequence, count: int, pure: bool, workers=None) -> Iterator[list]:
    """Each table's resample sums as columns of floats, in order, computed a group of blocks at a time:
    the draws depend only on (resample, n), so groups give the same sums, and memory stays bounded
    (about 100 KB per block as floats) where the Perl, block by block, needs none."""
    size = max(1, min(SUMS_GROUP, GROUP_RESAMPLES // max(count, 1)))
    for first in range(0, len(tables), size):
        group = tables[first:first + size]
        if pure:
            yield from pure_bootstrap_sums(group, count)
            continue
        load_numpy()
        arrays = [np.array(t, dtype=np.float64).reshape(-1, 3) if isinstance(t, list) else t for t in group]
        for sums in parallel_bootstrap_sums(arrays, count, workers):
            yield sums.T.tolist()


def _token_ratios(row: Sequence[float], alpha: Number) -> List[float]:
    """-t 1: a resample's corpus-level R = hits/model, P = hits/peer, F from them (unrounded)."""
    model, peer, hit = row
    rec = hit / model if model > 0 else 0.0
    prec = hit / peer if peer > 0 else 0.0
    return [rec, prec, f_score(prec, rec, alpha)]
