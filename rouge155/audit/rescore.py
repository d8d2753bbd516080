"""Scoring one set of pairs under any :class:`~rouge155.audit.rules.Recipe`.

The steps are the implementations' own, over the shared kernels (:mod:`rouge155.metrics.pairwise`):
tokens (tokenizer, then the stemmer on tokens longer than 3 characters, then the tokenizer's check of
the stems), counts per (prediction, reference) alignment (n-grams clipped or distinct; the
summary-level LCS over the splitter's sentences), P, R and F by the F formula, one value per pair by
the multi-reference policy, and the corpus score by the aggregation. Tokens, counts and per-pair values
are kept per recipe part, so re-scoring with one part swapped costs only what that part changes.
"""
from __future__ import annotations

import hashlib
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..compat.semantics import PairArrays, get
from ..engine.semantics.base import Vocabulary, align, first_best, id_rows, pick, ratios
from ..engine.semantics.torchmetrics import float32_mean
from ..metrics import pairwise
from . import rules
from .setups import CorpusScore, perl_corpus, rouge_score_corpus


class _Units:
    """Per distinct text, its sentences' token ids (rows of ``seqs``), first row and row count."""

    def __init__(self, seqs: pairwise.Sequences, counts: List[int]):
        self.seqs = seqs
        self.count = np.array(counts, dtype=np.int64)
        self.first = np.cumsum(self.count) - self.count
        owner = np.repeat(np.arange(len(counts), dtype=np.int64), self.count)
        self.total = np.bincount(owner, weights=self.seqs.lengths, minlength=len(counts)).astype(np.int64)
        self._distinct: Optional[np.ndarray] = None

    def distinct(self) -> np.ndarray:
        """Per text, its number of distinct tokens (over all its sentences)."""
        if self._distinct is None:
            owner = np.repeat(np.repeat(np.arange(len(self.count), dtype=np.int64), self.count), self.seqs.lengths)
            width = np.int64(int(self.seqs.ids.max(initial=0)) + 1)
            keys = np.unique(owner * width + self.seqs.ids)
            self._distinct = np.bincount(keys // width, minlength=len(self.count)).astype(np.int64)
        return self._distinct


class Rescorer:
    """One set of pairs (``references[i]``: a list of texts) scored under any recipe; ``keys``: the
    instances' names (the Perl's bootstrap order); ``seed``, ``positions``: rouge-score's bootstrap
    (the seed, and each metric's place among the types it aggregates)."""

    def __init__(self, predictions: Sequence[str], references: Sequence[Sequence[str]], keys: Sequence[str],
                 seed: int = 0, positions: Optional[Dict[str, int]] = None):
        self.al = align(list(predictions), [list(r) for r in references])
        self.keys = list(keys)
        self.seed = seed
        self.positions = dict(positions or {})
        self._whole: Dict[Tuple[str, str], Tuple[pairwise.Sequences, dict]] = {}
        self._units: Dict[Tuple[str, str, str], _Units] = {}
        self._pairs: Dict[Tuple[object, ...], PairArrays] = {}
        self._raw_tokens: Dict[Tuple[str, Optional[str]], tuple] = {}
        self._corpus: Dict[Tuple[str, str, bytes], CorpusScore] = {}

    # -- tokens ---------------------------------------------------------------------------------
    def _raw(self, tokenizer: str, splitter: Optional[str]):
        """The tokenizer's tokens (no stemming) of every distinct text (``splitter`` None) or of every
        sentence, as ids, with their vocabulary and each text's sentence count; made once."""
        key = (tokenizer, splitter)
        if key not in self._raw_tokens:
            tok, vocab = rules.tokenizer(tokenizer), Vocabulary()
            if splitter is None:
                rows, counts = [tok.whole(str(t)) for t in self.al.texts], None
            else:
                groups = [tok.sentences(str(t), splitter) for t in self.al.texts]
                rows, counts = [s for g in groups for s in g], [len(g) for g in groups]
            self._raw_tokens[key] = (pairwise.sequences(id_rows(rows, vocab)), vocab, counts)
        return self._raw_tokens[key]

    def _stemmed(self, tokenizer: str, stemmer: str, splitter: Optional[str]):
        """:meth:`_raw` with the stemmer applied to tokens longer than 3 characters (each distinct
        token stemmed once) and the stems the tokenizer would drop left out."""
        seqs, vocab, counts = self._raw(tokenizer, splitter)
        stem = rules.stemmer(stemmer)
        if stem is None:
            return seqs, counts
        keep, stems = rules.tokenizer(tokenizer).keep_stem, Vocabulary()
        table = [stems[s] if keep(s) else -1 for s in (stem(t) if len(t) > 3 else t for t in vocab.tokens())]
        ids = np.array(table + [0], dtype=np.int64)[seqs.ids]
        kept = ids >= 0
        return pairwise.from_flat(ids[kept], np.bincount(seqs.owners()[kept], minlength=seqs.rows)), counts

    def whole(self, tokenizer: str, stemmer: str) -> Tuple[pairwise.Sequences, dict]:
        """Every distinct text's tokens (and a cache for its n-gram bags)."""
        key = (tokenizer, stemmer)
        if key not in self._whole:
            self._whole[key] = (self._stemmed(tokenizer, stemmer, None)[0], {})
        return self._whole[key]

    def units(self, tokenizer: str, stemmer: str, splitter: str) -> _Units:
        """Every distinct text's sentences' tokens."""
        key = (tokenizer, stemmer, splitter)
        if key not in self._units:
            seqs, counts = self._stemmed(tokenizer, stemmer, splitter)
            self._units[key] = _Units(seqs, counts)
        return self._units[key]

    # -- counts ---------------------------------------------------------------------------------
    def counts(self, recipe: rules.Recipe, order: Optional[int]) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(hits, reference count, prediction count) per alignment: ROUGE-``order``, or the
        summary-level LCS over the recipe's sentences (``order`` None)."""
        al, counting = self.al, rules.COUNTING[recipe.f_measure]
        if order is not None:
            seqs, cache = self.whole(recipe.tokenizer, recipe.stemmer)
            bags = pairwise.gram_bags(seqs, order, cache)
            if counting in ("distinct", "distinct-ngrams"):  # rouge-chinese: distinct n-grams, an LCS as lists
                return (pairwise.gram_overlap(bags, al.ref, al.pred, distinct=True), bags.distinct[al.ref],
                        bags.distinct[al.pred])
            hits = pairwise.gram_overlap(bags, al.ref, al.pred)
            if counting == "py-rouge":  # len(tokens) - (n - 1): negative below n - 1 tokens
                raw = seqs.lengths - (order - 1)
                return hits, raw[al.ref], raw[al.pred]
            return hits, bags.totals[al.ref], bags.totals[al.pred]
        u = self.units(recipe.tokenizer, recipe.stemmer, recipe.sentence_splitter)
        if counting == "distinct":  # the rouge package: the prediction's side is the backtracked one
            union = pairwise.union_lcs(u.seqs, u.first[al.pred], u.count[al.pred], u.first[al.ref], u.count[al.ref])
            distinct = u.distinct()
            return pairwise.distinct_marked(union, len(al.pred)), distinct[al.ref], distinct[al.pred]
        union = pairwise.union_lcs(u.seqs, u.first[al.ref], u.count[al.ref], u.first[al.pred], u.count[al.pred],
                                   clip_model=counting != "py-rouge")
        return union.hits, u.total[al.ref], u.total[al.pred]

    # -- per pair, corpus -------------------------------------------------------------------------
    def pair_values(self, recipe: rules.Recipe, order: Optional[int]) -> PairArrays:
        """One value per pair: the recipe's counts, F formula and multi-reference policy."""
        key = (order,) + tuple(getattr(recipe, k) for k in rules.KINDS if k != "aggregation")
        if key not in self._pairs:
            self._pairs[key] = self._combine(recipe, order, *self.counts(recipe, order))
        return self._pairs[key]

    def _combine(self, recipe: rules.Recipe, order: Optional[int], hits, ref_count, pred_count) -> PairArrays:
        al, prf = self.al, rules.PRF[recipe.f_measure]
        hits, ref_count, pred_count = (np.asarray(x, dtype=np.float64) for x in (hits, ref_count, pred_count))
        policy = recipe.multi_reference
        if policy == "sum-counts":
            totals = [np.bincount(al.pair, weights=x, minlength=al.n_pairs) for x in (hits, ref_count, pred_count)]
            precision, recall, f = prf(*totals)
            return PairArrays(precision, recall, f, *totals)
        precision, recall, f = prf(hits, ref_count, pred_count)
        per_alignment = PairArrays(precision, recall, f, hits, ref_count, pred_count)
        if policy == "mean-float32":
            return _float32_means(per_alignment, al.pair, al.n_pairs)
        if policy == "best-recall":  # the Perl's -f B compares ROUGE-L's recall unrounded
            key = recall if order is not None else ratios(hits, ref_count)
        else:  # best-f, single
            key = f
        return pick(per_alignment, first_best(key, al.pair, al.n_pairs))

    def corpus(self, recipe: rules.Recipe, metric: str, values: PairArrays) -> CorpusScore:
        """The corpus score by the recipe's aggregation (``metric``: rouge-score's bootstrap place);
        remembered per aggregation and values (swapping a rule often leaves every pair's values as they were)."""
        content = hashlib.blake2b(b"".join(np.ascontiguousarray(getattr(values, f), dtype=np.float64).tobytes()
                                           for f in ("precision", "recall", "fmeasure"))).digest()
        key = (recipe.aggregation, metric, content)
        if key not in self._corpus:
            self._corpus[key] = self._aggregate(recipe.aggregation, metric, values)
        return self._corpus[key]

    def _aggregate(self, aggregation: str, metric: str, values: PairArrays) -> CorpusScore:
        if aggregation == "perl-bootstrap":
            return perl_corpus(values, self.keys)
        if aggregation == "bootstrap-median":
            return rouge_score_corpus({metric: values}, seed=self.seed, skip=self.positions.get(metric, 0))[metric]
        implementation = {"mean-float32": "torchmetrics", "mean": "pltrdy", "mean-numpy": "llamafactory",
                          "mean-percent": "opencompass-jieba"}[aggregation]
        return CorpusScore(*get(implementation).aggregate(values))


def _float32_means(values: PairArrays, pair: np.ndarray, n_pairs: int) -> PairArrays:
    """torchmetrics' ``accumulate="avg"``: per pair, the float32 mean (torch's) of its references' P, R, F."""
    starts = np.searchsorted(pair, np.arange(n_pairs))
    ends = np.searchsorted(pair, np.arange(n_pairs), side="right")
    out = []
    for column in (values.precision, values.recall, values.fmeasure):
        out.append(np.array([column[s] if e - s == 1 else float32_mean(column[s:e])
                             for s, e in zip(starts.tolist(), ends.tolist())], dtype=np.float64))
    nan = np.full(n_pairs, np.nan)
    return PairArrays(out[0], out[1], out[2], nan, nan, nan)
