"""The Python API: evaluate a config (files or texts in memory) and get typed results back.

The command line is a thin layer over :func:`iter_results`; ``Result.to_text()`` is what it prints.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from .base.records import dataclass  # dataclasses' records without its start-up cost
from .base.lazy import load_numpy, numpy_usable
from .metrics.formulas import Counts
from .engine.aggregate import Averages, average_many, instance_values, ordered_values, resample_count, table_rows
from .inputs.config import EvalConfig, Evaluation
from .base.errors import OptionError, RougeError
from .engine.stepwise import MetricBlock, Run, metric_plan
from .inputs.sources import MemorySource, TextSource
from .base.options import Options, typed_options
from .output.report import block_text
from .inputs.resources import load_word_lists, resolve_data_dir
from .text.modes import text_model

# Small runs go to the step-by-step engine in plain Python, where importing numpy would cost more
# than scoring them (see scripts/bench.py --small): at most SMALL_RUN_PAIRS (instance, model) pairs,
# SMALL_RUN_WORK for the text (about 0.5 ns each: per pair and metric 60 per byte read under -b/-l,
# peer bytes x model bytes for ROUGE-L/W, half the squares for ROUGE-S without a gap limit; 80 ms
# or so) and SMALL_RUN_BOOTSTRAP additions of resampled rows. So does every run under an
# address-space limit numpy cannot load in (same output, slower).
SMALL_RUN_PAIRS = 1000
SMALL_RUN_WORK = 160_000_000
SMALL_RUN_BOOTSTRAP = 200_000


@dataclass(frozen=True)
class InstanceResult:
    """One evaluation of one system: ``key`` is ``evalID.systemID`` as the script names it."""

    key: str
    eval_id: str
    counts: Counts


@dataclass(frozen=True)
class MetricResult:
    """One metric for one system: the averages and bounds the report prints, and each instance."""

    system: str
    metric: str
    kind: str
    averages: Averages
    keys: List[str]
    rows: Sequence  # per instance: model count, hit, R, peer count, P, F (a list of rows or an (n, 6) array)
    token_mode: Optional[int] = None
    alpha: float = 0.5

    @property
    def counts(self):
        """Per instance (model count, hit, R, peer count, P, F) as an (n, 6) float64 numpy array,
        whichever engine scored the run (small runs keep plain rows and load numpy only here)."""
        import numpy as np

        return np.asarray(self.rows, dtype=np.float64).reshape(-1, 6)

    @property
    def recall(self) -> float:
        return self.averages.mean[0]

    @property
    def precision(self) -> float:
        return self.averages.mean[1]

    @property
    def f_score(self) -> float:
        return self.averages.mean[2]

    @property
    def instances(self) -> List[InstanceResult]:
        cut = len(self.system) + 1
        return [
            InstanceResult(key, key[:-cut], Counts(*row))
            for key, row in zip(self.keys, table_rows(self.rows))
        ]

    def to_text(self, options: Options) -> str:
        return block_text(
            self.system,
            self.metric,
            self.averages,
            self.keys,
            instance_values(self.rows, options.token_mode_num),
            options.token_mode_num,
            options.confidence_label,
            options.per_eval,
        )


@dataclass
class Result:
    options: Options
    metrics: List[MetricResult]
    warnings: List[str]

    def to_text(self) -> str:
        return "".join(m.to_text(self.options) for m in self.metrics)

    def get(self, metric: str, system: Optional[str] = None) -> MetricResult:
        for m in self.metrics:
            if m.metric == metric and (system is None or m.system == system):
                return m
        raise KeyError(metric if system is None else f"{system} {metric}")


def _scored(blocks: Sequence[MetricBlock], options: Options, workers=None) -> List[MetricResult]:
    """Averages for finished blocks (bootstrap draws shared between blocks of the same size)."""
    tables = [ordered_values(b.counts, options.token_mode_num, b.keys) for b in blocks]
    averages = average_many(
        tables, options.token_mode_num, options.resamples_num, options.confidence_num, options.alpha_num, workers
    )
    return [
        MetricResult(b.system, b.spec.tag, b.spec.kind, a, b.keys, b.counts, options.token_mode_num, options.alpha_num)
        for b, a in zip(blocks, averages)
    ]


def _small(config: EvalConfig, options: Options, systems: Sequence[str], source: TextSource) -> bool:
    """Whether the step-by-step engine scores this run sooner than numpy can be imported."""
    wanted = set(systems)
    instances = pairs = 0
    for ev in config.evaluations:
        peers = len(wanted.intersection(ev.peers))
        instances += peers
        pairs += peers * len(ev.model_ids)
        if pairs > SMALL_RUN_PAIRS:
            return False
    try:
        resamples = resample_count(options.resamples_num)
    except RougeError:
        return False  # reported where the script reports it
    plan = metric_plan(options)
    if instances * resamples * len(plan) > SMALL_RUN_BOOTSTRAP:
        return False
    lcs = sum(1 for spec in plan if spec.kind in ("L", "W"))
    unlimited_skips = sum(1 for spec in plan if spec.kind == "S" and options.skip_distance_num < 0)
    cap = options.byte_limit_num or 8 * options.word_limit_num  # what readText keeps, roughly
    sizes: Dict[str, int] = {}

    def size(path: str) -> int:
        if path not in sizes:
            sizes[path] = min(source.size(path), cap) if cap > 0 else source.size(path)
        return sizes[path]

    work = 0
    for ev in config.evaluations:
        models = [size(path) for _, path in ev.model_paths()]
        for system in wanted.intersection(ev.peers):
            peer = size(ev.peer_path(system))
            for model in models:
                work += 60 * len(plan) * (peer + model) + lcs * peer * model
                work += unlimited_skips * (peer * peer + model * model) // 2
        if work > SMALL_RUN_WORK:
            return False
    return True


def iter_results(
    config: EvalConfig,
    options: Options,
    systems: Sequence[str],
    data_dir: Optional[str] = None,
    source: Optional[TextSource] = None,
    warn: Callable[[str], None] = lambda msg: None,
    debug: Optional[Callable[[str], None]] = None,
    jobs: int = 1,
    progress: Optional[Callable[[int], None]] = None,
    engine: str = "auto",
    dask=None,
) -> Iterator[MetricResult]:
    """Score block by block, in the report's order (a failure part-way leaves earlier blocks valid).

    ``warn`` receives the script's stderr lines, ``debug`` its ``-v`` lines. ``jobs`` > 1 spreads the
    work over processes; ``progress`` is called with the number of evaluations done; ``engine="step"``
    forces the step-by-step engine, ``"batch"`` the batched one where it applies (``"auto"``: batched
    unless the run is small); ``dask`` (a ``distributed.Client`` or a scheduler address) sends the
    chunks to a Dask cluster. None of these changes the results.
    """
    options.check()
    language = load_word_lists(resolve_data_dir(data_dir))
    source = source or TextSource()
    use_batch = engine == "batch" or (engine == "auto" and (dask is not None
                                                             or not _small(config, options, systems, source)))
    use_batch = use_batch and numpy_usable()
    if use_batch:
        from .engine.batched import chunks as batch

        use_batch = batch.supported(options)
    if use_batch:
        load_numpy()
        if dask is not None:
            from .engine.executors.dask import DaskWorkers

            executor = DaskWorkers(dask)
        else:
            from .engine.executors.local import Workers

            executor = Workers(jobs)
        with executor as workers:
            try:
                blocks = batch.run_blocks(config, options, systems, language, source, warn, workers, progress)
            except batch.NeedsStepByStep:
                blocks = None
            results = _scored(blocks, options, workers) if blocks is not None else None
        if results is not None:
            yield from results
            return
    run = Run(config, options, language, source=source, warn=warn, debug=debug)
    for block in run.blocks(systems):
        yield _scored([block], options)[0]


def memory_config(peers: Mapping[str, Mapping[str, Union[str, bytes]]], models: Mapping[str, Sequence[Union[str, bytes]]],
                  input_format: str = "SPL") -> "tuple[EvalConfig, MemorySource]":
    """The evaluations of :func:`evaluate` (``peers[system][eval_id]``, ``models[eval_id]``) as a
    config over texts held in memory."""
    texts: Dict[str, bytes] = {}
    evaluations: List[Evaluation] = []
    for system in peers:
        for eid in peers[system]:
            if eid not in models:
                raise OptionError(f"system {system!r} has a summary for evaluation {eid!r}, which has no models")
    for eid in models:
        ev = Evaluation(eval_id=str(eid), input_format=input_format, from_file_list=True)
        for k, text in enumerate(models[eid], start=1):
            name = f"models/{eid}/{k}"
            texts[name] = text.encode("utf-8") if isinstance(text, str) else bytes(text)
            ev.model_ids.append(f"M.{k}")
            ev.models[f"M.{k}"] = name
        for system in peers:
            if eid in peers[system]:
                name = f"peers/{system}/{eid}"
                text = peers[system][eid]
                texts[name] = text.encode("utf-8") if isinstance(text, str) else bytes(text)
                ev.peers[system] = name
        evaluations.append(ev)
    return EvalConfig(evaluations=evaluations, peer_ids=list(peers)), MemorySource(texts)


def evaluate(
    peers: Mapping[str, Mapping[str, Union[str, bytes]]],
    models: Mapping[str, Sequence[Union[str, bytes]]],
    options: Optional[Options] = None,
    *,
    input_format: str = "SPL",
    data_dir: Optional[str] = None,
    dask=None,
    **flags,
) -> Result:
    """Score summaries held in memory.

    ``peers[system][eval_id]`` is a system's summary for one evaluation, ``models[eval_id]`` its
    references. Texts are in ``input_format`` (SPL: one sentence per line). Options come as an
    :class:`Options` or as its keyword arguments (``ngram=2, stem=True, ...``). ``dask``: a
    ``distributed.Client`` or a scheduler address, to compute on a Dask cluster (same results).
    """
    if options is None:
        options = typed_options(**flags)
        text_model(options)  # an unknown language or a missing extra fails here, before any scoring
    elif flags:
        raise OptionError("give either an Options object or keyword options, not both")
    config, source = memory_config(peers, models, input_format)
    warnings: List[str] = []
    metrics = list(
        iter_results(config, options, sorted(peers), data_dir=data_dir, source=source, warn=warnings.append,
                     dask=dask)
    )
    return Result(options, metrics, warnings)
