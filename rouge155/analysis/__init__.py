"""Analysis over ``--format json`` results: HTML report, paired significance tests, correlation with
human judgments (per document too, with p-values), and paired tests of the difference between two
metrics' correlations. Sits above the API (it may run ROUGE again through :mod:`rouge155.api`); nothing
below imports it.

The statistics take numpy arrays (systems x documents) as well, for tools that build their own grids:
:class:`Draws` (shared bootstrap resamples), :func:`paired_difference` and :func:`against_best`
(PERM/BOOT tests of a difference of correlations), :func:`correlations_with_pvalues`.
"""
from .results import Run, SystemMetric, combine, from_document, from_result, load_run, rename_systems
from .compare import Comparison, compare
from .correlate import (Correlation, HumanScores, correlate, correlation_from_document, load_human_scores,
                        merge_correlations, rerun_variants)
from .difference import DifferenceTest, Differences, PairedDifference, Swaps, against_best, paired_difference
from .levels import Draws
from .pvalues import correlations_with_pvalues

__all__ = [
    "Run", "SystemMetric", "combine", "from_document", "from_result", "load_run", "rename_systems",
    "Comparison", "compare",
    "Correlation", "HumanScores", "correlate", "correlation_from_document", "load_human_scores",
    "merge_correlations", "rerun_variants",
    "DifferenceTest", "Differences", "Draws", "PairedDifference", "Swaps", "against_best", "paired_difference",
    "correlations_with_pvalues",
    "render_html",
]


def render_html(*args, **kwargs) -> str:
    """See :func:`rouge155.analysis.html_report.render_html`."""
    from .html_report import render_html as _render

    return _render(*args, **kwargs)
