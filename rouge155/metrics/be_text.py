"""ROUGE-BE's ``createBE`` as the Unicode fork runs it: on characters (``length`` counts characters,
``MorphStemMulti`` stems tokens with a Unicode ``\\w`` and splits on Unicode ``\\s``)."""
from __future__ import annotations

import re
from typing import Callable, List, Optional

from .be import BESet, count_bes, invalid_line, split_bar
from ..base.perlunicode import WORD_CLASS, split_ws

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
    def rows():
        for raw in lines:
            be = raw.decode("utf-8")
            fields = split_bar(be, "|")
            if len(fields) != 3:
                raise invalid_line(be)
            yield fields

    return count_bes(rows(), mode, stemming, lambda field: _stem_multi(field, stem), "nil", "|",
                     lambda key: key.encode("utf-8"))
