"""ROUGE variants for :mod:`.correlate`, scored again through the API: stemming and stopword removal on
or off, and the number of references (every k-subset of an evaluation's references, scores averaged
per evaluation, or the jackknife's M - 1 of M). One :class:`~.results.Run` per variant.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from math import comb
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ..base.budget import refuse_beyond
from ..base.errors import RougeError
from .results import MEASURES, Run, SystemMetric, from_document


MAX_REFERENCE_SUBSETS = 10_000  # subsets of one document's references averaged (every k-subset of M)


def check_subsets(option: str, references: int, size: int) -> None:
    """Every ``size``-subset of ``references`` references is scored and averaged: refused beyond
    :data:`MAX_REFERENCE_SUBSETS` (15 of 30 are 155 million subsets), before any is made."""
    refuse_beyond(f"{option}: the number of {size}-subsets of a document's {references} references",
                  comb(references, size), MAX_REFERENCE_SUBSETS,
                  f"give a k near 1 or near {references} (or jackknife)")


def _own_models(ev) -> Dict[str, set]:
    """Per peer of an evaluation, the positions of the models that are its own text (the same file):
    a human summary judged as a peer, whose text is also one of the references."""
    import os.path

    models = [os.path.normpath(path) for _mid, path in ev.model_paths()]
    own: Dict[str, set] = {}
    for pid in ev.peers:
        path = os.path.normpath(ev.peer_path(pid))
        hits = {i for i, m in enumerate(models) if m == path}
        if hits:
            own[pid] = hits
    return own


def _subset_config(config, k: Optional[int]):
    """Every evaluation once per subset of k of its references (k None: jackknife, M - 1 of M).

    Returns (config, {new eval id: original id}, [original ids left out for having too few references],
    {new eval id: the peers whose own text is among that subset's references}).
    """
    from ..inputs.config import EvalConfig

    evaluations, origin, left_out, with_own = [], {}, [], {}
    for n, ev in enumerate(config.evaluations):
        size = (len(ev.model_ids) - 1) if k is None else k
        if size < 1 or size > len(ev.model_ids):
            left_out.append(ev.eval_id)
            continue
        check_subsets("--references " + ("jackknife" if k is None else str(k)), len(ev.model_ids), size)
        own = _own_models(ev)
        for j, subset in enumerate(combinations(range(len(ev.model_ids)), size)):
            new_id = f"{n}:{j}"
            origin[new_id] = ev.eval_id
            with_own[new_id] = {pid for pid, hits in own.items() if hits.intersection(subset)}
            evaluations.append(replace(ev, eval_id=new_id, model_ids=[ev.model_ids[i] for i in subset]))
    return EvalConfig(evaluations, list(config.peer_ids)), origin, left_out, with_own


def _averaged(run: Run, origin: Mapping[str, str], with_own: Mapping[str, set]) -> Run:
    """Per original evaluation, the mean of its subsets' scores (the run's averages are dropped). A peer
    whose own text is a reference (a human judged as a peer) is averaged over the subsets without it
    only: the release's procedure, each human against the other M - 1 (where every subset holds its
    text, as with k = M, all of them)."""
    entries = []
    for e in run.entries:
        groups: Dict[str, List[int]] = {}
        others: Dict[str, List[int]] = {}
        for k, eid in enumerate(e.eval_ids):
            groups.setdefault(origin[eid], []).append(k)
            if e.system not in with_own.get(eid, ()):
                others.setdefault(origin[eid], []).append(k)
        ids = tuple(groups)
        rows = {i: others.get(i) or groups[i] for i in ids}
        entries.append(SystemMetric(
            e.system, e.metric, None, None, ids,
            {m: np.array([e.scores[m][rows[i]].mean() for i in ids]) for m in MEASURES},
            {c: np.array([e.counts[c][rows[i]].mean() for i in ids]) for c in e.counts},
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
                    cfg, origin, left_out, with_own = config, None, [], {}
                else:
                    cfg, origin, left_out, with_own = _subset_config(config, None if k == "jackknife" else int(k))
                    if left_out:
                        notes.append(f"{label}: documents with too few references left out: {', '.join(left_out)}")
                    humans = sorted({pid for peers in with_own.values() for pid in peers})
                    if humans:
                        notes.append(f"{label}: scored against the references other than their own text: "
                                     f"{', '.join(humans)}")
                    if not cfg.evaluations:
                        raise RougeError(f"{label}: no evaluation has enough references")
                warnings: List[str] = []
                results = list(iter_results(cfg, opts, systems, data_dir=data_dir, source=source,
                                            warn=warnings.append))
                run = from_document(result_document(results, opts, warnings, True, __version__))
                runs[label] = _averaged(run, origin, with_own) if origin is not None else run
    return runs, notes
