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
from itertools import combinations, islice
from math import comb
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple

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


def _longest_text(layout: PairLayout, judged: Judged) -> int:
    """The longest text's bytes: no text has more tokens, so ROUGE-N of a higher order has no n-gram
    anywhere (zero counts, never computed: ``--variant ROUGE-99999999999999999999`` costs nothing)."""
    return max(1, max((judged.source.size(path) for ev in layout.config.evaluations
                       for path in [p for _m, p in ev.model_paths()] + [ev.peer_path(q) for q in ev.peers]),
                      default=1))


def score_condition(layout: PairLayout, judged: Judged, condition: Condition, variants: Sequence[Variant],
                    data_dir: Optional[str] = None, progress: Optional[Callable[[int], None]] = None) -> PairCounts:
    """Every (peer, document, reference) pair's counts for every variant under one condition."""
    shape = (len(layout.peers), len(layout.documents), int(layout.n_refs.max(initial=1)))
    longest = _longest_text(layout, judged)
    beyond = [v for v in variants if v.kind == "N" and v.n > longest]
    computed = [v for v in variants if v not in beyond]
    if beyond:
        computed.append(Variant(f"ROUGE-{longest}", "N", n=longest))
    wanted = {v.tag: v for v in computed}
    out = PairCounts(layout.peers, layout.documents, layout.n_refs)
    peer_index = {p: j for j, p in enumerate(layout.peers)}
    for options in scoring_passes(computed, condition.options):
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
    if beyond:
        pattern = out.counts[f"ROUGE-{longest}"]["hit"]
        for v in beyond:
            out.counts[v.tag] = {k: np.where(np.isnan(pattern), np.nan, 0.0) for k in _COUNTS}
        if all(v.tag != f"ROUGE-{longest}" for v in variants):
            del out.counts[f"ROUGE-{longest}"]
    return out


def _best_model_score(rows: np.ndarray, kind: str) -> np.ndarray:
    """What ``-f B`` compares for one model: the rounded recall (N, S), the unrounded one (L)."""
    if kind == "L":
        mc = rows[:, MODEL_COUNT]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(mc > 0, rows[:, HIT] / np.where(mc > 0, mc, 1), 0.0)
    return rows[:, RECALL]


def subset_size(setting: ReferenceSetting, m: int) -> int:
    """How many references each subset of a setting holds for a document with ``m`` references (0: the
    document has too few for it)."""
    if setting.kind == "all":
        return m
    if setting.kind == "single":
        return 1 if setting.k <= m else 0
    size = m - 1 if setting.kind == "jackknife" else setting.k
    return size if 1 <= size <= m else 0


def subset_count(setting: ReferenceSetting, m: int) -> int:
    """How many reference subsets a setting averages over for a document with ``m`` references."""
    size = subset_size(setting, m)
    if not size:
        return 0
    return 1 if setting.kind in ("all", "single") else comb(m, size)


def subsets_for(setting: ReferenceSetting, m: int) -> Iterator[Tuple[int, ...]]:
    """The reference subsets a setting averages over for a document with ``m`` references (none: the
    document has too few), in order, one at a time."""
    size = subset_size(setting, m)
    if not size:
        return iter(())
    if setting.kind == "single":
        return iter([(setting.k - 1,)])
    return combinations(range(m), size)


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


def _combined(arrays: Dict[str, np.ndarray], subsets: np.ndarray, formula: str
              ) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Counts of reference subsets (rows of ``subsets``) per (peer, document), as (peers, documents,
    subsets) arrays: sums in the models' order (-f A), or the first best model's (-f B)."""
    if formula == "B":
        scores = arrays["score"][:, :, subsets]  # (peers, documents, subsets, size)
        best = np.argmax(np.where(np.isnan(scores), -np.inf, scores), axis=3)
        pick = subsets[np.arange(len(subsets))[None, None, :], best]  # the model each picks
        undefined = np.isnan(scores).any(axis=3)
        hit, model_count, peer_count = (np.where(undefined, np.nan, np.take_along_axis(arrays[k], pick, axis=2))
                                        for k in ("hit", "model_count", "peer_count"))
        return hit, model_count, peer_count
    totals = []
    for k in ("hit", "model_count", "peer_count"):
        acc = arrays[k][:, :, subsets[:, 0]]
        for j in range(1, subsets.shape[1]):
            acc = acc + arrays[k][:, :, subsets[:, j]]
        totals.append(acc)
    return totals[0], totals[1], totals[2]


_CHUNK_CELLS = 1 << 22  # (peer, document, subset) cells scored at once: memory stays flat for any k


def _mean_defined(stacked: np.ndarray) -> np.ndarray:
    """(peers, documents, subsets) -> the mean over the subsets where a score is defined."""
    stacked = np.ascontiguousarray(stacked)
    defined = ~np.isnan(stacked)
    count = defined.sum(axis=2)
    with np.errstate(invalid="ignore"):
        return np.where(count == stacked.shape[2], stacked.mean(axis=2),
                        np.where(defined, stacked, 0.0).sum(axis=2) / count)


def _subset_means(group: Dict[str, np.ndarray], subsets: Iterator[Tuple[int, ...]], count: int, formula: str,
                  variant: Variant, alpha: float) -> Dict[str, np.ndarray]:
    """Per measure, (peers, documents): the mean of each subset's score over the subsets where it is
    defined, a chunk of subsets at a time (one chunk below a few million cells: numpy's mean of all)."""
    peers, docs = group["hit"].shape[:2]
    chunk = max(1, min(count, _CHUNK_CELLS // max(1, peers * docs)))
    total = {m: np.zeros((peers, docs)) for m in MEASURES}
    defined = {m: np.zeros((peers, docs), dtype=np.int64) for m in MEASURES}
    while True:
        rows = list(islice(subsets, chunk))
        if not rows:
            break
        scores = precise_scores(*_combined(group, np.array(rows, dtype=np.intp), formula), variant, alpha)
        if len(rows) == count:
            return {m: _mean_defined(scores[m]) for m in MEASURES}
        for measure in MEASURES:
            ok = ~np.isnan(scores[measure])
            total[measure] += np.where(ok, scores[measure], 0.0).sum(axis=2)
            defined[measure] += ok.sum(axis=2)
    with np.errstate(invalid="ignore", divide="ignore"):
        return {m: np.where(defined[m] > 0, total[m] / np.maximum(defined[m], 1), np.nan) for m in MEASURES}


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
        count = subset_count(setting, m_refs)
        if not count:
            continue
        group = {k: v[:, docs, :] for k, v in arrays.items()}
        means = _subset_means(group, subsets_for(setting, m_refs), count, formula, variant, alpha)
        for measure in MEASURES:
            out[measure][:, docs] = means[measure]
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
