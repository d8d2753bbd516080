"""Counting calls of one pair, or a few, in microseconds (the compiled kernels: the jit extra).

``score_pairs`` over a batch pays fixed costs (checking and laying out the batch, numpy arrays per
metric, the signature) that a call of one pair cannot carry: a reward function called per completion,
``RougeScorer.score`` in a loop. A :class:`TextCounter` is the part of a scorer that is made once
(the metrics as kernel codes, the vocabulary kept per thread) and then counts a call's texts in one
compiled dispatch (:func:`rouge155.metrics.jit_calls.text_counts`); :func:`perl_values` turns the
counts into the script's numbers (``formulas.combine``, the rule both engines use), and
:meth:`TextCounter.count` counts batches of a few dozen pairs or more on every core (the kernels hold
no GIL).

Every number is the batched engine's: the kernels are its kernels (:mod:`.batched.compiled_pairs`),
only fed differently; the tests compare the paths value for value.
"""
from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..base.options import Options
from ..metrics.formulas import ModelMatch, combine, scored
from ..base.perl import r5
from .batched.combine import combine_pairs
from .batched.instances import ModelPairCounts
from .plan import LCS, NGRAM, MetricSpec

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

UNION_LCS = 0  # the kernel codes of rouge155.metrics.jit_calls (not imported here: that imports numba)
TEXT_LCS = -1
LONGEST_ORDER = 1 << 62  # an order past this is held as this (a kernel code is an int64)
PARALLEL_PAIRS = 2048  # a batch of token ids of at least this many pairs is counted on every core
# a batch of texts of at least this many pairs too: 48 where the call numbers its own tokens (local_counts
# costs more per pair as a call grows past a few hundred pairs; handing a share to an idle thread costs
# 40-150 us to wake it, so 32 pairs are faster unsplit), 192 through the kept vocabulary (text_counts: its
# shares cost twice the CPU below that); docs/pairs-speed.md.
SPLIT_PAIRS = 48
VOCABULARY_SPLIT_PAIRS = 192
# and cut into shares of at most this many pairs there (past a few hundred pairs a count costs more per
# pair; shares of 32 were slower: more handoffs, 1.08x against 1.30x rouge-score-rs at 128 pairs)
LOCAL_SHARE_PAIRS = 128
_POOL: List[ThreadPoolExecutor] = []
if hasattr(os, "register_at_fork"):  # a forked child (a DataLoader's worker) has none of its parent's threads:
    os.register_at_fork(after_in_child=_POOL.clear)  # it makes its own pool (the parent's would never run a task)


def threads() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _pool() -> ThreadPoolExecutor:
    if not _POOL:
        from concurrent.futures import ThreadPoolExecutor

        _POOL.append(ThreadPoolExecutor(max_workers=threads(), thread_name_prefix="rouge155-count"))
    return _POOL[0]


def spec_kind(spec: MetricSpec) -> Optional[int]:
    """The kernel code of one of the Perl's metrics (None: not compiled)."""
    if spec.kind == NGRAM:
        return min(spec.n, LONGEST_ORDER)  # any order past every text's length counts nothing
    return UNION_LCS if spec.kind == LCS else None


class TextCounter:
    """The counts of the metrics ``kinds`` (kernel codes: n > 0 ROUGE-N, :data:`UNION_LCS`,
    :data:`TEXT_LCS`) for the texts of a call; ``vocabulary()`` gives the calling thread's packed
    vocabulary (:class:`rouge155.text.jit_tokens.PackedVocabulary`), kept where its maker keeps it."""

    def __init__(self, kinds: Sequence[int], vocabulary: Callable[[], object], local: bool = False):
        self.kinds = np.array(kinds, dtype=np.int64)
        self.vocabulary = vocabulary
        self.local = local  # every run of letters and digits counts as it is: the call numbers its own tokens
        self._text_counts: Optional[Callable[..., Any]] = None  # the kernel, imported when first used (numba)
        self._layouts: Dict[int, Tuple[np.ndarray, np.ndarray]] = {}

    def one(self, prediction: bytes, references: List[bytes]) -> Tuple[np.ndarray, np.ndarray]:
        """(hits, lengths) of a prediction against its references: ``hits[r, m]`` for reference r,
        ``lengths[0]`` the prediction's token count, ``lengths[1 + r]`` reference r's."""
        return self.count([prediction] + references, *self.layout(len(references)))

    def layout(self, references: int) -> Tuple[np.ndarray, np.ndarray]:
        """(pair_ref, pair_pred) of one prediction (text 0) against ``references`` references (texts 1..)."""
        made = self._layouts.get(references)
        if made is None:
            made = self._layouts[references] = (np.arange(1, references + 1, dtype=np.int64),
                                                np.zeros(references, dtype=np.int64))
        return made

    def _kernel(self) -> Callable[..., Any]:
        kernel: Optional[Callable[..., Any]] = self._text_counts
        if kernel is None:
            from ..metrics.jit_calls import local_counts, text_counts

            chosen: Callable[..., Any] = local_counts if self.local else text_counts
            kernel = self._text_counts = chosen
        return kernel

    def _counted(self, texts: List[bytes], pair_ref: np.ndarray, pair_pred: np.ndarray, table) -> tuple:
        """The kernel's (hits, lengths, status) for these texts (``table``: the packed vocabulary's, or
        None for a local count); any thread may run it (it holds no GIL and only reads ``table``)."""
        if len(texts) == 2:
            ends = np.array((len(texts[0]), len(texts[0]) + len(texts[1])), dtype=np.int64)
        else:
            ends = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)).cumsum()
        if table is None:
            return (*self._kernel()(b"".join(texts), ends, pair_ref, pair_pred, self.kinds), 0)
        return self._kernel()(b"".join(texts), ends, table, pair_ref, pair_pred, self.kinds)

    def count(self, texts: List[bytes], pair_ref: np.ndarray, pair_pred: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """(hits, lengths) of SPL texts (bytes) for pairs of (reference, prediction) document indices; a
        batch of :data:`SPLIT_PAIRS` pairs or more (:data:`VOCABULARY_SPLIT_PAIRS` through the kept
        vocabulary) is counted on every core, a share of its pairs each."""
        packed = None if self.local else self.vocabulary()
        table = None if packed is None else packed.table  # type: ignore[attr-defined]
        n = len(pair_ref)
        shares = threads() if n >= (SPLIT_PAIRS if self.local else VOCABULARY_SPLIT_PAIRS) else 1
        if shares > 1 and self.local:  # shares of at most LOCAL_SHARE_PAIRS: the cost per pair of a larger one grows
            shares = max(shares, -(-n // LOCAL_SHARE_PAIRS))
        if shares > 1:
            hits, lengths, status = self._split(texts, pair_ref, pair_pred, table, shares)
        else:
            hits, lengths, status = self._counted(texts, pair_ref, pair_pred, table)
        if status == 0:
            return hits, lengths
        # a token the vocabulary does not hold yet: resolved here, in this thread, then counted
        return self.count_tokens(packed.spl_texts(texts), pair_ref, pair_pred)  # type: ignore[attr-defined]

    def _split(self, texts: List[bytes], pair_ref: np.ndarray, pair_pred: np.ndarray, table, shares: int) -> tuple:
        """:meth:`_counted` with the pairs cut into ``shares`` shares, each with only its own texts, run
        on the pool's threads and this one (the first share: one thread fewer to wake): the same hits
        (each pair is counted alone) and lengths."""
        bounds = np.linspace(0, len(pair_ref), shares + 1).astype(np.int64).tolist()
        shares_used: List[np.ndarray] = []
        shares_args: List[tuple] = []
        for a, b in zip(bounds[:-1], bounds[1:]):
            used = np.unique(np.concatenate((pair_ref[a:b], pair_pred[a:b])))
            shares_used.append(used)
            shares_args.append(([texts[i] for i in used.tolist()], np.searchsorted(used, pair_ref[a:b]),
                                np.searchsorted(used, pair_pred[a:b]), table))
        futures = [_pool().submit(self._counted, *args) for args in shares_args[1:]]
        counted = [self._counted(*shares_args[0])] + [future.result() for future in futures]  # the first here
        parts = list(zip(shares_used, counted))
        if any(part[2] for _, part in parts):
            return None, None, 1
        lengths = np.zeros(len(texts), dtype=np.int64)
        for used, part in parts:
            lengths[used] = part[1]
        return np.concatenate([part[0] for _, part in parts]), lengths, 0

    def count_tokens(self, spl, pair_ref: np.ndarray, pair_pred: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """:func:`count_tokens` of this counter's metrics."""
        return count_tokens(self.kinds, spl, pair_ref, pair_pred)


def count_tokens(kinds: np.ndarray, spl, pair_ref: np.ndarray, pair_pred: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(hits, lengths) of the metrics ``kinds`` over texts already made token ids (a
    :class:`~rouge155.text.jit_tokens.SplTexts`); a large batch is counted on every core (the kernels
    hold no GIL), a slice of the pairs per thread."""
    from ..metrics import jit_calls

    local, width = jit_calls.dense_ids(spl.ids)
    args = (local, width, spl.unit_len, spl.tokens_end, spl.units_end)
    n, workers = len(pair_ref), threads()
    if n < PARALLEL_PAIRS or workers == 1:
        hits = jit_calls.pair_hits(*args, pair_ref, pair_pred, kinds)
    else:
        bounds = np.linspace(0, n, workers + 1).astype(np.int64).tolist()
        parts = [_pool().submit(jit_calls.pair_hits, *args, pair_ref[a:b], pair_pred[a:b], kinds)
                 for a, b in zip(bounds[:-1], bounds[1:])]
        hits = np.concatenate([part.result() for part in parts])
    return hits, spl.tokens_end - spl.tokens_start()


def side_counts(kind: int, lengths: np.ndarray) -> np.ndarray:
    """A metric's count of each document (its tokens; ROUGE-N: its n-grams)."""
    return np.maximum(lengths - (kind - 1), 0) if kind > 0 else lengths


Values = Tuple[float, float, float, float, float, float]  # P, R, F, hits, reference side's count, prediction's


def perl_value(kind: int, hits: Sequence[int], lengths: Sequence[int], formula: str, alpha) -> Values:
    """The script's numbers of one metric for one prediction (``lengths[0]``) against its references
    (``hits[r]``, ``lengths[1 + r]``): one reference's totals as they are, several combined by
    :func:`~rouge155.metrics.formulas.combine` (``-f B`` compares ROUGE-N's rounded recall, ROUGE-L's
    unrounded one)."""
    pred = lengths[0]
    peer = max(pred - kind + 1, 0) if kind > 0 else pred
    if len(hits) == 1:
        hit = hits[0]
        model = max(lengths[1] - kind + 1, 0) if kind > 0 else lengths[1]
        recall, precision, f = scored(hit, model, peer, alpha)
        return precision, recall, f, float(hit), float(model), float(peer)
    matches = []
    for r, hit in enumerate(hits):
        if kind > 0:
            model = max(lengths[1 + r] - kind + 1, 0)
            score = r5(hit / model) if model else 0.0
        else:
            model = lengths[1 + r]
            score = hit / model if model > 0 else 0.0
        matches.append(ModelMatch(hit, model, peer, score))
    c = combine(matches, formula, alpha)
    return c.precision, c.recall, c.f, float(c.hit), float(c.model_count), float(c.peer_count)


def perl_block(alpha) -> Optional[Callable[[], Callable[..., Optional[np.ndarray]]]]:
    """What makes :func:`perl_value` over a whole call in one compiled dispatch
    (:func:`rouge155.metrics.jit_calls.perl_single`), for calls whose pairs have one reference each
    (else None: several references are combined by ``formulas.combine``, in Python); None for an
    ``alpha`` a double does not hold as Python computes with it (an int past 2**53)."""
    if not (type(alpha) is float or (type(alpha) is int and abs(alpha) < 1 << 53)):
        return None
    weight = float(alpha)

    def make() -> Callable[..., Optional[np.ndarray]]:
        from ..metrics.jit_calls import perl_single

        def block(hits, lengths, pair_ref, pair_pred, _pair_owner, n, kinds) -> Optional[np.ndarray]:
            if len(pair_ref) != n:
                return None
            out, ok = perl_single(hits, lengths, pair_ref, pair_pred, n, kinds, weight)
            return out if ok else None

        return block

    return make


def perl_rows(kind: int, hits: np.ndarray, lengths: np.ndarray, pair_ref: np.ndarray, pair_pred: np.ndarray,
              pair_instance: np.ndarray, n_instances: int, options: Options) -> np.ndarray:
    """The (instances, 6) counts rows of one metric over a batch, as ``compiled_pairs`` gives them."""
    model_count = side_counts(kind, lengths)[pair_ref]
    peer_count = side_counts(kind, lengths)[pair_pred]
    if kind > 0:
        counts = ModelPairCounts(hits, model_count, peer_count)
    else:
        counts = ModelPairCounts(hits, model_count, peer_count, lambda: np.where(
            model_count > 0, hits / np.where(model_count > 0, model_count, 1), 0.0))
    return combine_pairs(counts, pair_instance, n_instances, options.formula, options.alpha_num)


class LocalVocabulary:
    """A packed vocabulary per thread, made by ``make()`` and made anew past ``limit`` entries (a
    training loop scores for days: its vocabulary is bounded by size)."""

    def __init__(self, make: Callable[[], object], limit: int):
        self._make = make
        self.limit = limit
        self._local = threading.local()

    def __call__(self):
        packed = getattr(self._local, "packed", None)
        if packed is None or packed.size > self.limit:
            packed = self._local.packed = self._make()
        return packed


def distinct_layout(predictions: Sequence, references: Sequence[Sequence]
                    ) -> Tuple[list, np.ndarray, np.ndarray, np.ndarray]:
    """The distinct texts of a batch (each counted once), and per (prediction, reference) pair, in
    pair order: the reference's and the prediction's index among them and the pair's index."""
    index: Dict[object, int] = {}
    if set(map(len, references)) == {1}:  # one reference each (the usual shape): at once
        put = index.setdefault  # a text's index: the next one the first time it is met
        flat = np.array([put(text, len(index)) for pair in zip(predictions, [group[0] for group in references])
                         for text in pair], dtype=np.int64)
        return list(index), flat[1::2].copy(), flat[0::2].copy(), np.arange(len(predictions), dtype=np.int64)
    texts: list = []
    refs: List[int] = []
    preds: List[int] = []
    owner: List[int] = []
    for i, (prediction, group) in enumerate(zip(predictions, references)):
        p = index.get(prediction)
        if p is None:
            p = index[prediction] = len(texts)
            texts.append(prediction)
        for reference in group:
            r = index.get(reference)
            if r is None:
                r = index[reference] = len(texts)
                texts.append(reference)
            refs.append(r)
            preds.append(p)
            owner.append(i)
    as_array = lambda values: np.array(values, dtype=np.int64)  # noqa: E731
    return texts, as_array(refs), as_array(preds), as_array(owner)


def covered(options: Options, plan: Sequence[MetricSpec]) -> bool:
    """Whether the compiled per-call path scores a setting: ROUGE-N and ROUGE-L, no length limits (the
    compiled path's cover), in the script's byte mode."""
    return (options.word_limit_num == 0 and options.byte_limit_num == 0 and not options.unicode
            and not options.language and all(spec_kind(spec) is not None for spec in plan))
