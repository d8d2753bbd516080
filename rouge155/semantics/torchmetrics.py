"""torchmetrics 1.9's ROUGE (``ROUGEScore``, ``functional.text.rouge.rouge_score``), value for value.

Rules (docs/semantics.md compares them with the Perl's):

* tokenizer: rouge-score's (lower-case, runs of ``[a-z0-9]``), written as a ``normalizer`` (default:
  lower-case and ``[^a-z0-9]+`` -> space; a custom one replaces both) then a ``tokenizer`` (default: split
  on whitespace); empty tokens dropped;
* stemmer: nltk's ``PorterStemmer()`` on tokens longer than 3 characters (custom tokenizers' tokens too);
* sentences (rougeLsum): nltk's punkt (``nltk.sent_tokenize``) on the raw text, always;
* rougeN: clipped n-gram overlap, 0 when either side has no n-gram; rougeL: LCS of the whole texts;
  rougeLsum: rouge-score's union LCS; F = 2PR / (P + R); each value stored as a float32 tensor;
* several references: ``accumulate="best"``, the reference whose float32 F is largest (the first on
  ties), or ``"avg"``, the float32 mean of the references' P, R and F;
* aggregation: the float32 mean over pairs (``torch.tensor(values).mean()``).

torch itself is used, when installed, for the float32 means (its reduction order is its own); without
torch, means of up to 4 values are exact (sequential float32 sums), longer ones approximate.
"""
from __future__ import annotations

import re
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ..engine.pairs import PairScores
from ..metrics import pairwise
from ..metrics.names import Naming
from . import alnum, compiled
from .base import (MissingDependency, Rule, Vocabulary, align, first_best, harmonic_f, id_rows, memo_stem,
                   porter_stemmer, punkt_sentences, ratios)
from .parts import FPart, Part, aggregation_of
from .record import Semantics
from .rouge_score import Tokens
from .setup import Setup

NAME = "torchmetrics"
KEYS: Dict[str, Union[int, str]] = {**{f"rouge{n}": n for n in range(1, 10)}, "rougeL": "L", "rougeLsum": "Lsum"}
ACCUMULATE = ("avg", "best")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")
_STEMS: Dict[str, str] = {}


def check_keys(rouge_keys) -> Tuple[str, ...]:
    """torchmetrics' check: a key or a tuple of keys among :data:`KEYS` (ValueError otherwise)."""
    if not isinstance(rouge_keys, tuple):
        rouge_keys = (rouge_keys,)
    for key in rouge_keys:
        if key not in KEYS:
            raise ValueError(f"Got unknown rouge key {key}. Expected to be one of {list(KEYS.keys())}")
    return rouge_keys


def check_accumulate(accumulate) -> None:
    if accumulate not in ACCUMULATE:
        raise ValueError(f"Got unknown accumulate value {accumulate}. Expected to be one of {ACCUMULATE}")


def _stem_function(use_stemmer: bool):
    if not use_stemmer:
        return None
    return memo_stem(porter_stemmer("NLTK_EXTENSIONS", "torchmetrics' use_stemmer"), _STEMS)


def normalize_and_tokenize(text: str, stem=None, normalizer=None, tokenizer=None) -> List[str]:
    """``_normalize_and_tokenize_text``."""
    text = normalizer(text) if callable(normalizer) else _NON_ALNUM.sub(" ", text.lower())
    tokens = tokenizer(text) if callable(tokenizer) else _SPACES.split(text)
    if stem is not None:
        tokens = [stem(x) if len(x) > 3 else x for x in tokens]
    return [x for x in tokens if isinstance(x, str) and len(x) > 0]


def stem(word: str) -> str:
    """nltk's ``PorterStemmer()``, as torchmetrics applies it (to tokens longer than 3 characters)."""
    return _stem_function(True)(word)


def f_score(precision, recall) -> np.ndarray:
    """2PR / (P + R) in double, then stored as float32 (0 where P and R are both 0)."""
    return _float32(harmonic_f(np.asarray(precision, dtype=np.float64), np.asarray(recall, dtype=np.float64)))


def tokenize(text: str) -> List[str]:
    """The default tokenizer (no stemmer)."""
    return normalize_and_tokenize(text)


def split_sentences(text: str) -> List[str]:
    """rougeLsum's sentences: nltk's punkt on the raw text (``_split_sentence``)."""
    return list(punkt_sentences("torchmetrics' rougeLsum")(text))


def batch_tokens(texts: List[str], rouge_keys: Sequence[str], use_stemmer: bool, normalizer=None,
                 tokenizer=None) -> Tokens:
    """Token ids of the distinct texts: whole (for rougeN and rougeL) and per punkt sentence (rougeLsum)."""
    stem = _stem_function(use_stemmer)
    need_units = "rougeLsum" in rouge_keys
    sents = [split_sentences(t) for t in texts] if need_units else [[] for _ in texts]
    counts = np.array([len(s) for s in sents], dtype=np.int64)
    flat = [s for group in sents for s in group]
    if normalizer is None and tokenizer is None and alnum.fits(texts) and alnum.fits(flat):
        vocab = Vocabulary({alnum.BREAK_TOKEN: -1})
        whole = alnum.rows(texts, vocab, stem)
        units = alnum.rows(flat, vocab, stem)
    else:
        vocab = Vocabulary()
        memo: Dict[str, List[str]] = {}

        def tokens_of(text):
            out = memo.get(text)
            if out is None:
                out = memo[text] = normalize_and_tokenize(text, stem, normalizer, tokenizer)
            return out

        whole = pairwise.sequences(id_rows([tokens_of(t) for t in texts], vocab))
        units = pairwise.sequences(id_rows([tokens_of(s) for s in flat], vocab))
    return Tokens(whole, units, np.cumsum(counts) - counts, counts)


def _float32(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.float64).astype(np.float32).astype(np.float64)  # tensor(float) is float32


def prf(hits, target_len, pred_len) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_compute_metrics``: P, R in double, 0 where either text has no token (or n-gram), F = 2PR / (P + R);
    each then stored as float32."""
    zero = (np.asarray(pred_len) == 0) | (np.asarray(target_len) == 0)
    precision = np.where(zero, 0.0, ratios(hits, pred_len))
    recall = np.where(zero, 0.0, ratios(hits, target_len))
    return _float32(precision), _float32(recall), f_score(precision, recall)


def _values(hits, pred_len, target_len) -> PairScores:
    return PairScores(*prf(hits, target_len, pred_len), np.asarray(hits, dtype=np.float64),
                      np.asarray(target_len, dtype=np.float64), np.asarray(pred_len, dtype=np.float64))


def alignment_scores(tokens: Tokens, al, rouge_keys: Sequence[str]) -> Dict[str, PairScores]:
    """Per key, the float32 P/R/F of every (prediction, reference) alignment."""
    out: Dict[str, PairScores] = {}
    cache: dict = {}
    whole = tokens.whole
    for key in dict.fromkeys(rouge_keys):
        if key == "rougeL":
            p_len, t_len = whole.lengths[al.pred], whole.lengths[al.ref]
            hits = pairwise.lcs_lengths(whole, al.ref, al.pred)
            out[key] = _values(hits, p_len, t_len)
        elif key == "rougeLsum":
            union = pairwise.union_lcs(tokens.units, tokens.first_unit[al.ref], tokens.unit_count[al.ref],
                                       tokens.first_unit[al.pred], tokens.unit_count[al.pred])
            owner = np.repeat(np.arange(len(tokens.unit_count)), tokens.unit_count)
            text_len = np.bincount(owner, weights=tokens.units.lengths, minlength=len(tokens.unit_count))
            p_len, t_len = text_len[al.pred], text_len[al.ref]
            out[key] = _values(union.hits, p_len, t_len)
        else:
            bags = pairwise.gram_bags(whole, int(KEYS[key]), cache)
            p_len, t_len = bags.totals[al.pred], bags.totals[al.ref]
            hits = pairwise.gram_overlap(bags, al.pred, al.ref)
            out[key] = _values(hits, p_len, t_len)
    return out


def compiled_alignment_scores(al, rouge_keys: Sequence[str], use_stemmer: bool) -> Dict[str, PairScores]:
    """``alignment_scores`` through the compiled kernels (:mod:`.compiled`): the same numbers. rougeLsum's
    punkt sentences become the lines of a text of their own (a newline inside one is a separator like
    any other, so each line holds its sentence's tokens)."""
    stem = _stem_function(use_stemmer)
    key = (NAME, use_stemmer)  # one vocabulary for texts and sentences: their ids agree
    resolver = lambda: compiled.token_resolver(stem, bool)  # noqa: E731  (torchmetrics keeps non-empty stems)
    counted = compiled.CountedTexts(compiled.alnum_texts(al.texts, key, resolver))
    out: Dict[str, PairScores] = {}
    for rouge_key in dict.fromkeys(rouge_keys):
        if rouge_key == "rougeL":
            p_len, t_len = counted.lengths[al.pred], counted.lengths[al.ref]
            hits = counted.lcs(al.pred, al.ref)
        elif rouge_key == "rougeLsum":
            sentences = compiled.CountedTexts(compiled.alnum_texts(
                ["\n".join(s.replace("\n", " ") for s in split_sentences(t)) for t in al.texts], key, resolver))
            p_len, t_len = sentences.lengths[al.pred], sentences.lengths[al.ref]
            hits = sentences.union_lcs(al.pred, al.ref)
        else:
            hits, totals = counted.ngrams(int(KEYS[rouge_key]), al.pred, al.ref)
            p_len, t_len = totals[al.pred], totals[al.ref]
        out[rouge_key] = _values(hits, p_len, t_len)
    return out


def float32_mean(values) -> float:
    """``torch.tensor(values).mean()`` of float32 values, as a float (torch's own reduction when torch
    is installed; else exact up to 4 values, as torch adds them in order)."""
    values = np.asarray(values, dtype=np.float32)
    try:
        import torch
    except ImportError:
        if len(values) <= 4:
            total = np.float32(0)
            for v in values:
                total = np.float32(total + v)
            return float(np.float32(total / np.float32(len(values)))) if len(values) else float("nan")
        return float(np.mean(values, dtype=np.float32))
    return float(torch.from_numpy(values).mean())


def _averaged(values: PairScores, pair: np.ndarray, n_pairs: int) -> PairScores:
    """``accumulate="avg"``: per pair, the float32 mean of its references' P, R and F. Up to 4
    references, vectorised (torch adds so few values in order, in float32); more, torch itself."""
    starts = np.searchsorted(pair, np.arange(n_pairs))
    sizes = np.searchsorted(pair, np.arange(n_pairs), side="right") - starts
    out = []
    for field in ("precision", "recall", "fmeasure"):
        column = getattr(values, field).astype(np.float32)
        mean = np.full(n_pairs, np.nan)
        for size in np.unique(sizes):
            which = np.flatnonzero(sizes == size)
            if size > 4:
                mean[which] = [float32_mean(column[s:s + size]) for s in starts[which].tolist()]
                continue
            total = np.zeros(len(which), dtype=np.float32)
            for c in range(int(size)):
                total = total + column[starts[which] + c]
            mean[which] = (total / np.float32(size)).astype(np.float64) if size else np.nan
        out.append(mean)
    nan = np.full(n_pairs, np.nan)
    return PairScores(out[0], out[1], out[2], nan, nan, nan)


def score_pairs(predictions: Sequence[str], references: Sequence[Sequence[str]],
                metrics: Sequence[str] = ("rouge1", "rouge2", "rougeL", "rougeLsum"), use_stemmer: bool = False,
                normalizer: Optional[Callable[[str], str]] = None,
                tokenizer: Optional[Callable[[str], Sequence[str]]] = None,
                multi_reference: str = "best") -> Dict[str, PairScores]:
    """Per rouge key, each pair's values as ``_rouge_score_update`` appends them (float32 values held
    in float64 arrays); ``multi_reference`` is torchmetrics' ``accumulate`` ("best" or "avg")."""
    rouge_keys = check_keys(tuple(metrics))
    check_accumulate(multi_reference)
    al = align(predictions, references)
    if normalizer is None and tokenizer is None and compiled.usable(al.texts, len(al.pred)):
        per_alignment = compiled_alignment_scores(al, rouge_keys, use_stemmer)
    else:
        tokens = batch_tokens(al.texts, rouge_keys, use_stemmer, normalizer, tokenizer)
        per_alignment = alignment_scores(tokens, al, rouge_keys)
    out: Dict[str, PairScores] = {}
    for key, values in per_alignment.items():
        if multi_reference == "best":
            out[key] = values.pick(first_best(values.fmeasure, al.pair, al.n_pairs))
        else:
            out[key] = _averaged(values, al.pair, al.n_pairs)
    return {key: out[key] for key in rouge_keys}


def aggregate(values: PairScores) -> Tuple[float, float, float]:
    """The corpus (P, R, F): float32 means over the pairs, as ``_rouge_score_compute`` takes them."""
    return (float32_mean(values.precision), float32_mean(values.recall), float32_mean(values.fmeasure))


def _mean_of_references(prf_of, hits, ref_count, pred_count, al, order) -> PairScores:
    """The audit's ``accumulate="avg"`` part: per pair, the float32 mean of its references' P, R, F."""
    del order
    precision, recall, fmeasure = prf_of(hits, ref_count, pred_count)
    return _averaged(PairScores(precision, recall, fmeasure, hits, ref_count, pred_count), al.pair, al.n_pairs)


class Torchmetrics(Semantics):
    name = NAME
    reproduces = "torchmetrics 1.9 (ROUGEScore, functional rouge_score)"
    naming = Naming(tuple(KEYS), "rouge{n}", "rougeLsum", text_lcs="rougeL", max_n=9)
    tokenizer = Rule("rouge-score", "normalizer: lower-case, [^a-z0-9]+ -> space; tokenizer: split on whitespace")
    stemmer = Rule("nltk-porter", "nltk PorterStemmer (NLTK_EXTENSIONS) on tokens longer than 3 characters")
    sentence_splitter = Rule("punkt", "rougeLsum: nltk.sent_tokenize (punkt) on the raw text, never the lines")
    f_measure = Rule("harmonic-float32", "F = 2PR / (P + R) in double, each of P, R, F then stored as float32")
    multi_reference = Rule("best-f-float32", "accumulate='best': the largest float32 F, first on ties "
                           "('avg': float32 mean of the references' P, R, F)")
    aggregation = Rule("mean-float32", "float32 mean of the per-pair values (torch)")
    counterparts = frozenset(("stem",))
    policies = {"A": "avg", "B": "best"}

    language_advice = ("torchmetrics' normalizer keeps only a-z and 0-9: give ROUGEScore a normalizer and "
                       "tokenizer for the language, or score such text with rouge155 --language LANG")

    def own_options(self, setup: Setup) -> Dict[str, object]:
        return {"use_stemmer": setup.stem, "multi_reference": setup.policy}

    def unavailable_metrics(self, setup: Setup) -> Dict[str, str]:
        """rougeLsum where nltk's punkt cannot split sentences here (no nltk, or no punkt data)."""
        if "rougeLsum" not in setup.metrics:
            return {}
        try:
            split_sentences("A test. Another one.")
        except MissingDependency as exc:
            return {"rougeLsum": str(exc)}
        return {}

    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:
        return {"tokenizer": "rouge-score", "stemmer": "nltk-porter" if stem else "none",
                "sentence_splitter": "punkt", "f_measure": NAME,
                "multi_reference": "best-f" if letter == "B" else "mean-float32", "aggregation": "mean-float32"}

    def parts(self) -> Dict[str, Dict[str, Part]]:
        return {"sentence_splitter": {"punkt": Part(split_sentences, "nltk's punkt on the raw text")},
                "f_measure": {NAME: Part(FPart(prf), self.f_measure.description)},
                "multi_reference": {"mean-float32": Part(_mean_of_references, "float32 mean of the references' P, "
                                                                               "R, F (torchmetrics avg)")},
                "aggregation": {"mean-float32": Part(aggregation_of(aggregate), self.aggregation.description)}}


SEMANTICS = Torchmetrics()

__all__ = ["SEMANTICS", "score_pairs", "aggregate", "float32_mean", "check_keys", "check_accumulate", "KEYS"]
