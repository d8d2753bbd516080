"""Sentence splitting for plain-text input, where the user asks for it.

nltk's punkt model is used when nltk and its punkt data are installed; otherwise a documented
rule-based splitter: a sentence ends at ``.``, ``!`` or ``?`` (optionally followed by closing quotes
or brackets) before whitespace and an upper-case letter, digit or opening quote — except after
common abbreviations (``Mr.``, ``Dr.``, ``U.S.``, single initials, ...). The rule-based splitter
is linear in the text's length (time and memory); nltk's punkt is nltk's own.
"""
from __future__ import annotations

import re
from functools import lru_cache

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, List

_ABBREVIATIONS = {
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "gen", "gov", "sen", "rep", "col", "lt", "sgt",
    "capt", "cmdr", "adm", "rev", "vs", "etc", "inc", "ltd", "co", "corp", "no", "fig", "jan", "feb", "mar",
    "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "e.g", "i.e", "u.s", "u.k", "u.n", "a.m",
    "p.m", "approx", "dept", "est", "ave", "blvd",
}
# A boundary: a run of sentence-final punctuation (matched from its first character only: the
# look-behind keeps a long run of full stops from being tried at each of its characters, which made
# the search quadratic), closing quotes or brackets, whitespace, then a capitalised start.
_BOUNDARY = re.compile(r"""(?<![.!?])([.!?]+["')\]]*)\s+(?=["'(\[]?[A-Z0-9])""")


def _last_word(text: str, start: int, end: int) -> str:
    """``text[start:end].split()[-1]`` for an ``end`` just after a word, in the word's length."""
    i = end
    while i > start and not text[i - 1].isspace():
        i -= 1
    return text[i:end]


def rule_based_split(text: str) -> List[str]:
    """Split at sentence-final punctuation followed by a capitalised start, skipping abbreviations.

    Linear in the text's length, in time and memory (a 1 MB line of full stops, or of "Mr. A ",
    takes well under a second): the boundary search looks at each character a bounded number of
    times, and an abbreviation's word is read back only to the previous space.
    """
    sentences: List[str] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        end = m.end(1)
        if m.group(1).startswith("."):
            stem = _last_word(text, start, end).rstrip("\"')]").rstrip(".!?").lower()
            if stem in _ABBREVIATIONS or (len(stem) == 1 and "a" <= stem <= "z"):
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
