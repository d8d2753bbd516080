"""The audit as one self-contained HTML page (inline CSS and SVG, no script): per metric, each
implementation's corpus F (with the bootstrap interval where it has one) beside the Perl's, each rule's
share of the difference, the per-pair differences, and the pairs that differ most with their texts.
The charts are :mod:`rouge155.analysis.html_report`'s; every text from the input is escaped.
"""
from __future__ import annotations

import math
from typing import List, Sequence, Union

import numpy as np

from ..analysis.html_report import STYLE, distribution_chart, interval_chart
from ..analysis.html_report import escape_html as _e
from ..semantics import get
from . import rules
from .report import F, _settings_line, _signed
from .run import Audit, RowAudit

EXCERPT = 160  # characters of a text shown for a pair




def _num(x: float, signed: bool = False) -> str:
    x = float(x)
    shown = _signed(x) if signed else ("nan" if not math.isfinite(x) else f"{x:.5f}")
    return f'<td class="num" data-value="{_e(repr(x))}">{shown}</td>'


def _excerpt(text: str) -> str:
    flat = " / ".join(line.strip() for line in text.split("\n") if line.strip())
    return flat if len(flat) <= EXCERPT else flat[:EXCERPT - 1] + "\u2026"


def _scores_chart(row: RowAudit) -> str:
    labels = [f"perl {row.perl_metric}"] + [f"{e.semantics} {e.metric}" for e in row.entries]
    scores = [row.perl] + [e.corpus for e in row.entries]
    mean = np.array([c.fmeasure for c in scores])
    low = np.array([c.low[F] if c.low is not None else np.nan for c in scores])
    high = np.array([c.high[F] if c.high is not None else np.nan for c in scores])
    return interval_chart(labels, [("F", mean, low, high)], css="chart-audit-scores",
                          caption=f"{row.row.name}: corpus F (whiskers: the bootstrap interval where the "
                                  "implementation reports one)")


def _shares_chart(row: RowAudit) -> str:
    labels, shares = [], []
    for e in row.entries:
        named = [(rules.LABELS[k], float(e.attribution.shares[k][F])) for k in e.attribution.kinds]
        for label, share in named + [("interaction", float(e.attribution.interaction[F]))]:
            if abs(share) >= 5e-6:  # what shows as 0.00000 in the table is left out of the chart
                labels.append(f"{e.semantics}: {label}")
                shares.append(share)
    if not labels:
        return ""
    value = np.array(shares)
    return interval_chart(labels, [("share of the F difference", value, np.minimum(value, 0), np.maximum(value, 0))],
                          zero=True, css="chart-audit-shares",
                          caption=f"{row.row.name}: each rule's share of the difference to the Perl's F")


def _row_table(row: RowAudit) -> str:
    head = "".join(f"<th>{_e(rules.LABELS[k])}</th>" for k in rules.KINDS)
    out = [f"<table><tr><th>semantics</th><th>metric</th><th>F</th><th>vs perl</th>{head}<th>interaction</th></tr>",
           f"<tr><td>perl</td><td>{_e(row.perl_metric)}</td>{_num(row.perl.fmeasure)}<td></td>"
           + "<td></td>" * (len(rules.KINDS) + 1) + "</tr>"]
    for e in row.entries:
        cells = "".join(_num(e.attribution.shares[k][F], True) if k in e.attribution.shares else
                        f'<td class="muted" title="{_e(rules.describe(k, e.parts[k]))}">same</td>' for k in rules.KINDS)
        out.append(f"<tr><td>{_e(e.semantics)}</td><td>{_e(e.metric)}</td>{_num(e.corpus.fmeasure)}"
                   f"{_num(e.difference[F], True)}{cells}{_num(e.attribution.interaction[F], True)}</tr>")
    out += [_not_scored(name, why, len(rules.KINDS) + 4) for name, why in row.missing.items()]
    return "".join(out) + "</table>"


def _not_scored(name: str, why: str, columns: int) -> str:
    return f'<tr><td>{_e(name)}</td><td colspan="{columns}" class="muted">not scored: {_e(why)}</td></tr>'



def _pairs_table(a: Audit, row: RowAudit) -> str:
    out = []
    for e in row.entries:
        if not e.top:
            out.append(f'<p class="muted">{_e(e.semantics)} {_e(e.metric)}: every pair within 0.00005 of the Perl\'s '
                       "(its rounding to 5 places)</p>")
            continue
        out.append(f"<h3>{_e(e.semantics)} {_e(e.metric)}: the pairs that differ most</h3><table><tr><th>id</th>"
                   "<th>difference</th><th>F</th><th>perl F</th><th>rule</th><th>prediction</th>"
                   "<th>references</th></tr>")
        for p in e.top:
            refs = " | ".join(_excerpt(r) for r in a.pairs.references[p.index])
            rule = rules.LABELS.get(p.main_rule, "") if p.main_rule else ""
            out.append(f"<tr><td>{_e(p.id)}</td>{_num(p.difference, True)}{_num(p.fmeasure)}{_num(p.perl)}"
                       f"<td>{_e(rule)}</td><td>{_e(_excerpt(a.pairs.predictions[p.index]))}</td><td>{_e(refs)}</td></tr>")
        out.append("</table>")
    return "".join(out)


def _row_section(a: Audit, row: RowAudit, anchor: str) -> str:
    parts = [f'<section class="metric" id="{_e(anchor)}"><h2>{_e(row.row.name)}</h2>', _row_table(row),
             _scores_chart(row), _shares_chart(row)]
    if row.entries:
        parts.append(distribution_chart([e.semantics for e in row.entries],
                                        [("F minus the Perl's F, per pair", [e.pair_differences for e in row.entries])],
                                        f"{row.row.name}: per-pair differences to the Perl's F"))
    parts.append(_pairs_table(a, row))
    return "".join(parts) + "</section>"


def _rules_section(a: Audit, anchor: str = "rules") -> str:
    out = [f'<section id="{_e(anchor)}"><h2>rules</h2><table><tr><th>semantics</th><th>reproduces</th>'
           + "".join(f"<th>{_e(rules.LABELS[k])}</th>" for k in rules.KINDS) + "</tr>"]
    for name, setup in a.setups.items():
        recipe = rules.recipe(name, "Lsum", setup.stem, setup.letter)
        cells = "".join(f'<td title="{_e(rules.describe(k, getattr(recipe, k)))}">{_e(getattr(recipe, k))}</td>'
                        for k in rules.KINDS)
        notes = "; ".join(a.notes.get(name, []))
        out.append(f"<tr><td>{_e(name)}</td><td>{_e(get(name).reproduces)}{_e(' (' + notes + ')' if notes else '')}"
                   f"</td>{cells}</tr>")
    out += [_not_scored(name, why, len(rules.KINDS) + 1) for name, why in a.unavailable.items()]
    return "".join(out) + "</table></section>"


def _audit_body(a: Audit, prefix: str = "") -> List[str]:
    """One audit's part of the page (``prefix``: its anchors', one audit per system on a page)."""
    anchors = {r.row.name: f"{prefix}row-{i}" for i, r in enumerate(a.rows)}
    nav = "".join(f'<a href="#{anchors[r.row.name]}">{_e(r.row.name)}</a>' for r in a.rows)
    p = a.pairs
    source = _e(" from " + p.source) if p.source else ""
    body: List[str] = [f"<h1>rouge155-audit: {len(p.ids)} pairs{source} (system {_e(p.system)})</h1>",
                       f'<p class="muted">{_e(_settings_line(a))}</p>',
                       f'<nav>{nav}<a href="#{prefix}rules">rules</a></nav>',
                       ("<p>Each rule's share is its Shapley value: the Perl's rule put in place of the "
                        "implementation's in every order; the shares add up to the difference. <i>interaction</i> is "
                        "the difference minus the sum of the one-at-a-time effects.</p>")]
    body += [_row_section(a, r, anchors[r.row.name]) for r in a.rows]
    body.append(_rules_section(a, f"{prefix}rules"))
    return body


def to_html(audits: Union[Audit, Sequence[Audit]]) -> str:
    """The page of one audit, or of several (``rouge155-audit -a``: one per system, one after the other;
    ASCII, other characters as character references); its title names the input and the system(s)."""
    many = [audits] if isinstance(audits, Audit) else list(audits)
    body: List[str] = []
    for k, a in enumerate(many):
        body += _audit_body(a, f"s{k}-" if len(many) > 1 else "")
    first = many[0].pairs
    systems = ", ".join(a.pairs.system for a in many)
    title = f"rouge155-audit: {first.source or 'pairs'} (system{'s' if len(many) > 1 else ''} {systems})"
    page = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n" + "\n".join(body)
            + "\n</body></html>\n")
    return page.encode("ascii", "xmlcharrefreplace").decode("ascii")
