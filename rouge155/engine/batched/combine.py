"""From pair counts to instance rows: each instance's models combined by ``-f`` and ``-p``.

:data:`PAIR_COUNTS` is the batched engine's table from metric kind to its pair maths;
:func:`block_counts` gives a block's counts rows (model count, hit, R, peer count, P, F), the same
doubles as ``formulas.combine`` gives the step-by-step engine.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, List

    from ...base.options import Options

from ...base.lazy import np  # loaded by the caller once the run is known to need it (plan.scored_blocks)
from ...base.perl import r5, r5_many
from ...metrics.formulas import ModelMatch, combine, counts_row, f_measure_many, hit_ratio
from ..plan import LCS, NGRAM, SKIP, WLCS, MetricSpec
from .instances import ModelPairCounts, Pairs
from .lcs_pairs import lcs_pairs
from .ngram_pairs import ngram_pairs
from .skip_pairs import skip_pairs


# The batched engine's pair maths of each metric kind (BE is left to the step-by-step engine).
PAIR_COUNTS: Dict[str, Callable[[Pairs, MetricSpec, Options], ModelPairCounts]] = {
    NGRAM: lambda p, spec, _options: ngram_pairs(p, spec.n),
    SKIP: lambda p, spec, options: skip_pairs(p, options.skip_distance_num, spec.skip_unigrams),
    LCS: lambda p, _spec, _options: lcs_pairs(p, None),
    WLCS: lambda p, _spec, options: lcs_pairs(p, options.weight_num),
}


def block_counts(spec: MetricSpec, p: Pairs, options: Options) -> np.ndarray:
    """The (instances, 6) counts rows of one metric over a block's pairs."""
    counts = PAIR_COUNTS[spec.kind](p, spec, options)
    return combine_pairs(counts, p.pair_instance, len(p.instances), options.formula, options.alpha_num)


def combine_pairs(s: ModelPairCounts, pair_instance: np.ndarray, n_instances: int, formula: str, alpha) -> np.ndarray:
    """Per instance: (model count, hit, R, peer count, P, F), by ``formulas.combine`` (through
    ``s.ratio``: ROUGE-W's, else hits over counts)."""
    if len(pair_instance) == n_instances and np.array_equal(pair_instance, np.arange(n_instances)):
        return _single_model_rows(s, alpha)
    if formula != "B" and s.ratio is None and all(a.dtype.kind in "iu" for a in (s.hit, s.model_count, s.peer_count)):
        return _summed_rows(s, pair_instance, n_instances, alpha)
    ratio = s.ratio or hit_ratio
    groups: List[List[ModelMatch]] = [[] for _ in range(n_instances)]
    columns = (a.tolist() for a in (s.hit, s.model_count, s.peer_count, s.score()))
    for inst, match in zip(pair_instance.tolist(), map(ModelMatch._make, zip(*columns))):
        groups[inst].append(match)
    rows = [counts_row(combine(g, formula, alpha, ratio)) for g in groups]
    return np.array(rows, dtype=np.float64).reshape(-1, 6)


def _ratios(hit: np.ndarray, count: np.ndarray, ratio) -> np.ndarray:
    """r5(ratio(hit, count)) where count != 0, else 0."""
    if ratio is None:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(count != 0, r5_many(hit / np.where(count != 0, count, 1)), 0.0)
    return np.array([r5(ratio(h, c)) if c != 0 else 0.0 for h, c in zip(hit.tolist(), count.tolist())])


def _single_model_rows(s: ModelPairCounts, alpha) -> np.ndarray:
    """``combine_pairs`` where every instance has exactly one model: both formulas take that model's
    counts as they are, so R, P and F are computed for all instances at once."""
    return _rows(s.hit.astype(np.float64), s.model_count.astype(np.float64), s.peer_count.astype(np.float64),
                 s.ratio, alpha)


def _summed_rows(s: ModelPairCounts, pair_instance: np.ndarray, n_instances: int, alpha) -> np.ndarray:
    """``combine_pairs`` under ``-f A`` with integer counts and hits over counts: each instance's sums
    over its models (integers: exact in doubles), then R, P and F for all instances at once, as
    ``formulas.combine`` computes them from the same integers."""
    hit, model_count, peer_count = (np.bincount(pair_instance, weights=a.astype(np.float64), minlength=n_instances)
                                    for a in (s.hit, s.model_count, s.peer_count))
    return _rows(hit, model_count, peer_count, None, alpha)


def _rows(hit: np.ndarray, model_count: np.ndarray, peer_count: np.ndarray, ratio, alpha) -> np.ndarray:
    """Counts rows (model count, hit, R, peer count, P, F) of an instance's totals."""
    recall = _ratios(hit, model_count, ratio)
    precision = _ratios(hit, peer_count, ratio)
    f = f_measure_many(precision, recall, alpha)
    return np.stack([model_count, hit, recall, peer_count, precision, f], axis=1)
