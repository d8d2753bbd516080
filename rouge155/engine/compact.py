"""A streamed run's per-instance numbers, kept compact until the report (``docs/performance.md``).

What a block's report needs of each instance is three numbers: R, P and F as the script stores them
(``sprintf("%7.5f")``: a multiple of 1e-5 read back as a double), or under ``-t`` the model, peer
and hit counts (integers, except ROUGE-W's). Such a number ``v`` is held as the integer ``k`` with
``k / scale == v`` exactly (scale 1e5 for a score, 1 for a count): ``k / 1e5`` is the correctly
rounded quotient, the same double as the decimal read back. So an int32 table holds them, 4 bytes a
number instead of a float's 8, and gives back the very doubles. A table whose numbers do not all
encode so (a NaN, a negative zero, ROUGE-W's weighted counts, a count past 2**31) becomes float64,
the numbers as they are.

The rows of a :class:`ValueTable` are in the order the bootstrap adds them (Perl's ``sort keys`` of
the instances' keys): where the keys are ``1.S`` .. ``N.S`` (plain text), each row's place is known
when it arrives (:func:`sequential_key_ranks`); otherwise rows arrive in input order and are put in
place once all are in (:meth:`ValueTable.reordered`).
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Iterator, List, Optional, Sequence

from ..base.lazy import np
from ..metrics.formulas import F, PRECISION, RECALL

SCORE_SCALE = 1e5  # the script's %7.5f: five decimals
_INT_LIMIT = float(1 << 31)
_SLICE = 1 << 18  # rows decoded at once where a whole float column would be large
# Tables up to this size as doubles are decoded before the bootstrap (whose draws then add the
# doubles as they are: a division per drawn number costs the bootstrap half its time again); larger
# ones stay int32 (their doubles would be twice the memory): about 3.5 million pairs of ROUGE-1, -2, -L.
FLOAT_BOOTSTRAP_BYTES = 256 << 20


def column_scales(columns: Sequence[int], blocks: int) -> np.ndarray:
    """The scale of each table column: ``columns`` (counts-row indices) repeated per block."""
    one = [SCORE_SCALE if c in (RECALL, PRECISION, F) else 1.0 for c in columns]
    return np.array(one * blocks, dtype=np.float64)


def encoded(values: np.ndarray, scales: np.ndarray) -> Optional[np.ndarray]:
    """``values`` (m, width) as int32 ``k`` with ``k / scales == values`` exactly, or None where one
    does not encode (NaN, Inf, -0.0, a fraction finer than the scale, past 2**31)."""
    with np.errstate(all="ignore"):
        k = np.rint(values * scales)
        if not (np.abs(k) < _INT_LIMIT).all():
            return None
        if not np.array_equal(k / scales, values) or np.signbit(values[values == 0]).any():
            return None
    return k.astype(np.int32)


class ValueTable:
    """(n, width) numbers of one system's blocks (``width`` columns with their ``scales``), int32
    while every number encodes, else float64. Rows are filled by :meth:`put` at given places."""

    def __init__(self, n: int, scales: np.ndarray):
        self.scales = scales
        self.values = np.zeros((n, len(scales)), dtype=np.int32)
        self.filled = 0

    def __len__(self) -> int:
        return len(self.values)

    def reserve(self, rows: int) -> None:
        """Room for ``rows`` rows (grown by half at least: ``realloc``, which moves large blocks by
        remapping their pages, so that growing does not hold the table twice)."""
        if rows > len(self.values):
            self.values.resize((max(rows, len(self.values) * 3 // 2), self.values.shape[1]), refcheck=False)

    @property
    def is_int(self) -> bool:
        return self.values.dtype == np.int32

    def put(self, places: np.ndarray, rows: np.ndarray) -> None:
        """Rows (m, width) at ``places`` (m,): int32 as :func:`encoded` gives them, or doubles."""
        if rows.dtype != np.int32 and self.is_int:
            k = encoded(rows, self.scales)
            if k is None:  # float64 from now on: the same doubles
                self.values = self.values / self.scales
            else:
                rows = k
        if rows.dtype == np.int32 and not self.is_int:
            rows = rows / self.scales
        self.values[places] = rows
        self.filled += len(places)

    def decoded(self, start: int = 0, stop: Optional[int] = None, columns=slice(None)) -> np.ndarray:
        """Rows start..stop (columns ``columns``) as the doubles they stand for."""
        part = self.values[start:stop, columns]
        return part / self.scales[columns] if self.is_int else part.copy()

    def slices(self, columns=slice(None)) -> Iterator[np.ndarray]:
        """All rows as doubles, a slice of rows at a time."""
        for start in range(0, len(self.values), _SLICE):
            yield self.decoded(start, start + _SLICE, columns)

    def reordered(self, order: np.ndarray) -> None:
        """Put row ``order[i]`` at row i (rows arrived in input order; ``order`` is the sort's), in
        place, a column at a time: one column's worth of memory more, not a second table."""
        for column in range(self.values.shape[1]):
            self.values[:, column] = self.values[order, column]

    def column_totals(self, columns) -> List[float]:
        """Each column's running sum left to right from its first row, as ``np.cumsum`` adds (the
        script's loop over the instances); [0, 0, 0] for no row."""
        total = None
        for part in self.slices(columns):
            if total is not None:
                part = np.vstack([total[None, :], part])
            total = np.cumsum(part, axis=0)[-1]
        return total.tolist() if total is not None else [0, 0, 0]

    def bounds(self, columns) -> tuple:
        """(lowest, highest) number of these columns, as doubles."""
        part = self.values[:, columns]
        if not len(part):
            return 0.0, 0.0
        scales = self.scales[columns]
        low = (part.min(axis=0) / scales) if self.is_int else part.min(axis=0)
        high = (part.max(axis=0) / scales) if self.is_int else part.max(axis=0)
        return float(low.min()), float(high.max())


def sequential_key_ranks(n: int) -> np.ndarray:
    """For i < n, the place of key ``"{i + 1}.S"`` among all n in Perl's ``sort keys`` (string) order:
    the decimal numbers in dictionary order, a number before those it is a prefix of (``.`` sorts
    before every digit; S is the same in every key, so it never decides). int32 (int64 past 2**31 keys),
    computed a slice at a time: memory for the result only."""
    ranks = np.empty(n, dtype=np.int32 if n < 1 << 31 else np.int64)
    for start in range(0, n, _SLICE * 4):
        stop = min(n, start + _SLICE * 4)
        ranks[start:stop] = _dictionary_ranks(n, np.arange(start + 1, stop + 1, dtype=np.int64))
    return ranks


def _dictionary_ranks(n: int, x: np.ndarray) -> np.ndarray:
    """How many of the numbers 1..n come before each x in dictionary order: for each length L, the
    L-digit numbers below x's first L digits (x padded with zeros when shorter), and x's proper
    prefixes."""
    width = len(str(n))
    pow10 = 10 ** np.arange(width + 1, dtype=np.int64)
    lengths = np.ones(len(x), dtype=np.int64)
    for j in range(1, width):
        lengths += x >= pow10[j]
    rank = np.zeros(len(x), dtype=np.int64)
    for length in range(1, width + 1):
        shift = lengths - length
        bound = np.where(shift >= 0, x // pow10[np.maximum(shift, 0)], x * pow10[np.maximum(-shift, 0)])
        np.minimum(bound, min(n, int(pow10[length]) - 1) + 1, out=bound)  # the L-digit numbers are at most n
        bound -= pow10[length - 1]
        np.maximum(bound, 0, out=bound)
        rank += bound
        rank += shift > 0
    return rank


def table_averages(table: ValueTable, blocks: int, token_mode: Optional[int], resamples, confidence, alpha,
                   workers=None) -> list:
    """``aggregate.average_many`` for the ``blocks`` blocks of one system whose values (three columns
    each, rows in Perl order) ``table`` holds: the same checks in the same order, the same draws, the
    same additions, so the same :class:`~rouge155.engine.aggregate.Averages`."""
    from ..base.errors import RougeError
    from ..base.perl import fmt_num
    from .aggregate import (averages_from_sums, parallel_resample_sums, perl_summarize, resample_count,
                            values_in_floats)

    n = len(table)
    columns = [slice(3 * b, 3 * b + 3) for b in range(blocks)]
    if token_mode == 2:
        return [averages_from_sums(table.column_totals(c), n, None, token_mode, resamples, confidence, alpha)
                for c in columns]
    count = resample_count(resamples)
    if count == 0:
        raise RougeError(
            f"Illegal division by zero: -r {fmt_num(resamples)} leaves the bootstrap no resample to average"
        )
    exact = []
    for c in columns:
        low, high = table.bounds(c)
        # the usual scores and counts; else the check of the in-memory path on the doubles themselves
        usual = low >= 0 and high * n * n < float(1 << 53)
        exact.append(not usual and not values_in_floats(table.decoded(columns=c)))
    sums = np.zeros((count, 0))
    if table.is_int and table.values.size * 8 <= FLOAT_BOOTSTRAP_BYTES:
        table.values = table.values / table.scales  # the same doubles, added without a division per draw
    if not all(exact):
        sums = parallel_resample_sums(table.values, count, table.scales if table.is_int else None, workers)
    out = []
    for c, e in zip(columns, exact):
        if e:
            out.append(perl_summarize(table.decoded(columns=c).tolist(), token_mode, resamples, confidence, alpha))
        else:
            out.append(averages_from_sums(table.column_totals(c), n, sums[:, c].T, token_mode, resamples,
                                          confidence, alpha))
    return out
