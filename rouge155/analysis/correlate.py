"""Correlation of ROUGE variants with human judgments, after Lin's study of ROUGE (NTCIR-4, "Looking for
a Few Good Metrics"): system level and summary level, Pearson, Spearman and Kendall, bootstrap intervals.

* System level: each system's mean over the documents, correlated across systems.
* Summary level: per document, the correlation across systems, averaged over documents. Documents
  where a side is constant have no correlation: they are counted (``undefined``) and left out. With
  ``summary_filter_p`` only the documents whose correlation has p <= that value are averaged (REALSumm's
  analysis notebook, Bhandari et al., 2020); p-values as ``scipy.stats`` gives them (:mod:`.pvalues`).
* Per document: every document's correlation and p-value (``per_document=True``).
* Intervals: percentile bootstrap over systems, documents or both (Deutsch et al., 2021), seeded; the
  same resamples serve every metric and the paired difference tests (:mod:`.difference`).
* Sample size: random subsets of N documents (without replacement); the value is the mean over the
  subsets and the interval their percentiles.
* Variants: several runs (``{label: Run}``) in one table; :func:`rerun_variants` scores a config again
  per setting; :func:`merge_correlations` joins the results of separate correlate runs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Dict, Hashable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ..base.errors import OptionError, RougeError
from . import difference, levels, pvalues, stats
from .correlation_doc import Correlation, CorrelationRow, DocumentCorrelation, correlation_from_document
from .human import HumanScores, load_human_scores
from .levels import LEVELS, RESAMPLE_OVER, Draws, bootstrap_bytes
from .results import MEASURES, Run
from .validate import check_arguments, check_resample_memory
from .variants import rerun_variants

__all__ = ["Correlation", "CorrelationRow", "DocumentCorrelation", "HumanScores", "LEVELS", "RESAMPLE_OVER",
           "correlate", "correlation_from_document", "load_human_scores", "merge_correlations", "rerun_variants",
           "MetricKey"]

MetricKey = Tuple[str, str, str]  # (variant, metric, measure)


@dataclass
class _Settings:
    """What every (metric, measure, human column) of one correlate call is computed with."""

    levels: Sequence[str]
    coefficients: Sequence[str]
    draws: Draws
    confidence: float
    subsets: Dict[int, Draws]
    summary_filter_p: Optional[float]
    per_document: bool
    n_systems: int
    n_documents: int
    documents: List[str] = field(default_factory=list)
    resampled: Optional[Dict[Tuple[str, ...], np.ndarray]] = None  # every row's resampled values, if kept


def _check_arguments(human: HumanScores, measures, levels_, coefficients, resample, resamples, confidence, seed,
                     sample_sizes, summary_filter_p) -> None:
    if len(human.systems) < 2:
        raise RougeError(f"correlation needs at least two systems; the human scores have one ({human.systems[0]})")
    check_arguments([("measure", measures, MEASURES), ("level", levels_, LEVELS),
                     ("coefficient", coefficients, stats.CORRELATIONS), ("resample", [resample], RESAMPLE_OVER)],
                    resamples=resamples, confidence=confidence)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RougeError(f"seed must be a non-negative whole number, not {seed!r}")
    if summary_filter_p is not None and not 0 < summary_filter_p <= 1:
        raise OptionError(f"summary_filter_p (--summary-filter-p) must be in (0, 1], not {summary_filter_p!r}")
    for size in sample_sizes:
        if not 1 <= size <= len(human.documents):
            raise OptionError(f"--sample-size {size}: not between 1 and the {len(human.documents)} documents scored")


def _subset_draws(n_sys: int, n_doc: int, resamples: int, seed: int, sizes: Sequence[int]) -> Dict[int, Draws]:
    """Per sample size, ``resamples`` random subsets of that many documents as document weights."""
    identity = np.tile(np.arange(n_sys), (resamples, 1))
    out = {}
    for size in sizes:
        srng = np.random.Generator(np.random.PCG64([seed, size]))
        chosen = np.zeros((resamples, n_doc))
        for row in chosen:
            row[srng.permutation(n_doc)[:size]] = n_doc / size  # weights summing to n_doc, as a resample's
        out[size] = Draws(identity, np.ones((resamples, n_sys)), chosen, "documents", seed)
    return out


def _check(run: Run, human: HumanScores, metrics: Sequence[str], label: str) -> None:
    where = f" ({label})" if label else ""
    for s in human.systems:
        if not any(e.system == s for e in run.entries):
            raise RougeError(f"human scores name system {s}, which is not in the ROUGE results{where} "
                             f"(they have {', '.join(run.systems)})")
    for metric in metrics:
        for s in human.systems:
            if not run.has(metric, s):
                raise RougeError(f"system {s} has no {metric} score in the ROUGE results{where}")
            have = set(run.get(metric, s).eval_ids)
            for d in human.documents:
                if d not in have:
                    raise RougeError(f"human scores name document {d} for system {s}, which has no {metric} "
                                     f"score for it in the ROUGE results{where}")


def _summary_parts(m, h, coef: str, setup: _Settings):
    """Per document: correlation, p-value (NaN unless asked for) and the mask of documents averaged."""
    if setup.summary_filter_p is not None or setup.per_document:
        values, p = pvalues.correlations_with_pvalues(m.T, h.T, coef)
    else:
        values = levels.per_document(m, h, coef)
        p = np.full(values.shape, np.nan)
    defined = np.isfinite(values)
    keep = defined if setup.summary_filter_p is None else defined & (p <= setup.summary_filter_p)
    return values, p, defined, keep


def _column_rows(key: MetricKey, column: str, m: np.ndarray, h: np.ndarray, setup: _Settings,
                 out: List[CorrelationRow], documents: List[DocumentCorrelation]) -> None:
    """Every level and coefficient of one metric against one human score column (level by level)."""
    variant, metric, measure = key
    boot_docs = levels.boot_per_document(m, h, setup.coefficients, setup.draws) if "summary" in setup.levels else {}
    parts = {c: _summary_parts(m, h, c, setup) for c in setup.coefficients} \
        if ("summary" in setup.levels or setup.per_document) else {}
    if setup.per_document:
        for coef, (values, p, _, keep) in parts.items():
            documents.extend(DocumentCorrelation(variant, metric, measure, column, coef, d, float(values[j]),
                                                 float(p[j]), setup.n_systems, bool(keep[j]))
                             for j, d in enumerate(setup.documents))
    for level in setup.levels:
        for coef in setup.coefficients:
            counts: Dict[str, Optional[int]] = {}
            if level == "system":
                value = levels.system_level(m, h, coef)
                boot = levels.boot_system(m, h, coef, setup.draws)
            else:
                values, _, defined, keep = parts[coef]
                value = levels.document_mean(values, keep)
                boot = levels.weighted_document_mean(boot_docs[coef], setup.draws.document_weights, keep)
                counts = {"documents_used": int(keep.sum()), "undefined": int((~defined).sum()),
                          "filtered_out": (int((defined & ~keep).sum()) if setup.summary_filter_p is not None
                                           else None)}
            if setup.resampled is not None:
                setup.resampled[tuple(key) + (column, level, coef)] = boot
            low, high = stats.percentile_interval(boot, setup.confidence)
            out.append(CorrelationRow(variant, metric, measure, column, level, coef, value, low, high,
                                      setup.n_systems, setup.n_documents, None, **counts))
            for size, sub in setup.subsets.items():
                if level == "system":
                    vals = levels.boot_system(m, h, coef, sub)
                else:
                    vals = levels.weighted_document_mean(parts[coef][0], sub.document_weights, parts[coef][3])
                finite = vals[np.isfinite(vals)]
                lo, hi = stats.percentile_interval(vals, setup.confidence)
                out.append(CorrelationRow(variant, metric, measure, column, level, coef,
                                          float(finite.mean()) if finite.size else math.nan, lo, hi,
                                          setup.n_systems, setup.n_documents, size))


def correlate(
    runs: Union[Run, Mapping[str, Run]],
    human: HumanScores,
    metrics: Optional[Sequence[str]] = None,
    measures: Sequence[str] = MEASURES,
    levels: Sequence[str] = LEVELS,
    coefficients: Sequence[str] = stats.CORRELATIONS,
    resamples: int = 1000,
    confidence: float = 95.0,
    seed: int = 0,
    resample: str = "both",
    sample_sizes: Sequence[int] = (),
    summary_filter_p: Optional[float] = None,
    per_document: bool = False,
    compare_pairs: Sequence[Tuple[MetricKey, MetricKey]] = (),
    against_best: bool = False,
    correction: str = "holm",
    alpha: float = 0.05,
    decide_by: str = "permutation",
    resampled: Optional[Dict[Tuple[str, ...], np.ndarray]] = None,
) -> Correlation:
    """Correlate every metric and measure of each run (variant) with each human score column.

    ``summary_filter_p``: average at summary level only the documents whose correlation has p <= it.
    ``per_document``: keep every document's correlation and p-value (``Correlation.per_document``).
    ``compare_pairs``: ((variant, metric, measure), (variant, metric, measure)) pairs to test (PERM and
    BOOT, two-sided); ``against_best``: every metric against each column's best (one-sided), p-values
    adjusted by ``correction``. Both on the resamples the intervals use.
    ``resampled``: a dict to receive each row's correlation on every resample (the values its interval
    is taken from), keyed (variant, metric, measure, human, level, coefficient); a caller running the
    difference tests itself passes them on instead of computing them again (they are the bulk of the work).
    """
    if isinstance(runs, Run):
        runs = {"": runs}
    _check_arguments(human, measures, levels, coefficients, resample, resamples, confidence, seed, sample_sizes,
                     summary_filter_p)
    check_arguments([("correction", [correction], stats.CORRECTIONS), ("test", [decide_by], difference.TESTS)],
                    alpha=alpha)
    n_sys, n_doc = len(human.systems), len(human.documents)
    n_rows = sum(len(metrics) if metrics is not None else len(run.metrics) for run in runs.values()) \
        * len(measures) * len(human.columns) * len(levels) * len(coefficients)
    per_resample = bootstrap_bytes(n_rows, n_sys, n_doc, bool(compare_pairs) or against_best)
    check_resample_memory(resamples, per_resample + 16.0 * n_doc * len(sample_sizes),
                          f"{n_rows} correlations of {n_sys} systems x {n_doc} documents")
    setup = _Settings(list(levels), list(coefficients), Draws.make(n_sys, n_doc, resamples, seed, resample),
                      confidence, _subset_draws(n_sys, n_doc, resamples, seed, sample_sizes), summary_filter_p,
                      per_document, n_sys, n_doc, list(human.documents))
    if resampled is not None or (against_best and summary_filter_p is None):
        setup.resampled = {} if resampled is None else resampled
    rows: List[CorrelationRow] = []
    documents: List[DocumentCorrelation] = []
    grids: Dict[MetricKey, np.ndarray] = {}
    for label, run in runs.items():
        names = list(metrics) if metrics is not None else run.metrics
        _check(run, human, names, label)
        for metric in names:
            for measure in measures:
                key = (label or "-", metric, measure)
                m = run.matrix(metric, measure, human.systems, human.documents)
                m = grids[key] = m / stats.overflow_scale(m)  # exact; correlations do not change
                for column in human.columns:
                    h = human.values[column]
                    _column_rows(key, column, m, h / stats.overflow_scale(h), setup, rows, documents)
    corr = Correlation(rows, resamples, confidence, seed, resample, summary_filter_p=summary_filter_p,
                       per_document=documents)
    if compare_pairs or against_best:
        corr.differences = _differences(grids, human, setup, list(compare_pairs), against_best, correction, alpha,
                                        decide_by)
    return corr


def _differences(grids: Mapping[MetricKey, np.ndarray], human: HumanScores, setup: _Settings,
                 pairs: List[Tuple[MetricKey, MetricKey]], best: bool, correction: str, alpha: float,
                 decide_by: str) -> difference.Differences:
    """The paired tests asked for, per human column, level and coefficient, on the shared resamples."""
    for pair in pairs:
        for key in pair:
            if key not in grids:
                raise RougeError(f"cannot compare {difference.label(*key)}: not among the metrics correlated")
    draws = setup.draws
    swaps = difference.Swaps.make(setup.n_systems, setup.n_documents, draws.resamples, draws.seed, draws.resample)
    notes = []
    if setup.summary_filter_p is not None and "summary" in setup.levels:
        notes.append("the summary-level difference tests average every document with a correlation (the p filter "
                     "selects documents per metric, so it is not applied to a difference)")
    tests: List[difference.DifferenceTest] = []
    for column in human.columns:
        z = human.values[column] / stats.overflow_scale(human.values[column])
        for level in setup.levels:
            for coef in setup.coefficients:
                where = (column, level, coef)
                tests += _pair_tests(grids, z, where, pairs, setup, swaps, correction)
                if best:
                    tests += _best_tests(grids, z, where, setup, swaps, correction)
    return difference.Differences(tests, correction, alpha, decide_by, notes)


def _test(where: Tuple[str, str, str], a: MetricKey, b: MetricKey, r: difference.PairedDifference, alternative: str,
          family: str, adjusted: Tuple[float, float], comparisons: int) -> difference.DifferenceTest:
    (human, level, coefficient), (va, ma, sa), (vb, mb, sb) = where, a, b
    return difference.DifferenceTest(
        human=human, level=level, coefficient=coefficient, variant_a=va, metric_a=ma, measure_a=sa, variant_b=vb,
        metric_b=mb, measure_b=sb, value_a=r.value_a, value_b=r.value_b, difference=r.difference, ci_low=r.ci_low,
        ci_high=r.ci_high, p_permutation=r.p_permutation, p_bootstrap=r.p_bootstrap,
        p_permutation_adjusted=adjusted[0], p_bootstrap_adjusted=adjusted[1], alternative=alternative,
        exact_permutation=r.exact_permutation, family=family, comparisons=comparisons)


def _pair_tests(grids, z, where, pairs, setup: _Settings, swaps, correction: str) -> List[difference.DifferenceTest]:
    _, level, coef = where
    results = [difference.paired_difference(grids[a], grids[b], z, level, coef, setup.draws, swaps, setup.confidence)
               for a, b in pairs]
    adj_perm = stats.correct([difference._p_or_one(r.p_permutation) for r in results], correction)
    adj_boot = stats.correct([difference._p_or_one(r.p_bootstrap) for r in results], correction)
    return [_test(where, a, b, r, "two-sided", "pair", (pp, pb), len(pairs))
            for (a, b), r, pp, pb in zip(pairs, results, adj_perm, adj_boot)]


def _best_tests(grids, z, where, setup: _Settings, swaps, correction: str) -> List[difference.DifferenceTest]:
    column, level, coef = where
    boots = None
    if setup.resampled is not None and setup.summary_filter_p is None:  # the filter changes the intervals' values
        boots = {k: setup.resampled[tuple(k) + (column, level, coef)] for k in grids}
    best, results = difference.against_best(grids, z, level, coef, setup.draws, swaps, setup.confidence, correction,
                                            boots)
    keys: Dict[Hashable, MetricKey] = {k: k for k in grids}  # the grids' keys, typed
    return [_test(where, keys[best], keys[key], r, "greater", "best", (pp, pb), len(results))
            for key, (r, pp, pb) in results.items()]


def merge_correlations(parts: Sequence[Tuple[str, Correlation]]) -> Correlation:
    """Several correlate results as one table: each part's rows (and tests) labelled with its name.

    The parts must share the resampling settings (resamples, confidence, seed, what is resampled, the
    summary-level filter), so that one heading describes every row.
    """
    if not parts:
        raise RougeError("nothing to merge")
    first_label, first = parts[0]
    for label, c in parts[1:]:
        for name in ("resamples", "confidence", "seed", "resample", "summary_filter_p"):
            if getattr(c, name) != getattr(first, name):
                raise RougeError(f"cannot merge {label} with {first_label}: {name} differs "
                                 f"({getattr(c, name)} vs {getattr(first, name)})")
    rows, notes, tests, seen = [], [], [], set()
    with_tests = [(label, c.differences) for label, c in parts if c.differences is not None]
    for label, c in parts:
        for r in c.rows:
            r = replace(r, variant=_merged_label(label, r.variant))
            key = (r.variant, r.metric, r.measure, r.human, r.level, r.coefficient, r.sample_size)
            if key in seen:
                raise RougeError(f"cannot merge: {label} repeats a row already given ({difference.label(*key[:3])}, "
                                 f"{r.human}, {r.level}, {r.coefficient}); give the parts different names")
            seen.add(key)
            rows.append(r)
        notes += [f"{label}: {n}" for n in c.notes]
    merged = Correlation(rows, first.resamples, first.confidence, first.seed, first.resample, notes,
                         first.summary_filter_p)
    if with_tests:
        head = with_tests[0][1]
        for label, d in with_tests:
            if (d.correction, d.alpha, d.decide_by) != (head.correction, head.alpha, head.decide_by):
                raise RougeError(f"cannot merge {label}: its difference tests use another correction, alpha or test")
            tests += [replace(t, variant_a=_merged_label(label, t.variant_a),
                              variant_b=_merged_label(label, t.variant_b)) for t in d.tests]
        merged.differences = difference.Differences(tests, head.correction, head.alpha, head.decide_by,
                                                    [f"{label}: {n}" for label, d in with_tests for n in d.notes])
    return merged


def _merged_label(label: str, variant: str) -> str:
    return label if variant in ("", "-") else f"{label}: {variant}"
