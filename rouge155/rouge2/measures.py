"""ROUGE 2.0's computation (``ROUGECalculator.computeRouge`` and helpers), step for step.

Sentences flow as the jar's strings: cleaned, lower-cased, optionally POS-tagged (``word_tag``),
stop-word filtered and stemmed; n-grams are the jar's ``w1__w2__`` strings. Quirks kept on purpose
are marked "jar quirk".
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Collection, List, Optional, Protocol, Set, Union

from ..base.errors import RougeError
from . import javalang
from .lcs_path import lcs_words
from .properties import Settings

SEP = "__"
_POS_SEP = re.compile(r"_|/|#")
_UNDERSCORE = re.compile("_")
_DIGITS = re.compile(r"[0-9]+")
_PUNCT = re.compile(r"!|\.|\"|'|;|:|,")
_NUMBER = re.compile(r"[0-9]+")
_SKIP = re.compile(r"SU?[0-9]+")
_SKIP_SPLIT = re.compile(r"SU?")

#: Tags one lower-cased sentence: returns the jar's ``tagString`` form, ``word_TAG word_TAG ...``.
SentenceTagger = Callable[[str], str]


class SynonymSource(Protocol):
    def nouns(self, word: str) -> Set[str]: ...
    def adjectives(self, word: str) -> Set[str]: ...
    def verbs(self, word: str) -> Set[str]: ...


class JarFailure(RougeError):
    """An input on which the jar itself stops with an exception."""


@dataclass
class Rouge2Result:
    """One (task, n-gram, system) row of the CSV."""

    rouge_name: str
    task: str
    system: str
    recall: float = 0.0
    precision: float = 0.0
    f: float = 0.0
    count: int = 0


def clean_sentence(line: str) -> str:
    """``cleanSent``: digit runs become " @ ", then ! . " ' ; : , become spaces; lower case."""
    line = _DIGITS.sub(" @ ", line).lower()
    return _PUNCT.sub(" ", line).lower()


def rouge_name(settings: Settings, ngram: str) -> str:
    name = "ROUGE-" + ngram
    if settings.rouge_type != "normal":
        name += "-" + settings.rouge_type
    if settings.remove_stopwords:
        name += "+StopWordRemoval"
    if settings.use_stemmer:
        name += "+Stemming"
    if settings.use_synonyms:
        name += "+Synonyms"
    return name


def _ws(text: str) -> List[str]:
    return javalang.split(javalang.WS, text)


class Calculator:
    """Scores systems against references with the jar's settings; the tagger, stop words,
    stemmer and synonyms are given (so any tagger can drive the same computation)."""

    def __init__(self, settings: Settings, *, stopwords: Optional[Set[str]] = None,
                 stem: Optional[Callable[[str], Optional[str]]] = None, tagger: Optional[SentenceTagger] = None,
                 synonyms: Optional[SynonymSource] = None) -> None:
        self.s = settings
        self.stopwords = stopwords or set()
        self.stem = stem
        self.tagger = tagger
        self.synonyms = synonyms
        self._topic = re.compile(".*(" + settings.topics + ").*", re.DOTALL)

    # -- sentence processing -------------------------------------------------------------
    def pos_tagged(self, sents: List[str], restrict: bool) -> List[str]:
        out: List[str] = []
        assert self.tagger is not None
        for sent in sents:
            tagged = self.tagger(sent.lower())
            if restrict:
                tagged = self.relevant_pos(tagged.lower())
            if len(javalang.trim(tagged)) > 0:  # sentences left empty are dropped
                out.append(tagged.lower())
        return out

    def relevant_pos(self, tagged: str) -> str:
        """``getRelevantPOS``: tokens whose whole ``word_tag`` text matches ``.*(topic.type).*``
        (jar quirk: the word part can match too, e.g. "dinner_vb" for nn)."""
        kept = [t for t in _ws(tagged) if self._topic.fullmatch(t)]
        return javalang.trim(" ".join(kept))

    def remove_stopwords(self, sents: List[str]) -> List[str]:
        out = []
        for s in sents:
            kept = []
            for t in _ws(s.lower()):
                parts = javalang.split(_UNDERSCORE, t)
                if len(parts) < 1 or javalang.trim(parts[0]) not in self.stopwords:
                    kept.append(t + " ")
            out.append(javalang.trim("".join(kept)))
        return out

    def apply_stemming(self, sents: List[str]) -> List[str]:
        assert self.stem is not None
        out = []
        for s in sents:
            b = []
            for t in _ws(s.lower()):
                parts = javalang.split(_UNDERSCORE, t)
                if not parts:
                    raise JarFailure(f"token {t!r} has no word before '_' (the jar fails on it while stemming)")
                stem = self.stem(parts[0])
                if stem is None:  # jar quirk: a word whose stem() fails is dropped, tag and all
                    continue
                b.append(stem)
                if len(parts) == 2:
                    b.append(parts[1])  # jar quirk: the tag is glued to the stem without its '_'
                b.append(" ")
            out.append(javalang.trim("".join(b)))
        return out

    # -- n-grams ---------------------------------------------------------------------------
    @property
    def uniq(self) -> bool:
        return self.s.rouge_type in ("topicUniq", "normalCompressed")

    def ngram_tokens(self, ngram: str, sents: List[str]) -> Union[List[str], Set[str]]:
        out: List[str] = []
        for sent in sents:
            if ngram == "1":
                out.extend(_ws(sent))
            elif _NUMBER.fullmatch(ngram):
                _ngrams(int(ngram), sent, out)
            elif _SKIP.fullmatch(ngram):
                _skipgrams(ngram, sent, out)
            elif ngram.lower() == "l":
                _ngrams(1, sent, out)
            else:
                raise RougeError(f"ngram {ngram!r} is not supported")
        return set(out) if self.uniq else out

    # -- the measure -----------------------------------------------------------------------
    def compute(self, result: Rouge2Result, ngram: str, sys_sents: List[str], references: List[List[str]]) -> None:
        """``computeRouge``. ``sys_sents`` is processed again for every reference (jar quirk: the
        system's sentence list is tagged/filtered/stemmed in place once per reference)."""
        result.recall = result.precision = result.f = 0.0
        result.count = 0
        s = self.s
        for ref_sents in references:
            ref_sents = list(ref_sents)
            if s.rouge_type in ("topic", "topicUniq"):
                ngram = "1"  # jar quirk: topic measures are unigrams whatever the ngram entry says
                ref_sents = self.pos_tagged(ref_sents, True)
                sys_sents = self.pos_tagged(sys_sents, True)
            elif s.use_synonyms:
                ref_sents = self.pos_tagged(ref_sents, False)
                sys_sents = self.pos_tagged(sys_sents, False)
            if s.remove_stopwords:
                ref_sents = self.remove_stopwords(ref_sents)
                sys_sents = self.remove_stopwords(sys_sents)
            if s.use_stemmer:
                ref_sents = self.apply_stemming(ref_sents)
                sys_sents = self.apply_stemming(sys_sents)

            ref_original = self.ngram_tokens(ngram, ref_sents)
            ref_tokens = self.ngram_tokens(ngram, ref_sents)
            sys_tokens = self.ngram_tokens(ngram, sys_sents)
            overlap = 0.0
            if s.use_synonyms:
                ref_tokens = _remove_pos(ref_tokens)
                overlap = self._synonym_overlap(sys_tokens, ref_tokens)
            else:
                overlap = float(_overlap(sys_tokens, ref_tokens))
            result.count += 1
            if ngram.lower() == "l":
                _rouge_l(result, ref_sents, sys_sents)
            elif overlap > 0:
                result.recall = result.recall + overlap / len(ref_original)
                result.precision = result.precision + overlap / len(sys_tokens)
        _finalize(result, s.beta)

    def _synonym_overlap(self, sys_tokens: Collection[str], ref_tokens: Union[List[str], Set[str]]) -> float:
        overlap = 0.0
        if not (len(sys_tokens) > 0 and len(ref_tokens) > 0):
            return overlap
        bag: Union[Counter, Set[str]] = ref_tokens if isinstance(ref_tokens, set) else Counter(ref_tokens)
        sep = re.compile(SEP)
        for sys_tok in sys_tokens:
            sets = [self.synonym_list(u) for u in javalang.split(sep, sys_tok)]
            # every candidate (one synonym per word, joined by "__") present in the reference is a
            # hit and is used up (jar quirk: one system token can match several reference tokens)
            overlap += _take_candidates(sets, bag)
        return overlap

    def synonym_list(self, token: str) -> Set[str]:
        """``getSynonymList``: the word's WordNet synonyms for its tag class, plus the word."""
        toks = javalang.split(_POS_SEP, token)
        if len(toks) < 2:
            raise JarFailure(f"token {token!r} has no POS tag (the jar fails on it when looking up synonyms)")
        word, tag = toks[0], toks[1]
        syn: Set[str] = set()
        src = self.synonyms
        if src is not None:
            if "nn" in tag:
                syn = set(src.nouns(word))
            elif "jj" in tag:
                syn = set(src.adjectives(word))
            elif "vb" in tag:
                syn = set(src.verbs(word))
        syn.add(javalang.trim(word))
        return syn


def _take_candidates(sets: List[Set[str]], bag: Union[Counter, Set[str]]) -> int:
    """How many of ``getCombiFor``'s candidates (the product of ``sets`` joined by SEP) the bag
    holds; each found is removed once. Without empty words a candidate splits back uniquely on
    SEP, so the bag's keys are tested instead of enumerating the (possibly huge) product."""
    if len(sets) == 1 or any("" in st for st in sets):
        combos: List[str] = []
        for st in sets:
            combos = list(st) if not combos else [c + SEP + w for c in combos for w in st]
        found = [c for c in combos if (c in bag if isinstance(bag, set) else bag.get(c, 0) > 0)]
    else:
        n = len(sets)
        keys = bag if isinstance(bag, set) else [k for k, v in bag.items() if v > 0]
        found = []
        for k in keys:
            parts = k.split(SEP)
            if len(parts) == n and all(p in st for p, st in zip(parts, sets)):
                found.append(k)
    for c in found:
        if isinstance(bag, set):
            bag.discard(c)
        else:
            bag[c] -= 1
    return len(found)


def _ngrams(gram: int, sent: str, out: List[str]) -> None:
    tokens = _ws(sent)
    for k in range(len(tokens) - gram + 1):
        out.append("".join(tokens[j] + SEP for j in range(k, k + gram)))


def _skipgrams(gram: str, sent: str, out: List[str]) -> None:
    tokens = _ws(sent)
    skip = int(javalang.split(_SKIP_SPLIT, gram)[1])
    for k in range(len(tokens)):
        first = tokens[k] + SEP
        for j in range(k + 1, min(k + skip + 1, len(tokens))):
            out.append(first + tokens[j] + SEP)
    if "su" in gram.lower():
        _ngrams(1, sent, out)


def _overlap(sys_tokens: Collection[str], ref_tokens: Union[List[str], Set[str]]) -> int:
    if isinstance(ref_tokens, set):
        return len(ref_tokens & set(sys_tokens))
    bag = Counter(ref_tokens)
    hits = 0
    for tok in sys_tokens:
        if bag.get(tok, 0) > 0:
            bag[tok] -= 1
            hits += 1
    return hits


def _remove_pos(ngrams: Union[List[str], Set[str]]) -> Union[List[str], Set[str]]:
    """``removePos``: ``w1_t1__w2_t2__`` becomes ``w1__w2``; words whose ``word_tag`` does not split
    into exactly two parts are dropped."""
    stripped = []
    sep = re.compile(SEP)
    for g in ngrams:
        words = []
        for w in javalang.split(sep, g):
            parts = javalang.split(_POS_SEP, w)
            if len(parts) == 2:
                words.append(javalang.trim(parts[0]))
        if not words:
            raise JarFailure(f"n-gram {g!r} has no word_tag part (the jar fails on it)")
        stripped.append(javalang.trim(SEP.join(words)))
    originals = set(ngrams)
    # addAll then removeAll: a stripped n-gram equal to an original one is removed as well
    kept = [g for g in stripped if g not in originals]
    return set(kept) if isinstance(ngrams, set) else kept


def _rouge_l(result: Rouge2Result, ref_sents: List[str], sys_sents: List[str]) -> None:
    """``computeROUGEL``: distinct words of the union of sentence-pair LCSs over the distinct
    words of the reference (recall) and of the system (precision)."""
    sys_words: Set[str] = set()
    for s in sys_sents:
        sys_words.update(_ws(s))
    ref_words: Set[str] = set()
    for r in ref_sents:
        ref_words.update(_ws(r))
    union: Set[str] = set()
    sys_split = [_ws(s) for s in sys_sents]
    for r in ref_sents:
        rt = _ws(r)
        for st in sys_split:
            union.update(lcs_words(rt, st))
    result.recall = result.recall + _div(len(union), len(ref_words))
    result.precision = result.precision + _div(len(union), len(sys_words))


def _div(a: float, b: float) -> float:
    """Java double division: x/0 is NaN (0/0) or infinity."""
    if b == 0:
        return float("nan") if a == 0 else float("inf")
    return a / b


def _finalize(r: Rouge2Result, beta: float) -> None:
    r.precision = _div(r.precision, r.count)
    r.recall = _div(r.recall, r.count)
    if r.precision > 0 or r.recall > 0:
        b2 = beta * beta
        r.f = _div((1 + b2) * r.recall * r.precision, (b2 * r.precision) + r.recall)
