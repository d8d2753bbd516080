"""Per-pair scores for many (prediction, references) pairs at once: ``rouge155.score_pairs``.

Each pair is one evaluation (IDs 1..N, one peer, its references as models), scored by the batched
engine (:mod:`rouge155.engine.batched`) with the Perl's options; no bootstrap is run. Each pair's recall,
precision and F are exactly what ``ROUGE-1.5.5.pl -d`` prints for that evaluation (before
``%7.5f``: the script's own per-instance rounding to 5 decimals is applied, as it is there).
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from itertools import chain
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from .api import reference_texts, summary_bytes
from .base.errors import OptionError
from .base.options import Options, typed_options
from .base.perl import fmt_num
from .engine.batched.chunks import token_vocabulary
from .engine.batched.memory_pairs import covers as memory_covers
from .engine.batched.memory_pairs import memory_counts
from .engine.plan import NeedsStepByStep, batched_engine_supports, metric_plan, ngram_spec, scored_blocks
from .inputs.config import EvalConfig, Evaluation
from .inputs.resources import load_word_lists, resolve_data_dir
from .inputs.sources import MemorySource
from .metrics.formulas import F, HIT, MODEL_COUNT, PEER_COUNT, PRECISION, RECALL
from .output.signature import SignedScores, api_signature_args
from .text import jit

Text = Union[str, bytes]
SYSTEM = "1"  # the one peer ID of every pair


@dataclass(frozen=True)
class PairScores:
    """One metric over all pairs: per-pair arrays (float64), in the order the pairs were given."""

    recall: np.ndarray
    precision: np.ndarray
    fmeasure: np.ndarray
    hits: np.ndarray  # the script's hit count (weighted for ROUGE-W)
    model_count: np.ndarray  # the references' total (-f A) or the best reference's (-f B) count
    peer_count: np.ndarray


_METRIC = re.compile(r"^(?:ROUGE-?)?(?:(\d+)|(L)|W-?([0-9.]+)|(SU?)(\d+|\*))$", re.IGNORECASE)


@dataclass(frozen=True)
class _Wanted:
    """The metrics asked for, as Perl flags (resolved once)."""

    tags: Tuple[str, ...]  # the report's names, in the order asked
    ngram_orders: Tuple[int, ...]  # the ROUGE-N orders asked (only these are computed)
    lcs: bool
    weight: Optional[float]
    skip: Optional[Tuple[str, bool]]  # (distance text, with unigrams)


def parse_metrics(metrics: Union[str, Sequence[str]]) -> _Wanted:
    """``"ROUGE-1"``, ``"rouge2"``, ``"L"``, ``"ROUGE-W-1.2"``, ``"ROUGE-SU4"``, ``"ROUGE-S*"``..."""
    if isinstance(metrics, str):
        metrics = [metrics]
    tags: List[str] = []
    orders: List[int] = []
    lcs, weight, skip = False, None, None
    for name in metrics:
        m = _METRIC.match(str(name).strip())
        if not m:
            raise OptionError(f"unknown metric {name!r}: use ROUGE-N (N >= 1), ROUGE-L, ROUGE-W-<weight>, "
                              f"ROUGE-S<gap> or ROUGE-SU<gap> (gap a number or *)")
        n, l_, w, s, gap = m.groups()
        if n is not None:
            try:
                order = int(n)
            except ValueError:  # past Python's limit on digits: no text has that many tokens either
                raise OptionError(f"unknown metric {name[:40]!r}...: ROUGE-N with N of {len(n)} digits") from None
            if order < 1:
                raise OptionError(f"unknown metric {name!r}: ROUGE-N needs N >= 1")
            orders.append(order)
            tag = f"ROUGE-{order}"
        elif l_:
            lcs, tag = True, "ROUGE-L"
        elif w is not None:
            try:
                wv = float(w)
            except ValueError:
                raise OptionError(f"unknown metric {name!r}: bad ROUGE-W weight") from None
            if weight is not None and weight != wv:
                raise OptionError("one ROUGE-W weight per call")
            weight, tag = wv, f"ROUGE-W-{fmt_num(wv)}"
        else:
            unigrams = s.upper() == "SU"
            if skip is not None and skip != (gap, unigrams):
                raise OptionError("one ROUGE-S/SU variant per call")
            skip, tag = (gap, unigrams), f"ROUGE-{s.upper()}{gap}"
        if tag not in tags:
            tags.append(tag)
    if not tags:
        raise OptionError("no metric asked for")
    return _Wanted(tuple(tags), tuple(sorted(set(orders))), lcs, weight, skip)


def pair_options(wanted: _Wanted, stem: bool, remove_stopwords: bool, multi_reference: str, alpha: float,
                 word_limit=None, byte_limit=None, ngram_orders: Optional[Sequence[int]] = None) -> Options:
    """The Perl flags that compute ``wanted`` (``-n``, ``-x``, ``-w``, ``-2``/``-u``, ``-m``, ``-s``, ``-f``, ``-p``);
    ``-n`` is the largest of ``ngram_orders`` (default: of the orders asked)."""
    orders = wanted.ngram_orders if ngram_orders is None else ngram_orders
    gap = None
    if wanted.skip is not None:
        gap = -1 if wanted.skip[0] == "*" else int(wanted.skip[0])
    return typed_options(
        ngram=max(orders) if orders else None, no_lcs=not wanted.lcs, weight=wanted.weight, skip_distance=gap,
        skip_unigrams=bool(wanted.skip and wanted.skip[1]), stem=bool(stem), remove_stopwords=bool(remove_stopwords),
        score_formula=multi_reference, alpha=alpha, word_limit=word_limit, byte_limit=byte_limit,
    )


def pair_texts(predictions: Sequence[Text], references: Sequence[Union[Text, Sequence[Text]]]
               ) -> Tuple[List[bytes], List[List[bytes]]]:
    """Each pair's prediction and references as the engines read them (bytes). A text is a str or
    bytes (anything else: a TypeError naming it); a pair's references are a list of texts or one text."""
    if isinstance(predictions, (str, bytes)) or isinstance(references, (str, bytes)):
        raise OptionError("predictions and references must be sequences of texts, not one text")
    if len(predictions) != len(references):
        raise OptionError(f"{len(predictions)} predictions but {len(references)} references")
    if all(type(t) is str for t in predictions) and all(type(t) is str for t in references):
        # the common call, one reference each as a str: encoded without a check per text
        return ([t.encode("utf-8") for t in predictions],  # type: ignore[union-attr]  # all str: checked above
                [[t.encode("utf-8")] for t in references])  # type: ignore[union-attr]
    peers: List[bytes] = []
    models: List[List[bytes]] = []
    for i, (pred, refs) in enumerate(zip(predictions, references)):
        peers.append(summary_bytes(pred, f"predictions[{i}]"))
        refs = reference_texts(refs, f"references[{i}]")
        if len(refs) == 0:
            raise OptionError(f"pair {i} has no reference")
        models.append([summary_bytes(ref, f"references[{i}][{k}]") for k, ref in enumerate(refs)])
    return peers, models


def pairs_config(predictions: Sequence[Text], references: Sequence[Union[Text, Sequence[Text]]],
                 input_format: str = "SPL") -> Tuple[EvalConfig, MemorySource]:
    """One evaluation per pair (IDs 1..N), texts in memory (checked by :func:`pair_texts`)."""
    return _memory_config(*pair_texts(predictions, references), input_format)


def _memory_config(peers: List[bytes], models: List[List[bytes]], input_format: str = "SPL"
                   ) -> Tuple[EvalConfig, MemorySource]:
    texts: Dict[str, bytes] = {}
    evaluations: List[Evaluation] = []
    for i, (peer_text, refs) in enumerate(zip(peers, models), start=1):
        peer = f"p/{i}"
        texts[peer] = peer_text
        names = [f"m/{i}/{k}" for k in range(1, len(refs) + 1)]
        texts.update(zip(names, refs))
        evaluations.append(Evaluation.listed(str(i), input_format, {SYSTEM: peer}, names))
    return EvalConfig(evaluations=evaluations, peer_ids=[SYSTEM]), MemorySource(texts)


_VOCABULARY_LIMIT = 2_000_000  # distinct raw tokens kept between calls (a training loop calls many times)
_kept = threading.local()  # one set of vocabularies per thread: a TokenIds map is not thread-safe


def _vocabularies() -> dict:  # {(data dir, stem, stopwords): its TokenIds}
    if not hasattr(_kept, "vocabularies"):
        _kept.vocabularies = {}
    return _kept.vocabularies


def _vocabulary(data_dir: Optional[str], options: Options):
    """The token-id map kept between calls with the same data and stopword/stemming options."""
    data_dir = resolve_data_dir(data_dir)
    key = (data_dir, options.stem, options.remove_stopwords)
    kept = _vocabularies()
    vocab = kept.get(key)
    if vocab is None or len(vocab) > _VOCABULARY_LIMIT:
        vocab = kept[key] = token_vocabulary(options, load_word_lists(data_dir))
    return vocab


def pair_counts(config: EvalConfig, source: MemorySource, options: Options, data_dir: Optional[str] = None,
                dask=None, ngram_orders: Optional[Sequence[int]] = None) -> Dict[str, np.ndarray]:
    """Per metric tag, each evaluation's counts row (model count, hit, R, peer count, P, F), in order.
    ``ngram_orders``: only these ROUGE-N orders (default: the options' 1 .. -n); ``dask``: a
    ``distributed.Client`` or a scheduler address (the cluster computes the options' plan)."""
    data_dir = resolve_data_dir(data_dir)
    word_lists = load_word_lists(data_dir)
    batched = batched_engine_supports(options)
    executor = vocab = None
    if batched and dask is not None:
        from .engine.executors.dask import DaskCluster

        executor = DaskCluster(dask)
    elif batched:
        vocab = _vocabulary(data_dir, options)
    # the step-by-step engine, where the batched one cannot: raises the script's error where it
    # would die (an empty model under -w)
    blocks = scored_blocks(config, options, [SYSTEM], word_lists, source, lambda done, _workers: done,
                           batched=batched, executor=executor, plan=metric_plan(options, ngram_orders),
                           token_ids=vocab)
    return {b.spec.tag: np.asarray(b.counts, dtype=np.float64).reshape(-1, 6) for b in blocks}


def score_pairs(
    predictions: Sequence[Text],
    references: Sequence[Union[Text, Sequence[Text]]],
    metrics: Union[str, Sequence[str]] = ("ROUGE-1", "ROUGE-2", "ROUGE-L"),
    stem: bool = False,
    remove_stopwords: bool = False,
    multi_reference: str = "A",
    alpha: float = 0.5,
    word_limit: Optional[int] = None,
    byte_limit: Optional[int] = None,
    data_dir: Optional[str] = None,
    dask=None,
    semantics: str = "perl",
    signature_check: Optional[str] = None,
) -> Dict[str, PairScores]:
    """Per-pair ROUGE for ``predictions[i]`` against ``references[i]`` (one text or a list of texts).

    Texts are SPL: one sentence per line (ROUGE-L is summary-level over those sentences). Flags:
    ``stem`` -m, ``remove_stopwords`` -s, ``multi_reference`` -f (``"A"``: totals over the
    references, ``"B"``: the best one), ``alpha`` -p, ``word_limit`` -l, ``byte_limit`` -b.
    ``dask``: a ``distributed.Client`` or a scheduler address, to compute the chunks on a Dask cluster.
    Returns ``{tag: PairScores}`` keyed by the report's names (``"ROUGE-1"``, ``"ROUGE-L"``, ...), a
    dict whose ``.signature`` names the settings (docs/signature.md); ``signature_check``: refuse the
    call, before scoring, when its settings differ from that signature's (ValueError).
    ``semantics``: another implementation's numbers instead of the Perl's (``"rouge-score"``,
    ``"torchmetrics"``, ``"pltrdy"``, ``"py-rouge"``, ``"rouge-chinese"``, ``"llamafactory"``,
    ``"opencompass-jieba"``, ``"rouge-score-rs-unicode"``, ``"rouge-score-rs-char"``;
    :func:`rouge155.engine.semantics.score_pairs`).
    """
    if semantics != "perl":
        from .engine.semantics import score_pairs as other_semantics
        from .engine.semantics import signature_fields

        if dask is not None:
            raise OptionError("dask= scores the Perl's semantics only")
        # the call's own settings sign it (the implementation maps them onto its own), with what the
        # implementation adds (a segmenter's version)
        settings = {"stem": bool(stem), "alpha": alpha, "word_limit": word_limit, "byte_limit": byte_limit,
                    **signature_fields(semantics)}
        signature_args = api_signature_args(
            None, [len(r) if isinstance(r, (list, tuple)) else 1 for r in references], None, False, signature_check,
            semantics=semantics, multi_reference=multi_reference, semantics_settings=settings)
        return SignedScores({tag: PairScores(v.recall, v.precision, v.fmeasure, v.hits, v.model_count, v.peer_count)
                             for tag, v in other_semantics(semantics, predictions, references, metrics, stem,
                                                           remove_stopwords, multi_reference, alpha, word_limit,
                                                           byte_limit).items()}, signature_args)
    wanted = parse_metrics(metrics)
    options = pair_options(wanted, stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit)
    peers, models = pair_texts(predictions, references)
    signature_args = api_signature_args(options, [len(refs) for refs in models], data_dir, False, signature_check)
    longest = max(map(len, chain(peers, chain.from_iterable(models))), default=0)
    # orders some text is long enough to have an n-gram of (a token takes at least a byte): every
    # other order's counts are zeros, known without scoring (ROUGE-99999999999999999999 costs what
    # the texts cost)
    orders = tuple(n for n in wanted.ngram_orders if n <= longest)
    if orders != wanted.ngram_orders:  # -n no larger than the texts (a cluster computes 1 .. -n)
        options = pair_options(wanted, stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit, orders)
    counts = None
    if dask is None and compiled_path_covers(options, orders, len(peers)):
        counts = _compiled_counts(peers, models, options, orders, data_dir)
    elif dask is None and batched_engine_supports(options) and memory_covers(options):
        counts = _memory_counts(peers, models, options, orders, data_dir)
    if counts is None:
        counts = pair_counts(*_memory_config(peers, models), options, data_dir, dask, orders)
    for n in set(wanted.ngram_orders) - set(orders):
        counts[ngram_spec(n).tag] = np.zeros((len(peers), 6))
    out = {}
    for tag in wanted.tags:
        c = counts[tag]
        out[tag] = PairScores(recall=c[:, RECALL].copy(), precision=c[:, PRECISION].copy(), fmeasure=c[:, F].copy(),
                              hits=c[:, HIT].copy(), model_count=c[:, MODEL_COUNT].copy(),
                              peer_count=c[:, PEER_COUNT].copy())
    return SignedScores(out, signature_args)


def compiled_path_covers(options: Options, ngram_orders: Sequence[int], pairs: int) -> bool:
    """Whether the compiled kernels (:mod:`rouge155.text.jit`) score ``pairs`` pairs under these options
    (:mod:`rouge155.engine.batched.compiled_pairs`); else the numpy engine does, with the same numbers."""
    if not batched_engine_supports(options) or not jit.wanted(pairs):
        return False
    from .engine.batched.compiled_pairs import covers

    return covers(options, metric_plan(options, ngram_orders))


def _memory_counts(peers: List[bytes], models: List[List[bytes]], options: Options, ngram_orders: Sequence[int],
                   data_dir: Optional[str]) -> Optional[Dict[str, np.ndarray]]:
    """The numpy engine without a config (:mod:`rouge155.engine.batched.memory_pairs`); None where the
    script would die part-way (the general path then reproduces its error)."""
    try:
        return memory_counts(peers, models, options, metric_plan(options, ngram_orders), _vocabulary(data_dir, options))
    except NeedsStepByStep:
        return None


def _compiled_counts(peers: List[bytes], models: List[List[bytes]], options: Options, ngram_orders: Sequence[int],
                     data_dir: Optional[str]) -> Dict[str, np.ndarray]:
    from .engine.batched.compiled_pairs import compiled_counts

    vocab = _vocabulary(data_dir, options)
    pair_instance = np.repeat(np.arange(len(peers), dtype=np.int64), [len(refs) for refs in models])
    flat = list(chain.from_iterable(models))
    return compiled_counts(peers, flat, pair_instance, options, metric_plan(options, ngram_orders), vocab)


__all__ = ["score_pairs", "PairScores", "parse_metrics"]
