"""py-rouge 1.1's ROUGE (Diego999/py-rouge, ``rouge.Rouge`` of the ``py-rouge`` package), value for value.

Rules (docs/semantics.md compares them with the Perl's):

* sentences: the text's lines (``ensure_compatibility=False``: nltk's punkt);
* truncation (``limit_length``, on by default): ``length_limit`` (665) characters (``'bytes'`` counts
  characters) or words, counted over stripped lines, the sentence that crosses the limit cut;
* tokenizer: lower-case, ``[^A-Za-z0-9]`` -> space, then nltk's Treebank word tokenizer (it splits
  ``gonna``, ``wanna``, ``gimme``...; ``cannot`` is protected), tokens joined and split again on spaces;
* stemmer (``stemming``, on by default): tokens longer than 3 characters: the WordNet 2.0 exceptions
  and 138 fixed stems (py-rouge's tables), else nltk's ``PorterStemmer('ORIGINAL_ALGORITHM')``;
* ROUGE-N: clipped n-gram overlap; the n-gram count is ``len(tokens) - (n - 1)``, negative for texts
  shorter than n - 1 tokens; ROUGE-L/W: the Perl's union LCS, but the reference's unigram count is never
  used up (py-rouge decrements it under the wrong key), so only the hypothesis' count clips; ROUGE-W's
  reference length is raised to w twice (as the Perl's); the ROUGE-W ``weight_factor`` also raises
  ROUGE-L's P and R to ``1/w`` (it is passed to both);
* F = P R / ((1 - alpha) P + alpha R), 0 when P or R is 0; nothing rounded;
* several references: ``apply_avg`` (default) sums the counts over references (the Perl's ``-f A``),
  ``apply_best`` keeps the first reference with the best recall (ROUGE-W: the best weighted recall);
* aggregation: the sum over hypotheses in order, divided by their number (when there is more than one).

nltk's ``word_tokenize`` asks punkt for sentences first; the text it gets here holds only ``[a-z0-9_ ]``,
where punkt (trained or not) finds no sentence boundary, so the Treebank tokenizer is called directly
and punkt data is needed only with ``ensure_compatibility=False``.
"""
from __future__ import annotations

import math
import os
import re
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..base.records import dataclass
from ..inputs.resources import bundled_data_path, bundled_exceptions
from ..engine.pairs import PairScores
from ..metrics import pairwise
from ..metrics.names import Naming
from .base import (Rule, Vocabulary, align, first_best, id_rows, nltk_module, porter_stemmer, punkt_sentences,
                   split_lines)
from .parts import FPart, Part, TokenizerPart
from .record import Semantics
from .setup import Setup

NAME = "py-rouge"
_REMOVE_CHARS = re.compile("[^A-Za-z0-9]")
_CANNOT = re.compile("cannot")
_CANNOT_PROTECTED = re.compile("_cannot_")
SPECIAL_STEMS_FILE = "py_rouge_special_stems.txt"
# What nltk's Treebank word tokenizer does to text of [a-z0-9_ ] only: its contraction rules split these
# whole words (CONTRACTIONS2; every other rule needs punctuation, quotes or apostrophes), then it splits
# on whitespace. Used only when the installed nltk has exactly these rules.
_SPLIT_WORDS = {"cannot": ["can", "not"], "gimme": ["gim", "me"], "gonna": ["gon", "na"], "gotta": ["got", "ta"],
                "lemme": ["lem", "me"], "wanna": ["wan", "na"]}
_KNOWN_CONTRACTIONS2 = [r"(?i)\b(can)(?#X)(not)\b", r"(?i)\b(d)(?#X)('ye)\b", r"(?i)\b(gim)(?#X)(me)\b",
                        r"(?i)\b(gon)(?#X)(na)\b", r"(?i)\b(got)(?#X)(ta)\b", r"(?i)\b(lem)(?#X)(me)\b",
                        r"(?i)\b(more)(?#X)('n)\b", r"(?i)\b(wan)(?#X)(na)(?=\s)"]
LENGTH_LIMIT_TYPES = ("words", "bytes")


@dataclass(frozen=True)
class PyRougeOptions:
    """py-rouge's ``Rouge(...)`` arguments that change a number."""

    limit_length: bool = True
    length_limit: int = 665
    length_limit_type: str = "bytes"
    stemming: bool = True
    alpha: float = 0.5
    weight_factor: float = 1.0
    ensure_compatibility: bool = True


def stem_table(ensure_compatibility: bool) -> Dict[str, str]:
    """py-rouge's ``WORDNET_KEY_VALUE``: the WordNet 2.0 exceptions, plus (compatibility) its fixed stems."""
    table = dict(bundled_exceptions())
    if ensure_compatibility:
        with open(os.path.join(bundled_data_path(), SPECIAL_STEMS_FILE), encoding="utf-8") as handle:
            for line in handle:
                key, value = line.strip().split("|")
                table[key] = value
    return table


class Preprocessor:
    """py-rouge's ``_preprocess_summary_as_a_whole`` and ``_preprocess_summary_per_sentence`` for one
    set of options; each distinct text and sentence is tokenized once."""

    def __init__(self, options: PyRougeOptions):
        self.options = options
        self.limit = options.limit_length and options.length_limit != 0  # a limit of 0 turns truncation off
        nltk = nltk_module("the py-rouge semantics")
        treebank = nltk.tokenize.NLTKWordTokenizer()
        known = [p.pattern for p in getattr(treebank, "CONTRACTIONS2", [])] == _KNOWN_CONTRACTIONS2
        self._words = _alnum_words if known else treebank.tokenize
        self._table = stem_table(options.ensure_compatibility) if options.stemming else {}
        mode = "ORIGINAL_ALGORITHM" if options.ensure_compatibility else "NLTK_EXTENSIONS"
        self._stemmer = porter_stemmer(mode, "py-rouge's stemming") if options.stemming else None
        self._stems: Dict[str, str] = {}
        self._sentences: Dict[str, str] = {}

    def sentences(self, summary: str) -> List[str]:
        if self.options.ensure_compatibility:
            return summary.split("\n")
        return list(punkt_sentences("py-rouge with ensure_compatibility=False")(summary))

    def _stem(self, token: str) -> str:
        out = self._stems.get(token)
        if out is None:
            out = self._table.get(token)
            if out is None:
                out = self._stemmer.stem(token)  # type: ignore[union-attr]  # called only when stemming
            self._stems[token] = out
        return out

    def clean(self, text: str) -> str:
        """One piece of text as py-rouge leaves it: lower-cased, tokenized, stemmed, joined by spaces."""
        out = self._sentences.get(text)
        if out is not None:
            return out
        cleaned = _REMOVE_CHARS.sub(" ", text.lower()).strip()
        compat = self.options.ensure_compatibility
        cleaned = _CANNOT.sub("_cannot_", cleaned) if compat else _REMOVE_CHARS.sub(" ", cleaned)
        # nltk.word_tokenize = punkt sentences + Treebank words; punkt finds one sentence in [a-z0-9_ ]
        tokens = self._words(cleaned) if cleaned else []
        if self._stemmer is not None:
            tokens = [self._stem(t) if len(t) > 3 else t for t in tokens]
        joined = " ".join(tokens)
        out = self._sentences[text] = _CANNOT_PROTECTED.sub("cannot", joined) if compat else joined
        return out

    def whole(self, summary: str) -> List[str]:
        """The tokens of ``_preprocess_summary_as_a_whole`` (ROUGE-N)."""
        opts = self.options
        sentences = self.sentences(summary)
        if self.limit and opts.length_limit_type == "words":
            text = " ".join(" ".join(sentences).split()[: opts.length_limit])
        elif self.limit:
            text, used = "", 0
            for sentence in sentences:
                sentence = sentence.strip()
                if used + len(sentence) < opts.length_limit:
                    text += (" " if used != 0 else "") + sentence
                    used += len(sentence)
                else:
                    text += (" " if used > 0 else "") + sentence[: opts.length_limit - used]
                    break
        else:
            text = " ".join(sentences)
        return self.clean(text).split()

    def per_sentence(self, summary: str) -> List[List[str]]:
        """The tokens of each sentence of ``_preprocess_summary_per_sentence`` (ROUGE-L, ROUGE-W)."""
        opts = self.options
        sentences = self.sentences(summary)
        if self.limit:
            kept, used = [], 0
            for sentence in sentences:
                if opts.length_limit_type == "words":
                    words = sentence.strip().split()
                    if used + len(words) < opts.length_limit:
                        kept.append(" ".join(words))
                        used += len(words)
                    else:
                        kept.append(" ".join(words[: opts.length_limit - used]))
                        break
                else:
                    sentence = sentence.strip()
                    if used + len(sentence) < opts.length_limit:
                        kept.append(sentence)
                        used += len(sentence)
                    else:
                        kept.append(sentence[: opts.length_limit - used])
                        break
            sentences = kept
        return [self.clean(s).split() for s in sentences]


_DEFAULT: Dict[str, Preprocessor] = {}


def _default(stemming: bool) -> Preprocessor:
    key = "stem" if stemming else "plain"
    if key not in _DEFAULT:
        _DEFAULT[key] = Preprocessor(PyRougeOptions(stemming=stemming))
    return _DEFAULT[key]


def _alnum_words(text: str) -> List[str]:
    """nltk's Treebank word tokenizer on text of ``[a-z0-9_ ]`` (see :data:`_SPLIT_WORDS`)."""
    out: List[str] = []
    for word in text.split():
        parts = _SPLIT_WORDS.get(word)
        if parts is None:
            out.append(word)
        else:
            out.extend(parts)
    return out


def tokenize(text: str) -> List[str]:
    """The default preprocessing of a whole text, the stemmer off (truncation at 665 characters)."""
    return _default(False).whole(text)


def stem(word: str) -> str:
    """py-rouge's stemming of one token longer than 3 characters: its tables, else Porter (original)."""
    return _default(True)._stem(word)


def split_sentences(text: str) -> List[str]:
    return text.split("\n")


# -- scoring ---------------------------------------------------------------------------------------


def f_score(precision, recall, alpha: float):
    """``_compute_f_score``: 0 when P or R is 0, else P R / ((1 - alpha) P + alpha R)."""
    precision = np.asarray(precision, dtype=np.float64)
    recall = np.asarray(recall, dtype=np.float64)
    zero = (precision == 0.0) | (recall == 0.0)
    denominator = (1 - alpha) * precision + alpha * recall
    return np.where(zero, 0.0, precision * recall / np.where(zero, 1.0, denominator))


def prf(evaluated, reference, overlap, alpha: float, weight: float) -> Tuple[np.ndarray, ...]:
    """``_compute_p_r_f_score`` element by element (Python's ``**`` where the weight is not 1)."""
    evaluated = np.asarray(evaluated, dtype=np.float64)
    reference = np.asarray(reference, dtype=np.float64)
    overlap = np.asarray(overlap, dtype=np.float64)
    precision = np.divide(overlap, evaluated, out=np.zeros(len(overlap)), where=evaluated != 0)
    recall = np.divide(overlap, reference, out=np.zeros(len(overlap)), where=reference != 0)
    if weight != 1.0:
        precision = np.array([p ** (1.0 / weight) for p in precision.tolist()])
        recall = np.array([r ** (1.0 / weight) for r in recall.tolist()])
    return precision, recall, f_score(precision, recall, alpha)


class _Tokens:
    """The distinct texts' whole-text tokens (ROUGE-N) and sentences (ROUGE-L/W), as id rows."""

    def __init__(self, texts: Sequence[str], prep: Preprocessor, whole: bool, sentences: bool):
        vocab = Vocabulary()
        self.whole = pairwise.sequences(id_rows([prep.whole(t) for t in texts] if whole else [], vocab))
        groups = [prep.per_sentence(t) for t in texts] if sentences else [[] for _ in texts]
        self.sentence_lengths = [[len(s) for s in g] for g in groups]
        counts = np.array([len(g) for g in groups], dtype=np.int64)
        self.first = np.cumsum(counts) - counts
        self.count = counts
        self.units = pairwise.sequences(id_rows([s for g in groups for s in g], vocab))
        self.total = np.array([sum(lengths) for lengths in self.sentence_lengths], dtype=np.int64)


def _counts(tokens: _Tokens, al, metric: str, options: PyRougeOptions, cache: dict):
    """(evaluated count, reference count, overlap) per alignment, as ``_compute_ngrams`` or
    ``_compute_ngrams_lcs`` returns them."""
    if metric in ("rouge-l", "rouge-w"):
        weight = options.weight_factor if metric == "rouge-w" else 1.0
        table = None
        if weight != 1.0:
            longest = int(tokens.units.lengths.max(initial=0))
            table = np.array([float(k) ** weight for k in range(longest + 2)])
        union = pairwise.union_lcs(tokens.units, tokens.first[al.ref], tokens.count[al.ref], tokens.first[al.pred],
                                   tokens.count[al.pred], clip_model=False, weights=table)
        evaluated = tokens.total[al.pred].astype(np.float64)
        reference = tokens.total[al.ref].astype(np.float64)
        if weight != 1.0:
            evaluated = np.array([int(e) ** weight for e in evaluated.tolist()])
            ref_w = []
            for r in al.ref.tolist():
                total = 0
                for length in tokens.sentence_lengths[r]:
                    total += length ** weight
                ref_w.append(total ** weight)  # Perl quirk (kept by py-rouge): the sum is raised to w again
            reference = np.array(ref_w, dtype=np.float64)
        return evaluated, reference, union.hits
    n = int(metric.split("-")[1])
    bags = pairwise.gram_bags(tokens.whole, n, cache)
    raw = tokens.whole.lengths - (n - 1)  # len(tokens) - (n - 1): negative below n - 1 tokens
    return raw[al.pred], raw[al.ref], pairwise.gram_overlap(bags, al.pred, al.ref)


@dataclass(frozen=True)
class AlignmentCounts:
    """One metric's counts per (hypothesis, reference) alignment, and the metric's weight."""

    evaluated: np.ndarray
    reference: np.ndarray
    overlap: np.ndarray
    weight: float
    no_sentence: Optional[np.ndarray] = None  # ROUGE-L/W: the hypothesis or the reference has no sentence


def alignment_counts(predictions: Sequence[str], references: Sequence[Sequence[str]], metrics: Sequence[str],
                     options: PyRougeOptions, prep: Optional[Preprocessor] = None):
    """Per metric, :class:`AlignmentCounts` over every (hypothesis, reference), and the alignments."""
    ngram = any(m.split("-")[-1].isdigit() for m in metrics)
    lcs = any(m in ("rouge-l", "rouge-w") for m in metrics)
    if lcs and not math.isfinite(options.weight_factor):  # py-rouge's inf ** (1 / inf): 1.0 everywhere
        raise ValueError(f"weight_factor {options.weight_factor}: the py-rouge semantics takes a finite ROUGE-W "
                         "weight (py-rouge 1.1 scores every pair 1.0 at inf)")
    prep = prep or Preprocessor(options)
    al = align(predictions, references)
    tokens = _Tokens(al.texts, prep, ngram, lcs)
    cache: dict = {}
    out = {}
    for metric in metrics:
        try:
            evaluated, reference, overlap = _counts(tokens, al, metric, options, cache)
        except OverflowError:  # py-rouge 1.1 raises it too: its weighted lengths leave the doubles
            raise OverflowError(f"weight_factor {options.weight_factor}: py-rouge's {metric} raises sentence lengths "
                                "to this power twice, past the largest float (py-rouge 1.1 raises OverflowError "
                                "too): give a smaller weight") from None
        weight = 1.0 if metric.split("-")[-1].isdigit() else options.weight_factor
        no_sentence = None
        if metric in ("rouge-l", "rouge-w"):
            no_sentence = (tokens.count[al.pred] == 0) | (tokens.count[al.ref] == 0)
        out[metric] = AlignmentCounts(evaluated, reference, np.asarray(overlap, dtype=np.float64), weight,
                                      no_sentence)
    return out, al


def _sequential_totals(values: np.ndarray, pair: np.ndarray, n_pairs: int) -> np.ndarray:
    """Per pair, its alignments' values added in order from 0."""
    from ..metrics.lcs import sequential_sums

    return sequential_sums(np.asarray(values, dtype=np.float64), pair, n_pairs)


# py-rouge's _compute_ngrams_lcs on a text without sentences: nltk's punkt (ensure_compatibility=False)
# finds none in an empty or blank text
_NO_SENTENCE = "Collections must contain at least 1 sentence."


def _flags(no_sentence: Optional[np.ndarray], n: int) -> List[bool]:
    return no_sentence.tolist() if no_sentence is not None else [False] * n


def _weighted_recall(overlap: float, reference: float, w: float, no_sentence: bool = False) -> float:
    """apply_best's ROUGE-W key, alignment by alignment as py-rouge meets them: a text without
    sentences is its ValueError, an empty reference its ZeroDivisionError, whichever comes first."""
    if no_sentence:
        raise ValueError(_NO_SENTENCE)
    return (overlap / (reference ** (1.0 / w))) ** (1.0 / w)


def combine(counts: AlignmentCounts, al, policy: str, alpha: float, metric: str) -> PairScores:
    """One value per pair: ``"avg"`` (counts summed over its references, then P, R, F) or ``"best"``
    (the first reference with the largest recall; ROUGE-W's weighted recall)."""
    if counts.no_sentence is not None and counts.no_sentence.any() and (policy, metric) != ("best", "rouge-w"):
        raise ValueError(_NO_SENTENCE)  # rouge-w under apply_best: checked alignment by alignment below
    if policy == "avg":
        e, r, o = (_sequential_totals(x, al.pair, al.n_pairs)
                   for x in (counts.evaluated, counts.reference, counts.overlap))
        p, rc, f = prf(e, r, o, alpha, counts.weight)
        return PairScores(p, rc, f, o, r, e)
    p, rc, f = prf(counts.evaluated, counts.reference, counts.overlap, alpha, counts.weight)
    key = rc
    if metric == "rouge-w":  # its weighted recall, in Python floats (an empty reference divides by zero there)
        w = counts.weight
        flags = _flags(counts.no_sentence, len(counts.overlap))
        key = np.array([_weighted_recall(o, r, w, empty) for o, r, empty in
                        zip(counts.overlap.tolist(), counts.reference.tolist(), flags)])
    chosen = first_best(key, al.pair, al.n_pairs)
    return PairScores(p[chosen], rc[chosen], f[chosen], counts.overlap[chosen], counts.reference[chosen],
                      counts.evaluated[chosen])


def check_metrics(metrics: Sequence[str]) -> List[str]:
    out = list(metrics)
    for m in out:
        if not (m in ("rouge-l", "rouge-w") or (m.startswith("rouge-") and m[6:].isdigit() and int(m[6:]) > 0)):
            raise ValueError("Unknown metric '{}'".format(m))
    return out


def score_pairs(predictions: Sequence[str], references: Sequence[Sequence[str]],
                metrics: Sequence[str] = ("rouge-1", "rouge-2", "rouge-l"), multi_reference: str = "avg",
                **options) -> Dict[str, PairScores]:
    """Per metric (``rouge-N``, ``rouge-l``, ``rouge-w``), each pair's P, R, F as py-rouge computes them
    before averaging (``multi_reference``: ``"avg"`` = ``apply_avg``, ``"best"`` = ``apply_best``);
    ``options``: the fields of :class:`PyRougeOptions`."""
    metrics = check_metrics(metrics)
    if multi_reference not in ("avg", "best"):
        raise ValueError("multi_reference must be 'avg' (py-rouge's apply_avg) or 'best' (apply_best)")
    opts = PyRougeOptions(**options)
    counts, al = alignment_counts(predictions, references, metrics, opts)
    return {m: combine(counts[m], al, multi_reference, opts.alpha, m) for m in metrics}


def aggregate(values: PairScores) -> Tuple[float, float, float]:
    """The corpus (P, R, F): the per-pair values added in order, divided by their number if above 1."""
    out = []
    for column in (values.precision, values.recall, values.fmeasure):
        total = float(np.cumsum(np.asarray(column, dtype=np.float64))[-1]) if len(column) else 0.0
        out.append(total / len(column) if len(column) > 1 else total)
    return out[0], out[1], out[2]


class PyRougeTokenizer(TokenizerPart):
    """The audit's py-rouge tokenizer: its preprocessing without its stemmer and without a length limit; its
    lines are its own sentences."""

    def __init__(self):
        self._prep: Optional[Preprocessor] = None
        super().__init__(lambda piece: self.prep().clean(piece).split())

    def prep(self) -> Preprocessor:
        if self._prep is None:
            self._prep = Preprocessor(PyRougeOptions(stemming=False, limit_length=False))
        return self._prep

    def whole(self, text: str) -> List[str]:
        return self.prep().whole(text)

    def sentences(self, text: str, split) -> List[List[str]]:
        if split is split_lines:
            return self.prep().per_sentence(text)
        return super().sentences(text, split)


def _f_half(precision, recall) -> np.ndarray:
    return f_score(precision, recall, 0.5)


def _audit_prf(hits, ref_count, pred_count):
    return prf(pred_count, ref_count, hits, 0.5, 1.0)


class PyRouge(Semantics):
    name = NAME
    reproduces = "py-rouge 1.1 (Diego999/py-rouge)"
    naming = Naming(tuple(f"rouge-{n}" for n in range(1, 10)) + ("rouge-l", "rouge-w"), "rouge-{n}", "rouge-l",
                    weighted="rouge-w")
    tokenizer = Rule("treebank-alnum", "lower-case, [^A-Za-z0-9] -> space, nltk Treebank words (gonna -> gon na); "
                     "texts cut at 665 characters by default")
    stemmer = Rule("porter-original+wordnet", "WordNet 2.0 exceptions and 138 fixed stems, else nltk "
                   "PorterStemmer('ORIGINAL_ALGORITHM'), on tokens longer than 3 characters")
    sentence_splitter = Rule("lines", "the text's lines (ensure_compatibility=False: nltk punkt)")
    f_measure = Rule("alpha-unrounded", "F = PR / ((1 - alpha) P + alpha R); ROUGE-L's clip ignores the "
                     "reference's count")
    multi_reference = Rule("sum-counts", "apply_avg: counts summed over references (apply_best: best recall)")
    aggregation = Rule("mean", "arithmetic mean, summed in order")
    counterparts = frozenset(("stem", "alpha", "weight", "word_limit", "byte_limit"))
    policies = {"A": "avg", "B": "best"}
    audit_notes = ("no length limit (its default cuts texts at 665 characters; the Perl flags set none)",)
    language_advice = ("py-rouge keeps only A-Z, a-z and 0-9: score such text with rouge155 --language LANG (the "
                       "Perl's semantics with tokens of the language)")
    f_score = staticmethod(_f_half)

    def doctor_tokenizer(self, options) -> Callable[[str], List[str]]:  # noqa: ARG002 - the record's interface
        """Its preprocessing without stemmer and length limit (the audit's tokenizer part)."""
        return PyRougeTokenizer().tokens

    def own_options(self, setup: Setup) -> Dict[str, object]:
        limit = setup.word_limit if setup.word_limit is not None else setup.byte_limit
        return {"multi_reference": setup.policy, "stemming": setup.stem, "alpha": setup.alpha,
                "weight_factor": setup.weight if setup.weight is not None else 1.0,
                "limit_length": limit is not None, "length_limit": limit if limit is not None else 665,
                "length_limit_type": "words" if setup.word_limit is not None else "bytes"}

    def uses_nltk(self, setup: Setup) -> bool:  # noqa: ARG002 - the record's interface
        return True  # nltk's Treebank rules make its tokens, stemming or not

    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:
        return {"tokenizer": NAME, "stemmer": NAME if stem else "none", "sentence_splitter": "lines",
                "f_measure": NAME, "multi_reference": "best-recall" if letter == "B" else "sum-counts",
                "aggregation": "mean"}

    def parts(self) -> Dict[str, Dict[str, Part]]:
        return {"tokenizer": {NAME: Part(PyRougeTokenizer(), self.tokenizer.description)},
                "stemmer": {NAME: Part(stem, self.stemmer.description)},
                "f_measure": {NAME: Part(FPart(_audit_prf, length_minus=True, clip_model=False),
                                         self.f_measure.description)}}


SEMANTICS = PyRouge()

__all__ = ["SEMANTICS", "PyRougeOptions", "Preprocessor", "score_pairs", "alignment_counts", "combine", "prf",
           "aggregate", "check_metrics", "LENGTH_LIMIT_TYPES"]
