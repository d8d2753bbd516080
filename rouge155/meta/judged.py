"""The inputs people have, as one :class:`Judged`: the evaluations (a config over texts read once into
memory) and the human scores (systems x documents per score column).

* A ROUGE config (XML, or a ``-z`` file list) and a human-scores CSV/TSV/JSONL
  (:func:`rouge155.analysis.load_human_scores`: system, document, score columns).
* A judged data set, JSONL or CSV: one record per (document, system) with the document ``id``, the
  ``system``, its summary (``prediction``), the ``references`` (a list; in CSV a JSON list or one text)
  and one field per human score. Its texts become a config through the JSONL builder of ``rouge155``
  (:func:`.inputs_bridge.records_config`).

Every problem is one :class:`~rouge155.base.errors.RougeError` line: a system without a summary for
a scored document, a human score that is not a number, fewer than two systems, ids that do not match.
"""
from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass
from typing import Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ..analysis import HumanScores, load_human_scores
from ..base.errors import RougeError
from ..inputs.config import EvalConfig, read_file_list, read_xml_config
from ..inputs.sources import MemorySource, TextSource
from .inputs_bridge import records_config

SUMMARY_KEYS = ("prediction", "summary")


@dataclass
class Judged:
    """Evaluations and human scores, checked against each other (see :func:`check_judged`)."""

    config: EvalConfig
    source: TextSource
    human: HumanScores
    origin: str = ""


def read_config_judged(config_path: str, human_path: str, file_list_format: Optional[str] = None,
                       system_column: str = "system", document_column: str = "document",
                       columns: Optional[Sequence[str]] = None) -> Judged:
    """A ROUGE config (``file_list_format``: the -z format of a file list) and its human scores; every
    text the config names is read here, once."""
    human = load_human_scores(human_path, system_column, document_column, list(columns) if columns else None)
    config = read_file_list(config_path, file_list_format, "X") if file_list_format else read_xml_config(config_path)
    wanted = set(human.documents)
    reader = TextSource()
    texts: Dict[str, bytes] = {}
    for ev in config.evaluations:
        if ev.eval_id not in wanted:
            continue
        paths = [path for _mid, path in ev.model_paths()] + [ev.peer_path(p) for p in ev.peers]
        for path in paths:
            if path not in texts and reader.exists(path):
                texts[path] = reader.read(path)
    judged = Judged(config, MemorySource(texts), human, config_path)
    check_judged(judged)
    return judged


def _csv_records(text: str, path: str) -> Iterator[Tuple[str, Dict]]:
    dialect = "excel-tab" if path.endswith(".tsv") else "excel"
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    try:
        for row in reader:
            where = f"{path} line {reader.line_num}"
            if None in row:
                raise RougeError(f"{where}: more fields than the header has columns")
            yield where, dict(row)
    except csv.Error as exc:
        raise RougeError(f"{path} line {reader.line_num + 1}: not readable as CSV ({exc})") from None


def _jsonl_records(text: str, path: str) -> Iterator[Tuple[str, Dict]]:
    for k, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path} line {k}"
        try:
            obj = json.loads(line)
        except (json.JSONDecodeError, RecursionError, ValueError) as exc:
            raise RougeError(f"{where}: not JSON ({getattr(exc, 'msg', exc)})") from None
        if not isinstance(obj, dict):
            raise RougeError(f"{where}: not a JSON object")
        yield where, obj


def _number(value, column: str, where: str) -> float:
    try:
        x = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError, OverflowError):
        x = math.nan
    if not math.isfinite(x):
        raise RougeError(f"{where}: human score {column} is {str(value)[:40]!r}, not a number")
    return x


def _references(value, where: str, from_csv: bool) -> List[str]:
    if from_csv and isinstance(value, str) and value.lstrip().startswith("["):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            raise RougeError(f"{where}: references start with '[' but are not a JSON list of texts") from None
    if from_csv and isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise RougeError(f"{where}: references must be a non-empty list of texts")
    return value


def _score_columns(first: Mapping, keys: Sequence[str], from_csv: bool) -> List[str]:
    """Every field besides the id, system, summary and references that holds a number."""
    out = []
    for k, v in first.items():
        if k in keys:
            continue
        if from_csv:
            try:
                float(v)
            except (TypeError, ValueError):
                continue
            out.append(k)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out.append(k)
    return out


def read_judged(path: str, id_key: str = "id", system_key: str = "system", summary_key: Optional[str] = None,
                references_key: str = "references", columns: Optional[Sequence[str]] = None) -> Judged:
    """A judged data set (JSONL, or CSV/TSV): see the module's docstring."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as fh:
            text = fh.read()
    except OSError as exc:
        raise RougeError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RougeError(f"{path}: not UTF-8 text") from None
    from_csv = path.endswith((".csv", ".tsv"))
    rows = list(_csv_records(text, path) if from_csv else _jsonl_records(text, path))
    if not rows:
        raise RougeError(f"{path}: no records")
    first = rows[0][1]
    summary_key = summary_key or next((k for k in SUMMARY_KEYS if k in first), SUMMARY_KEYS[0])
    keys = (id_key, system_key, summary_key, references_key)
    for key in keys:
        if key not in first:
            raise RougeError(f"{rows[0][0]}: no {key!r} field (fields: {', '.join(map(str, first))[:200]})")
    columns = list(columns) if columns else _score_columns(first, keys, from_csv)
    if not columns:
        raise RougeError(f"{path}: no human score field (a number besides {', '.join(keys)}); name one with "
                         "--human-column")
    records, cells = [], {}
    for where, row in rows:
        for key in keys + tuple(columns):
            if key not in row or row[key] is None:
                raise RougeError(f"{where}: no {key!r} field")
        doc, system = (_name(row[id_key], id_key, where), _name(row[system_key], system_key, where))
        if (system, doc) in cells:
            raise RougeError(f"{where}: a second record for system {system}, document {doc}")
        cells[(system, doc)] = [_number(row[c], c, where) for c in columns]
        records.append((where, {"id": doc, "system": system, "prediction": row[summary_key],
                                "references": _references(row[references_key], where, from_csv)}))
    config, source = records_config(records)
    systems = list(dict.fromkeys(s for s, _ in cells))
    documents = list(dict.fromkeys(d for _, d in cells))
    for s in systems:
        for d in documents:
            if (s, d) not in cells:
                raise RougeError(f"{path}: system {s} has no summary for document {d} (every system needs one "
                                 "on every document: leave out the system or the document)")
    values = {c: np.array([[cells[(s, d)][j] for d in documents] for s in systems]) for j, c in enumerate(columns)}
    judged = Judged(config, source, HumanScores(systems, documents, columns, values, path), path)
    check_judged(judged)
    return judged


def _name(value, key: str, where: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str) or not value:
        raise RougeError(f"{where}: {key} is {str(value)[:40]!r}, not a name (a non-empty string or a whole number)")
    return value


def check_judged(judged: Judged) -> None:
    """The human scores and the evaluations name the same systems and documents, with two systems or more."""
    human, where = judged.human, judged.origin
    if len(human.systems) < 2:
        raise RougeError(f"correlation needs at least two systems; the human scores have one ({human.systems[0]})")
    by_id = {ev.eval_id: ev for ev in judged.config.evaluations}
    for d in human.documents:
        if d not in by_id:
            some = ", ".join(list(by_id)[:5]) + (", ..." if len(by_id) > 5 else "")
            raise RougeError(f"human scores name document {d}, which is not in {where} (its documents: {some})")
    for s in human.systems:
        if s not in judged.config.peer_ids and not any(s in ev.peers for ev in by_id.values()):
            raise RougeError(f"human scores name system {s}, which is not in {where} "
                             f"(it has {', '.join(judged.config.peer_ids)[:200]})")
        for d in human.documents:
            ev = by_id[d]
            if s not in ev.peers or not judged.source.exists(ev.peer_path(s)):
                raise RougeError(f"system {s} has no summary for document {d} in {where}")
    for d in human.documents:
        ev = by_id[d]
        if not ev.model_ids:
            raise RougeError(f"document {d} has no reference in {where}")
        for _mid, path in ev.model_paths():
            if not judged.source.exists(path):
                raise RougeError(f"document {d}: cannot read its reference {path}")
