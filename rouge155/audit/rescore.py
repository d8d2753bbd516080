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
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..engine.pairs import PairScores
from ..metrics import pairwise
from ..semantics.base import Vocabulary, align, id_rows
from ..semantics.parts import Context
from ..semantics.setup import CorpusScore
from . import rules


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
        self._pairs: Dict[Tuple[object, ...], PairScores] = {}
        self._raw_tokens: Dict[Tuple[str, Optional[str]], tuple] = {}
        self._corpus: Dict[Tuple[str, int, bytes], CorpusScore] = {}

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
                split = rules.splitter(splitter)
                groups = [tok.sentences(str(t), split) for t in self.al.texts]
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
        al, counting = self.al, rules.f_formula(recipe.f_measure)
        if order is not None:
            seqs, cache = self.whole(recipe.tokenizer, recipe.stemmer)
            bags = pairwise.gram_bags(seqs, order, cache)
            if counting.distinct:
                return (pairwise.gram_overlap(bags, al.ref, al.pred, distinct=True), bags.distinct[al.ref],
                        bags.distinct[al.pred])
            hits = pairwise.gram_overlap(bags, al.ref, al.pred)
            if counting.length_minus:  # len(tokens) - (n - 1): negative below n - 1 tokens
                raw = seqs.lengths - (order - 1)
                return hits, raw[al.ref], raw[al.pred]
            return hits, bags.totals[al.ref], bags.totals[al.pred]
        u = self.units(recipe.tokenizer, recipe.stemmer, recipe.sentence_splitter)
        if counting.distinct and not counting.lcs_as_list:  # the rouge package: the prediction's side backtracked
            union = pairwise.union_lcs(u.seqs, u.first[al.pred], u.count[al.pred], u.first[al.ref], u.count[al.ref])
            distinct = u.distinct()
            return pairwise.distinct_marked(union, len(al.pred)), distinct[al.ref], distinct[al.pred]
        union = pairwise.union_lcs(u.seqs, u.first[al.ref], u.count[al.ref], u.first[al.pred], u.count[al.pred],
                                   clip_model=counting.clip_model)
        return union.hits, u.total[al.ref], u.total[al.pred]

    # -- per pair, corpus -------------------------------------------------------------------------
    def pair_values(self, recipe: rules.Recipe, order: Optional[int]) -> PairScores:
        """One value per pair: the recipe's counts, F formula and multi-reference policy."""
        key = (order,) + tuple(getattr(recipe, k) for k in rules.KINDS if k != "aggregation")
        if key not in self._pairs:
            self._pairs[key] = self._combine(recipe, order, *self.counts(recipe, order))
        return self._pairs[key]

    def _combine(self, recipe: rules.Recipe, order: Optional[int], hits, ref_count, pred_count) -> PairScores:
        hits, ref_count, pred_count = (np.asarray(x, dtype=np.float64) for x in (hits, ref_count, pred_count))
        policy: Callable = rules.part("multi_reference", recipe.multi_reference).value  # type: ignore[assignment]
        return policy(rules.f_formula(recipe.f_measure).prf, hits, ref_count, pred_count, self.al, order)

    def corpus(self, recipe: rules.Recipe, metric: str, values: PairScores,
               position: Optional[int] = None) -> CorpusScore:
        """The corpus score by the recipe's aggregation (``position``: the metric's place among those its
        implementation aggregates in one go, default the ``positions`` given); remembered per aggregation
        and values (swapping a rule often leaves every pair's values as they were)."""
        content = hashlib.blake2b(b"".join(np.ascontiguousarray(getattr(values, f), dtype=np.float64).tobytes()
                                           for f in ("precision", "recall", "fmeasure"))).digest()
        place = self.positions.get(metric, 0) if position is None else position
        key = (recipe.aggregation, place, content)
        if key not in self._corpus:
            aggregation: Callable = rules.part("aggregation", recipe.aggregation).value  # type: ignore[assignment]
            self._corpus[key] = aggregation(values, Context(self.keys, self.seed, place))
        return self._corpus[key]
