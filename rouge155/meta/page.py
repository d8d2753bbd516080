"""The grid as one HTML page: per table (human score, level, coefficient, measure) the paper's layout
with the best cell dark and those not significantly worse grey, and an interval chart per column
(the charts of :mod:`rouge155.analysis.html_report`). Every text from the inputs is escaped; every number's
exact value is in ``data-value``."""
from __future__ import annotations

import math
from typing import List, Tuple

import numpy as np

from ..analysis.html_report import STYLE, interval_chart
from ..analysis.html_report import escape_html as _e
from .report import COEFFICIENT_NAMES, condition_flags, heading, tables
from .run import GridResult

_EXTRA_STYLE = "td.best{background:#1d6b3a;color:#fff;font-weight:600}td.equivalent{background:#d5d9de}"




def _cell(c) -> str:
    css = "num best" if c.best else ("num equivalent" if c.equivalent else "num")
    shown = "nan" if not math.isfinite(c.value) else f"{c.value:.3f}"
    tip = f"{c.value:.4f} [{c.low:.4f}, {c.high:.4f}]"
    if c.p_permutation_adjusted is not None:
        tip += (f"; best - this {c.difference:+.4f} [{c.difference_low:+.4f}, {c.difference_high:+.4f}], "
                f"p perm. {c.p_permutation_adjusted:.4f}, p boot. {c.p_bootstrap_adjusted:.4f} (adjusted)")
    return (f'<td class="{css}" data-value="{_e(repr(float(c.value)))}" data-low="{_e(repr(float(c.low)))}" '
            f'data-high="{_e(repr(float(c.high)))}" title="{_e(tip)}">{shown}</td>')


def _table(grid: GridResult, key, cells) -> List[str]:
    human, level, coef, measure = key
    conditions = [c.label for c in grid.spec.conditions]
    settings = [r.label for r in grid.spec.references]
    variants = [v.tag for v in grid.spec.variants]
    title = f"{human}: {level} level, {COEFFICIENT_NAMES[coef]}, {measure.replace('_', ' ')}"
    head = "".join(f'<th colspan="{len(conditions)}">{_e(s)}</th>' for s in settings)
    sub = "".join(f"<th>{_e(c)}</th>" for _ in settings for c in conditions)
    rows = "".join(f"<tr><td>{_e(v)}</td>" + "".join(_cell(cells[(v, s, c)]) for s in settings for c in conditions)
                   + "</tr>" for v in variants)
    out = [f"<h2>{_e(title)}</h2>",
           (f'<table class="grid" data-human="{_e(human)}" data-level="{_e(level)}" data-coefficient="{_e(coef)}" '
            f'data-measure="{_e(measure)}"><tr><th rowspan="2">variant</th>{head}</tr><tr>{sub}</tr>{rows}</table>')]
    panels: List[Tuple[str, np.ndarray, np.ndarray, np.ndarray]] = []
    for s in settings:
        for c in conditions:
            got = [cells[(v, s, c)] for v in variants]
            value, low, high = (np.array([getattr(g, a) for g in got]) for a in ("value", "low", "high"))
            panels.append((f"{s}, {c}", value, low, high))
    out.append(interval_chart(variants, panels, fixed=(-1.0, 1.0), zero=True, css="chart-correlation",
                              caption=f"{title}: correlation and {grid.spec.confidence:g}% interval per variant"))
    return out


def to_html(grid: GridResult, title: str = "rouge155-meta") -> str:
    flags = condition_flags(grid)
    legend = heading(grid, best="dark:", equivalent="grey:")
    body = [f"<h1>{_e(title)}</h1>"] + [f'<p class="muted">{_e(line)}</p>' for line in legend]
    body.append('<table class="settings"><tr><th>condition</th><th>flags</th></tr>' + "".join(
        f"<tr><td>{_e(label)}</td><td>{_e(f or '(none)')}</td></tr>" for label, f in flags.items()) + "</table>")
    for key, cells in tables(grid).items():
        body.extend(_table(grid, key, cells))
    if grid.humans:
        from .report import humans_text

        body.append("<h2>Humans as peers</h2><pre>" + _e("\n".join(humans_text(grid)[1:])) + "</pre>")
    page = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_e(title)}</title><style>{STYLE}{_EXTRA_STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")
    return page.encode("ascii", "xmlcharrefreplace").decode("ascii")
