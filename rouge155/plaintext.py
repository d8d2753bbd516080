"""Plain-text input without a config: a directory pair (pyrouge's convention) or two parallel files
(files2rouge's). Both become an in-memory evaluation of SPL texts (one sentence per line)."""
from __future__ import annotations

import os
import re
from typing import Dict, List, Optional, Tuple

from .config import EvalConfig, Evaluation
from .errors import RougeError
from .evaluate import MemorySource
from .perl import chomped_lines
from .sentences import split_sentences


def _spl(text: bytes, split: bool, separator: Optional[str]) -> bytes:
    """One sentence per line: as given, cut at ``separator``, or split by the sentence splitter."""
    if separator is not None:
        parts = [p.strip() for p in text.split(separator.encode())]
        return b"\n".join(p for p in parts if p)
    if split:
        return "\n".join(split_sentences(text.decode("utf-8", "surrogateescape"))).encode("utf-8", "surrogateescape")
    return text


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise RougeError(f"Cannot open {path}: {exc.strerror}") from None


def from_directories(
    system_dir: str,
    model_dir: str,
    system_pattern: str,
    model_pattern: str,
    system_id: str = "1",
    split: bool = False,
) -> Tuple[EvalConfig, MemorySource]:
    """pyrouge's convention, exactly as pyrouge writes its config: system files (sorted) whose name
    matches ``system_pattern`` (``re.match``) give evaluations 1..N; the pattern's first group is the
    ID that replaces ``#ID#`` in ``model_pattern`` to find that evaluation's models (sorted)."""
    try:
        sys_re = re.compile(system_pattern)
    except re.error as exc:
        raise RougeError(f"--system-pattern is not a valid regular expression: {exc}") from None
    if sys_re.groups < 1:
        raise RougeError(f"--system-pattern needs a group for the ID: {system_pattern}")
    try:
        system_files = sorted(os.listdir(system_dir))
        model_files = os.listdir(model_dir)
    except OSError as exc:
        raise RougeError(f"Cannot list {exc.filename}: {exc.strerror}") from None
    texts: Dict[str, bytes] = {}
    evaluations: List[Evaluation] = []
    for name in system_files:
        m = sys_re.match(name)
        if not m:
            continue
        ident = m.group(1) or ""
        try:
            model_re = re.compile(model_pattern.replace("#ID#", ident))
        except re.error as exc:
            raise RougeError(f"--model-pattern is not a valid regular expression: {exc}") from None
        models = sorted(f for f in model_files if model_re.match(f))
        if not models:
            raise RougeError(f"No model summary for ID {ident} matches --model-pattern {model_pattern} in {model_dir}")
        ev = Evaluation(eval_id=str(len(evaluations) + 1), input_format="SPL", from_file_list=True)
        peer_key = os.path.join(system_dir, name)
        texts[peer_key] = _spl(_read(peer_key), split, None)
        ev.peers[system_id] = peer_key
        for k, mname in enumerate(models, start=1):
            key = os.path.join(model_dir, mname)
            texts[key] = _spl(_read(key), split, None)
            ev.model_ids.append(f"M.{k}")
            ev.models[f"M.{k}"] = key
        evaluations.append(ev)
    if not evaluations:
        raise RougeError(f"No file in {system_dir} matches --system-pattern {system_pattern}")
    return EvalConfig(evaluations=evaluations, peer_ids=[system_id]), MemorySource(texts)


def from_parallel_files(
    summaries: str,
    references: str,
    system_id: str = "1",
    separator: Optional[str] = None,
    split: bool = False,
) -> Tuple[EvalConfig, MemorySource]:
    """files2rouge's convention: line i of ``summaries`` is scored against line i of ``references``
    (evaluation IDs 1..N); a line's sentences are cut at ``separator`` or split when asked."""
    sys_lines = chomped_lines(_read(summaries))
    ref_lines = chomped_lines(_read(references))
    if len(sys_lines) != len(ref_lines):
        raise RougeError(
            f"{summaries} has {len(sys_lines)} lines but {references} has {len(ref_lines)}: they must be parallel"
        )
    texts: Dict[str, bytes] = {}
    evaluations: List[Evaluation] = []
    for i, (s, r) in enumerate(zip(sys_lines, ref_lines), start=1):
        ev = Evaluation(eval_id=str(i), input_format="SPL", from_file_list=True)
        peer_key, model_key = f"{summaries}:{i}", f"{references}:{i}"
        texts[peer_key] = _spl(s.rstrip(b"\r"), split, separator)
        texts[model_key] = _spl(r.rstrip(b"\r"), split, separator)
        ev.peers[system_id] = peer_key
        ev.model_ids.append("M.1")
        ev.models["M.1"] = model_key
        evaluations.append(ev)
    return EvalConfig(evaluations=evaluations, peer_ids=[system_id]), MemorySource(texts)
