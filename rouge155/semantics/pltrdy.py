"""The ``rouge`` package 1.0.1's ROUGE (pltrdy/rouge, ``from rouge import Rouge``), value for value.

Rules (docs/semantics.md compares them with the Perl's):

* sentences: the text split at every full stop (``text.split(".")``, so ``U.S.`` and ``3.5`` split too),
  empty pieces dropped, whitespace runs collapsed to one space;
* tokenizer: each sentence split at single spaces: case and punctuation stay (``Cat``, ``cat`` and
  ``cat,`` are three words), and a sentence of blanks is one empty word;
* no stemmer, no stopwords;
* rouge-N: n-grams over all the words (crossing sentences), counted as *sets* (``exclusive=True``, the
  default: a repeated n-gram counts once on each side); P = shared / hypothesis n-grams;
* rouge-l: summary level, but the hits are the number of *distinct words* in the union of the LCS
  backtracks (ties broken towards the hypothesis' earlier words) over every (reference sentence,
  hypothesis sentence), and m, n are the numbers of distinct words (exclusive);
* F = 2 * (P * R / (P + R + 1e-8));
* one reference per hypothesis; ``avg=True``: the arithmetic mean, summed in order.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Sequence, Tuple

import numpy as np

from ..engine.pairs import PairScores
from ..metrics import pairwise
from ..metrics.names import Naming
from .base import Rule, Vocabulary, align, id_rows, ratios
from .parts import FPart, Part, TokenizerPart, aggregation_of
from .record import Semantics

NAME = "pltrdy"
METRICS = ("rouge-1", "rouge-2", "rouge-3", "rouge-4", "rouge-5", "rouge-l")


def split_sentences(text: str) -> List[str]:
    """``[" ".join(s.split()) for s in text.split(".") if len(s) > 0]``."""
    return [" ".join(s.split()) for s in text.split(".") if len(s) > 0]


def tokenize(text: str) -> List[str]:
    """The words of a text: its sentences' words, in order."""
    return [w for s in split_sentences(text) for w in s.split(" ")]


def check_metrics(metrics) -> List[str]:
    """The package's check (lower-cased names among :data:`METRICS`; ValueError otherwise)."""
    out = [m.lower() for m in metrics]
    for m in out:
        if m not in METRICS:
            raise ValueError("Unknown metric '%s'" % m)
    return out


class Texts:
    """Each distinct text's sentences (rows of word ids) and words (one row); ``split``: the sentence
    splitter (rouge-chinese, a fork, has its own)."""

    def __init__(self, texts: Sequence[str], split: Callable[[str], List[str]] = split_sentences):
        vocab = Vocabulary()
        sentences = [split(t) for t in texts]
        counts = np.array([len(s) for s in sentences], dtype=np.int64)
        self.sentence_count = counts
        self.first_sentence = np.cumsum(counts) - counts
        self.units = pairwise.sequences(id_rows([s.split(" ") for group in sentences for s in group], vocab))
        per_text = np.zeros(len(texts), dtype=np.int64)
        if len(self.units.lengths):
            owner = np.repeat(np.arange(len(texts)), counts)
            per_text = np.bincount(owner, weights=self.units.lengths, minlength=len(texts)).astype(np.int64)
        self.words = pairwise.from_flat(self.units.ids, per_text)
        self.vocab_size = vocab.size
        # the number of words once blanks go (return_lengths: len(" ".join(sentences).split()))
        blank = [i for token, i in vocab.items() if not token.strip()]
        empty = np.zeros(max(vocab.size, 1), dtype=bool)
        empty[blank] = True
        owner_tok = self.words.owners()
        self.nonblank = np.bincount(owner_tok[~empty[self.words.ids]], minlength=len(texts)).astype(np.int64) \
            if len(self.words.ids) else np.zeros(len(texts), dtype=np.int64)

    def distinct_words(self) -> np.ndarray:
        if len(self.words.ids) == 0:
            return np.zeros(len(self.words.lengths), dtype=np.int64)
        keys = np.unique(self.words.owners() * np.int64(self.vocab_size + 1) + self.words.ids)
        return np.bincount(keys // np.int64(self.vocab_size + 1), minlength=len(self.words.lengths)).astype(np.int64)


def f_score(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    """``2.0 * ((precision * recall) / (precision + recall + 1e-8))``."""
    return 2.0 * ((precision * recall) / (precision + recall + 1e-8))


def counts(texts: Texts, hyp: np.ndarray, ref: np.ndarray, metric: str, exclusive: bool, cache: dict):
    """(hyp count, ref count, overlap) per alignment."""
    if metric == "rouge-l":
        if exclusive:
            union = pairwise.union_lcs(texts.units, texts.first_sentence[hyp], texts.sentence_count[hyp],
                                       texts.first_sentence[ref], texts.sentence_count[ref])
            distinct = texts.distinct_words()
            return distinct[hyp], distinct[ref], pairwise.distinct_marked(union, len(hyp))
        # lists: every (reference sentence, hypothesis sentence) LCS length, summed
        r_units, owner = pairwise.ranges(texts.first_sentence[ref], texts.sentence_count[ref])
        h_count = texts.sentence_count[hyp][owner]
        h_units, which = pairwise.ranges(texts.first_sentence[hyp][owner], h_count)
        lengths = pairwise.lcs_lengths(texts.units, r_units[which], h_units)
        llcs = np.bincount(owner[which], weights=lengths, minlength=len(hyp)).astype(np.int64)
        return texts.words.lengths[hyp], texts.words.lengths[ref], llcs
    bags = pairwise.gram_bags(texts.words, int(metric[6:]), cache)
    overlap = pairwise.gram_overlap(bags, hyp, ref, distinct=exclusive)
    counts = bags.distinct if exclusive else bags.totals
    return counts[hyp], counts[ref], overlap


def check_not_empty(texts: Texts, hyp: np.ndarray, ref: np.ndarray, metrics: Sequence[str]) -> None:
    """The package's errors, for the first pair (and metric) that raises them."""
    bad = np.flatnonzero((texts.sentence_count[hyp] == 0) | (texts.sentence_count[ref] == 0))
    if bad.size == 0 or not metrics:
        return
    k = int(bad[0])
    if metrics[0] == "rouge-l":
        raise ValueError("Collections must contain at least 1 sentence.")
    if texts.sentence_count[hyp][k] == 0:
        raise ValueError("Hypothesis is empty.")
    raise ValueError("Reference is empty.")


def score_pairs(predictions: Sequence[str], references: Sequence[Sequence[str]],
                metrics: Sequence[str] = ("rouge-1", "rouge-2", "rouge-l"),
                exclusive: bool = True) -> Dict[str, PairScores]:
    """Per metric, each pair's ``{"r", "p", "f"}`` as ``Rouge().get_scores(hyps, refs)`` gives them
    (one reference per hypothesis), with the counts (``raw_results``) as hits / model / peer counts."""
    return scored(predictions, references, metrics, exclusive, split_sentences, counts, "the rouge package")


def scored(predictions: Sequence[str], references: Sequence[Sequence[str]], metrics: Sequence[str], exclusive: bool,
           split: Callable[[str], List[str]], count: Callable, package: str) -> Dict[str, PairScores]:
    """:func:`score_pairs` with the sentence splitter ``split`` and the counts ``count`` (as
    :func:`counts`) given: the package's forks change those two and keep the rest."""
    metrics = check_metrics(metrics)
    if any(len(r) != 1 for r in references):
        raise ValueError(f"{package} scores one reference per hypothesis")
    al = align(predictions, references)
    texts = Texts(al.texts, split)
    check_not_empty(texts, al.pred, al.ref, metrics)
    out: Dict[str, PairScores] = {}
    cache: dict = {}
    for metric in dict.fromkeys(metrics):
        hyp_count, ref_count, overlap = count(texts, al.pred, al.ref, metric, exclusive, cache)
        overlap = overlap.astype(np.float64)
        h = hyp_count.astype(np.float64)
        r = ref_count.astype(np.float64)
        out[metric] = PairScores(*prf(overlap, r, h), overlap, r, h)
    return out


def word_counts(predictions: Sequence[str], references: Sequence[str],
                split: Callable[[str], List[str]] = split_sentences) -> Tuple[np.ndarray, np.ndarray]:
    """``return_lengths``: per pair, the hypothesis' and the reference's whitespace-separated words."""
    al = align(predictions, [[r] for r in references])
    texts = Texts(al.texts, split)
    return texts.nonblank[al.pred], texts.nonblank[al.ref]


def sequential_mean(values: np.ndarray) -> float:
    """The package's ``avg``: values added in order from 0, divided by their number."""
    values = np.asarray(values, dtype=np.float64)
    return float(np.cumsum(values)[-1] / len(values))


def aggregate(values: PairScores) -> Tuple[float, float, float]:
    """The corpus (P, R, F) as ``get_scores(..., avg=True)`` gives them."""
    return (sequential_mean(values.precision), sequential_mean(values.recall), sequential_mean(values.fmeasure))


def prf(hits, ref_count, pred_count) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """P = overlap / hypothesis count, R = overlap / reference count (0 where a count is 0), its F."""
    precision, recall = ratios(hits, pred_count), ratios(hits, ref_count)
    return precision, recall, f_score(precision, recall)


class Pltrdy(Semantics):
    name = NAME
    reproduces = "rouge 1.0.1 (pltrdy/rouge, `from rouge import Rouge`)"
    naming = Naming(METRICS, "rouge-{n}", "rouge-l", max_n=5)
    tokenizer = Rule("split-space", "split at single spaces after collapsing whitespace; case and punctuation kept")
    stemmer = Rule("none", "no stemming")
    sentence_splitter = Rule("full-stops", "every '.' ends a sentence (abbreviations and decimals included)")
    f_measure = Rule("harmonic-1e-8", "F = 2 * (P * R / (P + R + 1e-8)); n-grams and LCS words counted as sets")
    multi_reference = Rule("single", "one reference per hypothesis")
    aggregation = Rule("mean", "arithmetic mean, summed in order")

    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:  # noqa: ARG002 - the record's interface
        return {"tokenizer": NAME, "stemmer": "none", "sentence_splitter": "full-stops", "f_measure": NAME,
                "multi_reference": "single", "aggregation": "mean"}

    def parts(self) -> Dict[str, Dict[str, Part]]:
        return {"tokenizer": {NAME: Part(TokenizerPart(tokenize, lambda _token: True), self.tokenizer.description)},
                "sentence_splitter": {"full-stops": Part(lambda text: [s for s in text.split(".") if len(s) > 0],
                                                         "every '.' ends a sentence (abbreviations, decimals too)")},
                "f_measure": {NAME: Part(FPart(prf, distinct=True), self.f_measure.description)},
                "aggregation": {"mean": Part(aggregation_of(aggregate), self.aggregation.description)}}


SEMANTICS = Pltrdy()

__all__ = ["SEMANTICS", "score_pairs", "aggregate", "check_metrics", "word_counts", "METRICS"]
