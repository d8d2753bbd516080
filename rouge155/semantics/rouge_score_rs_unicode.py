"""rouge-score-rs 0.2.1 with its ``UnicodeTokenizer`` (profile ``unicode-v1``), float for float.

``rouge_score_rs.rouge_scorer.RougeScorer(types, tokenizer=rouge_score_rs.tokenizers.UnicodeTokenizer())``:
rouge-score's scoring (:mod:`.rouge_score`: clipped n-grams, rougeL over the whole texts, rougeLsum over
the lines, F = 2PR / (P + R), the best F over references, the bootstrap aggregator) with another tokenizer:

* the text NFKC-normalized, fully case-folded and NFKC-normalized again (Unicode 17.0);
* its words by the Unicode word boundary rules (UAX #29, as unicode-segmentation 1.13.3 applies them);
  a word counts when it holds an alphabetic character or a number, so punctuation inside a word stays
  (``don't``, ``3.50``, ``u.s``) and every ideograph is a word of its own; Thai, Lao, Khmer and Burmese
  are not segmented;
* no stemming (rouge-score-rs ignores ``use_stemmer`` with this tokenizer).

The tokenizer itself: :mod:`.uax29` (``pip install ".[unicode]"``).
"""
from __future__ import annotations

from typing import Dict, List, Sequence

from ..engine.pairs import PairScores
from . import rouge_score, uax29, uax29_tables
from .base import Rule
from .parts import Part, TokenizerPart
from .record import Semantics
from .setup import Setup

NAME = "rouge-score-rs-unicode"


class UnicodeRougeScore(rouge_score.RougeScore):
    """rouge-score-rs with one of its Unicode tokenizers (``profile``): rouge-score's rules (names,
    sentences, F, best reference, bootstrap) but the tokenizer and the stemmer."""

    profile = "unicode-v1"
    stemmer = Rule("none", "no stemming (rouge-score-rs ignores use_stemmer with this tokenizer)")
    counterparts = frozenset(("bootstrap", "seed"))
    stem = None
    audited_by_default = False  # name it to audit it (it needs unicodedata2)

    def __init__(self, **fields):
        super().__init__(**fields)
        self.tokenizer_object = uax29.Tokenizer(self.profile)

    def score_pairs(self, predictions: Sequence, references: Sequence[Sequence],
                    metrics: Sequence[str] = ("rouge1", "rouge2", "rougeL"),
                    multi_reference: str = "best") -> Dict[str, PairScores]:
        """Per rouge type, each pair's Score as ``RougeScorer(..., tokenizer=...)`` gives it (``score``;
        ``score_multi`` for several references)."""
        return rouge_score.score_pairs(predictions, references, metrics, tokenizer=self.tokenizer_object,
                                       multi_reference=multi_reference)

    def tokenize(self, text) -> List[str]:
        return self.tokenizer_object.tokenize(text)

    def call_scorer(self, metrics, **options):
        """Each call through :meth:`plain_scores` (the record's default): rouge-score's compiled per-call
        path counts rouge-score's own tokens, not this tokenizer's."""
        return Semantics.call_scorer(self, metrics, **options)

    def own_options(self, setup: Setup) -> Dict[str, object]:
        return {"multi_reference": setup.policy}

    def uses_nltk(self, setup: Setup) -> bool:  # noqa: ARG002 - the record's interface
        return False

    def fixed_settings(self) -> Dict[str, object]:
        """The Unicode version of the normalization and segmentation data."""
        return {"unicode": uax29_tables.UNICODE_VERSION}

    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:  # noqa: ARG002 - the record's interface
        return {**super().rule_parts(False, letter), "tokenizer": self.name}

    def parts(self) -> Dict[str, Dict[str, Part]]:
        return {"tokenizer": {self.name: Part(TokenizerPart(self.tokenize, lambda _token: True),
                                              self.tokenizer.description)}}


class RougeScoreRsUnicode(UnicodeRougeScore):
    name = NAME
    reproduces = "rouge-score-rs 0.2.1 with its UnicodeTokenizer (unicode-v1, Unicode 17.0)"
    tokenizer = Rule("unicode-v1", "NFKC, full case folding, NFKC (Unicode 17.0); UAX #29 words holding a letter or "
                     "a number (unicode-segmentation 1.13.3); every ideograph a word")


SEMANTICS = RougeScoreRsUnicode()

__all__ = ["SEMANTICS", "UnicodeRougeScore"]
