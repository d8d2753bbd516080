"""What the doctor reports: :class:`Finding` s of the kinds in :data:`KINDS`, each with a count and the
first few ids (:class:`Sample`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional

# Every kind of problem, in the order reports list them, with what it means (docs/doctor.md).
KINDS: Dict[str, str] = {
    "unreadable": "an input rouge155 cannot read (the line it would stop with)",
    "encoding": "a file or line that is not UTF-8 (UTF-16 named as such)",
    "input-kind": "a JSONL or plain-text file given where a ROUGE config goes",
    "no-tokens": "non-empty texts that give no token under the tokenizer: they score 0",
    "lost-characters": "texts whose letters the tokenizer drops (most of a text's, or a share of every word)",
    "empty": "empty or punctuation-only summaries and references: they score 0",
    "single-sentence": "summary-level ROUGE-L asked on texts that hold several sentences on one line",
    "escaped-text": "pre-tokenized or escaped text (-lrb-, <q>, HTML entities, @highlight) scored as words",
    "references-vary": "documents with fewer references than others",
    "references-unused": "references the data has that the run does not use",
    "duplicate-ids": "an id given twice (a document, a system's summary, a model)",
    "identical": "predictions identical to one of their references",
}
# The kinds rouge155 hints at on stderr by default in its plain-text and JSONL modes.
HINTED = ("no-tokens", "lost-characters", "empty")


class Sample:
    """A count, and the first ``keep`` ids counted (in the input's order)."""

    def __init__(self, keep: int = 5):
        self.keep = keep
        self.count = 0
        self.ids: List[str] = []

    def add(self, ident: str) -> None:
        self.count += 1
        if len(self.ids) < self.keep:
            self.ids.append(ident)

    def __bool__(self) -> bool:
        return self.count > 0


@dataclass(frozen=True)
class Finding:
    """One problem: its ``kind`` (a key of :data:`KINDS`), ``count`` of ``total`` ``unit`` (texts,
    predictions, documents, files ...), the first ``ids``, what was found (``message``, one sentence)
    and what to do (``advice``)."""

    kind: str
    count: int
    total: int
    unit: str
    ids: List[str]
    message: str
    advice: str = ""
    details: Dict[str, object] = field(default_factory=dict)

    @classmethod
    def of(cls, kind: str, sample: Sample, total: int, unit: str, message: str, advice: str = "",
           details: Optional[Dict[str, object]] = None) -> "Finding":
        return cls(kind, sample.count, total, unit, list(sample.ids), message, advice, dict(details or {}))

    def record(self) -> Dict[str, object]:
        """The finding as JSON."""
        out: Dict[str, object] = {"kind": self.kind, "count": self.count, "of": self.total, "unit": self.unit,
                                  "ids": list(self.ids), "message": self.message, "advice": self.advice}
        if self.details:
            out["details"] = dict(self.details)
        return out


def plural(count: int, word: str, many: Optional[str] = None) -> str:
    """``1 text``, ``3 texts``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def of(count: int, total: int, word: str, verb: bool = True) -> str:
    """``1 of 2 texts is``, ``3 of 4 texts are``: a count of a total, with its verb (``verb``)."""
    counted = f"{count} of {total} {word if total == 1 else word + 's'}"
    return f"{counted} {'is' if count == 1 else 'are'}" if verb else counted
