"""XL-Sum's multilingual ROUGE (csebuetnlp/xl-sum, ``multilingual_rouge_scoring``; PyPI
``multilingual-rouge`` 0.0.1), float for float: the scorer behind XL-Sum's 44-language tables.

It is rouge-score with another text pipeline (see :mod:`.xlsum_text`, :mod:`.xlsum_languages` and
docs/semantics.md):

* tokenizer (rouge1-9, rougeL): Unicode lower-case, control characters deleted, whitespace and every
  punctuation character (Unicode ``P*`` and ASCII's symbols) split; then ``lang``'s segmenter on the
  words joined by spaces (Chinese, Japanese, Thai, Burmese; a ``callable_tokenizer`` instead), or,
  where there is none or it gives nothing, pyonmttok's ``aggressive`` mode (letters, digits and each
  other symbol apart) and every CJK ideograph apart;
* rougeLsum: the text's non-empty lines, each only lower-cased and split as above (quirk kept: no
  segmenter, no pyonmttok, no custom tokenizer there: an unspaced Chinese line is one token);
* stemmer (``use_stemmer``): ``lang``'s (nltk's Porter without ``lang``; none for a name it does not
  know), on tokens longer than ``min_char_length`` (3) characters;
* P, R, F, the LCS and the summary-level LCS: rouge-score 0.1.2's; one reference per prediction (it
  has no ``score_multi``); aggregation: rouge-score's ``BootstrapAggregator`` (the bootstrap median).

rouge155's options: ``stem`` (-m) is ``use_stemmer``; ``language`` (``--language``, ``score_pairs(language=)``:
an ISO 639 code, or one of XL-Sum's own names) is ``lang``, its name for the code
(:func:`~.xlsum_languages.from_language`: ``hi`` -> ``hindi``); -r, -c, ``--seed`` its bootstrap. A result
is signed by ``lang`` (after its aliases) and by the segmenter (package, version, dictionary) and the
stemmer package the language brings.

The batch path tokenizes each distinct text once (each distinct word and stem once) and scores every
pair at once with :mod:`rouge155.metrics.pairwise`.
"""
from __future__ import annotations

import warnings
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..engine.pairs import PairScores
from ..metrics import pairwise
from . import rouge_score as _rs
from .base import Rule, Vocabulary, align, id_rows
from .parts import Part, TokenizerPart, part
from .record import Semantics
from .setup import CorpusScore, Setup
from .xlsum_languages import (describe, forget_words, from_language, resolve, segmenter, segmenter_name, stemmer,
                              stemmer_name, uses_nltk)
from .xlsum_text import fallback_tokens, forget_tokens, sanitize

NAME = "xlsum"
TYPES = _rs.TYPES
_FALLBACK_WARNING = "-" * 5 + "No tokens found using inferred tokenizer, switching to default tokenizer" + "-" * 5


class _Stems(dict):
    """``MultiStemmer``'s result per token, remembered: the stem of a token longer than ``shortest``."""

    def __init__(self, stem: Callable[[str], str], shortest: int):
        super().__init__()
        self._stem, self._shortest = stem, shortest

    def __missing__(self, token):
        value = self[token] = self._stem(token) if len(token) > self._shortest else token
        return value


class TextRules:
    """One scorer's text pipeline, resolved once (as ``RougeScorer.__init__`` resolves it): the
    segmenter, the stemmer, and the shortest word stemmed."""

    def __init__(self, lang: Optional[str] = None, use_stemmer: bool = False, callable_stemmer=None,
                 callable_tokenizer=None, min_char_length: int = 3, aliases: bool = True):
        lang = resolve(lang) if aliases else lang  # RougeScorer resolves them; MultiTokenizer alone does not
        self.lang = lang
        self.segment = segmenter(lang, callable_tokenizer)
        own_stem = stemmer(lang, callable_stemmer) if use_stemmer else None
        self.stem: Optional[Callable[[str], str]] = own_stem
        self.min_char_length = min_char_length
        # token -> its stem where it is long enough, else itself (each distinct token stemmed once)
        self._stems = _Stems(own_stem, min_char_length) if own_stem is not None else None

    def stemmed(self, tokens) -> List:
        if self._stems is not None:
            tokens = map(self._stems.__getitem__, tokens)
        return [x for x in tokens if x]

    def split(self, text) -> List:
        """``MultiTokenizer(lang, callable_tokenizer)(text)``: sanitized words, then the segmenter or the
        default tokens (no lower-casing, no stemming). Bytes are decoded dropping what is not UTF-8."""
        return self._segmented(sanitize(text.decode("utf-8", "ignore") if isinstance(text, bytes) else text))

    def _segmented(self, words: List[str]) -> List:
        joined = " ".join(words)
        tokens = self.segment(joined) if self.segment is not None else []
        if not tokens and joined:
            if self.segment is not None:
                warnings.warn(_FALLBACK_WARNING, stacklevel=3)  # its own warning, word for word
            tokens = fallback_tokens(words)
        return tokens

    def tokens(self, text) -> List:
        """``tokenize.tokenize(text, stemmer, MultiTokenizer)``: the tokens of rouge1-9 and rougeL (bytes
        are lower-cased as bytes, ASCII only, as there)."""
        return self.stemmed(self.split(text.lower()))

    def line_tokens(self, text) -> List[List]:
        """rougeLsum's sentences: the non-empty lines, each through ``BasicTokenizer`` and the stemmer."""
        if isinstance(text, bytes):
            text = text.decode("utf-8")  # six.ensure_str
        return [self.stemmed(sanitize(line.lower())) for line in text.split("\n") if len(line)]

    def both(self, text, whole: bool, lines: bool) -> Tuple[List, List[List]]:
        """(:meth:`tokens`, :meth:`line_tokens`) of a text, each asked for or empty. A str's lines are
        sanitized once: its whole text's words are its lines' in order (a newline only separates)."""
        if isinstance(text, bytes):
            return (self.tokens(text) if whole else []), (self.line_tokens(text) if lines else [])
        words = [sanitize(line.lower()) for line in text.split("\n")]
        whole_tokens = self.stemmed(self._segmented([w for row in words for w in row])) if whole else []
        line_rows = [self.stemmed(row) for row, line in zip(words, text.split("\n")) if len(line)] if lines else []
        return whole_tokens, line_rows


def forget() -> None:
    """Empty the word memos (the default tokens' and the segmenters'): the next batch learns every word's
    tokens again, as a first batch does (benchmarks)."""
    forget_tokens()
    forget_words()


def tokenize(text) -> List:
    """XL-Sum's tokens without ``lang`` and without stemming."""
    return _DEFAULT.tokens(text)


def stem(word: str) -> str:
    """XL-Sum's default stemmer: nltk's ``SnowballStemmer("porter")`` (tokens longer than 3 characters)."""
    if not _PORTER:
        _PORTER.append(TextRules(use_stemmer=True).stem)
    return _PORTER[0](word)


_DEFAULT = TextRules()
_PORTER: List = []


def batch_tokens(texts: Sequence, rouge_types: Sequence[str], rules: TextRules) -> _rs.Tokens:
    """Token ids of the distinct texts for the types asked: whole texts and/or lines."""
    vocab = Vocabulary()
    need_whole = any(t != "rougeLsum" for t in rouge_types)
    both = [rules.both(t, need_whole, "rougeLsum" in rouge_types) for t in texts]
    whole = pairwise.sequences(id_rows([w for w, _ in both], vocab))
    counts = np.array([len(lines) for _, lines in both], dtype=np.int64)
    units = pairwise.sequences(id_rows([row for _, lines in both for row in lines], vocab))
    return _rs.Tokens(whole, units, np.cumsum(counts) - counts, counts)


def score_pairs(predictions: Sequence, references: Sequence[Sequence],
                metrics: Sequence[str] = ("rouge1", "rouge2", "rougeL"), use_stemmer: bool = False,
                lang: Optional[str] = None, callable_stemmer=None, callable_tokenizer=None, min_char_length: int = 3,
                multi_reference: str = "single", rules: Optional[TextRules] = None) -> Dict[str, PairScores]:
    """Per rouge type, each pair's Score as ``RougeScorer(metrics, **options).score(reference, prediction)``
    gives it. ``references[i]``: a list of one text. ``rules``: a resolved pipeline (the options then
    are its own)."""
    for t in metrics:
        _rs.check_type(t)
    if multi_reference != "single" or any(len(r) != 1 for r in references):
        raise ValueError("XL-Sum's scorer takes one reference per prediction (it has no score_multi)")
    if rules is None:
        rules = TextRules(lang, use_stemmer, callable_stemmer, callable_tokenizer, min_char_length)
    al = align(predictions, references)
    values = _rs.alignment_scores(batch_tokens(al.texts, metrics, rules), al, metrics)
    return {t: values[t] for t in metrics}


def aggregate(values: PairScores, n_samples: int = 1000, confidence_interval: float = 0.95):
    """The corpus (P, R, F) as its ``BootstrapAggregator`` (rouge-score's) reports it: ``mid``."""
    return _rs.aggregate(values, n_samples, confidence_interval)


split_sentences = _rs.line_sentences


class _Tokenizer(TokenizerPart):
    """The audit's tokenizer part: XL-Sum's tokens without ``lang`` (the stemmer apart); the sentences
    of a split are only lower-cased and split (quirk kept: its rougeLsum lines get no pyonmttok), the
    whole text (rougeL's one "sentence") is tokenized as a whole."""

    def __init__(self) -> None:
        super().__init__(lambda text: _DEFAULT.tokens(text), bool)  # a stem that is "" is dropped
        self._whole_text = part("sentence_splitter", "whole-text").value

    def sentences(self, text: str, split) -> List[List[str]]:
        if split is self._whole_text:
            return [self.whole(text)]
        return [_DEFAULT.stemmed(sanitize(piece.lower())) for piece in split(text)]


class Xlsum(Semantics):
    name = NAME
    reproduces = "XL-Sum's multilingual_rouge_scoring (csebuetnlp/xl-sum afcd803; PyPI multilingual-rouge 0.0.1)"
    naming = _rs.RougeScore.naming
    tokenizer = Rule(NAME, "Unicode lower-case; whitespace and Unicode punctuation split; lang's segmenter (zh, ja, "
                     "th, my) or pyonmttok aggressive (letters, digits, symbols apart) and CJK ideographs apart")
    stemmer = Rule("xlsum-lang", "lang's stemmer (Snowball, Hindi, Bengali, Turkish; nltk Porter without lang) on "
                   "tokens longer than 3 characters")
    sentence_splitter = Rule("lines", "rougeLsum: the text's non-empty lines, tokenized without segmenter")
    f_measure = _rs.RougeScore.f_measure
    multi_reference = Rule("single", "one reference per prediction (no score_multi)")
    aggregation = _rs.RougeScore.aggregation
    counterparts = frozenset(("stem", "bootstrap", "seed", "language"))
    audit_notes = ("XL-Sum's scorer without lang= (the audit's texts are English): nltk's Porter stemmer",)

    def own_language(self, code: str) -> str:
        return from_language(code)

    def _lang(self, setup: Setup) -> Optional[str]:
        """XL-Sum's ``lang`` for ``setup``, resolved through its aliases (what decides its rules)."""
        return resolve(from_language(setup.language)) if setup.language is not None else None

    def own_options(self, setup: Setup) -> Dict[str, object]:
        return {"use_stemmer": setup.stem, "lang": self._lang(setup)}

    def language_settings(self, setup: Setup) -> Dict[str, object]:
        lang = self._lang(setup)
        brought = {"segmenter": segmenter_name(lang), "stemmer": stemmer_name(lang) if setup.stem else None}
        return {"lang": lang, **{key: value for key, value in brought.items() if value is not None}}

    def language_note(self, setup: Setup) -> str:
        return f"lang={self._lang(setup)!r} ({describe(self._lang(setup))})"

    def tokenizer_for(self, setup: Setup) -> Callable[[str], List]:
        return TextRules(self._lang(setup)).tokens

    def settings(self, setup: Setup) -> Dict[str, object]:
        return {**_rs.SEMANTICS.settings(setup), **self.own_options(setup), **self.language_settings(setup)}

    def uses_nltk(self, setup: Setup) -> bool:
        return setup.stem and uses_nltk(self._lang(setup))

    def corpus(self, values: Dict[str, PairScores], setup: Setup, keys: Sequence[str]) -> Dict[str, CorpusScore]:
        return _rs.SEMANTICS.corpus(values, setup, keys)

    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:  # noqa: ARG002 - the record's interface
        return {"tokenizer": NAME, "stemmer": "nltk-porter" if stem else "none", "sentence_splitter": "lines",
                "f_measure": _rs.NAME, "multi_reference": "single", "aggregation": "bootstrap-median"}

    def parts(self) -> Dict[str, Dict[str, Part]]:
        return {"tokenizer": {NAME: Part(make=_Tokenizer, description=self.tokenizer.description)}}


SEMANTICS = Xlsum()

__all__ = ["SEMANTICS", "TextRules", "score_pairs", "tokenize", "batch_tokens"]
