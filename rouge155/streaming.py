"""Per-pair scores over inputs of any length, a chunk at a time: :func:`iter_score_pairs`.

``score_pairs`` takes sequences and holds every text and every score at once; these take iterables
(a generator over a file, a data set's rows) and hold one chunk: each chunk is scored by the same
per-batch function as one call over everything (a pair's numbers do not depend on the others), its
results yielded, its texts released. Memory stays that of one chunk, whatever the length.
"""
from __future__ import annotations

from itertools import islice

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Iterable, Iterator, List, Tuple

    from .pairs import PairScores

from .base.errors import OptionError

CHUNK_PAIRS = 10_000  # pairs per call: the engine's own chunks are 2,000 pairs; fixed costs spread thin


def chunks(items: Iterable, size: int) -> Iterator[list]:
    """``items`` as lists of ``size`` (the last shorter), read as they are needed."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise OptionError(f"chunk_size must be a positive integer, not {size!r}")
    iterator = iter(items)
    while True:
        part = list(islice(iterator, size))
        if not part:
            return
        yield part


def paired_chunks(predictions: Iterable, references: Iterable, size: int) -> Iterator[Tuple[list, list]]:
    """(predictions, references) chunk by chunk; one clear error, after the last full chunk, when
    one iterable ends before the other (the chunks yielded before are valid)."""
    if isinstance(predictions, (str, bytes)) or isinstance(references, (str, bytes)):
        raise OptionError("predictions and references must be iterables of texts, not one text")
    marker = object()
    refs = iter(references)
    done = 0
    for part in chunks(predictions, size):
        matched = list(islice(refs, len(part)))
        if len(matched) < len(part):
            raise OptionError(f"{done + len(part)} or more predictions but {done + len(matched)} references")
        done += len(part)
        yield part, matched
    if next(refs, marker) is not marker:
        raise OptionError(f"{done} predictions but more references")


def iter_score_pairs(predictions: Iterable, references: Iterable, *, chunk_size: int = CHUNK_PAIRS,
                     **options: Any) -> Iterator[Dict[str, PairScores]]:
    """``rouge155.score_pairs`` over iterables, ``chunk_size`` pairs per call: yields, per chunk, the
    ``{tag: PairScores}`` of its pairs (in order), each the numbers one call over all pairs gives.
    ``options``: ``score_pairs``' keyword arguments (metrics, stem, semantics, dask, ...)."""
    from .pairs import score_pairs

    for part, matched in paired_chunks(predictions, references, chunk_size):
        yield score_pairs(part, matched, **options)


def iter_batches(score_batch: Callable[[list, list], List], first: Iterable, second: Iterable, *,
                 chunk_size: int = CHUNK_PAIRS) -> Iterator[List]:
    """A drop-in's batch method over iterables, a chunk at a time: ``score_batch(first_chunk,
    second_chunk)`` per chunk, its list yielded (``RougeScorer.score_batch`` takes targets then
    predictions: ``iter_batches(scorer.score_batch, targets, predictions)``)."""
    for part, matched in paired_chunks(first, second, chunk_size):
        yield score_batch(part, matched)


__all__ = ["iter_score_pairs", "iter_batches", "chunks", "CHUNK_PAIRS"]
