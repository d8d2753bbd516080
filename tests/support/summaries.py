"""Summaries the tests read and write: the 200 real CNN/DM pairs of tests/data
(cnndm_pointer_generator_200.jsonl, see PROVENANCE.md: See et al.'s pointer-generator outputs with their
reference), and (id, prediction, references) pairs as a --jsonl input file."""
from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

CNNDM_JSONL = Path(__file__).resolve().parents[1] / "data" / "cnndm_pointer_generator_200.jsonl"


def cnndm_rows(limit: Optional[int] = None) -> List[dict]:
    """The first ``limit`` (default: all) records, ``{"id", "prediction", "references": [one]}``."""
    lines = CNNDM_JSONL.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[:limit]]


def cnndm_pairs(limit: Optional[int] = None) -> Tuple[List[str], List[str], List[List[str]]]:
    """(ids, predictions, reference lists) of the first ``limit`` records."""
    rows = cnndm_rows(limit)
    return [r["id"] for r in rows], [r["prediction"] for r in rows], [r["references"] for r in rows]


def write_pairs_jsonl(path: Path, ids: Sequence, predictions: Sequence[str], references: Sequence) -> Path:
    """``path`` as a --jsonl input: one ``{"id", "prediction", "references"}`` object a line."""
    path.write_text("".join(json.dumps({"id": i, "prediction": p, "references": r}) + "\n"
                            for i, p, r in zip(ids, predictions, references)), encoding="utf-8")
    return path
