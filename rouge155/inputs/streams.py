"""Inputs read a chunk at a time: the *plans* of a streamed run (``rouge155/engine/stream.py``).

A plan is made in one pass over the input that keeps only where chunks may start (byte offsets of
every :data:`GRAIN`-th line, names of files); ``read(k)`` then gives chunk k's evaluations and texts
(a :class:`Chunk`), built by the same functions as the in-memory modes (:mod:`.plaintext`,
:mod:`.jsonl`), in any process: a plan is picklable and names files by absolute path, so workers read
their own chunks. A plan's attributes: ``count`` (evaluations, or an upper bound), ``sequential``
(evaluation IDs are 1..N, one system each), ``paths`` (the files read, for a cluster to check that its
workers see them; None: too many to check), ``reference_counts`` (for the signature, when known before
scoring); ``cut(chunker)`` cuts it into chunks (the engine's ``chunker`` gives chunk bounds over item
weights) and sets ``sizes`` (evaluations per chunk); ``finish(facts, all_systems)`` gives the systems
to report once every chunk is read, or None where the in-memory path must read the input.
"""
from __future__ import annotations

import os

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, List, Optional, Sequence, Tuple

    Chunker = Callable[[List[int]], List[int]]  # item weights (pairs) -> chunk bounds over the items

from ..base.errors import RougeError
from ..base.lazy import np
from ..base.records import dataclass
from .config import Evaluation
from .sources import MemorySource, TextSource

_BLOCK = 1 << 22  # bytes read at a time while counting lines


@dataclass
class Chunk:
    """Chunk k of a plan: its evaluations, their texts, the run's index of the first one, the
    systems they have (first seen first) and what the input checks once all are read (``facts``)."""

    evaluations: List[Evaluation]
    source: TextSource
    first: int
    systems: List[str]
    facts: object = None


def _open(path: str):
    try:
        return open(path, "rb")
    except OSError as exc:
        raise RougeError(f"Cannot open {path}: {exc.strerror}") from None
    except ValueError as exc:  # a NUL in the name
        raise RougeError(f"Cannot open {path!r}: {exc}") from None


def line_marks(path: str, every: int) -> Tuple[int, List[int]]:
    """(lines, offsets): the number of lines as ``perl.chomped_lines`` counts them, and the byte
    offset where each ``every``-th line starts (line 0, every, 2 every, ...), then the file's end."""
    marks, count, pos, last = [0], 0, 0, b"\n"
    with _open(path) as fh:
        while True:
            try:
                block = fh.read(_BLOCK)
            except OSError as exc:
                raise RougeError(f"Cannot open {path}: {exc.strerror}") from None
            if not block:
                break
            found = block.count(b"\n")
            if count + found >= len(marks) * every:  # a chunk starts after a newline of this block
                ends = np.flatnonzero(np.frombuffer(block, dtype=np.uint8) == 10)
                while count + found >= len(marks) * every:
                    marks.append(pos + int(ends[len(marks) * every - count - 1]) + 1)
            count += found
            pos += len(block)
            last = block[-1:]
    lines = count + (last != b"\n")
    starts = [m for k, m in enumerate(marks) if k * every < lines]
    return lines, starts + [pos]


def _chunk_lines(path: str, start: int, stop: int) -> List[bytes]:
    """The lines between two offsets of :func:`line_marks` (``chomped_lines`` of that part)."""
    with _open(path) as fh:
        fh.seek(start)
        data = fh.read(stop - start)
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


GRAIN = 64  # lines between two offsets a plan keeps; chunks are whole numbers of these


def _bounds_sizes(bounds: List[int], count: int, scale: int = 1) -> List[int]:
    """Evaluations per chunk of ``bounds`` over items of ``scale`` evaluations (the last ones fewer)."""
    return [min(b * scale, count) - a * scale for a, b in zip(bounds[:-1], bounds[1:])]


class _LineChunks:
    """Chunks of lines of files read in parallel: ``marks[f]`` holds where every :data:`GRAIN`-th
    line of file f starts (then its end); chunks are whole numbers of those blocks of lines."""

    count = 0
    pairs_each = 1
    marks: List[List[int]] = []
    bounds: List[int] = [0]

    def cut(self, chunker: Chunker) -> None:
        """Chunks of the ``chunker``'s bounds over the blocks of :data:`GRAIN` lines."""
        blocks = -(-self.count // GRAIN)
        weights = [GRAIN * self.pairs_each] * blocks
        if blocks:
            weights[-1] = (self.count - (blocks - 1) * GRAIN) * self.pairs_each
        self.bounds = chunker(weights) if blocks else [0]
        self.sizes = _bounds_sizes(self.bounds, self.count, GRAIN)

    def _first(self, k: int) -> int:
        return self.bounds[k] * GRAIN

    def _lines(self, f: int, k: int, path: str) -> List[bytes]:
        """Chunk k's lines of file f (at ``path``)."""
        marks = self.marks[f]
        return _chunk_lines(path, marks[self.bounds[k]], marks[min(self.bounds[k + 1], len(marks) - 1)])


class _OneSystem:
    """A plan whose evaluations are 1..N, each of the one system ``system_id``."""

    sequential = True
    several_systems = False
    system_id = "1"

    def labels(self) -> Dict[str, str]:
        """Evaluation ID -> its name where it has one (directory mode: its file), as ``EvalConfig.labels``."""
        return {}

    def raw_texts(self, _k: int) -> Optional[List[bytes]]:
        """Chunk k's texts as bytes where the plan has them without reading its evaluations, else None."""
        return None

    def finish(self, _facts, _all_systems: bool) -> Optional[List[str]]:
        """The systems to report, once every chunk is read."""
        return [self.system_id]


class ParallelFilesPlan(_LineChunks, _OneSystem):
    """``--summaries/--references`` a chunk of lines at a time (evaluations 1..N, one system)."""

    def __init__(self, summaries: str, references: Sequence[str], system_id: str, separator, split: bool):
        from .plaintext import separator_bytes

        if not references:
            raise RougeError("--references: give at least one file (one reference summary per line)")
        self.summaries, self.references = summaries, list(references)
        self.system_id, self.split, self.separator = system_id, bool(split), separator_bytes(separator)
        self.paths = [os.path.abspath(p) for p in [summaries, *references]]
        self.count, marks = line_marks(summaries, GRAIN)
        self.marks = [marks]
        for path in references:  # as the in-memory mode reads them: the first that differs is named
            lines, marks = line_marks(path, GRAIN)
            if lines != self.count:
                raise RougeError(f"{path} has {lines} lines but {summaries} has {self.count}: "
                                 "every --references file must be parallel to --summaries")
            self.marks.append(marks)
        self.pairs_each = len(self.references)
        self.reference_counts = [len(self.references)]

    def raw_texts(self, k: int) -> Optional[List[bytes]]:
        """Chunk k's texts as bytes with their characters (the separator taken out), without building its
        evaluations: a quick look at what they hold (rouge155's notes)."""
        lines = [line for f, path in enumerate(self.paths) for line in self._lines(f, k, path)]
        return [line.replace(self.separator, b" ") for line in lines] if self.separator else lines

    def read(self, k: int) -> Chunk:
        from .plaintext import parallel_evaluations

        lines = [self._lines(f, k, path) for f, path in enumerate(self.paths)]
        texts: Dict[str, bytes] = {}
        first = self._first(k)
        evaluations = parallel_evaluations(self.summaries, self.references, lines[0], lines[1:], first,
                                           self.system_id, self.split, self.separator, texts)
        return Chunk(evaluations, MemorySource(texts), first, [self.system_id])


class DirectoriesPlan(_OneSystem):
    """``--system-dir/--model-dir``: the files paired up front, read a chunk of evaluations at a time."""

    def __init__(self, system_dir: str, model_dir: str, system_pattern: str, model_pattern: str, system_id: str,
                 split: bool):
        from .plaintext import directory_matches

        matched, matcher = directory_matches(system_dir, model_dir, system_pattern, model_pattern)
        if not matched:
            raise RougeError(f"No file in {system_dir} matches --system-pattern {system_pattern}")
        self.evaluations = [(name, ident, matcher.models(ident)) for name, ident in matched]
        self.dirs = (os.path.abspath(system_dir), os.path.abspath(model_dir), system_dir, model_dir)
        self.model_pattern, self.system_id, self.split = model_pattern, system_id, bool(split)
        self.count = len(self.evaluations)
        self.paths = [self.dirs[0], self.dirs[1]]
        self.reference_counts = [len(models) for _n, _i, models in self.evaluations]
        self.bounds = [0]

    def cut(self, chunker: Chunker) -> None:
        """Chunks of the ``chunker``'s bounds over the evaluations (their pairs)."""
        self.bounds = chunker([max(1, n) for n in self.reference_counts])
        self.sizes = _bounds_sizes(self.bounds, self.count)

    def labels(self) -> Dict[str, str]:
        return {str(number): name for number, (name, _ident, _models) in enumerate(self.evaluations, 1)}

    def read(self, k: int) -> Chunk:
        from .plaintext import directory_evaluation

        first, stop = self.bounds[k], self.bounds[k + 1]
        system_dir, model_dir, shown_system_dir, shown_model_dir = self.dirs
        texts: Dict[str, bytes] = {}
        evaluations = []
        for number, (name, ident, models) in enumerate(self.evaluations[first:stop], first + 1):
            ev = directory_evaluation(system_dir, model_dir, name, models, ident, self.model_pattern, str(number),
                                      self.system_id, self.split, texts)
            evaluations.append(_shown(ev, texts, system_dir, model_dir, shown_system_dir, shown_model_dir))
        return Chunk(evaluations, MemorySource(texts), first, [self.system_id])



def _shown(ev, texts: Dict[str, bytes], system_dir: str, model_dir: str, shown_system: str, shown_model: str):
    """An evaluation read through absolute directory names, renamed as the user gave the directories
    (the names the script's warnings print)."""
    if system_dir == shown_system and model_dir == shown_model:
        return ev
    def shown(path: str, real: str, given: str) -> str:
        name = os.path.join(given, os.path.relpath(path, real))
        texts.setdefault(name, texts[path])
        return name

    peers = {s: shown(p, system_dir, shown_system) for s, p in ev.peers.items()}
    renamed = Evaluation.listed(ev.eval_id, ev.input_format, peers,
                                [shown(p, model_dir, shown_model) for _m, p in ev.model_paths()])
    renamed.name = ev.name
    return renamed


class JsonlPlan(_LineChunks):
    """``--jsonl``: a chunk of lines at a time, one evaluation per record. What the in-memory mode
    checks across records (an id's systems, their references) is checked once all are read
    (:meth:`finish`), from each record's id, system and a digest of its references."""

    sequential = False
    several_systems = False  # known once every record is read (finish)
    reference_counts = None  # known only once every record is read

    def __init__(self, path: str, system_id: str, separator, split: bool):
        from .plaintext import separator_bytes

        self.path, self.absolute = path, os.path.abspath(path)
        self.system_id, self.split = system_id, bool(split)
        self.separator = separator_bytes(separator)
        self.count, marks = line_marks(path, GRAIN)
        self.marks = [marks]
        self.paths = [self.absolute]

    def labels(self) -> Dict[str, str]:
        return {}

    def read(self, k: int) -> Chunk:
        from .jsonl import checked_record, lines_records, prediction_key, reference_keys

        lines = self._lines(0, k, self.absolute)
        texts: Dict[str, bytes] = {}
        evaluations, systems, owners = [], {}, []  # type: Tuple[List, Dict[str, int], List[int]]
        ids, digests = [], []
        for where, record in lines_records(self.path, lines, self._first(k) + 1):
            ident, system, prediction, references = checked_record(record, where)
            system = self.system_id if system is None else system
            peer = prediction_key(where, prediction, self.split, self.separator, texts)
            models = reference_keys(where, references, self.split, self.separator, texts)
            evaluations.append(Evaluation.listed(ident, "SPL", {system: peer}, models))
            owners.append(systems.setdefault(system, len(systems)))
            ids.append(_digest(ident))
            digests.append(_digest(repr(list(references))))
        # per record: its id's and references' digests and its system (an index into the chunk's systems)
        facts = (np.array(ids, dtype=np.uint64), np.array(digests, dtype=np.uint64), np.array(owners, dtype=np.int64),
                 list(systems))
        return Chunk(evaluations, MemorySource(texts), 0, list(systems), facts)

    def finish(self, facts, all_systems: bool) -> Optional[List[str]]:
        """The systems to report (sorted with -a, else ``--system-id``), or None where the in-memory
        mode must read the file: a second prediction for an id, other references, an id a system
        lacks, no record, an absent system (its messages and warnings). Ids and references are
        compared by 64-bit digests: two that collide only send the run to the in-memory mode."""
        seen: Dict[str, int] = {}
        id_parts, digest_parts, system_parts = [], [], []
        for ids, digests, owners, chunk_systems in facts:
            id_parts.append(ids)
            digest_parts.append(digests)
            to_run = np.array([seen.setdefault(s, len(seen)) for s in chunk_systems] or [0], dtype=np.uint64)
            system_parts.append(to_run[owners])
        if not seen:
            return None
        self.several_systems = len(seen) > 1
        ids, digests, owners = (np.concatenate(parts) for parts in (id_parts, digest_parts, system_parts))
        order = np.lexsort((owners, ids))
        ids, digests, owners = ids[order], digests[order], owners[order]
        same_id = ids[1:] == ids[:-1]
        if (same_id & (owners[1:] == owners[:-1])).any() or (same_id & (digests[1:] != digests[:-1])).any():
            return None
        if len(ids) != (len(ids) - int(same_id.sum())) * len(seen):  # some id without some system
            return None
        if all_systems:
            return sorted(seen)
        return [self.system_id] if self.system_id in seen else None


def _digest(text: str) -> int:
    import hashlib

    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little")


class ConfigPlan:
    """A config's evaluations (read whole: they name the files) a chunk at a time, their summaries
    read from the file system by whichever process scores the chunk; cut as the in-memory path cuts
    them (``chunks.chunk_bounds``)."""

    sequential = False
    several_systems = False
    paths = None  # files named one by one: a cluster is sent each chunk's texts
    reference_counts = None

    def __init__(self, config, systems: Sequence[str]):
        self.config, self.systems = config, list(systems)
        self.count = len(config.evaluations)
        self.bounds = [0]

    def cut(self, chunker: Chunker) -> None:
        """Chunks of the ``chunker``'s bounds over the evaluations (their pairs for these systems)."""
        n = len(self.systems)
        self.bounds = chunker([max(1, len(ev.model_ids) * min(len(ev.peers), n)) for ev in self.config.evaluations])
        self.sizes = _bounds_sizes(self.bounds, self.count)

    def labels(self) -> Dict[str, str]:
        return self.config.labels()

    def read(self, k: int) -> Chunk:
        a, b = self.bounds[k], self.bounds[k + 1]
        return Chunk(self.config.evaluations[a:b], TextSource(), a, self.systems)

    def finish(self, _facts, _all_systems: bool) -> Optional[List[str]]:
        return self.systems

    def replay_evaluations(self, _undefined_evaluations) -> list:
        """The evaluations whose warnings the script writes: all of them (a missing peer's too)."""
        return self.config.evaluations
