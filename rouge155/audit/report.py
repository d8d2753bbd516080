"""The audit as text (a table per metric, the pairs that differ most, the rules) and as JSON."""
from __future__ import annotations

import json
import math
from typing import Dict, List, Optional

import numpy as np

from ..semantics import PERL, get
from . import rules
from .run import Audit, Entry, RowAudit
from ..semantics.setup import CorpusScore

MEASURES = ("precision", "recall", "fmeasure")
F = 2  # the F-measure's place in (P, R, F)


def _signed(x: float) -> str:
    """A difference to 5 places, signed; one that rounds to zero as 0 (not -0.00000)."""
    if not math.isfinite(x):
        return "nan"
    shown = f"{x:+.5f}"
    return "0" if float(shown) == 0 else shown


def _settings_line(a: Audit) -> str:
    lcs = ", ROUGE-L" if any(r.row.lcs for r in a.rows) else ""
    ngrams = ", ".join(f"ROUGE-{n}" for n in range(1, a.ngram + 1))
    return (f"settings: {ngrams}{lcs}; stemming {'on (-m)' if a.stem else 'off'}; -f {a.letter}; "
            f"rouge-score's bootstrap seeded with {a.seed}")


def _header(a: Audit) -> List[str]:
    p = a.pairs
    counts = sorted({len(r) for r in p.references})
    refs = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    lines = [(f"rouge155-audit: {len(p.ids)} pairs{' from ' + p.source if p.source else ''} (system {p.system}), "
              f"{refs} reference{'s' if counts[-1] > 1 else ''} each"), _settings_line(a), "semantics:"]
    width = _name_width(list(a.setups) + list(a.unavailable)) - 1
    for name in a.setups:
        notes = "; ".join(a.notes.get(name, []))
        lines.append(f"  {name:<{width}} {get(name).reproduces}{' -- ' + notes if notes else ''}")
    for name, why in a.unavailable.items():
        lines.append(f"  {name:<{width}} not scored: {why}")
    return lines


def _name_width(names: List[str]) -> int:
    """The width of the semantics column: 13, or wider for a longer name."""
    return max([13] + [len(n) + 1 for n in names])


def _table(row: RowAudit) -> List[str]:
    kinds = rules.KINDS
    w = _name_width([e.semantics for e in row.entries] + list(row.missing))
    head = f"  {'semantics':<{w}}{'metric':<11}{'F':>8}{'vs perl':>10}" + "".join(
        f"{rules.LABELS[k]:>13}" for k in kinds) + f"{'interaction':>13}"
    lines = [f"{row.row.name}: F of each implementation, its difference to the Perl's and the rule that makes it",
             head, f"  {'perl':<{w}}{row.perl_metric:<11}{row.perl.fmeasure:>8.5f}{'':>10}"]
    for e in row.entries:
        cells = "".join(f"{_signed(float(e.attribution.shares[k][F])) if k in e.attribution.shares else '.':>13}"
                        for k in kinds)
        lines.append(f"  {e.semantics:<{w}}{e.metric:<11}{e.corpus.fmeasure:>8.5f}"
                     f"{_signed(float(e.difference[F])):>10}{cells}{_signed(float(e.attribution.interaction[F])):>13}")
    for name, why in row.missing.items():
        lines.append(f"  {name:<{w}}not scored: {why}")
    return lines


def _pairs_section(a: Audit) -> List[str]:
    lines = ["Pairs that differ most (F minus the Perl's F, and the rule that moves the pair most):"]
    for row in a.rows:
        for e in row.entries:
            if not e.top:
                lines.append(f"  {row.row.name} {e.semantics} ({e.metric}): every pair within 0.00005 of the Perl's "
                             "(its rounding to 5 places)")
                continue
            lines.append(f"  {row.row.name} {e.semantics} ({e.metric}):")
            for p in e.top:
                rule = rules.LABELS.get(p.main_rule, "-") if p.main_rule else "-"
                lines.append(f"    {_signed(p.difference)}  id {p.id}: {p.fmeasure:.5f} vs {p.perl:.5f}  ({rule})")
    return lines


def _rules_section(a: Audit) -> List[str]:
    """The Perl's rules, then each implementation's where it differs (the kinds attributed on some row)."""
    perl = rules.recipe(PERL, "Lsum", a.stem, a.letter)
    lines = ["Rules: the Perl's, then each implementation's where it differs:"]
    lines += [f"  perl {rules.LABELS[k]}: {rules.describe(k, getattr(perl, k))}" for k in rules.KINDS]
    seen = set()
    for row in a.rows:
        for e in row.entries:
            for k in e.attribution.kinds:
                if (e.semantics, k, e.parts[k]) not in seen:
                    seen.add((e.semantics, k, e.parts[k]))
                    lines.append(f"  {e.semantics} {rules.LABELS[k]}: {rules.describe(k, e.parts[k])}")
    return lines


def to_text(a: Audit) -> str:
    """The audit for a terminal: the settings, one table per metric, the pairs, the rules."""
    out = _header(a) + [""]
    for row in a.rows:
        out += _table(row) + [""]
    out += ["Shares: each rule's Shapley share of the F difference (the Perl's rule put in place of the",
            "implementation's, in every order; '.' where both have the same rule); they add up to the difference.",
            "interaction: the difference minus the sum of the one-at-a-time effects (rules that interact).", ""]
    out += _pairs_section(a) + [""] + _rules_section(a)
    return "\n".join(out) + "\n"


# -- JSON ---------------------------------------------------------------------------------------------


def _number(x: float) -> Optional[float]:
    x = float(x)
    return x if math.isfinite(x) else None


def _measures(values) -> Dict[str, Optional[float]]:
    return {m: _number(v) for m, v in zip(MEASURES, values)}


def corpus_record(c: CorpusScore) -> Dict[str, object]:
    out: Dict[str, object] = dict(_measures((c.precision, c.recall, c.fmeasure)))
    if c.low is not None:
        out["low"] = _measures(c.low)
        out["high"] = _measures(c.high)
    return out


def _entry_record(e: Entry) -> Dict[str, object]:
    att = e.attribution
    return {
        "semantics": e.semantics, "metric": e.metric, "corpus": corpus_record(e.corpus),
        "difference": _measures(e.difference),
        "rules": dict(e.parts), "differing_rules": list(att.kinds),
        "shares": {k: _measures(v) for k, v in att.shares.items()},
        "single_effects": {k: _measures(v) for k, v in att.single.items()},
        "interaction": _measures(att.interaction),
        "model_gap": _number(np.max(e.model_gap)),
        "top_pairs": [{"id": p.id, "fmeasure": p.fmeasure, "perl": p.perl, "difference": p.difference,
                       "main_rule": p.main_rule, "shares": p.shares} for p in e.top],
    }


def to_document(a: Audit, version: str, signatures: Optional[Dict[str, str]] = None) -> Dict[str, object]:
    """The audit as a JSON-ready dict (``signatures``: each implementation's, when known)."""
    p = a.pairs
    implementations = {}
    for name, setup in a.setups.items():
        implementations[name] = {"reproduces": get(name).reproduces, "settings": setup.settings(),
                                 "notes": a.notes.get(name, [])}
        if signatures and name in signatures:
            implementations[name]["signature"] = signatures[name]
    return {
        "rouge155_version": version,
        "audit": {
            "pairs": len(p.ids), "source": p.source, "system": p.system,
            "references": {"min": min(len(r) for r in p.references), "max": p.most_references},
            "settings": {"ngram": a.ngram, "stem": a.stem, "multi_reference": a.letter, "seed": a.seed},
            "implementations": implementations,
            "unavailable": dict(a.unavailable),
            "rows": [{"row": r.row.name, "perl": dict(corpus_record(r.perl), metric=r.perl_metric),
                      "entries": [_entry_record(e) for e in r.entries], "missing": dict(r.missing)} for r in a.rows],
        },
    }


def to_json(a: Audit, version: str, signatures: Optional[Dict[str, str]] = None) -> str:
    return json.dumps(to_document(a, version, signatures), indent=1) + "\n"
