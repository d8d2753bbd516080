"""The script's scoring formulas, each written once: combining a peer's models (``-f A|B``), the
F-measure (``-p``), ROUGE-W's ratio and its weighted counts, and the names of a counts row.

Both engines, the report's ``--precise`` values and the extensions call these; the batched engine
has numpy twins (``*_many``) that compute the same doubles element by element.

ROUGE-W's numbers are Perl's, not Python's (``base.perlmath``): ``k ** w`` of two integers is an
exact 64-bit integer where it fits, sums of integers stay exact past 2**53, overflow gives Inf and
Inf / Inf gives NaN. Where the weighted counts stay below :data:`W_FLOAT_LIMIT`, doubles give the
same numbers, and the step-by-step LCS tables and the batched engine compute in doubles.
"""
from __future__ import annotations

from collections import namedtuple
from operator import add

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, List, Optional, Sequence, Tuple

    import numpy as np

from ..base.perl import Number, perl_num, r5, r5_many
from ..base.perlmath import numify, perl_div, perl_div_read, perl_gt, perl_ne_zero_read, perl_pow
from ..base.records import dataclass  # dataclasses' records without its start-up cost

# One instance's counts row, as ``compute*Score`` returns it (both engines' tables have these columns).
COLUMNS = ("model_count", "hit", "recall", "peer_count", "precision", "f")
MODEL_COUNT, HIT, RECALL, PEER_COUNT, PRECISION, F = range(6)


class ModelMatch(namedtuple("ModelMatch", "hit model_count peer_count score")):
    """One peer against one model: hits, the two counts (numbers), and the score ``-f B`` compares."""

    __slots__ = ()


@dataclass(frozen=True)
class Counts:
    """What ``compute*Score`` returns for one evaluation: totals and rounded R, P, F."""

    model_count: Number
    hit: Number
    recall: float
    peer_count: Number
    precision: float
    f: float


def counts_row(c: Counts) -> Tuple[float, ...]:
    """A :class:`Counts` as a row of :data:`COLUMNS`."""
    return (c.model_count, c.hit, c.recall, c.peer_count, c.precision, c.f)


def hit_ratio(hit: Number, count: Number) -> float:
    """R or P of ROUGE-N, L, S and BE: hits over the count."""
    return hit / count


def combine(
    matches: Sequence[ModelMatch],
    score_mode: str,
    alpha: Number,
    ratio: Callable[[Number, Number], float] = hit_ratio,
    plus: Callable[[Number, Number], Number] = add,
) -> Counts:
    """Totals over models (``-f A``: sums with ``plus``; ``-f B``: the first strictly best model),
    then R, P, F. ROUGE-W passes :func:`w_ratio` and Perl's addition (its counts pass 2**53)."""
    hit: Number = 0
    model_count: Number = 0
    peer_count: Number = 0
    best: Number = -1
    exact = plus is not add  # Perl's numbers: compared as Perl compares them too
    for m in matches:
        if score_mode == "B":
            # Perl quirk: ties keep the earlier model; ROUGE-L compares unrounded scores; a NaN score
            # (ROUGE-W past the doubles' range) is never better
            if perl_gt(m.score, best) if exact else m.score > best:
                best = m.score
                hit, model_count, peer_count = m.hit, m.model_count, m.peer_count
        elif exact:  # "A" and any other value: model average
            hit = plus(hit, m.hit)
            model_count = plus(model_count, m.model_count)
            peer_count = plus(peer_count, m.peer_count)
        else:
            hit += m.hit
            model_count += m.model_count
            peer_count += m.peer_count
    recall = r5(ratio(hit, model_count)) if model_count != 0 else 0.0
    precision = r5(ratio(hit, peer_count)) if peer_count != 0 else 0.0
    return Counts(model_count, hit, recall, peer_count, precision, f_measure(precision, recall, alpha))


def f_score(precision: float, recall: float, alpha: Number) -> float:
    """The script's F: P * R / ((1 - alpha) * P + alpha * R), 0 where the denominator is not positive.
    Every F here takes (P, R) in that order."""
    denom = (1 - alpha) * precision + alpha * recall
    return (precision * recall) / denom if denom > 0 else 0.0


def f_measure(precision: float, recall: float, alpha: Number) -> float:
    """:func:`f_score` as the script stores it, rounded with ``%7.5f``."""
    denom = (1 - alpha) * precision + alpha * recall
    if denom > 0:
        return r5((precision * recall) / denom)
    return 0.0


def f_score_many(precision: np.ndarray, recall: np.ndarray, alpha: Number) -> np.ndarray:
    """:func:`f_score` element by element (the same doubles), unrounded: ``--precise``'s F."""
    import numpy as np

    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):  # ROUGE-W's Inf and NaN scores
        denom = float(1 - alpha) * precision + float(alpha) * recall
        return np.where(denom > 0, (precision * recall) / np.where(denom > 0, denom, 1), 0.0)


def f_measure_many(precision: np.ndarray, recall: np.ndarray, alpha: Number) -> np.ndarray:
    """:func:`f_measure` element by element (the same doubles): :func:`f_score_many` rounded."""
    return r5_many(f_score_many(precision, recall, alpha))


# -- ROUGE-W ----------------------------------------------------------------------------------------
# Below this, every weighted count and every sum of a few thousand of them is an exact double, so
# Python's floats give Perl's numbers; past it they may be exact integers past 2**53 in Perl, or
# doubles that Perl adds as integers (``base.perlmath``).
W_FLOAT_LIMIT = float(1 << 40)
PRINTED_AS_INTEGERS = 1e15  # Perl prints an integer's digits, a double's %.15g: the same below this


def w_weight(text: str) -> Number:
    """The -w value as the script's ``$weightFactor`` holds it after its ``> 0`` test: an integer
    where Perl reads the text as one ("5", "1e2"; then ``**`` computes exactly), else a double."""
    weight = _WEIGHTS.get(text)
    if weight is None:
        weight = _WEIGHTS[text] = numify(text, perl_num(text))
    return weight


_WEIGHTS: dict = {}  # -w text -> its number (a handful per process)


def w_power(length: Number, weight: Number) -> Number:
    """``wlcsWeight``: a length raised to the weight (Perl's ``**``: an exact integer where both are
    integers and it fits in 64 bits, else C's pow(), Inf past the doubles). Perl quirk: the script
    applies it to the model's weighted length too, already a sum of ``len**w``, so the model count
    is raised twice."""
    return perl_pow(length, weight)


def w_ratio(weighted_hit: Number, weighted_length: Number, weight: Number) -> Number:
    """``wlcsWeightInverse(hit / length, w)``: ROUGE-W's R or P, the weighted hits over the weighted
    length through the inverse weight. Perl quirk: Inf / Inf is NaN, and a ratio above 1 with a
    small weight overflows to Inf (``-w 1e-5``)."""
    inverse = _INVERSES.get(weight)
    if inverse is None:
        # a double (1 / w is no integer quotient past 2**53), the same for 5 and "5.0"
        inverse = _INVERSES[weight] = float(perl_div(1, weight))
    if (type(weighted_hit) is float and type(weighted_length) is float and weighted_hit > 0 < weighted_length
            and not inverse.is_integer()):
        try:  # two doubles, a positive ratio: C's / and pow() (perl_div and perl_pow's double paths)
            return (weighted_hit / weighted_length) ** inverse
        except OverflowError:
            pass
    return perl_pow(perl_div(weighted_hit, weighted_length), inverse)


_INVERSES: Dict[Number, float] = {}  # 1 / w per weight (a handful per process)


def w_table(longest: int, weight: Number) -> List[Number]:
    """``k ** w`` for k = 0 .. longest: the weights of runs and unit lengths."""
    return [perl_pow(k, weight) for k in range(longest + 1)]


def w_table_in_floats(table: Sequence[Number]) -> bool:
    """Whether an LCS table built on these weights (cells are sums and differences of two or three of
    them) computes the same in doubles as in Perl: all finite and below :data:`W_FLOAT_LIMIT`."""
    return table[-1] < W_FLOAT_LIMIT and max(table) < W_FLOAT_LIMIT  # NaN and Inf fail both


def w_table_many(longest: int, weight: Number) -> Optional[np.ndarray]:
    """:func:`w_table` as a numpy table for the batched engine, or None where doubles would not be
    the script's numbers (the step-by-step engine computes those)."""
    import numpy as np

    table = w_table(longest, weight)
    return np.array(table, dtype=np.float64) if w_table_in_floats(table) else None


def w_counts_many(lengths: np.ndarray, weight: Number) -> Optional[np.ndarray]:
    """:func:`w_power` of each weighted length or token count, for the batched engine; None where its
    doubles would not hold the script's numbers: an integer or an integer-valued double that Perl
    would add exactly past 2**53 or print as digits, once summed over the block's pairs."""
    import numpy as np

    values = lengths.tolist()
    if values and max(values) >= 2.0**52:  # sums of weights that Perl may have added exactly
        return None
    out = [perl_pow(v, weight) for v in values]
    bound = PRINTED_AS_INTEGERS / max(1, len(out))
    for v in out:
        if not (v < bound or (type(v) is float and (v >= 2.0**63 or v != v))):
            return None
    return np.array(out, dtype=np.float64)


def w_totals_printed(c: Counts, zeros: List[bool]) -> Counts:
    """ROUGE-W's totals as ``computeWLCSScore`` prints them under -v, after its ``!= 0`` tests and
    divisions. Perl quirk: those read the counts (and, divided by an integer count, the hits) as
    integers or doubles, so an NV holding an integer below 2**53 prints as digits, not %.15g; the
    two literal zeros keep, for the run, whether they have been read as doubles (``zeros``, updated)."""
    hit = c.hit
    nonzero, model_count, zeros[0] = perl_ne_zero_read(c.model_count, zeros[0])
    if nonzero:
        hit, model_count = perl_div_read(hit, model_count)
    nonzero, peer_count, zeros[1] = perl_ne_zero_read(c.peer_count, zeros[1])
    if nonzero:
        hit, peer_count = perl_div_read(hit, peer_count)
    return Counts(model_count, hit, c.recall, peer_count, c.precision, c.f)
