"""Correlation of ROUGE variants with human judgments, after Lin's study of ROUGE (NTCIR-4, "Looking for
a Few Good Metrics"): system level and summary level, Pearson, Spearman and Kendall, bootstrap intervals.

* System level: each system's mean over the documents, correlated across systems.
* Summary level: per document, the correlation across systems, averaged over documents (documents
  where a side is constant have no correlation and are left out of the average).
* Intervals: percentile bootstrap over systems, documents or both (Deutsch et al., 2021), seeded.
* Sample size: random subsets of N documents (without replacement); the value is the mean over the
  subsets and the interval their percentiles.
* Number of references, stemming, stopwords: :func:`rerun_variants` scores the config again through
  the API, once per setting, and gives one Run per variant.
"""
from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import asdict, dataclass, field, replace
from itertools import combinations
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ..base.errors import RougeError
from . import stats
from .results import MEASURE_LABEL, MEASURES, Run, SystemMetric, from_document

LEVELS = ("system", "summary")
RESAMPLE_OVER = ("both", "systems", "documents")


@dataclass
class HumanScores:
    """Human judgments: one systems x documents array per score column (a complete grid)."""

    systems: List[str]
    documents: List[str]
    columns: List[str]
    values: Dict[str, np.ndarray]
    source: str = ""


def _number(text, column: str, where: str) -> float:
    try:
        value = float(text) if not isinstance(text, bool) else math.nan
    except (TypeError, ValueError):
        value = math.nan
    if not math.isfinite(value):
        raise RougeError(f"{where}: {column} is {text!r}, not a number")
    return value


def load_human_scores(path: str, system_column: str = "system", document_column: str = "document",
                      columns: Optional[Sequence[str]] = None) -> HumanScores:
    """Read human scores from CSV (or TSV) or JSONL: a system, a document and score columns per row."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as fh:
            text = fh.read()
    except OSError as exc:
        raise RougeError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RougeError(f"{path}: not UTF-8 text") from None
    rows: List[Tuple[str, Mapping]] = []
    if path.endswith((".jsonl", ".ndjson", ".json")):
        for k, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RougeError(f"{path}:{k}: not a JSON object ({exc.msg})") from None
            if not isinstance(obj, dict):
                raise RougeError(f"{path}:{k}: not a JSON object")
            rows.append((f"{path}:{k}", obj))
    else:
        dialect = "excel-tab" if path.endswith(".tsv") else "excel"
        reader = csv.DictReader(io.StringIO(text), dialect=dialect)
        for row in reader:
            where = f"{path}:{reader.line_num}"
            if None in row:
                raise RougeError(f"{where}: more fields than the header has columns")
            rows.append((where, row))
    if not rows:
        raise RougeError(f"{path}: no human scores")
    first = rows[0][1]
    for needed in (system_column, document_column):
        if needed not in first:
            raise RougeError(f"{path}: no {needed!r} column (columns: {', '.join(map(str, first))})")
    if columns is None:
        columns = [c for c in first if c not in (system_column, document_column)]
    if not columns:
        raise RougeError(f"{path}: no score column besides {system_column!r} and {document_column!r}")
    cells: Dict[Tuple[str, str], List[float]] = {}
    for where, row in rows:
        if row.get(system_column) in (None, "") or row.get(document_column) in (None, ""):
            raise RougeError(f"{where}: empty {system_column} or {document_column}")
        key = (str(row[system_column]), str(row[document_column]))
        if key in cells:
            raise RougeError(f"{where}: a second score row for system {key[0]}, document {key[1]}")
        for c in columns:
            if c not in row or row[c] is None:
                raise RougeError(f"{where}: no {c} value")
        cells[key] = [_number(row[c], c, where) for c in columns]
    systems = list(dict.fromkeys(s for s, _ in cells))
    documents = list(dict.fromkeys(d for _, d in cells))
    for s in systems:
        for d in documents:
            if (s, d) not in cells:
                raise RougeError(f"{path}: no human score for system {s} on document {d} (the scores must cover "
                                 "every system on every document: leave out the system or the document)")
    values = {c: np.array([[cells[(s, d)][j] for d in documents] for s in systems]) for j, c in enumerate(columns)}
    return HumanScores(systems, documents, list(columns), values, path)


@dataclass(frozen=True)
class CorrelationRow:
    variant: str
    metric: str
    measure: str
    human: str
    level: str
    coefficient: str
    value: float
    low: float
    high: float
    systems: int
    documents: int
    sample_size: Optional[int] = None


@dataclass
class Correlation:
    rows: List[CorrelationRow]
    resamples: int = 1000
    confidence: float = 95.0
    seed: int = 0
    resample: str = "both"
    notes: List[str] = field(default_factory=list)

    def to_document(self) -> dict:
        return {"tool": "rouge155-correlate", "resamples": self.resamples, "confidence": self.confidence,
                "seed": self.seed, "resample": self.resample, "notes": list(self.notes),
                "rows": [{k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                          for k, v in asdict(r).items()} for r in self.rows]}  # NaN (no correlation) as null

    def to_json(self) -> str:
        return json.dumps(self.to_document(), indent=1, allow_nan=False) + "\n"

    def to_text(self) -> str:
        lines = [f"Correlation with human scores; {self.confidence:g}% percentile bootstrap intervals, "
                 f"{self.resamples} resamples over {self.resample}, seed {self.seed}"
                 + ("; sample sizes: mean and percentiles over random document subsets." if
                    any(r.sample_size for r in self.rows) else ".")]
        lines.extend(f"note: {n}" for n in self.notes)
        groups: Dict[Tuple, Dict[Tuple, Dict[str, CorrelationRow]]] = {}
        for r in self.rows:
            head = (r.human, r.level, r.sample_size)
            groups.setdefault(head, {}).setdefault((r.variant, r.metric, r.measure), {})[r.coefficient] = r
        for (human, level, size), table in groups.items():
            any_row = next(iter(next(iter(table.values())).values()))
            lines.append("")
            what = f"{size} of {any_row.documents} documents" if size else f"{any_row.documents} documents"
            lines.append(f"{human}: {level} level ({any_row.systems} systems, {what})")
            coefs = list(next(iter(table.values())))
            show_variant = any(k[0] != "-" for k in table)
            wv = max([len(k[0]) for k in table] + [7]) if show_variant else 0
            wm = max(len(k[1]) for k in table) + 2
            first = f"{'variant':<{wv}}  " if show_variant else ""
            lines.append(f"  {first}{'metric':<{wm}}" + "".join(f"  {c:<24}" for c in coefs).rstrip())
            for (variant, metric, measure), by_coef in table.items():
                cells = "".join(f"  {_fmt(by_coef[c]):<24}" for c in coefs).rstrip()
                first = f"{variant:<{wv}}  " if show_variant else ""
                lines.append(f"  {first}{metric + ' ' + MEASURE_LABEL[measure]:<{wm}}{cells}")
        return "\n".join(lines) + "\n"


def _fmt(r: CorrelationRow) -> str:
    def f(x):
        return "  nan" if not math.isfinite(x) else f"{x:+.3f}"

    return f"{f(r.value)} [{f(r.low)}, {f(r.high)}]"


def correlation_from_document(doc: Mapping, source: str = "") -> Correlation:
    """A Correlation back from its JSON (``rouge155-correlate --format json``)."""
    try:
        nan_fields = ("value", "low", "high")
        rows = [CorrelationRow(**{k: (math.nan if k in nan_fields and v is None else v) for k, v in r.items()})
                for r in doc["rows"]]
        return Correlation(rows, int(doc["resamples"]), float(doc["confidence"]), int(doc["seed"]),
                           str(doc["resample"]), [str(n) for n in doc.get("notes", [])])
    except (KeyError, TypeError, ValueError) as exc:
        raise RougeError(f"{source or 'correlation'}: not a rouge155-correlate JSON result ({exc})") from None


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


def _system_level(m: np.ndarray, h: np.ndarray, coef: str) -> float:
    return float(stats.CORRELATION_FUNCTIONS[coef](m.mean(axis=1), h.mean(axis=1))[0])


def _summary_level(m: np.ndarray, h: np.ndarray, coef: str) -> float:
    per_doc = stats.CORRELATION_FUNCTIONS[coef](m.T, h.T)
    return float(np.mean(per_doc[np.isfinite(per_doc)])) if np.isfinite(per_doc).any() else math.nan


def _boot_system(m, h, coef, sys_idx, weights):
    d = m.shape[1]
    mm = np.take_along_axis((weights @ m.T) / d, sys_idx, axis=1)
    hm = np.take_along_axis((weights @ h.T) / d, sys_idx, axis=1)
    return stats.CORRELATION_FUNCTIONS[coef](mm, hm)


def _boot_summary(per_doc: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per resample, the weighted mean over documents of the (finite) per-document correlations."""
    per_doc = np.broadcast_to(per_doc, weights.shape)
    ok = np.isfinite(per_doc)
    w = weights * ok
    total = w.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, (np.where(ok, per_doc, 0.0) * w).sum(axis=1) / total, np.nan)


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
) -> Correlation:
    """Correlate every metric and measure of each run (variant) with each human score column."""
    if isinstance(runs, Run):
        runs = {"": runs}
    if len(human.systems) < 2:
        raise RougeError(f"correlation needs at least two systems; the human scores have one ({human.systems[0]})")
    for name, allowed in (("measure", MEASURES), ("level", LEVELS), ("coefficient", stats.CORRELATIONS)):
        given = {"measure": measures, "level": levels, "coefficient": coefficients}[name]
        for g in given:
            if g not in allowed:
                raise RougeError(f"unknown {name} {g!r}; use {', '.join(allowed)}")
    if resample not in RESAMPLE_OVER:
        raise RougeError(f"--resample must be one of {', '.join(RESAMPLE_OVER)}")
    if resamples < 1:
        raise RougeError("resamples must be at least 1")
    if not 0 < confidence < 100:
        raise RougeError("confidence must be between 0 and 100")
    n_sys, n_doc = len(human.systems), len(human.documents)
    for size in sample_sizes:
        if not 1 <= size <= n_doc:
            raise RougeError(f"sample size {size} is not between 1 and the {n_doc} documents scored")
    rng = np.random.Generator(np.random.PCG64(seed))
    if resample in ("both", "systems"):
        sys_idx = stats.resample_indices(rng, n_sys, resamples)
    else:
        sys_idx = np.tile(np.arange(n_sys), (resamples, 1))
    if resample in ("both", "documents"):
        doc_idx = stats.resample_indices(rng, n_doc, resamples)
    else:
        doc_idx = np.tile(np.arange(n_doc), (resamples, 1))
    weights = np.stack([np.bincount(r, minlength=n_doc) for r in doc_idx]).astype(float)
    subsets = {}
    for size in sample_sizes:
        srng = np.random.Generator(np.random.PCG64([seed, size]))
        chosen = np.zeros((resamples, n_doc))
        for row in chosen:
            row[srng.permutation(n_doc)[:size]] = n_doc / size  # weights summing to n_doc, as a resample's
        subsets[size] = chosen
    identity = np.tile(np.arange(n_sys), (resamples, 1))
    resample_systems = resample in ("both", "systems")
    sys_weights = np.stack([np.bincount(r, minlength=n_sys) for r in sys_idx]).astype(float)
    out: List[CorrelationRow] = []
    for label, run in runs.items():
        names = list(metrics) if metrics is not None else run.metrics
        _check(run, human, names, label)
        for metric in names:
            for measure in measures:
                m = run.matrix(metric, measure, human.systems, human.documents)
                for column in human.columns:
                    h = human.values[column]
                    for level in levels:
                        if level == "summary":
                            # Per document and resample of systems, every coefficient at once.
                            per_doc = (stats.weighted_column_correlations(m, h, sys_weights, coefficients)
                                       if resample_systems else None)
                        for coef in coefficients:
                            if level == "system":
                                value = _system_level(m, h, coef)
                                boot = _boot_system(m, h, coef, sys_idx, weights)
                            else:
                                value = _summary_level(m, h, coef)
                                fixed = stats.CORRELATION_FUNCTIONS[coef](m.T, h.T)
                                boot = _boot_summary(per_doc[coef] if per_doc is not None else fixed, weights)
                            low, high = stats.percentile_interval(boot, confidence)
                            out.append(CorrelationRow(label or "-", metric, measure, column, level, coef, value, low,
                                                      high, n_sys, n_doc))
                            for size, sub_weights in subsets.items():
                                if level == "system":
                                    vals = _boot_system(m, h, coef, identity, sub_weights)
                                else:
                                    vals = _boot_summary(fixed, sub_weights)
                                finite = vals[np.isfinite(vals)]
                                mean = float(finite.mean()) if finite.size else math.nan
                                lo, hi = stats.percentile_interval(vals, confidence)
                                out.append(CorrelationRow(label or "-", metric, measure, column, level, coef, mean,
                                                          lo, hi, n_sys, n_doc, size))
    return Correlation(out, resamples, confidence, seed, resample)


# -- variants: ROUGE scored again through the API ------------------------------------------------
def _subset_config(config, k: Optional[int]):
    """Every evaluation once per subset of k of its references (k None: jackknife, M - 1 of M).

    Returns (config, {new eval id: original id}, [original ids left out for having too few references]).
    """
    from ..inputs.config import EvalConfig

    evaluations, origin, left_out = [], {}, []
    for n, ev in enumerate(config.evaluations):
        size = (len(ev.model_ids) - 1) if k is None else k
        if size < 1 or size > len(ev.model_ids):
            left_out.append(ev.eval_id)
            continue
        for j, subset in enumerate(combinations(range(len(ev.model_ids)), size)):
            new_id = f"{n}:{j}"
            origin[new_id] = ev.eval_id
            evaluations.append(replace(ev, eval_id=new_id, model_ids=[ev.model_ids[i] for i in subset]))
    return EvalConfig(evaluations, list(config.peer_ids)), origin, left_out


def _averaged(run: Run, origin: Mapping[str, str]) -> Run:
    """Per original evaluation, the mean of its subsets' scores (the run's averages are dropped)."""
    entries = []
    for e in run.entries:
        groups: Dict[str, List[int]] = {}
        for k, eid in enumerate(e.eval_ids):
            groups.setdefault(origin[eid], []).append(k)
        ids = tuple(groups)
        entries.append(SystemMetric(
            e.system, e.metric, None, None, ids,
            {m: np.array([e.scores[m][groups[i]].mean() for i in ids]) for m in MEASURES},
            {c: np.array([e.counts[c][groups[i]].mean() for i in ids]) for c in e.counts},
        ))
    return Run(entries, run.settings, run.warnings)


def rerun_variants(
    config,
    options,
    systems: Optional[Sequence[str]] = None,
    stem: Sequence[bool] = (),
    stopwords: Sequence[bool] = (),
    references: Sequence[Union[int, str]] = (),
    data_dir: Optional[str] = None,
    source=None,
) -> Tuple[Dict[str, Run], List[str]]:
    """Score ``config`` once per variant (stemming and stopword removal on/off, each number of
    references k over all k-subsets, or ``"jackknife"``) through the API; returns ({label: Run}, notes).

    Empty ``stem``/``stopwords`` keep the options' setting; empty ``references`` uses all references.
    """
    from .. import __version__
    from ..api import iter_results
    from ..output.report import result_document

    systems = list(systems) if systems is not None else sorted(config.peer_ids)
    stems = list(stem) or [options.stem]
    stops = list(stopwords) or [options.remove_stopwords]
    refs = list(references) or [None]
    runs: Dict[str, Run] = {}
    notes: List[str] = []
    for st in stems:
        for sw in stops:
            # Only per-evaluation scores are used: one bootstrap resample is enough for the averages.
            opts = replace(options, stem=st, remove_stopwords=sw, per_eval=False, verbose=False, resamples="1")
            for k in refs:
                parts = []
                if len(stems) > 1 or stem:
                    parts.append("-m" if st else "no -m")
                if len(stops) > 1 or stopwords:
                    parts.append("-s" if sw else "no -s")
                if k is not None:
                    parts.append("jackknife" if k == "jackknife" else f"{k} ref" + ("s" if k != 1 else ""))
                label = ", ".join(parts) or "-"
                if k is None:
                    cfg, origin, left_out = config, None, []
                else:
                    cfg, origin, left_out = _subset_config(config, None if k == "jackknife" else int(k))
                    if left_out:
                        notes.append(f"{label}: documents with too few references left out: {', '.join(left_out)}")
                    if not cfg.evaluations:
                        raise RougeError(f"{label}: no evaluation has enough references")
                warnings: List[str] = []
                results = list(iter_results(cfg, opts, systems, data_dir=data_dir, source=source,
                                            warn=warnings.append))
                run = from_document(result_document(results, opts, warnings, True, __version__))
                runs[label] = _averaged(run, origin) if origin is not None else run
    return runs, notes
