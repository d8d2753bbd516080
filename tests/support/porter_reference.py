"""The Porter variant as rouge155 0.1 wrote it (regular expressions and suffix look-ups, one helper
per step), kept as the reference the faster ``rouge155.text.porter.porter_stem`` is compared with
(tests/unit/text/test_porter.py); both equal the script's own ``stem()`` on the words tested against it."""
from __future__ import annotations

import re
from typing import Optional

_c = "[^aeiou]"
_v = "[aeiouy]"
_C = _c + "[^aeiouy]*"
_V = _v + "[aeiou]*"

_MGR0 = re.compile("^(" + _C + ")?" + _V + _C)
_MEQ1 = re.compile("^(" + _C + ")?" + _V + _C + "(" + _V + ")?$")
_MGR1 = re.compile("^(" + _C + ")?" + _V + _C + _V + _C)
_VOWEL_IN_STEM = re.compile("^(" + _C + ")?" + _v)
_CVC = re.compile("^" + _C + _v + "[^aeiouwxy]$")


_STEP2_LIST = {
    "ational": "ate", "tional": "tion", "enci": "ence", "anci": "ance", "izer": "ize", "bli": "ble",
    "alli": "al", "entli": "ent", "eli": "e", "ousli": "ous", "ization": "ize", "ation": "ate",
    "ator": "ate", "alism": "al", "iveness": "ive", "fulness": "ful", "ousness": "ous", "aliti": "al",
    "iviti": "ive", "biliti": "ble", "logi": "log",
}
_STEP3_LIST = {"icate": "ic", "ative": "", "alize": "al", "iciti": "ic", "ical": "ic", "ful": "", "ness": ""}


def _by_tail(suffixes: dict) -> dict:
    """The listed suffixes (all of two letters or more) under their last two letters, longest first."""
    index: dict = {}
    for suffix in sorted(suffixes, key=len, reverse=True):
        index.setdefault(suffix[-2:], []).append(suffix)
    return index


def _longest_suffix(w: str, index: dict) -> Optional[str]:
    """The suffix a regex ``(a|b|...)$`` search finds: the leftmost start, i.e. the longest one.
    Most words end in two letters no listed suffix ends in: one look-up rules them out."""
    for suffix in index.get(w[-2:], ()):
        if w.endswith(suffix):
            return suffix
    return None


def _replace_suffix(w: str, suffixes: dict, index: dict) -> str:
    """Porter steps 2 and 3: the longest listed suffix becomes its replacement when m > 0 before it."""
    suffix = _longest_suffix(w, index)
    if suffix is not None:
        stem = w[: -len(suffix)]
        if _MGR0.search(stem):
            return stem + suffixes[suffix]
    return w


_STEP2_INDEX = _by_tail(_STEP2_LIST)
_STEP3_INDEX = _by_tail(_STEP3_LIST)
_STEP4_INDEX = _by_tail(dict.fromkeys("al ance ence er ic able ible ant ement ou ism ate iti ous ive ize".split()))


def porter_stem(w: str) -> str:
    """The script's ``stem()``: Porter (1980) with the script's step-4 change.

    Suffix tests use ``endswith`` where the script uses ``/suffix$/`` (the same test); the measure
    tests keep the script's regular expressions.
    """
    if len(w) < 3:
        return w
    firstch = w[0]
    if firstch == "y":
        w = "Y" + w[1:]
    # Step 1a: /(ss|i)es$/ then /([^s])s$/
    if w.endswith(("sses", "ies")):
        w = w[:-2]
    elif w.endswith("s") and len(w) >= 2 and w[-2] != "s":
        w = w[:-1]
    # Step 1b
    if w.endswith("eed"):
        if _MGR0.search(w[:-3]):
            w = w[:-1]
    elif w.endswith(("ed", "ing")):
        stem = w[:-2] if w[-1] == "d" else w[:-3]
        if _VOWEL_IN_STEM.search(stem):
            w = stem
            if w.endswith(("at", "bl", "iz")):
                w += "e"
            elif len(w) >= 2 and w[-1] == w[-2] and w[-1] not in "aeiouylsz":
                w = w[:-1]
            elif _CVC.search(w):
                w += "e"
    # Step 1c
    if w.endswith("y"):
        stem = w[:-1]
        if _VOWEL_IN_STEM.search(stem):
            w = stem + "i"
    # Steps 2 and 3
    w = _replace_suffix(w, _STEP2_LIST, _STEP2_INDEX)
    w = _replace_suffix(w, _STEP3_LIST, _STEP3_INDEX)
    # Step 4, as modified in the script: the three tests are chained, each on the previous result.
    suffix = _longest_suffix(w, _STEP4_INDEX)
    if suffix is not None and _MGR1.search(w[: -len(suffix)]):
        w = w[: -len(suffix)]
    if w.endswith("ment") and _MGR1.search(w[:-4]):
        w = w[:-4]
    if w.endswith("ent"):
        if _MGR1.search(w[:-3]):
            w = w[:-3]
    elif w.endswith(("sion", "tion")):
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
