"""XL-Sum's ``rouge_scorer``: ``RougeScorer`` with ``lang=``, custom stemmers and tokenizers, float for float.

``RougeScorer(rouge_types, use_stemmer=False, lang=None, callable_stemmer=None, callable_tokenizer=None,
min_char_length=3)``; ``score(target, prediction)`` returns ``{rouge_type: Score(precision, recall,
fmeasure)}``; ``score_batch(targets, predictions)`` (not in the original) scores many pairs at once.
The original takes ``**kwargs`` and ignores names it does not know; here an unknown keyword is a
TypeError (a misspelt ``lang`` would otherwise score silently without it).
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence

from ...base import arguments
from ...semantics import check, get
from ...semantics import xlsum as _xlsum
from ...semantics.xlsum_languages import ALIASES, resolve, stemmer
from . import scoring
from .scoring import Score

SEMANTICS = _xlsum.NAME  # the only semantics it takes: XL-Sum's scorer has no ROUGE-1.5.5.pl counterpart

SPECIAL_LANGID_CONVERSION_MAP = dict(ALIASES)  # its alternate names for the languages it knows


class MultiTokenizer:
    """Tokenizes/segments texts for various languages (no lower-casing, no stemming)."""

    def __init__(self, lang: Optional[str] = None, callable_tokenizer=None):
        self._rules = _xlsum.TextRules(lang, callable_tokenizer=callable_tokenizer, aliases=False)
        self.lang = lang

    def __call__(self, text) -> List:
        return self._rules.split(text)


class MultiStemmer:
    """Wrapper for stemmers in multiple languages (tokens longer than ``min_char_length`` are stemmed)."""

    def __init__(self, lang: Optional[str] = None, callable_stemmer=None, min_char_length: int = 3):
        self.stemmer = stemmer(lang, callable_stemmer)
        self.min_char_length = min_char_length

    def __call__(self, token):
        if self.stemmer and len(token) > self.min_char_length:
            return self.stemmer(token)
        return token


class RougeScorer(scoring.BaseScorer):
    """Calculate rouge scores between two blobs of text.

    Sample usage:
      scorer = RougeScorer(['rouge1', 'rougeL'], use_stemmer=True, lang="bengali")
      scores = scorer.score('তোমার সাথে দেখা হয়ে ভালো লাগলো।', 'আপনার সাথে দেখা হয়ে ভালো লাগলো।')
    """

    def __init__(self, rouge_types, *, use_stemmer=False, lang=None, callable_stemmer=None, callable_tokenizer=None,
                 min_char_length=3, semantics=SEMANTICS):
        check(semantics, (SEMANTICS,))
        self.rouge_types = rouge_types
        self.lang = resolve(lang)
        self._rules = _xlsum.TextRules(lang, use_stemmer, callable_stemmer, callable_tokenizer, min_char_length)

    def score(self, target, prediction) -> Dict[str, Score]:
        """A dict mapping each rouge type to a Score (target: the reference, prediction: the summary)."""
        return self.score_batch([target], [prediction])[0]

    def score_batch(self, targets: Sequence, predictions: Sequence) -> List[Dict[str, Score]]:
        """Not in the original: ``[score(t, p) for t, p in zip(targets, predictions)]`` at once (one text for
        ``targets`` or ``predictions``: a TypeError, not one pair per character)."""
        targets, predictions = arguments.text_list(targets, "targets"), arguments.text_list(predictions, "predictions")
        if len(targets) != len(predictions):
            raise ValueError(f"{len(targets)} targets but {len(predictions)} predictions")
        types = list(self.rouge_types)
        values = get(SEMANTICS).score_pairs(list(predictions), [[t] for t in targets], types, rules=self._rules)
        return [{t: Score(precision=float(values[t].precision[i]), recall=float(values[t].recall[i]),
                          fmeasure=float(values[t].fmeasure[i])) for t in types} for i in range(len(predictions))]


__all__ = ["RougeScorer", "MultiTokenizer", "MultiStemmer", "SPECIAL_LANGID_CONVERSION_MAP", "Score", "scoring"]
