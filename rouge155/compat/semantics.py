"""Every ROUGE semantics rouge155 computes, by name: ``get(name)`` gives its :class:`Semantics`.

``"perl"`` is ROUGE-1.5.5.pl (the default everywhere); ``"rouge-score"`` (rouge-score 0.1.2, under
Hugging Face evaluate), ``"torchmetrics"`` (torchmetrics 1.9), ``"pltrdy"`` (the ``rouge`` package
1.0.1) and ``"py-rouge"`` (py-rouge 1.1) are the other implementations, each reproduced exactly (their
modules: :mod:`rouge155.engine.semantics`). A record lists the implementation's six rules (tokenizer,
stemmer, sentence splitter, F formula, multi-reference policy, aggregation) and scores batches
(``score_pairs``), so that a tool can score one set of outputs under each and say which rule makes a
difference. docs/semantics.md describes them rule by rule.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import numpy as np

from ..engine import semantics as _others
from ..engine.semantics import MissingDependency, MissingPunkt, PairArrays, Rule, Semantics
from ..inputs.resources import bundled_exceptions
from ..metrics.formulas import f_measure_many
from ..pairs import score_pairs as _perl_pairs
from ..text.porter import Stemmer
from ..text.readers import clean
from ..text.tokens import Tokenizer
from .scoring import bootstrap

NAMES: Tuple[str, ...] = ("perl",) + _others.NAMES
PERL_METRICS = ("ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "ROUGE-5", "ROUGE-6", "ROUGE-7", "ROUGE-8", "ROUGE-9",
                "ROUGE-L", "ROUGE-W-1.2", "ROUGE-S4", "ROUGE-SU4", "ROUGE-S*", "ROUGE-SU*")


def _perl_score_pairs(predictions, references, metrics=("ROUGE-1", "ROUGE-2", "ROUGE-L"),
                      **options) -> Dict[str, PairArrays]:
    """``rouge155.score_pairs`` (the Perl's numbers) as :class:`PairArrays`."""
    out = _perl_pairs(predictions, references, metrics, **options)
    return {tag: PairArrays(s.precision, s.recall, s.fmeasure, s.hits, s.model_count, s.peer_count)
            for tag, s in out.items()}


def _perl_aggregate(values: PairArrays) -> Tuple[float, float, float]:
    """The Perl's averages (P, R, F): the mean of its 1,000 seeded resample means (``-r 1000``)."""
    table = np.stack([values.recall, values.precision, values.fmeasure], axis=1)
    r, p, f = bootstrap(table, 1000, 95).mean
    return float(p), float(r), float(f)


_TOKENS = Tokenizer(None, lambda word: word)


def _perl_tokenize(text) -> list:
    """The script's tokens (no stemming, no stopwords): ASCII lower-case, hyphens split off, all but
    ``[a-z0-9-]`` blanked, tokens that start with ``[a-z0-9$]``."""
    raw = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    return _TOKENS.tokens(clean(raw.lower()), False)


_STEMMER: List[Stemmer] = []


def _perl_stem(word: str) -> Optional[str]:
    """``-m``'s stemmer: the WordNet 2.0 exceptions, then the script's Porter variant."""
    if not _STEMMER:
        _STEMMER.append(Stemmer(bundled_exceptions()))
    return _STEMMER[0](word)


PERL = Semantics(
    name="perl",
    reproduces="ROUGE-1.5.5.pl (Chin-Yew Lin, 2004), byte for byte",
    metrics=PERL_METRICS,
    tokenizer=Rule("perl", "ASCII lower-case; hyphens split off; everything outside [a-z0-9-] blanked; tokens "
                   "must start with [a-z0-9$] (non-ASCII letters vanish, apostrophes split words)"),
    stemmer=Rule("perl-porter+wordnet", "-m: WordNet 2.0 exceptions, then the script's Porter variant, on "
                 "tokens longer than 3 characters"),
    sentence_splitter=Rule("lines", "one sentence per line (SPL), summary-level ROUGE-L over them"),
    f_measure=Rule("alpha-rounded", "F = PR / ((1 - alpha) P + alpha R); P, R and F rounded to 5 decimals"),
    multi_reference=Rule("sum-counts", "-f A: counts summed over the references (-f B: the best reference)"),
    aggregation=Rule("bootstrap-mean", "mean of 1,000 seeded resample means (-r 1000), printed %7.5f"),
    score_pairs=_perl_score_pairs,
    aggregate=_perl_aggregate,
    tokenize=_perl_tokenize,
    split_sentences=lambda text: [line for line in text.split("\n") if line],
    stem=_perl_stem,
    f_score=lambda precision, recall: f_measure_many(np.asarray(recall, dtype=np.float64),
                                                     np.asarray(precision, dtype=np.float64), 0.5),
)


def get(name: str) -> Semantics:
    """The :class:`Semantics` called ``name``: one of :data:`NAMES`."""
    if name == "perl":
        return PERL
    return _others.get(name)


def check(name, allowed: Tuple[str, ...]) -> str:
    """``name`` when it is one of ``allowed`` (an entry point's semantics), else ValueError naming them."""
    if name not in allowed:
        raise ValueError(f"semantics must be one of {', '.join(repr(a) for a in allowed)}, not {name!r}")
    return name


__all__ = ["get", "check", "NAMES", "PERL", "Semantics", "Rule", "PairArrays", "MissingDependency", "MissingPunkt"]
