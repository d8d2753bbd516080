"""rouge-score's ``tokenize`` module: ``from rouge155.compat import tokenize`` (was ``from rouge_score
import tokenize``).

``tokenize(text, stemmer)``: lower-case, every run of characters outside ``[a-z0-9]`` a separator,
``stemmer.stem`` on tokens longer than 3 characters, then only ``[a-z0-9]+`` tokens kept; bytes are
lower-cased as bytes and decoded as UTF-8. The same tokens as rouge-score 0.1.2's, for any text
(:func:`rouge155.semantics.rouge_score.tokenize` is the one rule).
"""
from __future__ import annotations

import re
from typing import List

from ..semantics import rouge_score as _rouge_score

NON_ALPHANUM_PATTERN = r"[^a-z0-9]+"
NON_ALPHANUM_RE = re.compile(NON_ALPHANUM_PATTERN)
SPACES_PATTERN = r"\s+"
SPACES_RE = re.compile(SPACES_PATTERN)
VALID_TOKEN_PATTERN = r"^[a-z0-9]+$"
VALID_TOKEN_RE = re.compile(VALID_TOKEN_PATTERN)


def tokenize(text, stemmer) -> List[str]:
    """The tokens of ``text`` as rouge-score's ``tokenize.tokenize`` makes them (``stemmer``: an object
    with ``stem(word)``, such as nltk's PorterStemmer, or None)."""
    return _rouge_score.tokenize(text, stemmer.stem if stemmer else None)


__all__ = ["tokenize", "NON_ALPHANUM_PATTERN", "NON_ALPHANUM_RE", "SPACES_PATTERN", "SPACES_RE",
           "VALID_TOKEN_PATTERN", "VALID_TOKEN_RE"]
