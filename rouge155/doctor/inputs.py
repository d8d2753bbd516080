"""The checks on the inputs as a whole: the files the command line names (their encoding, a JSONL or text
file where a config goes), ids given twice, references that vary or that the data has but the run does
not use. Each reads what rouge155's own readers read (:mod:`rouge155.inputs`)."""
from __future__ import annotations

import os
import re
from collections import Counter
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from ..base.errors import RougeError
from ..inputs.config import EvalConfig
from ..inputs.jsonl import from_records, jsonl_records
from ..inputs.sniff import EncodingError, config_kind_hint, encoding_problem
from .findings import Finding, Sample, of, plural


def file_findings(named: Sequence[Tuple[str, str]], config: Optional[str], keep: int = 5) -> List[Finding]:
    """The named input files' encodings (``named``: (option, path) pairs) and, for ``config``, whether it
    is another kind of input."""
    bad = Sample(keep)
    for _option, path in named:
        raw = _read(path)
        problem = encoding_problem(raw) if raw is not None else None
        if problem is not None:
            bad.add(f"{path} ({problem})")
    out = []
    if bad:
        out.append(Finding.of("encoding", bad, len(named), "files",
                              f"{plural(bad.count, 'input file')} of {len(named)} {'is' if bad.count == 1 else 'are'} "
                              "not UTF-8", "convert to UTF-8 (iconv -f UTF-16 -t UTF-8 FILE, or -f LATIN1)"))
    raw = _read(config) if config is not None else None
    if raw is not None and not raw.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        hint = config_kind_hint(raw, str(config))
        if "looks like" in hint:
            sample = Sample(keep)
            sample.add(str(config))
            out.append(Finding.of("input-kind", sample, 1, "files", f"{config} is not a ROUGE config",
                                  hint.lstrip("; ")))
    return out


def _read(path: Optional[str]) -> Optional[bytes]:
    try:
        with open(str(path), "rb") as fh:
            return fh.read()
    except (OSError, ValueError, TypeError):
        return None


def jsonl_without_duplicates(path: str, system_id: str, separator, split: bool, keep: int = 5):
    """A JSONL file's config and texts as ``rouge155 --jsonl`` reads them, a second line for an (id, system)
    left out (rouge155 stops at it), and the ids given twice."""
    seen: Dict[Tuple[str, str], str] = {}
    twice = Sample(keep)
    records = []
    for where, record in jsonl_records(path):
        if isinstance(record, dict) and isinstance(record.get("id"), (str, int)):
            system = record.get("system", system_id)
            key = (str(record["id"]), str(system))
            if key in seen:
                twice.add(f"{key[0]} ({where}, first at {seen[key]})")
                continue
            seen[key] = where
        records.append((where, record))
    config, source = from_records(records, system_id, separator, split)
    return config, source, twice


def duplicate_findings(twice: Sample, total: int, unit: str, what: str) -> List[Finding]:
    if not twice:
        return []
    return [Finding.of("duplicate-ids", twice, total, unit, f"{plural(twice.count, what)} given twice",
                       "give each id once (rouge155 keeps the first, or stops)")]


def xml_duplicates(path: str, keep: int = 5) -> Tuple[Sample, int]:
    """EVAL IDs, and peer or model IDs within an EVAL, that an XML config gives twice (the script merges a
    repeated EVAL into the first and keeps the last of a repeated peer), and how many EVALs it has."""
    from lxml import etree

    twice = Sample(keep)
    try:
        root = etree.parse(path, etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)).getroot()
    except (etree.XMLSyntaxError, OSError):
        return twice, 0
    evals = [e for e in root.iter() if isinstance(e.tag, str) and e.tag.upper() == "EVAL"]
    for eval_id, n in Counter(e.get("ID") for e in evals).items():
        if n > 1:
            twice.add(f"EVAL {eval_id} ({n} times)")
    for e in evals:
        items = [(c.tag.upper(), c.get("ID")) for c in e.iter() if isinstance(c.tag, str) and c.tag.upper() in "PM"]
        for (tag, ident), n in Counter(items).items():
            if n > 1:
                twice.add(f"EVAL {e.get('ID')}: {'peer' if tag == 'P' else 'model'} {ident} ({n} times)")
    return twice, len(evals)


def directory_duplicates(config: EvalConfig, system: str, pattern: str, keep: int = 5) -> Sample:
    """IDs that the system pattern's group gives for two system files (both are scored against the same
    models)."""
    compiled = re.compile(pattern)
    by_id: Dict[str, List[str]] = {}
    for ev in config.evaluations:
        name = os.path.basename(ev.peer_path(system))
        match = compiled.match(name)
        if match:
            by_id.setdefault(match.group(1) or "", []).append(name)
    twice = Sample(keep)
    for ident, names in by_id.items():
        if len(names) > 1:
            twice.add(f"ID {ident} ({', '.join(names[:3])})")
    return twice


# -- references -----------------------------------------------------------------------------------------


def reference_findings(config: EvalConfig, systems: Sequence[str], labels: Dict[str, str],
                       keep: int = 5) -> List[Finding]:
    """Documents with fewer references than others."""
    counts = [(labels.get(ev.eval_id, ev.eval_id), len(ev.model_ids)) for ev in config.evaluations
              if any(s in ev.peers for s in systems)]
    if not counts:
        return []
    most = max(n for _, n in counts)
    fewer = Sample(keep)
    for label, n in counts:
        if n < most:
            fewer.add(f"{label} ({n})")
    if not fewer:
        return []
    least = min(n for _, n in counts)
    return [Finding.of("references-vary", fewer, len(counts), "documents",
                       f"references per document vary from {least} to {most}: "
                       f"{of(fewer.count, len(counts), 'document', False)} {'has' if fewer.count == 1 else 'have'}"
                       f" fewer than {most}", "check that no reference was lost when the data was written; scores "
                       "over different numbers of references are not comparable",
                       {"min": least, "max": most})]


def same_model_files(config: EvalConfig, systems: Sequence[str], labels: Dict[str, str], keep: int = 5) -> Sample:
    """Evaluations that give one file as two of their models (it then counts twice)."""
    twice = Sample(keep)
    for ev in config.evaluations:
        if not any(s in ev.peers for s in systems):
            continue
        by_path: Dict[str, List[str]] = {}
        for mid, path in ev.model_paths():
            by_path.setdefault(path, []).append(mid)
        for path, mids in by_path.items():
            if len(mids) > 1:
                named = ", ".join(mids[:-1]) + " and " + mids[-1]
                twice.add(f"{labels.get(ev.eval_id, ev.eval_id)}: models {named} are {path}")
    return twice


def unused_model_files(config: EvalConfig, system: str, model_dir: str, system_pattern: str, keep: int = 5) -> Sample:
    """Directory mode: per document (its ID: ``system_pattern``'s group), files of the model directory that
    name its ID (as a whole word of their name) but that --model-pattern leaves out."""
    try:
        names = sorted(os.listdir(model_dir))
    except OSError:
        return Sample(keep)
    compiled = re.compile(system_pattern)
    used = {os.path.basename(p) for ev in config.evaluations for _m, p in ev.model_paths()}
    peers = {os.path.basename(ev.peer_path(system)) for ev in config.evaluations if system in ev.peers}
    unused = Sample(keep)
    for ev in config.evaluations:
        match = compiled.match(os.path.basename(ev.peer_path(system)))
        ident = match.group(1) if match else None
        if not ident:
            continue
        word = re.compile(rf"(?<![A-Za-z0-9]){re.escape(ident)}(?![A-Za-z0-9])")
        extra = [n for n in names if n not in used and n not in peers and word.search(n)]
        if extra:
            unused.add(f"{ident} ({', '.join(extra[:3])}{', ...' if len(extra) > 3 else ''})")
    return unused


def unused_reference_files(given: Iterable[str], keep: int = 5) -> Sample:
    """Parallel files: files beside a ``--references`` file whose names differ from its only in a number
    (ref2.txt beside ref1.txt) and that are not given."""
    given = list(given)
    named = {os.path.abspath(p) for p in given}
    unused = Sample(keep)
    for path in given:
        folder, name = os.path.split(path)
        digits = list(re.finditer(r"\d+", name))
        if not digits:
            continue
        last = digits[-1]
        shape = re.compile(re.escape(name[:last.start()]) + r"\d+" + re.escape(name[last.end():]) + r"\Z")
        try:
            siblings = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for sibling in siblings:
            full = os.path.join(folder, sibling)
            if shape.match(sibling) and os.path.abspath(full) not in named and full not in unused.ids:
                named.add(os.path.abspath(full))
                unused.add(full)
    return unused


def unused_findings(unused: Sample, total: int, unit: str, advice: str) -> List[Finding]:
    if not unused:
        return []
    return [Finding.of("references-unused", unused, total, unit,
                       f"{of(unused.count, total, unit[:-1], False)} with references the data has that the run "
                       "leaves out", advice)]


def read_failure(exc: RougeError, keep: int = 5) -> Finding:
    """An input rouge155 would stop at: the line it would print (a file that is not UTF-8: an ``encoding``
    finding)."""
    sample = Sample(keep)
    sample.add(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    if isinstance(exc, EncodingError):
        return Finding.of("encoding", sample, 1, "files", str(exc), "convert it to UTF-8; rouge155 stops here")
    return Finding.of("unreadable", sample, 1, "inputs", str(exc), "rouge155 stops here: fix this first")
