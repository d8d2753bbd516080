"""Paired significance tests between systems, per metric and measure, on the evaluations they share.

For each pair of systems: the mean difference of their per-evaluation scores, a paired bootstrap test
(with the bootstrap interval of the difference) and a paired permutation (sign-flip) test, exact when
2**n sign patterns fit in the resamples; p-values adjusted over the pairs of each metric and measure
(Bonferroni by default, or Holm). Draws are seeded per number of evaluations, so a pair's result does
not depend on which other systems or metrics are compared.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ..base.errors import RougeError
from . import stats
from .results import MEASURE_LABEL, MEASURES, Run
from .validate import Reader, check_arguments, check_resample_memory, finite_or_null

TESTS = ("permutation", "bootstrap")


@dataclass(frozen=True)
class PairTest:
    """One pair on one metric and measure; ``system_a`` has the higher mean (A > B)."""

    metric: str
    measure: str
    system_a: str
    system_b: str
    n: int
    mean_a: float
    mean_b: float
    difference: float
    ci_low: float
    ci_high: float
    p_bootstrap: float
    p_permutation: float
    p_bootstrap_adjusted: float
    p_permutation_adjusted: float
    exact_permutation: bool


@dataclass
class Comparison:
    tests: List[PairTest]
    resamples: int = 1000
    seed: int = 0
    correction: str = "bonferroni"
    alpha: float = 0.05
    decide_by: str = "permutation"
    confidence: float = 95.0
    notes: List[str] = field(default_factory=list)

    def p_value(self, t: PairTest) -> float:
        """The adjusted p-value the verdict uses."""
        return t.p_permutation_adjusted if self.decide_by == "permutation" else t.p_bootstrap_adjusted

    def verdict(self, t: PairTest) -> str:
        """``A > B`` when significant at alpha after correction, else ``A ~ B``; ``A = B`` for no difference."""
        if t.difference == 0:
            return f"{t.system_a} = {t.system_b}"
        sign = ">" if self.p_value(t) < self.alpha else "~"
        return f"{t.system_a} {sign} {t.system_b}"

    def to_document(self) -> dict:
        return {
            "tool": "rouge155-compare",
            "resamples": self.resamples,
            "seed": self.seed,
            "correction": self.correction,
            "alpha": self.alpha,
            "decide_by": self.decide_by,
            "confidence": self.confidence,
            "notes": list(self.notes),
            "tests": [dict(finite_or_null(asdict(t)), verdict=self.verdict(t), significant=self.p_value(t) < self.alpha)
                      for t in self.tests],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_document(), indent=1, allow_nan=False) + "\n"

    def to_text(self) -> str:
        head = (f"Paired tests on the evaluations both systems have: permutation (sign-flip; exact when 2^n "
                f"patterns fit in {self.resamples}) and bootstrap, {self.resamples} resamples, seed {self.seed}; "
                f"p adjusted over the pairs of each metric ({self.correction}); verdict by the "
                f"{self.decide_by} test at alpha {self.alpha:g} ('>' significant, '~' not).")
        lines = [head]
        lines.extend(f"note: {n}" for n in self.notes)
        groups: Dict[Tuple[str, str], List[PairTest]] = {}
        for t in self.tests:
            groups.setdefault((t.metric, t.measure), []).append(t)
        width = max([len(self.verdict(t)) for t in self.tests] + [7])
        conf = f"{self.confidence:g}%"
        for (metric, measure), tests in groups.items():
            lines.append("")
            lines.append(f"{metric} {MEASURE_LABEL[measure]} ({measure})")
            lines.append(f"  {'verdict':<{width}}  {'n':>4}  {'mean A':>8}  {'mean B':>8}  {'A - B':>8}  "
                         f"{conf + ' interval':>19}  {'p perm':>8}  {'adj':>8}  {'p boot':>8}  {'adj':>8}")
            for t in tests:
                lines.append(
                    f"  {self.verdict(t):<{width}}  {t.n:>4}  {_score(t.mean_a)}  {_score(t.mean_b)}  "
                    f"{_score(t.difference)}  "
                    f"[{_score(t.ci_low)}, {_score(t.ci_high)}]  {_p(t.p_permutation):>8}  "
                    f"{_p(t.p_permutation_adjusted):>8}  {_p(t.p_bootstrap):>8}  {_p(t.p_bootstrap_adjusted):>8}"
                    + ("  exact" if t.exact_permutation else ""))
        return "\n".join(lines) + "\n"


def _score(x: float) -> str:
    """A score as %8.5f; in powers of ten when that would run to hundreds of digits (scores near 1e308)."""
    return f"{x:8.5f}" if abs(x) < 1e6 or not math.isfinite(x) else f"{x:8.2e}"


def _p(p: float) -> str:
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"


def _pair_test(r: Reader, t: Mapping, where: str) -> PairTest:
    def get(key):
        return r.field(t, key, where)

    def num(key):
        return r.number(get(key), f"{where}.{key}", nullable=True)

    def prob(key):
        return r.probability(get(key), f"{where}.{key}")

    return PairTest(
        r.text(get("metric"), f"{where}.metric"), r.choice(get("measure"), f"{where}.measure", MEASURES),
        r.text(get("system_a"), f"{where}.system_a"), r.text(get("system_b"), f"{where}.system_b"),
        r.integer(get("n"), f"{where}.n", 0), num("mean_a"), num("mean_b"), num("difference"), num("ci_low"),
        num("ci_high"), prob("p_bootstrap"), prob("p_permutation"), prob("p_bootstrap_adjusted"),
        prob("p_permutation_adjusted"), r.flag(get("exact_permutation"), f"{where}.exact_permutation"))


def comparison_from_document(doc: Mapping, source: str = "") -> Comparison:
    """A Comparison back from its JSON (``rouge155-compare --format json``), every field checked:
    names are strings, measures and tests known, n a whole number, p-values in [0, 1]."""
    r = Reader(source or "comparison", "rouge155-compare JSON result")

    def get(key, default=...):
        return r.field(doc, key, "", default)

    tests = [_pair_test(r, t, where) for where, t in r.objects(get("tests"), "tests")]
    return Comparison(tests, r.integer(get("resamples"), "resamples", 1), r.integer(get("seed"), "seed", 0),
                      r.choice(get("correction"), "correction", stats.CORRECTIONS),
                      r.number(get("alpha"), "alpha", 0.0, 1.0), r.choice(get("decide_by"), "decide_by", TESTS),
                      r.number(get("confidence", 95.0), "confidence", 0.0, 100.0),
                      r.texts(get("notes", []), "notes"))


def compare(
    run: Run,
    metrics: Optional[Sequence[str]] = None,
    measures: Sequence[str] = ("f_score",),
    systems: Optional[Sequence[str]] = None,
    resamples: int = 1000,
    seed: int = 0,
    correction: str = "bonferroni",
    alpha: float = 0.05,
    decide_by: str = "permutation",
    confidence: float = 95.0,
) -> Comparison:
    """Test every pair of ``systems`` (default: all) on each metric (default: all) and measure."""
    check_arguments([("correction", [correction], stats.CORRECTIONS), ("test", [decide_by], TESTS),
                     ("measure", measures, MEASURES)], resamples=resamples, alpha=alpha)
    systems = list(dict.fromkeys(systems)) if systems is not None else run.systems  # each once
    for s in systems:
        if s not in run.systems:
            raise RougeError(f"system {s} is not in the results (they have {', '.join(run.systems)})")
    if len(systems) < 2:
        raise RougeError(f"comparing needs at least two systems; the results have {len(systems)}"
                         + (f" ({systems[0]})" if systems else ""))
    metrics = list(dict.fromkeys(metrics)) if metrics is not None else run.metrics
    for m in metrics:
        if m not in run.metrics:
            raise RougeError(f"metric {m} is not in the results (they have {', '.join(run.metrics)})")
    longest = max((len(run.get(m, s).eval_ids) for m in metrics for s in systems if run.has(m, s)), default=0)
    # per resample and evaluation: the drawn indices, the sign pattern, the resampled differences
    check_resample_memory(resamples, 40.0 * longest, f"{longest} evaluations")
    draws: Dict[int, Tuple[np.ndarray, np.ndarray, bool]] = {}
    notes: List[str] = []
    tests: List[PairTest] = []
    for metric in metrics:
        for measure in measures:
            raw = []
            for a, b in combinations(systems, 2):
                if not (run.has(metric, a) and run.has(metric, b)):
                    continue
                ea, eb = run.get(metric, a), run.get(metric, b)
                where_b = {eid: k for k, eid in enumerate(eb.eval_ids)}
                common = [(k, where_b[eid]) for k, eid in enumerate(ea.eval_ids) if eid in where_b]
                if not common:
                    notes.append(f"{metric}: {a} and {b} share no evaluation; not compared")
                    continue
                xa = ea.scores[measure][[k for k, _ in common]]
                xb = eb.scores[measure][[k for _, k in common]]
                n = len(common)
                if n not in draws:
                    rng = np.random.Generator(np.random.PCG64([seed, n]))
                    idx = stats.resample_indices(rng, n, resamples)
                    flips, exact = stats.sign_flips(rng, n, resamples)
                    draws[n] = (idx, flips, exact)
                idx, flips, exact = draws[n]
                if xa.mean() < xb.mean():
                    a, b, xa, xb = b, a, xb, xa
                scale = stats.overflow_scale(xa, xb)  # 1.0 unless scores near the float maximum
                xa, xb = xa / scale, xb / scale
                p_boot, low, high = stats.paired_bootstrap(xa, xb, idx, confidence)
                p_perm = stats.paired_permutation(xa, xb, flips, exact)
                raw.append((a, b, n, float(xa.mean()) * scale, float(xb.mean()) * scale,
                            float((xa - xb).mean()) * scale, low * scale, high * scale, p_boot, p_perm, exact))
            adj_boot = stats.correct([r[8] for r in raw], correction)
            adj_perm = stats.correct([r[9] for r in raw], correction)
            for r, pb, pp in zip(raw, adj_boot, adj_perm):
                a, b, n, ma, mb, diff, low, high, p_boot, p_perm, exact = r
                tests.append(PairTest(metric, measure, a, b, n, ma, mb, diff, low, high, p_boot, p_perm, pb, pp,
                                      exact))
    pairs = max((sum(1 for t in tests if (t.metric, t.measure) == key)
                 for key in {(t.metric, t.measure) for t in tests}), default=0)
    if correction != "none" and pairs and pairs / (resamples + 1) >= alpha:
        notes.append(f"with {pairs} pairs and {resamples} resamples no adjusted p can fall below {alpha:g} unless the "
                     f"permutation test is exact: raise --resamples above {int(pairs / alpha)}")
    return Comparison(tests, resamples, seed, correction, alpha, decide_by, confidence, notes)
