"""ROUGE-1.5.5.pl's own record: the default everywhere, byte for byte.

Its numbers are the engine's (:mod:`rouge155.engine.pairs`, which has no branch for any other
implementation); this record only describes them rule by rule, maps rouge155's options onto the
Perl flags, aggregates as the script does (the mean of its seeded bootstrap's resample means) and
gives the audit the Perl's parts.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..base.options import Options
from ..base.perl import r5_many
from ..engine.aggregate import average_many, perl_order
from ..engine.calls import LocalVocabulary, covered, perl_block, perl_rows, perl_value, spec_kind
from ..engine.pairs import VOCABULARY_LIMIT, PairScores, pair_options, pair_scores, pair_texts, vocabulary
from ..engine.plan import metric_plan
from ..metrics.formulas import f_measure_many
from ..metrics.names import Wanted, parse_metrics, perl_naming
from .base import Rule, ratios
from .parts import Context, FPart, Part, TokenizerPart
from .record import Semantics
from .setup import CorpusScore, Setup

NAME = "perl"


def bootstrap(values: np.ndarray, n_samples: int = 1000, confidence_percent: float = 95.0,
              keys: Optional[Sequence[str]] = None):
    """The Perl's averages (``Averages``: mean, low, high, each (R, P, F)) of an (n, 3) table of
    per-instance (R, P, F); ``keys``: the instances' names, whose string order is the order the
    Perl's bootstrap takes them in (default: 1..n, the evaluations of ``score_pairs``)."""
    keys = list(keys) if keys is not None else [str(i) for i in range(1, len(values) + 1)]
    table = values[perl_order(keys)] if len(values) else values.reshape(0, 3)
    return average_many([table], None, n_samples, confidence_percent, 0.5)[0]


def perl_corpus(values: PairScores, keys: Sequence[str], resamples: int = 1000,
                confidence: float = 95.0) -> CorpusScore:
    """The Perl's averages (its seeded bootstrap, instances in the order of ``keys`` as strings), as its
    report prints them (rounded to 5 places)."""
    table = np.stack([values.recall, values.precision, values.fmeasure], axis=1).astype(np.float64)
    averages = bootstrap(table, resamples, confidence, keys)
    (r, p, f), (rl, pl, fl), (rh, ph, fh) = averages.mean, averages.low, averages.high
    return CorpusScore(p, r, f, (pl, rl, fl), (ph, rh, fh))


def score_pairs(predictions, references, metrics=("ROUGE-1", "ROUGE-2", "ROUGE-L"), stem: bool = False,
                remove_stopwords: bool = False, multi_reference: str = "A", alpha: float = 0.5,
                word_limit=None, byte_limit=None, data_dir=None, dask=None) -> Dict[str, PairScores]:
    """``rouge155.score_pairs``' numbers (without its signature)."""
    wanted = parse_metrics(metrics)
    options = pair_options(wanted, stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit)
    peers, models = pair_texts(predictions, references)
    return pair_scores(peers, models, wanted, options, data_dir, dask)


@lru_cache(maxsize=64)
def _resolved(metrics: Tuple[str, ...], *flags) -> Tuple[Wanted, Options]:
    wanted = parse_metrics(list(metrics))
    return wanted, pair_options(wanted, *flags)


def resolved(metrics, stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit) -> Tuple[Wanted, Options]:
    """The metrics asked and the Perl flags of a ``score_pairs`` call, resolved once per setting (an
    OptionError for what the Perl has not)."""
    names = (metrics,) if isinstance(metrics, str) else tuple(metrics)
    flags = (stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit)
    try:
        return _resolved(names, *flags)
    except TypeError:  # a value that cannot be a key: resolved (and refused) uncached
        wanted = parse_metrics(list(names))
        return wanted, pair_options(wanted, *flags)


def spl_bytes(text) -> Optional[bytes]:
    """A text as the engines read it (a str as UTF-8, bytes as they are); None for anything else."""
    if type(text) is str:
        return text.encode("utf-8")
    return bytes(text) if isinstance(text, (bytes, bytearray, memoryview)) else None


def aggregate(values: PairScores) -> Tuple[float, float, float]:
    """The Perl's averages (P, R, F): the mean of its 1,000 seeded resample means (``-r 1000``)."""
    table = np.stack([values.recall, values.precision, values.fmeasure], axis=1)
    r, p, f = bootstrap(table).mean
    return float(p), float(r), float(f)


_TOKENS: list = []


def tokenize(text) -> list:
    """The script's tokens (no stemming, no stopwords): ASCII lower-case, hyphens split off, all but
    ``[a-z0-9-]`` blanked, tokens that start with ``[a-z0-9$]``."""
    from ..text.readers import clean
    from ..text.tokens import Tokenizer

    if not _TOKENS:
        _TOKENS.append(Tokenizer(None, lambda word: word))
    raw = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    return _TOKENS[0].tokens(clean(raw.lower()), False)


_STEMMER: list = []


def stem(word: str) -> Optional[str]:
    """``-m``'s stemmer: the WordNet 2.0 exceptions, then the script's Porter variant."""
    if not _STEMMER:
        from ..inputs.resources import bundled_exceptions
        from ..text.porter import Stemmer

        _STEMMER.append(Stemmer(bundled_exceptions()))
    return _STEMMER[0](word)


def f_score(precision, recall) -> np.ndarray:
    """The script's F at alpha 0.5, rounded to 5 places."""
    return f_measure_many(np.asarray(precision, dtype=np.float64), np.asarray(recall, dtype=np.float64), 0.5)


def prf(hits, ref_count, pred_count):
    """R and P rounded to 5 places, then the script's F (``compute*Score``)."""
    recall = np.where(ref_count != 0, r5_many(ratios(hits, ref_count)), 0.0)
    precision = np.where(pred_count != 0, r5_many(ratios(hits, pred_count)), 0.0)
    return precision, recall, f_score(precision, recall)


def perl_options(setup: Setup) -> Options:
    """The Perl flags a Perl setup stands for."""
    ngram = sum(1 for m in setup.metrics if PerlSemantics.naming.order(m) is not None)
    return Options(ngram=str(ngram) if ngram else None, no_lcs=PerlSemantics.naming.summary_lcs not in setup.metrics,
                   stem=setup.stem, score_formula="B" if setup.letter == "B" else None)


class PerlSemantics(Semantics):
    name = NAME
    reproduces = "ROUGE-1.5.5.pl (Chin-Yew Lin, 2004), byte for byte"
    naming = perl_naming()
    tokenizer = Rule("perl", "ASCII lower-case; hyphens split off; everything outside [a-z0-9-] blanked; tokens "
                     "must start with [a-z0-9$] (non-ASCII letters vanish, apostrophes split words)")
    stemmer = Rule("perl-porter+wordnet", "-m: WordNet 2.0 exceptions, then the script's Porter variant, on "
                   "tokens longer than 3 characters")
    sentence_splitter = Rule("lines", "one sentence per line (SPL), summary-level ROUGE-L over them")
    f_measure = Rule("alpha-rounded", "F = PR / ((1 - alpha) P + alpha R); P, R and F rounded to 5 decimals")
    multi_reference = Rule("sum-counts", "-f A: counts summed over the references (-f B: the best reference)")
    aggregation = Rule("bootstrap-mean", "mean of 1,000 seeded resample means (-r 1000), printed %7.5f")
    counterparts = frozenset(("stem", "alpha", "weight", "word_limit", "byte_limit", "bootstrap", "remove_stopwords",
                              "stem_models_only", "skip", "be", "token_counting", "dask"))
    policies = {"A": "A", "B": "B"}

    language_advice = ("give --language LANG (tokens, -m stemmer and -s stopwords of the language) or --unicode "
                       "(the Unicode fork's reading)")

    def doctor_tokenizer(self, options) -> Callable[[str], List[str]]:
        """The tokens of the run's text mode (the script's bytes, ``--unicode``, ``--language``)."""
        from ..text.modes import text_model

        mode = text_model(options)

        def tokens(text: str) -> List[str]:
            raw = text.encode("utf-8", "surrogateescape")
            out = []
            for unit in mode.parse(raw, "SPL", "the text"):
                for token in mode.clean_tokens(unit):
                    word = mode.token_str(token)
                    if word and word[0] in mode.counted_first:
                        out.append(word)
            return out

        return tokens

    def own_options(self, setup: Setup) -> Dict[str, object]:
        return {"stem": setup.stem, "multi_reference": setup.letter, "alpha": setup.alpha,
                "word_limit": setup.word_limit, "byte_limit": setup.byte_limit}

    def settings(self, setup: Setup) -> Dict[str, object]:
        return {"metrics": list(setup.metrics), "stem": setup.stem, "multi_reference": setup.letter,
                "alpha": setup.alpha}

    def signature(self, setup: Setup, counts: Sequence[int], sentences: str = "none", options=None):
        """The Perl flags' signature (``options``; default: the ones ``setup`` stands for)."""
        from ..output.signature import reference_counts, signature_of

        return signature_of(options or perl_options(setup), references=reference_counts(list(counts)),
                            sentences=sentences)

    def corpus(self, values: Dict[str, PairScores], setup: Setup, keys: Sequence[str]) -> Dict[str, CorpusScore]:
        return {m: perl_corpus(v, keys, setup.n_samples, setup.confidence) for m, v in values.items()}

    def signature_args(self, counts, stem, multi_reference, alpha, word_limit, byte_limit, data_dir,
                       signature_check, metrics, language=None):
        """The Perl flags the call stands for sign it."""
        from ..output.signature import api_signature_args

        del language  # refused before: _no_language
        options = resolved(metrics, stem, False, multi_reference, alpha, word_limit, byte_limit)[1]
        return api_signature_args(options, counts, data_dir, False, signature_check)

    def plain_scores(self, predictions, references, metrics, *, stem=False, remove_stopwords=False,
                     multi_reference="A", alpha=0.5, word_limit=None, byte_limit=None, data_dir=None, dask=None,
                     language=None):
        """The engine's numbers (:func:`rouge155.engine.pairs.pair_scores`)."""
        _no_language(language)
        wanted, options = resolved(metrics, stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit)
        peers, models = pair_texts(predictions, references)
        return pair_scores(peers, models, wanted, options, data_dir, dask)

    def call_scorer(self, metrics, **options):
        """The compiled per-call path (:mod:`rouge155.engine.calls`) where it covers the setting."""
        from . import calls

        _no_language(options.pop("language", None))
        wanted, flags = resolved(metrics, options["stem"], options["remove_stopwords"], options["multi_reference"],
                                 options["alpha"], options["word_limit"], options["byte_limit"])
        fallback = calls.Generic(self.plain_scores, metrics, options)
        plan = {spec.tag: spec for spec in metric_plan(flags, wanted.ngram_orders)}
        if not covered(flags, list(plan.values())):  # (without numba, each call takes the fallback)
            return fallback
        data_dir = options["data_dir"]

        def made():
            from ..text.jit_tokens import packed_vocabulary

            return packed_vocabulary(vocabulary(data_dir, flags))

        formula, alpha = flags.formula, flags.alpha_num
        kinds = [kind for kind in (spec_kind(plan[tag]) for tag in wanted.tags) if kind is not None]  # all: covered

        def batch_values(_name, kind, hits, lengths, pair_ref, pair_pred, pair_instance, n_instances):
            return PairScores.from_counts(perl_rows(kind, hits, lengths, pair_ref, pair_pred, pair_instance,
                                                    n_instances, flags))

        return calls.Compiled(wanted.tags, kinds,
                              LocalVocabulary(made, VOCABULARY_LIMIT), spl_bytes,
                              lambda kind, hits, lengths: perl_value(kind, hits, lengths, formula, alpha), fallback,
                              batch_values,
                              local=not (flags.stem or flags.remove_stopwords),  # every token counts as it is
                              block=perl_block(alpha))


    def rule_parts(self, stem: bool, letter: str) -> Dict[str, str]:
        return {"tokenizer": "perl", "stemmer": "perl" if stem else "none", "sentence_splitter": "lines",
                "f_measure": "perl", "multi_reference": "best-recall" if letter == "B" else "sum-counts",
                "aggregation": "perl-bootstrap"}

    def parts(self) -> Dict[str, Dict[str, Part]]:
        return {"tokenizer": {"perl": Part(TokenizerPart(tokenize), self.tokenizer.description)},
                "stemmer": {"perl": Part(stem, self.stemmer.description)},
                "f_measure": {"perl": Part(FPart(prf), self.f_measure.description)},
                "aggregation": {"perl-bootstrap": Part(_aggregate_part, self.aggregation.description)}}


def _aggregate_part(values: PairScores, context: Context) -> CorpusScore:
    return perl_corpus(values, context.keys)


SEMANTICS = PerlSemantics()

__all__: List[str] = ["SEMANTICS", "NAME", "bootstrap", "perl_corpus", "score_pairs", "aggregate", "tokenize",
                      "stem", "perl_options"]


def _no_language(language) -> None:
    """The Perl's --language is a text mode of the engine, not of ``score_pairs``."""
    if language is not None:
        raise ValueError("score_pairs(language=) is another implementation's language setting (semantics="
                         "'xlsum'); the Perl's ROUGE in a language: rouge155.evaluate(..., language=...)")
