"""``rouge155-doctor``: the protocol problems an input shows before it is scored (docs/doctor.md).

Texts the tokenizer drops (non-English text through an ASCII tokenizer), empty or punctuation-only
summaries and references, summary-level ROUGE-L on texts that hold several sentences on one line,
escaped or pre-tokenized text, references that vary or that the data has but the run leaves out, ids
given twice, predictions identical to a reference, files that are not UTF-8: each a
:class:`~.findings.Finding` with its count and first ids.

:func:`~.run.examine` checks evaluations as rouge155 reads them (a config, or the plain-text modes' in
memory); :mod:`.inputs` the input files and ids; :mod:`.report` writes the text, JSON and rouge155's
default one-line hints. The command lines are in :mod:`rouge155.cli.doctor`.
"""
from __future__ import annotations

from .findings import HINTED, KINDS, Finding, Sample
from .run import Examination, examine

__all__ = ["Examination", "Finding", "HINTED", "KINDS", "Sample", "examine"]
