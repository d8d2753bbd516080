"""The pairs of one system as text: from the plain-text modes' or a ROUGE config's evaluations.

Each evaluation the system has a summary in is one pair: its ID, the system's summary and the models'
(the references), as text with one sentence per line (a config's SEE or ISI files: their sentences, in
their own case). Bytes are read as UTF-8 (a JSONL text's lone surrogate as it was; other undecodable
bytes as U+FFFD, as a Python library reading the file would not get them either).
"""
from __future__ import annotations

from typing import List, Tuple

from ..base.errors import RougeError
from ..inputs.config import EvalConfig
from ..inputs.sources import TextSource
from ..text.readers import format_kind, parse_units


def text_of(raw: bytes) -> str:
    try:
        return raw.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return raw.decode("utf-8", "replace")


def summary_text(raw: bytes, input_format) -> str:
    """A summary file's text, one sentence per line (SEE/ISI: the sentences the Perl reads, case kept)."""
    kind = format_kind(input_format)
    if kind in ("SEE", "ISI"):
        return "\n".join(text_of(unit) for unit in parse_units(raw, input_format, lower=lambda unit: unit))
    return text_of(raw)


def config_pairs(config: EvalConfig, source, system: str) -> Tuple[List[str], List[str], List[List[str]]]:
    """(IDs, predictions, references) of ``system``'s evaluations (``source``: the texts' store, None
    for files on disk)."""
    source = source or TextSource()
    ids: List[str] = []
    predictions: List[str] = []
    references: List[List[str]] = []
    for ev in config.evaluations:
        if system not in ev.peers:
            continue
        ids.append(ev.eval_id)
        predictions.append(summary_text(source.read(ev.peer_path(system)), ev.input_format))
        references.append([summary_text(source.read(path), ev.input_format) for _mid, path in ev.model_paths()])
        if not references[-1]:
            raise RougeError(f"evaluation {ev.eval_id} has no model summary")
    if not ids:
        raise RougeError(f"no evaluation has a summary of system {system}")
    return ids, predictions, references
