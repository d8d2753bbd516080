"""``rouge155-audit --language CODE``: one set of outputs in one language under every ROUGE that runs on
it, and which of them score 0 because their tokenizer drops the script.

Rows: ROUGE-1 .. ROUGE-N and each implementation's summary-level ROUGE-L (the Perl's ROUGE-L;
rouge-score's, torchmetrics' and XL-Sum's ``rougeLsum``; the ``rouge`` package's and py-rouge's
``rouge-l``); the corpus F as each reports it. Implementations: the Perl's (its ASCII tokens),
rouge155's ``--language CODE`` (the Perl's ROUGE with Unicode tokens, docs/languages.md), rouge-score,
torchmetrics, the ``rouge`` package, py-rouge (no length limit) and XL-Sum's scorer with ``lang=`` its
name for the language (``--language hi``: ``lang="hindi"``). For each, the number of texts holding a
letter or digit that its tokenizer turns into no token at all: an implementation for which that is
every such text scores 0 on any output, whatever it says.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from ..base.errors import OptionError, RougeError
from ..semantics import PERL, get, names
from ..semantics.base import MissingDependency
from ..semantics.setup import Setup
from .run import AuditedPairs


@dataclass
class LanguageEntry:
    """One implementation on the language: its settings, corpus F per row, and its empty tokenizations."""

    name: str
    settings: str
    fmeasure: Dict[str, float] = field(default_factory=dict)
    empty: Optional[int] = None  # texts with a letter or digit that it tokenizes to nothing
    note: str = ""


@dataclass
class LanguageAudit:
    code: str
    pairs: int
    texts: int  # texts holding a letter or digit
    rows: List[str]
    entries: List[LanguageEntry]
    unavailable: Dict[str, str]

    @property
    def drop_the_script(self) -> List[str]:
        """The implementations whose tokenizer leaves no token in any text (each scores 0)."""
        return [e.name for e in self.entries if self.texts and e.empty == self.texts]


def _setup(name: str, ngram: int, stem: bool, code: str) -> Tuple[Setup, List[str]]:
    """``name``'s setup on the language (given it where it has a language setting for it), and its notes."""
    implementation, notes = get(name), []
    language: Optional[str] = None
    if "language" in implementation.counterparts:
        try:
            implementation.own_language(code)
            language = code
        except ValueError as exc:
            notes.append(f"{exc}: scored without")
    if stem and "stem" not in implementation.counterparts:
        stem = False
        notes.append("it has no stemmer: scored without")
    largest = implementation.naming.max_n or ngram
    metrics = tuple(m for m in implementation.naming.for_flags(min(ngram, largest), True)
                    if m != implementation.naming.text_lcs)
    return Setup(name, metrics, stem=stem, language=language), notes


def _score(name: str, pairs: AuditedPairs, ngram: int, stem: bool, code: str, texts: List[str]) -> LanguageEntry:
    """``name`` on the first reference of each pair: the corpus F per row as it reports it, and how many
    of ``texts`` its tokenizer leaves without a token."""
    setup, notes = _setup(name, ngram, stem, code)
    lacking = setup.implementation.unavailable_metrics(setup)
    if lacking:  # torchmetrics' rougeLsum without punkt's data
        setup = Setup(name, tuple(m for m in setup.metrics if m not in lacking), stem=setup.stem,
                      language=setup.language)
        notes += [f"no {m} ({why})" for m, why in lacking.items()]
    refs = [[r[0]] for r in pairs.references]
    corpus = setup.corpus(setup.score(pairs.predictions, refs), pairs.keys)
    naming = setup.implementation.naming
    rows = {f"ROUGE-{n}": naming.ngram.format(n=n) for n in range(1, ngram + 1)}
    rows["ROUGE-L"] = str(naming.summary_lcs)
    described = setup.implementation.language_note(setup)
    settings = ", ".join(([described] if described else []) + [f"stemming {'on' if setup.stem else 'off'}"])
    tokenize = setup.implementation.tokenizer_for(setup)
    return LanguageEntry(name, settings, {row: float(corpus[m].fmeasure) for row, m in rows.items() if m in corpus},
                         sum(1 for t in texts if not tokenize(t)), "; ".join(notes))


def _perl_language(pairs: AuditedPairs, ngram: int, stem: bool, code: str) -> Dict[str, float]:
    from ..api import evaluate

    peers = {"1": {str(i): p for i, p in enumerate(pairs.predictions)}}
    models = {str(i): [r[0]] for i, r in enumerate(pairs.references)}
    result = evaluate(peers, models, ngram=ngram, stem=stem, language=code)
    return {row: float(result.get(row).averages.mean[2]) for row in
            [f"ROUGE-{n}" for n in range(1, ngram + 1)] + ["ROUGE-L"]}


def _has_word(text: str) -> bool:
    return any(c.isalnum() for c in text)


def language_audit(pairs: AuditedPairs, code: str, ngram: int = 2, stem: bool = False) -> LanguageAudit:
    """Score ``pairs`` (the first reference of each) under every implementation; see the module."""
    if not pairs.ids:
        raise OptionError("no pair to audit (the input is empty)")
    texts = [t for t in list(pairs.predictions) + [r[0] for r in pairs.references] if _has_word(t)]
    rows = [f"ROUGE-{n}" for n in range(1, ngram + 1)] + ["ROUGE-L"]
    audit = LanguageAudit(code, len(pairs.ids), len(texts), rows, [], {})
    for name in names():
        try:
            audit.entries.append(_score(name, pairs, ngram, stem, code, texts))
        except (MissingDependency, RougeError, ValueError) as exc:
            audit.unavailable[name] = str(exc)
        if name == PERL:  # rouge155's own --language: the Perl's ROUGE on the language's Unicode tokens
            own = f"{PERL} --language"
            try:
                scores = _perl_language(pairs, ngram, stem, code)
            except (MissingDependency, RougeError, ValueError) as exc:
                audit.unavailable[own] = str(exc)
                continue
            audit.entries.append(LanguageEntry(own, f"--language {code}, stemming {'on' if stem else 'off'}", scores))
    return audit


def to_text(audit: LanguageAudit) -> str:
    """The report: a table of F per implementation and row, then which tokenizers drop the script."""
    title = (f"rouge155-audit --language {audit.code}: {audit.pairs} pairs, {audit.texts} texts with a letter or "
             "digit (the first reference of each pair)")
    lines = [title, ""]
    head = f"  {'implementation':18s}" + "".join(f"{row:>10s}" for row in audit.rows) + "   texts without a token"
    lines.append(head)
    for e in audit.entries:
        cells = "".join(f"{e.fmeasure[row]:10.5f}" if row in e.fmeasure else f"{'-':>10s}" for row in audit.rows)
        empty = "" if e.empty is None else f"{e.empty} of {audit.texts}"
        lines.append(f"  {e.name:18s}{cells}   {empty}")
    lines.append("")
    for e in audit.entries:
        lines.append(f"  {e.name}: {e.settings}" + (f"; {e.note}" if e.note else ""))
    for name, why in audit.unavailable.items():
        lines.append(f"  {name}: not scored: {why}")
    dropped = audit.drop_the_script
    lines.append("")
    lines.append("score 0 on this language (their tokenizer drops its script): " + (", ".join(dropped) or "none"))
    return "\n".join(lines) + "\n"


def to_json(audit: LanguageAudit, version: str) -> str:
    import json

    body = {"code": audit.code, "pairs": audit.pairs, "texts": audit.texts, "rows": audit.rows,
            "implementations": {e.name: {"settings": e.settings, "fmeasure": e.fmeasure,
                                         "texts_without_token": e.empty, "note": e.note} for e in audit.entries},
            "unavailable": audit.unavailable, "drop_the_script": audit.drop_the_script}
    return json.dumps({"rouge155_version": version, "language_audit": body}, ensure_ascii=False, indent=1) + "\n"


__all__ = ["LanguageAudit", "LanguageEntry", "language_audit", "to_text", "to_json"]
