"""The batched engine's chunks: computing one, cutting a run into them, and running them all.

A run's evaluations are cut into chunks of some hundreds of (instance, model) pairs
(:func:`chunk_bounds`); :func:`compute_chunk` reads a chunk's documents once (:mod:`.documents`),
lays out its pairs (:mod:`.instances`) and computes every metric of the plan for them
(:mod:`.combine`). :func:`run_blocks` runs the chunks on an executor and joins them into the
run's blocks, then replays the script's warnings (:mod:`.replay`). Anything the engine does not
cover, and every run on which the script would die part-way, raises
:class:`~rouge155.engine.plan.NeedsStepByStep`: the step-by-step engine then scores the run and
reproduces the partial output exactly (:func:`rouge155.engine.plan.scored_blocks`).
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, List, Optional, Sequence, Tuple

    from ...inputs.resources import WordLists
    from ..executors.contract import Executor

from ...base.lazy import np  # loaded by the caller once the run is known to need it (plan.scored_blocks)
from ...base.options import Options
from ...inputs.config import EvalConfig, Evaluation
from ...inputs.sources import TextSource
from ...text.modes import text_model
from ...text.tokens import TokenIds, Tokenizer
from ..plan import MetricBlock, MetricSpec, NeedsStepByStep, metric_plan
from .combine import block_counts
from .documents import Corpus, Doc
from .instances import Pairs
from .replay import replay_warnings


# (instance, model) pairs per chunk: up to 2,000 (a third fewer numpy steps per pair than 400; arrays
# of some tens of MB); with several processes a sixth of the run, from 400 (arrays of a few MB), so
# that they share it. One process takes up to 2,000 at once: at 1,500 pairs, one chunk instead of four
# costs 10-15% less CPU (the kernels' Python loops over buckets and diagonals run once).
CHUNK_PAIRS = 2000
SMALL_CHUNK_PAIRS = 400


def chunk_budget(total: int, jobs: int) -> int:
    """Pairs per chunk for a run of ``total`` pairs on ``jobs`` processes."""
    if jobs <= 1:
        return CHUNK_PAIRS
    return min(CHUNK_PAIRS, max(SMALL_CHUNK_PAIRS, total // 6))


def compute_chunk(
    evaluations: Sequence[Evaluation],
    first_index: int,
    systems: Sequence[str],
    options: Options,
    token_ids: TokenIds,
    source: TextSource,
    plan: Optional[List[MetricSpec]] = None,
) -> Tuple[List[List[Tuple[List[int], np.ndarray]]], List[Tuple[str, Optional[str]]]]:
    """Counts for every (system, metric) block over a chunk of evaluations.

    Returns, per system and metric of ``plan`` (default: the options' plan), (eval indices, counts
    rows), and the documents whose joined text is undefined (for the warnings).
    """
    plan = metric_plan(options) if plan is None else plan
    corpus = Corpus(options, token_ids, source)
    corpus.need_units = any(s.is_lcs for s in plan)
    wanted = []
    for system in systems:
        for ev in evaluations:
            if system in ev.peers:
                fmt = ev.input_format
                wanted += [(ev.peer_path(system), fmt)] + [(path, fmt) for _mid, path in ev.model_paths()]
    corpus.preload(wanted)
    per_system: List[Dict[int, Tuple[Doc, List[Doc]]]] = []
    for system in systems:
        rows = {}
        for k, ev in enumerate(evaluations):
            if system not in ev.peers:
                continue
            model_paths = [path for _mid, path in ev.model_paths()]
            for path in model_paths:
                if (path, ev.input_format) not in corpus.docs and not source.exists(path):
                    raise NeedsStepByStep()
            peer = corpus.doc(ev.peer_path(system), ev.input_format)
            rows[first_index + k] = (peer, [corpus.doc(path, ev.input_format) for path in model_paths])
        per_system.append(rows)
    # all systems' instances in one batch per metric, then split back by system
    flat = [(i, peer, models) for rows in per_system for i, (peer, models) in rows.items()]
    sizes = [len(rows) for rows in per_system]
    pairs = Pairs.build(flat)
    per_spec = [block_counts(spec, pairs, options) for spec in plan]
    out = []
    start = 0
    for size in sizes:
        out.append([(pairs.instances[start : start + size], counts[start : start + size]) for counts in per_spec])
        start += size
    undefined = [key for key, d in corpus.docs.items() if not d.defined]
    return out, undefined


def chunk_bounds(weights: Sequence[int], budget: int, jobs: int) -> List[int]:
    """Chunk boundaries over evaluations of the given weights (pairs), about ``budget`` each. With
    several processes the last chunks shrink (guided scheduling), so that the processes run out of
    work at about the same time."""
    bounds = [0]
    remaining = sum(weights)  # integers
    acc = 0
    target = budget
    for i, w in enumerate(weights):
        if jobs > 1 and acc == 0:
            target = min(budget, max(budget // 8, -(-remaining // (2 * jobs))))
        acc += w
        if acc >= target:
            bounds.append(i + 1)
            remaining -= acc
            acc = 0
    if bounds[-1] != len(weights) or len(bounds) == 1:
        bounds.append(len(weights))
    return bounds


def token_vocabulary(options: Options, word_lists: WordLists) -> TokenIds:
    """An empty vocabulary for runs with these text, stopword and stemming options."""
    text = text_model(options)
    # no cache in the stemmer: the token-id map already sees each distinct token once
    stemmer = text.stemmer(word_lists.exceptions, cache=False)
    tokenizer = Tokenizer(text.stopwords(word_lists.stopwords) if options.remove_stopwords else None, stemmer,
                          text.counted_first)
    # one vocabulary for the run: each word stemmed once
    return TokenIds(tokenizer, options.stem, text.clean_tokens, text.token_str)


class ChunkJob:
    """``job(k)``: the counts of chunk k. Picklable, so that a spawned worker can receive it; each
    process builds its own vocabulary (the counts do not depend on the ids)."""

    def __init__(self, tasks: Sequence[Tuple[Sequence[Evaluation], int, List[str]]], options: Options,
                 word_lists: WordLists, source: TextSource,
                 token_ids: Optional[TokenIds] = None, plan: Optional[List[MetricSpec]] = None):
        self.tasks = tasks
        self.options = options
        self.word_lists = word_lists
        self.source = source
        self._token_ids = token_ids  # the caller's vocabulary (score_pairs keeps one between calls)
        self.plan = plan

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_token_ids": None}

    def __call__(self, k: int):
        if self._token_ids is None:
            self._token_ids = token_vocabulary(self.options, self.word_lists)
        return compute_chunk(*self.tasks[k], self.options, self._token_ids, self.source, self.plan)


def run_blocks(
    config: EvalConfig,
    options: Options,
    systems: Sequence[str],
    word_lists: WordLists,
    source: TextSource,
    warn: Callable[[str], None],
    workers: Optional[Executor] = None,
    progress: Optional[Callable[[int], None]] = None,
    token_ids: Optional[TokenIds] = None,
    plan: Optional[List[MetricSpec]] = None,
) -> List[MetricBlock]:
    """Every block of the run, in report order, computed chunk by chunk (shared with ``workers``).

    ``token_ids``: a vocabulary kept from an earlier run with the same stopword and stemming options
    (:func:`token_vocabulary`), so that words already seen are not stemmed again. ``plan``: the
    blocks to compute (default: the options' plan; on a cluster, part of it)."""
    plan = metric_plan(options) if plan is None else plan
    evals = config.evaluations
    n_systems = len(systems)
    weights = [max(1, len(ev.model_ids) * min(len(ev.peers), n_systems)) for ev in evals]
    if workers is None:
        from ..executors.contract import Executor

        workers = Executor()  # everything in this process
    total = sum(weights)  # integers
    bounds = chunk_bounds(weights, chunk_budget(total, workers.jobs), workers.jobs)
    tasks = [(evals[a:b], a, list(systems)) for a, b in zip(bounds[:-1], bounds[1:])]
    job = ChunkJob(tasks, options, word_lists, source, token_ids, plan)

    def done(k: int) -> None:
        if progress:
            progress(len(tasks[k][0]))

    if workers.sends_texts:  # a cluster (executors.dask): each chunk sent with its texts
        # the cluster computes the options' own plan: the blocks asked for are picked from it
        results = _picked(workers.run_chunks(tasks, options, word_lists, source, done), metric_plan(options), plan)
    elif len(tasks) > 1:  # several chunks: a large run, whose array temporaries churn the allocator
        from ..alloc import reuse_freed_blocks

        with reuse_freed_blocks():
            results = workers.run_tasks(len(tasks), job, done)
    else:
        results = workers.run_tasks(len(tasks), job, done)

    blocks = []
    for si, system in enumerate(systems):
        indices: List[int] = [i for out, _undefined in results for i in (out[si][0][0] if plan else [])]
        keys = [f"{evals[i].eval_id}.{system}" for i in indices]  # one list for all the system's blocks
        for pi, spec in enumerate(plan):
            rows = [out[si][pi][1] for out, _undefined in results]
            counts = np.concatenate(rows) if rows else np.zeros((0, 6))
            blocks.append(MetricBlock(system, spec, keys, counts.reshape(-1, 6)))
    undefined = {key for _out, und in results for key in und}
    replay_warnings(evals, systems, plan, undefined, warn)
    return blocks


def _picked(results: list, computed: List[MetricSpec], plan: List[MetricSpec]) -> list:
    """Chunk results of the ``computed`` plan reduced to the blocks of ``plan``, which is part of it."""
    if computed == plan:
        return results
    index = [computed.index(spec) for spec in plan]
    return [([[per_system[i] for i in index] for per_system in out], undefined) for out, undefined in results]
