"""Human judgments for :mod:`.correlate`: a system, a document and score columns per row, from CSV/TSV or
JSONL, read into one systems x documents array per score column (a complete grid).

Every failure is one RougeError line naming the file and line: unreadable, not UTF-8, a row the CSV
reader refuses (e.g. a field over its size limit), a JSON line nested too deeply, a missing or
non-numeric score, a system or document missing from the grid.
"""
from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ..base.errors import RougeError
from .validate import parse_json, show


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
    except (TypeError, ValueError, OverflowError):
        value = math.nan
    if not math.isfinite(value):
        raise RougeError(f"{where}: {column} is {show(text)}, not a number")
    return value


def _name(value, column: str, where: str) -> str:
    """A system or document id: a non-empty string, or a whole number (JSONL ids such as 52)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str) or not value:
        raise RougeError(f"{where}: {column} is {show(value)}, not a name (a non-empty string)")
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
            obj = parse_json(line, f"{path}:{k}")
            if not isinstance(obj, dict):
                raise RougeError(f"{path}:{k}: not a JSON object")
            rows.append((f"{path}:{k}", obj))
    else:
        rows = _csv_rows(text, path)
    if not rows:
        raise RougeError(f"{path}: no human scores")
    first = rows[0][1]
    for needed in (system_column, document_column):
        if needed not in first:
            raise RougeError(f"{path}: no {show(needed)} column (columns: {show(', '.join(map(str, first)))})")
    if columns is None:
        columns = [c for c in first if c not in (system_column, document_column)]
    if not columns:
        raise RougeError(f"{path}: no score column besides {system_column!r} and {document_column!r}")
    cells: Dict[Tuple[str, str], List[float]] = {}
    for where, row in rows:
        key = (_name(row.get(system_column), system_column, where),
               _name(row.get(document_column), document_column, where))
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


def _csv_rows(text: str, path: str) -> List[Tuple[str, Mapping]]:
    dialect = "excel-tab" if path.endswith(".tsv") else "excel"
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    rows: List[Tuple[str, Mapping]] = []
    try:
        for row in reader:
            where = f"{path}:{reader.line_num}"
            if None in row:
                raise RougeError(f"{where}: more fields than the header has columns")
            rows.append((where, row))
    except csv.Error as exc:  # e.g. a field larger than the csv module's limit (128 KB)
        raise RougeError(f"{path}:{reader.line_num + 1}: not readable as CSV ({exc})") from None
    return rows
