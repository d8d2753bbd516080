"""One grid, end to end: score each condition once per (summary, reference) pair, derive every reference
setting, correlate every cell, mark each column's best variant and those not significantly worse."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .grid import GridSpec, ReferenceSetting, check_size
from .judged import Judged
from .scoring import pair_layout, require_complete, score_condition, setting_scores
from .grid_statistics import Cell, Matrices, grid_cells


@dataclass
class GridResult:
    """The grid's numbers. ``averages[(condition, references, variant, measure)]``: each peer's mean
    score over the judged documents it has (humans too, with --humans-as-peers); ``humans``: the peers
    that are references."""

    spec: GridSpec
    systems: List[str]
    documents: List[str]
    references_per_document: List[int]
    human_columns: List[str]
    cells: List[Cell]
    averages: Dict[Tuple[str, str, str, str], Dict[str, float]] = field(default_factory=dict)
    humans: List[str] = field(default_factory=list)
    seconds: Dict[str, float] = field(default_factory=dict)
    source: str = ""


def grid_work(judged: Judged, spec: GridSpec) -> Tuple[int, int]:
    """(evaluations scored, statistics columns): the progress bar's two stages."""
    from .grid import scoring_passes

    pairs = sum(len(ev.model_ids) for ev in judged.config.evaluations if ev.eval_id in set(judged.human.documents))
    passes = sum(len(scoring_passes(spec.variants, c.options)) for c in spec.conditions)
    columns = (len(spec.conditions) * len(spec.references) * len(spec.measures) * len(judged.human.columns)
               * len(spec.levels) * len(spec.coefficients))
    return pairs * passes, columns


def fitting_references(judged: Judged, settings: Sequence[ReferenceSetting]
                       ) -> Tuple[List[ReferenceSetting], List[str]]:
    """The reference settings every judged document has enough references for, and a note for each one
    left out (``jackknife`` needs two references: a document with one has no M-1 subset)."""
    from .scoring import subsets_for

    wanted = set(judged.human.documents)
    counts: Dict[int, str] = {}  # reference count -> the first document with it
    for ev in judged.config.evaluations:
        if ev.eval_id in wanted:
            counts.setdefault(len(ev.model_ids), ev.eval_id)
    kept, notes = [], []
    for setting in settings:
        short = [(m, doc) for m, doc in sorted(counts.items()) if next(iter(subsets_for(setting, m)), None) is None]
        if short:
            m, doc = short[0]
            notes.append(f"reference setting {setting.label} left out: document {doc} has {m} reference"
                         f"{'' if m == 1 else 's'}, too few for it")
        else:
            kept.append(setting)
    return kept, notes


def run_grid(judged: Judged, spec: GridSpec, data_dir: Optional[str] = None, jobs: int = 1,
             progress: Optional[Callable[[str, int], None]] = None) -> GridResult:
    """The grid of ``spec`` on ``judged``. ``jobs``: processes for the statistics (the same numbers for
    any value; the scoring runs here, where each text is tokenised once per pass); ``progress(stage, n)``:
    n more evaluations scored (stage "scoring") or columns computed ("statistics"), as :func:`grid_work`
    counts them."""
    spec.check()
    timer = time.perf_counter()
    layout = pair_layout(judged, spec.humans_as_peers)
    systems = list(judged.human.systems)
    check_size(spec, len(systems), len(judged.human.documents), len(judged.human.columns), layout.n_refs.tolist())
    matrices: Matrices = {}
    averages: Dict[Tuple[str, str, str, str], Dict[str, float]] = {}
    for condition in spec.conditions:
        pairs = score_condition(layout, judged, condition, spec.variants, data_dir,
                               (lambda n: progress("scoring", n)) if progress else None)
        for setting in spec.references:
            by_variant = matrices.setdefault((condition.label, setting.label), {})
            for variant in spec.variants:
                scores = setting_scores(pairs, setting, variant, condition.options)
                rows = [pairs.peers.index(s) for s in systems]
                by_variant[variant.tag] = {m: scores[m][rows] for m in spec.measures}
                for m in spec.measures:
                    require_complete(scores[m], pairs, systems, setting, condition)
                    averages[(condition.label, setting.label, variant.tag, m)] = _peer_means(pairs.peers, scores[m])
    scored = time.perf_counter()
    cells = grid_cells(matrices, judged.human, spec, jobs, (lambda n: progress("statistics", n)) if progress else None)
    tested = time.perf_counter()
    humans = [p for p in layout.peers if p not in systems]
    return GridResult(spec, systems, list(judged.human.documents), layout.n_refs.tolist(), list(judged.human.columns),
                      list(cells.values()), averages, humans,
                      {"scoring": scored - timer, "statistics": tested - scored},
                      judged.origin)


def _peer_means(peers: List[str], matrix: np.ndarray) -> Dict[str, float]:
    """Each peer's mean over the documents it has a score for (none: left out)."""
    out = {}
    for j, peer in enumerate(peers):
        row = matrix[j]
        defined = row[~np.isnan(row)]
        if defined.size:
            out[peer] = float(defined.mean())
    return out
