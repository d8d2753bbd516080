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

from typing import Dict, Sequence

from . import rouge_score, uax29, uax29_tables
from .base import PairArrays, Rule, Semantics

NAME = "rouge-score-rs-unicode"


def record(name: str, profile: str, reproduces: str, tokenizer: str) -> Semantics:
    """The record of rouge-score-rs with one of its Unicode tokenizers (``profile``): rouge-score's rules
    but the tokenizer and the stemmer."""
    tokenizer_object = uax29.Tokenizer(profile)

    def score_pairs(predictions: Sequence, references: Sequence[Sequence],
                    metrics: Sequence[str] = ("rouge1", "rouge2", "rougeL"),
                    multi_reference: str = "best") -> Dict[str, PairArrays]:
        """Per rouge type, each pair's Score as ``RougeScorer(..., tokenizer=...)`` gives it (``score``;
        ``score_multi`` for several references)."""
        return rouge_score.score_pairs(predictions, references, metrics, tokenizer=tokenizer_object,
                                       multi_reference=multi_reference)

    base = rouge_score.SEMANTICS
    return Semantics(
        name=name,
        reproduces=reproduces,
        metrics=rouge_score.TYPES,
        tokenizer=Rule(profile, tokenizer),
        stemmer=Rule("none", "no stemming"),
        sentence_splitter=base.sentence_splitter,
        f_measure=base.f_measure,
        multi_reference=base.multi_reference,
        aggregation=base.aggregation,
        score_pairs=score_pairs,
        aggregate=rouge_score.aggregate,
        tokenize=tokenizer_object.tokenize,
        split_sentences=rouge_score.line_sentences,
        stem=None,
        f_score=base.f_score,
    )


SEMANTICS = record(NAME, "unicode-v1", "rouge-score-rs 0.2.1 with its UnicodeTokenizer (unicode-v1, Unicode 17.0)",
                   "NFKC, full case folding, NFKC (Unicode 17.0); UAX #29 words holding a letter or a number "
                   "(unicode-segmentation 1.13.3); every ideograph a word")

def signature_fields() -> Dict[str, object]:
    """The Unicode version of the normalization and segmentation data."""
    return {"unicode": uax29_tables.UNICODE_VERSION}


__all__ = ["SEMANTICS", "signature_fields", "record"]
