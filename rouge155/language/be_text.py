"""ROUGE-BE's ``createBE`` as the Unicode fork runs it: on characters (``length`` counts characters,
``MorphStemMulti`` stems tokens with a Unicode ``\\w`` and splits on Unicode ``\\s``)."""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable, List, Optional

from ..metrics.be import BEFormatError, BESet
from .perlunicode import WORD_CLASS, split_ws

_WORD = re.compile(f"[{WORD_CLASS}]")
_BRACKETS = re.compile("(-LRB-|-RRB-|-LSB-|-RSB-|-LCB-|-RCB-)")


def _stem_multi(field: str, stem: Callable[[str], Optional[str]]) -> str:
    out = []
    for tok in split_ws(field):
        if _WORD.search(tok) and not _BRACKETS.search(tok):
            s = stem(tok) if tok else None
            if s is not None:
                tok = s
        out.append(tok)
    return " ".join(out)


def create(lines: List[bytes], mode: str, stemming: bool, stem: Callable[[str], Optional[str]]) -> BESet:
    """:func:`rouge155.metrics.be.create` on lines the language layer has decoded and lowercased."""
    grams: Counter = Counter()
    count = 0
    for raw in lines:
        be = raw.decode("utf-8")
        fields = be.split("|")
        while fields and fields[-1] == "":
            fields.pop()  # Perl quirk: split drops trailing empty fields
        if len(fields) != 3:
            raise BEFormatError(
                f"Basic Element (BE) input file is invalid: *{be}*\n"
                "A BE file has to be in this format per line: HEAD|MODIFIER|RELATION\n"
                "For more infomation about BE, go to: http://www.isi.edu/~cyl/BE"
            )
        head, mod, rel = fields
        if stemming:
            if len(head) > 3:
                head = _stem_multi(head, stem)
            if len(mod) > 3:  # Perl quirk: compared with "NIL" after lc, so never equal
                mod = _stem_multi(mod, stem)
        key: Optional[str] = None
        if mode == "H" and mod == "nil":
            key = head
        elif mode == "HM" and mod != "nil":
            key = head + "|" + mod
        elif mode == "HMR" and rel != "nil":
            key = head + "|" + mod + "|" + rel
        elif mode == "HM1":
            key = head + "|" + mod
        elif mode == "HMR1" and fields[1] != "nil":
            key = head + "|" + mod + "|" + rel
        elif mode == "HMR2":
            key = head + "|" + mod + "|" + rel
        if key is not None:
            grams[key.encode("utf-8")] += 1
            count += 1
    return BESet(grams, count)
