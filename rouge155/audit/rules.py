"""Each implementation's six rules as interchangeable parts, so that one rule can be swapped for the
Perl's and the pairs scored again.

A :class:`Recipe` names, for each kind of rule (:data:`KINDS`), the part used: the tokenizer, the
stemmer, the sentence splitter (for ROUGE-L), the F formula (with the way it counts hits: the
``rouge`` package counts distinct n-grams and LCS words, py-rouge counts ``len - (n - 1)`` n-grams and
clips the summary-level LCS by the prediction's counts only), the multi-reference policy and the
aggregation. :func:`recipe` gives an implementation's own recipe for a metric; the parts themselves
come from the implementations' modules (:mod:`rouge155.engine.semantics`) and the registry
(:mod:`rouge155.compat.semantics`), so a recipe of one implementation's parts is that implementation.

Part names: tokenizers and F formulas by implementation (``perl``, ``rouge-score`` — torchmetrics
tokenizes as rouge-score does —, ``torchmetrics``, ``pltrdy``, ``py-rouge``); stemmers ``none``,
``perl`` (WordNet exceptions + the script's Porter), ``nltk-porter``, ``py-rouge``; sentence splitters
``lines``, ``whole-text`` (rougeL: one LCS over the whole texts), ``punkt``, ``full-stops``;
policies ``sum-counts`` (the Perl's ``-f A``, py-rouge's ``apply_avg``), ``best-recall`` (the Perl's
``-f B``, py-rouge's ``apply_best``), ``best-f`` (rouge-score, torchmetrics ``best``),
``mean-float32`` (torchmetrics ``avg``), ``single``; aggregations ``perl-bootstrap``,
``bootstrap-median``, ``mean-float32``, ``mean``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Dict, List, Optional

import numpy as np

from ..base.perl import r5_many
from ..compat.semantics import get
from ..engine.semantics import pltrdy as _pltrdy
from ..engine.semantics import py_rouge as _py_rouge
from ..engine.semantics.llamafactory import percent
from ..engine.semantics.base import RULE_KINDS, harmonic_f, ratios

KINDS = RULE_KINDS  # tokenizer, stemmer, sentence_splitter, f_measure, multi_reference, aggregation
LABELS = {"tokenizer": "tokenizer", "stemmer": "stemmer", "sentence_splitter": "sentences",
          "f_measure": "F formula", "multi_reference": "multi-ref", "aggregation": "aggregation"}


@dataclass(frozen=True)
class Recipe:
    """The part used for each kind of rule (see the module's docstring for the names)."""

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
    best = letter == "B"
    if semantics == "perl":
        parts = ("perl", "perl" if stem else "none", "lines", "perl", "best-recall" if best else "sum-counts",
                 "perl-bootstrap")
    elif semantics == "rouge-score":
        parts = ("rouge-score", "nltk-porter" if stem else "none", "lines", "rouge-score", "best-f",
                 "bootstrap-median")
    elif semantics == "torchmetrics":
        parts = ("rouge-score", "nltk-porter" if stem else "none", "punkt", "torchmetrics",
                 "best-f" if best else "mean-float32", "mean-float32")
    elif semantics == "pltrdy":
        parts = ("pltrdy", "none", "full-stops", "pltrdy", "single", "mean")
    elif semantics == "py-rouge":
        parts = ("py-rouge", "py-rouge" if stem else "none", "lines", "py-rouge",
                 "best-recall" if best else "sum-counts", "mean")
    elif semantics in ("rouge-score-rs-unicode", "rouge-score-rs-char"):  # rouge-score's but the tokenizer
        parts = (semantics, "none", "lines", "rouge-score", "best-f", "bootstrap-median")
    elif semantics in ("rouge-chinese", "llamafactory", "opencompass-jieba"):  # rouge-l: one LCS of the texts
        parts = (semantics, "none", "whole-text", "llamafactory" if semantics == "llamafactory" else "rouge-chinese",
                 "single", get(semantics).aggregation.name)
    else:
        raise ValueError(f"unknown semantics {semantics!r}")
    out = Recipe(*parts)
    if lcs is None:  # sentences do not matter to ROUGE-N: the Perl's, so that no difference is put on them
        return replace(out, sentence_splitter="lines")
    if lcs == "L" and "rougeLsum" in get(semantics).metrics:
        return replace(out, sentence_splitter="whole-text")
    return out


# -- descriptions (for the reports) -----------------------------------------------------------------

_IMPLEMENTATION_OF = {"tokenizer": {"perl": "perl", "rouge-score": "rouge-score", "pltrdy": "pltrdy",
                                    "py-rouge": "py-rouge"},
                      "stemmer": {"perl": "perl", "nltk-porter": "rouge-score", "py-rouge": "py-rouge"},
                      "f_measure": {n: n for n in ("perl", "rouge-score", "torchmetrics", "pltrdy", "py-rouge")},
                      "aggregation": {"perl-bootstrap": "perl", "bootstrap-median": "rouge-score",
                                      "mean-float32": "torchmetrics", "mean": "pltrdy", "mean-numpy": "llamafactory",
                                      "mean-percent": "opencompass-jieba"}}
_OWN = {("stemmer", "none"): "no stemming",
        ("sentence_splitter", "lines"): "one sentence per line of the text",
        ("sentence_splitter", "whole-text"): "no sentences: one LCS over the whole token lists (rougeL)",
        ("sentence_splitter", "punkt"): "nltk's punkt on the raw text",
        ("sentence_splitter", "full-stops"): "every '.' ends a sentence (abbreviations, decimals too)",
        ("multi_reference", "sum-counts"): "counts summed over the references (Perl -f A, py-rouge apply_avg)",
        ("multi_reference", "best-recall"): "the first reference with the best recall (Perl -f B, py-rouge "
                                            "apply_best)",
        ("multi_reference", "best-f"): "the first reference with the best F (rouge-score, torchmetrics best)",
        ("multi_reference", "mean-float32"): "float32 mean of the references' P, R, F (torchmetrics avg)",
        ("multi_reference", "single"): "one reference per prediction"}


def describe(kind: str, part: str) -> str:
    """One line saying what ``part`` does (the registry's rule description where it is one)."""
    own = _OWN.get((kind, part))
    if own is not None:
        return own
    return getattr(get(_IMPLEMENTATION_OF[kind].get(part, part)), kind).description  # else: the part of that name


# -- tokenizers, stemmers, sentence splitters ----------------------------------------------------------

_VALID = re.compile(r"^[a-z0-9]+$")


def _pltrdy_words(piece: str) -> List[str]:
    """The rouge package's words of a piece of text: split at full stops, whitespace collapsed, single
    spaces (a piece of blanks is one empty word)."""
    return [w for s in piece.split(".") if len(s) > 0 for w in " ".join(s.split()).split(" ")]


SPLITTERS: Dict[str, Callable[[str], List[str]]] = {
    "lines": lambda text: [line for line in text.split("\n") if line],
    "whole-text": lambda text: [text],
    "punkt": lambda text: get("torchmetrics").split_sentences(text),
    "full-stops": lambda text: [s for s in text.split(".") if len(s) > 0],
}


class TokenizerPart:
    """A tokenizer part: the tokens of a whole text (ROUGE-N) and of each sentence a splitter gives
    (ROUGE-L), and which stems it keeps (rouge-score drops a stem that is not ``[a-z0-9]+``)."""

    def __init__(self, tokens: Callable[[str], List[str]],
                 keep_stem: Callable[[str], object] = lambda s: s is not None):
        self.tokens = tokens
        self.keep_stem = keep_stem

    def whole(self, text: str) -> List[str]:
        return self.tokens(text)

    def sentences(self, text: str, splitter: str) -> List[List[str]]:
        return [self.tokens(piece) for piece in SPLITTERS[splitter](text)]


class PyRougeTokenizer(TokenizerPart):
    """py-rouge's preprocessing without its stemmer (no length limit): its lines are its own sentences."""

    def __init__(self):
        self._prep = None
        super().__init__(lambda piece: self.prep().clean(piece).split())

    def prep(self):
        if self._prep is None:
            self._prep = _py_rouge.Preprocessor(_py_rouge.PyRougeOptions(stemming=False, limit_length=False))
        return self._prep

    def whole(self, text: str) -> List[str]:
        return self.prep().whole(text)

    def sentences(self, text: str, splitter: str) -> List[List[str]]:
        if splitter == "lines":
            return self.prep().per_sentence(text)
        return super().sentences(text, splitter)


def tokenizer(name: str) -> TokenizerPart:
    if name == "perl":
        return TokenizerPart(get("perl").tokenize)
    if name == "rouge-score":
        return TokenizerPart(get("rouge-score").tokenize, _VALID.match)
    if name == "pltrdy":
        return TokenizerPart(_pltrdy_words, lambda _token: True)
    if name == "py-rouge":
        return PyRougeTokenizer()
    return TokenizerPart(_own_words(name), lambda _token: True)  # another implementation's, by its name


def _own_words(name: str) -> Callable[[str], List[str]]:
    """An implementation's tokens of a piece of text, as its record gives them; the jieba recipes' empty
    texts (a placeholder word, or no score at all there) as no token: either way P, R and F are 0."""
    tokenize = get(name).tokenize
    if name == "opencompass-jieba":
        from ..engine.semantics.opencompass_jieba import general_postprocess

        return lambda piece: tokenize(piece) if general_postprocess(piece) else []
    return tokenize


def stemmer(name: str) -> Optional[Callable[[str], str]]:
    """The stemmer part (None: no stemming), remembered per word."""
    if name == "none":
        return None
    stem = {"perl": get("perl").stem, "nltk-porter": get("rouge-score").stem, "py-rouge": get("py-rouge").stem}[name]
    assert stem is not None  # these three have stemmers
    memo: Dict[str, str] = {}

    def remembered(word: str) -> str:
        out = memo.get(word)
        if out is None:
            out = memo[word] = stem(word)
        return out

    return remembered


# -- F formulas (with their counting) ----------------------------------------------------------------

COUNTING = {"perl": "clipped", "rouge-score": "clipped", "torchmetrics": "clipped", "pltrdy": "distinct",
            "py-rouge": "py-rouge", "rouge-chinese": "distinct-ngrams", "llamafactory": "distinct-ngrams"}


def _perl_prf(hits, ref_count, pred_count):
    recall = np.where(ref_count != 0, r5_many(ratios(hits, ref_count)), 0.0)
    precision = np.where(pred_count != 0, r5_many(ratios(hits, pred_count)), 0.0)
    return precision, recall, get("perl").f_score(precision, recall)


def _rouge_score_prf(hits, ref_count, pred_count):
    precision = ratios(hits, np.maximum(pred_count, 1))
    recall = ratios(hits, np.maximum(ref_count, 1))
    return precision, recall, harmonic_f(precision, recall)


def _torchmetrics_prf(hits, ref_count, pred_count):
    zero = (pred_count == 0) | (ref_count == 0)
    precision = np.where(zero, 0.0, ratios(hits, pred_count))
    recall = np.where(zero, 0.0, ratios(hits, ref_count))
    as32 = lambda x: x.astype(np.float32).astype(np.float64)  # noqa: E731  (its tensors are float32)
    return as32(precision), as32(recall), get("torchmetrics").f_score(precision, recall)


def _pltrdy_prf(hits, ref_count, pred_count):
    precision, recall = ratios(hits, pred_count), ratios(hits, ref_count)
    return precision, recall, _pltrdy.f_score(precision, recall)


def _py_rouge_prf(hits, ref_count, pred_count):
    return _py_rouge.prf(pred_count, ref_count, hits, 0.5, 1.0)


def _llamafactory_prf(hits, ref_count, pred_count):
    """rouge-chinese's P, R and F, each x 100 rounded to 4 places (0 where a side has no word)."""
    return tuple(percent(x) for x in _pltrdy_prf(hits, ref_count, pred_count))


PRF = {"perl": _perl_prf, "rouge-score": _rouge_score_prf, "torchmetrics": _torchmetrics_prf,
       "pltrdy": _pltrdy_prf, "py-rouge": _py_rouge_prf, "rouge-chinese": _pltrdy_prf,
       "llamafactory": _llamafactory_prf}
