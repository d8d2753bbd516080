"""JSONL input: one object per line, the form judged data sets come in.

Each line: ``{"id": ..., "prediction": "...", "references": ["...", ...], "system": "..."}``, where
``id`` names the evaluation (a string or an integer), ``references`` holds the texts of its models
(M.1, M.2, ... in that order) and ``system`` is optional (default: the run's system ID). Several
systems may share one file, one line each per ID; they must then give the same references. Other
keys are ignored (human scores, metadata). Evaluations keep the order in which their IDs first
appear; a text is one sentence per line unless a separator or the sentence splitter is given.

:func:`from_records` is the builder for records already in memory (the API, a grid tool);
:func:`from_jsonl` reads a file. Both return the config and the in-memory source of its texts.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from collections.abc import Mapping as _Mapping  # loaded with os already: no start-up cost

from .config import EvalConfig, Evaluation
from ..base.errors import RougeError
from .plaintext import read_input_file, separator_bytes, spl_text
from .sources import MemorySource


class JsonlError(RougeError, ValueError):
    """A record (a JSONL line) that cannot be scored; the message names its line."""


def _text(value: str) -> bytes:
    # a lone surrogate (JSON's "\ud800") is kept as its three bytes rather than refused
    return value.encode("utf-8", "surrogatepass")


def checked_record(record: object, where: str) -> Tuple[str, Optional[str], str, Sequence[str]]:
    """(id, system or None, prediction, references) of one record, or a JsonlError naming ``where``."""
    if not isinstance(record, _Mapping):
        raise JsonlError(f"{where}: not a JSON object")
    missing = [key for key in ("id", "prediction", "references") if key not in record]
    if missing:
        raise JsonlError(f"{where}: no {', '.join(repr(k) for k in missing)} (each line needs \"id\", "
                         "\"prediction\" and \"references\")")
    ident, prediction, references = record["id"], record["prediction"], record["references"]
    if isinstance(ident, bool) or not isinstance(ident, (str, int)):
        raise JsonlError(f"{where}: \"id\" must be a string or an integer, not {type(ident).__name__}")
    if not isinstance(prediction, str):
        raise JsonlError(f"{where}: \"prediction\" must be a string, not {type(prediction).__name__}")
    if not isinstance(references, (list, tuple)) or not references or not all(isinstance(r, str) for r in references):
        raise JsonlError(f"{where}: \"references\" must be a non-empty list of strings")
    system = record.get("system", None)
    if system is not None and not isinstance(system, str):
        raise JsonlError(f"{where}: \"system\" must be a string, not {type(system).__name__}")
    return str(ident), system, prediction, references


def from_records(
    records: Iterable[Tuple[str, object]],
    system_id: str = "1",
    separator: Union[str, bytes, None] = None,
    split: bool = False,
) -> Tuple[EvalConfig, MemorySource]:
    """The config and texts of ``records``: (where, record) pairs, ``where`` naming the record in
    messages (``"FILE line 3"``). Records without ``"system"`` belong to ``system_id``."""
    sep = separator_bytes(separator)
    texts: Dict[str, bytes] = {}
    evaluations: Dict[str, Evaluation] = {}
    first_seen: Dict[str, Tuple[str, Sequence[str]]] = {}  # id -> (where, references)
    systems: Dict[str, None] = {}
    for where, record in records:
        ident, system, prediction, references = checked_record(record, where)
        system = system_id if system is None else system
        ev = evaluations.get(ident)
        if ev is None:
            ev = evaluations[ident] = Evaluation.listed(ident, "SPL", {}, reference_keys(where, references, split,
                                                                                        sep, texts))
            first_seen[ident] = (where, references)
        elif list(references) != list(first_seen[ident][1]):
            raise JsonlError(f"{where}: id {ident} has other references than at {first_seen[ident][0]} "
                             "(the systems of one id are scored against the same references)")
        if system in ev.peers:
            raise JsonlError(f"{where}: system {system} has a second prediction for id {ident}")
        ev.peers[system] = prediction_key(where, prediction, split, sep, texts)
        systems.setdefault(system, None)
    if not evaluations:
        raise JsonlError("no record to score (the input is empty)")
    return EvalConfig(evaluations=list(evaluations.values()), peer_ids=list(systems)), MemorySource(texts)


def reference_keys(where: str, references: Sequence[str], split: bool, sep: Optional[bytes],
                   texts: Dict[str, bytes]) -> List[str]:
    """The names of a record's references (its models), their texts put in ``texts``."""
    model_keys = [f"{where} reference {k}" for k in range(1, len(references) + 1)]
    for key, reference in zip(model_keys, references):
        texts[key] = spl_text(_text(reference), split, sep)
    return model_keys


def prediction_key(where: str, prediction: str, split: bool, sep: Optional[bytes], texts: Dict[str, bytes]) -> str:
    """The name of a record's prediction (its peer), its text put in ``texts``."""
    key = f"{where} prediction"
    texts[key] = spl_text(_text(prediction), split, sep)
    return key


def jsonl_records(path: str) -> Iterator[Tuple[str, object]]:
    """("PATH line N", object) for each non-blank line of a JSONL file; one clear error for a line
    that is not UTF-8 JSON."""
    return lines_records(path, read_input_file(path).split(b"\n"), 1)


def lines_records(path: str, lines: Iterable[bytes], first_number: int) -> Iterator[Tuple[str, object]]:
    """:func:`jsonl_records` of some of the file's ``lines``, the first of them line ``first_number``."""
    import json

    for number, line in enumerate(lines, start=first_number):
        if not line.strip():
            continue
        where = f"{path} line {number}"
        try:
            record = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            raise JsonlError(f"{where}: not UTF-8") from None
        except RecursionError:
            raise JsonlError(f"{where}: not JSON (nested too deeply)") from None
        except json.JSONDecodeError as exc:
            raise JsonlError(f"{where}: not JSON ({exc})") from None
        except ValueError:  # an integer past Python's limit on digits
            raise JsonlError(f"{where}: not JSON that can be read (a number with thousands of digits)") from None
        yield where, record


def from_jsonl(
    path: str,
    system_id: str = "1",
    separator: Union[str, bytes, None] = None,
    split: bool = False,
) -> Tuple[EvalConfig, MemorySource]:
    """A JSONL file's config and texts (see the module's docstring)."""
    return from_records(jsonl_records(path), system_id, separator, split)


def records_from_mappings(rows: Iterable[Mapping[str, object]]) -> Iterator[Tuple[str, object]]:
    """Records given as Python mappings (the API), named "record 1", "record 2", ... in messages."""
    for number, row in enumerate(rows, start=1):
        yield f"record {number}", row
