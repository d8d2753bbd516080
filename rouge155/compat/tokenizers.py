"""rouge-score's ``tokenizers`` module: ``from rouge155.compat import tokenizers`` (was ``from rouge_score
import tokenizers``).

``Tokenizer`` is the abstract base class custom tokenizers subclass (override ``tokenize(text)``); an
instance goes to ``RougeScorer(..., tokenizer=...)``. ``DefaultTokenizer(use_stemmer=False)`` is
rouge-score's own (its tokens, nltk's ``PorterStemmer()`` on tokens longer than 3 characters).
"""
from __future__ import annotations

import abc

from ..semantics import rouge_score as _rouge_score


class Tokenizer(abc.ABC):
    """Abstract base class for a tokenizer: subclasses implement ``tokenize(text)`` (a list of tokens)."""

    @abc.abstractmethod
    def tokenize(self, text):
        raise NotImplementedError("Tokenizer must override tokenize() method")


class DefaultTokenizer(_rouge_score.DefaultTokenizer, Tokenizer):
    """rouge-score's default tokenizer (``use_stemmer``: nltk's Porter stemmer, which needs nltk)."""


__all__ = ["Tokenizer", "DefaultTokenizer"]
