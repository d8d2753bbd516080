"""The texts of judged records as a config: ``rouge155``'s JSONL builder
(:func:`rouge155.inputs.jsonl.from_records`, branch ``cli``) where it is there.

MERGE NOTE (delete this module's fallback once branch ``cli`` is on main): until then the records go
through :func:`rouge155.api.memory_config`, which builds the same evaluations (models M.1, M.2, ...
in the records' order, one evaluation per id in order of first appearance).
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Sequence, Tuple

from ..base.errors import RougeError


def records_config(records: Sequence[Tuple[str, Mapping]]):
    """(config, source) of ``(where, {"id", "system", "prediction", "references"})`` records."""
    try:
        from ..inputs.jsonl import from_records  # branch cli
    except ImportError:
        return _memory_config(records)
    return from_records(records)


def _memory_config(records: Sequence[Tuple[str, Mapping]]):
    from ..api import memory_config

    peers: Dict[str, Dict[str, str]] = {}
    models: Dict[str, List[str]] = {}
    first: Dict[str, str] = {}
    for where, rec in records:
        ident, system = rec["id"], rec["system"]
        if not isinstance(rec["prediction"], str):
            raise RougeError(f"{where}: the summary must be a text, not {type(rec['prediction']).__name__}")
        if ident not in models:
            models[ident], first[ident] = list(rec["references"]), where
        elif list(rec["references"]) != models[ident]:
            raise RougeError(f"{where}: id {ident} has other references than at {first[ident]} "
                             "(the systems of one id are scored against the same references)")
        peers.setdefault(system, {})[ident] = rec["prediction"]
    return memory_config(peers, models)
