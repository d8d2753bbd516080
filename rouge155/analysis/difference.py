"""Is one metric's correlation with human scores higher than another's? The paired tests of Deutsch, Dror
and Roth (TACL 2021, "A Statistical Analysis of Summarization Evaluation Metrics using Resampling
Methods"), as sacrerouge's ``stat-sig-test`` runs them, on resamples shared by every metric.

* PERM-BOTH: both metrics' scores are standardized (over the whole grid); each resample swaps the two
  metrics' scores in every (system, document) cell with probability 1/2 (whole systems or whole
  documents with ``resample="systems"``/``"documents"``). p = (1 + #{delta* >= delta}) / (P + 1), on
  |delta| when two-sided; every swap pattern (exact, #/2^cells) when they fit in the resamples.
* BOOT-BOTH: systems and documents drawn with replacement (the :class:`~.levels.Draws` the intervals
  use); delta* the difference on each resample; p = #{delta* >= 2 delta} / #resamples (|.| when
  two-sided; resamples where a side has no correlation are left out), and the percentile interval of
  delta* is the interval of the difference.
* "Every variant against the best": per column the best observed correlation, each other one tested
  one-sided (best > other), p-values adjusted over those comparisons (Holm by default, or Bonferroni).

Functions take numpy matrices (systems x documents) so the grid tool can call them directly.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from dataclasses import field as dataclass_field
from typing import Dict, Hashable, List, Mapping, Optional, Tuple

import numpy as np

from . import levels, stats
from .results import MEASURE_LABEL
from .validate import finite_or_null

ALTERNATIVES = ("two-sided", "greater")
TESTS = ("permutation", "bootstrap")
_EXACT_UNITS = 20  # at most 2**20 swap patterns enumerated
_CELL_BUDGET = 2_000_000  # cells of the permuted grids built at once


@dataclass(frozen=True)
class Swaps:
    """Which cells the permutation test swaps in each resample: P x N x M booleans (a broadcast view
    when whole systems or documents swap). ``exact``: every pattern, once."""

    masks: np.ndarray
    exact: bool

    @classmethod
    def make(cls, n_systems: int, n_documents: int, resamples: int, seed: int = 0, resample: str = "both") -> "Swaps":
        if resample not in levels.RESAMPLE_OVER:
            raise ValueError(f"resample must be one of {', '.join(levels.RESAMPLE_OVER)}, not {resample!r}")
        if resamples < 1 or seed < 0:
            raise ValueError("resamples must be at least 1 and seed a non-negative integer")
        shape = {"both": (n_systems, n_documents), "systems": (n_systems, 1), "documents": (1, n_documents)}[resample]
        units = shape[0] * shape[1]
        if units <= _EXACT_UNITS and 2 ** units <= resamples:
            codes = np.arange(2 ** units)[:, None] >> np.arange(units)[None, :]
            flat, exact = (codes & 1).astype(bool), True
        else:
            rng = np.random.Generator(np.random.PCG64([seed, 0, 1]))  # a stream of its own
            flat, exact = rng.random((resamples, units)) < 0.5, False
        masks = np.broadcast_to(flat.reshape((-1,) + shape), (flat.shape[0], n_systems, n_documents))
        return cls(masks, exact)


@dataclass(frozen=True)
class PairedDifference:
    """corr(A, human) - corr(B, human), its bootstrap interval, and both tests' p-values."""

    value_a: float
    value_b: float
    difference: float
    ci_low: float
    ci_high: float
    p_permutation: float
    p_bootstrap: float
    exact_permutation: bool


def _standardize(x: np.ndarray) -> np.ndarray:
    spread = float(np.std(x))
    centred = x - float(np.mean(x))
    return centred / spread if spread > 0 and math.isfinite(spread) else centred


def grid_values(grids: np.ndarray, z: np.ndarray, level: str, coefficient: str) -> np.ndarray:
    """The level's correlation with ``z`` (N x M) for each of the K grids of ``grids`` (K x N x M)."""
    f = stats.CORRELATION_FUNCTIONS[coefficient]
    k, n, m = grids.shape
    if level == "system":
        return f(grids.mean(axis=2), np.broadcast_to(z.mean(axis=1), (k, n)))
    per_doc = f(grids.transpose(0, 2, 1).reshape(k * m, n), np.broadcast_to(z.T, (k, m, n)).reshape(k * m, n))
    return _document_means(per_doc.reshape(k, m))


def _document_means(per_doc: np.ndarray) -> np.ndarray:
    """Per row of ``per_doc`` (grids x documents), the mean of the defined correlations."""
    ok = np.isfinite(per_doc)
    count = ok.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(count > 0, np.where(ok, per_doc, 0.0).sum(axis=1) / count, np.nan)


def _permuted_deltas(xs: np.ndarray, ys: np.ndarray, z: np.ndarray, level: str, coefficient: str,
                     swaps: Swaps) -> np.ndarray:
    if level == "summary" and np.isfinite(xs).all() and np.isfinite(ys).all():
        # Each column's correlations over every swap pattern at once (the same numbers as grid_values').
        a, b = stats.swapped_column_correlations(xs, ys, z, swaps.masks, coefficient)
        return _document_means(a) - _document_means(b)
    total = swaps.masks.shape[0]
    step = max(1, _CELL_BUDGET // max(1, xs.size))
    out = np.empty(total)
    for start in range(0, total, step):
        mask = swaps.masks[start:start + step]
        a = np.where(mask, ys, xs)
        b = np.where(mask, xs, ys)
        out[start:start + step] = grid_values(a, z, level, coefficient) - grid_values(b, z, level, coefficient)
    return out


def permutation_p(deltas: np.ndarray, observed: float, exact: bool, alternative: str) -> float:
    """PERM's p: resampled differences at least as extreme as the observed one (NaN ones never are)."""
    if alternative == "two-sided":
        deltas, observed = np.abs(deltas), abs(observed)
    extreme = int(stats.at_least(deltas, observed).sum())
    p = extreme / len(deltas) if exact else (1 + extreme) / (len(deltas) + 1)
    return min(1.0, p)


def bootstrap_p(deltas: np.ndarray, observed: float, alternative: str) -> float:
    """BOOT's p (Berg-Kirkpatrick et al., 2012, as sacrerouge): #{delta* >= 2 delta} over the defined resamples."""
    deltas = deltas[np.isfinite(deltas)]
    if not deltas.size or not math.isfinite(observed):
        return math.nan
    if alternative == "two-sided":
        deltas, observed = np.abs(deltas), abs(observed)
    return float(stats.at_least(deltas, 2 * observed).mean())


def boot_values(x: np.ndarray, z: np.ndarray, level: str, coefficient: str, draws: levels.Draws) -> np.ndarray:
    """Per bootstrap resample, the level's correlation of ``x`` with ``z`` (what the intervals use)."""
    if level == "system":
        return levels.boot_system(x, z, coefficient, draws)
    per_doc = levels.boot_per_document(x, z, [coefficient], draws)[coefficient]
    return levels.weighted_document_mean(per_doc, draws.document_weights)


def observed_value(x: np.ndarray, z: np.ndarray, level: str, coefficient: str) -> float:
    if level == "system":
        return levels.system_level(x, z, coefficient)
    return levels.summary_level(x, z, coefficient)


def paired_difference(x, y, z, level: str, coefficient: str, draws: levels.Draws, swaps: Swaps,
                      confidence: float = 95.0, alternative: str = "two-sided",
                      boot_x: Optional[np.ndarray] = None, boot_y: Optional[np.ndarray] = None) -> PairedDifference:
    """PERM and BOOT tests of corr(x, z) vs corr(y, z) (systems x documents each), with the bootstrap
    interval of the difference. ``boot_x``/``boot_y``: :func:`boot_values` already computed."""
    x, y, z = (np.asarray(v, dtype=float) for v in (x, y, z))
    if not x.shape == y.shape == z.shape or x.ndim != 2:
        raise ValueError(f"x, y and z must be systems x documents arrays of one shape, not {x.shape}, {y.shape}, "
                         f"{z.shape}")
    if alternative not in ALTERNATIVES:
        raise ValueError(f"alternative must be one of {', '.join(ALTERNATIVES)}, not {alternative!r}")
    value_a, value_b = observed_value(x, z, level, coefficient), observed_value(y, z, level, coefficient)
    boot_x = boot_values(x, z, level, coefficient, draws) if boot_x is None else boot_x
    boot_y = boot_values(y, z, level, coefficient, draws) if boot_y is None else boot_y
    boot = boot_x - boot_y
    low, high = stats.percentile_interval(boot, confidence)
    xs, ys = _standardize(x), _standardize(y)
    observed = (observed_value(xs, z, level, coefficient) - observed_value(ys, z, level, coefficient))
    permuted = _permuted_deltas(xs, ys, z, level, coefficient, swaps)
    p_perm = permutation_p(permuted, observed, swaps.exact, alternative) if math.isfinite(observed) else math.nan
    return PairedDifference(value_a, value_b, value_a - value_b, low, high, p_perm,
                            bootstrap_p(boot, value_a - value_b, alternative), swaps.exact)


def against_best(scores: Mapping[Hashable, np.ndarray], z, level: str, coefficient: str, draws: levels.Draws,
                 swaps: Swaps, confidence: float = 95.0, correction: str = "holm",
                 boots: Optional[Mapping[Hashable, np.ndarray]] = None
                 ) -> Tuple[Optional[Hashable], Dict[Hashable, Tuple[PairedDifference, float, float]]]:
    """The metric (key of ``scores``) with the highest correlation, and for every other one the
    one-sided tests of best > it: {key: (result, adjusted p permutation, adjusted p bootstrap)}.
    ``boots``: each metric's :func:`boot_values` on ``draws``, if already computed (the intervals')."""
    if correction not in stats.CORRECTIONS:
        raise ValueError(f"correction must be one of {', '.join(stats.CORRECTIONS)}, not {correction!r}")
    z = np.asarray(z, dtype=float)
    observed = {k: observed_value(np.asarray(v, dtype=float), z, level, coefficient) for k, v in scores.items()}
    defined = [k for k, v in observed.items() if math.isfinite(v)]
    if not defined:
        return None, {}
    best = max(defined, key=lambda k: observed[k])  # the first of equal ones
    if boots is None:
        boots = {k: boot_values(np.asarray(scores[k], dtype=float), z, level, coefficient, draws) for k in defined}
    results = {k: paired_difference(scores[best], scores[k], z, level, coefficient, draws, swaps, confidence,
                                    "greater", boots[best], boots[k]) for k in defined if k != best}
    keys = list(results)
    adj_perm = stats.correct([_p_or_one(results[k].p_permutation) for k in keys], correction)
    adj_boot = stats.correct([_p_or_one(results[k].p_bootstrap) for k in keys], correction)
    return best, {k: (results[k], pp, pb) for k, pp, pb in zip(keys, adj_perm, adj_boot)}


def _p_or_one(p: float) -> float:
    return p if math.isfinite(p) else 1.0


@dataclass(frozen=True)
class DifferenceTest:
    """One test as the correlate tool reports it: metric A (``variant_a``, ``metric_a``, ``measure_a``)
    against B, in one column (human score, level, coefficient). ``family``: "pair" (asked for) or
    "best" (A is the column's best); ``comparisons``: how many tests the p-values are adjusted over."""

    human: str
    level: str
    coefficient: str
    variant_a: str
    metric_a: str
    measure_a: str
    variant_b: str
    metric_b: str
    measure_b: str
    value_a: float
    value_b: float
    difference: float
    ci_low: float
    ci_high: float
    p_permutation: float
    p_bootstrap: float
    p_permutation_adjusted: float
    p_bootstrap_adjusted: float
    alternative: str
    exact_permutation: bool
    family: str
    comparisons: int

    def fields(self) -> dict:
        return asdict(self)


@dataclass
class Differences:
    """The difference tests of one correlate run and how they were decided."""

    tests: List[DifferenceTest]
    correction: str = "holm"
    alpha: float = 0.05
    decide_by: str = "permutation"
    notes: List[str] = dataclass_field(default_factory=list)

    def p_value(self, t: DifferenceTest) -> float:
        return t.p_permutation_adjusted if self.decide_by == "permutation" else t.p_bootstrap_adjusted

    def verdict(self, t: DifferenceTest) -> str:
        """'>' or '<' where the difference is significant at alpha after correction, '~' where not."""
        p = self.p_value(t)
        if not (math.isfinite(p) and p < self.alpha) or t.difference == 0:
            return "~"
        return ">" if t.difference > 0 else "<"

    def to_document(self) -> dict:
        return {"correction": self.correction, "alpha": self.alpha, "decide_by": self.decide_by,
                "notes": list(self.notes),
                "tests": [dict(finite_or_null(t.fields()), verdict=self.verdict(t)) for t in self.tests]}

    def heading(self, resamples: int, resample: str, seed: int, confidence: float) -> str:
        over = {"both": "systems and documents", "systems": "systems", "documents": "documents"}[resample]
        return (f"Differences between correlations: PERM and BOOT resampling {over} (Deutsch et al., 2021), "
                f"{resamples} resamples, seed {seed}, {confidence:g}% interval of the difference; p adjusted over "
                f"each column's tests ({self.correction}); verdict by the {self.decide_by} test at alpha "
                f"{self.alpha:g}: '>'/'<' significant, '~' not. Against the best: one-sided (best > other).")

    def text_lines(self) -> List[str]:
        lines = [f"note: {n}" for n in self.notes]
        groups: Dict[Tuple[str, str, str], List[DifferenceTest]] = {}
        for t in self.tests:
            groups.setdefault((t.human, t.level, t.coefficient), []).append(t)
        for (human, level, coefficient), tests in groups.items():
            lines.append("")
            lines.append(f"{human}: {level} level, {coefficient}")
            names = [(label(t.variant_a, t.metric_a, t.measure_a), label(t.variant_b, t.metric_b, t.measure_b))
                     for t in tests]
            wa, wb = max(len(a) for a, _ in names), max(len(b) for _, b in names)
            for t, (a, b) in zip(tests, names):
                kind = "best" if t.family == "best" else "pair"
                lines.append(f"  {a:<{wa}} {self.verdict(t)} {b:<{wb}}  {kind}  A-B {_signed(t.difference)} "
                             f"[{_signed(t.ci_low)}, {_signed(t.ci_high)}]  p perm {_p(t.p_permutation)} "
                             f"adj {_p(t.p_permutation_adjusted)}  p boot {_p(t.p_bootstrap)} "
                             f"adj {_p(t.p_bootstrap_adjusted)}" + ("  exact" if t.exact_permutation else ""))
        return lines


def label(variant: str, metric: str, measure: str) -> str:
    """How a metric is named in tables: ``[variant: ]ROUGE-2 R``."""
    text = f"{metric} {MEASURE_LABEL.get(measure, measure)}"
    return text if variant in ("", "-") else f"{variant}: {text}"


def _signed(x: float) -> str:
    return "   nan" if not math.isfinite(x) else f"{x:+.4f}"


def _p(p: float) -> str:
    if not math.isfinite(p):
        return "   nan"
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"
