"""Sentence splitting for plain-text input, where the user asks for it.

nltk's punkt model is used when nltk and its punkt data are installed; otherwise a documented
rule-based splitter: a sentence ends at ``.``, ``!`` or ``?`` (optionally followed by closing quotes
or brackets) before whitespace and an upper-case letter, digit or opening quote — except after
common abbreviations (``Mr.``, ``Dr.``, ``U.S.``, single initials, ...).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, List

_ABBREVIATIONS = {
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "gen", "gov", "sen", "rep", "col", "lt", "sgt",
    "capt", "cmdr", "adm", "rev", "vs", "etc", "inc", "ltd", "co", "corp", "no", "fig", "jan", "feb", "mar",
    "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "e.g", "i.e", "u.s", "u.k", "u.n", "a.m",
    "p.m", "approx", "dept", "est", "ave", "blvd",
}
_BOUNDARY = re.compile(r"""([.!?]+["')\]]*)\s+(?=["'(\[]?[A-Z0-9])""")


def rule_based_split(text: str) -> List[str]:
    """Split at sentence-final punctuation followed by a capitalised start, skipping abbreviations."""
    sentences: List[str] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        end = m.end(1)
        word = text[start:end].split()[-1] if text[start:end].split() else ""
        stem = word.rstrip("\"')]").rstrip(".!?").lower()
        if m.group(1).startswith(".") and (stem in _ABBREVIATIONS or re.fullmatch(r"[a-z]", stem)):
            continue
        piece = text[start:end].strip()
        if piece:
            sentences.append(piece)
        start = m.end()
    rest = text[start:].strip()
    if rest:
        sentences.append(rest)
    return sentences


@lru_cache(maxsize=1)
def splitter() -> Callable[[str], List[str]]:
    """nltk's punkt (``sent_tokenize``) when nltk and its data are installed, else
    :func:`rule_based_split`. nltk is optional and never downloads anything here."""
    try:
        from nltk.tokenize import sent_tokenize

        sent_tokenize("A test. Another one.")  # raises LookupError when the punkt data is missing
        return sent_tokenize
    except Exception:  # nltk or its data missing: the documented fallback
        return rule_based_split


def split_sentences(text: str) -> List[str]:
    """The sentences of a text (newlines inside it count as spaces)."""
    return [s for s in splitter()(" ".join(text.split())) if s.strip()]
