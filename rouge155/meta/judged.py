"""The inputs people have, as one :class:`Judged`: the evaluations (a config over texts read once into
memory) and the human scores (systems x documents per score column).

* A ROUGE config (XML, or a ``-z`` file list) and a human-scores CSV/TSV/JSONL
  (:func:`rouge155.analysis.load_human_scores`: system, document, score columns).
* A judged data set, JSONL or CSV: one record per (document, system) with the document ``id``, the
  ``system``, its summary (``prediction``), the ``references`` (a list; in CSV a JSON list or one text)
  and one field per human score. Its texts become a config through ``rouge155 --jsonl``'s builder
  (:func:`rouge155.inputs.jsonl.from_records`).

Every problem is one :class:`~rouge155.base.errors.RougeError` line: a system without a summary for
a scored document, a human score that is not a number, fewer than two systems, ids that do not match.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from ..analysis import HumanScores, load_human_scores
from ..base.errors import RougeError
from ..inputs.config import EvalConfig, read_file_list, read_xml_config
from ..inputs.jsonl import from_records, jsonl_records
from ..inputs.plaintext import read_input_file
from ..inputs.sources import MemorySource, TextSource

SUMMARY_KEYS = ("prediction", "summary")
JSON_SUFFIXES = (".jsonl", ".ndjson", ".json")  # what load_human_scores reads as JSON lines


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


def _csv_records(path: str) -> Iterator[Tuple[str, Dict]]:
    try:
        text = read_input_file(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RougeError(f"{path}: not UTF-8 text") from None
    reader = csv.DictReader(io.StringIO(text), dialect="excel-tab" if path.endswith(".tsv") else "excel")
    try:
        for row in reader:
            where = f"{path} line {reader.line_num}"
            if None in row:
                raise RougeError(f"{where}: more fields than the header has columns")
            yield where, dict(row)
    except csv.Error as exc:
        raise RougeError(f"{path} line {reader.line_num + 1}: not readable as CSV ({exc})") from None


def _references(value, where: str, from_csv: bool) -> List[str]:
    """A record's references: a list of texts (in CSV a JSON list, or one text)."""
    if from_csv and isinstance(value, str):
        if not value.lstrip().startswith("["):
            return [value]
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            raise RougeError(f"{where}: references start with '[' but are not a JSON list of texts") from None
    return value  # the JSONL builder checks the rest


def _is_number(value, from_csv: bool) -> bool:
    if isinstance(value, bool):
        return False
    if not from_csv:
        return isinstance(value, (int, float))
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def _score_columns(first: Mapping, keys: Sequence[str], from_csv: bool) -> List[str]:
    """Every field besides the id, system, summary and references that holds a number."""
    return [k for k, v in first.items() if k not in keys and _is_number(v, from_csv)]


def read_judged(path: str, id_key: str = "id", system_key: str = "system", summary_key: Optional[str] = None,
                references_key: str = "references", columns: Optional[Sequence[str]] = None) -> Judged:
    """A judged data set (``.jsonl``/``.ndjson``/``.json`` lines, or ``.csv``/``.tsv``): see the module's
    docstring. The texts go through ``rouge155 --jsonl``'s builder, the scores through
    :func:`rouge155.analysis.load_human_scores` (the same file, the id as the document column)."""
    from_csv = path.endswith((".csv", ".tsv"))
    if not from_csv and not path.endswith(JSON_SUFFIXES):
        raise RougeError(f"{path}: a judged data set is JSON lines ({', '.join(JSON_SUFFIXES)}) or .csv/.tsv")
    rows = list(_csv_records(path) if from_csv else jsonl_records(path))
    if not rows:
        raise RougeError(f"{path}: no records")
    first = rows[0][1]
    if not isinstance(first, Mapping):
        raise RougeError(f"{rows[0][0]}: not a JSON object")
    summary_key = summary_key or next((k for k in SUMMARY_KEYS if k in first), SUMMARY_KEYS[0])
    keys = (id_key, system_key, summary_key, references_key)
    for key in keys:
        if key not in first:
            raise RougeError(f"{rows[0][0]}: no {key!r} field (fields: {', '.join(map(str, first))[:200]})")
    columns = list(columns) if columns else _score_columns(first, keys, from_csv)
    if not columns:
        raise RougeError(f"{path}: no human score field (a number besides {', '.join(keys)}); name one with "
                         "--human-column")
    human = load_human_scores(path, system_key, id_key, columns)
    records = [(where, {"id": row.get(id_key), "system": row.get(system_key), "prediction": row.get(summary_key),
                        "references": _references(row.get(references_key), where, from_csv)})
               if isinstance(row, Mapping) else (where, row) for where, row in rows]
    config, source = from_records(records)
    judged = Judged(config, source, human, path)
    check_judged(judged)
    return judged


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
