"""POS tags for ROUGE 2.0's topic measures and synonyms, offline and pluggable.

The computation takes a *sentence tagger*: a callable from one lower-cased sentence to the jar's
``tagString`` form (``word_TAG word_TAG ``). :func:`sentence_tagger` builds one from any
*token tagger* (a callable from a list of tokens to a list of tags, Penn Treebank tags or tags
that :data:`TO_PENN` maps to them), so the same computation runs on tags from any tagger.

rouge155's own token tagger is Matthew Honnibal's greedy averaged perceptron with the model that
the ``textblob-aptagger`` wheel ships (``trontagger-0.1.0.pickle``, trained on the WSJ with Penn
tags, MIT licence): a wheel on PyPI, nothing downloaded at run time, and the same tag set and
training corpus as the jar's Stanford WSJ model. Its tags are Penn tags already, so the mapping
is the identity; :data:`TO_PENN` also maps the universal tag set for other taggers.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import pickle
import re
from collections import defaultdict
from typing import Callable, Dict, List, Sequence, Tuple

from ..base.errors import RougeError
from .measures import SentenceTagger
from .properties import Settings

TokenTagger = Callable[[Sequence[str]], Sequence[str]]

PENN_TAGS = frozenset(
    "# $ '' , -LRB- -RRB- . : CC CD DT EX FW IN JJ JJR JJS LS MD NN NNP NNPS NNS PDT POS PRP PRP$ RB RBR "
    "RBS RP SYM TO UH VB VBD VBG VBN VBP VBZ WDT WP WP$ WRB ``".split())

#: Tags of other tag sets -> the Penn tag whose lower-cased form topic.type regexes look for
#: (nn, vb, jj...). Penn tags map to themselves.
TO_PENN: Dict[str, str] = {**{t: t for t in PENN_TAGS},
    "NOUN": "NN", "PROPN": "NNP", "VERB": "VB", "AUX": "MD", "ADJ": "JJ", "ADV": "RB", "ADP": "IN",
    "DET": "DT", "PRON": "PRP", "NUM": "CD", "CONJ": "CC", "CCONJ": "CC", "SCONJ": "IN", "PART": "RP",
    "INTJ": "UH", "PUNCT": ".", "SYM": "SYM", "X": "FW", "PRT": "RP"
}

# The Stanford tagger's PTB tokenizer, in the few ways that matter for cleaned, lower-cased text
# (ROUGE 2.0 has already removed . , ; : ! " ' and replaced digits by @): brackets become
# -LRB-/-RRB-, and ? $ % & # ( ) [ ] { } are split from the words they touch.
_BRACKETS = {"(": "-LRB-", ")": "-RRB-", "[": "-LSB-", "]": "-RSB-", "{": "-LCB-", "}": "-RCB-"}
_SPLIT = re.compile(r"([?()\[\]{}$%])")


def ptb_tokens(sentence: str) -> List[str]:
    out: List[str] = []
    for word in sentence.split():
        for piece in _SPLIT.split(word):
            if piece:
                out.append(_BRACKETS.get(piece, piece))
    return out


_SYMBOLS = {"-LRB-": "-LRB-", "-RRB-": "-RRB-", "-LSB-": "-LRB-", "-RSB-": "-RRB-", "-LCB-": "-LRB-",
            "-RCB-": "-RRB-", "$": "$", "#": "#", "?": ".", "%": "NN"}


def _symbol_tag(word: str) -> str:
    """Tokens without a letter or digit (after ROUGE 2.0's cleaning: "@" for numbers, "/", "&",
    brackets...) get a punctuation-class tag; the WSJ model, trained on cased text with real
    numbers, guesses nouns for them."""
    if word in _SYMBOLS:
        return _SYMBOLS[word]
    if any(c.isalnum() for c in word):
        return ""
    return "CC" if word == "&" else "SYM"


def sentence_tagger(tag_tokens: TokenTagger) -> SentenceTagger:
    """A sentence tagger in the jar's output form from a token tagger."""
    def tag(sentence: str) -> str:
        tokens = ptb_tokens(sentence)
        tags = tag_tokens(tokens) if tokens else []
        return "".join(f"{w}_{TO_PENN.get(t, t)} " for w, t in zip(tokens, tags))
    return tag


class PerceptronTagger:
    """Honnibal's greedy averaged-perceptron tagger (features and tie-break as published)."""

    START = ["-START-", "-START2-"]
    END = ["-END-", "-END2-"]

    def __init__(self, weights: Dict[str, Dict[str, float]], tagdict: Dict[str, str], classes) -> None:
        self.weights = weights
        self.tagdict = tagdict
        self.classes = sorted(classes)

    @classmethod
    def from_aptagger(cls) -> "PerceptronTagger":
        spec = importlib.util.find_spec("textblob_aptagger")
        if spec is None or spec.origin is None:
            raise RougeError('the POS tagger needs the rouge2 extra: pip install ".[rouge2]"')
        path = os.path.join(os.path.dirname(spec.origin), "trontagger-0.1.0.pickle")
        try:
            with open(path, "rb") as fh:
                weights, tagdict, classes = pickle.load(fh, encoding="latin-1")
        except (OSError, pickle.UnpicklingError, ValueError) as exc:
            raise RougeError(f"cannot read the POS model {path}: {exc}") from None
        return cls(weights, tagdict, classes)

    @staticmethod
    def _normalize(word: str) -> str:
        if "-" in word and word[0] != "-":
            return "!HYPHEN"
        if word.isdigit() and len(word) == 4:
            return "!YEAR"
        if word[:1].isdigit():
            return "!DIGITS"
        return word.lower()

    def _features(self, i: int, word: str, context: List[str], prev: str, prev2: str) -> Dict[str, int]:
        feats: Dict[str, int] = defaultdict(int)

        def add(name: str, *args: str) -> None:
            feats[" ".join((name,) + args)] += 1

        i += len(self.START)
        add("bias")
        add("i suffix", word[-3:])
        add("i pref1", word[:1])
        add("i-1 tag", prev)
        add("i-2 tag", prev2)
        add("i tag+i-2 tag", prev, prev2)
        add("i word", context[i])
        add("i-1 tag+i word", prev, context[i])
        add("i-1 word", context[i - 1])
        add("i-1 suffix", context[i - 1][-3:])
        add("i-2 word", context[i - 2])
        add("i+1 word", context[i + 1])
        add("i+1 suffix", context[i + 1][-3:])
        add("i+2 word", context[i + 2])
        return feats

    def _predict(self, feats: Dict[str, int]) -> str:
        scores: Dict[str, float] = defaultdict(float)
        for feat, value in feats.items():
            w = self.weights.get(feat)
            if w is None or value == 0:
                continue
            for label, weight in w.items():
                scores[label] += value * weight
        return max(self.classes, key=lambda label: (scores[label], label))

    def __call__(self, tokens: Sequence[str]) -> List[str]:
        prev, prev2 = self.START
        context = self.START + [self._normalize(w) for w in tokens] + self.END
        tags: List[str] = []
        for i, word in enumerate(tokens):
            tag = self.tagdict.get(word) or _symbol_tag(word)
            if not tag:
                tag = self._predict(self._features(i, word, context, prev, prev2))
            tags.append(tag)
            prev2, prev = prev, tag
        return tags


@functools.lru_cache(maxsize=1)
def default_token_tagger() -> PerceptronTagger:
    return PerceptronTagger.from_aptagger()


def default_sentence_tagger() -> SentenceTagger:
    """rouge155's own tagger in the jar's ``tagString`` form."""
    return sentence_tagger(default_token_tagger())


def project_tagger(settings: Settings) -> Tuple[SentenceTagger, str]:
    """The tagger of a ``rouge155-rouge2`` run and a line naming it. As the jar, the model file is
    ``resources/taggers/<pos_tagger_name>`` under the working folder, tagged exactly as the jar tags
    (:mod:`.stanford`); a ``pos_tagger_name`` the properties give must be there (one line otherwise).
    Where they give none and the jar's default model is absent, rouge155's own tagger."""
    from .stanford import ModelError, load_tagger, model_path

    path = model_path(settings.tagger_name)
    if "pos_tagger_name" not in settings.raw and not os.path.exists(path):
        return default_sentence_tagger(), (f"POS tags: rouge155's own tagger, not the jar's ({path} not found; "
                                           "docs/rouge2.md says how to use your ROUGE 2.0 model)")
    if not os.path.isfile(path):
        raise ModelError(f"rouge.properties: pos_tagger_name={settings.tagger_name}: no POS tagger model {path} "
                         "(copy it from your ROUGE 2.0 distribution's resources/taggers/; rouge155 ships none)")
    return load_tagger(path), f"POS tags: {path} (the jar's tagger)"
