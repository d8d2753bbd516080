"""What ``rouge155-correlate`` produces: the rows of a correlation table, the per-document correlations,
and the difference tests; as text, JSON (and back, every field checked), CSV. The computation is in
:mod:`.correlate`."""
from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import asdict, dataclass, field
from typing import Dict, Iterable, List, Mapping, Optional, Tuple

from . import difference, stats
from .levels import LEVELS, RESAMPLE_OVER
from .results import MEASURE_LABEL, MEASURES
from .validate import Reader, finite_or_null


@dataclass(frozen=True)
class CorrelationRow:
    """One correlation. At summary level (full sample): ``documents_used`` averaged, ``undefined``
    documents without a correlation (a side constant across systems), ``filtered_out`` documents left
    out by the p filter (None without it)."""

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
    documents_used: Optional[int] = None
    undefined: Optional[int] = None
    filtered_out: Optional[int] = None


@dataclass(frozen=True)
class DocumentCorrelation:
    """One document's correlation across systems and its two-sided p-value; ``used``: in the average."""

    variant: str
    metric: str
    measure: str
    human: str
    coefficient: str
    document: str
    value: float
    p_value: float
    systems: int
    used: bool


@dataclass
class Correlation:
    rows: List[CorrelationRow]
    resamples: int = 1000
    confidence: float = 95.0
    seed: int = 0
    resample: str = "both"
    notes: List[str] = field(default_factory=list)
    summary_filter_p: Optional[float] = None
    per_document: List[DocumentCorrelation] = field(default_factory=list)
    differences: Optional[difference.Differences] = None

    def to_document(self) -> dict:
        return {"tool": "rouge155-correlate", "resamples": self.resamples, "confidence": self.confidence,
                "seed": self.seed, "resample": self.resample, "summary_filter_p": self.summary_filter_p,
                "notes": list(self.notes),
                "rows": [finite_or_null(asdict(r)) for r in self.rows],  # NaN (no correlation) as null
                "differences": self.differences.to_document() if self.differences is not None else None}

    def to_json(self) -> str:
        return json.dumps(self.to_document(), indent=1, allow_nan=False) + "\n"

    def heading(self) -> str:
        text = (f"{self.confidence:g}% percentile bootstrap intervals, {self.resamples} resamples over "
                f"{self.resample}, seed {self.seed}")
        if any(r.sample_size for r in self.rows):
            text += "; sample sizes: mean and percentiles over random document subsets"
        if self.summary_filter_p is not None or any(_left_out(r) for r in self.rows):
            text += ("; summary level: n = documents averaged (those without a correlation left out"
                     + (f", and those whose correlation has p > {self.summary_filter_p:g}" if
                        self.summary_filter_p is not None else "") + ")")
        return text

    def to_text(self) -> str:
        lines = [f"Correlation with human scores; {self.heading()}."]
        lines.extend(f"note: {n}" for n in self.notes)
        for (human, level, size), table in group_rows(self.rows).items():
            lines.append("")
            lines.extend(_table_lines(human, level, size, table))
        if self.differences is not None:
            lines.append("")
            lines.append(self.differences.heading(self.resamples, self.resample, self.seed, self.confidence))
            lines.extend(self.differences.text_lines())
        return "\n".join(lines) + "\n"

    def per_document_csv(self) -> str:
        buf = io.StringIO()
        out = csv.writer(buf, lineterminator="\n")
        out.writerow(DocumentCorrelation.__dataclass_fields__)
        for d in self.per_document:
            out.writerow(["" if isinstance(v, float) and not math.isfinite(v) else
                          (repr(v) if isinstance(v, float) else v) for v in asdict(d).values()])
        return buf.getvalue()

    def per_document_json(self) -> str:
        doc = {"tool": "rouge155-correlate", "summary_filter_p": self.summary_filter_p,
               "documents": [finite_or_null(asdict(d)) for d in self.per_document]}
        return json.dumps(doc, indent=1, allow_nan=False) + "\n"


Table = Dict[Tuple[str, str, str], Dict[str, CorrelationRow]]


def group_rows(rows: List[CorrelationRow]) -> Dict[Tuple[str, str, Optional[int]], Table]:
    """{(human, level, sample size): {(variant, metric, measure): {coefficient: row}}}, in row order."""
    groups: Dict[Tuple[str, str, Optional[int]], Table] = {}
    for r in rows:
        head = (r.human, r.level, r.sample_size)
        groups.setdefault(head, {}).setdefault((r.variant, r.metric, r.measure), {})[r.coefficient] = r
    return groups


def _fmt(r: CorrelationRow) -> str:
    def f(x):
        return "  nan" if not math.isfinite(x) else f"{x:+.3f}"

    text = f"{f(r.value)} [{f(r.low)}, {f(r.high)}]"
    return text + (f" n={r.documents_used}" if _left_out(r) else "")


def _left_out(r: CorrelationRow) -> bool:
    """A summary-level row that averages fewer documents than were scored (it shows n=...)."""
    return r.documents_used is not None and r.documents_used < r.documents


def scope(rows: Iterable[CorrelationRow], size: Optional[int] = None) -> str:
    """What a table's rows correlate over: "5 systems, 4 documents", or where the rows differ (merged
    parts over other data, ``rouge155-correlate --merge``) each variant's systems x documents."""
    by_variant = dict.fromkeys((r.variant, r.systems, r.documents) for r in rows)
    if len({(n, d) for _v, n, d in by_variant}) > 1:
        return "systems x documents per variant: " + ", ".join(f"{v} {n} x {d}" for v, n, d in by_variant)
    _v, systems, documents = next(iter(by_variant))
    return f"{systems} systems, " + (f"{size} of {documents} documents" if size else f"{documents} documents")


def _table_lines(human: str, level: str, size: Optional[int], table: Table) -> List[str]:
    lines = [f"{human}: {level} level ({scope((r for by_coef in table.values() for r in by_coef.values()), size)})"]
    coefs = list(dict.fromkeys(c for by_coef in table.values() for c in by_coef))
    show_variant = any(k[0] != "-" for k in table)
    wv = max([len(k[0]) for k in table] + [7]) if show_variant else 0
    wm = max(len(k[1]) for k in table) + 2
    cells = {k: {c: (_fmt(by_coef[c]) if c in by_coef else "") for c in coefs} for k, by_coef in table.items()}
    width = {c: max([24] + [len(v[c]) + 1 for v in cells.values()]) for c in coefs}
    first = f"{'variant':<{wv}}  " if show_variant else ""
    lines.append(f"  {first}{'metric':<{wm}}" + "".join(f"  {c:<{width[c]}}" for c in coefs).rstrip())
    for (variant, metric, measure), by_coef in cells.items():
        first = f"{variant:<{wv}}  " if show_variant else ""
        row = "".join(f"  {by_coef[c]:<{width[c]}}" for c in coefs).rstrip()
        lines.append(f"  {first}{metric + ' ' + MEASURE_LABEL[measure]:<{wm}}{row}")
    undefined = [f"{difference.label(*k)} {r.undefined}" for k, by_coef in table.items()
                 for r in list(by_coef.values())[:1] if r.undefined]
    if undefined:
        lines.append("  documents without a correlation (a side constant across systems): " + ", ".join(undefined))
    return lines


# -- reading a correlate JSON document back -------------------------------------------------------
def _row(r: Reader, row: Mapping, where: str) -> CorrelationRow:
    def get(key, default=...):
        return r.field(row, key, where, default)

    def corr(key):
        return r.number(get(key), f"{where}.{key}", -1.0, 1.0, nullable=True)

    def count(key):
        return r.integer_or_null(get(key, None), f"{where}.{key}", 0)

    return CorrelationRow(
        r.text(get("variant"), f"{where}.variant"), r.text(get("metric"), f"{where}.metric"),
        r.choice(get("measure"), f"{where}.measure", MEASURES), r.text(get("human"), f"{where}.human"),
        r.choice(get("level"), f"{where}.level", LEVELS),
        r.choice(get("coefficient"), f"{where}.coefficient", stats.CORRELATIONS),
        corr("value"), corr("low"), corr("high"), r.integer(get("systems"), f"{where}.systems", 0),
        r.integer(get("documents"), f"{where}.documents", 0),
        r.integer_or_null(get("sample_size", None), f"{where}.sample_size", 1),
        count("documents_used"), count("undefined"), count("filtered_out"))


def _difference_test(r: Reader, t: Mapping, where: str) -> difference.DifferenceTest:
    def get(key):
        return r.field(t, key, where)

    def text(key):
        return r.text(get(key), f"{where}.{key}")

    def corr(key, low=-1.0, high=1.0):
        return r.number(get(key), f"{where}.{key}", low, high, nullable=True)

    def prob(key):
        return r.probability(get(key), f"{where}.{key}", nullable=True)

    return difference.DifferenceTest(
        text("human"), r.choice(get("level"), f"{where}.level", LEVELS),
        r.choice(get("coefficient"), f"{where}.coefficient", stats.CORRELATIONS),
        text("variant_a"), text("metric_a"), r.choice(get("measure_a"), f"{where}.measure_a", MEASURES),
        text("variant_b"), text("metric_b"), r.choice(get("measure_b"), f"{where}.measure_b", MEASURES),
        corr("value_a"), corr("value_b"), corr("difference", -2.0, 2.0), corr("ci_low", -2.0, 2.0),
        corr("ci_high", -2.0, 2.0), prob("p_permutation"), prob("p_bootstrap"), prob("p_permutation_adjusted"),
        prob("p_bootstrap_adjusted"), r.choice(get("alternative"), f"{where}.alternative", difference.ALTERNATIVES),
        r.flag(get("exact_permutation"), f"{where}.exact_permutation"),
        r.choice(get("family"), f"{where}.family", ("pair", "best")),
        r.integer(get("comparisons"), f"{where}.comparisons"))


def _differences(r: Reader, d) -> Optional[difference.Differences]:
    if d is None:
        return None
    tests = [_difference_test(r, t, where) for where, t in r.objects(r.field(d, "tests", "differences"),
                                                                        "differences.tests")]
    return difference.Differences(
        tests, r.choice(r.field(d, "correction", "differences"), "differences.correction", stats.CORRECTIONS),
        r.number(r.field(d, "alpha", "differences"), "differences.alpha", 0.0, 1.0),
        r.choice(r.field(d, "decide_by", "differences"), "differences.decide_by", difference.TESTS),
        r.texts(r.field(d, "notes", "differences", []), "differences.notes"))


def correlation_from_document(doc: Mapping, source: str = "") -> Correlation:
    """A Correlation back from its JSON (``rouge155-correlate --format json``). Every field is checked
    (names are strings, levels, measures and coefficients known, correlations in [-1, 1], counts whole
    numbers): a document that cannot be used is one RougeError line naming the field."""
    r = Reader(source or "correlation", "rouge155-correlate JSON result")

    def get(key, default=...):
        return r.field(doc, key, "", default)

    rows = [_row(r, row, where) for where, row in r.objects(get("rows"), "rows")]
    filter_p = get("summary_filter_p", None)
    return Correlation(rows, r.integer(get("resamples"), "resamples", 1),
                       r.number(get("confidence"), "confidence", 0.0, 100.0), r.integer(get("seed"), "seed", 0),
                       r.choice(get("resample"), "resample", RESAMPLE_OVER), r.texts(get("notes", []), "notes"),
                       None if filter_p is None else r.probability(filter_p, "summary_filter_p"),
                       differences=_differences(r, get("differences", None)))
