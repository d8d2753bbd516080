"""Scorers made once and called per pair: every implementation's per-call path.

A training loop scores one completion, or one group, per call, millions of times; ``RougeScorer.score``
is called in a loop. What ``score_pairs`` resolves on every call (the metric names, the options, the
implementation's setup, the vocabulary) a :class:`CallScorer` resolves once, so that a call costs its
texts. :func:`scorer` keeps the scorers of the settings last asked for (a bounded number).

Each implementation's record makes its own (:meth:`~rouge155.semantics.record.Semantics.call_scorer`):
the Perl's and rouge-score's count through the compiled kernels where numba is installed
(:mod:`rouge155.engine.calls`), every other one is :class:`Generic` (its ``score_pairs``, one call at a
time). Either way the numbers are ``score_pairs``' own: the tests compare them value for value.

Token ids (:mod:`rouge155.inputs.token_ids`) are scored as the whitespace-joined ids would be as text
(the ``--write-token-ids`` convention): each sequence one sentence, each id one token.
"""
from __future__ import annotations

import threading
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..base.errors import OptionError
from ..engine.calls import Values, distinct_layout
from ..engine.pairs import FIELDS, PairScores
from ..output.signature import SignedScores
from ..text import jit

CALL_PAIRS = 4096  # score_pairs: a batch of at most this many pairs goes through the setting's kept scorer
SCALAR_PAIRS = 32  # a batch of at most this many pairs is combined pair by pair (numpy's fixed costs exceed it)
SCORERS_KEPT = 64  # settings whose scorer :func:`_kept` keeps (each holds no texts: vocabularies are per thread)
_scorers: Dict[tuple, "CallScorer"] = {}
_lock = threading.Lock()


class CallScorer:
    """One implementation with one setting, resolved once. ``one(prediction, references)`` gives per
    metric name (as asked) the pair's :data:`~rouge155.engine.calls.Values` (P, R, F, hits, the
    reference side's count, the prediction's); ``many(predictions, references)`` a batch's
    ``{name: PairScores}``; ``one_ids``/``many_ids`` the same for token ids (integer arrays)."""

    names: Tuple[str, ...] = ()

    def one(self, prediction, references: Sequence) -> Dict[str, Values]:
        raise NotImplementedError

    def many(self, predictions: Sequence, references: Sequence[Sequence]) -> Dict[str, PairScores]:
        raise NotImplementedError

    def one_ids(self, prediction: np.ndarray, references: Sequence[np.ndarray]) -> Dict[str, Values]:
        """Token ids: the joined ids as text, by :meth:`one` (an implementation's own path may do without)."""
        return self.one(ids_text(prediction), [ids_text(r) for r in references])

    def values(self, predictions: Sequence, references: Sequence) -> List[Dict[str, Values]]:
        """Each pair's values (as :meth:`one` gives them) of a batch."""
        return pair_rows(self.many(predictions, references), len(predictions))

    def values_ids(self, predictions: Sequence[np.ndarray], references: Sequence[Sequence[np.ndarray]]
                   ) -> List[Dict[str, Values]]:
        return pair_rows(self.many_ids(predictions, references), len(predictions))

    def many_ids(self, predictions: Sequence[np.ndarray], references: Sequence[Sequence[np.ndarray]]
                 ) -> Dict[str, PairScores]:
        return self.many([ids_text(p) for p in predictions], [[ids_text(r) for r in refs] for refs in references])


def references_per_pair(references: Sequence) -> List[int]:
    """Each pair's number of references (a text alone, or what is no sequence, one: refused later)."""
    return [len(r) if hasattr(r, "__len__") and not isinstance(r, (str, bytes, bytearray, memoryview)) else 1
            for r in references]


_TEXT_TYPES = {str, bytes}


def reference_lists(
predictions: Sequence, references: Sequence) -> Optional[List[list]]:
    """Each pair's references as a list of texts (one text alone: one reference), or None where the
    batch is not one of texts with references each (the plain path's errors then say why)."""
    if isinstance(predictions, (str, bytes)) or isinstance(references, (str, bytes)):
        return None
    if len(predictions) != len(references):
        return None
    if set(map(type, references)) <= _TEXT_TYPES and set(map(type, predictions)) <= _TEXT_TYPES:
        return [[refs] for refs in references]  # one text each (the usual batch): its types tested in C
    out = []
    for refs in references:
        if isinstance(refs, (str, bytes)):
            out.append([refs])
        elif isinstance(refs, (list, tuple)) and refs and all(isinstance(r, (str, bytes)) for r in refs):
            out.append(list(refs))
        else:
            return None
    if not all(isinstance(p, (str, bytes)) for p in predictions):
        return None
    return out


def ids_text(ids
: np.ndarray) -> str:
    """Token ids as the text that scores the same: the ids in decimal, separated by spaces, one line."""
    return " ".join(map(str, ids.tolist()))


def first_values(scores: Dict[str, PairScores]) -> Dict[str, Values]:
    """The first pair's values of ``{name: PairScores}``."""
    return pair_rows(scores, 1)[0]


def pair_rows(scores: Dict[str, PairScores], n: int) -> List[Dict[str, Values]]:
    """Each pair's values of ``{name: PairScores}``."""
    columns = {name: list(zip(*(getattr(v, f).tolist() for f in FIELDS))) for name, v in scores.items()}
    return [{name: column[i] for name, column in columns.items()} for i in range(n)]


class Generic(CallScorer):
    """Any implementation, through its plain ``score_pairs`` (``record.plain_scores``), one call at a time."""

    def __init__(self, scores: Callable[..., Dict[str, PairScores]], metrics: Sequence[str],
                 options: Dict[str, object]):
        self.scores, self.metrics, self.options = scores, list(metrics), options
        self.names = tuple(dict.fromkeys(self.metrics))

    def many(self, predictions, references):
        return self.scores(predictions, references, self.metrics, **self.options)

    def one(self, prediction, references):
        return first_values(self.many([prediction], [list(references)]))


Combine = Callable[[int, List[int], List[int]], Values]  # (kernel code, hits per reference, lengths) -> values


class Compiled(CallScorer):
    """An implementation whose tokens the compiled pass makes (:class:`rouge155.engine.calls.TextCounter`):
    ``encode(text)`` is its bytes (None: a text it does not take, scored by ``fallback``),
    ``combine`` its numbers from one pair's counts, ``batch_values`` a metric's over a batch's counts
    (numpy), ``kinds`` its metrics' kernel codes (per name). ``several``: whether a pair may have several
    references (else the fallback refuses them); ``local``: every run of letters and digits is a token
    as it is (no stemming, no stopwords), so a call numbers its own tokens."""

    def __init__(self, names: Sequence[str], kinds: Sequence[int], vocabulary: Callable[[], object],
                 encode: Callable[[object], Optional[bytes]], combine: Combine, fallback: CallScorer,
                 batch_values: Callable[..., PairScores], several: bool = True, local: bool = False,
                 block: Optional[Callable[[], Callable[..., Optional[np.ndarray]]]] = None):
        from ..engine.calls import TextCounter

        self.names = tuple(names)
        self.kinds = list(kinds)
        self.counter = TextCounter(self.kinds, vocabulary, local)
        self.encode, self.combine, self.fallback, self.batch_values = encode, combine, fallback, batch_values
        self.several, self.local = several, local
        # what makes ``combine`` over a whole call's counts in one compiled dispatch, if there is one (it gives
        # None for a call it does not cover: ``combine`` then, pair by pair)
        self.block = block
        self._block: Optional[Callable[..., Optional[np.ndarray]]] = None

    def extended(self, extra: Dict[str, int]) -> "Compiled":
        """This scorer with more metrics (name -> kernel code: the summary-level LCS over the text as one
        sentence, say). Only :meth:`counted` and :meth:`counted_many` know them (not the fallback)."""
        return Compiled(self.names + tuple(extra), self.kinds + list(extra.values()), self.counter.vocabulary,
                        self.encode, self.combine, self.fallback, self.batch_values, self.several, self.local,
                        self.block)

    def _values(self, hits: np.ndarray, lengths: np.ndarray) -> Dict[str, Values]:
        lengths_list = lengths.tolist()
        combine = self.combine
        return {name: combine(kind, column, lengths_list)
                for name, kind, column in zip(self.names, self.kinds, hits.T.tolist())}

    def _blocked(self, hits, lengths, pair_ref, pair_pred, pair_owner, n: int) -> Optional[np.ndarray]:
        """The (metrics, 6, n) numbers of a call's counts by the implementation's compiled ``combine``
        (one dispatch instead of a Python call per metric and pair), None where it has none or it does
        not cover the call."""
        if self.block is None:
            return None
        kernel = self._block
        if kernel is None:
            kernel = self._block = self.block()
        return kernel(hits, lengths, pair_ref, pair_pred, pair_owner, n, self.counter.kinds)

    # -- one pair --------------------------------------------------------------------------------------
    def _one_counts(self, prediction, references: Sequence) -> Optional[tuple]:
        """(hits, lengths, pair_ref, pair_pred) of one pair through the kernels (None: a text this
        implementation's compiled pass does not take)."""
        encode = self.encode
        pred = encode(prediction)
        refs = [encode(r) for r in references]
        if pred is None or None in refs or not refs or (len(refs) > 1 and not self.several):
            return None
        pair_ref, pair_pred = self.counter.layout(len(refs))
        return (*self.counter.count([pred] + refs, pair_ref, pair_pred), pair_ref, pair_pred)  # type: ignore[operator]

    def counted(self, prediction, references: Sequence) -> Optional[Dict[str, Values]]:
        """:meth:`one` through the kernels, whatever :func:`rouge155.text.jit.wanted` says (None: a text
        this implementation's compiled pass does not take)."""
        counts = self._one_counts(prediction, references)
        if counts is None:
            return None
        hits, lengths, pair_ref, pair_pred = counts
        block = self._blocked(hits, lengths, pair_ref, pair_pred, pair_pred, 1)  # (one pair: every row its own)
        if block is None:
            return self._values(hits, lengths)
        return dict(zip(self.names, map(tuple, block[:, :, 0].tolist())))

    def one(self, prediction, references):
        values = self.counted(prediction, references) if jit.wanted(1) else None
        return self.fallback.one(prediction, references) if values is None else values

    def one_ids(self, prediction, references):
        if not references or (len(references) > 1 and not self.several) or not jit.wanted(1):
            return self.fallback.one_ids(prediction, references)
        k = len(references)
        pair_ref = np.arange(1, k + 1, dtype=np.int64)
        return self._values(*self.counter.count_tokens(id_texts([prediction, *references]), pair_ref,
                                                       np.zeros(k, dtype=np.int64)))

    # -- a batch ---------------------------------------------------------------------------------------
    def batch_counts(self, predictions, references) -> Optional["Counted"]:
        """The counts of a batch of texts (each distinct text tokenized once; None: not a batch of texts
        this implementation's compiled pass takes)."""
        refs = reference_lists(predictions, references)
        if refs is None or (not self.several and any(len(r) > 1 for r in refs)):
            return None
        texts, pair_ref, pair_pred, pair_owner = distinct_layout(predictions, refs)
        encoded = [self.encode(t) for t in texts]
        if None in encoded:
            return None
        hits, lengths = self.counter.count(encoded, pair_ref, pair_pred)  # type: ignore[arg-type]
        return Counted(hits, lengths, pair_ref, pair_pred, pair_owner, len(predictions))

    def id_counts(self, predictions, references) -> Optional["Counted"]:
        """The counts of a batch of token ids (None: a pair it cannot take)."""
        if any(len(r) == 0 or (len(r) > 1 and not self.several) for r in references):
            return None
        texts, pair_ref, pair_pred, pair_owner = distinct_layout([IdKey(p) for p in predictions],
                                                                 [[IdKey(r) for r in refs] for refs in references])
        hits, lengths = self.counter.count_tokens(id_texts([t.ids for t in texts]), pair_ref, pair_pred)
        return Counted(hits, lengths, pair_ref, pair_pred, pair_owner, len(predictions))

    def counted_many(self, predictions, references) -> Optional[Dict[str, PairScores]]:
        """:meth:`many` through the kernels, whatever :func:`rouge155.text.jit.wanted` says (None: not a
        batch of texts this implementation's compiled pass takes)."""
        if type(predictions) is list and type(references) is list and len(predictions) == len(references) == 1:
            refs = references[0]  # one pair: its texts are checked by encode (None: not a text it takes)
            refs = [refs] if isinstance(refs, (str, bytes)) else refs if type(refs) in (list, tuple) else None
            counts = None if refs is None else self._one_counts(predictions[0], refs)
            if counts is None:
                return None
            hits, lengths, pair_ref, pair_pred = counts
            block = self._blocked(hits, lengths, pair_ref, pair_pred, pair_pred, 1)
            return self.rows_scores([self._values(hits, lengths)]) if block is None else self._block_scores(block)

        counted = self.batch_counts(predictions, references)
        return None if counted is None else self.scores(counted)

    def many(self, predictions, references):
        values = self.counted_many(predictions, references) if jit.wanted(len(predictions)) else None
        return self.fallback.many(predictions, references) if values is None else values  # (its errors)

    def many_ids(self, predictions, references):
        counted = self.id_counts(predictions, references) if jit.wanted(len(predictions)) else None
        return self.fallback.many_ids(predictions, references) if counted is None else self.scores(counted)

    def scores(self, c: "Counted") -> Dict[str, PairScores]:
        """Per name, the batch's PairScores (a few pairs pair by pair, as :meth:`one` makes them: numpy's
        fixed costs exceed theirs)."""
        block = self._blocked(c.hits, c.lengths, c.pair_ref, c.pair_pred, c.pair_owner, c.n)
        if block is not None:
            return self._block_scores(block)
        if c.n <= SCALAR_PAIRS:
            return self.rows_scores(self.pair_values(c))
        return {name: self.batch_values(name, kind, c.hits[:, m], c.lengths, c.pair_ref, c.pair_pred, c.pair_owner, c.n)
                for m, (name, kind) in enumerate(zip(self.names, self.kinds))}

    def _block_scores(self, block: np.ndarray) -> Dict[str, PairScores]:
        """Per name, the PairScores of a (metrics, 6, n) block (views of it)."""
        return {name: PairScores.from_block(block[m]) for m, name in enumerate(self.names)}

    def rows_scores(self, rows: List[Dict[str, Values]]) -> Dict[str, PairScores]:
        """Per name, the PairScores of pairs' values (in one array)."""
        names = self.names
        if len(rows) == 1:  # one pair (a call per completion): one array of its numbers, a view per name
            row = rows[0]
            flat = [x for name in names for x in row[name]]  # (a flat list: numpy reads it 3x faster)
            one = np.array(flat, dtype=np.float64).reshape(len(names), len(FIELDS), 1)
            return {name: PairScores.from_block(one[m]) for m, name in enumerate(names)}
        table = np.array([[r[name] for name in names] for r in rows], dtype=np.float64)
        table = table.reshape(len(rows), len(names), len(FIELDS)).transpose(1, 2, 0)
        return {name: PairScores.from_block(columns) for name, columns in zip(names, table)}

    def pair_values(self, c: "Counted") -> List[Dict[str, Values]]:
        """Each pair's values, as :meth:`one` gives them."""
        block = self._blocked(c.hits, c.lengths, c.pair_ref, c.pair_pred, c.pair_owner, c.n)
        if block is not None:
            names = self.names
            return [dict(zip(names, map(tuple, pair))) for pair in block.transpose(2, 0, 1).tolist()]
        lengths, pair_ref, pair_pred = c.lengths.tolist(), c.pair_ref.tolist(), c.pair_pred.tolist()
        starts = np.searchsorted(c.pair_owner, np.arange(c.n + 1)).tolist()
        columns = c.hits.T.tolist()
        combine = self.combine
        out = []
        for i in range(c.n):
            a, b = starts[i], starts[i + 1]
            sides = [lengths[pair_pred[a]]] + [lengths[r] for r in pair_ref[a:b]]
            out.append({name: combine(kind, column[a:b], sides)
                        for name, kind, column in zip(self.names, self.kinds, columns)})
        return out

    def values(self, predictions, references):
        counted = self.batch_counts(predictions, references) if jit.wanted(len(predictions)) else None
        return super().values(predictions, references) if counted is None else self.pair_values(counted)

    def values_ids(self, predictions, references):
        counted = self.id_counts(predictions, references) if jit.wanted(len(predictions)) else None
        return super().values_ids(predictions, references) if counted is None else self.pair_values(counted)


class Counted:
    """A batch's counts: ``hits[p, m]`` of pair p and metric m, each distinct text's token count, and per
    pair (in pair order) its reference's and prediction's text and the pair's index; ``n`` pairs."""

    __slots__ = ("hits", "lengths", "pair_ref", "pair_pred", "pair_owner", "n")

    def __init__(self, hits, lengths, pair_ref, pair_pred, pair_owner, n):
        self.hits, self.lengths, self.pair_ref, self.pair_pred, self.pair_owner, self.n = (
            hits, lengths, pair_ref, pair_pred, pair_owner, n)


class IdKey:
    """Token ids as a dict key (equal ids, one text of the batch)."""

    __slots__ = ("ids", "_key")

    def __init__(self, ids: np.ndarray):
        self.ids = ids
        self._key = ids.tobytes()

    def __hash__(self) -> int:
        return hash(self._key)

    def __eq__(self, other) -> bool:
        return isinstance(other, IdKey) and self._key == other._key


def id_texts(sequences: Sequence[np.ndarray]):
    """Token-id sequences as the compiled pass's texts: each one sentence (none when empty)."""
    from ..text.jit_tokens import SplTexts

    lengths = np.fromiter(map(len, sequences), dtype=np.int64, count=len(sequences))
    ids = np.concatenate(sequences).astype(np.int64) if len(sequences) else np.zeros(0, dtype=np.int64)
    return SplTexts(ids, lengths[lengths > 0], lengths.cumsum(), (lengths > 0).cumsum())


def scorer(semantics: str, metrics: Sequence[str], **options) -> CallScorer:
    """The scorer of ``semantics`` for ``metrics`` and ``score_pairs``' ``options`` (``stem``,
    ``remove_stopwords``, ``multi_reference``, ``alpha``, ``word_limit``, ``byte_limit``, ``data_dir``),
    made on first use and kept (:func:`_kept`); what the implementation has no counterpart for is its
    ValueError, raised here."""
    from . import get

    return _kept((semantics, tuple(metrics), tuple(sorted(options.items()))),
                 lambda: get(semantics).call_scorer(list(metrics), **options))


def _kept(key: tuple, make: Callable[[], CallScorer]) -> CallScorer:
    """The scorer kept under ``key``, made by ``make()`` on first use; the last :data:`SCORERS_KEPT`
    are kept (:func:`scorer`'s keys and :func:`score_call`'s, its arguments as given: no sorting per call)."""
    made = _scorers.get(key)
    if made is None:
        made = make()
        with _lock:
            while len(_scorers) >= SCORERS_KEPT:
                _scorers.pop(next(iter(_scorers)), None)
            _scorers[key] = made
    return made


def score_ids(implementation, predictions: Sequence, references: Sequence, metrics, *, pad_id: Optional[int] = None,
              special_ids: Sequence[int] = (), signature_check: Optional[str] = None, **options):
    """``rouge155.score_pairs`` of token ids under ``implementation`` (:mod:`rouge155.inputs.token_ids`;
    ``options``: its scoring options): the numbers of the ids written as texts, each sequence one
    sentence; the setting's kept scorer counts the ids as they are where it can (:meth:`CallScorer.many_ids`)."""
    from ..inputs.token_ids import token_batch
    if options["stem"] or options["remove_stopwords"]:
        raise OptionError("token ids are scored as they are: stem and remove_stopwords do not apply")
    preds, refs = token_batch(predictions, references, pad_id, special_ids)
    signature_args = implementation.signature_args([len(r) for r in refs], False, options["multi_reference"],
                                                   options["alpha"], options["word_limit"], options["byte_limit"],
                                                   options["data_dir"], signature_check, metrics)
    made = scorer(implementation.name, [metrics] if isinstance(metrics, str) else list(metrics), **options)
    return SignedScores(made.many_ids(preds, refs), signature_args)


def _options(stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit, data_dir, language
             ) -> Dict[str, object]:
    options: Dict[str, object] = dict(stem=stem, remove_stopwords=remove_stopwords, multi_reference=multi_reference,
                                      alpha=alpha, word_limit=word_limit, byte_limit=byte_limit, data_dir=data_dir)
    if language is not None:  # (a key only when given: the scorers kept for the usual settings stay as they are)
        options["language"] = language
    return options


def score_call(implementation, predictions: Sequence, references: Sequence, metrics, *, stem: bool = False,
               remove_stopwords: bool = False, multi_reference: str = "A", alpha: float = 0.5,
               word_limit: Optional[int] = None, byte_limit: Optional[int] = None, data_dir: Optional[str] = None,
               dask=None, signature_check: Optional[str] = None, language: Optional[str] = None):
    """``rouge155.score_pairs`` under ``implementation``: ``{name asked: PairScores}`` signed by the
    call's own settings (its options mapped onto the implementation's; what it lacks a ValueError). A
    batch of up to :data:`CALL_PAIRS` pairs goes through the setting's kept scorer, a larger one
    through its ``plain_scores``: the same numbers."""
    counts = references_per_pair(references)  # (as given now, not as they may be later)

    def signed():  # (results are signed only when their signature is read)
        return implementation.signature_args(counts, stem, multi_reference, alpha, word_limit, byte_limit, data_dir,
                                             signature_check, metrics, language)

    signature_args = signed() if signature_check is not None else signed
    if dask is None and len(predictions) <= CALL_PAIRS:
        names = [metrics] if isinstance(metrics, str) else list(metrics)
        made = _kept((implementation.name, tuple(names), stem, remove_stopwords, multi_reference, alpha, word_limit,
                      byte_limit, data_dir, language),
                     lambda: implementation.call_scorer(names, **_options(
                         stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit, data_dir, language)))
        return SignedScores(made.many(predictions, references), signature_args)
    options = _options(stem, remove_stopwords, multi_reference, alpha, word_limit, byte_limit, data_dir, language)
    if dask is not None and "dask" not in implementation.counterparts:
        raise OptionError("dask= scores the Perl's semantics only")
    return SignedScores(implementation.plain_scores(predictions, references, metrics, dask=dask, **options),
                        signature_args)
