"""rouge-score-rs 0.2.1 with its ``CharacterTokenizer`` (profile ``character-v1``), float for float.

``rouge_score_rs.rouge_scorer.RougeScorer(types, tokenizer=rouge_score_rs.tokenizers.CharacterTokenizer())``:
rouge-score's scoring with another tokenizer (see :mod:`.rouge_score_rs_unicode`):

* the text NFKC-normalized, fully case-folded and NFKC-normalized again (Unicode 17.0);
* every extended grapheme cluster (UAX #29, as unicode-segmentation 1.13.3 applies it) that holds an
  alphabetic character or a number is a token; whitespace, punctuation and symbols are dropped (a
  Devanagari conjunct such as ``स्ते`` is one cluster since Unicode 15.1);
* no stemming.

Character-level ROUGE is a common convention for Chinese. The tokenizer itself: :mod:`.uax29`.
"""
from __future__ import annotations

from .base import Rule
from .rouge_score_rs_unicode import UnicodeRougeScore

NAME = "rouge-score-rs-char"


class RougeScoreRsChar(UnicodeRougeScore):
    name = NAME
    reproduces = "rouge-score-rs 0.2.1 with its CharacterTokenizer (character-v1, Unicode 17.0)"
    profile = "character-v1"
    tokenizer = Rule("character-v1", "NFKC, full case folding, NFKC (Unicode 17.0); each grapheme cluster holding a "
                     "letter or a number (UAX #29, unicode-segmentation 1.13.3)")


SEMANTICS = RougeScoreRsChar()

__all__ = ["SEMANTICS"]
