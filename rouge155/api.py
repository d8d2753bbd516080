"""The Python API: evaluate a config (files or texts in memory) and get typed results back.

The command line is a thin layer over :func:`iter_results`; ``Result.to_text()`` is what it prints.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Union

    import numpy as np

    from .engine.stream import StreamedSystem

from .base.errors import OptionError
from .base.lazy import load_numpy
from .base.options import Options, typed_options
from .base.records import dataclass  # dataclasses' records without its start-up cost
from .engine.aggregate import Averages, average_many, check_resamples, instance_values, ordered_values, table_rows
from .engine.plan import MetricBlock, check_orders, scored_blocks, use_batched_engine
from .inputs.config import EvalConfig, Evaluation
from .inputs.resources import load_word_lists, resolve_data_dir
from .inputs.sources import MemorySource, TextSource, reference_texts, summary_bytes
from .metrics.formulas import Counts
from .output.report import block_header, block_text, eval_lines
from .text.modes import text_model


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
    # per instance: model count, hit, R, peer count, P, F (a list of rows or an (n, 6) array)
    rows: Union[Sequence, np.ndarray]
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

    def text_parts(self, options: Options) -> Iterator[str]:
        """:meth:`to_text` in pieces (a streamed run's ``-d`` lines a batch at a time)."""
        yield self.to_text(options)

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
    signature: Optional[str] = None  # every setting that changes a number, in one line (docs/signature.md)

    def to_text(self) -> str:
        return "".join(m.to_text(self.options) for m in self.metrics)

    def get(self, metric: str, system: Optional[str] = None) -> MetricResult:
        for m in self.metrics:
            if m.metric == metric and (system is None or m.system == system):
                return m
        raise KeyError(metric if system is None else f"{system} {metric}")


def average_blocks(blocks: Sequence[MetricBlock], options: Options, workers=None) -> List[MetricResult]:
    """Results of finished blocks: their averages and bootstrap intervals (the draws shared between
    blocks of the same size; ``workers``: an executor whose processes share the bootstrap)."""
    tables = [ordered_values(b.counts, options.token_mode_num, b.keys) for b in blocks]
    averages = average_many(
        tables, options.token_mode_num, options.resamples_num, options.confidence_num, options.alpha_num, workers
    )
    return [
        MetricResult(b.system, b.spec.tag, b.spec.kind, a, b.keys, b.counts, options.token_mode_num, options.alpha_num)
        for b, a in zip(blocks, averages)
    ]


class StreamedMetricResult:
    """A block of a streamed run as the text report prints it: its averages, and its instances'
    values in a compact table (``engine.compact``), printed a batch at a time under ``-d``."""

    def __init__(self, streamed: StreamedSystem, block: int, spec, averages: Averages, options: Options):
        self.system, self.metric, self.kind, self.averages = streamed.system, spec.tag, spec.kind, averages
        self.token_mode, self.alpha = options.token_mode_num, options.alpha_num
        self._streamed, self._columns = streamed, slice(3 * block, 3 * block + 3)

    def text_parts(self, options: Options) -> Iterator[str]:
        system, tag, mode = self.system, self.metric, self.token_mode
        yield block_header(system, tag, self.averages, mode, options.confidence_label, options.per_eval)
        if options.per_eval:
            table = self._streamed.values
            for keys, rows in self._streamed.keys.printed():
                values = table.values[rows][:, self._columns]
                yield eval_lines(system, tag, keys, (values / table.scales[self._columns]).tolist() if table.is_int
                                 else values.tolist(), mode)

    def to_text(self, options: Options) -> str:
        return "".join(self.text_parts(options))

    def materialized(self) -> MetricResult:
        """The block as the in-memory path gives it: keys and (n, 6) rows in evaluation order."""
        import numpy as np

        from .engine.aggregate import value_columns
        from .engine.stream import other_columns

        keys, rows = self._streamed.keys.listed()
        full = np.empty((len(keys), 6))
        full[:, value_columns(self.token_mode)] = self._streamed.values.decoded(columns=self._columns)[rows]
        others = self._streamed.others
        if others is not None:
            full[:, other_columns(self.token_mode)] = others.decoded(columns=self._columns)[rows]
        return MetricResult(self.system, self.metric, self.kind, self.averages, keys, full, self.token_mode,
                            self.alpha)


def streamed_results(plan, options: Options, systems: Optional[Sequence[str]], all_systems: bool = False,
                     data_dir: Optional[str] = None, warn: Callable[[str], None] = lambda _msg: None, jobs: int = 1,
                     progress: Optional[Callable[[int], None]] = None, dask=None, full_rows: bool = False) -> list:
    """Every block of a streamed run (``plan``: ``rouge155.inputs.streams``), in the report's order:
    :class:`StreamedMetricResult` (or, with ``full_rows``, :class:`MetricResult`). ``systems``: the
    systems to score (None: all the input has; ``all_systems``: all, sorted, else ``--system-id``).
    Raises ``engine.stream.NeedsWholeInput`` or ``engine.plan.NeedsStepByStep`` where the in-memory
    path must run (before anything is reported)."""
    from .engine.batched.replay import replay_warnings
    from .engine.compact import table_averages
    from .engine.plan import metric_plan
    from .engine.stream import NeedsWholeInput, run_stream

    options.check()
    word_lists = load_word_lists(resolve_data_dir(data_dir))
    load_numpy()
    specs = metric_plan(options)
    results: list = []
    with _executor(jobs, dask, show_waiting=progress is not None) as workers:
        collector = run_stream(plan, options, systems, word_lists, specs, workers, progress, full_rows)
        chosen = plan.finish(collector.facts, all_systems)
        if chosen is None or (plan.several_systems and (collector.undefined or full_rows)):
            raise NeedsWholeInput()  # (several systems of a JSONL file: its order of warnings and instances)
        streamed = collector.finish(chosen)
        replayed = collector.undefined_evaluations
        if hasattr(plan, "replay_evaluations"):
            replayed = plan.replay_evaluations(replayed)
        replay_warnings(replayed, chosen, specs, collector.undefined, warn)
        for one in streamed:
            averages = table_averages(one.values, len(specs), options.token_mode_num, options.resamples_num,
                                      options.confidence_num, options.alpha_num, workers)
            for block, (spec, average) in enumerate(zip(specs, averages)):
                result = StreamedMetricResult(one, block, spec, average, options)
                results.append(result.materialized() if full_rows else result)
    return results


def iter_results(
    config: EvalConfig,
    options: Options,
    systems: Sequence[str],
    data_dir: Optional[str] = None,
    source: Optional[TextSource] = None,
    warn: Callable[[str], None] = lambda _msg: None,
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
    check_resamples(options)
    check_orders(options)
    word_lists = load_word_lists(resolve_data_dir(data_dir))
    source = source or TextSource()
    batched = use_batched_engine(engine, config, options, systems, source, cluster=dask is not None)
    executor = None
    if batched:
        load_numpy()
        executor = _executor(jobs, dask, show_waiting=progress is not None)
    yield from scored_blocks(config, options, systems, word_lists, source,
                             lambda blocks, workers: average_blocks(blocks, options, workers), batched=batched,
                             executor=executor, warn=warn, debug=debug, progress=progress)


def _executor(jobs: int, dask, show_waiting: bool = False):
    """Where the batched engine's chunks run: a Dask cluster, else ``jobs`` local processes
    (``show_waiting``: a line on a terminal's stderr while Dask waits for a worker)."""
    if dask is not None:
        from .engine.executors.dask import DaskCluster

        return DaskCluster(dask, show_waiting=show_waiting)
    from .engine.executors.local import LocalProcesses

    return LocalProcesses(jobs)


def memory_config(peers: Mapping[str, Mapping[str, Union[str, bytes]]],
                  models: Mapping[str, Union[str, bytes, Sequence[Union[str, bytes]]]],
                  input_format: str = "SPL") -> "tuple[EvalConfig, MemorySource]":
    """The evaluations of :func:`evaluate` (``peers[system][eval_id]``, ``models[eval_id]``) as a
    config over texts held in memory."""
    import collections.abc

    for name, value in (("peers", peers), ("models", models)):
        if not isinstance(value, collections.abc.Mapping):
            raise TypeError(f"{name} must be a mapping, not {type(value).__name__}")
    for system in peers:
        if not isinstance(peers[system], collections.abc.Mapping):
            raise TypeError(f"peers[{system!r}] must be a mapping of evaluation IDs to texts, "
                            f"not {type(peers[system]).__name__}")
        for eid in peers[system]:
            if eid not in models:
                raise OptionError(f"system {system!r} has a summary for evaluation {eid!r}, which has no models")
    texts: Dict[str, bytes] = {}
    evaluations: List[Evaluation] = []
    for eid in models:
        model_names = []
        for k, text in enumerate(reference_texts(models[eid], f"models[{eid!r}]"), start=1):
            name = f"models/{eid}/{k}"
            texts[name] = summary_bytes(text, f"models[{eid!r}][{k - 1}]")
            model_names.append(name)
        peer_names = {}
        for system in peers:
            if eid in peers[system]:
                name = peer_names[system] = f"peers/{system}/{eid}"
                texts[name] = summary_bytes(peers[system][eid], f"peers[{system!r}][{eid!r}]")
        evaluations.append(Evaluation.listed(str(eid), input_format, peer_names, model_names))
    return EvalConfig(evaluations=evaluations, peer_ids=list(peers)), MemorySource(texts)


def evaluate(
    peers: Mapping[str, Mapping[str, Union[str, bytes]]],
    models: Mapping[str, Union[str, bytes, Sequence[Union[str, bytes]]]],
    options: Optional[Options] = None,
    *,
    input_format: str = "SPL",
    data_dir: Optional[str] = None,
    dask=None,
    signature_check: Optional[str] = None,
    **flags,
) -> Result:
    """Score summaries held in memory.

    ``peers[system][eval_id]`` is a system's summary for one evaluation, ``models[eval_id]`` its
    references (a list of texts, or one text: one reference); a text is a str or bytes, anything
    else a TypeError naming where it was given. Texts are in ``input_format`` (SPL: one sentence
    per line). Options come as an
    :class:`Options` or as its keyword arguments (``ngram=2, stem=True, ...``). ``dask``: a
    ``distributed.Client`` or a scheduler address, to compute on a Dask cluster (same results).
    ``signature_check``: a signature (``Result.signature`` of an earlier call); a call whose settings
    differ is refused before scoring (ValueError, one line per difference).
    """
    if options is None:
        options = typed_options(**flags)
        text_model(options)  # an unknown language or a missing extra fails here, before any scoring
    elif flags:
        raise OptionError("give either an Options object or keyword options, not both")
    config, source = memory_config(peers, models, input_format)
    from .output.signature import api_signature_args, signature_of

    signature = str(signature_of(**api_signature_args(options, config.evaluations, data_dir,
                                                      signature_check=signature_check)))
    warnings: List[str] = []
    metrics = list(
        iter_results(config, options, sorted(peers), data_dir=data_dir, source=source, warn=warnings.append,
                     dask=dask)
    )
    return Result(options, metrics, warnings, signature)
