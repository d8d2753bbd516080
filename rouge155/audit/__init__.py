"""The audit of ROUGE implementations: one set of outputs scored under every semantics rouge155
reproduces (the Perl's, rouge-score's, torchmetrics', the ``rouge`` package's, py-rouge's), side by side,
with each difference to the Perl's number put on the rules that make it. ``rouge155-audit`` is its
command; docs/audit.md describes it.

* :mod:`.rules`, :mod:`.rescore`: each implementation's six rules as parts (its record's
  ``rule_parts`` and ``parts``), and scoring under any mix;
* :mod:`.attribution`: single effects and Shapley shares of the rule kinds;
* :mod:`.run`: the audit itself; :mod:`.report` (text, JSON) and :mod:`.html` (a page with charts).

The Perl flags are mapped onto each implementation's options by :mod:`rouge155.semantics.setup` (as
for ``rouge155 --semantics NAME``). It sits beside :mod:`rouge155.compat` and :mod:`rouge155.analysis`
and uses the semantics registry and the charts; nothing below imports it.
"""
from .run import Audit, AuditedPairs, audit
from ..semantics.setup import CorpusScore, Setup, setup_from_flags

__all__ = ["Audit", "AuditedPairs", "audit", "CorpusScore", "Setup", "setup_from_flags", "to_text", "to_json",
           "to_html"]


def to_text(result: Audit) -> str:
    """See :func:`rouge155.audit.report.to_text`."""
    from .report import to_text as _to_text

    return _to_text(result)


def to_json(result: Audit, version: str = "") -> str:
    """See :func:`rouge155.audit.report.to_json` (``version``: default rouge155's)."""
    from .. import __version__
    from .report import to_json as _to_json

    return _to_json(result, version or __version__)


def to_html(result) -> str:
    """See :func:`rouge155.audit.html_page.to_html` (one audit, or a list: one per system)."""
    from .html_page import to_html as _to_html

    return _to_html(result)
