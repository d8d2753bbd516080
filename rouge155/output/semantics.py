"""``--format json|csv`` of results scored under another implementation's semantics (``rouge155
--semantics NAME``): every pair's values and the corpus scores, as that implementation computes them.

JSON: the document's ``"semantics"`` section (schema/rouge155-result.schema.json): the implementation,
its settings (by its own names), its six rules, and per (system, metric) the corpus score (rouge-score:
its bootstrap's ``mid`` with ``low`` and ``high``) and the pairs. CSV: the layout of the Perl's CSV (one
for every semantics): an ``average`` row per corpus score and an ``instance`` row per pair. Values are
never rounded; a count the implementation does not keep (torchmetrics' average over
references) is null in JSON and empty in CSV.
"""
from __future__ import annotations

import math

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, List, Mapping, Optional, Sequence

from ..base.records import dataclass
from .report import csv_text

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
                       warnings: Sequence[str], version: str, signature: Optional[str] = None,
                       citation: Optional[str] = None) -> Dict[str, object]:
    """What ``--format json`` writes under ``--semantics NAME``, as a dict (``citation``: ``--cite``'s)."""
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
    if citation is not None:
        doc["citation"] = citation
    return doc


def semantics_json(*args, **kwargs) -> str:
    import json

    return json.dumps(semantics_document(*args, **kwargs), indent=1) + "\n"


# the CSV's counts under the Perl CSV's names
_CSV_COUNTS = {"hits": "hit", "reference_count": "model_count", "prediction_count": "peer_count"}
_CSV_MEASURES = {"precision": "precision", "recall": "recall", "fmeasure": "f_score"}


def _csv_rows(results: Sequence[SemanticsResult]):
    for r in results:
        row: Dict[str, object] = {"system": r.system, "metric": r.metric, "scope": "average", "eval_id": ""}
        for m, column in _CSV_MEASURES.items():
            row[column] = _value(r.corpus[m])
            if r.low is not None and r.high is not None:
                row[column + "_low"], row[column + "_high"] = _value(r.low[m]), _value(r.high[m])
        yield row
        for pair in _pairs(r):
            row = {"system": r.system, "metric": r.metric, "scope": "instance", "eval_id": pair["id"]}
            row.update({column: pair[m] for m, column in _CSV_MEASURES.items()})
            row.update({column: pair[k] for k, column in _CSV_COUNTS.items()})
            yield row


def semantics_csv(results: Sequence[SemanticsResult], signature: Optional[str] = None) -> str:
    """The Perl's CSV layout (:func:`rouge155.output.report.csv_text`): per system and metric an
    ``average`` row (the corpus score as the implementation reports it; rouge-score's bootstrap bounds in
    ``*_low``/``*_high``), then an ``instance`` row per pair; the signature (``sem:NAME``) on every row."""
    return csv_text(_csv_rows(results), signature)
