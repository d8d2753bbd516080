"""The script's scoring formulas, each written once: combining a peer's models (``-f A|B``), the
F-measure (``-p``), ROUGE-W's ratio and its weighted counts, and the names of a counts row.

Both engines, the report's ``--precise`` values and the extensions call these; the batched engine
has numpy twins (``*_many``) that compute the same doubles element by element.
"""
from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Sequence, Tuple

    import numpy as np

from ..base.perl import Number, r5, r5_many
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


def f_score(recall: float, precision: float, alpha: Number) -> float:
    """The script's F: P * R / ((1 - alpha) * P + alpha * R), 0 where the denominator is not positive."""
    denom = (1 - alpha) * precision + alpha * recall
    return (precision * recall) / denom if denom > 0 else 0.0


def f_measure(recall: float, precision: float, alpha: Number) -> float:
    """:func:`f_score` as the script stores it, rounded with ``%7.5f``."""
    denom = (1 - alpha) * precision + alpha * recall
    if denom > 0:
        return r5((precision * recall) / denom)
    return 0.0


def f_measure_many(recall: np.ndarray, precision: np.ndarray, alpha: Number) -> np.ndarray:
    """:func:`f_measure` element by element (the same doubles)."""
    import numpy as np

    denom = float(1 - alpha) * precision + float(alpha) * recall
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denom > 0, r5_many((precision * recall) / np.where(denom > 0, denom, 1)), 0.0)


def w_ratio(weighted_hit: Number, weighted_length: Number, weight: float) -> float:
    """ROUGE-W's R or P: the weighted hits over the weighted length, through the inverse weight."""
    return (weighted_hit / weighted_length) ** (1 / weight)


def w_power(length: Number, weight: float) -> float:
    """A length raised to the weight (ROUGE-W's counts). Perl quirk: the script applies it to the
    model's weighted length, already a sum of ``len**w``, so the model count is raised twice."""
    return float(length) ** weight
