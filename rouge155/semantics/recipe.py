"""Recipes: a framework's end-to-end pipeline around an implementation, registered and used exactly like
one (``score_pairs(semantics=NAME)``, ``rouge155 --semantics NAME``, ``rouge155-audit``, the signature).

LLaMA-Factory's ``predict_rouge-*`` segments with jieba and joins the words by spaces, scores with
rouge-chinese, gives 0 where a side is empty, multiplies F by 100 and rounds it to 4 places, and
reports the mean; MLPerf's CNN/DM accuracy script splits sentences with nltk, joins them by newlines and
scores with rouge-score through HF evaluate. Each is a module with one :class:`Recipe` subclass that
names the implementation it reuses (``base``: its record) and says what it does around it:

* ``segmenter`` (a Rule) and :meth:`Recipe.segment`: each text before the implementation sees it;
* ``f_measure`` (a Rule) and :meth:`Recipe.finish`: each pair's (P, R, F) after it (x 100, rounding);
* ``aggregation`` (a Rule) and ``aggregate``: the corpus number as the framework reports it;
* :meth:`Recipe.fixed_settings`: what signs its results (the segmenter and its version).

Everything else (names, options, policies, the stemmer, the audit's parts) is the base implementation's;
the audit sees the segmenter as part of the tokenizer, the finishing as part of the F formula.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..engine.pairs import PairScores
from .base import Rule
from .parts import FPart, Part, TokenizerPart, aggregation_of, part
from .record import Semantics
from .setup import CorpusScore, Setup

# what a recipe takes from its base implementation unless it says otherwise
_FROM_BASE = ("naming", "tokenizer", "stemmer", "sentence_splitter", "f_measure", "multi_reference", "aggregation",
              "stem", "counterparts", "policies", "policy_descriptions", "audit_notes")


class Recipe(Semantics):
    """A framework's pipeline around ``base`` (see the module's docstring)."""

    base: Semantics = Semantics()
    segmenter: Optional[Rule] = None  # None: the texts as given

    def __init__(self, **fields):
        super().__init__(**fields)
        own = {attribute for attribute in _FROM_BASE if self._own(attribute)}
        for attribute in set(_FROM_BASE) - own:
            setattr(self, attribute, getattr(self.base, attribute))
        if self.segmenter is not None and "tokenizer" not in own:
            self.tokenizer = Rule(f"{self.segmenter.name}+{self.base.tokenizer.name}",
                                  f"{self.segmenter.description}; then {self.base.tokenizer.description}")

    def _own(self, attribute: str) -> bool:
        """Whether the recipe itself (not :class:`Recipe`, :class:`Semantics`) or a keyword sets it."""
        if attribute in vars(self):
            return True
        return any(attribute in vars(cls) for cls in type(self).__mro__ if cls not in (Recipe, Semantics, object))

    # -- what it does around the implementation ---------------------------------------------------
    def segment(self, text: str) -> str:
        """One text as the framework hands it to the implementation."""
        return text

    def finish(self, precision: np.ndarray, recall: np.ndarray, fmeasure: np.ndarray
               ) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each pair's (P, R, F) as the framework keeps them (x 100, rounded...)."""
        return precision, recall, fmeasure

    # -- the record, through the base ---------------------------------------------------------------
    def score_pairs(self, predictions: Sequence, references: Sequence[Sequence], metrics: Sequence[str],
                    **own_options) -> Dict[str, PairScores]:
        segment = self.segment
        values = self.base.score_pairs([segment(p) for p in predictions],
                                       [[segment(r) for r in refs] for refs in references], metrics, **own_options)
        return {m: PairScores(*self.finish(v.precision, v.recall, v.fmeasure), v.hits, v.model_count, v.peer_count)
                for m, v in values.items()}

    def aggregate(self, values: PairScores) -> Tuple[float, float, float]:
        return self.base.aggregate(values)

    def tokenize(self, text) -> List[str]:
        return self.base.tokenize(self.segment(text))

    def split_sentences(self, text: str) -> List[str]:
        return self.base.split_sentences(self.segment(text))

    def own_options(self, setup: Setup) -> Dict[str, object]:
        return self.base.own_options(setup)

    def settings(self, setup: Setup) -> Dict[str, object]:
        return {**self.base.settings(setup), "aggregation": self.aggregation.name, **self.fixed_settings()}

    def uses_nltk(self, setup: Setup) -> bool:
        return self.base.uses_nltk(setup)

    def corpus(self, values: Dict[str, PairScores], setup: Setup, keys: Sequence[str]) -> Dict[str, CorpusScore]:
        if self.aggregation is self.base.aggregation:
            return self.base.corpus(values, setup, keys)
        return super().corpus(values, setup, keys)

    def unavailable_metrics(self, setup: Setup) -> Dict[str, str]:
        return self.base.unavailable_metrics(setup)

    # -- the audit: the base's parts, with the segmenter in the tokenizer and the finishing in F --------
    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:
        parts = dict(self.base.rule_parts(stem, letter))
        for kind, changed in (("tokenizer", self.segmenter is not None),
                              ("f_measure", self.f_measure is not self.base.f_measure),
                              ("aggregation", self.aggregation is not self.base.aggregation)):
            if changed:
                parts[kind] = self.name
        return parts

    def parts(self) -> Dict[str, Dict[str, Part]]:
        own, out = self.rule_parts(False, "A"), {}
        if own["tokenizer"] == self.name:
            out["tokenizer"] = {self.name: Part(make=self._tokenizer_part, description=self.tokenizer.description)}
        if own["f_measure"] == self.name:
            out["f_measure"] = {self.name: Part(make=self._f_part, description=self.f_measure.description)}
        if own["aggregation"] == self.name:
            out["aggregation"] = {self.name: Part(aggregation_of(self.aggregate), self.aggregation.description)}
        return out

    def _base_part(self, kind: str):
        """The base implementation's own part of ``kind``."""
        return part(kind, self.base.rule_parts(False, "A")[kind]).value

    def _tokenizer_part(self) -> TokenizerPart:
        base: TokenizerPart = self._base_part("tokenizer")
        return _SegmentedTokenizer(base, self.segment)

    def _f_part(self) -> FPart:
        base: FPart = self._base_part("f_measure")
        return FPart(lambda hits, ref, pred: self.finish(*base.prf(hits, ref, pred)), distinct=base.distinct,
                     length_minus=base.length_minus, clip_model=base.clip_model, lcs_as_list=base.lcs_as_list)


class _SegmentedTokenizer(TokenizerPart):
    """A tokenizer part on texts segmented first."""

    def __init__(self, base: TokenizerPart, segment: Callable[[str], str]):
        super().__init__(base.tokens, base.keep_stem)
        self.base, self.segment = base, segment

    def whole(self, text: str) -> List[str]:
        return self.base.whole(self.segment(text))

    def sentences(self, text: str, split) -> List[List[str]]:
        return self.base.sentences(self.segment(text), split)
