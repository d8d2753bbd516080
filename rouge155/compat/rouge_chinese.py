"""rouge-chinese 1.0.3's API (``from rouge_chinese import Rouge``): ``from rouge155.compat.rouge_chinese import Rouge``.

rouge-chinese is a fork of the ``rouge`` package: the same ``Rouge(metrics=None, stats=None,
return_lengths=False, raw_results=False, exclusive=True)`` with ``get_scores(hyps, refs, avg=False,
ignore_empty=False)``, ``FilesRouge``, and its sentence cutter ``Rouge.cut_sent(para)``; the same
output shapes. Texts are Chinese already segmented into words separated by spaces (as with the
original: ``" ".join(jieba.cut(text))``).

``semantics="perl"`` (the default): each pair scored as ROUGE-1.5.5.pl does (see :mod:`.rouge`).
``semantics="rouge-chinese"``: the package's own numbers, value for value (its sentences, its
whole-text rouge-l, n-grams counted as sets, its F with ``1e-8``, its errors for empty texts);
:mod:`rouge155.semantics.rouge_chinese`.
"""
from __future__ import annotations

from typing import List

from ..semantics import rouge_chinese as _rouge_chinese
from .rouge import FilesRouge as _FilesRouge
from .rouge import PltrdyRouge

SEMANTICS = _rouge_chinese.NAME  # semantics=SEMANTICS: the package's own numbers


class RougeChinese(PltrdyRouge):
    """``rouge_chinese.Rouge``, with the Perl's numbers or (``semantics="rouge-chinese"``) its own."""

    OWN = _rouge_chinese

    def cut_sent(self, para: str) -> List[str]:
        """The package's sentence cutter (line breaks after ``。！？?``, ``......``, ``……`` and closing quotes)."""
        return _rouge_chinese.cut_sent(para)


Rouge = RougeChinese  # the package's name for it


class FilesRouge(_FilesRouge):
    """``rouge_chinese.FilesRouge``: scores line i of a hypothesis file against line i of a reference file."""

    ROUGE = RougeChinese


__all__ = ["Rouge", "RougeChinese", "FilesRouge"]
