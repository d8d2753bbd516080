"""The Perl's per-pair scores of texts in memory (``rouge155.score_pairs``), and THE choice of the path
that computes them.

Each pair is one evaluation (IDs 1..N, one peer, its references as models); no bootstrap is run. Each
pair's recall, precision and F are exactly what ``ROUGE-1.5.5.pl -d`` prints for that evaluation
(before ``%7.5f``: the script's own per-instance rounding to 5 decimals is applied, as it is there).
:func:`pair_scores` picks, once, the compiled kernels (:mod:`.batched.compiled_pairs`, the jit
extra), else the numpy engine without a config (:mod:`.batched.memory_pairs`), else the general
engine over a config (:func:`.plan.scored_blocks`, which reproduces the script's errors), each with
the same numbers. :class:`PairScores` is the per-pair record of every implementation (``semantics=``).
"""
from __future__ import annotations

import threading
from dataclasses import replace
from itertools import chain
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ..base.errors import OptionError
from ..base.options import Options, typed_options
from ..inputs.config import EvalConfig, Evaluation
from ..inputs.resources import load_word_lists, resolve_data_dir
from ..inputs.sources import MemorySource, reference_texts, summary_bytes
from ..metrics.formulas import F, HIT, MODEL_COUNT, PEER_COUNT, PRECISION, RECALL
from ..metrics.names import Wanted, gap_tag, ngram_tag
from ..text import jit
from .batched.chunks import token_vocabulary
from .plan import NeedsStepByStep, batched_engine_supports, metric_plan, scored_blocks

Text = Union[str, bytes]
SYSTEM = "1"  # the one peer ID of every pair


class PairScores:
    """One metric over all pairs: per-pair arrays (float64), in the order the pairs were given. Every
    implementation's per-pair values (``semantics=``) are this record; ``model_count`` is the
    reference side's count, ``peer_count`` the prediction's (NaN where an implementation averages
    scores over references instead of keeping one reference's counts).

    Read-only. The six arrays are kept as one sequence (a tuple, or the rows of one (6, n) array:
    :meth:`from_block`), so that a call of one pair makes one small array for all its metrics instead
    of six per metric (a reward function is called millions of times; issue 28)."""

    __slots__ = ("_columns",)
    _columns: Sequence[np.ndarray]

    def __init__(self, precision: np.ndarray, recall: np.ndarray, fmeasure: np.ndarray, hits: np.ndarray,
                 model_count: np.ndarray, peer_count: np.ndarray):
        object.__setattr__(self, "_columns", (precision, recall, fmeasure, hits, model_count, peer_count))

    @classmethod
    def from_block(cls, block: np.ndarray) -> "PairScores":
        """From a (6, n) array whose rows are the fields, in :data:`FIELDS` order (views, not copies)."""
        made = object.__new__(cls)
        object.__setattr__(made, "_columns", block)
        return made

    @property
    def precision(self) -> np.ndarray:
        return self._columns[0]

    @property
    def recall(self) -> np.ndarray:
        return self._columns[1]

    @property
    def fmeasure(self) -> np.ndarray:
        return self._columns[2]

    @property
    def hits(self) -> np.ndarray:
        """The script's hit count (weighted for ROUGE-W)."""
        return self._columns[3]

    @property
    def model_count(self) -> np.ndarray:
        """The references' total (-f A) or the best reference's (-f B) count."""
        return self._columns[4]

    @property
    def peer_count(self) -> np.ndarray:
        return self._columns[5]

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"PairScores is read-only: cannot set {name}")

    def __reduce__(self):
        return PairScores, tuple(self._columns[i] for i in range(len(FIELDS)))

    def __repr__(self) -> str:
        return "PairScores(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in FIELDS) + ")"

    @classmethod
    def from_counts(cls, counts: np.ndarray) -> "PairScores":
        """From an (n, 6) table of counts rows (model count, hit, R, peer count, P, F)."""
        return cls(precision=counts[:, PRECISION].copy(), recall=counts[:, RECALL].copy(),
                   fmeasure=counts[:, F].copy(), hits=counts[:, HIT].copy(),
                   model_count=counts[:, MODEL_COUNT].copy(), peer_count=counts[:, PEER_COUNT].copy())

    def pick(self, chosen: np.ndarray) -> "PairScores":
        """The rows ``chosen`` of every array (one alignment per pair, say)."""
        return PairScores(*(np.asarray(getattr(self, f))[chosen] for f in FIELDS))


FIELDS = ("precision", "recall", "fmeasure", "hits", "model_count", "peer_count")


def pair_options(wanted: Wanted, stem: bool, remove_stopwords: bool, multi_reference: str, alpha: float,
                 word_limit=None, byte_limit=None) -> Options:
    """The Perl flags that compute ``wanted`` (``-n``, ``-x``, ``-w``, ``-2``/``-u``, ``-m``, ``-s``, ``-f``,
    ``-p``, ``-l``, ``-b``)."""
    orders = wanted.ngram_orders
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


VOCABULARY_LIMIT = 2_000_000  # distinct raw tokens kept between calls (a training loop calls many times)
_kept = threading.local()  # one set of vocabularies per thread: a TokenIds map is not thread-safe


def _vocabularies() -> dict:  # {(data dir, stem, stopwords): its TokenIds}
    if not hasattr(_kept, "vocabularies"):
        _kept.vocabularies = {}
    return _kept.vocabularies


def vocabulary(data_dir: Optional[str], options: Options):
    """The token-id map kept between calls with the same data and stopword/stemming options."""
    data_dir = resolve_data_dir(data_dir)
    key = (data_dir, options.stem, options.remove_stopwords)
    kept = _vocabularies()
    vocab = kept.get(key)
    if vocab is None or len(vocab) > VOCABULARY_LIMIT:
        vocab = kept[key] = token_vocabulary(options, load_word_lists(data_dir))
    return vocab


def pair_counts(config: EvalConfig, source: MemorySource, options: Options, data_dir: Optional[str] = None,
                dask=None, ngram_orders: Optional[Sequence[int]] = None) -> Dict[str, np.ndarray]:
    """Per metric tag, each evaluation's counts row (model count, hit, R, peer count, P, F), in order,
    by the general engine. ``ngram_orders``: only these ROUGE-N orders (default: the options' 1 .. -n);
    ``dask``: a ``distributed.Client`` or a scheduler address (the cluster computes the options' plan)."""
    data_dir = resolve_data_dir(data_dir)
    word_lists = load_word_lists(data_dir)
    batched = batched_engine_supports(options)
    executor = vocab = None
    if batched and dask is not None:
        from .executors.dask import DaskCluster

        executor = DaskCluster(dask)
    elif batched:
        vocab = vocabulary(data_dir, options)
    # the step-by-step engine, where the batched one cannot: raises the script's error where it
    # would die (an empty model under -w)
    blocks = scored_blocks(config, options, [SYSTEM], word_lists, source, lambda done, _workers: done,
                           batched=batched, executor=executor, plan=metric_plan(options, ngram_orders),
                           token_ids=vocab)
    return {b.spec.tag: np.asarray(b.counts, dtype=np.float64).reshape(-1, 6) for b in blocks}


def pair_scores(peers: List[bytes], models: List[List[bytes]], wanted: Wanted, options: Options,
                data_dir: Optional[str] = None, dask=None) -> Dict[str, PairScores]:
    """Per tag of ``wanted``, every pair's scores under ``options`` (:func:`pair_options`): the
    compiled kernels where they cover the run, else the numpy engine without a config, else (a
    cluster, options they do not cover, a run the script dies in) the general engine."""
    longest = max(map(len, chain(peers, chain.from_iterable(models))), default=0)
    # orders some text is long enough to have an n-gram of (a token takes at least a byte): every
    # other order's counts are zeros, known without scoring (ROUGE-99999999999999999999 costs what
    # the texts cost)
    orders = tuple(n for n in wanted.ngram_orders if n <= longest)
    if orders != wanted.ngram_orders:  # -n no larger than the texts (a cluster computes 1 .. -n)
        # an int, as typed_options keeps the API's values
        options = replace(options, ngram=max(orders) if orders else None)  # type: ignore[arg-type]
    plan = metric_plan(options, orders)
    counts = None
    if dask is None and batched_engine_supports(options):
        if jit.wanted(len(peers)) and _compiled_covers(options, plan):
            counts = _compiled_counts(peers, models, options, plan, data_dir)
        elif _memory_covers(options):
            counts = _memory_counts(peers, models, options, plan, data_dir)
    if counts is None:
        counts = pair_counts(*_memory_config(peers, models), options, data_dir, dask, orders)
    for n in set(wanted.ngram_orders) - set(orders):
        counts[ngram_tag(n)] = np.zeros((len(peers), 6))
    # ROUGE-S04 is the Perl's -2 04: gap 4, counted under the engine's ROUGE-S4, named as asked (as the Perl does)
    return {tag: PairScores.from_counts(counts[tag] if tag in counts else counts[gap_tag(tag)]) for tag in wanted.tags}


def _compiled_covers(options: Options, plan) -> bool:
    from .batched.compiled_pairs import covers

    return covers(options, plan)


def _memory_covers(options: Options) -> bool:
    from .batched.memory_pairs import covers

    return covers(options)


def _memory_counts(peers: List[bytes], models: List[List[bytes]], options: Options, plan,
                   data_dir: Optional[str]) -> Optional[Dict[str, np.ndarray]]:
    """The numpy engine without a config (:mod:`.batched.memory_pairs`); None where the script would
    die part-way (the general path then reproduces its error)."""
    from .batched.memory_pairs import memory_counts

    try:
        return memory_counts(peers, models, options, plan, vocabulary(data_dir, options))
    except NeedsStepByStep:
        return None


def _compiled_counts(peers: List[bytes], models: List[List[bytes]], options: Options, plan,
                     data_dir: Optional[str]) -> Dict[str, np.ndarray]:
    from .batched.compiled_pairs import compiled_counts

    vocab = vocabulary(data_dir, options)
    pair_instance = np.repeat(np.arange(len(peers), dtype=np.int64), [len(refs) for refs in models])
    flat = list(chain.from_iterable(models))
    return compiled_counts(peers, flat, pair_instance, options, plan, vocab)
