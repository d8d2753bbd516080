"""One self-contained HTML page (inline CSS and SVG; no script, no network): per metric, each system's
average with its confidence interval, the per-document score distribution and the full numbers;
the run's settings; optionally the paired tests (:mod:`.compare`) and correlations (:mod:`.correlate`).

Every number in a table carries its exact value in ``data-value`` (the text shows it to 5 places),
so the page can be read back and checked against the JSON.
"""
from __future__ import annotations

import html
import math
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from .compare import Comparison
from .correlate import Correlation
from .correlation_doc import scope
from .difference import label
from .results import MEASURE_LABEL, MEASURES, Run, perl_flags

ROW = 18  # px per system in the charts
LABEL_W = 150  # the row names' column, at least
MAX_LABEL = 40  # characters shown of a row name (the whole name is its tooltip)
PANEL_W = 240
GAP = 36
ACCENT = "#1f5fa8"
STYLE = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:24px auto;max-width:1180px;
color:#1d2430;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 6px;border-bottom:1px solid #d5dbe3;padding-bottom:4px}
h3{font-size:15px;margin:14px 0 4px}nav a{margin-right:10px}
table{border-collapse:collapse;margin:6px 0 10px;font-variant-numeric:tabular-nums}
th,td{border:1px solid #d5dbe3;padding:2px 7px;text-align:left}td.num{text-align:right}th{background:#f1f4f8}
.ci{color:#66707d}table.instances td+td+td{text-align:right}figure{margin:6px 0}figcaption{color:#555;font-size:12px}
details{margin:4px 0 10px}summary{cursor:pointer;color:#1f5fa8}
.sig{font-weight:600}.muted{color:#66707d}svg text{font:11px system-ui,Arial,sans-serif;fill:#333}
.wide{overflow-x:auto;max-width:100%}code.signature{display:block;white-space:nowrap;overflow-x:auto;max-width:860px;
font-size:12px;padding:2px 0}
"""
ORDER_NOTE = "systems by mean F score, best first"  # every chart and table of a metric lists them so


def escape_html(text) -> str:
    """Every value that reaches a page goes through here (text and attribute values alike): the report's,
    the audit's and the meta grid's pages all take strings from files that others may have written."""
    return html.escape(str(text), quote=True)


_e = escape_html  # the short name each page's markup uses


def _attrs(attrs: Optional[Mapping[str, object]]) -> str:
    """`` name="value"`` pairs, every value escaped."""
    return "".join(f' {name}="{_e(value)}"' for name, value in (attrs or {}).items())


def _shown(value: float, digits: int) -> str:
    """A number as the tables show it: fixed places, or powers of ten for values near the float maximum."""
    if not math.isfinite(value):
        return "nan"
    return f"{value:.{digits}f}" if abs(value) < 1e15 else f"{value:.3e}"


def _num(value: float, digits: int = 5, css: str = "num", attrs: Optional[Mapping[str, object]] = None) -> str:
    value = float(value)
    shown = _shown(value, digits)
    return f'<td class="{_e(css)}" data-value="{_e(repr(value))}"{_attrs(attrs)}>{shown}</td>'


def _plain(value: float, digits: int) -> str:
    value = float(value)
    shown = _shown(value, digits)
    if shown != "nan" and float(shown) == value:
        return f"<td>{shown}</td>"
    return f'<td data-value="{_e(repr(value))}">{shown}</td>'


def _position(v: float, lo: float, hi: float) -> float:
    """Where v lies on [lo, hi], as a share (halves first: hi - lo may overflow for scores near 1e308)."""
    return (v / 2 - lo / 2) / (hi / 2 - lo / 2)


def _clamped(share: float) -> float:
    """A chart position inside its panel (NaN, for a value that overflowed, at the left edge)."""
    return min(1.0, max(0.0, share)) if math.isfinite(share) else 0.0


def _panel_x(x0: float, lo: float, hi: float) -> Callable[[float], float]:
    """The x coordinate of a value in the panel starting at ``x0`` whose axis runs from lo to hi."""
    return lambda v: x0 + _clamped(_position(v, lo, hi)) * PANEL_W


def _nice(lo: float, hi: float) -> Tuple[float, float, List[float]]:
    """An axis range covering [lo, hi] with 3-6 round ticks (any finite values, up to +-1.7e308)."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        lo, hi = 0.0, 1.0
    if hi <= lo:
        # One value (e.g. every score 0): a small range around it, not below 0 for scores >= 0.
        pad = max(0.05, abs(lo) * 0.05)
        lo, hi = (lo - pad if lo - pad >= 0 or lo < 0 else 0.0), hi + pad
    raw = hi / 4 - lo / 4
    mag = 10.0 ** math.floor(math.log10(raw)) if raw > 0 else 0.0
    if not mag > 0:  # a range within the smallest subnormals: no round ticks to find
        return lo, hi, [lo, hi]
    step = next(s * mag for s in (1, 2, 2.5, 5, 10) if s * mag >= raw)
    a, b = math.floor(lo / step) * step, math.ceil(hi / step) * step
    if not (math.isfinite(a) and math.isfinite(b)):  # rounding out to a tick left the float range
        a, b = lo, hi
    ticks = [a + i * step for i in range(int(round(b / step - a / step)) + 1)]
    return a, b, [t for t in ticks if math.isfinite(t)]


def _panel_axis(x0: float, top: float, height: float, lo: float, hi: float, ticks: Sequence[float],
                title: str) -> List[str]:
    parts = [(f'<text x="{x0 + PANEL_W / 2:.1f}" y="{top - 20:.1f}" text-anchor="middle" font-weight="600">'
              f'{_e(title)}</text>')]
    for t in ticks:
        x = x0 + _position(t, lo, hi) * PANEL_W
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4:.1f}" x2="{x:.1f}" y2="{top + height:.1f}" stroke="#e3e7ed"/>')
        parts.append(f'<text x="{x:.1f}" y="{top - 7:.1f}" text-anchor="middle">{t:g}</text>')
    parts.append(f'<rect x="{x0}" y="{top - 4:.1f}" width="{PANEL_W}" height="{height + 4:.1f}" fill="none" '
                 'stroke="#c4ccd6"/>')
    return parts


def _svg(width: float, height: float, parts: List[str], css: str, label: str, shrink: bool = True) -> str:
    """An SVG chart; ``shrink``: scaled down to the page's width (else it keeps its size: its figure scrolls)."""
    style = "max-width:100%;height:auto" if shrink else "max-width:none"
    return (f'<svg class="{css}" xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" style="{style}" role="img" '
            f'aria-label="{_e(label)}">' + "".join(parts) + "</svg>")


def _label_width(labels: Sequence[str]) -> int:
    """Room for the longest row name (about 6.5 px a character at 11 px), within bounds."""
    longest = min(MAX_LABEL, max((len(x) for x in labels), default=0))
    return max(LABEL_W, int(6.5 * longest) + 16)


def _row_labels(labels: Sequence[str], top: float, width: float, label_w: int) -> List[str]:
    """Row names on the left, every other row striped across the chart up to its last panel's edge (drawn
    first, underneath)."""
    out = [f'<rect x="0" y="{top + i * ROW:.1f}" width="{width:.0f}" height="{ROW}" fill="#f3f5f8"/>'
           for i in range(1, len(labels), 2)]
    for i, name in enumerate(labels):
        y = top + i * ROW + ROW / 2 + 4
        short = name if len(name) <= MAX_LABEL else name[:MAX_LABEL - 1] + "\u2026"
        out.append(f'<text x="{label_w - 8}" y="{y:.1f}" text-anchor="end">{_e(short)}<title>{_e(name)}</title></text>')
    return out


def interval_chart(labels: Sequence[str], panels: Sequence[Tuple[str, np.ndarray, np.ndarray, np.ndarray]],
                   fixed: Optional[Tuple[float, float]] = None, zero: bool = False, css: str = "chart-intervals",
                   caption: str = "") -> str:
    """Dot (mean) and whisker (interval) per row, one panel per (title, means, lows, highs)."""
    top = 34
    height = ROW * len(labels)
    label_w = _label_width(labels)
    width = label_w + len(panels) * (PANEL_W + GAP)
    parts = _row_labels(labels, top, width - GAP + 1, label_w)
    for p, (title, mean, low, high) in enumerate(panels):
        x0 = label_w + p * (PANEL_W + GAP)
        vals = np.concatenate([mean, low, high])
        vals = vals[np.isfinite(vals)]
        lo, hi, ticks = (_nice(*fixed) if fixed else
                         _nice(float(vals.min()) if vals.size else 0.0, float(vals.max()) if vals.size else 1.0))
        parts += _panel_axis(x0, top, height, lo, hi, ticks, title)
        x = _panel_x(x0, lo, hi)
        if zero and lo < 0 < hi:
            parts.append(f'<line x1="{x(0):.1f}" y1="{top:.1f}" x2="{x(0):.1f}" y2="{top + height:.1f}" '
                         'stroke="#888" stroke-dasharray="3,2"/>')
        for i in range(len(labels)):
            y = top + i * ROW + ROW / 2
            if math.isfinite(low[i]) and math.isfinite(high[i]):
                parts.append(f'<line class="ci" x1="{x(low[i]):.1f}" y1="{y:.1f}" x2="{x(high[i]):.1f}" y2="{y:.1f}" '
                             f'stroke="{ACCENT}" stroke-width="2"/>')
                for v in (low[i], high[i]):
                    parts.append(f'<line x1="{x(v):.1f}" y1="{y - 4:.1f}" x2="{x(v):.1f}" y2="{y + 4:.1f}" '
                                 f'stroke="{ACCENT}" stroke-width="1.5"/>')
            if math.isfinite(mean[i]):
                parts.append(f'<circle class="mean" cx="{x(mean[i]):.1f}" cy="{y:.1f}" r="4" fill="#d9480f">'
                             f'<title>{_e(labels[i])} {_e(title)}: {mean[i]:.5f} [{low[i]:.5f}, {high[i]:.5f}]</title>'
                             '</circle>')
    svg = _svg(width, top + height + 6, parts, css, caption)
    return f'<figure>{svg}<figcaption>{_e(caption)}</figcaption></figure>'


def distribution_chart(labels: Sequence[str], panels: Sequence[Tuple[str, Sequence[np.ndarray]]], caption: str,
                       max_points: int = 150) -> str:
    """Per row a box plot (quartiles, median, min-max whiskers) and the scores as dots."""
    top = 34
    height = ROW * len(labels)
    label_w = _label_width(labels)
    width = label_w + len(panels) * (PANEL_W + GAP)
    parts = _row_labels(labels, top, width - GAP + 1, label_w)
    for p, (title, rows) in enumerate(panels):
        x0 = label_w + p * (PANEL_W + GAP)
        allv = np.concatenate([r for r in rows if len(r)] or [np.zeros(1)])
        lo, hi, ticks = _nice(min(0.0, float(allv.min())), max(float(allv.max()), 0.01))
        parts += _panel_axis(x0, top, height, lo, hi, ticks, title)
        x = _panel_x(x0, lo, hi)
        for i, values in enumerate(rows):
            if not len(values):
                continue
            y = top + i * ROW + ROW / 2
            q0, q1, q2, q3, q4 = np.percentile(values, [0, 25, 50, 75, 100])
            parts.append(f'<line x1="{x(q0):.1f}" y1="{y:.1f}" x2="{x(q4):.1f}" y2="{y:.1f}" stroke="#7a8594"/>')
            parts.append(f'<rect class="box" x="{x(q1):.1f}" y="{y - 5:.1f}" width="{max(1.0, x(q3) - x(q1)):.1f}" '
                         f'height="10" fill="#cfe0f5" stroke="{ACCENT}"><title>{_e(labels[i])} {_e(title)}: '
                         f'median {q2:.5f}, quartiles {q1:.5f}-{q3:.5f}, n={len(values)}</title></rect>')
            parts.append(f'<line x1="{x(q2):.1f}" y1="{y - 5:.1f}" x2="{x(q2):.1f}" y2="{y + 5:.1f}" '
                         f'stroke="{ACCENT}" stroke-width="2"/>')
            if len(values) <= max_points:
                for k, v in enumerate(values):
                    jitter = ((k * 7919) % 11 - 5) * 0.8
                    parts.append(f'<circle cx="{x(v):.1f}" cy="{y + jitter:.1f}" r="2" fill="#333" '
                                 'fill-opacity="0.45"/>')
    svg = _svg(width, top + height + 6, parts, "chart-distribution", caption)
    return f'<figure>{svg}<figcaption>{_e(caption)}</figcaption></figure>'


def _settings_section(run: Run) -> str:
    rows = []
    for k, s in enumerate(run.settings, start=1):
        opts = s.get("options") or {}
        flags = perl_flags(opts) if isinstance(opts, dict) else ""
        items = [("source", s.get("source", "")), ("rouge155 version", s.get("rouge155_version", "")),
                 ("flags", flags or "(defaults)"), ("confidence", f'{s.get("confidence")}%'),
                 ("bootstrap resamples", s.get("resamples")), ("token mode (-t)", s.get("token_mode")),
                 ("values", "unrounded (--precise)" if s.get("precise") else "rounded as the report (%7.5f)"),
                 ("signature", s.get("signature", ""))]
        head = f"<h3>Run {k}</h3>" if len(run.settings) > 1 else ""
        rows.append(head + '<table class="settings">' + "".join(
            f"<tr><th>{_e(a)}</th><td>{_setting_cell(a, b)}</td></tr>" for a, b in items if b not in ("", None))
            + "</table>")
    n_docs = len({eid for e in run.entries for eid in e.eval_ids})
    summary = (f"<p>{len(run.systems)} systems, {len(run.metrics)} metrics, {n_docs} evaluations.</p>")
    warn = ""
    if run.warnings:
        warn = ("<details><summary>" + f"{len(run.warnings)} warning(s)</summary><ul>"
                + "".join(f"<li>{_e(w)}</li>" for w in run.warnings) + "</ul></details>")
    return '<section id="settings"><h2>Settings</h2>' + summary + "".join(rows) + warn + "</section>"


def system_order(entries) -> List[str]:
    """The systems of one metric's entries as every chart and table of the page lists them: by mean F
    score, best first (ties: the name's order); systems without averages (-t 2) after, as given."""
    with_ci = sorted((e for e in entries if e.average is not None),
                     key=lambda e: (-e.average["f_score"].mean, e.system))
    return [e.system for e in with_ci] + [e.system for e in entries if e.average is None]


def _setting_cell(name: str, value) -> str:
    """A setting's value; the signature on one line that scrolls (it is one token: never wrapped inside)."""
    if name == "signature":
        return f'<code class="signature">{_e(value)}</code>'
    return _e(value)


def _metric_section(run: Run, metric: str, comparison: Optional[Comparison], anchor: str) -> str:
    by_system = {e.system: e for e in run.entries if e.metric == metric}
    order = system_order(by_system.values())
    entries = [by_system[s] for s in order]
    conf = run.confidence
    out = [f'<section class="metric" id="{anchor}" data-metric="{_e(metric)}"><h2>{_e(metric)}</h2>',
           f'<p class="muted">{_e(ORDER_NOTE)}.</p>']
    with_ci = [(e, e.average) for e in entries if e.average is not None]
    if with_ci:
        labels = [e.system for e, _ in with_ci]
        panels = [(f"{m.replace('_', ' ')}", np.array([a[m].mean for _, a in with_ci]),
                   np.array([a[m].low for _, a in with_ci]), np.array([a[m].high for _, a in with_ci]))
                  for m in MEASURES]
        out.append(interval_chart(labels, panels, caption=f"{metric}: average and {conf}% confidence interval "
                                  f"(bootstrap) per system; {ORDER_NOTE}"))
    dist_panels = [(m.replace("_", " "), [by_system[s].scores[m] for s in order]) for m in MEASURES]
    out.append(distribution_chart(order, dist_panels, f"{metric}: per-document scores (box: quartiles and median; "
                                  f"whiskers: min-max; dots: documents); {ORDER_NOTE}"))
    # The full table of averages.
    if with_ci:
        head = "".join(f'<th colspan="3">{m.replace("_", " ")} ({MEASURE_LABEL[m]})</th>' for m in MEASURES)
        sub = "".join(f"<th>mean</th><th>{_e(conf)}% low</th><th>high</th>" for _ in MEASURES)
        rows = []
        for e, average in with_ci:
            cells = "".join(
                _num(getattr(average[m], stat), attrs={"data-measure": m, "data-stat": stat})
                for m in MEASURES for stat in ("mean", "low", "high"))
            rows.append(f'<tr data-system="{_e(e.system)}"><td>{_e(e.system)}</td>{cells}'
                        f'<td class="num">{len(e.eval_ids)}</td></tr>')
        out.append(f'<table class="averages" data-metric="{_e(metric)}"><tr><th rowspan="2">system (best F first)</th>'
                   f'{head}<th rowspan="2">docs</th></tr><tr>{sub}</tr>' + "".join(rows) + "</table>")
    totals = [(e.system, e.totals) for e in entries if e.totals is not None]
    if totals:
        total_rows = "".join(f'<tr data-system="{_e(system)}"><td>{_e(system)}</td>'
                             + "".join(_num(counts[c], 0, attrs={"data-count": c})
                                       for c in ("model_count", "peer_count", "hit")) + "</tr>"
                             for system, counts in totals)
        out.append(f'<table class="totals" data-metric="{_e(metric)}"><tr><th>system</th><th>model count</th>'
                   f'<th>peer count</th><th>hit</th></tr>{total_rows}</table>')
    # Per-document rows can be many: plain cells, the exact value in data-value only where the
    # shown text does not give it back (unrounded --precise values).
    inst_rows = []
    for e in entries:
        system = _e(e.system)
        columns = [e.scores[m].tolist() for m in MEASURES] + [e.counts[c].tolist() for c in
                                                              ("model_count", "peer_count", "hit")]
        for k, eid in enumerate(e.eval_ids):
            cells = "".join(_plain(col[k], 5 if j < 3 else 0) for j, col in enumerate(columns))
            inst_rows.append(f"<tr><td>{system}</td><td>{_e(eid)}</td>{cells}</tr>")
    out.append(f"<details><summary>Per-document scores ({len(inst_rows)} rows)</summary>"
               f'<table class="instances" data-metric="{_e(metric)}"><tr><th>system</th><th>evaluation</th>'
               "<th>R</th><th>P</th><th>F</th><th>model count</th><th>peer count</th><th>hit</th></tr>"
               + "".join(inst_rows) + "</table></details>")
    if comparison is not None:
        tests = [t for t in comparison.tests if t.metric == metric]
        if tests:
            out.append(_comparison_table(comparison, tests, order))
    out.append("</section>")
    return "".join(out)


def _comparison_table(c: Comparison, tests, order: Optional[Sequence[str]] = None) -> str:
    rows = []
    for t in tests:
        p = c.p_value(t)
        sig = p < c.alpha
        rows.append(
            f'<tr class="{"sig" if sig else ""}" data-a="{_e(t.system_a)}" data-b="{_e(t.system_b)}" '
            f'data-measure="{_e(t.measure)}"><td>{_e(c.verdict(t))}, p = {_pfmt(p)}</td>'
            f'<td>{_e(MEASURE_LABEL.get(t.measure, t.measure))}</td>'
            f'<td class="num">{_e(t.n)}</td>{_num(t.difference)}{_num(t.ci_low)}{_num(t.ci_high)}'
            f"{_num(t.p_permutation, 4)}{_num(t.p_permutation_adjusted, 4)}{_num(t.p_bootstrap, 4)}"
            f"{_num(t.p_bootstrap_adjusted, 4)}</tr>")
    matrices = "".join(win_matrix(c, tests, m, order) for m in dict.fromkeys(t.measure for t in tests))
    table_open, table_close = ("<details><summary>All pairs (" + str(len(rows)) + ")</summary>", "</details>") \
        if len(rows) > 15 else ("", "")
    return (f'<h3>Paired significance tests</h3><p class="muted">{_e(_compare_note(c))}</p>' + matrices + table_open +
            '<table class="comparison"><tr><th>verdict</th><th>measure</th><th>n</th><th>A - B</th>'
            f"<th>{c.confidence:g}% low</th><th>high</th><th>p perm.</th><th>adjusted</th><th>p boot.</th>"
            "<th>adjusted</th></tr>" + "".join(rows) + "</table>" + table_close)


MATRIX_CELL = 24  # px: a verdict's square, whatever the number of systems (the figure scrolls when wide)
MATRIX_LABEL = 32  # characters of a system's name shown beside its row (the whole name is its tooltip)


def win_matrix(c: Comparison, tests, measure: str, order: Optional[Sequence[str]] = None) -> str:
    """Systems x systems in ``order`` (default: by mean F, best first, as the page lists them; else the
    tests' order): a row's cell is green with '>' where that system is significantly better than the
    column's, red with '<' where significantly worse, grey '~' where the test finds no difference. Rows
    carry the numbered names, columns the numbers: readable at 2 systems or 40."""
    named = list(dict.fromkeys(s for t in tests for s in (t.system_a, t.system_b)))
    systems = [s for s in order or () if s in named] + [s for s in named if s not in (order or ())]
    cell, size = MATRIX_CELL, MATRIX_CELL * len(systems)
    digits = len(str(len(systems)))
    longest = min(MATRIX_LABEL, max(len(s) for s in systems)) + digits + 2
    top, left = 26, 12 + int(6.6 * longest)
    index = {s: i for i, s in enumerate(systems)}
    parts = []
    for i, s in enumerate(systems):
        short = s if len(s) <= MATRIX_LABEL else s[:MATRIX_LABEL - 1] + "\u2026"
        y = top + i * cell + cell / 2 + 4
        parts.append(f'<text x="{left - 6}" y="{y:.1f}" text-anchor="end">{i + 1}. {_e(short)}<title>{_e(s)}</title>'
                     "</text>")
        x = left + i * cell + cell / 2
        parts.append(f'<text x="{x:.1f}" y="{top - 8}" text-anchor="middle">{i + 1}<title>{_e(s)}</title></text>')
    for t in tests:
        if t.measure != measure:
            continue
        sig = c.p_value(t) < c.alpha and t.difference != 0
        for row, col, better in ((t.system_a, t.system_b, True), (t.system_b, t.system_a, False)):
            color = ("#4c9a52" if better else "#c8553d") if sig else "#d9dee5"
            word = (">" if better else "<") if sig else "~"
            x, y = left + index[col] * cell, top + index[row] * cell
            parts.append(f'<rect class="pair" x="{x:.1f}" y="{y:.1f}" width="{cell - 2}" height="{cell - 2}" '
                         f'fill="{color}"><title>{_e(row)} {word} {_e(col)}, p = {_pfmt(c.p_value(t))}</title></rect>'
                         f'<text x="{x + cell / 2 - 1:.1f}" y="{y + cell / 2 + 3:.1f}" text-anchor="middle" '
                         f'fill="{"#fff" if sig else "#555"}">{_e(word)}</text>')
    svg = _svg(left + size + 10, top + size + 10, parts, "chart-wins", f"pairwise verdicts, {measure}", shrink=False)
    return (f'<figure class="wide">{svg}<figcaption>Row vs column, {_e(measure.replace("_", " "))} ({ORDER_NOTE}; '
            "columns numbered as the rows): green >, the row significantly better; red <, significantly worse; "
            "grey ~, no significant difference.</figcaption></figure>")


def _compare_note(c: Comparison) -> str:
    return (f"A has the higher mean over the evaluations both systems have. '>' when the {c.decide_by} test's "
            f"p-value, adjusted over the pairs of the metric ({c.correction}), is below {c.alpha:g}; '~' otherwise. "
            f"{c.resamples} resamples, seed {c.seed}; permutation tests are exact when every sign pattern fits.")


def _pfmt(p: float) -> str:
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"


def _correlation_label(key) -> str:
    variant, metric, measure, size = key
    return label(variant, metric, measure) + (f" ({size} docs)" if size else "")


def _correlation_table(corr: Correlation, human: str, level: str, rows) -> List[str]:
    """One (human score, level): the interval chart and the table (at summary level with the number of
    documents averaged per coefficient)."""
    keys = list(dict.fromkeys((r.variant, r.metric, r.measure, r.sample_size) for r in rows))
    coefs = list(dict.fromkeys(r.coefficient for r in rows))
    index = {(r.variant, r.metric, r.measure, r.sample_size, r.coefficient): r for r in rows}
    labels = [_correlation_label(k) for k in keys]
    panels = []
    for c in coefs:
        got = [index.get(k + (c,)) for k in keys]
        panels.append((c, *(np.array([getattr(g, a) if g else np.nan for g in got]) for a in ("value", "low", "high"))))
    out = [f"<h3>{_e(human)}: {_e(level)} level ({_e(scope(rows))})</h3>",
           interval_chart(labels, panels, fixed=(-1.0, 1.0), zero=True, css="chart-correlation",
                          caption=f"{human}, {level} level: correlation and interval per ROUGE variant")]
    with_n = any(r.documents_used is not None for r in rows)
    trs = []
    for k, lab in zip(keys, labels):
        cells = ""
        for c in coefs:
            r = index.get(k + (c,))
            if r is None:
                cells += "<td></td>" * (4 if with_n else 3)
                continue
            cells += (_num(r.value, 4, attrs={"data-coef": c, "data-stat": "value"})
                      + _num(r.low, 4, "num ci", {"data-coef": c, "data-stat": "low"})
                      + _num(r.high, 4, "num ci", {"data-coef": c, "data-stat": "high"}))
            if with_n:
                used = "" if r.documents_used is None else _e(r.documents_used)
                cells += f'<td class="num"{_attrs({"data-coef": c, "data-stat": "documents_used"})}>{used}</td>'
        trs.append(f"<tr><td>{_e(lab)}</td>{cells}</tr>")
    span = 4 if with_n else 3
    head = "".join(f'<th colspan="{span}">{_e(c)}</th>' for c in coefs)
    sub = (f"<th>value</th><th>{corr.confidence:g}% low</th><th>high</th>"
           + ("<th>n</th>" if with_n else "")) * len(coefs)
    out.append(f'<table class="correlation"{_attrs({"data-human": human, "data-level": level})}><tr><th rowspan="2">'
               f"variant</th>{head}</tr><tr>{sub}</tr>" + "".join(trs) + "</table>")
    undefined = [f"{_correlation_label(k)}: {index[k + (c,)].undefined}" for k in keys for c in coefs[:1]
                 if k + (c,) in index and index[k + (c,)].undefined]
    if undefined:
        out.append(f'<p class="muted">Documents without a correlation (a side constant across systems), left out: '
                   f"{_e('; '.join(undefined))}.</p>")
    return out


def _correlation_section(corr: Correlation) -> str:
    out = ['<section id="correlation"><h2>Correlation with human scores</h2>',
           f'<p class="muted">{_e(corr.heading())}.</p>']
    out.extend(f'<p class="muted">note: {_e(n)}</p>' for n in corr.notes)
    groups: Dict[Tuple[str, str], List] = {}
    for r in corr.rows:
        groups.setdefault((r.human, r.level), []).append(r)
    for (human, level), rows in groups.items():
        out.extend(_correlation_table(corr, human, level, rows))
    if corr.differences is not None:
        out.append(_differences_table(corr))
    out.append("</section>")
    return "".join(out)


def _differences_table(corr: Correlation) -> str:
    d = corr.differences
    assert d is not None
    rows = []
    for t in d.tests:
        verdict = d.verdict(t)
        attrs = {"class": "sig" if verdict != "~" else "", "data-human": t.human, "data-level": t.level,
                 "data-coef": t.coefficient, "data-family": t.family}
        rows.append(f"<tr{_attrs(attrs)}><td>{_e(t.human)}</td><td>{_e(t.level)}</td><td>{_e(t.coefficient)}</td>"
                    f"<td>{_e(label(t.variant_a, t.metric_a, t.measure_a))}</td><td>{_e(verdict)}</td>"
                    f"<td>{_e(label(t.variant_b, t.metric_b, t.measure_b))}</td><td>{_e(t.family)}</td>"
                    f"{_num(t.difference, 4)}{_num(t.ci_low, 4)}{_num(t.ci_high, 4)}{_num(t.p_permutation, 4)}"
                    f"{_num(t.p_permutation_adjusted, 4)}{_num(t.p_bootstrap, 4)}"
                    f"{_num(t.p_bootstrap_adjusted, 4)}</tr>")
    notes = "".join(f'<p class="muted">note: {_e(n)}</p>' for n in d.notes)
    return ('<h3>Differences between correlations</h3><p class="muted">'
            + _e(d.heading(corr.resamples, corr.resample, corr.seed, corr.confidence)) + "</p>" + notes
            + '<table class="differences"><tr><th>human</th><th>level</th><th>coefficient</th><th>A</th><th></th>'
            f"<th>B</th><th>family</th><th>A - B</th><th>{corr.confidence:g}% low</th><th>high</th><th>p perm.</th>"
            "<th>adjusted</th><th>p boot.</th><th>adjusted</th></tr>" + "".join(rows) + "</table>")


def render_html(run: Optional[Run] = None, comparison: Optional[Comparison] = None,
                correlation: Optional[Correlation] = None, title: str = "rouge155 report") -> str:
    """The report as one HTML page (ASCII: other characters as character references)."""
    body = [f"<h1>{_e(title)}</h1>"]
    nav = []
    if run is not None:
        anchors = {m: f"metric-{i}" for i, m in enumerate(run.metrics)}
        nav = [f'<a href="#{anchors[m]}">{_e(m)}</a>' for m in run.metrics]
        if correlation is not None:
            nav.append('<a href="#correlation">correlation</a>')
        body.append("<nav>" + "".join(nav) + '<a href="#settings">settings</a></nav>')
        body.extend(_metric_section(run, m, comparison, anchors[m]) for m in run.metrics)
    elif comparison is not None:
        for metric in dict.fromkeys(t.metric for t in comparison.tests):
            body.append(f'<section class="metric"><h2>{_e(metric)}</h2>'
                        + _comparison_table(comparison, [t for t in comparison.tests if t.metric == metric])
                        + "</section>")
    if correlation is not None:
        body.append(_correlation_section(correlation))
    if run is not None:
        body.append(_settings_section(run))
    page = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")
    return page.encode("ascii", "xmlcharrefreplace").decode("ascii")


def html_for_results(doc, title: str = "rouge155 report") -> str:
    """The report of one ``--format json`` document (what ``rouge155 --format html`` prints; ``title``:
    the page's, which names the input)."""
    from .results import from_document

    return render_html(from_document(doc), title=title)
