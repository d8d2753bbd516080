"""``--format json`` results as small dataclasses: one :class:`Run` per file (or several combined)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ..base.errors import RougeError
from ..base.perl import fmt_num, perl_num
from .validate import Reader, parse_json, show

MEASURES = ("recall", "precision", "f_score")
MEASURE_LABEL = {"recall": "R", "precision": "P", "f_score": "F"}


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float


@dataclass(frozen=True)
class SystemMetric:
    """One metric for one system: the report's averages and each evaluation's scores."""

    system: str
    metric: str
    average: Optional[Dict[str, Interval]]  # None with -t 2 (the report prints counts)
    totals: Optional[Dict[str, float]]  # -t 2: model_count, peer_count, hit
    eval_ids: Tuple[str, ...]
    scores: Dict[str, np.ndarray]  # measure -> one value per eval_id
    counts: Dict[str, np.ndarray]  # model_count, peer_count, hit per eval_id


@dataclass
class Run:
    """Results of one or more rouge155 runs: every (system, metric), in the report's order."""

    entries: List[SystemMetric]
    settings: List[Dict[str, object]] = field(default_factory=list)  # one per source run
    warnings: List[str] = field(default_factory=list)

    @property
    def systems(self) -> List[str]:
        return list(dict.fromkeys(e.system for e in self.entries))

    @property
    def metrics(self) -> List[str]:
        return list(dict.fromkeys(e.metric for e in self.entries))

    @property
    def confidence(self):
        return self.settings[0].get("confidence", 95) if self.settings else 95

    def get(self, metric: str, system: str) -> SystemMetric:
        for e in self.entries:
            if e.metric == metric and e.system == system:
                return e
        raise KeyError(f"{system} {metric}")

    def has(self, metric: str, system: str) -> bool:
        return any(e.metric == metric and e.system == system for e in self.entries)

    def matrix(self, metric: str, measure: str, systems: Sequence[str], eval_ids: Sequence[str]) -> np.ndarray:
        """Scores as a systems x evaluations array (KeyError naming the first missing cell)."""
        out = np.empty((len(systems), len(eval_ids)))
        for i, s in enumerate(systems):
            e = self.get(metric, s)
            where = {eid: k for k, eid in enumerate(e.eval_ids)}
            for j, eid in enumerate(eval_ids):
                if eid not in where:
                    raise KeyError(f"system {s} has no {metric} score for evaluation {eid}")
                out[i, j] = e.scores[measure][where[eid]]
        return out


_COUNTS = ("model_count", "peer_count", "hit")
_WHAT = "rouge155 --format json result"


def _entry(r: Reader, m: Mapping, where: str) -> SystemMetric:
    """One (system, metric) of the document, every field checked."""
    avg = r.field(m, "average", where)
    if isinstance(avg, dict) and "recall" in avg:
        intervals: Dict[str, Interval] = {}
        for k in MEASURES:
            iv = r.field(avg, k, f"{where}.average")
            intervals[k] = Interval(*(r.number(r.field(iv, s, f"{where}.average.{k}"), f"{where}.average.{k}.{s}")
                                    for s in ("mean", "low", "high")))
        average: Optional[Dict[str, Interval]] = intervals
        totals = None
    else:
        average = None
        totals = {k: r.number(r.field(avg, k, f"{where}.average"), f"{where}.average.{k}") for k in _COUNTS}
    ids: List[str] = []
    values: Dict[str, List[float]] = {k: [] for k in MEASURES + _COUNTS}
    seen = set()
    for at, inst in r.objects(r.field(m, "instances", where), f"{where}.instances"):
        ids.append(r.text(r.field(inst, "eval_id", at), f"{at}.eval_id"))
        if ids[-1] in seen:  # rouge155 writes each evaluation once per system and metric
            raise r.fail(f"{at}.eval_id", f"is {show(ids[-1])}, an evaluation given twice")
        seen.add(ids[-1])
        for k in values:
            values[k].append(r.number(r.field(inst, k, at), f"{at}.{k}"))
    return SystemMetric(
        system=r.text(r.field(m, "system", where), f"{where}.system"),
        metric=r.text(r.field(m, "metric", where), f"{where}.metric"),
        average=average,
        totals=totals,
        eval_ids=tuple(ids),
        scores={k: np.array(values[k], dtype=float) for k in MEASURES},
        counts={k: np.array(values[k], dtype=float) for k in _COUNTS},
    )


def _run_settings(r: Reader, doc: Mapping) -> Dict[str, object]:
    """The run-wide fields: version, -c, -r, -t, precision of the values, and the options set."""
    return {
        "rouge155_version": r.text(r.field(doc, "rouge155_version", ""), "rouge155_version"),
        "confidence": r.number(r.field(doc, "confidence", ""), "confidence", 0.0, 100.0),
        "resamples": r.number(r.field(doc, "resamples", ""), "resamples", 0.0),
        "token_mode": r.integer(r.field(doc, "token_mode", ""), "token_mode", 0, 2),
        "precise": r.flag(r.field(doc, "precise", ""), "precise"),
        "options": _options_read_back(r.scalars(r.field(doc, "settings", "", {}) or {}, "settings"), f"{r.source}: "),
    }


def from_document(doc: Mapping, source: str = "") -> Run:
    """A Run from the parsed ``--format json`` document (``source`` names it in messages).

    Every field is checked (types, finite numbers, known token modes): a document that cannot be used
    is one RougeError line naming the field.
    """
    r = Reader(source, _WHAT)
    if not isinstance(doc, dict):
        raise r.fail("the document", f"is {show(doc)}, not an object")
    entries = [_entry(r, m, where) for where, m in r.objects(r.field(doc, "metrics", ""), "metrics")]
    settings = _run_settings(r, doc)
    # Keep the numbers as the file gives them (95, not 95.0) for the report's labels.
    settings["confidence"], settings["resamples"] = doc["confidence"], doc["resamples"]
    signature = r.field(doc, "signature", "", None)
    if signature is not None:  # the run's signature (docs/signature.md), shown with its settings
        settings["signature"] = r.text(signature, "signature")
    if source:
        settings["source"] = source
    return Run(entries, [settings], r.texts(r.field(doc, "warnings", "", []), "warnings"))


def _options_read_back(settings: object, where: str) -> Dict[str, object]:
    """A document's "settings" with numbers as numbers, as rouge155 now writes them (``"ngram": 2``);
    documents written before hold the text typed (``"ngram": "2"``), read here as the Perl reads it."""
    from ..output.report import NUMERIC_SETTINGS

    if settings is None:
        return {}
    if not isinstance(settings, Mapping):
        raise RougeError(f"{where}not a rouge155 --format json result (\"settings\" is not an object)")
    options = dict(settings)
    for name in NUMERIC_SETTINGS:
        value = options.get(name)
        if isinstance(value, str):
            number = perl_num(value)
            options[name] = number if number - number == 0 else fmt_num(number)
    return options


def read_json_object(path: str, what: str = "a rouge155 --format json result") -> dict:
    """A JSON file holding an object; one clear error otherwise (unreadable, not UTF-8, not JSON,
    nested too deeply, numbers Python will not convert)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise RougeError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RougeError(f"{path}: not JSON (not UTF-8 text)") from None
    doc = parse_json(text, path)
    if not isinstance(doc, dict):
        raise RougeError(f"{path}: not {what}")
    return doc


def load_run(path: str) -> Run:
    """Read a ``rouge155 --format json`` file."""
    return from_document(read_json_object(path), path)


def from_result(result, precise: bool = True) -> Run:
    """A Run from the API's :class:`rouge155.Result` (unrounded values unless ``precise=False``)."""
    from .. import __version__
    from ..output.report import result_document

    return from_document(result_document(result.metrics, result.options, result.warnings, precise, __version__,
                                         signature=result.signature))


def combine(runs: Sequence[Run]) -> Run:
    """Several runs as one (e.g. systems scored separately on the same evaluations).

    A (system, metric) present in two runs is an error: rename a system first.
    """
    entries: List[SystemMetric] = []
    seen = set()
    settings: List[Dict[str, object]] = []
    warnings: List[str] = []
    for run in runs:
        for e in run.entries:
            if (e.system, e.metric) in seen:
                raise RougeError(f"system {e.system} has {e.metric} in two of the runs combined; rename one "
                                 "(rename_systems) before combining")
            seen.add((e.system, e.metric))
            entries.append(e)
        settings.extend(run.settings)
        warnings.extend(run.warnings)
    return Run(entries, settings, warnings)


# Options field -> Perl flag, in the usage text's order.
_FLAGS = (
    ("ngram", "-n"), ("no_lcs", "-x"), ("weight", "-w"), ("skip_distance", "-2"), ("skip_unigrams", "-u"),
    ("skip_both", "-U"), ("be_mode", "-3"), ("stem", "-m"), ("stem_models_only", "-M"),
    ("remove_stopwords", "-s"), ("word_limit", "-l"), ("byte_limit", "-b"), ("score_formula", "-f"),
    ("alpha", "-p"), ("token_mode", "-t"), ("resamples", "-r"), ("confidence", "-c"), ("per_eval", "-d"),
    ("verbose", "-v"),
)


def perl_flags(options: Mapping[str, object]) -> str:
    """The Perl flags a settings dict (Options fields) stands for, e.g. ``-n 4 -m``."""
    out = []
    for name, flag in _FLAGS:
        v = options.get(name)
        if v is True:
            out.append(flag)
        elif v is not None and v is not False:  # a 0 (-2 0, -t 0) is a setting, not an absent flag
            out.append(f"{flag} {fmt_num(v) if isinstance(v, (int, float)) else v}")
    return " ".join(out)


def rename_systems(run: Run, mapping: Mapping[str, str]) -> Run:
    """The same run with systems renamed (``{old: new}``), e.g. to combine two runs of one system."""
    from dataclasses import replace

    return Run([replace(e, system=mapping.get(e.system, e.system)) for e in run.entries], run.settings,
               run.warnings)
