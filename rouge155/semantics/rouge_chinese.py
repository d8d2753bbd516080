"""rouge-chinese 1.0.3's ROUGE (Isaac-JL-Chen/rouge_chinese, ``from rouge_chinese import Rouge``), value for value.

rouge-chinese is a fork of the ``rouge`` package 1.0.1 (:mod:`.pltrdy`); it changes two rules and
keeps the rest:

* sentences: its ``cut_sent`` puts a line break after ``。！？?`` (and after ``......`` and ``……``)
  unless a closing quote ``”’`` follows, and after such a closing quote unless ``，。！？?`` follows;
  the text is right-stripped and split at every line break (the text's own included); each piece
  that is not empty has its whitespace runs collapsed to one space (a piece of blanks is kept and
  becomes one empty word). Full stops ``.`` no longer end sentences;
* rouge-l: no longer summary level: one LCS over the whole word lists (``_len_lcs``), counted as
  lists whatever ``exclusive`` says; m, n are the numbers of words;
* tokenizer (words split at single spaces, case and punctuation kept), rouge-N (n-grams as sets with
  ``exclusive=True``, the default), F = 2 * (P * R / (P + R + 1e-8)), one reference per hypothesis,
  ``avg=True`` (the arithmetic mean, summed in order), and the errors for texts without a sentence
  are the ``rouge`` package's.

Chinese text must come segmented into words separated by spaces (jieba is what users call; the
recipes :mod:`.llamafactory` and :mod:`.opencompass_jieba` do it as those frameworks do); an
unsegmented Chinese sentence is a single word.
"""
from __future__ import annotations

import re
from typing import Dict, List, Sequence

import numpy as np

from ..engine.pairs import PairScores
from ..metrics import pairwise
from ..metrics.names import Naming
from . import pltrdy
from .base import Rule
from .parts import FPart, Part, TokenizerPart
from .record import Semantics

NAME = "rouge-chinese"
METRICS = pltrdy.METRICS

# rouge_chinese.Rouge.cut_sent's four substitutions, in order (its patterns, as it writes them)
_CUTS = ((re.compile("([。！？\\?])([^”’])"), r"\1\n\2"),
         (re.compile("(\\.{6})([^”’])"), r"\1\n\2"),
         (re.compile("(\\…{2})([^”’])"), r"\1\n\2"),
         (re.compile("([。！？\\?][”’])([^，。！？\\?])"), r"\1\n\2"))


def cut_sent(para: str) -> List[str]:
    """``Rouge.cut_sent``: line breaks put after sentence ends, the text right-stripped, split at line breaks."""
    for pattern, replacement in _CUTS:
        para = pattern.sub(replacement, para)
    return para.rstrip().split("\n")


def split_sentences(text: str) -> List[str]:
    """``[" ".join(_.split()) for _ in self.cut_sent(text) if len(_) > 0]`` (a blank piece is kept)."""
    return [" ".join(s.split()) for s in cut_sent(text) if len(s) > 0]


def tokenize(text: str) -> List[str]:
    """The words of a text: its sentences' words, in order."""
    return [w for s in split_sentences(text) for w in s.split(" ")]


def counts(texts: pltrdy.Texts, hyp: np.ndarray, ref: np.ndarray, metric: str, exclusive: bool, cache: dict):
    """(hyp count, ref count, overlap) per alignment: rouge-l is the LCS of the whole word lists."""
    if metric == "rouge-l":
        words = texts.words
        return words.lengths[hyp], words.lengths[ref], pairwise.lcs_lengths(words, ref, hyp)
    return pltrdy.counts(texts, hyp, ref, metric, exclusive, cache)


def score_pairs(predictions: Sequence[str], references: Sequence[Sequence[str]],
                metrics: Sequence[str] = ("rouge-1", "rouge-2", "rouge-l"),
                exclusive: bool = True) -> Dict[str, PairScores]:
    """Per metric, each pair's ``{"r", "p", "f"}`` as ``Rouge().get_scores(hyps, refs)`` gives them
    (one reference per hypothesis), with the counts (``raw_results``) as hits / model / peer counts."""
    return pltrdy.scored(predictions, references, metrics, exclusive, split_sentences, counts, "rouge-chinese")


def word_counts(predictions: Sequence[str], references: Sequence[str]):
    """``return_lengths``: per pair, the hypothesis' and the reference's whitespace-separated words."""
    return pltrdy.word_counts(predictions, references, split_sentences)


class RougeChinese(Semantics):
    name = NAME
    reproduces = "rouge-chinese 1.0.3 (`from rouge_chinese import Rouge`; a fork of the rouge package 1.0.1)"
    # its rouge-l is the Perl's ROUGE-L's counterpart, though over the whole texts (its sentence splitter:
    # "whole-text" in the audit)
    naming = Naming(METRICS, "rouge-{n}", "rouge-l", max_n=5)
    tokenizer = Rule("split-space", "split at single spaces after collapsing whitespace; case and punctuation kept "
                     "(Chinese must come segmented, e.g. by jieba)")
    stemmer = Rule("none", "no stemming")
    sentence_splitter = Rule("cut-sent", "rouge-chinese's cut_sent: 。！？? (and ......, ……) end sentences unless a "
                             "closing quote follows; line breaks; rouge-l ignores sentences")
    f_measure = Rule("harmonic-1e-8", "F = 2 * (P * R / (P + R + 1e-8)); n-grams counted as sets; rouge-l: one LCS "
                     "of the whole word lists")
    multi_reference = Rule("single", "one reference per hypothesis")
    aggregation = Rule("mean", "arithmetic mean, summed in order")
    aggregate = staticmethod(pltrdy.aggregate)
    f_score = staticmethod(pltrdy.f_score)
    audited_by_default = False  # Chinese text, segmented: name it to audit it

    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:  # noqa: ARG002 - the record's interface
        return {"tokenizer": NAME, "stemmer": "none", "sentence_splitter": "whole-text", "f_measure": NAME,
                "multi_reference": "single", "aggregation": "mean"}

    def parts(self) -> Dict[str, Dict[str, Part]]:
        return {"tokenizer": {NAME: Part(TokenizerPart(tokenize, lambda _token: True), self.tokenizer.description)},
                "f_measure": {NAME: Part(FPart(pltrdy.prf, distinct=True, lcs_as_list=True),
                                         self.f_measure.description)}}


SEMANTICS = RougeChinese()

__all__ = ["SEMANTICS", "score_pairs", "word_counts", "cut_sent", "split_sentences", "METRICS"]
