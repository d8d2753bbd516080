"""Drop-in replacements for the ROUGE APIs people already call, with the Perl's numbers.

* ``rouge155.compat.rouge_scorer`` / ``rouge155.compat.scoring``: Google's ``rouge-score``
  (``from rouge155.compat import rouge_scorer, scoring``), and rouge-score's ``tokenize``, ``tokenizers``
  and ``io`` modules, which behave as rouge-score's own;
* ``rouge155.compat.hf_evaluate``: Hugging Face ``evaluate``'s ``rouge`` (``compute``), and the metric
  script ``rouge155/compat/hf_metric/rouge155.py`` that ``evaluate.load`` accepts;
* ``rouge155.compat.torchmetrics``: ``ROUGEScore`` and the functional ``rouge_score`` (needs torch).

Each maps its options to the Perl flags (see :mod:`rouge155.compat.mapping`) and scores whole batches
with :func:`rouge155.score_pairs`.
"""

# rouge-score's ``tokenize`` and ``io`` modules under their own names (``from rouge155.compat import
# tokenize, io``), kept in files named otherwise: a module of rouge155 never shadows the standard library's.
_RENAMED = {"tokenize": "rouge_score_tokenize", "io": "rouge_score_io"}


def __getattr__(name: str):
    module = _RENAMED.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return import_module(f"{__name__}.{module}")
