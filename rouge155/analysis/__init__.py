"""Analysis over ``--format json`` results: HTML report, paired significance tests, correlation with
human judgments. Sits above the API (it may run ROUGE again through :mod:`rouge155.api`); nothing
below imports it.
"""
from .results import Run, SystemMetric, combine, from_document, from_result, load_run, rename_systems
from .compare import Comparison, compare
from .correlate import Correlation, HumanScores, correlate, load_human_scores, rerun_variants

__all__ = [
    "Run", "SystemMetric", "combine", "from_document", "from_result", "load_run", "rename_systems",
    "Comparison", "compare",
    "Correlation", "HumanScores", "correlate", "load_human_scores", "rerun_variants",
    "render_html",
]


def render_html(*args, **kwargs) -> str:
    """See :func:`rouge155.analysis.html.render_html`."""
    from .html import render_html as _render

    return _render(*args, **kwargs)
