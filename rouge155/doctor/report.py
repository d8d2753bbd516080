"""The doctor's report: text (one block per problem), JSON (every finding as a record), and the one-line
hints rouge155 prints on stderr in its plain-text modes."""
from __future__ import annotations

import json
from dataclasses import asdict
from typing import Dict, List, Sequence

from .findings import HINTED, KINDS, Finding, plural
from .run import Examination


def ordered(findings: Sequence[Finding]) -> List[Finding]:
    """Findings in the order of :data:`KINDS` (the order they were found within a kind)."""
    rank = {kind: k for k, kind in enumerate(KINDS)}
    return sorted(findings, key=lambda f: rank.get(f.kind, len(rank)))


def _ids(finding: Finding) -> str:
    more = finding.count - len(finding.ids)
    return ", ".join(finding.ids) + (f" and {more} more" if more > 0 else "")


def _looked(exam: Examination) -> str:
    looked = exam.looked
    if looked is None:
        return "the input could not be read"
    refs = looked.references
    counts = f"{refs[0]}" if len(refs) == 1 else f"{refs[0]}-{refs[-1]}"
    systems = looked.systems
    who = f"system {systems[0]}" if len(systems) == 1 else f"{len(systems)} systems"
    return (f"{plural(looked.pairs, 'pair')} ({plural(looked.documents, 'document')}, {who}, {counts} "
            f"reference{'' if counts == '1' else 's'} each), read as {looked.semantics} reads them")


def to_text(exam: Examination, prog: str = "rouge155-doctor") -> str:
    """The report for a terminal: what was read, then one block per problem (or that none was found)."""
    lines = [f"{prog}: {_looked(exam)}"]
    found = ordered(exam.findings)
    lines.append("no problem found" if not found else f"{len(found)} problem{'s' if len(found) > 1 else ''} found:")
    for f in found:
        lines.append(f"[{f.kind}] {f.message}")
        if f.ids:
            lines.append(f"    first: {_ids(f)}")
        if f.advice:
            lines.append(f"    what to do: {f.advice}")
    lines += [f"note: {n}" for n in exam.notes]
    return "\n".join(lines) + "\n"


def to_document(exam: Examination, version: str) -> Dict[str, object]:
    looked = asdict(exam.looked) if exam.looked is not None else None
    return {"rouge155_version": version,
            "doctor": {"input": looked, "problems": [f.record() for f in ordered(exam.findings)],
                       "notes": list(exam.notes), "kinds": dict(KINDS)}}


def to_json(exam: Examination, version: str) -> str:
    return json.dumps(to_document(exam, version), indent=1) + "\n"


def hint_lines(findings: Sequence[Finding], prog: str = "rouge155") -> List[str]:
    """rouge155's default notes in its plain-text modes: one line per hinted problem (texts the tokenizer
    drops; empty texts), naming the doctor and ``--quiet``."""
    out = []
    for f in ordered(findings):
        if f.kind in HINTED:
            advice = f"; {f.advice}" if f.advice else ""
            out.append(f"{prog}: note: {f.message} (first: {_ids(f)}){advice} [rouge155-doctor checks more; "
                       "--quiet: no notes]")
    return out
