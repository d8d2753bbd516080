"""The stemmer of ROUGE-1.5.5: WordNet 2.0 exception lookup, then the script's Porter variant.

The script's Porter stemmer is the classic Perl port with one local change in step 4 (CYL, 2004):
``-ement`` is tried with the other suffixes, then ``-ment``, then ``-ent`` / ``-ion``, each on the
result of the previous one. nltk's PorterStemmer (any mode) gives other stems for about 1.4% of words.
"""
from __future__ import annotations

from ..base.lazy import lazy_regex  # compiled when a run first stems (-m)

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Mapping, Optional

_c = "[^aeiou]"
_v = "[aeiouy]"
_C = _c + "[^aeiouy]*"
_V = _v + "[aeiou]*"

_MGR0 = lazy_regex("^(" + _C + ")?" + _V + _C)
_MEQ1 = lazy_regex("^(" + _C + ")?" + _V + _C + "(" + _V + ")?$")
_MGR1 = lazy_regex("^(" + _C + ")?" + _V + _C + _V + _C)
_VOWEL_IN_STEM = lazy_regex("^(" + _C + ")?" + _v)
_CVC = lazy_regex("^" + _C + _v + "[^aeiouwxy]$")


_STEP2_LIST = {
    "ational": "ate", "tional": "tion", "enci": "ence", "anci": "ance", "izer": "ize", "bli": "ble",
    "alli": "al", "entli": "ent", "eli": "e", "ousli": "ous", "ization": "ize", "ation": "ate",
    "ator": "ate", "alism": "al", "iveness": "ive", "fulness": "ful", "ousness": "ous", "aliti": "al",
    "iviti": "ive", "biliti": "ble", "logi": "log",
}
_STEP3_LIST = {"icate": "ic", "ative": "", "alize": "al", "iciti": "ic", "ical": "ic", "ful": "", "ness": ""}


def _by_tail(suffixes: dict) -> dict:
    """The listed suffixes (all of two letters or more) under their last two letters, longest first,
    each as (suffix, its length, its replacement): the first of its group a word ends with is the
    suffix a regex ``(a|b|...)$`` search finds (the leftmost start, i.e. the longest one). Most
    words end in two letters no listed suffix ends in: one look-up rules them out."""
    index: dict = {}
    for suffix in sorted(suffixes, key=len, reverse=True):
        index.setdefault(suffix[-2:], []).append((suffix, len(suffix), suffixes[suffix]))
    return {tail: tuple(group) for tail, group in index.items()}


_STEP2_INDEX = _by_tail(_STEP2_LIST)
_STEP3_INDEX = _by_tail(_STEP3_LIST)
_STEP4_INDEX = _by_tail(dict.fromkeys("al ance ence er ic able ible ant ement ou ism ate iti ous ive ize".split(), ""))
_SUFFIX_STEPS = ((_STEP2_INDEX, _MGR0), (_STEP3_INDEX, _MGR0), (_STEP4_INDEX, _MGR1))  # (the regexes: lazy)


def porter_stem(w: str) -> str:
    """The script's ``stem()``: Porter (1980) with the script's step-4 change.

    Suffix tests use ``endswith`` where the script uses ``/suffix$/`` (the same test), after a look at
    the last letter where that rules most words out; the measure tests keep the script's regular
    expressions. One function without helpers: stemming a corpus' words is a tenth of a 1,500-pair run.
    """
    if len(w) < 3:
        return w
    firstch = w[0]
    if firstch == "y":
        w = "Y" + w[1:]
    last = w[-1]
    # Step 1a: /(ss|i)es$/ then /([^s])s$/
    if last == "s":
        if w.endswith(("sses", "ies")):
            w = w[:-2]
        elif w[-2] != "s":
            w = w[:-1]
        last = w[-1]
    # Step 1b: /eed$/, else /(ed|ing)$/
    if last == "d" or last == "g":
        if w.endswith("eed"):
            if _MGR0.search(w[:-3]):
                w = w[:-1]
        elif w.endswith(("ed", "ing")):
            stem = w[:-2] if last == "d" else w[:-3]
            if _VOWEL_IN_STEM.search(stem):
                w = stem
                if w.endswith(("at", "bl", "iz")):
                    w += "e"
                elif len(w) >= 2 and w[-1] == w[-2] and w[-1] not in "aeiouylsz":
                    w = w[:-1]
                elif _CVC.search(w):
                    w += "e"
        last = w[-1:]
    # Step 1c
    if last == "y":
        stem = w[:-1]
        if _VOWEL_IN_STEM.search(stem):
            w = stem + "i"
    # Steps 2 and 3: the longest listed suffix becomes its replacement when m > 0 before it; step 4's first
    # test: the longest listed suffix goes when m > 1 before it
    for index, measure in _SUFFIX_STEPS:
        group = index.get(w[-2:])
        if group is not None:
            for suffix, size, replacement in group:
                if w.endswith(suffix):
                    if measure.search(w[:-size]):
                        w = w[:-size] + replacement
                    break
    # Step 4, as modified in the script: the three tests are chained, each on the previous result.
    last = w[-1:]
    if last == "t":
        if w.endswith("ment") and _MGR1.search(w[:-4]):
            w = w[:-4]
            last = w[-1:]
    if last == "t":
        if w.endswith("ent") and _MGR1.search(w[:-3]):
            w = w[:-3]
    elif last == "n" and w.endswith(("sion", "tion")):
        stem = w[:-3]
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

    def __init__(self, exceptions: Mapping[str, str], cache: bool = True):
        self._exceptions = exceptions
        self._cache: Optional[dict] = {} if cache else None

    def __call__(self, token: str) -> Optional[str]:
        cache = self._cache
        hit = cache.get(token) if cache is not None else None
        if hit is None:
            if not token:
                return None
            # Perl's tr/A-Z/a-z/: ASCII letters only (a no-op on the tokens the readers produce).
            low = token if token.islower() and token.isascii() else token.translate(_ASCII_LOWER)
            hit = self._exceptions.get(low)
            if hit is None:
                hit = porter_stem(low)
            if cache is not None:
                cache[token] = hit
        return hit


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
