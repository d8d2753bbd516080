"""rouge-score 0.1.2's ROUGE (Google Research; under Hugging Face ``evaluate``'s ``rouge``), float for float.

Rules (each differs from ROUGE-1.5.5.pl, see docs/semantics.md):

* tokenizer: lower-case, every run of characters outside ``[a-z0-9]`` is a separator (so non-ASCII
  letters, hyphens and apostrophes split words and vanish); a custom ``tokenizer`` object's
  ``tokenize`` replaces it;
* stemmer: nltk's ``PorterStemmer()`` (NLTK_EXTENSIONS) on tokens longer than 3 characters;
* sentences (rougeLsum): the text's lines (``split_summaries``: nltk's punkt);
* rougeN: clipped n-gram overlap, P = hits / max(prediction grams, 1), R = hits / max(reference grams, 1);
  rougeL: LCS of the whole token lists; rougeLsum: union LCS per reference line, clipped by unigram
  counts; no rounding;
* F = 2PR / (P + R);
* several references (``score_multi``): the reference with the largest F, the first on ties;
* aggregation (``BootstrapAggregator``): 1,000 resamples drawn with ``np.random.choice`` from numpy's
  global state, the 2.5th / 50th / 97.5th percentiles of the resample means (``mid`` is a median).

The batch path tokenizes each distinct text once, with one regular-expression pass over all of them,
and scores every (prediction, reference) alignment at once with :mod:`rouge155.metrics.pairwise`.
"""
from __future__ import annotations

import contextlib
import re
from typing import Any, Callable, Dict, Iterator, List, Sequence, Tuple

import numpy as np

from ..engine.calls import TEXT_LCS, UNION_LCS, Values, count_tokens, side_counts
from ..engine.pairs import PairScores
from ..metrics import pairwise
from ..metrics.names import Naming
from . import alnum, compiled
from .base import (Alignments, MissingDependency, Rule, Vocabulary, align, first_best, harmonic_f, id_rows, memo_stem,
                   porter_stemmer, punkt_sentences, ratios)
from .parts import Context, FPart, Part, TokenizerPart
from .record import Semantics
from .setup import DEFAULT_SEED, CorpusScore, Setup, call_setup

NAME = "rouge-score"
TYPES = tuple(f"rouge{n}" for n in range(1, 10)) + ("rougeL", "rougeLsum")
_NGRAM_TYPE = re.compile(r"rouge[0-9]$")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")
_VALID = re.compile(r"^[a-z0-9]+$")
_STEMS: Dict[str, str] = {}


def check_type(rouge_type) -> None:
    """rouge-score's check, made where it makes it (at scoring time): ValueError for an unknown type."""
    if rouge_type in ("rougeL", "rougeLsum"):
        return
    if isinstance(rouge_type, str) and _NGRAM_TYPE.match(rouge_type):
        if int(rouge_type[5:]) <= 0:
            raise ValueError("rougen requires positive n: %s" % rouge_type)
        return
    raise ValueError("Invalid rouge type: %s" % rouge_type)


def stemmer_function():
    """nltk's Porter stemmer as rouge-score makes it (``PorterStemmer()``), remembered per word."""
    return memo_stem(porter_stemmer("NLTK_EXTENSIONS", "rouge-score's use_stemmer"), _STEMS)


def stem(word: str) -> str:
    """nltk's ``PorterStemmer()`` as rouge-score applies it (to tokens longer than 3 characters)."""
    return stemmer_function()(word)


def tokenize(text, stem=None) -> List[str]:
    """rouge-score's ``tokenize.tokenize``: bytes are lower-cased as bytes (ASCII only) and then
    decoded, as ``six.ensure_str`` does there."""
    text = text.lower()
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    tokens = _SPACES.split(_NON_ALNUM.sub(" ", text))
    if stem is not None:
        tokens = [stem(x) if len(x) > 3 else x for x in tokens]
    return [x for x in tokens if _VALID.match(x)]


class DefaultTokenizer:
    """rouge-score's ``tokenizers.DefaultTokenizer`` (an object with ``tokenize``)."""

    def __init__(self, use_stemmer: bool = False):
        self._stem = stemmer_function() if use_stemmer else None

    def tokenize(self, text) -> List[str]:
        return tokenize(text, self._stem)


def line_sentences(text) -> List[str]:
    """rougeLsum's sentences without ``split_summaries``: the non-empty lines."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return [x for x in text.split("\n") if len(x)]


def _sentences(text, split_summaries: bool) -> List[str]:
    if split_summaries:
        return [x for x in punkt_sentences("rouge-score's split_summaries")(text) if len(x)]
    return line_sentences(text)


# -- tokenization of a whole batch -------------------------------------------------------------------


class Tokens:
    """The token ids of a batch's distinct texts: ``whole`` (one row per text), and ``units`` (one row
    per sentence) with each text's first unit and unit count."""

    def __init__(self, whole, units, first_unit, unit_count):
        self.whole, self.units, self.first_unit, self.unit_count = whole, units, first_unit, unit_count


def _rows(strings: List[str], vocab: Vocabulary, stem) -> pairwise.Sequences:
    return alnum.rows(strings, vocab, stem, _VALID.match)  # rouge-score drops a stem that is not [a-z0-9]+


def _tokens_fast(texts: List[str], need_whole: bool, need_units: bool, split_summaries: bool,
                 stem) -> Tokens:
    vocab = Vocabulary({alnum.BREAK_TOKEN: -1})
    empty = pairwise.from_flat(np.zeros(0, dtype=np.int64), np.zeros(len(texts), dtype=np.int64))
    if need_units and not split_summaries:
        # the lines, tokenized once: a text's tokens are its lines' tokens in order
        return line_tokens(texts, lambda lines: _rows(lines, vocab, stem), need_whole)
    whole = _rows(texts, vocab, stem) if need_whole else empty
    if not need_units:
        return Tokens(whole, empty, np.zeros(len(texts), dtype=np.int64), np.zeros(len(texts), dtype=np.int64))
    sents = [_sentences(t, True) for t in texts]
    counts = np.array([len(s) for s in sents], dtype=np.int64)
    units = _rows([s for group in sents for s in group], vocab, stem)
    return Tokens(whole, units, np.cumsum(counts) - counts, counts)


def line_tokens(texts: List[str], line_rows: Callable[[List[str]], pairwise.Sequences], need_whole: bool) -> Tokens:
    """Tokens from one row of ids per line (``line_rows(lines)``, all lines of all texts in order): the
    units are the lines (an empty line is an empty unit, which changes no count), and a text's tokens
    are its lines' tokens in order (a line break separates tokens in every tokenizer that takes this)."""
    lines_of = [t.split("\n") for t in texts]
    counts = np.array([len(lines) for lines in lines_of], dtype=np.int64)
    units = line_rows([line for lines in lines_of for line in lines])
    per_text = np.add.reduceat(units.lengths, np.cumsum(counts) - counts) if len(texts) else counts
    whole = pairwise.from_flat(units.ids, per_text) if need_whole else \
        pairwise.from_flat(np.zeros(0, dtype=np.int64), np.zeros(len(texts), dtype=np.int64))
    return Tokens(whole, units, np.cumsum(counts) - counts, counts)


def _tokens_generic(texts: List[object], tokenize_one, need_whole: bool, need_units: bool,
                    split_summaries: bool) -> Tokens:
    """Any tokenizer (a custom one, or bytes texts): called on each distinct text and sentence once."""
    vocab = Vocabulary()
    memo: Dict[object, List[str]] = {}

    def tokens_of(text):
        out = memo.get(text)
        if out is None:
            out = memo[text] = tokenize_one(text)
        return out

    whole_rows = [tokens_of(t) for t in texts] if need_whole else [[] for _ in texts]
    whole = pairwise.sequences(id_rows(whole_rows, vocab))
    sents = [_sentences(t, split_summaries) for t in texts] if need_units else [[] for _ in texts]
    counts = np.array([len(s) for s in sents], dtype=np.int64)
    units = pairwise.sequences(id_rows([tokens_of(s) for group in sents for s in group], vocab))
    return Tokens(whole, units, np.cumsum(counts) - counts, counts)


def batch_tokens(texts: List[Any], rouge_types: Sequence[str], use_stemmer: bool, split_summaries: bool,
                 tokenizer=None) -> Tokens:
    """Token ids of the distinct texts for the types asked (whole texts and/or sentences)."""
    need_units = "rougeLsum" in rouge_types
    need_whole = any(t != "rougeLsum" for t in rouge_types)
    if tokenizer is None and alnum.fits(texts):
        stem = stemmer_function() if use_stemmer else None
        return _tokens_fast(texts, need_whole, need_units, split_summaries, stem)
    line_rows = getattr(tokenizer, "line_rows", None)  # a tokenizer of rouge155's that takes all lines at once
    if line_rows is not None and not split_summaries and all(type(t) is str for t in texts):
        return line_tokens(texts, line_rows, need_whole)
    tokenize_one = tokenizer.tokenize if tokenizer is not None else DefaultTokenizer(use_stemmer).tokenize
    return _tokens_generic(texts, tokenize_one, need_whole, need_units, split_summaries)


# -- scoring ---------------------------------------------------------------------------------------


def prf(hits, target_count, pred_count) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """P, R, F from counts: P = hits / max(prediction count, 1), R likewise (0 where either is 0)."""
    precision = ratios(hits, np.maximum(pred_count, 1))
    recall = ratios(hits, np.maximum(target_count, 1))
    return precision, recall, harmonic_f(precision, recall)


def _values(hits, target_count, pred_count) -> PairScores:
    return PairScores(*prf(hits, target_count, pred_count), np.asarray(hits, dtype=np.float64),
                      np.asarray(target_count, dtype=np.float64), np.asarray(pred_count, dtype=np.float64))


def alignment_scores(tokens: Tokens, al: Alignments, rouge_types: Sequence[str]) -> Dict[str, PairScores]:
    """Per rouge type, P/R/F of every (prediction, reference) alignment (the reference is the target)."""
    out: Dict[str, PairScores] = {}
    cache: dict = {}
    for rouge_type in dict.fromkeys(rouge_types):
        if rouge_type == "rougeL":
            hits = pairwise.lcs_lengths(tokens.whole, al.ref, al.pred)
            out[rouge_type] = _values(hits, tokens.whole.lengths[al.ref], tokens.whole.lengths[al.pred])
        elif rouge_type == "rougeLsum":
            union = pairwise.union_lcs(tokens.units, tokens.first_unit[al.ref], tokens.unit_count[al.ref],
                                       tokens.first_unit[al.pred], tokens.unit_count[al.pred])
            text_len = np.zeros(len(tokens.first_unit), dtype=np.int64)
            if len(tokens.units.lengths):
                owner = np.repeat(np.arange(len(text_len)), tokens.unit_count)
                text_len = np.bincount(owner, weights=tokens.units.lengths, minlength=len(text_len)).astype(np.int64)
            out[rouge_type] = _values(union.hits, text_len[al.ref], text_len[al.pred])
        else:
            bags = pairwise.gram_bags(tokens.whole, int(rouge_type[5:]), cache)
            hits = pairwise.gram_overlap(bags, al.ref, al.pred)
            out[rouge_type] = _values(hits, bags.totals[al.ref], bags.totals[al.pred])
    return out


def kind_of(rouge_type: str) -> int:
    """A type's kernel code (:mod:`rouge155.engine.calls`)."""
    if rouge_type == "rougeL":
        return TEXT_LCS
    return UNION_LCS if rouge_type == "rougeLsum" else int(rouge_type[5:])


def _resolver(use_stemmer: bool):
    stem = stemmer_function() if use_stemmer else None
    return compiled.token_resolver(stem, _VALID.match)


def compiled_alignment_scores(al: Alignments, rouge_types: Sequence[str], use_stemmer: bool) -> Dict[str, PairScores]:
    """``alignment_scores`` through the compiled kernels (:mod:`rouge155.engine.calls`): the same numbers."""
    texts = compiled.alnum_texts(al.texts, (NAME, use_stemmer), lambda: _resolver(use_stemmer))
    types = list(dict.fromkeys(rouge_types))
    kinds = np.array([kind_of(t) for t in types], dtype=np.int64)
    hits, lengths = count_tokens(kinds, texts, al.ref, al.pred)
    return {t: _kind_values(int(kind), hits[:, m], lengths, al.ref, al.pred)
            for m, (t, kind) in enumerate(zip(types, kinds))}


def _kind_values(kind: int, hits, lengths, pair_ref, pair_pred) -> PairScores:
    counts = side_counts(kind, lengths)
    return _values(hits, counts[pair_ref], counts[pair_pred])


def call_value(kind: int, hits: Sequence[int], lengths: Sequence[int]) -> Values:
    """One prediction (``lengths[0]``) against its references (``hits[r]``, ``lengths[1 + r]``): each
    reference's P, R, F as :func:`prf` computes them (the same operations on the same doubles), the
    first with the largest F (``score_multi``)."""
    pred = lengths[0]
    pred_count = max(pred - kind + 1, 0) if kind > 0 else pred
    best: Values = (0.0, 0.0, -1.0, 0.0, 0.0, 0.0)
    for r, hit in enumerate(hits):
        ref = lengths[1 + r]
        ref_count = max(ref - kind + 1, 0) if kind > 0 else ref
        precision = hit / max(pred_count, 1)
        recall = hit / max(ref_count, 1)
        f = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
        if f > best[2]:
            best = (precision, recall, f, float(hit), float(ref_count), float(pred_count))
    return best


def _harmonic_block():
    """``call_value`` and ``prf`` over a whole call's counts, compiled (one dispatch a call)."""
    from ..metrics.jit_calls import harmonic_best

    return harmonic_best


def _call_batch_values(_name: str, kind: int, hits, lengths, pair_ref, pair_pred, pair_owner, n: int) -> PairScores:
    values = _kind_values(kind, hits, lengths, pair_ref, pair_pred)
    return values.pick(first_best(values.fmeasure, pair_owner, n))


def counted_scores(counted: compiled.CountedTexts, al: Alignments, rouge_types: Sequence[str]) -> Dict[str, PairScores]:
    """Per rouge type, P/R/F of every alignment from the compiled kernels' counts (lines as units)."""
    lengths = counted.lengths
    out: Dict[str, PairScores] = {}
    for rouge_type in dict.fromkeys(rouge_types):
        if rouge_type == "rougeL":
            out[rouge_type] = _values(counted.lcs(al.pred, al.ref), lengths[al.ref], lengths[al.pred])
        elif rouge_type == "rougeLsum":
            out[rouge_type] = _values(counted.union_lcs(al.pred, al.ref), lengths[al.ref], lengths[al.pred])
        else:
            hits, totals = counted.ngrams(int(rouge_type[5:]), al.pred, al.ref)
            out[rouge_type] = _values(hits, totals[al.ref], totals[al.pred])
    return out


def line_counted(texts: List[str], line_rows) -> compiled.CountedTexts:
    """The compiled kernels' texts from a tokenizer that takes all lines at once (``line_rows``)."""
    tokens = line_tokens(texts, lambda lines: line_rows(lines, compiled=True), True)
    return compiled.CountedTexts(compiled.token_texts(tokens.units.ids, tokens.units.lengths, tokens.whole.lengths,
                                                      tokens.unit_count))


def score_pairs(predictions: Sequence, references: Sequence[Sequence],
                metrics: Sequence[str] = ("rouge1", "rouge2", "rougeL"),
                use_stemmer: bool = False, split_summaries: bool = False, tokenizer=None,
                multi_reference: str = "best") -> Dict[str, PairScores]:
    """Per rouge type, each pair's Score as ``RougeScorer.score`` (one reference) or ``score_multi``
    (several: the first with the largest F, per type) gives it. ``references[i]`` is a list of texts."""
    for t in metrics:
        check_type(t)
    if multi_reference != "best":
        raise ValueError("rouge-score keeps the reference with the best F (multi_reference='best'); "
                         "it has no average over references")
    if any(len(r) == 0 for r in references):
        raise ValueError("attempt to get argmax of an empty sequence (a prediction without references)")
    al = align(predictions, references)
    fast = not split_summaries and compiled.usable(al.texts, len(al.pred))
    line_rows = getattr(tokenizer, "line_rows", None)  # a tokenizer of rouge155's that takes all lines at once
    if tokenizer is None and fast:
        per_alignment = compiled_alignment_scores(al, metrics, use_stemmer)
    elif line_rows is not None and fast:
        per_alignment = counted_scores(line_counted(al.texts, line_rows), al, metrics)
    else:
        tokens = batch_tokens(al.texts, metrics, use_stemmer, split_summaries, tokenizer)
        per_alignment = alignment_scores(tokens, al, metrics)
    out = {}
    for rouge_type, values in per_alignment.items():
        chosen = first_best(values.fmeasure, al.pair, al.n_pairs)
        out[rouge_type] = values.pick(chosen)
    return {t: out[t] for t in metrics}


# -- BootstrapAggregator ---------------------------------------------------------------------------


def bootstrap_resample(matrix: np.ndarray, n_samples: int, confidence_interval: float) -> np.ndarray:
    """rouge-score's ``_bootstrap_resample``: the same draws from numpy's global random state, in the
    same order, the same means and percentiles. Returns (low, mid, high) x measure."""
    sample_mean = np.zeros((n_samples, matrix.shape[1]))
    population = np.arange(matrix.shape[0])
    for i in range(n_samples):
        sample_idx = np.random.choice(population, size=matrix.shape[0])
        sample_mean[i, :] = np.mean(matrix[sample_idx, :], axis=0)
    percentile_delta = (1 - confidence_interval) / 2
    q = 100 * np.array([percentile_delta, 0.5, 1 - percentile_delta])
    return np.percentile(sample_mean, q, axis=0)


def aggregate(values: PairScores, n_samples: int = 1000,
              confidence_interval: float = 0.95) -> Tuple[float, float, float]:
    """The corpus (P, R, F) as rouge-score's ``BootstrapAggregator`` reports it (``mid``: the median of
    the resample means), drawing from numpy's global random state as it does."""
    matrix = np.stack([values.precision, values.recall, values.fmeasure], axis=1)  # its (sample, measure) layout
    mid = bootstrap_resample(matrix, n_samples, confidence_interval)[1]
    return float(mid[0]), float(mid[1]), float(mid[2])


@contextlib.contextmanager
def numpy_seeded(seed: int) -> Iterator[None]:
    """numpy's global random state seeded with ``seed``, restored afterwards."""
    state = np.random.get_state()
    np.random.seed(seed)
    try:
        yield
    finally:
        np.random.set_state(state)


def seeded_corpus(values: Dict[str, PairScores], n_samples: int = 1000, confidence_interval: float = 0.95,
                  seed: int = DEFAULT_SEED, skip: int = 0) -> Dict[str, CorpusScore]:
    """``BootstrapAggregator().aggregate()`` after ``np.random.seed(seed)``: the types in order, each
    drawing its resamples after the previous ones'; ``skip``: the number of types drawn before the
    first of ``values`` (to aggregate one type of a longer list alone). numpy's state is restored."""
    out = {}
    with numpy_seeded(seed):
        if values and skip:
            population = np.arange(len(next(iter(values.values())).fmeasure))
            for _ in range(skip * n_samples):  # the draws of the types aggregated before
                np.random.choice(population, size=len(population))
        for metric, v in values.items():
            matrix = np.stack([v.precision, v.recall, v.fmeasure], axis=1)
            low, mid, high = bootstrap_resample(matrix, n_samples, confidence_interval)
            triple = lambda x: (float(x[0]), float(x[1]), float(x[2]))  # noqa: E731
            out[metric] = CorpusScore(*triple(mid), triple(low), triple(high))
    return out


def _aggregate_part(values: PairScores, context: Context) -> CorpusScore:
    return seeded_corpus({"": values}, seed=context.seed, skip=context.position)[""]


class RougeScore(Semantics):
    name = NAME
    reproduces = "rouge-score 0.1.2 (google-research/rouge; Hugging Face evaluate's rouge)"
    naming = Naming(TYPES, "rouge{n}", "rougeLsum", text_lcs="rougeL", max_n=9)
    tokenizer = Rule("rouge-score", "lower-case; runs of [^a-z0-9] separate tokens (non-ASCII letters, hyphens, "
                     "apostrophes split and vanish)")
    stemmer = Rule("nltk-porter", "nltk PorterStemmer (NLTK_EXTENSIONS) on tokens longer than 3 characters, "
                   "no WordNet exceptions")
    sentence_splitter = Rule("lines", "rougeLsum: the text's non-empty lines (split_summaries: nltk punkt)")
    f_measure = Rule("harmonic-unrounded", "F = 2PR / (P + R), P = hits / max(count, 1); nothing rounded")
    multi_reference = Rule("best-f", "score_multi: the reference with the largest F per type, the first on ties")
    aggregation = Rule("bootstrap-median", "1,000 np.random resamples, mid = median of the resample means")
    counterparts = frozenset(("stem", "bootstrap", "seed"))
    policies = {"B": "best"}
    policy_descriptions = {"best": "its best F (score_multi)"}
    split_sentences = staticmethod(line_sentences)

    language_advice = ("rouge-score keeps only a-z and 0-9: give RougeScorer a tokenizer for the language, or "
                       "score such text with rouge155 --language LANG (the Perl's semantics with tokens of the "
                       "language)")

    def own_options(self, setup: Setup) -> Dict[str, object]:
        return {"use_stemmer": setup.stem, "multi_reference": setup.policy}

    def settings(self, setup: Setup) -> Dict[str, object]:
        return {"metrics": list(setup.metrics), **self.own_options(setup), "aggregation": "bootstrap",
                "n_samples": setup.n_samples, "confidence_interval": setup.confidence / 100, "seed": setup.seed,
                **self.fixed_settings()}

    def corpus(self, values: Dict[str, PairScores], setup: Setup, keys: Sequence[str]) -> Dict[str, CorpusScore]:  # noqa: ARG002 - the record's interface
        return seeded_corpus(values, setup.n_samples, setup.confidence / 100, setup.seed)

    def call_scorer(self, metrics, **options):
        """The compiled per-call path (:mod:`rouge155.engine.calls`) where numba is installed."""
        from . import calls

        _setup, names = call_setup(self, metrics, options["stem"], options["remove_stopwords"],
                                   options["multi_reference"], options["alpha"], options["word_limit"],
                                   options["byte_limit"], [], options.get("language"))
        fallback = calls.Generic(self.plain_scores, metrics, options)  # each call without numba
        stem = bool(options["stem"])
        vocabulary = lambda: compiled.alnum_vocabulary((NAME, stem), lambda: _resolver(stem))  # noqa: E731
        as_bytes = compiled.alnum_bytes if stem else compiled.alnum_bytes_any_case  # (stemming reads the raw bytes)
        encode = lambda text: as_bytes(text) if type(text) is str else None  # noqa: E731  (bytes: numpy path)
        return calls.Compiled(list(names), [kind_of(own) for own in names.values()], vocabulary, encode, call_value,
                              fallback, _call_batch_values, several=options["multi_reference"] in self.policies,
                              local=not stem,  # (its tokens are the runs of [a-z0-9]: all count, as they are)
                              block=_harmonic_block)



    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:  # noqa: ARG002 - the record's interface
        return {"tokenizer": NAME, "stemmer": "nltk-porter" if stem else "none", "sentence_splitter": "lines",
                "f_measure": NAME, "multi_reference": "best-f", "aggregation": "bootstrap-median"}

    def parts(self) -> Dict[str, Dict[str, Part]]:
        return {"tokenizer": {NAME: Part(TokenizerPart(tokenize, _VALID.match), self.tokenizer.description)},
                "stemmer": {"nltk-porter": Part(stem, self.stemmer.description)},
                "f_measure": {NAME: Part(FPart(prf), self.f_measure.description)},
                "aggregation": {"bootstrap-median": Part(_aggregate_part, self.aggregation.description)}}


SEMANTICS = RougeScore()

__all__ = ["SEMANTICS", "score_pairs", "bootstrap_resample", "seeded_corpus", "tokenize", "DefaultTokenizer",
           "check_type", "MissingDependency"]
