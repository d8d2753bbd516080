"""ROUGE variants for :mod:`.correlate`, scored again through the API: stemming and stopword removal on
or off, and the number of references (every k-subset of an evaluation's references, scores averaged
per evaluation, or the jackknife's M - 1 of M). One :class:`~.results.Run` per variant.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ..base.errors import RougeError
from .results import MEASURES, Run, SystemMetric, from_document


def _subset_config(config, k: Optional[int]):
    """Every evaluation once per subset of k of its references (k None: jackknife, M - 1 of M).

    Returns (config, {new eval id: original id}, [original ids left out for having too few references]).
    """
    from ..inputs.config import EvalConfig

    evaluations, origin, left_out = [], {}, []
    for n, ev in enumerate(config.evaluations):
        size = (len(ev.model_ids) - 1) if k is None else k
        if size < 1 or size > len(ev.model_ids):
            left_out.append(ev.eval_id)
            continue
        for j, subset in enumerate(combinations(range(len(ev.model_ids)), size)):
            new_id = f"{n}:{j}"
            origin[new_id] = ev.eval_id
            evaluations.append(replace(ev, eval_id=new_id, model_ids=[ev.model_ids[i] for i in subset]))
    return EvalConfig(evaluations, list(config.peer_ids)), origin, left_out


def _averaged(run: Run, origin: Mapping[str, str]) -> Run:
    """Per original evaluation, the mean of its subsets' scores (the run's averages are dropped)."""
    entries = []
    for e in run.entries:
        groups: Dict[str, List[int]] = {}
        for k, eid in enumerate(e.eval_ids):
            groups.setdefault(origin[eid], []).append(k)
        ids = tuple(groups)
        entries.append(SystemMetric(
            e.system, e.metric, None, None, ids,
            {m: np.array([e.scores[m][groups[i]].mean() for i in ids]) for m in MEASURES},
            {c: np.array([e.counts[c][groups[i]].mean() for i in ids]) for c in e.counts},
        ))
    return Run(entries, run.settings, run.warnings)


def rerun_variants(
    config,
    options,
    systems: Optional[Sequence[str]] = None,
    stem: Sequence[bool] = (),
    stopwords: Sequence[bool] = (),
    references: Sequence[Union[int, str]] = (),
    data_dir: Optional[str] = None,
    source=None,
) -> Tuple[Dict[str, Run], List[str]]:
    """Score ``config`` once per variant (stemming and stopword removal on/off, each number of
    references k over all k-subsets, or ``"jackknife"``) through the API; returns ({label: Run}, notes).

    Empty ``stem``/``stopwords`` keep the options' setting; empty ``references`` uses all references.
    """
    from .. import __version__
    from ..api import iter_results
    from ..output.report import result_document

    systems = list(systems) if systems is not None else sorted(config.peer_ids)
    stems = list(stem) or [options.stem]
    stops = list(stopwords) or [options.remove_stopwords]
    refs: List[Union[int, str, None]] = list(references) or [None]  # None: all references
    runs: Dict[str, Run] = {}
    notes: List[str] = []
    for st in stems:
        for sw in stops:
            # Only per-evaluation scores are used: one bootstrap resample is enough for the averages.
            opts = replace(options, stem=st, remove_stopwords=sw, per_eval=False, verbose=False, resamples="1")
            for k in refs:
                parts = []
                if len(stems) > 1 or stem:
                    parts.append("-m" if st else "no -m")
                if len(stops) > 1 or stopwords:
                    parts.append("-s" if sw else "no -s")
                if k is not None:
                    parts.append("jackknife" if k == "jackknife" else f"{k} ref" + ("s" if k != 1 else ""))
                label = ", ".join(parts) or "-"
                if k is None:
                    cfg, origin, left_out = config, None, []
                else:
                    cfg, origin, left_out = _subset_config(config, None if k == "jackknife" else int(k))
                    if left_out:
                        notes.append(f"{label}: documents with too few references left out: {', '.join(left_out)}")
                    if not cfg.evaluations:
                        raise RougeError(f"{label}: no evaluation has enough references")
                warnings: List[str] = []
                results = list(iter_results(cfg, opts, systems, data_dir=data_dir, source=source,
                                            warn=warnings.append))
                run = from_document(result_document(results, opts, warnings, True, __version__))
                runs[label] = _averaged(run, origin) if origin is not None else run
    return runs, notes
