"""Each implementation's six rules as interchangeable parts, so that one rule can be swapped for the
Perl's and the pairs scored again.

A :class:`Recipe` names, for each kind of rule (:data:`KINDS`), the part used: the tokenizer, the
stemmer, the sentence splitter (for ROUGE-L), the F formula (with the way it counts hits), the
multi-reference policy and the aggregation. :func:`recipe` gives an implementation's own recipe for a
metric; the parts come from the implementations' records (``rule_parts``, ``parts``:
:mod:`rouge155.semantics.parts`), so a recipe of one implementation's parts is that implementation.
Nothing here knows an implementation by its name.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Dict, List, Optional

from ..semantics import get
from ..semantics.base import RULE_KINDS
from ..semantics.parts import FPart, TokenizerPart, part

KINDS = RULE_KINDS  # tokenizer, stemmer, sentence_splitter, f_measure, multi_reference, aggregation
LABELS = {"tokenizer": "tokenizer", "stemmer": "stemmer", "sentence_splitter": "sentences",
          "f_measure": "F formula", "multi_reference": "multi-ref", "aggregation": "aggregation"}


@dataclass(frozen=True)
class Recipe:
    """The part used for each kind of rule (part names: the implementations' ``rule_parts``)."""

    tokenizer: str
    stemmer: str
    sentence_splitter: str
    f_measure: str
    multi_reference: str
    aggregation: str

    def with_rules_of(self, other: "Recipe", kinds) -> "Recipe":
        """This recipe with ``other``'s parts for ``kinds``."""
        return replace(self, **{k: getattr(other, k) for k in kinds})

    def differing(self, other: "Recipe") -> List[str]:
        return [k for k in KINDS if getattr(self, k) != getattr(other, k)]


def recipe(semantics: str, lcs: Optional[str], stem: bool, letter: str) -> Recipe:
    """``semantics``' own recipe for ROUGE-N (``lcs`` None), its whole-text LCS (``"L"``: rouge-score's
    and torchmetrics' rougeL) or its summary-level LCS (``"Lsum"``: the Perl's ROUGE-L, rougeLsum, the
    rouge package's and py-rouge's rouge-l), with stemming on or off and ``-f letter``."""
    implementation = get(semantics)
    out = Recipe(**implementation.rule_parts(stem, letter))
    if lcs is None:  # sentences do not matter to ROUGE-N: the Perl's, so that no difference is put on them
        return replace(out, sentence_splitter="lines")
    if lcs == "L" and implementation.naming.text_lcs is not None:
        return replace(out, sentence_splitter="whole-text")
    return out


def describe(kind: str, name: str) -> str:
    """One line saying what the part does."""
    return part(kind, name).description


def tokenizer(name: str) -> TokenizerPart:
    return part("tokenizer", name).value  # type: ignore[return-value]


def splitter(name: str) -> Callable[[str], List[str]]:
    return part("sentence_splitter", name).value  # type: ignore[return-value]


def f_formula(name: str) -> FPart:
    return part("f_measure", name).value  # type: ignore[return-value]


def stemmer(name: str) -> Optional[Callable[[str], str]]:
    """The stemmer part (None: no stemming), remembered per word."""
    stem = part("stemmer", name).value
    if stem is None:
        return None
    memo: Dict[str, str] = {}

    def remembered(word: str) -> str:
        out = memo.get(word)
        if out is None:
            out = memo[word] = stem(word)  # type: ignore[operator]
        return out

    return remembered
