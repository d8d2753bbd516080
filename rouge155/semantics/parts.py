"""The audit's parts: each implementation's rules as interchangeable pieces, so that one rule can be
swapped for the Perl's and the pairs scored again (``rouge155-audit``, :mod:`rouge155.audit.rescore`).

Every implementation names, per rule kind, the part it uses (:meth:`Semantics.rule_parts`) and brings
the parts that are its own (:meth:`Semantics.parts`); the parts shared by several are here
(:data:`SHARED`: no stemming, the lines and the whole text as sentences, the multi-reference policies
of summed counts and of the best reference). A part of each kind is:

* tokenizer: a :class:`TokenizerPart` (the tokens of a text and of each of its sentences, and which
  stems it keeps);
* stemmer: a function (word -> stem, for tokens longer than 3 characters) or None;
* sentence splitter: a function (text -> its sentences);
* F formula: an :class:`FPart` (P, R, F from hits and counts, and how it counts);
* multi-reference policy: a function ``(prf, hits, ref_count, pred_count, alignments, order) ->
  PairScores`` (one value per pair);
* aggregation: a function ``(values, context) -> CorpusScore`` (``context``: :class:`Context`).

:func:`part` finds any of them by kind and name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..engine.pairs import PairScores
from .base import first_best, ratios, split_lines


class Part:
    """One part: what it is (see the module's docstring for each kind; ``make``: made on first use, once
    every part is known) and what it does, in one line."""

    def __init__(self, value: object = None, description: str = "", make: Optional[Callable[[], object]] = None):
        self._value, self._make, self.description = value, make, description

    @property
    def value(self) -> object:
        if self._make is not None:
            self._value, self._make = self._make(), None
        return self._value


@dataclass(frozen=True)
class Context:
    """What an aggregation may need: the instances' names (the Perl's bootstrap order), the seed of a
    random one, and the metric's place among those it aggregates in one go (rouge-score's draws)."""

    keys: Sequence[str]
    seed: int = 0
    position: int = 0


class TokenizerPart:
    """A tokenizer part: the tokens of a whole text (ROUGE-N) and of each sentence a splitter gives
    (ROUGE-L), and which stems it keeps (rouge-score drops a stem that is not ``[a-z0-9]+``)."""

    def __init__(self, tokens: Callable[[str], List[str]],
                 keep_stem: Callable[[str], object] = lambda s: s is not None):
        self.tokens = tokens
        self.keep_stem = keep_stem

    def whole(self, text: str) -> List[str]:
        return self.tokens(text)

    def sentences(self, text: str, split: Callable[[str], List[str]]) -> List[List[str]]:
        return [self.tokens(piece) for piece in split(text)]


@dataclass(frozen=True)
class FPart:
    """An F formula part: ``prf(hits, ref_count, pred_count) -> (P, R, F)`` per alignment, and how hits
    are counted: ``distinct`` n-grams and LCS words (the ``rouge`` package), ``length_minus`` n-gram
    counts of ``len - (n - 1)`` (py-rouge; negative for short texts), ``clip_model``: the summary-level
    LCS clipped by the reference's unigram counts too (py-rouge's is not), ``lcs_as_list``: the LCS's
    words counted as lists though the n-grams are sets (rouge-chinese)."""

    prf: Callable
    distinct: bool = False
    length_minus: bool = False
    clip_model: bool = True
    lcs_as_list: bool = False


def aggregation_of(aggregate: Callable[[PairScores], Tuple[float, float, float]]
                   ) -> Callable[[PairScores, Context], object]:
    """The aggregation part of an implementation's ``aggregate`` (which needs no context)."""
    from .setup import CorpusScore

    return lambda values, _context: CorpusScore(*aggregate(values))


def sum_counts(prf, hits, ref_count, pred_count, al, order: Optional[int]) -> PairScores:
    """Counts summed over a pair's references, then P, R, F (the Perl's ``-f A``, py-rouge's ``apply_avg``)."""
    del order
    totals = [np.bincount(al.pair, weights=x, minlength=al.n_pairs) for x in (hits, ref_count, pred_count)]
    precision, recall, f = prf(*totals)
    return PairScores(precision, recall, f, *totals)


def _best(prf, hits, ref_count, pred_count, al, key_of) -> PairScores:
    precision, recall, f = prf(hits, ref_count, pred_count)
    per_alignment = PairScores(precision, recall, f, hits, ref_count, pred_count)
    return per_alignment.pick(first_best(key_of(per_alignment), al.pair, al.n_pairs))


def best_recall(prf, hits, ref_count, pred_count, al, order: Optional[int]) -> PairScores:
    """The first reference with the best recall (the Perl's ``-f B``, which compares ROUGE-L's recall
    unrounded; py-rouge's ``apply_best``)."""
    return _best(prf, hits, ref_count, pred_count, al,
                 lambda v: v.recall if order is not None else ratios(hits, ref_count))


def best_f(prf, hits, ref_count, pred_count, al, order: Optional[int]) -> PairScores:
    """The first reference with the best F (rouge-score's ``score_multi``, torchmetrics' ``best``; with one
    reference per prediction, that one)."""
    del order
    return _best(prf, hits, ref_count, pred_count, al, lambda v: v.fmeasure)


SHARED: Dict[str, Dict[str, Part]] = {
    "stemmer": {"none": Part(None, "no stemming")},
    "sentence_splitter": {
        "lines": Part(split_lines, "one sentence per line of the text"),
        "whole-text": Part(lambda text: [text], "no sentences: one LCS over the whole token lists (rougeL)"),
    },
    "multi_reference": {
        "sum-counts": Part(sum_counts, "counts summed over the references (Perl -f A, py-rouge apply_avg)"),
        "best-recall": Part(best_recall, "the first reference with the best recall (Perl -f B, py-rouge "
                                         "apply_best)"),
        "best-f": Part(best_f, "the first reference with the best F (rouge-score, torchmetrics best)"),
        "single": Part(best_f, "one reference per prediction"),
    },
}


_TABLE: Dict[str, Dict[str, Part]] = {}
_BUILT_FOR: List[Tuple[str, ...]] = [()]  # the registry's names the table was built from


def part(kind: str, name: str) -> Part:
    """The part ``name`` of ``kind`` (a rule kind): a shared one, or one a registered implementation brings
    (each is asked once, again after a register()); ValueError for an unknown one."""
    from . import get, names

    if not _TABLE or _BUILT_FOR[0] != names():
        from .base import RULE_KINDS

        table: Dict[str, Dict[str, Part]] = {kind: dict(SHARED.get(kind, {})) for kind in RULE_KINDS}
        for implementation in names():
            for k, parts in get(implementation).parts().items():
                table[k].update(parts)
        _TABLE.clear()
        _TABLE.update(table)
        _BUILT_FOR[0] = names()
    found = _TABLE.get(kind, {}).get(name)
    if found is None:
        raise ValueError(f"no {kind} part {name!r}")
    return found
