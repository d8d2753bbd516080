"""What every semantics module shares: the record that describes one implementation rule by rule, token
vocabularies, alignments of predictions with references, and nltk.

nltk is optional (``pip install ".[semantics]"``): its Porter stemmer, its Treebank word tokenizer and
its punkt sentence splitter are what the other implementations call. Nothing is ever downloaded: a
missing package or missing punkt data is one line saying what to install.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..base.records import dataclass

# the extra that brings nltk: installed rouge155's name for it, and the form a checkout installs it with
EXTRA = 'pip install "rouge155[semantics]" (from a rouge155 checkout: pip install ".[semantics]")'


class MissingDependency(ImportError):
    """An optional package or data file a semantics needs is not installed (one line, names it)."""


class MissingPunkt(MissingDependency, LookupError):
    """nltk's punkt data is not installed: a LookupError, as nltk's own (what rouge-score and py-rouge
    raise then), with rouge155's one line."""


@dataclass(frozen=True)
class Rule:
    """One rule of an implementation, for the documentation and the audit: a short name and what it does."""

    name: str
    description: str


@dataclass(frozen=True)
class Semantics:
    """One implementation's ROUGE, rule by rule, and its scoring.

    ``score_pairs(predictions, references, metrics, **options)`` returns ``{metric: PairScores}``
    (``references[i]``: a list of texts); ``aggregate(values)`` turns per-pair values into the
    corpus (P, R, F) that implementation reports; ``tokenize(text)`` is its default tokenizer (the
    stemmer off); ``stem(word)`` its stemmer (None: it has none; it is applied to tokens longer
    than 3 characters); ``split_sentences(text)`` its sentence splitter for the summary-level
    metric; ``f_score(precision, recall)`` its F on arrays, at alpha 0.5.
    """

    name: str
    reproduces: str
    metrics: Tuple[str, ...]
    tokenizer: Rule
    stemmer: Rule
    sentence_splitter: Rule
    f_measure: Rule
    multi_reference: Rule
    aggregation: Rule
    score_pairs: Callable
    aggregate: Callable
    tokenize: Callable
    split_sentences: Callable
    stem: Optional[Callable]
    f_score: Callable

    def rules(self) -> Dict[str, Rule]:
        """The six rules by kind (tokenizer, stemmer, sentence_splitter, f_measure, multi_reference,
        aggregation): what an audit compares between implementations."""
        return {kind: getattr(self, kind) for kind in RULE_KINDS}


RULE_KINDS = ("tokenizer", "stemmer", "sentence_splitter", "f_measure", "multi_reference", "aggregation")


# -- vocabularies ----------------------------------------------------------------------------------


class Vocabulary(dict):
    """Token -> integer id, a new id for each new token (``map(vocab.__getitem__, tokens)`` runs
    at dict speed). Entries given at creation keep their (negative) ids: separators."""

    def __init__(self, special: Optional[Dict[object, int]] = None):
        super().__init__(special or {})
        self.size = 0

    def __missing__(self, token) -> int:
        value = self[token] = self.size
        self.size += 1
        return value

    def tokens(self) -> List[Any]:
        """The tokens by id (0 .. size - 1), as they were given (str or bytes, as the caller tokenizes)."""
        out: List[Any] = [None] * self.size
        for token, value in self.items():
            if value >= 0:
                out[value] = token
        return out


def id_rows(rows: Sequence[Sequence[object]], vocab: Vocabulary) -> List[List[int]]:
    """Rows of tokens as rows of ids."""
    get = vocab.__getitem__
    return [list(map(get, row)) for row in rows]


# -- alignments ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Alignments:
    """Every (prediction, reference) of a batch: the distinct texts, and per alignment the row of its
    prediction and of its reference among them, and the pair it belongs to."""

    texts: List[Any]  # each a str, or bytes where the caller's semantics take them (rouge-score's)
    pred: np.ndarray
    ref: np.ndarray
    pair: np.ndarray
    n_pairs: int


def check_text(text, what: str):
    if isinstance(text, (str, bytes)):
        return text
    raise TypeError(f"{what} must be a str, not {type(text).__name__}")


def align(predictions: Sequence, references: Sequence[Sequence]) -> Alignments:
    """The distinct texts of a batch (each tokenized once), and its alignments in pair order."""
    if len(predictions) != len(references):
        raise ValueError(f"{len(predictions)} predictions but {len(references)} references")
    index: Dict[object, int] = {}
    texts: List[Any] = []

    def row(text, what: str) -> int:
        try:
            slot = index.get(text)
        except TypeError:  # unhashable (a list, say): not a text, which check_text says
            slot = None
        if slot is None:
            check_text(text, what)
            slot = index[text] = len(texts)
            texts.append(text)
        return slot

    pred, ref, pair = [], [], []
    for i, (p, refs) in enumerate(zip(predictions, references)):
        if len(refs) == 0:
            raise ValueError(f"prediction {i} has no reference")
        p_row = row(p, "a prediction")
        for r in refs:
            pred.append(p_row)
            ref.append(row(r, "a reference"))
            pair.append(i)
    as_array = lambda values: np.array(values, dtype=np.int64)  # noqa: E731
    return Alignments(texts, as_array(pred), as_array(ref), as_array(pair), len(predictions))


def known_metrics(metrics: Sequence[str], allowed: Sequence[str], who: str) -> List[str]:
    """``metrics`` without repeats, each one of ``allowed`` (else ValueError naming ``who``'s metrics)."""
    out = list(dict.fromkeys(metrics))
    for m in out:
        if m not in allowed:
            raise ValueError(f"unknown metric {m!r} for {who}: use one of {', '.join(allowed)}")
    return out


def split_lines(text: str) -> List[str]:
    """One sentence per non-empty line."""
    return [line for line in text.split("\n") if line]


def as_reference_lists(references: Sequence) -> List[List[object]]:
    """``references[i]``: one text or a list of texts -> a list of texts."""
    return [[r] if isinstance(r, (str, bytes)) else list(r) for r in references]


def first_best(scores: np.ndarray, pair: np.ndarray, n_pairs: int) -> np.ndarray:
    """Per pair, the alignment with the largest score, the first one on ties (``np.argmax``,
    ``torch.argmax``); alignments are in pair order. -1 for a pair with no alignment."""
    out = np.full(n_pairs, -1, dtype=np.int64)
    if len(scores) == 0:
        return out
    order = np.lexsort((np.arange(len(scores)), -scores, pair))  # by pair, best first, earliest first
    first = np.r_[True, pair[order][1:] != pair[order][:-1]]
    out[pair[order][first]] = order[first]
    return out


def ratios(hits: np.ndarray, count: np.ndarray) -> np.ndarray:
    """hits / count, 0.0 where count is 0 (no division happens there)."""
    hits = np.asarray(hits, dtype=np.float64)
    count = np.asarray(count, dtype=np.float64)
    return np.divide(hits, count, out=np.zeros(len(hits)), where=count != 0)


def harmonic_f(precision: np.ndarray, recall: np.ndarray) -> np.ndarray:
    """2 * P * R / (P + R), 0.0 where P + R is 0 (rouge-score's ``scoring.fmeasure``; the same
    operations in the same order, so the same doubles)."""
    total = precision + recall
    return np.divide(2 * precision * recall, total, out=np.zeros(len(total)), where=total > 0)


# -- nltk ---------------------------------------------------------------------------------------


def nltk_module(purpose: str):
    """nltk, or one line saying that ``purpose`` needs it and how to install it."""
    try:
        import nltk
    except ImportError:
        raise MissingDependency(f"{purpose} needs nltk: {EXTRA}") from None
    return nltk


_STEMMERS: Dict[str, object] = {}


def porter_stemmer(mode: str, purpose: str):
    """nltk's PorterStemmer in ``mode`` (``NLTK_EXTENSIONS``, ``ORIGINAL_ALGORITHM``), made once."""
    stemmer = _STEMMERS.get(mode)
    if stemmer is None:
        nltk = nltk_module(purpose)
        stemmer = _STEMMERS[mode] = nltk.stem.porter.PorterStemmer(mode)
    return stemmer


def memo_stem(stemmer, cache: Dict[str, str]) -> Callable[[str], str]:
    """``stemmer.stem`` remembered per word (pure; bounded by the caller clearing ``cache``)."""
    if len(cache) > 1_000_000:
        cache.clear()

    def stem(word: str) -> str:
        out = cache.get(word)
        if out is None:
            out = cache[word] = stemmer.stem(word)
        return out

    return stem


_PUNKT: Dict[str, bool] = {}


def punkt_sentences(purpose: str) -> Callable[[str], List[str]]:
    """``nltk.sent_tokenize`` (English punkt), checked once; without nltk or its punkt data, one line
    naming what to install (never a download)."""
    nltk = nltk_module(purpose)
    if "english" not in _PUNKT:
        try:
            nltk.sent_tokenize("A test. Another one.")
            _PUNKT["english"] = True
        except LookupError:
            _PUNKT["english"] = False
    if not _PUNKT["english"]:
        raise MissingPunkt(f"{purpose} splits sentences with nltk's punkt, whose data is not installed "
                                "(install it with nltk's downloader, punkt_tab; rouge155 never downloads)")
    return nltk.sent_tokenize
