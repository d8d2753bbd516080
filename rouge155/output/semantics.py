"""``--format json|csv`` of results scored under another implementation's semantics (``rouge155
--semantics NAME``): every pair's values and the corpus scores, as that implementation computes them.

JSON: the document's ``"semantics"`` section (schema/rouge155-result.schema.json): the implementation,
its settings (by its own names), its six rules, and per (system, metric) the corpus score (rouge-score:
its bootstrap's ``mid`` with ``low`` and ``high``) and the pairs. CSV: one row per corpus score and per
pair. Values are never rounded; a count the implementation does not keep (torchmetrics' average over
references) is null in JSON and empty in CSV.
"""
from __future__ import annotations

import math

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Mapping, Optional, Sequence

from ..base.records import dataclass
from .report import _csv_value

MEASURES = ("precision", "recall", "fmeasure")
COUNTS = ("hits", "reference_count", "prediction_count")


@dataclass(frozen=True)
class SemanticsResult:
    """One (system, metric): per pair (in ``ids``' order) P, R, F and the counts behind them, and the
    corpus score (``corpus``: P, R, F; ``low``/``high``: the bootstrap's bounds, or None)."""

    system: str
    metric: str
    ids: Sequence[str]
    pairs: Mapping[str, Sequence[float]]  # MEASURES and COUNTS, each one value per pair
    corpus: Mapping[str, float]
    low: Optional[Mapping[str, float]] = None
    high: Optional[Mapping[str, float]] = None


def _value(x) -> Optional[float]:
    x = float(x)
    return x if math.isfinite(x) else None


def _corpus(r: SemanticsResult) -> Dict[str, object]:
    out: Dict[str, object] = {m: _value(r.corpus[m]) for m in MEASURES}
    if r.low is not None and r.high is not None:
        out["low"] = {m: _value(r.low[m]) for m in MEASURES}
        out["high"] = {m: _value(r.high[m]) for m in MEASURES}
    return out


def _pairs(r: SemanticsResult) -> List[Dict[str, object]]:
    columns = {k: [_value(v) for v in r.pairs[k]] for k in MEASURES + COUNTS}
    return [{"id": ident, **{k: columns[k][i] for k in MEASURES + COUNTS}} for i, ident in enumerate(r.ids)]


def semantics_document(name: str, reproduces: str, settings: Mapping[str, object],
                       rules: Mapping[str, Mapping[str, str]], results: Sequence[SemanticsResult],
                       warnings: Sequence[str], version: str, signature: Optional[str] = None) -> Dict[str, object]:
    """What ``--format json`` writes under ``--semantics NAME``, as a dict."""
    doc: Dict[str, object] = {
        "rouge155_version": version,
        "semantics": {
            "name": name, "reproduces": reproduces, "settings": dict(settings),
            "rules": {kind: dict(rule) for kind, rule in rules.items()},
            "results": [{"system": r.system, "metric": r.metric, "corpus": _corpus(r), "pairs": _pairs(r)}
                        for r in results],
        },
        "warnings": list(warnings),
    }
    if signature is not None:
        doc["signature"] = signature
    return doc


def semantics_json(*args, **kwargs) -> str:
    import json

    return json.dumps(semantics_document(*args, **kwargs), indent=1) + "\n"


CSV_COLUMNS = ("semantics", "system", "metric", "scope", "id", "precision", "precision_low", "precision_high",
               "recall", "recall_low", "recall_high", "fmeasure", "fmeasure_low", "fmeasure_high") + COUNTS


def semantics_csv(name: str, results: Sequence[SemanticsResult], signature: Optional[str] = None) -> str:
    """One ``corpus`` row per (system, metric), then its ``pair`` rows; ``signature``: a last column."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(list(CSV_COLUMNS) + (["signature"] if signature is not None else []))
    extra = [signature] if signature is not None else []
    cell = lambda v: "" if v is None else _csv_value(v)  # noqa: E731
    for r in results:
        row: Dict[str, object] = {"semantics": name, "system": r.system, "metric": r.metric, "scope": "corpus",
                                  "id": ""}
        for m in MEASURES:
            row[m] = _value(r.corpus[m])
            if r.low is not None and r.high is not None:
                row[m + "_low"], row[m + "_high"] = _value(r.low[m]), _value(r.high[m])
        w.writerow([cell(row.get(c)) for c in CSV_COLUMNS] + extra)
        for pair in _pairs(r):
            row = {"semantics": name, "system": r.system, "metric": r.metric, "scope": "pair", **pair}
            w.writerow([cell(row.get(c)) for c in CSV_COLUMNS] + extra)
    return buf.getvalue()
