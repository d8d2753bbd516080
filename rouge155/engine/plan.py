"""Which metric blocks a run prints, in the script's order, and which engine scores them.

The plan (:func:`metric_plan`) is the script's loop over metrics for one system; both engines and
the report take the metric kinds (:data:`NGRAM`, :data:`LCS`, :data:`WLCS`, :data:`SKIP`,
:data:`BE`) and the blocks' records from here. The choice of engine lives here too, each rule once:
whether the batched engine covers the options (:func:`batched_engine_supports`), whether a run is
small enough that plain Python scores it sooner than numpy loads (:func:`is_small_run`), and the
fallback rule (:func:`scored_blocks`): the batched engine first, the step-by-step one wherever the
batched one raises :class:`NeedsStepByStep`.
"""
from __future__ import annotations

import math

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

    import numpy as np

    from ..base.options import Options
    from ..inputs.config import EvalConfig
    from ..inputs.resources import WordLists
    from ..inputs.sources import TextSource

from ..base.errors import RougeError
from ..base.lazy import numpy_usable
from ..base.perl import perl_num
from ..base.records import dataclass, field  # dataclasses' records without its start-up cost
from ..metrics.names import LCS_TAG, be_tag, ngram_tag, skip_tag, weighted_tag
from .aggregate import resample_count

# The metric kinds (``MetricSpec.kind``, ``MetricResult.kind``).
NGRAM = "N"  # ROUGE-N (-n)
LCS = "L"  # ROUGE-L
WLCS = "W"  # ROUGE-W (-w)
SKIP = "S"  # ROUGE-S and ROUGE-SU (-2, -u, -U)
BE = "BE"  # ROUGE-BE (-3)

# Small runs go to the step-by-step engine in plain Python, where importing numpy would cost more
# than scoring them (see scripts/bench.py --small): at most SMALL_RUN_PAIRS (instance, model) pairs,
# SMALL_RUN_WORK for the text (about 0.5 ns each: per pair and metric 60 per byte read under -b/-l,
# peer bytes x model bytes for ROUGE-L/W, half the squares for ROUGE-S without a gap limit; 80 ms
# or so) and SMALL_RUN_BOOTSTRAP additions of resampled rows. So does every run under an
# address-space limit numpy cannot load in (same output, slower).
SMALL_RUN_PAIRS = 1000
SMALL_RUN_WORK = 160_000_000
SMALL_RUN_BOOTSTRAP = 200_000


class NeedsStepByStep(Exception):
    """The script would die (or do something the batched engine does not cover) somewhere in the run."""


@dataclass(frozen=True)
class MetricSpec:
    """One printed block: ``kind`` is one of the kinds above; ``tag`` is what the report calls it."""

    kind: str
    tag: str
    n: int = 0
    skip_unigrams: bool = False

    @property
    def is_ngram(self) -> bool:
        return self.kind == NGRAM

    @property
    def is_lcs(self) -> bool:
        """ROUGE-L or ROUGE-W: scored on the texts' units (``readText_LCS``), not the joined text."""
        return self.kind == LCS or self.kind == WLCS

    @property
    def is_weighted(self) -> bool:
        """ROUGE-W: R and P through ``formulas.w_ratio`` instead of hits over counts."""
        return self.kind == WLCS

    @property
    def is_skip(self) -> bool:
        return self.kind == SKIP

    @property
    def is_be(self) -> bool:
        return self.kind == BE


@dataclass
class MetricBlock:
    """One metric for one system: each instance's key (``evalID.systemID``) and counts row
    (model count, hit, R, peer count, P, F), in evaluation order: a list of float tuples from the
    step-by-step engine, an (n, 6) numpy array from the batched one (:func:`aggregate.table_rows`
    reads both)."""

    system: str
    spec: MetricSpec
    keys: List[str] = field(default_factory=list)
    counts: Union[Sequence, np.ndarray] = field(default_factory=list)


def ngram_spec(n: int) -> MetricSpec:
    return MetricSpec(NGRAM, ngram_tag(n), n=n)


def metric_plan(options: Options, ngram_orders: Optional[Sequence[int]] = None) -> List[MetricSpec]:
    """The metrics of one system, in the script's order. ``ngram_orders``: only these n-gram orders
    (``score_pairs``, which asks for orders by name) instead of the script's 1 .. ``-n``."""
    plan: List[MetricSpec] = []
    if ngram_orders is not None:
        plan += [ngram_spec(n) for n in sorted(set(ngram_orders))]
    elif options.ngram is not None:
        top = perl_num(options.ngram)
        n = 1
        while n <= top:
            plan.append(ngram_spec(n))
            n += 1
    if not options.no_lcs and options.be_mode is None:
        plan.append(MetricSpec(LCS, LCS_TAG))
    if options.weight is not None:
        plan.append(MetricSpec(WLCS, weighted_tag(options.weight)))
    if options.skip_distance is not None:
        plan += _skip_specs(options)
    if options.be_mode is not None:
        plan.append(MetricSpec(BE, be_tag(options.be_mode)))
    return plan


ORDER_BYTES = 4096  # memory a run holds per -n order (measured: -n 20000 on one pair, 77 MB)


def check_orders(options: Options, held_per_order: float = 0.0) -> None:
    """-n past what memory can hold is refused before anything is scored (the script would print
    blocks for days, growing); ``held_per_order``: what a caller keeps of each order's results too
    (``--format json`` keeps every block until the end)."""
    if options.ngram is None:
        return
    top = perl_num(options.ngram)
    if top == math.inf:
        raise RougeError(f"-n {options.ngram}: ROUGE-N of every order without end (the script prints blocks "
                         "until it is stopped)")
    if not top * (ORDER_BYTES + held_per_order) >= 1 << 26:  # the usual -n (and NaN): nothing to check
        return
    from ..base.budget import refuse_beyond_memory

    refuse_beyond_memory(f"-n {options.ngram}: ROUGE-N of {int(top):,} orders", top * (ORDER_BYTES + held_per_order),
                         RougeError)


def _skip_specs(options: Options) -> List[MetricSpec]:
    """-2 with -u (SU only), -U (S then SU) or neither (S only); a negative gap prints ``*``."""
    sd = options.skip_distance if options.skip_distance_num >= 0 else "*"
    s, su = MetricSpec(SKIP, skip_tag(sd, False)), MetricSpec(SKIP, skip_tag(sd, True), skip_unigrams=True)
    if options.skip_unigrams:
        return [su]
    return [s, su] if options.skip_both else [s]


# -- the choice of engine -----------------------------------------------------------------------
def batched_engine_supports(options: Options) -> bool:
    """Whether the batched engine covers these options: not ``-v``, ``-M`` or BE, nor a NaN gap or
    an infinite weight (the step-by-step engine reproduces those)."""
    if options.verbose or options.stem_models_only or any(s.is_be for s in metric_plan(options)):
        return False
    if options.skip_distance is not None and options.skip_distance_num != options.skip_distance_num:
        return False  # a NaN gap
    if options.weight is not None and not math.isfinite(options.weight_num):
        return False
    return True


def is_small_run(config: EvalConfig, options: Options, systems: Sequence[str], source: TextSource) -> bool:
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
    lcs = sum(1 for spec in plan if spec.is_lcs)
    unlimited_skips = sum(1 for spec in plan if spec.is_skip and options.skip_distance_num < 0)
    cap = options.byte_limit_num or 8 * options.word_limit_num  # what readText keeps, roughly
    sizes: Dict[str, float] = {}  # -b/-l may be fractional

    def size(path: str) -> float:
        if path not in sizes:
            sizes[path] = min(source.size(path), cap) if cap > 0 else source.size(path)
        return sizes[path]

    work: float = 0
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


def use_batched_engine(engine: str, config: EvalConfig, options: Options, systems: Sequence[str],
                       source: TextSource, cluster: bool = False) -> bool:
    """``engine``: "batch" (the batched engine where it applies), "step" (never) or "auto" (batched
    on a cluster or unless the run is small); never where numpy cannot load or the options are not
    covered."""
    wanted = engine == "batch" or (engine == "auto" and (cluster or not is_small_run(config, options, systems, source)))
    return wanted and numpy_usable() and batched_engine_supports(options)


def _silent(message: str) -> None:
    pass


def scored_blocks(
    config: EvalConfig,
    options: Options,
    systems: Sequence[str],
    word_lists: WordLists,
    source: TextSource,
    score: Callable[[List[MetricBlock], Any], Iterable],
    *,
    batched: bool = True,
    executor=None,
    plan: Optional[List[MetricSpec]] = None,
    warn: Callable[[str], None] = _silent,
    debug: Optional[Callable[[str], None]] = None,
    progress: Optional[Callable[[int], None]] = None,
    token_ids=None,
) -> Iterator:
    """THE fallback rule: every block of the run, in report order, through ``score(blocks, workers)``.

    With ``batched``, the batched engine computes all blocks on ``executor`` (a context manager
    giving the workers, entered here; None: this process alone) and ``score`` sees them together
    while the workers are there (the bootstrap shares them). Where that engine raises
    :class:`NeedsStepByStep` (a run the script dies in part-way, a missing file), and without
    ``batched``, the step-by-step engine scores the run and ``score`` sees each block as soon as
    it is done (``workers`` None), so that a failure part-way leaves the earlier results valid.
    ``plan``: the blocks to score (default: the options' :func:`metric_plan`).
    """
    if batched:
        from contextlib import nullcontext

        from .batched.chunks import run_blocks

        with executor if executor is not None else nullcontext() as workers:
            try:
                blocks = run_blocks(config, options, systems, word_lists, source, warn, workers, progress,
                                    token_ids=token_ids, plan=plan)
            except NeedsStepByStep:
                blocks = None
            results = list(score(blocks, workers)) if blocks is not None else None
        if results is not None:
            yield from results
            return
    from .stepwise import StepwiseRun  # which imports this module for the plan

    run = StepwiseRun(config, options, word_lists, source=source, warn=warn, debug=debug)
    for block in run.blocks(systems, plan):
        yield from score([block], None)
