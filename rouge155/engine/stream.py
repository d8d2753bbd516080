"""Streamed runs: the evaluations read, tokenized, scored and released a chunk at a time.

The input (``rouge155/inputs/streams.py``) is a *plan*: how many chunks, and ``read(k)`` giving
chunk k's evaluations and texts, in whichever process runs it (local workers and Dask workers that
see the files read their chunks themselves). Each chunk goes through the batched engine
(:func:`~rouge155.engine.batched.chunks.compute_chunk`); what stays of it is, per instance and
block, the three numbers the report needs, in a :class:`~rouge155.engine.compact.ValueTable`
(4 bytes a number), and the instance's key where it is not ``1.S`` .. ``N.S``. Once every chunk is
in, each system's table is in Perl's ``sort keys`` order and the bootstrap runs on it
(:func:`~rouge155.engine.compact.table_averages`): the same doubles added in the same order as the
in-memory path, so the same bytes.

A chunk on which the batched engine would hand over to the step-by-step one raises
:class:`~rouge155.engine.plan.NeedsStepByStep`, and an input the streamed reading cannot vouch for
(a JSONL file with a repeated id, say) raises :class:`NeedsWholeInput`: the caller then runs the
in-memory path, which reproduces the script's output or error. Nothing is printed before.
"""
from __future__ import annotations

import threading

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

    from ..base.options import Options
    from ..inputs.resources import WordLists

from ..base.errors import RougeError
from ..base.lazy import np
from ..base.records import dataclass, field
from ..inputs.config import Evaluation
from ..inputs.streams import Chunk
from .aggregate import eval_id_order, value_columns
from .compact import ValueTable, column_scales, encoded, sequential_key_ranks
from .plan import MetricSpec


class NeedsWholeInput(Exception):
    """The streamed reading cannot vouch for this input: read it whole (the in-memory path)."""


def other_columns(token_mode: Optional[int]) -> List[int]:
    """The counts-row columns the text report does not read (json/csv/html keep them too)."""
    return [c for c in range(6) if c not in value_columns(token_mode)]


@dataclass
class ChunkOutcome:
    """What a chunk leaves: per system (run indices, encoded values, other columns or None, eval IDs
    or None), the documents read empty and their evaluations, the input's facts, its size."""

    per_system: Dict[str, tuple]
    undefined: List[tuple]
    undefined_evaluations: List[Evaluation]
    facts: object
    size: int


class StreamJob:
    """``job(k)``: chunk k of ``plan`` read and scored here, its numbers encoded. Picklable; each
    process (each thread on a Dask worker) builds its own vocabulary."""

    def __init__(self, plan, options: Options, word_lists: WordLists, systems: Optional[Sequence[str]],
                 specs: List[MetricSpec], full_rows: bool):
        self.plan = plan
        self.options = options
        self.word_lists = word_lists
        self.systems = list(systems) if systems is not None else None  # None: each chunk's own
        self.specs = specs
        self.full_rows = full_rows
        self._local = threading.local()

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "_local"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._local = threading.local()

    def _vocabulary(self):
        vocab = getattr(self._local, "vocab", None)
        if vocab is None:
            from .batched.chunks import token_vocabulary

            vocab = self._local.vocab = token_vocabulary(self.options, self.word_lists)
        return vocab

    @property
    def paths(self) -> Optional[List[str]]:
        """The files the chunks are read from (a cluster checks its workers see them), or None where
        they are too many to check (a config's summaries)."""
        return None if self.plan.paths is None else list(self.plan.paths)

    def read(self, k: int) -> Chunk:
        try:
            return self.plan.read(k)
        except RougeError:  # an input error: the in-memory path says which comes first
            raise NeedsWholeInput() from None

    def __call__(self, k: int) -> ChunkOutcome:
        return self.score(self.read(k))

    def score(self, chunk: Chunk) -> ChunkOutcome:
        """A chunk read elsewhere (a cluster whose workers do not see the files), scored here."""
        from .alloc import reuse_freed_blocks
        from .batched.chunks import compute_chunk

        systems = self.systems if self.systems is not None else chunk.systems
        with reuse_freed_blocks():  # (a Dask worker's chunk; in a run's own processes, already so)
            out, undefined = compute_chunk(chunk.evaluations, chunk.first, systems, self.options,
                                           self._vocabulary(), chunk.source, self.specs)
        mode = self.options.token_mode_num
        per_system = {}
        for system, parts in zip(systems, out):
            indices = np.asarray(parts[0][0] if parts else [], dtype=np.int64)
            per_system[system] = (indices, self._encoded(parts, value_columns(mode)),
                                  self._encoded(parts, other_columns(mode)) if self.full_rows else None,
                                  None if self.plan.sequential else
                                  [chunk.evaluations[i - chunk.first].eval_id for i in indices.tolist()])
        return ChunkOutcome(per_system, undefined, _with_documents(chunk.evaluations, undefined), chunk.facts,
                            len(chunk.evaluations))

    def _encoded(self, parts, columns: List[int]) -> np.ndarray:
        rows = np.hstack([counts[:, columns] for _indices, counts in parts]) if parts else np.zeros((0, 0))
        k = encoded(rows, column_scales(columns, len(parts)))
        return rows if k is None else k


def _with_documents(evaluations: Sequence[Evaluation], undefined: List[tuple]) -> List[Evaluation]:
    """The evaluations that read one of the ``undefined`` documents (their warnings are replayed)."""
    if not undefined:
        return []
    empty = set(undefined)
    out = []
    for ev in evaluations:
        paths = [ev.peer_path(s) for s in ev.peers] + [p for _m, p in ev.model_paths()]
        if any((p, ev.input_format) in empty for p in paths):
            out.append(ev)
    return out


@dataclass
class InstanceKeys:
    """One system's instance keys: ``ranks[i]`` is the table row (Perl order) of the run's instance i
    for keys ``1.S`` .. ``N.S``; else ``keys`` are the keys in Perl order and ``arrival[j]`` the input
    position of row j (the order the formats list instances in)."""

    system: str
    n: int
    ranks: Optional[np.ndarray] = None
    keys: Optional[Sequence[bytes]] = None  # UTF-8 (a numpy bytes array, or a list where one holds a NUL)
    arrival: Optional[np.ndarray] = None

    def key(self, row: int) -> str:
        assert self.keys is not None
        return bytes(self.keys[row]).decode("utf-8", "surrogatepass")

    def listed(self) -> Tuple[List[str], np.ndarray]:
        """(keys, table rows) in evaluation order (the instances of ``--format json``)."""
        if self.ranks is not None:
            return [f"{i}.{self.system}" for i in range(1, self.n + 1)], self.ranks
        assert self.arrival is not None
        rows = np.argsort(self.arrival, kind="stable")
        return [self.key(j) for j in rows.tolist()], rows

    def printed(self, batch: int = 1 << 16) -> Iterator[Tuple[List[str], np.ndarray]]:
        """(keys, table rows) in the order ``-d`` prints them, ``batch`` at a time."""
        if self.ranks is not None:  # every key has a leading number: 1 .. N
            for start in range(0, self.n, batch):
                stop = min(self.n, start + batch)
                yield [f"{i}.{self.system}" for i in range(start + 1, stop + 1)], self.ranks[start:stop]
            return
        keys = [self.key(j) for j in range(self.n)]
        order = eval_id_order(keys)
        for start in range(0, self.n, batch):
            rows = order[start:start + batch]
            yield [keys[j] for j in rows], np.asarray(rows, dtype=np.int64)


@dataclass
class StreamedSystem:
    """A streamed run's numbers for one system: the values (three columns per block, rows in Perl
    order), the other three columns per block when kept, the keys."""

    system: str
    values: ValueTable
    others: Optional[ValueTable]
    keys: InstanceKeys


@dataclass
class _Collected:
    """One system's numbers as the chunks arrive."""

    values: ValueTable
    others: Optional[ValueTable]
    filled: int = 0
    ids: list = field(default_factory=list)  # per chunk, its instances' keys (_encoded_keys)


class StreamCollector:
    """Puts each chunk's numbers in place; :meth:`finish` puts them in Perl order."""

    def __init__(self, plan, specs: List[MetricSpec], token_mode: Optional[int], full_rows: bool):
        self.plan = plan
        self.blocks = len(specs)
        self.value_scales = column_scales(value_columns(token_mode), self.blocks)
        self.other_scales = column_scales(other_columns(token_mode), self.blocks) if full_rows else None
        self.ranks = sequential_key_ranks(plan.count) if plan.sequential else None  # (int32: 4 bytes a pair)
        self.systems: Dict[str, _Collected] = {}
        self.undefined: set = set()
        self.undefined_evaluations: List[Evaluation] = []
        self.facts: list = []

    def _system(self, system: str) -> _Collected:
        kept = self.systems.get(system)
        if kept is None:
            # rows of keys 1..N are placed at once; others arrive one system at a time, as many as
            # the input gives that system (the plan's count bounds them all): grown as they come
            n = self.plan.count if self.ranks is not None else min(self.plan.count, 1 << 16)
            others = ValueTable(n, self.other_scales) if self.other_scales is not None else None
            kept = self.systems[system] = _Collected(ValueTable(n, self.value_scales), others)
        return kept

    def add(self, outcome: ChunkOutcome) -> None:
        for system, (indices, values, others, ids) in outcome.per_system.items():
            kept = self._system(system)
            m = len(indices)
            if self.ranks is not None:
                places = self.ranks[indices]
            else:
                places = np.arange(kept.filled, kept.filled + m)
                kept.ids.append(_encoded_keys(ids, system))
                for table in (kept.values, kept.others):
                    if table is not None:
                        table.reserve(kept.filled + m)
            kept.filled += m
            if m:
                kept.values.put(places, values)
                if kept.others is not None:
                    kept.others.put(places, others)
        self.undefined.update(outcome.undefined)
        self.undefined_evaluations += outcome.undefined_evaluations
        if outcome.facts is not None:
            self.facts.append(outcome.facts)

    def finish(self, systems: Sequence[str]) -> List[StreamedSystem]:
        """Each of ``systems``' numbers, rows in Perl order."""
        out = []
        for system in systems:
            kept = self._system(system)
            if self.ranks is not None:
                keys = InstanceKeys(system, kept.filled, ranks=self.ranks)
            else:
                keys = _sorted_rows(system, kept)
            out.append(StreamedSystem(system, kept.values, kept.others, keys))
            del self.systems[system]  # its chunks' ids are released as its keys are made
        return out


def _encoded_keys(eval_ids: List[str], system: str):
    """A chunk's instance keys (``ID.SYSTEM``) as UTF-8 bytes: a numpy bytes array (a few bytes a key),
    or a list where one holds a NUL (which numpy's fixed-width bytes would drop)."""
    suffix = f".{system}".encode("utf-8", "surrogatepass")
    keys = [eval_id.encode("utf-8", "surrogatepass") + suffix for eval_id in eval_ids]
    if any(b"\0" in key for key in keys):
        return keys
    return np.array(keys, dtype=np.bytes_) if keys else np.zeros(0, dtype="S1")


def _sorted_rows(system: str, kept: _Collected) -> InstanceKeys:
    """Perl's ``sort keys`` of the instances' keys (``ID.SYSTEM``): the table's rows put in that order.
    Keys are compared as their UTF-8 bytes (the order of their code points, as Perl's ``cmp`` and
    Python's): by numpy while none holds a NUL, else in Python."""
    n = kept.filled
    parts, kept.ids = kept.ids, []
    keys: Any
    if all(isinstance(part, np.ndarray) for part in parts):
        array = np.concatenate(parts) if parts else np.zeros(0, dtype="S1")
        del parts
        order = np.argsort(array, kind="stable")
        keys = array[order]
    else:
        listed = [bytes(key) for part in parts for key in part]
        order = np.asarray(sorted(range(n), key=listed.__getitem__), dtype=np.int64)
        keys = [listed[j] for j in order.tolist()]
    for table in (kept.values, kept.others):
        if table is not None:
            table.values = table.values[:n]
            table.reordered(order)
    return InstanceKeys(system, n, keys=keys, arrival=order)


CHUNK_ENV = "ROUGE155_CHUNK_PAIRS"  # pairs per chunk of a streamed run (measurements: bench.py --mode cluster)


def chunker(jobs: int) -> Callable[[List[int]], List[int]]:
    """A plan's chunk bounds over its items' weights (pairs), as the in-memory path cuts a run for
    ``jobs`` processes (``chunks.chunk_budget``, ``chunks.chunk_bounds``), or ``$ROUGE155_CHUNK_PAIRS``
    pairs each."""
    import os

    from .batched.chunks import chunk_bounds, chunk_budget

    given = os.environ.get(CHUNK_ENV, "")

    def cut(weights: List[int]) -> List[int]:
        budget = int(given) if given.isdigit() and int(given) > 0 else chunk_budget(sum(weights), jobs)
        return chunk_bounds(weights, budget, jobs)

    return cut


def run_stream(plan, options: Options, systems: Optional[Sequence[str]], word_lists: WordLists,
               specs: List[MetricSpec], workers, progress: Optional[Callable[[int], None]] = None,
               full_rows: bool = False) -> StreamCollector:
    """Every chunk of ``plan`` scored (on ``workers``: an executor, entered by the caller) and
    collected. ``systems``: the systems to score (None: every system the chunks have)."""
    plan.cut(chunker(workers.jobs))
    job = StreamJob(plan, options, word_lists, systems, specs, full_rows)
    collector = StreamCollector(plan, specs, options.token_mode_num, full_rows)
    sizes = plan.sizes

    def done(k: int) -> None:
        if progress:
            progress(sizes[k])

    from .alloc import reuse_freed_blocks

    with reuse_freed_blocks():
        for outcome in workers.stream_tasks(len(sizes), job, done):
            collector.add(outcome)
    return collector
