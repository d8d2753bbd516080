"""The grid as text (tables laid out as in Lin's NTCIR-4 paper: variants down, reference settings and
conditions across, the best of each column and those not significantly worse marked) and as JSON with
every number."""
from __future__ import annotations

import json
import math
from dataclasses import asdict
from typing import Dict, List, Tuple

from ..analysis.results import MEASURE_LABEL, perl_flags
from .run import GridResult
from .grid_statistics import Cell

BEST, EQUIVALENT = "*", "="
COEFFICIENT_NAMES = {"pearson": "Pearson", "spearman": "Spearman", "kendall": "Kendall tau-b"}
_RESAMPLED = {"both": "systems and documents", "systems": "systems", "documents": "documents"}


def condition_flags(grid: GridResult) -> Dict[str, str]:
    return {c.label: perl_flags({k: v for k, v in asdict(c.options).items() if k != "resamples"})
            for c in grid.spec.conditions}


def heading(grid: GridResult, best: str = BEST, equivalent: str = EQUIVALENT) -> List[str]:
    s = grid.spec
    refs = sorted(set(grid.references_per_document))
    ref_text = f"{refs[0]}" if len(refs) == 1 else f"{refs[0]}-{refs[-1]}"
    decide = "PERM-BOTH" if s.decide_by == "permutation" else "BOOT-BOTH"
    return [
        (f"rouge155-meta: {len(grid.systems)} systems, {len(grid.documents)} documents ({ref_text} "
         f"reference{'' if refs == [1] else 's'} each), "
         f"human scores: {', '.join(grid.human_columns)}."),
        (f"Correlations with {s.confidence:g}% percentile bootstrap intervals ({s.resamples} resamples over "
         f"{_RESAMPLED[s.resample]}, seed {s.seed})."),
        (f"Per column: {best} the best variant; {equivalent} not significantly worse than it (one-sided {decide} "
         f"test against the best, p adjusted by {s.correction} over the column's comparisons, alpha {s.alpha:g}; "
         "PERM-BOTH and BOOT-BOTH p-values and the interval of the difference are in the JSON)."),
    ]


def _fmt(cell: Cell) -> str:
    if not math.isfinite(cell.value):
        return "  nan "
    mark = BEST if cell.best else (EQUIVALENT if cell.equivalent else " ")
    return f"{cell.value:+.3f}{mark}".replace("+", " ")


def tables(grid: GridResult) -> Dict[Tuple[str, str, str, str], Dict[Tuple[str, str, str], Cell]]:
    """(human, level, coefficient, measure) -> {(variant, references, condition): cell}, in grid order."""
    out: Dict[Tuple[str, str, str, str], Dict[Tuple[str, str, str], Cell]] = {}
    for c in grid.cells:
        out.setdefault((c.human, c.level, c.coefficient, c.measure), {})[(c.variant, c.references, c.condition)] = c
    return out


def table_text(grid: GridResult, key: Tuple[str, str, str, str], cells: Dict[Tuple[str, str, str], Cell]) -> List[str]:
    human, level, coef, measure = key
    conditions = [c.label for c in grid.spec.conditions]
    settings = [r.label for r in grid.spec.references]
    variants = [v.tag for v in grid.spec.variants]
    width = max(7, *(len(c) + 1 for c in conditions))
    label_w = max(len("variant"), *(len(v) for v in variants))
    group_w = width * len(conditions)
    title = f"{human}: {level} level, {COEFFICIENT_NAMES[coef]}, {measure.replace('_', ' ')}"
    lines = [f"{title} ({MEASURE_LABEL[measure]})",
             " " * label_w + "".join(f"  {s:^{group_w}}" for s in settings).rstrip(),
             f"{'variant':<{label_w}}" + "".join("  " + "".join(f"{c:>{width}}" for c in conditions) for _ in settings)]
    for v in variants:
        row = f"{v:<{label_w}}"
        for s in settings:
            row += "  " + "".join(f"{_fmt(cells[(v, s, c)]):>{width}}" for c in conditions)
        lines.append(row.rstrip())
    return lines


def humans_text(grid: GridResult) -> List[str]:
    """Average scores of the systems and of the humans (each against the other references)."""
    if not grid.humans:
        return []
    measure = grid.spec.measures[0]
    lines = ["", (f"Average {measure.replace('_', ' ')} per peer (jackknife): systems against each M-1 subset of "
                  "the references, each human against the other M-1; min / mean / max over the peers.")]
    for cond in grid.spec.conditions:
        lines.append(f"{cond.label}:")
        lines.append(f"  {'variant':<12}  {'systems':^26}  {'humans':^26}".rstrip())
        for v in grid.spec.variants:
            means = grid.averages[(cond.label, grid.spec.references[0].label, v.tag, measure)]
            parts = []
            for group in (grid.systems, grid.humans):
                vals = [means[p] for p in group if p in means]
                parts.append(f"{min(vals):.4f} / {sum(vals) / len(vals):.4f} / {max(vals):.4f}" if vals else "-")
            lines.append(f"  {v.tag:<12}  {parts[0]:^26}  {parts[1]:^26}".rstrip())
    return lines


def to_text(grid: GridResult) -> str:
    lines = heading(grid)
    flags = condition_flags(grid)
    lines.append("Conditions: " + "; ".join(f"{label} = {f or '(no flag)'}" for label, f in flags.items()) + ".")
    for key, cells in tables(grid).items():
        lines.append("")
        lines.extend(table_text(grid, key, cells))
    lines.extend(humans_text(grid))
    return "\n".join(lines) + "\n"


def _clean(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def to_document(grid: GridResult) -> dict:
    from .. import __version__

    s = grid.spec
    flags = condition_flags(grid)
    averages = [{"condition": k[0], "references": k[1], "variant": k[2], "measure": k[3], "peer": peer,
                 "human": peer in grid.humans, "mean": mean}
                for k, by_peer in grid.averages.items() for peer, mean in by_peer.items()]
    return {
        "tool": "rouge155-meta",
        "rouge155_version": __version__,
        "source": grid.source,
        "systems": grid.systems,
        "humans": grid.humans,
        "documents": grid.documents,
        "references_per_document": grid.references_per_document,
        "human_columns": grid.human_columns,
        "settings": {
            "variants": [v.tag for v in s.variants],
            "conditions": [{"label": c.label, "flags": flags[c.label]} for c in s.conditions],
            "references": [r.label for r in s.references],
            "humans_as_peers": s.humans_as_peers, "measures": list(s.measures), "levels": list(s.levels),
            "coefficients": list(s.coefficients), "resamples": s.resamples, "confidence": s.confidence,
            "seed": s.seed, "resample": s.resample, "correction": s.correction, "alpha": s.alpha,
            "decide_by": s.decide_by,
        },
        "cells": [{k: _clean(v) for k, v in c.fields().items()} for c in grid.cells],
        "averages": averages,
        "seconds": {k: round(v, 3) for k, v in grid.seconds.items()},
    }


def to_json(grid: GridResult) -> str:
    return json.dumps(to_document(grid), indent=1, allow_nan=False) + "\n"
