"""The stemmer of ROUGE-1.5.5: WordNet 2.0 exception lookup, then the script's Porter variant.

The script's Porter stemmer is the classic Perl port with one local change in step 4 (CYL, 2004):
``-ement`` is tried with the other suffixes, then ``-ment``, then ``-ent`` / ``-ion``, each on the
result of the previous one. nltk's PorterStemmer (any mode) gives other stems for about 1.4% of words.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping, Optional

_c = "[^aeiou]"
_v = "[aeiouy]"
_C = _c + "[^aeiouy]*"
_V = _v + "[aeiou]*"

_MGR0 = re.compile("^(" + _C + ")?" + _V + _C)
_MEQ1 = re.compile("^(" + _C + ")?" + _V + _C + "(" + _V + ")?$")
_MGR1 = re.compile("^(" + _C + ")?" + _V + _C + _V + _C)
_VOWEL_IN_STEM = re.compile("^(" + _C + ")?" + _v)
_CVC = re.compile("^" + _C + _v + "[^aeiouwxy]$")

_STEP1A_SSES_IES = re.compile(r"(ss|i)es$")
_STEP1A_S = re.compile(r"([^s])s$")
_STEP1B_EED = re.compile(r"eed$")
_STEP1B_ED_ING = re.compile(r"(ed|ing)$")
_STEP1B_ATBLIZ = re.compile(r"(at|bl|iz)$")
_STEP1B_DOUBLE = re.compile(r"([^aeiouylsz])\1$")
_STEP2 = re.compile(
    r"(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|"
    r"fulness|ousness|aliti|iviti|biliti|logi)$"
)
_STEP3 = re.compile(r"(icate|ative|alize|iciti|ical|ful|ness)$")
_STEP4 = re.compile(r"(al|ance|ence|er|ic|able|ible|ant|ement|ou|ism|ate|iti|ous|ive|ize)$")
_STEP4_MENT = re.compile(r"ment$")
_STEP4_ENT = re.compile(r"ent$")
_STEP4_ION = re.compile(r"(s|t)(ion)$")

_STEP2_LIST = {
    "ational": "ate", "tional": "tion", "enci": "ence", "anci": "ance", "izer": "ize", "bli": "ble",
    "alli": "al", "entli": "ent", "eli": "e", "ousli": "ous", "ization": "ize", "ation": "ate",
    "ator": "ate", "alism": "al", "iveness": "ive", "fulness": "ful", "ousness": "ous", "aliti": "al",
    "iviti": "ive", "biliti": "ble", "logi": "log",
}
_STEP3_LIST = {"icate": "ic", "ative": "", "alize": "al", "iciti": "ic", "ical": "ic", "ful": "", "ness": ""}


@lru_cache(maxsize=1 << 16)
def porter_stem(w: str) -> str:
    """The script's ``stem()``: Porter (1980) with the script's step-4 change."""
    if len(w) < 3:
        return w
    firstch = w[0]
    if firstch == "y":
        w = "Y" + w[1:]
    # Step 1a
    m = _STEP1A_SSES_IES.search(w)
    if m:
        w = w[: m.start()] + m.group(1)
    else:
        m = _STEP1A_S.search(w)
        if m:
            w = w[: m.start()] + m.group(1)
    # Step 1b
    m = _STEP1B_EED.search(w)
    if m:
        if _MGR0.search(w[: m.start()]):
            w = w[:-1]
    else:
        m = _STEP1B_ED_ING.search(w)
        if m:
            stem = w[: m.start()]
            if _VOWEL_IN_STEM.search(stem):
                w = stem
                if _STEP1B_ATBLIZ.search(w):
                    w += "e"
                elif _STEP1B_DOUBLE.search(w):
                    w = w[:-1]
                elif _CVC.search(w):
                    w += "e"
    # Step 1c
    if w.endswith("y"):
        stem = w[:-1]
        if _VOWEL_IN_STEM.search(stem):
            w = stem + "i"
    # Step 2
    m = _STEP2.search(w)
    if m:
        stem = w[: m.start()]
        if _MGR0.search(stem):
            w = stem + _STEP2_LIST[m.group(1)]
    # Step 3
    m = _STEP3.search(w)
    if m:
        stem = w[: m.start()]
        if _MGR0.search(stem):
            w = stem + _STEP3_LIST[m.group(1)]
    # Step 4, as modified in the script: the three tests are chained, each on the previous result.
    m = _STEP4.search(w)
    if m and _MGR1.search(w[: m.start()]):
        w = w[: m.start()]
    m = _STEP4_MENT.search(w)
    if m and _MGR1.search(w[: m.start()]):
        w = w[: m.start()]
    m = _STEP4_ENT.search(w)
    if m:
        if _MGR1.search(w[: m.start()]):
            w = w[: m.start()]
    else:
        m = _STEP4_ION.search(w)
        if m:
            stem = w[: m.start()] + m.group(1)
            if _MGR1.search(stem):
                w = stem
    # Step 5
    if w.endswith("e"):
        stem = w[:-1]
        if _MGR1.search(stem) or (_MEQ1.search(stem) and not _CVC.search(stem)):
            w = stem
    if w.endswith("ll") and _MGR1.search(w):
        w = w[:-1]
    if firstch == "y":
        w = w[:1].lower() + w[1:]
    return w


class Stemmer:
    """``MorphStem``: a WordNet exception wins, else the Porter variant."""

    def __init__(self, exceptions: Mapping[str, str]):
        self._exceptions = exceptions
        self._cache: dict = {}

    def __call__(self, token: str) -> Optional[str]:
        hit = self._cache.get(token)
        if hit is None:
            if not token:
                return None
            # Perl's tr/A-Z/a-z/: ASCII letters only.
            low = token.translate(_ASCII_LOWER)
            hit = self._exceptions.get(low)
            if hit is None:
                hit = porter_stem(low)
            self._cache[token] = hit
        return hit


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
