"""XL-Sum's ``tokenizers`` module, the parts that are its own rules: ``BasicTokenizer`` (BERT's
clean-up and punctuation split), ``BurmeseTokenizer`` (its syllable rules), ``whitespace_tokenize``."""
from __future__ import annotations

from typing import List

from ...semantics.xlsum_text import burmese_syllables, sanitize, split_cjk


def whitespace_tokenize(text: str) -> List[str]:
    """Runs basic whitespace cleaning and splitting on a piece of text."""
    return text.split()


class BasicTokenizer:
    """Control characters deleted, whitespace and punctuation split (punctuation vanishes)."""

    def __call__(self, text) -> List[str]:
        return sanitize(text.decode("utf-8", "ignore") if isinstance(text, bytes) else text)

    def tokenize_chinese_chars(self, text: str) -> str:
        """Adds whitespace around any CJK character."""
        return split_cjk(text)


class BurmeseTokenizer:
    """Burmese syllables (Ding et al. 2019's rules, as XL-Sum writes them)."""

    def __call__(self, text: str) -> List[str]:
        return burmese_syllables(text)


__all__ = ["BasicTokenizer", "BurmeseTokenizer", "whitespace_tokenize"]
