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

import numpy as np

from ..base.errors import OptionError, RougeError
from ..compat.semantics import MissingDependency, get
from ..engine.semantics.xlsum import TextRules
from ..engine.semantics.xlsum_languages import XLSUM_NAMES, describe
from .run import AuditedPairs

# (implementation, its ROUGE-N name pattern, its summary-level ROUGE-L name, its largest N)
_OWN = {"perl": ("ROUGE-{}", "ROUGE-L", 99), "rouge-score": ("rouge{}", "rougeLsum", 9),
        "torchmetrics": ("rouge{}", "rougeLsum", 9), "pltrdy": ("rouge-{}", "rouge-l", 5),
        "py-rouge": ("rouge-{}", "rouge-l", 99), "xlsum": ("rouge{}", "rougeLsum", 9)}


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


def _corpus(name: str, values) -> float:
    state = np.random.get_state()
    np.random.seed(0)  # rouge-score's and XL-Sum's bootstrap: seeded, and numpy's state left as it was
    try:
        return float(get(name).aggregate(values)[2])
    finally:
        np.random.set_state(state)


def _score(name: str, pairs: AuditedPairs, ngram: int, stem: bool, lang: Optional[str]) -> Tuple[Dict[str, float], str]:
    pattern, lcs, largest = _OWN[name]
    metrics = [pattern.format(n) for n in range(1, min(ngram, largest) + 1)] + [lcs]
    refs = [[r[0]] for r in pairs.references]
    options: Dict[str, object] = {  # type: ignore[assignment]
        "perl": {"stem": stem}, "rouge-score": {"use_stemmer": stem}, "torchmetrics": {"use_stemmer": stem},
        "pltrdy": {}, "py-rouge": {"stemming": stem, "limit_length": False, "multi_reference": "avg"},
        "xlsum": {"use_stemmer": stem, "lang": lang}}[name]
    note = "it has no stemmer: scored without" if name == "pltrdy" and stem else ""
    try:
        values = get(name).score_pairs(list(pairs.predictions), refs, metrics, **options)
    except MissingDependency as exc:
        if lcs not in metrics or "punkt" not in str(exc):
            raise
        metrics.remove(lcs)
        values = get(name).score_pairs(list(pairs.predictions), refs, metrics, **options)
        note = "no ROUGE-L (its rougeLsum needs nltk's punkt data)"
    rows = {f"ROUGE-{n}": pattern.format(n) for n in range(1, ngram + 1)}
    rows["ROUGE-L"] = lcs
    return {row: _corpus(name, values[m]) for row, m in rows.items() if m in values}, note


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
    lang = XLSUM_NAMES.get(code)
    rows = [f"ROUGE-{n}" for n in range(1, ngram + 1)] + ["ROUGE-L"]
    audit = LanguageAudit(code, len(pairs.ids), len(texts), rows, [], {})
    with_stem = "stemming on" if stem else "stemming off"
    for name in ("perl", "perl --language", "rouge-score", "torchmetrics", "pltrdy", "py-rouge", "xlsum"):
        entry = LanguageEntry(name, with_stem)
        try:
            if name == "perl --language":
                entry.settings = f"--language {code}, {with_stem}"
                entry.fmeasure = _perl_language(pairs, ngram, stem, code)
            else:
                entry.fmeasure, entry.note = _score(name, pairs, ngram, stem, lang)
                rules = TextRules(lang) if name == "xlsum" else None
                tokenize = rules.tokens if rules is not None else get(name).tokenize
                entry.empty = sum(1 for t in texts if not tokenize(t))
            if name == "xlsum":
                entry.settings = f"lang={lang!r}, use_stemmer={stem} ({describe(lang)})"
        except (MissingDependency, RougeError, ValueError) as exc:
            audit.unavailable[name] = str(exc)
            continue
        audit.entries.append(entry)
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
