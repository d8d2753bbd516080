"""Per-pair scores for many (prediction, references) pairs at once: ``rouge155.score_pairs``.

Each pair is one evaluation (IDs 1..N, one peer, its references as models), scored by the batched
engine (:mod:`rouge155.batch`) with the Perl's options; no bootstrap is run. Each pair's recall,
precision and F are exactly what ``ROUGE-1.5.5.pl -d`` prints for that evaluation (before
``%7.5f``: the script's own per-instance rounding to 5 decimals is applied, as it is there).
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from .engine.batched import chunks as batch
from .inputs.config import EvalConfig, Evaluation
from .base.errors import OptionError
from .engine.stepwise import Run
from .inputs.sources import MemorySource
from .base.options import Options, typed_options
from .base.perl import fmt_num
from .metrics.formulas import F, HIT, MODEL_COUNT, PEER_COUNT, PRECISION, RECALL
from .inputs.resources import load_language_data, resolve_data_dir

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
    ngram: Optional[int]
    lcs: bool
    weight: Optional[float]
    skip: Optional[Tuple[str, bool]]  # (distance text, with unigrams)


def parse_metrics(metrics: Union[str, Sequence[str]]) -> _Wanted:
    """``"ROUGE-1"``, ``"rouge2"``, ``"L"``, ``"ROUGE-W-1.2"``, ``"ROUGE-SU4"``, ``"ROUGE-S*"``..."""
    if isinstance(metrics, str):
        metrics = [metrics]
    tags: List[str] = []
    ngram, lcs, weight, skip = None, False, None, None
    for name in metrics:
        m = _METRIC.match(str(name).strip())
        if not m:
            raise OptionError(f"unknown metric {name!r}: use ROUGE-N (N >= 1), ROUGE-L, ROUGE-W-<weight>, "
                              f"ROUGE-S<gap> or ROUGE-SU<gap> (gap a number or *)")
        n, l_, w, s, gap = m.groups()
        if n is not None:
            if int(n) < 1:
                raise OptionError(f"unknown metric {name!r}: ROUGE-N needs N >= 1")
            ngram = max(ngram or 0, int(n))
            tag = f"ROUGE-{int(n)}"
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
    return _Wanted(tuple(tags), ngram, lcs, weight, skip)


def pair_options(wanted: _Wanted, stem: bool, remove_stopwords: bool, multi_reference: str, alpha: float,
                 word_limit=None, byte_limit=None) -> Options:
    """The Perl flags that compute ``wanted`` (``-n``, ``-x``, ``-w``, ``-2``/``-u``, ``-m``, ``-s``, ``-f``, ``-p``)."""
    gap = None
    if wanted.skip is not None:
        gap = -1 if wanted.skip[0] == "*" else int(wanted.skip[0])
    return typed_options(
        ngram=wanted.ngram, no_lcs=not wanted.lcs, weight=wanted.weight, skip_distance=gap,
        skip_unigrams=bool(wanted.skip and wanted.skip[1]), stem=bool(stem), remove_stopwords=bool(remove_stopwords),
        score_formula=multi_reference, alpha=alpha, word_limit=word_limit, byte_limit=byte_limit,
    )


def _as_bytes(text: Text, what: str) -> bytes:
    if isinstance(text, str):
        return text.encode("utf-8")
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    raise OptionError(f"{what} must be a str or bytes, not {type(text).__name__}")


def pairs_config(predictions: Sequence[Text], references: Sequence[Union[Text, Sequence[Text]]],
                 input_format: str = "SPL") -> Tuple[EvalConfig, MemorySource]:
    """One evaluation per pair (IDs 1..N), texts in memory."""
    if isinstance(predictions, (str, bytes)) or isinstance(references, (str, bytes)):
        raise OptionError("predictions and references must be sequences of texts, not one text")
    if len(predictions) != len(references):
        raise OptionError(f"{len(predictions)} predictions but {len(references)} references")
    texts: Dict[str, bytes] = {}
    evaluations: List[Evaluation] = []
    for i, (pred, refs) in enumerate(zip(predictions, references), start=1):
        ev = Evaluation(eval_id=str(i), input_format=input_format, from_file_list=True)
        peer = f"p/{i}"
        texts[peer] = _as_bytes(pred, "a prediction")
        ev.peers[SYSTEM] = peer
        if isinstance(refs, (str, bytes, bytearray)):
            refs = [refs]
        if len(refs) == 0:
            raise OptionError(f"pair {i - 1} has no reference")
        for k, ref in enumerate(refs, start=1):
            name = f"m/{i}/{k}"
            texts[name] = _as_bytes(ref, "a reference")
            ev.model_ids.append(f"M.{k}")
            ev.models[f"M.{k}"] = name
        evaluations.append(ev)
    return EvalConfig(evaluations=evaluations, peer_ids=[SYSTEM]), MemorySource(texts)


_VOCABULARY_LIMIT = 2_000_000  # distinct raw tokens kept between calls (a training loop calls many times)
_kept = threading.local()  # one set of vocabularies per thread: a TokenIds map is not thread-safe


def _vocabularies() -> Dict[Tuple[str, bool, bool], object]:
    if not hasattr(_kept, "vocabularies"):
        _kept.vocabularies = {}
    return _kept.vocabularies


def _vocabulary(data_dir: str, options: Options, language):
    """The token-id map kept between calls with the same data and stopword/stemming options."""
    key = (data_dir, options.stem, options.remove_stopwords)
    kept = _vocabularies()
    vocab = kept.get(key)
    if vocab is None or len(vocab) > _VOCABULARY_LIMIT:
        vocab = kept[key] = batch.token_vocabulary(options, language)
    return vocab


def pair_counts(config: EvalConfig, source: MemorySource, options: Options, data_dir: Optional[str] = None,
                workers=None) -> Dict[str, np.ndarray]:
    """Per metric tag, each evaluation's counts row (model count, hit, R, peer count, P, F), in order."""
    data_dir = resolve_data_dir(data_dir)
    language = load_language_data(data_dir)
    if batch.supported(options):
        try:
            vocab = None if workers is not None else _vocabulary(data_dir, options, language)
            blocks = batch.run_blocks(config, options, [SYSTEM], language, source, lambda msg: None, workers,
                                      token_ids=vocab)
            return {b.spec.tag: b.counts for b in blocks}
        except batch.NeedsStepByStep:
            pass
    # the step-by-step engine: raises the script's error where it would die (an empty model under -w)
    run = Run(config, options, language, source=source)
    return {b.spec.tag: np.asarray(b.counts, dtype=np.float64).reshape(-1, 6) for b in run.blocks([SYSTEM])}


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
) -> Dict[str, PairScores]:
    """Per-pair ROUGE for ``predictions[i]`` against ``references[i]`` (one text or a list of texts).

    Texts are SPL: one sentence per line (ROUGE-L is summary-level over those sentences). Flags:
    ``stem`` -m, ``remove_stopwords`` -s, ``multi_reference`` -f (``"A"``: totals over the
    references, ``"B"``: the best one), ``alpha`` -p, ``word_limit`` -l, ``byte_limit`` -b.
    ``dask``: a ``distributed.Client`` or a scheduler address, to compute the chunks on a Dask cluster.
    Returns ``{tag: PairScores}`` keyed by the report's names (``"ROUGE-1"``, ``"ROUGE-L"``, ...).
    ``semantics``: another implementation's numbers instead of the Perl's (``"rouge-score"``,
    ``"torchmetrics"``, ``"pltrdy"``, ``"py-rouge"``; :func:`rouge155.engine.semantics.score_pairs`).
    """
    if semantics != "perl":
        from .engine.semantics import score_pairs as other_semantics

        if dask is not None:
            raise OptionError("dask= scores the Perl's semantics only")
        return {tag: PairScores(v.recall, v.precision, v.fmeasure, v.hits, v.model_count, v.peer_count) for tag, v in
                other_semantics(semantics, predictions, references, metrics, stem, remove_stopwords, multi_reference,
                                alpha, word_limit, byte_limit).items()}
    wanted = parse_metrics(metrics)
    options = pair_options(wanted, stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit)
    config, source = pairs_config(predictions, references)
    if dask is not None:
        from .engine.executors.dask import DaskWorkers

        with DaskWorkers(dask) as workers:
            counts = pair_counts(config, source, options, data_dir, workers)
    else:
        counts = pair_counts(config, source, options, data_dir)
    out = {}
    for tag in wanted.tags:
        c = counts[tag]
        out[tag] = PairScores(recall=c[:, RECALL].copy(), precision=c[:, PRECISION].copy(), fmeasure=c[:, F].copy(),
                              hits=c[:, HIT].copy(), model_count=c[:, MODEL_COUNT].copy(),
                              peer_count=c[:, PEER_COUNT].copy())
    return out


__all__ = ["score_pairs", "PairScores", "parse_metrics"]
