"""The report page as a reader meets it: systems in one order everywhere (best F first, the order named),
a verdict matrix whose cells keep their size at 2, 12 or 40 systems, chart stripes that end with the last
panel, the signature on one line that scrolls, and a title that names the input."""
from __future__ import annotations

import re

import numpy as np
import pytest

from rouge155.analysis import compare, from_document
from rouge155.analysis.html_report import (GAP, MATRIX_CELL, ORDER_NOTE, PANEL_W, html_for_results, render_html,
                                           win_matrix)

from support.results_docs import results_document as _synthetic


def _shuffled(systems: int) -> dict:
    """Systems whose names' order is not their scores' order."""
    return _synthetic(systems, names=[f"sys-{(7 * i) % systems:02d}" for i in range(systems)])


def _rows(page: str, css: str, metric: str = "ROUGE-1"):
    table = page[page.index(f'<table class="{css}" data-metric="{metric}"'):]
    table = table[:table.index("</table>")]
    return re.findall(r'<tr data-system="([^"]+)"', table)


def test_one_order_everywhere_best_first():
    doc = _shuffled(6)
    r = from_document(doc)
    page = render_html(r, compare(r, resamples=100))
    means = {m["system"]: m["average"]["f_score"]["mean"] for m in doc["metrics"] if m["metric"] == "ROUGE-1"}
    best_first = sorted(means, key=lambda s: -means[s])
    assert _rows(page, "averages") == best_first
    section = page[page.index('data-metric="ROUGE-1"'):page.index('data-metric="ROUGE-2"')]
    charts = re.findall(r'<svg class="(chart-[a-z]+)".*?</svg>', section, re.S)
    assert charts == ["chart-intervals", "chart-distribution", "chart-wins"]
    for svg in re.findall(r'<svg class="chart-(?:intervals|distribution)".*?</svg>', section, re.S):
        labels = re.findall(r'text-anchor="end">([^<]+)<title>', svg)
        assert labels == best_first
    matrix = re.search(r'<svg class="chart-wins".*?</svg>', section, re.S).group(0)
    assert re.findall(r'text-anchor="end">\d+\. ([^<]+)<title>', matrix) == best_first
    assert section.count(ORDER_NOTE) >= 3  # named above the charts, in their captions and the matrix's


@pytest.mark.parametrize("systems", [2, 12, 40])
def test_matrix_cells_keep_their_size(systems):
    r = from_document(_synthetic(systems, 8))
    c = compare(r, resamples=50, metrics=["ROUGE-1"])
    figure = win_matrix(c, c.tests, "f_score")
    widths = set(re.findall(r'<rect class="pair" [^>]*width="(\d+)"', figure))
    assert widths == {str(MATRIX_CELL - 2)}
    assert figure.count('class="pair"') == systems * (systems - 1)
    assert 'style="max-width:none"' in figure and 'class="wide"' in figure  # never shrunk: the figure scrolls
    numbers = re.findall(r'text-anchor="middle">(\d+)<title>', figure)
    assert numbers == [str(k) for k in range(1, systems + 1)]  # columns numbered as the rows


def test_stripes_end_with_the_last_panel():
    r = from_document(_synthetic(4))
    page = render_html(r)
    svg = re.search(r'<svg class="chart-intervals" [^>]*width="(\d+)".*?</svg>', page, re.S)
    stripes = {int(w) for w in re.findall(r'<rect x="0" y="[\d.]+" width="(\d+)"', svg.group(0))}
    assert stripes == {int(svg.group(1)) - GAP + 1} and PANEL_W < min(stripes)


def test_signature_on_one_scrolling_line_and_a_title_naming_the_input():
    doc = _synthetic(2)
    doc["signature"] = "rouge155:0.1.0|sem:perl|refs:1|" + "|".join(f"k{i}:v{i}" for i in range(60))
    page = html_for_results(doc, "rouge155 report: see.json")
    assert "<title>rouge155 report: see.json</title>" in page and "<h1>rouge155 report: see.json</h1>" in page
    assert f'<code class="signature">{doc["signature"]}</code>' in page
    assert re.search(r"code\.signature\{[^}]*white-space:nowrap;overflow-x:auto", page)
    assert np.isfinite(len(page))
