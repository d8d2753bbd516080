"""Every variant, condition and reference setting of a grid from one scoring of each (summary, single
reference) pair per condition.

ROUGE-1.5.5.pl scores a summary against each model on its own and then combines the models' counts:
``-f A`` sums hits, model counts and peer counts over the models, ``-f B`` keeps the first best model's
(its ``compute*Score`` loops; :func:`rouge155.metrics.formulas.combine`). So the counts of every
(summary, reference) pair, scored once through :func:`rouge155.api.iter_results` on a config with one
evaluation per (document, reference), give the scores of any subset of references: all of them, each
M-1 subset (jackknife), one reference, every k-subset. Each text is read once (the inputs are held in
memory) and tokenised once per scoring pass, instead of once per subset of references.

Scores are the unrounded ones (``rouge155 --format json --precise``, what ``rouge155-correlate --config``
correlates): recall and precision from the combined counts, F from those.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..analysis.results import MEASURES
from ..api import iter_results
from ..base.errors import RougeError
from ..base.options import Options
from ..inputs.config import EvalConfig, Evaluation
from ..metrics.formulas import HIT, MODEL_COUNT, PEER_COUNT, RECALL, f_score_many
from .grid import Condition, ReferenceSetting, Variant, scoring_passes
from .judged import Judged

_COUNTS = ("hit", "model_count", "peer_count", "score")


@dataclass
class PairCounts:
    """One condition's counts per variant: (peers, documents, references) arrays, NaN where no pair
    was scored (a reference beyond a document's last, a human peer against its own reference)."""

    peers: List[str]
    documents: List[str]
    n_refs: np.ndarray
    counts: Dict[str, Dict[str, np.ndarray]] = field(default_factory=dict)  # tag -> hit/model_count/...


@dataclass
class PairLayout:
    """The evaluation of each (document, reference): its config and each evaluation's slot."""

    config: EvalConfig
    slots: Dict[str, Tuple[int, int]]
    peers: List[str]
    documents: List[str]
    n_refs: np.ndarray


def pair_layout(judged: Judged, humans_as_peers: bool) -> PairLayout:
    """One evaluation per (document, reference k), the systems as peers and, with ``humans_as_peers``,
    every other reference too (named by its model ID): a peer named like one of the document's models
    is that human, never scored against its own reference."""
    by_id = {ev.eval_id: ev for ev in judged.config.evaluations}
    systems = list(judged.human.systems)
    peers = list(systems)
    evaluations, slots = [], {}
    n_refs = []
    for i, doc in enumerate(judged.human.documents):
        ev = by_id[doc]
        models = ev.model_paths()
        n_refs.append(len(models))
        if humans_as_peers:
            peers.extend(mid for mid, _ in models if mid not in peers)
        for k, (mid, path) in enumerate(models):
            peer_paths = {s: ev.peer_path(s) for s in systems if s in ev.peers and not (humans_as_peers and s == mid)}
            if humans_as_peers:
                for other, other_path in models:
                    if other != mid and other not in peer_paths and other not in systems:
                        peer_paths[other] = other_path
            eval_id = f"{i}/{k}"
            slots[eval_id] = (i, k)
            evaluations.append(Evaluation(eval_id=eval_id, input_format=ev.input_format, peers=peer_paths,
                                          models={mid: path}, model_ids=[mid], from_file_list=True))
    return PairLayout(EvalConfig(evaluations=evaluations, peer_ids=list(peers)), slots, peers,
                      list(judged.human.documents), np.array(n_refs, dtype=np.int64))


def score_condition(layout: PairLayout, judged: Judged, condition: Condition, variants: Sequence[Variant],
                    data_dir: Optional[str] = None, progress: Optional[Callable[[int], None]] = None) -> PairCounts:
    """Every (peer, document, reference) pair's counts for every variant under one condition."""
    shape = (len(layout.peers), len(layout.documents), int(layout.n_refs.max(initial=1)))
    wanted = {v.tag: v for v in variants}
    out = PairCounts(layout.peers, layout.documents, layout.n_refs)
    peer_index = {p: j for j, p in enumerate(layout.peers)}
    for options in scoring_passes(variants, condition.options):
        done = [0]

        def step(n: int, done: List[int] = done) -> None:  # this pass's count
            done[0] += n
            if progress:
                progress(n)

        for result in iter_results(layout.config, options, layout.peers, data_dir=data_dir, source=judged.source,
                                   progress=step):
            variant = wanted.get(result.metric)
            if variant is None:
                continue
            arrays = out.counts.setdefault(result.metric, {k: np.full(shape, np.nan) for k in _COUNTS})
            rows = result.counts
            cut = len(result.system) + 1
            docs, refs = zip(*(layout.slots[key[:-cut]] for key in result.keys)) if result.keys else ((), ())
            at = (peer_index[result.system], list(docs), list(refs))
            arrays["hit"][at] = rows[:, HIT]
            arrays["model_count"][at] = rows[:, MODEL_COUNT]
            arrays["peer_count"][at] = rows[:, PEER_COUNT]
            arrays["score"][at] = _best_model_score(rows, variant.kind)
        if progress and done[0] < len(layout.config.evaluations):  # small runs report no progress
            progress(len(layout.config.evaluations) - done[0])
    return out


def _best_model_score(rows: np.ndarray, kind: str) -> np.ndarray:
    """What ``-f B`` compares for one model: the rounded recall (N, S), the unrounded one (L)."""
    if kind == "L":
        mc = rows[:, MODEL_COUNT]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(mc > 0, rows[:, HIT] / np.where(mc > 0, mc, 1), 0.0)
    return rows[:, RECALL]


def subsets_for(setting: ReferenceSetting, m: int) -> List[Tuple[int, ...]]:
    """The reference subsets a setting averages over for a document with ``m`` references (none: the
    document has too few)."""
    if setting.kind == "all":
        return [tuple(range(m))]
    if setting.kind == "single":
        return [(setting.k - 1,)] if setting.k <= m else []
    size = m - 1 if setting.kind == "jackknife" else setting.k
    if size < 1 or size > m:
        return []
    return list(combinations(range(m), size))


def precise_scores(hit: np.ndarray, model_count: np.ndarray, peer_count: np.ndarray, variant: Variant,
                   alpha: float) -> Dict[str, np.ndarray]:
    """Recall, precision and F from combined counts, unrounded, as ``rouge155 --precise`` writes them."""
    weight = variant.weight if variant.kind == "W" else None

    def ratio(count):
        with np.errstate(divide="ignore", invalid="ignore"):
            r = hit / np.where(count != 0, count, 1)
            if weight:
                r = r ** (1 / weight)  # metrics.formulas.w_ratio
        return np.where(count != 0, r, np.where(np.isnan(count), np.nan, 0.0))

    recall, precision = ratio(model_count), ratio(peer_count)
    with np.errstate(invalid="ignore"):
        undefined = np.isnan((1 - alpha) * precision + alpha * recall)  # no pair scored: no score
    f = np.where(undefined, np.nan, f_score_many(precision, recall, alpha))
    return {"recall": recall, "precision": precision, "f_score": f}


def _combined(arrays: Dict[str, np.ndarray], subset: Tuple[int, ...], formula: str
              ) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Counts of a subset of references per (peer, document): sums in the models' order (-f A), or the
    first best model's (-f B)."""
    if formula == "B":
        scores = arrays["score"][:, :, list(subset)]
        pick = np.array(subset)[np.argmax(np.where(np.isnan(scores), -np.inf, scores), axis=2)]
        undefined = np.isnan(scores).any(axis=2)
        hit, model_count, peer_count = (
            np.where(undefined, np.nan, np.take_along_axis(arrays[k], pick[:, :, None], axis=2)[:, :, 0])
            for k in ("hit", "model_count", "peer_count"))
        return hit, model_count, peer_count
    totals = []
    for k in ("hit", "model_count", "peer_count"):
        acc = arrays[k][:, :, subset[0]].copy()
        for j in subset[1:]:
            acc = acc + arrays[k][:, :, j]
        totals.append(acc)
    return totals[0], totals[1], totals[2]


def setting_scores(pairs: PairCounts, setting: ReferenceSetting, variant: Variant, options: Options
                   ) -> Dict[str, np.ndarray]:
    """Per measure, peers x documents: each document's score under the setting, the mean over its
    subsets (rouge155-correlate's --references), NaN where the setting has no subset for it."""
    arrays = pairs.counts[variant.tag]
    formula = options.score_formula or "A"
    alpha = options.alpha_num
    out = {m: np.full((len(pairs.peers), len(pairs.documents)), np.nan) for m in MEASURES}
    for m_refs in np.unique(pairs.n_refs).tolist():
        docs = np.flatnonzero(pairs.n_refs == m_refs)
        subsets = subsets_for(setting, m_refs)
        if not subsets:
            continue
        group = {k: v[:, docs, :] for k, v in arrays.items()}
        per_subset = [precise_scores(*_combined(group, s, formula), variant, alpha) for s in subsets]
        for measure in MEASURES:
            if len(per_subset) == 1:
                out[measure][:, docs] = per_subset[0][measure]
                continue
            stacked = np.stack([s[measure] for s in per_subset], axis=2)
            defined = ~np.isnan(stacked)
            count = defined.sum(axis=2)
            with np.errstate(invalid="ignore"):
                mean = np.where(count == len(subsets), stacked.mean(axis=2),
                                np.where(defined, stacked, 0.0).sum(axis=2) / count)
            out[measure][:, docs] = mean
    return out


def require_complete(matrix: np.ndarray, pairs: PairCounts, systems: Sequence[str], setting: ReferenceSetting,
                     condition: Condition) -> None:
    """Every judged system has a score on every document under the setting (else one clear line)."""
    rows = [pairs.peers.index(s) for s in systems]
    missing = np.argwhere(np.isnan(matrix[rows]))
    if missing.size:
        j = int(missing[0][1])
        raise RougeError(f"reference setting {setting.label} ({condition.label}): document {pairs.documents[j]} has "
                         f"{int(pairs.n_refs[j])} reference(s), too few for it")
